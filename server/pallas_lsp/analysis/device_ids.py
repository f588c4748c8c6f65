"""The dtype of a device id a kernel reaches another device by (PAL087 reads it), and how many
ids it holds against the mesh's axes (PAL088).

A device id is int32 to Mosaic GPU. ``pl.semaphore_signal`` / ``plgpu.semaphore_signal``
check each leaf of their ``device_id`` tree when traced ("ValueError: `device_id`s must be an
int32 value, but got float32", jax/_src/pallas/primitives.py, 0.8.3 - 0.12.0.1); a
``plgpu.remote_ref(ref, device_id)`` that a TMA copy lowers asserts it instead (a bare
AssertionError up to 0.10.2, "AssertionError: (F32Type(f32), IntegerType(i32))" from 0.11.2,
on the copy's line; only the latter is reported). A Python float is float32 with x64 off (0.8.3
lowers `remote_ref(y, 1.0)`, a bare-assertion release); a Python int is int32 and passes.
Measured on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1.

A device id of the default MESH type is the device's coordinates in the kernel's JAX mesh:
``device_id_to_logical`` (jax/_src/pallas/primitives.py, 0.8.3 - 0.12.0.1), which the
lowering of a signal and of a TMA copy through a remote ref calls, requires one leaf per mesh
axis: "ValueError: Number of device ids must match the number of mesh axes, but got 1 ids for
a 2D mesh." while the kernel is lowered, on the op's line.
"""

from __future__ import annotations

from .values import ArrayVal, Const, DictVal, DtypeVal, ListVal, RefVal, unpack

# The MLIR type JAX's assertion prints for a device id of each dtype (0.11.2 on).
MLIR_TYPES = {"float32": "F32Type(f32)", "float16": "F16Type(f16)", "bfloat16": "BF16Type(bf16)",
              "float64": "F64Type(f64)", "int8": "IntegerType(i8)", "int16": "IntegerType(i16)",
              "int64": "IntegerType(i64)", "uint8": "IntegerType(ui8)", "uint16": "IntegerType(ui16)",
              "uint32": "IntegerType(ui32)", "bool": "IntegerType(i1)"}


def wrong_dtype(device_id: object, x64: bool | None) -> str | None:
    """The dtype of the first leaf of a device id (a value, a tuple of them, a complete dict's
    values) that is known not to be int32: an array's, or a Python float's (float32, x64 off);
    None when every leaf is or may be int32."""
    leaves = list(device_id.items.values()) if isinstance(device_id, DictVal) and device_id.complete \
        else unpack(device_id) if isinstance(device_id, tuple) else [device_id]
    for leaf in leaves or ():
        if isinstance(leaf, ArrayVal) and not isinstance(leaf, RefVal) and isinstance(leaf.dtype, DtypeVal) \
                and leaf.dtype.name != "int32":
            return leaf.dtype.name
        if x64 is False and isinstance(leaf, Const) and type(leaf.value) is float:
            return "float32"
    return None


def id_count(device_id: object) -> int | None:
    """The number of leaves of a device id tree (``jax.tree_util.tree_leaves``): one for a
    number or an array, each item's for a tuple or a complete list; None where not known (a
    dict: its axes are matched by name; anything the analysis does not hold)."""
    if isinstance(device_id, Const):
        value = device_id.value
        if value is None:
            return 0
        if type(value) in (int, float, bool):
            return 1
        if isinstance(value, tuple):
            counts = [id_count(Const(item)) for item in value]
            return None if None in counts else sum(counts)  # type: ignore[arg-type]
        return None
    if isinstance(device_id, ArrayVal) and not isinstance(device_id, RefVal):
        return 1
    items = device_id.items if isinstance(device_id, ListVal) and device_id.complete else (
        unpack(device_id) if isinstance(device_id, tuple) else None)
    if items is None:
        return None
    counts = [id_count(item) for item in items]
    return None if None in counts else sum(counts)  # type: ignore[arg-type]
