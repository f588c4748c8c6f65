"""The ref facts: each kernel ref's memory space, shape, dtype, transforms and views.

Recorded on the values themselves (``RefVal``), by the models of the calls that make
them: ``plgpu.SMEM(shape, dtype, transforms=...)`` / ``plgpu.TMEM`` / ``plgpu.GMEM``
give a ``RefTypeVal``; a launch (``plgpu.kernel``'s inputs and outputs are GMEM refs, a
Mosaic GPU ``pl.pallas_call`` without block specs copies each whole array into SMEM),
``scratch_types=`` / ``scratch_shapes=`` and ``pl.run_scoped`` turn types into refs;
``ref.at[...]`` makes a view whose shape follows the index. Anything not known stays
UNKNOWN, and the rules that read these facts are silent on it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import arrays, shape_index
from .arrays import dtype_of, permuted_view
from .pipelines import PipelineAllocationsVal
from .python.real import RealVal
from .ref_unions import RefUnionVal
from .values import (
    MISSING,
    UNKNOWN,
    AccRefVal,
    AccTypeVal,
    ArrayVal,
    BarrierRefVal,
    BarrierVal,
    Const,
    CopyPartitionVal,
    DimIndex,
    DSliceVal,
    DtypeVal,
    ListVal,
    QualName,
    RefTypeVal,
    RefVal,
    SemaphoreTypeVal,
    ShapeDtypeVal,
    TransformVal,
    WrappedVal,
    unpack,
)

if TYPE_CHECKING:
    from .jax_calls import Call

# JAX turns a 64-bit array argument into a 32-bit one unless x64 is on (arrays.array_dtype
# follows the program's x64). A declared type keeps its dtype either way: measured on 0.8.3,
# 0.10.2, 0.11.2 and 0.12.0.1, with x64 off, ``plgpu.SMEM(shape, jnp.float64)`` and an
# ``out_shape`` / ``out_type`` of ``jax.ShapeDtypeStruct(shape, jnp.float64)`` hand the body
# float64 refs, while a float64 argument arrives as float32.
_WIDE_DTYPES = frozenset({"float64", "int64", "uint64"})
_SPACES = {"plgpu.SMEM": "SMEM", "plgpu.TMEM": "TMEM", "plgpu.GMEM": "GMEM"}
_TRANSFORMS = {"plgpu.TilingTransform": ("tiling", "tiling"),
               "plgpu.SwizzleTransform": ("swizzle", "swizzle"),
               "plgpu.TransposeTransform": ("transpose", "permutation")}


def _ints(value: object) -> tuple[int, ...] | None:
    if isinstance(value, Const) and isinstance(value.value, tuple) \
            and all(type(v) is int for v in value.value):
        return value.value  # type: ignore[return-value]
    return None


def _int(value: object) -> int | None:
    return value.value if isinstance(value, Const) and type(value.value) is int else None  # type: ignore[return-value]


def ref_dtype(value: object) -> object:
    """The dtype of a declared buffer type (SMEM, TMEM, GMEM, ACC): as written, 64-bit too."""
    dtype = dtype_of(value)
    return dtype if dtype is not None else UNKNOWN


# ---------------------------------------------------------------- types and transforms

def _ref_type(call: Call) -> object:
    """``plgpu.SMEM(shape, dtype, transforms=())`` (and TMEM, GMEM): a buffer type."""
    shape = call.arg(0, "shape")
    if shape.__class__ is tuple:  # (only a tuple may hold an object with __index__)
        shape = shape_index.indexed(call, shape)
    shape_value: object = Const(_ints(shape)) if _ints(shape) is not None else UNKNOWN
    if shape_value is UNKNOWN and call.name == "plgpu.SMEM" and arrays.shape_refusal(shape) is not None:
        # A dimension that is no int (`(SIDE, SIDE)` of a math.sqrt): the buffer type's shape
        # is canonicalized when it is made, and JAX raises there (measured on 0.10.2 - 0.12.0.1).
        call.tracer.bridge_raised(call.node, TypeError(arrays.shape_refusal(shape)))
        return UNKNOWN
    transforms_value = call.arg(None, "transforms")
    transforms: object = ()
    lone = transforms_value if isinstance(transforms_value, TransformVal) else None
    if transforms_value is not MISSING:
        items = unpack(transforms_value)
        if items is None or not all(isinstance(item, TransformVal) for item in items):
            transforms = UNKNOWN
        else:
            transforms = tuple(items)
    made = RefTypeVal(_SPACES[call.name], shape_value, ref_dtype(call.arg(1, "dtype")), transforms,
                      call.node, call.arg(None, "packed"), call.arg(None, "collective"),
                      call.arg(None, "layout"), lone)
    call.tracer.record_ref_type(made)
    return made


def _accumulator(call: Call) -> object:
    """``plgpu.ACC(shape, dtype=jnp.float32)`` (WGMMAAccumulatorRef): an accumulator type."""
    shape = call.arg(0, "shape")
    dtype = call.arg(1, "dtype")
    return AccTypeVal(Const(_ints(shape)) if _ints(shape) is not None else UNKNOWN,
                      DtypeVal("float32") if dtype is MISSING else ref_dtype(dtype), call.node)


def _accumulator_init(call: Call) -> object:
    """``plgpu.ACC.init(array)``: an accumulator type of the array's shape and dtype, holding
    it (JAX's ``WGMMAAccumulatorRef(array.shape, array.dtype, _init=array)``)."""
    array = call.arg(0, "array")
    if isinstance(array, ArrayVal) and isinstance(array.shape, Const) \
            and isinstance(array.dtype, DtypeVal):
        return AccTypeVal(array.shape, array.dtype, call.node)
    return UNKNOWN


def _run_state(call: Call) -> object:
    """``pl.run_state(f)``: a function that calls ``f`` with refs of its one argument (a value
    or a tree of them) and returns their final values (python/interp/calling.py)."""
    body = call.arg(0, "f")
    return UNKNOWN if body is MISSING else WrappedVal("run_state", body, call.node)


def run_state_refs(initial: object, host: bool = False) -> tuple[object, object]:
    """What ``pl.run_state(f)(initial)`` hands ``f`` and returns, as far as followed: an
    accumulator (``plgpu.ACC.init(x)``) gives f its accumulator ref and returns its value, x's
    shape and dtype, strongly typed (as ``acc_ref[...]``: measured, storing it into a ref of
    another dtype fails PAL026's check); a tuple, each item; around a kernel (``host``), an
    array gives a ref of its shape and dtype, its memory space not known (what a
    ``pl.core_map(plgpu.Mesh(...))`` body closing over it reads and writes) and returns an
    array of them; anything else, unknown."""
    if isinstance(initial, AccTypeVal):
        return ref_of(initial, UNKNOWN), ArrayVal(initial.shape, initial.dtype, strong=True)
    if isinstance(initial, tuple):
        pairs = [run_state_refs(item, host) for item in initial]
        return tuple(ref for ref, _ in pairs), tuple(value for _, value in pairs)
    if host and isinstance(initial, ArrayVal) and isinstance(initial.shape, Const):
        ref = ref_of(initial, "GMEM")  # (its shape and dtype, wide dtypes unknown)
        return replace(ref, space=UNKNOWN), ArrayVal(ref.shape, ref.dtype)  # type: ignore[type-var]
    return UNKNOWN, UNKNOWN


def _new_ref(call: Call) -> object:
    """``jax.new_ref(x, memory_space=plgpu.GMEM)`` / ``jax.empty_ref(jax.ShapeDtypeStruct(...),
    memory_space=plgpu.GMEM)`` around a kernel (under jax.jit): a GMEM ref of the array's shape
    and dtype, what a ``pl.core_map(plgpu.Mesh(...))`` body closing over it writes. Another
    memory space, or none, or such a ref made inside a kernel: not followed (unknown)."""
    if call.ctx.launch is not None:
        return UNKNOWN
    source = call.arg(0, "init_val" if call.name == "jax.new_ref" else "ty")
    space = call.kwargs.get("memory_space", MISSING)
    if not (isinstance(space, QualName) and space.name == "plgpu.GMEM") \
            or not isinstance(source, (ArrayVal, ShapeDtypeVal)):
        return UNKNOWN
    return ref_of(source, "GMEM")


def _freeze(call: Call) -> object:
    """``jax.freeze(ref)``: the ref's value, an array of its shape and dtype."""
    ref = call.arg(0, "ref")
    if isinstance(ref, RefVal) and ref.root is None and call.ctx.launch is None:
        return ArrayVal(ref.shape, ref.dtype)
    return UNKNOWN


def _remote_ref(call: Call) -> object:
    """``plgpu.remote_ref(ref, device_id)``: the same buffer on another device (JAX appends a
    PeerMemRef transform, which keeps the shape, dtype and memory space): the ref's facts, and
    the device id it reaches (``peer``)."""
    ref = call.arg(0, "ref")
    if not isinstance(ref, RefVal) or call.ctx.launch is None:
        return UNKNOWN
    return replace(ref, peer=call.arg(1, "device_id"), peer_type=call.arg(2, "device_id_type"))


def _transform(call: Call) -> object:
    kind, keyword = _TRANSFORMS[call.name]
    raw = call.arg(0, keyword)
    value: object = _int(raw) if kind == "swizzle" else _ints(raw)
    made = TransformVal(kind, UNKNOWN if value is None else value, call.node)
    call.tracer.record_transform(made)
    return made


def _copy_partition(call: Call) -> object:
    """``plgpu.CopyPartition.PARTITIONED(axis)`` (0.10.2 on): the axis of the destination a
    partitioned collective copy splits (copy_gmem_to_smem's ``leader_tracked=``)."""
    axis = _int(call.arg(0, "axis"))
    return CopyPartitionVal(UNKNOWN if axis is None else axis)


_SEMAPHORE_TYPES = ("plgpu.SemaphoreType.REGULAR", "plgpu.SemaphoreType.BARRIER")


def _semaphore_type(call: Call) -> object:
    """``plgpu.SemaphoreType.REGULAR(shape)``: an array of semaphores of that shape (JAX's
    SemaphoreType.__call__, 0.8.3 - 0.12.0.1)."""
    shape = _ints(call.arg(0, "shape"))
    return SemaphoreTypeVal(call.name.rsplit(".", 1)[-1],
                            Const(shape) if shape is not None else UNKNOWN, call.node)


def _get_global(call: Call) -> object:
    """``pl.get_global(what)``: a ref to a global allocation of that type. Of a semaphore type,
    the semaphore ref a scratch buffer of it gives the body (one, or an array of that shape),
    so that the semaphore ops judge it alike (famheld2's ``get_global(REGULAR((2,)))``
    signalled whole); of any other type, not modelled."""
    what = call.arg(0, "what")
    if isinstance(what, SemaphoreTypeVal) or (isinstance(what, QualName) and what.name in _SEMAPHORE_TYPES):
        return ref_of(what, "SEMAPHORE")
    return UNKNOWN


FIND_SWIZZLE_OP = "plgpu.find_swizzle"


def swizzle_for_bits(bits: int) -> int | None:
    """What ``plgpu.find_swizzle(bits)`` returns: the largest of 128, 64, 32, 16 bytes that
    divides the minor dimension (the same loop in helpers.py of 0.8.3 - 0.12.0.1); None where
    none does, and JAX raises "No valid out swizzle ..." (PAL055)."""
    for swizzle_bytes in (128, 64, 32, 16):
        if bits % (swizzle_bytes * 8) == 0:
            return swizzle_bytes
    return None


def _find_swizzle(call: Call) -> object:
    """``plgpu.find_swizzle(minor_dim_bits, what="")``; a call the kernel body makes is
    recorded as an op (its bits and ``what``) for PAL055. Where no swizzle fits, the value
    stays unknown (JAX raises: nothing after it runs)."""
    bits = _int(call.arg(0, "minor_dim_bits"))
    if call.ctx.launch is not None:
        call.tracer.record_op(FIND_SWIZZLE_OP, call.node, {
            "minor_dim_bits": Const(bits) if bits is not None else UNKNOWN,
            "what": call.arg(1, "what")}, {}, call.ctx)
    found = swizzle_for_bits(bits) if bits is not None else None
    return UNKNOWN if found is None else Const(found)


def _dslice(call: Call) -> object:
    """``pl.ds(start, size=None, stride=1)``: with one argument, ``pl.ds(size)`` from 0."""
    start, size = call.arg(0, "start"), call.arg(1, "size")
    stride = call.arg(2, "stride")
    if size is MISSING:
        start, size = Const(0), start
    return DSliceVal(_part(start), _part(size), 1 if stride is MISSING else _part(stride))


def _part(value: object) -> object:
    if isinstance(value, Const) and value.value is None:
        return None
    found = _int(value)
    return found if found is not None else UNKNOWN


def python_slice(lower: object, upper: object, step: object) -> DSliceVal:
    """A ``start:stop:step`` written in a ref index."""
    return DSliceVal(_part(lower), None, _part(step), _part(upper), is_ds=False)


# ---------------------------------------------------------------- refs from types

def ref_of(value: object, space: object, declared: bool = False) -> object:
    """The ref JAX hands the body for an input array, output type or buffer type; a
    ``declared`` type (an output's ShapeDtypeStruct) keeps a 64-bit dtype, an argument's is
    left unknown unless its array's dtype already follows the program's x64."""
    if isinstance(value, AccTypeVal):
        return AccRefVal(value.shape, value.dtype, value.node)
    if isinstance(value, BarrierVal):
        return BarrierRefVal(value)
    if isinstance(value, QualName) and value.name in _SEMAPHORE_TYPES:
        return RefVal(Const(()), UNKNOWN, "SEMAPHORE", ())  # the bare type: one semaphore
    if isinstance(value, SemaphoreTypeVal):
        return RefVal(value.shape, UNKNOWN, "SEMAPHORE", (), node=value.node)
    if isinstance(value, RefTypeVal):
        return RefVal(value.shape, value.dtype, value.space, value.transforms, node=value.node)
    if isinstance(value, (ArrayVal, ShapeDtypeVal, RefVal)):
        dtype = value.dtype if isinstance(value.dtype, DtypeVal) \
            and (declared or value.dtype.name not in _WIDE_DTYPES) else UNKNOWN
        # An array whose space is not known is a pallas_call's under block specs or a grid:
        # the body sees a block of it, whose shape the specs give (not followed here).
        shape = value.shape if space is not UNKNOWN else UNKNOWN
        return RefVal(shape, dtype, space, ())
    if isinstance(value, tuple):
        # A tuple of buffer types is one argument, a tuple of refs (JAX unflattens the tree).
        return tuple(ref_of(item, space, declared) for item in value)
    if isinstance(value, RefUnionVal):
        # One argument: each group's refs in its own tree (a list of types, a list of refs).
        return tuple(_member_refs(group) for group in value.groups)
    return UNKNOWN


def _member_refs(group: object) -> object:
    if isinstance(group, RefTypeVal):
        return ref_of(group, UNKNOWN)
    if isinstance(group, ListVal):
        return ListVal([_member_refs(item) for item in group.items])
    if isinstance(group, tuple):
        return tuple(_member_refs(item) for item in group)
    return UNKNOWN


def _run_scoped(call: Call) -> object:
    """``pl.run_scoped(body, *types, **types)``: calls body with one ref per type, there."""
    if not call.args:
        return UNKNOWN
    body = call.args[0]
    refs = [ref_of(value, UNKNOWN) for value in call.args[1:]]
    for value in (*call.args[1:], *call.kwargs.values()):
        # A ClusterBarrier is recorded too: its axes are resolved when the kernel is lowered
        # (PAL025), as for one in scratch_types.
        if isinstance(value, (RefTypeVal, BarrierVal)):
            call.tracer.record_scoped_buffer(value, call.node, call.ctx)
        elif isinstance(value, PipelineAllocationsVal):  # a pipeline's get_allocations(...)
            for buffer in value.buffers:
                call.tracer.record_scoped_buffer(buffer, call.node, call.ctx)
    named = {key: ref_of(value, UNKNOWN) for key, value in call.kwargs.items()
             if key not in ("collective_axes", "**")}
    types = None if "**" in call.kwargs else (
        *call.args[1:], *(value for key, value in call.kwargs.items() if key != "collective_axes"))
    call.tracer.record_scoped_call(types, call.kwargs.get("collective_axes", MISSING), call.node, call.ctx)
    if "**" in call.kwargs:
        call.tracer.call_callbacks([body], {}, call.node, call.ctx, same_context=True)
        return UNKNOWN
    return call.tracer.call_value(body, refs, named, replace(call.ctx, scope_call=call.node))


# ---------------------------------------------------------------- views

def view(base: object, index: object) -> object:
    """``ref.at[index]``: the same buffer, its shape as the index leaves it."""
    if isinstance(base, BarrierRefVal):
        return BarrierRefVal(base.barrier, (*base.indices, index))  # PAL015 reads the index
    if not isinstance(base, RefVal):
        return base  # a multicast ref stays one (arrays.view)
    root = base.root or base
    dims = index_dims(base.shape, index)
    # (A remote ref's view is the peer's view: it keeps the device id.)
    if dims is None or base.views is UNKNOWN:
        return RefVal(UNKNOWN, base.dtype, base.space, base.transforms, UNKNOWN, root, base.node,
                      peer=base.peer, peer_type=base.peer_type)
    shape = indexed_shape(base.shape, dims)
    return RefVal(shape, base.dtype, base.space, base.transforms,
                  (*base.views, dims), root, base.node, peer=base.peer, peer_type=base.peer_type)  # type: ignore[misc]


def _transpose_ref(call: Call) -> object:
    """``plgpu.transpose_ref(ref, permutation)``: the same buffer seen with its dimensions
    permuted (JAX's TransformedRef: its shape is the permuted shape, the dtype and memory
    space are the buffer's). How the allocation's tiling and swizzle meet a transposed view is
    not followed: its transforms and views are unknown, so the rules that read them are
    silent on it, and those that read shape, dtype and space judge it."""
    base, permutation = call.arg(0, "ref"), _permutation(call.arg(1, "permutation"))
    if isinstance(base, RefVal) and base.root is None and not base.is_view and not _transformed(base):
        # A kernel's ref as handed to the body raises from 0.11.2 on ("The 'memory_space'
        # attribute is not available on traced array", measured on 0.11.2 and 0.12.0.1): only
        # a view of it (`ref.at[i]`, or a pipeline body's slot of its buffer) is followed, or
        # a buffer allocated with transforms, which the body gets as a TransformedRef undoing
        # them (JAX's SMEM.get_ref_aval). Its `.transpose(...)` method is followed instead.
        return UNKNOWN
    return permuted_view(base, permutation)


def _transpose_method(call: Call) -> object:
    """``ref.transpose(permutation)``: the view ``plgpu.transpose_ref`` makes, of any SMEM or
    GMEM ref, the kernel's own included (measured on 0.10.2, 0.11.2 and 0.12.0.1: a copy of
    it compares the permuted shape). Without a permutation JAX raises a TypeError ("missing 1
    required positional argument: 'permutation'"), not modelled: unknown."""
    return permuted_view(call.arg(0, "ref"), _permutation(call.arg(1, "permutation")))


def _transformed(ref: RefVal) -> bool:
    """A shared-memory buffer allocated with transforms (tiling, swizzle ...)."""
    return ref.space == "SMEM" and isinstance(ref.transforms, tuple) and bool(ref.transforms)


def _permutation(value: object) -> tuple[int, ...] | None:
    if isinstance(value, tuple):  # a tuple display: one value per axis
        value = Const(tuple(item.value if isinstance(item, Const) else item for item in value))
    return _ints(value)


def index_dims(shape: object, index: object) -> tuple[DimIndex, ...] | None:
    """One DimIndex per dimension of ``shape`` for a NumPy-style basic index (ints, slices,
    ``pl.ds``, one Ellipsis); None when the index or the shape is not known."""
    dims_of = _ints(shape)
    if dims_of is None or any(extent < 0 for extent in dims_of):
        return None  # a negative dimension: JAX refuses the shape itself, before any index
    if isinstance(index, Const) and isinstance(index.value, tuple):
        entries: list[object] = [Const(v) for v in index.value]
    elif isinstance(index, tuple):
        entries = list(index)
    else:
        entries = [index]
    ellipses = [i for i, e in enumerate(entries) if isinstance(e, Const) and e.value is Ellipsis]
    if len(ellipses) > 1:
        return None
    if ellipses:
        at = ellipses[0]
        fill = len(dims_of) - (len(entries) - 1)
        if fill < 0:
            return None
        entries = [*entries[:at], *[DSliceVal(None, None, None, None, is_ds=False)] * fill,
                   *entries[at + 1:]]
    if len(entries) > len(dims_of):
        return None
    entries += [DSliceVal(None, None, None, None, is_ds=False)] * (len(dims_of) - len(entries))
    result: list[DimIndex] = []
    for entry, extent in zip(entries, dims_of, strict=True):
        dim = _dim(entry, extent)
        if dim is None:
            return None
        result.append(dim)
    return tuple(result)


def _dim(entry: object, extent: int) -> DimIndex | None:
    if isinstance(entry, RealVal) and entry.known and isinstance(entry.real, slice):
        entry = _real_slice(entry.real)  # ``slice(None)`` called, not written as ``:``
    if isinstance(entry, Const):
        if type(entry.value) is not int:
            return None
        return DimIndex("int", entry.value + extent if entry.value < 0 else entry.value, 1)  # type: ignore[operator]
    if is_traced_int_scalar(entry):
        # A traced integer scalar (a fori_loop index, lax.rem of one): the dimension goes,
        # at a position not known.
        return DimIndex("int", None, 1)
    if not isinstance(entry, DSliceVal):
        return None  # an array index, or a value not known: not a basic index we follow
    stride = entry.stride if entry.stride is not None else 1
    known_stride = stride if type(stride) is int else None
    if entry.is_ds:
        start = entry.start if type(entry.start) is int else None
        size = entry.size if type(entry.size) is int else None
        return DimIndex("slice", start, size, known_stride)
    if known_stride is None or known_stride <= 0:
        return DimIndex("slice", None, None, known_stride)
    lower = 0 if entry.start is None else entry.start
    upper = extent if entry.stop is None else entry.stop
    if type(lower) is not int or type(upper) is not int:
        return DimIndex("slice", None, None, known_stride)
    start, stop, step = slice(lower, upper, known_stride).indices(extent)
    return DimIndex("slice", start, len(range(start, stop, step)), known_stride)


def is_traced_int_scalar(value: object) -> bool:
    """A 0-d array of an integer dtype (a traced scalar index)."""
    return isinstance(value, ArrayVal) and value.shape == Const(()) \
        and isinstance(value.dtype, DtypeVal) and value.dtype.name in _INDEX_DTYPES


_INDEX_DTYPES = frozenset({"int32", "int16", "int8", "uint32", "uint16", "uint8", "int64", "uint64"})


def _real_slice(made: slice) -> object:
    parts = (made.start, made.stop, made.step)
    if not all(part is None or type(part) is int for part in parts):
        return UNKNOWN
    return DSliceVal(made.start, None, made.step, made.stop, is_ds=False)


def indexed_shape(shape: object, dims: tuple[DimIndex, ...]) -> object:
    """The shape a view keeps: one entry per sliced dimension, when every size is known."""
    sizes = [dim.size for dim in dims if dim.kind == "slice"]
    if any(size is None for size in sizes):
        return UNKNOWN
    return Const(tuple(sizes))


def transforms_of(ref: RefVal) -> dict[str, object]:
    """The allocation's tiling, swizzle and transpose, by kind (only when each kind is given
    once): what the rules compare; {} when the transforms are not known."""
    if not isinstance(ref.transforms, tuple):
        return {}
    found: dict[str, object] = {}
    for transform in ref.transforms:
        if transform.kind in found:  # type: ignore[attr-defined]
            return {}
        found[transform.kind] = transform  # type: ignore[attr-defined]
    return found


HANDLERS = {
    **{name: _ref_type for name in _SPACES},
    **{name: _transform for name in _TRANSFORMS},
    "pl.ds": _dslice,
    "plgpu.find_swizzle": _find_swizzle,
    "pl.dslice": _dslice,
    "pl.run_scoped": _run_scoped,
    "pl.get_global": _get_global,
    "plgpu.ACC": _accumulator,
    "plgpu.WGMMAAccumulatorRef": _accumulator,
    "plgpu.ACC.init": _accumulator_init,
    "plgpu.WGMMAAccumulatorRef.init": _accumulator_init,
    "pl.run_state": _run_state,
    "jax.new_ref": _new_ref,
    "jax.empty_ref": _new_ref,
    "jax.freeze": _freeze,
    "plgpu.remote_ref": _remote_ref,
    "plgpu.transpose_ref": _transpose_ref,
    "jax.Ref.transpose": _transpose_method,
    "plgpu.CopyPartition.PARTITIONED": _copy_partition,
    **{name: _semaphore_type for name in _SEMAPHORE_TYPES},
}


def describe_ref(ref: RefVal) -> str:
    """The ref facts in a few words, for hover: 'SMEM (16, 128) float16, tiling (8, 64),
    swizzle 128, a view of (64, 128)'."""
    space = ref.space if isinstance(ref.space, str) else "memory space unknown"
    shape = str(ref.shape.value) if isinstance(ref.shape, Const) else "shape unknown"
    dtype = ref.dtype.name if isinstance(ref.dtype, DtypeVal) else "dtype unknown"
    parts = [f"{space} {shape} {dtype}"]
    if not isinstance(ref.transforms, tuple):
        parts.append("transforms unknown")
    else:
        parts += [f"{t.kind} {t.value if t.value is not UNKNOWN else 'unknown'}"  # type: ignore[attr-defined]
                  for t in ref.transforms]
    if ref.root is not None:
        root = "x".join(map(str, ref.root.shape.value)) if isinstance(ref.root.shape, Const) \
            else "unknown shape"  # type: ignore[arg-type]
        parts.append(f"a view of {root}" if ref.views is not UNKNOWN else f"a view of {root} (index unknown)")
    return ", ".join(parts)


def ds_past_end(ref: object, index: object) -> tuple[int, int, int, int, int] | None:
    """(start, size, stride, dim, axis) of the first ``pl.ds`` of ``index`` whose static start
    and size run past its dimension of ``ref`` (JAX's indexer refuses it while tracing:
    PAL081); on a ref indexed directly (a view's dims are relative to the view: not judged)."""
    # (Asked of every load, store and view on the keystroke path: an index with no pl.ds, the
    # common case, is told apart without a call.)
    if index.__class__ is DSliceVal:
        entries: tuple[object, ...] = (index,)
    elif index.__class__ is tuple:
        entries = index  # type: ignore[assignment]
        for entry in entries:
            if entry.__class__ is DSliceVal:
                break
        else:
            return None
    else:
        return None
    if not isinstance(ref, RefVal) or not isinstance(ref.shape, Const) \
            or not isinstance(ref.shape.value, tuple):
        return None
    if ref.views != () and not (isinstance(ref.views, tuple) and isinstance(ref.root, RefVal)
                                and ref.root.transforms == () and ref.transforms == ()
                                and not ref.transposed):
        # A view of a buffer with transforms: its shape as the indexer sees it is not
        # followed. (A plain index view, `scratch.at[0]`: JAX's indexer checks the view's own
        # shape, measured on 0.10.2: famheld15's multiple_smem_indexers.)
        return None
    extents = ref.shape.value
    if any(isinstance(e, Const) and e.value is Ellipsis for e in entries) or len(entries) > len(extents):
        return None
    for axis, (entry, dim) in enumerate(zip(entries, extents, strict=False)):
        if not isinstance(entry, DSliceVal) or not entry.is_ds or type(dim) is not int:
            continue
        start, size = entry.start, entry.size
        stride = 1 if entry.stride is None else entry.stride
        if type(start) is not int or type(stride) is not int or stride <= 0:
            continue
        if start >= dim and type(size) is int and size >= 0:
            # (JAX checks the start first, whatever the size: a pl.ds(128, 0) of a 128-row ref
            # raises too, measured on 0.10.2 - 0.12.0.1: famheld15's zip_pairs_segments)
            return start, size, stride, dim, axis
        if type(size) is not int or size <= 0:
            continue
        if start + (size - 1) * stride >= dim:
            return start, size, stride, dim, axis
    return None
