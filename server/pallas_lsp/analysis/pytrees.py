"""JAX's pytrees over the program's values: ``jax.tree_util`` / ``jax.tree`` flatten, map and
rebuild what the program hands them, as JAX's registry does.

Nodes: a tuple, a list, a dict (its keys sorted, as JAX sorts them), ``None`` (no leaves), a
named tuple (its fields), and a class of the program registered with
``register_pytree_node_class`` (its ``tree_flatten`` method and ``tree_unflatten``
classmethod) or ``register_pytree_node(cls, flatten, unflatten)``: JAX's registry is keyed by
the exact type, so a subclass of a registered class is a leaf. Anything else is a leaf (a
number, a string, an array, an instance of an unregistered class). A value the analysis does
not know, a list or dict not wholly known, or a registered class whose functions give no
known children make the tree unknown (None): the caller falls back to following the
callbacks with unknown arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .trace import Ctx
from .values import (
    MISSING,
    UNKNOWN,
    ArrayVal,
    ClassVal,
    Const,
    DictVal,
    DtypeVal,
    FuncVal,
    ListVal,
    ObjVal,
    PartialVal,
    QualName,
    ShapeDtypeVal,
    pack,
    plain,
    unpack,
)

MAX_DEPTH = 32
MAX_LEAVES = 4096


@dataclass(frozen=True)
class PytreeNode:
    """How a registered class flattens and rebuilds: ``flatten`` / ``unflatten`` callables of the
    program's, or None for the class's own ``tree_flatten`` / ``tree_unflatten``."""

    flatten: object = None
    unflatten: object = None


@dataclass(frozen=True, eq=False)
class TreeDefVal:
    """A pytree's structure (``jax.tree_util.tree_structure``): a leaf, ``None``, a tuple, a
    list, a dict (its sorted keys), a named tuple or a registered class (``node``, with the
    aux data its flatten gave), each with its children's structures."""

    kind: str  # "leaf", "none", "tuple", "list", "dict", "namedtuple", "custom"
    children: tuple[TreeDefVal, ...] = ()
    keys: tuple[object, ...] = ()
    node: object = None
    aux: object = None

    @property
    def num_leaves(self) -> int:
        return 1 if self.kind == "leaf" else sum(child.num_leaves for child in self.children)

    def same_structure(self, other: TreeDefVal) -> bool:
        """Whether two trees have one structure (aux data compared where known)."""
        return (self.kind == other.kind and self.keys == other.keys and self.node is other.node
                and len(self.children) == len(other.children)
                and all(a.same_structure(b) for a, b in zip(self.children, other.children, strict=True)))


LEAF = TreeDefVal("leaf")
NONE = TreeDefVal("none")

# Values that are leaves whatever else is registered.
_ATOMS = (ArrayVal, ShapeDtypeVal, DtypeVal, FuncVal, PartialVal, QualName, ClassVal)

Caller = Callable[[object, list[object], dict[str, object], Ctx], object]


def register_class(cls: object, node: PytreeNode) -> None:
    if isinstance(cls, ClassVal):
        cls.pytree = node


def flatten(call_value: Caller, tree: object, ctx: Ctx) -> tuple[list[object], TreeDefVal] | None:
    """The leaves of ``tree`` in JAX's order and its structure; None where not known."""
    leaves: list[object] = []
    treedef = _flatten(call_value, tree, ctx, leaves, 0)
    return (leaves, treedef) if treedef is not None and len(leaves) <= MAX_LEAVES else None


def _flatten(call_value: Caller, tree: object, ctx: Ctx, leaves: list[object],
             depth: int) -> TreeDefVal | None:
    if depth > MAX_DEPTH or tree is UNKNOWN or tree is MISSING:
        return None
    if isinstance(tree, Const):
        if tree.value is None:
            return NONE
        if isinstance(tree.value, (tuple, list)):
            items = [Const(item) for item in tree.value]
            return _node("tuple" if isinstance(tree.value, tuple) else "list", items, call_value, ctx,
                         leaves, depth)
        leaves.append(tree)
        return LEAF
    if tree.__class__ is tuple:
        return _node("tuple", list(tree), call_value, ctx, leaves, depth)  # type: ignore[call-overload]
    if isinstance(tree, ListVal):
        return _node("list", list(tree.items), call_value, ctx, leaves, depth) if tree.complete else None
    if isinstance(tree, DictVal):
        if not tree.complete or tree.instance_items:
            return None
        try:
            keys = sorted(tree.items)
        except TypeError:
            return None  # keys JAX cannot sort: it raises
        made = _node("dict", [tree.items[key] for key in keys], call_value, ctx, leaves, depth)
        return TreeDefVal("dict", made.children, tuple(keys)) if made is not None else None
    if isinstance(tree, ObjVal):
        return _object(call_value, tree, ctx, leaves, depth)
    if isinstance(tree, _ATOMS):
        leaves.append(tree)
        return LEAF
    return None


def _node(kind: str, items: list[object], call_value: Caller, ctx: Ctx, leaves: list[object],
          depth: int) -> TreeDefVal | None:
    children: list[TreeDefVal] = []
    for item in items:
        child = _flatten(call_value, item, ctx, leaves, depth + 1)
        if child is None:
            return None
        children.append(child)
    return TreeDefVal(kind, tuple(children))


def _object(call_value: Caller, obj: ObjVal, ctx: Ctx, leaves: list[object], depth: int) -> TreeDefVal | None:
    from .python import library_bases  # (python/ imports this package's values: a late import)

    cls = obj.cls
    node = cls.pytree
    if isinstance(node, PytreeNode):
        if node.flatten is None:
            method = cls.lookup("tree_flatten")
            if not isinstance(method, FuncVal):
                return None
            made = call_value(method.bound(obj), [], {}, ctx)
        else:
            made = call_value(node.flatten, [obj], {}, ctx)
        parts = unpack(plain(made))
        if parts is None or len(parts) != 2:
            return None
        children = unpack(plain(parts[0]))
        if children is None:
            return None
        flat = _node("custom", list(children), call_value, ctx, leaves, depth)
        return TreeDefVal("custom", flat.children, (), cls, parts[1]) if flat is not None else None
    if library_bases.is_named_tuple(cls):
        fields = unpack(obj.payload) if obj.payload is not None else None
        if fields is None:
            return None
        flat = _node("namedtuple", list(fields), call_value, ctx, leaves, depth)
        return TreeDefVal("namedtuple", flat.children, (), cls) if flat is not None else None
    if any(isinstance(base, QualName) and base.name in _CONTAINER_BASES for base in cls.mro()):
        return None  # a builtin container's subclass: JAX's registry does not know it, not followed
    leaves.append(obj)
    return LEAF


_CONTAINER_BASES = frozenset({"builtins.dict", "builtins.list", "builtins.tuple"})


def unflatten(call_value: Caller, treedef: TreeDefVal, leaves: list[object], ctx: Ctx) -> object:
    """The tree of ``treedef``'s structure holding ``leaves`` in order (``tree_unflatten``);
    UNKNOWN where their count is not the structure's or a rebuild is not known."""
    if len(leaves) != treedef.num_leaves:
        return UNKNOWN
    return _build(call_value, treedef, iter(leaves), ctx)


def _build(call_value: Caller, treedef: TreeDefVal, leaves: object, ctx: Ctx) -> object:
    if treedef.kind == "leaf":
        return next(leaves)  # type: ignore[call-overload]
    if treedef.kind == "none":
        return Const(None)
    children = [_build(call_value, child, leaves, ctx) for child in treedef.children]
    if treedef.kind == "tuple":
        return pack(children)
    if treedef.kind == "list":
        return ListVal(children)
    if treedef.kind == "dict":
        return DictVal(dict(zip(treedef.keys, children, strict=True)), complete=True)
    if treedef.kind == "namedtuple":
        return call_value(treedef.node, children, {}, ctx)
    cls = treedef.node
    node = cls.pytree if isinstance(cls, ClassVal) else None
    if not isinstance(node, PytreeNode):
        return UNKNOWN
    if node.unflatten is None:
        from .python import datamodel

        method = cls.lookup("tree_unflatten")  # type: ignore[union-attr]
        if method is MISSING or method is UNKNOWN:
            return UNKNOWN
        return call_value(datamodel.bind(method, None, cls), [treedef.aux, pack(children)], {}, ctx)
    return call_value(node.unflatten, [treedef.aux, pack(children)], {}, ctx)
