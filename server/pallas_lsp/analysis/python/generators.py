"""Generators as suspended frames.

Calling a generator function runs none of its body: Python makes a generator object, a
frame that runs up to its next ``yield`` each time something resumes it (``next``,
``send``, ``throw``, ``close``, a ``for`` loop, ``yield from``, real code the bridge runs
reading it as an iterator) and stays suspended there in between. The interpreter walks
the syntax tree with Python's own call stack, so a suspended frame is a thread of its own
that holds that stack: control passes to it and back by a strict handoff (exactly one of
the two runs at any time), and the interpreter's per-run state (its stacks of calls and
frames, its loops, how uncertain the path is) is swapped at each switch
(``Interpreter.enter_generator`` / ``leave_generator``). What the program does between two
resumes (its loop body reading the item, a ``with`` block run while a
``contextlib.contextmanager`` generator waits at its ``yield``, a ``groupby`` group read
before the next key) happens in the order Python runs it.

A resume reports a ``Step``: the item yielded and whether the analysis is sure it is the
next one (a ``yield`` reached on a path that may not run, or after a ``return`` or
``raise`` the interpreter ran past, is not sure; nor is any resume once the generator was
resumed on a path that may not run), or that the generator finished (its ``return``
value), or that it is not known. A generator left suspended when the analysis ends is
abandoned: its thread unwinds running no more of the program (Python would run its
``finally`` when the object is collected, at a time nobody relies on).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Protocol

from ..values import UNKNOWN, ForeignVal, QualName, pack

MAX_LIVE = 64  # generators started and not finished in one analysis (each is a thread)
MAX_DRAINED = 1024  # resumes when a generator is read to its end (a ``while True`` one never ends)


class Abandoned(BaseException):
    """Raised inside a generator's thread to unwind it when the analysis ends (a
    BaseException: nothing the interpreter catches stops it)."""


class Closed(BaseException):
    """``GeneratorExit`` as the interpreter raises it at a ``yield``: the program called
    ``close()`` (its ``finally`` blocks run, as in Python)."""


@dataclass(frozen=True)
class Thrown:
    """What a paused ``yield`` gets from ``gen.throw(exception)``: the exception (a class or
    an instance) the interpreter raises there, into the generator's own handlers."""

    exception: object


# What a paused ``yield`` gets from ``gen.close()``: GeneratorExit, raised there.
CLOSING = Thrown(QualName("builtins.GeneratorExit"))


@dataclass(frozen=True)
class Step:
    """What one resume gave. ``kind``: "item" (``value`` yielded; ``sure``: the analysis is
    sure it is the next item), "done" (``value``: what the generator returned) or
    "unknown" (nothing is known: the generator could not run)."""

    kind: str
    value: object = UNKNOWN
    sure: bool = True


UNKNOWN_STEP = Step("unknown")


class Runner(Protocol):
    # The generators started and not finished (each a thread), closed when the analysis ends.
    live_generators: list[Generator]

    def enter_generator(self, generator: Generator) -> object: ...
    def stop_generators(self) -> None: ...
    def leave_generator(self, generator: Generator, saved: object) -> None: ...
    def run_generator_body(self, generator: Generator) -> object: ...
    @property
    def uncertain_level(self) -> int: ...


class Generator(ForeignVal):
    """A generator object: a call of a generator function (``func`` with ``local``, its
    parameters bound at the call, as Python binds them), run on resume."""

    def __init__(self, runner: Runner, func: object, local: object, ctx: object, level: int) -> None:
        self.runner = runner
        self.func = func
        self.local = local
        self.ctx = ctx
        self.level = level  # how uncertain the path was where the generator was made
        self.state = "new"  # new, suspended, running, done
        self.unsure = False  # resumed on a path that may not run: nothing after is sure
        # An exception thrown in was not surely caught inside: whether it ended the generator
        # (and what any later resume gives) is not known.
        self.lost = False
        self.resumes = 0
        # What the body returned when the last resume ran it to its end (None: that resume
        # did not end it, or what it returned is not known): a StopIteration's value.
        self.just_ended: object = None
        # The generator's own view of the interpreter's per-run state while suspended.
        self.view: object = None
        self._thread: threading.Thread | None = None
        self._to_generator = threading.Lock()
        self._to_caller = threading.Lock()
        self._to_generator.acquire()
        self._to_caller.acquire()
        self._message: tuple[str, object] = ("next", None)
        self._reply: tuple[str, object, bool] = ("done", None, True)

    # ---- the caller's side ---------------------------------------------------------------

    def resume(self, kind: str = "next", value: object = None) -> Step:
        """``next`` (``value``: what the paused ``yield`` evaluates to, None for ``next``),
        ``close`` (GeneratorExit at the paused ``yield``: its ``finally`` blocks run) or
        ``throw`` (``value`` a Thrown: raised at the paused ``yield``; what the generator
        yields next, if it catches it, is the step)."""
        self.just_ended = None
        if self.lost:
            return UNKNOWN_STEP
        if self.state == "done":
            return Step("done", UNKNOWN)
        if self.state == "running":
            return UNKNOWN_STEP  # Python: "generator already executing"
        if self.runner.uncertain_level > self.level:
            self.unsure = True  # it may or may not advance here: from now on nothing is sure
        if self.state == "new":
            if kind != "next":
                self.state = "done"  # closed before it started: none of its body runs
                return Step("done", UNKNOWN)
            if len(self.runner.live_generators) >= MAX_LIVE:
                self.state = "done"
                return UNKNOWN_STEP
            self.runner.live_generators.append(self)
            self._thread = threading.Thread(target=self._run, name="pallas-lsp generator", daemon=True)
        starting = self.state == "new"
        self.resumes += 1
        saved = self.runner.enter_generator(self)
        self.state = "running"
        self._message = (kind, value)
        try:
            if starting:
                self._thread.start()  # type: ignore[union-attr]
            else:
                self._to_generator.release()
            self._wait()
        finally:
            self.runner.leave_generator(self, saved)
        reply, result, sure = self._reply
        if reply in ("error", "done"):
            self.state = "done"
            if self in self.runner.live_generators:
                self.runner.live_generators.remove(self)
            if reply == "error":
                raise result  # type: ignore[misc]  # the interpreter's own stop (its time budget)
            if kind == "next" and result is not UNKNOWN:
                self.just_ended = result
            return Step("done", result)
        self.state = "suspended"
        return Step("item", result, sure and not self.unsure)

    def _wait(self) -> None:
        """Wait for the generator's thread to hand control back. An exception a signal raises
        here, in the main thread (the analysis worker's cancel, an interrupt), first stops
        every generator of the run at its next statement and waits for this one to unwind,
        so that two threads never run the analysis at once."""
        try:
            self._to_caller.acquire()
        except BaseException:
            self.runner.stop_generators()
            self._to_caller.acquire()
            self._reply = ("done", UNKNOWN, True)
            raise

    def abandon(self) -> None:
        """Unwind a suspended generator's thread, running nothing more of the program."""
        if self.state == "suspended":
            self.resume("abandon")
        if self in self.runner.live_generators:
            self.runner.live_generators.remove(self)
        self.state = "done"

    # ---- the generator's side ------------------------------------------------------------

    def _run(self) -> None:
        try:
            if self._message[0] == "abandon":
                raise Abandoned
            result = self.runner.run_generator_body(self)
            self._reply = ("done", result, True)
        except (Abandoned, Closed):
            self._reply = ("done", UNKNOWN, True)
        except BaseException as stop:  # AnalysisStopped, RecursionError: the caller's to raise
            self._reply = ("error", stop, True)
        self._to_caller.release()

    def suspend(self, value: object, sure: bool) -> object:
        """At a ``yield`` (the generator's thread): hand ``value`` to the caller and wait to
        be resumed; what the ``yield`` evaluates to (the value sent, None for ``next``)."""
        self._reply = ("item", value, sure)
        self._to_caller.release()
        self._to_generator.acquire()
        kind, sent = self._message
        if kind == "abandon":
            raise Abandoned
        if kind == "throw" and isinstance(sent, Thrown):
            return sent  # the interpreter raises it at the yield (Interpreter.throw_at_yield)
        if kind == "close":
            # close() raises GeneratorExit at the yield: an `except GeneratorExit:` (or
            # BaseException) handler of the generator's runs, as its `finally` blocks do.
            return CLOSING
        if kind == "throw":
            raise Closed
        return sent

    # ---- as a value ----------------------------------------------------------------------

    def memo_key(self) -> object:
        return ("generator", id(self), self.resumes)

    def items(self) -> list[object] | None:
        """Read to its end (``tuple(gen)``, unpacking): the items, when every one is sure."""
        found: list[object] = []
        known = True
        for _ in range(MAX_DRAINED):
            step = self.resume()
            if step.kind != "item":
                return found if known and step.kind == "done" else None
            known = known and step.sure
            found.append(step.value)
        self.abandon()
        return None

    def plain(self) -> object:
        found = self.items()
        return pack(found) if found is not None else UNKNOWN


@dataclass(eq=False)
class GeneratorMethod:
    """``gen.send`` / ``gen.close`` / ``gen.throw`` / ``gen.__next__``, bound."""

    generator: Generator
    name: str


METHODS = frozenset({"send", "close", "throw", "__next__"})
