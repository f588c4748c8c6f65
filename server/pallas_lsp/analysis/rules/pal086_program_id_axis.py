"""PAL086 program_id_axis: ``pl.program_id(axis)`` / ``pl.num_programs(axis)`` of an axis past the
kernel's axis frame (a pl.pallas_call's grid, a plgpu.kernel's grid, cluster and thread axes): a
ValueError while the kernel is traced. Python's own IndexErrors of the same calls (an axis past a
``pallas_core.grid_env``'s list, a program id of a cluster axis) are PAL079's. Facts:
analysis/grid_axes.py."""

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
    jax_message="ValueError: Axis 2 is out of bounds for grid (2, 3)",
    lowering_errors=(
        # A number in a real message, ``{...}`` in JAX's template (the raise-site table).
        LoweringError(r"\AAxis (-?\d+|\{[^}]*\}) is out of bounds for grid (\(|\{)", exc_type="ValueError"),
    ),
    what_it_means=(
        "`pl.program_id(axis)` is this program instance's index along one axis of the kernel's "
        "grid, and `pl.num_programs(axis)` that axis' size. A `pl.pallas_call` has the axes of "
        "its `grid=`; a `plgpu.kernel` has the axes of its mesh, in order: the grid's, then the "
        "cluster's, then the thread axis (`num_threads`), but only the grid's have program ids "
        "(`lax.axis_index(name)` reads a cluster or thread index). Inside `with "
        "pallas_core.grid_env(env):` (how JAX runs a Mosaic GPU `pallas_call`'s body, and how its "
        "tests' harness runs theirs), both read `env[axis]` instead, a plain Python list, whose "
        "IndexError is Python's own (PAL079 reports it)."
    ),
    when_it_happens=(
        "An axis past the launch's axes: \"ValueError: Axis 2 is out of bounds for grid (2, 3)\" "
        "while the kernel is traced, on the call's line (a kernel with no grid has the grid "
        "`()`). A negative axis counts from the end, as Python's indexing does. A `program_id` of "
        "a `plgpu.kernel`'s cluster or thread axis fails while lowered with Python's \"IndexError: "
        "list index out of range\" on JAX's list of program ids (`num_programs` of it is the "
        "cluster's size), and an axis past a grid env while traced: PAL079's, as the program's "
        "own IndexErrors are. "
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
    found: list[Finding] = []
    stopped: set[int] = set()
    for fault in faults:
        assert isinstance(fault, AxisFault)
        launch = fault.launch
        if not program.traced(launch.kernel) or id(launch) in stopped:  # type: ignore[attr-defined]
            continue
        stopped.add(id(launch))  # the trace stops at the first one
        found.append(_finding(program, fault))
    return found


def _finding(program: Program, fault: AxisFault) -> Finding:
    call = "pl.program_id" if fault.name == PROGRAM_ID else "pl.num_programs"
    said = f"ValueError: Axis {fault.axis} is out of bounds for grid {fault.frame!r}"
    related = (Related(program.span(fault.launch.kernel.node), "the kernel is created here"),)  # type: ignore[attr-defined]
    frame = fault.frame
    if frame:
        message = (f"{call}({fault.axis}) names an axis this kernel does not have: its grid is "
                   f"{short_repr(frame)} ({len(frame)} ax{'is' if len(frame) == 1 else 'es'}), and "
                   f"JAX raises \"{said}\" while the kernel is traced. Ask for an axis from 0 to "
                   f"{len(frame) - 1}, or add the axis to the grid.")
    else:
        message = (f"{call}({fault.axis}) names an axis this kernel does not have: it has no grid "
                   f"(the grid is ()), and JAX raises \"{said}\" while the kernel is traced. Give "
                   f"the kernel a grid (grid=..., with grid_names=... for plgpu.kernel), or drop "
                   f"the call.")
    return Finding(RULE.code, program.span(fault.node), message, related=related)  # type: ignore[arg-type]
