"""Python's data model, once: attribute lookup, stores and special methods as CPython does them.

``obj.name`` is ``object.__getattribute__``: a data descriptor found on the type's MRO wins,
then the instance's own dict, then a non-data descriptor or plain class attribute (bound
by its ``__get__``), then the class's ``__getattr__``. ``cls.name`` is
``type.__getattribute__``: a data descriptor of the metaclass, then the class's MRO (each
attribute's ``__get__(None, cls)``), then the metaclass's own attributes (bound to the
class), then the metaclass's ``__getattr__``. A class that defines ``__getattribute__``
has it called instead. ``obj.name = v`` goes to a data descriptor's ``__set__`` (a
property's setter), else the class's ``__setattr__``, else the instance's dict.
Special methods (``__getitem__``, ``__call__``, ``__iter__``, ``__enter__``, ...) are
looked up on the type, never on the instance, as Python does.

What a descriptor gives when bound is ``bind``: functions become bound methods,
``staticmethod`` / ``classmethod`` / ``property`` / ``cached_property`` /
``partialmethod`` / ``singledispatchmethod`` (``descriptor_values``) and the program's own
classes with ``__get__`` behave as their ``__get__`` says. A name the model cannot see
(a base class of a library) is unknown, never guessed.
"""

from __future__ import annotations

import abc as abstract
import ast
import builtins
import collections.abc
from typing import Protocol

from ..arrays import dtype_of
from ..ast_nodes import written_name
from ..introspection import vars_of
from ..pipelines import BlockSpecVal
from ..trace import Ctx
from ..values import (
    MISSING,
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    DtypeVal,
    FuncVal,
    ListVal,
    ModuleVal,
    NamespaceVal,
    ObjectVal,
    ObjVal,
    PartialVal,
    QualName,
    WrappedVal,
)
from . import (
    class_introspection,
    class_objects,
    dataclass_values,
    exception_groups,
    exception_values,
    function_scopes,
    library_bases,
    type_attributes,
)
from .descriptor_values import (
    CachedPropertyVal,
    CacheVal,
    ClassMethodVal,
    PartialMethodVal,
    PropertyDef,
    PropertyPart,
    RegisterVal,
    SingleDispatchVal,
    StaticMethodVal,
    wrapped_functions,
)
from .exception_values import ExcVal
from .real import RealVal


class Caller(Protocol):
    """What the data model needs of the interpreter: calling a value."""

    def call_value(self, func: object, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object: ...

    @property
    def on_uncertain_path(self) -> bool: ...


# ---- lookups on a type ------------------------------------------------------------------

def type_lookup(cls: object, name: str) -> object:
    """``name`` through ``cls``'s MRO (no binding); UNKNOWN when a base it cannot see may
    hold it, MISSING when no class of the MRO does."""
    if not isinstance(cls, ClassVal):
        return UNKNOWN
    return cls.lookup(name)


def special_method(value: object, name: str) -> object:
    """``type(value).name`` bound to ``value``, as Python's operators look special methods
    up (on the type, never the instance); MISSING when the program's class has none."""
    if not isinstance(value, ObjVal) or value.cls.enum_members is not None:
        return MISSING
    found = value.cls.lookup(name)
    if found is MISSING or found is UNKNOWN:
        return MISSING
    return bind(found, value, value.cls)


def is_data_descriptor(value: object) -> bool:
    if isinstance(value, PropertyDef):
        return True
    if isinstance(value, ObjVal) and value.cls.enum_members is None:
        return any(isinstance(value.cls.lookup(hook), FuncVal) for hook in ("__set__", "__delete__"))
    return False


def bind(value: object, obj: object, owner: object, caller: Caller | None = None,
         ctx: Ctx | None = None) -> object:
    """``value.__get__(obj, owner)``: ``obj`` None for a read through the class."""
    if isinstance(value, FuncVal):
        return value if obj is None else value.bound(obj)
    if isinstance(value, library_bases.LibraryMethod):
        return library_bases.bind(value, obj, owner)
    if isinstance(value, StaticMethodVal):
        return value.func
    if isinstance(value, ClassMethodVal):
        return _bound(value.func, owner)
    if isinstance(value, WrappedVal) and isinstance(value.inner, FuncVal) \
            and value.inner.owner is not None and value.inner.self_value is None and obj is not None:
        # A jitted method (`@functools.partial(jax.jit, static_argnums=0)` on `__call__`):
        # the wrapper calls the method bound to this instance.
        return WrappedVal(value.kind, value.inner.bound(obj), value.node, value.mesh,
                          value.manual_axes, value.in_specs, value.axis_set)
    if obj is None and isinstance(value, (PropertyDef, CachedPropertyVal)):
        return value
    if isinstance(value, PropertyDef):
        if value.getter is None or caller is None:
            return UNKNOWN
        return caller.call_value(_bound(value.getter, obj), [], {}, ctx or Ctx())
    if isinstance(value, CachedPropertyVal):
        if caller is None:
            return UNKNOWN
        result = caller.call_value(_bound(value.func, obj), [], {}, ctx or Ctx())
        if isinstance(obj, ObjVal) and value.name is not None:
            obj.attrs[value.name] = result  # the next read finds it in the instance's dict
        return result
    if isinstance(value, PartialMethodVal):
        if obj is None:
            return value
        return PartialVal(bind(value.func, obj, owner, caller, ctx), value.args, value.kwargs)
    if isinstance(value, CacheVal):
        # The lru_cache wrapper binds as a function does: the instance is its first
        # argument, and so part of the key.
        return value if obj is None else PartialVal(value, (obj,), {})
    if isinstance(value, SingleDispatchVal) and value.method and obj is not None:
        return SingleDispatchVal(value.default, True, value.registry, obj)
    if isinstance(value, ObjVal) and value.cls.enum_members is None and caller is not None:
        getter = value.cls.lookup("__get__")
        if isinstance(getter, FuncVal):
            return caller.call_value(getter.bound(value), [obj if obj is not None else Const(None), owner],
                                     {}, ctx or Ctx())
    return value


def _bound(func: object, self_value: object) -> object:
    if isinstance(func, FuncVal):
        return func.bound(self_value)
    return PartialVal(func, (self_value,), {})


# ---- reads ------------------------------------------------------------------------------

def instance_attribute(caller: Caller, obj: ObjVal, name: str, ctx: Ctx) -> object:
    """``obj.name``; UNKNOWN when Python would find nothing the model can see."""
    cls = obj.cls
    custom = cls.lookup("__getattribute__")
    if isinstance(custom, FuncVal):
        return caller.call_value(custom.bound(obj), [Const(name)], {}, ctx)
    return generic_getattr(caller, obj, name, ctx)


def generic_getattr(caller: Caller, obj: ObjVal, name: str, ctx: Ctx) -> object:
    """``object.__getattribute__(obj, name)``, then ``__getattr__``."""
    cls = obj.cls
    if name == "__class__" and not is_data_descriptor(cls.lookup("__class__")):
        return cls
    if name == "__dict__":
        return vars_of(obj)  # the instance's own dict, shared: stores through it set attributes
    found = cls.lookup(name)
    if is_data_descriptor(found):
        return bind(found, obj, cls, caller, ctx)
    if name in obj.attrs:
        return obj.attrs[name]
    if found is UNKNOWN and isinstance(obj.payload, ExcVal):
        # Found first in its builtin exception base (exception_values.exception_base).
        value = exception_groups.attribute(obj.payload, name)
        return UNKNOWN if value is MISSING else value
    if found is UNKNOWN:
        return UNKNOWN
    if found is not MISSING:
        return bind(found, obj, cls, caller, ctx)
    fallback = cls.lookup("__getattr__")
    if isinstance(fallback, FuncVal):
        # Python calls __getattr__ only for a name found nowhere else.
        return caller.call_value(fallback.bound(obj), [Const(name)], {}, ctx)
    return UNKNOWN


def has_attribute(obj: ObjVal, name: str) -> bool | None:
    """``hasattr(obj, name)`` without running a getter; None when a hook or an unseen base
    may answer (``__getattr__``, ``__getattribute__``, a descriptor's ``__get__`` may raise)."""
    found = obj.cls.lookup(name)
    if found is UNKNOWN or any(obj.cls.lookup(h) is not MISSING for h in ("__getattr__", "__getattribute__")):
        return None
    if name in obj.attrs or isinstance(found, (FuncVal, Const)):
        return True
    return False if found is MISSING else None


def class_attribute(caller: Caller, cls: ClassVal, name: str, ctx: Ctx) -> object:
    """``cls.name`` (``type.__getattribute__``); MISSING when neither the class's MRO nor
    its metaclass holds it (a library's model of the name may still know it)."""
    meta = cls.metaclass if isinstance(cls.metaclass, ClassVal) else None
    meta_found = meta.lookup(name) if meta is not None else MISSING
    if is_data_descriptor(meta_found):
        return bind(meta_found, cls, meta, caller, ctx)
    if name == "__name__":
        return Const(written_name(cls.node))
    if name in class_objects.TYPE_ATTRIBUTES:
        made = class_objects.attribute(cls, name, getattr(caller, "class_registry", None))
        if made is not MISSING:
            return made
    if name == "__annotations__":
        return class_introspection.own_annotations(cls)  # type's getter: the class's own
    if name == "__dataclass_fields__" and cls.is_dataclass:
        return dataclass_values.fields_mapping(cls)
    found = cls.lookup(name)
    if found is UNKNOWN:
        return UNKNOWN
    if found is not MISSING:
        return bind(found, None, cls, caller, ctx)
    if name == "__new__":
        # Every base seen, none defines it: object's, in the class's MRO before any
        # metaclass (``Cls.__new__(Cls)``: a bare instance, python/calls.py).
        return QualName("builtins.object.__new__")
    typed = type_attributes.class_attribute(cls, name)  # type.__subclasses__
    if typed is not MISSING:
        return typed
    if meta_found is not MISSING:
        return bind(meta_found, cls, meta, caller, ctx)
    if meta is not None:
        fallback = meta.lookup("__getattr__")
        if isinstance(fallback, FuncVal):
            return caller.call_value(fallback.bound(cls), [Const(name)], {}, ctx)
    return MISSING


def descriptor_attribute(value: object, name: str) -> object:
    """Attributes of the descriptors themselves: ``op.setter`` (the next property),
    ``dispatch.register``, ``prop.fget``; MISSING for any other value or name."""
    if isinstance(value, PropertyDef):
        if name in ("setter", "getter", "deleter"):
            return PropertyPart(value, name)
        if name in ("fget", "fset", "fdel"):
            found = {"fget": value.getter, "fset": value.setter, "fdel": value.deleter}[name]
            return found if found is not None else Const(None)
    if isinstance(value, SingleDispatchVal) and name == "register":
        return RegisterVal(value)
    if isinstance(value, (StaticMethodVal, ClassMethodVal)) and name == "__func__":
        return value.func
    if isinstance(value, CacheVal):
        if name == "__wrapped__":
            return value.func
        if name in ("cache_clear", "cache_info"):
            return PartialVal(QualName(f"python.{name}"), (value,), {})
        return UNKNOWN  # cache_parameters(), the wrapped function's attributes
    return MISSING


# ---- stores -----------------------------------------------------------------------------

def store_attribute(caller: Caller, owner: object, name: str, value: object, ctx: Ctx) -> bool:
    """``owner.name = value``; False when the model cannot tell where it goes (the caller
    then leaves the store untracked)."""
    if isinstance(owner, ObjVal):
        found = owner.cls.lookup(name)
        if isinstance(found, PropertyDef):
            # A property owns the name: the store runs its setter (none: Python raises).
            if found.setter is not None:
                caller.call_value(_bound(found.setter, owner), [value], {}, ctx)
            return True
        if is_data_descriptor(found):
            setter = found.cls.lookup("__set__")  # type: ignore[attr-defined]
            if isinstance(setter, FuncVal):  # only __delete__: Python refuses the store
                caller.call_value(setter.bound(found), [owner, value], {}, ctx)
            return True
        custom = owner.cls.lookup("__setattr__")
        if isinstance(custom, FuncVal):
            caller.call_value(custom.bound(owner), [Const(name), value], {}, ctx)
            return True
        if name == "__class__":
            return _assign_class(owner, value)
        owner.attrs[name] = value
        return True
    if isinstance(owner, ClassVal):
        owner.attrs[name] = value
        return True
    if isinstance(owner, FuncVal):
        if owner.self_value is None:  # a bound method refuses stores (AttributeError)
            # A store on a path that may not run leaves the attribute unknown.
            owner.attrs[name] = UNKNOWN if caller.on_uncertain_path else value
        return True
    if isinstance(owner, ModuleVal):
        # `config.TILE = 128`, `attention_mgpu.cuda_versions = stub`: the module's global,
        # which its functions read from then on (on a path that may not run: not known).
        owner.env.names[name] = UNKNOWN if caller.on_uncertain_path else value
        return True
    if isinstance(owner, RealVal):  # a kept real object (element.text, context.prec)
        owner.store(name, value, caller.on_uncertain_path)
        return True
    if owner.__class__ is function_scopes.CellVal:  # `cell.cell_contents = v` rebinds the variable
        function_scopes.store_cell(caller, owner, name, value)  # type: ignore[arg-type]
        return True
    return False


def _assign_class(obj: ObjVal, cls: object) -> bool:
    """``obj.__class__ = cls`` (object's ``__class__`` setter): from then on every lookup
    through ``obj`` goes to ``cls``. Followed only between the program's plain classes (no
    library base, not an Enum), as any attribute store is followed; between other classes
    Python may refuse the layout with a TypeError, and the object keeps its class here."""
    if isinstance(cls, ClassVal) and _plain_layout(cls) and _plain_layout(obj.cls) \
            and obj.payload is None:
        obj.cls = cls
    return True


def _plain_layout(cls: ClassVal) -> bool:
    return cls.enum_members is None and cls.metaclass is None and all(
        isinstance(base, ClassVal) or base == QualName("builtins.object") for base in cls.mro())


def delete_attribute(caller: Caller, owner: object, name: str, ctx: Ctx) -> None:
    """``del owner.name``: a data descriptor's ``__delete__`` or the class's ``__delattr__``
    runs; otherwise the name leaves the instance's (or the class's, or the function's) own
    dict, so a later read falls back to the class, as Python's lookup does. A deletion on a
    path that may not run leaves the attribute unknown: either value may be read after it."""
    if isinstance(owner, ObjVal):
        found = owner.cls.lookup(name)
        if isinstance(found, PropertyDef):
            # property.__delete__ runs fdel (none: Python raises AttributeError, nothing changes).
            if found.deleter is not None:
                caller.call_value(_bound(found.deleter, owner), [], {}, ctx)
            return
        if is_data_descriptor(found):
            deleter = found.cls.lookup("__delete__") if isinstance(found, ObjVal) else MISSING
            if isinstance(deleter, FuncVal):
                caller.call_value(deleter.bound(found), [owner], {}, ctx)
            return
        custom = owner.cls.lookup("__delattr__")
        if isinstance(custom, FuncVal):
            caller.call_value(custom.bound(owner), [Const(name)], {}, ctx)
            return
    if isinstance(owner, RealVal):
        owner.store(name, MISSING, True)  # not run: the object is unknown from here
        return
    if owner.__class__ is function_scopes.CellVal:  # `del cell.cell_contents` empties the cell
        function_scopes.store_cell(caller, owner, name, MISSING)  # type: ignore[arg-type]
        return
    if isinstance(owner, (ObjVal, ClassVal, NamespaceVal)) \
            or (isinstance(owner, FuncVal) and owner.self_value is None):
        if caller.on_uncertain_path:
            owner.attrs[name] = UNKNOWN
        else:
            owner.attrs.pop(name, None)


def function_attribute(func: FuncVal, name: str) -> object:
    """``fn.name`` from the function's own ``__dict__`` (a bound method reads its
    function's); MISSING when the program stored no such attribute."""
    return func.attrs.get(name, MISSING)


# ---- class creation ---------------------------------------------------------------------

def rebind_methods(cls: ClassVal, class_env: object, module_env: object) -> None:
    """Functions defined in a class body do not see the class scope (their names resolve in
    the enclosing one), and a zero-argument ``super()`` in them starts after ``cls``: the
    class body's functions, also those inside descriptors, are remade so."""
    def remade(func: object) -> object:
        if isinstance(func, FuncVal) and func.closure is class_env:
            return FuncVal(func.node, module_env, defaults=func.defaults, owner=cls, attrs=func.attrs)  # type: ignore[arg-type]
        if isinstance(func, WrappedVal) and isinstance(func.inner, FuncVal) \
                and func.inner.closure is class_env:  # a jitted method
            func.inner = FuncVal(func.inner.node, module_env, defaults=func.inner.defaults, owner=cls,
                                 attrs=func.inner.attrs)  # type: ignore[arg-type]
        return func

    for name, value in list(cls.attrs.items()):
        if isinstance(value, (FuncVal, WrappedVal)):
            cls.attrs[name] = remade(value)
        elif wrapped_functions(value):
            _remake_inside(value, remade)


def _remake_inside(value: object, remade) -> None:  # type: ignore[no-untyped-def]
    if isinstance(value, (StaticMethodVal, ClassMethodVal, CachedPropertyVal, PartialMethodVal, CacheVal)):
        value.func = remade(value.func)
    elif isinstance(value, PropertyDef):
        value.getter = remade(value.getter) if value.getter is not None else None
        value.setter = remade(value.setter) if value.setter is not None else None
        value.deleter = remade(value.deleter) if value.deleter is not None else None
    elif isinstance(value, SingleDispatchVal):
        value.default = remade(value.default)
        value.registry[:] = [(kind, remade(impl)) for kind, impl in value.registry]


def set_names(caller: Caller, cls: ClassVal, ctx: Ctx) -> None:
    """``type.__new__`` calls ``__set_name__(owner, name)`` on each attribute that has it,
    before ``__init_subclass__``."""
    for name, value in list(cls.attrs.items()):
        if isinstance(value, CachedPropertyVal):
            value.name = name
            continue
        hook = special_method(value, "__set_name__")
        if hook is not MISSING:
            caller.call_value(hook, [cls, Const(name)], {}, ctx)


def init_subclass_hook(cls: ClassVal) -> object:
    """The ``__init_subclass__`` of ``cls``'s bases, bound to ``cls`` (an implicit
    classmethod); MISSING when no base defines it, UNKNOWN when one cannot be seen."""
    hook = cls.lookup("__init_subclass__", after=cls)
    if isinstance(hook, ClassMethodVal):
        hook = hook.func
    if isinstance(hook, FuncVal):
        return hook.bound(cls)
    return hook


def class_getitem(caller: Caller, cls: ClassVal, index: object, ctx: Ctx) -> object:
    """``cls[index]``: the metaclass's ``__getitem__``, else ``__class_getitem__`` (an
    implicit classmethod); MISSING when the class has neither."""
    meta = cls.metaclass
    if isinstance(meta, ClassVal):
        method = meta.lookup("__getitem__")
        if isinstance(method, FuncVal):
            return caller.call_value(method.bound(cls), [index], {}, ctx)
    hook = cls.lookup("__class_getitem__")
    if isinstance(hook, library_bases.GenericAlias):
        return cls  # Box[int](...) makes a Box
    if isinstance(hook, ClassMethodVal):
        hook = hook.func
    if isinstance(hook, FuncVal):
        return caller.call_value(hook.bound(cls), [index], {}, ctx)
    return MISSING


def metaclass_call(cls: ClassVal) -> object:
    """The metaclass's ``__call__`` bound to ``cls`` (what ``cls(...)`` runs); MISSING when
    the metaclass is ``type``'s."""
    meta = cls.metaclass
    if isinstance(meta, ClassVal):
        method = meta.lookup("__call__")
        if isinstance(method, FuncVal):
            return method.bound(cls)
    return MISSING


# ---- single dispatch --------------------------------------------------------------------

def register(reg: RegisterVal, args: list[object], annotation_of) -> object:  # type: ignore[no-untyped-def]
    """``@dispatch.register`` / ``@dispatch.register(kind)`` / ``dispatch.register(kind, f)``."""
    dispatch = reg.dispatch
    if reg.kind is None and len(args) == 1 and (isinstance(args[0], ClassVal) or _is_type_name(args[0])):
        return RegisterVal(dispatch, args[0])
    if reg.kind is None and len(args) == 2:
        dispatch.registry.append((args[0], args[1]))
        return args[1]
    if len(args) != 1:
        return UNKNOWN
    func = args[0]
    kind = reg.kind if reg.kind is not None else annotation_of(func, 1 if dispatch.method else 0)
    dispatch.registry.append((kind, func))
    return func


def _is_type_name(value: object) -> bool:
    return isinstance(value, QualName) and value.name.startswith(("builtins.", "collections.", "typing."))


def dispatch_target(dispatch: SingleDispatchVal, args: list[object]) -> object:
    """The implementation for ``args`` (MISSING when its type cannot be told)."""
    if not args:
        return MISSING
    kinds = _type_chain(args[0])
    if kinds is None:
        return MISSING
    for kind in kinds:
        for registered, impl in reversed(dispatch.registry):
            if registered is kind or (isinstance(registered, QualName) and registered == kind):
                return impl
    return dispatch.default


def _type_chain(value: object) -> list[object] | None:
    """The MRO of ``value``'s type, as the registry names types; None when not known."""
    if isinstance(value, ObjVal):
        return [c for c in value.cls.mro() if isinstance(c, ClassVal)] or None
    if isinstance(value, Const):
        python_type = type(value.value)
        return [QualName(f"builtins.{t.__name__}") for t in python_type.__mro__]
    if isinstance(value, ListVal):
        return [QualName("builtins.list"), QualName("builtins.object")]
    if value.__class__ is ObjectVal:
        return [QualName("builtins.object")]
    if isinstance(value, DictVal):
        return [QualName("builtins.dict"), QualName("builtins.object")]
    if isinstance(value, tuple):
        return [QualName("builtins.tuple"), QualName("builtins.object")]
    if isinstance(value, RealVal) and value.known and type(value.real) in (slice, range, set, frozenset):
        return [QualName(f"builtins.{type(value.real).__name__}"), QualName("builtins.object")]
    if isinstance(value, BlockSpecVal):
        # A JAX dataclass (plgpu.BlockSpec derives from pl.BlockSpec): no builtin container.
        return [*((QualName("plgpu.BlockSpec"),) if value.api == "plgpu.BlockSpec" else ()),
                QualName("pl.BlockSpec"), QualName("builtins.object")]
    return None


def first_annotation(func: object, position: int) -> ast.expr | None:
    """The annotation of a function's parameter ``position`` (what ``register`` reads)."""
    if not isinstance(func, FuncVal) or isinstance(func.node, ast.Lambda):
        return None
    params = [*func.node.args.posonlyargs, *func.node.args.args]
    if position >= len(params):
        return None
    return params[position].annotation


# ---- type(), isinstance(), issubclass() -------------------------------------------------

_BUILTIN_TYPES = {f"builtins.{t.__name__}": t for t in (
    bool, int, float, complex, str, bytes, tuple, list, dict, set, frozenset, object, type(None),
    slice, range)}


def is_builtin_type_name(name: str) -> bool:
    return name in _BUILTIN_TYPES


def _builtin_class(value: object) -> type | None:
    """The class a ``builtins`` name holds (``slice``, ``KeyError``); None for another value."""
    if not (isinstance(value, QualName) and value.name.startswith("builtins.")):
        return None
    found = _BUILTIN_TYPES.get(value.name) or getattr(builtins, value.name.removeprefix("builtins."), None)
    return found if isinstance(found, type) else None  # (NoneType is no name of builtins)


def same_builtin_type(left: object, right: object) -> bool | None:
    """``left is right`` where one side is a builtin class (``type(key) is slice``,
    ``exc_type is KeyError`` in an ``__exit__``): a class is one object, so two builtin ones
    are the same exactly when the names hold the same class (``IOError is OSError``), and a
    builtin class is never one of the program's classes; None when it cannot be told."""
    sides = (left, right)
    named = [found for found in map(_builtin_class, sides) if found is not None]
    if len(named) == 2:
        return named[0] is named[1]
    if len(named) == 1 and any(isinstance(v, ClassVal) for v in sides):
        return False
    return None


def type_of(value: object) -> object:
    """``type(value)``: the program's class of an instance, a builtin type's qualified name
    for a known constant, list or dict; UNKNOWN otherwise."""
    if isinstance(value, ObjVal):
        return value.cls
    if isinstance(value, ExcVal):
        return exception_values.type_name(value)
    chain = _type_chain(value)
    return chain[0] if chain else UNKNOWN


# Builtin types no class object and no function is an instance of.
_NO_CLASS_IS_ONE = frozenset({int, float, complex, bool, str, bytes, bytearray, tuple, list, dict, set,
                              frozenset, range, slice, type(None)})


def is_instance(subject: object, kinds: object) -> bool | None:
    """``isinstance(subject, kinds)`` (a class or a tuple of them); None when it cannot be told."""
    if isinstance(kinds, tuple) or (isinstance(kinds, Const) and isinstance(kinds.value, tuple)):
        parts = kinds if isinstance(kinds, tuple) else tuple(Const(v) for v in kinds.value)  # type: ignore[union-attr]
        verdicts = [is_instance(subject, kind) for kind in parts]
        return True if True in verdicts else (False if all(v is False for v in verdicts) else None)
    if isinstance(subject, ObjVal):
        verdict = is_subclass(subject.cls, kinds)
        if verdict is not True and is_data_descriptor(subject.cls.lookup("__class__")):
            # Not by its type: isinstance then asks ``subject.__class__``, which the class
            # answers itself (a mock with a spec claims the spec's class).
            return None
        return verdict
    if isinstance(subject, ExcVal):
        return exception_values.is_instance(subject, kinds)
    kind = _builtin_class(kinds)
    if kind is type:
        # A class is an instance of type (a metaclass derives from it); a function, a
        # partial, a constant or a builtin container is not.
        if isinstance(subject, ClassVal) or (isinstance(subject, QualName) and _builtin_class(subject)):
            return True
        if isinstance(subject, (FuncVal, PartialVal)) or _type_chain(subject) is not None:
            return False
    if kind in _NO_CLASS_IS_ONE and isinstance(subject, (ClassVal, FuncVal)):
        # A class's type is a metaclass, which derives from type (a layout no int, str, tuple,
        # ... can share); a function's is the function type.
        return False
    if kind is not None and issubclass(kind, BaseException) and (
            isinstance(subject, (FuncVal, PartialVal, ClassVal)) or _type_chain(subject) is not None):
        return False  # no function, class, constant or builtin container is an exception
    if isinstance(kinds, ClassVal):
        # A constant, list or dict is never an instance of the program's classes, unless a
        # library base (an ABC's register / __subclasshook__, a runtime Protocol) may claim it.
        return False if claims_by_mro(kinds) and _type_chain(subject) is not None else None
    chain = _type_chain(subject)
    if chain is None and isinstance(kinds, QualName) and kinds.name in _BUILTIN_TYPES and (isinstance(
            subject, DtypeVal) or (isinstance(subject, QualName) and dtype_of(subject) is not None)):
        # A dtype (numpy.dtype) or a scalar type (jnp.int32: a class, of jnp's own metaclass):
        # an instance of none of the builtin types but object.
        return kinds.name == "builtins.object"
    if chain is not None and isinstance(kinds, QualName) and kinds.name.startswith("collections.abc."):
        return _builtin_abc_check(chain[0], kinds.name)
    if chain is None or not (isinstance(kinds, QualName) and kinds.name in _BUILTIN_TYPES):
        return None
    return kinds in chain


def _builtin_abc_check(kind: object, abc_name: str) -> bool | None:
    """``isinstance(value, collections.abc.X)`` of a builtin type's value: the library's own
    answer (its registrations of the builtin types, the same on every Python the analysis
    runs; a program registering a builtin type into a library ABC is not followed)."""
    python_type = _BUILTIN_TYPES.get(kind.name) if isinstance(kind, QualName) else None
    abc = getattr(collections.abc, abc_name.removeprefix("collections.abc."), None)
    if python_type is None or not isinstance(abc, type) or not issubclass(type(abc), abstract.ABCMeta):
        return None
    return issubclass(python_type, abc)


def is_subclass(cls: ClassVal, kinds: object) -> bool | None:
    """``issubclass(cls, kinds)`` for one of the program's classes."""
    order = cls.mro()
    if any(c is kinds or (isinstance(c, QualName) and c == kinds) for c in order):
        return True
    if isinstance(kinds, QualName) and kinds.name == "builtins.object":
        return True
    if isinstance(kinds, QualName) and kinds.name == "builtins.tuple" and library_bases.is_named_tuple(cls):
        return True  # the class collections.namedtuple builds derives from tuple
    # A base the analysis cannot see might still derive from ``kinds``: only the program's
    # classes all the way up tell a sure "no". An ABC of the library (collections.abc.
    # Iterable) may claim any class through __subclasshook__: only builtin types are sure.
    sure = all(isinstance(c, ClassVal) or c == _OBJECT for c in order)
    known_kind = claims_by_mro(kinds) if isinstance(kinds, ClassVal) else (
        isinstance(kinds, QualName) and kinds.name in _BUILTIN_TYPES)
    return False if sure and known_kind else None


def builtin_subclass(sub: object, kinds: object) -> bool | None:
    """``issubclass(sub, kinds)`` of builtin classes (``issubclass(KeyError, Exception)``):
    the real answer; None where a side is no builtin class."""
    parts = kinds if isinstance(kinds, tuple) else (kinds,)
    real_sub, real_kinds = _builtin_class(sub), [_builtin_class(kind) for kind in parts]
    if real_sub is None or any(kind is None for kind in real_kinds):
        return None
    return issubclass(real_sub, tuple(real_kinds))  # type: ignore[arg-type]


def claims_by_mro(cls: ClassVal) -> bool:
    """Whether ``cls``'s instances and subclasses are exactly what its MRO says: no library
    base that may claim others (an ABC's ``register`` / ``__subclasshook__``, a runtime
    Protocol) and no library metaclass (``metaclass=abc.ABCMeta``); a metaclass of the
    program's with its own checks is asked first (python/calls.py)."""
    for c in cls.mro():
        if isinstance(c, ClassVal):
            if c.metaclass is None and any(k.arg == "metaclass" for k in c.node.keywords):
                return False
        elif c != _OBJECT and c not in _CLAIM_NOTHING:
            return False
    return True


_OBJECT = QualName("builtins.object")
# Library bases that never make a builtin value an instance of the class deriving from them
# (a builtin type's isinstance is type's: a plain dict or str is no instance of a subclass).
_CLAIM_NOTHING = (QualName("typing.Generic"), QualName("typing.NamedTuple"), QualName("builtins.dict"),
                  QualName("builtins.str"))
