"""The analysis core: source text and options in, findings out.

Pure Python: no LSP, no JAX import, no files, no processes. The CLI, the
language server and the lowering check are adapters around ``analyze``.
This module only re-exports; docs/design.md describes the layers.

The data model (``model``: findings, options, versions) is imported with the package;
the interpreter, the rules and the pipeline when one of their names is first read
(PEP 562): the language server answers ``initialize`` before it loads them, with only
the settings' types, and imports them after its answer (lsp/server.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
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

_PIPELINE = frozenset({"EntryResult", "analyze", "analyze_entry", "analyze_workspace", "finish",
                       "imported_names", "module_table", "parse"})


def __getattr__(name: str) -> object:
    """A name of the pipeline, the rules or noqa: its module is imported on first use and
    the name kept here, so the next read is a plain attribute."""
    if name in _PIPELINE:
        from . import pipeline

        value = getattr(pipeline, name)
    elif name == "RULES":
        from .rules import RULES as value
    elif name == "disable_fix":
        from .noqa import disable_fix as value
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
