"""PAL018 block_specs: a Mosaic GPU pl.pallas_call BlockSpec whose rank or index_map does not fit."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..pipelines import BlockSpecVal, block_rank
from ..program import Program, short_repr
from ..trace import Launch
from ..values import ArrayVal, Const, ShapeDtypeVal
from .base import LoweringError, Rule
from .common import dedupe, launch_related

RULE = Rule(
    code="PAL018",
    name="block_specs",
    title="a pallas_call BlockSpec's rank or index_map does not match its array",
    jax_message=(
        "ValueError: Block shape for args[0] (= (Blocked(block_size=64),)) must have the same "
        "number of dimensions as the array shape (128, 128).\n"
        "ValueError: Index map function <lambda> at kernel.py:17 for args[0] must return 2 "
        "values to match block_shape=(Blocked(block_size=64), Blocked(block_size=128)). "
        "Currently returning 1 values."
    ),
    lowering_errors=(
        # \S+ stands for the origin ("args[0]") and the count, in JAX's messages and in the
        # raise-site table's templates ("{origin}", "{len(block_shape)}") alike.
        LoweringError(r"Block shape for \S+ .* must have the same number of dimensions as "
                      r"the array shape", exc_type="ValueError"),
        LoweringError(r"Index map function .* must return \S+ values to match block_shape",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "Each `pl.BlockSpec(block_shape, index_map)` of a `pl.pallas_call` describes the blocks "
        "of one input (in `in_specs`, in order) or output (`out_specs`): `block_shape` has one "
        "entry per dimension of that array, and `index_map` takes the grid indices and returns "
        "one block index per entry of `block_shape`."
    ),
    when_it_happens=(
        "When the `pallas_call` is traced with its arrays, before any lowering: on every "
        "measured release (0.8.3 to 0.12.0.1). From JAX 0.11.2 a Mosaic GPU `pallas_call` "
        "cannot lower at all (PAL008), but this error comes first."
    ),
    how_to_fix=(
        "Give `block_shape` as many entries as the array has dimensions (use `None` or "
        "`pl.Squeezed()` for a dimension taken one element at a time), and return one index "
        "per `block_shape` entry from `index_map` (`lambda i: (i, 0)` for a 2-D block)."
    ),
    bad_example='''
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128, 128), jnp.float32), grid=(2,),
               in_specs=[pl.BlockSpec((64,), lambda i: (i,))],
               out_specs=pl.BlockSpec((64, 128), lambda i: (i, 0)),
               compiler_params=plgpu.CompilerParams())(x)  # x: (128, 128)
''',
    good_example='''
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128, 128), jnp.float32), grid=(2,),
               in_specs=[pl.BlockSpec((64, 128), lambda i: (i, 0))],
               out_specs=pl.BlockSpec((64, 128), lambda i: (i, 0)),
               compiler_params=plgpu.CompilerParams())(x)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for launch in program.launches:
        specs = launch.kernel.block_specs
        if launch.kernel.api != "pallas_call" or specs is None:
            continue
        finding = _first_mismatch(program, launch, specs)
        if finding is not None:
            yield finding


def _pairs(launch: Launch, specs: tuple[object, object]) -> list[tuple[str, BlockSpecVal, object]] | None:
    """(what, spec, array) for the inputs, then the outputs, in JAX's order; None when the
    specs or arrays are not all known (JAX checks them in order: a gap hides the rest)."""
    in_specs, out_specs = specs
    pairs: list[tuple[str, BlockSpecVal, object]] = []
    if isinstance(in_specs, tuple):
        if len(in_specs) != len(launch.args):
            return None
        pairs += [(f"args[{i}]", spec, array) for i, (spec, array)
                  in enumerate(zip(in_specs, launch.args, strict=True))]
    outs = launch.kernel.out_types
    if isinstance(out_specs, BlockSpecVal):
        out_specs = (out_specs,)
    if isinstance(out_specs, tuple) and isinstance(outs, tuple) and len(out_specs) == len(outs):
        pairs += [(f"outputs[{i}]", spec, out)
                  for i, (spec, out) in enumerate(zip(out_specs, outs, strict=True))]
    return pairs


def _first_mismatch(program: Program, launch: Launch, specs: tuple[object, object]) -> Finding | None:
    pairs = _pairs(launch, specs)
    for what, spec, array in pairs or ():
        if not isinstance(spec, BlockSpecVal):
            return None  # a spec we cannot read: JAX may stop on it first
        rank = block_rank(spec)
        shape = array.shape if isinstance(array, (ArrayVal, ShapeDtypeVal)) else None
        dims = shape.value if isinstance(shape, Const) and isinstance(shape.value, tuple) else None
        if rank is None or dims is None:
            return None
        if rank != len(dims):
            message = (f"The BlockSpec for {what} has a {rank}-D block_shape "
                       f"{short_repr(_shape_value(spec))}, but that array has shape {short_repr(dims)} "
                       f"({len(dims)}-D): JAX fails with \"Block shape for {what} … must have the same "
                       f"number of dimensions as the array shape\". Give block_shape one entry per "
                       f"dimension (None for a squeezed one).")
            return _finding(program, launch, spec, message)
        if spec.index_count is not None and spec.index_count != rank:
            message = (f"The index_map of the BlockSpec for {what} returns {spec.index_count} "
                       f"value(s), but its block_shape has {rank} entries: JAX fails with \"Index "
                       f"map function … must return {rank} values to match block_shape\". Return "
                       f"one block index per block_shape entry.")
            return _finding(program, launch, spec, message)
    return None


def _shape_value(spec: BlockSpecVal) -> object:
    shape = spec.block_shape
    return shape.value if isinstance(shape, Const) else shape


def _finding(program: Program, launch: Launch, spec: BlockSpecVal, message: str) -> Finding:
    # JAX raises while the pallas_call is traced with its arrays: the call's line.
    related = [Related(program.span(spec.node), "this BlockSpec"),
               *launch_related(program, launch, failing=False)]
    return Finding(RULE.code, program.span(launch.site), message, related=dedupe(related))
