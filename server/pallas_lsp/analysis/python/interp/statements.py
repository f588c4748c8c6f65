"""The interpreter's statements: blocks, assignments and stores, branches, loops, ``with``,
``try``, ``match``, ``raise``, and the list methods that mutate in place (every alias
sees them). A path that may not run is counted in ``_uncertain``; names the paths
disagree on become one of their values."""

from __future__ import annotations

import ast
from dataclasses import replace

from ... import introspection, jax_calls, patterns
from ...flow_exits import (
    BranchRaised,
    BreakExit,
    ContinueExit,
    Handler,
    LoopState,
    RaiseExit,
    ReturnExit,
    passes_builtin,
)
from ...grid_axes import GridEnvContext
from ...names import bind_import
from ...stdlib_values import NullContextVal, SuppressVal
from ...trace import (
    Ctx,
    Frame,
    MeshContext,
    PatchContext,
)
from ...values import (
    MAX_LIST_ITEMS,
    MISSING,
    UNKNOWN,
    AccRefVal,
    ArrayVal,
    ClassVal,
    Const,
    DictVal,
    Env,
    GeneratorVal,
    ListVal,
    MeshVal,
    ModuleVal,
    NamespaceVal,
    ObjVal,
    OneOf,
    QualName,
    RefVal,
    fingerprint,
    one_of,
    pack,
    plain,
    unpack,
)
from .. import (
    allow,
    bridge,
    datamodel,
    exception_classes,
    exception_groups,
    exception_values,
    raise_free,
    source_models,
    unbound_locals,
)
from ..generator_contexts import GeneratorContextManager
from ..itemless import itemless_kind
from ..operator_errors import OperatorError, array_shapes_error, unpack_error
from ..real import RealVal
from .expressions import _lookup_error
from .support import (
    _BUILTINS as BUILTIN_NAMES,
)
from .support import (
    MAX_LOOP_PASSES,
    MAX_LOOP_UNROLL,
    MAYBE_RAISED,
    _is_iterator,
    _is_main_guard,
    _module_scope,
    _new_list,
)


class StatementsMixin:
    """Statements of ``Interpreter`` (analysis/interpreter.py)."""

    # ---- statements ----------------------------------------------------------------------

    def exec_block(self, body: list[ast.stmt], env: Env, ctx: Ctx, frame: Frame) -> None:
        for stmt in body:
            self._tick()
            self.exec_stmt(stmt, env, ctx, frame)

    def record_annotation(self, stmt: ast.AnnAssign, env: Env, ctx: Ctx) -> None:
        """``name: T`` in a class body: ``__annotations__[name] = T``, evaluated after the
        value as CPython does (a string of its source under the future import). Elsewhere
        nothing: a function's annotations of locals are never evaluated, and a module's
        ``__annotations__`` is not modelled."""
        recording = self.class_annotations.get(id(env))
        if recording is None or not (stmt.simple and isinstance(stmt.target, ast.Name)):
            return
        annotations, depth = recording
        if id(_module_scope(env)) in self.stringified_annotations:
            value: object = Const(ast.unparse(stmt.annotation))
        else:
            value = self.ev(stmt.annotation, env, ctx)
        annotations.store(Const(stmt.target.id), value)
        if self._uncertain > depth:
            # On a path that may not run: the key may be absent.
            annotations.complete = annotations.closed = False

    def exec_stmt(self, stmt: ast.stmt, env: Env, ctx: Ctx, frame: Frame) -> None:
        if isinstance(stmt, ast.Expr):
            self.ev(stmt.value, env, ctx)
        elif isinstance(stmt, ast.Assign):
            if frame.local is env:
                # A first binding in this function of a name that shadows a global, an
                # enclosing variable or a builtin, read by the value (`total = total + 1`,
                # `saved, n = n, 4`): UnboundLocalError. Told apart without a call (the
                # keystroke path counts calls): most first bindings shadow nothing.
                for target in stmt.targets:
                    for name_node in (target.elts if target.__class__ is ast.Tuple else (target,)):  # type: ignore[attr-defined]
                        if name_node.__class__ is not ast.Name:
                            continue
                        name = name_node.id  # type: ignore[attr-defined]
                        if name in env.names or name in env.redirects:
                            continue
                        outer = env.parent
                        while outer is not None and name not in outer.names:
                            outer = outer.parent
                        if outer is not None or name in BUILTIN_NAMES:
                            self._read_before_bound(stmt, name, frame)
            value = self.ev(stmt.value, env, ctx)
            for target in stmt.targets:
                self.assign(target, value, env, ctx)
        elif isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self.assign(stmt.target, self.ev(stmt.value, env, ctx), env, ctx)
            self.record_annotation(stmt, env, ctx)
        elif isinstance(stmt, ast.AugAssign):
            target_name = stmt.target.id if stmt.target.__class__ is ast.Name else None  # type: ignore[attr-defined]
            if target_name is not None and frame.local is env and target_name not in env.names \
                    and target_name not in env.redirects:
                # `count += step` of a name this function never bound (a dropped `nonlocal` /
                # `global`): the statement makes it local, so its read raises.
                self._read_before_bound(stmt, target_name, frame)
            current = self.ev(stmt.target, env, ctx)
            operand = self.ev(stmt.value, env, ctx)
            if ctx.launch is not None and current.__class__ is ArrayVal and operand.__class__ is ArrayVal:
                # `acc[rows] += x[rows]` in a kernel body: the same add as `acc[rows] + x[rows]`.
                error = array_shapes_error(current, stmt.op, operand)
                if error is not None:
                    try:
                        self.operator_raised(stmt, error)  # type: ignore[arg-type]
                    finally:
                        if id(stmt) in self.operator_errors:
                            self.trace_stopped_launches.add(id(ctx.launch))
                    return
            if isinstance(current, ListVal):
                # `xs += ys` extends the list in place: every alias sees it.
                extra = unpack(plain(operand)) if isinstance(stmt.op, ast.Add) else None
                self.mutate(current, lambda: current.add(extra))
            else:
                self.assign(stmt.target, self.each(
                    lambda left, right: self.inplace_op(left, stmt.op, right, ctx),
                    current, operand), env, ctx)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            env.names[stmt.name] = self.define_function(stmt, env, ctx)
        elif isinstance(stmt, ast.ClassDef):
            env.names[stmt.name] = self.decorate_class(stmt, self.define_class(stmt, env, ctx), env, ctx)
        elif isinstance(stmt, ast.Return):
            frame.returns.append(self.ev(stmt.value, env, ctx) if stmt.value else Const(None))
            if self._uncertain == frame.level and self._frames:  # (a module-level return is a SyntaxError)
                raise ReturnExit  # a sure return: the rest of the function never runs
            frame.stopped = True  # one that may run: what comes after it may not (a raise is not sure)
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
                self.truth_error = None
                taken = self.truth(self.ev(stmt.test, env, ctx))
                if self.truth_error is not None:  # the instance's __bool__ / __len__ refused
                    refused, self.truth_error = self.truth_error, None
                    self.operator_raised(stmt, exception_values.ExcVal(  # type: ignore[arg-type]
                        type(refused), (Const(str(refused)),)))
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
            spelled = (stmt.module or "") if stmt.__class__ is ast.ImportFrom \
                else " ".join([alias.name for alias in stmt.names])  # type: ignore[union-attr]
            if "jax._src" in spelled:
                # `from jax._src.pallas.mosaic_gpu import core as gpu_core`: a name of JAX's
                # own modules, which the canonical names fold into the public one (PAL009 does
                # not judge an attribute of it against the public module's names).
                self.internal_aliases.update(name for name, _ in bind_import(stmt))
            for name, value in bind_import(stmt):
                # A name imported is what an attribute read of it gives (`from jax import
                # __version_info__`: the target release's; `from itertools import batched`:
                # the library model's class, as `itertools.batched` is).
                env.names[name] = self.library_value(value) if value.__class__ is QualName else value
            if isinstance(stmt, ast.ImportFrom) and any(alias.name == "*" for alias in stmt.names) \
                    and not stmt.level and stmt.module:
                # `from jax.experimental.pallas.mosaic_gpu import *`: a name found nowhere else
                # in the module is that module's.
                self._star_modules.setdefault(id(env), []).append(QualName(stmt.module))
            if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__" \
                    and any(alias.name == "annotations" for alias in stmt.names):
                self.stringified_annotations.add(id(_module_scope(env)))
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
                self.delete(target, env, ctx)
        elif isinstance(stmt, ast.Raise):
            self.exec_raise(stmt, env, ctx, frame)
        elif stmt.__class__ is ast.Assert:
            self.exec_assert(stmt, env, ctx)
        # Pass: nothing to track.

    def exec_assert(self, stmt: ast.Assert, env: Env, ctx: Ctx) -> None:
        """An ``assert`` whose condition is surely false where it surely runs and nothing
        catches the AssertionError: recorded for PAL079, and raised as a call's exception is
        (the function ends there). Elsewhere its condition is not evaluated (as before: an
        assert changes nothing the analysis tracks)."""
        if not self.escapes(AssertionError) or any(frame.stopped for frame in self._frames):
            return
        if self.truth(self.ev(stmt.test, env, ctx)) is not False:
            return
        message = self.ev(stmt.msg, env, ctx) if stmt.msg is not None else MISSING
        self.record_escape(stmt, AssertionError, message)
        self.raised_by_call(exception_classes.class_value(AssertionError))

    def exec_with(self, stmt: ast.With | ast.AsyncWith, env: Env, ctx: Ctx, frame: Frame) -> None:
        """Each manager entered in order, the body, then each left in reverse order, also
        when a sure `return`, `break` or `continue` leaves the body (Python calls
        ``__exit__(None, None, None)`` then: a ``contextmanager`` generator's ``finally``).
        An exception surely raised in the body meets the managers innermost first
        (``exit_verdict``): one that swallows it ends the `with` there, the statement after
        it runs."""
        inner = ctx
        restore: list[object] = []
        exits: list[object] = []
        managers: list[object] = []  # every manager entered, in order: what an exception meets
        pushed = 0  # grid envs this `with` made current (popped when it is left)
        is_async = isinstance(stmt, ast.AsyncWith)
        opaque = False
        for item in stmt.items:
            before = self.context_mesh
            manager = self.ev(item.context_expr, env, ctx)
            managers.append(manager)
            # A manager we cannot see into may set a context mesh (PAL022 stays silent).
            opaque = opaque or not isinstance(manager, (MeshContext, PatchContext, MeshVal, ObjVal,
                                                        GeneratorContextManager, NullContextVal,
                                                        SuppressVal, GridEnvContext))
            if isinstance(manager, MeshContext):
                inner = replace(inner, ambient=manager.mesh)
                if manager.set_on_enter:
                    self.set_context_mesh(manager.mesh)
                restore.append(manager.previous if not manager.set_on_enter else before)
            elif isinstance(manager, PatchContext):
                inner = self.patched(inner, manager)
            elif isinstance(manager, GridEnvContext):
                self.grid_envs.append(manager)  # popped when the `with` is left, as JAX's stack
                pushed += 1
            bound = manager.mesh if isinstance(manager, MeshContext) else UNKNOWN
            enter = datamodel.special_method(manager, "__aenter__" if is_async else "__enter__")
            if isinstance(manager, NullContextVal):
                bound = manager.enter_result  # its __exit__ does nothing
            elif isinstance(manager, SuppressVal):
                bound = Const(None)
            elif isinstance(manager, GeneratorContextManager):
                bound = manager.enter()
                exits.append(manager)
            elif enter is not MISSING:
                bound = self.call_value(enter, [], {}, ctx)
                if isinstance(stmt, ast.AsyncWith):
                    if bound.__class__ is Const and type(bound.value) in _NOT_AWAITABLE:  # type: ignore[attr-defined]
                        # A plain `def __aenter__` returning a number: Python refuses to await it.
                        self.operator_raised(stmt, exception_values.ExcVal(TypeError, (Const(  # type: ignore[arg-type]
                            "'async with' received an object from __aenter__ that does not "
                            f"implement __await__: {type(bound.value).__name__}"),)))  # type: ignore[attr-defined]
                        return
                    bound = self.await_value(bound, ctx)
                exits.append(manager)
            if item.optional_vars is not None:
                self.assign(item.optional_vars, bound, env, ctx)
        self._opaque_withs += opaque
        exited: list[object] = []  # the managers whose __exit__ an exception already ran
        handler = self.push_handler(
            lambda kind, code_ran: self.exit_verdict(managers, exited, kind, code_ran, is_async, ctx),
            runs_code=bool(exits), passes=lambda kind: _managers_pass(managers, kind))
        left = False
        try:
            self.exec_block(stmt.body, env, inner, frame)
        except RaiseExit as raised:
            # Surely raised on this path: the rest of the body does not run; when one of its
            # managers swallowed it, the statement after the `with` does.
            self.drop_handler(handler)
            self.leave_managers(_not_in(exits, exited), restore, is_async, ctx)
            left = True
            if raised.handler is not handler:
                raise
        except (ReturnExit, BreakExit, ContinueExit):
            self.drop_handler(handler)
            self.leave_managers(_not_in(exits, exited), restore, is_async, ctx)
            raise
        finally:
            self._opaque_withs -= opaque
            self.drop_handler(handler)
            if pushed:
                del self.grid_envs[-pushed:]
        if not left:
            self.leave_managers(_not_in(exits, exited), restore, is_async, ctx)

    def exit_verdict(self, managers: list[object], exited: list[object], kind: object, code_ran: bool,
                     is_async: bool, ctx: Ctx) -> bool | None:
        """Whether a `with`'s managers swallow an exception of class ``kind``, innermost
        first: ``contextlib.suppress`` by the classes it names (their MRO), a manager with an
        ``__exit__`` by the truth of what it returns (called here, with the exception's
        class, once: only when no ``finally`` or ``__exit__`` nearer the raise had to run
        first) where it is one of the program's classes; a ``contextmanager`` generator (its
        own `try` may catch it) or a library's manager is not known."""
        for manager in reversed(managers):
            if isinstance(manager, SuppressVal):
                verdict = exception_classes.catches(manager.kinds, kind)
            elif isinstance(manager, (MeshContext, PatchContext, MeshVal, NullContextVal, GridEnvContext)):
                verdict = False  # they put their state back and pass it on
            elif not isinstance(manager, ObjVal) or code_ran:
                verdict = None  # a contextmanager generator, a library's manager: not known
            else:
                leave = datamodel.special_method(manager, "__aexit__" if is_async else "__exit__")
                if leave is MISSING:
                    verdict = None
                else:
                    exited.append(manager)
                    code_ran = True
                    exc_type = exception_classes.class_value(kind)  # type: ignore[arg-type]
                    self.handling.append(UNKNOWN)  # a raise in it chains to the exception
                    try:
                        answer = self.call_value(leave, [exc_type, UNKNOWN, Const(None)], {}, ctx)
                    finally:
                        self.handling.pop()
                    verdict = self.truth(self.await_value(answer, ctx) if is_async else answer)
            if verdict is not False:
                return verdict
        return False

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
        """A `raise` of a known exception class goes to the handler that surely catches it
        (Interpreter.raise_exception) with the instance raised (`raise Missing("x")` runs its
        class's __init__; python/exception_values.py), chained to its cause and to the
        exception being handled; a bare `raise` in a handler the analysis chose re-raises
        what it caught. Otherwise a `raise` the function is sure to run ends it there (its
        class is what the caller reads: a `__next__` raising StopIteration ends a loop). One
        that may not run, or at module level: the file stops there only at run time, so the
        analysis keeps going to see the rest (what a generator yields after it is not sure)."""
        fresh = False  # a new instance (`raise E(...)`, `raise E`): no other name sees it yet
        if stmt.exc is None:
            kind = self.handling[-1] if self.handling else UNKNOWN  # a bare `raise`: what is handled
            instance = kind if exception_classes.is_instance(kind) else None
        elif isinstance(stmt.exc, ast.Call):
            kind = self.ev(stmt.exc.func, env, ctx)
            made = self.ev_call(stmt.exc, env, ctx, func=kind)  # its __init__ runs first
            instance = made if exception_classes.is_instance(made) else None
            fresh = instance is not None and exception_classes.exception_class(kind) is not None
            kind = instance if instance is not None else kind
        else:
            kind = self.ev(stmt.exc, env, ctx)
            instance = kind if exception_classes.is_instance(kind) else self.exception_instance(kind, ctx)
            fresh = instance is not None and instance is not kind
        cause: object = MISSING
        if stmt.cause is not None:
            cause = self.ev(stmt.cause, env, ctx)
            cause = cause if cause == Const(None) else (self.exception_instance(cause, ctx) or UNKNOWN)
        exc_class = exception_classes.exception_class(kind)
        payload = exception_values.payload_of(instance)
        if payload is not None and fresh:
            self.chain(payload, cause)
        if exc_class is not None and not frame.stopped:
            self.record_raise(stmt, exc_class, instance)
            try:
                self.raise_exception(exc_class, instance)
            except RaiseExit:
                if payload is not None and not fresh:
                    self.chain(payload, cause)  # surely raised: the instance is chained now
                raise
        if payload is not None and not fresh:
            payload.cause = payload.context = UNKNOWN  # it may have been raised, chained
            payload.suppress_context = None
        sure = self._frames and frame is self._frames[-1] and self._uncertain == frame.level \
            and not frame.stopped
        frame.stopped = True
        if sure:
            frame.raised = instance if instance is not None else kind
            raise ReturnExit  # nothing after it runs
        frame.raised = MAYBE_RAISED

    def record_raise(self, stmt: ast.Raise, exc_class: object, instance: object) -> None:
        """A ``raise`` of an Exception class, builtin or the program's own (deriving from a
        builtin one through the program's classes only), recorded for PAL079 where it surely
        runs and escapes every handler (SystemExit and KeyboardInterrupt are exits, not
        errors: never recorded)."""
        builtin = exc_class if isinstance(exc_class, type) else (
            exception_values.exception_base(exc_class) if isinstance(exc_class, ClassVal) else None)
        if builtin is None or not issubclass(builtin, Exception) or issubclass(builtin, _SIGNALS):
            return
        payload = exception_values.payload_of(instance)
        args = payload.args if payload is not None else None
        # A program class that words itself (its own __str__): named only, by its class.
        words_itself = isinstance(exc_class, ClassVal) and any(
            isinstance(entry, ClassVal) and "__str__" in entry.attrs for entry in exc_class.mro())
        message = args[0] if args and len(args) == 1 and not words_itself else MISSING
        self.record_escape(stmt, builtin, message,
                           exc_class.node.name if isinstance(exc_class, ClassVal) else None)

    def exception_instance(self, value: object, ctx: Ctx) -> object:
        """The exception object `raise value` raises: ``value`` itself when an instance, a new
        one when a class (`raise KeyError` is `raise KeyError()`), else None (not known)."""
        if exception_classes.is_instance(value):
            return value
        kind = exception_classes.exception_class(value)
        if isinstance(kind, ClassVal):
            made = self.instantiate(kind, [], {}, ctx)
            return made if exception_classes.is_instance(made) else None
        made = exception_values.construct(kind, [], {}) if kind is not None else MISSING
        return None if made is MISSING else made

    def chain(self, payload: exception_values.ExcVal, cause: object) -> None:
        """What a raise sets on the exception: ``__cause__`` and ``__suppress_context__``
        (``from``; MISSING: none), ``__context__`` the exception being handled (unknown
        where a handler or ``finally`` the analysis did not choose may be running)."""
        if cause is not MISSING:
            payload.cause, payload.suppress_context = cause, True
        handled = self.handling[-1] if self.handling else Const(None)
        if exception_values.payload_of(handled) is payload:
            return  # re-raising what is handled leaves its context as it was
        payload.context = handled if handled == Const(None) or exception_classes.is_instance(handled) \
            else UNKNOWN

    def _read_before_bound(self, stmt: ast.Assign | ast.AugAssign, name: str, frame: Frame) -> None:
        """``stmt`` binds ``name`` in this function for the first time here: where it also reads
        it (``count += 1``, ``total = total + part``) and nothing earlier in the function may
        have bound it, the read raises UnboundLocalError (python/unbound_locals.py) as the
        line runs, before anything is bound."""
        if frame.node is None or unbound_locals.bound_before(frame.node, name, stmt):
            return
        if stmt.__class__ is ast.Assign and not unbound_locals.reads(stmt.value, name):
            return
        error = exception_values.ExcVal(UnboundLocalError, (Const(unbound_locals.message(name)),))
        self.operator_raised(stmt, error)  # type: ignore[arg-type]

    def operator_raised(self, node: ast.BinOp | ast.Tuple | ast.List | ast.Subscript | ast.Call,
                        error: exception_values.ExcVal) -> None:
        """``left op right`` (or an unpacking into the target ``node``, a lookup, a bridged
        call) surely raised ``error`` (python/operator_errors.py): recorded for PAL079 where it
        surely reaches module level uncaught, then raised as a call's exception is."""
        if error.args:
            self.record_escape(node, error.kind, error.args[0])
        self.chain(error, MISSING)
        self.raised_by_call(error)

    def record_escape(self, node: ast.BinOp | ast.Tuple | ast.List | ast.Subscript | ast.Call | ast.Raise
                      | ast.Assert, kind: type[BaseException], message: object,
                      name: str | None = None) -> None:
        """An exception of the builtin class ``kind`` (or of the program's class ``name``
        deriving from it alone) surely raised at ``node``: recorded for PAL079 where it
        surely reaches module level uncaught from the program's own code (of library code
        followed from source, only its own raises and asserts), and no frame on the way may
        have returned or stopped before it (after an undecided ``if probe: return``). One
        raised in the Python the model runs for a library class (python/source_models.py:
        OrderedDict.move_to_end's pop) is the program's call's: recorded at the innermost call
        of the program's own code."""
        if self.path_of(node) == source_models.PATH:
            node = next((call for call in reversed(self._call_sites)  # type: ignore[assignment]
                         if self.path_of(call) != source_models.PATH), None)
            if node is None:
                return
        # Library code followed from source is judged only by its own `raise` / `assert`
        # statements (its checks of what the program passed: ops/gpu's all_gather sizing its
        # tiles), placed on the program's call that reached it (library_sites.py).
        own_check = isinstance(node, (ast.Raise, ast.Assert))
        if id(node) not in self.operator_errors and self.escapes(kind) \
                and (own_check or not self.in_library(node)) \
                and not any(frame.stopped or frame.generator is not None or _protocol_method(frame.node)
                            for frame in self._frames):
            if own_check:
                self.library_site(node)
            # CPython prints a KeyError as the repr of its key.
            words = (repr(message.value) if kind is KeyError else str(message.value)) \
                if isinstance(message, Const) else ""
            self.operator_errors[id(node)] = OperatorError(node, name or kind.__name__, words)

    def raised_by_call(self, kind: object) -> None:
        """A call of the program's code surely raised ``kind`` (the instance, or its class):
        the handler that surely catches it gets it (Interpreter.raise_exception); else, where
        the call surely runs in its function, that function ends here raising it too, so its
        caller's handler sees it in turn. Nowhere sure (a branch not decided, module level):
        the analysis goes on."""
        exc_class = exception_classes.exception_class(kind)
        if exc_class is None:
            return
        instance = kind if exception_classes.is_instance(kind) else None
        self.raise_exception(exc_class, instance)
        if not self._frames:
            return
        frame = self._frames[-1]
        if self._uncertain == frame.level and not frame.stopped:
            frame.stopped = True
            frame.raised = kind
            raise ReturnExit  # nothing after it runs

    def exec_branches(self, branches: list[list[ast.stmt]], env: Env, ctx: Ctx, frame: Frame,
                      preludes: list[dict[str, object]] | None = None) -> None:
        """Run each branch from the same state; a name the branches disagree on becomes UNKNOWN.
        ``preludes``: names each branch binds before its statements (a case's captures)."""
        base = dict(env.names)
        outcomes: list[dict[str, object]] = []
        self._uncertain += 1
        self.branch_levels.append((self._uncertain, len(self._frames)))
        try:
            for index, body in enumerate(branches):
                env.names = dict(base)
                if preludes is not None:
                    self.bind_all(preludes[index], env, ctx)
                try:
                    self.exec_block(body, env, ctx, frame)
                except BranchRaised:
                    continue  # this path raised: it does not reach what follows
                outcomes.append(env.names)
        finally:
            self.branch_levels.pop()
            self._uncertain -= 1
        if not outcomes:
            env.names = base  # every path raised: what follows is not reached
            return
        # A name the branches disagree on is one of their values (a name bound on one
        # path only keeps that path's value: on the other, Python raises NameError).
        if len(outcomes) == 2:
            env.names = _merge_two(*outcomes)
            return
        reaching: dict[str, list[object]] = {}
        for outcome in outcomes:
            for name, value in outcome.items():
                reaching.setdefault(name, []).append(value)
        env.names = {name: values[0] if len(values) == 1 or _all_same(values) else one_of(values)
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
        # One pass's fingerprints after it are the next pass's before it (nothing runs
        # in between): each state is fingerprinted once.
        before = {name: fingerprint(value) for name, value in env.names.items()}
        for _ in range(MAX_LOOP_PASSES):
            self.exec_branches([body, []], env, ctx, frame)
            after = {name: fingerprint(value) for name, value in env.names.items()}
            if after == before:
                return
            last_before, before = before, after
        for name in env.names:
            if last_before.get(name, MISSING) != after[name]:
                env.names[name] = UNKNOWN

    def exec_try(self, stmt: ast.Try, env: Env, ctx: Ctx, frame: Frame) -> None:
        """An exception surely raised in the body (Interpreter.raise_exception) runs the first
        `except` clause that catches it, alone, then `finally`; the `else` does not run.
        Otherwise the body then `else` when nothing raises, or the body then a handler:
        where the paths disagree on a name it is unknown (an optional import may or may not
        fail). `finally` runs also when a sure return, break or exception leaves the body."""
        chosen: list[ast.ExceptHandler] = []  # the clause the handler's verdict found
        star_chosen: list[list[object]] = []  # for `except*`: the group each clause gets
        before = len(self.operator_errors)  # (records kept in order: the body's come after)

        def verdict(kind: object, code_ran: bool) -> bool | None:
            if not isinstance(stmt, ast.Try):
                matches = exception_groups.star_matches(
                    self.raising, ((lambda clause=clause: self.ev(clause.type, env, ctx))  # type: ignore[misc]
                                   for clause in stmt.handlers if clause.type is not None))
                if matches is None or len(matches) != len(stmt.handlers):
                    return None
                star_chosen.append(matches)
                return True
            found = self.catching_clause(stmt, kind, env, ctx)
            if isinstance(found, ast.ExceptHandler):
                chosen.append(found)
                return True
            return found  # False: every clause surely refuses it; None: not known

        try:
            handler = self.push_handler(verdict, runs_code=bool(stmt.finalbody),
                                        clauses=tuple(stmt.handlers),
                                        passes=lambda kind: passes_builtin(stmt, kind)) \
                if stmt.handlers or stmt.finalbody else None
            try:
                raisable = self.exec_guarded_body(stmt, env, ctx, frame, handler)
            except RaiseExit as raised:
                if handler is None or raised.handler is not handler:
                    raise
                if star_chosen:
                    self.exec_star_clauses(stmt, star_chosen[-1], env, ctx, frame)
                    return  # (its `finally` runs below)
                clause = chosen[-1]
                caught = raised.instance if raised.instance is not None else \
                    exception_classes.class_value(raised.kind)
                if clause.name:
                    env.names[clause.name] = raised.instance if raised.instance is not None else UNKNOWN
                self.handling.append(caught)
                try:
                    self.exec_block(clause.body, env, ctx, frame)
                finally:
                    self.handling.pop()
                if clause.name:
                    env.names[clause.name] = UNKNOWN  # Python deletes it at the clause's end
            else:
                if stmt.handlers and not self.none_catches(stmt, raisable, env, ctx):
                    for clause in stmt.handlers:
                        if clause.name:
                            env.names[clause.name] = UNKNOWN
                    # A clause may be handling an exception not known: a raise in it chains
                    # to that (its __context__ unknown).
                    self.handling.append(UNKNOWN)
                    try:
                        self.exec_branches([stmt.orelse, *(h.body for h in stmt.handlers)], env, ctx, frame)
                    finally:
                        self.handling.pop()
                else:
                    self.exec_block(stmt.orelse, env, ctx, frame)
        finally:
            if stmt.finalbody:
                self.handling.append(UNKNOWN)  # it may run while an exception is on its way out
                recorded = len(self.operator_errors)
                # A function's exception surely on its way out (it stopped the frame): the
                # `finally` still surely runs, so what it does is judged as sure; when it ends
                # on its own the exception goes on.
                in_flight = (frame.stopped, frame.raised) if frame.stopped and frame.raised is not None \
                    and frame.raised is not MAYBE_RAISED else None
                if in_flight is not None:
                    frame.stopped, frame.raised = False, None
                try:
                    self.exec_block(stmt.finalbody, env, ctx, frame)
                    if in_flight is not None and not frame.stopped and frame.raised is None:
                        frame.stopped, frame.raised = in_flight
                finally:
                    self.handling.pop()
                    if len(self.operator_errors) > recorded > before:
                        # The `finally` surely raised on its own while the body's exception was
                        # on its way out (both escape, so both were recorded): Python's uncaught
                        # exception is the new one (the body's is its __context__), so the
                        # body's record goes.
                        for key in list(self.operator_errors)[before:recorded]:
                            del self.operator_errors[key]

    def exec_star_clauses(self, stmt: ast.Try | ast.TryStar, matches: list[object], env: Env, ctx: Ctx,
                          frame: Frame) -> None:
        """The `except*` clauses an exception group's split chose, in order, each with the
        group it matched bound to its name and handled. What one raises is not followed
        (Python raises it on in a new group, with the rest): the clauses run under a handler
        that does not know, so a raise in them is not sure."""
        handler = self.push_handler(lambda kind, code_ran: None, runs_code=False)
        level, frame.level = frame.level, -1
        try:
            for clause, match in zip(stmt.handlers, matches, strict=True):
                if match == Const(None):
                    continue
                if clause.name:
                    env.names[clause.name] = match
                self.handling.append(match)
                try:
                    self.exec_block(clause.body, env, ctx, frame)
                finally:
                    self.handling.pop()
                if clause.name:
                    env.names[clause.name] = UNKNOWN  # deleted at the clause's end
        finally:
            self.drop_handler(handler)
            frame.level = level

    def catching_clause(self, stmt: ast.Try, kind: object, env: Env,
                        ctx: Ctx) -> ast.ExceptHandler | bool | None:
        """The first `except` clause that catches an exception of class ``kind``, tried in
        order as Python does (its class expression evaluated then); False where every clause
        surely refuses it, None where one before the catching one may or may not catch it
        (its class, or the exception's MRO, not known)."""
        for clause in stmt.handlers:
            if clause.type is None:
                return clause  # a bare `except:` catches everything
            classes = exception_classes.handler_classes(self.ev(clause.type, env, ctx))
            verdict = exception_classes.catches(classes, kind) if classes is not None else None
            if verdict is None:
                return None
            if verdict:
                return clause
        return False

    def none_catches(self, stmt: ast.Try, raisable: frozenset[type[BaseException]] | None, env: Env,
                     ctx: Ctx) -> bool:
        """No `except` clause of ``stmt`` can catch what its body may have raised (``raisable``,
        python/raise_free.py; None: anything): then the body ran to its end, or the exception
        left the `try` uncaught, and the `else` is the only way on. A clause's classes are
        read only where they are names or tuples of names (reading them runs nothing)."""
        if raisable is None:
            return False
        if not raisable:
            return True
        for clause in stmt.handlers:
            if clause.type is None or not raise_free.names_only(clause.type):
                return False
            classes = exception_classes.handler_classes(self.ev(clause.type, env, ctx))
            if classes is None or any(exception_classes.catches(classes, kind) is not False
                                      for kind in raisable):
                return False
        return True

    def exec_guarded_body(self, stmt: ast.Try, env: Env, ctx: Ctx, frame: Frame,
                          handler: Handler | None) -> frozenset[type[BaseException]] | None:
        """A try body under its handler (``exec_try``'s). With `except` clauses any statement
        in it may raise into one, so an exit in it is not sure (`try: return fast() except
        ImportError: return slow()`). Returns what the body may have raised (None: anything),
        each statement judged just before it runs (python/raise_free.py)."""
        level, loop_level = frame.level, self._loops[-1].level if self._loops else None
        if stmt.handlers:
            frame.level = -1
            if self._loops:
                self._loops[-1].level = -1
        raisable: frozenset[type[BaseException]] | None = frozenset()
        # The library model's own `except BaseException` (ExitStack.__exit__ around each exit
        # callback, a Future around its call): its handler is for an exception the callback
        # surely raises (Interpreter.raise_exception brings it there); a call the judge cannot
        # read is not taken to raise, or every later callback would get an unknown exception.
        judged_by_raises_only = bool(stmt.handlers) and all(
            isinstance(clause.type, ast.Name) and clause.type.id == "BaseException"
            for clause in stmt.handlers) and self.path_of(stmt) == source_models.PATH
        try:
            for statement in stmt.body:
                self._tick()
                if raisable is not None and stmt.handlers and not judged_by_raises_only:
                    judged = raise_free.may_raise(statement, env)
                    raisable = None if judged is None else raisable | judged
                self.exec_stmt(statement, env, ctx, frame)
            return raisable if stmt.handlers else None
        finally:
            if handler is not None:
                self.drop_handler(handler)
            frame.level = level
            if self._loops and loop_level is not None:
                self._loops[-1].level = loop_level

    def exec_match(self, stmt: ast.Match, env: Env, ctx: Ctx, frame: Frame) -> None:
        """Cases tried in order against a known subject (patterns.py); the first sure match
        runs alone, with the names its pattern binds. A guard is evaluated where its case is
        surely the one tried (every case before surely failed, its pattern surely matched),
        after the captures are bound, as Python does (they stay bound when it is false)."""
        subject = self.ev(stmt.subject, env, ctx)
        reader = patterns.SubjectReader(
            lambda obj, name: self.attribute_named(obj, name, ctx),
            lambda obj: self.protocol_items(obj, ctx) if self.derives_from_library(obj, "Sequence") else None)
        possible: list[tuple[dict[str, object], list[ast.stmt]]] = []
        for case in stmt.cases:
            binds: dict[str, object] = {}
            verdict = patterns.match(case.pattern, subject, lambda node: self.ev(node, env, ctx), binds,
                                     reader)
            if verdict is False:
                continue
            if case.guard is not None:
                verdict = self.guard_verdict(case.guard, binds, env, ctx) \
                    if verdict is True and not possible else None
                if verdict is False:
                    continue
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

    def guard_verdict(self, guard: ast.expr, binds: dict[str, object], env: Env, ctx: Ctx) -> bool | None:
        self.bind_all(binds, env, ctx)
        return self.truth(self.ev(guard, env, ctx))

    def bind_all(self, binds: dict[str, object], env: Env, ctx: Ctx) -> None:
        for name, value in binds.items():
            self.assign(ast.Name(name, ast.Store()), value, env, ctx)

    def exec_for(self, stmt: ast.For | ast.AsyncFor, env: Env, ctx: Ctx, frame: Frame) -> None:
        evaluated = self.ev(stmt.iter, env, ctx)
        kind = itemless_kind(evaluated, stmt.iter) if stmt.__class__ is ast.For else None
        if kind is not None and stmt.iter.__class__ in (ast.Name, ast.Attribute, ast.Subscript, ast.Call):
            # `for n in ROWS` of a number: CPython's TypeError before the first pass (PAL079).
            self.operator_raised(stmt.iter, exception_values.ExcVal(TypeError, (Const(  # type: ignore[arg-type]
                f"'{kind}' object is not iterable"),)))
            return
        iterable = self.iterable_of(evaluated, ctx)
        if (_is_iterator(iterable) and not isinstance(iterable, GeneratorVal)) \
                or datamodel.special_method(iterable, "__next__") is not MISSING:
            self.exec_for_iterator(stmt, iterable, env, ctx, frame)
            return
        items = unpack(iterable) if not (isinstance(iterable, Const) and isinstance(iterable.value, str)) \
            else None
        if items is not None and len(items) <= MAX_LOOP_UNROLL:  # a known empty one runs no pass
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
                    if iterator.__class__ is RealVal and iterator.raised is not None \
                            and isinstance(stmt.iter, ast.Call):  # type: ignore[attr-defined]
                        # A real iterator raised on the program's values (`for n in map(int,
                        # texts)`): the loop raises it where it reads the next item.
                        jax_calls.raised_while_read(self, stmt.iter, iterator)  # type: ignore[arg-type]
                        if self.bridged_error is not None:
                            self.bridged_raise(stmt.iter)
                            return  # the loop stops there, its else and what follows do not run
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
        # A break is a statement, and statements sit only in statement lists (an except
        # handler's and a match case's bodies included): the walk skips every expression.
        pending: list[ast.AST] = list(body)
        while pending:
            node = pending.pop()
            if isinstance(node, ast.Break):
                return True
            if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
                pending.extend(node.orelse)
            elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for name in _STATEMENT_LISTS:
                    block = getattr(node, name, None)
                    if block:
                        pending.extend(block)
        return False

    def assign(self, target: ast.expr, value: object, env: Env, ctx: Ctx) -> None:
        if isinstance(target, ast.Name):
            scope = env.redirects.get(target.id, env)
            scope.names[target.id] = value
            if scope.parent is None or scope is not env or scope.captured:
                # A module's or an enclosing function's name, or a local a closure defined
                # here reads: shared state (a loop that rebinds `tile_size` under a nested
                # `def kernel_fn()` gives each pass's call its own value, not the memo's).
                self.stores += 1
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            self.assign_sequence(target, value, env, ctx)
        elif isinstance(target, ast.Attribute):
            owner = self.ev(target.value, env, ctx)
            if isinstance(owner, (ObjVal, ClassVal, NamespaceVal, ModuleVal)):
                self.stores += 1  # an object's state, which a later call may read
            if not datamodel.store_attribute(self, owner, target.attr, value, ctx):
                if isinstance(owner, NamespaceVal):
                    owner.attrs[target.attr] = value
                elif owner is UNKNOWN or isinstance(owner, QualName):
                    if owner.__class__ is QualName:
                        # A name the program sets on a library module (PAL009 does not call a
                        # later read of it a misspelling).
                        self.library_attribute_stores.add((owner.name, target.attr))  # type: ignore[union-attr]
                    self.escape_into_unknown(value, target, ctx)
        elif isinstance(target, ast.Subscript):
            container = self.ev(target.value, env, ctx)
            if isinstance(container, RefVal):
                index = self.ev_ref_index(target.slice, env, ctx)
                self.record_access("store", container, index, target, ctx, value)
                return
            if isinstance(container, AccRefVal):
                # A plgpu.ACC accumulator: JAX's wgmma_accumulator_store (acc_stores.py).
                index = self.ev_ref_index(target.slice, env, ctx)
                self.record_acc_store(container, index, target, ctx, value)
                return
            key = self.ev_item_key(target.slice, env, ctx)
            immutable = _IMMUTABLE.get(type(container.value)) if container.__class__ is Const \
                else "tuple" if container.__class__ is tuple else None  # type: ignore[attr-defined]
            if immutable is not None:
                # `SHAPE[0] = 64` of a tuple: CPython's TypeError (PAL079 where it escapes).
                self.operator_raised(target, exception_values.ExcVal(TypeError, (Const(
                    f"'{immutable}' object does not support item assignment"),)))
                return
            if isinstance(container, (DictVal, ObjVal)):
                self.stores += 1  # a dict's items (a list's count in mutate)
            if isinstance(container, introspection.ScopeView) and container.scope is not None \
                    and isinstance(key, Const) and isinstance(key.value, str):
                self.assign(ast.Name(key.value, ast.Store()), value, container.scope, ctx)
            elif isinstance(container, DictVal):
                container.store(key, UNKNOWN if self._uncertain else value, sure=not self._uncertain)
            elif isinstance(container, ListVal):
                self.mutate(container, lambda: self._set_item(container, key, value, ctx))
            elif isinstance(container, RealVal):
                self.real_item_change("operator.setitem", container, [key, value])
            else:
                setter = datamodel.special_method(container, "__setitem__")
                if setter is not MISSING:
                    self.call_value(setter, [key, value], {}, ctx)
                elif container is UNKNOWN or isinstance(container, QualName):
                    self.escape_into_unknown(value, target, ctx)
        elif isinstance(target, ast.Starred):
            self.assign(target.value, UNKNOWN, env, ctx)

    def escape_into_unknown(self, value: object, target: ast.expr, ctx: Ctx) -> None:
        """A value stored into an object the analysis cannot see (``parser.StartElementHandler =
        handler``, ``registry[name] = hook``): that object's code may call it whenever it likes,
        as it may a callback passed to it, so it is run as one (on a path that may not run, its
        arguments unknown): what it changes is not known after the store."""
        site = getattr(target, "_pallas_escape_site", None)
        if site is None:
            # The callback runs "called" from the store's place (a call node the memo tables
            # and positions can key on), made once per target node.
            site = ast.copy_location(ast.Call(func=target, args=[], keywords=[]), target)
            target._pallas_escape_site = site  # type: ignore[attr-defined]
        self.call_callbacks_of_unknown([value], {}, site, ctx)

    def delete(self, target: ast.expr, env: Env, ctx: Ctx) -> None:
        """``del target``: a name leaves its scope, an attribute its object's dict
        (python/datamodel.delete_attribute), a key its dict, an item its list, or the
        container's own ``__delitem__`` runs. What the model cannot place is forgotten, never
        kept: a stale value read later would be a false finding."""
        if isinstance(target, ast.Name):
            env.redirects.get(target.id, env).names.pop(target.id, None)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self.delete(element, env, ctx)
        elif isinstance(target, ast.Attribute):
            owner = self.ev(target.value, env, ctx)
            if isinstance(owner, (ObjVal, ClassVal, NamespaceVal, ModuleVal)):
                self.stores += 1  # an object's state, which a later call may read
            datamodel.delete_attribute(self, owner, target.attr, ctx)
        elif isinstance(target, ast.Subscript):
            container = self.ev(target.value, env, ctx)
            key = self.ev_item_key(target.slice, env, ctx)
            if isinstance(container, DictVal):
                missing = _lookup_error(container, key)
                if missing is not None and missing.kind is KeyError:
                    # A plain dict holding every key stored in it lacks this one: CPython's
                    # KeyError, the dict left as it was (PAL079 where it escapes).
                    self.operator_raised(target, missing)
                    return
                self.stores += 1
                container.delete(key, sure=not self._uncertain)
            elif isinstance(container, ListVal):
                self.mutate(container, lambda: self._delete_item(container, key))
            elif isinstance(container, RealVal):
                self.real_item_change("operator.delitem", container, [key])
            else:
                deleter = datamodel.special_method(container, "__delitem__")
                if deleter is not MISSING:
                    self.call_value(deleter, [key], {}, ctx)

    def ev_item_key(self, node: ast.expr, env: Env, ctx: Ctx) -> object:
        """The key a subscript store or deletion hands the container: for ``xs[a:b:c]`` a
        real ``slice`` object of its bounds (what Python passes ``__setitem__`` /
        ``__delitem__``; unknown where a bound is), else the index's value."""
        if isinstance(node, ast.Slice):
            bounds = [self.ev(b, env, ctx) if b is not None else Const(None)
                      for b in (node.lower, node.upper, node.step)]
            return bridge.run("builtins.slice", slice, bounds, {})
        return self.ev(node, env, ctx)

    def real_item_change(self, name: str, container: RealVal, args: list[object]) -> None:
        """``obj[key] = v`` / ``del obj[key]`` of a kept real object (a bytearray, a Counter,
        an OrderedDict): run for real through ``operator.setitem`` / ``delitem``, which the
        bridge writes back (or, refused or on a path that may not run, leaves it unknown)."""
        self.stores += 1
        container.version += 1
        target = allow.resolve(name)
        if not container.known or not callable(target):
            container.known = False
            return
        bridge.run(name, target, [container, *args], {}, uncertain=bool(self._uncertain))

    @staticmethod
    def _delete_item(target: ListVal, key: object) -> None:
        span = _list_slice(target, key)
        if span is not None:
            try:
                del target.items[span]  # a slice's items go, as list.__delitem__ removes them
            except (TypeError, ValueError):
                target.forget()  # (the program raises: unknown from here)
            return
        at = _list_position(target, key)
        if at is None:
            target.forget()  # an index we cannot place
        else:
            del target.items[at]

    def assign_sequence(self, target: ast.Tuple | ast.List, value: object, env: Env, ctx: Ctx) -> None:
        """`a, b = v` and `first, *rest = v`: the starred name takes the middle items, as a
        new list; a value whose items are unknown, or too few, binds every name unknown."""
        parts: list[object] | None = None
        # A tuple or list of values gives its very items (`k, v = pair` binds the list in the
        # pair, not a copy of it); anything else is read as a library call sees it.
        value = value if isinstance(value, tuple) else plain(value)
        if isinstance(value, Const) and isinstance(value.value, tuple):
            parts = [Const(v) for v in value.value]
        elif _tuples_of_one_length(value):
            # One of several constant tuples (a docstring's partition under two Pythons): each
            # name is one of the items at its place.
            forms = [form.value for form in value.forms]  # type: ignore[attr-defined]
            parts = [one_of([Const(items[i]) for items in forms]) for i in range(len(forms[0]))]
        # Items the program's own iteration protocol gave, to a sure end: counted exactly too
        # (protocol_items answers None unless every step and the end are sure).
        by_protocol = False
        kind = itemless_kind(value, None)
        if kind is not None:
            # Python raises TypeError before binding any name (PAL079).
            self.operator_raised(target, exception_values.ExcVal(TypeError, (Const(
                f"cannot unpack non-iterable {kind} object"),)))
        if parts is None and not (isinstance(value, Const) and isinstance(value.value, str)):
            parts = unpack(value)
            if parts is None:
                parts = self.protocol_items(value, ctx)
                by_protocol = parts is not None
        stars = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
        after = len(target.elts) - stars[0] - 1 if stars else 0
        fits = parts is not None and len(stars) <= 1 and (
            len(parts) >= len(target.elts) - 1 if stars else len(parts) == len(target.elts))
        if not fits and parts is not None and len(stars) <= 1 and (by_protocol or _counted_exactly(value)):
            # Python raises ValueError before binding any name (PAL079).
            self.operator_raised(target, unpack_error(len(parts), len(target.elts), bool(stars)))
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

    def _set_item(self, target: ListVal, key: object, value: object, ctx: Ctx) -> None:
        span = _list_slice(target, key)
        if span is not None:
            # ``xs[a:b] = it``: the slice's items are replaced by the iterable's (read first, a
            # copy when it is the list itself), any number of them; an extended slice takes
            # exactly as many as it spans (else ValueError), as list.__setitem__ does.
            items = unpack(plain(value)) if not isinstance(value, ListVal) else (
                list(value.items) if value.complete else None)
            if items is None and isinstance(value, ObjVal):
                items = self.protocol_items(value, ctx)
            if items is None or len(target.items) + len(items) > MAX_LIST_ITEMS:
                target.forget()
                return
            try:
                target.items[span] = items
            except (TypeError, ValueError):
                target.forget()  # (the program raises: unknown from here)
            return
        at = _list_position(target, key)
        if at is None:
            target.forget()
        else:
            target.items[at] = value

    def list_method(self, method: str, target: ListVal, args: list[object],
                    kwargs: dict[str, object] | None = None, node: ast.Call | None = None) -> object:
        """``xs.append(v)`` and the other list methods, on the list object itself (``node``:
        the call, where what it raises on the program's values is reported)."""
        if method == "copy":
            return ListVal(list(target.items), target.complete)
        if method in ("index", "count", "sort", "remove") and target.complete:
            # Run for real on the list's items; a change is written back (python/bridge.py).
            raised: list[BaseException] = []
            result = bridge.list_method(method, target, args, kwargs or {}, bool(self._uncertain), raised)
            if raised and node is not None:
                self.bridge_raised(node, raised[0])  # (`xs.index(v)` of a value it lacks)
            if result is UNKNOWN and method in ("sort", "remove"):
                target.forget()
            return result
            if result is UNKNOWN and method in ("sort", "remove"):
                target.forget()
            return result
        result: object = Const(None)
        if kwargs:
            target.forget()  # no other list method takes keywords
            return UNKNOWN
        if method == "pop" and target.complete and len(args) <= 1 and all(
                isinstance(a, Const) and type(a.value) is int for a in args) and not self._uncertain:
            index = args[0].value if args else -1  # type: ignore[attr-defined]
            if -len(target.items) <= index < len(target.items):  # type: ignore[operator]
                return target.items.pop(index)  # type: ignore[arg-type]
            if node is not None:
                # CPython's IndexError (PAL079 where it escapes); the list is left as it was.
                self.operator_raised(node, exception_values.ExcVal(IndexError, (Const(
                    "pop from empty list" if not target.items else "pop index out of range"),)))
                return UNKNOWN
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


# Special methods a protocol of Python's calls that may catch what they raise: StopIteration
# ends a loop (`__next__`), IndexError the old sequence protocol (`__getitem__`), AttributeError
# a `getattr` default, `hasattr` or the `__getattr__` fallback (`__getattribute__`, a
# descriptor's `__get__`), `operator.length_hint` a TypeError; `__del__`'s are printed and
# ignored. Every other special method's exception leaves as a call's does.
_CATCHING_PROTOCOLS = frozenset({"__next__", "__getitem__", "__getattr__", "__getattribute__",
                                 "__get__", "__length_hint__", "__del__"})
# Exceptions that are protocol signals, not errors, where a program raises them itself.
_SIGNALS = (StopIteration, StopAsyncIteration, AttributeError)


def _protocol_method(node: object) -> bool:
    """A special method Python's protocols call and whose exceptions they may catch
    (StopIteration ends a loop, IndexError the old sequence protocol, AttributeError a
    ``getattr`` default or ``hasattr``)."""
    return getattr(node, "name", "") in _CATCHING_PROTOCOLS


def _not_in(managers: list[object], exited: list[object]) -> list[object]:
    """The managers whose ``__exit__`` has not run yet (by identity)."""
    return [m for m in managers if all(m is not e for e in exited)]


def _list_slice(target: ListVal, key: object) -> slice | None:
    """The real slice ``xs[key]`` names in a complete list (``key`` a kept real slice);
    None for any other key."""
    if target.complete and isinstance(key, RealVal) and key.known and type(key.real) is slice:
        return key.real  # type: ignore[return-value]
    return None


def _list_position(target: ListVal, key: object) -> int | None:
    """The item ``xs[key]`` names in a complete list, for a known int in range; else None."""
    if target.complete and isinstance(key, Const) and type(key.value) is int \
            and -len(target.items) <= key.value < len(target.items):
        return key.value
    return None


def _tuples_of_one_length(value: object) -> bool:
    return isinstance(value, OneOf) and all(
        isinstance(form, Const) and isinstance(form.value, tuple) for form in value.forms) \
        and len({len(form.value) for form in value.forms}) == 1  # type: ignore[attr-defined]


# The fields that hold statements (or except handlers / match cases, which hold them).
_STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")


def _merge_two(first: dict[str, object], second: dict[str, object]) -> dict[str, object]:
    """exec_branches' merge of two paths (a branch and no branch: most of them), the same
    names in the same order: the first path's, then those only the second binds."""
    merged: dict[str, object] = {}
    for name, value in first.items():
        other = second.get(name, _ABSENT)
        if other is _ABSENT or (other is value and value.__class__ is not OneOf and value is not MISSING):
            merged[name] = value
        else:
            merged[name] = one_of([value, other])
    for name, value in second.items():
        if name not in first:
            merged[name] = value
    return merged


# A name the other path leaves unbound (no value of the program's is this object).
_ABSENT = object()


def _all_same(values: list[object]) -> bool:
    """Every path left the name bound to the same object, which one_of would give back
    unchanged: not a OneOf (its forms are flattened) nor MISSING (one_of makes it UNKNOWN).
    Most names of a scope are untouched by a branch: this skips one_of's fingerprints."""
    first = values[0]
    if first.__class__ is OneOf or first is MISSING:
        return False
    return all(value is first for value in values)


# Constants of types that define no __await__ (an `async with` given one raises TypeError).
_NOT_AWAITABLE = frozenset({int, float, complex, str, bytes, bool, tuple, type(None)})


def _managers_pass(managers: list[object], kind: type[BaseException]) -> bool:
    """Whether a `with`'s managers surely let an exception of the builtin class ``kind``
    through, without running any ``__exit__``: a mesh or patch context, a nullcontext, a
    ``contextlib.suppress`` of other classes; any other manager may swallow it."""
    for manager in managers:
        if isinstance(manager, SuppressVal):
            if exception_classes.catches(manager.kinds, kind) is not False:
                return False
        elif not isinstance(manager, (MeshContext, PatchContext, MeshVal, NullContextVal, GridEnvContext)):
            return False
    return True


def _counted_exactly(value: object) -> bool:
    """A value whose number of items is known for sure: a tuple the program built, a constant
    tuple, a list whose items are all known (not another iterable's protocol, which the
    analysis may read partly)."""
    return type(value) is tuple or (isinstance(value, Const) and type(value.value) is tuple) \
        or (type(value) is ListVal and value.complete)


# Immutable sequences a program may store into by mistake (a NumPy-marked constant is a number).
_IMMUTABLE = {tuple: "tuple", str: "str", bytes: "bytes"}
