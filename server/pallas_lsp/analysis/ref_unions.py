"""``plgpu.RefUnion(*groups)``: buffers that share one allocation, and what its constructor
refuses (PAL066).

``RefUnion.__init__`` (jax/_src/pallas/mosaic_gpu/core.py) runs where the union is built, on
the host: every leaf of every group must be an SMEM type, or every leaf a TMEM type, else
"NotImplementedError: All aliased Refs must have the same memory space (SMEM or TMEM)."; an
SMEM union sizes each group (``_ref_group_size``), refusing a leaf whose dtype is neither an
integer nor a float ("NotImplementedError: Unsupported dtype: bool"); a TMEM union refuses
leaves that disagree on ``collective=`` ("ValueError: Some aliased TMEM references are
collective and some are not."). Measured alike on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1, blamed
on the ``plgpu.RefUnion(...)`` line. A union is judged only when every leaf is a known buffer
type; the union itself stays an unknown value (its refs are not followed).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .values import MISSING, UNKNOWN, Const, DictVal, DtypeVal, RefTypeVal, unpack

if TYPE_CHECKING:
    from .jax_calls import Call

# Dtypes RefUnion's SMEM sizing knows (jnp.integer / jnp.floating subtypes), by name.
_INTEGER_OR_FLOAT_PREFIXES = ("int", "uint", "float", "bfloat")
_TREE_DEPTH = 8  # groups are trees of types: tuples, lists, dicts of them


@dataclass(frozen=True)
class RefUnionCall:
    """One ``plgpu.RefUnion(...)`` call: its groups' leaves in JAX's order (each a
    RefTypeVal), or None when one is not known."""

    node: ast.Call
    leaves: tuple[RefTypeVal, ...] | None


@dataclass(frozen=True)
class UnionFault:
    leaf: RefTypeVal | None  # the leaf JAX refuses (None: the union as a whole)
    kind: str  # "spaces", "dtype" or "collective"
    detail: str


def _leaves(value: object, depth: int = 0) -> list[RefTypeVal] | None:
    if isinstance(value, RefTypeVal):
        return [value]
    if isinstance(value, DictVal) or (isinstance(value, Const) and not isinstance(value.value, tuple)):
        return None  # a dict's leaves come in key order, a string is no buffer type: not followed
    items = unpack(value) if depth < _TREE_DEPTH else None
    if items is None:
        return None
    found: list[RefTypeVal] = []
    for item in items:
        leaves = _leaves(item, depth + 1)
        if leaves is None:
            return None
        found.extend(leaves)
    return found


@dataclass(frozen=True, eq=False)
class RefUnionVal:
    """What ``plgpu.RefUnion(*groups)`` makes, as a scratch type: the body gets one argument
    for it, a tuple of each group's refs in the group's own tree (``[a, b], c = union``), all
    aliasing one allocation; each member is a ref of its own type (JAX's ExtractAliasedRef
    transform: stores and loads check the member's shape). Only where every leaf is a known
    buffer type (RefUnionCall.leaves); every other reader of scratch types holds it as a type
    it does not know, as it held the unknown value before."""

    groups: tuple[object, ...]


def _ref_union(call: Call) -> object:
    if call.kwargs or any(isinstance(arg, ast.Starred) for arg in call.node.args):
        leaves = None
    else:
        leaves = _leaves(tuple(call.args))
    call.tracer.record_ref_union(RefUnionCall(call.node, tuple(leaves) if leaves is not None else None))
    if leaves is None or any(isinstance(group, DictVal) for group in call.args):
        return UNKNOWN
    return RefUnionVal(tuple(call.args))


def _collective(leaf: RefTypeVal) -> bool | None:
    if leaf.collective is MISSING:
        return False
    if isinstance(leaf.collective, Const) and type(leaf.collective.value) is bool:
        return leaf.collective.value
    return None


def union_fault(made: RefUnionCall) -> UnionFault | None:
    """What RefUnion's constructor refuses first, or None when nothing is known to be wrong."""
    leaves = made.leaves
    if not leaves:
        return None  # not known, or no leaf at all (max() of nothing: another error)
    spaces = [leaf.space for leaf in leaves]
    if not all(space == "SMEM" for space in spaces) and not all(space == "TMEM" for space in spaces):
        return UnionFault(None, "spaces", " and ".join(sorted(set(spaces))))
    if spaces[0] == "SMEM":
        for leaf in leaves:
            if not isinstance(leaf.dtype, DtypeVal):
                return None  # an earlier leaf might be refused first
            if not leaf.dtype.name.startswith(_INTEGER_OR_FLOAT_PREFIXES):
                return UnionFault(leaf, "dtype", leaf.dtype.name)
        return None
    flags = [_collective(leaf) for leaf in leaves]
    if None in flags or not all(_plain_tmem(leaf) for leaf in leaves):
        return None  # sizing a TMEM leaf of another shape may raise first
    if len(set(flags)) > 1:
        odd = next(leaf for leaf, flag in zip(leaves, flags, strict=True) if flag != flags[0])
        return UnionFault(odd, "collective", f"collective={flags[0]} first, collective={not flags[0]} here")
    return None


def _plain_tmem(leaf: RefTypeVal) -> bool:
    """A (128, N) TMEM buffer of a 32-bit dtype without packed= or layout=: one JAX sizes
    without raising (measured)."""
    shape = leaf.shape.value if isinstance(leaf.shape, Const) else None
    return (isinstance(shape, tuple) and len(shape) == 2 and shape[0] == 128
            and isinstance(leaf.dtype, DtypeVal) and leaf.dtype.name in ("float32", "int32")
            and leaf.packed is MISSING and leaf.layout is MISSING)


HANDLERS = {"plgpu.RefUnion": _ref_union}
