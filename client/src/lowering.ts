/**
 * The lowering check as the client sees it: which server command runs it,
 * what the status bar shows for each state the server reports through
 * `pallasLsp/loweringStatus`, and the sentence shown when a check ends.
 *
 * Pure: no `vscode` import, so the unit tests run it under plain Node.
 */

/** The id of the client command contributed in package.json. */
export const CLIENT_COMMAND = "pallasLsp.confirmLowering.client";

/**
 * The server's `workspace/executeCommand` id. The client command must have a
 * different id: vscode-languageclient registers every command the server
 * advertises as a VS Code command, and a second registration of one id throws.
 */
export const SERVER_COMMAND = "pallasLsp.confirmLowering";

export const STATUS_NOTIFICATION = "pallasLsp/loweringStatus";
export const TRUST_NOTIFICATION = "pallasLsp/workspaceTrust";

export type LoweringState = "running" | "confirmed" | "clean" | "failed" | "error" | "idle";
export type LoweringOutcome = "confirmed" | "clean" | "failed" | "cancelled" | "error";

export interface LoweringStatus {
  uri: string;
  state: LoweringState;
  message: string;
}

export interface LoweringResult {
  state: LoweringOutcome;
  message: string;
  errors: number;
  confirmed: number;
}

const STATES: readonly LoweringState[] = ["running", "confirmed", "clean", "failed", "error", "idle"];
const OUTCOMES: readonly LoweringOutcome[] = ["confirmed", "clean", "failed", "cancelled", "error"];

/** Validates a `pallasLsp/loweringStatus` payload; undefined when it is malformed. */
export function parseStatus(params: unknown): LoweringStatus | undefined {
  if (params === null || typeof params !== "object") {
    return undefined;
  }
  const { uri, state, message } = params as Record<string, unknown>;
  if (typeof uri !== "string" || !STATES.includes(state as LoweringState)) {
    return undefined;
  }
  return { uri, state: state as LoweringState, message: typeof message === "string" ? message : "" };
}

/** Validates the executeCommand result; a malformed one becomes an "error" outcome. */
export function parseResult(result: unknown): LoweringResult {
  if (result === null || typeof result !== "object" || !OUTCOMES.includes((result as { state?: unknown }).state as LoweringOutcome)) {
    return { state: "error", message: `the server answered ${JSON.stringify(result)}`, errors: 0, confirmed: 0 };
  }
  const { state, message, errors, confirmed } = result as Record<string, unknown>;
  return {
    state: state as LoweringOutcome,
    message: typeof message === "string" ? message : "",
    errors: typeof errors === "number" ? errors : 0,
    confirmed: typeof confirmed === "number" ? confirmed : 0,
  };
}

/** Picks the server's lowering command among those it advertises. */
export function pickServerCommand(advertised: readonly string[] | undefined): string | undefined {
  if (!advertised) {
    return undefined;
  }
  if (advertised.includes(SERVER_COMMAND)) {
    return SERVER_COMMAND;
  }
  return advertised.find((command) => command !== CLIENT_COMMAND && command.endsWith(".confirmLowering"));
}

export interface StatusView {
  /** Status-bar text, with a codicon. Empty: hide the item. */
  text: string;
  tooltip: string;
  /** "error" and "warning" map to the status bar's theme background colours. */
  emphasis: "none" | "warning" | "error";
}

export function statusView(status: LoweringStatus | undefined): StatusView {
  const tooltip = status?.message ? `Pallas lowering: ${status.message}` : "Pallas lowering check";
  switch (status?.state) {
    case undefined:
    case "idle":
      return { text: "", tooltip, emphasis: "none" };
    case "running":
      return { text: "$(sync~spin) Pallas: lowering…", tooltip, emphasis: "none" };
    case "confirmed":
      return { text: "$(error) Pallas: confirmed", tooltip, emphasis: "error" };
    case "failed":
      return { text: "$(warning) Pallas: lowering failed", tooltip, emphasis: "warning" };
    case "clean":
      return { text: "$(check) Pallas: lowers cleanly", tooltip, emphasis: "none" };
    case "error":
      return { text: "$(alert) Pallas: lowering error", tooltip, emphasis: "warning" };
  }
}

export type MessageLevel = "information" | "warning" | "error";

/** The notification shown when a check the user asked for ends. */
export function resultMessage(result: LoweringResult): { level: MessageLevel; text: string } {
  const detail = result.message ? `: ${result.message}` : "";
  switch (result.state) {
    case "confirmed":
      return {
        level: "error",
        text: `Pallas lowering confirmed ${plural(result.confirmed, "finding")}${detail}`,
      };
    case "failed":
      return {
        level: "warning",
        text: `Pallas lowering failed with ${plural(result.errors, "error")}${detail}`,
      };
    case "clean":
      return { level: "information", text: `Pallas lowering: the file lowers cleanly${detail}` };
    case "cancelled":
      return { level: "information", text: `Pallas lowering cancelled${detail}` };
    case "error":
      return { level: "error", text: `Pallas lowering could not run${detail}` };
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
