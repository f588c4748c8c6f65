"""Several target JAX releases at once, the upgrade check, and notes on unmeasured releases.

Through the CLI as users run it (in this process), on fixtures whose per-release
behaviour the oracle proves by lowering (tests/test_oracle.py).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pallas_lsp.analysis import Options, Span, TextEdit, analyze
from pallas_lsp.analysis.targets import fails_on, merge_targets
from pallas_lsp.analysis.upgrade import apply_edits
from pallas_lsp.analysis.versions import parse_jax_version
from pallas_lsp.cli import main
from support import EXAMPLES, FIXTURES

OUT_SHAPE = FIXTURES / "single" / "pal009" / "kernel_out_shape_keyword.py"  # fails from 0.11.2
AXES = FIXTURES / "single" / "pal002" / "store_axes_mismatch_2d.py"  # fails on every release
CLEAN = FIXTURES / "single" / "clean" / "allreduce_shard_map_ok.py"  # out_type=: from 0.10.2


def run(capsys, *argv: str) -> tuple[int, list[dict], str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, json.loads(out), err


def test_a_finding_of_some_targets_names_them(capsys) -> None:
    status, items, _ = run(capsys, "check", "--format", "json", "--jax-version",
                           "0.10.2,0.12.0.1", str(OUT_SHAPE))
    assert status == 1
    [item] = items
    assert item["code"] == "PAL009"
    assert item["message"].startswith("fails on JAX 0.12.0.1 only (not on 0.10.2): ")


def test_a_finding_of_every_target_is_reported_once_as_it_is(capsys) -> None:
    _, alone, _ = run(capsys, "check", "--format", "json", "--jax-version", "0.12.0.1", str(AXES))
    _, items, _ = run(capsys, "check", "--format", "json", "--jax-version",
                      "0.10.2,0.11.0,0.12.0.1", str(AXES))
    assert items == alone and items


def test_code_that_lowers_on_every_target_gets_nothing(capsys) -> None:
    status, items, err = run(capsys, "check", "--format", "json", "--jax-version",
                             "0.10.2,0.12.0.1", str(CLEAN))
    assert (status, items, err) == (0, [], "")


def test_an_unmeasured_release_names_the_one_the_rules_follow(capsys) -> None:
    _, _, err = run(capsys, "check", "--format", "json", "--jax-version", "0.13.0", str(CLEAN))
    assert "JAX 0.13.0 is newer than every measured release: the rules follow JAX 0.12.0.1" in err


def test_fails_on_wording() -> None:
    targets = [(0, 8, 3), (0, 10, 2), (0, 12, 0, 1)]
    assert fails_on([(0, 10, 2), (0, 12, 0, 1)], targets) == "fails on JAX ≥ 0.10.2 only (not on 0.8.3)"
    assert fails_on([(0, 8, 3)], targets) == "fails on JAX 0.8.3 only (not on 0.10.2, 0.12.0.1)"


def test_a_rule_blamed_on_two_lines_across_releases_is_one_finding() -> None:
    program = EXAMPLES / "reduce_splat_layout.py"
    source = program.read_text(encoding="utf-8")
    releases = [parse_jax_version(v) for v in ("0.8.3", "0.10.2", "0.12.0.1")]
    per_version = {v: analyze(source, Options(jax_version=v), path=str(program)).findings for v in releases}
    merged = merge_targets(per_version)
    [layout] = [f for f in merged if f.code == "PAL004"]
    # Warpgroup (0.12.0.1) blames the layout_cast of line 10, Lane (0.10.2) the reduce of
    # line 11; 0.8.3 stops at the kernel's creation (PAL009, line 18) before either.
    assert layout.span.line == 10
    assert layout.message.startswith(
        "fails on JAX ≥ 0.10.2 only (not reached on 0.8.3: stopped earlier at line 18): ")
    assert "On JAX 0.10.2 JAX blames line 11 for it instead." in layout.message


def test_upgrade_lists_what_breaks_and_fixes_it(capsys, tmp_path: Path) -> None:
    copy = tmp_path / OUT_SHAPE.name
    shutil.copy(OUT_SHAPE, copy)
    status, items, _ = run(capsys, "upgrade", "--from", "0.10.2", "--to", "0.12.0.1",
                           "--format", "json", str(copy))
    assert status == 1 and [i["code"] for i in items] == ["PAL009"]
    # Nothing breaks the other way round: out_shape= is 0.10.2's spelling too.
    status, items, _ = run(capsys, "upgrade", "--from", "0.12.0.1", "--to", "0.10.2",
                           "--format", "json", str(copy))
    assert (status, items) == (0, [])
    status, items, _ = run(capsys, "upgrade", "--from", "0.10.2", "--to", "0.12.0.1", "--fix",
                           "--format", "json", str(copy))
    assert (status, items) == (0, [])
    assert "out_type=jax.ShapeDtypeStruct" in copy.read_text()
    assert "out_shape=jax.ShapeDtypeStruct" not in copy.read_text()



def test_upgrade_lists_a_finding_the_source_release_never_reached(capsys) -> None:
    # On 0.8.3 plgpu.kernel(out_type=...) fails where the kernel is made (line 35), so the
    # PAL002 of its body is not reached there: moving to 0.10.2 is when it starts to fail.
    status, items, _ = run(capsys, "upgrade", "--from", "0.8.3", "--to", "0.10.2", "--format", "json",
                           str(EXAMPLES / "broadcast_axes_mismatch.py"))
    assert status == 1 and [(i["code"], i["line"]) for i in items] == [("PAL002", 19)]
    assert items[0]["message"].startswith(
        "reached after the move (before it, the error at line 35 stopped it first): ")


def test_upgrade_does_not_list_an_error_whose_line_only_moved(capsys) -> None:
    # reduce_splat_layout.py fails with PAL004 on both releases (lowering-results.json): 0.10.2
    # (Lane) blames the multimem_load_reduce line, 0.12.0.1 (Warpgroup) the layout_cast line.
    # Nothing breaks with the move, in either direction.
    for source, target in (("0.10.2", "0.12.0.1"), ("0.12.0.1", "0.10.2")):
        status, items, _ = run(capsys, "upgrade", "--from", source, "--to", target, "--format", "json",
                               str(EXAMPLES / "reduce_splat_layout.py"))
        assert (status, items) == (0, []), (source, target)


@pytest.mark.parametrize(("edits", "want"), [
    ([TextEdit(Span(1, 4, 1, 5), "X")], "abcdXf\nghé\n"),
    ([TextEdit(Span(2, 2, 2, 4), "E"), TextEdit(Span(1, 0, 1, 1), "")], "bcdef\nghE\n"),
    # An edit overlapping one already taken is left for the next round.
    ([TextEdit(Span(1, 0, 1, 3), "1"), TextEdit(Span(1, 2, 1, 4), "2")], "1def\nghé\n"),
])
def test_apply_edits_in_utf8_columns(edits: list[TextEdit], want: str) -> None:
    assert apply_edits("abcdef\nghé\n", edits)[0] == want
