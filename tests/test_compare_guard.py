"""bench/compare.py's deterministic guard: the counts it reads back, the ratios it prints
and the bound that fails CI (the counting itself runs each tree's own analysis)."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _compare():
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_compare", BENCH / "compare.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


compare = _compare()


def test_the_last_calls_line_is_read_and_other_output_passed_over() -> None:
    output = 'a warning\nCALLS {"docstring": 5}\nnoise\nCALLS {"docstring": 7, "kernel body": 9}\n'
    assert compare.parse_call_counts(output) == {"docstring": 7, "kernel body": 9}


@pytest.mark.parametrize("output", ["", "calls 3", 'CALLS {"docstring": "7"}', 'CALLS {"a": -1}',
                                    'CALLS [1, 2]', 'CALLS {"a": true}'])
def test_output_without_counts_is_an_error(output: str) -> None:
    with pytest.raises(ValueError):
        compare.parse_call_counts(output)


def test_ratios_per_kind_and_over_all_kinds_both_sides_measured() -> None:
    ratios = compare.call_ratios({"docstring": 50, "kernel body": 300, "new kind": 1},
                                 {"docstring": 100, "kernel body": 200})
    assert ratios == {"docstring": 0.5, "kernel body": 1.5, "all": 350 / 300}


def test_a_kind_ref_did_no_call_for_is_infinitely_worse() -> None:
    assert math.isinf(compare.call_ratios({"a": 3}, {"a": 0})["a"])


def test_the_bound_names_every_ratio_above_it() -> None:
    ratios = {"docstring": 1.05, "kernel body": 1.051, "all": float("nan")}
    assert compare.over_bound(ratios, 1.05) == ["kernel body", "all"]
    assert compare.over_bound({"docstring": 0.2, "all": 1.0}, 1.05) == []


def test_the_edits_are_the_ones_documented() -> None:
    source = compare.generated_file(2000)
    edits = compare.call_edits(source, 4)
    assert edits["docstring"][2].startswith('"""Generated 2:')
    body = edits["kernel body"]
    # Typed, deleted, typed, deleted: one comment line inside a kernel, nothing else.
    assert body[1] == source and body[3] == source
    changed = [(a, b) for a, b in zip(source.split("\n"), body[0].split("\n"), strict=True) if a != b]
    assert len(changed) == 1 and changed[0][0].lstrip().startswith("# kernel number")
    code = edits["kernel code"]
    assert code[1] == source and code[3] == source
    changed = [(a, b) for a, b in zip(source.split("\n"), code[0].split("\n"), strict=True) if a != b]
    assert len(changed) == 1 and changed[0][1] == changed[0][0].replace("vec_size=4", "vec_size=8")


@pytest.mark.parametrize(("current", "code"), [(104, 0), (106, 1)])
def test_max_call_ratio_sets_the_exit_status(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str], current: int,
                                             code: int) -> None:
    def counted(trees, edits):
        first, second = trees
        return {first.label: {"docstring": current}, second.label: {"docstring": 100}}

    monkeypatch.setattr(compare, "call_counts", counted)
    status = compare.main(["REF", "--ref-tree", str(tmp_path), "--calls-only",
                           "--max-call-ratio", "1.05", "--json", str(tmp_path / "out.json")])
    assert status == code
    assert f"{current}        100" in capsys.readouterr().out
    assert '"call_ratios"' in (tmp_path / "out.json").read_text()
