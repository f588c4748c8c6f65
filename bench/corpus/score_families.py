"""Score `pallas-lsp check` per JAX error family against real-lowering labels (issue 27).

usage: score_families.py OUT [--cli PATH | --in-process] [--versions V,V] [--only families/]
                             [--sites TSV] [--misses] [--save FILE] [--by-rule]

A label's family comes from JAX's message: the row of /work/shared/jax-raise-sites/sites.tsv
(JAX 0.12.0.1, hand-classified) whose message template the label's message matches
(raise_sites.match), unless the rules' own lowering_errors claim the message (what the
editor's confirm verdict calls it) and the row's family is none of theirs (sites.tsv files a
copy's src/dst memory space under `memory_space`; 0.10.2's MLIR verifier dump of a negative
wait count matches no row): then the claiming rule's family; a message no row matches
keeps the rule class today's catalog gives it
(vector_width, api_removed ... whose sites are outside that table); two Mosaic GPU messages
outside the table have a family by SUPPLEMENT; any other is "unmapped" (listed, never scored as a
family). A
finding's family comes from its rule code (CODE_FAMILY below). For each family F and release:
  hit        a label of F with a finding of F on the label's line (in the label's file)
  recall     = hits / labels of F
  precision  = hits / (hits + findings of F on files that lower cleanly
               + findings of F on the error line of a label of another family)
As in score.py, lowering stops at its first error: findings elsewhere on a failing file may be
true later errors and are not counted; "broken" files (no kernel reached) are skipped.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

import score
from raise_sites import Site, match, shared_sites

SITES_TSV = Path("/work/shared/jax-raise-sites/sites.tsv")
try:  # this repository's catalog (score.py put server/ on sys.path)
    from pallas_lsp.lowering.classify import classes_of, code_of
except ImportError:
    classes_of = code_of = None
# The family each rule code predicts: today's rules (their sites.tsv "covered:" family) and the
# rules issue 27 item 2 asks for, as the brief numbers them. PAL010 also predicts the Mesh checks
# sites.tsv files under kernel_mesh_config (`cluster_names must have the same length as cluster`,
# `cluster= must be at most 3D`: its README calls them kernel_args' siblings); a finding counts
# as false for its first family.
CODE_FAMILY = {
    "PAL001": "mesh_required", "PAL002": "axes_mismatch", "PAL003": "layout_missing",
    "PAL004": "layout_unsupported", "PAL005": "axis_unknown", "PAL006": "reduction_dtype",
    "PAL007": "vector_width", "PAL008": "api_removed", "PAL009": "api_renamed",
    "PAL010": ("kernel_args", "kernel_mesh_config"), "PAL011": "axes_unhashable",
    "PAL012": "swizzle_tiling", "PAL013": "copy_tma", "PAL014": "wgmma_mma", "PAL015": "barrier",
    "PAL016": "pipeline", "PAL017": "register_layouts", "PAL018": "blockspec_grid_aliases",
    "PAL019": "ops_dtypes", "PAL025": "cluster_collective",
    "PAL026": "ref_store", "PAL086": "axis_program_id",
    # tma_window: the TMA copy's bytes and windows (its messages are copy_tma's raise sites).
    "PAL046": "copy_tma",
}
# Raise sites outside sites.tsv (it reads only jax/_src/pallas): Mosaic GPU's own checks in
# jax/experimental/mosaic/gpu/, met by this corpus under every release, each given the family its
# message names. Matched on the message, like the table; nothing else is given a family by hand.
SUPPLEMENT = (
    (re.compile(r"Expected the SMEM reference to have the same shape as the transformed slice"), "copy_tma",
     "mosaic/gpu/launch_context.py (async_copy)"),
    (re.compile(r"^Expected same element type, got \w+ and \w+$"), "copy_tma",
     "mosaic/gpu/launch_context.py (async_copy)"),
)
# The families of issue 27 item 2 that this corpus is built to judge, in the order.
TARGET_FAMILIES = ("swizzle_tiling", "copy_tma", "wgmma_mma", "barrier", "pipeline",
                   "kernel_mesh_config", "register_layouts", "blockspec_grid_aliases", "ops_dtypes",
                   "cluster_collective")


def label_family(rec: dict, ver: str, sites: list[Site]) -> tuple[str, str | None]:
    """(family, the sites.tsv site it matched) of an error label."""
    site = match(rec.get("message") or "", sites, rec.get("exc_type"))
    claimed = _claimed_families(rec, ver)
    if site is not None and site.family not in claimed and claimed:
        # sites.tsv files the message under a family no rule's name says (its `memory_space`
        # for a copy's src/dst space), yet a rule's lowering_errors claim it: the rule's.
        return claimed[0], site.where
    if site is not None:
        return site.family or "(runtime or internal)", site.where
    if claimed:
        return claimed[0], rec.get("raise_site")  # an MLIR verifier dump a rule claims
    for pattern, family, where in SUPPLEMENT:
        if pattern.search(rec.get("message") or ""):
            return family, rec.get("raise_site") or where
    cls = score.rule_class(rec, ver)
    if cls in score.CODE:
        return cls, None
    # (A message a rule claims through its lowering_errors got that rule's family above.)
    return "unmapped", None


def _claiming_codes(rec: dict, ver: str) -> set[str]:
    """The codes of the rules whose lowering_errors match the label's message today."""
    if rec.get("outcome") != "error" or classes_of is None or code_of is None:
        return set()
    return {code for cls in classes_of(rec.get("exc_type") or "", rec.get("message") or "", ver)
            if (code := code_of(cls))}


def _claimed_families(rec: dict, ver: str) -> list[str]:
    """The families of the rules whose lowering_errors match the label's message today (what
    the editor's confirm verdict would call it), in code order; none for a clean label."""
    if rec.get("outcome") != "error" or classes_of is None or code_of is None:
        return []
    codes = [code_of(cls) for cls in classes_of(rec.get("exc_type") or "", rec.get("message") or "", ver)]
    return [family for code in codes if code in CODE_FAMILY for family in finding_families(code)]


def _names_program_error(finding: dict, rec: dict) -> bool:
    """A PAL079 finding that quotes the label's exception type ("ValueError: ...", "raises
    ConfigError"): the program's own error, on its line (the worker's runner gives such an
    error PAL079's class by where it was raised, which a label does not record)."""
    exc_type = rec.get("exc_type") or ""
    return finding["code"] == "PAL079" and bool(exc_type) and \
        re.search(rf"\b{re.escape(exc_type)}\b", finding.get("message") or "") is not None


def finding_families(code: str) -> tuple[str, ...]:
    fam = CODE_FAMILY.get(code, code)
    return fam if isinstance(fam, tuple) else (fam,)


def finding_family(code: str) -> str:
    return finding_families(code)[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--cli", default=score.DEFAULT_CLI)
    ap.add_argument("--in-process", action="store_true", help="this repository's check, in this process")
    ap.add_argument("--versions", default="0.10.2,0.11.2,0.12.0.1")
    ap.add_argument("--only", default="families/")
    ap.add_argument("--sites", type=Path, default=SITES_TSV)
    ap.add_argument("--misses", action="store_true", help="list every miss and false finding")
    ap.add_argument("--save", type=Path, help="write the per-file results as JSON")
    ap.add_argument("--by-rule", action="store_true", help="also score each rule code: its labels are "
                    "those whose message its lowering_errors claim; a finding of it on a clean file or on "
                    "the error line of a label it does not claim is false")
    ap.add_argument("--cache", type=Path, help="findings per file and release, read and written: a "
                    "re-score after a scorer change checks only files whose content changed (one checker: "
                    "remove it when the checker changes)")
    a = ap.parse_args()
    check = score.check
    if a.in_process:
        sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))
        check = score.check_in_process
    sites = shared_sites(a.sites)
    cache: dict = json.loads(a.cache.read_text()) if a.cache and a.cache.exists() else {}
    labels = json.loads((a.out / "labels.json").read_text())
    manifest = json.loads((a.out / "manifest.json").read_text())
    versions = a.versions.split(",")
    tally: dict[tuple[str, str], collections.Counter] = collections.defaultdict(collections.Counter)
    by_rule: dict[tuple[str, str], collections.Counter] = collections.defaultdict(collections.Counter)
    files: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    rows = []
    for rel in sorted(r for r in labels if a.only in r and r in manifest):
        path = a.out / rel
        for ver in versions:
            rec = labels[rel].get(ver)
            if rec is None or rec["outcome"] == "broken":
                files[ver]["broken" if rec else "unlabelled"] += 1
                continue
            key = f"{rel}|{ver}|{rec.get('sha')}"
            if key in cache:
                findings, err = cache[key], None
            else:
                findings, err = check(a.cli, ver, path)
                if findings is not None:
                    cache[key] = findings
            op = manifest[rel].get("op", "?")
            if findings is None:
                files[ver]["unreadable"] += 1
                rows.append({"path": rel, "version": ver, "verdict": "unreadable", "error": err})
                continue
            said = [(f["code"], f["line"]) for f in findings]
            if rec["outcome"] == "ok":
                files[ver]["clean"] += 1
                for f in findings:
                    tally[(finding_family(f["code"]), ver)]["false"] += 1
                    by_rule[(f["code"], ver)]["false"] += 1
                    rows.append({"path": rel, "version": ver, "verdict": "false", "op": op,
                                 "family": finding_family(f["code"]), "said": said})
                continue
            files[ver]["error"] += 1
            family, site = label_family(rec, ver, sites)
            line = rec.get("line")
            line_file = (a.out / rec["line_file"]) if rec.get("line_file") else path
            want = next((code for code in CODE_FAMILY if family in finding_families(code)), "")
            here = [f for f in findings if score.on_line(f, want, line, line_file, path)]
            # A finding of the family, or of a rule whose lowering_errors claim this very message
            # (a bare AssertionError is PAL008's and PAL020's: the finding says which).
            claimers = _claiming_codes(rec, ver)
            bare_assert = rec.get("exc_type") == "AssertionError" and (rec.get("message") or "").strip() in (
                "", "AssertionError()")
            if (family == "unmapped" or bare_assert) and any(_names_program_error(f, rec) for f in here):
                # (A bare AssertionError is JAX's own assert or the program's `assert`: the
                # texts are one, and PAL079's finding on the line says it is the program's.)
                # An error no rule's text claims, which PAL079 predicts as the program's own
                # (a `raise`, an `assert`, `int("")`): its finding names the exception's type.
                claimers = (*claimers, "PAL079")
            hits = [f for f in here if family in finding_families(f["code"]) or f["code"] in claimers]
            t = tally[(family, ver)]
            t["labels"] += 1
            if hits:
                t["hits"] += 1
            for f in here:
                if family not in finding_families(f["code"]) and f["code"] not in claimers:
                    tally[(finding_family(f["code"]), ver)]["false"] += 1
                    # Listed too (it was only counted): a finding on the failing line that names
                    # another family's error than the one lowering raised.
                    rows.append({"path": rel, "version": ver, "verdict": "false", "op": op,
                                 "family": finding_family(f["code"]), "label_family": family,
                                 "said": said, "message": (rec.get("message") or "")[:160]})
            for code in claimers:
                by_rule[(code, ver)]["labels"] += 1
                by_rule[(code, ver)]["hits"] += any(
                    f["code"] == code and score.on_line(f, code, line, line_file, path) for f in findings)
            for code in {f["code"] for f in findings if score.on_line(f, f["code"], line, line_file, path)}:
                if code not in claimers:
                    by_rule[(code, ver)]["false"] += 1
            verdict = "hit" if hits else "miss"
            rows.append({"path": rel, "version": ver, "verdict": verdict, "op": op, "family": family,
                         "site": site, "raise_site": rec.get("raise_site"), "line": line, "said": said,
                         "message": (rec.get("message") or "")[:160]})

    if a.cache:
        a.cache.write_text(json.dumps(cache))
    families = list(TARGET_FAMILIES) + sorted({fam for fam, _ in tally} - set(TARGET_FAMILIES))
    print(f"{'family':24} {'jax':9} {'labels':>6} {'hits':>5} {'false':>5} {'precision':>9} {'recall':>6}")
    for family in families:
        for ver in versions:
            t = tally.get((family, ver), collections.Counter())
            if not t and family not in TARGET_FAMILIES:
                continue
            prec = t["hits"] / (t["hits"] + t["false"]) if t["hits"] + t["false"] else 1.0
            rec_ = t["hits"] / t["labels"] if t["labels"] else float("nan")
            print(f"{family:24} {ver:9} {t['labels']:6} {t['hits']:5} {t['false']:5} {prec:9.3f} {rec_:6.3f}")
    print()
    for ver in versions:
        print(f"files {ver}: {dict(files[ver])}")
    if a.by_rule:
        print()
        print(f"{'rule':8} {'jax':9} {'labels':>6} {'hits':>5} {'false':>5} {'precision':>9} {'recall':>6}")
        for code, ver in sorted(by_rule):
            t = by_rule[(code, ver)]
            prec = t["hits"] / (t["hits"] + t["false"]) if t["hits"] + t["false"] else 1.0
            rec_ = t["hits"] / t["labels"] if t["labels"] else float("nan")
            print(f"{code:8} {ver:9} {t['labels']:6} {t['hits']:5} {t['false']:5} {prec:9.3f} {rec_:6.3f}")
    if a.misses:
        print()
        for row in rows:
            if row["verdict"] in ("miss", "false", "unreadable"):
                print(json.dumps(row))
    if a.save:
        a.save.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
