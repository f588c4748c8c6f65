"""Register layouts of a kernel's values under Lane semantics, propagated forward.

Under Lane lowering semantics Mosaic GPU gives every register value (a
``FragmentedArray``) a layout as the kernel is traced, from where the value came:
a constant broadcast to a shape (``jnp.zeros``, ``jnp.full(shape, 2.0)``) is a
*splat* (one register for the whole array); a load from a ref holds one element
per thread slot (a WG-strided layout for an untransformed ref, a tiled one for a
tiled ref): never a splat, for a non-scalar shape. An elementwise op of a splat
and another layout takes the other; of two splats, stays a splat.

Only what is sure is recorded (``ArrayVal.layout``); anything else is UNKNOWN and
the rules reading it stay silent. A ``plgpu.layout_cast`` leaves its result
UNKNOWN here (PAL003 reads casts from the trace order, ``casts.py``).

What reads it: a loop whose carry starts as a splat and comes back from the body
with a loaded layout (PAL017). Lane refuses it ("The loop body output has
unexpected layout", or for a ``fori_loop`` a ValueError that prints the two
pytrees of FragmentedArray); Warpgroup semantics infers the layouts and lowers it
(measured on JAX 0.8.3, 0.10.2 and 0.12.0.1).
"""

from __future__ import annotations

from enum import Enum

from .dtypes import DTYPE_BITS
from .values import UNKNOWN, ArrayVal, Const, DtypeVal, LayoutVal, QualName, unpack

# A warpgroup's threads (Mosaic GPU's WARPGROUP_SIZE).
WARPGROUP_SIZE = 128


class RegisterLayout(str, Enum):
    SPLAT = "splat"  # one value broadcast to the whole shape (WGSplatFragLayout)
    LOADED = "loaded"  # read from a ref: strided or tiled, one register per element slot
    # Read from a ref with no transforms and no views: Lane's WGStridedFragLayout, which
    # reduces over all its axes only (PAL051). Also a loaded layout (PAL017).
    STRIDED = "strided"
    # Cast by plgpu.layout_cast to a tiled layout (WGMMA, TCGEN05, ...) or to its transposed
    # form (WGMMA_TRANSPOSED, TCGEN05_TRANSPOSED: a load or store of it needs a transposed ref).
    TILED = "tiled"
    TILED_TRANSPOSED = "tiled_transposed"

    def describe(self) -> str:
        if self is RegisterLayout.SPLAT:
            return "a splat"
        if self in (RegisterLayout.TILED, RegisterLayout.TILED_TRANSPOSED):
            return "a tiled layout cast by plgpu.layout_cast"
        return "a layout loaded from a ref"


# What plgpu.layout_cast(x, plgpu.Layout.NAME) makes of an array's layout, by NAME: the cast's
# result has that layout (a name not here: not followed).
CAST_LAYOUTS = {
    "WG_STRIDED": RegisterLayout.STRIDED,
    "WGMMA": RegisterLayout.TILED, "TCGEN05": RegisterLayout.TILED,
    "WGMMA_TRANSPOSED": RegisterLayout.TILED_TRANSPOSED,
    "TCGEN05_TRANSPOSED": RegisterLayout.TILED_TRANSPOSED,
}


def layout_name(value: object) -> str | None:
    """The name of a register layout as the program gives it: ``plgpu.Layout.WGMMA`` (the
    attribute) or ``plgpu.Layout.WG_STRIDED(shape, vec_size)`` (a LayoutVal); None else."""
    if isinstance(value, LayoutVal):
        return value.name
    if isinstance(value, QualName) and value.name.startswith("plgpu.Layout."):
        return value.name.rsplit(".", 1)[-1]
    return None


# The layouts of a value read from a ref.
LOADED_LAYOUTS = (RegisterLayout.LOADED, RegisterLayout.STRIDED)


def splat(shape: object, dtype: object, strong: bool = False) -> ArrayVal:
    """A constant broadcast to ``shape`` (``jnp.zeros``, ``jnp.full`` of a scalar)."""
    return ArrayVal(shape, dtype, RegisterLayout.SPLAT, strong)


def loaded(shape: object, dtype: object, strided: bool = False) -> ArrayVal:
    """``x_ref[...]``: a load of the whole ref. Loaded only when its shape is known and not
    a scalar's (a 0-d load is a splat); ``strided``: the ref has no transforms nor views,
    so Lane loads it WG-strided (``WGStridedFragLayout.from_shaped_type``)."""
    sure = isinstance(shape, Const) and isinstance(shape.value, tuple) and len(shape.value) > 0
    layout = RegisterLayout.STRIDED if strided else RegisterLayout.LOADED
    return ArrayVal(shape, dtype, layout if sure else UNKNOWN)


def sliced_load(shape: object, dtype: object, transforms: object) -> ArrayVal:
    """``x_ref[idx]``: loaded too, where JAX's Lane get rule surely loads it (an untransformed
    ref: strided; a tiled and swizzled one: tiled). Another transform chain may be refused
    by that rule first ("Unsupported swizzle transform with strided layout", "Tiling without
    swizzle is not supported."), so its layout is left unknown."""
    kinds = tuple(getattr(t, "kind", None) for t in transforms) if isinstance(transforms, tuple) else None
    if kinds == () or (kinds == ("tiling", "swizzle") and _tile_fits_swizzle(transforms, dtype)):
        return loaded(shape, dtype)
    return ArrayVal(shape, dtype, UNKNOWN)


def _tile_fits_swizzle(transforms: tuple[object, ...], dtype: object) -> bool:
    """The rule's own checks of a tiled load (0.8.3 - 0.12.0.1): a 2-D tiling whose minor
    dimension is swizzle * 8 // the dtype's bits ("Minor tiling dimension does not fit
    swizzle")."""
    tiling, swizzle = (getattr(t, "value", None) for t in transforms)
    bits = DTYPE_BITS.get(dtype.name) if isinstance(dtype, DtypeVal) else None
    return isinstance(tiling, tuple) and len(tiling) == 2 and type(swizzle) is int \
        and bool(bits) and tiling[-1] == swizzle * 8 // bits  # type: ignore[operator]


def elementwise(layouts: list[object]) -> object:
    """The layout of an elementwise op of arrays (and Python scalars, passed as SPLAT)."""
    if any(layout is UNKNOWN for layout in layouts):
        return UNKNOWN
    others = {layout for layout in layouts if layout is not RegisterLayout.SPLAT}
    if not others:
        return RegisterLayout.SPLAT
    return others.pop() if len(others) == 1 else UNKNOWN


def carried(value: object) -> object:
    """What a loop body's carry parameter holds: the initial value's arrays (their layout is
    the carry's under Lane); anything else becomes a tracer, unknown here."""
    if isinstance(value, ArrayVal):
        return value
    items = unpack(value) if isinstance(value, tuple) else None
    if items is not None:
        return tuple(carried(item) for item in items)
    return UNKNOWN


def changed_layouts(init: object, out: object, path: tuple[int, ...] = ()
                    ) -> list[tuple[tuple[int, ...], ArrayVal, ArrayVal]]:
    """The carry items that start as a splat and come back from the body loaded, each with
    its position in the carry's tuples; items whose structure or layout is not known are
    left out."""
    if isinstance(init, ArrayVal) and isinstance(out, ArrayVal):
        if init.layout is RegisterLayout.SPLAT and out.layout in LOADED_LAYOUTS:
            return [(path, init, out)]
        return []
    if isinstance(init, tuple) and isinstance(out, tuple) and len(init) == len(out):
        found: list[tuple[tuple[int, ...], ArrayVal, ArrayVal]] = []
        for index, (first, last) in enumerate(zip(init, out, strict=True)):
            found.extend(changed_layouts(first, last, (*path, index)))
        return found
    return []


def strided_vec_size(shape: tuple[int, ...], dtype: object) -> int | None:
    """The vec_size of the WG-strided layout a load of ``shape`` gets by default
    (``WGStridedFragLayout.from_shaped_type``); None when it has none."""
    bits = DTYPE_BITS.get(dtype.name) if isinstance(dtype, DtypeVal) else None
    if not bits:
        return None
    size = 1
    for dim in shape:
        size *= dim
    if size == 0 or size % WARPGROUP_SIZE:
        return None
    vec_size = min(64 // bits, size // WARPGROUP_SIZE)
    while vec_size > 0 and size % (vec_size * WARPGROUP_SIZE):
        vec_size //= 2
    if vec_size == 0 or (vec_size * bits) % 8:
        return None
    return vec_size


def strided_misfit(layout: object) -> tuple[int, int] | None:
    """``plgpu.Layout.WG_STRIDED(shape, vec_size=v)`` whose elements are no multiple of v × 128:
    (elements, v). Mosaic GPU's ``WGStridedFragLayout`` refuses it when the layout is made
    (``ValueError((layout, 128))``, fragmented_array.py, 0.8.3 - 0.12.0.1), before any use of
    it is checked. None where it fits or is not known."""
    if layout.__class__ is not LayoutVal or layout.name != "WG_STRIDED":  # type: ignore[attr-defined]
        return None
    shape = layout.shape.value if layout.shape.__class__ is Const else None  # type: ignore[attr-defined]
    vec = layout.vec_size  # type: ignore[attr-defined]
    if shape.__class__ is not tuple or vec.__class__ is not int or vec <= 0:
        return None
    elements = 1
    for d in shape:  # (a loop, not all() over a generator: every layout cast of a keystroke)
        if d.__class__ is not int:
            return None
        elements *= d
    return (elements, vec) if elements % (vec * WARPGROUP_SIZE) else None
