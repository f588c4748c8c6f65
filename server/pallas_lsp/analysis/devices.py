"""Device arrays by id: what ``jax.devices()`` and the slices, ``np.array``, ``reshape``,
``[::-1]`` and ``.T`` a program builds a mesh from give, so a mesh knows its device order.

Mosaic GPU lowers a kernel that communicates only under a mesh whose device ids, in mesh
order, are 0, 1, …, n-1 (PAL021). The count of devices is not known statically:
``jax.devices()`` is "every device, in id order" (``ids`` None) until a slice or a
reshape of known sizes fixes how many; anything this module cannot follow is UNKNOWN.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .values import UNKNOWN, Const, ListVal, QualName

# A mesh larger than this is not followed (a device count no host has).
MAX_DEVICES = 4096


@dataclass(frozen=True)
class DevicesVal:
    """Devices in order: ``ids`` their ids (None: all the process's devices, 0..N-1 with N
    not known), ``shape`` the array's shape when it is an ndarray of known shape."""

    ids: tuple[int, ...] | None
    shape: tuple[int, ...] | None = None
    # With ids None: the devices from id ``start`` on (``devs[4:]``), in id order, or all of
    # them in reverse (``reverse``, ``devs[::-1]``); a reshape of known sizes fixes the count.
    start: int = 0
    reverse: bool = False

    def rows(self) -> list[tuple[int, ...]] | None:
        """The ids split along the first axis (each row flattened), when shape and ids are known."""
        if self.ids is None or self.shape is None or not self.shape:
            return None
        first = self.shape[0]
        if first == 0 or len(self.ids) % first:
            return None
        width = len(self.ids) // first
        return [self.ids[i * width:(i + 1) * width] for i in range(first)]


ALL_DEVICES = DevicesVal(None)


def _ints(values: list[object]) -> list[int | None] | None:
    out: list[int | None] = []
    for value in values:
        if isinstance(value, Const) and (value.value is None or type(value.value) is int):
            out.append(value.value)
        else:
            return None
    return out


def slice_devices(base: DevicesVal, bounds: list[object]) -> object:
    """``devs[a:b:c]``: along the first axis of an ndarray of known shape, else of the list."""
    known = _ints(bounds)
    if known is None:
        return UNKNOWN
    start, stop, step = known
    picked = slice(start, stop, step)
    rows = base.rows()
    if rows is not None and base.shape is not None and len(base.shape) > 1:
        kept = rows[picked]
        flat = tuple(i for row in kept for i in row)
        return DevicesVal(flat, (len(kept), *base.shape[1:]))
    if base.ids is not None:
        return DevicesVal(base.ids[picked], (len(base.ids[picked]),) if base.shape else None)
    # All devices (or those from ``base.start``), N unknown: a forward slice with known
    # bounds, an open-ended one from a known start, or the whole list reversed.
    if base.reverse:
        return UNKNOWN
    offset = base.start
    if step == -1 and start is None and stop is None and offset == 0:
        return DevicesVal(None, base.shape, 0, reverse=True)
    if step not in (None, 1) or (start or 0) < 0 or (stop is not None and (stop < 0 or stop > MAX_DEVICES)):
        return UNKNOWN
    if stop is None:
        return DevicesVal(None, base.shape, offset + (start or 0))
    ids = tuple(range(offset + (start or 0), offset + stop))
    return DevicesVal(ids, (len(ids),) if base.shape else None)


def index_devices(base: DevicesVal, index: object) -> object:
    """``np.array(devs)[[0, 2, 1, 3]]``: integer-array indexing of a 1-D array of known ids."""
    items = index.items if isinstance(index, ListVal) and index.complete else (
        list(index.value) if isinstance(index, Const) and isinstance(index.value, tuple) else None)
    one_dim = base.shape is None if base.ids is None else (base.shape is not None and len(base.shape) == 1)
    if items is None or not one_dim:
        return UNKNOWN
    positions = _ints([item if isinstance(item, Const) else Const(item) for item in items]) \
        if all(isinstance(item, Const) or type(item) is int for item in items) else None
    if positions is None or any(p is None for p in positions):
        return UNKNOWN
    if base.ids is None:
        if base.reverse or base.start or any(p < 0 for p in positions):  # type: ignore[operator]
            return UNKNOWN
        return DevicesVal(tuple(positions), (len(positions),))  # type: ignore[arg-type]
    try:
        ids = tuple(base.ids[p] for p in positions)  # type: ignore[index]
    except IndexError:
        return UNKNOWN
    return DevicesVal(ids, (len(ids),))


def as_array(value: object) -> object:
    """``np.array(devs)`` / ``np.asarray(devs)``: the same devices, an ndarray."""
    if not isinstance(value, DevicesVal):
        return UNKNOWN
    if value.shape is not None:
        return value
    if value.ids is None:
        return value
    return DevicesVal(value.ids, (len(value.ids),))


def reshape(value: DevicesVal, dims: list[object]) -> object:
    sizes = _ints(dims[0:1]) if len(dims) == 1 and isinstance(dims[0], Const) \
        and type(dims[0].value) is int else None
    if len(dims) == 1 and isinstance(dims[0], Const) and isinstance(dims[0].value, tuple):
        sizes = _ints([Const(v) for v in dims[0].value])
    elif sizes is None:
        sizes = _ints(dims)
    if sizes is None or any(s is None or s < 0 for s in sizes) or math.prod(sizes) > MAX_DEVICES:  # type: ignore[operator]
        return UNKNOWN  # -1, or sizes not known
    shape = tuple(sizes)  # type: ignore[arg-type]
    count = math.prod(shape)
    if value.ids is None:
        # All devices (from ``start``): exactly that many, else numpy raises.
        ids = tuple(range(value.start, value.start + count))
        return DevicesVal(ids[::-1] if value.reverse else ids, shape)
    return DevicesVal(value.ids, shape) if len(value.ids) == count else UNKNOWN


def transpose(value: DevicesVal) -> object:
    """``.T`` / ``.transpose()`` of a 2-D array of known ids (1-D: itself)."""
    if value.shape is not None and len(value.shape) == 1:
        return value
    rows = value.rows()
    if rows is None or value.shape is None or len(value.shape) != 2:
        return UNKNOWN
    flat = tuple(rows[r][c] for c in range(value.shape[1]) for r in range(value.shape[0]))
    return DevicesVal(flat, (value.shape[1], value.shape[0]))


def flatten(value: DevicesVal) -> object:
    if value.ids is None:
        return value
    return DevicesVal(value.ids, (len(value.ids),))


# Methods of a device array the program may call: read as np.ndarray's.
METHODS = ("reshape", "transpose", "flatten", "ravel", "tolist")


def attribute(value: DevicesVal, attr: str) -> object:
    if attr == "T":
        return transpose(value)
    if attr in METHODS:
        from .values import PartialVal

        return PartialVal(QualName(f"np.ndarray.{attr}"), (value,), {})
    return UNKNOWN


def method(name: str, args: list[object]) -> object:
    """``np.ndarray.<name>(devices, *args)``."""
    if not args or not isinstance(args[0], DevicesVal):
        return UNKNOWN
    value, rest = args[0], args[1:]
    if name == "reshape":
        return reshape(value, rest)
    if name == "transpose" and not rest:
        return transpose(value)
    if name in ("flatten", "ravel") and not rest:
        return flatten(value)
    if name == "tolist" and not rest and value.ids is not None and value.shape is not None \
            and len(value.shape) == 1:
        return DevicesVal(value.ids, None)
    return UNKNOWN


def numpy_function(name: str, args: list[object], kwargs: dict[str, object]) -> object:
    """``np.reshape(devs, shape)`` / ``np.transpose(devs)`` of a device array."""
    if not args or not isinstance(args[0], DevicesVal) or kwargs:
        return UNKNOWN
    value = as_array(args[0])
    if not isinstance(value, DevicesVal):
        return UNKNOWN
    if name == "reshape" and len(args) == 2:
        return reshape(value, [args[1]])
    if name == "transpose" and len(args) == 1:
        return transpose(value)
    return UNKNOWN


def mesh_device_ids(devices: object, count: int | None = None) -> tuple[int, ...] | None:
    """A mesh's device ids in mesh order, when the program fixes them and they are not the
    first devices in id order (None: not known, or row-major from device 0). ``count``: the
    mesh's size where its sizes are written: ``jax.make_mesh`` takes the first that many of
    the devices it is given (``devices[:axis_size]`` in JAX's make_mesh)."""
    if not isinstance(devices, DevicesVal):
        return None
    if count is not None and count <= MAX_DEVICES:
        if devices.ids is None and not devices.reverse:
            devices = DevicesVal(tuple(range(devices.start, devices.start + count)))
        elif devices.ids is not None:
            devices = DevicesVal(devices.ids[:count])
    if devices.ids is None:
        return None
    if devices.ids == tuple(range(len(devices.ids))):
        return None
    return devices.ids
