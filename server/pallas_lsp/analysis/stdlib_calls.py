"""Python's library as kernel scripts use it: dict methods, builtins, argparse, os.environ.

Handlers keyed by canonical name, like ``jax_calls.HANDLERS`` (which includes
these). Program inputs take their defaults: the file is judged as it runs with
no command-line arguments in a clean environment (``argparse`` defaults,
``os.environ.get(key, default)``), which is how real lowering of the file runs.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from . import names, stdlib_values
from .values import (
    MISSING,
    UNKNOWN,
    CompilerParamsVal,
    Const,
    DictVal,
    ListVal,
    NamespaceDict,
    NamespaceVal,
    ObjVal,
    PartialVal,
    QualName,
    SemanticsVal,
    pack,
    unpack,
)

if TYPE_CHECKING:
    from .jax_calls import Call

# Beyond this a range / zip is not a sweep of settings: leave it unknown.
MAX_RANGE = 256


@dataclass(eq=False)
class ArgParserVal:
    """An ``argparse.ArgumentParser``: the defaults of the options added so far."""

    defaults: dict[str, object] = field(default_factory=dict)
    complete: bool = True


# Methods of str that compute a value from known arguments and touch nothing else.
STR_METHODS = frozenset({
    "lower", "upper", "strip", "lstrip", "rstrip", "replace", "split", "rsplit", "join",
    "startswith", "endswith", "removeprefix", "removesuffix", "capitalize", "title",
    "casefold", "partition", "rpartition", "zfill", "format", "isidentifier", "isdigit",
})


def str_method(method: str, text: str, args: list[object]) -> object:
    """``"MAX".lower()`` and the other STR_METHODS of a known string with known arguments."""
    raw: list[object] = []
    for arg in args:
        if isinstance(arg, Const) and isinstance(arg.value, (str, int, type(None))):
            raw.append(arg.value)
        elif method == "join":
            items = unpack(arg)
            if items is None or not all(isinstance(i, Const) and isinstance(i.value, str) for i in items):
                return UNKNOWN
            raw.append([i.value for i in items])  # type: ignore[union-attr]
        else:
            return UNKNOWN
    try:
        result = getattr(text, method)(*raw)
    except (TypeError, ValueError, IndexError, KeyError):
        return UNKNOWN
    if isinstance(result, list):
        result = tuple(result)
    if isinstance(result, (str, tuple)) and len(result) > 4096:
        return UNKNOWN
    return Const(result)


def attribute(base: object, attr: str) -> object:
    """Attributes of the values this module models; MISSING when it does not model ``base``."""
    modelled = stdlib_values.attribute(base, attr)
    if modelled is not MISSING:
        return modelled
    if isinstance(base, DictVal) and attr in _DICT_METHODS:
        return PartialVal(QualName(f"builtins.dict.{attr}"), (base,), {})
    if isinstance(base, Const) and isinstance(base.value, str) and attr in STR_METHODS:
        return PartialVal(QualName(f"builtins.str.{attr}"), (base,), {})
    if isinstance(base, ListVal):
        # Run by the interpreter on the list object (Interpreter.list_method).
        return PartialVal(QualName(f"builtins.list.{attr}"), (base,), {})
    if isinstance(base, ArgParserVal) and attr in ("add_argument", "parse_args", "parse_known_args",
                                                   "set_defaults"):
        return PartialVal(QualName(f"argparse.{attr}"), (base,), {})
    if isinstance(base, NamespaceVal):
        return base.get(attr, _qualified_attribute)
    if isinstance(base, NamespaceDict) and attr == "update":
        return PartialVal(QualName("builtins.namespace_dict.update"), (base,), {})
    if isinstance(base, QualName) and attr == "__dict__":
        return NamespaceDictOf(base)
    if isinstance(base, ObjVal) and attr == "_replace" and base.cls.is_dataclass:
        return PartialVal(QualName("dataclasses.replace"), (base,), {})
    return MISSING


@dataclass(frozen=True)
class NamespaceDictOf:
    """``module.__dict__`` of a library module: copying it copies the module's names."""

    module: QualName


def _qualified_attribute(base: object, attr: str) -> object:
    return names.attribute(base, attr) if isinstance(base, QualName) else UNKNOWN


def _namespace_update(call: Call) -> object:
    target, source = call.args[0], call.args[1] if len(call.args) > 1 else MISSING
    if isinstance(target, NamespaceDict):
        if isinstance(source, NamespaceDictOf) and target.owner.fallback is None:
            target.owner.fallback = source.module
        elif isinstance(source, NamespaceDict):
            target.owner.attrs.update(source.owner.attrs)
        else:
            target.owner.attrs.clear()
            target.owner.fallback = UNKNOWN_MODULE
    return Const(None)


# A namespace updated from something we cannot see: every name in it is unknown.
UNKNOWN_MODULE = QualName("<unknown module>")


def _namespace(call: Call) -> object:
    """types.ModuleType(name) (empty) and types.SimpleNamespace(**attrs)."""
    if "**" in call.kwargs:
        return UNKNOWN
    attrs = {} if call.name.endswith("ModuleType") else dict(call.kwargs)
    return NamespaceVal(attrs)


# ---------------------------------------------------------------- dict

def _dict_get(call: Call) -> object:
    mapping = call.args[0]
    default = call.args[2] if len(call.args) > 2 else Const(None)
    return mapping.load(call.arg(1, "key"), default) if isinstance(mapping, DictVal) else UNKNOWN


def _dict_items(call: Call) -> object:
    mapping = call.args[0]
    if not (isinstance(mapping, DictVal) and mapping.complete):
        return UNKNOWN
    view = call.name.rsplit(".", 1)[-1]
    if view == "keys":
        return pack([Const(k) for k in mapping.items])
    if view == "values":
        return pack(list(mapping.items.values()))
    return tuple(pack([Const(k), v]) for k, v in mapping.items.items())


def _dict_setdefault(call: Call) -> object:
    mapping, key = call.args[0], call.arg(1, "key")
    default = call.args[2] if len(call.args) > 2 else Const(None)
    if not isinstance(mapping, DictVal):
        return UNKNOWN
    if isinstance(key, Const) and key.value in mapping.items:
        return mapping.items[key.value]
    if isinstance(key, Const) and mapping.complete:
        mapping.store(key, default)
        return default
    mapping.store(key if isinstance(key, Const) else UNKNOWN, UNKNOWN)
    return UNKNOWN


def _dict_pop(call: Call) -> object:
    mapping, key = call.args[0], call.arg(1, "key")
    default = call.args[2] if len(call.args) > 2 else MISSING
    if not isinstance(mapping, DictVal):
        return UNKNOWN
    value = mapping.load(key, default)
    if isinstance(key, Const) and key.value in mapping.items:
        del mapping.items[key.value]
    elif not isinstance(key, Const):
        mapping.store(UNKNOWN, UNKNOWN)
    return UNKNOWN if value is MISSING else value


def _dict_update(call: Call) -> object:
    mapping = call.args[0]
    if isinstance(mapping, DictVal):
        other = call.args[1] if len(call.args) > 1 else None
        if isinstance(other, DictVal):
            for key, value in other.items.items():
                mapping.store(Const(key), value)
            mapping.complete = mapping.complete and other.complete
        elif other is not None:
            mapping.store(UNKNOWN, UNKNOWN)
        for key, value in call.kwargs.items():
            mapping.store(Const(key) if key != "**" else UNKNOWN, value)
    return Const(None)


def _dict_copy(call: Call) -> object:
    mapping = call.args[0]
    if isinstance(mapping, DictVal):
        return DictVal(dict(mapping.items), mapping.complete)
    return UNKNOWN


def _dict(call: Call) -> object:
    made = DictVal()
    if call.args:
        source = call.args[0]
        if isinstance(source, DictVal):
            made = DictVal(dict(source.items), source.complete)
        else:
            pairs = unpack(source)
            if pairs is None:
                return UNKNOWN
            for pair in pairs:
                parts = unpack(pair)
                if parts is None or len(parts) != 2:
                    return UNKNOWN
                made.store(parts[0], parts[1])
    for key, value in call.kwargs.items():
        made.store(Const(key) if key != "**" else UNKNOWN, value)
    return made


_DICT_METHODS = {"get": _dict_get, "items": _dict_items, "keys": _dict_items, "values": _dict_items,
                 "setdefault": _dict_setdefault, "pop": _dict_pop, "update": _dict_update,
                 "copy": _dict_copy}


# ---------------------------------------------------------------- builtins

def _sorted(call: Call) -> object:
    items = unpack(call.arg(0, "iterable"))
    if items is None or call.kwargs.get("key", MISSING) is not MISSING:
        return UNKNOWN
    if not all(isinstance(i, Const) for i in items):
        return UNKNOWN
    try:
        ordered = sorted(items, key=lambda c: c.value,  # type: ignore[union-attr]
                         reverse=_truthy(call.kwargs.get("reverse", Const(False))))
    except TypeError:
        return UNKNOWN
    return pack(ordered)


def _reversed(call: Call) -> object:
    # An iterator; JAX accepts one as collective_axes (measured): the same names.
    items = unpack(call.arg(0, "sequence"))
    return UNKNOWN if items is None else pack(list(reversed(items)))


def _truthy(value: object) -> bool:
    return isinstance(value, Const) and bool(value.value)


def _int(call: Call) -> object:
    value = call.arg(0, "x")
    if isinstance(value, Const) and type(value.value) in (int, str, bool, float):
        try:
            return Const(int(value.value))  # type: ignore[arg-type]
        except ValueError:
            return UNKNOWN
    return Const(0) if value is MISSING else UNKNOWN


def _str(call: Call) -> object:
    value = call.arg(0, "object")
    if isinstance(value, Const) and type(value.value) in (int, str, bool):
        return Const(str(value.value))
    return UNKNOWN


def _len(call: Call) -> object:
    value = call.arg(0, "obj")
    items = unpack(value)
    return UNKNOWN if items is None else Const(len(items))


def _range(call: Call) -> object:
    bounds = [a.value if isinstance(a, Const) and type(a.value) is int else None for a in call.args]
    if not bounds or None in bounds or len(bounds) > 3:
        return UNKNOWN
    values = range(*bounds)  # type: ignore[misc]
    return Const(tuple(values)) if len(values) <= MAX_RANGE else UNKNOWN


def _zip(call: Call) -> object:
    columns = [unpack(a) for a in call.args]
    if not columns or any(c is None for c in columns):
        return UNKNOWN
    rows = list(zip(*columns, strict=False))  # type: ignore[misc]
    return tuple(pack(list(row)) for row in rows) if len(rows) <= MAX_RANGE else UNKNOWN


def _enumerate(call: Call) -> object:
    items = unpack(call.arg(0, "iterable"))
    if items is None or len(items) > MAX_RANGE:
        return UNKNOWN
    return tuple(pack([Const(i), item]) for i, item in enumerate(items))


# ---------------------------------------------------------------- program inputs

def _argument_parser(call: Call) -> object:
    return ArgParserVal()


def _add_argument(call: Call) -> object:
    parser = call.args[0]
    if not isinstance(parser, ArgParserVal):
        return UNKNOWN
    flags = [a.value for a in call.args[1:] if isinstance(a, Const) and isinstance(a.value, str)]
    dest = call.kwargs.get("dest")
    if isinstance(dest, Const) and isinstance(dest.value, str):
        name = dest.value
    else:
        longs = [f for f in flags if f.startswith("--")]
        chosen = longs[0] if longs else (flags[0] if flags else None)
        if chosen is None:
            parser.complete = False
            return UNKNOWN
        name = chosen.lstrip("-").replace("-", "_")
    if flags and not flags[0].startswith("-"):
        parser.defaults[name] = UNKNOWN  # a positional argument: the file needs it to run
        return UNKNOWN
    action = call.kwargs.get("action", MISSING)
    default = call.kwargs.get("default", MISSING)
    if isinstance(action, Const) and action.value in ("store_true", "store_false") and default is MISSING:
        default = Const(action.value == "store_false")
    elif default is MISSING:
        default = Const(None)
    convert = call.kwargs.get("type", MISSING)
    if isinstance(default, Const) and isinstance(default.value, str) and convert is not MISSING:
        # argparse applies `type` to a string default.
        default = _convert(convert, default)
    parser.defaults[name] = default
    return UNKNOWN


def _convert(convert: object, value: Const) -> object:
    if isinstance(convert, QualName) and convert.name in ("builtins.int", "builtins.float"):
        try:
            return Const(int(value.value) if convert.name == "builtins.int" else float(value.value))  # type: ignore[arg-type]
        except ValueError:
            return UNKNOWN
    if isinstance(convert, QualName) and convert.name == "builtins.str":
        return value
    return UNKNOWN


def _set_defaults(call: Call) -> object:
    parser = call.args[0]
    if isinstance(parser, ArgParserVal):
        for key, value in call.kwargs.items():
            if key == "**":
                parser.complete = False
            else:
                parser.defaults[key] = value
    return Const(None)


def _parse_args(call: Call) -> object:
    parser = call.args[0]
    if not isinstance(parser, ArgParserVal) or not parser.complete or len(call.args) > 1 \
            or call.kwargs.get("args", MISSING) is not MISSING:
        return UNKNOWN  # arguments given in the code: not the defaults
    namespace = NamespaceVal(dict(parser.defaults))
    if call.name.endswith("parse_known_args"):
        return (namespace, Const(()))
    return namespace


def _environ_get(call: Call) -> object:
    # A clean environment: the default (None when none is given).
    default = call.arg(1, "default")
    return Const(None) if default is MISSING else default


# ---------------------------------------------------------------- functools / dataclasses

def _wraps(call: Call) -> object:
    # functools.wraps(fn) is a decorator that returns the wrapper it decorates (with fn's
    # name and docstring): calling the result calls the wrapper, never fn directly.
    return PartialVal(QualName("functools.identity"), (), {})


def _replace(call: Call) -> object:
    """dataclasses.replace / NamedTuple._replace: a copy with some fields changed."""
    original = call.args[0] if call.args else MISSING
    if isinstance(original, ObjVal):
        changed = ObjVal(original.cls, dict(original.attrs))
        for key, value in call.kwargs.items():
            if key == "**":
                return UNKNOWN
            changed.attrs[key] = value
        return changed
    if isinstance(original, CompilerParamsVal):
        semantics = call.kwargs.get("lowering_semantics", MISSING)
        if "**" in call.kwargs:
            return UNKNOWN
        if semantics is MISSING:
            return original
        return replace(original, semantics=semantics if isinstance(semantics, SemanticsVal) else UNKNOWN)
    return UNKNOWN


def _numbers(call: Call) -> list[int | float] | None:
    """The numbers a numeric builtin reads: its arguments, or the items of its one iterable."""
    values = call.args
    if len(values) == 1 and not (isinstance(values[0], Const) and type(values[0].value) in (int, float)):
        values = unpack(values[0])  # type: ignore[assignment]
    if values is None or not all(isinstance(v, Const) and type(v.value) in (int, float) for v in values):
        return None
    return [v.value for v in values]  # type: ignore[union-attr]


def _numeric(function: Callable[[list[int | float]], object], *,
             empty_ok: bool = False) -> Callable[[Call], object]:
    """min, max, sum, math.prod, math.gcd ... of known numbers (no key=, no default=)."""
    def evaluate(call: Call) -> object:
        numbers = _numbers(call)
        if numbers is None or (not numbers and not empty_ok) or call.kwargs:
            return UNKNOWN
        try:
            result = function(numbers)
        except (ValueError, OverflowError, TypeError):
            return UNKNOWN
        if type(result) not in (int, float) or abs(result) > 1 << 62:  # type: ignore[arg-type]
            return UNKNOWN
        return Const(result)

    return evaluate


def _one_number(function: Callable[[int | float], object]) -> Callable[[list[int | float]], object]:
    return lambda numbers: function(numbers[0]) if len(numbers) == 1 else None


def _chain(call: Call) -> object:
    items: list[object] = []
    for arg in call.args:
        part = unpack(arg)
        if part is None or len(items) + len(part) > MAX_RANGE:
            return UNKNOWN
        items.extend(part)
    return pack(items)


def _noop(call: Call) -> object:
    return Const(None)


HANDLERS: dict[str, Callable[[Call], object]] = {
    **{f"builtins.dict.{name}": handler for name, handler in _DICT_METHODS.items()},
    "builtins.dict": _dict,
    "builtins.sorted": _sorted,
    "builtins.reversed": _reversed,
    "builtins.int": _int,
    "builtins.str": _str,
    "builtins.len": _len,
    "builtins.range": _range,
    "builtins.zip": _zip,
    "builtins.enumerate": _enumerate,
    "builtins.object.noop": _noop,
    "builtins.namespace_dict.update": _namespace_update,
    "types.ModuleType": _namespace,
    "types.SimpleNamespace": _namespace,
    "argparse.ArgumentParser": _argument_parser,
    "argparse.add_argument": _add_argument,
    "argparse.set_defaults": _set_defaults,
    "argparse.parse_args": _parse_args,
    "argparse.parse_known_args": _parse_args,
    "os.environ.get": _environ_get,
    "os.getenv": _environ_get,
    "functools.wraps": _wraps,
    "dataclasses.replace": _replace,
    "itertools.chain": _chain,
    "builtins.min": _numeric(min),
    "builtins.max": _numeric(max),
    "builtins.sum": _numeric(sum, empty_ok=True),
    "builtins.abs": _numeric(_one_number(abs)),
    "math.prod": _numeric(math.prod, empty_ok=True),
    "math.gcd": _numeric(lambda numbers: math.gcd(*numbers), empty_ok=True),  # type: ignore[arg-type]
    "math.lcm": _numeric(lambda numbers: math.lcm(*numbers), empty_ok=True),  # type: ignore[arg-type]
    "math.ceil": _numeric(_one_number(math.ceil)),
    "math.floor": _numeric(_one_number(math.floor)),
    "math.log2": _numeric(_one_number(math.log2)),
}

