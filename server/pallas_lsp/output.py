"""Report formats of `pallas-lsp check`: text (like ruff), JSON (a contract), SARIF 2.1.0.

Besides findings, a report carries the run's notifications (``cli_messages``): SARIF
as ``invocations[0].toolExecutionNotifications``; text and JSON leave them to the CLI,
which prints them on stderr so stdout keeps its shape.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from . import __version__
from .analysis import Finding, Span
from .analysis.rules import REPOSITORY_URL, catalog
from .cli_messages import Notification, summary
from .project import Locator
from .safe_text import for_json, for_terminal, sarif_uri

SYNTAX_CODE = "syntax-error"
# A path given on the command line that cannot be read (ruff's E902 io-error).
FILE_ERROR_CODE = "io-error"
# The rows that are no rule's: SARIF's driver.rules lists them too.
_NON_RULE_CODES = {
    SYNTAX_CODE: ("The file is not valid Python", "Python cannot parse the file, so no rule ran on it."),
    FILE_ERROR_CODE: ("A path that cannot be read",
                      "The path does not exist or cannot be read as UTF-8 text."),
    "lowering": ("Real lowering failed where no rule predicted it",
                 "`check --confirm` lowered the file and JAX raised an error no rule predicts."),
}


@dataclass(frozen=True)
class RelatedPlace:
    """A related span of a finding, in people's terms; ``path``: the file it lies in."""

    path: str
    line: int
    column: int
    message: str
    cell: int | None = None  # in a notebook: the cell, and ``line`` counts within it


@dataclass(frozen=True)
class Reported:
    """One finding of one file, with columns converted for people (1-based code points)."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    severity: str
    message: str
    confirmed: bool | None = None
    related: tuple[RelatedPlace, ...] = ()
    cell: int | None = None  # in a notebook: the cell (every cell counted from 1), lines within it
    # After --confirm: "confirmed" | "refuted" | "not_reached" (lowering.outcome.verdict),
    # and for not_reached, why ("lowering stopped at line 23, PAL008").
    lowering: str | None = None
    lowering_note: str | None = None
    # A lowering error no static finding predicted (a gap of the rules worth reporting).
    unpredicted: bool = False


def related_place(locator: Locator, span: Span, message: str) -> RelatedPlace:
    place = locator.place(span)
    return RelatedPlace(place.path, place.line, place.column, locator.message(message), place.cell)


def reported(finding: Finding, locator: Locator, confirmed: bool | None = None,
             lowering: str | None = None, lowering_note: str | None = None) -> Reported:
    """A finding of ``locator.home``; its related spans may lie in other files of the program."""
    place = locator.place(finding.span)
    return Reported(
        path=place.path,
        line=place.line,
        column=place.column,
        end_line=place.end_line,
        end_column=place.end_column,
        code=finding.code,
        severity=finding.severity.value,
        message=locator.message(finding.message),
        confirmed=confirmed,
        related=tuple(related_place(locator, r.span, r.message) for r in finding.related),
        cell=place.cell,
        lowering=lowering,
        lowering_note=lowering_note,
    )


def where(path: str, line: int, column: int, cell: int | None) -> str:
    """``path:line:col``, or ``path:cell N:line:col`` in a notebook (as ruff prints it);
    the path as safe to print (safe_text: a newline in a file name forges no line)."""
    shown = for_terminal(path)
    return f"{shown}:{line}:{column}" if cell is None else f"{shown}:cell {cell}:{line}:{column}"


def file_error(path: str, reason: str) -> Reported:
    """A path that cannot be checked, as a row (ruff reports E902 the same way)."""
    return Reported(path, 1, 1, 1, 1, FILE_ERROR_CODE, "error", reason)


def _related_json(item: Reported) -> list[dict[str, object]]:
    return [{"path": r.path, "cell": r.cell, "line": r.line, "column": r.column, "message": r.message}
            for r in item.related]


def as_json(items: list[Reported]) -> str:
    rows = [
        {
            "path": item.path, "cell": item.cell, "line": item.line, "column": item.column,
            "end_line": item.end_line, "end_column": item.end_column, "code": item.code,
            "severity": item.severity, "message": item.message, "confirmed": item.confirmed,
            "lowering": item.lowering, "lowering_note": item.lowering_note,
            "unpredicted": item.unpredicted, "related": _related_json(item),
        }
        for item in items
    ]
    return json.dumps(for_json(rows), indent=2)


def _lowering_mark(item: Reported) -> str:
    if item.lowering == "confirmed":
        return " [confirmed by lowering]"
    if item.lowering == "refuted":
        return " [refuted: lowering passed this line]"
    if item.lowering == "not_reached":
        return f" [not reached: {item.lowering_note}]" if item.lowering_note else " [not reached]"
    return ""


def as_text(items: list[Reported], *, notes: list[str],
            problems: list[Notification] | None = None) -> str:
    out: list[str] = []
    for item in items:
        out.append(f"{where(item.path, item.line, item.column, item.cell)}: {item.code} "
                   f"{for_terminal(item.message)}{for_terminal(_lowering_mark(item))}")
        out.extend(f"  {where(r.path, r.line, r.column, r.cell)}: related: {for_terminal(r.message)}"
                   for r in item.related)
    out.extend(for_terminal(note) for note in notes)
    out.append(summary([item.severity for item in items], [item.lowering for item in items],
                       problems or []))
    return "\n".join(out)


_SARIF_LEVEL = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}


def _cell_location(cell: int | None, location: dict[str, object]) -> dict[str, object]:
    """SARIF has no notebook cells: a location in one names it in a logical location
    (``cell N``) and in its properties; the region's lines count within that cell."""
    if cell is None:
        return location
    return {**location, "logicalLocations": [{"name": f"cell {cell}", "kind": "module"}],
            "properties": {"cell": cell}}


def _sarif_notification(problem: Notification) -> dict[str, object]:
    notification: dict[str, object] = {"level": problem.level, "message": {"text": problem.message}}
    if problem.path:
        notification["locations"] = [{"physicalLocation": {
            "artifactLocation": {"uri": sarif_uri(problem.path)}}}]
    return notification


def as_sarif(items: list[Reported], problems: list[Notification] | None = None,
             successful: bool | None = None) -> str:
    """SARIF 2.1.0. ``successful``: whether the check did all it was asked (exit status not
    2: every path read, every asked-for lowering check run); by default, no error
    notification."""
    rules = [
        {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.title},
            "fullDescription": {"text": rule.what_it_means},
            "helpUri": rule.doc_url(),
            "help": {"text": rule.how_to_fix, "markdown": rule.markdown()},
        }
        for rule in catalog().values()
    ]
    rules.extend({"id": code, "name": code, "shortDescription": {"text": title},
                  "fullDescription": {"text": meaning}}
                 for code, (title, meaning) in _NON_RULE_CODES.items())
    results = []
    for item in items:
        uri = sarif_uri(item.path)
        result: dict[str, object] = {
            "ruleId": item.code,
            "level": _SARIF_LEVEL.get(item.severity, "warning"),
            "message": {"text": item.message},
            "locations": [_cell_location(item.cell, {
                "physicalLocation": {
                    "artifactLocation": {"uri": uri},
                    "region": {"startLine": item.line, "startColumn": item.column,
                               "endLine": item.end_line, "endColumn": item.end_column},
                }
            })],
        }
        if item.related:
            result["relatedLocations"] = [
                _cell_location(related.cell, {
                    "id": n, "message": {"text": related.message},
                    "physicalLocation": {"artifactLocation": {"uri": sarif_uri(related.path)},
                                         "region": {"startLine": related.line,
                                                    "startColumn": related.column}}})
                for n, related in enumerate(item.related)
            ]
        if item.lowering is not None:
            result["properties"] = {"confirmedByLowering": item.confirmed, "lowering": item.lowering,
                                    "loweringNote": item.lowering_note}
        elif item.confirmed is not None:
            result["properties"] = {"confirmedByLowering": item.confirmed}
        if item.unpredicted:
            # A lowering error no static finding predicted (the JSON rows' "unpredicted"):
            # a gap of the static analysis worth reporting.
            result.setdefault("properties", {})["unpredicted"] = True
        results.append(result)
    problems = problems or []
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "pallas-lsp", "version": __version__,
                                "informationUri": REPOSITORY_URL,
                                "rules": rules}},
            "columnKind": "unicodeCodePoints",
            "invocations": [{
                "executionSuccessful": (not any(p.level == "error" for p in problems)
                                        if successful is None else successful),
                "toolExecutionNotifications": [_sarif_notification(p) for p in problems],
            }],
            "results": results,
        }],
    }
    return json.dumps(for_json(sarif), indent=2)
