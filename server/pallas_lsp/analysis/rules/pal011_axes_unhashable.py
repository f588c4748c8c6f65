"""PAL011 axes_unhashable: collective_axes given as a list, which JAX cannot hash."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options
from ..program import Program
from ..trace import Op
from ..values import Const
from .base import LoweringError, Rule
from .common import dedupe, launch_related, replace_node, short

RULE = Rule(
    code="PAL011",
    name="axes_unhashable",
    title="collective_axes must be a tuple, not a list",
    jax_message=(
        "TypeError: As of JAX v0.7, parameters to jaxpr equations must have __hash__ and __eq__ "
        "methods. In a call to primitive multimem_store, the value of parameter collective_axes "
        "was not hashable: ['x', 'y']\n"
        "TypeError: unhashable type: 'list'   (a copy into plgpu.multicast_ref(ref, [...]), JAX >= 0.10)"
    ),
    lowering_errors=(
        LoweringError(r"parameters to jaxpr equations must have __hash__.*parameter collective_axes",
                      exc_type="TypeError"),
        LoweringError(r"^unhashable type: 'list'", exc_type="TypeError"),
    ),
    what_it_means=(
        "`collective_axes` becomes a parameter of the traced primitive, and JAX requires those "
        "to be hashable: a `list` is not. The multimem ops and `semaphore_signal_multicast` fail "
        "while the kernel is traced, before any check of the axes themselves; a copy into a "
        "`plgpu.multicast_ref(ref, [...])` fails the same way (from JAX 0.10; 0.9 accepted it)."
    ),
    when_it_happens=(
        "`collective_axes=[\"x\", \"y\"]`, a list built by `list(...)`, `sorted(...)` or a list "
        "comprehension, given to `multimem_store`, `multimem_load_reduce`, "
        "`semaphore_signal_multicast` or `multicast_ref`. JAX blames the op's line (for a "
        "multicast copy, the `copy_smem_to_gmem` line). A tuple, or an iterator such as "
        "`reversed(...)`, is accepted. Measured on 0.8.3, 0.10.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Pass a tuple: `collective_axes=(\"x\", \"y\")`, `tuple(axes)` for a list built at run "
        "time, or `tuple(mesh.axis_names)`."
    ),
    bad_example='''
plgpu.multimem_store(x_ref[...], y_ref, ["x", "y"])
''',
    good_example='''
plgpu.multimem_store(x_ref[...], y_ref, ("x", "y"))
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    by_node: dict[ast.Call, list[Op]] = {}
    for op in program.unhashable_ops:
        by_node.setdefault(op.node, []).append(op)
    for node, ops in sorted(by_node.items(), key=lambda item: (item[0].lineno, item[0].col_offset)):
        op = ops[0]
        value = op.args.get("collective_axes")
        shown = f"[{', '.join(repr(v) for v in value.value)}]" if isinstance(value, Const) \
            and isinstance(value.value, tuple) and len(repr(value.value)) <= 60 else "a list"
        if op.name == "plgpu.copy_smem_to_gmem":
            where = f"the plgpu.multicast_ref this copies into has collective_axes={shown}"
            words = "TypeError: unhashable type: 'list'"
        else:
            where = f"{short(op.name)} has collective_axes={shown}"
            words = (f"TypeError: ... the value of parameter collective_axes was not hashable: "
                     f"{shown}")
        message = (f"{where}, a list: JAX needs a hashable (tuple) parameter and fails while "
                   f"tracing with \"{words}\". Pass a tuple instead.")
        related = [r for o in ops for r in launch_related(program, o.launch, failing=False)]
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related),
                      fixes=_fixes(program, op))


def _fixes(program: Program, op: Op) -> tuple[Fix, ...]:
    """A list display becomes a tuple display; any other list expression is wrapped in tuple()."""
    arg_node = op.arg_nodes.get("collective_axes")
    if arg_node is None:
        return ()
    if isinstance(arg_node, ast.List) and not any(isinstance(e, ast.Starred) for e in arg_node.elts):
        items = [program.text(e) for e in arg_node.elts]
        text = "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    else:
        text = f"tuple({program.text(arg_node)})"
    return (Fix(f"Make collective_axes a tuple: {text}", (replace_node(program, arg_node, text),),
                safe=True, preferred=True),)
