"""The pallas-lsp language server: push diagnostics, quick fixes, hover, lowering.

Model (pygls 2.x, push diagnostics as in jedi-language-server):
- ``didOpen`` / ``didSave`` lint at once; ``didChange`` re-arms a per-document
  debounce (about 200 ms) and the lint runs when typing pauses.
- The analysis is pure and CPU-bound: it runs on one worker thread (results
  in order, the event loop free for hover and cancel), or, for a heavy document, in
  a worker process (lanes.py, analysis_pool.py), on a snapshot of the text
  and its version. Before publishing, the version is compared with the
  document's current one; a result for an old version is dropped, never shown.
- While the buffer does not parse (mid-typing), nothing is published: the
  client keeps the last good diagnostics, so squiggles do not flicker.
- Inside a workspace folder, a document is checked as part of the workspace
  program once the background index is ready (indexing.py, project/index.py): the
  runs of every file that imports it count, and a change re-lints the open
  documents it reaches. Outside the folders, or before the index is ready, a
  document is checked alone.
- A Jupyter notebook (LSP 3.17 notebook sync) is one document keyed by the notebook's
  URI: its code cells make one module (notebooks.py), linted like a file of that size;
  diagnostics are published per cell, hover and code actions map cell positions.
- Handler exceptions are logged and answered with an error by pygls; lint
  tasks log their own. The server process never imports ``jax``.
- Start-up: ``initialize`` is answered with pygls, lsprotocol and the settings loaded,
  nothing more; the analysis core and what the first diagnostics use are imported right
  after the answer (``load_first_diagnostics_path``), before the next message is handled;
  hover, code actions, the axis-symbol features and the lowering service at first use.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import FeatureRequestError
from pygls.lsp.server import LanguageServer
from pygls.progress import Progress
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

# What `initialize` needs, and no more: the data model (not the analysis), the project's
# settings types (config, files), the server's own light modules. The rest is imported in
# functions, at first use; `load_first_diagnostics_path` imports what the first
# diagnostics need right after `initialize` is answered.
from pallas_lsp.analysis import NEWEST_KNOWN_JAX, Options, format_jax_version, parse_jax_version
from pallas_lsp.analysis.versions import rules_release
from pallas_lsp.project import (
    ConfigError,
    Resolved,
    ignored_codes,
    resolve,
    selected_codes,
    set_max_file_mb,
    too_large,
)
from pallas_lsp.runtime import tune_gc

from . import notebooks
from . import progress as work_progress
from .debounce import Debouncer
from .lifecycle import end_process
from .notebooks import NotebookText
from .protocol import (
    CONFIRM_LOWERING,
    DEBUG_INFO,
    FIX_ALL_KIND,
    JAX_VERSION,
    UPGRADE_KIND,
    WORKSPACE_TRUST,
    PallasProtocol,
    plain,
)
from .refusals import RenameRefused
from .settings import SECTION, Settings, parse_settings, project_overrides, unwrap
from .state import DocState
from .stdio import run_stdio

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

    from pallas_lsp.analysis import Analysis, JaxVersion
    from pallas_lsp.analysis.rules import Rule
    from pallas_lsp.interpreters import Interpreter
    from pallas_lsp.project.environments import Environment

    # Built on first use (cached properties below): an editor's start, and the first
    # diagnostics, need neither the axis-symbol features nor the lowering service.
    from .axes_features import AxisFeatures
    from .convert import Positions
    from .early import EarlyStart
    from .indexing import WorkspaceIndexer
    from .jax_version import JaxVersionCache
    from .lanes import AnalysisLanes
    from .lowering_command import LoweringService

logger = logging.getLogger("pallas_lsp.lsp")

NAME = "pallas-lsp"


@dataclass
class ClientFeatures:
    configuration: bool = False
    work_done_progress: bool = False
    document_changes: bool = False
    watch_files: bool = False
    code_lens_refresh: bool = False
    inlay_hint_refresh: bool = False


# How long analyses wait for the first workspace/configuration answer.
_FIRST_PULL_WAIT_S = 2.0


def _wanted_version(jax_version: str | None) -> JaxVersion | None:
    """The release a ``jax-version`` setting asks for (None: any, or one that does not parse)."""
    try:
        return parse_jax_version(jax_version) if jax_version else None
    except ValueError:
        return None

class PallasServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(NAME, _version(), protocol_cls=PallasProtocol,
                         notebook_document_sync=notebooks.NOTEBOOK_SYNC)
        self.settings = Settings()
        self.client = ClientFeatures()
        # Set once the client's settings were pulled after `initialized` (or could not be): a
        # document opened before that waits, so it is never published under default settings
        # and then republished (a visible flicker of findings the user turned off).
        self._settings_pulled: asyncio.Event | None = None
        self.docs: dict[str, DocState] = {}
        self.debouncer = Debouncer()
        self.analysis_failure_shown = False
        self.version_notes: set[str] = set()
        self.environments_logged: set[str] = set()  # each discovered environment is logged once
        # The options of the last lint: where "Upgrade this file for JAX X" moves from.
        self.base_options: Options | None = None
        self._error_shown = False  # one internal-error popup per session; the rest are logged
        self._jax_shown: tuple[object, str] | None = None  # the JAX version last sent to the client
        self.config_errors_shown: set[str] = set()  # each bad [tool.pallas-lsp] said once
        # Whether the interpreter of the analysis was imported when `initialize` was handled
        # (debugInfo says it: tests/lsp/test_startup.py holds the start-up order to it).
        self.core_at_initialize: bool | None = None

    # Built on first use, all of them by load_first_diagnostics_path once `initialize` is
    # answered: each imports the analysis core.

    @cached_property
    def lanes(self) -> AnalysisLanes:
        """One thread for the index and light documents; heavy documents run on their own (lanes.py)."""
        from .lanes import AnalysisLanes

        return AnalysisLanes()

    @property
    def analysis_executor(self) -> ThreadPoolExecutor:
        return self.lanes.light

    @cached_property
    def jax_versions(self) -> JaxVersionCache:
        from .jax_version import JaxVersionCache

        return JaxVersionCache()

    @cached_property
    def rules(self) -> dict[str, Rule]:
        from pallas_lsp.analysis.rules import catalog

        return catalog()

    @cached_property
    def indexer(self) -> WorkspaceIndexer:
        """The workspace program (project.WorkspaceIndex), built in the background."""
        from .indexing import WorkspaceIndexer

        return WorkspaceIndexer(self)

    def load_first_diagnostics_path(self) -> None:
        """Import what the first diagnostics of a document use (the analysis core, the
        rules, the project model, the lanes, the index), so that the first `didOpen` does
        not wait for it; `initialize` is answered before (lsp/server.py's docstring)."""
        from . import analysis_worker, convert  # noqa: F401 (imported for their first use)

        for name in ("rules", "lanes", "jax_versions", "indexer"):
            getattr(self, name)
        from pallas_lsp.project import environments  # noqa: F401

        # What was just imported lives as long as the process: out of the collector's
        # scans, like what serve() froze before the first message (runtime.tune_gc).
        tune_gc()

    def close_lanes(self) -> None:
        if "lanes" in self.__dict__:  # never built: no worker runs
            self.lanes.close()

    @cached_property
    def axes(self) -> AxisFeatures:
        """Axis names as symbols: navigation, rename, completion, hints, lenses, outline."""
        from .axes_features import AxisFeatures

        return AxisFeatures(self, lambda: self.indexer.index)

    @cached_property
    def lowering(self) -> LoweringService:
        """The real-lowering check (worker processes that import JAX), started when asked."""
        from .lowering_command import LoweringService

        return LoweringService(self)

    def close_lowering(self) -> None:
        if "lowering" in self.__dict__:  # never built: nothing runs
            self.lowering.close()

    # -- documents ----------------------------------------------------------------------

    def open_document(self, uri: str) -> TextDocument | NotebookText | None:
        """The open text document, or the open notebook as the module of its code cells."""
        document = self.workspace.text_documents.get(unquote(uri))
        if document is None and uri in self.docs:
            return notebooks.snapshot(self.workspace, uri)
        return document

    def notebook_of(self, cell_uri: str) -> tuple[str, NotebookText] | None:
        """(notebook URI, its analysed snapshot) when ``cell_uri`` is a cell of an open notebook."""
        owner = notebooks.owner(self.workspace, cell_uri)
        state = self.docs.get(owner) if owner is not None else None
        if owner is None or state is None or state.notebook is None:
            return None
        return owner, state.notebook

    def project_settings(self, path: str | None) -> Resolved:
        """What applies to ``path``: the editor settings the user set, else the project's
        `[tool.pallas-lsp]` (project.config), else the defaults."""
        overrides, fallbacks = project_overrides(self.settings)
        if not path or not os.path.isabs(path):  # an untitled buffer has no project
            return resolve(path or "", overrides, search=False, fallbacks=fallbacks)
        try:
            return resolve(path, overrides, fallbacks=fallbacks)
        except ConfigError as exc:
            if str(exc) not in self.config_errors_shown:
                self.config_errors_shown.add(str(exc))
                self.notify_user(types.MessageType.Warning, f"pallas-lsp: {exc}; it is not used")
            return resolve(path, overrides, search=False, fallbacks=fallbacks)

    def interpreter_for(self, path: str | None) -> Interpreter:
        """The interpreter that lowers ``path``, named by who chose it: the configured one
        (an editor setting, the project's `[tool.pallas-lsp]` python, the editor's own pick),
        else the environment with JAX discovered for the file (as the CLI discovers it), else
        pallas-lsp's own. Lowering starts it only in a trusted workspace (interpreters.permit)."""
        from pallas_lsp.interpreters import Interpreter, Origin, own_interpreter

        resolved = self.project_settings(path)
        setting = resolved.values["python"]
        if setting.value:
            if setting.source.startswith("pyproject.toml") and resolved.config is not None:
                return Interpreter(setting.value, Origin.PYPROJECT,
                                   f"{setting.source} [tool.pallas-lsp] python",
                                   named_in=str(resolved.config.path))
            origin = Origin.USER_SETTING if setting.source.startswith("editor setting") else Origin.EDITOR
            return Interpreter(setting.value, origin, setting.source)
        env = self.environment_for(path, resolved.value("jax-version"))
        if env is not None:
            return Interpreter(env.python, Origin.DISCOVERED, env.where)
        return own_interpreter("pallas-lsp's own Python (no interpreter with JAX was configured or found)")

    def environment_for(self, path: str | None, jax_version: str | None) -> Environment | None:
        """The environment with JAX discovered for ``path`` when no interpreter is configured
        (project.environments, the CLI's discovery: read from files, nothing run)."""
        from pallas_lsp.project.environments import discover_environment

        if not path or not os.path.isabs(path):
            return None
        return discover_environment(path, _wanted_version(jax_version)).chosen

    def environment_known(self, path: str | None, jax_version: str | None) -> bool:
        """Whether ``environment_for`` answers from memory: a keystroke then takes no thread
        hop for it (the first analysis of a folder reads its files in a thread)."""
        from pallas_lsp.project.environments import discovery_known

        return not path or not os.path.isabs(path) or discovery_known(path, _wanted_version(jax_version))

    def say_environment(self, env: Environment) -> None:
        """The output channel says once which discovered environment the server uses."""
        if env.python in self.environments_logged:
            return
        self.environments_logged.add(env.python)
        message = (f"pallas-lsp: using {env.python} (JAX {env.jax_version}), found as {env.where}, "
                   "for installed packages and the JAX version; set pallasLsp.interpreter to choose another")
        logger.info("%s", message)
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Info, message=message))

    def settings_pulled(self) -> asyncio.Event:
        if self._settings_pulled is None:
            self._settings_pulled = asyncio.Event()
        return self._settings_pulled

    async def options(self, path: str | None = None) -> Options:
        pulled = self.settings_pulled()
        if not pulled.is_set():
            try:
                await asyncio.wait_for(pulled.wait(), _FIRST_PULL_WAIT_S)
            except TimeoutError:
                pulled.set()  # a client that never sends `initialized`: go on with what we have
        resolved = self.project_settings(path)
        python = resolved.value("python")
        loop = asyncio.get_running_loop()
        # Without a configured interpreter, the environment discovered for the file (read from
        # its files in a thread the first time; cached per folder afterwards).
        if python:
            env = None
        elif self.environment_known(path, resolved.value("jax-version")):
            env = self.environment_for(path, resolved.value("jax-version"))
        else:
            env = await loop.run_in_executor(None, self.environment_for, path, resolved.value("jax-version"))
        if env is not None:
            self.say_environment(env)
        version, source = await self.jax_versions.get(
            resolved.value("jax-version"), python,
            (env.jax_version, env.where) if env is not None and env.jax_version else None)
        chosen = resolved.values["jax-version"]
        if chosen.value is not None and chosen.source.startswith("pyproject.toml"):
            source = f"jax-version in {chosen.source}"
        if (version, source) != self._jax_shown:
            # The client's status bar shows it ("Pallas · JAX 0.12.0.1", the source in its tooltip).
            self._jax_shown = (version, source)
            shown = format_jax_version(version)
            logger.info("the rules follow JAX %s: %s", shown, source.removeprefix(f"JAX {shown} "))
            self.notify(JAX_VERSION, {"version": shown, "source": source})
        # The installed packages of the configured interpreter, else of the discovered
        # environment, else of pallas-lsp's own: read from their files, never run. Read once
        # per interpreter (in a thread); afterwards a lookup, kept off the executor so a
        # keystroke's analysis takes no thread hop for it.
        from pallas_lsp.project.environments import library_for, library_known, library_on

        if env is not None:
            library = library_on(env.search_path)
        else:
            python = python or sys.executable
            library = (library_for(python) if library_known(python) else
                       await loop.run_in_executor(None, library_for, python))
        return Options(
            jax_version=version,
            jax_version_source=source,
            select=selected_codes(resolved),
            ignore=ignored_codes(resolved),
            severity=dict(self.settings.severity),
            library=library,
        )

    async def target_options(self, path: str | None = None) -> list[Options]:
        """One Options per target release: pallasLsp.jaxVersions, else the one of options()."""
        base = await self.options(path)
        self.base_options = base
        if not self.settings.jax_versions:
            return [base]
        versions = sorted({parse_jax_version(v) for v in self.settings.jax_versions})
        return [replace(base, jax_version=v, jax_version_source="the pallasLsp.jaxVersions setting")
                for v in versions]

    def note_unmeasured(self, options: list[Options]) -> None:
        """Say once in the log which measured release the rules follow for an unmeasured one."""
        for option in options:
            _, note = rules_release(option.jax_version)
            if note and note not in self.version_notes:
                self.version_notes.add(note)
                self.log_warning(note)

    async def lint(self, uri: str) -> None:
        document = self.open_document(uri)
        if document is None:
            return
        state = self.docs.get(uri)
        if state is None:
            return
        version, source, edits = document.version, document.source, state.edits
        too_big = too_large(len(source) if source.isascii() else len(source.encode("utf-8", "replace")))
        if too_big is not None:
            self.skip_too_large(uri, state, version, edits, too_big)
            return
        targets = await self.target_options(state.path)
        self.note_unmeasured(targets)
        path = state.path or uri
        loop = asyncio.get_running_loop()
        index = self.indexer.index
        affected: set[str] = set()
        if self.docs.get(uri) is not state:
            # Closed while the options were read: the index must not take its text back.
            return
        started = time.monotonic()
        try:
            if state.heavy:
                outcome = await loop.run_in_executor(
                    self.lanes.heavy, self.lanes.processes.analyse, uri, source, targets, path,
                    lambda: self.docs.get(uri) is state and state.edits == edits)
                if outcome.failure is not None and self.docs.get(uri) is state and state.edits == edits:
                    self.publish_notice(uri, state, version, edits, outcome.failure,
                                        types.DiagnosticSeverity.Warning)
                if outcome.analysis is None:
                    return  # cancelled (a newer text follows), or failed (said above)
                analysis = outcome.analysis
            elif index is not None and state.path and index.covers(state.path):
                from . import indexing

                analysis, affected = await loop.run_in_executor(
                    self.analysis_executor, indexing.check_targets_in_index, index, path, source, targets
                )
            else:
                analysis = await self.analyse_light(state, source, targets, path)
        except Exception as exc:
            # A bug in a rule must not cost the user the server: log it, say it once,
            # and keep what is on screen.
            logger.exception("analysis of %s (version %s) failed", uri, version)
            if not self.analysis_failure_shown:
                self.analysis_failure_shown = True
                self.notify_user(
                    types.MessageType.Error,
                    f"pallas-lsp: the analysis failed on {path}: {exc!r} (details in the log)",
                )
            return
        state.heavy = self.lanes.is_heavy(time.monotonic() - started, analysis.stopped)
        # Even when this result is stale, the index took the text: its dependents must follow.
        self.relint_paths(affected)
        if self.docs.get(uri) is not state or state.edits != edits:
            logger.debug("dropping the analysis of %s version %s: stale", uri, version)
            return
        if analysis.syntax_error is not None:
            state.analysis = None
            # Keep the last good findings on screen; only drop lowering results that went stale.
            if state.lowering is not None and state.lowering.edits != edits:
                state.lowering = None
                self.publish(uri, state, state.version)
            return
        unchanged = (
            state.analysed_edits == edits
            and state.findings == analysis.findings
            and state.source == source
            and state.lowering is None
            # A notebook's cells moved or renumbered: the same text, other cells to publish to.
            and state.notebook == (document if isinstance(document, NotebookText) else None)
        )
        state.analysis = analysis
        state.findings = analysis.findings
        state.source = source
        state.version = version
        state.analysed_edits = edits
        state.notebook = document if isinstance(document, NotebookText) else None
        if state.lowering is not None and state.lowering.edits != edits:
            state.lowering = None
        if analysis.stopped and analysis.stopped != state.stopped_note:
            state.stopped_note = analysis.stopped
            self.window_log_message(
                types.LogMessageParams(type=types.MessageType.Warning, message=f"{uri}: {analysis.stopped}")
            )
        # Hints and lenses asked for meanwhile were refused as stale (axes_features'
        # snapshot): the editor is asked to request them again.
        if self.client.inlay_hint_refresh and self.settings.inlay_hints:
            self.workspace_inlay_hint_refresh(None)
        if self.client.code_lens_refresh and self.settings.workspace_trusted:
            self.workspace_code_lens_refresh(None)
        if unchanged:
            return  # a dependent re-checked with the same result: the client already shows it
        self.publish(uri, state, version)

    async def analyse_light(self, state: DocState, source: str, targets: list[Options],
                            path: str) -> Analysis:
        """A light document alone: on the event loop when it is quick (lanes.inline), else
        on the light lane's thread. Its findings are the same either way: a run on the loop
        that reaches INLINE_BUDGET_S runs again on the lane with the full budget."""
        from .analysis_worker import analyse_alone
        from .lanes import INLINE_BUDGET_S, INLINE_S

        loop = asyncio.get_running_loop()
        if self.lanes.inline(state.quick_length, len(source)):
            began = time.monotonic()
            analysis = analyse_alone(source, [replace(t, budget_s=min(t.budget_s, INLINE_BUDGET_S))
                                              for t in targets], path, state.reparser)
            spent = time.monotonic() - began
            # A message that came meanwhile (the next keystroke) is read before the result is
            # judged stale: the reader's callback, then its task, take two turns of the loop.
            for _ in range(3):
                await asyncio.sleep(0)
            if analysis.stopped is None:
                state.quick_length = len(source) if spent <= INLINE_S else -1
                return analysis
        began = time.monotonic()
        analysis = await loop.run_in_executor(self.analysis_executor, analyse_alone,
                                              source, targets, path, state.reparser)
        quick = analysis.stopped is None and time.monotonic() - began <= INLINE_S
        state.quick_length = len(source) if quick else -1
        return analysis

    def skip_too_large(self, uri: str, state: DocState, version: int | None, edits: int,
                       message: str) -> None:
        """One information diagnostic, no analysis: the document is over the size limit."""
        self.publish_notice(uri, state, version, edits, message, types.DiagnosticSeverity.Information)

    def publish_notice(self, uri: str, state: DocState, version: int | None, edits: int,
                       message: str, severity: types.DiagnosticSeverity) -> None:
        """One diagnostic on the first line instead of findings: why there are none."""
        state.analysis, state.findings, state.source, state.lowering = None, (), "", None
        state.version, state.analysed_edits = version, edits
        if state.stopped_note != message:
            state.stopped_note = message
            self.log_warning(f"{uri}: {message}")
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=[types.Diagnostic(
                range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)),
                message=message, severity=severity, source="pallas-lsp")]))

    def publish(self, uri: str, state: DocState, version: int | None) -> None:
        from .convert import finding_to_diagnostic

        positions = self.positions(state)
        notes = state.lowering.notes if state.lowering is not None else {}
        diagnostics = [
            finding_to_diagnostic(
                finding,
                uri,
                positions,
                self.rules,
                lowering=notes.get((finding.code, finding.span)),
            )
            for finding in state.findings
        ]
        if state.lowering is not None:
            diagnostics.extend(state.lowering.diagnostics)
        state.published = True
        if state.notebook is not None:
            state.shown_cells = notebooks.publish_cells(
                self.text_document_publish_diagnostics, self.workspace, state.notebook, diagnostics,
                state.shown_cells)
            return
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=diagnostics)
        )

    def schedule(self, uri: str, *, delay_s: float | None = None) -> None:
        delay = self.settings.debounce_ms / 1000 if delay_s is None else delay_s
        self.debouncer.schedule(uri, delay, lambda: self.lint(uri))

    def relint_all(self) -> None:
        """Lint every open document again (settings, trust or the environment changed),
        except, with lintOnChange off, a document whose edits wait for a save: its findings
        stay those of its last analysis until the save (the setting's promise)."""
        for uri, state in list(self.docs.items()):
            if self._waits_for_save(state):
                continue
            self.schedule(uri, delay_s=0)

    def _waits_for_save(self, state: DocState) -> bool:
        return not self.settings.lint_on_change and state.analysed_edits not in (-1, state.edits)

    def schedule_unless_pending(self, uri: str) -> None:
        """Lint now, unless a lint is already waiting for the user to stop typing (or, with
        lintOnChange off, the document has edits that wait for a save)."""
        state = self.docs.get(uri)
        if state is None or self.debouncer.pending(uri) or self._waits_for_save(state):
            return
        self.schedule(uri, delay_s=0)

    def relint_paths(self, paths: set[str]) -> None:
        """Lint the open documents of these files again (their dependencies changed)."""
        if not paths:
            return
        for uri, state in list(self.docs.items()):
            if state.path in paths:
                self.schedule_unless_pending(uri)

    def positions(self, state: DocState) -> Positions:
        """Column conversion for the text the findings were computed on; spans in other
        workspace files convert with the index's text of them (an unsaved buffer's)."""
        from .convert import Positions

        return Positions(state.source, self.encoding, others=self.indexer.indexed_text, path=state.path)

    # -- what the indexer and the lowering service use (IndexHost, LoweringHost) ------------

    def open_texts(self) -> dict[str, str]:
        texts = {}
        for uri, state in self.docs.items():
            document = self.open_document(uri)
            if document is not None and state.path:
                texts[state.path] = document.source
        return texts

    def relint_open_documents(self) -> None:
        for uri in list(self.docs):
            self.schedule_unless_pending(uri)

    def log_warning(self, message: str) -> None:
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Warning, message=message))

    def log_info(self, message: str) -> None:
        """A line in the client's output channel (no notification)."""
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Info, message=message))

    def progress(self) -> Progress | None:
        return self.work_done_progress if self.client.work_done_progress else None

    def notify(self, method: str, params: Mapping[str, object]) -> None:
        self.protocol.notify(method, dict(params))

    @property
    def encoding(self) -> str:
        encoding = self.workspace.position_encoding or types.PositionEncodingKind.Utf16
        return str(getattr(encoding, "value", encoding))

    # -- settings -----------------------------------------------------------------------

    def apply_settings(self, raw: Any) -> None:
        old = self.settings
        self.settings, problems = parse_settings(raw, old)
        set_max_file_mb(self.settings.max_file_size_mb)
        for problem in problems:
            logger.warning("%s", problem)
            if self.settings.show_notifications != "off":
                self.window_show_message(
                    types.ShowMessageParams(type=types.MessageType.Warning, message=f"pallas-lsp: {problem}")
                )
        if old.inlay_hints != self.settings.inlay_hints and self.client.inlay_hint_refresh:
            self.workspace_inlay_hint_refresh(None)
        if old.workspace_trusted != self.settings.workspace_trusted and self.client.code_lens_refresh:
            self.workspace_code_lens_refresh(None)

    async def pull_settings(self) -> None:
        if not self.client.configuration:
            return
        try:
            result = await self.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
            )
        except Exception as exc:  # a client that advertises pull but fails it: keep what we have
            logger.warning("workspace/configuration failed: %s", exc)
            return
        if result and isinstance(result[0], dict):
            self.apply_settings(result[0])

    def notify_user(self, level: types.MessageType, message: str) -> None:
        """window/showMessage, filtered by the showNotifications setting."""
        threshold = {
            "off": 0,
            "onError": types.MessageType.Error,
            "onWarning": types.MessageType.Warning,
            "always": types.MessageType.Log,
        }[self.settings.show_notifications]
        if threshold and level <= threshold:
            self.window_show_message(types.ShowMessageParams(type=level, message=message))
        else:
            self.window_log_message(types.LogMessageParams(type=level, message=message))

    def report_server_error(self, error: Exception, source: Any) -> None:
        if isinstance(error, RenameRefused):
            return  # an answer, not a fault: PallasProtocol logged it at info level
        # Request errors already go back in the response; others are logged and shown
        # according to showNotifications instead of pygls' unconditional popup.
        logger.error("server error (%s): %s", getattr(source, "__name__", source), error)
        if source is FeatureRequestError:
            return
        # Once per session: a client that keeps sending malformed messages must not
        # bury the user in popups; the rest go to the output channel.
        message = f"pallas-lsp: internal error: {error}"
        if self._error_shown:
            self.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=message))
            return
        self._error_shown = True
        self.notify_user(types.MessageType.Error, message + " (further errors go to the log)")


def _version() -> str:
    # The package's own constant: importlib.metadata costs ~60 ms of start-up (zipfile et al.).
    from pallas_lsp import __version__

    return __version__


server = PallasServer()


@server.feature(types.INITIALIZE)
def initialize(ls: PallasServer, params: types.InitializeParams) -> None:
    caps = params.capabilities
    workspace = caps.workspace
    watched = workspace.did_change_watched_files if workspace else None
    ls.client = ClientFeatures(
        configuration=bool(workspace and workspace.configuration),
        watch_files=bool(watched and watched.dynamic_registration),
        work_done_progress=bool(caps.window and caps.window.work_done_progress),
        document_changes=bool(
            workspace and workspace.workspace_edit and workspace.workspace_edit.document_changes
        ),
        code_lens_refresh=bool(workspace and workspace.code_lens and workspace.code_lens.refresh_support),
        inlay_hint_refresh=bool(workspace and workspace.inlay_hint and workspace.inlay_hint.refresh_support),
    )
    ls.apply_settings(params.initialization_options)
    ls.core_at_initialize = "pallas_lsp.analysis.interpreter" in sys.modules
    # pygls writes the answer when this returns, before the loop runs its next callback:
    # the analysis core is imported then, ahead of the `didOpen` that follows.
    asyncio.get_running_loop().call_soon(ls.load_first_diagnostics_path)


@server.feature(types.INITIALIZED)
async def initialized(ls: PallasServer, params: types.InitializedParams) -> None:
    try:
        await ls.pull_settings()
    finally:
        ls.settings_pulled().set()
    if ls.client.watch_files:
        from . import indexing

        work_progress.spawn(indexing.watch_files(ls.client_register_capability_async), "the file watcher")
    _index_workspace(ls)
    ls.relint_all()


def _index_workspace(ls: PallasServer) -> None:
    from . import indexing

    roots = indexing.workspace_roots(ls.workspace.folders, ls.workspace.root_uri)
    work_progress.spawn(ls.indexer.build(roots, ls.progress()), "workspace indexing")


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def did_change_configuration(ls: PallasServer, params: types.DidChangeConfigurationParams) -> None:
    settings = plain(params.settings)
    if isinstance(settings, dict) and SECTION in settings:
        ls.apply_settings(settings)
    elif ls.client.configuration:
        # The pull model: the notification only says "something changed" (VS Code sends null).
        await ls.pull_settings()
    elif isinstance(settings, dict) and settings:
        ls.apply_settings(unwrap(settings))
    ls.jax_versions.forget()
    ls.relint_all()


@server.feature(WORKSPACE_TRUST)
def workspace_trust(ls: PallasServer, params: Any) -> None:
    trusted = plain(params)
    if isinstance(trusted, dict) and isinstance(trusted.get("trusted"), bool):
        ls.apply_settings({"workspaceTrusted": trusted["trusted"]})
    else:
        logger.warning('%s: expected {"trusted": bool}, got %r', WORKSPACE_TRUST, trusted)


@server.feature(types.SHUTDOWN)
def shutdown(ls: PallasServer, params: Any) -> None:
    """Stop pending lints and lowering checks, and the warm JAX workers (hundreds of MB each)."""
    ls.debouncer.cancel_all()
    ls.close_lowering()
    ls.close_lanes()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: PallasServer, params: types.DidOpenTextDocumentParams) -> None:
    uri = params.text_document.uri
    path = to_fs_path(uri)
    if path and "\0" in path:
        # No file can have this name: its text is analysed alone, and the user is told why.
        ls.log_warning(f"pallas-lsp: {uri} names no file (its path holds a NUL character, %00): "
                       "the document is analysed alone, without its folder's modules")
        path = ""
    ls.docs[uri] = DocState(path=os.path.normpath(path) if path else "")
    ls.schedule(uri, delay_s=0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: PallasServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    if uri not in ls.docs:
        return
    state = ls.docs[uri]
    state.edits += 1
    if state.heavy:
        ls.lanes.cancel(uri)  # its analysis in progress is of an older text
    if state.lowering is not None:
        # Lowering results describe the text they ran on: gone with the first edit.
        state.lowering = None
        ls.publish(uri, state, state.version)
    if ls.settings.lint_on_change:
        ls.schedule(uri)
    else:
        ls.debouncer.cancel(uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: PallasServer, params: types.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    if uri not in ls.docs:
        return
    ls.schedule(uri, delay_s=0)
    if ls.settings.lowering.on_save and ls.settings.workspace_trusted:
        work_progress.spawn(ls.lowering.confirm(uri, on_save=True), "the on-save lowering check")


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: PallasServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.debouncer.cancel(uri)
    ls.lanes.cancel(uri)
    state = ls.docs.pop(uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
    if state is not None and state.heavy and not any(other.heavy for other in ls.docs.values()):
        ls.lanes.processes.release_idle()  # a warm worker holds what its last analysis used
    if state is not None and state.path and ls.indexer.index is not None:
        # Its file goes back to the disk's text, which the documents it reaches now see.
        work_progress.spawn(ls.indexer.close(state.path), "closing a document in the index")


@server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
def did_open_notebook(ls: PallasServer, params: types.DidOpenNotebookDocumentParams) -> None:
    uri = params.notebook_document.uri
    path = to_fs_path(uri)
    ls.docs[uri] = DocState(path=os.path.normpath(path) if path else "")
    ls.schedule(uri, delay_s=0)


@server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
def did_change_notebook(ls: PallasServer, params: types.DidChangeNotebookDocumentParams) -> None:
    # A cell's text, or cells added, removed or moved: the module changed like a file would.
    did_change(ls, types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(
            uri=params.notebook_document.uri, version=params.notebook_document.version),
        content_changes=[]))


@server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
def did_save_notebook(ls: PallasServer, params: types.DidSaveNotebookDocumentParams) -> None:
    did_save(ls, types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=params.notebook_document.uri)))


@server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
def did_close_notebook(ls: PallasServer, params: types.DidCloseNotebookDocumentParams) -> None:
    uri = params.notebook_document.uri
    state = ls.docs.get(uri)
    for cell_uri in state.shown_cells if state is not None else ():
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=cell_uri, diagnostics=[]))
    did_close(ls, types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


# Hover and code actions are coroutines so that pygls runs them as tasks: a
# $/cancelRequest read before the task starts cancels it (answered RequestCancelled).
@server.feature(types.TEXT_DOCUMENT_HOVER)
async def on_hover(ls: PallasServer, params: types.HoverParams) -> types.Hover | None:
    notebook = ls.notebook_of(params.text_document.uri)
    if notebook is not None:
        position = notebooks.to_module(notebook[1].cells, params.text_document.uri, params.position)
        result = _hover(ls, notebook[0], position) if position is not None else None
        return notebooks.hover_to_cell(result, notebook[1].cells)
    return _hover(ls, params.text_document.uri, params.position)


def _hover(ls: PallasServer, uri: str, position: types.Position) -> types.Hover | None:
    state = ls.docs.get(uri)
    if state is None or (not state.source and not state.findings):
        return None
    from . import hover

    positions = ls.positions(state)
    line, col = positions.from_lsp(position)
    ops = state.analysis.ops if state.analysis is not None else ()
    return hover.hover(line, col, state.findings, ops, ls.rules, positions)


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND, UPGRADE_KIND],
        resolve_provider=False,
    ),
)
async def on_code_action(ls: PallasServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    notebook = ls.notebook_of(params.text_document.uri)
    if notebook is None:
        return _code_actions(ls, params.text_document.uri, params.range, params.context.only)
    cells = notebook[1].cells
    start = notebooks.to_module(cells, params.text_document.uri, params.range.start)
    end = notebooks.to_module(cells, params.text_document.uri, params.range.end)
    if start is None or end is None:
        return None
    found = _code_actions(ls, notebook[0], types.Range(start=start, end=end), params.context.only)
    versions = {unquote(uri): document.version for uri, document in ls.workspace.text_documents.items()}
    return notebooks.actions_to_cells(found, notebook[1], versions) or None


def _code_actions(ls: PallasServer, uri: str, range_: types.Range,
                  only: list[str] | None) -> list[types.CodeAction] | None:
    state = ls.docs.get(uri)
    document = ls.open_document(uri)
    if state is None or state.analysis is None or document is None:
        return None
    if state.analysed_edits != state.edits:
        # The findings are of an older text (a lint is pending): their edits would be misplaced.
        return None
    positions = ls.positions(state)
    start = positions.from_lsp(range_.start)
    end = positions.from_lsp(range_.end)
    upgrades = _upgrade_actions(ls, uri, state, positions, only)
    from . import actions

    return (
        upgrades + actions.code_actions(
            uri=uri,
            version=state.version,
            # Python's lines (not str.splitlines, which also breaks at \f and \v).
            source_lines=[positions.index.line_text(n) for n in range(1, positions.index.line_count + 1)],
            findings=state.analysis.findings,
            start=start,
            end=end,
            only=only,
            positions=positions,
            rules=ls.rules,
            versioned_edits=ls.client.document_changes,
        )
        or None
    )


def _upgrade_actions(ls: PallasServer, uri: str, state: DocState, positions: Positions,
                     only: list[str] | None) -> list[types.CodeAction]:
    """A source action per release the file could move to (pallasLsp.jaxVersions and the
    newest measured), from the release the rules follow now, when something would change."""
    base = ls.base_options
    if not only or not any(UPGRADE_KIND.startswith(str(kind)) for kind in only) \
            or base is None or state.source is None:
        return []
    from pallas_lsp.analysis import analyze, upgrade

    from . import actions

    found = []
    targets = {parse_jax_version(v) for v in ls.settings.jax_versions} | {NEWEST_KNOWN_JAX}
    before = analyze(state.source, base, path=state.path or uri).findings
    for target in sorted(targets - {base.jax_version}):
        after = analyze(state.source, replace(base, jax_version=target), path=state.path or uri)
        fixes = upgrade.mechanical_fixes(upgrade.breaking(before, after.findings))
        action = actions.upgrade_action(uri=uri, version=state.version,
                                        target=format_jax_version(target), fixes=fixes,
                                        positions=positions, versioned_edits=ls.client.document_changes)
        if action is not None:
            found.append(action)
    return found


@server.feature(DEBUG_INFO)
def debug_info(ls: PallasServer, params: Any) -> dict[str, Any]:
    """Hidden: lets tests prove the server never imported jax, and shows what it runs with."""
    return {
        "jaxImported": any(name == "jax" or name.startswith(("jax.", "jaxlib")) for name in sys.modules),
        "modules": len(sys.modules),
        "coreAtInitialize": ls.core_at_initialize,
        "python": sys.executable,
        "encoding": ls.encoding,
        # The heavy documents' analysis processes (analysis_pool.py): pid, document, JAX imported.
        "analysisWorkers": ls.lanes.processes.describe(),
        # What open documents and handled messages leave behind (a closed document: nothing).
        "held": {"documents": len(ls.workspace.text_documents), "states": len(ls.docs),
                 "futures": len(ls.protocol._request_futures)},
        "settings": {
            "jaxVersion": ls.settings.jax_version,
            "interpreter": list(ls.settings.interpreter or ()),
            "select": sorted(ls.settings.select) if ls.settings.select is not None else None,
            "ignore": sorted(ls.settings.ignore),
            "severity": {k: v.value for k, v in ls.settings.severity.items()},
            "lintOnChange": ls.settings.lint_on_change,
            "workspaceTrusted": ls.settings.workspace_trusted,
        },
    }


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_watched_files(ls: PallasServer, params: types.DidChangeWatchedFilesParams) -> None:
    from . import indexing

    paths = indexing.changed_paths(params)
    if paths:
        work_progress.spawn(ls.indexer.refresh(paths), "re-reading files changed on disk")


@server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
def did_change_workspace_folders(ls: PallasServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
    _index_workspace(ls)


@server.command(CONFIRM_LOWERING)
async def confirm_lowering(ls: PallasServer, *args: Any) -> dict[str, Any]:
    from .lowering_command import bad_arguments, command_target

    target = command_target(tuple(plain(list(args))))
    if isinstance(target, str):
        return bad_arguments(target)
    uri, version = target
    notebook = ls.notebook_of(uri)
    if notebook is not None:
        uri, version = notebook[0], None  # a cell's version is not the notebook's
    result = await ls.lowering.confirm(uri, version=version)
    ls.axes.lowering_done(uri, result)
    if ls.client.code_lens_refresh:
        ls.workspace_code_lens_refresh(None)
    return result


# -- axis names as symbols (lsp/axes_features.py) --------------------------------------------

@server.feature(types.TEXT_DOCUMENT_DEFINITION)
async def on_definition(ls: PallasServer, params: types.DefinitionParams) -> list[types.Location] | None:
    return await ls.axes.definition(params)


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
async def on_references(ls: PallasServer, params: types.ReferenceParams) -> list[types.Location] | None:
    return await ls.axes.references(params)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)
async def on_highlight(ls: PallasServer, params: types.DocumentHighlightParams,
                       ) -> list[types.DocumentHighlight] | None:
    return await ls.axes.highlight(params)


@server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
async def on_prepare_rename(ls: PallasServer, params: types.PrepareRenameParams,
                            ) -> types.PrepareRenamePlaceholder:
    return await ls.axes.prepare_rename(params)


@server.feature(types.TEXT_DOCUMENT_RENAME)
async def on_rename(ls: PallasServer, params: types.RenameParams) -> types.WorkspaceEdit:
    return await ls.axes.rename(params, versioned=ls.client.document_changes)


@server.feature(types.TEXT_DOCUMENT_COMPLETION,
                types.CompletionOptions(trigger_characters=['"', "'", "(", ",", "="]))
async def on_completion(ls: PallasServer, params: types.CompletionParams) -> types.CompletionList | None:
    return await ls.axes.completion(params)


@server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
async def on_inlay_hint(ls: PallasServer, params: types.InlayHintParams) -> list[types.InlayHint] | None:
    return await ls.axes.inlay_hints(params)


@server.feature(types.TEXT_DOCUMENT_CODE_LENS)
async def on_code_lens(ls: PallasServer, params: types.CodeLensParams) -> list[types.CodeLens] | None:
    return await ls.axes.code_lenses(params)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
async def on_document_symbol(ls: PallasServer, params: types.DocumentSymbolParams,
                             ) -> list[types.DocumentSymbol] | None:
    return await ls.axes.document_symbols(params)


@server.feature(types.WORKSPACE_SYMBOL)
async def on_workspace_symbol(ls: PallasServer, params: types.WorkspaceSymbolParams,
                              ) -> list[types.SymbolInformation] | None:
    return await ls.axes.workspace_symbols(params)


def _routine_cancel(record: logging.LogRecord) -> bool:
    """pygls warns when the client cancels a request that was already answered; VS Code
    does that whenever the mouse leaves a hover. Routine, so not in the user's log."""
    return not record.getMessage().startswith("Cancel notification for unknown message id")


def serve(early: EarlyStart | None = None) -> None:
    """Run the server on stdin/stdout until the client says exit; ``early``: what
    early.py read and answered before this module was imported."""
    logging.basicConfig(
        level=logging.WARNING,
        stream=sys.stderr,
        # No time: an editor's log stamps each line itself (VS Code's output channel does).
        format="%(levelname)s %(name)s: %(message)s",
    )
    # pygls logs every message at INFO: on stderr that is noise, and it costs time per keystroke.
    logging.getLogger("pallas_lsp").setLevel(logging.INFO)
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_routine_cancel)
    tune_gc()
    try:
        run_stdio(server, early)
    finally:
        end_process(getattr(server.protocol, "exit_code", 0), (server.close_lowering, server.close_lanes))

