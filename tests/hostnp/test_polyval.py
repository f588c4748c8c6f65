"""np.polyval (Horner's rule, bit for bit) and small helpers (prod of a shape, argmax / argmin of
an empty array, iinfo / finfo, cumsum of bools, clip with None bounds) against the real NumPy."""

from __future__ import annotations

from hostnp.harness import differences

SETUP = """
p = [3, 0, 1]
pf = [0.1, -2.5, 3.3, 1e-3]
xs = [0.0, 1.5, -2.25, 7.0, 1e3]
"""

DTYPES = ("bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64")


def test_polyval() -> None:
    cases = [
        "np.polyval(p, 5)", "np.polyval(p, 5.0)", "np.polyval(p, xs)", "np.polyval(pf, xs)",
        "np.polyval(pf, 0.3)", "np.polyval(pf, np.array(xs))", "np.polyval(p, [[1, 2], [3, 4]])",
        "np.polyval([], 2)", "np.polyval([], [1, 2])", "np.polyval([7], [1.0, 2.0])", "np.polyval(3, 2)",
        "np.polyval(p, True)", "np.polyval([True, False], 3)", "np.polyval(np.array(p), np.array(2))",
        "np.polyval([1, 2, 3], np.int8(100))", "np.polyval([0.5, 0.25], np.float32(3.3))",
        "np.polyval([1e308, 1e308], 10.0)", "np.polyval([2**62, 1], 4)",
        "np.polyval([1, 2], 'a')", "np.polyval(p, [])", "np.polyval(pf, [[0.1], [0.7]])",
        "np.polyval([[1, 2], [3, 4]], 2)",
    ]
    for dt in DTYPES:
        cases += [f"np.polyval(np.array(p, '{dt}'), np.array(xs, 'float64'))",
                  f"np.polyval(np.array(pf), np.array([1, 2, 3], '{dt}'))",
                  f"np.polyval(np.array(p, '{dt}'), np.array([1, 2, 3], '{dt}'))",
                  f"np.polyval(np.array(p, '{dt}'), 2)", f"np.polyval(p, np.array([1, 0, 1], '{dt}'))",
                  f"np.polyval(np.array(np.abs(pf), '{dt}'), 0.7)",
                  f"np.polyval(np.array(pf, '{dt}'), 0.7)"]
    assert differences(cases, SETUP, refused_ok=frozenset({"np.polyval([1, 2], 'a')"})) == []


def test_helpers() -> None:
    cases = [
        "np.prod((2, 3, 4))", "np.prod(())", "np.prod([])", "np.prod((2, 3), dtype=np.int32)",
        "np.prod([[2, 3], [4, 5]], axis=0)",
        "np.argmax([])", "np.argmin([])", "np.argmax(np.zeros((0, 3)), axis=1)",
        "np.argmin(np.zeros((0, 3)), axis=0)", "np.argmax(np.zeros((2, 0)), axis=1)",
        "np.argmax(np.array([]))", "np.argmin(np.array([], 'int8'))",
        "np.iinfo(np.int8).max", "np.iinfo(np.uint16).min", "np.iinfo('int32').bits",
        "np.iinfo(np.float32)", "np.finfo(np.float32).eps", "np.finfo(np.float64).max",
        "np.finfo(np.float16).tiny", "np.finfo(np.int8)", "np.iinfo(np.int64).dtype",
        "np.cumsum([True, False, True])", "np.cumsum(np.array([[True, True], [False, True]]), axis=0)",
        "np.cumsum(np.array([True, True]), dtype=np.int8)", "np.cumsum(np.array([], bool))",
        "np.cumsum(True)", "np.cumprod([True, False])",
        "np.clip([1, 5, 9], None, 4)", "np.clip([1, 5, 9], 3, None)", "np.clip([1, 5, 9], None, None)",
        "np.clip(np.array([1.5, -2.0]), None, 0.0)", "np.clip(np.array([1, 200], 'uint8'), 10, None)",
        "np.clip(7, None, 3)", "np.clip(np.array([1, 2, 3]), None, [2, 2, 5])",
        "np.array([4, 1]).clip(None, 2)", "np.array([4, 1]).clip(2)",
    ]
    # Python floats for an integer dtype in np.array: int() then NumPy's range check.
    for dt in DTYPES:
        for value in ("-2.5", "300.5", "2.7", "-0.5", "200.0", "float('nan')", "float('inf')",
                      "-float('inf')", "1e19", "1e30", "-1.0", "65535.9", "-128.9"):
            cases += [f"np.array([{value}], '{dt}')", f"np.array({value}, '{dt}')",
                      f"np.asarray([[1.0, {value}]], '{dt}')"]
    cases += ["np.array([True, -1.0], 'uint8')", "np.array([np.float64(-2.5)], 'uint8')"]
    refusable = {c for c in cases if "1e30" in c or ("1e19" in c and "uint64" not in c)}
    assert differences(cases, SETUP, refused_ok=frozenset(refusable)) == []
