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
import uuid
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import to_fs_path

from pallas_lsp.analysis import Analysis, Options, SyntaxProblem
from pallas_lsp.project import MAX_FILES, WorkspaceIndex, python_files

if TYPE_CHECKING:
    from .server import PallasServer

logger = logging.getLogger(__name__)

WATCHER_ID = "pallas-lsp-python-files"
PROGRESS_CREATE_TIMEOUT_S = 5.0


def workspace_roots(ls: PallasServer) -> list[str]:
    uris = list(ls.workspace.folders) or ([ls.workspace.root_uri] if ls.workspace.root_uri else [])
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


async def build(ls: PallasServer) -> None:
    """Index the workspace in the background, then lint the open documents again within it."""
    roots = workspace_roots(ls)
    ls.index = None
    if not roots:
        return
    ls.indexing += 1
    generation = ls.indexing
    loop = asyncio.get_running_loop()
    token = await _begin_progress(ls)
    try:
        paths, capped = await loop.run_in_executor(None, python_files, roots, MAX_FILES)
        index = WorkspaceIndex(roots, capped=capped)
        step = max(1, len(paths) // 10)

        def progress(done: int) -> None:
            if token is not None and done % step == 0:
                loop.call_soon_threadsafe(_report, ls, token, done, len(paths))

        await loop.run_in_executor(None, index.load, paths, progress)
        if generation != ls.indexing:
            return  # the folders changed meanwhile: a newer build replaces this one
        # The editor's texts override the disk's before anyone reads the index.
        texts = {}
        for uri in ls.docs:
            document = ls.open_document(uri)
            path = to_fs_path(uri)
            if document is not None and path and index.covers(path):
                texts[path] = document.source
        await loop.run_in_executor(ls.analysis_executor, _adopt, index, texts)
        ls.index = index
        message = f"indexed {len(index.files)} Python files"
        if capped:
            message += f" (stopped at {MAX_FILES}: files beyond it are checked one by one)"
            ls.window_log_message(types.LogMessageParams(type=types.MessageType.Warning, message=message))
        _end_progress(ls, token, message)
        token = None
        pending, ls.pending_disk = ls.pending_disk, set()
        if pending:
            await refresh(ls, pending)
        for uri in list(ls.docs):
            ls.schedule_unless_pending(uri)
    finally:
        if token is not None:
            _end_progress(ls, token, "indexing stopped")


def _adopt(index: WorkspaceIndex, texts: dict[str, str]) -> None:
    for path, text in texts.items():
        index.open(path, text)


async def refresh(ls: PallasServer, paths: Iterable[str]) -> None:
    """Files changed on disk: re-read them, and lint the open documents they reach."""
    index = ls.index
    if index is None:
        if ls.indexing:
            ls.pending_disk.update(paths)
        return
    loop = asyncio.get_running_loop()
    affected = await loop.run_in_executor(ls.analysis_executor, apply_disk_changes, index, list(paths))
    ls.relint_paths(affected)


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


async def close(ls: PallasServer, path: str) -> None:
    index = ls.index
    if index is None:
        return
    loop = asyncio.get_running_loop()
    affected = await loop.run_in_executor(ls.analysis_executor, index.close, path)
    ls.relint_paths(affected)


async def watch_files(ls: PallasServer) -> None:
    """Ask the client to report ``**/*.py`` changes (when it can register watchers)."""
    try:
        await ls.client_register_capability_async(
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


async def _begin_progress(ls: PallasServer) -> str | None:
    if not ls.client.work_done_progress:
        return None
    token = f"pallas-lsp-index-{uuid.uuid4()}"
    try:
        # A client that never answers must not hold the index back.
        await asyncio.wait_for(ls.work_done_progress.create_async(token), PROGRESS_CREATE_TIMEOUT_S)
        ls.work_done_progress.begin(
            token,
            types.WorkDoneProgressBegin(
                title="pallas-lsp: indexing the workspace", percentage=0, cancellable=False
            ),
        )
    except Exception as exc:
        logger.info("work-done progress unavailable: %s", exc)
        return None
    return token


def _report(ls: PallasServer, token: str, done: int, total: int) -> None:
    try:
        ls.work_done_progress.report(
            token,
            types.WorkDoneProgressReport(
                message=f"{done}/{total} files", percentage=int(100 * done / max(total, 1))
            ),
        )
    except Exception as exc:
        logger.debug("progress report failed: %s", exc)


def _end_progress(ls: PallasServer, token: str | None, message: str) -> None:
    if token is None:
        return
    try:
        ls.work_done_progress.end(token, types.WorkDoneProgressEnd(message=message))
    except Exception as exc:
        logger.debug("progress end failed: %s", exc)


def spawn(coro: Any) -> None:
    task = asyncio.ensure_future(coro)
    task.add_done_callback(_log_failure)


def _log_failure(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        logger.error("workspace indexing failed", exc_info=task.exception())


def register(server: PallasServer) -> None:
    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: Any, params: types.DidChangeWatchedFilesParams) -> None:
        paths = []
        for change in params.changes:
            path = to_fs_path(change.uri)
            if path and (path.endswith(".py") or change.type != types.FileChangeType.Changed):
                paths.append(os.path.normpath(path))
        if paths:
            spawn(refresh(ls, paths))

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    def did_change_workspace_folders(ls: Any, params: types.DidChangeWorkspaceFoldersParams) -> None:
        spawn(build(ls))


def start(ls: PallasServer) -> None:
    """From ``initialized``: index in the background and watch the files."""
    if ls.client.watch_files:
        spawn(watch_files(ls))
    spawn(build(ls))
