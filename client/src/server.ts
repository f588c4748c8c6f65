/**
 * Starts, restarts and talks to the language server.
 *
 * One server per window. Starts and stops are queued, so a burst of setting
 * changes cannot run two servers at once. Before each start the interpreter is
 * checked (preflight), so that what is wrong is said in words.
 */
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from "vscode-languageclient/node";
import { chooseInterpreter, defaultVariableContext, describeProblem, expandVariables, preflight } from "./interpreter";
import {
  LoweringResult,
  parseResult,
  parseStatus,
  pickServerCommand,
  resultMessage,
  SERVER_COMMAND,
  STATUS_NOTIFICATION,
  TRUST_NOTIFICATION,
} from "./lowering";
import { pythonExtensionInterpreter } from "./python-extension";
import {
  ExtensionSettings,
  InitializationOptions,
  initializationOptions,
  readSettings,
  SECTION,
  serverLaunch,
} from "./settings";
import { LoweringStatusBar } from "./status";

const CLIENT_ID = "pallasLsp";
const CLIENT_NAME = "Pallas LSP";

export class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private interpreterPath: string | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly extensionPath: string,
    private readonly output: vscode.LogOutputChannel,
    private readonly statusBar: LoweringStatusBar,
  ) {}

  /** Stops the running server, if any, and starts a new one with the current settings. */
  restart(reason: string): Promise<void> {
    // Never leave the queue rejected: one failed start must not block every later restart.
    this.queue = this.queue
      .then(async () => {
        await this.stop();
        await this.start(reason);
      })
      .catch((error: unknown) => this.reportStartFailure(`the server did not start: ${errorText(error)}`));
    return this.queue;
  }

  /** Sends the current settings to the running server (changes that need no restart). */
  pushConfiguration(): void {
    const client = this.client;
    if (!client?.isRunning()) {
      return;
    }
    this.output.info("settings changed: sending them to the server");
    void client.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { [SECTION]: this.currentOptions() },
    });
  }

  /** Tells the server that the user now trusts the workspace. */
  sendTrust(trusted: boolean): void {
    this.output.info(`workspace trust: ${trusted}`);
    if (this.client?.isRunning()) {
      void this.client.sendNotification(TRUST_NOTIFICATION, { trusted });
    }
  }

  /** "Pallas: Confirm with real lowering" on `target` (from the context menu) or the active editor. */
  async confirmLowering(target?: vscode.Uri): Promise<LoweringResult | undefined> {
    const document = target
      ? vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === target.toString())
      : vscode.window.activeTextEditor?.document;
    if (!document || document.languageId !== "python") {
      void vscode.window.showWarningMessage("Pallas: open a Python file to confirm its findings with real lowering.");
      return undefined;
    }
    if (!vscode.workspace.isTrusted) {
      const manage = "Manage Workspace Trust";
      const choice = await vscode.window.showWarningMessage(
        "Pallas: the lowering check runs this file's code, so it runs only in a trusted workspace.",
        manage,
      );
      if (choice === manage) {
        void vscode.commands.executeCommand("workbench.trust.manage");
      }
      return undefined;
    }
    const client = this.client;
    if (!client?.isRunning()) {
      this.reportStartFailure("the Pallas server is not running, so the lowering check cannot run.");
      return undefined;
    }
    const advertised = client.initializeResult?.capabilities.executeCommandProvider?.commands;
    const command = pickServerCommand(advertised) ?? SERVER_COMMAND;
    const argument = { uri: client.code2ProtocolConverter.asUri(document.uri), version: document.version };
    this.output.info(`lowering ${argument.uri} (version ${argument.version}) with ${command}`);
    let result: LoweringResult;
    try {
      result = parseResult(
        await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [argument] }),
      );
    } catch (error) {
      result = { state: "error", message: errorText(error), errors: 0, confirmed: 0 };
    }
    this.output.info(`lowering ${argument.uri}: ${JSON.stringify(result)}`);
    const message = resultMessage(result);
    const show =
      message.level === "error"
        ? vscode.window.showErrorMessage
        : message.level === "warning"
          ? vscode.window.showWarningMessage
          : vscode.window.showInformationMessage;
    void show(message.text);
    return result;
  }

  private settings(): ExtensionSettings {
    const config = vscode.workspace.getConfiguration(SECTION, this.folder()?.uri);
    return readSettings((key) => config.get(key));
  }

  private currentOptions(): InitializationOptions {
    return initializationOptions(this.settings(), this.interpreterPath, vscode.workspace.isTrusted);
  }

  private folder(): vscode.WorkspaceFolder | undefined {
    return vscode.workspace.workspaceFolders?.[0];
  }

  private async start(reason: string): Promise<void> {
    const settings = this.settings();
    const folder = this.folder();
    const context = defaultVariableContext(folder?.uri.fsPath);
    const fromSetting = settings.interpreter.map((item) => expandVariables(item, context));
    const fromExtension = fromSetting.length > 0 ? undefined : await pythonExtensionInterpreter(folder?.uri);
    const interpreter = chooseInterpreter(fromSetting, fromExtension);
    const launch = serverLaunch(interpreter.command, settings.importStrategy, this.extensionPath, process.env);
    this.output.info(
      `starting the server (${reason}): interpreter ${JSON.stringify(interpreter.command)} from ${interpreter.source}, ` +
        `importStrategy ${settings.importStrategy}` +
        (settings.importStrategy === "useBundled" ? `, PYTHONPATH ${launch.env.PYTHONPATH}` : ""),
    );

    const check = await preflight(interpreter.command, launch.env);
    const problem = describeProblem(check, settings.importStrategy);
    if (problem !== undefined || check.kind !== "ok") {
      this.reportStartFailure(problem ?? "the interpreter check failed.");
      return;
    }
    this.output.info(`Python ${check.version.join(".")} at ${check.executable}; pallas_lsp from ${check.module}`);
    this.interpreterPath = check.executable;

    const serverOptions: ServerOptions = {
      command: launch.command,
      args: launch.args,
      // No `transport`: with TransportKind.stdio the client appends "--stdio" to the
      // arguments, which `pallas-lsp serve` does not take. Without it, stdio is used as is.
      options: { env: launch.env, cwd: folder?.uri.fsPath ?? this.extensionPath },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: "file", language: "python" },
        { scheme: "untitled", language: "python" },
      ],
      outputChannel: this.output,
      traceOutputChannel: this.output,
      initializationOptions: this.currentOptions(),
      middleware: {
        workspace: {
          // A server that pulls `workspace/configuration` for "pallasLsp" gets
          // the same normalised object as initializationOptions.
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            if (!Array.isArray(answers)) {
              return answers;
            }
            return params.items.map((item, index) => (item.section === SECTION ? this.currentOptions() : answers[index]));
          },
        },
      },
    };
    const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
    client.onNotification(STATUS_NOTIFICATION, (params: unknown) => {
      const status = parseStatus(params);
      if (status) {
        this.statusBar.update(status);
      } else {
        this.output.warn(`ignored a malformed ${STATUS_NOTIFICATION}: ${JSON.stringify(params)}`);
      }
    });
    this.client = client;
    try {
      await client.start();
      const info = client.initializeResult?.serverInfo;
      this.output.info(`server started${info ? `: ${info.name} ${info.version ?? ""}` : ""}`);
    } catch (error) {
      this.client = undefined;
      this.reportStartFailure(`the server did not start: ${errorText(error)}`);
      await client.dispose().catch(() => undefined);
    }
  }

  private async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.statusBar.clear();
    if (!client) {
      return;
    }
    try {
      await client.stop(5000);
    } catch (error) {
      this.output.warn(`stopping the server: ${errorText(error)}`);
    }
  }

  private reportStartFailure(text: string): void {
    const message = text.startsWith("Pallas LSP") ? text : `Pallas LSP: ${text}`;
    this.output.error(message);
    const openSettings = "Open Settings";
    const showOutput = "Show Output";
    void vscode.window.showErrorMessage(message, openSettings, showOutput).then((choice) => {
      if (choice === openSettings) {
        void vscode.commands.executeCommand("workbench.action.openSettings", SECTION);
      } else if (choice === showOutput) {
        this.output.show();
      }
    });
  }

  async dispose(): Promise<void> {
    await this.queue.catch(() => undefined);
    await this.stop();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
