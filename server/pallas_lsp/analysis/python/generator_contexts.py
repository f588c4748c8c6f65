"""``contextlib.contextmanager``: a generator function as a context manager.

Python runs such a generator up to its ``yield`` when the ``with`` block is entered, runs
the block while the generator is suspended there, and resumes the generator (its code
after the ``yield``, a ``finally`` that restores settings) when the block ends. A
generator is a suspended frame here too (generators.py), so the manager is just that:
``__enter__`` resumes it to its first ``yield`` and gives the value yielded (unknown when
the analysis is not sure which ``yield`` that is), ``__exit__`` resumes it to its end.
As a decorator (``@manager(...)``, ContextDecorator's ``__call__``), each call of the
decorated function runs inside a new manager made from the same function and arguments
(``_recreate_cm``), CPython's contextlib.py run as Python (python/source_models.py).
Entered by hand (``cm.__enter__()``, ``contextlib.ExitStack.enter_context(cm)``, which looks
the methods up on ``type(cm)``: the model's ``_GeneratorContextManager``), the same two steps
run (``ContextMethod``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..values import UNKNOWN, Const, FuncVal, PartialVal, QualName
from .generators import Generator

# The decorators whose result is a generator context manager (the async form is entered
# by `async with`: its generator is an async generator, resumed the same way).
DECORATORS = frozenset({"contextlib.contextmanager", "contextlib.asynccontextmanager"})


@dataclass(eq=False)
class ContextFunction:
    """``@contextlib.contextmanager def f(...)``: calling it makes a ``GeneratorContextManager``."""

    func: FuncVal


@dataclass(eq=False)
class GeneratorContextManager:
    """``f(...)`` of a ``ContextFunction``: the generator ``f`` made (None: ``f`` is no
    generator function, or its generator is not known), not yet resumed."""

    generator: Generator | None
    # What made it (the context function and its arguments): as a decorator, each call of the
    # decorated function enters a new manager made the same way (CPython's _recreate_cm).
    source: ContextFunction | None = None
    args: tuple[object, ...] = ()
    kwargs: dict[str, object] | None = None

    def recreate(self) -> object:
        """A callable making a fresh manager as this one was made (a PartialVal of its context
        function); UNKNOWN when not known how it was made."""
        if self.source is None:
            return UNKNOWN
        return PartialVal(self.source, self.args, dict(self.kwargs or {}))

    def enter(self) -> object:
        if self.generator is None:
            return UNKNOWN
        step = self.generator.resume("next", Const(None))
        return step.value if step.kind == "item" and step.sure else UNKNOWN

    def leave(self) -> None:
        if self.generator is not None:
            self.generator.resume("next", Const(None))  # to its end: the code after the yield


@dataclass(frozen=True)
class ContextMethod:
    """``cm.__enter__`` / ``cm.__exit__`` of a generator context manager, bound."""

    manager: GeneratorContextManager
    name: str


METHODS = frozenset({"__enter__", "__exit__"})
# The model class `type(cm)` is (python/source_models.py): its methods call the bound ones.
MODEL_CLASS = "_GeneratorContextManager"


def call_method(method: ContextMethod, args: list[object]) -> object:
    """``cm.__enter__()``: the value its generator yields; ``cm.__exit__(None, None, None)``:
    the generator resumed to its end, False (the block's exception, none, is not suppressed).
    An exception handed to ``__exit__`` (thrown into the generator) is not followed."""
    if method.name == "__enter__":
        return method.manager.enter() if not args else UNKNOWN
    if len(args) == 3 and all(arg == Const(None) for arg in args):
        method.manager.leave()
        return Const(False)
    if method.manager.generator is not None:
        method.manager.generator.lost = True
    return UNKNOWN


def decorated(dec: object, value: object) -> ContextFunction | None:
    """The context function ``@contextmanager`` makes of ``value``, else None."""
    if isinstance(dec, QualName) and dec.name in DECORATORS and isinstance(value, FuncVal):
        return ContextFunction(value)
    return None
