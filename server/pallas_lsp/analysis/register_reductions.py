"""Reductions of register arrays over some of their axes, and whether JAX refuses them.

Mosaic GPU's Lane rule for ``lax.reduce_{sum,max,min}_p`` (``_reduce_lowering_rule``,
jax/_src/pallas/mosaic_gpu/lowering.py) reduces a WG-strided array over all its axes only:
``jnp.sum(x_ref[...], axis=1)`` of a ref loaded whole with no transforms raises
"NotImplementedError: No support for axes yet" on the reduction's line. Under Warpgroup
semantics layout inference finds no layout for the loaded array that the reduction accepts
("ValueError: Failed to infer a possible set of layouts"), blamed on the jitted call.
Measured on JAX 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 for float32 and int32 arrays of (128, 128),
(8, 128) and (2, 128, 128) loaded from GMEM and SMEM refs; sum, max and min; axis as a keyword,
positionally, negative, a tuple, with keepdims=True; a reduction over every axis lowers.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layouts import RegisterLayout, strided_vec_size
from .mosaic_primitives import lowering_rules
from .ops import REDUCE_OP
from .program import Program
from .trace import Op
from .values import ArrayVal, Const

# Keywords that leave the reduction a plain reduce_{sum,max,min}_p of the loaded array
# (measured: keepdims=True adds a reshape after it, and the reduction fails the same way).
_PLAIN_KEYWORDS = frozenset({"keepdims"})
# The primitive each reduction lowers to: 0.8.3 has no Mosaic GPU rule for reduce_min at all
# ("Unimplemented primitive", PAL019's), which JAX raises instead.
_PRIMITIVES = {"sum": "reduce_sum", "max": "reduce_max", "amax": "reduce_max",
               "min": "reduce_min", "amin": "reduce_min"}


@dataclass(frozen=True)
class PartialReduction:
    op: Op
    function: str  # jnp.sum, jax.Array.max, ...
    shape: tuple[int, ...]
    dtype: str
    axes: tuple[int, ...]  # the reduced axes, normalised, sorted


def reduced_axes(axis: object, ndim: int) -> tuple[int, ...] | None:
    """The axes ``axis`` names for an array of ``ndim`` dimensions (None: every axis, or not
    known)."""
    if not isinstance(axis, Const) or axis.value is None:
        return None
    values = axis.value if isinstance(axis.value, tuple) else (axis.value,)
    if not values or not all(type(value) is int and -ndim <= value < ndim for value in values):
        return None
    axes = tuple(sorted({value % ndim for value in values}))
    return axes if len(axes) == len(values) else None


def partial_reduction(op: Op) -> PartialReduction | None:
    """The reduction, where it surely reduces a WG-strided array over some but not all of its
    axes; None otherwise (a reduction over all axes, or anything not known)."""
    x, function = op.args.get("x"), op.args.get("function")
    extra, positional = op.args.get("extra"), op.args.get("positional")
    if not isinstance(x, ArrayVal) or x.layout is not RegisterLayout.STRIDED \
            or not isinstance(function, Const) or not isinstance(extra, Const) \
            or not set(extra.value) <= _PLAIN_KEYWORDS or positional not in (Const(1), Const(2)):
        return None  # a dtype, out, where or initial given: not measured
    shape = x.shape.value if isinstance(x.shape, Const) else None
    dtype = getattr(x.dtype, "name", None)
    if not isinstance(shape, tuple) or not shape or not isinstance(dtype, str) \
            or strided_vec_size(shape, x.dtype) is None:
        return None  # no strided layout for it: the load fails first (PAL027)
    axes = reduced_axes(op.args.get("axis"), len(shape))
    if axes is None or len(axes) == len(shape):
        return None
    return PartialReduction(op, function.value, shape, dtype, axes)


def has_rule(program: Program, function: str, semantics: str) -> bool:
    """Mosaic GPU of the program's release registers a rule for the reduction's primitive
    under ``semantics`` (a release not in the table: every measured release does)."""
    primitive = _PRIMITIVES.get(function.rsplit(".", 1)[-1])
    rules = lowering_rules()
    release = ".".join(str(part) for part in program.version)
    releases = [release] if release in rules else list(rules)
    return primitive is not None and all(
        primitive in rules[name].get(semantics, frozenset()) for name in releases)


def partial_reductions(program: Program) -> list[PartialReduction]:
    found = []
    for ops in program.ops_named(REDUCE_OP).values():
        for op in ops:
            reduction = partial_reduction(op)
            if reduction is not None and has_rule(
                    program, reduction.function, program.semantics(op.launch.kernel).name):
                found.append(reduction)
    return found
