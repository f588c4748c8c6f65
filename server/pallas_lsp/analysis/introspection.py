"""Python's name-based lookups: ``getattr(obj, "name")``, ``globals()[name]``, ``vars(obj)``,
``sys.modules[__name__]``, and ``sys.argv`` as the program sees it when run plainly.

Kernel scripts pick a dtype, a layout or a kernel by a name held in a string
(``getattr(jnp, DTYPE_NAME)``, ``globals()[KERNEL_NAME]``). With the name known these
are the same lookups as the attribute or the variable written out; with it unknown
they are unknown. A scope read as a dict is a snapshot taken at the call (what the
program reads right then) and never complete: star imports and later stores may add
names, so a missing key is unknown rather than absent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .trace import Ctx
from .values import MISSING, UNKNOWN, Const, DictVal, Env, ListVal, ModuleVal, NamespaceVal, ObjVal, QualName


class Scopes(Protocol):
    """What these lookups need of the interpreter."""

    module_env: Env
    module_envs: dict[str, Env]

    def attribute_named(self, base: object, attr: str, ctx: Ctx) -> object: ...

    def frame_value(self, depth: int) -> object: ...


def builtin_call(interp: Scopes, name: str, args: list[object], kwargs: dict[str, object],
                 env: Env, ctx: Ctx) -> object:
    """The value of a name-based lookup call, or MISSING when ``name`` is none of them."""
    if name == "builtins.getattr" and len(args) in (2, 3) and not kwargs:
        attr = args[1]
        if not (isinstance(attr, Const) and isinstance(attr.value, str)):
            if isinstance(args[0], ObjVal):
                return AnyAttribute(args[0], args[2] if len(args) == 3 else MISSING)
            return UNKNOWN
        value = interp.attribute_named(args[0], attr.value, ctx)
        return UNKNOWN if value is MISSING else value
    if name == "inspect.currentframe" and not args and not kwargs:
        return interp.frame_value(0)
    if name == "sys._getframe" and not kwargs and len(args) <= 1:
        depth = args[0] if args else Const(0)
        if not (isinstance(depth, Const) and type(depth.value) is int):
            return UNKNOWN
        return interp.frame_value(depth.value)
    if name == "builtins.globals" and not args and not kwargs:
        return scope_dict(module_scope(env))
    if name == "builtins.locals" and not args and not kwargs:
        # The frame's namespace: a snapshot of the names bound so far (in a class body or
        # at module level that is the scope itself). Never complete: free variables of a
        # closure are in it too, and a name bound on a path not taken may be absent.
        return scope_dict(env)
    if name == "builtins.vars" and not kwargs:
        if not args:
            return scope_dict(env)
        if len(args) == 1:
            return vars_of(args[0])
    return MISSING


@dataclass(eq=False)
class AnyAttribute:
    """``getattr(obj, name)`` of an instance of the program's classes with a name not known
    (``getattr(self, "do_" + verb)``): its value is unknown, but calling it calls one of the
    object's methods (or the default), whose effects the program's later reads must see.
    Called, every method of its classes and every callable it holds runs on a path that may
    not be taken (interp/calling.py), so what any of them stores becomes unknown; the result
    is unknown. Read any other way it is unknown."""

    obj: ObjVal
    default: object


def module_scope(env: Env) -> Env:
    while env.parent is not None:
        env = env.parent
    return env


@dataclass(eq=False)
class ScopeView(DictVal):
    """``globals()`` / ``vars()`` of a scope: read as a snapshot, but a store through it
    (``globals()[name] = v``) binds the name in the scope, as in Python."""

    scope: Env | None = None


def scope_dict(env: Env) -> DictVal:
    return ScopeView(dict(env.names), complete=False, scope=env)


def vars_of(value: object) -> object:
    if isinstance(value, ModuleVal):
        return scope_dict(value.env)
    if isinstance(value, (ObjVal, NamespaceVal)):
        # ``vars(obj)`` / ``obj.__dict__`` IS the instance's dict, not a copy: a store or an
        # ``update`` through it sets the attributes (the view shares ``attrs``). Complete
        # (``**vars(ns)`` spreads it) when every store into it was seen: a namespace made
        # of known names, an instance of classes all known with no store under a name not
        # known (a base the analysis cannot see may set attributes in its __init__).
        return DictVal(value.attrs, complete=_all_stores_seen(value), owner=value)
    return UNKNOWN


# A name no class defines: looking it up tells whether every class of an MRO is known.
_NO_SUCH_ATTRIBUTE = "__pallas_lsp_no_such_attribute__"


def _all_stores_seen(value: ObjVal | NamespaceVal) -> bool:
    if value.open_attrs:
        return False
    if isinstance(value, NamespaceVal):
        return value.fallback is None
    return value.cls.lookup(_NO_SUCH_ATTRIBUTE) is MISSING


def loaded_module(interp: Scopes, base: object, key: object) -> object:
    """``sys.modules[name]`` for the running file ("__main__") or a folder module it ran;
    MISSING when ``base`` is not ``sys.modules``."""
    if not (isinstance(base, QualName) and base.name == "sys.modules"):
        return MISSING
    if isinstance(key, Const) and key.value == "__main__":
        return ModuleVal("__main__", interp.module_env)
    if isinstance(key, Const) and isinstance(key.value, str) and key.value in interp.module_envs:
        return ModuleVal(key.value, interp.module_envs[key.value])
    return UNKNOWN


def program_input(value: object) -> object:
    """``sys.argv`` of the file run with no arguments: one item, the script's path."""
    if isinstance(value, QualName) and value.name == "sys.argv":
        return ListVal([UNKNOWN])
    return value
