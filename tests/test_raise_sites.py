"""JAX's raise-site table (issue 27 item 1): every site of every supported release is
classified, predicted is derived from the rules' patterns, the docs page is current, and an
error no rule predicts is named by its site.

The test reads the committed per-release extracts (server/pallas_lsp/raise_sites/
extract-*.tsv), so it needs no JAX at test time; where a release's environment is installed,
``test_extract_is_what_the_installed_release_has`` extracts it again and compares.
"""

from __future__ import annotations

import csv
import json
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from fixture_markers import JAX_VENVS
from pallas_lsp import docs_gen, raise_sites
from pallas_lsp.analysis import rules
from pallas_lsp.analysis.rules.base import LoweringError
from pallas_lsp.raise_sites import families
from support import REPO

RELEASE_PYTHONS = {**{v: str(p) for v, p in JAX_VENVS.items()},
                   "0.11.2": "/work/jaxenvs/0.11.2/bin/python"}


@pytest.mark.parametrize("release", raise_sites.RELEASES)
def test_every_site_of_every_release_is_classified(release: str) -> None:
    found = raise_sites.sites(release)
    assert len(found) > 1000, f"{release}: {len(found)} sites (an extract went missing?)"
    missing = [f"{site.short} {site.function}: {site.message[:60]}" for site in found
               if raise_sites.class_of(site) is None]
    assert not missing, (f"{len(missing)} site(s) of JAX {release} have no row of classes.tsv "
                         f"(run bench/releases/classify_sites.py, then review): {missing[:5]}")


def test_rows_are_well_formed() -> None:
    table = raise_sites.classes()
    assert {row.status for row in table.values()} <= set(raise_sites.STATUSES)
    assert {row.by for row in table.values()} <= {"seed", "heuristic", "measured"}
    assert all(row.family and row.reason for row in table.values())


def test_the_seed_map_is_carried_over() -> None:
    """The hand classification of ../shared/jax-raise-sites (0.12.0.1) wins for its sites,
    except where a real lowering measured otherwise (``by`` "measured": a rule's fixture
    proves the site is decided by the source)."""
    seed = REPO.parent / "shared" / "jax-raise-sites" / "sites.tsv"
    if not seed.exists():
        pytest.skip("the shared seed map is not beside this repository")
    by_line = {(s.file, s.line): s for s in raise_sites.sites("0.12.0.1")}
    with seed.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    for row in rows:
        site = by_line[(row["file"], int(row["line"]))]
        klass = raise_sites.class_of(site)
        assert klass is not None, row
        if klass.by == "measured":
            assert klass.status == "source" and raise_sites.predicted_by(site, "0.12.0.1"), (row, klass)
            continue
        assert klass.status == row["class"], (row, klass)


def test_every_family_has_an_explain_page() -> None:
    used = {row.family for row in raise_sites.classes().values()}
    assert used <= set(families.FAMILIES), sorted(used - set(families.FAMILIES))
    for name in used:
        page = families.page(name)
        assert page is not None and "## How to fix" in page and "## What it means" in page


def test_predicted_is_derived_from_the_rules() -> None:
    site = next(s for s in raise_sites.sites("0.12.0.1")
                if s.message.startswith("cluster_names must have the same length as cluster"))
    assert raise_sites.predicted_by(site, "0.12.0.1") == "PAL010"
    # An invariant of JAX's own (internal): no rule will ever match it.
    captured = next(s for s in raise_sites.sites("0.12.0.1")
                    if "has captured constants" in s.message)
    assert raise_sites.predicted_by(captured, "0.12.0.1") is None


def test_a_new_rule_raises_the_count_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    captured = next(s for s in raise_sites.sites("0.12.0.1")
                    if "has captured constants" in s.message)
    known = rules.catalog()
    fake = replace(next(iter(known.values())), code="PAL099", name="captured",
                   lowering_errors=(LoweringError(r"has captured constants"),))
    monkeypatch.setattr(rules, "catalog", lambda: {**known, "PAL099": fake})
    assert raise_sites.predicted_by(captured, "0.12.0.1") == "PAL099"


@pytest.mark.parametrize(("exc_type", "message", "version", "short", "family"), [
    ("ValueError", "memref<32xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>> must "
     "have a number of elements that is a multiple of 128 (got 32)", "0.10.2",
     "mosaic/gpu/fragmented_array.py:1053", None),
    ("ValueError", "Incompatible shapes for matrix multiplication: lhs=(64, 32), "
     "rhs=b.shape=(16, 64), acc=(64, 64)", "0.12.0.1", "mosaic_gpu/primitives.py:2108",
     "wgmma_mma"),
    # A release between extracts is matched against the newest one not newer.
    ("ValueError", "Incompatible shapes for matrix multiplication: lhs=(64, 32), "
     "rhs=b.shape=(16, 64), acc=(64, 64)", "0.12.1", "mosaic_gpu/primitives.py:2108",
     "wgmma_mma"),
])
def test_an_error_is_named_by_its_site(exc_type: str, message: str, version: str, short: str,
                                       family: str | None) -> None:
    site = raise_sites.site_for_error(exc_type, message, version)
    assert site is not None and site.short == short, site
    if family is not None:
        klass = raise_sites.class_of(site)
        assert klass is not None and klass.family == family


def test_an_error_of_no_site_is_not_named() -> None:
    assert raise_sites.site_for_error("ValueError", "my own error in my own code", "0.12.0.1") is None


def test_the_docs_page_is_current() -> None:
    page = REPO / "docs" / "raise-sites.md"
    assert page.read_text(encoding="utf-8") == docs_gen.raise_sites_text(), (
        "docs/raise-sites.md is out of date: run python -m pallas_lsp.docs_gen --raise-sites "
        "docs/raise-sites.md")


@pytest.mark.lowering
@pytest.mark.parametrize("release", raise_sites.RELEASES)
def test_extract_is_what_the_installed_release_has(release: str, tmp_path: Path) -> None:
    python = RELEASE_PYTHONS.get(release)
    if python is None or not Path(python).exists():
        pytest.skip(f"no JAX {release} environment here")
    root = subprocess.run([python, "-c", "import importlib.util, os; print(os.path.dirname("
                           "importlib.util.find_spec('jax').origin))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    script = REPO / "bench" / "releases" / "raise_sites.py"
    fresh = subprocess.run([python, str(script), root, release], capture_output=True, text=True,
                           check=True, timeout=120).stdout
    got = [(s["file"], s["line"], s["function"], s["exception"], " ".join(str(s["message"]).split()))
           for s in json.loads(fresh)["sites"]]
    committed = [(s.file, s.line, s.function, s.exception, s.message)
                 for s in raise_sites.sites(release)]
    assert got == committed, f"JAX {release}: run bench/releases/generate.py --sites"


def test_a_site_of_another_builtin_type_is_not_named() -> None:
    message = ("Incompatible shapes for matrix multiplication: lhs=(64, 32), rhs=b.shape=(16, 64), "
               "acc=(64, 64)")
    assert raise_sites.site_for_error("KeyError", message, "0.12.0.1") is None
