"""PAL011 axes_unhashable: collective_axes given as a list, or plgpu.kernel's compiler_params as a
dict, which JAX cannot hash (both become parameters of a traced primitive)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related
from ..program import Program
from ..trace import Op
from ..values import Const
from .base import LoweringError, Rule
from .common import dedupe, launch_related, replace_node, short

RULE = Rule(
    code="PAL011",
    name="axes_unhashable",
    title="collective_axes must be a tuple, not a list (and compiler_params no dict)",
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
        # plgpu.kernel's compiler_params given a dict: the core_map primitive's parameter.
        LoweringError(r"parameters to jaxpr equations must have __hash__.*parameter compiler_params",
                      exc_type="TypeError"),
        LoweringError(r"^unhashable type: 'dict'", exc_type="TypeError"),
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
        "`reversed(...)`, is accepted. Measured on 0.8.3, 0.10.2 and 0.12.0.1. "
        "`plgpu.kernel(..., compiler_params=dict(approx_math=True))` (a dict where "
        "`plgpu.CompilerParams` belongs) fails the same way when the kernel is called, blamed on "
        "that call: \"TypeError: unhashable type: 'dict'\" (0.8.3: \"... the value of parameter "
        "compiler_params was not hashable\")."
    ),
    how_to_fix=(
        "Pass a tuple: `collective_axes=(\"x\", \"y\")`, `tuple(axes)` for a list built at run "
        "time, or `tuple(mesh.axis_names)`. Give `compiler_params=plgpu.CompilerParams(**d)` "
        "for a dict `d` of its fields."
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
    yield from _unhashable_params(program)
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


def _unhashable_params(program: Program) -> Iterator[Finding]:
    """plgpu.kernel's compiler_params given a dict: hashed as the core_map primitive's
    parameter when the kernel is called (JAX blames that call)."""
    reported: set[int] = set()
    for launch in program.launches:
        kind = launch.kernel.params_unhashable
        if kind is None or id(launch.site) in reported:
            continue
        reported.add(id(launch.site))
        words = ("TypeError: ... the value of parameter compiler_params was not hashable"
                 if tuple(program.version[:2]) < (0, 10) else f"TypeError: unhashable type: '{kind}'")
        yield Finding(
            RULE.code, program.span(launch.site),
            f"This plgpu.kernel was given compiler_params as a {kind}: JAX makes them a parameter "
            f"of the traced kernel, which must be hashable, and fails when the kernel is called "
            f"with \"{words}\". Pass plgpu.CompilerParams(...) (plgpu.CompilerParams(**options) "
            f"for a dict of its fields).",
            related=(Related(program.span(launch.kernel.node), "the plgpu.kernel is made here"),))


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
