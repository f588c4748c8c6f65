"""The server's settings, structured from what the client sends.

One shape arrives three ways: ``initializationOptions``, the ``settings`` of
``workspace/didChangeConfiguration``, and a ``workspace/configuration`` pull of
section ``pallasLsp``. Each may wrap the section (``{"pallasLsp": {...}}``) or
be the section itself. As in jedi-language-server, a bad value never stops the
server: it is reported (``problems``) and that one setting falls back to its
default, so one typo does not throw away the rest of the user's configuration.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pallas_lsp.analysis import Severity, parse_jax_version
from pallas_lsp.lowering.report import DEFAULT_TIMEOUT_S, SAVE_TIMEOUT_S
from pallas_lsp.project import DEFAULT_MAX_FILE_MB, Setting

SECTION = "pallasLsp"
_CODE = re.compile(r"^PAL[0-9]{3}$")
NOTIFICATION_LEVELS = ("off", "onError", "onWarning", "always")
LOWERING_MODES = ("local", "remote")


@dataclass(frozen=True)
class LoweringSettings:
    mode: str = "local"
    # An argument list, never a shell string: ["ssh", "gpu-box", "python3", "-"].
    remote_command: tuple[str, ...] = ()
    timeout: float = DEFAULT_TIMEOUT_S
    # On by default now that the lowering guard keeps a check from changing the machine;
    # it still runs only in a trusted workspace (did_save checks workspace_trusted).
    on_save: bool = True
    # The on-save check's own bound: a save must not hold the warm worker for the manual one's.
    save_timeout: float = SAVE_TIMEOUT_S
    # pallasLsp.lowering.allowSideEffects: run the file without the lowering guard.
    allow_side_effects: bool = False


@dataclass(frozen=True)
class Settings:
    jax_version: str | None = None
    # Several target releases at once (pallasLsp.jaxVersions): each finding once, saying
    # on which it fails. Empty: the one version of jax_version / the interpreter.
    jax_versions: tuple[str, ...] = ()
    # The interpreter as an argument list (the VS Code template's shape); [0] is the python.
    interpreter: tuple[str, ...] | None = None
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    severity: Mapping[str, Severity] = field(default_factory=dict)
    lint_on_change: bool = True
    show_notifications: str = "onError"
    lowering: LoweringSettings = field(default_factory=LoweringSettings)
    # Lowering runs the user's code: off until the client says the workspace is trusted.
    workspace_trusted: bool = False
    # Documents and workspace files larger than this many MB are not analysed.
    max_file_size_mb: float = DEFAULT_MAX_FILE_MB
    # pallasLsp.inlayHints.enabled: off by default, as Pylance's hints are.
    inlay_hints: bool = False
    # Not a documented setting: tests and the benchmark shorten the debounce with it.
    debounce_ms: float = 200.0
    # The keys the user set ("jaxVersion", "interpreter", "select", "ignore"), sent by the
    # client as "userSet" so that a default value does not hide [tool.pallas-lsp]; None
    # when the client does not say (then a value that is not the default counts as set).
    user_set: frozenset[str] | None = None

    @property
    def python(self) -> str | None:
        return self.interpreter[0] if self.interpreter else None


def unwrap(raw: Any) -> Any:
    """``{"pallasLsp": {...}}`` -> ``{...}``; anything else is returned as it is."""
    if isinstance(raw, Mapping) and isinstance(raw.get(SECTION), Mapping):
        return raw[SECTION]
    return raw


def parse_settings(raw: Any, base: Settings | None = None) -> tuple[Settings, list[str]]:
    """Structure ``raw`` into Settings; returns the settings and one message per bad value.

    Keys that ``raw`` does not mention keep their value from ``base`` (so a
    workspace/trust notification or a partial push does not reset the rest).
    """
    base = base or Settings()
    raw = unwrap(raw)
    if raw is None:
        return base, []
    if not isinstance(raw, Mapping):
        return base, [f"{SECTION}: expected an object of settings, got {type(raw).__name__}"]
    problems: list[str] = []
    values: dict[str, Any] = {}

    def bad(key: str, why: str) -> None:
        problems.append(f"{SECTION}.{key}: {why}; using the default")

    if "jaxVersion" in raw:
        version = raw["jaxVersion"]
        if version is None or version == "":
            values["jax_version"] = None
        elif isinstance(version, str):
            try:
                parse_jax_version(version)
                values["jax_version"] = version.strip()
            except ValueError as exc:
                bad("jaxVersion", str(exc))
                values["jax_version"] = None
        else:
            bad("jaxVersion", f"expected a version string such as '0.12.0', got {version!r}")
            values["jax_version"] = None

    if "jaxVersions" in raw:
        versions = raw["jaxVersions"]
        if versions is None or versions == []:
            values["jax_versions"] = ()
        elif isinstance(versions, list) and all(isinstance(v, str) for v in versions):
            try:
                for version in versions:
                    parse_jax_version(version)
                values["jax_versions"] = tuple(v.strip() for v in versions)
            except ValueError as exc:
                bad("jaxVersions", str(exc))
                values["jax_versions"] = ()
        else:
            bad("jaxVersions", f"expected a list of version strings such as ['0.10.2', '0.12.0.1'], "
                               f"got {versions!r}")
            values["jax_versions"] = ()

    if "interpreter" in raw:
        interp = raw["interpreter"]
        if interp is None or interp == "" or interp == []:
            values["interpreter"] = None
        elif isinstance(interp, str):
            values["interpreter"] = (interp,)
        elif isinstance(interp, list) and all(isinstance(a, str) and a for a in interp):
            values["interpreter"] = tuple(interp)
        else:
            bad("interpreter", f"expected a path or a list of strings, got {interp!r}")
            values["interpreter"] = None

    if "select" in raw:
        values["select"] = _codes(raw["select"], "select", bad, allow_none=True)
    if "ignore" in raw:
        values["ignore"] = _codes(raw["ignore"], "ignore", bad, allow_none=False) or frozenset()

    if "severity" in raw:
        values["severity"] = _severity(raw["severity"], bad)

    if "lintOnChange" in raw:
        values["lint_on_change"] = _bool(raw["lintOnChange"], "lintOnChange", True, bad)
    if "workspaceTrusted" in raw:
        values["workspace_trusted"] = _bool(raw["workspaceTrusted"], "workspaceTrusted", False, bad)

    if "maxFileSize" in raw:
        size = raw["maxFileSize"]
        if isinstance(size, (int, float)) and not isinstance(size, bool) and 0 < size <= 1000:
            values["max_file_size_mb"] = float(size)
        else:
            bad("maxFileSize", f"expected megabytes between 0 and 1000, got {size!r}")

    if "showNotifications" in raw:
        level = raw["showNotifications"]
        if level in NOTIFICATION_LEVELS:
            values["show_notifications"] = level
        else:
            bad(
                "showNotifications",
                f"expected one of {', '.join(NOTIFICATION_LEVELS)}, got {level!r}",
            )
            values["show_notifications"] = "onError"

    if "inlayHints" in raw:
        hints = raw["inlayHints"]
        if isinstance(hints, Mapping) and "enabled" in hints:
            values["inlay_hints"] = _bool(hints["enabled"], "inlayHints.enabled", False, bad)
        elif not isinstance(hints, Mapping):
            bad("inlayHints", f"expected an object like {{\"enabled\": true}}, got {hints!r}")

    if "debounceMs" in raw:
        delay = raw["debounceMs"]
        if isinstance(delay, (int, float)) and not isinstance(delay, bool) and 0 <= delay <= 10_000:
            values["debounce_ms"] = float(delay)
        else:
            bad("debounceMs", f"expected milliseconds between 0 and 10000, got {delay!r}")

    if "lowering" in raw:
        values["lowering"] = _lowering(raw["lowering"], base.lowering, bad)

    if "userSet" in raw:
        keys = raw["userSet"]
        if isinstance(keys, list) and all(isinstance(key, str) for key in keys):
            values["user_set"] = frozenset(keys)
        else:
            bad("userSet", f"expected a list of setting names, got {keys!r}")

    merged = {name: getattr(base, name) for name in Settings.__dataclass_fields__}
    merged.update(values)
    return Settings(**merged), problems


def _codes(value: Any, key: str, bad: Any, *, allow_none: bool) -> frozenset[str] | None:
    if value is None:
        if not allow_none:
            bad(key, "expected a list of rule codes, got null")
        return None
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        bad(key, f"expected a list of rule codes such as ['PAL001'], got {value!r}")
        return None if allow_none else frozenset()
    codes = frozenset(c.strip().upper() for c in value)
    unknown = sorted(c for c in codes if not _CODE.match(c))
    if unknown:
        bad(key, f"not rule codes: {', '.join(unknown)}")
        return None if allow_none else frozenset()
    return codes


def _severity(value: Any, bad: Any) -> dict[str, Severity]:
    if not isinstance(value, Mapping):
        bad("severity", f"expected an object such as {{'PAL001': 'warning'}}, got {value!r}")
        return {}
    remap: dict[str, Severity] = {}
    for code, level in value.items():
        name = str(code).strip().upper()
        if not _CODE.match(name):
            bad(f"severity.{code}", "not a rule code")
            continue
        try:
            remap[name] = Severity(str(level).lower())
        except ValueError:
            bad(f"severity.{code}", f"expected error, warning, information or hint, got {level!r}")
    return remap


def _bool(value: Any, key: str, default: bool, bad: Any) -> bool:
    if isinstance(value, bool):
        return value
    bad(key, f"expected true or false, got {value!r}")
    return default


def _lowering(value: Any, base: LoweringSettings, bad: Any) -> LoweringSettings:
    if value is None:
        return base
    if not isinstance(value, Mapping):
        bad("lowering", f"expected an object, got {value!r}")
        return base
    mode, command, timeout, on_save = base.mode, base.remote_command, base.timeout, base.on_save
    save_timeout, allow_side_effects = base.save_timeout, base.allow_side_effects
    if "mode" in value:
        if value["mode"] in LOWERING_MODES:
            mode = value["mode"]
        else:
            bad("lowering.mode", f"expected 'local' or 'remote', got {value['mode']!r}")
            mode = "local"
    if "remoteCommand" in value:
        cmd = value["remoteCommand"]
        if cmd is None:
            command = ()
        elif isinstance(cmd, list) and all(isinstance(a, str) and a for a in cmd):
            command = tuple(cmd)
        else:
            # A string would need a shell to split it: refused, the command is an argument list.
            bad(
                "lowering.remoteCommand",
                f"expected an argument list like ['ssh', 'host', 'python3', '-'], got {cmd!r}",
            )
            command = ()
    if "timeout" in value:
        t = value["timeout"]
        if isinstance(t, (int, float)) and not isinstance(t, bool) and t > 0:
            timeout = float(t)
        else:
            bad("lowering.timeout", f"expected a positive number of seconds, got {t!r}")
            timeout = LoweringSettings.timeout
    if "saveTimeout" in value:
        t = value["saveTimeout"]
        if isinstance(t, (int, float)) and not isinstance(t, bool) and t > 0:
            save_timeout = float(t)
        else:
            bad("lowering.saveTimeout", f"expected a positive number of seconds, got {t!r}")
            save_timeout = LoweringSettings.save_timeout
    if "onSave" in value:
        on_save = _bool(value["onSave"], "lowering.onSave", LoweringSettings.on_save, bad)
    if "allowSideEffects" in value:
        allow_side_effects = _bool(value["allowSideEffects"], "lowering.allowSideEffects", False, bad)
    return LoweringSettings(mode, command, timeout, on_save, save_timeout, allow_side_effects)


# Editor settings that [tool.pallas-lsp] also holds: (setting, config key).
PROJECT_KEYS = (("jaxVersion", "jax-version"), ("interpreter", "python"), ("select", "select"),
                ("ignore", "ignore"))


def project_overrides(settings: Settings) -> tuple[dict[str, Setting], dict[str, Setting]]:
    """(the editor settings that beat the project's `[tool.pallas-lsp]`: those the user
    set; the other editor values, used where the project says nothing: the interpreter
    the client chose without the user, e.g. the Python extension's)."""
    values = {"jaxVersion": settings.jax_version, "interpreter": settings.python,
              "select": None if settings.select is None else tuple(sorted(settings.select)),
              "ignore": tuple(sorted(settings.ignore)) or None}
    overrides: dict[str, Setting] = {}
    fallbacks: dict[str, Setting] = {}
    for key, config_key in PROJECT_KEYS:
        user_set = key in settings.user_set if settings.user_set is not None else values[key] is not None
        if user_set:
            overrides[config_key] = Setting(values[key], f"editor setting {SECTION}.{key}")
        elif values[key] is not None:
            fallbacks[config_key] = Setting(values[key], f"the editor's {key}")
    return overrides, fallbacks
