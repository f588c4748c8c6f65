"""PAL084 ref_index_rank: a ref (a buffer, a view, an array of barriers) indexed with more
indices than it has dimensions, or with two ellipses: JAX's indexer refuses it while the kernel
is traced (jax/_src/state/indexing.py ``NDIndexer.from_indices_shape``, the same on 0.8.3 -
0.12.0.1)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..trace import Launch
from ..values import ArrayVal, BarrierRefVal, Const, DSliceVal, RefVal
from .base import LoweringError, Rule
from .pal015_barriers import barrier_count

RULE = Rule(
    code="PAL084",
    name="ref_index_rank",
    title="a ref indexed with more indices than it has dimensions",
    jax_message=(
        "ValueError: `indices` must not be longer than `shape`: indices=(0, 0), shape=(2,)\n"
        "ValueError: Only one ellipsis is supported."
    ),
    lowering_errors=(
        LoweringError(r"\A`indices` must not be longer than `shape`", exc_type="ValueError"),
        LoweringError(r"\AOnly one ellipsis is supported\.", exc_type="ValueError"),
    ),
    what_it_means=(
        "A ref's index names at most one entry per dimension (an `...` stands for the ones "
        "left out). A load `x_ref[i, j, k]`, a store, or a view `x_ref.at[i, j]` of a ref of "
        "fewer dimensions, or an index with two `...`, has no meaning: JAX's indexer refuses it "
        "before anything reads the ref. An array of barriers (`plgpu.Barrier(num_barriers=n)`) "
        "is a 1-D ref of n barriers: `barriers.at[i]` picks one."
    ),
    when_it_happens=(
        "While the kernel is traced, on the line of the load, store or `.at[...]`, every "
        "release 0.8.3 - 0.12.0.1. Judged where the ref's shape and every index entry are known "
        "(ints, slices, `pl.ds`, index arrays, one `...`); the first such index of a launch in "
        "source order, as tracing stops there."
    ),
    how_to_fix=(
        "Drop the extra indices, or index the ref's own dimensions: a view `x_ref.at[i]` has "
        "one dimension fewer than `x_ref`; a barrier array takes one index."
    ),
    bad_example='''
barriers = plgpu.Barrier(num_barriers=2)      # one dimension
plgpu.barrier_wait(barriers_ref.at[0, 0])
''',
    good_example='''
plgpu.barrier_wait(barriers_ref.at[0])
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    # JAX stops tracing a launch at its first refused index: one finding per launch, the first
    # in the body's source order.
    first: dict[int, tuple[tuple[int, int], ast.AST, str, Launch]] = {}

    def keep(node: ast.AST, words: str, launch: Launch) -> None:
        order = (node.lineno, node.col_offset)  # type: ignore[attr-defined]
        known = first.get(id(launch))
        if known is None or order < known[0]:
            first[id(launch)] = (order, node, words, launch)

    for access in (*program.ref_views, *program.ref_accesses):
        # (Every load and store of every keystroke passes here: the common index, one entry or
        # `...`, is told apart by its class before any call.)
        index = access.index
        ref = access.ref
        if index.__class__ is not tuple and not (
                index.__class__ is Const and index.value.__class__ is tuple):  # type: ignore[attr-defined]
            # One entry is too many only for a ref of no dimensions (a scalar semaphore's
            # `sem.at[0]`); an `...` alone is none.
            if ref.__class__ is not RefVal or ref.shape.__class__ is not Const \
                    or ref.shape.value != ():  # type: ignore[attr-defined]
                continue
            index = (index,)
        if access.scoped or not access.sure or ref.__class__ is not RefVal:
            continue
        shape = ref.shape  # type: ignore[attr-defined]
        if shape.__class__ is not Const or shape.value.__class__ is not tuple:
            continue
        fault = index_fault(index, len(shape.value))
        if fault is not None:
            what = {"view": "view", "load": "load", "store": "store"}[access.kind]
            keep(access.node, f"This {what} indexes a {short_repr(shape.value)} ref "  # type: ignore[union-attr]
                 f"{fault}", access.launch)
    for op in program.ref_ops:
        for name, value in op.args.items():
            if not isinstance(value, BarrierRefVal) or not value.indices or op.scope_names:
                continue
            count = barrier_count(value.barrier)
            shape_value = value.barrier.num_barriers
            rank = len(shape_value.value) if isinstance(shape_value, Const) \
                and isinstance(shape_value.value, tuple) else (1 if count is not None else None)
            if rank is None:
                continue
            fault = index_fault(value.indices[0], rank)
            operand = op.arg_nodes.get(name)
            if fault is not None and operand is not None:
                keep(operand, f"This barrier array of {rank} dimension{'s' if rank > 1 else ''} is "
                     f"indexed {fault}", op.launch)
    for _order, node, words, launch in sorted(first.values(), key=lambda item: item[0]):
        yield Finding(RULE.code, program.span(node), words,
                      related=(Related(program.span(launch.kernel.node), "the kernel is created here"),))


def index_fault(index: object, rank: int) -> str | None:
    """What JAX's indexer refuses in ``index`` of a ref of ``rank`` dimensions, worded; None
    when it accepts it or an entry is not known (an unknown entry might be an Ellipsis)."""
    if index.__class__ is Const and index.value.__class__ is tuple:  # type: ignore[attr-defined]
        entries: tuple[object, ...] = tuple(Const(v) for v in index.value)  # type: ignore[attr-defined]
    elif index.__class__ is tuple:
        entries = index  # type: ignore[assignment]
    else:
        return None  # one entry (check makes a rank-0 ref's a tuple): never too long otherwise
    ellipses = 0
    for entry in entries:
        if entry.__class__ is Const:
            value = entry.value  # type: ignore[attr-defined]
            if value is Ellipsis:
                ellipses += 1
            elif type(value) not in (int, bool, slice):
                return None
        elif entry.__class__ is not DSliceVal and entry.__class__ is not ArrayVal:
            return None
    if ellipses > 1:
        return ("with two `...`: JAX raises \"ValueError: Only one ellipsis is supported.\" while "
                "the kernel is traced. Keep one `...`.")
    count = len(entries) - ellipses
    if count <= rank:
        return None
    spelled = ", ".join(_spelled(e) for e in entries)
    indices = "1 index" if count == 1 else f"{count} indices"
    drop = "the index" if count == 1 else f"{count - rank} of them"
    dimensions = "1 dimension" if count == 1 else f"{count} dimensions"
    return (f"with {indices} ({spelled}): a ref takes at most one index per dimension, "
            f"and JAX raises \"ValueError: `indices` must not be longer than `shape`\" while the "
            f"kernel is traced. Drop {drop}, or index a ref of {dimensions}.")


def _spelled(entry: object) -> str:
    if entry.__class__ is Const:
        value = entry.value  # type: ignore[attr-defined]
        return "..." if value is Ellipsis else ":" if type(value) is slice else short_repr(value)
    if entry.__class__ is DSliceVal:
        return "pl.ds(...)" if entry.is_ds else ":"  # type: ignore[attr-defined]
    return "an index array"
