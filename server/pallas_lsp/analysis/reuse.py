"""Reusing a document's last analysis after an edit no analysis can see.

The analysis runs the file as ``__main__``: any statement may change what every later one
does, so after a real edit it runs in full (design.md, change 29). Some edits change
nothing it reads: a comment or blank line between top-level statements, the text of the
module docstring (``Reparser.same_analysis`` says which: analysis/reparse.py). For those
the last run's findings and hover facts are the ones a full run gives, and only the last
step (noqa comments, severities, order: ``pipeline.finish``) is done again on the new
text.

A run is kept per target (``Options``, equal by value, and the same installed-module
library object), and reused only while every installed module it asked the library for
is answered with the very tree it was answered with then (the library parses a changed
file again, so a file edited on disk is a new tree). A run stopped by the time budget is
not kept: a full run might finish.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from .model import Analysis, Finding, ModuleLibrary, OpFacts, Options
from .pipeline import finish, run_file


class _Recorder:
    """The library as one run sees it: every answer it gave, by module name."""

    def __init__(self, inner: ModuleLibrary) -> None:
        self.inner = inner
        self.answers: dict[str, tuple[str, ast.Module] | None] = {}

    def source(self, name: str) -> tuple[str, ast.Module] | None:
        found = self.inner.source(name)
        self.answers.setdefault(name, found)
        return found

    def unchanged(self, answers: dict[str, tuple[str, ast.Module] | None]) -> bool:
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


class AnalysisMemo:
    """One document's kept runs, for the tree of one ``Reparser`` generation."""

    def __init__(self) -> None:
        self._generation: int | None = None
        self._runs: list[_Run] = []
        # One recorder per library object, kept: caches keyed by the library see one object.
        self._recorders: dict[int, _Recorder] = {}
        self.reused = 0  # analyses answered from a kept run (for the tests)

    def advance(self, generation: int, same_analysis: bool) -> None:
        """The document's tree is now ``generation``; ``same_analysis``: it analyses as the
        one before (``Reparser.same_analysis``)."""
        if generation == self._generation:
            return
        if self._generation is None or generation != self._generation + 1 or not same_analysis:
            self._runs = []
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
                    and (recorder is None or recorder.unchanged(run.answers))):
                self.reused += 1
                return Analysis(findings=finish(run.findings, source, options), ops=run.ops)
        if recorder is not None:
            recorder.answers = {}
        findings, ops, stopped = run_file(tree, source, replace(options, library=recorder or library))
        self._runs = [r for r in self._runs if not (r.options == options and r.library is library)]
        if stopped is None:
            self._runs.append(_Run(options, library, path, findings, ops,
                                   dict(recorder.answers) if recorder is not None else {}))
        return Analysis(findings=finish(findings, source, options), ops=ops, stopped=stopped)
