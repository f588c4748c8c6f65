"""PAL083 lowering_semantics_value: ``plgpu.CompilerParams(lowering_semantics=...)`` given a
value that is no ``plgpu.LoweringSemantics`` member (the string "Warpgroup", None): JAX keys its
lowering rules by (lowering semantics, primitive semantics), so the first op it lowers finds
no rule and Python's KeyError names the pair (the same on 0.8.3 - 0.12.0.1)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..trace import Launch
from ..versions import KERNEL_LOWERED_AT_JIT_CALL, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL083",
    name="lowering_semantics_value",
    title="CompilerParams(lowering_semantics=...) given a value that is no LoweringSemantics member",
    jax_message="KeyError: ('Warpgroup', <PrimitiveSemantics.Warpgroup: 2>)",
    lowering_errors=(
        LoweringError(r"\A\((.+), <PrimitiveSemantics\.(Warpgroup|Warp): \d>\)\Z", exc_type="KeyError"),
    ),
    what_it_means=(
        "`lowering_semantics=` picks how Mosaic GPU lowers the kernel, and JAX looks each op's "
        "lowering rule up by the pair (lowering semantics, primitive semantics). It must be a "
        "member of `plgpu.LoweringSemantics` (`Lane` or `Warpgroup`): a string with the "
        "member's name, None or a number is stored as given and matches no rule."
    ),
    when_it_happens=(
        "When the kernel is lowered, at its first op, on every measured release 0.8.3 - "
        "0.12.0.1 (\"KeyError: ('Warpgroup', <PrimitiveSemantics.Warpgroup: 2>)\"; blamed on "
        "the jitted call from 0.9.1, on the kernel's call before), under any value that is no "
        "member: a string, None, an int. Commonly a config read from a file, a dict or "
        "`dataclasses.asdict` that holds the semantics' name."
    ),
    how_to_fix=(
        "Pass the member: `plgpu.LoweringSemantics.Warpgroup`, or look a name up with "
        "`plgpu.LoweringSemantics[name]`."
    ),
    bad_example='''
plgpu.CompilerParams(lowering_semantics="Warpgroup")
''',
    good_example='''
plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    after_tracing = holds(KERNEL_LOWERED_AT_JIT_CALL, program.version)
    reported: set[int] = set()
    for launch in program.launches:
        params = launch.kernel.compiler_params
        misgiven = params.semantics_misgiven if params is not None else None
        if misgiven is None:
            continue
        blamed = launch.lowered_at if after_tracing else launch.site
        if id(blamed) in reported or not program.traced(launch.kernel) \
                or id(launch) in program.trace_refused_launches() or not _has_ops(program, launch):
            continue  # a trace JAX stops first is never lowered; an empty body fails otherwise
        reported.add(id(blamed))
        value = short_repr(misgiven.value)
        related = [Related(params.span, "the compiler params are made here")]  # type: ignore[union-attr]
        if misgiven.span is not None:
            related.append(Related(misgiven.span, f"lowering_semantics is {value} here"))
        yield Finding(
            RULE.code, program.span(blamed),
            f"This kernel's CompilerParams has lowering_semantics={value}, which is no "
            f"plgpu.LoweringSemantics member: JAX looks each op's lowering rule up by "
            f"(lowering semantics, primitive semantics) and raises \"KeyError: ({value}, "
            f"<PrimitiveSemantics.Warpgroup: 2>)\" when it lowers the kernel. Pass "
            f"plgpu.LoweringSemantics.{_member(misgiven.value)} (or LoweringSemantics[name]).",
            related=tuple(related))


def _has_ops(program: Program, launch: Launch) -> bool:
    """Whether the body does something JAX lowers (an op, a load or store of a ref)."""
    return any(item.launch is launch for items in (program.ops, program.ref_ops, program.ref_accesses)
               for item in items)


def _member(value: object) -> str:
    return value if value in ("Lane", "Warpgroup") else "Warpgroup"  # type: ignore[return-value]
