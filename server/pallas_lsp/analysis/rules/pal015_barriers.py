"""PAL015 barriers: a plgpu.Barrier / plgpu.ClusterBarrier built with num_arrivals < 1, a
barrier op given a whole array of barriers, a barrier indexed with a float, or an empty array
of barriers allocated under Warpgroup semantics."""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related, TextEdit
from ..program import Program
from ..trace import Op
from ..values import MISSING, BarrierRefVal, BarrierVal, Const, DSliceVal
from ..versions import (
    BARRIER_ARRAY_NEEDS_INDEX,
    BARRIER_INDEX_INTEGERS,
    CLUSTER_BARRIER_CHECKS_ARRIVALS,
    KERNEL_LOWERED_AT_JIT_CALL,
    holds,
)
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named

RULE = Rule(
    code="PAL015",
    name="barriers",
    title=("a barrier needs num_arrivals of at least 1; a barrier op takes one barrier, not an "
           "array, indexed with integers"),
    jax_message=(
        "ValueError: Num arrivals must be at least 1, but got 0\n"
        "ValueError: Operation is only valid for a single barrier, but barrier ref contains 2. "
        "Individual barriers can be accessed by indexing into the ref.\n"
        "ValueError: Barrier can only be indexed with integers or slices, got 1.0\n"
        "NotImplementedError: Barrier does not support slice with `stride != 1`"
    ),
    lowering_errors=(LoweringError(r"Num arrivals must be at least 1", "ValueError"),
                     LoweringError(r"Operation is only valid for a single barrier", "ValueError"),
                     # A float in a real message; ``{idx}`` in JAX's template (the raise-site
                     # table): the site PAL015's float-index fixture reaches.
                     LoweringError(r"Barrier can only be indexed with integers or slices, got "
                                   r"(-?\d+\.\d*(e[-+]?\d+)?|\{idx\})$", "ValueError"),
                     LoweringError(r"^Barrier does not support slice with `stride != 1`$",
                                   "NotImplementedError", when=BARRIER_INDEX_INTEGERS),
                     # An empty array of barriers under Warpgroup semantics: MLIRError on
                     # 0.10.2, "internal verification error" (VerificationError) from 0.11.
                     LoweringError(r"'mosaic_gpu\.initialize_barrier' op attribute 'num_barriers' "
                                   r"failed to satisfy constraint")),
    what_it_means=(
        "A barrier completes a phase when `num_arrivals` arrivals have been recorded on it "
        "(a TMA copy's completion, a `plgpu.barrier_arrive`); JAX requires at least one and "
        "refuses to build a barrier with fewer. "
        "`plgpu.Barrier(num_barriers=n)` makes an array of n barriers: a copy, "
        "`barrier_wait` or `barrier_arrive` works on one of them (`barriers.at[i]`), and `i` "
        "is an integer (or a slice), never a float."
    ),
    when_it_happens=(
        "`plgpu.Barrier(num_arrivals=n)` with a literal `n < 1`, in every release; "
        "`plgpu.ClusterBarrier(collective_axes=..., num_arrivals=n)` from JAX 0.10.2 (0.8.3 "
        "builds and lowers it; 0.9.1 and 0.9.2 have no such check). JAX raises when the "
        "barrier is built, before any kernel is traced: on the `Barrier(...)` line, which "
        "stops a script at that line when "
        "it runs outside `jax.jit`. A whole array (`num_barriers` > 1) given to "
        "`copy_gmem_to_smem(..., barrier)`, `barrier_wait` or `barrier_arrive` fails on that "
        "op's line from 0.10.2 (0.8.3 lowers it; 0.9.1 and 0.9.2 have no such check). A "
        "barrier indexed with a Python float (`barriers.at[1.0]`, `barriers.at[i * 1.0]` with "
        "an int `i` the analysis knows) fails on the copy, `barrier_wait`, `barrier_arrive` "
        "or `barrier_test` that uses it, from 0.10.2 (\"Barrier can only be indexed with "
        "integers or slices, got 1.0\"); a traced float index fails there too, with an MLIR "
        "dump (not predicted). A slice of stride other than 1 (`barriers.at[pl.ds(0, 1, "
        "stride=2)]`, `barriers.at[0:4:2]`) fails on the same ops from 0.10.2 (\"Barrier does "
        "not support slice with `stride != 1`\"; 0.8.3 says \"Barrier can only be indexed "
        "with an integer\", not predicted). An empty array of barriers "
        "(`plgpu.Barrier(num_barriers=0)`, a count computed as 0) that a kernel allocates, in "
        "its scratch types or a `pl.run_scoped`, fails MLIR verification of its "
        "initialize_barrier op under Warpgroup semantics, in every release (\"'num_barriers' "
        "failed to satisfy constraint\", worded \"Pallas encountered an internal verification "
        "error\" from 0.11), blamed on the jitted call; Lane lowers it."
    ),
    how_to_fix=(
        "Give the number of arrivals each phase waits for: 1 for one TMA copy or one arriving "
        "thread, the number of arriving warpgroups or cluster blocks otherwise. Index an "
        "array of barriers (`barriers.at[slot]`) where an op takes one, with an integer slot "
        "(`barriers.at[1]`, `barriers.at[i % 2]`: the quick fix writes the float's integer)."
    ),
    bad_example='''
scratch_types=[plgpu.SMEM((128, 128), jnp.float32), plgpu.Barrier(num_arrivals=0)]
''',
    good_example='''
scratch_types=[plgpu.SMEM((128, 128), jnp.float32), plgpu.Barrier(num_arrivals=1)]
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _arrivals_findings(program)
    yield from _empty_array_findings(program)
    if holds(BARRIER_ARRAY_NEEDS_INDEX, program.version):
        yield from _array_findings(program)
    if holds(BARRIER_INDEX_INTEGERS, program.version):
        yield from _float_index_findings(program)
        yield from _strided_slice_findings(program)


# The barrier ops whose barrier operand must be one barrier (each lowering calls
# _get_barrier_ptr / as_barrier_ref on it; barrier_test too, from 0.10.2: JAX's
# test_barrier_test of a whole array of two, measured).
_BARRIER_OPS = ("plgpu.copy_gmem_to_smem", "plgpu.barrier_wait", "plgpu.barrier_arrive",
                "plgpu.barrier_test")


def _array_findings(program: Program) -> Iterator[Finding]:
    for name in _BARRIER_OPS:
        for node, ops in ref_ops_named(program, name).items():
            arrays = [(op, count) for op in ops
                      if isinstance(ref := op.args.get("barrier"), BarrierRefVal)
                      and ref.barrier.kind == "Barrier" and not ref.indices
                      and (count := barrier_count(ref.barrier)) is not None and count != 1]
            if not arrays:
                continue
            op, count = arrays[0]
            barrier = op.args["barrier"].barrier  # type: ignore[union-attr]
            operand = op.arg_nodes.get("barrier")
            spelled = program.text(operand) if operand is not None else "barrier"
            related: list[Related] = [Related(program.span(barrier.node),
                                              f"an array of {count} barriers is made here")]
            for array_op, _count in arrays:
                related.extend(kernel_related(program, array_op.launch))
            yield Finding(
                RULE.code, program.span(node),
                f"{name.rsplit('.', 1)[-1]}: {spelled} is the whole array of {count} barriers; "
                f"the op takes one barrier, and JAX fails with \"Operation is only valid for a "
                f"single barrier, but barrier ref contains {count}\". Index it: "
                f"{spelled}.at[i].",
                related=dedupe(related))


# The ops whose lowering reads a barrier operand's index (_get_barrier_base_index).
_INDEXED_BARRIER_OPS = _BARRIER_OPS


def _float_index_findings(program: Program) -> Iterator[Finding]:
    """JAX reads each ``.at[...]`` of a barrier in order: a slice of stride 1 or an integer
    passes, a Python float raises ("Barrier can only be indexed with integers or slices")."""
    for name in _INDEXED_BARRIER_OPS:
        for node, ops in ref_ops_named(program, name).items():
            found = next(((op, value) for op in ops if (value := _float_index(op)) is not None), None)
            if found is None:
                continue
            op, value = found
            operand = op.arg_nodes.get("barrier")
            spelled = program.text(operand) if operand is not None else "the barrier"
            whole = int(value) if value.is_integer() else None
            todo = (f"Index it with the integer {whole}" if whole is not None
                    else "Index it with an integer (int(...) of the slot, or integer arithmetic)")
            yield Finding(
                RULE.code, program.span(node),
                f"{name.rsplit('.', 1)[-1]}: {spelled} indexes the barriers with {value!r}, a "
                f"float; a barrier index must be an integer or a slice, and JAX raises "
                f"\"ValueError: Barrier can only be indexed with integers or slices, got "
                f"{value!r}\". {todo}.",
                related=(Related(program.span(op.args["barrier"].barrier.node),  # type: ignore[union-attr]
                                 "the barriers are made here"),),
                fixes=_integer_index_fix(program, operand, op.args["barrier"], whole))  # type: ignore[arg-type]


def _float_index(op: Op) -> float | None:
    """The first float index JAX meets in the barrier operand's views; None when an index
    before it is not known, or passes none."""
    ref = op.args.get("barrier")
    if not isinstance(ref, BarrierRefVal):
        return None
    for index in ref.indices:
        entries = index if isinstance(index, tuple) else (
            tuple(Const(v) for v in index.value) if isinstance(index, Const)
            and isinstance(index.value, tuple) else (index,))
        for entry in entries:
            if isinstance(entry, DSliceVal) and entry.stride in (None, 1):
                continue
            if isinstance(entry, Const) and type(entry.value) in (int, bool):
                continue
            if isinstance(entry, Const) and type(entry.value) is float:
                return entry.value
            return None  # a traced index, a strided slice: another check, or not known
    return None


def _strided_slice_findings(program: Program) -> Iterator[Finding]:
    """The same walk as _float_index: a slice of a known stride other than 1 met first raises
    "Barrier does not support slice with `stride != 1`" (NotImplementedError)."""
    for name in _INDEXED_BARRIER_OPS:
        for node, ops in ref_ops_named(program, name).items():
            found = next(((op, stride) for op in ops if (stride := _slice_stride(op)) is not None),
                         None)
            if found is None:
                continue
            op, stride = found
            operand = op.arg_nodes.get("barrier")
            spelled = program.text(operand) if operand is not None else "the barrier"
            yield Finding(
                RULE.code, program.span(node),
                f"{name.rsplit('.', 1)[-1]}: {spelled} picks barriers with a slice of stride "
                f"{stride}; a barrier index must be an integer or a slice of stride 1, and JAX "
                f"raises \"NotImplementedError: Barrier does not support slice with `stride != "
                f"1`\". Index one barrier with an integer (barriers.at[i]).",
                related=(Related(program.span(op.args["barrier"].barrier.node),  # type: ignore[union-attr]
                                 "the barriers are made here"),))


def _slice_stride(op: Op) -> int | None:
    """The stride of the first strided slice JAX meets in the barrier operand's views; None
    when an index before it is not known or raises otherwise, or none is strided."""
    ref = op.args.get("barrier")
    if not isinstance(ref, BarrierRefVal):
        return None
    for index in ref.indices:
        entries = index if isinstance(index, tuple) else (
            tuple(Const(v) for v in index.value) if isinstance(index, Const)
            and isinstance(index.value, tuple) else (index,))
        for entry in entries:
            if isinstance(entry, DSliceVal) and entry.stride in (None, 1):
                continue
            if isinstance(entry, DSliceVal) and type(entry.stride) is int:
                return entry.stride  # type: ignore[return-value]
            if isinstance(entry, Const) and type(entry.value) in (int, bool):
                continue
            return None  # a float (the other check), a traced index, or not known
    return None


def _integer_index_fix(program: Program, operand: ast.expr | None, ref: BarrierRefVal,
                       whole: int | None) -> tuple[Fix, ...]:
    """``barriers.at[1 * 1.0]`` -> ``barriers.at[1]``: only one ``.at[...]`` of one index, whose
    float is a whole number (the slot it names)."""
    if whole is None or len(ref.indices) != 1 or isinstance(ref.indices[0], tuple) \
            or not isinstance(operand, ast.Subscript) or not isinstance(operand.value, ast.Attribute) \
            or operand.value.attr != "at" or isinstance(operand.slice, (ast.Tuple, ast.Slice)):
        return ()
    return (Fix(f"Index the barrier with {whole}",
                (TextEdit(program.span(operand.slice), str(whole)),), preferred=True),)


def barrier_count(barrier: BarrierVal) -> int | None:
    """How many barriers a plgpu.Barrier makes: num_barriers (an int, or a shape's product);
    one by default; None when not known."""
    value = barrier.num_barriers
    if value is MISSING:
        return 1
    if isinstance(value, Const) and type(value.value) is int:
        return value.value
    if isinstance(value, Const) and isinstance(value.value, tuple) \
            and all(type(d) is int for d in value.value):
        return math.prod(value.value)
    return None


def _arrivals_findings(program: Program) -> Iterator[Finding]:
    seen: set[int] = set()
    for barrier in program.barriers:
        if id(barrier.node) in seen or not _checked(barrier, program):
            continue
        arrivals = _arrivals(barrier)
        if arrivals is None or arrivals >= 1:
            continue
        seen.add(id(barrier.node))
        yield Finding(
            RULE.code, program.span(barrier.node),
            f"plgpu.{barrier.kind}(num_arrivals={arrivals}): a barrier needs at least one "
            f"arrival; JAX refuses to build it (\"Num arrivals must be at least 1, but got "
            f"{arrivals}\"). Set num_arrivals to the number of arrivals each phase waits for "
            f"(1 for one TMA copy).",
            fixes=_fixes(program, barrier))


def _empty_array_findings(program: Program) -> Iterator[Finding]:
    """A plgpu.Barrier(num_barriers=0) a kernel allocates (its scratch types, a run_scoped)
    under Warpgroup semantics: the kernel's `mosaic_gpu.initialize_barrier` op fails MLIR
    verification ("'num_barriers' failed to satisfy constraint: 32-bit signless integer
    attribute whose value is positive"), blamed on the jitted call (no kernel line). Lane
    lowers it (0.10.2 and 0.12.0.1, measured). Once per launch."""
    # (Most programs build no empty array: asked of the barriers built, by plain tests, first.)
    for barrier in program.barriers:
        count = barrier.num_barriers
        if count.__class__ is Const and (count.value == 0 or (count.value.__class__ is tuple
                                                             and 0 in count.value)):
            break
    else:
        return
    scoped: dict[int, list[object]] = {}
    for call in program.scoped_calls:
        scoped.setdefault(id(call.launch), []).extend(call.types or ())
    for launch in program.launches:
        allocated = (*launch.scratch_leaves, *scoped.get(id(launch), ()))
        empty = next((item for item in allocated if isinstance(item, BarrierVal)
                      and item.kind == "Barrier" and barrier_count(item) == 0), None)
        if empty is None or program.semantics(launch.kernel).name != "Warpgroup":
            continue
        blamed = launch.lowered_at if holds(KERNEL_LOWERED_AT_JIT_CALL, program.version) else launch.site
        yield Finding(
            RULE.code, program.span(blamed),
            "This kernel allocates plgpu.Barrier(num_barriers=0), an array of no barriers: under "
            "Warpgroup semantics its mosaic_gpu.initialize_barrier op fails MLIR verification "
            "when this call lowers the kernel (\"'num_barriers' failed to satisfy constraint: "
            "32-bit signless integer attribute whose value is positive\"; from 0.11 JAX words it "
            "\"Pallas encountered an internal verification error\"). Allocate at least one "
            "barrier (check the count it is computed from), or none at all.",
            related=(Related(program.span(empty.node), "the empty barrier array"),  # type: ignore[attr-defined]
                     Related(program.span(launch.kernel.node), "the kernel is created here")))


def _checked(barrier: BarrierVal, program: Program) -> bool:
    """Barrier checks num_arrivals in every release; ClusterBarrier from 0.10.2 on."""
    return barrier.kind == "Barrier" or holds(CLUSTER_BARRIER_CHECKS_ARRIVALS, program.version)


def _arrivals(barrier: BarrierVal) -> int | None:
    value = barrier.num_arrivals
    if isinstance(value, Const) and type(value.value) is int:
        return value.value
    return None  # the default (1), or a value the analysis cannot know


def _fixes(program: Program, barrier: BarrierVal) -> tuple[Fix, ...]:
    if barrier.num_arrivals_node is None:
        return ()
    return (Fix("Use num_arrivals=1", (TextEdit(program.span(barrier.num_arrivals_node), "1"),),
                preferred=True),)


