"""PAL001 mesh_required: a multimem / multicast op in a kernel launched with no device mesh."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..codegen import CallCode
from ..model import Finding, Fix, Options, Span, TextEdit
from ..ops import string_is_one_name
from ..program import Program, axes_set, unique_launches
from ..trace import Launch, Op
from ..values import MeshVal
from .base import LoweringError, Rule
from .common import COLLECTIVE_OPS, dedupe, launch_related, lines, mesh_names_in_scope, placed, short

RULE = Rule(
    code="PAL001",
    name="mesh_required",
    title="multimem / multicast op launched without a JAX device mesh",
    jax_message=(
        "ValueError: JAX device mesh is required by multimem_load_reduce, but not defined.\n"
        "ValueError: collective_axes requires a mesh context   (semaphore_signal_multicast)"
    ),
    lowering_errors=(
        LoweringError(r"JAX device mesh is required by"),
        LoweringError(r"collective_axes requires a mesh context"),
    ),
    what_it_means=(
        "`multimem_store`, `multimem_load_reduce` and `semaphore_signal_multicast` talk to the "
        "other devices of a JAX mesh. The Mosaic GPU lowering only knows a mesh when the kernel "
        "is lowered inside `jax.shard_map`; launched any other way the kernel has no mesh and "
        "lowering fails."
    ),
    when_it_happens=(
        "The kernel is called through `jax.jit(kernel)` alone, or under `with jax.set_mesh(mesh):` "
        "without `jax.shard_map` (a context mesh does not reach the kernel), or "
        "`jax.lax.with_sharding_constraint` is used instead of shard_map. Measured on JAX 0.10.2 "
        "and 0.12.0.1."
    ),
    how_to_fix=(
        "Launch the kernel inside `jax.shard_map(kernel, mesh=mesh, in_specs=..., out_specs=...)` "
        "(inside `jax.jit`), with a mesh whose axis names are exactly the op's `collective_axes`. "
        "Inside `with jax.set_mesh(mesh):` the `mesh=` argument may be left out. There is no "
        "`sharding_map` in JAX, whatever older docs say."
    ),
    bad_example='''
def kernel(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("dev",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED((256, 128), vec_size=4),
    )

call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((256, 128), jnp.float32))
mesh = jax.make_mesh((2,), ("dev",))
x = jnp.ones((256, 128), jnp.float32)
with jax.set_mesh(mesh):
    jax.jit(call)(x)  # no shard_map: the kernel sees no mesh
''',
    good_example='''
from jax.sharding import PartitionSpec as P

f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
f(x)
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    meshes_by_scope: dict[int, dict[str, MeshVal]] = {}  # mesh_names_in_scope's, for this pass
    for node, ops in program.ops_named(*COLLECTIVE_OPS).items():
        failing = [op for op in ops if op.launch.ctx.manual is None]
        if not failing:
            continue
        failing_launches = unique_launches(failing)
        fine = [op.launch for op in ops if isinstance(op.launch.ctx.manual, MeshVal)]
        node_name = failing[0].name
        op_name = "the multicast copy" if node_name.endswith("copy_smem_to_gmem") else short(node_name)
        how = _how(failing_launches)
        message = (f"{op_name} needs a JAX device mesh, but the kernel is launched at "
                   f"{lines(program, failing_launches, node)} {how}: JAX fails with "
                   f"\"{_jax_words(node_name)}\". Launch it inside jax.shard_map(..., mesh=...).")
        if fine:
            message += f" (The launch at {lines(program, fine, node)} under jax.shard_map has its mesh.)"
        related = [r for launch in failing_launches for r in launch_related(program, launch)]
        fixes = tuple(fix for launch in failing_launches[:1]
                      if (fix := _wrap_fix(program, launch, failing, meshes_by_scope)))
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related), fixes=fixes)


def _how(launches: list[Launch]) -> str:
    if any(isinstance(launch.ctx.ambient, MeshVal) for launch in launches):
        return "under jax.set_mesh without jax.shard_map (a context mesh does not reach the kernel)"
    if any(launch.ctx.jit_node is not None for launch in launches):
        return "through jax.jit without jax.shard_map"
    return "without jax.shard_map"


def _jax_words(op_name: str) -> str:
    if op_name.endswith("semaphore_signal_multicast"):
        return "collective_axes requires a mesh context"
    if op_name.endswith("copy_smem_to_gmem"):
        return "JAX device mesh is required by multicast copies, but not defined."
    return f"JAX device mesh is required by {short(op_name)}, but not defined."


def _wrap_fix(program: Program, launch: Launch, ops: list[Op],
              meshes_by_scope: dict[int, dict[str, MeshVal]]) -> Fix | None:
    """Run the launched callable under jax.shard_map(..., mesh=<a mesh in scope>), inside jax.jit.

    Offered only when exactly one mesh in scope has the axes every collective op
    of the kernel names, so the fix cannot trade PAL001 for PAL002. A callable that is
    already jitted (``jax.jit(call)(x)``, a jitted function's value, or a launch inside a
    jitted function) gets the shard_map under that jit, not a second jit around it.
    """
    jax_alias = program.alias_for("jax")
    if jax_alias is None:
        return None
    wanted: set[frozenset[str]] = set()
    for op in program.ops:
        if op.launch is launch and op.name in COLLECTIVE_OPS:
            axes = axes_set(op.args.get("collective_axes"),
                            string_is_one_name=string_is_one_name(op.name))
            if axes is None:
                return None
            wanted.add(axes)
    if len(wanted) != 1:
        return None
    (axes,) = wanted
    candidates = {name: mesh for name, mesh in mesh_names_in_scope(launch.env, meshes_by_scope).items()
                  if frozenset(mesh.axes) == axes}
    if len(candidates) != 1:
        return None
    (mesh_name,) = candidates
    func = launch.site.func
    span = program.span(func)
    spec_name, import_edit = _partition_spec(program, jax_alias, span.path)

    def shard_map(callee: str) -> CallCode:
        return CallCode(f"{jax_alias}.shard_map", (callee, f"mesh={mesh_name}", f"in_specs={spec_name}()",
                                                   f"out_specs={spec_name}()", "check_vma=False"))

    jitted = _jitted_callee(program, func, jax_alias)
    if jitted is not None and isinstance(func, ast.Call):
        target, code = func, CallCode(program.text(func.func), (shard_map(program.text(jitted)),))
    elif launch.ctx.jit_node is not None:
        # The callable is a jitted function, or the launch is traced inside one: the
        # shard_map goes under that jit, with none of its own.
        target, code = func, shard_map(program.text(func))
    else:
        target, code = func, CallCode(f"{jax_alias}.jit", (shard_map(program.text(func)),))
    edits = [TextEdit(program.span(target), placed(program, target, code))]
    if import_edit is not None:
        edits.insert(0, import_edit)
    return Fix(f"Launch inside jax.shard_map over {mesh_name}", tuple(edits), safe=False, preferred=True)


def _jitted_callee(program: Program, func: ast.expr, jax_alias: str) -> ast.expr | None:
    """``call`` of ``jax.jit(call)`` when the launched callable is written that way."""
    if (isinstance(func, ast.Call) and len(func.args) == 1 and not func.keywords
            and program.text(func.func) == f"{jax_alias}.jit"):
        return func.args[0]
    return None


def _partition_spec(program: Program, jax_alias: str, path: str | None) -> tuple[str, TextEdit | None]:
    """The name to call for PartitionSpec: an alias the file binds already, else ``P``
    (or ``PartitionSpec``) imported after the file's imports, else spelled out."""
    alias = program.alias_for("jax.sharding.PartitionSpec")
    if alias is not None:
        return alias, None
    spelled = f"{jax_alias}.sharding.PartitionSpec"
    if path is not None:  # the launch is in another module of the folder: leave its imports alone
        return spelled, None
    taken = set(program.module_env.names)
    free = next((name for name in ("P", "PartitionSpec")
                 if name not in taken and not _assigned(program, name)), None)
    if free is None:
        return spelled, None
    clause = "PartitionSpec" if free == "PartitionSpec" else "PartitionSpec as P"
    line = _after_imports(program.tree) + 1
    return free, TextEdit(Span(line, 0, line, 0), f"from jax.sharding import {clause}\n")


def _assigned(program: Program, name: str) -> bool:
    return name in program.names_in_file()


def _after_imports(tree: ast.Module) -> int:
    """The 0-based line after the module's leading imports (docstring and __future__ included)."""
    line = 0
    for statement in tree.body:
        is_docstring = (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                        and isinstance(statement.value.value, str))
        if isinstance(statement, ast.Import | ast.ImportFrom) or (is_docstring and line == 0):
            line = statement.end_lineno or statement.lineno
        else:
            break
    return line
