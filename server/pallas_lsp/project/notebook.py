"""A Jupyter notebook as one Python module, and the map from its lines back to cells.

Face-neutral (no LSP, no JAX): the CLI reads ``.ipynb`` files with it, the language
server feeds it the cells of an open notebook, and the locator maps spans back.

The code cells, in order, make one module: the program "Run All" executes top to
bottom (a name defined twice: the later cell wins, as when run). Every code cell
contributes its lines unchanged, so a position inside a cell is a fixed line
offset away from the same position in the module; the map is one row per cell.

What is not Python stays out without shifting any position:
- markdown and raw cells, code cells in another language (the notebook's
  ``language_info``/``kernelspec`` language, or VS Code's per-cell ``languageId``),
  and cells that start with a cell magic (``%%bash``, ``%%writefile`` …) are not
  part of the module at all;
- a cell magic whose body is Python run in the same namespace (``%%time``,
  ``%%timeit``, ``%%capture``, ``%%prun``) keeps its body; its first line, and
  every line magic or shell escape (``%matplotlib inline``, ``!pip install``,
  ``files = !ls``, ``?obj``), has the escape replaced by ``...`` at the same
  indentation (an expression statement: the module still parses, and the
  lowering worker can run it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

NOTEBOOK_SUFFIX = ".ipynb"
PYTHON_LANGUAGES = frozenset({"python", "python3", "ipython", "ipython3"})
# Cell magics whose body is Python executed in the notebook's own namespace.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun"})

# An IPython escape at the start of a statement: %magic, !shell, ?help, or the
# assignment forms ``x = %magic`` / ``x = !cmd``.
_ESCAPE = re.compile(r"^(?P<indent>[ \t]*)(?P<target>[A-Za-z_][\w.]*\s*=\s*)?(?P<escape>[%!?])")
_LINE_END = re.compile(r"\r\n|\r|\n")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_LINE_REF = re.compile(r"\bline (\d+)\b(?! of )")


@dataclass(frozen=True)
class Cell:
    """One cell as the notebook holds it."""

    kind: str  # "code", "markdown", "raw"
    text: str
    language: str = "python"
    key: str = ""  # the editor's cell URI, or "" for a cell read from a file


@dataclass(frozen=True)
class CellLines:
    """Where one code cell sits in the module: lines ``first`` .. ``first + count - 1``."""

    number: int  # 1-based, counting every cell of the notebook (markdown too), as ruff does
    first: int  # the module line of the cell's line 1
    count: int
    key: str = ""


@dataclass(frozen=True)
class NotebookModule:
    """The module the code cells make, and where each cell's lines went."""

    text: str
    cells: tuple[CellLines, ...]
    # How messages name a cell: "cell" when every cell is counted, "Python cell" when
    # the cells given were only the Python ones (an LSP client may sync only those).
    cell_label: str = "cell"

    def cell_at(self, line: int) -> CellLines | None:
        """The cell that holds 1-based module ``line`` (None past the last cell's lines)."""
        low, high = 0, len(self.cells) - 1
        while low <= high:
            middle = (low + high) // 2
            cell = self.cells[middle]
            if line < cell.first:
                high = middle - 1
            elif line >= cell.first + cell.count:
                low = middle + 1
            else:
                return cell
        return None

    def to_cell(self, line: int) -> tuple[int, int]:
        """Module line -> (cell number, 1-based line in the cell). A line past every
        cell (the end of the module) counts as one past the last cell's lines."""
        cell = self.cell_at(line)
        if cell is None:
            cell = self.cells[-1] if self.cells else CellLines(1, 1, 0)
            return cell.number, min(max(line - cell.first + 1, 1), cell.count + 1)
        return cell.number, line - cell.first + 1

    def relabel(self, message: str) -> str:
        """A message's "line N" of this module as "cell C, line L" (the analysis writes
        module lines into messages: "the mesh built at line 14"); "line N of other.py"
        names another file and is kept."""

        def label(match: re.Match[str]) -> str:
            cell, line = self.to_cell(int(match[1]))
            return f"{self.cell_label} {cell}, line {line}"

        return _LINE_REF.sub(label, message)

    def by_key(self, key: str) -> CellLines | None:
        return next((cell for cell in self.cells if cell.key == key), None)


def is_notebook(path: str) -> bool:
    return path.endswith(NOTEBOOK_SUFFIX)


def python_source(text: str) -> list[str] | None:
    """A code cell's lines as module lines (same count, a final line end dropped), or
    None when the cell is not Python."""
    lines = _LINE_END.split(text)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()  # "a\n" is one line of code (the editor shows an empty second line)
    first = lines[0].strip()
    if first.startswith("%%"):
        name = first[2:].split(maxsplit=1)[0] if first[2:].strip() else ""
        if name not in PYTHON_CELL_MAGICS:
            return None
        lines[0] = "..."
    return [_unescape(line) for line in lines]


def _unescape(line: str) -> str:
    match = _ESCAPE.match(line)
    if match is None:
        return line
    # "x != y" or "a = b" never reach here: the escape must follow the indent or "name =".
    return f"{match['indent']}{match['target'] or ''}..."


def build(cells: Sequence[Cell], notebook_language: str = "python",
          cell_label: str = "cell") -> NotebookModule:
    """The module of ``cells`` (in notebook order) and its cell map."""
    parts: list[str] = []
    rows: list[CellLines] = []
    line = 1
    python_notebook = notebook_language.lower() in PYTHON_LANGUAGES
    for number, cell in enumerate(cells, 1):
        if cell.kind != "code" or not python_notebook or cell.language.lower() not in PYTHON_LANGUAGES:
            continue
        lines = python_source(cell.text)
        if lines is None:
            continue
        rows.append(CellLines(number, line, len(lines), cell.key))
        parts.extend(text + "\n" for text in lines)
        line += len(lines)
    return NotebookModule("".join(parts), tuple(rows), cell_label)


class NotANotebook(ValueError):
    """The JSON is not an nbformat 4 notebook (the reason says what is wrong)."""


def parse_ipynb(raw: str) -> NotebookModule:
    """An ``.ipynb`` file's JSON (nbformat 4) as a module; raises NotANotebook, for any
    JSON at all (a caller reports one file, never loses the others)."""
    try:
        data = json.loads(raw)
    except RecursionError as exc:  # json's C decoder recurses once per nested [ or {
        raise NotANotebook("not a notebook: its JSON is nested too deeply to read") from exc
    except ValueError as exc:
        raise NotANotebook(f"not a notebook: invalid JSON ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise NotANotebook("not a notebook: no list of cells (nbformat 4 expected)")
    metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    module = build(list(_cells(data["cells"])), _language(metadata))
    surrogate = _LONE_SURROGATE.search(module.text)
    if surrogate is not None:
        cell = module.cell_at(module.text.count("\n", 0, surrogate.start()) + 1)
        where = f"cell {cell.number}" if cell is not None else "a cell"
        raise NotANotebook(f"not a notebook Python can run: {where} holds a lone surrogate "
                           f"(\\u{ord(surrogate[0]):04x}), which no text file can; remove it from "
                           "the cell's source")
    return module


def _language(metadata: dict) -> str:
    info = metadata.get("language_info")
    if isinstance(info, dict) and isinstance(info.get("name"), str):
        return info["name"]
    kernel = metadata.get("kernelspec")
    if isinstance(kernel, dict) and isinstance(kernel.get("language"), str):
        return kernel["language"]
    return "python"


def _cells(raw: Iterable[object]) -> Iterable[Cell]:
    for number, item in enumerate(raw, 1):
        if not isinstance(item, dict):
            yield Cell("raw", "")
            continue
        source = item.get("source", "")
        if isinstance(source, list) and all(isinstance(line, str) for line in source):
            text = "".join(source)
        elif isinstance(source, str):
            text = source
        else:
            raise NotANotebook(f"not a notebook: the source of cell {number} is not text (nbformat "
                               "wants a string or a list of strings); fix the cell in Jupyter")
        metadata = item.get("metadata") if isinstance(item.get("metadata"), dict) else {}
        vscode = metadata.get("vscode") if isinstance(metadata.get("vscode"), dict) else {}
        language = vscode.get("languageId") if isinstance(vscode.get("languageId"), str) else "python"
        yield Cell(str(item.get("cell_type", "raw")), text, language)
