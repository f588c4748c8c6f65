/**
 * The server's stderr, line by line, at the level each line was logged at.
 *
 * The server logs with Python's logging ("LEVEL logger: message", older
 * servers with a timestamp in front). The output channel stamps every line
 * with its own time and level, so the server's timestamp is dropped and its
 * level becomes the channel's. A line without a level (a traceback's lines)
 * keeps the level of the record it belongs to.
 *
 * Pure: no `vscode` import, so the unit tests run it under plain Node.
 */

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";

export interface LogLine {
  level: LogLevel;
  text: string;
}

const PYTHON_LEVELS: Record<string, LogLevel> = {
  DEBUG: "debug",
  INFO: "info",
  WARNING: "warn",
  ERROR: "error",
  CRITICAL: "error",
};

// "2026-11-30 17:00:00,123 " (logging's asctime), then "WARNING pallas_lsp.lsp.server: ".
const RECORD = /^(?:\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[,.]\d+)? )?(DEBUG|INFO|WARNING|ERROR|CRITICAL) ([\w.]+): ?(.*)$/;

export class ServerLogParser {
  private pending = "";
  private level: LogLevel = "info";

  /** Feeds a chunk of stderr; returns the complete lines it finished. */
  push(chunk: string): LogLine[] {
    const text = this.pending + chunk;
    const lines = text.split(/\r?\n/);
    this.pending = lines.pop() ?? "";
    return lines.flatMap((line) => this.line(line));
  }

  /** The last line, when the stream ended without a newline. */
  flush(): LogLine[] {
    const rest = this.pending;
    this.pending = "";
    return this.line(rest);
  }

  private line(raw: string): LogLine[] {
    if (raw.trim() === "") {
      return [];
    }
    const match = RECORD.exec(raw);
    if (match) {
      this.level = PYTHON_LEVELS[match[1]];
      // The logger's name (pallas_lsp.lsp.server) tells a user nothing; a library's
      // (pygls) says where a message comes from.
      const name = match[2].startsWith("pallas_lsp") ? "" : `${match[2]}: `;
      return [{ level: this.level, text: `${name}${match[3]}` }];
    }
    return [{ level: this.level, text: raw }];
  }
}

/**
 * How the server process ended, for the output channel: a stop the client asked
 * for is routine (info), anything else is an error that says what to do.
 */
export function exitLine(code: number | null, signal: string | null, requested: boolean): LogLine {
  const how = code !== null ? `with code ${code}` : `on signal ${signal ?? "unknown"}`;
  if (requested) {
    return { level: "info", text: `the server stopped (exited ${how})` };
  }
  return {
    level: "error",
    text: `the server exited unexpectedly (${how}); the lines above say why. Run "Pallas: Restart Server" to start it again.`,
  };
}
