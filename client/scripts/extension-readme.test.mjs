import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, it } from "node:test";
import { extensionReadme } from "./extension-readme.mjs";

const REPO = "https://github.com/pallas-lsp/pallas-lsp";

describe("extensionReadme", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "extension-readme-"));
  fs.mkdirSync(path.join(root, "client"));
  fs.mkdirSync(path.join(root, "docs", "screenshots"), { recursive: true });
  const png = Buffer.from("89504e470d0a1a0a", "hex");
  fs.writeFileSync(path.join(root, "docs", "screenshots", "hover.png"), png);
  fs.writeFileSync(path.join(root, "docs", "ci.md"), "# CI\n");
  const folder = path.join(root, "client");

  it("inlines relative images as data: URIs, which VS Code's extension page loads", () => {
    const out = extensionReadme("<!-- note -->\n# Title\n![hover](../docs/screenshots/hover.png)\n", folder, root, REPO);
    assert.equal(out, `# Title\n![hover](data:image/png;base64,${png.toString("base64")})\n`);
  });

  it("points relative links at the declared repository, and keeps absolute links and anchors", () => {
    const out = extensionReadme("[CI](../docs/ci.md#sarif) [x](https://example.com/a) [y](#settings)", folder, root, REPO);
    assert.equal(out, `[CI](${REPO}/blob/main/docs/ci.md#sarif) [x](https://example.com/a) [y](#settings)`);
  });

  it("refuses a link to a file that does not exist", () => {
    assert.throws(() => extensionReadme("![x](../docs/nope.png)", folder, root, REPO), /does not exist/);
  });

  it("turns the real client/README.md into a page whose every image is inline and every link absolute", () => {
    const repoRoot = path.resolve(import.meta.dirname, "..", "..");
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    const out = extensionReadme(
      fs.readFileSync(path.join(repoRoot, "client", "README.md"), "utf8"),
      path.join(repoRoot, "client"),
      repoRoot,
      manifest.repository.url,
    );
    const targets = [...out.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
    assert.ok(targets.some((target) => target.startsWith("data:image/png;base64,")), "no screenshot");
    for (const target of targets) {
      assert.match(target, /^(data:image\/png;base64,|https:\/\/|#)/, target.slice(0, 80));
    }
  });
});
