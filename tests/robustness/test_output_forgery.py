"""Output that cannot be forged or broken (issue 23, item 6, and the notebook crash inputs).

A folder holds the same kernel under hostile names (a newline, an ANSI escape, a
``%``, spaces, a byte that is not UTF-8) and three notebooks that crashed the whole
run (a non-string in a ``source`` list, JSON nested 100,000 deep, a lone surrogate
in a source). Every format must keep its shape: text has one line per finding and
no control character, JSON and SARIF parse under a strict reader (no unpaired
surrogate), SARIF URIs are percent-encoded from the names' bytes, each bad notebook
is one error row and every kernel keeps its finding.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from urllib.parse import unquote_to_bytes, urlsplit

import pytest
from support import FIXTURES, cli_command, server_env

KERNEL = FIXTURES / "single" / "pal009" / "kernel_out_shape_keyword.py"
# Names as bytes: the last is not UTF-8 (os.fsdecode gives a surrogate for it).
HOSTILE_NAMES = [b"new\nline.py", b"\x1b[31mred\x1b[0m.py", b"100% sure.py", b"two  spaces.py",
                 b"latin-\xff.py", b"x.py\r\nforged.py:1:1: PAL001 fake.py"]
BAD_NOTEBOOKS = {
    "non_string_source.ipynb": json.dumps({"cells": [{"cell_type": "code", "source": ["x = 1\n", 5],
                                                      "metadata": {}}], "metadata": {}, "nbformat": 4}),
    "deep.ipynb": '{"cells": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "surrogate.ipynb": '{"cells": [{"cell_type": "code", "source": "y = \\"\\ud800\\"\\n", "metadata": {}}],'
                       ' "metadata": {}, "nbformat": 4}',
}
FINDINGS_PER_KERNEL = 1  # PAL009 out_shape= on JAX 0.12.0


@pytest.fixture
def hostile_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    kernel = KERNEL.read_bytes()
    for name in HOSTILE_NAMES:
        with open(os.path.join(os.fsencode(folder), name), "wb") as handle:
            handle.write(kernel)
    for name, text in BAD_NOTEBOOKS.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def check(folder: Path, form: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(cli_command("check", "--jax-version", "0.12.0", "--format", form, "."),
                          cwd=folder, env=server_env(), capture_output=True, timeout=300)


def _strict_json(data: bytes) -> object:
    """JSON as a strict reader takes it: UTF-8, and no string holding an unpaired surrogate."""
    document = json.loads(data.decode("utf-8"))

    def walk(value: object) -> None:
        if isinstance(value, str):
            value.encode("utf-8")  # raises for an unpaired surrogate
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(document)
    return document


def test_text_output_has_one_line_per_finding(hostile_folder: Path) -> None:
    done = check(hostile_folder, "text")
    assert b"Traceback" not in done.stderr, done.stderr
    lines = done.stdout.decode("utf-8").splitlines()
    *rows, summary = lines
    assert summary == f"Found {len(HOSTILE_NAMES) * FINDINGS_PER_KERNEL + len(BAD_NOTEBOOKS)} errors."
    assert all(row.startswith("./") for row in rows), rows  # no line forged by a name
    assert not any(ord(c) < 0x20 or c == "\x7f" for line in lines for c in line)
    assert sum(": PAL009 " in row for row in rows) == len(HOSTILE_NAMES) * FINDINGS_PER_KERNEL
    assert "./new\\nline.py:21:12: PAL009 " in done.stdout.decode()
    assert "./\\x1b[31mred\\x1b[0m.py:21:12: PAL009 " in done.stdout.decode()
    assert "./latin-\\xff.py:21:12: PAL009 " in done.stdout.decode()
    assert "./x.py\\r\\nforged.py:1:1: PAL001 fake.py:21:12: PAL009 " in done.stdout.decode()
    for name in BAD_NOTEBOOKS:
        assert sum(row.startswith(f"./{name}:1:1: io-error cannot read: not a notebook") for row in rows) == 1
    assert done.returncode == 2  # files that could not be read


def test_json_output_is_valid_and_keeps_every_file(hostile_folder: Path) -> None:
    done = check(hostile_folder, "json")
    rows = _strict_json(done.stdout)
    assert isinstance(rows, list)
    assert sorted(row["code"] for row in rows) == sorted(
        ["PAL009"] * len(HOSTILE_NAMES) + ["io-error"] * len(BAD_NOTEBOOKS))
    paths = {row["path"] for row in rows}
    assert "./new\nline.py" in paths  # JSON escapes the newline itself: the name is exact
    assert "./latin-\\xff.py" in paths  # the byte that is not UTF-8, shown as Python shows it
    for name in BAD_NOTEBOOKS:
        assert f"./{name}" in paths
    for line in done.stderr.decode("utf-8").splitlines():
        _strict_json(line.encode())  # notifications are JSON lines too


def test_sarif_output_is_valid_with_percent_encoded_uris(hostile_folder: Path) -> None:
    done = check(hostile_folder, "sarif")
    sarif = _strict_json(done.stdout)
    assert isinstance(sarif, dict)
    results = sarif["runs"][0]["results"]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results]
    assert len(uris) == len(HOSTILE_NAMES) + len(BAD_NOTEBOOKS)
    for uri in uris:
        assert urlsplit(uri).scheme == ""  # a relative reference: no name reads as a scheme
        assert all(33 <= ord(c) < 127 for c in uri), uri  # no space, control or non-ASCII
    names = {unquote_to_bytes(uri) for uri in uris}
    for name in HOSTILE_NAMES:
        assert name in names  # decoded back to the file's own bytes (PurePath drops "./")
    assert "100%25%20sure.py" in " ".join(uris)


def test_escapes_are_visible() -> None:
    from pallas_lsp.safe_text import for_json, for_terminal, sarif_uri

    assert for_terminal("a\nb\x1b[2J\u202e\udcff\ud800\t") == "a\\nb\\x1b[2J\\u202e\\xff\\ud800\\t"
    assert for_terminal("C:\\path\\ok.py") == "C:\\path\\ok.py"  # a backslash is no control
    assert for_json({"k\ud800": ["\udcff", 1, None]}) == {"k\\ud800": ["\\xff", 1, None]}
    assert sarif_uri("/tmp/a b%.py") == "/tmp/a%20b%25.py"
    assert sarif_uri("dir/x:y.py") == "dir/x%3Ay.py"
