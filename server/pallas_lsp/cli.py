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
import stat
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
from .analysis.upgrade import breaking
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
from .fix_files import FixRun, fix_round
from .interpreters import Consent, Interpreter, Origin, Permit, Purpose, Refused, own_interpreter, permit
from .interrupt import Stop, stop_on_signals
from .jaxenv import resolve_jax_version
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
    DEFAULT_CLI_MAX_FILE_MB,
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
from .project.config import expand_codes, line_length_for
from .project.environments import Discovery, discover_environment, environment_of
from .project.installed import InstalledModules, SearchPath, forget_asked
from .project.notebook import NotebookModule
from .reader import why
from .runtime import tune_gc
from .safe_text import for_json, for_terminal

if TYPE_CHECKING:
    # Imported where used at run time: a plain `check` never loads the lowering package.
    from .lowering.outcome import Failure, Outcome
    from .lowering.report import LoweringReport


def main(argv: list[str] | None = None) -> int:
    _printable_streams()
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    set_max_file_mb(DEFAULT_CLI_MAX_FILE_MB)  # every command's; check --max-file-size overrides it
    try:
        return int(args.handler(args))
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def _printable_streams() -> None:
    """A character the terminal's encoding lacks is written as an escape, never a
    UnicodeEncodeError that loses the rest of the report."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


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
                       help="Python files (.py, .pyi), Jupyter notebooks (.ipynb) and folders to "
                            "check; with none, the current folder")
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                       help="text (default: one line per finding, then a summary), json (an array "
                            "of findings on stdout; notifications as JSON lines on stderr), or sarif "
                            "(SARIF 2.1.0; notifications under invocations)")
    check.add_argument("--jax-version", metavar="X.Y.Z[,X.Y.Z...]",
                       help="the JAX version the rules follow; several, comma-separated, report "
                            "each finding once with the versions it fails on")
    check.add_argument("--python", metavar="PATH",
                       help="the interpreter whose JAX version (and lowering) to use")
    check.add_argument("--select", metavar="CODES",
                       help="only these rules: codes, prefixes or names, e.g. PAL001,axes_mismatch "
                            "(a rule the project's ignore drops is said, not checked)")
    check.add_argument("--ignore", metavar="CODES",
                       help="skip these rules (replaces the [tool.pallas-lsp] ignore list)")
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
    check.add_argument("--max-file-size", type=cli_args.megabytes, default=DEFAULT_CLI_MAX_FILE_MB,
                       metavar="MB", help="files larger than this are not analysed (default "
                                          f"{DEFAULT_CLI_MAX_FILE_MB:g}; the editor's is 0.25)")
    check.set_defaults(handler=_check)

    explain = sub.add_parser(
        "explain", help="rules' documentation, e.g. `explain PAL002 mesh_required`",
        description="Print each rule's page (what it means, when it happens, the JAX error it "
                    "predicts, how to fix it, an example): the text of the editor's hover and "
                    "docs/rules/. A family of JAX's raise-site table (docs/raise-sites.md, "
                    "e.g. wgmma_mma), as an error no rule predicts names it, prints that "
                    "family's page.")
    explain.add_argument("codes", nargs="*", metavar="RULE",
                         help="rule codes or names (PAL002, axes_mismatch) or raise-site "
                              "families (copy_tma); all rules are listed without one")
    explain.set_defaults(handler=_explain)

    lower = sub.add_parser(
        "lower", help="only the real-lowering check of one file, JSON out",
        description="Run FILE under an interpreter with JAX, lowering every jitted call for CUDA "
                    "(never compiled or executed), and print the lowering report as JSON.")
    lower.add_argument("file")
    lower.add_argument("--python", metavar="PATH", help=(
        "the interpreter with JAX (default: [tool.pallas-lsp] python, else the environment with "
        "JAX found for the file, as `check` finds it, else this one)"))
    lower.add_argument("--remote-command", metavar="CMD", type=cli_args.remote_command,
                       help="lower through this command instead")
    lower.add_argument("--entry", help="a function name or pytest node id to run instead of __main__")
    lower.add_argument("--timeout", type=cli_args.positive_seconds, default=DEFAULT_TIMEOUT_S, metavar="S",
                       help=f"seconds the check may take (default {DEFAULT_TIMEOUT_S:g})")
    lower.add_argument("--allow-side-effects", action="store_true",
                       help="run the file without the lowering guard (docs/security.md)")
    lower.set_defaults(handler=_lower)

    upgrade = sub.add_parser(
        "upgrade", help="what breaks when moving from one JAX release to another (--fix: rename)",
        description="List the findings the --to release has that the --from release does not "
                    "(or never reached, because an earlier error stopped the launch there): what "
                    "breaks when the code moves. --fix applies the mechanical fixes in place "
                    "(.py files; a notebook's are listed for the editor). Exit status: 0 nothing "
                    "breaks, 1 something does, 2 a path could not be read.")
    upgrade.add_argument("paths", nargs="*", default=["."], metavar="PATH",
                         help="Python files, notebooks and folders; with none, the current folder")
    upgrade.add_argument("--from", dest="source", required=True, metavar="X.Y.Z",
                         help="the JAX release the code runs on now")
    upgrade.add_argument("--to", dest="target", required=True, metavar="X.Y.Z",
                         help="the JAX release to move to")
    upgrade.add_argument("--fix", action="store_true",
                         help="apply the mechanical fixes (renamed arguments, pl.pallas_call -> "
                              "plgpu.kernel where the PAL008 rewrite applies) in place")
    upgrade.add_argument("--format", choices=("text", "json"), default="text",
                         help="text (default) or json (an array of findings, as check's)")
    upgrade.set_defaults(handler=_upgrade)

    serve = sub.add_parser("serve", help="the language server on stdio")
    serve.set_defaults(handler=_serve)
    return parser


def _codes(text: str | None, parser_name: str) -> frozenset[str] | None:
    """The rules ``text`` names: codes, prefixes (PAL00: every rule it starts) or names."""
    if text is None:
        return None
    given = [c.strip() for c in text.split(",") if c.strip()]
    unknown = sorted(c for c in given if not expand_codes((c,)))
    if unknown:
        rules = catalog()
        raise ValueError(f"{parser_name}: unknown rule code(s) or name(s) {', '.join(unknown)} (known: "
                         f"{', '.join(f'{code} {rule.name}' for code, rule in sorted(rules.items()))})")
    return expand_codes(given)


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


def _sources(paths: list[str]) -> Iterator[tuple[str, Path | None, list[str] | None, str]]:
    """(argument, file or None when it cannot be reached, the folder's program files or None
    for a file, why it cannot be reached); each path a folder's walk skipped follows its
    folder as one more unreachable entry, so it becomes a row of the report."""
    for raw in paths:
        path = Path(raw)
        try:
            info = os.stat(raw)
        except OSError as exc:
            # ENOENT, ENAMETOOLONG (a path past PATH_MAX), EACCES on a parent folder, ELOOP.
            yield raw, None, None, why(exc)
            continue
        if stat.S_ISDIR(info.st_mode):
            # The same files the language server indexes (project.files: one rule set).
            skipped: list[tuple[str, str]] = []
            yield raw, path, python_files([raw], skipped=skipped)[0], ""
            for where, reason in skipped:
                yield where, None, None, reason
        else:
            yield raw, path, None, ""


def _read(shown: str) -> tuple[str | None, NotebookModule | None, str]:
    """(the program text (a notebook's: its code cells as one module), the cell map, "")
    or (None, None, why it cannot be read)."""
    try:
        text, cells = read_program(shown)
        return text, cells, ""
    except UnreadableFile as exc:
        why = exc.reason if exc.reason == "not a regular file" else f"cannot read: {exc.reason}"
        return None, None, why
    except Exception as exc:  # a reader bug costs this file, never the other files' results
        return None, None, _failed_on(exc)


def _failed_on(exc: Exception) -> str:
    """The row of a file pallas-lsp itself failed on (a bug: the row says to report it)."""
    return (f"pallas-lsp failed on this file ({type(exc).__name__}: {exc}); the other files' results "
            "stand; please report this with the file")


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
        try:
            analysis = Analysis(syntax_error=problem) if problem is not None else index.check(shown)
        except Exception as exc:  # one file's analysis bug is one error row
            unreadable.append(file_error(shown, _failed_on(exc)))
            continue
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
        assert discovery is not None
        library = _library_of(shown, discovery, found)
    select, ignore = selected_codes(resolved), ignored_codes(resolved)
    _say_select_conflicts(resolved, select, ignore, problems)
    return Options(jax_version=version, jax_version_source=version_source,
                   select=select, ignore=ignore, library=library)


def _say_select_conflicts(resolved: Resolved, select: frozenset[str] | None, ignore: frozenset[str],
                          problems: list[Notification]) -> None:
    """A rule --select asks for that the project's ignore (or per-file-ignores) drops would
    vanish without a word: say so once, with the way to check it anyway."""
    selected = resolved.values["select"]
    if select is None or not selected.source.startswith("--"):
        return
    conflict = sorted(select & ignore)
    if not conflict:
        return
    where = (f"[tool.pallas-lsp] ignore / per-file-ignores of {resolved.config.path}"
             if resolved.config is not None else "--ignore")
    they = "it is" if len(conflict) == 1 else "they are"
    # Every selected rule dropped leaves nothing to check: an error (exit 2, "kept the check
    # from finishing"), never a run that ends in "All checks passed." having checked nothing.
    nothing_left = not select - ignore
    message = (f"--select {', '.join(conflict)}: {they} ignored by {where}, so {they} not checked"
               f"{' and no rule is left to check' if nothing_left else ''}; "
               "give --ignore with the rules to skip instead (the flag replaces the project's "
               "ignore list; --ignore '' skips none)")
    if all(problem.message != message for problem in problems):
        problems.append(Notification("error" if nothing_left else "warning", message))


def _library_of(shown: str, discovery: Discovery, found: list[Found]) -> InstalledModules:
    """The installed modules of the environment discovered for ``shown`` (else of pallas-lsp's
    own Python), recorded in ``found`` so that the run can say where they came from."""
    env = discovery.chosen
    library = (library_on(env.search_path) if env is not None
               else library_for(sys.executable) or library_on(SearchPath(())))
    found.append((shown, discovery, library))
    return library


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
    for shown, file, folder_files, unreachable in _sources(paths):
        if file is None:
            unreadable.append(file_error(shown, unreachable))
            continue
        if options is None:
            resolved = resolve(shown, overrides)
            config = resolved.config
            path_options = _options(resolved, python or resolved.value("python"), problems, shown, found)
        else:
            # `upgrade`'s fixed releases: the installed packages of the environment discovered
            # for the path as `check` discovers it (the one with that JAX first).
            config, path_options = None, options
            if options.library is None:
                discovery = discover_environment(shown, options.jax_version)
                path_options = replace(options, library=_library_of(shown, discovery, found))
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
                try:
                    analysis = analyze(text, fitted, path=shown)
                except Exception as exc:  # one file's analysis bug is one error row
                    unreadable.append(file_error(shown, _failed_on(exc)))
                    continue
                checked.append(Checked(shown, text, analysis, Locator(shown, text, cells=notebook), notebook))
    if not checked and not unreadable:
        problems.append(Notification("warning", NO_PYTHON_FILES))
    return checked, unreadable


def _interpreter(args: argparse.Namespace, problems: list[Notification]) -> Interpreter | None:
    """``--python`` (else the first path's `[tool.pallas-lsp]` python) when it names an
    interpreter, with who named it; a notification when it names nothing. A static check
    only reads its environment's files; ``--confirm`` runs it (``pallas_lsp.interpreters``)."""
    chosen = None
    if args.python is not None:
        chosen = Interpreter(args.python, Origin.FLAG, "--python")
    elif args.paths:
        # os.path.exists: False (not an OSError) for a path past PATH_MAX, reported as a row later.
        config = find_config(args.paths[0]) if os.path.exists(args.paths[0]) else None
        if config is not None and config.python:
            chosen = _named_by_pyproject(config)
    if chosen is None or not chosen.program:
        return None
    python = chosen.program
    if Path(python).is_file() or (os.sep not in python and shutil.which(python)):
        return chosen
    problems.append(missing_python(python, confirming=args.confirm == "local"))
    return None


def _named_by_pyproject(config: ProjectConfig) -> Interpreter:
    assert config.python is not None
    return Interpreter(config.python, Origin.PYPROJECT,
                       f"pyproject.toml ({config.path}) [tool.pallas-lsp] python", named_in=str(config.path))


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


def _confirm_ready(args: argparse.Namespace, interpreter: Interpreter,
                   problems: list[Notification]) -> Permit | None:
    """The permit to lower (``pallas_lsp.interpreters``), or None: each reason it cannot
    becomes an error notification. The interpreter that will run is named either way."""
    # --timeout, --jobs and --remote-command were checked by the parser (cli_args).
    ready = not any(p.level == "error" for p in problems)
    if args.confirm == "remote":
        unreachable = unreachable_remote(args.remote_command)
        if unreachable is not None:
            problems.append(unreachable)
            ready = False
        command = args.remote_command
        interpreter = Interpreter(command[0], Origin.FLAG, "--remote-command", leading=tuple(command[1:]))
        purpose = Purpose.REMOTE_LOWERING
    else:
        purpose = Purpose.LOWERING
        # Read from its files; an environment that cannot be read is asked by the worker itself.
        env = environment_of(interpreter.program, interpreter.named_by) if ready else None
        if env is not None and env.jax_version is None:
            problems.append(no_jax(interpreter.program))
            ready = False
    if not ready:
        return None
    try:
        granted = permit(interpreter, purpose, Consent.asked(f"--confirm {args.confirm}"))
    except Refused as exc:
        problems.append(Notification("error", f"--confirm {args.confirm}: {exc}"))
        return None
    problems.append(Notification("note", f"lowering with {interpreter.described}"))
    return granted


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
        chosen = _interpreter(args, problems)
        python = chosen.program if chosen is not None else None
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
        print(for_terminal(f"pallas-lsp: {exc}"), file=sys.stderr)
        return 2
    _say_environments(args.paths, found, problems)
    if chosen is None and found and found[0][1].chosen is not None:
        # --confirm local lowers under the environment whose installed packages are read.
        env = found[0][1].chosen
        chosen = Interpreter(env.python, Origin.DISCOVERED, env.where)
    notes: list[str] = []
    outcomes: dict[str, Outcome] = {}
    with stop_on_signals() as stop:
        granted = None
        if args.confirm and checked:
            granted = _confirm_ready(args, chosen or own_interpreter(), problems)
        if granted is not None:
            outcomes = _confirm(args, granted, checked, notes, problems, stop)
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
    status = _check_status(args, items, problems, outcomes)
    if stop.exit_status is not None:
        status = stop.exit_status  # interrupted: what was done is printed
    # SARIF's executionSuccessful says what the exit status says (2, or interrupted: no).
    _print_report(args.format, items, notes, problems, successful=status in (0, 1))
    return status


def _check_status(args: argparse.Namespace, items: list[Reported], problems: list[Notification],
                  outcomes: dict[str, Outcome]) -> int:
    if any(item.code == FILE_ERROR_CODE for item in items) or any(p.level == "error" for p in problems):
        return 2
    if args.confirm and any(outcome.state in ("error", "cancelled") for outcome in outcomes.values()):
        # Confirmation was asked for and did not happen (no JAX, no interpreter, a timeout):
        # never a success status (the notes say why, per file).
        return 2
    return 1 if any(item.severity == Severity.ERROR.value for item in items) else 0


def _show_settings(paths: list[str], overrides: dict[str, Setting]) -> int:
    try:
        for path in paths:
            resolved = resolve(path, overrides)
            print("\n".join(for_terminal(line) for line in describe(resolved).split("\n")))
            if not resolved.value("python"):
                print(for_terminal(_discovered_line(path, resolved.value("jax-version"))))
    except ValueError as exc:
        print(for_terminal(f"pallas-lsp: {exc}"), file=sys.stderr)
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


def _print_report(form: str, items: list[Reported], notes: list[str], problems: list[Notification],
                  successful: bool | None = None) -> None:
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
        print(as_sarif(items, problems + [Notification("note", note) for note in notes], successful))
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


def _confirm(args: argparse.Namespace, granted: Permit, checked: list[Checked], notes: list[str],
             problems: list[Notification], stop: Stop) -> dict[str, Outcome]:
    """Lower each file for real; its outcome (``lowering.outcome``, as the server's) by path.
    Each file's result is streamed on stderr as it completes (text format). A SIGINT/SIGTERM
    sets ``stop``: running checks end, the others do not start."""
    from .lowering.outcome import build_outcome
    from .lowering.report import fatal_report
    from .lowering.runner import lower_local, lower_remote

    def lower(entry: Checked) -> tuple[Checked, LoweringReport, float]:
        started = time.monotonic()
        if stop.event.is_set():
            report = fatal_report("cancelled", "The lowering check was not run: pallas-lsp was interrupted")
        elif granted.purpose is Purpose.REMOTE_LOWERING:
            report = lower_remote(entry.path, command=granted, timeout=args.timeout, source=entry.text,
                                  cancel=stop.event, allow_side_effects=args.allow_side_effects)
        else:
            report = lower_local(entry.path, python=granted, timeout=args.timeout, source=entry.text,
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
    from .raise_sites.families import FAMILIES, page

    by_name = {rule.name: rule for rule in rules.values()}
    found: list[str] = []
    unknown: list[str] = []
    for wanted in args.codes:
        key = wanted.strip()
        name = key.lower().replace("-", "_")
        rule = rules.get(key.upper()) or by_name.get(name)
        # A rule's page; else the page of a family of JAX's raise-site table (an error
        # no rule predicts names its family: "pallas-lsp explain wgmma_mma").
        text = rule.markdown() if rule is not None else page(name)
        (found if text is not None else unknown).append(text or key)
    if unknown:
        known = ", ".join(f"{rule.code} ({rule.name})" for rule in rules.values())
        print(f"pallas-lsp: unknown rule or family {', '.join(map(repr, unknown))}; rules: {known}; "
              f"families of JAX's raise sites: {', '.join(sorted(FAMILIES))}", file=sys.stderr)
        return 2
    print("\n".join(found))
    return 0


def _lower(args: argparse.Namespace) -> int:
    from .lowering.runner import lower_local, lower_remote

    if not Path(args.file).is_file():
        print(for_terminal(f"pallas-lsp: {args.file}: no such file"), file=sys.stderr)
        return 2
    if args.remote_command:
        command = args.remote_command
        chosen = Interpreter(command[0], Origin.FLAG, "--remote-command", leading=tuple(command[1:]))
        purpose = Purpose.REMOTE_LOWERING
    else:
        chosen, purpose = _lowering_interpreter(args.file, args.python), Purpose.LOWERING
    try:
        # `lower FILE` is the user's request to run FILE's code, as --confirm is.
        granted = permit(chosen, purpose, Consent.asked("pallas-lsp lower"))
    except Refused as exc:
        print(for_terminal(f"pallas-lsp: error: {exc}"), file=sys.stderr)
        return 2
    print(Notification("note", f"lowering with {chosen.described}").as_text(), file=sys.stderr)
    if purpose is Purpose.REMOTE_LOWERING:
        report = lower_remote(args.file, command=granted, timeout=args.timeout, entry=args.entry,
                              allow_side_effects=args.allow_side_effects)
    else:
        report = lower_local(args.file, python=granted, timeout=args.timeout, entry=args.entry,
                             allow_side_effects=args.allow_side_effects)
    answer = {**report.as_json(), "path": args.file, "interpreter": chosen.described}
    print(json.dumps(for_json(answer), indent=2))
    if report.fatal and report.fatal_kind not in STOPPED_KINDS:
        return 2
    return 1 if report.errors else 0


def _lowering_interpreter(path: str, flag: str | None) -> Interpreter:
    """`lower`'s interpreter: --python, else the file's `[tool.pallas-lsp]` python, else the
    environment with JAX discovered for it (as `check` discovers one), else pallas-lsp's own."""
    if flag:
        return Interpreter(flag, Origin.FLAG, "--python")
    config = find_config(path)
    if config is not None and config.python:
        return _named_by_pyproject(config)
    env = discover_environment(path).chosen
    if env is not None:
        return Interpreter(env.python, Origin.DISCOVERED, env.where)
    return own_interpreter("pallas-lsp's own Python (no interpreter with JAX was configured or found)")


# How many times `upgrade --fix` re-analyses after applying fixes: a rewrite can bring
# a rename into view (a pallas_call rewritten on a release that renamed its arguments).
UPGRADE_ROUNDS = 4


def _upgrade(args: argparse.Namespace) -> int:
    """Findings on --to that --from does not have; with --fix, their mechanical fixes applied."""
    tune_gc()
    try:
        source, target = parse_jax_version(args.source), parse_jax_version(args.target)
    except ValueError as exc:
        print(for_terminal(f"pallas-lsp: {exc}"), file=sys.stderr)
        return 2
    for version in (source, target):
        _, note = rules_release(version)
        if note:
            print(Notification("warning", note).as_text(), file=sys.stderr)
    before = Options(jax_version=source, jax_version_source="--from")
    after = Options(jax_version=target, jax_version_source="--to")
    run = FixRun()
    for _ in range(UPGRADE_ROUNDS if args.fix else 1):
        breaks, status = _breaking(args.paths, before, after)
        if status == 2 or not args.fix:
            break
        if not fix_round([(entry.path, entry.text, findings) for entry, findings in breaks], run):
            break
    items = [reported(f, entry.locator, None) for entry, findings in breaks for f in findings]
    items.extend(file_error(path, why) for path, why in sorted(run.not_written.items()))
    if args.format == "json":
        print(as_json(items))
    else:
        moving = f"JAX {args.source} -> {args.target}"
        if args.fix:
            print(f"Applied {run.applied} fix(es) in {len(run.fixed_files)} file(s) for {moving}.")
            for path in sorted(run.left_notebooks):
                print(f"{for_terminal(path)}: notebooks are not rewritten: apply these fixes in the editor "
                      "(the quick fixes of each cell)")
        if items:
            print(as_text(items, notes=[]))
        else:
            print(f"Nothing breaks for {moving}.")
    if status == 2 or run.not_written:
        return 2
    return 1 if any(item.severity == Severity.ERROR.value for item in items) else 0


def _breaking(paths: list[str], before: Options, after: Options) -> tuple[list, int]:
    """(entry, its findings on ``after`` that ``before`` does not have) per file, and the status."""
    forget_asked()
    old, _ = _analyse(paths, {}, None, [], options=before)
    problems: list[Notification] = []
    found: list[Found] = []
    new, unreadable = _analyse(paths, {}, None, problems, options=after, found=found)
    _say_environments(paths, found, problems)
    for problem in problems:
        print(problem.as_text(), file=sys.stderr)
    for row in unreadable:
        print(for_terminal(f"pallas-lsp: {row.path}: {row.message}"), file=sys.stderr)
    return [(entry, breaking(then.analysis.findings, entry.analysis.findings))
            for then, entry in zip(old, new, strict=True)], 2 if unreadable else 0


def _serve(args: argparse.Namespace) -> int:
    from .lsp.launch import serve_stdio

    serve_stdio()
    return 0

