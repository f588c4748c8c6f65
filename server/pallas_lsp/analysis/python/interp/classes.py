"""The interpreter's classes: ``def`` and ``class`` statements, decorators, class creation
(``type(name, bases, namespace)``, metaclasses, Enum members, ``__set_name__`` /
``__init_subclass__``), instances (``__new__`` / ``__init__``, dataclass fields) and
``super()``."""

from __future__ import annotations

import ast

from ... import jax_calls, pytrees
from ...stdlib_values import FieldVal
from ...trace import (
    Ctx,
    OpaqueScope,
)
from ...values import (
    MISSING,
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    Env,
    FuncVal,
    ListVal,
    ObjVal,
    PartialVal,
    QualName,
    SuperVal,
    WrappedVal,
    fingerprint,
    pack,
    plain,
    unpack,
)
from .. import (
    class_objects,
    comparisons,
    dataclass_init,
    datamodel,
    exception_values,
    flags,
    library_bases,
    protocols,
    records,
    refused_calls,
    type_attributes,
)
from ..descriptor_values import (
    DESCRIPTOR_TYPES,
    PropertyPart,
    RegisterVal,
    StaticMethodVal,
)
from ..enum_markers import EnumMarker
from ..generator_contexts import GeneratorContextManager
from ..generator_contexts import decorated as context_function
from .support import (
    _ENUM_MIXINS,
    _decorator_name,
    _is_enum,
)

# The bases of a metaclass whose __prepare__ is type's (an empty dict).
_TYPE_BASES = (QualName("builtins.type"), QualName("builtins.object"))


def _enum_hook(cls: ClassVal, name: str) -> object:
    """``__new__`` / ``__init__`` of an enum's own classes (before enum's library bases):
    the function, UNKNOWN for something else, MISSING where none of them defines it."""
    for entry in cls.mro():
        if not isinstance(entry, ClassVal):
            return MISSING  # enum.Enum / a mixin type: the member is made as enum makes it
        if name in entry.attrs:
            found = entry.attrs[name]
            return found if isinstance(found, FuncVal) else UNKNOWN
    return MISSING


class ClassesMixin:
    """Classes of ``Interpreter`` (analysis/interpreter.py)."""

    def define_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, env: Env, ctx: Ctx) -> object:
        value: object = FuncVal(node, env, defaults=self.eval_defaults(node.args, env, ctx))
        env.captured = True
        for decorator in reversed(node.decorator_list):
            dec = self.ev(decorator, env, ctx)
            value = self.apply_decorator(dec, value, decorator, env, ctx)
        return value

    def decorate_class(self, node: ast.ClassDef, cls: object, env: Env, ctx: Ctx) -> object:
        """The class decorators of the file's own (`@register` filling a registry), innermost
        first, each given what the one below returned; a library decorator (dataclass,
        total_ordering, ...) is taken to hand the class back."""
        for decorator in reversed(node.decorator_list):
            dec = self.ev(decorator, env, ctx)
            if isinstance(dec, FuncVal) or (isinstance(dec, PartialVal) and (
                    isinstance(dec.func, FuncVal) or dec.func in class_objects.DECORATORS)):
                cls = self.apply_decorator(dec, cls, decorator, env, ctx)  # (@Abc.register too)
            elif isinstance(dec, QualName) and dec.name == "functools.total_ordering":
                cls = comparisons.total_ordering(cls)
            elif isinstance(dec, QualName) and dec.name in protocols.NAMES:
                protocols.runtime_checkable([cls], {})  # marks a protocol class, hands it back
            elif isinstance(dec, QualName) and dec.name == "jax.tree_util.register_pytree_node_class":
                pytrees.register_class(cls, pytrees.PytreeNode())  # registers it, hands it back
        return cls

    def apply_decorator(self, dec: object, value: object, node: ast.expr, env: Env, ctx: Ctx) -> object:
        if isinstance(dec, PropertyPart):
            return dec.build(value)
        made = context_function(dec, value)
        if made is not None:
            return made
        if isinstance(dec, QualName) and dec.name in jax_calls.TRANSPARENT_DECORATORS:
            return value
        if isinstance(dec, (QualName, PartialVal, FuncVal, ClassVal, RegisterVal, ObjVal,
                            GeneratorContextManager)):
            call_node = node if isinstance(node, ast.Call) else ast.Call(func=node, args=[], keywords=[])
            ast.copy_location(call_node, node)
            return self.call(dec, [value], {}, call_node, [], {}, env, ctx)
        if ctx.launch is not None and isinstance(value, FuncVal):
            # Inside a kernel an unknown decorator (pl.when(...), plgpu.nd_loop(...))
            # runs the body as it is traced.
            call_node = node if isinstance(node, ast.Call) else ast.Call(func=node, args=[], keywords=[])
            ast.copy_location(call_node, node)
            if isinstance(dec, OpaqueScope):
                if dec.warp_level:
                    self.record_warp_body(value, node, ctx)
                ctx = dec.inside(ctx)
            self.call_unknown_args(value, call_node, ctx)
            return UNKNOWN
        return value  # an unknown host decorator: assume it wraps and calls the function

    def eval_defaults(self, spec: ast.arguments, env: Env, ctx: Ctx) -> dict[str, object]:
        """Parameter defaults, evaluated where the function is defined."""
        if not spec.defaults and not spec.kwonlyargs:
            return {}  # most functions: nothing to evaluate
        positional = [*spec.posonlyargs, *spec.args]
        defaults: dict[str, object] = {}
        for param, default in zip(positional[len(positional) - len(spec.defaults):], spec.defaults,
                                  strict=True):
            defaults[param.arg] = self.ev(default, env, ctx)
        for param, kw_default in zip(spec.kwonlyargs, spec.kw_defaults, strict=True):
            if kw_default is not None:
                defaults[param.arg] = self.ev(kw_default, env, ctx)
        return defaults

    def define_class(self, node: ast.ClassDef, env: Env, ctx: Ctx) -> object:
        original = tuple(self.ev(base, env, ctx) for base in node.bases)
        keywords = {k.arg: self.ev(k.value, env, ctx) for k in node.keywords if k.arg}
        resolved = class_objects.resolve_bases(self, original, ctx)  # PEP 560 __mro_entries__
        if resolved is not None and any(class_objects.folded_alias(base, value)
                                        for base, value in zip(node.bases, original, strict=True)):
            # ``Box[int]`` / ``Generic[T]`` as a base: the model reads the alias as its class,
            # but Python's alias resolves through __mro_entries__, so __orig_bases__ holds it.
            original = tuple(UNKNOWN if class_objects.folded_alias(base, value) else value
                             for base, value in zip(node.bases, original, strict=True))
            resolved = (resolved[0], True)
        if resolved is None:
            self.class_registry.unsure = True  # a class made that the model does not follow
            return UNKNOWN
        bases = tuple(self.library_base(base) for base in resolved[0])
        metaclass = keywords.pop("metaclass", None)
        if metaclass is None:
            metaclass = next((b.metaclass for b in bases if isinstance(b, ClassVal) and b.metaclass), None)
        prepared = self.prepare_namespace(metaclass, node.name, bases, keywords, ctx)
        class_env = Env(dict(prepared) if prepared is not None else {}, parent=env)
        if resolved[1]:
            class_env.names["__orig_bases__"] = original  # as __build_class__ stores it
        qualname = self._class_qualname(node.name, env)
        annotations = DictVal({}, complete=True)
        self.class_annotations[id(class_env)] = (annotations, self._uncertain)
        self._class_qualnames[id(class_env)] = qualname
        try:
            self.exec_body(node.body, class_env, ctx)
        finally:
            del self.class_annotations[id(class_env)]
            del self._class_qualnames[id(class_env)]
        attrs = class_env.names
        record = any(_decorator_name(d).endswith("dataclass") for d in node.decorator_list) or any(
            isinstance(b, QualName) and b.name.endswith("NamedTuple") for b in bases)
        if any(isinstance(b, QualName) and b.name == "typing.NamedTuple" for b in bases):
            _record_fields(attrs, annotations)
        cls = ClassVal(node, attrs, record, bases, annotations=annotations, qualname=qualname,
                       module=_module_name(env),
                       library_metaclass=metaclass if isinstance(metaclass, QualName) else None)
        if any(_decorator_name(d) == "dataclass" for d in node.decorator_list):
            records.add_generated(cls, env)  # __eq__ / __hash__ / orderings, as @dataclass writes them
        if _is_enum(bases):
            self.make_enum(cls, node, bases, ctx)
        datamodel.rebind_methods(cls, class_env, env)
        if cls.enum_members:
            self.construct_members(cls, ctx)
        if prepared is None:
            self.class_registry.unsure = True
            type_attributes.note_class(self.subclass_registry, cls, None, False)
            return UNKNOWN  # the body's names went into a namespace the analysis cannot see
        return self.create_class(cls, metaclass, keywords, node, env, ctx)

    def functional_enum(self, base: QualName, args: list[object], kwargs: dict[str, object],
                        node: ast.Call, env: Env, ctx: Ctx) -> object:
        """``enum.Enum("Reduce", names)``: the class the functional API builds, run as the class
        statement it stands for (``class Reduce(enum.Enum): SUM = ...``), so its members are
        the statement's. ``names``: a string of names (comma or space separated) or a sequence
        of names (numbered as ``auto()`` numbers them, from 1), a sequence of (name, value)
        pairs, or a dict of name -> value. UNKNOWN for anything else (``start=``, ``type=``,
        ``module=``... other than their defaults)."""
        names_value = args[1] if len(args) > 1 else kwargs.get("names", MISSING)
        name = args[0] if args else kwargs.get("value", MISSING)
        if not (isinstance(name, Const) and isinstance(name.value, str) and name.value.isidentifier()) \
                or len(args) > 2 or set(kwargs) - {"names", "value", "module", "qualname"}:
            return UNKNOWN
        entries = _functional_members(plain(names_value))
        if entries is None:
            return UNKNOWN
        bound: dict[str, object] = {"<enum base>": base, "auto": QualName("enum.auto")}
        body: list[ast.stmt] = []
        for index, (member, value) in enumerate(entries):
            if value is MISSING:
                made: ast.expr = ast.Call(func=ast.Name("auto", ast.Load()), args=[], keywords=[])
            else:
                bound[f"<enum value {index}>"] = value
                made = ast.Name(f"<enum value {index}>", ast.Load())
            body.append(ast.Assign(targets=[ast.Name(member, ast.Store())], value=made))
        statement = ast.ClassDef(name=name.value, bases=[ast.Name("<enum base>", ast.Load())],
                                 keywords=[], body=body or [ast.Pass()], decorator_list=[])
        if "type_params" in ast.ClassDef._fields:
            statement.type_params = []  # type: ignore[attr-defined]
        for part in ast.walk(statement):  # every span is the call's
            ast.copy_location(part, node)
            part.end_lineno, part.end_col_offset = node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]
        return self.define_class(statement, Env(bound, parent=env), ctx)

    def _class_qualname(self, name: str, env: Env) -> str | None:
        """The compiler's ``__qualname__`` of a class statement run in ``env``: the name in a
        module's body, ``Outer.name`` in a class body; None in a function's (``f.<locals>``)."""
        if env.parent is None:
            return name
        if id(env) in self._class_qualnames:
            outer = self._class_qualnames[id(env)]
            return f"{outer}.{name}" if outer is not None else None
        return None

    def prepare_namespace(self, metaclass: object, name: str, bases: tuple[object, ...],
                          keywords: dict[str, object], ctx: Ctx) -> dict[str, object] | None:
        """The namespace a class body starts with: ``metaclass.__prepare__(name, bases,
        **keywords)`` where the metaclass defines one (a classmethod, as type's), else
        type's empty dict. None where it returns anything but a dict of known string keys
        (a mapping with its own ``__setitem__`` sees every store of the body)."""
        if not isinstance(metaclass, ClassVal):
            return {}
        prepare: object = MISSING
        for entry in metaclass.mro():
            if isinstance(entry, ClassVal) and "__prepare__" in entry.attrs:
                prepare = entry.attrs["__prepare__"]
                break
            if not isinstance(entry, ClassVal) and entry not in _TYPE_BASES:
                # A library metaclass (absl's parameterized.TestCase's, abc.ABCMeta): its
                # __prepare__ is not seen. Taken as type's, as before __prepare__ was read:
                # refusing it made every class of JAX's own test modules unknown (famheld2:
                # PAL045 and PAL009 silent on the SemaphoreTest mutants). enum's metaclass has
                # its own model (the enum members), not this namespace.
                return {}
        if prepare is MISSING:
            return {}  # type.__prepare__
        bound = datamodel.bind(prepare, None, metaclass)
        if not isinstance(bound, (FuncVal, PartialVal)):
            return None
        made = self.call_value(bound, [Const(name), bases], dict(keywords), ctx)
        namespace = plain(made)
        if isinstance(made, ObjVal) or not (isinstance(namespace, DictVal) and namespace.complete
                and all(isinstance(key, str) for key in namespace.items)):
            return None
        return dict(namespace.items)  # type: ignore[arg-type]

    def new_class(self, args: list[object], kwargs: dict[str, object], node: ast.Call, env: Env,
                  ctx: Ctx) -> object:
        """``types.new_class(name, bases=(), kwds=None, exec_body=None)``: the namespace
        type's ``__prepare__`` gives (an empty dict) filled by ``exec_body(ns)``, then the
        class ``type(name, bases, ns)`` makes. Unknown with class keywords (a metaclass
        among them) or a part not known; ``make_class`` refuses a base's metaclass."""
        names = ("name", "bases", "kwds", "exec_body")
        if len(args) > len(names) or any(key not in names[len(args):] for key in kwargs):
            return UNKNOWN
        given = dict(zip(names, args, strict=False)) | kwargs
        if "name" not in given:
            return UNKNOWN
        class_keywords = plain(given.get("kwds", Const(None)))
        if class_keywords != Const(None) and not (
                isinstance(class_keywords, DictVal) and class_keywords.complete and not class_keywords.items):
            return UNKNOWN
        namespace = DictVal({}, complete=True)
        body = given.get("exec_body", Const(None))
        if body != Const(None):
            self.last_raised = None
            self.call_value(body, [namespace], {}, ctx)
            if self.last_raised is not None:
                return UNKNOWN  # the body raised (or may have): no class is made
        return self.make_class([given["name"], given.get("bases", Const(())), namespace], node, env, ctx)

    def make_class(self, args: list[object], node: ast.Call, env: Env, ctx: Ctx) -> object:
        """``type(name, bases, namespace)``: class creation as a ``class`` statement does it,
        with the namespace's items as the class body's names (``__set_name__`` and
        ``__init_subclass__`` run). Unknown when a part is not known, or a base's metaclass
        or an Enum would take over the creation."""
        name, namespace = plain(args[0]), plain(args[2])
        bases = unpack(plain(args[1]))
        if not (isinstance(name, Const) and isinstance(name.value, str) and bases is not None
                and isinstance(namespace, DictVal) and namespace.complete
                and all(isinstance(key, str) for key in namespace.items)):
            return UNKNOWN
        if _is_enum(tuple(bases)) or any(isinstance(b, ClassVal) and b.metaclass for b in bases) \
                or not all(isinstance(b, (ClassVal, QualName)) for b in bases):
            self.class_registry.unsure = True
            return UNKNOWN
        class_node = ast.copy_location(
            ast.ClassDef(name=name.value, bases=[], keywords=[], body=[], decorator_list=[]), node)
        cls = ClassVal(class_node, dict(namespace.items), False, tuple(bases),  # type: ignore[arg-type]
                       qualname=name.value, module=_module_name(env))
        return self.create_class(cls, None, {}, class_node, env, ctx)

    def make_enum(self, cls: ClassVal, node: ast.ClassDef, bases: tuple[object, ...],
                  ctx: Ctx | None = None) -> None:
        """Enum machinery: each plain class attribute becomes a member with `name` and
        `value` (`auto()` numbers from 1, or the lowercased name in a StrEnum, or what the
        program's own `_generate_next_value_(name, start, count, last_values)` returns); a
        later name with an earlier member's value is an alias of it."""
        cls.enum_mixin = any(
            (isinstance(b, QualName) and b.name in _ENUM_MIXINS)
            or (isinstance(b, ClassVal) and b.enum_mixin) for b in bases)
        is_str_enum = any(isinstance(b, QualName) and b.name == "enum.StrEnum" for b in bases)
        is_flag = any((isinstance(b, QualName) and b.name in ("enum.Flag", "enum.IntFlag"))
                      or (isinstance(b, ClassVal) and b.enum_flags is not None) for b in bases)
        automatic = {t.id for stmt in node.body if isinstance(stmt, ast.Assign)
                     and isinstance(stmt.value, ast.Call) and _decorator_name(stmt.value) == "auto"
                     for t in stmt.targets if isinstance(t, ast.Name)}
        members: dict[str, ObjVal] = {}
        by_value: dict[object, ObjVal] = {}
        last = 0
        generate = _next_value_hook(cls, bases) if automatic else MISSING
        values_so_far: list[object] = []
        for name, value in list(cls.attrs.items()):
            if isinstance(value, EnumMarker):
                if not value.member:
                    cls.attrs[name] = value.value  # nonmember(x): a plain class attribute
                    continue
                value = value.value  # member(x): a member, a function too
            elif name.startswith("_") or isinstance(value, _NEVER_MEMBERS):
                continue
            if name in automatic and generate is not MISSING:
                # The program's hook (a staticmethod, or a plain function the class body
                # defines): called as EnumType calls it; unknown where it cannot be run.
                value = self.call_value(generate, [Const(name), Const(1), Const(len(members)),
                                                   ListVal(list(values_so_far))], {}, ctx) \
                    if ctx is not None else UNKNOWN
            elif name in automatic:
                value = Const(name.lower()) if is_str_enum else Const(flags.next_auto(is_flag, last))
            if isinstance(value, Const) and type(value.value) is int:
                last = value.value
            key = fingerprint(value)
            if value is not UNKNOWN and key in by_value:
                cls.attrs[name] = by_value[key]  # an alias
                continue
            member = ObjVal(cls, {"name": Const(name), "value": value, "_name_": Const(name),
                                  "_value_": value})
            members[name] = cls.attrs[name] = member
            values_so_far.append(value)
            if value is not UNKNOWN:
                by_value[key] = member
        cls.enum_members = members
        if is_flag:
            cls.enum_flags = {m.attrs["value"].value: m for m in members.values()  # type: ignore[attr-defined]
                              if isinstance(m.attrs["value"], Const) and type(m.attrs["value"].value) is int}

    def construct_members(self, cls: ClassVal, ctx: Ctx) -> None:
        """Each member made as ``EnumType`` makes it (CPython's ``_proto_member.__set_name__``)
        where the enum's own classes define ``__new__`` or ``__init__``: the assigned value
        is the arguments (a tuple spread, anything else alone); a ``__new__`` of the class
        makes the member and may set its ``_value_`` (not set: the assigned value, for a
        member type of object); ``__init__`` then runs on it with the same arguments; a
        later member with an earlier one's ``_value_`` is its alias. What is not known
        (a ``__new__`` that makes no instance of the class, an unknown value) leaves the
        member's value unknown and its attributes open."""
        new, init = _enum_hook(cls, "__new__"), _enum_hook(cls, "__init__")
        if new is MISSING and init is MISSING:
            return
        members: dict[str, ObjVal] = {}
        by_value: dict[object, ObjVal] = {}
        for name, member in list(cls.enum_members.items()):  # type: ignore[union-attr]
            raw = member.attrs["value"]
            made = self._construct_member(cls, new, init, raw, ctx)
            made.attrs.update({"name": Const(name), "_name_": Const(name)})
            value = made.attrs["value"]
            key = fingerprint(plain(value))
            if value is not UNKNOWN and key in by_value:
                cls.attrs[name] = by_value[key]  # an alias: the same _value_
                continue
            members[name] = cls.attrs[name] = made
            if value is not UNKNOWN:
                by_value[key] = made
        cls.enum_members = members
        if cls.enum_flags is not None:
            cls.enum_flags = {m.attrs["value"].value: m for m in members.values()  # type: ignore[attr-defined]
                              if isinstance(m.attrs["value"], Const) and type(m.attrs["value"].value) is int}

    def _construct_member(self, cls: ClassVal, new: object, init: object, raw: object, ctx: Ctx) -> ObjVal:
        if raw is UNKNOWN:
            return ObjVal(cls, {"value": UNKNOWN, "_value_": UNKNOWN}, open_attrs=True)
        args = list(raw) if isinstance(raw, tuple) else (
            [Const(item) for item in raw.value] if isinstance(raw, Const) and isinstance(raw.value, tuple)
            else [raw])
        if new is MISSING:
            made: object = ObjVal(cls, {})
        elif isinstance(new, FuncVal):
            made = self.call_value(new, [cls, *args], {}, ctx)
        else:
            made = UNKNOWN
        if not (isinstance(made, ObjVal) and made.cls is cls):
            return ObjVal(cls, {"value": UNKNOWN, "_value_": UNKNOWN}, open_attrs=True)
        value = made.attrs.get("_value_", MISSING)
        if value is MISSING:
            # Not set by a __new__: the assigned value for a member type of object; a mixin
            # type's value is that type built from the arguments (a single one taken as it
            # is, as the model took it before; several: not computed).
            value = raw if not cls.enum_mixin or (len(args) == 1 and new is MISSING) else UNKNOWN
        made.attrs.update({"value": value, "_value_": value})
        if isinstance(init, FuncVal):
            self.call_value(datamodel.bind(init, made, cls, self, ctx), args, {}, ctx)
        elif init is not MISSING:
            made.open_attrs = True
        return made

    def make_dataclass(self, args: list[object], kwargs: dict[str, object], node: ast.Call,
                       env: Env, ctx: Ctx) -> object:
        """``dataclasses.make_dataclass(name, fields)``: the class a ``@dataclass`` class
        statement makes, its body one annotated name per field (``name``, ``(name, type)``
        or ``(name, type, default)``, the default also a ``field(...)``), created as a class
        statement creates it, with the generated methods' options given as literal booleans
        (``frozen=True``, ``eq=``, ``order=``, ``unsafe_hash=``: as the decorator's). Unknown for
        any other option (bases=, namespace=, ...) or a field not known."""
        options = [ast.keyword(arg=key, value=ast.Constant(value=value.value))
                   for key, value in kwargs.items()
                   if key in records.DEFAULTS and isinstance(value, Const) and type(value.value) is bool]
        if len(args) != 2 or len(options) != len(kwargs):
            return UNKNOWN
        name, fields = plain(args[0]), unpack(plain(args[1]))
        if not (isinstance(name, Const) and isinstance(name.value, str) and name.value.isidentifier()) \
                or fields is None:
            return UNKNOWN
        body: list[ast.stmt] = []
        attrs: dict[str, object] = {}
        annotations = DictVal({}, complete=True)
        for field in fields:
            parts = unpack(field) if not isinstance(field, Const) or not isinstance(field.value, str) \
                else [field, QualName("typing.Any")]
            if parts is None or len(parts) not in (2, 3):
                return UNKNOWN
            field_name, kind = parts[0], parts[1]
            if not (isinstance(field_name, Const) and isinstance(field_name.value, str)
                    and field_name.value.isidentifier() and field_name.value not in attrs) \
                    or not isinstance(kind, (ClassVal, QualName)) \
                    or (isinstance(kind, QualName) and ("ClassVar" in kind.name or "InitVar" in kind.name)):
                return UNKNOWN
            target = ast.Name(id=field_name.value, ctx=ast.Store())
            body.append(ast.copy_location(ast.AnnAssign(
                target=target, annotation=ast.Constant(value="field"), value=None, simple=1), node))
            annotations.store(field_name, kind)
            if len(parts) == 3:
                attrs[field_name.value] = parts[2]
        # The options as a `@dataclass(...)` records.options reads (not run: the class is made
        # here, as the decorator would make it).
        decorators: list[ast.expr] = [ast.Call(func=ast.Name(id="dataclass", ctx=ast.Load()), args=[],
                                               keywords=options)] if options else []
        class_node = ast.copy_location(
            ast.ClassDef(name=name.value, bases=[], keywords=[], body=body, decorator_list=decorators), node)
        cls = ClassVal(class_node, attrs, True, (), annotations=annotations)
        records.add_generated(cls, env)  # make_dataclass's defaults (eq=True, unhashable) or options
        return self.create_class(cls, None, {}, class_node, env, ctx)

    def create_class(self, cls: ClassVal, metaclass: object, keywords: dict[str, object],
                     node: ast.ClassDef, env: Env, ctx: Ctx) -> object:
        """type.__new__ and its hooks: a metaclass's __new__ gets the class keywords;
        otherwise the bases' __init_subclass__ does. The class is listed as made (its
        bases' ``__subclasses__()``; on a path that may not run, that list is not known)."""
        self.class_registry.made.append(cls)
        if self.on_uncertain_path:
            self.class_registry.unsure = True
        custom_new = isinstance(metaclass, ClassVal) and isinstance(metaclass.lookup("__new__"), FuncVal)
        top = not self._frames and self._uncertain == 0 and self._callback_depth == 0
        type_attributes.note_class(self.subclass_registry, cls, env.names if top else None, not custom_new)
        if isinstance(metaclass, ClassVal):
            cls.metaclass = metaclass
            new = metaclass.lookup("__new__")
            if isinstance(new, FuncVal):
                self._new_classes.append(cls)
                try:
                    made = self.call_function(new.bound(metaclass),
                                              [Const(node.name), cls.bases, UNKNOWN], keywords, ctx)
                finally:
                    self._new_classes.pop()
                if not isinstance(made, ClassVal):
                    self.class_registry.unsure = True
                    return UNKNOWN
                return self.metaclass_init(made, metaclass, cls, keywords, node, ctx)
            if keywords:
                return UNKNOWN
        elif metaclass is not None:
            return cls if not keywords else UNKNOWN
        datamodel.set_names(self, cls, ctx)
        hook = datamodel.init_subclass_hook(cls)
        if isinstance(hook, FuncVal):
            self.call_function(hook, [], keywords, ctx)
        elif keywords and hook is not MISSING:
            return cls  # a library base takes the keywords: the class is still this one
        if isinstance(metaclass, ClassVal):
            return self.metaclass_init(cls, metaclass, cls, keywords, node, ctx)
        return cls

    def metaclass_init(self, made: ClassVal, metaclass: ClassVal, cls: ClassVal,
                       keywords: dict[str, object], node: ast.ClassDef, ctx: Ctx) -> object:
        """``type.__call__``'s second step: the metaclass's ``__init__(cls, name, bases,
        namespace, **keywords)`` on the class its ``__new__`` made, when that class is an
        instance of the metaclass (as for any class's instances). ``namespace`` is the class
        body's namespace, a dict of its own (type.__new__ copied it into the class)."""
        init = metaclass.lookup("__init__")
        if not isinstance(init, FuncVal):
            return made  # type.__init__ (or a library metaclass's): nothing the model sees
        kind = made.metaclass
        if not (isinstance(kind, ClassVal) and any(entry is metaclass for entry in kind.mro())):
            return made
        namespace = DictVal(dict(cls.attrs), complete=True)
        self.call_function(init.bound(made), [Const(node.name), cls.bases, namespace], keywords, ctx)
        return made

    def instantiate(self, cls: ClassVal, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object:
        """``type.__call__``: the class's own ``__new__`` (an implicit staticmethod) makes the
        object when it defines one; ``__init__`` runs only on an instance of ``cls`` it made."""
        new = cls.lookup("__new__")
        if isinstance(new, StaticMethodVal):
            new = new.func
        if isinstance(new, FuncVal):
            made = self.call_function(new, [cls, *args], kwargs, ctx)
            if not (isinstance(made, ObjVal) and any(c is cls for c in made.cls.mro())):
                return made  # Python skips __init__ for anything else (a cached instance too)
            obj = made
        else:
            obj = ObjVal(cls, {})  # object.__new__ (a library base's is taken to do the same)
            if library_bases.holds_str(cls):
                obj.payload = library_bases.str_new(args, kwargs)  # str.__new__(cls, text)
            base = exception_values.exception_base(cls)
            if base is not None:  # BaseException.__new__: args are the positional arguments
                obj.payload = exception_values.ExcVal(base, tuple(args))
        if isinstance(new, QualName) and (new.name == "builtins.tuple.__new__"
                                          or new.name in library_bases.NUMBER_NEWS):
            made = self.call_value(new, [cls, *args], kwargs, ctx)  # tuple.__new__(cls, iterable)
            if not isinstance(made, ObjVal):
                return made
            obj = made
        return self.initialise(cls, obj, args, kwargs, ctx)

    def initialise(self, cls: ClassVal, obj: ObjVal, args: list[object], kwargs: dict[str, object],
                   ctx: Ctx) -> ObjVal:
        init = cls.lookup("__init__")
        init_only: list[object] = []  # the InitVar values __post_init__ is given, in order
        if isinstance(init, FuncVal):
            if library_bases.holds_dict(cls) and obj.payload is None:
                obj.payload = DictVal()  # what dict.__new__ made: its __init__ fills it
            self.call_function(init.bound(obj), args, kwargs, ctx)
        elif isinstance(init, library_bases.LibraryMethod):
            self.call_value(datamodel.bind(init, obj, cls), args, kwargs, ctx)  # dict.__init__
        elif any(isinstance(c, ClassVal) and c.is_dataclass for c in cls.mro()):
            call, spelled = self.spelled_call
            if spelled is args and call is not None:
                refused = refused_calls.refuses_dataclass(self, cls, args, kwargs, call)
                if refused is not None:
                    self.last_raised = refused  # CPython's TypeError, before __init__ runs
                    return UNKNOWN  # type: ignore[return-value]
            parameters = cls.init_parameters()
            positional = dataclass_init.positional_names(cls)
            names = positional if positional is not None else [name for name, _ in parameters]
            given: dict[str, object] = dict(zip(names, args, strict=False))
            given.update((name, value) for name, value in kwargs.items()
                         if any(name == known for known, _ in parameters))
            for name, is_init_var in parameters:
                if is_init_var:
                    init_only.append(given.get(name, self._class_default(cls, name)))
                elif name in given:
                    obj.attrs[name] = given[name]
            self.field_defaults(cls, cls.fields(), obj, ctx)
            if library_bases.is_named_tuple(cls) and obj.payload is None:
                # tuple.__new__(cls, fields): the instance is the tuple of its fields.
                obj.payload = pack([obj.attrs.get(name, UNKNOWN) for name in cls.fields()])
        post_init = cls.lookup("__post_init__")
        if isinstance(post_init, FuncVal):
            self.call_function(post_init.bound(obj), init_only, {}, ctx)
        return obj

    @staticmethod
    def _class_default(cls: ClassVal, name: str) -> object:
        """An InitVar's default (written in the class body), else unknown (Python raises)."""
        found = cls.lookup(name)
        return UNKNOWN if found is MISSING else (found.default if isinstance(found, FieldVal) else found)

    def field_defaults(self, cls: ClassVal, fields: list[str], obj: ObjVal, ctx: Ctx) -> None:
        """Fields the constructor was not given, declared with ``dataclasses.field``: the
        default, or a fresh value from the default factory (called once per instance)."""
        for name in fields:
            declared = cls.lookup(name)
            if name in obj.attrs or declared is UNKNOWN:
                continue
            if not isinstance(declared, FieldVal):
                # A plain default: the generated __init__ stores it on the instance too
                # (``vars(obj)``, ``asdict`` see it); none given and none declared: a TypeError.
                obj.attrs[name] = declared if declared is not MISSING else UNKNOWN
            elif declared.default is not MISSING:
                obj.attrs[name] = declared.default
            elif declared.factory is not MISSING:
                site = ast.copy_location(ast.Call(func=ast.Name(name, ast.Load()), args=[], keywords=[]),
                                         cls.node)
                obj.attrs[name] = self.call(declared.factory, [], {}, site, [], {}, self.module_env, ctx)
            else:
                obj.attrs[name] = UNKNOWN

    def super_attribute(self, sup: SuperVal, attr: str) -> object:
        """`super().name`: looked up after the defining class, bound to the same object."""
        cls = sup.obj.cls if isinstance(sup.obj, ObjVal) else sup.obj
        value = cls.lookup(attr, after=sup.owner) if isinstance(cls, ClassVal) else UNKNOWN
        if isinstance(value, FuncVal):
            return value.bound(sup.obj)
        if value is MISSING and attr in ("__setattr__", "__getattribute__") and isinstance(sup.obj, ObjVal):
            return PartialVal(QualName(f"builtins.object.{attr}"), (sup.obj,), {})
        if value is MISSING and attr == "__call__" and isinstance(sup.obj, ClassVal):
            return PartialVal(QualName("builtins.type.__call__"), (sup.obj,), {})  # a metaclass's
        if value is not MISSING and value is not UNKNOWN:
            return datamodel.bind(value, sup.obj if isinstance(sup.obj, ObjVal) else None, cls, self)
        if attr == "__new__" and self._new_classes:
            return QualName("builtins.type.__new__")  # type.__new__ makes the pending class
        if attr == "__new__" and value is MISSING:
            return QualName("builtins.object.__new__")
        if value is MISSING and attr in ("__init__", "__init_subclass__", "__post_init__"):
            return QualName("builtins.object.noop")
        payload = exception_values.payload_of(sup.obj)
        if value is UNKNOWN and attr == "__init__" and payload is not None:
            # No program class after ``owner`` defines it: its builtin exception base's
            # (exception_values.exception_base) sets ``args`` (python/calls.py).
            return PartialVal(QualName(f"builtins.{payload.kind.__name__}.__init__"), (sup.obj,), {})
        return UNKNOWN if value is MISSING else value


# What an Enum body binds that EnumType makes no member of (unless enum.member wraps it).
_NEVER_MEMBERS = (FuncVal, ClassVal, WrappedVal, *DESCRIPTOR_TYPES)


def _module_name(env: Env) -> object:
    """``__name__`` of the module whose scope ``env`` is or is inside (a class's ``__module__``)."""
    while env.parent is not None:
        env = env.parent
    name = env.names.get("__name__", UNKNOWN)
    return name if isinstance(name, Const) and isinstance(name.value, str) else None


def _record_fields(attrs: dict[str, object], annotations: DictVal) -> None:
    """What ``typing.NamedTuple``'s metaclass adds to the class it makes: ``_fields`` (the
    annotated names in order) and ``_field_defaults`` (those given a value); unknown where a
    path not decided annotated (``collections.namedtuple`` sets the same: stdlib_values)."""
    if not annotations.complete or not all(isinstance(name, str) for name in annotations.items):
        attrs["_fields"] = attrs["_field_defaults"] = UNKNOWN
        return
    names = list(annotations.items)
    attrs["_fields"] = Const(tuple(names))  # type: ignore[arg-type]
    attrs["_field_defaults"] = DictVal({name: attrs[name] for name in names if name in attrs})


def _next_value_hook(cls: ClassVal, bases: tuple[object, ...]) -> object:
    """The program's `_generate_next_value_` that `auto()` calls: the class's own (a
    staticmethod, or a plain function: the class body uses it before it is a method) or a
    program enum base's; MISSING for the library's (auto() numbers from 1). UNKNOWN where a
    base the analysis cannot see may define it."""
    for owner in (cls, *bases):
        if not isinstance(owner, ClassVal):
            continue
        for klass in owner.mro():
            if not isinstance(klass, ClassVal):
                continue
            hook = klass.attrs.get("_generate_next_value_", MISSING)
            if hook is MISSING:
                continue
            if isinstance(hook, StaticMethodVal):
                return hook.func
            return hook if isinstance(hook, FuncVal) else UNKNOWN
    return MISSING


def _functional_members(names: object) -> list[tuple[str, object]] | None:
    """The (name, value) pairs of the functional Enum API's ``names`` argument, a value MISSING
    where ``auto()`` numbers it; None where they are not all known names."""
    if isinstance(names, Const) and isinstance(names.value, str):
        return [(part, MISSING) for part in names.value.replace(",", " ").split()]
    if isinstance(names, DictVal):
        if not names.complete or not all(isinstance(key, str) for key in names.items):
            return None
        return [(key, value) for key, value in names.items.items()]  # type: ignore[misc]
    items = unpack(names) if isinstance(names, (tuple, Const)) else (
        list(names.items) if isinstance(names, ListVal) and names.complete else None)
    if items is None:
        return None
    found: list[tuple[str, object]] = []
    for item in items:
        item = plain(item)
        if isinstance(item, Const) and isinstance(item.value, str):
            found.append((item.value, MISSING))
            continue
        pair = unpack(item) if isinstance(item, (tuple, Const)) else None
        if pair is None or len(pair) != 2:
            return None
        key = plain(pair[0])
        if not (isinstance(key, Const) and isinstance(key.value, str)):
            return None
        found.append((key.value, pair[1]))
    if any(not member.isidentifier() or member.startswith("_") for member, _ in found):
        return None
    return found
