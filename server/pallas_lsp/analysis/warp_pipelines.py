"""``plgpu.emit_pipeline_warp_specialized`` in a kernel body: its body traced when the
pipeline runs, on the shared-memory slot refs JAX hands it (analysis/pipelines.py).

JAX (``jax/_src/pallas/mosaic_gpu/pipeline.py``, 0.8.3 - 0.12.0.1): the returned pipeline,
called with the GMEM refs, runs ``body(indices, *slot_refs)``; given ``compute_context``,
it calls ``compute_context(eval_pipeline)`` instead, and ``eval_pipeline(carry)`` runs
``body(indices, *slot_refs, carry)`` and returns the body's carry. Barriers passed in
(``manual_produced_barriers`` / ``manual_consumed_barriers``) or a pytree of specs leave the
body's arguments unknown; it is traced anyway, as an unmodelled construct's callback is. The
pipeline is the ``PipelineVal`` analysis/pipelines.py made (its warp-specialized fields:
``compute_context``, ``known_args``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .pipelines import PipelineVal, slot_refs
from .values import UNKNOWN, FuncVal, PartialVal, QualName, RefVal

if TYPE_CHECKING:
    from .jax_calls import Call

EVAL = "plgpu.emit_pipeline_warp_specialized.eval"
# A second call of eval_pipeline in one compute_context (PAL016 reads it): JAX's ValueError
# "Cannot call pipeline more than once in `compute_context`" (pipeline.py, 0.8.3 - 0.12.0.1).
EVAL_AGAIN = "plgpu.emit_pipeline_warp_specialized.eval.<again>"


class _Evaluated:
    """Whether this run's eval_pipeline was called (JAX's ``last_indices`` is set)."""

    def __init__(self) -> None:
        self.called = False


def trace(call: Call, pipeline: PipelineVal) -> object:
    """The body traced on the slot refs of ``call`` (the run: its args after the pipeline are
    the GMEM refs), as JAX traces it when the pipeline runs."""
    if call.ctx.launch is None:
        return UNKNOWN
    ctx = replace(call.ctx, names_open=True, scope_call=call.node)
    gmem_refs = list(call.args[1:])
    # Every GMEM ref known (a `*refs` of unknown length is not a ref the analysis holds).
    known = pipeline.known_args and all(isinstance(ref, RefVal) for ref in gmem_refs) \
        and set(call.kwargs) <= {"allocations"}
    refs = slot_refs(pipeline.in_specs, pipeline.out_specs, gmem_refs, call.tracer.version,
                     warp_specialized=True) if known else None
    if pipeline.compute_context is None:
        if refs is None or not isinstance(pipeline.body, (FuncVal, PartialVal)):
            call.tracer.call_callbacks([pipeline.body], {}, call.node, ctx, same_context=True)
        else:
            call.tracer.call_value(pipeline.body, [UNKNOWN, *refs], {}, ctx)
        return UNKNOWN
    if refs is None or not isinstance(pipeline.compute_context, (FuncVal, PartialVal)):
        call.tracer.call_callbacks([pipeline.body, pipeline.compute_context], {}, call.node, ctx,
                                   same_context=True)
        return UNKNOWN
    evaluate = PartialVal(QualName(EVAL), (pipeline, tuple(refs), _Evaluated()), {})
    call.tracer.call_value(pipeline.compute_context, [evaluate], {}, ctx)
    return UNKNOWN


def evaluate(call: Call) -> object:
    """``eval_pipeline(carry)`` inside the compute context: the body on the carry; a second
    call is refused before anything runs."""
    if len(call.args) != 4 or not isinstance(call.args[0], PipelineVal) or call.kwargs:
        return UNKNOWN
    pipeline, refs, evaluated, carry = call.args
    if not isinstance(evaluated, _Evaluated):
        return UNKNOWN
    if evaluated.called:
        call.tracer.record_op(EVAL_AGAIN, call.node, {}, {}, call.ctx)
        return UNKNOWN
    evaluated.called = True
    if not isinstance(pipeline.body, (FuncVal, PartialVal)) or not isinstance(refs, tuple):
        return UNKNOWN
    return call.tracer.call_value(pipeline.body, [UNKNOWN, *refs, carry], {}, call.ctx)


HANDLERS = {EVAL: evaluate}
