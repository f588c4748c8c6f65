/**
 * Starts, restarts and talks to the language server.
 *
 * One server per window. Starts and stops are queued, so a burst of setting
 * changes cannot run two servers at once; whatever needs the server while a
 * restart is queued or running (the lowering command, settings and trust
 * notifications) waits for it, with a status-bar message, instead of failing or
 * being dropped (restarts.ts). Before each start the interpreter is checked
 * (preflight), so that what is wrong is said in words.
 */
import { ChildProcess, spawn } from "child_process";
import * as vscode from "vscode";
import { COMMANDS } from "./commands";
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  StreamInfo,
} from "vscode-languageclient/node";
import { chooseInterpreter, defaultVariableContext, describeProblem, expandVariables, preflight } from "./interpreter";
import {
  clientError,
  JAX_NOTIFICATION,
  JaxStatus,
  LoweringAction,
  LoweringResult,
  parseJaxStatus,
  parseResult,
  parseStatus,
  pickServerCommand,
  resultMessage,
  SERVER_COMMAND,
  STATUS_NOTIFICATION,
  TRUST_NOTIFICATION,
} from "./lowering";
import { loweringTarget, NOTEBOOK_CELLS } from "./notebook";
import { pythonExtensionInterpreter } from "./python-extension";
import { rewriteRuleLinks, ruleCodeOfLink, ruleCommandUri } from "./rule-links";
import { RestartQueue } from "./restarts";
import { exitLine, LogLine, ServerLogParser } from "./server-log";
import {
  ExtensionSettings,
  InitializationOptions,
  initializationOptions,
  readSettings,
  SECTION,
  serverLaunch,
  userSetKeys,
} from "./settings";
import { PallasStatusBar } from "./status";

const CLIENT_ID = "pallasLsp";

const CLIENT_NAME = "Pallas LSP";

// How long a command waits for a restart: the preflight, the start and the
// initialize handshake, plus a stop that may wait 5 s + 2 s for the old server.
const RESTART_WAIT_MS = 60_000;

export class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private interpreterPath: string | null = null;
  private readonly restarts = new RestartQueue((error) =>
    this.reportStartFailure(`the server did not start: ${errorText(error)}`),
  );

  constructor(
    private readonly extensionPath: string,
    private readonly output: vscode.LogOutputChannel,
    private readonly statusBar: PallasStatusBar,
  ) {}

  private jax: JaxStatus | undefined;
  private process: ChildProcess | undefined;
  private stopping = false;

  /** The interpreter the running server uses (its path), or null. */
  get interpreter(): string | null {
    return this.interpreterPath;
  }

  /** Stops the running server, if any, and starts a new one with the current settings. */
  restart(reason: string): Promise<void> {
    return this.restarts.run(async () => {
      await this.stop();
      await this.start(reason);
    });
  }

  /**
   * The running client once no restart is queued or running; undefined when the
   * server did not come up. While it waits, the status bar says so.
   */
  private async readyClient(): Promise<LanguageClient | undefined> {
    if (this.restarts.busy) {
      this.output.info("waiting for the server to restart");
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: "Pallas: waiting for the server to restart" },
        () => this.restarts.settled(RESTART_WAIT_MS),
      );
    }
    return this.client?.isRunning() ? this.client : undefined;
  }

  /** Sends the current settings to the server (changes that need no restart), once it runs. */
  pushConfiguration(): void {
    void this.readyClient().then((client) => {
      if (!client) {
        return;
      }
      this.output.info("settings changed: sending them to the server");
      void client.sendNotification(DidChangeConfigurationNotification.type, {
        settings: { [SECTION]: this.currentOptions() },
      });
    });
  }

  /** Tells the server that the user now trusts the workspace (after a restart in progress). */
  sendTrust(trusted: boolean): void {
    this.output.info(`workspace trust: ${trusted}`);
    void this.readyClient().then((client) => {
      if (client) {
        void client.sendNotification(TRUST_NOTIFICATION, { trusted });
      }
    });
  }

  /** "Pallas: Confirm with real lowering" on `target` (from the context menu) or the active editor. */
  async confirmLowering(target?: vscode.Uri): Promise<LoweringResult | undefined> {
    // In a notebook with no cell focused, its first Python cell stands for the notebook.
    const notebookCell = vscode.window.activeNotebookEditor?.notebook
      .getCells()
      .find((cell) => cell.kind === vscode.NotebookCellKind.Code && cell.document.languageId === "python");
    const document = target
      ? vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === target.toString())
      : (vscode.window.activeTextEditor?.document ?? notebookCell?.document);
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
    // A restart in progress (the interpreter just changed) is waited for, not an error.
    const client = await this.readyClient();
    if (!client) {
      this.reportStartFailure("the Pallas server is not running, so the lowering check cannot run.");
      return undefined;
    }
    const advertised = client.initializeResult?.capabilities.executeCommandProvider?.commands;
    const command = pickServerCommand(advertised) ?? SERVER_COMMAND;
    const asUri = (uri: vscode.Uri) => client.code2ProtocolConverter.asUri(uri);
    // A cell is lowered as its whole notebook: the code cells in order, as one script.
    const notebooks = vscode.workspace.notebookDocuments.map((notebook) => ({
      uri: asUri(notebook.uri),
      version: notebook.version,
      cellUris: notebook.getCells().map((cell) => asUri(cell.document.uri)),
    }));
    const argument = loweringTarget(asUri(document.uri), document.version, notebooks);
    this.output.info(`lowering ${argument.uri} (version ${argument.version}) with ${command}`);
    let result: LoweringResult;
    try {
      result = parseResult(
        await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [argument] }),
      );
    } catch (error) {
      // The server was restarted under the request (a setting changed meanwhile): ask the
      // new one, once, rather than report the dropped connection as the check's result.
      const again = this.client !== client || this.restarts.busy ? await this.readyClient() : undefined;
      if (again) {
        this.output.info(`the server restarted during the check: asking the new one (${errorText(error)})`);
        try {
          result = parseResult(
            await again.sendRequest(ExecuteCommandRequest.type, { command, arguments: [argument] }),
          );
        } catch (retried) {
          result = clientError(errorText(retried));
        }
      } else {
        result = clientError(errorText(error));
      }
    }
    const message = resultMessage(result, { interpreter: this.interpreterPath, jax: this.jax });
    const log = message.level === "error" ? this.output.error : message.level === "warning" ? this.output.warn : this.output.info;
    log.call(this.output, `${document.uri.fsPath}: ${message.text}`);
    const show =
      message.level === "error"
        ? vscode.window.showErrorMessage
        : message.level === "warning"
          ? vscode.window.showWarningMessage
          : vscode.window.showInformationMessage;
    void show(message.text, ...message.actions).then((choice) => this.runAction(choice));
    return result;
  }

  /** The buttons of a notification, each leading to a fix. */
  private runAction(choice: LoweringAction | undefined): void {
    switch (choice) {
      case "Select Interpreter":
        void vscode.commands.executeCommand(COMMANDS.selectInterpreter);
        break;
      case "Open Settings":
        void vscode.commands.executeCommand("workbench.action.openSettings", SECTION);
        break;
      case "Show Output":
        this.output.show();
        break;
      case undefined:
        break;
    }
  }

  private settings(): ExtensionSettings {
    const config = vscode.workspace.getConfiguration(SECTION, this.folder()?.uri);
    return readSettings((key) => config.get(key));
  }

  private currentOptions(): InitializationOptions {
    const config = vscode.workspace.getConfiguration(SECTION, this.folder()?.uri);
    const userSet = userSetKeys((key) => {
      const where = config.inspect(key);
      return [where?.globalValue, where?.workspaceValue, where?.workspaceFolderValue].some(
        (value) => value !== undefined,
      );
    });
    return initializationOptions(this.settings(), this.interpreterPath, vscode.workspace.isTrusted, userSet);
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
    const where = {
      setting: "the pallasLsp.interpreter setting",
      "python-extension": "the Python extension's selected interpreter",
      default: "python3 on PATH, as nothing else was set",
    }[interpreter.source];
    const server = settings.importStrategy === "useBundled" ? "the server bundled with the extension" : "the pallas_lsp installed there";
    this.output.info(`starting the server (${reason}) with ${interpreter.command.join(" ")} (${where}), ${server}`);
    this.output.debug(`server command: ${launch.command} ${launch.args.join(" ")}; PYTHONPATH ${launch.env.PYTHONPATH ?? ""}`);

    const check = await preflight(interpreter.command, launch.env, launch.cwd);
    const problem = describeProblem(check, settings.importStrategy);
    if (problem !== undefined || check.kind !== "ok") {
      this.reportStartFailure(problem ?? "the interpreter check failed.");
      return;
    }
    this.output.info(`Python ${check.version.join(".")} at ${check.executable}`);
    this.output.debug(`pallas_lsp from ${check.module}`);
    this.interpreterPath = check.executable;

    // The client starts the process itself (rather than handing the command to
    // vscode-languageclient) so that the server's stderr reaches the output channel
    // line by line at its own level, and a stop that was asked for is not logged
    // as "[error] Server process exited with code 0".
    const serverOptions: ServerOptions = () =>
      this.spawnServer(launch.command, launch.args, launch.env, launch.cwd);
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: "file", language: "python" },
        { scheme: "untitled", language: "python" },
        // Python cells of .ipynb notebooks: the server declares notebook sync for them.
        NOTEBOOK_CELLS,
      ],
      outputChannel: this.output,
      traceOutputChannel: this.output,
      initializationOptions: this.currentOptions(),
      // The hover's rule link runs "Pallas: Show Rule"; no other command may run from a hover.
      markdown: { isTrusted: { enabledCommands: [COMMANDS.showRule] } },
      middleware: {
        provideHover: async (document, position, token, next) => {
          const hover = await next(document, position, token);
          if (!hover) {
            return hover;
          }
          const contents = hover.contents.map((content) => {
            if (!(content instanceof vscode.MarkdownString)) {
              return content;
            }
            const rewritten = new vscode.MarkdownString(rewriteRuleLinks(content.value));
            rewritten.isTrusted = { enabledCommands: [COMMANDS.showRule] };
            rewritten.supportHtml = content.supportHtml;
            return rewritten;
          });
          return new vscode.Hover(contents, hover.range);
        },
        handleDiagnostics: (uri, diagnostics, next) => {
          // The rule code in the Problems panel and the diagnostic hover opens the rule page shipped here.
          for (const diagnostic of diagnostics) {
            const code = diagnostic.code;
            if (typeof code === "object" && code !== null && "target" in code) {
              const rule = ruleCodeOfLink(code.target.toString(true));
              if (rule !== undefined) {
                diagnostic.code = { value: code.value, target: vscode.Uri.parse(ruleCommandUri(rule)) };
              }
            }
          }
          next(uri, diagnostics);
        },
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
    client.onNotification(JAX_NOTIFICATION, (params: unknown) => {
      const jax = parseJaxStatus(params);
      if (jax) {
        this.jax = jax;
        this.statusBar.setJax(jax);
      } else {
        this.output.warn(`ignored a malformed ${JAX_NOTIFICATION}: ${JSON.stringify(params)}`);
      }
    });
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

  private spawnServer(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<StreamInfo> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { env, cwd, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
      const parser = new ServerLogParser();
      const write = (lines: LogLine[]) => {
        for (const line of lines) {
          this.output[line.level](line.text);
        }
      };
      child.stderr?.setEncoding("utf8");
      child.stderr?.on("data", (chunk: string) => write(parser.push(chunk)));
      child.once("error", (error) => reject(error));
      child.once("spawn", () => {
        this.process = child;
        this.stopping = false;
        resolve({ reader: child.stdout!, writer: child.stdin!, detached: false });
      });
      child.once("exit", (code, signal) => {
        write(parser.flush());
        write([exitLine(code, signal, this.stopping || this.process !== child)]);
        if (this.process === child) {
          this.process = undefined;
        }
      });
    });
  }

  private async stop(): Promise<void> {
    const client = this.client;
    const child = this.process;
    this.client = undefined;
    this.jax = undefined;
    this.statusBar.clear();
    if (!client) {
      return;
    }
    this.stopping = true;
    try {
      await client.stop(5000);
    } catch (error) {
      this.output.warn(`stopping the server: ${errorText(error)}`);
    }
    // A server that did not exit after "shutdown" and "exit" is ended.
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      if (child.exitCode === null && child.signalCode === null) {
        this.output.warn("the server did not exit when asked to: ending it");
        child.kill();
      }
    }
  }

  private reportStartFailure(text: string): void {
    const message = text.startsWith("Pallas LSP") ? text : `Pallas LSP: ${text}`;
    this.output.error(message);
    const actions: LoweringAction[] = ["Select Interpreter", "Open Settings", "Show Output"];
    void vscode.window.showErrorMessage(message, ...actions).then((choice) => this.runAction(choice));
  }

  async dispose(): Promise<void> {
    await this.restarts.settled(RESTART_WAIT_MS);
    await this.stop();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
