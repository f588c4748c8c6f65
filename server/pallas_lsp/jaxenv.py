"""Which JAX version the rules follow (DESIGN.md "JAX version", a contract).

In order: an explicit version (--jax-version / the jaxVersion setting); the
configured interpreter, asked in a subprocess (its metadata, never an import
of jax); where no interpreter is configured, the JAX of the environment the CLI
discovered (``project.environments``: read from its files, nothing run); this
process's own environment (metadata only); the newest JAX the product knows.
(``project.metadata.jax_version_in`` reads a discovered environment's JAX version from
its ``jax-<version>.dist-info``, as ``importlib.metadata`` would find it.)
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess

from .analysis.model import NEWEST_KNOWN_JAX, JaxVersion, parse_jax_version

# '' (the working directory) leaves the probe's import path before anything is imported:
# a workspace's ``importlib``/``email``/``csv``… must not run (issue 12). The interpreter
# starts with ``-c``, which puts '' there; ``sys`` and ``os`` are loaded already.
_ASK = (
    "import os, sys\n"
    "sys.path[:] = [p for p in sys.path if p not in ('', '.', os.getcwd())]\n"
    "import importlib.metadata as m\n"
    "try:\n    print(m.version('jax'))\n"
    "except m.PackageNotFoundError:\n    print('')\n"
)


@functools.lru_cache(maxsize=32)
def interpreter_jax_version(interpreter: str, timeout: float = 15.0) -> str | None:
    """The JAX version installed for ``interpreter``; None when it has none or cannot run."""
    # Started in the root folder: a relative PYTHONPATH entry (".") must not name the
    # user's folder either, or Python would import a sitecustomize.py from it at start.
    program = shutil.which(interpreter) or interpreter
    try:
        done = subprocess.run([os.path.abspath(program), "-c", _ASK], capture_output=True, text=True,
                              timeout=timeout, check=False, cwd=os.path.abspath(os.sep))
    except (OSError, subprocess.SubprocessError):
        return None
    text = done.stdout.strip()
    return text or None


def own_jax_version() -> str | None:
    import importlib.metadata  # about 15 ms of start-up: only when no version was given

    try:
        return importlib.metadata.version("jax")
    except importlib.metadata.PackageNotFoundError:
        return None


def resolve_jax_version(explicit: str | None, interpreter: str | None,
                        explicit_label: str = "--jax-version",
                        discovered: tuple[str, str] | None = None) -> tuple[JaxVersion, str]:
    """(version, where it came from); raises ValueError for an explicit version that is no version.
    ``discovered``: (JAX version, where) of the environment found for the file when no
    interpreter is configured (``project.environments``)."""
    if explicit:
        return parse_jax_version(explicit), explicit_label
    if discovered is not None and not interpreter:
        found, where = discovered
        try:
            return parse_jax_version(found), f"JAX {found} installed in {where}"
        except ValueError:
            pass
    if interpreter:
        found = interpreter_jax_version(interpreter)
        if found:
            try:
                return parse_jax_version(found), f"JAX {found} installed for {interpreter}"
            except ValueError:
                pass
    found = own_jax_version()
    if found:
        try:
            return parse_jax_version(found), f"JAX {found} installed beside pallas-lsp"
        except ValueError:
            pass
    return NEWEST_KNOWN_JAX, "the newest JAX pallas-lsp knows (no JAX found)"
