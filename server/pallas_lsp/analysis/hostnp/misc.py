"""NumPy's index and number helpers: ndindex / ndenumerate (iterators), unravel_index,
ravel_multi_index, binary_repr, base_repr, iterable, isscalar, polyval.

binary_repr and base_repr follow numpy/_core/numeric.py line for line (Python integers, so no
overflow). Refused: negative dimensions in unravel_index (NumPy's message there is an artefact
of its arithmetic).
"""

from __future__ import annotations

import itertools
import math
import numbers
import operator
from typing import Any

from ..python.real import Refused
from . import core
from .flatops import array, c_strides, dtype, new, scalar


class ndindex:
    """np.ndindex: the index tuples of a shape in C order (Python ints)."""

    def __init__(self, *shape: Any) -> None:
        if len(shape) == 1 and isinstance(shape[0], tuple):
            shape = shape[0]
        dims = []
        for n in shape:
            if isinstance(n, (float, core.bool_)) or not isinstance(n, int):
                raise TypeError(f"'{core._type_name(n)}' object cannot be interpreted as an integer")
            if n < 0:
                raise ValueError("negative dimensions are not allowed")
            dims.append(int(n))
        core.check_size(tuple(dims))
        self._it = itertools.product(*[range(n) for n in dims])

    def __iter__(self) -> ndindex:
        return self

    def __next__(self) -> tuple[int, ...]:
        return next(self._it)


class ndenumerate:
    """np.ndenumerate: (index tuple, NumPy scalar) pairs in C order."""

    def __init__(self, arr: object) -> None:
        a = array(arr)
        self._it = zip(itertools.product(*[range(n) for n in a.shape]),
                       [scalar(v, a.dtype) for v in a.flat_values()], strict=True)

    def __iter__(self) -> ndenumerate:
        return self

    def __next__(self) -> tuple[tuple[int, ...], object]:
        return next(self._it)


def _int_array(value: object) -> core.ndarray:
    a = array(value)
    if a.dtype.kind not in "iu":
        if a.size == 0 and isinstance(value, (list, tuple)):
            raise TypeError("indices must be integral: the provided empty sequence was inferred as float. "
                            "Wrap it with 'np.array(indices, dtype=np.intp)'")
        raise TypeError("only int indices permitted")
    return a


def _dims(shape: object) -> tuple[int, ...]:
    items = shape if isinstance(shape, (tuple, list)) else [shape]
    dims = tuple(operator.index(n) for n in items)  # type: ignore[arg-type]
    if any(n < 0 for n in dims):
        raise Refused("unravel_index / ravel_multi_index with a negative dimension")
    return dims


def unravel_index(indices: object, shape: object, order: str = "C") -> tuple[object, ...]:
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    a = _int_array(indices)
    dims = _dims(shape)
    size = math.prod(dims)
    strides = _strides(dims, order)
    columns: list[list[int]] = [[] for _ in dims]
    for i in a.flat_values():
        if not 0 <= i < size:
            raise ValueError(f"index {i} is out of bounds for array with size {size}")
        for d, stride in enumerate(strides):
            columns[d].append((i // stride) % dims[d])
    if a.ndim == 0:
        return tuple(scalar(c[0], dtype("int64")) for c in columns)
    return tuple(new(c, a.shape, dtype("int64")) for c in columns)


def _strides(dims: tuple[int, ...], order: str) -> list[int]:
    if order == "C":
        return list(c_strides(dims))
    return list(reversed(c_strides(tuple(reversed(dims)))))


def ravel_multi_index(multi_index: object, dims: object, mode: object = "raise", order: str = "C") -> object:
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    shape = _dims(dims)
    items = multi_index if isinstance(multi_index, (tuple, list)) else [multi_index]
    coords = [_int_array(c) for c in items]
    if len(coords) != len(shape):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(shape)}")
    modes = list(mode) if isinstance(mode, (tuple, list)) else [mode] * len(shape)
    if len(modes) != len(shape) or any(m not in ("raise", "wrap", "clip") for m in modes):
        raise Refused("ravel_multi_index mode")
    out_shape = core.broadcast_shapes(*(c.shape for c in coords))
    count = math.prod(out_shape)
    columns = [_broadcast_values(c, out_shape) for c in coords]
    strides = _strides(shape, order)
    out = []
    for k in range(count):
        flat = 0
        for d in range(len(shape)):
            i = columns[d][k]
            if not 0 <= i < shape[d]:
                if modes[d] == "raise":
                    raise ValueError("invalid entry in coordinates array")
                i = i % shape[d] if modes[d] == "wrap" else min(max(i, 0), shape[d] - 1)
            flat += i * strides[d]
        out.append(flat)
    if not out_shape:
        return scalar(out[0], dtype("int64"))
    return new(out, out_shape, dtype("int64"))


def _broadcast_values(a: core.ndarray, shape: tuple[int, ...]) -> list[int]:
    values = a.flat_values()
    lead = len(shape) - a.ndim
    src = c_strides(a.shape)
    out = []
    for coords in itertools.product(*[range(n) for n in shape]):
        out.append(values[sum(c * s for c, n, s in zip(coords[lead:], a.shape, src, strict=True) if n != 1)])
    return out


def binary_repr(num: object, width: int | None = None) -> str:
    def insufficient(binwidth: int) -> None:
        if width is not None and width < binwidth:
            raise ValueError(f"Insufficient bit width={width} provided for binwidth={binwidth}")

    value = operator.index(num)  # type: ignore[arg-type]
    if value == 0:
        return "0" * (width or 1)
    if value > 0:
        binary = f"{value:b}"
        insufficient(len(binary))
        return binary.zfill(len(binary) if width is None else max(len(binary), width))
    if width is None:
        return f"-{-value:b}"
    poswidth = len(f"{-value:b}")
    if 2 ** (poswidth - 1) == -value:
        poswidth -= 1
    binary = f"{2 ** (poswidth + 1) + value:b}"
    insufficient(len(binary))
    return "1" * (max(len(binary), width) - len(binary)) + binary


def base_repr(number: object, base: int = 2, padding: int = 0) -> str:
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if base > len(digits):
        raise ValueError("Bases greater than 36 not handled in base_repr.")
    if base < 2:
        raise ValueError("Bases less than 2 not handled in base_repr.")
    num = abs(int(number))  # type: ignore[call-overload]
    res = []
    while num:
        res.append(digits[num % base])
        num //= base
    if padding:
        res.append("0" * padding)
    if number < 0:  # type: ignore[operator]
        res.append("-")
    return "".join(reversed(res or "0"))


def polyval(p: object, x: object) -> object:
    """np.polyval: Horner's rule in numpy/lib/_polynomial_impl.py's order (y = y * x + pv from
    zeros_like(x)), so each rounding and each result dtype is NumPy's."""
    if type(p).__name__ == "poly1d" or type(x).__name__ == "poly1d":
        raise Refused("np.poly1d is not modelled")
    from .creation import zeros_like
    coefficients = core.asarray(p)
    points = core.asarray(x)
    y: Any = zeros_like(points)
    for pv in coefficients:
        y = y * points + pv
    return y


def iterable(y: object) -> bool:
    try:
        iter(y)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def isscalar(element: object) -> bool:
    return isinstance(element, (core.generic, str, bytes, memoryview, numbers.Number))


EXPORTS: dict[str, object] = {
    "ndindex": ndindex, "ndenumerate": ndenumerate, "unravel_index": unravel_index,
    "ravel_multi_index": ravel_multi_index, "binary_repr": binary_repr, "base_repr": base_repr,
    "iterable": iterable, "isscalar": isscalar, "polyval": polyval,
}
