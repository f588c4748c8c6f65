"""PAL077 control_flow_types: lax control flow in a kernel whose operands JAX's own type checks
refuse when the kernel is traced: a ``lax.cond`` predicate that is not a scalar, branches of a
``lax.cond`` / ``lax.switch`` whose outputs differ, a
``lax.fori_loop`` / ``lax.while_loop`` body whose carry comes back in another pytree structure
or another type, a ``lax.while_loop`` condition that does not return one boolean.

These are jax._src.lax.control_flow's checks (conditionals.py, loops.py), the same in 0.8.3 -
0.12.0.1; JAX raises them where the loop or cond is called, before Mosaic GPU sees the kernel.
A fori_loop with Python-int bounds is a scan ("scan body function ..."), otherwise a while loop
("while_loop body function ...")."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..dtypes import INTEGERS
from ..loop_types import dtype_of, leaves_of, shape_of, switch_branches_fault, tree_of
from ..model import Finding, Options
from ..pipelines import CARRY, FLOAT_GRID
from ..program import Program, short_repr
from ..trace import Op
from ..values import ArrayVal, Const
from .base import LoweringError, Rule
from .common import ref_ops_named

RULE = Rule(
    code="PAL077",
    name="control_flow_types",
    title="lax.cond / fori_loop / while_loop operands that JAX's control-flow type checks refuse",
    jax_message=(
        "TypeError: Pred must be a scalar, got JitTracer(bool[1]) of shape (1,).\n"
        "TypeError: scan body function carry input and carry output must have the same pytree "
        "structure, but they differ: ...\n"
        "TypeError: scan body function carry input and carry output must have equal types, "
        "but they differ: The input carry c has type int32[] but the corresponding output "
        "carry component has type float32[], so the dtypes do not match."
    ),
    lowering_errors=(
        LoweringError(r"lower and upper arguments to fori_loop must have equal types", exc_type="TypeError"),
        LoweringError(r"^Pred must be a scalar, got ", "TypeError"),
        LoweringError(r"^(scan|while_loop) body function carry input and carry output must have "
                      r"(the same pytree structure|equal types)", "TypeError"),
        LoweringError(r"^cond_fun must return a boolean scalar, but got ", "TypeError"),
        LoweringError(r"^Index type must be an integer, got ", "TypeError"),
        LoweringError(r"^Branch index must be scalar, got ", "TypeError"),
        # lax.switch iterates its branches first: one function given alone. The text is
        # Python's for any function iterated; a kernel's lowering meets it from switch's check.
        LoweringError(r"\A'function' object is not iterable\Z", "TypeError"),
        LoweringError(r"^lax\.switch: branches argument should be a sequence of callables", "TypeError"),
        LoweringError(r"^(cond|switch) branch(es must have equal output types| outputs must have "
                      r"the same pytree structure)", "TypeError"),
    ),
    what_it_means=(
        "`lax.cond(pred, true_fun, false_fun, ...)` picks a branch by one boolean (or number): "
        "`pred` is a scalar, not an array such as a (1,)-shaped load `flag_ref[...]` (index it: "
        "`flag_ref[0]`). `lax.fori_loop(lower, upper, body, init)` and `lax.while_loop` pass "
        "the carry around the loop, so the body must return it in the same pytree structure "
        "(a tuple for a tuple: `()` is not `None`) and with the same shape and dtype per "
        "component; a `while_loop` condition returns one boolean."
    ),
    when_it_happens=(
        "An `emit_pipeline(..., init_carry=...)` runs its body in a fori_loop over the static "
        "step count (a scan): a body that returns its carry in another structure (a forgotten "
        "`return`: None) is refused the same way, on the pipeline's line. "
        "When the kernel is traced, on the `lax.cond` / `lax.fori_loop` / `lax.while_loop` line, "
        "every release 0.8.3 - 0.12.0.1, Lane and Warpgroup; a `lax.switch` index of a "
        "floating dtype (\"Index type must be an integer, got ... as float32\") on the switch "
        "line, or an array (\"Branch index must be scalar\"); a `lax.switch` given one "
        "function as its branches (\"'function' object is not iterable\", switch iterates them "
        "first) or constants (\"branches argument should be a sequence of callables\"); "
        "`lax.fori_loop` bounds of two "
        "dtypes JAX does not promote (a float bound from "
        "`/` beside an int: \"lower and upper arguments to fori_loop must have equal types, got "
        "float32 and int32\"), before the body is traced; `lax.cond` / `lax.switch` branches "
        "whose outputs differ in structure, dtype or shape (a branch multiplying by `4j` "
        "returns complex64 beside float32: \"switch branches must have equal output types "
        "but they differ\"), on the call. Judged where the analysis knows "
        "both sides: the predicate's shape, the initial carry's structure and the body's return "
        "(types: a component whose initial value is strongly typed: a weakly typed one, a "
        "Python number, is promoted first). An `emit_pipeline` whose grid has a traced float "
        "entry (a size loaded from a float ref, a Python float passed to the kernel): its "
        "prologue's `fori_loop(0, steps)` gets an int32 and a float32 bound, from 0.11.2, on "
        "the pipeline's line (up to 0.10.2 `lax.min` of the two raises first, PAL079's)."
    ),
    how_to_fix=(
        "Index a predicate array down to one value (`flag_ref[0]`, `jnp.any(mask)`); return the "
        "carry as it came in (`return carry` or `return ()` for an empty one, not `None`), cast "
        "a component back to its initial dtype (`.astype(init.dtype)`), or start the loop with "
        "the dtype the body produces."
    ),
    bad_example='''
def body(i, carry):
    ...
    return None          # the loop started with init_val=()
lax.fori_loop(0, 4, body, ())
''',
    good_example='''
def body(i, carry):
    ...
    return ()
lax.fori_loop(0, 4, body, ())
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in ref_ops_named(program, "lax.cond").items():
        pred = next((op.args.get("pred") for op in ops if not op.names_open), None)
        shape = shape_of(pred)
        if shape:
            yield Finding(RULE.code, program.span(node),
                          f"lax.cond's predicate is a {short_repr(shape)} array, not a scalar: "
                          f"JAX raises \"TypeError: Pred must be a scalar, got ... of shape "
                          f"{short_repr(shape)}.\". Index it down to one value (x_ref[0], not "
                          f"x_ref[...]) or reduce it (jnp.any(...)).")
    for node, ops in ref_ops_named(program, "lax.switch").items():
        fault = next((switch_branches_fault(op.args.get("branches")) for op in ops if not op.names_open),
                     None)
        if fault is not None:
            alone = fault.startswith("'function'")
            what = "are one function" if alone else "hold a value that is no function"
            yield Finding(RULE.code, program.span(node),
                          f"lax.switch's branches {what}: "
                          f"it takes a sequence of callables and picks one by the index, and JAX "
                          f"raises \"TypeError: {fault}\" when the kernel is traced. Pass a list "
                          f"or tuple of functions ({'[branch]' if alone else 'one per index'}), or "
                          f"call the function with lax.cond / directly.")
            continue
        index = next((op.args.get("index") for op in ops if not op.names_open), None)
        shape = shape_of(index)
        if shape:
            yield Finding(RULE.code, program.span(node),
                          f"lax.switch's index is a {short_repr(shape)} array, not a scalar: JAX "
                          f"raises \"TypeError: Branch index must be scalar, got ... of shape "
                          f"{short_repr(shape)}.\". Index it down to one value (sel_ref[0], not "
                          f"sel_ref[...]).")
            continue
        dtype = dtype_of(index) if shape_of(index) == () else None
        if dtype is not None and dtype not in INTEGERS:
            yield Finding(RULE.code, program.span(node),
                          f"lax.switch's index is a {dtype} scalar: it picks a branch by an "
                          f"integer, and JAX raises \"TypeError: Index type must be an integer, "
                          f"got ... as {dtype}\". Keep the index an integer (drop the float "
                          f"arithmetic, or .astype(jnp.int32)).")
    for op in [*program.ops_of("lax.cond"), *program.ops_of("lax.switch")]:
        differ = op.args.get("branches_differ")
        if not isinstance(differ, Const) or op.names_open:
            continue
        index, first, other = differ.value  # type: ignore[misc]
        switch = op.name == "lax.switch"
        names = ("branch 0", f"branch {index}") if switch else ("true_fun", "false_fun")
        yield Finding(RULE.code, program.span(op.node),
                      f"{op.name}: {names[0]} returns {first} and {names[1]} returns {other}: "
                      f"JAX traces every branch and raises \"TypeError: "
                      f"{'switch' if switch else 'cond'} branches must have equal output types "
                      f"but they differ\" (or \"... the same pytree structure\"). Make every "
                      f"branch return the same structure, dtypes and shapes (cast with "
                      f".astype(...)).")
    for op in program.ops_of(FLOAT_GRID):
        dtype = op.args["dtype"].value  # type: ignore[union-attr]
        yield Finding(RULE.code, program.span(op.node),
                      f"This emit_pipeline's grid has a traced {dtype} entry, so its step count "
                      f"is a {dtype} array, and the pipeline's prologue loop `fori_loop(0, "
                      f"steps, ...)` gets an int32 and a {dtype} bound: JAX raises \"TypeError: "
                      f"lower and upper arguments to fori_loop must have equal types, got int32 "
                      f"and {dtype}\" when the pipeline runs. Make the grid entry an integer "
                      f"(pass an int, or `.astype(jnp.int32)`).")
    seen: set[int] = set()
    fori_bounds = ref_ops_named(program, "lax.fori_loop")
    for op in [*program.ops_of("lax.fori_loop"), *program.ops_of("lax.while_loop"), *program.ops_of(CARRY)]:
        if id(op.node) in seen or op.names_open:
            continue
        said = _bounds_fault(op) or _cond_fault(op) or _carry_fault(op, fori_bounds)
        if said is not None:
            seen.add(id(op.node))
            yield Finding(RULE.code, program.span(op.node), said)


def _bounds_fault(op: Op) -> str | None:
    """fori_loop bounds of two dtypes JAX does not promote (loop_types.fori_bounds_refused)."""
    refused = op.args.get("bounds_refused")
    if not isinstance(refused, Const):
        return None
    lower, upper = refused.value  # type: ignore[misc]
    return (f"fori_loop: its lower bound is {_article(lower)} {lower} and its upper bound "
            f"{_article(upper)} {upper}: JAX raises \"TypeError: lower and upper arguments to "
            f"fori_loop must have equal types, got {lower} and {upper}\" before the body is "
            f"traced. Make both bounds integers (`//` rather than `/`, int(...)).")


def _cond_fault(op: Op) -> str | None:
    """A while_loop condition that returns an array of another shape than (), or a scalar of
    another dtype than bool (a counter: `return n`, not `return n > 0`)."""
    out = op.args.get("cond_out") if op.name == "lax.while_loop" else None
    shape, dtype = shape_of(out), dtype_of(out)
    if shape:
        return (f"while_loop: cond_fun returns a {short_repr(shape)} array, not one boolean. JAX "
                f"raises \"TypeError: cond_fun must return a boolean scalar, but got output "
                f"type(s) ...\". Reduce it to one value (jnp.all(...), jnp.any(...)) or compare "
                f"scalars.")
    if shape == () and dtype is not None and dtype != "bool":
        return (f"while_loop: cond_fun returns {_article(dtype)} {dtype} scalar, not a boolean. JAX raises "
                f"\"TypeError: cond_fun must return a boolean scalar, but got output type(s) "
                f"[ShapedArray({dtype}[])]\". Compare it (`return n > 0`).")
    return None


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _carry_fault(op: Op, fori_bounds: dict[ast.Call, list[Op]]) -> str | None:
    init, out = op.args.get("init_val"), op.args.get("body_out")
    name = _body_name(op, fori_bounds)
    in_tree, out_tree = tree_of(op.args.get("init_given", init)), tree_of(out)
    if in_tree is None or out_tree is None:
        return None
    loop = "emit_pipeline" if op.name == CARRY else op.name.rsplit(".", 1)[-1]
    if in_tree != out_tree:
        return (f"{loop}: the body returns its carry in another pytree structure than the "
                f"initial carry ({_describe(in_tree)} in, {_describe(out_tree)} out). JAX raises "
                f"\"TypeError: {name} function carry input and carry output must have the same "
                f"pytree structure, but they differ\". Return the carry as it came in.")
    before_leaves, after_leaves = leaves_of(op.args.get("init_given", init)), leaves_of(out)
    if len(before_leaves) != len(after_leaves):
        return None
    for before, after in zip(before_leaves, after_leaves, strict=True):
        if not (isinstance(before, ArrayVal) and before.strong and isinstance(after, ArrayVal)):
            continue
        types = [(dtype_of(side), shape_of(side)) for side in (before, after)]
        if None in (types[0][0], types[1][0], types[0][1], types[1][1]) or types[0] == types[1]:
            continue
        (d0, s0), (d1, s1) = types
        return (f"{loop}: a component of the carry starts as {d0}{list(s0)} and the body returns "  # type: ignore[arg-type]
                f"it as {d1}{list(s1)}. JAX raises \"TypeError: {name} function carry input and "  # type: ignore[arg-type]
                f"carry output must have equal types\". Return it as it came in "
                f"(.astype({d0}), the same shape), or start the loop with what the body makes.")
    return None


def _describe(tree: object) -> str:
    if tree == "None":
        return "None"
    if tree == "leaf":
        return "an array"
    kind, children = tree  # type: ignore[misc]
    return f"a {kind} of {len(children)}"


def _body_name(op: Op, fori_bounds: dict[ast.Call, list[Op]]) -> str:
    """JAX's name for the loop: a fori_loop of Python-int bounds (PAL036's record of the same
    call) is a scan."""
    if op.name == CARRY:
        return "scan body"  # emit_pipeline's fori_loop over its static step count
    if op.name == "lax.fori_loop":
        recorded = fori_bounds.get(op.node, ())
        bounds = [recorded[0].args.get(key) for key in ("lower", "upper")] if recorded else [None]
        if all(isinstance(b, Const) and type(b.value) is int for b in bounds):
            return "scan body"
    return "while_loop body"
