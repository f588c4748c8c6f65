"""docs/rules/, the README's rule table and the CHANGELOG are what the catalog says."""

from __future__ import annotations

import re

from pallas_lsp.analysis.rules import catalog
from pallas_lsp.docs_gen import main, readme_table, release_facts
from support import REPO


def test_rule_pages_are_up_to_date() -> None:
    assert main([str(REPO / "docs" / "rules"), "--check"]) == 0


def test_every_rule_links_to_its_page() -> None:
    for code, rule in catalog().items():
        assert rule.doc_url().endswith(f"docs/rules/{code}.md")
        assert (REPO / "docs" / "rules" / f"{code}.md").exists()


def test_the_readme_rule_table_gives_each_rule_the_boundaries_its_module_reads() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert readme_table() in readme
    # PAL008 starts where its rule starts (0.11.2), not at a rounder release.
    [gone] = release_facts("PAL008")
    assert gone.since == (0, 11, 2)
    row = next(line for line in readme.splitlines() if line.startswith("| [PAL008]"))
    assert "from 0.11.2" in row


def _spans(text: str) -> set[str]:
    """Rule codes a text names, PAL001–PAL004 ranges spelled out."""
    codes = set(re.findall(r"PAL\d{3}", text))
    for first, last in re.findall(r"PAL(\d{3})–PAL(\d{3})", text):
        codes.update(f"PAL{n:03d}" for n in range(int(first), int(last) + 1))
    return codes


def test_the_changelog_names_every_rule_and_every_quick_fix() -> None:
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    rules_line = next(line for line in changelog.splitlines() if line.startswith("- Rules "))
    fixes_line = next(line for line in changelog.splitlines() if line.startswith("- Quick fixes for "))
    assert _spans(rules_line) == set(catalog())
    assert _spans(fixes_line) == {code for code, rule in catalog().items() if rule.fixable}
