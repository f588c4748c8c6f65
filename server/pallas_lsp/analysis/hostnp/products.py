"""NumPy's products: dot, matmul, inner, outer.

Integer and bool products are exact (integers wrap in the promoted dtype, bools are or-of-ands).
Float dot products run in BLAS (or a SIMD loop) whose summation order is not NumPy's to say,
so a float result is computed only when every order gives it: each product and every partial
sum an integer below 2**mantissa. Other float contractions are refused. outer is elementwise
and always exact.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from ..python.real import Refused
from . import core
from .flatops import array, c_strides, exact_sum, new, no_out, rounder, scalar


def _contract(pairs: list[list[tuple[object, object]]], dt: core.DType) -> list:
    """Per output element, the sum of products of its pairs, as NumPy's loops give it."""
    if dt.kind == "b":
        return [any(bool(x) and bool(y) for x, y in pair) for pair in pairs]
    store = rounder(dt)
    if dt.kind in "iu":
        return [store(sum(int(x) * int(y) for x, y in pair)) for pair in pairs]  # type: ignore[call-overload]
    out = []
    for pair in pairs:
        products = []
        for x, y in pair:
            p = float(x) * float(y)  # type: ignore[arg-type]
            if not math.isfinite(p) or Fraction(p) != Fraction(x) * Fraction(y):  # type: ignore[arg-type]
                raise Refused("a float dot product that rounds")
            products.append(p)
        # NumPy's float16 dot accumulates in float32 and rounds once at the end.
        total = exact_sum(products, core.dtype("float32") if dt.itemsize == 2 else dt)
        if total is None:
            raise Refused("a float dot product whose summation order BLAS decides")
        out.append(store(total))
    return out



_WORK = 1 << 21  # multiply-adds: a product bigger than this is not a host computation worth modelling


def _check_work(count: int) -> None:
    if count > _WORK:
        raise Refused(f"a product of {count} multiply-adds")


def _values(a: core.ndarray, dt: core.DType) -> list:
    return a.flat_values() if a.dtype is dt else [core.cast(v, dt) for v in a.flat_values()]


def _not_aligned(a: core.ndarray, b: core.ndarray, da: int, db: int) -> ValueError:
    def text(shape: tuple[int, ...]) -> str:
        return "(" + ",".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"

    return ValueError(f"shapes {text(a.shape)} and {text(b.shape)} not aligned: {a.shape[da]} (dim {da}) != "
                      f"{b.shape[db]} (dim {db})")


def _tensordot(a: core.ndarray, b: core.ndarray, da: int, db: int, dt: core.DType) -> object:
    """Contract axis ``da`` of ``a`` with axis ``db`` of ``b``: result axes a's rest then b's rest."""
    if a.shape[da] != b.shape[db]:
        raise _not_aligned(a, b, da, db)
    av, bv = _values(a, dt), _values(b, dt)
    sa, sb = c_strides(a.shape), c_strides(b.shape)
    rest_a = [d for d in range(a.ndim) if d != da]
    rest_b = [d for d in range(b.ndim) if d != db]
    shape = [a.shape[d] for d in rest_a] + [b.shape[d] for d in rest_b]
    core.check_size(tuple(shape))
    _check_work(math.prod(shape) * a.shape[da])
    pairs = []
    for ca in itertools.product(*[range(a.shape[d]) for d in rest_a]):
        base_a = sum(c * sa[d] for c, d in zip(ca, rest_a, strict=True))
        for cb in itertools.product(*[range(b.shape[d]) for d in rest_b]):
            base_b = sum(c * sb[d] for c, d in zip(cb, rest_b, strict=True))
            pairs.append([(av[base_a + k * sa[da]], bv[base_b + k * sb[db]]) for k in range(a.shape[da])])
    values = _contract(pairs, dt)
    if not shape:
        return scalar(values[0], dt)
    return new(values, shape, dt)


def _scale(a: core.ndarray, b: core.ndarray, dt: core.DType, blas: bool = False) -> object:
    """A product with a 0-d operand: elementwise multiplication (``blas``: np.dot's float32 /
    float64 path, BLAS axpy into zeros, which turns -0.0 into 0.0)."""
    big, small = (a, b) if b.ndim == 0 else (b, a)
    factor = _values(small, dt)[0]
    values = [_multiply(x, factor, dt) for x in _values(big, dt)]
    if blas and dt.kind == "f" and dt.itemsize >= 4:
        values = [0.0 + v for v in values]  # type: ignore[operator]
    if big.ndim == 0:
        return scalar(values[0], dt)
    return new(values, big.shape, dt)


def _multiply(x: object, y: object, dt: core.DType) -> object:
    if dt.kind == "b":
        return bool(x) and bool(y)
    return rounder(dt)(x * y)  # type: ignore[operator]


def dot(a: object, b: object, out: object = None) -> object:
    no_out(out)
    x, y = array(a), array(b)
    dt = core.result_type(x, y)
    if x.ndim == 0 or y.ndim == 0:
        return _scale(x, y, dt, blas=True)
    return _tensordot(x, y, x.ndim - 1, 0 if y.ndim == 1 else y.ndim - 2, dt)


def inner(a: object, b: object) -> object:
    x, y = array(a), array(b)
    dt = core.result_type(x, y)
    if x.ndim == 0 or y.ndim == 0:
        return _scale(x, y, dt)
    if x.shape[-1] != y.shape[-1]:
        # NumPy words it as the dot of ``a`` with ``b`` whose last two axes are swapped.
        swapped = core.make(y.flat_values(), y.shape, y.dtype).swapaxes(-1, -2) if y.ndim > 1 else y
        raise _not_aligned(x, swapped, x.ndim - 1, max(y.ndim - 2, 0))
    return _tensordot(x, y, x.ndim - 1, y.ndim - 1, dt)


def outer(a: object, b: object, out: object = None) -> core.ndarray:
    no_out(out)
    x, y = array(a), array(b)
    dt = core.result_type(x, y)
    xs, ys = _values(x, dt), _values(y, dt)
    core.check_size((len(xs), len(ys)))
    return new([_multiply(p, q, dt) for p in xs for q in ys], (len(xs), len(ys)), dt)


_SIGNATURE = "(n?,k),(k,m?)->(n?,m?)"


def matmul(x1: object, x2: object, /, out: object = None, *, casting: object = "same_kind",
           order: object = "K", dtype: object = None, subok: bool = True) -> object:
    no_out(out)
    if dtype is not None:
        raise Refused("matmul(dtype=)")
    a, b = array(x1), array(x2)
    for k, arr in enumerate((a, b)):
        if arr.ndim == 0:
            raise ValueError(f"matmul: Input operand {k} does not have enough dimensions (has 0, gufunc "
                             f"core with signature {_SIGNATURE} requires 1)")
    dt = core.result_type(a, b)
    left = a.reshape(1, a.shape[0]) if a.ndim == 1 else a
    right = b.reshape(b.shape[0], 1) if b.ndim == 1 else b
    n, k = left.shape[-2:]
    k2, m = right.shape[-2:]
    if k != k2:
        raise ValueError("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                         f"signature {_SIGNATURE} (size {k2} is different from {k})")
    try:
        batch = core.broadcast_shapes(left.shape[:-2], right.shape[:-2])
    except ValueError:
        def text(shape: tuple[int, ...], remapped: bool) -> str:
            items = [str(s) for s in (shape[:-2] if remapped else shape)] + ["newaxis", "newaxis"] * remapped
            return "(" + ",".join(items) + ")"
        pairs = " ".join(f"{text(x.shape, False)}->{text(x.shape, True)}" for x in (a, b))
        raise ValueError("operands could not be broadcast together with remapped shapes "
                         f"[original->remapped]: {pairs}  and requested shape "
                         f"{text((n, m), False)}") from None
    core.check_size((*batch, n, m))
    _check_work(math.prod(batch) * n * m * k)
    lv, rv = _values(left, dt), _values(right, dt)
    pairs = []
    for index in itertools.product(*[range(s) for s in batch]):
        lb = _batch_offset(index, left.shape[:-2], n * k)
        rb = _batch_offset(index, right.shape[:-2], k * m)
        for i in range(n):
            for j in range(m):
                pairs.append([(lv[lb + i * k + t], rv[rb + t * m + j]) for t in range(k)])
    values = _contract(pairs, dt)
    shape = list(batch) + ([n] if a.ndim > 1 else []) + ([m] if b.ndim > 1 else [])
    if not shape:
        return scalar(values[0], dt)
    return new(values, shape, dt)


def _batch_offset(index: tuple[int, ...], shape: tuple[int, ...], block: int) -> int:
    """The flat start of a broadcast batch element's matrix."""
    lead = len(index) - len(shape)
    offset = 0
    for i, n in zip(index[lead:], shape, strict=True):
        offset = offset * n + (i if n != 1 else 0)
    return offset * block


EXPORTS: dict[str, object] = {"dot": dot, "inner": inner, "outer": outer, "matmul": matmul}
