#!/usr/bin/env node
// Writes the extension's page as it goes into the .vsix (build/extension/README.md)
// from client/README.md, so that everything on the page works in VS Code:
// - VS Code draws a local extension's README in a webview with no base address,
//   so a relative image (docs/screenshots/x.png) does not load there; the
//   webview's policy allows data: images, so each relative image is inlined as one;
// - a relative link to another file of the repository becomes its address under
//   package.json's "repository" (the same address pyproject.toml declares);
// - the leading HTML comment (for people editing the file) is dropped.
// `vsce package --readme-path build/extension/README.md --no-rewrite-relative-links` packages it.
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const MIME = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif" };

/**
 * @param {string} markdown  the README's text
 * @param {string} folder    the folder its relative links are relative to
 * @param {string} root      the repository root (for links to other files)
 * @param {string} repository  e.g. https://github.com/pallas-lsp/pallas-lsp
 */
export function extensionReadme(markdown, folder, root, repository) {
  const text = markdown.replace(/^<!--[\s\S]*?-->\s*/, "");
  return text.replace(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g, (whole, bang, label, target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) {
      return whole; // already absolute (https:, command:, data:) or an anchor
    }
    const [file, anchor = ""] = target.split("#");
    const full = path.resolve(folder, file);
    if (!fs.existsSync(full)) {
      throw new Error(`extension-readme: ${target} does not exist (relative to ${folder})`);
    }
    if (bang) {
      const mime = MIME[path.extname(full).toLowerCase()];
      if (!mime) {
        throw new Error(`extension-readme: ${target}: only PNG, JPEG and GIF images can be inlined`);
      }
      return `![${label}](data:${mime};base64,${fs.readFileSync(full).toString("base64")})`;
    }
    const relative = path.relative(root, full).split(path.sep).join("/");
    return `[${label}](${repository}/blob/main/${relative}${anchor ? `#${anchor}` : ""})`;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  const source = path.join(root, "client", "README.md");
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const out = path.join(root, "build", "extension", "README.md");
  const text = extensionReadme(fs.readFileSync(source, "utf8"), path.dirname(source), root, manifest.repository.url);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text);
  console.log(`extension-readme: ${path.relative(root, out)} (${Math.round(text.length / 1024)} KB, images inlined)`);
}
