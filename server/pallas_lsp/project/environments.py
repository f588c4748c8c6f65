"""The Python environment whose installed packages a check follows when none is configured.

`pallas-lsp check FILE` without ``--python`` (and without ``python`` in the file's
``[tool.pallas-lsp]``) still follows imports into installed packages (JAX's own
``jax.experimental.pallas.ops.gpu`` collectives first of all, ``project.installed``).
They are read from the first environment with JAX in this order, as jedi's
``get_default_environment``/``find_virtualenvs`` and the VS Code Python extension
look for one:

1. the activated environment: ``$VIRTUAL_ENV``, then ``$CONDA_PREFIX``;
2. environments in the checked path's folder and each parent up to the project root
   (the nearest folder with ``pyproject.toml``, ``setup.py``, ``setup.cfg``, ``.git``
   or ``.hg``; without one, only the path's own folder: a shared folder such as
   ``/tmp`` is no project): ``.venv``, ``venv``, ``env``, then any other child folder
   holding ``pyvenv.cfg`` (a venv or virtualenv: ``.venv-jax012``…) or ``conda-meta``
   (a conda environment), the newest JAX first; the nearest folder first;
3. the interpreter running pallas-lsp;
4. environments beside pallas-lsp's own (the folders next to its venv, as
   ``scripts/setup-and-check.sh`` lays out ``.venv``, ``.venv-jax010``, ``.venv-jax012``),
   the newest JAX first;
5. ``python3`` on ``PATH`` (absolute ``PATH`` entries only).

When a JAX version is wanted (``--jax-version``), the first environment whose JAX is
that version wins, else the first with any JAX.

Nothing is run to discover an environment or to read a configured interpreter's
(``environment_of``): an environment's import path is read from its files
(``pyvenv.cfg``, ``lib/pythonX.Y/site-packages`` and the path lines of its ``.pth``
files; ``import`` lines are code and are not run) and its JAX version from the package
metadata (``project.metadata``). An interpreter that is no environment (``/usr/bin/python3``)
is read the same way from the installation its binary lies in (``<prefix>/lib/pythonX.Y/
site-packages``, Debian's ``dist-packages``); the interpreter running pallas-lsp is read
from its own ``sys.path``, in this process. A ``.venv/bin/python`` inside a checked folder
is code from that folder: jedi runs such a binary only when root owns it, VS Code's Python
extension only in a trusted workspace; here it is never run to discover it (lowering runs
it, but only when the user asked to run the project's code: ``pallas_lsp.interpreters``).
Folder reads are cached per folder identity (path, mtime) in memory for the run.
"""

from __future__ import annotations

import configparser
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pallas_lsp import reader
from pallas_lsp.analysis import JaxVersion, parse_jax_version

from .installed import InstalledModules, SearchPath, library_on
from .metadata import jax_version_in

# pyvenv.cfg holds a few lines; a .pth file a few paths: anything larger is not read.
CONFIG_CAP_BYTES = 64 * 1024
PTH_CAP_BYTES = 1_000_000
# Looked at first, in this order, in each folder; other environments follow by name.
FIRST_NAMES = (".venv", "venv", "env")
ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git", ".hg")


@dataclass(frozen=True)
class Environment:
    """A Python environment: its interpreter, import path and JAX version."""

    python: str  # the interpreter (run only to lower, on request)
    search_path: SearchPath
    jax_version: str | None
    where: str  # how it was found, for the user: "/p/.venv, in the checked path's folders"


@dataclass(frozen=True)
class Discovery:
    """The environment chosen for a path (None: none has JAX) and the places looked at."""

    chosen: Environment | None
    wanted: JaxVersion | None
    looked_at: tuple[str, ...]

    def matches_wanted(self) -> bool:
        return (self.chosen is not None and self.wanted is not None
                and _parsed(self.chosen.jax_version) == self.wanted)


_FOUND: dict[tuple[str, JaxVersion | None], Discovery] = {}
_STATIC: dict[tuple[str, int], tuple[SearchPath, str] | None] = {}


def discover_environment(path: str, wanted: JaxVersion | None = None) -> Discovery:
    """The environment with JAX for the checked ``path`` (a file or folder), in the
    module's order; cached per (folder, wanted version) for the process."""
    key = _discovery_key(path, wanted)
    if key not in _FOUND:
        _FOUND[key] = _choose(_candidates(key[0]), wanted)
    return _FOUND[key]


def discovery_known(path: str, wanted: JaxVersion | None = None) -> bool:
    """Whether ``discover_environment(path, wanted)`` answers from memory (one stat of
    ``path``, no folder read): the server then asks it on its own thread, without a hop."""
    return _discovery_key(path, wanted) in _FOUND


def _discovery_key(path: str, wanted: JaxVersion | None) -> tuple[str, JaxVersion | None]:
    return (os.path.abspath(path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))),
            wanted)


def forget() -> None:
    """Drop what was found (an environment was created or JAX installed meanwhile)."""
    _FOUND.clear()
    _STATIC.clear()
    _LIBRARIES.clear()


def _choose(candidates: Iterator[tuple[str, Callable[[], Environment | None]]],
            wanted: JaxVersion | None) -> Discovery:
    first: Environment | None = None
    looked: list[str] = []
    seen: set[SearchPath] = set()
    for place, find in candidates:
        looked.append(place)
        env = find()
        if env is None or env.search_path in seen or env.jax_version is None:
            continue
        seen.add(env.search_path)
        if wanted is None or _parsed(env.jax_version) == wanted:
            return Discovery(env, wanted, tuple(looked))
        first = first or env
    return Discovery(first, wanted, tuple(looked))


def _parsed(version: str | None) -> JaxVersion | None:
    try:
        return parse_jax_version(version) if version else None
    except ValueError:
        return None


def _candidates(start: str) -> Iterator[tuple[str, Callable[[], Environment | None]]]:
    """(a place, how to read the environment there), lazily: later ones cost more."""
    for variable in ("VIRTUAL_ENV", "CONDA_PREFIX"):
        prefix = os.environ.get(variable)
        if prefix and os.path.isabs(prefix):
            yield f"${variable}", _static(prefix, f"{prefix}, the activated environment (${variable})")
    root = project_root(start)
    folder = start
    while True:
        for prefix in environments_in(folder):
            yield prefix, _static(prefix, f"{prefix}, an environment in the checked path's folders")
        if folder == root or os.path.dirname(folder) == folder:
            break
        folder = os.path.dirname(folder)
    own_python = "the Python running pallas-lsp"
    yield own_python, lambda: environment_of(sys.executable, own_python)
    if sys.prefix != sys.base_prefix:  # pallas-lsp runs in an environment: look beside it
        own = os.path.realpath(sys.prefix)
        for prefix in environments_in(os.path.dirname(sys.prefix)):
            if os.path.realpath(prefix) != own:
                yield prefix, _static(prefix, f"{prefix}, beside pallas-lsp's own environment")
    python3 = _python3_on_path()
    if python3 is not None:
        yield "python3 on PATH", lambda: environment_of(python3, f"{python3}, python3 on PATH")


def project_root(start: str) -> str:
    """The nearest folder at or above ``start`` with a project marker, else ``start``."""
    folder = start
    while True:
        if any(os.path.exists(os.path.join(folder, marker)) for marker in ROOT_MARKERS):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return start
        folder = parent


def environments_in(folder: str) -> list[str]:
    """The child folders of ``folder`` that are environments: ``FIRST_NAMES`` in their order,
    then the others, the newest JAX first (by name among equals; without JAX last)."""
    try:
        children = sorted(entry.name for entry in os.scandir(folder) if entry.is_dir())
    except OSError:
        return []
    found = [os.path.join(folder, name) for name in children if is_environment(os.path.join(folder, name))]
    first = [os.path.join(folder, name) for name in FIRST_NAMES]
    others = [p for p in found if p not in first]
    newest_first = sorted(others, key=lambda prefix: _newest_first(_static_version(prefix)))
    return [p for p in first if p in found] + newest_first


def _static_version(prefix: str) -> JaxVersion | None:
    found = static_search_path(prefix) if environment_python(prefix) else None
    return _parsed(found[1]) if found else None


def _newest_first(version: JaxVersion | None) -> tuple[int, tuple[int, ...]]:
    return (1, ()) if version is None else (0, tuple(-part for part in version))


def is_environment(prefix: str) -> bool:
    return (os.path.isfile(os.path.join(prefix, "pyvenv.cfg"))
            or os.path.isdir(os.path.join(prefix, "conda-meta")))


def _static(prefix: str, where: str) -> Callable[[], Environment | None]:
    def read() -> Environment | None:
        python = environment_python(prefix)
        if python is None:
            return None
        found = static_search_path(prefix)
        if found is None:
            return None
        search_path, version = found
        return Environment(python, search_path, version or None, where)

    return read


def environment_of(python: str, where: str) -> Environment | None:
    """The environment of a configured or found interpreter, from its files alone (never run):
    its venv or conda prefix, else the installation its binary lies in; pallas-lsp's own
    interpreter from this process's ``sys.path``. None when no import path can be read."""
    program = python if os.sep in python or "/" in python else (shutil.which(python) or python)
    absolute = os.path.abspath(program)
    if not os.path.isfile(absolute):
        return None
    if absolute == os.path.abspath(sys.executable):
        search_path = _own_search_path()
        return Environment(python, search_path, jax_version_in(search_path.entries), where)
    prefix = os.path.dirname(os.path.dirname(absolute))  # <prefix>/bin/python
    found = (static_search_path(prefix) if is_environment(prefix)
             else _installation_search_path(os.path.realpath(absolute)))
    if found is None:
        return None
    search_path, version = found
    return Environment(python, search_path, version or None, where)


def _own_search_path() -> SearchPath:
    """This process's import path without the standard library, the working folder and the
    script's folder (the user's folder when started there: Neovim starts the server in it)."""
    import sysconfig  # only here: a check that never asks about its own interpreter skips it

    paths = sysconfig.get_paths()
    here = {"", ".", os.getcwd()}
    return SearchPath.of([p for p in sys.path if p not in here],
                         [paths["stdlib"], paths["platstdlib"]])


def _installation_search_path(real: str) -> tuple[SearchPath, str] | None:
    """A Python installation's site folders (``/usr/bin/python3.11`` ->
    ``/usr/local/lib/python3.11/dist-packages``, ``/usr/lib/python3/dist-packages``,
    ``/usr/lib/python3.11/site-packages``) in the order its ``site.py`` adds them."""
    prefix = os.path.dirname(os.path.dirname(real))
    name = os.path.basename(real)
    short = name.removeprefix("python") if name.startswith("python3.") else ""
    if not short:
        sites = _site_packages(prefix, "")
        short = os.path.basename(os.path.dirname(sites[0])).removeprefix("python") if sites else ""
    if not short:
        return None
    candidates = (os.path.join(prefix, "local", "lib", f"python{short}", "dist-packages"),
                  os.path.join(prefix, "lib", "python3", "dist-packages"),
                  os.path.join(prefix, "lib", f"python{short}", "dist-packages"),
                  os.path.join(prefix, "lib", f"python{short}", "site-packages"))
    entries: list[str] = []
    for site in candidates:
        if os.path.isdir(site):
            _add_site(entries, site)
    if not entries:
        return None
    search_path = SearchPath(tuple(entries))
    return search_path, jax_version_in(search_path.entries) or ""


_LIBRARIES: dict[str, InstalledModules | None] = {}


def library_known(python: str) -> bool:
    """Whether ``library_for(python)`` answers from memory (no file read)."""
    return os.path.abspath(python) in _LIBRARIES


def library_for(python: str) -> InstalledModules | None:
    """The installed modules of a configured interpreter, read from its files (nothing run);
    shared with every interpreter and environment on the same import path."""
    key = os.path.abspath(python)
    if key not in _LIBRARIES:
        env = environment_of(python, python)
        _LIBRARIES[key] = library_on(env.search_path) if env is not None else None
    return _LIBRARIES[key]


def _python3_on_path() -> str | None:
    # A relative PATH entry ("." or "bin") would name a folder of the one being checked.
    entries = [p for p in os.environ.get("PATH", "").split(os.pathsep) if os.path.isabs(p)]
    found = shutil.which("python3", path=os.pathsep.join(entries)) if entries else None
    if found is None or os.path.abspath(found) == os.path.abspath(sys.executable):
        return None
    return found


def environment_python(prefix: str) -> str | None:
    """The environment's interpreter, by the layout venv and conda write (not run here)."""
    names = (("Scripts", "python.exe"), ("python.exe",)) if os.name == "nt" else (
        ("bin", "python"), ("bin", "python3"))
    for parts in names:
        candidate = os.path.join(prefix, *parts)
        if os.path.isfile(candidate):
            return candidate
    return None


def static_search_path(prefix: str) -> tuple[SearchPath, str] | None:
    """(the environment's import path without the standard library, its JAX version or '')
    from its files alone; cached until ``prefix`` or its site-packages change."""
    sites = _site_packages(prefix, _pyvenv_cfg(prefix).get("version", ""))
    if not sites:
        return None
    try:
        key = (os.path.realpath(prefix), max(os.stat(site).st_mtime_ns for site in sites))
    except OSError:
        return None
    if key not in _STATIC:
        entries: list[str] = []
        hooks = False
        for site in sites:
            hooks = _add_site(entries, site) or hooks
        config = _pyvenv_cfg(prefix)
        home = config.get("home", "")
        system = config.get("include-system-site-packages", "").lower() == "true"
        if system and os.path.isabs(home):
            # The base interpreter's site-packages follow the environment's own (site.py's order).
            for site in _site_packages(os.path.dirname(home), config.get("version", "")):
                _add_site(entries, site)
        # All it imports from, besides its standard library (installed.SearchPath.exhaustive):
        # no system site-packages (nor the user's, which they bring), no import hook.
        short = ".".join(config.get("version", "").split(".")[:2])
        base_lib = os.path.join(os.path.dirname(home), "lib", f"python{short}") if home and short else ""
        exhaustive = bool(base_lib) and not system and not hooks and not any(
            os.path.exists(os.path.join(entry, f"{name}.py"))
            for entry in (*entries, base_lib) for name in ("sitecustomize", "usercustomize"))
        search_path = SearchPath(tuple(entries), exhaustive)
        _STATIC[key] = (search_path, jax_version_in(search_path.entries) or "")
    return _STATIC[key]


def _pyvenv_cfg(prefix: str) -> dict[str, str]:
    """``pyvenv.cfg``'s ``key = value`` lines (no sections, so read as one)."""
    try:
        text = reader.read_text(os.path.join(prefix, "pyvenv.cfg"), CONFIG_CAP_BYTES, errors="replace")
    except reader.UnreadableFile:
        return {}  # a FIFO, a device, too large, unreadable: no version or home is known
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string("[venv]\n" + text)
    except configparser.Error:
        return {}
    return {key.strip().lower(): value.strip() for key, value in parser["venv"].items()}


def _site_packages(prefix: str, version: str) -> list[str]:
    """``lib/pythonX.Y/site-packages`` (``Lib/site-packages`` on Windows); with several
    Python versions, the one ``pyvenv.cfg`` names, else the newest."""
    if os.name == "nt":
        site = os.path.join(prefix, "Lib", "site-packages")
        return [site] if os.path.isdir(site) else []
    lib = os.path.join(prefix, "lib")
    try:
        names = [n for n in os.listdir(lib) if n.startswith("python")
                 and os.path.isdir(os.path.join(lib, n, "site-packages"))]
    except OSError:
        return []
    short = ".".join(version.split(".")[:2])
    chosen = [n for n in names if n == f"python{short}"] or sorted(names, key=_python_order)[-1:]
    return [os.path.join(lib, n, "site-packages") for n in chosen]


def _python_order(name: str) -> tuple[int, ...]:
    digits = name.removeprefix("python").split(".")
    return tuple(int(d) if d.isdigit() else 0 for d in digits)


# The one ``.pth`` file of code whose import hook is known: setuptools' distutils shim, whose
# finder answers ``distutils`` and ``pip`` only (both never judged absent).
_KNOWN_HOOKS = frozenset({"distutils-precedence.pth"})


def _add_site(entries: list[str], site: str) -> bool:
    """A site folder and the existing folders its ``.pth`` files name, as ``site.addsitedir``
    adds them (files by name; ``import`` lines are code: not run, not followed). True when a
    line of code may install an import hook (any but _KNOWN_HOOKS')."""
    if site not in entries:
        entries.append(site)
    try:
        pth_files = sorted(n for n in os.listdir(site) if n.endswith(".pth"))
    except OSError:
        return True
    hooks = False
    for name in pth_files:
        try:
            lines = reader.read_text(os.path.join(site, name), PTH_CAP_BYTES, errors="replace").splitlines()
        except reader.UnreadableFile:
            continue  # as site.py skips a .pth file it cannot read
        for line in lines:
            line = line.rstrip()
            if line.startswith(("import ", "import\t")):
                hooks = hooks or name not in _KNOWN_HOOKS
                continue
            if not line or line.startswith("#"):
                continue
            folder = os.path.normpath(os.path.join(site, line))
            if os.path.isdir(folder) and folder not in entries:
                entries.append(folder)
            elif not os.path.isdir(folder) and os.path.exists(folder):
                hooks = True  # a zip or egg file site.py adds: not an entry read here
    return hooks
