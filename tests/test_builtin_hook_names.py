"""python/calls.builtin_hook leaves at once for a name it does not answer (most calls: JAX's);
that holds only while its set of answered names holds every name its tests spell. Read from
its source, so a new branch whose name is not in the set fails here."""

from __future__ import annotations

import ast
import inspect

from pallas_lsp.analysis.python import calls
from pallas_lsp.analysis.values import MISSING


def _spelled_names() -> tuple[set[str], set[str], set[str]]:
    """(names compared with ``name``, prefixes it starts with, suffixes it ends with)."""
    tree = ast.parse(inspect.getsource(calls.builtin_hook))
    equal, prefixes, suffixes = set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == "name":
            for right in node.comparators:
                items = right.elts if isinstance(right, ast.Tuple) else [right]
                equal.update(i.value for i in items
                             if isinstance(i, ast.Constant) and isinstance(i.value, str))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "name" \
                and node.func.attr in ("startswith", "endswith") and node.args \
                and isinstance(node.args[0], ast.Constant):
            (prefixes if node.func.attr == "startswith" else suffixes).add(node.args[0].value)
    return equal, prefixes, suffixes


def test_every_name_the_hook_spells_is_in_its_set() -> None:
    equal, prefixes, suffixes = _spelled_names()
    assert len(equal) >= 20  # the walk sees the tests
    assert sorted(equal - calls._HOOKED) == []
    hooked_prefixes = set(calls._HOOKED_PREFIX) if isinstance(calls._HOOKED_PREFIX, tuple) \
        else {calls._HOOKED_PREFIX}
    assert prefixes <= hooked_prefixes and suffixes <= {calls._HOOKED_SUFFIX}


def test_the_tables_it_asks_are_in_its_set() -> None:
    from pallas_lsp.analysis.python import coroutines, dataclass_values, descriptor_values, signatures

    for table in (descriptor_values.CONSTRUCTORS, dataclass_values.NAMES, signatures.NAMES,
                  coroutines.DRIVERS, coroutines.WRAPPERS, calls.IDENTITY_CALLS, calls._EXCEPTION_HOOKED):
        assert table <= calls._HOOKED


def test_another_name_leaves_at_once() -> None:
    assert calls.builtin_hook(None, "plgpu.layout_cast", [], {}, None) is MISSING  # type: ignore[arg-type]
