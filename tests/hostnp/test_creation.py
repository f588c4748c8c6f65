"""hostnp.creation against the real NumPy: array / asarray discovery, arange and linspace bit for
bit, the filled constructors, eye / tri / meshgrid / indices / frombuffer, iinfo / finfo and
issubdtype."""

from __future__ import annotations

from hostnp.harness import differences

DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
          "float32",
          "float64")


def test_array() -> None:
    cases = ["np.array([1, 2, 3])", "np.array([1, 2.5])", "np.array([True, 2])", "np.array([[1, 2], [3, 4]])",
             "np.array([[1, 2], [3]])", "np.array([[1, 2], [3, [4]]])", "np.array([[[1], [2]], [[3], 4]])",
             "np.array([1, 2**63])", "np.array([2**63])", "np.array(2**63)", "np.array([np.int8(1), 2])",
             "np.array([np.int8(1), np.int16(2)])", "np.array([np.int8(1), 2.0])",
             "np.array([np.float32(1), 2])",
             "np.array([np.float32(1), np.float16(2)])", "np.array([np.uint8(1), np.int8(-1)])",
             "np.array([])",
             "np.array([[], []])", "np.array(5)", "np.array(5.5)", "np.array(True)", "np.array(np.int8(3))",
             "np.array((1, 2))", "np.array([(1, 2), [3, 4]])", "np.array([1, 2], dtype=np.int8)",
             "np.array([300], dtype=np.int8)", "np.array([-1], dtype=np.uint8)",
             "np.array([1.7, -1.7], dtype=int)",
             "np.array([1, 0, 2], dtype=bool)", "np.array([0.1], dtype=np.float32)",
             "np.array([np.int64(300)], np.int8)",
             "np.array([1, 2], ndmin=3)", "np.array(5, ndmin=2)", "np.array(5, copy=False)",
             "np.array(np.arange(3), copy=False)", "np.array([1, 2], 'f4')",
             "np.array([np.array([1, 2]), [3, 4]])",
             "np.array([np.array([1, 2], np.int8), np.array([3, 4], np.int8)])",
             "np.array([np.arange(2), np.arange(3)])",
             "np.array([1, None])", "np.array(['a'])", "np.array([[1], [2]], dtype=np.float16)",
             "np.asarray([1, 2])", "np.asarray(np.arange(3), dtype=np.int8)",
             "np.asarray(7, dtype=np.float32)",
             "np.asanyarray([[True]])", "np.ascontiguousarray(5)",
             "np.ascontiguousarray(np.arange(6).reshape(2, 3).T)",
             "np.copy([1, 2])", "np.array(range(4))", "np.array([[1, 2]], dtype=np.uint64)"]
    setup = "a = np.arange(4)\nb = np.asarray(a)\nc = np.array(a)\nd = np.array(a, copy=None)\nb[0] = 9\n"
    cases2 = ["a", "c", "d", "b is a", "c is a", "d is a"]
    refused = frozenset({"np.array([1, None])", "np.array(['a'])", "np.array(2**63)", "np.array([2**63])",
                         "np.array([np.int64(300)], np.int8)",
                         "np.array([1, 2**63])"})
    assert differences(cases, refused_ok=refused) == []
    assert differences(cases2, setup) == []


def test_arange() -> None:
    cases = ["np.arange(5)", "np.arange(2, 7)", "np.arange(2, 7, 2)", "np.arange(7, 2, -2)",
             "np.arange(10, 1)",
             "np.arange(5.0)", "np.arange(1, 2, 0.3)", "np.arange(0, 1, 0.1)", "np.arange(-1, 1, 0.25)",
             "np.arange(0.5, 3)", "np.arange(1e16, 1e16 + 10, 3)", "np.arange(0, 5, 0)",
             "np.arange(np.int32(5))",
             "np.arange(np.float32(5))", "np.arange(np.int8(3), 5)", "np.arange(True)",
             "np.arange(5, dtype=np.float32)",
             "np.arange(0, 1, 0.1, dtype=np.float32)", "np.arange(0, 1, 0.1, dtype=np.float16)",
             "np.arange(0.3, 7.1, 0.7, dtype=np.float32)", "np.arange(3, dtype=np.int8)",
             "np.arange(250, 260, dtype=np.uint8)",
             "np.arange(-3, 3, dtype=np.uint8)", "np.arange(3, dtype=bool)", "np.arange(None)",
             "np.arange(1, None)",
             "np.arange(np.inf)", "np.arange(0, 10, 3.5)", "np.arange(2**40, 2**40 + 3)",
             "np.arange(0, -5, -1.5)",
             "np.arange(5, dtype=float)", "np.arange(3, dtype='f2')", "np.arange(0.1, 0.5, 0.1)",
             "np.arange(1, 10, 1.1)", "np.arange(-7, 7, 3)"]
    refused = frozenset({"np.arange(250, 260, dtype=np.uint8)"})
    assert differences(cases, refused_ok=refused) == []


def test_linspace() -> None:
    cases = ["np.linspace(0, 1, 5)", "np.linspace(0, 1)", "np.linspace(0, 1, 7)",
             "np.linspace(-3.3, 7.1, 13)",
             "np.linspace(0, 1, 5, endpoint=False)", "np.linspace(0, 1, 1)", "np.linspace(0, 1, 0)",
             "np.linspace(0, 1, -1)", "np.linspace(0, 1, 3, retstep=True)",
             "np.linspace(0, 1, 1, retstep=True)",
             "np.linspace(0, 1, 5, dtype=int)", "np.linspace(0, 10, 4, dtype=np.int8)",
             "np.linspace(np.float32(0), 1, 3)",
             "np.linspace(np.float32(0.1), np.float32(0.7), 9)", "np.linspace(np.float16(0), 5, 11)",
             "np.linspace([0, 1], [2, 3], 3)", "np.linspace(0, [2, 3], 3, axis=1)",
             "np.linspace(0, [2, 3], 4, axis=-1)",
             "np.linspace(5, 5, 4)", "np.linspace(1e-3, 1e3, 17)", "np.linspace(0, 1, 2.5)",
             "np.linspace(0, 1, 3.0)",
             "np.linspace(np.int8(0), 10, 6)", "np.linspace(0, 1, np.int64(4))", "np.linspace(1, 0, 6)",
             "np.linspace(0, 2**53, 5)", "np.linspace(-1, 1, 200)",
             "np.linspace(0.1, 0.3, 3, endpoint=False, retstep=True)",
             "np.logspace(0, 3, 4)", "np.logspace(0, 3, 4, base=2)", "np.logspace(0, 2, 3, dtype=int)",
             "np.logspace(0, 1, 3)"]
    refused = frozenset({"np.logspace(0, 1, 3)"})
    assert differences(cases, refused_ok=refused) == []


def test_filled() -> None:
    cases = []
    for dt in DTYPES:
        cases += [f"np.zeros(3, np.{dt if dt != 'bool' else 'bool_'})", f"np.ones((2, 2), '{dt}')",
                  f"np.full(2, 7, '{dt}')", f"np.zeros_like(np.arange(3), dtype='{dt}')"]
    cases += ["np.zeros((2, 3))", "np.zeros(())", "np.zeros(0)", "np.zeros((0, 2))", "np.zeros(-1)",
              "np.zeros(2.5)",
              "np.zeros((2.5,))", "np.zeros([2, 3], int)", "np.zeros(np.int64(2))", "np.ones(3)",
              "np.ones(3, dtype=bool)",
              "np.full(3, 1.5)", "np.full(3, 1.5, dtype=int)", "np.full(3, 300, dtype=np.int8)",
              "np.full((2,), [1, 2])",
              "np.full((2, 2), [1, 2])", "np.full(3, True)", "np.full(2, np.int8(5))",
              "np.full((2, 3), [1, 2])",
              "np.full(2, np.nan, dtype=int)", "np.zeros_like([[1, 2]])",
              "np.ones_like(np.array([1.5], np.float32))",
              "np.full_like([1, 2, 3], 0.7)", "np.full_like([1.0, 2.0], 7)", "np.zeros_like(5)",
              "np.ones_like([1, 2], shape=(2, 2))", "np.empty(3)", "np.empty_like([1])",
              "np.zeros(3, dtype='U3')"]
    refused = frozenset({"np.empty(3)", "np.empty_like([1])", "np.zeros(3, dtype='U3')",
                         "np.full(2, np.nan, dtype=int)"})
    assert differences(cases, refused_ok=refused) == []


def test_matrices_and_grids() -> None:
    cases = ["np.eye(3)", "np.eye(2, 3, k=1)", "np.eye(3, dtype=int, k=-1)", "np.eye(2, k=5)", "np.eye(0)",
             "np.eye(3, 2, dtype=bool)", "np.identity(2, dtype=bool)", "np.identity(3)", "np.tri(3)",
             "np.tri(3, 2, k=0, dtype=int)", "np.tri(2, 4, k=1)", "np.tri(3, k=-1, dtype=np.int8)",
             "np.meshgrid([1, 2], [3, 4, 5])", "np.meshgrid([1, 2], [3, 4, 5], indexing='ij')",
             "np.meshgrid(np.arange(2), np.arange(3), np.arange(4))[2].shape", "np.meshgrid([1, 2])",
             "np.meshgrid([1, 2], [3.5, 4], sparse=True)", "np.meshgrid()",
             "np.meshgrid([1], [2], indexing='xx')",
             "np.indices((2, 3))", "np.indices((2,), dtype=np.int8)", "np.indices(())", "np.indices((0, 2))",
             "np.fromiter(range(3), dtype=np.int8)", "np.fromiter(range(3), dtype=float)",
             "np.fromiter(range(3), dtype=np.int8, count=5)", "np.fromiter(range(5), dtype=int, count=2)",
             "np.fromiter((x * x for x in range(4)), int)", "np.fromiter([300], np.int8)",
             "np.frombuffer(bytes([1, 2, 3, 4]), dtype=np.uint8)",
             "np.frombuffer(bytes([1, 2, 3, 4]), dtype=np.uint16)",
             "np.frombuffer(bytes([1, 2, 3]), dtype=np.uint16)", "np.frombuffer(bytes(8))",
             "np.frombuffer(bytes([1, 2, 3, 4]), dtype=np.int16, count=1, offset=2)",
             "np.frombuffer(bytes([1, 2]), dtype=np.uint8, count=3)",
             "np.frombuffer(bytes([0, 0, 128, 63]), np.float32)",
             "np.frombuffer(bytes([255] * 4), np.int32)", "np.frombuffer(bytes([0, 60]), np.float16)",
             "np.frombuffer(bytes(4), np.int8, offset=5)", "np.frombuffer(bytearray([7, 8]), np.uint8)",
             "(lambda b: (b.__setitem__(0, 5), b)[1])(np.frombuffer(bytes(2), np.uint8))",
             "(lambda b: (b.__setitem__(0, 5), b)[1])(np.frombuffer(bytearray(2), np.uint8))",
             "(lambda b: (b[1:].fill(3), b)[1])(np.frombuffer(bytes(2), np.uint8))",
             "(lambda b: (b.__iadd__(1), b)[1])(np.frombuffer(bytes(2), np.uint8))",
             "(lambda b: (b.sort(), b)[1])(np.frombuffer(bytes(2), np.uint8))",
             "(lambda b: (b.reshape(2, 1).__setitem__(0, 1), b)[1])(np.frombuffer(bytes(2), np.uint8))",
             "np.frombuffer(bytes(2), np.uint8) + 1",
             "np.frombuffer(bytes(2), np.uint8).copy().__setitem__(0, 1)"]
    assert differences(cases) == []


def test_dtype_info() -> None:
    cases = []
    for dt in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
        cases += [f"(np.iinfo(np.{dt}).min, np.iinfo(np.{dt}).max, np.iinfo(np.{dt}).bits, "
                  f"str(np.iinfo('{dt}').dtype))",
                  f"repr(np.iinfo(np.{dt}))"]
    for dt in ("float16", "float32", "float64"):
        cases += [f"np.finfo(np.{dt}).eps", f"np.finfo(np.{dt}).max", f"np.finfo(np.{dt}).min",
                  f"np.finfo(np.{dt}).tiny", f"np.finfo(np.{dt}).smallest_normal",
                   f"np.finfo(np.{dt}).resolution",
                  f"np.finfo(np.{dt}).smallest_subnormal", f"np.finfo(np.{dt}).epsneg",
                  f"(np.finfo(np.{dt}).bits, np.finfo(np.{dt}).precision, np.finfo(np.{dt}).nmant, "
                  f"np.finfo(np.{dt}).nexp, np.finfo(np.{dt}).minexp, np.finfo(np.{dt}).maxexp, "
                  f"np.finfo(np.{dt}).machep, np.finfo(np.{dt}).negep, np.finfo(np.{dt}).iexp)",
                  f"str(np.finfo('{dt}').dtype)"]
    cases += ["repr(np.finfo(np.float64))", "repr(np.finfo(np.float32))"]
    cases += ["np.iinfo(int).max", "np.iinfo(np.array([1], np.int16)).max", "np.iinfo(np.float32)",
              "np.iinfo(bool)",
              "np.finfo(float).eps", "np.finfo(np.int8)", "np.finfo(np.float32(1)).eps",
              "np.iinfo(np.int8(1)).min",
              "np.issubdtype(np.int8, np.integer)", "np.issubdtype(np.int8, np.signedinteger)",
              "np.issubdtype(np.uint8, np.signedinteger)", "np.issubdtype(np.float32, np.floating)",
              "np.issubdtype(np.float32, np.integer)", "np.issubdtype('int32', np.integer)",
              "np.issubdtype(np.dtype('f8'), np.number)", "np.issubdtype(np.bool_, np.number)",
              "np.issubdtype(np.bool_, np.generic)", "np.issubdtype(float, np.floating)",
              "np.issubdtype(int, np.integer)",
              "np.issubdtype(np.int8, int)", "np.issubdtype(np.float64, float)",
              "np.issubdtype(np.int64, np.int64)",
              "np.issubdtype(np.uint16, np.unsignedinteger)", "np.issubdtype(np.float16, np.inexact)",
              "np.isdtype(np.int8, 'integral')", "np.isdtype(np.float32, 'real floating')",
              "np.isdtype(np.bool_, 'bool')",
              "np.isdtype(np.uint8, ('signed integer', 'unsigned integer'))", "np.isdtype(np.int8, np.int8)",
              "np.isdtype(np.float64, 'numeric')", "np.newaxis", "np.inf", "np.nan", "np.pi", "np.e",
              "np.euler_gamma"]
    assert differences(cases) == []
