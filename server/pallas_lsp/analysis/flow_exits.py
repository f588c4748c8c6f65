"""Python's early exits (`return`, `break`, `continue`) on the path the program surely takes.

The interpreter runs a function body statement by statement. A `return` reached on a
path whose every condition was decided ends the function there, as Python does: the
statements after it never run, so their values must not reach the caller (a helper
`if dtype == f16: return 8` / `return 4` returns 8, not "8 or 4"). A `break` or
`continue` reached that way ends the loop, or its pass, and a `break` skips the loop's
`else`. An exit inside a branch whose condition is unknown is only *possible*: the
interpreter keeps going (both paths are joined), as it did before exits were modelled.

"Surely" is a level: the interpreter counts the undecided branches it is inside
(``Interpreter._uncertain``); an exit is sure when that count equals the count where
its function was entered, or its loop started.
"""

from __future__ import annotations


class FlowExit(Exception):
    """Unwinds the interpreter's Python stack to the statement that handles the exit."""


class ReturnExit(FlowExit):
    pass


class BreakExit(FlowExit):
    pass


class ContinueExit(FlowExit):
    pass


class RaiseExit(FlowExit):
    """An exception the program surely raises (a complete dict's absent key: KeyError),
    raised only where a handler on the same sure path catches it (``contextlib.suppress``)."""

    def __init__(self, kind: type[BaseException]) -> None:
        super().__init__(kind.__name__)
        self.kind = kind


class Catcher:
    """A handler being run under (a ``with contextlib.suppress(...)``): what it catches, and
    the function depth, uncertain level and callback depth it was entered at. An exception
    is raised into it only from that same sure path: a callee's, a branch's or a callback's
    exception stays unknown, as before."""

    __slots__ = ("callbacks", "depth", "kinds", "level")

    def __init__(self, kinds: tuple[type[BaseException], ...], depth: int, level: int,
                 callbacks: int) -> None:
        self.kinds, self.depth, self.level, self.callbacks = kinds, depth, level, callbacks


class LoopState:
    """One loop being run: where its exits are sure, and whether an unsure `break` was met."""

    __slots__ = ("level", "maybe_broke")

    def __init__(self, level: int) -> None:
        # The undecided-branch count at the loop (-1: a loop run an unknown number of
        # times, whose exits are never sure).
        self.level = level
        self.maybe_broke = False
