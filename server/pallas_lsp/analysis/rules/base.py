"""The shape every rule module shares: a catalog entry and a detector."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..versions import Fact, JaxVersion, holds


@dataclass(frozen=True)
class LoweringError:
    """How a real lowering error this rule predicts reads: a fragment of JAX's message.

    Matched on a distinctive fragment (a regular expression searched in the message)
    so later wording tweaks in JAX still land in the right rule.
    """

    pattern: str
    exc_type: str | None = None  # None: any exception type
    ignore_case: bool = False
    # Only on releases where this fact holds (an unknown version counts as one).
    when: Fact | None = None
    # Only the raise sites whose "path:function" this searches (the raise-site table's
    # ``predicted``): one text raised in two places (wgmma's and tcgen05's "N must be a
    # multiple of 8 and <= 256"; Lane's and Warpgroup's wgmma rules) is claimed where the
    # rule's fixtures reach it. A lowering error names no site, so classification ignores it.
    sites: str | None = None
    # Only the n-th raise of that text in one function (the table numbers repeats in line
    # order): FragmentedArray.log2 raises NotImplementedError(dtype) twice, for an integer
    # array and for approx_math's float32-only instruction. None: every one.
    occurrence: int | None = None

    @cached_property
    def regex(self) -> re.Pattern[str]:
        # Compiled at first use (a real lowering error classified), not when the rule's
        # module is imported: about 200 patterns were most of the regular expressions a
        # start compiled (tests/test_core_tables.py compiles every one).
        return re.compile(self.pattern, re.S | (re.I if self.ignore_case else 0))

    def matches(self, exc_type: str, message: str, version: JaxVersion | None,
                site: str | None = None) -> bool:
        if self.exc_type is not None and exc_type != self.exc_type:
            return False
        # Where the raising site is known (the lowering worker's "path:function"), a pattern
        # bound to sites matches there only: a bare assertion is one rule's at one site.
        if self.sites is not None and site is not None and re.search(self.sites, site) is None:
            return False
        if self.when is not None and version is not None and not holds(self.when, version):
            return False
        return self.regex.search(message) is not None

    def claims_site(self, path: str, function: str, occurrence: int = 1) -> bool:
        if self.occurrence is not None and occurrence != self.occurrence:
            return False
        return self.sites is None or re.search(self.sites, f"{path}:{function}") is not None


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    title: str
    # The JAX error this rule predicts, as JAX words it.
    jax_message: str
    # How the real lowering errors this rule predicts read (lowering/classify.py walks these).
    lowering_errors: tuple[LoweringError, ...]
    what_it_means: str
    when_it_happens: str
    how_to_fix: str
    bad_example: str
    good_example: str
    fixable: bool

    def doc_url(self) -> str:
        return f"{DOCS_BASE}/{self.code}.md"

    def markdown(self) -> str:
        """The rule's page: the same text for `explain`, hover and docs/rules/."""
        fix_line = "A quick fix is available." if self.fixable else "No automatic fix."
        return "\n".join(
            [
                f"# {self.code} {self.name}: {self.title}",
                "",
                f"*{fix_line}*",
                "",
                "## What it means",
                self.what_it_means.strip(),
                "",
                "## The JAX error it predicts",
                "```",
                self.jax_message.strip(),
                "```",
                "",
                "## When it happens",
                self.when_it_happens.strip(),
                "",
                "## How to fix",
                self.how_to_fix.strip(),
                "",
                "## Example",
                "```python",
                self.bad_example.strip(),
                "```",
                "",
                "Use instead:",
                "```python",
                self.good_example.strip(),
                "```",
                "",
            ]
        )


# pyproject.toml's [project.urls] Repository and package.json's "repository" (one address;
# tests/test_cli_messages.py holds every link the CLI emits to it, and to a shipped page).
REPOSITORY_URL = "https://github.com/pallas-lsp/pallas-lsp"
DOCS_BASE = f"{REPOSITORY_URL}/blob/main/docs/rules"
