"""Pieces the rule modules share: related spans, launch descriptions, fix helpers."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from ..codegen import CallCode, layout, line_indent
from ..dtypes import DTYPE_BITS
from ..model import Finding, Fix, Related, Span, TextEdit
from ..ops import COLLECTIVE_OPS, WRAPS_STRINGS
from ..program import Program
from ..refs import ref_types, result_type
from ..trace import Launch, Op
from ..values import Env, KernelInfo, MeshVal, RefVal, TransformVal, api_name

# Re-exported for the rule modules: the tables live in ops.py and dtypes.py.
__all__ = ["COLLECTIVE_OPS", "DTYPE_BITS", "WRAPS_STRINGS", "ref_types", "result_type"]


T = TypeVar("T")


def short(op_name: str) -> str:
    return op_name.rsplit(".", 1)[-1]


def launch_related(program: Program, launch: Launch, *, failing: bool = True) -> list[Related]:
    related: list[Related] = []
    ctx = launch.ctx
    if isinstance(ctx.manual, MeshVal):
        related.append(Related(program.span(launch.site), "the kernel is launched here"))
        if ctx.shard_map_node is not None:
            related.append(Related(program.span(ctx.shard_map_node), "inside this jax.shard_map"))
        related.append(Related(ctx.manual.span, f"this mesh has axes {ctx.manual.axes!r}"))
    else:
        note = "launched here without jax.shard_map" if failing else "launched here"
        related.append(Related(program.span(launch.site), note))
        # Why no mesh reaches the kernel matters only where the missing mesh is the failure.
        if failing and ctx.jit_node is not None and ctx.jit_node is not launch.site:
            related.append(Related(program.span(ctx.jit_node), "jax.jit here gives the kernel no mesh"))
        if failing and isinstance(ctx.ambient, MeshVal):
            related.append(Related(ctx.ambient.span,
                                   "this mesh is only a context mesh (jax.set_mesh): "
                                   "it does not reach the kernel without jax.shard_map"))
    kernel_node = launch.kernel.node
    related.append(Related(program.span(kernel_node), f"the kernel is created here ({_api(launch)})"))
    return related


def _api(launch: Launch) -> str:
    return api_name(launch.kernel.api)


def dedupe(related: list[Related]) -> tuple[Related, ...]:
    seen: set[tuple[Span, str]] = set()
    kept: list[Related] = []
    for item in related:
        if (item.span, item.message) not in seen:
            seen.add((item.span, item.message))
            kept.append(item)
    return tuple(kept)


def lines(program: Program, launches: list[Launch], near: ast.AST) -> str:
    """'line 37', 'lines 12 and 37', or 'line 11 of main.py' for launches in another module
    than the one ``near`` (the node the message is about) is in."""
    spans = sorted({program.span(launch.site) for launch in launches},
                   key=lambda s: (s.path or "", s.line))
    if len(spans) == 1:
        return program.where(spans[0], near)
    places = [program.where(s, near) for s in spans]
    if all(s.path == spans[0].path for s in spans):
        tail = places[0].split(" of ", 1)[1] if " of " in places[0] else ""
        numbers = [str(s.line) for s in spans]
        return ("lines " + ", ".join(numbers[:-1]) + f" and {numbers[-1]}"
                + (f" of {tail}" if tail else ""))
    return ", ".join(places)


def tuple_literal(axes: tuple[str, ...]) -> str:
    inner = ", ".join(f'"{axis}"' for axis in axes)
    return f"({inner},)" if len(axes) == 1 else f"({inner})"


def replace_node(program: Program, node: ast.AST, text: str) -> TextEdit:
    return TextEdit(program.span(node), text)


def mesh_names_in_scope(env: Env | None,
                        memo: dict[int, dict[str, MeshVal]] | None = None) -> dict[str, MeshVal]:
    """The meshes bound by name from ``env`` outwards, the innermost binding of a name first.
    ``memo`` keeps each scope's meshes for one rule pass (the scopes no longer change by
    then): the module scope of every launch is scanned once, not once per launch."""
    found: dict[str, MeshVal] = {}
    scope = env
    while scope is not None:
        meshes = memo.get(id(scope)) if memo is not None else None
        if meshes is None:
            meshes = {name: value for name, value in scope.names.items() if isinstance(value, MeshVal)}
            if memo is not None:
                memo[id(scope)] = meshes
        for name, value in meshes.items():
            if name not in found:
                found[name] = value
        scope = scope.parent
    return found


def valid_vec_size(shape: tuple[int, ...], dtype: str) -> int | None:
    """The widest WG_STRIDED vec_size whose load is 32/64/128 bits and divides the elements."""
    bits = DTYPE_BITS.get(dtype)
    if any(not 0 < dim < 1 << 31 for dim in shape):
        return None  # not a shape a kernel can have
    if bits is None or bits < 16:
        return None  # jax-facts: no vec_size lowers for 8-bit types
    count = 1
    for dim in shape:
        count *= dim
    for total_bits in (128, 64, 32):
        vec = total_bits // bits
        if vec >= 1 and count % vec == 0:
            return vec
    return None


def placed(program: Program, node: ast.AST, code: CallCode) -> str:
    """``code`` laid out to the file's line length where ``node`` stands (what follows
    the node on its last line, a comment included, counts towards that line)."""
    span = program.span(node)
    # The analysed file's lines are split once (Program.lines); another module's here.
    lines = (program.sources.get(span.path, "").splitlines() if span.path else program.lines) or [""]
    if not span.path:
        program.read_lines.append((span.line, span.end_line))
    first = lines[span.line - 1] if span.line <= len(lines) else ""
    last = lines[span.end_line - 1] if span.end_line <= len(lines) else ""
    tail = last.encode("utf-8")[span.end_col:].decode("utf-8", errors="replace")
    column = len(first.encode("utf-8")[:span.col].decode("utf-8", errors="replace"))
    return layout(code, line_indent(first), column, tail.rstrip(), program.options.line_length)


def call_code(program: Program, node: ast.Call) -> str | CallCode:
    """A one-line call as a CallCode a layout may break; a call on several lines as it is written."""
    if node.lineno != node.end_lineno:
        return program.text(node)
    args = [program.text(arg) for arg in node.args]
    args += [program.text(kw) for kw in node.keywords]
    return CallCode(program.text(node.func), tuple(args))


def warpgroup_fix(program: Program, kernel: KernelInfo, plgpu: str) -> Fix | None:
    """Set the kernel's lowering semantics to Warpgroup (which infers register layouts): the
    compiler_params keyword where one is written, else a new one on a plgpu.kernel call."""
    params = kernel.compiler_params
    if params is not None and params.node is not None:
        for keyword in params.node.keywords:
            if keyword.arg == "lowering_semantics":
                new = f"{plgpu}.LoweringSemantics.Warpgroup"
                return Fix("Lower this kernel with Warpgroup semantics",
                           (TextEdit(program.span(keyword.value), new),))
        return None
    if kernel.semantics is None and isinstance(kernel.node, ast.Call) and kernel.api == "kernel":
        call = kernel.node
        last = call.keywords[-1].value if call.keywords else (call.args[-1] if call.args else None)
        if last is None:
            return None
        end = program.span(last)
        insert = (f", compiler_params={plgpu}.CompilerParams("
                  f"lowering_semantics={plgpu}.LoweringSemantics.Warpgroup)")
        return Fix("Lower this kernel with Warpgroup semantics",
                   (TextEdit(Span(end.end_line, end.end_col, end.end_line, end.end_col, end.path), insert),))
    return None
def ref_ops_named(program: Program, name: str) -> dict[ast.Call, list[Op]]:
    """The calls of ``name`` among the ref facts' data-movement ops (Program.ref_ops), one
    entry per call (an op per launch that reaches it), in source order."""
    grouped: dict[ast.Call, list[Op]] = {}
    for op in program.ref_ops:
        if op.name == name:
            grouped.setdefault(op.node, []).append(op)
    return dict(sorted(grouped.items(), key=lambda item: (item[0].lineno, item[0].col_offset)))


def kernel_related(program: Program, launch: Launch) -> list[Related]:
    """Where a kernel is launched and created: the related spans of a finding about the
    kernel's own configuration or body, where the device mesh plays no part."""
    return [Related(program.span(launch.site), "the kernel is launched here"),
            Related(program.span(launch.kernel.node), f"the kernel is created here ({_api(launch)})")]


def first_refusal_per_launch(program: Program, code: str, found: Iterable[T],
                             op_of: Callable[[T], Op], message: Callable[[T], str],
                             fixes: Callable[[T], tuple[Fix, ...]] | None = None) -> Iterator[Finding]:
    """One finding per launch, at the first of its ops a rule finds refused (JAX stops
    lowering a kernel at its first refusal), with the kernel's creation as related; none for
    a kernel whose API the release lacks (PAL009's). PAL049, PAL058, PAL059 and PAL072 judge so."""
    seen: set[int] = set()
    for item in found:
        op = op_of(item)
        if program.api_removed(op.launch.kernel) or id(op.launch) in seen:
            continue
        seen.add(id(op.launch))
        yield Finding(code, program.span(op.node), message(item),
                      related=(Related(program.span(op.launch.kernel.node), "the kernel is created here"),),
                      fixes=fixes(item) if fixes is not None else ())


def cast_fix(program: Program, value: ast.expr, ref_text: str, dtype: str, what: str = "value") -> Fix:
    """Wrap ``value`` in ``.astype(<ref>.dtype)`` (parenthesised unless it is a name, an
    attribute, a subscript or a call): PAL026's and PAL072's fix of a value of another dtype."""
    text = program.text(value)
    simple = isinstance(value, (ast.Name, ast.Attribute, ast.Subscript, ast.Call))
    new = f"{text if simple else f'({text})'}.astype({ref_text}.dtype)"
    return Fix(f"Cast the {what} to {ref_text}.dtype ({dtype})", (TextEdit(program.span(value), new),),
               preferred=True)


def made_here(program: Program, ref: RefVal, transform: TransformVal | None,
              what: str) -> tuple[Related, ...]:
    """Where a shared-memory buffer's transform (``what``) and the buffer are written."""
    related = [Related(program.span(transform.node), what)] \
        if transform is not None and transform.node is not None else []
    if ref.node is not None:
        related.append(Related(program.span(ref.node), "the shared-memory buffer is declared here"))
    return tuple(related)
