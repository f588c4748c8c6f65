// One VS Code session for the end-to-end test: code-server 4.100.3 on a free
// loopback port with fresh user-data, extension and XDG folders, the .vsix
// installed, a copy of the examples as the workspace, and headless Chromium
// (playwright-core) on it. Plus the few user gestures the test needs, done as a
// person does them: Ctrl+P, F1, Ctrl+Shift+M, the settings JSON editor.
// Recipe and its measured quirks: shared/real-editor-testing.md.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { it } from "node:test";

export const TIMEOUT = {
  start: 90_000, // code-server up, the workbench drawn
  diagnostic: 90_000, // activation, preflight, server start, JAX version probe, first lint
  ui: 20_000,
  lowering: 300_000, // JAX import + lowering on a 2-core machine
};

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, deadline) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`code-server exited with ${child.exitCode}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`code-server did not answer ${url}`);
}

/**
 * The user settings every session starts from: telemetry, updates, tips and AI
 * features off, nothing else. Every editor.* setting keeps VS Code's default
 * (the hover above the line, its default delay, the minimap): the screenshots
 * show what a user with a fresh VS Code sees.
 */
/**
 * Steps that run in order on one VS Code session: once a step fails, the later ones are
 * skipped (they would fail for its reason). `only` (a RegExp) runs just the steps it names.
 */
export function stepper(state, only) {
  return (name, options, fn) => {
    if (typeof options === "function") [fn, options] = [options, {}];
    return it(name, options, async (t) => {
      if (only && !only.test(name)) {
        t.skip("not selected by PALLAS_E2E_ONLY");
        return;
      }
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
  };
}

export function baseSettings() {
  return {
    "telemetry.telemetryLevel": "off",
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.welcomePage.walkthroughs.openOnInstall": false,
    "extensions.autoUpdate": false,
    "extensions.autoCheckUpdates": false,
    "extensions.ignoreRecommendations": true,
    "update.mode": "none",
    "files.hotExit": "off",
    "chat.disableAIFeatures": true,
    "workbench.reduceMotion": "on",
    "window.restoreWindows": "none",
  };
}

export class VSCodeSession {
  /**
   * @param {object} options
   * @param {string} options.codeServer  code-server's out/node/entry.js
   * @param {string} options.chromium    the Chromium binary
   * @param {string} options.vsix        the extension to install
   * @param {string} options.examples    folder copied as the workspace
   * @param {string} options.artifacts   where screenshots and logs go
   * @param {object} options.settings    user settings.json
   * @param {boolean} options.trust      false: workspace trust on, the folder opens in Restricted Mode
   * @param {(file: string) => void} [options.onScreenshot]
   */
  static async start(options) {
    const session = new VSCodeSession(options);
    try {
      await session.launch();
    } catch (error) {
      await session.stop({ keepLogs: true });
      throw error;
    }
    return session;
  }

  constructor(options) {
    this.options = options;
    this.settings = options.settings;
    this.temp = fs.mkdtempSync(path.join(os.tmpdir(), "pallas-vscode-e2e-"));
    this.workspace = path.join(this.temp, "examples");
    fs.mkdirSync(options.artifacts, { recursive: true });
  }

  async launch() {
    const { codeServer, chromium, vsix, examples, artifacts, trust } = this.options;
    const dirs = Object.fromEntries(
      ["userData", "extensions", "config", "data", "cache", "profile"].map((name) => {
        const dir = path.join(this.temp, name);
        fs.mkdirSync(dir, { recursive: true });
        return [name, dir];
      }),
    );
    this.dirs = dirs;
    fs.cpSync(examples, this.workspace, { recursive: true });
    for (const file of fs.readdirSync(this.workspace)) {
      fs.chmodSync(path.join(this.workspace, file), 0o644); // shared/ is read-only; the quick fix writes
    }
    const settings = {
      ...this.settings,
      "security.workspace.trust.enabled": !trust,
      "security.workspace.trust.startupPrompt": "never",
    };
    this.settings = settings;
    fs.mkdirSync(path.join(dirs.userData, "User"), { recursive: true });
    fs.writeFileSync(path.join(dirs.userData, "User", "settings.json"), JSON.stringify(settings, null, 2));

    const port = await freePort();
    const env = { ...process.env, XDG_CONFIG_HOME: dirs.config, XDG_DATA_HOME: dirs.data, XDG_CACHE_HOME: dirs.cache };
    const common = ["--user-data-dir", dirs.userData, "--extensions-dir", dirs.extensions];
    const installed = execFileSync(process.execPath, [codeServer, ...common, "--install-extension", vsix], {
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    console.log(installed.trim());
    assert.match(installed, /pallas-lsp.*(successfully installed|was successfully)/i);

    this.serverLog = fs.openSync(path.join(artifacts, "code-server.log"), "a");
    this.serverProcess = spawn(
      process.execPath,
      [
        codeServer,
        ...common,
        "--auth", "none",
        "--bind-addr", `127.0.0.1:${port}`,
        "--disable-telemetry",
        "--disable-update-check",
        ...(trust ? ["--disable-workspace-trust"] : []),
        "--disable-getting-started-override",
        "--disable-proxy",
        this.workspace,
      ],
      // detached: its own process group, so stop() ends the extension host and the language server too.
      { env, detached: true, stdio: ["ignore", this.serverLog, this.serverLog] },
    );
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, this.serverProcess, Date.now() + TIMEOUT.start);

    const { chromium: chromiumApi } = await import("playwright-core");
    this.context = await chromiumApi.launchPersistentContext(dirs.profile, {
      executablePath: chromium,
      headless: true,
      viewport: { width: 1400, height: 900 },
      args: CHROMIUM_ARGS,
    });
    this.page = this.context.pages()[0] ?? (await this.context.newPage());
    await this.page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(this.workspace)}`);
    await this.page.locator(".monaco-workbench").waitFor({ timeout: TIMEOUT.start });
    await this.page.locator(".explorer-folders-view, .explorer-viewlet").first().waitFor({ timeout: TIMEOUT.start });
  }

  async stop({ keepLogs = false, failureShot } = {}) {
    if (failureShot && this.page) {
      await this.page.screenshot({ path: path.join(this.options.artifacts, `${failureShot}.png`) }).catch(() => undefined);
    }
    await this.context?.close().catch(() => undefined);
    if (this.serverProcess?.pid) {
      try {
        process.kill(-this.serverProcess.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    if (this.serverLog !== undefined) {
      fs.closeSync(this.serverLog);
      this.serverLog = undefined;
    }
    const logs = path.join(this.temp, "userData", "logs");
    if (keepLogs && fs.existsSync(logs)) {
      fs.cpSync(logs, path.join(this.options.artifacts, "vscode-logs"), { recursive: true });
    }
    fs.rmSync(this.temp, { recursive: true, force: true });
  }

  async screenshot(name) {
    const file = path.join(this.options.artifacts, `${name}.png`);
    await this.page.screenshot({ path: file });
    this.options.onScreenshot?.(file);
    console.log(`screenshot: ${file}`);
  }

  async problemsText() {
    // One read of every row: counting first and reading row i after raced with the list
    // re-rendering while diagnostics cleared (row i gone, innerText waited 30 s).
    const texts = await this.page.locator(".markers-panel .monaco-list-row").allInnerTexts();
    return texts.map((text) => text.replace(/\s+/g, " ").trim());
  }

  async openProblems() {
    if (!(await this.page.locator(".markers-panel").isVisible())) {
      await this.page.keyboard.press("Control+Shift+M");
    }
    await this.page.locator(".markers-panel").waitFor({ state: "visible", timeout: TIMEOUT.ui });
  }

  async hidePanel() {
    if (await this.page.locator(".markers-panel").isVisible()) {
      await this.page.keyboard.press("Control+J");
    }
  }

  async waitForProblem(pattern, timeout = TIMEOUT.ui) {
    await this.openProblems();
    const deadline = Date.now() + timeout;
    let rows = [];
    while (Date.now() < deadline) {
      rows = await this.problemsText();
      if (rows.some((row) => pattern.test(row))) {
        return rows;
      }
      await this.page.waitForTimeout(500);
    }
    throw new Error(`no Problems row matched ${pattern}; rows: ${JSON.stringify(rows)}`);
  }

  async waitForNoProblem(pattern, timeout = TIMEOUT.ui) {
    await this.openProblems();
    const deadline = Date.now() + timeout;
    let rows = await this.problemsText();
    while (rows.some((row) => pattern.test(row)) && Date.now() < deadline) {
      await this.page.waitForTimeout(300);
      rows = await this.problemsText();
    }
    assert.ok(!rows.some((row) => pattern.test(row)), `still listed (${pattern}): ${JSON.stringify(rows)}`);
    return rows;
  }

  /**
   * Presses `key` until the quick-input widget shows, within the usual UI deadline. A key
   * press that lands while the focus moves (an editor or a rule page being closed, a hover
   * going away) is dropped by the workbench: seen once in a clean CI run, where Ctrl+P right
   * after closing the rule page opened nothing. The widget's being visible is the condition;
   * the key is only pressed again while it is not.
   */
  async openQuickInput(key) {
    const input = this.page.locator(".quick-input-widget input");
    const deadline = Date.now() + TIMEOUT.ui;
    for (;;) {
      await this.page.keyboard.press(key);
      try {
        await input.waitFor({ state: "visible", timeout: Math.min(2000, Math.max(1, deadline - Date.now())) });
        return input;
      } catch (error) {
        if (Date.now() >= deadline) throw error;
      }
    }
  }

  async openFile(name) {
    const page = this.page;
    const input = await this.openQuickInput("Control+P");
    await input.fill(name);
    // Enter opens the focused row: wait until that row is the file (the list fills in steps).
    await page.locator(".quick-input-widget .monaco-list-row.focused", { hasText: name }).first().waitFor({ timeout: TIMEOUT.ui });
    await page.keyboard.press("Enter");
    await page.locator(`.tab.active[aria-label*="${name}"], .tab.active:has-text("${name}")`).first().waitFor({ timeout: TIMEOUT.ui });
  }

  async runCommand(title) {
    const page = this.page;
    const input = await this.openQuickInput("F1");
    await input.fill(`>${title}`);
    await page.locator(".quick-input-widget .monaco-list-row", { hasText: title }).first().waitFor({ timeout: TIMEOUT.ui });
    await page.keyboard.press("Enter");
  }

  /**
   * Replaces the user settings as a person does: "Preferences: Open User Settings
   * (JSON)", select all, type, save, close. (This VS Code does not notice a write to
   * the file from outside.)
   */
  async editUserSettings(settings) {
    const page = this.page;
    await this.runCommand("Preferences: Open User Settings (JSON)");
    await page.locator('.tab.active[aria-label*="settings.json"], .tab.active:has-text("settings.json")').first().waitFor({ timeout: TIMEOUT.ui });
    // The editor of the active group: a sidebar's search box is a Monaco editor too.
    await page.locator(".editor-group-container.active .monaco-editor .view-lines").first().click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(JSON.stringify(settings, null, 2));
    await page.keyboard.press("Control+S");
    await page.waitForTimeout(500);
    await page.keyboard.press("Control+W");
  }

  /** The lines of the "Pallas LSP" output channel, as VS Code wrote them to its log file. */
  outputLog() {
    const found = [];
    (function walk(dir) {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          walk(full);
        } else if (/Pallas LSP\.log$/.test(entry.name)) {
          found.push(full);
        }
      }
    })(path.join(this.temp, "userData", "logs"));
    assert.ok(found.length > 0, "no Pallas LSP output channel log under userData/logs");
    return found.flatMap((file) => fs.readFileSync(file, "utf8").split("\n")).filter((line) => line.trim() !== "");
  }

  /** Waits until a line after the first ``since`` lines of the output channel matches. */
  async waitForLog(pattern, since, timeout = TIMEOUT.ui) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const line = this.outputLog().slice(since).find((text) => pattern.test(text));
      if (line) {
        return line;
      }
      assert.ok(Date.now() < deadline, `no output line matched ${pattern} within ${timeout} ms`);
      await this.page.waitForTimeout(200);
    }
  }

  statusItem() {
    return this.page.locator(".statusbar-item", { hasText: /^\s*Pallas/ }).first();
  }

  /** The notification toast whose text matches; its text with whitespace folded. */
  async toast(pattern, timeout = TIMEOUT.ui) {
    const toast = this.page.locator(".notification-toast", { hasText: pattern }).first();
    await toast.waitFor({ timeout });
    return { toast, text: (await toast.innerText()).replace(/\s+/g, " ").trim() };
  }

  async clearNotifications() {
    await this.runCommand("Notifications: Clear All Notifications");
    await this.page.locator(".notification-toast").first().waitFor({ state: "detached", timeout: TIMEOUT.ui }).catch(() => undefined);
  }

  squiggles() {
    return this.page.locator(".view-overlays .squiggly-error");
  }

  /** Moves the mouse onto the first error squiggle; returns its box. */
  async hoverSquiggle() {
    const box = await this.squiggles().first().boundingBox();
    assert.ok(box, "the squiggle has no box on screen");
    await this.page.mouse.move(box.x + Math.min(box.width / 2, 40), box.y + box.height / 2);
    return box;
  }
}
