import assert from "node:assert/strict";
import * as path from "node:path";
import { describe, it } from "node:test";
import {
  initializationOptions,
  needsRestart,
  readSettings,
  serverLaunch,
  SettingKey,
  PROJECT_KEYS,
  userSetKeys,
} from "../src/settings";

function getter(values: Partial<Record<SettingKey, unknown>>): (key: SettingKey) => unknown {
  return (key) => values[key];
}

describe("readSettings", () => {
  it("gives the documented defaults when nothing is set", () => {
    const settings = readSettings(getter({}));
    assert.deepEqual(settings, {
      interpreter: [],
      importStrategy: "useBundled",
      showNotifications: "onError",
      severity: {},
      select: [],
      ignore: [],
      jaxVersion: "",
      jaxVersions: [],
      lintOnChange: true,
      maxFileSize: 0.25,
      lowering: { mode: "local", remoteCommand: [], timeout: 120, onSave: true, saveTimeout: 20, allowSideEffects: false },
      inlayHints: { enabled: false },
    });
  });

  it("keeps valid values", () => {
    const settings = readSettings(
      getter({
        interpreter: ["/opt/py/bin/python", "-X", "utf8"],
        importStrategy: "fromEnvironment",
        showNotifications: "onWarning",
        severity: { PAL001: "warning", PAL008: "hint" },
        select: ["PAL001", "PAL002"],
        ignore: ["PAL007"],
        jaxVersion: " 0.10.2 ",
        jaxVersions: ["0.10.2", " 0.12.0.1"],
        lintOnChange: false,
        "lowering.mode": "remote",
        "lowering.remoteCommand": ["ssh", "gpu-box", "python3", "-"],
        "lowering.timeout": 30,
        "lowering.onSave": false,
        "lowering.saveTimeout": 5,
        "lowering.allowSideEffects": true,
      }),
    );
    assert.deepEqual(settings.interpreter, ["/opt/py/bin/python", "-X", "utf8"]);
    assert.equal(settings.importStrategy, "fromEnvironment");
    assert.equal(settings.showNotifications, "onWarning");
    assert.deepEqual(settings.severity, { PAL001: "warning", PAL008: "hint" });
    assert.deepEqual(settings.select, ["PAL001", "PAL002"]);
    assert.deepEqual(settings.ignore, ["PAL007"]);
    assert.equal(settings.jaxVersion, "0.10.2");
    assert.deepEqual(settings.jaxVersions, ["0.10.2", "0.12.0.1"]);
    assert.equal(settings.lintOnChange, false);
    assert.deepEqual(settings.lowering, {
      mode: "remote",
      remoteCommand: ["ssh", "gpu-box", "python3", "-"],
      timeout: 30,
      onSave: false,
      saveTimeout: 5,
      allowSideEffects: true,
    });
  });

  it("drops what a hand-edited settings.json gets wrong", () => {
    const settings = readSettings(
      getter({
        interpreter: "/usr/bin/python3", // a string, not the documented array
        importStrategy: "bundled",
        showNotifications: true,
        severity: { PAL001: "fatal", pal002: "warning", E501: "error", PAL3: "hint" },
        select: ["pal001", 7, "", "E501", "PAL00"],
        ignore: null,
        jaxVersion: 12,
        jaxVersions: "0.10.2",
        lintOnChange: "no",
        "lowering.mode": "cluster",
        "lowering.remoteCommand": ["ssh", 3, "host"],
        "lowering.timeout": -5,
        "lowering.onSave": "yes",
        "lowering.saveTimeout": "soon",
        "lowering.allowSideEffects": "yes",
      }),
    );
    assert.deepEqual(settings.interpreter, []);
    assert.equal(settings.importStrategy, "useBundled");
    assert.equal(settings.showNotifications, "onError");
    assert.deepEqual(settings.severity, { PAL002: "warning" });
    assert.deepEqual(settings.select, ["PAL001"]);
    assert.deepEqual(settings.ignore, []);
    assert.equal(settings.jaxVersion, "");
    assert.deepEqual(settings.jaxVersions, []);
    // Only an explicit false turns linting on change off.
    assert.equal(settings.lintOnChange, true);
    assert.deepEqual(settings.lowering, { mode: "local", remoteCommand: ["ssh", "host"], timeout: 120, onSave: true, saveTimeout: 20, allowSideEffects: false });
  });
});

describe("initializationOptions", () => {
  it("maps empty values to the server's nulls and carries interpreter and trust", () => {
    const options = initializationOptions(readSettings(getter({})), "/venv/bin/python", false);
    assert.deepEqual(options, {
      jaxVersion: null,
      jaxVersions: [],
      interpreter: "/venv/bin/python",
      select: null,
      ignore: [],
      severity: {},
      lintOnChange: true,
      maxFileSize: 0.25,
      showNotifications: "onError",
      lowering: { mode: "local", remoteCommand: [], timeout: 120, onSave: true, saveTimeout: 20, allowSideEffects: false },
      workspaceTrusted: false,
      inlayHints: { enabled: false },
      userSet: [],
    });
  });

  it("names the project settings the user set, so defaults never hide [tool.pallas-lsp]", () => {
    const set = new Set<string>(["jaxVersion", "ignore", "lowering.timeout"]);
    const userSet = userSetKeys((key) => set.has(key));
    // lowering.timeout is no project setting: only the keys pyproject.toml also holds.
    assert.deepEqual(userSet, ["jaxVersion", "ignore"]);
    const options = initializationOptions(readSettings(getter({})), "/venv/bin/python", true, userSet);
    assert.deepEqual(options.userSet, ["jaxVersion", "ignore"]);
    assert.deepEqual(PROJECT_KEYS, ["jaxVersion", "interpreter", "select", "ignore"]);
  });

  it("passes every setting through under the contract's names", () => {
    const settings = readSettings(
      getter({
        jaxVersion: "0.12.0.1",
        select: ["PAL002"],
        ignore: ["PAL008"],
        severity: { PAL002: "information" },
        showNotifications: "always",
        "lowering.remoteCommand": ["srun", "python3", "-"],
      }),
    );
    const options = initializationOptions(settings, null, true);
    assert.equal(options.jaxVersion, "0.12.0.1");
    assert.equal(options.interpreter, null);
    assert.deepEqual(options.select, ["PAL002"]);
    assert.deepEqual(options.ignore, ["PAL008"]);
    assert.deepEqual(options.severity, { PAL002: "information" });
    assert.equal(options.showNotifications, "always");
    assert.deepEqual(options.lowering.remoteCommand, ["srun", "python3", "-"]);
    assert.equal(options.workspaceTrusted, true);
    // A copy: editing the options cannot change the settings it came from.
    options.ignore.push("PAL001");
    assert.deepEqual(settings.ignore, ["PAL008"]);
  });
});

describe("serverLaunch", () => {
  const extension = path.join("/ext", "pallas-lsp");
  const bundled = path.join(extension, "bundled", "libs");

  it("runs the module under the interpreter with its own arguments first", () => {
    const launch = serverLaunch(["/py/bin/python", "-X", "utf8"], "useBundled", extension, {});
    assert.equal(launch.command, "/py/bin/python");
    assert.deepEqual(launch.args, ["-X", "utf8", "-m", "pallas_lsp", "serve"]);
  });

  it("puts the bundled libraries first on PYTHONPATH with useBundled", () => {
    const launch = serverLaunch(["python3"], "useBundled", extension, { PYTHONPATH: "/user/lib", HOME: "/home/u" });
    assert.equal(launch.env.PYTHONPATH, `${bundled}${path.delimiter}/user/lib`);
    assert.equal(launch.env.HOME, "/home/u");
    assert.equal(launch.env.PYTHONUTF8, "1");
    assert.equal(serverLaunch(["python3"], "useBundled", extension, {}).env.PYTHONPATH, bundled);
  });

  it("starts in the extension's folder with PYTHONSAFEPATH, never in the workspace", () => {
    for (const strategy of ["useBundled", "fromEnvironment"] as const) {
      const launch = serverLaunch(["python3"], strategy, extension, { PYTHONSAFEPATH: "" });
      assert.equal(launch.cwd, extension);
      assert.equal(launch.env.PYTHONSAFEPATH, "1");
    }
  });

  it("leaves the environment's own PYTHONPATH alone with fromEnvironment", () => {
    assert.equal(serverLaunch(["python3"], "fromEnvironment", extension, { PYTHONPATH: "/user/lib" }).env.PYTHONPATH, "/user/lib");
    assert.equal(serverLaunch(["python3"], "fromEnvironment", extension, {}).env.PYTHONPATH, undefined);
  });

  it("refuses an empty interpreter command", () => {
    assert.throws(() => serverLaunch([], "useBundled", extension, {}), /needs an interpreter/);
  });
});

describe("needsRestart", () => {
  it("restarts for the interpreter and the import strategy only", () => {
    assert.equal(needsRestart((key) => key === "pallasLsp.interpreter"), true);
    assert.equal(needsRestart((key) => key === "pallasLsp.importStrategy"), true);
    assert.equal(needsRestart((key) => key === "pallasLsp.severity"), false);
    assert.equal(needsRestart((key) => key === "pallasLsp.lowering.timeout"), false);
  });
});
