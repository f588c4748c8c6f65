/**
 * The extension's entry point: wires commands, setting changes, workspace
 * trust and the Python extension's interpreter choice to the server.
 */
import * as vscode from "vscode";
import { COMMANDS } from "./commands";
import { onPythonInterpreterChange } from "./python-extension";
import { ServerController } from "./server";
import { needsRestart, SECTION } from "./settings";
import { parseRuleCode, rulePagePath } from "./rule-links";
import { selectInterpreter } from "./select-interpreter";
import { PallasStatusBar } from "./status";

let controller: ServerController | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("Pallas LSP", { log: true });
  const statusBar = new PallasStatusBar(COMMANDS.showOutput);
  const server = new ServerController(context.extensionPath, output, statusBar);
  controller = server;

  context.subscriptions.push(
    output,
    statusBar,
    vscode.commands.registerCommand(COMMANDS.restart, () => server.restart("Pallas: Restart Server")),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output.show()),
    vscode.commands.registerCommand(COMMANDS.selectInterpreter, () => selectInterpreter(server.interpreter)),
    vscode.commands.registerCommand(COMMANDS.showRule, (argument?: unknown) => showRule(context.extensionUri, argument)),
    vscode.commands.registerCommand(COMMANDS.confirmLowering, (target?: vscode.Uri) =>
      server.confirmLowering(target instanceof vscode.Uri ? target : undefined),
    ),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(SECTION)) {
        return;
      }
      if (needsRestart((key) => event.affectsConfiguration(key))) {
        void server.restart("the interpreter settings changed");
      } else {
        server.pushConfiguration();
      }
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => server.sendTrust(true)),
  );

  const interpreterChange = await onPythonInterpreterChange(() => {
    // The Python extension's choice only matters while the setting is empty.
    const setting = vscode.workspace.getConfiguration(SECTION).get<string[]>("interpreter") ?? [];
    if (setting.length === 0) {
      void server.restart("the Python extension's interpreter changed");
    }
  });
  if (interpreterChange) {
    context.subscriptions.push(interpreterChange);
  }

  await server.restart("a Python file was opened");
}

/** Opens a rule's page (shipped in the extension) as a Markdown preview beside the editor. */
async function showRule(extensionUri: vscode.Uri, argument: unknown): Promise<void> {
  let code = parseRuleCode(argument);
  if (code === undefined) {
    const picked = await vscode.window.showInputBox({ title: "Pallas: Show Rule", prompt: "A rule code, e.g. PAL001" });
    code = parseRuleCode(picked);
    if (code === undefined) {
      return;
    }
  }
  const page = vscode.Uri.joinPath(extensionUri, ...rulePagePath(code));
  await vscode.commands.executeCommand("markdown.showPreviewToSide", page);
}

export async function deactivate(): Promise<void> {
  await controller?.dispose();
  controller = undefined;
}
