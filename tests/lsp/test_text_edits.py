"""Incremental changes applied in place (lsp/text_edits.py) against a reference.

The reference splits the text into LSP lines, converts each position by walking its
line's characters in the client's code units, and splices: slow and plain. Random
sequences of changes (mixed line ends, characters outside the BMP, positions past the
end of a line or of the text, reversed ranges, empty and multi-line insertions) must give
the same text after every change, in each position encoding: no edit lost or doubled.
Through the server, random edits of an open file must end in the diagnostics of the
reference's final text.
Where pygls' own TextDocument is defined (no \\r, no characters str.splitlines breaks at,
positions inside the text, ranges in order), it must agree too. The server's document
class is checked through pygls' Workspace, as the server uses it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from lsp_helpers import codes_by_line, example, initialize, open_doc, wait_for_diagnostics
from lsprotocol import types
from pallas_lsp.lsp.protocol import PythonWorkspace
from pallas_lsp.lsp.text_edits import apply_change
from pygls.workspace import Workspace
from pytest_lsp import LanguageClient

ENCODINGS = {
    "utf-8": lambda c: len(c.encode("utf-8")),
    "utf-16": lambda c: 2 if ord(c) > 0xFFFF else 1,
    "utf-32": lambda c: 1,
}
PIECES = ["a", "bc", "def ", "\n", "\r\n", "\r", "é", "😋", "中", "\t", "x = 1\n", ""]


def reference(text: str, start: tuple[int, int], end: tuple[int, int], new: str, encoding: str) -> str:
    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]*\Z", text)  # the last one may be empty

    def offset(line: int, character: int) -> int:
        if line >= len(lines):
            return len(text)
        begin = sum(len(x) for x in lines[:line])
        content = lines[line].rstrip("\r\n")
        units = 0
        for index, char in enumerate(content):
            if units >= character:
                return begin + index
            units += ENCODINGS[encoding](char)
        return begin + len(content)

    first, last = sorted((offset(*start), offset(*end)))
    return text[:first] + new + text[last:]


def random_text(rng: random.Random, pieces: list[str], count: int) -> str:
    return "".join(rng.choice(pieces) for _ in range(count))


def random_position(rng: random.Random, text: str) -> tuple[int, int]:
    lines = len(re.findall(r"\r\n|\r|\n", text)) + 1
    return rng.randrange(lines + 2), rng.randrange(12)


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
def test_random_changes_match_the_reference(encoding: str) -> None:
    rng = random.Random(f"text-edits-{encoding}")
    units_of = None if encoding == "utf-32" else ENCODINGS[encoding]
    for _ in range(200):
        text = random_text(rng, PIECES, rng.randrange(40))
        for _ in range(25):
            start, end = random_position(rng, text), random_position(rng, text)
            new = random_text(rng, PIECES, rng.randrange(4))
            expected = reference(text, start, end, new, encoding)
            text = apply_change(text, start, end, new, units_of)
            assert text == expected


def change(start: tuple[int, int], end: tuple[int, int], new: str) -> types.TextDocumentContentChangePartial:
    return types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=new)


def in_text_position(rng: random.Random, text: str) -> tuple[int, int]:
    lines = text.split("\n")
    line = rng.randrange(len(lines))
    return line, rng.randrange(len(lines[line]) + 1)


@pytest.mark.parametrize("encoding", [types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf32])
def test_the_servers_documents_agree_with_pygls_where_pygls_is_defined(
        encoding: types.PositionEncodingKind) -> None:
    rng = random.Random(f"pygls-{encoding.value}")
    pieces = ["a", "bc", "def ", "\n", "é", "x = 1\n", ""]  # BMP only: pygls' own clamping differs past it
    ours = PythonWorkspace(None, types.TextDocumentSyncKind.Incremental, position_encoding=encoding)
    theirs = Workspace(None, types.TextDocumentSyncKind.Incremental, position_encoding=encoding)
    for round_ in range(100):
        uri = f"file:///edits/{round_}.py"
        text = random_text(rng, pieces, rng.randrange(1, 40))
        for workspace in (ours, theirs):
            workspace.put_text_document(types.TextDocumentItem(uri=uri, language_id="python", version=0,
                                                               text=text))
        assert type(ours.get_text_document(uri)).__name__ == "PythonTextDocument"
        for version in range(1, 20):
            source = theirs.get_text_document(uri).source
            start, end = sorted((in_text_position(rng, source), in_text_position(rng, source)))
            edit = change(start, end, random_text(rng, pieces, rng.randrange(4)))
            identifier = types.VersionedTextDocumentIdentifier(uri=uri, version=version)
            for workspace in (ours, theirs):
                workspace.update_text_document(identifier, edit)
            assert ours.get_text_document(uri).source == theirs.get_text_document(uri).source


def test_a_huge_document_is_edited_in_place() -> None:
    """Three million short lines: the change lands where the reference says, at both ends."""
    text = "x = 1\n" * 3_000_000
    edited = apply_change(text, (2_999_999, 2), (3_000_000, 0), "y\n", None)
    assert edited == text[:-4] + "y\n"
    edited = apply_change(edited, (0, 0), (1, 0), "", None)
    assert edited == text[6:-4] + "y\n"


async def test_the_server_ends_with_the_text_the_edits_make(client: LanguageClient, tmp_path: Path) -> None:
    """Random incremental edits to an open kernel file (blank lines, comment lines,
    trailing comments past the end of a line, deletions of inserted lines) give the
    diagnostics that the reference's final text gives when opened fresh."""
    await initialize(client, root=tmp_path)
    _, text = example("broadcast_axes_mismatch.py")
    edited, fresh = (tmp_path / "edited.py").as_uri(), (tmp_path / "fresh.py").as_uri()
    open_doc(client, edited, text)
    rng = random.Random("server-edits")
    version = 1
    for _ in range(60):
        lines = text.split("\n")
        line = rng.randrange(len(lines))
        kind = rng.randrange(4)
        if kind == 3 and lines[line] == "" and line + 1 < len(lines):
            start, end, new = (line, 0), (line + 1, 0), ""
        elif kind == 2 and lines[line].strip() and not lines[line].rstrip().endswith("\\"):
            start = end = (line, 10_000)  # past the end of the line: its end
            new = "  # noted"
        else:
            start, end, new = (line, 0), (line, 0), rng.choice(["\n", "# inserted\n"])
        text = reference(text, start, end, new, "utf-16")
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=edited, version=version),
            content_changes=[change(start, end, new)]))
    open_doc(client, fresh, text)

    def shown(uri: str) -> list[tuple[object, ...]]:
        return sorted((d.code, d.range.start.line, d.range.start.character, d.range.end.line,
                       d.range.end.character) for d in client.diagnostics.get(uri, []))

    await wait_for_diagnostics(client, fresh, lambda d: len(d) > 0)
    await wait_for_diagnostics(client, edited, lambda d: shown(edited) == shown(fresh), timeout=30)
    assert ("PAL002", 19) not in codes_by_line(client.diagnostics[fresh])  # the lines moved
    assert any(code == "PAL002" for code, *_ in shown(fresh))
