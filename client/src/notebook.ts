/**
 * Jupyter notebooks: which cells the server is told about, and what a lowering check of a
 * cell means. The server analyses a notebook's Python code cells as one module (LSP 3.17
 * notebook sync), so a check asked for from one cell lowers the whole notebook, in order.
 */

/** Python cells of Jupyter notebooks (VS Code's notebook type for .ipynb files). */
export const NOTEBOOK_CELLS = { notebook: "jupyter-notebook", language: "python" } as const;

/** The scheme of a notebook cell's text document in VS Code. */
export const CELL_SCHEME = "vscode-notebook-cell";

/** An open notebook as the lowering command needs it (URIs as the server knows them). */
export interface OpenNotebook {
  uri: string;
  version: number;
  cellUris: readonly string[];
}

/** What to lower: the notebook holding the cell `uri`, else the document itself. */
export function loweringTarget(
  uri: string,
  version: number,
  notebooks: readonly OpenNotebook[],
): { uri: string; version: number } {
  const owner = notebooks.find((notebook) => notebook.cellUris.includes(uri));
  return owner ? { uri: owner.uri, version: owner.version } : { uri, version };
}
