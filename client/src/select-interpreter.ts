/**
 * "Pallas: Select Interpreter": a quick pick of the Pythons (3.10 and newer: the
 * server needs them) found in the workspace's virtual environments, on PATH and
 * under pyenv, each with its Python and JAX version, those with JAX first, plus
 * "Enter interpreter path…". The choice is
 * written to `pallasLsp.interpreter` (the workspace's settings when a folder is
 * open), which restarts the server with it.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import { candidateInterpreterPaths, describeInterpreter, interpreterSetting, isSupported } from "./interpreter";
import { SECTION } from "./settings";

interface InterpreterItem extends vscode.QuickPickItem {
  file?: string;
  enterPath?: boolean;
}

function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((text) => text.split(".").map(Number));
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) {
      return (x[i] ?? 0) - (y[i] ?? 0);
    }
  }
  return 0;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export async function selectInterpreter(current: string | null): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const picker = vscode.window.createQuickPick<InterpreterItem>();
  picker.title = "Pallas: Select Interpreter";
  picker.placeholder = "The Python that runs the server and the lowering check (JAX needed for the lowering check)";
  picker.busy = true;
  const enterPath: InterpreterItem = { label: "$(edit) Enter interpreter path…", enterPath: true, alwaysShow: true };
  picker.items = [enterPath];
  picker.show();

  // One entry per folder (/bin is often /usr/bin). Not per real file: a virtual
  // environment's python is a link to its base Python, yet another environment.
  const byFolder = new Map<string, string>();
  for (const file of candidateInterpreterPaths(folder, process.env, os.homedir(), listDir, isFile)) {
    const key = path.join(realPath(path.dirname(file)), path.basename(file));
    if (!byFolder.has(key)) {
      byFolder.set(key, file);
    }
  }
  const files = [...byFolder.values()];
  const described = await Promise.all(files.map(async (file) => ({ file, info: await describeInterpreter(file) })));
  const items: InterpreterItem[] = described
    .flatMap(({ file, info }) => (info && isSupported(info.python.split(".").map(Number)) ? [{ file, info }] : []))
    // Those with JAX first (the lowering check needs it), then the newest Python.
    .sort((a, b) => Number(!a.info.jax) - Number(!b.info.jax) || compareVersions(b.info.python, a.info.python))
    .map(({ file, info }) => ({
      label: file === current ? `$(check) ${file}` : file,
      description: `Python ${info.python}${info.jax ? ` · JAX ${info.jax}` : " · no JAX"}`,
      file,
    }));
  picker.items = [enterPath, ...items];
  picker.busy = false;

  const choice = await new Promise<InterpreterItem | undefined>((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0]));
    picker.onDidHide(() => resolve(undefined));
  });
  picker.dispose();
  if (!choice) {
    return;
  }
  let file = choice.file;
  if (choice.enterPath) {
    file = await vscode.window.showInputBox({
      title: "Pallas: Select Interpreter",
      prompt: "The path of a Python 3.10+ executable, e.g. ~/project/.venv/bin/python",
      value: current ?? "",
      ignoreFocusOut: true,
    });
  }
  if (!file) {
    return;
  }
  const target = folder ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration(SECTION).update("interpreter", interpreterSetting(file.trim(), folder), target);
}
