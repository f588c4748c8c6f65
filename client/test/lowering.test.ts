import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CLIENT_COMMAND,
  parseResult,
  parseStatus,
  pickServerCommand,
  resultMessage,
  SERVER_COMMAND,
  statusView,
} from "../src/lowering";

describe("command ids", () => {
  it("keeps the client command apart from the server's", () => {
    // vscode-languageclient registers the server's commands in VS Code: one id twice throws.
    assert.notEqual(CLIENT_COMMAND, SERVER_COMMAND);
  });

  it("picks the server's lowering command among those it advertises", () => {
    assert.equal(pickServerCommand([SERVER_COMMAND, "pallasLsp.other"]), SERVER_COMMAND);
    assert.equal(pickServerCommand(["pallasLsp.server.confirmLowering"]), "pallasLsp.server.confirmLowering");
    assert.equal(pickServerCommand([CLIENT_COMMAND]), undefined);
    assert.equal(pickServerCommand([]), undefined);
    assert.equal(pickServerCommand(undefined), undefined);
  });
});

describe("parseStatus", () => {
  it("accepts the contract's payload", () => {
    assert.deepEqual(parseStatus({ uri: "file:///a.py", state: "running", message: "lowering" }), {
      uri: "file:///a.py",
      state: "running",
      message: "lowering",
    });
    assert.deepEqual(parseStatus({ uri: "file:///a.py", state: "idle" }), { uri: "file:///a.py", state: "idle", message: "" });
  });

  it("rejects malformed payloads", () => {
    assert.equal(parseStatus(null), undefined);
    assert.equal(parseStatus({ uri: "file:///a.py", state: "exploded" }), undefined);
    assert.equal(parseStatus({ state: "clean" }), undefined);
  });
});

describe("parseResult", () => {
  it("reads the contract's result", () => {
    assert.deepEqual(parseResult({ state: "confirmed", message: "PAL002 confirmed", errors: 1, confirmed: 1 }), {
      state: "confirmed",
      message: "PAL002 confirmed",
      errors: 1,
      confirmed: 1,
    });
  });

  it("turns anything else into an error outcome", () => {
    assert.equal(parseResult(null).state, "error");
    assert.equal(parseResult({ state: "great" }).state, "error");
    assert.match(parseResult(42).message, /answered 42/);
  });
});

describe("statusView", () => {
  it("hides the item when there is nothing to show", () => {
    assert.equal(statusView(undefined).text, "");
    assert.equal(statusView({ uri: "u", state: "idle", message: "" }).text, "");
  });

  it("shows each state with its own text and emphasis", () => {
    const view = (state: "running" | "confirmed" | "clean" | "failed" | "error") => statusView({ uri: "u", state, message: "m" });
    assert.match(view("running").text, /sync~spin.*lowering/);
    assert.deepEqual([view("confirmed").text, view("confirmed").emphasis], ["$(error) Pallas: confirmed", "error"]);
    assert.equal(view("clean").emphasis, "none");
    assert.equal(view("failed").emphasis, "warning");
    assert.equal(view("error").emphasis, "warning");
    assert.equal(view("clean").tooltip, "Pallas lowering: m");
    const texts = new Set((["running", "confirmed", "clean", "failed", "error"] as const).map((state) => view(state).text));
    assert.equal(texts.size, 5);
  });
});

describe("resultMessage", () => {
  it("counts what lowering confirmed", () => {
    assert.deepEqual(resultMessage({ state: "confirmed", message: "", errors: 1, confirmed: 1 }), {
      level: "error",
      text: "Pallas lowering confirmed 1 finding",
    });
    assert.equal(resultMessage({ state: "confirmed", message: "x", errors: 2, confirmed: 2 }).text, "Pallas lowering confirmed 2 findings: x");
  });

  it("levels the other outcomes", () => {
    assert.equal(resultMessage({ state: "clean", message: "", errors: 0, confirmed: 0 }).level, "information");
    assert.equal(resultMessage({ state: "failed", message: "", errors: 1, confirmed: 0 }).level, "warning");
    assert.equal(resultMessage({ state: "cancelled", message: "", errors: 0, confirmed: 0 }).level, "information");
    assert.equal(resultMessage({ state: "error", message: "no jax", errors: 0, confirmed: 0 }).text, "Pallas lowering could not run: no jax");
  });
});
