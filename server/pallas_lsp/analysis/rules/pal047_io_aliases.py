"""PAL047 io_aliases: a Mosaic GPU pl.pallas_call's input_output_aliases names an input or output
it does not have, or pairs an input with an output of another shape or dtype."""

from __future__ import annotations

from collections.abc import Iterator

from ..io_aliases import AliasMismatch, alias_mismatches
from ..model import Finding, Options
from ..program import Program
from .base import LoweringError, Rule
from .common import dedupe, launch_related

RULE = Rule(
    code="PAL047",
    name="io_aliases",
    title="a pallas_call's input_output_aliases entry names no such input or output, or pairs "
          "arrays of different shape or dtype",
    jax_message=(
        "ValueError: input_output_aliases contains the mapping '2:0' with input index 2 outside "
        "the range [0, 2)\n"
        "ValueError: input_output_aliases contains the mapping '0:1' with output index 1 outside "
        "the range [0, 1)\n"
        "ValueError: input_output_aliases contains the mapping '1:0' referring to input[1] with "
        "abstract value int32[128] and to output with a different abstract value float32[128]."
    ),
    lowering_errors=(
        # \S+ stands for the indices and counts, in JAX's messages and in the raise-site
        # table's templates ("{i_idx}", "{len(flat_in_avals)}") alike.
        LoweringError(r"input_output_aliases contains the mapping '\S+' with (input|output) "
                      r"index \S+ outside the range", exc_type="ValueError"),
        LoweringError(r"input_output_aliases contains the mapping '\S+' referring to input.* "
                      r"with a different abstract value", exc_type="ValueError"),
    ),
    what_it_means=(
        "`input_output_aliases={i: o}` tells `pl.pallas_call` that output `o` reuses the buffer "
        "of input `i` (both counted from 0, in the order the call takes its arrays and lists "
        "its `out_shape`). JAX checks every entry: `i` must be one of the call's inputs, `o` one "
        "of its outputs, and the two must have the same shape and dtype, since they are one "
        "buffer."
    ),
    when_it_happens=(
        "When the `pallas_call` is called with its arrays and its body has been traced, before "
        "any lowering: JAX raises ValueError on the first entry that does not fit, blamed on the "
        "line that calls the kernel. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 with the "
        "same words (from 0.11.2 a Mosaic GPU `pallas_call` cannot lower at all, PAL008, but this "
        "error comes first). Judged where every input is one array of known shape and dtype and "
        "every output one `jax.ShapeDtypeStruct`; silent when an input is a pytree or the "
        "mapping is built from values the analysis cannot know."
    ),
    how_to_fix=(
        "Count inputs and outputs from 0 (`{0: 0}` aliases the first input with the first "
        "output), and alias only an input whose shape and dtype are exactly those of the output "
        "(`out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype)`), or drop the entry."
    ),
    bad_example='''
call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32),
                      input_output_aliases={1: 0}, compiler_params=plgpu.CompilerParams())
call(x, y)  # x: float32[128], y: int32[128]
''',
    good_example='''
call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32),
                      input_output_aliases={0: 0}, compiler_params=plgpu.CompilerParams())
call(x, y)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for mismatch in alias_mismatches(program):
        launch = mismatch.launch
        related = launch_related(program, launch, failing=False)
        # JAX raises while the pallas_call is called with its arrays: the call's line.
        yield Finding(RULE.code, program.span(launch.site), _message(mismatch),
                      related=dedupe(related))


def _message(found: AliasMismatch) -> str:
    entry = f"input_output_aliases maps input {found.input_index} to output {found.output_index}"
    head = f"input_output_aliases contains the mapping '{found.input_index}:{found.output_index}'"
    if found.kind == "input":
        return (f"{entry}, but the pallas_call is called with {found.n_inputs} input(s), "
                f"numbered from 0: JAX fails with \"{head} with input index {found.input_index} "
                f"outside the range [0, {found.n_inputs})\". Name an input by its position "
                f"among the call's arrays.")
    if found.kind == "output":
        return (f"{entry}, but its out_shape declares {found.n_outputs} output(s), numbered "
                f"from 0: JAX fails with \"{head} with output index {found.output_index} outside "
                f"the range [0, {found.n_outputs})\". Name an output by its position in "
                f"out_shape.")
    return (f"{entry}, but input {found.input_index} is {found.input_aval} and output "
            f"{found.output_index} is {found.output_aval}: an aliased input and output are one "
            f"buffer, so JAX fails with \"{head} referring to input[{found.input_index}] with "
            f"abstract value {found.input_aval} and to output … with a different abstract value "
            f"{found.output_aval}\". Alias an input of the output's shape and dtype, or drop "
            f"the entry.")

