"""Calls of Python's own machinery that the data model and module semantics answer.

Descriptor types, ``setattr`` / ``hasattr`` / ``type`` / ``isinstance`` / ``issubclass`` /
``callable`` / ``len`` / ``iter`` / ``next``, ``object.__setattr__`` / ``__getattribute__`` /
``__new__``, ``type.__call__``, ``importlib.import_module``, asyncio's drivers, and an
instance's truth (``__bool__``, ``__len__``): what the interpreter asks before it hands a
library name to the models of JAX and the standard library.
"""

from __future__ import annotations

import ast
import builtins
from typing import Protocol

from .. import pyflow, stdlib_values
from ..ast_nodes import written_name
from ..trace import Ctx
from ..values import (
    MAX_LIST_ITEMS,
    MISSING,
    UNKNOWN,
    ArrayVal,
    ClassVal,
    Const,
    DictVal,
    Env,
    FuncVal,
    GeneratorVal,
    KernelVal,
    ListVal,
    NamespaceVal,
    ObjectVal,
    ObjVal,
    PartialVal,
    QualName,
    WrappedVal,
    pack,
    plain,
    unpack,
)
from . import (
    class_objects,
    coroutines,
    dataclass_values,
    datamodel,
    enum_markers,
    exception_classes,
    exception_groups,
    exception_values,
    function_attrs,
    function_objects,
    generator_contexts,
    library_bases,
    modules,
    protocols,
    signatures,
)
from .convert import forget
from .coroutines import GatheredVal
from .descriptor_values import CONSTRUCTORS, CacheVal, construct
from .exception_values import ExcVal
from .generator_contexts import GeneratorContextManager
from .generators import Generator, Step
from .library_bases import DICT_HOOKS, DICT_METHODS
from .sequence_protocol import sequence_iterator


class Runner(Protocol):
    """What these hooks need of the interpreter."""

    def call_value(self, func: object, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object: ...

    def attribute_named(self, base: object, attr: str, ctx: Ctx) -> object: ...

    def binary_op(self, left: object, op: ast.operator, right: object, ctx: Ctx) -> object: ...

    def instantiate(self, cls: ClassVal, args: list[object], kwargs: dict[str, object],
                    ctx: Ctx) -> object: ...

    def import_module_named(self, name: str, ctx: Ctx) -> Env | None: ...

    def await_value(self, value: object, ctx: Ctx) -> object: ...

    def model_function(self, name: str) -> object: ...

    def iterable_of(self, value: object, ctx: Ctx) -> object: ...

    @property
    def on_uncertain_path(self) -> bool: ...

    def iterator_of(self, value: object, ctx: Ctx) -> object: ...

    def is_iterator(self, value: object) -> bool: ...

    def protocol_items(self, value: object, ctx: Ctx) -> list[object] | None: ...

    def mapping_protocol(self, value: ObjVal, ctx: Ctx) -> object: ...

    def next_step(self, iterator: object, ctx: Ctx) -> Step: ...

    def list_method(self, method: str, target: ListVal, args: list[object],
                    kwargs: dict[str, object] | None = None) -> object: ...

    # The StopIteration a `next()` surely raised (interp/calling.py follows it to a handler).
    next_stopped: object
    # The exceptions the handlers being run handle, innermost last (interp/statements.py).
    handling: list[object]
    # Every class made and the ABCs' state (python/class_objects.py).
    class_registry: class_objects.ClassRegistry


# Calls that return their value argument unchanged (the second, ``val=``).
IDENTITY_CALLS = frozenset({"typing.cast", "typing_extensions.cast"})
# Calls that return their first argument: ``assert_type(val, typ)`` (a no-op at run time) and
# ``sys.intern(text)`` (the interned str: equal to it, and the value is all the model holds).
RETURNS_FIRST = frozenset({"typing.assert_type", "typing_extensions.assert_type", "sys.intern"})


def _sum_of_objects(runner: Runner, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object:
    """``sum(items, start=0)`` of a known tuple or list holding traced arrays (or the program's
    objects): ``start + item + ...`` as the `+` operator runs it, left to right (CPython's
    builtin does the same: ``__add__``, then the reflected ``__radd__``); MISSING for plain
    numbers (run for real, python/bridge.py) and anything not known item by item."""
    if not args or len(args) > 2 or set(kwargs) - {"start"}:
        return MISSING
    items = args[0]
    if items.__class__ is ListVal and items.complete:  # type: ignore[attr-defined]
        items = tuple(items.items)  # type: ignore[attr-defined]
    if items.__class__ is not tuple or not any(item.__class__ in (ArrayVal, ObjVal) for item in items):  # type: ignore[attr-defined]
        return MISSING
    total = args[1] if len(args) == 2 else kwargs.get("start", Const(0))
    for item in items:  # type: ignore[attr-defined]
        total = runner.binary_op(total, ast.Add(), item, ctx)
    return total


def _raise_at_call(runner: Runner, args: list[object], error: BaseException,
                   spelled: tuple[ast.Call, list[object]] | None = None) -> None:
    """The builtin call being answered raises ``error`` on the program's values: raised at the
    call the program spelled (as a bridged standard library call's error is, PAL079 where it
    escapes), where that call is known to be this one (``spelled``: the interpreter's
    ``spelled_call`` read before a hook of the program's ran other calls)."""
    spelled = spelled or getattr(runner, "spelled_call", None)
    if spelled is not None and spelled[1] is args:
        runner.bridge_raised(spelled[0], error)  # type: ignore[attr-defined]


def _length_refusal(counted: object) -> BaseException | None:
    """What ``len()`` raises for a ``__len__`` result (CPython's slot_sq_length): a negative int,
    or a value that is no int."""
    if not isinstance(counted, Const):
        return None
    if type(counted.value) is int:
        return ValueError("__len__() should return >= 0") if counted.value < 0 else None
    if isinstance(counted.value, (str, float, bytes, tuple)) or counted.value is None:
        return TypeError(f"'{type(counted.value).__name__}' object cannot be interpreted as an integer")
    return None


def _type_name(obj: ObjVal) -> str:
    return written_name(obj.cls.node)


def builtin_hook(runner: Runner, name: str, args: list[object], kwargs: dict[str, object],
                 ctx: Ctx) -> object:
    """Calls of Python's own machinery the data model and module semantics answer:
    descriptor types, ``setattr``, ``object.__setattr__`` / ``__getattribute__``,
    ``type.__call__``, ``importlib.import_module``, asyncio's drivers; MISSING otherwise."""
    if name not in _HOOKED and not name.startswith(_HOOKED_PREFIX) and not name.endswith(_HOOKED_SUFFIX):
        return MISSING  # (a JAX call, most of them: none of the tests below names it)
    if name == "builtins.sum":
        return _sum_of_objects(runner, args, kwargs, ctx)
    made = construct(name, args, kwargs)
    if made is not MISSING:
        return made
    made = dataclass_values.call(name, args, kwargs)
    if made is MISSING:
        made = signatures.call(name, args, kwargs)
        if made.__class__ is signatures.SignatureParts:
            # The library's Signature class as python/source_models.py writes it (bind runs there).
            return runner.call_value(runner.model_function("Signature"),
                                     [made.parameters, made.return_annotation, made.kinds], {}, ctx)  # type: ignore[attr-defined]
    if made is not MISSING:
        return made
    if name in _EXCEPTION_HOOKED:
        made = exception_hook(name, args, kwargs) if name not in _RUNNER_EXCEPTION_HOOKS \
            else _RUNNER_EXCEPTION_HOOKS[name](runner, args, kwargs)
        if made is not MISSING:
            return made
    if name.startswith("builtins.dict_instance.") and args and isinstance(args[0], ObjVal):
        return dict_instance_hook(runner, name.rsplit(".", 1)[-1], args[0], args[1:], kwargs, ctx)
    if name in _UNBOUND_DICT and args:
        made = unbound_dict_method(runner, name, args, kwargs, ctx)
        if made is not MISSING:
            return made
    if name == "functools.update_wrapper":
        return function_attrs.update_wrapper(runner, args, kwargs, ctx)
    if name in stdlib_values.CONVERTED_GET and len(args) >= 2:  # a configparser converter's get<name>
        return stdlib_values.converted_get(name, args, kwargs,
                                           lambda convert, text: runner.call_value(convert, [text], {}, ctx))
    if name in function_objects.NAMES:  # inspect's introspection of the program's objects
        made = function_objects.inspect_call(runner, name, args, kwargs, ctx)  # type: ignore[arg-type]
        if made is not MISSING:
            return made
    if name == "builtins.setattr" and len(args) == 3 and not kwargs:
        if args[0].__class__ is QualName:  # a library module's attribute (PAL009 reads it)
            attr = args[1].value if isinstance(args[1], Const) and isinstance(args[1].value, str) else None
            runner.library_attribute_stores.add((args[0].name, attr))  # type: ignore[attr-defined]
        if isinstance(args[1], Const) and isinstance(args[1].value, str):
            datamodel.store_attribute(runner, args[0], args[1].value, args[2], ctx)
        elif isinstance(args[0], (ObjVal, NamespaceVal)):
            args[0].open_attrs = True  # a name not known: vars(obj) may hold any key now
        return Const(None)
    if name == "builtins.delattr" and len(args) == 2 and not kwargs:
        # ``delattr(obj, name)`` is ``del obj.name``: the class's or instance's own value
        # goes, so a later read falls back through the MRO.
        if isinstance(args[1], Const) and isinstance(args[1].value, str):
            datamodel.delete_attribute(runner, args[0], args[1].value, ctx)
        elif isinstance(args[0], (ObjVal, NamespaceVal)):
            args[0].open_attrs = True
        elif isinstance(args[0], ClassVal):
            # A name not known may be any of the class's own: none of them is certain now.
            for own in list(args[0].attrs):
                if not (own.startswith("__") and own.endswith("__")):
                    args[0].attrs[own] = UNKNOWN
        return Const(None)
    if name == "builtins.object.__setattr__" and len(args) == 3 and isinstance(args[0], ObjVal):
        if isinstance(args[1], Const) and isinstance(args[1].value, str):
            args[0].attrs[args[1].value] = args[2]
        else:
            args[0].open_attrs = True
        return Const(None)
    if name == "builtins.object.__getattribute__" and len(args) == 2 and isinstance(args[0], ObjVal):
        if isinstance(args[1], Const) and isinstance(args[1].value, str):
            return datamodel.generic_getattr(runner, args[0], args[1].value, ctx)
        return UNKNOWN
    if name == "builtins.object":
        # ``object()``: a new bare object, only its identity (a sentinel); object() takes no
        # arguments (TypeError: the program stops there).
        return ObjectVal() if not args and not kwargs else UNKNOWN
    if name == "python.namedtuple_make" and len(args) == 2 and not kwargs and isinstance(args[0], ClassVal):
        # ``cls._make(iterable)``: ``tuple.__new__(cls, iterable)``, exactly one item per field
        # (no defaults: a TypeError otherwise), the fields then read by position.
        items = unpack(plain(args[1]))
        if items is None and isinstance(args[1], ObjVal):
            items = runner.protocol_items(args[1], ctx)
        if items is None or len(items) != len(args[0].fields()):
            return UNKNOWN
        return runner.instantiate(args[0], items, {}, ctx)
    if name == "python.namedtuple_replace" and len(args) == 1 and isinstance(args[0], ObjVal) \
            and "**" not in kwargs:
        # ``nt._replace(**changes)``: ``self._make(map(changes.pop, self._fields, self))``; a
        # name that is no field left over is a ValueError.
        fields = args[0].cls.fields()
        if set(kwargs) - set(fields) or any(name not in args[0].attrs for name in fields):
            return UNKNOWN
        values = [kwargs.get(name, args[0].attrs[name]) for name in fields]
        return runner.instantiate(args[0].cls, values, {}, ctx)
    if name == "builtins.dict" and len(args) == 1 and isinstance(args[0], ObjVal) \
            and args[0].payload is None and "**" not in kwargs \
            and datamodel.special_method(args[0], "keys") is not MISSING:
        # dict(mapping): keys() then each item, as ``**mapping`` reads it; keywords after.
        made = runner.mapping_protocol(args[0], ctx)
        if isinstance(made, DictVal):
            for key, value in kwargs.items():
                made.store(Const(key), value)
        return made
    if name == "builtins.tuple.__new__" and 1 <= len(args) <= 2 and not kwargs \
            and isinstance(args[0], ClassVal) and library_bases.holds_tuple(args[0]):
        # ``tuple.__new__(cls, iterable=())``: an instance of cls holding the tuple that
        # ``tuple(iterable)`` makes (unknown items: an instance whose tuple is not known).
        made = runner.call_value(QualName("builtins.tuple"), [args[1]], {}, ctx) if len(args) == 2 \
            else Const(())
        items = unpack(made)
        return ObjVal(args[0], {}, payload=pack(items) if items is not None else None)
    if name.startswith(library_bases.NUMBER_METHOD):
        # A number's method bound to the number an int / float subclass's instance holds:
        # the builtin's own, given numbers where the program passed such instances.
        kind, method = name[len(library_bases.NUMBER_METHOD):].split(".", 1)
        return runner.call_value(QualName(f"builtins.{kind}.{method}"), [plain(arg) for arg in args],
                                 {key: plain(value) for key, value in kwargs.items()}, ctx)
    if name in library_bases.NUMBER_NEWS and args:
        # ``int.__new__(cls, *args)``: int(*args) made into an instance of cls (a subclass).
        kind = name.rsplit(".", 1)[0]
        made = runner.call_value(QualName(kind), list(args[1:]), kwargs, ctx)
        if isinstance(args[0], QualName) and args[0].name == kind:
            return made
        if isinstance(args[0], ClassVal) and library_bases.holds_number(args[0]) == kind:
            return library_bases.number_new(args, kwargs, made)
        return UNKNOWN
    if name == "builtins.object.__new__" and args and isinstance(args[0], ClassVal):
        return ObjVal(args[0], {})  # a bare instance: its class's __init__ runs after
    if name == "builtins.type.__call__" and args and isinstance(args[0], ClassVal):
        return runner.instantiate(args[0], list(args[1:]), kwargs, ctx)
    if name == "importlib.import_module":
        return modules.import_module(runner, args, kwargs, ctx)
    if name == "builtins.__import__":
        return modules.dunder_import(runner, args, kwargs, ctx)
    if name in coroutines.DRIVERS or name.endswith(".run_until_complete"):
        if not args:
            return UNKNOWN
        # The coroutine runs as its Task, in a copy of the current context (contextvars).
        runner.call_value(runner.model_function("_enter_copy"), [], {}, ctx)
        try:
            return runner.await_value(args[0], ctx)
        finally:
            runner.call_value(runner.model_function("_leave_copy"), [], {}, ctx)
    if name in coroutines.WRAPPERS:
        return args[0] if args else UNKNOWN
    if name == "asyncio.gather":
        return GatheredVal(tuple(args))
    if name in RETURNS_FIRST:
        if name == "sys.intern":
            text = args[0] if len(args) == 1 and not kwargs else None
            return text if isinstance(text, Const) and type(text.value) is str else UNKNOWN
        return args[0] if len(args) == 2 and not kwargs else UNKNOWN
    if name in enum_markers.NAMES:
        marked = enum_markers.mark(name, args, kwargs)
        return marked if marked is not None else UNKNOWN
    if name == "operator.call" and args and "**" not in kwargs:
        # operator.call(f, *args, **kwargs) (Python 3.11): f called with the rest.
        return runner.call_value(args[0], list(args[1:]), kwargs, ctx)
    if name in IDENTITY_CALLS:
        # An identity for the type checker (``cast(tuple[str, ...], raw)``): the value comes
        # back unchanged whatever the type expression is, known or not.
        value = kwargs.get("val", args[1] if len(args) == 2 else MISSING)
        return value if value is not MISSING and len(args) + len(kwargs) == 2 else UNKNOWN
    if name == "builtins.type" and len(args) == 1 and not kwargs:
        if isinstance(args[0], GeneratorContextManager):
            return runner.model_function(generator_contexts.MODEL_CLASS)
        return datamodel.type_of(args[0])
    if name in class_objects.NAMES:
        return class_objects.call(runner, name, args, kwargs, runner.class_registry, ctx)
    if name == "builtins.dir" and len(args) == 1 and not kwargs:
        return _dir(runner, args[0], ctx)
    if name in protocols.NAMES:
        made = protocols.runtime_checkable(args, kwargs)
        if made is not MISSING:
            return made
    if name in ("builtins.isinstance", "builtins.issubclass") and len(args) == 2 and not kwargs:
        checked = protocols.instance_check(args[0], args[1]) if name == "builtins.isinstance" else MISSING
        if checked is not MISSING:
            return checked
        checked = _metaclass_check(runner, name == "builtins.isinstance", args[0], args[1], ctx)
        if checked is MISSING:  # abc.ABCMeta's checks of an ABC of the program's
            checked = class_objects.library_check(runner, name == "builtins.isinstance", args[0], args[1],
                                                  runner.class_registry, ctx)
        if checked is not MISSING:
            return checked
        if name == "builtins.isinstance":
            verdict = datamodel.is_instance(args[0], args[1])
        elif isinstance(args[0], ClassVal):
            verdict = datamodel.is_subclass(args[0], args[1])
        else:
            verdict = datamodel.builtin_subclass(args[0], args[1])
        return Const(verdict) if verdict is not None else UNKNOWN
    if name == "builtins.hasattr" and len(args) == 2 and isinstance(args[0], ObjVal) \
            and args[0].cls.enum_members is None and isinstance(args[1], Const) \
            and isinstance(args[1].value, str):
        present = datamodel.has_attribute(args[0], args[1].value)
        return Const(present) if present is not None else UNKNOWN
    if name == "builtins.hasattr" and len(args) == 2 and not kwargs and isinstance(args[0], ClassVal) \
            and isinstance(args[1], Const) and isinstance(args[1].value, str):
        present = class_objects.has_attribute(args[0], args[1].value)
        return Const(present) if present is not None else UNKNOWN
    if name in ("builtins.getattr", "builtins.hasattr") and len(args) in (2, 3) and not kwargs \
            and args[0].__class__ is NamespaceVal and isinstance(args[1], Const) \
            and isinstance(args[1].value, str):
        # A SimpleNamespace / ModuleType / parse_args() result holds exactly the attributes
        # stored into it while none was stored under a name not known and no module's
        # namespace was copied in; a dunder (its class's) is not judged.
        present = _namespace_has(args[0], args[1].value)
        if present is not None and name == "builtins.hasattr" and len(args) == 2:
            return Const(present)
        if present is False and name == "builtins.getattr" and len(args) == 3:
            return args[2]
    if name == "builtins.getattr" and len(args) == 3 and not kwargs and isinstance(args[0], ObjVal) \
            and args[0].cls.enum_members is None and isinstance(args[1], Const) \
            and isinstance(args[1].value, str):
        # `getattr(obj, name, default)`: the default exactly when the instance and its classes
        # surely lack the name (no __getattr__, no base the analysis cannot see); the
        # attribute's lookup (introspection.builtin_call) when it is surely there.
        present = datamodel.has_attribute(args[0], args[1].value)
        if present is None:
            return UNKNOWN
        if not present:
            return args[2]
    if name in _ITERATING and args and isinstance(args[0], ClassVal) and args[0].enum_members is not None:
        # An enum class ordered by a function the bridge runs for real (sorted(Op), max(Op)):
        # its members, in definition order, as list(Op) gives them. An IntEnum / StrEnum member
        # reaches real code as its value, which it equals and orders as, and comes back as it
        # (a table keyed by the members is read with it: values.mixin_member_value); a plain
        # Enum's members do not order, as in Python.
        members = runner.call_value(QualName("builtins.list"), [args[0]], {}, ctx)
        if isinstance(members, ListVal) and members.complete:
            return runner.call_value(QualName(name), [members, *args[1:]], kwargs, ctx)
    if name == "builtins.len" and len(args) == 1 and not kwargs:
        if args[0].__class__ is DictVal and args[0].instance_items:  # type: ignore[attr-defined]
            # Keys held by identity (instances, classes, functions): real code is never
            # handed them, so the count is the interpreter's.
            held = args[0]
            return Const(len(held.items) + len(held.instance_items)) if held.keys_known() \
                else UNKNOWN  # type: ignore[attr-defined]
        length = datamodel.special_method(args[0], "__len__")
        if length is not MISSING:
            spelled = getattr(runner, "spelled_call", None)  # (the hook's own calls move it)
            counted = runner.call_value(length, [], {}, ctx)
            refused = _length_refusal(counted)
            if refused is not None:
                _raise_at_call(runner, args, refused, spelled)
                return UNKNOWN
            return counted
    if name == "builtins.iter" and len(args) == 1 and not kwargs:
        return runner.iterator_of(args[0], ctx)
    if name == "builtins.reversed" and len(args) == 1 and not kwargs:
        backwards = datamodel.special_method(args[0], "__reversed__")
        if backwards is not MISSING:
            # reversed() returns what the type's __reversed__ returns, unchecked (CPython's
            # reversed_new_impl); without one, the bridge's proxy gives real code the
            # sequence protocol (__len__ and __getitem__), Python's own fallback.
            return runner.call_value(backwards, [], {}, ctx)
        backwards_items = _reversed_sequence(runner, args[0], ctx)
        if backwards_items is not MISSING:
            return backwards_items
        if isinstance(args[0], ObjVal) and args[0].cls.enum_members is None \
                and all(isinstance(cls, ClassVal) for cls in args[0].cls.mro()) and all(
                args[0].cls.lookup(hook) is MISSING for hook in ("__reversed__", "__len__", "__getitem__")):
            # Neither __reversed__ nor the sequence protocol in an MRO of the program's own
            # classes (a library base may define them: not judged; CPython's reversed_new_impl).
            _raise_at_call(runner, args, TypeError(f"'{_type_name(args[0])}' object is not reversible"))
            return UNKNOWN
    if name in ("builtins.tuple", "builtins.list") and len(args) == 1 and not kwargs \
            and isinstance(args[0], ObjVal) and (datamodel.special_method(args[0], "__iter__") is not MISSING
                                                 or sequence_iterator(args[0]) is not None):
        # The iteration protocol of the program's instance, run here: the bridge would refuse it.
        items = runner.protocol_items(args[0], ctx)
        if items is None:
            return UNKNOWN
        return pack(items) if name == "builtins.tuple" else ListVal(items)
    if name == "builtins.next" and 1 <= len(args) <= 2 and not kwargs:
        iterator = args[0]
        if not runner.is_iterator(iterator):
            return MISSING  # a real iterator the bridge made, or not an iterator: the bridge
        step = runner.next_step(iterator, ctx)
        runner.next_stopped = None  # what a `next()` in the generator's body raised stays there
        if step.kind == "item":
            return step.value if step.sure else UNKNOWN
        if step.kind == "done" and len(args) == 2:
            return args[1]  # next(it, default)
        runner.next_stopped = stop_iteration(iterator, step)
        return UNKNOWN  # StopIteration: the program stops there, or goes to its handler
    if name == "builtins.callable" and len(args) == 1:
        value = args[0]
        if isinstance(value, (FuncVal, ClassVal, PartialVal, KernelVal, WrappedVal, CacheVal)):
            return Const(True)
        if isinstance(value, ObjVal) and value.cls.enum_members is None:
            found = value.cls.lookup("__call__")
            return UNKNOWN if found is UNKNOWN else Const(found is not MISSING)
        # A constant, a builtin container, a bare object() or a known iterator has no __call__.
        return Const(False) if isinstance(value, (Const, ListVal, DictVal, tuple, ObjectVal, GeneratorVal)) \
            and type(value) in (Const, ListVal, DictVal, tuple, ObjectVal, GeneratorVal) else UNKNOWN
    return MISSING


# Every name builtin_hook answers, so that another one (a JAX call, most calls) leaves it
# after one look-up instead of each test below: the tables of the modules it asks, and the
# names its own tests spell (tests/test_builtin_hook_names.py reads them from its source).
_HOOKED_PREFIX = ("builtins.dict_instance.", library_bases.NUMBER_METHOD)
_HOOKED_SUFFIX = ".run_until_complete"
_HOOKED_NAMES = frozenset({
    "functools.update_wrapper", "builtins.setattr", "builtins.delattr", "builtins.object.__setattr__",
    "builtins.object", "python.namedtuple_make", "python.namedtuple_replace",
    "builtins.object.__getattribute__", "builtins.object.__new__", "builtins.type.__call__",
    "builtins.tuple.__new__", "builtins.dict", *library_bases.NUMBER_NEWS,
    "importlib.import_module", "builtins.__import__", "asyncio.gather", "builtins.type",
    "builtins.isinstance", "builtins.issubclass", "builtins.hasattr", "builtins.getattr",
    "builtins.len", "builtins.iter", "builtins.reversed", "builtins.tuple", "builtins.list",
    "builtins.sorted", "builtins.min", "builtins.max",
    "builtins.next", "builtins.callable", "builtins.dir", *stdlib_values.CONVERTED_GET,
})



# Bridged functions that iterate their first argument (an enum class is handed over as its
# members).
_ITERATING = frozenset({"builtins.sorted", "builtins.min", "builtins.max"})


def _namespace_has(namespace: NamespaceVal, attr: str) -> bool | None:
    if namespace.open_attrs or namespace.fallback is not None \
            or (attr.startswith("__") and attr.endswith("__")):
        return None
    return attr in namespace.attrs


def _dir(runner: Runner, value: object, ctx: Ctx) -> object:
    """``dir(obj)`` where the class defines ``__dir__`` (the program's): CPython's
    ``sorted(type(obj).__dir__(obj))``. object's own ``__dir__`` (the instance's, its
    classes' and object's names, which vary by Python release) stays unknown."""
    method = datamodel.special_method(value, "__dir__") if isinstance(value, ObjVal) else MISSING
    if not isinstance(method, FuncVal):
        return UNKNOWN
    listed = runner.call_value(method, [], {}, ctx)
    return runner.call_value(QualName("builtins.sorted"), [listed], {}, ctx)


def _metaclass_check(runner: Runner, instance: bool, subject: object, kinds: object, ctx: Ctx) -> object:
    """``isinstance(obj, cls)`` / ``issubclass(sub, cls)`` where ``cls``'s metaclass (the
    program's) defines ``__instancecheck__`` / ``__subclasscheck__``: the truth of what it
    returns (CPython's PyObject_IsInstance: an object whose type is exactly ``cls`` is an
    instance without asking); MISSING where no such hook answers (type's own rules decide)."""
    hook_name = "__instancecheck__" if instance else "__subclasscheck__"
    parts = kinds if isinstance(kinds, tuple) else (kinds,)
    hooked = [kind for kind in parts if isinstance(kind, ClassVal) and isinstance(kind.metaclass, ClassVal)
              and kind.metaclass.lookup(hook_name) is not MISSING]
    if not hooked:
        return MISSING
    if len(parts) > 1:
        return UNKNOWN  # each class of the tuple asked in turn: not followed
    cls = hooked[0]
    if instance and isinstance(subject, ObjVal) and subject.cls is cls:
        return Const(True)
    hook = cls.metaclass.lookup(hook_name)  # type: ignore[union-attr]
    if not isinstance(hook, FuncVal):
        return UNKNOWN
    known = pyflow.truth(runner.call_value(hook.bound(cls), [subject], {}, ctx))
    return UNKNOWN if known is None else Const(known)


def _reversed_sequence(runner: Runner, value: object, ctx: Ctx) -> object:
    """``reversed(obj)`` by the sequence protocol when the type has ``__len__`` and
    ``__getitem__`` and no ``__reversed__``: ``obj[n - 1]`` down to ``obj[0]`` (CPython's
    reversed iterator), an iterator over them; MISSING for another value."""
    length = datamodel.special_method(value, "__len__")
    item = datamodel.special_method(value, "__getitem__")
    if length is MISSING or item is MISSING or not isinstance(value, ObjVal) \
            or value.cls.lookup("__reversed__") is not MISSING:
        return MISSING
    count = plain(runner.call_value(length, [], {}, ctx))
    if not (isinstance(count, Const) and type(count.value) is int and 0 <= count.value <= MAX_LIST_ITEMS):
        return UNKNOWN
    return GeneratorVal([runner.call_value(item, [Const(i)], {}, ctx) for i in reversed(range(count.value))])


# The builtin exception classes by qualified name, and their __init__ (what exception_hook answers).
_EXCEPTION_CLASSES = {f"builtins.{name}": kind for name, kind in vars(builtins).items()
                      if isinstance(kind, type) and issubclass(kind, BaseException)}
_EXCEPTION_INITS = {f"{name}.__init__": kind for name, kind in _EXCEPTION_CLASSES.items()}
_EXCEPTION_HOOKED = frozenset([*_EXCEPTION_CLASSES, *_EXCEPTION_INITS, "builtins.str",
                               *exception_values.METHODS.values(), "sys.exc_info", "sys.exception"])


def exception_hook(name: str, args: list[object], kwargs: dict[str, object]) -> object:
    """A builtin exception class called (``ValueError("x")``: an ExcVal), its ``__init__``
    run on a program subclass's instance (``super().__init__(msg)`` sets ``args``), and
    ``str()`` of an instance whose ``__str__`` is the builtin one; MISSING otherwise."""
    if name in _EXCEPTION_CLASSES:
        kind = _EXCEPTION_CLASSES[name]
        if exception_groups.is_group(kind):
            return exception_groups.construct(kind, args) if not kwargs else MISSING
        return exception_values.construct(kind, args, kwargs)
    if name in _EXCEPTION_INITS and args:
        kind = _EXCEPTION_INITS[name]
        payload = exception_values.payload_of(args[0])
        if payload is not None:
            if kind in exception_values.SIMPLE and isinstance(args[0], ObjVal):
                exception_values.init(payload, list(args[1:]), kwargs)
            else:
                payload.args = None  # another class's __init__: what it stores is not modelled
            return Const(None)
    if name == "builtins.str" and len(args) == 1 and not kwargs:
        payload = exception_values.payload_of(args[0])
        # A program class's own __str__ (found before its builtin base) runs instead.
        if payload is not None and not (isinstance(args[0], ObjVal) and isinstance(
                args[0].cls.lookup("__str__"), FuncVal)):
            return exception_values.text(payload)
    return MISSING


def _add_note(runner: Runner, args: list[object], kwargs: dict[str, object]) -> object:
    """``exc.add_note(note)``: the note appended to ``exc.__notes__``, made on the first
    call (a TypeError for a note not a str: unknown)."""
    payload = exception_values.payload_of(args[0]) if args else None
    if payload is None or len(args) != 2 or kwargs:
        return UNKNOWN
    note = args[1]
    if not (isinstance(note, Const) and isinstance(note.value, str)):
        payload.notes = UNKNOWN
        return UNKNOWN
    if payload.notes is MISSING:
        # Made on a path that may not run: whether it exists, and what it holds, is not known.
        payload.notes = ListVal([], complete=not runner.on_uncertain_path)
    if isinstance(payload.notes, ListVal):
        runner.list_method("append", payload.notes, [note])
    return Const(None)


def _handled(runner: Runner, args: list[object], kwargs: dict[str, object], whole: bool) -> object:
    """``sys.exc_info()`` (``whole``) / ``sys.exception()`` in a handler the analysis chose:
    the exception it handles (its class, the instance, an unknown traceback); unknown
    where no handler, or one not chosen, may be running."""
    if args or kwargs or not runner.handling:
        return UNKNOWN
    handled = runner.handling[-1]
    instance = handled if exception_classes.is_instance(handled) else UNKNOWN
    if not whole:
        return instance
    kind = exception_classes.exception_class(handled)
    if kind is None:
        return UNKNOWN
    return (exception_classes.class_value(kind), instance, UNKNOWN)


_RUNNER_EXCEPTION_HOOKS = {
    "builtins.BaseException.add_note": _add_note,
    "sys.exc_info": lambda runner, args, kwargs: _handled(runner, args, kwargs, True),
    "sys.exception": lambda runner, args, kwargs: _handled(runner, args, kwargs, False),
    **{qualified: (lambda method: lambda runner, args, kwargs: exception_groups.call(method, args, kwargs))(
        name) for name, qualified in exception_values.METHODS.items() if name != "add_note"},
}


def stop_iteration(iterator: object, step: Step) -> object:
    """The StopIteration ``next(iterator)`` surely raised at the end: its ``value`` what a
    generator returned (``return v``; ``args`` empty for None, as CPython makes it); None
    where the end is not sure (a generator resumed on a path that may not run, one that
    raised, an iterator the program's ``__next__`` or a library drives)."""
    if step.kind != "done":
        return None
    if isinstance(iterator, GeneratorVal) and iterator.items is not None:
        return ExcVal(StopIteration, ())
    if not isinstance(iterator, Generator) or iterator.unsure or iterator.just_ended is None:
        return None
    value = iterator.just_ended
    return ExcVal(StopIteration, () if value == Const(None) else (value,))


def dict_instance_hook(runner: Runner, hook: str, obj: ObjVal, args: list[object],
                       kwargs: dict[str, object], ctx: Ctx) -> object:
    """The item hooks of an instance of a dict subclass, on the dict it holds: ``__init__``
    fills it as ``dict(...)`` would, ``d[k]`` of a key absent from a dict whose keys are all
    known runs the subclass's ``__missing__`` (as ``dict.__getitem__`` does)."""
    if hook == "__init__":
        made = runner.call_value(QualName("builtins.dict"), args, kwargs, ctx)
        obj.payload = made if isinstance(made, DictVal) else DictVal(complete=False)
        return Const(None)
    payload = obj.payload
    if not isinstance(payload, DictVal) or kwargs:
        return UNKNOWN
    key = plain(args[0]) if args else MISSING
    known_key = isinstance(key, Const) and _hashable(key.value)
    if hook == "__getitem__" and len(args) == 1:
        if known_key and key.value in payload.items:  # type: ignore[union-attr]
            return payload.items[key.value]  # type: ignore[union-attr]
        missing = obj.cls.lookup("__missing__")
        if known_key and payload.complete and isinstance(missing, FuncVal):
            return runner.call_value(missing.bound(obj), [args[0]], {}, ctx)
        return UNKNOWN
    if hook == "__setitem__" and len(args) == 2:
        sure = not runner.on_uncertain_path
        payload.store(key, args[1] if sure else UNKNOWN, sure=sure)
        return Const(None)
    if hook == "__contains__" and len(args) == 1:
        if known_key and (payload.complete or key.value in payload.items):  # type: ignore[union-attr]
            return Const(key.value in payload.items)  # type: ignore[union-attr]
        return UNKNOWN
    if hook in ("__len__", "__iter__") and not args and payload.complete:
        return Const(len(payload.items)) if hook == "__len__" else pack([Const(k) for k in payload.items])
    return UNKNOWN


# ``dict.__setitem__(d, k, v)``, ``dict.get(self, k)``: a dict's methods read from the class,
# called on a dict or on an instance of a dict subclass (whose own overrides they bypass).
_UNBOUND_DICT = frozenset(f"builtins.dict.{name}" for name in (*DICT_HOOKS, *DICT_METHODS, "__delitem__"))


def unbound_dict_method(runner: Runner, name: str, args: list[object], kwargs: dict[str, object],
                        ctx: Ctx) -> object:
    """A method of ``dict`` called through the class: on the dict a dict subclass's instance
    holds, as ``dict``'s own (the subclass's override not run), and the item hooks on a dict;
    MISSING for the rest (a dict's ``get`` / ``update``: stdlib_calls.py)."""
    method, target = name.rsplit(".", 1)[-1], args[0]
    if isinstance(target, ObjVal) and method != "__init__" and target.payload is not None:
        if not isinstance(target.payload, DictVal):
            return UNKNOWN
        if method in DICT_HOOKS or method == "__delitem__":
            target = target.payload
        else:
            return runner.call_value(QualName(name), [target.payload, *args[1:]], kwargs, ctx)
    if isinstance(target, ObjVal) and method == "__init__":
        return dict_instance_hook(runner, method, target, args[1:], kwargs, ctx)
    if not isinstance(target, DictVal) or method not in ("__setitem__", "__getitem__", "__delitem__",
                                                         "__contains__"):
        return MISSING
    if kwargs or len(args) != (3 if method == "__setitem__" else 2):
        return UNKNOWN
    key = plain(args[1])
    known_key = isinstance(key, Const) and _hashable(key.value)
    if method == "__setitem__":
        sure = not runner.on_uncertain_path
        target.store(key, args[2] if sure else UNKNOWN, sure=sure)
        return Const(None)
    if method == "__delitem__":
        if known_key and key.value in target.items and not runner.on_uncertain_path:  # type: ignore[union-attr]
            del target.items[key.value]  # type: ignore[union-attr]
        else:
            forget(target)
        return Const(None)
    if known_key and key.value in target.items:  # type: ignore[union-attr]
        return Const(True) if method == "__contains__" else target.items[key.value]  # type: ignore[union-attr]
    if method == "__contains__" and known_key and target.complete:
        return Const(False)
    return UNKNOWN


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def instance_truth(runner: Runner, obj: ObjVal) -> bool | None:
    """``bool(obj)``: its class's ``__bool__``, else ``__len__`` (non-zero), else True;
    unknown when a base the analysis cannot see may define them."""
    for hook in ("__bool__", "__len__"):
        found = obj.cls.lookup(hook)
        if found is UNKNOWN:
            return None
        if found is not MISSING:
            result = runner.call_value(datamodel.bind(found, obj, obj.cls), [], {}, Ctx())
            refused = _truth_refusal(hook, result)
            if refused is not None:
                # CPython checks what the hook gave (slot_nb_bool, slot_sq_length): the test
                # raises. The statement that asked records it (Interpreter.truth_error).
                runner.truth_error = refused  # type: ignore[attr-defined]
                return None
            return pyflow.truth(result) if hook == "__bool__" else pyflow.truth(
                pyflow.compare(plain(result), [ast.NotEq()], [Const(0)]))
    return True


def _truth_refusal(hook: str, result: object) -> BaseException | None:
    """What truth testing raises for a ``__bool__`` that gave no bool, or a ``__len__`` that
    gave a negative number or no int; None where it takes the result or it is not known."""
    if not isinstance(result, Const):
        return None
    if hook == "__bool__":
        if type(result.value) is bool:
            return None
        return TypeError(f"__bool__ should return bool, returned {type(result.value).__name__}")
    return _length_refusal(result)


_HOOKED = frozenset({*_HOOKED_NAMES, *CONSTRUCTORS, *dataclass_values.NAMES, *signatures.NAMES,
                     *function_objects.NAMES, *coroutines.DRIVERS, *coroutines.WRAPPERS, *IDENTITY_CALLS,
                     *RETURNS_FIRST, "operator.call", "builtins.sum", *enum_markers.NAMES, *protocols.NAMES,
                     *_EXCEPTION_HOOKED, *class_objects.NAMES, *_RUNNER_EXCEPTION_HOOKS, *_UNBOUND_DICT})
