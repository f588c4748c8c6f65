"""Coroutines: calling an ``async def`` function runs none of its body.

Python makes a coroutine object; its body runs only when something drives it: ``await``,
``asyncio.run``, an event loop's ``run_until_complete``, a task that is awaited, or
``asyncio.gather`` awaited. A coroutine made and dropped (never awaited) runs nothing, so
what its body would do is no finding. ``await`` of a known coroutine runs it there, in
the awaiting code's context (JAX's context mesh included), and gives what it returns.
``await obj`` of an instance whose class defines ``__await__`` drives the iterator that
returns to its end, as asyncio's Task does: each bare ``yield`` (None: "run the others
first") resumes it with None, and what it returns is the await's value; any other item
(a future to wait on) leaves the value unknown. ``asyncio.sleep`` is such an awaitable
(python/source_models.py): one bare yield, then its ``result``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..values import UNKNOWN, Const, FuncVal
from .generators import Generator

MAX_AWAIT_STEPS = 64  # bare yields an __await__ may make before its value is given up


@dataclass(eq=False)
class CoroutineVal:
    """An ``async def`` function called, not yet run."""

    func: FuncVal
    args: list[object]
    kwargs: dict[str, object]
    done: bool = False  # driven once already: a coroutine runs at most once


@dataclass(eq=False)
class GatheredVal:
    """``asyncio.gather(*aws)``: awaiting it runs each, in order, and gives their results."""

    awaitables: tuple[object, ...]


# Calls that drive the coroutine they are given to its end, there and then.
DRIVERS = frozenset({"asyncio.run", "asyncio.Runner.run", "asyncio.BaseEventLoop.run_until_complete"})
# Calls that hand back an awaitable for their coroutine: it runs when that is awaited.
WRAPPERS = frozenset({"asyncio.ensure_future", "asyncio.create_task", "asyncio.wait_for",
                      "asyncio.shield"})


def is_coroutine_function(func: object) -> bool:
    """An ``async def`` that is no async generator (a ``yield`` in it makes one, which
    iterating drives instead)."""
    return isinstance(func, FuncVal) and isinstance(func.node, ast.AsyncFunctionDef) \
        and not _has_yield(func.node)


def _has_yield(node: ast.AST) -> bool:
    pending = list(ast.iter_child_nodes(node))
    while pending:
        child = pending.pop()
        if isinstance(child, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            pending.extend(ast.iter_child_nodes(child))
    return False


def drive_awaiter(iterator: object) -> object:
    """What ``await`` gives of ``type(obj).__await__(obj)``'s ``iterator`` (a generator of
    the program's): its return value, when it yields nothing but bare yields; else UNKNOWN."""
    if not isinstance(iterator, Generator):
        return UNKNOWN
    for _ in range(MAX_AWAIT_STEPS):
        step = iterator.resume("next", Const(None))
        if step.kind == "done":
            return step.value
        if not (step.kind == "item" and step.sure and step.value == Const(None)):
            break
    iterator.resume("close")
    return UNKNOWN
