"""A digest of nested plain data that tells apart what ``==`` does not (a tuple from a list, a
frozenset from a set) and ignores dict order: how a rebuilt table is proven equal to the
per-release copies it replaced (issue 22), whose digests the tests keep."""

from __future__ import annotations

import hashlib


def canonical(value: object) -> object:
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(key), canonical(item)) for key, item in value.items())))
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(canonical(item) for item in value))
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__, tuple(sorted(repr(item) for item in value)))
    return repr(value)


def digest(value: object) -> str:
    return hashlib.sha256(repr(canonical(value)).encode("utf-8")).hexdigest()
