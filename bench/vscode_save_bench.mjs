// Save → the compiler's error, in real VS Code (issue 21: "within 1 s of a warm save").
//
//   node bench/vscode_save_bench.mjs [--saves 8] [--json bench/out/vscode_save.json]
//
// After .ci/setup-vscode.sh, npm ci and npm run package (the same prerequisites as
// tests/vscode/e2e.test.mjs). VS Code (code-server, headless Chromium) opens a trusted
// copy of tests/lowering/cases/ with default settings, except the interpreter (a Python
// with JAX: PALLAS_E2E_PYTHON, else .venv-jax012). The file axis_from_file.py reads its
// axis name from axis.txt at run time, so no static rule sees its bug; only the on-save
// lowering check (on by default in a trusted workspace) finds it, at line 12.
//
// The first save starts the warm lowering worker (JAX imported once). Then, --saves
// times: an edit (which drops the last lowering result: its row leaves the Problems
// panel), Ctrl+S, and the time until the compiler's error is listed again at line 12,
// polled every 20 ms in the panel as a user would see it. Printed: the cold save, and the
// warm saves' p50 / max against the 1 s target. Nothing asserts on time.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { VSCodeSession, baseSettings } from "../tests/vscode/session.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const saves = Number(option("--saves", "8"));
const jsonOut = option("--json", undefined);
const cache = process.env.PALLAS_VSCODE_CACHE || path.join(os.homedir(), ".cache", "pallas-lsp-vscode");
const codeServer = path.join(cache, "node_modules", "code-server", "out", "node", "entry.js");
const chromium = "/usr/bin/chromium";
const vsix = path.resolve(root, process.env.PALLAS_VSIX || "pallas-lsp.vsix");
const interpreter = [process.env.PALLAS_E2E_PYTHON, path.join(root, ".venv-jax012", "bin", "python")]
  .filter(Boolean)
  .find((candidate) => fs.existsSync(candidate));
for (const [ok, why] of [
  [fs.existsSync(codeServer), `code-server is not installed in ${cache}: run .ci/setup-vscode.sh`],
  [fs.existsSync(chromium), `${chromium} is missing: run .ci/setup-vscode.sh`],
  [fs.existsSync(vsix), `${vsix} is missing: run npm ci && npm run package`],
  [interpreter !== undefined, "no Python with JAX: create .venv-jax012 or set PALLAS_E2E_PYTHON"],
]) {
  if (!ok) {
    console.error(`cannot run the benchmark: ${why}`);
    process.exit(2);
  }
}

const workspace = fs.mkdtempSync(path.join(os.tmpdir(), "pallas-save-bench-"));
for (const name of ["axis_from_file.py", "axis.txt"]) {
  fs.copyFileSync(path.join(root, "tests", "lowering", "cases", name), path.join(workspace, name));
}
const COMPILER_ERROR = /unbound axis name: z.*Ln 12/;

/** Milliseconds until a Problems row matches (or stops matching, with `gone`). */
async function until(vs, gone, limitMs) {
  const started = Date.now();
  for (;;) {
    const rows = await vs.problemsText();
    if (rows.some((row) => COMPILER_ERROR.test(row)) !== gone) {
      return Date.now() - started;
    }
    if (Date.now() - started > limitMs) {
      throw new Error(`the Problems panel did not ${gone ? "drop" : "show"} the compiler's error within ${limitMs} ms: ${JSON.stringify(rows)}`);
    }
    await vs.page.waitForTimeout(20);
  }
}

const vs = await VSCodeSession.start({
  codeServer, chromium, vsix, examples: workspace, trust: true,
  artifacts: path.join(root, "bench", "out", "vscode-save"),
  settings: { ...baseSettings(), "pallasLsp.interpreter": [interpreter], "pallasLsp.importStrategy": "useBundled" },
});
const result = { interpreter, saves: [] };
try {
  await vs.openFile("axis_from_file.py");
  await vs.openProblems();
  const editor = vs.page.locator(".editor-group-container.active .monaco-editor .view-lines").first();
  await editor.click();
  const saveOnce = async (limitMs) => {
    // An edit at the end of the docstring line: the last result leaves with it.
    await vs.page.keyboard.press("Control+Home");
    await vs.page.keyboard.press("End");
    await vs.page.keyboard.type(" ");
    await until(vs, true, 60_000);
    await vs.page.keyboard.press("Control+S");
    return until(vs, false, limitMs);
  };
  // The first saves start the worker: a save whose check times out while JAX is still
  // being imported (lowering.saveTimeout, 20 s) leaves it starting; saved again until the
  // error shows. cold_ms counts from the first save.
  const coldStart = Date.now();
  for (result.cold_saves = 1; ; result.cold_saves++) {
    try {
      await saveOnce(25_000);
      break;
    } catch (error) {
      if (Date.now() - coldStart > 300_000) {
        await vs.screenshot("cold-save-failed");
        throw error;
      }
    }
  }
  result.cold_ms = Date.now() - coldStart;
  console.log(`cold: ${result.cold_ms} ms over ${result.cold_saves} save(s) (the worker imports JAX)`);
  for (let i = 0; i < saves; i++) {
    const ms = await saveOnce(120_000);
    result.saves.push(ms);
    console.log(`warm save ${i + 1}: ${ms} ms`);
  }
} finally {
  await vs.stop({ keepLogs: true });
  fs.rmSync(workspace, { recursive: true, force: true });
}
const sorted = [...result.saves].sort((a, b) => a - b);
result.p50_ms = sorted[Math.floor((sorted.length - 1) / 2)];
result.max_ms = sorted[sorted.length - 1];
console.log(`warm saves: p50 ${result.p50_ms} ms, max ${result.max_ms} ms (target: within 1000 ms)`);
if (jsonOut) {
  fs.mkdirSync(path.dirname(jsonOut), { recursive: true });
  fs.writeFileSync(jsonOut, JSON.stringify(result, null, 2));
}
