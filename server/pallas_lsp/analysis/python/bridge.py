"""One bridge to the real standard library: a call of an allow-listed callable runs it.

``call_api`` (jax_calls.py) sends here every call whose canonical name the allow-list
serves and no model claims (``allow.py``), and the methods of known values of the core
types and of real objects a bridged call made. The arguments are converted to real
values (``convert.py``), the guards estimate what the call would build or how long it
would run and refuse it beyond their bounds (``guards.py``), the real callable runs, and
its result is converted back. Every refusal, and every exception the real call raises,
is an unknown value: never a crash, never a finding from a value the bridge could not
compute. Program inputs (argparse, ``os.environ``) and JAX stay modelled elsewhere.
"""

from __future__ import annotations

import ast
import decimal
import inspect
import operator
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ..values import MISSING, UNKNOWN, Const, DictVal, ObjVal, OneOf, PartialVal, QualName, pack
from . import allow, guards, numpy_bridge, stdlib_guards
from .convert import Conversion, forget
from .real import KEPT_TYPES, SNAPSHOTS, Opaque, RealVal, Refused, program_error

if TYPE_CHECKING:
    from ..jax_calls import Call

# Python operators as the functions of `operator` (jax_calls.binary hands over the ones its
# arithmetic of numbers does not compute: `"%s" % x`, `"ab" * 2`, `(1,) * n`).
OPERATOR_NAMES: dict[type, str] = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.MatMult: "matmul", ast.Div: "truediv",
    ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow", ast.LShift: "lshift",
    ast.RShift: "rshift", ast.BitOr: "or_", ast.BitXor: "xor", ast.BitAnd: "and_",
}
def _caller_of(call: Call) -> Callable[[object, list[object], dict[str, object]], object]:
    tracer = call.tracer

    def run(func: object, args: list[object], kwargs: dict[str, object]) -> object:
        return tracer.call(func, args, kwargs, call.node, [], {}, tracer.module_env, call.ctx)  # type: ignore[attr-defined]

    return run


def _uncertain(call: Call) -> bool:
    # A call on a path that may not run: what it changes becomes unknown, not changed.
    return bool(getattr(call.tracer, "on_uncertain_path", True))


def run_call(name: str, target: Callable[..., object], args: list[object], kwargs: dict[str, object],
             call: Call) -> object:
    raised: list[BaseException] = []
    value = run(name, target, args, kwargs, caller=_caller_of(call), uncertain=_uncertain(call),
                raised=raised)
    if raised:
        # The real call raised on the program's own data: the program raises it there too
        # (the interpreter records it for PAL079 where it escapes, and stops there).
        note = getattr(call.tracer, "bridge_raised", None)
        if note is not None:
            note(call.node, raised[0])
    return value


def run(name: str, target: Callable[..., object], args: list[object], kwargs: dict[str, object], *,
        caller: Callable[[object, list[object], dict[str, object]], object] | None = None,
        uncertain: bool = False, raised: list[BaseException] | None = None) -> object:
    """``target(*args, **kwargs)`` on real values; UNKNOWN when anything is not known, a
    guard refuses it or the real call raises. ``caller`` runs the program's callables
    (None: a call that takes one is refused); ``uncertain``: the call is on a path that
    may not run, so what it changes becomes unknown; ``raised`` gets the exception the real
    call raised where every argument went to it as itself (no stand-in, no callback), a
    builtin exception class's or one of the standard library's deriving from it (the bridge
    runs only the standard library): the program's own call raises it too."""
    if "**" in kwargs or any(isinstance(a, OneOf) for a in args):
        return UNKNOWN
    conversion = Conversion(caller)
    returned = False  # (what raises after the real call returned is this analysis's, never the program's)
    try:
        real_args = [conversion.to_real(arg) for arg in args]
        real_kwargs = {key: conversion.to_real(value) for key, value in kwargs.items()}
        if guards.guard_key(name) in guards.MATERIALISED and len(real_args) == 2 \
                and not isinstance(real_args[1], (tuple, list)):
            real_args[1] = tuple(real_args[1])  # type: ignore[call-overload]
        guards.check_call(name, real_args, real_kwargs)
        if stdlib_guards.DEFAULT_DECIMAL_CONTEXT.get():
            # Decimal arithmetic of a program that never changes its thread's context.
            with decimal.localcontext(stdlib_guards.default_decimal_context()):
                result = target(*real_args, **real_kwargs)
        else:
            result = target(*real_args, **real_kwargs)
        returned = True
        value = conversion.to_abstract(result)
        if value.__class__ is RealVal and conversion.faithful and conversion.pending is None \
                and isinstance(result, Iterator):
            value.faithful = True  # type: ignore[attr-defined]  # (map(int, texts): see real.RealVal)
        conversion.write_back(uncertain)
    except (Refused, Exception, RecursionError) as error:  # refused, or real code raised: it stops there
        if raised is not None and not returned and conversion.faithful and conversion.pending is None \
                and isinstance(error, Exception) and not isinstance(error, _NOT_PROGRAM_ERRORS) \
                and not isinstance(error.__context__, Refused) and not numpy_bridge.disowned(error):
            raised.append(error)
        conversion.give_up()
        _forget_changed(name, args)
        value = UNKNOWN
    if conversion.pending is not None:
        raise conversion.pending
    return value


def _forget_changed(name: str, args: list[object]) -> None:
    """A refused call that changes its first argument (``d.clear()`` of a dict with unknown
    keys, ``heapq.heappush`` of an unknown item), or any refused method of a stateful kept
    object: that argument's contents are unknown."""
    if args and isinstance(args[0], RealVal) and args[0].linked is not None:
        # A csv writer's row refused: the real program wrote it, into a buffer now unknown.
        args[0].linked.known = False
        args[0].linked.version += 1
    if name in allow.MUTATES_FIRST and args:
        forget(args[0])
    elif args and isinstance(args[0], RealVal) and type(args[0].real) in SNAPSHOTS:
        # A method of a stateful kept object (a buffer's seek refused, a queue's get that
        # raised): the real one may have changed, so it is unknown from here.
        forget(args[0])


# What a real call raises that the program's own call may not raise the same: a recursion or
# memory limit of this process, an error of its environment (OSError), a warning made an
# error, an internal error. (A guard's refusal is no Exception at all.) Every other
# Exception, a builtin class's or the standard library's (struct.error, CycleError), is the
# program's own.
_NOT_PROGRAM_ERRORS = (RuntimeError, MemoryError, OSError, SystemError, Warning)


# ---------------------------------------------------------------- handlers (jax_calls)

# Calls whose kept result reads or writes through their first argument, a kept buffer:
# each later call of the result moves that buffer too (real.RealVal.linked).
LINKING = frozenset({"csv.reader", "csv.writer", "csv.DictReader", "csv.DictWriter"})


def call_named(call: Call) -> object:
    """A call of an allow-listed canonical name (``math.gcd``, ``builtins.sorted``,
    ``builtins.str.zfill`` with the string first)."""
    target = guards.SUBSTITUTES.get(call.name, allow.resolve(call.name))
    if not callable(target):
        return UNKNOWN
    value = run_call(call.name, target, list(call.args), dict(call.kwargs), call)
    if call.name in LINKING and isinstance(value, RealVal) and call.args \
            and isinstance(call.args[0], RealVal):
        value.linked = call.args[0]
    return value


def call_method(call: Call) -> object:
    """``obj.method(...)`` of a kept real object (``deque.append``, ``pattern.sub``)."""
    if len(call.args) < 2 or not isinstance(call.args[0], RealVal):
        return UNKNOWN
    receiver, attr = call.args[0], call.args[1]
    if not (isinstance(attr, Const) and isinstance(attr.value, str)) or not receiver.known:
        return UNKNOWN
    method = _public_attribute(receiver.real, attr.value)
    if not callable(method):
        return UNKNOWN
    name = f"{type(receiver.real).__name__}.{attr.value}"
    try:
        return run_call(name, _method_runner(attr.value), [receiver, *call.args[2:]], dict(call.kwargs), call)
    finally:
        receiver.moved(_uncertain(call))


def call_object(call: Call) -> object:
    """Calling a kept real object (``operator.itemgetter(1)(row)``, ``functools.cmp_to_key``)."""
    if not call.args or not isinstance(call.args[0], RealVal) or not callable(call.args[0].real):
        return UNKNOWN
    caller = call.args[0].real
    if isinstance(caller, guards.MethodCaller) and len(call.args) == 2 and isinstance(call.args[1], ObjVal):
        return _call_program_method(call, caller, call.args[1])
    if type(caller) is operator.attrgetter and len(call.args) == 2 and not call.kwargs \
            and not isinstance(call.args[1], RealVal):
        # The program's instance, a namespace, a module, a library name: each dotted path read
        # by the interpreter, as `obj.a.b` would be (real code sees none of them whole).
        return _get_attributes(call, caller, call.args[1])
    name = f"{type(call.args[0].real).__name__}.__call__"
    return run_call(name, _call_first, list(call.args), dict(call.kwargs), call)


def _call_program_method(call: Call, caller: guards.MethodCaller, target: ObjVal) -> object:
    """``operator.methodcaller("name", *args)(obj)`` of an object of the program's own
    classes: the interpreter looks the method up and runs it (real code cannot see it)."""
    conversion = Conversion(None)
    args = [conversion.to_abstract(arg) for arg in caller.args]
    kwargs = {key: conversion.to_abstract(arg) for key, arg in caller.kwargs.items()}
    tracer = call.tracer
    method = tracer.attribute_named(target, caller.name, call.ctx)  # type: ignore[attr-defined]
    return tracer.call(method, args, kwargs, call.node, [], {}, tracer.module_env, call.ctx)  # type: ignore[attr-defined]


def _get_attributes(call: Call, getter: operator.attrgetter, target: object) -> object:
    """``operator.attrgetter("a.b", "c")(obj)`` of the program's instance or a library name
    (``attrgetter("LoweringSemantics.Lane")(plgpu)``): each dotted path read by the
    interpreter, as ``obj.a.b`` would be (real code sees neither). One path gives its value,
    several a tuple of them, as attrgetter does."""
    paths = getter.__reduce__()[1]
    if not all(isinstance(path, str) for path in paths):
        return UNKNOWN
    tracer = call.tracer
    values = []
    for path in paths:
        value = target
        for name in path.split("."):
            value = tracer.attribute_named(value, name, call.ctx)  # type: ignore[attr-defined]
        values.append(value)
    if len(values) == 1:
        return values[0]
    return pack(values)


def _call_first(target: Callable[..., object], *args: object, **kwargs: object) -> object:
    return target(*args, **kwargs)


def _method_runner(attr: str) -> Callable[..., object]:
    def method(receiver: object, *args: object, **kwargs: object) -> object:
        return getattr(receiver, attr)(*args, **kwargs)

    return method


def _public_attribute(target: object, attr: str) -> object:
    if attr.startswith("_") or attr in allow.EXCLUDED_METHODS:
        return MISSING
    try:
        return getattr(target, attr)
    except (Exception, Refused):  # (a hostnp property of what it does not model refuses)
        return MISSING


# ---------------------------------------------------------------- attributes

_TYPE_NAMES = {cls: name for name, cls in allow.CORE_TYPES.items()}


def missing_attribute(base: RealVal, attr: str) -> str | None:
    """CPython's AttributeError text for ``base.attr`` where a kept builtin collection (a
    Counter, a deque, a set, a dict view) surely has no such attribute; None otherwise (an
    object of another kept type may answer a name through a property or ``__getattr__``)."""
    if not base.known or type(base.real) not in _BUILTIN_KEPT or attr.startswith("__"):
        return None
    try:
        getattr(base.real, attr)
    except AttributeError as error:
        return str(error)
    return None


_BUILTIN_KEPT = frozenset(KEPT_TYPES)


def property_error(base: RealVal, attr: str) -> BaseException | None:
    """The program's own error a kept object's property raised when read (``urlparse(url)
    .port`` of "peers:two": "ValueError: Port could not be cast to integer value as 'two'");
    None when the read succeeds, the name is no property of its type, or what it raised is not
    the program's (real.program_error)."""
    if not base.known or attr.startswith("_") or attr in allow.EXCLUDED_METHODS:
        return None
    if not isinstance(inspect.getattr_static(type(base.real), attr, None), property):
        return None
    try:
        getattr(base.real, attr)
    except BaseException as error:
        return error if program_error(error) else None
    return None


def attribute(base: object, attr: str) -> object:
    """``"x".upper`` / ``(1, 2).index`` / ``d.fromkeys`` / ``pattern.sub`` / ``frac.numerator``:
    a method bound to the value (called through the bridge), a data attribute's value;
    MISSING for values this module does not serve."""
    if attr.startswith("_"):
        return MISSING
    if isinstance(base, Const):
        type_name = _TYPE_NAMES.get(type(base.value))
        if type_name is None:
            return MISSING
        member = getattr(type(base.value), attr, MISSING)
        if member is MISSING:
            return MISSING
        if callable(member):
            return PartialVal(QualName(f"builtins.{type_name}.{attr}"), (base,), {})
        return _data(getattr(base.value, attr))
    if isinstance(base, tuple) and attr in ("index", "count"):
        return PartialVal(QualName(f"builtins.tuple.{attr}"), (base,), {})
    if isinstance(base, DictVal) and type(base) is DictVal and callable(getattr(dict, attr, None)):
        return PartialVal(QualName(f"builtins.dict.{attr}"), (base,), {})
    if isinstance(base, RealVal):
        if not base.known:
            return UNKNOWN
        member = _public_attribute(base.real, attr)
        if member is MISSING:
            return UNKNOWN
        if callable(member):
            return PartialVal(QualName("python.method"), (base, Const(attr)), {})
        return _data(member)
    if isinstance(base, QualName):
        constant = allow.constant(f"{base.name}.{attr}")
        if constant is not MISSING:
            return Const(constant)
    return MISSING


def _data(value: object) -> object:
    return Conversion(None).to_abstract(value)


def data(value: object) -> object:
    """A real object as the program's value (a kept type: a RealVal)."""
    return _data(value)


def binary(left: object, op: ast.operator, right: object) -> object:
    """An operator of Python on values the arithmetic of numbers does not compute."""
    name = OPERATOR_NAMES.get(type(op))
    target = allow.resolve(f"operator.{name}") if name is not None else MISSING
    if not callable(target):
        return UNKNOWN
    return run(f"operator.{name}", target, [left, right], {})


def format_error(text: Const, items: object) -> BaseException | None:
    """What ``text % items`` of a known format raises on the program's own items (a mapping key
    the format names and the dict lacks: KeyError; "not all arguments converted during string
    formatting"; "%d format: a real number is required, not str"), run for real; None when it
    formats, or an item is not known as itself. Not where None is formatted: a None the
    analysis holds is often a default unseen code replaces (operator_errors.py)."""
    raised: list[BaseException] = []
    run("operator.mod", operator.mod, [text, items], {}, raised=raised)
    if not raised or "NoneType" in str(raised[0]):
        return None
    error = raised[0]
    if "Tagged" in str(error):  # (real.Tagged, the bridge's str that carries an axis name's origin)
        return type(error)(re.sub(r"\bTagged\b", "str", str(error)))
    return error


# Python's unary operators as the functions of `operator`.
UNARY_NAMES: dict[type, str] = {ast.UAdd: "pos", ast.USub: "neg", ast.Invert: "invert"}


def unary(op: ast.unaryop, operand: object) -> object:
    """``+x`` / ``-x`` / ``~x`` of a kept real object (a Counter's ``+`` keeps the positive
    counts), run for real by its own special method."""
    name = UNARY_NAMES.get(type(op))
    target = allow.resolve(f"operator.{name}") if name is not None else MISSING
    if not callable(target):
        return UNKNOWN
    return run(f"operator.{name}", target, [operand], {})


def list_method(method: str, items: object, args: list[object], kwargs: dict[str, object],
                uncertain: bool, raised: list[BaseException] | None = None) -> object:
    """``xs.index(v)`` / ``xs.count(v)`` / ``xs.sort()`` / ``xs.remove(v)`` of the interpreter's
    list, the change written back to it; a change that cannot be computed (``sort(key=)``
    here, with no callback to run) leaves the list unknown. ``raised``: as ``run``'s (``xs.index
    (v)`` of a value the list lacks: "ValueError: 3 is not in list")."""
    target = allow.resolve(f"builtins.list.{method}")
    if not callable(target):
        return UNKNOWN
    return run(f"builtins.list.{method}", target, [items, *args], kwargs, uncertain=uncertain, raised=raised)


HANDLERS = {"python.method": call_method, "python.call": call_object}

__all__ = ["HANDLERS", "Opaque", "attribute", "binary", "call_named", "list_method", "run", "unary"]
