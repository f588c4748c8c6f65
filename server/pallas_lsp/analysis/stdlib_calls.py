"""What of Python's library must stay modelled rather than run: program inputs, the
interpreter's own mutable dicts, namespaces, ``len`` of its sequences.

Handlers keyed by canonical name, like ``jax_calls.HANDLERS`` (which includes
these). Program inputs take their defaults: the file is judged as it runs with
no command-line arguments in a clean environment (``argparse`` defaults,
``os.environ.get(key, default)``), which is how real lowering of the file runs; an
argument list the program passes to ``parse_args`` is parsed by the real argparse
(python/argparse_run.py).
A dict's ``get`` / ``setdefault`` / ``pop`` / ``update`` work on a ``DictVal`` that may
be incomplete (a key stored that the analysis cannot compute), which real code cannot
see; every other pure builtin and method runs through the bridge (python/bridge.py).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from . import names, stdlib_values
from .ops import ARITH_OP
from .pipelines import BlockSpecVal, replace_spec
from .python import argparse_run, bridge, class_introspection
from .python.exception_values import ExcVal
from .python.itemless import itemless_kind
from .values import (
    MISSING,
    UNKNOWN,
    ArrayVal,
    CompilerParamsVal,
    Const,
    DictVal,
    ForeignVal,
    FuncVal,
    ListVal,
    NamespaceDict,
    NamespaceVal,
    ObjVal,
    PartialVal,
    QualName,
    SemanticsVal,
    pack,
    plain,
    unpack,
)

if TYPE_CHECKING:
    from .jax_calls import Call

@dataclass(eq=False)
class ArgParserVal:
    """An ``argparse.ArgumentParser``: the defaults of the options added so far, and the
    calls that built it (its constructor's keywords, then each ``add_argument`` /
    ``set_defaults`` with its arguments), replayed by python/argparse_run.py for a
    ``parse_args(argv)`` given a list."""

    defaults: dict[str, object] = field(default_factory=dict)
    complete: bool = True
    constructor: dict[str, object] = field(default_factory=dict)
    steps: list[tuple[str, tuple[object, ...], dict[str, object]]] = field(default_factory=list)

    def record(self, method: str, call: Call) -> None:
        if "**" in call.kwargs or "*" in call.kwargs:
            self.complete = False
        self.steps.append((method, tuple(call.args[1:]), dict(call.kwargs)))

    def replayed(self) -> bool:
        """Whether every call that built it (and each sub-command's parser, each parent) is
        recorded. A parent changed after the child copied its options by anything but a new
        option is not replayed: ``set_defaults`` there changes the option objects the two
        share (argparse's ``_add_container_actions`` copies references)."""
        return self.complete and all(child.replayed() for group in self.subparsers
                                     for _, _, child in group.parsers) \
            and all(parent.replayed() and all(step[0] == "add_argument" for step in parent.steps[seen:])
                    for parent, seen in self.parents)

    subparsers: list[SubParsersVal] = field(default_factory=list)
    # ``ArgumentParser(parents=[...])``: each parent and how many of its calls it had made
    # then (the child copies the options the parent has at its construction).
    parents: list[tuple[ArgParserVal, int]] = field(default_factory=list)


@dataclass(eq=False)
class SubParsersVal:
    """What ``parser.add_subparsers(...)`` returns: the sub-commands' parsers, each made by
    ``add_parser(name, ...)`` (its arguments, then the parser, whose own calls it records)."""

    parsers: list[tuple[tuple[object, ...], dict[str, object], ArgParserVal]] = field(default_factory=list)


def attribute(base: object, attr: str) -> object:
    """Attributes of the values this module models; MISSING when it does not model ``base``."""
    modelled = stdlib_values.attribute(base, attr)
    if modelled is not MISSING:
        return modelled
    if isinstance(base, DictVal) and attr in _DICT_METHODS:
        return PartialVal(QualName(f"builtins.dict.{attr}"), (base,), {})
    if isinstance(base, ListVal) and (attr in _LIST_NAMES or attr.startswith("__")):
        # Run by the interpreter on the list object (Interpreter.list_method).
        return PartialVal(QualName(f"builtins.list.{attr}"), (base,), {})
    if isinstance(base, ArgParserVal) and attr in ("add_argument", "parse_args", "parse_known_args",
                                                   "set_defaults", "add_subparsers"):
        return PartialVal(QualName(f"argparse.{attr}"), (base,), {})
    if isinstance(base, SubParsersVal) and attr == "add_parser":
        return PartialVal(QualName("argparse.add_parser"), (base,), {})
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


# A list's public names (any other is CPython's AttributeError: attributes.builtin_lacks).
_LIST_NAMES = frozenset(name for name in dir(list) if not name.startswith("_"))


# A namespace updated from something we cannot see: every name in it is unknown.
UNKNOWN_MODULE = QualName("<unknown module>")


def _namespace(call: Call) -> object:
    """types.ModuleType(name) (empty) and types.SimpleNamespace(**attrs)."""
    if "**" in call.kwargs:
        return UNKNOWN
    if call.name.endswith("ModuleType"):
        return NamespaceVal({})
    if call.args:
        return UNKNOWN  # SimpleNamespace(mapping) (3.13): not followed
    return NamespaceVal(dict(call.kwargs), kind="types.SimpleNamespace")


def _method_type(call: Call) -> object:
    """types.MethodType(func, obj): the program's function bound to obj, as a method found on
    the class binds it (its first parameter is obj); anything else unknown."""
    if len(call.args) != 2 or call.kwargs:
        return UNKNOWN
    func, obj = call.args
    if not isinstance(func, FuncVal) or func.self_value is not None:
        return UNKNOWN  # a bound method bound again: Python binds the method object itself
    return func.bound(obj)


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
        # A real keys view, so that it is set-like as in Python (`a.keys() & b.keys()`,
        # `keys - {"z"}`) and iterates in the dict's order. Of a fresh dict of the keys: a
        # snapshot, as the tuple it was before (a store into the dict after the call is not
        # seen through it).
        return bridge.run("builtins.dict.keys", _keys_view, [pack([Const(k) for k in mapping.items])], {})
    if view == "values":
        return pack(list(mapping.items.values()))
    return tuple(pack([Const(k), v]) for k, v in mapping.items.items())


def _keys_view(keys: tuple[object, ...]) -> object:
    return dict.fromkeys(keys).keys()


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


_KEY_TYPES = frozenset({str, int, bool, float, bytes, type(None)})


def _dict_pop(call: Call) -> object:
    mapping, key = call.args[0], call.arg(1, "key")
    default = call.args[2] if len(call.args) > 2 else MISSING
    if not isinstance(mapping, DictVal):
        return UNKNOWN
    if default is MISSING and type(mapping) is DictVal and mapping.complete and isinstance(key, Const) \
            and key.value.__class__ in _KEY_TYPES and key.value not in mapping.items \
            and len(call.args) == 2 and not call.kwargs:
        # A dict that holds every key stored in it, popped with a key it lacks and no default:
        # CPython's KeyError, raised at the call (PAL079 where it escapes).
        call.tracer.bridge_raised(call.node, KeyError(key.value))
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
            if not other.complete:
                mapping.closed = False  # the other's instance keys are not copied
        elif other is not None:
            # Not a mapping: an iterable of key / value pairs, stored in order (dict_merge /
            # PyDict_MergeFromSeq2). One the analysis cannot read, or whose item is no pair
            # (CPython raises half way), leaves the keys unknown.
            pairs = None if isinstance(other, (ForeignVal, ObjVal)) else unpack(plain(other))
            parts = [unpack(plain(pair)) for pair in pairs] if pairs is not None else [None]
            if all(part is not None and len(part) == 2 for part in parts):
                for key, value in parts:  # type: ignore[misc]
                    mapping.store(key, value)
            else:
                mapping.store(UNKNOWN, UNKNOWN)
        for key, value in call.kwargs.items():
            mapping.store(Const(key) if key != "**" else UNKNOWN, value)
    return Const(None)


def _dict_copy(call: Call) -> object:
    mapping = call.args[0]
    if isinstance(mapping, DictVal):
        return DictVal(dict(mapping.items), mapping.complete, instance_items=dict(mapping.instance_items),
                       closed=mapping.closed)
    return UNKNOWN


def _dict(call: Call) -> object:
    made = DictVal()
    if call.args:
        source = call.args[0]
        if isinstance(source, ForeignVal):  # dict(OrderedDict(...)), dict(Counter(...)): for real
            return bridge.call_named(call)
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

def _len(call: Call) -> object:
    value = call.arg(0, "obj")
    kind = itemless_kind(value, call.arg_node(0, "obj"))
    if kind is not None and len(call.args) == 1:
        # CPython's TypeError (PAL079 where it escapes).
        said = Const(f"object of type '{kind}' has no len()")
        call.tracer.operator_raised(call.node, ExcVal(TypeError, (said,)))
        return UNKNOWN
    items = unpack(value)
    return UNKNOWN if items is None else Const(len(items))


# ---------------------------------------------------------------- program inputs

# The argparse calls that keep the program's lists (interp/calling.py): a parser holds its
# ``default=[]`` and ``parents=[...]`` by reference, as argparse does, and hands the default
# itself back when the option is not given.
KEEPS_OBJECTS = frozenset({"argparse.ArgumentParser", "argparse.add_argument", "argparse.set_defaults",
                           "argparse.parse_args", "argparse.parse_known_args", "argparse.add_subparsers",
                           "argparse.add_parser"})


def _argument_parser(call: Call) -> object:
    made = ArgParserVal(constructor=dict(call.kwargs))
    if call.args or "**" in call.kwargs:
        made.complete = False  # (positional constructor arguments: not replayed)
    parents = made.constructor.pop("parents", MISSING)
    if parents is not MISSING:
        # argparse copies each parent's options (and defaults) when the child is made.
        items = (parents.items if parents.complete else None) if isinstance(parents, ListVal) \
            else unpack(parents)
        if items is None or not all(isinstance(parent, ArgParserVal) for parent in items):
            made.complete = False
        else:
            made.parents = [(parent, len(parent.steps)) for parent in items]  # type: ignore[misc]
    return made


def _add_argument(call: Call) -> object:
    parser = call.args[0]
    if not isinstance(parser, ArgParserVal):
        return UNKNOWN
    parser.record("add_argument", call)
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
        parser.record("set_defaults", call)
        for key, value in call.kwargs.items():
            if key == "**":
                parser.complete = False
            else:
                parser.defaults[key] = value
    return Const(None)


def _add_subparsers(call: Call) -> object:
    """``parser.add_subparsers(...)``: recorded, replayed with the sub-commands' parsers."""
    parser = call.args[0]
    if not isinstance(parser, ArgParserVal):
        return UNKNOWN
    parser.record("add_subparsers", call)
    if call.args[1:] or "parser_class" in call.kwargs or "action" in call.kwargs:
        parser.complete = False  # a parser class or action of the program's: not replayed
    group = SubParsersVal()
    parser.subparsers.append(group)
    return group


def _add_parser(call: Call) -> object:
    """``subparsers.add_parser(name, ...)``: a parser of its own, which records its calls."""
    group = call.args[0]
    if not isinstance(group, SubParsersVal):
        return UNKNOWN
    child = ArgParserVal(constructor=dict(call.kwargs))
    if "**" in call.kwargs or "*" in call.kwargs or len(call.args) != 2:
        child.complete = False
    group.parsers.append((tuple(call.args[1:]), dict(call.kwargs), child))
    return child


def _parse_args(call: Call) -> object:
    parser = call.args[0]
    if not isinstance(parser, ArgParserVal) or not parser.replayed():
        return UNKNOWN
    argv = call.arg(1, "args")
    if call.arg(2, "namespace") is not MISSING:
        return UNKNOWN  # into a namespace of the program's: not followed
    if argv is not MISSING and argv != Const(None):
        return _parse_given(parser, argv, call)
    if parser.parents:
        # The parents' options and defaults as argparse copies them: the real parser over an
        # empty command line, which is how the file runs.
        return _parse_given(parser, Const(()), call)
    if parser.subparsers:
        return UNKNOWN  # the defaults of no sub-command: argparse may exit (a required one)
    namespace = NamespaceVal(dict(parser.defaults))
    if call.name.endswith("parse_known_args"):
        return (namespace, Const(()))
    return namespace


def _parse_given(parser: ArgParserVal, argv: object, call: Call) -> object:
    """``parse_args(argv)`` / ``parse_known_args(argv)`` with a list the program gives: the
    real argparse over the parser's recorded calls (python/argparse_run.py)."""
    known = call.name.endswith("parse_known_args")
    made = bridge.run_call("argparse.ArgumentParser.parse_args", argparse_run.parse,
                           [*_replayed_parser(parser, len(parser.steps)), argv, Const(known)], {}, call)
    parsed = unpack(made) if known else (made,)
    if parsed is None or not isinstance(parsed[0], DictVal) or not parsed[0].complete:
        return UNKNOWN
    namespace = NamespaceVal({str(key): value for key, value in parsed[0].items.items()}, kind="Namespace")
    return (namespace, parsed[1]) if known else namespace


def _replayed_parser(parser: ArgParserVal, seen: int) -> tuple[object, ...]:
    """A parser as python/argparse_run.py rebuilds it: its constructor's keywords, its first
    ``seen`` recorded calls, and each parent so (as it was when the parser was made)."""
    return (DictVal(dict(parser.constructor)), _replay_steps(parser)[:seen],
            tuple(_replayed_parser(parent, count) for parent, count in parser.parents))


def _replay_steps(parser: ArgParserVal) -> tuple[object, ...]:
    """The parser's recorded calls as python/argparse_run.py replays them: (method, args,
    kwargs), with each ``add_subparsers`` followed by its sub-commands, each (args of
    ``add_parser``, its kwargs, the sub-command parser's own steps)."""
    groups = iter(parser.subparsers)
    steps: list[object] = []
    for method, args, kwargs in parser.steps:
        step: tuple[object, ...] = (Const(method), args, DictVal(dict(kwargs)))
        if method == "add_subparsers":
            step = (*step, tuple((sub_args, DictVal(dict(sub_kwargs)), _replay_steps(child))
                                 for sub_args, sub_kwargs, child in next(groups).parsers))
        steps.append(step)
    return tuple(steps)


def _environ_get(call: Call) -> object:
    # A clean environment: the default (None when none is given).
    default = call.arg(1, "default")
    return Const(None) if default is MISSING else default


# ---------------------------------------------------------------- functools / dataclasses

def _wraps(call: Call) -> object:
    # functools.wraps(fn) is partial(update_wrapper, wrapped=fn, ...): the decorator returns
    # the wrapper it decorates with fn's names copied (python/function_attrs.py), so calling
    # the result calls the wrapper, never fn directly.
    wrapped = call.arg(0, "wrapped")
    if wrapped is MISSING:
        return PartialVal(QualName("functools.identity"), (), {})
    return PartialVal(QualName("functools.update_wrapper"), (), {"wrapped": wrapped, **{
        key: value for key, value in call.kwargs.items() if key in ("assigned", "updated")}})


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
    if isinstance(original, BlockSpecVal):
        return UNKNOWN if "**" in call.kwargs else replace_spec(original, call.kwargs)
    if isinstance(original, CompilerParamsVal):
        semantics = call.kwargs.get("lowering_semantics", MISSING)
        if "**" in call.kwargs:
            return UNKNOWN
        given = None if original.given is None else (*((key, value) for key, value in original.given
                                                         if key not in call.kwargs),
                                                       *((key, value) for key, value in call.kwargs.items()
                                                         if key != "lowering_semantics"))
        if semantics is MISSING:
            return replace(original, given=given)
        return replace(original, semantics=semantics if isinstance(semantics, SemanticsVal) else UNKNOWN,
                       given=given)
    return UNKNOWN


def _noop(call: Call) -> object:
    return Const(None)


# The operator module's functions of Python's operators (``operator.add(a, b)`` is ``a + b``).
_BINARY_OPERATORS: dict[str, type[ast.operator]] = {
    "add": ast.Add, "sub": ast.Sub, "mul": ast.Mult, "truediv": ast.Div, "floordiv": ast.FloorDiv,
    "mod": ast.Mod, "pow": ast.Pow, "lshift": ast.LShift, "rshift": ast.RShift, "and_": ast.BitAnd,
    "or_": ast.BitOr, "xor": ast.BitXor, "matmul": ast.MatMult}
_UNARY_OPERATORS: dict[str, type[ast.unaryop]] = {
    "neg": ast.USub, "pos": ast.UAdd, "invert": ast.Invert, "inv": ast.Invert}
# Arithmetic a kernel's register arrays record (PAL049), as the interpreter's BinOp does.
_ARITH_OPERATORS = (ast.Add, ast.Sub, ast.Mult)


def _operator_function(call: Call) -> object:
    """``operator.add(a, b)`` (and ``operator.__add__``, the other binary and unary operator
    functions): the operator itself. Where an operand is a value only the interpreter holds (a
    kernel's register array, an instance of the program's classes) it runs the operator as
    ``a + b`` does (special methods, arrays' shapes and layouts); real values go to the real
    function through the bridge."""
    short = call.name.removeprefix("operator.")
    if short.startswith("__") and short.endswith("__"):
        short = short[2:-2] + ("_" if short[2:-2] in ("and", "or") else "")
    operands = [plain(arg) for arg in call.args]
    if call.kwargs or not any(isinstance(v, (ArrayVal, ObjVal)) for v in operands):
        return bridge.call_named(call)
    tracer, ctx = call.tracer, call.ctx
    if short in _BINARY_OPERATORS and len(call.args) == 2:
        op = _BINARY_OPERATORS[short]()
        left, right = call.args
        if ctx.launch is not None and isinstance(op, _ARITH_OPERATORS) and any(
                isinstance(v, ArrayVal) for v in operands):
            tracer.record_op(ARITH_OP, call.node, {"left": left, "right": right,
                                                   "operator": Const(type(op).__name__)}, {}, ctx)
        return tracer.each(lambda left, right: tracer.binary_op(left, op, right, ctx), left, right)
    if short in _UNARY_OPERATORS and len(call.args) == 1:
        unary = _UNARY_OPERATORS[short]()
        return tracer.each(lambda operand: tracer.unary_op(unary, operand, ctx), call.args[0])
    return bridge.call_named(call)


# Their canonical names (the dunder spellings too).
OPERATOR_FUNCTIONS = frozenset(
    [f"operator.{name}" for name in (*_BINARY_OPERATORS, *_UNARY_OPERATORS)]
    + [f"operator.__{name.rstrip('_')}__" for name in (*_BINARY_OPERATORS, *_UNARY_OPERATORS)])

HANDLERS: dict[str, Callable[[Call], object]] = {
    **dict.fromkeys(OPERATOR_FUNCTIONS, _operator_function),
    **{f"builtins.dict.{name}": handler for name, handler in _DICT_METHODS.items()},
    "builtins.dict": _dict,
    "builtins.len": _len,
    "builtins.object.noop": _noop,
    "builtins.namespace_dict.update": _namespace_update,
    "types.ModuleType": _namespace,
    "types.SimpleNamespace": _namespace,
    "types.MethodType": _method_type,
    "argparse.ArgumentParser": _argument_parser,
    "argparse.add_argument": _add_argument,
    "argparse.set_defaults": _set_defaults,
    "argparse.parse_args": _parse_args,
    "argparse.add_subparsers": _add_subparsers,
    "argparse.add_parser": _add_parser,
    "argparse.parse_known_args": _parse_args,
    "os.environ.get": _environ_get,
    "os.getenv": _environ_get,
    "functools.wraps": _wraps,
    "dataclasses.replace": _replace,
    "typing.get_type_hints": class_introspection.get_type_hints_call,
}

