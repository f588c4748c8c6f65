"""lexsort, packbits / unpackbits, nextafter, partition (refused) and the np.char / np.strings
namespaces against the real NumPy."""

from __future__ import annotations

import itertools

from hostnp.harness import differences, model_outcomes

SETUP = """
u8 = np.array([0, 1, 3, 128, 255, 170], dtype=np.uint8)
u8_2d = np.array([[3, 255, 0], [128, 7, 64]], dtype=np.uint8)
bits = np.array([1, 0, 1, 1, 0, 0, 1, 0, 1, 1])
bits_2d = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]], dtype=bool)
a = np.array([3, 1, 2, 1, 3, 0])
b = np.array([9, 8, 7, 6, 5, 4])
f = np.array([1.5, np.nan, -0.0, 0.0, 1.5, -2.0])
k2 = np.array([[1, 2, 1, 2], [0, 0, 1, 1]])
k3 = np.array([[[2, 1], [1, 1]], [[0, 1], [1, 0]]])
names = np.array(['data', 'Model', ' peers ', 'x', '', '007'])
grid = np.array([['ab', 'c'], ['-12', 'xyzw']], dtype='U6')
empty = np.array([], dtype=str)
"""


def _run(cases: list[str], refused_ok: frozenset[str] = frozenset()) -> None:
    assert differences(cases, SETUP, refused_ok=refused_ok) == []


def test_lexsort() -> None:
    cases = [
        "np.lexsort([a])",
        "np.lexsort([a, b])",
        "np.lexsort([b, a])",
        "np.lexsort((a, f))",
        "np.lexsort((f, a))",
        "np.lexsort([f])",
        "np.lexsort(k2)",
        "np.lexsort(k2, axis=0)",
        "np.lexsort(k2, axis=-1)",
        "np.lexsort(k3)",
        "np.lexsort(k3, axis=0)",
        "np.lexsort(k3, axis=1)",
        "np.lexsort(k3, axis=2)",
        "np.lexsort(k3, axis=-2)",
        "np.lexsort([[]])",
        "np.lexsort([[], []])",
        "np.lexsort([])",
        "np.lexsort(5)",
        "np.lexsort(np.array(3))",
        "np.lexsort(([1, 2], [3]))",
        "np.lexsort([[1, 2], [1, 1]], axis=1)",
        "np.lexsort(k2, axis=2)",
        "np.lexsort((names, a))",
        "np.lexsort((a, names))",
        "np.lexsort([names])",
        "np.lexsort(([1, 2], [1.5, 2]))",
        "np.lexsort(([True, False, True], [1, 1, 0]))",
        "np.lexsort([a == 1, a])",
        "np.lexsort([a[::-1], b])",
        "np.lexsort([[3, 3, 3], [1, 1, 1]])",
        "np.lexsort(np.array([[1, 0], [0, 1]], dtype=np.uint64))",
        "np.lexsort([np.array([2, 1], dtype=np.int8), np.array([1, 1], dtype=np.float32)])",
        "np.lexsort([grid[0], grid[1]])",
        "np.lexsort(k2, axis=1.0)",
    ]
    cases += [f"np.lexsort([a, b], axis={ax})" for ax in (0, -1, 1, -2)]
    _run(cases, refused_ok=frozenset({"np.lexsort(5)", "np.lexsort(k2, axis=1.0)"}))


def test_packbits() -> None:
    arrays = [
        "bits",
        "bits_2d",
        "u8",
        "u8_2d",
        "bits[:8]",
        "bits[:0]",
        "np.array([], dtype=np.uint8)",
        "np.array([-1, 256, 0])",
        "np.array(3, dtype=np.uint8)",
        "np.array([[1], [0]])",
    ]
    cases = []
    for arr, axis, order in itertools.product(
        arrays,
        ("", ", axis=0", ", axis=1", ", axis=-1", ", axis=None"),
        ("", ", bitorder='little'", ", bitorder='big'"),
    ):
        cases.append(f"np.packbits({arr}{axis}{order})")
    cases += [
        "np.packbits([1, 0, 1])",
        "np.packbits([])",
        "np.packbits([2.0])",
        "np.packbits(f)",
        "np.packbits([1], bitorder='x')",
        "np.packbits([1], bitorder='l')",
        "np.packbits([1, 0], axis=1)",
        "np.packbits(names)",
        "np.packbits([[1, 0], [1, 1]], axis=0)",
    ]
    _run(cases, refused_ok=frozenset(c for c in cases if "np.array(3," in c or "names" in c))


def test_unpackbits() -> None:
    arrays = ["u8", "u8_2d", "u8[:0]", "np.array(3, dtype=np.uint8)", "u8_2d.T", "u8[::2]"]
    cases = []
    for arr, axis, count, order in itertools.product(
        arrays,
        ("", ", axis=0", ", axis=1", ", axis=-1"),
        ("", ", count=3", ", count=-3", ", count=0", ", count=12", ", count=-9", ", count=None"),
        ("", ", bitorder='little'"),
    ):
        cases.append(f"np.unpackbits({arr}{axis}{count}{order})")
    cases += [
        "np.unpackbits([1])",
        "np.unpackbits(np.array([1], dtype=np.int8))",
        "np.unpackbits(bits)",
        "np.unpackbits(u8, bitorder='x')",
        "np.unpackbits(u8, bitorder='lsb')",
        "np.unpackbits(u8, count=2.0)",
        "np.unpackbits(np.packbits(bits))",
        "np.unpackbits(np.packbits(bits), count=10)",
    ]
    _run(
        cases, refused_ok=frozenset(c for c in cases if ("np.array(3," in c and "axis" in c) or "u8[:0]" in c)
    )


def test_nextafter() -> None:
    values = ["1.0", "0.0", "-0.0", "-1.5", "np.inf", "-np.inf", "np.nan", "1e-310", "1", "True"]
    cases = []
    for x, y in itertools.product(values, ["2.0", "0.0", "-np.inf", "np.nan", "1.0"]):
        cases.append(f"np.nextafter({x}, {y})")
        cases.append(f"np.nextafter(np.float32({x}), {y})")
        cases.append(f"np.nextafter(np.float16({x}), {y})")
    cases += [
        "np.nextafter([1, 2], 3)",
        "np.nextafter(f, 0)",
        "np.nextafter(f.astype(np.float32), 10)",
        "np.nextafter(f.astype(np.float16), -10)",
        "np.nextafter(np.float16(65504), np.inf)",
        "np.nextafter(np.float32(3.4028235e38), np.inf)",
        "np.nextafter(np.float16(np.inf), 0)",
        "np.nextafter(a, b)",
        "np.nextafter(np.int8(1), np.int8(2))",
        "np.nextafter(names, 1)",
    ]
    _run(cases, refused_ok=frozenset({"np.nextafter(names, 1)"}))


def test_partition_is_refused() -> None:
    """NumPy's introselect leaves the other elements' order unspecified: never guessed."""
    cases = [
        "np.partition([3, 1, 2], 1)",
        "np.argpartition([3, 1, 2], 1)",
        "np.partition(a, 2)",
        "np.argpartition(a, (1, 3))",
    ]
    assert all(outcome[0] == "refused" for outcome in model_outcomes(cases, SETUP))


CHAR_ARRAYS = ("names", "grid", "empty", "'ab'", "['a', 'bc']", "names[::-1]", "grid.T", "' X y '")


def test_char() -> None:
    cases = []
    for ns, arr in itertools.product(("char", "strings"), CHAR_ARRAYS):
        for call in (
            "upper({})",
            "lower({})",
            "capitalize({})",
            "swapcase({})",
            "strip({})",
            "lstrip({})",
            "rstrip({})",
            "strip({}, '0 ')",
            "rstrip({}, 'a')",
            "lstrip({}, None)",
            "str_len({})",
            "isdigit({})",
            "isalpha({})",
            "isnumeric({})",
            "isspace({})",
            "isupper({})",
            "islower({})",
            "find({}, 'a')",
            "find({}, 'a', 1)",
            "rfind({}, 'a')",
            "count({}, 'a')",
            "count({}, '')",
            "startswith({}, 'd')",
            "endswith({}, 'a')",
            "startswith({}, '')",
            "find({}, 'a', 0, 2)",
            "zfill({}, 4)",
            "zfill({}, 0)",
            "center({}, 5)",
            "center({}, 6, '*')",
            "center({}, 7)",
            "ljust({}, 3)",
            "rjust({}, 8, '.')",
            "ljust({}, 0)",
            "center({}, 4, 'ab')",
            "multiply({}, 2)",
            "multiply({}, 0)",
            "multiply({}, -1)",
            "multiply({}, 2.0)",
            "replace({}, 'a', 'xyz')",
            "replace({}, 'a', '')",
            "replace({}, 'a', 'b', 1)",
            "add({}, 'q')",
            "add('q', {})",
            "add({}, {})",
        ):
            cases.append(f"np.{ns}." + call.format(arr, arr))
    cases += [f"np.char.join('-', {arr})" for arr in CHAR_ARRAYS]
    cases += [
        "np.char.upper(5)",
        "np.char.upper([1, 2])",
        "np.char.upper(True)",
        "np.char.upper([])",
        "np.char.str_len(3)",
        "np.char.find(names, 1)",
        "np.char.strip(names, 1)",
        "np.char.add('a', 1)",
        "np.char.split(['a b'])",
        "np.char.add(names, grid)",
        "np.strings.upper(a)",
        "np.char.lower(['AB'])",
        "np.char.capitalize(['aB c'])",
        "np.char.multiply(names, True)",
        "np.char.center(names, 2.0)",
    ]
    allowed = {
        "np.char.split(['a b'])",
        "np.char.add(names, grid)",
        "np.char.str_len(3)",
        "np.char.find(names, 1)",
        "np.char.strip(names, 1)",
        "np.char.add('a', 1)",
        "np.char.center(names, 2.0)",
        "np.strings.upper(a)",
    }
    allowed |= {c for c in cases if "empty" in c or "multiply" in c or "add(" in c}
    _run(cases, refused_ok=frozenset(allowed))
