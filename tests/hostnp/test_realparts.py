"""frexp / ldexp / modf / spacing / bitwise_count, fix / nan_to_num / iscomplex / isreal /
real_if_close / min_scalar_type against the real NumPy."""

from __future__ import annotations

from hostnp.harness import differences


def test_float_part_ufuncs() -> None:
    values = ("3", "0.0", "-0.0", "-2.5", "np.inf", "-np.inf", "np.nan", "True", "np.float16(6.5)",
              "np.float32(1e-40)", "np.array([1, 2], 'int8')", "np.array([1.5, -3.25], 'float32')",
              "np.array([[0.1, 7.0]])", "np.array([5, 2**40])", "np.array([65504.0], 'float16')",
              "np.array([], 'float64')", "5e-324")
    cases = [f"np.{name}({v})" for name in ("frexp", "modf", "spacing") for v in values]
    mantissas = ("1.0", "np.float32(1)", "np.float16(1)", "3", "np.array([1.5, -2.0])",
                 "np.array([1], 'int8')", "True", "-0.0", "np.inf")
    cases += [f"np.ldexp({x}, {n})" for x in mantissas
              for n in ("3", "-2", "np.array([5, 7])", "np.array([2], 'uint32')", "np.array([2], 'uint64')",
                        "2.5", "np.int64(3)", "2000", "-2000", "np.array([1, 2], 'int8')")]
    counted = ("-5", "0", "255", "True", "1.0", "np.array([-128, 127], 'int8')",
               "np.array([2**64 - 1], 'uint64')", "np.array([-1])", "np.uint16(7)", "[3, 4]")
    cases += [f"np.bitwise_count({v})" for v in counted]
    cases += ["np.modf.nout", "np.frexp.nin", "np.frexp(np.array([1.0]), None)",
              "np.ldexp(np.array([1.0]), np.array([1, 2, 3]))", "np.spacing(np.array([1], 'int16'))"]
    assert differences(cases) == []


def test_fix_and_nan_to_num() -> None:
    fixed = ("-0.5", "2.7", "np.array([1, 2])", "3", "np.array([-1.5, 1.5], 'float16')", "True", "[[0.5]]")
    cases = [f"np.fix({v})" for v in fixed]
    arrays = ("np.array([np.nan, np.inf, -np.inf, 1.0])", "np.array([np.nan, np.inf], 'float32')",
              "np.array([np.inf, -np.inf], 'float16')", "np.nan", "np.inf", "3", "[1, 2]",
              "np.array([np.nan])", "np.float32(np.inf)")
    cases += [f"np.nan_to_num({a}{rest})" for a in arrays
              for rest in ("", ", nan=-1", ", posinf=7, neginf=-7", ", nan=2.5", ", copy=False",
                           ", posinf=1e300", ", nan=np.float64(3)")]
    cases += ["(lambda a: (np.nan_to_num(a, copy=False), a))(np.array([np.nan, 2.0]))",
              "(lambda a: (np.nan_to_num(a), a))(np.array([np.nan, 2.0]))",
              "np.nan_to_num([np.nan], copy=False)",
              "np.nan_to_num(np.array([np.nan], 'float32'), nan=2**70)"]
    assert differences(cases) == []


def test_kind_predicates() -> None:
    values = ("3", "2.5", "True", "np.int8(3)", "np.float32(1)", "np.array([1, 2])", "[1.5, 2]",
              "np.array(3.0)", "[[1], [2]]", "np.array([], 'int8')")
    cases = [f"np.{name}({v})" for name in ("iscomplex", "isreal", "real_if_close") for v in values]
    cases += [f"np.min_scalar_type({v})" for v in (
        "10", "-1", "0", "255", "256", "-129", "2**63", "2**64 - 1", "1e-10", "np.nan", "np.inf", "65000.0",
        "64999.0", "-64999.5", "1e38", "3.5e38", "np.int8(5)", "np.int8(-5)", "np.array([1, 2])", "True",
        "np.float32(1)", "np.float32(1e10)", "np.float16(3)", "np.array(300)", "np.uint64(2**64 - 1)",
        "np.array(-2**40)", "np.array([], 'uint8')", "np.array(np.inf, 'float32')")]
    cases += ["np.real_if_close([1.0], tol=1)", "np.real_if_close(np.array([1, 2], 'int8'), 1000)"]
    assert differences(cases) == []
