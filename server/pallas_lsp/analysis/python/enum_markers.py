"""``enum.member`` / ``enum.nonmember`` (Python 3.11): what an Enum's body marks.

``EnumType`` reads each name of the class body: ``nonmember(x)`` makes ``x`` a plain class
attribute, never a member (nor counted by ``len()``); ``member(x)`` makes a member of ``x``
even where ``x`` would be skipped (a function). interp/classes.make_enum unwraps them; outside
an Enum's body the marker is the wrapper object Python has, whose ``value`` is ``x``.
"""

from __future__ import annotations

from dataclasses import dataclass

NAMES = frozenset({"enum.member", "enum.nonmember"})


@dataclass(frozen=True, eq=False)
class EnumMarker:
    member: bool
    value: object


def mark(name: str, args: list[object], kwargs: dict[str, object]) -> object | None:
    """``enum.member(value)`` / ``enum.nonmember(value)``; None for another call shape."""
    if len(args) != 1 or kwargs:
        return None
    return EnumMarker(name == "enum.member", args[0])
