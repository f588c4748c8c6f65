"""PAL060 warpgroup_layout_rule_missing: erf or atan2 of a register array under Warpgroup
semantics, whose layout inference has no rule for math.erf / math.atan2."""

from __future__ import annotations

from collections.abc import Iterator

from ..layout_rule_missing import LayoutRuleMissing, layout_rules_missing
from ..model import Finding, Options, Related
from ..program import Program
from ..versions import WARPGROUP_ERF_ATAN2_NO_LAYOUT
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL060",
    name="warpgroup_layout_rule_missing",
    title="erf or atan2 of a register array under Warpgroup semantics",
    jax_message=(
        "NotImplementedError: No layout inference rule defined for %36 = math.erf %35 : "
        "vector<512xf32>"
    ),
    lowering_errors=(
        # The template is "No layout inference rule defined for {op}": claimed for the two
        # ops this rule judges only (another op without a rule is no finding of it).
        LoweringError(r"\ANo layout inference rule defined for (\{op\}|.*\bmath\.(erf|atan2)\b)",
                      exc_type="NotImplementedError", when=WARPGROUP_ERF_ATAN2_NO_LAYOUT),
    ),
    what_it_means=(
        "Under Warpgroup semantics Mosaic GPU lowers a kernel to MLIR first and then infers "
        "a register layout for every op. `lax.erf` becomes `math.erf` and `lax.atan2` "
        "`math.atan2`, and layout inference has no rule for either, so lowering stops there."
    ),
    when_it_happens=(
        "`jax.lax.erf(x)`, `jax.scipy.special.erf(x)`, `jax.lax.atan2(y, x)` or "
        "`jnp.arctan2(y, x)` of a float array in a kernel under Warpgroup semantics: the "
        "default from JAX 0.11.2 (measured on 0.11.2 and 0.12.0.1), or asked for with "
        "`lowering_semantics=plgpu.LoweringSemantics.Warpgroup` (measured on 0.10.2). Lane "
        "semantics lower both from 0.10.2; on 0.8.3 neither primitive has a Mosaic GPU rule "
        "(PAL019). JAX blames the op's line."
    ),
    how_to_fix=(
        "Lower the kernel with Lane semantics "
        "(`compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)`"
        "), where erf and atan2 lower from 0.10.2, or compute the function from ops Warpgroup "
        "lowers (exp, log, arithmetic)."
    ),
    bad_example='''
def kernel(x_ref, o_ref):  # JAX 0.12.0.1: Warpgroup semantics by default
    o_ref[...] = jax.lax.erf(x_ref[...])
''',
    good_example='''
def kernel(x_ref, o_ref):
    o_ref[...] = jax.lax.erf(x_ref[...])

call = plgpu.kernel(kernel, out_type=..., compiler_params=plgpu.CompilerParams(
    lowering_semantics=plgpu.LoweringSemantics.Lane))
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for found in layout_rules_missing(program):
        op = found.op
        if program.api_removed(op.launch.kernel) or id(op.launch) in seen:
            continue
        seen.add(id(op.launch))  # JAX stops lowering a kernel at its first refusal
        yield Finding(RULE.code, program.span(op.node), _message(found),
                      related=(Related(program.span(op.launch.kernel.node),
                                       "the kernel is created here"),))


def _message(found: LayoutRuleMissing) -> str:
    return (f"This calls {found.function} under Warpgroup semantics ({found.semantics_reason}): "
            f"it lowers to {found.mlir_op}, for which Mosaic GPU's layout inference has no "
            f"rule, so JAX fails with \"NotImplementedError: No layout inference rule defined "
            f"for ... {found.mlir_op} ...\". Ask for Lane semantics "
            f"(plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)), where it "
            f"lowers.")
