"""The JAX calls inside a kernel body that the rules inspect: one table.

Each entry names the call as the analysis canonicalises it, its parameters
(keyword and position, per the public signatures in jax/_src/pallas/mosaic_gpu
and jax/_src/lax), what kind of operation it is, whether it compares a string
``collective_axes`` letter by letter, and the line hover shows for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class OpKind(str, Enum):
    COLLECTIVE = "collective"  # multimem / multicast: needs the whole device mesh
    AXIS = "axis"  # reads an axis name: needs it bound
    LAYOUT = "layout"  # plgpu.layout_cast
    IOTA = "iota"  # creates a value whose layout Lane cannot infer


@dataclass(frozen=True)
class Param:
    keyword: str
    position: int | None  # None: keyword-only


@dataclass(frozen=True)
class OpSpec:
    name: str
    kind: OpKind
    params: tuple[Param, ...]
    # multimem_store / multimem_load_reduce call set(collective_axes) on the raw value,
    # so "xy" means the axes {"x", "y"} (jax-facts.md, measured on 0.10.2 and 0.12.0.1);
    # the others wrap a non-tuple in a tuple first.
    splits_string_axes: bool = False
    hover: str | None = None  # None: no hover card for this call

    @property
    def short(self) -> str:
        return self.name.rsplit(".", 1)[-1]


def _params(*pairs: tuple[str, int | None]) -> tuple[Param, ...]:
    return tuple(Param(keyword, position) for keyword, position in pairs)


OPS: dict[str, OpSpec] = {spec.name: spec for spec in (
    OpSpec("plgpu.multimem_store", OpKind.COLLECTIVE,
           _params(("source", 0), ("ref", 1), ("collective_axes", 2)), splits_string_axes=True,
           hover="stores to every device of collective_axes at once (NVLink multimem)"),
    OpSpec("plgpu.multimem_load_reduce", OpKind.COLLECTIVE,
           _params(("ref", 0), ("collective_axes", None), ("reduction_op", None)),
           splits_string_axes=True,
           hover="loads from every device of collective_axes and reduces (NVLink multimem)"),
    OpSpec("plgpu.semaphore_signal_multicast", OpKind.COLLECTIVE,
           _params(("semaphore", 0), ("value", 1), ("collective_axes", None)),
           hover="signals the semaphore on every device of collective_axes"),
    # Recorded from the destination's plgpu.multicast_ref(ref, collective_axes), not its own
    # parameters: its collective_axes come from that call.
    OpSpec("plgpu.copy_smem_to_gmem", OpKind.COLLECTIVE, ()),
    OpSpec("plgpu.layout_cast", OpKind.LAYOUT, _params(("x", 0), ("new_layout", 1))),
    OpSpec("lax.axis_index", OpKind.AXIS, _params(("axis_name", 0),),
           hover="the index of this device (or block) along axis_name"),
    OpSpec("lax.axis_size", OpKind.AXIS, _params(("axis_name", 0),),
           hover="the number of devices (or blocks) along axis_name"),
    # nd_loop starts with lax.axis_index(collective_axes): an unbound name is a NameError
    # ("Found an unbound axis name") blamed on the nd_loop line (measured, 0.8.3 - 0.12.0.1).
    OpSpec("plgpu.nd_loop", OpKind.AXIS, _params(("grid", 0), ("collective_axes", None))),
    OpSpec("lax.broadcasted_iota", OpKind.IOTA,
           _params(("dtype", 0), ("shape", 1), ("dimension", 2))),
    OpSpec("lax.iota", OpKind.IOTA, _params(("dtype", 0), ("size", 1))),
)}

LAYOUT_CAST = "plgpu.layout_cast"
# Calls whose own arguments are recorded as an op when met inside a kernel body.
RECORDED_BY_PARAMS = frozenset(name for name, spec in OPS.items() if spec.params)
# The ops that move data through NVLink multicast memory (not the multicast copy or signal).
MULTIMEM_OPS = ("plgpu.multimem_store", "plgpu.multimem_load_reduce")
COLLECTIVE_OPS = tuple(name for name, spec in OPS.items() if spec.kind is OpKind.COLLECTIVE)
# Calls that reach another device's memory or semaphore by its id, with where that id is given
# (keyword, position). Mosaic GPU then lowers the kernel as a multi-device one (collective
# metadata), which only a mesh of row-major device ids allows (PAL021; measured on 0.10.2 and
# 0.12.0.1: `plgpu.remote_ref(ref, 1)` and `pl.semaphore_signal(sem, 1, device_id=1)` under
# a reversed mesh fail, the same kernels under `jax.devices()[:2]` lower).
REMOTE_CALLS: dict[str, tuple[str, int | None]] = {
    "plgpu.remote_ref": ("device_id", 1),
    "pl.semaphore_signal": ("device_id", None),
    "plgpu.semaphore_signal": ("device_id", None),
}
# The op recorded for such a call: args["function"] (the call's name), args["device_id"].
REMOTE_OP = "remote device access"
# Reductions of a register array (jnp's functions and jax.Array's methods): each lowers to a
# lax.reduce_{sum,max,min}_p over its axes, whose Lane rule reduces a WG-strided array over
# all of them only (PAL051). The op recorded for one: args["function"], its operand
# args["x"], args["axis"] (MISSING when not given), args["extra"]: the other keywords given.
REDUCTION_CALLS = frozenset({
    *(f"jnp.{name}" for name in ("sum", "max", "min", "amax", "amin")),
    *(f"jax.Array.{name}" for name in ("sum", "max", "min")),
})
REDUCE_OP = "register reduction"
# lax.bitcast_convert_type(x, new_dtype) in a kernel body: Mosaic GPU's rule bitcasts between
# dtypes of one width only (PAL048).
BITCAST_CALL = "lax.bitcast_convert_type"
BITCAST_OP = "register bitcast"
# `x + y`, `x - y`, `x * y`, `-x` in a kernel body with an array operand (PAL049).
ARITH_OP = "register arithmetic"
# jnp.exp(x), lax.log(x), jnp.sin(x): functions of a register array that compiler_params'
# approx_math=True lowers to float32-only approximate instructions (PAL058). The op recorded
# for one: args["function"] (the call's name), its operand args["x"]. jnp has no rsqrt and
# lax no log2.
APPROX_CALLS = frozenset(
    {f"{module}.{function}" for module in ("jnp", "lax")
     for function in ("exp", "log", "exp2", "sin", "cos", "tanh", "sqrt")}
    | {"lax.rsqrt", "jnp.log2"})
APPROX_OP = "register approximate math"
# x[:128], x[1], x[..., :64] of a register array in a kernel body (PAL061): Mosaic GPU slices
# tiled layouts only. The op recorded for one: its array args["x"], args["index"] (read as a
# ref's index: slices as DSliceVal).
REGISTER_SLICE_OP = "register slice"
# x.astype(dtype) of a register array in a kernel body (PAL059): Mosaic GPU converts between
# some dtype pairs only. The op recorded for one: its array args["x"], args["new_dtype"].
ASTYPE_CALL = "jax.Array.astype"
# Functions whose MLIR op (math.erf, math.atan2) Warpgroup layout inference has no rule for
# (PAL060). The op recorded for one: args["function"], its operand args["x"].
NO_LAYOUT_RULE_CALLS = frozenset({"lax.erf", "jax.scipy.special.erf", "lax.atan2", "jnp.arctan2"})
NO_LAYOUT_RULE_OP = "register op without a layout rule"
ASTYPE_OP = "register astype"
# pl.debug_print(fmt, *values) in a kernel body: Mosaic GPU's rule checks the format string
# (PAL068). The op recorded for one: args["fmt"], args["values"] (how many, as a Const).
DEBUG_PRINT_CALL = "pl.debug_print"
DEBUG_PRINT_OP = "pl.debug_print format"
# Collectives that wrap a string collective_axes in a tuple (a string is one axis name).
WRAPS_STRINGS = tuple(name for name in COLLECTIVE_OPS if not OPS[name].splits_string_axes)
HOVERED_OPS = tuple(name for name, spec in OPS.items() if spec.hover is not None)


def string_is_one_name(op_name: str) -> bool:
    """Whether the op reads a string collective_axes as one axis name (not its letters)."""
    spec = OPS.get(op_name)
    return spec is None or not spec.splits_string_axes
