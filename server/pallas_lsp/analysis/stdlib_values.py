"""Standard-library calls that make values of the interpreter's own model, so they stay
modelled rather than bridged (python/bridge.py runs the rest for real).

``types.MappingProxyType`` around a settings dict (a view of the interpreter's DictVal),
``collections.namedtuple`` / ``typing.NamedTuple`` records (classes of the program),
``dataclasses.field`` defaults (read by the dataclass model), ``configparser`` fed literal
text or a dict of known sections (a parser object whose sections are subscripted). Each
computes what Python would from known arguments, and nothing (UNKNOWN) from unknown ones;
none reads a file or the environment.
"""

from __future__ import annotations

import ast
import builtins
import configparser
import keyword
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .values import (
    MISSING,
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    ListVal,
    PartialVal,
    QualName,
    plain,
    unpack,
)

if TYPE_CHECKING:
    from .jax_calls import Call

# Past this a configuration text is no settings table: leave it unknown.
MAX_JSON_CHARS = 65536


@dataclass(frozen=True)
class FieldVal:
    """``dataclasses.field(default=..., default_factory=...)`` in a dataclass body: what an
    instance gets for the field when the constructor is not given it."""

    default: object
    factory: object
    metadata: object = MISSING  # the ``metadata=`` mapping given, MISSING when none


@dataclass(frozen=True)
class NullContextVal:
    """``contextlib.nullcontext(enter_result)``: a context manager that does nothing; its
    ``__enter__`` gives back ``enter_result`` (None when not given), its ``__exit__``
    swallows nothing."""

    enter_result: object


@dataclass(frozen=True)
class SuppressVal:
    """``contextlib.suppress(*exceptions)`` of builtin exception classes: its ``__exit__``
    swallows an exception of those classes (subclasses too), and only those."""

    kinds: tuple[type[BaseException], ...]


def _suppress(call: Call) -> object:
    kinds: list[type[BaseException]] = []
    for arg in call.args:
        found = getattr(builtins, arg.name[len("builtins."):], None) \
            if isinstance(arg, QualName) and arg.name.startswith("builtins.") else None
        if not (isinstance(found, type) and issubclass(found, BaseException)) or call.kwargs:
            return UNKNOWN
        kinds.append(found)
    return SuppressVal(tuple(kinds))


def _null_context(call: Call) -> object:
    if len(call.args) + len(call.kwargs) > 1 or set(call.kwargs) - {"enter_result"}:
        return UNKNOWN
    return NullContextVal(call.arg(0, "enter_result") if call.args or call.kwargs else Const(None))


def _mapping_proxy(call: Call) -> object:
    """A read-only view of the dict: reading it reads the dict."""
    mapping = call.arg(0, "mapping")
    return mapping if isinstance(mapping, DictVal) else UNKNOWN


def _field(call: Call) -> object:
    if call.args:
        return UNKNOWN
    return FieldVal(call.kwargs.get("default", MISSING), call.kwargs.get("default_factory", MISSING),
                    call.kwargs.get("metadata", MISSING))


def _namedtuple(call: Call) -> object:
    """``collections.namedtuple("P", "a b c", defaults=(...))`` and ``typing.NamedTuple("P",
    [("a", T), ...])``: a record class like the class-statement form."""
    type_name = call.arg(0, "typename")
    spec = plain(call.arg(1, "field_names"))
    if not (isinstance(type_name, Const) and isinstance(type_name.value, str)):
        return UNKNOWN
    field_names: list[str] | None = None
    if isinstance(spec, Const) and isinstance(spec.value, str):
        field_names = spec.value.replace(",", " ").split()
    else:
        items = unpack(spec)
        if items is not None:
            field_names = []
            for item in items:
                item = plain(item)
                if isinstance(item, Const) and isinstance(item.value, str):
                    field_names.append(item.value)
                elif isinstance(item, Const) and isinstance(item.value, tuple) and item.value \
                        and isinstance(item.value[0], str):
                    field_names.append(item.value[0])
                elif isinstance(item, tuple) and item and isinstance(item[0], Const) \
                        and isinstance(item[0].value, str):
                    field_names.append(item[0].value)
                else:
                    return UNKNOWN
    rename = call.kwargs.get("rename", Const(False))
    if field_names is None or not (isinstance(rename, Const) and isinstance(rename.value, bool)) \
            or not _valid_names(type_name.value, field_names, rename.value):
        return UNKNOWN  # (a name namedtuple refuses: ValueError, the program stops there)
    defaults = call.kwargs.get("defaults", Const(None))
    default_items = [] if isinstance(defaults, Const) and defaults.value is None else unpack(plain(defaults))
    module = call.kwargs.get("module", Const(None))
    if default_items is None or len(default_items) > len(field_names) \
            or set(call.kwargs) - {"defaults", "rename", "module"} \
            or not (isinstance(module, Const) and isinstance(module.value, (str, type(None)))):
        return UNKNOWN
    node = ast.ClassDef(name=type_name.value, bases=[], keywords=[], decorator_list=[], type_params=[],
                        body=[ast.AnnAssign(target=ast.Name(n, ast.Store()), annotation=ast.Name("object"),
                                            value=None, simple=1) for n in field_names])
    ast.copy_location(node, call.node)
    ast.fix_missing_locations(node)
    attrs: dict[str, object] = dict(zip(field_names[len(field_names) - len(default_items):], default_items,
                                        strict=True))
    attrs["_fields"] = Const(tuple(field_names))
    attrs["_field_defaults"] = DictVal({name: attrs[name] for name in field_names if name in attrs})
    return ClassVal(node, attrs, True, (QualName("typing.NamedTuple"),))


def _valid_names(type_name: str, field_names: list[str], rename: bool) -> bool:
    """collections.namedtuple's checks of the names, in its order: with ``rename`` a field
    name that is no identifier, a keyword, starts with ``_`` or repeats becomes ``_<index>``
    (in place); then every name must be an identifier and no keyword, no field may start
    with ``_`` (unless renamed) or repeat. False where namedtuple raises ValueError."""
    if rename:
        seen: set[str] = set()
        for index, name in enumerate(field_names):
            if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_") or name in seen:
                field_names[index] = f"_{index}"
            seen.add(name)  # (the name given, as CPython's loop adds it)
    if any(not name.isidentifier() or keyword.iskeyword(name) for name in [type_name, *field_names]):
        return False
    return not (any(name.startswith("_") for name in field_names) and not rename) \
        and len(set(field_names)) == len(field_names)


@dataclass(eq=False)
class ConfigVal:
    """A ``configparser.ConfigParser`` fed known data (``read_string`` of a text,
    ``read_dict`` of a dict of sections): its sections as Python's own parser reads them,
    each read replayed in order on a fresh parser (in memory: no file is opened).
    ``known`` is False once something it cannot see was read (a file, unknown text)."""

    # ("string", text) or ("dict", {section: {option: value}}), in the order read.
    reads: list[tuple[str, object]] = field(default_factory=list)
    known: bool = True
    # ``ConfigParser(converters={name: function})``: each adds ``get<name>`` to the parser and
    # its sections (CPython's ConverterMapping), the program's function called on the text.
    converters: dict[str, object] = field(default_factory=dict)

    def parsed(self) -> configparser.ConfigParser | None:
        if not self.known:
            return None
        parser = configparser.ConfigParser()
        try:
            for kind, data in self.reads:
                if kind == "string":
                    parser.read_string(data)  # type: ignore[arg-type]
                else:
                    parser.read_dict(data)  # type: ignore[arg-type]
        except (configparser.Error, ValueError, TypeError):
            return None
        return parser


_OPTION_VALUES = (str, int, float, bool, type(None))


def _sections_dict(value: object) -> dict[str, dict[str, object]] | None:
    """``read_dict``'s argument as the real dict it is: known sections of known options whose
    values are plain constants (read_dict turns keys and values into text itself); None for
    anything else (a value the parser would format through code of the program's)."""
    if type(value) is not DictVal or not value.complete:
        return None
    sections: dict[str, dict[str, object]] = {}
    for name, options in value.items.items():
        options = plain(options)
        if not isinstance(name, str) or type(options) is not DictVal or not options.complete:
            return None
        section: dict[str, object] = {}
        for key, option in options.items.items():
            option = plain(option)
            if type(key) not in _OPTION_VALUES or not (
                    isinstance(option, Const) and type(option.value) in _OPTION_VALUES):
                return None
            section[key] = option.value  # type: ignore[index]
        sections[name] = section
    return sections


@dataclass(frozen=True)
class SectionVal:
    config: ConfigVal
    name: str


_CONFIG_METHODS = ("read_string", "read", "read_file", "read_dict", "get", "getint", "getfloat",
                   "getboolean", "sections", "has_section", "has_option", "options")
_SECTION_METHODS = ("get", "getint", "getfloat", "getboolean")


def attribute(base: object, attr: str) -> object:
    """Methods of the configparser values; MISSING for anything else."""
    if isinstance(base, ConfigVal):
        converter = base.converters.get(attr[3:], MISSING) if attr.startswith("get") else MISSING
        if converter is not MISSING:  # (a converter named like getint's replaces it, as in CPython)
            return PartialVal(QualName(CONVERTED_GET[0]), (base, converter), {})
        if attr in _CONFIG_METHODS:
            return PartialVal(QualName(f"configparser.ConfigParser.{attr}"), (base,), {})
    if isinstance(base, SectionVal):
        converter = base.config.converters.get(attr[3:], MISSING) if attr.startswith("get") else MISSING
        if converter is not MISSING:
            return PartialVal(QualName(CONVERTED_GET[1]), (base, converter), {})
        if attr in _SECTION_METHODS:
            return PartialVal(QualName(f"configparser.SectionProxy.{attr}"), (base,), {})
    return MISSING


# A converter's accessor on the parser and on a section (RawConfigParser._get_conv, called
# through SectionProxy.get with its fallback of None): python/calls.py calls the converter.
CONVERTED_GET = ("configparser.ConfigParser._get_conv", "configparser.SectionProxy._get_conv")


def converted_get(name: str, args: list[object], kwargs: dict[str, object], convert) -> object:  # type: ignore[no-untyped-def]
    """``parser.get<name>(section, option, fallback=...)`` / ``section.get<name>(option,
    fallback=None)``: the option's text given to the program's converter by ``convert(func,
    text)``; an option or section not there gives the fallback unconverted (CPython catches
    NoSectionError / NoOptionError only), or raises without one (unknown). ``raw`` / ``vars``
    / another keyword: unknown."""
    holder, converter, *rest = args
    if isinstance(holder, SectionVal):  # SectionProxy.get(option, fallback=None, *, raw, vars)
        config, section, fallback = holder.config, Const(holder.name), Const(None)
        names = ("option", "fallback")
    elif isinstance(holder, ConfigVal):  # _get_conv(section, option, conv, *, raw, vars, fallback)
        config, section, fallback = holder, MISSING, MISSING
        names = ("section", "option")
    else:
        return UNKNOWN
    if len(rest) > len(names) or any(key not in (*names[len(rest):], "fallback") for key in kwargs):
        return UNKNOWN
    given = dict(zip(names, rest, strict=False)) | kwargs
    section = plain(given.get("section", section))
    option = plain(given.get("option", MISSING))
    fallback = given.get("fallback", fallback)
    parser = config.parsed()
    if parser is None or not (isinstance(section, Const) and isinstance(section.value, str)
                              and isinstance(option, Const) and isinstance(option.value, str)):
        return UNKNOWN
    if not parser.has_option(section.value, option.value):
        return fallback if fallback is not MISSING else UNKNOWN
    try:
        text = parser.get(section.value, option.value)
    except (ValueError, configparser.Error):
        return UNKNOWN
    return convert(converter, Const(text))


def subscript(base: object, key: object) -> object:
    """``parser["section"]`` and ``section["option"]``; MISSING for other containers."""
    if isinstance(base, ConfigVal):
        parser = base.parsed()
        if parser is None or not (isinstance(key, Const) and isinstance(key.value, str)):
            return UNKNOWN
        return SectionVal(base, key.value) if parser.has_section(key.value) or key.value == "DEFAULT" \
            else UNKNOWN
    if isinstance(base, SectionVal):
        return _option(base.config, base.name, key, "get", MISSING)
    return MISSING


def _config_parser(call: Call) -> object:
    if call.args or any(key != "converters" for key in call.kwargs):
        return UNKNOWN
    converters = plain(call.kwargs.get("converters", DictVal({}, complete=True)))
    if type(converters) is not DictVal or not converters.complete or not all(
            isinstance(key, str) and key for key in converters.items):
        return UNKNOWN  # (an empty name: CPython's ValueError)
    return ConfigVal(converters=dict(converters.items))  # type: ignore[arg-type]


def _config_method(call: Call) -> object:
    config, method = call.args[0], call.name.rsplit(".", 1)[-1]
    args = [plain(a) for a in call.args[1:]]
    if not isinstance(config, ConfigVal):
        return UNKNOWN
    if method == "read_string":
        text = args[0] if args else MISSING
        if isinstance(text, Const) and isinstance(text.value, str) and len(text.value) <= MAX_JSON_CHARS:
            config.reads.append(("string", text.value))
        else:
            config.known = False
        return Const(None)
    if method == "read_dict":
        sections = _sections_dict(call.args[1]) if len(call.args) == 2 else None
        if sections is None:
            config.known = False
            return UNKNOWN
        config.reads.append(("dict", sections))
        return Const(None)
    if method in ("read", "read_file"):
        config.known = False  # a file (or a stream) we do not read: unknown from here
        return UNKNOWN
    if method in ("sections", "has_section", "has_option", "options"):
        return _query(config, method, args)
    if method in ("get", "getint", "getfloat", "getboolean") and len(args) == 2 \
            and isinstance(args[0], Const) and isinstance(args[0].value, str):
        return _option(config, args[0].value, args[1], method, call.kwargs.get("fallback", MISSING))
    return UNKNOWN


def _query(config: ConfigVal, method: str, args: list[object]) -> object:
    """``sections()`` / ``options(s)`` (lists of names, in the order read), ``has_section(s)``
    / ``has_option(s, o)`` (bools), as the real parser answers them."""
    parser = config.parsed()
    names = [a.value for a in args if isinstance(a, Const) and isinstance(a.value, str)]
    if parser is None or len(names) != len(args) or len(args) != {
            "sections": 0, "has_section": 1, "options": 1, "has_option": 2}[method]:
        return UNKNOWN
    try:
        answer = getattr(parser, method)(*names)
    except configparser.Error:
        return UNKNOWN  # options() of a section not there: NoSectionError
    if isinstance(answer, bool):
        return Const(answer)
    return ListVal([Const(name) for name in answer])


def _section_method(call: Call) -> object:
    section, method = call.args[0], call.name.rsplit(".", 1)[-1]
    if not isinstance(section, SectionVal) or len(call.args) not in (2, 3):
        return UNKNOWN
    fallback = call.args[2] if len(call.args) == 3 else call.kwargs.get("fallback", Const(None))
    return _option(section.config, section.name, plain(call.args[1]), method, fallback)


def _option(config: ConfigVal, section: str, key: object, method: str, fallback: object) -> object:
    parser = config.parsed()
    if parser is None or not (isinstance(key, Const) and isinstance(key.value, str)):
        return UNKNOWN
    if not parser.has_option(section, key.value):
        return fallback if fallback is not MISSING else UNKNOWN
    try:
        return Const(getattr(parser, method)(section, key.value))
    except (ValueError, configparser.Error):
        return UNKNOWN


HANDLERS = {
    "configparser.ConfigParser": _config_parser,
    "configparser.RawConfigParser": _config_parser,
    **{f"configparser.ConfigParser.{m}": _config_method for m in _CONFIG_METHODS},
    **{f"configparser.SectionProxy.{m}": _section_method for m in _SECTION_METHODS},
    "types.MappingProxyType": _mapping_proxy,
    "dataclasses.field": _field,
    "contextlib.nullcontext": _null_context,
    "contextlib.suppress": _suppress,
    "collections.namedtuple": _namedtuple,
    "typing.NamedTuple": _namedtuple,
}

# Calls of these trace no JAX operation (they call nothing of the program's): a statement
# made of them between an op and its layout_cast leaves the cast "right after" it.
TRACES_NOTHING = frozenset(HANDLERS)
