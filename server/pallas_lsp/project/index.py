"""The workspace index: the folder's modules parsed once, an import graph, cached entry runs.

Face-neutral: ``pallas-lsp check DIR`` and the language server both judge a folder with it.

Model (issue 6, "kernels across modules"): the findings of a file F are those of
every run that reaches F. A run is one *entry* E executed as ``__main__`` with the
workspace's modules importable (``analysis.analyze_entry``); the entries that can
reach F are F itself and every file that imports F, directly or not. So:

- Every file of the workspace folders (``files.python_files``) is read and parsed once (the
  text of an open document overrides the disk's). The text is kept, the tree
  only for open documents and the files runs used lately (``tree``). From each tree's import
  statements (``analysis.imported_names``) comes a static import graph: a name
  is resolved against the importing file's folder and each folder above it,
  every dotted prefix and its ``__init__``. That over-approximates what any
  entry's run can import (a run resolves names against the entry's folder,
  which is above every module it can import), so the reverse graph never misses
  an entry, and an entry's run is given only the trees it can reach.
- ``EntryResult`` is cached per entry, valid while the entry and the files its
  run actually imported (``imported_files``) keep their text, and while no file
  was created or deleted (module tables would change) and the options are the same.
- A change to X re-runs only entries whose runs read X, and only lazily: the
  open documents whose entries share one with X are checked again.
- A file that stops parsing keeps its last parsed tree in the index, so typing
  in one module does not flicker the diagnostics of the modules it reaches.

Not thread-safe: the server calls it from its one analysis thread only.
"""

from __future__ import annotations

import ast
import itertools
import logging
import os
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from pallas_lsp.analysis import (
    Analysis,
    EntryResult,
    Finding,
    OpFacts,
    Options,
    SyntaxProblem,
    analyze_entry,
    finish,
    imported_names,
)
from pallas_lsp.analysis import parse as parse_source

from .config import line_length_for
from .files import in_program, read_text

logger = logging.getLogger(__name__)

# The server's cap: a workspace beyond it is not one program it can keep in memory.
MAX_FILES = 5000
# Source bytes whose syntax trees stay in memory besides the open documents' (~100-400 MB).
TREE_BUDGET_BYTES = 4_000_000


@dataclass
class SourceFile:
    text: str
    # The syntax tree while it is kept (open documents, and the files runs used lately):
    # a tree takes 30-130x its source's memory (2,000 files of 13 KB: 3.3 GB), so the
    # index keeps the text and re-parses a file whose tree it let go.
    tree: ast.Module | None
    stamp: int
    # Dotted names its import statements mention (relative ones start with ".").
    names: frozenset[str]


@dataclass
class CachedEntry:
    result: EntryResult
    # The stamps of the entry and of every file its run imported, when it ran.
    stamps: tuple[tuple[str, int], ...]


@dataclass
class WorkspaceIndex:
    roots: list[str]
    files: dict[str, SourceFile] = field(default_factory=dict)
    # Paths of open documents (their text came from the editor, not the disk).
    open_paths: set[str] = field(default_factory=set)
    capped: bool = False
    options: Options | None = None
    # Bumped when a file appears or disappears.
    generation: int = 0
    # Counts entry runs (tests and the benchmark read it).
    runs: int = 0
    # Files of the last ``load`` that did not parse (the CLI reports them; the server
    # reports an open document's own syntax error when it opens it).
    unparsed: dict[str, SyntaxProblem] = field(default_factory=dict)
    _imports: dict[str, frozenset[str]] | None = None  # file -> files it may import
    _importers: dict[str, set[str]] | None = None  # file -> files that may import it
    _cache: dict[str, CachedEntry] = field(default_factory=dict)
    _stamps: Iterator[int] = field(default_factory=itertools.count)
    # Trees kept for files that are not open, least recently used first: path -> text size.
    _lru: OrderedDict[str, int] = field(default_factory=OrderedDict)
    _lru_bytes: int = 0

    # -- building ---------------------------------------------------------------------

    def load(self, paths: Iterable[str], progress: Callable[[int], None] | None = None) -> int:
        """Read and parse ``paths`` from disk; returns how many parsed."""
        count = 0
        for count, path in enumerate(paths, 1):
            text = read_text(path)
            if text is not None:
                self._store(path, text)
            if progress is not None:
                progress(count)
        self._imports = None
        return len(self.files)

    def load_texts(self, texts: dict[str, str]) -> int:
        """Parse texts the caller read (the CLI reports unreadable files itself)."""
        for path, text in texts.items():
            self._store(path, text)
        self._imports = None
        return len(self.files)

    def covers(self, path: str) -> bool:
        """Is ``path`` part of the workspace program (in the index, or may join it)?"""
        if path in self.files:
            return True
        return not self.capped and in_program(path, self.roots)

    # -- changes ----------------------------------------------------------------------

    def set_options(self, options: Options) -> None:
        if options != self.options:
            self.options = options
            self._cache.clear()

    def open(self, path: str, text: str) -> SyntaxProblem | set[str]:
        """The editor's text for ``path`` (it overrides the disk's from now on).

        Returns the open documents whose findings may have changed, or the
        SyntaxProblem when the text does not parse (the index keeps the last tree
        that did, so the modules it reaches are not disturbed mid-typing)."""
        self.open_paths.add(path)
        current = self.files.get(path)
        if current is not None and current.text == text:
            return set()
        tree = parse_source(text, path)
        if isinstance(tree, SyntaxProblem):
            return tree
        return self._change(path, text, tree)

    def close(self, path: str) -> set[str]:
        """The editor let go of ``path``: the disk's text is the truth again."""
        self.open_paths.discard(path)
        if path in self.files:
            self.files[path].tree = None  # kept again only if a run uses it
        return self.refresh(path)

    def refresh(self, path: str) -> set[str]:
        """Re-read ``path`` from disk (created, changed or deleted there). Open documents win."""
        if path in self.open_paths or not self.covers(path):
            return set()
        text = read_text(path) if os.path.isfile(path) else None
        current = self.files.get(path)
        if text is None:
            return self._change(path, None, None) if current is not None else set()
        if current is not None and current.text == text:
            return set()
        tree = parse_source(text, path)
        if isinstance(tree, SyntaxProblem):
            return set()
        return self._change(path, text, tree)

    def _change(self, path: str, text: str | None, tree: ast.Module | None) -> set[str]:
        """Store (or, with None, drop) a file; the open documents it may affect, before
        and after (an import removed by the change counts as much as one added)."""
        generation = self.generation
        before = self.affected(path) if path in self.files else set()
        if text is None or tree is None:
            del self.files[path]
            self._lru.pop(path, None)
            self._appeared_or_vanished(path)
        else:
            self._store(path, text, tree)
        if self.generation != generation:
            # Another file's imports may now resolve to this one (or no longer): the
            # runs that may reach it are not known from the old graph. Re-lint them all
            # (a run still cached costs nothing, and an unchanged result is not re-sent).
            return set(self.open_paths)
        return before | self.affected(path)

    def _store(self, path: str, text: str, tree: ast.Module | SyntaxProblem | None = None) -> None:
        if tree is None:
            tree = parse_source(text, path)
        if isinstance(tree, SyntaxProblem):
            self.unparsed[path] = tree
            return
        self.unparsed.pop(path, None)
        known = path in self.files
        self._lru.pop(path, None)
        kept = tree if path in self.open_paths else None
        self.files[path] = SourceFile(text, kept, next(self._stamps), frozenset(imported_names(tree)))
        if not known:
            self._appeared_or_vanished(path)
        elif self._imports is not None:
            self._relink(path)

    def _appeared_or_vanished(self, path: str) -> None:
        self.generation += 1
        self._imports = None  # names may resolve to other files now: rebuild on demand
        # The module table of an entry holds the files under the entry's folder: those
        # runs may import the new file (or miss the old one) now.
        for entry in [e for e in self._cache if path.startswith(os.path.dirname(e) + os.sep)]:
            del self._cache[entry]

    # -- the import graph ------------------------------------------------------------

    def _graph(self) -> tuple[dict[str, frozenset[str]], dict[str, set[str]]]:
        if self._imports is None or self._importers is None:
            self._imports = {path: self._resolve(path) for path in self.files}
            self._importers = {}
            for path, targets in self._imports.items():
                for target in targets:
                    self._importers.setdefault(target, set()).add(path)
        return self._imports, self._importers

    def _relink(self, path: str) -> None:
        imports, importers = self._graph()
        for target in imports.get(path, ()):
            importers.get(target, set()).discard(path)
        imports[path] = self._resolve(path)
        for target in imports[path]:
            importers.setdefault(target, set()).add(path)

    def _resolve(self, path: str) -> frozenset[str]:
        """Files that ``path``'s imports may name, from any entry's point of view."""
        found: set[str] = set()
        here = os.path.dirname(path)
        folders = [here]
        while True:
            parent = os.path.dirname(folders[-1])
            if parent == folders[-1] or not any(_within(parent, root) for root in self.roots):
                break
            folders.append(parent)
        for name in self.files[path].names:
            dots = len(name) - len(name.lstrip("."))
            parts = [p for p in name[dots:].split(".") if p]
            bases = [folders[dots - 1]] if dots and dots <= len(folders) else ([] if dots else folders)
            for base in bases:
                folder = base
                if not parts:
                    self._add_module(os.path.join(folder, "__init__.py"), found)
                for part in parts:
                    self._add_module(os.path.join(folder, part + ".py"), found)
                    folder = os.path.join(folder, part)
                    self._add_module(os.path.join(folder, "__init__.py"), found)
        found.discard(path)
        return frozenset(found)

    def _add_module(self, candidate: str, found: set[str]) -> None:
        if candidate in self.files:
            found.add(candidate)

    def reachable(self, entry: str) -> set[str]:
        """``entry`` and every file it may import, directly or not."""
        imports, _ = self._graph()
        return _closure(entry, imports)

    def entries_for(self, path: str) -> set[str]:
        """``path`` and every file that may import it: the runs that can reach it."""
        _, importers = self._graph()
        return _closure(path, importers)

    def affected(self, path: str) -> set[str]:
        """Open documents whose findings may change when ``path`` changes."""
        # F is affected when some run reaches both: F is reachable from an entry of ``path``.
        reached: set[str] = set()
        for entry in self.entries_for(path):
            if entry not in reached:
                reached |= self.reachable(entry)
        return reached & self.open_paths

    # -- syntax trees -----------------------------------------------------------------

    def tree(self, path: str) -> ast.Module:
        """``path``'s tree, parsed again if it was let go; kept for open documents, and for
        others while the recently used ones fit in ``TREE_BUDGET_BYTES`` of source."""
        source = self.files[path]
        if source.tree is None:
            tree = parse_source(source.text, path)
            assert not isinstance(tree, SyntaxProblem), "the text parsed when it was stored"
            source.tree = tree
        if path not in self.open_paths:
            if path in self._lru:
                self._lru.move_to_end(path)
            else:
                self._lru[path] = len(source.text)
                self._lru_bytes += len(source.text)
            while self._lru_bytes > TREE_BUDGET_BYTES and len(self._lru) > 1:
                old, size = self._lru.popitem(last=False)
                self._lru_bytes -= size
                if old in self.files and old not in self.open_paths:
                    self.files[old].tree = None
        return source.tree

    # -- checking ---------------------------------------------------------------------

    def entry_result(self, entry: str, checking: str | None = None) -> EntryResult:
        assert self.options is not None, "set_options first"
        cached = self._cache.get(entry)
        if cached is not None and all(
            (self.files.get(path) or _GONE).stamp == stamp for path, stamp in cached.stamps
        ):
            return cached.result
        # Sorted as the CLI's walk: for ``pkg.py`` beside ``pkg/``, the package wins.
        reach = sorted(self.reachable(entry))
        trees = {path: self.tree(path) for path in reach}
        texts = {path: self.files[path].text for path in reach}
        self.runs += 1
        try:
            result = analyze_entry(entry, trees, texts,
                                    replace(self.options, line_length=line_length_for(entry)))
        except Exception:
            if entry == checking:
                raise  # the server reports a failure of the document's own run
            # A bug a rule hits in another module's run must not cost this document its
            # diagnostics: that run counts as finding nothing until its files change.
            logger.exception("the run of %s failed; its findings are left out", entry)
            result = EntryResult({}, {}, None, frozenset())
        used = {entry} | set(result.imported_files)
        stamps = tuple((path, self.files[path].stamp) for path in sorted(used))
        self._cache[entry] = CachedEntry(result, stamps)
        return result

    def check(self, path: str) -> Analysis:
        """The findings of ``path``: the union over the runs that reach it, finished."""
        source = self.files[path]
        findings: list[Finding] = []
        ops: list[OpFacts] = []
        stopped: str | None = None
        for entry in sorted(self.entries_for(path), key=lambda e: (e != path, e)):
            result = self.entry_result(entry, checking=path)
            if entry != path and path not in result.imported_files:
                continue
            findings.extend(result.findings_by_file.get(path, ()))
            ops.extend(result.ops_by_file.get(path, ()))
            if result.stopped and stopped is None:
                stopped = result.stopped if entry == path else f"{os.path.basename(entry)}: {result.stopped}"
        assert self.options is not None
        return Analysis(
            findings=finish(findings, source.text, self.options),
            ops=tuple(dict.fromkeys(ops)),
            stopped=stopped,
        )


class _Gone:
    stamp = -1


_GONE = _Gone()


def _within(folder: str, root: str) -> bool:
    return folder == root or folder.startswith(root.rstrip(os.sep) + os.sep)


def _closure(start: str, edges: dict[str, frozenset[str]] | dict[str, set[str]]) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        for nxt in edges.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
