"""`pallas-lsp`: check, explain, lower, serve (DESIGN.md "CLI", a contract).

Exit statuses of `check`: 1 when an error-severity finding is reported, 0 when
none, 2 on bad usage or a file that cannot be read (reported; the other files
are still checked).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__, cli_args
from .analysis import Analysis, JaxVersion, Options, Severity, analyze, parse_jax_version
from .analysis.rules import catalog
from .analysis.targets import merge_targets
from .analysis.upgrade import apply_edits, breaking, mechanical_fixes
from .analysis.versions import rules_release
from .interrupt import Stop, stop_on_signals
from .jaxenv import resolve_jax_version
from .output import SYNTAX_CODE, Reported, as_json, as_sarif, as_text, related_place, reported
from .project import (
    DEFAULT_MAX_FILE_MB,
    Locator,
    UnreadableFile,
    WorkspaceIndex,
    library_for,
    python_files,
    read_program,
    set_max_file_mb,
)
from .project.notebook import NotebookModule, is_notebook
from .runtime import tune_gc

if TYPE_CHECKING:
    # Imported where used at run time: a plain `check` never loads the lowering package.
    from .lowering.outcome import Failure, Outcome
    from .lowering.report import LoweringReport


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(args.handler(args))
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pallas-lsp", description=(
        "Catch JAX Pallas Mosaic GPU multimem/multicast bugs before lowering."))
    parser.add_argument("--version", action="version", version=f"pallas-lsp {__version__}")
    sub = parser.add_subparsers(dest="command")

    check = sub.add_parser("check", help="analyse files and folders")
    check.add_argument("paths", nargs="*", default=["."], metavar="PATH")
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    check.add_argument("--jax-version", metavar="X.Y.Z[,X.Y.Z...]",
                       help="the JAX version the rules follow; several, comma-separated, report "
                            "each finding once with the versions it fails on")
    check.add_argument("--python", metavar="PATH",
                       help="the interpreter whose JAX version (and lowering) to use")
    check.add_argument("--select", metavar="CODES", help="only these rules, e.g. PAL001,PAL002")
    check.add_argument("--ignore", metavar="CODES", help="skip these rules")
    check.add_argument("--confirm", choices=("local", "remote"),
                       help="also lower each file with real JAX and mark findings confirmed")
    check.add_argument("--remote-command", metavar="CMD", type=cli_args.remote_command,
                       help='the remote command for --confirm remote, e.g. "ssh gpu-box python3 -"')
    check.add_argument("--timeout", type=cli_args.positive_seconds, default=300.0, metavar="S",
                       help="seconds per file for --confirm (default 300)")
    check.add_argument("--jobs", type=cli_args.positive_int, default=1, metavar="N",
                       help="lowering checks to run at once for --confirm (default 1)")
    check.add_argument("--max-file-size", type=cli_args.megabytes, default=DEFAULT_MAX_FILE_MB,
                       metavar="MB", help="files larger than this are not analysed "
                                          f"(default {DEFAULT_MAX_FILE_MB:g})")
    check.set_defaults(handler=_check)

    explain = sub.add_parser("explain", help="a rule's documentation, e.g. `explain PAL002`")
    explain.add_argument("code", nargs="?", help="a rule code; all rules are listed without one")
    explain.set_defaults(handler=_explain)

    lower = sub.add_parser("lower", help="only the real-lowering check of one file, JSON out")
    lower.add_argument("file")
    lower.add_argument("--python", metavar="PATH", help="the interpreter with JAX (default: this one)")
    lower.add_argument("--remote-command", metavar="CMD", type=cli_args.remote_command,
                       help="lower through this command instead")
    lower.add_argument("--entry", help="a function name or pytest node id to run instead of __main__")
    lower.add_argument("--timeout", type=cli_args.positive_seconds, default=300.0, metavar="S")
    lower.set_defaults(handler=_lower)

    upgrade = sub.add_parser(
        "upgrade", help="what breaks when moving from one JAX release to another (--fix: rename)")
    upgrade.add_argument("paths", nargs="*", default=["."], metavar="PATH")
    upgrade.add_argument("--from", dest="source", required=True, metavar="X.Y.Z",
                         help="the JAX release the code runs on now")
    upgrade.add_argument("--to", dest="target", required=True, metavar="X.Y.Z",
                         help="the JAX release to move to")
    upgrade.add_argument("--fix", action="store_true",
                         help="apply the mechanical fixes (renamed arguments, pl.pallas_call -> "
                              "plgpu.kernel where the PAL008 rewrite applies) in place")
    upgrade.add_argument("--format", choices=("text", "json"), default="text")
    upgrade.set_defaults(handler=_upgrade)

    serve = sub.add_parser("serve", help="the language server on stdio")
    serve.set_defaults(handler=_serve)
    return parser


def _codes(text: str | None, parser_name: str) -> frozenset[str] | None:
    if text is None:
        return None
    codes = frozenset(c.strip().upper() for c in text.split(",") if c.strip())
    known = set(catalog())
    unknown = sorted(c for c in codes if c not in known and not any(k.startswith(c) for k in known))
    if unknown:
        raise ValueError(f"{parser_name}: unknown rule code(s) {', '.join(unknown)} "
                         f"(known: {', '.join(sorted(known))})")
    # A prefix such as PAL00 selects every rule it starts.
    return frozenset(k for k in known if any(k.startswith(c) for c in codes))


@dataclass(frozen=True)
class Checked:
    """One analysed file, with the locator that places its findings' spans."""

    path: str  # as shown to the user (the walked or given path)
    text: str
    analysis: Analysis
    locator: Locator
    cells: NotebookModule | None = None  # a notebook's cell map (text: its code cells' module)


def _sources(paths: list[str]) -> Iterator[tuple[str, Path | None, list[str] | None]]:
    """(argument, file or None when missing, the folder's program files or None for a file)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            # The same files the language server indexes (project.files: one rule set).
            yield raw, path, python_files([raw])[0]
        elif path.exists():
            yield raw, path, None
        else:
            yield raw, None, None


def _read(shown: str) -> tuple[str, NotebookModule | None] | None:
    """The program text (a notebook's: its code cells as one module) and the cell map."""
    try:
        return read_program(shown)
    except UnreadableFile as exc:
        reason = exc.reason if exc.reason == "not a regular file" else f"cannot read: {exc.reason}"
        print(f"pallas-lsp: {shown}: {reason}", file=sys.stderr)
        return None


def _check_folder(folder: str, files: list[str], options: Options) -> tuple[list[Checked], bool]:
    """A folder is one program: kernels, launchers and meshes may sit in different modules.
    Judged by the workspace index the language server uses, so both see the same findings."""
    texts: dict[str, str] = {}
    cells: dict[str, NotebookModule] = {}
    unreadable = False
    for shown in files:
        read = _read(shown)
        if read is None:
            unreadable = True
            continue
        texts[shown] = read[0]
        if read[1] is not None:
            cells[shown] = read[1]
    index = WorkspaceIndex([folder])
    index.set_options(options)
    index.load_texts(texts)

    def text_of(path: str) -> str | None:
        return texts.get(path)

    checked = []
    for shown, text in texts.items():
        problem = index.unparsed.get(shown)
        analysis = Analysis(syntax_error=problem) if problem is not None else index.check(shown)
        notebook = cells.get(shown)
        checked.append(Checked(shown, text, analysis, Locator(shown, text, text_of, notebook), notebook))
    return checked, unreadable


def _target_versions(args: argparse.Namespace) -> list[tuple[JaxVersion, str]]:
    """One version (``--jax-version``, else the interpreter's JAX), or several comma-separated."""
    if args.jax_version and "," in args.jax_version:
        versions = [parse_jax_version(v) for v in args.jax_version.split(",") if v.strip()]
        return [(v, "--jax-version") for v in sorted(set(versions))]
    return [resolve_jax_version(args.jax_version, args.python)]


def _analyse(paths: list[str], options: Options) -> tuple[list[Checked], int]:
    status = 0
    checked: list[Checked] = []
    for shown, file, folder_files in _sources(paths):
        if file is None:
            print(f"pallas-lsp: {shown}: no such file or directory", file=sys.stderr)
            status = 2
        elif folder_files is not None:
            in_folder, unreadable = _check_folder(shown, folder_files, options)
            checked.extend(in_folder)
            status = 2 if unreadable else status
        else:
            read = _read(shown)
            if read is None:
                status = 2
            else:
                text, notebook = read
                checked.append(Checked(shown, text, analyze(text, options, path=shown),
                                       Locator(shown, text, cells=notebook), notebook))
    return checked, status


def _check(args: argparse.Namespace) -> int:
    tune_gc()
    set_max_file_mb(args.max_file_size)
    try:
        select = _codes(args.select, "--select")
        ignore = _codes(args.ignore, "--ignore") or frozenset()
        targets = _target_versions(args)
    except ValueError as exc:
        print(f"pallas-lsp: {exc}", file=sys.stderr)
        return 2
    if args.confirm == "remote" and not args.remote_command:
        print("pallas-lsp: --confirm remote needs --remote-command", file=sys.stderr)
        return 2
    if args.confirm and len(targets) > 1:
        print("pallas-lsp: --confirm lowers under one interpreter's JAX: give one --jax-version "
              "(or none, for the --python interpreter's)", file=sys.stderr)
        return 2
    for version, _ in targets:
        _, note = rules_release(version)
        if note:
            print(f"pallas-lsp: warning: {note}", file=sys.stderr)
    items: list[Reported] = []
    notes: list[str] = []
    per_version = []
    for i, (version, source) in enumerate(targets):
        options = Options(jax_version=version, jax_version_source=source, select=select,
                          ignore=ignore, library=library_for(args.python or sys.executable))
        # Reading problems are reported once, by the first target's pass.
        with contextlib.redirect_stderr(io.StringIO()) if i else contextlib.nullcontext():
            per_version.append(_analyse(args.paths, options))
    checked, status = per_version[0]
    if len(targets) > 1:
        # Each finding once, naming the releases it fails on unless it fails on all.
        checked = [replace(entry, analysis=replace(entry.analysis, findings=merge_targets(
            {version: other[i].analysis.findings
             for (version, _), (other, _) in zip(targets, per_version, strict=True)})))
            for i, entry in enumerate(checked)]
    with stop_on_signals() as stop:
        outcomes = _confirm(args, checked, notes, stop) if args.confirm else {}
    for entry in checked:
        analysis, locator = entry.analysis, entry.locator
        if analysis.syntax_error is not None:
            problem = analysis.syntax_error
            place = locator.place(problem.span)
            items.append(Reported(entry.path, place.line, place.column, place.end_line, place.end_column,
                                  SYNTAX_CODE, "error", problem.message, cell=place.cell))
        if analysis.stopped:
            notes.append(f"{entry.path}: {analysis.stopped}")
        outcome = outcomes.get(entry.path)
        for finding in analysis.findings:
            items.append(reported(finding, locator, outcome.statuses.get(finding) if outcome else None))
        if outcome is not None:
            items.extend(_failure_item(failure, locator, outcome.jax_version) for failure in outcome.failures)
    if args.format == "json":
        print(as_json(items))
    elif args.format == "sarif":
        print(as_sarif(items))
    else:
        print(as_text(items, notes=notes))
    for note in notes if args.format != "text" else []:
        print(f"pallas-lsp: {note}", file=sys.stderr)
    if stop.exit_status is not None:
        return stop.exit_status  # interrupted: what was done is printed above
    if status == 2:
        return 2
    if args.confirm and any(outcome.state in ("error", "cancelled") for outcome in outcomes.values()):
        # Confirmation was asked for and did not happen (no JAX, no interpreter, a timeout):
        # never a success status (the notes above say why, per file).
        return 2
    return 1 if any(item.severity == Severity.ERROR.value for item in items) else 0


def _failure_item(failure: Failure, locator: Locator, jax_version: str) -> Reported:
    """A lowering failure no finding predicted, as a row of the report."""
    place = locator.place(failure.span)
    if failure.user_code:
        return Reported(place.path, place.line, place.column, place.end_line, place.end_column,
                        "lowering", "warning", failure.message, cell=place.cell)
    related = ()
    if failure.raised_at is not None:
        related = (related_place(locator, failure.raised_at, "the lowering error was raised here"),)
    return Reported(place.path, place.line, place.column, place.end_line, place.end_column,
                    failure.code or "lowering", "error",
                    f"real lowering failed here (JAX {jax_version}): {failure.message}",
                    confirmed=True, related=related, cell=place.cell)


def _confirm(args: argparse.Namespace, checked: list[Checked], notes: list[str],
             stop: Stop) -> dict[str, Outcome]:
    """Lower each file for real; its outcome (``lowering.outcome``, as the server's) by path.
    A SIGINT/SIGTERM sets ``stop``: running checks end, the others do not start."""
    from .lowering.outcome import build_outcome
    from .lowering.report import fatal_report
    from .lowering.runner import lower_local, lower_remote

    python = args.python or sys.executable
    command = args.remote_command

    def lower(entry: Checked) -> LoweringReport:
        if stop.event.is_set():
            return fatal_report("cancelled", "The lowering check was not run: pallas-lsp was interrupted")
        if args.confirm == "remote" and command:
            return lower_remote(entry.path, command=command, timeout=args.timeout, source=entry.text,
                                cancel=stop.event)
        return lower_local(entry.path, python=python, timeout=args.timeout, source=entry.text,
                           cancel=stop.event)

    to_lower = [entry for entry in checked if entry.analysis.syntax_error is None]
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        reports = list(pool.map(lower, to_lower))
    outcomes: dict[str, Outcome] = {}
    for entry, report in zip(to_lower, reports, strict=True):
        if report.fatal and report.fatal_kind != "user_code":
            notes.append(f"{entry.path}: lowering check failed: {report.fatal}")
        elif report.fatal:
            notes.append(f"{entry.path}: the file raised before lowering finished: {report.fatal}")
        outcomes[entry.path] = build_outcome(entry.path, entry.text, entry.analysis.findings, report)
        if report.fatal_kind not in (None, "user_code"):
            continue  # it was not lowered: the note above says why
        version = report.jax_version or "?"
        notes.append(f"{entry.path}: lowered with JAX {version} on {report.device_kind or report.platform}")
    return outcomes


def _explain(args: argparse.Namespace) -> int:
    rules = catalog()
    if args.code is None:
        for rule in rules.values():
            print(f"{rule.code}  {rule.name:<20} {rule.title}")
        return 0
    rule = rules.get(args.code.strip().upper())
    if rule is None:
        print(f"pallas-lsp: unknown rule {args.code!r} (known: {', '.join(rules)})", file=sys.stderr)
        return 2
    print(rule.markdown())
    return 0


def _lower(args: argparse.Namespace) -> int:
    from .lowering.runner import lower_local, lower_remote

    if not Path(args.file).is_file():
        print(f"pallas-lsp: {args.file}: no such file", file=sys.stderr)
        return 2
    if args.remote_command:
        report = lower_remote(args.file, command=args.remote_command,
                              timeout=args.timeout, entry=args.entry)
    else:
        report = lower_local(args.file, python=args.python or sys.executable,
                             timeout=args.timeout, entry=args.entry)
    print(json.dumps({**report.as_json(), "path": args.file}, indent=2))
    if report.fatal and report.fatal_kind != "user_code":
        return 2
    return 1 if report.errors else 0


# How many times `upgrade --fix` re-analyses after applying fixes: a rewrite can bring
# a rename into view (a pallas_call rewritten on a release that renamed its arguments).
UPGRADE_ROUNDS = 4


def _upgrade(args: argparse.Namespace) -> int:
    """Findings on --to that --from does not have; with --fix, their mechanical fixes applied."""
    tune_gc()
    try:
        source, target = parse_jax_version(args.source), parse_jax_version(args.target)
    except ValueError as exc:
        print(f"pallas-lsp: {exc}", file=sys.stderr)
        return 2
    for version in (source, target):
        _, note = rules_release(version)
        if note:
            print(f"pallas-lsp: warning: {note}", file=sys.stderr)
    before = Options(jax_version=source, jax_version_source="--from")
    after = Options(jax_version=target, jax_version_source="--to")
    fixed_files: set[str] = set()
    left_notebooks: set[str] = set()
    fixed = 0
    for _ in range(UPGRADE_ROUNDS if args.fix else 1):
        breaks, status = _breaking(args.paths, before, after)
        if status == 2 or not args.fix:
            break
        edits: dict[str, list] = {}
        for entry, findings in breaks:
            for fix in mechanical_fixes(findings):
                for edit in fix.edits:
                    edits.setdefault(edit.span.path or entry.path, []).append(edit)
        if not edits:
            break
        for path, file_edits in edits.items():
            if is_notebook(path):
                # The edits are of the cells' module, not of the .ipynb JSON: never write them there.
                left_notebooks.add(path)
                continue
            text = Path(path).read_text(encoding="utf-8")
            new_text, applied = apply_edits(text, file_edits)
            if applied:
                Path(path).write_text(new_text, encoding="utf-8")
                fixed, fixed_files = fixed + applied, fixed_files | {path}
    items = [reported(f, entry.locator, None) for entry, findings in breaks for f in findings]
    if args.format == "json":
        print(as_json(items))
    else:
        moving = f"JAX {args.source} -> {args.target}"
        if args.fix:
            print(f"Applied {fixed} fix(es) in {len(fixed_files)} file(s) for {moving}.")
            for path in sorted(left_notebooks):
                print(f"{path}: notebooks are not rewritten: apply these fixes in the editor "
                      "(the quick fixes of each cell)")
        print(as_text(items, notes=[]) if items else f"Nothing breaks for {moving}.")
    if status == 2:
        return 2
    return 1 if any(item.severity == Severity.ERROR.value for item in items) else 0


def _breaking(paths: list[str], before: Options, after: Options) -> tuple[list, int]:
    """(entry, its findings on ``after`` that ``before`` does not have) per file, and the status."""
    with contextlib.redirect_stderr(io.StringIO()):
        old, _ = _analyse(paths, before)
    new, status = _analyse(paths, after)
    return [(entry, breaking(then.analysis.findings, entry.analysis.findings))
            for then, entry in zip(old, new, strict=True)], status


def _serve(args: argparse.Namespace) -> int:
    from .lsp.server import serve

    serve()
    return 0

