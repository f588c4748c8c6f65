"""take_along_axis / compress / extract / choose / select / piecewise / place / put against the
real NumPy."""

from __future__ import annotations

from hostnp.harness import differences

SETUP = """
a = np.array([[10, 30, 20], [60, 40, 50]])
x = np.arange(6)
f = np.array([1.5, -2.0, 0.25, 4.0])
i8 = np.array([3, -2, 100], 'int8')
"""


def test_take_compress_extract_choose() -> None:
    cases = [
        "np.take_along_axis(a, np.argsort(a, axis=1), axis=1)",
        "np.take_along_axis(a, np.argsort(a, axis=0), 0)",
        "np.take_along_axis(a, np.array([[0], [2]]), 1)", "np.take_along_axis(a, np.array([0, 1]), None)",
        "np.take_along_axis(a, np.array([[0, 1]]), None)", "np.take_along_axis(a, np.array([[0.0]]), 1)",
        "np.take_along_axis(a, np.array([0]), 1)", "np.take_along_axis(a, np.array([[5]]), 1)",
        "np.take_along_axis(a, np.array([[0]]), 2)", "np.take_along_axis([1, 2], np.array([0]), 0)",
        "np.take_along_axis(a, [[0]], 1)",
        "np.compress([1, 0, 1], [1, 2, 3])", "np.compress([[1, 0]], [1, 2, 3])",
        "np.compress([0, 0, 0, 1], [1, 2, 3])",
        "np.compress([1.5, 0], [1, 2, 3])", "np.compress([True, False], a, axis=0)",
        "np.compress([0, 1, 1], a, axis=1)",
        "np.compress([0, 1], a)", "np.compress([], a, axis=1)", "np.compress([1], a, axis=2)",
        "np.compress(np.array([True, False]), f)", "np.compress(1, [1, 2])",
        "np.extract(a > 25, a)", "np.extract([1, 0, 1], [4, 5, 6])", "np.extract([1, 0, 1, 1], [4, 5])",
        "np.extract(np.mod(x, 3) == 0, x)", "np.extract([], [])", "np.extract(f > 0, f)",
        "np.choose([0, 1], [1, 2.5])", "np.choose([0, 2], [[1, 2], [3, 4]])",
        "np.choose([0, 2], [[1, 2], [3, 4]], mode='clip')",
        "np.choose([0, 3, -1], [[1, 2, 3], [4, 5, 6]], mode='wrap')",
        "np.choose(1, [1, 2])", "np.choose([0.0], [[1]])", "np.choose([[0], [1]], [[1, 2, 3], 9])",
        "np.choose([0, 1], [i8[:2], f[:2]])", "np.choose([0, 1], [[1], [2, 3, 4]])",
        "np.choose([0, 1], [1, 2], mode='bad')", "np.choose(np.array([1, 0], 'uint8'), [[5, 6], [7, 8]])",
        "np.choose([True, False], [[1, 2], [3, 4]])", "np.choose([1, 0], np.array([[1, 2], [3, 4]]))",
        "np.choose([0, 1], [np.array([1], 'int8'), 3])",
    ]
    assert differences(cases, SETUP) == []


def test_select_piecewise() -> None:
    cases = [
        "np.select([x < 3, x > 3], [x, x ** 2])", "np.select([x < 3, x > 3], [x, x ** 2], 42)",
        "np.select([x < 3, x < 5], [x, -x], default=0.5)", "np.select([x < 3], [x, x])", "np.select([], [])",
        "np.select([x], [x])", "np.select([x < 2], [1.5])", "np.select([x < 2], [1])",
        "np.select([np.array(True)], [x])", "np.select([x < 2, [True] * 6], [np.array(1, 'int8'), 300])",
        "np.select([x < 2], [f[:2]])", "np.select([[True, False]], [[[1, 2], [3, 4]]])",
        "np.select([x > 2], [np.array([1, 2, 3, 4, 5, 6], 'uint8')], np.int8(-1))",
        "np.piecewise(x, [x < 2, x >= 2], [lambda v: -v, lambda v: v * 10])",
        "np.piecewise(x, [x < 2], [lambda v: -v, 7])", "np.piecewise(x, [x < 2], [1, 2, 3])",
        "np.piecewise(f, [f < 0, f > 1], [0, lambda v: v / 2, 9.5])",
        "np.piecewise(3, 3 > 2, [lambda v: v * 2])",
        "np.piecewise(x, x > 2, [1, 0])", "np.piecewise(x, [x > 9], [lambda v: 1 / 0])",
        "np.piecewise(x, [x > 2], [lambda v, k: v + k], 100)",
        "np.piecewise(x, [x > 2], [lambda v, k=1: v * k], k=3)",
        "np.piecewise(x.astype(float), [x > 2], [lambda v: v + 0.5])", "np.piecewise(x, [x > 2], [2.7])",
        "np.piecewise([1, 2], [[True, False]], [lambda v: v * 3])",
        # A 0-d x: each true condition's value, the later one last.
        "np.piecewise(np.asarray(16), [np.asarray(16) < 8, np.asarray(16) >= 8], [1, lambda s: s // 8])",
        "np.piecewise(np.asarray(3), [np.asarray(3) < 8, np.asarray(3) >= 8], [1, lambda s: s // 8])",
        "np.piecewise(np.asarray(3.0), [np.asarray(3.0) < 8], [lambda s: s * 2, 7.5])",
        "np.piecewise(np.asarray(9.0), [np.asarray(9.0) < 8], [lambda s: s * 2, 7.5])",
        "np.piecewise(np.asarray(5), [True, True], [1, 2])", "np.piecewise(np.asarray(5), [False], [1])",
        "np.piecewise(np.asarray(5, 'uint8'), [True], [lambda s: s * 100])",
    ]
    assert differences(cases, SETUP) == []


def test_place_put() -> None:
    cases = [
        "(lambda b: (np.place(b, b > 2, [7, 8]), b))(x.copy())",
        "(lambda b: (np.place(b, b > 2, [7]), b))(x.copy())",
        "(lambda b: (np.place(b, b > 2, [1.9, -2.5]), b))(x.copy())",
        "(lambda b: (np.place(b, b > 9, []), b))(x.copy())",
        "(lambda b: (np.place(b, b > 2, []), b))(x.copy())",
        "(lambda b: (np.place(b, [True, False], [1]), b))(x.copy())", "np.place([1, 2], [True, False], [3])",
        "(lambda b: (np.place(b, b > 1, [300, -1]), b))(i8.copy())",
        "(lambda b: (np.place(b[::2], [True, False, True], [9]), b))(x.copy())",
        "(lambda b: (np.place(b, [[1, 0, 1], [0, 0, 1]], [5, 6]), b))(a.copy())",
        "(lambda b: (np.put(b, [0, 2], [-44, -55]), b))(a.copy())",
        "(lambda b: (np.put(b, 22, -5, mode='clip'), b))(a.copy())",
        "(lambda b: (np.put(b, [-1, 7], [1, 2], mode='wrap'), b))(x.copy())",
        "(lambda b: (np.put(b, [-1], [9]), b))(x.copy())", "(lambda b: (np.put(b, [9], [9]), b))(x.copy())",
        "(lambda b: (np.put(b, [-7], [9]), b))(x.copy())",
        "(lambda b: (np.put(b, [0, 1, 2], [7]), b))(x.copy())",
        "(lambda b: (np.put(b, [0], []), b))(x.copy())", "(lambda b: (np.put(b, [0.0], [1]), b))(x.copy())",
        "(lambda b: (np.put(b, [0, 1], 2.9), b))(x.copy())", "np.put([1, 2], [0], [1])",
        "(lambda b: (np.put(b, [1], [9]), b))(np.array([], 'int64'))",
        "(lambda b: (np.put(b, [-1], [9], mode='clip'), b))(x.copy())",
        "(lambda b: (np.put(b[::2], [1], [99]), b))(x.copy())",
        "(lambda b: (np.put(b, [0], [1], 'x'), b))(x.copy())",
        "(lambda b: (np.put(b, [], [1]), b))(f.copy())", "(lambda b: (np.put(b, [0], [2**70]), b))(x.copy())",
        "(lambda b: (np.put(b, [1.7, -0.5], [5, 6]), b))(x.copy())",
        "(lambda b: (np.put(b, [0], 1.5), b))(i8.copy())",
        "(lambda b: (np.place(b, [1, 1, 0], np.array([1000, 7])), b))(i8.copy())",
        "(lambda b: (np.put(b, [1, 2], [True]), b))(f.copy())",
    ]
    assert differences(cases, SETUP) == []
