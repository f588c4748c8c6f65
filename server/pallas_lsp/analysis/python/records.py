"""The methods ``@dataclass`` generates for equality, ordering and hashing, as CPython does.

``dataclasses._process_class`` writes ``__eq__`` (when ``eq``, the default) comparing the
tuples of the compared fields of two instances of the same class (``NotImplemented``
otherwise), the four orderings the same way (``order=True``), and ``__hash__`` by its
table of ``(unsafe_hash, eq, frozen, explicit __hash__)``: hashed by the fields for
``frozen=True`` (or ``unsafe_hash=True``), set to ``None`` (unhashable) for a plain
``eq=True`` dataclass, left alone otherwise. A method the class body defines itself is
kept (``_set_new_attribute``). Here they are the same methods, made from the same Python
text and run by the interpreter (``a == b`` through comparisons.rich_compare); a field's
``compare=False`` / ``hash=False`` leaves it out as in CPython. Options the analysis
cannot read (a keyword that is no literal) make the methods unknown, never guessed.

A frozen dataclass's instance is a dict key by its fields (values.record_key reads the
marks these methods carry): equal instances find one entry, as they do in Python.
"""

from __future__ import annotations

import ast

from ..values import UNKNOWN, ClassVal, Const, Env, FuncVal

DEFAULTS = {"eq": True, "order": False, "frozen": False, "unsafe_hash": False}
_ORDERINGS = {"__lt__": "<", "__le__": "<=", "__gt__": ">", "__ge__": ">="}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def options(node: ast.ClassDef) -> dict[str, bool] | None:
    """The ``@dataclass(...)`` options that decide the generated methods; None where one of
    them is not a literal (the analysis cannot read it)."""
    found = dict(DEFAULTS)
    for decorator in node.decorator_list:
        if _name(decorator) != "dataclass" or not isinstance(decorator, ast.Call):
            continue
        for keyword in decorator.keywords:
            if keyword.arg is None:
                return None
            if keyword.arg in found:
                if not (isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, bool)):
                    return None
                found[keyword.arg] = keyword.value.value
    return found


def _field_flags(cls: ClassVal) -> list[tuple[str, bool, bool]] | None:
    """(name, compared, hashed) of each field in declaration order through the dataclass
    bases, as ``dataclasses.fields``; None where a field's ``compare=`` / ``hash=`` is no
    literal."""
    flags: dict[str, tuple[bool, bool]] = {}
    for base in reversed(cls.mro()):
        if not (isinstance(base, ClassVal) and base.is_dataclass):
            continue
        for stmt in base.node.body:
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            spelled = ast.unparse(stmt.annotation)
            if "ClassVar" in spelled or "InitVar" in spelled or "KW_ONLY" in spelled:
                continue
            compare, hashed = True, None
            if isinstance(stmt.value, ast.Call) and _name(stmt.value) == "field":
                for keyword in stmt.value.keywords:
                    if keyword.arg in ("compare", "hash"):
                        value = keyword.value
                        if not isinstance(value, ast.Constant) or value.value not in (True, False, None):
                            return None
                        if keyword.arg == "compare":
                            compare = bool(value.value)
                        else:
                            hashed = value.value
                    elif keyword.arg is None:
                        return None
            flags[stmt.target.id] = (compare, compare if hashed is None else bool(hashed))
    return [(name, compare, hashed) for name, (compare, hashed) in flags.items()]


def _tuple(owner: str, names: list[str]) -> str:
    return "(" + "".join(f"{owner}.{name}," for name in names) + ")"


# Each generated method's source, parsed once per process: a class gets a copy placed at its
# own statement (a dataclass-heavy module, JAX's mosaic_gpu/core.py, had spent a third of its
# analysis walking fresh parses to place them).
_TEMPLATES: dict[str, ast.FunctionDef] = {}


def _placed_copy(node: ast.AST, at: ast.AST) -> ast.AST:
    """A copy of ``node``'s tree whose every position is ``at``'s (copy_location's, in one pass)."""
    made = node.__class__.__new__(node.__class__)
    for field in node._fields:
        value = getattr(node, field, None)
        if value.__class__ is list:
            value = [_placed_copy(item, at) if isinstance(item, ast.AST) else item for item in value]
        elif isinstance(value, ast.AST):
            value = _placed_copy(value, at)
        setattr(made, field, value)
    if node._attributes:
        made.lineno, made.col_offset = at.lineno, at.col_offset  # type: ignore[attr-defined]
        made.end_lineno, made.end_col_offset = at.end_lineno, at.end_col_offset  # type: ignore[attr-defined]
    return made


def _method(source: str, name: str, fields: tuple[str, ...], cls: ClassVal, env: Env) -> FuncVal:
    template = _TEMPLATES.get(source)
    if template is None:
        parsed = ast.parse(source).body[0]
        assert isinstance(parsed, ast.FunctionDef)
        template = _TEMPLATES[source] = parsed
    # At the class statement: what it reports points there.
    func: ast.FunctionDef = _placed_copy(template, cls.node)  # type: ignore[assignment]
    func.record_fields = fields  # type: ignore[attr-defined]  # values.record_key reads it
    func.record_method = name  # type: ignore[attr-defined]
    return FuncVal(func, env, defaults={}, owner=cls)


def add_generated(cls: ClassVal, env: Env) -> None:
    """The dataclass's ``__eq__``, orderings and ``__hash__`` where CPython writes them."""
    found = options(cls.node)
    flags = _field_flags(cls) if found is not None else None
    own = cls.attrs
    if found is not None and flags is not None:
        cls.node.dataclass_options = found  # type: ignore[attr-defined]  # values.identity_key reads it
    if found is None or flags is None:
        for name in ("__eq__", "__hash__", *_ORDERINGS):
            own.setdefault(name, UNKNOWN)
        return
    compared = [name for name, compare, _ in flags if compare]
    if found["eq"] and "__eq__" not in own:
        source = (f"def __eq__(self, other):\n    if other.__class__ is self.__class__:\n"
                  f"        return {_tuple('self', compared)} == {_tuple('other', compared)}\n"
                  f"    return NotImplemented\n")
        own["__eq__"] = _method(source, "__eq__", tuple(compared), cls, env)
    if found["order"]:
        if not found["eq"] or any(name in own for name in _ORDERINGS):
            for name in _ORDERINGS:  # ValueError / TypeError at the class statement
                own[name] = UNKNOWN
        else:
            for name, op in _ORDERINGS.items():
                source = (f"def {name}(self, other):\n    if other.__class__ is self.__class__:\n"
                          f"        return {_tuple('self', compared)} {op} {_tuple('other', compared)}\n"
                          f"    return NotImplemented\n")
                own[name] = _method(source, name, tuple(compared), cls, env)
    class_hash = own.get("__hash__")
    explicit = "__hash__" in own and not (
        isinstance(class_hash, Const) and class_hash.value is None and "__eq__" in own)
    unsafe, eq, frozen = found["unsafe_hash"], found["eq"], found["frozen"]
    if unsafe and explicit:
        own["__hash__"] = UNKNOWN  # TypeError: the class statement fails
    elif (unsafe or (eq and frozen)) and not explicit:
        hashed = [name for name, _, hashed in flags if hashed]
        source = f"def __hash__(self):\n    return hash({_tuple('self', hashed)})\n"
        own["__hash__"] = _method(source, "__hash__", tuple(hashed), cls, env)
    elif eq and not frozen and not explicit:
        own["__hash__"] = Const(None)  # unhashable, as CPython sets it
