"""PAL080 shard_map_explicit_input: a jax.shard_map over Explicit mesh axes (jax.make_mesh's
default from 0.9) whose in_specs split an argument that is not sharded that way (an array
made by jnp.ones(...) and passed straight in): JAX compares the argument's own sharding with
its in_specs and refuses the call."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program
from ..python.interp.support import spec_for
from ..shard_specs import spec_text, split_sizes
from ..trace import ShardMapCall
from ..values import MISSING, ArrayVal, Const, DtypeVal, MeshVal, SpecVal
from ..versions import SHARD_MAP_CHECKS_EXPLICIT_SPECS, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL080",
    name="shard_map_explicit_input",
    title="jax.shard_map over Explicit mesh axes given an argument whose sharding is not its in_specs",
    jax_message=(
        "ValueError: in_specs passed to shard_map: P('x', None) does not match the specs of the "
        "input: P(None, None) for arg: float32[256,128]. `in_specs` is an optional argument so "
        "you can omit specifying it and shard_map will infer the in_specs from the arguments. If "
        "you want to reshard your inputs, you can use `jax.reshard` on the arguments and then "
        "pass those args to shard_map."
    ),
    lowering_errors=(
        LoweringError(r"in_specs passed to shard_map: .* does not match the specs of the input",
                      exc_type="ValueError", when=SHARD_MAP_CHECKS_EXPLICIT_SPECS),
    ),
    what_it_means=(
        "A mesh axis of type `AxisType.Explicit` is part of each array's type: an array is "
        "sharded over it, or not, and JAX does not reshard it behind your back. `jax.make_mesh` "
        "makes Explicit axes unless `axis_types=` says otherwise (from JAX 0.9). A `shard_map` "
        "over Explicit axes therefore checks that each argument is already sharded as its "
        "`in_specs` say; an array made with `jnp.ones(...)` (or any constructor given no "
        "sharding) is not sharded at all, its spec `P(None, None)`."
    ),
    when_it_happens=(
        "When the shard_map-wrapped function is called (or traced inside `jax.jit`), before it "
        "is traced: no kernel under it is traced or lowered. Reported where the mesh's axes are "
        "surely Explicit (`axis_types=` given, or `jax.make_mesh`'s default on the release), "
        "the call surely runs and no `try` on the way may catch its ValueError, "
        "every mesh axis is manual (no `axis_names=` subset), and the argument is an array made "
        "with no placement (`jnp.ones`, `jnp.zeros`, `jnp.arange`, `jnp.array` of a list, "
        "`jax.random.*`, given no `device=` / `out_sharding=`; `jax.device_put` and "
        "`jax.reshard` place theirs, and an argument of a `jit(in_shardings=...)` is not "
        "judged, though JAX refuses it too when the spec is not in its type). From JAX "
        "0.9.1 (0.8.3 and 0.9.0 have no such check); measured on 0.10.2, 0.11.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Place the input as the specs say before the call, "
        "`x = jax.device_put(x, jax.NamedSharding(mesh, P('x')))` (or `jax.reshard`); or leave "
        "`in_specs=` out so that shard_map takes the argument's own sharding; or build the mesh "
        "with `axis_types=(jax.sharding.AxisType.Auto,) * n` when the kernel only needs the "
        "mesh's axes."
    ),
    bad_example='''
mesh = jax.make_mesh((2,), ("x",))
f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P("x"), out_specs=P("x")))
f(jnp.ones((256, 128), jnp.float32))
''',
    good_example='''
mesh = jax.make_mesh((2,), ("x",))
f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P("x"), out_specs=P("x")))
f(jax.device_put(jnp.ones((256, 128), jnp.float32), jax.NamedSharding(mesh, P("x"))))
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    if not holds(SHARD_MAP_CHECKS_EXPLICIT_SPECS, program.version):
        return
    seen: set[int] = set()
    for call in program.shard_map_calls():
        if id(call.node) in seen:
            continue
        found = _first_mismatch(call)
        if found is None:
            continue
        seen.add(id(call.node))
        mesh, index, spec, arg = found
        shown = spec_text(spec, len(arg.shape.value))  # type: ignore[union-attr]
        nones = "P(" + ", ".join(["None"] * len(arg.shape.value)) + ")"  # type: ignore[union-attr]
        what = f"{arg.dtype.name}{list(arg.shape.value)}".replace(" ", "")  # type: ignore[union-attr]
        yield Finding(
            RULE.code, program.span(call.node),
            f"Argument {index} of this shard_map call is an array made with no sharding (its spec "
            f"{nones}), but the mesh's axes are Explicit and in_specs split it as {shown}: JAX "
            f"refuses the call with \"in_specs passed to shard_map: {shown} does not match the "
            f"specs of the input: {nones} for arg: {what}\", before any kernel under it is "
            f"traced. Place the input first (jax.device_put(x, jax.NamedSharding(mesh, {shown})) "
            f"or jax.reshard), leave in_specs= out, or give the mesh "
            f"axis_types=(jax.sharding.AxisType.Auto,) * {len(mesh.axes)}.",
            related=(Related(program.span(call.shard_map_node), "this jax.shard_map's in_specs"),
                     Related(mesh.span, f"this mesh's axes {', '.join(map(repr, mesh.axes))} "
                                        f"are Explicit")))


def _first_mismatch(call: ShardMapCall) -> tuple[MeshVal, int, SpecVal, ArrayVal] | None:
    """The first argument JAX refuses: (mesh, index, spec, argument); None where none surely
    is, or an earlier check of shard_map's may fail first (a spec longer than the array, a
    dimension its axes do not divide, an axis the mesh lacks: other rules, other errors)."""
    # mesh=, else (none given) the context mesh jax.set_mesh installed.
    mesh = call.given if call.given is not MISSING else call.context
    if not isinstance(mesh, MeshVal) or mesh.axis_types is None or mesh.sizes is None \
            or call.enclosing is not None or None in mesh.sizes or not call.escapes:
        return None
    if call.axis_set is not None and set(call.axis_set) != set(mesh.axes):
        return None  # a partial shard_map: its specs are read against its manual axes
    if any(kind != "Explicit" for kind in mesh.axis_types):
        return None
    sizes = dict(zip(mesh.axes, mesh.sizes, strict=True))
    first: tuple[MeshVal, int, SpecVal, ArrayVal] | None = None
    for index, arg in enumerate(call.args):
        spec = spec_for(call.in_specs, index)
        if isinstance(spec, Const) and spec.value is None:
            continue  # a static argument
        if not isinstance(spec, SpecVal) or not isinstance(arg, ArrayVal):
            return None  # (a pytree, a value not known: its leaves may fail an earlier check)
        shape = arg.shape.value if isinstance(arg.shape, Const) else None
        split = split_sizes(spec, sizes)
        if not isinstance(shape, tuple) or split is None or len(split) > len(shape) \
                or any(size and shape[dim] % size for dim, size in enumerate(split)):  # type: ignore[operator]
            return None
        if first is None and arg.replicated and any(split) and isinstance(arg.dtype, DtypeVal):
            first = (mesh, index, spec, arg)
    return first
