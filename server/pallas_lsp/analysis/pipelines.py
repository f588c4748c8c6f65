"""``plgpu.emit_pipeline`` and its BlockSpecs as values: what PAL016 reads.

``pl.BlockSpec`` / ``plgpu.BlockSpec`` evaluate to a ``BlockSpecVal`` (its block shape,
index map and ``delay_release``, where written). ``plgpu.emit_pipeline(body, grid=...,
in_specs=..., out_specs=..., max_concurrent_steps=...)`` inside a kernel body is recorded
as an op with those arguments, and returns a pipeline: calling it with the GMEM refs is
recorded too (``plgpu.emit_pipeline.run``), with how many refs it was given. Its body is
traced as any unmodelled JAX construct's is (under names it may bind).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .values import MISSING, UNKNOWN, Const, PartialVal, QualName, TransformVal, unpack

if TYPE_CHECKING:
    from .jax_calls import Call

RUN = "plgpu.emit_pipeline.run"


@dataclass(frozen=True, eq=False)
class BlockSpecVal:
    """``pl.BlockSpec(block_shape, index_map)`` / ``plgpu.BlockSpec(..., delay_release=d)``."""

    block_shape: object
    index_map: object
    # An int where written, 0 where not given (JAX's default), UNKNOWN otherwise.
    delay_release: object
    node: ast.Call
    # How many block indices the index_map returns (called with unknown grid indices), None
    # when not known.
    index_count: int | None = None
    # plgpu.BlockSpec's transforms= (a tuple of TransformVal, () where not given, UNKNOWN) and
    # memory_space= as evaluated (MISSING where not given): the pipeline's buffers (PAL012).
    transforms: object = ()
    memory_space: object = MISSING


@dataclass(frozen=True, eq=False)
class PipelineVal:
    """What ``plgpu.emit_pipeline(...)`` returned: the call that made it and its specs."""

    node: ast.Call
    in_specs: object
    out_specs: object
    max_concurrent_steps: object = UNKNOWN


def block_spec(call: Call, returned: object = MISSING) -> object:
    delay = call.kwargs.get("delay_release", MISSING)
    if delay is MISSING:
        delay_release: object = 0
    elif isinstance(delay, Const) and type(delay.value) is int:
        delay_release = delay.value
    else:
        delay_release = UNKNOWN
    if call.name == "pl.BlockSpec" and "delay_release" in call.kwargs:
        delay_release = UNKNOWN  # not a pl.BlockSpec argument: that call fails on its own
    items = unpack(returned) if isinstance(returned, (tuple, Const)) else None
    index_count = len(items) if items is not None and not (
        isinstance(returned, Const) and not isinstance(returned.value, tuple)) else None
    return BlockSpecVal(call.arg(0, "block_shape"), call.arg(1, "index_map"), delay_release, call.node,
                        index_count, _spec_transforms(call), call.kwargs.get("memory_space", MISSING))


def _spec_transforms(call: Call) -> object:
    value = call.kwargs.get("transforms", MISSING)
    if value is MISSING:
        return ()
    items = unpack(value)
    if items is None or not all(isinstance(item, TransformVal) for item in items):
        return UNKNOWN
    return tuple(items)


def block_rank(spec: BlockSpecVal) -> int | None:
    """The number of dimensions of a spec's block_shape, where it is a known tuple."""
    shape = spec.block_shape
    if isinstance(shape, Const) and isinstance(shape.value, tuple):
        return len(shape.value)
    if isinstance(shape, tuple):
        return len(shape)
    return None


def emit_pipeline(call: Call, traced_body: object) -> object:
    """Record the pipeline's configuration (in a kernel body) and return a callable pipeline;
    ``traced_body`` is what tracing its body the usual way gave (returned outside kernels)."""
    if call.ctx.launch is None:
        return traced_body
    values = {
        "grid": call.kwargs.get("grid", UNKNOWN),
        "in_specs": call.kwargs.get("in_specs", ()),
        "out_specs": call.kwargs.get("out_specs", ()),
        "max_concurrent_steps": call.kwargs.get("max_concurrent_steps", Const(1)),
    }
    nodes = {key: node for key, node in call.kw_nodes.items() if key in values}
    call.tracer.record_op(call.name, call.node, values, nodes, call.ctx)
    return PartialVal(QualName(RUN), (PipelineVal(call.node, values["in_specs"], values["out_specs"],
                                                  values["max_concurrent_steps"]),), {})


def run(call: Call) -> object:
    """``pipeline(*gmem_refs)``: recorded with the number of refs, when every one is written
    out (a ``*refs`` argument leaves it unknown)."""
    pipeline = call.args[0] if call.args else None
    if not isinstance(pipeline, PipelineVal) or call.ctx.launch is None:
        return UNKNOWN
    written = [a for a in call.node.args]
    count: object = UNKNOWN
    if not call.node.keywords and not any(isinstance(a, ast.Starred) for a in written):
        count = Const(len(written))
    refs: object = tuple(call.args[1:]) if isinstance(count, Const) else UNKNOWN
    call.tracer.record_op(RUN, call.node, {"pipeline": pipeline, "ref_count": count, "refs": refs}, {},
                          call.ctx)
    return UNKNOWN


def spec_count(specs: object) -> int | None:
    """How many BlockSpecs a flat in_specs / out_specs sequence holds; None when not known
    (a pytree of specs, or unknown items)."""
    if isinstance(specs, Const) and specs.value == ():
        return 0
    if isinstance(specs, tuple) and all(isinstance(s, BlockSpecVal) for s in specs):
        return len(specs)
    return None
