// End-to-end test of a Jupyter notebook in real VS Code (code-server 4.100.3, VS Code
// 1.100.3, its built-in .ipynb support), with the built pallas-lsp.vsix installed,
// driven by playwright-core in headless Chromium (the session machinery of session.mjs).
//
//   node --test tests/vscode/notebook.e2e.test.mjs   (after .ci/setup-vscode.sh, npm ci, npm run package)
//
// On a copy of tests/fixtures/notebooks, as a user sees it, in reduce_redefined.ipynb
// (cell 7 redefines the kernel with one of the mesh's two axes):
// - the PAL002 diagnostic in cell 7, in the Problems panel and as a squiggle in the cell;
// - the hover in the cell: what the server inferred and the rule's page;
// - "Pallas: Confirm with real lowering" run from the cell lowers the notebook's code
//   cells as one script, and JAX confirms the finding (its source: "pallas-lsp ✓ JAX …");
// - the quick fix applied in the cell with Ctrl+. and Enter: the diagnostic clears.
// Screenshots go to tests/e2e-artifacts/vscode-notebook/ (with
// PALLAS_E2E_UPDATE_SCREENSHOTS=1 also to docs/screenshots/notebook-*.png).
// Environment: as e2e.test.mjs (PALLAS_VSCODE_CACHE, PALLAS_E2E_PYTHON, PALLAS_VSIX,
// PALLAS_E2E_REQUIRED).
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
const notebooks = path.join(root, "tests", "fixtures", "notebooks");
const artifacts = path.join(root, "tests", "e2e-artifacts", "vscode-notebook");
const interpreter = [
  process.env.PALLAS_E2E_PYTHON,
  path.join(root, ".venv-jax012", "bin", "python"),
  path.join(root, ".venv-jax010", "bin", "python"),
].filter(Boolean).find((candidate) => fs.existsSync(candidate));

function hasJax(python) {
  try {
    execFileSync(python, ["-c", "import jax"], { stdio: "ignore", timeout: 120_000 });
    return true;
  } catch {
    return false;
  }
}

const missing = [
  [fs.existsSync(codeServer), `code-server is not installed in ${cache}: run .ci/setup-vscode.sh`],
  [fs.existsSync(chromium), `${chromium} is missing: run .ci/setup-vscode.sh`],
  [interpreter !== undefined && hasJax(interpreter), "no interpreter with JAX: make .venv-jax012 or set PALLAS_E2E_PYTHON"],
].filter(([ok]) => !ok).map(([, why]) => why);
const required = process.env.CI === "true" || process.env.PALLAS_E2E_REQUIRED === "1";
const skip = missing.length > 0 && !required ? missing.join("; ") : false;

function copyToDocs(file) {
  if (process.env.PALLAS_E2E_UPDATE_SCREENSHOTS === "1") {
    fs.mkdirSync(path.join(root, "docs", "screenshots"), { recursive: true });
    fs.copyFileSync(file, path.join(root, "docs", "screenshots", path.basename(file)));
  }
}

fs.rmSync(artifacts, { recursive: true, force: true });

describe("a Jupyter notebook in real VS Code (code-server 4.100.3)", { skip }, () => {
  const state = { vs: undefined, failed: false };
  before(async () => {
    assert.deepEqual(missing, [], "the end-to-end test cannot run");
    assert.ok(fs.existsSync(vsix), `${vsix} is missing: run npm run package`);
    state.vs = await VSCodeSession.start({
      codeServer, chromium, vsix, examples: notebooks, artifacts, trust: true,
      settings: {
        ...baseSettings(),
        "pallasLsp.interpreter": [interpreter],
        "pallasLsp.importStrategy": "useBundled",
        "pallasLsp.showNotifications": "onError",
        "notebook.lineNumbers": "on",
      },
      onScreenshot: copyToDocs,
    });
  });
  after(async () => {
    await state.vs?.stop({ keepLogs: state.failed, failureShot: state.failed ? "failure-notebook" : undefined });
  });
  const step = stepper(state);

  /** The command palette from a notebook cell (Ctrl+Shift+P: F1 did not open it there). */
  async function runCommand(vs, title) {
    const input = vs.page.locator(".quick-input-widget input");
    for (let tries = 0; tries < 3 && !(await input.isVisible()); tries += 1) {
      await vs.page.keyboard.press("Control+Shift+P");
      await vs.page.waitForTimeout(500);
    }
    await input.fill(`>${title}`);
    await vs.page.locator(".quick-input-widget .monaco-list-row", { hasText: title }).first().waitFor({ timeout: TIMEOUT.ui });
    await vs.page.keyboard.press("Enter");
  }

  /** The line of cell 7 that holds the finding. */
  function findingLine(vs) {
    return vs.page.locator(".notebook-editor:visible .view-line", { hasText: 'collective_axes=("rows",)' }).first();
  }

  /** Reveals the finding's cell through its Problems row and returns the squiggle there. */
  async function revealFinding(vs) {
    await vs.openProblems();
    const row = vs.page.locator(".markers-panel .monaco-list-row", { hasText: "PAL002" }).first();
    await row.waitFor({ timeout: TIMEOUT.diagnostic });
    await row.dblclick();
    const squiggle = vs.page.locator(".notebook-editor:visible .view-overlays .squiggly-error:visible").first();
    await squiggle.waitFor({ timeout: TIMEOUT.ui });
    return squiggle;
  }

  step("shows the PAL002 diagnostic in cell 7 of reduce_redefined.ipynb", async (vs) => {
    await vs.openFile("reduce_redefined.ipynb");
    await vs.page.locator(".notebook-editor:visible").first().waitFor({ timeout: TIMEOUT.ui });
    const rows = await vs.waitForProblem(/PAL002/, TIMEOUT.diagnostic);
    console.log(`Problems panel (reduce_redefined.ipynb):\n  ${rows.join("\n  ")}`);
    const row = rows.find((text) => /PAL002/.test(text));
    assert.match(row, /collective_axes=\('rows',\)/);
    // The mesh, named by its cell as VS Code counts cells (markdown too): cell 5.
    assert.match(row, /the mesh built at cell 5, line 2/);
    assert.match(row, /Ln 2, Col 13/); // the line in the cell that JAX's traceback names
    await revealFinding(vs);
    // VS Code's own cell indicator names the finding's cell as the server does: cell 7.
    await vs.page.locator(".statusbar-item", { hasText: /Cell 7 of 8/ }).first().waitFor({ timeout: TIMEOUT.ui });
    await vs.screenshot("notebook-diagnostic");
  });

  step("shows the hover in the cell", async (vs) => {
    const squiggle = await revealFinding(vs);
    await vs.hidePanel();
    const box = await squiggle.boundingBox();
    assert.ok(box, "the squiggle has no box on screen");
    await vs.page.mouse.move(box.x + Math.min(box.width / 2, 40), box.y + box.height / 2);
    const hover = vs.page.locator(".monaco-hover:visible", { hasText: "PAL002" }).first();
    await hover.waitFor({ timeout: TIMEOUT.ui });
    const text = (await hover.innerText()).replace(/\s+/g, " ");
    console.log(`hover: ${text.slice(0, 800)}${text.length > 800 ? "…" : ""}`);
    assert.match(text, /multimem_load_reduce/);
    await vs.page.waitForTimeout(300);
    await vs.screenshot("notebook-hover");
  });

  step("confirms the finding by lowering the notebook's cells as one script", async (vs) => {
    await vs.page.keyboard.press("Escape");
    await revealFinding(vs);
    await findingLine(vs).click({ position: { x: 200, y: 5 } }); // the cell editor has the focus
    await runCommand(vs, "Pallas: Confirm with Real Lowering");
    const { text } = await vs.toast(/^Pallas lowering/, TIMEOUT.lowering);
    console.log(`notification: ${text}`);
    assert.doesNotMatch(text, /could not run|cancelled/, "the lowering check did not run");
    // The finding's source says JAX confirmed it (the notebook's cells, lowered as one script).
    const rows = await vs.waitForProblem(/pallas-lsp ✓ JAX 0\.12\.0\.1.*PAL002/, TIMEOUT.diagnostic);
    console.log(`Problems panel after lowering:\n  ${rows.join("\n  ")}`);
    await vs.screenshot("notebook-confirmed");
  });

  step("applies the quick fix in the cell, and the diagnostic clears", async (vs) => {
    await revealFinding(vs);
    await findingLine(vs).click({ position: { x: 200, y: 5 } }); // the cursor onto the finding
    await vs.page.keyboard.press("Control+.");
    const menu = vs.page.locator(".action-widget:visible");
    await menu.waitFor({ timeout: TIMEOUT.ui });
    const items = (await menu.innerText()).split("\n").map((line) => line.trim()).filter(Boolean);
    console.log(`quick fixes offered: ${JSON.stringify(items)}`);
    assert.ok(items.some((line) => /collective_axes/.test(line)), "no collective_axes fix was offered");
    await vs.screenshot("notebook-quickfix");
    await vs.page.keyboard.press("Enter");
    const rows = await vs.waitForNoProblem(/PAL002/, TIMEOUT.diagnostic);
    console.log(`Problems panel after the fix: ${JSON.stringify(rows)}`);
    const cell = vs.page.locator(".notebook-editor:visible .view-lines", { hasText: "multimem_load_reduce" }).last();
    console.log(`the fixed cell: ${(await cell.innerText()).replace(/\s+/g, " ")}`);
    await vs.screenshot("notebook-fixed");
  });
});
