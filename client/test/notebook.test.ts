import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loweringTarget, NOTEBOOK_CELLS } from "../src/notebook";

describe("notebooks", () => {
  const notebook = {
    uri: "file:///w/demo.ipynb",
    version: 7,
    cellUris: ["vscode-notebook-cell:/w/demo.ipynb#W0sZmlsZQ%3D%3D", "vscode-notebook-cell:/w/demo.ipynb#W1sZmlsZQ%3D%3D"],
  };

  it("lowers the notebook (its URI and version) when asked from one of its cells", () => {
    assert.deepEqual(loweringTarget(notebook.cellUris[1], 3, [notebook]), { uri: notebook.uri, version: 7 });
  });

  it("lowers a plain file as itself", () => {
    assert.deepEqual(loweringTarget("file:///w/main.py", 2, [notebook]), { uri: "file:///w/main.py", version: 2 });
  });

  it("selects the Python cells of Jupyter notebooks", () => {
    assert.deepEqual(NOTEBOOK_CELLS, { notebook: "jupyter-notebook", language: "python" });
  });
});
