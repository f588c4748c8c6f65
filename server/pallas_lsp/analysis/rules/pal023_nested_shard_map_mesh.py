"""PAL023 nested_shard_map_mesh: a shard_map inside another given a concrete mesh=."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related, Span, TextEdit
from ..program import Program, short_repr
from ..trace import ShardMapCall
from ..values import MeshVal
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL023",
    name="nested_shard_map_mesh",
    title="nested jax.shard_map given the concrete mesh",
    jax_message=(
        "ValueError: The context mesh AbstractMesh('x': 2, 'y': 2, axis_types=(Manual, Auto), ...) "
        "should match the mesh passed to shard_map Mesh('x': 2, 'y': 2, ...)"
    ),
    lowering_errors=(
        LoweringError(r"The context mesh .* should match the mesh passed to shard_map",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "Inside a `jax.shard_map` the context mesh is that shard_map's abstract mesh, whose "
        "manual axes are marked Manual. A shard_map nested in it must take that mesh: given a "
        "concrete `Mesh` (the outer mesh itself or any other), JAX refuses it when the nested "
        "function is called."
    ),
    when_it_happens=(
        "A function run under `jax.shard_map(..., mesh=mesh)` calls another "
        "`jax.shard_map(g, mesh=mesh, ...)` (or the older `jax.experimental.shard_map.shard_map(g, "
        "mesh, ...)`), whatever `axis_names=` either gives and whatever the kernel does. JAX "
        "blames the line that calls the nested function. Measured on JAX 0.8.3, 0.9.1, 0.9.2, "
        "0.10.2, 0.11.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Leave `mesh=` out of the nested shard_map: it takes the enclosing shard_map's mesh (that "
        "lowers, with or without `axis_names=`), or pass `mesh=jax.sharding.get_abstract_mesh()`."
    ),
    bad_example='''
def outer(x):
    inner = jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), axis_names={"y"})
    return inner(x)

jax.jit(jax.shard_map(outer, mesh=mesh, in_specs=P(), out_specs=P(), axis_names={"x"}))(x)
''',
    good_example='''
def outer(x):
    inner = jax.shard_map(call, in_specs=P(), out_specs=P(), axis_names={"y"})
    return inner(x)
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    seen: set[int] = set()
    for call in program.shard_map_calls():
        given, enclosing = call.given, call.enclosing
        if not (isinstance(given, MeshVal) and given.kind in ("Mesh", "make_mesh")
                and isinstance(enclosing, MeshVal)):
            continue
        if id(call.node) in seen:
            continue
        seen.add(id(call.node))
        outer = (program.where(program.span(call.enclosing_node), call.node)
                 if call.enclosing_node is not None else "an enclosing jax.shard_map")
        message = (f"This calls a jax.shard_map given the concrete mesh built at "
                   f"{program.where(given.span, call.node)} (axes {short_repr(given.axes)}) inside "
                   f"the jax.shard_map of {outer}: there the context mesh is that shard_map's "
                   f"abstract mesh, and JAX fails here with \"The context mesh ... should match the "
                   f"mesh passed to shard_map\". Leave mesh= out of the nested jax.shard_map.")
        related = [Related(program.span(call.shard_map_node), "the nested jax.shard_map, given mesh= here")]
        if call.enclosing_node is not None:
            related.append(Related(program.span(call.enclosing_node), "inside this jax.shard_map"))
        yield Finding(RULE.code, program.span(call.node), message, related=tuple(related),
                      fixes=_drop_mesh(program, call))


def _drop_mesh(program: Program, call: ShardMapCall) -> tuple[Fix, ...]:
    """Delete the ``mesh=`` keyword (with the comma before it) of the nested shard_map call."""
    node = call.shard_map_node
    if not isinstance(node, ast.Call) or program.span(node).path is not None:
        return ()  # the shard_map is in another module of the folder
    keyword = next((kw for kw in node.keywords if kw.arg == "mesh"), None)
    if keyword is None:
        return ()  # the mesh is positional (the older API requires it)
    before = _previous_end(node, keyword)
    if before is None:
        return ()
    span = Span(before[0], before[1], keyword.end_lineno or keyword.lineno,
                keyword.end_col_offset or keyword.col_offset)
    return (Fix("Leave mesh= out of the nested jax.shard_map", (TextEdit(span, ""),),
                safe=False, preferred=True),)


def _previous_end(node: ast.Call, keyword: ast.keyword) -> tuple[int, int] | None:
    """Where the argument before ``keyword`` ends (the ``, mesh=...`` is deleted from there)."""
    items: list[ast.AST] = [*node.args, *node.keywords]
    items.sort(key=lambda item: (item.lineno, item.col_offset))
    index = items.index(keyword)
    if index == 0:
        return None
    previous = items[index - 1]
    end_line, end_col = getattr(previous, "end_lineno", None), getattr(previous, "end_col_offset", None)
    return (end_line, end_col) if end_line is not None and end_col is not None else None
