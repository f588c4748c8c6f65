"""The axis symbols of a whole program: the facts of several runs, merged.

A *symbol* is a set of string literals that must carry the same name for the
program to mean the same thing: a definition and every use some run tied to it,
closed under "tied by some run" (a use reached from two definitions joins them).
References, highlights and rename all read the same symbol, so none of them
lists a string that merely happens to be equal.

Rename refuses, rather than guess, when the symbol cannot be rewritten as
literals alone: a use whose name is built at run time, definitions of more than
one mesh or kernel, a literal written in a form we do not rewrite (implicit
concatenation, escapes), or an equal string elsewhere in the program that no run
ties to any definition (it might be this axis, reached in a way the analysis
did not follow).
"""

from __future__ import annotations

import ast
import bisect
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .axis_symbols import AxisFacts, AxisSite, AxisTie
from .model import Span, TextEdit

# The literal forms rename rewrites: one quoted string, no prefix, escapes or newlines.
_SIMPLE_LITERAL = re.compile(r"""^(['"])([^'"\\\n]*)\1$""")
# A new axis name is written between the quotes of the string literals it replaces: no
# quote or backslash (they would end or change the literal), no control character (a
# newline ends the line, a NUL cannot be in a source file), no line separator and no
# bidirectional control (they make the code read otherwise than it runs). Matched whole.
_VALID_NEW_NAME = re.compile("[^'\"\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+")


@dataclass(frozen=True)
class AxisSymbol:
    name: str
    definitions: tuple[AxisSite, ...]
    uses: tuple[AxisSite, ...]
    ties: tuple[AxisTie, ...]

    @property
    def owners(self) -> tuple[Span, ...]:
        return tuple(dict.fromkeys(site.owner for site in self.definitions))

    @property
    def spans(self) -> tuple[Span, ...]:
        return tuple(site.span for site in (*self.definitions, *self.uses))


@dataclass(frozen=True)
class RenamePlan:
    edits: tuple[TextEdit, ...] = ()
    refusal: str | None = None


class AxisGraph:
    def __init__(self, facts: Iterable[AxisFacts]) -> None:
        self.sites: dict[Span, AxisSite] = {}
        self.ties: list[AxisTie] = []
        self._parent: dict[Span, Span] = {}
        for fact in facts:
            for site in fact.sites:
                known = self.sites.get(site.span)
                # A literal both defines (a mesh's names) and is used (collective_axes=AXES):
                # it is a definition.
                if known is None or (site.is_definition and not known.is_definition):
                    self.sites[site.span] = site
                self._find(site.span)
            for tie in fact.ties:
                self.ties.append(tie)
                if tie.unreadable:
                    continue  # an unreadable use: it blocks renames, it joins no symbols
                linked = [*tie.definitions, *([tie.use] if tie.use is not None else [])]
                for other in linked[1:]:
                    self._union(linked[0], other)
        self._by_path: dict[str, list[AxisSite]] = {}
        for site in self.sites.values():
            self._by_path.setdefault(site.span.path or "", []).append(site)
        self._members: dict[Span, list[Span]] = {}
        for where in self.sites:
            self._members.setdefault(self._find(where), []).append(where)

    # -- union-find -------------------------------------------------------------------

    def _find(self, where: Span) -> Span:
        parent = self._parent.setdefault(where, where)
        if parent != where:
            parent = self._parent[where] = self._find(parent)
        return parent

    def _union(self, a: Span, b: Span) -> None:
        root_a, root_b = self._find(a), self._find(b)
        if root_a != root_b:
            self._parent[root_b] = root_a

    # -- queries ----------------------------------------------------------------------

    def site_at(self, path: str, line: int, col: int) -> AxisSite | None:
        """The axis literal at (1-based line, UTF-8 column) of ``path``, quotes included."""
        for site in self._by_path.get(path, ()):
            span = site.span
            if span.line <= line <= span.end_line and (line > span.line or col >= span.col) and (
                line < span.end_line or col <= span.end_col
            ):
                return site
        return None

    def symbol(self, site: AxisSite) -> AxisSymbol:
        members = self._members.get(self._find(site.span), [site.span])
        chosen = [self.sites[m] for m in members]
        definitions = tuple(sorted((s for s in chosen if s.is_definition), key=_order))
        uses = tuple(sorted((s for s in chosen if not s.is_definition), key=_order))
        member_set = set(members)
        ties = tuple(t for t in self.ties
                     if (t.use is not None and t.use in member_set) or member_set.intersection(t.definitions))
        return AxisSymbol(site.name, definitions, uses, ties)

    def sites_named(self, name: str) -> list[AxisSite]:
        return [site for site in self.sites.values() if site.name == name]

    def has_definition(self, where: Span) -> bool:
        members = self._members.get(self._find(where), [where])
        return any(self.sites[m].is_definition for m in members if m in self.sites)

    # -- rename -----------------------------------------------------------------------

    def why_not_renamable(self, symbol: AxisSymbol) -> str | None:
        """Why ``symbol`` cannot be renamed as literals alone; None when it can."""
        if not symbol.definitions:
            return (f"'{symbol.name}' here is not tied to any axis definition that reaches it "
                    "(no mesh or kernel of a launch the analysis followed names it); "
                    "rename it by hand")
        owners = symbol.owners
        if len(owners) > 1:
            places = ", ".join(_where(owner) for owner in owners[:3])
            return (f"'{symbol.name}' is defined by more than one mesh or kernel that reach the "
                    f"same uses ({places}); renaming it would change all of them: rename by hand")
        for tie in symbol.ties:
            if tie.spelled_by_letters:
                return (f"the collective_axes string at {_where(tie.site)} is read letter by letter "
                        f"(JAX compares set() of it), so '{symbol.name}' is one of its letters: write "
                        "it as a tuple of names first (the PAL002 quick fix), then rename")
            if tie.unreadable:
                argument = f"the {tie.role} of the call" if tie.role else "the axis names"
                return (f"{argument} at {_where(tie.site)} cannot be read by the analysis (computed "
                        f"at run time) and may include '{symbol.name}'; the analysis cannot rewrite "
                        "it: rename by hand")
            if tie.built_at_run_time:
                return (f"the axis name used at {_where(tie.site)} is built at run time; the "
                        f"analysis cannot rewrite it: rename '{symbol.name}' by hand")
        return None

    def rename(self, site: AxisSite, new_name: str, texts: dict[str, str]) -> RenamePlan:
        """The edits renaming ``site``'s symbol to ``new_name`` in every file, or why not.

        ``texts``: every file of the program, by path (equal strings the analysis does
        not tie to any definition are looked for there)."""
        symbol = self.symbol(site)
        refusal = self.why_not_renamable(symbol)
        if refusal is not None:
            return RenamePlan(refusal=refusal)
        if not _VALID_NEW_NAME.fullmatch(new_name):
            return RenamePlan(refusal="an axis name here must be a non-empty string without quotes, "
                                      "backslashes, line breaks or other control characters: type "
                                      "another name")
        if new_name == symbol.name:
            return RenamePlan()
        owners = set(symbol.owners)
        for other in self.sites.values():
            if other.is_definition and other.owner in owners and other.name == new_name:
                return RenamePlan(refusal=f"'{new_name}' is already an axis name at {_where(other.span)}, "
                                          "beside the one renamed; pick another name")
        for tie in symbol.ties:
            if tie.site is not None and tie.site.path and tie.site.path not in texts:
                # Installed code (JAX's ops/gpu collectives) may read the name otherwise: they
                # pass an axis_name to multimem ops as a bare string, read letter by letter.
                return RenamePlan(refusal=f"'{symbol.name}' is used by code outside the workspace at "
                                          f"{_where(tie.site)} (an installed library), which may read a "
                                          "longer name letter by letter: rename by hand")
        edits: list[TextEdit] = []
        lines: dict[str, list[str]] = {}
        read_as_letters = {tie.use for tie in symbol.ties if tie.read_as_letters}
        for member in symbol.spans:
            path = member.path or ""
            if path not in lines and path in texts:
                lines[path] = texts[path].split("\n")
            literal = _literal_text(lines[path], member) if path in lines else None
            match = _SIMPLE_LITERAL.match(literal) if literal is not None else None
            if match is None or match.group(2) != symbol.name:
                return RenamePlan(refusal=f"the string at {_where(member)} is not written as one "
                                          f"plain quoted '{symbol.name}'; rename it by hand")
            quote = match.group(1)
            new_text = f"{quote}{new_name}{quote}"
            if len(new_name) != 1 and member in read_as_letters:
                # A multimem op reads set(collective_axes): "x" is the axis x, but a longer
                # string would be its letters (jax-facts.md).
                return RenamePlan(refusal=f"the string at {_where(member)} is a multimem op's whole "
                                          "collective_axes, read letter by letter: a longer name there "
                                          "would be its letters. Make it a tuple first (the PAL002 "
                                          "quick fix), then rename")
            edits.append(TextEdit(member, new_text))
        stray = self._unclaimed(symbol, texts)
        if stray is not None:
            return RenamePlan(refusal=f"the string '{symbol.name}' at {_where(stray)} is not tied to "
                                      "this axis or to any other axis the analysis can see, so it "
                                      "may name this one through a path the analysis did not follow: "
                                      "rename by hand")
        return RenamePlan(edits=tuple(edits))

    def _unclaimed(self, symbol: AxisSymbol, texts: dict[str, str]) -> Span | None:
        """An equal string literal in the program that no run ties to a definition.

        A regular expression finds the candidates; only a candidate that is no known
        literal costs a parse of its file (to tell a string from a comment or a docstring)."""
        own = set(symbol.spans)
        needle = re.compile(r"""(['"])""" + re.escape(symbol.name) + r"\1")
        for path, text in sorted(texts.items()):
            starts: list[int] | None = None
            for match in needle.finditer(text):
                if starts is None:
                    starts = [0, *(m.end() for m in re.finditer("\n", text))]
                line, col = _line_col(text, starts, match.start())
                where = Span(line, col, line, col + len(match.group(0).encode("utf-8")), path)
                if where in own or (where in self.sites and self.has_definition(where)):
                    continue
                node = _literal_at(path, text, line, col)
                if node is None or node.value != symbol.name:
                    continue  # in a comment, a docstring, or part of a longer string
                where = Span.of(node, path)
                if where in own or (where in self.sites and self.has_definition(where)):
                    continue
                return where
        return None


def _line_col(text: str, starts: list[int], offset: int) -> tuple[int, int]:
    """(1-based line, UTF-8 column) of a character offset; ``starts``: each line's offset."""
    line = bisect.bisect_right(starts, offset)
    return line, len(text[starts[line - 1]:offset].encode("utf-8"))


@functools.lru_cache(maxsize=64)
def _literals_by_line(path: str, text: str) -> dict[int, list[ast.Constant]]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return {}
    by_line: dict[int, list[ast.Constant]] = {}
    for node in _string_literals(tree):
        by_line.setdefault(node.lineno, []).append(node)
    return by_line


def _literal_at(path: str, text: str, line: int, col: int) -> ast.Constant | None:
    """The string literal (not a docstring) whose text holds (line, UTF-8 col)."""
    for node in _literals_by_line(path, text).get(line, ()):
        if node.col_offset <= col and (node.end_lineno != line or col < (node.end_col_offset or 0)):
            return node
    return None


def _string_literals(tree: ast.Module) -> Iterable[ast.Constant]:
    """String constants that could be axis names: not docstrings, not f-string pieces."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skipped.add(id(body[0].value))
        elif isinstance(node, ast.JoinedStr):
            skipped.update(id(value) for value in node.values)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            yield node


def _literal_text(lines: list[str], span: Span) -> str | None:
    if span.line != span.end_line:
        return None
    if span.line > len(lines):
        return None
    raw = lines[span.line - 1].encode("utf-8")
    return raw[span.col:span.end_col].decode("utf-8", errors="replace")


def _order(site: AxisSite) -> tuple[str, int, int]:
    return (site.span.path or "", site.span.line, site.span.col)


def _where(span: Span) -> str:
    path = (span.path or "").replace("\\", "/").rsplit("/", 1)[-1]
    return f"{path}:{span.line}"
