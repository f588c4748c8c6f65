"""PAL028 shard_map_axis_names_subset: a shard_map names an axis its mesh does not have (in a
partial shard_map's axis_names=, or in its in_specs)."""

from __future__ import annotations

from collections.abc import Iterator

from ..axis_trace import spec_strings
from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..values import MeshVal
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL028",
    name="shard_map_axis_names_subset",
    title="jax.shard_map's axis_names= or in_specs name an axis the mesh does not have",
    jax_message=(
        "ValueError: jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of "
        "mesh.axis_names=frozenset({'x', 'y'})"
    ),
    lowering_errors=(
        LoweringError(r"jax\.shard_map requires axis_names=.* to be a subset of mesh\.axis_names",
                      exc_type="ValueError"),
        LoweringError(r"^shard_map in_specs argument must refer to an axis marked as manual",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "`jax.shard_map(f, mesh=mesh, ..., axis_names={...})` makes only the named axes of the "
        "mesh manual inside `f` (a partial shard_map). Every name in the set must be an axis of "
        "that mesh: JAX checks it when the wrapped function is traced and refuses a name the "
        "mesh does not have, before any kernel under it is traced or lowered."
    ),
    when_it_happens=(
        "`axis_names=` is a set (or frozenset) holding a name that is not one of the axis names "
        "of the `mesh=` given to the same shard_map: a typo, an axis of another mesh, or the "
        "name of a `plgpu.kernel` grid or cluster axis. JAX blames the line that calls the "
        "wrapped function (or lowers it). Measured on JAX 0.8.3, 0.9.1, 0.9.2, 0.10.2, 0.11.2 "
        "and 0.12.0.1 (the same text; a tuple for `axis_names=` fails a type check first, not this one). "
        "`in_specs=P(\"x\")` where the mesh (or `axis_names=`) has no axis \"x\" fails the same "
        "way, on the same line, before the function is traced: \"shard_map in_specs argument "
        "must refer to an axis marked as manual (frozenset({'y'})), but: in_specs refers to "
        "'x'\" (measured on 0.8.3, 0.10.2 and 0.12.0.1)."
    ),
    how_to_fix=(
        "Name only axes of the shard_map's mesh in `axis_names=` (the message lists them), or "
        "leave `axis_names=` out: every mesh axis is then manual. Partition `in_specs` over the "
        "mesh's (manual) axes only."
    ),
    bad_example='''
mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "y"))
f = jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), axis_names={"z"})
jax.jit(f)(x)  # "z" is not an axis of the mesh
''',
    good_example='''
f = jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), axis_names={"x"})
jax.jit(f)(x)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _in_specs_strangers(program)
    seen: set[int] = set()
    for call in program.shard_map_calls():
        mesh = call.given
        # Only a mesh= the program built (its axes known) and a set of known names; inside
        # another shard_map the mesh is that one's (PAL023 says so first), so it is left out.
        if not (isinstance(mesh, MeshVal) and mesh.kind in ("Mesh", "make_mesh")
                and call.axis_set is not None and call.enclosing is None):
            continue
        strangers = [name for name in call.axis_set if name not in mesh.axes]
        if not strangers or id(call.node) in seen:
            continue
        seen.add(id(call.node))
        made = program.where(program.span(call.shard_map_node), call.node)
        names = ", ".join(short_repr(name) for name in strangers)
        message = (f"This calls the jax.shard_map of {made}, whose axis_names= names {names}, "
                   f"not an axis of its mesh (axes {short_repr(mesh.axes)}, built at "
                   f"{program.where(mesh.span, call.node)}): JAX fails here with \"jax.shard_map "
                   f"requires axis_names=... to be a subset of mesh.axis_names\" before any kernel "
                   f"under it is lowered. Name only axes of the mesh in axis_names=, or leave it out.")
        related = (Related(program.span(call.shard_map_node), "this jax.shard_map's axis_names="),
                   Related(mesh.span, f"this mesh has axes {short_repr(mesh.axes)}"))
        yield Finding(RULE.code, program.span(call.node), message, related=related)


def _in_specs_strangers(program: Program) -> Iterator[Finding]:
    """in_specs naming an axis that is not manual in the shard_map (its axis_names=, else every
    axis of its mesh): JAX checks the specs when the wrapped function is called, before tracing
    it. Judged for a mesh= the program built, outside any other shard_map, with the axis_names=
    set known when given; specs the analysis cannot read wholly are not judged."""
    seen: set[int] = set()
    for call in program.shard_map_calls():
        mesh = call.given
        if not (isinstance(mesh, MeshVal) and mesh.kind in ("Mesh", "make_mesh")) \
                or call.enclosing is not None or id(call.node) in seen:
            continue
        manual = call.axis_set if call.axis_set is not None else mesh.axes
        if call.axis_set is not None and any(name not in mesh.axes for name in call.axis_set):
            continue  # the axis_names= check fails first (below)
        named = spec_strings(call.in_specs)  # None where part of the specs is not known
        strangers = list(dict.fromkeys(n.name for n in named or () if n.name not in manual))
        if not strangers:
            continue
        seen.add(id(call.node))
        made = program.where(program.span(call.shard_map_node), call.node)
        manual_text = "{" + ", ".join(repr(name) for name in sorted(manual)) + "}"
        message = (f"This calls the jax.shard_map of {made}, whose in_specs name "
                   f"{', '.join(short_repr(name) for name in strangers)}, not a manual axis of its "
                   f"mesh (manual axes {manual_text}; the mesh built at "
                   f"{program.where(mesh.span, call.node)} has axes {short_repr(mesh.axes)}): JAX "
                   f"fails here with \"shard_map in_specs argument must refer to an axis marked as "
                   f"manual (frozenset({manual_text})), but: in_specs refers to "
                   f"{strangers[0]!r}\" before the function is traced. Partition the inputs over "
                   f"the mesh's axes.")
        related = (Related(program.span(call.shard_map_node), "this jax.shard_map's in_specs"),
                   Related(mesh.span, f"this mesh has axes {short_repr(mesh.axes)}"))
        yield Finding(RULE.code, program.span(call.node), message, related=related)

