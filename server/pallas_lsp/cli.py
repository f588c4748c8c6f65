"""`pallas-lsp`: check, explain, lower, serve (DESIGN.md "CLI", a contract).

Exit statuses of `check`: 1 when an error-severity finding is reported, 0 when
none, 2 on bad usage or a file that cannot be read (reported; the other files
are still checked).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import __version__
from .analysis import Analysis, Options, Severity, analyze, analyze_workspace
from .analysis.positions import LineIndex
from .analysis.rules import catalog
from .jaxenv import resolve_jax_version
from .output import SYNTAX_CODE, Reported, as_json, as_sarif, as_text, reported
from .runtime import tune_gc

# Folders a recursive check never enters: environments, caches, VCS data.
_SKIPPED_DIRS = {"__pycache__", "node_modules", "site-packages", ".git", ".hg", ".svn",
                 ".tox", ".nox", ".mypy_cache", ".ruff_cache", ".pytest_cache", "build", "dist"}


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
    check.add_argument("--jax-version", metavar="X.Y.Z", help="the JAX version the rules follow")
    check.add_argument("--python", metavar="PATH",
                       help="the interpreter whose JAX version (and lowering) to use")
    check.add_argument("--select", metavar="CODES", help="only these rules, e.g. PAL001,PAL002")
    check.add_argument("--ignore", metavar="CODES", help="skip these rules")
    check.add_argument("--confirm", choices=("local", "remote"),
                       help="also lower each file with real JAX and mark findings confirmed")
    check.add_argument("--remote-command", metavar="CMD",
                       help='the remote command for --confirm remote, e.g. "ssh gpu-box python3 -"')
    check.add_argument("--timeout", type=float, default=300.0, metavar="S",
                       help="seconds per file for --confirm (default 300)")
    check.add_argument("--jobs", type=int, default=1, metavar="N",
                       help="lowering checks to run at once for --confirm (default 1)")
    check.set_defaults(handler=_check)

    explain = sub.add_parser("explain", help="a rule's documentation, e.g. `explain PAL002`")
    explain.add_argument("code", nargs="?", help="a rule code; all rules are listed without one")
    explain.set_defaults(handler=_explain)

    lower = sub.add_parser("lower", help="only the real-lowering check of one file, JSON out")
    lower.add_argument("file")
    lower.add_argument("--python", metavar="PATH", help="the interpreter with JAX (default: this one)")
    lower.add_argument("--remote-command", metavar="CMD", help="lower through this command instead")
    lower.add_argument("--entry", help="a function name or pytest node id to run instead of __main__")
    lower.add_argument("--timeout", type=float, default=300.0, metavar="S")
    lower.set_defaults(handler=_lower)

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


def _python_files(paths: list[str]) -> Iterator[tuple[str, str | None, Path | None]]:
    """(shown path, the folder argument it came from or None, file; None when missing)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS and not d.startswith("."))
                for name in sorted(files):
                    full = Path(root) / name
                    # is_file(): regular files only; reading a FIFO named x.py would block.
                    if name.endswith((".py", ".pyi")) and full.is_file():
                        yield str(full), raw, full
        elif path.exists():
            yield raw, None, path
        else:
            yield raw, None, None


def _check(args: argparse.Namespace) -> int:
    tune_gc()
    try:
        select = _codes(args.select, "--select")
        ignore = _codes(args.ignore, "--ignore") or frozenset()
        version, source = resolve_jax_version(args.jax_version, args.python)
    except ValueError as exc:
        print(f"pallas-lsp: {exc}", file=sys.stderr)
        return 2
    if args.confirm == "remote" and not args.remote_command:
        print("pallas-lsp: --confirm remote needs --remote-command", file=sys.stderr)
        return 2
    options = Options(jax_version=version, jax_version_source=source, select=select, ignore=ignore)
    items: list[Reported] = []
    notes: list[str] = []
    status = 0
    checked: list[tuple[str, str, Analysis]] = []
    folders: dict[str, dict[str, str]] = {}
    for shown, folder, file in _python_files(args.paths):
        if file is None:
            print(f"pallas-lsp: {shown}: no such file or directory", file=sys.stderr)
            status = 2
            continue
        if not file.is_file():
            print(f"pallas-lsp: {shown}: not a regular file", file=sys.stderr)
            status = 2
            continue
        try:
            text = file.read_bytes().decode("utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8"
            print(f"pallas-lsp: {shown}: cannot read: {reason}", file=sys.stderr)
            status = 2
            continue
        if folder is None:
            checked.append((shown, text, analyze(text, options, path=shown)))
        else:
            folders.setdefault(folder, {})[shown] = text
    for files in folders.values():
        # A folder is one program: kernels, launchers and meshes may sit in different modules.
        for shown, analysis in analyze_workspace(files, options).items():
            checked.append((shown, files[shown], analysis))
    statuses = _confirm(args, checked, notes) if args.confirm else {}
    for shown, text, analysis in checked:
        index = LineIndex(text)
        if analysis.syntax_error is not None:
            problem = analysis.syntax_error
            span = problem.span
            items.append(Reported(shown, span.line, index.utf8_to_codepoints(span.line, span.col) + 1,
                                  span.end_line,
                                  index.utf8_to_codepoints(span.end_line, span.end_col) + 1,
                                  SYNTAX_CODE, "error", problem.message))
        if analysis.stopped:
            notes.append(f"{shown}: {analysis.stopped}")
        for finding in analysis.findings:
            items.append(reported(shown, finding, index, statuses.get((shown, finding))))
        items.extend(statuses.get((shown, "unpredicted"), []))  # type: ignore[arg-type]
    if args.format == "json":
        print(as_json(items))
    elif args.format == "sarif":
        print(as_sarif(items))
    else:
        print(as_text(items, notes=notes))
    for note in notes if args.format != "text" else []:
        print(f"pallas-lsp: {note}", file=sys.stderr)
    if status == 2:
        return 2
    return 1 if any(item.severity == Severity.ERROR.value for item in items) else 0


def _confirm(args: argparse.Namespace, checked: list[tuple[str, str, Analysis]],
             notes: list[str]) -> dict[object, object]:
    """Lower each file for real; map (path, finding) -> confirmed, and (path, 'unpredicted') -> items."""
    from .lowering.merge import merge
    from .lowering.runner import lower_local, lower_remote

    python = args.python or sys.executable
    command = shlex.split(args.remote_command) if args.remote_command else None

    def lower(entry: tuple[str, str, Analysis]):
        shown, text, _ = entry
        if args.confirm == "remote" and command:
            return lower_remote(shown, command=command, timeout=args.timeout, source=text)
        return lower_local(shown, python=python, timeout=args.timeout, source=text)

    to_lower = [entry for entry in checked if entry[2].syntax_error is None]
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        reports = list(pool.map(lower, to_lower))
    statuses: dict[object, object] = {}
    for (shown, text, analysis), report in zip(to_lower, reports, strict=False):
        if report.fatal and report.fatal_kind != "user_code":
            notes.append(f"{shown}: lowering check failed: {report.fatal}")
        elif report.fatal:
            notes.append(f"{shown}: the file raised before lowering finished: {report.fatal}")
        merged = merge(analysis.findings, report)
        for finding in analysis.findings:
            statuses[(shown, finding)] = merged.status(finding)
        index = LineIndex(text)
        extra = []
        for error in merged.unpredicted:
            line = error.line or error.launch_line or 1
            extra.append(Reported(shown, line, 1, line, len(index.line_text(line)) + 1,
                                  error.code or "lowering", "error",
                                  f"real lowering failed here (JAX {report.jax_version}): "
                                  f"{error.exc_type}: {error.message}", confirmed=True))
        statuses[(shown, "unpredicted")] = extra
        version = report.jax_version or "?"
        notes.append(f"{shown}: lowered with JAX {version} on {report.device_kind or report.platform}")
    return statuses


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
        report = lower_remote(args.file, command=shlex.split(args.remote_command),
                              timeout=args.timeout, entry=args.entry)
    else:
        report = lower_local(args.file, python=args.python or sys.executable,
                             timeout=args.timeout, entry=args.entry)
    print(json.dumps(_report_json(args.file, report), indent=2))
    if report.fatal and report.fatal_kind != "user_code":
        return 2
    return 1 if report.errors else 0


def _report_json(path: str, report: object) -> dict[str, object]:
    from dataclasses import asdict

    data = asdict(report)  # type: ignore[call-overload]
    data["path"] = path
    for error in data.get("errors", []):
        from .lowering.classify import code_of

        error["code"] = code_of(error["cls"])
    for launch in data.get("launches", []):
        launch["traced_lines"] = sorted(launch["traced_lines"])
    return data


def _serve(args: argparse.Namespace) -> int:
    from .lsp.server import serve

    serve()
    return 0

