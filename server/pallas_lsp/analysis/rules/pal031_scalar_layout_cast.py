"""PAL031 scalar_layout_cast: plgpu.layout_cast of a scalar (a value of shape ()) to a layout
other than WG_SPLAT: a scalar has no tiles to lay out."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options
from ..ops import LAYOUT_CAST
from ..program import Program
from ..trace import Op
from ..values import ArrayVal, Const, LayoutVal
from .base import LoweringError, Rule
from .common import dedupe, kernel_related

RULE = Rule(
    code="PAL031",
    name="scalar_layout_cast",
    title="plgpu.layout_cast of a scalar takes only plgpu.Layout.WG_SPLAT",
    jax_message=(
        "ValueError: Only plgpu.Layout.WG_SPLAT is supported for scalar values.\n"
        "ValueError: Tiling ((64, 8), (16, 8), (8, 8), (2,)) does not apply to shape ()"
    ),
    lowering_errors=(
        # Warpgroup's layout_cast rule; relayout's rule says the same words, not measured here.
        LoweringError(r"Only plgpu\.Layout\.WG_SPLAT is supported for scalar values",
                      "ValueError", sites=r":_layout_cast_lowering_wg$"),
        # Lane's: the WGMMA tiling applied to no dimensions at all (anchored to shape (), a
        # tiling that does not fit an array's shape says the same with the shape).
        LoweringError(r"^Tiling .* does not apply to shape \(\)$", "ValueError",
                      sites=r":Tiling\.tile_shape\.fail$"),
        # Lane's rule (0.8.3, 0.10.2) given a scalar that is an MLIR value, not a register
        # array (lax.axis_index): its lowering calls the array method the value lacks.
        LoweringError(r"^'(jaxlib\.mlir\._mlir_libs\._mlir\.ir\.)?OpResult' object has no "
                      r"attribute 'to_layout'$", "AttributeError"),
    ),
    what_it_means=(
        "A scalar (a value of shape (), such as `jnp.sum(x)` of a whole array, or `x_ref[0, 0]`) "
        "is held the same by every thread of the warpgroup: its only register layout is "
        "`plgpu.Layout.WG_SPLAT`. A tiled layout such as `plgpu.Layout.WGMMA` splits the last "
        "two dimensions of an array in tiles, and a scalar has none. Under Warpgroup semantics "
        "JAX says so (\"Only plgpu.Layout.WG_SPLAT is supported for scalar values.\"); under "
        "Lane semantics it tries the tiling and fails with \"Tiling (...) does not apply to "
        "shape ()\"; given `lax.axis_index(...)`, an index that is no register array, Lane's "
        "lowering of 0.8.3 and 0.10.2 fails with \"AttributeError: 'OpResult' object has no "
        "attribute 'to_layout'\"."
    ),
    when_it_happens=(
        "When the kernel is lowered, on the `plgpu.layout_cast` line: Warpgroup semantics from "
        "0.10.2 to 0.12.0.1, Lane semantics from 0.8.3 to 0.12.0.1. The analysis judges casts "
        "to `plgpu.Layout.WGMMA` or `plgpu.Layout.TCGEN05` of values whose shape it knows to "
        "be (), such as one element `x_ref[0, 0]` of a ref or a thread's `lax.axis_index`; a "
        "reduction's result (`jnp.sum(x)`) is not followed, and a "
        "Python or NumPy constant cast that way fails otherwise under Lane (not judged)."
    ),
    how_to_fix=(
        "Drop the cast (a scalar broadcasts into any array it meets), or cast to "
        "`plgpu.Layout.WG_SPLAT`; to lay out an array, cast the array, not its reduction."
    ),
    bad_example='''
total = plgpu.layout_cast(x_ref[0, 0], plgpu.Layout.WGMMA)
''',
    good_example='''
total = plgpu.layout_cast(x_ref[0, 0], plgpu.Layout.WG_SPLAT)
''',
    fixable=False,
)

_TILED = frozenset({"WGMMA", "TCGEN05"})  # measured: plgpu.Layout.WGMMA and TCGEN05
_WARPGROUP_FROM = (0, 10)  # 0.8.3's Warpgroup layout_cast fails in the MLIR verifier


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named(LAYOUT_CAST).items():
        failing = [op for op in ops if _scalar_cast(program, op)]
        if not failing:
            continue
        layout = failing[0].args.get("new_layout")
        name = layout.name if isinstance(layout, LayoutVal) else "?"
        related = [r for op in failing for r in kernel_related(program, op.launch)]
        yield Finding(RULE.code, program.span(node),
                      f"plgpu.layout_cast of a scalar (shape ()) to plgpu.Layout.{name}: a "
                      f"scalar's only register layout is WG_SPLAT, every thread holding it "
                      f"(JAX fails with \"Only plgpu.Layout.WG_SPLAT is supported for scalar "
                      f"values.\" under Warpgroup semantics, \"Tiling ... does not apply to shape "
                      f"()\" under Lane). To fix: drop the cast or cast to "
                      f"plgpu.Layout.WG_SPLAT.", related=dedupe(related))


def _scalar_cast(program: Program, op: Op) -> bool:
    layout, value = op.args.get("new_layout"), op.args.get("x")
    if not isinstance(layout, LayoutVal) or layout.name not in _TILED:
        return False
    if not isinstance(value, ArrayVal) or value.shape != Const(()):
        return False
    semantics = program.semantics(op.launch.kernel).name
    if semantics == "Warpgroup":
        return tuple(program.version[:2]) >= _WARPGROUP_FROM
    return semantics == "Lane"
