"""NumPy 2's set functions of the array API: unique_all, unique_counts, unique_inverse,
unique_values (named tuples of np.unique's arrays), and setxor1d.

Their ``equal_nan=False`` is np.unique's: the same as True on arrays without NaN, which is all
this module computes (NaNs are refused). unique_values is NumPy's ``unique(sorted=False)``,
whose order NumPy 2.3+ leaves to a hash table for integers and bools: refused there unless at
most one value remains (floats are sorted). np.in1d is not in NumPy 2.5 (removed), so not here.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..python.real import Refused
from . import core
from .flatops import array, is_nan


class UniqueAllResult(NamedTuple):
    values: Any
    indices: Any
    inverse_indices: Any
    counts: Any


class UniqueCountsResult(NamedTuple):
    values: Any
    counts: Any


class UniqueInverseResult(NamedTuple):
    values: Any
    inverse_indices: Any


for _cls in (UniqueAllResult, UniqueCountsResult, UniqueInverseResult):
    _cls.__module__ = "numpy.lib._arraysetops_impl"
del _cls


def _unique(x: Any, **flags: bool) -> Any:
    from .searching import unique
    a = array(x)
    if a.dtype.kind == "f" and any(is_nan(v) for v in a.flat_values()):
        raise Refused("np.unique with equal_nan=False of NaNs")
    return unique(a, **flags)


def unique_all(x: Any) -> UniqueAllResult:
    return UniqueAllResult(*_unique(x, return_index=True, return_inverse=True, return_counts=True))


def unique_counts(x: Any) -> UniqueCountsResult:
    return UniqueCountsResult(*_unique(x, return_counts=True))


def unique_inverse(x: Any) -> UniqueInverseResult:
    return UniqueInverseResult(*_unique(x, return_inverse=True))


def unique_values(x: Any) -> core.ndarray:
    found = _unique(x)
    if found.dtype.kind != "f" and found.size > 1:
        raise Refused("unique_values' hash order of integers, bools or strings")
    return found  # type: ignore[no-any-return]


def setxor1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> core.ndarray:
    """numpy/lib/_arraysetops_impl.py's setxor1d: the sorted values in exactly one input."""
    from .searching import sort, unique
    from .shaping import concatenate
    left, right = (ar1, ar2) if assume_unique else (unique(ar1), unique(ar2))
    aux = concatenate((left, right), axis=None)
    if aux.size == 0:
        return aux
    aux = sort(aux)
    if aux.dtype.kind == "f" and any(is_nan(v) for v in aux.flat_values()):
        raise Refused("setxor1d of NaNs")
    values = aux.flat_values()
    flag = [True] + [values[i + 1] != values[i] for i in range(len(values) - 1)] + [True]
    kept = [v for i, v in enumerate(values) if flag[i + 1] and flag[i]]
    return core.make(kept, (len(kept),), aux.dtype)


EXPORTS: dict[str, object] = {
    "unique_all": unique_all, "unique_counts": unique_counts, "unique_inverse": unique_inverse,
    "unique_values": unique_values, "setxor1d": setxor1d,
}
