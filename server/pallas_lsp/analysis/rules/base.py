"""The shape every rule module shares: a catalog entry and a detector."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    title: str
    # The JAX error this rule predicts, as JAX words it.
    jax_message: str
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


DOCS_BASE = "https://github.com/pallas-lsp/pallas-lsp/blob/main/docs/rules"
