"""NumPy's helpers of a number's kind and parts: fix, nan_to_num, iscomplex, isreal,
real_if_close, min_scalar_type (the ufuncs frexp / ldexp / modf / spacing / bitwise_count are
ufuncs.py's).

Every modelled dtype is real, so iscomplex is all False, isreal all True and real_if_close
returns its input as an array, as NumPy's functions do for real dtypes. fix is NumPy 2.5's
``np.trunc`` (its DeprecationWarning is not modelled: the value is the program's). Refused:
``out=``, min_scalar_type of a string, of a Python int past uint64 (NumPy's object dtype).
"""

from __future__ import annotations

import math
from typing import Any

from ..python.real import Refused
from . import core, ufuncs
from .flatops import array, no_out


def fix(x: Any, out: Any = None) -> Any:
    no_out(out)
    return ufuncs.UFUNCS["trunc"](x)


_LIMITS = {"float16": 65504.0, "float32": 3.4028234663852886e38, "float64": 1.7976931348623157e308}


def nan_to_num(x: Any, copy: bool = True, nan: Any = 0.0, posinf: Any = None, neginf: Any = None) -> Any:
    """numpy/lib/_type_check_impl.py's nan_to_num: the array (a copy unless ``copy=False``) with
    nan, +inf and -inf replaced (NumPy's copyto, same_kind casting), a scalar for 0-d."""
    from .creation import array as make_array
    arr = make_array(x, copy=copy)
    scalar = arr.ndim == 0
    if arr.dtype.kind != "f":
        return arr[()] if scalar else arr
    high = _LIMITS[arr.dtype.name]
    replace = {"nan": nan, "posinf": high if posinf is None else posinf,
               "neginf": -high if neginf is None else neginf}
    stored = {}
    for name, value in replace.items():
        source = core.asarray(value) if not core.is_python_scalar(value) else value
        strong = not core.is_python_scalar(source)
        if strong and not core.can_cast_dtypes(source.dtype, arr.dtype, "same_kind"):
            raise TypeError(f"Cannot cast scalar from {source.dtype!r} to {arr.dtype!r} according "
                            "to the rule 'same_kind'")  # (NumPy's plain TypeError)
        if not core.is_python_scalar(source) and source.ndim:
            raise Refused("nan_to_num with an array replacement")
        plain = source if core.is_python_scalar(source) else source.flat_values()[0]
        if isinstance(plain, complex):
            raise Refused("a complex replacement value")
        stored[name] = core.cast(plain, arr.dtype)
    arr._writable()
    data = arr._data
    for i in arr._offsets():
        v = data[i]
        if math.isnan(v):
            data[i] = stored["nan"]
        elif v == math.inf:
            data[i] = stored["posinf"]
        elif v == -math.inf:
            data[i] = stored["neginf"]
    return arr[()] if scalar else arr


def iscomplex(x: Any) -> Any:
    a = array(x)
    result = core.make([False] * a.size, a.shape, core.BOOL)
    return result[()]


def isreal(x: Any) -> Any:
    """``imag(x) == 0``: a Python number's imag is 0 (True), an array's zeros of its dtype."""
    if core.is_python_scalar(x):
        return True
    if isinstance(x, complex):
        return x.imag == 0
    a = array(x)
    if a.ndim == 0:
        return core.True_
    return core.make([True] * a.size, a.shape, core.BOOL)


def real_if_close(a: Any, tol: Any = 100) -> core.ndarray:
    return array(a)


def min_scalar_type(a: Any) -> core.DType:
    """The smallest dtype holding ``a``'s value (an array of ndim > 0: its dtype). Integers:
    unsigned when not negative; floats: float16 / float32 when within +-65000 / +-3.4e38 (nan
    and inf: float16), NumPy's value-based rule."""
    if isinstance(a, str) or (isinstance(a, core.ndarray) and a.dtype.kind == "U"):
        raise Refused("min_scalar_type of a string")
    if type(a) is int and not -(1 << 63) <= a < (1 << 64):
        raise Refused("min_scalar_type of a Python int past uint64 (object)")
    arr = core.asarray(a)
    if arr.ndim:
        return arr.dtype
    dt = arr.dtype
    value = arr.flat_values()[0]
    if dt.kind == "b":
        return dt
    if dt.kind in "iu":
        return ufuncs._smallest(int(value))
    return min(ufuncs._smallest(float(value)), dt, key=lambda d: d.itemsize)


EXPORTS: dict[str, object] = {
    "fix": fix, "nan_to_num": nan_to_num, "iscomplex": iscomplex, "isreal": isreal,
    "real_if_close": real_if_close, "min_scalar_type": min_scalar_type,
}
