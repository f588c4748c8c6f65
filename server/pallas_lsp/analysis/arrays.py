"""Arrays, refs and dtypes as values: what ``x.dtype``, ``jnp.finfo(d).bits`` or
``x_ref.at[...]`` evaluate to, so that a dtype or a width computed in ordinary code
(JAX's own ``reduce_scatter`` derives ``vec_size`` from ``jnp.finfo(x.dtype).bits``)
reaches the multimem op it decides.

Only what is sure is modelled. JAX runs with 64-bit types off unless the program
turns them on, and then ``jnp.ones(n, jnp.float64)`` is float32: a 64-bit dtype
reaching an array is left unknown. Default dtypes follow the same x64-off
reading as ``jnp.ones`` (float32, int32). A shape computed under ``shard_map``
is the shard's, which the analysis does not know: arrays keep their dtype there
and lose their shape (``Interpreter.call_wrapped``).
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import layouts, shape_index
from .dtypes import COMPLEX, DTYPE_ALIASES, DTYPE_BITS, FLOATS, INTEGERS, PROMOTED_X64_OFF
from .python import numpy_bridge
from .values import (
    MISSING,
    NUMPY_SCALAR_ORIGINS,
    UNKNOWN,
    ArrayVal,
    BarrierRefVal,
    Const,
    DtypeVal,
    ListVal,
    MeshVal,
    MulticastRefVal,
    NamespaceVal,
    PartialVal,
    QualName,
    RefVal,
    ShapeDtypeVal,
    ViewIndexer,
    plain,
    unpack,
)

if TYPE_CHECKING:
    from .jax_calls import Call

# Canonical dtype names that `dtype_of` may read from a string: numpy's own spellings
# only (np.dtype("f32") is an error, np.dtype("float") is float64).
_DTYPE_STRINGS = frozenset(DTYPE_BITS) | {"bool"}
_WIDE = frozenset({"float64", "int64", "uint64"})
# The unary functions of _SAME_FLOAT that keep a complex operand complex.
COMPLEX_OK = frozenset({"jnp.exp", "jnp.log", "jnp.sqrt", "jnp.sin", "jnp.cos", "jnp.tan", "jnp.tanh",
                         "lax.exp", "lax.log", "lax.sqrt", "lax.sin", "lax.cos", "lax.tan", "lax.tanh"})
# What JAX makes of a 64-bit dtype with x64 off (dtypes.canonicalize_dtype).
_NARROWED = {"float64": "float32", "int64": "int32", "uint64": "uint32"}
_UNSIGNED = frozenset(name for name in INTEGERS if name.startswith("u"))

# jnp.issubdtype(d, category): the dtypes each abstract category holds (jnp's own
# answers: its extended floats bfloat16 and float8 are `floating`).
_CATEGORIES: dict[str, frozenset[str]] = {
    "integer": INTEGERS,
    "signedinteger": INTEGERS - _UNSIGNED,
    "unsignedinteger": _UNSIGNED,
    "floating": FLOATS,
    "inexact": FLOATS,
    "number": INTEGERS | FLOATS,
    "generic": INTEGERS | FLOATS | {"bool"},
}
# numpy's issubdtype does not know ml_dtypes' extended floats as `floating`.
_NUMPY_UNSURE = frozenset({"bfloat16", "float8_e5m2", "float8_e4m3fn"})


def dtype_of(value: object) -> DtypeVal | None:
    """The dtype a dtype-like value names: a DtypeVal, ``jnp.float16``, ``"bfloat16"``."""
    if isinstance(value, DtypeVal):
        return value
    if isinstance(value, QualName):
        head, _, last = value.name.rpartition(".")
        if head in {"jnp", "np"} and last in DTYPE_ALIASES:
            return DtypeVal(DTYPE_ALIASES[last])
    if isinstance(value, Const) and isinstance(value.value, str) and value.value in _DTYPE_STRINGS:
        return DtypeVal(value.value)
    return None


def dtype_equality(left: object, right: object) -> bool | None:
    """``a == b`` of two dtype objects: a scalar type (``jnp.float32``, ``np.int8``) or a dtype
    (``jnp.dtype(...)``, ``x.dtype``). JAX's scalar types compare as their numpy type does, and
    numpy's type and dtype of one name are equal, so the names decide; None when a side is
    neither (a string: ``jnp.float32 == "float32"`` is False, ``x.dtype == "float32"`` True)."""
    sides = [value if isinstance(value, DtypeVal) else (
        dtype_of(value) if isinstance(value, QualName) else None) for value in (left, right)]
    if sides[0] is None or sides[1] is None:
        return None
    return sides[0].name == sides[1].name


def array_dtype(value: object, x64: bool | None = None) -> object:
    """The dtype an array made with ``dtype=value`` has; a 64-bit type is the 32-bit one when
    x64 is off (``x64`` False: JAX's default, the program not turning it on; interpreter.x64),
    itself when the program turns x64 on, unknown where it may; unknown for anything that
    names no dtype."""
    dtype = dtype_of(value)
    if dtype is None:
        return UNKNOWN
    if dtype.name in _WIDE and x64 is not True:
        return DtypeVal(_NARROWED[dtype.name]) if x64 is False else UNKNOWN
    return dtype


def _dtype_like(value: object) -> DtypeVal | None:
    """``jnp.dtype(x)`` reads an array's dtype too."""
    if isinstance(value, (ArrayVal, RefVal, ShapeDtypeVal)):
        return value.dtype if isinstance(value.dtype, DtypeVal) else None
    return dtype_of(value)


dtype_like = _dtype_like  # for the models that read a dtype as lax does (bitcasts.py)


def _shape(value: object, call: Call | None = None) -> object:
    """A shape argument as a Const tuple of ints (an int is a 1-D shape), else UNKNOWN; with
    ``call``, a tuple's entries read through ``__index__`` as JAX reads them (shape_index)."""
    if call is not None and value.__class__ is tuple:  # (a shape of constants needs no call)
        value = shape_index.indexed(call, value)
    if isinstance(value, Const) and type(value.value) is int:
        return Const((value.value,))
    if isinstance(value, Const) and isinstance(value.value, tuple) \
            and all(type(v) is int for v in value.value):
        return value
    return UNKNOWN


# ---------------------------------------------------------------- attributes

@dataclass(frozen=True)
class ArrayAt:
    """``x.at`` of an array: subscripting it gives the indexed update helper (ArrayAtIndex)."""

    array: ArrayVal


@dataclass(frozen=True)
class ArrayAtIndex:
    """``x.at[index]``: its ``set`` / ``add`` / ``multiply`` / ``min`` / ``max`` / ... make a new
    array of x's shape and dtype (JAX's functional update: the value is converted to x's
    dtype); ``get()`` reads ``x[index]``."""

    array: ArrayVal
    index: object


# The updates of ``x.at[index]`` (jax.numpy's _IndexUpdateRef), each an array like x.
_AT_UPDATES = ("set", "add", "subtract", "multiply", "mul", "divide", "power", "min", "max", "apply")


def _at_update(call: Call) -> object:
    array = call.args[0] if call.args else None
    if not isinstance(array, ArrayVal):
        return UNKNOWN
    return ArrayVal(array.shape, array.dtype, UNKNOWN, array.strong, replicated=array.replicated)


def attribute(base: object, attr: str) -> object:
    """Attributes of arrays, refs, dtypes and finfo/iinfo; MISSING when ``base`` is none."""
    if isinstance(base, (ArrayVal, RefVal, ShapeDtypeVal)):
        return _array_attribute(base, attr)
    if base.__class__ is ArrayAtIndex:
        if attr == "get":
            return PartialVal(QualName("jax.Array.at.get"), (base.array, base.index), {})  # type: ignore[attr-defined]
        if attr in _AT_UPDATES:
            return PartialVal(QualName(f"jax.Array.at.{attr}"), (base.array,), {})  # type: ignore[attr-defined]
        return UNKNOWN
    if base.__class__ is ArrayAt:
        return UNKNOWN
    if isinstance(base, ViewIndexer):
        return MISSING
    if isinstance(base, (MulticastRefVal, BarrierRefVal)) and attr == "at":
        return ViewIndexer(base)
    if isinstance(base, DtypeVal):
        bits = DTYPE_BITS.get(base.name) or (8 if base.name == "bool" else None)
        if attr == "itemsize" and bits:
            return Const(bits // 8)
        if attr == "name":
            return Const(base.name)
        if attr == "dtype":
            return base
        if attr == "type":
            # The scalar type (np.dtype("int32").type is numpy.int32), itself a dtype spelling.
            return QualName(f"np.{base.name}")
        if attr == "kind":
            kind = "b" if base.name == "bool" else "u" if base.name.startswith("uint") else \
                "i" if base.name in INTEGERS else "c" if base.name in COMPLEX else \
                "f" if base.name in FLOATS else None
            return Const(kind) if kind is not None else UNKNOWN
        return UNKNOWN
    return MISSING


def _array_attribute(base: ArrayVal | RefVal | ShapeDtypeVal, attr: str) -> object:
    shape = base.shape.value if isinstance(base.shape, Const) else None
    if attr == "dtype":
        return base.dtype
    if attr == "shape":
        return base.shape
    if attr == "ndim":
        return Const(len(shape)) if shape is not None else UNKNOWN  # type: ignore[arg-type]
    if attr == "size":
        return Const(math.prod(shape)) if shape is not None else UNKNOWN  # type: ignore[arg-type]
    if attr == "itemsize":
        return attribute(base.dtype, "itemsize") if isinstance(base.dtype, DtypeVal) else UNKNOWN
    if isinstance(base, ShapeDtypeVal):
        return UNKNOWN
    if attr == "at":
        return ViewIndexer(base) if isinstance(base, RefVal) else ArrayAt(base)  # type: ignore[arg-type]
    if attr in ("astype", "reshape", "view", "bitcast", "sum", "max", "min", "prod", "mean",
                "argmax", "argmin"):
        return PartialVal(QualName(f"jax.Array.{attr}"), (base,), {})
    if attr == "transpose" and isinstance(base, RefVal):
        return PartialVal(QualName("jax.Ref.transpose"), (base,), {})
    if attr == "T" and isinstance(base, RefVal):
        return permuted_view(base, tuple(range(len(shape)))[::-1]) if shape is not None else UNKNOWN
    if attr == "T" and isinstance(base, ArrayVal):
        return ArrayVal(Const(shape[::-1]) if shape is not None else UNKNOWN, base.dtype,
                        strong=base.strong)
    return UNKNOWN


def permuted_view(base: object, permutation: tuple[int, ...] | None) -> object:
    """The same buffer seen with its dimensions permuted (``plgpu.transpose_ref``, a ref's
    ``.transpose(perm)``; ``.T`` reverses them): JAX's TransformedRef, of the permuted shape
    and the buffer's dtype and memory space. How the allocation's tiling and swizzle meet the
    view is not followed (its transforms and views are unknown)."""
    if not isinstance(base, RefVal) or base.space not in ("SMEM", "GMEM") or permutation is None:
        # A TMEM ref raises ("Can't transpose a TMEM reference.").
        return UNKNOWN
    shape = base.shape.value if isinstance(base.shape, Const) else None
    if not isinstance(shape, tuple) or not all(type(d) is int for d in shape) \
            or sorted(permutation) != list(range(len(shape))):
        return UNKNOWN
    return RefVal(Const(tuple(shape[axis] for axis in permutation)), base.dtype, base.space, UNKNOWN,
                  UNKNOWN, base.root or base, base.node, transposed=True)


# ---------------------------------------------------------------- operators

def unary(op: ast.unaryop, operand: object) -> object:
    """``-x`` / ``+x`` / ``~x`` of an array: the same shape, dtype, weak type and layout
    (jnp.negative / positive / invert are elementwise and keep the dtype); unknown for a bool
    array's ``-`` (JAX refuses it) or ``~`` of a float; MISSING for any other value (``not x``
    asks the array's truth)."""
    if not isinstance(operand, ArrayVal) or isinstance(operand, RefVal) or isinstance(op, ast.Not):
        return MISSING
    name = operand.dtype.name if isinstance(operand.dtype, DtypeVal) else None
    if name is None or (isinstance(op, ast.Invert) and not (name in INTEGERS or name == "bool")) \
            or (not isinstance(op, ast.Invert) and name == "bool"):
        return UNKNOWN
    return replace(operand)


def binary(left: object, op: ast.operator, right: object, x64: bool | None = None) -> object:
    """Arithmetic with an array: the array's dtype when both sides agree on it (two arrays of
    one dtype, or an array and a Python scalar that does not promote it); an integer array
    with a Python float is a weakly typed float of the default width (float32 with x64 off,
    float64 with it on: ``x64``); else unknown."""
    arrays = [side for side in (left, right) if isinstance(side, ArrayVal)]
    if not arrays:
        return MISSING
    dtypes = {a.dtype for a in arrays}
    weak_float = _weak_float_with_integer(arrays, op, x64) if len(dtypes) == 2 else None
    dtype = dtypes.pop() if len(dtypes) == 1 else (
        weak_float or _promoted(arrays, op, x64) or _weak_with_strong(arrays, op, x64)
        or _complex_promotion(dtypes))
    for side in (left, right):
        if isinstance(side, ArrayVal):
            continue
        # A Python scalar is weakly typed: an int keeps the array's dtype, a float keeps a
        # float array's; anything else (another kind of value) is not modelled.
        if isinstance(side, Const) and type(side.value) is complex and x64 is not None and len(arrays) == 1 \
                and isinstance(dtype, DtypeVal) and (dtype.name in FLOATS or dtype.name in INTEGERS
                                                     or dtype.name == "complex64") \
                and not isinstance(op, ast.MatMult):
            # A Python complex makes a weak complex of the default width (x * 1j is complex64
            # with x64 off), which no store converts into a real ref.
            return _weak_float(arrays[0], DtypeVal("complex128" if x64 else "complex64"), op, left, right)
        if not (isinstance(side, Const) and type(side.value) in (int, float)) \
                or side.origins is NUMPY_SCALAR_ORIGINS:
            return UNKNOWN  # (a NumPy scalar is strongly typed: how it promotes is not followed)
        inexact = isinstance(dtype, DtypeVal) and dtype.name in FLOATS | COMPLEX
        if type(side.value) is float and not inexact:
            if isinstance(dtype, DtypeVal) and dtype.name in INTEGERS and x64 is not None \
                    and len(arrays) == 1:
                # JAX's lattice: an integer array with a weak float is a weak float (measured:
                # jnp.ones(4, jnp.int32) + 1.0 is float32, weak_type=True, on 0.12.0.1).
                dtype = DtypeVal("float64" if x64 else "float32")
                return _weak_float(arrays[0], dtype, op, left, right)
            dtype = UNKNOWN
    if isinstance(op, ast.Div) and x64 is False and isinstance(dtype, DtypeVal) \
            and (dtype.name in INTEGERS or dtype.name == "bool"):
        # True division of integers is the default float (jnp.true_divide: int32 / 2 is
        # float32 with x64 off; measured: a device id `(lax.axis_index("x") + 1) / 2`).
        dtype = DtypeVal("float32")
    if isinstance(op, (ast.Div, ast.Pow)) and not (isinstance(dtype, DtypeVal) and dtype.name in FLOATS):
        dtype = UNKNOWN  # powers of integers promote
    # The result is weakly typed only where every array operand is (Python scalars are weak),
    # or where a weak float meets an integer array (JAX's lattice keeps the weak float).
    strong = any(a.strong for a in arrays) and weak_float is None
    if isinstance(op, ast.MatMult):
        return ArrayVal(UNKNOWN, dtype, strong=strong)
    shapes = {fingerprint_shape(a.shape) for a in arrays}
    shape = arrays[0].shape if len(shapes) == 1 else broadcast_shape(arrays)
    # A Python scalar is a splat under Lane (checked above: only int and float constants).
    layout = _operands_layout(left, right) if len(shapes) == 1 else UNKNOWN
    return ArrayVal(shape, dtype, layout, strong)


def broadcast_shape(arrays: list[ArrayVal]) -> object:
    """NumPy's broadcast of the arrays' known shapes (aligned on the right, each dimension
    equal or 1): ``()`` with ``(1,)`` is ``(1,)``; unknown where a shape is not known or they
    do not broadcast (JAX raises there)."""
    shapes = [a.shape.value for a in arrays if isinstance(a.shape, Const)]
    if len(shapes) != len(arrays) or not all(
            isinstance(s, tuple) and all(type(d) is int for d in s) for s in shapes):
        return UNKNOWN
    rank = max(len(s) for s in shapes)  # type: ignore[arg-type]
    result: list[int] = []
    for axis in range(rank):
        sizes = {s[len(s) - rank + axis] for s in shapes if len(s) - rank + axis >= 0} - {1}  # type: ignore[arg-type, index]
        if len(sizes) > 1:
            return UNKNOWN
        result.append(sizes.pop() if sizes else 1)
    return Const(tuple(result))


_ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)


def comparison(left: object, op: ast.cmpop, right: object) -> object:
    """``x > 0`` of an array: a bool array of its shape (two arrays: of their one shape) and
    layout; MISSING where no side is an array, unknown for another operand."""
    arrays = [side for side in (left, right) if isinstance(side, ArrayVal) and not isinstance(side, RefVal)]
    if not arrays or not isinstance(op, _ORDERINGS):
        return MISSING
    if any(not isinstance(side, ArrayVal)
           and not (isinstance(side, Const) and type(side.value) in (int, float, bool))
           for side in (left, right)):
        return UNKNOWN
    shapes = {fingerprint_shape(a.shape) for a in arrays}
    if len(shapes) != 1:
        return ArrayVal(broadcast_shape(arrays), DtypeVal("bool"), strong=True)
    layout = _operands_layout(left, right)
    return ArrayVal(arrays[0].shape, DtypeVal("bool"), layout, True)


# The operators whose result dtype is the operands' promoted one (true division and powers
# of integers are decided below; bitwise operators refuse floats).
_PROMOTING = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.FloorDiv, ast.Mod)


def _promoted(arrays: list[ArrayVal], op: ast.operator, x64: bool | None) -> object:
    """Two strongly typed arrays of two known dtypes, x64 off: JAX's promoted dtype
    (dtypes.PROMOTED_X64_OFF); None where not known (a weak operand promotes otherwise)."""
    if x64 is not False or len(arrays) != 2 or not all(a.strong for a in arrays) \
            or not isinstance(op, _PROMOTING):
        return None
    names = frozenset(a.dtype.name for a in arrays if isinstance(a.dtype, DtypeVal))
    found = PROMOTED_X64_OFF.get(names) if len(names) == 2 else None
    return DtypeVal(found) if found is not None else None


def _weak_float_with_integer(arrays: list[ArrayVal], op: ast.operator, x64: bool | None) -> DtypeVal | None:
    """A weakly typed float array (``x * 0.5`` of an integer x) with a strongly typed integer
    array: the weak float, still weak (measured on 0.12.0.1: ``(i * 0.5) + i`` of int32 i is
    float32, weak_type=True); None for any other pair."""
    if x64 is None or len(arrays) != 2 or not isinstance(op, _PROMOTING):
        return None
    weak = [a for a in arrays if not a.strong]
    strong = [a for a in arrays if a.strong]
    if len(weak) != 1 or len(strong) != 1:
        return None
    weak_dtype, strong_dtype = weak[0].dtype, strong[0].dtype
    if isinstance(weak_dtype, DtypeVal) and weak_dtype.name == ("float64" if x64 else "float32") \
            and isinstance(strong_dtype, DtypeVal) and strong_dtype.name in INTEGERS:
        return weak_dtype
    return None


def _weak_with_strong(arrays: list[ArrayVal], op: ast.operator, x64: bool | None) -> DtypeVal | None:
    """A weakly typed array of a Python kind (an int32 or float32 made from a Python number,
    x64 off) with a strongly typed array it does not widen: the strong array's dtype (JAX's
    lattice: a weak int takes any integer, float or complex dtype; a weak float any float or
    complex one; ``x_f32 + jnp.asarray(5)`` is float32). None for any other pair."""
    if x64 is not False or len(arrays) != 2 or not isinstance(op, _PROMOTING):
        return None
    weak = [a for a in arrays if not a.strong]
    strong = [a for a in arrays if a.strong]
    if len(weak) != 1 or len(strong) != 1 or not isinstance(weak[0].dtype, DtypeVal) \
            or not isinstance(strong[0].dtype, DtypeVal):
        return None
    weak_name, strong_name = weak[0].dtype.name, strong[0].dtype.name
    if weak_name == "int32" and strong_name in INTEGERS | FLOATS | COMPLEX:
        return strong[0].dtype
    if weak_name == "float32" and strong_name in FLOATS | COMPLEX:
        return strong[0].dtype
    return None


def _complex_promotion(dtypes: set[object]) -> object:
    """complex64 with a float of at most 32 bits or an integer array is complex64 (JAX's
    lattice); any other mix of two dtypes: unknown."""
    names = {d.name for d in dtypes if isinstance(d, DtypeVal)}
    if len(names) == 2 and "complex64" in names:
        other = (names - {"complex64"}).pop()
        if other in INTEGERS - {"int64", "uint64"} or other in FLOATS - {"float64"}:
            return DtypeVal("complex64")
    return UNKNOWN


def _weak_float(array: ArrayVal, dtype: DtypeVal, op: ast.operator, left: object, right: object) -> object:
    """An integer array with a Python float: a weakly typed float array of its shape and
    layout (a matrix product: of no shape followed)."""
    if isinstance(op, ast.MatMult):
        return ArrayVal(UNKNOWN, dtype, strong=False)
    layout = _operands_layout(left, right)
    return ArrayVal(array.shape, dtype, layout, False)


def _operands_layout(left: object, right: object) -> object:
    """The layout of an elementwise op of two operands (a Python scalar is a splat)."""
    return layouts.elementwise([side.layout if isinstance(side, ArrayVal) else layouts.RegisterLayout.SPLAT
                                for side in (left, right)])


def fingerprint_shape(shape: object) -> object:
    return shape.value if isinstance(shape, Const) else id(shape)


# ---------------------------------------------------------------- calls

def _maker(dtype_position: int | None, default: str | None, shape_from: str = "shape") -> Handler:
    """jnp.zeros(shape, dtype) and the other constructors whose dtype is an argument."""
    def make(call: Call) -> object:
        dtype_value = call.arg(dtype_position, "dtype")
        if dtype_value is MISSING or (isinstance(dtype_value, Const) and dtype_value.value is None):
            dtype: object = DtypeVal(default) if default else UNKNOWN
        else:
            dtype = array_dtype(dtype_value, call.tracer.x64)
        given = call.arg(1 if shape_from == "key" else 0, "shape")
        shape = _shape(given)
        if shape is UNKNOWN and _refused_shape(call, given):
            return UNKNOWN
        # Strongly typed, a dtype given or not (jnp.zeros((4,)) is float32, weak_type=False;
        # measured on 0.12.0.1).
        if call.name in _SPLAT_MAKERS:
            return layouts.splat(shape, dtype, strong=True)
        return ArrayVal(shape, dtype, strong=True)

    return make


def _full(call: Call) -> object:
    """jnp.full(shape, fill_value, dtype=None): without a dtype, the fill value's (an int
    fills an int32 array, a float a float32 one, with x64 off)."""
    dtype_value = call.arg(2, "dtype")
    given = not (dtype_value is MISSING or (isinstance(dtype_value, Const) and dtype_value.value is None))
    if not given:
        fill = call.arg(1, "fill_value")
        kind = type(fill.value) if isinstance(fill, Const) else None
        dtype: object = DtypeVal({int: "int32", float: "float32"}[kind]) if kind in (int, float) \
            else UNKNOWN
        if isinstance(fill, ArrayVal) and isinstance(fill.dtype, DtypeVal):
            # An array's own dtype and strength (lax.full: dtypes.dtype(fill_value), weak
            # only where the fill is): pl.program_id(0) fills an int32 array.
            dtype, given = fill.dtype, fill.strong
    else:
        dtype = array_dtype(dtype_value, call.tracer.x64)
    # A dtype given: strongly typed; none: the fill value's weak type (a Python scalar's).
    shape = _shape(call.arg(0, "shape"), call)
    if shape is UNKNOWN and _refused_shape(call, call.arg(0, "shape")):
        return UNKNOWN
    fill = call.arg(1, "fill_value")
    if _is_scalar(fill) or (isinstance(fill, ArrayVal) and fill.shape == Const(())):
        # A scalar broadcast: splat under Lane (a 0-d array too: broadcast_in_dim of a splat).
        return layouts.splat(shape, dtype, strong=given)
    return ArrayVal(shape, dtype, strong=given)


def shape_refusal(shape: object) -> str | None:
    """JAX's message for a shape whose dimensions are all known and not all integers
    (``jax.core.canonicalize_shape``: "Shapes must be 1D sequences of concrete values of
    integer type, got (256.0, 128)." measured on 0.8.3, 0.10.2, 0.12.0.1); None otherwise."""
    if shape.__class__ is not Const:
        return None
    dims = shape.value if isinstance(shape.value, tuple) else (shape.value,)  # type: ignore[attr-defined]
    if not all(isinstance(dim, (int, float, str, complex)) or dim is None for dim in dims):
        return None
    if all(isinstance(dim, int) for dim in dims):  # (bool is an int: JAX takes it)
        return None
    return f"Shapes must be 1D sequences of concrete values of integer type, got {dims!r}."


def _refused_shape(call: Call, shape: object) -> bool:
    """An array constructor's shape JAX refuses before anything else (shape_refusal): the call
    raises that TypeError (python/bridge.py's way: PAL079 where it escapes). Asked only where
    the shape is not a tuple of ints, off the common path."""
    message = shape_refusal(shape)
    if message is not None:
        call.tracer.bridge_raised(call.node, TypeError(message))
    return message is not None


def _is_scalar(value: object) -> bool:
    """A Python int or float: a fill value every element shares (a splat under Lane)."""
    return isinstance(value, Const) and type(value.value) in (int, float)


def _numpy_maker(dtype_position: int) -> Handler:
    # numpy's own arrays are float64 by default: what JAX makes of them depends on x64.
    def make(call: Call) -> object:
        dtype_value = call.arg(dtype_position, "dtype")
        dtype = array_dtype(dtype_value, call.tracer.x64) if dtype_value is not MISSING else UNKNOWN
        return ArrayVal(_shape(call.arg(0, "shape"), call), dtype)

    return make


def _like(dtype_position: int) -> Handler:
    """jnp.zeros_like(x, dtype=None): x's shape, the given dtype or x's."""
    def make(call: Call) -> object:
        source = call.arg(0, "a")
        dtype_value = call.arg(dtype_position, "dtype")
        shape = source.shape if isinstance(source, (ArrayVal, RefVal, ShapeDtypeVal)) else UNKNOWN
        if dtype_value is MISSING or (isinstance(dtype_value, Const) and dtype_value.value is None):
            dtype = source.dtype if isinstance(source, (ArrayVal, RefVal, ShapeDtypeVal)) else UNKNOWN
        else:
            dtype = array_dtype(dtype_value, call.tracer.x64)
        fill = Const(0) if dtype_position == 1 else call.arg(1, "fill_value")
        if call.name in _SPLAT_MAKERS and _is_scalar(fill):
            return layouts.splat(shape, dtype)
        return ArrayVal(shape, dtype)

    return make


# Constructors that broadcast one constant: a splat under Lane (jnp.empty is left out:
# what it holds is not promised).
_SPLAT_MAKERS = frozenset({"jnp.zeros", "jnp.ones", "jnp.zeros_like", "jnp.ones_like", "jnp.full_like"})


def _asarray(call: Call) -> object:
    """jnp.asarray(x, dtype=None) / jnp.array: an array's own dtype, or the one given."""
    source = call.arg(0, "a" if call.name.endswith("asarray") else "object")
    dtype_value = call.arg(1, "dtype")
    host = numpy_bridge.jax_array(source, call.tracer.x64)
    if host is not None:
        # A host NumPy array: its shape, and its dtype as JAX takes it (or the one given).
        given = dtype_value is not MISSING and not (
            isinstance(dtype_value, Const) and dtype_value.value is None)
        return replace(host, dtype=array_dtype(dtype_value, call.tracer.x64)) if given else host
    shape = source.shape if isinstance(source, ArrayVal) else _nested_shape(source)
    if dtype_value is MISSING or (isinstance(dtype_value, Const) and dtype_value.value is None):
        return source if isinstance(source, ArrayVal) else _python_array(source, shape, call.tracer.x64)
    return ArrayVal(shape, array_dtype(dtype_value, call.tracer.x64), strong=True)


def python_scalar_array(value: Const, x64: bool | None) -> object:
    """A Python number as JAX takes it for an argument (``jax_core.get_aval``): a weakly typed
    0-d array of its kind (x64 off); the number itself where that is not known."""
    made = _python_array(value, Const(()), x64)
    return made if made is not UNKNOWN else value


def _python_array(source: object, shape: object, x64: bool | None) -> object:
    """``jnp.array([3])`` of Python numbers: bool if all are bools, else int32 if all are ints
    (bools among them), float32 with a float, complex64 with a complex (x64 off); a scalar is
    weakly typed, a list or tuple strongly (measured with jax.eval_shape on 0.8.3 and
    0.12.0.1). Anything else, or x64 not known off for a number: unknown."""
    leaves = _number_leaves(source)
    if leaves is None or not isinstance(shape, Const):
        return UNKNOWN
    kinds = {type(leaf) for leaf in leaves}
    if kinds == {bool}:
        dtype = "bool"
    elif x64 is not False:
        return UNKNOWN
    elif complex in kinds:
        dtype = "complex64"
    elif float in kinds:
        dtype = "float32"
    else:
        dtype = "int32"
    return ArrayVal(shape, DtypeVal(dtype), strong=not (isinstance(source, Const) and not isinstance(
        source.value, tuple)))


def _number_leaves(value: object) -> list[object] | None:
    """The Python numbers of a nested list / tuple of them (a number alone: itself)."""
    if isinstance(value, Const) and type(value.value) in (int, float, bool, complex):
        return [value.value]
    is_tuple = isinstance(value, tuple) or (isinstance(value, Const) and isinstance(value.value, tuple))
    items = value.items if isinstance(value, ListVal) and value.complete else (
        unpack(value) if is_tuple else None)
    if not items:
        return None
    found: list[object] = []
    for item in items:
        inner = _number_leaves(item)
        if inner is None:
            return None
        found += inner
    return found


def _nested_shape(value: object) -> object:
    """The shape numpy gives a nested list / tuple of numbers (``[[1, 2], [3, 4]]`` is (2, 2)):
    a Const tuple where every level is known and regular, else unknown."""
    if isinstance(value, Const) and type(value.value) in (int, float, bool):
        return Const(())
    items = value.items if isinstance(value, ListVal) and value.complete else (
        unpack(value) if isinstance(value, (tuple, Const)) and not (
            isinstance(value, Const) and not isinstance(value.value, tuple)) else None)
    if items is None or not items:
        return UNKNOWN if items is None else Const((0,))
    inner = [_nested_shape(item) for item in items]
    if any(not isinstance(shape, Const) for shape in inner) or len({s.value for s in inner}) != 1:  # type: ignore[union-attr]
        return UNKNOWN
    return Const((len(items), *inner[0].value))  # type: ignore[union-attr, misc]


def _arange(call: Call) -> object:
    dtype_value = call.arg(None, "dtype")
    bounds = call.args[:3]
    shape: object = UNKNOWN
    if bounds and all(isinstance(b, Const) and type(b.value) is int for b in bounds):
        shape = Const((len(range(*(b.value for b in bounds))),))  # type: ignore[union-attr, misc]
    if dtype_value is not MISSING:
        dtype = array_dtype(dtype_value, call.tracer.x64)
    elif shape is not UNKNOWN:
        dtype = DtypeVal("int32")  # int bounds give an int array: int32 with x64 off, as jnp.ones
    else:
        dtype = UNKNOWN
    return ArrayVal(shape, dtype, strong=True)  # (weak_type=False, measured on 0.12.0.1)


def _linspace(call: Call) -> object:
    """``jnp.linspace(start, stop, num=50, ..., dtype=None)`` of Python numbers: a (num,) array
    of ``dtype`` (float32 by default, x64 off); unknown for array bounds, ``retstep=True`` (a
    pair) or another ``axis``."""
    start, stop = call.arg(0, "start"), call.arg(1, "stop")
    num = call.arg(2, "num")
    retstep, axis = call.arg(4, "retstep"), call.arg(6, "axis")
    if not all(isinstance(b, Const) and type(b.value) in (int, float) for b in (start, stop)) \
            or retstep not in (MISSING, Const(False)) or axis not in (MISSING, Const(0)):
        return UNKNOWN
    count = 50 if num is MISSING else num.value if isinstance(num, Const) and type(num.value) is int else None
    dtype_value = call.arg(5, "dtype")
    dtype = DtypeVal("float32") if dtype_value is MISSING or dtype_value == Const(None) \
        else array_dtype(dtype_value, call.tracer.x64)
    return ArrayVal(Const((count,)) if count is not None and count >= 0 else UNKNOWN, dtype, strong=True)


# Unary elementwise functions whose result has the operand's shape, layout and dtype: for every
# dtype they take (an integer's abs / sign / floor is an integer; lax's bit counts take integers
# only, lax_dtypes.py), or for floating ones only (an integer's exp or sqrt is promoted to a
# float: not followed).
_SAME_DTYPE = frozenset({
    "jnp.abs", "jnp.absolute", "jnp.negative", "jnp.positive", "jnp.sign", "jnp.square",
    "jnp.floor", "jnp.ceil", "jnp.round", "lax.abs", "lax.neg", "lax.sign", "lax.square",
    "jax.nn.relu", "lax.clz", "lax.population_count", "lax.bitwise_not"})
_SAME_FLOAT = frozenset({
    "jnp.exp", "jnp.exp2", "jnp.log", "jnp.log2", "jnp.sin", "jnp.cos", "jnp.tan", "jnp.tanh",
    "jnp.sqrt", "jnp.cbrt", "lax.exp", "lax.exp2", "lax.log", "lax.sin", "lax.cos", "lax.tan",
    "lax.tanh", "lax.sqrt", "lax.rsqrt", "lax.cbrt", "lax.floor", "lax.ceil", "lax.logistic",
    "jax.nn.sigmoid", "jax.nn.silu", "jax.nn.gelu"})


# jnp's binary elementwise functions: JAX's promotion of their operands is that of the operator
# (jnp.maximum(x, 0.0) of an int32 x is a weak float32, as x + 0.0; measured on 0.12.0.1).
_BINARY_AS_OPERATOR: dict[str, ast.operator] = {
    "jnp.add": ast.Add(), "jnp.subtract": ast.Sub(), "jnp.multiply": ast.Mult(),
    "jnp.maximum": ast.Add(), "jnp.minimum": ast.Add(), "jnp.true_divide": ast.Div(),
    "jnp.divide": ast.Div(), "jnp.power": ast.Pow(), "jnp.floor_divide": ast.FloorDiv(),
}


# Cumulative reductions: an array of the operand's shape along an axis, flattened with none
# (NumPy's rule; jax.numpy's cumsum / cumprod / cummax / cummin, 0.8.3 - 0.12.0.1). A float
# operand keeps its dtype; an integer's may widen (not followed).
_CUMULATIVE = frozenset({"jnp.cumsum", "jnp.cumprod", "jnp.cumulative_sum", "jnp.cumulative_prod"})


def _cumulative(call: Call) -> object:
    """``jnp.cumsum(x, axis=1)``: x's shape (flattened to one dimension without an axis), its
    dtype where it is a float; unknown with a dtype= or other arguments."""
    x = call.args[0] if call.args else MISSING
    axis = call.args[1] if len(call.args) > 1 else call.kwargs.get("axis", MISSING)
    if len(call.args) > 2 or set(call.kwargs) - {"axis"} or not isinstance(x, ArrayVal) \
            or not isinstance(x.shape, Const) or not isinstance(x.shape.value, tuple):
        return UNKNOWN
    shape = x.shape.value
    if axis is MISSING or (isinstance(axis, Const) and axis.value is None):
        if not all(type(d) is int for d in shape):
            return UNKNOWN
        size = 1
        for d in shape:
            size *= d
        shape = (size,)
    elif not (isinstance(axis, Const) and type(axis.value) is int and -len(shape) <= axis.value < len(shape)):
        return UNKNOWN
    dtype = x.dtype if isinstance(x.dtype, DtypeVal) and x.dtype.name in FLOATS else UNKNOWN
    return ArrayVal(Const(shape), dtype, UNKNOWN, strong=x.strong)


def _binary_elementwise(call: Call) -> object:
    """``jnp.maximum(x, y)`` and the others of _BINARY_AS_OPERATOR: the operator's result
    (arrays.binary), with two positional operands and nothing else."""
    if len(call.args) != 2 or call.kwargs:
        return UNKNOWN
    found = binary(call.args[0], _BINARY_AS_OPERATOR[call.name], call.args[1], call.tracer.x64)
    return UNKNOWN if found is MISSING else found


# Elementwise comparisons: a bool array (strongly typed) of the shape the operands broadcast
# to (jnp.equal(x, 0), lax.eq(x, y), `x > 0` of an array).
_COMPARISONS = frozenset({
    *(f"lax.{name}" for name in ("eq", "ne", "lt", "le", "gt", "ge")),
    *(f"jnp.{name}" for name in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal")),
})


def compared(left: object, right: object, x64: bool | None) -> object:
    """``left < right`` (any comparison) where an operand is an array: a bool array of the
    shape arithmetic would give (arrays.binary: a shape both broadcast to, operands whose
    dtypes it combines), strongly typed, layout not followed; UNKNOWN otherwise."""
    combined = binary(left, ast.Add(), right, x64)
    if not isinstance(combined, ArrayVal) or isinstance(combined, RefVal):
        return UNKNOWN
    return ArrayVal(combined.shape, DtypeVal("bool"), strong=True)


def _comparison(call: Call) -> object:
    """``lax.eq(x, y)`` / ``jnp.less(x, y)``: compared(...), two positional operands only."""
    if len(call.args) != 2 or call.kwargs:
        return UNKNOWN
    return compared(call.args[0], call.args[1], call.tracer.x64)


def _elementwise(call: Call) -> object:
    """``jnp.abs(x)`` and the other unary elementwise functions of one array: its shape, layout
    and dtype (see _SAME_DTYPE / _SAME_FLOAT); unknown with other arguments."""
    x = call.args[0] if len(call.args) == 1 else MISSING
    if call.kwargs or not isinstance(x, ArrayVal):
        return UNKNOWN
    if call.name in _SAME_FLOAT and not (isinstance(x.dtype, DtypeVal) and (
            x.dtype.name in FLOATS or (x.dtype.name in COMPLEX and call.name in COMPLEX_OK))):
        if call.name.startswith("jnp.") and isinstance(x.dtype, DtypeVal) and call.tracer.x64 is False \
                and (x.dtype.name in INTEGERS or x.dtype.name == "bool"):
            # jnp promotes an integer or bool operand to the default float: float32 with x64
            # off (measured on 0.12.0.1, every integer width; lax's refuse it, unknown here).
            return ArrayVal(x.shape, DtypeVal("float32"), x.layout, x.strong)
        return ArrayVal(x.shape, UNKNOWN, x.layout, x.strong)
    return ArrayVal(x.shape, x.dtype, x.layout, x.strong)


# Calls that are ops inside a kernel body (recorded by their parameters) and arrays wherever
# they are called: HANDLERS gives their value, in a kernel after the op is recorded.
VALUED_OPS = frozenset({"lax.iota", "lax.broadcasted_iota", "plgpu.multimem_load_reduce", "lax.axis_index",
                        "lax.axis_size"})


def _axis_size(call: Call) -> object:
    """``lax.axis_size(name)`` in a kernel body: a Python int (JAX reads it from the axis
    environment), the size of the kernel's grid, cluster or thread axis of that name (the
    product over a tuple of names); unknown for another name, or under a construct that may
    bind names of its own."""
    ctx = call.ctx
    if ctx.launch is None:
        return _manual_axis_size(call)
    if ctx.names_open or ctx.scope_names:
        return UNKNOWN
    sizes = kernel_axis_sizes(ctx.launch.kernel.mesh_args)  # type: ignore[attr-defined]
    return _sizes_product(sizes, plain(call.arg(0, "axis_name")))


def _manual_axis_size(call: Call) -> object:
    """``lax.axis_size(name)`` in a shard_map's body, around any kernel: the size of the mesh
    axis (the product over a tuple of names) where the program writes the mesh's sizes. JAX's
    collectives (``ops/gpu``'s ``all_gather`` / ``reduce_scatter``) size their tiles by it
    before any kernel is built. Unknown under a vmap (its axis names are bound too), for an
    axis shard_map(axis_names=...) leaves automatic, or a mesh whose sizes are not known."""
    ctx = call.ctx
    mesh = ctx.manual
    if not isinstance(mesh, MeshVal) or mesh.sizes is None or ctx.vmap_names:
        return UNKNOWN
    manual = ctx.manual_axes
    if manual is not None and not isinstance(manual, tuple):
        return UNKNOWN
    sizes = {axis: size for axis, size in zip(mesh.axes, mesh.sizes, strict=False)
             if size is not None and (manual is None or axis in manual)}
    return _sizes_product(sizes, plain(call.arg(0, "axis_name")))


def _sizes_product(sizes: dict[str, int] | None, name: object) -> object:
    """The product of the sizes of the axes ``name`` names (one name, or a tuple of them):
    unknown where one is not in ``sizes``."""
    names = unpack(name) if not (isinstance(name, Const) and isinstance(name.value, str)) else [name]
    if sizes is None or names is None:
        return UNKNOWN
    total = 1
    for item in names:
        size = sizes.get(item.value) if isinstance(item, Const) and isinstance(item.value, str) else None
        if size is None:
            return UNKNOWN
        total *= size
    return Const(total)


def kernel_axis_sizes(mesh_args: object) -> dict[str, int] | None:
    """plgpu.kernel's axis names and sizes (grid_names with grid, cluster_names with cluster,
    thread_name with num_threads), where every one is written out; None otherwise."""
    if not isinstance(mesh_args, dict):
        return None
    sizes: dict[str, int] = {}
    for names_key, sizes_key in (("grid_names", "grid"), ("cluster_names", "cluster")):
        names, extents = unpack(plain(mesh_args.get(names_key, Const(())))), \
            unpack(plain(mesh_args.get(sizes_key, Const(()))))
        if names is None or extents is None or len(names) != len(extents):
            return None
        for name, extent in zip(names, extents, strict=True):
            if not (isinstance(name, Const) and isinstance(name.value, str) and isinstance(extent, Const)
                    and type(extent.value) is int):
                return None
            sizes[name.value] = extent.value
    thread, count = mesh_args.get("thread_name", MISSING), mesh_args.get("num_threads", MISSING)
    if thread is not MISSING and not (isinstance(thread, Const) and thread.value is None):
        if not (isinstance(thread, Const) and isinstance(thread.value, str) and isinstance(count, Const)
                and type(count.value) is int):
            return None
        sizes[thread.value] = count.value
    return sizes


def _axis_index(call: Call) -> object:
    """``lax.axis_index(name)`` in a kernel body: the index along a grid, cluster or thread axis
    (or a mesh's), a strongly typed int32 scalar (a store of it into a float ref raises
    "Invalid dtype for `swap`": measured on 0.10.2 - 0.12.0.1); unknown elsewhere."""
    if call.ctx.launch is None:
        return UNKNOWN
    return ArrayVal(Const(()), DtypeVal("int32"), strong=True)


def _semaphore_read(call: Call) -> object:
    """``pl.semaphore_read(sem)`` in a kernel body: the semaphore's count, a strongly typed
    int32 scalar (stored into a float32 ref: "Invalid dtype for `swap`. Ref dtype: float32.
    Value dtype: int32.", measured on 0.10.2 - 0.12.0.1); unknown elsewhere."""
    if call.ctx.launch is None:
        return UNKNOWN
    return ArrayVal(Const(()), DtypeVal("int32"), strong=True)


def _multimem_load_reduce(call: Call) -> object:
    """``plgpu.multimem_load_reduce(ref, ...)``: the reduced array, of the ref's (view's) shape
    and dtype (its register layout: the cast's, or none: PAL004)."""
    ref = call.arg(0, "ref")
    if not isinstance(ref, RefVal) or ref.reshaped_from is not None or ref.transposed:
        return UNKNOWN
    shape = ref.shape if isinstance(ref.shape, Const) and isinstance(ref.shape.value, tuple) else UNKNOWN
    return ArrayVal(shape, ref.dtype if isinstance(ref.dtype, DtypeVal) else UNKNOWN, strong=True)


def _iota(call: Call) -> object:
    """``lax.iota(dtype, size)``: a strongly typed (size,) array of that dtype."""
    size = call.arg(1, "size")
    shape = Const((size.value,)) if isinstance(size, Const) and type(size.value) is int else UNKNOWN
    return ArrayVal(shape, array_dtype(call.arg(0, "dtype"), call.tracer.x64), strong=True)


def _broadcasted_iota(call: Call) -> object:
    """``lax.broadcasted_iota(dtype, shape, dimension)``: a strongly typed array of that shape
    and dtype (its register layout left unknown)."""
    shape = call.arg(1, "shape")
    known = isinstance(shape, Const) and isinstance(shape.value, tuple) and bool(shape.value) \
        and all(type(d) is int and d > 0 for d in shape.value)
    dimension = call.arg(2, "dimension")
    if known and isinstance(dimension, Const) and type(dimension.value) is int \
            and not 0 <= dimension.value < len(shape.value):  # type: ignore[union-attr]
        # lax's own check, before anything is traced (0.8.3 - 0.12.0.1).
        call.tracer.bridge_raised(call.node, ValueError(
            f"iota dimension must be between 0 and len(shape), got dimension={dimension.value} "
            f"for shape={shape.value}"))  # type: ignore[union-attr]
        return UNKNOWN
    dtype = array_dtype(call.arg(0, "dtype"), call.tracer.x64)
    return ArrayVal(shape if known else UNKNOWN, dtype, strong=True)


def _astype(call: Call) -> object:
    base, dtype_value = call.args[0], call.arg(1, "dtype")
    if not isinstance(base, ArrayVal):
        return UNKNOWN
    # convert_element_type to a named dtype gives a strongly typed array.
    return ArrayVal(base.shape, array_dtype(dtype_value, call.tracer.x64), strong=True)


def _convert_element_type(call: Call) -> object:
    """``lax.convert_element_type(x, new_dtype)``: x's shape in that dtype, strongly typed (JAX's
    ``weak_type=False`` default); a Python number is a 0-d array."""
    x, dtype_value = call.arg(0, "operand"), call.arg(1, "new_dtype")
    weak = call.arg(None, "weak_type")
    if isinstance(x, ArrayVal) and x.__class__ is ArrayVal:
        shape = x.shape
    elif isinstance(x, Const) and type(x.value) in (int, float, bool):
        shape = Const(())
    else:
        return UNKNOWN
    if dtype_value is MISSING or not (weak is MISSING or (isinstance(weak, Const) and weak.value is False)):
        return UNKNOWN
    return ArrayVal(shape, array_dtype(dtype_value, call.tracer.x64), strong=True)


def _inferred(dims: tuple[int, ...], base: object) -> object:
    """A reshape with one -1: that entry is the size left over (numpy's rule), where the
    array's shape is known and the other entries divide its size; UNKNOWN otherwise."""
    known = base.shape if isinstance(base, ArrayVal) and not isinstance(base, RefVal) else None
    if not (isinstance(known, Const) and isinstance(known.value, tuple)
            and all(type(d) is int for d in known.value)) or list(dims).count(-1) != 1 \
            or any(d < -1 for d in dims):
        return UNKNOWN
    size, rest = math.prod(known.value), math.prod(d for d in dims if d != -1)
    if rest <= 0 or size % rest:
        return UNKNOWN
    return Const(tuple(size // rest if d == -1 else d for d in dims))


def _reshape(call: Call) -> object:
    """x.reshape(shape) / x.reshape(a, b): same dtype; the shape when written out in full."""
    base = call.args[0]
    dims = call.args[1:]
    if len(dims) == 1:
        shape = _shape(dims[0])
    elif dims and all(isinstance(d, Const) for d in dims):
        shape = _shape(Const(tuple(d.value for d in dims)))  # type: ignore[attr-defined]
    else:
        shape = UNKNOWN
    if isinstance(shape, Const) and any(d < 0 for d in shape.value):  # type: ignore[union-attr]
        shape = _inferred(shape.value, base)  # type: ignore[union-attr]
    if isinstance(base, RefVal):
        # The same buffer seen in another shape: its views are no longer a plain index chain.
        return RefVal(shape, base.dtype, base.space, base.transforms, UNKNOWN, base.root or base, base.node,
                      reshaped_from=base)
    if isinstance(base, ArrayVal):
        return ArrayVal(shape, base.dtype, strong=base.strong)
    return UNKNOWN


def _unknown_view(call: Call) -> object:
    # view/bitcast change the dtype in ways this model does not follow.
    return UNKNOWN


def _bitcast_convert_type(call: Call) -> object:
    """``lax.bitcast_convert_type(x, new_dtype)``: the same bits read as ``new_dtype`` (a dtype,
    or anything with one: lax reads a ShapeDtypeStruct's), strongly typed. To a narrower dtype
    the shape gains a last dimension of the ratio of the widths (float32[16, 8] -> float16 is
    float16[16, 8, 2]); to a wider one its last dimension, which must be that ratio, goes (lax
    raises a TypeError otherwise: no value). Not followed for 64-bit (x64 may be off) or bool
    dtypes."""
    x, target = call.arg(0, "operand"), _dtype_like(call.arg(1, "new_dtype"))
    if not isinstance(x, ArrayVal) or isinstance(x, RefVal) or not isinstance(x.dtype, DtypeVal) \
            or target is None:
        return UNKNOWN
    source_bits, target_bits = DTYPE_BITS.get(x.dtype.name), DTYPE_BITS.get(target.name)
    if source_bits is None or target_bits is None or 64 in (source_bits, target_bits) \
            or "bool" in (x.dtype.name, target.name):
        return UNKNOWN
    known = x.shape.value if isinstance(x.shape, Const) else None
    if not (isinstance(known, tuple) and all(type(d) is int for d in known)):
        return ArrayVal(UNKNOWN, target, strong=True)
    if source_bits == target_bits:
        shape = known
    elif source_bits > target_bits:
        shape = (*known, source_bits // target_bits)
    elif known and known[-1] == target_bits // source_bits:
        shape = known[:-1]
    else:
        return UNKNOWN
    return ArrayVal(Const(shape), target, strong=True)


def _same_array(call: Call) -> object:
    """jax.device_put(x, ...), reshard, sharding constraints: the same array, placed."""
    value = call.args[0] if call.args else MISSING
    return value if isinstance(value, ArrayVal) else UNKNOWN


def _optimization_barrier(call: Call) -> object:
    """``lax.optimization_barrier(tree)``: the same pytree, each leaf an array; a Python number
    leaf becomes a weakly typed scalar (as ``jnp.asarray`` makes it). A tuple or list is
    rebuilt item by item (JAX's test_optimization_barrier_multiple_inputs unpacks one)."""
    value = call.args[0] if call.args else MISSING
    if isinstance(value, ArrayVal):
        return value
    items = unpack(value) if isinstance(value, (tuple, Const)) else None
    if items is None or (isinstance(value, Const) and not isinstance(value.value, tuple)):
        return _barrier_leaf(value, call.tracer.x64)
    leaves = [_barrier_leaf(item, call.tracer.x64) for item in items]
    return ListVal(leaves) if call.is_list(0, "arg") else tuple(leaves)


def _barrier_leaf(value: object, x64: bool | None) -> object:
    if isinstance(value, ArrayVal):
        return value
    if isinstance(value, Const) and type(value.value) in (bool, int, float):
        return _python_array(value, Const(()), x64)
    return UNKNOWN


# The dtype strings of the form `name` / `name<digits>` that ``jnp.dtype`` / ``np.dtype`` take
# (NumPy's type names and one-letter codes, ml_dtypes' names once JAX is imported; 'a<n>' are
# bytes): every such string was given to jnp.dtype under JAX 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1
# (NumPy 2.x) and these were taken by at least one. Any other string of that form raises
# "TypeError: data type 'float_32' not understood" (strings of other forms, '<f4', 'S10',
# 'datetime64[ns]', 'float8_e4m3fn', are not judged).
_DTYPE_WORDS = frozenset({
    "a", "b", "b1", "bcomplex32", "bfloat16", "bool", "bool_", "byte", "bytes", "bytes_", "c", "c16",
    "c32", "c8", "cdouble", "clongdouble", "complex", "complex128", "complex256", "complex32",
    "complex64", "csingle", "d", "datetime64", "double", "e", "f", "f16", "f2", "f4", "f8", "float",
    "float128", "float16", "float32", "float64", "g", "h", "half", "i", "i1", "i2", "i4", "i8", "int",
    "int1", "int16", "int2", "int32", "int4", "int64", "int8", "int_", "intc", "intp", "l", "long",
    "longdouble", "longlong", "m", "m8", "n", "object", "object_", "p", "q", "short", "single", "str",
    "str_", "timedelta64", "u1", "u2", "u4", "u8", "ubyte", "uint", "uint1", "uint16", "uint2",
    "uint32", "uint4", "uint64", "uint8", "uintc", "uintp", "ulong", "ulonglong", "unicode", "ushort",
    "void",
})


def dtype_string_refusal(text: str) -> str | None:
    """NumPy's message for a dtype string it surely does not understand, else None."""
    if not re.fullmatch(r"[a-z_]+[0-9]*", text) or text in _DTYPE_WORDS or re.fullmatch(r"a[0-9]+", text):
        return None
    return f"data type {text!r} not understood"


def _dtype(call: Call) -> object:
    given = call.arg(0, "dtype")
    if isinstance(given, Const) and isinstance(given.value, str) and len(call.args) + len(call.kwargs) == 1:
        message = dtype_string_refusal(given.value)
        if message is not None:
            call.tracer.bridge_raised(call.node, TypeError(message))
            return UNKNOWN
    return _dtype_like(given) or UNKNOWN


def _promote_types(call: Call) -> object:
    """``jnp.promote_types(a, b)``: JAX's lattice join of two dtypes (dtypes.PROMOTED_X64_OFF:
    a float16 / bfloat16 with a float32 is float32). Not where x64 may be on or the join is a
    64-bit type (promote_types gives it uncanonicalized: int32 with uint32 is int64 there)."""
    a, b = _dtype_like(call.arg(0, "a")), _dtype_like(call.arg(1, "b"))
    if a is None or b is None or len(call.args) + len(call.kwargs) != 2:
        return UNKNOWN
    if a == b:
        return a
    found = PROMOTED_X64_OFF.get(frozenset((a.name, b.name)))
    if found is None or call.tracer.x64 is not False or DTYPE_BITS.get(found, 64) > 32 \
            or (a.name in INTEGERS and b.name in INTEGERS and a.name[0] != b.name[0]):
        return UNKNOWN
    return DtypeVal(found)


def _type_info(call: Call) -> object:
    """jnp.finfo(d) / jnp.iinfo(d): ``bits`` and ``dtype`` of a float / integer type."""
    dtype = _dtype_like(call.arg(0, "dtype"))
    wanted = FLOATS if call.name.endswith("finfo") else INTEGERS
    if call.name.startswith("np.") and dtype is not None and dtype.name in _NUMPY_UNSURE:
        return UNKNOWN
    if dtype is None or dtype.name not in wanted:
        return UNKNOWN
    return NamespaceVal({"bits": Const(DTYPE_BITS[dtype.name]), "dtype": dtype})


def _itemsize_bits(call: Call) -> object:
    """jax._src.dtypes.itemsize_bits(d): the element's bits (JAX's own tests size swizzled
    tiles with it: ``8 * swizzle // dtypes.itemsize_bits(dtype)``)."""
    dtype = _dtype_like(call.arg(0, "dtype"))
    if dtype is None or dtype.name not in DTYPE_BITS:
        return UNKNOWN
    return Const(DTYPE_BITS[dtype.name])


def _issubdtype(call: Call) -> object:
    dtype = _dtype_like(call.arg(0, "arg1"))
    category = call.arg(1, "arg2")
    if dtype is None or not isinstance(category, QualName):
        return UNKNOWN
    if call.name.startswith("np.") and dtype.name in _NUMPY_UNSURE:
        return UNKNOWN
    head, _, last = category.name.rpartition(".")
    if head in {"jnp", "np"} and last in _CATEGORIES:
        return Const(dtype.name in _CATEGORIES[last])
    other = dtype_of(category)
    return Const(other == dtype) if other is not None else UNKNOWN


def _scalar(call: Call) -> object:
    """jnp.float32(x): a 0-d array of that dtype."""
    return ArrayVal(Const(()), array_dtype(QualName(call.name), call.tracer.x64), strong=True)


def _int_scalar_op(call: Call) -> object:
    """``lax.rem(x, y)`` / ``lax.div(x, y)`` of an integer scalar array and a Python int (or
    two scalar arrays of one dtype): a scalar array of that dtype (JAX requires one dtype;
    a Python int is weakly typed); anything else: unknown."""
    sides = [call.arg(0, "x"), call.arg(1, "y")]
    arrays = [side for side in sides if isinstance(side, ArrayVal)]
    if not arrays or any(a.shape != Const(()) for a in arrays) \
            or len({a.dtype for a in arrays}) != 1 or not isinstance(arrays[0].dtype, DtypeVal) \
            or arrays[0].dtype.name in FLOATS:
        return UNKNOWN
    if any(not isinstance(side, ArrayVal) and not (isinstance(side, Const) and type(side.value) is int)
           for side in sides):
        return UNKNOWN
    return ArrayVal(Const(()), arrays[0].dtype, strong=any(a.strong for a in arrays))


def _clip(call: Call) -> object:
    """``jnp.clip(x, lo, hi)`` with Python-number (or None) bounds: x's shape and dtype (a weak
    scalar does not promote; an int array clipped by a float bound would: not followed)."""
    x = call.arg(0, "arr") if "arr" in call.kwargs else call.arg(0, "a")
    bounds = [*call.args[1:], *(v for k, v in call.kwargs.items() if k not in ("a", "arr"))]
    if not isinstance(x, ArrayVal) or x.__class__ is not ArrayVal or not isinstance(x.dtype, DtypeVal) \
            or len(bounds) > 2 or set(call.kwargs) - {"a", "arr", "min", "max", "a_min", "a_max"}:
        return UNKNOWN
    floating = x.dtype.name in FLOATS
    for bound in bounds:
        if not isinstance(bound, Const) or not (bound.value is None or type(bound.value) is int
                                                or (type(bound.value) is float and floating)):
            return UNKNOWN
    return ArrayVal(x.shape, x.dtype, x.layout, x.strong)


def _operand_array(value: object, x64: bool | None) -> ArrayVal | None:
    """An array operand as jnp takes it: a traced array, or a Python number (a weakly typed
    scalar array); None for anything else."""
    if isinstance(value, ArrayVal) and value.__class__ is ArrayVal:
        return value
    made = _python_array(value, Const(()), x64) if isinstance(value, Const) else UNKNOWN
    return made if isinstance(made, ArrayVal) else None


def _int_shape(value: object) -> tuple[int, ...] | None:
    """``_shape``'s tuple of ints, None where it has none."""
    shape = _shape(value)
    return shape.value if isinstance(shape, Const) else None  # type: ignore[return-value]


def _joined(call: Call) -> object:
    """``jnp.stack(arrays, axis=0)`` / ``jnp.concatenate(arrays, axis=0)`` of arrays of one
    dtype and known shapes: stack inserts their count at ``axis`` (every shape the same),
    concatenate adds their sizes along it (the others the same); unknown otherwise."""
    items = call.arg(0, "arrays")
    items = unpack(items.snapshot() if isinstance(items, ListVal) else items) \
        if isinstance(items, (ListVal, tuple, Const)) else None
    given = call.arg(1, "axis")
    axis = 0 if given is MISSING else given.value if isinstance(given, Const) and type(given.value) is int \
        else None
    if not items or axis is None or set(call.kwargs) - {"arrays", "axis"} or len(call.args) > 2 \
            or not all(isinstance(item, ArrayVal) and not isinstance(item, RefVal) for item in items):
        return UNKNOWN
    shapes = [item.shape.value if isinstance(item.shape, Const) else None for item in items]  # type: ignore[union-attr]
    dtypes = {item.dtype for item in items}  # type: ignore[union-attr]
    if any(not isinstance(shape, tuple) for shape in shapes) or len(dtypes) != 1:
        return UNKNOWN
    dtype, strong = dtypes.pop(), any(item.strong for item in items)  # type: ignore[union-attr]
    first = shapes[0]
    if call.name == "jnp.stack":
        if any(shape != first for shape in shapes) or not -len(first) - 1 <= axis <= len(first):  # type: ignore[arg-type]
            return UNKNOWN
        at = axis % (len(first) + 1)  # type: ignore[arg-type]
        return ArrayVal(Const((*first[:at], len(items), *first[at:])), dtype, strong=strong)  # type: ignore[index]
    if not first or not -len(first) <= axis < len(first):  # type: ignore[arg-type]
        return UNKNOWN
    at = axis % len(first)  # type: ignore[arg-type]
    if any(len(shape) != len(first) or shape[:at] + shape[at + 1:] != first[:at] + first[at + 1:]  # type: ignore[arg-type,index,operator]
           for shape in shapes):
        return UNKNOWN
    total = sum(shape[at] for shape in shapes)  # type: ignore[index]
    return ArrayVal(Const((*first[:at], total, *first[at + 1:])), dtype, strong=strong)  # type: ignore[index]


def _broadcast_to(call: Call) -> object:
    """``jnp.broadcast_to(x, shape)``: an array of ``shape`` and x's dtype, where x's shape
    broadcasts to it (NumPy's rule: trailing dimensions equal or 1); unknown otherwise (JAX
    raises there, unclaimed)."""
    x = _operand_array(call.arg(0, "array"), call.tracer.x64)
    shape = _int_shape(call.arg(1, "shape"))
    if x is None or shape is None or len(call.args) + len(call.kwargs) != 2:
        return UNKNOWN
    source = _int_shape(x.shape)
    if source is None or len(source) > len(shape) or not all(
            d == 1 or d == t for d, t in zip(reversed(source), reversed(shape), strict=False)):
        return UNKNOWN
    return ArrayVal(Const(shape), x.dtype, strong=x.strong)


def _lax_broadcast(call: Call) -> object:
    """``lax.broadcast(x, sizes)``: sizes prepended to x's shape, its dtype."""
    x = _operand_array(call.arg(0, "operand"), call.tracer.x64)
    sizes = _int_shape(call.arg(1, "sizes"))
    source = _int_shape(x.shape) if x is not None else None
    if x is None or sizes is None or source is None or len(call.args) + len(call.kwargs) != 2:
        return UNKNOWN
    return ArrayVal(Const((*sizes, *source)), x.dtype, strong=x.strong)


def _broadcast_in_dim(call: Call) -> object:
    """``lax.broadcast_in_dim(x, shape, broadcast_dimensions)``: an array of ``shape`` and x's
    dtype, where each of x's dimensions maps to one of ``shape``'s, equal or 1."""
    x = _operand_array(call.arg(0, "operand"), call.tracer.x64)
    shape = _int_shape(call.arg(1, "shape"))
    dims = _int_shape(call.arg(2, "broadcast_dimensions"))
    source = _int_shape(x.shape) if x is not None else None
    if x is None or shape is None or dims is None or source is None or len(dims) != len(source) \
            or set(call.kwargs) - {"operand", "shape", "broadcast_dimensions"} or len(call.args) > 3:
        return UNKNOWN
    if not all(0 <= dim < len(shape) and (d == 1 or d == shape[dim])
               for d, dim in zip(source, dims, strict=True)):
        return UNKNOWN
    return ArrayVal(Const(shape), x.dtype, strong=x.strong)


Handler = Callable[["Call"], object]

HANDLERS: dict[str, Handler] = {
    **{f"jnp.{name}": _maker(1, "float32") for name in ("ones", "zeros", "empty")},
    "jnp.full": _full,
    **{f"np.{name}": _numpy_maker(1) for name in ("ones", "zeros", "empty")},
    "np.full": _numpy_maker(2),
    **{f"jnp.{name}_like": _like(1) for name in ("ones", "zeros", "empty")},
    "jnp.full_like": _like(2),
    "jnp.asarray": _asarray,
    "lax.rem": _int_scalar_op,
    "lax.div": _int_scalar_op,
    "jnp.array": _asarray,
    "jnp.arange": _arange,
    "jnp.linspace": _linspace,
    "jnp.broadcast_to": _broadcast_to,
    "jnp.stack": _joined,
    "jnp.concatenate": _joined,
    "jnp.clip": _clip,
    "lax.broadcast": _lax_broadcast,
    "lax.broadcast_in_dim": _broadcast_in_dim,
    **dict.fromkeys(_SAME_DTYPE | _SAME_FLOAT, _elementwise),
    **dict.fromkeys(_CUMULATIVE, _cumulative),
    **dict.fromkeys(_BINARY_AS_OPERATOR, _binary_elementwise),
    **dict.fromkeys(_COMPARISONS, _comparison),
    **{f"jax.Array.at.{name}": _at_update for name in _AT_UPDATES},
    # jax.random.normal(key, shape=(), dtype=float): x64 off reads float as float32.
    "jax.random.normal": _maker(2, "float32", shape_from="key"),
    "jax.random.uniform": _maker(2, "float32", shape_from="key"),
    "jax.random.bits": _maker(2, "uint32", shape_from="key"),
    "jax.random.randint": _maker(4, "int32", shape_from="key"),
    "jax.Array.astype": _astype,
    "lax.convert_element_type": _convert_element_type,
    "jax.Array.reshape": _reshape,
    "jax.Array.view": _unknown_view,
    "jax.Array.bitcast": _unknown_view,
    "lax.bitcast_convert_type": _bitcast_convert_type,
    "jax.device_put": _same_array,
    "jax.sharding.reshard": _same_array,
    "jax.reshard": _same_array,
    "lax.with_sharding_constraint": _same_array,
    # An identity on its operand (the same shape, dtype and weak type; Mosaic GPU lowers it
    # to its operands unchanged).
    "lax.optimization_barrier": _optimization_barrier,
    # Also a kernel op (ops.py records it with its parameters, and its value inside a kernel
    # is the op's): this handler gives its value in code around the kernel (the inputs).
    "lax.iota": _iota,
    "lax.axis_index": _axis_index,
    "lax.axis_size": _axis_size,
    "pl.semaphore_read": _semaphore_read,
    "plgpu.multimem_load_reduce": _multimem_load_reduce,
    "lax.broadcasted_iota": _broadcasted_iota,
    "jnp.dtype": _dtype,
    "jnp.promote_types": _promote_types,
    "np.dtype": _dtype,
    "jnp.finfo": _type_info,
    "jnp.iinfo": _type_info,
    "np.finfo": _type_info,
    "np.iinfo": _type_info,
    "jnp.issubdtype": _issubdtype,
    "jax._src.dtypes.itemsize_bits": _itemsize_bits,
    "np.issubdtype": _issubdtype,
    **{f"jnp.{name}": _scalar for name in DTYPE_BITS if name not in _WIDE},
}


# Where an array lives (PAL080): a constructor given no placement makes an unsharded array
# (its type's sharding spec is all None, on the host and inside jit alike); one given a
# device= / out_sharding= / sharding= is placed as it says, and device_put / reshard /
# with_sharding_constraint place theirs: not known (ArrayVal.replicated False).
_PLACEMENTS = frozenset({"device", "out_sharding", "sharding", "**"})
_UNPLACED_MAKERS = (
    *(f"jnp.{name}" for name in ("ones", "zeros", "empty", "full", "arange", "linspace")),
    "jax.random.normal", "jax.random.uniform", "jax.random.bits", "jax.random.randint",
)
# Made from another array: its placement (jnp.asarray(x), jnp.zeros_like(x)); from a Python
# value (a list): unplaced.
_DERIVED_MAKERS = ("jnp.asarray", "jnp.array",
                   *(f"jnp.{name}_like" for name in ("ones", "zeros", "empty", "full")))
_PLACED = ("jax.device_put", "jax.sharding.reshard", "jax.reshard", "lax.with_sharding_constraint")


def _unplaced(handler: Handler) -> Handler:
    def make(call: Call) -> object:
        made = handler(call)
        if not isinstance(made, ArrayVal) or call.ctx.launch is not None or _PLACEMENTS & call.kwargs.keys():
            return made
        source = call.args[0] if call.name in _DERIVED_MAKERS and call.args else None
        replicated = source.replicated if isinstance(source, ArrayVal) else True
        if made.replicated is replicated:
            return made
        # (Built directly, not with dataclasses.replace: every jnp.ones of a file comes here.)
        return ArrayVal(made.shape, made.dtype, made.layout, made.strong, replicated)

    return make


def _placed(handler: Handler) -> Handler:
    def make(call: Call) -> object:
        made = handler(call)
        return replace(made, replicated=False) if isinstance(made, ArrayVal) and made.replicated else made

    return make


for _name in (*_UNPLACED_MAKERS, *_DERIVED_MAKERS):
    HANDLERS[_name] = _unplaced(HANDLERS[_name])
for _name in _PLACED:
    HANDLERS[_name] = _placed(HANDLERS[_name])
