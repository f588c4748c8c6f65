"""Axis names as symbols in the editor: definition, references, highlight, rename,
completion, inlay hints, code lenses, document and workspace symbols.

Model: every request reads an ``AxisGraph`` (analysis/axis_graph.py) built from
the axis facts of the runs that reach the document: the workspace index's cached
entry runs inside a workspace folder, else one run of the document alone (cached
by text). The graph ties a use to a definition only where a run followed a
launch or shard_map from one to the other, so equal strings elsewhere are never
listed, and rename refuses rather than guess (the graph says why).

The index is not thread-safe: graphs are built on the server's analysis thread.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from lsprotocol import types
from pygls.workspace import TextDocument

from pallas_lsp.analysis import EntryResult, Options, Span, SyntaxProblem, analyze_entry, format_jax_version
from pallas_lsp.analysis import parse as parse_source
from pallas_lsp.analysis.axis_graph import AxisGraph, AxisSymbol
from pallas_lsp.analysis.axis_symbols import AxisFacts, AxisSite
from pallas_lsp.project import WorkspaceIndex

from . import axes_completion
from .convert import Positions
from .protocol import CONFIRM_LOWERING
from .refusals import RenameRefused
from .settings import Settings
from .state import DocState

# How many single-file runs are kept (documents outside a workspace folder), and graphs.
_SINGLE_CACHE = 16
_GRAPH_CACHE = 8


class AxesHost(Protocol):
    """What the axis features need from the server (PallasServer provides it)."""

    settings: Settings
    docs: dict[str, DocState]
    analysis_executor: Executor

    @property
    def encoding(self) -> str: ...

    def open_document(self, uri: str) -> TextDocument | None: ...

    async def options(self) -> Options: ...

    def open_texts(self) -> dict[str, str]: ...

    def relint_paths(self, paths: set[str]) -> None: ...

    def workspace_inlay_hint_refresh(self, params: None) -> object: ...

    def workspace_code_lens_refresh(self, params: None) -> object: ...


@dataclass
class Snapshot:
    """The graph a request reads, and the text of every file it may point into."""

    graph: AxisGraph
    texts: dict[str, str]
    path: str  # the document's path as the facts name it
    # The runs that reach the document, by entry (the file run as __main__).
    by_entry: dict[str, AxisFacts] = field(default_factory=dict)
    affected: set[str] = field(default_factory=set)  # documents to re-lint (new text taken)
    positions: dict[str, Positions] = field(default_factory=dict)
    # Open documents whose current text does not parse: the index holds an older text.
    unparsed: set[str] = field(default_factory=set)


class AxisFeatures:
    def __init__(self, host: AxesHost, index: Callable[[], WorkspaceIndex | None]) -> None:
        self.host = host
        self.index = index  # the workspace index once built (indexing.WorkspaceIndexer)
        self._single: dict[tuple[str, str], tuple[Options, AxisFacts]] = {}
        self._graphs: dict[tuple[tuple[str, int], ...], tuple[tuple[EntryResult, ...], AxisGraph]] = {}
        # uri -> (the server's edit counter when lowered, the lowering command's result)
        self.lowered: dict[str, tuple[int, dict[str, Any]]] = {}

    # -- snapshots ----------------------------------------------------------------------

    async def snapshot(self, uri: str, *, take_text: bool = False,
                       expand_at: tuple[int, int] | None = None, stale_ok: bool = False) -> Snapshot | None:
        """The graph for ``uri``; None when there is none for its current text (unless
        ``stale_ok``: completion finds its place by function name in an older text)."""
        state = self.host.docs.get(uri)
        document = self.host.open_document(uri)
        if state is None or document is None:
            return None
        options = await self.host.options()
        path = state.path or uri
        index = self.index()
        texts = self.host.open_texts() if take_text else {}
        loop = asyncio.get_running_loop()
        snap = await loop.run_in_executor(
            self.host.analysis_executor, self._build, index, path, document.source, options,
            texts, take_text, expand_at, bool(state.path))
        if snap is not None and snap.affected:
            self.host.relint_paths(snap.affected)
        if snap is not None and not stale_ok and snap.texts.get(snap.path) != document.source:
            # Mid-edit (the text does not parse, or its run is pending): the facts' lines are
            # the older text's; a hint or a jump would land on the wrong line.
            return None
        return snap

    def _build(self, index: WorkspaceIndex | None, path: str, source: str, options: Options,
               open_texts: dict[str, str], take_text: bool, expand_at: tuple[int, int] | None,
               has_path: bool) -> Snapshot | None:
        if index is not None and has_path and index.covers(path):
            return self._build_in_index(index, path, source, options, open_texts, take_text, expand_at)
        # Options hold a dict (severity): not hashable, so they are compared, not keyed.
        cached = self._single.get((path, source))
        facts = cached[1] if cached is not None and cached[0] == options else None
        if facts is None:
            tree = parse_source(source, path)
            if isinstance(tree, SyntaxProblem):
                previous = [f for (p, _), (o, f) in self._single.items() if p == path and o == options]
                if not previous or take_text:
                    return None
                facts = previous[-1]
            else:
                facts = analyze_entry(path, {path: tree}, {path: source}, options).axes
                self._single[(path, source)] = (options, facts)
                while len(self._single) > _SINGLE_CACHE:
                    self._single.pop(next(iter(self._single)))
        return Snapshot(AxisGraph([facts]), {path: source}, path, {path: facts})

    def _build_in_index(self, index: WorkspaceIndex, path: str, source: str, options: Options,
                        open_texts: dict[str, str], take_text: bool,
                        expand_at: tuple[int, int] | None) -> Snapshot | None:
        index.set_options(options)
        affected: set[str] = set()
        unparsed: set[str] = set()
        if take_text:
            # Rename edits other files: every open buffer's text must be the one analysed.
            for other, text in {**open_texts, path: source}.items():
                if not index.covers(other):
                    continue
                changed = index.open(other, text)
                if isinstance(changed, SyntaxProblem):
                    if other == path:
                        return None
                    unparsed.add(other)
                    continue
                affected |= changed
        if path not in index.files:
            return None
        entries = {e for e in index.entries_for(path)}
        results = {e: index.entry_result(e) for e in entries}
        own = {e: r.axes for e, r in results.items() if e == path or path in r.imported_files}
        graph = self._graph(results)
        if expand_at is not None:
            # A symbol may reach files whose runs do not reach this one: follow its members.
            while True:
                site = graph.site_at(path, *expand_at)
                if site is None:
                    break
                paths = {s.path for s in graph.symbol(site).spans if s.path}
                more = set().union(*(index.entries_for(p) for p in paths if p in index.files)) - entries
                if not more:
                    break
                entries |= more
                results.update({e: index.entry_result(e) for e in more})
                graph = self._graph(results)
        reached: set[str] = set()
        for entry in entries:
            reached |= index.reachable(entry)
        texts = {p: index.files[p].text for p in reached if p in index.files}
        return Snapshot(graph, texts, path, own, affected, unparsed=unparsed)

    def _graph(self, results: dict[str, EntryResult]) -> AxisGraph:
        """The graph of these runs; the index hands back the same result objects while
        their files are unchanged, so a graph is reused until something changes."""
        key = tuple(sorted((entry, id(result)) for entry, result in results.items()))
        cached = self._graphs.get(key)
        if cached is not None:
            return cached[1]
        graph = AxisGraph(result.axes for result in results.values())
        # The results stay referenced with their graph: their ids cannot be reused meanwhile.
        self._graphs[key] = (tuple(results.values()), graph)
        while len(self._graphs) > _GRAPH_CACHE:
            self._graphs.pop(next(iter(self._graphs)))
        return graph

    # -- positions ----------------------------------------------------------------------

    @staticmethod
    def facts(snap: Snapshot) -> list[AxisFacts]:
        return list(snap.by_entry.values())

    def _positions(self, snap: Snapshot, path: str) -> Positions:
        """Column conversion for a file of the snapshot, built once per file per request."""
        positions = snap.positions.get(path)
        if positions is None:
            positions = snap.positions[path] = Positions(snap.texts.get(path, ""), self.host.encoding)
        return positions

    def _location(self, snap: Snapshot, span: Span, uri: str) -> types.Location:
        path = span.path or snap.path
        target = uri if path == snap.path else Path(path).as_uri()
        return types.Location(uri=target, range=self._positions(snap, path).range(span))

    def _where(self, uri: str, position: types.Position) -> tuple[int, int] | None:
        state = self.host.docs.get(uri)
        document = self.host.open_document(uri)
        if state is None or document is None:
            return None
        return Positions(document.source, self.host.encoding).from_lsp(position)

    async def _site(self, uri: str, position: types.Position, **kwargs: Any
                    ) -> tuple[Snapshot, AxisSite] | None:
        where = self._where(uri, position)
        if where is None:
            return None
        snap = await self.snapshot(uri, **kwargs)
        if snap is None:
            return None
        site = snap.graph.site_at(snap.path, *where)
        return (snap, site) if site is not None else None

    async def _symbol(self, uri: str, position: types.Position, **kwargs: Any
                      ) -> tuple[Snapshot, AxisSymbol] | None:
        """The axis symbol whose name is under the cursor (navigation's common first step)."""
        found = await self._site(uri, position, **kwargs)
        return (found[0], found[0].graph.symbol(found[1])) if found is not None else None

    # -- navigation ---------------------------------------------------------------------

    async def definition(self, params: types.DefinitionParams) -> list[types.Location] | None:
        uri = params.text_document.uri
        found = await self._symbol(uri, params.position)
        if found is None:
            return None
        snap, symbol = found
        return [self._location(snap, d.span, uri) for d in symbol.definitions] or None

    async def references(self, params: types.ReferenceParams) -> list[types.Location] | None:
        uri = params.text_document.uri
        where = self._where(uri, params.position)
        found = await self._symbol(uri, params.position, expand_at=where)
        if found is None:
            return None
        snap, symbol = found
        chosen = [*(symbol.definitions if params.context.include_declaration else ()), *symbol.uses]
        return [self._location(snap, s.span, uri) for s in chosen] or None

    async def highlight(self, params: types.DocumentHighlightParams) -> list[types.DocumentHighlight] | None:
        uri = params.text_document.uri
        found = await self._symbol(uri, params.position)
        if found is None:
            return None
        snap, symbol = found
        positions = self._positions(snap, snap.path)
        return [types.DocumentHighlight(
            range=positions.range(s.span),
            kind=types.DocumentHighlightKind.Write if s.is_definition else types.DocumentHighlightKind.Read,
        ) for s in (*symbol.definitions, *symbol.uses) if (s.span.path or snap.path) == snap.path] or None

    # -- rename -------------------------------------------------------------------------

    async def prepare_rename(self, params: types.PrepareRenameParams) -> types.PrepareRenamePlaceholder:
        uri = params.text_document.uri
        found = await self._site(uri, params.position)
        if found is None:
            raise RenameRefused("put the cursor on an axis name string (a mesh axis, a kernel's "
                                "grid/cluster/thread name, or a use the analysis ties to one)")
        snap, site = found
        refusal = snap.graph.why_not_renamable(snap.graph.symbol(site))
        if refusal is not None:
            raise RenameRefused(refusal)
        inner = Span(site.span.line, site.span.col + 1, site.span.end_line, site.span.end_col - 1)
        return types.PrepareRenamePlaceholder(range=self._positions(snap, snap.path).range(inner),
                                              placeholder=site.name)

    async def rename(self, params: types.RenameParams, versioned: bool) -> types.WorkspaceEdit:
        uri = params.text_document.uri
        where = self._where(uri, params.position)
        if where is None:
            raise RenameRefused("the document is not open")
        snap = await self.snapshot(uri, take_text=True, expand_at=where)
        if snap is None:
            raise RenameRefused("the file does not parse: fix the syntax error, then rename")
        site = snap.graph.site_at(snap.path, *where)
        if site is None:
            raise RenameRefused("put the cursor on an axis name string the analysis ties to a mesh "
                                "or kernel definition")
        plan = snap.graph.rename(site, params.new_name, snap.texts)
        if plan.refusal is not None:
            raise RenameRefused(plan.refusal)
        stale = sorted({edit.span.path for edit in plan.edits} & snap.unparsed)
        if stale:
            raise RenameRefused(f"{os.path.basename(stale[0])} does not parse in the editor: fix its "
                                "syntax error, then rename")
        by_path: dict[str, list[types.TextEdit]] = {}
        for edit in plan.edits:
            path = edit.span.path or snap.path
            by_path.setdefault(path, []).append(types.TextEdit(
                range=self._positions(snap, path).range(edit.span), new_text=edit.new_text))
        uris = {path: (uri if path == snap.path else Path(path).as_uri()) for path in by_path}
        if not versioned:
            return types.WorkspaceEdit(changes={uris[p]: edits for p, edits in by_path.items()})
        open_versions = {state.path: self._version(doc_uri) for doc_uri, state in self.host.docs.items()}
        return types.WorkspaceEdit(document_changes=[
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=uris[path], version=open_versions.get(path)),
                edits=list(edits))
            for path, edits in by_path.items()])

    def _version(self, uri: str) -> int | None:
        document = self.host.open_document(uri)
        return document.version if document is not None else None

    # -- completion ---------------------------------------------------------------------

    async def completion(self, params: types.CompletionParams) -> types.CompletionList | None:
        uri = params.text_document.uri
        document = self.host.open_document(uri)
        if document is None:
            return None
        lines = document.source.splitlines()
        line = params.position.line
        if line > len(lines):
            return None  # past the document's end (its empty last line is len(lines)): nothing to offer
        text = lines[line] if line < len(lines) else ""
        column = _codepoint_column(text, params.position.character, self.host.encoding)
        slot = axes_completion.slot_at(lines, line, column)
        if slot is None:
            return None
        snap = await self.snapshot(uri, stale_ok=True)
        if snap is None:
            return None
        items = axes_completion.items(slot, self.facts(snap), snap.path, line + 1,
                                      axes_completion.enclosing_functions(lines, line),
                                      self._edit_range(text, line), lambda span: _short(span, snap.path))
        return types.CompletionList(is_incomplete=False, items=items) if items else None

    def _edit_range(self, text: str, line: int) -> Callable[[int, int], types.Range]:
        encoding = self.host.encoding

        def make(start: int, end: int) -> types.Range:
            return types.Range(start=types.Position(line, _lsp_column(text, start, encoding)),
                               end=types.Position(line, _lsp_column(text, end, encoding)))

        return make

    # -- inlay hints, code lenses, symbols ----------------------------------------------

    async def inlay_hints(self, params: types.InlayHintParams) -> list[types.InlayHint] | None:
        if not self.host.settings.inlay_hints:
            return None
        uri = params.text_document.uri
        snap = await self.snapshot(uri)
        if snap is None:
            return None
        positions = self._positions(snap, snap.path)
        first, last = params.range.start.line + 1, params.range.end.line + 1
        hints: dict[tuple[int, int], types.InlayHint] = {}
        for facts in self.facts(snap):
            for launch in facts.launches:
                if launch.site.path != snap.path or not first <= launch.site.end_line <= last:
                    continue
                mesh = "no mesh" if launch.mesh_axes is None else f"mesh {launch.mesh_axes!r}"
                label = f"{mesh} · {launch.semantics or 'semantics unknown'}"
                at = positions.to_lsp(launch.site.end_line, launch.site.end_col)
                hints[(at.line, at.character)] = types.InlayHint(
                    position=at, label=label, padding_left=True,
                    tooltip=f"what reaches {launch.kernel} at this launch: the mesh of its context "
                            "and the lowering semantics")
            for span, letters in facts.split_strings:
                if span.path != snap.path or not first <= span.line <= last:
                    continue
                at = positions.to_lsp(span.end_line, span.end_col)
                shown = "{" + ", ".join(repr(letter) for letter in letters) + "}"
                hints[(at.line, at.character)] = types.InlayHint(
                    position=at, label=shown, padding_left=True,
                    tooltip="JAX compares set(collective_axes) with the mesh's axes here: a string "
                            "is its letters. Write a tuple of names instead.")
        return list(hints.values()) or None

    async def code_lenses(self, params: types.CodeLensParams) -> list[types.CodeLens] | None:
        """A lens on each launch in this document, per run that reaches it: the lowering
        check of that run's entry file (this one, or the open file that imports it)."""
        if not self.host.settings.workspace_trusted:
            return None  # the lens runs the user's code: never in an untrusted workspace
        uri = params.text_document.uri
        snap = await self.snapshot(uri)
        if snap is None:
            return None
        options = await self.host.options()
        version = format_jax_version(options.jax_version)
        positions = self._positions(snap, snap.path)
        lenses: dict[tuple[int, str], types.CodeLens] = {}
        for entry, facts in sorted(snap.by_entry.items(), key=lambda item: item[0] != snap.path):
            entry_uri = uri if entry == snap.path else self._uri_of(entry)
            for launch in facts.launches:
                if launch.site.path != snap.path or (launch.site.line, entry_uri) in lenses:
                    continue
                start = positions.to_lsp(launch.site.line, 0)
                here = entry == snap.path
                lenses[(launch.site.line, entry_uri)] = types.CodeLens(
                    range=types.Range(start=start, end=start),
                    command=self._lens_command(entry_uri, entry, here, version,
                                               launch.site.line if here else None))
        return [lenses[k] for k in sorted(lenses)] or None

    def _uri_of(self, path: str) -> str:
        for uri, state in self.host.docs.items():
            if state.path == path:
                return uri
        return Path(path).as_uri()

    def _lens_command(self, uri: str, path: str, here: bool, version: str,
                      line: int | None = None) -> types.Command:
        """``line``: the launch's line in the entry file itself (its own result is shown);
        None for a launch the entry reaches in another module (the entry's result is)."""
        name = "" if here else f"{os.path.basename(path)} "
        state = self.host.docs.get(uri)
        document = self.host.open_document(uri)
        if state is None or document is None:
            title = f"Open {os.path.basename(path)} to lower this launch with JAX {version}"
            return types.Command(title=title, command=CONFIRM_LOWERING, arguments=[{"uri": uri}])
        title = f"Lower {name}with JAX {version}"
        lowered = self.lowered.get(uri)
        if lowered is not None and lowered[0] == state.edits:
            confirmed = sorted({code for code, _ in state.lowering.confirmed}) if (
                state.lowering is not None and state.lowering.edits == state.edits) else []
            outcome = _launch_outcome(lowered[1], line, confirmed) if line is not None else None
            title = f"JAX {version}: {name}{outcome or _lens_outcome(lowered[1], confirmed)} · lower again"
        return types.Command(title=title, command=CONFIRM_LOWERING,
                             arguments=[{"uri": uri, "version": document.version}])

    def lowering_done(self, uri: str, result: dict[str, Any]) -> None:
        state = self.host.docs.get(uri)
        if state is not None and result.get("state") not in ("cancelled",):
            self.lowered[uri] = (state.edits, result)

    async def document_symbols(self, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        uri = params.text_document.uri
        snap = await self.snapshot(uri)
        if snap is None:
            return None
        positions = self._positions(snap, snap.path)
        found: dict[tuple[str, Span], types.DocumentSymbol] = {}
        for facts in self.facts(snap):
            for item in facts.outline:
                if item.span.path != snap.path:
                    continue
                found.setdefault((item.kind, item.span), types.DocumentSymbol(
                    name=item.name, detail=item.detail, kind=_SYMBOL_KINDS[item.kind],
                    range=positions.range(item.span), selection_range=positions.range(item.span)))
        return [found[k] for k in sorted(found, key=lambda k: (k[1], k[0]))] or None

    async def workspace_symbols(self, params: types.WorkspaceSymbolParams,
                                ) -> list[types.SymbolInformation] | None:
        index = self.index()
        if index is None:
            return None
        options = await self.host.options()
        loop = asyncio.get_running_loop()
        query = params.query.lower()

        def collect() -> list[tuple[Any, str]]:
            index.set_options(options)
            found: dict[tuple[str, Span], Any] = {}
            for entry in sorted(index.files):
                for item in index.entry_result(entry).axes.outline:
                    if query in item.name.lower():
                        found.setdefault((item.kind, item.span), item)
            return [(item, index.files[item.span.path].text) for item in found.values()
                    if item.span.path in index.files]

        items = await loop.run_in_executor(self.host.analysis_executor, collect)
        return [types.SymbolInformation(
            name=item.name, kind=_SYMBOL_KINDS[item.kind], container_name=item.detail,
            location=types.Location(uri=Path(item.span.path).as_uri(),
                                    range=Positions(text, self.host.encoding).range(item.span)))
            for item, text in items] or None


_SYMBOL_KINDS = {
    "kernel": types.SymbolKind.Function,
    "launch": types.SymbolKind.Event,
    "mesh": types.SymbolKind.Namespace,
}


def _lens_outcome(result: dict[str, Any], confirmed_codes: list[str]) -> str:
    """The lowering command's result in a few words (its states: lowering/outcome.py)."""
    state = result.get("state")
    message = str(result.get("message") or state)
    if state == "clean":
        return "not reached" if " 0 launch(es) lowered" in message else "lowers cleanly"
    if state == "confirmed" and confirmed_codes:
        return f"{', '.join(confirmed_codes)} confirmed"
    return message if len(message) <= 60 else message[:57] + "..."


def _launch_outcome(result: dict[str, Any], line: int, confirmed_codes: list[str]) -> str | None:
    """The result of the launch at ``line`` alone, in a few words; None when the result has
    no per-launch part (the check could not run, or an older result)."""
    launches = result.get("launches")
    if not isinstance(launches, list):
        return None
    mine = [launch for launch in launches if isinstance(launch, dict) and launch.get("line") == line]
    if not mine:
        stopped = result.get("stoppedAt")
        return (f"not reached (stopped earlier at line {stopped})" if isinstance(stopped, int)
                else "not reached")
    if all(launch.get("ok") for launch in mine):
        return "lowers cleanly"
    codes = sorted({code for launch in mine for code in launch.get("codes") or ()})
    if not codes:
        return "fails (no rule predicted it)"
    held = [code for code in codes if code in confirmed_codes]
    others = [code for code in codes if code not in confirmed_codes]
    words = [f"{', '.join(held)} confirmed"] if held else []
    words += [f"fails with {', '.join(others)}"] if others else []
    return "; ".join(words)


def _short(span: Span, home: str) -> str:
    path = span.path or home
    return f"{os.path.basename(path)}:{span.line}"


def _codepoint_column(text: str, character: int, encoding: str) -> int:
    value = str(getattr(encoding, "value", encoding))
    if value == types.PositionEncodingKind.Utf32.value:
        return min(character, len(text))
    if value == types.PositionEncodingKind.Utf8.value:
        return len(text.encode("utf-8")[:character].decode("utf-8", errors="ignore"))
    units = 0
    for index, char in enumerate(text):
        if units >= character:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


def _lsp_column(text: str, column: int, encoding: str) -> int:
    value = str(getattr(encoding, "value", encoding))
    prefix = text[:column]
    if value == types.PositionEncodingKind.Utf32.value:
        return len(prefix)
    if value == types.PositionEncodingKind.Utf8.value:
        return len(prefix.encode("utf-8"))
    return len(prefix.encode("utf-16-le")) // 2
