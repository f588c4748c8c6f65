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
about. ``[0.10]`` limits a marker to JAX versions whose major.minor is 0.10.
One line may carry several markers.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from support import FIXTURES, JAX_PYTHONS

MARKER = re.compile(
    r"expect(?P<hidden>-hidden)?(?:\[(?P<version>[0-9.]+)\])?:\s*"
    r"(?P<codes>PAL\d{3}(?:\s*,\s*PAL\d{3})*)"
)
OTHER = re.compile(r"expect-other(?:\[(?P<version>[0-9.]+)\])?:\s*(?P<exc_type>\w+)")


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
        wanted = self.version.split(".")
        return jax_version.split(".")[: len(wanted)] == wanted


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
    return sorted(Path(package).glob("*.py"))


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

# The JAX versions the oracle lowers under, each in the venv .ci/jax-envs.sh makes.
JAX_VENVS = JAX_PYTHONS


def single_fixtures() -> list[Path]:
    return sorted((FIXTURES / "single").rglob("*.py"), key=lambda p: p.name)


def package_fixtures() -> list[Path]:
    """Multi-file fixtures: each folder's ``main.py`` is the entry the worker runs."""
    return sorted(p.parent for p in (FIXTURES / "multifile").glob("*/main.py"))
