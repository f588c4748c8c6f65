import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";
import { COMMANDS } from "../src/commands";
import { SECTION, SETTING_KEYS } from "../src/settings";

// client/out/test → the repository root.
const root = path.resolve(__dirname, "..", "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

describe("package.json", () => {
  it("contributes exactly the settings the client reads", () => {
    const contributed = Object.keys(manifest.contributes.configuration.properties).sort();
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

  it("restricts in untrusted workspaces the settings that run code", () => {
    const untrusted = manifest.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, "limited");
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), [
      "pallasLsp.interpreter",
      "pallasLsp.lowering.mode",
      "pallasLsp.lowering.onSave",
      "pallasLsp.lowering.remoteCommand",
    ]);
    for (const key of untrusted.restrictedConfigurations) {
      assert.ok(key in manifest.contributes.configuration.properties, key);
    }
  });

  it("activates on Python files and points at the bundled client", () => {
    assert.deepEqual(manifest.activationEvents, ["onLanguage:python"]);
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
