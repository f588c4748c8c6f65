"""Which rule class a real lowering error belongs to (pure: strings in, a class name out).

The patterns are the messages measured in jax-facts.md under JAX 0.10.2 and
0.12.0.1; the class names and codes are the contract of DESIGN.md's rule table.
"""

from __future__ import annotations

import re

from pallas_lsp.analysis.rules import catalog

# A lowering error's class is the name of the rule that predicts it (one source: the catalog).
CLASS_TO_CODE: dict[str, str] = {rule.name: rule.code for rule in catalog().values()}

# Checked in order; the first match wins. Each pattern is a message measured in
# jax-facts.md, matched on a distinctive fragment so later wording tweaks in JAX
# still land in the right class.
_MESSAGE_CLASSES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("mesh_required", re.compile(
        r"JAX device mesh is required by|collective_axes requires a mesh context")),
    ("axes_mismatch", re.compile(
        r"Only collective_axes that include all JAX device mesh|must equal entire mesh axes")),
    ("layout_missing", re.compile(r"Failed to infer the output layout of")),
    # Lane names the splat layout; Warpgroup fails in the layout_cast verifier
    # (a VerificationError on 0.12, a raw MLIRError on 0.10).
    ("layout_unsupported", re.compile(
        r"Only tiled and WG strided layouts are supported"
        r"|mosaic_gpu\.layout_cast'? op attribute 'new_layout'", re.S)),
    ("vector_width", re.compile(r"Only 32-, 64- and 128-bit loads are supported")),
    ("reduction_dtype", re.compile(
        r"Only add is supported for f32"
        r"|Only add, min and max are supported for floats"
        r"|Unsupported integer reduction op"
        r"|Unsupported reduction operation"
        r"|Only Add is supported for F32"
        r"|Only Add, Max and Min reductions are supported"
        r"|Only supported 32 and 64 bit integer operations", re.I)),
    ("axis_unknown", re.compile(
        r"unbound axis name"
        r"|does not refer to a GPU mesh axis"
        r"|No axis names are available")),
)


def classify(exc_type: str, message: str, jax_version: str | None) -> str:
    """The rule class of one lowering error, or "other"."""
    for cls, pattern in _MESSAGE_CLASSES:
        if pattern.search(message):
            return cls
    if exc_type == "AssertionError" and _is_bare(message) and _at_least_0_11(jax_version):
        # The Mosaic GPU pallas_call rule is gone: `assert rule is not None` in
        # pallas_call.py, with no message at all. jax-facts.md measured it on
        # 0.12.0.1; the H200 run (docs/gpu-lowering-h200.md) saw the same on 0.11.2.
        return "api_removed"
    return "other"


def code_of(cls: str) -> str | None:
    return CLASS_TO_CODE.get(cls)


def _is_bare(message: str) -> bool:
    return message.strip() in ("", "AssertionError()", "AssertionError")


def _at_least_0_11(jax_version: str | None) -> bool:
    if jax_version is None:
        return True  # a bare assertion from a kernel launch is this case in practice
    numbers = re.findall(r"\d+", jax_version)[:2]
    if len(numbers) < 2:
        return True
    return (int(numbers[0]), int(numbers[1])) >= (0, 11)
