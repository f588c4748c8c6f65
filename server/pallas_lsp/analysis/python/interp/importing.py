"""The interpreter's modules: imports of the folder's and installed modules (run once, as
an import does), relative imports, ``importlib``, the library classes written in Python
(python/source_models.py), ``mock.patch`` contexts, and which file a node lies in."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import PurePath

from ... import names
from ...model import Span
from ...trace import (
    Ctx,
    LibrarySite,
    PatchContext,
    SourceModule,
)
from ...values import (
    MISSING,
    UNKNOWN,
    Const,
    Env,
    ModuleVal,
    ObjVal,
    QualName,
)
from .. import (
    modules,
    source_models,
    stdlib_followed,
)
from .support import (
    _MODELLED_HEADS,
    MAX_LIBRARY_MODULES,
    _node_ids,
)


class ModulesMixin:
    """Modules of ``Interpreter`` (analysis/interpreter.py)."""

    def import_module_named(self, name: str, ctx: Ctx) -> Env | None:
        """Run a module of the folder (or a followed installed one) by name, its packages first."""
        if self.find_module(name) is None:
            return None
        parts = name.split(".")
        for end in range(1, len(parts)):
            if self.find_module(".".join(parts[:end])) is not None:
                self.run_module(".".join(parts[:end]), ctx)
        return self.run_module(name, ctx)

    def patched(self, ctx: Ctx, patch: PatchContext) -> Ctx:
        """The context inside `with mock.patch.object(target, "name", new):`. A library
        module's attribute is patched on the module object it names (`ops_module.plgpu` is
        the plgpu module itself, so `plgpu.kernel` is replaced everywhere, JAX's own
        collectives included). A target the analysis cannot name is not followed (as
        before patches were modelled)."""
        target = patch.target
        if isinstance(target, QualName):
            head, _, last = target.name.rpartition(".")
            module = next((env for name, env in self.module_envs.items()
                           if names.canonical(name) == head), None)
            bound = module.names.get(last) if module is not None else None
            if isinstance(bound, QualName):
                target = bound
        if not (isinstance(target, QualName) and isinstance(patch.name, Const)
                and isinstance(patch.name.value, str)):
            return ctx
        name = names.attribute(target, patch.name.value).name
        return replace(ctx, patches=(*ctx.patches, (name, patch.new)))

    # ---- modules of the analysed folder ---------------------------------------------------

    def span(self, node: ast.AST) -> Span:
        return Span.of(node, self.path_of(node))

    def path_of(self, node: ast.AST) -> str | None:
        """The file of a node of an imported module; None for the analysed file's nodes."""
        key = id(node)
        for path, ids in self._module_nodes:
            if key in ids:
                return path
        return None

    def find_module(self, name: str) -> SourceModule | None:
        """A module of the folder, else an installed one the library gives (once per run)."""
        module = self.modules.get(name)
        if module is not None or self.library is None or not name:
            return module
        if name in self.library_modules:
            return self.library_modules[name]
        found = None
        head = names.canonical(name).split(".")[0]
        followed = head not in _MODELLED_HEADS or names.canonical(name).startswith("pl.ops")
        if stdlib_followed.followed(name):
            # A module of the standard library run from its own source (python/stdlib_followed.py):
            # found there before any installed package, as Python's path puts the library first.
            ask = getattr(self.library, "stdlib_source", None)
            located = ask(name) if ask is not None else None
            if located is not None:
                found = SourceModule(name, located[0], located[1])
                self.library_paths.add(found.path)
        elif followed and len(self.library_paths) < MAX_LIBRARY_MODULES:
            located = self.library.source(name)
            if located is not None:
                found = SourceModule(name, located[0], located[1])
                self.library_paths.add(found.path)
        self.library_modules[name] = found
        return found

    def in_library(self, node: ast.AST) -> bool:
        return bool(self.library_paths) and self.path_of(node) in self.library_paths

    def library_site(self, node: ast.AST, ctx: Ctx | None = None) -> None:
        """Remember which call of the analysed program reached ``node`` in library code
        (its innermost call into the library), with the outermost jitted call and the
        launch when ``node`` is a kernel op: JAX's traceback blames one or the other."""
        if not self.in_library(node):
            return
        entry = next((call for call in reversed(self._call_sites) if not self.in_library(call)), None)
        if entry is None:
            return
        jit_call = ctx.jit_call if ctx is not None else None
        site = LibrarySite(entry, jit_call if jit_call is not None and not self.in_library(jit_call)
                           else None, ctx.launch if ctx is not None else None)
        sites = self.library_sites.setdefault(id(node), (node, []))[1]
        if site not in sites:
            sites.append(site)

    def run_module(self, name: str, ctx: Ctx) -> Env | None:
        """Execute a folder module once, as an import does (``__name__`` is not "__main__")."""
        if name in self.module_envs:
            return self.module_envs[name]
        module = self.find_module(name)
        if module is None or module.path == self.path:
            return None
        env = Env({"__name__": Const(name)})
        self.module_envs[name] = env  # a circular import sees the partial module, as in Python
        self._module_nodes.append((module.path, _node_ids(module.tree)))
        self.exec_body(module.tree.body, env, Ctx())
        for modelled in stdlib_followed.MODELLED:
            if modelled.rpartition(".")[0] == name:
                env.names.setdefault(modelled.rpartition(".")[2], QualName(modelled))
        parent, _, last = name.rpartition(".")
        if parent and parent in self.module_envs:
            self.module_envs[parent].names.setdefault(last, ModuleVal(name, env))
        return env

    def module_absent(self, name: str) -> bool:
        """Whether importing ``name`` surely raises ModuleNotFoundError: no module of the
        folder nor any installed one has its top-level name, and the library face knows the
        program's interpreter finds it nowhere (``ModuleLibrary.absent``: its search path is
        exhaustive and nothing on it, nor beside the script, bears the name). Without a
        library that can say so, or a file on disk, never."""
        top = name.partition(".")[0]
        ask = getattr(self.library, "absent", None)
        if ask is None or self.script is None or not top \
                or names.canonical(top).split(".")[0] in _MODELLED_HEADS:
            return False  # (JAX and numpy, which the analysis models, are taken as there)
        if top not in self.absent_modules:
            self.absent_modules[top] = not (
                any(known == top or known.startswith(top + ".") for known in self.modules)
                or self.find_module(top) is not None) and bool(ask(top, self.script))
        return self.absent_modules[top]

    def import_workspace(self, stmt: ast.Import | ast.ImportFrom, env: Env, ctx: Ctx) -> None:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if self.find_module(alias.name) is None and self.module_absent(alias.name):
                    # Python raises here; a handler that surely catches it runs (the names
                    # after it are not bound), else the analysis goes on as before.
                    self.raise_exception(ModuleNotFoundError)
                    return
                if self.find_module(alias.name) is not None:
                    module_env = self.import_module_named(alias.name, ctx)
                    if module_env is None:
                        continue
                    if alias.asname or "." not in alias.name:
                        env.names[alias.asname or alias.name] = ModuleVal(alias.name, module_env)
                    else:
                        # `import pkg.sub` binds `pkg`, whose `sub` is the submodule (set by the import).
                        top = alias.name.split(".")[0]
                        top_env = self.module_envs.get(top)
                        if top_env is not None:
                            env.names[top] = ModuleVal(top, top_env)
            return
        base = self._resolve_from(stmt)
        if base is None:
            return
        if not stmt.level and self.find_module(base) is None and self.module_absent(base):
            self.raise_exception(ModuleNotFoundError)
            return
        module_env = self.run_module(base, ctx) if self.find_module(base) is not None else None
        for alias in stmt.names:
            local = alias.asname or alias.name
            submodule = f"{base}.{alias.name}" if base else alias.name
            if self.find_module(submodule) is not None:
                sub_env = self.run_module(submodule, ctx)
                if sub_env is not None:
                    env.names[local] = ModuleVal(submodule, sub_env)
            elif module_env is not None and alias.name in module_env.names:
                env.names[local] = module_env.names[alias.name]
            elif module_env is not None and alias.name != "*":
                # A name the module lacks: its PEP 562 __getattr__, if it has one.
                lazy = modules.module_attribute(self, ModuleVal(base, module_env), alias.name, ctx)
                if lazy is not UNKNOWN and lazy is not MISSING:
                    env.names[local] = lazy

    def _resolve_from(self, stmt: ast.ImportFrom) -> str | None:
        if not stmt.level:
            return stmt.module
        current = self._current_path(stmt)
        known = [*self.modules.values(), *(m for m in self.library_modules.values() if m is not None)]
        here = next((m for m in known if m.path == current), None)
        if here is None:
            return None
        # Level 1 is the package the module is in: a package's own __init__ is that package.
        is_package = PurePath(here.path).stem == "__init__"
        package = here.name.split(".") if is_package else here.name.split(".")[:-1]
        if stmt.level - 1 > len(package):
            return None  # beyond the top-level package: Python raises ImportError
        parts = package[: len(package) - (stmt.level - 1)]
        if stmt.module:
            parts.append(stmt.module)
        return ".".join(parts)

    def _current_path(self, node: ast.AST) -> str | None:
        return self.path_of(node) or self.path

    def library_model(self, value: QualName) -> object:
        """A library class written in Python (python/source_models.py) as the class its
        source defines, run in this interpreter the first time the program names one."""
        return self._library_class(value, source_models.CLASSES.get(value.name))

    def library_base(self, value: object) -> object:
        """A base of a ``class`` statement: a ``collections.abc`` ABC as the model class whose
        mixin methods the subclass inherits (python/source_models.py BASES)."""
        if value.__class__ is not QualName:
            return value
        return self._library_class(value, source_models.BASES.get(value.name))  # type: ignore[arg-type]

    def derives_from_library(self, value: object, model: str) -> bool:
        """Whether ``value`` is an instance of a class deriving from the model class
        ``model`` of python/source_models.py (``Sequence``: what Python matches as a sequence)."""
        if not isinstance(value, ObjVal) or value.payload is not None or self._library_models is None:
            return False
        found = self._library_models.names.get(model)
        return found is not None and any(cls is found for cls in value.cls.mro())

    def model_function(self, name: str) -> object:
        """A function of python/source_models.py by its name there (what the interpreter
        itself calls: contextvars' ``_enter_copy`` around an asyncio driver's run)."""
        self._library_class(QualName(name), name)
        return self._library_models.names.get(name, UNKNOWN) if self._library_models is not None else UNKNOWN

    def _library_class(self, value: QualName, model: str | None) -> object:
        if model is None:
            return value
        if self._library_models is None:
            self._library_models = Env({"__name__": Const("collections")})
            self._module_nodes.append((source_models.PATH, source_models.node_ids()))
            self.exec_body(source_models.tree().body, self._library_models, Ctx())
        return self._library_models.names.get(model, value)
