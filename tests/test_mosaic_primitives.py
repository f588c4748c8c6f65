"""analysis/mosaic_primitives.py against the releases it was read from.

The tables are generated (``python bench/releases/primitives_gen.py``) by running
``bench/releases/primitive_harness.py`` in each release's own interpreter. Here: the
measured failures agree with the registered rules (a primitive lowering called
unimplemented has no rule there), and, where a release's venv is installed, its
registered rules are still what the table says. The tables rebuilt from one base and
per-release changes are exactly the per-release copies shipped before (at 6c64a69).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from fixture_markers import JAX_VENVS
from pallas_lsp.analysis.mosaic_primitives import (
    FUNCTIONS,
    PRIMITIVES,
    RELEASES,
    lowering_rules,
    unimplemented,
)
from support import REPO
from table_digest import digest

HARNESS = REPO / "bench" / "releases" / "primitive_harness.py"


# analysis/mosaic_primitives.py's LOWERING_RULES and UNIMPLEMENTED at 6c64a69, where each
# release had its own copy (table_digest.digest of each).
DIGEST_6C64A69 = {
    "lowering_rules": "cb077ccc10d3322014d7b2b49e590ce7af1e1e1e5a60f3d08b63b060267b8fc3",
    "unimplemented": "06b467dfcd5a7c5412917f9ecb6e4bb4ee796ce33e009366f57f59bba67d793d",
}


def test_the_rebuilt_tables_are_the_per_release_copies_they_replaced() -> None:
    assert digest(lowering_rules()) == DIGEST_6C64A69["lowering_rules"]
    assert digest(unimplemented()) == DIGEST_6C64A69["unimplemented"]


def test_the_names_imported_with_the_rules_are_the_tables_own() -> None:
    table = unimplemented()
    named = {p for by_release in table.values() for by_dtype in by_release.values()
             for by_semantics in by_dtype.values() for p in by_semantics.values()}
    assert frozenset(table) == FUNCTIONS
    assert named == PRIMITIVES


def test_importing_the_rules_leaves_the_tables_unread() -> None:
    code = ("import sys, pallas_lsp.analysis.rules, pallas_lsp.lowering.classify; "
            "print('pallas_lsp.analysis.mosaic_primitive_tables' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_generator_writes_the_shipped_modules() -> None:
    # The harness's output rebuilt from the tables, rendered again: the same text.
    sys.path.insert(0, str(REPO / "bench" / "releases"))
    try:
        import primitives_gen
    finally:
        sys.path.pop(0)
    rules, table = lowering_rules(), unimplemented()
    measured = {release: {"lowering_rules": {s: sorted(p) for s, p in rules[release].items()},
                          "functions": {name: {dtype: {"unimplemented": by_semantics}
                                               for dtype, by_semantics in by_release.get(release, {}).items()}
                                        for name, by_release in table.items()}}
                for release in RELEASES}
    for path, text in primitives_gen.render(measured).items():
        assert path.read_text(encoding="utf-8") == text, path.name


def test_every_measured_failure_names_a_primitive_with_no_rule_there() -> None:
    rules, table = lowering_rules(), unimplemented()
    for function, by_release in table.items():
        for release, by_dtype in by_release.items():
            assert release in RELEASES, (function, release)
            for dtype, by_semantics in by_dtype.items():
                for semantics, primitive in by_semantics.items():
                    assert primitive not in rules[release][semantics], (
                        function, release, dtype, semantics, primitive)


def test_the_table_covers_the_common_unlowerable_calls() -> None:
    # Measured by real lowering on every release: a transpose and a matrix product.
    for function, primitive in (("jnp.transpose", "transpose"), ("jnp.dot", "dot_general")):
        for release in RELEASES:
            assert unimplemented()[function][release]["float32"] == {
                "Lane": primitive, "Warpgroup": primitive}, (function, release)


@pytest.mark.lowering
@pytest.mark.parametrize("release", sorted(RELEASES))
def test_registered_rules_match_the_installed_release(release: str) -> None:
    python = JAX_VENVS.get(release)
    if python is None or not python.exists():
        pytest.skip(f"no interpreter for JAX {release} here")
    done = subprocess.run([str(python), str(HARNESS), "--rules-only"], capture_output=True,
                          text=True, timeout=300, check=True)
    measured = json.loads(done.stdout)
    assert measured["jax_version"] == release
    assert {s: frozenset(p) for s, p in measured["lowering_rules"].items()} == lowering_rules()[release]
