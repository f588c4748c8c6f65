import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseRuleCode, rewriteRuleLinks, ruleCodeOfLink, ruleCommandUri, rulePagePath } from "../src/rule-links";

describe("rule links", () => {
  it("turns a link to a rule page into the Show Rule command", () => {
    const uri = ruleCommandUri("PAL001");
    assert.equal(uri, "command:pallasLsp.showRule?%5B%22PAL001%22%5D");
    assert.equal(
      rewriteRuleLinks("Launch it in shard_map. [PAL001 rule page](https://github.com/pallas-lsp/pallas-lsp/blob/main/docs/rules/PAL001.md)"),
      `Launch it in shard_map. [PAL001 rule page](${uri})`,
    );
    assert.equal(rewriteRuleLinks("[x](docs/rules/PAL002.md#how-to-fix) and [y](file:///a/PAL003.md)"), `[x](${ruleCommandUri("PAL002")}) and [y](${ruleCommandUri("PAL003")})`);
  });

  it("leaves other links alone", () => {
    const text = "[JAX](https://docs.jax.dev/en/latest/pallas/gpu/reference.html) [readme](README.md)";
    assert.equal(rewriteRuleLinks(text), text);
  });

  it("reads the rule of a codeDescription link", () => {
    assert.equal(ruleCodeOfLink("https://github.com/pallas-lsp/pallas-lsp/blob/main/docs/rules/PAL008.md"), "PAL008");
    assert.equal(ruleCodeOfLink("https://example.com/PAL008"), undefined);
  });

  it("accepts only rule codes as the command's argument", () => {
    assert.equal(parseRuleCode(["pal002"]), "PAL002");
    assert.equal(parseRuleCode("PAL002"), "PAL002");
    assert.equal(parseRuleCode(["../../etc/passwd"]), undefined);
    assert.equal(parseRuleCode(undefined), undefined);
    assert.deepEqual(rulePagePath("PAL002"), ["docs", "rules", "PAL002.md"]);
  });
});
