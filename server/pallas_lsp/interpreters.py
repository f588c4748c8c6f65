"""The one door to running an interpreter (docs/security.md, "Running interpreters").

Every process pallas-lsp starts is started here, by ``start``, with a ``Permit`` that
``permit`` gave for a named purpose; no other module imports ``subprocess`` (a test scans
the package for it). Static analysis has no purpose here: a `check` without ``--confirm``
and every language-server feature read environments from their files
(``project.environments``) and run nothing, whichever interpreter is configured.

The purposes, and what each needs:

- ``ANALYSIS_WORKER``: pallas-lsp's own interpreter (``sys.executable``) running
  pallas-lsp's own analysis worker (the language server's heavy-document lane). Nothing
  of the user's runs in it; no other interpreter is accepted for it.
- ``LOWERING``: the lowering check runs the user's file, under the user's interpreter.
  It needs the user's consent to run the project's code (``--confirm``, ``pallas-lsp
  lower``, or a workspace the client declared trusted) and an interpreter that was
  chosen: ``--python``, an editor setting, the project's ``[tool.pallas-lsp] python``, an
  environment discovered for the file, or pallas-lsp's own. Consent to run the project's
  file is consent to run the interpreter the project names: that file could start it
  anyway. An interpreter named by a file that belongs to another user (a pyproject.toml
  in a shared parent folder such as ``/tmp``, a planted environment) is refused.
- ``REMOTE_LOWERING``: the configured remote command (``ssh gpu-box python3 -``), with
  the same consent.

Every permit names where its interpreter came from (``Interpreter.described``), and the
faces print it: "lowering with ./x.sh from pyproject.toml (/p/pyproject.toml)
[tool.pallas-lsp] python".
"""

from __future__ import annotations

import enum
import errno
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

# The process type and the exceptions the callers handle, so they need no subprocess import.
Process = subprocess.Popen
PIPE = subprocess.PIPE
DEVNULL = subprocess.DEVNULL
TimeoutExpired = subprocess.TimeoutExpired


class Purpose(enum.Enum):
    ANALYSIS_WORKER = "pallas-lsp's analysis worker"
    LOWERING = "the lowering check"
    REMOTE_LOWERING = "the remote lowering check"


class Origin(enum.Enum):
    """Who chose the interpreter."""

    FLAG = "a command-line flag"
    USER_SETTING = "an editor setting the user set"
    EDITOR = "the editor's own choice (e.g. the Python extension's interpreter)"
    PYPROJECT = "the project's pyproject.toml"
    DISCOVERED = "an environment discovered for the file"
    OWN = "pallas-lsp's own interpreter"
    CALLER = "a program calling pallas-lsp's lowering functions directly"


@dataclass(frozen=True)
class Interpreter:
    """An interpreter (or a remote command: ``leading`` holds its arguments), who chose it,
    and the file that named it (a pyproject.toml, an environment's folder), if any."""

    program: str
    origin: Origin
    named_by: str  # "--python", "pyproject.toml (/p/pyproject.toml) [tool.pallas-lsp] python"
    named_in: str | None = None
    leading: tuple[str, ...] = ()

    @property
    def described(self) -> str:
        return f"{self.program} from {self.named_by}"


@dataclass(frozen=True)
class Consent:
    """Whether the user agreed to run the project's code, and how (for the messages)."""

    granted: bool
    by: str

    @classmethod
    def asked(cls, by: str) -> Consent:
        """The user asked for a lowering check (``--confirm``, ``lower``, the editor command)."""
        return cls(True, by)

    @classmethod
    def workspace(cls, trusted: bool) -> Consent:
        return cls(trusted, "the client declared the workspace trusted" if trusted
                   else "the client has not declared the workspace trusted")


class Refused(Exception):
    """``permit`` said no; the message says why and what to do."""


_GIVEN = object()  # only permit() makes Permits


@dataclass(frozen=True)
class Permit:
    interpreter: Interpreter
    purpose: Purpose
    consent: Consent
    _key: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._key is not _GIVEN:
            raise Refused("a Permit comes from interpreters.permit() only")


def own_interpreter(named_by: str = "pallas-lsp's own Python") -> Interpreter:
    return Interpreter(sys.executable, Origin.OWN, named_by)


def permit(interpreter: Interpreter, purpose: Purpose, consent: Consent) -> Permit:
    """The one decision: may ``interpreter`` be started for ``purpose``? Raises Refused."""
    if purpose is Purpose.ANALYSIS_WORKER:
        if interpreter.origin is not Origin.OWN or interpreter.program != sys.executable:
            raise Refused(f"{purpose.value} runs only in pallas-lsp's own Python ({sys.executable}), "
                          f"not {interpreter.described}")
        return Permit(interpreter, purpose, consent, _GIVEN)
    if not consent.granted:
        raise Refused(f"{purpose.value} runs this project's code, and {consent.by}: nothing was run "
                      f"(not {interpreter.described})")
    for path in _naming_files(interpreter):
        owner = _foreign_owner(path)
        if owner is not None:
            raise Refused(f"{interpreter.described} is not run: {path} belongs to another user "
                          f"(uid {owner}); name an interpreter of your own with --python or the "
                          "pallasLsp.interpreter setting")
    return Permit(interpreter, purpose, consent, _GIVEN)


def start(granted: Permit, args: list[str] | tuple[str, ...] = (), **popen: Any) -> subprocess.Popen:
    """Start the permitted interpreter with ``args`` (raises OSError as Popen does)."""
    if not isinstance(granted, Permit) or granted._key is not _GIVEN:
        raise Refused("interpreters.start needs a Permit from interpreters.permit()")
    interpreter = granted.interpreter
    return subprocess.Popen([program_path(interpreter.program), *interpreter.leading, *args], **popen)


def program_path(program: str) -> str:
    """A path is made absolute (the child may start in another folder, where a relative path
    names another file; abspath keeps a venv's link). A bare name (``python3``) is looked up
    on the absolute ``PATH`` entries only: a relative one (``.``) would name a file of the
    folder the child starts in, the project's. Raises FileNotFoundError when none has it."""
    if os.sep in program or "/" in program:
        return os.path.abspath(program)
    entries = [entry for entry in os.environ.get("PATH", "").split(os.pathsep) if os.path.isabs(entry)]
    found = shutil.which(program, path=os.pathsep.join(entries)) if entries else None
    if found is None:
        raise FileNotFoundError(errno.ENOENT, "not found on the absolute PATH entries", program)
    return found


def _naming_files(interpreter: Interpreter) -> list[str]:
    """The files whose owner chose the interpreter: the configuration that named it and the
    interpreter itself (its link, not the base binary a venv links to), for the choices a
    repository's files can make."""
    if interpreter.origin not in (Origin.PYPROJECT, Origin.DISCOVERED):
        return []
    paths = [interpreter.named_in] if interpreter.named_in else []
    program = os.path.abspath(interpreter.program)
    return [*paths, program, os.path.dirname(program)]


def _foreign_owner(path: str) -> int | None:
    """The uid owning ``path`` when it is neither this user nor root; None otherwise."""
    if not hasattr(os, "getuid"):
        return None  # Windows: no uids to compare
    try:
        owner = os.lstat(path).st_uid
    except OSError:
        return None  # a missing file: starting it fails with its own message
    return None if owner in (os.getuid(), 0) else owner
