"""The copy and pickle protocols run over the interpreter's own values.

``copy.copy`` / ``copy.deepcopy`` follow CPython's ``copy`` module step by step: a type's
own copier (lists, dicts, tuples: their items copied; constants, functions and classes
atomic), then the instance's ``__copy__`` / ``__deepcopy__`` (the class's, through the
interpreter), then a reducer ``copyreg.pickle`` registered for the class
(``copyreg.dispatch_table``), then ``__reduce_ex__(4)``, whose ``object`` default calls a
``__reduce__`` the class overrides and otherwise builds ``copyreg.__newobj__(cls,
*__getnewargs__())`` with the state ``__getstate__()`` returns (the instance dict by
default), and ``_reconstruct`` calls what the reduce named, deep-copies the state (the
copy is in the memo first, so a cycle comes back to it) and hands it to ``__setstate__``
or updates the new instance's dict. The program's hooks run in the interpreter, so their
values stay the program's (axis names keep their origins).

``pickle.dumps`` / ``pickle.loads`` are the same reduce protocol split in two: dumps
reduces every object now (what it holds later no longer matters) into a description kept
as the "bytes" value, with the picklability checks ``pickle`` makes (a function or class
only by reference to a module-level name: a lambda, a nested function or a class not
bound at module level raises); loads rebuilds from that description each time it is
called, calling the reduce's callables then. ``marshal.dumps`` / ``loads`` is a round trip
of the plain types marshal writes (version 3 and 4 keep shared references); anything else
raises there. The bytes themselves are never known (a pickle's or a marshal's layout is
this process's), so only a round trip gives a value; ``pickle.loads`` of bytes from
anywhere else is never run (it may call any importable callable).

What the model cannot follow (a hook it cannot see, a library base class, an
instance whose attributes are open, a result not known) makes the whole result unknown:
never a half copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..values import (
    MISSING,
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    DtypeVal,
    ForeignVal,
    FuncVal,
    ListVal,
    ObjectVal,
    ObjVal,
    OneOf,
    PartialVal,
    QualName,
    is_enum_member,
    pack,
    unpack,
)
from .descriptor_values import StaticMethodVal

if TYPE_CHECKING:
    from ..jax_calls import Call

COPY_PROTOCOL = 4  # copy.copy / deepcopy call __reduce_ex__(4)
PICKLE_PROTOCOL = 4  # pickle.DEFAULT_PROTOCOL on Python 3.8 to 3.13
HIGHEST_PROTOCOL = 5
MAX_OBJECTS = 4096  # values one copy or one pickle may visit
# Copied as themselves by copy.copy / deepcopy: functions and classes (copy's atomic types),
# library names (functions, classes), numpy dtypes (rebuilt equal).
_ATOMIC = (FuncVal, ClassVal, QualName, DtypeVal)
_MARSHAL_ATOMS = (bool, int, float, complex, str, bytes, type(None), type(Ellipsis))


class _GiveUp(Exception):
    """The result is not known (or the real call raises): the whole call is unknown."""


class _NewObj:
    """``copyreg.__newobj__``: ``cls.__new__(cls, *args)``, what object's reduce names."""


NEWOBJ = _NewObj()


class SerialVal(ForeignVal):
    """The bytes ``pickle.dumps`` or ``marshal.dumps`` made: unknown as bytes, known as what
    ``loads`` rebuilds from them (``kind``: "pickle" or "marshal")."""

    __slots__ = ("kind", "node")

    def __init__(self, kind: str, node: object) -> None:
        self.kind = kind
        self.node = node

    def truth(self) -> bool | None:
        return True  # never empty bytes


# ---------------------------------------------------------------- the registry (copyreg)

def _registry(tracer: object) -> dict[int, tuple[ClassVal, object]]:
    """The reducers ``copyreg.pickle`` registered, by the class (one per analysis run)."""
    table = getattr(tracer, "_copyreg_table", None)
    if table is None:
        table = {}
        tracer._copyreg_table = table  # type: ignore[attr-defined]
    return table


def _registry_unknown(tracer: object) -> bool:
    """A registration the model could not follow ran (an unknown class, a library class,
    ``copyreg.dispatch_table`` changed directly): any reducer may be registered."""
    if getattr(tracer, "_copyreg_open", False):
        return True
    attributes = getattr(tracer, "library_attributes", {})
    return any(base == "copyreg" and attr not in ("pickle", "constructor")
               for _, base, attr, _ in attributes.values())


def copyreg_pickle(call: Call) -> object:
    """``copyreg.pickle(cls, reducer)``: what copy and pickle consult before the class's own
    reduce. A registration on a path that may not run leaves that class's reducer unknown."""
    tracer = call.tracer
    cls = call.arg(0, "ob_type")
    reducer = call.arg(1, "pickle_function")
    if reducer is MISSING or cls is MISSING:
        return UNKNOWN
    if not isinstance(cls, ClassVal):
        tracer._copyreg_open = True  # type: ignore[attr-defined]
        return Const(None)
    if not isinstance(reducer, (FuncVal, PartialVal, ClassVal, QualName)):
        # Not callable for sure (TypeError), or a reducer the model cannot call.
        _registry(tracer)[id(cls)] = (cls, UNKNOWN)
        return UNKNOWN
    tracer.stores += 1  # type: ignore[attr-defined]  # process-wide state a later call reads
    sure = not getattr(tracer, "on_uncertain_path", True)
    _registry(tracer)[id(cls)] = (cls, reducer if sure else UNKNOWN)
    return Const(None)


# ---------------------------------------------------------------- the engine

class _Engine:
    def __init__(self, call: Call) -> None:
        self.call = call
        self.tracer = call.tracer
        self.memo: dict[int, object] = {}  # id(original) -> its copy (deepcopy)
        self.keep: list[object] = []  # keeps the ids above alive
        self.visited = 0

    # ---- running the program's code ----

    def run(self, func: object, args: list[object]) -> object:
        tracer = self.tracer
        result = tracer.call(func, args, {}, self.call.node, [], {}, tracer.module_env,  # type: ignore[attr-defined]
                             self.call.ctx)
        if result is UNKNOWN or result is MISSING or isinstance(result, OneOf):
            raise _GiveUp
        return result

    def method(self, obj: ObjVal, name: str) -> object:
        """The instance's ``name`` as ``getattr`` finds it when the class defines it; MISSING
        when neither the class nor the instance does; _GiveUp when not known."""
        if name in obj.attrs or obj.open_attrs:
            raise _GiveUp  # an instance attribute shadows (or may shadow) the class's
        found = obj.cls.lookup(name)
        if found is UNKNOWN:
            raise _GiveUp
        if found is MISSING:
            return MISSING
        bound = self.tracer.attribute_named(obj, name, self.call.ctx)  # type: ignore[attr-defined]
        if bound is UNKNOWN or bound is MISSING:
            raise _GiveUp
        return bound

    def count(self) -> None:
        self.visited += 1
        if self.visited > MAX_OBJECTS:
            raise _GiveUp

    # ---- the object's reduce ----

    def plain_class(self, obj: ObjVal) -> None:
        """Only the program's own classes over ``object``: a library base's reduce and state
        (a builtin's payload, slots, a NamedTuple's tuple) are not the model's to build."""
        if obj.payload is not None or obj.open_attrs:
            raise _GiveUp
        for cls in obj.cls.mro():
            if _is_object(cls):
                continue
            if not isinstance(cls, ClassVal) or "__slots__" in cls.attrs or cls.metaclass is not None:
                raise _GiveUp

    def reduce(self, obj: ObjVal, protocol: int) -> list[object]:
        """``copyreg.dispatch_table[cls](obj)``, else ``obj.__reduce_ex__(protocol)``, as a list
        of its 2 to 5 items (func, args, state, listitems, dictitems)."""
        self.plain_class(obj)
        entry = _registry(self.tracer).get(id(obj.cls))
        if entry is not None:
            if entry[1] is UNKNOWN:
                raise _GiveUp
            value = self.run(entry[1], [obj])
        else:
            reduce_ex = self.method(obj, "__reduce_ex__")
            if reduce_ex is not MISSING:
                value = self.run(reduce_ex, [Const(protocol)])
            else:
                reduce = self.method(obj, "__reduce__")
                value = self.run(reduce, []) if reduce is not MISSING else MISSING
                if value is MISSING:
                    return self.reduce_newobj(obj)
        if isinstance(value, Const) and isinstance(value.value, str):
            raise _GiveUp  # a global's name: the object itself (copy) or by reference (pickle)
        items = unpack(value) if isinstance(value, (tuple, Const)) else None
        if items is None or not 2 <= len(items) <= 6:
            raise _GiveUp  # pickle / copy raise: "__reduce__ must return a string or tuple"
        items = items + [Const(None)] * (5 - len(items))
        if any(not _is_none(item) for item in items[3:]):
            raise _GiveUp  # listitems / dictitems / state_setter: not followed
        return items[:3]

    def reduce_newobj(self, obj: ObjVal) -> list[object]:
        """object.__reduce_ex__(protocol >= 2): ``copyreg.__newobj__, (cls, *args), state``."""
        args: list[object] = []
        if self.method(obj, "__getnewargs_ex__") is not MISSING:
            raise _GiveUp  # keyword arguments to __new__: not followed
        getnewargs = self.method(obj, "__getnewargs__")
        has_args = getnewargs is not MISSING
        if has_args:
            made = self.run(getnewargs, [])
            if not (isinstance(made, tuple) or (isinstance(made, Const) and isinstance(made.value, tuple))):
                raise _GiveUp  # TypeError: __getnewargs__ should return a tuple
            args = unpack(made) or []
        getstate = self.method(obj, "__getstate__")
        if getstate is not MISSING:
            state = self.run(getstate, [])
        elif obj.attrs:
            state = DictVal(items=dict(obj.attrs))  # object.__getstate__: the instance dict
        else:
            state = Const(None)
        return [NEWOBJ, pack([obj.cls, *args]), state]

    def build(self, func: object, args: object) -> object:
        """``func(*args)``, or ``cls.__new__(cls, *args)`` for copyreg.__newobj__."""
        is_tuple = isinstance(args, tuple) or (isinstance(args, Const) and isinstance(args.value, tuple))
        items = unpack(args) if is_tuple else None
        if items is None:
            raise _GiveUp  # "args from save_reduce() must be a tuple"
        if func is not NEWOBJ:
            return self.run(func, items)
        if not items or not isinstance(items[0], ClassVal):
            raise _GiveUp
        cls, rest = items[0], items[1:]
        for base in cls.mro():
            if _is_object(base):
                continue
            if not isinstance(base, ClassVal) or base.metaclass is not None or base.enum_members is not None:
                raise _GiveUp
        new = cls.lookup("__new__")
        if isinstance(new, StaticMethodVal):
            new = new.func
        if new is UNKNOWN:
            raise _GiveUp
        if new is not MISSING:
            if not isinstance(new, FuncVal):
                raise _GiveUp
            return self.run(new, [cls, *rest])
        if rest and cls.lookup("__init__") is MISSING:
            raise _GiveUp  # object.__new__: "takes no arguments"
        return ObjVal(cls, {})

    def set_state(self, made: object, state: object) -> None:
        """``__setstate__(state)`` when the new object has one, else its dict updated."""
        if _is_none(state):
            return
        if not isinstance(made, ObjVal):
            raise _GiveUp
        self.plain_class(made)
        setstate = self.method(made, "__setstate__")
        if setstate is not MISSING:
            self.run(setstate, [state])
            return
        slots = None
        if isinstance(state, tuple) and len(state) == 2:
            state, slots = state
        if slots is not None and not _is_none(slots):
            raise _GiveUp  # slot state through setattr: not followed
        if _is_none(state):
            return
        if not (isinstance(state, DictVal) and type(state) is DictVal and state.complete) \
                or not all(isinstance(key, str) for key in state.items):
            raise _GiveUp
        made.attrs.update(state.items)  # inst.__dict__.update(state): no __setattr__
        self.tracer.stores += 1  # type: ignore[attr-defined]

    # ---- copy.copy ----

    def shallow(self, value: object) -> object:
        if isinstance(value, (Const, tuple, *_ATOMIC)):
            return value
        if isinstance(value, ListVal):
            if not value.complete:
                raise _GiveUp
            return ListVal(list(value.items))
        if isinstance(value, DictVal):
            if type(value) is not DictVal or not value.complete:
                raise _GiveUp
            return DictVal(items=dict(value.items))
        if isinstance(value, PartialVal):
            return PartialVal(value.func, value.args, dict(value.kwargs))
        if isinstance(value, ObjectVal):
            return ObjectVal()  # object's reduce: copyreg.__newobj__(object), a new object
        if _is_real(value):
            return _bridged(self.call, "copy", value)
        if not isinstance(value, ObjVal):
            raise _GiveUp
        if is_enum_member(value):
            return value  # Enum.__copy__: the member itself
        self.plain_class(value)
        copier = value.cls.lookup("__copy__")
        if copier is UNKNOWN:
            raise _GiveUp
        if copier is not MISSING:
            return self.run(self.method(value, "__copy__"), [])
        func, args, state = self.reduce(value, COPY_PROTOCOL)
        made = self.build(func, args)
        self.set_state(made, state)
        return made

    # ---- copy.deepcopy ----

    def deep(self, value: object) -> object:
        known = self.memo.get(id(value))
        if known is not None:
            return known
        self.count()
        if isinstance(value, (Const, *_ATOMIC)):
            return value  # atomic: constants, functions, classes, library names, dtypes
        if isinstance(value, ObjectVal):
            made = ObjectVal()  # object's reduce: a new object (no state to copy)
            self.remember(value, made)
            return made
        if isinstance(value, tuple):
            items = [self.deep(item) for item in value]
            known = self.memo.get(id(value))  # a cycle through a list made it already
            if known is not None:
                return known
            made: object = value if all(a is b for a, b in zip(items, value, strict=True)) else pack(items)
        elif isinstance(value, ListVal):
            if not value.complete:
                raise _GiveUp
            made = ListVal([])
            self.remember(value, made)
            made.items.extend(self.deep(item) for item in value.items)
            return made
        elif isinstance(value, DictVal):
            if type(value) is not DictVal or not value.complete:
                raise _GiveUp
            made = DictVal()
            self.remember(value, made)
            for key, item in value.items.items():
                made.items[key] = self.deep(item)
            return made
        elif isinstance(value, PartialVal):
            made = PartialVal(self.deep(value.func), tuple(self.deep(item) for item in value.args),
                              {key: self.deep(item) for key, item in value.kwargs.items()})
        elif _is_real(value):
            made = _bridged(self.call, "deepcopy", value)
        elif isinstance(value, ObjVal):
            made = self.deep_object(value)
        else:
            raise _GiveUp
        if made is not value:
            self.remember(value, made)
        return made

    def remember(self, original: object, made: object) -> None:
        self.memo[id(original)] = made
        self.keep.append(original)

    def deep_object(self, value: ObjVal) -> object:
        if is_enum_member(value):
            return value  # Enum.__deepcopy__: the member itself
        self.plain_class(value)
        copier = self.method(value, "__deepcopy__")
        if copier is not MISSING:
            # The class's own __deepcopy__(memo): the memo it is handed is this copy's (a
            # copy.deepcopy(part, memo) inside it goes on with this engine).
            memo = DictVal()
            _memos(self.tracer)[id(memo)] = (memo, self)
            return self.run(copier, [memo])
        func, args, state = self.reduce(value, COPY_PROTOCOL)
        made = self.build(func, self.deep(args) if unpack(args) else args)
        self.remember(value, made)
        if not _is_none(state):
            self.set_state(made, self.deep(state))
        return made

    # ---- pickle.dumps / marshal.dumps: a description; loads: built from it ----

    def describe(self, value: object, kind: str) -> object:
        """The value as dumps writes it: ("atom", v), ("tuple", items), ("list", n, items),
        ("dict", n, pairs), ("obj", n, func, args, state), ("ref", n)."""
        known = self.memo.get(id(value))
        if known is not None:
            if known == "busy":
                raise _GiveUp  # an object inside its own reduce's arguments: pickle recurses
            return known
        self.count()
        if isinstance(value, Const):
            if kind == "marshal" and not _marshallable(value.value):
                raise _GiveUp  # ValueError: unmarshallable object
            return ("atom", value)
        if isinstance(value, tuple):
            return ("tuple", [self.describe(item, kind) for item in value])
        number = len(self.keep)
        if isinstance(value, ListVal):
            if not value.complete:
                raise _GiveUp
            self.remember(value, ("ref", number))
            return ("list", number, [self.describe(item, kind) for item in value.items])
        if isinstance(value, DictVal):
            if type(value) is not DictVal or not value.complete:
                raise _GiveUp
            if kind == "marshal" and not all(_marshallable(key) for key in value.items):
                raise _GiveUp
            self.remember(value, ("ref", number))
            return ("dict", number, [(key, self.describe(item, kind)) for key, item in value.items.items()])
        if kind == "marshal":
            raise _GiveUp  # functions, classes, instances: unmarshallable
        if isinstance(value, DtypeVal):
            return ("atom", value)  # numpy's dtype: rebuilt equal by its reduce
        if isinstance(value, (FuncVal, ClassVal, QualName)):
            self.global_reference(value)
            return ("atom", value)
        if not isinstance(value, ObjVal) or is_enum_member(value):
            raise _GiveUp
        self.global_reference(value.cls)
        self.remember(value, "busy")
        func, args, state = self.reduce(value, self.protocol)
        if func is not NEWOBJ:
            self.global_reference(func)
        elif (unpack(args) or [None])[0] is not value.cls:
            raise _GiveUp  # "args[0] from __newobj__ args has the wrong class"
        described_args = self.describe(args, kind)
        self.memo[id(value)] = ("ref", number)
        described_state = None if _is_none(state) else self.describe(state, kind)
        return ("obj", number, func, described_args, described_state)

    protocol = PICKLE_PROTOCOL

    def global_reference(self, value: object) -> None:
        """What pickle writes by name (``save_global``): a module-level function or class of
        the program found again under its name, or a builtin; anything else raises."""
        tracer = self.tracer
        envs = [tracer.module_env, *getattr(tracer, "module_envs", {}).values()]  # type: ignore[attr-defined]
        if isinstance(value, QualName):
            if value.name.startswith("builtins.") and value.name.count(".") == 1:
                return
            raise _GiveUp
        if isinstance(value, FuncVal):
            node = value.node
            if value.self_value is not None or getattr(node, "name", None) is None:
                raise _GiveUp  # a bound method or a lambda
            for env in envs:
                bound = env.names.get(node.name)
                if isinstance(bound, FuncVal) and bound.node is node and value.closure is env:
                    return
            raise _GiveUp
        if isinstance(value, ClassVal) and any(env.names.get(value.node.name) is value for env in envs):
            return
        raise _GiveUp

    def rebuild(self, node: object, built: dict[int, object]) -> object:
        self.count()
        tag = node[0]  # type: ignore[index]
        if tag == "atom":
            return node[1]  # type: ignore[index]
        if tag == "ref":
            if node[1] not in built:  # type: ignore[index]
                raise _GiveUp
            return built[node[1]]  # type: ignore[index]
        if tag == "tuple":
            return pack([self.rebuild(item, built) for item in node[1]])  # type: ignore[index]
        if tag == "list":
            made = ListVal([])
            built[node[1]] = made  # type: ignore[index]
            made.items.extend(self.rebuild(item, built) for item in node[2])  # type: ignore[index]
            return made
        if tag == "dict":
            made_dict = DictVal()
            built[node[1]] = made_dict  # type: ignore[index]
            for key, item in node[2]:  # type: ignore[index]
                made_dict.items[key] = self.rebuild(item, built)
            return made_dict
        _, number, func, args, state = node  # type: ignore[misc]
        made_obj = self.build(func, self.rebuild(args, built))
        built[number] = made_obj
        if state is not None:
            self.set_state(made_obj, self.rebuild(state, built))
        return made_obj


def _is_object(cls: object) -> bool:
    return isinstance(cls, QualName) and cls.name == "builtins.object"


def _is_none(value: object) -> bool:
    return isinstance(value, Const) and value.value is None


def _marshallable(raw: object) -> bool:
    if type(raw) in _MARSHAL_ATOMS:
        return True
    if type(raw) in (tuple, frozenset):
        return all(_marshallable(item) for item in raw)  # type: ignore[attr-defined]
    return False


def _is_real(value: object) -> bool:
    from .real import RealVal

    return isinstance(value, RealVal)


def _bridged(call: Call, name: str, value: object) -> object:
    """A kept real object (a deque, a Counter) copied by the real ``copy`` module."""
    import copy

    from . import bridge

    made = bridge.run(f"copy.{name}", getattr(copy, name), [value], {})
    if made is UNKNOWN:
        raise _GiveUp
    return made


# ---------------------------------------------------------------- handlers (jax_calls)

def _engine_call(call: Call, work: object) -> object:
    engine = _Engine(call)
    if _registry_unknown(call.tracer):
        return UNKNOWN
    try:
        return work(engine)  # type: ignore[operator]
    except (_GiveUp, RecursionError):
        return UNKNOWN


def copy_copy(call: Call) -> object:
    if len(call.args) != 1 or call.kwargs:
        return UNKNOWN
    return _engine_call(call, lambda engine: engine.shallow(call.args[0]))


def _memos(tracer: object) -> dict[int, tuple[DictVal, _Engine]]:
    memos = getattr(tracer, "_copy_memos", None)
    if memos is None:
        memos = {}
        tracer._copy_memos = memos  # type: ignore[attr-defined]
    return memos


def copy_deepcopy(call: Call) -> object:
    value = call.arg(0, "x")
    memo = call.arg(1, "memo")
    if value is MISSING or len(call.args) + len(call.kwargs) > 2:
        return UNKNOWN
    if memo is MISSING or _is_none(memo):
        return _engine_call(call, lambda engine: engine.deep(value))
    found = _memos(call.tracer).get(id(memo))
    if found is None or found[0] is not memo:
        return UNKNOWN  # a memo of the program's own: id()-keyed, not modelled
    engine = found[1]
    try:
        return engine.deep(value)
    except (_GiveUp, RecursionError):
        return UNKNOWN


def _protocol(call: Call) -> int | None:
    given = call.arg(1, "protocol")
    if given is MISSING or _is_none(given):
        return PICKLE_PROTOCOL
    if isinstance(given, Const) and type(given.value) is int:
        protocol = HIGHEST_PROTOCOL if given.value < 0 else given.value
        return protocol if 2 <= protocol <= HIGHEST_PROTOCOL else None  # 0, 1: copyreg._reduce_ex
    return None


def pickle_dumps(call: Call) -> object:
    value = call.arg(0, "obj")
    protocol = _protocol(call)
    extra = set(call.kwargs) - {"obj", "protocol", "fix_imports"}
    if value is MISSING or protocol is None or extra or len(call.args) > 2:
        return UNKNOWN

    def work(engine: _Engine) -> object:
        engine.protocol = protocol
        return SerialVal("pickle", engine.describe(value, "pickle"))

    return _engine_call(call, work)


def marshal_dumps(call: Call) -> object:
    value = call.arg(0, "value")
    version = call.arg(1, "version")
    if value is MISSING or set(call.kwargs) - {"value", "version"} or len(call.args) > 2 or not (
            version is MISSING or (isinstance(version, Const) and version.value in (3, 4))):
        return UNKNOWN  # versions before 3 do not keep shared references
    return _engine_call(call, lambda engine: SerialVal("marshal", engine.describe(value, "marshal")))


def _loads(kind: str) -> object:
    allowed = {"data", "fix_imports", "encoding", "errors"} if kind == "pickle" else {"bytes"}

    def loads(call: Call) -> object:
        data = call.arg(0, "data" if kind == "pickle" else "bytes")
        if not isinstance(data, SerialVal) or data.kind != kind or len(call.args) != 1 \
                or set(call.kwargs) - allowed:
            return UNKNOWN  # bytes of anywhere else: never run (pickle may call anything)
        return _engine_call(call, lambda engine: engine.rebuild(data.node, {}))

    return loads


HANDLERS = {
    "copy.copy": copy_copy,
    "copy.deepcopy": copy_deepcopy,
    "copyreg.pickle": copyreg_pickle,
    "pickle.dumps": pickle_dumps,
    "pickle.loads": _loads("pickle"),
    "marshal.dumps": marshal_dumps,
    "marshal.loads": _loads("marshal"),
}
