"""np.sum / prod / min / max / mean / var / std / arg* / any / all / cum* against the real NumPy."""

from __future__ import annotations

import random

from hostnp.harness import differences

DTYPES = ("bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64")

SETUP = """
i = [[3, -1, 2], [0, 5, -7]]
f = [[0.1, 0.7, 2.5, 1e-3], [3.25, 0.3, 0.2, 7.0], [99.0, 0.6, 0.45, 2.0]]
g = [0.1 * k + 1.0 / (k + 3) for k in range(300)]
h = [[[0.1 * (a + 1) * (b - 2) + c / 7 for c in range(9)] for b in range(5)] for a in range(3)]
big = [1e16, 1.0, 1.0, 3.0, -2.0, 0.5, 1.0, 1.0, 1.0, 1.0, 2.0]
"""


def _cases(expressions: list[str]) -> list[str]:
    return [e.format(dt=dt) for e in expressions for dt in DTYPES]


def test_sum_prod_every_dtype() -> None:
    cases = _cases([
        "np.sum(np.array(i, '{dt}'))", "np.sum(np.array(i, '{dt}'), axis=0)",
        "np.sum(np.array(i, '{dt}'), axis=1)",
        "np.sum(np.array(i, '{dt}'), axis=-1, keepdims=True)", "np.sum(np.array(i, '{dt}'), axis=(0, 1))",
        "np.sum(np.array(i, '{dt}'), keepdims=True)", "np.prod(np.array(i, '{dt}'))",
        "np.prod(np.array(i, '{dt}'), axis=0)", "np.sum(np.array([], '{dt}'))",
        "np.prod(np.array([], '{dt}'))",
        "np.sum(np.zeros((2, 0), '{dt}'), axis=1)", "np.sum(np.array(3, '{dt}'))",
        "np.array(i, '{dt}').sum(0)",
        "np.sum(np.array(f, '{dt}'))", "np.sum(np.array(f, '{dt}'), axis=0)",
        "np.sum(np.array(f, '{dt}'), axis=1)",
        "np.sum(np.array(g, '{dt}'))", "np.sum(np.array(h, '{dt}'), axis=(0, 2))",
        "np.sum(np.array(h, '{dt}'), axis=1)",
        "np.sum(np.array(h, '{dt}'))", "np.sum(np.array(h, '{dt}'), axis=2)",
        "np.sum(np.array(h, '{dt}'), axis=(1, 2))",
        "np.prod(np.array(f, '{dt}'), axis=1)", "np.prod(np.array(f, '{dt}'), axis=0)",
        "np.sum(np.array(i, '{dt}'), dtype='float32')", "np.sum(np.array(i, '{dt}'), dtype=np.int8)",
        "np.cumsum(np.array(i, '{dt}'))", "np.cumsum(np.array(i, '{dt}'), axis=0)",
        "np.cumsum(np.array(f, '{dt}'), axis=1)", "np.cumprod(np.array(i, '{dt}'), axis=1)",
        "np.cumsum(np.array(g, '{dt}'))", "np.cumsum(np.array(5, '{dt}'))", "np.cumsum(np.array([], '{dt}'))",
        "np.array(i, '{dt}').cumsum()", "np.array(f, '{dt}').prod()",
    ])
    refusable = frozenset(c for c in cases if "dtype='float32'" in c)
    assert differences(cases, SETUP, refused_ok=refusable) == []


def test_extremes_and_args() -> None:
    cases = _cases([
        "np.max(np.array(i, '{dt}'))", "np.min(np.array(i, '{dt}'), axis=0)",
        "np.amax(np.array(i, '{dt}'), 1)",
        "np.amin(np.array(f, '{dt}'), axis=(0, 1), keepdims=True)", "np.ptp(np.array(i, '{dt}'))",
        "np.ptp(np.array(f, '{dt}'), axis=0)", "np.max(np.array([], '{dt}'))",
        "np.min(np.zeros((0, 3), '{dt}'), 1)",
        "np.max(np.zeros((3, 0), '{dt}'), axis=1)", "np.argmax(np.array(i, '{dt}'))",
        "np.argmin(np.array(i, '{dt}'), axis=0)", "np.argmax(np.array(f, '{dt}'), axis=1, keepdims=True)",
        "np.argmin(np.array(f, '{dt}'), keepdims=True)", "np.argmax(np.array([], '{dt}'))",
        "np.argmin(np.zeros((2, 0), '{dt}'), axis=1)", "np.argmax(np.zeros((2, 0), '{dt}'), axis=0)",
        "np.argmax(np.array([1, 3, 3, 0], '{dt}'))", "np.argmin(np.array([1, 0, 3, 0], '{dt}'))",
        "np.any(np.array(i, '{dt}'))", "np.all(np.array(i, '{dt}'), axis=0)", "np.any(np.array([], '{dt}'))",
        "np.all(np.array([], '{dt}'))", "np.all(np.array(f, '{dt}'), axis=1, keepdims=True)",
        "np.count_nonzero(np.array(i, '{dt}'))", "np.count_nonzero(np.array(i, '{dt}'), axis=1)",
        "np.count_nonzero(np.array(i, '{dt}'), axis=(0, 1))",
        "np.count_nonzero(np.array(i, '{dt}'), axis=0, keepdims=True)",
        "np.array(i, '{dt}').max(axis=1)", "np.array(i, '{dt}').argmin()", "np.array(i, '{dt}').any(1)",
    ])
    cases += [
        "np.max(np.array([1.0, np.nan, 2.0]))", "np.min(np.array([[1.0, 2.0], [np.nan, 0.0]]), axis=1)",
        "np.argmax(np.array([1.0, np.nan, 2.0, np.nan]))", "np.argmin(np.array([np.inf, -np.inf, 0.0]))",
        "np.max(np.array([-np.inf, np.inf]))", "np.ptp(np.array([-128, 127], 'int8'))",
        "np.ptp(np.array([0, 255], 'uint8'))", "np.max(np.array(i), axis=2)",
        "np.argmax(np.array(i), axis=(0, 1))",
        "np.sum(np.array(i), axis=(0, 0))", "np.sum(np.array(i), axis=1.0)", "np.max(np.array(i), axis=-3)",
        "np.argmax(np.array(7))", "np.argmax(np.array(7), axis=0)", "np.max(7)", "np.sum([1, 2.5])",
        "np.sum(True)", "np.mean([[1, 2], [3, 4]])", "np.count_nonzero([[0, 1], [2, 0]])",
        "np.any([0.0, -0.0])",
        "np.max(np.array([0.0, 0.0]))", "np.max(np.array([[np.nan, 1.0], [2.0, 3.0]]), axis=0)",
    ]
    assert differences(cases, SETUP) == []


def test_mean_var_std() -> None:
    cases = _cases([
        "np.mean(np.array(i, '{dt}'))", "np.mean(np.array(i, '{dt}'), axis=0)",
        "np.mean(np.array(i, '{dt}'), 1, keepdims=True)",
        "np.mean(np.array(f, '{dt}'))", "np.mean(np.array(f, '{dt}'), axis=1)",
        "np.mean(np.array(g, '{dt}'))",
        "np.mean(np.array(h, '{dt}'), axis=(0, 2))", "np.mean(np.array([], '{dt}'))",
        "np.mean(np.array(i, '{dt}'), dtype=np.float64)", "np.var(np.array(i, '{dt}'))",
        "np.std(np.array(i, '{dt}'))",
        "np.var(np.array(i, '{dt}'), axis=0, ddof=1)", "np.std(np.array(f, '{dt}'), axis=1)",
        "np.var(np.array(f, '{dt}'))", "np.std(np.array(g, '{dt}'))",
        "np.var(np.array(h, '{dt}'), axis=2, keepdims=True)",
        "np.var(np.array([1, 2], '{dt}'), ddof=2)", "np.std(np.array([1, 2], '{dt}'), ddof=3)",
        "np.var(np.array([], '{dt}'))", "np.array(f, '{dt}').mean(0)", "np.array(i, '{dt}').std(ddof=1)",
        "np.std(np.array(5, '{dt}'))",
    ])
    refusable = frozenset(c for c in cases if ("float16" in c and ("mean" in c or "var" in c or "std" in c))
                          or "dtype=np.float64" in c)
    assert differences(cases, SETUP, refused_ok=refusable) == []


def test_float_sum_order() -> None:
    # Pairwise blocks: 8 accumulators up to 128 values, halves of multiples of 8 above.
    cases = [f"np.sum(np.array([0.1 * k + 1 / (k + 1) for k in range({n})], '{dt}'))"
             for n in (7, 8, 9, 15, 16, 17, 127, 128, 129, 200, 255, 256, 257, 1000, 3001)
             for dt in ("float64", "float32", "float16")]
    cases += [f"np.sum(np.array([0.1 * k + 1 / (k + 1) for k in range({n})]).reshape({shape}), axis={axis})"
              for n, shape in ((240, "(2, 3, 40)"), (600, "(5, 120)"), (600, "(120, 5)"), (1020, "(3, 340)"))
              for axis in ("None", "0", "1", "-1", "(0, 1)")]
    cases += [
        "np.sum(np.array(f).T)", "np.sum(np.array(f).T, axis=0)", "np.sum(np.array(f)[:, ::2])",
        "np.sum(np.array([1e16, 1.0, -1e16]))", "np.sum(np.array(big))", "np.sum(np.array(big, 'float32'))",
        "np.sum(np.array([np.inf, 1.0, -np.inf]))",
        "np.sum(np.array([np.inf, 1.0]))", "np.sum(np.array([np.nan, 1.0]))",
        "np.sum(np.array([-0.0, -0.0]))",
        "np.sum(np.array([1e38, 1e38], 'float32'))", "np.sum(np.array([60000, 60000], 'float16'))",
        "np.mean(np.array([1, 2, 3, 4], 'int64'))", "np.mean(np.array([2**62, 2**62], 'int64'))",
        "np.sum(np.array([2**63 - 1, 1], 'int64'))", "np.sum(np.array([2**64 - 1, 2], 'uint64'))",
        "np.cumsum(np.array([0.1] * 20, 'float32'))", "np.cumsum(np.array([-0.0]))",
        "np.cumprod(np.array([0.1] * 20))",
    ]
    refusable = frozenset(c for c in cases if ".T" in c or "::2" in c or "2**62" in c)
    assert differences(cases, SETUP, refused_ok=refusable) == []


def test_float16_mean_through_float32() -> None:
    tails = ("", ".reshape(-1, 1), axis=0", ".reshape(1, -1), axis=1")
    cases = [f"np.mean(np.array([0.1 * k + 1 / (k + 1) for k in range({n})], 'float16'){tail})"
             for n in (5, 9, 100, 129, 300, 1000) for tail in tails]
    every = ("None", "0", "1", "2", "(0, 1)", "(1, 2)", "(0, 2)")
    some = ("None", "0", "2", "(0, 2)")
    cases += [f"np.mean(np.array(h, 'float16'), axis={axis})" for axis in every]
    cases += [f"np.mean(np.array(h, 'int32'), axis={axis}, dtype='float32')" for axis in some]
    cases += [f"np.sum(np.array(h, 'float32'), axis={axis}, dtype='float64')" for axis in some]
    cases += [f"np.var(np.array(h, 'float16'), axis={axis})" for axis in every]
    cases += [f"np.std(np.array(h, 'float32'), axis={axis}, dtype='float64')" for axis in some]
    assert differences(cases, SETUP) == []


def test_reduction_edges() -> None:
    cases = [
        "np.sum(np.array(i), axis=())", "np.mean(np.array(f), axis=())", "np.max(np.array(i), axis=())",
        "np.count_nonzero(np.array(i), keepdims=True)", "np.sum(5)", "np.max(3.5)", "np.mean(7)",
        "np.prod([])",
        "np.cumsum([[1, 2], [3, 4]], axis=1, dtype='float32')", "np.cumsum(np.array([1, 2]), axis=1)",
        "np.cumprod(np.array([3, 100, 100], 'int8'))",
        "np.cumsum(np.array([250, 10], 'uint8'), dtype='uint8')",
        "np.sum(np.array(i), where=np.array([True, False, True]))", "np.max(np.array(i), initial=10)",
        "np.sum(np.array(i, 'int8'), dtype=bool)", "np.sum(np.array([0.5, 0.25, 0.125] * 50, 'float16'))",
        "np.sum(np.array(f), axis=(1, 0), keepdims=True)", "np.all(np.array(3))",
        "np.any(np.zeros((2, 0)), axis=1)",
        "np.argmax(np.array(i), axis=-1, keepdims=True)", "np.argmin(np.array(7), keepdims=True)",
        "np.std(np.array(f), ddof=1, axis=0, keepdims=True)", "np.var(np.array(i), ddof=1.5)",
        "np.mean(np.array([np.inf, -np.inf]))", "np.mean(np.array([np.inf, 1.0]))",
        "np.std(np.array([np.inf, 1.0]))",
        "np.var(np.array([1e200, -1e200]))", "np.sum(np.array([1e308, 1e308]))",
        "np.mean(np.array([1e308, 1e308]))",
        "np.prod(np.array([1e200, 1e200]))", "np.ptp(np.array([np.nan, 1.0]))",
        "np.min(np.array([[1, np.nan]]), axis=0)",
        "np.array(i).sum(axis=0, keepdims=True)", "np.array(f).mean(axis=(0, 1))", "np.array(i).all(axis=1)",
        "np.amax(np.array(i, 'uint64') + 2**63)", "np.sum(np.array([2**63, 2**63], 'uint64'))",
        "np.mean(np.array([2**63, 2**63], 'uint64'))", "np.prod(np.array([2**32, 2**32], 'int64'))",
        "np.sum(np.array(f), axis=2)", "np.sum(np.array(f), axis=(0, 2))", "np.cumsum(np.array(f), axis=-3)",
    ]
    refusable = frozenset({
        "np.sum(np.array(i), where=np.array([True, False, True]))", "np.max(np.array(i), initial=10)",
        "np.sum(np.array(i, 'int8'), dtype=bool)", "np.var(np.array(i), ddof=1.5)",
    })
    assert differences(cases, SETUP, refused_ok=refusable) == []


def test_zero_d_keepdims() -> None:
    names = ("sum", "max", "mean", "std", "any", "count_nonzero", "argmax", "prod", "all", "var", "argmin",
             "min")
    cases = [f"np.{name}(np.array({v}), keepdims=True)" for name in names for v in ("3", "2.5")]
    cases += ["np.argmax(np.array(3), axis=0, keepdims=True)", "np.sum(np.array(3), axis=0)",
              "np.median(np.array(3), keepdims=True)", "np.percentile(np.array(3), 50, keepdims=True)"]
    assert differences(cases) == []


def test_zero_d_axis() -> None:
    calls = ("np.sum(a, axis={ax})", "np.max(a, axis={ax})", "np.mean(a, axis={ax})", "np.std(a, axis={ax})",
             "np.any(a, axis={ax})", "np.count_nonzero(a, axis={ax})", "np.cumsum(a, axis={ax})",
             "np.median(a, axis={ax})", "np.sort(a, axis={ax})", "np.argsort(a, axis={ax})",
             "np.ptp(a, axis={ax})",
             "np.argmax(a, axis={ax})", "np.percentile(a, 5, axis={ax})", "np.prod(a, axis={ax})",
             "np.cumprod(a, axis={ax})", "np.argmin(a, axis={ax}, keepdims=True)", "np.all(a, axis={ax})")
    cases = [c.format(ax=ax) for c in calls for ax in ("0", "-1", "1", "(0,)", "None")]
    cases += ["np.sort(a)", "np.argsort(a)", "np.sum(a, axis=())"]
    assert differences(cases, "a = np.array(3)") == []


def test_nan_variants() -> None:
    cases = _cases([
        "np.nansum(np.array(f, '{dt}'))", "np.nanmax(np.array(i, '{dt}'), axis=0)",
        "np.nanmin(np.array(f, '{dt}'), 1)",
        "np.nansum(np.array(g, '{dt}'))", "np.nanmax(np.array([], '{dt}'))",
        "np.nansum(np.array([], '{dt}'))",
    ])
    cases += [
        "np.nansum(np.array([[1.0, np.nan], [np.nan, 2.5]]), axis=0)", "np.nansum([np.nan, np.nan])",
        "np.nanmax(np.array([[np.nan, np.nan], [1.0, np.nan]]), axis=1)", "np.nanmin([np.nan, 3.0, -1.0])",
        "np.nanmax(np.array([]))", "np.nanmin([])", "np.nanmax(np.array([np.nan]))",
        "np.nanmin(np.array(np.nan))",
        "np.nansum(np.array([0.1] * 40 + [np.nan] * 3 + [0.3] * 90))",
        "np.nansum(np.array(h), axis=(0, 2), keepdims=True)",
        "np.nanmax(np.array([1, 5, 2]), keepdims=True)",
        "np.nansum(np.array([1, 2], 'int8'), dtype='float32')",
    ]
    assert differences(cases, SETUP) == []


def _random_array(rng: random.Random) -> str:
    dt = rng.choice(DTYPES)
    shape = tuple(rng.choice((0, 1, 2, 3, 5)) for _ in range(rng.randint(0, 3)))
    pool = [0, 1, 2, 3, 7, 100] if dt in ("bool", "uint8", "uint64") else [-3, -1, 0, 1, 2, 5, 100]
    if dt.startswith("float"):
        pool += [0.1, -2.5, 1e-3, 3.75, "nan", "-0.0", "inf"]
    count = 1
    for n in shape:
        count *= n
    chosen = [rng.choice(pool) for _ in range(count)]
    items = ", ".join(f"float('{v}')" if isinstance(v, str) else repr(v) for v in chosen)
    return f"np.array([{items}], '{dt}').reshape({shape})"


def test_fuzz_reductions() -> None:
    rng = random.Random(1234)
    calls = ("sum", "prod", "max", "min", "mean", "var", "std", "argmax", "argmin", "any", "all", "cumsum",
             "cumprod", "count_nonzero", "ptp", "nansum", "nanmax", "nanmin")
    cases = []
    for _ in range(600):
        name = rng.choice(calls)
        array = _random_array(rng)
        ndim = array.count(",") and len(eval(array.rsplit(".reshape", 1)[1]))
        axis = rng.choice(["None", "0", "-1", "1", "(0, 1)", "()"]) if ndim else rng.choice(["None", "0"])
        if name.startswith(("arg", "cum")) and axis.startswith("("):
            axis = "None"
        keep = ", keepdims=True" if rng.random() < 0.3 and not name.startswith("cum") else ""
        cases.append(f"np.{name}({array}, axis={axis}{keep})")
    assert differences(cases, refused_ok=frozenset(cases)) == []
