"""JAX raise sites as message templates: which `raise` produced an error message, and its family.

Two tables, one matcher:
  sites_of_jax(JAX_DIR)  every `raise E("...")` / `raise E(f"...")` / `raise E("...".format(...))` of an
                         installed JAX's Pallas and Mosaic GPU sources (jax/_src/pallas/**,
                         jax/experimental/mosaic/gpu/**), read with `ast` (label.py: the raise site of
                         an error no rule classifies, per release);
  shared_sites(TSV)      the hand-classified rows of /work/shared/jax-raise-sites/sites.tsv (JAX
                         0.12.0.1), each with its family (score_families.py: a label's family).
A message matches a template when the template's literal parts occur in it in order (a placeholder
matches anything); of several matches the one with the most literal text wins, and templates with
under MIN_LITERAL literal characters never match (a bare "{e}" says nothing).
"""

from __future__ import annotations

import ast
import csv
import functools
import re
from dataclasses import dataclass
from pathlib import Path

MIN_LITERAL = 12
SOURCE_DIRS = ("_src/pallas", "experimental/mosaic/gpu")


@dataclass(frozen=True)
class Site:
    file: str        # relative to the jax package's parent: "jax/_src/pallas/mosaic_gpu/core.py"
    line: int
    exception: str
    template: str    # the message with every placeholder as "{}"
    family: str = ""

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    @functools.cached_property
    def literal_chars(self) -> int:
        return sum(len(part) for part in _parts(self.template))

    @functools.cached_property
    def pattern(self) -> re.Pattern[str]:
        return re.compile(".*?".join(re.escape(part) for part in _parts(self.template)), re.S)


def _parts(template: str) -> list[str]:
    # Stripped: a placeholder that formats to "" leaves no space beside it ("... got (8,)." for
    # "... got {src_shape}. {partitioned_desc}").
    return [part.strip() for part in re.split(r"\{[^{}]*\}", template) if part.strip()]


def _template(node: ast.expr) -> str | None:
    """The message text of a raise's first argument, placeholders as "{}"; None when not literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                out.append(str(value.value))
            else:
                out.append("{}")
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        left, right = _template(node.left), _template(node.right)
        if isinstance(node.op, ast.Mod):
            return re.sub(r"%[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]", "{}", left) if left is not None else None
        return (left or "{}") + (right or "{}") if left is not None or right is not None else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _template(node.func.value)
    return None


def sites_of_jax(jax_dir: Path) -> list[Site]:
    """Every raise with a literal message in the Pallas / Mosaic GPU sources of the jax package at jax_dir."""
    found = []
    for sub in SOURCE_DIRS:
        for path in sorted((jax_dir / sub).rglob("*.py")):
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            rel = "jax/" + str(path.relative_to(jax_dir))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call) or not node.exc.args:
                    continue
                template = _template(node.exc.args[0])
                if template is None:
                    continue
                exc = ast.unparse(node.exc.func).rsplit(".", 1)[-1]
                found.append(Site(rel, node.lineno, exc, template))
    return found


def shared_sites(tsv: Path) -> list[Site]:
    """The rows of sites.tsv (file, line, function, exception, message, class, family)."""
    rows = []
    with tsv.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            template = re.sub(r"\{[^{}]*\}", "{}", row["message"].rstrip("…"))
            rows.append(Site(row["file"], int(row["line"]), row["exception"], template,
                             row["family"].split(":", 1)[-1] if row["family"] else ""))
    return rows


def match(message: str, sites: list[Site], exc_type: str | None = None) -> Site | None:
    """The site whose template best explains ``message`` (the most literal text), preferring sites that
    raise ``exc_type``; None when no template of at least MIN_LITERAL literal characters matches."""
    best: Site | None = None
    best_key = (False, 0)
    for site in sites:
        if site.literal_chars < MIN_LITERAL or not site.pattern.search(message):
            continue
        key = (site.exception == exc_type, site.literal_chars)
        if key > best_key:
            best, best_key = site, key
    return best
