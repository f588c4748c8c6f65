"""``inspect.signature`` of the program's functions and classes, read from their definitions.

A signature is its parameters in order, each with its name, kind and default: the default
the function was given where it was defined (``FuncVal.defaults``), or
``inspect.Parameter.empty`` for a parameter without one; a wrapper's ``__wrapped__`` is
followed, as ``inspect.unwrap`` does. The signature and its parameters
are namespaces of those attributes (``sig.parameters`` a dict by name); the signature is
the model class of python/source_models.py, whose ``bind`` / ``bind_partial`` and
``BoundArguments`` run there; an annotation is ``empty`` where none is written, else
unknown. ``x is inspect.Parameter.empty`` is
decided for a value the program made (``is_sentinel`` below).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..values import MISSING, UNKNOWN, ClassVal, Const, DictVal, FuncVal, NamespaceVal, ObjVal, QualName

EMPTY = QualName("inspect.Parameter.empty")
# The names of ``inspect._empty``, a library singleton nothing the program builds is.
SENTINELS = frozenset({"inspect.Parameter.empty", "inspect.Signature.empty", "inspect._empty"})


def signature(func: object) -> object:
    """``inspect.signature(func)`` of a function of the program (bound: its first parameter
    is left out, as Python does) or of a class (``class_signature``); MISSING for anything
    else."""
    if isinstance(func, ClassVal):
        return class_signature(func)
    bound = isinstance(func, FuncVal) and func.self_value is not None
    for _ in range(MAX_UNWRAP):
        # inspect.unwrap: a wrapper's ``__wrapped__`` (functools.wraps) is followed, unless
        # the wrapper carries a ``__signature__`` of its own (not modelled: unknown).
        if not isinstance(func, FuncVal) or "__signature__" in func.attrs:
            return MISSING
        if "__wrapped__" not in func.attrs:
            return _function_signature(func, bound=bound)
        func = func.attrs["__wrapped__"]
        if isinstance(func, FuncVal) and func.self_value is not None:
            if bound:
                return MISSING  # a method wrapping a bound method: two parameters bound
            bound = True
    return MISSING


MAX_UNWRAP = 16


def class_signature(cls: ClassVal) -> object:
    """``inspect.signature(cls)``: what calling the class takes, its ``__init__``'s
    parameters after ``self``, as inspect reads them when neither a metaclass's ``__call__``
    nor a ``__new__`` of the program's takes over (those, a dataclass's generated
    ``__init__``, a library base and a class with no ``__init__`` of its own line, where
    inspect's answer varies by Python release, are MISSING)."""
    order = cls.mro()
    if cls.metaclass is not None or any(
            not (isinstance(c, ClassVal) or (isinstance(c, QualName) and c.name == "builtins.object"))
            or (isinstance(c, ClassVal) and (c.is_dataclass or "__new__" in c.attrs)) for c in order):
        return MISSING
    init = next((c.attrs["__init__"] for c in order if isinstance(c, ClassVal) and "__init__" in c.attrs),
                MISSING)
    return _function_signature(init, bound=True) if isinstance(init, FuncVal) else MISSING


def _function_signature(func: object, *, bound: bool) -> object:
    if not isinstance(func, FuncVal) or (isinstance(func.node, ast.Lambda) and func.defaults is None):
        return MISSING
    spec = func.node.args
    kinds = [*(("POSITIONAL_ONLY", p) for p in spec.posonlyargs),
             *(("POSITIONAL_OR_KEYWORD", p) for p in spec.args),
             *([("VAR_POSITIONAL", spec.vararg)] if spec.vararg else []),
             *(("KEYWORD_ONLY", p) for p in spec.kwonlyargs),
             *([("VAR_KEYWORD", spec.kwarg)] if spec.kwarg else [])]
    if bound and kinds and kinds[0][0] != "VAR_POSITIONAL":
        kinds = kinds[1:]
    with_defaults = _names_with_defaults(spec)
    parameters = DictVal()
    for kind, param in kinds:
        if param.arg in with_defaults:
            default = func.defaults.get(param.arg, UNKNOWN) if func.defaults is not None else UNKNOWN
        else:
            default = EMPTY
        parameters.items[param.arg] = NamespaceVal({
            "name": Const(param.arg), "default": default,
            "annotation": EMPTY if param.annotation is None else UNKNOWN,
            "kind": QualName(f"inspect.Parameter.{kind}")})
    returns = EMPTY if getattr(func.node, "returns", None) is None else UNKNOWN
    return SignatureParts(parameters, returns, Const(tuple(kind for kind, _param in kinds)))


@dataclass(frozen=True)
class SignatureParts:
    """What a ``Signature`` is made of: its parameters by name (namespaces of ``name``,
    ``default``, ``annotation``, ``kind``), its return annotation and each parameter's kind
    name in order; the interpreter makes the model ``Signature`` of them
    (python/source_models.py), whose ``bind`` runs as Python."""

    parameters: DictVal
    return_annotation: object
    kinds: Const


def _names_with_defaults(spec: ast.arguments) -> set[str]:
    positional = [*spec.posonlyargs, *spec.args]
    named = {p.arg for p in positional[len(positional) - len(spec.defaults):]}
    named |= {p.arg for p, d in zip(spec.kwonlyargs, spec.kw_defaults, strict=True) if d is not None}
    return named


def is_sentinel(left: object, right: object) -> bool | None:
    """``left is right`` where one side is a library sentinel: True for the same one, False
    for a value the program made (a constant, an object, a container); else None."""
    for this, other in ((left, right), (right, left)):
        if isinstance(this, QualName) and this.name in SENTINELS:
            if isinstance(other, QualName):
                # The three names are one object (inspect._empty); no other module exports it.
                return other.name in SENTINELS
            if isinstance(other, (Const, ObjVal, DictVal, FuncVal)):
                return False
            return None
    return None


NAMES = frozenset({"inspect.signature"})


def call(name: str, args: list[object], kwargs: dict[str, object]) -> object:
    if name in NAMES and len(args) == 1 and not kwargs:
        return signature(args[0])
    return MISSING
