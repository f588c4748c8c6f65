"""Pure pieces of the server, without a client: column mapping, settings, fix selection."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsprotocol import types
from pallas_lsp.analysis import Finding, Fix, Severity, Span, TextEdit
from pallas_lsp.lsp.actions import safe_fixes
from pallas_lsp.lsp.convert import Positions
from pallas_lsp.lsp.settings import Settings, parse_settings

UTF8, UTF16, UTF32 = (
    types.PositionEncodingKind.Utf8,
    types.PositionEncodingKind.Utf16,
    types.PositionEncodingKind.Utf32,
)


def col8(text: str, prefix: str) -> int:
    return len(prefix.encode("utf-8"))


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_line_ends(ending: str) -> None:
    source = ending.join(["a = 1", "\tb = 'é😀'", "c"]) + ending
    positions = Positions(source)
    # Line 2, after the tab and "b = '": byte 6; then é (2 bytes, 1 unit), 😀 (4 bytes, 2 units).
    assert positions.to_lsp(2, 6) == types.Position(line=1, character=6)
    assert positions.to_lsp(2, 8) == types.Position(line=1, character=7)
    assert positions.to_lsp(2, 12) == types.Position(line=1, character=9)
    # The end of a line maps to its length, never into the line ending.
    assert positions.to_lsp(2, 10_000) == types.Position(line=1, character=10)
    assert positions.from_lsp(types.Position(line=1, character=9)) == (2, 12)
    assert positions.from_lsp(types.Position(line=1, character=10_000)) == (2, 13)


def test_encodings() -> None:
    source = "x = '😀é' + y\n"
    y8 = source.index("y")
    y_bytes = len(source[:y8].encode())
    assert Positions(source, UTF8).to_lsp(1, y_bytes).character == y_bytes
    assert Positions(source, UTF16).to_lsp(1, y_bytes).character == y8 + 1
    assert Positions(source, UTF32).to_lsp(1, y_bytes).character == y8
    for encoding, char in ((UTF8, y_bytes), (UTF16, y8 + 1), (UTF32, y8)):
        assert Positions(source, encoding).from_lsp(types.Position(line=0, character=char)) == (
            1,
            y_bytes,
        )
    # A UTF-8 column inside a multi-byte character moves back to its start.
    assert Positions(source, UTF8).from_lsp(types.Position(line=0, character=6)) == (1, 5)


def test_out_of_range_is_clamped() -> None:
    positions = Positions("a\nbc\n")
    assert positions.to_lsp(99, 0) == types.Position(line=2, character=0)
    assert positions.from_lsp(types.Position(line=99, character=0)) == (2, 2)
    assert positions.to_lsp(0, -5) == types.Position(line=0, character=0)
    assert Positions("").to_lsp(1, 3) == types.Position(line=0, character=0)


def test_form_feed_is_not_a_line_end() -> None:
    # Python (and LSP) do not end lines at \f; str.splitlines does.
    positions = Positions("\fx = 1\ny = 2\n")
    assert positions.to_lsp(2, 0) == types.Position(line=1, character=0)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_round_trip(text: str) -> None:
    line = text.replace("\r", "").replace("\n", "")
    source = "pre\n" + line + "\n"
    positions = Positions(source)
    if positions.index.line_count < 2:
        return
    real = positions.index.line_text(2)
    for index in range(len(real) + 1):
        byte = len(real[:index].encode())
        position = positions.to_lsp(2, byte)
        assert position.character == len(real[:index].encode("utf-16-le")) // 2
        assert positions.from_lsp(position) == (2, byte)


def test_settings_parse_and_fall_back() -> None:
    settings, problems = parse_settings(
        {
            "pallasLsp": {
                "jaxVersion": "0.10.2",
                "interpreter": ["/x/python", "-I"],
                "select": ["pal001"],
                "ignore": ["PAL002"],
                "severity": {"PAL003": "hint"},
                "lintOnChange": False,
                "showNotifications": "always",
                "lowering": {
                    "mode": "remote",
                    "remoteCommand": ["ssh", "h", "python3", "-"],
                    "timeout": 30,
                    "onSave": True,
                },
                "workspaceTrusted": True,
            }
        }
    )
    assert problems == []
    assert settings.jax_version == "0.10.2" and settings.python == "/x/python"
    assert settings.select == frozenset({"PAL001"}) and settings.ignore == frozenset({"PAL002"})
    assert settings.severity == {"PAL003": Severity.HINT}
    assert settings.lowering.remote_command == ("ssh", "h", "python3", "-")
    assert settings.lowering.on_save and settings.workspace_trusted and not settings.lint_on_change

    bad, problems = parse_settings(
        {
            "jaxVersion": "latest",
            "interpreter": 3,
            "select": ["X1"],
            "severity": {"PAL001": "loud"},
            "lintOnChange": "yes",
            "showNotifications": "sometimes",
            "lowering": {"mode": "cloud", "timeout": -1},
        }
    )
    assert bad == Settings()
    joined = "\n".join(problems)
    for key in (
        "jaxVersion",
        "interpreter",
        "select",
        "severity.PAL001",
        "lintOnChange",
        "showNotifications",
        "lowering.mode",
        "lowering.timeout",
    ):
        assert f"pallasLsp.{key}:" in joined
    # Keys a message does not mention keep their value.
    kept, _ = parse_settings({"workspaceTrusted": True}, settings)
    assert kept.select == settings.select and kept.workspace_trusted


def test_safe_fixes_never_overlap() -> None:
    def finding(line: int, col: int, end: int, safe: bool = True) -> Finding:
        span = Span(line, col, line, end)
        return Finding("PAL002", span, "m", fixes=(Fix("f", (TextEdit(span, "x"),), safe=safe),))

    chosen = safe_fixes([finding(1, 0, 5), finding(1, 3, 8), finding(2, 0, 1, safe=False), finding(3, 0, 2)])
    assert [fix.edits[0].span.line for fix in chosen] == [1, 3]


def test_spans_in_other_files_map_to_their_uri(tmp_path) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "launcher.py"
    other.write_text("x = 'é'; call()\n", encoding="utf-8")
    here = Positions("a = 1\n")
    uri, where = here.location(Span(1, 10, 1, 16, path=str(other)), "file:///here.py")
    assert uri == other.as_uri()
    assert where.start == types.Position(line=0, character=9)  # é: 2 bytes, 1 unit
    assert here.location(Span(1, 0, 1, 1), "file:///here.py")[0] == "file:///here.py"


def test_a_request_whose_params_cannot_be_read_is_answered() -> None:
    """JSON-RPC: an error response (-32602), not silence that leaves the client waiting."""
    from pallas_lsp.lsp.protocol import _ANSWERED
    from pallas_lsp.lsp.server import server

    protocol = server.protocol
    sent: list[tuple[object, object]] = []
    original = protocol._send_response
    protocol._send_response = lambda msg_id, result=None, error=None: sent.append((msg_id, error))  # type: ignore[method-assign]
    try:
        request = {"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": 5}
        assert protocol.structure_message(request) is _ANSWERED
    finally:
        protocol._send_response = original  # type: ignore[method-assign]
    assert [(msg_id, getattr(error, "code", None)) for msg_id, error in sent] == [(8, -32602)]


def test_a_routine_cancel_is_not_logged_but_other_pygls_warnings_are() -> None:
    import logging

    from pallas_lsp.lsp.server import _routine_cancel

    def record(message: str, *args: object) -> logging.LogRecord:
        return logging.LogRecord("pygls.protocol.json_rpc", logging.WARNING, __file__, 1, message, args, None)

    assert not _routine_cancel(record('Cancel notification for unknown message id "%s"', 5))
    assert _routine_cancel(record("Ignoring notification for unknown method %r", "x/y"))
