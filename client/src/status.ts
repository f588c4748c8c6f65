/**
 * The status-bar item for the lowering check. It keeps the last state the
 * server reported per document and shows the one of the active editor;
 * clicking it opens the output channel.
 */
import * as vscode from "vscode";
import { LoweringStatus, statusView } from "./lowering";

export class LoweringStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly byUri = new Map<string, LoweringStatus>();
  private readonly subscription: vscode.Disposable;

  constructor(showOutputCommand: string) {
    this.item = vscode.window.createStatusBarItem("pallasLsp.lowering", vscode.StatusBarAlignment.Left, 50);
    this.item.name = "Pallas lowering check";
    this.item.command = showOutputCommand;
    this.subscription = vscode.window.onDidChangeActiveTextEditor(() => this.render());
  }

  update(status: LoweringStatus): void {
    this.byUri.set(status.uri, status);
    this.render();
  }

  /** Forgets every state, e.g. when the server restarts. */
  clear(): void {
    this.byUri.clear();
    this.render();
  }

  private render(): void {
    const uri = vscode.window.activeTextEditor?.document.uri.toString();
    const view = statusView(uri === undefined ? undefined : this.byUri.get(uri));
    if (view.text === "") {
      this.item.hide();
      return;
    }
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.backgroundColor =
      view.emphasis === "none" ? undefined : new vscode.ThemeColor(`statusBarItem.${view.emphasis}Background`);
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
