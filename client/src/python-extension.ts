/**
 * The interpreter selected in the Python extension (ms-python.python), when
 * that extension is installed. Its environments API is read through a narrow
 * local interface instead of a package dependency: only these three members
 * are used, and the extension is optional.
 */
import * as vscode from "vscode";

interface EnvironmentPath {
  readonly id: string;
  readonly path: string;
}

interface ResolvedEnvironment {
  readonly executable: { readonly uri?: vscode.Uri };
}

interface PythonEnvironmentsApi {
  getActiveEnvironmentPath(resource?: vscode.Uri): EnvironmentPath;
  resolveEnvironment(environment: EnvironmentPath | string): Promise<ResolvedEnvironment | undefined>;
  readonly onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
}

const PYTHON_EXTENSION_ID = "ms-python.python";

async function environmentsApi(): Promise<PythonEnvironmentsApi | undefined> {
  const extension = vscode.extensions.getExtension<{ environments?: PythonEnvironmentsApi }>(PYTHON_EXTENSION_ID);
  if (!extension) {
    return undefined;
  }
  const exports = extension.isActive ? extension.exports : await extension.activate();
  return exports?.environments;
}

/** The active environment's executable as a one-item command, or undefined. */
export async function pythonExtensionInterpreter(resource: vscode.Uri | undefined): Promise<string[] | undefined> {
  try {
    const api = await environmentsApi();
    if (!api) {
      return undefined;
    }
    const resolved = await api.resolveEnvironment(api.getActiveEnvironmentPath(resource));
    const executable = resolved?.executable.uri?.fsPath;
    return executable ? [executable] : undefined;
  } catch {
    // An old Python extension without the environments API, or one that failed
    // to activate: fall back to the next candidate.
    return undefined;
  }
}

/** Calls `listener` whenever the user picks another interpreter in the Python extension. */
export async function onPythonInterpreterChange(listener: () => void): Promise<vscode.Disposable | undefined> {
  try {
    const api = await environmentsApi();
    return api?.onDidChangeActiveEnvironmentPath(() => listener());
  } catch {
    return undefined;
  }
}
