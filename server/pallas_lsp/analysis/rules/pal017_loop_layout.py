"""PAL017 loop_layout: a loop carry that starts as a splat and comes back loaded, under Lane."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..codegen import CallCode
from ..layouts import RegisterLayout, changed_layouts, strided_vec_size
from ..loop_types import carry_changes
from ..model import Finding, Fix, Options, Related, TextEdit
from ..program import Program, short_repr
from ..trace import Op
from ..values import ArrayVal, Const, DtypeVal
from .base import LoweringError, Rule
from .common import dedupe, launch_related, placed, warpgroup_fix

LOOPS = ("lax.fori_loop", "lax.while_loop")

RULE = Rule(
    code="PAL017",
    name="loop_layout",
    title="a loop carry changes register layout under Lane semantics",
    jax_message=(
        "ValueError: The loop body output has unexpected layout: output[1] has layout "
        "WGStridedFragLayout(shape=(128, 128), vec_size=2), when it should be "
        "WGSplatFragLayout(shape=(128, 128)).\n"
        "(lax.fori_loop: ValueError: (PyTreeDef([CustomNode(FragmentedArray[(WGStridedFragLayout("
        "shape=(128, 128), vec_size=2), (64,), None)], [*, *, ...])]), PyTreeDef([CustomNode("
        "FragmentedArray[(WGSplatFragLayout(shape=(128, 128)), (), None)], [*])])))"
    ),
    lowering_errors=(
        LoweringError(r"The loop body output has unexpected layout"),
        # mgpu.fori's `raise ValueError(new_carry_treedef, carry_treedef)`: the two pytrees.
        LoweringError(r"^\(PyTreeDef\(.*FragmentedArray\[\(WG\w*FragLayout", exc_type="ValueError"),
    ),
    what_it_means=(
        "Under Lane lowering semantics every register value has a layout fixed when it is made, "
        "and a loop's carry keeps the layout of its initial value. A constant such as "
        "`jnp.zeros(shape)` or `jnp.full(shape, 1.0)` is a *splat* (one register for the whole "
        "array); adding a value loaded from a ref gives the loaded value's layout (WG-strided, "
        "or tiled for a tiled shared-memory ref). A carry that starts as a splat and comes back "
        "from the body loaded changes layout, and Mosaic GPU refuses the loop."
    ),
    when_it_happens=(
        "Lane semantics (the default of JAX 0.10 and older, or `lowering_semantics="
        "plgpu.LoweringSemantics.Lane`), in `lax.fori_loop` and `lax.while_loop` whose initial "
        "carry is a splat (`jnp.zeros`, `jnp.ones`, `jnp.full` of a scalar, `jnp.zeros_like`) "
        "and whose body returns it combined with a load (`acc + x_ref[...]`). `lax.while_loop` "
        "says \"The loop body output has unexpected layout\"; `lax.fori_loop` raises a "
        "ValueError that prints only the two pytrees of FragmentedArray. Warpgroup semantics "
        "(the default from JAX 0.11) infers one layout for the carry and lowers both. Measured "
        "on JAX 0.8.3, 0.10.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Give the initial value the layout the body returns: "
        "`plgpu.layout_cast(jnp.zeros(shape, dtype), plgpu.Layout.WG_STRIDED(shape, vec_size=v))`, "
        "where a load of an untransformed ref has `v = min(64 // bits, size // 128)`, halved "
        "until `v × 128` divides the size (f32 (128, 128): 2; bf16: 4); or start the carry "
        "from a load; or lower with Warpgroup semantics."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    def body(i, acc):
        return acc + x_ref[...]
    o_ref[...] = lax.fori_loop(0, 4, body, jnp.zeros((128, 128), jnp.float32))
''',
    good_example='''
def kernel(x_ref, o_ref):
    def body(i, acc):
        return acc + x_ref[...]
    init = plgpu.layout_cast(jnp.zeros((128, 128), jnp.float32),
                             plgpu.Layout.WG_STRIDED((128, 128), vec_size=2))
    o_ref[...] = lax.fori_loop(0, 4, body, init)
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named(*LOOPS).items():
        # (A carry whose type changes fails while the loop is traced, before any layout is
        # compared: PAL077's.)
        failing = [op for op in ops if program.semantics(op.launch.kernel).name == "Lane"
                   and changed_layouts(op.args.get("init_val"), op.args.get("body_out"))
                   and not carry_changes(op.args.get("init_given", op.args.get("init_val")),
                                         op.args.get("body_out"))]
        if not failing:
            continue
        op = failing[0]
        changed = changed_layouts(op.args.get("init_val"), op.args.get("body_out"))
        path, init, out = changed[0]
        loop = op.name.rsplit(".", 1)[-1]
        item = "its carry" if not path else f"item {'/'.join(map(str, path))} of its carry"
        reason = program.semantics(op.launch.kernel).reason
        said = ('"The loop body output has unexpected layout"' if loop == "while_loop"
                else "a ValueError that prints the carry's two pytrees of FragmentedArray")
        message = (f"Under Lane lowering semantics ({reason}) {item} changes register layout: it "
                   f"starts as {RegisterLayout.SPLAT.describe()} (a constant broadcast to "
                   f"{_shape_text(init)}) and the body returns {out.layout.describe()}, and "  # type: ignore[union-attr]
                   f"a carry must keep one layout: lowering fails with {said}. Cast the initial "
                   f"value to the body's layout with plgpu.layout_cast, start from a load, or "
                   f"use Warpgroup semantics.")
        related: list[Related] = []
        init_node = _item_node(op, path)
        if init_node is not None:
            related.append(Related(program.span(init_node), "the carry starts as a splat here"))
        related += [r for o in failing for r in launch_related(program, o.launch, failing=False)]
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related),
                      fixes=_fixes(program, op, init_node, init, out))


def _shape_text(value: ArrayVal) -> str:
    return short_repr(value.shape.value) if isinstance(value.shape, Const) else "its shape"


def _item_node(op: Op, path: tuple[int, ...]) -> ast.expr | None:
    """The syntax of the carry item that starts as a splat: the init argument itself, or an
    item of a tuple written there."""
    node = op.arg_nodes.get("init_val")
    for index in path:
        if not isinstance(node, ast.Tuple) or index >= len(node.elts) or any(
                isinstance(e, ast.Starred) for e in node.elts):
            return None
        node = node.elts[index]
    return node


def _fixes(program: Program, op: Op, init_node: ast.expr | None, init: ArrayVal,
           out: ArrayVal) -> tuple[Fix, ...]:
    plgpu = program.alias_for("plgpu")
    if plgpu is None:
        return ()
    fixes: list[Fix] = []
    cast = _strided_cast(program, op, init_node, init, out, plgpu)
    if cast is not None:
        fixes.append(cast)
    semantics = warpgroup_fix(program, op.launch.kernel, plgpu)
    if semantics is not None:
        fixes.append(semantics)
    return tuple(fixes)


def _strided_cast(program: Program, op: Op, init_node: ast.expr | None, init: ArrayVal,
                  out: ArrayVal, plgpu: str) -> Fix | None:
    """Cast the initial value to the layout the body returns, where that is determined: a
    plgpu.kernel's refs are untransformed GMEM refs, and a load of one is WG-strided with
    the default vec_size of its shape and dtype (WGStridedFragLayout.from_shaped_type)."""
    if init_node is None or op.launch.kernel.api != "kernel":
        return None
    if not (isinstance(out.shape, Const) and out.shape == init.shape and isinstance(out.dtype, DtypeVal)
            and out.dtype == init.dtype):
        return None
    shape = out.shape.value
    if not (isinstance(shape, tuple) and all(type(d) is int and d > 0 for d in shape)):
        return None
    vec = strided_vec_size(shape, out.dtype)
    if vec is None:
        return None
    layout = CallCode(f"{plgpu}.Layout.WG_STRIDED", (repr(shape), f"vec_size={vec}"))
    code = CallCode(f"{plgpu}.layout_cast", (program.text(init_node), layout))
    return Fix(f"Cast the initial carry to WG_STRIDED{shape!r}, vec_size={vec}",
               (TextEdit(program.span(init_node), placed(program, init_node, code)),),
               safe=True, preferred=True)
