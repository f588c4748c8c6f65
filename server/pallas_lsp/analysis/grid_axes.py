"""``pl.program_id(axis)`` / ``pl.num_programs(axis)``: their values and the axes JAX refuses.

JAX (``jax/_src/pallas/primitives.py``, 0.8.3 - 0.12.0.1) answers them in one of two ways:
- inside ``with pallas_core.grid_env(env):`` (how JAX's Mosaic GPU ``pallas_call`` and its
  tests' harness run a body), with ``env[axis].index`` / ``env[axis].size``: Python's own
  indexing of the program's list (an axis past it raises "IndexError: list index out of
  range" while the kernel is traced: the program's call raises it, PAL079's);
- else from the launch's grid context (``pallas_core.axis_frame()``): a ``pl.pallas_call``'s
  grid, a ``plgpu.kernel``'s mesh shape (its grid, then its cluster, then its thread count:
  ``GPUMesh.shape``). An axis outside it: "ValueError: Axis 2 is out of bounds for grid (2,
  3)" while traced. ``program_id`` binds a primitive whose Mosaic GPU lowering reads the
  grid's program ids alone (``module_ctx.program_ids[axis]``), so a cluster or thread axis
  fails there: "IndexError: list index out of range" while lowered (PAL079's, recorded).
  ``num_programs`` of a static size is that Python int (no primitive).
Measured on 0.10.2 and 0.12.0.1 (pallas_call and plgpu.kernel, grid, cluster and threads).
The value either way: a strongly typed int32 scalar (a store of it into a float ref raises
"Invalid dtype for `swap`"), a num_programs the size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .arrays import kernel_axis_sizes
from .python.exception_values import ExcVal
from .values import MISSING, UNKNOWN, ArrayVal, Const, DtypeVal, KernelInfo, ListVal, plain, unpack

if TYPE_CHECKING:
    from .jax_calls import Call

PROGRAM_ID = "pl.program_id"
NUM_PROGRAMS = "pl.num_programs"


@dataclass(frozen=True)
class GridAxisVal:
    """``pallas_core.GridAxis(index, size)``: one entry of a grid env."""

    index: object
    size: object


@dataclass(frozen=True)
class GridEnvContext:
    """``pallas_core.grid_env(env)``: a context manager that makes ``env`` the grid env of
    the code run in its ``with`` (Interpreter.grid_envs)."""

    env: object
    is_list: bool = True  # (a call's list argument reaches a handler as a tuple: Call.lists)


@dataclass(frozen=True)
class AxisFault:
    """An axis past the launch's axis frame (PAL086)."""

    node: object  # the call's ast.Call
    launch: object
    name: str  # PROGRAM_ID or NUM_PROGRAMS
    axis: int
    frame: tuple[int, ...]  # the grid JAX names


def grid_axis(call: Call) -> object:
    return GridAxisVal(call.arg(0, "index"), call.arg(1, "size"))


def grid_env(call: Call) -> object:
    return GridEnvContext(call.arg(0, "env"), call.is_list(0, "env"))


def attribute(base: GridAxisVal, attr: str) -> object:
    if attr == "index":
        return base.index
    if attr == "size":
        return base.size
    return UNKNOWN


def _int32() -> ArrayVal:
    return ArrayVal(Const(()), DtypeVal("int32"), strong=True)


def program_axis(call: Call) -> object:
    """The handler of both calls, in a kernel body (unknown elsewhere)."""
    ctx = call.ctx
    launch = ctx.launch
    if launch is None:
        return UNKNOWN
    axis = plain(call.arg(0, "axis"))
    is_id = call.name.endswith("program_id")
    tracer = call.tracer
    if ctx.names_open:
        # Code the analysis runs ahead of JAX (an index_map when its spec is made), under a
        # construct that may run it later in another grid env: its value only.
        return _int32()
    if tracer.grid_envs:
        current = tracer.grid_envs[-1]
        return _from_env(call, current.env, current.is_list, axis, is_id)  # type: ignore[attr-defined]
    if not (isinstance(axis, Const) and type(axis.value) is int):
        return _int32()
    frame, lowered = frame_of(launch.kernel)  # type: ignore[attr-defined]
    if frame is None:
        return _int32()
    index = axis.value
    if not -len(frame) <= index < len(frame):
        tracer.grid_axis_faults.append(AxisFault(
            call.node, launch, PROGRAM_ID if is_id else NUM_PROGRAMS, index, frame))
        tracer.trace_stopped_launches.add(id(launch))
        return UNKNOWN
    if not is_id:
        return Const(frame[index])  # a static size: the Python int itself
    if lowered is not None and not -lowered <= index < lowered:
        # Raised while the kernel is lowered, Python's own IndexError on JAX's list of program
        # ids (PAL079's, as any IndexError the program's values cause): recorded, the trace goes on.
        tracer.record_escape(call.node, IndexError, Const("list index out of range"))
    return _int32()


def _from_env(call: Call, env: object, listed: bool, axis: object, is_id: bool) -> object:
    """``env[axis].index`` / ``.size``, as Python indexes the program's sequence."""
    items = env.items if type(env) is ListVal and env.complete else unpack(env) \
        if isinstance(env, (tuple, Const)) else None
    if items is None or not (isinstance(axis, Const) and type(axis.value) is int):
        return _int32() if is_id else UNKNOWN
    index = axis.value
    if not -len(items) <= index < len(items):
        # JAX indexes the program's own list: Python's IndexError, raised in the program's call
        # (PAL079's), which stops the trace.
        kind = "list" if type(env) is ListVal or listed else "tuple"
        call.tracer.operator_raised(call.node, ExcVal(IndexError, (Const(f"{kind} index out of range"),)))
        return UNKNOWN
    entry = items[index]
    if isinstance(entry, GridAxisVal):
        return entry.index if is_id else entry.size
    return _int32() if is_id else UNKNOWN


def frame_of(kernel: KernelInfo) -> tuple[tuple[int, ...] | None, int | None]:
    """(the grid JAX's axis frame holds, the number of program ids its lowering has) of a
    launch, where every entry is a known int; (None, None) otherwise. A pl.pallas_call: its
    grid (an int is one entry; none is ``()``), every axis a program id. plgpu.kernel /
    core_map: ``GPUMesh.shape``'s values, the grid's axes the program ids."""
    if kernel.api == "pallas_call":
        grid = plain(kernel.grid)
        if grid is MISSING or (isinstance(grid, Const) and grid.value is None):
            return (), 0
        if isinstance(grid, Const) and type(grid.value) is int:
            return (grid.value,), 1
        dims = _ints(grid)
        return (dims, len(dims)) if dims is not None else (None, None)
    # GPUMesh.shape: an ordered dict of the grid's, the cluster's and the thread axis' names
    # to sizes (the one lax.axis_size reads).
    sizes = kernel_axis_sizes(kernel.mesh_args)
    grid = _ints(kernel.mesh_args.get("grid", Const(()))) if sizes is not None else None  # type: ignore[union-attr]
    if sizes is None or grid is None:
        return None, None
    return tuple(sizes.values()), len(grid)


def _ints(value: object) -> tuple[int, ...] | None:
    items = unpack(plain(value))
    if items is None or not all(isinstance(item, Const) and type(item.value) is int for item in items):
        return None
    return tuple(item.value for item in items)  # type: ignore[attr-defined]


HANDLERS = {
    PROGRAM_ID: program_axis,
    NUM_PROGRAMS: program_axis,
    "jax._src.pallas.primitives.program_id": program_axis,
    "jax._src.pallas.primitives.num_programs": program_axis,
    "jax._src.pallas.core.GridAxis": grid_axis,
    "jax._src.pallas.core.grid_env": grid_env,
}
