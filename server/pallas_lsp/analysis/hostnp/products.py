"""NumPy's products: dot, matmul, inner, outer, vdot, tensordot, kron, cross, convolve.

Integer and bool products are exact (integers wrap in the promoted dtype, bools are or-of-ands).
Float dot products run in BLAS (or a SIMD loop) whose summation order is not NumPy's to say,
so a float result is computed only when every order gives it: each product and every partial
sum an integer below 2**mantissa. Other float contractions are refused. outer, kron and cross
are elementwise (NumPy's multiply and subtract, each rounding once) and always computed.
tensordot is NumPy's Python (transposes, reshapes and dot); convolve is NumPy's correlate of
the reversed kernel. Refused: convolve's float sums that round (as dot's).
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


def vdot(a: object, b: object, /) -> object:
    x, y = array(a).ravel(), array(b).ravel()
    if x.size != y.size:
        raise ValueError(f"cannot reshape array of size {y.size} into shape ({x.size},)")
    return dot(x, y)


def tensordot(a: object, b: object, axes: object = 2) -> object:
    """numpy/_core/numeric.py's tensordot, step by step (its errors are those of its steps)."""
    try:
        iter(axes)  # type: ignore[call-overload]
    except Exception:
        axes_a: object = list(range(-axes, 0))  # type: ignore[operator]
        axes_b: object = list(range(axes))  # type: ignore[call-overload]
    else:
        axes_a, axes_b = axes  # type: ignore[misc]
    try:
        na = len(axes_a)  # type: ignore[arg-type]
        list_a = list(axes_a)  # type: ignore[call-overload]
    except TypeError:
        list_a, na = [axes_a], 1
    try:
        nb = len(axes_b)  # type: ignore[arg-type]
        list_b = list(axes_b)  # type: ignore[call-overload]
    except TypeError:
        list_b, nb = [axes_b], 1
    if len(set(list_a)) != len(list_a) or len(set(list_b)) != len(list_b):
        raise ValueError("duplicate axes are not allowed in tensordot")
    x, y = array(a), array(b)
    as_, bs = x.shape, y.shape
    equal = na == nb
    if equal:
        for k in range(na):
            if as_[list_a[k]] != bs[list_b[k]]:
                equal = False
                break
            if list_a[k] < 0:
                list_a[k] += x.ndim
            if list_b[k] < 0:
                list_b[k] += y.ndim
    if not equal:
        raise ValueError("shape-mismatch for sum")
    rest_a = [k for k in range(x.ndim) if k not in list_a]
    rest_b = [k for k in range(y.ndim) if k not in list_b]
    inner_size = math.prod(as_[k] for k in list_a)
    at = x.transpose(rest_a + list_a).reshape((math.prod(as_[k] for k in rest_a), inner_size))
    bt = y.transpose(list_b + rest_b).reshape((math.prod(bs[k] for k in list_b),
                                               math.prod(bs[k] for k in rest_b)))
    result = dot(at, bt)
    return result.reshape([as_[k] for k in rest_a] + [bs[k] for k in rest_b])  # type: ignore[attr-defined]


def kron(a: object, b: object) -> object:
    """numpy/lib/_shape_base_impl.py's kron: a broadcast multiply reshaped."""
    from .creation import array as make_array
    from .shaping import expand_dims
    from .ufuncs import multiply
    y = array(b)
    x = make_array(a, copy=None, ndmin=y.ndim)
    nd = max(x.ndim, y.ndim)
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    as_ = (1,) * max(0, y.ndim - x.ndim) + x.shape
    bs = (1,) * max(0, x.ndim - y.ndim) + y.shape
    xa = expand_dims(x, tuple(range(y.ndim - x.ndim)))
    yb = expand_dims(y, tuple(range(x.ndim - y.ndim)))
    xa = expand_dims(xa, tuple(range(1, nd * 2, 2)))
    yb = expand_dims(yb, tuple(range(0, nd * 2, 2)))
    return multiply(xa, yb).reshape(tuple(p * q for p, q in zip(as_, bs, strict=True)))


def cross(a: object, b: object, axisa: object = -1, axisb: object = -1, axisc: object = -1,
          axis: object = None) -> core.ndarray:
    """numpy/_core/numeric.py's cross (3-vectors; NumPy 2 refuses 2-vectors with its error)."""
    from .shaping import moveaxis, stack
    from .ufuncs import multiply, subtract
    if axis is not None:
        axisa = axisb = axisc = axis
    x, y = array(a), array(b)
    if x.ndim < 1 or y.ndim < 1:
        raise ValueError("At least one array has zero dimension")
    first = core.normalize_axis(axisa, x.ndim, "axisa")
    second = core.normalize_axis(axisb, y.ndim, "axisb")
    x, y = moveaxis(x, first, -1), moveaxis(y, second, -1)
    if x.shape[-1] != 3 or y.shape[-1] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they are "
                         f"{x.shape[-1]} and {y.shape[-1]} dimensional instead.")
    shape = (*core.broadcast_shapes(x.shape[:-1], y.shape[:-1]), 3)
    last = core.normalize_axis(axisc, len(shape), "axisc")
    dt = core.promote_types(x.dtype, y.dtype)
    x, y = x.astype(dt), y.astype(dt)
    parts = []
    for i, j in ((1, 2), (2, 0), (0, 1)):
        left = multiply(x[..., i], y[..., j])
        right = multiply(x[..., j], y[..., i])
        parts.append(core.asarray(subtract(left, right)))
    full = stack([core.asarray(p) for p in parts], -1)
    return moveaxis(full.reshape(shape), -1, last)


_MODES = {"valid": 0, "same": 1, "full": 2}


def convolve(a: object, v: object, mode: object = "full") -> core.ndarray:
    from .creation import array as make_array
    x, y = make_array(a, copy=None, ndmin=1), make_array(v, copy=None, ndmin=1)
    if len(x) == 0:
        raise ValueError("a cannot be empty")
    if len(y) == 0:
        raise ValueError("v cannot be empty")
    if len(y) > len(x):
        x, y = y, x
    if isinstance(mode, str):
        if mode not in _MODES:
            if mode[:1].lower() in ("v", "s", "f"):
                raise ValueError("Use one of 'valid', 'same', or 'full' for convolve/correlate mode")
            raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")
        code = _MODES[mode]
    elif isinstance(mode, int) and not isinstance(mode, core.bool_):
        if mode not in (0, 1, 2):
            raise ValueError("integer convolve/correlate mode must be 0, 1, or 2")
        code = int(mode)
    else:
        raise Refused(f"convolve mode {mode!r}")
    if x.ndim > 1 or y.ndim > 1:
        raise ValueError("object too deep for desired array")
    dt = core.result_type(x, y)
    xs, ys = _values(x, dt), _values(y, dt)[::-1]
    n, m = len(xs), len(ys)
    left = {0: 0, 1: m // 2, 2: m - 1}[code]
    length = {0: n - m + 1, 1: n, 2: n + m - 1}[code]
    _check_work(length * m)
    pairs = []
    for k in range(length):
        start = k - left
        pairs.append([(xs[start + j], ys[j]) for j in range(m) if 0 <= start + j < n])
    return new(_contract(pairs, dt), (length,), dt)


EXPORTS: dict[str, object] = {"dot": dot, "inner": inner, "outer": outer, "matmul": matmul, "vdot": vdot,
                              "tensordot": tensordot, "kron": kron, "cross": cross, "convolve": convolve}
