"""PAL016 pipeline_config: plgpu.emit_pipeline's grid, delay_release and specs against its refs."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related, Span, TextEdit
from ..pipelines import RUN, BlockSpecVal, PipelineVal, spec_count
from ..program import Program, short_repr
from ..trace import Op
from ..values import Const
from ..versions import EMIT_PIPELINE_CHECKS_GRID, holds
from .base import LoweringError, Rule
from .common import dedupe, launch_related

EMIT = "plgpu.emit_pipeline"

RULE = Rule(
    code="PAL016",
    name="pipeline_config",
    title="plgpu.emit_pipeline's grid, delay_release or specs do not fit",
    jax_message=(
        "ValueError: max_concurrent_steps must be greater than all delay_release values, but "
        "max_concurrent_steps=1 and delay_release_levels=[1].\n"
        "ValueError: All elements in the grid must be strictly positive, but got grid=(0,)\n"
        "ValueError: safe_zip() argument 1 has length 2 but argument 0 has length 3. All "
        "lengths: (3, 2)   (0.8.3: safe_zip() argument 2 is shorter than argument 1)"
    ),
    lowering_errors=(
        LoweringError(r"max_concurrent_steps must be greater than all delay_release values"),
        LoweringError(r"All elements in the grid must be strictly positive"),
        # A spec list that does not match the refs handed to the pipeline: util.safe_zip's
        # own wording, which names neither. Only ever raised by this mismatch in the kernels
        # this rule judges; other safe_zip failures go unclaimed by the pattern's anchor.
        LoweringError(r"^safe_zip\(\) argument \d+ (has length|is (shorter|longer) than)",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "`plgpu.emit_pipeline(body, grid=..., in_specs=..., out_specs=..., "
        "max_concurrent_steps=...)` builds a software pipeline over GMEM refs: each grid entry "
        "is a number of steps, each ref needs one BlockSpec (inputs first, then outputs), and a "
        "`plgpu.BlockSpec(..., delay_release=d)` keeps its buffer for d more steps, which needs "
        "more than d steps in flight."
    ),
    when_it_happens=(
        "When `plgpu.emit_pipeline` is called: every in_spec has `delay_release` ≥ "
        "`max_concurrent_steps` (the default is 1; JAX compares with the smallest "
        "delay_release, and a `pl.BlockSpec` counts as 0) — every measured release; a grid "
        "entry below 1 — from JAX 0.10 (0.8.3 fails later, in the MLIR verifier). When the "
        "pipeline is called: a number of refs that is not the number of in_specs plus "
        "out_specs, which JAX reports only as a `safe_zip()` length mismatch."
    ),
    how_to_fix=(
        "Raise `max_concurrent_steps` above the smallest `delay_release` (the quick fix sets "
        "it to that plus one); make every grid entry at least 1; give one BlockSpec per ref, "
        "in the order the refs are passed."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    spec = plgpu.BlockSpec((64, 128), lambda i: (i, 0), delay_release=1)
    plgpu.emit_pipeline(body, grid=(2,), in_specs=[spec], out_specs=[spec])(x_ref, o_ref)
''',
    good_example='''
def kernel(x_ref, o_ref):
    spec = plgpu.BlockSpec((64, 128), lambda i: (i, 0), delay_release=1)
    plgpu.emit_pipeline(body, grid=(2,), in_specs=[spec], out_specs=[spec],
                        max_concurrent_steps=2)(x_ref, o_ref)
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named(EMIT).items():
        op = ops[0]
        finding = _grid(program, node, op) or _delay(program, node, op)
        if finding is not None:
            yield finding
    for node, ops in program.ops_named(RUN).items():
        finding = _refs(program, node, ops[0])
        if finding is not None:
            yield finding


def _related(program: Program, op: Op) -> tuple[Related, ...]:
    return dedupe(launch_related(program, op.launch, failing=False))


def _grid(program: Program, node: ast.Call, op: Op) -> Finding | None:
    """A grid entry below 1 (checked first by JAX, from 0.10)."""
    if not holds(EMIT_PIPELINE_CHECKS_GRID, program.version):
        return None
    entries = _ints(op.args.get("grid"))
    if entries is None:
        return None
    bad = [entry for entry in entries if entry <= 0]
    if not bad:
        return None
    message = (f"emit_pipeline's grid {short_repr(tuple(entries))} has an entry below 1 ({bad[0]}): each "
               f"grid entry is a number of pipeline steps and must be at least 1, and JAX "
               f"fails with \"All elements in the grid must be strictly positive\". Give every "
               f"entry a positive step count (or skip the pipeline when there is nothing to do).")
    target = op.arg_nodes.get("grid", node)
    return Finding(RULE.code, program.span(node), message, related=(
        Related(program.span(target), "this grid"), *_related(program, op)))


def _delay(program: Program, node: ast.Call, op: Op) -> Finding | None:
    """max_concurrent_steps not above the smallest delay_release of the in_specs."""
    specs = op.args.get("in_specs")
    if spec_count(specs) in (None, 0):
        return None
    delays = [spec.delay_release for spec in specs]  # type: ignore[union-attr]
    if not all(type(d) is int for d in delays):
        return None
    steps = op.args.get("max_concurrent_steps")
    if not (isinstance(steps, Const) and type(steps.value) is int):
        return None
    smallest = min(delays)  # type: ignore[type-var]
    if steps.value > smallest:
        return None
    written = "max_concurrent_steps" in op.arg_nodes
    said = f"max_concurrent_steps={steps.value}" if written else "max_concurrent_steps is 1 (the default)"
    message = (f"Every in_spec of this emit_pipeline has delay_release ≥ {smallest} but {said}: "
               f"a buffer released {smallest} step(s) late needs more steps in flight, and JAX "
               f"fails with \"max_concurrent_steps must be greater than all delay_release "
               f"values\". Set max_concurrent_steps={smallest + 1} or more, or lower delay_release.")
    related = [Related(program.span(spec.node), f"delay_release={spec.delay_release} here")  # type: ignore[union-attr]
               for spec in specs if isinstance(spec, BlockSpecVal)]  # type: ignore[union-attr]
    return Finding(RULE.code, program.span(node), message,
                   related=dedupe([*related, *launch_related(program, op.launch, failing=False)]),
                   fixes=_steps_fix(program, node, op, smallest + 1))


def _steps_fix(program: Program, node: ast.Call, op: Op, steps: int) -> tuple[Fix, ...]:
    title = f"Set max_concurrent_steps={steps}"
    written = op.arg_nodes.get("max_concurrent_steps")
    if written is not None:
        return (Fix(title, (TextEdit(program.span(written), str(steps)),), safe=True, preferred=True),)
    last = node.keywords[-1].value if node.keywords else (node.args[-1] if node.args else None)
    if last is None or any(k.arg is None for k in node.keywords):
        return ()  # a **kwargs call: where the keyword goes is not ours to say
    end = program.span(last)
    insert = Span(end.end_line, end.end_col, end.end_line, end.end_col, end.path)
    return (Fix(title, (TextEdit(insert, f", max_concurrent_steps={steps}"),), safe=True, preferred=True),)


def _refs(program: Program, node: ast.Call, op: Op) -> Finding | None:
    """The pipeline called with a number of refs its specs do not match."""
    pipeline = op.args.get("pipeline")
    count = op.args.get("ref_count")
    if not isinstance(pipeline, PipelineVal) or not (isinstance(count, Const) and type(count.value) is int):
        return None
    ins, outs = spec_count(pipeline.in_specs), spec_count(pipeline.out_specs)
    if ins is None or outs is None or ins + outs == count.value:
        return None
    made = program.where(program.span(pipeline.node), node)
    message = (f"This pipeline is given {count.value} ref(s), but the emit_pipeline at {made} has "
               f"{ins} in_spec(s) and {outs} out_spec(s): it needs one BlockSpec per ref, inputs "
               f"first, in the order the refs are passed, and JAX says only \"safe_zip() "
               f"argument … has length …\". Add or remove specs (or refs) so they pair up.")
    return Finding(RULE.code, program.span(node), message, related=(
        Related(program.span(pipeline.node), f"{ins} in_spec(s) and {outs} out_spec(s) here"),
        *_related(program, op)))


def _ints(value: object) -> list[int] | None:
    if isinstance(value, Const) and isinstance(value.value, tuple) and all(
            type(v) is int for v in value.value):
        return list(value.value)
    if isinstance(value, tuple) and all(isinstance(v, Const) and type(v.value) is int for v in value):
        return [v.value for v in value]  # type: ignore[union-attr]
    return None
