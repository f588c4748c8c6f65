"""Slices and elements of register arrays in the WG-strided layout, which Mosaic GPU cannot take.

``x_ref[...]`` of a ref with no transforms loads it into registers in the WG-strided layout
(``WGStridedFragLayout``): the array flattened, a few consecutive elements per thread.
``FragmentedArray.__getitem__`` (jax/experimental/mosaic/gpu/fragmented_array.py) slices tiled
layouts only, so ``x_ref[...][:128]``, ``x[1]`` or ``x[..., :64]`` of such an array makes
Lane's rule for ``lax.slice_p`` raise "NotImplementedError: Only arrays with tiled layouts can
be sliced" on the subscript's line. Under Warpgroup semantics layout inference finds no layout
for the loaded array that the slice accepts ("ValueError: Failed to infer a possible set of
layouts"), blamed on the jitted call. Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1, float32
and bfloat16, GMEM and SMEM refs: leading, trailing (``x[-128:]``), column (``x[:, :128]``,
``x[..., :128]``) slices and static int indices, of the loaded array or of an elementwise op
of it. A slice that takes every element (``x[0:256]``, ``x[:1000]`` of 256, ``x[:, :]``) is no
slice and lowers. Not judged: negative int indices (0.8.3 lowers ``x[-1]`` as a dynamic_slice,
which it has no rule for), ``None`` in the index (0.8.3: a gather), steps, ``pl.ds``, and int
indices under Warpgroup semantics where the release has no squeeze rule (0.8.3).

A new axis after one of the array's dims (``x[:, None]``, ``x[..., None]``, ``x[:, None, :]``)
is a ``broadcast_in_dim`` whose dims do not trail: Lane's rule raises "Unsupported layout:
WGStridedFragLayout(...)" on every release, and Warpgroup layout inference fails from 0.10.2
(0.8.3 fails ``x[None]`` too: not judged there); ``x[None]`` lowers from 0.10.2 under both.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from .layouts import RegisterLayout, strided_vec_size
from .mosaic_primitives import lowering_rules
from .ops import REGISTER_SLICE_OP
from .program import Program
from .ref_facts import index_dims
from .trace import Op
from .values import ArrayVal, Const, DSliceVal
from .versions import WARPGROUP_NEW_AXIS, holds


@dataclass(frozen=True)
class StridedSlice:
    op: Op
    shape: tuple[int, ...]
    dtype: str
    indexes_ints: bool  # some dimension is indexed by an int (squeezed)
    # ``x_ref[:128]`` where the subscript is written ``x_ref[...][:128]``: the ref indexed
    # alike, which loads just that part (the fix); None for another form.
    ref_form: str | None = None
    elements: int = 0  # how many elements the subscript takes
    # ``x[:, None]``: a new axis after one of the array's (Lane's broadcast_in_dim rule takes
    # no WG-strided array unless the new axes lead); no element is left out.
    new_axis: bool = False


def _entries(index: object) -> list[object]:
    if isinstance(index, Const) and isinstance(index.value, tuple):
        return [Const(value) for value in index.value]
    return list(index) if isinstance(index, tuple) else [index]


def _plain_entries(index: object) -> bool:
    """Ints that are not negative, Python slices without a step, one Ellipsis: nothing else."""
    for entry in _entries(index):
        if isinstance(entry, Const) and entry.value is Ellipsis:
            continue
        if isinstance(entry, Const):
            if type(entry.value) is not int or entry.value < 0:
                return False
        elif not isinstance(entry, DSliceVal) or entry.is_ds or entry.stride is not None:
            return False
    return True


def strided_slice(op: Op) -> StridedSlice | None:
    """The subscript, where it surely takes a proper slice (or an element) of a WG-strided
    array with static bounds; None otherwise."""
    x, index = op.args.get("x"), op.args.get("index")
    if not isinstance(x, ArrayVal) or x.layout is not RegisterLayout.STRIDED:
        return None
    shape = x.shape.value if isinstance(x.shape, Const) else None
    dtype = getattr(x.dtype, "name", None)
    if not isinstance(shape, tuple) or not shape or not isinstance(dtype, str) \
            or strided_vec_size(shape, x.dtype) is None or not _plain_entries(index):
        return None  # no strided layout for it: the load fails first (PAL027)
    dims = index_dims(x.shape, index)
    if dims is None:
        return None
    proper = False
    for dim, extent in zip(dims, shape, strict=True):
        if dim.kind == "int":
            if dim.start is None or not 0 <= dim.start < extent:
                return None  # out of bounds: JAX's own IndexError
            proper = True
        elif dim.start is None or dim.size is None or dim.stride != 1 or dim.size == 0:
            return None
        elif (dim.start, dim.size) != (0, extent):
            proper = True
    if not proper:
        return None
    elements = 1
    for dim in dims:
        elements *= 1 if dim.kind == "int" else dim.size  # type: ignore[operator]
    return StridedSlice(op, shape, dtype, any(dim.kind == "int" for dim in dims),
                        _ref_form(op.node), elements)


def _ref_form(node: ast.AST) -> str | None:
    """``x_ref[:128]`` for ``x_ref[...][:128]`` (a name's whole load, subscripted once)."""
    inner = getattr(node, "value", None)
    if isinstance(node, ast.Subscript) and isinstance(inner, ast.Subscript) \
            and isinstance(inner.value, ast.Name) and isinstance(inner.slice, ast.Constant) \
            and inner.slice.value is Ellipsis:
        index = node.slice
        text = ", ".join(ast.unparse(item) for item in index.elts) \
            if isinstance(index, ast.Tuple) else ast.unparse(index)
        return f"{inner.value.id}[{text}]"
    return None


def _whole_slice(entry: object) -> bool:
    return isinstance(entry, DSliceVal) and not entry.is_ds and entry.start is None \
        and entry.stop is None and entry.stride is None


def strided_new_axis(op: Op) -> StridedSlice | None:
    """``x[:, None]``, ``x[..., None]``: new axes (``None``) of a WG-strided array with every
    element kept, some of them after one of its dims; None otherwise (``x[None]`` lowers)."""
    x, index = op.args.get("x"), op.args.get("index")
    if not isinstance(x, ArrayVal) or x.layout is not RegisterLayout.STRIDED:
        return None
    shape = x.shape.value if isinstance(x.shape, Const) else None
    dtype = getattr(x.dtype, "name", None)
    if not isinstance(shape, tuple) or not shape or not isinstance(dtype, str) \
            or strided_vec_size(shape, x.dtype) is None:
        return None
    entries = _entries(index)
    ellipses = sum(1 for e in entries if isinstance(e, Const) and e.value is Ellipsis)
    news = sum(1 for e in entries if isinstance(e, Const) and e.value is None)
    explicit = len(entries) - ellipses - news
    if ellipses > 1 or explicit > len(shape) or not news or not all(
            _whole_slice(e) or (isinstance(e, Const) and e.value in (None, Ellipsis))
            for e in entries):
        return None
    consumed = 0  # the array's dims the index has passed
    for entry in entries:
        if isinstance(entry, Const) and entry.value is None:
            if consumed:
                count = 1
                for dim in shape:
                    count *= dim
                return StridedSlice(op, shape, dtype, False, None, count, new_axis=True)
        elif isinstance(entry, Const):  # the Ellipsis: the dims no other entry names
            consumed += len(shape) - explicit
        else:
            consumed += 1
    return None


def _has_squeeze(program: Program, semantics: str) -> bool:
    rules = lowering_rules()
    release = ".".join(str(part) for part in program.version)
    releases = [release] if release in rules else list(rules)
    return all("squeeze" in rules[name].get(semantics, frozenset()) for name in releases)


def strided_slices(program: Program) -> list[StridedSlice]:
    # The subscripts that load a ref (``x_ref[...]``): a ref_form must index a ref, not an
    # array named alike (``a[...][:128]`` of an array is the same slice again).
    ref_loads = {id(access.node) for access in program.ref_accesses if access.kind == "load"}
    found = []
    for ops in program.ops_named(REGISTER_SLICE_OP).values():
        for op in ops:
            judged = strided_slice(op) or strided_new_axis(op)
            if judged is None:
                continue
            if judged.ref_form is not None and id(getattr(op.node, "value", None)) not in ref_loads:
                judged = replace(judged, ref_form=None)
            semantics = program.semantics(op.launch.kernel).name
            if judged.new_axis and semantics == "Warpgroup" \
                    and not holds(WARPGROUP_NEW_AXIS, program.version):
                continue
            if semantics == "Lane" or (semantics == "Warpgroup" and (
                    not judged.indexes_ints or _has_squeeze(program, semantics))):
                found.append(judged)
    return found
