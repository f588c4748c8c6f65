"""Every message `pallas-lsp check` prints besides its findings, built in one place.

The CLI's rule: nothing is reported as passed unless it happened. A lowering check
that was asked for and could not run is an error notification (exit 2) that says
why and what to do; a path that does not exist is an error row; a run that found
no Python file says so. ``Notification`` is what the formats carry (text: stderr
lines; JSON: JSON lines on stderr; SARIF: ``invocations[].toolExecutionNotifications``).
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .safe_text import for_json, for_terminal

if TYPE_CHECKING:
    from .lowering.outcome import Outcome
    from .project.environments import Discovery


@dataclass(frozen=True)
class Notification:
    """Something about the run itself, not a finding of the code."""

    level: str  # "error" | "warning" | "note" (SARIF's notification levels)
    message: str
    path: str | None = None

    def as_text(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return for_terminal(f"pallas-lsp: {self.level}: {where}{self.message}")

    def as_json_line(self) -> str:
        return json.dumps(for_json({"level": self.level, "message": self.message, "path": self.path}))


NO_PYTHON_FILES = "No Python files found under the given path(s)"


def not_a_python_file(path: str) -> Notification:
    return Notification("warning", "not a Python file (.py, .pyi or .ipynb): skipped", path)


def missing_python(python: str, *, confirming: bool) -> Notification:
    """``--python`` names no file: an error when it was to lower, else a warning (it only
    chose the JAX version)."""
    if confirming:
        return Notification("error", f"--python {python}: no such interpreter; give the path of a "
                            "Python that has JAX installed (e.g. .venv/bin/python)")
    return Notification("warning", f"--python {python}: no such interpreter, so it does not choose "
                        "the JAX version; give an existing interpreter's path, or --jax-version X.Y.Z")


def environment_note(found: Discovery, followed: set[str], not_found: set[str],
                     path: str | None) -> Notification | None:
    """Which environment the installed modules a check followed came from, and why
    (project.environments' order); without one that has JAX, the modules the program
    imports that were not followed. None when the run read no installed module and
    missed none (nothing to say)."""
    from .analysis import format_jax_version

    env = found.chosen
    if env is None:
        if not not_found:
            return None
        looked = ", ".join(found.looked_at) or "nowhere"
        return Notification("note", f"{_names(not_found)} not followed: no Python environment with "
                            f"JAX was found (looked at: {looked}); pass --python PATH of an "
                            "interpreter that has JAX", path)
    if not followed:
        return None
    head = f"{_names(followed)} read from {env.python} (JAX {env.jax_version}): {env.where}"
    if found.wanted is None:
        why = ("the first environment with JAX found, so its JAX is the version the rules follow; "
               "pass --python PATH or --jax-version X.Y.Z to choose")
    elif found.matches_wanted():
        why = f"its JAX is the {format_jax_version(found.wanted)} the rules follow"
    else:
        wanted = format_jax_version(found.wanted)
        why = (f"no environment found has JAX {wanted}, the version the rules follow, so JAX's "
               f"own modules come from another release; pass --python PATH of an interpreter "
               f"with JAX {wanted} to read its own")
    return Notification("note", f"{head}; {why}", path)


def _names(modules: set[str], shown: int = 3) -> str:
    """"the installed module a.b" / "the installed modules a, b, c and 2 more"."""
    # ``from a.b import c`` asks for ``a.b.c`` too (c may be a submodule): say ``a.b`` only.
    ordered = sorted(m for m in modules if not any(m.startswith(other + ".") for other in modules))
    if len(ordered) == 1:
        return f"the installed module {ordered[0]}"
    more = f" and {len(ordered) - shown} more" if len(ordered) > shown else ""
    return f"the installed modules {', '.join(ordered[:shown])}{more}"


def no_jax(python: str) -> Notification:
    return Notification("error", f"--confirm local: JAX is not installed for {python}, so nothing "
                        f"can be lowered; install it there (`{python} -m pip install jax`) or name "
                        "an interpreter that has it with --python")


def unreachable_remote(command: list[str]) -> Notification | None:
    """The remote command's program must exist here (ssh, srun, kubectl …)."""
    program = command[0] if command else ""
    if program and (shutil.which(program) or (os.sep in program and os.access(program, os.X_OK))):
        return None
    return Notification("error", f"--remote-command: cannot run {program or 'an empty command'!r} "
                        "on this machine; give a command that runs Python reading a script from "
                        'standard input, e.g. --remote-command "ssh gpu-box python3 -"')


_FIX = {
    "no_jax": "install JAX in that interpreter or name one that has it with --python",
    "timeout": "give it more time with --timeout (seconds per file)",
    "remote_failed": "check that the --remote-command runs Python reading a script from standard "
                     "input (try it by hand: echo 'print(1)' | CMD)",
    "worker_crashed": "run `pallas-lsp lower FILE` to see the worker's output",
    "cancelled": "run the check again",
}


def could_not_lower(path: str, outcome: Outcome) -> Notification:
    """A file whose lowering check could not run: nothing about it was confirmed."""
    fix = _FIX.get(outcome.fatal_kind or "", "run `pallas-lsp lower FILE` for details")
    return Notification("error", f"the lowering check could not run: {outcome.message.rstrip('.')}; "
                        f"{fix}. Its findings are not confirmed.", path)


def lowering_line(path: str, outcome: Outcome) -> str:
    """One line per lowered file in the text report: what the check did with the file."""
    if not outcome.ran:
        return f"{path}: lowering could not run: {outcome.message}"
    where = f"JAX {outcome.jax_version}" + (f" on {outcome.device}" if outcome.device else "")
    verdicts = list(outcome.verdicts().values())
    parts = [f"{verdicts.count(state)} {word}" for state, word in
             (("confirmed", "confirmed"), ("refuted", "refuted"), ("not_reached", "not reached"))
             if verdicts.count(state)]
    unpredicted = sum(not failure.user_code for failure in outcome.failures)
    if unpredicted:
        parts.append(f"{unpredicted} error{'s' if unpredicted != 1 else ''} no rule predicted")
    stopped = next((f.message for f in outcome.failures if f.user_code), None)
    if stopped:
        parts.append(stopped)
    if not parts:
        parts.append("lowered cleanly" if outcome.state == "clean" else outcome.message)
    why = f" ({outcome.not_reached_why})" if outcome.not_reached_why else ""
    return f"{path}: lowered with {where}: {', '.join(parts)}{why}"


def progress_line(done: int, total: int, path: str, outcome: Outcome, errors: int,
                  seconds: float) -> str:
    """``[3/8] broadcast_string_axis.py: 1 error, confirmed (JAX 0.12.0.1, 1.2 s)``."""
    name = os.path.basename(path) or path
    counted = f"{errors} error{'s' if errors != 1 else ''}" if errors else "no errors"
    if not outcome.ran:
        return for_terminal(f"[{done}/{total}] {name}: {counted}, lowering could not run "
                            f"({seconds:.1f} s)")
    verdicts = list(outcome.verdicts().values())
    states = [word for state, word in (("confirmed", "confirmed"), ("refuted", "refuted"),
                                       ("not_reached", "not reached")) if state in verdicts]
    if len(states) > 1:  # "1 confirmed, 1 not reached"
        states = [f"{verdicts.count(state)} {word}" for state, word in
                  (("confirmed", "confirmed"), ("refuted", "refuted"), ("not_reached", "not reached"))
                  if state in verdicts]
    if not states:
        states = ["lowering failed" if outcome.errors else "lowered cleanly"]
    return for_terminal(f"[{done}/{total}] {name}: {counted}, {', '.join(states)} "
                        f"(JAX {outcome.jax_version}, {seconds:.1f} s)")


def summary(severities: list[str], lowering_states: list[str | None],
            problems: list[Notification]) -> str:
    """The last line of the text report (one severity and lowering state per row),
    counting lowering states after --confirm."""
    total = len(severities)
    errors = severities.count("error")
    failed = sum(1 for problem in problems if problem.level == "error")
    if not total:
        if any(problem.message == NO_PYTHON_FILES for problem in problems):
            return "Nothing checked."
        if failed:
            return (f"No findings, but {failed} problem{'s' if failed != 1 else ''} "
                    "above kept the check from finishing.")
        return "All checks passed."
    head = (f"Found {total} finding{'s' if total != 1 else ''} "
            f"({errors} error{'s' if errors != 1 else ''})")
    states = [state for state in lowering_states if state is not None]
    if errors == total and not states:
        head = f"Found {errors} error{'s' if errors != 1 else ''}"  # as ruff says it
    words = [f"{states.count(state)} {word}" for state, word in
             (("confirmed", "confirmed by lowering"), ("refuted", "refuted by lowering"),
              ("not_reached", "not reached"))
             if states.count(state)]
    tail = (f" {failed} problem{'s' if failed != 1 else ''} above kept the check from finishing."
            if failed else "")
    return head + (": " + ", ".join(words) if words else "") + "." + tail
