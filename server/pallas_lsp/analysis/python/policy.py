"""How the bridge decides one module of the standard library (allow.py, stdlib_bridged.py)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Policy:
    reason: str
    # Dotted names under the module that may be called; None: every public callable.
    names: frozenset[str] | None = None
    excluded: dict[str, str] = field(default_factory=dict)
    # Its int arguments are numbers, not sizes or counts (guards.py bounds their results
    # by digits instead).
    numeric: bool = False
    # Why every other public callable stays off, for a module decided as a whole to be
    # outside the bridge but for a few pure functions (ast: literal_eval; inspect: cleandoc).
    others: str = ""
