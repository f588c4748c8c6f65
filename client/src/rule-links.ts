/**
 * Links to a rule's page, opened inside VS Code.
 *
 * The server links each rule to its page (docs/rules/PALxxx.md, in the hover
 * and in each diagnostic's `codeDescription`), which any LSP client can follow.
 * In VS Code the client turns those links into the "Pallas: Show Rule" command,
 * which opens the page shipped in the extension as a Markdown preview: it works
 * offline and always shows the text of the rules this server applies.
 *
 * Pure: no `vscode` import, so the unit tests run it under plain Node.
 */

export const SHOW_RULE_COMMAND = "pallasLsp.showRule";

const RULE_CODE = /^PAL[0-9]{3}$/;

// A Markdown link whose target ends in ".../PAL001.md" (optionally with an anchor).
const RULE_LINK = /\]\(\s*<?([^)\s>]*?\/(PAL[0-9]{3})\.md)(#[^)\s>]*)?>?\s*\)/g;

/** `command:pallasLsp.showRule?["PAL001"]`, as VS Code's Markdown expects it. */
export function ruleCommandUri(code: string): string {
  return `command:${SHOW_RULE_COMMAND}?${encodeURIComponent(JSON.stringify([code]))}`;
}

/** The same Markdown with every link to a rule page pointing at the command. */
export function rewriteRuleLinks(markdown: string): string {
  return markdown.replace(RULE_LINK, (_whole, _target: string, code: string) => `](${ruleCommandUri(code)})`);
}

/** The rule code a `codeDescription.href` points at, or undefined. */
export function ruleCodeOfLink(href: string): string | undefined {
  const match = /\/(PAL[0-9]{3})\.md(?:#.*)?$/.exec(href);
  return match ? match[1] : undefined;
}

/** The code argument of the command, validated (it comes from a link in a document). */
export function parseRuleCode(argument: unknown): string | undefined {
  const value = Array.isArray(argument) ? argument[0] : argument;
  if (typeof value !== "string") {
    return undefined;
  }
  const code = value.trim().toUpperCase();
  return RULE_CODE.test(code) ? code : undefined;
}

/** The page's path inside the extension. */
export function rulePagePath(code: string): string[] {
  return ["docs", "rules", `${code}.md`];
}
