"""hostnp.textio against the real NumPy: np.loadtxt of an io.StringIO or a list of lines, its
dtypes, comments, delimiters, skiprows / max_rows / usecols / ndmin / unpack, and its errors
(a field it cannot convert, a row of another width, a column a row lacks)."""

from __future__ import annotations

from hostnp.harness import differences

SETUP = "import io\nS = lambda text: io.StringIO(text)\n"

CASES = [
    "np.loadtxt(S('1 2\\n3 4\\n'))",
    "np.loadtxt(S('1 2\\n3 4\\n'), dtype=int)",
    "np.loadtxt(S('1 2\\n3 4'), dtype=np.int32)",
    "np.loadtxt(S('1 2\\n3 4'), dtype=np.uint8)",
    "np.loadtxt(S('1.5 -2e3\\n.5 +4.'), dtype=np.float32)",
    "np.loadtxt(S('1 2 3\\n'), dtype=int)",
    "np.loadtxt(S('1\\n2\\n3\\n'), dtype=int)",
    "np.loadtxt(S('7\\n'), dtype=int)",
    "np.loadtxt(S('7\\n'), dtype=int, ndmin=1)",
    "np.loadtxt(S('7\\n'), dtype=int, ndmin=2)",
    "np.loadtxt(S('1 2 3\\n'), dtype=int, ndmin=2)",
    "np.loadtxt(S('1\\n2\\n'), dtype=int, ndmin=2)",
    "np.loadtxt(S('1 2\\n3 4\\n'), dtype=int, unpack=True)",
    "np.loadtxt(S('grid_rows grid_cols\\n2 4\\n'), skiprows=1, dtype=int)",
    "np.loadtxt(S('grid_rows grid_cols\\n2,4\\n'), skiprows=1, dtype=int)",
    "np.loadtxt(S('grid_rows grid_cols\\n2.5 4\\n'), skiprows=1, dtype=int)",
    "np.loadtxt(S('grid_rows grid_cols\\n2 4\\n'), dtype=int)",
    "np.loadtxt(S('# sizes\\n1 2\\n\\n# more\\n3 4\\n'), dtype=int)",
    "np.loadtxt(S('1 2 # first\\n3 4\\n'), dtype=int)",
    "np.loadtxt(S('1 2 // a\\n3 4\\n'), dtype=int, comments='//')",
    "np.loadtxt(S('1 2 ; a\\n% b\\n3 4\\n'), dtype=int, comments=[';', '%'])",
    "np.loadtxt(S('1,2\\n3,4\\n'), delimiter=',')",
    "np.loadtxt(S(' 1 , 2 \\n3,4\\n'), dtype=int, delimiter=',')",
    "np.loadtxt(S('1;2;3\\n'), dtype=int, delimiter=';')",
    "np.loadtxt(S('1\\t2\\n3\\t4\\n'), dtype=int)",
    "np.loadtxt(S('1 2\\r\\n3 4\\r\\n'), dtype=int)",
    "np.loadtxt(S('1 2\\n3 x\\n'), dtype=int)",
    "np.loadtxt(S('h\\n1 2\\n3 x\\n'), dtype=int, skiprows=1)",
    "np.loadtxt(S('1 2\\n\\n# c\\n3 x\\n'), dtype=int)",
    "np.loadtxt(S('1 2\\n3\\n'), dtype=int)",
    "np.loadtxt(S('1 2\\n3 4 5\\n'), dtype=int)",
    "np.loadtxt(S('h\\n1 2\\n3\\n'), dtype=int, skiprows=1)",
    "np.loadtxt(S('1 2 3\\n4 5 6\\n'), dtype=int, usecols=(0, 2))",
    "np.loadtxt(S('1 2 3\\n4 5 6\\n'), dtype=int, usecols=[-1])",
    "np.loadtxt(S('1 2 3\\n4 5 6\\n'), dtype=int, usecols=1)",
    "np.loadtxt(S('1 2\\n'), dtype=int, usecols=5)",
    "np.loadtxt(S('1 2 3\\n4 5\\n'), dtype=int, usecols=(0, 1))",
    "np.loadtxt(S('1 2 3\\n4 5 6\\n7 8 9\\n'), dtype=int, max_rows=2)",
    "np.loadtxt(S('h\\n# c\\n1 2\\n'), dtype=int, skiprows=2)",
    "np.loadtxt(S('1e3 0x10\\n'))",
    "np.loadtxt(S('3.0 4\\n'), dtype=int)",
    "np.loadtxt(S('+3 -4\\n'), dtype=int)",
    "np.loadtxt(S('nan inf -inf\\n'))",
    "np.loadtxt(S('1 2\\n'), ndmin=3)",
    "np.loadtxt(['1 2', '3 4'], dtype=int)",
    "np.loadtxt(('5 6\\n', '7 8\\n'), dtype=int)",
    "np.loadtxt(S('a b\\n'), dtype=float)",
]
REFUSED_OK = frozenset({"np.loadtxt(S('1 2\\n'), ndmin=3)"})


def test_loadtxt() -> None:
    assert differences(CASES, SETUP, REFUSED_OK) == []


def test_loadtxt_reads_the_rest_of_the_stream() -> None:
    setup = SETUP + "f = S('h\\n1 2\\n3 4\\n')\nfirst = f.readline()\nrows = np.loadtxt(f, dtype=int)\n"
    assert differences(["rows", "first", "f.read()"], setup) == []


def test_loadtxt_reads_no_underscores() -> None:
    cases = ["np.loadtxt(S('1_0'), dtype=int)", "np.loadtxt(S('1_000.5'))", "np.loadtxt(S('_1'), dtype=int)"]
    assert differences(cases, SETUP) == []
