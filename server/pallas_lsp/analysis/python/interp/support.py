"""What the interpreter's parts share: the limits of a run, the builtin names it resolves,
and the module-level helpers (values, kernel arguments, enum bases, operators)."""

from __future__ import annotations

import ast
import builtins

from ... import arrays, jax_calls, pyflow, ref_facts
from ...generator_index import function_yields
from ...trace import (
    Ctx,
)
from ...values import (
    MAX_LIST_ITEMS,
    MISSING,
    UNKNOWN,
    ArrayVal,
    BarrierRefVal,
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
    ObjectVal,
    ObjVal,
    PartialVal,
    QualName,
    RefVal,
    SpecVal,
    WrappedVal,
    one_of,
    plain,
    unpack,
)
from .. import (
    allow,
    bridge,
    comparisons,
    datamodel,
    flags,
    library_bases,
    signatures,
)
from ..exception_values import ExcVal
from ..generators import Generator
from ..real import RealVal
from ..sequence_protocol import SequenceIterator

MAX_CALL_DEPTH = 24
# Calls a run makes of a function while it is already running (recursion, interp/calling.py).
MAX_RECURSIVE_CALLS = 256
MAX_LOOP_UNROLL = 64
# Passes over a loop body run an unknown number of times before its names settle.
MAX_LOOP_PASSES = 3
# Elements a comprehension over known items is evaluated for, one by one.
MAX_COMPREHENSION = 256
# Forms a value that is one of several may have for a builtin call or a comprehension over
# it to be run once per form (interp/calling.py, interp/expressions.py).
MAX_FORMS_CALLED = 4
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
             "vars", "setattr", "delattr", "callable", "locals", "__import__", "exec", "issubclass", "dir",
             "StopIteration", "NotImplemented", "Ellipsis", "__debug__"} | allow.PURE_BUILTINS | {
    # The builtin exception classes: what `contextlib.suppress(KeyError)` names.
    name for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)}  # the rest: run by the bridge


def _is_iterator(value: object) -> bool:
    """An iterator whose items are read one at a time (a generator, a real iterator, an
    iterator over known items)."""
    return isinstance(value, (Generator, GeneratorVal, SequenceIterator)) or (
        isinstance(value, RealVal) and value.is_iterator())


class _MaybeRaised:
    """A `raise` may have run in the call (on a path that may not run)."""

    def __repr__(self) -> str:
        return "MAYBE_RAISED"


MAYBE_RAISED = _MaybeRaised()


def _is_generator(node: ast.AST) -> bool:
    """A function whose own body holds a yield: recorded when the tree was parsed."""
    return function_yields(node)


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


def spec_for(in_specs: object, index: int) -> object:
    """The PartitionSpec of a shard_map's positional argument ``index`` (one spec is a prefix
    for all of them)."""
    if isinstance(in_specs, SpecVal):
        return in_specs
    if isinstance(in_specs, tuple) and index < len(in_specs):
        return in_specs[index]
    return UNKNOWN


def _shard_of(arg: object, spec: object, mesh: object = None) -> object:
    """An array as the shard_mapped function sees it: its dtype, and its shape where the spec
    and the mesh tell it: a dimension split over mesh axes (a name, or a tuple of names) is
    divided by the product of their sizes, one the spec leaves out or gives None is whole.
    Unknown where a size is not known or does not divide (JAX refuses that shard_map)."""
    if not isinstance(arg, ArrayVal):
        return arg
    if not isinstance(spec, SpecVal):
        return ArrayVal(UNKNOWN, arg.dtype)
    if all(isinstance(entry, Const) and entry.value is None for entry in spec.entries):
        return arg
    shape = arg.shape.value if isinstance(arg.shape, Const) else None
    sizes = dict(zip(mesh.axes, mesh.sizes, strict=True)) if isinstance(mesh, MeshVal) \
        and mesh.sizes is not None and len(mesh.sizes) == len(mesh.axes) else None
    if not isinstance(shape, tuple) or sizes is None or len(spec.entries) > len(shape):
        return ArrayVal(UNKNOWN, arg.dtype)
    local = list(shape)
    for dim, entry in enumerate(spec.entries):
        names = entry.value if isinstance(entry, Const) else None
        if names is None and isinstance(entry, Const):
            continue
        names = (names,) if isinstance(names, str) else names
        if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
            return ArrayVal(UNKNOWN, arg.dtype)
        split = 1
        for name in names:
            size = sizes.get(name)
            if type(size) is not int or size <= 0:
                return ArrayVal(UNKNOWN, arg.dtype)
            split *= size
        if type(local[dim]) is not int or local[dim] % split:
            return ArrayVal(UNKNOWN, arg.dtype)
        local[dim] //= split
    return ArrayVal(Const(tuple(local)), arg.dtype, arg.layout, arg.strong)


def _refs(info: KernelInfo, args: tuple[object, ...], count: int) -> list[object]:
    """The refs JAX hands the body, in order: one per input array, per output type and per
    scratch buffer, each with the dtype its array or type has (scratch refs: unknown)."""
    made: list[object] = [ref_facts.ref_of(source, info.io_space) for source in args]
    made += [ref_facts.ref_of(source, info.io_space, declared=True)
             for source in info.out_types]  # type: ignore[union-attr]
    scratch = info.scratch_types if isinstance(info.scratch_types, tuple) else ()
    made += [ref_facts.ref_of(source, UNKNOWN) for source in scratch]
    return (made + [UNKNOWN] * count)[:count]




def _new_list(items: object) -> ListVal:
    known = unpack(items) if not (isinstance(items, Const) and isinstance(items.value, str)) else None
    return ListVal(known or [], complete=known is not None)


def _flag_or_binary(left: object, op: ast.operator, right: object, x64: bool | None = None) -> object:
    combined = flags.binary(left, op, right)
    return combined if combined is not MISSING else _binary(left, op, right, x64)


def _unary(op: ast.unaryop, operand: object) -> object:
    if isinstance(op, ast.Invert):
        inverted = flags.invert(operand)
        if inverted is not MISSING:
            return inverted
    if isinstance(op, ast.Not):
        known = flags.truth(operand)
        if known is not None:
            return Const(not known)
    if isinstance(operand, RealVal) and not isinstance(op, ast.Not):
        # A kept real object's own operator (Counter's `+` / `-`), run for real.
        return bridge.unary(op, operand)
    negated = arrays.unary(op, operand)
    return negated if negated is not MISSING else pyflow.unary(op, operand)


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
                and any(isinstance(v, _NEVER_NONE) or _is_builtin_name(v) for v in sides):
            return Const(isinstance(ops[0], ast.IsNot))
        if all(isinstance(v, ClassVal) for v in sides) or all(isinstance(v, ExcVal) for v in sides):
            # Classes are singletons: `type(mode) is Warpgroup`; an ExcVal is one exception
            # object (`e.__cause__ is err`).
            return Const((sides[0] is sides[1]) == isinstance(ops[0], ast.Is))
        same = signatures.is_sentinel(*sides)  # `p.default is inspect.Parameter.empty`
        if same is None:
            same = comparisons.identity(*sides)  # a bare `object()` sentinel: one object
        if same is None:
            same = datamodel.same_builtin_type(*sides)  # `type(key) is slice`
        if same is not None:
            return Const(same == isinstance(ops[0], ast.Is))
    if len(ops) == 1 and isinstance(ops[0], (ast.Eq, ast.NotEq)):
        sides = (left, rights[0])
        if any(isinstance(v, Const) for v in sides) and any(_is_plain_class(v) for v in sides):
            # type.__eq__ is identity: a class (`kind == AXIS` over a class's annotations)
            # is never equal to a constant (a str, a number, None).
            return Const(isinstance(ops[0], ast.NotEq))
        equal = comparisons.bare_object_equality(*sides)  # object's __eq__: identity
        if equal is None:
            equal = arrays.dtype_equality(*sides)  # `dtype == jnp.float32`
        if equal is not None:
            return Const(equal == isinstance(ops[0], ast.Eq))
    if len(ops) == 1 and (isinstance(left, ArrayVal) or isinstance(rights[0], ArrayVal)):
        with_array = arrays.comparison(left, ops[0], rights[0])
        if with_array is not MISSING:
            return with_array
    return pyflow.compare(plain(left), ops, [plain(r) for r in rights])


def _is_plain_class(value: object) -> bool:
    """A class whose ``==`` is type's (identity): a builtin type, or the program's class
    with no metaclass of its own (one could define ``__eq__``)."""
    if isinstance(value, ClassVal):
        return value.metaclass is None
    return isinstance(value, QualName) and datamodel.is_builtin_type_name(value.name)


def _is_builtin_name(value: object) -> bool:
    """A name of ``builtins`` (``list``, ``int``: a ``defaultdict``'s factory) is never None."""
    return isinstance(value, QualName) and value.name.startswith("builtins.")


# (A ref or an array, on the host or traced, is an object too: `c_gmem is None` of a kernel's
# operand, ops/gpu's matmul deciding whether it allocates the bias's barriers.)
_NEVER_NONE = (ObjVal, ObjectVal, ClassVal, FuncVal, ListVal, DictVal, ModuleVal, PartialVal, KernelVal,
               WrappedVal, ExcVal, GeneratorVal, RealVal, RefVal, ArrayVal, BarrierRefVal, MeshVal)


def _binary(left: object, op: ast.operator, right: object, x64: bool | None = None) -> object:
    """``xs + ys`` of lists is a new list; any other operand is read as its current items."""
    if isinstance(left, ListVal) and isinstance(right, ListVal) and isinstance(op, ast.Add):
        # (Both complete: their items; an empty list adds none.)
        return ListVal([*left.items, *right.items]) if left.complete and right.complete \
            and len(left.items) + len(right.items) <= MAX_LIST_ITEMS else _new_list(UNKNOWN)
    if isinstance(op, ast.Mult) and (isinstance(left, ListVal) or isinstance(right, ListVal)):
        return _repeat(left, right) if isinstance(left, ListVal) else _repeat(right, left)
    return jax_calls.binary(plain(left), op, plain(right), x64)


def _repeat(items: ListVal, times: object) -> object:
    """``[x] * n`` / ``n * [x]``: a new list of the items n times, for a known int n (as
    JAX's test harnesses make one default BlockSpec per output)."""
    if not items.complete or not (isinstance(times, Const) and type(times.value) in (int, bool)):
        return UNKNOWN
    count = max(int(times.value), 0)
    if len(items.items) * count > MAX_LIST_ITEMS:
        return UNKNOWN
    return ListVal(list(items.items) * count)


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


def members_known(cls: ClassVal) -> bool:
    """Whether an enum class's value lookup is decided by its members alone: every member's
    value known, and no class of its MRO a library's other than enum's own bases (a mixin's
    ``_missing_`` may answer), nor the program's ``_missing_``."""
    if cls.enum_members is None or any(
            isinstance(entry, ClassVal) and "_missing_" in entry.attrs for entry in cls.mro()):
        return False
    if any(isinstance(entry, QualName) and entry.name not in _ENUM_BASES and entry.name != "builtins.object"
           for entry in cls.mro()):
        return False
    return all(isinstance(plain(member.attrs.get("value", UNKNOWN)), Const)
               for member in cls.enum_members.values())
