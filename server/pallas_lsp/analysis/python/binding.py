"""CPython's binding of a call's arguments to a ``def``'s parameters, and the TypeError it
raises when they do not bind (PAL064).

CPython binds before the body runs (``initialize_locals`` in Python/ceval.c, the same in
3.10 to 3.13): the positionals fill the positional parameters in order (the rest go to
``*args``, else they are too many); then each keyword, in call order, finds its parameter
(a positional-only name is not one: without ``**kwargs`` that is "got some positional-only
arguments passed as keyword arguments", else it goes to ``**kwargs``), and a parameter
already filled is "got multiple values"; then too many positionals; then the required
positional parameters left unfilled; then the keyword-only ones. The first failure is the
TypeError, worded as CPython words it, the function named by its ``__qualname__``.

Only what the call spells is judged here: the caller leaves out calls whose ``*args`` or
``**kwargs`` contents are not known.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

# Decorators that hand back the def itself as far as binding goes (a static or class method
# is bound by the interpreter's method lookup; an abstract method is the function).
TRANSPARENT_DECORATORS = frozenset({"staticmethod", "classmethod", "abstractmethod",
                                    "abc.abstractmethod"})


# Attributes that, set on a function object, make Python bind other than the def says (its
# defaults, its code; ``__signature__`` changes what inspect reports, kept out as unsure).
SIGNATURE_ATTRS = frozenset({"__defaults__", "__kwdefaults__", "__code__", "__signature__"})


def transparent(decorator: ast.expr) -> bool:
    """Whether a decorator leaves the def's signature as written."""
    return ast.unparse(decorator) in TRANSPARENT_DECORATORS


def refusal(spec: ast.arguments, qualname: str, given: int, keywords: Sequence[str]) -> str | None:
    """The TypeError's text when ``given`` positional arguments (a bound method's instance
    counted) and ``keywords`` (in call order) do not bind to ``spec``; None when they bind."""
    positional = [p.arg for p in (*spec.posonlyargs, *spec.args)]
    posonly = len(spec.posonlyargs)
    kwonly = [p.arg for p in spec.kwonlyargs]
    filled = [index < given for index in range(len(positional))]
    kw_filled = dict.fromkeys(kwonly, False)
    place = {name: index for index, name in enumerate(positional) if index >= posonly}
    for keyword in keywords:
        if keyword in place:
            if filled[place[keyword]]:
                return f"{qualname}() got multiple values for argument '{keyword}'"
            filled[place[keyword]] = True
        elif keyword in kw_filled:
            # (A keyword spelled twice cannot reach a call: a SyntaxError, or the caller's
            # "got multiple values for keyword argument" while it merges **mappings.)
            kw_filled[keyword] = True
        elif spec.kwarg is None:
            passed = [name for name in keywords if name in positional[:posonly]]
            if passed:
                return (f"{qualname}() got some positional-only arguments passed as keyword "
                        f"arguments: '{', '.join(passed)}'")
            return f"{qualname}() got an unexpected keyword argument '{keyword}'"
    if given > len(positional) and spec.vararg is None:
        return _too_many(spec, qualname, given, sum(kw_filled.values()))
    required = len(positional) - len(spec.defaults)
    missing = [name for index, name in enumerate(positional[:required]) if not filled[index]]
    if missing:
        return _missing(qualname, missing, "positional")
    missing = [name for name, default in zip(kwonly, spec.kw_defaults, strict=True)
               if default is None and not kw_filled[name]]
    if missing:
        return _missing(qualname, missing, "keyword-only")
    return None


def _too_many(spec: ast.arguments, qualname: str, given: int, kwonly_given: int) -> str:
    count = len(spec.posonlyargs) + len(spec.args)
    if spec.defaults:
        takes, plural = f"from {count - len(spec.defaults)} to {count}", True
    else:
        takes, plural = str(count), count != 1
    extra = ""
    if kwonly_given:
        extra = (f" positional argument{'s' if given != 1 else ''} (and {kwonly_given} "
                 f"keyword-only argument{'s' if kwonly_given != 1 else ''})")
    verb = "was" if given == 1 and not kwonly_given else "were"
    return (f"{qualname}() takes {takes} positional argument{'s' if plural else ''} "
            f"but {given}{extra} {verb} given")


def _missing(qualname: str, names: list[str], kind: str) -> str:
    quoted = [repr(name) for name in names]
    if len(quoted) == 1:
        listed = quoted[0]
    elif len(quoted) == 2:
        listed = f"{quoted[0]} and {quoted[1]}"
    else:
        listed = f"{', '.join(quoted[:-2])}, {quoted[-2]}, and {quoted[-1]}"
    return (f"{qualname}() missing {len(quoted)} required {kind} "
            f"argument{'' if len(quoted) == 1 else 's'}: {listed}")


def qualname_of(tree: ast.AST, target: ast.AST) -> str | None:
    """The ``__qualname__`` the compiler gives the def (or lambda) ``target`` of ``tree``
    (``Harness.pallas_call``, ``make.<locals>.helper``); None where it is not in ``tree``."""
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                name = f"{prefix}{getattr(child, 'name', '<lambda>')}"
                if child is target:
                    return name
                stack.append((child, f"{name}.<locals>."))
            elif isinstance(child, ast.ClassDef):
                if child is target:
                    return f"{prefix}{child.name}"
                stack.append((child, f"{prefix}{child.name}."))
            else:
                stack.append((child, prefix))
    return None
