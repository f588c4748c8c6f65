"""analysis/mosaic_primitives.py against the releases it was read from.

The table is generated (``python bench/releases/primitives_gen.py``) by running
``bench/releases/primitive_harness.py`` in each release's own interpreter. Here: the
measured failures agree with the registered rules (a primitive lowering called
unimplemented has no rule there), and, where a release's venv is installed, its
registered rules are still what the table says.
"""

from __future__ import annotations

import json
import subprocess

import pytest
from fixture_markers import JAX_VENVS
from pallas_lsp.analysis.mosaic_primitives import LOWERING_RULES, RELEASES, UNIMPLEMENTED
from support import REPO

HARNESS = REPO / "bench" / "releases" / "primitive_harness.py"


def test_every_measured_failure_names_a_primitive_with_no_rule_there() -> None:
    for function, by_release in UNIMPLEMENTED.items():
        for release, by_dtype in by_release.items():
            assert release in RELEASES, (function, release)
            for dtype, by_semantics in by_dtype.items():
                for semantics, primitive in by_semantics.items():
                    assert primitive not in LOWERING_RULES[release][semantics], (
                        function, release, dtype, semantics, primitive)


def test_the_table_covers_the_common_unlowerable_calls() -> None:
    # Measured by real lowering on every release: a transpose and a matrix product.
    for function, primitive in (("jnp.transpose", "transpose"), ("jnp.dot", "dot_general")):
        for release in RELEASES:
            assert UNIMPLEMENTED[function][release]["float32"] == {
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
    assert {s: frozenset(p) for s, p in measured["lowering_rules"].items()} == LOWERING_RULES[release]
