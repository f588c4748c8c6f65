"""The API surface of an installed JAX the shipped data does not cover, read statically.

A nightly, a fork or a patched install: its signatures are read from its sources with
``ast`` through ``Options.library`` (the installed modules the analysis already follows),
never by importing JAX. A name is followed through ``from x import y`` re-exports and plain
``a = b`` aliases to the ``def`` or ``class`` that defines it; a class's parameters are
its ``__init__``'s, or its annotated fields when it is a dataclass. Anything else (a name
built at run time, a decorator that changes the signature) is not known, so the rule
stays silent about it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .api_surface import Param, Surface, data_release, shipped
from .model import ModuleLibrary
from .versions import JaxVersion, parse_jax_version

MAX_HOPS = 8  # re-exports followed for one name


@dataclass(frozen=True)
class _Reexport:
    """``from module import name`` (or ``x = name``): the binding to follow."""

    module: str
    name: str


def installed_version(library: ModuleLibrary) -> JaxVersion | None:
    """The release the installed ``jax/version.py`` names (``_version = "0.13.0"``)."""
    found = library.source("jax.version")
    if found is None:
        return None
    for node in found[1].body:
        target = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        if (isinstance(target, ast.Name) and target.id == "_version"
                and isinstance(value, ast.Constant) and isinstance(value.value, str)):
            try:
                return parse_jax_version(value.value)
            except ValueError:
                return None
    return None


class InstalledSurface:
    """``Surface.params`` / ``has_name`` answered from installed sources (cached)."""

    source = "installed sources"

    def __init__(self, library: ModuleLibrary, version: JaxVersion) -> None:
        self.library = library
        self.version = version
        self._cache: dict[tuple[str, str], tuple[Param, ...] | None] = {}

    def params(self, canonical_name: str, spelled: str = "") -> tuple[Param, ...] | None:
        from .api_surface import AMBIGUOUS, module_of

        found = module_of(spelled or canonical_name)
        if found is None or (not spelled and canonical_name in AMBIGUOUS):
            return None
        if found not in self._cache:
            self._cache[found] = self._resolve(*found)
        return self._cache[found]

    def has_name(self, module: str, attr: str) -> bool | None:
        return None  # a module's names may be built at run time: not judged statically

    def removal_note(self, module: str, attr: str) -> str | None:
        return None

    def _resolve(self, module: str, attr: str) -> tuple[Param, ...] | None:
        for _ in range(MAX_HOPS):
            found = self.library.source(module)
            if found is None:
                return None
            step = _binding(found[1], attr, module, found[0].endswith("__init__.py"))
            if step is None:
                return None
            if isinstance(step, _Reexport):
                module, attr = step.module, step.name
                continue
            return step
        return None


def _binding(tree: ast.Module, attr: str, module: str,
             is_package: bool) -> tuple[Param, ...] | _Reexport | None:
    """What the module binds ``attr`` to: its parameters, the (module, name) it re-exports,
    or None when that cannot be read. The last binding at module level wins."""
    result: tuple[Param, ...] | _Reexport | None = None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == attr:
            result = _function_params(node.args, skip_self=False)
        elif isinstance(node, ast.ClassDef) and node.name == attr:
            result = _class_params(node)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (alias.asname or alias.name) == attr:
                    result = _Reexport(_absolute(node, module, is_package), alias.name)
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == attr for t in node.targets):
            result = _Reexport(module, node.value.id) if isinstance(node.value, ast.Name) and (
                node.value.id != attr) else None
    return result


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, *([node.module] if node.module else [])])


def _function_params(args: ast.arguments, *, skip_self: bool) -> tuple[Param, ...]:
    params: list[Param] = []
    positional = [*args.posonlyargs, *args.args]
    defaults_from = len(positional) - len(args.defaults)
    for index, arg in enumerate(positional):
        kind = "P" if index < len(args.posonlyargs) else "PK"
        params.append(Param(arg.arg, kind, index >= defaults_from))
    if args.vararg is not None:
        params.append(Param(args.vararg.arg, "VP", False))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        params.append(Param(arg.arg, "KO", default is not None))
    if args.kwarg is not None:
        params.append(Param(args.kwarg.arg, "VK", False))
    return tuple(params[1:] if skip_self and params else params)


def _class_params(node: ast.ClassDef) -> tuple[Param, ...] | None:
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and item.name == "__init__":
            return _function_params(item.args, skip_self=True)
    if not any("dataclass" in ast.unparse(d) for d in node.decorator_list) or node.bases:
        return None  # an inherited __init__, or __new__ / a metaclass: not read
    fields = [item for item in node.body
              if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
              and "ClassVar" not in ast.unparse(item.annotation)]
    return tuple(Param(f.target.id, "PK", f.value is not None)  # type: ignore[union-attr]
                 for f in fields)


def surface_for(version: JaxVersion, library: ModuleLibrary | None
                ) -> Surface | InstalledSurface | None:
    """The shipped data of ``version``; else the installed sources when they are that
    release; else None (the rule then judges nothing by signature)."""
    data = shipped(version)
    if data is not None:
        return data
    if library is None:
        return None
    installed = installed_version(library)
    if installed is None or data_release(installed) is not None or (
            (*installed, 0, 0, 0)[:4] != (*version, 0, 0, 0)[:4]):
        return None
    return InstalledSurface(library, installed)


# out_shape= / scratch_shapes= became out_type= / scratch_types= in 0.10.2: PAL009 judges
# either spelling against the release, so neither counts as a keyword plgpu.kernel lacks.
KERNEL_RENAMED_KEYWORDS = frozenset({"out_shape", "out_type", "scratch_shapes", "scratch_types"})


def kernel_keywords(surface: Surface | InstalledSurface | None) -> frozenset[str] | None:
    """The keywords ``plgpu.kernel`` accepts on a release: its own, ``plgpu.Mesh``'s (it
    passes the ones it does not name to the Mesh, ``**mesh_kwargs``) and both spellings of
    the renamed ones; None where the release's signatures are not known."""
    if surface is None:
        return None
    kernel, mesh = surface.params("plgpu.kernel"), surface.params("plgpu.Mesh")
    if kernel is None or mesh is None:
        return None
    named = {p.name for p in (*kernel, *mesh) if p.kind in ("PK", "KO")}
    return frozenset(named | KERNEL_RENAMED_KEYWORDS)
