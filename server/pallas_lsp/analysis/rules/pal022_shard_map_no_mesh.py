"""PAL022 shard_map_no_mesh: a jax.shard_map without mesh= called where no context mesh is set."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program
from ..values import MISSING
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL022",
    name="shard_map_no_mesh",
    title="jax.shard_map without mesh= called outside any mesh context",
    jax_message=(
        "ValueError: The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into "
        "a mesh context"
    ),
    lowering_errors=(
        LoweringError(r"The context mesh cannot be empty", exc_type="ValueError"),
    ),
    what_it_means=(
        "`jax.shard_map(f, in_specs=..., out_specs=...)` without `mesh=` takes the context mesh "
        "when its function is traced: the one `jax.set_mesh(mesh)` installed (as a `with` block "
        "or as a plain statement before the call). With none set, JAX stops at the call, before "
        "any kernel under it is traced or lowered."
    ),
    when_it_happens=(
        "The shard_map-wrapped function is called (directly or through `jax.jit`) outside any "
        "`with jax.set_mesh(mesh):` block and before any `jax.set_mesh(mesh)` statement, or "
        "inside the deprecated `with mesh:` block, which sets no context mesh for shard_map. "
        "Inside another shard_map the enclosing one's mesh is the context (that lowers). "
        "JAX blames the line that calls the function. Measured on JAX 0.8.3, 0.9.1, 0.9.2, "
        "0.10.2, 0.11.2 and 0.12.0.1, under jax.jit and called eagerly."
    ),
    how_to_fix=(
        "Pass the mesh: `jax.shard_map(f, mesh=mesh, in_specs=..., out_specs=...)`, or call the "
        "function inside `with jax.set_mesh(mesh):` (or after a `jax.set_mesh(mesh)` statement)."
    ),
    bad_example='''
sharded = jax.shard_map(call, in_specs=P(), out_specs=P(), check_vma=False)
jax.jit(sharded)(x)  # no mesh= and no jax.set_mesh: the context mesh is empty
''',
    good_example='''
mesh = jax.make_mesh((2,), ("x",))
with jax.set_mesh(mesh):
    jax.jit(sharded)(x)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for call in program.shard_map_calls():
        # Only where JAX's context is known to be empty: no enclosing shard_map (a callback
        # handed to code we cannot see runs with it unknown) and no context mesh at all.
        if call.given is not MISSING or call.context is not None or call.enclosing is not None:
            continue
        if id(call.node) in seen:
            continue
        seen.add(id(call.node))
        made = program.where(program.span(call.shard_map_node), call.node)
        message = (f"This calls the jax.shard_map of {made}, which has no mesh=, while no context "
                   f"mesh is set (no jax.set_mesh before it or around it): JAX fails here with "
                   f"\"The context mesh cannot be empty\" before any kernel under it is lowered. "
                   f"Pass mesh= to jax.shard_map, or call it inside `with jax.set_mesh(mesh):`.")
        related = (Related(program.span(call.shard_map_node), "this jax.shard_map has no mesh="),)
        yield Finding(RULE.code, program.span(call.node), message, related=related)
