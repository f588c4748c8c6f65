"""Element types and reductions as Mosaic GPU's multimem lowering sees them (jax-facts.md)."""

from __future__ import annotations

# Bits per element: WG_STRIDED vec_size × bits must be one of LOAD_BITS.
DTYPE_BITS: dict[str, int] = {
    "float32": 32, "int32": 32, "uint32": 32, "float16": 16, "bfloat16": 16, "int16": 16,
    "uint16": 16, "int8": 8, "uint8": 8, "float64": 64, "int64": 64, "uint64": 64,
    "float8_e5m2": 8, "float8_e4m3fn": 8,
}
LOAD_BITS = (32, 64, 128)

FLOATS = frozenset({"float32", "float16", "bfloat16", "float64", "float8_e5m2", "float8_e4m3fn"})
INTEGERS = frozenset(name for name in DTYPE_BITS if name.startswith(("int", "uint")))
COMPLEX = frozenset({"complex64", "complex128"})
# Lane loads integers one element at a time: narrower than 32 bits cannot load.
NARROW_INTS = frozenset({"int8", "uint8", "int16", "uint16"})

# The reduction_op strings multimem_load_reduce knows (case matters).
REDUCTIONS = frozenset({"add", "min", "max", "and", "or", "xor"})
BITWISE_REDUCTIONS = frozenset({"and", "or", "xor"})

# Spellings of dtypes in jnp./np. attributes and strings -> canonical name.
DTYPE_ALIASES: dict[str, str] = {
    "float32": "float32", "f32": "float32", "float": "float32", "single": "float32",
    "float16": "float16", "f16": "float16", "half": "float16",
    "bfloat16": "bfloat16", "bf16": "bfloat16",
    "float64": "float64", "f64": "float64", "double": "float64",
    "int32": "int32", "i32": "int32", "int16": "int16", "int8": "int8", "int64": "int64",
    "uint32": "uint32", "uint16": "uint16", "uint8": "uint8", "uint64": "uint64",
    "float8_e5m2": "float8_e5m2", "float8_e4m3fn": "float8_e4m3fn", "bool_": "bool",
}
