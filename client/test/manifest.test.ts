import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";
import { COMMANDS } from "../src/commands";
import { SECTION, SETTING_KEYS } from "../src/settings";

// client/out/test → the repository root.
const root = path.resolve(__dirname, "..", "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

type Setting = { order?: number; markdownDescription?: string; description?: string };
type Section = { title: string; order: number; properties: Record<string, Setting> };

function sections(): Section[] {
  return manifest.contributes.configuration as Section[];
}

function properties(): [string, Setting][] {
  return sections().flatMap((section) => Object.entries(section.properties));
}

describe("package.json", () => {
  it("orders its settings, the interpreter first, each described in Markdown", () => {
    const ordered = properties().sort(([, a], [, b]) => (a.order ?? 0) - (b.order ?? 0));
    assert.equal(ordered[0][0], "pallasLsp.interpreter");
    assert.deepEqual(
      sections().map((section) => section.title),
      ["Interpreter", "Rules", "Lowering check", "Notifications"],
    );
    const orders = ordered.map(([, setting]) => setting.order);
    assert.equal(new Set(orders).size, orders.length, "two settings share an order");
    for (const [key, setting] of ordered) {
      assert.ok(setting.markdownDescription, `${key} has no markdownDescription`);
      assert.equal(setting.description, undefined, `${key} has a plain description beside the Markdown one`);
    }
  });

  it("has what the extension page shows: icon, repository, licence, categories, keywords, changelog", () => {
    assert.equal(manifest.icon, "client/media/icon.png");
    const icon = fs.readFileSync(path.join(root, manifest.icon));
    assert.equal(icon.subarray(1, 4).toString("latin1"), "PNG");
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
    assert.equal(manifest.repository.url, "https://github.com/pallas-lsp/pallas-lsp");
    assert.equal(manifest.license, "Apache-2.0");
    assert.ok(fs.existsSync(path.join(root, "LICENSE")));
    assert.ok(fs.existsSync(path.join(root, "CHANGELOG.md")));
    assert.ok(manifest.categories.includes("Linters"));
    assert.ok(manifest.keywords.includes("jax"));
  });

  it("declares the same repository as pyproject.toml (the rule links point into it)", () => {
    const pyproject = fs.readFileSync(path.join(root, "pyproject.toml"), "utf8");
    const declared = /^Repository = "([^"]+)"/m.exec(pyproject)?.[1];
    assert.equal(declared, manifest.repository.url);
  });

  it("packages the extension page with its images inlined (client/scripts/extension-readme.mjs)", () => {
    // The page's own rules (inlined images, absolute links) are tested in client/scripts/extension-readme.test.mjs.
    assert.match(manifest.scripts.package, /node client\/scripts\/extension-readme\.mjs && vsce package/);
    assert.match(manifest.scripts.package, /--readme-path build\/extension\/README\.md/);
    assert.match(manifest.scripts.package, /--changelog-path CHANGELOG\.md/);
  });

  it("ships the rule pages that Pallas: Show Rule opens", () => {
    const ignore = fs.readFileSync(path.join(root, ".vscodeignore"), "utf8");
    assert.match(ignore, /^!docs\/rules\/\*\.md$/m);
    for (let n = 1; n <= 8; n += 1) {
      assert.ok(fs.existsSync(path.join(root, "docs", "rules", `PAL00${n}.md`)));
    }
  });

  it("contributes exactly the settings the client reads", () => {
    const contributed = properties().map(([key]) => key).sort();
    assert.deepEqual(contributed, SETTING_KEYS.map((key) => `${SECTION}.${key}`).sort());
  });

  it("contributes exactly the commands the client registers", () => {
    const contributed = manifest.contributes.commands.map((command: { command: string }) => command.command).sort();
    assert.deepEqual(contributed, Object.values(COMMANDS).sort());
    for (const command of manifest.contributes.commands) {
      assert.equal(command.category, "Pallas");
    }
  });

  it("offers the lowering check in the Python editor's context menu", () => {
    const entries = manifest.contributes.menus["editor/context"];
    assert.deepEqual(
      entries.map((entry: { command: string; when: string }) => [entry.command, entry.when]),
      [[COMMANDS.confirmLowering, "editorLangId == python"]],
    );
  });

  it("offers the lowering check in Jupyter notebooks, with or without a focused cell", () => {
    const palette = manifest.contributes.menus.commandPalette;
    assert.deepEqual(
      palette.map((entry: { command: string; when: string }) => [entry.command, entry.when]),
      [[COMMANDS.confirmLowering, "editorLangId == python || notebookType == jupyter-notebook"]],
    );
    const toolbar = manifest.contributes.menus["notebook/toolbar"];
    assert.deepEqual(
      toolbar.map((entry: { command: string; when: string }) => [entry.command, entry.when]),
      [[COMMANDS.confirmLowering, "notebookType == jupyter-notebook"]],
    );
  });

  it("restricts in untrusted workspaces the settings that run code", () => {
    const untrusted = manifest.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, "limited");
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), [
      "pallasLsp.interpreter",
      "pallasLsp.lowering.allowSideEffects",
      "pallasLsp.lowering.mode",
      "pallasLsp.lowering.onSave",
      "pallasLsp.lowering.remoteCommand",
    ]);
    for (const key of untrusted.restrictedConfigurations) {
      assert.ok(properties().some(([name]) => name === key), key);
    }
  });

  it("activates on Python files and Jupyter notebooks and points at the bundled client", () => {
    assert.deepEqual(manifest.activationEvents, ["onLanguage:python", "onNotebook:jupyter-notebook"]);
    assert.equal(manifest.main, "./client/out/extension.js");
  });

  it("pins vscode-languageclient to a version whose engine the VS Code under test (1.100.3) satisfies", () => {
    const version = manifest.dependencies["vscode-languageclient"];
    assert.match(version, /^\d+\.\d+\.\d+$/);
    const engine = JSON.parse(
      fs.readFileSync(path.join(root, "node_modules", "vscode-languageclient", "package.json"), "utf8"),
    ).engines.vscode as string;
    const minimum = (range: string) => range.replace(/^\^/, "").split(".").map(Number);
    const [major, minor] = minimum(engine);
    const [ownMajor, ownMinor] = minimum(manifest.engines.vscode);
    assert.ok(ownMajor > major || (ownMajor === major && ownMinor >= minor), `${manifest.engines.vscode} < ${engine}`);
    assert.ok(ownMajor === 1 && ownMinor <= 100, `${manifest.engines.vscode} is newer than VS Code 1.100.3`);
  });
});
