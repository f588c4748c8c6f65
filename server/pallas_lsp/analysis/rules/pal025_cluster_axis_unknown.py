"""PAL025 cluster_axis_unknown: a cluster collective names an axis that is not one of the
kernel's cluster_names (a multicast copy_gmem_to_smem, a plgpu.ClusterBarrier)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related
from ..program import Program
from ..trace import Launch
from ..values import MISSING, BarrierVal, Const, KernelInfo, const_strings
from ..versions import CLUSTER_BARRIER_AXES_AT_JIT_CALL, holds
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named, replace_node

RULE = Rule(
    code="PAL025",
    name="cluster_axis_unknown",
    title="a cluster collective names an axis that is not in cluster_names",
    jax_message="LookupError: Unknown cluster axis d, available axes: ['c']",
    lowering_errors=(LoweringError(r"Unknown cluster axis", "LookupError"),),
    what_it_means=(
        "A multicast `plgpu.copy_gmem_to_smem(..., collective_axes=...)` and a "
        "`plgpu.ClusterBarrier(collective_axes=...)` work across the blocks of one cluster: "
        "each axis they name must be one of the kernel's `cluster_names`. A grid axis "
        "(`grid_names`), a device mesh axis or a misspelt name is not a cluster axis."
    ),
    when_it_happens=(
        "A `plgpu.kernel(..., cluster=..., cluster_names=...)` (or one without a cluster) "
        "whose body copies with `collective_axes` naming another axis: JAX blames the copy. "
        "A `plgpu.ClusterBarrier` in its `scratch_types` (or allocated by `pl.run_scoped` in the "
        "body) naming another axis: JAX raises when "
        "it allocates the barrier, after tracing, and blames the line that calls the jitted "
        "function (0.8.3: the launch inside it). Measured on 0.8.3, 0.9.1, 0.9.2, 0.10.2, "
        "0.11.2 and 0.12.0.1, the same text."
    ),
    how_to_fix=(
        "Name a cluster axis (one of `cluster_names`), or add the axis to the kernel's "
        "`cluster=` / `cluster_names=`; to share data across grid blocks or devices, a cluster "
        "collective is not the tool."
    ),
    bad_example='''
plgpu.copy_gmem_to_smem(x_ref, smem, barrier, collective_axes="x")   # cluster_names=("c",)
''',
    good_example='''
plgpu.copy_gmem_to_smem(x_ref, smem, barrier, collective_axes="c")
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _copies(program)
    yield from _cluster_barriers(program)


def _copies(program: Program) -> Iterator[Finding]:
    for node, ops in ref_ops_named(program, "plgpu.copy_gmem_to_smem").items():
        faults: list[tuple[Launch, str, tuple[str, ...]]] = []
        axes_node = ops[0].arg_nodes.get("collective_axes")
        for op in ops:
            names = cluster_names(op.launch.kernel)
            axes = copy_axes(op.args.get("collective_axes", MISSING))
            if names is None or axes is None:
                continue
            unknown = [axis for axis in axes if axis not in names]
            if unknown:
                faults.append((op.launch, unknown[0], names))
        if not faults:
            continue
        _launch, axis, names = faults[0]
        related: list[Related] = []
        for fault_launch, _axis, _names in faults:
            related.extend(kernel_related(program, fault_launch))
        yield Finding(RULE.code, program.span(node),
                      f"copy_gmem_to_smem: collective_axes names {axis!r}, which is not a "
                      f"cluster axis of this kernel ({_available(names)}); JAX fails with "
                      f"\"Unknown cluster axis {axis}\". {_todo(names)}",
                      related=dedupe(related),
                      fixes=_fixes(program, axes_node, {fault[2] for fault in faults}))


def _cluster_barriers(program: Program) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for launch, barrier in _barriers(program):
        names = cluster_names(launch.kernel)
        if names is None:
            continue
        axes = const_strings(barrier.collective_axes) \
            if not _bare_string(barrier.collective_axes) else None
        unknown = [axis for axis in axes or () if axis not in names]
        if not unknown:
            continue
        at_jit_call = holds(CLUSTER_BARRIER_AXES_AT_JIT_CALL, program.version)
        blamed = (launch.ctx.jit_call if at_jit_call else None) or launch.site
        if (id(blamed), id(barrier.node)) in seen:
            continue
        seen.add((id(blamed), id(barrier.node)))
        where = barrier.collective_axes_node or barrier.node
        related = [Related(program.span(where), f"the ClusterBarrier names {unknown[0]!r} here"),
                   *kernel_related(program, launch)]
        yield Finding(RULE.code, program.span(blamed),
                      f"plgpu.ClusterBarrier(collective_axes={tuple(axes or ())!r}) names "
                      f"{unknown[0]!r}, which is not a cluster axis of its kernel "
                      f"({_available(names)}); JAX fails with \"Unknown cluster axis "
                      f"{unknown[0]}\" when it {_when(at_jit_call)} and allocates the barrier. "
                      f"{_todo(names)}",
                      related=dedupe(related),
                      fixes=_fixes(program, barrier.collective_axes_node, {names}))


def _barriers(program: Program) -> Iterator[tuple[Launch, BarrierVal]]:
    """Each ClusterBarrier a launch allocates: in its kernel's scratch_types, or by a
    pl.run_scoped in its body (measured: the same error, blamed on the same line)."""
    for launch in program.launches:
        if isinstance(launch.kernel.scratch_types, tuple):
            for barrier in launch.kernel.scratch_types:
                if isinstance(barrier, BarrierVal) and barrier.kind == "ClusterBarrier":
                    yield launch, barrier
    for scoped in program.scoped_buffers:
        if isinstance(scoped.buffer, BarrierVal) and scoped.buffer.kind == "ClusterBarrier":
            yield scoped.launch, scoped.buffer


def cluster_names(kernel: KernelInfo) -> tuple[str, ...] | None:
    """The cluster axes of a plgpu.kernel, as JAX resolves them; None when not known (a
    pl.pallas_call, **kwargs, names that cannot be evaluated)."""
    if kernel.api != "kernel" or kernel.mesh_args is None:
        return None
    value = kernel.mesh_args.get("cluster_names", MISSING)
    if value is MISSING or (isinstance(value, Const) and value.value is None):
        return ()
    if _bare_string(value):
        return None  # a string's letters (PAL010 judges a length mismatch)
    return const_strings(value)


def copy_axes(value: object) -> tuple[str, ...] | None:
    """copy_gmem_to_smem's collective_axes as it resolves them: a string is one axis name."""
    if value is MISSING or (isinstance(value, Const) and value.value is None):
        return ()
    if _bare_string(value):
        return (value.value,)  # type: ignore[union-attr]
    return const_strings(value)


def _fixes(program: Program, node: ast.expr | None,
           names: set[tuple[str, ...]]) -> tuple[Fix, ...]:
    """Name the kernel's one cluster axis, where every launch has that one axis and the
    argument is a literal naming one axis (a string, or a tuple or list of one string)."""
    if node is None or len(names) != 1:
        return ()
    (axes,) = names
    if len(axes) != 1:
        return ()
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = repr(axes[0])
    elif isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) == 1 \
            and isinstance(node.elts[0], ast.Constant) and isinstance(node.elts[0].value, str):
        text = f"({axes[0]!r},)"
    else:
        return ()
    return (Fix(f"Use the kernel's cluster axis {axes[0]!r}", (replace_node(program, node, text),)),)


def _when(at_jit_call: bool) -> str:
    """Where the release lowers the kernel: after tracing (the jitted call), or 0.8.3's launch."""
    return "lowers this jitted call" if at_jit_call else "traces this launch"


def _bare_string(value: object) -> bool:
    return isinstance(value, Const) and type(value.value) is str


def _available(names: tuple[str, ...]) -> str:
    if not names:
        return "it has no cluster axes"
    return f"cluster_names={names!r}"


def _todo(names: tuple[str, ...]) -> str:
    if not names:
        return "Give the kernel a cluster (cluster=..., cluster_names=...) or drop collective_axes."
    listed = ", ".join(repr(name) for name in names)
    return f"Name a cluster axis ({listed}) or add the axis to cluster=/cluster_names=."
