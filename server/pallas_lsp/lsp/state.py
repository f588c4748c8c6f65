"""What the server keeps per open document, and the lowering results shown for one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lsprotocol import types

from pallas_lsp.analysis import Analysis, Finding, Span

if TYPE_CHECKING:
    from pallas_lsp.analysis.reparse import Reparser

    from .notebooks import NotebookText


def _new_reparser() -> Reparser:
    # Imported when a document opens: the reparser needs the parser of the analysis core,
    # which the server loads after answering `initialize` (lsp/server.py).
    from pallas_lsp.analysis.reparse import Reparser

    return Reparser()


@dataclass
class ShownLowering:
    """The lowering results shown for one version of one document."""

    version: int | None
    # The server's edit counter of the text that was lowered (DocState.edits).
    edits: int = 0
    diagnostics: list[types.Diagnostic] = field(default_factory=list)
    # (code, span) of a static finding -> ("confirmed" | "refuted" | "not_reached",
    # JAX version, why it was not reached or "")
    notes: dict[tuple[str, Span], tuple[str, str, str]] = field(default_factory=dict)

    @property
    def confirmed(self) -> dict[tuple[str, Span], str]:
        return {key: label for key, (state, label, _why) in self.notes.items() if state == "confirmed"}


@dataclass
class DocState:
    """What was last shown for one open document."""

    # The findings on screen and the text they were computed on (their spans index it).
    findings: tuple[Finding, ...] = ()
    source: str = ""
    # The analysis of the current text, or None while it does not parse (then no fixes).
    analysis: Analysis | None = None
    version: int | None = None
    # Counts the text changes the server applied. Staleness is judged by this, not by the
    # client's version numbers, which a client may send as null or not increase.
    edits: int = 0
    # ``edits`` when ``analysis``/``findings`` were computed.
    analysed_edits: int = -1
    lowering: ShownLowering | None = None
    stopped_note: str | None = None
    # Its last analysis was slow: analysed on the heavy lane, alone (lsp/lanes.py).
    heavy: bool = False
    # The file system path ("" when the URI has none).
    path: str = ""
    # A notebook: the cells ``source`` was made of (findings are mapped back with it), and
    # what each cell was last sent: (its version, its diagnostics).
    notebook: NotebookText | None = None
    shown_cells: dict[str, tuple[int | None, list[types.Diagnostic]]] = field(default_factory=dict)
    # The length of the text whose analysis was quick (lanes.INLINE_S), else -1.
    quick_length: int = -1
    # The last text parsed and its tree: a keystroke re-parses only the statements it
    # touched (analysis/reparse.py). Used on the light lane's one thread, or on the event
    # loop while that thread is idle (lanes.inline): never by both at once.
    reparser: Reparser = field(default_factory=_new_reparser)
