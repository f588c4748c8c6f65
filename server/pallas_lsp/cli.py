"""`pallas-lsp`: check, explain, lower, serve (DESIGN.md "CLI", a contract).

Exit statuses of `check`: 1 when an error-severity finding is reported, 0 when
none, 2 on bad usage or a file that cannot be read (reported; the other files
are still checked).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__, cli_args
from .analysis import (
    Analysis,
    Finding,
    JaxVersion,
    Options,
    Severity,
    analyze,
    format_jax_version,
    parse_jax_version,
)
from .analysis.rules import catalog
from .analysis.targets import merge_targets
from .analysis.upgrade import apply_edits, breaking, mechanical_fixes
from .analysis.versions import rules_release
from .cli_messages import (
    NO_PYTHON_FILES,
    Notification,
    could_not_lower,
    environment_note,
    lowering_line,
    missing_python,
    no_jax,
    not_a_python_file,
    progress_line,
    unreachable_remote,
)
from .interrupt import Stop, stop_on_signals
from .jaxenv import interpreter_jax_version, resolve_jax_version
from .lowering.outcome import NOT_REACHED, verdict
from .lowering.report import DEFAULT_TIMEOUT_S, STOPPED_KINDS
from .output import (
    FILE_ERROR_CODE,
    SYNTAX_CODE,
    Reported,
    as_json,
    as_sarif,
    as_text,
    file_error,
    related_place,
    reported,
)
from .project import (
    DEFAULT_MAX_FILE_MB,
    Locator,
    ProjectConfig,
    Resolved,
    Setting,
    UnreadableFile,
    WorkspaceIndex,
    describe,
    find_config,
    ignored_codes,
    library_for,
    library_on,
    python_files,
    read_program,
    resolve,
    selected_codes,
    set_max_file_mb,
)
from .project.config import line_length_for
from .project.environments import Discovery, discover_environment
from .project.installed import InstalledModules, SearchPath, forget_asked
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

    check = sub.add_parser(
        "check", help="analyse files and folders",
        description="Analyse Python files and folders (a folder is one program) for the lowering "
                    "errors the rules predict. Exit status: 0 no error finding, 1 error findings, "
                    "2 a path or an asked-for lowering check that could not be done.")
    check.add_argument("paths", nargs="*", default=["."], metavar="PATH",
                       help="Python files (.py, .pyi) and folders to check; with none, the current "
                            "folder")
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                       help="text (default: one line per finding, then a summary), json (an array "
                            "of findings on stdout; notifications as JSON lines on stderr), or sarif "
                            "(SARIF 2.1.0; notifications under invocations)")
    check.add_argument("--jax-version", metavar="X.Y.Z[,X.Y.Z...]",
                       help="the JAX version the rules follow; several, comma-separated, report "
                            "each finding once with the versions it fails on")
    check.add_argument("--python", metavar="PATH",
                       help="the interpreter whose JAX version (and lowering) to use")
    check.add_argument("--select", metavar="CODES", help="only these rules, e.g. PAL001,PAL002")
    check.add_argument("--ignore", metavar="CODES", help="skip these rules")
    check.add_argument("--show-settings", action="store_true",
                       help="print the settings that apply to the PATH given (flags, the "
                            "[tool.pallas-lsp] table of its pyproject.toml, defaults) and where "
                            "each came from, then stop")
    check.add_argument("--confirm", choices=("local", "remote"),
                       help="also lower each file with real JAX and mark findings confirmed")
    check.add_argument("--remote-command", metavar="CMD", type=cli_args.remote_command,
                       help='the remote command for --confirm remote, e.g. "ssh gpu-box python3 -"')
    check.add_argument("--timeout", type=cli_args.positive_seconds, default=DEFAULT_TIMEOUT_S, metavar="S",
                       help=f"seconds per file for --confirm (default {DEFAULT_TIMEOUT_S:g}, as in "
                            "the editor)")
    check.add_argument("--allow-side-effects", action="store_true",
                       help="--confirm runs each file without the lowering guard, so what it "
                            "writes, deletes or starts really happens (docs/security.md)")
    check.add_argument("--jobs", type=cli_args.positive_int, default=1, metavar="N",
                       help="lowering checks to run at once for --confirm (default 1)")
    check.add_argument("--max-file-size", type=cli_args.megabytes, default=DEFAULT_MAX_FILE_MB,
                       metavar="MB", help="files larger than this are not analysed "
                                          f"(default {DEFAULT_MAX_FILE_MB:g})")
    check.set_defaults(handler=_check)

    explain = sub.add_parser("explain", help="rules' documentation, e.g. `explain PAL002 mesh_required`")
    explain.add_argument("codes", nargs="*", metavar="RULE",
                         help="rule codes or names (PAL002, axes_mismatch); all rules are listed "
                              "without one")
    explain.set_defaults(handler=_explain)

    lower = sub.add_parser("lower", help="only the real-lowering check of one file, JSON out")
    lower.add_argument("file")
    lower.add_argument("--python", metavar="PATH", help="the interpreter with JAX (default: this one)")
    lower.add_argument("--remote-command", metavar="CMD", type=cli_args.remote_command,
                       help="lower through this command instead")
    lower.add_argument("--entry", help="a function name or pytest node id to run instead of __main__")
    lower.add_argument("--timeout", type=cli_args.positive_seconds, default=DEFAULT_TIMEOUT_S, metavar="S",
                       help=f"seconds the check may take (default {DEFAULT_TIMEOUT_S:g})")
    lower.add_argument("--allow-side-effects", action="store_true",
                       help="run the file without the lowering guard (docs/security.md)")
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


# A checked path without a configured interpreter: the environment discovered for it and
# the installed modules its analysis read (what they followed is said after the run).
Found = tuple[str, Discovery, InstalledModules]


@dataclass(frozen=True)
class Checked:
    """One analysed file, with the locator that places its findings' spans."""

    path: str  # as shown to the user (the walked or given path)
    text: str
    analysis: Analysis
    locator: Locator
    cells: NotebookModule | None = None  # a notebook's cell map (text: its code cells' module)


PYTHON_SUFFIXES = (".py", ".pyi", ".ipynb")


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


def _read(shown: str) -> tuple[str | None, NotebookModule | None, str]:
    """(the program text (a notebook's: its code cells as one module), the cell map, "")
    or (None, None, why it cannot be read)."""
    try:
        text, cells = read_program(shown)
        return text, cells, ""
    except UnreadableFile as exc:
        why = exc.reason if exc.reason == "not a regular file" else f"cannot read: {exc.reason}"
        return None, None, why


def _check_folder(folder: str, files: list[str], options: Options) -> tuple[list[Checked], list[Reported]]:
    """A folder is one program: kernels, launchers and meshes may sit in different modules.
    Judged by the workspace index the language server uses, so both see the same findings."""
    texts: dict[str, str] = {}
    cells: dict[str, NotebookModule] = {}
    unreadable: list[Reported] = []
    for shown in files:
        text, notebook, why = _read(shown)
        if text is None:
            unreadable.append(file_error(shown, why))
            continue
        texts[shown] = text
        if notebook is not None:
            cells[shown] = notebook
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


def _target_versions(args: argparse.Namespace) -> list[JaxVersion] | None:
    """Several comma-separated ``--jax-version``s, or None: one version per path, resolved
    from the flag, the project's `[tool.pallas-lsp]` or the interpreter's JAX."""
    if args.jax_version and "," in args.jax_version:
        return sorted({parse_jax_version(v) for v in args.jax_version.split(",") if v.strip()})
    return None


def _overrides(args: argparse.Namespace) -> dict[str, Setting]:
    """The flags given: they beat `[tool.pallas-lsp]`."""
    given = {"select": args.select, "ignore": args.ignore, "jax-version": args.jax_version,
             "python": args.python}
    return {key: Setting(tuple(v.split(",")) if key in ("select", "ignore") else v, f"--{key}")
            for key, v in given.items() if v is not None}


def _options(resolved: Resolved, python: str | None, problems: list[Notification],
             shown: str, found: list[Found]) -> Options:
    """The analysis options for a path, from its resolved settings (codes checked here); a
    version outside the measured releases is said once, with the release the rules follow.
    Without a configured interpreter, the environment with JAX discovered for the path
    (project.environments) gives the installed packages (and the version, when none is set)."""
    source = resolved.values["jax-version"].source
    explicit = resolved.value("jax-version")
    discovery = None
    if not python:
        discovery = discover_environment(shown, parse_jax_version(explicit) if explicit else None)
    env = discovery.chosen if discovery is not None else None
    version, version_source = resolve_jax_version(
        explicit, python,
        explicit_label=source if source.startswith("--") else f"jax-version in {source}",
        discovered=(env.jax_version, env.where) if env is not None and env.jax_version else None)
    _, note = rules_release(version)
    if note and all(problem.message != note for problem in problems):
        problems.append(Notification("warning", note))
    if python:
        library = library_for(python)
    else:
        library = (library_on(env.search_path) if env is not None
                   else library_for(sys.executable) or library_on(SearchPath(())))
        found.append((shown, discovery, library))
    return Options(jax_version=version, jax_version_source=version_source,
                   select=selected_codes(resolved), ignore=ignored_codes(resolved), library=library)


def _without_ignored(entry: Checked, config: ProjectConfig | None) -> Checked:
    """per-file-ignores: a folder's files are analysed together, then each file's ignores apply."""
    ignored = config.ignored_for(entry.path) if config else ()
    if not ignored:
        return entry
    kept = tuple(f for f in entry.analysis.findings
                 if not any(f.code.startswith(code.upper()) for code in ignored))
    return replace(entry, analysis=replace(entry.analysis, findings=kept))


def _analyse(paths: list[str], overrides: dict[str, Setting], python: str | None,
             problems: list[Notification], options: Options | None = None,
             found: list[Found] | None = None) -> tuple[list[Checked], list[Reported]]:
    """Every path given, analysed under the settings that apply to it (or under ``options``
    for every path, `upgrade`'s fixed releases); a path that cannot be read is an error row
    (ruff's E902). ``found`` collects the environments discovered for the paths."""
    found = [] if found is None else found
    checked: list[Checked] = []
    unreadable: list[Reported] = []
    for shown, file, folder_files in _sources(paths):
        if file is None:
            unreadable.append(file_error(shown, "no such file or directory"))
            continue
        if options is None:
            resolved = resolve(shown, overrides)
            config = resolved.config
            path_options = _options(resolved, python or resolved.value("python"), problems, shown, found)
        else:
            config, path_options = None, options
        if folder_files is not None:
            folder_files = [f for f in folder_files if not (config and config.excludes(f))]
            in_folder, unread = _check_folder(shown, folder_files, path_options)
            if options is None:
                in_folder = [_without_ignored(entry, find_config(entry.path)) for entry in in_folder]
            checked.extend(in_folder)
            unreadable.extend(unread)
        elif file.suffix not in PYTHON_SUFFIXES:
            problems.append(not_a_python_file(shown))
        else:
            text, notebook, why = _read(shown)
            if text is None:
                unreadable.append(file_error(shown, why))
            else:
                fitted = replace(path_options, line_length=line_length_for(shown))
                checked.append(Checked(shown, text, analyze(text, fitted, path=shown),
                                       Locator(shown, text, cells=notebook), notebook))
    if not checked and not unreadable:
        problems.append(Notification("warning", NO_PYTHON_FILES))
    return checked, unreadable


def _interpreter(args: argparse.Namespace, problems: list[Notification]) -> str | None:
    """``--python`` (else the first path's `[tool.pallas-lsp]` python) when it names an
    interpreter; a notification when it names nothing."""
    python = args.python
    if python is None and args.paths:
        config = find_config(args.paths[0]) if Path(args.paths[0]).exists() else None
        python = config.python if config else None
    if not python:
        return None
    if Path(python).is_file() or (os.sep not in python and shutil.which(python)):
        return python
    problems.append(missing_python(python, confirming=args.confirm == "local"))
    return None


def _say_environments(paths: list[str], found: list[Found], problems: list[Notification]) -> None:
    """Where the installed modules the analysis followed came from (or which it could not
    follow), each message once, with the path only when several were given."""
    said: set[str] = set()
    for path, discovery, library in found:
        note = environment_note(discovery, library.followed, library.not_found,
                                path if len(paths) > 1 else None)
        if note is not None and note.message not in said:
            said.add(note.message)
            problems.append(note)


def _confirm_ready(args: argparse.Namespace, python: str | None, problems: list[Notification]) -> bool:
    """Whether --confirm can run at all; each reason it cannot becomes an error notification."""
    # --timeout, --jobs and --remote-command were checked by the parser (cli_args).
    ready = not any(p.level == "error" for p in problems)
    if args.confirm == "remote":
        unreachable = unreachable_remote(args.remote_command)
        if unreachable is not None:
            problems.append(unreachable)
            ready = False
    elif ready:
        interpreter = python or sys.executable
        if interpreter_jax_version(interpreter) is None:
            problems.append(no_jax(interpreter))
            ready = False
    return ready


def _check(args: argparse.Namespace) -> int:
    tune_gc()
    set_max_file_mb(args.max_file_size)
    overrides = _overrides(args)
    if args.show_settings:
        return _show_settings(args.paths, overrides)
    problems: list[Notification] = []
    forget_asked()
    try:
        _codes(args.select, "--select")
        _codes(args.ignore, "--ignore")
        python = _interpreter(args, problems)
        targets = _target_versions(args)
        if args.confirm == "remote" and not args.remote_command:
            raise ValueError('--confirm remote needs --remote-command, e.g. '
                             '--remote-command "ssh gpu-box python3 -"')
        if args.confirm and targets:
            raise ValueError("--confirm lowers under one interpreter's JAX: give one --jax-version "
                             "(or none, for the --python interpreter's)")
        found: list[Found] = []
        if not targets:
            checked, items = _analyse(args.paths, overrides, python, problems, found=found)
        else:
            per_version = []
            for i, version in enumerate(targets):
                pinned = {**overrides, "jax-version": Setting(format_jax_version(version), "--jax-version")}
                # Reading problems are reported once, by the first target's pass.
                per_version.append(_analyse(args.paths, pinned, python, problems if i == 0 else [],
                                            found=found))
            checked, items = per_version[0]
            # Each finding once, naming the releases it fails on unless it fails on all.
            checked = [replace(entry, analysis=replace(entry.analysis, findings=merge_targets(
                {version: other[i].analysis.findings
                 for version, (other, _) in zip(targets, per_version, strict=True)})))
                for i, entry in enumerate(checked)]
    except ValueError as exc:  # ConfigError too: a bad [tool.pallas-lsp] value names its file
        print(f"pallas-lsp: {exc}", file=sys.stderr)
        return 2
    _say_environments(args.paths, found, problems)
    if python is None and found and found[0][1].chosen is not None:
        # --confirm local lowers under the environment whose installed packages are read.
        python = found[0][1].chosen.python
    notes: list[str] = []
    outcomes: dict[str, Outcome] = {}
    with stop_on_signals() as stop:
        if args.confirm and checked and _confirm_ready(args, python, problems):
            outcomes = _confirm(args, python, checked, notes, problems, stop)
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
            items.append(_judged(finding, locator, outcome))
        if outcome is not None:
            items.extend(_failure_item(failure, locator, outcome.jax_version) for failure in outcome.failures)
    _print_report(args.format, items, notes, problems)
    if stop.exit_status is not None:
        return stop.exit_status  # interrupted: what was done is printed above
    if any(item.code == FILE_ERROR_CODE for item in items) or any(p.level == "error" for p in problems):
        return 2
    if args.confirm and any(outcome.state in ("error", "cancelled") for outcome in outcomes.values()):
        # Confirmation was asked for and did not happen (no JAX, no interpreter, a timeout):
        # never a success status (the notes above say why, per file).
        return 2
    return 1 if any(item.severity == Severity.ERROR.value for item in items) else 0


def _show_settings(paths: list[str], overrides: dict[str, Setting]) -> int:
    try:
        for path in paths:
            resolved = resolve(path, overrides)
            print(describe(resolved))
            if not resolved.value("python"):
                print(_discovered_line(path, resolved.value("jax-version")))
    except ValueError as exc:
        print(f"pallas-lsp: {exc}", file=sys.stderr)
        return 2
    return 0


def _discovered_line(path: str, jax_version: str | None) -> str:
    """--show-settings: the environment whose installed packages (and, without a version, whose
    JAX) a check of ``path`` uses, found as project.environments says."""
    found = discover_environment(path, parse_jax_version(jax_version) if jax_version else None)
    env = found.chosen
    if env is None:
        return (f"  {'environment':<17} none with JAX (looked at: {', '.join(found.looked_at)}); "
                "installed packages are not followed    [discovered]")
    return f"  {'environment':<17} {env.python} (JAX {env.jax_version}): {env.where}    [discovered]"


def _judged(finding: Finding, locator: Locator, outcome: Outcome | None) -> Reported:
    """A finding's row; after a lowering check that ran, with its state and why."""
    if outcome is None or not outcome.ran:
        return reported(finding, locator)
    status = outcome.statuses.get(finding)
    state = verdict(status)
    note = outcome.not_reached_why if state == NOT_REACHED else None
    return reported(finding, locator, status, state, note)


def _errors(findings: tuple[Finding, ...]) -> int:
    return sum(finding.severity == Severity.ERROR for finding in findings)


def _print_report(form: str, items: list[Reported], notes: list[str], problems: list[Notification]) -> None:
    """stdout keeps each format's shape; notifications go to stderr (and into SARIF)."""
    if form == "json":
        print(as_json(items))
        for problem in problems:
            print(problem.as_json_line(), file=sys.stderr)
        for note in notes:
            print(Notification("note", note).as_json_line(), file=sys.stderr)
        return
    for problem in problems:
        print(problem.as_text(), file=sys.stderr)
    if form == "sarif":
        print(as_sarif(items, problems + [Notification("note", note) for note in notes]))
    else:
        print(as_text(items, notes=notes, problems=problems))


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
                    confirmed=True, related=related, cell=place.cell, unpredicted=True)


def _confirm(args: argparse.Namespace, python: str | None, checked: list[Checked], notes: list[str],
             problems: list[Notification], stop: Stop) -> dict[str, Outcome]:
    """Lower each file for real; its outcome (``lowering.outcome``, as the server's) by path.
    Each file's result is streamed on stderr as it completes (text format). A SIGINT/SIGTERM
    sets ``stop``: running checks end, the others do not start."""
    from .lowering.outcome import build_outcome
    from .lowering.report import fatal_report
    from .lowering.runner import lower_local, lower_remote

    interpreter = python or sys.executable
    command = args.remote_command  # already an argument list (cli_args.remote_command)

    def lower(entry: Checked) -> tuple[Checked, LoweringReport, float]:
        started = time.monotonic()
        if stop.event.is_set():
            report = fatal_report("cancelled", "The lowering check was not run: pallas-lsp was interrupted")
        elif args.confirm == "remote" and command:
            report = lower_remote(entry.path, command=command, timeout=args.timeout, source=entry.text,
                                  cancel=stop.event, allow_side_effects=args.allow_side_effects)
        else:
            report = lower_local(entry.path, python=interpreter, timeout=args.timeout, source=entry.text,
                                 cancel=stop.event, allow_side_effects=args.allow_side_effects)
        return entry, report, time.monotonic() - started

    to_lower = [entry for entry in checked if entry.analysis.syntax_error is None]
    outcomes: dict[str, Outcome] = {}
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for done, future in enumerate(as_completed([pool.submit(lower, e) for e in to_lower]), 1):
            entry, report, seconds = future.result()
            outcome = build_outcome(entry.path, entry.text, entry.analysis.findings, report)
            outcomes[entry.path] = outcome
            if args.format == "text":
                print(progress_line(done, len(to_lower), entry.path, outcome,
                                    _errors(entry.analysis.findings), seconds),
                      file=sys.stderr, flush=True)
    for entry in to_lower:  # the report lists files in the order they were given
        outcome = outcomes[entry.path]
        if not outcome.ran:
            problems.append(could_not_lower(entry.path, outcome))
        notes.append(lowering_line(entry.path, outcome))
    return outcomes


def _explain(args: argparse.Namespace) -> int:
    rules = catalog()
    if not args.codes:
        for rule in rules.values():
            print(f"{rule.code}  {rule.name:<20} {rule.title}")
        return 0
    by_name = {rule.name: rule for rule in rules.values()}
    found, unknown = [], []
    for wanted in args.codes:
        key = wanted.strip()
        rule = rules.get(key.upper()) or by_name.get(key.lower().replace("-", "_"))
        (found if rule is not None else unknown).append(rule or key)
    if unknown:
        known = ", ".join(f"{rule.code} ({rule.name})" for rule in rules.values())
        print(f"pallas-lsp: unknown rule {', '.join(map(repr, unknown))}; known: {known}", file=sys.stderr)
        return 2
    print("\n".join(rule.markdown() for rule in found))
    return 0


def _lower(args: argparse.Namespace) -> int:
    from .lowering.runner import lower_local, lower_remote

    if not Path(args.file).is_file():
        print(f"pallas-lsp: {args.file}: no such file", file=sys.stderr)
        return 2
    if args.remote_command:
        report = lower_remote(args.file, command=args.remote_command, timeout=args.timeout,
                              entry=args.entry, allow_side_effects=args.allow_side_effects)
    else:
        report = lower_local(args.file, python=args.python or sys.executable, timeout=args.timeout,
                             entry=args.entry, allow_side_effects=args.allow_side_effects)
    print(json.dumps({**report.as_json(), "path": args.file}, indent=2))
    if report.fatal and report.fatal_kind not in STOPPED_KINDS:
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
            print(Notification("warning", note).as_text(), file=sys.stderr)
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
    old, _ = _analyse(paths, {}, None, [], options=before)
    problems: list[Notification] = []
    new, unreadable = _analyse(paths, {}, None, problems, options=after)
    for problem in problems:
        print(problem.as_text(), file=sys.stderr)
    for row in unreadable:
        print(f"pallas-lsp: {row.path}: {row.message}", file=sys.stderr)
    return [(entry, breaking(then.analysis.findings, entry.analysis.findings))
            for then, entry in zip(old, new, strict=True)], 2 if unreadable else 0


def _serve(args: argparse.Namespace) -> int:
    from .lsp.server import serve

    serve()
    return 0

