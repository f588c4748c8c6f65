import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { exitLine, ServerLogParser } from "../src/server-log";

describe("ServerLogParser", () => {
  it("maps Python's levels to the channel's and drops the server's own timestamp", () => {
    const parser = new ServerLogParser();
    assert.deepEqual(
      parser.push(
        "2026-11-30 17:00:00,123 WARNING pallas_lsp.lsp.server: could not resolve\nINFO pallas_lsp.lsp: the rules follow JAX 0.12.0.1\nERROR pygls.protocol.json_rpc: Unable to deserialize message\n",
      ),
      [
        { level: "warn", text: "could not resolve" },
        { level: "info", text: "the rules follow JAX 0.12.0.1" },
        { level: "error", text: "pygls.protocol.json_rpc: Unable to deserialize message" },
      ],
    );
  });

  it("keeps a traceback's lines at the level of their record", () => {
    const parser = new ServerLogParser();
    const lines = parser.push("ERROR pallas_lsp.lsp.server: the analysis failed\nTraceback (most recent call last):\n  File \"x.py\"\n");
    assert.deepEqual(
      lines.map((line) => line.level),
      ["error", "error", "error"],
    );
  });

  it("joins lines split across chunks, and flushes the last one", () => {
    const parser = new ServerLogParser();
    assert.deepEqual(parser.push("INFO pallas_lsp.x: hel"), []);
    assert.deepEqual(parser.push("lo\nDEBUG pallas_lsp.y: tail"), [{ level: "info", text: "hello" }]);
    assert.deepEqual(parser.flush(), [{ level: "debug", text: "tail" }]);
    assert.deepEqual(parser.flush(), []);
  });
});

describe("exitLine", () => {
  it("logs a stop the client asked for at info, whatever the code", () => {
    assert.deepEqual(exitLine(0, null, true), { level: "info", text: "the server stopped (exited with code 0)" });
    assert.equal(exitLine(null, "SIGTERM", true).level, "info");
  });

  it("logs an unexpected exit as an error that says what to do", () => {
    const line = exitLine(1, null, false);
    assert.equal(line.level, "error");
    assert.match(line.text, /exited unexpectedly \(with code 1\).*Pallas: Restart Server/);
  });
});
