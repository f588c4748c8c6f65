"""Whether reading ``obj.name`` of an instance of the program's class surely raises
AttributeError: nothing the program or Python could answer it with is left.

Judged only where the whole lookup is the model's to see: every class of the MRO is the
program's own (or ``object``), none defines ``__getattr__`` or ``__getattribute__`` (which may
answer any name), no class nor the instance holds the name, no store under a name the analysis
could not compute went to the instance (``ObjVal.open_attrs``), the instance holds no builtin
value of a library base (``payload``; a named tuple's fields are its class's, and its record
methods and tuple's are known), and it is no enum member (whose names the enum machinery
answers). Special names (``__x__``) are never judged: ``object`` and ``type`` answer many.
A ``types.SimpleNamespace`` (or argparse's parsed ``Namespace``) whose attributes are all known
lacks any other name.
"""

from __future__ import annotations

import types

from ..values import (
    MISSING,
    NUMPY_SCALAR_ORIGINS,
    ClassVal,
    Const,
    DictVal,
    ListVal,
    NamespaceVal,
    ObjVal,
    QualName,
)
from .library_bases import is_named_tuple

_HOOKS = ("__getattr__", "__getattribute__")


def surely_missing(obj: ObjVal, name: str) -> bool:
    if name[:2] == "__" or obj.open_attrs or name in obj.attrs:
        return False
    cls = obj.cls
    if obj.payload is not None and not is_named_tuple(cls):
        return False
    if cls.enum_members is not None or cls.metaclass is not None or cls.library_metaclass is not None:
        return False
    for entry in cls.mro():
        if isinstance(entry, ClassVal):
            if any(hook in entry.attrs for hook in _HOOKS) or name in entry.attrs:
                return False
        elif isinstance(entry, QualName) and entry.name in _KNOWN_BASES:
            if name in _KNOWN_BASES[entry.name]:
                return False
        elif not (isinstance(entry, QualName) and entry.name == "builtins.object"):
            return False
    return cls.lookup(name) is MISSING


# Library bases whose every attribute is known: a named tuple's record methods and fields'
# helpers (typing.NamedTuple's, collections.namedtuple's), and tuple's own names.
_KNOWN_BASES = {
    "typing.NamedTuple": frozenset({"_replace", "_asdict", "_make", "_fields", "_field_defaults"}),
    "builtins.tuple": frozenset(dir(tuple)),
}


def namespace_lacks(namespace: NamespaceVal, name: str) -> bool:
    """A ``types.SimpleNamespace`` or argparse ``Namespace`` whose every attribute is known has
    no ``name``: CPython's AttributeError."""
    return bool(namespace.kind) and not namespace.open_attrs and namespace.fallback is None \
        and name not in namespace.attrs and not name.startswith("__") and name not in _NAMESPACE_NAMES


_NAMESPACE_NAMES = frozenset(dir(types.SimpleNamespace))


def shape_dtype_lacks(name: str) -> bool:
    """A ``jax.ShapeDtypeStruct`` (or plgpu's, or what ``jax.eval_shape`` gives) has no
    ``name``: a public name none of them has on any supported release (read with dir() on
    0.8.3, 0.10.2, 0.11.2 and 0.12.0.1; plgpu's dataclass adds ``layout``)."""
    return not name.startswith("_") and name not in _SHAPE_DTYPE_NAMES


_SHAPE_DTYPE_NAMES = frozenset({"dtype", "format", "is_ref", "like", "manual_axis_type", "ndim", "shape",
                                "sharding", "size", "update", "vma", "weak_type", "layout"})


def jax_value_lacks(name: str) -> bool:
    """A JAX array or ref read in traced code (a kernel body, a jitted function: a
    DynamicJaxprTracer, whose attributes are the tracer's, its aval's and the array methods JAX
    forwards to it) has no ``name``: a public name none of those has on any supported release
    (the union of dir() of core.Tracer, DynamicJaxprTracer, ShapedArray, AbstractRef,
    TransformedRef and ArrayImpl, of a ShapedArray's and an AbstractRef's instances, of Mosaic
    GPU's ref avals (AbstractTMEMRef, AbstractRefUnion, GPUMemoryRef, RefUnion) and
    TransformedRef's fields (ref, transforms), on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1:
    "DynamicJaxprTracer has no attribute shap")."""
    return not name.startswith("_") and name not in _JAX_VALUE_NAMES


_JAX_VALUE_NAMES = frozenset({
    "T", "addressable_data", "addressable_shards", "addupdate", "all", "any", "argmax", "argmin",
    "argpartition", "argsort", "array_abstraction_level", "astype", "at", "at_least_vspace", "aval",
    "aval_mutable_qdd", "bitcast", "block_until_ready", "broadcast", "byteswap", "choose", "clip",
    "clone", "collective", "committed", "compress", "conj", "conjugate", "copy", "copy_to_host_async",
    "cumprod", "cumsum", "cur_qdd", "dec_rank", "delete", "device", "device_buffer", "device_buffers",
    "devices", "diagonal", "dimension_as_value", "dot", "dtype", "flat", "flatten", "format",
    "full_lower", "get", "get_array_aval", "get_const", "get_ref_aval", "get_referent",
    "global_shards", "has_qdd", "imag", "inc_rank", "inner_aval", "is_deleted", "is_dynamic_size",
    "is_fully_addressable", "is_fully_replicated", "is_high", "is_ready", "item", "itemsize", "kind",
    "layout", "leading_axis_spec", "lo_ty", "lo_ty_qdd", "lower_val", "lower_val2", "mT",
    "manual_axis_type", "mat", "max", "mean", "memory_space", "memory_space_cast", "min", "multiref",
    "mutable_qdd", "nbytes", "ndim", "nonzero", "normalize", "nospec", "on_device_size_in_bytes",
    "parent", "platform", "prod", "ptp", "raise_val", "raise_val2", "ravel", "real", "ref", "refs",
    "repeat", "reshape", "reshard", "round", "searchsorted", "set", "shape", "shard", "sharding",
    "size", "sort", "squeeze", "std", "str_short", "strip_weak_type", "sum", "swap", "swapaxes",
    "take", "to_concrete_value", "to_cotangent_aval", "to_ct_aval", "to_device", "to_tangent_aval",
    "tobytes", "tolist", "trace", "traceback", "transforms", "transpose", "type",
    "unsafe_buffer_pointer", "unsafe_raw_buffer", "unshard", "update", "update_manual_axis_type",
    "update_vma", "update_weak_type", "val", "var", "view", "vma", "vspace_add", "weak_type",
})


# Builtin types' names that some supported Python has and another lacks (int.is_integer from
# 3.12; from_number from 3.14): never called missing, whichever Python runs the analysis.
_NEWER_NAMES = frozenset({"is_integer", "from_number"})
# (Not tuple: a named tuple real code makes, urlparse's, isocalendar's, reaches the program as
# a plain tuple of its items, its field names lost.)
_BUILTIN_KINDS = {str: "str", int: "int", float: "float", bool: "bool", complex: "complex", bytes: "bytes"}


def builtin_lacks(value: object, name: str) -> str | None:
    """The type name CPython's "'str' object has no attribute 'uper'" gives a value of a builtin
    type (a str, a number, bytes, the program's list or dict) that has no ``name``; None when it
    has it or the value's type is not surely one of those."""
    if name.startswith("__") or name in _NEWER_NAMES:
        return None
    if value.__class__ is Const:
        if value.origins is NUMPY_SCALAR_ORIGINS:  # type: ignore[attr-defined]
            return None  # (a NumPy scalar: its own attributes)
        kind = type(value.value)  # type: ignore[attr-defined]
    elif value.__class__ is ListVal:
        kind = list
    elif value.__class__ is DictVal:
        kind = dict
    else:
        return None
    named = _BUILTIN_KINDS.get(kind) or {list: "list", dict: "dict"}.get(kind)
    if named is None or hasattr(kind, name):
        return None
    return named
