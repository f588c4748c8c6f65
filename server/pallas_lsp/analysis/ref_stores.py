"""What JAX's ``swap`` check decides of a store ``ref[idx] = value`` (PAL026).

``ref_swap`` (jax/_src/state/primitives.py, the same in 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1)
first casts the value when ``_maybe_implicit_cast`` says so: a weakly typed float into a
float ref, and any integer value into an integer ref (its condition reads ``weak and
floats or integers``). Then ``_swap_abstract_eval`` compares the value's shape with the
ref's after the index, and then the dtypes, raising "Invalid shape for `swap`" /
"Invalid dtype for `swap`". Known only where both sides are: the ref's shape and dtype
(ref_facts), the value's (arrays: loads, astype, arithmetic; ``ArrayVal.strong`` says it
is not weakly typed).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .dtypes import FLOATS, INTEGERS
from .ref_facts import index_dims, indexed_shape
from .values import NUMPY_SCALAR_ORIGINS, UNKNOWN, ArrayVal, Const, DtypeVal, RefVal

# A Python number's dtype as JAX types it with x64 off (weakly).
_PYTHON_SCALARS = {int: "int32", float: "float32", bool: "bool"}

if TYPE_CHECKING:
    from .trace import Op


@dataclass(frozen=True)
class StoreFault:
    ref_shape: tuple[int, ...] | None  # the ref's shape after the index
    ref_dtype: str | None
    value_shape: tuple[int, ...] | None
    value_dtype: str | None
    shape_differs: bool
    dtype_differs: bool


def stored_shape(ref: RefVal, index: object) -> tuple[int, ...] | None:
    """The shape ``ref[index]`` has (what a stored value must have), when known."""
    if not (isinstance(ref.shape, Const) and isinstance(ref.shape.value, tuple)):
        return None
    if isinstance(index, Const) and index.value is Ellipsis:
        return ref.shape.value
    dims = index_dims(ref.shape, index)
    if dims is None:
        return None
    shape = indexed_shape(ref.shape, dims)
    return shape.value if isinstance(shape, Const) else None  # type: ignore[return-value]


def store_fault(ref: object, index: object, value: object, x64: bool | None = None) -> StoreFault | None:
    """The mismatch JAX raises on this store, or None when there is none or it is not known.
    A Python number stored is a weakly typed 0-d array (int32, float32 or bool with ``x64``
    off; its dtype not judged where ``x64`` is not known)."""
    if value.__class__ is Const and type(value.value) in _PYTHON_SCALARS \
            and value.origins is not NUMPY_SCALAR_ORIGINS:  # type: ignore[attr-defined]
        kind = _PYTHON_SCALARS[type(value.value)]
        dtype = kind if x64 is False or kind == "bool" else UNKNOWN
        value = ArrayVal(Const(()), DtypeVal(dtype) if dtype is not UNKNOWN else UNKNOWN, strong=False)
    if not isinstance(ref, RefVal) or not isinstance(value, ArrayVal):
        return None
    ref_shape = stored_shape(ref, index)
    value_shape = value.shape.value if isinstance(value.shape, Const) \
        and isinstance(value.shape.value, tuple) else None
    ref_dtype = ref.dtype.name if isinstance(ref.dtype, DtypeVal) else None
    value_dtype = value.dtype.name if isinstance(value.dtype, DtypeVal) else None
    shape_differs = ref_shape is not None and value_shape is not None and ref_shape != value_shape
    # A weak value may be cast (only a strong one is sure not to be); integers always are; a
    # float, weak or not, never is into an integer ref (famheld5's int32 ref given
    # jnp.maximum(x, 0.0): "Ref dtype: int32. Value dtype: float32").
    # Nothing else is cast: an integer or bool never into a float ref, a weak float never into
    # a complex one (measured: pal026/python_number_stores.py).
    dtype_differs = ref_dtype is not None and value_dtype is not None and ref_dtype != value_dtype \
        and not (ref_dtype in INTEGERS and value_dtype in INTEGERS) \
        and not (ref_dtype in FLOATS and value_dtype in FLOATS and not value.strong)
    if not shape_differs and not dtype_differs:
        return None
    return StoreFault(ref_shape, ref_dtype, value_shape, value_dtype, shape_differs, dtype_differs)


def tmem_store_fault(op: Op) -> StoreFault | None:
    """``plgpu.async_store_tmem(ref, value)`` of a value whose shape is not the TMEM ref's (its
    view's): the same ``swap`` check raises "Invalid shape for `swap`" while the kernel is
    traced (measured on 0.8.3, 0.10.2, 0.11.2, 0.12.0.1). Only the shape is judged: a dtype that
    differs is not measured there."""
    if op.name != "plgpu.async_store_tmem" or op.names_open:
        return None
    ref = op.args.get("ref")
    if not isinstance(ref, RefVal) or ref.space != "TMEM":
        return None
    fault = store_fault(ref, Const(Ellipsis), op.args.get("value"))
    if fault is None or not fault.shape_differs:
        return None
    return replace(fault, dtype_differs=False)
