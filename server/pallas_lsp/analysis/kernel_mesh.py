"""plgpu.kernel's own argument checks: the Mesh it builds from grid / cluster / thread arguments.

JAX's ``mosaic_gpu.core.Mesh.__post_init__`` refuses, in this order (the same code in
every release 0.8.3 - 0.12.0.1, measured): a cluster of more than 3 dimensions,
``grid_names`` of another length than ``grid``, ``cluster_names`` of another length than
``cluster``, only one of ``num_threads`` / ``thread_name``, and more than 16
``num_threads``. Each is a ValueError raised before any kernel body is traced, so
nothing of the body is ever reached (``Program`` drops the ops of such a kernel).
"""

from __future__ import annotations

from dataclasses import dataclass

from .python.numpy_bridge import is_host
from .values import MISSING, NUMPY_SCALAR_ORIGINS, Const, KernelInfo, ListVal, unpack

# At most 2048 CUDA threads per block, 128 per Mosaic thread (JAX's max_mosaic_threads).
MAX_NUM_THREADS = 2048 // 128


@dataclass(frozen=True)
class MeshFault:
    """One refused combination: the argument to change, and JAX's words."""

    argument: str  # the keyword the user must change (or add)
    jax_words: str  # the head of JAX's ValueError
    why: str  # what is wrong, in the user's terms
    todo: str  # what to write instead


def mesh_fault(kernel: KernelInfo) -> MeshFault | None:
    """The first check JAX's Mesh fails for this kernel's arguments, when it surely fails."""
    args = kernel.mesh_args
    if args is None:
        return None
    cluster = _length(args.get("cluster", MISSING))
    if cluster is not None and cluster > 3:
        return MeshFault("cluster", "cluster= must be at most 3D",
                         f"cluster= has {cluster} dimensions; at most 3 are allowed",
                         "Use a cluster of at most 3 dimensions")
    fault = _names_fault(args, "grid", "grid_names")
    if fault is not None:
        return fault
    fault = _names_fault(args, "cluster", "cluster_names")
    if fault is not None:
        return fault
    threads = _optional(args.get("num_threads", MISSING))
    name = _optional(args.get("thread_name", MISSING))
    if threads is not _UNSURE and name is not _UNSURE and (threads is None) != (name is None):
        given, missing = ("num_threads", "thread_name") if name is None else ("thread_name", "num_threads")
        return MeshFault(missing, "num_threads and thread_name must be either both set or both None",
                         f"{given}= is given without {missing}=",
                         "Pass num_threads= and thread_name= together")
    if isinstance(threads, int) and not isinstance(threads, bool) and threads > MAX_NUM_THREADS:
        return MeshFault("num_threads", "Requested too many CUDA threads per block",
                         f"num_threads={threads} is more than {MAX_NUM_THREADS} (each Mosaic thread "
                         f"is a warpgroup of 128 CUDA threads, at most 2048 per block)",
                         f"Use at most {MAX_NUM_THREADS} threads")
    return None


def _names_fault(args: dict[str, object], sizes_key: str, names_key: str) -> MeshFault | None:
    sizes_value = args.get(sizes_key, MISSING)
    names_value = args.get(names_key, MISSING)
    sizes, names = _length(sizes_value), _length(names_value)
    if sizes is None or names is None or sizes == names:
        return None
    words = f"{names_key} must have the same length as {sizes_key}"
    if names_value is MISSING:
        why = f"{sizes_key}= has {sizes} dimension(s) but {names_key}= is not given"
    elif isinstance(names_value, Const) and isinstance(names_value.value, str):
        text = names_value.value
        why = (f"{names_key}={text!r} is a string, and JAX counts its {len(text)} letters as "
               f"{len(text)} names, but {sizes_key}= has {sizes} dimension(s)")
    else:
        why = f"{names_key}= has {names} name(s) but {sizes_key}= has {sizes} dimension(s)"
    todo = f"Give {names_key}= one name per {sizes_key} dimension, as a tuple"
    return MeshFault(names_key, words, why, todo)


def _length(value: object) -> int | None:
    """len() of an argument as JAX takes it (absent: the default ()), or None if unknown."""
    if value is MISSING:
        return 0
    if isinstance(value, Const) and isinstance(value.value, (tuple, str)):
        return len(value.value)
    if isinstance(value, tuple):
        return len(value)
    if isinstance(value, ListVal) and value.complete:
        return len(value.items)
    return None


class _Unsure:
    pass


_UNSURE = _Unsure()


def _optional(value: object) -> object:
    """An ``int | None`` / ``str | None`` argument's value; _UNSURE when it is not known."""
    if value is MISSING:
        return None
    if isinstance(value, Const) and (value.value is None or isinstance(value.value, (int, str))):
        return value.value
    return _UNSURE


def float_grid_entry(value: object, numpy_ints: bool = False) -> tuple[int, str, str] | None:
    """The first entry of a grid that is a float (``n / 128`` is true division; a NumPy float,
    ``np.float64(4.0)``), and the grid as JAX prints it, and what it is: (index, text, kind),
    kind "float" or, with ``numpy_ints`` (plgpu.kernel's launch asserts ``isinstance(i, int)``),
    "numpy int" for a NumPy integer scalar (``ROWS // BLOCK`` of an np.int64 block). JAX takes
    an int (a bool is one) or a traced array there; a float fails its checks (pl.pallas_call's
    GridSpec raises ValueError, plgpu.kernel's launch a bare AssertionError in
    ``tracing_grid_env``), on every release measured (0.8.3 - 0.12.0.1). None where no entry
    is surely one."""
    if isinstance(value, Const) and isinstance(value.value, tuple):
        entries: list[object] = unpack(value) or []  # (each item keeps a NumPy scalar's mark)
        brackets = "()"
    elif isinstance(value, Const) and isinstance(value.value, list):
        entries, brackets = [Const(item) for item in value.value], "[]"
    elif isinstance(value, tuple):
        entries, brackets = list(value), "()"
    elif isinstance(value, ListVal) and value.complete:
        entries, brackets = list(value.items), "[]"
    else:
        return None
    plain: list[object] = []
    kinds: list[str | None] = []
    for entry in entries:
        item = entry.value if isinstance(entry, Const) else entry.real if is_host(entry) else entry  # type: ignore[attr-defined]
        plain.append(item)
        if isinstance(item, float):
            kinds.append("float")
        elif numpy_ints and isinstance(entry, Const) and entry.origins == NUMPY_SCALAR_ORIGINS \
                and type(item) is int:
            kinds.append("numpy int")
        else:
            kinds.append(None)
    for index, kind in enumerate(kinds):
        if kind is not None:
            if not all(isinstance(item, (int, float)) for item in plain):
                return index, "", kind
            shown = ", ".join(repr(item) for item in plain)
            if len(plain) == 1 and brackets == "()":
                shown += ","  # (2.0,), as JAX prints a one-entry tuple
            return index, f"{brackets[0]}{shown}{brackets[1]}", kind
    return None
    plain = [entry.value if isinstance(entry, Const) else entry for entry in entries]
    for index, entry in enumerate(plain):
        if type(entry) is float:
            if not all(isinstance(item, (int, float)) for item in plain):
                return index, ""
            shown = ", ".join(repr(item) for item in plain)
            if len(plain) == 1 and brackets == "()":
                shown += ","  # (2.0,), as JAX prints a one-entry tuple
            return index, f"{brackets[0]}{shown}{brackets[1]}"
    return None
