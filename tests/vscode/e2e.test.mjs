// End-to-end test of the extension in real VS Code: code-server 4.100.3 (VS Code
// 1.100.3) with the built pallas-lsp.vsix installed, driven by playwright-core in
// Debian's headless Chromium (recipe: shared/real-editor-testing.md; the session
// machinery is in session.mjs).
//
//   node tests/vscode/e2e.test.mjs          (after .ci/setup-vscode.sh, npm ci, npm run package)
//
// On a copy of shared/examples, as a user sees it:
// - allreduce_no_mesh.py: the PAL001 diagnostic in the Problems panel, the rule's
//   page in its hover, the quick fix applied with Ctrl+. and Enter, the diagnostic gone;
// - broadcast_axes_mismatch.py: "Pallas: Confirm with real lowering" marks PAL002
//   confirmed (status bar, notification, Problems panel, hover);
// - a missing interpreter is reported in words, and fixing the setting restarts the server;
// - a settings change (ignore) reaches the running server without a restart;
// - in an untrusted workspace the analysis runs but the lowering check does not,
//   until trust is granted (which the client passes on to the server).
// The server runs from the .vsix's bundled libraries under the user's interpreter
// (the real user path), a Python with JAX so that the lowering can run.
//
// Screenshots, the Problems panel text (in the test output) and code-server's log go
// to tests/e2e-artifacts/vscode/; PALLAS_E2E_UPDATE_SCREENSHOTS=1 also copies the
// screenshots to docs/screenshots/. On failure the VS Code logs are kept there too.
//
// Environment: PALLAS_VSCODE_CACHE (where setup-vscode.sh put code-server),
// PALLAS_E2E_PYTHON (the interpreter; default .venv-jax012/bin/python, else
// .venv-jax010, else .venv: without JAX the lowering steps are skipped),
// PALLAS_EXAMPLES (default ../shared/examples), PALLAS_VSIX (default pallas-lsp.vsix),
// PALLAS_E2E_REQUIRED=1 (as CI=true: fail instead of skipping when something is missing).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { baseSettings, TIMEOUT, VSCodeSession } from "./session.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const cache = process.env.PALLAS_VSCODE_CACHE || path.join(os.homedir(), ".cache", "pallas-lsp-vscode");
const codeServer = path.join(cache, "node_modules", "code-server", "out", "node", "entry.js");
const chromium = "/usr/bin/chromium";
const vsix = path.resolve(root, process.env.PALLAS_VSIX || "pallas-lsp.vsix");
const examples = path.resolve(root, process.env.PALLAS_EXAMPLES || path.join("..", "shared", "examples"));
const artifacts = path.join(root, "tests", "e2e-artifacts", "vscode");

function pickInterpreter() {
  // A Python with JAX first (the lowering steps need one); the static steps run with any 3.10+.
  const candidates = [
    process.env.PALLAS_E2E_PYTHON,
    path.join(root, ".venv-jax012", "bin", "python"),
    path.join(root, ".venv-jax010", "bin", "python"),
    path.join(root, ".venv", "bin", "python"),
  ];
  return candidates.filter(Boolean).find((candidate) => fs.existsSync(candidate));
}

function hasJax(python) {
  try {
    execFileSync(python, ["-c", "import jax"], { stdio: "ignore", timeout: 120_000 });
    return true;
  } catch {
    return false;
  }
}

const interpreter = pickInterpreter();
const missing = [
  [fs.existsSync(codeServer), `code-server is not installed in ${cache}: run .ci/setup-vscode.sh`],
  [fs.existsSync(chromium), `${chromium} is missing: run .ci/setup-vscode.sh`],
  [fs.existsSync(examples), `the examples folder ${examples} is missing`],
  [interpreter !== undefined, "no interpreter: create .venv or .venv-jax012, or set PALLAS_E2E_PYTHON"],
]
  .filter(([ok]) => !ok)
  .map(([, why]) => why);
// Locally a missing prerequisite skips the test with its reason; in CI (CI=true) or with
// PALLAS_E2E_REQUIRED=1 it fails, so a broken setup cannot pass as "skipped".
const required = process.env.CI === "true" || process.env.PALLAS_E2E_REQUIRED === "1";
const skip = missing.length > 0 && !required ? missing.join("; ") : false;
const noJax = !skip && interpreter && !required && !hasJax(interpreter) ? `${interpreter} has no JAX` : false;

const userSettings = {
  ...baseSettings(),
  "pallasLsp.interpreter": [interpreter],
  "pallasLsp.importStrategy": "useBundled",
  "pallasLsp.showNotifications": "onError",
};

function copyToDocs(file) {
  if (process.env.PALLAS_E2E_UPDATE_SCREENSHOTS === "1") {
    fs.mkdirSync(path.join(root, "docs", "screenshots"), { recursive: true });
    fs.copyFileSync(file, path.join(root, "docs", "screenshots", path.basename(file)));
  }
}

/**
 * A describe block over one VS Code session whose steps run in order: after a
 * failure the remaining steps are skipped, not timed out one by one.
 */
function session(title, trust, body) {
  describe(title, { skip }, () => {
    const state = { vs: undefined, failed: false };
    before(async () => {
      assert.deepEqual(missing, [], "the end-to-end test cannot run");
      assert.ok(fs.existsSync(vsix), `${vsix} is missing: run npm run package`);
      state.vs = await VSCodeSession.start({
        codeServer, chromium, vsix, examples, artifacts, trust,
        settings: userSettings,
        onScreenshot: copyToDocs,
      });
    });
    after(async () => {
      await state.vs?.stop({ keepLogs: state.failed, failureShot: state.failed ? `failure-${trust ? "trusted" : "untrusted"}` : undefined });
    });
    const step = (name, options, fn) =>
      it(name, options, async (t) => {
        if (state.failed) {
          t.skip("an earlier step failed");
          return;
        }
        try {
          await fn(state.vs);
        } catch (error) {
          state.failed = true;
          throw error;
        }
      });
    body(step);
  });
}

/** Runs the lowering command and waits for its end; fails on any end but "confirmed". */
async function confirmWithLowering(vs) {
  await vs.runCommand("Pallas: Confirm with real lowering");
  const confirmed = vs.page.locator(".statusbar-item", { hasText: "Pallas: confirmed" });
  const otherEnd = vs.page.locator(".notification-toast", {
    hasText: /Pallas lowering (could not run|failed|cancelled|: the file lowers cleanly)/,
  });
  await confirmed.or(otherEnd).first().waitFor({ timeout: TIMEOUT.lowering });
  if (await otherEnd.count()) {
    assert.fail(`the lowering check ended without confirming: ${(await otherEnd.first().innerText()).replace(/\s+/g, " ")}`);
  }
  const toast = vs.page.locator(".notification-toast", { hasText: "Pallas lowering confirmed" });
  await toast.waitFor({ timeout: TIMEOUT.ui });
  console.log(`notification: ${(await toast.innerText()).replace(/\s+/g, " ")}`);
}

fs.rmSync(artifacts, { recursive: true, force: true });

session("the extension in real VS Code (code-server 4.100.3)", true, (step) => {
  step("shows the PAL001 diagnostic of allreduce_no_mesh.py in the Problems panel", {}, async (vs) => {
    await vs.openFile("allreduce_no_mesh.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    const rows = await vs.waitForProblem(/PAL001/);
    console.log(`Problems panel (allreduce_no_mesh.py):\n  ${rows.join("\n  ")}`);
    const row = rows.find((text) => /PAL001/.test(text));
    assert.match(row, /JAX device mesh/);
    assert.match(row, /pallas-lsp/);
    assert.match(row, /Ln 11, Col 9/); // the line JAX's own traceback names
    await vs.screenshot("diagnostic");
  });

  step("shows the rule's explanation when the squiggle is hovered", {}, async (vs) => {
    await vs.hidePanel(); // room for the hover
    await vs.hoverSquiggle();
    // The server's hover: the rule's page (the same text as `pallas-lsp explain PAL001`).
    const hover = vs.page.locator(".monaco-hover:visible", { hasText: "How to fix" }).first();
    await hover.waitFor({ timeout: TIMEOUT.ui });
    const text = (await hover.innerText()).replace(/\s+/g, " ");
    console.log(`hover: ${text.slice(0, 1500)}${text.length > 1500 ? "…" : ""}`);
    assert.match(text, /PAL001/);
    assert.match(text, /What it means/);
    assert.match(text, /shard_map/);
    // The rule's page comes after the diagnostic's own lines: scroll the hover to its heading.
    const hoverBox = await hover.boundingBox();
    if (hoverBox) {
      await vs.page.mouse.move(hoverBox.x + hoverBox.width / 2, hoverBox.y + hoverBox.height / 2);
      const heading = hover.locator("h1, h2", { hasText: "PAL001" }).first();
      const headingTop = async () => (await heading.boundingBox())?.y ?? hoverBox.y;
      for (let tries = 0; tries < 60 && (await headingTop()) > hoverBox.y + 8; tries += 1) {
        await vs.page.mouse.wheel(0, 40);
        await vs.page.waitForTimeout(50);
      }
      for (let tries = 0; tries < 60 && (await headingTop()) < hoverBox.y + 4; tries += 1) {
        await vs.page.mouse.wheel(0, -10);
        await vs.page.waitForTimeout(50);
      }
    }
    await vs.page.waitForTimeout(300);
    await vs.screenshot("hover");
  });

  step("applies the quick fix with Ctrl+. and Enter, and the diagnostic clears", {}, async (vs) => {
    const box = await vs.squiggles().first().boundingBox();
    assert.ok(box);
    await vs.page.keyboard.press("Escape");
    await vs.page.mouse.click(box.x + Math.min(box.width / 2, 40), box.y + box.height / 2);
    await vs.page.keyboard.press("Control+.");
    const menu = vs.page.locator(".action-widget:visible");
    await menu.waitFor({ timeout: TIMEOUT.ui });
    const items = (await menu.innerText()).split("\n").map((line) => line.trim()).filter(Boolean);
    console.log(`quick fixes offered: ${JSON.stringify(items)}`);
    const fixTitle = items.find((line) => !/^(Quick Fix|More Actions|Preview)/i.test(line)) ?? "";
    assert.ok(fixTitle !== "", "no quick fix was offered");
    await vs.screenshot("quickfix");
    await vs.page.keyboard.press("Enter");
    await vs.squiggles().first().waitFor({ state: "detached", timeout: TIMEOUT.diagnostic });
    const rows = await vs.waitForNoProblem(/PAL001/);
    console.log(`applied quick fix: ${fixTitle}; Problems panel now: ${JSON.stringify(rows)}`);
    await vs.screenshot("fixed");
  });

  step("marks the PAL002 finding of broadcast_axes_mismatch.py confirmed by real lowering", { skip: noJax }, async (vs) => {
    await vs.openFile("broadcast_axes_mismatch.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    const before = await vs.waitForProblem(/PAL002/);
    console.log(`Problems panel before lowering:\n  ${before.join("\n  ")}`);
    await confirmWithLowering(vs);
    const rows = await vs.waitForProblem(/PAL002.*confirmed|confirmed.*PAL002/i);
    console.log(`Problems panel after lowering:\n  ${rows.join("\n  ")}`);
    // The squiggle's hover shows the whole message, "(confirmed by JAX … lowering)" included.
    await vs.hoverSquiggle();
    const hover = vs.page.locator(".monaco-hover:visible", { hasText: "PAL002" }).first();
    await hover.waitFor({ timeout: TIMEOUT.ui });
    assert.match(await hover.innerText(), /confirmed/);
    await vs.page.waitForTimeout(300);
    await vs.screenshot("confirmed");
  });

  step("says what is wrong when the interpreter is missing, and restarts when it is fixed", {}, async (vs) => {
    await vs.page.keyboard.press("Escape");
    // Changing pallasLsp.interpreter restarts the server with the new interpreter.
    await vs.editUserSettings({ ...vs.settings, "pallasLsp.interpreter": ["/nonexistent/bin/python"] });
    const error = vs.page.locator(".notification-toast", { hasText: 'the Python interpreter "/nonexistent/bin/python" was not found' });
    await error.waitFor({ timeout: TIMEOUT.diagnostic });
    console.log(`notification: ${(await error.innerText()).replace(/\s+/g, " ")}`);
    await vs.screenshot("interpreter-missing");
    // The old server is gone: its diagnostics went with it.
    await vs.openFile("broadcast_string_axis.py");
    await vs.page.waitForTimeout(1000);
    assert.equal(await vs.squiggles().count(), 0);

    await vs.editUserSettings(vs.settings);
    await vs.openFile("broadcast_string_axis.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    const rows = await vs.waitForProblem(/PAL002/);
    console.log(`after the interpreter was fixed:\n  ${rows.join("\n  ")}`);
  });

  step("sends a settings change to the running server without a restart", {}, async (vs) => {
    // broadcast_string_axis.py is open with its PAL002 finding (previous step).
    await vs.editUserSettings({ ...vs.settings, "pallasLsp.ignore": ["PAL002"] });
    await vs.openFile("broadcast_string_axis.py");
    await vs.squiggles().first().waitFor({ state: "detached", timeout: TIMEOUT.diagnostic });
    await vs.waitForNoProblem(/PAL002/);
    // The push path, not a restart: the output channel says which one ran.
    await vs.editUserSettings(vs.settings);
    await vs.openFile("broadcast_string_axis.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    await vs.runCommand("Pallas: Show Output");
    const output = vs.page.locator(".output-view, .panel .monaco-editor").first();
    await output.waitFor({ timeout: TIMEOUT.ui });
    const log = vs.page.locator(".view-lines", { hasText: "settings changed: sending them to the server" }).first();
    await log.waitFor({ timeout: TIMEOUT.ui });
  });
});

session("the extension in an untrusted workspace", false, (step) => {
  step("analyses the file in Restricted Mode", {}, async (vs) => {
    await vs.openFile("broadcast_axes_mismatch.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    await vs.waitForProblem(/PAL002/);
  });

  step("does not lower until the workspace is trusted", { skip: noJax }, async (vs) => {
    await vs.runCommand("Pallas: Confirm with real lowering");
    const refused = vs.page.locator(".notification-toast", { hasText: "runs only in a trusted workspace" });
    await refused.waitFor({ timeout: TIMEOUT.ui });
    console.log(`notification: ${(await refused.innerText()).replace(/\s+/g, " ")}`);
    assert.equal(await vs.page.locator(".statusbar-item", { hasText: "Pallas: confirmed" }).count(), 0);
    await vs.screenshot("untrusted");
  });

  step("lowers once trust is granted: the client passes it on to the running server", { skip: noJax }, async (vs) => {
    await vs.page.keyboard.press("Escape");
    await vs.runCommand("Workspaces: Manage Workspace Trust");
    const trustButton = vs.page.locator(".workspace-trust-editor .monaco-button", { hasText: /^Trust$/ }).first();
    await trustButton.waitFor({ timeout: TIMEOUT.ui });
    await trustButton.click();
    await vs.page.locator(".workspace-trust-editor .monaco-button", { hasText: /^Trust$/ }).first()
      .waitFor({ state: "hidden", timeout: TIMEOUT.ui });
    await vs.page.locator(".workspace-trust-editor").first().click({ position: { x: 5, y: 5 } });
    await vs.page.keyboard.press("Control+W"); // close the trust editor
    await vs.page.locator('.tab.active:has-text("broadcast_axes_mismatch.py")').first().waitFor({ timeout: TIMEOUT.ui });
    await confirmWithLowering(vs);
    await vs.waitForProblem(/PAL002.*confirmed|confirmed.*PAL002/i);
  });
});
