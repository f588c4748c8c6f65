"""What the JAX APIs the rules care about return, in abstract values.

Each handler mirrors the real API's signature (positional and keyword forms)
as of JAX 0.10 - 0.12. Any other JAX call returns UNKNOWN; functions handed
to it are still followed, so kernels launched inside ``lax.cond`` or helpers
passed to ``pl.when`` are seen.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from . import names
from .model import Span
from .values import (
    MISSING,
    UNKNOWN,
    ArrayVal,
    ClassVal,
    CompilerParamsVal,
    Const,
    DtypeVal,
    Env,
    FuncVal,
    KernelInfo,
    KernelVal,
    LayoutVal,
    MeshVal,
    ModuleVal,
    MulticastRefVal,
    ObjVal,
    PartialVal,
    QualName,
    SemanticsVal,
    ShapeDtypeVal,
    WrappedVal,
    const_strings,
)

if TYPE_CHECKING:
    from .interpreter import Ctx, Interpreter

# Calls inside a kernel body that the rules inspect.
OP_NAMES = frozenset({
    "plgpu.multimem_store",
    "plgpu.multimem_load_reduce",
    "plgpu.semaphore_signal_multicast",
    "plgpu.layout_cast",
    "lax.axis_index",
    "lax.axis_size",
    "lax.broadcasted_iota",
    "lax.iota",
})

TRANSPARENT_DECORATORS = frozenset({
    "functools.cache", "functools.wraps", "functools.lru_cache", "functools.cached_property",
    "builtins.staticmethod", "builtins.classmethod", "builtins.property", "dataclasses.dataclass",
    "typing.overload", "typing.final",
})

# Wrappers that keep the mesh context and call the function they wrap.
_TRANSPARENT_WRAPPERS = frozenset({
    "jax.vmap", "jax.checkpoint", "jax.remat", "jax.named_call", "jax.custom_vjp",
    "jax.custom_jvp", "jax.ad_checkpoint.checkpoint", "functools.cache", "functools.lru_cache",
    "functools.wraps", "jax.grad", "jax.value_and_grad",
})

# Host-side APIs that call their function arguments right away, in the caller's context.
_CALLS_ARGUMENTS = frozenset({
    "lax.cond", "lax.switch", "lax.fori_loop", "lax.while_loop", "lax.scan", "lax.map",
    "jax.eval_shape", "jax.make_jaxpr", "jax.block_until_ready", "jax.tree.map",
    "jax.tree_util.tree_map", "pl.when", "pl.loop", "plgpu.nd_loop", "pl.run_scoped",
    "pl.run_state", "jax.lax.cond",
})

# Array constructors: (position of dtype, default dtype). jnp's default float is float32
# (x64 off), numpy's float64.
_ARRAY_MAKERS = {
    "jnp.ones": (1, "float32"), "jnp.zeros": (1, "float32"), "jnp.empty": (1, "float32"),
    "jnp.full": (2, "float32"), "np.ones": (1, "float64"), "np.zeros": (1, "float64"),
    "np.empty": (1, "float64"), "np.full": (2, "float64"),
}

MAX_CONST_LENGTH = 4096

_SEMANTICS = {"Lane": "Lane", "Warpgroup": "Warpgroup"}

_DTYPE_ALIASES = {
    "float32": "float32", "f32": "float32", "float": "float32", "single": "float32",
    "float16": "float16", "f16": "float16", "half": "float16",
    "bfloat16": "bfloat16", "bf16": "bfloat16",
    "float64": "float64", "f64": "float64", "double": "float64",
    "int32": "int32", "i32": "int32", "int16": "int16", "int8": "int8", "int64": "int64",
    "uint32": "uint32", "uint16": "uint16", "uint8": "uint8", "uint64": "uint64",
    "float8_e5m2": "float8_e5m2", "float8_e4m3fn": "float8_e4m3fn", "bool_": "bool",
}


def dtype_of(value: object) -> DtypeVal | None:
    if isinstance(value, DtypeVal):
        return value
    if isinstance(value, QualName):
        last = value.name.rsplit(".", 1)[-1]
        if value.name.split(".")[0] in {"jnp", "np"} and last in _DTYPE_ALIASES:
            return DtypeVal(_DTYPE_ALIASES[last])
    if isinstance(value, Const) and isinstance(value.value, str) and value.value in _DTYPE_ALIASES:
        return DtypeVal(_DTYPE_ALIASES[value.value])
    return None


def layout_of(value: object, node: ast.AST | None = None) -> LayoutVal | None:
    if isinstance(value, LayoutVal):
        return value
    if isinstance(value, QualName) and value.name.startswith("plgpu.Layout."):
        span = Span.of(node) if node is not None and hasattr(node, "lineno") else Span(0, 0, 0, 0)
        return LayoutVal(value.name.rsplit(".", 1)[-1], span, vec_size=None)
    return None


def get_attribute(base: object, attr: str, node: ast.Attribute) -> object:
    if isinstance(base, QualName):
        qual = names.attribute(base, attr)
        if qual.name.startswith(("plgpu.LoweringSemantics.", "mgpu.LoweringSemantics.")):
            return SemanticsVal(_SEMANTICS.get(attr, attr))
        return qual
    if isinstance(base, MeshVal):
        if attr == "axis_names":
            return Const(base.axes, base.span)
        return UNKNOWN
    if isinstance(base, ObjVal):
        return base.get(attr)
    if isinstance(base, ModuleVal):
        return base.env.names.get(attr, UNKNOWN)
    if isinstance(base, WrappedVal) and base.kind == "jit" and attr in ("lower", "trace", "eval_shape"):
        # jax.jit(f).lower(x) / .trace(x) traces f with x: a launch like f(x).
        return PartialVal(base, (), {})
    if isinstance(base, ClassVal):
        return base.attrs.get(attr, UNKNOWN)
    if isinstance(base, (ShapeDtypeVal, ArrayVal)) and attr in ("dtype", "shape"):
        return base.dtype if attr == "dtype" else base.shape
    return UNKNOWN


def binary(left: object, op: ast.operator, right: object) -> object:
    if isinstance(left, Const) and isinstance(right, Const):
        try:
            if isinstance(op, ast.Add) and type(left.value) is type(right.value) and isinstance(
                left.value, (tuple, str)
            ):
                # Axis names are short: a constant that grows past this is not one, and
                # doubling it in a loop must not exhaust memory.
                if len(left.value) + len(right.value) > MAX_CONST_LENGTH:  # type: ignore[arg-type]
                    return UNKNOWN
                return Const(left.value + right.value)  # type: ignore[operator]
            if isinstance(op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv)) and all(
                type(v) is int for v in (left.value, right.value)
            ):
                a, b = left.value, right.value
                if isinstance(op, ast.Add):
                    return Const(a + b)  # type: ignore[operator]
                if isinstance(op, ast.Sub):
                    return Const(a - b)  # type: ignore[operator]
                if isinstance(op, ast.Mult) and abs(a) < 1 << 20 and abs(b) < 1 << 20:  # type: ignore[arg-type]
                    return Const(a * b)  # type: ignore[operator]
                if isinstance(op, ast.FloorDiv) and b:
                    return Const(a // b)  # type: ignore[operator]
        except (TypeError, OverflowError):
            return UNKNOWN
    return UNKNOWN


def subscript(base: object, index: object) -> object:
    if (isinstance(base, Const) and isinstance(base.value, (tuple, str)) and isinstance(index, Const)
            and type(index.value) is int):
        try:
            return Const(base.value[index.value])
        except IndexError:
            return UNKNOWN
    if isinstance(base, tuple) and isinstance(index, Const) and type(index.value) is int:
        try:
            return base[index.value]
        except IndexError:
            return UNKNOWN
    return UNKNOWN


def slice_of(base: object, bounds: list[object]) -> object:
    """``axes[:1]`` of a constant tuple or string, with constant int bounds."""
    if not (isinstance(base, Const) and isinstance(base.value, (tuple, str))):
        return UNKNOWN
    values = []
    for bound in bounds:
        if not isinstance(bound, Const) or not (bound.value is None or type(bound.value) is int):
            return UNKNOWN
        values.append(bound.value)
    if values[2] == 0:
        return UNKNOWN
    return Const(base.value[slice(*values)])


def _arg(args: list[object], kwargs: dict[str, object], position: int | None, keyword: str) -> object:
    if keyword in kwargs:
        return kwargs[keyword]
    if position is not None and position < len(args):
        return args[position]
    return MISSING


def _arg_node(arg_nodes: list[ast.expr], kw_nodes: dict[str, ast.expr], position: int | None,
              keyword: str) -> ast.expr | None:
    if keyword in kw_nodes:
        return kw_nodes[keyword]
    if position is not None and position < len(arg_nodes):
        return arg_nodes[position]
    return None


def _mesh(interp: Interpreter, names_value: object, node: ast.Call, kind: str) -> object:
    axes = const_strings(names_value)
    if axes is None:
        return UNKNOWN
    return MeshVal(axes, interp.span(node), kind)


def _abstract_mesh(interp: Interpreter, args: list[object], kwargs: dict[str, object],
                   node: ast.Call) -> object:
    axis_names = _arg(args, kwargs, 1, "axis_names")
    if axis_names is not MISSING:
        return _mesh(interp, axis_names, node, "AbstractMesh")
    # The older form: AbstractMesh(((name, size), ...)).
    pairs = _arg(args, kwargs, 0, "shape_tuple")
    if isinstance(pairs, Const) and isinstance(pairs.value, tuple) and all(
        isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in pairs.value
    ):
        return MeshVal(tuple(p[0] for p in pairs.value), interp.span(node), "AbstractMesh")
    return UNKNOWN


def _names_tuple(value: object) -> tuple[str, ...] | None:
    if value is MISSING or (isinstance(value, Const) and value.value is None):
        return ()
    return const_strings(value)


def _kernel_info(body: object, node: ast.Call, api_name: str, kwargs: dict[str, object],
                 out_key: str, scratch_key: str) -> KernelInfo:
    params = kwargs.get("compiler_params", MISSING)
    compiler_params = params if isinstance(params, CompilerParamsVal) else None
    if params is MISSING or (isinstance(params, Const) and params.value is None):
        semantics: object = None
    elif compiler_params is not None:
        semantics = compiler_params.semantics
    else:
        semantics = UNKNOWN
    bound: object = ()
    for key in ("grid_names", "cluster_names"):
        names_value = _names_tuple(kwargs.get(key, MISSING))
        if names_value is None:
            bound = UNKNOWN
        elif bound is not UNKNOWN:
            bound = (*bound, *names_value)  # type: ignore[misc]
    thread = kwargs.get("thread_name", MISSING)
    if isinstance(thread, Const) and isinstance(thread.value, str):
        if bound is not UNKNOWN:
            bound = (*bound, thread.value)  # type: ignore[misc]
    elif thread is not MISSING and not (isinstance(thread, Const) and thread.value is None):
        bound = UNKNOWN
    if (api_name == "pallas_call" and "grid_spec" in kwargs) or "mesh" in kwargs or "**" in kwargs:
        bound = UNKNOWN
    out = kwargs.get(out_key, MISSING)
    if isinstance(out, ShapeDtypeVal):
        out_types: object = (out,)
    elif isinstance(out, tuple):
        out_types = out
    else:
        out_types = UNKNOWN
    scratch = kwargs.get(scratch_key, MISSING)
    if scratch is MISSING:
        n_scratch: object = 0
    elif isinstance(scratch, tuple):
        n_scratch = len(scratch)
    elif isinstance(scratch, Const) and isinstance(scratch.value, tuple):
        n_scratch = len(scratch.value)
    else:
        n_scratch = UNKNOWN
    return KernelInfo(body, node, api_name, semantics, compiler_params,
                      bound if bound is UNKNOWN else frozenset(bound),  # type: ignore[arg-type]
                      out_types, n_scratch)


def call_api(interp: Interpreter, name: str, args: list[object], kwargs: dict[str, object],
             node: ast.Call, arg_nodes: list[ast.expr], kw_nodes: dict[str, ast.expr],
             env: Env, ctx: Ctx) -> object:
    from .interpreter import MeshContext

    if ctx.launch is not None and name in OP_NAMES:
        return _record_op(interp, name, args, kwargs, node, arg_nodes, kw_nodes, ctx)
    if name == "plgpu.multicast_ref":
        return MulticastRefVal(_arg(args, kwargs, 1, "collective_axes"),
                               _arg_node(arg_nodes, kw_nodes, 1, "collective_axes"), node)
    if ctx.launch is not None and name == "plgpu.copy_smem_to_gmem":
        destination = _arg(args, kwargs, 1, "dst")
        if isinstance(destination, MulticastRefVal):
            nodes = {"collective_axes": destination.axes_node} if destination.axes_node else {}
            interp.record_op(name, node, {"collective_axes": destination.collective_axes}, nodes, ctx)

    if name == "jax.jit":
        fun = _arg(args, kwargs, 0, "fun")
        if fun is MISSING:
            return PartialVal(QualName(name), (), kwargs)
        return WrappedVal("jit", fun, node)
    if name == "jax.shard_map":
        fun = _arg(args, kwargs, 0, "f")
        if fun is MISSING:
            return PartialVal(QualName(name), (), kwargs)
        mesh = _arg(args, kwargs, 1, "mesh")
        if mesh is not MISSING and not (isinstance(mesh, MeshVal) and _mesh_usable(mesh, interp)):
            mesh = UNKNOWN
        manual_axes: object = None
        if "axis_names" in kwargs:
            manual = kwargs["axis_names"]
            manual_axes = const_strings(manual) if isinstance(manual, Const) else UNKNOWN
            if manual_axes is None:
                manual_axes = UNKNOWN
        return WrappedVal("shard_map", fun, node, mesh, manual_axes)
    if name == "jax.sharding.Mesh":
        return _mesh(interp, _arg(args, kwargs, 1, "axis_names"), node, "Mesh")
    if name == "jax.make_mesh":
        return _mesh(interp, _arg(args, kwargs, 1, "axis_names"), node, "make_mesh")
    if name == "jax.sharding.AbstractMesh":
        return _abstract_mesh(interp, args, kwargs, node)
    if name == "jax.set_mesh":
        return MeshContext(_arg(args, kwargs, 0, "mesh"))
    if name == "plgpu.kernel":
        body = _arg(args, kwargs, 0, "body")
        if body is MISSING:
            return PartialVal(QualName(name), (), kwargs)
        info = _kernel_info(body, node, "kernel", kwargs, "out_type", "scratch_types")
        interp.kernels.append(info)
        return KernelVal(info)
    if name == "pl.pallas_call":
        body = _arg(args, kwargs, 0, "kernel")
        if body is MISSING:
            return PartialVal(QualName(name), (), kwargs)
        if "out_shape" not in kwargs and len(args) > 1:
            kwargs = {**kwargs, "out_shape": args[1]}
        backend = kwargs.get("backend")
        mosaic_gpu = isinstance(kwargs.get("compiler_params"), CompilerParamsVal) or (
            isinstance(backend, Const) and backend.value == "mosaic_gpu"
        )
        if not mosaic_gpu:
            _call_callables(interp, args, kwargs, node, ctx)
            return UNKNOWN
        info = _kernel_info(body, node, "pallas_call", kwargs, "out_shape", "scratch_shapes")
        interp.kernels.append(info)
        return KernelVal(info)
    if name == "plgpu.CompilerParams":
        semantics = kwargs.get("lowering_semantics", MISSING)
        if semantics is MISSING:
            value: object = None
        elif isinstance(semantics, SemanticsVal):
            value = semantics
        else:
            value = UNKNOWN
        return CompilerParamsVal(value, interp.span(node), node)
    if name == "functools.partial":
        if not args:
            return UNKNOWN
        return PartialVal(args[0], tuple(args[1:]), kwargs)
    if name in {"jax.ShapeDtypeStruct", "plgpu.ShapeDtypeStruct"}:
        shape = _arg(args, kwargs, 0, "shape")
        dtype = dtype_of(_arg(args, kwargs, 1, "dtype"))
        return ShapeDtypeVal(shape if isinstance(shape, Const) else UNKNOWN, dtype or UNKNOWN)
    if name.startswith("plgpu.Layout."):
        layout_name = name.rsplit(".", 1)[-1]
        shape = _arg(args, kwargs, 0, "shape")
        vec = _arg(args, kwargs, None, "vec_size")
        vec_value: object = None if vec is MISSING else (vec.value if isinstance(vec, Const) else UNKNOWN)
        shape_node = _arg_node(arg_nodes, kw_nodes, 0, "shape")
        return LayoutVal(layout_name, interp.span(node), shape if isinstance(shape, Const) else UNKNOWN,
                         vec_value, shape_node)
    if name in {"builtins.tuple", "builtins.list"}:
        value = _arg(args, kwargs, 0, "iterable")
        if isinstance(value, Const) and isinstance(value.value, (tuple, str)):
            return Const(tuple(value.value), value.span)
        if isinstance(value, tuple):
            return value
        return UNKNOWN
    if name in _ARRAY_MAKERS:
        dtype_position, default = _ARRAY_MAKERS[name]
        shape = _arg(args, kwargs, 0, "shape")
        dtype_value = _arg(args, kwargs, dtype_position, "dtype")
        dtype = dtype_of(dtype_value) if dtype_value is not MISSING else DtypeVal(default)
        return ArrayVal(shape if isinstance(shape, Const) else UNKNOWN, dtype or UNKNOWN)
    if name in {"jnp.dtype", "np.dtype"}:
        return dtype_of(_arg(args, kwargs, 0, "dtype")) or UNKNOWN
    if name in _TRANSPARENT_WRAPPERS:
        fun = _arg(args, kwargs, 0, "fun")
        if fun is MISSING:
            return PartialVal(QualName("functools.identity"), (), {})
        return fun
    if name == "functools.identity":
        return args[0] if args else UNKNOWN
    from .interpreter import OpaqueScope

    if ctx.launch is not None and names.is_jax_api(name) and name not in _CALLS_ARGUMENTS:
        # An unmodelled JAX construct inside a kernel may bind axis names for its body.
        interp.call_callbacks(args, kwargs, node, replace(ctx, names_open=True), same_context=True)
        return OpaqueScope(name)
    # Code outside JAX that takes a callback (absl's app.run(main), timeit) calls it as
    # it is; another JAX transformation might add a mesh, so there the context is unknown.
    same_context = ctx.launch is not None or name in _CALLS_ARGUMENTS or not names.is_jax_api(name)
    interp.call_callbacks(args, kwargs, node, ctx, same_context=same_context)
    return UNKNOWN


def _mesh_usable(mesh: MeshVal, interp: Interpreter) -> bool:
    # jax-facts: AbstractMesh in shard_map works on 0.10.2 but not on 0.12.0.1.
    return not (mesh.kind == "AbstractMesh" and interp.version >= (0, 12))


def _call_callables(interp: Interpreter, args: list[object], kwargs: dict[str, object],
                    node: ast.Call, ctx: Ctx) -> None:
    interp.call_callbacks(args, kwargs, node, ctx, same_context=False)


def _record_op(interp: Interpreter, name: str, args: list[object], kwargs: dict[str, object],
               node: ast.Call, arg_nodes: list[ast.expr], kw_nodes: dict[str, ast.expr],
               ctx: Ctx) -> object:
    # Parameter positions per the public signatures in jax/_src/pallas/mosaic_gpu.
    positions = {
        "plgpu.multimem_store": (("source", 0), ("ref", 1), ("collective_axes", 2)),
        "plgpu.multimem_load_reduce": (("ref", 0), ("collective_axes", None), ("reduction_op", None)),
        "plgpu.semaphore_signal_multicast": (("semaphore", 0), ("value", 1), ("collective_axes", None)),
        "plgpu.layout_cast": (("x", 0), ("new_layout", 1)),
        "lax.axis_index": (("axis_name", 0),),
        "lax.axis_size": (("axis_name", 0),),
        "lax.broadcasted_iota": (("dtype", 0), ("shape", 1), ("dimension", 2)),
        "lax.iota": (("dtype", 0), ("size", 1)),
    }[name]
    values: dict[str, object] = {}
    nodes: dict[str, ast.expr] = {}
    for keyword, position in positions:
        values[keyword] = _arg(args, kwargs, position, keyword)
        arg_node = _arg_node(arg_nodes, kw_nodes, position, keyword)
        if arg_node is not None:
            nodes[keyword] = arg_node
    if name == "plgpu.layout_cast":
        layout = layout_of(values["new_layout"], nodes.get("new_layout"))
        values["new_layout"] = layout if layout is not None else UNKNOWN
    interp.record_op(name, node, values, nodes, ctx)
    for value in values.values():  # helper functions passed in are traced too
        if isinstance(value, (FuncVal, PartialVal)):
            interp.call_unknown_args(value, node, ctx)
    return UNKNOWN
