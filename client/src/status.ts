/**
 * The status-bar item: "Pallas · JAX 0.12.0.1" (where that version came from
 * in its tooltip), plus the lowering check's state for the Python file in
 * view. It stays visible while any Python editor is visible: clicking it opens
 * the output panel, which takes the focus (no active text editor), and the
 * item must not vanish then. In a notebook's cell, the notebook's state is shown:
 * the server checks (and lowers) a notebook's cells as one document.
 */
import * as vscode from "vscode";
import { JaxStatus, LoweringStatus, statusView } from "./lowering";
import { CELL_SCHEME } from "./notebook";

export class PallasStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly byUri = new Map<string, LoweringStatus>();
  private readonly subscriptions: vscode.Disposable[];
  private jax: JaxStatus | undefined;
  /** The Python document last in the active editor: its state is shown while the focus is elsewhere. */
  private lastPythonUri: string | undefined;

  constructor(showOutputCommand: string) {
    this.item = vscode.window.createStatusBarItem("pallasLsp.status", vscode.StatusBarAlignment.Left, 50);
    this.item.name = "Pallas";
    this.item.command = showOutputCommand;
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor(() => this.render()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.render()),
      vscode.window.onDidChangeActiveNotebookEditor(() => this.render()),
    ];
    this.render();
  }

  update(status: LoweringStatus): void {
    this.byUri.set(status.uri, status);
    this.render();
  }

  setJax(jax: JaxStatus | undefined): void {
    this.jax = jax;
    this.render();
  }

  /** Forgets every state, e.g. when the server restarts. */
  clear(): void {
    this.byUri.clear();
    this.jax = undefined;
    this.render();
  }

  private render(): void {
    const active = vscode.window.activeTextEditor?.document;
    if (active?.languageId === "python") {
      this.lastPythonUri = active.uri.toString();
    }
    const visiblePython = vscode.window.visibleTextEditors.filter((editor) => editor.document.languageId === "python");
    if (visiblePython.length === 0) {
      this.item.hide();
      return;
    }
    const shown = visiblePython.some((editor) => editor.document.uri.toString() === this.lastPythonUri)
      ? this.lastPythonUri
      : visiblePython[0].document.uri.toString();
    const view = statusView(this.jax, this.stateOf(shown));
    this.item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip);
    this.item.tooltip = tooltip;
    this.item.backgroundColor =
      view.emphasis === "none" ? undefined : new vscode.ThemeColor(`statusBarItem.${view.emphasis}Background`);
    this.item.show();
  }

  /** The state the server reported for ``uri``, or for the notebook holding the cell ``uri``. */
  private stateOf(uri: string | undefined): LoweringStatus | undefined {
    if (uri === undefined) {
      return undefined;
    }
    const notebook = uri.startsWith(`${CELL_SCHEME}:`)
      ? vscode.workspace.notebookDocuments.find((doc) => doc.getCells().some((cell) => cell.document.uri.toString() === uri))
      : undefined;
    return this.byUri.get(notebook ? notebook.uri.toString() : uri);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
    this.item.dispose();
  }
}
