"""The LSP base protocol off a byte stream, answering everything (docs/security.md,
"Protocol").

pygls's loop matches ``Content-Length: N\\r\\n`` exactly and otherwise reads on: a
header it does not match (a lowercase name, a value that is no number, LF-only line
ends) made it skip every later message without a word, and a body json could not
decode (nested 5,000 deep, a 5,000-digit number) was never answered. Here:

- header names are read case-insensitively and LF-only line ends are accepted, as
  HTTP readers (and vscode-jsonrpc, for names) do; each leniency is logged once;
- a header block that cannot be a frame (no Content-Length, a value that is no
  non-negative number, a length over ``MAX_BODY_BYTES``, a block over
  ``MAX_HEADER_BYTES``) is logged and the stream is read on to the next
  ``Content-Length:``; an empty body is logged and skipped;
- a body that ends the stream short ends the server with a message on stderr (exit
  status 1): the client sees the process end and restarts it;
- a body that is not valid JSON, or that JSON cannot represent here (too deep, a
  number over Python's digit limit), is answered with a JSON-RPC error when its
  request id can be found (``request_id``), and logged otherwise. A body that holds the
  next frame's header (a Content-Length that was too long) gives those bytes back, so
  the next message is still read.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from lsprotocol import types
from pygls.protocol import JsonRPCProtocol

logger = logging.getLogger("pallas_lsp.lsp")

MAX_HEADER_BYTES = 8_192
# A message body at most this large: a document over the file-size limit is not analysed
# anyway, and the limit can be raised to a few MB, far below this.
MAX_BODY_BYTES = 128_000_000
_HEADER_NAME = re.compile(rb"content-length:", re.IGNORECASE)
_DIGITS = re.compile(rb"[0-9]{1,15}")
# Tokens of a JSON text that change its nesting: strings (skipped whole) and brackets.
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]', re.DOTALL)


class StreamCut(Exception):
    """The client's stream ended inside a message: the server cannot go on reading."""


class FrameReader:
    """Message bodies off a buffered byte stream (``fill`` returns b"" at its end)."""

    def __init__(self, fill: Callable[[], Awaitable[bytes]]) -> None:
        self._fill_from = fill
        self.buffer = bytearray()
        self.eof = False
        self._said: set[str] = set()  # the leniencies already logged

    async def _fill(self) -> None:
        chunk = await self._fill_from()
        if chunk:
            self.buffer += chunk
        else:
            self.eof = True

    def give_back(self, data: bytes) -> None:
        self.buffer[:0] = data

    async def next_body(self) -> bytes | None:
        """The next message's body; None at the end of the stream; raises StreamCut."""
        while True:
            block = await self._header_block()
            if block is None:
                return None
            raw, lines = block
            length = self._content_length(lines) if len(raw) <= MAX_HEADER_BYTES else None
            if len(raw) > MAX_HEADER_BYTES:
                logger.warning("a message header of %d bytes (over %d): skipped to the next "
                               "Content-Length header", len(raw), MAX_HEADER_BYTES)
            elif length is not None and length > MAX_BODY_BYTES:
                logger.error("a message of %d bytes is over the %d MB pallas-lsp reads: skipped to the "
                             "next Content-Length header", length, MAX_BODY_BYTES // 1_000_000)
                length = None
            if length is None:
                await self._resync(raw)
                continue
            if length == 0:
                logger.warning("a message with Content-Length: 0 (no body) was skipped")
                continue
            while len(self.buffer) < length and not self.eof:
                await self._fill()
            if len(self.buffer) < length:
                raise StreamCut(f"the client's stream ended inside a message ({len(self.buffer)} of "
                                f"{length} bytes)")
            body = bytes(self.buffer[:length])
            del self.buffer[:length]
            return body

    async def _header_block(self) -> tuple[bytes, list[bytes]] | None:
        """The next header block as read, and its lines (line ends dropped); None at the end."""
        raw = bytearray()
        lines: list[bytes] = []
        while True:
            end = self.buffer.find(b"\n")
            if end < 0:
                if len(raw) + len(self.buffer) > MAX_HEADER_BYTES:
                    return bytes(raw + self.buffer), lines  # judged (and skipped) as too long
                if self.eof:
                    if self.buffer.strip() or lines:
                        logger.warning("the client's stream ended inside a message header")
                    return None
                await self._fill()
                continue
            line_raw = bytes(self.buffer[:end + 1])
            del self.buffer[:end + 1]
            raw += line_raw
            line = line_raw[:-2] if line_raw.endswith(b"\r\n") else line_raw[:-1]
            if not line_raw.endswith(b"\r\n"):
                self._say_once("lf", "header lines end with LF only (LSP wants CRLF): read anyway")
            if line:
                lines.append(line)
            elif lines:
                return bytes(raw), lines
            else:
                raw.clear()  # an empty line before any header (a stray line end after a body)

    async def _resync(self, raw: bytes) -> None:
        """After a header block that is no frame: read on from the next ``Content-Length:``
        past the block's first byte (garbage may sit before a good header in one line),
        else from the next one in the stream."""
        found = _HEADER_NAME.search(raw, 1)
        if found is not None:
            self.give_back(raw[found.start():])
            return
        await self._skip_to_header()

    def _content_length(self, lines: list[bytes]) -> int | None:
        """The block's Content-Length, or None (logged) when the block is no frame."""
        found: int | None = None
        for line in lines:
            name, colon, value = line.partition(b":")
            if not colon:
                logger.warning("a message header line without a colon (%r): skipped to the next "
                               "Content-Length header", line[:60])
                return None
            if name.strip().lower() != b"content-length":
                continue  # Content-Type, or a header LSP does not define: ignored
            if name.strip() != b"Content-Length":
                self._say_once("case", f"a header named {name.strip()[:40]!r} read as Content-Length")
            value = value.strip()
            if not _DIGITS.fullmatch(value):
                logger.warning("a Content-Length that is no non-negative number (%r): skipped to the "
                               "next Content-Length header", value[:40])
                return None
            if found is not None and found != int(value):
                logger.warning("two different Content-Length headers in one message: skipped")
                return None
            found = int(value)
        if found is None:
            logger.warning("a message header without Content-Length (%r): skipped", lines[0][:60])
        return found

    async def _skip_to_header(self) -> None:
        """Drop bytes up to the next ``Content-Length:`` (any case), or to the stream's end
        (the body of a frame that was refused, and whatever garbage follows it)."""
        while True:
            match = _HEADER_NAME.search(self.buffer)
            if match is not None:
                del self.buffer[:match.start()]
                return
            keep = len(b"content-length:") - 1  # a name split across two reads
            del self.buffer[:max(0, len(self.buffer) - keep)]
            if self.eof:
                return
            await self._fill()

    def _say_once(self, key: str, message: str) -> None:
        if key not in self._said:
            self._said.add(key)
            logger.warning("%s", message)


def request_id(text: str) -> int | str | None:
    """The ``id`` member of the top-level object of a JSON text that may not decode, or
    None (a notification, or no object): found by scanning its tokens, never decoding
    the nesting that made json fail."""
    depth = 0
    key: str | None = None  # the string just read at depth 1, a key if ":" follows
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in ("{", "["):
            depth += 1
        elif token in ("}", "]"):
            depth -= 1
        elif token == ":" and depth == 1 and key == '"id"':
            try:
                value, _ = json.JSONDecoder().raw_decode(text, _skip_space(text, match.end()))
            except ValueError:
                return None
            return value if isinstance(value, (int, str)) and not isinstance(value, bool) else None
        key = token if depth == 1 and token.startswith('"') else None
    return None


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def _why_undecodable(exc: Exception) -> tuple[int, str]:
    """(JSON-RPC code, message) for a body json cannot turn into a message."""
    if isinstance(exc, RecursionError):
        return types.ErrorCodes.InvalidParams, "the message is nested too deeply for pallas-lsp to read"
    if isinstance(exc, ValueError) and "digits" in str(exc):
        return (types.ErrorCodes.InvalidParams,
                f"the message holds a number of more than {sys.get_int_max_str_digits()} digits, "
                "which pallas-lsp does not read")
    if isinstance(exc, UnicodeDecodeError):
        return types.ErrorCodes.ParseError, "the message is not UTF-8"
    return types.ErrorCodes.ParseError, f"the message is not valid JSON ({exc})"


def handle_body(body: bytes, protocol: JsonRPCProtocol, reader: FrameReader) -> None:
    """Decode one body and hand the message to ``protocol``; a body that cannot be decoded
    is answered (when it has an id) or logged, never dropped silently."""
    try:
        message = json.loads(body, object_hook=protocol.structure_message)
    except (ValueError, RecursionError) as exc:
        header = _HEADER_NAME.search(body)
        if header is None or header.start() == 0:
            _answer_undecodable(body, exc, protocol)
            return
        # The frame claimed more bytes than its message had: the rest is the next frame.
        logger.warning("a Content-Length longer than its message: the next message is read from "
                       "where its header starts")
        reader.give_back(body[header.start():])
        handle_body(body[:header.start()], protocol, reader)
        return
    if message is None or isinstance(message, (dict, list, str, int, float)):
        _answer_not_a_message(message, protocol)  # structure_message made no message of it
        return
    protocol.handle_message(message)


def _answer_not_a_message(value: object, protocol: JsonRPCProtocol) -> None:
    """A body that decodes to no JSON-RPC message: a batch (LSP has none), a string, a
    number, an object without "jsonrpc"; each request in it with an id is answered."""
    items = value if isinstance(value, list) else [value]
    why = ("LSP has no JSON-RPC batches: send each message in its own frame" if isinstance(value, list)
           else "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")")
    answered = False
    for item in items:
        ident = item.get("id") if isinstance(item, dict) else getattr(item, "id", None)
        if isinstance(ident, (int, str)) and not isinstance(ident, bool):
            protocol._send_response(ident, error=types.ResponseError(
                code=types.ErrorCodes.InvalidRequest, message=why))
            answered = True
    logger.warning("a message was %s: %s", "answered" if answered else "ignored", why)


def _answer_undecodable(body: bytes, exc: Exception, protocol: JsonRPCProtocol) -> None:
    code, why = _why_undecodable(exc)
    ident = request_id(body.decode("utf-8", "replace"))
    if ident is None:
        logger.warning("a message was ignored: %s; no request id in it to answer", why)
        return
    logger.warning("request %r answered error %d: %s", ident, code, why)
    protocol._send_response(ident, error=types.ResponseError(code=code, message=why))


async def serve_frames(stop_event: threading.Event, reader: FrameReader, protocol: JsonRPCProtocol,
                       on_error: Callable[[Exception, Any], Any]) -> None:
    """Read and handle messages until ``exit``, the stream's end, or a cut stream (raised)."""
    while not stop_event.is_set():
        body = await reader.next_body()
        if body is None:
            return
        try:
            handle_body(body, protocol, reader)
        except Exception as exc:  # a bug while dispatching: logged (and shown once), reading goes on
            logger.exception("a message could not be handled")
            on_error(exc, type(exc))
