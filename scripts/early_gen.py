"""Writes early_tables.py: what early.py needs to answer ``initialize`` before lsprotocol
and pygls are imported (``.venv/bin/python scripts/early_gen.py``; tests/lsp/test_early.py
fails when the checked-in tables differ from what this would write). A developer's tool, kept
out of the package: it starts a server process, and in the package only interpreters.py may.

- ``SCHEMA``: the shape of ``InitializeParams`` as lsprotocol's converter reads it, one
  entry per class: (JSON key, type, required, nullable). early_check.py accepts a subset
  of what the converter accepts (ints in [0, 2**31), exact enum values, no null where the
  type is not Optional); a union this file does not know stops the generation, so a new
  lsprotocol cannot slip a type past the check unread.
- ``RESULT``: the InitializeResult the server answers a client that has every
  client-dependent capability (notebookDocument, rename.prepareSupport), as pygls
  serialises it (key order included); early.py narrows it per client.

Imports lsprotocol and starts the server: never imported by the server itself.
"""

from __future__ import annotations

import enum
import json
import os
import pprint
import subprocess
import sys
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
from lsprotocol import types

TABLES = Path(__file__).resolve().parents[1] / "server" / "pallas_lsp" / "lsp" / "early_tables.py"
NONE = type(None)


def _camel(name: str) -> str:
    # lsprotocol's _register_custom_property_hooks._to_camel_case.
    name = name[:-1] if name.endswith("_") else name
    parts = name.split("_")
    return parts[0] + "".join(p.title() for p in parts[1:])


def _enum_values(cls: type[enum.Enum]) -> tuple[Any, ...]:
    return tuple(member.value for member in cls)


class _Walker:
    def __init__(self) -> None:
        self.classes: dict[str, tuple[tuple[str, Any, bool, bool], ...]] = {}

    def spec(self, hint: Any) -> Any:
        """The check for one type (nullability is the field's, see ``field``)."""
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is bool:
            return "b"
        if hint is int:
            return "i"
        if hint is str:
            return "s"
        if hint is typing.Any or hint is types.LSPAny or hint is types.LSPObject:
            return "a"
        if origin is typing.Literal:
            return ("e", args)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return ("e", _enum_values(hint))
        if origin in (list, Sequence):
            return ("l", self.spec(args[0]))
        if attrs.has(hint):
            self.walk(hint)
            return ("o", hint.__name__)
        if origin is typing.Union:
            return self.union(hint, [a for a in args if a is not NONE])
        raise TypeError(f"early_gen: a type early_check does not read: {hint!r}")

    def union(self, hint: Any, members: list[Any]) -> Any:
        # The unions of InitializeParams, each with lsprotocol's structure hook read
        # (_hooks.py): an enum-or-primitive is the primitive; the semantic-token
        # requests take a bool, else the object; a token is an int or a string.
        if len(members) == 1:
            return self.spec(members[0])
        kinds = {m if not (isinstance(m, type) and issubclass(m, enum.Enum)) else "enum" for m in members}
        if kinds == {"enum", str}:
            return "s"
        if kinds == {"enum", int}:
            return "i"
        if set(members) == {int, str}:
            return ("u", ("i", "s"))
        if members == [bool, typing.Any]:  # semanticTokens.requests.range: bool | {}
            return ("u", ("b", "d"))
        if members == [bool, types.ClientSemanticTokensRequestFullDelta]:
            return ("u", ("b", self.spec(members[1])))
        raise TypeError(f"early_gen: a union early_check does not read: {hint!r}")

    def walk(self, cls: type) -> None:
        if cls.__name__ in self.classes:
            return
        self.classes[cls.__name__] = ()  # a cycle ends here
        hints = typing.get_type_hints(cls, vars(types))
        fields = []
        for field in attrs.fields(cls):
            hint = hints[field.name]
            nullable = typing.get_origin(hint) is typing.Union and NONE in typing.get_args(hint)
            required = field.default is attrs.NOTHING
            fields.append((_camel(field.name), self.spec(hint), required, nullable))
        self.classes[cls.__name__] = tuple(fields)


def schema() -> dict[str, tuple[tuple[str, Any, bool, bool], ...]]:
    walker = _Walker()
    walker.walk(types.InitializeParams)
    return walker.classes


def full_client_params() -> dict[str, Any]:
    """An initialize whose answer has every client-dependent part (early.py's docstring)."""
    return {"processId": None, "rootUri": None, "capabilities": {
        "notebookDocument": {"synchronization": {}},
        "textDocument": {"rename": {"prepareSupport": True}},
    }}


def server_answer(params: dict[str, Any], request_id: int | str = 1) -> bytes:
    """The raw frame (header and body) the server, early answering off, sends for an
    ``initialize`` with ``params``."""
    body = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "initialize", "params": params})
    exit_ = json.dumps({"jsonrpc": "2.0", "method": "exit"})
    data = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(b.encode()), b.encode()) for b in (body, exit_))
    env = {**os.environ, "PALLAS_LSP_EARLY": "0"}
    done = subprocess.run([sys.executable, "-m", "pallas_lsp", "serve"], input=data, capture_output=True,
                          env=env, timeout=60, check=False)
    return first_frame(done.stdout)


def first_frame(out: bytes) -> bytes:
    head, _, rest = out.partition(b"\r\n\r\n")
    length = int(head.split(b"Content-Length:")[1].split(b"\r\n")[0])
    return head + b"\r\n\r\n" + rest[:length]


def result_of(frame: bytes) -> dict[str, Any]:
    return json.loads(frame.partition(b"\r\n\r\n")[2])["result"]


def render() -> str:
    result = result_of(server_answer(full_client_params()))
    return (
        '"""Generated by scripts/early_gen.py (``.venv/bin/python scripts/early_gen.py``): '
        'do not edit."""\n\n'
        "# fmt: off\n"
        f"SCHEMA = {pprint.pformat(schema(), width=110, sort_dicts=False)}\n\n"
        f"RESULT = {pprint.pformat(result, width=110, sort_dicts=False)}\n"
    )


if __name__ == "__main__":
    TABLES.write_text(render(), encoding="utf-8")
    print(f"wrote {TABLES}")
