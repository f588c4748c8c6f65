"""What a statement may raise, judged from the values just before it runs.

A ``try`` body that surely raises nothing runs its ``else`` and never its ``except``
clauses (Python's own order: body, else, finally). The interpreter used to run the
handlers as alternatives to the ``else`` whatever the body was, so a name the ``else``
binds from a known lookup (``name = OVERRIDES["semantics"]`` then ``getattr(...)``) ended
as one of two values. This judge is a short list of forms that cannot raise given what
their operands are now (the state before the statement, read without running anything):
a constant; a name bound in the current scope; a tuple, list or dict display of those
(dict keys constants); a subscript of a plain dict that holds every key stored in it
and has the constant key, or of a known list, tuple or string with an int index in
range; a call of a few pure builtins (int, float, str, ...) at module level on such
constants, run for real on them. A name may still be unbound on a path the analysis
joined (bound on one branch only), so a name read may raise NameError
(UnboundLocalError): the body then may raise those only, and ``exec_try`` skips the
handlers only where none of them catches those. Anything else may raise anything (an
attribute a library may lack, another call, an operator
on an instance with its own method, an unpacking, a store into a container), so the
handlers stay possible: silence where a raise cannot be ruled out. (KeyboardInterrupt
and MemoryError are not the program's paths.)
"""

from __future__ import annotations

import ast

from ..values import MISSING, Const, DictVal, Env, ListVal

# Bindings a judgement reads at most (a deep subscript chain is judged as may raise).
_MAX_DEPTH = 8


# What reading a name may raise: it may be unbound on a path the analysis joined.
NAME_ERRORS: frozenset[type[BaseException]] = frozenset({NameError, UnboundLocalError})


def may_raise(stmt: ast.stmt, env: Env) -> frozenset[type[BaseException]] | None:
    """The exception classes ``stmt``, run in ``env`` as it is now, may raise (empty:
    none); None where it may raise anything."""
    if isinstance(stmt, ast.Pass):
        return frozenset()
    if isinstance(stmt, ast.Expr):
        evaluated: list[ast.expr] = [stmt.value]
    elif isinstance(stmt, ast.Assign) and all(isinstance(t, ast.Name) for t in stmt.targets):
        evaluated = [stmt.value]
    elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        evaluated = [stmt.value, stmt.annotation]  # (a module's or class's annotation is evaluated)
    else:
        return None
    if any(_known(node, env, 0) is MISSING for node in evaluated):
        return None
    reads_a_name = any(isinstance(n, ast.Name) for node in evaluated for n in ast.walk(node))
    return NAME_ERRORS if reads_a_name else frozenset()


def names_only(node: ast.expr) -> bool:
    """A name or a tuple of names: reading it runs nothing (an attribute may be a property)."""
    if isinstance(node, ast.Tuple):
        return all(isinstance(item, ast.Name) for item in node.elts)
    return isinstance(node, ast.Name)


def _known(node: ast.expr, env: Env, depth: int) -> object:
    """The value ``node`` evaluates to without raising, read from ``env``; MISSING where
    evaluating it may raise (or the judge does not know that it cannot)."""
    if depth > _MAX_DEPTH:
        return MISSING
    if isinstance(node, ast.Constant):
        return Const(node.value)
    if isinstance(node, ast.Name):
        return _bound(node.id, env)
    if isinstance(node, (ast.Tuple, ast.List)):
        items = [_known(item, env, depth + 1) for item in node.elts]
        return MISSING if any(item is MISSING or isinstance(e, ast.Starred)
                              for item, e in zip(items, node.elts, strict=True)) else tuple(items)
    if isinstance(node, ast.Dict):
        keys_ok = all(isinstance(key, ast.Constant) and _hashable(key.value) for key in node.keys)
        values_ok = all(_known(value, env, depth + 1) is not MISSING for value in node.values)
        return Const(None) if keys_ok and values_ok else MISSING  # (its value is not read)
    if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
        base = _known(node.value, env, depth + 1)
        index = _known(node.slice, env, depth + 1)
        if base is MISSING or not isinstance(index, Const):
            return MISSING
        return _item(base, index.value)
    if isinstance(node, ast.Call):
        return _builtin_call(node, env, depth)
    return MISSING


# Builtins whose call on str / int / float / bool constants runs no code of the program and
# depends only on those values: called for real on them here, so ``int("200")`` cannot
# raise and ``int("2.5")`` may (ValueError). A text longer than _MAX_TEXT is not judged.
_PURE_BUILTINS = {"int": int, "float": float, "str": str, "bool": bool, "len": len, "abs": abs,
                  "round": round}
_MAX_TEXT = 64


def _builtin_call(node: ast.Call, env: Env, depth: int) -> object:
    """A call of one of _PURE_BUILTINS, by its builtin name, at module level (a function's
    local of that name may be assigned later in it: UnboundLocalError), the name bound in no
    scope, on constants: its value, or MISSING where it raises or is not judged."""
    function = _PURE_BUILTINS.get(node.func.id) if isinstance(node.func, ast.Name) else None
    if function is None or node.keywords or env.parent is not None \
            or env.find_scope(node.func.id) is not None:  # type: ignore[attr-defined]
        return MISSING
    values = []
    for arg in node.args:
        known = _known(arg, env, depth + 1) if not isinstance(arg, ast.Starred) else MISSING
        if not isinstance(known, Const) or type(known.value) not in (str, int, float, bool) \
                or (type(known.value) is str and len(known.value) > _MAX_TEXT) \
                or (type(known.value) is int and abs(known.value) > 1 << 64):
            return MISSING
        values.append(known.value)
    try:
        return Const(function(*values))
    except (TypeError, ValueError, OverflowError):
        return MISSING


def _bound(name: str, env: Env) -> object:
    """The value of a name the current scope binds. Only the innermost scope, or a module
    scope read from itself: a function's name found only in an enclosing scope may be a
    local not yet assigned (UnboundLocalError), which the judge does not tell apart."""
    if name in env.names:
        return env.names[name]
    return MISSING


def _item(base: object, key: object) -> object:
    """``base[key]`` where it surely succeeds on a container Python's own lookup serves
    (no ``__getitem__`` of the program's); MISSING otherwise."""
    if type(base) is DictVal:
        return base.items[key] if base.complete and _hashable(key) and key in base.items else MISSING
    if type(key) is not int:
        return MISSING
    if type(base) is ListVal:
        sequence: object = base.items if base.complete else None
    elif type(base) is tuple:
        sequence = base
    elif type(base) is Const and type(base.value) in (tuple, str):
        sequence = base.value
    else:
        return MISSING
    if not isinstance(sequence, (list, tuple, str)) or not -len(sequence) <= key < len(sequence):
        return MISSING
    item = sequence[key]
    return Const(item) if type(base) is Const else item


def _hashable(value: object) -> bool:
    """A constant key whose hash and equality are the builtin ones (str, int, ..., tuples
    of them)."""
    if isinstance(value, tuple):
        return all(_hashable(item) for item in value)
    return type(value) in (str, int, float, bool, bytes, complex, type(None))
