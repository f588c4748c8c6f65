"""PAL089 shard_map_spec_shape: a jax.shard_map whose in_specs do not fit an argument's shape:
an entry with more dimensions than the array has, or a dimension split over mesh axes whose
sizes do not divide it. JAX checks both when the wrapped function is called, before its body
is traced."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Finding, Options, Related
from ..program import Program
from ..python.interp.support import spec_for
from ..shard_specs import spec_text, split_sizes
from ..trace import ShardMapCall
from ..values import MISSING, ArrayVal, Const, DtypeVal, MeshVal, SpecVal
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL089",
    name="shard_map_spec_shape",
    title=("jax.shard_map in_specs longer than an argument's rank, or splitting a dimension its "
           "mesh axes do not divide"),
    jax_message=(
        "ValueError: shard_map applied to the function 'body' was given an in_specs entry which "
        "is too long to be compatible with the corresponding input value from the function:\n\n"
        "in_specs is P(None, None, 'x') which has length 3, but the passed args[0], where args[0] "
        "is bound to body's parameter 'x', has shape float32[256,128], which has rank 2 "
        "(and 2 < 3)\n"
        "ValueError: shard_map applied to the function 'body' was given argument arrays with axis "
        "sizes that are not evenly divisible by the corresponding mesh axis sizes:\n\n"
        "The mesh given has shape (2,) with corresponding axis names ('x',).\n\n"
        "the passed args[0] of shape float32[1023,128] ... corresponds to in_specs[0] of value "
        "P('x', None), which maps array axis 0 (of size 1023) to mesh axis 'x' (of size 2), but "
        "2 does not evenly divide 1023"
    ),
    lowering_errors=(
        LoweringError(r"\Ashard_map applied to the function '.*' was given an in_specs entry which is "
                      r"too long to be compatible with the corresponding input value", exc_type="ValueError"),
        LoweringError(r"\Ashard_map applied to the function '.*' was given argument arrays with axis "
                      r"sizes that are not evenly divisible by the corresponding mesh axis sizes",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "A PartitionSpec has one entry per array dimension, from the first: `P(None, 'x')` "
        "leaves dimension 0 whole and splits dimension 1 over the mesh axis 'x' (a tuple of "
        "names splits it over their product). Dimensions past the spec's end are not split, "
        "so a spec may be shorter than the array, never longer. Each device gets an equal "
        "block, so a split dimension must be a multiple of the number of ways it is split: "
        "1023 rows do not split over 2 devices. A spec built from a setting "
        "(`P(*[None] * dim, 'x')`, the gather or scatter dimension of a collective) is where "
        "this is usually met."
    ),
    when_it_happens=(
        "When the shard_map-wrapped function is called (or traced inside `jax.jit`), before its "
        "body is traced: no kernel under it is traced or lowered; JAX blames the call. JAX "
        "checks every argument's rank first, then every split. Reported where the mesh and its "
        "axis sizes are known, the spec names only axes of the mesh, the argument is an array "
        "of known shape, the call surely runs and no `try` on the way may catch its "
        "ValueError; a shard_map nested in another is not judged. Every measured release "
        "(0.8.3 to 0.12.0.1)."
    ),
    how_to_fix=(
        "Give the spec at most as many entries as the array has dimensions (split the "
        "dimension that exists: `P('x')` for rows of a 2-D array); make a split dimension a "
        "multiple of its mesh axes' product (pad the input, or choose another mesh or "
        "dimension)."
    ),
    bad_example='''
mesh = jax.sharding.Mesh(jax.devices()[:2], ("x",))
spec = P(None, None, "x")
f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec))
f(jnp.ones((256, 128), jnp.float32))
''',
    good_example='''
mesh = jax.sharding.Mesh(jax.devices()[:2], ("x",))
spec = P(None, "x")
f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec))
f(jnp.ones((256, 128), jnp.float32))
''',
    fixable=False,
)


@dataclass(frozen=True)
class _Misfit:
    mesh: MeshVal
    index: int  # the argument's position
    spec: SpecVal
    arg: ArrayVal
    shape: tuple[int, ...]
    dim: int | None  # the dimension its axes do not divide; None: the spec is too long
    ways: int = 0  # how many ways that dimension is split


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[ast.Call] = set()
    for call in program.shard_map_calls():
        # (Plain attribute tests first: the keystroke path meets many calls that never escape.)
        if not call.escapes or call.enclosing is not None or call.node in seen:
            continue
        mesh = call.given if call.given is not MISSING else call.context
        if mesh.__class__ is not MeshVal or mesh.sizes is None or None in mesh.sizes:
            continue
        misfit = _first_misfit(call, mesh)
        if misfit is None:
            continue
        seen.add(call.node)
        yield Finding(RULE.code, program.span(call.node), _message(misfit),
                      related=(Related(program.span(call.shard_map_node), "this jax.shard_map's in_specs"),
                               Related(misfit.mesh.span, _mesh_text(misfit.mesh))))


def _first_misfit(call: ShardMapCall, mesh: MeshVal) -> _Misfit | None:
    """The argument JAX names first: any spec longer than its array (every argument's rank
    is checked before any split), else the first split its axes do not divide. None where
    none surely fails, or where what an argument is is not known. ``mesh``: mesh=, else the
    context mesh, every axis' size known."""
    if isinstance(call.in_specs, tuple) and len(call.in_specs) != len(call.args):
        return None  # a tree that does not match the arguments: another error first
    sizes = dict(zip(mesh.axes, mesh.sizes, strict=True))
    known: list[tuple[int, SpecVal, ArrayVal, tuple[int, ...]]] = []
    unknown = False
    for index, arg in enumerate(call.args):
        spec = spec_for(call.in_specs, index)
        if isinstance(spec, Const) and spec.value is None:
            continue
        shape = arg.shape.value if isinstance(arg, ArrayVal) and isinstance(arg.shape, Const) else None
        if not isinstance(spec, SpecVal) or not isinstance(shape, tuple) \
                or not all(type(n) is int for n in shape):
            unknown = True
            continue
        if len(spec.entries) > len(shape):
            return _Misfit(mesh, index, spec, arg, shape, None)  # type: ignore[arg-type]
        known.append((index, spec, arg, shape))  # type: ignore[arg-type]
    if unknown:
        return None  # an argument not known may fail the rank check first
    for index, spec, arg, shape in known:
        split = split_sizes(spec, sizes)
        if split is None or (call.axis_set is not None and not _names(spec) <= set(call.axis_set)):
            return None  # an axis the mesh (or axis_names=) lacks: refused before this check
        for dim, ways in enumerate(split):
            if ways and shape[dim] % ways:
                return _Misfit(mesh, index, spec, arg, shape, dim, ways)
    return None


def _names(spec: SpecVal) -> set[str]:
    names: set[str] = set()
    for entry in spec.entries:
        value = entry.value if isinstance(entry, Const) else None
        names.update((value,) if isinstance(value, str) else value if isinstance(value, tuple) else ())
    return names


def _array_text(misfit: _Misfit) -> str:
    dtype = misfit.arg.dtype.name if isinstance(misfit.arg.dtype, DtypeVal) else "array"
    return f"{dtype}[{','.join(map(str, misfit.shape))}]"


def _mesh_text(mesh: MeshVal) -> str:
    sizes = ", ".join(f"{axis!r}: {size}" for axis, size in zip(mesh.axes, mesh.sizes or (), strict=False))
    return f"this mesh: {{{sizes}}}"


def _message(misfit: _Misfit) -> str:
    shown = spec_text(misfit.spec)
    if misfit.dim is None:
        rank, length = len(misfit.shape), len(misfit.spec.entries)
        return (f"Argument {misfit.index} of this shard_map call is a {rank}-D array "
                f"({_array_text(misfit)}), but its in_specs entry {shown} has {length} entries: JAX "
                f"refuses the call with \"shard_map applied to the function ... was given an in_specs "
                f"entry which is too long to be compatible with the corresponding input value\" "
                f"(rank {rank} < {length}), before any kernel under it is traced. A spec has one entry "
                f"per dimension, from the first: give it at most {rank}, or pass an array of "
                f"rank {length}.")
    size = misfit.shape[misfit.dim]
    entry = misfit.spec.entries[misfit.dim]
    names = entry.value if isinstance(entry, Const) else None
    axes = f"mesh axis {names!r}" if isinstance(names, str) else f"mesh axes {names!r}"
    return (f"Argument {misfit.index} of this shard_map call ({_array_text(misfit)}) has {size} "
            f"entries in dimension {misfit.dim}, which its in_specs entry {shown} splits over {axes} "
            f"({misfit.ways} ways): {misfit.ways} does not evenly divide {size}, so JAX refuses the "
            f"call with \"shard_map applied to the function ... was given argument arrays with "
            f"axis sizes that are not evenly divisible by the corresponding mesh axis sizes\", "
            f"before any kernel under it is traced. Make that dimension a multiple of "
            f"{misfit.ways} (pad the input), or split another dimension.")
