"""Answer ``initialize`` before pygls is imported (issue 22: start-up).

Importing pygls and lsprotocol takes 0.3-0.5 s (attrs builds lsprotocol's ~560
classes); an editor waits that long for the answer to ``initialize``, and shows nothing
of the server until it has it. Here, with the standard library only, the first frame is
read off stdin, and when it is an ``initialize`` that pygls will accept
(early_check.py), it is answered at once from ``early_tables.RESULT``, narrowed to the
client. Then every byte read is handed to the server's own reader (stdio.py), pygls
handles the ``initialize`` as it always did (its state: client capabilities, settings,
the server's handler), and its own answer for that id is compared with the one sent and
dropped (PallasProtocol._send_data): the client sees one answer per request.

What the answer depends on besides the server (``RESULT``) is the client's capabilities,
and only through pygls's ``ServerCapabilitiesBuilder`` (the server's ``initialize``
handler, and ``initializationOptions``, change no capability): the ``client_capabilities``
it reads are ``general.positionEncodings`` (``choose_position_encoding``),
``notebookDocument`` (``_with_notebook_document_sync``: its presence),
``textDocument.synchronization.willSave`` / ``willSaveWaitUntil`` (a non-null value gives
``false``: the server has no willSave handler), ``textDocument.rename.prepareSupport``
(``_with_rename``) and ``workspace.fileOperations.*`` (no effect: the server registers
no file-operation handler). tests/lsp/test_early.py holds the answer to pygls's own for
each of them, byte for byte.

Anything else is left to pygls exactly as before: a first frame that is not canonical
(``Content-Length: N`` and at most a ``Content-Type``, CRLF), not an ``initialize``, not
JSON, over ``MAX_BODY`` bytes, or the end of the stream before a whole frame.
``PALLAS_LSP_EARLY=0`` turns this off (benchmarks compare both).
"""

from __future__ import annotations

import json
import os
import re

from .early_check import initialize_params_accepted
from .early_tables import RESULT

# typing costs 5-20 ms of the answer's import (pygls imports it later anyway): annotations only.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, BinaryIO

CHUNK = 1 << 16
MAX_BODY = 1 << 20  # a larger initialize (it never is) goes to pygls
_MAX_HEADER = 512
_LENGTH = b"Content-Length: "
_TYPE = b"Content-Type: "
_FRAME = re.compile(rb"Content-Length: ([0-9]{1,9})\r\n(?:Content-Type: [^\r\n]*\r\n)?\r\n")
_HEADER = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"  # as pygls writes it


class EarlyStart:
    """What happened before pygls: the bytes read (the server's reader starts with them),
    whether the stream ended, and the answer sent (its request id and JSON body). A plain
    class: dataclasses imports inspect, ~10 ms of the start-up this module saves."""

    __slots__ = ("answered_body", "answered_id", "consumed", "eof")

    def __init__(self, consumed: bytes, eof: bool) -> None:
        self.consumed = consumed
        self.eof = eof
        self.answered_id: int | str | None = None
        self.answered_body: bytes | None = None


def _first_frame(buffer: bytes) -> bytes | bool | None:
    """The first frame's body; True while more bytes could make it one; None when the
    bytes can be no canonical frame (pygls's reader will judge them)."""
    match = _FRAME.match(buffer)
    if match is None:
        # Waiting only for a canonical header still on its way: a frame the server's reader
        # takes (LF line ends, other headers) must not wait here for bytes that never come.
        return True if len(buffer) <= _MAX_HEADER and _header_prefix(buffer) else None
    length = int(match.group(1))
    if length == 0 or length > MAX_BODY:
        return None
    end = match.end() + length
    return buffer[match.end():end] if len(buffer) >= end else True


def _starts(data: bytes, literal: bytes) -> bool:
    """Whether ``data`` and ``literal`` agree as far as both go."""
    return data[:len(literal)] == literal[:len(data)]


def _header_prefix(buffer: bytes) -> bool:
    """Whether more bytes could make ``buffer`` start with a header ``_FRAME`` matches."""
    if not _starts(buffer, _LENGTH):
        return False
    rest = buffer[len(_LENGTH):]
    digits = len(rest) - len(rest.lstrip(b"0123456789"))
    if digits > 9:
        return False
    if digits == len(rest):
        return True
    rest = rest[digits:]
    if digits == 0 or not _starts(rest, b"\r\n"):
        return False
    rest = rest[2:]
    if _starts(rest, b"\r\n"):
        return True
    if not _starts(rest, _TYPE):
        return False
    value = rest[len(_TYPE):]
    stop = min((i for i in (value.find(b"\r"), value.find(b"\n")) if i >= 0), default=len(value))
    return _starts(value[stop:], b"\r\n\r\n")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no JSON value the check accepts")


def _request(body: bytes) -> tuple[int | str, dict[str, Any]] | None:
    """(id, params) of an ``initialize`` request pygls will answer with its result."""
    messages = 0

    def hook(obj: dict[str, Any]) -> dict[str, Any]:
        nonlocal messages
        # pygls judges every object with a "jsonrpc" key as a message, nested ones too.
        messages += "jsonrpc" in obj
        return obj

    try:
        message = json.loads(body.decode("utf-8"), object_hook=hook, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None
    if type(message) is not dict or messages != 1 or set(message) != {"jsonrpc", "id", "method", "params"}:
        return None
    ident = message["id"]
    if message["jsonrpc"] != "2.0" or message["method"] != "initialize":
        return None
    if not (type(ident) is str or (type(ident) is int and 0 <= ident < 2**31)):
        return None
    if not initialize_params_accepted(message["params"]):
        return None
    return ident, message["params"]


def _position_encoding(capabilities: dict[str, Any]) -> str:
    # pygls's choose_position_encoding: the client's first that pygls supports, else UTF-16.
    encodings = (capabilities.get("general") or {}).get("positionEncodings") or []
    return next((e for e in encodings if e in ("utf-8", "utf-16", "utf-32")), "utf-16")


def result_for(params: dict[str, Any], version: str) -> dict[str, Any]:
    """``RESULT`` as pygls's ServerCapabilitiesBuilder narrows it for this client."""
    client = params["capabilities"]
    text = client.get("textDocument") or {}
    sync = text.get("synchronization") or {}
    prepare = (text.get("rename") or {}).get("prepareSupport")
    capabilities: dict[str, Any] = {}
    for key, value in RESULT["capabilities"].items():
        if key == "positionEncoding":
            value = _position_encoding(client)
        elif key == "textDocumentSync":
            value = _sync_options(value, sync)
        elif key == "notebookDocumentSync" and client.get("notebookDocument") is None:
            continue
        elif key == "renameProvider" and not prepare:
            value = True
        capabilities[key] = value
    return {"capabilities": capabilities, "serverInfo": {**RESULT["serverInfo"], "version": version}}


def _sync_options(template: dict[str, Any], sync: dict[str, Any]) -> dict[str, Any]:
    # `client_value and server_has_handler`: false whenever the client says anything.
    options: dict[str, Any] = {}
    for key, value in template.items():
        if key == "save":
            for flag in ("willSave", "willSaveWaitUntil"):
                if sync.get(flag) is not None:
                    options[flag] = False
        options[key] = value
    return options


def response_frame(ident: int | str, result: dict[str, Any]) -> tuple[bytes, bytes]:
    """(frame, body) byte for byte as pygls's _send_data writes a response."""
    body = json.dumps({"id": ident, "jsonrpc": "2.0", "result": result}).encode()
    return b"Content-Length: %d\r\n" % len(body) + _HEADER + body, body


def _server_installed() -> bool:
    """Whether pygls and lsprotocol can be found: an install without them must fail as it did,
    before any answer (the editor then says the server did not start, with its stderr), not
    after a success. A package that is there and broken still fails after the answer."""
    from importlib.util import find_spec

    return all(find_spec(name) is not None for name in ("pygls", "lsprotocol"))


def answer_early(stdin: BinaryIO, stdout: BinaryIO, version: str) -> EarlyStart | None:
    """Read the first frame and answer it when it is an ``initialize`` pygls accepts;
    None when turned off. Never raises for what the client sent."""
    if os.environ.get("PALLAS_LSP_EARLY") == "0":
        return None
    buffer = b""
    eof = False
    frame = _first_frame(buffer)
    try:
        fd = stdin.fileno()
        while frame is True:
            chunk = os.read(fd, CHUNK)
            if not chunk:
                eof = True
                break
            buffer += chunk
            frame = _first_frame(buffer)
    except (OSError, ValueError):
        frame = None  # the server's reader meets the same error, as it did before
    start = EarlyStart(buffer, eof)
    try:
        request = _request(frame) if isinstance(frame, bytes) else None
        if request is None or not _server_installed():
            return start
        ident, params = request
        data, body = response_frame(ident, result_for(params, version))
    except Exception:  # a bug here must cost the early answer only: pygls answers, as before
        return start
    start.answered_id, start.answered_body = ident, body
    try:
        stdout.write(data)
        stdout.flush()
    except (OSError, ValueError):
        pass  # the client left: the server's reader meets the end of the stream and stops
    return start
