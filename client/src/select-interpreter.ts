/**
 * "Pallas: Select Interpreter": a quick pick of the Pythons found in the
 * workspace's virtual environments, on PATH and under pyenv, each with its
 * Python and JAX version, plus "Enter interpreter path…". The choice is
 * written to `pallasLsp.interpreter` (the workspace's settings when a folder is
 * open), which restarts the server with it.
 */
import * as fs from "fs";
import * as os from "os";
import * as vscode from "vscode";
import { candidateInterpreterPaths, describeInterpreter, interpreterSetting } from "./interpreter";
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

  const files = candidateInterpreterPaths(folder, process.env, os.homedir(), listDir, isFile);
  const described = await Promise.all(files.map(async (file) => ({ file, info: await describeInterpreter(file) })));
  const items: InterpreterItem[] = described
    .filter(({ info }) => info !== undefined)
    .map(({ file, info }) => ({
      label: file === current ? `$(check) ${file}` : file,
      description: `Python ${info?.python}${info?.jax ? ` · JAX ${info.jax}` : " · no JAX"}`,
      file,
    }))
    // Those with JAX first: the lowering check needs it.
    .sort((a, b) => Number(/no JAX/.test(a.description ?? "")) - Number(/no JAX/.test(b.description ?? "")));
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
