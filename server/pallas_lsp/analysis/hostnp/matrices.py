"""NumPy's matrix-shaped helpers: tril, triu, diag, diagflat, vander, rot90.

Each is NumPy's own Python (numpy/lib/_twodim_base_impl.py, _function_base_impl.py) over this
package's tri, where, zeros, flip and transpose, so its dtypes, broadcasting (``tril`` of a 1-d
array is 2-d) and errors are theirs. rot90 returns NumPy's views; diag of a 2-d array is a copy
(NumPy's read-only view: writing to it is NumPy's error, not modelled). Not modelled: rot90's
DeprecationWarning for a non-integer k (the value is computed, as NumPy does).
"""

from __future__ import annotations

import operator
from typing import Any

from . import core
from .flatops import array


def tril(m: Any, k: Any = 0) -> core.ndarray:
    from .creation import tri, zeros
    from .ufuncs import where
    a = array(m)
    mask = tri(*a.shape[-2:], k=k, dtype=bool)
    return where(mask, a, zeros(1, a.dtype))  # type: ignore[no-any-return]


def triu(m: Any, k: Any = 0) -> core.ndarray:
    from .creation import tri, zeros
    from .ufuncs import where
    a = array(m)
    mask = tri(*a.shape[-2:], k=k - 1, dtype=bool)
    return where(mask, zeros(1, a.dtype), a)  # type: ignore[no-any-return]


def _diagonal_matrix(values: list[Any], k: int, dt: core.DType) -> core.ndarray:
    n = len(values) + abs(k)
    core.check_size((n, n))
    out = [core.cast(0, dt)] * (n * n)
    for i, v in enumerate(values):
        row, col = (i, i + k) if k >= 0 else (i - k, i)
        out[row * n + col] = v
    return core.make(out, (n, n), dt)


def diag(v: Any, k: Any = 0) -> core.ndarray:
    from .shaping import diagonal
    a = array(v)
    if a.dtype.kind == "U":
        core.text_allowed()
    if a.ndim == 1:
        return _diagonal_matrix(a.flat_values(), operator.index(k), a.dtype)
    if a.ndim == 2:
        return diagonal(a, k)
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v: Any, k: Any = 0) -> core.ndarray:
    a = array(v)
    return _diagonal_matrix(a.flat_values(), operator.index(k), a.dtype)


def vander(x: Any, N: Any = None, increasing: bool = False) -> core.ndarray:
    """Column k is x**k by repeated multiplication in the result dtype (NumPy's
    multiply.accumulate), int64 for bools and narrower integers."""
    from .creation import zeros
    from .ufuncs import multiply
    a = array(x)
    if a.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    count = len(a) if N is None else N
    dt = core.promote_types(a.dtype, int)
    result = zeros((len(a), count), dt)
    columns = []
    if result.shape[1] > 0:
        columns.append(core.make([core.cast(1, dt)] * len(a), (len(a),), dt))
    if result.shape[1] > 1:
        current = a.astype(dt)
        columns.append(current)
        for _ in range(result.shape[1] - 2):
            current = core.asarray(multiply(current, a.astype(dt)))
            columns.append(current)
    if not increasing:
        columns.reverse()
    values = [col.flat_values()[i] for i in range(len(a)) for col in columns]
    return core.make(values, result.shape, dt)


def rot90(m: Any, k: Any = 1, axes: Any = (0, 1)) -> core.ndarray:
    from .shaping import flip, transpose
    pair = tuple(axes)
    if len(pair) != 2:
        raise ValueError("len(axes) must be 2.")
    a = array(m)
    if pair[0] == pair[1] or abs(pair[0] - pair[1]) == a.ndim:
        raise ValueError("Axes must be different.")
    if pair[0] >= a.ndim or pair[0] < -a.ndim or pair[1] >= a.ndim or pair[1] < -a.ndim:
        raise ValueError(f"Axes={pair} out of range for array of ndim={a.ndim}.")
    try:
        turns = operator.index(k)
    except TypeError:
        turns = int(k)
    turns %= 4
    if turns == 0:
        return a[:]  # type: ignore[no-any-return]
    if turns == 2:
        return flip(flip(a, pair[0]), pair[1])
    order = list(range(a.ndim))
    order[pair[0]], order[pair[1]] = order[pair[1]], order[pair[0]]
    if turns == 1:
        return transpose(flip(a, pair[1]), order)
    return flip(transpose(a, order), pair[1])


EXPORTS: dict[str, object] = {
    "tril": tril, "triu": triu, "diag": diag, "diagflat": diagflat, "vander": vander, "rot90": rot90,
}
