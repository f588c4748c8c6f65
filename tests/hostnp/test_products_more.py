"""vdot / tensordot / kron / cross / convolve / einsum against the real NumPy."""

from __future__ import annotations

from hostnp.harness import differences

SETUP = """
a = np.arange(6).reshape(2, 3)
b = np.arange(12).reshape(3, 4)
c = np.arange(24).reshape(2, 3, 4)
f = np.array([[0.5, 1.5], [2.0, -1.0]])
h = np.array([1, 2, 3], 'float16')
i8 = np.array([100, 50, -3], 'int8')
t = np.array([True, False, True])
"""


def test_vdot_tensordot_kron() -> None:
    cases = [
        "np.vdot([1, 2], [3, 4])", "np.vdot([[1, 2]], [3, 4])", "np.vdot([1, 2], [3, 4, 5])", "np.vdot(2, 3)",
        "np.vdot([1.5], [2])", "np.vdot(t, t)", "np.vdot(i8, i8)", "np.vdot(a, a)",
        "np.tensordot(a, b, 1)", "np.tensordot(c, b, ([1, 2], [0, 1]))", "np.tensordot(a, a, 2)",
        "np.tensordot(a, b, 0).shape", "np.tensordot(a, b, ([1], [0]))", "np.tensordot(a, b, (1, 0))",
        "np.tensordot(a, b)", "np.tensordot(a, a, ([0, 0], [0, 1]))", "np.tensordot(a, b, ([0], [0]))",
        "np.tensordot(a, b, ([1, 0], [0]))", "np.tensordot(a, b, ([5], [0]))", "np.tensordot(f, f)",
        "np.tensordot(a, a.T, ([-1], [0]))", "np.tensordot(t, t, 1)", "np.tensordot(1, 2, 0)",
        "np.kron([1, 2], [1, 10])", "np.kron(a, [[1, 0], [0, 1]])", "np.kron(3, a)", "np.kron(a, 2.5)",
        "np.kron(i8, i8)", "np.kron(t, t)", "np.kron(h, h)", "np.kron([1, 2], [[1], [2]])",
        "np.kron(c, [1, -1])",
        "np.kron([], [1, 2])", "np.kron(f, f)", "np.kron(np.float32(2), 3)",
    ]
    assert differences(cases, SETUP) == []


def test_cross_convolve() -> None:
    cases = [
        "np.cross([1, 2, 3], [4, 5, 6])", "np.cross([[1, 2, 3], [0, 0, 1]], [4, 5, 6])",
        "np.cross([1, 2], [4, 5])", "np.cross([1, 2, 3], [4, 5])", "np.cross(1, [1, 2, 3])",
        "np.cross([1.5, 2, 3], [4, 5, 6])", "np.cross(t, t)", "np.cross(i8, i8[::-1])",
        "np.cross(h, h[::-1])", "np.cross(a.T, a.T, axisa=0)", "np.cross(c[:, :, :3], [1, 0, 0])",
        "np.cross(a, a, axisa=0, axisb=0)", "np.cross(a, a, axis=1)", "np.cross(a, a, axisa=5)",
        "np.cross(a, a, axisc=3)", "np.cross([[1, 2, 3]], [[1, 2, 3], [4, 5, 6]], axisc=0)",
        "np.cross(np.array([1, 2, 3], 'uint8'), np.array([4, 5, 6], 'int16'))",
        "np.convolve([1, 2, 3], [0, 1, 0.5])", "np.convolve([1, 2, 3], [1, 1])",
        "np.convolve([1, 2, 3], [1, 1], 'same')",
        "np.convolve([1, 2, 3], [1, 1], 'valid')", "np.convolve([1, 2, 3, 4], [1, 2, 3], 'same')",
        "np.convolve([1, 2, 3, 4], [1, 2], 'same')", "np.convolve([1, 2], [1, 2, 3, 4], 'valid')",
        "np.convolve([1, 2, 3], [1, 1], 'x')", "np.convolve([1, 2, 3], [1, 1], 'f')",
        "np.convolve([1, 2, 3], [1, 1], 2)", "np.convolve([1, 2, 3], [1, 1], 5)", "np.convolve([], [1])",
        "np.convolve([1], [])", "np.convolve([True, False], [True, True])", "np.convolve([[1]], [1])",
        "np.convolve(3, [1, 2])", "np.convolve(i8, i8)", "np.convolve(h, h)",
        "np.convolve([0.5, 0.25], [4.0, 2.0])",
        "np.convolve([1, 2, 3], [1, 1], 'FULL')",
    ]
    assert differences(cases, SETUP) == []


def test_einsum() -> None:
    cases = [
        "np.einsum('ij,jk->ik', a, b)", "np.einsum('ij,jk', a, b)", "np.einsum('ii', b[:, :3])",
        "np.einsum('ii->i', b[:, :3])", "np.einsum('ij->ji', a)", "np.einsum('ij', a)", "np.einsum('ji', a)",
        "np.einsum('ba', a)", "np.einsum('Ba', a)", "np.einsum('i,i', [1, 2], [3, 4])",
        "np.einsum('i,i->', [1, 2], [3, 4])",
        "np.einsum('i,j->ij', [1, 2], [3, 4])", "np.einsum('i,j', [1, 2], [3])",
        "np.einsum('i,i', [1, 2], [3])",
        "np.einsum('...i->...', a)", "np.einsum('...i', a)", "np.einsum('i...', a)", "np.einsum('ij->', a)",
        "np.einsum('i...,...->...', a, [1, 2, 3])", "np.einsum('bij,bjk->bik', c, np.ones((2, 4, 2), int))",
        "np.einsum('ijk->kji', c).shape", "np.einsum('ij,ij->ij', a, a)", "np.einsum('...,...', 3, 4)",
        "np.einsum('', 3)", "np.einsum('->', 3)", "np.einsum('i,i', [1.5, 2.0], [2.0, 4.0])",
        "np.einsum('ij->i...', a)", "np.einsum(' i j -> j i ', a)", "np.einsum('i,i', t, t)",
        "np.einsum('i,i->i', i8, i8)", "np.einsum('i->', i8)", "np.einsum('ij,jk,kl->il', a, b, b.T)",
        "np.einsum('i,i', [1, 2], [1, 2, 3])", "np.einsum('i,i', [1, 2])", "np.einsum('i', [1, 2], [3])",
        "np.einsum('i1', [1, 2])", "np.einsum('ij', [1, 2])", "np.einsum('i', [[1, 2]])",
        "np.einsum('ii', [[1, 2, 3], [4, 5, 6]])", "np.einsum('i->k', [1, 2])", "np.einsum('i->ii', [1, 2])",
        "np.einsum('...i->i', a)", "np.einsum('..i', a)", "np.einsum('i...->i', a)",
        "np.einsum('i->i->i', [1])",
        "np.einsum('ij,jk', f, f)", "np.einsum('i,i', h, h)", "np.einsum('ii->i', f)",
        "np.einsum('ij->j', f)",
        "(lambda v: (v.__setitem__(0, 9), a))(np.einsum('ij->ji', a.copy())[0])",
        "np.einsum('i', [])", "np.einsum('i->', np.array([], 'int8'))", "np.einsum('ij,j', a, [1, 0, -1])",
        "np.einsum('i,i', np.array([1], 'uint8'), np.array([2], 'int8'))",
    ]
    refused = frozenset({"np.einsum('ij,jk', f, f)", "np.einsum('ij->j', f)"})
    assert differences(cases, SETUP, refused_ok=refused) == []
