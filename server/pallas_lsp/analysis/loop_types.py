"""The types lax's loops compare (PAL077's facts): a value's pytree structure, its leaves,
an array's shape and dtype, and whether a loop's body or condition surely breaks them.

The interpreter asks ``loop_raises`` where it models a loop (jax_calls._loop): a loop whose
carry comes back of another structure or type raises TypeError while it is traced, so it has
no value (nothing after it is judged on a value JAX never makes); PAL077 words the fault.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dtypes import INTEGERS
from .values import ArrayVal, Const, DtypeVal, FuncVal, ListVal, RefVal, unpack

if TYPE_CHECKING:
    from .trace import Op


def shape_of(value: object) -> tuple[int, ...] | None:
    if not isinstance(value, ArrayVal) or isinstance(value, RefVal) or not isinstance(value.shape, Const):
        return None
    shape = value.shape.value
    return shape if isinstance(shape, tuple) and all(type(d) is int for d in shape) else None  # type: ignore[return-value]


def tree_of(value: object) -> object:
    """The pytree structure of a value the analysis knows whole: "leaf" for an array or a
    number, "None", ("tuple" / "list", children); None where any part is not known."""
    if isinstance(value, ArrayVal) and not isinstance(value, RefVal):
        return "leaf"
    if isinstance(value, Const):
        if value.value is None:
            return "None"
        if type(value.value) in (int, float, bool):
            return "leaf"
        if isinstance(value.value, tuple):
            items = unpack(value)
            children = [tree_of(item) for item in items] if items is not None else None
            return None if children is None or None in children else ("tuple", tuple(children))
        return None
    if isinstance(value, tuple):
        children = [tree_of(item) for item in value]
        return None if None in children else ("tuple", tuple(children))
    if isinstance(value, ListVal) and value.complete:
        children = [tree_of(item) for item in value.items]
        return None if None in children else ("list", tuple(children))
    return None


def leaves_of(value: object) -> list[object]:
    if isinstance(value, tuple):
        return [leaf for item in value for leaf in leaves_of(item)]
    if isinstance(value, ListVal):
        return [leaf for item in value.items for leaf in leaves_of(item)]
    if isinstance(value, Const) and isinstance(value.value, tuple):
        return [leaf for item in (unpack(value) or ()) for leaf in leaves_of(item)]
    return [value]


def dtype_of(value: object) -> str | None:
    dtype = value.dtype if isinstance(value, ArrayVal) else None
    return dtype.name if isinstance(dtype, DtypeVal) else None


def branches_differ(outs: list[object]) -> tuple[int, str, str] | None:
    """The first branch whose output surely differs from branch 0's (lax.cond / lax.switch
    compare their branches' outputs with core.typematch: pytree structure, then each leaf's
    shape and dtype, weak or not): (its index, branch 0's output, its output) in words; None
    where they agree or it is not known."""
    first_tree = tree_of(outs[0])
    for index, out in enumerate(outs[1:], 1):
        tree = tree_of(out)
        if first_tree is None or tree is None:
            continue
        if tree != first_tree:
            return index, _describe(outs[0]), _describe(out)
        for a, b in zip(leaves_of(outs[0]), leaves_of(out), strict=True):
            types = [(dtype_of(leaf), shape_of(leaf)) for leaf in (a, b)]
            if None not in (*types[0], *types[1]) and types[0] != types[1]:
                return index, _describe(a), _describe(b)
    return None


def _describe(value: object) -> str:
    dtype, shape = dtype_of(value), shape_of(value)
    if dtype is not None and shape is not None:
        return f"a {dtype}{list(shape)} array"
    tree = tree_of(value)
    if isinstance(tree, tuple):
        return f"a {tree[0]} of {len(tree[1])}"
    return "None" if tree == "None" else "a value"


def control_flow_refused(op: Op) -> bool:
    """A control-flow call JAX refuses while it traces the body (PAL077): a lax.cond
    predicate that is an array, a lax.switch index that is a float scalar, fori_loop bounds
    it does not promote, a while_loop condition that is no boolean scalar. ``op``: the
    call's ref op (lax.cond / lax.switch / lax.fori_loop's bounds) or its loop op."""
    if op.names_open:
        return False
    if isinstance(op.args.get("branches_differ"), Const):
        return True
    if op.name == "lax.cond":
        return bool(shape_of(op.args.get("pred")))
    if op.name == "lax.switch":
        if switch_branches_fault(op.args.get("branches")) is not None:
            return True
        index = op.args.get("index")
        if shape_of(index):
            return True  # an array: "Branch index must be scalar"
        dtype = dtype_of(index) if shape_of(index) == () else None
        return dtype is not None and dtype not in INTEGERS
    if op.name == "lax.while_loop" and cond_refused(op.args.get("cond_out")):
        return True
    return op.name in ("lax.fori_loop", "lax.while_loop") and isinstance(op.args.get("bounds_refused"), Const)


def switch_branches_fault(branches: object) -> str | None:
    """JAX's words when ``lax.switch``'s branches are no sequence of callables: its first
    check, ``all(callable(branch) for branch in branches)`` (conditionals.py, 0.8.3 -
    0.12.0.1), iterates them, so one function given alone raises "'function' object is not
    iterable", and a sequence holding a constant "branches argument should be a sequence of
    callables"."""
    if isinstance(branches, FuncVal):
        return "'function' object is not iterable"
    items = list(branches) if isinstance(branches, tuple) else (
        branches.items if isinstance(branches, ListVal) and branches.complete else None)
    if isinstance(branches, Const) and isinstance(branches.value, tuple) and branches.value:
        items = [branches]  # a tuple of constants: none of them callable
    if items is not None and any(isinstance(item, Const) for item in items):
        return "lax.switch: branches argument should be a sequence of callables."
    return None


def carry_changes(init: object, out: object) -> bool:
    """Whether the body surely returns the carry in another structure, or a strongly typed
    array of it with another dtype or shape."""
    in_tree, out_tree = tree_of(init), tree_of(out)
    if in_tree is None or out_tree is None:
        return False
    if in_tree != out_tree:
        return True
    before, after = leaves_of(init), leaves_of(out)
    if len(before) != len(after):
        return False
    for first, last in zip(before, after, strict=True):
        if not (isinstance(first, ArrayVal) and first.strong and isinstance(last, ArrayVal)):
            continue
        types = [(dtype_of(side), shape_of(side)) for side in (first, last)]
        if None not in (types[0][0], types[1][0], types[0][1], types[1][1]) and types[0] != types[1]:
            return True
    return False


def cond_refused(out: object) -> bool:
    """A while_loop condition that returns an array, or a scalar of another dtype than bool."""
    shape, dtype = shape_of(out), dtype_of(out)
    return bool(shape) or (shape == () and dtype is not None and dtype != "bool")


def _bound_type(value: object, x64: bool | None) -> tuple[str, bool | None] | None:
    """(dtype name, weakly typed?) of a fori_loop bound as ``lax.dtype`` sees it: a Python int
    is a weak int32 (x64 off), a float a weak float32; a scalar array its dtype (its weakness
    known only when strong)."""
    if isinstance(value, Const) and type(value.value) in (int, float, bool):
        if type(value.value) is bool:
            return "bool", True
        if x64 is None:
            return None
        width = "64" if x64 else "32"
        return ("int" if type(value.value) is int else "float") + width, True
    if isinstance(value, ArrayVal) and isinstance(value.dtype, DtypeVal) and shape_of(value) == ():
        return value.dtype.name, False if value.strong else None
    return None


def fori_bounds_refused(lower: object, upper: object, x64: bool | None) -> tuple[str, str] | None:
    """``lax.fori_loop(lower, upper, ...)`` whose bounds JAX refuses before the body is traced
    ("lower and upper arguments to fori_loop must have equal types, got float32 and int32"):
    their dtype names; None where it surely accepts them or it is not known. Two signed
    integer dtypes pass when exactly one bound is weak (a Python int)."""
    first, second = _bound_type(lower, x64), _bound_type(upper, x64)
    if first is None or second is None or first[0] == second[0]:
        return None
    if first[0].startswith("int") and second[0].startswith("int") and (
            first[1] is None or second[1] is None or first[1] != second[1]):
        return None  # one weak: promoted (or weakness not known)
    return first[0], second[0]
