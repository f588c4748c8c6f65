"""A call of the program's own ``def`` whose arguments its signature cannot bind (PAL064).

CPython raises the TypeError before the body runs (python/binding.py words it). The
interpreter models it as raised at the call (the body is not run; ``ev_call`` raises it on
as a callee's exception, ``Interpreter.raised_by_call``): a handler that surely catches a
TypeError gets it (``try: ... except TypeError:``), a function on a sure path ends there.
``bind_parameters`` flags a call that may not bind as it binds (no cost to those that do);
only those are judged here. The call is recorded for PAL064 only when the
exception surely reaches module level uncaught (``Interpreter.escapes``).

Judged: a def (or lambda) of the analysed file or of the folder's modules, called with
every positional and keyword known (no ``*args`` / ``**kwargs`` of unknown contents),
undecorated but for ``staticmethod`` / ``classmethod`` / ``abstractmethod`` (any other
decorator may hand back something else). Library code followed from source is not.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Protocol

from ..values import ClassVal, Const, FuncVal
from . import binding, dataclass_init
from .exception_values import ExcVal
from .interp.support import _UNKNOWN_REST


@dataclass(frozen=True)
class RefusedCall:
    """A call the def's signature refuses: the call, the def, the TypeError's text."""

    node: ast.Call
    definition: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    message: str


class _Interp(Protocol):
    tree: ast.Module
    modules: dict
    library_paths: set[str]
    refused_calls: dict[int, RefusedCall]

    def path_of(self, node: ast.AST) -> str | None: ...

    def escapes(self, kind: type[BaseException]) -> bool: ...


def refuses(interp: _Interp, func: FuncVal, args: list[object], kwargs: dict[str, object],
            node: ast.Call) -> ExcVal | None:
    """CPython's TypeError where the call surely does not bind (the interpreter then raises it
    at the call: ``last_raised``), recorded where it surely reaches module level uncaught;
    None where it binds or is not judged. Asked only where ``bind_parameters`` saw a sign."""
    definition = func.node
    decorators = getattr(definition, "decorator_list", ())
    if "**" in kwargs or any(arg is _UNKNOWN_REST for arg in args) or (
            decorators and not all(binding.transparent(d) for d in decorators)) or (
            func.attrs and any(name in binding.SIGNATURE_ATTRS for name in func.attrs)):
        return None
    given = len(args) + (func.self_value is not None)
    # Worded with a placeholder name first: the qualified name needs a walk of the tree,
    # done only for a call that fails.
    if binding.refusal(definition.args, "", given, list(kwargs)) is None:
        return None
    tree = _program_tree(interp, definition)
    if tree is None or _in_library(interp, node):
        return None
    qualname = binding.qualname_of(tree, definition) or getattr(definition, "name", "<lambda>")
    message = binding.refusal(definition.args, qualname, given, list(kwargs))
    assert message is not None
    if interp.escapes(TypeError) and id(node) not in interp.refused_calls:
        interp.refused_calls[id(node)] = RefusedCall(node, definition, message)
    return ExcVal(TypeError, (Const(message),))


def refuses_dataclass(interp: _Interp, cls: ClassVal, args: list[object], kwargs: dict[str, object],
                      node: ast.Call) -> ExcVal | None:
    """The same for a call of a dataclass of the program's, whose ``__init__`` @dataclass
    wrote (python/dataclass_init.py): CPython's TypeError, recorded as ``refuses`` records it."""
    if "**" in kwargs or any(arg is _UNKNOWN_REST for arg in args):
        return None
    spec = dataclass_init.init_signature(cls)
    if spec is None or binding.refusal(spec, "", len(args) + 1, list(kwargs)) is None:
        return None
    tree = _program_tree(interp, cls.node)
    if tree is None or _in_library(interp, node):
        return None
    qualname = binding.qualname_of(tree, cls.node) or cls.node.name
    message = binding.refusal(spec, f"{qualname}.__init__", len(args) + 1, list(kwargs))
    assert message is not None
    if interp.escapes(TypeError) and id(node) not in interp.refused_calls:
        interp.refused_calls[id(node)] = RefusedCall(node, dataclass_init.init_definition(cls, spec), message)
    return ExcVal(TypeError, (Const(message),))


@dataclass(frozen=True)
class RefusedBody:
    """A kernel body whose signature cannot bind the refs JAX calls it with (a scratch buffer
    too many or too few): the launch, the def, the TypeError's text, how many refs."""

    launch: object  # trace.Launch
    definition: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    message: str
    refs: int


# The (def node, positionals, keywords) whose binding succeeded: a kernel the incremental
# parse kept from the last keystroke is not bound again (every launch asks). The node is the
# key itself (hashed by identity, held while it is kept): a server's kernels of its open
# documents fit, and the set is emptied past that, so old documents' defs are not held long.
_BINDS: set[tuple[ast.AST, int, tuple[str, ...]]] = set()
_MAX_BINDS = 512


def refused_body(interp: _Interp, func: FuncVal, refs: int, keywords: tuple[str, ...]) -> str | None:
    """CPython's TypeError where JAX's call of the kernel body ``func`` with ``refs`` refs
    by position (and the named scratch buffers ``keywords``) surely does not bind; None where
    it binds or is not judged (the same limits as a spelled call: a def of the program,
    undecorated but for staticmethod / classmethod / abstractmethod, no signature set by
    hand)."""
    definition = func.node
    given = refs + (func.self_value is not None)
    key = (definition, given, keywords)
    if key in _BINDS:
        return None
    decorators = getattr(definition, "decorator_list", ())
    if (decorators and not all(binding.transparent(d) for d in decorators)) or (
            func.attrs and any(name in binding.SIGNATURE_ATTRS for name in func.attrs)):
        return None
    if binding.refusal(definition.args, "", given, list(keywords)) is None:
        if len(_BINDS) >= _MAX_BINDS:
            _BINDS.clear()
        _BINDS.add(key)
        return None
    tree = _program_tree(interp, definition)
    if tree is None or _in_library(interp, definition):
        return None
    qualname = binding.qualname_of(tree, definition) or getattr(definition, "name", "<lambda>")
    return binding.refusal(definition.args, qualname, given, list(keywords))


def _program_tree(interp: _Interp, definition: ast.AST) -> ast.AST | None:
    """The tree of the analysed file or folder module that defines the def; None for one of
    library code (or of source the program built: exec)."""
    path = interp.path_of(definition)
    if path is not None:
        if path in interp.library_paths:
            return None
        return next((module.tree for module in interp.modules.values() if module.path == path), None)
    return interp.tree if binding.qualname_of(interp.tree, definition) is not None else None


def _in_library(interp: _Interp, node: ast.AST) -> bool:
    path = interp.path_of(node)
    return path is not None and path in interp.library_paths
