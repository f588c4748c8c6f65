"""A function object's own attributes and ``functools.update_wrapper`` (issue 20).

``f.__defaults__`` is the tuple of the positional parameters' defaults, ``f.__kwdefaults__``
the dict of the keyword-only ones (None without any), both as evaluated where ``def`` ran.
``functools.update_wrapper(wrapper, wrapped)`` (and ``@functools.wraps(wrapped)``, its
partial) runs as CPython's source does: each name of ``assigned`` read from ``wrapped`` and
stored on ``wrapper`` (``__module__``, ``__name__``, ``__qualname__``, ``__doc__``,
``__annotations__``, ``__type_params__``; one the model cannot read is stored unknown),
``wrapper.__dict__`` updated from ``wrapped.__dict__``, then ``wrapper.__wrapped__ =
wrapped``; it returns ``wrapper``. Every store goes through the data model's
(``datamodel.store_attribute``), so one on a path that may not run leaves the name unknown.
"""

from __future__ import annotations

from typing import Protocol

from ..trace import Ctx
from ..values import MISSING, UNKNOWN, Const, DictVal, FuncVal, pack, unpack
from . import datamodel

# functools.WRAPPER_ASSIGNMENTS (3.12 on) and WRAPPER_UPDATES.
WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__", "__annotations__",
                       "__type_params__")
WRAPPER_UPDATES = ("__dict__",)


class Runner(Protocol):
    def call_value(self, func: object, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object: ...

    def attribute_named(self, base: object, attr: str, ctx: Ctx) -> object: ...

    @property
    def on_uncertain_path(self) -> bool: ...


def function_attribute(func: FuncVal, name: str) -> object:
    """``__defaults__`` / ``__kwdefaults__`` of a function of the program; MISSING for any
    other name, UNKNOWN where its defaults are evaluated at the call."""
    if name not in ("__defaults__", "__kwdefaults__") or not hasattr(func.node, "args"):
        return MISSING
    if func.defaults is None:
        return UNKNOWN
    spec = func.node.args
    if name == "__defaults__":
        every = [*spec.posonlyargs, *spec.args]
        positional = every[len(every) - len(spec.defaults):]
        if not positional:
            return Const(None)
        return pack([func.defaults.get(param.arg, UNKNOWN) for param in positional])
    given = {param.arg: func.defaults[param.arg] for param in spec.kwonlyargs if param.arg in func.defaults}
    return DictVal(given) if given else Const(None)  # type: ignore[arg-type]


def _names(value: object, default: tuple[str, ...]) -> tuple[str, ...] | None:
    """``assigned=`` / ``updated=``: a known sequence of attribute names (None if not known)."""
    if value is MISSING:
        return default
    items = unpack(value)
    if items is None or not all(isinstance(i, Const) and isinstance(i.value, str) for i in items):
        return None
    return tuple(i.value for i in items)  # type: ignore[attr-defined]


def update_wrapper(runner: Runner, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object:
    """``functools.update_wrapper(wrapper, wrapped, assigned=..., updated=...)``: the
    wrapper, its attributes copied from ``wrapped``; UNKNOWN for a call not understood."""
    names = ("wrapper", "wrapped", "assigned", "updated")
    given = dict(zip(names, args, strict=False))
    if len(args) > 4 or set(kwargs) - set(names) or set(kwargs) & set(given):
        return UNKNOWN
    given.update(kwargs)
    wrapper, wrapped = given.get("wrapper", MISSING), given.get("wrapped", MISSING)
    assigned = _names(given.get("assigned", MISSING), WRAPPER_ASSIGNMENTS)
    updated = _names(given.get("updated", MISSING), WRAPPER_UPDATES)
    if wrapper is MISSING or wrapped is MISSING:
        return UNKNOWN
    if assigned is None or updated is None or any(name != "__dict__" for name in updated) \
            or (updated and not isinstance(wrapped, FuncVal)):
        # Names or a dict the model cannot read: what the copied names hold is not known.
        for name in (*(assigned or WRAPPER_ASSIGNMENTS), "__wrapped__"):
            datamodel.store_attribute(runner, wrapper, name, UNKNOWN, ctx)
        return wrapper
    for name in assigned:
        # getattr(wrapped, name) then setattr; a name Python's wrapped lacks is skipped (the
        # model's UNKNOWN may be either: stored unknown).
        datamodel.store_attribute(runner, wrapper, name, runner.attribute_named(wrapped, name, ctx), ctx)
    if updated and isinstance(wrapped, FuncVal):
        for key, value in list(wrapped.attrs.items()):  # wrapper.__dict__.update(wrapped.__dict__)
            datamodel.store_attribute(runner, wrapper, key, value, ctx)
    datamodel.store_attribute(runner, wrapper, "__wrapped__", wrapped, ctx)
    return wrapper
