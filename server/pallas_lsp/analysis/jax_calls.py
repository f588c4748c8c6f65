"""Models of the JAX calls the rules care about: what each returns, in abstract values.

``HANDLERS`` maps a JAX name to its model; each mirrors the real API's
signature (positional and keyword forms) as of JAX 0.10 - 0.12. Calls of the
ops table (ops.py) met inside a kernel body are recorded as ops. Any other JAX
call returns UNKNOWN; functions handed to it are still followed, so kernels
launched inside ``lax.cond`` or helpers passed to ``pl.when`` are seen.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from . import (
    arrays,
    devices,
    grid_axes,
    lax_dtypes,
    layouts,
    loop_types,
    mosaic_primitives,
    mosaic_refusals,
    names,
    nd_loops,
    pipelines,
    pytrees,
    ref_facts,
    ref_unions,
    register_values,
    shape_index,
    stdlib_calls,
    stdlib_values,
    warp_pipelines,
)
from .api_surface import shipped
from .arrays import dtype_of
from .axis_trace import HOST_AXIS_CALLS, mesh_sizes
from .kernel_mesh import float_grid_entry
from .model import Span
from .ops import (
    APPROX_CALLS,
    APPROX_OP,
    ASTYPE_CALL,
    ASTYPE_OP,
    BITCAST_CALL,
    BITCAST_OP,
    DEBUG_PRINT_CALL,
    DEBUG_PRINT_OP,
    NO_LAYOUT_RULE_CALLS,
    NO_LAYOUT_RULE_OP,
    OPS,
    RECORDED_BY_PARAMS,
    REDUCE_OP,
    REDUCTION_CALLS,
    REMOTE_CALLS,
    REMOTE_OP,
)
from .python import allow, bridge, copy_protocol, numpy_bridge, printing
from .python.exception_values import ExcVal
from .python.itemless import itemless_kind
from .python.real import RealVal
from .ref_ops import REF_OPS
from .trace import Ctx, GpuMeshVal, HostAxisQuery, MeshContext, OpaqueScope, PatchContext, WarpMeshVal
from .values import (
    MISSING,
    NUMPY_SCALAR_ORIGINS,
    UNKNOWN,
    AccRefVal,
    ArrayVal,
    BarrierVal,
    ClassVal,
    CompilerParamsVal,
    Const,
    DictVal,
    DtypeVal,
    Env,
    ForeignParamsVal,
    FuncVal,
    GridSpecVal,
    KernelInfo,
    KernelVal,
    LayoutVal,
    ListVal,
    MeshVal,
    ModuleVal,
    MulticastRefVal,
    ObjVal,
    PartialVal,
    QualName,
    RefVal,
    SemanticsVal,
    ShapeDtypeVal,
    SpecVal,
    ViewIndexer,
    WrappedVal,
    const_strings,
    pack,
    plain,
    unpack,
    within_size,
)
from .versions import (
    ABSTRACT_MESH_IN_SHARD_MAP,
    JAX_GET_ABSTRACT_MESH,
    MAKE_MESH_AXIS_SIZES,
    MAKE_MESH_EXPLICIT_DEFAULT,
    JaxVersion,
    holds,
)

# (functools.cache / lru_cache are wrappers with a cache of their own: python/cached.py.)
TRANSPARENT_DECORATORS = frozenset({
    "functools.wraps", "dataclasses.dataclass",
    "typing.overload", "typing.final",
})

# Wrappers that keep the mesh context and call the function they wrap.
_TRANSPARENT_WRAPPERS = frozenset({
    "jax.vmap", "jax.checkpoint", "jax.remat", "jax.named_call", "jax.custom_vjp",
    "jax.custom_jvp", "jax.ad_checkpoint.checkpoint", "jax.grad", "jax.value_and_grad",
    # make_jaxpr(f) traces f when it is called, with the arguments it is called with.
    "jax.make_jaxpr",
})

# Host-side APIs that call their function arguments right away, in the caller's context.
_CALLS_ARGUMENTS = frozenset({
    "lax.cond", "lax.switch", "lax.fori_loop", "lax.while_loop", "lax.scan", "lax.map",
    "jax.eval_shape", "jax.block_until_ready", "jax.tree.map",
    "jax.tree_util.tree_map", "pl.when", "pl.loop", "plgpu.nd_loop", "pl.run_scoped",
    "pl.run_state", "jax.lax.cond",
})

MAX_CONST_LENGTH = 4096
# Named-axis calls of jitted code (axis_index, axis_size, the psum family): outside any
# shard_map, or naming no axis of its mesh, each fails while traced ("unbound axis name").
HOST_AXIS_QUERIES = frozenset(HOST_AXIS_CALLS)
# plgpu.kernel's arguments that build its Mesh (checked by kernel_mesh.py).
KERNEL_MESH_ARGS = ("grid", "grid_names", "cluster", "cluster_names", "num_threads", "thread_name")

_SEMANTICS = {"Lane": "Lane", "Warpgroup": "Warpgroup"}

def layout_of(value: object, node: ast.AST | None = None) -> LayoutVal | None:
    if isinstance(value, LayoutVal):
        return value
    if isinstance(value, QualName) and value.name.startswith("plgpu.Layout."):
        span = Span.of(node) if node is not None and hasattr(node, "lineno") else Span(0, 0, 0, 0)
        return LayoutVal(value.name.rsplit(".", 1)[-1], span, vec_size=None)
    return None


def get_attribute(base: object, attr: str, node: ast.Attribute) -> object:
    if base.__class__ is QualName:  # a library name (no subclass): most attribute reads
        return _library_attribute(base, attr)  # type: ignore[arg-type]
    modelled = stdlib_calls.attribute(base, attr)
    if modelled is MISSING:
        modelled = arrays.attribute(base, attr)
    if modelled is MISSING:
        modelled = bridge.attribute(base, attr)
    if modelled is not MISSING:
        return modelled
    if isinstance(base, MeshVal):
        return _mesh_attribute(base, attr)
    if isinstance(base, devices.DevicesVal):
        return devices.attribute(base, attr)
    if isinstance(base, pipelines.BlockSpecVal):
        return pipelines.spec_attribute(base, attr)
    if isinstance(base, CompilerParamsVal):
        return _params_attribute(base, attr)
    if isinstance(base, grid_axes.GridAxisVal):
        return grid_axes.attribute(base, attr)
    if isinstance(base, pytrees.TreeDefVal):
        return Const(base.num_leaves) if attr == "num_leaves" else UNKNOWN
    if isinstance(base, MulticastRefVal) and attr == "at":
        return MulticastAt(base)
    if isinstance(base, ObjVal):
        return base.attrs.get(attr, UNKNOWN)  # the interpreter's data model asked first
    if isinstance(base, ModuleVal):
        return base.env.names.get(attr, UNKNOWN)
    if isinstance(base, WrappedVal) and base.kind == "jit" and attr in ("lower", "trace", "eval_shape"):
        # jax.jit(f).lower(x) / .trace(x) traces f with x: a launch like f(x).
        return PartialVal(base, (), {})
    if isinstance(base, ClassVal):
        return base.attrs.get(attr, UNKNOWN)
    if isinstance(base, PartialVal) and base.func == QualName(pipelines.RUN):
        return pipelines.attribute(base, attr)
    return UNKNOWN


def _library_attribute(base: QualName, attr: str) -> object:
    """An attribute of a library name: what the three modellers above give a QualName
    (``module.__dict__`` from stdlib_calls, an allow-listed constant such as ``math.pi``
    from the bridge; arrays models none), else the qualified name, without asking each."""
    if attr == "__dict__":
        return stdlib_calls.NamespaceDictOf(base)
    if not attr.startswith("_"):
        constant = allow.constant(f"{base.name}.{attr}")
        if constant is not MISSING:
            return Const(constant)
        if base.name == "np":
            kept = allow.kept_object(f"np.{attr}")
            if kept is not MISSING:
                return bridge.data(kept)
    if base.name == "typing" and attr == "TYPE_CHECKING":
        return Const(False)  # False whenever the program runs
    qual = names.attribute(base, attr)
    if qual.name.startswith(("plgpu.LoweringSemantics.", "mgpu.LoweringSemantics.")):
        return SemanticsVal(_SEMANTICS.get(attr, attr))
    return qual


def _mesh_attribute(mesh: MeshVal, attr: str) -> object:
    """``mesh.axis_names`` and, where the program wrote the sizes, ``mesh.shape`` (an ordered
    dict name -> size: ``tuple(mesh.shape)`` is the names), ``axis_sizes``, ``size``."""
    if attr == "axis_names":
        return Const(mesh.axes, mesh.span, origins=(mesh,) * len(mesh.axes))
    if attr == "abstract_mesh":
        return replace(mesh, kind="AbstractMesh")
    sizes = mesh.sizes
    if attr == "shape":
        shape = DictVal()
        for index, axis in enumerate(mesh.axes):
            size = sizes[index] if sizes is not None else None
            shape.store(Const(axis), Const(size) if size is not None else UNKNOWN)
        return shape
    if sizes is None or None in sizes:
        return UNKNOWN
    if attr == "axis_sizes":
        return Const(sizes)
    if attr == "size":
        product = 1
        for size in sizes:
            product *= size  # type: ignore[operator]
        return Const(product)
    return UNKNOWN
# Integer and float operators on known numbers; a result past these bounds is not a size
# or a width: leave it unknown rather than compute it.
_NUMBER_OPS: dict[type, Callable[[object, object], object]] = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,  # type: ignore[operator]
    ast.Mult: lambda a, b: a * b, ast.FloorDiv: lambda a, b: a // b,  # type: ignore[operator]
    ast.Mod: lambda a, b: a % b, ast.Div: lambda a, b: a / b,  # type: ignore[operator]
    ast.BitAnd: lambda a, b: a & b, ast.BitOr: lambda a, b: a | b,  # type: ignore[operator]
    ast.BitXor: lambda a, b: a ^ b,  # type: ignore[operator]
    ast.LShift: lambda a, b: a << b if 0 <= b <= 64 else None,  # type: ignore[operator]
    ast.RShift: lambda a, b: a >> b if 0 <= b <= 64 else None,  # type: ignore[operator]
    ast.Pow: lambda a, b: a ** b if type(b) is int and 0 <= b <= 64 and abs(a) <= 1 << 16 else None,  # type: ignore[operator]
}
_INT_ONLY = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)
MAX_NUMBER = 1 << 62


def binary(left: object, op: ast.operator, right: object, x64: bool | None = None) -> object:
    """``left op right`` of arrays and constants (``x64``: interpreter.x64, the dtype of a
    Python float with an integer array)."""
    with_array = arrays.binary(left, op, right, x64)
    if with_array is not MISSING:
        return with_array
    if isinstance(left, Const) and isinstance(right, Const):
        try:
            if isinstance(op, ast.Add) and type(left.value) is type(right.value) and isinstance(
                left.value, (tuple, str)
            ):
                # Axis names are short: a constant that grows past this is not one, and
                # doubling it in a loop must not exhaust memory.
                if len(left.value) + len(right.value) > MAX_CONST_LENGTH or not within_size(  # type: ignore[arg-type]
                        (left, right)):
                    return UNKNOWN
                return Const(left.value + right.value)  # type: ignore[operator]
            if not _is_number(left.value) or not _is_number(right.value):
                return bridge.binary(left, op, right)  # `"%s" % x`, `"ab" * 2`, `(x,) * n`
            result = _number(left.value, op, right.value)
            if (left.origins is NUMPY_SCALAR_ORIGINS or right.origins is NUMPY_SCALAR_ORIGINS) \
                    and result.__class__ is Const and type(result.value) is int:  # type: ignore[attr-defined]
                # A NumPy int with an int is a NumPy int (NEP 50): `ROWS // BLOCK` of an
                # np.int64 block is np.int64, which JAX's grid check refuses (PAL078).
                return Const(result.value, origins=NUMPY_SCALAR_ORIGINS)  # type: ignore[attr-defined]
            return result
        except (TypeError, OverflowError, ZeroDivisionError, ValueError):
            return UNKNOWN
    if isinstance(left, Const) and isinstance(left.value, (str, bytes)) and isinstance(op, ast.Mod):
        return bridge.binary(left, op, right)  # `"%(op)s" % config`, `"%s_%s" % (a, b)`
    if isinstance(left, RealVal) or isinstance(right, RealVal):
        # A kept real object's own operator (Counter `+ - & |`, set algebra), run for real.
        return bridge.binary(left, op, right)
    if isinstance(op, ast.Mult) and (isinstance(left, tuple) or isinstance(right, tuple)):
        return _repeated(left, right)
    return UNKNOWN


def _repeated(left: object, right: object) -> object:
    """``(a, b) * n`` (or ``n * (a, b)``) of a tuple of values and a known int: the items
    repeated, ``(AxisType.Explicit,) * 2``; unknown past the length a constant may have."""
    items, count = (left, right) if isinstance(left, tuple) else (right, left)
    if not (isinstance(count, Const) and type(count.value) is int) or not isinstance(items, tuple):
        return UNKNOWN
    if len(items) * max(count.value, 0) > MAX_CONST_LENGTH:
        return UNKNOWN
    return pack(list(items) * max(count.value, 0))


def _is_number(value: object) -> bool:
    return type(value) in (int, float)


@dataclass(frozen=True)
class MulticastAt:
    """``plgpu.multicast_ref(ref, axes).at``: indexing it is a window of the same multicast
    ref (JAX's own tests copy into ``multicast_ref(y_ref, "x").at[pl.ds(...)]``)."""

    ref: MulticastRefVal
def _number(a: object, op: ast.operator, b: object) -> object:
    kinds = (type(a), type(b))
    if not all(kind in (int, float) for kind in kinds):
        return UNKNOWN
    if float in kinds and isinstance(op, _INT_ONLY):
        return UNKNOWN
    function = _NUMBER_OPS.get(type(op))
    if function is None or (isinstance(op, ast.Mult) and (abs(a) >= 1 << 31 or abs(b) >= 1 << 31)):  # type: ignore[arg-type]
        return UNKNOWN
    result = function(a, b)
    if type(result) not in (int, float) or abs(result) > MAX_NUMBER:  # type: ignore[arg-type]
        return UNKNOWN
    return Const(result)


def subscript(base: object, index: object) -> object:
    if isinstance(base, QualName) and base.name in ("plgpu.LoweringSemantics", "mgpu.LoweringSemantics") \
            and isinstance(index, Const) and isinstance(index.value, str):
        # Enum's lookup by member name (EnumMeta.__getitem__); another name: KeyError, unknown.
        return SemanticsVal(index.value) if index.value in _SEMANTICS else UNKNOWN
    if isinstance(base, MulticastAt):
        return base.ref
    if base.__class__ is arrays.ArrayAt:
        return arrays.ArrayAtIndex(base.array, index)  # type: ignore[attr-defined]  # x.at[index]: its .set(...) and the rest
    if isinstance(base, devices.DevicesVal):
        return devices.index_devices(base, index)
    if isinstance(base, DictVal):
        return base.load(index)
    if isinstance(base, ViewIndexer):
        return ref_facts.view(base.base, index)
    if isinstance(base, RefVal):
        # A load from a ref: its dtype, and the shape the index leaves; a whole-ref load is
        # a loaded register value (its layout: layouts.py, PAL017).
        # A ref's dtype is a strong type (PAL026 compares it with what is stored).
        if isinstance(index, Const) and index.value is Ellipsis:
            strided = base.transforms == () and base.views == ()
            return replace(layouts.loaded(base.shape, base.dtype, strided), strong=True)
        dims = ref_facts.index_dims(base.shape, index)
        shape = ref_facts.indexed_shape(base.shape, dims) if dims is not None else UNKNOWN
        return replace(layouts.sliced_load(shape, base.dtype, base.transforms), strong=True)
    if isinstance(base, AccRefVal):
        # The accumulator's value (JAX's wgmma_accumulator_deref), or a slice of it: its
        # dtype, a strong type (measured: storing an int32 ACC into a float32 ref fails
        # PAL026's check), and the shape the index leaves; an index not followed: unknown.
        if isinstance(index, Const) and index.value is Ellipsis:
            return ArrayVal(base.shape, base.dtype, strong=True)
        dims = ref_facts.index_dims(base.shape, index)
        if dims is None:
            return UNKNOWN
        return ArrayVal(ref_facts.indexed_shape(base.shape, dims), base.dtype, strong=True)
    if isinstance(base, ArrayVal):
        # An element / slice of an array: the same dtype, and the shape the index leaves
        # (NumPy's basic indexing: ints, slices, pl.ds, `...`, as a ref's index is read).
        whole = isinstance(index, Const) and index.value is Ellipsis
        if whole:
            return ArrayVal(base.shape, base.dtype, base.layout, base.strong)
        dims = ref_facts.index_dims(base.shape, index) if isinstance(base.shape, Const) else None
        shape = ref_facts.indexed_shape(base.shape, dims) if dims is not None else UNKNOWN
        return ArrayVal(shape, base.dtype, UNKNOWN, base.strong)
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
    return _real_getitem(base, index)


def _real_getitem(base: object, index: object) -> object:
    """Any other subscript of a known Python value (``header[0:2]`` of bytes, a tuple by a
    ``slice`` object, a real object a bridged call made): the real ``operator.getitem``,
    through the bridge (unknown when either side is not known)."""
    if isinstance(base, (Const, tuple, RealVal)) or isinstance(index, RealVal):
        return bridge.run("operator.getitem", allow.resolve("operator.getitem"), [base, index], {})  # type: ignore[arg-type]
    return UNKNOWN


def slice_of(base: object, bounds: list[object]) -> object:
    """``axes[:1]`` of a constant tuple or string, or of a known sequence of other values
    (``sys.argv[1:]``), with constant int bounds; a slice of devices (devices.py); other known
    values (bytes, a real object) through the bridge."""
    if isinstance(base, devices.DevicesVal):
        return devices.slice_devices(base, bounds)
    if not (isinstance(base, Const) and isinstance(base.value, (tuple, str))) and not isinstance(base, tuple):
        if not isinstance(base, (Const, RealVal)):
            return UNKNOWN
        made = bridge.run("builtins.slice", slice, bounds, {})
        return _real_getitem(base, made) if made is not UNKNOWN else UNKNOWN
    values = []
    for bound in bounds:
        if not isinstance(bound, Const) or not (bound.value is None or type(bound.value) is int):
            return UNKNOWN
        values.append(bound.value)
    if values[2] == 0:
        return UNKNOWN
    if isinstance(base, tuple):
        return pack(list(base[slice(*values)]))
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


def _mesh(interp: Tracer, names_value: object, node: ast.Call, kind: str,
          sizes: tuple[int | None, ...] | None = None, device_ids: tuple[int, ...] | None = None) -> object:
    axes = const_strings(names_value)
    if axes is None:
        return UNKNOWN
    return MeshVal(axes, interp.span(node), kind, sizes, device_ids)


def _abstract_mesh(interp: Tracer, args: list[object], kwargs: dict[str, object],
                   node: ast.Call) -> object:
    axis_names = _arg(args, kwargs, 1, "axis_names")
    if axis_names is not MISSING:
        axes = const_strings(axis_names)
        sizes = mesh_sizes(_arg(args, kwargs, 0, "axis_sizes"), [], "jax.sharding.AbstractMesh",
                           len(axes) if axes is not None else 0)
        return _mesh(interp, axis_names, node, "AbstractMesh", sizes)
    # The older form: AbstractMesh(((name, size), ...)).
    pairs = _arg(args, kwargs, 0, "shape_tuple")
    if isinstance(pairs, Const) and isinstance(pairs.value, tuple) and all(
        isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in pairs.value
    ):
        sizes = tuple(p[1] if type(p[1]) is int else None for p in pairs.value)
        return MeshVal(tuple(p[0] for p in pairs.value), interp.span(node), "AbstractMesh", sizes)
    return UNKNOWN


def _names_tuple(value: object) -> tuple[str, ...] | None:
    if value is MISSING or (isinstance(value, Const) and value.value is None):
        return ()
    return const_strings(value)


def _launch_output(out: object) -> object:
    """The array a launch returns for one declared output: its shape and dtype, strongly
    typed (a declared 64-bit dtype stays 64-bit: ref_facts.ref_of's ``declared``)."""
    # (Identity tests: every kernel made passes here.)
    if out.__class__ in (ShapeDtypeVal, ArrayVal) and out.shape.__class__ is Const \
            and out.dtype.__class__ is DtypeVal:  # type: ignore[attr-defined]
        return ArrayVal(out.shape, out.dtype, strong=True)  # type: ignore[attr-defined]
    return UNKNOWN


def _kernel_info(body: object, node: ast.Call, api_name: str, kwargs: dict[str, object],
                 out_key: str, scratch_key: str) -> KernelInfo:
    params = kwargs.get("compiler_params", MISSING)
    compiler_params = params if isinstance(params, CompilerParamsVal) else None
    foreign = params if isinstance(params, ForeignParamsVal) else None
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
    if isinstance(out, (ShapeDtypeVal, ArrayVal)):
        # An array passes as its shape and dtype (JAX reads out_shape's .shape / .dtype).
        out_types: object = (out,)
        out_value: object = _launch_output(out)
    elif isinstance(out, tuple):
        out_types = out
        out_value = tuple(_launch_output(item) for item in out)
    else:
        out_types = out_value = UNKNOWN
    scratch = kwargs.get(scratch_key, MISSING)
    if scratch is MISSING:
        n_scratch: object = 0
    elif isinstance(scratch, tuple):
        n_scratch = len(scratch)
    elif isinstance(scratch, Const) and isinstance(scratch.value, tuple):
        n_scratch = len(scratch.value)
    else:
        n_scratch = UNKNOWN
    if scratch is MISSING:
        scratch_types: object = ()
    elif isinstance(scratch, tuple):
        scratch_types = scratch
    else:
        scratch_types = UNKNOWN
    scratch_by_name: tuple[tuple[str, object], ...] = ()
    if api_name == "kernel" and isinstance(scratch, DictVal) and scratch.complete \
            and all(isinstance(k, str) for k in scratch.items):
        # A dict of buffer types: JAX hands each to the body as its keyword (core.kernel).
        scratch_by_name = tuple((str(k), v) for k, v in scratch.items.items())
        n_scratch, scratch_types = 0, tuple(v for _, v in scratch_by_name)
    if api_name == "kernel":
        io_space: object = "GMEM"
    elif "**" in kwargs or any(key in kwargs for key in _BLOCKING_ARGS):
        io_space = UNKNOWN
    else:
        io_space = "SMEM"  # no specs: each whole array is copied into shared memory
    # plgpu.kernel passes its compiler params to the core_map primitive, which hashes them
    # (pl.pallas_call took a per-backend dict in older releases: not judged).
    unhashable = ("dict" if isinstance(params, DictVal) else "list" if isinstance(params, ListVal)
                  else None) if api_name == "kernel" else None
    return KernelInfo(body, node, api_name, semantics, compiler_params,
                      bound if bound is UNKNOWN else frozenset(bound),  # type: ignore[arg-type]
                      out_types, n_scratch, out_value=out_value, scratch_types=scratch_types,
                      io_space=io_space,
                      foreign_params=foreign, scratch_by_name=scratch_by_name,
                      params_unhashable=unhashable)


# pallas_call arguments that make the body's refs blocks (or GMEM refs) of the arrays.
_BLOCKING_ARGS = ("in_specs", "out_specs", "grid", "grid_spec")


class Tracer(Protocol):
    """What the models need of the interpreter (which implements it)."""

    version: JaxVersion
    kernels: list[KernelInfo]
    call_sites: list[ast.Call]  # the calls of user functions running now, innermost last
    unknown_rest: object  # the argument that stands for a *args of unknown length
    # Every plgpu.Barrier / plgpu.ClusterBarrier built, in the order the run met them.
    barriers: list[BarrierVal]
    # The mesh jax.set_mesh / use_abstract_mesh installed (None: none; UNKNOWN: cannot tell).
    context_mesh: object
    # id(call) -> (the call, the keyword names a **spread of a known dict passed it).
    spread_keywords: dict[int, tuple[ast.Call, set[str]]]
    # Whether 64-bit types are on (jax_enable_x64): False by JAX's default where the program
    # says nothing of it, None where it may turn them on (interpreter.x64).
    x64: bool | None

    # The grid envs `with pallas_core.grid_env(env):` made current, innermost last, and the
    # program_id / num_programs axes JAX refuses (grid_axes.py).
    grid_envs: list[object]
    grid_axis_faults: list[object]
    trace_stopped_launches: set[int]

    def set_context_mesh(self, mesh: object) -> None: ...

    def operator_raised(self, node: ast.AST, error: object) -> None: ...

    def record_escape(self, node: ast.Call, kind: type[BaseException], message: object) -> None: ...

    def bridge_raised(self, node: ast.Call, error: BaseException) -> None: ...

    def span(self, node: ast.AST) -> Span: ...

    def launch(self, info: KernelInfo, site: ast.Call, ctx: Ctx, env: Env | None = None,
               args: tuple[object, ...] = ()) -> object: ...

    def record_op(self, name: str, node: ast.Call, args: dict[str, object],
                  arg_nodes: dict[str, ast.expr], ctx: Ctx, lists: tuple[str, ...] = ()) -> None: ...

    def call_callbacks(self, args: list[object], kwargs: dict[str, object], node: ast.Call,
                       ctx: Ctx, *, same_context: bool) -> None: ...

    def call_callbacks_of_unknown(self, args: list[object], kwargs: dict[str, object], node: ast.Call,
                                  ctx: Ctx) -> None: ...

    def call_unknown_args(self, func: object, node: ast.Call, ctx: Ctx) -> None: ...

    def call_value(self, func: object, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object: ...

    def record_ref_op(self, name: str, node: ast.Call, args: dict[str, object],
                      arg_nodes: dict[str, ast.expr], ctx: Ctx) -> None: ...

    def record_transform(self, transform: object) -> None: ...

    def record_barrier(self, barrier: BarrierVal) -> None: ...

    def record_ref_type(self, made: object) -> None: ...

    def record_ref_union(self, made: object) -> None: ...

    def record_warp_body(self, func: object, node: ast.AST, ctx: Ctx) -> None: ...

    def record_scoped_buffer(self, buffer: object, node: ast.Call, ctx: Ctx) -> None: ...

    def record_scoped_call(self, types: tuple[object, ...] | None, collective_axes: object,
                           node: ast.Call, ctx: Ctx) -> None: ...

    def record_host_query(self, query: HostAxisQuery) -> None: ...

    # Python's operators as the program's own code runs them (``operator.add`` of arrays).
    def binary_op(self, left: object, op: ast.operator, right: object, ctx: Ctx) -> object: ...

    def unary_op(self, op: ast.unaryop, operand: object, ctx: Ctx) -> object: ...

    def each(self, operation: Callable[..., object], *values: object) -> object: ...


@dataclass(slots=True)
class Call:
    """One call of a JAX API, with its evaluated arguments and their syntax."""

    tracer: Tracer
    name: str
    args: list[object]
    kwargs: dict[str, object]
    node: ast.Call
    arg_nodes: list[ast.expr]
    kw_nodes: dict[str, ast.expr]
    ctx: Ctx
    # The positions and keywords whose argument was a list (the values above are plain tuples).
    lists: frozenset[int | str] = frozenset()

    def arg(self, position: int | None, keyword: str) -> object:
        return _arg(self.args, self.kwargs, position, keyword)

    def arg_node(self, position: int | None, keyword: str) -> ast.expr | None:
        return _arg_node(self.arg_nodes, self.kw_nodes, position, keyword)

    def is_list(self, position: int | None, keyword: str) -> bool:
        if keyword in self.kwargs:
            return keyword in self.lists
        return position is not None and position < len(self.args) and position in self.lists


Handler = Callable[[Call], object]
# The op of a lax call given a parameter some release's Mosaic GPU rule refuses (PAL019
# reads it: args["function"], its operand args["x"], and each such parameter given).
PARAMS_OP = "lax.*(param=)"
# The op of a call of a lax function whose number of cases Mosaic GPU limits (PAL019).
CASES_OP = "lax.*(*cases)"


def call_api(interp: Tracer, name: str, args: list[object], kwargs: dict[str, object],
             node: ast.Call, arg_nodes: list[ast.expr], kw_nodes: dict[str, ast.expr],
             env: Env, ctx: Ctx, lists: frozenset[int | str] = frozenset()) -> object:
    """The abstract value of calling the JAX API ``name`` (``env``: the caller's scope)."""
    call = Call(interp, name, args, kwargs, node, arg_nodes, kw_nodes, ctx, lists)
    if kwargs and "**" not in kwargs and len(kwargs) > len(node.keywords) - 1:
        spelled = [keyword.arg for keyword in node.keywords]
        if None in spelled:
            # The keywords a **spread of a known dict passed (PAL009 judges them as spelled).
            interp.spread_keywords.setdefault(id(node), (node, set()))[1].update(
                key for key in kwargs if key not in spelled)
    if ctx.launch is not None and name in REF_OPS:
        _record_ref_op(call)
    if ctx.launch is not None and name in RECORDED_BY_PARAMS:
        return _record_op(call)
    if ctx.launch is not None and name in mosaic_primitives.FUNCTIONS:
        # A function some release's Mosaic GPU lowering cannot lower (PAL019): recorded with
        # its first operand, then evaluated as before.
        interp.record_op(name, node, {"x": args[0] if args else UNKNOWN}, {}, ctx)
    if ctx.launch is not None and name in mosaic_refusals.PARAM_FUNCTIONS:
        # lax.exp(x, accuracy=...), lax.slice(x, start, limit, strides): refused by Mosaic GPU's
        # rule of some release (PAL019).
        given = _refusable_params(call, mosaic_refusals.PARAM_FUNCTIONS[name])
        if given:
            interp.record_op(PARAMS_OP, node, {"function": Const(name), "x": args[0] if args else UNKNOWN,
                                               **given}, {}, ctx)
    if ctx.launch is not None and name in mosaic_refusals.CASES_FUNCTIONS and not any(
            isinstance(arg, ast.Starred) for arg in node.args):
        # lax.select_n(which, *cases): Mosaic GPU's rule lowers two cases at most (PAL019).
        interp.record_op(CASES_OP, node, {"function": Const(name), "cases": Const(len(args) - 1)},
                         {}, ctx)
    if ctx.launch is not None and name in REDUCTION_CALLS and not any(
            isinstance(arg, ast.Starred) for arg in node.args):
        # jnp.sum(x, axis=1), x.max(axis=0): a reduction of a register array (PAL051); a
        # method's array is its first argument, so its axis is the second for both.
        interp.record_op(REDUCE_OP, node, {
            "function": Const(name), "x": args[0] if args else UNKNOWN, "axis": call.arg(1, "axis"),
            "extra": Const(tuple(sorted(key for key in kwargs if key != "axis"))),
            "positional": Const(len(args))}, {}, ctx)
    if ctx.launch is not None and name == BITCAST_CALL and not any(
            isinstance(arg, ast.Starred) for arg in node.args):
        # lax.bitcast_convert_type(x, jnp.int16) of a float32 array: refused by Mosaic GPU's
        # rule when the widths differ (PAL048).
        interp.record_op(BITCAST_OP, node, {"x": args[0] if args else UNKNOWN,
                                            "new_dtype": call.arg(1, "new_dtype")}, {}, ctx)
    if ctx.launch is not None and name in APPROX_CALLS:
        # jnp.exp(x) of a bfloat16 array in a kernel compiled with approx_math=True: its
        # approximate instruction takes float32 only (PAL058).
        interp.record_op(APPROX_OP, node, {"function": Const(name), "x": call.arg(0, "x")}, {}, ctx)
    if ctx.launch is not None and name == ASTYPE_CALL and len(args) >= 1 and not any(
            isinstance(arg, ast.Starred) for arg in node.args):
        # x.astype(jnp.float8_e4m3fn) of a bfloat16 array: a conversion Mosaic GPU has no
        # instructions for (PAL059).
        interp.record_op(ASTYPE_OP, node, {"x": args[0], "new_dtype": call.arg(1, "dtype")}, {}, ctx)
    if ctx.launch is not None and name == DEBUG_PRINT_CALL and not kwargs and not any(
            isinstance(arg, ast.Starred) for arg in node.args):
        # pl.debug_print("x = {:.3f}", x): Mosaic GPU's rule refuses format specs, named
        # fields and a count of values other than the placeholders' (PAL068).
        interp.record_op(DEBUG_PRINT_OP, node, {"fmt": call.arg(0, "fmt"),
                                                "values": Const(max(len(args) - 1, 0))}, {}, ctx)
    if ctx.launch is not None and name in NO_LAYOUT_RULE_CALLS:
        # lax.erf(x) under Warpgroup semantics: layout inference has no rule for math.erf
        # (PAL060).
        interp.record_op(NO_LAYOUT_RULE_OP, node, {"function": Const(name), "x": call.arg(0, "x")},
                         {}, ctx)
    if ctx.launch is not None and name in REMOTE_CALLS:
        # Another device reached by id (PAL021): recorded, then evaluated as before. A
        # semaphore_signal's device_id may be None (this device): only a known id counts.
        keyword, position = REMOTE_CALLS[name]
        device = call.arg(position, keyword)
        if device is not MISSING and device is not UNKNOWN and not (
                isinstance(device, Const) and device.value is None):
            interp.record_op(REMOTE_OP, node, {"function": Const(name), "device_id": device}, {}, ctx)
    if ctx.launch is None and ctx.jit_node is not None and name in HOST_AXIS_QUERIES:
        # Code around the launch asks for a named axis while it is traced (JAX's own
        # reduce_scatter calls lax.axis_size(axis_name) before building its kernel).
        keyword, position = HOST_AXIS_CALLS[name]
        interp.record_host_query(HostAxisQuery(name, node, call.arg(position, keyword), ctx))
    handler = HANDLERS.get(name)
    if handler is None and name.startswith("plgpu.Layout."):
        handler = _layout
    elif handler is None and allow.serves(name):
        handler = bridge.call_named
    return handler(call) if handler is not None else _other(call)


def _refusable_params(call: Call, wanted: frozenset[str]) -> dict[str, object]:
    """The parameters among ``wanted`` the call gives: as keywords, or positionally where the
    target release's signature (the API data) places them; none past a ``*args``."""
    found = {key: value for key, value in call.kwargs.items() if key in wanted}
    surface = shipped(call.tracer.version)
    params = surface.params(call.name) if surface is not None else None
    if params and not any(isinstance(arg, ast.Starred) for arg in call.node.args):
        for index, param in enumerate(params):
            if param.kind not in ("P", "PK"):
                break
            if param.name in wanted and index < len(call.args):
                found[param.name] = call.args[index]
    return found


def _other(call: Call) -> object:
    """Any JAX or library call we do not model: follow the functions handed to it."""
    name, ctx = call.name, call.ctx
    if ctx.launch is not None and names.is_jax_api(name) and name not in _CALLS_ARGUMENTS:
        # An unmodelled JAX construct inside a kernel may bind axis names for its body.
        warp_map = _warp_map(call)
        body = call.arg(0, "f")
        if warp_map:
            call.tracer.record_warp_body(body, call.node, ctx)
        body_ctx = replace(ctx, names_open=True, warp_level=ctx.warp_level or warp_map)
        if warp_map and len(call.args) == 1 and not call.kwargs and isinstance(body, (FuncVal, PartialVal)):
            # JAX calls f(lax.axis_index(<the warp mesh's axis>)): the warp id, an int32 scalar.
            call.tracer.call_value(body, [ArrayVal(Const(()), DtypeVal("int32"), strong=True)], {}, body_ctx)
        else:
            call.tracer.call_callbacks(call.args, call.kwargs, call.node, body_ctx, same_context=True)
        mesh = call.arg(0, "mesh")
        if name == "pl.core_map" and isinstance(mesh, WarpMeshVal):
            bound = frozenset(mesh.names) if mesh.names is not None else None
            return OpaqueScope(name, bound, warp_level=True)
        return OpaqueScope(name)
    # Code outside JAX that takes a callback (absl's app.run(main), timeit) calls it as
    # it is; another JAX transformation might add a mesh, so there the context is unknown.
    same_context = ctx.launch is not None or name in _CALLS_ARGUMENTS or not names.is_jax_api(name)
    if not names.is_jax_api(name) and name not in _CALLS_ARGUMENTS:
        # A library we do not model may or may not call what it is given (a registry, a
        # callback table): assumed called, to find launches, but not surely.
        call.tracer.call_callbacks_of_unknown(call.args, call.kwargs, call.node, ctx)
        return UNKNOWN
    call.tracer.call_callbacks(call.args, call.kwargs, call.node, ctx, same_context=same_context)
    return UNKNOWN


def _warp_map(call: Call) -> bool:
    """``plgpu.warp_map(f)`` runs f once per warp (warp-level semantics), on a release that has
    it (0.8.3 has not: the call is an AttributeError, PAL009's)."""
    if call.name != "plgpu.warp_map":
        return False
    surface = shipped(call.tracer.version)
    return surface is None or surface.params(call.name) is not None


def _loop(call: Call) -> object:
    """``lax.fori_loop`` / ``lax.while_loop`` in a kernel body: the body is traced once on the
    initial carry (its arrays keep their register layouts: analysis/layouts.py), and the loop
    is recorded with the carry it starts with and the one the body returns (PAL017)."""
    if call.ctx.launch is None:
        return _other(call)
    fori = call.name == "lax.fori_loop"
    body = call.arg(2 if fori else 1, "body_fun")
    init = call.arg(3 if fori else 2, "init_val")
    if not isinstance(body, (FuncVal, PartialVal)):
        return _other(call)
    refused = loop_types.fori_bounds_refused(call.arg(0, "lower"), call.arg(1, "upper"),
                                             call.tracer.x64) if fori else None
    if refused is not None:
        # fori_loop refuses its bounds before the body is traced (PAL077): no body, no value.
        call.tracer.record_op(call.name, call.node, {"bounds_refused": Const(refused)}, {}, call.ctx)
        return UNKNOWN
    carry = layouts.carried(init)
    scalar = _SCALAR_CARRY.get(type(init.value)) if isinstance(init, Const) else None
    if scalar is not None:
        # A Python number starts the carry as a weakly typed scalar of its kind (x64 off).
        carry = ArrayVal(Const(()), DtypeVal(scalar), strong=False)
    recorded: dict[str, object] = {"init_given": init}  # as written: its pytree structure (PAL077)
    if not fori:
        cond = call.arg(0, "cond_fun")
        if isinstance(cond, (FuncVal, PartialVal)):
            recorded["cond_out"] = call.tracer.call_value(cond, [carry], {}, call.ctx)
    out = call.tracer.call_value(body, [_loop_index(call), carry] if fori else [carry], {}, call.ctx)
    init_node = call.arg_node(3 if fori else 2, "init_val")
    call.tracer.record_op(call.name, call.node, {"init_val": carry, "body_out": out, **recorded},
                          {"init_val": init_node} if init_node is not None else {}, call.ctx)
    if loop_types.carry_changes(init, out) or ("cond_out" in recorded and loop_types.cond_refused(
            recorded["cond_out"])):
        return UNKNOWN  # JAX raises while tracing the loop (PAL077): it makes no value
    if scalar is not None and isinstance(out, ArrayVal) and out.shape == Const(()) \
            and isinstance(out.dtype, DtypeVal):
        # A weakly typed carry takes the type the body gives it (JAX promotes the initial
        # value and traces again): `fori_loop(lo, hi, lambda i, x: x + i, 0.0)` is float32.
        return out
    return carry


_SCALAR_CARRY = {bool: "bool", int: "int32", float: "float32"}


def _branches(call: Call) -> object:
    """``lax.cond(pred, true_fun, false_fun, *operands)`` / ``lax.switch(index, branches,
    *operands)`` in a kernel body: JAX traces every branch on the operands and compares their
    outputs (loop_types.branches_differ); outputs that surely differ raise TypeError while the
    body is traced (PAL077), recorded, and the call makes no value. Branches that agree give
    their one output; otherwise (or outside a kernel) as an unmodelled construct's."""
    switch = call.name == "lax.switch"
    if switch:
        funcs = unpack(call.arg(1, "branches")) or ()
    else:
        funcs = tuple(call.args[1:3]) if len(call.args) >= 3 else ()
    operands = call.args[2:] if switch else call.args[3:]
    rest = call.tracer.unknown_rest
    if call.ctx.launch is None or call.kwargs or len(funcs) < 2 or any(
            arg is rest for arg in call.args) or not all(
            isinstance(f, (FuncVal, PartialVal)) for f in funcs):
        return _other(call)
    outs = [call.tracer.call_value(f, list(operands), {}, call.ctx) for f in funcs]
    differ = loop_types.branches_differ(outs)
    if differ is not None:
        call.tracer.record_op(call.name, call.node, {"branches_differ": Const(differ)}, {}, call.ctx)
        return UNKNOWN
    return outs[0] if all(out == outs[0] for out in outs[1:]) else UNKNOWN


def _loop_index(call: Call) -> object:
    """The index a fori_loop hands its body: a traced int32 scalar when both bounds are Python
    ints (JAX's index takes their dtype, int32 with x64 off); unknown otherwise."""
    bounds = call.arg(0, "lower"), call.arg(1, "upper")
    if all(isinstance(b, Const) and type(b.value) is int for b in bounds):
        return ArrayVal(Const(()), DtypeVal("int32"))
    # An int32 scalar array bound (`2 + pl.program_id(0)`) with an int or another: int32, as
    # strongly typed as the array.
    int32_scalar = ArrayVal(Const(()), DtypeVal("int32"))
    if all((isinstance(b, Const) and type(b.value) is int) or (
            isinstance(b, ArrayVal) and (b.shape, b.dtype) == (int32_scalar.shape, int32_scalar.dtype))
            for b in bounds):
        return ArrayVal(Const(()), DtypeVal("int32"), strong=any(isinstance(b, ArrayVal) and b.strong
                                                                 for b in bounds))
    return UNKNOWN


def _emit_pipeline(call: Call) -> object:
    """``plgpu.emit_pipeline`` / ``plgpu.emit_pipeline_warp_specialized``: in a kernel body its
    configuration recorded and its body traced when the pipeline runs (analysis/pipelines.py,
    analysis/warp_pipelines.py); elsewhere traced as an unmodelled construct's."""
    return pipelines.emit_pipeline(call, lambda: _other(call))


def _run_pipeline(call: Call) -> object:
    """A pipeline's run: recorded (analysis/pipelines.py); a warp-specialized one's body is
    traced on its slot refs then (analysis/warp_pipelines.py)."""
    pipelines.run(call)
    pipeline = call.args[0] if call.args else None
    if isinstance(pipeline, pipelines.PipelineVal) and pipeline.api == pipelines.WS:
        warp_pipelines.trace(call, pipeline)
    return UNKNOWN


def _config_update(call: Call) -> object:
    """``jax.config.update(name, value)``: ``jax_enable_x64`` turns 64-bit types on or off from
    here on (the truth of a known value; unknown otherwise); other options change nothing the
    analysis models."""
    name, value = call.arg(0, "name"), call.arg(1, "val")
    if isinstance(name, Const) and name.value == "jax_enable_x64":
        call.tracer.x64 = bool(value.value) if isinstance(value, Const) else None
    elif not isinstance(name, Const):
        call.tracer.x64 = None  # an option the analysis cannot name may be that one
    return Const(None)


def _x64_context(call: Call) -> object:
    """``jax.enable_x64()`` / ``jax.experimental.enable_x64()`` / ``disable_x64()``: a context
    that changes x64 for its block, which is not followed: unknown from here on."""
    call.tracer.x64 = None
    return UNKNOWN


def _split_list(call: Call) -> object:
    """``jax._src.util.split_list(args, ns)``: the pieces of a known sequence at known sizes
    (the last piece the rest), as JAX's test harnesses split a kernel's refs."""
    items, sizes = unpack(call.arg(0, "args")), unpack(call.arg(1, "ns"))
    if items is None or sizes is None or not all(
            isinstance(size, Const) and type(size.value) is int and size.value >= 0 for size in sizes):
        return UNKNOWN
    pieces: list[object] = []
    for size in sizes:
        pieces.append(tuple(items[:size.value]))  # type: ignore[union-attr]
        items = items[size.value:]  # type: ignore[union-attr]
    return (*pieces, tuple(items))


def _flags(value: object) -> list[bool] | None:
    """A known sequence of bools (util's masks), None otherwise."""
    items = unpack(value)
    if items is None or not all(isinstance(i, Const) and type(i.value) is bool for i in items):
        return None
    return [i.value for i in items]  # type: ignore[union-attr]


def _partition_list(call: Call) -> object:
    """``jax._src.util.partition_list(bs, l)``: (the items where bs is False, those where it is
    True), as JAX's test harness splits a grid into sequential and parallel parts."""
    flags, items = _flags(call.arg(0, "bs")), unpack(call.arg(1, "l"))
    if flags is None or items is None or len(flags) != len(items):
        return UNKNOWN  # JAX asserts the lengths match
    # Lists in JAX; tuples here, as split_list's pieces (the harness only reads them).
    return (pack([x for b, x in zip(flags, items, strict=True) if not b]),
            pack([x for b, x in zip(flags, items, strict=True) if b]))


def _merge_lists(call: Call) -> object:
    """``jax._src.util.merge_lists(bs, l0, l1)``: l1's items where bs is True, l0's where it is
    False, in order (JAX asserts the counts match: unknown otherwise)."""
    flags = _flags(call.arg(0, "bs"))
    l0, l1 = unpack(call.arg(1, "l0")), unpack(call.arg(2, "l1"))
    if flags is None or l0 is None or l1 is None or sum(flags) != len(l1) \
            or len(flags) - sum(flags) != len(l0):
        return UNKNOWN
    i0, i1 = iter(l0), iter(l1)
    # A list, as JAX's: a grid env indexed past its end says "list index out of range".
    return ListVal([next(i1) if b else next(i0) for b in flags])


def _tree_leaves(call: Call) -> object:
    """``jax.tree.leaves(tree)``: the list of the tree's leaves (analysis/pytrees.py); unknown
    for an ``is_leaf`` or a tree not known."""
    if len(call.args) != 1 or call.kwargs:
        return UNKNOWN
    flat = pytrees.flatten(call.tracer.call_value, call.args[0], call.ctx)
    return ListVal(flat[0]) if flat is not None else UNKNOWN


def _tree_flatten(call: Call) -> object:
    """``jax.tree_util.tree_flatten(tree)``: (the list of its leaves, its structure)."""
    if len(call.args) != 1 or call.kwargs:
        return UNKNOWN
    flat = pytrees.flatten(call.tracer.call_value, call.args[0], call.ctx)
    return (ListVal(flat[0]), flat[1]) if flat is not None else UNKNOWN


def _tree_structure(call: Call) -> object:
    """``jax.tree_util.tree_structure(tree)``: its structure (a TreeDefVal)."""
    if len(call.args) != 1 or call.kwargs:
        return UNKNOWN
    flat = pytrees.flatten(call.tracer.call_value, call.args[0], call.ctx)
    return flat[1] if flat is not None else UNKNOWN


def _tree_unflatten(call: Call) -> object:
    """``jax.tree_util.tree_unflatten(treedef, leaves)``: the tree rebuilt (a registered class's
    unflatten run)."""
    treedef, leaves = call.arg(0, "treedef"), unpack(plain(call.arg(1, "leaves")))
    if not isinstance(treedef, pytrees.TreeDefVal) or leaves is None:
        return UNKNOWN
    return pytrees.unflatten(call.tracer.call_value, treedef, list(leaves), call.ctx)


def _tree_map(call: Call) -> object:
    """``jax.tree_util.tree_map(f, tree, *rest)``: f of each leaf (with the leaves of ``rest``
    at the same places), in a tree of ``tree``'s structure. A tree not known, an ``is_leaf``,
    or trees of other structures (JAX raises): the callbacks followed as before, unknown."""
    func = call.arg(0, "f")
    trees = call.args[1:]
    if not trees or set(call.kwargs) - {"is_leaf"} or call.kwargs.get("is_leaf", Const(None)) != Const(None) \
            or any(isinstance(arg, ast.Starred) for arg in call.node.args):
        return _other(call)
    flats = [pytrees.flatten(call.tracer.call_value, tree, call.ctx) for tree in trees]
    if any(flat is None for flat in flats) or not all(
            flat[1].same_structure(flats[0][1]) for flat in flats[1:]):  # type: ignore[index]
        return _other(call)
    first_leaves, treedef = flats[0]  # type: ignore[misc]
    results = [call.tracer.call_value(func, [leaf, *(flat[0][index] for flat in flats[1:])], {}, call.ctx)  # type: ignore[index]
               for index, leaf in enumerate(first_leaves)]
    return pytrees.unflatten(call.tracer.call_value, treedef, results, call.ctx)


def _register_pytree_node_class(call: Call) -> object:
    """``@jax.tree_util.register_pytree_node_class``: the class, registered with its own
    ``tree_flatten`` / ``tree_unflatten``."""
    cls = call.arg(0, "cls")
    if len(call.args) == 1 and not call.kwargs:
        pytrees.register_class(cls, pytrees.PytreeNode())
    return cls


def _register_pytree_node(call: Call) -> object:
    """``jax.tree_util.register_pytree_node(cls, flatten_func, unflatten_func)``."""
    if len(call.args) == 3 and not call.kwargs:
        pytrees.register_class(call.args[0], pytrees.PytreeNode(call.args[1], call.args[2]))
    return Const(None)


def _block_spec(call: Call) -> object:
    """``pl.BlockSpec`` / ``plgpu.BlockSpec``: its index_map followed as an unknown caller's
    callback is (a plain function: called here, with one unknown index per parameter, and
    how many indices it returns kept), the spec's fields kept (analysis/pipelines.py)."""
    index_map = call.arg(1, "index_map")
    returned: object = MISSING
    params: int | None = None
    reads: bool | None = None
    if isinstance(index_map, FuncVal) and index_map.self_value is None:
        spec = index_map.node.args
        count = len(spec.posonlyargs) + len(spec.args)
        if spec.vararg is None and not spec.defaults and not any(
                default is None for default in spec.kw_defaults):
            params = count  # exactly this many grid indices, no fewer, no more
        reads = pipelines.reads_parameters(index_map.node)
        # As _other would: in a kernel, under names the pipeline may bind; on the host, in an
        # unknown mesh context.
        ctx = replace(call.ctx, names_open=True) if call.ctx.launch is not None else replace(
            call.ctx, manual=UNKNOWN, manual_axes=None, ambient=UNKNOWN)
        returned = call.tracer.call_value(index_map, [UNKNOWN] * count, {}, ctx)
        if spec.vararg is not None:
            # `lambda *i: i` takes as many indices as the grid has: called with none here, its
            # result says nothing of how many it returns (the pipeline's grid does).
            returned = MISSING
        others = [a for a in call.args if a is not index_map]
        call.tracer.call_callbacks(others, call.kwargs, call.node, ctx, same_context=True)
    else:
        _other(call)
    return pipelines.block_spec(call, returned, params, reads)
def _barrier(call: Call) -> object:
    """plgpu.Barrier(num_arrivals=..., ...) / plgpu.ClusterBarrier(collective_axes=..., ...):
    keyword-only dataclasses; the value is recorded, for the checks JAX makes when it is
    built (num_arrivals) and when the kernel allocates it (its cluster axes)."""
    kind = call.name.rsplit(".", 1)[-1]
    if call.args or "**" in call.kwargs:
        return UNKNOWN  # JAX refuses positional arguments (a TypeError of no rule)
    barrier = BarrierVal(kind, call.node, call.kwargs.get("num_arrivals", MISSING),
                         call.kw_nodes.get("num_arrivals"),
                         call.kwargs.get("collective_axes", MISSING),
                         call.kw_nodes.get("collective_axes"),
                         call.kwargs.get("num_barriers", MISSING),
                         call.kwargs.get("orders_tensor_core", MISSING))
    call.tracer.record_barrier(barrier)
    return barrier


def _warp_mesh(call: Call) -> object:
    names = const_strings(call.arg(0, "axis_name"))
    return WarpMeshVal(names if names is not None and len(names) == 1 else None)


def _gpu_mesh(call: Call) -> object:
    """``plgpu.Mesh(...)``: its keywords as given (a dataclass of keyword-only fields on every
    release: a positional argument or another keyword is a TypeError, unknown here)."""
    if call.args or any(key not in _GPU_MESH_FIELDS and key != "**" for key in call.kwargs):
        return UNKNOWN
    if "**" in call.kwargs:
        return GpuMeshVal(None)
    return GpuMeshVal({key: call.kwargs[key] for key in KERNEL_MESH_ARGS if key in call.kwargs})


_GPU_MESH_FIELDS = frozenset({*KERNEL_MESH_ARGS, "kernel_name"})
# What ``pl.core_map(plgpu.Mesh(...), ...)`` returns, applied to the kernel body (the
# decorator's call): a name no program spells.
CORE_MAP_BODY = "pl.core_map.<body>"


def _core_map(call: Call) -> object:
    """``pl.core_map(plgpu.Mesh(...), compiler_params=...)`` outside a kernel: a decorator that
    launches a Mosaic GPU kernel when it is applied (JAX traces the body then, where it is
    applied: inside the jitted function). Any other mesh, or inside a kernel (a WarpMesh), is
    an unmodelled construct (``_other``)."""
    mesh = call.arg(0, "mesh")
    if call.ctx.launch is not None or not isinstance(mesh, GpuMeshVal) or len(call.args) > 1 \
            or _refused_keyword(call.tracer.version, call.name, call.kwargs):
        return _other(call)
    kwargs = {key: value for key, value in call.kwargs.items() if key != "mesh"}
    return PartialVal(QualName(CORE_MAP_BODY), (mesh, _CoreMapSite(call.node)), kwargs)


WHEN_BRANCH = "pl.when.<branch>"


def _when(call: Call) -> object:
    """``pl.when(condition)`` in a kernel body: a decorator. JAX's ``_wrapped(f)`` calls ``f()``
    for the Python bool True, skips it for False, and traces it as ``lax.cond``'s true branch
    for anything else: an array condition traces the body surely, whatever its value. Applied
    as ``pl.when(c)(f)`` as well as ``@pl.when(c)``."""
    if call.ctx.launch is None or len(call.args) != 1 or call.kwargs:
        return _other(call)
    return PartialVal(QualName(WHEN_BRANCH), (call.args[0],), {})


def _when_branch(call: Call) -> object:
    condition, body = call.arg(0, "condition"), call.arg(1, "f")
    if len(call.args) != 2 or call.kwargs or not isinstance(body, (FuncVal, PartialVal)):
        call.tracer.call_callbacks_of_unknown(call.args, call.kwargs, call.node, call.ctx)
        return UNKNOWN
    if isinstance(condition, Const) and type(condition.value) is bool:
        if condition.value:
            call.tracer.call_value(body, [], {}, call.ctx)
        return Const(None)
    if isinstance(condition, ArrayVal) or (
            isinstance(condition, Const) and type(condition.value) in (int, float)):
        call.tracer.call_value(body, [], {}, call.ctx)  # lax.cond traces its true branch
        return Const(None)
    # Not known to be an array: it may be the Python bool False, which skips the body.
    call.tracer.call_callbacks_of_unknown([body], {}, call.node, call.ctx)
    return Const(None)


class _CoreMapSite:
    """The ``pl.core_map(...)`` call a core_map kernel is made by (its KernelInfo's node)."""

    def __init__(self, node: ast.Call) -> None:
        self.node = node


def _core_map_body(call: Call) -> object:
    """``pl.core_map(mesh, ...)(body)``: a kernel of ``plgpu.kernel``'s mesh arguments and
    compiler params, launched here in the caller's context with no input or output refs (the
    body closes over the refs it writes, ``jax.new_ref(x, memory_space=plgpu.GMEM)``);
    ``scratch_shapes=`` (0.10.2 on) hands it one ref per buffer type, as plgpu.kernel's."""
    mesh, site, body = call.arg(0, "mesh"), call.arg(1, "site"), call.arg(2, "f")
    if not isinstance(mesh, GpuMeshVal) or not isinstance(site, _CoreMapSite) or body is MISSING \
            or len(call.args) != 3 or call.ctx.launch is not None:
        return UNKNOWN
    kwargs = dict(call.kwargs)
    if mesh.args is None:
        kwargs["**"] = UNKNOWN
    else:
        kwargs.update(mesh.args)
    info = _kernel_info(body, site.node, "core_map", kwargs, "out_shape", "scratch_shapes")
    info.out_types, info.io_space = (), "GMEM"
    if "**" not in kwargs:
        info.mesh_args = dict(mesh.args)  # type: ignore[arg-type]
    call.tracer.kernels.append(info)
    call.tracer.launch(info, call.node, call.ctx)
    return Const(None)


def _multicast_ref(call: Call) -> object:
    return MulticastRefVal(call.arg(1, "collective_axes"), call.arg_node(1, "collective_axes"),
                           call.node, call.is_list(1, "collective_axes"))


def _copy_smem_to_gmem(call: Call) -> object:
    # A copy into a plgpu.multicast_ref is a collective: its axes are the ref's.
    destination = call.arg(1, "dst")
    if call.ctx.launch is not None and isinstance(destination, MulticastRefVal):
        nodes = {"collective_axes": destination.axes_node} if destination.axes_node else {}
        call.tracer.record_op(call.name, call.node,
                              {"collective_axes": destination.collective_axes}, nodes, call.ctx,
                              ("collective_axes",) if destination.is_list else ())
    return _other(call)


def _jit(call: Call) -> object:
    fun = call.arg(0, "fun")
    if fun is MISSING:
        return PartialVal(QualName(call.name), (), call.kwargs)
    placed = "in_shardings" in call.kwargs or "**" in call.kwargs
    return WrappedVal("jit", fun, call.node, in_shardings=placed)


def _measure(call: Call) -> object:
    """``profiler.measure(f)``: calling it calls ``jax.jit(f)`` with the same arguments (then
    times it with CUPTI, and returns ``(out, runtime)``): a launch of f, as jit's. On a host
    without Mosaic GPU's runtime (a CPU host) it raises RuntimeError before f is traced, so
    lowering there cannot show the kernel's errors; a GPU's can."""
    fun = call.arg(0, "f")
    if fun is MISSING:
        return UNKNOWN
    return WrappedVal("measure", fun, call.node)


def _shard_map(call: Call) -> object:
    fun = call.arg(0, "f")
    if fun is MISSING:
        return PartialVal(QualName(call.name), (), call.kwargs)
    mesh = call.arg(1, "mesh")
    if mesh is not MISSING and not (isinstance(mesh, MeshVal) and mesh_usable(mesh, call.tracer)):
        mesh = UNKNOWN
    manual_axes: object = None
    axis_set: tuple[str, ...] | None = None
    if "axis_names" in call.kwargs:
        manual_axes = _manual_axis_names(call.kwargs["axis_names"])
        # Only a set reaches JAX's subset check: a tuple fails its type check first.
        value = call.kwargs["axis_names"]
        if isinstance(value, RealVal) and value.known and isinstance(value.real, (set, frozenset)):
            axis_set = manual_axes if isinstance(manual_axes, tuple) else None
    return WrappedVal("shard_map", fun, call.node, mesh, manual_axes, call.arg(None, "in_specs"),
                      axis_set)


def _manual_axis_names(value: object) -> object:
    """shard_map's ``axis_names=``: a set literal (a real frozenset/set of strings, kept
    in sorted order: only membership is read) or a tuple of strings; UNKNOWN otherwise."""
    if isinstance(value, RealVal) and value.known and isinstance(value.real, (set, frozenset)):
        names = value.real
        if all(isinstance(name, str) for name in names):
            return tuple(sorted(str(name) for name in names))
        return UNKNOWN
    strings = const_strings(value) if isinstance(value, Const) else None
    return UNKNOWN if strings is None else strings


def _built_mesh(call: Call, kind: str) -> object:
    """A concrete mesh: ``jax.sharding.Mesh(devices, names)``, ``jax.make_mesh(sizes, names)``
    (any spelling of the sizes, ``axis_types=``, ``devices=``), JAX's test utility
    ``jtu.create_mesh(shape, names)`` (a make_mesh, or a Mesh over the first devices)."""
    names_value = call.arg(1, "axis_names")
    axes = const_strings(names_value)
    if axes is None:
        if call.name == "jax.make_mesh" and "**" not in call.kwargs:
            # Names that are no strings: the sizes and names swapped, most often, which
            # make_mesh refuses at the sizes first (PAL085).
            keyword = "axis_sizes" if "axis_sizes" in call.kwargs else "axis_shapes"
            shapes_value = call.arg(0, keyword)
            if _sizes_refused(shapes_value):
                _record_mesh_refusal(call, (_sizes_word(call), 0, 0))
        return UNKNOWN
    if call.name == "jax.sharding.Mesh":
        shapes: object = call.arg(0, "devices")
        device_ids = devices.mesh_device_ids(shapes)
    else:
        keyword = "mesh_shape" if call.name == "jax._src.test_util.create_mesh" else (
            "axis_sizes" if "axis_sizes" in call.kwargs else "axis_shapes")
        shapes = call.arg(0, keyword)
        device_ids = None
    count = len(axes)
    # (Most meshes spell one size per name and no axis types: told apart here, without a call.)
    if call.name == "jax.sharding.Mesh" or "axis_types" in call.kwargs or not (
            (shapes.__class__ is tuple and len(shapes) == count)  # type: ignore[arg-type]
            or (shapes.__class__ is Const and shapes.value.__class__ is tuple  # type: ignore[attr-defined]
                and len(shapes.value) == count)):  # type: ignore[attr-defined]
        _refused_mesh(call, shapes, count)
    sizes = mesh_sizes(shapes, call.arg_nodes, MESH_SIZE_FORM.get(call.name, call.name), count)
    if call.name == "jax.make_mesh":
        # make_mesh(..., devices=D) keeps D's order (measured on the CPU: [4 5 6 7], [3 2 1 0]),
        # and takes as many as its sizes multiply to.
        count = math.prod(sizes) if sizes is not None and None not in sizes else None  # type: ignore[arg-type]
        device_ids = devices.mesh_device_ids(call.kwargs.get("devices"), count)
    if (sizes is None or None in sizes) and isinstance(shapes, devices.DevicesVal) and shapes.ids is not None:
        # Mesh(jax.devices()[:2], ("x",)): a 1-D mesh of as many devices as the list holds;
        # Mesh(np.reshape(devs, (2, 2)), …): the device array's own shape.
        shape = shapes.shape or (len(shapes.ids),)
        sizes = shape if len(shape) == len(axes) else sizes
    made = _mesh(call.tracer, names_value, call.node, kind, sizes, device_ids)
    types = _axis_types(call, len(axes))
    return replace(made, axis_types=types) if isinstance(made, MeshVal) and types is not None else made


_AXIS_TYPES = ("Auto", "Explicit", "Manual")


def _refused_mesh(call: Call, shapes: object, names: int) -> None:
    """A mesh JAX's Mesh refuses while it is built, whatever the devices (measured, 0.8.3 -
    0.12.0.1): a device array (make_mesh: a shape) of another rank than the number of axis
    names, or ``axis_types=`` of another count. Recorded for PAL085 where the ValueError
    surely reaches module level uncaught."""
    rank: int | None = None
    if call.name == "jax.sharding.Mesh":
        if isinstance(shapes, devices.DevicesVal) and (shapes.shape is not None or shapes.ids is not None):
            rank = len(shapes.shape) if shapes.shape is not None else 1
    elif call.name == "jax.make_mesh" and "**" not in call.kwargs:
        items = unpack(shapes) if isinstance(shapes, (tuple, Const)) else None
        rank = len(items) if items is not None else None
    given = call.arg(2 if call.name == "jax.sharding.Mesh" else None, "axis_types")
    types = None
    if given is not MISSING and given != Const(None) and "**" not in call.kwargs:
        entries = unpack(given) if isinstance(given, (tuple, Const)) else (
            [given] if isinstance(given, QualName) and ".AxisType." in f".{given.name}" else None)
        types = len(entries) if entries is not None else None
    if call.name == "jax.make_mesh" and rank is not None and _sizes_refused(shapes):
        # make_mesh reads each size with int() first (mesh_utils._canonicalize_axis_sizes).
        refusal: tuple[str, int, int] = (_sizes_word(call), rank, names)
    elif call.name == "jax.make_mesh" and rank is not None and _size_zero(shapes):
        # No device for an axis of size 0: make_mesh takes the first `prod(sizes)` devices and
        # reads devices[0] before any other check (measured, 0.8.3 - 0.12.0.1).
        _record_mesh_refusal(call, ("empty", rank, names), IndexError)
        return
    elif rank is not None and rank != names:
        refusal = ("rank", rank, names)
    elif types is not None and types != names:
        refusal = ("types", types, names)
    else:
        return
    _record_mesh_refusal(call, refusal)


def _record_mesh_refusal(call: Call, refusal: tuple[str, int, int],
                         kind: type[BaseException] = ValueError) -> None:
    tracer = call.tracer
    if tracer.escapes(kind) and not tracer.in_library(call.node):  # type: ignore[attr-defined]
        tracer.mesh_refusals.setdefault(id(call.node), (call.node, call.name, *refusal))  # type: ignore[attr-defined]


def _sizes_word(call: Call) -> str:
    """The keyword JAX's refusal of a size names: axis_sizes from 0.11.1, axis_shapes before."""
    return "axis_sizes" if holds(MAKE_MESH_AXIS_SIZES, call.tracer.version) else "axis_shapes"  # type: ignore[attr-defined]


def _size_zero(shapes: object) -> bool:
    """A make_mesh whose sizes are all known ints and one of them is 0."""
    items = unpack(shapes) if isinstance(shapes, (tuple, Const)) else None
    if not items or not all(isinstance(item, Const) and type(item.value) is int for item in items):
        return False
    return any(item.value == 0 for item in items)  # type: ignore[attr-defined]


def _sizes_refused(shapes: object) -> bool:
    """A make_mesh size that int() refuses: a string that is no number ("dev"), None."""
    items = unpack(shapes) if isinstance(shapes, (tuple, Const)) else None
    for item in items or ():
        if not isinstance(item, Const) or type(item.value) not in (str, type(None), int, float, bool):
            continue
        try:
            int(item.value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return True
    return False


def _axis_types(call: Call, count: int) -> tuple[str, ...] | None:
    """The mesh's jax.sharding.AxisType names: ``axis_types=`` as given (one type or a tuple
    of one per axis), else the maker's default on this release (Mesh: Auto; make_mesh:
    Explicit, MAKE_MESH_EXPLICIT_DEFAULT); None where not known."""
    given = call.arg(2 if call.name == "jax.sharding.Mesh" else None, "axis_types")
    if "**" in call.kwargs:
        return None
    if given is MISSING or given == Const(None):
        if call.name == "jax.sharding.Mesh":
            return ("Auto",) * count
        if call.name == "jax.make_mesh":
            explicit = holds(MAKE_MESH_EXPLICIT_DEFAULT, call.tracer.version)
            return ("Explicit" if explicit else "Auto",) * count
        return None
    entries = unpack(given) if isinstance(given, (tuple, Const)) else [given]
    if entries is None:
        return None
    names = []
    for entry in entries:
        name = entry.name.rpartition(".")[2] if isinstance(entry, QualName) else None
        if name not in _AXIS_TYPES or not isinstance(entry, QualName) or ".AxisType." not in f".{entry.name}":
            return None
        names.append(name)
    return tuple(names) if len(names) == count else None


# The makers whose first argument gives the sizes the way jax.make_mesh's does.
MESH_SIZE_FORM = {"jax._src.test_util.create_mesh": "jax.make_mesh"}


def _sharding_mesh(call: Call) -> object:
    return _built_mesh(call, "Mesh")


def _make_mesh(call: Call) -> object:
    return _built_mesh(call, "make_mesh")


def _abstract_mesh_call(call: Call) -> object:
    return _abstract_mesh(call.tracer, call.args, call.kwargs, call.node)


def _set_mesh(call: Call) -> object:
    """``jax.set_mesh(M)`` installs M as the context mesh when called (as a plain statement,
    for the rest of the program; as a ``with``, until its block ends). JAX accepts only a
    concrete Mesh or None, and only outside ``jax.jit``."""
    mesh = call.arg(0, "mesh")
    if isinstance(mesh, Const) and mesh.value is None:
        installed: object = None
    elif isinstance(mesh, MeshVal) and mesh.kind != "AbstractMesh" and call.ctx.jit_node is None:
        installed = mesh
    else:
        installed = UNKNOWN
    previous = call.tracer.context_mesh
    call.tracer.set_context_mesh(installed)
    return MeshContext(mesh, previous)


def _use_abstract_mesh(call: Call) -> object:
    """``with jax.sharding.use_abstract_mesh(M):`` sets the context mesh for its block."""
    mesh = call.arg(0, "mesh")
    return MeshContext(mesh if isinstance(mesh, MeshVal) else UNKNOWN, set_on_enter=True)


def _get_mesh(call: Call) -> object:
    """``jax.sharding.get_mesh()``: the concrete context mesh (JAX refuses it inside jit)."""
    mesh = call.tracer.context_mesh
    usable = isinstance(mesh, MeshVal) and mesh.kind != "AbstractMesh" and call.ctx.jit_node is None
    return mesh if usable else UNKNOWN


def _get_abstract_mesh(call: Call) -> object:
    """The mesh of the enclosing shard_map, else the context mesh (jax.set_mesh,
    use_abstract_mesh). ``jax.get_abstract_mesh`` is missing before 0.11.1 (an AttributeError:
    nothing is known past it)."""
    if call.name == "jax.get_abstract_mesh" and not holds(JAX_GET_ABSTRACT_MESH, call.tracer.version):
        return UNKNOWN
    manual = call.ctx.manual
    if isinstance(manual, MeshVal):
        # The enclosing shard_map's abstract mesh: a nested shard_map may take it as mesh=
        # (measured: it lowers, where the concrete mesh fails, PAL023).
        return replace(manual, kind="Manual")
    if manual is None:
        manual = call.tracer.context_mesh
    return manual if isinstance(manual, MeshVal) else UNKNOWN


def _patch_object(call: Call) -> object:
    new = call.arg(2, "new")
    return PatchContext(call.arg(0, "target"), call.arg(1, "attribute"), UNKNOWN if new is MISSING else new)


def _patch(call: Call) -> object:
    target, new = call.arg(0, "target"), call.arg(1, "new")
    if not (isinstance(target, Const) and isinstance(target.value, str) and "." in target.value):
        return PatchContext(UNKNOWN, UNKNOWN, UNKNOWN)
    module, _, name = target.value.rpartition(".")
    return PatchContext(QualName(names.canonical(module)), Const(name), UNKNOWN if new is MISSING else new)


def _plgpu_kernel(call: Call) -> object:
    body = call.arg(0, "body")
    if body is MISSING:
        return PartialVal(QualName(call.name), (), call.kwargs)
    # Either spelling of the output and scratch types (PAL009 judges which the release takes):
    # out_type= / scratch_types=, or out_shape= (also positional) / scratch_shapes=.
    kwargs = dict(call.kwargs)
    if len(call.args) > 1:
        kwargs.setdefault("out_shape", call.args[1])
    for new, old in (("out_type", "out_shape"), ("scratch_types", "scratch_shapes")):
        if new not in kwargs and old in kwargs:
            kwargs[new] = kwargs[old]
    info = _kernel_info(body, call.node, "kernel", kwargs, "out_type", "scratch_types")
    if "**" not in kwargs:
        info.mesh_args = {key: kwargs[key] for key in KERNEL_MESH_ARGS if key in kwargs}
        if "grid" in info.mesh_args:
            # Accepted here; the launch asserts int entries (PAL078).
            info.grid_not_int = float_grid_entry(info.mesh_args["grid"], numpy_ints=True)
        info.keywords = frozenset(call.kwargs)
        # A keyword a **kwargs forwarded: where the helper's caller spelled it.
        info.keyword_sites = {name: site for name in call.kwargs if name not in call.kw_nodes
                              for site in _spelled_at(call.tracer.call_sites, name)}
    if all(arg is not call.tracer.unknown_rest for arg in call.args):
        info.positional = len(call.args)
    call.tracer.kernels.append(info)
    return KernelVal(info)


def _spelled_at(sites: list[ast.Call], name: str) -> list[ast.keyword]:
    """The ``name=`` keyword of the call of the function running now, where that call spells
    it (none or one): one level of forwarding, the helper's own caller. A deeper chain
    may have built the dict elsewhere, so it is not followed."""
    if not sites:
        return []
    return [keyword for keyword in sites[-1].keywords if keyword.arg == name][:1]


def _pallas_call(call: Call) -> object:
    body = call.arg(0, "kernel")
    if body is MISSING:
        return PartialVal(QualName(call.name), (), call.kwargs)
    kwargs = call.kwargs
    if "out_shape" not in kwargs and len(call.args) > 1:
        kwargs = {**kwargs, "out_shape": call.args[1]}
    if _refused_keyword(call.tracer.version, "pl.pallas_call", kwargs):
        # TypeError at the call (PAL009): no kernel is built, nothing of it is traced.
        call.tracer.call_callbacks(call.args, kwargs, call.node, call.ctx, same_context=False)
        return UNKNOWN
    backend = kwargs.get("backend")
    mosaic_gpu = isinstance(kwargs.get("compiler_params"), CompilerParamsVal) or (
        isinstance(backend, Const) and backend.value == "mosaic_gpu"
    )
    if isinstance(kwargs.get("compiler_params"), ForeignParamsVal):
        # Another platform's kernel: its launch is recorded (PAL020 judges it where the file
        # is meant for Mosaic GPU), its body is not read as a Mosaic GPU kernel.
        info = _kernel_info(UNKNOWN, call.node, "pallas_call", kwargs, "out_shape", "scratch_shapes")
        call.tracer.kernels.append(info)
        return KernelVal(info)
    if not mosaic_gpu:
        call.tracer.call_callbacks(call.args, kwargs, call.node, call.ctx, same_context=False)
        return UNKNOWN
    conflict, not_sequence = _grid_spec_conflict(kwargs), _in_specs_not_sequence(kwargs)
    if conflict is not None or not_sequence is not None:
        # ValueError at the call (PAL052, PAL053): no kernel is built, nothing of it is traced.
        info = _kernel_info(UNKNOWN, call.node, "pallas_call", kwargs, "out_shape", "scratch_shapes")
        info.grid_spec_conflict, info.in_specs_not_sequence = conflict, not_sequence
        call.tracer.kernels.append(info)
        return UNKNOWN
    grid_float = None if "**" in kwargs else float_grid_entry(kwargs.get("grid", MISSING))
    if grid_float is not None:
        # GridSpec refuses a float grid entry at the call (PAL078), after the checks above.
        info = _kernel_info(UNKNOWN, call.node, "pallas_call", kwargs, "out_shape", "scratch_shapes")
        info.grid_not_int = grid_float
        call.tracer.kernels.append(info)
        return UNKNOWN
    info = _kernel_info(body, call.node, "pallas_call", kwargs, "out_shape", "scratch_shapes")
    if "grid_spec" not in kwargs and "**" not in kwargs and ("in_specs" in kwargs or "out_specs" in kwargs):
        info = replace(info, block_specs=(kwargs.get("in_specs", MISSING), kwargs.get("out_specs", MISSING)))
    info.io_aliases = UNKNOWN if "**" in kwargs else kwargs.get("input_output_aliases")
    info.grid = UNKNOWN if "**" in kwargs or "grid_spec" in kwargs else kwargs.get("grid", MISSING)
    call.tracer.kernels.append(info)
    return KernelVal(info)


def _grid_spec_conflict(kwargs: dict[str, object]) -> str | None:
    """The first of grid= / in_specs= / out_specs= / scratch_shapes= that pl.pallas_call
    refuses beside a grid_spec (its checks, in that order, on 0.8.3 - 0.12.0.1): a grid or
    scratch_shapes that is not empty, in_specs / out_specs given at all. None where the
    grid_spec is not surely a GridSpec or a value before the faulty one is not known."""
    if "**" in kwargs or not isinstance(kwargs.get("grid_spec"), GridSpecVal):
        return None
    for key in ("grid", "in_specs", "out_specs", "scratch_shapes"):
        if key not in kwargs:
            continue
        value = kwargs[key]
        if key in ("in_specs", "out_specs"):
            # `is not no_block_spec`: any value the program wrote, None too (pl.no_block_spec
            # itself, or a value not known, may be the default).
            if isinstance(value, (tuple, Const, pipelines.BlockSpecVal)):
                return key
            return None
        items = value.value if isinstance(value, Const) else value
        if not isinstance(items, (tuple, int)) or isinstance(items, bool):
            return None
        if items:
            return key
    return None


def _in_specs_not_sequence(kwargs: dict[str, object]) -> str | None:
    """pallas_call(in_specs=pl.BlockSpec(...)) or in_specs=None without a grid_spec: the
    GridSpec pallas_call builds refuses an in_specs that is not a sequence (0.8.3 - 0.12.0.1)."""
    if "**" in kwargs or ("grid_spec" in kwargs and not (
            isinstance(kwargs["grid_spec"], Const) and kwargs["grid_spec"].value is None)):
        return None
    value = kwargs.get("in_specs", MISSING)
    if isinstance(value, pipelines.BlockSpecVal):
        return "a BlockSpec"
    if isinstance(value, Const) and value.value is None:
        return "None"
    return None


def _grid_spec(call: Call) -> object:
    return GridSpecVal(call.node)


def _foreign_params(call: Call) -> object:
    """pltpu.CompilerParams(...) (and its older name TPUCompilerParams); Pallas Triton's
    (``jax.experimental.pallas.triton.CompilerParams``)."""
    platform = "Triton" if call.name.startswith("pl.triton.") else "TPU"
    return ForeignParamsVal(platform, call.name, call.tracer.span(call.node), call.node)


def _refused_keyword(version: JaxVersion, name: str, kwargs: dict[str, object]) -> bool:
    """Whether the release's signature of ``name`` (its shipped API surface) lacks one of
    the keywords passed, so that the call raises TypeError."""
    surface = shipped(version)
    params = surface.params(name) if surface is not None else None
    if params is None or any(p.kind == "VK" for p in params) or all(
            p.kind == "VP" for p in params) or "**" in kwargs:
        return False
    takes = {p.name for p in params if p.kind in ("PK", "KO")}
    return any(key not in takes for key in kwargs if key != "out_shape")


def _compiler_params(call: Call) -> object:
    semantics = call.kwargs.get("lowering_semantics", MISSING)
    if semantics is MISSING:
        value: object = None
    elif isinstance(semantics, SemanticsVal):
        value = semantics
    else:
        value = UNKNOWN
    given = None if "**" in call.kwargs else tuple(
        (key, item) for key, item in call.kwargs.items() if key in _PARAMS_READ)
    # A constant is no LoweringSemantics member (its members are the enum's own objects).
    misgiven = semantics if isinstance(semantics, Const) and not isinstance(semantics.value, tuple) else None
    return CompilerParamsVal(value, call.tracer.span(call.node), call.node, given, misgiven)


# plgpu.CompilerParams fields read back, with JAX's defaults (the same 0.8.3 - 0.12.0.1).
_PARAMS_READ = {"dimension_semantics": Const(None), "max_concurrent_steps": Const(1),
                "approx_math": Const(False), "profile_space": Const(0), "profile_dir": Const("")}


def _params_attribute(params: CompilerParamsVal, attr: str) -> object:
    if attr not in _PARAMS_READ or params.given is None:
        return UNKNOWN
    return dict(params.given).get(attr, _PARAMS_READ[attr])


def _async_load_tmem(call: Call) -> object:
    """``plgpu.async_load_tmem(src)``: a register array of the TMEM ref's shape (after its
    view) and dtype, strongly typed, loaded (JAX's ``_async_load_tmem_abstract_eval``: the
    ref's aval as an array). A ref not in tensor memory is PAL071's refusal: unknown."""
    src = call.arg(0, "src")
    if not isinstance(src, RefVal) or src.space != "TMEM" or "reduce" in call.kwargs \
            or "**" in call.kwargs:
        return UNKNOWN  # (0.12's reduce= folds columns: another shape)
    return replace(layouts.loaded(src.shape, src.dtype), strong=True)


def _partial(call: Call) -> object:
    if not call.args:
        return UNKNOWN
    return PartialVal(call.args[0], tuple(call.args[1:]), call.kwargs)


def _shape_dtype_struct(call: Call) -> object:
    shape = call.arg(0, "shape")
    if shape.__class__ is tuple:  # (only a tuple may hold an object with __index__)
        shape = shape_index.indexed(call, shape)
    dtype = dtype_of(call.arg(1, "dtype"))
    return ShapeDtypeVal(shape if isinstance(shape, Const) else UNKNOWN, dtype or UNKNOWN)


def _eval_shape(call: Call) -> object:
    """``jax.eval_shape(fun, *args, **kwargs)``: fun traced (as jit traces it) on abstract
    arrays, a ShapeDtypeStruct standing for an array of its shape and dtype; the arrays of its
    result given back as ShapeDtypeStructs (a kernel's out_type often is one), through JAX's
    pytrees (analysis/pytrees.py) as JAX maps them."""
    fun = call.arg(0, "fun")
    if fun is MISSING or "**" in call.kwargs or any(isinstance(arg, ast.Starred) for arg in call.node.args):
        return _other(call)
    args = [_map_leaves(call, arg, _abstract) for arg in call.args[1:]]
    kwargs = {key: _map_leaves(call, value, _abstract) for key, value in call.kwargs.items() if key != "fun"}
    traced = replace(call.ctx, jit_node=call.node, jit_call=call.ctx.jit_call or call.node)
    # JAX calls fun(*args, **kwargs): a def that cannot bind them raises CPython's TypeError
    # there, judged as a call spelled on eval_shape's line (PAL064).
    call.tracer.spelled_call = (call.node, args)  # type: ignore[attr-defined]
    return _map_leaves(call, call.tracer.call_value(fun, args, kwargs, traced), _struct_of)


def _abstract(value: object) -> object:
    """A leaf eval_shape hands its function: a ShapeDtypeStruct is an array of its shape and
    dtype (strongly typed); any other leaf as it is."""
    return ArrayVal(value.shape, value.dtype, strong=True) if isinstance(value, ShapeDtypeVal) else value


def _struct_of(value: object) -> object:
    """A leaf of eval_shape's result: an array as a ShapeDtypeStruct; anything else unknown."""
    if isinstance(value, ArrayVal) and not isinstance(value, RefVal):
        return ShapeDtypeVal(value.shape if isinstance(value.shape, Const) else UNKNOWN, value.dtype)
    return UNKNOWN


def _map_leaves(call: Call, tree: object, leaf: Callable[[object], object]) -> object:
    """``tree`` with ``leaf`` applied to each of its pytree leaves (analysis/pytrees.py);
    UNKNOWN for a tree not known."""
    flat = pytrees.flatten(call.tracer.call_value, tree, call.ctx)
    if flat is None:
        return UNKNOWN
    return pytrees.unflatten(call.tracer.call_value, flat[1], [leaf(item) for item in flat[0]], call.ctx)


def _shape_dtype_like(call: Call) -> object:
    """``jax.ShapeDtypeStruct.like(x)``: x's shape and dtype (other keywords: not modelled)."""
    like = call.arg(0, "x")
    if len(call.args) != 1 or call.kwargs or not isinstance(like, (ArrayVal, ShapeDtypeVal)):
        return UNKNOWN
    return ShapeDtypeVal(like.shape if isinstance(like.shape, Const) else UNKNOWN, like.dtype)


_WG_STRIDED = "plgpu.Layout.WG_STRIDED"


def _layout(call: Call) -> object:
    """plgpu.Layout.WG_STRIDED(shape, vec_size=...) and the other layout constructors."""
    shape = call.arg(0, "shape")
    # WGStridedFragLayout(shape, vec_size): JAX's own tests pass vec_size by position.
    vec = call.arg(1 if call.name == _WG_STRIDED else None, "vec_size")
    vec_value: object = None if vec is MISSING else (vec.value if isinstance(vec, Const) else UNKNOWN)
    return LayoutVal(call.name.rsplit(".", 1)[-1], call.tracer.span(call.node),
                     shape if isinstance(shape, Const) else UNKNOWN, vec_value,
                     call.arg_node(0, "shape"))


def _sequence(call: Call) -> object:
    value = call.arg(0, "iterable")
    kind = itemless_kind(value, call.arg_node(0, "iterable")) if len(call.args) == 1 and not call.kwargs \
        else None
    if kind is not None:
        # `tuple(ROWS)` of a number, `list(make_grid)`: CPython's TypeError (PAL079 where it escapes).
        said = Const(f"'{kind}' object is not iterable")
        call.tracer.operator_raised(call.node, ExcVal(TypeError, (said,)))
        return UNKNOWN
    if isinstance(value, devices.DevicesVal):
        return devices.DevicesVal(value.ids)  # list(devs): the same devices, a flat list
    if isinstance(value, Const) and isinstance(value.value, tuple):
        return Const(value.value, value.span, value.origins)
    if isinstance(value, Const) and isinstance(value.value, str):
        return Const(tuple(value.value), value.span)
    items = unpack(value)  # a complete dict's keys, an Enum's members
    return pack(items) if items is not None else UNKNOWN


def raised_while_read(tracer: Tracer, node: ast.Call, value: RealVal) -> None:
    """A call that read a real iterator that raised (real.RealVal.raised, `list(map(int,
    texts))`): the program's call raises it there too, unless hostnp's own code did
    (numpy_bridge.disowned)."""
    error = value.raised
    value.raised = None
    if error is not None and not numpy_bridge.disowned(error):
        tracer.bridge_raised(node, error)


def _partition_spec(call: Call) -> object:
    # Evaluated so that a shard_map's specs can tie their axis names to its mesh.
    if "**" in call.kwargs or any(not isinstance(a, (Const, tuple)) for a in call.args):
        return UNKNOWN
    return SpecVal(tuple(call.args))


def _transparent_wrapper(call: Call) -> object:
    fun = call.arg(0, "fun")
    if fun is MISSING:
        return PartialVal(QualName("functools.identity"), (), {})
    if call.name == "jax.vmap" and call.arg(3, "axis_name") not in (MISSING, Const(None)):
        # vmap(f, axis_name="batch") binds a name of its own for f: axis queries there
        # may name it (and a kernel's LookupError for it is not modelled).
        return WrappedVal("named_axes", fun, call.node)
    if call.name == "jax.vmap":
        # f sees each array without its mapped axis: shapes there are not the host's, but for
        # the default (in_axes=0, given no other way): the leading axis is the one mapped.
        in_axes = call.arg(1, "in_axes")
        leading = (in_axes is MISSING or in_axes == Const(0)) and "**" not in call.kwargs \
            and not any(isinstance(arg, ast.Starred) for arg in call.node.args)
        return WrappedVal("vmap", fun, call.node, in_specs=Const(0) if leading else None)
    return fun


def _jax_devices(call: Call) -> object:
    """``jax.devices()`` / ``jax.local_devices()``: every device, in id order (devices.py)."""
    return devices.ALL_DEVICES


def _at_get(call: Call) -> object:
    """``x.at[index].get()``: ``x[index]`` (its shape, x's dtype), as the subscript reads it."""
    if len(call.args) != 2 or not isinstance(call.args[0], ArrayVal):
        return UNKNOWN
    return subscript(call.args[0], call.args[1])


def _numpy_array(call: Call) -> object:
    """``np.array(devs)`` of devices is their ndarray; of anything else, host NumPy's
    (python/numpy_bridge.py)."""
    value = call.arg(0, "object")
    if isinstance(value, devices.DevicesVal):
        return devices.as_array(value)
    return bridge.call_named(call)


def _device_array_method(call: Call) -> object:
    return devices.method(call.name.rsplit(".", 1)[-1], call.args)


def _device_array_function(call: Call) -> object:
    if call.args and isinstance(call.args[0], devices.DevicesVal):
        return devices.numpy_function(call.name.rsplit(".", 1)[-1], call.args, call.kwargs)
    return bridge.call_named(call)


def _create_device_mesh(call: Call) -> object:
    """``mesh_utils.create_device_mesh(shape, devices=None)``: the devices (every one when
    none are given) reshaped to ``shape``; numpy raises unless they are exactly that many.
    Their order depends on the host: a CPU host keeps the order given, a GPU host sorts by
    id first (JAX's mesh_utils, 0.8.3 to 0.12.0.1), so only devices already in ascending id
    order are followed, the one order both hosts agree on."""
    given = call.arg(1, "devices")
    if given is MISSING or (isinstance(given, Const) and given.value is None):
        given = devices.ALL_DEVICES
    if not isinstance(given, devices.DevicesVal) or given.reverse:
        return UNKNOWN
    if given.ids is not None and list(given.ids) != sorted(given.ids):
        return UNKNOWN
    shape = call.arg(0, "mesh_shape")
    if isinstance(shape, ListVal) and shape.complete and all(isinstance(item, Const) for item in shape.items):
        shape = Const(tuple(item.value for item in shape.items))  # type: ignore[union-attr]
    if not (isinstance(shape, Const) and isinstance(shape.value, tuple)):
        return UNKNOWN
    return devices.reshape(devices.DevicesVal(given.ids, None, given.start), [shape])


def _identity(call: Call) -> object:
    return call.args[0] if call.args else UNKNOWN


def mesh_usable(mesh: MeshVal, interp: Tracer) -> bool:
    return mesh.kind != "AbstractMesh" or holds(ABSTRACT_MESH_IN_SHARD_MAP, interp.version)


def _record_ref_op(call: Call) -> None:
    """The operands of a data-movement call (ref_ops.py): facts for the rules that judge it."""
    values: dict[str, object] = {}
    nodes: dict[str, ast.expr] = {}
    for param in REF_OPS[call.name]:
        values[param.keyword] = call.arg(param.position, param.keyword)
        arg_node = call.arg_node(param.position, param.keyword)
        if arg_node is not None:
            nodes[param.keyword] = arg_node
    call.tracer.record_ref_op(call.name, call.node, values, nodes, call.ctx)


def _record_op(call: Call) -> object:
    values: dict[str, object] = {}
    nodes: dict[str, ast.expr] = {}
    lists = tuple(param.keyword for param in OPS[call.name].params
                  if call.is_list(param.position, param.keyword))
    for param in OPS[call.name].params:
        values[param.keyword] = call.arg(param.position, param.keyword)
        arg_node = call.arg_node(param.position, param.keyword)
        if arg_node is not None:
            nodes[param.keyword] = arg_node
    if call.name == "plgpu.layout_cast":
        layout = layout_of(values["new_layout"], nodes.get("new_layout"))
        values["new_layout"] = layout if layout is not None else UNKNOWN
    call.tracer.record_op(call.name, call.node, values, nodes, call.ctx, lists)
    for value in values.values():  # helper functions passed in are traced too
        if isinstance(value, (FuncVal, PartialVal)):
            call.tracer.call_unknown_args(value, call.node, call.ctx)
    if call.name == "plgpu.layout_cast":
        return _cast_value(values["x"], values["new_layout"])
    # Its value, where the op has a value handler (an iota is an array inside a kernel as
    # around one): recording it takes nothing from what it evaluates to.
    if call.name == nd_loops.ND_LOOP:
        return nd_loops.nd_loop(call)  # a decorator (recorded for PAL035 above)
    return HANDLERS[call.name](call) if call.name in arrays.VALUED_OPS else UNKNOWN


def _host_numpy_maker(call: Call) -> object:
    """``np.ones`` / ``np.zeros`` / ``np.empty``: host NumPy's array (its values, its dtype),
    else arrays' model of its shape (a call hostnp refuses)."""
    made = bridge.call_named(call)
    return made if made is not UNKNOWN else arrays.HANDLERS[call.name](call)


def _cast_value(x: object, layout: object) -> object:
    """``plgpu.layout_cast(x, layout)``: the same array (shape, dtype, strength) in the cast's
    layout (layouts.CAST_LAYOUTS; unknown for another); a scalar or a value not known: unknown."""
    if not isinstance(x, ArrayVal) or isinstance(x, RefVal):
        return UNKNOWN
    name = layout.name if isinstance(layout, LayoutVal) else None
    return ArrayVal(x.shape, x.dtype, layouts.CAST_LAYOUTS.get(name or "", UNKNOWN), x.strong)


HANDLERS: dict[str, Handler] = {
    "plgpu.multicast_ref": _multicast_ref,
    "plgpu.WarpMesh": _warp_mesh,
    "plgpu.Mesh": _gpu_mesh,
    "pl.core_map": _core_map,
    CORE_MAP_BODY: _core_map_body,
    "pl.when": _when,
    WHEN_BRANCH: _when_branch,
    "lax.fori_loop": _loop,
    "pl.BlockSpec": _block_spec,
    "pl.Squeezed": pipelines.squeezed,
    "pl.GridSpec": _grid_spec,
    "plgpu.BlockSpec": _block_spec,
    "plgpu.emit_pipeline": _emit_pipeline,
    pipelines.WS: _emit_pipeline,
    pipelines.RUN: _run_pipeline,
    pipelines.ALLOCATIONS: pipelines.run,
    "jax.config.update": _config_update,
    "jax._src.config.update": _config_update,
    "jax.enable_x64": _x64_context,
    "jax.experimental.enable_x64": _x64_context,
    "jax.experimental.disable_x64": _x64_context,
    "jax._src.util.split_list": _split_list,
    "jax._src.util.partition_list": _partition_list,
    "jax._src.util.merge_lists": _merge_lists,
    "jax.tree.leaves": _tree_leaves,
    "jax.tree_util.tree_leaves": _tree_leaves,
    "jax.tree.flatten": _tree_flatten,
    "jax.tree_util.tree_flatten": _tree_flatten,
    "jax.tree.structure": _tree_structure,
    "jax.tree_util.tree_structure": _tree_structure,
    "jax.tree.unflatten": _tree_unflatten,
    "jax.tree_util.tree_unflatten": _tree_unflatten,
    "jax.tree.map": _tree_map,
    "jax.tree_util.tree_map": _tree_map,
    "jax.tree_util.register_pytree_node_class": _register_pytree_node_class,
    "jax.tree_util.register_pytree_node": _register_pytree_node,
    **warp_pipelines.HANDLERS,
    "lax.while_loop": _loop,
    "lax.cond": _branches,
    "lax.switch": _branches,
    "plgpu.Barrier": _barrier,
    "plgpu.ClusterBarrier": _barrier,
    "plgpu.copy_smem_to_gmem": _copy_smem_to_gmem,
    "jax.jit": _jit,
    "mgpu.profiler.measure": _measure,
    "jax.shard_map": _shard_map,
    "jax.sharding.Mesh": _sharding_mesh,
    "jax.make_mesh": _make_mesh,
    "jax.sharding.AbstractMesh": _abstract_mesh_call,
    "jax.set_mesh": _set_mesh,
    "jax.sharding.use_abstract_mesh": _use_abstract_mesh,
    "jax.use_abstract_mesh": _use_abstract_mesh,
    "jax.sharding.get_abstract_mesh": _get_abstract_mesh,
    "jax.get_abstract_mesh": _get_abstract_mesh,
    "jax.sharding.get_mesh": _get_mesh,
    "jax._src.test_util.create_mesh": _make_mesh,
    "unittest.mock.patch.object": _patch_object,
    "unittest.mock.patch": _patch,
    "plgpu.kernel": _plgpu_kernel,
    "pl.pallas_call": _pallas_call,
    "plgpu.CompilerParams": _compiler_params,
    "plgpu.async_load_tmem": _async_load_tmem,
    "pl.tpu.CompilerParams": _foreign_params,
    "pl.triton.CompilerParams": _foreign_params,
    "pl.tpu.TPUCompilerParams": _foreign_params,
    "functools.partial": _partial,
    "jax.ShapeDtypeStruct": _shape_dtype_struct,
    "jax.eval_shape": _eval_shape,
    "jax.ShapeDtypeStruct.like": _shape_dtype_like,
    "plgpu.ShapeDtypeStruct": _shape_dtype_struct,
    "builtins.tuple": _sequence,
    "builtins.list": _sequence,
    "jax.sharding.PartitionSpec": _partition_spec,
    "jax.P": _partition_spec,
    **arrays.HANDLERS,
    # Host NumPy's where it can make them (analysis/hostnp: the values too), else the shape.
    **{f"np.{name}": _host_numpy_maker for name in ("ones", "zeros", "empty")},
    **register_values.HANDLERS,
    **ref_facts.HANDLERS,
    **ref_unions.HANDLERS,
    **{wrapper: _transparent_wrapper for wrapper in _TRANSPARENT_WRAPPERS},
    "functools.identity": _identity,
    "jax.devices": _jax_devices,
    "jax.experimental.mesh_utils.create_device_mesh": _create_device_mesh,
    "jax._src.mesh_utils.create_device_mesh": _create_device_mesh,
    "jax.local_devices": _jax_devices,
    "jax.Array.at.get": _at_get,
    "np.array": _numpy_array,
    "np.asarray": _numpy_array,
    **{f"np.ndarray.{name}": _device_array_method for name in devices.METHODS},
    "np.reshape": _device_array_function,
    "np.transpose": _device_array_function,
    **stdlib_calls.HANDLERS,
    **grid_axes.HANDLERS,
    nd_loops.ND_LOOP_BODY: nd_loops.nd_loop_body,
    **stdlib_values.HANDLERS,
    **bridge.HANDLERS,
    **copy_protocol.HANDLERS,
    **printing.HANDLERS,
}


def _lax_dtype_checked(handler: Handler) -> Handler:
    """A lax elementwise function's model behind JAX's dtype rule (lax_dtypes.py): where the
    operands' dtypes surely make it raise TypeError, the call raises it, as a standard library
    call run on the program's data does (PAL079 where it escapes); else the model's value."""
    def check(call: Call) -> object:
        if not call.kwargs:
            message = lax_dtypes.refusal(call.name, call.args, call.tracer.x64)
            if message is not None:
                call.tracer.bridge_raised(call.node, TypeError(message))
                return UNKNOWN
        return handler(call)

    return check


for _name in lax_dtypes.CHECKED:
    HANDLERS[_name] = _lax_dtype_checked(HANDLERS.get(_name, _other))
