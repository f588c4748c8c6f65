"""Where a function's names live, as CPython's symbol table decides it (Python/symtable.c):
what ``f.__code__.co_freevars`` lists and which enclosing scope owns each of those cells.

A scope is a ``def``, a ``lambda``, a ``class`` body or a comprehension (a function scope of
its own on every release: Python 3.12 inlines its code, not its symbols). A name a scope
stores, deletes, imports, defines or takes as a parameter is bound there, unless declared
``global`` or ``nonlocal``; a name a scope reads (or a scope inside it needs) and does not
bind is free there. A function's free variables are those of its free names that the
nearest enclosing *function* scope binding or declaring them owns (a class body's names
are invisible to the functions inside it; ``global`` in the nearer scope makes the name a
global); ``co_freevars`` holds them sorted (the compiler's ``dictbytype``, 3.11 - 3.13).

Anything whose rule varies by release or is not modelled here answers None (unknown): an
annotation inside the function (evaluated, deferred or never, by ``from __future__`` and
release), ``super`` / ``__class__`` (the implicit class cell), a ``global`` / ``nonlocal``
in a class body, an assignment expression inside a comprehension, type parameters, a star
import.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..ast_nodes import written_name
from ..values import MISSING, UNKNOWN, Env

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_SCOPES = (*_FUNCTIONS, ast.ClassDef, *_COMPREHENSIONS)
COMPREHENSIONS, SCOPES = _COMPREHENSIONS, _SCOPES


class Unmodelled(Exception):
    """A construct whose scoping this module does not follow."""


@dataclass
class Table:
    """One scope's own names (nested scopes' bodies excluded)."""

    node: ast.AST
    bound: set[str] = field(default_factory=set)
    uses: set[str] = field(default_factory=set)
    globals: set[str] = field(default_factory=set)
    nonlocals: set[str] = field(default_factory=set)
    children: list[ast.AST] = field(default_factory=list)
    annotated: bool = False

    @property
    def local(self) -> set[str]:
        return self.bound - self.globals - self.nonlocals

    @property
    def is_class(self) -> bool:
        return isinstance(self.node, ast.ClassDef)


def table(node: ast.AST) -> Table:
    """The names of the scope ``node`` (a def, lambda, class or comprehension)."""
    made = Table(node)
    if getattr(node, "type_params", None):
        raise Unmodelled
    if isinstance(node, _FUNCTIONS):
        spec = node.args
        for param in (*spec.posonlyargs, *spec.args, *spec.kwonlyargs, spec.vararg, spec.kwarg):
            if param is not None:
                made.bound.add(param.arg)
        body = [node.body] if isinstance(node, ast.Lambda) else node.body
        for part in body:
            _visit(part, made)
    elif isinstance(node, ast.ClassDef):
        for part in node.body:
            _visit(part, made)
        if made.globals or made.nonlocals:
            raise Unmodelled
    elif isinstance(node, _COMPREHENSIONS):
        for index, generator in enumerate(node.generators):
            _visit(generator.target, made)
            if index:
                _visit(generator.iter, made)
            for condition in generator.ifs:
                _visit(condition, made)
        for part in (node.key, node.value) if isinstance(node, ast.DictComp) else (node.elt,):  # type: ignore[attr-defined]
            _visit(part, made)
        if any(isinstance(n, ast.NamedExpr) for n in ast.walk(node)):
            raise Unmodelled  # binds in the enclosing function scope
    return made


def _visit(node: ast.AST, into: Table) -> None:
    """Record ``node``'s names in the scope ``into``; a nested scope's header (decorators,
    defaults, bases, the first iterable) is the scope's own, its body the child's."""
    if isinstance(node, ast.Name):
        if isinstance(node.ctx, ast.Load):
            into.uses.add(node.id)
            if node.id in ("super", "__class__"):
                raise Unmodelled
        else:
            into.bound.add(node.id)
        return
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        spec = node.args
        if any(p.annotation is not None for p in (*spec.posonlyargs, *spec.args, *spec.kwonlyargs,
                                                  *(a for a in (spec.vararg, spec.kwarg) if a is not None))) \
                or getattr(node, "returns", None) is not None:
            into.annotated = True
        for part in (*getattr(node, "decorator_list", ()), *spec.defaults,
                     *(d for d in spec.kw_defaults if d is not None)):
            _visit(part, into)
        if not isinstance(node, ast.Lambda):
            into.bound.add(node.name)
        into.children.append(node)
        return
    if isinstance(node, ast.ClassDef):
        for part in (*node.decorator_list, *node.bases, *(k.value for k in node.keywords)):
            _visit(part, into)
        into.bound.add(node.name)
        into.children.append(node)
        return
    if isinstance(node, _COMPREHENSIONS):
        _visit(node.generators[0].iter, into)
        into.children.append(node)
        return
    if isinstance(node, ast.Global):
        into.globals.update(node.names)
        return
    if isinstance(node, ast.Nonlocal):
        into.nonlocals.update(node.names)
        return
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        for alias in node.names:
            if alias.name == "*":
                raise Unmodelled
            into.bound.add(alias.asname or alias.name.split(".")[0])
        return
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
        into.bound.add(node.name)
    elif isinstance(node, ast.MatchMapping) and node.rest:
        into.bound.add(node.rest)
    elif isinstance(node, ast.AnnAssign):
        into.annotated = True
    elif node.__class__.__name__ == "TypeAlias":
        raise Unmodelled
    for child in ast.iter_child_nodes(node):
        _visit(child, into)


def free_names(node: ast.AST) -> set[str]:
    """The names the scope ``node`` needs from outside it (its own and its children's,
    less what it binds; a class passes its children's through)."""
    own = table(node)
    if own.annotated:
        raise Unmodelled  # annotations inside it: their symbols vary by release and __future__
    needed = set(own.uses)
    inner: set[str] = set()
    for child in own.children:
        inner |= free_names(child)
    if own.is_class:
        return (needed - own.local) | inner | own.nonlocals
    return ((needed | inner) - own.local - own.globals) | own.nonlocals


def _header_and_body(node: ast.AST) -> tuple[list[ast.AST], list[ast.AST]]:
    """A scope node's parts evaluated where it stands, and those inside its scope."""
    if isinstance(node, _FUNCTIONS):
        spec = node.args
        header = [*getattr(node, "decorator_list", ()), *spec.defaults,
                  *(d for d in spec.kw_defaults if d is not None),
                  *(a.annotation for a in (*spec.posonlyargs, *spec.args, *spec.kwonlyargs,
                                           spec.vararg, spec.kwarg) if a is not None and a.annotation),
                  *([node.returns] if getattr(node, "returns", None) is not None else [])]
        return header, ([node.body] if isinstance(node, ast.Lambda) else list(node.body))
    if isinstance(node, ast.ClassDef):
        return [*node.decorator_list, *node.bases, *node.keywords], list(node.body)
    first = node.generators[0].iter  # type: ignore[attr-defined]
    return [first], [n for n in ast.iter_child_nodes(node) if n is not node.generators[0]] + [  # type: ignore[attr-defined]
        n for n in ast.iter_child_nodes(node.generators[0]) if n is not first]  # type: ignore[attr-defined]


def enclosing_scopes(tree: ast.AST, target: ast.AST) -> list[ast.AST] | None:
    """The scopes around ``target`` in ``tree``, outermost first (the module left out);
    None when ``target`` is not in ``tree``."""
    path: list[ast.AST] = []

    def walk(parts: list[ast.AST]) -> bool:
        for child in parts:
            if child is target:
                return True
            if isinstance(child, _SCOPES):
                header, body = _header_and_body(child)
                if walk(header):
                    return True
                path.append(child)
                if walk(body):
                    return True
                path.pop()
            elif walk(list(ast.iter_child_nodes(child))):
                return True
        return False

    return path if walk(list(ast.iter_child_nodes(tree))) else None


@dataclass(frozen=True)
class Closure:
    """A function's free variables in ``co_freevars`` order, each with how many function
    scopes out (1: the nearest) the cell's owner is."""

    names: tuple[str, ...]
    owners: tuple[int, ...]
    function_scopes: int  # the function scopes enclosing the function


def closure(tree: ast.AST, func: ast.AST) -> Closure | None:
    """``func``'s free variables as the compiler lays them out; None where not modelled."""
    outer = enclosing_scopes(tree, func)
    if outer is None:
        return None
    try:
        needed = free_names(func)
        tables = [table(scope) for scope in outer]
    except (Unmodelled, RecursionError):
        return None
    functions = [t for t in tables if not t.is_class]
    names: list[str] = []
    owners: list[int] = []
    for name in sorted(needed):
        level = 0
        for scope in reversed(tables):
            if scope.is_class:
                continue
            level += 1
            if name in scope.globals:
                break
            if name in scope.local or name in scope.nonlocals:
                # A nonlocal one's cell is further out: follow it to the binding scope.
                if name in scope.nonlocals:
                    continue
                names.append(name)
                owners.append(level)
                break
        else:
            if any(name in t.nonlocals for t in functions):
                return None  # a nonlocal with no binding scope: a SyntaxError
    return Closure(tuple(names), tuple(owners), len(functions))


def qualified_name(tree: ast.AST, func: ast.AST) -> str | None:
    """``__qualname__`` as the compiler sets it: enclosing classes by name, enclosing
    functions with ``.<locals>``; None inside a comprehension (3.12 inlines it) or where
    the function is declared global in its parent."""
    outer = enclosing_scopes(tree, func)
    if outer is None:
        return None
    own = written_name(func)
    parts: list[str] = []
    for scope in outer:
        if isinstance(scope, _COMPREHENSIONS):
            return None
        if isinstance(scope, _FUNCTIONS):
            parts += [written_name(scope), "<locals>"]
        else:
            parts.append(written_name(scope))
    if outer and not isinstance(func, ast.Lambda):
        try:
            if getattr(func, "name", None) in table(outer[-1]).globals:
                return own
        except Unmodelled:
            return None
    return ".".join([*parts, own])


@dataclass(eq=False)
class CellVal:
    """A closure cell (``f.__closure__[i]``): the variable ``name`` of the scope ``env``
    that owns it, read and written live (python/function_objects.py)."""

    env: Env
    name: str


@dataclass(eq=False)
class CodeVal:
    """``f.__code__`` of the program's function: its node and the module tree it is in."""

    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    tree: ast.AST | None


def store_cell(caller: object, cell: CellVal, name: str, value: object) -> None:
    """``cell.cell_contents = value`` rebinds the variable (``del``: ``value`` MISSING); on
    a path that may not run it is unknown from here. Any other name: Python refuses it."""
    if name != "cell_contents":
        return
    if getattr(caller, "on_uncertain_path", True):
        cell.env.names[cell.name] = UNKNOWN
    elif value is MISSING:
        cell.env.names.pop(cell.name, None)
    else:
        cell.env.names[cell.name] = value
    if hasattr(caller, "stores"):
        caller.stores += 1  # type: ignore[attr-defined]  # shared state a memoised call may not outlive
