"""PAL005 axis_unknown: lax.axis_index / axis_size of a name no mesh or grid binds."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..pipelines import RUN, WS, PipelineVal
from ..program import Program, describe_mesh, short_repr
from ..trace import Op
from ..values import UNKNOWN, Const, DictVal, MeshVal
from .base import LoweringError, Rule
from .common import dedupe, launch_related, lines, short

RULE = Rule(
    code="PAL005",
    name="axis_unknown",
    title="axis name bound by no mesh axis and no grid axis of the kernel",
    jax_message=(
        "NameError: unbound axis name: z   (at trace time)\n"
        "LookupError: Axis ... does not refer to a GPU mesh axis ... or a JAX mesh axis"
    ),
    lowering_errors=(
        LoweringError(r"unbound axis name"),
        LoweringError(r"does not refer to a GPU mesh axis"),
        LoweringError(r"No axis names are available"),
        LoweringError(r"\AUnrecognized axes in device_id: ", exc_type="ValueError"),
        LoweringError(r"\AOnly JAX mesh axes can be used in device_id, but found ",
                      exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "Inside a Mosaic GPU kernel, `lax.axis_index(name)` and `lax.axis_size(name)` resolve "
        "`name` against the kernel's own grid / cluster / thread names and the axes of the "
        "`jax.shard_map` mesh the kernel is launched under."
    ),
    when_it_happens=(
        "The name is not an axis of the mesh, or the kernel is launched with no shard_map at all "
        "(then JAX raises `NameError: unbound axis name` while tracing, before any lowering rule: "
        "this is the first error the user sees, even when a multimem op further down also lacks "
        "its mesh). `plgpu.nd_loop(..., collective_axes=name)` starts with "
        "`lax.axis_index(name)`: a name that is none of the kernel's `grid_names` fails the same "
        "way, on the nd_loop line. A name bound only by an outer `jax.vmap(axis_name=...)` gives "
        "a LookupError at lowering. Under a partial `jax.shard_map(..., axis_names={...})` only "
        "the axes named there are bound: `lax.axis_index` / `lax.axis_size` of another axis of "
        "the mesh fails the same way, in the kernel and in the jitted code around it (measured "
        "on 0.8.3, 0.9.1, 0.9.2, 0.10.2, 0.11.2 and 0.12.0.1)."
    ),
    how_to_fix=(
        "Use an axis name of the launching mesh (or of the kernel's `grid_names` / "
        "`cluster_names` / `thread_name`, or the `axis_name` of an enclosing "
        "`pl.core_map(plgpu.WarpMesh(...))`), and launch the kernel inside "
        "`jax.shard_map(..., mesh=mesh)`. Under `axis_names={...}`, add the axis there (or leave "
        "`axis_names=` out: every mesh axis is then manual)."
    ),
    bad_example='''
def kernel(o_ref):
    me = lax.axis_index("z")   # the mesh has axes ("x", "y")
''',
    good_example='''
def kernel(o_ref):
    me = lax.axis_index("x")
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named("lax.axis_index", "lax.axis_size", "plgpu.nd_loop").items():
        failing: list[tuple[Op, str]] = []
        for op in ops:
            for name in _names(_axis_names(op)):
                if _unbound(op, name):
                    failing.append((op, name))
                    break
        if not failing:
            continue
        op, name = failing[0]
        launches = [o.launch for o, _ in failing]
        mesh = op.launch.ctx.manual
        bound = manual_names(mesh, op.launch.ctx.manual_axes)
        if isinstance(mesh, MeshVal) and bound is not None and name in mesh.axes and name not in bound:
            why = (f"{describe_mesh(mesh, program, node)}, but the enclosing jax.shard_map is manual "
                   f"over {bound!r} only (axis_names=), so {short_repr(name)} is not bound in the kernel")
            jax_words = f"unbound axis name: {name}"
        elif isinstance(mesh, MeshVal):
            why = describe_mesh(mesh, program, node)
            jax_words = f"unbound axis name: {name}"
        else:
            why = (f"the kernel is launched at {lines(program, launches, node)} without "
                   f"jax.shard_map, so no mesh axis is bound")
            jax_words = f"unbound axis name: {name}"
        kernel_names = op.launch.kernel.bound_names
        if kernel_names:
            why += f", and the kernel's own axis names are {tuple(sorted(kernel_names))!r}"
        if op.scope_names:
            why += f"; the enclosing plgpu.WarpMesh binds {tuple(sorted(op.scope_names))!r}"
        shown = short_repr(name)
        called = (f"nd_loop(collective_axes={shown})" if op.name == "plgpu.nd_loop"
                  else f"{short(op.name)}({shown})")
        message = (f"{called}: no axis named {shown} reaches this kernel: {why}. "
                   f"JAX fails while tracing with \"{jax_words}\".")
        if isinstance(mesh, MeshVal) and bound is not None and name in mesh.axes and name not in bound:
            message += " " + _what_to_do(name, mesh)
        related = [r for launch in launches for r in launch_related(program, launch)]
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related))
    yield from _host_queries(program)
    yield from _device_id_axes(program)
    yield from _pipeline_wg_axes(program)


def _pipeline_wg_axes(program: Program) -> Iterator[Finding]:
    """A warp-specialized pipeline whose wg_axis= names no axis of the kernel: when it runs,
    its compute warpgroups read their index with lax.axis_index(wg_axis), which raises
    "NameError: Found an unbound axis name: wgs" on the line that runs the pipeline (measured:
    pal005/ws_pipeline_wg_axis_unbound.py). Judged where the kernel's names are all known."""
    seen: set[int] = set()
    for op in program.ops_of(RUN):
        pipeline = op.args.get("pipeline")
        if not isinstance(pipeline, PipelineVal) or pipeline.api != WS or id(op.node) in seen \
                or op.names_open or op.scope_names:
            continue
        axis = pipeline.wg_axis
        if not (isinstance(axis, Const) and isinstance(axis.value, str)):
            continue
        bound = op.launch.kernel.bound_names
        mesh = op.launch.ctx.manual
        if not isinstance(bound, (set, frozenset, tuple)) or axis.value in bound \
                or (isinstance(mesh, MeshVal) and axis.value in mesh.axes) or mesh is UNKNOWN:
            continue
        seen.add(id(op.node))
        names = tuple(sorted(bound))
        yield Finding(
            RULE.code, program.span(op.node),
            f"The warp-specialized pipeline run here has wg_axis={axis.value!r}, but the kernel's "
            f"axis names are {names!r}: its compute warpgroups read their index with "
            f"lax.axis_index({axis.value!r}) when it runs, and JAX raises \"NameError: Found an "
            f"unbound axis name: {axis.value}\". Give wg_axis the kernel's thread_name.",
            related=tuple(Related(program.span(keyword.value), "wg_axis is given here")
                          for keyword in pipeline.node.keywords if keyword.arg == "wg_axis"))


_SIGNALS = frozenset({"pl.semaphore_signal", "plgpu.semaphore_signal"})


def _device_id_axes(program: Program) -> Iterator[Finding]:
    """A semaphore signal whose ``device_id`` is a mapping ({axis: index}) naming an axis the
    kernel's mesh does not have: JAX's lowering turns the mapping into a logical device id
    over the mesh's axes and refuses the others ("ValueError: Unrecognized axes in device_id:
    {'ring': ...}", mosaic_gpu/lowering.py), on the signal's line. Measured:
    pal005/device_id_unknown_axis.py."""
    seen: set[int] = set()
    for op in program.ref_ops:
        if op.name not in _SIGNALS or id(op.node) in seen:
            continue
        device_id = op.args.get("device_id")
        mesh = op.launch.ctx.manual
        if device_id.__class__ is not DictVal or not device_id.complete \
                or device_id.instance_items or not isinstance(mesh, MeshVal):  # type: ignore[union-attr]
            continue
        keys = list(device_id.items)  # type: ignore[union-attr]
        if not keys or not all(isinstance(key, str) for key in keys):
            continue
        unknown = [key for key in keys if key not in mesh.axes]
        if not unknown:
            continue
        seen.add(id(op.node))
        jax_words = (f"ValueError: Unrecognized axes in device_id: {{{short_repr(unknown[0])}: ...}}"
                     if tuple(program.version[:2]) >= (0, 10) else
                     f"NotImplementedError: Only JAX mesh axes can be used in device_id, but found "
                     f"{{{short_repr(unknown[0])}: ...}}")
        yield Finding(
            RULE.code, program.span(op.node),
            f"{short(op.name)}: device_id maps {short_repr(unknown[0])} to a device index, but "
            f"{describe_mesh(mesh, program, op.node)}: a device_id mapping names axes of the "
            f"kernel's mesh. JAX raises \"{jax_words}\" while it lowers the kernel. Name the mesh's "
            f"axis ({', '.join(map(short_repr, mesh.axes))}) in the mapping.",
            related=dedupe(launch_related(program, op.launch, failing=False)))


def _host_queries(program: Program) -> Iterator[Finding]:
    """Axis queries in the jitted code around a launch: with no shard_map they fail first."""
    seen: set[int] = set()
    for query in program.interp.host_queries:
        if id(query.node) in seen or query.ctx.names_open or query.ctx.vmap_names:
            continue  # a transformation we cannot see, or a vmap, may bind names
        names = _names(query.axis_name)
        if not names:
            continue
        manual = query.ctx.manual
        if manual is None:
            shown = short_repr(names[0])
            message = (f"{short(query.name)}({shown}) runs in a jitted function outside any "
                       f"jax.shard_map, so no mesh axis is bound: JAX fails while tracing with "
                       f"\"unbound axis name: {names[0]}\", before any kernel is lowered. Call the "
                       f"function inside jax.shard_map(..., mesh=mesh).")
        elif isinstance(manual, MeshVal) and (bound := manual_names(manual, query.ctx.manual_axes)):
            # Under a shard_map over a known mesh its manual axes are bound, and only those.
            unbound = [name for name in names if name not in bound]
            if not unbound:
                continue
            why = _why_unbound(unbound[0], manual, bound)
            message = (f"{short(query.name)}({short_repr(unbound[0])}) {why}: "
                       f"JAX fails while tracing with \"unbound axis name: {unbound[0]}\", before any "
                       f"kernel is lowered. {_what_to_do(unbound[0], manual)}")
        else:
            continue  # a shard_map over an unknown mesh, or over some of its axes only
        seen.add(id(query.node))
        related = []
        if query.ctx.jit_call is not None:
            related.append(Related(program.span(query.ctx.jit_call), "the jitted function is called here"))
        yield Finding(RULE.code, program.span(query.node), message, related=tuple(related))


def manual_names(mesh: object, manual_axes: object) -> tuple[str, ...] | None:
    """The axis names a shard_map binds: its mesh's, or only those of ``axis_names=``; None
    when the mesh or the names are not known."""
    if not isinstance(mesh, MeshVal) or manual_axes is UNKNOWN:
        return None
    if manual_axes is None:
        return mesh.axes
    return manual_axes if isinstance(manual_axes, tuple) else None


def _why_unbound(name: str, mesh: MeshVal, bound: tuple[str, ...]) -> str:
    if name in mesh.axes:
        return (f"names an axis the enclosing jax.shard_map is not manual over (axis_names= "
                f"gives {bound!r} of the mesh's {mesh.axes!r})")
    return f"names no axis of the mesh the enclosing jax.shard_map runs over (axes {mesh.axes!r})"


def _what_to_do(name: str, mesh: MeshVal) -> str:
    if name in mesh.axes:
        return f"Add {short_repr(name)} to the shard_map's axis_names, or query a manual axis."
    return "Use one of the mesh's axis names."


def _axis_names(op: Op) -> object:
    """The names the op asks for: nd_loop calls lax.axis_index(collective_axes) first."""
    return op.args.get("collective_axes") if op.name == "plgpu.nd_loop" else op.args.get("axis_name")


def _names(value: object) -> list[str]:
    if isinstance(value, Const):
        if isinstance(value.value, str):
            return [value.value]
        if isinstance(value.value, tuple) and all(isinstance(v, str) for v in value.value):
            return list(value.value)
    return []


def _unbound(op: Op, name: str) -> bool:
    kernel_names = op.launch.kernel.bound_names
    if kernel_names is UNKNOWN or op.names_open:
        return False
    if name in kernel_names or name in op.scope_names:  # type: ignore[operator]
        return False
    ctx = op.launch.ctx
    if ctx.manual is None:
        return True
    if not isinstance(ctx.manual, MeshVal):
        return False
    manual = manual_names(ctx.manual, ctx.manual_axes)
    # Under shard_map(axis_names=...) only those axes are bound: a mesh axis left out is
    # unbound as well (measured on 0.8.3, 0.9.1, 0.9.2, 0.10.2, 0.11.2 and 0.12.0.1).
    return manual is not None and name not in manual
