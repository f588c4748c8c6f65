// End-to-end test of the extension in real VS Code: code-server 4.100.3 (VS Code
// 1.100.3) with the built pallas-lsp.vsix installed, driven by playwright-core in
// Debian's headless Chromium (recipe: shared/real-editor-testing.md; the session
// machinery is in session.mjs). Every editor setting is VS Code's default
// (session.mjs baseSettings): the hover opens above the line, as for a new user.
//
//   node tests/vscode/e2e.test.mjs          (after .ci/setup-vscode.sh, npm ci, npm run package)
//
// On a copy of shared/examples, as a user sees it:
// - the extension's details page: its icon and the screenshot on its page load;
// - allreduce_no_mesh.py: the PAL001 diagnostic in the Problems panel; the status
//   bar's "Pallas · JAX 0.12.0.1", still there after it is clicked; a short hover
//   (inferred facts, a one-line rule summary, no repeat of the diagnostic) whose
//   link opens the rule's page; the quick fix applied with Ctrl+. and Enter;
// - a restart of the server leaves no error-level line in the output channel;
// - broadcast_axes_mismatch.py: "Pallas: Confirm with Real Lowering" puts
//   "pallas-lsp ✓ JAX 0.12.0.1" in the Problems row and one counting notification;
// - a missing interpreter is reported in words, and fixing the setting restarts the server;
// - a settings change (ignore) reaches the running server without a restart;
// - an interpreter without JAX: the lowering check says so, names the interpreter
//   and the JAX version the rules follow, and offers Select Interpreter / Open
//   Settings / Show Output; Select Interpreter lists the Pythons with their JAX;
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
// PALLAS_E2E_NOJAX_PYTHON (a Python 3.10+ without JAX for the lowering-failure
// step; default .venv/bin/python), PALLAS_EXAMPLES (default ../shared/examples),
// PALLAS_VSIX (default pallas-lsp.vsix), PALLAS_E2E_REQUIRED=1 (as CI=true: fail
// instead of skipping when something is missing).
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
const noJaxInterpreter = [process.env.PALLAS_E2E_NOJAX_PYTHON, path.join(root, ".venv", "bin", "python")]
  .filter(Boolean)
  .find((candidate) => fs.existsSync(candidate));
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

// While working on the test: PALLAS_E2E_ONLY=<regex> runs only the steps whose name matches.
const only = process.env.PALLAS_E2E_ONLY ? new RegExp(process.env.PALLAS_E2E_ONLY) : undefined;

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
    const step = stepper(state, only);
    body(step);
  });
}

/** Runs the lowering command and waits for its one notification; fails on any end but confirmed findings. */
async function confirmWithLowering(vs) {
  await vs.runCommand("Pallas: Confirm with Real Lowering");
  const { text } = await vs.toast(/^Pallas lowering/, TIMEOUT.lowering);
  console.log(`notification: ${text}`);
  assert.doesNotMatch(text, /could not run|cancelled/, "the lowering check did not run");
  return text;
}

/** The rule pages Pallas: Show Rule opens: a Markdown preview tab. */
function previewTab(vs, code) {
  return vs.page.locator(`.tab:has-text("${code}")`).filter({ hasText: /Preview/ }).first();
}

fs.rmSync(artifacts, { recursive: true, force: true });

session("the extension in real VS Code (code-server 4.100.3)", true, (step) => {
  step("has a finished details page: its icon and the screenshot on its page load", {}, async (vs) => {
    await vs.page.keyboard.press("Control+Shift+X");
    const search = vs.page.locator(".extensions-viewlet .suggest-input-container .monaco-editor").first();
    await search.waitFor({ timeout: TIMEOUT.ui });
    await search.click();
    await vs.page.keyboard.insertText("@installed pallas");
    const entry = vs.page.locator(".extensions-viewlet .monaco-list-row", { hasText: "Pallas LSP" }).first();
    await entry.waitFor({ timeout: TIMEOUT.ui });
    await entry.click();
    const editor = vs.page.locator(".extension-editor").first();
    await editor.waitFor({ timeout: TIMEOUT.ui });
    const icon = editor.locator(".header .icon").first();
    await icon.waitFor({ timeout: TIMEOUT.ui });
    await vs.page.waitForFunction(
      (element) => element.complete && element.naturalWidth > 0,
      await icon.elementHandle(),
      { timeout: TIMEOUT.ui },
    );
    // The README is drawn in a webview (an iframe in an iframe): find the frame that shows it.
    let readme;
    const deadline = Date.now() + TIMEOUT.ui;
    while (!readme && Date.now() < deadline) {
      for (const frame of vs.page.frames()) {
        if (await frame.locator("h2", { hasText: "What it catches" }).count().catch(() => 0)) {
          readme = frame;
        }
      }
      await vs.page.waitForTimeout(300);
    }
    assert.ok(readme, "the extension page shows no README with 'What it catches'");
    await readme.waitForFunction(
      () => [...document.images].length > 0 && [...document.images].every((image) => image.complete),
      undefined,
      { timeout: TIMEOUT.ui },
    );
    const images = await readme.evaluate(() =>
      [...document.images].map((image) => ({ src: image.getAttribute("src"), width: image.naturalWidth })),
    );
    console.log(`extension page images: ${JSON.stringify(images)}`);
    assert.ok(images.every((image) => image.width > 0), `an image did not load: ${JSON.stringify(images)}`);
    await vs.screenshot("extension-page");
    await vs.page.keyboard.press("Control+W");
    await vs.page.keyboard.press("Control+Shift+E"); // back to the Explorer
  });

  step("lists its settings in titled sections, the interpreter first", {}, async (vs) => {
    await vs.runCommand("Preferences: Open Settings (UI)");
    const search = vs.page.locator(".settings-editor .suggest-input-container .monaco-editor").first();
    await search.waitFor({ timeout: TIMEOUT.ui });
    await search.click();
    await vs.page.keyboard.insertText("@ext:pallas-lsp.pallas-lsp");
    const rows = vs.page.locator(".settings-editor .setting-item-contents .setting-item-title");
    await rows.first().waitFor({ timeout: TIMEOUT.ui });
    await vs.page.waitForTimeout(800);
    const titles = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
    console.log(`settings, in order: ${JSON.stringify(titles)}`);
    assert.match(titles[0], /Interpreter$/);
    const toc = (await vs.page.locator(".settings-toc-container .monaco-list-row").allInnerTexts()).map((t) => t.trim());
    console.log(`settings sections: ${JSON.stringify(toc)}`);
    await vs.screenshot("settings");
    await vs.page.keyboard.press("Control+W");
  });

  step("shows the PAL001 diagnostic of allreduce_no_mesh.py, and the JAX version in the status bar", {}, async (vs) => {
    await vs.openFile("allreduce_no_mesh.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    const rows = await vs.waitForProblem(/PAL001/);
    console.log(`Problems panel (allreduce_no_mesh.py):\n  ${rows.join("\n  ")}`);
    const row = rows.find((text) => /PAL001/.test(text));
    assert.match(row, /JAX device mesh/);
    assert.match(row, /pallas-lsp/);
    assert.match(row, /Ln 11, Col 9/); // the line JAX's own traceback names
    await vs.statusItem().waitFor({ timeout: TIMEOUT.diagnostic });
    await vs.page.locator(".statusbar-item", { hasText: /Pallas · JAX 0\.12\.0\.1/ }).first().waitFor({ timeout: TIMEOUT.diagnostic });
    await vs.screenshot("diagnostic");
  });

  step("keeps the status bar item after it is clicked, the source of the JAX version in its tooltip", {}, async (vs) => {
    const item = vs.statusItem();
    await item.hover();
    const tooltip = vs.page.locator(".monaco-hover:visible, .workbench-hover:visible", { hasText: "The rules follow JAX" }).first();
    await tooltip.waitFor({ timeout: TIMEOUT.ui });
    const tip = (await tooltip.innerText()).replace(/\s+/g, " ");
    console.log(`status bar tooltip: ${tip}`);
    assert.match(tip, /The rules follow JAX 0\.12\.0\.1: installed for \S+python/);
    await item.click();
    // The output panel opens and takes the focus; the item stays.
    await vs.page.locator(".panel .output-view, .panel [id='workbench.panel.output']").first().waitFor({ timeout: TIMEOUT.ui });
    await vs.page.waitForTimeout(1000);
    assert.ok(await vs.statusItem().isVisible(), "the status bar item vanished after a click");
    assert.match(await vs.statusItem().innerText(), /Pallas · JAX 0\.12\.0\.1/);
    await vs.screenshot("status-bar");
  });

  step("restarts without an error-level line in the output channel", {}, async (vs) => {
    await vs.runCommand("Pallas: Restart Server");
    await vs.page.locator(".statusbar-item", { hasText: /Pallas · JAX 0\.12\.0\.1/ }).first().waitFor({ timeout: TIMEOUT.diagnostic });
    await vs.page.waitForTimeout(1500);
    const lines = vs.outputLog();
    console.log(`output channel after a restart:\n  ${lines.join("\n  ")}`);
    assert.ok(lines.some((line) => /the server stopped/.test(line)), "the restart is not in the log");
    const errors = lines.filter((line) => /\[error\]/i.test(line));
    assert.deepEqual(errors, [], "error-level lines after a normal restart");
    // One timestamp per line: the channel's own; nothing internal.
    for (const line of lines) {
      assert.doesNotMatch(line.replace(/^\S+ \S+ /, ""), /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/, `two timestamps: ${line}`);
      assert.doesNotMatch(line, /source changed|None \//, `internal jargon: ${line}`);
    }
    await vs.screenshot("output");
    await vs.hidePanel();
  });

  step("shows a short hover: the finding and its fix first, linking to the rule page, then the inferred facts", {}, async (vs) => {
    await vs.openFile("allreduce_no_mesh.py");
    await vs.hidePanel();
    const rows = await vs.problemsText().catch(() => []);
    await vs.hoverSquiggle();
    const hover = vs.page.locator(".monaco-hover:visible", { hasText: "PAL001" }).first();
    await hover.waitFor({ timeout: TIMEOUT.ui });
    await vs.page.locator(".monaco-hover:visible a", { hasText: /rule page/i }).first().waitFor({ timeout: TIMEOUT.ui });
    await vs.page.waitForTimeout(500);
    const text = (await hover.innerText()).replace(/\s+/g, " ");
    const box = await hover.boundingBox();
    // VS Code caps the hover's height (about 250 px here) and puts the diagnostic's own
    // part first (its message and related locations); the server's part follows it.
    const parts = await hover.evaluate((element) =>
      [...element.querySelectorAll(".hover-row")].map((row) => ({
        text: row.innerText.replace(/\s+/g, " ").slice(0, 60),
        height: Math.round(row.getBoundingClientRect().height),
      })),
    );
    // The server's part opens with the finding and its fix (another extension's hover may
    // sit above it), then what was inferred.
    const ours = parts.filter((part) => /^PAL001 mesh_required: /.test(part.text));
    const oursHeight = ours.reduce((sum, part) => sum + part.height, 0);
    console.log(`hover: ${Math.round(box?.height ?? 0)} px on screen; parts ${JSON.stringify(parts)}; the server's ${oursHeight} px`);
    console.log(`hover text: ${text}`);
    assert.ok(ours.length > 0, "the server's part of the hover is missing");
    // Five lines at most (the page it links to is longer than the hover can show).
    assert.ok(oursHeight <= 130, `the server's part of the hover is ${oursHeight} px tall`);
    // Scrolled to the server's part for the screenshot.
    await vs.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let turn = 0; turn < 3; turn += 1) {
      await vs.page.mouse.wheel(0, 300);
      await vs.page.waitForTimeout(300);
    }
    await vs.screenshot("hover");
    assert.match(text, /PAL001 mesh_required: .* — fix: Launch inside jax\.shard_map over mesh/);
    for (const fact of [/collective_axes/, /semantics/i, /JAX 0\.12\.0\.1/, /mesh/i]) {
      assert.match(text, fact);
    }
    // The diagnostic's message is VS Code's own part of the hover: the server's part does not repeat it.
    const message = "multimem_load_reduce needs a JAX device mesh";
    assert.ok(text.split(message).length <= 2, `the hover repeats the diagnostic: ${text}`);
    assert.doesNotMatch(text, /\([^()]*\([^()]*\)[^()]*\)/, "nested parentheses in the hover");
    assert.doesNotMatch(text, /What it means|How to fix/, "the hover carries the whole rule page");
    void rows;
    // The link opens the rule's page inside VS Code.
    await vs.page.locator(".monaco-hover:visible a", { hasText: /rule page/i }).first().click();
    await previewTab(vs, "PAL001").waitFor({ timeout: TIMEOUT.ui });
    let page;
    for (let tries = 0; tries < 40 && !page; tries += 1) {
      for (const frame of vs.page.frames()) {
        if (await frame.locator("h1", { hasText: "PAL001" }).count().catch(() => 0)) {
          page = frame;
        }
      }
      await vs.page.waitForTimeout(250);
    }
    assert.ok(page, "the rule page did not render");
    assert.ok(await page.locator("h2", { hasText: "How to fix" }).count());
    await vs.screenshot("rule-page");
    await vs.page.keyboard.press("Control+W");
    await vs.page.mouse.move(700, 850); // off the hover, which would otherwise stay open
    await vs.page.keyboard.press("Escape");
  });

  step("applies the quick fix with Ctrl+. and Enter, and the diagnostic clears", {}, async (vs) => {
    await vs.openFile("allreduce_no_mesh.py");
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
    // Code action titles are plain text in VS Code: no markdown backticks.
    assert.doesNotMatch(fixTitle, /`/);
    await vs.screenshot("quickfix");
    await vs.page.keyboard.press("Enter");
    await vs.squiggles().first().waitFor({ state: "detached", timeout: TIMEOUT.diagnostic });
    const rows = await vs.waitForNoProblem(/PAL001/);
    console.log(`applied quick fix: ${fixTitle}; Problems panel now: ${JSON.stringify(rows)}`);
    await vs.screenshot("fixed");
  });

  step("marks the PAL002 finding of broadcast_axes_mismatch.py confirmed in its Problems row", { skip: noJax }, async (vs) => {
    await vs.openFile("broadcast_axes_mismatch.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    const before = await vs.waitForProblem(/PAL002/);
    console.log(`Problems panel before lowering:\n  ${before.join("\n  ")}`);
    const text = await confirmWithLowering(vs);
    assert.match(text, /^Pallas lowering with JAX 0\.12\.0\.1: \d+ findings?, \d+ confirmed/);
    assert.equal((text.match(/confirmed/g) ?? []).length, 1, `the notification repeats itself: ${text}`);
    // The state is at the start of the row (the source column), where a long message cannot cut it off.
    const rows = await vs.waitForProblem(/pallas-lsp ✓ JAX 0\.12\.0\.1.*PAL002/, TIMEOUT.diagnostic);
    console.log(`Problems panel after lowering:\n  ${rows.join("\n  ")}`);
    await vs.page.waitForTimeout(300);
    await vs.screenshot("confirmed");
    await vs.clearNotifications();
  });

  step("says what is wrong when the interpreter is missing, and restarts when it is fixed", {}, async (vs) => {
    await vs.page.keyboard.press("Escape");
    // Changing pallasLsp.interpreter restarts the server with the new interpreter.
    await vs.editUserSettings({ ...vs.settings, "pallasLsp.interpreter": ["/nonexistent/bin/python"] });
    const { text } = await vs.toast('the Python interpreter "/nonexistent/bin/python" was not found', TIMEOUT.diagnostic);
    console.log(`notification: ${text}`);
    assert.match(text, /Select Interpreter.*Open Settings.*Show Output/);
    await vs.screenshot("interpreter-missing");
    // The old server is gone: its diagnostics went with it.
    await vs.openFile("broadcast_string_axis.py");
    await vs.page.waitForTimeout(1000);
    assert.equal(await vs.squiggles().count(), 0);

    await vs.editUserSettings(vs.settings);
    await vs.clearNotifications();
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
    assert.ok(vs.outputLog().some((line) => /settings changed: sending them to the server/.test(line)));
  });

  step("gives a lowering check that cannot run (no JAX) a way forward", { skip: noJax || !noJaxInterpreter }, async (vs) => {
    assert.ok(!hasJax(noJaxInterpreter), `${noJaxInterpreter} has JAX: set PALLAS_E2E_NOJAX_PYTHON`);
    const linesBefore = vs.outputLog().length;
    await vs.editUserSettings({ ...vs.settings, "pallasLsp.interpreter": [noJaxInterpreter] });
    // The restart has begun (VS Code told the extension of the change); the command run
    // during it waits for the new server rather than answer "server is not running".
    await vs.waitForLog(/starting the server \(the interpreter settings changed\)/, linesBefore, TIMEOUT.diagnostic);
    await vs.openFile("broadcast_axes_mismatch.py");
    await vs.runCommand("Pallas: Confirm with Real Lowering");
    const { toast, text } = await vs.toast(/Pallas lowering could not run/, TIMEOUT.lowering);
    console.log(`notification: ${text}`);
    assert.match(text, /JAX is not installed/);
    assert.ok(text.includes(`Interpreter: ${noJaxInterpreter}`) || text.includes(noJaxInterpreter), text);
    assert.match(text, /The rules follow JAX \d+(\.\d+)+/);
    for (const action of ["Select Interpreter", "Open Settings", "Show Output"]) {
      assert.ok(await toast.locator(".monaco-button", { hasText: action }).count(), `no ${action} button`);
    }
    await vs.screenshot("lowering-failure");
    // The project's own environment has JAX (as a user's would): Select Interpreter finds it
    // there. (Made only now: Quick Open would index the whole environment.)
    fs.symlinkSync(path.dirname(path.dirname(interpreter)), path.join(vs.workspace, ".venv"));
    await toast.locator(".monaco-button", { hasText: "Select Interpreter" }).click();
    const picker = vs.page.locator(".quick-input-widget:visible");
    await picker.waitFor({ timeout: TIMEOUT.ui });
    await picker.locator(".monaco-list-row", { hasText: "JAX 0.12.0.1" }).first().waitFor({ timeout: TIMEOUT.ui });
    await vs.screenshot("select-interpreter");
    await picker.locator(".monaco-list-row", { hasText: "JAX 0.12.0.1" }).first().click();
    // The choice restarts the server with an interpreter that has JAX.
    await vs.page.locator(".statusbar-item", { hasText: /Pallas · JAX 0\.12\.0\.1/ }).first().waitFor({ timeout: TIMEOUT.diagnostic });
  });
});

session("the extension in an untrusted workspace", false, (step) => {
  step("analyses the file in Restricted Mode", {}, async (vs) => {
    await vs.openFile("broadcast_axes_mismatch.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    await vs.waitForProblem(/PAL002/);
  });

  step("does not lower until the workspace is trusted", { skip: noJax }, async (vs) => {
    await vs.runCommand("Pallas: Confirm with Real Lowering");
    const { text } = await vs.toast("runs only in a trusted workspace");
    console.log(`notification: ${text}`);
    assert.equal(await vs.page.locator(".statusbar-item", { hasText: "confirmed" }).count(), 0);
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
    await vs.waitForProblem(/✓.*PAL002/, TIMEOUT.diagnostic);
  });
});
