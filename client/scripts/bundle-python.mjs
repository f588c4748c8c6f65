#!/usr/bin/env node
// Builds bundled/libs: the pallas-lsp server from this repository plus its
// pinned dependencies (client/scripts/bundled-requirements.txt), installed with
// `pip install --target`. With importStrategy "useBundled" the client puts this
// folder first on PYTHONPATH, so a user needs only a Python 3.10+ interpreter.
//
// Then it proves the bundle: under `python -S` (no site-packages, so nothing
// but the bundle can supply a module) the server and its dependencies import,
// and `pallas_lsp.__main__` exists (`python -m pallas_lsp serve` needs it).
// It fails on any compiled extension module, which would tie the bundle to one
// Python version.
//
// The Python that runs pip: $PALLAS_BUNDLE_PYTHON, else the repo's .venv, else python3.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const target = path.join(root, "bundled", "libs");
const requirements = path.join(root, "client", "scripts", "bundled-requirements.txt");
const venvPython = path.join(root, ".venv", "bin", "python");
const python = process.env.PALLAS_BUNDLE_PYTHON || (fs.existsSync(venvPython) ? venvPython : "python3");

function run(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(" ")}`);
  try {
    execFileSync(command, args, { cwd: root, stdio: "inherit", ...options });
  } catch (error) {
    console.error(`bundle-python: ${path.basename(command)} failed (${error.status ?? error.code}); see above`);
    process.exit(1);
  }
}

fs.rmSync(target, { recursive: true, force: true });
run(python, [
  "-m", "pip", "install",
  "--target", target,
  "--no-compile",
  "--no-deps",
  "--disable-pip-version-check",
  "--no-warn-script-location",
  "--quiet",
  "-r", requirements,
  root,
]);
// Console scripts carry the build machine's interpreter in their shebang: useless in a .vsix.
fs.rmSync(path.join(target, "bin"), { recursive: true, force: true });

const compiled = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      walk(full);
    } else if (/\.(so|pyd|dylib)$/.test(entry.name)) {
      compiled.push(path.relative(target, full));
    }
  }
})(target);
if (compiled.length > 0) {
  console.error(`bundle-python: compiled modules would tie the bundle to one Python: ${compiled.join(", ")}`);
  process.exit(1);
}

// Every module of pallas_lsp is imported (the lowering worker is not: it runs in
// the user's interpreter with JAX), so a dependency the server needs and the
// bundle lacks fails here, not in a user's editor.
const smoke = [
  "import importlib, importlib.util, pkgutil, sys",
  "import pallas_lsp, pallas_lsp.lsp.server, pygls, lsprotocol.types, cattrs, attrs",
  "for info in pkgutil.walk_packages(pallas_lsp.__path__, 'pallas_lsp.'):",
  "    if info.name not in ('pallas_lsp.__main__', 'pallas_lsp.lowering.worker'):",
  "        importlib.import_module(info.name)",
  "assert importlib.util.find_spec('pallas_lsp.__main__') is not None, 'pallas_lsp has no __main__'",
  "assert pallas_lsp.lsp.server.__file__.startswith(sys.argv[1]), pallas_lsp.lsp.server.__file__",
  "print('bundle-python: the bundle imports under Python %d.%d' % sys.version_info[:2])",
].join("\n");
run(python, ["-S", "-c", smoke, target], { env: { ...process.env, PYTHONPATH: target } });
