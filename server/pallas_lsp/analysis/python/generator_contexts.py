"""``contextlib.contextmanager``: a generator function as a context manager.

Python runs such a generator up to its ``yield`` when the ``with`` block is entered, runs
the block while the generator is suspended there, and resumes the generator (its code
after the ``yield``, a ``finally`` that restores settings) when the block ends. The
interpreter has no suspended frames, so it turns the order inside out: it runs the
generator function with a hook on its frame, and the hook runs the ``with`` block at the
first ``yield`` the analysis is sure of. A ``return``, ``break`` or ``continue`` in the
block ends the block, lets the generator finish (Python calls ``__exit__(None, None,
None)`` then) and is raised again after it. When no sure ``yield`` is reached the block
runs after the call with its target unknown.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..values import FuncVal, QualName

# The decorators whose result is a generator context manager (the async form is awaited
# by `async with`: its generator is an async generator, run the same way).
DECORATORS = frozenset({"contextlib.contextmanager", "contextlib.asynccontextmanager"})


@dataclass(eq=False)
class ContextFunction:
    """``@contextlib.contextmanager def f(...)``: calling it makes a ``GeneratorContext``."""

    func: FuncVal


@dataclass(eq=False)
class GeneratorContext:
    """``f(...)`` of a ``ContextFunction``: nothing of ``f`` has run yet."""

    func: FuncVal
    args: list[object]
    kwargs: dict[str, object]


def decorated(dec: object, value: object) -> ContextFunction | None:
    """The context function ``@contextmanager`` makes of ``value``, else None."""
    if isinstance(dec, QualName) and dec.name in DECORATORS and isinstance(value, FuncVal):
        return ContextFunction(value)
    return None
