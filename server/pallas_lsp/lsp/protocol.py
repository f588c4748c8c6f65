"""The JSON-RPC and document layer under the server: every pygls adaptation, and the
names of pallas-lsp's own LSP methods and commands (one place; the client uses the same).

- A request whose params cannot be read gets an error response (pygls leaves it unanswered).
- A request whose handler raises gets an error response that says what failed, without
  pygls's traceback (the traceback goes to the log); a refusal the handler raised on
  purpose (RenameRefused) is answered with its own message and logged in one line.
- ``didChange`` for a document that was never opened, and ``notebookDocument/didChange``
  for a notebook (or a cell) that is not open, are a log line, not an error popup.
- A handler's future is forgotten once it is done: pygls keeps the future of every
  notification and every step of a built-in handler in ``_request_futures`` forever
  (about 1.8 KB per ``didChange``: 10,000 edits held 18 MB after the document closed).
- Documents split lines where Python and LSP do, not where ``str.splitlines`` does.
- Custom params arrive as namedtuples (``plain`` turns them back into dicts).
"""

from __future__ import annotations

import collections
import json
import logging
import re
from collections.abc import Sequence
from functools import partial
from typing import Any
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.workspace import TextDocument, Workspace

from .text_edits import apply_change

logger = logging.getLogger("pallas_lsp.lsp")

# pallas-lsp's own methods and command (client/src uses the same strings).
DEBUG_INFO = "pallasLsp/debugInfo"  # hidden: what the server runs with (tests read it)
WORKSPACE_TRUST = "pallasLsp/workspaceTrust"  # client -> server: {"trusted": bool}
LOWERING_STATUS = "pallasLsp/loweringStatus"  # server -> client: how a lowering check went
JAX_VERSION = "pallasLsp/jaxVersion"  # server -> client: {"version", "source"} the rules follow
CONFIRM_LOWERING = "pallasLsp.confirmLowering"  # workspace/executeCommand
WATCHER_ID = "pallas-lsp-python-files"  # the dynamic registration of the **/*.py watcher
# The code action kinds of fix-all and of "Upgrade this file for JAX X" (actions.py).
FIX_ALL_KIND = "source.fixAll.pallasLsp"
UPGRADE_KIND = "source.upgrade.pallasLsp"

# Python ends lines at \n, \r\n and \r only; str.splitlines (which pygls uses to
# apply incremental edits) also splits at \f, \v, \x1c-\x1e, \x85, \u2028, \u2029.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class PythonTextDocument(TextDocument):
    """A TextDocument whose lines end where LSP and Python say they do, and whose
    incremental changes are applied in place (text_edits.py), not by splitting the whole
    text into lines on every keystroke."""

    @property
    def lines(self) -> Sequence[str]:
        return tuple(_LINE.findall(self.source))

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        codec = self._position_codec
        encoding = str(getattr(codec.encoding, "value", codec.encoding))
        utf32 = encoding == types.PositionEncodingKind.Utf32.value
        start, end = change.range.start, change.range.end
        self._source = apply_change(self.source, (start.line, start.character), (end.line, end.character),
                                    change.text, None if utf32 else codec.impl.code_units_for_char)


class PythonWorkspace(Workspace):
    """A pygls Workspace whose documents are PythonTextDocuments."""

    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        document = super()._create_text_document(doc_uri, source, version, language_id)
        document.__class__ = PythonTextDocument  # same state, Python's line ends
        return document


def plain(value: Any) -> Any:
    """pygls hands custom params over as namedtuples; turn them back into dicts and lists."""
    if hasattr(value, "_asdict"):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


_ANSWERED = object()  # a request already answered with an error while it was read


class PallasProtocol(LanguageServerProtocol):
    # What the process exits with after the loop ends: 0 after shutdown, 1 for an exit
    # without one (LSP); pygls computes it and then loses it in start_io.
    exit_code: int = 0
    # (id, JSON body) of the initialize answer early.py sent before pygls was imported:
    # pygls's own answer for that id is compared with it and never sent (early.py).
    early_answer: tuple[Any, bytes] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._request_methods: dict[Any, str] = {}  # a request's id -> its method, until answered
        # Handlers that are done, forgotten at the next message: a done callback may run on a
        # worker thread, or while pygls iterates the table (shutdown cancels every future).
        self._done: collections.deque[tuple[Any, Any]] = collections.deque()

    def _execute_handler(self, msg_id: Any, handler: Any, callback: Any,
                         args: tuple[Any, ...] | None = None, kwargs: dict[str, Any] | None = None) -> None:
        super()._execute_handler(msg_id, handler, partial(self._note_done, msg_id, callback), args, kwargs)

    def _note_done(self, msg_id: Any, callback: Any, future: Any) -> None:
        try:
            callback(future)
        finally:
            self._done.append((msg_id, future))

    def _forget_done(self) -> None:
        while self._done:
            msg_id, future = self._done.popleft()
            if self._request_futures.get(msg_id) is future:
                del self._request_futures[msg_id]

    def _send_data(self, data: Any) -> None:
        early = self.early_answer
        if early is not None and _answers(data, early[0]):
            self.early_answer = None
            body = json.dumps(data, default=self._serialize_message).encode()
            if body != early[1]:
                # A bug in early.py (tests/lsp/test_early.py holds the two equal): the client
                # runs with the answer it has; the difference is in the log.
                logger.error("initialize was answered early (early.py) with an answer that differs "
                             "from the server's own; sent: %s; the server's: %s",
                             early[1].decode(errors="replace"), body.decode(errors="replace"))
            return
        super()._send_data(data)

    def _handle_request(self, msg_id: Any, method_name: str, params: Any) -> None:
        self._request_methods[msg_id] = method_name
        super()._handle_request(msg_id, method_name, params)

    def _send_handler_result(self, future: Any, *, msg_id: Any) -> None:
        method = self._request_methods.pop(msg_id, "a request")
        error = None if future.cancelled() else future.exception()
        if error is None:
            super()._send_handler_result(future, msg_id=msg_id)
            return
        self._request_futures.pop(msg_id, None)
        if isinstance(error, JsonRpcException):
            # A refusal the handler meant (rename refused, a bad argument): its own words.
            logger.info("%s answered error %s: %s", method, error.code, error.message)
            self._send_response(msg_id, error=error.to_response_error())
            return
        logger.error("%s failed", method, exc_info=error)
        self._send_response(msg_id, error=types.ResponseError(
            code=types.ErrorCodes.InternalError,
            message=f"pallas-lsp could not answer {method}: {type(error).__name__}: {error}. This is a "
                    "bug in pallas-lsp: the server's log has the traceback; please report it"))

    def structure_message(self, data: dict[str, Any]) -> Any:
        # The JSON decoder calls this hook for every object, nested ones included: only a
        # message (it carries "jsonrpc") is judged as one. A cancel's params {"id": 3}
        # are params, not an id-less request (issue 12).
        if not isinstance(data, dict) or "jsonrpc" not in data:
            return data
        # pygls raises out of the JSON decoder when a request's params cannot be read, and
        # the request is never answered: the client would wait forever. JSON-RPC says to
        # answer it with the error (-32602 Invalid params).
        invalid = _invalid_request(data)
        if invalid is not None:
            # JSON-RPC 2.0: an id that is no string or number, or a request with an id but
            # no method, is an Invalid Request, answered with id null (never a traceback).
            self._send_response(None, error=JsonRpcInvalidRequest(invalid).to_response_error())
            return _ANSWERED
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if isinstance(data, dict) and "id" in data and "method" in data:
                self._send_response(data["id"], error=exc.to_response_error())
                return _ANSWERED
            raise

    def handle_message(self, message: Any) -> None:
        self._forget_done()
        if message is _ANSWERED:
            return
        method = getattr(message, "method", None)
        if self._shutdown and method is not None and method != types.EXIT and hasattr(message, "id"):
            # LSP: a request after shutdown is answered InvalidRequest (pygls drops it).
            self._send_response(message.id, error=JsonRpcInvalidRequest(
                f"the server is shutting down: {method} is not answered").to_response_error())
            return
        super().handle_message(message)

    @lsp_method(types.WINDOW_WORK_DONE_PROGRESS_CANCEL)
    def lsp_work_done_progress_cancel(self, params: types.WorkDoneProgressCancelParams) -> Any:
        # A token is a string or a number; pygls looks any other up in a dict and raises
        # (an "internal error" popup for a client's mistake): a log line instead.
        if isinstance(params.token, bool) or not isinstance(params.token, (str, int)):
            logger.warning("workDoneProgress/cancel with a token that is no string or number: %r",
                           params.token)
            return None
        return (yield from super().lsp_work_done_progress_cancel(params))

    @lsp_method(types.EXIT)
    def lsp_exit(self, *args: Any) -> Any:
        self.exit_code = 0 if self._shutdown else 1
        return (yield from super().lsp_exit(*args))

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams) -> Any:
        result = yield from super().lsp_initialize(params)
        # pygls builds a plain Workspace; documents are only created from didOpen on,
        # after this answer, so every one of them splits lines as Python does.
        self._workspace.__class__ = PythonWorkspace
        return result

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def lsp_notebook_document__did_change(self, params: types.DidChangeNotebookDocumentParams) -> Any:
        # pygls raises KeyError for a notebook, or a cell, that is not open: a log line.
        uri = params.notebook_document.uri
        if unquote(uri) not in self.workspace.notebook_documents:
            logger.warning("notebookDocument/didChange for a notebook that is not open: %s (ignored)", uri)
            return None
        try:
            self.workspace.update_notebook_document(params)
        except KeyError as exc:
            logger.warning("notebookDocument/didChange of %s names a cell that is not open: %s "
                           "(the rest of the change is ignored)", uri, exc)
        handler = self.fm.features.get(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
        if handler is not None:
            yield handler, (params,), None
        return None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Any:
        # pygls raises KeyError for a change to a document that was never opened;
        # a confused client must get a log line, not an error popup per keystroke.
        if unquote(params.text_document.uri) not in self.workspace.text_documents:
            logger.warning("didChange for a document that is not open: %s", params.text_document.uri)
            return None
        return (yield from super().lsp_text_document__did_change(params))


def _answers(data: Any, ident: Any) -> bool:
    """Whether ``data`` is a response (not a request: those carry a method) to ``ident``."""
    if hasattr(data, "method") or not hasattr(data, "id"):
        return False
    return type(data.id) is type(ident) and data.id == ident


def _invalid_request(data: Any) -> str | None:
    # json.loads calls structure_message for every object, nested ones too: only a message
    # (it says "jsonrpc") is judged. $/cancelRequest's params {"id": 5} are no request.
    if not isinstance(data, dict) or "id" not in data or "jsonrpc" not in data:
        return None
    ident = data["id"]
    if ident is not None and (isinstance(ident, bool) or not isinstance(ident, (str, int))):
        return "Invalid Request: id must be a string or a number"
    if "method" not in data and "result" not in data and "error" not in data:
        return "Invalid Request: no method"
    return None
