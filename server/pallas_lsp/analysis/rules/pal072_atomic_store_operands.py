"""PAL072 atomic_store_operands: ``plgpu.atomic_add`` / ``atomic_max`` / ``atomic_min`` /
``atomic_and`` / ``atomic_or`` / ``atomic_xor`` with a value that does not fit the ref, or of an
element type whose atomic Mosaic GPU has no instruction for.

Two checks, at two moments (measured: docs/measurements/atomic-stores.md):
- while the kernel is traced (``_atomic_store_abstract_eval``, jax/_src/pallas/mosaic_gpu/
  primitives.py): the value's shape and dtype must be the ref's after its view, exactly. Unlike
  ``ref[...] = value`` (PAL026) nothing is cast, broadcast or sliced: a Python scalar, a weakly
  typed value and an int16 value for an int32 ref are all refused.
- while it is lowered (``FragmentedArray._store_register_atomic``, jax/experimental/mosaic/gpu/
  fragmented_array.py), by the ref's element type: float32 adds only; float16 / bfloat16 add,
  min and max, and into shared memory add only (0.10.0 on); int32 / uint32 every op; 8- and
  16-bit integers none; a splat value (``jnp.ones`` / ``jnp.full`` of a scalar) none either
  ("Atomic stores not supported for splat layout"). The same under Lane and Warpgroup.
The ops exist from JAX 0.9.2; on an older release their name is PAL009's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..layouts import RegisterLayout
from ..model import Finding, Fix, Options
from ..program import Program
from ..trace import Op
from ..values import ArrayVal, Const, DtypeVal, RefVal
from ..versions import ATOMIC_STORES, SMEM_HALF_ATOMICS_ADD_ONLY, holds
from .base import LoweringError, Rule
from .common import cast_fix, first_refusal_per_launch

RULE = Rule(
    code="PAL072",
    name="atomic_store_operands",
    title="an atomic store needs a value of the ref's shape and dtype, and an op its dtype has",
    jax_message=("ValueError: Invalid dtype for `swap`. Ref dtype: float16. Value dtype: float32.\n"
                 "NotImplementedError: f32 only supports add atomics, got max"),
    lowering_errors=(
        # Mosaic GPU's atomic_store check (each pattern also reads the raise site's template,
        # `{...}` for a value, so that the raise-site table counts the site as predicted). Its
        # shape message ends at the value (the state primitive's, PAL026's, has an "Expected
        # shape" between); its dtype message is the state primitive's word for word, so a
        # lowering error of that text is PAL026's and this rule's, and the finding on the
        # line says which (classify.classes_of).
        LoweringError(r"^Invalid shape for `swap`\. Ref shape: (?:\([^)]*\)|\{ref\.shape\})\. "
                      r"Value shape: (?:\([^)]*\)|\{val\.shape\})\.$", "ValueError",
                      sites=r"mosaic_gpu/primitives\.py:_atomic_store_abstract_eval$"),
        LoweringError(r"^Invalid dtype for `swap`\. Ref dtype: (?:\w+|\{ref\.dtype\})\. "
                      r"Value dtype: (?:\w+|\{val\.dtype\})\.$", "ValueError",
                      sites=r"mosaic_gpu/primitives\.py:_atomic_store_abstract_eval$"),
        LoweringError(r"^f32 only supports add atomics, got (?:\w+|\{atomic\})$", "NotImplementedError"),
        LoweringError(r"^f16/bf16 only supports add, min, max atomics, got (?:\w+|\{atomic\})$",
                      "NotImplementedError"),
        LoweringError(r"^f16/bf16 SMEM/multimem atomics only support add, got (?:\w+|\{atomic\})$",
                      "NotImplementedError"),
        LoweringError(r"^Unsupported element type for atomic stores: (?:i(?:8|16)|\{element_type\})$",
                      "NotImplementedError"),
        LoweringError(r"^Atomic stores not supported for splat layout$", "NotImplementedError"),
    ),
    what_it_means=(
        "`plgpu.atomic_add(ref, value)` (and `atomic_max`, `atomic_min`, `atomic_and`, `atomic_or`, "
        "`atomic_xor`) combines `value` into `ref` element by element, atomically. JAX checks the "
        "operands exactly: the value must have the shape and dtype of the ref (after any `.at[...]` "
        "view), with no broadcast and no cast. Mosaic GPU then has atomic instructions for some "
        "element types and ops only: float32 adds; float16 and bfloat16 add, take the max or the "
        "min in global memory and only add in shared memory; int32 and uint32 do every op; 8- and "
        "16-bit integers have none."
    ),
    when_it_happens=(
        "A shape or dtype that differs is refused while the kernel is traced (\"Invalid shape / "
        "dtype for `swap`\"), on the call's line, on every release that has the ops (0.9.2 on). An "
        "op the element type has no instruction for is refused while the kernel is lowered, under "
        "Lane and Warpgroup semantics alike (\"f32 only supports add atomics, got max\", "
        "\"Unsupported element type for atomic stores: i16\"); the shared-memory float16 check from "
        "0.10.0."
    ),
    how_to_fix=(
        "Pass a value of the ref's shape (index the ref with `.at[...]` to the part the value "
        "covers) and dtype (`.astype(ref.dtype)`). For an op the dtype lacks, reduce in a dtype that "
        "has it (an int32 or uint32 buffer for max / min / bitwise ops), or use `atomic_add`."
    ),
    bad_example='''
def kernel(x_ref, o_ref):             # o_ref: float32
    plgpu.atomic_max(o_ref, x_ref[...])
''',
    good_example='''
def kernel(x_ref, o_ref):             # o_ref: int32
    plgpu.atomic_max(o_ref, x_ref[...])
''',
    fixable=True,
)

# The element types with no atomic instruction, as Mosaic GPU names them (signless).
_NO_ATOMICS = {"int8": "i8", "uint8": "i8", "int16": "i16", "uint16": "i16"}
_HALF = ("float16", "bfloat16")
_INTEGER_32 = ("int32", "uint32")


@dataclass(frozen=True)
class _Fault:
    op: Op
    message: str
    traced: bool  # refused while tracing (the value), not while lowering (the op)
    cast_to: str | None = None  # the ref's dtype, where a cast of the value alone fixes it


def check(program: Program, options: Options) -> Iterator[Finding]:
    if not holds(ATOMIC_STORES, program.version):
        return
    faults = [fault for op in program.ref_ops if op.name.startswith("plgpu.atomic_")
              for fault in (_fault(op, program),) if fault is not None]
    # JAX traces a whole kernel before it lowers any of it: a launch with a refused value
    # stops there, so an op refused at lowering is reached only in a kernel without one; and
    # each stops at its first refusal.
    ordered = sorted(faults, key=lambda fault: (not fault.traced, fault.op.node.lineno,
                                                fault.op.node.col_offset))
    yield from first_refusal_per_launch(program, RULE.code, ordered, lambda fault: fault.op,
                                        lambda fault: fault.message, lambda fault: _cast_fix(program, fault))


def _fault(op: Op, program: Program) -> _Fault | None:
    ref, value = op.args.get("ref"), op.args.get("val")
    if not isinstance(ref, RefVal) or not isinstance(ref.dtype, DtypeVal):
        return None
    function = op.name
    atomic = function.rsplit("_", 1)[1]
    ref_text = program.text(op.arg_nodes["ref"]) if "ref" in op.arg_nodes else "the ref"
    ref_shape = _shape(ref.shape)
    ref_dtype = ref.dtype.name
    value_shape, value_dtype = _value_facts(value)
    if ref_shape is not None and value_shape is not None and value_shape != ref_shape:
        return _Fault(op, (
            f"{function} combines a value of shape {value_shape} into {ref_text}, of shape "
            f"{ref_shape}: JAX does not broadcast or slice an atomic store's value and raises "
            f"\"Invalid shape for `swap`\". Pass a value of shape {ref_shape}, or index "
            f"{ref_text} with .at[...] to the part the value covers."), traced=True)
    if value_dtype is not None and value_dtype != ref_dtype:
        return _Fault(op, (
            f"{function} combines a {value_dtype} value into {ref_text}, a {ref_dtype} ref: JAX "
            f"does not cast an atomic store's value and raises \"Invalid dtype for `swap`\". "
            f"Cast it with .astype({ref_text}.dtype)."), traced=True, cast_to=ref_dtype)
    unsupported = _unsupported(atomic, ref_dtype, ref.space, program)
    if unsupported is not None:
        return _Fault(op, f"{function} into {ref_text}, a {ref_dtype} ref{unsupported}", traced=False)
    if isinstance(value, ArrayVal) and value.layout is RegisterLayout.SPLAT:
        value_text = program.text(op.arg_nodes["val"]) if "val" in op.arg_nodes else "the value"
        return _Fault(op, (
            f"{function} combines {value_text}, one value broadcast to the whole shape (a splat), "
            f"into {ref_text}: Mosaic GPU stores a splat only plainly, and lowering fails with "
            f"\"Atomic stores not supported for splat layout\". Combine an array loaded from a "
            f"ref or computed from one (a constant added to a load takes the load's layout)."),
            traced=False)
    return None


def _value_facts(value: object) -> tuple[tuple[int, ...] | None, str | None]:
    """The value's shape and dtype where known: an array's, a Python number's shape (). A
    weakly typed array keeps its dtype here (nothing casts it: ``jnp.full(shape, 2.0)`` is a
    float32 value for a float16 ref, measured)."""
    if isinstance(value, Const) and type(value.value) in (int, float, bool):
        return (), None
    if not isinstance(value, ArrayVal):
        return None, None
    dtype = value.dtype.name if isinstance(value.dtype, DtypeVal) else None
    return _shape(value.shape), dtype


def _shape(shape: object) -> tuple[int, ...] | None:
    return shape.value if isinstance(shape, Const) and isinstance(shape.value, tuple) else None


def _unsupported(atomic: str, dtype: str, space: object, program: Program) -> str | None:
    """Why Mosaic GPU has no atomic ``atomic`` for ``dtype`` (the rest of the message), or None."""
    if dtype == "float32" and atomic != "add":
        return (f": Mosaic GPU's float32 atomics only add, and lowering fails with \"f32 only "
                f"supports add atomics, got {atomic}\". Use plgpu.atomic_add, or keep the values "
                f"in an int32 / uint32 buffer for atomic_{atomic}.")
    if dtype in _HALF and atomic in ("and", "or", "xor"):
        return (f": Mosaic GPU's {dtype} atomics add, max and min only, and lowering fails with "
                f"\"f16/bf16 only supports add, min, max atomics, got {atomic}\". Use an int32 / "
                f"uint32 buffer for bitwise ops.")
    if dtype in _HALF and atomic != "add" and space == "SMEM" \
            and holds(SMEM_HALF_ATOMICS_ADD_ONLY, program.version):
        return (f" in shared memory: Mosaic GPU's {dtype} atomics into shared memory only add, and "
                f"lowering fails with \"f16/bf16 SMEM/multimem atomics only support add, got "
                f"{atomic}\". Use plgpu.atomic_add there, or a buffer in global memory.")
    if dtype in _NO_ATOMICS:
        return (f": Mosaic GPU has no atomic instruction for {dtype} elements, and lowering fails "
                f"with \"Unsupported element type for atomic stores: {_NO_ATOMICS[dtype]}\". Use an "
                f"int32 / uint32 buffer.")
    return None


def _cast_fix(program: Program, fault: _Fault) -> tuple[Fix, ...]:
    """Only the value's dtype is wrong: wrap it in ``.astype(<ref>.dtype)`` (a view of the ref,
    ``ref.at[...]``, has its dtype too)."""
    node, ref_node = fault.op.arg_nodes.get("val"), fault.op.arg_nodes.get("ref")
    if fault.cast_to is None or node is None or ref_node is None:
        return ()
    return (cast_fix(program, node, program.text(ref_node), fault.cast_to),)
