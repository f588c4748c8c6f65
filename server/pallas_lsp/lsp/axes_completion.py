"""Axis-name completion: which slot the cursor is in, and the names that can reach it.

Slots: ``collective_axes`` (and ``multimem_store``'s third argument,
``multicast_ref``'s second), ``axis_name`` of ``lax.axis_index`` / ``axis_size`` /
the psum family, ``PartitionSpec`` / ``P`` entries, ``shard_map(axis_names=…)``.
The names are those the analysis saw reach the place: the meshes of every launch
context of the kernel whose body holds the cursor and the kernel's own grid /
cluster / thread names; inside a ``shard_map(…)`` call, its mesh's axes.

``multimem_store`` / ``multimem_load_reduce`` compare ``set(collective_axes)``,
so a string there is its letters (jax-facts.md): completion never offers a bare
string for them, and offers the whole mesh as one tuple first (JAX requires all
of its axes).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from lsprotocol import types

from pallas_lsp.analysis import Span
from pallas_lsp.analysis.axis_symbols import AxisFacts, AxisOffer, AxisPlace

from .axes_context import cursor_context

_SPLITTING = frozenset({"multimem_store", "multimem_load_reduce"})
_PSUM_FAMILY = frozenset({"psum", "pmean", "pmax", "pmin", "all_gather", "ppermute", "psum_scatter",
                          "all_to_all"})
_SPECS = frozenset({"P", "PartitionSpec"})
_DEF = re.compile(r"\s*(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)")


@dataclass(frozen=True)
class Slot:
    kind: str  # "collective", "axis", "spec", "shard_map_axes"
    splits: bool  # a string is compared letter by letter
    direct: bool  # the cursor is at the argument itself, not inside a tuple of it
    # The open string: (opening quote column, content end column, closing quote end column),
    # code points on the cursor's line; None when the cursor is not in a string.
    string: tuple[int, int, int] | None
    column: int


def slot_at(lines: list[str], line: int, column: int) -> Slot | None:
    """The axis slot at (0-based line, code-point column), or None."""
    context = cursor_context(lines, line, column)
    if context is None:
        return None
    found = context.call()
    if found is None:
        return None
    bracket, depth = found
    if depth > 1:
        return None
    callee = (bracket.callee or "").rsplit(".", 1)[-1]
    keyword, position = bracket.keyword, bracket.position
    if keyword == "collective_axes" or (keyword is None and (
            (callee == "multimem_store" and position == 2) or (callee == "multicast_ref" and position == 1))):
        kind = "collective"
    elif keyword == "axis_name" or (keyword is None and (
            (callee in ("axis_index", "axis_size") and position == 0)
            or (callee in _PSUM_FAMILY and position == 1))):
        kind = "axis"
    elif callee in _SPECS:
        kind = "spec"
    elif keyword == "axis_names" and callee == "shard_map":
        kind = "shard_map_axes"
    else:
        return None
    text = context.line_text
    string = None
    if context.string is not None:
        quote_col, quote = context.string
        close = text.find(quote, column)
        content_end = close if close >= 0 else len(text)
        string = (quote_col, content_end, close + len(quote) if close >= 0 else len(text))
    else:
        before = text[:column].rstrip()
        # Typing a variable name (collective_axes=AX…) is not ours to complete.
        if before and before[-1] not in "=(,[":
            return None
    return Slot(kind, callee in _SPLITTING, depth == 0, string, column)


def enclosing_functions(lines: list[str], line: int) -> list[str]:
    """Names of the ``def``s around 0-based ``line``, innermost first (by indentation)."""
    names: list[str] = []
    text = lines[line] if line < len(lines) else ""
    indent = len(text) - len(text.lstrip()) if text.strip() else 10**6
    for number in range(min(line, len(lines)) - 1, -1, -1):
        candidate = lines[number]
        if not candidate.strip():
            continue
        depth = len(candidate) - len(candidate.lstrip())
        if depth < indent:
            match = _DEF.match(candidate)
            if match:
                names.append(match.group(1))
            indent = depth
            if depth == 0:
                break
    return names


def items(slot: Slot, facts: list[AxisFacts], path: str, line: int, functions: list[str],
          make_range: Callable[[int, int], types.Range],
          where: Callable[[Span], str]) -> list[types.CompletionItem]:
    """Completion items for ``slot`` at 1-based ``line`` of ``path``, inside the functions
    ``functions`` (innermost first) of the text being typed."""
    offers: list[AxisOffer] = []
    meshes: list[tuple[str, ...]] = []
    for place in _places_at(slot, facts, path, line, functions):
        offers.extend(place.offers)
        meshes.extend(m for m in place.mesh_axes if m not in meshes)
    if not offers:
        return []
    by_name: dict[str, list[AxisOffer]] = {}
    for offer in offers:
        by_name.setdefault(offer.name, []).append(offer)
    found: list[types.CompletionItem] = []
    tuple_only = slot.kind == "collective" and slot.direct
    # A tuple replaces the whole string being typed (quotes included), or goes at the cursor.
    whole = (slot.string[0], slot.string[2]) if slot.string else (slot.column, slot.column)
    if tuple_only:
        replace = make_range(*whole)
        for rank, mesh in enumerate(meshes):
            if not mesh:
                continue
            text = _tuple(mesh)
            found.append(types.CompletionItem(
                label=text, kind=types.CompletionItemKind.Value, sort_text=f"0{rank}",
                detail="all mesh axes" + (": what multimem ops require" if slot.splits else ""),
                documentation=f"every axis of the mesh {mesh!r} that reaches this kernel",
                text_edit=types.TextEdit(range=replace, new_text=text), filter_text=text,
                preselect=rank == 0))
    for rank, (name, group) in enumerate(by_name.items()):
        detail = " · ".join(_describe(offer, where) for offer in group[:2])
        if tuple_only:
            text = _tuple((name,))
            edit = make_range(*whole)
        elif slot.string is not None:
            text = name
            edit = make_range(slot.string[0] + 1, slot.string[1])
        else:
            text = f'"{name}"'
            edit = make_range(slot.column, slot.column)
        found.append(types.CompletionItem(
            label=text if tuple_only else name, kind=types.CompletionItemKind.EnumMember,
            sort_text=f"1{rank:03d}", detail=detail,
            text_edit=types.TextEdit(range=edit, new_text=text), filter_text=text))
    return found


def _places_at(slot: Slot, facts: list[AxisFacts], path: str, line: int,
               functions: list[str]) -> list[AxisPlace]:
    places = [place for fact in facts for place in fact.places if place.span.path == path]
    if slot.kind in ("spec", "shard_map_axes"):
        return [p for p in places if p.kind == "shard_map" and p.span.line <= line <= p.span.end_line]
    kernels = [p for p in places if p.kind == "kernel"]
    for name in functions:  # the innermost kernel body around the cursor, by name
        chosen = [p for p in kernels if p.name == name]
        if chosen:
            return chosen
    return [p for p in kernels if p.span.line <= line <= p.span.end_line]


def _describe(offer: AxisOffer, where: Callable[[Span], str]) -> str:
    size = f", size {offer.size}" if offer.size is not None else ""
    return f"{offer.role}{size} ({where(offer.defined_at)})"


def _tuple(names: tuple[str, ...]) -> str:
    inner = ", ".join(f'"{name}"' for name in names)
    return f"({inner},)" if len(names) == 1 else f"({inner})"
