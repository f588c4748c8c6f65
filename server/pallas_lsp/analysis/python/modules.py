"""Module semantics: attributes of a module (PEP 562's module ``__getattr__``), and
``importlib.import_module`` of a name the program can name.

A module is its executed scope. ``mod.name`` reads that scope; a name it lacks goes to the
module's own ``__getattr__`` when it defines one (a package's lazy submodules and
deprecated aliases), as Python does; otherwise it is unknown. ``importlib.import_module``
of a known string is the import statement written out: a module of the analysed folder
(or an installed one the run follows) is run and handed back, a relative name is resolved
against ``package=``, any other name is the library module of that name.
"""

from __future__ import annotations

from typing import Protocol

from .. import names
from ..trace import Ctx
from ..values import MISSING, UNKNOWN, Const, Env, FuncVal, ModuleVal, QualName, unpack


class Importer(Protocol):
    """What module semantics need of the interpreter."""

    def call_value(self, func: object, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object: ...

    def import_module_named(self, name: str, ctx: Ctx) -> Env | None: ...


def module_attribute(importer: Importer, module: ModuleVal, attr: str, ctx: Ctx) -> object:
    if attr in module.env.names:
        return module.env.names[attr]
    if attr == "__dict__":
        return MISSING  # introspection's vars() view answers it
    hook = module.env.names.get("__getattr__")
    if isinstance(hook, FuncVal):
        return importer.call_value(hook, [Const(attr)], {}, ctx)
    return UNKNOWN


def dunder_import(importer: Importer, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object:
    """``__import__(name, globals=None, locals=None, fromlist=(), level=0)``, absolute: with a
    fromlist it returns the named module itself, without one the top-level package (what
    ``import a.b`` binds). A relative level or a fromlist not known stays unknown."""
    name = args[0] if args else kwargs.get("name", MISSING)
    fromlist = args[3] if len(args) > 3 else kwargs.get("fromlist", Const(()))
    level = args[4] if len(args) > 4 else kwargs.get("level", Const(0))
    if not (isinstance(name, Const) and isinstance(name.value, str) and name.value
            and not name.value.startswith(".") and isinstance(level, Const) and level.value == 0):
        return UNKNOWN
    items = unpack(fromlist)
    if items is None:
        return UNKNOWN
    dotted = name.value if items else name.value.split(".")[0]
    return import_module(importer, [Const(dotted)], {}, ctx)


def import_module(importer: Importer, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object:
    """``importlib.import_module(name, package=None)``."""
    name = args[0] if args else kwargs.get("name", MISSING)
    package = args[1] if len(args) > 1 else kwargs.get("package", Const(None))
    if not (isinstance(name, Const) and isinstance(name.value, str) and name.value.strip(".")):
        return UNKNOWN
    dotted = name.value
    if dotted.startswith("."):
        if not (isinstance(package, Const) and isinstance(package.value, str)):
            return UNKNOWN  # Python raises: a relative name needs its package
        level = len(dotted) - len(dotted.lstrip("."))
        parts = package.value.split(".")
        if level > len(parts):
            return UNKNOWN
        base = parts[: len(parts) - level + 1]
        dotted = ".".join([*base, dotted.lstrip(".")])
    env = importer.import_module_named(dotted, ctx)
    if env is not None:
        return ModuleVal(dotted, env)
    return QualName(names.canonical(dotted))
