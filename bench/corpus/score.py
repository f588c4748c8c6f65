"""Score `pallas-lsp check` against the corpus labels, per corpus and JAX version.

usage: score.py OUT [--cli PATH] [--versions V,V] [--jobs N] [--misses] [--save FILE]

Conventions of /work/shared/tools/score.py (lowering stops at its first error):
  hit        a finding with the label's code on the label's line (in the label's file)
  recall     = hits / files whose first error has a rule class
  precision  = hits / (hits + every finding on files that lower cleanly
               + findings with another code on a failing file's error line)
Findings elsewhere on failing files may be true later errors: not counted.
Files whose first error has no rule class ("other"), and "broken" files (no
kernel reached), are skipped. A multi-file program is checked as its folder.
Misses and false findings are grouped by (corpus, mutation operator) and by what
the tool said, so the causes can be read off.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
from pathlib import Path

CODE = {"mesh_required": "PAL001", "axes_mismatch": "PAL002", "layout_missing": "PAL003",
        "layout_unsupported": "PAL004", "axis_unknown": "PAL005", "reduction_dtype": "PAL006",
        "vector_width": "PAL007", "api_removed": "PAL008", "api_renamed": "PAL009",
        "kernel_args": "PAL010", "axes_unhashable": "PAL011", "mesh_device_order": "PAL021",
        "shard_map_no_mesh": "PAL022", "nested_shard_map_mesh": "PAL023",
        "release_cannot_lower": "PAL024", "cluster_axis_unknown": "PAL025",
        "shard_map_axis_names_subset": "PAL028"}
DEFAULT_CLI = str(Path(__file__).resolve().parents[2] / ".venv" / "bin" / "pallas-lsp")


def _catalog_classify():
    """This repository's lowering classifier (pure Python), or None where it cannot be imported."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))
    try:
        from pallas_lsp.lowering.classify import classify
    except ImportError:
        return None
    return classify


CLASSIFY = _catalog_classify()


def rule_class(rec: dict, ver: str) -> str | None:
    """score.py's cls_of: two bare-message errors that still have a rule class. A label made
    before a rule existed ("other") gets the class today's catalog gives its message."""
    cls = rec.get("class")
    if rec.get("outcome") == "error" and cls in (None, "other") and CLASSIFY is not None:
        cls = CLASSIFY(rec.get("exc_type") or "", rec.get("message") or "", ver)
    if rec.get("outcome") == "error" and cls in (None, "other") and rec.get("exc_type") == "AssertionError" \
            and tuple(int(x) for x in ver.split(".")[:2]) >= (0, 11):
        return "api_removed"
    if rec.get("outcome") == "error" and cls in (None, "other") and rec.get("exc_type") == "TypeError" \
            and re.search(r"argument: 'out_shape'|unexpected keyword argument "
                          r"'(out_shape|scratch_shapes|out_type|scratch_types)'", rec.get("message") or ""):
        return "api_renamed"
    return cls


def corpus_of(rel: str) -> str:
    return "jax" if rel.startswith("jax/") else rel.split("/")[0]


def part_of(rel: str) -> str:
    """The corpus and, for JAX's code, which part of it (tests/ or ops/)."""
    return "/".join(rel.split("/")[:2]) if rel.startswith("jax/") else corpus_of(rel)


def check(cli: str, ver: str, target: Path) -> tuple[list[dict] | None, str | None]:
    proc = subprocess.run([cli, "check", "--format", "json", "--jax-version", ver, str(target)],
                          capture_output=True, text=True, timeout=300)
    try:
        out = json.loads(proc.stdout or "[]")
    except json.JSONDecodeError:
        return None, f"exit {proc.returncode}: {(proc.stdout or proc.stderr)[:200]!r}"
    return [f for f in out if isinstance(f, dict) and re.fullmatch(r"PAL\d{3}", str(f.get("code")))], None


def check_in_process(cli: str, ver: str, target: Path) -> tuple[list[dict] | None, str | None]:
    """The same ``check`` as the console script, run in this process (no interpreter start
    per file: a whole-corpus score in minutes instead of an hour on 2 cores). Only for this
    repository's own CLI (``--in-process`` ignores ``--cli``)."""
    import contextlib
    import io

    from pallas_lsp.cli import main as cli_main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()), \
            contextlib.suppress(SystemExit):
        cli_main(["check", "--format", "json", "--jax-version", ver, str(target)])
    try:
        found = json.loads(out.getvalue() or "[]")
    except json.JSONDecodeError:
        return None, f"not JSON: {out.getvalue()[:200]!r}"
    return [f for f in found if isinstance(f, dict) and re.fullmatch(r"PAL\d{3}", str(f.get("code")))], None


def on_line(f: dict, want: str, line: int | None, line_file: Path, path: Path) -> bool:
    """Does a finding sit on the labelled error line (PAL008: anywhere, as score.py)?"""
    if want == "PAL008" and f["code"] == "PAL008":
        return True
    where = f.get("path") or str(path)
    if line is None or os.path.realpath(where) != os.path.realpath(line_file):
        return False
    return f["line"] <= line <= max(f.get("end_line") or f["line"], f["line"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--cli", default=DEFAULT_CLI)
    ap.add_argument("--versions", default="0.10.2,0.11.2,0.12.0.1")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--misses", action="store_true", help="list every miss and false finding")
    ap.add_argument("--save", type=Path, help="write the per-file results as JSON")
    ap.add_argument("--only", default="", help="score only paths containing this")
    ap.add_argument("--in-process", action="store_true",
                    help="run this repository's check in this process (fast; --jobs 1 advised)")
    a = ap.parse_args()
    if a.in_process:
        sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))
        global check
        check = check_in_process
    labels = json.loads((a.out / "labels.json").read_text())
    manifest = json.loads((a.out / "manifest.json").read_text())
    versions = a.versions.split(",")
    todo = []
    skipped = collections.Counter()
    for rel in sorted(rel for rel in labels if a.only in rel):
        for ver in versions:
            rec = labels[rel].get(ver)
            if rec is None or rec["outcome"] == "broken":
                skipped[(part_of(rel), ver, "broken" if rec else "unlabelled")] += 1
                continue
            cls = rule_class(rec, ver)
            if rec["outcome"] == "error" and cls not in CODE:
                skipped[(part_of(rel), ver, "other error")] += 1
                continue
            path = a.out / rel
            target = path.parent if "multifile" in rel.split("/") else path
            todo.append((rel, ver, rec, cls, path, target))
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(lambda t: check(a.cli, t[1], t[5]), todo))

    tally: dict[tuple[str, str], collections.Counter] = collections.defaultdict(collections.Counter)
    causes: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    rows = []
    for (rel, ver, rec, cls, path, _target), (findings, err) in zip(todo, results, strict=True):
        parts = {corpus_of(rel), part_of(rel)}
        t = collections.Counter()
        info = manifest.get(rel, {})
        op = info.get("op", "?")
        if findings is None:
            t["unreadable"] += 1
            rows.append({"path": rel, "version": ver, "verdict": "unreadable", "error": err})
            for part in parts:
                tally[(part, ver)].update(t)
            continue
        said = [(f["code"], f["line"]) for f in findings]
        if rec["outcome"] == "ok":
            t["clean"] += 1
            if findings:
                t["fp"] += len(findings)
                causes["false finding"][f"{corpus_of(rel)}:{op} {findings[0]['code']} on a clean file"] += 1
                verdict = "false"
            else:
                t["quiet"] += 1
                verdict = "quiet"
            rows.append({"path": rel, "version": ver, "verdict": verdict, "said": said, "op": op})
            for part in parts:
                tally[(part, ver)].update(t)
            continue
        want, line = CODE[cls], rec.get("line")
        line_file = (a.out / rec["line_file"]) if rec.get("line_file") else path

        here = [f for f in findings if on_line(f, want, line, line_file, path)]
        hits = [f for f in here if f["code"] == want]
        wrong = [f for f in here if f["code"] != want]
        t["errors"] += 1
        if hits:
            t["tp"] += 1
            verdict = "hit"
        else:
            t["fn"] += 1
            verdict = "miss"
            if not findings:
                how = "silent"
            elif wrong:
                how = "other code on the line"
            elif any(f["code"] == want for f in findings):
                how = "right code, other line"
            else:
                how = "other findings elsewhere"
            causes["miss"][f"{corpus_of(rel)}:{op} want {want}: {how}"] += 1
        if wrong:
            t["fp"] += len(wrong)
            causes["false finding"][f"{corpus_of(rel)}:{op} {wrong[0]['code']} on a {want} line"] += 1
        rows.append({"path": rel, "version": ver, "verdict": verdict, "op": op, "said": said,
                     "want": [want, line, rec.get("line_file")], "message": rec.get("message", "")[:160]})
        for part in parts:
            tally[(part, ver)].update(t)

    print(f"{'corpus':9} {'jax':9} {'files':>5} {'clean':>5} {'errors':>6} {'hits':>5} {'false':>5} "
          f"{'precision':>9} {'recall':>6}  skipped")
    for (corpus, ver), t in sorted(tally.items()):
        prec = t["tp"] / (t["tp"] + t["fp"]) if t["tp"] + t["fp"] else 1.0
        rec_ = t["tp"] / t["errors"] if t["errors"] else 1.0
        skip: collections.Counter = collections.Counter()
        for (part, part_ver, why), n in skipped.items():
            if part_ver == ver and corpus in (part, corpus_of(part)):
                skip[why] += n
        print(f"{corpus:9} {ver:9} {t['clean'] + t['errors']:5} {t['clean']:5} {t['errors']:6} {t['tp']:5} "
              f"{t['fp']:5} {prec:9.3f} {rec_:6.3f}  {dict(skip)}")
    for kind in ("miss", "false finding"):
        print(f"\n{kind} (by corpus:operator, all versions):")
        for cause, n in causes[kind].most_common():
            print(f"  {n:4}  {cause}")
    if a.misses:
        print()
        for row in rows:
            if row["verdict"] in ("miss", "false", "unreadable"):
                print(json.dumps(row))
    if a.save:
        a.save.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
