"""PAL021 mesh_device_order: a kernel that communicates, under a mesh whose devices are not
0..n-1 in row-major order."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..ops import REMOTE_OP
from ..program import Program, short_repr
from ..trace import Op
from ..values import UNKNOWN, Const, MeshVal
from .base import LoweringError, Rule
from .common import COLLECTIVE_OPS, short

RULE = Rule(
    code="PAL021",
    name="mesh_device_order",
    title="kernel that communicates, under a mesh whose devices are not in row-major order from device 0",
    jax_message=(
        "NotImplementedError: Mosaic GPU only supports meshes with device ordering that follows "
        "row-major device ids. Got: [4 5 6 7] device ids."
    ),
    lowering_errors=(
        LoweringError(r"only supports meshes with device ordering that follows\s+row-major device ids",
                      exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "A Mosaic GPU kernel that talks to other devices (a multimem / multicast op, a "
        "multicast semaphore signal, another device's ref or semaphore reached by id — "
        "`plgpu.remote_ref(ref, device_id)`, `pl.semaphore_signal(sem, device_id=...)` — or "
        "`lax.axis_index` of a mesh axis) numbers the devices by "
        "their JAX device ids. The lowering accepts only a concrete `Mesh` whose device ids, read "
        "in row-major order, are exactly 0, 1, …, n-1: the first n devices, in id order."
    ),
    when_it_happens=(
        "The mesh is built over other devices or in another order: `jax.devices()[4:8]`, "
        "`jax.devices()[:4][::-1]`, `np.array(devs)[[0, 2, 1, 3]]`, "
        "`np.array(devs[:4]).reshape(2, 2)[::-1]` or `.T`, or `jax.make_mesh(..., devices=...)` "
        "given such a list. A kernel that does not communicate lowers under any mesh. JAX "
        "blames the line that calls the jitted function. Measured on JAX 0.8.3, 0.9.1, 0.9.2, "
        "0.10.2, 0.11.2 and 0.12.0.1 (on 0.9.1 – 0.9.2 a multimem / multicast op fails earlier, "
        "PAL024)."
    ),
    how_to_fix=(
        "Build the mesh over the first devices in id order: "
        "`jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), (\"x\", \"y\"))` or "
        "`jax.make_mesh((2, 2), (\"x\", \"y\"))`. Running on other devices needs a process whose "
        "visible devices are those (for example `CUDA_VISIBLE_DEVICES=4,5,6,7`)."
    ),
    bad_example='''
mesh = jax.sharding.Mesh(np.array(jax.devices()[4:8]).reshape(2, 2), ("x", "y"))
f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
f(x)  # the kernel's multimem_store: device ids [4 5 6 7]
''',
    good_example='''
mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for launch in program.launches:
        mesh = launch.ctx.manual
        if not (isinstance(mesh, MeshVal) and mesh.device_ids is not None
                and mesh.kind in ("Mesh", "make_mesh")):
            continue
        talking = [op for op in program.ops if op.launch is launch and _communicates(op, mesh)]
        if not talking:
            continue
        blamed: ast.AST = launch.lowered_at
        if id(blamed) in seen:
            continue
        seen.add(id(blamed))
        first = talking[0]
        what = (f"lax.axis_index({short_repr(first.args.get('axis_name').value)})"  # type: ignore[union-attr]
                if first.name == "lax.axis_index"
                else short(first.args["function"].value) if first.name == REMOTE_OP  # type: ignore[union-attr]
                else short(first.name))
        ids = " ".join(str(i) for i in mesh.device_ids)
        where = program.where(mesh.span, blamed)
        message = (f"This lowers the kernel launched at {program.where(program.span(launch.site), blamed)}, "
                   f"which uses {what} ({program.where(program.span(first.node), blamed)}), under the "
                   f"mesh built at {where}: it holds the devices [{ids}] in that order, "
                   f"not 0..{len(mesh.device_ids) - 1} in row-major order: JAX fails with \"Mosaic GPU "
                   f"only supports meshes with device ordering that follows row-major device ids\". "
                   f"Build the mesh over jax.devices()[:{len(mesh.device_ids)}] in id order.")
        related = (Related(mesh.span, f"this mesh holds devices [{ids}]"),
                   Related(program.span(first.node), f"{what} communicates with the other devices"),
                   Related(program.span(launch.site), "the kernel is launched here"))
        yield Finding(RULE.code, program.span(blamed), message, related=related)


def _communicates(op: Op, mesh: MeshVal) -> bool:
    """Ops whose lowering makes the kernel a multi-device one (measured: every collective op,
    another device reached by id (`plgpu.remote_ref`, `semaphore_signal(device_id=)`), and
    lax.axis_index of a mesh axis; a kernel with none of them lowers under any device order)."""
    if op.name in COLLECTIVE_OPS or op.name == REMOTE_OP:
        return True
    if op.name != "lax.axis_index":
        return False
    name = op.args.get("axis_name")
    bound = op.launch.kernel.bound_names
    if not (isinstance(name, Const) and isinstance(name.value, str)) or bound is UNKNOWN:
        return False
    return name.value in mesh.axes and name.value not in bound  # type: ignore[operator]



