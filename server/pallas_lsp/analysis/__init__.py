"""The analysis core: source text and options in, findings out.

Pure Python: no LSP, no JAX import, no files, no processes. The CLI, the
language server and the lowering check are adapters around ``analyze``.
This module only re-exports; docs/design.md describes the layers.
"""

from __future__ import annotations

from .model import (
    NEWEST_KNOWN_JAX,
    Analysis,
    Finding,
    Fix,
    JaxVersion,
    OpFacts,
    Options,
    Related,
    Severity,
    Span,
    SyntaxProblem,
    TextEdit,
    format_jax_version,
    parse_jax_version,
)
from .noqa import disable_fix
from .pipeline import (
    EntryResult,
    analyze,
    analyze_entry,
    analyze_workspace,
    finish,
    imported_names,
    module_table,
    parse,
)
from .rules import RULES

__all__ = [
    "NEWEST_KNOWN_JAX",
    "RULES",
    "Analysis",
    "EntryResult",
    "Finding",
    "Fix",
    "JaxVersion",
    "OpFacts",
    "Options",
    "Related",
    "Severity",
    "Span",
    "SyntaxProblem",
    "TextEdit",
    "analyze",
    "analyze_entry",
    "analyze_workspace",
    "disable_fix",
    "finish",
    "format_jax_version",
    "imported_names",
    "module_table",
    "parse",
    "parse_jax_version",
]
