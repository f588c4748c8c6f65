"""The analysis run: parse, trace each entry as ``__main__``, run the rules, finish.

One file (``analyze``), one entry of a folder with the folder's modules
importable (``analyze_entry``), or every file of a folder as one program
(``analyze_workspace``).
"""

from __future__ import annotations

import ast
import time
import warnings
from dataclasses import dataclass, field, replace
from pathlib import PurePath

from .ast_nodes import PRIVATE_NAME, mangle_private_names
from .axis_symbols import AxisFacts, collect
from .forms import judge_each_form
from .generator_index import index_generators
from .library_sites import to_user_sites
from .model import Analysis, Finding, OpFacts, Options, Span, SyntaxProblem
from .noqa import is_suppressed, noqa_comments
from .program import AnalysisStopped, Program, build_program
from .rules import RULES
from .trace import SourceModule


def parse(source: str, path: str = "<string>") -> ast.Module | SyntaxProblem:
    if source.startswith("\ufeff"):
        # A byte-order mark is no code (Python skips it in files), but it is part of the
        # text the editor holds: positions on line 1 keep counting its 3 UTF-8 bytes.
        parsed = parse(source[1:], path)
        if isinstance(parsed, ast.Module):
            _shift_first_line(parsed, len("\ufeff".encode("utf-8")))
        elif parsed.span.line == 1:
            span = parsed.span
            end = span.end_col + 3 if span.end_line == 1 else span.end_col
            parsed = SyntaxProblem(parsed.message, Span(1, span.col + 3, span.end_line, end))
        return parsed
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences in user code are not ours
            tree = ast.parse(source, filename=path)
    except SyntaxError as exc:
        line = exc.lineno or 1
        col = max((exc.offset or 1) - 1, 0)
        end_line = exc.end_lineno or line
        end_col = max((exc.end_offset or (col + 1)) - 1, col)
        text = exc.text or ""
        # SyntaxError offsets count code points; the analysis speaks UTF-8 bytes.
        col_b = len(text[:col].encode("utf-8"))
        end_col_b = len(text[:end_col].encode("utf-8")) if end_line == line else end_col
        return SyntaxProblem(f"SyntaxError: {exc.msg}", Span(line, col_b, end_line, end_col_b))
    except (ValueError, RecursionError, MemoryError) as exc:
        # NUL bytes (ValueError before 3.12), or nesting too deep for the parser.
        return SyntaxProblem(f"cannot parse: {exc}", Span(1, 0, 1, 0))
    if "__" in source and PRIVATE_NAME.search(source):
        mangle_private_names(tree, source)  # as CPython compiles a class body
    index_generators(tree, source)
    return tree


def _shift_first_line(tree: ast.Module, offset: int) -> None:
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) == 1:
            node.col_offset += offset  # type: ignore[attr-defined]
        if getattr(node, "end_lineno", None) == 1 and node.end_col_offset is not None:  # type: ignore[attr-defined]
            node.end_col_offset += offset  # type: ignore[attr-defined]


def analyze(source: str, options: Options | None = None, *, path: str = "<string>",
            tree: ast.Module | SyntaxProblem | None = None) -> Analysis:
    """``tree``: what ``parse(source, path)`` gives, when the caller has it already (the
    server's incremental parse, analysis/reparse.py); the analysis changes no tree."""
    options = options or Options()
    if tree is None:
        tree = parse(source, path)
    if isinstance(tree, SyntaxProblem):
        return Analysis(syntax_error=tree)
    findings, ops, stopped = run_file(tree, source, options, script=path)
    return Analysis(findings=_finish(findings, source, options), ops=ops, stopped=stopped)


def run_file(tree: ast.Module, source: str, options: Options,
             read_lines: list[tuple[int, int]] | None = None, script: str | None = None,
             ) -> tuple[list[Finding], tuple[OpFacts, ...], str | None]:
    """One file alone: its findings before ``finish``, its hover facts, why it stopped;
    ``read_lines`` is given the lines whose text the rules read (``Program.read_lines``);
    ``script``: the file's path as given (only the library face reads it: ModuleLibrary.absent)."""
    # The axis facts serve the editor's axis features, read from the workspace index
    # (analyze_entry): one file's analysis alone has no use for them (8% of it).
    findings, ops, stopped, _, _ = _run(tree, source, options, with_axes=False, read_lines=read_lines,
                                        script=script)
    return findings, ops, stopped


def analyze_workspace(files: dict[str, str], options: Options | None = None) -> dict[str, Analysis]:
    """Analyse a folder as one program: each file runs as ``__main__`` would, and its
    imports of the folder's other modules run those modules, so a kernel in one
    file, its launcher in a second and the shard_map and mesh in a third are seen
    together. Findings land in the file that holds their line."""
    options = options or Options()
    trees: dict[str, ast.Module] = {}
    results: dict[str, Analysis] = {}
    for file, source in files.items():
        tree = parse(source, file)
        if isinstance(tree, SyntaxProblem):
            results[file] = Analysis(syntax_error=tree)
        else:
            trees[file] = tree
    found: dict[str, list[Finding]] = {file: [] for file in trees}
    stopped: dict[str, str] = {}
    op_lists: dict[str, list[OpFacts]] = {file: [] for file in trees}
    tables: dict[PurePath, dict[str, SourceModule]] = {}  # entries of one folder share it
    for entry in trees:
        folder = PurePath(entry).parent
        if folder not in tables:
            tables[folder] = module_table(entry, trees)
        result = analyze_entry(entry, trees, files, options, tables[folder])
        for home, file_ops in result.ops_by_file.items():
            if home in op_lists:
                op_lists[home].extend(file_ops)
        if result.stopped:
            stopped[entry] = result.stopped
        for home, findings in result.findings_by_file.items():
            if home in found:
                found[home].extend(findings)
    ops = {file: tuple(dict.fromkeys(items)) for file, items in op_lists.items()}
    for file in trees:
        results[file] = Analysis(findings=_finish(found[file], files[file], options),
                                 ops=ops.get(file, ()), stopped=stopped.get(file))
    return results


@dataclass(frozen=True)
class EntryResult:
    """What running one file as ``__main__`` says about every file it reaches."""

    # file -> findings whose spans are relative to that file (path None = that file);


    findings_by_file: dict[str, tuple[Finding, ...]]
    # file -> hover facts of the calls in that file, spans relative to it.
    ops_by_file: dict[str, tuple[OpFacts, ...]]
    stopped: str | None
    # The folder modules this entry imported (directly or not): a change to any of
    # them changes this entry's findings.
    imported_files: frozenset[str]
    # Axis names this run defines and uses, tied together (spans carry their file).
    axes: AxisFacts = field(default_factory=AxisFacts)


def analyze_entry(entry: str, trees: dict[str, ast.Module], files: dict[str, str],
                  options: Options, modules: dict[str, SourceModule] | None = None) -> EntryResult:
    """Run ``entry`` as ``__main__`` with the folder's other parsed modules importable
    (``modules``: ``module_table(entry, trees)``, passed in when several entries share it)."""
    if modules is None:
        modules = module_table(entry, trees)
    findings, ops, stopped, imported, axes = _run(trees[entry], files[entry], options, modules, entry,
                                                  files)
    by_file: dict[str, list[Finding]] = {}
    for finding in findings:
        home = finding.span.path or entry
        by_file.setdefault(home, []).append(_relative_to(finding, home, entry))
    ops_by_file: dict[str, list[OpFacts]] = {}
    for op in ops:
        ops_by_file.setdefault(op.span.path or entry, []).append(
            replace(op, span=replace(op.span, path=None)))
    return EntryResult({k: tuple(v) for k, v in by_file.items()},
                       {k: tuple(v) for k, v in ops_by_file.items()}, stopped, imported, axes)


def finish(findings: list[Finding], source: str, options: Options) -> tuple[Finding, ...]:
    """Per-file last step: noqa, severity overrides, dedupe, source order."""
    return _finish(findings, source, options)


def imported_names(tree: ast.Module) -> set[str]:
    """Dotted module names a file imports anywhere (absolute imports; relative ones as '.x').

    An import is a statement, and statements only sit in other statements' bodies: the
    walk visits statement lists, never expressions (a tenth of a module's nodes; a walk
    of every node of every file was a fifth of ``check`` on JAX's own tree)."""
    found: set[str] = set()
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found.add(base)
            # `from . import config` names ".config" (the dots are the base's, no extra one).
            found.update(alias.name if not base else f"{base}{alias.name}" if base.endswith(".")
                         else f"{base}.{alias.name}" for alias in node.names)
        else:
            # `mod = importlib.import_module("pkg.config")` as a statement of its own (the run
            # imports it: python/modules.py); a call nested deeper in an expression is not
            # looked for, so the walk stays on statements.
            value = getattr(node, "value", None)
            if isinstance(value, ast.Call):
                named = _import_module_name(value)
                if named is not None:
                    found.add(named)
            for name in _STATEMENT_LISTS:
                block = getattr(node, name, None)
                if block:
                    pending.extend(block)
    return found


# The fields that hold statements (or an except handler / a match case, which hold them).
_STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")


def _import_module_name(call: ast.Call) -> str | None:
    """The module ``importlib.import_module("name", package="pkg")`` names, when written as
    constants (the run imports it: python/modules.py)."""
    func = call.func
    called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if called != "import_module" or not call.args:
        return None
    name = call.args[0]
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str)) or not name.value.strip("."):
        return None
    if not name.value.startswith("."):
        return name.value
    package = call.args[1] if len(call.args) > 1 else next(
        (k.value for k in call.keywords if k.arg == "package"), None)
    if not (isinstance(package, ast.Constant) and isinstance(package.value, str)):
        return None
    level = len(name.value) - len(name.value.lstrip("."))
    parts = package.value.split(".")
    if level > len(parts):
        return None
    return ".".join([*parts[: len(parts) - level + 1], name.value.lstrip(".")])


def module_table(entry: str, trees: dict[str, ast.Module]) -> dict[str, SourceModule]:
    """Dotted module names as the entry's imports see them: its own folder is on sys.path."""
    base = PurePath(entry).parent
    table: dict[str, SourceModule] = {}
    for file, tree in trees.items():
        try:
            relative = PurePath(file).relative_to(base)
        except ValueError:
            continue
        if relative.suffix not in (".py", ".pyi"):
            continue  # a notebook (.ipynb) runs as __main__ but no import statement finds it
        parts = list(relative.with_suffix("").parts)
        if parts and parts[-1] == "__init__":
            parts.pop()
        if parts and all(part.isidentifier() for part in parts):
            name = ".".join(parts)
            table[name] = SourceModule(name, file, tree)
    return table


def _relative_to(finding: Finding, home: str, entry: str) -> Finding:
    """Spans in ``home``'s analysis: None for home itself, a path for any other file."""

    def fix(span: Span) -> Span:
        path = span.path or entry
        return replace(span, path=None if path == home else path)

    return replace(
        finding,
        span=fix(finding.span),
        related=tuple(replace(r, span=fix(r.span)) for r in finding.related),
        fixes=tuple(replace(f, edits=tuple(replace(e, span=fix(e.span)) for e in f.edits))
                    for f in finding.fixes),
    )


def _run(tree: ast.Module, source: str, options: Options,
         modules: dict[str, SourceModule] | None = None, path: str | None = None,
         sources: dict[str, str] | None = None, *, with_axes: bool = True,
         read_lines: list[tuple[int, int]] | None = None, script: str | None = None,
         ) -> tuple[list[Finding], tuple[OpFacts, ...], str | None, frozenset[str], AxisFacts]:
    deadline = time.monotonic() + options.budget_s
    stopped: str | None = None
    try:
        program = build_program(tree, options, deadline, source, modules, path, sources, script=script)
    except AnalysisStopped as exc:
        program = exc.partial  # type: ignore[assignment]
        stopped = str(exc)
    except RecursionError:
        return [], (), "analysis stopped: the file nests too deeply to analyse", frozenset(), AxisFacts()
    findings: list[Finding] = []
    if program is not None:
        ran_out: list[bool] = []
        findings = judge_each_form(program, lambda world: _check(world, options, deadline, ran_out))
        if ran_out:
            stopped = stopped or "analysis stopped: the per-file time budget ran out"
        findings = to_user_sites(findings, program)
    ops = program.op_facts() if program is not None else ()
    if read_lines is not None and program is not None:
        read_lines.extend(program.read_lines)
    imported = frozenset(m.path for m in (modules or {}).values()
                         if program is not None and m.name in program.interp.module_envs)
    axes = collect(program, path or "<string>") if program is not None and with_axes else AxisFacts()
    return findings, ops, stopped, imported, axes


def _check(program: Program, options: Options, deadline: float, ran_out: list[bool]) -> list[Finding]:
    """Every enabled rule on one world of the program (forms.py)."""
    findings: list[Finding] = []
    for code, rule in RULES.items():
        # The budget holds for the whole run, rules included (issue 12).
        if time.monotonic() > deadline:
            ran_out.append(True)
            break
        if options.enabled(code):
            findings.extend(rule.check(program, options))
    return findings


def _finish(findings: list[Finding], source: str, options: Options) -> tuple[Finding, ...]:
    """noqa, severity overrides, one finding per code and span, in source order."""
    comments = noqa_comments(source) if "noqa" in source else {}
    kept: dict[tuple[str, Span], Finding] = {}
    for finding in findings:
        if finding.span.path is None and is_suppressed(finding, comments):
            continue
        severity = options.severity.get(finding.code)
        if severity is not None and severity != finding.severity:
            finding = replace(finding, severity=severity)
        kept.setdefault((finding.code, finding.span), finding)
    return tuple(sorted(kept.values(), key=lambda f: (f.span.line, f.span.col, f.code)))
