"""hostnp.indexing against the real NumPy: basic indexing (views), advanced integer and boolean
indexing (where the broadcast dimensions go), assignment through both, take, and the errors."""

from __future__ import annotations

from hostnp.harness import differences

SETUP = "a = np.arange(12).reshape(3, 4)\nv = np.arange(5, dtype=np.int8)\n" \
        "c = np.arange(24).reshape(2, 3, 4)\n" \
        "z = np.array(7)\nf = np.array([0.5, 1.5, 2.5])\n"


def test_basic() -> None:
    cases = ["a[0]", "a[-1]", "a[1, 2]", "a[-1, -1]", "a[1][2]", "a[3]", "a[-4]", "a[0, 4]", "a[0, -5]",
             "v[2]", "v[-5]",
             "v[5]", "a[1:]", "a[:, 1]", "a[:, -1:]", "a[::2]", "a[::-1]", "a[::-2, ::-3]", "a[1:1]",
             "a[5:]", "a[-10:2]",
             "a[..., 0]", "a[0, ...]", "a[...]", "a[..., None]", "a[None]", "a[None, :, None, 1]",
             "a[:, None, 2]",
             "a[()]", "z[()]", "z[...]", "z[None]", "a[0, 0, 0]", "v[0, 0]", "a[..., ...]", "a[1.0]",
             "a['x']",
             "a[0.5:2]", "a[::0]", "a[np.int64(1)]", "a[np.int8(-1), np.uint8(2)]", "a[np.array(1)]",
             "a[np.array(1), 0]", "a[True]", "v[np.True_]", "c[1, ..., 2]", "c[..., 1, :]",
             "c[:, :, ::-1][0, 0]",
             "c[0][1][2]", "c[1:, 1:, 1:]", "c[0, None, ..., None]", "a[1, :][2]", "a[:, 1][::-1]",
             "v[1:4][1:][0]",
             "a[2:0:-1, 3:0:-2]", "a[slice(None, None, -1)]", "a[1:2, 1:2].shape", "c[..., -1].strides",
             "a[(1, 2)]", "a[[1, 2]]", "a[0:3:2, 1]", "len(a[1:])", "a[1:].base is a.base",
             "type(a[1, 1]).__name__",
             "type(v[1]).__name__", "a[1, 1] + 1", "v[4] * v[4]"]
    assert differences(cases, SETUP) == []


def test_advanced() -> None:
    cases = ["a[[0, 2]]", "a[[0, 2], [1, 3]]", "a[[0, 1], [1, 5]]", "a[[0, 1], [1, 2, 3]]",
             "a[[[0], [2]], [1, 3]]",
             "a[[0, -1]]", "a[[3]]", "a[[]]", "a[[], []]", "a[np.array([], int)]", "a[:, [1.5]]", "a[[0.0]]",
             "a[1:, [0, 3]]", "a[[2, 0], 1:3]", "a[[1], :][0]", "a[[0, 2], None]", "a[None, [0, 2]]",
             "a[..., [0, 1]]",
             "c[:, [0, 1], None, [1, 2]]", "c[[0, 1], :, [1, 2]]", "c[0, :, [1, 2]]", "c[:, 0, [1, 2]]",
             "c[[0], [1], [2, 3]]", "c[:, [0, 2]][:, :, [1, 3]]", "c[1, [0, 2], 1:3]", "c[[1], ..., [0]]",
             "c[np.array([[0, 1]]), 2]", "v[np.array([4, 0, 4], np.uint8)]", "v[np.array([1, 2], np.int8)]",
             "v[np.array([[1], [2]])]", "a[np.array([1, 0]), np.array([[3], [2]])]", "a[(0, 2), (1, 3)]",
             "a[[True, False, True]]", "a[np.array([True, False, True])]", "a[[True, False]]", "a[a > 5]",
             "a[a % 2 == 0]", "a[:, [True, False, False, True]]", "a[[True, False, True], 1]",
             "a[np.array([True, False])]", "a[a > 100]", "c[c > 20]", "c[c[:, :, 0] > 10]",
             "c[:, c[0, :, 0] > 3]",
             "a[np.zeros((3, 4), bool)]", "z[z > 3]", "z[z > 10]", "v[[True] * 5]",
             "a[[0, 1], [True, False, True, False]]",
             "f[[0, 0, 2]]", "f[f > 1]", "a[[0, 2]].base is None", "a[[[0, 1]]]", "a[np.array([0, 1]), ...]"]
    assert differences(cases, SETUP) == []


def test_setitem() -> None:
    def after(statement: str, name: str = "a") -> str:
        return f"(lambda: (exec({statement!r}, globals()), {name})[1])()"

    statements = [("a[0] = 9", "a"), ("a[0, 1] = -3", "a"), ("a[-1] = [1, 2, 3, 4]", "a"), ("a[:, 0] = 7",
                   "a"),
                  ("a[1:, 1:] = 0", "a"), ("a[::2] = [[5], [6]]", "a"), ("a[a > 5] = 0",
                   "a"), ("a[[0, 2]] = 1", "a"),
                  ("a[[0, 2], [1, 3]] = [10, 20]", "a"), ("a[...] = 4", "a"), ("a[:] = np.arange(4)", "a"),
                  ("a[0] = 1.9", "a"), ("a[0] = [1, 2]", "a"), ("a[0] = np.array([[1, 2, 3, 4]])", "a"),
                  ("a[0] = [[[1, 2, 3, 4]]]", "a"), ("a[:2] = np.array([[1], [2]])", "a"), ("a[0, 0] = [1]",
                   "a"),
                  ("a[0, 0] = [1, 2]", "a"), ("a[5] = 1", "a"), ("a[0] = None",
                   "a"), ("a[0] = float('nan')", "a"),
                  ("a[0] = float('inf')", "a"), ("a[[0, 0]] = [1, 2]", "a"), ("v[0] = 300",
                   "v"), ("v[0] = -129", "v"),
                  ("v[:] = 1.5", "v"), ("v[:2] = np.array([300, 2])", "v"), ("v[1] = np.int64(7)", "v"),
                  ("v[v > 2] = [7, 8]", "v"), ("v[v > 2] = [7, 8, 9]", "v"), ("f[0] = 7",
                   "f"), ("f[:] = True", "f"),
                  ("f[1] = np.float32(0.1)", "f"), ("z[()] = 3", "z"), ("z[...] = 5",
                   "z"), ("c[0, :, 1] = [1, 2, 3]", "c"),
                  ("c[:, [0, 2], 0] = 9", "c"), ("c[..., -1] = c[..., 0]", "c"), ("a[1] = a[0]", "a"),
                  ("a[:, ::-1] = a", "a"), ("b = a[1:]\nb[0, 0] = 99", "a"), ("b = a.T\nb[0, 2] = -1", "a"),
                  ("b = a[[1]]\nb[0, 0] = 99", "a"), ("b = a.reshape(-1)\nb[3] = 33",
                   "a"), ("b = a[:, 1]\nb += 100", "a"),
                  ("a[1:2] += 1", "a"), ("v[::2] *= 3", "v"), ("a[0] = 'x'", "a")]
    cases = [after(statement, name) for statement, name in statements]
    refused = frozenset({after("a[0] = None", "a"), after("a[0] = 'x'", "a")})
    assert differences(cases, SETUP, refused_ok=refused) == []


def test_iteration_and_take() -> None:
    cases = ["[row.tolist() for row in a]", "[x for x in v]", "list(c)[1]", "[x for x in z]",
             "np.take(a, [0, 5, 11])",
             "np.take(a, 5)", "np.take(a, [13])", "np.take(a, [[1, 2]])", "np.take(a, [0, 2], axis=0)",
             "np.take(a, [0, 3], axis=1)", "np.take(a, [-1], axis=1)", "np.take(a, [4], axis=1)",
             "np.take(a, [0, 5], axis=1, mode='wrap')", "np.take(a, [-7, 5], axis=1, mode='clip')",
             "np.take(a, 1, axis=1)", "np.take(a, [1], axis=2)", "np.take([1, 2, 3], [0, 2])",
             "np.take(v, [1.0])",
             "a.take([1, 2])", "a.take([0], axis=0)", "np.take(a, [0], mode='bogus')",
             "np.take(c, [[0, 1]], axis=1).shape"]
    assert differences(cases, SETUP) == []


def test_fuzz_indexing() -> None:
    import random

    rng = random.Random(5)
    cases = []
    for _ in range(500):
        parts = []
        used = 0
        for _ in range(rng.randint(1, 4)):
            kind = rng.random()
            if kind < 0.25 and used < 3:
                parts.append(str(rng.randint(-4, 4)))
                used += 1
            elif kind < 0.5 and used < 3:
                start, stop, step = rng.choice([None, -3, 0, 1, 2]), rng.choice([None, -1, 2, 3, 9]), \
                    rng.choice([None, 1, 2, -1, -2])
                parts.append(f"{'' if start is None else start}:{'' if stop is None else stop}:"
                             f"{'' if step is None else step}")
                used += 1
            elif kind < 0.6:
                parts.append("None")
            elif kind < 0.65 and "..." not in parts:
                parts.append("...")
            elif kind < 0.85 and used < 3:
                parts.append(str([rng.randint(-3, 2) for _ in range(rng.randint(0, 3))]))
                used += 1
            elif used < 3:
                parts.append(str([rng.random() < 0.5 for _ in range(rng.choice([2, 3, 4]))]))
                used += 1
        index = ", ".join(parts)
        cases.append(f"c[{index}]")
        cases.append(f"(lambda: (exec('c[{index}] = 0', globals()), c)[1])()")
    assert differences(cases, SETUP) == []
