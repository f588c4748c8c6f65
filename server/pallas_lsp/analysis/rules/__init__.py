"""The rule registry: one module per rule, each with ``RULE`` (its catalog entry)
and ``check(program, options)`` (its detector). Adding PAL009 means adding one
module here and one fixture under tests/fixtures."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from .base import Rule

if TYPE_CHECKING:
    from ..model import Finding, Options
    from ..program import Program


class RuleModule(Protocol):
    RULE: Rule

    def check(self, program: Program, options: Options) -> Iterable[Finding]: ...


# One module per rule, in code order; PAL009 is one more name here and one more module.
_RULE_MODULES = (
    "pal001_mesh_required",
    "pal002_axes_mismatch",
    "pal003_layout_missing",
    "pal004_layout_unsupported",
    "pal005_axis_unknown",
    "pal006_reduction_dtype",
    "pal007_vector_width",
    "pal008_api_removed",
)


def _load() -> dict[str, ModuleType]:
    modules = [importlib.import_module(f"{__name__}.{name}") for name in _RULE_MODULES]
    return {module.RULE.code: module for module in modules}


RULES: dict[str, RuleModule] = _load()  # type: ignore[assignment]


def catalog() -> dict[str, Rule]:
    return {code: module.RULE for code, module in RULES.items()}


__all__ = ["RULES", "Rule", "catalog"]
