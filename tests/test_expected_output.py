"""Each functional fixture's findings match its pinned expected output (expected_output.py):
columns, message heads and related locations, not only the (code, line) pairs of the markers.
For multi-file fixtures, the related locations are also the same in every CLI format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from expected_output import (
    VERSIONS,
    check_json,
    expected_file,
    fixtures,
    related_rows,
    relative,
    render,
)
from fixture_markers import package_fixtures


@pytest.mark.parametrize("fixture", fixtures(), ids=lambda p: p.name)
def test_fixture_output_is_pinned(fixture: Path) -> None:
    path = expected_file(fixture)
    assert path.exists(), f"{path} is missing: run tests/expected_output.py --update"
    assert render(fixture) == path.read_text(encoding="utf-8"), (
        f"{fixture.name}: findings differ from {path.name}; if the change is deliberate, run "
        "tests/expected_output.py --update and review the diff")


def test_every_multifile_fixture_pins_related_locations_in_other_modules() -> None:
    """The pins would not catch a misplaced related span if no fixture had one elsewhere."""
    across = [p.name for p in package_fixtures() for version in VERSIONS
              if any(row.split(":")[0] != row.split(" -> ")[1].split(":")[0]
                     for row in related_rows(p, version))]
    assert "axes_across_modules" in across, across


def _text_related(stdout: str, base: Path) -> list[str]:
    found, owner = [], ""
    for line in stdout.splitlines():
        if line.startswith("  ") and ": related: " in line:
            where, message = line.strip().split(": related: ", 1)
            path, row, col = where.rsplit(":", 2)
            found.append(f"{owner} -> {relative(path, base)}:{row}:{col}:{message[:80]}")
        elif line.count(":") >= 3 and not line.startswith(" "):
            path, row, col, rest = line.split(":", 3)
            owner = f"{relative(path, base)}:{row}:{col}:{rest.strip().split(' ', 1)[0]}"
    return found


def _json_related(stdout: str, base: Path) -> list[str]:
    return [f"{relative(i['path'], base)}:{i['line']}:{i['column']}:{i['code']} -> "
            f"{relative(r['path'], base)}:{r['line']}:{r['column']}:{r['message'][:80]}"
            for i in json.loads(stdout) for r in i["related"]]


def _sarif_related(stdout: str, base: Path) -> list[str]:
    found = []
    for result in json.loads(stdout)["runs"][0]["results"]:
        location = result["locations"][0]["physicalLocation"]
        owner = (f"{relative(location['artifactLocation']['uri'], base)}:"
                 f"{location['region']['startLine']}:{location['region']['startColumn']}:{result['ruleId']}")
        for related in result.get("relatedLocations", ()):
            where = related["physicalLocation"]
            found.append(f"{owner} -> {relative(where['artifactLocation']['uri'], base)}:"
                         f"{where['region']['startLine']}:{where['region']['startColumn']}:"
                         f"{related['message']['text'][:80]}")
    return found


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("package", package_fixtures(), ids=lambda p: p.name)
def test_related_locations_agree_in_text_json_and_sarif(package: Path, version: str) -> None:
    """Regression: SARIF once put every related location under the finding's own file."""
    want = related_rows(package, version)
    for fmt, read in (("text", _text_related), ("json", _json_related), ("sarif", _sarif_related)):
        _, stdout = check_json(package, version, fmt)
        assert read(stdout, package) == want, f"{package.name}, {fmt}, JAX {version}"
