/**
 * Which Python runs the server, and whether it can.
 *
 * The order follows microsoft/vscode-python-tools-extension-template: the
 * `pallasLsp.interpreter` setting, then the interpreter selected in the Python
 * extension (when it is installed), then `python3` from PATH. Before the server
 * is started the interpreter is asked, in a short subprocess, for its version
 * and whether it finds `pallas_lsp.__main__` (what `-m pallas_lsp` runs) with
 * the same environment the server gets, so that a missing Python, a Python older than 3.10 or a missing module
 * is reported in words instead of as a language client that died at start.
 *
 * No `vscode` import: the unit tests run it under plain Node.
 */
import { execFile } from "child_process";
import * as os from "os";
import * as path from "path";

export const MINIMUM_PYTHON: readonly [number, number] = [3, 10];
export const DEFAULT_PYTHON = "python3";

export type InterpreterSource = "setting" | "python-extension" | "default";

export interface InterpreterChoice {
  command: string[];
  source: InterpreterSource;
}

/** The first non-empty candidate wins: the setting, the Python extension, python3. */
export function chooseInterpreter(
  setting: readonly string[],
  fromPythonExtension: readonly string[] | undefined,
): InterpreterChoice {
  if (setting.length > 0 && setting[0].trim() !== "") {
    return { command: [...setting], source: "setting" };
  }
  if (fromPythonExtension && fromPythonExtension.length > 0 && fromPythonExtension[0] !== "") {
    return { command: [...fromPythonExtension], source: "python-extension" };
  }
  return { command: [DEFAULT_PYTHON], source: "default" };
}

export interface VariableContext {
  workspaceFolder: string | undefined;
  userHome: string;
  env: Record<string, string | undefined>;
}

/**
 * Expands `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and a leading `~`
 * in one setting item, as the template does for its interpreter setting.
 * A `${workspaceFolder}` with no folder open is left as written, so the error
 * that follows names what the user typed.
 */
export function expandVariables(value: string, context: VariableContext): string {
  let expanded = value.replace(/\$\{(workspaceFolder|userHome|env:([A-Za-z_][A-Za-z0-9_]*))\}/g, (whole, name: string, envName?: string) => {
    if (name === "workspaceFolder") {
      return context.workspaceFolder ?? whole;
    }
    if (name === "userHome") {
      return context.userHome;
    }
    return context.env[envName ?? ""] ?? "";
  });
  if (expanded === "~" || expanded.startsWith("~/")) {
    expanded = path.join(context.userHome, expanded.slice(1));
  }
  return expanded;
}

export function defaultVariableContext(workspaceFolder: string | undefined): VariableContext {
  return { workspaceFolder, userHome: os.homedir(), env: process.env };
}

/** What the preflight script printed, or why it could not run. */
export type PreflightResult =
  | { kind: "ok"; version: [number, number, number]; executable: string; module: string }
  | { kind: "not-found"; command: string; detail: string }
  | { kind: "too-old"; version: [number, number, number]; executable: string }
  | { kind: "no-module"; version: [number, number, number]; executable: string; detail: string }
  | { kind: "failed"; command: string; detail: string };

/**
 * Printed as JSON on one line. Written so that Python 2 and old Python 3 can
 * still parse it (no f-strings), and the version is printed before the import
 * so that an old Python is reported as old, not as a syntax error in pygls.
 */
export const PREFLIGHT_SCRIPT = [
  "import json, sys",
  "info = {'version': list(sys.version_info[:3]), 'executable': sys.executable}",
  "if tuple(sys.version_info[:2]) >= (3, 10):",
  "    import importlib.util",
  "    try:",
  "        spec = importlib.util.find_spec('pallas_lsp.__main__')",
  "        if spec is None:",
  "            info['error'] = 'pallas_lsp has no __main__ module, so python -m pallas_lsp cannot run it'",
  "        else:",
  "            info['module'] = spec.origin",
  "    except Exception as exc:",
  "        info['error'] = '%s: %s' % (type(exc).__name__, exc)",
  "print(json.dumps(info))",
].join("\n");

export function parsePreflight(command: string, stdout: string): PreflightResult {
  const line = stdout
    .split(/\r?\n/)
    .map((text) => text.trim())
    .filter((text) => text.startsWith("{"))
    .pop();
  if (line === undefined) {
    return { kind: "failed", command, detail: `no answer from ${command}: ${stdout.trim() || "(empty output)"}` };
  }
  let info: { version?: unknown; executable?: unknown; module?: unknown; error?: unknown };
  try {
    info = JSON.parse(line);
  } catch {
    return { kind: "failed", command, detail: `unreadable answer from ${command}: ${line}` };
  }
  const numbers = Array.isArray(info.version) ? info.version.map(Number) : [];
  if (numbers.length < 3 || numbers.some((n) => !Number.isInteger(n))) {
    return { kind: "failed", command, detail: `no Python version in the answer of ${command}: ${line}` };
  }
  const version: [number, number, number] = [numbers[0], numbers[1], numbers[2]];
  const executable = typeof info.executable === "string" && info.executable !== "" ? info.executable : command;
  if (!isSupported(version)) {
    return { kind: "too-old", version, executable };
  }
  if (typeof info.module !== "string") {
    const detail = typeof info.error === "string" ? info.error : "pallas_lsp was not imported";
    return { kind: "no-module", version, executable, detail };
  }
  return { kind: "ok", version, executable, module: info.module };
}

export function isSupported(version: readonly number[]): boolean {
  const [major, minor] = version;
  return major > MINIMUM_PYTHON[0] || (major === MINIMUM_PYTHON[0] && minor >= MINIMUM_PYTHON[1]);
}

/** Runs the preflight script under `command` (interpreter + its arguments) with `env`. */
export function preflight(
  command: readonly string[],
  env: Record<string, string>,
  cwd?: string,
  timeoutMs = 20000,
): Promise<PreflightResult> {
  const [program, ...leading] = command;
  return new Promise((resolve) => {
    execFile(
      program,
      [...leading, "-c", PREFLIGHT_SCRIPT],
      // Started where the server starts (never the workspace): find_spec imports the
      // pallas_lsp package, and '' on sys.path would find a workspace's copy first.
      { env, cwd, timeout: timeoutMs, windowsHide: true },
      (error, stdout, stderr) => {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code === "ENOENT" || code === "EACCES") {
          resolve({ kind: "not-found", command: program, detail: String(error?.message ?? code) });
          return;
        }
        const answer = parsePreflight(program, stdout);
        if (answer.kind === "failed" && error) {
          const reason = stderr.trim().split(/\r?\n/).pop() || error.message;
          resolve({ kind: "failed", command: program, detail: reason });
          return;
        }
        resolve(answer);
      },
    );
  });
}

/** One sentence for the user, saying what is wrong and what to change. */
export function describeProblem(result: PreflightResult, importStrategy: string): string | undefined {
  switch (result.kind) {
    case "ok":
      return undefined;
    case "not-found":
      return `Pallas LSP: the Python interpreter "${result.command}" was not found. Set "pallasLsp.interpreter" to a Python 3.10+ executable.`;
    case "too-old":
      return `Pallas LSP needs Python ${MINIMUM_PYTHON.join(".")} or newer, but ${result.executable} is Python ${result.version.join(".")}. Set "pallasLsp.interpreter" to a newer Python.`;
    case "no-module":
      return importStrategy === "fromEnvironment"
        ? `Pallas LSP: ${result.executable} cannot import pallas_lsp (${result.detail}). Install it there (pip install pallas-lsp) or set "pallasLsp.importStrategy" to "useBundled".`
        : `Pallas LSP: the bundled server does not import under ${result.executable} (${result.detail}). Reinstall the extension, or install pallas-lsp there and set "pallasLsp.importStrategy" to "fromEnvironment".`;
    case "failed":
      return `Pallas LSP: could not run the Python interpreter "${result.command}": ${result.detail}`;
  }
}

/** Where "Pallas: Select Interpreter" looks for Pythons, nearest first. */
export function candidateInterpreterPaths(
  workspaceFolder: string | undefined,
  env: Record<string, string | undefined>,
  userHome: string,
  listDir: (dir: string) => string[],
  isFile: (file: string) => boolean,
): string[] {
  const found: string[] = [];
  const add = (file: string) => {
    if (!found.includes(file) && isFile(file)) {
      found.push(file);
    }
  };
  if (workspaceFolder) {
    // .venv, .venv-jax012, venv, env: the folders Python's tools create in a project.
    const venvs = listDir(workspaceFolder)
      .filter((name) => /^(\.?venv[\w.-]*|env)$/.test(name))
      .sort();
    for (const name of venvs) {
      add(path.join(workspaceFolder, name, "bin", "python"));
    }
  }
  for (const dir of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    if (/[\\/]\.pyenv[\\/]shims$/.test(dir)) {
      continue; // a shim runs whichever Python pyenv picks at the time: not a stable choice
    }
    add(path.join(dir, "python3"));
  }
  const pyenv = path.join(env.PYENV_ROOT ?? path.join(userHome, ".pyenv"), "versions");
  for (const version of listDir(pyenv).sort().reverse()) {
    add(path.join(pyenv, version, "bin", "python"));
  }
  return found;
}

/** Asked of each candidate: its Python version and the JAX installed for it (metadata only). */
export const DESCRIBE_SCRIPT = [
  "import sys",
  "try:",
  "    import importlib.metadata as m",
  "    jax = m.version('jax')",
  "except Exception:",
  "    jax = ''",
  "print('%d.%d.%d %s' % (sys.version_info[:3] + (jax,)))",
].join("\n");

export interface InterpreterDescription {
  python: string;
  jax: string | undefined;
}

export function parseDescription(stdout: string): InterpreterDescription | undefined {
  const match = /^(\d+\.\d+\.\d+) ?(\S*)\s*$/.exec(stdout.trim().split(/\r?\n/).pop() ?? "");
  return match ? { python: match[1], jax: match[2] || undefined } : undefined;
}

export function describeInterpreter(file: string, timeoutMs = 10000): Promise<InterpreterDescription | undefined> {
  return new Promise((resolve) => {
    execFile(file, ["-c", DESCRIBE_SCRIPT], { timeout: timeoutMs, windowsHide: true }, (error, stdout) => {
      resolve(error ? undefined : parseDescription(stdout));
    });
  });
}

/** The setting's value for a chosen file: inside the workspace folder, written relative to it. */
export function interpreterSetting(file: string, workspaceFolder: string | undefined): string[] {
  if (workspaceFolder && path.isAbsolute(file)) {
    const relative = path.relative(workspaceFolder, file);
    if (relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)) {
      return [`\${workspaceFolder}/${relative.split(path.sep).join("/")}`];
    }
  }
  return [file];
}
