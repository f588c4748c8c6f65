"""Whether pygls will accept an ``initialize`` request, judged without lsprotocol
(stdlib only: early.py runs it before pygls is imported).

The check accepts a subset of what lsprotocol's converter and pygls's ``lsp_initialize``
accept, never more: a request it refuses is simply answered by pygls as before (only
later), so strictness costs time, never correctness. Stricter than the converter:
integers only in [0, 2**31) (lsprotocol's validators take [-2**31, 2**31) or
[0, 2**31), the converter would also take "5" or 5.0), enum values exactly as defined,
no null where the type is not Optional, no boolean for a number. Beyond the converter:
a root URI or path that ``urllib.parse`` could refuse (pygls's ``lsp_initialize`` makes
it a path and raises) is refused here.
"""

from __future__ import annotations

from .early_tables import SCHEMA

TYPE_CHECKING = False  # typing is not imported before the answer (early.py)
if TYPE_CHECKING:
    from typing import Any

_UINT_MAX = 2**31 - 1


def _int(value: Any) -> bool:
    return type(value) is int and 0 <= value <= _UINT_MAX


def _valid(value: Any, spec: Any) -> bool:
    if spec == "a":
        return True
    if spec == "b":
        return type(value) is bool
    if spec == "i":
        return _int(value)
    if spec == "s":
        return type(value) is str
    if spec == "d":
        return type(value) is dict
    kind, arg = spec
    if kind == "e":
        # type(...) too: True == 1, so a bool would pass for an int enum by value alone.
        return any(type(value) is type(v) and value == v for v in arg)
    if kind == "l":
        return type(value) is list and all(_valid(item, arg) for item in value)
    if kind == "o":
        return type(value) is dict and _object_valid(value, arg)
    if kind == "u":
        return any(_valid(value, member) for member in arg)
    return False  # a spec this check does not know: refused, never guessed


def _object_valid(value: dict[str, Any], class_name: str) -> bool:
    # Keys the class does not define are ignored by the converter (and by this check).
    for key, spec, required, nullable in SCHEMA[class_name]:
        if key not in value:
            if required:
                return False
            continue
        item = value[key]
        if item is None:
            if not nullable:
                return False
            continue
        if not _valid(item, spec):
            return False
    return True


def _parses_as_url(text: Any) -> bool:
    # urllib.parse.urlsplit raises only for brackets (an IPv6 host) and for a non-ASCII
    # host that NFKC-normalises to a separator: neither can happen in ASCII without [ ].
    return text is None or (type(text) is str and text.isascii() and "[" not in text and "]" not in text)


def initialize_params_accepted(params: Any) -> bool:
    """True only when pygls will structure ``params`` as InitializeParams and its
    ``lsp_initialize`` will not raise on them."""
    if type(params) is not dict or not _object_valid(params, "InitializeParams"):
        return False
    return _parses_as_url(params.get("rootUri")) and _parses_as_url(params.get("rootPath"))
