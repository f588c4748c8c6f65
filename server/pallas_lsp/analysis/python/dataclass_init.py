"""The ``__init__`` ``@dataclass`` writes, as a signature: which arguments a call binds.

``dataclasses._process_class`` collects the fields of the class and of its dataclass bases
(base first; a field declared again keeps its first place), and ``_init_fn`` makes their
parameters: positional ones in field order, then the keyword-only ones (after a
``_: KW_ONLY`` marker, with ``@dataclass(kw_only=True)`` or ``field(kw_only=True)``); a
``field(init=False)`` is none, an ``InitVar`` is one, a ``ClassVar`` is no field. A call the
signature cannot bind raises CPython's TypeError naming ``Cls.__init__`` (python/binding.py
words it). Options or fields the analysis cannot read (a keyword that is no literal, a
``**`` in a ``field(...)``) leave the signature unknown, never guessed.
"""

from __future__ import annotations

import ast

from ..values import ClassVal


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _literal_flag(keyword: ast.keyword) -> bool | None:
    value = keyword.value
    return value.value if isinstance(value, ast.Constant) and isinstance(value.value, bool) else None


def _class_options(node: ast.ClassDef) -> dict[str, bool] | None:
    """``init`` and ``kw_only`` of the class's ``@dataclass``; None where it has none (a
    NamedTuple, ``make_dataclass``) or one of them is no literal."""
    for decorator in node.decorator_list:
        if _name(decorator) != "dataclass":
            continue
        found = {"init": True, "kw_only": False}
        for keyword in decorator.keywords if isinstance(decorator, ast.Call) else ():
            if keyword.arg is None:
                return None
            if keyword.arg in found:
                flag = _literal_flag(keyword)
                if flag is None:
                    return None
                found[keyword.arg] = flag
        return found
    return None


# A parameter: its name, whether it is keyword-only, and its default's expression (None: required).
_Param = tuple[str, bool, ast.expr | None]


def _field_param(stmt: ast.AnnAssign, kw_only: bool) -> _Param | bool | None:
    """The parameter a field declaration makes; False for none (``init=False``); None where
    its ``field(...)`` is not read."""
    name = stmt.target.id  # type: ignore[union-attr]
    value = stmt.value
    if not (isinstance(value, ast.Call) and _name(value) == "field"):
        return (name, kw_only, value)
    default: ast.expr | None = None
    for keyword in value.keywords:
        if keyword.arg is None or (keyword.arg in ("init", "kw_only") and _literal_flag(keyword) is None):
            return None
        if keyword.arg == "init" and not _literal_flag(keyword):
            return False
        if keyword.arg == "kw_only":
            kw_only = bool(_literal_flag(keyword))
        elif keyword.arg in ("default", "default_factory"):
            default = keyword.value if keyword.arg == "default" else ast.Name("<factory>", ast.Load())
    if value.args:
        return None
    return (name, kw_only, default)


def init_signature(cls: ClassVal) -> ast.arguments | None:
    """The generated ``__init__``'s parameters (``self`` first) for a dataclass, or None where
    they are not read (a base the analysis cannot see, ``init=False``, options no literal)."""
    params: dict[str, _Param] = {}
    order = cls.mro()
    for base in reversed(order):
        if not isinstance(base, ClassVal):
            continue
        if not base.is_dataclass:
            continue
        options = _class_options(base.node)
        if options is None or (base is cls and not options["init"]):
            return None
        kw_only = options["kw_only"]
        for stmt in base.node.body:
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            spelled = ast.unparse(stmt.annotation)
            if "ClassVar" in spelled:
                continue
            if "KW_ONLY" in spelled:
                kw_only = True
                continue
            made = _field_param(stmt, kw_only)
            if made is None:
                return None
            if made is False:
                params.pop(stmt.target.id, None)
                continue
            params[stmt.target.id] = made  # type: ignore[assignment]
    positional = [param for param in params.values() if not param[1]]
    keyword_only = [param for param in params.values() if param[1]]
    defaults = [default for _, _, default in positional if default is not None]
    # CPython refuses a required positional field after one with a default when it makes the
    # class ("non-default argument follows default argument"): not this signature's to judge.
    if any(default is None for _, _, default in positional[len(positional) - len(defaults):]):
        return None
    return ast.arguments(
        posonlyargs=[], args=[ast.arg("self"), *(ast.arg(name) for name, _, _ in positional)],
        vararg=None, kwonlyargs=[ast.arg(name) for name, _, _ in keyword_only],
        kw_defaults=[default for _, _, default in keyword_only], kwarg=None, defaults=defaults)


def positional_names(cls: ClassVal) -> list[str] | None:
    """The fields a call's positional arguments go to, in order (None: not read)."""
    spec = init_signature(cls)
    return None if spec is None else [arg.arg for arg in spec.args[1:]]


def init_definition(cls: ClassVal, spec: ast.arguments) -> ast.FunctionDef:
    """The generated ``__init__`` as a def placed at the class statement (what a finding's
    related location and signature show)."""
    made = ast.FunctionDef(name="__init__", args=spec, body=[ast.Pass()], decorator_list=[], returns=None,
                           type_params=[])
    return ast.copy_location(made, cls.node)
