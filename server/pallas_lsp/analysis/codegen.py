"""Code that quick fixes write, laid out the way a formatter (ruff/black) would.

A call is flattened onto one line when it fits the file's line length, else its
arguments go one per line (each again flattened if it fits), with a trailing comma
so a formatter keeps the layout; between the two, all arguments on one indented line,
and a lone argument gets no trailing comma (what ruff format writes).
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_LINE_LENGTH = 88


@dataclass(frozen=True)
class CallCode:
    func: str
    args: tuple[str | CallCode, ...]

    def flat(self) -> str:
        return f"{self.func}({', '.join(flat(arg) for arg in self.args)})"


def flat(code: str | CallCode) -> str:
    return code if isinstance(code, str) else code.flat()


def layout(code: str | CallCode, indent: str, first_col: int, tail: str, limit: int) -> str:
    """``code`` placed at column ``first_col`` of a line indented by ``indent`` and
    followed by ``tail`` on its last line; no line longer than ``limit`` where a
    break can help."""
    one_line = flat(code)
    if first_col + len(one_line) + len(tail) <= limit or isinstance(code, str):
        return one_line
    inner = indent + "    "
    if len(code.args) == 1:
        return f"{code.func}(\n{inner}{layout(code.args[0], inner, len(inner), '', limit)}\n{indent})"
    hugged = ", ".join(flat(arg) for arg in code.args)
    if len(inner) + len(hugged) <= limit:
        return f"{code.func}(\n{inner}{hugged}\n{indent})"
    rows = [inner + layout(arg, inner, len(inner), ",", limit) + "," for arg in code.args]
    return f"{code.func}(\n" + "\n".join(rows) + f"\n{indent})"


def line_indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]
