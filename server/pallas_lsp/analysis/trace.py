"""What tracing a program records: where code runs, kernel launches, ops, frames.

The interpreter builds these; the program model and the rules read them. They
live apart from the interpreter so that the models of JAX calls (jax_calls)
and the rules need not import the interpreter.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from functools import cached_property

from .values import Env, KernelInfo, fingerprint


class AnalysisStopped(Exception):
    def __init__(self, message: str, partial: object = None) -> None:
        super().__init__(message)
        self.partial = partial


@dataclass(frozen=True)
class Ctx:
    """Where code runs: under which shard_map mesh, which ``jax.set_mesh``, which launch."""

    # MeshVal when inside jax.shard_map, None when definitely outside, UNKNOWN when undecidable.
    manual: object = None
    manual_axes: object = None  # shard_map(axis_names=...) when given
    shard_map_node: ast.AST | None = None
    ambient: object = None  # the `with jax.set_mesh(M)` mesh
    jit_node: ast.AST | None = None
    # The call of the outermost jitted function: JAX blames it for errors raised
    # while the kernel's IR is lowered, after tracing (e.g. Warpgroup vector widths).
    jit_call: ast.Call | None = None
    launch: Launch | None = None  # set while interpreting a kernel body
    # Inside a kernel, under a JAX construct we do not model (pl.core_map(plgpu.WarpMesh(
    # axis_name=...)), ...) that may bind axis names of its own.
    names_open: bool = False
    # Inside a kernel, names an enclosing construct we model binds for its body
    # (pl.core_map(plgpu.WarpMesh(axis_name="warp"))).
    scope_names: frozenset[str] = frozenset()
    # Inside a kernel, in code that runs once per warp (the body of pl.core_map(plgpu.WarpMesh(
    # ...)) or of plgpu.warp_map): JAX lowers it with warp-level semantics (PAL065).
    warp_level: bool = False
    # Inside jax.vmap(f, axis_name=...): jitted code around a kernel may name that axis
    # (a kernel may not: JAX's LookupError, PAL005).
    vmap_names: bool = False
    # Attributes of library modules replaced for the duration of a `with mock.patch.object(
    # module, "name", new):` block, by canonical name ("plgpu.kernel"): a test harness routes
    # JAX's own collectives through its `self.kernel` this way.
    patches: tuple[tuple[str, object], ...] = ()
    # Inside the body of a ``pl.run_scoped`` or of a pipeline run: that call, where JAX closes
    # the body's jaxpr and checks its effects (PAL014: a wgmma reading a register value).
    scope_call: ast.Call | None = None

    def key(self) -> tuple[object, ...]:
        return (
            fingerprint(self.manual),
            fingerprint(self.manual_axes),
            fingerprint(self.ambient),
            id(self.launch) if self.launch else None,
            self.names_open,
            self.scope_names,
            self.warp_level,
            self.vmap_names,
            tuple((name, fingerprint(value)) for name, value in self.patches),
            id(self.scope_call) if self.scope_call is not None else None,
        )


def scratch_leaves(scratch_types: object) -> tuple[object, ...]:
    """Scratch types with nested tuples flattened, in order (() when they are not a known
    tuple)."""
    pending = list(scratch_types) if isinstance(scratch_types, tuple) else []
    found: list[object] = []
    while pending:
        item = pending.pop(0)
        if isinstance(item, tuple):
            pending[:0] = list(item)
        else:
            found.append(item)
    return tuple(found)


@dataclass(eq=False)
class Launch:
    """One way a kernel is reached: the call site and the mesh context there."""

    kernel: KernelInfo
    site: ast.Call
    ctx: Ctx
    env: Env | None = None  # the scope of the call site, for fixes that name a mesh in scope
    args: tuple[object, ...] = ()  # what the kernel is called with (arrays carry dtypes)
    # A `try` around the launch (or the jitted call that lowers it) catches a ValueError its
    # lowering raises: JAX's own benchmarks try tile sizes and skip those over the shared memory.
    value_error_handled: bool = False

    @cached_property
    def scratch_leaves(self) -> tuple[object, ...]:
        """The kernel's scratch types flattened (scratch_leaves); made once, read by several
        rules."""
        return scratch_leaves(self.kernel.scratch_types)

    @property
    def lowered_at(self) -> ast.AST:
        """The line JAX blames for an error it raises while lowering this launch: the jitted
        call that lowers it (``jax.jit(f)(x)``), else the kernel's call itself."""
        return self.ctx.jit_call or self.site


@dataclass(eq=False)
class Op:
    """A call of the ops table met while tracing a kernel body (a multimem / multicast / layout /
    axis call; or, in ``ref_ops``, a data-movement call of ref_ops.py), with its operands."""

    name: str  # canonical, e.g. "plgpu.multimem_store"
    node: ast.Call
    args: dict[str, object]
    arg_nodes: dict[str, ast.expr]
    launch: Launch
    names_open: bool = False  # axis names may be bound by an enclosing construct we do not model
    lists: tuple[str, ...] = ()  # parameters passed a list (no hashable primitive parameter)
    scope_names: frozenset[str] = frozenset()  # axis names bound around it (a WarpMesh's)
    scope_call: ast.Call | None = None  # the run_scoped / pipeline run whose body holds it


@dataclass(eq=False)
class RefAccess:
    """A load ``x_ref[index]`` or a store ``x_ref[index] = value`` in a kernel body, with the
    ref as the analysis knows it (a RefVal: its space, shape, dtype, transforms, views)."""

    kind: str  # "load" or "store"
    ref: object
    index: object
    node: ast.Subscript
    launch: Launch
    value: object = None  # what a store stores
    # Under a construct that binds names of its own (pl.core_map of a WarpMesh, an
    # unmodelled JAX call): code there may run with other semantics (warp-level).
    scoped: bool = False
    # The code surely runs (Interpreter.on_sure_path): not under a branch the run could not
    # decide, nor in a callback handed to code it cannot see (PAL026 reports only these).
    sure: bool = True
    # In code that runs once per warp (Ctx.warp_level): only scalars load there (PAL065).
    warp_level: bool = False


@dataclass(eq=False)
class ScopedBuffer:
    """A buffer ``pl.run_scoped`` allocates in a kernel body (a RefTypeVal), and the call."""

    buffer: object
    node: ast.Call
    launch: Launch


@dataclass(frozen=True)
class ScopedCall:
    """One ``pl.run_scoped(body, *types, collective_axes=...)`` run in a kernel body: the types
    it allocates as evaluated (positional, then keyword; None when a ``**`` hides some) and its
    collective_axes as evaluated (MISSING when not given); PAL044 reads them."""

    node: ast.Call
    types: tuple[object, ...] | None
    collective_axes: object
    launch: Launch


@dataclass(frozen=True, eq=False)
class LibrarySite:
    """How the analysed program reached a line of installed library code."""

    entry: ast.AST  # the program's innermost call into the library
    jit_call: ast.AST | None  # the program's outermost jitted call, when inside jit
    launch: Launch | None  # the kernel launch, for an op of a kernel body

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, LibrarySite) and self.entry is other.entry
                and self.jit_call is other.jit_call and self.launch is other.launch)

    def __hash__(self) -> int:
        return hash((id(self.entry), id(self.jit_call), id(self.launch)))


@dataclass(eq=False)
class HostAxisQuery:
    """``lax.axis_index`` / ``lax.axis_size`` / a psum-family collective in a jitted function,
    outside any kernel body."""

    name: str
    node: ast.Call
    axis_name: object
    ctx: Ctx


@dataclass(eq=False)
class ShardMapCall:
    """A call of a ``jax.shard_map``-wrapped function: the mesh it was given, the context
    mesh and the enclosing shard_map's mesh where it was called, its ``axis_names=`` set (PAL022,
    PAL023, PAL028)."""

    node: ast.Call  # the call JAX blames (the innermost line of the user's traceback)
    shard_map_node: ast.AST  # the jax.shard_map(...) expression
    given: object  # mesh=: a MeshVal, UNKNOWN, or MISSING when not given
    context: object  # the context mesh (jax.set_mesh, use_abstract_mesh): None when none
    enclosing: object  # the enclosing shard_map's mesh (Ctx.manual): None outside any
    enclosing_node: ast.AST | None  # that shard_map's expression
    axis_set: tuple[str, ...] | None = None  # axis_names= as a known set of strings (PAL028)
    in_specs: object = None  # in_specs= as evaluated (a SpecVal, a tuple of them, ...) (PAL028)
    args: tuple[object, ...] = ()  # the positional arguments it was called with (PAL080)
    # A ValueError raised by this call surely reaches module level uncaught (PAL080): no
    # `try` on the way may catch it, and the call surely runs.
    escapes: bool = False


@dataclass(eq=False)
class Frame:
    returns: list[object] = field(default_factory=list)
    # How many undecided branches enclosed the call: a yield under more is not sure.
    uncertain_base: int = 0
    # A `return`, `break`, `continue` or `raise` ran: the interpreter goes on past it.
    stopped: bool = False
    # For a zero-argument super(): the class defining the method, and its first argument.
    owner: object = None
    first: object = None
    # The function's own scope (its parameters and locals): where the implicit ``__class__``
    # cell of a method of ``owner`` is read (interp/expressions.py, _class_cell).
    local: object = None
    # The undecided-branch count where the function was entered: a return reached at
    # this count is sure to run (flow_exits.py).
    level: int = 0
    # The generator object whose body this frame runs (python/generators.py): a yield
    # suspends the frame there.
    generator: object = None
    # The exception class of a `raise` the frame is sure to run (the function ends there),
    # else MAYBE_RAISED when one may have run: what ends a `__next__` loop.
    raised: object = None
    # Entered by a plain call the program writes (not a protocol, a callback or a resumed
    # generator): its caller is the frame below it (python/frames.py, ``f_back``).
    direct: bool = False
    # The function's definition (a def or a lambda; None: a module or class body): a special
    # method Python's own protocols call (``__next__``, ``__getitem__``, ``__getattr__``...)
    # may raise what those protocols catch (interp/statements.py record_escape).
    node: object = None


class OpaqueScope:
    """What an unmodelled JAX call returns inside a kernel: as a decorator, it runs the body
    under names we cannot see; ``bound`` holds them when known (``pl.core_map`` of a
    ``plgpu.WarpMesh(axis_name="warp")`` binds exactly "warp")."""

    def __init__(self, name: str, bound: frozenset[str] | None = None, *,
                 warp_level: bool = False) -> None:
        self.name = name
        self.bound = bound
        self.warp_level = warp_level  # a core_map of a WarpMesh: its body runs once per warp

    def inside(self, ctx: Ctx) -> Ctx:
        """The context its body runs in."""
        warp_level = ctx.warp_level or self.warp_level
        if self.bound is None:
            return replace(ctx, names_open=True, warp_level=warp_level)
        return replace(ctx, scope_names=ctx.scope_names | self.bound, warp_level=warp_level)


class WarpMeshVal:
    """``plgpu.WarpMesh(axis_name=...)``: the axis names it binds, or None when not known."""

    def __init__(self, names: tuple[str, ...] | None) -> None:
        self.names = names


class GpuMeshVal:
    """``plgpu.Mesh(grid=..., grid_names=..., cluster=..., cluster_names=..., num_threads=...,
    thread_name=...)`` (keywords only on every release): what ``pl.core_map`` of it launches
    with, plgpu.kernel's mesh arguments as given (``args`` None when a ``**`` hides some)."""

    def __init__(self, args: dict[str, object] | None) -> None:
        self.args = args


class MeshContext:
    """The value of ``jax.set_mesh(M)`` / ``jax.sharding.use_abstract_mesh(M)``: a context
    manager that sets the context mesh a ``shard_map`` without ``mesh=`` takes.

    ``jax.set_mesh`` installs its mesh when it is called (a plain statement sets it for the
    rest of the program) and its ``with`` puts ``previous`` back on exit;
    ``use_abstract_mesh`` is a generator context manager: it sets the mesh on entry only.
    """

    def __init__(self, mesh: object, previous: object = None, *, set_on_enter: bool = False) -> None:
        self.mesh = mesh
        self.previous = previous
        self.set_on_enter = set_on_enter


class PatchContext:
    """``mock.patch.object(target, name, new)`` / ``mock.patch("pkg.mod.name", new)``: a
    context manager that replaces ``target.name`` with ``new`` (UNKNOWN: a MagicMock)."""

    def __init__(self, target: object, name: object, new: object) -> None:
        self.target = target
        self.name = name
        self.new = new


@dataclass(frozen=True)
class SourceModule:
    """A module of the analysed folder: its dotted name, file and syntax tree."""

    name: str
    path: str
    tree: ast.Module
