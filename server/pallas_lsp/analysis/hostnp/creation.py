"""Array creation (array, arange, linspace, zeros, eye, frombuffer...) and dtype information
(iinfo, finfo, issubdtype) with NumPy 2's dtypes, values and errors.

``arange`` and ``linspace`` compute as NumPy does (arange's fill ``start + i * delta`` in the
dtype, linspace's ``arange * step + start`` with the endpoint set), so their floats are NumPy's
bit for bit. Refused: ``empty`` / ``empty_like`` (NumPy leaves the values undefined), an
integer ``arange`` with float arguments, ``like=``, orders other than C, ``frombuffer`` of
anything but bytes.
"""

from __future__ import annotations

import math
import struct
from typing import Any

from . import core
from .core import BOOL, FLOAT16, FLOAT64, INT64, DType, Refused, ndarray

_COPY_FALSE = ("Unable to avoid copy while creating an array as requested.\n"
               "If using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when "
               "needed (no behavior change in NumPy 1.x).\n"
               "For more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html"
               "#adapting-to-changes-in-the-copy-keyword.")


def _no_like(like: Any) -> None:
    if like is not None:
        raise Refused("like=")


@core.text_aware
def array(obj: Any, dtype: Any = None, *, copy: Any = True, order: str = "K", subok: bool = False,
          ndmin: int = 0, like: Any = None) -> ndarray:
    _no_like(like)
    target = core.dtype(dtype) if dtype is not None else None
    if copy is False:
        if isinstance(obj, ndarray) and (target is None or target is obj._dtype):
            result = obj
        else:
            raise ValueError(_COPY_FALSE)
    elif isinstance(obj, ndarray):
        result = obj if copy is None and (target is None or target is obj._dtype) else \
            obj.astype(target or obj._dtype)
    else:
        result = core.asarray(obj, target)
    if ndmin > result.ndim:
        result = result.reshape((1,) * (ndmin - result.ndim) + result._shape)
    return result


@core.text_aware
def asarray(a: Any, dtype: Any = None, order: Any = None, *, device: Any = None, copy: Any = None,
            like: Any = None) -> ndarray:
    return array(a, dtype, copy=copy, like=like)


@core.text_aware
def asanyarray(a: Any, dtype: Any = None, order: Any = None, *, device: Any = None, copy: Any = None,
               like: Any = None) -> ndarray:
    return array(a, dtype, copy=copy, like=like)


@core.text_aware
def ascontiguousarray(a: Any, dtype: Any = None, *, like: Any = None) -> ndarray:
    result = array(a, dtype, copy=None, ndmin=1, like=like)
    return result if result.is_contiguous() else result.copy()


@core.text_aware
def copy(a: Any, order: str = "K", subok: bool = False) -> ndarray:
    return array(a, copy=True)


def _shape_arg(shape: Any) -> tuple[int, ...]:
    if isinstance(shape, str):
        raise Refused("a string as a shape")  # NumPy's message depends on the str's kind
    if not isinstance(shape, (list, tuple, ndarray)) and (isinstance(shape, (float, core.floating)) or
                                                          not isinstance(shape, int)):
        raise TypeError(f"expected a sequence of integers or a single integer, got '{shape!r}'")
    return core.as_shape(shape)


def _filled(shape: Any, value: Any, dt: DType) -> ndarray:
    dims = _shape_arg(shape)
    size = core.check_size(dims)
    return core.make([value] * size, dims, dt)


def zeros(shape: Any, dtype: Any = float, order: str = "C", *, device: Any = None,
          like: Any = None) -> ndarray:
    _no_like(like)
    dt = core.dtype(dtype)
    return _filled(shape, core.cast(0, dt), dt)


def ones(shape: Any, dtype: Any = None, order: str = "C", *, device: Any = None, like: Any = None) -> ndarray:
    _no_like(like)
    dt = core.dtype(dtype)
    return _filled(shape, core.cast(1, dt), dt)


def empty(shape: Any, dtype: Any = float, order: str = "C", *, device: Any = None,
          like: Any = None) -> ndarray:
    raise Refused("np.empty's values are undefined")


@core.text_aware
def full(shape: Any, fill_value: Any, dtype: Any = None, order: str = "C", *, device: Any = None,
         like: Any = None) -> ndarray:
    _no_like(like)
    dt = core.asarray(fill_value)._dtype if dtype is None else core.dtype(dtype)
    dims = _shape_arg(shape)
    if isinstance(fill_value, (ndarray, list, tuple)):
        source = core.asarray(fill_value)
        result = core.make([core.cast(0, dt)] * core.check_size(dims), dims, dt)
        from .indexing import setitem
        setitem(result, Ellipsis, source)
        return result
    value = core._convert_python(fill_value, dt) if type(fill_value) is int else core.cast(fill_value, dt)
    return _filled(dims, value, dt)


def _like(a: Any, dtype: Any, shape: Any) -> tuple[tuple[int, ...], DType]:
    source = core.asarray(a)
    dt = core.dtype(dtype) if dtype is not None else source._dtype
    dims = source._shape if shape is None else _shape_arg(shape)
    return dims, dt


def zeros_like(a: Any, dtype: Any = None, order: str = "K", subok: bool = True, shape: Any = None, *,
               device: Any = None) -> ndarray:
    dims, dt = _like(a, dtype, shape)
    return _filled(dims, core.cast(0, dt), dt)


def ones_like(a: Any, dtype: Any = None, order: str = "K", subok: bool = True, shape: Any = None, *,
              device: Any = None) -> ndarray:
    dims, dt = _like(a, dtype, shape)
    return _filled(dims, core.cast(1, dt), dt)


def full_like(a: Any, fill_value: Any, dtype: Any = None, order: str = "K", subok: bool = True,
              shape: Any = None, *, device: Any = None) -> ndarray:
    dims, dt = _like(a, dtype, shape)
    return full(dims, fill_value, dt)


def empty_like(*args: Any, **kwargs: Any) -> ndarray:
    raise Refused("np.empty_like's values are undefined")


# ---------------------------------------------------------------------------------------------
# ranges

def _number(value: Any) -> Any:
    if isinstance(value, ndarray):
        if value.ndim:
            raise Refused("arange of an array argument")
        value = value.flat_values()[0]
    if isinstance(value, core.bool_):
        return value._value
    if isinstance(value, core.generic):
        return core._plain(value)
    if not isinstance(value, (int, float)):
        raise Refused(f"arange of {type(value).__name__}")
    return value


def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None, *, device: Any = None,
           like: Any = None) -> ndarray:
    _no_like(like)
    if stop is None:
        if start is None:
            raise TypeError("unsupported operand type(s) for -: 'NoneType' and 'int'")
        start, stop = 0, start
    if step is None:
        step = 1
    first, last, delta = _number(start), _number(stop), _number(step)
    floats = any(isinstance(v, float) for v in (first, last, delta))
    target = core.dtype(dtype) if dtype is not None else (FLOAT64 if floats else INT64)
    if delta == 0:
        raise ZeroDivisionError("division by zero")
    span = (last - first) / delta
    if not math.isfinite(span):
        raise ValueError("Maximum allowed size exceeded")
    length = max(math.ceil(span), 0)
    if dtype is None and not floats and not all(-(1 << 63) <= v < (1 << 63) for v in (first, last, delta)):
        raise Refused("arange past int64")
    core.check_size((length,))
    if target is BOOL:
        if length > 2:
            raise TypeError("arange() is only supported for booleans when the result has at most length 2.")
        raise Refused("a boolean arange")
    if target.kind in "iu":
        if floats:
            raise Refused("an integer arange with float arguments")
        values = [first + i * delta for i in range(length)]
        if values:
            low, high = core.bounds(target)
            for v in values[:2]:
                if not low <= v <= high:
                    raise OverflowError(f"Python integer {v} out of bounds for {target.name}")
            values = [core.wrap(v, target) for v in values]
        return core.make(values, (length,), target)
    return core.make(_float_fill(first, delta, length, target), (length,), target)


def _float_fill(first: Any, delta: Any, length: int, dt: DType) -> list[float]:
    """NumPy's arange fill: the first two elements are start and start + step (as Python
    numbers, then stored), the rest start + i * (a[1] - a[0]) in the dtype's arithmetic."""
    if length == 0:
        return []
    a0 = core.cast(first, dt)
    if length == 1:
        return [a0]
    a1 = core.cast(first + delta, dt)
    if dt is FLOAT64:
        step = a1 - a0
        return [a0, a1] + [a0 + i * step for i in range(2, length)]
    r32 = core.round_f32
    step = r32(a1 - a0)
    values = [a0, a1] + [r32(a0 + r32(i * step)) for i in range(2, length)]
    if dt is FLOAT16:
        values = [a0, a1] + [core.round_f16(v) for v in values[2:]]
    return values


def linspace(start: Any, stop: Any, num: Any = 50, endpoint: bool = True, retstep: bool = False,
             dtype: Any = None, axis: int = 0, *, device: Any = None) -> Any:
    """NumPy 2's linspace, operation for operation (its rounding is its order of operations)."""
    from . import ufuncs
    num = core._as_index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = (num - 1) if endpoint else num
    first, last = core.asarray(start), core.asarray(stop)
    dt = core.result_type(*(v if core.is_python_scalar(v) else core.asarray(v) for v in (start, stop)))
    if dt.kind != "f":
        dt = core.result_type(dt, 1.0)
    target = core.dtype(dtype) if dtype is not None else dt
    integer = target.kind in "iu"
    if target is BOOL:
        raise Refused("a boolean linspace")
    delta = ufuncs.subtract(last, first, dtype=dt)
    delta_array = core.asarray(delta)
    y = arange(0, num, dtype=dt).reshape((-1,) + (1,) * delta_array.ndim)
    step: Any = ufuncs.true_divide(delta, div) if div > 0 else math.nan
    if div > 0:
        zero = any(v == 0 for v in core.asarray(step).flat_values())
        if zero:
            y = ufuncs.true_divide(y, div)
            y = ufuncs.multiply(y, delta)
        else:
            y = ufuncs.multiply(y, step)
    else:
        y = ufuncs.multiply(y, delta)
    y = core.asarray(ufuncs.add(y, first))
    if y._dtype is not dt:
        raise Refused("linspace promoting past its dtype")
    if endpoint and num > 1:
        y[-1, ...] = last
    if axis != 0:
        ax = core.normalize_axis(axis, y.ndim)
        order = list(range(1, y.ndim))
        order.insert(ax, 0)
        y = y.transpose(order)
    if integer:
        y = core.asarray(ufuncs.UFUNCS["floor"](y))
    y = y.astype(target)
    if retstep:
        return y, step
    return y


def logspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, base: Any = 10.0, dtype: Any = None,
             axis: int = 0) -> ndarray:
    from . import ufuncs
    y = linspace(start, stop, num=num, endpoint=endpoint, axis=axis)
    if not all(core.is_python_scalar(v) for v in (start, stop, base)):
        raise Refused("logspace of arrays")
    result = core.asarray(ufuncs.power(base, y))
    return result if dtype is None else result.astype(dtype)


def geomspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, dtype: Any = None,
              axis: int = 0) -> ndarray:
    raise Refused("geomspace (logarithms: NumPy's rounding depends on the machine)")


# ---------------------------------------------------------------------------------------------
# matrices, grids, buffers

def eye(N: int, M: int | None = None, k: int = 0, dtype: Any = float, order: str = "C", *, device: Any = None,
        like: Any = None) -> ndarray:
    _no_like(like)
    rows = core.normalize_int(N)
    cols = rows if M is None else core.normalize_int(M)
    dt = core.dtype(dtype)
    one, zero = core.cast(1, dt), core.cast(0, dt)
    core.check_size((max(rows, 0), max(cols, 0)))
    if rows < 0 or cols < 0:
        raise ValueError("negative dimensions are not allowed")
    values = [one if j - i == k else zero for i in range(rows) for j in range(cols)]
    return core.make(values, (rows, cols), dt)


def identity(n: int, dtype: Any = None, *, like: Any = None) -> ndarray:
    return eye(n, dtype=dtype if dtype is not None else float, like=like)


def tri(N: int, M: int | None = None, k: int = 0, dtype: Any = float, *, like: Any = None) -> ndarray:
    _no_like(like)
    rows = core.normalize_int(N)
    cols = rows if M is None else core.normalize_int(M)
    dt = core.dtype(dtype)
    one, zero = core.cast(1, dt), core.cast(0, dt)
    core.check_size((max(rows, 0), max(cols, 0)))
    values = [one if j <= i + k else zero for i in range(rows) for j in range(cols)]
    return core.make(values, (rows, cols), dt)


def fromiter(iter: Any, dtype: Any, count: int = -1, *, like: Any = None) -> ndarray:
    _no_like(like)
    dt = core.dtype(dtype)
    values = []
    for item in iter:
        if count >= 0 and len(values) == count:
            break
        values.append(core._convert_python(item, dt) if type(item) is int else core.cast(item, dt))
        if len(values) > core.MAX_SIZE:
            raise Refused("fromiter past the model's size")
    if count >= 0 and len(values) < count:
        raise ValueError(f"iterator too short: Expected {count} but iterator had only {len(values)} items.")
    return core.make(values, (len(values),), dt)


_STRUCT = {"bool": "?", "int8": "b", "int16": "h", "int32": "i", "int64": "q", "uint8": "B", "uint16": "H",
           "uint32": "I", "uint64": "Q", "float16": "e", "float32": "f", "float64": "d"}


def frombuffer(buffer: Any, dtype: Any = float, count: int = -1, offset: int = 0, *,
               like: Any = None) -> ndarray:
    _no_like(like)
    if not isinstance(buffer, (bytes, bytearray)):
        raise Refused("frombuffer of anything but bytes")
    dt = core.dtype(dtype)
    length = len(buffer)
    if offset < 0 or offset > length:
        raise ValueError(f"offset must be non-negative and no greater than buffer length ({length})")
    available = length - offset
    if count < 0:
        if available % dt.itemsize:
            raise ValueError("buffer size must be a multiple of element size")
        count = available // dt.itemsize
    elif count * dt.itemsize > available:
        raise ValueError("buffer is smaller than requested size")
    core.check_size((count,))
    if dt is BOOL:
        raise Refused("frombuffer of bools (bytes other than 0 / 1)")
    values = list(struct.unpack_from(f"<{count}{_STRUCT[dt.name]}", bytes(buffer), offset))
    result = core.make(values, (count,), dt)
    result._readonly = isinstance(buffer, bytes)  # NumPy's view of an immutable buffer is read-only
    return result


def meshgrid(*xi: Any, copy: bool = True, sparse: bool = False, indexing: str = "xy") -> tuple[ndarray, ...]:
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    arrays = [core.asarray(x).ravel() for x in xi]
    ndim = len(arrays)
    shapes = []
    for i, x in enumerate(arrays):
        shape = [1] * ndim
        shape[i] = x.size
        shapes.append(shape)
    if indexing == "xy" and ndim > 1:
        for shape in shapes:
            shape[0], shape[1] = shape[1], shape[0]
    outputs = [x.reshape(tuple(s)) for x, s in zip(arrays, shapes, strict=False)]
    if sparse:
        return tuple(o.copy() for o in outputs)
    full_shape = core.broadcast_shapes(*(o._shape for o in outputs))
    from .ufuncs import _broadcast_values
    return tuple(core.make(_broadcast_values(o, full_shape), full_shape, o._dtype) for o in outputs)


def indices(dimensions: Any, dtype: Any = int, sparse: bool = False) -> Any:
    if sparse:
        raise Refused("sparse indices")
    dims = tuple(core.normalize_int(d) for d in dimensions)
    dt = core.dtype(dtype)
    total = core.check_size((len(dims), *dims))
    strides = core.c_strides(dims)
    size = total // max(len(dims), 1) if dims else 0
    values = []
    for axis, n in enumerate(dims):
        values.extend(core.cast((flat // strides[axis]) % n if n else 0, dt) for flat in range(size))
    return core.make(values, (len(dims), *dims), dt)


# ---------------------------------------------------------------------------------------------
# dtype information

class iinfo:
    def __init__(self, int_type: Any) -> None:
        if isinstance(int_type, ndarray):
            raise ValueError("Invalid integer data type 'O'.")  # NumPy reads an array as an object
        try:
            dt = core.dtype(int_type)
        except TypeError:
            dt = core.dtype(type(int_type))
        if dt.kind not in "iu":
            raise ValueError(f"Invalid integer data type '{dt.kind}'.")
        self.dtype = dt
        self.kind = dt.kind
        self.bits = dt.bits
        self.min, self.max = core.bounds(dt)
        self.key = f"{dt.kind}{dt.itemsize}"

    def __repr__(self) -> str:
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype.name})"

    def __str__(self) -> str:
        raise Refused("iinfo's table text")


_FLOAT_INFO = {
    # name: (precision, nmant, nexp, minexp, maxexp, machep, negep, iexp)
    "float16": (3, 10, 5, -14, 16, -10, -11, 5),
    "float32": (6, 23, 8, -126, 128, -23, -24, 8),
    "float64": (15, 52, 11, -1022, 1024, -52, -53, 11),
}


class finfo:
    def __init__(self, dtype: Any) -> None:
        if isinstance(dtype, (ndarray, core.generic)):
            dtype = dtype.dtype
        dt = core.dtype(dtype)
        if dt.kind == "U":
            raise Refused("finfo of a string (NumPy names the object dtype)")
        if dt.kind != "f":
            raise ValueError(f"data type {dt!r} not compatible with finfo")
        precision, nmant, nexp, minexp, maxexp, machep, negep, iexp = _FLOAT_INFO[dt.name]
        scalar = dt.type
        self.dtype = dt
        self.bits = dt.bits
        self.precision = precision
        self.nmant = nmant
        self.nexp = nexp
        self.iexp = iexp
        self.minexp = minexp
        self.maxexp = maxexp
        self.machep = machep
        self.negep = negep
        self.eps = scalar(math.ldexp(1.0, machep))
        self.epsneg = scalar(math.ldexp(1.0, negep))
        self.resolution = scalar(10.0 ** -precision)
        self.max = scalar(math.ldexp(2.0 - math.ldexp(1.0, -nmant), maxexp - 1))
        self.min = scalar(-float(self.max))
        self.tiny = self.smallest_normal = scalar(math.ldexp(1.0, minexp))
        self.smallest_subnormal = scalar(math.ldexp(1.0, minexp - nmant))

    def __repr__(self) -> str:
        if self.dtype is FLOAT16:
            raise Refused("finfo(float16)'s text")  # NumPy pads its half digits ("6.55040e+04")
        return (f"finfo(resolution={self.resolution!s}, min={self.min!s}, max={self.max!s}, "
                f"dtype={self.dtype.name})")

    def __str__(self) -> str:
        raise Refused("finfo's table text")


def issubdtype(arg1: Any, arg2: Any) -> bool:
    def as_class(arg: Any) -> type:
        if isinstance(arg, type) and issubclass(arg, core.generic):
            return arg
        return core.dtype(arg).type
    return issubclass(as_class(arg1), as_class(arg2))


def isdtype(dtype: Any, kind: Any) -> bool:
    dt = core.dtype(dtype)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str):
            groups = {"bool": "b", "signed integer": "i", "unsigned integer": "u", "integral": "iu",
                      "real floating": "f", "numeric": "iuf", "complex floating": ""}
            if k not in groups:
                raise ValueError(f"kind argument is a string, but {k!r} is not a known kind name.")
            if dt.kind in groups[k] and groups[k]:
                return True
        elif core.dtype(k) is dt:
            return True
    return False


EXPORTS: dict[str, object] = {
    "array": array, "asarray": asarray, "asanyarray": asanyarray, "ascontiguousarray": ascontiguousarray,
    "copy": copy, "zeros": zeros, "ones": ones, "empty": empty, "full": full, "zeros_like": zeros_like,
    "ones_like": ones_like, "full_like": full_like, "empty_like": empty_like, "arange": arange,
    "linspace": linspace, "logspace": logspace, "geomspace": geomspace, "eye": eye, "identity": identity,
    "tri": tri, "fromiter": fromiter, "frombuffer": frombuffer, "meshgrid": meshgrid, "indices": indices,
    "iinfo": iinfo, "finfo": finfo, "issubdtype": issubdtype, "isdtype": isdtype,
    "newaxis": None, "inf": math.inf, "nan": math.nan, "pi": math.pi, "e": math.e,
    "euler_gamma": 0.5772156649015329,
}
