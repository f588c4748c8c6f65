// End-to-end test of the axis-name features (issue 15) in real VS Code, on a copy of
// tests/fixtures/axes/two_files (the mesh in main.py, the kernels in kernels.py):
// - the code lens above each launch in kernels.py runs the lowering check of main.py
//   (the run that reaches it) and then shows its result in place;
// - inlay hints (pallasLsp.inlayHints.enabled) show the mesh and semantics at each launch;
// - F2 on an axis name in kernels.py renames it in main.py too, and not the other mesh's
//   equal "data";
// - completion at a multimem collective_axes offers the whole mesh first.
//
//   node tests/vscode/axes.test.mjs       (after .ci/setup-vscode.sh, npm ci, npm run package)
//
// The same prerequisites, environment and artifacts as e2e.test.mjs (session.mjs);
// screenshots axes-*.png, copied to docs/screenshots/ with PALLAS_E2E_UPDATE_SCREENSHOTS=1.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { TIMEOUT, VSCodeSession, baseSettings, stepper } from "./session.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const cache = process.env.PALLAS_VSCODE_CACHE || path.join(os.homedir(), ".cache", "pallas-lsp-vscode");
const codeServer = path.join(cache, "node_modules", "code-server", "out", "node", "entry.js");
const chromium = "/usr/bin/chromium";
const vsix = path.resolve(root, process.env.PALLAS_VSIX || "pallas-lsp.vsix");
const workspace = path.join(root, "tests", "fixtures", "axes", "two_files");
const seedExamples = process.env.PALLAS_LSP_EXAMPLES || path.join(root, "..", "shared", "examples");
const artifacts = path.join(root, "tests", "e2e-artifacts", "vscode-axes");

const interpreter = [process.env.PALLAS_E2E_PYTHON, path.join(root, ".venv-jax012", "bin", "python")]
  .filter(Boolean)
  .find((candidate) => fs.existsSync(candidate));
const missing = [
  [fs.existsSync(codeServer), `code-server is not installed in ${cache}: run .ci/setup-vscode.sh`],
  [fs.existsSync(chromium), `${chromium} is missing: run .ci/setup-vscode.sh`],
  [interpreter !== undefined, "no Python with JAX 0.12: create .venv-jax012 or set PALLAS_E2E_PYTHON"],
]
  .filter(([ok]) => !ok)
  .map(([, why]) => why);
const required = process.env.CI === "true" || process.env.PALLAS_E2E_REQUIRED === "1";
const skip = missing.length > 0 && !required ? missing.join("; ") : false;
const jaxVersion = interpreter
  ? execFileSync(interpreter, ["-c", "import jax; print(jax.__version__)"], { encoding: "utf8", timeout: 120_000 }).trim()
  : "";

function copyToDocs(file) {
  if (process.env.PALLAS_E2E_UPDATE_SCREENSHOTS === "1") {
    fs.mkdirSync(path.join(root, "docs", "screenshots"), { recursive: true });
    fs.copyFileSync(file, path.join(root, "docs", "screenshots", path.basename(file)));
  }
}

/** Moves the cursor to 1-based line:column: Quick Open's ":" prefix (Ctrl+G is the browser's). */
async function goTo(vs, line, column) {
  const input = await vs.openQuickInput("Control+P");
  await input.fill(column ? `:${line}:${column}` : `:${line}`);
  await vs.page.locator(".quick-input-widget .monaco-list-row", { hasText: /Go to line/i }).first()
    .waitFor({ timeout: TIMEOUT.ui })
    .catch(() => undefined);
  await vs.page.keyboard.press("Enter");
  await vs.page.locator(".quick-input-widget").waitFor({ state: "hidden", timeout: TIMEOUT.ui });
}

function editorText(vs) {
  return vs.page.locator(".editor-instance .view-lines").first();
}

/** The visible text of the active editor (VS Code draws spaces as no-break spaces). */
async function visibleText(vs) {
  return (await editorText(vs).innerText()).replace(/\u00a0/g, " ");
}

fs.rmSync(artifacts, { recursive: true, force: true });

describe("axis names as symbols in real VS Code (code-server 4.100.3)", { skip }, () => {
  const state = { vs: undefined, failed: false };
  let withSeed;
  before(async () => {
    assert.deepEqual(missing, [], "the end-to-end test cannot run");
    assert.ok(fs.existsSync(vsix), `${vsix} is missing: run npm run package`);
    // two_files and, as seed.py, the README's seed example (in place before VS Code starts:
    // Quick Open does not list a file added later in time).
    withSeed = fs.mkdtempSync(path.join(os.tmpdir(), "pallas-axes-"));
    fs.cpSync(workspace, withSeed, { recursive: true });
    fs.copyFileSync(path.join(seedExamples, "broadcast_axes_mismatch.py"), path.join(withSeed, "seed.py"));
    state.vs = await VSCodeSession.start({
      codeServer, chromium, vsix, examples: withSeed, artifacts, trust: true,
      settings: {
        ...baseSettings(),
        "pallasLsp.interpreter": [interpreter],
        "pallasLsp.importStrategy": "useBundled",
        "pallasLsp.inlayHints.enabled": true,
        "editor.inlayHints.enabled": "on",
      },
      onScreenshot: copyToDocs,
    });
  });
  after(async () => {
    await state.vs?.stop({ keepLogs: state.failed, failureShot: state.failed ? "failure-axes" : undefined });
    if (withSeed) {
      fs.rmSync(withSeed, { recursive: true, force: true });
    }
  });
  const step = stepper(state);

  step("shows a lens and the mesh hint at each launch of kernels.py", async (vs) => {
    await vs.openFile("main.py");
    await vs.openFile("kernels.py");
    const lens = vs.page.locator(".codelens-decoration", { hasText: `Lower main.py with JAX ${jaxVersion}` });
    await lens.first().waitFor({ timeout: TIMEOUT.diagnostic });
    assert.equal(await lens.count(), 2);
    const hint = vs.page.locator(".view-line", { hasText: "mesh ('data', 'model') · Warpgroup" });
    await hint.first().waitFor({ timeout: TIMEOUT.ui });
    await vs.page.locator(".view-line", { hasText: "mesh ('data',) · Warpgroup" }).first().waitFor({ timeout: TIMEOUT.ui });
    await vs.screenshot("axes-inlay-hints");
  });

  step("runs the lowering check from the lens and shows its result there", async (vs) => {
    await vs.page.locator(".codelens-decoration a", { hasText: "Lower main.py" }).first().click();
    const done = vs.page.locator(".codelens-decoration", { hasText: "main.py lowers cleanly" });
    await done.first().waitFor({ timeout: TIMEOUT.lowering });
    await vs.screenshot("axes-codelens");
  });

  step("renames an axis across both files with F2, leaving the other mesh's equal name", async (vs) => {
    await goTo(vs, 11, 48); // inside "data" of ("data", "model")
    await vs.page.keyboard.press("F2");
    const input = vs.page.locator(".rename-box input");
    await input.waitFor({ state: "visible", timeout: TIMEOUT.ui });
    await input.fill("batch");
    await vs.screenshot("axes-rename");
    await vs.page.keyboard.press("Enter");
    await editorText(vs).filter({ hasText: '("batch", "model")' }).waitFor({ timeout: TIMEOUT.ui });
    assert.match(await visibleText(vs), /collective_axes=\("data",\)/);
    await vs.openFile("main.py");
    // The editor renders the file after it opens: wait for the renamed line rather than read at
    // once (an empty text was read in one full CI run).
    await editorText(vs).filter({ hasText: 'MESH_AXES = ("batch", "model")' }).waitFor({ timeout: TIMEOUT.ui });
    const main = await visibleText(vs);
    assert.match(main, /MESH_AXES = \("batch", "model"\)/);
    assert.match(main, /jax\.make_mesh\(\(2,\), \("data",\)\)/);
    await vs.openFile("kernels.py");
  });

  step("renames an axis of the seed example with F2: the mesh, the collective_axes, the axis_index", async (vs) => {
    // The README's seed example (issue 24's bar: at least 3 edits, no [error] line in the log).
    const since = vs.outputLog().length;
    await vs.openFile("seed.py");
    await editorText(vs).filter({ hasText: '("data", "model")' }).waitFor({ timeout: TIMEOUT.ui });
    await vs.page.locator(".squiggly-error").first().waitFor({ timeout: TIMEOUT.diagnostic });
    await goTo(vs, 30, 43); // inside "data" of Mesh(devices, ("data", "model")); line 44 in view
    // The launch's own lens (in the file itself, no file name in it).
    const lens = vs.page.locator(".codelens-decoration", { hasText: `Lower with JAX ${jaxVersion}` });
    await lens.first().waitFor({ timeout: TIMEOUT.diagnostic });
    await vs.page.keyboard.press("F2");
    const input = vs.page.locator(".rename-box input");
    await input.waitFor({ state: "visible", timeout: TIMEOUT.ui });
    await input.fill("rows");
    await vs.page.keyboard.press("Enter");
    await editorText(vs).filter({ hasText: '("rows", "model")' }).waitFor({ timeout: TIMEOUT.ui });
    const seed = await visibleText(vs);
    assert.match(seed, /multimem_store\(tile, y_ref, \("rows",\)\)/);
    assert.match(seed, /axis_index\("rows"\) == 0/);
    assert.doesNotMatch(seed, /"data"/);
    // The launch's hint follows the renamed mesh once the file is analysed again.
    await vs.page.locator(".view-line", { hasText: "mesh ('rows', 'model')" }).first().waitFor({ timeout: TIMEOUT.ui });
    await vs.screenshot("axes-rename-seed");
    assert.deepEqual(vs.outputLog().slice(since).filter((line) => /\[error\]/.test(line)), []);
    await vs.openFile("kernels.py");
  });

  step("completes a multimem collective_axes with the whole mesh first", async (vs) => {
    await goTo(vs, 11);
    await vs.page.keyboard.press("End");
    await vs.page.keyboard.press("Enter");
    await vs.page.keyboard.type("plgpu.multimem_store(x_ref[...], y_ref, collective_axes=");
    await vs.page.keyboard.press("Control+Space");
    const rows = vs.page.locator(".suggest-widget .monaco-list-row");
    await rows.first().waitFor({ timeout: TIMEOUT.ui });
    const labels = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
    console.log(`completion: ${JSON.stringify(labels)}`);
    assert.match(labels[0], /\("batch", "model"\)/);
    assert.ok(!labels.some((label) => /^"?batch"?\b/.test(label)), "a bare multi-letter string was offered");
    await vs.screenshot("axes-completion");
    await vs.page.keyboard.press("Escape");
  });
});
