/**
 * Settings → what the language server is started with and told.
 *
 * Pure: no `vscode` import, so the unit tests run under plain Node. The
 * extension reads each `pallasLsp.*` key through a getter, this module
 * normalises the values (a user can type anything into settings.json) and
 * builds the two things the server sees: the process it runs as, and the
 * `initializationOptions` object (sent again, whole, under `pallasLsp` in
 * `workspace/didChangeConfiguration`).
 */
import * as path from "path";

export type Severity = "error" | "warning" | "information" | "hint";
export type ShowNotifications = "off" | "onError" | "onWarning" | "always";
export type ImportStrategy = "useBundled" | "fromEnvironment";
export type LoweringMode = "local" | "remote";

export interface ExtensionSettings {
  interpreter: string[];
  importStrategy: ImportStrategy;
  showNotifications: ShowNotifications;
  severity: Record<string, Severity>;
  select: string[];
  ignore: string[];
  jaxVersion: string;
  jaxVersions: string[];
  lintOnChange: boolean;
  maxFileSize: number;
  lowering: {
    mode: LoweringMode;
    remoteCommand: string[];
    timeout: number;
    onSave: boolean;
    saveTimeout: number;
    allowSideEffects: boolean;
  };
  inlayHints: { enabled: boolean };
}

/** The server's `initializationOptions` (contract with server/pallas_lsp/lsp). */
export interface InitializationOptions {
  jaxVersion: string | null;
  jaxVersions: string[];
  interpreter: string | null;
  select: string[] | null;
  ignore: string[];
  severity: Record<string, Severity>;
  lintOnChange: boolean;
  maxFileSize: number;
  showNotifications: ShowNotifications;
  lowering: {
    mode: LoweringMode;
    remoteCommand: string[];
    timeout: number;
    onSave: boolean;
    saveTimeout: number;
    allowSideEffects: boolean;
  };
  workspaceTrusted: boolean;
  inlayHints: { enabled: boolean };
  /** Which of PROJECT_KEYS the user set: only those beat the project's [tool.pallas-lsp]. */
  userSet: string[];
}

export const SECTION = "pallasLsp";

/** Files and documents larger than this (MB) are not analysed (server: project/files.py). */
export const DEFAULT_MAX_FILE_SIZE_MB = 0.25;

function positiveNumber(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 && value <= 1000 ? value : fallback;
}

/**
 * Settings that pyproject.toml's `[tool.pallas-lsp]` also holds (jax-version, python,
 * select, ignore). The server lets the project's value apply unless the user set
 * the editor setting, so a default here never hides the project's configuration.
 */
export const PROJECT_KEYS = ["jaxVersion", "interpreter", "select", "ignore"] as const;

/** The PROJECT_KEYS the user set at any level (user, workspace, folder). */
export function userSetKeys(isSet: (key: SettingKey) => boolean): string[] {
  return PROJECT_KEYS.filter((key) => isSet(key));
}

/** Keys whose change needs a new server process, not just a configuration push. */
export const RESTART_KEYS = ["interpreter", "importStrategy"] as const;

/** Every key the extension reads, relative to SECTION. */
export const SETTING_KEYS = [
  "interpreter",
  "importStrategy",
  "showNotifications",
  "severity",
  "select",
  "ignore",
  "jaxVersion",
  "jaxVersions",
  "lintOnChange",
  "maxFileSize",
  "lowering.mode",
  "lowering.remoteCommand",
  "lowering.timeout",
  "lowering.onSave",
  "lowering.saveTimeout",
  "lowering.allowSideEffects",
  "inlayHints.enabled",
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];

const SEVERITIES: readonly Severity[] = ["error", "warning", "information", "hint"];
const NOTIFICATION_LEVELS: readonly ShowNotifications[] = ["off", "onError", "onWarning", "always"];
const DEFAULT_LOWERING_TIMEOUT = 120;
// The on-save check's own limit (server: lowering/report.py SAVE_TIMEOUT_S).
const DEFAULT_SAVE_TIMEOUT = 20;
const RULE_CODE = /^PAL[0-9]{3}$/;

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.filter((item): item is string => typeof item === "string" && item.trim() !== "");
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function ruleCodes(value: unknown): string[] {
  return stringList(value)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => RULE_CODE.test(code));
}

function severityMap(value: unknown): Record<string, Severity> {
  const severity: Record<string, Severity> = {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return severity;
  }
  for (const [code, level] of Object.entries(value as Record<string, unknown>)) {
    const normalised = code.trim().toUpperCase();
    if (RULE_CODE.test(normalised) && SEVERITIES.includes(level as Severity)) {
      severity[normalised] = level as Severity;
    }
  }
  return severity;
}

/** Reads and normalises every setting; `get` returns undefined for an unset key. */
export function readSettings(get: (key: SettingKey) => unknown): ExtensionSettings {
  const timeout = get("lowering.timeout");
  return {
    interpreter: stringList(get("interpreter")),
    importStrategy: oneOf(get("importStrategy"), ["useBundled", "fromEnvironment"], "useBundled"),
    showNotifications: oneOf(get("showNotifications"), NOTIFICATION_LEVELS, "onError"),
    severity: severityMap(get("severity")),
    select: ruleCodes(get("select")),
    ignore: ruleCodes(get("ignore")),
    jaxVersion: typeof get("jaxVersion") === "string" ? (get("jaxVersion") as string).trim() : "",
    jaxVersions: stringList(get("jaxVersions")).map((version) => version.trim()),
    lintOnChange: get("lintOnChange") !== false,
    maxFileSize: positiveNumber(get("maxFileSize"), DEFAULT_MAX_FILE_SIZE_MB),
    lowering: {
      mode: oneOf(get("lowering.mode"), ["local", "remote"], "local"),
      remoteCommand: stringList(get("lowering.remoteCommand")),
      timeout:
        typeof timeout === "number" && Number.isFinite(timeout) && timeout > 0
          ? timeout
          : DEFAULT_LOWERING_TIMEOUT,
      // On unless turned off: the server runs it only in a trusted workspace, guarded.
      onSave: get("lowering.onSave") !== false,
      saveTimeout: positiveNumber(get("lowering.saveTimeout"), DEFAULT_SAVE_TIMEOUT),
      allowSideEffects: get("lowering.allowSideEffects") === true,
    },
    // Off by default, as Pylance's inlay hints are.
    inlayHints: { enabled: get("inlayHints.enabled") === true },
  };
}

/**
 * The options object the server receives. `interpreter` is the path of the
 * interpreter the client resolved (the server asks it for the JAX version and
 * lowers with it); an empty `select` means every rule, which the server reads
 * as null.
 */
export function initializationOptions(
  settings: ExtensionSettings,
  interpreterPath: string | null,
  workspaceTrusted: boolean,
  userSet: readonly string[] = [],
): InitializationOptions {
  return {
    jaxVersion: settings.jaxVersion === "" ? null : settings.jaxVersion,
    jaxVersions: [...settings.jaxVersions],
    interpreter: interpreterPath,
    select: settings.select.length === 0 ? null : [...settings.select],
    ignore: [...settings.ignore],
    severity: { ...settings.severity },
    lintOnChange: settings.lintOnChange,
    maxFileSize: settings.maxFileSize,
    showNotifications: settings.showNotifications,
    lowering: {
      mode: settings.lowering.mode,
      remoteCommand: [...settings.lowering.remoteCommand],
      timeout: settings.lowering.timeout,
      onSave: settings.lowering.onSave,
      saveTimeout: settings.lowering.saveTimeout,
      allowSideEffects: settings.lowering.allowSideEffects,
    },
    workspaceTrusted,
    inlayHints: { enabled: settings.inlayHints.enabled },
    userSet: [...userSet],
  };
}

export interface ServerLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The extension's own folder: never the workspace (see serverLaunch). */
  cwd: string;
}

/**
 * The server process: `<interpreter...> -m pallas_lsp serve`, started in the extension's
 * folder with PYTHONSAFEPATH=1, so that no workspace file lands on its import path. With useBundled the
 * extension's `bundled/libs` is put first on PYTHONPATH, ahead of anything the
 * user's environment sets, so the bundled pallas_lsp and its pinned pygls win
 * over copies installed in the interpreter's site-packages.
 */
export function serverLaunch(
  interpreter: string[],
  importStrategy: ImportStrategy,
  extensionPath: string,
  baseEnv: Record<string, string | undefined>,
): ServerLaunch {
  if (interpreter.length === 0) {
    throw new Error("serverLaunch needs an interpreter command");
  }
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(baseEnv)) {
    if (value !== undefined) {
      env[name] = value;
    }
  }
  env.PYTHONUTF8 = "1";
  // The server speaks LSP on stdout; unbuffered so nothing is held back.
  env.PYTHONUNBUFFERED = "1";
  // `-m` puts the working directory first on sys.path: started in the workspace, a
  // workspace file named like a standard module (uuid.py, csv.py) would run inside the
  // server. The server starts in the extension's folder, and Python 3.11+ is told not
  // to add it at all (PYTHONSAFEPATH); the server also drops it itself (issue 12).
  env.PYTHONSAFEPATH = "1";
  if (importStrategy === "useBundled") {
    const bundled = bundledLibsPath(extensionPath);
    env.PYTHONPATH = env.PYTHONPATH ? `${bundled}${path.delimiter}${env.PYTHONPATH}` : bundled;
  }
  return {
    command: interpreter[0],
    args: [...interpreter.slice(1), "-m", "pallas_lsp", "serve"],
    env,
    cwd: extensionPath,
  };
}

export function bundledLibsPath(extensionPath: string): string {
  return path.join(extensionPath, "bundled", "libs");
}

/** True when a configuration change touches a key that needs a new server process. */
export function needsRestart(affects: (key: string) => boolean): boolean {
  return RESTART_KEYS.some((key) => affects(`${SECTION}.${key}`));
}
