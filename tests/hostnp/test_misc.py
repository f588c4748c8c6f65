"""np.ndindex / ndenumerate / unravel_index / ravel_multi_index / binary_repr / base_repr /
iterable / isscalar against the real NumPy."""

from __future__ import annotations

from hostnp.harness import differences


def test_index_iterators() -> None:
    cases = [
        "list(np.ndindex(2, 3))", "list(np.ndindex((2, 3)))", "list(np.ndindex())", "list(np.ndindex(0, 2))",
        "list(np.ndindex(-1))", "list(np.ndindex(2.0))", "next(np.ndindex(2, 3))",
        "list(np.ndindex(np.int64(2), 1))",
        "[i for i in np.ndindex(2, 1, 2)]", "list(np.ndindex(()))", "len(np.ndindex(2, 3))",
        "list(np.ndenumerate([[1, 2], [3, 4]]))", "list(np.ndenumerate(np.array([1.5], 'float32')))",
        "list(np.ndenumerate(np.array(7, 'uint8')))", "list(np.ndenumerate([]))",
        "list(np.ndenumerate(np.array([[True], [False]])))",
    ]
    assert differences(cases) == []


def test_unravel_and_ravel() -> None:
    cases = [
        "np.unravel_index(5, (2, 3))", "np.unravel_index([1, 5], (2, 3), order='F')",
        "np.unravel_index(1.0, (2, 3))",
        "np.unravel_index(3, ())", "np.unravel_index(0, ())", "np.unravel_index(np.array([[1, 2]]), (3,))",
        "np.unravel_index(6, (2, 3))", "np.unravel_index(-1, (2, 3))",
        "np.unravel_index([0, 7, 23], (2, 3, 4))",
        "np.unravel_index(np.array([0, 7, 23], 'uint8'), (2, 3, 4), order='F')", "np.unravel_index(4, 5)",
        "np.unravel_index([], (2, 3))", "np.ravel_multi_index(([], []), (2, 3))",
        "np.unravel_index(1, (2, 3), order='K')", "np.unravel_index(np.int32(4), [2, 3])",
        "np.ravel_multi_index((1, 2), (2, 3))", "np.ravel_multi_index(([1, 0], [2, 1]), (2, 3), order='F')",
        "np.ravel_multi_index((1, 3), (2, 3), mode='wrap')",
        "np.ravel_multi_index((1, 3), (2, 3), mode='clip')",
        "np.ravel_multi_index((1,), (2, 3))", "np.ravel_multi_index((1.0, 2), (2, 3))",
        "np.ravel_multi_index((1, 3), (2, 3))", "np.ravel_multi_index(([[0], [1]], [0, 1, 2]), (2, 3))",
        "np.ravel_multi_index((-1, 7), (2, 3), mode=('wrap', 'clip'))",
        "np.ravel_multi_index([1, 2], (2, 3))",
        "np.ravel_multi_index((np.array([1, 0]), 2), (4, 5))",
    ]
    assert differences(cases) == []


def test_number_text_and_predicates() -> None:
    numbers = (0, 1, 5, -1, -3, -8, -9, 255, -128, "np.int8(-3)", "np.uint8(200)")
    cases = [f"np.binary_repr({n}{w})" for n in numbers
             for w in ("", ", width=0", ", width=4", ", width=8", ", width=None")]
    cases += [f"np.base_repr({n}{rest})" for n in (0, 5, -5, 255, 36**3, "np.int16(-7)")
              for rest in ("", ", 16", ", 36", ", 2, padding=3", ", 37", ", 1", ", 7, 2")]
    cases += [
        "np.binary_repr(1.5)", "np.base_repr(1.5)", "np.iterable([1])", "np.iterable(3)",
        "np.iterable(np.array(1))",
        "np.iterable(np.array([1]))", "np.iterable('ab')", "np.isscalar(3)", "np.isscalar(np.float64(1))",
        "np.isscalar(np.array(1))", "np.isscalar('a')", "np.isscalar([1])", "np.isscalar(None)",
        "np.isscalar(True)",
        "np.isscalar(np.bool_(True))", "np.isscalar(2.5)", "np.isscalar(b'x')", "np.isscalar((1,))",
        "np.isscalar(np.uint8(3))",
    ]
    assert differences(cases) == []
