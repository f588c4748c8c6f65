"""What a run records about axis-name strings: where each name is defined and used.

The interpreter calls ``AxisTrace.observe`` after every JAX call it models; this
module notes the calls that define axis names (a mesh's ``axis_names``, a
kernel's ``grid_names`` / ``cluster_names`` / ``thread_name``, a
``plgpu.WarpMesh(axis_name=…)``) and the calls that use them (``collective_axes``,
``lax.axis_index`` and the psum family, ``PartitionSpec`` entries of a
``shard_map``'s specs, its ``axis_names``, ``plgpu.nd_loop(collective_axes=…)``),
together with the context that ties a use to a definition: the launch the call ran
under, or the mesh of the ``shard_map``. Which string literal each name came from
travels with the value (``Const.origins``), so a name that reaches a call through
variables, parameters or ``mesh.axis_names`` still points at the literal that wrote
it. ``axis_symbols`` turns the record into symbols.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from .trace import Launch
from .values import MISSING, Const, KernelInfo, KernelVal, MeshVal, SpecVal, WrappedVal

MESH_MAKERS = frozenset({"jax.sharding.Mesh", "jax.make_mesh", "jax.sharding.AbstractMesh",
                         "jax._src.test_util.create_mesh"})
SPEC_MAKERS = frozenset({"jax.sharding.PartitionSpec", "jax.P"})
# Host-side collectives of a shard_map body: (parameter, position) of their axis name.
HOST_AXIS_CALLS: dict[str, tuple[str, int]] = {
    "lax.psum": ("axis_name", 1), "lax.pmean": ("axis_name", 1), "lax.pmax": ("axis_name", 1),
    "lax.pmin": ("axis_name", 1), "lax.all_gather": ("axis_name", 1),
    "lax.psum_scatter": ("axis_name", 1), "lax.ppermute": ("axis_name", 1),
    "lax.all_to_all": ("axis_name", 1), "lax.axis_index": ("axis_name", 0),
    "lax.axis_size": ("axis_name", 0),
}
# Kernel-body calls and the parameter that names axes (keyword, position).
KERNEL_AXIS_CALLS: dict[str, tuple[str, int | None]] = {
    "plgpu.multimem_store": ("collective_axes", 2),
    "plgpu.multimem_load_reduce": ("collective_axes", None),
    "plgpu.semaphore_signal_multicast": ("collective_axes", None),
    "plgpu.multicast_ref": ("collective_axes", 1),
    "plgpu.nd_loop": ("collective_axes", None),
    "lax.axis_index": ("axis_name", 0),
    "lax.axis_size": ("axis_name", 0),
}


class _SpelledByLetters:
    """The origin of a name JAX read as one letter of a multimem op's string."""

    def __repr__(self) -> str:
        return "SPELLED_BY_LETTERS"


SPELLED_BY_LETTERS = _SpelledByLetters()


# The name of a use whose value the analysis cannot read: it may be any axis there.
UNKNOWN_NAME = None


@dataclass(frozen=True)
class NamedString:
    """One axis name of a value and where it came from (see ``Const.origins``)."""

    name: str
    origin: object  # ast.Constant, MeshVal, or None


@dataclass(eq=False)
class AxisDef:
    """A name a mesh, a kernel or a WarpMesh binds."""

    name: str
    literal: ast.Constant | None
    role: str  # "mesh axis", "grid name", "cluster name", "thread name", "WarpMesh axis"
    owner: ast.AST  # the Mesh(...) / kernel(...) / WarpMesh(...) call
    size: int | None = None
    derived_from: MeshVal | None = None  # Mesh(devices, other.axis_names)


@dataclass(eq=False)
class AxisUse:
    """A name read by a JAX call, with the context that says which definitions it means."""

    name: str | None  # UNKNOWN_NAME (None): a value the analysis cannot read
    origin: object  # ast.Constant, MeshVal, SPELLED_BY_LETTERS, or None (built at run time)
    role: str  # "collective_axes", "axis_name", "PartitionSpec", "shard_map axis_names"
    site: ast.Call
    launch: Launch | None = None
    mesh: object = None  # the shard_map's mesh (MeshVal) for host-side uses
    names_open: bool = False
    # The whole collective_axes of a multimem op, given as a one-letter string: JAX reads
    # set(value), so a longer name must be written as a one-element tuple there.
    read_as_letters: bool = False


@dataclass
class AxisTrace:
    mesh_defs: dict[MeshVal, list[AxisDef]] = field(default_factory=dict)
    kernel_defs: dict[int, list[AxisDef]] = field(default_factory=dict)  # id(KernelInfo)
    warp_defs: dict[int, list[AxisDef]] = field(default_factory=dict)  # id(Launch)
    uses: list[AxisUse] = field(default_factory=list)
    # Where a multimem op was given a multi-letter string: (literal, the letters JAX compares).
    split_strings: list[tuple[ast.Constant, tuple[str, ...]]] = field(default_factory=list)
    # Shard_map calls and the mesh their body runs under (for completion in their specs).
    shard_maps: list[tuple[ast.Call, MeshVal]] = field(default_factory=list)

    def observe(self, name: str, args: list[object], kwargs: dict[str, object], node: ast.Call,
                arg_nodes: list[ast.expr], ctx_launch: Launch | None, ctx_manual: object,
                ctx_ambient: object, names_open: bool, result: object) -> None:
        def arg(position: int | None, keyword: str) -> object:
            if keyword in kwargs:
                return kwargs[keyword]
            if position is not None and position < len(args):
                return args[position]
            return MISSING

        if name in MESH_MAKERS and isinstance(result, MeshVal):
            self._mesh(result, arg(1, "axis_names"), node)
        elif isinstance(result, KernelVal):
            self._kernel(result.info, kwargs, node)
        elif name == "plgpu.WarpMesh" and ctx_launch is not None:
            for item in named_strings(arg(None, "axis_name")) or ():
                self.warp_defs.setdefault(id(ctx_launch), []).append(
                    AxisDef(item.name, _literal(item.origin), "WarpMesh axis", node))
        elif name == "jax.shard_map" and isinstance(result, WrappedVal):
            mesh = result.mesh if result.mesh is not MISSING else ctx_ambient
            if isinstance(mesh, MeshVal):
                self.shard_maps.append((node, mesh))
            for keyword in ("in_specs", "out_specs"):
                items = spec_strings(kwargs.get(keyword, MISSING))
                if items is None:
                    self.uses.append(AxisUse(UNKNOWN_NAME, None, keyword, node, mesh=mesh))
                for item in items or ():
                    self.uses.append(AxisUse(item.name, item.origin, "PartitionSpec", node, mesh=mesh))
            self._names(kwargs.get("axis_names", MISSING), "shard_map axis_names", node, mesh=mesh)
        elif ctx_launch is not None and name in KERNEL_AXIS_CALLS:
            keyword, position = KERNEL_AXIS_CALLS[name]
            value = arg(position, keyword)
            splits = name in ("plgpu.multimem_store", "plgpu.multimem_load_reduce")
            if splits and isinstance(value, Const) and isinstance(value.value, str) and len(value.value) > 1:
                # JAX reads the letters as the names (jax-facts.md): each letter is a use
                # that no literal spells alone, so a rename of that axis cannot rewrite it.
                literal = _literal((value.origins or (None,))[0])
                if literal is not None:
                    self.split_strings.append((literal, tuple(sorted(set(value.value)))))
                for letter in sorted(set(value.value)):
                    self.uses.append(AxisUse(letter, SPELLED_BY_LETTERS, keyword, node, launch=ctx_launch,
                                             names_open=names_open))
                return
            whole_string = splits and isinstance(value, Const) and isinstance(value.value, str)
            self._names(value, keyword, node, launch=ctx_launch, names_open=names_open,
                        read_as_letters=whole_string)
        elif ctx_launch is None and name in HOST_AXIS_CALLS and isinstance(ctx_manual, MeshVal):
            keyword, position = HOST_AXIS_CALLS[name]
            self._names(arg(position, keyword), keyword, node, mesh=ctx_manual)

    def _names(self, value: object, role: str, node: ast.Call, **context: Any) -> None:
        """Record the names ``value`` holds; a value the analysis cannot read (built at run
        time) is one use of UNKNOWN_NAME: it may mean any axis of its context."""
        if value is MISSING or (isinstance(value, Const) and value.value is None):
            return
        items = named_strings(value)
        if items is None:
            self.uses.append(AxisUse(UNKNOWN_NAME, None, role, node, **context))
            return
        for item in items:
            self.uses.append(AxisUse(item.name, item.origin, role, node, **context))

    def _mesh(self, mesh: MeshVal, names_value: object, node: ast.Call) -> None:
        items = named_strings(names_value)
        if items is None and names_value is MISSING:
            return  # AbstractMesh's older ((name, size), ...) form: no literal per name
        sizes = mesh.sizes
        found = self.mesh_defs.setdefault(mesh, [])
        for index, item in enumerate(items or ()):
            literal = _literal(item.origin)
            if any(d.literal is literal and d.name == item.name for d in found if literal is not None):
                continue
            derived = item.origin if isinstance(item.origin, MeshVal) else None
            size = sizes[index] if sizes is not None else None
            found.append(AxisDef(item.name, literal, "mesh axis", node, size, derived))

    def _kernel(self, info: KernelInfo, kwargs: dict[str, object], node: ast.Call) -> None:
        if id(info) in self.kernel_defs:
            return
        found: list[AxisDef] = []
        for keyword, role, size_key in (("grid_names", "grid name", "grid"),
                                        ("cluster_names", "cluster name", "cluster"),
                                        ("thread_name", "thread name", "num_threads")):
            sizes = kwargs.get(size_key, MISSING)
            size_values = sizes.value if isinstance(sizes, Const) else None
            if isinstance(size_values, int):
                size_values = (size_values,)
            for index, item in enumerate(named_strings(kwargs.get(keyword, MISSING)) or ()):
                size = None
                if isinstance(size_values, tuple) and index < len(size_values):
                    candidate = size_values[index]
                    size = candidate if isinstance(candidate, int) else None
                found.append(AxisDef(item.name, _literal(item.origin), role, node, size))
        self.kernel_defs[id(info)] = found


def named_strings(value: object) -> list[NamedString] | None:
    """The axis names a Const string or tuple of strings holds, each with its origin."""
    if not isinstance(value, Const):
        return None
    raw = value.value
    if isinstance(raw, str):
        origins: tuple[object, ...] = value.origins or (None,)
        return [NamedString(raw, origins[0])]
    if isinstance(raw, tuple) and all(isinstance(item, str) for item in raw):
        origins = value.origins if value.origins and len(value.origins) == len(raw) else (None,) * len(raw)
        return [NamedString(item, origin) for item, origin in zip(raw, origins, strict=True)]
    return None


def element_origins(value: Const) -> tuple[object, ...]:
    """The origin of each element of a tuple Const (None where unknown)."""
    if isinstance(value.value, tuple):
        if value.origins is not None and len(value.origins) == len(value.value):
            return value.origins
        return (None,) * len(value.value)
    return ()


def join_origins(values: list[Const]) -> tuple[object, ...]:
    """The origins of a tuple built from ``values`` (each a str or other constant)."""
    joined: list[object] = []
    for value in values:
        joined.append((value.origins or (None,))[0] if isinstance(value.value, str) else None)
    return tuple(joined)


def spec_strings(value: object) -> list[NamedString] | None:
    """The axis names of a spec tree (SpecVal entries, inside tuples of specs); None when
    some part cannot be read."""
    if value is MISSING or (isinstance(value, Const) and value.value is None):
        return []
    found: list[NamedString] = []
    if isinstance(value, Const) and isinstance(value.value, tuple):
        # A tuple the interpreter folded to one constant (``in_specs=()``, ``(None, None)``)
        # holds no PartitionSpec, so no axis name: only None leaves (replicated) are specs.
        return [] if all(item is None for item in _leaves(value.value)) else None
    if isinstance(value, SpecVal):
        for entry in value.entries:
            if isinstance(entry, Const) and entry.value is None:
                continue
            names = named_strings(entry)
            if names is None:
                return None
            found.extend(names)
        return found
    if isinstance(value, tuple):
        for item in value:
            names = spec_strings(item)
            if names is None:
                return None
            found.extend(names)
        return found
    return None


def _leaves(value: tuple[object, ...]) -> list[object]:
    """The non-tuple items of a nested tuple constant."""
    found: list[object] = []
    for item in value:
        found.extend(_leaves(item) if isinstance(item, tuple) else [item])
    return found


def _literal(origin: object) -> ast.Constant | None:
    return origin if isinstance(origin, ast.Constant) else None


def mesh_sizes(shapes: object, arg_nodes: list[ast.expr], maker: str,
               count: int) -> tuple[int | None, ...] | None:
    """Axis sizes when written: make_mesh((2, 4), …), AbstractMesh((2, 4), …), or
    Mesh(devs.reshape(2, 4), …)."""
    if (maker in ("jax.make_mesh", "jax.sharding.AbstractMesh") and isinstance(shapes, Const)
            and isinstance(shapes.value, tuple)):
        if len(shapes.value) == count and all(isinstance(v, int) for v in shapes.value):
            return shapes.value  # type: ignore[return-value]
        return None
    if maker == "jax.sharding.Mesh" and arg_nodes:
        devices = arg_nodes[0]
        if (isinstance(devices, ast.Call) and isinstance(devices.func, ast.Attribute)
                and devices.func.attr == "reshape"):
            dims = devices.args[0].elts if (len(devices.args) == 1
                                            and isinstance(devices.args[0], ast.Tuple)) else devices.args
            sizes = [d.value if isinstance(d, ast.Constant) and isinstance(d.value, int) else None
                     for d in dims]
            if len(sizes) == count:
                return tuple(sizes)
    return None
