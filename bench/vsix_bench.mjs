#!/usr/bin/env node
// The .vsix as a user gets it: its size and file count, how long `npm run
// package` took (given on the command line: it is measured by the caller's
// `time`), how long VS Code (code-server 4.100.3) takes to install it, and the
// cold start of the installed extension: from opening a kernel file in a fresh
// VS Code to its first diagnostic on screen (activation, interpreter check,
// server start, JAX version probe, first analysis).
//
//   node bench/vsix_bench.mjs LABEL=VSIX[@PACKAGE_SECONDS] ... [--runs N] [--write]
//
// --write puts the table into bench/results.md between the vsix-bench markers
// (bench/run_all.py keeps that block when it rewrites the file).
// Needs what the end-to-end test needs (.ci/setup-vscode.sh, ../shared/examples,
// .venv-jax012 or PALLAS_E2E_PYTHON).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { baseSettings, TIMEOUT, VSCodeSession } from "../tests/vscode/session.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cache = process.env.PALLAS_VSCODE_CACHE || path.join(os.homedir(), ".cache", "pallas-lsp-vscode");
const codeServer = path.join(cache, "node_modules", "code-server", "out", "node", "entry.js");
const examples = path.resolve(root, process.env.PALLAS_EXAMPLES || path.join("..", "shared", "examples"));
const interpreter = [process.env.PALLAS_E2E_PYTHON, path.join(root, ".venv-jax012", "bin", "python")]
  .filter(Boolean)
  .find((candidate) => fs.existsSync(candidate));
const BEGIN = "<!-- vsix-bench: written by node bench/vsix_bench.mjs --write -->";
const END = "<!-- /vsix-bench -->";

function zipListing(vsix) {
  // The central directory, read with unzip: entries and their uncompressed bytes.
  const out = execFileSync("unzip", ["-l", vsix], { encoding: "utf8" });
  const total = out.trim().split("\n").pop().trim().split(/\s+/);
  return { files: Number(total[1]), unpacked: Number(total[0]) };
}

function installSeconds(vsix) {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "vsix-bench-install-"));
  try {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, [codeServer, "--user-data-dir", path.join(temp, "u"), "--extensions-dir",
      path.join(temp, "e"), "--install-extension", vsix], {
      env: { ...process.env, XDG_CONFIG_HOME: path.join(temp, "c"), XDG_DATA_HOME: path.join(temp, "d") },
      stdio: "ignore",
      timeout: 300_000,
    });
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

async function coldStartSeconds(vsix) {
  const artifacts = fs.mkdtempSync(path.join(os.tmpdir(), "vsix-bench-artifacts-"));
  const vs = await VSCodeSession.start({
    codeServer, chromium: "/usr/bin/chromium", vsix, examples, artifacts, trust: true,
    settings: { ...baseSettings(), "pallasLsp.interpreter": [interpreter] },
  });
  try {
    const started = Date.now();
    await vs.openFile("allreduce_no_mesh.py");
    await vs.squiggles().first().waitFor({ timeout: TIMEOUT.diagnostic });
    return (Date.now() - started) / 1000;
  } finally {
    await vs.stop();
    fs.rmSync(artifacts, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (bytes) => `${(bytes / 1048576).toFixed(2)} MiB`;

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 3;
const write = args.includes("--write");
const targets = args.filter((arg, i) => arg.includes("=") && args[i - 1] !== "--runs");
// Runs alternate between the .vsix files, so that a change in the machine's load
// (it is shared) falls on all of them alike.
const measured = targets.map((target) => {
  const [label, rest] = target.split("=");
  const [vsixPath, packageSeconds] = rest.split("@");
  const vsix = path.resolve(vsixPath);
  return { label, vsix, ...zipListing(vsix), size: fs.statSync(vsix).size,
    packageSeconds: packageSeconds ? Number(packageSeconds) : undefined, installs: [], starts: [] };
});
for (let run = 0; run < runs; run += 1) {
  for (const row of measured) {
    row.installs.push(installSeconds(row.vsix));
    row.starts.push(await coldStartSeconds(row.vsix));
  }
}
const rows = measured.map((row) => ({ ...row, install: median(row.installs), coldStart: median(row.starts) }));
for (const row of rows) {
  console.log(JSON.stringify(row));
}

const table = [
  BEGIN,
  "## The .vsix",
  "",
  `Measured by \`node bench/vsix_bench.mjs\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ` +
    `${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")} at the end; ` +
    `code-server 4.100.3; the interpreter ${interpreter ? path.relative(root, interpreter) : "?"}; median of ${runs} runs ` +
    "(all runs in brackets). Cold start: a fresh VS Code, open `allreduce_no_mesh.py`, until its first squiggle is drawn.",
  "",
  "| .vsix | files | size (.vsix / unpacked) | `npm run package` | install | cold start to first diagnostic |",
  "| --- | --- | --- | --- | --- | --- |",
  ...rows.map((row) =>
    `| ${row.label} | ${row.files.toLocaleString("en")} | ${mib(row.size)} / ${mib(row.unpacked)} | ` +
      `${row.packageSeconds === undefined ? "not measured" : `${row.packageSeconds.toFixed(0)} s`} | ` +
      `${row.install.toFixed(1)} s [${row.installs.map((x) => x.toFixed(1)).join(", ")}] | ` +
      `${row.coldStart.toFixed(1)} s [${row.starts.map((x) => x.toFixed(1)).join(", ")}] |`,
  ),
  END,
].join("\n");
console.log(table);
if (write) {
  const file = path.join(root, "bench", "results.md");
  const text = fs.readFileSync(file, "utf8");
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  const next = start >= 0 && end > start ? text.slice(0, start) + table + text.slice(end + END.length) : `${text.trimEnd()}\n\n${table}\n`;
  fs.writeFileSync(file, next);
}
