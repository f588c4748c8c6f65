"""A shape argument as JAX reads it: each entry through ``operator.index`` (jax/_src/core.py
``canonicalize_shape``), so an object of the program's class with ``__index__`` is the int its
hook returns (``jax.ShapeDtypeStruct((Rows(96), 64), ...)`` is a (96, 64) struct)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .values import Const, FuncVal, ObjVal

if TYPE_CHECKING:
    from .jax_calls import Call


def indexed(call: Call, value: object) -> object:
    """``value`` with each entry that is an instance of the program's class defining
    ``__index__`` replaced by what the hook returns, as a Const tuple when every entry is then
    a known int; ``value`` itself where no entry is such an instance (the common case: no call)."""
    if value.__class__ is not tuple or not any(entry.__class__ is ObjVal for entry in value):  # type: ignore[attr-defined]
        return value
    ints: list[int] = []
    for entry in value:  # type: ignore[attr-defined]
        if entry.__class__ is ObjVal:
            hook = entry.cls.lookup("__index__")  # type: ignore[attr-defined]
            if not isinstance(hook, FuncVal):
                return value
            entry = call.tracer.call_value(hook.bound(entry), [], {}, call.ctx)  # type: ignore[attr-defined]
        if not (isinstance(entry, Const) and type(entry.value) is int):
            return value
        ints.append(entry.value)
    return Const(tuple(ints))
