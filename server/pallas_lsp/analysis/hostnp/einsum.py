"""np.einsum: explicit ('ij,jk->ik') and implicit ('ij,jk') subscripts, repeated labels (traces,
diagonals), '...' broadcasting, with the parser's errors of NumPy's C einsum.

One operand whose labels all reach the output is NumPy's view (a transpose, a diagonal: a
strided view of the operand's storage). Otherwise every output element is the sum of the
products of its operands' elements: integers wrap in the result dtype, bools are or-of-ands;
a float result is computed only when every product is exact and every summation order gives
the same sum (products.py's rule: NumPy's loops sum in an order of their choosing). Refused:
the interleaved (operand, sublist) form, ``optimize=`` other than False, ``out=``, ``dtype=``,
``casting=`` / ``order=`` other than the defaults, and broadcasting errors between operands
whose iterator NumPy remaps in ways not modelled.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any

from ..python.real import Refused
from . import core
from .flatops import array, exact_sum, new, rounder, scalar

_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_WORK = 1 << 21


def _parse_operand(text: str, ndim: int, position: int) -> list[object]:
    """One operand's labels, its '...' dims as the ints 0..k (right-aligned broadcast dims)."""
    labels: list[object] = []
    ellipsis_at = -1
    i = 0
    while i < len(text):
        char = text[i]
        if char == " ":
            i += 1
            continue
        if char == ".":
            if text[i:i + 3] != "..." or ellipsis_at >= 0:
                raise ValueError("einstein sum subscripts string contains a '.' that is not part of an "
                                 f"ellipsis ('...') in operand {position}")
            ellipsis_at = len(labels)
            i += 3
            continue
        if char not in _LETTERS:
            raise ValueError(f"invalid subscript '{char}' in einstein sum subscripts string, subscripts "
                             "must be letters")
        labels.append(char)
        i += 1
    if ellipsis_at < 0:
        if len(labels) > ndim:
            raise ValueError("einstein sum subscripts string contains too many subscripts for operand "
                             f"{position}")
        if len(labels) < ndim:
            raise ValueError("operand has more dimensions than subscripts given in einstein sum, but no "
                             "'...' ellipsis provided to broadcast the extra dimensions.")
        return labels
    extra = ndim - len(labels)
    if extra < 0:
        raise ValueError("einstein sum subscripts string contains too many subscripts for operand "
                         f"{position}")
    return labels[:ellipsis_at] + [-(extra - k) for k in range(extra)] + labels[ellipsis_at:]


def _parse_output(text: str, counts: dict[object, int], broadcast: int) -> list[object]:
    labels: list[object] = []
    ellipsis = False
    i = 0
    while i < len(text):
        char = text[i]
        if char == " ":
            i += 1
            continue
        if char == ".":
            if text[i:i + 3] != "..." or ellipsis:
                raise ValueError("einstein sum subscripts string contains a '.' that is not part of an "
                                 "ellipsis ('...') in the output")
            ellipsis = True
            labels.extend(-(broadcast - k) for k in range(broadcast))
            i += 3
            continue
        if char not in _LETTERS:
            raise ValueError(f"invalid subscript '{char}' in einstein sum subscripts string, subscripts "
                             "must be letters")
        if char in labels:
            raise ValueError(f"einstein sum subscripts string includes output subscript '{char}' multiple "
                             "times")
        if char not in counts:
            raise ValueError(f"einstein sum subscripts string included output subscript '{char}' which never "
                             "appeared in an input")
        labels.append(char)
        i += 1
    if broadcast and not ellipsis:
        raise ValueError("output has more dimensions than subscripts given in einstein sum, but no '...' "
                         "ellipsis provided to broadcast the extra dimensions.")
    return labels


def einsum(*operands: Any, out: Any = None, optimize: Any = False, dtype: Any = None, order: Any = "K",
           casting: Any = "safe", **kwargs: Any) -> Any:
    if kwargs:
        raise TypeError(f"einsum() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if out is not None or dtype is not None or order != "K" or casting != "safe":
        raise Refused("einsum with out= / dtype= / order= / casting=")
    if optimize is not False:
        raise Refused("einsum(optimize=...)")
    if not operands or not isinstance(operands[0], str):
        raise Refused("einsum's interleaved (operand, sublist) form")
    subscripts = operands[0]
    arrays = [array(op) for op in operands[1:]]
    if any(a.dtype.kind == "U" for a in arrays):
        raise Refused("einsum of strings")
    head, arrow, tail = subscripts.partition("->")
    parts = head.split(",")
    if len(arrays) < len(parts):
        raise ValueError("more operands provided to einstein sum function than specified in the subscripts "
                         "string")
    if len(arrays) > len(parts):
        raise ValueError("fewer operands provided to einstein sum function than specified in the subscripts "
                         "string")
    if arrow and "->" in tail:
        raise ValueError("einstein sum subscripts string includes output subscript "
                         f"'{_first_repeat(tail)}' multiple times")
    op_labels = [_parse_operand(text, a.ndim, k)
                 for k, (text, a) in enumerate(zip(parts, arrays, strict=True))]
    sizes: dict[object, int] = {}
    counts: dict[object, int] = {}
    for k, (labels, a) in enumerate(zip(op_labels, arrays, strict=True)):
        seen: dict[object, int] = {}
        for label, n in zip(labels, a.shape, strict=True):
            counts[label] = counts.get(label, 0) + 1
            if label in seen and seen[label] != n:
                raise ValueError(f"dimensions in operand {k} for collapsing index '{label}' don't match "
                                 f"({seen[label]} != {n})")
            seen[label] = n
    broadcast = max((sum(1 for label in labels if isinstance(label, int)) for labels in op_labels), default=0)
    if arrow:
        output = _parse_output(tail, counts, broadcast)
    else:
        output = [-(broadcast - k) for k in range(broadcast)]
        output += sorted((label for label, c in counts.items() if isinstance(label, str) and c == 1), key=ord)
    summed = sorted((label for label in counts if label not in output), key=lambda x: (0, ord(x)) if
                    isinstance(x, str) else (-1, x))
    order_ = output + summed
    for labels, a in zip(op_labels, arrays, strict=True):
        for label, n in zip(labels, a.shape, strict=True):
            if label not in sizes or sizes[label] == 1:
                sizes[label] = n
            elif n not in (1, sizes[label]):
                raise _mismatch(op_labels, arrays, order_)
    if len(arrays) == 1 and not summed:
        view = _view(arrays[0], op_labels[0], output)
        return view[()] if not output else view
    return _contract(arrays, op_labels, output, summed, sizes)


def _first_repeat(text: str) -> str:
    seen = set()
    for char in text:
        if char in _LETTERS and char in seen:
            return char
        seen.add(char)
    raise Refused("an einsum output with several '->'")


def _mismatch(op_labels: list[list[object]], arrays: list[core.ndarray], order: list[object]) -> Exception:
    if any(len(set(labels)) != len(labels) for labels in op_labels) or any(
            label not in labels for labels in op_labels for label in order):
        return Refused("einsum operands that do not broadcast (NumPy's remapped shapes)")
    texts = []
    for labels, a in zip(op_labels, arrays, strict=True):
        remapped = tuple(a.shape[labels.index(label)] for label in order)
        texts.append(f"{core._compact(a.shape)}->{core._compact(remapped)}")
    return ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: "
                      + " ".join(texts) + " ")


def _view(a: core.ndarray, labels: list[object], output: list[object]) -> core.ndarray:
    strides = [sum(s for label, s in zip(labels, a._strides, strict=True) if label == wanted)
               for wanted in output]
    shape = [a.shape[labels.index(wanted)] for wanted in output]
    return core.ndarray._new(a._data, a._offset, tuple(shape), tuple(strides), a.dtype, a._owner())


def _contract(arrays: list[core.ndarray], op_labels: list[list[object]], output: list[object],
              summed: list[object], sizes: dict[object, int]) -> Any:
    dt = core.result_type(*arrays)
    out_shape = tuple(sizes[label] for label in output)
    core.check_size(out_shape)
    terms_per = math.prod(sizes[label] for label in summed)
    if math.prod(out_shape) * terms_per * max(len(arrays), 1) > _WORK:
        raise Refused("an einsum of too many multiply-adds")
    values = []
    for a in arrays:
        flat = a.flat_values()
        values.append(flat if a.dtype is dt else [core.cast(v, dt) for v in flat])
    position = {label: k for k, label in enumerate(output + summed)}
    getters = []
    for labels, a in zip(op_labels, arrays, strict=True):
        strides = core.c_strides(a.shape)
        getters.append([(position[label], stride if a.shape[d] != 1 else 0)
                        for d, (label, stride) in enumerate(zip(labels, strides, strict=True))])
    results = []
    store = rounder(dt)
    for out_index in itertools.product(*[range(n) for n in out_shape]):
        terms = []
        for inner in itertools.product(*[range(sizes[label]) for label in summed]):
            full = out_index + inner
            terms.append([values[k][sum(full[p] * s for p, s in getter)] for k, getter in enumerate(getters)])
        results.append(_reduce(terms, dt, store))
    if not out_shape:
        return scalar(results[0], dt)
    return new(results, out_shape, dt)


def _reduce(terms: list[list[Any]], dt: core.DType, store: Any) -> Any:
    if dt.kind == "b":
        return any(all(bool(v) for v in term) for term in terms)
    if dt.kind in "iu":
        return store(sum(math.prod(int(v) for v in term) for term in terms))
    products = []
    for term in terms:
        exact = Fraction(1)
        for v in term:
            if not math.isfinite(v):
                raise Refused("an einsum of non-finite floats")
            exact *= Fraction(v)
        p = store(float(exact)) if abs(exact) < 1e308 else math.inf
        if not math.isfinite(p) or Fraction(p) != exact:
            raise Refused("an einsum product that rounds")
        products.append(p)
    total = exact_sum(products, core.dtype("float32") if dt.itemsize == 2 else dt)
    if total is None:
        raise Refused("an einsum float sum whose order NumPy's loops decide")
    return store(total)


EXPORTS: dict[str, object] = {"einsum": einsum}
