"""vectorize / apply_along_axis / fromfunction / ix_ / r_ / c_ / mgrid / ogrid / unique_* /
setxor1d / cumulative_sum / cumulative_prod against the real NumPy."""

from __future__ import annotations

from hostnp.harness import differences

SETUP = """
a = np.arange(6).reshape(2, 3)
f = np.array([1.5, -2.0, 0.25], 'float32')
i8 = np.array([100, 50, -3], 'int8')
t = np.array([True, False, True])
"""


def test_vectorize_apply_fromfunction() -> None:
    cases = [
        "np.vectorize(lambda x: x * 2)([1, 2])", "np.vectorize(lambda x: x * 2)(3)",
        "np.vectorize(lambda x: x * 2)(f)",
        "np.vectorize(lambda x: x + 0.5)(i8)", "np.vectorize(lambda x, y: x + y)([1, 2], [[10], [20]])",
        "np.vectorize(lambda x, y: (x, y * 1.5))([1, 2], 3)",
        "np.vectorize(lambda x: x, otypes=[np.float32])([1, 2])",
        "np.vectorize(lambda x: x, otypes='d')([1, 2])", "np.vectorize(lambda x: x, otypes='x')",
        "np.vectorize(lambda x: x)([1, 2], [1, 2, 3])", "np.vectorize(lambda x, y: x)([1, 2], [1, 2, 3])",
        "np.vectorize(lambda x: x)([])", "np.vectorize(lambda x: x, otypes='l')([])",
        "np.vectorize(lambda x: 300 if x else 1, otypes='b')([0, 1])",
        "np.vectorize(lambda x: 2**70 if x else 1)([0, 1])",
        "np.vectorize(lambda x: 2.7 if x else 1)([0, 1])",
        "np.vectorize(lambda x: type(x).__name__ == 'int')([1, 2])",
        "np.vectorize(lambda x: x > 1)(a)", "np.vectorize(lambda x: np.float32(x) / 3)([1, 2])",
        "np.vectorize(3)", "np.vectorize(otypes='l')(lambda x: x * 2)([1, 2])", "np.vectorize(lambda: 5)()",
        "np.vectorize(lambda x: x // 2)(t)", "np.vectorize(max)([1, 5], [4, 2])",
        "np.vectorize(lambda x: x, otypes=['int8', float])([1, 2])",
        "np.apply_along_axis(lambda r: r.sum(), 1, a)", "np.apply_along_axis(lambda r: r * 2, 0, a)",
        "np.apply_along_axis(lambda r: r[::-1], -1, a)",
        "np.apply_along_axis(lambda r: [r.max(), r.min()], 1, a)",
        "np.apply_along_axis(lambda r: r.sum(), 2, a)", "np.apply_along_axis(sorted, 1, a[:, ::-1])",
        "np.apply_along_axis(lambda r: r.sum(), 0, np.zeros((0, 3)))",
        "np.apply_along_axis(lambda r: 1.5, 0, a)",
        "np.apply_along_axis(lambda r, k: r + k, 1, a, 10)", "np.apply_along_axis(lambda r: r.mean(), 0, f)",
        "np.fromfunction(lambda i, j: i + j, (2, 3))",
        "np.fromfunction(lambda i, j: i * 10 + j, (2, 3), dtype=int)",
        "np.fromfunction(lambda i: i == 1, (3,), dtype=int)", "np.fromfunction(lambda i, j: 5, (2, 2))",
        "np.fromfunction(lambda i, j, k=2: i * k, (2, 2), k=3)",
    ]
    refused = frozenset({"np.vectorize(lambda x: x, otypes=['int8', float])([1, 2])"})  # (None for an output)
    assert differences(cases, SETUP, refused_ok=refused) == []


def test_index_tricks() -> None:
    cases = [
        "np.ix_([0, 1], [2, 4])", "np.ix_([True, False, True], [1])", "np.ix_([])", "np.ix_()",
        "np.ix_([[1]])",
        "a[np.ix_([0, 1], [2, 0])]", "np.ix_(np.array([1, 2], 'int8'), [0.5])",
        "np.r_[1:4, 0, [7, 8]]", "np.r_[1:4]", "np.r_[0:1:5j]", "np.r_[-1:1:6j, [0] * 3, 5, 6]",
        "np.r_[1, 2.5]",
        "np.r_[np.array([1, 2], 'int8'), 3]", "np.r_[np.array([1, 2], 'int8'), 300]",
        "np.r_['0,2', [1, 2], [3, 4]]",
        "np.r_['1,2', [1, 2], [3, 4]]", "np.r_['0,2,0', [1, 2], [3, 4]]", "np.r_['-1', a, a]", "np.r_[a, a]",
        "np.r_['x', 1]", "np.r_[1, '0']", "np.r_[()]", "np.r_[:3, 5:1:-1]", "np.r_[True, 2]",
        "np.r_['1,3', a]",
        "np.c_[[1, 2], [3, 4]]", "np.c_[np.array([1, 2]), np.array([4, 5]), 6:8]", "np.c_[a, a]",
        "np.c_[1, 2]",
        "np.c_[[[1, 2, 3]], 0, 0, [[4, 5, 6]]]",
        "np.mgrid[0:3, 0:2]", "np.mgrid[0:5]", "np.mgrid[0:1:5j]", "np.mgrid[-1:1:3j, 0:4:2]",
        "np.mgrid[0:2, 0.5:1]",
        "np.mgrid[0:1:0.25]", "np.mgrid[:3]", "np.mgrid[3:0:-1, 0:2]",
        "np.ogrid[0:3, 0:2]", "np.ogrid[0:5]", "np.ogrid[-1:1:3j, 0:4:2]", "np.ogrid[0:1:5j]",
    ]
    assert differences(cases, SETUP) == []


def test_unique_setxor_cumulative() -> None:
    values = ("[3, 1, 2, 1, 3]", "i8", "f", "t", "[]", "a", "[5, 5]", "[2.5, 1.0, 2.5]", "[[1, 1], [0, 2]]")
    cases = [f"{'tuple' if v in ('f', '[2.5, 1.0, 2.5]') else 'repr'}(np.{name}({v}))"
             for name in ("unique_all", "unique_counts", "unique_inverse") for v in values]
    cases += [f"np.unique_values({v})" for v in ("f", "[5, 5]", "[2.5, 1.0, 2.5]", "[]", "[7]")]
    cases += ["tuple(np.unique_all([3, 1, 3]))", "np.unique_counts([3, 1, 3]).counts",
              "np.unique_inverse(a).inverse_indices", "np.unique_all([1, 2])._fields",
              "type(np.unique_counts([1])).__name__", "np.unique_counts([1])[0]"]
    pairs = (("[1, 2, 3]", "[2, 3, 4]"), ("[1, 1, 2]", "[2]"), ("[]", "[]"), ("[1.5, 2]", "[2, 3]"),
             ("i8", "[50, 7]"), ("a", "[[0], [9]]"), ("t", "[True]"), ("[1]", "[]"))
    cases += [f"np.setxor1d({x}, {y})" for x, y in pairs]
    cases += ["np.setxor1d([1, 2, 2], [2, 3], assume_unique=True)"]
    arrays = ("[1, 2, 3]", "i8", "f", "t", "a", "5", "[]", "np.array([200, 100], 'uint8')")
    cases += [f"np.{name}({v}{rest})" for name in ("cumulative_sum", "cumulative_prod") for v in arrays
              for rest in ("", ", include_initial=True", ", axis=0", ", axis=1",
                           ", axis=-1, include_initial=True", ", dtype='int64'", ", dtype=float")]
    assert differences(cases, SETUP) == []
