"""Pieces the rule modules share: related spans, launch descriptions, fix helpers."""

from __future__ import annotations

import ast

from ..interpreter import Launch, Op
from ..model import Related, Span, TextEdit
from ..program import Program
from ..values import ArrayVal, DtypeVal, Env, FuncVal, MeshVal, ShapeDtypeVal

COLLECTIVE_OPS = ("plgpu.multimem_store", "plgpu.multimem_load_reduce",
                  "plgpu.semaphore_signal_multicast", "plgpu.copy_smem_to_gmem")

# These wrap a non-tuple collective_axes in a tuple; multimem_store and
# multimem_load_reduce take set() of the raw value, so a string is its letters.
WRAPS_STRINGS = ("plgpu.semaphore_signal_multicast", "plgpu.copy_smem_to_gmem")

# Bits per element, for layouts (WG_STRIDED vec_size × bits must be 32, 64 or 128).
DTYPE_BITS = {
    "float32": 32, "int32": 32, "uint32": 32, "float16": 16, "bfloat16": 16, "int16": 16,
    "uint16": 16, "int8": 8, "uint8": 8, "float64": 64, "int64": 64, "uint64": 64,
    "float8_e5m2": 8, "float8_e4m3fn": 8,
}


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
        if ctx.jit_node is not None and ctx.jit_node is not launch.site:
            related.append(Related(program.span(ctx.jit_node), "jax.jit here gives the kernel no mesh"))
        if isinstance(ctx.ambient, MeshVal):
            related.append(Related(ctx.ambient.span,
                                   "this mesh is only a context mesh (jax.set_mesh): "
                                   "it does not reach the kernel without jax.shard_map"))
    kernel_node = launch.kernel.node
    related.append(Related(program.span(kernel_node), f"the kernel is created here ({_api(launch)})"))
    return related


def _api(launch: Launch) -> str:
    return "plgpu.kernel" if launch.kernel.api == "kernel" else "pl.pallas_call"


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


def mesh_names_in_scope(env: Env | None) -> dict[str, MeshVal]:
    found: dict[str, MeshVal] = {}
    scope = env
    while scope is not None:
        for name, value in scope.names.items():
            if isinstance(value, MeshVal) and name not in found:
                found[name] = value
        scope = scope.parent
    return found


def ref_types(launch: Launch) -> dict[str, tuple[object, str]]:
    """Kernel parameter name -> (shape, dtype) of its ref, from out_type and the launch's arrays."""
    kernel = launch.kernel
    body = kernel.body
    if not isinstance(body, FuncVal) or isinstance(body.node, ast.Lambda):
        return {}
    if not isinstance(kernel.out_types, tuple) or not isinstance(kernel.n_scratch, int):
        return {}
    params = [a.arg for a in (*body.node.args.posonlyargs, *body.node.args.args)]
    n_out = len(kernel.out_types)
    end = len(params) - kernel.n_scratch
    start = end - n_out
    if start < 0 or end > len(params):
        return {}
    result: dict[str, tuple[object, str]] = {}
    for name, out in zip(params[start:end], kernel.out_types, strict=True):
        if isinstance(out, ShapeDtypeVal) and isinstance(out.dtype, DtypeVal):
            result[name] = (out.shape, out.dtype.name)
    if len(launch.args) == start:
        for name, arg in zip(params[:start], launch.args, strict=True):
            if isinstance(arg, (ArrayVal, ShapeDtypeVal)) and isinstance(arg.dtype, DtypeVal):
                result[name] = (arg.shape, arg.dtype.name)
    return result


def result_type(program: Program, op: Op, cast: ast.Call | None) -> tuple[object, str] | None:
    """(shape, dtype) of a multimem_load_reduce result: its ref's, or the output ref it is stored to."""
    types = ref_types(op.launch)
    ref = op.arg_nodes.get("ref")
    if isinstance(ref, ast.Name) and ref.id in types:
        return types[ref.id]
    for node in (cast, op.node):
        parent = program.parent(node) if node is not None else None
        if isinstance(parent, ast.Assign):
            for target in parent.targets:
                if (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
                        and target.value.id in types):
                    return types[target.value.id]
    return None


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
