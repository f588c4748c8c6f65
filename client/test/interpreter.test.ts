import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, it } from "node:test";
import {
  candidateInterpreterPaths,
  chooseInterpreter,
  describeProblem,
  expandVariables,
  interpreterSetting,
  parseDescription,
  isSupported,
  parsePreflight,
  preflight,
} from "../src/interpreter";

describe("chooseInterpreter", () => {
  it("takes the setting first", () => {
    assert.deepEqual(chooseInterpreter(["/venv/bin/python"], ["/ms-python/bin/python"]), {
      command: ["/venv/bin/python"],
      source: "setting",
    });
  });

  it("takes the Python extension's interpreter when the setting is empty", () => {
    assert.deepEqual(chooseInterpreter([], ["/ms-python/bin/python"]), {
      command: ["/ms-python/bin/python"],
      source: "python-extension",
    });
    assert.deepEqual(chooseInterpreter([" "], ["/ms-python/bin/python"]).source, "python-extension");
  });

  it("falls back to python3", () => {
    assert.deepEqual(chooseInterpreter([], undefined), { command: ["python3"], source: "default" });
    assert.deepEqual(chooseInterpreter([], []), { command: ["python3"], source: "default" });
  });
});

describe("expandVariables", () => {
  const context = { workspaceFolder: "/work/proj", userHome: "/home/ada", env: { VENV: "/opt/venv" } };

  it("expands the template's variables", () => {
    assert.equal(expandVariables("${workspaceFolder}/.venv/bin/python", context), "/work/proj/.venv/bin/python");
    assert.equal(expandVariables("${userHome}/py/bin/python", context), "/home/ada/py/bin/python");
    assert.equal(expandVariables("${env:VENV}/bin/python", context), "/opt/venv/bin/python");
    assert.equal(expandVariables("~/py/bin/python", context), "/home/ada/py/bin/python");
  });

  it("leaves other text alone", () => {
    assert.equal(expandVariables("/usr/bin/python3", context), "/usr/bin/python3");
    assert.equal(expandVariables("a~b", context), "a~b");
    assert.equal(expandVariables("${unknown}/python", context), "${unknown}/python");
    assert.equal(expandVariables("${env:MISSING}python3", context), "python3");
  });

  it("keeps ${workspaceFolder} as written when no folder is open", () => {
    assert.equal(expandVariables("${workspaceFolder}/python", { ...context, workspaceFolder: undefined }), "${workspaceFolder}/python");
  });
});

describe("parsePreflight", () => {
  it("reads a good answer", () => {
    const answer = parsePreflight("python3", '{"version": [3, 12, 1], "executable": "/v/bin/python", "module": "/x/pallas_lsp/__init__.py"}\n');
    assert.deepEqual(answer, { kind: "ok", version: [3, 12, 1], executable: "/v/bin/python", module: "/x/pallas_lsp/__init__.py" });
  });

  it("reports a Python older than 3.10", () => {
    const answer = parsePreflight("python3", '{"version": [3, 9, 18], "executable": "/usr/bin/python3.9"}');
    assert.equal(answer.kind, "too-old");
    assert.match(describeProblem(answer, "useBundled") ?? "", /needs Python 3\.10 or newer, but \/usr\/bin\/python3\.9 is Python 3\.9\.18/);
  });

  it("reports a missing module with advice that fits the import strategy", () => {
    const answer = parsePreflight("python3", 'noise\n{"version": [3, 11, 7], "executable": "/p", "error": "ModuleNotFoundError: No module named \'pallas_lsp\'"}');
    assert.equal(answer.kind, "no-module");
    assert.match(describeProblem(answer, "fromEnvironment") ?? "", /cannot import pallas_lsp .*No module named.*useBundled/);
    assert.match(describeProblem(answer, "useBundled") ?? "", /bundled server does not import/);
  });

  it("reports output it cannot read", () => {
    assert.equal(parsePreflight("python3", "").kind, "failed");
    assert.equal(parsePreflight("python3", "{not json").kind, "failed");
    assert.equal(parsePreflight("python3", '{"version": "3.11"}').kind, "failed");
  });
});

describe("isSupported", () => {
  it("draws the line at 3.10", () => {
    assert.equal(isSupported([3, 10, 0]), true);
    assert.equal(isSupported([3, 13, 2]), true);
    assert.equal(isSupported([4, 0, 0]), true);
    assert.equal(isSupported([3, 9, 18]), false);
    assert.equal(isSupported([2, 7, 18]), false);
  });
});

function findPython(): string | undefined {
  for (const candidate of ["python3", "python"]) {
    try {
      execFileSync(candidate, ["-c", "import sys; assert sys.version_info >= (3, 10)"], { stdio: "ignore" });
      return candidate;
    } catch {
      // try the next one
    }
  }
  return undefined;
}

/** A Python older than 3.10 on this machine (PATH or pyenv), to see it refused for real. */
function findOldPython(): string | undefined {
  const pyenv = path.join(process.env.PYENV_ROOT ?? path.join(os.homedir(), ".pyenv"), "versions");
  const candidates = ["python3.9", "python3.8", "python3.7", "python2.7"];
  if (fs.existsSync(pyenv)) {
    for (const version of fs.readdirSync(pyenv).filter((name) => /^(2\.|3\.[0-9]\.)/.test(name))) {
      candidates.push(path.join(pyenv, version, "bin", "python"));
    }
  }
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ["-c", "import sys; assert sys.version_info < (3, 10)"], { stdio: "ignore" });
      return candidate;
    } catch {
      // not there, or not old
    }
  }
  return undefined;
}

describe("preflight (real processes)", () => {
  const python = findPython();
  const oldPython = findOldPython();

  it("says a missing interpreter is missing", async () => {
    const answer = await preflight(["/nonexistent/bin/python"], { PATH: process.env.PATH ?? "" });
    assert.equal(answer.kind, "not-found");
    assert.match(describeProblem(answer, "useBundled") ?? "", /"\/nonexistent\/bin\/python" was not found/);
  });

  it("imports pallas_lsp from the PYTHONPATH the server gets", { skip: python ? false : "no Python 3.10+ on PATH" }, async () => {
    const libs = fs.mkdtempSync(path.join(os.tmpdir(), "pallas-preflight-"));
    fs.mkdirSync(path.join(libs, "pallas_lsp"));
    fs.writeFileSync(path.join(libs, "pallas_lsp", "__init__.py"), "");
    fs.writeFileSync(path.join(libs, "pallas_lsp", "__main__.py"), "");
    const env = { PATH: process.env.PATH ?? "", PYTHONPATH: libs };
    const found = await preflight([python as string], env);
    assert.equal(found.kind, "ok");
    assert.equal(found.kind === "ok" && found.module, path.join(libs, "pallas_lsp", "__main__.py"));

    // A package without __main__ cannot be run with -m: said so before the server is started.
    fs.rmSync(path.join(libs, "pallas_lsp", "__main__.py"));
    const noMain = await preflight([python as string], env);
    assert.equal(noMain.kind, "no-module");
    assert.match(noMain.kind === "no-module" ? noMain.detail : "", /no __main__ module/);

    // -S: no site-packages, so only PYTHONPATH could supply pallas_lsp, and it does not.
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "pallas-preflight-empty-"));
    const missing = await preflight([python as string, "-S"], { PATH: process.env.PATH ?? "", PYTHONPATH: empty });
    assert.equal(missing.kind, "no-module");
    assert.match(missing.kind === "no-module" ? missing.detail : "", /ModuleNotFoundError/);
    fs.rmSync(empty, { recursive: true, force: true });
    fs.rmSync(libs, { recursive: true, force: true });
  });

  it("refuses a Python older than 3.10 before trying to import the server", { skip: oldPython ? false : "no Python < 3.10 here" }, async () => {
    const answer = await preflight([oldPython as string], { PATH: process.env.PATH ?? "" });
    assert.equal(answer.kind, "too-old");
    assert.match(describeProblem(answer, "useBundled") ?? "", /needs Python 3\.10 or newer/);
  });

  it("reports an interpreter that fails before answering", async () => {
    const answer = await preflight([process.execPath, "-e", "process.exit(3)", "--"], { PATH: process.env.PATH ?? "" });
    assert.equal(answer.kind, "failed");
  });
});

describe("candidateInterpreterPaths", () => {
  const files = new Set([
    "/ws/.venv/bin/python",
    "/ws/.venv-jax012/bin/python",
    "/usr/bin/python3",
    "/home/u/.pyenv/shims/python3",
    "/home/u/.pyenv/versions/3.12.1/bin/python",
    "/home/u/.pyenv/versions/3.11.9/bin/python",
  ]);
  const dirs: Record<string, string[]> = {
    "/ws": [".venv", ".venv-jax012", "src", "README.md"],
    "/home/u/.pyenv/versions": ["3.11.9", "3.12.1"],
  };
  it("lists the workspace's environments, PATH's python3 (not pyenv's shims), then pyenv's versions", () => {
    const found = candidateInterpreterPaths(
      "/ws",
      { PATH: "/home/u/.pyenv/shims:/usr/bin:/bin" },
      "/home/u",
      (dir) => dirs[dir] ?? [],
      (file) => files.has(file),
    );
    assert.deepEqual(found, [
      "/ws/.venv/bin/python",
      "/ws/.venv-jax012/bin/python",
      "/usr/bin/python3",
      "/home/u/.pyenv/versions/3.12.1/bin/python",
      "/home/u/.pyenv/versions/3.11.9/bin/python",
    ]);
  });
});

describe("parseDescription", () => {
  it("reads the Python and JAX versions", () => {
    assert.deepEqual(parseDescription("3.12.1 0.12.0.1\n"), { python: "3.12.1", jax: "0.12.0.1" });
    assert.deepEqual(parseDescription("3.11.9 \n"), { python: "3.11.9", jax: undefined });
    assert.equal(parseDescription("Traceback"), undefined);
  });
});

describe("interpreterSetting", () => {
  it("writes a path inside the workspace relative to it", () => {
    assert.deepEqual(interpreterSetting("/ws/.venv/bin/python", "/ws"), ["${workspaceFolder}/.venv/bin/python"]);
    assert.deepEqual(interpreterSetting("/usr/bin/python3", "/ws"), ["/usr/bin/python3"]);
    assert.deepEqual(interpreterSetting("~/venv/bin/python", "/ws"), ["~/venv/bin/python"]);
    assert.deepEqual(interpreterSetting("/usr/bin/python3", undefined), ["/usr/bin/python3"]);
  });
});
