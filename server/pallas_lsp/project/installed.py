"""Installed modules the program imports, found on an environment's import path.

The analysis follows imports into installed packages (JAX's own
``jax.experimental.pallas.ops.gpu`` collectives first of all) as it follows the
folder's modules. This module gives it their text, never importing them:

- the import path is read from the environment's files (``project.environments``:
  nothing is run to learn it);
- a dotted name is located as Python's path finder would: the first
  ``sys.path`` entry holding its top-level package, then the package's folders;
  the standard library's folders are left out (the analysis models what it needs
  of it by name);
- only regular ``.py`` files up to ``MAX_FILE_BYTES`` are read, and only those
  that import JAX (a module that does not cannot launch a kernel or name a mesh
  axis the rules judge; leaving them out keeps test frameworks such as absl
  unexecuted);
- parsed trees are cached by file identity (path, size, mtime_ns) in memory, for the
  life of the process. Never on disk: parsing a file is as fast as unpickling its tree
  (bench/results.md, "Installed packages followed"), and a deserializer that can run
  code must not read a file another user or a repository could plant (issue 23 item 2).
"""

from __future__ import annotations

import ast
import os
import stat
import sys
import sysconfig
from dataclasses import dataclass

from pallas_lsp import reader
from pallas_lsp.analysis.pipeline import parse
from pallas_lsp.project.type_params import without_type_params

# Larger installed files are not followed (JAX's biggest kernel module is ~60 KB).
MAX_FILE_BYTES = 512 * 1024
_ASK = ("import json, sys, sysconfig\n"
        "paths = sysconfig.get_paths()\n"
        "print(json.dumps({'path': sys.path, 'stdlib': [paths['stdlib'], paths['platstdlib']]}))\n")
_IMPORTS_JAX = (b"import jax", b"from jax")


@dataclass(frozen=True)
class SearchPath:
    """Where an interpreter imports from: its sys.path without the standard library."""

    entries: tuple[str, ...]
    # Whether the entries are all it imports from besides its standard library: read from a
    # venv's files (no system site-packages) where no ``.pth`` line of code could install an
    # import hook (setuptools' distutils shim excepted: it answers distutils and pip only) and
    # no sitecustomize / usercustomize runs. Only then is a module found nowhere absent.
    exhaustive: bool = False

    @classmethod
    def of(cls, path: list[str], stdlib: list[str]) -> SearchPath:
        skipped = {os.path.realpath(p) for p in stdlib if p}
        kept = [p for p in path
                if p and os.path.isdir(p) and os.path.realpath(p) not in skipped
                and not p.endswith(".zip")]
        return cls(tuple(kept))


class InstalledModules:
    """``analysis.ModuleLibrary`` over one interpreter's installed packages."""

    def __init__(self, search_path: SearchPath) -> None:
        self.search_path = search_path
        # By file identity and whether the file had to import JAX (a standard-library module
        # followed from its source need not: stdlib_source).
        self._trees: dict[tuple[str, int, int, bool], ast.Module | None] = {}
        self._located: dict[str, str | None] = {}
        # What the cache did, for the benchmark and the tests.
        self.parsed = 0
        # Module names the analysis asked for: given, and not found (for the CLI's note).
        self.followed: set[str] = set()
        self.not_found: set[str] = set()

    def source(self, name: str) -> tuple[str, ast.Module] | None:
        path = self.locate(name)
        tree = self.tree(path) if path is not None else None
        if path is None or tree is None:
            if path is None:
                self.not_found.add(name)
            return None
        self.followed.add(name)
        return path, tree

    def stdlib_source(self, name: str) -> tuple[str, ast.Module] | None:
        """(file, tree) of a module of the standard library the analysis follows from its
        Python source (analysis/python/stdlib_followed.py decides which): this process's
        own library, the one the bridge runs for real, read from ``.py`` files only (a
        module written in C has none, so it is not followed)."""
        path = _stdlib_file(name)
        tree = self.tree(path, needs_jax=False) if path is not None else None
        return (path, tree) if path is not None and tree is not None else None

    def absent(self, name: str, script: str | None) -> bool:
        """Whether ``import name`` surely raises ModuleNotFoundError in the program ``script``
        (a file on disk; its folder is first on ``sys.path``) run with a clean environment (no
        PYTHONPATH, as the analysis judges every run): the search path is exhaustive, the
        top-level name is no standard-library module of any recent Python, and neither the
        script's folder nor any entry holds anything of that name (a package, a namespace folder,
        a module of any suffix; compared without case, as a case-insensitive disk finds
        it). False whenever that cannot be known."""
        top = name.partition(".")[0]
        if not (self.search_path.exhaustive and script and top.isidentifier()) or top in _STDLIB_NAMES \
                or not os.path.isfile(script):
            return False  # (an unsaved buffer has no folder to import from)
        folder = os.path.dirname(os.path.abspath(script))
        # Asked afresh each time (a long-lived server sees the module once it is written);
        # only imports of modules found nowhere else come here.
        key = top.casefold()
        for entry in (folder, *self.search_path.entries):
            try:
                names = os.listdir(entry)
            except OSError:
                return False  # a folder that cannot be read may hold it
            if any(n.casefold() == key or n.casefold().startswith(key + ".") for n in names):
                return False
        return True

    def locate(self, name: str) -> str | None:
        """The ``.py`` file of a dotted module name, as Python's path finder finds it."""
        if name in self._located:
            return self._located[name]
        found = None
        parts = name.split(".")
        if all(part.isidentifier() for part in parts):
            for entry in self.search_path.entries:
                top = os.path.join(entry, parts[0])
                if os.path.isdir(top) or os.path.isfile(top + ".py"):
                    found = _module_file(entry, parts)
                    break
        self._located[name] = found
        return found

    def tree(self, path: str, needs_jax: bool = True) -> ast.Module | None:
        try:
            info = os.stat(path)
        except OSError:
            return None
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
            return None
        key = (path, info.st_size, info.st_mtime_ns, needs_jax)
        if key in self._trees:
            return self._trees[key]
        # Not following a file is remembered too (None).
        parsed = self._parse(path, needs_jax)
        tree = parsed if isinstance(parsed, ast.Module) else None
        self._trees[key] = tree
        return tree

    def _parse(self, path: str, needs_jax: bool = True) -> ast.Module | bool:
        self.parsed += 1
        try:
            data = reader.read_bytes(path, MAX_FILE_BYTES)
            text = data.decode("utf-8-sig")
        except (reader.UnreadableFile, UnicodeDecodeError):
            return False
        if needs_jax and not any(marker in data for marker in _IMPORTS_JAX):
            return False
        tree = parse(text, path)
        if not isinstance(tree, ast.Module):
            # A newer Python's grammar (PEP 695 type parameters, attention_mgpu.py from
            # JAX 0.11.2) under an older running Python: read without them.
            older = without_type_params(text)
            tree = parse(older, path) if older is not None else tree
        return tree if isinstance(tree, ast.Module) else False


def _module_file(entry: str, parts: list[str]) -> str | None:
    folder = os.path.join(entry, *parts[:-1])
    for candidate in (os.path.join(folder, parts[-1], "__init__.py"),
                      os.path.join(folder, parts[-1] + ".py")):
        if os.path.isfile(candidate):
            return candidate
    return None


def _stdlib_file(name: str) -> str | None:
    """The ``.py`` file of a dotted module name in this process's standard library."""
    parts = name.split(".")
    if not all(part.isidentifier() for part in parts):
        return None
    return _module_file(sysconfig.get_paths()["stdlib"], parts)


# Top-level names of the standard library of this Python and of the others a program may run
# under: sys.stdlib_module_names (every platform's), the modules PEP 594 and 632 removed in
# 3.12 / 3.13, and those 3.14 adds. Never judged absent.
_STDLIB_NAMES = frozenset({*sys.stdlib_module_names, *sys.builtin_module_names,
                           "aifc", "asynchat", "asyncore", "audioop", "cgi", "cgitb", "chunk", "crypt",
                           "distutils", "imghdr", "imp", "lib2to3", "mailcap", "msilib", "nis", "nntplib",
                           "ossaudiodev", "pipes", "smtpd", "sndhdr", "spwd", "sunau", "telnetlib", "uu",
                           "xdrlib", "annotationlib", "compression", "__main__", "__future__"})

_BY_SEARCH_PATH: dict[SearchPath, InstalledModules] = {}


def library_on(search_path: SearchPath) -> InstalledModules:
    """The installed modules on an import path (an environment found by its files,
    ``project.environments``); shared by every interpreter and environment on the same
    path, so each file is parsed once."""
    if search_path not in _BY_SEARCH_PATH:
        _BY_SEARCH_PATH[search_path] = InstalledModules(search_path)
    return _BY_SEARCH_PATH[search_path]


def forget_asked() -> None:
    """Clear what every library was asked (a new ``check`` run in the same process)."""
    for library in _BY_SEARCH_PATH.values():
        library.followed.clear()
        library.not_found.clear()
