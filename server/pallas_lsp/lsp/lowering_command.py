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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from pallas_lsp.analysis import Finding, Span
from pallas_lsp.lowering import merge as merge_mod
from pallas_lsp.lowering import runner

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
                return runner.fatal_report(
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


def _version_label(report: Any) -> str:
    return str(report.jax_version or "?")


def _unpredicted_diagnostic(error: Any, positions: Positions) -> types.Diagnostic:
    line = error.line or error.launch_line or 1
    text = positions.index.line_text(line)
    indent = len(text) - len(text.lstrip())
    span = Span(line, len(text[:indent].encode()), line, len(text.encode()))
    return types.Diagnostic(
        range=positions.range(span),
        message=f"{error.exc_type}: {error.message}" if error.exc_type else error.message,
        severity=types.DiagnosticSeverity.Error,
        code=error.code or error.exc_type or None,
        source=LOWERING_SOURCE,
        data={"lowering": "unpredicted", "class": error.cls},
    )


def _fatal_diagnostic(report: Any, positions: Positions) -> types.Diagnostic | None:
    if report.fatal_kind != "user_code" or not report.fatal_line:
        return None
    line = report.fatal_line
    text = positions.index.line_text(line)
    span = Span(line, 0, line, len(text.encode()))
    return types.Diagnostic(
        range=positions.range(span),
        message=f"lowering check: {report.fatal}",
        severity=types.DiagnosticSeverity.Warning,
        source=LOWERING_SOURCE,
        data={"lowering": "user_code"},
    )


def _elsewhere(error: Any, path: str | None) -> bool:
    """An error JAX raised in another module of the folder (a kernel beside the launcher)."""
    file = error.file
    return bool(file and path and os.path.abspath(file) != os.path.abspath(path) and os.path.isfile(file))


def _elsewhere_diagnostic(error: Any, positions: Positions) -> types.Diagnostic:
    """At the launch in this file, pointing at the line of the module that raised."""
    diagnostic = _unpredicted_diagnostic(replace(error, line=error.launch_line), positions)
    where = f"{os.path.basename(error.file)}:{error.line}" if error.line else os.path.basename(error.file)
    diagnostic.message = f"{diagnostic.message} (raised in {where})"
    if error.line:
        start = types.Position(line=error.line - 1, character=0)
        diagnostic.related_information = [
            types.DiagnosticRelatedInformation(
                location=types.Location(
                    uri=Path(error.file).as_uri(), range=types.Range(start=start, end=start)
                ),
                message="the lowering error was raised here",
            )
        ]
    return diagnostic


def build_outcome(
    version: int | None,
    source: str,
    findings: tuple[Finding, ...],
    report: Any,
    encoding: str,
    edits: int = 0,
    path: str | None = None,
) -> tuple[LoweringOutcome, dict[str, Any]]:
    """Merge a report into diagnostics for ``version``; also the command's result."""
    positions = Positions(source, encoding)
    outcome = LoweringOutcome(version, edits)
    label = _version_label(report)
    if report.fatal_kind == "cancelled":
        return outcome, _result("cancelled", report.fatal or "cancelled")
    if report.fatal_kind not in (None, "user_code"):
        return outcome, _result("error", report.fatal or report.fatal_kind)
    # An error in another module must not be matched against this file's lines.
    elsewhere = [error for error in report.errors if _elsewhere(error, path)]
    if elsewhere:
        report = replace(report, errors=tuple(e for e in report.errors if not _elsewhere(e, path)))
        outcome.diagnostics.extend(_elsewhere_diagnostic(e, positions) for e in elsewhere)
    merged = merge_mod.merge(findings, report)
    confirmed = 0
    for finding in findings:
        status = merged.status(finding)
        if status is True:
            confirmed += 1
            outcome.notes[(finding.code, finding.span)] = ("confirmed", label)
        elif status is False:
            outcome.notes[(finding.code, finding.span)] = ("refuted", label)
    outcome.diagnostics.extend(_unpredicted_diagnostic(e, positions) for e in merged.unpredicted)
    fatal = _fatal_diagnostic(report, positions)
    if fatal is not None:
        outcome.diagnostics.append(fatal)
    where = f"JAX {label}" + (f" on {report.device_kind}" if report.device_kind else "")
    errors = len(report.errors) + len(elsewhere)
    if report.fatal_kind == "user_code" and not report.lowered and not errors:
        return outcome, _result("error", report.fatal or "the file raised", errors, confirmed)
    extra = f"; {len(merged.unpredicted)} error(s) no rule predicted" if merged.unpredicted else ""
    extra += f"; {len(elsewhere)} in other modules" if elsewhere else ""
    if confirmed:
        return outcome, _result(
            "confirmed", f"{where}: {confirmed} finding(s) confirmed{extra}", errors, confirmed
        )
    if errors:
        return outcome, _result("failed", f"{where}: {errors} lowering error(s){extra}", errors, confirmed)
    note = f" ({report.fatal})" if report.fatal else ""
    return outcome, _result("clean", f"{where}: {report.lowered} launch(es) lowered{note}", errors, confirmed)


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
        report = runner.fatal_report("worker_crashed", f"the lowering check failed: {exc}")
    finally:
        if service.running.get(uri) is cancel:
            del service.running[uri]
    if cancel.is_set() and report.fatal_kind is None:
        report = runner.fatal_report("cancelled", "The lowering check was cancelled")
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
