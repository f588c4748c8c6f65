"""NumPy's functions that call a program's function: vectorize, apply_along_axis, fromfunction
(and frompyfunc, refused).

The function is whatever the caller hands over (through the bridge: a stand-in that calls back
into the analysed program). np.vectorize follows numpy/lib/_function_base_impl.py: without
``otypes`` it calls the function first on the inputs' first elements as NumPy scalars to learn
the output dtypes (``asarray(result).dtype``) and the number of outputs, then on every element
of the broadcast inputs as Python values (NumPy's object arrays), and converts the results to
those dtypes (a Python int out of range is NumPy's OverflowError, a float for an integer dtype
truncates). Refused: vectorize's ``excluded=``, ``signature=``, ``cache=True`` and keyword
arguments at the call, results that are not numbers, string inputs; np.frompyfunc (its results
are object arrays).
"""

from __future__ import annotations

import math
from typing import Any

from ..python.real import Refused
from . import core
from .flatops import array, broadcast_cast

_TYPECODES = "?bhilqnpBHILQNPefdgFDGSUVOMm"
_MODELLED = {"?": "bool", "b": "int8", "h": "int16", "i": "int32", "l": "int64", "q": "int64", "n": "int64",
             "p": "int64", "B": "uint8", "H": "uint16", "I": "uint32", "L": "uint64", "Q": "uint64",
             "N": "uint64", "P": "uint64", "e": "float16", "f": "float32", "d": "float64"}


class vectorize:
    """np.vectorize: calling it applies the function elementwise (NumPy's output-type rules)."""

    def __init__(self, pyfunc: Any = core._NoValue, otypes: Any = None, doc: Any = None, excluded: Any = None,
                 cache: bool = False, signature: Any = None) -> None:
        if isinstance(pyfunc, core.ndarray):  # NumPy's ``pyfunc != np._NoValue`` is an array there
            bool(core.make([True] * pyfunc.size, pyfunc.shape, core.BOOL))
        if pyfunc is not core._NoValue and not callable(pyfunc):
            raise TypeError("When used as a decorator, only accepts keyword arguments.")
        if excluded or signature is not None or cache:
            raise Refused("np.vectorize with excluded= / signature= / cache=True")
        self.pyfunc = pyfunc
        self.cache = cache
        self.signature = signature
        self.excluded: set[Any] = set()
        self.__doc__ = doc if doc is not None else getattr(pyfunc, "__doc__", None)
        if isinstance(otypes, str):
            for char in otypes:
                if char not in _TYPECODES:
                    raise ValueError(f"Invalid otype specified: {char}")
        elif isinstance(otypes, (list, tuple)):
            otypes = "".join(core.dtype(t).char for t in otypes)
        elif otypes is not None:
            raise Refused("np.vectorize otypes of that kind")
        self.otypes = otypes

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.pyfunc is core._NoValue:
            if len(args) != 1 or kwargs:
                raise Refused("np.vectorize's second stage with arguments")
            if not callable(args[0]):
                raise TypeError("When used as a decorator, only accepts keyword arguments.")
            self.pyfunc = args[0]
            return self
        if kwargs:
            raise Refused("keyword arguments to a vectorized function")
        func = self.pyfunc
        if not args:
            return func()
        arrays = [array(a) for a in args]
        if any(a.dtype.kind == "U" for a in arrays):
            raise Refused("np.vectorize of strings")
        if self.otypes is not None:
            otypes = self.otypes
        else:
            if any(a.size == 0 for a in arrays):
                raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
            first = func(*[core.to_scalar(a.flat_values()[0], a.dtype) for a in arrays])
            outputs = first if isinstance(first, tuple) else (first,)
            otypes = "".join(_result_dtype(v).char for v in outputs)
        targets = []
        for char in otypes:
            if char not in _MODELLED:
                raise Refused(f"np.vectorize output type {char!r}")
            targets.append(core.dtype(_MODELLED[char]))
        from .ufuncs import broadcast_operands
        shape = broadcast_operands(arrays)
        core.check_size(shape)
        columns = [broadcast_cast(a, shape, a.dtype) for a in arrays]
        nout = len(targets)
        results: list[list[Any]] = [[] for _ in targets]
        for row in zip(*columns, strict=True):
            made = func(*row)
            if nout > 1:
                if not isinstance(made, tuple) or len(made) != nout:
                    raise Refused("a vectorized function's outputs of another count")
                parts = made
            else:
                parts = (made,)
            for k, part in enumerate(parts):
                results[k].append(_convert(part, targets[k]))
        made_arrays = tuple(core.make(values, shape, dt) for values, dt in zip(results, targets, strict=True))
        return made_arrays[0] if nout == 1 else made_arrays


def _result_dtype(value: Any) -> core.DType:
    if isinstance(value, (core.ndarray, core.generic)) or core.is_python_scalar(value):
        found = core.asarray(value).dtype
        if found.kind == "U":
            raise Refused("a vectorized function returning strings")
        return found
    raise Refused(f"a vectorized function returning {type(value).__name__}")


def _convert(value: Any, dt: core.DType) -> Any:
    """An object array's element cast to ``dt`` (NumPy's object-to-number casts)."""
    if isinstance(value, core.ndarray):
        if value.ndim:
            raise Refused("a vectorized function returning an array")
        value = core.to_scalar(value.flat_values()[0], value.dtype)
    if type(value) is int:
        if dt.kind in "iu" and not -(1 << 63) <= value < (1 << 63):
            raise OverflowError("Python int too large to convert to C long")
        return core._convert_python(value, dt)
    if type(value) is float:
        if dt.kind in "iu":
            if not math.isfinite(value) or not -(1 << 63) <= value < (1 << 63):
                raise Refused("a non-finite or huge float cast to an integer")
            return core._convert_python(int(value), dt)
        return core.cast(value, dt)
    if type(value) is bool:
        return core.cast(value, dt)
    if isinstance(value, core.generic):
        plain = value.item()
        low, high = core.bounds(dt)
        if dt.kind in "iu" and isinstance(plain, int) and not low <= plain <= high:
            raise Refused("a NumPy integer out of the output dtype's range")
        if dt.kind in "iu" and isinstance(plain, float) and not math.isfinite(plain):
            raise Refused("a non-finite float cast to an integer")
        return core.cast(plain, dt)
    raise Refused(f"a vectorized function returning {type(value).__name__}")


def apply_along_axis(func1d: Any, axis: Any, arr: Any, *args: Any, **kwargs: Any) -> core.ndarray:
    """numpy/lib/_shape_base_impl.py's apply_along_axis, step by step."""
    from .creation import zeros_like
    from .misc import ndindex
    a = array(arr)
    nd = a.ndim
    ax = core.normalize_axis(axis, nd)
    dims = list(range(nd))
    view = a.transpose(dims[:ax] + dims[ax + 1:] + [ax])
    indices = [(*ind, Ellipsis) for ind in ndindex(view.shape[:-1])]
    if not indices:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    res = core.asarray(func1d(view[indices[0]], *args, **kwargs))
    buff = zeros_like(res, shape=view.shape[:-1] + res.shape)
    buff_dims = list(range(buff.ndim))
    permute = buff_dims[0:ax] + buff_dims[buff.ndim - res.ndim:buff.ndim] + buff_dims[ax:buff.ndim - res.ndim]
    buff[indices[0]] = res
    for ind in indices[1:]:
        buff[ind] = core.asarray(func1d(view[ind], *args, **kwargs))
    return buff.transpose(permute)


def fromfunction(function: Any, shape: Any, *, dtype: Any = float, like: Any = None, **kwargs: Any) -> Any:
    from .creation import indices
    if like is not None:
        raise Refused("like=")
    grid = indices(shape, dtype=dtype)
    return function(*[grid[k] for k in range(len(grid))], **kwargs)


def frompyfunc(func: Any, nin: Any, nout: Any, *, identity: Any = None) -> Any:
    raise Refused("np.frompyfunc makes object arrays")


EXPORTS: dict[str, object] = {
    "vectorize": vectorize, "apply_along_axis": apply_along_axis, "fromfunction": fromfunction,
    "frompyfunc": frompyfunc,
}
