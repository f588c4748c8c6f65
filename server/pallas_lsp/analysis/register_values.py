"""The values of register arrays that reductions and ``plgpu.load`` make: their shape and
dtype as JAX types them, for the rules that compare what is stored with the ref (PAL026).

Reductions (``jnp.sum`` / ``prod`` / ``max`` / ``min`` / ``amax`` / ``amin`` / ``mean`` /
``argmax`` / ``argmin`` and jax.Array's methods of those names): the operand's shape less the
reduced axes (kept as 1 with ``keepdims=True``); the dtype by JAX's rules with x64 off,
measured with ``jax.eval_shape`` on 0.8.3 and 0.12.0.1 (identical): max / min keep the dtype;
sum / prod keep floats and widen bool and narrower integers to int32 (unsigned: uint32); mean
makes integers and bool float32; argmax / argmin give int32. Every result is strongly typed,
a weakly typed operand's too. With x64 on or not known, an integer result is left unknown
(its default width changes).

``plgpu.load(ref, idx, layout=...)`` (before 0.11) / ``plgpu.load(ref, layout=...)``: the
ref's dtype, strongly typed, in the shape the index leaves; its register layout is left to
the rules that read the call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import layouts, ref_facts
from .arrays import array_dtype
from .dtypes import COMPLEX, FLOATS
from .values import MISSING, UNKNOWN, ArrayVal, Const, DtypeVal, RefVal

if TYPE_CHECKING:
    from .jax_calls import Call, Handler

# What each reduction makes of its operand's dtype (x64 off).
_SAME = "same"  # max, min: the operand's
_WIDENED = "widened"  # sum, prod: floats kept, narrow integers and bool widened
_FLOAT = "float"  # mean: integers and bool become float32
_INDEX = "index"  # argmax, argmin: int32
_KINDS = {"sum": _WIDENED, "prod": _WIDENED, "max": _SAME, "min": _SAME, "amax": _SAME,
          "amin": _SAME, "mean": _FLOAT, "argmax": _INDEX, "argmin": _INDEX}
# The reductions that take a dtype= (third positionally, after axis).
_TAKES_DTYPE = frozenset({"sum", "prod", "mean"})
# Keywords that leave the result's shape and dtype as described (where= masks, initial=
# seeds the reduction); any other (out=, promote_integers=) leaves it unknown.
_NEUTRAL = frozenset({"axis", "keepdims", "dtype", "where", "initial"})
_WIDENED_TO = {"bool": "int32", "int8": "int32", "int16": "int32", "int32": "int32",
               "uint8": "uint32", "uint16": "uint32", "uint32": "uint32"}
# Methods of jax.Array that are these reductions (arrays._array_attribute binds them).
METHODS = tuple(_KINDS.keys() - {"amax", "amin"})


def _reduced_shape(shape: object, axis: object, keepdims: bool) -> object:
    """The operand's shape less the reduced axes; unknown where the axis is not a valid one."""
    if not isinstance(shape, Const) or not isinstance(shape.value, tuple):
        return UNKNOWN
    dims = shape.value
    if axis is MISSING or (isinstance(axis, Const) and axis.value is None):
        axes = set(range(len(dims)))
    else:
        raw = axis.value if isinstance(axis, Const) else None
        items = raw if isinstance(raw, tuple) else (raw,)
        if not items or not all(type(item) is int and -len(dims) <= item < len(dims) for item in items):
            return UNKNOWN
        axes = {item % len(dims) for item in items}  # type: ignore[operator]
        if len(axes) != len(items):
            return UNKNOWN  # a repeated axis: JAX refuses it
    if keepdims:
        return Const(tuple(1 if i in axes else dim for i, dim in enumerate(dims)))
    return Const(tuple(dim for i, dim in enumerate(dims) if i not in axes))


def _reduced_dtype(kind: str, dtype: object, x64: bool | None) -> object:
    if not isinstance(dtype, DtypeVal):
        return UNKNOWN
    name = dtype.name
    if kind == _SAME:
        return dtype
    if kind == _INDEX:
        return DtypeVal("int32") if x64 is False else UNKNOWN
    if name in FLOATS or name in COMPLEX:
        return dtype
    if x64 is not False:
        return UNKNOWN
    if kind == _FLOAT:
        return DtypeVal("float32")
    widened = _WIDENED_TO.get(name)
    return DtypeVal(widened) if widened is not None else UNKNOWN


def _reduction(call: Call) -> object:
    """``jnp.sum(x, axis=1)`` / ``x.sum(axis=1)``: an array of the reduced shape and dtype."""
    kind_name = call.name.rsplit(".", 1)[-1]
    kind = _KINDS[kind_name]
    takes_dtype = kind_name in _TAKES_DTYPE
    if len(call.args) > (3 if takes_dtype else 2) or not set(call.kwargs) <= _NEUTRAL \
            or (not takes_dtype and "dtype" in call.kwargs):
        return UNKNOWN
    x = call.arg(0, "a")
    if not isinstance(x, ArrayVal) or isinstance(x, RefVal):
        return UNKNOWN
    keepdims = call.kwargs.get("keepdims", MISSING)
    if keepdims is not MISSING and not (isinstance(keepdims, Const) and type(keepdims.value) is bool):
        return UNKNOWN
    shape = _reduced_shape(x.shape, call.arg(1, "axis"), keepdims is not MISSING and keepdims.value)  # type: ignore[union-attr]
    wanted = call.arg(2, "dtype") if takes_dtype else MISSING
    if wanted is MISSING or (isinstance(wanted, Const) and wanted.value is None):
        dtype = _reduced_dtype(kind, x.dtype, call.tracer.x64)
    else:
        dtype = array_dtype(wanted, call.tracer.x64)
    return ArrayVal(shape, dtype, UNKNOWN, strong=True)


def _plgpu_load(call: Call) -> object:
    """``plgpu.load(ref, idx, ...)`` (an index before 0.11; none from 0.11: the whole ref)."""
    ref = call.arg(0, "src")
    if not isinstance(ref, RefVal) or len(call.args) > 2:
        return UNKNOWN
    return plgpu_load(ref, call.arg(1, "idx"), call.arg(None, "layout"))


def plgpu_load(ref: RefVal, index: object, layout: object = MISSING) -> ArrayVal:
    """What ``plgpu.load`` of ``ref`` at ``index`` (MISSING: none) gives: in the register
    layout asked for (layouts.CAST_LAYOUTS: WG_STRIDED is strided, WGMMA tiled), else not
    known."""
    register = layouts.CAST_LAYOUTS.get(layouts.layout_name(layout) or "", UNKNOWN)
    if index is MISSING or (isinstance(index, Const) and index.value in ((), Ellipsis)):
        return ArrayVal(ref.shape, ref.dtype, register, strong=True)
    dims = ref_facts.index_dims(ref.shape, index)
    shape = ref_facts.indexed_shape(ref.shape, dims) if dims is not None else UNKNOWN
    return ArrayVal(shape, ref.dtype, register, strong=True)


def _barrier_test(call: Call) -> object:
    """``plgpu.barrier_test(barrier)``: whether the barrier's phase completed, a bool scalar
    (its abstract eval: ``ShapedArray((), bool)``, 0.10.2 to 0.12.0.1)."""
    return ArrayVal(Const(()), DtypeVal("bool"), UNKNOWN, strong=True)


HANDLERS: dict[str, Handler] = {
    **{f"jnp.{name}": _reduction for name in _KINDS},
    **{f"jax.Array.{name}": _reduction for name in METHODS},
    "plgpu.load": _plgpu_load,
    "plgpu.barrier_test": _barrier_test,
}
