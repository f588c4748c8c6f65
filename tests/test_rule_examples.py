"""The examples on the rule pages (docs/rules/PAL00x.md, from the catalog) are true:
the bad program draws the rule where JAX fails, the good one draws nothing and lowers.

Programs: rule_examples.SCAFFOLDS completes each page's fragment. PAL002's page is
not covered: its kernel stores a ``tile`` the fragment never defines (a value the
kernel would have to compute), so no scaffold can complete it without changing it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pallas_lsp.analysis import Options, analyze, parse_jax_version
from pallas_lsp.analysis.rules import catalog
from rule_examples import SCAFFOLDS, programs
from support import JAX_PYTHONS

VERSIONS = sorted(JAX_PYTHONS)
CODES = sorted(SCAFFOLDS)


def _programs(code: str) -> tuple[str, str]:
    rule = catalog()[code]
    return programs(code, rule.bad_example, rule.good_example)


def _fails(code: str, version: str) -> bool:
    return ".".join(version.split(".")[:2]) in SCAFFOLDS[code].bad_versions


def _static(source: str, version: str) -> set[tuple[str, int]]:
    analysis = analyze(source, Options(jax_version=parse_jax_version(version)))
    assert analysis.syntax_error is None, analysis.syntax_error
    return {(f.code, f.span.line) for f in analysis.findings}


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("code", CODES)
def test_page_examples_statically(code: str, version: str) -> None:
    bad, good = _programs(code)
    found = _static(bad, version)
    if _fails(code, version):
        assert {c for c, _ in found} == {code}, found
    else:
        assert found == set(), found
    assert _static(good, version) == set()


@pytest.mark.lowering
@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("code", CODES)
def test_page_examples_by_real_lowering(lowering_pool, code: str, version: str, tmp_path: Path) -> None:
    python = JAX_PYTHONS[version]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh")
    bad, good = _programs(code)
    for name, source in (("bad", bad), ("good", good)):
        path = tmp_path / f"{code}_{name}.py"
        path.write_text(source, encoding="utf-8")
        report = lowering_pool.check(str(path), python=str(python), timeout=120.0)
        assert report.fatal_kind is None, report.fatal
        lowered = {(e.code, e.line) for e in report.errors}
        if name == "bad" and _fails(code, version):
            # JAX fails with the rule's class, on the line the analysis names.
            assert lowered == _static(source, version) and {c for c, _ in lowered} == {code}, lowered
        else:
            assert lowered == set() and report.lowered >= 1, (name, lowered)


def test_pal036_hint_searches_near_the_factor_only() -> None:
    """A loop bound may be huge (fori_loop(0, 10**15 + 1, ..., unroll=3)): the hint's divisor is
    looked for near the factor asked for, not among every number below the bound."""
    from pallas_lsp.analysis.rules.pal036_fori_loop_unroll import _nearest_divisor

    assert _nearest_divisor(10, 3) == 2  # 2 and 5 divide 10: 2 is the nearer
    assert _nearest_divisor(100000001, 3) == 17
    assert _nearest_divisor(1000003, 3) is None  # a prime: no divisor within the window
