"""Properties with setters: ``@property def op`` then ``@op.setter def op(self, value)``.

A property is a data descriptor: it takes precedence over the instance's own
attributes both when read and when stored to. ``obj.op = v`` calls the setter (which
may normalise the value: ``self._op = value.lower()``), never binds ``op`` on the
instance; a property with no setter refuses the store (Python raises
AttributeError). The interpreter builds a ``PropertyDef`` from the decorators and asks
``declared_property`` where a read or a store must go through it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .values import ClassVal, FuncVal


@dataclass(frozen=True)
class PropertyDef:
    getter: object  # a FuncVal, or None
    setter: object  # a FuncVal, or None


@dataclass(frozen=True)
class PropertyPart:
    """``op.setter`` / ``op.getter``: the decorator that makes the next property."""

    prop: PropertyDef
    part: str


def as_property(value: object) -> PropertyDef | None:
    """The property ``value`` defines in a class body, if it is one."""
    if isinstance(value, PropertyDef):
        return value
    if isinstance(value, FuncVal) and isinstance(value.node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            and any(_name(d) in ("property", "cached_property") for d in value.node.decorator_list):
        return PropertyDef(value, None)
    return None


def part_of(base: object, attr: str) -> PropertyPart | None:
    prop = as_property(base)
    if prop is None or attr not in ("setter", "getter", "deleter"):
        return None
    return PropertyPart(prop, attr)


def build(part: PropertyPart, func: object) -> PropertyDef:
    if part.part == "setter":
        return PropertyDef(part.prop.getter, func)
    if part.part == "getter":
        return PropertyDef(func, part.prop.setter)
    return part.prop


def declared_property(cls: ClassVal, attr: str) -> PropertyDef | None:
    return as_property(cls.lookup(attr))


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""
