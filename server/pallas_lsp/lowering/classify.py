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
    found = classes_of(exc_type, message, jax_version)
    return found[0] if found else "other"


def classes_of(exc_type: str, message: str, jax_version: str | None,
               site: str | None = None) -> tuple[str, ...]:
    """Every rule class whose lowering errors match, in code order. Most errors match one;
    a bare AssertionError from 0.11.2 on is PAL008's (pl.pallas_call with Mosaic GPU params)
    and PAL020's (another platform's params) alike, and the finding on its line says which.
    ``site`` ("jax/...py:function", where JAX raised it; None: not known) keeps a pattern
    bound to raise sites to those sites."""
    version = _version(jax_version)
    return tuple(rule.name for rule in catalog().values()
                 if any(error.matches(exc_type, message, version, site) for error in rule.lowering_errors))


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
