"""A function object as CPython has it, and ``inspect``'s pure introspection of it (issue 20).

Attributes of the program's functions, read from the model's knowledge of the ``def`` and
of the scopes it ran in:

- ``f.__globals__``: the defining module's namespace as a dict view (``globals()``'s: a
  snapshot for reads, a store through it binds the name, a missing key unknown);
- ``f.__closure__``: a tuple of cells in ``co_freevars`` order (None without free
  variables), each cell the enclosing scope's live binding: ``cell.cell_contents`` reads
  the name's current value there (an empty cell, unknown), a store rebinds it;
- ``f.__code__``: ``co_name``, ``co_qualname``, ``co_argcount``, ``co_posonlyargcount``,
  ``co_kwonlyargcount``, ``co_freevars`` (python/function_scopes.py), ``co_firstlineno``
  (the first decorator's line), and ``co_varnames`` / ``co_nlocals`` where every local is
  a parameter (other locals' order is the compiler's, by release); the rest unknown;
- ``f.__qualname__`` (the compiler's rule), ``f.__module__`` (the defining module's
  ``__name__``), ``f.__dict__`` (the function's own attributes, one dict);
- a bound method's ``__self__`` and ``__func__`` (the function, unbound); every other
  attribute of a bound method is its function's.

``inspect``'s functions that read these and nothing else: ``getfullargspec`` (a real
``FullArgSpec`` whose defaults are the program's values, carried through untouched),
``getattr_static`` (the instance dict, then the MRO's class dicts, a data descriptor
first, no ``__getattr__`` / descriptor ever run), ``getdoc`` and ``cleandoc`` of a
docstring (both Python 3.12's and 3.13's spellings), ``isfunction``, ``ismethod``,
``isclass``, ``isgeneratorfunction``, ``iscoroutinefunction``. Where the model does not
know the answer (a library base in the MRO, a name it cannot see stored, an annotation)
they are unknown, never guessed.
"""

from __future__ import annotations

import ast
import inspect
from typing import Protocol

from ..introspection import module_scope, scope_dict
from ..trace import Ctx
from ..values import (
    MISSING,
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    Env,
    FuncVal,
    ListVal,
    ModuleVal,
    ObjVal,
    OneOf,
    PartialVal,
    QualName,
    one_of,
)
from . import function_scopes, source_models
from .convert import Conversion
from .descriptor_values import ClassMethodVal, PropertyDef, StaticMethodVal
from .real import EXTRA_KEPT, Opaque


class Runner(Protocol):
    tree: ast.Module

    def path_of(self, node: ast.AST) -> str | None: ...

    def attribute_named(self, base: object, attr: str, ctx: Ctx) -> object: ...

    @property
    def on_uncertain_path(self) -> bool: ...


CellVal, CodeVal = function_scopes.CellVal, function_scopes.CodeVal
VALUES = frozenset({CellVal, CodeVal})

# Names a bound method answers itself; every other one is its function's.
_METHOD_OWN = frozenset({"__self__", "__func__"})


def _tree_of(runner: Runner, node: ast.AST) -> ast.AST | None:
    """The module tree holding ``node``: the analysed file's or an imported module's."""
    path = runner.path_of(node)
    if path is None:
        return runner.tree
    for table in (getattr(runner, "modules", {}), getattr(runner, "library_modules", {})):
        for module in table.values():
            if module is not None and module.path == path:
                return module.tree
    return None


def is_model(value: object) -> bool:
    """A function or class of python/source_models.py: a library's, written in Python here
    (the real one is a builtin, a C type, other code)."""
    node = getattr(value, "node", None)
    return node is not None and id(node) in source_models.node_ids()


def function_attribute(runner: Runner, func: FuncVal, name: str) -> object:
    """The attributes above of a function of the program; MISSING for any other name."""
    if is_model(func):
        return MISSING
    if name in _METHOD_OWN:
        if func.self_value is None:
            return UNKNOWN  # a plain function has neither: AttributeError
        if name == "__self__":
            return func.self_value
        return FuncVal(func.node, func.closure, None, func.defaults, func.owner, func.attrs)
    if name == "__globals__":
        return scope_dict(module_scope(func.closure))
    if name == "__dict__":
        # The function's own dict, shared; the model also keeps there what Python keeps in
        # the function's slots (a stored __name__, __doc__): then not Python's dict.
        return UNKNOWN if any(_is_dunder(key) and key != "__wrapped__" for key in func.attrs) \
            else DictVal(func.attrs, complete=False)
    if name == "__module__":
        module_name = module_scope(func.closure).names.get("__name__", UNKNOWN)
        return module_name if isinstance(module_name, Const) else UNKNOWN
    if name == "__code__":
        return CodeVal(func.node, _tree_of(runner, func.node))
    if name == "__qualname__":
        tree = _tree_of(runner, func.node)
        qualified = function_scopes.qualified_name(tree, func.node) if tree is not None else None
        return UNKNOWN if qualified is None else Const(qualified)
    if name == "__closure__":
        return _closure(runner, func)
    return MISSING


def _closure(runner: Runner, func: FuncVal) -> object:
    tree = _tree_of(runner, func.node)
    layout = function_scopes.closure(tree, func.node) if tree is not None else None
    if layout is None:
        return UNKNOWN
    scopes: list[Env] = []
    env: Env | None = func.closure
    while env is not None and env.parent is not None:
        scopes.append(env)
        env = env.parent
    if len(scopes) != layout.function_scopes:
        return UNKNOWN  # the model's scopes are not the compiler's (a class body's closure)
    if not layout.names:
        return Const(None)
    return tuple(CellVal(scopes[owner - 1], name)
                 for name, owner in zip(layout.names, layout.owners, strict=True))


def cell_attribute(cell: CellVal, name: str) -> object:
    if name != "cell_contents":
        return UNKNOWN
    value = cell.env.names.get(cell.name, MISSING)
    return UNKNOWN if value is MISSING else value  # an empty cell raises ValueError


def _parameters(node: ast.AST) -> list[str]:
    spec = node.args  # type: ignore[attr-defined]
    names = [p.arg for p in (*spec.posonlyargs, *spec.args, *spec.kwonlyargs)]
    return names + [p.arg for p in (spec.vararg, spec.kwarg) if p is not None]


def code_attribute(code: CodeVal, name: str) -> object:
    node, spec = code.node, code.node.args
    if name == "co_name":
        return Const(getattr(node, "name", "<lambda>"))
    if name == "co_argcount":
        return Const(len(spec.posonlyargs) + len(spec.args))
    if name == "co_posonlyargcount":
        return Const(len(spec.posonlyargs))
    if name == "co_kwonlyargcount":
        return Const(len(spec.kwonlyargs))
    if name == "co_firstlineno":
        decorators = getattr(node, "decorator_list", None)
        return Const(decorators[0].lineno if decorators else node.lineno)
    if code.tree is None:
        return UNKNOWN
    if name == "co_qualname":
        qualified = function_scopes.qualified_name(code.tree, node)
        return UNKNOWN if qualified is None else Const(qualified)
    if name == "co_freevars":
        layout = function_scopes.closure(code.tree, node)
        return UNKNOWN if layout is None else Const(layout.names)
    if name in ("co_varnames", "co_nlocals"):
        try:
            own = function_scopes.table(node)
        except function_scopes.Unmodelled:
            return UNKNOWN
        parameters = _parameters(node)
        if own.local - set(parameters) or any(
                isinstance(child, function_scopes.COMPREHENSIONS) for child in own.children):
            return UNKNOWN  # other locals: the compiler's order (3.12 inlines comprehensions)
        return Const(tuple(parameters)) if name == "co_varnames" else Const(len(parameters))
    return UNKNOWN


# ---- inspect ----------------------------------------------------------------------------

NAMES = frozenset({"inspect.getfullargspec", "inspect.getattr_static", "inspect.getdoc", "inspect.cleandoc",
                   "inspect.isfunction", "inspect.ismethod", "inspect.isclass",
                   "inspect.isgeneratorfunction", "inspect.iscoroutinefunction", "inspect.unwrap"})
MAX_UNWRAP = 100  # inspect.unwrap's own bound is sys.getrecursionlimit(); a chain this long is a cycle


def inspect_call(runner: Runner, name: str, args: list[object], kwargs: dict[str, object],
                 ctx: Ctx) -> object:
    """One of ``NAMES``; MISSING where the bridge's own answer stands (cleandoc of one
    string), UNKNOWN for a call not understood."""
    if name == "inspect.getattr_static":
        given = dict(zip(("obj", "attr", "default"), args, strict=False))
        if len(args) > 3 or set(kwargs) - {"default"} or set(kwargs) & set(given):
            return UNKNOWN
        given.update(kwargs)
        attr = given.get("attr", MISSING)
        if "obj" not in given or not (isinstance(attr, Const) and isinstance(attr.value, str)):
            return UNKNOWN
        return getattr_static(given["obj"], attr.value, given.get("default", MISSING))
    if len(args) != 1 or kwargs:
        return UNKNOWN
    (obj,) = args
    if name == "inspect.unwrap":
        return unwrap(obj)
    if is_model(obj) or (isinstance(obj, ObjVal) and is_model(obj.cls)):
        return UNKNOWN
    if name == "inspect.cleandoc":
        return cleandoc(obj) if isinstance(obj, OneOf) else MISSING
    if name == "inspect.getdoc":
        return getdoc(runner, obj, ctx)
    if name == "inspect.getfullargspec":
        return getfullargspec(obj)
    return _predicate(name, obj)


def unwrap(func: object) -> object:
    """``inspect.unwrap(f)``: the ``__wrapped__`` chain followed to its end (functools.wraps
    sets it); the program's functions only, whose ``__dict__`` the model holds whole."""
    for _ in range(MAX_UNWRAP):
        if not isinstance(func, FuncVal):
            return UNKNOWN
        inner = func.attrs.get("__wrapped__", MISSING)
        if inner is MISSING:
            return func
        func = inner
    return UNKNOWN  # a cycle: ValueError


def cleandoc(doc: object) -> object:
    """``inspect.cleandoc`` of a docstring: each spelling cleaned by the real function (the
    two a docstring has under Python 3.12 and 3.13 mostly clean to one text)."""
    forms = doc.forms if isinstance(doc, OneOf) else (doc,)
    if not all(isinstance(form, Const) and isinstance(form.value, str) for form in forms):
        return UNKNOWN
    return one_of([Const(inspect.cleandoc(form.value)) for form in forms])  # type: ignore[attr-defined]


def getdoc(runner: Runner, obj: object, ctx: Ctx) -> object:
    """``inspect.getdoc``: the object's docstring cleaned; with none, a class's first
    base's that has one, a function outside any class None; anything else unknown."""
    if isinstance(obj, ClassVal):
        for base in obj.mro():
            if isinstance(base, QualName) and base.name == "builtins.object":
                return Const(None)
            if not isinstance(base, ClassVal) or base.metaclass is not None or base.is_dataclass:
                return UNKNOWN  # (a dataclass or a record class gets a generated __doc__)
            doc = runner.attribute_named(base, "__doc__", ctx)
            if not (isinstance(doc, Const) and doc.value is None):
                return cleandoc(doc)
        return Const(None)
    if isinstance(obj, FuncVal) and "__doc__" not in obj.attrs:
        doc = runner.attribute_named(obj, "__doc__", ctx)
        if isinstance(doc, Const) and doc.value is None:
            tree = _tree_of(runner, obj.node)
            qualified = function_scopes.qualified_name(tree, obj.node) if tree is not None else None
            # _finddoc looks for a class along the qualified name: none there, no doc.
            if qualified is not None and obj.owner is None and obj.self_value is None \
                    and (qualified.count(".") == 0 or ".<locals>." in qualified):
                return Const(None)
            return UNKNOWN
        return cleandoc(doc)
    return UNKNOWN


def getattr_static(obj: object, name: str, default: object) -> object:
    """``inspect.getattr_static(obj, name[, default])`` of the program's instance, class or
    module; UNKNOWN where a class the analysis cannot see, a ``__slots__`` / ``__dict__``
    entry or a special name may answer, or nothing is found and no default was given."""
    if _is_dunder(name):
        return UNKNOWN  # type's and object's own slots: not modelled
    if isinstance(obj, ModuleVal):
        found = obj.env.names.get(name, MISSING)
        return found if found is not MISSING else UNKNOWN
    if isinstance(obj, ObjVal):
        if obj.payload is not None or obj.open_attrs or not _plain_classes(obj.cls):
            return UNKNOWN
        klass = _class_dict_lookup(obj.cls, name)
        instance = obj.attrs.get(name, MISSING)
        if instance is not MISSING and klass is not MISSING:
            kind = _data_descriptor(klass)
            if kind is None:
                return UNKNOWN  # a value the model cannot look into may be one
            if kind:
                return klass
        if instance is not MISSING:
            return instance
        if klass is not MISSING:
            return klass
        return default if default is not MISSING else UNKNOWN
    if isinstance(obj, ClassVal):
        if not _plain_classes(obj) or obj.metaclass is not None:
            return UNKNOWN  # a metaclass's dict is looked in next
        klass = _class_dict_lookup(obj, name)
        if klass is not MISSING:
            return klass
        if name == "mro":
            return UNKNOWN  # type's own
        return default if default is not MISSING else UNKNOWN
    return UNKNOWN


def _is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _plain_classes(cls: ClassVal) -> bool:
    """Every class of the MRO the program's own (or ``object``), none with a ``__dict__`` or
    ``__slots__`` entry, an Enum or a record class (whose dicts the model does not hold as
    Python's)."""
    for base in cls.mro():
        if isinstance(base, QualName) and base.name == "builtins.object":
            continue
        if not isinstance(base, ClassVal) or is_model(base) or base.is_dataclass \
                or base.enum_members is not None or "__slots__" in base.attrs or "__dict__" in base.attrs:
            return False
    return True


def _data_descriptor(value: object) -> bool | None:
    """Whether a class dict's value is a data descriptor as getattr_static asks it (its
    type has ``__get__`` and ``__set__`` or ``__delete__``); None where not known."""
    if isinstance(value, PropertyDef):
        return True
    if isinstance(value, (FuncVal, Const, tuple, ListVal, DictVal, ClassVal, StaticMethodVal,
                          ClassMethodVal)):
        return False
    if isinstance(value, ObjVal) and value.payload is None and _plain_classes(value.cls):
        hooks = [value.cls.lookup(hook) for hook in ("__get__", "__set__", "__delete__")]
        return hooks[0] is not MISSING and (hooks[1] is not MISSING or hooks[2] is not MISSING)
    return None


def _class_dict_lookup(cls: ClassVal, name: str) -> object:
    for base in cls.mro():
        if isinstance(base, ClassVal) and name in base.attrs:
            return base.attrs[name]
    return MISSING


def _predicate(name: str, obj: object) -> object:
    """``isfunction`` / ``ismethod`` / ``isclass`` / ``isgeneratorfunction`` /
    ``iscoroutinefunction`` of a value whose kind the model knows."""
    if isinstance(obj, FuncVal):
        node = obj.node
        if name == "inspect.isfunction":
            return Const(obj.self_value is None)
        if name == "inspect.ismethod":
            return Const(obj.self_value is not None)
        if name == "inspect.isclass":
            return Const(False)
        if "_is_coroutine_marker" in obj.attrs or "__wrapped__" in obj.attrs:
            return UNKNOWN  # inspect.markcoroutinefunction; functools.partial unwrapping
        generator = _yields(node)
        if name == "inspect.isgeneratorfunction":
            return Const(generator and not isinstance(node, ast.AsyncFunctionDef))
        return Const(isinstance(node, ast.AsyncFunctionDef) and not generator)
    if isinstance(obj, ClassVal):
        if name == "inspect.isclass":
            return Const(True)
        return Const(False) if obj.metaclass is None else UNKNOWN
    partial = isinstance(obj, PartialVal) and obj.func.__class__ is FuncVal
    if isinstance(obj, (Const, DictVal, tuple)) or partial:
        if partial and name in ("inspect.isgeneratorfunction", "inspect.iscoroutinefunction"):
            return UNKNOWN  # these unwrap a partial
        return Const(False)
    return UNKNOWN


def _yields(node: ast.AST) -> bool:
    """Whether the function's own body (not a nested scope's) holds a ``yield``."""
    pending = [node.body] if isinstance(node, ast.Lambda) else list(node.body)  # type: ignore[attr-defined]
    while pending:
        part = pending.pop()
        if isinstance(part, (ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(part, function_scopes.SCOPES):
            if isinstance(part, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                pending.extend(getattr(part, "decorator_list", ()))
                if not isinstance(part, ast.ClassDef):
                    spec = part.args
                    pending.extend([*spec.defaults, *(d for d in spec.kw_defaults if d is not None)])
                else:
                    pending.extend([*part.bases, *(k.value for k in part.keywords)])
            else:
                pending.append(part.generators[0].iter)  # type: ignore[attr-defined]
            continue
        pending.extend(ast.iter_child_nodes(part))
    return False


def getfullargspec(func: object) -> object:
    """``inspect.getfullargspec`` of the program's function (a bound method's first
    parameter kept, as inspect does): a real ``FullArgSpec`` whose defaults are the
    program's values, carried through untouched; annotations ``{}`` without any, else
    unknown; UNKNOWN for anything else (a class, a partial, a library callable)."""
    if not isinstance(func, FuncVal) or "__signature__" in func.attrs:
        return UNKNOWN
    node, spec = func.node, func.node.args
    if func.defaults is None and (spec.defaults or any(d is not None for d in spec.kw_defaults)):
        return UNKNOWN
    defaults = func.defaults or {}
    positional = [*spec.posonlyargs, *spec.args]
    with_default = positional[len(positional) - len(spec.defaults):] if spec.defaults else []
    default_values = tuple(Opaque(defaults.get(p.arg, UNKNOWN)) for p in with_default) or None
    kwonly = {p.arg: Opaque(defaults.get(p.arg, UNKNOWN))
              for p, d in zip(spec.kwonlyargs, spec.kw_defaults, strict=True) if d is not None} or None
    annotated = any(p.annotation is not None for p in (*positional, *spec.kwonlyargs, spec.vararg, spec.kwarg)
                    if p is not None) or getattr(node, "returns", None) is not None
    made = inspect.FullArgSpec(
        [p.arg for p in positional], spec.vararg.arg if spec.vararg else None,
        spec.kwarg.arg if spec.kwarg else None, default_values, [p.arg for p in spec.kwonlyargs], kwonly,
        Opaque(UNKNOWN) if annotated else {})
    EXTRA_KEPT.add(inspect.FullArgSpec)
    return Conversion(None).to_abstract(made)

