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

import ast
import builtins
from collections.abc import Callable


class FlowExit(Exception):
    """Unwinds the interpreter's Python stack to the statement that handles the exit."""


class ReturnExit(FlowExit):
    pass


class BreakExit(FlowExit):
    pass


class BranchRaised(FlowExit):
    """A branch of an undecided choice that surely raises where it is (a JAX call its
    release's signature refuses, in the `except TypeError:` clause of a version-drift `try`):
    the rest of the branch never runs and the state after the choice is the other paths'
    (exec_branches drops its outcome)."""


class ContinueExit(FlowExit):
    pass


class RaiseExit(FlowExit):
    """An exception the program surely raises, unwinding to the handler that surely catches
    it (``Interpreter.raise_exception`` found that handler before raising): the statements
    between are skipped, the ``finally`` blocks on the way run."""

    def __init__(self, kind: object, handler: Handler, instance: object = None) -> None:
        super().__init__(getattr(kind, "__name__", "exception"))
        # ``instance``: the exception object (python/exception_values.py), None where unknown.
        self.kind, self.handler, self.instance = kind, handler, instance


class Handler:
    """What an exception raised under it meets on its way out, innermost first: a ``try``'s
    ``except`` clauses, a ``with``'s managers (``contextlib.suppress``, an ``__exit__``), or a
    ``try`` with only a ``finally``. ``verdict(kind, code_ran)`` says whether it catches an
    exception of that class: True, False (it passes it on), None (not known: where the
    exception goes is not known, and the analysis goes on as if nothing was raised);
    ``code_ran``: a handler nearer the raise runs code on the way out (``runs_code``: a
    ``finally``, an ``__exit__``), so one that would have to run an ``__exit__`` to decide
    answers None rather than run it out of order. An exception is raised
    into it only from the function depth, uncertain level and callback depth it was entered
    at: a callee's, a branch's or a callback's exception stays unknown."""

    __slots__ = ("callbacks", "clauses", "depth", "level", "passes", "runs_code", "verdict")

    def __init__(self, verdict: Callable[[object, bool], bool | None], runs_code: bool, depth: int,
                 level: int, callbacks: int, clauses: tuple[ast.ExceptHandler, ...] = (),
                 passes: Callable[[type[BaseException]], bool] | None = None) -> None:
        self.verdict, self.runs_code = verdict, runs_code
        self.depth, self.level, self.callbacks = depth, level, callbacks
        # A ``try``'s ``except`` clauses, as written (what a read of a library name under it
        # may be probing for: analysis/program.py's library_attribute_reads).
        self.clauses = clauses
        # Whether it surely lets a builtin exception class through, judged from what is
        # written and entered, running nothing (PAL064: a TypeError reaching module level);
        # None: not known without running code (an __exit__, a clause's expression).
        self.passes = passes


class LoopState:
    """One loop being run: where its exits are sure, and whether an unsure `break` was met."""

    __slots__ = ("level", "maybe_broke")

    def __init__(self, level: int) -> None:
        # The undecided-branch count at the loop (-1: a loop run an unknown number of
        # times, whose exits are never sure).
        self.level = level
        self.maybe_broke = False


# Builtin exception classes that never catch an AttributeError (neither it nor a base of it):
# a clause naming only these does not probe for a name.
_NOT_ATTRIBUTE_ERROR = frozenset({
    "ImportError", "ModuleNotFoundError", "ValueError", "TypeError", "KeyError", "IndexError",
    "LookupError", "RuntimeError", "NotImplementedError", "OSError", "ZeroDivisionError",
    "ArithmeticError", "StopIteration", "AssertionError", "NameError", "KeyboardInterrupt",
})


def passes_builtin(stmt: ast.Try | ast.TryStar, kind: type[BaseException]) -> bool:
    """Whether a ``try`` surely lets an exception of the builtin class ``kind`` through: each
    ``except`` names only builtin classes that are not ``kind`` or a base of it, and its
    ``finally`` has no ``return`` / ``break`` / ``continue`` (which would swallow it)."""
    if isinstance(stmt, ast.TryStar):
        return False
    for clause in stmt.handlers:
        parts = clause.type.elts if isinstance(clause.type, ast.Tuple) else [clause.type]
        for part in parts:
            named = getattr(builtins, part.id, None) if isinstance(part, ast.Name) else None
            if not (isinstance(named, type) and issubclass(named, BaseException)) \
                    or issubclass(kind, named):
                return False
    return not any(isinstance(node, (ast.Return, ast.Break, ast.Continue))
                   for stmt_ in stmt.finalbody for node in ast.walk(stmt_))


def may_catch_attribute_error(clauses: tuple[ast.ExceptHandler, ...]) -> bool:
    """Whether one of a ``try``'s ``except`` clauses, as written, may catch an AttributeError:
    a bare ``except``, or one whose classes are not all builtin classes unrelated to it."""
    for clause in clauses:
        named = clause.type
        parts = named.elts if isinstance(named, ast.Tuple) else [named]
        if named is None or not all(isinstance(part, ast.Name) and part.id in _NOT_ATTRIBUTE_ERROR
                                    for part in parts):
            return True
    return False
