"""PAL057 async_store_smem_operands: plgpu.async_store_smem of a register array whose shape or
dtype is not the target shared-memory ref's (refused where the store is traced), or, under
Lane, into a buffer without the tiling and swizzle the store needs (refused when lowered)."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program, short_repr
from ..smem_transforms import itemsize
from ..values import ArrayVal, Const, DtypeVal, RefVal
from ..versions import ASYNC_STORE_SMEM, holds
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL057",
    name="async_store_smem_operands",
    title="plgpu.async_store_smem's value does not match its target ref, or the ref is not tiled "
          "and swizzled (Lane)",
    jax_message=(
        "TypeError: The stored value has shape (128,), but the target reference has shape (64,)\n"
        "TypeError: The stored value has dtype float32, but the target reference has dtype "
        "float16\n"
        "NotImplementedError: async_store_smem requires a tiled and swizzled ref"
    ),
    lowering_errors=(
        LoweringError(r"The stored value has shape .*, but the target reference has\s+shape",
                      exc_type="TypeError"),
        LoweringError(r"The stored value has dtype .*, but the target reference has\s+dtype",
                      exc_type="TypeError"),
        LoweringError(r"async_store_smem requires a tiled and swizzled ref",
                      exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "`plgpu.async_store_smem(src, ref, barrier, cluster_idx=..., cluster_dim=...)` copies a "
        "register array into the shared memory of a block of the cluster, element for element: "
        "`src` must have the target ref's shape and dtype (after its `.at[...]`). It does not "
        "broadcast, slice or convert. Under Lane semantics the target must also be tiled and "
        "swizzled (`plgpu.TilingTransform`, `plgpu.SwizzleTransform`): the store writes whole "
        "swizzled tiles."
    ),
    when_it_happens=(
        "Where the store is traced, on the call line, before anything is lowered (the shape is "
        "checked first, then the dtype; measured with a plain target for the shape and a tiled, "
        "swizzled one for the dtype); under Lane, a value "
        "that matches a buffer without transforms fails while the kernel is lowered, on the "
        "call (\"async_store_smem requires a tiled and swizzled ref\"). Measured on 0.10.2, "
        "0.11.2 and 0.12.0.1; 0.8.3 has no `plgpu.async_store_smem` (PAL009). Judged where both "
        "shapes (or dtypes) are known and the target is a shared-memory buffer, tiled, swizzled "
        "or neither, or a view of one; under Warpgroup a plain buffer fails layout inference "
        "instead (not judged)."
    ),
    how_to_fix=(
        "Store a value of the ref's shape and dtype: index the ref to the value's shape "
        "(`smem.at[pl.ds(0, 128)]`), slice the value, or `.astype(ref.dtype)` it first; under "
        "Lane declare the target tiled and swizzled (`transforms=(plgpu.TilingTransform((8, "
        "64)), plgpu.SwizzleTransform(128))` for float16)."
    ),
    bad_example='''
value = x_gmem[...]  # (128,) float32; smem: plgpu.SMEM((64,), jnp.float32)
plgpu.async_store_smem(value, smem, barrier, cluster_idx=peer, cluster_dim="x")
''',
    good_example='''
value = x_gmem[pl.ds(0, 64)]  # (64,) float32
plgpu.async_store_smem(value, smem, barrier, cluster_idx=peer, cluster_dim="x")
''',
    fixable=False,
)

_STORE = "plgpu.async_store_smem"


def check(program: Program, options: Options) -> Iterator[Finding]:
    if not holds(ASYNC_STORE_SMEM, program.version):
        return  # no such function (PAL009's)
    seen: set[int] = set()
    for op in program.ref_ops:
        if op.name != _STORE or id(op.node) in seen or op.names_open or op.scope_names:
            continue
        src, ref = op.args.get("src"), op.args.get("ref")
        if not isinstance(src, ArrayVal) or not isinstance(ref, RefVal) or ref.space != "SMEM":
            continue
        transforms = (ref.root or ref).transforms
        if not isinstance(transforms, tuple) or any(
                t.kind not in ("tiling", "swizzle") for t in transforms):  # type: ignore[attr-defined]
            continue  # a transposed or reshaped buffer's shape as JAX compares it: not followed
        text = _mismatch(src, ref)
        if text is None and transforms == () and _same(src, ref) \
                and program.semantics(op.launch.kernel).name == "Lane":
            text = _untiled_message(ref)
        if text is None:
            continue
        seen.add(id(op.node))
        related = (Related(program.span(ref.node), "the shared-memory buffer is declared here"),) \
            if ref.node is not None else ()
        yield Finding(RULE.code, program.span(op.node), text, related=related)


def _untiled_message(ref: RefVal) -> str:
    size = itemsize(ref.dtype)
    transforms = (f"(plgpu.TilingTransform((8, {128 // size})), plgpu.SwizzleTransform(128))"
                  if size else "(plgpu.TilingTransform(...), plgpu.SwizzleTransform(...))")
    return ("plgpu.async_store_smem stores into a shared-memory buffer without transforms: under "
            "Lane semantics Mosaic GPU stores registers into a cluster peer's shared memory only "
            "through a tiled and swizzled buffer, and raises \"NotImplementedError: "
            "async_store_smem requires a tiled and swizzled ref\" while the kernel is lowered. "
            f"Declare the buffer with transforms={transforms}.")


def _same(src: ArrayVal, ref: RefVal) -> bool:
    """The value and the ref surely agree in shape (not a scalar) and dtype."""
    return isinstance(src.shape, Const) and isinstance(ref.shape, Const) \
        and isinstance(src.shape.value, tuple) and bool(src.shape.value) \
        and src.shape == ref.shape and isinstance(src.dtype, DtypeVal) and src.dtype == ref.dtype


def _mismatch(src: ArrayVal, ref: RefVal) -> str | None:
    shapes = (src.shape, ref.shape)
    if all(isinstance(s, Const) and isinstance(s.value, tuple) for s in shapes):
        value_shape, ref_shape = (s.value for s in shapes)  # type: ignore[attr-defined]
        if value_shape != ref_shape:
            return (f"plgpu.async_store_smem stores a value of shape {short_repr(value_shape)} "
                    f"into a shared-memory ref of shape {short_repr(ref_shape)}: the store copies "
                    f"element for element. JAX raises \"TypeError: The stored value has shape "
                    f"{short_repr(value_shape)}, but the target reference has shape "
                    f"{short_repr(ref_shape)}\" here. Index the ref to the value's shape "
                    f"(ref.at[...]) or slice the value.")
    else:
        return None  # the shape is checked first: with one not known, neither is the outcome
    if isinstance(src.dtype, DtypeVal) and isinstance(ref.dtype, DtypeVal) and src.dtype != ref.dtype:
        return (f"plgpu.async_store_smem stores a {src.dtype.name} value into a {ref.dtype.name} "
                f"shared-memory ref: the store does not convert. JAX raises \"TypeError: The "
                f"stored value has dtype {src.dtype.name}, but the target reference has dtype "
                f"{ref.dtype.name}\" here. Cast the value first (.astype(jnp.{ref.dtype.name})).")
    return None
