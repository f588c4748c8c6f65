"""The values the analysis hands to its faces (CLI, language server, lowering check).

Positions are 1-based lines and 0-based UTF-8 byte columns, exactly as
CPython's ``ast`` reports them; ``positions.LineIndex`` converts them to
UTF-16 (LSP) or code-point (CLI) columns at the edge.
"""

from __future__ import annotations

import ast
import enum
from dataclasses import dataclass, field
from typing import Protocol

# Re-exported: the faces name versions through the model.
from .versions import NEWEST_KNOWN_JAX, JaxVersion, format_jax_version, parse_jax_version


@dataclass(frozen=True, order=True)
class Span:
    line: int
    col: int
    end_line: int
    end_col: int
    # The file, when the analysis of a folder places a span in another module than
    # the one analysed; None means the file being analysed.
    path: str | None = None

    @classmethod
    def of(cls, node: object, path: str | None = None) -> Span:
        """The span of an ``ast`` node (anything with lineno/col_offset)."""
        line = node.lineno  # type: ignore[attr-defined]
        col = node.col_offset  # type: ignore[attr-defined]
        end_line = getattr(node, "end_lineno", None) or line
        end_col = getattr(node, "end_col_offset", None)
        if end_col is None:
            end_col = col
        return cls(line, col, end_line, end_col, path)


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFORMATION = "information"
    HINT = "hint"


@dataclass(frozen=True)
class Related:
    """A place the analysis reasoned from: the launch, the shard_map, the mesh."""

    span: Span
    message: str


@dataclass(frozen=True)
class TextEdit:
    """Replace the text at ``span`` (UTF-8 columns) with ``new_text``."""

    span: Span
    new_text: str


@dataclass(frozen=True)
class Fix:
    title: str
    edits: tuple[TextEdit, ...]
    # Safe fixes are applied by "fix all"; the others only on explicit request.
    safe: bool = False
    preferred: bool = False


@dataclass(frozen=True)
class Finding:
    code: str
    span: Span
    message: str
    severity: Severity = Severity.ERROR
    related: tuple[Related, ...] = ()
    fixes: tuple[Fix, ...] = ()


@dataclass(frozen=True)
class SyntaxProblem:
    """The file does not parse: reported as such, never as a PAL finding."""

    message: str
    span: Span


@dataclass(frozen=True)
class OpFacts:
    """What the analysis inferred about one multimem / multicast / axis call (for hover)."""

    span: Span
    op: str
    facts: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Analysis:
    findings: tuple[Finding, ...] = ()
    syntax_error: SyntaxProblem | None = None
    ops: tuple[OpFacts, ...] = ()
    # Set when the per-file analysis budget ran out: the findings are partial.
    stopped: str | None = None


class ModuleLibrary(Protocol):
    """Installed modules the program imports (JAX's ``pallas.ops``, third-party kernels):
    the face finds and parses them; the core only asks by dotted name. A library may also
    give ``stdlib_source(name)``, the same answer for a module of the standard library the
    analysis follows from its Python source (python/stdlib_followed.py decides which), and
    ``absent(top, script)``: True only when the program's interpreter surely finds no module
    of that top-level name when it runs the file ``script`` (an import of it raises
    ModuleNotFoundError)."""

    def source(self, name: str) -> tuple[str, ast.Module] | None:
        """(file, parsed tree) of the module ``name``, or None when it is not followed."""
        ...


@dataclass(frozen=True)
class Options:
    """Everything the analysis depends on besides the source text."""

    jax_version: JaxVersion = NEWEST_KNOWN_JAX
    # Where the version came from, for messages and hover ("--jax-version", "interpreter /x/python", ...).
    jax_version_source: str = "the newest JAX pallas-lsp knows"
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    severity: dict[str, Severity] = field(default_factory=dict)
    # Seconds of analysis per file before it stops with a note (fuzzed input, huge files).
    budget_s: float = 5.0
    # Where imports that are no module of the analysed folder are looked for (None: nowhere).
    library: ModuleLibrary | None = field(default=None, compare=False, repr=False)
    # The file's line length (ruff/black setting of its pyproject.toml): code a fix writes fits it.
    line_length: int = 88

    def enabled(self, code: str) -> bool:
        if code in self.ignore:
            return False
        return self.select is None or code in self.select


__all__ = [
    "NEWEST_KNOWN_JAX", "Analysis", "Finding", "Fix", "JaxVersion", "ModuleLibrary", "OpFacts", "Options",
    "Related",
    "Severity", "Span", "SyntaxProblem", "TextEdit", "format_jax_version", "parse_jax_version",
]
