"""An abstract interpreter over one module: the file runs as ``__main__`` would.

It executes the module body with abstract values, follows calls into the
file's own functions (binding parameters at each call site), and tracks the
objects JAX builds: kernels (``plgpu.kernel`` / Mosaic GPU ``pallas_call``),
their ``jax.jit`` / ``jax.shard_map`` wrappers, meshes, layouts. When a kernel
object is called, that is a *launch*: its body is then interpreted in kernel
mode under the launch's context (the shard_map mesh, or none), and every
multimem / multicast / axis call met there is recorded as an ``Op``.

Code that the file never runs (a library function nobody calls here) is never
interpreted: the real lowering of the file would not reach it either, and its
context belongs to callers elsewhere.

This module holds the run itself (its state, the launches and the facts a kernel records);
how each part of Python evaluates lives in python/interp/, one mixin per concern:
statements, expressions, calls, classes, modules.
"""

from __future__ import annotations

import ast
import contextlib
import time
from collections.abc import Callable
from dataclasses import replace

from . import arrays, ref_facts
from .axis_trace import AxisTrace
from .flow_exits import Handler, LoopState, RaiseExit, ReturnExit
from .model import ModuleLibrary
from .python import numpy_bridge, refused_calls, type_attributes
from .python.class_objects import ClassRegistry
from .python.generators import Abandoned, Generator
from .python.interp.calling import CallsMixin
from .python.interp.classes import ClassesMixin
from .python.interp.expressions import ExpressionsMixin
from .python.interp.importing import ModulesMixin
from .python.interp.statements import StatementsMixin
from .python.interp.support import UNKNOWN_REST as UNKNOWN_REST  # refs.py reads it from here
from .python.interp.support import (
    _ref_count,
    _refs,
    callable_of,
)
from .python.operator_errors import OperatorError
from .python.refused_calls import RefusedBody, RefusedCall
from .trace import (
    AnalysisStopped,
    Ctx,
    Frame,
    HostAxisQuery,
    Launch,
    LibrarySite,
    Op,
    RefAccess,
    ScopedBuffer,
    ScopedCall,
    ShardMapCall,
    SourceModule,
)
from .values import (
    MISSING,
    UNKNOWN,
    AccRefVal,
    BarrierVal,
    ClassVal,
    Const,
    DictVal,
    Env,
    FuncVal,
    KernelInfo,
    PartialVal,
    QualName,
    RefVal,
    ViewIndexer,
    fingerprint,
)
from .versions import release_names
from .warp_captures import WarpCapture, captured_arrays

_PYTHON_SCALARS = (int, float, bool)


class Interpreter(StatementsMixin, ExpressionsMixin, CallsMixin, ClassesMixin, ModulesMixin):
    def __init__(self, tree: ast.Module, version: tuple[int, ...], deadline: float,
                 modules: dict[str, SourceModule] | None = None, path: str | None = None,
                 library: ModuleLibrary | None = None) -> None:
        self.tree = tree
        self.version = version
        # The release's own version names (jax.__version_info__ ...) as the program reads them.
        self.release_consts = {name: Const(value) for name, value in release_names(version).items()}
        self.deadline = deadline
        # Other modules of the folder, by dotted name: `import kernels` runs them here.
        self.modules = modules or {}
        # 64-bit types (jax_enable_x64): unknown until build_program reads the program's text,
        # then as jax.config.update / jax.enable_x64 set them while the program runs.
        self.x64: bool | None = None
        # The keywords **spreads of known dicts passed to JAX calls (jax_calls.call_api; PAL009).
        self.spread_keywords: dict[int, tuple[ast.Call, set[str]]] = {}
        self.path = path
        # The analysed file's path as the caller gave it (also for one file alone, where
        # ``path`` is None): only the library face reads it (ModuleLibrary.absent).
        self.script = path
        self.library = library
        # Top-level module names the library face said are found nowhere (ModuleLibrary.absent),
        # asked once a run.
        self.absent_modules: dict[str, bool] = {}
        # Installed modules found through ``library`` (None: asked, not followed).
        self.library_modules: dict[str, SourceModule | None] = {}
        self.library_paths: set[str] = set()
        # Calls being evaluated, innermost last: where library code was entered from.
        self._call_sites: list[ast.AST] = []
        # id(node in library code) -> (node, the analysed program's calls that reached it):
        # the line a user changes for an error JAX raises inside the library.
        self.library_sites: dict[int, tuple[ast.AST, list[LibrarySite]]] = {}
        self.module_envs: dict[str, Env] = {}
        # (file, ids of its nodes) for each imported module: which file a node is in.
        self._module_nodes: list[tuple[str, frozenset[int]]] = []
        self._library_models: Env | None = None  # python/source_models.py, run once when used
        # ids of the objects whose methods a getattr of a name not known is running (calling.py).
        self._escaping: set[int] = set()
        # Functions traced as (part of) a kernel body: the only code whose shape the
        # rules inspect (parents, next statements), so the only code indexed for it.
        self.kernel_scopes: dict[int, ast.AST] = {}
        self.launches: list[Launch] = []
        self.ops: list[Op] = []
        # The ref facts: data-movement calls of ref_ops.py with their operands, and every
        # load and store of a ref, in a kernel body.
        self.ref_ops: list[Op] = []
        self.ref_accesses: list[RefAccess] = []
        # Every view of a ref a kernel body takes (``x_ref.at[index]``), kind "view" (PAL081).
        self.ref_views: list[RefAccess] = []
        # Stores into a plgpu.ACC accumulator (``acc_ref[idx] = value``): not memory refs.
        self.acc_stores: list[RefAccess] = []
        # Memory-ref transforms built on a path sure to run (their own checks raise there),
        # and the buffers pl.run_scoped allocates in a kernel body.
        self.made_transforms: list[object] = []
        # Every plgpu.SMEM / TMEM / GMEM buffer type built (a RefTypeVal), for the TMEM checks.
        self.made_ref_types: list[object] = []
        # Every plgpu.RefUnion(...) built (a ref_unions.RefUnionCall), for PAL066.
        self.made_ref_unions: list[object] = []
        # The warp-level bodies (WarpMesh core_map, warp_map) that close over register arrays.
        self.warp_captures: list[WarpCapture] = []
        self.scoped_buffers: list[ScopedBuffer] = []
        self.scoped_calls: list[ScopedCall] = []
        self.host_queries: list[HostAxisQuery] = []
        self.shard_map_calls: list[ShardMapCall] = []
        # Host code ran that we cannot see into (a call of an unknown or unfollowed callee,
        # a `with` over an unknown context manager): it may have set a context mesh, so an
        # empty one is no longer known (PAL022 stays silent).
        self._opaque_host_calls = False
        self._opaque_withs = 0
        self.kernels: list[KernelInfo] = []
        self.call_sites: list[ast.Call] = []  # the calls of user functions running now, innermost last
        self.unknown_rest = UNKNOWN_REST  # for the models (jax_calls), which cannot import it
        self.barriers: list[BarrierVal] = []
        # Call node -> the canonical JAX name it calls ("user" for the file's own functions).
        self.callee_names: dict[int, str] = {}
        self.callee_spellings: dict[int, str] = {}  # id(call) -> QualName.spelled, where set
        # id(function or lambda node) -> the call expressions in a kernel that called it
        # directly: where a value it returns goes next (casts.py follows a `return`).
        self.kernel_callers: dict[int, list[ast.Call]] = {}
        # id -> every call node evaluated: the rules read calls by name from here, never the tree.
        self.call_nodes: dict[int, ast.Call] = {}
        # id -> (node, the library name, the attribute, whether a handler that may catch an
        # AttributeError was active) of every attribute read of a library name evaluated
        # (``plgpu.SemaphoreType.DMA``: the node, "plgpu.SemaphoreType", "DMA", False):
        # PAL063 reads the enum members a release lacks from here.
        self.library_attributes: dict[ast.Attribute, tuple[ast.Attribute, str, str, bool]] = {}
        # (module, attribute) the program sets on a library module (`jnp.foo = ...`; None for
        # any attribute: a `setattr` of a name not known).
        self.library_attribute_stores: set[tuple[str, str | None]] = set()
        # The local names an import of JAX's internal modules binds (`gpu_core`).
        self.internal_aliases: set[str] = set()
        # id(call) -> a call of the program's def its signature refuses, whose TypeError
        # surely reaches module level uncaught (python/refused_calls.py; PAL064).
        self.refused_calls: dict[int, RefusedCall] = {}
        # Launches whose kernel body's signature cannot bind the refs JAX passes, where the
        # TypeError surely reaches module level uncaught (PAL064).
        self.refused_bodies: list[RefusedBody] = []
        # JAX calls the target release's signature refuses by position (PAL009), by call id:
        # (the call, the function's name, CPython's TypeError text).
        self.refused_api_calls: dict[int, tuple[ast.Call, str, str]] = {}
        # JAX calls the release's signature refuses as a plain misuse (a required argument
        # missing), surely run and uncaught (PAL064): the call, the function's name, CPython's text.
        self.misbound_api_calls: dict[int, tuple[ast.Call, str, str]] = {}
        # Mesh constructions JAX's Mesh refuses whatever the devices (PAL085), by call id: (the
        # call, the maker's name, "rank" or "types", what was given, the number of axis names).
        self.mesh_refusals: dict[int, tuple[ast.Call, str, str, int, int]] = {}
        # id(node) -> a binary operator whose operands make Python raise (a TypeError of their
        # types, a ZeroDivisionError), surely reaching module level uncaught (PAL079).
        self.operator_errors: dict[int, OperatorError] = {}
        # The launches whose body's trace surely stops at such an error (two arrays whose
        # shapes do not broadcast): nothing of them is lowered (Program.trace_refused_launches).
        self.trace_stopped_launches: set[int] = set()
        # The grid envs `with pallas_core.grid_env(env):` made current, innermost last, and
        # the program_id / num_programs axes JAX refuses (grid_axes.py, PAL086).
        self.grid_envs: list[object] = []
        self.grid_axis_faults: list[object] = []
        # A bridged call of the standard library whose real run raised on the program's own
        # data (python/bridge.py run_call): (its node, the real exception), read by ev_call.
        self.bridged_error: tuple[ast.Call, BaseException] | None = None
        # What an instance's __bool__ / __len__ made truth testing raise (python/calls.py's
        # instance_truth); read by the `if` statement whose test asked (interp/statements.py).
        self.truth_error: BaseException | None = None
        # The call ev_call is making, and its argument list as spelled (interp/calling.py).
        self.spelled_call: tuple[ast.Call | None, list[object] | None] = (None, None)
        # Where axis names are defined and used (analysis/axis_symbols reads it).
        self.axis_trace = AxisTrace()
        self._memo: dict[tuple[object, ...], object] = {}
        # Traces of jitted functions JAX would serve from its cache (interp/calling.py).
        self._jit_traces: dict[object, list[object]] = {}
        # The context mesh JAX keeps per thread: what jax.set_mesh (a statement or a `with`)
        # or use_abstract_mesh installed, read by a shard_map without mesh= when its
        # function is traced. None: none (JAX: "The context mesh cannot be empty").
        self.context_mesh: object = None
        self._launched: set[tuple[object, ...]] = set()
        self._stack: list[ast.AST] = []
        # The functions being called now (node and closure ids), each with the fingerprints
        # of the arguments of its active calls (interp/calling.py: recursion).
        self._active: dict[tuple[int, int], list[tuple[object, object]]] = {}
        self._recursive_calls = 0  # calls made while the same function was active
        self._frames: list[Frame] = []
        self._ticks = 0
        # >0 while running code that may or may not run (a branch whose condition is
        # unknown): a store into a container there makes the entry unknown.
        self._uncertain = 0
        # (uncertainty level, frame count) of each undecided choice's branches being run
        # (exec_branches): a refused JAX call there surely ends its branch (BranchRaised).
        self.branch_levels: list[tuple[int, int]] = []
        self._callback_depth = 0
        # Loops being run, innermost last: where a break / continue is sure (flow_exits.py).
        self._loops: list[LoopState] = []
        # Handlers being run under, innermost last: where a sure exception lands (flow_exits.py).
        self.handlers: list[Handler] = []
        # The exceptions being handled by the `except` clauses the analysis chose, innermost
        # last: what a bare `raise` re-raises.
        self.handling: list[object] = []
        # Classes being created by a metaclass's __new__: what its super().__new__ returns.
        self._new_classes: list[ClassVal] = []
        # Every class made, and each ABC's registry and caches (python/class_objects.py);
        # class body scope -> the __qualname__ of the class it makes.
        self.class_registry = ClassRegistry()
        self._class_qualnames: dict[int, str | None] = {}
        self.subclass_registry = type_attributes.Subclasses()  # what cls.__subclasses__() lists
        # Scope -> the library modules star-imported into it.
        self._star_modules: dict[int, list[QualName]] = {}
        # Every name the analysed file binds anywhere (python/unbound_names.py), made at the
        # first read of a name no scope binds; None where the file may bind names it does not
        # spell; MISSING until asked.
        self._file_binds: object = MISSING
        # Class body scope -> its __annotations__ being filled, with the depth of uncertain
        # paths the class statement ran at (an annotation deeper may not have run).
        self.class_annotations: dict[int, tuple[DictVal, int]] = {}
        # Module scopes under `from __future__ import annotations`: annotations stay strings.
        self.stringified_annotations: set[int] = set()
        # (source, exec call node id) -> the parsed statements exec runs (python/exec_source.py).
        self._exec_sources: dict[tuple[object, int], list[ast.stmt]] = {}
        # The exec sources running now: a source that execs itself again is not followed.
        self._exec_running: set[tuple[object, int]] = set()
        self.module_env = Env({"__name__": Const("__main__")})
        # `if` statement -> the branches taken each time it ran (True, False; None when
        # undecided): which code a kernel traced, for rules that read the statements in order.
        self.if_outcomes: dict[int, set[bool | None]] = {}
        # Generators started and not finished (python/generators.py): each holds a thread,
        # unwound when the run ends.
        self.live_generators: list[Generator] = []
        self._abandoning = False
        # The exception class the last call_function was sure to raise (MAYBE_RAISED: one
        # may have been raised), else None: how a `__next__` call says the items ended.
        self.last_raised: object = None
        self.next_stopped: object = None  # what a `next()` call surely raised (python/calls.py)
        self.raising: object = None  # the instance raise_exception is raising (None: unknown)
        # Stores into Python state a later call may read (a module's names, attributes,
        # items, lists): a call that made one is not memoised, so that calling it again
        # runs it again (a `__next__` that advances `self.i`).
        self.stores = 0

    # ---- driving -------------------------------------------------------------------------

    def run(self) -> None:
        try:
            self.exec_body(self.tree.body, self.module_env, Ctx())
        finally:
            self.abandon_generators()

    def stop_generators(self) -> None:
        """Every generator thread of this run stops at its next statement, for good (an
        exception from outside the analysis is unwinding it)."""
        self._abandoning = True

    def abandon_generators(self) -> None:
        """Unwind every generator left suspended: nothing more of the program runs in them."""
        self._abandoning = True
        try:
            while self.live_generators:
                self.live_generators[-1].abandon()
        finally:
            self._abandoning = False

    def exec_body(self, body: list[ast.stmt], env: Env, ctx: Ctx) -> None:
        """A module's or a class's body. A `return` there is a SyntaxError to CPython's compiler
        (ast.parse accepts it): the file never runs, so the analysis just stops the body."""
        with contextlib.suppress(ReturnExit):
            self.exec_block(body, env, ctx, Frame())

    def set_context_mesh(self, mesh: object) -> None:
        """Install the context mesh; on a path that may not run, what it will be is unknown."""
        if self._uncertain and fingerprint(mesh) != fingerprint(self.context_mesh):
            mesh = UNKNOWN
        self.context_mesh = mesh

    @property
    def on_uncertain_path(self) -> bool:
        """Whether the code being run is on a path that may not run (python/bridge.py)."""
        return self._uncertain > 0

    def push_handler(self, verdict: Callable[[object, bool], bool | None], runs_code: bool,
                     clauses: tuple[ast.ExceptHandler, ...] = (),
                     passes: Callable[[type[BaseException]], bool] | None = None) -> Handler:
        handler = Handler(verdict, runs_code, len(self._frames), self._uncertain, self._callback_depth,
                          clauses, passes)
        self.handlers.append(handler)
        return handler

    def drop_handler(self, handler: Handler) -> None:
        # By identity: a generator suspended inside its own `with` leaves its handler among
        # the caller's, so the innermost one is not always this one.
        self.handlers[:] = [h for h in self.handlers if h is not handler]

    def raise_exception(self, kind: object, instance: object = None) -> None:
        """Python raises an exception of class ``kind`` here (a builtin exception class or a
        program's ClassVal). Walk the handlers outward from the innermost: the first that
        surely catches it gets it (RaiseExit unwinds to it); one that surely does not is
        passed. Where a handler's verdict is not known, or the next handler was entered on
        another path (a caller's, before an undecided branch, outside a callback), nothing is
        raised: the caller goes on as if the statement completed, as before exceptions were
        modelled (a sure ``raise`` then ends the function: exec_raise)."""
        code_ran = False
        self.raising = instance  # what an `except*` verdict splits (exec_try)
        for handler in reversed(self.handlers):
            if handler.depth != len(self._frames) or handler.level != self._uncertain \
                    or handler.callbacks != self._callback_depth:
                return
            verdict = handler.verdict(kind, code_ran)
            if verdict is None:
                return
            if verdict:
                raise RaiseExit(kind, handler, instance)
            code_ran = code_ran or handler.runs_code

    def bridge_raised(self, node: ast.Call, error: BaseException) -> None:
        self.bridged_error = (node, error)

    def escapes(self, kind: type[BaseException]) -> bool:
        """Whether an exception of the builtin class ``kind`` raised here surely reaches
        module level uncaught: the code surely runs, and every handler it would meet, in
        this function and its callers, surely lets it through (Handler.passes)."""
        return self.on_sure_path and all(
            handler.passes is not None and handler.passes(kind) for handler in self.handlers)

    @property
    def on_sure_path(self) -> bool:
        """Whether the code being run surely runs: on no uncertain path, and not a callback
        handed to code we cannot see (assumed called, to find its launches, but it may never
        be: a custom_vjp's backward rule, a registry's entry). What a construction raises
        (a transform, a barrier) is reported only from here."""
        return self._uncertain == 0 and self._callback_depth == 0

    def _tick(self) -> None:
        if self._abandoning:
            raise Abandoned  # a suspended generator unwinding: its `finally` blocks do not run
        self._ticks += 1
        if self._ticks % 64 == 0 and time.monotonic() > self.deadline:
            raise AnalysisStopped("analysis stopped: the per-file time budget ran out")

    def launch(self, info: KernelInfo, site: ast.Call, ctx: Ctx, env: Env | None = None,
               args: tuple[object, ...] = ()) -> object:
        if ctx.launch is not None:
            return UNKNOWN  # a kernel called from inside a kernel body is not a launch
        key = (id(info), id(site), ctx.key())
        if key in self._launched:
            return info.out_value  # (the same launch again: a loop's next pass)
        self._launched.add(key)
        if numpy_bridge.loaded:  # (no call when no program used NumPy: the keystroke path)
            args = numpy_bridge.as_jax_arguments(args, self.x64)  # type: ignore[assignment]
        for arg in args:  # (a plain loop: no call on the keystroke path)
            if arg.__class__ is Const and arg.value.__class__ in _PYTHON_SCALARS:  # type: ignore[attr-defined]
                # A Python number argument is a weakly typed 0-d array to JAX (jax_core.get_aval):
                # the kernel gets a () ref of its dtype (JAX's test_emit_with_dynamic_grid_...).
                args = tuple(arrays.python_scalar_array(arg, self.x64) if arg.__class__ is Const  # type: ignore[arg-type]
                             else arg for arg in args)
                break
        launch = Launch(info, site, ctx, env, args)
        if self.handlers:
            # (A `try` whose clauses surely catch it; a `with`'s __exit__ is not one.)
            launch.value_error_handled = any(
                handler.clauses and handler.passes is not None and not handler.passes(ValueError)
                for handler in self.handlers)
        self.launches.append(launch)
        kernel_ctx = replace(ctx, launch=launch)
        refs = _ref_count(info, args)
        body = callable_of(info.body)
        if refs is not None and isinstance(body, (FuncVal, PartialVal)):
            if body.__class__ is FuncVal:
                named = tuple(name for name, _ in info.scratch_by_name) if info.scratch_by_name else ()
                refused = refused_calls.refused_body(self, body, refs, named)  # type: ignore[arg-type]
                if refused is not None:
                    # JAX's call of the body raises TypeError before anything of it is traced.
                    if self.escapes(TypeError):
                        self.refused_bodies.append(RefusedBody(launch, body.node, refused, refs))  # type: ignore[union-attr]
                    return UNKNOWN
            # JAX passes one ref per input, output and scratch buffer, nothing more: the
            # body's other parameters keep their defaults (`functools.partial(kernel, **knobs)`,
            # `def kernel(x_ref, y_ref, axes=("x",))`).
            named = {name: ref_facts.ref_of(kind, UNKNOWN) for name, kind in info.scratch_by_name}
            self.call(body, _refs(info, args, refs), named, site, [], {}, self.module_env, kernel_ctx)
        else:
            self.call_unknown_args(body, site, kernel_ctx)
        return info.out_value

    def record_access(self, kind: str, ref: object, index: object, node: ast.Subscript, ctx: Ctx,
                      value: object = None) -> None:
        if ctx.launch is not None and isinstance(ref, RefVal):
            self.ref_accesses.append(RefAccess(kind, ref, index, node, ctx.launch, value,
                                               ctx.names_open or bool(ctx.scope_names), self.on_sure_path,
                                               ctx.warp_level))

    def record_view(self, indexer: ViewIndexer, index: object, node: ast.Subscript, ctx: Ctx) -> None:
        if ctx.launch is not None and isinstance(indexer.base, RefVal):
            self.ref_views.append(RefAccess("view", indexer.base, index, node, ctx.launch, None,
                                            ctx.names_open or bool(ctx.scope_names), self.on_sure_path,
                                            ctx.warp_level))

    def record_acc_store(self, acc: AccRefVal, index: object, node: ast.Subscript, ctx: Ctx,
                         value: object) -> None:
        if ctx.launch is not None:
            self.acc_stores.append(RefAccess("store", acc, index, node, ctx.launch, value,
                                             ctx.names_open or bool(ctx.scope_names),
                                             self.on_sure_path))

    def record_transform(self, transform: object) -> None:
        if self.on_sure_path:
            self.made_transforms.append(transform)

    def record_warp_body(self, func: object, node: ast.AST, ctx: Ctx) -> None:
        """A warp-level body about to be traced: what it closes over, read now (PAL065)."""
        if ctx.launch is not None and self.on_sure_path:
            captured = captured_arrays(func)
            if captured:
                self.warp_captures.append(WarpCapture(node, ctx.launch, captured))

    def record_ref_union(self, made: object) -> None:
        if self.on_sure_path:
            self.made_ref_unions.append(made)

    def record_ref_type(self, made: object) -> None:
        if self.on_sure_path:
            self.made_ref_types.append(made)

    def record_barrier(self, barrier: BarrierVal) -> None:
        if self.on_sure_path:
            self.barriers.append(barrier)

    def record_scoped_buffer(self, buffer: object, node: ast.Call, ctx: Ctx) -> None:
        if ctx.launch is not None:
            self.scoped_buffers.append(ScopedBuffer(buffer, node, ctx.launch))

    def record_scoped_call(self, types: tuple[object, ...] | None, collective_axes: object,
                           node: ast.Call, ctx: Ctx) -> None:
        if ctx.launch is not None:
            self.scoped_calls.append(ScopedCall(node, types, collective_axes, ctx.launch))

    def record_ref_op(self, name: str, node: ast.Call, args: dict[str, object],
                      arg_nodes: dict[str, ast.expr], ctx: Ctx) -> None:
        assert ctx.launch is not None
        self.ref_ops.append(Op(name, node, args, arg_nodes, ctx.launch, ctx.names_open, (),
                               ctx.scope_names, ctx.scope_call))

    def record_host_query(self, query: HostAxisQuery) -> None:
        self.library_site(query.node)
        self.host_queries.append(query)

    def record_op(self, name: str, node: ast.Call, args: dict[str, object],
                  arg_nodes: dict[str, ast.expr], ctx: Ctx, lists: tuple[str, ...] = ()) -> None:
        assert ctx.launch is not None
        self.library_site(node, ctx)
        self.ops.append(Op(name, node, args, arg_nodes, ctx.launch, ctx.names_open, lists,
                           ctx.scope_names))

