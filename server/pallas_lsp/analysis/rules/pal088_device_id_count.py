"""PAL088 device_id_count: a device id whose number of coordinates is not the number of the
mesh's axes (a signal's ``device_id=``, a ``plgpu.remote_ref``'s id a copy lowers). Facts:
analysis/device_ids.py."""

from __future__ import annotations

from collections.abc import Iterator

from ..device_ids import id_count, wrong_dtype
from ..model import Finding, Options, Related
from ..program import Program
from ..semaphore_facts import SEMAPHORE_OPS, semaphore_fault
from ..values import MISSING, MeshVal, RefVal
from .base import LoweringError, Rule
from .common import dedupe, launch_related

RULE = Rule(
    code="PAL088",
    name="device_id_count",
    title="a device id with another number of coordinates than the mesh has axes",
    jax_message=(
        "ValueError: Number of device ids must match the number of mesh axes, but got 1 ids for a "
        "2D mesh."
    ),
    lowering_errors=(
        LoweringError(r"\ANumber of device ids must match the number of mesh axes", exc_type="ValueError"),
    ),
    what_it_means=(
        "A device id names a device by its coordinates in the kernel's JAX mesh (the mesh of the "
        "`jax.shard_map` around the launch): one per mesh axis, in the mesh's order. "
        "`pl.semaphore_signal(sem, 1, device_id=(0, peer))` on a mesh of axes ('x', 'y') "
        "signals the device at x=0, y=peer. A single number is one coordinate: right for a 1-D "
        "mesh only."
    ),
    when_it_happens=(
        "A signal's `device_id=` or a `plgpu.remote_ref(ref, device_id)` that a TMA copy "
        "lowers, whose id has another number of leaves (a number or an array: one; a tuple: "
        "its items) than the mesh has axes, with the default device id type: \"ValueError: "
        "Number of device ids must match the number of mesh axes, but got 1 ids for a 2D mesh.\" "
        "while the kernel is lowered, on the op's line. Measured on 0.8.3, 0.10.2, 0.11.2 and "
        "0.12.0.1. A dict id (axis name to index) is matched by name and not judged here."
    ),
    how_to_fix=(
        "Give one coordinate per mesh axis, in the mesh's order: `(lax.axis_index(\"x\"), peer)` "
        "on a mesh ('x', 'y'), or a dict `{\"y\": peer}` that names the axis it changes."
    ),
    bad_example='''
# mesh = jax.make_mesh((1, 2), ("x", "y"))
pl.semaphore_signal(sem, 1, device_id=peer)
''',
    good_example='''
pl.semaphore_signal(sem, 1, device_id=(lax.axis_index("x"), peer))
''',
    fixable=False,
)

# Semaphore faults JAX raises while lowering after the device id (PAL045's): the id comes first.
_LATER_FAULTS = ("core_index", "memory_scope", "remote_gpu_scope")
# The copies that lower a remote ref, and the keyword of their GMEM side.
_COPIES = {"plgpu.copy_smem_to_gmem": "dst", "plgpu.copy_gmem_to_smem": "src"}
_JUDGED = frozenset({*_COPIES, *(name for name, (_, kind) in SEMAPHORE_OPS.items() if kind == "signal")})


def check(program: Program, options: Options) -> Iterator[Finding]:
    if not program.ref_ops:
        return
    seen: set[int] = set()
    refused = program.trace_refused_launches()
    # A mesh JAX refuses to build (PAL085): nothing under it is lowered.
    unbuilt = {program.span(refusal[0]) for refusal in program.interp.mesh_refusals.values()}
    for op in program.ref_ops:
        if op.name not in _JUDGED:
            continue  # (most ref ops: read by name first, on the keystroke path)
        mesh = op.launch.ctx.manual
        if id(op.node) in seen or op.names_open or not isinstance(mesh, MeshVal) \
                or id(op.launch) in refused or mesh.span in unbuilt:
            continue
        if op.name in SEMAPHORE_OPS and SEMAPHORE_OPS[op.name][1] == "signal":
            if op.args.get("device_id_type", MISSING) is not MISSING:
                continue  # (a LOGICAL id is one number; MESH spelled out: not followed)
            fault = semaphore_fault(op, program.version, program.semantics(op.launch.kernel).name)
            if fault is not None and fault.kind not in _LATER_FAULTS:
                continue  # check_sem_avals refuses the semaphore first (PAL045)
            device_id = op.args.get("device_id", MISSING)
            if wrong_dtype(device_id, program.interp.x64) is not None:
                continue  # refused while traced, before this (PAL087)
            what = f"{op.name.rsplit('.', 1)[-1]}'s device_id"
            related: list[Related] = []
        elif op.name in _COPIES:
            ref = op.args.get(_COPIES[op.name])
            if not isinstance(ref, RefVal) or ref.peer is None or ref.peer_type is not MISSING:
                continue
            device_id = ref.peer
            what = f"{op.name.rsplit('.', 1)[-1]} copies through a plgpu.remote_ref whose device id"
            related = [Related(program.span(op.arg_nodes[_COPIES[op.name]]), "the remote ref")] \
                if _COPIES[op.name] in op.arg_nodes else []
        else:
            continue
        count = id_count(device_id) if device_id is not MISSING else None
        if count is None or count == 0 or count == len(mesh.axes):
            continue
        seen.add(id(op.node))
        axes = len(mesh.axes)
        yield Finding(
            RULE.code, program.span(op.node),
            f"{what} has {count} coordinate{'s' if count != 1 else ''}, but the mesh has {axes} "
            f"axes {mesh.axes}: a device id names a device by one coordinate per mesh axis. JAX "
            f"raises \"ValueError: Number of device ids must match the number of mesh axes, but "
            f"got {count} ids for a {axes}D mesh.\" while the kernel is lowered. Give one per "
            f"axis, in the mesh's order (`(lax.axis_index({mesh.axes[0]!r}), ...)`), or a dict "
            f"naming the axes it changes.",
            related=dedupe([*related, Related(mesh.span, f"this mesh has axes {mesh.axes}"),
                            *launch_related(program, op.launch, failing=False)]))
