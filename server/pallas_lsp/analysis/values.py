"""Abstract values: what the interpreter knows about a Python expression.

Anything the analysis cannot pin down is ``UNKNOWN``; rules stay silent on it.
Heavy values (functions, kernels, objects) compare by identity.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from .model import Span


class _Unknown:
    _instance: _Unknown | None = None

    def __new__(cls) -> _Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self) -> bool:
        return False


UNKNOWN: Any = _Unknown()


@dataclass(frozen=True)
class Const:
    """A Python constant: str, int, float, bool, None, or a tuple of constants."""

    value: object
    # Where the value was written, for messages ("AXIS, defined at line 8").
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class QualName:
    """A module or an attribute of one, e.g. ``plgpu.multimem_store``, canonicalised."""

    name: str


@dataclass(frozen=True)
class MeshVal:
    axes: tuple[str, ...]
    span: Span
    # "Mesh", "make_mesh" or "AbstractMesh": AbstractMesh stops working in shard_map on 0.12.
    kind: str = "Mesh"


@dataclass(frozen=True)
class LayoutVal:
    name: str  # WG_SPLAT, WG_STRIDED, WGMMA, ...
    span: Span
    shape: object = UNKNOWN  # Const tuple or UNKNOWN
    vec_size: object = UNKNOWN  # int, None (not given) or UNKNOWN
    shape_node: ast.expr | None = field(default=None, compare=False)


@dataclass(frozen=True)
class SemanticsVal:
    name: str  # "Lane" or "Warpgroup"


@dataclass(frozen=True)
class CompilerParamsVal:
    # SemanticsVal, None when not given, or UNKNOWN.
    semantics: object
    span: Span
    node: ast.Call | None = field(default=None, compare=False)


@dataclass(frozen=True)
class DtypeVal:
    name: str  # canonical numpy name: float32, bfloat16, int8, ...


@dataclass(eq=False)
class MulticastRefVal:
    """``plgpu.multicast_ref(ref, collective_axes)``: a copy into it is a multicast copy."""

    collective_axes: object
    axes_node: ast.expr | None
    node: ast.Call


@dataclass(frozen=True)
class ArrayVal:
    """An array made on the host (jnp.ones(shape, dtype) ...), passed into a launch."""

    shape: object  # Const tuple or UNKNOWN
    dtype: object  # DtypeVal or UNKNOWN


@dataclass(frozen=True)
class ShapeDtypeVal:
    shape: object  # Const tuple or UNKNOWN
    dtype: object  # DtypeVal or UNKNOWN


@dataclass(eq=False)
class Env:
    """A scope: names to values, with the enclosing scope for closures."""

    names: dict[str, object]
    parent: Env | None = None

    def find_scope(self, name: str) -> Env | None:
        env: Env | None = self
        while env is not None:
            if name in env.names:
                return env
            env = env.parent
        return None


@dataclass(eq=False)
class ModuleVal:
    """A module of the analysed folder, imported by another: its executed scope."""

    name: str
    env: Env


@dataclass(eq=False)
class FuncVal:
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    closure: Env
    self_value: object = None  # the instance a method is bound to


@dataclass(eq=False)
class PartialVal:
    func: object
    args: tuple[object, ...]
    kwargs: dict[str, object]


@dataclass(eq=False)
class ClassVal:
    node: ast.ClassDef
    attrs: dict[str, object]
    is_dataclass: bool = False


@dataclass(eq=False)
class ObjVal:
    cls: ClassVal
    attrs: dict[str, object]

    def get(self, name: str) -> object:
        if name in self.attrs:
            return self.attrs[name]
        value = self.cls.attrs.get(name, UNKNOWN)
        if isinstance(value, FuncVal) and isinstance(value.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return FuncVal(value.node, value.closure, self_value=self)
        return value


@dataclass(eq=False)
class KernelInfo:
    """A Mosaic GPU kernel: the result of ``plgpu.kernel`` or a Mosaic GPU ``pallas_call``."""

    body: object  # FuncVal, PartialVal of one, or UNKNOWN
    node: ast.Call | ast.FunctionDef
    api: str  # "kernel" or "pallas_call"
    semantics: object  # SemanticsVal, None (version default) or UNKNOWN
    compiler_params: CompilerParamsVal | None
    # Names bound inside the kernel besides mesh axes (grid_names, cluster_names,
    # thread_name); UNKNOWN when they cannot be evaluated.
    bound_names: object
    out_types: object  # tuple of ShapeDtypeVal/UNKNOWN, or UNKNOWN
    n_scratch: object  # int or UNKNOWN


@dataclass(eq=False)
class KernelVal:
    info: KernelInfo


@dataclass(eq=False)
class WrappedVal:
    """``jax.jit(f)`` or ``jax.shard_map(f, mesh=...)``: calling it calls ``inner``."""

    kind: str  # "jit" or "shard_map"
    inner: object
    node: ast.AST
    mesh: object = None  # shard_map: MeshVal, UNKNOWN, or MISSING when no mesh= was given
    manual_axes: object = None  # shard_map(axis_names=...): tuple, None when absent, UNKNOWN


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def const_strings(value: object) -> tuple[str, ...] | None:
    """A tuple of axis names from a Const string/tuple/list of strings, else None."""
    if not isinstance(value, Const):
        return None
    raw = value.value
    if isinstance(raw, str):
        return (raw,)
    if isinstance(raw, tuple) and all(isinstance(item, str) for item in raw):
        return raw  # type: ignore[return-value]
    return None


def fingerprint(value: object) -> object:
    """A hashable key standing for ``value`` in memo tables."""
    if isinstance(value, (Const, QualName, MeshVal, SemanticsVal, DtypeVal, LayoutVal, ArrayVal)):
        return value
    if isinstance(value, tuple):
        return tuple(fingerprint(item) for item in value)
    if value is UNKNOWN or value is None:
        return value
    return id(value)
