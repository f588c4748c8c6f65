"""One release's API surface as changes to another's: how ``api_data/`` ships four releases
as one full table (the newest) and three sets of changes (issue 22: four near-copies were
636 kB), and how a release's table is rebuilt from them when PAL009 first asks for it.

A change is a tagged tuple:
  * ``("=", value)``: the value itself (new, or replaced whole);
  * ``("~", {key: change}, (removed keys...))``: a dict edited key by key (keys in order);
  * ``("±", added, removed)``: a sorted tuple of distinct strings (a module's public names)
    with some added and some removed;
  * ``("@", ((start, stop, items), ...))``: any other tuple (a callable's parameters) with
    the base's ``[start:stop]`` replaced by ``items``, the spans in order: a signature that
    gained or lost a parameter is written as that parameter, not as a copy of the rest.

``apply(base, changes(base, table)) == table`` exactly, dict key order included: the
generator (``bench/releases/generate.py --api``) checks it before writing, and
``tests/test_api_data.py`` holds the rebuilt tables to the copies they replaced.
"""

from __future__ import annotations

from typing import Any

REPLACE, EDIT, NAMES, SPLICE = "=", "~", "±", "@"


def changes(base: Any, table: Any) -> tuple[Any, ...] | None:
    """What turns ``base`` into ``table`` (None: nothing)."""
    if base == table and type(base) is type(table) and _same_order(base, table):
        return None
    if isinstance(base, dict) and isinstance(table, dict) and list(table) == sorted(table):
        edits = {key: (REPLACE, value) if key not in base else changes(base[key], value)
                 for key, value in table.items()}
        removed = tuple(key for key in base if key not in table)
        return (EDIT, {key: edit for key, edit in edits.items() if edit is not None}, removed)
    if _names(base) and _names(table):
        return (NAMES, tuple(sorted(set(table) - set(base))), tuple(sorted(set(base) - set(table))))
    if isinstance(base, tuple) and isinstance(table, tuple) and base and table:
        try:
            spliced = (SPLICE, _spans(base, table))
        except TypeError:  # an item that cannot be hashed (a dict): replaced whole
            return (REPLACE, table)
        if repr(apply(base, spliced)) == repr(table) and len(repr(spliced)) < len(repr(table)):
            return spliced
    return (REPLACE, table)


def apply(base: Any, change: tuple[Any, ...] | None) -> Any:
    """``base`` with ``change`` made (a new value; ``base`` is not changed)."""
    if change is None:
        return base
    tag = change[0]
    if tag == REPLACE:
        return change[1]
    if tag == NAMES:
        return tuple(sorted((set(base) - set(change[2])) | set(change[1])))
    if tag == SPLICE:
        rebuilt: list[Any] = []
        at = 0
        for start, stop, items in change[1]:
            rebuilt += [*base[at:start], *items]
            at = stop
        return (*rebuilt, *base[at:])
    if tag == EDIT:
        edits, removed = change[1], set(change[2])
        keys = sorted({*(key for key in base if key not in removed), *edits})
        return {key: apply(base.get(key), edits.get(key)) for key in keys}
    raise ValueError(f"not a change: {tag!r}")


def _spans(base: tuple[Any, ...], table: tuple[Any, ...]) -> tuple[tuple[int, int, tuple[Any, ...]], ...]:
    """The spans of ``base`` that ``table`` replaces (difflib's longest matching runs kept)."""
    import difflib  # the generator's only: the server rebuilds tables, it never diffs them

    matcher = difflib.SequenceMatcher(a=base, b=table, autojunk=False)
    return tuple((i1, i2, table[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes()
                 if tag != "equal")


def _names(value: Any) -> bool:
    """A sorted tuple of distinct strings."""
    return isinstance(value, tuple) and all(isinstance(item, str) for item in value) \
        and list(value) == sorted(set(value))


def _same_order(base: Any, table: Any) -> bool:
    """Equal values whose dicts also list their keys in the same order, at every depth."""
    if isinstance(base, dict):
        return list(base) == list(table) and all(_same_order(base[k], table[k]) for k in base)
    if isinstance(base, tuple):
        return all(_same_order(a, b) for a, b in zip(base, table, strict=True))
    return True
