"""The workspace index, wired to LSP: background indexing, file watching, dependents.

- On ``initialized`` the workspace folders (or the root) are walked and every
  ``.py`` file is read and parsed on a background thread, with work-done
  progress when the client supports it (``window/workDoneProgress/create``, then
  ``$/progress`` begin / report / end). Until it is done, open documents are
  checked file by file, as before; then they are checked again as part of the
  workspace program.
- ``workspace/didChangeWatchedFiles`` (registered dynamically for ``**/*.py``
  when the client can) re-reads files changed on disk; closing a document hands
  its file back to the disk's text. An open document's text always wins.
- Every change returns the open documents whose findings may have changed
  (their runs share an entry with the changed file), and those are linted
  again: editing main.py's mesh re-publishes kernels.py.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Executor
from typing import Protocol

from lsprotocol import types
from pygls.progress import Progress
from pygls.uris import to_fs_path

from pallas_lsp.analysis import Analysis, Options, SyntaxProblem
from pallas_lsp.project import MAX_FILES, WorkspaceIndex, python_files

from . import progress as work_progress
from .analysis_worker import merged
from .protocol import WATCHER_ID

logger = logging.getLogger(__name__)


class IndexHost(Protocol):
    """What the indexer needs from the server (PallasServer provides it)."""

    analysis_executor: Executor

    def open_texts(self) -> dict[str, str]:
        """Path -> the editor's text of each open document that has a path."""
        ...

    def relint_paths(self, paths: set[str]) -> None: ...

    def relint_open_documents(self) -> None: ...

    def log_warning(self, message: str) -> None: ...


def workspace_roots(folder_uris: Iterable[str], root_uri: str | None) -> list[str]:
    uris = list(folder_uris) or ([root_uri] if root_uri else [])
    roots = []
    for uri in uris:
        path = to_fs_path(uri)
        path = os.path.normpath(path) if path else None  # "/x/" and "/x" are one folder
        if path and path not in roots:
            roots.append(path)
    return roots


def check_in_index(
    index: WorkspaceIndex, path: str, source: str, options: Options
) -> tuple[Analysis, set[str]]:
    """On the analysis thread: ``path``'s findings as part of the workspace program, and
    the other open documents whose findings may have changed with this text."""
    index.set_options(options)
    affected = index.open(path, source)
    if isinstance(affected, SyntaxProblem):
        return Analysis(syntax_error=affected), set()
    affected.discard(path)
    return index.check(path), affected


def check_targets_in_index(
    index: WorkspaceIndex, path: str, source: str, targets: list[Options]
) -> tuple[Analysis, set[str]]:
    """check_in_index under each target release, merged (analysis/targets.py)."""
    analyses, affected = [], set()
    for options in targets:
        analysis, more = check_in_index(index, path, source, options)
        analyses.append(analysis)
        affected |= more
    return merged(targets, analyses), affected


def apply_disk_changes(index: WorkspaceIndex, paths: list[str]) -> set[str]:
    affected: set[str] = set()
    for path in paths:
        if path.endswith(".py"):
            affected |= index.refresh(path)
            continue
        # A folder created, renamed or deleted: the files under it, known or new.
        inside = {p for p in index.files if p.startswith(path.rstrip(os.sep) + os.sep)}
        if os.path.isdir(path) and index.covers(os.path.join(path, "__init__.py")):
            inside.update(python_files([path])[0])
        for file in sorted(inside):
            affected |= index.refresh(file)
    return affected


class WorkspaceIndexer:
    """Owns the workspace index of a server: builds it, feeds it disk changes and closes."""

    def __init__(self, host: IndexHost) -> None:
        self.host = host
        # The workspace program once indexed; None until then (documents are checked alone).
        self.index: WorkspaceIndex | None = None
        self.builds = 0  # counts index builds (a newer build makes an older one moot)
        self.pending_disk: set[str] = set()  # disk changes reported while indexing

    async def build(self, roots: list[str], progress: Progress | None) -> None:
        """Index the workspace in the background, then lint the open documents again within it."""
        self.index = None
        if not roots:
            return
        self.builds += 1
        generation = self.builds
        loop = asyncio.get_running_loop()
        token = await work_progress.begin(progress, "pallas-lsp-index", "pallas-lsp: indexing the workspace",
                                          percentage=0)
        try:
            paths, capped = await loop.run_in_executor(None, python_files, roots, MAX_FILES)
            index = WorkspaceIndex(roots, capped=capped)
            step = max(1, len(paths) // 10)

            def report(done: int) -> None:
                if progress is not None and token is not None and done % step == 0:
                    loop.call_soon_threadsafe(work_progress.report, progress, token, done, len(paths))

            await loop.run_in_executor(None, index.load, paths, report)
            if generation != self.builds:
                return  # the folders changed meanwhile: a newer build replaces this one
            # The editor's texts override the disk's before anyone reads the index.
            texts = {path: text for path, text in self.host.open_texts().items() if index.covers(path)}
            await loop.run_in_executor(self.host.analysis_executor, _adopt, index, texts)
            self.index = index
            message = f"indexed {len(index.files)} Python files"
            if capped:
                message += f" (stopped at {MAX_FILES}: files beyond it are checked one by one)"
                self.host.log_warning(message)
            work_progress.end(progress, token, message)
            token = None
            pending, self.pending_disk = self.pending_disk, set()
            if pending:
                await self.refresh(pending)
            self.host.relint_open_documents()
        finally:
            work_progress.end(progress, token, "indexing stopped")

    async def refresh(self, paths: Iterable[str]) -> None:
        """Files changed on disk: re-read them, and lint the open documents they reach."""
        index = self.index
        if index is None:
            if self.builds:
                self.pending_disk.update(paths)
            return
        loop = asyncio.get_running_loop()
        affected = await loop.run_in_executor(
            self.host.analysis_executor, apply_disk_changes, index, list(paths))
        self.host.relint_paths(affected)

    async def close(self, path: str) -> None:
        """An editor let go of ``path``: the disk's text is the truth again."""
        index = self.index
        if index is None:
            return
        loop = asyncio.get_running_loop()
        affected = await loop.run_in_executor(self.host.analysis_executor, index.close, path)
        self.host.relint_paths(affected)

    def indexed_text(self, path: str) -> str | None:
        source = self.index.files.get(path) if self.index is not None else None
        return source.text if source is not None else None


def changed_paths(params: types.DidChangeWatchedFilesParams) -> list[str]:
    """The paths of a watcher notification worth re-reading (.py files; folders come and go)."""
    paths = []
    for change in params.changes:
        path = to_fs_path(change.uri)
        if path and (path.endswith(".py") or change.type != types.FileChangeType.Changed):
            paths.append(os.path.normpath(path))
    return paths


async def watch_files(register: Callable[[types.RegistrationParams], Awaitable[object]]) -> None:
    """Ask the client to report ``**/*.py`` changes (when it can register watchers)."""
    try:
        await register(
            types.RegistrationParams(
                registrations=[
                    types.Registration(
                        id=WATCHER_ID,
                        method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                        register_options=types.DidChangeWatchedFilesRegistrationOptions(
                            watchers=[types.FileSystemWatcher(glob_pattern="**/*.py")]
                        ),
                    )
                ]
            )
        )
    except Exception as exc:  # no watcher: disk changes are seen when a document opens or closes
        logger.info("could not register the file watcher: %s", exc)


def _adopt(index: WorkspaceIndex, texts: dict[str, str]) -> None:
    for path, text in texts.items():
        index.open(path, text)
