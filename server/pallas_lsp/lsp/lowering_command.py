"""``pallasLsp.confirmLowering``: confirm the static findings with real JAX lowering.

Like rust-analyzer's flycheck, but only on request (the command, or the opt-in
``lowering.onSave``), because lowering runs the user's file: never in a
workspace the client has not declared trusted. The check itself lives in
``pallas_lsp.lowering`` (another process; this server never imports jax); here
it is wired to LSP:
- it runs on a worker thread, with work-done progress that the user can cancel
  (the cancel sets a ``threading.Event`` the runner polls and kills the process group);
- its results belong to the document version they ran on: a static finding that
  lowering reproduced gets "(confirmed by JAX x lowering)" and ``data.lowering =
  "confirmed"`` (not a second diagnostic); one it refuted gets a note and
  ``"refuted"``; an error no rule predicted is published with source
  "pallas-lsp lowering" at its traceback line. The next edit clears all of it;
- the result and a ``pallasLsp/loweringStatus`` notification tell the client how it went.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from pallas_lsp.analysis import Finding, Span
from pallas_lsp.lowering import outcome, runner
from pallas_lsp.lowering.outcome import Failure
from pallas_lsp.lowering.report import LoweringReport, fatal_report

from .convert import LOWERING_SOURCE, Positions

if TYPE_CHECKING:
    from .server import PallasServer

logger = logging.getLogger(__name__)

COMMAND = "pallasLsp.confirmLowering"
STATUS = "pallasLsp/loweringStatus"

UNTRUSTED = (
    "The lowering check runs this file's code, so it runs only in a trusted workspace "
    "(the client has not said this workspace is trusted; set pallasLsp.workspaceTrusted "
    "in editors without workspace trust)."
)


@dataclass
class LoweringOutcome:
    """The lowering results shown for one version of one document."""

    version: int | None
    # The server's edit counter of the text that was lowered (DocState.edits).
    edits: int = 0
    diagnostics: list[types.Diagnostic] = field(default_factory=list)
    # (code, span) of a static finding -> the note appended to its message
    notes: dict[tuple[str, Span], tuple[str, str]] = field(default_factory=dict)

    @property
    def confirmed(self) -> dict[tuple[str, Span], str]:
        return {key: label for key, (state, label) in self.notes.items() if state == "confirmed"}


class LoweringService:
    def __init__(self) -> None:
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="lowering")
        self.pool = runner.WarmWorkerPool()
        self.running: dict[str, threading.Event] = {}

    def close(self) -> None:
        for cancel in list(self.running.values()):
            cancel.set()
        self.pool.close()

    def run(self, ls: PallasServer, path: str, source: str, cancel: threading.Event) -> Any:
        settings = ls.settings.lowering
        if settings.mode == "remote":
            if not settings.remote_command:
                return fatal_report(
                    "remote_failed",
                    "pallasLsp.lowering.mode is 'remote' but pallasLsp.lowering.remoteCommand is empty",
                )
            return runner.lower_remote(
                path,
                command=list(settings.remote_command),
                timeout=settings.timeout,
                source=source,
                cancel=cancel,
            )
        # The server's own python is the last resort: it usually has no JAX, and says so.
        python = ls.settings.python or sys.executable
        return self.pool.check(path, python=python, source=source, timeout=settings.timeout, cancel=cancel)


def _result(state: str, message: str, errors: int = 0, confirmed: int = 0) -> dict[str, Any]:
    return {"state": state, "message": message, "errors": errors, "confirmed": confirmed}


def _status(ls: PallasServer, uri: str, state: str, message: str) -> None:
    ls.protocol.notify(STATUS, {"uri": uri, "state": state, "message": message})


def _failure_diagnostic(failure: Failure, uri: str, positions: Positions) -> types.Diagnostic:
    if failure.user_code:
        return types.Diagnostic(
            range=positions.range(failure.span),
            message=failure.message,
            severity=types.DiagnosticSeverity.Warning,
            source=LOWERING_SOURCE,
            data={"lowering": "user_code"},
        )
    related = None
    if failure.raised_at is not None:
        where, range_ = positions.location(failure.raised_at, uri)
        related = [types.DiagnosticRelatedInformation(
            location=types.Location(uri=where, range=range_),
            message="the lowering error was raised here",
        )]
    return types.Diagnostic(
        range=positions.range(failure.span),
        message=failure.message,
        severity=types.DiagnosticSeverity.Error,
        code=failure.code or failure.exc_type or None,
        source=LOWERING_SOURCE,
        related_information=related,
        data={"lowering": "unpredicted", "class": failure.cls},
    )


def build_outcome(
    version: int | None,
    source: str,
    findings: tuple[Finding, ...],
    report: LoweringReport,
    encoding: str,
    edits: int = 0,
    path: str | None = None,
) -> tuple[LoweringOutcome, dict[str, Any]]:
    """The lowering outcome (``lowering.outcome``, shared with ``check --confirm``) as
    diagnostics for ``version``; also the command's result."""
    judged = outcome.build_outcome(path or "", source, findings, report)
    shown = LoweringOutcome(version, edits)
    result = _result(judged.state, judged.message, judged.errors, judged.confirmed)
    if judged.state in ("cancelled", "error") and not judged.failures:
        return shown, result
    positions = Positions(source, encoding)
    uri = Path(path).as_uri() if path and os.path.isabs(path) else (path or "")
    for finding, status in judged.statuses.items():
        if status is not None:
            verdict = "confirmed" if status else "refuted"
            shown.notes[(finding.code, finding.span)] = (verdict, judged.jax_version)
    shown.diagnostics.extend(_failure_diagnostic(f, uri, positions) for f in judged.failures)
    return shown, result


async def confirm(ls: PallasServer, uri: str, *, progress: bool) -> dict[str, Any]:
    if not ls.settings.workspace_trusted:
        _status(ls, uri, "error", UNTRUSTED)
        return _result("error", UNTRUSTED)
    document = ls.open_document(uri)
    state = ls.docs.get(uri)
    if document is None or state is None:
        return _result("error", f"{uri} is not open in the editor")
    version, source, edits = document.version, document.source, state.edits
    if state.analysed_edits != edits:
        await ls.lint(uri)  # the static findings of exactly this text
    current_findings = state.analysed_edits == edits and state.analysis is not None
    findings = state.findings if current_findings else ()

    service: LoweringService = ls.lowering
    previous = service.running.pop(uri, None)
    if previous is not None:
        previous.set()  # a newer check of the same file supersedes the old one
    cancel = threading.Event()
    service.running[uri] = cancel
    token: str | None = None
    if progress and ls.client.work_done_progress:
        token = f"pallas-lowering-{uuid.uuid4()}"
        try:
            await ls.work_done_progress.create_async(token)
            ls.work_done_progress.begin(
                token,
                types.WorkDoneProgressBegin(
                    title="Pallas: lowering with JAX",
                    cancellable=True,
                    message=uri.rsplit("/", 1)[-1],
                ),
            )
            ls.work_done_progress.tokens[token].add_done_callback(lambda _f: cancel.set())
        except Exception as exc:  # no progress UI is no reason not to check
            logger.warning("work-done progress unavailable: %s", exc)
            token = None
    _status(ls, uri, "running", "lowering with JAX")
    path = document.path or uri
    loop = asyncio.get_running_loop()
    try:
        report = await loop.run_in_executor(service.executor, service.run, ls, path, source, cancel)
    except asyncio.CancelledError:
        cancel.set()
        raise
    except Exception as exc:
        logger.exception("lowering check of %s failed", uri)
        report = fatal_report("worker_crashed", f"the lowering check failed: {exc}")
    finally:
        if service.running.get(uri) is cancel:
            del service.running[uri]
    if cancel.is_set() and report.fatal_kind is None:
        report = fatal_report("cancelled", "The lowering check was cancelled")
    outcome, result = build_outcome(version, source, findings, report, ls.encoding, edits, path)
    if token is not None:
        ls.work_done_progress.end(token, types.WorkDoneProgressEnd(message=result["message"]))

    if result["state"] == "cancelled":
        _status(ls, uri, "idle", result["message"])
        return result
    if ls.docs.get(uri) is not state or state.edits != edits:
        result["message"] += " (the document changed during the check: results not shown)"
        _status(ls, uri, "idle", result["message"])
        return result
    if result["state"] != "error" or outcome.diagnostics:
        state.lowering = outcome
        ls.publish(uri, state, version)
    _status(ls, uri, result["state"], result["message"])
    return result


def on_save(ls: PallasServer, uri: str) -> None:
    """The opt-in on-save check (trusted workspaces only; the caller checked both)."""
    task = asyncio.ensure_future(confirm(ls, uri, progress=True))
    task.add_done_callback(_log_failure)


def _log_failure(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        logger.error("on-save lowering failed", exc_info=task.exception())


def register(server: PallasServer) -> None:
    server.lowering = LoweringService()

    @server.command(COMMAND)
    async def confirm_lowering(ls: Any, *args: Any) -> dict[str, Any]:
        # `ls: Any`: pygls evaluates this signature's hints at call time, where the
        # TYPE_CHECKING-only PallasServer name does not exist.
        from .server import _plain

        target = _plain(args[0]) if args else None
        if isinstance(target, str):
            target = {"uri": target}
        if not isinstance(target, dict) or not isinstance(target.get("uri"), str):
            return _result("error", f'expected [{{"uri": ..., "version": ...}}], got {args!r}')
        return await confirm(ls, target["uri"], progress=True)
