"""The interpreter's expressions: names, attributes (through python/datamodel.py),
subscripts, operators (python/operators.py), comparisons and truth, literals,
comprehensions, f-strings; each over every form of an operand that may take several
(``each``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ... import arrays, introspection, jax_calls, names, pyflow, ref_facts, stdlib_values
from ...axis_trace import element_origins
from ...flow_exits import may_catch_attribute_error
from ...ops import ARITH_OP, REGISTER_SLICE_OP
from ...trace import (
    Ctx,
)
from ...values import (
    IDENTITY_KEY_KINDS,
    MAX_FORMS,
    MISSING,
    NUMPY_SCALAR_ORIGINS,
    RETURNED_NONE,
    SURE_NONE_ORIGINS,
    UNKNOWN,
    AccRefVal,
    ArrayVal,
    ClassVal,
    Const,
    DictVal,
    DtypeVal,
    Env,
    FuncVal,
    ListVal,
    ModuleVal,
    NamespaceVal,
    ObjectVal,
    ObjVal,
    OneOf,
    PartialVal,
    QualName,
    RefVal,
    ShapeDtypeVal,
    SuperVal,
    ViewIndexer,
    one_of,
    pack,
    plain,
    unpack,
)
from ...versions import RELEASE_NAMES
from .. import (
    attributes,
    bridge,
    calls,
    comparisons,
    datamodel,
    doc_names,
    exception_groups,
    flags,
    frames,
    function_attrs,
    function_objects,
    library_bases,
    modules,
    numpy_errors,
    operator_errors,
    operators,
    unbound_names,
)
from ..coroutines import CoroutineVal, GatheredVal
from ..exception_values import ExcVal
from ..generator_contexts import METHODS as CONTEXT_METHODS
from ..generator_contexts import ContextMethod, GeneratorContextManager
from ..generators import METHODS as GENERATOR_METHODS
from ..generators import Generator, GeneratorMethod, Thrown
from ..real import RealVal
from .support import (
    _BUILTINS,
    _UNKNOWN_REST,
    MAX_COMPREHENSION,
    MAX_FORMS_CALLED,
    _compare,
    _flag_or_binary,
    _is_iterator,
    _module_scope,
    _new_list,
    _subscript,
    _unary,
    members_known,
)

# The operators whose array operands PAL049 judges (Mosaic GPU's pointwise arithmetic).
ARITH_OPERATORS = (ast.Add, ast.Sub, ast.Mult)


def _partial_attribute(partial: PartialVal, attr: str) -> object:
    """``functools.partial``'s public attributes: ``func``, ``args`` (a tuple), ``keywords`` (a
    new dict each read, as CPython's copy-free dict is the partial's own: a store into it is not
    followed, so it is read as a copy). Unknown where a ``*`` / ``**`` spread was bound."""
    if attr == "func":
        return partial.func
    if attr == "args":
        return UNKNOWN if any(arg is _UNKNOWN_REST for arg in partial.args) else pack(list(partial.args))
    if attr == "keywords":
        if "**" in partial.kwargs:
            return UNKNOWN
        made = DictVal()
        for name, value in partial.kwargs.items():
            made.store(Const(name), value)
        return made
    return MISSING


class ExpressionsMixin:
    """Expressions of ``Interpreter`` (analysis/interpreter.py)."""

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

    def compare(self, left: object, ops: list[ast.cmpop], rights: list[object], ctx: Ctx,
                node: ast.Compare | None = None) -> object:
        """A comparison; ``x in obj`` runs ``type(obj).__contains__`` when the class has one.
        ``node``: the comparison written in the program (where what it raises is reported)."""
        if len(ops) == 1 and isinstance(ops[0], (ast.In, ast.NotIn)):
            contains = datamodel.special_method(rights[0], "__contains__")
            if contains is not MISSING:
                inside = self.truth(self.call_hook(contains, [left], ctx))
                if inside is None:
                    return UNKNOWN
                return Const(inside if isinstance(ops[0], ast.In) else not inside)
            found = self.membership(left, rights[0], ctx)
            if found is not MISSING:
                return UNKNOWN if found is None else Const(found == isinstance(ops[0], ast.In))
        if len(ops) == 1 and left.__class__ is DictVal and isinstance(ops[0], (ast.Eq, ast.NotEq)):
            equal = self.dict_equality(left, rights[0], ctx)  # type: ignore[arg-type]
            if equal is not MISSING:
                return UNKNOWN if equal is None else Const(equal == isinstance(ops[0], ast.Eq))
        if (left.__class__ is ArrayVal or rights[0].__class__ is ArrayVal) and len(ops) == 1 \
                and isinstance(ops[0], _ORDER_AND_EQUALITY):
            return arrays.compared(left, rights[0], self.x64)  # an array of bools
        if (left.__class__ is RealVal or rights[0].__class__ is RealVal) and len(ops) == 1:
            host = numpy_errors.compared(left, ops[0], rights[0])  # NumPy's: an array of bools
            if host is not None:
                value, error = host
                if error is not None and node is not None:
                    self.operator_raised(node, error)  # type: ignore[arg-type]
                return value
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

    def dict_equality(self, left: DictVal, right: object, ctx: Ctx) -> bool | object | None:
        """``left == right`` of two plain dicts as CPython compares them: the same keys, and
        each key's values equal (their own ``__eq__`` first); None where a dict's keys or a
        value's equality is not known; MISSING where ``right`` is no plain dict."""
        if right.__class__ is not DictVal:
            return MISSING
        if not (left.complete and right.complete) or left.instance_items or right.instance_items:  # type: ignore[attr-defined]
            return None
        if left.items.keys() != right.items.keys():  # type: ignore[attr-defined]
            return False
        for key, value in left.items.items():  # in order, up to the first pair not equal
            verdict = self.truth(self.compare_pair(value, ast.Eq(), right.items[key], ctx))  # type: ignore[attr-defined]
            if verdict is not True:
                return verdict
        return True

    def membership(self, value: object, container: object, ctx: Ctx) -> object:
        """``value in container`` where the program's instances take part, as CPython's
        containers test it: a dict by hash (an instance hashed by identity is found only as
        itself), a list or tuple item by item, ``item is value or item == value`` (the
        item's ``__eq__`` first); MISSING where the plain values' comparison decides."""
        if isinstance(container, ObjVal):
            return self.membership_by_iteration(value, container, ctx)
        if isinstance(container, DictVal) and value.__class__ in IDENTITY_KEY_KINDS:
            held = container.holds(value)
            if held is not MISSING:
                return held
        items = container if isinstance(container, tuple) else (
            container.items if isinstance(container, ListVal) and container.complete else None)
        if items is None or not any(isinstance(v, (ObjVal, ObjectVal)) for v in (value, *items)):
            return MISSING
        for item in items:
            if item is value and isinstance(item, (ObjVal, ObjectVal)):
                return True
            verdict = self.truth(self.compare_pair(item, ast.Eq(), value, ctx))
            if verdict is not False:
                return verdict  # found, or not known whether the rest is looked at
        return False

    def membership_by_iteration(self, value: object, container: ObjVal, ctx: Ctx) -> object:
        """``value in obj`` for a class without ``__contains__`` (PySequence_Contains): its
        items read one at a time, through ``__iter__`` or the old sequence protocol, up to
        the first that ``is`` or ``==`` the value; MISSING where the instance iterates neither
        way the interpreter reads, None where an item or the end is not known."""
        iterator = self.iterator_of(container, ctx)
        if not self.is_iterator(iterator) or isinstance(iterator, RealVal):
            return MISSING
        for _ in range(MAX_COMPREHENSION):
            step = self.next_step(iterator, ctx)
            if step.kind == "done":
                return False
            if step.kind != "item" or not step.sure:
                self.drain(iterator, ctx)  # how far Python reads it is not known
                return None
            if step.value is value and isinstance(value, ObjVal):
                return True
            verdict = self.truth(self.compare_pair(step.value, ast.Eq(), value, ctx))
            if verdict is None:
                self.drain(iterator, ctx)
            if verdict is not False:
                return verdict
        self.drain(iterator, ctx)
        return None

    def compare_pair(self, left: object, op: ast.cmpop, right: object, ctx: Ctx) -> object:
        """One comparison: the classes' rich comparisons (python/comparisons.py), else as values."""
        if isinstance(op, (ast.Is, ast.IsNot)):
            same = comparisons.identity(left, right)
            if same is not None:
                return Const(same == isinstance(op, ast.Is))
        result = comparisons.rich_compare(
            left, op, right,
            lambda method, subject, other: self.call_value(
                datamodel.bind(method, subject, subject.cls, self, ctx),  # type: ignore[attr-defined]
                [other], {}, ctx),
            lambda a, inner, b: self.compare(a, [inner], [b], ctx), self.truth)
        return result if result is not MISSING else _compare(left, [op], [right])

    # ---- expressions ---------------------------------------------------------------------

    def ev(self, node: ast.expr | None, env: Env, ctx: Ctx) -> object:
        # The three commonest nodes, tested by exact class first (a parsed tree holds no
        # subclass of a node class): one identity test each instead of an isinstance call
        # per branch above them (ev is the interpreter's hottest function).
        cls = node.__class__
        if cls is ast.Name:
            name = node.id  # type: ignore[union-attr]
            scope: Env | None = env
            while scope is not None:  # Env.find_scope, inlined
                names_here = scope.names
                if name in names_here:
                    found = names_here[name]
                    return self.library_model(found) if found.__class__ is QualName else found
                scope = scope.parent
            return self._unbound_name(name, env, node)  # type: ignore[arg-type]
        if cls is ast.Attribute:
            base = self.ev(node.value, env, ctx)  # type: ignore[union-attr]
            if base.__class__ is not OneOf:  # `each` of a single form: the attribute itself
                return self.attribute(base, node, ctx)  # type: ignore[arg-type]
            return self.each(lambda base: self.attribute(base, node, ctx), base)  # type: ignore[arg-type]
        if cls is ast.Call:
            return self.ev_call(node, env, ctx)  # type: ignore[arg-type]
        if node is None:
            return Const(None)
        if isinstance(node, ast.Constant):
            return Const(node.value, origins=(node,) if isinstance(node.value, str) else None)
        if isinstance(node, ast.Name):
            found_scope = env.find_scope(node.id)
            if found_scope is not None:
                found = found_scope.names[node.id]
                return self.library_model(found) if found.__class__ is QualName else found
            return self._unbound_name(node.id, env, node)
        if isinstance(node, ast.Attribute):
            return self.each(lambda base: self.attribute(base, node, ctx), self.ev(node.value, env, ctx))
        if isinstance(node, ast.Call):
            return self.ev_call(node, env, ctx)
        if isinstance(node, ast.Tuple):
            return self.ev_sequence(node.elts, env, ctx)
        if isinstance(node, ast.List):
            return _new_list(self.ev_sequence(node.elts, env, ctx))
        if isinstance(node, ast.BinOp):
            left, right = self.ev(node.left, env, ctx), self.ev(node.right, env, ctx)
            if ctx.launch is not None and isinstance(node.op, ARITH_OPERATORS) and any(
                    isinstance(plain(side), ArrayVal) for side in (left, right)):
                # Arithmetic on register arrays in a kernel body (PAL049 reads its operands).
                self.record_op(ARITH_OP, node, {"left": left, "right": right,  # type: ignore[arg-type]
                                                "operator": Const(type(node.op).__name__)}, {}, ctx)
            if ctx.launch is not None and left.__class__ is ArrayVal and right.__class__ is ArrayVal:
                # Two traced arrays in a kernel body whose shapes do not broadcast.
                error = operator_errors.array_shapes_error(left, node.op, right)
                if error is not None:
                    try:
                        self.operator_raised(node, error)  # (ends the body's frame where sure)
                    finally:
                        if id(node) in self.operator_errors:
                            # The trace stops there: nothing of this launch is lowered.
                            self.trace_stopped_launches.add(id(ctx.launch))
                    return UNKNOWN
            if node.op.__class__ is ast.Mod and left.__class__ is Const \
                    and isinstance(left.value, (str, bytes)):  # type: ignore[attr-defined]
                # `"%(kind)s" % NAMING`: what formatting raises on the program's items.
                raised = bridge.format_error(left, right)  # type: ignore[arg-type]
                if raised is not None:
                    keyed = type(raised) is KeyError and len(raised.args) == 1
                    said = raised.args[0] if keyed else str(raised)
                    self.operator_raised(node, ExcVal(type(raised), (Const(said),)))
                    return UNKNOWN
            if left.__class__ in operator_errors.JUDGED and right.__class__ in operator_errors.JUDGED:
                error = operator_errors.binary_error(left, node.op, right)
                if error is not None:
                    self.operator_raised(node, error)
                    return UNKNOWN
            elif left.__class__ is RealVal or right.__class__ is RealVal:
                host = numpy_errors.binary(left, node.op, right)  # host NumPy's, run once
                if host is not None:
                    value, error = host
                    if error is not None:
                        self.operator_raised(node, error)  # type: ignore[arg-type]
                        return UNKNOWN
                    if value is not UNKNOWN:
                        return value
            return self.each(lambda left, right: self.binary_op(left, node.op, right, ctx), left, right)
        if isinstance(node, ast.Subscript):
            base = evaluated = self.ev(node.value, env, ctx)
            # A dict subclass's instance: its class's __getitem__ / __missing__ first.
            base = base if isinstance(base, ObjVal) and base.payload is not None else plain(base)
            if isinstance(base, (ViewIndexer, RefVal)):
                index = self.ev_ref_index(node.slice, env, ctx)
                if base.__class__ is ViewIndexer:
                    self.record_view(base, index, node, ctx)  # type: ignore[arg-type]
                else:
                    self.record_access("load", base, index, node, ctx)
                return self.subscript(base, index, ctx)
            if isinstance(base, AccRefVal):
                # An accumulator read (acc[...], acc[:, :64]): indexed as a ref is; not a
                # memory access (the ref rules leave accumulators alone).
                return self.subscript(base, self.ev_ref_index(node.slice, env, ctx), ctx)
            if ctx.launch is not None and not (ctx.warp_level or ctx.names_open) \
                    and isinstance(base, ArrayVal) and _plain_index(node.slice):
                # (Not in code that runs once per warp, where an array is refused first, PAL065,
                # nor under a construct the model does not follow, which may never run it.)
                # A slice or element of a register array in a kernel body (PAL061): its index
                # read as a ref's (slices as DSliceVal), only an index of constants and names.
                index = self.ev_ref_index(node.slice, env, ctx)
                self.record_op(REGISTER_SLICE_OP, node, {"x": base, "index": index}, {}, ctx)  # type: ignore[arg-type]
                return self.subscript(base, index, ctx)
            if isinstance(base, ArrayVal) and isinstance(node.slice, (ast.Slice, ast.Tuple)):
                # A slice of an array (`x[:, :KEEP]`): its index read as a ref's, so the shape
                # it leaves is known (NumPy's basic indexing).
                return self.subscript(base, self.ev_ref_index(node.slice, env, ctx), ctx)
            if isinstance(node.slice, ast.Slice):
                bounds = [self.ev(b, env, ctx) if b is not None else Const(None)
                          for b in (node.slice.lower, node.slice.upper, node.slice.step)]
                made = self.each(lambda base, *bounds: self.slice_subscript(base, list(bounds), ctx),
                                 base, *bounds)
                # A slice of a list is a new list (`rest = args[:]`, then `rest.pop(0)`).
                of_list = isinstance(evaluated, ListVal) and unpack(made) is not None
                return _new_list(made) if of_list else made
            if base.__class__ is RealVal and isinstance(node.slice, ast.Tuple) \
                    and any(isinstance(item, ast.Slice) for item in node.slice.elts):
                # `CANDIDATES[:, 0]` of a host NumPy array: its slices as real slice objects.
                index: object = tuple(self.real_slice(item, env, ctx) if isinstance(item, ast.Slice)
                                      else self.ev(item, env, ctx) for item in node.slice.elts)
            else:
                index = self.ev(node.slice, env, ctx)
            host = numpy_errors.getitem(base, index) if base.__class__ is RealVal else None
            if host is not None and host[1] is None and host[0] is not UNKNOWN:
                return host[0]  # a host NumPy array's item or view, computed once
            # (A list is judged as the list it is: its snapshot is a tuple, whose words differ.)
            error = host[1] if host is not None else _lookup_error(
                evaluated if evaluated.__class__ is ListVal else base, index) \
                if base.__class__ is not RealVal else None  # (a host NumPy array's IndexError)
            if error is not None and (error.kind is KeyError or not _program_input(base)):
                # A plain dict that holds every key stored in it read with a key it lacks, a
                # known sequence read past its end: recorded for PAL079 where it escapes every
                # handler, raised as a call's is.
                self.operator_raised(node, error)
            elif error is not None:
                self.chain(error, MISSING)  # chained as any raise
                # As a call that surely raised: the handler that surely catches it gets it,
                # else a function surely running this ends here raising it (the code after
                # it never runs; before, it was analysed as if the subscript gave a value).
                self.raised_by_call(error)
            # (A form of a OneOf is read as the whole value is: a list as its items.)
            return self.each(lambda base, index: self.subscript(
                plain(base) if isinstance(base, ListVal) else base, index, ctx), base, index)
        if isinstance(node, ast.Lambda):
            env.captured = True  # (interp/statements.py assign: its names are read late)
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
                lambda left, *rights: self.compare(left, node.ops, list(rights), ctx, node),
                left, *(self.ev(c, env, ctx) for c in node.comparators))
        if isinstance(node, ast.BoolOp):
            return self.ev_boolop(node, env, ctx)
        if isinstance(node, ast.UnaryOp):
            operand = self.ev(node.operand, env, ctx)
            if ctx.launch is not None and isinstance(node.op, ast.USub) \
                    and isinstance(plain(operand), ArrayVal):
                # `-x` of a register array in a kernel body (PAL049).
                self.record_op(ARITH_OP, node, {"left": operand,  # type: ignore[arg-type]
                                                "operator": Const("USub")}, {}, ctx)
            # (A number's `-` / `+` never raises, nor an int's `~`: told apart without a call,
            # on the keystroke path, where `-1` is common.)
            if operand.__class__ in operator_errors.JUDGED and node.op.__class__ is not ast.Not and not (
                    operand.__class__ is Const and (operand.value.__class__ in _INTS or (
                        node.op.__class__ is not ast.Invert and operand.value.__class__ in _INEXACT))):
                error = operator_errors.unary_error(node.op, operand)
                if error is not None:
                    self.operator_raised(node, error)
                    return UNKNOWN
            return self.each(lambda operand: self.unary_op(node.op, operand, ctx), operand)
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
            sent = frame.generator.suspend(value, self.sure_yield(frame))  # what `send` passes in
            return self.throw_at_yield(frame, sent.exception, ctx) if isinstance(sent, Thrown) else sent
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

    def _unbound_name(self, name: str, env: Env, node: ast.Name | None = None) -> object:
        """A name no enclosing scope binds: a builtin, a name of the one `import *` module; a
        name the analysed file binds nowhere raises NameError (python/unbound_names.py); else
        unknown."""
        if name in _BUILTINS:
            # `Ellipsis` is the constant `...` is (one object: `x is Ellipsis`); `NotImplemented`
            # stays a name (a rich comparison's answer, read by the data model as such).
            if name == "Ellipsis":
                return _ELLIPSIS
            # `__debug__` is True unless Python runs with -O, which strips asserts too: the
            # lowering check and a plain `python kernel.py` run without it.
            return _DEBUG if name == "__debug__" else QualName(f"builtins.{name}")
        if name == "__class__":
            return self._class_cell(env)
        stars = self._star_modules.get(id(_module_scope(env)), [])
        if len(stars) == 1:
            return names.attribute(stars[0], name)
        if node is not None and _module_scope(env) is self.module_env and not name.startswith("__") \
                and self.path_of(node) is None:  # (a module's dunders, __file__ and the rest, exist)
            if self._file_binds is MISSING:
                self._file_binds = unbound_names.module_binds(self.tree)
            if self._file_binds is not None and name not in self._file_binds \
                    and not unbound_names.builtin(name):  # type: ignore[operator]
                self.operator_raised(node, ExcVal(NameError, (Const(unbound_names.message(name)),)))  # type: ignore[arg-type]
        return UNKNOWN

    def _class_cell(self, env: Env) -> object:
        """``__class__`` read in a method: the implicit cell the compiler gives every function
        of a class body that names ``__class__`` or ``super``, holding the class the statement
        made (``type.__new__``'s, before decorators), whatever ``type(self)`` is. Read in the
        method's own scope or a comprehension of it; elsewhere (a function nested in the
        method, a class body, exec'd text, a function not defined in a class body) unknown."""
        frame = self._frames[-1] if self._frames else None
        if frame is None or not isinstance(frame.owner, ClassVal) or frame.local is None:
            return UNKNOWN
        scope: Env | None = env
        while scope is not None and scope is not frame.local:
            if id(scope) in self._class_qualnames:
                return UNKNOWN  # a class body inside the method: its own (empty) cell
            scope = scope.parent
        return frame.owner if scope is not None else UNKNOWN

    def each(self, operation, *operands: object) -> object:  # type: ignore[no-untyped-def]
        """``operation`` on operands of which some may take several forms: applied to each
        combination of forms, the result is one of the results."""
        for operand in operands:  # (a loop, not any() over a generator: a hot path)
            if operand.__class__ is OneOf:  # (OneOf has no subclass)
                break
        else:
            return operation(*operands)
        combinations: list[tuple[object, ...]] = [()]
        for operand in operands:
            forms = operand.forms if isinstance(operand, OneOf) else (operand,)
            combinations = [(*done, form) for done in combinations for form in forms]
            if len(combinations) > MAX_FORMS:
                return UNKNOWN
        return one_of([operation(*combination) for combination in combinations])

    def binary_op(self, left: object, op: ast.operator, right: object, ctx: Ctx) -> object:
        """``left op right``: the operands' special methods (python/operators.py), then
        Flag bits, lists, constants and arrays."""
        answered = operators.binary(self, left, op, right, ctx)
        return answered if answered is not MISSING else _flag_or_binary(left, op, right, self.x64)

    def unary_op(self, op: ast.unaryop, operand: object, ctx: Ctx) -> object:
        """``-operand`` / ``+`` / ``~``: the operand's special method (python/operators.py),
        then Flag bits and constants; ``not`` by truth."""
        if isinstance(op, ast.Not) and isinstance(operand, ObjVal) and operand.cls.enum_members is None:
            truth = self.truth(operand)  # __bool__, then __len__
            return UNKNOWN if truth is None else Const(not truth)
        answered = operators.unary(self, op, operand, ctx)
        return answered if answered is not MISSING else _unary(op, operand)

    def inplace_op(self, current: object, op: ast.operator, operand: object, ctx: Ctx) -> object:
        """What ``current op= operand`` rebinds its target to: ``__iop__`` first, else the
        binary operator."""
        answered = operators.inplace(self, current, op, operand, ctx)
        if answered is not MISSING:
            return answered
        answered = operators.binary(self, current, op, operand, ctx)
        return answered if answered is not MISSING else jax_calls.binary(plain(current), op, plain(operand),
                                                                         self.x64)

    def attribute(self, base: object, node: ast.Attribute, ctx: Ctx) -> object:
        return self.attribute_named(base, node.attr, ctx, node)

    def attribute_named(self, base: object, attr: str, ctx: Ctx, node: ast.Attribute | None = None) -> object:
        """``base.attr``, also when the name is computed (``getattr(base, name)``)."""
        if base.__class__ is QualName and attr not in doc_names.INTROSPECTION_NAMES:
            # A library name's attribute (`plgpu.kernel`, most attributes a program reads):
            # none of the program's values below, so straight to the library's attribute.
            if node is not None:
                # Read under a handler that may catch its AttributeError (a program probing
                # for a name), or in code that may not run (a branch on the release, a callback
                # handed to code we cannot see): recorded as probed, and no rule says the read
                # fails.
                probed = self._uncertain != 0 or self._callback_depth != 0 or (bool(self.handlers) and any(
                    may_catch_attribute_error(handler.clauses) for handler in self.handlers))
                self.library_attributes[node] = (node, base.name, attr, probed)
            return self._attribute_value(jax_calls.get_attribute(base, attr, node), ctx)  # type: ignore[arg-type]
        if isinstance(base, SuperVal):
            return self.super_attribute(base, attr)
        if base is RETURNED_NONE or (base.__class__ is Const and base.origins is SURE_NONE_ORIGINS):  # type: ignore[attr-defined]
            if node is not None and not attr.startswith("__"):
                # A None that is surely None (a call of a function that ran no `return`, a
                # finished generator's gi_frame): Python raises AttributeError (PAL079).
                self.operator_raised(node, ExcVal(AttributeError, (Const(
                    f"'NoneType' object has no attribute '{attr}'"),)))
            return UNKNOWN
        if isinstance(base, OneOf) and all(isinstance(form, Const) for form in base.forms):
            # A constant of two spellings (a docstring under Python 3.12 and 3.13): each read.
            return one_of([self.attribute_named(form, attr, ctx, node) for form in base.forms])
        if isinstance(base, QualName) and attr in doc_names.INTROSPECTION_NAMES:
            named = doc_names.library_attribute(base.name, attr)
            if named is not MISSING:
                return named
        value = datamodel.descriptor_attribute(base, attr)
        if value is MISSING:
            if isinstance(base, ObjVal):
                value = datamodel.instance_attribute(self, base, attr, ctx)
                if value is UNKNOWN and node is not None and attributes.surely_missing(base, attr):
                    # Python raises AttributeError (PAL079 where it escapes).
                    self.operator_raised(node, ExcVal(AttributeError, (Const(
                        f"'{base.cls.node.name}' object has no attribute '{attr}'"),)))
            elif isinstance(base, ClassVal):
                # Every class has its own __doc__ (None without a docstring): never inherited.
                if attr == "__doc__" and "__doc__" not in base.attrs:
                    return doc_names.docstring(base.node)
                if attr == "__members__" and base.enum_members is not None:
                    # An enum's name -> member mapping, aliases included, in definition order
                    # (a read-only mappingproxy; held as a dict: the program reads it).
                    return DictVal({name: value for name, value in base.attrs.items()
                                    if isinstance(value, ObjVal) and value.cls is base})
                value = datamodel.class_attribute(self, base, attr, ctx)
            elif isinstance(base, ModuleVal):
                value = modules.module_attribute(self, base, attr, ctx)
            elif isinstance(base, (CoroutineVal, GatheredVal)):
                return UNKNOWN  # send / close / cancel: none of them runs the body here
            elif base.__class__ is PartialVal:
                value = _partial_attribute(base, attr)  # type: ignore[arg-type]
            elif isinstance(base, Generator):
                if attr == "gi_frame":
                    return frames.generator_frame(base.state, base.local,  # type: ignore[arg-type]
                                                  base.local.parent is self.module_env)  # type: ignore[attr-defined]
                return GeneratorMethod(base, attr) if attr in GENERATOR_METHODS else UNKNOWN
            elif base.__class__ is frames.FrameVal:
                value = frames.attribute(base, attr, self.module_env)  # type: ignore[arg-type]
            elif isinstance(base, GeneratorContextManager):
                return ContextMethod(base, attr) if attr in CONTEXT_METHODS else UNKNOWN
            elif isinstance(base, (FuncVal, ExcVal)):  # (one test: this runs for every attribute)
                if isinstance(base, FuncVal):
                    value = datamodel.function_attribute(base, attr)
                    if value is MISSING:
                        value = doc_names.function_attribute(base.node, attr)
                    if value is MISSING:
                        value = function_attrs.function_attribute(base, attr)
                    if value is MISSING:
                        value = function_objects.function_attribute(self, base, attr)
                else:
                    value = exception_groups.attribute(base, attr)
                    return UNKNOWN if value is MISSING else value  # with_traceback, add_note...
            elif base.__class__ in function_objects.VALUES:  # a closure cell, a code object
                if base.__class__ is function_objects.CellVal:
                    return function_objects.cell_attribute(base, attr)  # type: ignore[arg-type]
                return function_objects.code_attribute(base, attr)  # type: ignore[arg-type]
        if value is MISSING:
            value = jax_calls.get_attribute(base, attr, node)  # type: ignore[arg-type]
            if value is UNKNOWN and node is not None and base.__class__ is RealVal:
                refused = bridge.missing_attribute(base, attr)  # type: ignore[arg-type]
                if refused is not None:
                    self.operator_raised(node, ExcVal(AttributeError, (Const(refused),)))  # PAL079
                elif (raised := bridge.property_error(base, attr)) is not None:  # type: ignore[arg-type]
                    self.operator_raised(node, ExcVal(type(raised), (Const(str(raised)),)))
            elif value is UNKNOWN and node is not None and base.__class__ is NamespaceVal \
                    and attributes.namespace_lacks(base, attr):  # type: ignore[arg-type]
                self.operator_raised(node, ExcVal(AttributeError, (Const(
                    f"'{base.kind}' object has no attribute '{attr}'"),)))  # type: ignore[attr-defined]
            elif value is UNKNOWN and node is not None and base.__class__ in (ArrayVal, RefVal) \
                    and (ctx.launch is not None or ctx.jit_node is not None) \
                    and attributes.jax_value_lacks(attr):
                # A traced array or ref (a kernel body, a jitted function): JAX's Tracer.__getattr__.
                self.operator_raised(node, ExcVal(AttributeError, (Const(
                    f"DynamicJaxprTracer has no attribute {attr}"),)))
            elif value is UNKNOWN and node is not None and base.__class__ in _BUILTIN_VALUES \
                    and (kind := attributes.builtin_lacks(base, attr)) is not None:
                # `D.key()` of a dict, `s.uper()` of a str: CPython's AttributeError (PAL079).
                self.operator_raised(node, ExcVal(AttributeError, (Const(
                    f"'{kind}' object has no attribute '{attr}'"),)))
            elif value is UNKNOWN and node is not None and base.__class__ is ShapeDtypeVal \
                    and attributes.shape_dtype_lacks(attr):
                self.operator_raised(node, ExcVal(AttributeError, (Const(
                    f"'ShapeDtypeStruct' object has no attribute '{attr}'"),)))
        return self._attribute_value(value, ctx)

    def _attribute_value(self, value: object, ctx: Ctx) -> object:
        """An attribute's value as the program reads it: patched (`mock.patch.object`), a
        library class modelled in Python, ``sys.argv``."""
        if ctx.patches and isinstance(value, QualName):
            value = next((new for name, new in ctx.patches if name == value.name), value)
        if value.__class__ is QualName:
            # (No call for the common name: every library attribute read passes here.)
            name = value.name  # type: ignore[attr-defined]
            value = self.release_consts[name] if name in RELEASE_NAMES else self.library_model(value)  # type: ignore[arg-type]
        return introspection.program_input(value)

    def library_value(self, value: QualName) -> object:
        """A library name as the program reads it: the target release's version names
        (``jax.__version_info__``: a program's branch on the release runs as that release
        runs it), a library class modelled in Python (python/source_models.py), else the name."""
        found = self.release_consts.get(value.name)
        return self.library_model(value) if found is None else found

    def subscript(self, base: object, index: object, ctx: Ctx | None = None) -> object:
        method = datamodel.special_method(base, "__getitem__")
        if method is not MISSING:
            return self.call_hook(method, [index], ctx or Ctx())
        as_index = datamodel.special_method(index, "__index__")
        if as_index is not MISSING:  # `seq[obj]`: Python converts the index through __index__
            index = self.call_value(as_index, [], {}, ctx or Ctx())
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
            if part.conversion == -1 and part.format_spec is None and value.__class__ is not DtypeVal:
                return value  # (a dtype is formatted as numpy's: f"{x.dtype}" is "float16")
            if isinstance(value, ObjVal) and value.cls.enum_members is not None:
                return UNKNOWN  # an enum member's format depends on its mixin: not followed
            # format(value, spec) after !s / !r / !a, as Python runs it: the program's instance
            # through its __format__ / __str__ / __repr__ (the bridge's proxy), a known value
            # through the real builtins (f"{i:02d}", f"{name!r}").
            if part.conversion in (ord("s"), ord("r"), ord("a")):
                convert = {ord("s"): "builtins.str", ord("r"): "builtins.repr",
                           ord("a"): "builtins.ascii"}[part.conversion]
                value = self.call_value(QualName(convert), [value], {}, ctx)
            spec = self.ev(part.format_spec, env, ctx) if part.format_spec is not None else Const("")
            return self.call_value(QualName("builtins.format"), [value, spec], {}, ctx)
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
                elif isinstance(spread, ObjVal):  # a dict subclass's dict, or keys() / __getitem__
                    spread = plain(spread) if spread.payload is not None \
                        else self.mapping_protocol(spread, ctx)
                if isinstance(spread, DictVal):
                    for k, v in spread.items.items():
                        value.store(Const(k), v)
                    value.complete = value.complete and spread.complete
                else:
                    if spread.__class__ is Const and type(spread.value) in _NOT_MAPPINGS:  # type: ignore[attr-defined]
                        # `{**0}`: Python raises TypeError (PAL079 where it escapes). (Not None:
                        # the analysis' None is often a default something else replaces.)
                        self.operator_raised(item, ExcVal(TypeError, (Const(
                            f"'{type(spread.value).__name__}' object is not a mapping"),)))  # type: ignore[attr-defined]
                    value.store(UNKNOWN, UNKNOWN)
            else:
                made = self.ev(key, env, ctx)
                if made.__class__ in _UNHASHABLE:
                    # `{[64, 128]: ...}`: CPython 3.11 / 3.12's TypeError (PAL079 where it escapes).
                    self.operator_raised(key, ExcVal(TypeError, (Const(
                        f"unhashable type: '{_UNHASHABLE[made.__class__]}'"),)))  # type: ignore[arg-type]
                value.store(made, self.ev(item, env, ctx))
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
                else:  # any other known iterable: a string's letters, a complete dict's keys
                    items = unpack(spread)
                    if items is None:
                        exact = False
                    else:
                        values.extend(items)
            else:
                values.append(self.ev(element, env, ctx))
        if not exact:
            return UNKNOWN
        return pack(values)

    def ev_comprehension(self, node: ast.expr, env: Env, ctx: Ctx) -> object:
        """Over known items, element by element (a tuple, or a dict for a dict comprehension);
        else the parts are evaluated once for the calls in them and the result is unknown.
        Over one of several iterables (which depends on a path not decided): once over each,
        on its path, the result one of theirs."""
        # Its own scope, as a function's: the first iterable is evaluated where the
        # comprehension stands, everything else sees the enclosing function or module scope,
        # never a class body's names (a class scope is skipped, as for a method).
        scope = env
        while id(scope) in self.class_annotations and scope.parent is not None:
            scope = scope.parent
        first = self.ev(node.generators[0].iter, env, ctx)  # type: ignore[attr-defined]
        if first.__class__ is not OneOf or len(first.forms) > MAX_FORMS_CALLED:  # type: ignore[attr-defined]
            return self._comprehension_over(node, first, scope, ctx)
        self._uncertain += 1
        try:
            return one_of([self._comprehension_over(node, form, scope, ctx)
                           for form in first.forms])  # type: ignore[attr-defined]
        finally:
            self._uncertain -= 1

    def _comprehension_over(self, node: ast.expr, first: object, scope: Env, ctx: Ctx) -> object:
        results: list[tuple[object, object]] = []
        exact = self._comprehend(node, node.generators, Env({}, parent=scope), ctx, results,  # type: ignore[attr-defined]
                                 first=first)
        if exact:
            if isinstance(node, ast.DictComp):
                made = DictVal()
                for key, value in results:
                    made.store(key, value)
                return made
            values = [value for _key, value in results]
            if isinstance(node, ast.SetComp):  # a real set of its items, as a set display
                return bridge.run("builtins.set", set, [pack(values)], {})
            return ListVal(values) if isinstance(node, ast.ListComp) else pack(values)
        inner = Env({}, parent=scope)
        for index, generator in enumerate(node.generators):  # type: ignore[attr-defined]
            if index:
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

    def first_generated(self, node: ast.GeneratorExp, first: object, env: Env,
                        ctx: Ctx) -> tuple[bool, object]:
        """``next(<generator expression>)``: a generator expression is a generator, so
        ``next`` runs it only up to its first item, as Python does (the items after it are
        never computed). ``first``: its first iterable, evaluated where the expression
        stands. (True, the item), (True, MISSING) when it yields none (StopIteration, or
        ``next``'s default), (False, UNKNOWN) when that is not known."""
        scope = env
        while id(scope) in self.class_annotations and scope.parent is not None:
            scope = scope.parent
        if first.__class__ is OneOf:
            return False, UNKNOWN
        results: list[tuple[object, object]] = []
        exact = self._comprehend(node, node.generators, Env({}, parent=scope), ctx, results, first=first,
                                 limit=1)
        if not exact:
            return False, UNKNOWN
        return True, results[0][1] if results else MISSING

    def _comprehend(self, node: ast.expr, generators: list[ast.comprehension], env: Env, ctx: Ctx,
                    results: list[tuple[object, object]], first: object = MISSING,
                    limit: int = MAX_COMPREHENSION + 1) -> bool:
        """``first``: the first iterable's value, evaluated where the comprehension stands;
        ``limit``: stop once that many items were made (a generator read by ``next``)."""
        if not generators:
            if isinstance(node, ast.DictComp):
                results.append((self.ev(node.key, env, ctx), self.ev(node.value, env, ctx)))
            else:
                results.append((None, self.ev(node.elt, env, ctx)))  # type: ignore[attr-defined]
            return len(results) <= MAX_COMPREHENSION
        head, rest = generators[0], generators[1:]
        iterable = self.iterable_of(self.ev(head.iter, env, ctx) if first is MISSING else first, ctx)
        if isinstance(node, ast.SetComp):
            iterable = _set_items(iterable)
        for item in self._items_in_step(iterable, ctx):
            if item is MISSING:
                return False
            self.assign(head.target, item, env, ctx)
            verdicts = [self.truth(self.ev(c, env, ctx)) for c in head.ifs]
            if any(v is None for v in verdicts):
                return False
            if all(verdicts) and not self._comprehend(node, rest, env, ctx, results, limit=limit):
                return False
            if len(results) >= limit:
                return True
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

    def slice_subscript(self, base: object, bounds: list[object], ctx: Ctx) -> object:
        """``base[a:b:c]``: sequences slice directly; an instance of the program's classes
        gets a real ``slice`` object through its ``__getitem__``, as Python passes it."""
        if isinstance(base, ObjVal) and (base.payload is None or library_bases.is_named_tuple(base.cls)):
            # (A named tuple's instance too: tuple's __getitem__ slices the tuple it is.)
            key = bridge.run("builtins.slice", slice, bounds, {})
            return self.subscript(base, key, ctx) if key is not UNKNOWN else UNKNOWN
        return jax_calls.slice_of(base, bounds)

    def real_slice(self, node: ast.Slice, env: Env, ctx: Ctx) -> object:
        """``a:b:c`` as the real ``slice`` object Python passes to ``__getitem__``."""
        bounds = [self.ev(b, env, ctx) if b is not None else Const(None)
                  for b in (node.lower, node.upper, node.step)]
        return bridge.run("builtins.slice", slice, bounds, {})

    def ev_ref_index(self, node: ast.expr, env: Env, ctx: Ctx) -> object:
        """A ref's index (``x_ref[8:16, pl.ds(0, 64)]``): its slices as DSliceVal."""
        if isinstance(node, ast.Slice):
            return ref_facts.python_slice(*(self.ev(b, env, ctx) if b is not None else Const(None)
                                            for b in (node.lower, node.upper, node.step)))
        if isinstance(node, ast.Tuple):
            return tuple(self.ev_ref_index(item, env, ctx) for item in node.elts)
        return self.ev(node, env, ctx)


# The nodes of an index that evaluating twice cannot tell from once.
_ELLIPSIS = Const(Ellipsis)
_DEBUG = Const(True)
_PLAIN_INDEX_NODES = (ast.Constant, ast.Name, ast.Slice, ast.Tuple, ast.UnaryOp, ast.USub,
                      ast.Load)


# The program's containers no dict key may be (their type has no __hash__).
_UNHASHABLE = {ListVal: "list", DictVal: "dict"}
# The program's values of builtin types (attributes.builtin_lacks judges their attributes).
_BUILTIN_VALUES = (Const, ListVal, DictVal)


def _plain_index(node: ast.expr) -> bool:
    return all(isinstance(part, _PLAIN_INDEX_NODES) for part in ast.walk(node))


_ORDER_AND_EQUALITY = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_INTS = frozenset({int, bool})
_INEXACT = frozenset({float, complex})


def _lookup_error(base: object, index: object) -> ExcVal | None:
    """What ``base[index]`` surely raises: KeyError(key) for a plain dict that holds every key
    stored in it and a constant key that is not one of them, IndexError for an int beyond a
    known sequence's length; None when it does not surely raise."""
    if type(base) is DictVal and base.complete and isinstance(index, Const) \
            and _is_hashable(index.value) and index.value not in base.items:
        return ExcVal(KeyError, (index,))
    if base.__class__ is ClassVal and base.enum_members is not None and index.__class__ is Const \
            and type(index.value) is str and index.value not in base.enum_members \
            and members_known(base):  # type: ignore[attr-defined,arg-type]
        return ExcVal(KeyError, (index,))  # `Role["CONSUMR"]`: EnumType.__getitem__'s KeyError
    refused = _not_subscriptable(base, index)
    if refused is not None:
        return ExcVal(TypeError, (Const(refused),))
    beyond = _out_of_range(base, index)
    return None if beyond is None else ExcVal(IndexError, (Const(beyond),))


# Python numbers: no __getitem__ (CPython 3.11 - 3.13: "'int' object is not subscriptable"; a
# NumPy scalar, marked, is subscriptable and not judged; None is not judged, as
# operator_errors leaves it: often a default that a command line or unseen code replaces).
_UNSUBSCRIPTABLE = {int: "int", float: "float", bool: "bool", complex: "complex"}


def _not_subscriptable(base: object, index: object) -> str | None:
    """CPython's TypeError for ``base[index]``: a number has no items; a list or tuple
    takes an int (or an __index__) or a slice, not a str or float key (CPython 3.11 - 3.13
    alike)."""
    if base.__class__ is Const and base.origins is not NUMPY_SCALAR_ORIGINS:  # type: ignore[attr-defined]
        kind = _UNSUBSCRIPTABLE.get(type(base.value))  # type: ignore[attr-defined]
        if kind is not None:
            return f"'{kind}' object is not subscriptable"
    if not (index.__class__ is Const and type(index.value) in (str, float)):  # type: ignore[attr-defined]
        return None
    if type(base) is ListVal and base.complete:
        kind = "list"
    elif isinstance(base, tuple) or (isinstance(base, Const) and type(base.value) is tuple):
        kind = "tuple"
    else:
        return None
    return f"{kind} indices must be integers or slices, not {type(index.value).__name__}"  # type: ignore[attr-defined]


def _out_of_range(base: object, index: object) -> str | None:
    """The IndexError message of ``base[index]`` for a known list, tuple or string and an
    int index beyond its length (CPython's words per type); None when it does not surely raise."""
    if not (isinstance(index, Const) and type(index.value) is int):
        return None
    if type(base) is ListVal and base.complete:
        length, kind = len(base.items), "list"
    elif isinstance(base, tuple):
        length, kind = len(base), "tuple"
    elif isinstance(base, Const) and type(base.value) in (tuple, str):
        length, kind = len(base.value), "tuple" if type(base.value) is tuple else "string"
    else:
        return None
    return f"{kind} index out of range" if not -length <= index.value < length else None


# Constants whose type surely defines no mapping protocol (`{**x}` raises TypeError).
_NOT_MAPPINGS = (int, float, complex, bool, str, bytes, tuple)


def _program_input(base: object) -> bool:
    """A list holding an unknown item: ``sys.argv`` as the file run with no arguments sees it
    (introspection.program_input). Read past its end, it raises only for that run: a user
    runs the file with arguments, so no IndexError is reported for it."""
    return type(base) is ListVal and any(item is UNKNOWN for item in base.items)


def _is_hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _set_items(iterable: object) -> object:
    """A set comprehension over a set of numbers or strings: the items in sorted order (the
    set it makes is the same whatever order Python visits them in); anything else as it is."""
    real = iterable.value if isinstance(iterable, Const) else (
        iterable.real if isinstance(iterable, RealVal) and iterable.known else None)
    if isinstance(real, (set, frozenset)) and len(real) <= MAX_COMPREHENSION \
            and all(type(item) in (int, str, bool) for item in real):
        kinds = {type(item) for item in real}
        if len(kinds - {bool}) <= 1:
            return tuple(Const(item) for item in sorted(real))
    return iterable
