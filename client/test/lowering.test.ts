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
  JaxStatus,
  LoweringResult,
  parseJaxStatus,
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
  it("reads the contract's result, counts by state included", () => {
    assert.deepEqual(
      parseResult({
        state: "confirmed",
        message: "PAL002 confirmed",
        errors: 2,
        confirmed: 1,
        refuted: 0,
        notReached: 1,
        unpredicted: 1,
        jaxVersion: "0.12.0.1",
      }),
      {
        state: "confirmed",
        message: "PAL002 confirmed",
        errors: 2,
        confirmed: 1,
        refuted: 0,
        notReached: 1,
        unpredicted: 1,
        jaxVersion: "0.12.0.1",
        reason: "",
      },
    );
  });

  it("reads an older server's result (no counts beyond confirmed) as zero of each", () => {
    const result = parseResult({ state: "confirmed", message: "m", errors: 1, confirmed: 1 });
    assert.deepEqual([result.refuted, result.notReached, result.unpredicted, result.jaxVersion], [0, 0, 0, ""]);
  });

  it("turns anything else into an error outcome", () => {
    assert.equal(parseResult(null).state, "error");
    assert.equal(parseResult({ state: "great" }).state, "error");
    assert.match(parseResult(42).message, /answered 42/);
    assert.equal(parseResult({ state: "clean", confirmed: -3 }).confirmed, 0);
  });
});

describe("parseJaxStatus", () => {
  it("accepts a version and its source", () => {
    assert.deepEqual(parseJaxStatus({ version: "0.12.0.1", source: "JAX 0.12.0.1 installed for /v/bin/python" }), {
      version: "0.12.0.1",
      source: "JAX 0.12.0.1 installed for /v/bin/python",
    });
  });

  it("rejects what is no version", () => {
    assert.equal(parseJaxStatus({ version: "latest" }), undefined);
    assert.equal(parseJaxStatus(null), undefined);
  });
});

const JAX: JaxStatus = { version: "0.12.0.1", source: "JAX 0.12.0.1 installed for /v/bin/python" };

describe("statusView", () => {
  it("names the JAX version the rules follow, its source in the tooltip", () => {
    const view = statusView(JAX, undefined);
    assert.equal(view.text, "Pallas · JAX 0.12.0.1");
    assert.match(view.tooltip, /The rules follow JAX 0\.12\.0\.1\*\*: installed for \/v\/bin\/python\./);
    assert.match(statusView({ version: "0.10.2", source: "the pallasLsp.jaxVersion setting" }, undefined).tooltip, /0\.10\.2\*\*: the pallasLsp\.jaxVersion setting\./);
    assert.equal(view.emphasis, "none");
    assert.equal(statusView(JAX, { uri: "u", state: "idle", message: "" }).text, "Pallas · JAX 0.12.0.1");
  });

  it("is never empty: before the server says its version, it says Pallas", () => {
    assert.equal(statusView(undefined, undefined).text, "Pallas");
  });

  it("appends each lowering state with its own words and emphasis", () => {
    const view = (state: "running" | "confirmed" | "clean" | "failed" | "error") => statusView(JAX, { uri: "u", state, message: "m" });
    assert.match(view("running").text, /sync~spin.*Pallas · JAX 0\.12\.0\.1 · lowering/);
    assert.deepEqual([view("confirmed").text, view("confirmed").emphasis], ["$(error) Pallas · JAX 0.12.0.1 · confirmed", "error"]);
    assert.equal(view("clean").emphasis, "none");
    assert.equal(view("failed").emphasis, "warning");
    assert.equal(view("error").emphasis, "warning");
    assert.match(view("clean").tooltip, /Lowering check: m/);
    const texts = new Set((["running", "confirmed", "clean", "failed", "error"] as const).map((state) => view(state).text));
    assert.equal(texts.size, 5);
  });
});

function result(fields: Partial<LoweringResult> & Pick<LoweringResult, "state">): LoweringResult {
  return { message: "", errors: 0, confirmed: 0, refuted: 0, notReached: 0, unpredicted: 0, jaxVersion: "", reason: "", ...fields };
}

describe("resultMessage", () => {
  it("is one sentence that counts confirmed, refuted and not reached", () => {
    assert.deepEqual(resultMessage(result({ state: "confirmed", errors: 2, confirmed: 5, notReached: 2, jaxVersion: "0.12.0.1" })), {
      level: "information",
      text: "Pallas lowering with JAX 0.12.0.1: 7 findings, 5 confirmed and 2 not reached.",
      actions: [],
    });
    assert.equal(
      resultMessage(result({ state: "confirmed", confirmed: 1, refuted: 1, notReached: 1 })).text,
      "Pallas lowering: 3 findings, 1 confirmed, 1 refuted and 1 not reached.",
    );
    assert.equal(resultMessage(result({ state: "confirmed", confirmed: 1 })).text, "Pallas lowering: 1 finding, 1 confirmed.");
  });

  it("counts lowering errors no rule predicted", () => {
    assert.equal(
      resultMessage(result({ state: "failed", errors: 1, unpredicted: 1 })).text,
      "Pallas lowering: no findings to confirm; 1 lowering error no rule predicted.",
    );
  });

  it("says a clean file is clean", () => {
    assert.equal(resultMessage(result({ state: "clean" })).text, "Pallas lowering: the file lowers cleanly; no findings to confirm.");
    assert.equal(resultMessage(result({ state: "clean", refuted: 1 })).text, "Pallas lowering: 1 finding, 1 refuted.");
  });

  it("levels the outcomes", () => {
    assert.equal(resultMessage(result({ state: "clean" })).level, "information");
    // Confirmed findings are the check working: an information toast, an info log line.
    assert.equal(resultMessage(result({ state: "confirmed", errors: 1, confirmed: 1 })).level, "information");
    assert.equal(resultMessage(result({ state: "failed", errors: 1 })).level, "warning");
    assert.equal(resultMessage(result({ state: "cancelled" })).level, "information");
  });

  it("gives a check that could not run a way forward: the interpreter, the JAX version, three actions", () => {
    const message = resultMessage(result({ state: "error", message: "JAX is not installed in /usr/bin/python3", reason: "no_jax" }), {
      interpreter: "/usr/bin/python3",
      jax: JAX,
    });
    assert.equal(
      message.text,
      "Pallas lowering could not run: JAX is not installed in /usr/bin/python3. The rules follow JAX 0.12.0.1 meanwhile.",
    );
    // The interpreter is named once: added when the server's reason does not name it.
    assert.equal(
      resultMessage(result({ state: "error", message: "the lowering check timed out after 120 s", reason: "timeout" }), {
        interpreter: "/v/bin/python",
        jax: JAX,
      }).text,
      "Pallas lowering could not run: the lowering check timed out after 120 s. Interpreter: /v/bin/python. The rules follow JAX 0.12.0.1 meanwhile.",
    );
    // The server's reason ends with the interpreter's source in parentheses: a full stop follows.
    assert.equal(
      resultMessage(result({ state: "error", message: "JAX is not installed in /v/bin/python (lowering with /v/bin/python from editor setting pallasLsp.interpreter)", reason: "no_jax" }), {
        interpreter: "/v/bin/python",
        jax: JAX,
      }).text,
      "Pallas lowering could not run: JAX is not installed in /v/bin/python (lowering with /v/bin/python from editor setting pallasLsp.interpreter). The rules follow JAX 0.12.0.1 meanwhile.",
    );
    assert.equal(message.level, "error");
    assert.deepEqual(message.actions, ["Select Interpreter", "Open Settings", "Show Output"]);
  });

  it("offers no interpreter choice when the remote command failed", () => {
    const message = resultMessage(result({ state: "error", message: "ssh: connect refused", reason: "remote_failed" }));
    assert.deepEqual(message.actions, ["Open Settings", "Show Output"]);
  });
});
