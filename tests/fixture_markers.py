"""Expectation markers of the functional fixtures.

A fixture says what real JAX lowering does with it in trailing comments on the
line that JAX's traceback blames (the call creating the failing operation):

    plgpu.multimem_store(x, y_ref, ("x",))  # expect: PAL002
    total = plgpu.multimem_load_reduce(...)  # expect[0.10]: PAL003
    return jax.jit(call)(x)  # expect[0.12]: PAL008
    plgpu.multimem_store(x, y_ref, "x")  # expect-hidden: PAL001
    lax.axis_index("x")  # expect: PAL001, PAL005

    return jax.jit(f)(x)  # expect-other[0.12]: ValueError

``expect`` is what lowering raises on this line (so the static analysis must
report it too); ``expect-hidden`` is a true error that lowering cannot show
because an earlier error of the same launch stops it first, so only the static
analysis reports it; ``expect-other`` is a lowering error of no rule class
(named by its exception type), which the static analysis must stay silent
about. ``[0.10]`` limits a marker to JAX versions whose major.minor is 0.10;
``[>=0.11]``, ``[<0.11]`` (also ``>``, ``<=``) to a range of releases, compared
on as many parts as the marker names. One line may carry several markers.
"""

from __future__ import annotations

import io
import json
import os
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from support import FIXTURES, JAX_PYTHONS, REPO

VERSION = r"(?:\[(?P<version>(?:[<>]=?)?[0-9.]+)\])?"
MARKER = re.compile(
    r"expect(?P<hidden>-hidden)?" + VERSION + r":\s*"
    r"(?P<codes>PAL\d{3}(?:\s*,\s*PAL\d{3})*)"
)
OTHER = re.compile(r"expect-other" + VERSION + r":\s*(?P<exc_type>\w+)")


@dataclass(frozen=True)
class Marker:
    line: int
    code: str  # a rule code, or the exception type of an ``expect-other`` marker
    hidden: bool
    version: str | None  # "0.10", or None for every version
    other: bool = False

    def applies_to(self, jax_version: str) -> bool:
        if self.version is None:
            return True
        op = self.version.rstrip("0123456789.")
        wanted = [int(part) for part in self.version[len(op):].split(".")]
        # Compared on as many parts as the marker names: "0.11" covers 0.11.2.
        have = [int(part) for part in jax_version.split(".")][: len(wanted)]
        return {"": have == wanted, "<": have < wanted, "<=": have <= wanted,
                ">": have > wanted, ">=": have >= wanted}[op]


def markers(path: str | Path) -> list[Marker]:
    """Every marker in the file, read from its comments (never from strings)."""
    text = Path(path).read_text(encoding="utf-8")
    found: list[Marker] = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type != tokenize.COMMENT:
            continue
        for match in MARKER.finditer(tok.string):
            for code in re.split(r"\s*,\s*", match["codes"]):
                found.append(
                    Marker(tok.start[0], code, bool(match["hidden"]), match["version"])
                )
        for match in OTHER.finditer(tok.string):
            found.append(Marker(tok.start[0], match["exc_type"], False, match["version"], True))
    return found


def expected(path: str | Path, jax_version: str) -> set[tuple[str, int]]:
    """(code, line) pairs that real lowering of this file raises under ``jax_version``."""
    return {(m.code, m.line) for m in markers(path)
            if not m.hidden and not m.other and m.applies_to(jax_version)}


def hidden(path: str | Path, jax_version: str) -> set[tuple[str, int]]:
    """(code, line) pairs only the static analysis can see under ``jax_version``."""
    return {(m.code, m.line) for m in markers(path) if m.hidden and m.applies_to(jax_version)}


def other(path: str | Path, jax_version: str) -> set[tuple[str, int]]:
    """(exception type, line) of lowering errors outside every rule class."""
    return {(m.code, m.line) for m in markers(path) if m.other and m.applies_to(jax_version)}


def package_modules(package: str | Path) -> list[Path]:
    """Every module of a multi-file fixture, its sub-packages' too (file names are unique
    within one fixture: markers are matched by file name)."""
    return sorted(p for p in Path(package).rglob("*.py") if "__pycache__" not in p.parts)


def package_expected(package: str | Path, jax_version: str) -> set[tuple[str, str, int]]:
    """(module file name, code, line) over every module of a multi-file fixture."""
    return {(p.name, code, line) for p in package_modules(package)
            for code, line in expected(p, jax_version)}


def package_hidden(package: str | Path, jax_version: str) -> set[tuple[str, str, int]]:
    return {(p.name, code, line) for p in package_modules(package)
            for code, line in hidden(p, jax_version)}


def package_other(package: str | Path, jax_version: str) -> set[tuple[str, str, int]]:
    return {(p.name, exc_type, line) for p in package_modules(package)
            for exc_type, line in other(p, jax_version)}


# ------------------------------------------------------------ where things are

# The JAX releases the oracle lowers under by default: the oldest measured, and
# the supported versions (a middle one and the newest), each in the venv
# .ci/jax-envs.sh makes.
DEFAULT_VENVS = {"0.8.3": REPO / ".venv-jax083" / "bin" / "python", **JAX_PYTHONS}


def oracle_venvs() -> dict[str, Path]:
    """Release -> interpreter; ``PALLAS_LSP_ORACLE_JAX=0.9.2=/envs/0.9.2/bin/python,...``
    replaces the default set, ``=all`` takes every ``.venv-jax-all/<release>`` that
    ``.ci/jax-envs.sh --all`` builds (docs/jax-releases.md lists the measured releases)."""
    setting = os.environ.get("PALLAS_LSP_ORACLE_JAX", "").strip()
    if not setting:
        return dict(DEFAULT_VENVS)
    if setting == "all":
        return {p.parent.parent.name: p for p in (REPO / ".venv-jax-all").glob("*/bin/python")}
    pairs = (item.strip().partition("=") for item in setting.split(",") if item.strip())
    return {version: Path(python).expanduser() for version, _, python in pairs}


JAX_VENVS = oracle_venvs()

# Releases whose Mosaic GPU cannot lower a multimem / multicast op in a
# single-process multi-device program at all (the topology of cross-lowering on
# one host, and of one process driving all local GPUs); measured in
# docs/measurements/jax-releases.json. Their fixtures are not labelled.
UNLOWERABLE = {
    version: "JAX 0.9.1 and 0.9.2 raise NotImplementedError ('Multicast lowering with "
             "collective metadata is not implemented yet') on every multimem / multicast op "
             "under a mesh of several devices in one process (docs/jax-releases.md)"
    for version in ("0.9.1", "0.9.2")
}


def single_fixtures() -> list[Path]:
    return sorted((FIXTURES / "single").rglob("*.py"), key=lambda p: p.name)


def version_probes() -> list[Path]:
    """Small good/bad twins of the APIs that moved between releases (no rule of their own)."""
    return sorted((FIXTURES / "versions").glob("*.py"))


def package_fixtures() -> list[Path]:
    """Multi-file fixtures: each folder's ``main.py`` is the entry the worker runs."""
    return sorted(p.parent for p in (FIXTURES / "multifile").glob("*/main.py"))


# ------------------------------------------------ fixtures in a release's spelling

# Fixtures are written in the newest spelling of plgpu.kernel's arguments; JAX
# before 0.10.2 names them out_shape= / scratch_shapes= and rejects the new names
# before any rule runs (docs/jax-releases.md). So an older release's rules are
# judged on the fixture renamed to that release's spelling (same lines), except
# in the version probes that test the spelling itself and say so.
OLD_KERNEL_SPELLING = (("out_type=", "out_shape="), ("scratch_types=", "scratch_shapes="))
AS_WRITTEN = "# spelling: as written"


def uses_old_spelling(jax_version: str) -> bool:
    return [int(part) for part in jax_version.split(".")] < [0, 10, 2]


def in_release_spelling(text: str, jax_version: str) -> str:
    if not uses_old_spelling(jax_version):
        return text
    for new, old in OLD_KERNEL_SPELLING:
        text = re.sub(rf"\b{new}", old, text)
    return text


def fixture_for_release(path: Path, jax_version: str, workdir: Path) -> Path:
    """The file to lower (or analyse) for ``jax_version``: ``path`` itself, or a copy in
    ``workdir`` renamed to the release's spelling (a package's folder is copied whole)."""
    if not uses_old_spelling(jax_version) or AS_WRITTEN in path.read_text(encoding="utf-8"):
        return path
    sources = package_modules(path.parent) if path.parent.parent.name == "multifile" else [path]
    target = workdir / path.parent.name
    target.mkdir(parents=True, exist_ok=True)
    for source in sources:
        text = source.read_text(encoding="utf-8")
        copy = target / source.relative_to(path.parent)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(in_release_spelling(text, jax_version), encoding="utf-8")
    return target / path.name


# ------------------------------------------------------------ notebooks

def notebook_fixtures() -> list[Path]:
    """Notebook fixtures (tests/fixtures/notebooks, sibling modules beside some)."""
    return sorted((FIXTURES / "notebooks").rglob("*.ipynb"))


def notebook_markers(path: str | Path) -> list[tuple[int, Marker]]:
    """(cell number, marker with a line of that cell) for every marker in a notebook's
    code cells; cells are numbered from 1 counting every cell, as `check` reports them."""
    found: list[tuple[int, Marker]] = []
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells, 1):
        if cell["cell_type"] != "code":
            continue
        text = "".join(cell["source"])
        if text.lstrip().startswith("%%") and not text.lstrip().startswith("%%time"):
            continue  # a cell magic: not Python (markers there would be a fixture bug)
        for tok in _comments(text):
            for match in MARKER.finditer(tok.string):
                for code in re.split(r"\s*,\s*", match["codes"]):
                    marker = Marker(tok.start[0], code, bool(match["hidden"]), match["version"])
                    found.append((number, marker))
    return found


def notebook_expected(path: str | Path, jax_version: str) -> set[tuple[int, str, int]]:
    """(cell, code, line in the cell) that real lowering of the notebook raises."""
    return {(cell, m.code, m.line) for cell, m in notebook_markers(path)
            if not m.hidden and m.applies_to(jax_version)}


def notebook_static(path: str | Path, jax_version: str) -> set[tuple[int, str, int]]:
    """(cell, code, line in the cell) the static analysis reports (hidden ones too)."""
    return {(cell, m.code, m.line) for cell, m in notebook_markers(path) if m.applies_to(jax_version)}


def _comments(text: str) -> list[tokenize.TokenInfo]:
    # Magic lines are no Python: tokenize only what the escapes leave alone.
    lines = [line if not line.lstrip().startswith(("%", "!")) else "" for line in text.split("\n")]
    tokens = tokenize.generate_tokens(io.StringIO("\n".join(lines)).readline)
    return [tok for tok in tokens if tok.type == tokenize.COMMENT]
