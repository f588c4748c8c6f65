"""The facts the wgmma, barrier and cluster rules read (PAL014, PAL015, PAL025; docs/design.md
entry 36): wgmma's operands, plgpu.ACC accumulators, barriers as built and as the body gets
them, and a kernel's scratch types. What cannot be known must stay UNKNOWN."""

from __future__ import annotations

import ast
import time

from pallas_lsp.analysis import Options, analyze, parse_jax_version
from pallas_lsp.analysis.program import Program, build_program
from pallas_lsp.analysis.rules.pal015_barriers import barrier_count
from pallas_lsp.analysis.rules.pal025_cluster_axis_unknown import cluster_names, copy_axes
from pallas_lsp.analysis.values import (
    MISSING,
    UNKNOWN,
    AccRefVal,
    BarrierRefVal,
    BarrierVal,
    Const,
    DtypeVal,
    RefVal,
)

HEADER = '''
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu
T = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))
'''


def program(body: str, version: str = "0.12.0.1") -> Program:
    source = HEADER + body
    return build_program(ast.parse(source), Options(jax_version=parse_jax_version(version)),
                         time.monotonic() + 30, source)


def codes(body: str, version: str = "0.12.0.1") -> set[str]:
    result = analyze(HEADER + body, Options(jax_version=parse_jax_version(version)))
    return {finding.code for finding in result.findings}


def wgmma_args(prog: Program) -> dict[str, object]:
    ops = [op for op in prog.ref_ops if op.name == "plgpu.wgmma"]
    assert len(ops) == 1, [op.name for op in prog.ref_ops]
    return ops[0].args


RUN_SCOPED = '''
def kernel(o_ref, a, b):
    def scope(acc):
        plgpu.wgmma(acc, a, b)
        return acc[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128)))
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((64, 128), jnp.float32),
                 scratch_types=[plgpu.SMEM((64, 128), jnp.float16, transforms=T),
                                plgpu.SMEM((128, 128), jnp.float16, transforms=T)])
jax.jit(f)()
'''


def test_an_acc_from_run_scoped_is_an_accumulator_with_its_shape_and_default_dtype() -> None:
    args = wgmma_args(program(RUN_SCOPED))
    acc = args["acc"]
    assert isinstance(acc, AccRefVal) and not isinstance(acc, RefVal)
    assert acc.shape == Const((64, 128)) and acc.dtype == DtypeVal("float32")
    a = args["a"]
    assert isinstance(a, RefVal) and a.space == "SMEM" and a.shape == Const((64, 128))
    assert codes(RUN_SCOPED) == set()


def test_an_acc_of_unknown_shape_is_not_judged() -> None:
    body = RUN_SCOPED.replace("plgpu.ACC((64, 128))", "plgpu.ACC(SHAPE)").replace(
        "def kernel", "import os\nSHAPE = tuple(os.environ['SHAPE'])\ndef kernel")
    assert wgmma_args(program(body))["acc"].shape is UNKNOWN
    assert codes(body) == set()


def test_a_pallas_call_with_block_specs_gives_no_shapes_to_judge() -> None:
    body = '''
def kernel(a_ref, b_ref, o_ref):
    def scope(acc):
        plgpu.wgmma(acc, a_ref, b_ref)
        return acc[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128)))
f = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((64, 128), jnp.float32),
                   in_specs=[plgpu.BlockSpec((64, 128), lambda: (0, 0), transforms=T),
                             plgpu.BlockSpec((128, 128), lambda: (0, 0), transforms=T)],
                   compiler_params=plgpu.CompilerParams())
jax.jit(f)(jnp.ones((64, 256), jnp.float16), jnp.ones((256, 128), jnp.float16))
'''
    # The arrays are (64, 256) @ (256, 128): their blocks multiply, the arrays' shapes do not.
    assert "PAL014" not in codes(body, "0.10.2")


def test_the_fp8_pair_is_not_judged_as_mixed() -> None:
    body = RUN_SCOPED.replace("SMEM((64, 128), jnp.float16", "SMEM((64, 128), jnp.float8_e4m3fn") \
        .replace("SMEM((128, 128), jnp.float16", "SMEM((128, 128), jnp.float8_e5m2")
    assert "PAL014" not in codes(body)


BARRIERS = '''
def kernel(x_ref, o_ref, smem, bars):
    plgpu.copy_gmem_to_smem(x_ref, smem, bars.at[0])
    plgpu.barrier_wait(bars)
    o_ref[...] = smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
                 cluster=(2,), cluster_names=("c",),
                 scratch_types=[plgpu.SMEM((128, 128), jnp.float32), plgpu.Barrier(num_barriers=NUM)])
jax.jit(f)(jnp.ones((128, 128), jnp.float32))
'''


def test_a_barrier_is_recorded_as_built_and_the_body_gets_the_whole_array() -> None:
    prog = program(BARRIERS.replace("NUM", "(2, 2)"))
    (barrier,) = prog.barriers
    assert barrier.kind == "Barrier" and barrier.num_arrivals is MISSING
    assert barrier_count(barrier) == 4
    copy, wait = (op for op in prog.ref_ops if op.name in ("plgpu.copy_gmem_to_smem",
                                                           "plgpu.barrier_wait"))
    # .at[i] of a barrier array keeps its index (PAL015 judges a float one, wip-copy).
    assert isinstance(copy.args["barrier"], BarrierRefVal) and copy.args["barrier"].barrier is barrier
    assert copy.args["barrier"].indices == (Const(0),)
    assert isinstance(wait.args["barrier"], BarrierRefVal) and wait.args["barrier"].barrier is barrier
    (kernel,) = prog.kernels
    assert isinstance(kernel.scratch_types, tuple) and kernel.scratch_types[1] is barrier
    assert cluster_names(kernel) == ("c",)


def test_a_whole_array_is_judged_from_0_10_2_and_a_single_barrier_never() -> None:
    assert codes(BARRIERS.replace("NUM", "2")) == {"PAL015"}
    assert codes(BARRIERS.replace("NUM", "2"), "0.8.3") - {"PAL009"} == set()
    assert codes(BARRIERS.replace("NUM", "1")) == set()
    unknown = BARRIERS.replace("NUM", "N").replace(
        "def kernel", "import os\nN = int(os.environ['N'])\ndef kernel")
    assert codes(unknown) == set()


def test_num_arrivals_judged_only_when_known_and_cluster_barriers_only_from_0_10_2() -> None:
    make = "jax.jit(lambda: plgpu.{kind}({args}))()\n"
    assert codes(make.format(kind="Barrier", args="num_arrivals=0")) == {"PAL015"}
    assert codes(make.format(kind="Barrier", args="num_arrivals=0"), "0.8.3") == {"PAL015"}
    cluster = make.format(kind="ClusterBarrier", args="collective_axes=('c',), num_arrivals=0")
    assert codes(cluster) == {"PAL015"}
    assert codes(cluster, "0.8.3") == set()
    unknown = "import os\n" + make.format(kind="Barrier", args="num_arrivals=int(os.environ['N'])")
    assert codes(unknown) == set()
    assert isinstance(program(make.format(kind="Barrier", args="num_arrivals=1")).barriers[0],
                      BarrierVal)


def test_copy_axes_read_as_jax_resolves_them() -> None:
    assert copy_axes(Const("c")) == ("c",)
    assert copy_axes(Const(("c", "d"))) == ("c", "d")
    assert copy_axes(MISSING) == ()
    assert copy_axes(UNKNOWN) is None
    assert copy_axes(Const((("c", "d"),))) is None  # a composite axis: not judged


def test_cluster_names_unknown_or_a_bare_string_are_not_judged() -> None:
    body = '''
import os
def kernel(x_ref, o_ref, smem, bar):
    plgpu.copy_gmem_to_smem(x_ref, smem, bar, collective_axes="x")
    plgpu.barrier_wait(bar)
    o_ref[...] = smem[...]
f = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128, 128), jnp.float32),
                 cluster=(2,), cluster_names=NAMES,
                 scratch_types=[plgpu.SMEM((128, 128), jnp.float32), plgpu.Barrier()])
jax.jit(f)(jnp.ones((128, 128), jnp.float32))
'''
    assert codes(body.replace("NAMES", "('c',)")) == {"PAL025"}
    assert codes(body.replace("NAMES", "('x',)")) == set()
    assert codes(body.replace("NAMES", "(os.environ['AXIS'],)")) == set()


def _apply(source: str, edits) -> str:
    lines = source.splitlines(keepends=True)
    for edit in sorted(edits, key=lambda e: (e.span.line, e.span.col), reverse=True):
        assert edit.span.line == edit.span.end_line
        line = lines[edit.span.line - 1].encode()
        lines[edit.span.line - 1] = (line[:edit.span.col] + edit.new_text.encode()
                                     + line[edit.span.end_col:]).decode()
    return "".join(lines)


def test_the_quick_fixes_remove_their_finding() -> None:
    from pathlib import Path

    fixtures = Path(__file__).parent / "fixtures" / "single"
    cases = {"pal015/barrier_zero_arrivals.py": "PAL015",
             "pal015/cluster_barrier_zero_arrivals.py": "PAL015",
             "pal025/copy_cluster_axis_unknown.py": "PAL025",
             "pal025/cluster_barrier_axis_unknown.py": "PAL025"}
    for name, code in cases.items():
        source = (fixtures / name).read_text(encoding="utf-8")
        options = Options(jax_version=parse_jax_version("0.12.0.1"))
        (finding,) = [f for f in analyze(source, options).findings if f.code == code]
        assert finding.fixes, name
        fixed = _apply(source, finding.fixes[0].edits)
        assert [f.code for f in analyze(fixed, options).findings] == [], name
