"""docs/rules/ is what the catalog says (the pages the diagnostics link to)."""

from __future__ import annotations

from pallas_lsp.analysis.rules import catalog
from pallas_lsp.docs_gen import main
from support import REPO


def test_rule_pages_are_up_to_date() -> None:
    assert main([str(REPO / "docs" / "rules"), "--check"]) == 0


def test_every_rule_links_to_its_page() -> None:
    for code, rule in catalog().items():
        assert rule.doc_url().endswith(f"docs/rules/{code}.md")
        assert (REPO / "docs" / "rules" / f"{code}.md").exists()
