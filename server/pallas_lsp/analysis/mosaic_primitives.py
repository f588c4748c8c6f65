"""What each release's Pallas Mosaic GPU lowering implements (PAL019 reads it), measured by
``bench/releases/primitives_gen.py`` and shipped as two generated modules:

- ``mosaic_primitive_names.py``: the releases, the functions some release cannot lower and
  the primitives named in those failures. Small; imported with the rules (the analysis
  records calls of those functions, and PAL019's error pattern names those primitives).
- ``mosaic_primitive_tables.py``: the tables, as one base release plus per-release changes.
  Imported only when a kernel calls one of the functions (issue 22: importing per-release
  copies of the tables cost 8 ms of every start).

``lowering_rules()[release][semantics]``: the primitives a lowering rule is registered for.
``unimplemented()[function][release][dtype][semantics]``: the primitive that real lowering
called unimplemented; absent: it lowered, or failed for another reason.
"""

from __future__ import annotations

import functools

from .mosaic_primitive_names import FUNCTIONS, PRIMITIVES, RELEASES

__all__ = ["FUNCTIONS", "PRIMITIVES", "RELEASES", "lowering_rules", "unimplemented"]


@functools.cache
def lowering_rules() -> dict[str, dict[str, frozenset[str]]]:
    from .mosaic_primitive_tables import BASE_RELEASE, LOWERING_RULES_BASE, LOWERING_RULES_CHANGES

    rules = {BASE_RELEASE: dict(LOWERING_RULES_BASE)}
    previous = rules[BASE_RELEASE]
    for release in RELEASES[RELEASES.index(BASE_RELEASE) + 1:]:
        previous = rules[release] = {
            semantics: (previous.get(semantics, frozenset()) - removed) | added
            for semantics, (added, removed) in LOWERING_RULES_CHANGES[release].items()}
    return rules


@functools.cache
def unimplemented() -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    from .mosaic_primitive_tables import UNIMPLEMENTED_ROWS

    table: dict[str, dict[str, dict[str, dict[str, str]]]] = {}
    for function, dtype, semantics, primitive, releases in UNIMPLEMENTED_ROWS:
        for release in releases:
            by_dtype = table.setdefault(function, {}).setdefault(release, {})
            by_dtype.setdefault(dtype, {})[semantics] = primitive
    return table
