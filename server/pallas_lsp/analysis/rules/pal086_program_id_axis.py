"""PAL086 program_id_axis: ``pl.program_id(axis)`` / ``pl.num_programs(axis)`` of an axis the
kernel's grid does not have: past the launch's grid (a ValueError while traced), a cluster or
thread axis of a ``plgpu.kernel`` given to ``program_id`` (an IndexError while lowered), or past
the grid env a ``pallas_core.grid_env`` made current (an IndexError while traced: JAX's own
test harness runs kernel bodies that way). Facts: analysis/grid_axes.py."""

from __future__ import annotations

from collections.abc import Iterable

from ..grid_axes import PROGRAM_ID, AxisFault
from ..model import Finding, Options, Related
from ..program import Program, short_repr
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL086",
    name="program_id_axis",
    title="pl.program_id / pl.num_programs of an axis the kernel's grid does not have",
    jax_message=(
        "ValueError: Axis 2 is out of bounds for grid (2, 3)\n"
        "IndexError: list index out of range"
    ),
    lowering_errors=(
        # A number in a real message, ``{...}`` in JAX's template (the raise-site table).
        LoweringError(r"\AAxis (-?\d+|\{[^}]*\}) is out of bounds for grid (\(|\{)", exc_type="ValueError"),
        # The grid env's list indexed by JAX (program_id / num_programs bound in a
        # `pallas_core.grid_env`), or the lowering's program ids (a cluster or thread axis).
        LoweringError(r"\A(list|tuple) index out of range\Z", exc_type="IndexError",
                      sites=r"pallas/primitives\.py:(program_id_bind_with_trace|_num_programs_bind_with_trace)$"
                            r"|mosaic_gpu/lowering\.py:_program_id_lowering_rule$"),
    ),
    what_it_means=(
        "`pl.program_id(axis)` is this program instance's index along one axis of the kernel's "
        "grid, and `pl.num_programs(axis)` that axis' size. A `pl.pallas_call` has the axes of "
        "its `grid=`; a `plgpu.kernel` has the axes of its mesh, in order: the grid's, then the "
        "cluster's, then the thread axis (`num_threads`), but only the grid's have program ids "
        "(`lax.axis_index(name)` reads a cluster or thread index). Inside `with "
        "pallas_core.grid_env(env):` (how JAX runs a Mosaic GPU `pallas_call`'s body, and how its "
        "tests' harness runs theirs), both read `env[axis]` instead, a plain Python list."
    ),
    when_it_happens=(
        "An axis past the launch's axes: \"ValueError: Axis 2 is out of bounds for grid (2, 3)\" "
        "while the kernel is traced, on the call's line (a kernel with no grid has the grid "
        "`()`). A `program_id` of a `plgpu.kernel`'s cluster or thread axis: \"IndexError: list "
        "index out of range\" while the kernel is lowered, on the same line (`num_programs` of it "
        "is the cluster's size). An axis past a grid env: \"IndexError: list index out of "
        "range\" while traced. A negative axis counts from the end, as Python's indexing does. "
        "Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Ask for an axis the grid has (axes count from 0, in the order `grid=` lists them), or "
        "add the axis to the grid. In a `plgpu.kernel`, read a cluster or thread index with "
        "`lax.axis_index(name)`."
    ),
    bad_example='''
call = plgpu.kernel(body, out_type=out_type, grid=(4,), grid_names=("rows",))
def body(o_ref):
    o_ref[...] = jnp.full(o_ref.shape, pl.program_id(1))
''',
    good_example='''
call = plgpu.kernel(body, out_type=out_type, grid=(4,), grid_names=("rows",))
def body(o_ref):
    o_ref[...] = jnp.full(o_ref.shape, pl.program_id(0))
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterable[Finding]:
    faults = program.interp.grid_axis_faults
    if not faults:
        return ()
    traced = program.traced
    found: list[Finding] = []
    stopped: set[int] = set()
    for fault in faults:
        assert isinstance(fault, AxisFault)
        launch = fault.launch
        if not traced(launch.kernel) or id(launch) in stopped:  # type: ignore[attr-defined]
            continue
        if fault.stage == "traced":
            stopped.add(id(launch))  # the trace stops at the first one
        elif id(launch) in program.trace_refused_launches():
            continue  # lowered only: a trace stopped elsewhere reaches no lowering
        found.append(_finding(program, fault))
    return found


def _finding(program: Program, fault: AxisFault) -> Finding:
    call = "pl.program_id" if fault.name == PROGRAM_ID else "pl.num_programs"
    said = f"{fault.exc_type}: {fault.words}"
    related = (Related(program.span(fault.launch.kernel.node), "the kernel is created here"),)  # type: ignore[attr-defined]
    if fault.frame is None:
        return Finding(
            RULE.code, program.span(fault.node),  # type: ignore[arg-type]
            f"{call}({fault.axis}) reads entry {fault.axis} of the grid env made current by "
            f"`pallas_core.grid_env(...)`, which has {fault.env_length} entr"
            f"{'y' if fault.env_length == 1 else 'ies'}: JAX indexes it and raises \"{said}\" "
            f"while the kernel is traced. Ask for an axis the grid env has, or put one entry per "
            f"grid axis in it.", related=related)
    frame = short_repr(fault.frame)
    if fault.stage == "lowered":
        return Finding(
            RULE.code, program.span(fault.node),  # type: ignore[arg-type]
            f"{call}({fault.axis}) names a cluster or thread axis of this plgpu.kernel (its mesh "
            f"axes are {frame}: {fault.env_length} of the grid, then the cluster's and the "
            f"thread axis): only the grid's axes have program ids, and JAX raises \"{said}\" when it "
            f"lowers the kernel. Read that index with lax.axis_index(<its name>), or ask for a "
            f"grid axis.", related=related)
    return Finding(
        RULE.code, program.span(fault.node),  # type: ignore[arg-type]
        f"{call}({fault.axis}) names an axis this kernel does not have: its grid is {frame} "
        f"({len(fault.frame)} ax{'is' if len(fault.frame) == 1 else 'es'}), and JAX raises "
        f"\"{said}\" while the kernel is traced. Ask for an axis from 0 to "
        f"{len(fault.frame) - 1}, or add the axis to the grid." if fault.frame else
        f"{call}({fault.axis}) names an axis this kernel does not have: it has no grid (the grid "
        f"is ()), and JAX raises \"{said}\" while the kernel is traced. Give the kernel a grid "
        f"(grid=..., with grid_names=... for plgpu.kernel), or drop the call.",
        related=related)
