"""PAL034 set_max_registers: plgpu.set_max_registers takes a positive multiple of 8 and an
action of "increase" or "decrease" (checked when traced, from JAX 0.11.2)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..pipelines import RUN, WS, PipelineVal
from ..program import Program
from ..trace import Op
from ..values import Const
from ..versions import SET_MAX_REGISTERS_CHECKED, format_jax_version, holds
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named

RULE = Rule(
    code="PAL034",
    name="set_max_registers",
    title="plgpu.set_max_registers takes a positive multiple of 8 and 'increase' or 'decrease'",
    jax_message=(
        "ValueError: n must be a positive multiple of 8, got 100\n"
        "ValueError: action must be 'increase' or 'decrease', got 'raise'"
    ),
    lowering_errors=(
        LoweringError(r"^n must be a positive multiple of 8, got ", "ValueError",
                      when=SET_MAX_REGISTERS_CHECKED),
        LoweringError(r"^action must be 'increase' or 'decrease', got ", "ValueError",
                      when=SET_MAX_REGISTERS_CHECKED),
        # Before 0.11.2: the MLIR verifier's refusal of the instruction.
        LoweringError(r"'nvvm\.setmaxregister' op new register size must be multiple of 8"),
        LoweringError(r"'nvvm\.setmaxregister' op new register size must be in between 24 to 256"),
    ),
    what_it_means=(
        "`plgpu.set_max_registers(n, action=...)` moves registers between the warpgroups of a "
        "warp-specialized kernel (the PTX `setmaxnreg` instruction): `n` is the new number of "
        "registers per thread, which the hardware takes only in steps of 8, and `action` says "
        "whether the count grows (`\"increase\"`) or shrinks (`\"decrease\"`)."
    ),
    when_it_happens=(
        "From JAX 0.11.2 the primitive checks its arguments when the kernel is traced, on the "
        "`set_max_registers` line: a literal `n` that is not a positive multiple of 8 (or not an "
        "int), or an `action` other than the two strings. 0.8.3 and 0.10.2 do not check: a count "
        "of 100 then fails MLIR verification (\"Verification failed: 'nvvm.setmaxregister' op "
        "new register size must be multiple of 8\"), on the call's line on 0.10.2 and on the "
        "jitted call on 0.8.3 (judged for counts of 24 to 256), as does a multiple of 8 outside "
        "24 to 256 (\"... new register size must be in between 24 to 256\"; from 0.11.2 such a "
        "count lowers), and an unknown action lowers as \"decrease\". 0.11.0 and 0.11.1 not "
        "measured. A "
        "warp-specialized pipeline's `memory_registers=` is its memory warpgroup's count "
        "(`set_max_registers(memory_registers, action=\"decrease\")` when the pipeline runs): "
        "raised on the line that runs the pipeline, from 0.11.2."
    ),
    how_to_fix=(
        "Give a positive multiple of 8 (the producer warpgroup usually decreases to 24 or 40, "
        "the consumers increase to 232 or 240) and spell the action `\"increase\"` or "
        "`\"decrease\"`."
    ),
    bad_example='''
plgpu.set_max_registers(100, action="increase")
''',
    good_example='''
plgpu.set_max_registers(104, action="increase")
''',
    fixable=False,
)

_ACTIONS = ("increase", "decrease")


def check(program: Program, options: Options) -> Iterator[Finding]:
    if not holds(SET_MAX_REGISTERS_CHECKED, program.version):
        yield from _verified(program)
        return
    for node, ops in ref_ops_named(program, "plgpu.set_max_registers").items():
        said = next((said for op in ops if (said := _fault(op)) is not None), None)
        if said is None:
            continue
        related = [item for each in ops for item in kernel_related(program, each.launch)]
        yield Finding(RULE.code, program.span(node), said, related=dedupe(related))
    yield from _pipeline_memory_registers(program)


_VERIFIER_WORDS = "'nvvm.setmaxregister' op new register size must be multiple of 8"
_RANGE_WORDS = "'nvvm.setmaxregister' op new register size must be in between 24 to 256"


def _verified(program: Program) -> Iterator[Finding]:
    """Before 0.11.2 nothing checks n when the kernel is traced: the MLIR verifier refuses a
    count that is no multiple of 8 once the kernel is lowered ("Verification failed: ...
    'nvvm.setmaxregister' op new register size must be multiple of 8"), blamed on the
    set_max_registers line on 0.10.2 and on the jitted call on 0.8.3; a warp-specialized
    pipeline's memory_registers on the jitted call (0.10.2) or the launch (0.8.3). Judged for
    counts between 24 and 256 (measured: 44, 100, 236; pal034 fixtures)."""
    late = tuple(program.version[:2]) >= (0, 10)
    release = format_jax_version(program.version)
    seen: set[int] = set()
    for node, ops in ref_ops_named(program, "plgpu.set_max_registers").items():
        for op in ops:
            count = _odd_count(op.args.get("n"))
            outside = _outside_count(op.args.get("n"))
            blamed = node if late else op.launch.lowered_at
            if (count is None and outside is None) or blamed is None or id(blamed) in seen:
                continue
            seen.add(id(blamed))
            related = [Related(program.span(node), "set_max_registers is called here")] \
                if blamed is not node else []
            if count is None:
                yield Finding(
                    RULE.code, program.span(blamed),
                    f"set_max_registers: n={outside} is outside the 24 to 256 registers per thread "
                    f"the hardware allows, and JAX {release} lowers the call unchecked, so the "
                    f"MLIR verifier refuses the kernel (\"Verification failed: {_RANGE_WORDS}\"). "
                    f"Give a multiple of 8 from 24 to 256.",
                    related=dedupe(related + list(kernel_related(program, op.launch))))
                continue
            yield Finding(
                RULE.code, program.span(blamed),
                f"set_max_registers: n={count} is not a multiple of 8; the register count per "
                f"thread changes in steps of 8, and JAX {release} lowers the call "
                f"unchecked, so the MLIR verifier refuses the kernel (\"Verification failed: "
                f"{_VERIFIER_WORDS}\"). Give a multiple of 8{_nearest(count)}.",
                related=dedupe(related + list(kernel_related(program, op.launch))))
    for op in program.ops_of(RUN):
        pipeline = op.args.get("pipeline")
        if not isinstance(pipeline, PipelineVal) or pipeline.api != WS:
            continue
        count = _odd_count(pipeline.memory_registers)
        blamed = op.launch.lowered_at if late else op.launch.site
        if count is None or blamed is None or id(blamed) in seen:
            continue
        seen.add(id(blamed))
        yield Finding(
            RULE.code, program.span(blamed),
            f"The warp-specialized pipeline run at line {op.node.lineno} has memory_registers="
            f"{count}: its memory warpgroup calls set_max_registers({count}, action=\"decrease\"), "
            f"and JAX {release} lowers it unchecked, so the MLIR verifier refuses the "
            f"kernel (\"Verification failed: {_VERIFIER_WORDS}\"). Give a multiple of 8"
            f"{_nearest(count)}.",
            related=(Related(program.span(op.node), "the pipeline runs here"),))


def _outside_count(value: object) -> int | None:
    """A positive multiple of 8 outside 24..256 (16, 264): the verifier's range refusal
    before 0.11.2 (measured on 0.10.2: 264; from 0.11.2 such a count lowers)."""
    count = value.value if isinstance(value, Const) else None
    return count if type(count) is int and count > 0 and count % 8 == 0 and not 24 <= count <= 256 else None


def _odd_count(value: object) -> int | None:
    count = value.value if isinstance(value, Const) else None
    return count if type(count) is int and 24 <= count <= 256 and count % 8 else None


def _pipeline_memory_registers(program: Program) -> Iterator[Finding]:
    """A warp-specialized pipeline's memory_registers=: its memory thread calls
    ``set_max_registers(memory_registers, action="decrease")`` when the pipeline runs, so JAX's
    check is raised on the line that runs it (measured on 0.11.2 and 0.12.0.1)."""
    seen: set[int] = set()
    for op in program.ops_of(RUN):
        pipeline = op.args.get("pipeline")
        if not isinstance(pipeline, PipelineVal) or pipeline.api != WS or id(op.node) in seen:
            continue
        count = pipeline.memory_registers
        if not isinstance(count, Const) or (isinstance(count.value, int) and count.value > 0
                                            and count.value % 8 == 0):
            continue
        seen.add(id(op.node))
        given = pipeline.node.keywords
        related = [Related(program.span(keyword.value), "memory_registers is given here")
                   for keyword in given if keyword.arg == "memory_registers"]
        yield Finding(
            RULE.code, program.span(op.node),
            f"The warp-specialized pipeline run here has memory_registers={count.value!r}: its "
            f"memory warpgroup calls set_max_registers({count.value!r}, action=\"decrease\"), and "
            f"the register count per thread changes in steps of 8, so JAX raises \"ValueError: n "
            f"must be a positive multiple of 8, got {count.value}\" when the pipeline runs. Give "
            f"a positive multiple of 8 (24 or 40 are usual for the memory warpgroup).",
            related=tuple(related))


def _fault(op: Op) -> str | None:
    """JAX's first refusal (n, then action) for arguments the analysis knows; None else."""
    n = op.args.get("n")
    if not isinstance(n, Const):
        return None  # a count the analysis cannot know: JAX may refuse it first
    count = n.value
    if not isinstance(count, int) or count <= 0 or count % 8:
        return (f"set_max_registers: n={count!r} is not a positive multiple of 8; the "
                f"register count per thread changes in steps of 8, and JAX raises "
                f"\"ValueError: n must be a positive multiple of 8, got {count}\". "
                f"Give a multiple of 8{_nearest(count)}.")
    action = op.args.get("action")
    if isinstance(action, Const) and action.value not in _ACTIONS:
        return (f"set_max_registers: action={action.value!r} is neither \"increase\" nor "
                f"\"decrease\", and JAX raises \"ValueError: action must be 'increase' or "
                f"'decrease', got {action.value!r}\". Say whether the register count grows "
                f"(\"increase\") or shrinks (\"decrease\").")
    return None


def _nearest(count: object) -> str:
    if isinstance(count, (int, float)) and not isinstance(count, bool) and count > 0:
        below = int(count) // 8 * 8
        above = below + 8
        return f" ({below} or {above})" if below > 0 else f" ({above})"
    return ""
