"""PAL067 ref_noncontiguous_index: a ref load or store through an index Mosaic GPU does not
lower: a slice of stride 2 or more (``x_ref[::2]``, ``pl.ds(i, n, stride=2)``) or an integer
array (``x_ref[idx]``, a gather)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..noncontiguous_indices import IndexFault, noncontiguous_accesses
from ..program import Program
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL067",
    name="ref_noncontiguous_index",
    title="a ref load or store through a strided slice or an integer-array index",
    jax_message=(
        "NotImplementedError: Strided slices not implemented\n"
        "NotImplementedError: Unsupported slice: Slice(start=..., size=128, stride=2)\n"
        "NotImplementedError: int_indexer_shape non-empty"
    ),
    lowering_errors=(
        LoweringError(r"\AStrided slices not implemented", exc_type="NotImplementedError",
                      sites=r"mosaic/gpu/utils\.py:parse_indices$"),
        LoweringError(r"\AUnsupported slice: ", exc_type="NotImplementedError",
                      sites=r"mosaic_gpu/lowering\.py:_ndindexer_indices$"),
        LoweringError(r"\Aint_indexer_shape non-empty", exc_type="NotImplementedError",
                      sites=r"mosaic_gpu/lowering\.py:_handle_transforms$"),
    ),
    what_it_means=(
        "Mosaic GPU moves data between a ref and registers through contiguous slices only. A "
        "slice that takes every second (or n-th) element of a dimension, and an index that is "
        "an integer array (a gather `x_ref[idx]` or a scatter `o_ref[idx] = v`), have no "
        "lowering for loads and stores of refs."
    ),
    when_it_happens=(
        "`x_ref[::2]`, `o_ref[::2] = v`, `x_ref[:, ::2]`, `x_ref.at[::2][...]` or "
        "`s_ref[pl.ds(0, 128, stride=2)]` in a kernel body, under Lane and Warpgroup "
        "semantics alike: \"Strided slices not implemented\" with a static start, "
        "\"Unsupported slice: ...\" with a traced one (`pl.ds(i, n, stride=2)`); `x_ref[idx]` "
        "or `o_ref[idx] = v` with `idx` an int32 array: \"int_indexer_shape non-empty\". JAX "
        "blames the load or store line. Measured on GMEM refs on 0.8.3, 0.10.2, 0.11.2 and "
        "0.12.0.1 (a strided window of shared memory is PAL012's)."
    ),
    how_to_fix=(
        "Slice or gather the array on the host before the kernel call (`x[::2]`, `x[idx]`) and "
        "read whole contiguous slices in the kernel, or lay the data out so that each kernel "
        "reads contiguous slices; to gather rows, read each row through a contiguous slice of "
        "its own (`x_ref[pl.ds(row * n, n)]` with a scalar `row`)."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[::2]
''',
    good_example='''
call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32))
call(x[::2])  # the host slices; the kernel reads the whole ref

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for found in noncontiguous_accesses(program):
        launch = found.access.launch
        if program.api_removed(launch.kernel) or id(launch) in seen:
            continue
        seen.add(id(launch))  # JAX stops lowering a kernel at its first refusal
        yield Finding(RULE.code, program.span(found.access.node), _message(found),
                      related=(Related(program.span(launch.kernel.node), "the kernel is created here"),))


def _message(found: IndexFault) -> str:
    verb = "loads from" if found.access.kind == "load" else "stores to"
    if found.kind == "gather":
        what = "a gather" if found.access.kind == "load" else "a scatter"
        return (f"This {verb} a ref through an integer array index of shape {found.index_shape} "
                f"({what}): Mosaic GPU loads and stores contiguous slices of refs "
                f"only, and JAX raises \"NotImplementedError: int_indexer_shape non-empty\". Index "
                f"the ref with slices (pl.ds) and scalars, or gather on the host.")
    where = "a view (ref.at[...]) that takes" if found.in_view else "a slice of"
    if found.dynamic_start:
        raised = ("\"NotImplementedError: Unsupported slice: ...\" (\"Strided slices not "
                  "implemented\" if the start is a Python int)")
    else:
        raised = "\"NotImplementedError: Strided slices not implemented\""
    return (f"This {verb} a ref through {where} stride {found.stride}: Mosaic GPU loads and "
            f"stores contiguous slices only, and JAX raises {raised}. Read the contiguous slice "
            f"and select the elements from the register value, or slice the array on the host "
            f"before the kernel call.")
