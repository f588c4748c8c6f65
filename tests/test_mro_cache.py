"""ClassVal.mro() is computed once per class and kept (values.py): the kept order must be
the order C3 gives now, so an assignment to any class's bases (its own, or a base's) makes
every kept order stale, and the kept order never travels in a pickle."""

from __future__ import annotations

import ast
import pickle

from pallas_lsp.analysis.values import ClassVal, QualName


def make(name: str, *bases: object) -> ClassVal:
    node = ast.ClassDef(name=name, bases=[], keywords=[], body=[], decorator_list=[], type_params=[])
    return ClassVal(node, {}, False, tuple(bases))


def names(order: list[object]) -> list[str]:
    return [c.node.name if isinstance(c, ClassVal) else str(c) for c in order]


def test_the_mro_is_kept_and_is_c3() -> None:
    base = make("Base")
    left, right = make("Left", base), make("Right", base)
    child = make("Child", left, right)
    first = child.mro()
    assert names(first) == ["Child", "Left", "Right", "Base"]
    assert child.mro() is first  # kept, not computed again


def test_a_new_class_leaves_kept_orders_valid() -> None:
    base = make("Base")
    child = make("Child", base)
    first = child.mro()
    make("Other", child)  # its __init__ assigns bases for the first time: nothing changes
    assert child.mro() is first


def test_assigning_a_bases_own_bases_invalidates_the_kept_order() -> None:
    base, mixin = make("Base"), make("Mixin")
    middle = make("Middle", base)
    child = make("Child", middle)
    assert names(child.mro()) == ["Child", "Middle", "Base"]
    middle.bases = (mixin, base)
    assert names(child.mro()) == ["Child", "Middle", "Mixin", "Base"]
    child.bases = (base,)
    assert names(child.mro()) == ["Child", "Base"]


def test_an_inconsistent_order_falls_back_depth_first_and_is_kept_too() -> None:
    x, y = make("X"), make("Y")
    a, b = make("A", x, y), make("B", y, x)
    child = make("Child", a, b)  # C3 has no order: Python refuses this class statement
    first = child.mro()
    assert names(first) == ["Child", "A", "X", "Y", "B"]
    assert child.mro() is first


def test_the_kept_order_is_not_pickled() -> None:
    library = QualName("collections.abc.Mapping")
    child = make("Child", make("Base", library))
    child.mro()
    copy = pickle.loads(pickle.dumps(child))
    assert "_mro" not in copy.__dict__
    assert names(copy.mro()) == ["Child", "Base", str(library)]
    assert copy.mro()[0] is copy
