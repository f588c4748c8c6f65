"""`[tool.pallas-lsp]` in pyproject.toml: the project's own settings (face-neutral).

Found as ruff finds `[tool.ruff]`: walking up from each file's folder, the first
pyproject.toml that has a `[tool.pallas-lsp]` table applies (one without the table
is passed over). Keys (kebab-case, as in ruff):

    select = ["PAL001", "PAL002"]         # only these rules (prefixes allowed: "PAL00")
    ignore = ["PAL007"]                   # never these
    per-file-ignores = {"tests/*" = ["PAL001"]}   # glob, relative to pyproject's folder
    exclude = ["generated/*"]             # files a folder check passes over
    jax-version = "0.10.2"                # the JAX version the rules follow
    python = ".venv/bin/python"           # the interpreter whose JAX lowers (relative: to pyproject)

The CLI's flags and the editor settings the user set override these; ``resolve``
says where each value came from (``pallas-lsp check --show-settings FILE``).
"""

from __future__ import annotations

import fnmatch
import functools
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from pallas_lsp import reader
from pallas_lsp.analysis.codegen import DEFAULT_LINE_LENGTH

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 only
    import tomli as tomllib

TABLE = "pallas-lsp"
# A pyproject.toml larger than this is not read (the largest in JAX's tree is ~10 kB).
PYPROJECT_CAP_BYTES = 1_000_000
KEYS = ("select", "ignore", "per-file-ignores", "exclude", "jax-version", "python")


class ConfigError(ValueError):
    """A `[tool.pallas-lsp]` value that cannot be used; the message names the file and key."""


@dataclass(frozen=True)
class ProjectConfig:
    """One `[tool.pallas-lsp]` table, checked; ``path`` is the pyproject.toml it came from."""

    path: Path
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = ()
    jax_version: str | None = None
    python: str | None = None

    @property
    def root(self) -> Path:
        return self.path.parent

    def relative(self, file: str | os.PathLike[str]) -> str | None:
        """``file`` relative to the project's folder (posix), or None when outside it."""
        try:
            return PurePosixPath(Path(os.path.abspath(file)).relative_to(self.root)).as_posix()
        except ValueError:
            return None

    def ignored_for(self, file: str | os.PathLike[str]) -> tuple[str, ...]:
        """The codes per-file-ignores turns off for ``file``."""
        relative = self.relative(file)
        if relative is None:
            return ()
        return tuple(code for pattern, codes in self.per_file_ignores
                     if _matches(relative, pattern) for code in codes)

    def excludes(self, file: str | os.PathLike[str]) -> bool:
        relative = self.relative(file)
        return relative is not None and any(_matches(relative, pattern) for pattern in self.exclude)


def _matches(relative: str, pattern: str) -> bool:
    """A glob against the path from the project folder, or against the file name alone
    (``"test_*.py"`` matches in every folder, as in ruff)."""
    pattern = pattern.strip("/")
    return (fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(relative.rsplit("/", 1)[-1], pattern)
            or relative.startswith(pattern + "/"))


def _strings(value: Any, key: str, where: Path) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: [tool.{TABLE}] {key} must be a list of strings, got {value!r}")
    return tuple(value)


def expand_codes(codes: tuple[str, ...] | list[str] | frozenset[str]) -> frozenset[str]:
    """Rule codes, a prefix (``PAL00``) standing for every rule it starts, and rule names
    (``axes_mismatch``, as ``explain`` takes them) standing for their code."""
    if not codes:
        return frozenset()  # the server asks on every keystroke: most projects ignore nothing
    return _expand_codes(frozenset(codes))


@functools.lru_cache(maxsize=256)
def _expand_codes(codes: frozenset[str]) -> frozenset[str]:
    # Cached: the catalog is fixed for the process, and the answer depends on the set alone.
    # The rules on first use: the server reads its settings' types before it loads them.
    from pallas_lsp.analysis.rules import catalog

    rules = catalog()
    by_name = {rule.name: code for code, rule in rules.items()}
    wanted = {code.strip().upper() for code in codes if code.strip()}
    named = {by_name[code.strip().lower()] for code in codes if code.strip().lower() in by_name}
    return frozenset(known for known in rules if known in named or any(known.startswith(c) for c in wanted))


def _rule_codes(value: Any, key: str, where: Path) -> tuple[str, ...]:
    codes = _strings(value, key, where)
    unknown = [c for c in codes if not expand_codes((c,))]
    if unknown:
        from pallas_lsp.analysis.rules import catalog

        raise ConfigError(f"{where}: [tool.{TABLE}] {key} names unknown rule code(s) "
                          f"{', '.join(unknown)} (known: {', '.join(catalog())})")
    return codes


def parse_table(table: Any, where: Path) -> ProjectConfig:
    """Check a `[tool.pallas-lsp]` table; a wrong key or value raises ConfigError."""
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: [tool.{TABLE}] must be a table")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(f"{where}: [tool.{TABLE}] has unknown key(s) {', '.join(unknown)} "
                          f"(known: {', '.join(KEYS)})")
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{where}: [tool.{TABLE}] per-file-ignores must be a table of "
                          f'glob = ["PAL00x", …], got {per_file!r}')
    for key in ("jax-version", "python"):
        if key in table and not isinstance(table[key], str):
            raise ConfigError(f"{where}: [tool.{TABLE}] {key} must be a string, got {table[key]!r}")
    python = table.get("python")
    if python and (os.sep in python or "/" in python) and not os.path.isabs(python):
        python = str(where.parent / python)  # relative to the project, not to the cwd
    return ProjectConfig(
        path=where,
        select=_rule_codes(table["select"], "select", where) if "select" in table else None,
        ignore=_rule_codes(table.get("ignore", []), "ignore", where),
        per_file_ignores=tuple((pattern, _rule_codes(codes, f"per-file-ignores.{pattern!r}", where))
                               for pattern, codes in per_file.items()),
        exclude=_strings(table.get("exclude", []), "exclude", where),
        jax_version=table.get("jax-version"),
        python=python,
    )


@functools.lru_cache(maxsize=256)
def _tool_tables(pyproject: str, mtime: float) -> dict[str, Any]:
    """The `[tool]` tables of one pyproject.toml (cached until it changes); ConfigError when
    it cannot be read (its settings are unknown: ruff stops there too) or is not valid TOML."""
    del mtime  # part of the cache key only: an edited pyproject.toml is read again
    try:
        data = tomllib.loads(reader.read_text(pyproject, PYPROJECT_CAP_BYTES))
    except reader.UnreadableFile as exc:
        raise ConfigError(f"{pyproject}: cannot be read ({exc.reason}), so its settings are unknown; "
                          "make it a readable file or remove it") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{pyproject}: not valid TOML: {exc}") from exc
    tool = data.get("tool", {})
    return tool if isinstance(tool, dict) else {}


def _table(pyproject: Path) -> Any:
    try:
        mtime = pyproject.stat().st_mtime
    except OSError:
        return None
    return _tool_tables(str(pyproject), mtime).get(TABLE)


def line_length_for(path: str | os.PathLike[str]) -> int:
    """The line length the file's own formatter uses, for the code quick fixes write: the
    nearest pyproject.toml setting ``[tool.ruff]`` (first) or ``[tool.black]``
    ``line-length``, else 88, both tools' default."""
    folder = os.path.dirname(os.path.abspath(path))
    for pyproject, mtime in _stamp(folder):
        try:
            tool = _tool_tables(pyproject, mtime)
        except ConfigError:
            continue  # reported by the [tool.pallas-lsp] lookup; it sets no line length
        for name in ("ruff", "black"):
            table = tool.get(name)
            value = table.get("line-length") if isinstance(table, dict) else None
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return value
    return DEFAULT_LINE_LENGTH


@functools.lru_cache(maxsize=256)
def _config_in(folder: str, stamp: tuple[tuple[str, float], ...]) -> ProjectConfig | None:
    del stamp  # part of the cache key only: an edited pyproject.toml is read again
    for current in (Path(folder), *Path(folder).parents):
        pyproject = current / "pyproject.toml"
        # lexists: a FIFO, a device or an unreadable file there is reported, not passed over.
        table = _table(pyproject) if os.path.lexists(pyproject) else None
        if table is not None:
            return parse_table(table, pyproject)
    return None


def _stamp(folder: Path | str) -> tuple[tuple[str, float], ...]:
    """(path, mtime) of each pyproject.toml in ``folder`` (absolute) and its parents, nearest
    first. Strings, not Paths: every keystroke asks it, twice (the settings, the fixes'
    line length)."""
    stamps = []
    current = str(folder)
    while True:
        pyproject = os.path.join(current, "pyproject.toml")
        try:
            mtime: float | None = os.stat(pyproject).st_mtime
        except OSError:
            mtime = None
        if mtime is not None:
            stamps.append((pyproject, mtime))
        parent = os.path.dirname(current)
        if parent == current:
            return tuple(stamps)
        current = parent


def find_config(path: str | os.PathLike[str]) -> ProjectConfig | None:
    """The `[tool.pallas-lsp]` that applies to ``path`` (a file or a folder), or None."""
    absolute = Path(os.path.abspath(path))
    folder = absolute if os.path.isdir(absolute) else absolute.parent
    return _config_in(str(folder), _stamp(folder))


@dataclass(frozen=True)
class Setting:
    value: Any
    source: str  # "--select", "pyproject.toml (/p/pyproject.toml)", "editor setting", "default"


@dataclass(frozen=True)
class Resolved:
    """What applies to one file, each value with where it came from."""

    file: str
    config: ProjectConfig | None
    values: dict[str, Setting] = field(default_factory=dict)

    def value(self, key: str) -> Any:
        return self.values[key].value


DEFAULTS: dict[str, Any] = {"select": None, "ignore": (), "per-file-ignores": (), "exclude": (),
                            "jax-version": None, "python": None}


def resolve(file: str, overrides: dict[str, Setting], config: ProjectConfig | None = None,
            *, search: bool = True, fallbacks: dict[str, Setting] | None = None) -> Resolved:
    """Each key from ``overrides`` (flags, user-set editor settings), else the project's
    `[tool.pallas-lsp]` (``config``, else the one found above ``file`` unless ``search``
    is False), else ``fallbacks`` (what the editor chose without the user: the Python
    extension's interpreter), else the default. per-file-ignores is the part that applies
    to ``file`` and adds to ``ignore``."""
    fallbacks = fallbacks or {}
    if config is None and search:
        config = find_config(file)
    label = f"pyproject.toml ({config.path})" if config else ""
    from_config: dict[str, Any] = {}
    if config is not None:
        from_config = {"select": config.select, "ignore": config.ignore or None,
                       "per-file-ignores": config.ignored_for(file) or None,
                       "exclude": config.exclude or None, "jax-version": config.jax_version,
                       "python": config.python}
    values: dict[str, Setting] = {}
    for key, default in DEFAULTS.items():
        if key in overrides:
            values[key] = overrides[key]
        elif from_config.get(key) is not None:
            values[key] = Setting(from_config[key], label)
        elif key in fallbacks:
            values[key] = fallbacks[key]
        else:
            values[key] = Setting(default, "default")
    return Resolved(file, config, values)


def ignored_codes(resolved: Resolved) -> frozenset[str]:
    """``ignore`` together with the file's per-file-ignores (prefixes expanded)."""
    return expand_codes((*(resolved.value("ignore") or ()), *(resolved.value("per-file-ignores") or ())))


def selected_codes(resolved: Resolved) -> frozenset[str] | None:
    """``select`` with prefixes expanded; None: every rule."""
    select = resolved.value("select")
    return None if select is None else expand_codes(select)


def describe(resolved: Resolved) -> str:
    """`check --show-settings FILE`: every value and where it came from."""
    project = (str(resolved.config.path) if resolved.config
               else "none (no pyproject.toml with [tool.pallas-lsp] above it)")
    lines = [f"Settings for {resolved.file}", f"  project file: {project}"]
    for key, setting in resolved.values.items():
        value = setting.value
        shown = ("all rules" if key == "select" else "none") if value in (None, ()) else (
            ", ".join(value) if isinstance(value, (tuple, list, frozenset)) else str(value))
        if key == "jax-version" and value is None:
            shown = ("from the python interpreter, else the environment discovered (else the "
                     "newest JAX pallas-lsp knows)")
        if key == "python" and value is None:
            shown = "none (the environment discovered below is used)"
        lines.append(f"  {key:<17} {shown}    [{setting.source}]")
    return "\n".join(lines)
