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
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import PurePath

from . import introspection, jax_calls, names, patterns, pyflow, ref_facts, stdlib_values
from .axis_trace import AxisTrace, element_origins
from .flow_exits import BreakExit, ContinueExit, LoopState, ReturnExit
from .model import ModuleLibrary, Span
from .names import bind_import
from .python import (
    allow,
    bridge,
    calls,
    comparisons,
    coroutines,
    datamodel,
    flags,
    library_bases,
    modules,
    signatures,
)
from .python.coroutines import CoroutineVal, GatheredVal
from .python.descriptor_values import (
    DESCRIPTOR_TYPES,
    PropertyPart,
    RegisterVal,
    SingleDispatchVal,
    StaticMethodVal,
)
from .python.generator_contexts import ContextFunction, GeneratorContextManager
from .python.generator_contexts import decorated as context_function
from .python.generators import METHODS as GENERATOR_METHODS
from .python.generators import UNKNOWN_STEP, Abandoned, Generator, GeneratorMethod, Step
from .python.real import RealVal
from .stdlib_values import FieldVal
from .trace import (
    AnalysisStopped,
    Ctx,
    Frame,
    HostAxisQuery,
    Launch,
    LibrarySite,
    MeshContext,
    Op,
    OpaqueScope,
    PatchContext,
    RefAccess,
    ScopedBuffer,
    ShardMapCall,
    SourceModule,
)
from .values import (
    MAX_FORMS,
    MISSING,
    UNKNOWN,
    ArrayVal,
    BarrierVal,
    ClassVal,
    Const,
    DictVal,
    Env,
    FuncVal,
    GeneratorVal,
    KernelInfo,
    KernelVal,
    ListVal,
    MeshVal,
    ModuleVal,
    NamespaceVal,
    ObjVal,
    OneOf,
    PartialVal,
    QualName,
    RefVal,
    SpecVal,
    SuperVal,
    ViewIndexer,
    WrappedVal,
    fingerprint,
    one_of,
    pack,
    plain,
    unpack,
)

MAX_CALL_DEPTH = 24
MAX_LOOP_UNROLL = 64
# Passes over a loop body run an unknown number of times before its names settle.
MAX_LOOP_PASSES = 3
# Elements a comprehension over known items is evaluated for, one by one.
MAX_COMPREHENSION = 256
# Installed modules (``Options.library``) one run may execute: the per-run budget on
# library code (each file is also capped in size by the face that reads it).
MAX_LIBRARY_MODULES = 32
# Canonical name heads the interpreter models by name (JAX's APIs, NumPy): their
# installed sources are never run. JAX's kernel library (``pl.ops``) is plain Python
# over those APIs and is followed like any other installed package.
_MODELLED_HEADS = frozenset({"jax", "jnp", "lax", "pl", "plgpu", "mgpu", "np"})


_BUILTINS = {"tuple", "list", "len", "print", "range", "str", "int", "sorted", "isinstance",
             "dict", "set", "frozenset", "zip", "enumerate", "min", "max", "sum", "any", "all",
             "getattr", "hasattr", "super", "type", "object", "property", "staticmethod",
             "classmethod", "reversed", "iter", "next", "repr", "abs", "float", "bool", "globals",
             "vars", "setattr", "callable",
             "StopIteration"} | allow.PURE_BUILTINS  # the rest: run by the bridge


class Interpreter:
    def __init__(self, tree: ast.Module, version: tuple[int, ...], deadline: float,
                 modules: dict[str, SourceModule] | None = None, path: str | None = None,
                 library: ModuleLibrary | None = None) -> None:
        self.tree = tree
        self.version = version
        self.deadline = deadline
        # Other modules of the folder, by dotted name: `import kernels` runs them here.
        self.modules = modules or {}
        self.path = path
        self.library = library
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
        # Functions traced as (part of) a kernel body: the only code whose shape the
        # rules inspect (parents, next statements), so the only code indexed for it.
        self.kernel_scopes: dict[int, ast.AST] = {}
        self.launches: list[Launch] = []
        self.ops: list[Op] = []
        # The ref facts: data-movement calls of ref_ops.py with their operands, and every
        # load and store of a ref, in a kernel body.
        self.ref_ops: list[Op] = []
        self.ref_accesses: list[RefAccess] = []
        # Memory-ref transforms built on a path sure to run (their own checks raise there),
        # and the buffers pl.run_scoped allocates in a kernel body.
        self.made_transforms: list[object] = []
        self.scoped_buffers: list[ScopedBuffer] = []
        self.host_queries: list[HostAxisQuery] = []
        self.shard_map_calls: list[ShardMapCall] = []
        # Host code ran that we cannot see into (a call of an unknown or unfollowed callee,
        # a `with` over an unknown context manager): it may have set a context mesh, so an
        # empty one is no longer known (PAL022 stays silent).
        self._opaque_host_calls = False
        self._opaque_withs = 0
        self.kernels: list[KernelInfo] = []
        self.barriers: list[BarrierVal] = []
        # Call node -> the canonical JAX name it calls ("user" for the file's own functions).
        self.callee_names: dict[int, str] = {}
        # id -> every call node evaluated: the rules read calls by name from here, never the tree.
        self.call_nodes: dict[int, ast.Call] = {}
        # Where axis names are defined and used (analysis/axis_symbols reads it).
        self.axis_trace = AxisTrace()
        self._memo: dict[tuple[object, ...], object] = {}
        # The context mesh JAX keeps per thread: what jax.set_mesh (a statement or a `with`)
        # or use_abstract_mesh installed, read by a shard_map without mesh= when its
        # function is traced. None: none (JAX: "The context mesh cannot be empty").
        self.context_mesh: object = None
        self._launched: set[tuple[object, ...]] = set()
        self._stack: list[ast.AST] = []
        self._active: set[tuple[int, int]] = set()
        self._frames: list[Frame] = []
        self._ticks = 0
        # >0 while running code that may or may not run (a branch whose condition is
        # unknown): a store into a container there makes the entry unknown.
        self._uncertain = 0
        self._callback_depth = 0
        # Loops being run, innermost last: where a break / continue is sure (flow_exits.py).
        self._loops: list[LoopState] = []
        # Classes being created by a metaclass's __new__: what its super().__new__ returns.
        self._new_classes: list[ClassVal] = []
        # Scope -> the library modules star-imported into it.
        self._star_modules: dict[int, list[QualName]] = {}
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

    def call_value(self, func: object, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object:
        """Call any value from the data model's hooks (a getter, ``__getitem__``, a
        descriptor's ``__get__``): at the call being evaluated, as Python's own frames are."""
        if isinstance(func, FuncVal) and not coroutines.is_coroutine_function(func):
            return self.call_function(func, args, kwargs, ctx)
        site = self._call_sites[-1] if self._call_sites else None
        if not isinstance(site, ast.Call):
            anchor = self.tree.body[0] if self.tree.body else ast.Pass(lineno=1, col_offset=0)
            site = ast.copy_location(ast.Call(func=ast.Name("<hook>", ast.Load()), args=[], keywords=[]),
                                     anchor)
        return self.call(func, args, kwargs, site, [], {}, self.module_env, ctx)

    def truth(self, value: object) -> bool | None:
        """``bool(value)``: Flag values by their bits, the rest as pyflow decides."""
        if isinstance(value, OneOf):
            verdicts = {self.truth(form) for form in value.forms}
            return verdicts.pop() if len(verdicts) == 1 else None
        found = flags.truth(value)
        if found is not None:
            return found
        if isinstance(value, ObjVal) and value.cls.enum_members is None:
            return calls.instance_truth(self, value)
        return pyflow.truth(value)

    def compare(self, left: object, ops: list[ast.cmpop], rights: list[object], ctx: Ctx) -> object:
        """A comparison; ``x in obj`` runs ``type(obj).__contains__`` when the class has one."""
        if len(ops) == 1 and isinstance(ops[0], (ast.In, ast.NotIn)):
            contains = datamodel.special_method(rights[0], "__contains__")
            if contains is not MISSING:
                inside = self.truth(self.call_value(contains, [left], {}, ctx))
                if inside is None:
                    return UNKNOWN
                return Const(inside if isinstance(ops[0], ast.In) else not inside)
        if not any(isinstance(v, ObjVal) for v in (left, *rights)):
            return _compare(left, ops, rights)
        result: object = UNKNOWN
        for op, right in zip(ops, rights, strict=True):  # a chain: the first false one, else the last
            result = self.compare_pair(left, op, right, ctx)
            verdict = self.truth(result)
            if verdict is None:
                return UNKNOWN
            if not verdict:
                return result
            left = right
        return result

    def compare_pair(self, left: object, op: ast.cmpop, right: object, ctx: Ctx) -> object:
        """One comparison: the classes' rich comparisons (python/comparisons.py), else as values."""
        result = comparisons.rich_compare(
            left, op, right,
            lambda method, subject, other: self.call_value(
                datamodel.bind(method, subject, subject.cls, self, ctx),  # type: ignore[attr-defined]
                [other], {}, ctx),
            lambda a, inner, b: self.compare(a, [inner], [b], ctx), self.truth)
        return result if result is not MISSING else _compare(left, [op], [right])

    def import_module_named(self, name: str, ctx: Ctx) -> Env | None:
        """Run a module of the folder (or a followed installed one) by name, its packages first."""
        if self.find_module(name) is None:
            return None
        parts = name.split(".")
        for end in range(1, len(parts)):
            if self.find_module(".".join(parts[:end])) is not None:
                self.run_module(".".join(parts[:end]), ctx)
        return self.run_module(name, ctx)

    def set_context_mesh(self, mesh: object) -> None:
        """Install the context mesh; on a path that may not run, what it will be is unknown."""
        if self._uncertain and fingerprint(mesh) != fingerprint(self.context_mesh):
            mesh = UNKNOWN
        self.context_mesh = mesh

    @property
    def on_uncertain_path(self) -> bool:
        """Whether the code being run is on a path that may not run (python/bridge.py)."""
        return self._uncertain > 0

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

    # ---- statements ----------------------------------------------------------------------

    def exec_block(self, body: list[ast.stmt], env: Env, ctx: Ctx, frame: Frame) -> None:
        for stmt in body:
            self._tick()
            self.exec_stmt(stmt, env, ctx, frame)

    def exec_stmt(self, stmt: ast.stmt, env: Env, ctx: Ctx, frame: Frame) -> None:
        if isinstance(stmt, ast.Expr):
            self.ev(stmt.value, env, ctx)
        elif isinstance(stmt, ast.Assign):
            value = self.ev(stmt.value, env, ctx)
            for target in stmt.targets:
                self.assign(target, value, env, ctx)
        elif isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self.assign(stmt.target, self.ev(stmt.value, env, ctx), env, ctx)
        elif isinstance(stmt, ast.AugAssign):
            current = self.ev(stmt.target, env, ctx)
            operand = self.ev(stmt.value, env, ctx)
            if isinstance(current, ListVal):
                # `xs += ys` extends the list in place: every alias sees it.
                extra = unpack(plain(operand)) if isinstance(stmt.op, ast.Add) else None
                self.mutate(current, lambda: current.add(extra))
            else:
                self.assign(stmt.target, self.each(
                    lambda left, right: jax_calls.binary(plain(left), stmt.op, plain(right)),
                    current, operand), env, ctx)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            env.names[stmt.name] = self.define_function(stmt, env, ctx)
        elif isinstance(stmt, ast.ClassDef):
            env.names[stmt.name] = self.decorate_class(stmt, self.define_class(stmt, env, ctx), env, ctx)
        elif isinstance(stmt, ast.Return):
            frame.returns.append(self.ev(stmt.value, env, ctx) if stmt.value else Const(None))
            if self._uncertain == frame.level and self._frames:  # (a module-level return is a SyntaxError)
                raise ReturnExit  # a sure return: the rest of the function never runs
        elif isinstance(stmt, (ast.Break, ast.Continue)):
            self.exit_loop(stmt)  # a sure one raises; past one that may not run, yields are unsure
            frame.stopped = True
        elif isinstance(stmt, ast.If):
            if _is_main_guard(stmt.test):
                # An imported module's `__name__` is its own: its main guard does not run.
                if _module_scope(env).names.get("__name__") == Const("__main__"):
                    self.exec_block(stmt.body, env, ctx, frame)
            else:
                # A condition the analysis can decide runs one branch, as Python does.
                taken = self.truth(self.ev(stmt.test, env, ctx))
                self.if_outcomes.setdefault(id(stmt), set()).add(taken)
                if taken is None:
                    self.exec_branches([stmt.body, stmt.orelse], env, ctx, frame)
                else:
                    self.exec_block(stmt.body if taken else stmt.orelse, env, ctx, frame)
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            self.exec_for(stmt, env, ctx, frame)
        elif isinstance(stmt, ast.While):
            self.exec_while(stmt, env, ctx, frame)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            self.exec_with(stmt, env, ctx, frame)
        elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
            self.exec_try(stmt, env, ctx, frame)  # type: ignore[arg-type]
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for name, value in bind_import(stmt):
                env.names[name] = value
            if isinstance(stmt, ast.ImportFrom) and any(alias.name == "*" for alias in stmt.names) \
                    and not stmt.level and stmt.module:
                # `from jax.experimental.pallas.mosaic_gpu import *`: a name found nowhere else
                # in the module is that module's.
                self._star_modules.setdefault(id(env), []).append(QualName(stmt.module))
            if self.modules or self.library is not None:
                self.import_workspace(stmt, env, ctx)
        elif isinstance(stmt, ast.Match):
            self.exec_match(stmt, env, ctx, frame)
        elif isinstance(stmt, (ast.Global, ast.Nonlocal)):
            # Later stores to these names go to the module's / the enclosing function's scope.
            for name in stmt.names:
                target = _module_scope(env) if isinstance(stmt, ast.Global) else (
                    env.parent.find_scope(name) if env.parent else None)
                if target is not None and target is not env:
                    env.redirects[name] = target
        elif isinstance(stmt, ast.Delete):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    env.names.pop(target.id, None)
        elif isinstance(stmt, ast.Raise):
            self.exec_raise(stmt, env, ctx, frame)
        # Pass, Assert: nothing to track.

    def exec_with(self, stmt: ast.With | ast.AsyncWith, env: Env, ctx: Ctx, frame: Frame) -> None:
        """Each manager entered in order, the body, then each left in reverse order, also
        when a sure `return`, `break` or `continue` leaves the body (Python calls
        ``__exit__(None, None, None)`` then: a ``contextmanager`` generator's ``finally``)."""
        inner = ctx
        restore: list[object] = []
        exits: list[object] = []
        is_async = isinstance(stmt, ast.AsyncWith)
        opaque = False
        for item in stmt.items:
            before = self.context_mesh
            manager = self.ev(item.context_expr, env, ctx)
            # A manager we cannot see into may set a context mesh (PAL022 stays silent).
            opaque = opaque or not isinstance(manager, (MeshContext, PatchContext, MeshVal, ObjVal,
                                                        GeneratorContextManager))
            if isinstance(manager, MeshContext):
                inner = replace(inner, ambient=manager.mesh)
                if manager.set_on_enter:
                    self.set_context_mesh(manager.mesh)
                restore.append(manager.previous if not manager.set_on_enter else before)
            elif isinstance(manager, PatchContext):
                inner = self.patched(inner, manager)
            bound = manager.mesh if isinstance(manager, MeshContext) else UNKNOWN
            enter = datamodel.special_method(manager, "__aenter__" if is_async else "__enter__")
            if isinstance(manager, GeneratorContextManager):
                bound = manager.enter()
                exits.append(manager)
            elif enter is not MISSING:
                bound = self.call_value(enter, [], {}, ctx)
                if isinstance(stmt, ast.AsyncWith):
                    bound = self.await_value(bound, ctx)
                exits.append(manager)
            if item.optional_vars is not None:
                self.assign(item.optional_vars, bound, env, ctx)
        self._opaque_withs += opaque
        try:
            self.exec_block(stmt.body, env, inner, frame)
        except (ReturnExit, BreakExit, ContinueExit):
            self.leave_managers(exits, restore, is_async, ctx)
            raise
        finally:
            self._opaque_withs -= opaque
        self.leave_managers(exits, restore, is_async, ctx)

    def leave_managers(self, exits: list[object], restore: list[object], is_async: bool, ctx: Ctx) -> None:
        for manager in reversed(exits):  # __exit__(None, None, None): the body ran to its end
            if isinstance(manager, GeneratorContextManager):
                manager.leave()
                continue
            leave = datamodel.special_method(manager, "__aexit__" if is_async else "__exit__")
            if leave is not MISSING:
                left = self.call_value(leave, [Const(None)] * 3, {}, ctx)
                if is_async:
                    self.await_value(left, ctx)
        for previous in reversed(restore):  # each manager's __exit__ puts its mesh back
            self.set_context_mesh(previous)

    def exec_raise(self, stmt: ast.Raise, env: Env, ctx: Ctx, frame: Frame) -> None:
        """A `raise` the function is sure to run ends it there (its class is what the caller
        reads: a `__next__` raising StopIteration ends a loop). One that may not run, or at
        module level: the file stops there only at run time, so the analysis keeps going to
        see the rest (what a generator yields after it is not sure)."""
        raised = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        kind = self.ev(raised, env, ctx) if raised is not None else UNKNOWN
        if isinstance(stmt.exc, ast.Call):
            for part in [*stmt.exc.args, *(k.value for k in stmt.exc.keywords)]:
                self.ev(part, env, ctx)  # the calls in its arguments run
        sure = self._frames and frame is self._frames[-1] and self._uncertain == frame.level \
            and not frame.stopped
        frame.stopped = True
        if sure:
            frame.raised = kind
            raise ReturnExit  # nothing after it runs
        frame.raised = MAYBE_RAISED

    def exec_branches(self, branches: list[list[ast.stmt]], env: Env, ctx: Ctx, frame: Frame,
                      preludes: list[dict[str, object]] | None = None) -> None:
        """Run each branch from the same state; a name the branches disagree on becomes UNKNOWN.
        ``preludes``: names each branch binds before its statements (a case's captures)."""
        base = dict(env.names)
        outcomes: list[dict[str, object]] = []
        self._uncertain += 1
        try:
            for index, body in enumerate(branches):
                env.names = dict(base)
                if preludes is not None:
                    self.bind_all(preludes[index], env, ctx)
                self.exec_block(body, env, ctx, frame)
                outcomes.append(env.names)
        finally:
            self._uncertain -= 1
        # A name the branches disagree on is one of their values (a name bound on one
        # path only keeps that path's value: on the other, Python raises NameError).
        reaching: dict[str, list[object]] = {}
        for outcome in outcomes:
            for name, value in outcome.items():
                reaching.setdefault(name, []).append(value)
        env.names = {name: values[0] if len(values) == 1 else one_of(values)
                     for name, values in reaching.items()}

    def exec_loop_body(self, body: list[ast.stmt], env: Env, ctx: Ctx, frame: Frame) -> None:
        """A body that runs an unknown number of times: each name ends as one of the values
        it has after 0, 1, 2, ... runs, computed until no new value appears (a name that
        keeps changing, `x = x + 1`, grows past MAX_FORMS and becomes unknown)."""
        self._loops.append(LoopState(-1))  # its break / continue are never sure
        try:
            self._settle_loop_body(body, env, ctx, frame)
        finally:
            self._loops.pop()

    def _settle_loop_body(self, body: list[ast.stmt], env: Env, ctx: Ctx, frame: Frame) -> None:
        for _ in range(MAX_LOOP_PASSES):
            before = {name: fingerprint(value) for name, value in env.names.items()}
            self.exec_branches([body, []], env, ctx, frame)
            if {name: fingerprint(value) for name, value in env.names.items()} == before:
                return
        for name, value in env.names.items():
            if before.get(name, MISSING) != fingerprint(value):
                env.names[name] = UNKNOWN

    def exec_try(self, stmt: ast.Try, env: Env, ctx: Ctx, frame: Frame) -> None:
        """The body then `else` when nothing raises, or the body then a handler: where the two
        paths disagree on a name it is unknown (an optional import may or may not fail).
        `finally` runs also when a sure return or break leaves the body."""
        try:
            if stmt.handlers:
                self.exec_guarded_body(stmt.body, env, ctx, frame)
            else:
                self.exec_block(stmt.body, env, ctx, frame)
            if stmt.handlers:
                for handler in stmt.handlers:
                    if handler.name:
                        env.names[handler.name] = UNKNOWN
                self.exec_branches([stmt.orelse, *(h.body for h in stmt.handlers)], env, ctx, frame)
            else:
                self.exec_block(stmt.orelse, env, ctx, frame)
        finally:
            self.exec_block(stmt.finalbody, env, ctx, frame)

    def exec_guarded_body(self, body: list[ast.stmt], env: Env, ctx: Ctx, frame: Frame) -> None:
        """A try body with handlers: any statement in it may raise into a handler, so an exit
        in it is not sure (`try: return fast() except ImportError: return slow()`)."""
        level, loop_level = frame.level, self._loops[-1].level if self._loops else None
        frame.level = -1
        if self._loops:
            self._loops[-1].level = -1
        try:
            self.exec_block(body, env, ctx, frame)
        finally:
            frame.level = level
            if self._loops and loop_level is not None:
                self._loops[-1].level = loop_level

    def exec_match(self, stmt: ast.Match, env: Env, ctx: Ctx, frame: Frame) -> None:
        """Cases tried in order against a known subject (patterns.py); the first sure match
        runs alone, with the names its pattern binds."""
        subject = self.ev(stmt.subject, env, ctx)
        possible: list[tuple[dict[str, object], list[ast.stmt]]] = []
        for case in stmt.cases:
            binds: dict[str, object] = {}
            verdict = patterns.match(case.pattern, subject, lambda node: self.ev(node, env, ctx), binds,
                                     lambda obj, name: self.attribute_named(obj, name, ctx))
            if verdict is False:
                continue
            if case.guard is not None:
                verdict = None
            possible.append((binds, list(case.body)))
            if verdict is True:
                break
        else:
            possible.append(({}, []))  # no case matched
        if len(possible) == 1:
            self.bind_all(possible[0][0], env, ctx)
            self.exec_block(possible[0][1], env, ctx, frame)
        else:
            self.exec_branches([body for _, body in possible], env, ctx, frame,
                               preludes=[binds for binds, _ in possible])

    def bind_all(self, binds: dict[str, object], env: Env, ctx: Ctx) -> None:
        for name, value in binds.items():
            self.assign(ast.Name(name, ast.Store()), value, env, ctx)

    def exec_for(self, stmt: ast.For | ast.AsyncFor, env: Env, ctx: Ctx, frame: Frame) -> None:
        iterable = self.iterable_of(self.ev(stmt.iter, env, ctx), ctx)
        if (_is_iterator(iterable) and not isinstance(iterable, GeneratorVal)) \
                or datamodel.special_method(iterable, "__next__") is not MISSING:
            self.exec_for_iterator(stmt, iterable, env, ctx, frame)
            return
        items = unpack(iterable) if not (isinstance(iterable, Const) and isinstance(iterable.value, str)) \
            else None
        if items is not None and 0 < len(items) <= MAX_LOOP_UNROLL:
            loop = LoopState(self._uncertain)
            self._loops.append(loop)
            try:
                for item in items:
                    self.assign(stmt.target, item, env, ctx)
                    if self.run_pass(stmt.body, env, ctx, frame):
                        return  # a sure break: the loop's else does not run
            finally:
                self._loops.pop()
            self.exec_loop_else(stmt.orelse, loop, env, ctx, frame)
            return
        self.assign(stmt.target, UNKNOWN, env, ctx)
        self.exec_loop_body(stmt.body, env, ctx, frame)
        self.exec_branches([stmt.orelse, []], env, ctx, frame) if self._has_break(stmt.body) \
            else self.exec_block(stmt.orelse, env, ctx, frame)

    def exec_for_iterator(self, stmt: ast.For | ast.AsyncFor, iterator: object, env: Env, ctx: Ctx,
                          frame: Frame) -> None:
        """A loop over an iterator: one item per pass, read when the pass starts, as Python
        reads it (a generator resumed, a groupby group read in the body before the next key).
        From the first item not known to be the next, the rest runs an unknown number of times."""
        loop = LoopState(self._uncertain)
        self._loops.append(loop)
        rest_unknown = False
        try:
            for count in range(MAX_LOOP_UNROLL + 1):
                step = self.next_step(iterator, ctx)
                if step.kind == "done":
                    break
                if step.kind != "item" or not step.sure or count == MAX_LOOP_UNROLL:
                    rest_unknown = True
                    break
                self.assign(stmt.target, step.value, env, ctx)
                if self.run_pass(stmt.body, env, ctx, frame):
                    return  # a sure break: the loop's else does not run
        finally:
            self._loops.pop()
        if not rest_unknown:
            self.exec_loop_else(stmt.orelse, loop, env, ctx, frame)
            return
        self.assign(stmt.target, UNKNOWN, env, ctx)
        self.exec_loop_body(stmt.body, env, ctx, frame)
        self.drain(iterator, ctx)
        self.exec_branches([stmt.orelse, []], env, ctx, frame) if self._has_break(stmt.body) \
            else self.exec_block(stmt.orelse, env, ctx, frame)

    def exec_while(self, stmt: ast.While, env: Env, ctx: Ctx, frame: Frame) -> None:
        """Passes run while the condition is known to hold (up to the unroll cap); from the
        first pass whose condition is unknown, the rest runs an unknown number of times."""
        loop = LoopState(self._uncertain)
        ended: bool | None = None  # True: the condition became false; False: a sure break
        self._loops.append(loop)
        try:
            for _ in range(MAX_LOOP_UNROLL):
                taken = self.truth(self.ev(stmt.test, env, ctx))
                if taken is None:
                    break
                if not taken:
                    ended = True
                    break
                if self.run_pass(stmt.body, env, ctx, frame):
                    ended = False
                    break
        finally:
            self._loops.pop()
        if ended is True:
            self.exec_loop_else(stmt.orelse, loop, env, ctx, frame)
        elif ended is None:
            self.exec_loop_body(stmt.body, env, ctx, frame)
            self.exec_branches([stmt.orelse, []], env, ctx, frame)

    def run_pass(self, body: list[ast.stmt], env: Env, ctx: Ctx, frame: Frame) -> bool:
        """One pass of a loop body whose exits are sure; True when it ends with a break."""
        try:
            self.exec_block(body, env, ctx, frame)
        except ContinueExit:
            pass
        except BreakExit:
            return True
        return False

    def exec_loop_else(self, orelse: list[ast.stmt], loop: LoopState, env: Env, ctx: Ctx,
                       frame: Frame) -> None:
        """A loop's `else`, after it ran out: it may not run if a break was possible."""
        if loop.maybe_broke:
            self.exec_branches([orelse, []], env, ctx, frame)
        else:
            self.exec_block(orelse, env, ctx, frame)

    def exit_loop(self, stmt: ast.Break | ast.Continue) -> None:
        if not self._loops:
            return
        loop = self._loops[-1]
        if loop.level == self._uncertain:
            raise BreakExit if isinstance(stmt, ast.Break) else ContinueExit
        if isinstance(stmt, ast.Break):
            loop.maybe_broke = True

    @staticmethod
    def _has_break(body: list[ast.stmt]) -> bool:
        """Does a break of this loop (not of a loop nested in it) appear in the body?"""
        pending: list[ast.AST] = list(body)
        while pending:
            node = pending.pop()
            if isinstance(node, ast.Break):
                return True
            if not isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef,
                                     ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                pending.extend(ast.iter_child_nodes(node))
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
                pending.extend(node.orelse)
        return False

    def assign(self, target: ast.expr, value: object, env: Env, ctx: Ctx) -> None:
        if isinstance(target, ast.Name):
            scope = env.redirects.get(target.id, env)
            scope.names[target.id] = value
            if scope.parent is None or scope is not env:
                self.stores += 1  # a module's or an enclosing function's name: shared state
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            self.assign_sequence(target, value, env, ctx)
        elif isinstance(target, ast.Attribute):
            owner = self.ev(target.value, env, ctx)
            if isinstance(owner, (ObjVal, ClassVal, NamespaceVal, ModuleVal)):
                self.stores += 1  # an object's state, which a later call may read
            if not datamodel.store_attribute(self, owner, target.attr, value, ctx) \
                    and isinstance(owner, NamespaceVal):
                owner.attrs[target.attr] = value
        elif isinstance(target, ast.Subscript):
            container = self.ev(target.value, env, ctx)
            if isinstance(container, RefVal):
                index = self.ev_ref_index(target.slice, env, ctx)
                self.record_access("store", container, index, target, ctx, value)
                return
            key = self.ev(target.slice, env, ctx)
            if isinstance(container, (DictVal, ObjVal)):
                self.stores += 1  # a dict's items (a list's count in mutate)
            if isinstance(container, introspection.ScopeView) and container.scope is not None \
                    and isinstance(key, Const) and isinstance(key.value, str):
                self.assign(ast.Name(key.value, ast.Store()), value, container.scope, ctx)
            elif isinstance(container, DictVal):
                container.store(key, UNKNOWN if self._uncertain else value)
            elif isinstance(container, ListVal):
                self.mutate(container, lambda: self._set_item(container, key, value))
            else:
                setter = datamodel.special_method(container, "__setitem__")
                if setter is not MISSING:
                    self.call_value(setter, [key, value], {}, ctx)
        elif isinstance(target, ast.Starred):
            self.assign(target.value, UNKNOWN, env, ctx)

    def assign_sequence(self, target: ast.Tuple | ast.List, value: object, env: Env, ctx: Ctx) -> None:
        """`a, b = v` and `first, *rest = v`: the starred name takes the middle items, as a
        new list; a value whose items are unknown, or too few, binds every name unknown."""
        parts: list[object] | None = None
        value = plain(value)
        if isinstance(value, Const) and isinstance(value.value, tuple):
            parts = [Const(v) for v in value.value]
        elif not (isinstance(value, Const) and isinstance(value.value, str)):
            parts = unpack(value)
        stars = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
        after = len(target.elts) - stars[0] - 1 if stars else 0
        fits = parts is not None and len(stars) <= 1 and (
            len(parts) >= len(target.elts) - 1 if stars else len(parts) == len(target.elts))
        for index, element in enumerate(target.elts):
            if not fits or parts is None:
                inner = element.value if isinstance(element, ast.Starred) else element
                self.assign(inner, UNKNOWN, env, ctx)
            elif isinstance(element, ast.Starred):
                self.assign(element.value, _new_list(pack(parts[index:len(parts) - after])), env, ctx)
            elif stars and index > stars[0]:
                self.assign(element, parts[len(parts) - (len(target.elts) - index)], env, ctx)
            else:
                self.assign(element, parts[index], env, ctx)

    def mutate(self, target: ListVal, change) -> None:  # type: ignore[no-untyped-def]
        """A store into a list; one on a path that may not run leaves its contents unknown."""
        self.stores += 1
        if self._uncertain:
            target.forget()
        else:
            change()

    @staticmethod
    def _set_item(target: ListVal, key: object, value: object) -> None:
        if target.complete and isinstance(key, Const) and type(key.value) is int \
                and -len(target.items) <= key.value < len(target.items):
            target.items[key.value] = value
        else:
            target.forget()

    def list_method(self, method: str, target: ListVal, args: list[object],
                    kwargs: dict[str, object] | None = None) -> object:
        """``xs.append(v)`` and the other list methods, on the list object itself."""
        if method == "copy":
            return ListVal(list(target.items), target.complete)
        if method in ("index", "count", "sort", "remove") and target.complete:
            # Run for real on the list's items; a change is written back (python/bridge.py).
            result = bridge.list_method(method, target, args, kwargs or {}, bool(self._uncertain))
            if result is UNKNOWN and method in ("sort", "remove"):
                target.forget()
            return result
        result: object = Const(None)
        if kwargs:
            target.forget()  # no other list method takes keywords
            return UNKNOWN
        if method == "pop" and target.complete and target.items and len(args) <= 1 and all(
                isinstance(a, Const) and type(a.value) is int for a in args) and not self._uncertain:
            index = args[0].value if args else -1  # type: ignore[attr-defined]
            if -len(target.items) <= index < len(target.items):  # type: ignore[operator]
                return target.items.pop(index)  # type: ignore[arg-type]
            target.forget()
            return UNKNOWN
        if method == "append" and len(args) == 1:
            self.mutate(target, lambda: target.add([args[0]]))
        elif method == "extend" and len(args) == 1:
            self.mutate(target, lambda: target.add(unpack(plain(args[0]))))
        elif method == "insert" and len(args) == 2 and isinstance(args[0], Const) \
                and type(args[0].value) is int:
            self.mutate(target, lambda: target.items.insert(args[0].value, args[1])  # type: ignore[attr-defined]
                        if target.complete and len(target.items) < 256 else target.forget())
        elif method == "reverse" and not args:
            self.mutate(target, target.items.reverse)
        elif method == "clear" and not args:
            self.mutate(target, lambda: target.items.clear())
        else:
            # remove, sort(key=...), an unknown method or arity: what it holds is unknown.
            target.forget()
            result = UNKNOWN
        return result

    def define_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, env: Env, ctx: Ctx) -> object:
        value: object = FuncVal(node, env, defaults=self.eval_defaults(node.args, env, ctx))
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
            if isinstance(dec, FuncVal) or (isinstance(dec, PartialVal) and isinstance(dec.func, FuncVal)):
                cls = self.apply_decorator(dec, cls, decorator, env, ctx)
            elif isinstance(dec, QualName) and dec.name == "functools.total_ordering":
                cls = comparisons.total_ordering(cls)
        return cls

    def apply_decorator(self, dec: object, value: object, node: ast.expr, env: Env, ctx: Ctx) -> object:
        if isinstance(dec, PropertyPart):
            return dec.build(value)
        made = context_function(dec, value)
        if made is not None:
            return made
        if isinstance(dec, QualName) and dec.name in jax_calls.TRANSPARENT_DECORATORS:
            return value
        if isinstance(dec, (QualName, PartialVal, FuncVal, ClassVal, RegisterVal, ObjVal)):
            call_node = node if isinstance(node, ast.Call) else ast.Call(func=node, args=[], keywords=[])
            ast.copy_location(call_node, node)
            return self.call(dec, [value], {}, call_node, [], {}, env, ctx)
        if ctx.launch is not None and isinstance(value, FuncVal):
            # Inside a kernel an unknown decorator (pl.when(...), plgpu.nd_loop(...))
            # runs the body as it is traced.
            call_node = node if isinstance(node, ast.Call) else ast.Call(func=node, args=[], keywords=[])
            ast.copy_location(call_node, node)
            if isinstance(dec, OpaqueScope):
                ctx = dec.inside(ctx)
            self.call_unknown_args(value, call_node, ctx)
            return UNKNOWN
        return value  # an unknown host decorator: assume it wraps and calls the function

    def eval_defaults(self, spec: ast.arguments, env: Env, ctx: Ctx) -> dict[str, object]:
        """Parameter defaults, evaluated where the function is defined."""
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
        bases = tuple(self.ev(base, env, ctx) for base in node.bases)
        keywords = {k.arg: self.ev(k.value, env, ctx) for k in node.keywords if k.arg}
        class_env = Env({}, parent=env)
        self.exec_body(node.body, class_env, ctx)
        attrs = class_env.names
        record = any(_decorator_name(d).endswith("dataclass") for d in node.decorator_list) or any(
            isinstance(b, QualName) and b.name.endswith("NamedTuple") for b in bases)
        cls = ClassVal(node, attrs, record, bases)
        if _is_enum(bases):
            self.make_enum(cls, node, bases)
        datamodel.rebind_methods(cls, class_env, env)
        metaclass = keywords.pop("metaclass", None)
        if metaclass is None:
            metaclass = next((b.metaclass for b in bases if isinstance(b, ClassVal) and b.metaclass), None)
        return self.create_class(cls, metaclass, keywords, node, env, ctx)

    def make_enum(self, cls: ClassVal, node: ast.ClassDef, bases: tuple[object, ...]) -> None:
        """Enum machinery: each plain class attribute becomes a member with `name` and
        `value` (`auto()` numbers from 1, or the lowercased name in a StrEnum); a later
        name with an earlier member's value is an alias of it."""
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
        for name, value in list(cls.attrs.items()):
            if name.startswith("_") or isinstance(value, (FuncVal, ClassVal, WrappedVal, *DESCRIPTOR_TYPES)):
                continue
            if name in automatic:
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
            if value is not UNKNOWN:
                by_value[key] = member
        cls.enum_members = members
        if is_flag:
            cls.enum_flags = {m.attrs["value"].value: m for m in members.values()  # type: ignore[attr-defined]
                              if isinstance(m.attrs["value"], Const) and type(m.attrs["value"].value) is int}

    def create_class(self, cls: ClassVal, metaclass: object, keywords: dict[str, object],
                     node: ast.ClassDef, env: Env, ctx: Ctx) -> object:
        """type.__new__ and its hooks: a metaclass's __new__ gets the class keywords;
        otherwise the bases' __init_subclass__ does."""
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
                return made if isinstance(made, ClassVal) else UNKNOWN
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
        return cls

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
        if followed and len(self.library_paths) < MAX_LIBRARY_MODULES:
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
        parent, _, last = name.rpartition(".")
        if parent and parent in self.module_envs:
            self.module_envs[parent].names.setdefault(last, ModuleVal(name, env))
        return env

    def import_workspace(self, stmt: ast.Import | ast.ImportFrom, env: Env, ctx: Ctx) -> None:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
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

    # ---- expressions ---------------------------------------------------------------------

    def ev(self, node: ast.expr | None, env: Env, ctx: Ctx) -> object:
        if node is None:
            return Const(None)
        if isinstance(node, ast.Constant):
            return Const(node.value, origins=(node,) if isinstance(node.value, str) else None)
        if isinstance(node, ast.Name):
            scope = env.find_scope(node.id)
            if scope is not None:
                return scope.names[node.id]
            if node.id in _BUILTINS:
                return QualName(f"builtins.{node.id}")
            stars = self._star_modules.get(id(_module_scope(env)), [])
            if len(stars) == 1:
                return names.attribute(stars[0], node.id)
            return UNKNOWN
        if isinstance(node, ast.Attribute):
            return self.each(lambda base: self.attribute(base, node, ctx), self.ev(node.value, env, ctx))
        if isinstance(node, ast.Call):
            return self.ev_call(node, env, ctx)
        if isinstance(node, ast.Tuple):
            return self.ev_sequence(node.elts, env, ctx)
        if isinstance(node, ast.List):
            return _new_list(self.ev_sequence(node.elts, env, ctx))
        if isinstance(node, ast.BinOp):
            return self.each(lambda left, right: _flag_or_binary(left, node.op, right),
                             self.ev(node.left, env, ctx), self.ev(node.right, env, ctx))
        if isinstance(node, ast.Subscript):
            base = self.ev(node.value, env, ctx)
            # A dict subclass's instance: its class's __getitem__ / __missing__ first.
            base = base if isinstance(base, ObjVal) and base.payload is not None else plain(base)
            if isinstance(base, (ViewIndexer, RefVal)):
                index = self.ev_ref_index(node.slice, env, ctx)
                self.record_access("load", base, index, node, ctx)
                return self.subscript(base, index, ctx)
            if isinstance(node.slice, ast.Slice):
                bounds = [self.ev(b, env, ctx) if b is not None else Const(None)
                          for b in (node.slice.lower, node.slice.upper, node.slice.step)]
                return self.each(lambda base, *bounds: jax_calls.slice_of(base, list(bounds)),
                                 base, *bounds)
            return self.each(lambda base, index: self.subscript(base, index, ctx), base,
                             self.ev(node.slice, env, ctx))
        if isinstance(node, ast.Lambda):
            return FuncVal(node, env, defaults=self.eval_defaults(node.args, env, ctx))
        if isinstance(node, ast.IfExp):
            taken = self.truth(self.ev(node.test, env, ctx))
            if taken is not None:
                return self.ev(node.body if taken else node.orelse, env, ctx)
            return one_of([self.ev(node.body, env, ctx), self.ev(node.orelse, env, ctx)])
        if isinstance(node, ast.Dict):
            return self.ev_dict(node, env, ctx)
        if isinstance(node, ast.Compare):
            left = self.ev(node.left, env, ctx)
            return self.each(
                lambda left, *rights: self.compare(left, node.ops, list(rights), ctx),
                left, *(self.ev(c, env, ctx) for c in node.comparators))
        if isinstance(node, ast.BoolOp):
            return self.ev_boolop(node, env, ctx)
        if isinstance(node, ast.UnaryOp):
            return self.each(lambda operand: _unary(node.op, operand), self.ev(node.operand, env, ctx))
        if isinstance(node, ast.JoinedStr):
            return self.each(lambda *parts: pyflow.formatted(list(parts)),
                             *(self.ev_fstring_part(v, env, ctx) for v in node.values))
        if isinstance(node, ast.NamedExpr):
            value = self.ev(node.value, env, ctx)
            self.assign(node.target, value, env, ctx)
            return value
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            return self.ev_comprehension(node, env, ctx)
        if isinstance(node, ast.Starred):
            return self.ev(node.value, env, ctx)
        if isinstance(node, ast.Set):  # a real set of its items (`axis in {"x", "y"}`)
            return bridge.run("builtins.set", set, [self.ev_sequence(node.elts, env, ctx)], {})
        # The rest only matter for the calls inside them: evaluate the children.
        if isinstance(node, ast.Compare):
            children: list[ast.expr] = [node.left, *node.comparators]
        elif isinstance(node, ast.BoolOp):
            children = node.values
        elif isinstance(node, ast.UnaryOp):
            children = [node.operand]
        elif isinstance(node, (ast.Yield, ast.YieldFrom)):
            value = self.ev(node.value, env, ctx) if node.value is not None else Const(None)
            frame = self._frames[-1] if self._frames else None
            if frame is None or not isinstance(frame.generator, Generator):
                return UNKNOWN  # a yield outside a generator's run (a class body): a SyntaxError
            if isinstance(node, ast.YieldFrom):
                return self.yield_from(frame, value, ctx)
            return frame.generator.suspend(value, self.sure_yield(frame))  # what `send` passes in
        elif isinstance(node, ast.Await):
            return self.await_value(self.ev(node.value, env, ctx), ctx)
        elif isinstance(node, ast.Dict):
            children = [*(k for k in node.keys if k is not None), *node.values]
        elif isinstance(node, ast.Set):
            children = node.elts
        elif isinstance(node, ast.JoinedStr):
            children = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
        else:
            children = [c for c in ast.iter_child_nodes(node) if isinstance(c, ast.expr)]
        for child in children:
            self.ev(child, env, ctx)
        return UNKNOWN

    def each(self, operation, *operands: object) -> object:  # type: ignore[no-untyped-def]
        """``operation`` on operands of which some may take several forms: applied to each
        combination of forms, the result is one of the results."""
        if not any(isinstance(operand, OneOf) for operand in operands):
            return operation(*operands)
        combinations: list[tuple[object, ...]] = [()]
        for operand in operands:
            forms = operand.forms if isinstance(operand, OneOf) else (operand,)
            combinations = [(*done, form) for done in combinations for form in forms]
            if len(combinations) > MAX_FORMS:
                return UNKNOWN
        return one_of([operation(*combination) for combination in combinations])

    def attribute(self, base: object, node: ast.Attribute, ctx: Ctx) -> object:
        return self.attribute_named(base, node.attr, ctx, node)

    def attribute_named(self, base: object, attr: str, ctx: Ctx, node: ast.Attribute | None = None) -> object:
        """``base.attr``, also when the name is computed (``getattr(base, name)``)."""
        if isinstance(base, SuperVal):
            return self.super_attribute(base, attr)
        value = datamodel.descriptor_attribute(base, attr)
        if value is MISSING:
            if isinstance(base, ObjVal):
                value = datamodel.instance_attribute(self, base, attr, ctx)
            elif isinstance(base, ClassVal):
                value = datamodel.class_attribute(self, base, attr, ctx)
            elif isinstance(base, ModuleVal):
                value = modules.module_attribute(self, base, attr, ctx)
            elif isinstance(base, (CoroutineVal, GatheredVal)):
                return UNKNOWN  # send / close / cancel: none of them runs the body here
            elif isinstance(base, Generator):
                return GeneratorMethod(base, attr) if attr in GENERATOR_METHODS else UNKNOWN
        if value is MISSING:
            value = jax_calls.get_attribute(base, attr, node)  # type: ignore[arg-type]
        if ctx.patches and isinstance(value, QualName):
            value = next((new for name, new in ctx.patches if name == value.name), value)
        return introspection.program_input(value)

    def subscript(self, base: object, index: object, ctx: Ctx | None = None) -> object:
        method = datamodel.special_method(base, "__getitem__")
        if method is not MISSING:
            return self.call_value(method, [index], {}, ctx or Ctx())
        if isinstance(base, ClassVal) and base.enum_members is None:
            made = datamodel.class_getitem(self, base, index, ctx or Ctx())
            if made is not MISSING:
                return made
        loaded = introspection.loaded_module(self, base, index)
        if loaded is MISSING:
            loaded = stdlib_values.subscript(base, index)
        return loaded if loaded is not MISSING else _subscript(base, index)

    def ev_fstring_part(self, part: ast.expr, env: Env, ctx: Ctx) -> object:
        if isinstance(part, ast.FormattedValue):
            value = self.ev(part.value, env, ctx)
            return value if part.conversion == -1 and part.format_spec is None else UNKNOWN
        return self.ev(part, env, ctx)

    def ev_boolop(self, node: ast.BoolOp, env: Env, ctx: Ctx) -> object:
        """`a and b` / `a or b`: the operand Python returns, when the truths are known."""
        result: object = UNKNOWN
        for index, operand in enumerate(node.values):
            result = self.ev(operand, env, ctx)
            known = self.truth(result)
            if known is None:
                for rest in node.values[index + 1:]:
                    self.ev(rest, env, ctx)
                return UNKNOWN
            if known == isinstance(node.op, ast.Or):
                return result
        return result

    def ev_dict(self, node: ast.Dict, env: Env, ctx: Ctx) -> DictVal:
        value = DictVal()
        for key, item in zip(node.keys, node.values, strict=True):
            if key is None:  # {**other}
                spread = self.ev(item, env, ctx)
                if isinstance(spread, RealVal):  # an OrderedDict, a Counter...: its items, for real
                    spread = bridge.run("builtins.dict", dict, [spread], {})
                if isinstance(spread, DictVal):
                    for k, v in spread.items.items():
                        value.store(Const(k), v)
                    value.complete = value.complete and spread.complete
                else:
                    value.store(UNKNOWN, UNKNOWN)
            else:
                value.store(self.ev(key, env, ctx), self.ev(item, env, ctx))
        return value

    def ev_sequence(self, elements: list[ast.expr], env: Env, ctx: Ctx) -> object:
        values: list[object] = []
        exact = True
        for element in elements:
            if isinstance(element, ast.Starred):
                spread = plain(self.ev(element.value, env, ctx))
                if isinstance(spread, Const) and isinstance(spread.value, tuple):
                    values.extend(Const(v, origins=(o,)) for v, o in
                                  zip(spread.value, element_origins(spread), strict=True))
                elif isinstance(spread, tuple):
                    values.extend(spread)
                else:
                    exact = False
            else:
                values.append(self.ev(element, env, ctx))
        if not exact:
            return UNKNOWN
        return pack(values)

    def ev_comprehension(self, node: ast.expr, env: Env, ctx: Ctx) -> object:
        """Over known items, element by element (a tuple, or a dict for a dict comprehension);
        else the parts are evaluated once for the calls in them and the result is unknown."""
        results: list[tuple[object, object]] = []
        exact = self._comprehend(node, node.generators, Env({}, parent=env), ctx, results)  # type: ignore[attr-defined]
        if exact:
            if isinstance(node, ast.DictComp):
                made = DictVal()
                for key, value in results:
                    made.store(key, value)
                return made
            values = [value for _key, value in results]
            return ListVal(values) if isinstance(node, ast.ListComp) else pack(values)
        inner = Env({}, parent=env)
        for generator in node.generators:  # type: ignore[attr-defined]
            self.ev(generator.iter, inner, ctx)
            self.assign(generator.target, UNKNOWN, inner, ctx)
            for condition in generator.ifs:
                self.ev(condition, inner, ctx)
        if isinstance(node, ast.DictComp):
            self.ev(node.key, inner, ctx)
            self.ev(node.value, inner, ctx)
        else:
            self.ev(node.elt, inner, ctx)  # type: ignore[attr-defined]
        return UNKNOWN

    def _comprehend(self, node: ast.expr, generators: list[ast.comprehension], env: Env, ctx: Ctx,
                    results: list[tuple[object, object]]) -> bool:
        if not generators:
            if isinstance(node, ast.DictComp):
                results.append((self.ev(node.key, env, ctx), self.ev(node.value, env, ctx)))
            else:
                results.append((None, self.ev(node.elt, env, ctx)))  # type: ignore[attr-defined]
            return len(results) <= MAX_COMPREHENSION
        first, rest = generators[0], generators[1:]
        iterable = self.iterable_of(self.ev(first.iter, env, ctx), ctx)
        for item in self._items_in_step(iterable, ctx):
            if item is MISSING:
                return False
            self.assign(first.target, item, env, ctx)
            verdicts = [self.truth(self.ev(c, env, ctx)) for c in first.ifs]
            if any(v is None for v in verdicts):
                return False
            if all(verdicts) and not self._comprehend(node, rest, env, ctx, results):
                return False
        return True

    def _items_in_step(self, iterable: object, ctx: Ctx) -> Iterator[object]:
        """The items of what a comprehension iterates, each read when its turn comes (an
        iterator's next item after the element before it was evaluated, as Python reads
        it); MISSING, last, when they are not all known."""
        if not (_is_iterator(iterable) or datamodel.special_method(iterable, "__next__") is not MISSING):
            items = unpack(iterable)
            if items is None or len(items) > MAX_COMPREHENSION:
                yield MISSING
                return
            yield from items
            return
        for _ in range(MAX_COMPREHENSION):
            step = self.next_step(iterable, ctx)
            if step.kind == "done":
                return
            if step.kind != "item" or not step.sure:
                break
            yield step.value
        self.drain(iterable, ctx)
        yield MISSING

    def ev_call(self, node: ast.Call, env: Env, ctx: Ctx) -> object:
        func = self.ev(node.func, env, ctx)
        args: list[object] = []
        arg_nodes: list[ast.expr] = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                spread = plain(self.ev(arg.value, env, ctx))
                if isinstance(spread, Const) and isinstance(spread.value, tuple):
                    args.extend(Const(v, origins=(o,)) for v, o in
                                zip(spread.value, element_origins(spread), strict=True))
                    arg_nodes.extend(arg for _ in spread.value)
                elif isinstance(spread, tuple):
                    args.extend(spread)
                    arg_nodes.extend(arg for _ in spread)
                else:
                    args.append(_UNKNOWN_REST)
                    arg_nodes.append(arg)
            else:
                args.append(self.ev(arg, env, ctx))
                arg_nodes.append(arg)
        kwargs: dict[str, object] = {}
        kw_nodes: dict[str, ast.expr] = {}
        for keyword in node.keywords:
            value = self.ev(keyword.value, env, ctx)
            if keyword.arg is None:
                value = plain(value) if isinstance(value, ObjVal) else value  # a dict subclass's dict
                if isinstance(value, DictVal) and value.complete and all(
                        isinstance(k, str) for k in value.items):
                    kwargs.update(value.items)  # type: ignore[arg-type]
                else:
                    kwargs["**"] = UNKNOWN
                continue
            kwargs[keyword.arg] = value
            kw_nodes[keyword.arg] = keyword.value
        return self.call(func, args, kwargs, node, arg_nodes, kw_nodes, env, ctx)

    # ---- calls ---------------------------------------------------------------------------

    def call(self, func: object, args: list[object], kwargs: dict[str, object], node: ast.Call,
             arg_nodes: list[ast.expr], kw_nodes: dict[str, ast.expr], env: Env, ctx: Ctx) -> object:
        self._call_sites.append(node)
        self.call_nodes[id(node)] = node
        try:
            return self._call(func, args, kwargs, node, arg_nodes, kw_nodes, env, ctx)
        finally:
            self._call_sites.pop()

    def _call(self, func: object, args: list[object], kwargs: dict[str, object], node: ast.Call,
              arg_nodes: list[ast.expr], kw_nodes: dict[str, ast.expr], env: Env, ctx: Ctx) -> object:
        if isinstance(func, ContextFunction):
            made = self.call_function(func.func, args, kwargs, ctx)  # runs when its `with` is entered
            return GeneratorContextManager(made if isinstance(made, Generator) else None)
        if isinstance(func, GeneratorMethod):
            return self.call_generator_method(func, args)
        if isinstance(func, comparisons.CompareCall) and len(args) == 2:
            return self.compare(args[0], [func.op], [args[1]], ctx)  # the bridge's stand-in compares
        if isinstance(func, QualName) and func.name == "builtins.super" and not args and self._frames:
            frame = self._frames[-1]
            if isinstance(frame.owner, ClassVal) and frame.first is not None:
                return SuperVal(frame.owner, frame.first)
            return UNKNOWN
        if isinstance(func, QualName) and func.name == "builtins.type.__new__":
            return self._new_classes[-1] if self._new_classes else UNKNOWN
        if isinstance(func, QualName):
            self.callee_names[id(node)] = func.name
            if func.name.split(".")[0] not in _SEEN_LIBRARIES:
                self._note_opaque_call(ctx)
            hooked = calls.builtin_hook(self, func.name, args, kwargs, ctx)
            if hooked is not MISSING:
                return hooked
            if func.name.startswith("builtins.list.") and args and isinstance(args[0], ListVal):
                return self.list_method(func.name.rsplit(".", 1)[-1], args[0], args[1:], kwargs)
            found = introspection.builtin_call(self, func.name, args, kwargs, env, ctx)
            if found is not MISSING:
                return found
            # Which arguments are lists matters to JAX, also once read as tuples below: a list
            # is no hashable primitive parameter (collective_axes=[...] fails while traced).
            lists = frozenset([i for i, a in enumerate(args) if isinstance(a, ListVal)]
                              + [k for k, v in kwargs.items() if isinstance(v, ListVal)])
            if not func.name.startswith(("builtins.dict.", "builtins.namespace_dict.", "builtins.str",
                                         "builtins.repr", "builtins.format", "python.")) \
                    and not allow.serves(func.name):  # the bridge writes changes back to lists
                # A library call reads a list as it is now; it keeps no alias we follow.
                args = [plain(a) for a in args]
                kwargs = {k: plain(v) for k, v in kwargs.items()}
            result = jax_calls.call_api(self, func.name, args, kwargs, node, arg_nodes, kw_nodes, env, ctx,
                                        lists=lists)
            self.axis_trace.observe(func.name, args, kwargs, node, arg_nodes, ctx.launch, ctx.manual,
                                    ctx.ambient, ctx.names_open, result)
            return _new_list(result) if func.name == "builtins.list" else result
        self.callee_names.setdefault(id(node), "user")
        if isinstance(func, OneOf):
            # Which callable runs depends on a path not decided: each may run.
            self._uncertain += 1
            try:
                return one_of([self.call(form, args, kwargs, node, arg_nodes, kw_nodes, env, ctx)
                               for form in func.forms])
            finally:
                self._uncertain -= 1
        if isinstance(func, FuncVal):
            if coroutines.is_coroutine_function(func):
                return CoroutineVal(func, list(args), dict(kwargs))  # its body runs when driven
            return self.call_function(func, args, kwargs, ctx)
        if isinstance(func, StaticMethodVal):
            return self.call(func.func, args, kwargs, node, arg_nodes, kw_nodes, env, ctx)
        if isinstance(func, RegisterVal):
            return datamodel.register(func, args, self.annotation_type)
        if isinstance(func, SingleDispatchVal):
            impl = datamodel.dispatch_target(func, args)
            if impl is MISSING:
                return UNKNOWN  # the argument's type is not known: which one runs is not either
            if func.self_value is not None:
                impl = datamodel.bind(impl, func.self_value, None)
            return self.call(impl, args, kwargs, node, arg_nodes, kw_nodes, env, ctx)
        if isinstance(func, PartialVal):
            merged = {**func.kwargs, **kwargs}
            return self.call(func.func, [*func.args, *args], merged, node, arg_nodes, kw_nodes, env, ctx)
        if isinstance(func, KernelVal):
            return self.launch(func.info, node, ctx, env, tuple(args))
        if isinstance(func, WrappedVal):
            return self.call_wrapped(func, args, kwargs, node, arg_nodes, kw_nodes, env, ctx)
        if isinstance(func, ClassVal) and func.enum_members is not None:
            # `Axis("x")`: the member with that value.
            if len(args) == 1 and not kwargs:
                wanted = fingerprint(plain(args[0]))
                return next((m for m in func.enum_members.values()
                             if fingerprint(plain(m.attrs["value"])) == wanted), UNKNOWN)
            return UNKNOWN
        if isinstance(func, ClassVal):
            custom = datamodel.metaclass_call(func)
            if custom is not MISSING:
                return self.call(custom, args, kwargs, node, arg_nodes, kw_nodes, env, ctx)
            return self.instantiate(func, args, kwargs, ctx)
        if isinstance(func, OpaqueScope):
            self.call_callbacks_of_unknown(args, kwargs, node, func.inside(ctx))
            return UNKNOWN
        if isinstance(func, ObjVal):
            method = datamodel.special_method(func, "__call__")
            if method is not MISSING:
                return self.call(method, args, kwargs, node, arg_nodes, kw_nodes, env, ctx)
        if isinstance(func, RealVal):
            # A real object a bridged call made (`operator.itemgetter(1)`): called for real.
            return self.call(QualName("python.call"), [func, *args], kwargs, node, arg_nodes, kw_nodes,
                             env, ctx)
        # An unknown callee (a method of an object we do not model, a library
        # function) calls the callbacks it is given as they are. A bare name bound to an
        # unknown function may set a context mesh; a method of an unknown value
        # (`np.array(devs).reshape(2, 2)`) is taken not to (calls of unfollowed modules and
        # of their classes are QualNames, noted above).
        if isinstance(node.func, ast.Name) and node.func.id not in _BUILTIN_NAMES:
            self._note_opaque_call(ctx)
        self.call_callbacks_of_unknown(args, kwargs, node, ctx)
        return UNKNOWN

    def _note_opaque_call(self, ctx: Ctx) -> None:
        """Host code we cannot see ran: JAX refuses jax.set_mesh inside jit, so only a call
        outside jit, shard_map and kernels may have set the context mesh."""
        if ctx.jit_node is None and ctx.manual is None and ctx.launch is None:
            self._opaque_host_calls = True

    def await_value(self, value: object, ctx: Ctx) -> object:
        """``await value``: a known coroutine runs now, in this context, once; a gather runs
        each of its awaitables in order; anything else is unknown."""
        if isinstance(value, OneOf):
            self._uncertain += 1
            try:
                return one_of([self.await_value(form, ctx) for form in value.forms])
            finally:
                self._uncertain -= 1
        if isinstance(value, CoroutineVal):
            if value.done:
                return UNKNOWN  # Python raises: a coroutine is awaited once
            value.done = True
            return self.call_function(value.func, value.args, value.kwargs, ctx)
        if isinstance(value, GatheredVal):
            return _new_list(pack([self.await_value(item, ctx) for item in value.awaitables]))
        awaiter = datamodel.special_method(value, "__await__")
        if awaiter is not MISSING:
            self.call_value(awaiter, [], {}, ctx)
        return UNKNOWN

    def annotation_type(self, func: object, position: int) -> object:
        """The type a parameter's annotation names (``singledispatch``'s ``register``),
        evaluated where the function was defined; a string annotation is parsed first."""
        annotation = datamodel.first_annotation(func, position)
        if annotation is None or not isinstance(func, FuncVal):
            return UNKNOWN
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                annotation = ast.parse(annotation.value, mode="eval").body
            except SyntaxError:
                return UNKNOWN
        return self.ev(annotation, func.closure, Ctx())

    def iterable_of(self, value: object, ctx: Ctx) -> object:
        """What iterating ``value`` goes over: ``type(value).__iter__(value)`` for an instance
        of the program's classes that defines it (read as the items that returns)."""
        method = datamodel.special_method(value, "__iter__")
        if method is MISSING:
            return value
        return self.call_value(method, [], {}, ctx)

    def call_wrapped(self, func: WrappedVal, args: list[object], kwargs: dict[str, object],
                     node: ast.Call, arg_nodes: list[ast.expr], kw_nodes: dict[str, ast.expr],
                     env: Env, ctx: Ctx) -> object:
        if func.kind == "jit":
            inner_ctx = replace(ctx, jit_node=func.node, jit_call=ctx.jit_call or node)
        elif func.kind in ("named_axes", "vmap"):
            inner_ctx = replace(ctx, vmap_names=True) if func.kind == "named_axes" else ctx
            # vmap maps over an axis of its arguments (in_axes): f sees each array without it,
            # so a shape read on the host is not the one f sees (dtypes are).
            args = [ArrayVal(UNKNOWN, arg.dtype) if isinstance(arg, ArrayVal) else arg for arg in args]
        else:
            mesh = func.mesh
            context = UNKNOWN if self._opaque_host_calls or self._opaque_withs else self.context_mesh
            self.shard_map_calls.append(ShardMapCall(node, func.node, mesh, context,
                                                     ctx.manual, ctx.shard_map_node))
            if mesh is MISSING:
                # No mesh=: shard_map takes the context mesh when its function is traced
                # (jax.set_mesh as a statement or a `with`, use_abstract_mesh). With none, JAX
                # stops here ("The context mesh cannot be empty", no rule's class): no kernel
                # under it lowers, so nothing is known there.
                # Inside another shard_map the context mesh is that shard_map's (its abstract
                # mesh: measured, a nested shard_map without mesh= lowers, 0.8.3 - 0.12.0.1).
                current = ctx.manual if isinstance(ctx.manual, MeshVal) else self.context_mesh
                usable = isinstance(current, MeshVal) and jax_calls.mesh_usable(current, self)
                mesh = current if usable else UNKNOWN
            inner_ctx = replace(ctx, manual=mesh, manual_axes=_nested_manual_axes(ctx, func.manual_axes),
                                shard_map_node=func.node)
            args = [_shard_of(arg, _spec_for(func.in_specs, index)) for index, arg in enumerate(args)]
        self.call(func.inner, args, kwargs, node, arg_nodes, kw_nodes, env, inner_ctx)
        return UNKNOWN

    def call_function(self, func: FuncVal, args: list[object], kwargs: dict[str, object], ctx: Ctx) -> object:
        node = func.node
        self._tick()
        self.last_raised = None
        if _is_generator(node):
            return self.make_generator(func, args, kwargs, ctx)
        key = (id(node), id(func.closure), id(func.self_value), fingerprint(tuple(args)),
               fingerprint(tuple(sorted(kwargs.items()))), ctx.key(), fingerprint(self.context_mesh))
        if key in self._memo:
            result, self.last_raised = self._memo[key]  # type: ignore[misc]
            return result
        # Recursion is the same function in the same closure: one decorator's wrapper around
        # two functions is two functions.
        activation = (id(node), id(func.closure))
        if activation in self._active or len(self._stack) >= MAX_CALL_DEPTH:
            return UNKNOWN
        frame = Frame(uncertain_base=self._uncertain, level=self._uncertain)
        if ctx.launch is not None:
            self.kernel_scopes[id(node)] = node
        stores_before = self.stores
        local = Env({}, parent=func.closure)
        self.bind_parameters(func, args, kwargs, local, ctx)
        frame.owner = func.owner
        spec = func.node.args
        first_param = ([*spec.posonlyargs, *spec.args] or [None])[0]
        frame.first = local.names.get(first_param.arg) if first_param is not None else None
        self._stack.append(node)
        self._active.add(activation)
        self._frames.append(frame)
        try:
            if isinstance(node, ast.Lambda):
                result = self.ev(node.body, local, ctx)
            else:
                self.exec_function_body(node.body, local, ctx, frame)
                result = _join(frame.returns) if frame.returns else Const(None)
        finally:
            self._stack.pop()
            self._active.discard(activation)
            self._frames.pop()
        if frame.raised is not None and frame.raised is not MAYBE_RAISED:
            result = UNKNOWN  # it raised: the call gives no value
        if self.stores == stores_before:  # it changed no state a later call reads
            self._memo[key] = (result, frame.raised)
        self.last_raised = frame.raised
        return result

    # ---- generators (python/generators.py) -----------------------------------------------

    def make_generator(self, func: FuncVal, args: list[object], kwargs: dict[str, object],
                       ctx: Ctx) -> object:
        """A generator function called: its parameters are bound now (as Python binds them),
        its body runs when the generator is resumed."""
        local = Env({}, parent=func.closure)
        self.bind_parameters(func, args, kwargs, local, ctx)
        return Generator(self, func, local, ctx, self._uncertain)

    @property
    def uncertain_level(self) -> int:
        return self._uncertain

    def run_generator_body(self, generator: Generator) -> object:
        """The generator's body, in its own thread, up to its end; what it returns."""
        func: FuncVal = generator.func  # type: ignore[assignment]
        ctx: Ctx = generator.ctx  # type: ignore[assignment]
        local: Env = generator.local  # type: ignore[assignment]
        node = func.node
        # Its level is where it was made: a resume on a path less sure than that makes it
        # unsure (Generator.resume), so its own stops and exits compare with that level.
        frame = Frame(uncertain_base=generator.level, level=generator.level, generator=generator)
        if ctx.launch is not None:
            self.kernel_scopes[id(node)] = node
        frame.owner = func.owner
        spec = node.args
        first_param = ([*spec.posonlyargs, *spec.args] or [None])[0]
        frame.first = local.names.get(first_param.arg) if first_param is not None else None
        # No recursion guard by activation: each call makes a new generator (a tree walk's
        # `yield from walk(child)`); its depth is bounded by the call stack it resumes on.
        self._stack.append(node)
        self._frames.append(frame)
        try:
            self.exec_function_body(node.body, local, ctx, frame)  # type: ignore[arg-type]
        finally:
            self._stack.pop()
            self._frames.pop()
        if frame.raised is not None:
            return UNKNOWN
        return _join(frame.returns) if frame.returns else Const(None)

    def enter_generator(self, generator: Generator) -> object:
        """Switch the per-run state to the generator's (its frames, loops, uncertainty):
        what its body needs while it runs; the caller's is handed back by leave_generator."""
        stacks = (self._call_sites, self._stack, self._frames, self._new_classes)
        saved = ([len(stack) for stack in stacks], self._loops, self._uncertain)
        if len(self._stack) >= MAX_CALL_DEPTH:
            generator.unsure = True
        view = generator.view
        if view is None:
            parts: list[list[object]] = [[], [], [], []]
            loops: list[LoopState] = []
            level = generator.level
        else:
            parts, loops, level = view  # type: ignore[misc]
        if generator.unsure and not getattr(generator, "bumped", False):
            level += 1  # resumed where it may not be: all it does from here may not happen
            generator.bumped = True  # type: ignore[attr-defined]
        for stack, part in zip(stacks, parts, strict=True):
            stack.extend(part)  # type: ignore[arg-type]
        self._loops = loops
        self._uncertain = level
        return saved

    def leave_generator(self, generator: Generator, saved: object) -> None:
        lengths, loops, level = saved  # type: ignore[misc]
        stacks = (self._call_sites, self._stack, self._frames, self._new_classes)
        parts = []
        for stack, length in zip(stacks, lengths, strict=True):
            parts.append(stack[length:])
            del stack[length:]
        generator.view = (parts, self._loops, self._uncertain)
        self._loops = loops
        self._uncertain = level

    def sure_yield(self, frame: Frame) -> bool:
        """A yield is sure to be the generator's next item when it is on the path its body is
        sure to take (no undecided branch, no return, break or raise run past before it)."""
        return not frame.stopped and not frame.returns and self._uncertain == frame.uncertain_base

    def yield_from(self, frame: Frame, value: object, ctx: Ctx) -> object:
        """``yield from value``: each item of it handed on (values sent go to a generator);
        the sub-generator's return value."""
        generator: Generator = frame.generator  # type: ignore[assignment]
        iterator = self.iterator_of(value, ctx)
        sent: object = Const(None)
        for _ in range(MAX_COMPREHENSION):
            step = iterator.resume("next", sent) if isinstance(iterator, Generator) \
                else self.next_step(iterator, ctx)
            if step.kind == "done":
                return step.value if isinstance(iterator, Generator) else Const(None)
            if step.kind == "unknown":
                break
            sent = generator.suspend(step.value, step.sure and self.sure_yield(frame))
        frame.stopped = True  # what it yields from here is not known: nor is anything after
        generator.suspend(UNKNOWN, False)
        return UNKNOWN

    def iterator_of(self, value: object, ctx: Ctx) -> object:
        """``iter(value)``: an iterator as is; ``__iter__`` of the program's classes; a known
        sequence as an iterator over its items; else UNKNOWN."""
        if _is_iterator(value):
            return value
        iterable = self.iterable_of(value, ctx)
        if _is_iterator(iterable) or datamodel.special_method(iterable, "__next__") is not MISSING:
            return iterable
        items = unpack(plain(iterable)) if not isinstance(iterable, ObjVal) else None
        return GeneratorVal(list(items)) if items is not None else UNKNOWN

    def is_iterator(self, value: object) -> bool:
        """An iterator ``next`` advances here: a generator, one over known items, or an
        instance of the program's classes with ``__next__`` (a real one: the bridge's)."""
        return isinstance(value, (Generator, GeneratorVal)) or (
            isinstance(value, ObjVal) and datamodel.special_method(value, "__next__") is not MISSING)

    def next_step(self, iterator: object, ctx: Ctx) -> Step:
        """``next(iterator)`` as a Step: a generator resumed, a real iterator advanced, an
        iterator over known items, or the program's ``__next__`` (StopIteration: the end)."""
        if isinstance(iterator, Generator):
            return iterator.resume("next", Const(None))
        if isinstance(iterator, GeneratorVal):
            if iterator.items is None:
                return UNKNOWN_STEP
            return Step("item", iterator.items.pop(0)) if iterator.items else Step("done", Const(None))
        if isinstance(iterator, RealVal):
            return iterator.next_step()
        method = datamodel.special_method(iterator, "__next__")
        if method is MISSING:
            return UNKNOWN_STEP
        self.last_raised = None
        item = self.call_value(method, [], {}, ctx)
        raised = self.last_raised
        if raised is None:
            return Step("item", item)
        if isinstance(raised, QualName) and raised.name == "builtins.StopIteration":
            return Step("done", Const(None))
        return UNKNOWN_STEP  # it may raise, or raises something else: the program stops there

    def call_generator_method(self, method: GeneratorMethod, args: list[object]) -> object:
        """``gen.send(v)``, ``gen.__next__()``, ``gen.close()``, ``gen.throw(...)``."""
        generator = method.generator
        if method.name in ("send", "__next__"):
            sent = args[0] if method.name == "send" and len(args) == 1 else Const(None)
            started = generator.state != "new"
            if method.name == "send" and (len(args) != 1 or (not started and sent != Const(None))):
                return UNKNOWN  # Python raises: a just-started generator takes only None
            step = generator.resume("next", sent)
            return step.value if step.kind == "item" and step.sure else UNKNOWN
        generator.resume("close" if method.name == "close" else "throw")
        return Const(None) if method.name == "close" else UNKNOWN

    def drain(self, iterator: object, ctx: Ctx) -> None:
        """Read what is left of an iterator a loop took an unknown number of items from, on
        a path that may not run (what the generator does after is unsure)."""
        if isinstance(iterator, RealVal):
            iterator.known = False
        if not isinstance(iterator, Generator):
            return
        self._uncertain += 1
        try:
            for _ in range(MAX_COMPREHENSION):
                if iterator.resume("next", Const(None)).kind != "item":
                    return
            iterator.abandon()
        finally:
            self._uncertain -= 1

    def exec_function_body(self, body: list[ast.stmt], env: Env, ctx: Ctx, frame: Frame) -> None:
        """A function's statements, up to a sure return; its loops are its own."""
        outer_loops, self._loops = self._loops, []
        try:
            self.exec_block(body, env, ctx, frame)
        except ReturnExit:
            pass
        finally:
            self._loops = outer_loops

    def bind_parameters(self, func: FuncVal, args: list[object], kwargs: dict[str, object],
                        local: Env, ctx: Ctx) -> None:
        spec = func.node.args
        positional = [*spec.posonlyargs, *spec.args]
        supplied = list(args)
        if func.self_value is not None and positional:
            supplied.insert(0, func.self_value)
        unknown_rest = any(a is _UNKNOWN_REST for a in supplied) or "**" in kwargs
        missing = len(positional) - len(spec.defaults)
        defaults: list[ast.expr | None] = [None] * missing + list(spec.defaults)
        for index, param in enumerate(positional):
            if index < len(supplied) and supplied[index] is not _UNKNOWN_REST and not (
                unknown_rest and any(a is _UNKNOWN_REST for a in supplied[:index])
            ):
                local.names[param.arg] = supplied[index]
            elif param.arg in kwargs:
                local.names[param.arg] = kwargs[param.arg]
            elif unknown_rest:
                local.names[param.arg] = UNKNOWN
            elif func.defaults is not None and param.arg in func.defaults:
                local.names[param.arg] = func.defaults[param.arg]
            elif defaults[index] is not None:
                local.names[param.arg] = self.ev(defaults[index], func.closure, ctx)
            else:
                local.names[param.arg] = UNKNOWN
        for param, default in zip(spec.kwonlyargs, spec.kw_defaults, strict=False):
            if param.arg in kwargs:
                local.names[param.arg] = kwargs[param.arg]
            elif default is not None and not unknown_rest:
                local.names[param.arg] = func.defaults[param.arg] if func.defaults is not None \
                    and param.arg in func.defaults else self.ev(default, func.closure, ctx)
            else:
                local.names[param.arg] = UNKNOWN
        if spec.vararg:
            extra = supplied[len(positional):]
            known = not unknown_rest and all(a is not _UNKNOWN_REST for a in extra)
            # `*axes` is a tuple: of constants, a constant tuple (an axis-name tuple).
            local.names[spec.vararg.arg] = pack(extra) if known else UNKNOWN
        if spec.kwarg:
            named = {p.arg for p in [*spec.args, *spec.kwonlyargs]}
            extra = DictVal()
            for name, value in kwargs.items():
                if name == "**":
                    extra.store(UNKNOWN, UNKNOWN)
                elif name not in named:
                    extra.store(Const(name), value)
            local.names[spec.kwarg.arg] = extra

    def call_unknown_args(self, func: object, node: ast.Call, ctx: Ctx) -> None:
        """Call a callback the way an unknown caller would: arguments unknown."""
        if isinstance(func, FuncVal):
            spec = func.node.args
            count = len(spec.posonlyargs) + len(spec.args) - (1 if func.self_value is not None else 0)
            self.call_function(func, [UNKNOWN] * max(count, 0), {}, ctx)
        elif isinstance(func, (PartialVal, WrappedVal, KernelVal)):
            self.call(func, [_UNKNOWN_REST], {}, node, [], {}, self.module_env, ctx)

    def call_callbacks(self, args: list[object], kwargs: dict[str, object], node: ast.Call,
                       ctx: Ctx, *, same_context: bool) -> None:
        """Functions handed to code we cannot see are assumed to be called by it.

        Inside a kernel they are traced in the same kernel (loops, pl.when); on
        the host the unknown code may wrap them in any transformation, so the
        mesh context becomes unknown.
        """
        callback_ctx = ctx if same_context else replace(ctx, manual=UNKNOWN, manual_axes=None,
                                                        ambient=UNKNOWN)
        for value in [*args, *kwargs.values()]:
            candidates = value if isinstance(value, tuple) else (value,)
            for candidate in map(callable_of, candidates):
                if isinstance(candidate, (FuncVal, PartialVal, WrappedVal, KernelVal)):
                    self.call_unknown_args(candidate, node, callback_ctx)
                elif isinstance(candidate, (CoroutineVal, GatheredVal)):
                    # A coroutine handed to code we cannot see (an event loop's
                    # run_until_complete, trio, anyio) is assumed driven there.
                    self.await_value(candidate, callback_ctx)

    def call_callbacks_of_unknown(self, args: list[object], kwargs: dict[str, object], node: ast.Call,
                                  ctx: Ctx) -> None:
        """Callbacks handed to code we cannot see: assumed called (to find their launches),
        but not surely (on_sure_path is false inside). JAX's own APIs that trace their
        functions (lax.cond's branches, pl.run_scoped) call call_callbacks: those run."""
        self._callback_depth += 1
        try:
            self.call_callbacks(args, kwargs, node, ctx, same_context=True)
        finally:
            self._callback_depth -= 1

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
            parameters = cls.init_parameters()
            given: dict[str, object] = dict(zip((name for name, _ in parameters), args, strict=False))
            given.update((name, value) for name, value in kwargs.items()
                         if any(name == known for known, _ in parameters))
            for name, is_init_var in parameters:
                if is_init_var:
                    init_only.append(given.get(name, self._class_default(cls, name)))
                elif name in given:
                    obj.attrs[name] = given[name]
            self.field_defaults(cls, cls.fields(), obj, ctx)
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
        return UNKNOWN if value is MISSING else value

    def launch(self, info: KernelInfo, site: ast.Call, ctx: Ctx, env: Env | None = None,
               args: tuple[object, ...] = ()) -> object:
        if ctx.launch is not None:
            return UNKNOWN  # a kernel called from inside a kernel body is not a launch
        key = (id(info), id(site), ctx.key())
        if key in self._launched:
            return UNKNOWN
        self._launched.add(key)
        launch = Launch(info, site, ctx, env, args)
        self.launches.append(launch)
        kernel_ctx = replace(ctx, launch=launch)
        refs = _ref_count(info, args)
        body = callable_of(info.body)
        if refs is not None and isinstance(body, (FuncVal, PartialVal)):
            # JAX passes one ref per input, output and scratch buffer, nothing more: the
            # body's other parameters keep their defaults (`functools.partial(kernel, **knobs)`,
            # `def kernel(x_ref, y_ref, axes=("x",))`).
            self.call(body, _refs(info, args, refs), {}, site, [], {}, self.module_env, kernel_ctx)
        else:
            self.call_unknown_args(body, site, kernel_ctx)
        return UNKNOWN

    def ev_ref_index(self, node: ast.expr, env: Env, ctx: Ctx) -> object:
        """A ref's index (``x_ref[8:16, pl.ds(0, 64)]``): its slices as DSliceVal."""
        if isinstance(node, ast.Slice):
            return ref_facts.python_slice(*(self.ev(b, env, ctx) if b is not None else Const(None)
                                            for b in (node.lower, node.upper, node.step)))
        if isinstance(node, ast.Tuple):
            return tuple(self.ev_ref_index(item, env, ctx) for item in node.elts)
        return self.ev(node, env, ctx)

    def record_access(self, kind: str, ref: object, index: object, node: ast.Subscript, ctx: Ctx,
                      value: object = None) -> None:
        if ctx.launch is not None and isinstance(ref, RefVal):
            self.ref_accesses.append(RefAccess(kind, ref, index, node, ctx.launch, value,
                                               ctx.names_open or bool(ctx.scope_names), self.on_sure_path))

    def record_transform(self, transform: object) -> None:
        if self.on_sure_path:
            self.made_transforms.append(transform)

    def record_barrier(self, barrier: BarrierVal) -> None:
        if self.on_sure_path:
            self.barriers.append(barrier)

    def record_scoped_buffer(self, buffer: object, node: ast.Call, ctx: Ctx) -> None:
        if ctx.launch is not None:
            self.scoped_buffers.append(ScopedBuffer(buffer, node, ctx.launch))

    def record_ref_op(self, name: str, node: ast.Call, args: dict[str, object],
                      arg_nodes: dict[str, ast.expr], ctx: Ctx) -> None:
        assert ctx.launch is not None
        self.ref_ops.append(Op(name, node, args, arg_nodes, ctx.launch, ctx.names_open, (),
                               ctx.scope_names))

    def record_host_query(self, query: HostAxisQuery) -> None:
        self.library_site(query.node)
        self.host_queries.append(query)

    def record_op(self, name: str, node: ast.Call, args: dict[str, object],
                  arg_nodes: dict[str, ast.expr], ctx: Ctx, lists: tuple[str, ...] = ()) -> None:
        assert ctx.launch is not None
        self.library_site(node, ctx)
        self.ops.append(Op(name, node, args, arg_nodes, ctx.launch, ctx.names_open, lists,
                           ctx.scope_names))


def _is_iterator(value: object) -> bool:
    """An iterator whose items are read one at a time (a generator, a real iterator, an
    iterator over known items)."""
    return isinstance(value, (Generator, GeneratorVal)) or (
        isinstance(value, RealVal) and value.is_iterator())


class _MaybeRaised:
    """A `raise` may have run in the call (on a path that may not run)."""

    def __repr__(self) -> str:
        return "MAYBE_RAISED"


MAYBE_RAISED = _MaybeRaised()


def _is_generator(node: ast.AST) -> bool:
    """A function whose own body holds a yield (Python decides it from the text)."""
    cached = getattr(node, "_pallas_generator", None)
    if cached is None:
        pending = list(ast.iter_child_nodes(node))
        cached = False
        while pending and not cached:
            child = pending.pop()
            if isinstance(child, (ast.Yield, ast.YieldFrom)):
                cached = True
            elif not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                pending.extend(ast.iter_child_nodes(child))
        node._pallas_generator = cached  # type: ignore[attr-defined]
    return cached


class _UnknownRest:
    """``*args`` whose length is unknown: every later positional is unknown too."""

    def __repr__(self) -> str:
        return "UNKNOWN_REST"


_UNKNOWN_REST = _UnknownRest()
UNKNOWN_REST = _UNKNOWN_REST  # what refs.py tells apart from a known argument count


def callable_of(value: object) -> object:
    """What calling ``value`` runs: an instance of a class with ``__call__`` is that method,
    bound to the instance (a kernel body, or a callback, may be such an object)."""
    method = datamodel.special_method(value, "__call__")
    if isinstance(method, (FuncVal, WrappedVal, PartialVal)):
        return method
    return value


def _node_ids(tree: ast.Module) -> frozenset[int]:
    """The ids of a tree's nodes, computed once per tree (a server re-runs shared trees)."""
    cached = getattr(tree, "_pallas_node_ids", None)
    if cached is None:
        cached = frozenset(id(node) for node in ast.walk(tree))
        tree._pallas_node_ids = cached  # type: ignore[attr-defined]
    return cached


def _join(values: list[object]) -> object:
    """What a function returns: one of its return statements' values. A function that
    returns None on one path and a value on another (an early exit) still hands back
    the value."""
    valued = [v for v in values if not (isinstance(v, Const) and v.value is None)]
    return one_of(valued or values)


_ENUM_BASES = {"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"}
_ENUM_MIXINS = {"builtins.str", "builtins.int", "enum.IntEnum", "enum.StrEnum", "enum.IntFlag"}


def _is_enum(bases: tuple[object, ...]) -> bool:
    return any((isinstance(b, QualName) and b.name in _ENUM_BASES)
               or (isinstance(b, ClassVal) and b.enum_members is not None) for b in bases)


def _subscript(base: object, index: object) -> object:
    """``Axis["X"]`` is the member named X; other subscripts read values as a library would."""
    if isinstance(base, QualName) and base.name in library_bases.SUBSCRIPTED_IS_ITSELF:
        return base  # `class Box(Generic[T])` derives from Generic
    if isinstance(base, ClassVal) and base.enum_members is not None:
        if isinstance(index, Const) and isinstance(index.value, str):
            return base.enum_members.get(index.value, UNKNOWN)
        return UNKNOWN
    return jax_calls.subscript(base, plain(index))


def _ref_count(info: KernelInfo, args: tuple[object, ...]) -> int | None:
    """How many refs the kernel body is called with, when the launch tells."""
    if any(a is _UNKNOWN_REST for a in args) or not isinstance(info.out_types, tuple) \
            or type(info.n_scratch) is not int:
        return None
    return len(args) + len(info.out_types) + info.n_scratch


def _spec_for(in_specs: object, index: int) -> object:
    """The PartitionSpec of a shard_map's positional argument ``index`` (one spec is a prefix
    for all of them)."""
    if isinstance(in_specs, SpecVal):
        return in_specs
    if isinstance(in_specs, tuple) and index < len(in_specs):
        return in_specs[index]
    return UNKNOWN


def _shard_of(arg: object, spec: object) -> object:
    """An array as the shard_mapped function sees it: its dtype, and its shape only when the
    spec replicates it (a split dimension's size depends on the mesh's, not known here)."""
    if not isinstance(arg, ArrayVal):
        return arg
    replicated = isinstance(spec, SpecVal) and all(
        isinstance(entry, Const) and entry.value is None for entry in spec.entries)
    return arg if replicated else ArrayVal(UNKNOWN, arg.dtype)


def _refs(info: KernelInfo, args: tuple[object, ...], count: int) -> list[object]:
    """The refs JAX hands the body, in order: one per input array, per output type and per
    scratch buffer, each with the dtype its array or type has (scratch refs: unknown)."""
    made: list[object] = [ref_facts.ref_of(source, info.io_space)
                          for source in (*args, *info.out_types)]  # type: ignore[misc]
    scratch = info.scratch_types if isinstance(info.scratch_types, tuple) else ()
    made += [ref_facts.ref_of(source, UNKNOWN) for source in scratch]
    return (made + [UNKNOWN] * count)[:count]




def _new_list(items: object) -> ListVal:
    known = unpack(items) if not (isinstance(items, Const) and isinstance(items.value, str)) else None
    return ListVal(known or [], complete=known is not None)


def _flag_or_binary(left: object, op: ast.operator, right: object) -> object:
    combined = flags.binary(left, op, right)
    return combined if combined is not MISSING else _binary(left, op, right)


def _unary(op: ast.unaryop, operand: object) -> object:
    if isinstance(op, ast.Invert):
        inverted = flags.invert(operand)
        if inverted is not MISSING:
            return inverted
    if isinstance(op, ast.Not):
        known = flags.truth(operand)
        if known is not None:
            return Const(not known)
    return pyflow.unary(op, operand)


def _compare(left: object, ops: list[ast.cmpop], rights: list[object]) -> object:
    """Comparisons; ``in`` / ``not in`` of Flag values by their bits."""
    if len(ops) == 1 and isinstance(ops[0], (ast.In, ast.NotIn)):
        inside = flags.contains(left, rights[0])
        if inside is not None:
            return Const(inside if isinstance(ops[0], ast.In) else not inside)
    if len(ops) == 1 and isinstance(ops[0], (ast.Is, ast.IsNot)):
        # An object of the program's is never None (`if obj is None:` in a descriptor's __get__).
        sides = (left, rights[0])
        if any(isinstance(v, Const) and v.value is None for v in sides) \
                and any(isinstance(v, _NEVER_NONE) for v in sides):
            return Const(isinstance(ops[0], ast.IsNot))
        if all(isinstance(v, ClassVal) for v in sides):
            # Classes are singletons: `type(mode) is Warpgroup`.
            return Const((sides[0] is sides[1]) == isinstance(ops[0], ast.Is))
        same = signatures.is_sentinel(*sides)  # `p.default is inspect.Parameter.empty`
        if same is not None:
            return Const(same == isinstance(ops[0], ast.Is))
    return pyflow.compare(plain(left), ops, [plain(r) for r in rights])


_NEVER_NONE = (ObjVal, ClassVal, FuncVal, ListVal, DictVal, ModuleVal, PartialVal, KernelVal, WrappedVal)


def _binary(left: object, op: ast.operator, right: object) -> object:
    """``xs + ys`` of lists is a new list; any other operand is read as its current items."""
    if isinstance(left, ListVal) and isinstance(right, ListVal) and isinstance(op, ast.Add):
        return _new_list(pack([*(unpack(plain(left)) or [UNKNOWN]), *(unpack(plain(right)) or [UNKNOWN])])
                         if left.complete and right.complete else UNKNOWN)
    return jax_calls.binary(plain(left), op, plain(right))


def _module_scope(env: Env) -> Env:
    while env.parent is not None:
        env = env.parent
    return env


def _is_main_guard(test: ast.expr) -> bool:
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    has_name = any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides)
    has_main = any(isinstance(s, ast.Constant) and s.value == "__main__" for s in sides)
    return has_name and has_main


def _decorator_name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


# Canonical roots of the libraries whose calls are modelled or cannot install a JAX context
# mesh (the standard library, NumPy, JAX itself: jax.set_mesh is modelled).
_SEEN_LIBRARIES = frozenset({
    "jax", "jnp", "lax", "pl", "plgpu", "mgpu", "np", "builtins", "python", "functools", "itertools",
    "collections", "operator", "math", "typing", "dataclasses", "enum", "os", "sys", "re", "string",
    "json", "argparse", "logging", "time", "random", "copy", "abc", "types", "inspect", "warnings",
    "pathlib", "contextlib", "unittest", "textwrap", "shlex", "configparser", "asyncio", "bisect",
    "heapq", "struct", "hashlib", "pprint", "datetime", "fractions", "decimal", "statistics",
    "absl", "pytest", "tempfile", "shutil", "subprocess", "io", "csv", "glob", "fnmatch",
    "traceback", "gc", "threading", "queue", "uuid", "pickle", "base64", "zlib", "platform",
})

# A builtin the interpreter leaves unknown (`locals()`, `vars()`) sets no context mesh.
# (Dunder names left out: `__import__` may import anything; and the coverage table reads the
# special-method names the interpreter holds, python/hook_coverage.py.)
_BUILTIN_NAMES = frozenset(name for name in dir(builtins) if not name.startswith("__"))


def _nested_manual_axes(ctx: Ctx, inner: object) -> object:
    """The axes manual inside a shard_map: its ``axis_names=`` (None: all of them), joined
    with an enclosing shard_map's, which stay manual in the nested one."""
    if ctx.manual is None or inner is None:
        return inner
    outer = ctx.manual_axes
    if outer is None:
        return None
    if isinstance(outer, tuple) and isinstance(inner, tuple):
        return outer + tuple(axis for axis in inner if axis not in outer)
    return UNKNOWN
