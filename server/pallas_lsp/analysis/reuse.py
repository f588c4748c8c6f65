"""Reusing a document's last analysis after an edit the analysis does not see.

The analysis runs the file as ``__main__``: any statement may change what every later one
does, so after an edit of the code it runs in full (design.md, change 29). What a run
reads is the tree, the text of some lines (a node's source for a fix or a message, the
lines a fix is laid out on: ``Program.read_lines``), the options and the installed
modules. An edit that leaves the tree as it was (``Reparser.same_tree``: a comment, blank
space, the text of the module docstring, which is evaluated and dropped, in a file that never
spells ``__doc__``) and changes no line the run read gives the very same run, so its
findings and hover facts are kept and only the last step (noqa comments, severities,
order: ``pipeline.finish``) is done again on the new text.

A run is kept per target (``Options``, equal by value, and the same installed-module
library object), and reused only while every installed module it asked the library for
is answered with the very tree it was answered with then (the library parses a changed
file again, so a file edited on disk is a new tree). A run stopped by the time budget is
not kept: a full run might finish.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace

from .model import Analysis, Finding, ModuleLibrary, OpFacts, Options
from .pipeline import finish, run_file


class _Recorder:
    """The library as one run sees it: every answer it gave, by module name."""

    def __init__(self, inner: ModuleLibrary) -> None:
        self.inner = inner
        self.answers: dict[str, tuple[str, ast.Module] | None] = {}
        self.absences: dict[tuple[str, str], bool] = {}  # ModuleLibrary.absent's answers

    def source(self, name: str) -> tuple[str, ast.Module] | None:
        found = self.inner.source(name)
        self.answers.setdefault(name, found)
        return found

    def stdlib_source(self, name: str) -> tuple[str, ast.Module] | None:
        ask = getattr(self.inner, "stdlib_source", None)
        return ask(name) if ask is not None else None

    def absent(self, top: str, script: str) -> bool:
        ask = getattr(self.inner, "absent", None)
        if ask is None:
            return False  # a library that cannot say so: never absent, nothing to ask again
        found = bool(ask(top, script))
        self.absences[(top, script)] = found
        return found

    def unchanged(self, answers: dict[str, tuple[str, ast.Module] | None],
                  absences: dict[tuple[str, str], bool]) -> bool:
        ask = getattr(self.inner, "absent", None)
        if absences and (ask is None or any(bool(ask(*key)) != was for key, was in absences.items())):
            return False
        for name, was in answers.items():
            now = self.inner.source(name)
            if now is None or was is None:
                if now is not was:
                    return False
            elif now[0] != was[0] or now[1] is not was[1]:
                return False
        return True


@dataclass
class _Run:
    options: Options
    library: ModuleLibrary | None
    path: str
    findings: list[Finding]
    ops: tuple[OpFacts, ...]
    answers: dict[str, tuple[str, ast.Module] | None]
    read: frozenset[int]  # the lines whose text the run read
    absences: dict[tuple[str, str], bool] = field(default_factory=dict)  # Recorder.absent's answers


def _lines(ranges: list[tuple[int, int]]) -> frozenset[int]:
    return frozenset(line for first, last in set(ranges) for line in range(first, last + 1))


class AnalysisMemo:
    """One document's kept runs, for the tree of one ``Reparser`` generation."""

    def __init__(self) -> None:
        self._generation: int | None = None
        self._runs: list[_Run] = []
        # One recorder per library object, kept: caches keyed by the library see one object.
        self._recorders: dict[int, _Recorder] = {}
        self.reused = 0  # analyses answered from a kept run (for the tests)

    def advance(self, generation: int, same_tree: bool, changed: tuple[int, int]) -> None:
        """The document's tree is now ``generation``; ``same_tree``: it is the one before
        but for the lines ``changed`` (first, last) (``Reparser.same_tree``)."""
        if generation == self._generation:
            return
        if self._generation is None or generation != self._generation + 1 or not same_tree:
            self._runs = []
        else:
            self._runs = [run for run in self._runs
                          if not any(line in run.read for line in range(changed[0], changed[1] + 1))]
        self._generation = generation

    def analyze(self, source: str, options: Options, path: str, tree: ast.Module) -> Analysis:
        library = options.library
        recorder = None
        if library is not None:
            recorder = self._recorders.get(id(library))
            if recorder is None or recorder.inner is not library:
                recorder = self._recorders[id(library)] = _Recorder(library)
        for run in self._runs:
            if (run.options == options and run.library is library and run.path == path
                    and (recorder is None or recorder.unchanged(run.answers, run.absences))):
                self.reused += 1
                return Analysis(findings=finish(run.findings, source, options), ops=run.ops)
        if recorder is not None:
            recorder.answers = {}
            recorder.absences = {}
        read: list[tuple[int, int]] = []
        findings, ops, stopped = run_file(tree, source, replace(options, library=recorder or library), read,
                                          script=path)
        self._runs = [r for r in self._runs if not (r.options == options and r.library is library)]
        if stopped is None:
            self._runs.append(_Run(options, library, path, findings, ops,
                                   dict(recorder.answers) if recorder is not None else {}, _lines(read),
                                   dict(recorder.absences) if recorder is not None else {}))
        return Analysis(findings=finish(findings, source, options), ops=ops, stopped=stopped)
