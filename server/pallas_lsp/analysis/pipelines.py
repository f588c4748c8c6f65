"""``plgpu.emit_pipeline`` and its BlockSpecs as values: what PAL016 reads.

``pl.BlockSpec`` / ``plgpu.BlockSpec`` evaluate to a ``BlockSpecVal`` (its block shape,
index map and ``delay_release``, where written). ``plgpu.emit_pipeline(body, grid=...,
in_specs=..., out_specs=..., max_concurrent_steps=...)`` inside a kernel body is recorded
as an op with those arguments, and returns a pipeline: calling it with the GMEM refs is
recorded too (``plgpu.emit_pipeline.run``), with how many refs it was given. In a kernel
body its body is traced when the pipeline runs, as JAX traces it (under names it may bind), on
the shared-memory slot refs JAX hands it (slot_refs below); outside a kernel body, or with
arguments the analysis cannot place, it is traced as any unmodelled JAX construct's is.
``plgpu.emit_pipeline_warp_specialized`` is recorded the same way (``WS``), with its
warp-specialized arguments (the same ``PipelineVal``, its ``compute_context`` and
``known_args`` filled), and its run with the values of the refs it was given; its body is traced
at the run by analysis/warp_pipelines.py.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .dtypes import FLOATS
from .values import (
    MISSING,
    UNKNOWN,
    ArrayVal,
    Const,
    DtypeVal,
    FuncVal,
    ListVal,
    PartialVal,
    QualName,
    RefTypeVal,
    RefVal,
    TransformVal,
    plain,
    unpack,
)
from .versions import PIPELINE_BLOCK_DEFAULTS_TO_REF, JaxVersion, holds

if TYPE_CHECKING:
    from .jax_calls import Call

RUN = "plgpu.emit_pipeline.run"
EMIT = "plgpu.emit_pipeline"
WS = "plgpu.emit_pipeline_warp_specialized"
# ``pipeline.get_allocations(*gmem_refs)`` of a warp-specialized pipeline: the same refs
# against the specs check as its run, recorded the same way.
ALLOCATIONS = "plgpu.emit_pipeline_warp_specialized.get_allocations"


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
    # How many grid indices the index_map takes: a plain function's positional parameters,
    # None when not known (a *args, defaults, another callable). 0 with no index_map. A
    # replaced index_map counted at its pipeline (_counted) has the grid's length here.
    index_params: int | None = None
    # memory_space= as passed: MISSING where not given (JAX's default: the block is copied
    # to SMEM), else its value (a QualName such as plgpu.GMEM, or UNKNOWN; UNKNOWN too where a
    # **kwargs may have passed it). Where the body's ref lives is derived from it (`space`).
    memory_space: object = MISSING
    # Which class made it: "pl.BlockSpec" or "plgpu.BlockSpec" (the warp-specialized pipeline
    # reads delay_release only from the latter).
    api: str = "pl.BlockSpec"
    # collective_axes= truthy (as JAX tests it; None: not known), and whether the index_map
    # reads any of its grid indices (a parameter's name in its body; None when not known): the
    # warp-specialized pipeline refuses both a collective output and an input whose index_map
    # reads none.
    collective: bool | None = False
    reads_indices: bool | None = None
    # pipeline_mode= given (not None): both pipelines refuse it before anything else.
    pipeline_mode: bool | None = False
    # plgpu.BlockSpec's transforms= (a tuple of TransformVal, () where not given, UNKNOWN): the
    # buffers the pipeline allocates for it (PAL012).
    transforms: object = ()
    # transforms= given one transform, not a sequence (UNKNOWN transforms then): the pipeline
    # iterates it when it runs and raises TypeError (PAL012).
    lone_transform: TransformVal | None = None

    @property
    def space(self) -> object:
        """Where the body's ref lives: "SMEM" (a slot, the default), "GMEM" (JAX hands the
        body the GMEM ref itself) or UNKNOWN (another memory space, or one not known)."""
        copied = in_smem(self)
        return UNKNOWN if copied is None else "SMEM" if copied else "GMEM"


@dataclass(frozen=True, eq=False)
class PipelineVal:
    """What ``plgpu.emit_pipeline(...)`` returned: the call that made it and its specs."""

    node: ast.Call
    in_specs: object
    out_specs: object
    # The grid as passed (UNKNOWN when not known) and which API made it (EMIT or WS).
    grid: object = UNKNOWN
    api: str = "plgpu.emit_pipeline"
    max_concurrent_steps: object = UNKNOWN
    # The body JAX calls when the pipeline runs (in a kernel body: traced then, on the slot
    # refs of slot_refs below), and whether it also takes a carry (init_carry=).
    body: object = None
    carries: bool = False
    init_carry: object = MISSING  # init_carry= as passed (MISSING: not given)
    compute_wgs: object = UNKNOWN  # the warp-specialized pipeline's num_compute_wgs= as passed
    # The warp-specialized pipeline's (WS) own: its compute_context= (None where not given, or
    # for plgpu.emit_pipeline), and whether its body takes exactly (indices, *slot_refs[, carry])
    # (no manual barriers passed): analysis/warp_pipelines.py traces the body at the run.
    compute_context: object = None
    known_args: bool = True
    # The warp-specialized pipeline's memory_registers= as passed (MISSING: not given): its
    # memory thread calls set_max_registers(memory_registers, action="decrease") when the
    # pipeline runs (PAL034).
    memory_registers: object = MISSING
    # The warp-specialized pipeline's wg_axis= as passed (MISSING: not given): the axis its
    # compute warpgroups read their index from when it runs (PAL005).
    wg_axis: object = MISSING


def block_spec(call: Call, returned: object = MISSING, index_params: int | None = None,
               reads_indices: bool | None = None) -> object:
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
    index_map = call.arg(1, "index_map")
    if index_map is MISSING or (isinstance(index_map, Const) and index_map.value is None):
        index_params = 0
    collective = _truthy(call.kwargs.get("collective_axes", MISSING))
    # A **kwargs may have passed memory_space=: not known then.
    space = call.kwargs.get("memory_space", UNKNOWN if "**" in call.kwargs else MISSING)
    return BlockSpecVal(call.arg(0, "block_shape"), index_map, delay_release, call.node,
                        index_count, index_params, space, call.name,
                        collective, reads_indices, _given(call.kwargs.get("pipeline_mode", MISSING)),
                        _spec_transforms(call), _lone_transform(call))


# The BlockSpec fields a program reads or replaces (a test harness's
# `dataclasses.replace(spec, index_map=...)`): the others are kept as they are.
_FIELDS = ("block_shape", "index_map")


def spec_attribute(spec: BlockSpecVal, attr: str) -> object:
    if attr not in _FIELDS:
        return UNKNOWN
    value = getattr(spec, attr)
    return Const(None) if value is MISSING else value  # JAX's default for both is None


def replace_spec(spec: BlockSpecVal, changes: dict[str, object]) -> object:
    """``dataclasses.replace(spec, ...)``: a new index_map keeps the rest (its index count and
    parameters are no longer known); any other field changed gives an unknown spec."""
    if set(changes) - {"index_map"}:
        return UNKNOWN
    return replace(spec, index_map=changes.get("index_map", spec.index_map), index_count=None,
                   index_params=None, reads_indices=None)


def _truthy(value: object) -> bool | None:
    """``bool(value)`` of a keyword's value as JAX tests it (``if spec.collective_axes:``),
    False where not given; None when not known."""
    if value is MISSING:
        return False
    if isinstance(value, Const):
        try:
            return bool(value.value)
        except Exception:
            return None
    if isinstance(value, tuple):
        return bool(value)
    if isinstance(value, ListVal) and value.complete:
        return bool(value.items)
    return None


def _given(value: object) -> bool | None:
    """Is a keyword given a value other than None (None: not known)?"""
    if value is MISSING or (isinstance(value, Const) and value.value is None):
        return False
    return None if value is UNKNOWN else True


def reads_parameters(function: ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Does a function's body name any of its positional parameters?"""
    spec = function.args
    params = {a.arg for a in (*spec.posonlyargs, *spec.args)}
    body = [function.body] if isinstance(function, ast.Lambda) else function.body
    return any(isinstance(n, ast.Name) and n.id in params for stmt in body for n in ast.walk(stmt))


def _spec_transforms(call: Call) -> object:
    value = call.kwargs.get("transforms", MISSING)
    if value is MISSING:
        return ()
    items = unpack(value)
    if items is None or not all(isinstance(item, TransformVal) for item in items):
        return UNKNOWN
    return tuple(items)


def _lone_transform(call: Call) -> TransformVal | None:
    """plgpu.BlockSpec's transforms= when it is one transform, not a sequence of them."""
    value = call.kwargs.get("transforms", MISSING)
    return value if isinstance(value, TransformVal) and call.name == "plgpu.BlockSpec" else None


def has_index_map(spec: BlockSpecVal) -> bool:
    """Was an index_map given (JAX slices the ref with it; without one, the whole ref)?"""
    index_map = spec.index_map
    return not (index_map is MISSING or (isinstance(index_map, Const) and index_map.value is None))


def block_rank(spec: BlockSpecVal) -> int | None:
    """The number of dimensions of a spec's block_shape, where it is a known tuple."""
    shape = spec.block_shape
    if isinstance(shape, Const) and isinstance(shape.value, tuple):
        return len(shape.value)
    if isinstance(shape, tuple):
        return len(shape)
    return None


def emit_pipeline(call: Call, trace_usual: Callable[[], object]) -> object:
    """Record the pipeline's configuration (in a kernel body) and return a callable pipeline
    whose run traces the body; ``trace_usual`` traces the body the usual way (outside kernels,
    or with arguments the analysis cannot place) and gives what that returned."""
    if call.ctx.launch is None:
        return trace_usual()
    values = {
        "grid": call.kwargs.get("grid", UNKNOWN),
        "in_specs": call.kwargs.get("in_specs", ()),
        "out_specs": call.kwargs.get("out_specs", ()),
        # JAX's defaults: 1 for emit_pipeline, 2 for the warp-specialized one.
        "max_concurrent_steps": call.kwargs.get("max_concurrent_steps", Const(2 if call.name == WS else 1)),
    }
    if call.name == WS:
        values["num_compute_wgs"] = call.kwargs.get("num_compute_wgs", UNKNOWN)
        values["memory_thread_idx"] = call.kwargs.get("memory_thread_idx", Const(None))
    if "**" in call.kwargs or call.args[1:]:
        return trace_usual()  # arguments we cannot place: nothing recorded
    grid_length = _length(values["grid"])
    if grid_length is not None:
        values["in_specs"] = _counted(call, values["in_specs"], grid_length)
        values["out_specs"] = _counted(call, values["out_specs"], grid_length)
    nodes = {key: node for key, node in call.kw_nodes.items() if key in values}
    call.tracer.record_op(call.name, call.node, values, nodes, call.ctx)
    made = PipelineVal(call.node, values["in_specs"], values["out_specs"], values["grid"], call.name,
                       values["max_concurrent_steps"], call.arg(0, "body"), "init_carry" in call.kwargs,
                       call.kwargs.get("init_carry", MISSING))
    if call.name == WS:
        context = call.kwargs.get("compute_context", Const(None))
        made = replace(made, memory_registers=call.kwargs.get("memory_registers", MISSING),
                       wg_axis=call.kwargs.get("wg_axis", MISSING),
                       compute_wgs=values["num_compute_wgs"],
                       compute_context=None if isinstance(context, Const) and context.value is None
                       else context, known_args=not any(
                           key in call.kwargs and not _false(call.kwargs[key]) for key in _MORE_ARGS))
    return PartialVal(QualName(RUN), (made,), {})


def _length(grid: object) -> int | None:
    items = unpack(grid) if isinstance(grid, (tuple, Const)) else None
    return None if items is None or (isinstance(grid, Const) and not isinstance(grid.value, tuple)) \
        else len(items)


def _counted(call: Call, specs: object, grid_length: int) -> object:
    """A flat sequence of specs with the index count of each one whose index_map was
    replaced (``dataclasses.replace(spec, index_map=lambda *indices: ...)``, as JAX's test
    harness wraps them): JAX calls it with one index per grid dimension when it slices the ref
    (``compute_gmem_slice``), and so does this, in a kernel body's names."""
    items = specs_tuple(specs)
    if items is None or not any(s.index_count is None and s.index_params is None for s in items):
        return specs
    ctx = replace(call.ctx, names_open=True)
    return tuple(_count(call, spec, grid_length, ctx) if spec.index_count is None
                 and spec.index_params is None else spec for spec in items)


def _count(call: Call, spec: BlockSpecVal, grid_length: int, ctx: object) -> BlockSpecVal:
    index_map = spec.index_map
    if not isinstance(index_map, FuncVal) or index_map.self_value is not None \
            or not _accepts(index_map.node, grid_length):
        return spec
    returned = call.tracer.call_value(index_map, [UNKNOWN] * grid_length, {}, ctx)
    items = unpack(returned) if isinstance(returned, (tuple, Const)) else None
    if items is None or (isinstance(returned, Const) and not isinstance(returned.value, tuple)):
        return spec
    return replace(spec, index_count=len(items), index_params=grid_length)


def _accepts(function: ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef, count: int) -> bool:
    """Does Python bind ``count`` positional arguments to this function (no TypeError)?"""
    spec = function.args
    positional = len(spec.posonlyargs) + len(spec.args)
    required_kwonly = any(default is None for default in spec.kw_defaults)
    return not required_kwonly and positional - len(spec.defaults) <= count \
        and (spec.vararg is not None or count <= positional)


# Keywords that hand a warp-specialized body more arguments than its slot refs (and the carry).
_MORE_ARGS = ("manual_produced_barriers", "manual_consumed_barriers")


def _false(value: object) -> bool:
    return isinstance(value, Const) and value.value is False


def run(call: Call) -> object:
    """``pipeline(*gmem_refs)``: recorded with the number of refs, when every one is written
    out (a ``*refs`` argument leaves it unknown)."""
    pipeline = call.args[0] if call.args else None
    if not isinstance(pipeline, PipelineVal) or call.ctx.launch is None:
        return UNKNOWN
    written = [a for a in call.node.args]
    count: object = UNKNOWN
    refs: object = UNKNOWN
    given = call.args[1:]
    # A *refs argument is known where it expanded to refs (the kernel's own *refs): an
    # unknown sequence expands to no RefVal.
    starred = any(isinstance(a, ast.Starred) for a in written)
    # The warp-specialized pipeline also takes allocations= (from its get_allocations).
    keywords = {k.arg for k in call.node.keywords}
    plain = not keywords or (pipeline.api == WS and keywords == {"allocations"})
    if plain and (not starred or all(isinstance(a, RefVal) for a in given)):
        count = Const(len(given))
        refs = tuple(given)
    call.tracer.record_op(call.name, call.node, {"pipeline": pipeline, "ref_count": count, "refs": refs,
                                                 "allocations_given": Const("allocations" in keywords)},
                          {}, call.ctx)
    if call.name == RUN and pipeline.api != WS:
        refusal = float_steps_refusal(pipeline)
        grid_dtype = float_grid_dtype(pipeline) if refusal is None else None
        if grid_dtype is not None and call.tracer.version >= (0, 11):
            # fori_loop refuses the prologue's bounds (PAL077's TypeError): the body is never
            # traced.
            call.tracer.record_op(FLOAT_GRID, call.node, {"dtype": Const(grid_dtype)}, {}, call.ctx)
            return UNKNOWN
        if grid_dtype is not None:
            refusal = (f"lax.min requires arguments to have the same dtypes, got int32, {grid_dtype}. "
                       f"(Tip: jnp.minimum is a similar function that does automatic type promotion "
                       f"on inputs).")
        if refusal is not None:
            # Raised by JAX's shape check as the run allocates its buffers: the program's call
            # raises it (PAL079), and the body is never traced.
            call.tracer.bridge_raised(call.node, TypeError(refusal))
            return UNKNOWN
        if call.tracer.grid_envs:  # (else a run tells the index maps nothing their first call did not)
            _call_index_maps(call, pipeline, refs)
        _trace_body(call, pipeline)  # the warp-specialized body: analysis/warp_pipelines.py
    if call.name == ALLOCATIONS and isinstance(refs, tuple):
        buffers = allocated_buffers(pipeline, refs, call.tracer.version)
        if buffers is not None:
            return PipelineAllocationsVal(buffers)
    return UNKNOWN


@dataclass(frozen=True, eq=False)
class PipelineBufferType(RefTypeVal):
    """A shared-memory buffer a pipeline allocates for one of its BlockSpecs (``node``: the
    spec): ``SMEM((slots, *block_shape), gmem_ref.dtype, transforms=spec.transforms)``."""


@dataclass(frozen=True, eq=False)
class PipelineAllocationsVal:
    """What ``pipeline.get_allocations(*gmem_refs)`` of a warp-specialized pipeline returns:
    the buffers ``pl.run_scoped(..., name=<this>)`` then allocates (JAX raises a misfit of
    their transforms there, on the run_scoped call)."""

    buffers: tuple[PipelineBufferType, ...]


def staged_pairs(pipeline: PipelineVal, refs: tuple[object, ...]) -> list[tuple[BlockSpecVal, RefVal]] | None:
    """(spec, GMEM ref) for each spec the pipeline stages through shared memory by TMA (a
    memory space not given, or SMEM), where every spec lines up with a ref; None where the
    specs or refs are not known."""
    ins, outs = flat_specs(pipeline.in_specs), flat_specs(pipeline.out_specs)
    if ins is None or outs is None or len([*ins, *outs]) != len(refs):
        return None
    return [(spec, ref) for spec, ref in zip([*ins, *outs], refs, strict=True)
            if isinstance(spec, BlockSpecVal) and isinstance(ref, RefVal) and ref.space == "GMEM"
            and spec.memory_space in (MISSING, QualName("plgpu.SMEM"))]


def allocated_buffers(pipeline: PipelineVal, refs: tuple[object, ...],
                      version: JaxVersion) -> tuple[PipelineBufferType, ...] | None:
    """The shared-memory buffers a pipeline allocates for its specs (pipeline.py, 0.10.2 -
    0.12.0.1): one per spec in SMEM with written-out transforms, where every spec lines up
    with a known ref; None where the specs or refs are not known. The leading slot count is
    ``max_concurrent_steps`` (JAX may shrink it to the step count: only the trailing
    dimensions matter to the transforms' checks). A spec without a block shape stages the
    whole ref from 0.10 on (``PIPELINE_BLOCK_DEFAULTS_TO_REF``: ``plgpu.BlockSpec(
    transforms=...)`` over a grid of ``()``, as JAX's own tests write it)."""
    whole = holds(PIPELINE_BLOCK_DEFAULTS_TO_REF, version)
    steps = pipeline.max_concurrent_steps
    ins, outs = flat_specs(pipeline.in_specs), flat_specs(pipeline.out_specs)
    if ins is None or outs is None:
        return None
    specs = [*ins, *outs]
    if not (isinstance(steps, Const) and type(steps.value) is int and steps.value > 0) \
            or len(specs) != len(refs):
        return None
    buffers: list[PipelineBufferType] = []
    for spec, ref in zip(specs, refs, strict=True):
        assert isinstance(spec, BlockSpecVal)
        block = spec.block_shape.value if isinstance(spec.block_shape, Const) else None
        if whole and isinstance(ref, RefVal) and (spec.block_shape is MISSING or block is None) \
                and isinstance(ref.shape, Const):
            block = ref.shape.value
        if not isinstance(ref, RefVal) or spec.memory_space not in (MISSING, QualName("plgpu.SMEM")) \
                or not isinstance(block, tuple) or not all(type(d) is int for d in block) \
                or not isinstance(spec.transforms, tuple) or not spec.transforms:
            continue
        buffers.append(PipelineBufferType("SMEM", Const((steps.value, *block)), ref.dtype,
                                          spec.transforms, spec.node))
    return tuple(buffers)


def _trace_body(call: Call, pipeline: PipelineVal) -> None:
    """JAX traces the body when the pipeline runs: ``body(indices, *slot_refs)``, in the
    kernel's context: ``plgpu.emit_pipeline`` binds no axis names and keeps the kernel's
    lowering semantics (pipeline.py, 0.8.3 - 0.12.0.1), so the body's operations are judged as
    the kernel's own (PAL019, PAL005). With refs the analysis cannot count (a ``*refs`` of
    unknown length, keywords), or a carry, its arguments are unknown."""
    ctx = call.ctx
    body = pipeline.body
    gmem_refs = call.args[1:]
    # The GMEM refs counted (a `*refs` of unknown length is not): the body gets one slot ref
    # per GMEM ref, UNKNOWN for a ref the analysis does not know (a test harness's input made
    # by a function it cannot follow), so its `*args` has a known length.
    carry = _carried(pipeline.init_carry) if pipeline.carries and pipeline.api == EMIT else MISSING
    if call.node.keywords or any(ref is call.tracer.unknown_rest for ref in gmem_refs) \
            or (pipeline.carries and carry is MISSING) or not isinstance(body, (FuncVal, PartialVal)):
        call.tracer.call_callbacks([body], {}, call.node, ctx, same_context=True)
        return
    refs = slot_refs(pipeline.in_specs, pipeline.out_specs, list(gmem_refs), call.tracer.version)
    carried = [carry] if pipeline.carries else []
    args = [_step_indices(pipeline.grid), *refs, *carried]
    ins, outs = flat_specs(pipeline.in_specs), flat_specs(pipeline.out_specs)
    if pipeline.api == EMIT and ins is not None and outs is not None \
            and len(ins) + len(outs) == len(gmem_refs) and not any(ref is UNKNOWN for ref in refs):
        # emit_pipeline calls body(indices, *slot_refs[, carry]) when it runs: a def that
        # cannot bind them raises CPython's TypeError on the pipeline's line (PAL064). (Only
        # where the specs match the refs and every slot is made: else JAX fails before the
        # body is called, PAL016's.)
        call.tracer.spelled_call = (call.node, args)  # type: ignore[attr-defined]
    out = call.tracer.call_value(body, args, {}, replace(ctx, scope_call=call.node))
    if pipeline.carries:
        # The body's carry goes round the pipeline's fori_loop (a scan: static bounds), which
        # compares it with the initial carry (PAL077 judges the op).
        call.tracer.record_op(CARRY, call.node, {"init_val": carry, "init_given": pipeline.init_carry,
                                                "body_out": out}, {}, ctx)


# The record of an emit_pipeline body's carry, in and out (PAL077).
CARRY = "plgpu.emit_pipeline.<carry>"
# An emit_pipeline run whose grid has a traced float entry, on a release whose prologue
# fori_loop refuses it (float_grid_dtype; PAL077 reads it).
FLOAT_GRID = "plgpu.emit_pipeline.<float grid>"


def float_steps_refusal(pipeline: PipelineVal) -> str | None:
    """JAX's TypeError where an emit_pipeline's ``max_concurrent_steps`` is a float no larger
    than its step count (a larger one becomes the count, an int): the run allocates each
    shared-memory buffer ``(max_concurrent_steps, *block_shape)`` and JAX's shape check raises
    "Shapes must be 1D sequences of concrete values of integer type, got (3.0, 32, 128)."
    (pipeline.py, 0.8.3 - 0.12.0.1; ``math.nextafter(4.0, 0)`` never floored). Only where
    emit_pipeline's own checks surely passed (a positive grid, no pipeline_mode= or
    collective_axes=, the steps above every delay_release) and the first buffer's block is
    known; None otherwise."""
    steps = pipeline.max_concurrent_steps
    if not (isinstance(steps, Const) and type(steps.value) is float):
        return None
    grid = unpack(plain(pipeline.grid))
    if grid is None or not all(isinstance(g, Const) and type(g.value) is int and g.value > 0 for g in grid):
        return None
    count = 1
    for g in grid:
        count *= g.value  # type: ignore[attr-defined]
    specs = checked_specs(pipeline, steps.value)
    if steps.value > count or specs is None:
        return None
    first = next((spec for spec in specs if in_smem(spec) is not False), None)  # type: ignore[arg-type]
    if first is None or in_smem(first) is None:  # type: ignore[arg-type]
        return None  # no buffer is allocated, or the first one's space is not known
    block = block_shape(first.block_shape)  # type: ignore[union-attr]
    if block is None or len(block) != len(unpack(first.block_shape) or ()):  # type: ignore[union-attr]
        return None  # (a squeezed entry: the buffer's shape is not the one written)
    return (f"Shapes must be 1D sequences of concrete values of integer type, got "
            f"{(steps.value, *block)!r}.")


def float_grid_dtype(pipeline: PipelineVal) -> str | None:
    """The float dtype of an emit_pipeline's traced grid entry (a size loaded from a float ref,
    a Python float handed to the kernel): the step count ``math.prod(grid)`` is then a float
    array, and the run's prologue bound refuses it. Up to 0.10.2 ``lax.min(max_concurrent_steps,
    num_steps)`` raises "lax.min requires arguments to have the same dtypes, got int32,
    float32. (Tip: ...)" (PAL079: the program's call raises it); from 0.11 the steps are cast to
    the count's dtype first and ``fori_loop(0, prologue_steps, ...)`` raises "lower and upper
    arguments to fori_loop must have equal types, got int32 and float32" (PAL077) (pipeline.py;
    JAX's test_emit_with_dynamic_grid_smaller_than_concurrent_steps launched with 0.0, measured
    on 0.10.2, 0.11.2 and 0.12.0.1). Only where emit_pipeline's own checks surely passed (an int
    max_concurrent_steps above every delay_release, no pipeline_mode= or collective_axes=) and
    every other entry is a positive int or a traced int32; None otherwise."""
    steps = pipeline.max_concurrent_steps
    entries = unpack(plain(pipeline.grid))
    if entries is None or not (isinstance(steps, Const) and type(steps.value) is int) \
            or checked_specs(pipeline, steps.value) is None:
        return None
    floats = set()
    for entry in entries:
        if isinstance(entry, Const) and type(entry.value) is int and entry.value > 0:
            continue
        if not (isinstance(entry, ArrayVal) and not isinstance(entry, RefVal) and entry.shape == Const(())
                and isinstance(entry.dtype, DtypeVal) and entry.dtype.name in _TRACED_SIZES):
            return None
        if entry.dtype.name in FLOATS:
            floats.add(entry.dtype.name)
    return floats.pop() if len(floats) == 1 else None


# A traced grid entry of these dtypes: an int32 one runs; a float one is refused (above).
_TRACED_SIZES = frozenset({"int32", "float32", "float16", "bfloat16"})


def checked_specs(pipeline: PipelineVal, steps: int | float) -> list[object] | None:
    """The pipeline's specs where emit_pipeline's own checks surely pass for ``steps``: every
    spec a plain BlockSpec (no collective_axes=, no pipeline_mode=) and the steps above every
    input's delay_release; None otherwise."""
    ins, outs = flat_specs(pipeline.in_specs), flat_specs(pipeline.out_specs)
    if ins is None or outs is None:
        return None
    specs = [*ins, *outs]
    if not all(isinstance(spec, BlockSpecVal) and spec.collective is False and spec.pipeline_mode is False
               for spec in specs):
        return None
    delays = [spec.delay_release for spec in ins]  # type: ignore[union-attr]
    if not all(type(d) is int for d in delays) or steps <= min(delays, default=0):  # type: ignore[operator]
        return None
    return specs


def _call_index_maps(call: Call, pipeline: PipelineVal, refs: object) -> None:
    """JAX calls each spec's index_map with the first step's indices when the pipeline runs,
    to fetch its first blocks, before the body is traced (pipeline.py, 0.8.3 - 0.12.0.1): in
    the run's own context, so a ``pl.program_id`` there reads the grid env current then (JAX's
    test harness wraps the index maps to do so). Only where the specs line up with the refs
    (else JAX fails before, PAL016's) and the grid's length is known; called only under a grid
    env (the index maps ran with unknown indices when their specs were made)."""
    indices = _step_indices(pipeline.grid)
    ins, outs = flat_specs(pipeline.in_specs), flat_specs(pipeline.out_specs)
    if not isinstance(indices, tuple) or ins is None or outs is None or not isinstance(refs, tuple) \
            or len(ins) + len(outs) != len(refs):
        return
    for spec in (*ins, *outs):
        index_map = spec.index_map if isinstance(spec, BlockSpecVal) else None
        if isinstance(index_map, FuncVal) and index_map.self_value is None \
                and _accepts(index_map.node, len(indices)):
            call.tracer.call_value(index_map, list(indices), {}, call.ctx)


def _step_indices(grid: object) -> object:
    """The body's ``indices``: a tuple of one int32 scalar per grid dimension (pipeline.py,
    0.8.3 - 0.12.0.1: ``(jnp.asarray(0, dtype=jnp.int32),) * len(grid)``, then stepped), where
    the grid's length is known (a grid of ``()`` gives ``()``: a harness zipping it with the
    grid builds no entry); unknown otherwise."""
    items = unpack(plain(grid))
    if items is None:
        return UNKNOWN
    return tuple(ArrayVal(Const(()), DtypeVal("int32"), strong=True) for _ in items)


def _carried(init: object) -> object:
    """What the body gets for the carry: ``init_carry``'s values as traced arrays, strongly
    typed (the pipeline's loop carries them: a Python 0 is an int32 scalar, 0.0 a float32 one,
    measured by famheld14's emit_with_carry: an int carry stored into a float32 ref is refused);
    a tuple of them item by item; MISSING (the carry not followed) for anything else."""
    if isinstance(init, Const) and type(init.value) in _SCALAR_DTYPES:
        return ArrayVal(Const(()), DtypeVal(_SCALAR_DTYPES[type(init.value)]), strong=True)
    if isinstance(init, ArrayVal) and not isinstance(init, RefVal):
        return replace(init, strong=True)
    if init.__class__ is tuple:
        items = [_carried(item) for item in init]  # type: ignore[attr-defined]
        return MISSING if any(item is MISSING for item in items) else tuple(items)
    return MISSING


_SCALAR_DTYPES = {bool: "bool", int: "int32", float: "float32"}


def attribute(pipeline: PartialVal, attr: str) -> object:
    """``pipeline.get_allocations`` of a warp-specialized pipeline (called like its run)."""
    made = pipeline.args[0] if pipeline.args else None
    if attr == "get_allocations" and isinstance(made, PipelineVal) and made.api == WS:
        return PartialVal(QualName(ALLOCATIONS), pipeline.args, {})
    return UNKNOWN


def spec_count(specs: object) -> int | None:
    """How many BlockSpecs a flat in_specs / out_specs sequence holds; None when not known
    (a pytree of specs, or unknown items)."""
    if isinstance(specs, Const) and specs.value == ():
        return 0
    if isinstance(specs, tuple) and all(isinstance(s, BlockSpecVal) for s in specs):
        return len(specs)
    return None


def specs_tuple(specs: object) -> tuple[BlockSpecVal, ...] | None:
    """A flat in_specs / out_specs sequence of known BlockSpecs as a tuple; None otherwise."""
    if isinstance(specs, Const) and specs.value == ():
        return ()
    if isinstance(specs, tuple) and all(isinstance(s, BlockSpecVal) for s in specs):
        return specs
    return None


def in_smem(spec: BlockSpecVal) -> bool | None:
    """Is the spec's block copied to SMEM (JAX's ``_in_smem``: no memory_space, or SMEM)?
    None when its memory_space is not known."""
    space = spec.memory_space
    if space is MISSING or (isinstance(space, Const) and space.value is None):
        return True
    if isinstance(space, QualName):
        return _SMEM_SPACES.get(space.name)
    return None


_SMEM_SPACES = {"plgpu.SMEM": True, "plgpu.MemorySpace.SMEM": True,
                "plgpu.GMEM": False, "plgpu.MemorySpace.GMEM": False}


# ---------------------------------------------------------------- the refs a body gets
# The shared-memory refs ``plgpu.emit_pipeline`` hands its body (a ref fact).
#
# JAX (``jax/_src/pallas/mosaic_gpu/pipeline.py``, 0.8.3 - 0.12.0.1) allocates, per in / out
# spec and GMEM ref, ``plgpu.SMEM((max_concurrent_steps, *block_shape), ref.dtype,
# transforms=spec.transforms)`` and calls ``body(indices, *slot_refs)``, each slot ref that
# buffer at one slot: the block's shape (``None`` entries squeezed away), the GMEM ref's dtype,
# the spec's transforms; a spec with ``memory_space=plgpu.GMEM`` hands the body the GMEM ref
# itself. A spec whose block is not plain ints / ``None``, another memory space, or a ref the
# analysis does not know gives an unknown ref: the rules stay silent on it.

def slot_refs(in_specs: object, out_specs: object, gmem_refs: list[object],
              version: JaxVersion, warp_specialized: bool = False) -> list[object]:
    """One ref per GMEM ref, as the body sees it (UNKNOWN where not known). JAX splits the
    GMEM refs at len(in_specs): the inputs' refs are known even where the out specs are not."""
    ins, outs = flat_specs(in_specs), flat_specs(out_specs)
    counted = outs is None or len(ins or ()) + len(outs) == len(gmem_refs)
    if ins is None or len(ins) > len(gmem_refs) or not counted:
        return [UNKNOWN] * len(gmem_refs)
    specs: list[object] = [*ins, *(outs if outs is not None else [UNKNOWN] * (len(gmem_refs) - len(ins)))]
    if any(_block_misfit(spec, ref) for spec, ref in zip(ins, gmem_refs, strict=False)):
        # An input's block is copied in before the body is traced: JAX's pipeline fails
        # there (a safe_map length error, PAL016's), so the body's refs are never made. (An
        # output's is copied out after the body: its store is checked first.)
        return [UNKNOWN] * len(gmem_refs)
    whole = holds(PIPELINE_BLOCK_DEFAULTS_TO_REF, version)
    return [slot_ref(spec, ref, whole, warp_specialized) for spec, ref in zip(specs, gmem_refs, strict=True)]


def _block_misfit(spec: object, gmem_ref: object) -> bool:
    """A written block_shape whose rank is not the GMEM ref's, or not the number of indices
    its index_map returns (where both are known)."""
    if not isinstance(spec, BlockSpecVal):
        return False
    items = unpack(spec.block_shape) if isinstance(spec.block_shape, (tuple, Const)) \
        and not (isinstance(spec.block_shape, Const) and spec.block_shape.value is None) else None
    if items is None:
        return False
    ref_shape = gmem_ref.shape if isinstance(gmem_ref, RefVal) else UNKNOWN
    ranked = isinstance(ref_shape, Const) and isinstance(ref_shape.value, tuple)
    return (ranked and len(items) != len(ref_shape.value)) or (  # type: ignore[union-attr]
        spec.index_count is not None and spec.index_count != len(items))


def slot_ref(spec: object, gmem_ref: object, whole_by_default: bool,
             warp_specialized: bool = False) -> object:
    """``whole_by_default``: a spec without a block_shape (``pl.BlockSpec()``) gets a slot of
    the GMEM ref's whole shape (0.10.2 on); before, JAX refuses it ("Block shape must be
    specified.") before the body is traced, so the body's refs are not known."""
    if not isinstance(spec, BlockSpecVal) or not isinstance(gmem_ref, RefVal) or spec.space is UNKNOWN:
        return UNKNOWN
    if spec.space == "GMEM":
        if not warp_specialized:
            return gmem_ref  # not copied: emit_pipeline's body gets the GMEM ref itself
        # emit_pipeline_warp_specialized's body gets the step's block of it, a GMEM view of
        # the block's shape (measured on 0.8.3, 0.10.2 and 0.12.0.1: a (128, 64) block of a
        # (128, 256) output; famheld8's attrgetter_ws_range, which lowers).
        shape = block_shape(spec.block_shape)
        if shape is None:
            return UNKNOWN
        return RefVal(Const(shape), gmem_ref.dtype, "GMEM", is_view=True)
    written = spec.block_shape
    unset = written is MISSING or (isinstance(written, Const) and written.value is None)
    if unset and not whole_by_default:
        return UNKNOWN
    shape = block_shape(spec.block_shape) if not unset else None
    dtype = gmem_ref.dtype if isinstance(gmem_ref.dtype, DtypeVal) else UNKNOWN
    # The body gets its slot of the SMEM buffer, ``buffer.at[slot]``: a view (RefVal.is_view).
    if unset:
        return RefVal(gmem_ref.shape, dtype, "SMEM", spec.transforms, is_view=True)
    if shape is None and dtype is UNKNOWN:
        return UNKNOWN
    return RefVal(Const(shape) if shape is not None else UNKNOWN, dtype, "SMEM", spec.transforms,
                  is_view=True)


# ``pl.Squeezed()`` and ``pl.squeezed`` (the instance JAX keeps): a block dimension of one that
# the slot ref drops, as ``None`` (jax/_src/pallas/core.py, 0.8.3 - 0.12.0.1).
SQUEEZED = "pl.squeezed"


def squeezed(call: Call) -> object:
    return QualName(SQUEEZED) if not call.args and not call.kwargs else UNKNOWN


def block_shape(written: object) -> tuple[int, ...] | None:
    """The block's shape as the slot ref has it: ints kept, ``None`` and ``pl.Squeezed()``
    (squeezed) dropped."""
    items = unpack(written) if isinstance(written, (tuple, Const)) else None
    if items is None or (isinstance(written, Const) and not isinstance(written.value, tuple)):
        return None
    dims: list[int] = []
    for item in items:
        if (isinstance(item, Const) and item.value is None) or (
                isinstance(item, QualName) and item.name == SQUEEZED):
            continue
        if not (isinstance(item, Const) and type(item.value) is int):
            return None
        dims.append(item.value)
    return tuple(dims)


def flat_specs(specs: object) -> list[object] | None:
    """A flat sequence of specs (a single spec counts as one), None for a pytree / unknown."""
    if isinstance(specs, BlockSpecVal):
        return [specs]
    if isinstance(specs, Const) and specs.value == ():
        return []
    if isinstance(specs, tuple) and all(isinstance(s, BlockSpecVal) for s in specs):
        return list(specs)
    return None
