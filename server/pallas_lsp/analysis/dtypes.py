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


# JAX's type promotion of two strongly typed arrays of different dtypes, with x64 off: the
# dtype of ``x + y`` (jnp.promote_types, then canonicalized: int32 with uint32 is int32, not
# int64). Measured with jax.eval_shape on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1, identical on
# each; tests/test_promotion.py compares it with the installed releases.
PROMOTED_X64_OFF: dict[frozenset[str], str] = {
    frozenset(("bfloat16", "complex64")): "complex64",
    frozenset(("bfloat16", "float32")): "float32",
    frozenset(("bool", "bfloat16")): "bfloat16",
    frozenset(("bool", "complex64")): "complex64",
    frozenset(("bool", "float16")): "float16",
    frozenset(("bool", "float32")): "float32",
    frozenset(("bool", "int16")): "int16",
    frozenset(("bool", "int32")): "int32",
    frozenset(("bool", "int8")): "int8",
    frozenset(("bool", "uint16")): "uint16",
    frozenset(("bool", "uint32")): "uint32",
    frozenset(("bool", "uint8")): "uint8",
    frozenset(("float16", "bfloat16")): "float32",
    frozenset(("float16", "complex64")): "complex64",
    frozenset(("float16", "float32")): "float32",
    frozenset(("float32", "complex64")): "complex64",
    frozenset(("int16", "bfloat16")): "bfloat16",
    frozenset(("int16", "complex64")): "complex64",
    frozenset(("int16", "float16")): "float16",
    frozenset(("int16", "float32")): "float32",
    frozenset(("int16", "int32")): "int32",
    frozenset(("int16", "uint16")): "int32",
    frozenset(("int16", "uint32")): "int32",
    frozenset(("int16", "uint8")): "int16",
    frozenset(("int32", "bfloat16")): "bfloat16",
    frozenset(("int32", "complex64")): "complex64",
    frozenset(("int32", "float16")): "float16",
    frozenset(("int32", "float32")): "float32",
    frozenset(("int32", "uint16")): "int32",
    frozenset(("int32", "uint32")): "int32",
    frozenset(("int32", "uint8")): "int32",
    frozenset(("int8", "bfloat16")): "bfloat16",
    frozenset(("int8", "complex64")): "complex64",
    frozenset(("int8", "float16")): "float16",
    frozenset(("int8", "float32")): "float32",
    frozenset(("int8", "int16")): "int16",
    frozenset(("int8", "int32")): "int32",
    frozenset(("int8", "uint16")): "int32",
    frozenset(("int8", "uint32")): "int32",
    frozenset(("int8", "uint8")): "int16",
    frozenset(("uint16", "bfloat16")): "bfloat16",
    frozenset(("uint16", "complex64")): "complex64",
    frozenset(("uint16", "float16")): "float16",
    frozenset(("uint16", "float32")): "float32",
    frozenset(("uint16", "uint32")): "uint32",
    frozenset(("uint32", "bfloat16")): "bfloat16",
    frozenset(("uint32", "complex64")): "complex64",
    frozenset(("uint32", "float16")): "float16",
    frozenset(("uint32", "float32")): "float32",
    frozenset(("uint8", "bfloat16")): "bfloat16",
    frozenset(("uint8", "complex64")): "complex64",
    frozenset(("uint8", "float16")): "float16",
    frozenset(("uint8", "float32")): "float32",
    frozenset(("uint8", "uint16")): "uint16",
    frozenset(("uint8", "uint32")): "uint32",
}

