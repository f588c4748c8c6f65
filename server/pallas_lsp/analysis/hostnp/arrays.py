"""The ndarray: a strided view over a shared Python list, and ``asarray``'s discovery of nested
sequences.

Basic indexing, ``reshape`` (when NumPy would not copy), ``transpose`` and ``view`` share the
storage list, so that a write through a view changes its base as in NumPy; every element is a
plain Python value already valid for the dtype.

Imports dtypes.py and scalars.py only (the layers below). What the array does through the
modules above it is looked up in dtypes' ``REGISTRY`` when called, never imported: its operators
are the ufuncs' ("ufuncs.add", registered by ufuncs.py), ``a[i]`` / ``a[i] = v`` / ``a.take`` are
indexing.py's ("indexing.getitem"...), ``repr`` / ``str`` are formatting.py's, and the methods
NumPy implements as functions of other modules (``sum``, ``argsort``, ``sort``, ``@``...) are the
package's ("np.sum": the package's __init__ registers its namespace); a name nobody registered
is refused. This module registers ``ndarray`` and ``make`` for the layers below it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from .dtypes import (
    BOOL,
    FLOAT64,
    INT64,
    STR_WIDTHS,
    UINT64,
    DType,
    Refused,
    UFuncOutputCastingError,
    _compact,
    _promote,
    _shape_text,
    _type_name,
    bounds,
    broadcast_shapes,
    c_strides,
    can_cast_dtypes,
    cast,
    check_size,
    dtype,
    flat_offsets,
    is_python_scalar,
    normalize_axis,
    register,
    registered,
    resolve_weak,
    size_of,
    str_dtype,
    text_allowed,
    text_aware,
    weak_kind,
)
from .dtypes import check_text as core_check_text
from .scalars import _operand, _plain, bool_, generic, to_scalar

# NumPy 2's ndarray attributes (dir(np.ndarray)): those not defined here refuse.
_NUMPY_ATTRIBUTES = frozenset((
    "T", "all", "any", "argmax", "argmin", "argpartition", "argsort", "astype", "base", "byteswap",
    "choose", "clip", "compress", "conj", "conjugate", "copy", "ctypes", "cumprod", "cumsum", "data",
    "device", "diagonal", "dot", "dtype", "dump", "dumps", "fill", "flags", "flat", "flatten",
    "getfield", "imag", "item", "itemsize", "mT", "max", "mean", "min", "nbytes", "ndim", "nonzero",
    "partition", "prod", "put", "ravel", "real", "repeat", "reshape", "resize", "round", "searchsorted",
    "setfield", "setflags", "shape", "size", "sort", "squeeze", "std", "strides", "sum", "swapaxes",
    "take", "to_device", "tobytes", "tofile", "tolist", "trace", "transpose", "var", "view",
))


class ndarray:
    """A strided view (offsets in elements) over a shared list of Python values."""

    __slots__ = ("__weakref__", "_base", "_data", "_dtype", "_offset", "_readonly", "_shape", "_strides")
    __hash__ = None  # type: ignore[assignment]
    __array_priority__ = 0.0

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise Refused("np.ndarray(shape) is uninitialised memory")

    @classmethod
    def _new(cls, data: list[Any], offset: int, shape: tuple[int, ...], strides: tuple[int, ...],
             dt: DType, base: ndarray | None = None) -> ndarray:
        made = object.__new__(cls)
        made._data = data
        made._offset = offset
        made._shape = shape
        made._strides = strides
        made._dtype = dt
        made._base = base
        # A view of a read-only array (np.frombuffer's) is read-only too.
        made._readonly = base is not None and base._readonly
        return made

    # -- attributes

    @property
    def shape(self) -> tuple[int, ...]:
        return self._shape

    @property
    def ndim(self) -> int:
        return len(self._shape)

    @property
    def size(self) -> int:
        return size_of(self._shape)

    @property
    def dtype(self) -> DType:
        return self._dtype

    @property
    def itemsize(self) -> int:
        return self._dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self._dtype.itemsize

    @property
    def strides(self) -> tuple[int, ...]:
        return tuple(s * self._dtype.itemsize for s in self._strides)

    @property
    def base(self) -> ndarray | None:
        return self._base

    def _owner(self) -> ndarray:
        """The base a view of this array records (NumPy points views at the array that owns the memory)."""
        return self if self._base is None else self._base

    @property
    def T(self) -> ndarray:
        return self.transpose()

    @property
    def mT(self) -> ndarray:
        if self.ndim < 2:
            raise ValueError("matrix transpose with ndim < 2 is undefined")
        axes = list(range(self.ndim))
        axes[-1], axes[-2] = axes[-2], axes[-1]
        return self.transpose(axes)

    @property
    def flat(self) -> Iterator[Any]:
        dt = self._dtype
        return iter([to_scalar(v, dt) for v in self.flat_values()])

    @property
    def real(self) -> ndarray:
        return self

    def is_contiguous(self) -> bool:
        return all(size == 1 or stride == expected for size, stride, expected
                   in zip(self._shape, self._strides, c_strides(self._shape), strict=False))

    def flat_values(self) -> list[Any]:
        """The elements as Python values, in C order (a new list)."""
        if self.is_contiguous():
            return self._data[self._offset:self._offset + self.size]
        return [self._data[i] for i in flat_offsets(self._offset, self._shape, self._strides)]

    def _offsets(self) -> list[int]:
        return flat_offsets(self._offset, self._shape, self._strides)

    # -- conversion

    def tolist(self) -> Any:
        values = self.flat_values()
        if not self._shape:
            return values[0]
        return _nest(values, self._shape)

    def item(self, *args: Any) -> Any:
        if len(args) == 1 and isinstance(args[0], tuple):
            args = args[0]
        if not args:
            if self.size != 1:
                raise ValueError("can only convert an array of size 1 to a Python scalar")
            return self.flat_values()[0]
        if len(args) == 1:
            index = _as_index(args[0])
            size = self.size
            if not -size <= index < size:
                if self.ndim == 1:  # a 1-d array's flat index is its axis 0's, and NumPy says so
                    raise IndexError(f"index {index} is out of bounds for axis 0 with size {size}")
                raise IndexError("index " + str(index) + " is out of bounds for size " + str(size))
            return self.flat_values()[index % size]
        if len(args) != self.ndim:
            raise ValueError("incorrect number of indices for array")
        offset = self._offset
        for axis, (index, size, stride) in enumerate(zip(args, self._shape, self._strides, strict=False)):
            index = _as_index(index)
            if not -size <= index < size:
                raise IndexError(f"index {index} is out of bounds for axis {axis} with size {size}")
            offset += (index % size) * stride
        return self._data[offset]

    def copy(self, order: str = "C") -> ndarray:
        if order not in ("C", "K", "A"):
            raise Refused("a Fortran-order copy")
        return make(self.flat_values(), self._shape, self._dtype)

    def __copy__(self) -> ndarray:
        return self.copy()

    def __deepcopy__(self, memo: object) -> ndarray:
        return self.copy()

    @text_aware
    def astype(self, dt: object, order: str = "K", casting: str = "unsafe", subok: bool = True,
               copy: bool = True) -> ndarray:
        target = dtype(dt)
        if target.kind == "U" or self._dtype.kind == "U":
            if casting != "unsafe":
                raise Refused(f"astype between strings and numbers with casting={casting!r}")
            if target.kind == "U" and target.itemsize == 0:
                width = self._dtype.width if self._dtype.kind == "U" else STR_WIDTHS.get(self._dtype.name)
                if width is None:
                    raise Refused(f"astype(str) of a {self._dtype.name} array")
                target = str_dtype(width)
            if target is self._dtype and not copy:
                return self
            return make([cast(v, target) for v in self.flat_values()], self._shape, target)
        if not can_cast_dtypes(self._dtype, target, casting):
            raise TypeError(f"Cannot cast array data from {self._dtype!r} to {target!r} according to "
                            f"the rule '{casting}'")
        if target is self._dtype and not copy:
            return self
        return make([cast(v, target) for v in self.flat_values()], self._shape, target)

    def view(self, *args: object, **kwargs: object) -> ndarray:
        if args or kwargs:
            raise Refused("ndarray.view with a dtype")
        return ndarray._new(self._data, self._offset, self._shape, self._strides, self._dtype, self._owner())

    def __getattr__(self, name: str) -> Any:
        # An attribute NumPy's ndarray has but this model lacks is unknown, not an AttributeError.
        if name in _NUMPY_ATTRIBUTES:
            raise Refused(f"ndarray.{name} is not modelled")
        raise AttributeError(f"'numpy.ndarray' object has no attribute '{name}'")

    def _writable(self, message: str = "assignment destination is read-only") -> None:
        if self._readonly:
            raise ValueError(message)

    def fill(self, value: Any) -> None:
        self._writable()
        converted = _assign_value(value, self._dtype)
        for i in self._offsets():
            self._data[i] = converted

    # -- shape

    def reshape(self, *shape: Any, order: str = "C", copy: bool | None = None) -> ndarray:
        if order != "C":
            raise Refused("a reshape in an order other than C")
        if not shape:
            raise TypeError("reshape() takes exactly 1 argument (0 given)")
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        new = _reshape_target(shape, self.size)
        if self.is_contiguous():
            return ndarray._new(self._data, self._offset, new, c_strides(new), self._dtype, self._owner())
        strides = _nocopy_strides(self._shape, self._strides, new)
        if strides is not None:
            return ndarray._new(self._data, self._offset, new, strides, self._dtype, self._owner())
        return make(self.flat_values(), new, self._dtype)

    def transpose(self, *axes: Any) -> ndarray:
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = tuple(axes[0]) if axes[0] is not None else ()
        ndim = self.ndim
        if not axes:
            order = list(range(ndim))[::-1]
        else:
            if len(axes) != ndim:
                raise ValueError("axes don't match array")
            order = [normalize_axis(a, ndim) for a in axes]
            if len(set(order)) != ndim:
                raise ValueError("repeated axis in transpose")
        return ndarray._new(self._data, self._offset, tuple(self._shape[a] for a in order),
                            tuple(self._strides[a] for a in order), self._dtype, self._owner())

    def swapaxes(self, axis1: int, axis2: int) -> ndarray:
        order = list(range(self.ndim))
        a, b = normalize_axis(axis1, self.ndim), normalize_axis(axis2, self.ndim)
        order[a], order[b] = order[b], order[a]
        return self.transpose(order)

    def flatten(self, order: str = "C") -> ndarray:
        if order != "C":
            raise Refused("a flatten in an order other than C")
        return make(self.flat_values(), (self.size,), self._dtype)

    def ravel(self, order: str = "C") -> ndarray:
        if order != "C":
            raise Refused("a ravel in an order other than C")
        return self.reshape(-1)

    # -- Python protocols

    def __len__(self) -> int:
        if not self._shape:
            raise TypeError("len() of unsized object")
        return self._shape[0]

    def __iter__(self) -> Iterator[Any]:
        if not self._shape:
            raise TypeError("iteration over a 0-d array")
        return iter([self[i] for i in range(self._shape[0])])

    def __bool__(self) -> bool:
        if self.size != 1:
            if self.size == 0:
                raise ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` "
                                 "to check that an array is not empty.")
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        return bool(self.flat_values()[0])

    def __int__(self) -> int:
        return int(self._only("int"))

    def __float__(self) -> float:
        return float(self._only("float"))

    def __index__(self) -> int:
        if self._dtype.kind == "U":
            raise Refused("a string array as an index")
        if self.ndim != 0 or self._dtype.kind not in "iu":
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self.flat_values()[0])

    def _only(self, kind: str) -> Any:
        if self.ndim != 0:
            # NumPy 2.5 refuses ndim > 0 outright (the size-1 DeprecationWarning turned error).
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        return self.flat_values()[0]

    def __contains__(self, value: object) -> bool:
        return bool((self == value).any())

    def __array__(self, dtype: object = None, copy: object = None) -> ndarray:
        return self if dtype is None else self.astype(dtype)

    def __repr__(self) -> str:
        return registered("formatting.array_repr")(self)

    def __str__(self) -> str:
        return registered("formatting.array_str")(self)

    def __format__(self, spec: str) -> str:
        if spec:
            if self.ndim == 0:
                return format(to_scalar(self.flat_values()[0], self._dtype), spec)
            raise TypeError("unsupported format string passed to numpy.ndarray.__format__")
        return str(self)

    def __getitem__(self, index: Any) -> Any:
        return registered("indexing.getitem")(self, index)

    def __setitem__(self, index: Any, value: Any) -> None:
        registered("indexing.setitem")(self, index, value)

    def take(self, indices: Any, axis: Any = None, out: Any = None, mode: str = "raise") -> Any:
        return registered("indexing.take")(self, indices, axis, out, mode)

    def sort(self, axis: int = -1, kind: Any = None, order: Any = None, stable: Any = None) -> None:
        self._writable("sort array is read-only")
        result = registered("np.sort")(self, axis=axis, kind=kind, order=order, stable=stable)
        offsets = self._offsets()
        for i, value in zip(offsets, result.flat_values(), strict=False):
            self._data[i] = value

    def __array_namespace__(self, *args: object, **kwargs: object) -> object:
        raise Refused("the array API namespace")


_BINARY = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
           "floordiv": "floor_divide", "mod": "remainder", "pow": "power", "and": "bitwise_and",
           "or": "bitwise_or", "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift"}


def _install_array_operators() -> None:
    """ndarray's operators are the ufuncs'; in-place ones write back under same_kind casting."""
    def forward(name: str) -> Callable[..., Any]:
        def op(self: ndarray, other: Any) -> Any:
            if self._dtype.kind == "U" or isinstance(other, str):
                return registered("ufuncs." + name)(self, other)
            if not _operand(other):
                return NotImplemented
            return registered("ufuncs." + name)(self, other)
        return op

    def reflected(name: str) -> Callable[..., Any]:
        def op(self: ndarray, other: Any) -> Any:
            if self._dtype.kind == "U" or isinstance(other, str):
                return registered("ufuncs." + name)(other, self)
            if not _operand(other):
                return NotImplemented
            return registered("ufuncs." + name)(other, self)
        return op

    def inplace(name: str) -> Callable[..., Any]:
        def op(self: ndarray, other: Any) -> Any:
            self._writable("output array is read-only")
            if self._dtype.kind == "U" or isinstance(other, str):
                raise Refused("an in-place operator on strings")
            uf = registered("ufuncs." + name)
            operands = [self, other if is_python_scalar(other) else asarray(other)]
            _, outs = uf.resolve(operands)
            if not can_cast_dtypes(outs[0], self._dtype, "same_kind"):
                raise UFuncOutputCastingError(f"Cannot cast ufunc '{uf.__name__}' output from {outs[0]!r} to "
                                     f"{self._dtype!r} with casting rule 'same_kind'")
            shapes = [self._shape, () if is_python_scalar(other) else operands[1]._shape]
            try:
                shape = broadcast_shapes(*shapes)
            except ValueError:
                raise ValueError("operands could not be broadcast together with shapes "
                                 + " ".join(_compact(s) for s in [*shapes, self._shape]) + " ") from None
            if shape != self._shape:
                raise ValueError("non-broadcastable output operand with shape "
                                 f"{_compact(self._shape)} doesn't "
                                 f"match the broadcast shape {_compact(shape)}")
            result = asarray(uf(self, other))
            values = result.flat_values()
            dt = self._dtype
            for i, value in zip(self._offsets(), values, strict=False):
                self._data[i] = value if result._dtype is dt else cast(value, dt)
            return self
        return op

    def comparison(name: str, missing: bool) -> Callable[..., Any]:
        def op(self: ndarray, other: Any) -> Any:
            if self._dtype.kind == "U" or isinstance(other, str):
                return _text_equality(self, other, missing, name)
            if other is None:
                # An object comparison, elementwise: None and strings equal no number.
                return make([missing] * self.size, self._shape, BOOL)
            if not _operand(other):
                return NotImplemented
            return registered("ufuncs." + name)(self, other)
        return op

    for dunder, name in _BINARY.items():
        setattr(ndarray, f"__{dunder}__", forward(name))
        setattr(ndarray, f"__r{dunder}__", reflected(name))
        setattr(ndarray, f"__i{dunder}__", inplace(name))
    compare = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal", "gt": "greater",
               "ge": "greater_equal"}
    for dunder, name in compare.items():
        setattr(ndarray, f"__{dunder}__", forward(name))
    ndarray.__eq__ = comparison("equal", False)  # type: ignore[method-assign,assignment]
    ndarray.__ne__ = comparison("not_equal", True)  # type: ignore[method-assign,assignment]
    for dunder, name in {"neg": "negative", "pos": "positive", "abs": "absolute", "invert": "invert"}.items():
        setattr(ndarray, f"__{dunder}__", (lambda n: lambda self: registered("ufuncs." + n)(self))(name))
    ndarray.__divmod__ = lambda self, other: registered("ufuncs.divmod")(self, other)  # type: ignore[attr-defined]
    ndarray.__rdivmod__ = lambda self, other: registered("ufuncs.divmod")(other, self)  # type: ignore[attr-defined]
    ndarray.__matmul__ = lambda self, other: registered("np.matmul")(self, other)  # type: ignore[attr-defined]
    ndarray.__rmatmul__ = lambda self, other: registered("np.matmul")(other, self)  # type: ignore[attr-defined]
    ndarray.__hash__ = None  # type: ignore[assignment]
    for name in ("sum", "prod", "min", "max", "mean", "std", "var", "argmin", "argmax", "any", "all",
                 "cumsum",
                 "cumprod", "argsort", "nonzero", "searchsorted", "squeeze", "repeat", "clip", "round", "dot",
                 "diagonal", "trace", "ptp", "conj", "conjugate"):
        setattr(ndarray, name, _method(name))


def _text_equality(array: ndarray, other: Any, missing: bool, name: str) -> Any:
    """== / != with a string side: two string operands compare elementwise; a string with a
    number is unequal everywhere (NumPy's fallback when no loop matches), when shapes agree."""
    text = array._dtype.kind == "U"
    if isinstance(other, str) or (isinstance(other, ndarray) and other._dtype.kind == "U"):
        if text:
            return registered("ufuncs." + name)(array, other)
    elif text and isinstance(other, (list, tuple)):
        # (its strings compare; numbers in it are refused there)
        return registered("ufuncs." + name)(array, other)
    elif not text:
        raise Refused("a comparison of a number array with this operand")
    if other is None or is_python_scalar(other) or isinstance(other, str) or (
            isinstance(other, generic) and not text):
        return make([missing] * array.size, array._shape, BOOL)
    if isinstance(other, (ndarray, generic)) and getattr(other, "shape", None) == array._shape:
        return make([missing] * array.size, array._shape, BOOL)
    raise Refused("an equality of strings and numbers of different shapes")


def _method(name: str) -> Callable[..., Any]:
    """An ndarray method that is another module's function (np.sum for a.sum), found when called."""
    def method(self: ndarray, *args: Any, **kwargs: Any) -> Any:
        return registered("np." + name)(self, *args, **kwargs)
    method.__name__ = name
    return method


def normalize_int(value: Any) -> int:
    """An integer argument (decimals, count...): Python / NumPy ints, not floats or bools' kin."""
    if isinstance(value, (float, bool_)) or not isinstance(value, int):
        index = getattr(value, "__index__", None)
        if index is None or isinstance(value, float):
            raise TypeError(f"'{_type_name(value)}' object cannot be interpreted as an integer")
        return int(index())
    return int(value)


def _as_index(value: Any) -> int:
    if isinstance(value, (float, bool_)) or not isinstance(value, int):
        if isinstance(value, ndarray):
            return value.__index__()
        raise TypeError(f"'{_type_name(value)}' object cannot be interpreted as an integer")
    return int(value)


def _nest(values: list[Any], shape: tuple[int, ...]) -> list[Any]:
    if len(shape) == 1:
        return values
    rows: list[Any] = values
    for size in reversed(shape[1:]):
        rows = [rows[i:i + size] for i in range(0, len(rows), size)] if size else \
            [[] for _ in range(len(rows) // max(size, 1))]
    if 0 in shape[1:]:
        return _empty_nest(shape)
    return rows


def _empty_nest(shape: tuple[int, ...]) -> list[Any]:
    if len(shape) == 1:
        return []
    return [_empty_nest(shape[1:]) for _ in range(shape[0])]


def _reshape_target(shape: tuple[Any, ...], size: int) -> tuple[int, ...]:
    dims: list[int] = []
    unknown = -1
    for i, item in enumerate(shape):
        if isinstance(item, (float, bool_)) or not isinstance(item, int):
            raise TypeError(f"'{_type_name(item)}' object cannot be interpreted as an integer")
        if item < 0:  # any negative size is the unknown one
            if unknown >= 0:
                raise ValueError("can only specify one unknown dimension")
            unknown = i
            dims.append(1)
        else:
            dims.append(int(item))
    known = size_of(tuple(dims))
    if unknown >= 0:
        if known == 0 or size % known:
            raise ValueError(f"cannot reshape array of size {size} into shape {_reshape_text(shape)}")
        dims[unknown] = size // known
    elif known != size:
        raise ValueError(f"cannot reshape array of size {size} into shape {_reshape_text(shape)}")
    return tuple(dims)


def _reshape_text(shape: tuple[Any, ...]) -> str:
    # NumPy's text: no spaces, the unknown size as "newaxis", and a leading unknown one left out.
    sizes = [int(s) for s in shape]
    if sizes and sizes[0] < 0:
        sizes = sizes[1:]
    words = ["newaxis" if s < 0 else str(s) for s in sizes]
    if len(words) == 1 and len(shape) == 1:
        return f"({words[0]},)"
    return "(" + ",".join(words) + ")"


def _nocopy_strides(old_shape: tuple[int, ...], old_strides: tuple[int, ...],
                    new_shape: tuple[int, ...]) -> tuple[int, ...] | None:
    """NumPy's _attempt_nocopy_reshape (C order): the strides of a view, or None to copy."""
    olds = [(n, s) for n, s in zip(old_shape, old_strides, strict=False) if n != 1]
    oldd = [n for n, _ in olds]
    olds_s = [s for _, s in olds]
    if 0 in old_shape:
        return None
    newdims = list(new_shape)
    newstrides = [0] * len(newdims)
    oi, oj, ni, nj = 0, 1, 0, 1
    ondim, nndim = len(oldd), len(newdims)
    while ni < nndim and oi < ondim:
        np_ = newdims[ni]
        op = oldd[oi]
        while np_ != op:
            if np_ < op:
                np_ *= newdims[nj]
                nj += 1
            else:
                op *= oldd[oj]
                oj += 1
        for ok in range(oi, oj - 1):
            if olds_s[ok] != oldd[ok + 1] * olds_s[ok + 1]:
                return None
        newstrides[nj - 1] = olds_s[oj - 1]
        for nk in range(nj - 1, ni, -1):
            newstrides[nk - 1] = newstrides[nk] * newdims[nk]
        ni, nj = nj, nj + 1
        oi, oj = oj, oj + 1
    last = newstrides[ni - 1] if ni >= 1 else 1
    for nk in range(ni, nndim):
        newstrides[nk] = last
    return tuple(newstrides)


def make(values: list[Any], shape: tuple[int, ...], dt: DType) -> ndarray:
    """A new C-contiguous array of values already valid for ``dt``."""
    check_size(shape)
    return ndarray._new(values, 0, tuple(shape), c_strides(tuple(shape)), dt)


def scalar_or_array(values: list[Any], shape: tuple[int, ...], dt: DType) -> Any:
    """A ufunc's result: the NumPy scalar for a 0-d result, else the array."""
    if not shape:
        return to_scalar(values[0], dt)
    return make(values, shape, dt)


# ---------------------------------------------------------------------------------------------
# asarray: nested sequences to an array

def _shape_of(obj: Any) -> tuple[int, ...] | None:
    """The shape a nested sequence asks for, or None when ragged."""
    if isinstance(obj, ndarray):
        return obj._shape
    if isinstance(obj, (list, tuple)):
        if not obj:
            return (0,)
        inner = [_shape_of(item) for item in obj]
        first = inner[0]
        if first is None or any(s != first for s in inner):
            return None
        return (len(obj), *first)
    return ()


def _ragged_depth(obj: Any) -> tuple[int, ...]:
    """The common leading shape of a ragged nested sequence (NumPy's "detected shape")."""
    if isinstance(obj, ndarray):
        return obj._shape
    if not isinstance(obj, (list, tuple)):
        return ()
    if not obj:
        return (0,)
    inner = [_ragged_depth(item) for item in obj]
    common: list[int] = []
    for dims in zip(*inner, strict=False):
        if all(d == dims[0] for d in dims):
            common.append(dims[0])
        else:
            break
    depths = {len(s) for s in inner}
    if len(depths) > 1:
        common = common[:min(depths)]
    return (len(obj), *common)


def _leaves(obj: Any, out: list[Any]) -> None:
    if isinstance(obj, ndarray):
        dt = obj._dtype
        out.extend(to_scalar(v, dt) for v in obj.flat_values())
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            _leaves(item, out)
    else:
        out.append(obj)


def asarray(obj: Any, dtype: Any = None, order: Any = None, copy: Any = None) -> ndarray:
    """np.asarray for nested lists / tuples of Python and NumPy scalars and arrays."""
    target = _dtype_arg(dtype)
    if (target is not None and target.kind == "U") or isinstance(obj, str):
        text_allowed()
    if isinstance(obj, ndarray):
        if obj._dtype.kind == "U":
            text_allowed()
        if target is None or target is obj._dtype:
            return obj
        return obj.astype(target)
    if isinstance(obj, str):
        obj = [obj]
        text = asarray(obj, target)
        return ndarray._new(text._data, 0, (), (), text._dtype)
    if isinstance(obj, generic):
        value = _plain(obj)
        found = obj._dtype
        if target is not None and target is not found:
            return make([cast(value, target)], (), target)
        return make([value], (), found)
    if is_python_scalar(obj):
        found = target or resolve_weak(None, [weak_kind(obj)])
        if target is None and type(obj) is int and not -(1 << 63) <= obj < (1 << 64):
            raise OverflowError("Python int too large to convert to C long")
        if target is None and type(obj) is int and obj >= (1 << 63):
            found = UINT64
        return make([_convert_python(obj, found)], (), found)
    if isinstance(obj, (list, tuple)):
        shape = _shape_of(obj)
        if shape is None:
            detected = _ragged_depth(obj)
            raise ValueError("setting an array element with a sequence. The requested array has an "
                             f"inhomogeneous shape after {len(detected)} dimensions. The detected shape "
                             f"was {_shape_text(detected)} + inhomogeneous part.")
        check_size(shape)
        leaves: list[Any] = []
        _leaves(obj, leaves)
        if any(isinstance(v, str) for v in leaves) or (target is not None and target.kind == "U"):
            return _text_array(leaves, shape, target)
        found = target or _infer(leaves)
        return make([_convert_python(v, found) for v in leaves], shape, found)
    if isinstance(obj, range):
        return asarray(list(obj), target)
    if isinstance(obj, bytes):
        raise Refused("bytes arrays are not modelled")
    if hasattr(obj, "__array__") or hasattr(obj, "__array_interface__"):
        raise Refused(f"an array from {type(obj).__name__} is not modelled")
    raise Refused(f"an array of {type(obj).__name__} (object dtype) is not modelled")


def _text_array(leaves: list[Any], shape: tuple[int, ...], target: DType | None) -> ndarray:
    """np.array of strings: the width the longest's (at least 1) or the dtype's."""
    text_allowed()
    if target is not None and target.kind != "U":
        raise Refused(f"an array of strings with dtype {target.name}")
    flexible = target is None or target.itemsize == 0
    # Integers and bools among strings are their str(), and widen the dtype to the width
    # astype(str) gives their dtype (a Python int is int64's 21); floats' text is refused, as is
    # the width dtype=str discovers for numbers.
    widths = [1]
    for v in leaves:
        if isinstance(v, str):
            widths.append(len(core_check_text(v)))
        elif flexible and target is not None:
            raise Refused("numbers among strings with dtype=str")
        elif type(v) is bool or isinstance(v, bool_):
            widths.append(STR_WIDTHS["bool"])
        elif type(v) is int and -(1 << 63) <= v < (1 << 63):
            widths.append(STR_WIDTHS["int64"])
        elif isinstance(v, generic) and v.dtype.name in STR_WIDTHS:
            widths.append(STR_WIDTHS[v.dtype.name])
        else:
            raise Refused(f"an array of strings mixed with {type(v).__name__}")
    texts = [v if isinstance(v, str) else str(bool(v) if isinstance(v, (bool, bool_)) else int(v))
             for v in leaves]
    found = str_dtype(max(widths)) if flexible else target
    assert found is not None
    return make([cast(t, found) for t in texts], shape, found)


def _dtype_arg(dt: Any) -> DType | None:
    return None if dt is None else dtype(dt)


def _infer(leaves: list[Any]) -> DType:
    """The dtype np.array gives a list of scalars: NumPy scalars promote, Python ones are the
    default types (bool, int64 (uint64 past int64, then object), float64)."""
    strong: DType | None = None
    kinds: list[str] = []
    big = False
    for leaf in leaves:
        if isinstance(leaf, generic):
            strong = leaf._dtype if strong is None else _promote(strong, leaf._dtype)
        elif type(leaf) in (bool, int, float):
            kinds.append(weak_kind(leaf))
            if type(leaf) is int and not -(1 << 63) <= leaf < (1 << 63):
                big = True
                if not -(1 << 63) <= leaf < (1 << 64):
                    raise Refused("a Python int past uint64 makes an object array")
        elif leaf is None:
            raise Refused("None in an array makes an object array")
        else:
            raise Refused(f"an array of {type(leaf).__name__} is not modelled")
    if not leaves:
        return FLOAT64
    if big:
        raise Refused("a Python int past int64 in a list")
    # In np.array, Python scalars are not weak: each is its default dtype.
    for kind in kinds:
        default = {"b": BOOL, "i": INT64, "f": FLOAT64}[kind]
        strong = default if strong is None else _promote(strong, default)
    assert strong is not None
    return strong


def _convert_python(value: Any, dt: DType) -> Any:
    """A leaf stored into an array of ``dt`` (np.array(..., dtype=dt)): a Python int out of range
    is NumPy's OverflowError; everything else casts."""
    if type(value) is float and dt.kind in "iu":
        # NumPy 2.5 converts a Python float for an integer dtype as int(value) does, then checks
        # that int's range (np.array([-2.5], 'uint8') is its OverflowError, not a wrap).
        if math.isnan(value):
            raise ValueError("cannot convert float NaN to integer")
        if math.isinf(value):
            raise OverflowError("cannot convert float infinity to integer")
        value = int(value)
        if not -(1 << 63) <= value < (1 << 63) and not (dt is UINT64 and 0 <= value < (1 << 64)):
            raise Refused("a float past int64 for an integer dtype")  # NumPy's C-long message
    if isinstance(value, int) and not isinstance(value, bool_) and dt.kind in "iu":
        low, high = bounds(dt)
        if not low <= value <= high:
            if type(value) is not int:
                raise Refused("a NumPy integer scalar out of the array dtype's range")
            raise OverflowError(f"Python integer {value} out of bounds for {dt.name}")
        return int(value)
    return cast(value, dt)


def _assign_value(value: Any, dt: DType) -> Any:
    """A value written into an array element (a[i] = v, fill): NumPy's setitem conversion."""
    if isinstance(value, ndarray):
        if value.size != 1:
            raise ValueError("setting an array element with a sequence.")
        value = to_scalar(value.flat_values()[0], value._dtype)
    if isinstance(value, (list, tuple)):
        raise ValueError("setting an array element with a sequence.")
    if dt.kind == "U":
        if not isinstance(value, str):
            raise Refused(f"storing {type(value).__name__} into a string array")
        return cast(value, dt)
    if isinstance(value, (str, bytes)) or value is None:
        raise Refused(f"storing {type(value).__name__} into a {dt.name} array")
    if not isinstance(value, (int, float, bool_)):
        raise Refused(f"storing {type(value).__name__} into an array")
    if type(value) is int:
        return _convert_python(value, dt)
    if isinstance(value, float) and dt.kind in "iu" and not math.isfinite(value):
        if math.isnan(value):
            raise ValueError("cannot convert float NaN to integer")
        raise OverflowError("cannot convert float infinity to integer")
    return cast(value, dt)


_install_array_operators()


# The names of this module that dtypes.py and scalars.py refer to (the layers below it).
register("arrays.ndarray", ndarray)
register("arrays.make", make)
