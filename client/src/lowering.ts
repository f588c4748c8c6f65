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
  /** Findings a finished run traced cleanly: the rule's prediction did not happen. */
  refuted: number;
  /** Findings lowering never reached (it stopped at an earlier error, or never launched their kernel). */
  notReached: number;
  /** Lowering errors that match no finding (shown as their own diagnostics). */
  unpredicted: number;
  /** The JAX version that lowered, e.g. "0.12.0.1"; "" when the server did not say. */
  jaxVersion: string;
  /** Why a check could not run ("no_jax", "timeout", "remote_failed", …), when the server says. */
  reason: string;
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
    return { ...emptyCounts(), state: "error", message: `the server answered ${JSON.stringify(result)}`, reason: "" };
  }
  const { state, message, errors, confirmed, refuted, notReached, unpredicted, jaxVersion, reason } = result as Record<string, unknown>;
  const count = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0);
  return {
    state: state as LoweringOutcome,
    message: typeof message === "string" ? message : "",
    errors: count(errors),
    confirmed: count(confirmed),
    refuted: count(refuted),
    notReached: count(notReached),
    unpredicted: count(unpredicted),
    jaxVersion: typeof jaxVersion === "string" ? jaxVersion : "",
    reason: typeof reason === "string" ? reason : "",
  };
}

function emptyCounts(): Pick<LoweringResult, "errors" | "confirmed" | "refuted" | "notReached" | "unpredicted" | "jaxVersion"> {
  return { errors: 0, confirmed: 0, refuted: 0, notReached: 0, unpredicted: 0, jaxVersion: "" };
}

/** An "error" outcome made on the client's side (the request failed, the server is gone). */
export function clientError(message: string): LoweringResult {
  return { ...emptyCounts(), state: "error", message, reason: "" };
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

/** What the server said about the JAX version the rules follow (`pallasLsp/jaxVersion`). */
export interface JaxStatus {
  /** e.g. "0.12.0.1" */
  version: string;
  /** Where it came from, one plain sentence, e.g. "JAX 0.12.0.1 installed for /venv/bin/python". */
  source: string;
}

export const JAX_NOTIFICATION = "pallasLsp/jaxVersion";

/** Validates a `pallasLsp/jaxVersion` payload; undefined when it is malformed. */
export function parseJaxStatus(params: unknown): JaxStatus | undefined {
  if (params === null || typeof params !== "object") {
    return undefined;
  }
  const { version, source } = params as Record<string, unknown>;
  if (typeof version !== "string" || !/^[0-9]+(\.[0-9]+)*$/.test(version)) {
    return undefined;
  }
  return { version, source: typeof source === "string" ? source : "" };
}

export interface StatusView {
  /** Status-bar text, with a codicon. */
  text: string;
  /** Markdown. */
  tooltip: string;
  /** "error" and "warning" map to the status bar's theme background colours. */
  emphasis: "none" | "warning" | "error";
}

const LOWERING_LABEL: Record<Exclude<LoweringState, "idle">, { icon: string; words: string; emphasis: StatusView["emphasis"] }> = {
  running: { icon: "$(sync~spin) ", words: "lowering…", emphasis: "none" },
  confirmed: { icon: "$(error) ", words: "confirmed", emphasis: "error" },
  failed: { icon: "$(warning) ", words: "lowering failed", emphasis: "warning" },
  clean: { icon: "$(check) ", words: "lowers cleanly", emphasis: "none" },
  error: { icon: "$(alert) ", words: "lowering could not run", emphasis: "warning" },
};

/**
 * The status-bar item: always "Pallas · JAX <version>" once the server has said
 * which version the rules follow (where it came from is in the tooltip), with the
 * active file's lowering state appended when a check ran.
 */
export function statusView(jax: JaxStatus | undefined, lowering: LoweringStatus | undefined): StatusView {
  const base = jax ? `Pallas · JAX ${jax.version}` : "Pallas";
  const lines = [
    jax
      ? `**The rules follow JAX ${jax.version}**${jax.source ? `: ${escapeMarkdown(sourceWords(jax))}` : ""}.`
      : "The Pallas server is starting (or not running): see the output.",
  ];
  let text = base;
  let emphasis: StatusView["emphasis"] = "none";
  if (lowering && lowering.state !== "idle") {
    const label = LOWERING_LABEL[lowering.state];
    text = `${label.icon}${base} · ${label.words}`;
    emphasis = label.emphasis;
    lines.push(`Lowering check: ${escapeMarkdown(lowering.message || label.words)}`);
  }
  lines.push("Click to show the Pallas output.");
  return { text, tooltip: lines.join("\n\n"), emphasis };
}

/** "installed for /v/bin/python", not "JAX 0.12.0.1 installed for …" after "JAX 0.12.0.1:". */
function sourceWords(jax: JaxStatus): string {
  const prefix = `JAX ${jax.version} `;
  return jax.source.startsWith(prefix) ? jax.source.slice(prefix.length) : jax.source;
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+!|<>])/g, "\\$1");
}

export type MessageLevel = "information" | "warning" | "error";

/** The buttons a notification offers. */
export type LoweringAction = "Select Interpreter" | "Open Settings" | "Show Output";

export interface ResultMessage {
  level: MessageLevel;
  text: string;
  actions: LoweringAction[];
}

/**
 * The one notification shown when a check the user asked for ends: one sentence
 * that counts the file's findings by what lowering made of them, or, when the
 * check could not run, why, with the interpreter and the JAX version the rules
 * follow, and buttons that lead to a fix.
 */
export function resultMessage(
  result: LoweringResult,
  context: { interpreter?: string | null; jax?: JaxStatus } = {},
): ResultMessage {
  switch (result.state) {
    case "confirmed":
    case "failed":
    case "clean": {
      // A confirmed finding is the check doing its job (the prediction held): news, not a
      // failure of the extension. Only a lowering error no rule explains is a warning.
      const level: MessageLevel = result.state === "failed" ? "warning" : "information";
      const by = result.jaxVersion ? ` with JAX ${result.jaxVersion}` : "";
      return { level, text: `Pallas lowering${by}: ${countSentence(result)}`, actions: [] };
    }
    case "cancelled":
      return { level: "information", text: "Pallas lowering was cancelled.", actions: [] };
    case "error": {
      const parts = [`Pallas lowering could not run: ${sentence(result.message || "no reason given")}`];
      if (context.interpreter && !result.message.includes(context.interpreter)) {
        parts.push(`Interpreter: ${context.interpreter}.`);
      }
      if (context.jax) {
        parts.push(`The rules follow JAX ${context.jax.version} meanwhile.`);
      }
      const actions: LoweringAction[] =
        result.reason === "remote_failed" ? ["Open Settings", "Show Output"] : ["Select Interpreter", "Open Settings", "Show Output"];
      return { level: "error", text: parts.join(" "), actions };
    }
  }
}

/** "3 findings, 2 confirmed and 1 not reached." / "the file lowers cleanly; no findings to confirm." */
export function countSentence(result: LoweringResult): string {
  const counts: string[] = [];
  if (result.confirmed) {
    counts.push(`${result.confirmed} confirmed`);
  }
  if (result.refuted) {
    counts.push(`${result.refuted} refuted`);
  }
  if (result.notReached) {
    counts.push(`${result.notReached} not reached`);
  }
  const findings = result.confirmed + result.refuted + result.notReached;
  let text: string;
  if (findings === 0) {
    text = result.state === "clean" ? "the file lowers cleanly; no findings to confirm" : "no findings to confirm";
  } else {
    text = `${plural(findings, "finding")}, ${joinWords(counts)}`;
  }
  if (result.unpredicted > 0) {
    text += `; ${plural(result.unpredicted, "lowering error")} no rule predicted`;
  }
  return `${text}.`;
}

function joinWords(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  // A closing parenthesis ends a sentence only after its own full stop: "... (lowering with
  // X from editor setting Y)" still needs one before the next sentence.
  return /[.!?]\)?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
