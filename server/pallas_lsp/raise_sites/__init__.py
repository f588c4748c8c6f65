"""JAX's raise sites for Mosaic GPU kernels, per supported release, and what each one is.

Shipped data, read here and nowhere in the analysis core:
  * ``extract-<release>.tsv``: every ``raise`` of that release's Pallas Mosaic GPU
    frontend (file, line, function, exception, message template), generated from its
    installed sources with ``ast`` (``bench/releases/generate.py --sites``);
  * ``classes.tsv``: one row per site *key* (file, function, exception and the message
    with its interpolations blanked, so a row survives line moves between releases):
    its status (``source``: decidable from what the author writes; ``runtime``: decided
    by the machine, the jaxlib build or settings; ``internal``: JAX's own invariants), its
    family, a one-line reason, and who classified it (``seed``: the hand map of
    ``../shared/jax-raise-sites``; ``heuristic``: by exception type and words, unreviewed;
    ``measured``: a real lowering of a rule's fixture showed the source decides it, where
    the hand map said otherwise).

``predicted`` is never written down: a site is predicted when a rule's ``lowering_errors``
pattern matches its message template (``predicted_by``), so a new rule raises the count by
itself. ``tests/test_raise_sites.py`` holds the table to the extracts (every site of every
release has a row), and the docs page ``docs/raise-sites.md`` is generated from both.
"""

from __future__ import annotations

import csv
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from pallas_lsp import reader

# The releases with a committed extract, oldest first.
RELEASES: tuple[str, ...] = ("0.8.3", "0.10.2", "0.11.2", "0.12.0.1")
STATUSES = ("source", "runtime", "internal")
# ``n``: which occurrence of a key repeated in one function the row is for (1: the first, and
# every occurrence without a row of its own).
CLASS_COLUMNS = ("file", "function", "exception", "message", "n", "status", "family", "reason",
                 "by")


@dataclass(frozen=True)
class Site:
    file: str
    line: int
    function: str
    exception: str
    message: str  # the template: each interpolated value written as {expr}
    key: str

    @property
    def short(self) -> str:
        """'mosaic_gpu/primitives.py:2108' (the path below jax/_src/pallas or jax/experimental)."""
        path = self.file
        for prefix in ("jax/_src/pallas/", "jax/experimental/"):
            if path.startswith(prefix):
                path = path[len(prefix):]
                break
        return f"{path}:{self.line}"


@dataclass(frozen=True)
class SiteClass:
    status: str
    family: str
    reason: str
    by: str


def blank(template: str) -> str:
    """The template with every ``{...}`` (nested braces included) written ``{}``, and its
    whitespace collapsed: what stays the same when JAX renames a local variable."""
    out: list[str] = []
    depth = 0
    for ch in template:
        if ch == "{":
            if depth == 0:
                out.append("{}")
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return " ".join("".join(out).split())


def base_key(file: str, function: str, exception: str, message: str) -> str:
    return f"{file}::{function}::{exception}::{blank(message)}"


def split_key(key: str) -> tuple[str, str]:
    """(base key, occurrence) of a site key: 'k#2' -> ('k', '2'), 'k' -> ('k', '')."""
    base, sep, n = key.rpartition("#")
    return (base, n) if sep and n.isdigit() else (key, "")


_DATA_CAP_BYTES = 8_000_000  # an extract is ~250 kB


def _read_tsv(name: str) -> list[dict[str, str]]:
    # Through the one safe reader, as every file the package reads (docs/security.md).
    text = reader.read_text(str(Path(__file__).with_name(name)), _DATA_CAP_BYTES)
    return list(csv.DictReader(text.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE))


@functools.lru_cache(maxsize=len(RELEASES))
def sites(release: str) -> tuple[Site, ...]:
    """Every raise site of ``release``, keyed; a key that repeats in one release (the same
    check twice in one function) is numbered in line order (``#2``)."""
    seen: dict[str, int] = {}
    found: list[Site] = []
    for row in _read_tsv(f"extract-{release}.tsv"):
        key = base_key(row["file"], row["function"], row["exception"], row["message"])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            key = f"{key}#{seen[key]}"
        found.append(Site(row["file"], int(row["line"]), row["function"], row["exception"],
                          row["message"], key))
    return tuple(found)


@functools.lru_cache(maxsize=1)
def classes() -> dict[str, SiteClass]:
    table: dict[str, SiteClass] = {}
    for row in _read_tsv("classes.tsv"):
        key = base_key(row["file"], row["function"], row["exception"], row["message"])
        if row["n"] != "1":
            key = f"{key}#{row['n']}"
        table[key] = SiteClass(row["status"], row["family"], row["reason"], row["by"])
    return table


def class_of(site: Site) -> SiteClass | None:
    """The row of ``site`` (a numbered repeat falls back to its first occurrence's row)."""
    table = classes()
    return table.get(site.key) or table.get(split_key(site.key)[0])


def predicted_by(site: Site, release: str) -> str | None:
    """The code of the first rule whose lowering errors match the site's message template."""
    from pallas_lsp.analysis.rules import catalog
    from pallas_lsp.analysis.versions import parse_jax_version

    version = parse_jax_version(release)
    occurrence = int(split_key(site.key)[1] or 1)
    for code, rule in catalog().items():
        if any(error.matches(site.exception, site.message, version)
               and error.claims_site(site.file, site.function, occurrence)
               for error in rule.lowering_errors):
            return code
    return None


# ---- naming an unpredicted lowering error ---------------------------------------------------

# Exception types that JAX raises as themselves (a helper or wrapper type may stand for them).
_BUILTIN_ERRORS = frozenset({"ValueError", "TypeError", "NotImplementedError", "IndexError",
                             "KeyError", "AttributeError", "RuntimeError", "AssertionError"})
_MIN_LITERAL = 12  # characters of fixed text a template needs to be matched on at all


@functools.lru_cache(maxsize=len(RELEASES))
def _patterns(release: str) -> tuple[tuple[re.Pattern[str], Site, int], ...]:
    compiled = []
    for site in sites(release):
        literal = blank(site.message).replace("{}", "")
        if len(literal.strip()) < _MIN_LITERAL:
            continue  # "{msg}", "Unsupported {x}": too little fixed text to tell sites apart
        parts = [re.escape(part) for part in blank(site.message).split("{}")]
        # Fixed text in order, anything between; a space matches any run of white space.
        pattern = re.compile(".*?".join(parts).replace(r"\ ", r"\s+"), re.S)
        compiled.append((pattern, site, len(literal)))
    return tuple(compiled)


def nearest_release(version: str | None) -> str:
    """The extract to match against: the release itself, else the newest one not newer."""
    if version in RELEASES:
        return version
    from pallas_lsp.analysis.versions import parse_jax_version

    def padded(text: str) -> tuple[int, ...]:
        return (*parse_jax_version(text), 0, 0, 0)[:4]

    try:
        wanted = padded(version or "")
    except ValueError:
        return RELEASES[-1]
    older = [r for r in RELEASES if padded(r) <= wanted]
    return older[-1] if older else RELEASES[0]


def site_for_error(exc_type: str, message: str, version: str | None) -> Site | None:
    """The raise site whose template best matches a real lowering error, or None: among the
    templates that match, one of the same exception type first (JAX re-raises some errors
    under another type), then the one with the most fixed text."""
    release = nearest_release(version)
    best: tuple[tuple[bool, int], Site] | None = None
    for pattern, site, weight in _patterns(release):
        if site.exception != exc_type and {site.exception, exc_type} <= _BUILTIN_ERRORS:
            continue  # a ValueError is not the site of a TypeError (a wrapper type may be)
        if pattern.search(message) is None:
            continue
        rank = (site.exception == exc_type, weight)
        if best is None or rank > best[0]:
            best = (rank, site)
    return best[1] if best else None


def describe(site: Site) -> str:
    """'mosaic_gpu/primitives.py:2108, wgmma_mma' for a verdict line."""
    found = class_of(site)
    family = found.family if found else "unclassified"
    return f"{site.short}, {family}"
