"""Which rule class a real lowering error belongs to (pure: strings in, a class name out).

Each rule's catalog entry lists the lowering errors it predicts
(``Rule.lowering_errors``, the messages measured in jax-facts.md); this walks
the catalog in code order and the first match wins. The class names and codes
are the contract of DESIGN.md's rule table. Importable without JAX.
"""

from __future__ import annotations

from pallas_lsp.analysis.rules import catalog
from pallas_lsp.analysis.versions import JaxVersion, parse_jax_version

# A lowering error's class is the name of the rule that predicts it (one source: the catalog).
CLASS_TO_CODE: dict[str, str] = {rule.name: rule.code for rule in catalog().values()}


def classify(exc_type: str, message: str, jax_version: str | None) -> str:
    """The rule class of one lowering error, or "other"."""
    version = _version(jax_version)
    for rule in catalog().values():
        if any(error.matches(exc_type, message, version) for error in rule.lowering_errors):
            return rule.name
    return "other"


def code_of(cls: str) -> str | None:
    return CLASS_TO_CODE.get(cls)


def _version(text: str | None) -> JaxVersion | None:
    """None when unknown: version-bound patterns then match (a bare assertion from a
    kernel launch is the pallas_call case in practice)."""
    if text is None:
        return None
    try:
        return parse_jax_version(text)
    except ValueError:
        return None
