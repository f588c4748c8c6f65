"""PAL010 kernel_args: plgpu.kernel grid / cluster / thread arguments that JAX's Mesh refuses."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..api_static import kernel_keywords, surface_for
from ..kernel_mesh import MAX_NUM_THREADS, MeshFault, mesh_fault
from ..model import Finding, Fix, Options, Related
from ..program import Program
from ..values import Const, KernelInfo
from ..versions import CTA_BARRIERS_RESERVED, KERNEL_MESH_AT_CALL, first_release, format_jax_version, holds
from .base import LoweringError, Rule
from .common import replace_node

RULE = Rule(
    code="PAL010",
    name="kernel_args",
    title="plgpu.kernel's grid / cluster / thread arguments do not fit together",
    jax_message=(
        "ValueError: grid_names must have the same length as grid, got Mesh(...)\n"
        "ValueError: cluster_names must have the same length as cluster, got Mesh(...)\n"
        "ValueError: num_threads and thread_name must be either both set or both None, got Mesh(...)\n"
        "ValueError: cluster= must be at most 3D, got Mesh(...)\n"
        "ValueError: Requested too many CUDA threads per block. Each Mosaic thread corresponds to "
        "128 CUDA threads. At most 16 are supported, got Mesh(...)"
    ),
    lowering_errors=(
        # A cluster dimension of 0: lowering divides by it (PAL079 claims the same words for a
        # program's own division; the markers and merge.confirms accept either).
        LoweringError(r"\Ainteger modulo by zero\Z", exc_type="ZeroDivisionError"),
        LoweringError(r"grid_names must have the same length as grid", exc_type="ValueError"),
        LoweringError(r"cluster_names must have the same length as cluster", exc_type="ValueError"),
        LoweringError(r"num_threads and thread_name must be either both set or both None",
                      exc_type="ValueError"),
        LoweringError(r"cluster= must be at most 3D", exc_type="ValueError"),
        LoweringError(r"Requested too many CUDA threads per block", exc_type="ValueError"),
        # 0.12.0.1: the warpgroups' reserved hardware barriers ("{...}" in JAX's template).
        LoweringError(r"^Too many CTA barriers requested: (\d+|\{[^}]*\}) requested",
                      exc_type="ValueError", when=CTA_BARRIERS_RESERVED),
    ),
    what_it_means=(
        "`plgpu.kernel` builds a Mosaic GPU `Mesh` from its `grid`, `grid_names`, `cluster`, "
        "`cluster_names`, `num_threads` and `thread_name` arguments, and the Mesh checks them "
        "before any kernel body is traced: every grid (cluster) dimension needs a name, "
        "`num_threads` needs a `thread_name` (and the other way round), a cluster has at most 3 "
        "dimensions and a block at most 16 Mosaic threads (warpgroups). Nothing in the kernel "
        "body is reached, so its own errors come only after this one is fixed."
    ),
    when_it_happens=(
        "`grid=(4,)` without `grid_names=`, names and sizes of different lengths (a string "
        "`grid_names=\"blocks\"` counts as 6 names, one per letter), `num_threads=2` without "
        "`thread_name=`, `cluster=` without `cluster_names=`. From JAX 0.10.2 the `plgpu.kernel` "
        "call raises (JAX blames that call); before, the kernel's launch raises while it is "
        "traced (JAX blames the launch). Measured on 0.8.3, 0.10.2 and 0.12.0.1. From 0.12.0.1, "
        "`num_threads=16` (which the Mesh accepts) fails when the kernel is lowered, blamed on "
        "the jitted call: one of the block's 16 hardware barriers is reserved per warpgroup and "
        "one for the whole block (\"Too many CTA barriers requested: 0 requested, but only -1 "
        "available\")."
    ),
    how_to_fix=(
        "Give one name per dimension: `grid=(4,), grid_names=(\"blocks\",)` (a tuple, not a bare "
        "string), `cluster=(2,), cluster_names=(\"cluster\",)`; pass `num_threads` and "
        "`thread_name` together; keep `num_threads` at most 16. The names are the axis names "
        "`lax.axis_index` and `plgpu.nd_loop(collective_axes=...)` use inside the kernel."
    ),
    bad_example='''
call = plgpu.kernel(body, out_type=out_type, grid=(4,))
''',
    good_example='''
call = plgpu.kernel(body, out_type=out_type, grid=(4,), grid_names=("blocks",))
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _barriers_reserved(program)
    yield from _cluster_of_zero(program)
    at_call = holds(KERNEL_MESH_AT_CALL, program.version)
    takes = _kernel_takes(program, options)
    for kernel in program.kernels:
        fault = mesh_fault(kernel)
        if fault is None or kernel.api != "kernel" or not isinstance(kernel.node, ast.Call):
            continue
        if takes is not None and kernel.keywords is not None and not kernel.keywords <= takes:
            # A keyword neither plgpu.kernel nor plgpu.Mesh takes (grid_spec= passed through a
            # helper's **kwargs): Mesh.__init__ raises TypeError on it before it checks the
            # grid (famheld2's grid_to_grid_spec mutants; PAL009 names that keyword).
            continue
        call = kernel.node
        direct = program.callee_names.get(id(call)) == "plgpu.kernel"
        message = (f"plgpu.kernel: {fault.why}. JAX's Mesh refuses it with "
                   f"\"ValueError: {fault.jax_words}\" before the kernel body is traced. "
                   f"{fault.todo}")
        if at_call:
            if direct:  # functools.partial(plgpu.kernel, ...) and the like: the line is not measured
                yield Finding(RULE.code, program.span(call.func), message + ".",
                              fixes=_fixes(program, kernel, fault))
            continue
        # Before 0.10.2 the Mesh is built while the launch is traced: JAX blames the launch.
        since = first_release(KERNEL_MESH_AT_CALL)
        version = format_jax_version(program.version)
        for launch in program.launches:
            if launch.kernel is kernel:
                related = (Related(program.span(call), "the plgpu.kernel arguments are given here"),)
                yield Finding(RULE.code, program.span(launch.site),
                              f"{message} (JAX {version} builds the Mesh when this launch is "
                              f"traced; from {since} on, at the plgpu.kernel call).",
                              related=related,
                              fixes=_fixes(program, kernel, fault) if direct else ())


def _cluster_of_zero(program: Program) -> Iterator[Finding]:
    """A cluster dimension of 0 blocks, which the Mesh accepts: lowering divides by it and fails
    with a bare "ZeroDivisionError: integer modulo by zero", blamed on the jitted call
    (measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1: pal010/cluster_of_zero.py)."""
    reported: set[int] = set()
    for launch in program.launches:
        kernel = launch.kernel
        # (Every launch of every keystroke passes here: no call until a cluster is there.)
        if not kernel.mesh_args or "cluster" not in kernel.mesh_args:
            continue
        cluster = kernel.mesh_args["cluster"]
        if kernel.api != "kernel" or cluster.__class__ is not Const or cluster.value.__class__ is not tuple \
                or 0 not in cluster.value or launch.lowered_at is None \
                or id(launch.lowered_at) in reported or mesh_fault(kernel) is not None:
            continue
        reported.add(id(launch.lowered_at))
        yield Finding(
            RULE.code, program.span(launch.lowered_at),
            f"plgpu.kernel: cluster={cluster.value!r} has a dimension of 0 blocks; JAX divides "
            f"by each cluster dimension when it lowers the kernel and fails with a bare "
            f"\"ZeroDivisionError: integer modulo by zero\". A cluster dimension is at least 1 "
            f"(1: no cluster along it).",
            related=(Related(program.span(kernel.node), "cluster= is given here"),))


def _barriers_reserved(program: Program) -> Iterator[Finding]:
    """0.12.0.1 reserves one of a block's 16 hardware barriers per warpgroup (Mosaic thread)
    and one CTA-wide, when the kernel is lowered (mosaic/gpu/core.py): num_threads=16, which
    the Mesh accepts, leaves -1. Pallas requests none of the rest (no CtaBarrier scratch), so
    the count is 0. Blamed on the launch (the jitted call)."""
    if not holds(CTA_BARRIERS_RESERVED, program.version):
        return
    reported: set[int] = set()
    for launch in program.launches:
        kernel = launch.kernel
        threads = kernel.mesh_args.get("num_threads") if kernel.mesh_args else None
        if not isinstance(threads, Const) or type(threads.value) is not int \
                or threads.value < MAX_NUM_THREADS or kernel.api != "kernel" \
                or launch.lowered_at is None or id(launch.lowered_at) in reported \
                or mesh_fault(kernel) is not None:
            continue
        reported.add(id(launch.lowered_at))
        count = threads.value
        related = (Related(program.span(kernel.node), "num_threads= is given here"),)
        yield Finding(
            RULE.code, program.span(launch.lowered_at),
            f"plgpu.kernel: num_threads={count} warpgroups each reserve one of the block's 16 "
            f"hardware barriers, and one more is reserved for the whole block, so JAX "
            f"{format_jax_version(program.version)} refuses the kernel when it is lowered with "
            f"\"ValueError: Too many CTA barriers requested: 0 requested, but only "
            f"{16 - 1 - count} available ({count} warpgroup barriers and 1 CTA-wide barrier "
            f"reserved).\" Use at most {MAX_NUM_THREADS - 1} threads.",
            related=related)


def _fixes(program: Program, kernel: KernelInfo, fault: MeshFault) -> tuple[Fix, ...]:
    """A bare string as the one name of a one-dimensional grid or cluster: make it a tuple."""
    call = kernel.node
    args = kernel.mesh_args or {}
    names = args.get(fault.argument)
    sizes = args.get(fault.argument.removesuffix("_names"))
    if not (fault.argument.endswith("_names") and isinstance(names, Const)
            and isinstance(names.value, str) and _dimensions(sizes) == 1 and isinstance(call, ast.Call)):
        return ()
    for keyword in call.keywords:
        if keyword.arg == fault.argument:
            text = program.text(keyword.value)
            return (Fix(f"Pass the name as a one-element tuple: ({text},)",
                        (replace_node(program, keyword.value, f"({text},)"),), safe=True,
                        preferred=True),)
    return ()


def _dimensions(value: object) -> int | None:
    if isinstance(value, Const) and isinstance(value.value, tuple):
        return len(value.value)
    if isinstance(value, tuple):
        return len(value)
    return None


def _kernel_takes(program: Program, options: Options) -> frozenset[str] | None:
    """The keywords plgpu.kernel accepts on this release (None: its signatures not known)."""
    return kernel_keywords(surface_for(program.version, options.library))
