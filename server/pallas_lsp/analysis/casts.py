"""Does a ``plgpu.layout_cast`` follow a value "right after its creation"?

Under Lane semantics JAX takes the layout of a multimem_load_reduce (or iota)
result from the very next traced operation (jax-facts.md): a cast wrapped
around the call, or a cast of the variable in the next statement, works;
anything traced in between (an iota, a load, a semaphore signal, index
arithmetic, ``lax.axis_index``, a ``pl.when``) breaks it. Plain Python
statements in between are harmless. Where user helpers run in between the
answer is "unknown" and the rules stay silent.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .ast_nodes import walk
from .names import is_jax_api
from .ops import LAYOUT_CAST
from .python import allow
from .stdlib_values import TRACES_NOTHING

if TYPE_CHECKING:
    from .program import Program



@dataclass(frozen=True)
class CastOutcome:
    kind: str  # "direct", "next", "missing", "broken", "unknown"
    cast: ast.Call | None = None
    # The statement that breaks the chain, for the message.
    breaker: ast.AST | None = None


# Returns followed up through the calls of a kernel's helpers (``return op(...)`` inside a
# wrapper inside a wrapper).
MAX_RETURN_DEPTH = 8


def cast_after(program: Program, node: ast.Call, depth: int = 0) -> CastOutcome:
    parent = program.parent(node)
    if isinstance(parent, ast.Call) and _is_cast_of(program, parent, node):
        return CastOutcome("direct", parent)
    if isinstance(parent, ast.keyword):
        grand = program.parent(parent)
        if isinstance(grand, ast.Call) and parent.arg == "x" and _calls(program, grand) == LAYOUT_CAST:
            return CastOutcome("direct", grand)
    if isinstance(parent, (ast.Assign, ast.AnnAssign)) and parent.value is node:
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        if len(targets) == 1 and isinstance(targets[0], ast.Name):
            return _next_statement_cast(program, parent, targets[0].id)
        return CastOutcome("missing", breaker=parent)  # stored straight into a ref
    if isinstance(parent, ast.Expr):
        return CastOutcome("missing", breaker=parent)
    if isinstance(parent, (ast.Return, ast.Lambda)):
        return _after_return(program, parent, depth)  # the caller may cast it
    if isinstance(parent, ast.Call):
        callee = _calls(program, parent)
        if callee is not None and callee != "user" and is_jax_api(callee):
            return CastOutcome("missing", breaker=parent)
        return CastOutcome("unknown")
    if isinstance(parent, (ast.BinOp, ast.UnaryOp, ast.Compare, ast.Subscript)):
        return CastOutcome("missing", breaker=parent)
    return CastOutcome("unknown")


def _after_return(program: Program, parent: ast.Return | ast.Lambda, depth: int) -> CastOutcome:
    """A value returned by a helper goes next where each call of the helper puts it (no op
    is traced in between: a return runs none). Known when every call the kernel made of it
    gives the same outcome; unknown when it was called in other ways (a callback of code the
    analysis cannot see, a special method) or the calls disagree."""
    function: ast.AST | None = parent
    while function is not None and not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                              ast.Lambda)):
        function = program.parent(function)
    callers = program.interp.kernel_callers.get(id(function), []) if function is not None else []
    if not callers or depth >= MAX_RETURN_DEPTH or isinstance(function, ast.AsyncFunctionDef) \
            or any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(function)):
        return CastOutcome("unknown")  # (a generator's return value is no call's value)
    outcomes = {cast_after(program, call, depth + 1) for call in callers}
    return outcomes.pop() if len(outcomes) == 1 else CastOutcome("unknown")


def _calls(program: Program, call: ast.Call) -> str | None:
    return program.callee_names.get(id(call))


def _is_cast_of(program: Program, call: ast.Call, value: ast.AST) -> bool:
    return _calls(program, call) == LAYOUT_CAST and bool(call.args) and call.args[0] is value


def _next_statement_cast(program: Program, stmt: ast.stmt, name: str) -> CastOutcome:
    pending = list(_following_statements(program, stmt))
    while pending:
        nxt = pending.pop(0)
        if _is_plain(nxt) or _describes(program, nxt, name):
            continue
        if isinstance(nxt, ast.If):
            taken = program.interp.if_outcomes.get(id(nxt), {None})
            if len(taken) == 1 and None not in taken:
                # A decided condition: the statements of the branch taken come next.
                pending = [*(nxt.body if taken == {True} else nxt.orelse), *pending]
                continue
            if not any(_traced(program, c) or _calls(program, c) in (None, "user") for c in _calls_in(nxt)) \
                    and not _stores_or_uses(nxt, name):
                continue  # whichever branch runs, nothing is traced and the value is untouched
            return CastOutcome("unknown")
        if isinstance(nxt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # A decorated body such as @pl.when(...) traces a cond before any cast inside
            # it, and a cast inside the body is not "right after" anyway (jax-facts.md).
            traced_decorators = [c for d in nxt.decorator_list for c in _calls_in(d)
                                 if _traced(program, c)]
            return CastOutcome("broken", breaker=nxt) if traced_decorators else CastOutcome("unknown")
        if not isinstance(nxt, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Return)):
            return CastOutcome("unknown")  # if / for / with ...: too much can happen first
        calls = _calls_in(nxt)
        casts = [call for call in calls if _calls(program, call) == LAYOUT_CAST and call.args
                 and isinstance(call.args[0], ast.Name) and call.args[0].id == name]
        cast = casts[0] if casts else None
        others = [c for c in calls if c not in casts and not _inside_any(program, c, casts)]
        if cast is not None:
            others = [c for c in others if _ends_before(c, cast)]  # evaluated before the cast
        traced = [c for c in others if _traced(program, c)]
        if traced:
            return CastOutcome("broken", breaker=nxt)
        helpers = [c for c in others if _calls(program, c) in (None, "user")]
        if helpers:
            if cast is None and _used_uncast(program, nxt, name, helpers, stmt):
                # The value is read in this statement outside every helper's arguments, and
                # nothing casts it: whatever a helper traces, no cast comes right after the op.
                return CastOutcome("missing", breaker=nxt)
            return CastOutcome("unknown")  # a helper of the user's may trace something
        if cast is not None:
            return CastOutcome("next", cast)
        if _stores_or_uses(nxt, name):
            return CastOutcome("missing", breaker=nxt)
        return CastOutcome("unknown")
    return CastOutcome("missing")


# JAX calls that build Python-side descriptions, not traced operations.
_NOT_TRACED = ("plgpu.Layout.", "jax.ShapeDtypeStruct", "plgpu.CompilerParams", "jax.sharding.",
               "pl.BlockSpec", "jnp.dtype", "plgpu.SemaphoreType", "plgpu.SMEM", "plgpu.GMEM")


def _traced(program: Program, call: ast.Call) -> bool:
    callee = _calls(program, call)
    if callee is None or callee == "user" or not is_jax_api(callee):
        return False
    return not callee.startswith(_NOT_TRACED)


def _calls_in(node: ast.AST) -> list[ast.Call]:
    return [n for n in walk(node) if isinstance(n, ast.Call)]


def _ends_before(call: ast.Call, cast: ast.Call) -> bool:
    end = (getattr(call, "end_lineno", call.lineno), getattr(call, "end_col_offset", call.col_offset))
    return end <= (cast.lineno, cast.col_offset)


def _following_statements(program: Program, stmt: ast.stmt) -> list[ast.stmt]:
    owner = program.parent(stmt)
    if owner is None:
        return []
    for field_name in ("body", "orelse", "finalbody", "handlers"):
        block = getattr(owner, field_name, None)
        if isinstance(block, list) and stmt in block:
            return block[block.index(stmt) + 1 :]
    return []


def _is_plain(stmt: ast.stmt) -> bool:
    if isinstance(stmt, (ast.Pass, ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom)):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
        return True
    return isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant)


def _describes(program: Program, stmt: ast.stmt, name: str) -> bool:
    """``layout = plgpu.Layout.WG_STRIDED(SHAPE, vec_size=v)``: a name bound to a Python-side
    description (names, attributes, constants, JAX calls that trace nothing): no operation
    is traced, so the cast that follows is still "right after"."""
    if not (isinstance(stmt, ast.Assign) and all(isinstance(t, ast.Name) and t.id != name
                                                   for t in stmt.targets)):
        return False
    for node in ast.walk(stmt.value):
        if isinstance(node, ast.Call):
            callee = _calls(program, node)
            if callee in NAME_LOOKUPS or callee in TRACES_NOTHING or (callee or "").startswith(PURE_METHODS) \
                    or allow.traces_nothing(callee or ""):
                continue  # `getattr(plgpu.Layout, name)`, `cfg.get("op")`: plain Python traces nothing
            if callee is None or callee == "user" or not is_jax_api(callee) or _traced(program, node):
                return False
        elif not isinstance(node, (ast.Name, ast.Attribute, ast.Constant, ast.Tuple, ast.keyword,
                                   ast.expr_context)) or (isinstance(node, ast.Name) and node.id == name):
            return False
    return True


# Builtins that look a value up by name and call nothing of the program's.
NAME_LOOKUPS = frozenset({"builtins.getattr", "builtins.globals", "builtins.vars", "builtins.len",
                          "builtins.int", "builtins.str"})
# Methods of dicts and strings (`cfg.get("op")`, `name.lower()`).
PURE_METHODS = ("builtins.dict.", "builtins.str.")


def _inside_any(program: Program, node: ast.AST, containers: list[ast.Call]) -> bool:
    current = program.parent(node)
    while current is not None:
        if current in containers:
            return True
        current = program.parent(current)
    return False


def _used_uncast(program: Program, stmt: ast.stmt, name: str, helpers: list[ast.Call],
                 assigned: ast.stmt) -> bool:
    """Whether ``stmt`` reads ``name`` outside the arguments of every helper call in it, and
    no function or lambda defined in the function that assigned it reads the name (a helper
    could then cast it through its closure)."""
    used = [n for n in ast.walk(stmt) if isinstance(n, ast.Name) and n.id == name
            and isinstance(n.ctx, ast.Load) and not _inside_any(program, n, helpers)]
    if not used:
        return False
    owner = program.parent(assigned)
    while owner is not None and not isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        owner = program.parent(owner)
    if owner is None:
        return False
    for inner in ast.walk(owner):
        if inner is not owner and isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) \
                and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(inner)):
            return False
    return True


def _stores_or_uses(stmt: ast.stmt, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(stmt)) or any(
        isinstance(t, ast.Subscript) for t in getattr(stmt, "targets", [])
    )
