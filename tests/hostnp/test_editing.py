"""tril / triu / diag / diagflat / vander / rot90 / insert / delete / resize / trim_zeros / block
against the real NumPy."""

from __future__ import annotations

from hostnp.harness import differences

SETUP = """
a = np.arange(12).reshape(3, 4)
c = np.arange(24).reshape(2, 3, 4)
f = np.array([1.5, -2.0, 0.25], 'float32')
i8 = np.array([3, -2, 100], 'int8')
t = np.array([True, False, True])
"""


def test_matrices() -> None:
    matrices = ("a", "c", "[1, 2, 3]", "t", "f", "5", "[[1.5]]")
    cases = [f"np.{name}({v}{k})" for name in ("tril", "triu") for v in matrices
             for k in ("", ", 1", ", -1", ", k=-5", ", 2.5")]
    cases += [f"np.diag({v}{k})" for v in ("[1, 2, 3]", "a", "c", "5", "f", "t", "[]", "i8")
              for k in ("", ", 1", ", -2", ", 7", ", 1.0")]
    cases += [f"np.diagflat({v}{k})" for v in ("[1, 2]", "a[:2, :2]", "5", "f", "[]")
              for k in ("", ", 1", ", -1")]
    points = ("[1, 2, 3]", "f", "i8", "t", "[]", "[[1, 2]]", "5", "np.array([2, 3], 'uint64')",
              "np.array([1.5, 2], 'float16')")
    cases += [f"np.vander({v}{rest})" for v in points
              for rest in ("", ", 2", ", 0", ", 4, True", ", N=1", ", -1", ", 2.0")]
    cases += [f"np.rot90({v}{rest})" for v in ("a", "c", "[[1, 2], [3, 4]]", "[1, 2]")
              for rest in ("", ", 2", ", 3", ", -1", ", 4", ", 1, (1, 0)", ", 1, (0, 0)", ", 1, (0, 2)",
                           ", 1, (0, 1, 2)", ", 1, (0, 5)", ", 1, (-1, -2)")]
    cases += ["(lambda v: (v.__setitem__((0, 0), 99), a))(np.rot90(a.copy()))", "np.rot90(a).base is None"]
    assert differences(cases, SETUP) == []


def test_insert_delete() -> None:
    arrays = ("[1, 2, 3]", "a", "f", "i8", "t")
    objs = ("1", "-1", "0", "3", "4", "[1, 2]", "[2, 0]", "slice(0, 2)", "slice(None, None, 2)", "[]",
            "np.array([1])", "np.array([True, False, True])", "[[1]]", "1.5")
    cases = [f"np.insert({arr}, {obj}, 9)" for arr in arrays for obj in objs]
    cases += [f"np.insert(a, {obj}, {vals}, axis={ax})" for obj in ("1", "[1]", "[0, 2]", "slice(1, 3)")
              for vals in ("0", "[7, 8, 9]", "[[7], [8], [9]]", "[7, 8, 9, 10]")
              for ax in ("0", "1", "-1", "2")]
    cases += ["np.insert(f, 1, 2.7)", "np.insert(i8, 0, 300)", "np.insert([1, 2], [1, 1], [5, 6])",
              "np.insert([1, 2], 1, [5, 6])", "np.insert(5, 0, 1)"]
    more = (*objs, "-4", "slice(None, None, -1)", "slice(2, 0)", "np.array(1)")
    cases += [f"np.delete({arr}, {obj})" for arr in arrays for obj in more]
    cases += [f"np.delete(a, {obj}, axis={ax})" for obj in ("1", "[0, 2]", "slice(1, 3)", "-1",
                                                            "np.array([True, False, True])", "slice(0, 4, 2)")
              for ax in ("0", "1", "-1", "2")]
    assert differences(cases, SETUP) == []


def test_resize_trim_block() -> None:
    cases = [f"np.resize({v}, {shape})" for v in ("[1, 2, 3]", "a", "f", "[]", "5", "t")
             for shape in ("5", "(2, 2)", "(2, 7)", "0", "(0, 3)", "(-1,)", "np.int64(4)", "(3, 4)")]
    cases += [f"np.trim_zeros({v}{rest})" for v in ("[0, 0, 1, 2, 0]", "np.array([0, 0, 1, 2, 0])", "[0, 0]",
                                                     "np.array([0.0, 1.5, 0.0])", "[]", "(0, 1, 0)",
                                                     "np.array([[0, 0, 0], [0, 1, 0], [0, 0, 0]])", "t")
              for rest in ("", ", 'f'", ", 'b'", ", 'BF'", ", 'x'", ", axis=0", ", axis=-1", ", axis=()",
                           ", axis=3")]
    cases += [
        "np.block([[1, 2], [3, 4]])", "np.block([a, a])", "np.block([[a], [a]])",
        "np.block([[a, a], [a, a]])",
        "np.block(a)", "np.block(5)", "np.block([1, 2.5])", "np.block([])", "np.block([[], [1]])",
        "np.block([[1], 2])", "np.block((1, 2))", "np.block([[1, (2,)]])", "np.block([[a, [[1], [2], [3]]]])",
        "np.block([[a, [[1], [2]]]])", "np.block([i8, f])", "np.block([[[1]], [[2]]])", "np.block([c, c])",
        "np.block([t, [1]])", "np.block([[1, 2], [[3, 4]]])",
    ]
    assert differences(cases, SETUP) == []
