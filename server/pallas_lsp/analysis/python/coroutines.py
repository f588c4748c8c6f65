"""Coroutines: calling an ``async def`` function runs none of its body.

Python makes a coroutine object; its body runs only when something drives it: ``await``,
``asyncio.run``, an event loop's ``run_until_complete``, a task that is awaited, or
``asyncio.gather`` awaited. A coroutine made and dropped (never awaited) runs nothing, so
what its body would do is no finding. ``await`` of a known coroutine runs it there, in
the awaiting code's context (JAX's context mesh included), and gives what it returns.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..values import FuncVal


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
