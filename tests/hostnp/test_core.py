"""hostnp.core against the real NumPy: dtypes, scalars, promotion, broadcasting, the ndarray's
attributes, conversions, reshape / transpose, text and in-place operators."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hostnp.harness import differences

DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
          "float32",
          "float64")


def test_dtypes() -> None:
    names = ["'int32'", "'i4'", "'f8'", "'float'", "'int'", "'double'", "'<i8'", "'=u2'", "'|b1'", "'?'",
             "'e'",
             "'half'", "'single'", "'uint'", "'intp'", "'long'", "'B'", "'H'", "'Q'", "'q'", "int", "float",
             "bool",
             "np.int8", "np.float16", "np.bool_", "np.bool", "None", "'bool'", "'u1'", "np.dtype('i2')",
             "np.uint64",
             "'intc'", "'uintc'", "'ubyte'", "'short'"]
    cases = [f"str(np.dtype({n}))" for n in names]
    cases += [f"np.dtype({n}).name" for n in names[:12]]
    cases += [f"repr(np.dtype({n}))" for n in names[:12]]
    cases += ["np.dtype('foo')", "np.dtype('i3')", "np.dtype(np.integer)", "np.dtype(np.floating)"]
    cases += [f"(np.dtype('{d}').kind, np.dtype('{d}').itemsize, np.dtype('{d}').char, np.dtype('{d}').str)"
              for d in DTYPES]
    cases += [f"np.dtype('{d}').type.__name__" for d in DTYPES]
    cases += ["np.dtype('int32') == 'int32'", "np.dtype('int32') == 'i4'", "np.dtype('int64') == int",
              "np.dtype('float64') == float", "np.dtype('float64') == None", "np.dtype('int64') == 'foo'",
              "np.dtype('int8') == np.int8", "np.dtype('int8') != np.int16", "np.dtype('bool') == bool",
              "hash(np.dtype('int8')) == hash(np.dtype('i1'))", "{np.dtype('int8'): 1}[np.dtype('b')]",
              "np.dtype('float32').itemsize * 2", "f'{np.dtype(\"int16\")}'", "np.dtype('uint8').name",
              "np.dtype('float16').byteorder", "np.dtype('int32').byteorder", "np.dtype('int32').alignment"]
    assert differences(cases) == []


def test_scalars() -> None:
    cases = ["np.int32(7.9)", "np.int32(-7.9)", "np.int8(300)", "np.uint8(-1)", "np.int8(np.int64(300))",
             "np.float32(0.1)", "np.float16(0.1)", "np.float16(70000)", "np.float32(1e39)", "np.float64(3)",
             "np.int64(True)", "np.bool_(1)", "np.bool_(0)", "np.bool_(np.int8(3))", "np.int16()",
             "np.float32()",
             "repr(np.int64(3))", "repr(np.float64(0.5))", "repr(np.float32(0.1))", "repr(np.float16(0.1))",
             "repr(np.True_)", "repr(np.False_)", "str(np.True_)", "str(np.int8(-5))",
             "str(np.float32(1e20))",
             "repr(np.float64(1e16))", "repr(np.float32(3.4e38))", "repr(np.float16(65504))",
             "repr(np.uint8(3))",
             "repr(np.float64(float('nan')))", "repr(np.float32(float('-inf')))", "str(np.float64(2.5))",
             "repr(np.float32(1/3))", "repr(np.float16(1000))", "repr(np.float16(999))",
             "repr(np.float32(1e8))",
             "repr(np.float32(99999990))", "repr(np.float32(1e-5))", "repr(np.float16(0.0001))",
             "str(np.float16(2048))",
             "repr(np.float64(1e-5))", "repr(np.float64(-1.5e300))", "repr(np.float32(-0.0))",
             "repr(np.float16(1/3))", "repr(np.float32(123456789))",
             "np.int64(3) + 1", "np.int64(3) + 1.5", "1 + np.int64(3)", "np.int8(100) + np.int8(100)",
             "np.int8(5) + 300", "np.int8(3) * 2", "np.uint8(3) - 5", "np.float32(1) + 1",
             "np.float32(1) + 1e300",
             "np.int64(7) // 2", "np.int64(7) % -2", "np.int64(7) / 2", "np.int64(2) ** 3",
             "np.int32(2) ** 40",
             "np.int64(-7) // 0", "np.float64(1) / 0", "-np.int8(-128)", "abs(np.int8(-128))", "~np.uint8(1)",
             "np.int64(3) == 3", "np.int64(3) < 2.5", "np.float32(0.1) == 0.1", "np.True_ & True",
             "np.True_ + np.True_", "np.True_ + 1", "np.int64(3) & 5", "np.int64(1) << 3",
             "divmod(np.int64(7), 2)",
             "np.int8(3).item()", "np.float32(0.5).item()", "np.True_.item()", "str(np.int16(3).dtype)",
             "np.float16(1).itemsize", "np.int8(3).shape", "np.int8(3).ndim", "int(np.float32(2.7))",
             "float(np.int8(3))", "bool(np.False_)", "int(np.True_)", "hash(np.int64(5)) == hash(5)",
             "np.int64(5).astype(np.int8)", "[1, 2, 3][np.int64(1)]", "range(np.int32(3))",
             "isinstance(np.int8(1), np.integer)", "isinstance(np.int8(1), np.signedinteger)",
             "isinstance(np.uint8(1), np.signedinteger)", "isinstance(np.float32(1), np.floating)",
             "isinstance(np.float64(1), float)", "isinstance(np.True_, np.number)",
             "isinstance(np.True_, np.generic)",
             "np.bool_.__name__", "np.int64.__name__", "type(np.True_).__name__",
             "np.True_ is np.bool_(True)",
             "np.int8(-3) >> 1", "np.float64(-0.0) == 0.0", "np.uint64(2**64 - 1)", "np.int64(2**63)",
             "np.uint64(2**64)", "np.int32(2**63)", "np.int8(-2**70)",
             "f'{np.int32(5):03d}'", "f'{np.float64(2.5):.2f}'", "np.int64(3).is_integer()",
             "np.float64(2.0).is_integer()", "np.float16(1.0) + np.float32(2.0)", "np.int8(1) + np.uint8(1)",
             "np.int64(1) + np.uint64(1)", "np.float16(2) * np.int8(3)", "np.float16(2) * np.int16(3)"]
    assert differences(cases) == []


def test_scalar_times_sequence() -> None:
    # NumPy's scalars defer to sequence repetition for `*` (either order), and convert the
    # sequence for the other operators.
    cases = [
        "(1,) * np.int64(2)", "np.int64(2) * (1,)", "[1, 2] * np.int32(2)", "np.uint8(3) * [0]",
        "'ab' * np.int64(2)", "np.int16(2) * b'x'", "(1,) * np.float64(2)", "np.float32(2) * [1]",
        "np.bool_(True) * (1,)", "(1,) * np.True_", "(1,) + np.int64(2)", "np.int64(2) - [1, 2]",
        "(1, 2) * np.int64(0)", "np.int64(-1) * (1,)",
    ]
    assert differences(cases) == []


def test_promotion() -> None:
    cases = []
    for a in DTYPES:
        for b in DTYPES:
            cases.append(f"str(np.promote_types('{a}', '{b}'))")
    for a in DTYPES:
        for weak in ("1", "1.0", "True", "300", "-1"):
            cases.append(f"str(np.result_type(np.{a if a != 'bool' else 'bool_'}, {weak}))")
    cases += ["str(np.result_type(1, 2.0))", "str(np.result_type(True, 1))", "str(np.result_type(1))",
              "str(np.result_type(1.0))",
              "str(np.result_type())", "str(np.result_type(np.array([1], 'int8'), 1))",
              "str(np.result_type('i4', 'f4'))",
              "str(np.result_type(np.int8(1), 1.0))", "str(np.result_type([1, 2], 1.0))",
              "np.can_cast('i4', 'i8')", "np.can_cast('i8', 'i4')", "np.can_cast('i8', 'i4', 'same_kind')",
              "np.can_cast('f8', 'i8', 'same_kind')", "np.can_cast('u1', 'i1')", "np.can_cast('u1', 'i2')",
              "np.can_cast('f4', 'f2', 'same_kind')", "np.can_cast('i8', 'f8')", "np.can_cast('i8', 'f4')",
              "np.can_cast('u8', 'i8', 'same_kind')", "np.can_cast('i1', 'u8', 'same_kind')",
              "np.can_cast('b1', 'u1')", "np.can_cast('f8', 'f8', 'no')", "np.can_cast('f8', 'i1', 'unsafe')",
              "np.can_cast(1, 'i1')", "np.can_cast(np.int8, np.float16)", "np.can_cast(np.array([1]), 'f8')",
              "np.can_cast('i1', 'i2', 'bogus')"]
    refused = frozenset({"str(np.result_type([1, 2], 1.0))"})
    cases += [f"np.can_cast('{a}', '{b}', 'same_kind')" for a in DTYPES for b in DTYPES[::3]]
    cases += [f"np.can_cast('{a}', '{b}')" for a in DTYPES for b in DTYPES[1::3]]
    assert differences(cases, refused_ok=refused) == []


def test_broadcast_shapes() -> None:
    cases = ["np.broadcast_shapes((128, 64), (128, 32))", "np.broadcast_shapes((2, 1), (1, 3))",
             "np.broadcast_shapes((3,), (2, 3), (1, 1, 3))", "np.broadcast_shapes()",
             "np.broadcast_shapes(5, (5,))",
             "np.broadcast_shapes((2, 3), (3, 3), (4, 3))", "np.broadcast_shapes((1, 3), (2, 1), (2, 4))",
             "np.broadcast_shapes((0,), (1,))", "np.broadcast_shapes((0,), (2,))",
             "np.broadcast_shapes((), (2, 2))",
             "np.ones((2, 3)) + np.ones((3, 2))", "np.ones((4, 1)) * np.ones((3,))",
             "np.add(np.ones((2, 3)), np.ones((2,)))"]
    assert differences(cases) == []


def test_array_attributes() -> None:
    setup = "a = np.arange(12, dtype=np.int32).reshape(3, 4)\nb = np.array([[True, False]])\nz = np.array(5)"
    cases = ["a.shape", "a.ndim", "a.size", "str(a.dtype)", "a.itemsize", "a.nbytes", "a.strides",
             "a.T.strides",
             "a.T", "a.T.shape", "a[:, ::2].strides", "a[::-1].strides", "b.strides", "z.shape", "z.strides",
             "z.ndim", "len(a)", "len(z)", "list(a)", "list(z)", "a.tolist()", "z.tolist()", "z.item()",
             "a.item(5)",
             "a.item(1, 2)", "a.item(-1)", "a.item(12)", "a.item(3, 0)", "a.item()", "a.item(1, 2, 3)",
             "bool(z)", "bool(b)", "bool(np.array([]))", "bool(np.array([0]))", "int(z)", "float(z)",
             "int(a)", "int(np.array([3]))", "float(np.array([[2.5]]))", "[1, 2, 3][np.array(1)]",
             "[1, 2, 3][np.array([1])]", "[1, 2][np.array(1.0)]", "3 in a", "20 in a", "a.base is None",
             "a.copy().base is None", "a.shape == (3, 4)", "a.flatten()", "a.T.flatten()",
             "a.ravel()", "a.T.ravel()", "a.copy()", "a.astype(np.float32)", "a.astype('int8')",
             "np.array([1.9, -1.9, 300.5]).astype(np.int16)", "np.array([300, -1]).astype(np.uint8)",
             "np.array([1, 0, 2]).astype(bool)", "np.array([0.5, 0.0]).astype(bool)",
             "np.array([1e10]).astype(np.float16)", "np.array([0.1]).astype(np.float32).astype(np.float64)",
             "a.astype(np.int8, casting='safe')", "a.astype(np.int64, casting='safe')", "a.transpose()",
             "a.transpose(1, 0)", "a.transpose((1, 0))", "a.transpose(0)", "a.transpose(0, 0)",
             "np.arange(24).reshape(2, 3, 4).transpose(2, 0, 1)", "np.arange(24).reshape(2, 3, 4).T.shape",
             "a.swapaxes(0, 1)", "a.mT", "np.arange(3).mT", "list(a.flat)", "a.fill(7)", "a.dtype.name",
             "np.arange(6).reshape(2, 3).view()", "a[0].base is a"]
    assert differences(cases, setup) == []


def test_reshape() -> None:
    setup = "a = np.arange(12)\nm = np.arange(12).reshape(3, 4)"
    cases = ["a.reshape(3, 4)", "a.reshape((3, 4))", "a.reshape([2, -1])", "a.reshape(-1, 6)",
             "a.reshape(5, -1)",
             "a.reshape(-1, -1)", "a.reshape(3, 5)", "a.reshape(2.0, 6)", "a.reshape(-2, 6)",
             "a.reshape(12, 1, 1)",
             "a.reshape(())", "np.array([5]).reshape(())", "a.reshape(0, -1)",
             "np.zeros((0, 3)).reshape(-1, 0)",
             "np.zeros((0, 3)).reshape(0, -1)", "m.T.reshape(-1)", "m.T.reshape(2, 6)",
             "m[:, 1:3].reshape(-1)",
             "m[::2].reshape(4, 2)", "a.reshape(3, 4).base is a", "a.reshape(-1)",
             "m.reshape(4, 3, order='C')",
             "a.reshape(3, 4)[1]", "a.reshape(7)", "a.reshape(-1, 5)", "a.reshape(-1, 5, 2)",
             "np.zeros((0, 3)).reshape(2, -1, 0)", "m[:, ::2].reshape(3, 2, 1)", "a.reshape(3, 4, order='F')"]
    assert differences(cases, setup, refused_ok=frozenset({"a.reshape(3, 4, order='F')"})) == []


def test_views_share_storage() -> None:
    setup = ("a = np.arange(10)\nb = a[2:8:2]\nb[0] = 99\nc = a.reshape(2, 5)\nc[1, 1] = -1\n"
             "d = a[::-1]\nd[0] = 42\nt = np.arange(6).reshape(2, 3)\nu = t.T\nu[0, 1] = 7\n")
    cases = ["a", "b", "c", "d", "t", "u", "a[1:][0]", "t.ravel()"]
    assert differences(cases, setup) == []


def test_text() -> None:
    cases = ["repr(np.array([1, 2, 3]))", "str(np.array([1, 2, 3]))",
             "repr(np.array([1, 2], dtype=np.int32))",
             "repr(np.array([True, True]))", "str(np.array([True, False]))", "repr(np.zeros((2, 0), int))",
             "repr(np.array(5, np.int8))", "str(np.array(5, np.int8))", "repr(np.array([[1, -2], [30, 4]]))",
             "str(np.array([[1, -2], [30, 4]]))", "repr(np.arange(8).reshape(2, 2, 2))",
             "str(np.arange(8).reshape(2, 2, 2))", "repr(np.array([], bool))", "repr(np.array([], np.uint8))",
             "str(np.array([], np.uint8))", "repr(np.array(True))", "str(np.array(False))",
             "repr(np.arange(3, dtype=np.uint64))", "repr(np.arange(16).reshape(2, 2, 2, 2))",
             "str(np.arange(16).reshape(2, 2, 2, 2))", "repr(np.array([[True], [False]]))",
             "repr(np.array(-7))",
             "repr(np.zeros((0,), np.int16))", "repr(np.zeros((1, 0, 2), np.int8))", "str(np.zeros((3, 0)))",
             "repr(np.array([[-128, 127]], np.int8))", "f'{np.array([1, 2])}'", "format(np.array(3), 'd')",
             "repr(np.arange(5).reshape(5, 1))", "str(np.array([10**12, -1]))"]
    assert differences(cases) == []


def test_inplace() -> None:
    setup = "a = np.arange(4, dtype=np.int8)\nf = np.ones(3, np.float32)\nm = np.zeros((2, 3), int)"
    cases = ["(lambda x: (x.__iadd__(1), x)[1])(a)", "(lambda x: (x.__iadd__(1.5), x)[1])(a)",
             "(lambda x: (x.__iadd__(300), x)[1])(a)", "(lambda x: (x.__imul__(100), x)[1])(a)",
             "(lambda x: (x.__iadd__(np.arange(4)), x)[1])(a)", "(lambda x: (x.__itruediv__(2), x)[1])(a)",
             "(lambda x: (x.__ifloordiv__(2), x)[1])(a)", "(lambda x: (x.__iadd__(0.1), x)[1])(f)",
             "(lambda x: (x.__iadd__(np.ones(3)), x)[1])(f)", "(lambda x: (x.__iadd__([1, 2, 3]), x)[1])(m)",
             "(lambda x: (x.__iadd__(np.ones((2, 2))), x)[1])(m)", "(lambda x: (x.__isub__(1), x)[1])(m)",
             "(lambda x: (x.__ilshift__(2), x)[1])(a)", "(lambda x: (x.__ior__(8), x)[1])(a)",
             "(lambda x: (x.__ipow__(2), x)[1])(a)", "(lambda x: (x.__imod__(3), x)[1])(m)",
             "(lambda x: (x.__iadd__(np.ones((2, 2, 3))), x)[1])(m)",
             "(lambda x: (x.__iand__(1.0), x)[1])(a)"]
    assert differences(cases, setup) == []


def test_operators() -> None:
    setup = ("a = np.arange(6).reshape(2, 3)\nb = np.array([True, False, True])\n"
             "i8 = np.array([1, -2, 3], np.int8)")
    cases = ["a + 1", "1 + a", "a - b", "a * 2.5", "a / 2", "2 / a", "a // 4", "a % 4", "-a", "+a",
             "abs(-a)", "~a",
             "~b", "-b", "a ** 2", "2 ** a", "a == 2", "a != 2", "a < 3", "3 <= a", "a > a.T.T", "a >= 1.5",
             "a & 3", "a | 8", "a ^ 1", "a << 2", "a >> 1", "b & b", "b | b", "b ^ True", "b + b", "b - b",
             "b * b", "i8 + 200", "i8 * 100", "i8 + np.int16(1)", "i8 + [1, 2, 3]", "[1, 2, 3] + i8",
             "(1, 2, 3) * i8", "a + np.ones((3, 2))", "a + np.float32(1)", "i8 / np.float32(2)",
             "divmod(a, 4)",
             "a @ a.T", "a == None", "a + 'x'", "a == 'x'", "i8 + 2**70", "i8 < 300", "i8 == -200",
             "np.array([1], np.uint64) + 2**64", "np.array([1], np.uint64) + (-1)", "np.array([1]) + 2**63",
             "np.array([5], np.uint64) + np.array([1], np.int64)",
             "np.array([2**63], np.uint64) > np.array([-1])",
             "np.array([2**62 + 1]) == float(2**62)"]
    assert differences(cases, setup, refused_ok=frozenset({"a @ a.T", "a + 'x'", "a == 'x'"})) == []


def test_sort_and_methods() -> None:
    setup = "a = np.array([3, 1, 2], np.int8)\nm = np.array([[3, 1], [0, 2]])"
    cases = ["(lambda x: (x.sort(), x)[1])(a)", "(lambda x: (x.sort(axis=0), x)[1])(m)",
             "(lambda x: (x.sort(), x)[1])(m)",
             "(lambda x: (x[::-1].sort(), x)[1])(a)", "a.sum()", "a.max()", "m.argmax(axis=1)", "m.cumsum()",
             "round(np.float64(2.5))", "np.int8(3) in [3]", "sorted([np.int8(3), np.int8(-1)])",
             "max(np.arange(4))", "sum(np.arange(4))", "list(map(int, np.arange(3)))",
             "{np.int64(1): 'x'}[1]",
             "str([np.int8(1), np.float32(0.5)])", "repr([np.True_])", "a.foo", "np.int8(1).foo",
             "np.True_.foo",
             "np.float32(1).foo", "np.dtype('i1').foo", "np.dtype('f4').names", "np.dtype('f4').fields",
             "np.dtype('u2').subdtype", "np.dtype('u2').hasobject", "np.dtype('u2').isnative",
             "a.flags.writeable"]
    refused = frozenset({"a.flags.writeable"})
    assert differences(cases, setup, refused_ok=refused) == []


def test_contract() -> None:
    """What the analyser's bridge relies on, beyond what NumPy shows."""
    from pallas_lsp.analysis import hostnp as np
    from pallas_lsp.analysis.hostnp import core
    from pallas_lsp.analysis.python.real import DtypeText, Refused

    assert np.dtype(DtypeText(SimpleNamespace(name="int8"))) is core.INT8
    assert np.dtype("int8") == DtypeText(SimpleNamespace(name="int8"))
    with pytest.raises(Refused):
        np.dtype(DtypeText(SimpleNamespace(name="bfloat16")))
    for bad in ("complex64", "S3", "O", ">U3", "datetime64[s]", "i4,i4"):
        with pytest.raises(Refused):
            np.dtype(bad)
    with pytest.raises(Refused):
        np.zeros(core.MAX_SIZE + 1)
    with pytest.raises(Refused):
        np.arange(10 ** 9)
    with pytest.raises(Refused):
        repr(np.array([0.5]))
    with pytest.raises(Refused):
        np.add(np.ones(2), 1, out=np.ones(2))
    with pytest.raises(Refused):
        np.exp(np.float32(1))
    a = np.arange(6).reshape(2, 3)
    assert a.T.flat_values() == [0, 3, 1, 4, 2, 5]
    assert core.make([1, 2], (2,), core.INT8).dtype is core.INT8
    assert core.cast(300, core.INT8) == 44 and core.cast(0.1, core.FLOAT32) == 0.10000000149011612
    assert core.result_type(np.array([1], np.int8), 1) is core.INT8
    assert type(core.to_scalar(3, core.UINT16)).__name__ == "uint16"
    view = a[:, 1:]
    view[0, 0] = 99
    assert a.tolist() == [[0, 99, 2], [3, 4, 5]] and view.base is a.base
    assert core.normalize_axis(-1, 3) == 2
    with pytest.raises(core.AxisError, match="axis 3 is out of bounds for array of dimension 3"):
        core.normalize_axis(3, 3)
    assert isinstance(core.AxisError(1, 1), IndexError) and issubclass(core.UFuncTypeError, TypeError)
    assert np.int64.__name__ == "int64" and np.bool_.__name__ == "bool" and np.bool is np.bool_
    assert isinstance(np.int8(1), int) and isinstance(np.float16(1), float)
    assert not hasattr(np, "float_")
