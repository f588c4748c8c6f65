"""PAL081 ref_slice_out_of_bounds: a ``pl.ds(start, size)`` of a ref (a load, a store, a
``.at[...]`` view) whose static start and size run past its dimension: JAX's indexer refuses
it while the kernel is traced (jax/_src/state/indexing.py, the same on 0.8.3 - 0.12.0.1)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..trace import RefAccess
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL081",
    name="ref_slice_out_of_bounds",
    title="a pl.ds slice of a ref that runs past its dimension",
    jax_message="ValueError: Out of bound slice: start=104, size=32, stride=1, dim=128.",
    lowering_errors=(
        LoweringError(r"\AOut of bound slice: start=(-?\d+|\{[^}]*\})", exc_type="ValueError"),
    ),
    what_it_means=(
        "`pl.ds(start, size)` names `size` elements of a dimension from `start` on. Where both "
        "are known when the kernel is traced, JAX checks that the last of them, `start + "
        "(size - 1) * stride`, is inside the dimension; a Python slice (`x_ref[192:320]`) is "
        "clipped to the dimension instead, as NumPy does, and is not refused."
    ),
    when_it_happens=(
        "A load `x_ref[pl.ds(s, n)]`, a store `o_ref[pl.ds(s, n)] = v` or a view "
        "`x_ref.at[pl.ds(s, n)]` (a TMA copy's window) with `s` and `n` known and `s + n` past "
        "the dimension, in a kernel body, every release 0.8.3 - 0.12.0.1, on that line "
        "(\"Out of bound slice: start=192, size=128, stride=1, dim=256.\"). Measured on GMEM "
        "refs and views. A start that is traced (`lax.axis_index(...) * n`) is not checked by "
        "JAX there: not judged."
    ),
    how_to_fix=(
        "Keep `start + size` within the dimension: size the last block to what is left "
        "(`min(n, dim - start)`), or pad the array to a multiple of the block."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(192, 128)]  # x_ref is (256,)
''',
    good_example='''
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(128, 128)]
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    # JAX stops tracing a launch at its first such slice: one finding per launch, the first
    # in the body's source order (a load before the store of its line).
    first: dict[int, tuple[tuple[int, int, int], RefAccess, tuple[int, int, int, int, int]]] = {}
    for access, fault in program.slices_past_end():
        if access.scoped:
            continue
        order = (access.node.lineno, access.kind == "store", access.node.col_offset)
        known = first.get(id(access.launch))
        if known is None or order < known[0]:
            first[id(access.launch)] = (order, access, fault)
    seen: set[int] = set()
    for _order, access, fault in sorted(first.values(), key=lambda item: item[0]):
        if id(access.node) in seen:
            continue
        seen.add(id(access.node))
        start, size, stride, dim, axis = fault
        ref = access.ref
        shape = short_repr(ref.shape.value)  # type: ignore[attr-defined]
        what = {"view": "view", "load": "load", "store": "store"}[access.kind]
        reach = "starts past it (JAX checks the start whatever the size)" if start >= dim else \
            f"runs to {start + (size - 1) * stride}"
        words = f"start={start}, dim={dim}" if start >= dim else \
            f"start={start}, size={size}, stride={stride}, dim={dim}"
        message = (f"This {what} takes pl.ds({start}, {size}{f', {stride}' if stride != 1 else ''}) of "
                   f"dimension {axis} of a {shape} ref, whose last index is {dim - 1}: the slice "
                   f"{reach}, and JAX raises \"ValueError: Out of "
                   f"bound slice: {words}.\" while the kernel is traced. Keep start + size "
                   f"within {dim}.")
        related = (Related(program.span(access.launch.kernel.node), "the kernel is created here"),)
        yield Finding(RULE.code, program.span(access.node), message, related=related)
