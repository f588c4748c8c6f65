"""Generators as suspended frames (server/pallas_lsp/analysis/python/generators.py): what a
program computes through next / send / close, for loops, comprehensions, yield from,
contextlib.contextmanager, an itertools.groupby group read in step, and an iterator class's
__next__; where the analysis is not sure (a resume on a path that may not run, a yield
under an undecided branch) the value is unknown; a generator left suspended leaves no
thread behind. Each case reads the module's names after a run of the interpreter."""

from __future__ import annotations

import ast
import threading
import time

import pytest
from pallas_lsp.analysis.interpreter import Interpreter
from pallas_lsp.analysis.values import UNKNOWN, Const, DictVal, ListVal, plain


def run(source: str) -> dict[str, object]:
    interp = Interpreter(ast.parse(source), (0, 12, 0, 1), time.monotonic() + 30)
    interp.run()
    assert interp.live_generators == []
    return interp.module_env.names


def value_of(names: dict[str, object], name: str) -> object:
    value = plain(names[name])
    if isinstance(value, Const):
        return value.value
    if isinstance(value, DictVal) and value.complete:
        return {key: value_of({"v": item}, "v") for key, item in value.items.items()}
    return value


KNOWN = {
    "send builder": ("""
def builder():
    table = {}
    while True:
        item = yield table
        if item is None:
            return
        table[item[0]] = item[1]
b = builder()
next(b)
b.send(("axes", ("x",)))
OUT = b.send(("vec", 4))
""", {"axes": ("x",), "vec": 4}),
    "next with a default at the end": ("""
def two():
    yield 1
    yield 2
g = two()
OUT = (next(g), next(g), next(g, "end"))
""", (1, 2, "end")),
    "an endless generator read in part": ("""
def count():
    i = 0
    while True:
        yield i
        i += 1
OUT = tuple(zip(count(), "ab"))
""", ((0, "a"), (1, "b"))),
    "yield from a recursive generator, and its return value": ("""
def down(n):
    if n:
        yield n
        yield from down(n - 1)
def outer():
    got = yield from inner()
    yield got
def inner():
    yield "a"
    return "done"
OUT = (tuple(down(3)), tuple(outer()))
""", ((3, 2, 1), ("a", "done"))),
    "the loop body runs between two items": ("""
STATE = ["start"]
def reader():
    yield STATE[-1]
    yield STATE[-1]
SEEN = []
for item in reader():
    SEEN.append(item)
    STATE.append("moved")
OUT = tuple(SEEN)
""", ("start", "moved")),
    "contextmanager restores after the block": ("""
import contextlib
ACTIVE = {"axes": ("x",)}
@contextlib.contextmanager
def scope(axes):
    saved = ACTIVE["axes"]
    ACTIVE["axes"] = axes
    try:
        yield ACTIVE["axes"]
    finally:
        ACTIVE["axes"] = saved
with scope(("g",)) as bound:
    INSIDE = ACTIVE["axes"]
OUT = (bound, INSIDE, ACTIVE["axes"])
""", (("g",), ("g",), ("x",))),
    "contextmanager's finally runs on a sure return from the block": ("""
import contextlib
LOG = []
@contextlib.contextmanager
def scope():
    try:
        yield
    finally:
        LOG.append("left")
def body():
    with scope():
        return "early"
RESULT = body()
OUT = (RESULT, tuple(LOG))
""", ("early", ("left",))),
    "groupby groups read in the loop that takes them": ("""
import itertools
ROWS = [("r", "a"), ("r", "b"), ("k", "c")]
OUT = tuple((key, tuple(name for _, name in group))
            for key, group in itertools.groupby(ROWS, key=lambda row: row[0]))
""", (("r", ("a", "b")), ("k", ("c",)))),
    "an iterator class ending in StopIteration": ("""
class Upto:
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i
SEEN = []
for x in Upto(3):
    SEEN.append(x)
OUT = (tuple(SEEN), [x * 2 for x in Upto(2)] == [2, 4])
""", ((1, 2, 3), True)),
    # A generator expression is a generator: next() runs it up to its first item only.
    "next of a generator expression: its first item, the rest never computed": ("""
import itertools
LOG = []
def size(n):
    LOG.append(n)
    return n
SIZES = {"a": 2, "b": 2, "c": 1}
PAIR = next(p for p in itertools.combinations(SIZES, 2) if SIZES[p[0]] * SIZES[p[1]] == 4)
FIRST = next(size(n) for n in (3, 4, 5))
OUT = (PAIR, FIRST, tuple(LOG))
""", (("a", "b"), 3, (3,))),
    "next of an empty generator expression gives the default": ("""
OUT = (next((x for x in (1, 2) if x > 5), "none"), next((x for x in ()), 0))
""", ("none", 0)),
    "next of a generator expression over a generator stops there": ("""
def ops():
    yield "max"
    raise ValueError("never reached")
OUT = next(op for op in ops())
""", "max"),
    "a bridged call reads a generator": ("""
def sizes():
    yield 4
    yield 1
    yield 2
OUT = (sorted(sizes()), max(sizes()), dict(zip("ab", sizes())))
""", None),
}


@pytest.mark.parametrize("case", KNOWN, ids=list(KNOWN))
def test_known_values(case: str) -> None:
    source, expected = KNOWN[case]
    names = run(source)
    if expected is None:  # the bridge case: checked by parts
        out = names["OUT"]
        assert isinstance(out, tuple) and len(out) == 3
        assert [value_of({"v": part}, "v") for part in out] == [(1, 2, 4), 4, {"a": 4, "b": 1}]
        return
    assert value_of(names, "OUT") == expected


UNSURE = {
    "a resume on a path that may not run": """
import site_settings
def two():
    yield 1
    yield 2
g = two()
if site_settings.WARM:
    next(g)
OUT = next(g)
""",
    "a yield under an undecided branch": """
import site_settings
def maybe():
    yield 1
    if site_settings.EXTRA:
        yield 2
OUT = tuple(maybe())
""",
    "next of a generator expression whose condition is not known": """
import site_settings
OUT = next((x for x in (1, 2) if site_settings.PICK == x), 0)
""",
    "next of a generator expression with nothing to yield and no default": """
OUT = next(x for x in (1, 2) if x > 5)
""",
    "a send into a generator not started": """
def g():
    x = yield 1
    yield x
OUT = g().send(5)
""",
    "an iterator class whose end may come at any item": """
import site_settings
class Some:
    def __iter__(self):
        return self
    def __next__(self):
        if site_settings.DONE:
            raise StopIteration
        return 1
OUT = tuple(x for x in Some())
""",
}


@pytest.mark.parametrize("case", UNSURE, ids=list(UNSURE))
def test_unsure_values_are_unknown(case: str) -> None:
    out = run(UNSURE[case])["OUT"]
    assert out is UNKNOWN or (isinstance(out, ListVal) and not out.complete), out


def test_a_generator_made_and_never_resumed_runs_nothing() -> None:
    names = run("""
LOG = []
def g():
    LOG.append("ran")
    yield 1
made = g()
OUT = tuple(LOG)
""")
    assert value_of(names, "OUT") == ()


def test_suspended_generators_leave_no_thread() -> None:
    before = threading.active_count()
    names = run("""
def count():
    i = 0
    while True:
        yield i
        i += 1
LEFT = [count() for _ in range(5)]
for g in LEFT:
    next(g)
OUT = next(LEFT[0])
""")
    assert value_of(names, "OUT") == 1
    deadline = time.monotonic() + 5
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() == before


class _Interrupted(Exception):
    pass


def test_an_exception_a_signal_raises_stops_every_generator_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis worker cancels a job with SIGUSR1, whose handler raises in the main
    thread: while a generator's thread runs, the main thread waits for it, so the exception
    comes out of that wait. The generator's thread must stop too (never two threads in one
    analysis), and none may be left behind."""
    import signal

    original = Interpreter.run_generator_body

    def slow_body(self: Interpreter, generator: object) -> object:
        for _ in range(500):  # the generator's thread busy, as a long body would be
            time.sleep(0.01)
            self._tick()
        return original(self, generator)

    def interrupt(signum: int, frame: object) -> None:
        raise _Interrupted

    monkeypatch.setattr(Interpreter, "run_generator_body", slow_body)
    previous = signal.signal(signal.SIGUSR1, interrupt)
    before = threading.active_count()
    timer = threading.Timer(0.3, signal.pthread_kill, (threading.main_thread().ident, signal.SIGUSR1))
    try:
        timer.start()
        interp = Interpreter(ast.parse("def g():\n    yield 1\nOUT = next(g())\n"), (0, 12, 0, 1),
                             time.monotonic() + 30)
        started = time.monotonic()
        with pytest.raises(_Interrupted):
            interp.run()
        assert time.monotonic() - started < 4  # it did not wait for the 5 s body
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, previous)
    deadline = time.monotonic() + 5
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() == before
    assert interp.live_generators == []
