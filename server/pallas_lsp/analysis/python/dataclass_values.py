"""``dataclasses.asdict`` / ``astuple`` / ``fields`` / ``is_dataclass`` of instances of the
program's dataclasses, as the dataclasses module computes them: the fields in declaration
order through the bases (``ClassVal.fields``: ``ClassVar`` and ``InitVar`` pseudo-fields are
none), values copied recursively into dicts / tuples (nested dataclasses, lists, tuples and
dicts are copied, anything else is the same value). Unknown when the instance or one of its
fields is not known to be set.
"""

from __future__ import annotations

import ast

from ..stdlib_values import FieldVal
from ..values import MISSING, UNKNOWN, ClassVal, Const, DictVal, ListVal, NamespaceVal, ObjVal, pack, unpack

NAMES = frozenset({"dataclasses.asdict", "dataclasses.astuple", "dataclasses.is_dataclass",
                   "dataclasses.fields"})
MAX_DEPTH = 16


def is_dataclass_instance(value: object) -> bool:
    return isinstance(value, ObjVal) and _is_dataclass(value.cls)


def _is_dataclass(cls: ClassVal) -> bool:
    return any(isinstance(c, ClassVal) and c.is_dataclass for c in cls.mro()) \
        and cls.enum_members is None


def call(name: str, args: list[object], kwargs: dict[str, object]) -> object:
    """The call's value; MISSING when it is not one of NAMES on a value of the program's."""
    if name not in NAMES or len(args) != 1 or kwargs:
        return MISSING
    value = args[0]
    if name == "dataclasses.is_dataclass":
        if isinstance(value, ClassVal):
            return Const(_is_dataclass(value))
        if isinstance(value, ObjVal):
            return Const(_is_dataclass(value.cls))
        return MISSING
    if name == "dataclasses.fields":
        cls = value.cls if isinstance(value, ObjVal) else value
        if not isinstance(cls, ClassVal):
            return MISSING
        return fields_of(cls) if _is_dataclass(cls) else UNKNOWN  # Python raises TypeError
    if not is_dataclass_instance(value):
        return MISSING if not isinstance(value, ObjVal) else UNKNOWN  # Python raises TypeError
    return _copy(value, as_dict=name == "dataclasses.asdict", depth=0)


def fields_of(cls: ClassVal) -> object:
    """``dataclasses.fields(cls)``: one Field per field in declaration order, with its
    ``name``, ``default`` / ``default_factory`` where declared and its ``metadata`` (a
    read-only mapping, empty when none was given); the rest of a Field (``type``, ``init``,
    ``repr``...) is left unknown. Unknown when a base we cannot see may declare fields."""
    if any(not isinstance(c, ClassVal) and getattr(c, "name", None) != "builtins.object" for c in cls.mro()):
        return UNKNOWN
    made: list[object] = []
    for name in cls.fields():
        declared = cls.lookup(name)
        if declared is UNKNOWN:
            return UNKNOWN
        attrs: dict[str, object] = {"name": Const(name)}
        if isinstance(declared, FieldVal):
            metadata = DictVal() if declared.metadata is MISSING else declared.metadata
            if not isinstance(metadata, DictVal) \
                    and not (isinstance(metadata, Const) and metadata.value is None):
                return UNKNOWN
            attrs["metadata"] = DictVal() if isinstance(metadata, Const) else metadata
            if declared.default is not MISSING:
                attrs["default"] = declared.default
            if declared.factory is not MISSING:
                attrs["default_factory"] = declared.factory
        else:
            attrs["metadata"] = DictVal()
            if declared is not MISSING:
                attrs["default"] = declared
        made.append(NamespaceVal(attrs))
    return pack(made)


def fields_mapping(cls: ClassVal) -> object:
    """``cls.__dataclass_fields__``: each field's name to its Field, in declaration order, where
    no dataclass of the MRO declares a ClassVar, an InitVar or KW_ONLY (the mapping holds
    pseudo-fields for those, which ``dataclasses.fields`` leaves out); else unknown."""
    for base in cls.mro():
        if isinstance(base, ClassVal) and base.is_dataclass and any(
                isinstance(stmt, ast.AnnAssign) and any(
                    word in ast.unparse(stmt.annotation) for word in ("ClassVar", "InitVar", "KW_ONLY"))
                for stmt in base.node.body):
            return UNKNOWN
    made = fields_of(cls)
    items = unpack(made) if made is not UNKNOWN else None
    if items is None:
        return UNKNOWN
    return DictVal({field.attrs["name"].value: field for field in items})  # type: ignore[attr-defined]


def _copy(value: object, *, as_dict: bool, depth: int) -> object:
    if depth > MAX_DEPTH:
        return UNKNOWN
    if is_dataclass_instance(value):
        obj: ObjVal = value  # type: ignore[assignment]
        fields = obj.cls.fields()
        if any(name not in obj.attrs for name in fields):
            return UNKNOWN
        parts = [_copy(obj.attrs[name], as_dict=as_dict, depth=depth + 1) for name in fields]
        if as_dict:
            return DictVal(dict(zip(fields, parts, strict=True)))
        return pack(parts)
    if isinstance(value, ListVal):
        if not value.complete:
            return ListVal([], complete=False)
        return ListVal([_copy(item, as_dict=as_dict, depth=depth + 1) for item in value.items])
    if isinstance(value, tuple):
        return pack([_copy(item, as_dict=as_dict, depth=depth + 1) for item in value])
    if isinstance(value, DictVal):
        if type(value) is not DictVal:
            return UNKNOWN
        return DictVal({key: _copy(item, as_dict=as_dict, depth=depth + 1)
                        for key, item in value.items.items()}, complete=value.complete)
    return value
