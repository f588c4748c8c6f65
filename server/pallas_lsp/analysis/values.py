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


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclass(frozen=True)
class Const:
    """A Python constant: str, int, float, bool, None, or a tuple of constants."""

    value: object
    # Where the value was written, for messages ("AXIS, defined at line 8").
    span: Span | None = field(default=None, compare=False)
    # Where each axis-name string came from (analysis/axis_trace.py): for a str, one
    # origin; for a tuple, one per element. An origin is the string literal node, the
    # MeshVal whose ``axis_names`` it was read from, or None (built at run time).
    origins: tuple[object, ...] | None = field(default=None, compare=False)


class _FellOffTheEnd:
    """The origin of the None a call of the program's function gives when no ``return`` ran:
    surely None (python/operator_errors.py judges an operator on it), where another None the
    analysis holds may be a default that code it cannot see replaces."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "FELL_OFF_THE_END"


FELL_OFF_THE_END = _FellOffTheEnd()
# What such a call gives (compared as any None: origins take no part in equality).
RETURNED_NONE = Const(None, origins=(FELL_OFF_THE_END,))
SURE_NONE_ORIGINS = RETURNED_NONE.origins


class _NumpyScalar:
    """The origin of a Python number that stands for a NumPy scalar (``np.int64(3)``, what
    ``np.sum`` gives): JAX types a NumPy scalar strongly and a Python number weakly, so array
    arithmetic with one is not followed (arrays.binary); everywhere else it is the number."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NUMPY_SCALAR"


NUMPY_SCALAR_ORIGINS = (_NumpyScalar(),)


class ForeignVal:
    """A value whose model lives in another package (``analysis/python/``: a real Python
    object the bridge made). It answers the questions this module asks of any value."""

    def memo_key(self) -> object:
        return id(self)

    def items(self) -> list[object] | None:
        """Its items as abstract values when iterated, or None when not known."""
        return None

    def truth(self) -> bool | None:
        """``bool(value)`` when known, else None."""
        return None

    def comparable(self) -> object:
        """The Python object a comparison (``==``, ``<``, ``in``) sees, or UNKNOWN."""
        return UNKNOWN

    def plain(self) -> object:
        """The value as a library call outside the bridge sees it."""
        return self


@dataclass(frozen=True)
class QualName:
    """A module or an attribute of one, e.g. ``plgpu.multimem_store``, canonicalised."""

    name: str
    # The dotted path it was reached by where canonicalisation folds two callables into one
    # name (names.FOLDED: jax.experimental.shard_map.shard_map and jax.shard_map are both
    # jax.shard_map, with different signatures); "" elsewhere. Not part of its identity.
    spelled: str = field(default="", compare=False)


@dataclass(frozen=True)
class MeshVal:
    axes: tuple[str, ...]
    span: Span
    # "Mesh", "make_mesh" or "AbstractMesh": AbstractMesh stops working in shard_map on 0.12;
    # "Manual": the abstract mesh of an enclosing shard_map (jax.sharding.get_abstract_mesh()).
    kind: str = "Mesh"
    # The size of each axis where the program writes it (None for one it does not): what
    # ``mesh.shape`` / ``mesh.axis_sizes`` read. Not part of the mesh's identity.
    sizes: tuple[int | None, ...] | None = field(default=None, compare=False)
    # The device ids in mesh order where the program fixes them and they are not 0..n-1 in
    # row-major order (devices.py; None: not known, or in that order). Not part of its identity.
    device_ids: tuple[int, ...] | None = field(default=None, compare=False)
    # Each axis' jax.sharding.AxisType name ("Explicit", "Auto", "Manual"), given or the
    # maker's default on this release; None where not known (PAL080).
    axis_types: tuple[str, ...] | None = field(default=None, compare=False)


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
    # The other fields a program reads back (`params.max_concurrent_steps`), as passed:
    # (name, value) pairs; None where a **kwargs may have passed any (all unknown then).
    given: tuple[tuple[str, object], ...] | None = field(default=(), compare=False)
    # lowering_semantics= given as a known value that is no LoweringSemantics member (a
    # string "Warpgroup", None, an int): PAL083's; None otherwise.
    semantics_misgiven: Const | None = field(default=None, compare=False)


@dataclass(frozen=True)
class ForeignParamsVal:
    """Another platform's compiler params (``pltpu.CompilerParams``): no Mosaic GPU lowering
    takes them (PAL020)."""

    platform: str  # "TPU"
    name: str  # the canonical constructor, e.g. "pl.tpu.CompilerParams"
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
    is_list: bool = False  # collective_axes given as a list (unhashable)


@dataclass(eq=False)
class SpecVal:
    """``PartitionSpec(...)``: its entries (axis names, tuples of them, None), as evaluated."""

    entries: tuple[object, ...]


@dataclass(frozen=True)
class ArrayVal:
    """An array made on the host (jnp.ones(shape, dtype) ...), passed into a launch."""

    shape: object  # Const tuple or UNKNOWN
    dtype: object  # DtypeVal or UNKNOWN
    # Inside a kernel body, the register layout Lane semantics gives it where that is sure
    # (a layouts.RegisterLayout), else UNKNOWN (analysis/layouts.py).
    layout: object = UNKNOWN
    # JAX types it strongly (not weak_type): a ref load, an astype, a jnp.float32(x), an op
    # with a strong operand. False: weak or not known (jnp.full(shape, 2.0) is weak, and a
    # store casts a weak float to a float ref's dtype: PAL026 compares strong values only).
    strong: bool = False
    # Surely unsharded: made on the host by a constructor given no placement (jnp.ones(...),
    # jnp.arange(...)), whose type's sharding spec is all None. False: placed, derived, or
    # not known (PAL080 reads it; not part of the value's identity).
    replicated: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class ShapeDtypeVal:
    shape: object  # Const tuple or UNKNOWN
    dtype: object  # DtypeVal or UNKNOWN


@dataclass(frozen=True)
class TransformVal:
    """A memory-ref transform as written: ``plgpu.TilingTransform((8, 64))`` is
    ("tiling", (8, 64)), ``SwizzleTransform(128)`` ("swizzle", 128), ``TransposeTransform
    ((1, 0))`` ("transpose", (1, 0)). ``value`` is a plain int or tuple of ints, or UNKNOWN."""

    kind: str
    value: object
    node: ast.Call | None = field(default=None, compare=False)


@dataclass(frozen=True)
class CopyPartitionVal:
    """``plgpu.CopyPartition.PARTITIONED(axis)`` as written: a leader-tracked copy split
    along ``axis`` of the destination (an int, or UNKNOWN) across its collective axes."""

    axis: object


@dataclass(frozen=True)
class RefTypeVal:
    """A scratch or output buffer type: ``plgpu.SMEM(shape, dtype, transforms=...)``,
    ``plgpu.TMEM(...)``, ``plgpu.GMEM(...)``; the body gets a RefVal of it."""

    space: str  # "SMEM", "TMEM" or "GMEM"
    shape: object  # Const tuple or UNKNOWN
    dtype: object  # DtypeVal or UNKNOWN
    transforms: object  # tuple of TransformVal, or UNKNOWN
    node: ast.Call | None = field(default=None, compare=False)
    # The TMEM-only keywords as evaluated (MISSING when not given): JAX checks them when the
    # type is built (plgpu.TMEM(shape, dtype, packed=..., collective=..., layout=...)).
    packed: object = field(default=MISSING, compare=False)
    collective: object = field(default=MISSING, compare=False)
    layout: object = field(default=MISSING, compare=False)
    # transforms= given one transform where JAX wants a sequence of them (``(plgpu.
    # SwizzleTransform(128))``, the comma missing): JAX iterates it when it builds the type
    # and raises TypeError (PAL012). ``transforms`` is UNKNOWN then.
    lone_transform: TransformVal | None = field(default=None, compare=False)


@dataclass(frozen=True)
class DimIndex:
    """One dimension of a ref index: an integer (the dimension goes) or a slice of it.
    ``start`` / ``size`` / ``stride`` are ints, or None where not known."""

    kind: str  # "int" or "slice"
    start: int | None
    size: int | None
    stride: int | None = 1


@dataclass(frozen=True)
class DSliceVal:
    """``pl.ds(start, size, stride)`` / a Python slice in a ref index, as evaluated: each
    part a plain int, None (not given) or UNKNOWN."""

    start: object
    size: object  # pl.ds: the size; a Python slice: None (its stop is ``stop``)
    stride: object
    stop: object = None
    is_ds: bool = True


@dataclass(frozen=True)
class RefVal:
    """A kernel body's ref (one per input, output and scratch buffer), as its launch makes it:
    views of it (``.at[...]``, ``.reshape(...)``) keep the dtype (analysis/arrays.py).

    The ref facts (analysis/ref_facts.py): ``space`` its memory space ("GMEM", "SMEM",
    "TMEM"; UNKNOWN when not known), ``transforms`` the transforms of its allocation (a
    tuple of TransformVal; UNKNOWN when not known), ``views`` the indexing applied since
    (one tuple of DimIndex per ``.at[...]``; UNKNOWN once a view is not known) and
    ``root`` the ref as allocated (None: this is it)."""

    shape: object  # Const tuple or UNKNOWN
    dtype: object  # DtypeVal or UNKNOWN
    space: object = UNKNOWN
    transforms: object = ()
    views: object = ()
    root: RefVal | None = None
    # Where the buffer was declared (the plgpu.SMEM(...) call), for messages and fixes.
    node: ast.AST | None = field(default=None, compare=False)
    # ``base.reshape(...)`` made this ref: the ref reshaped (its shape is what JAX commutes
    # the allocation's untiling past, tiled_reshapes.py); None for any other ref.
    reshaped_from: RefVal | None = field(default=None, compare=False)
    # ``plgpu.transpose_ref(...)`` made this ref (PAL043: a transposed GMEM ref).
    transposed: bool = field(default=False, compare=False)
    # JAX hands the body this ref as a view of its buffer (a TransformedRef: emit_pipeline's
    # ``buffer.at[slot]``), not as the kernel's traced ref: ``plgpu.transpose_ref`` takes it
    # on every release (a kernel's own ref raises there from 0.11.2 on).
    is_view: bool = field(default=False, compare=False)
    # ``plgpu.remote_ref(ref, device_id)`` made this ref: the device id as evaluated (its dtype
    # is checked where a copy lowers it: analysis/device_ids.py); None for a local ref.
    peer: object = field(default=None, compare=False)
    # The ``device_id_type=`` remote_ref was given (MISSING: none, the default MESH).
    peer_type: object = field(default=MISSING, compare=False)


@dataclass(frozen=True)
class ViewIndexer:
    """``ref.at``: subscripting it gives a view of ``base`` (a RefVal or a MulticastRefVal)."""

    base: object


@dataclass(eq=False)
class GeneratorVal:
    """An iterator over items the analysis knows (``iter()`` of a known sequence): ``next``
    takes the first; iterating it uses them up (after that its items are unknown). A
    generator function's call is a suspended frame instead (python/generators.py)."""

    items: list[object] | None  # None: not known


@dataclass(eq=False)
class Env:
    """A scope: names to values, with the enclosing scope for closures."""

    names: dict[str, object]
    parent: Env | None = None
    # Names declared `global` / `nonlocal` here: the scope their stores go to.
    redirects: dict[str, Env] = field(default_factory=dict)
    # A function or lambda was defined here: its body reads these names late (at its call), so
    # rebinding one is shared state a memoised call result must not outlive.
    captured: bool = False

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
    # Parameter defaults, evaluated once where the function is defined (as Python does:
    # `lambda x, op=op:` in a loop keeps each op). None: evaluate them at the call.
    defaults: dict[str, object] | None = None
    # The class whose body defines the method: what a zero-argument super() starts after.
    owner: ClassVal | None = None
    # The function object's own ``__dict__`` (``fn.collective = {...}`` by a decorator):
    # one dict, shared by every bound form of the function, as Python's function is one object.
    attrs: dict[str, object] = field(default_factory=dict)

    def bound(self, self_value: object) -> FuncVal:
        return FuncVal(self.node, self.closure, self_value, self.defaults, self.owner, self.attrs)


@dataclass(eq=False)
class PartialVal:
    func: object
    args: tuple[object, ...]
    kwargs: dict[str, object]


@dataclass(eq=False)
class ClassVal:
    node: ast.ClassDef
    attrs: dict[str, object]
    is_dataclass: bool = False  # also NamedTuple: fields from the annotated class body
    # The evaluated bases: ClassVals, or other values (a library class) we cannot look into.
    bases: tuple[object, ...] = ()
    metaclass: object = None  # a ClassVal when a metaclass of the file's own made it
    # An Enum: its members by name in definition order (aliases left out), each an ObjVal
    # with `name` and `value`; None for any other class.
    enum_members: dict[str, ObjVal] | None = None
    # A str / int mixin (`class A(str, Enum)`, StrEnum, IntEnum): a member *is* its value
    # wherever a str or int is used (an axis name, a dict key); a plain member is not.
    enum_mixin: bool = False
    # An enum.Flag: its values by their bits, members and the combinations made so far
    # (python/flags.py); None for any other class.
    enum_flags: dict[int, ObjVal] | None = None
    # ``__annotations__``: what the class body annotated, in the order it ran, as one dict
    # (python/class_introspection.py); None until read for a class that annotated nothing.
    annotations: DictVal | None = None
    # ``__qualname__`` / ``__module__`` as the class statement set them (None: not known,
    # python/class_objects.py), and a library metaclass named by ``metaclass=`` (abc.ABCMeta).
    qualname: str | None = None
    module: object = None
    library_metaclass: object = None
    # Registered with JAX as a pytree node (analysis/pytrees.py: a PytreeNode), None if not.
    pytree: object = None

    def mro(self) -> list[object]:
        """The class and its bases in CPython's order (C3 linearization: a diamond's shared
        base comes after every class that derives from it, so cooperative ``super()``
        chains run as Python runs them). A base we cannot look into (a library class) is
        one opaque entry; where C3 has no solution Python refuses the class statement, and
        the depth-first order stands in.

        Computed once per class and kept (every attribute lookup asks for it): the kept order
        is taken only while no class's ``bases`` was assigned since, as an assignment to any
        class's bases (this one's or a base's) may change it. The list is shared: callers
        read it, never change it."""
        cached = self.__dict__.get("_mro")
        if cached is not None and cached[0] == _bases_generation[0]:
            return cached[1]
        order = _c3(self, {}, 0)
        if order is None:
            order = self._depth_first()
        self.__dict__["_mro"] = (_bases_generation[0], order)
        return order

    def __setattr__(self, name: str, value: object) -> None:
        if name == "bases" and "bases" in self.__dict__:
            # Bases assigned again (not the first time, in __init__): every kept MRO may run
            # through this class, so none is taken after this.
            _bases_generation[0] += 1
        object.__setattr__(self, name, value)

    def __getstate__(self) -> dict[str, object]:
        # The kept MRO is this process's (its generation counts this process's assignments).
        return {key: value for key, value in self.__dict__.items() if key != "_mro"}

    def _depth_first(self) -> list[object]:
        order: list[object] = []
        pending: list[object] = [self]
        while pending and len(order) < MAX_MRO:
            cls = pending.pop(0)
            if any(cls is seen for seen in order):
                continue
            order.append(cls)
            if isinstance(cls, ClassVal):
                pending = [*cls.bases, *pending]
        return order

    def lookup(self, name: str, *, after: ClassVal | None = None) -> object:
        """A class attribute through the bases; UNKNOWN when a base we cannot see may hold it."""
        order = self.mro()
        if after is not None:
            index = next((i for i, cls in enumerate(order) if cls is after), None)
            order = order[index + 1:] if index is not None else []
        for cls in order:
            if not isinstance(cls, ClassVal):
                known = LIBRARY_BASES.get(cls.name) if isinstance(cls, QualName) else None
                if known is None or name in known.unknown:
                    return UNKNOWN
                if name in known.attrs:
                    return known.attrs[name]
                continue  # the library class does not define it: on through the MRO
            if name in cls.attrs:
                return cls.attrs[name]
        return MISSING

    def fields(self) -> list[str]:
        """The dataclass's fields (``dataclasses.fields``), in declaration order."""
        return [name for name, init_only in self.init_parameters() if not init_only]

    def init_parameters(self) -> list[tuple[str, bool]]:
        """The generated ``__init__``'s parameters, in order, each with whether it is an
        ``InitVar`` (passed to ``__post_init__``, never stored); ``ClassVar``s are none."""
        names: list[tuple[str, bool]] = []
        for cls in reversed(self.mro()):
            if isinstance(cls, ClassVal) and cls.is_dataclass:
                for stmt in cls.node.body:
                    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) \
                            and all(stmt.target.id != seen for seen, _ in names):
                        spelled = ast.unparse(stmt.annotation)
                        if "ClassVar" not in spelled and "KW_ONLY" not in spelled:
                            names.append((stmt.target.id, "InitVar" in spelled))
        return names


MAX_MRO = 32
# How many times any ClassVal's ``bases`` was assigned: a kept MRO of an older count is stale.
_bases_generation = [0]


def _c3(cls: object, memo: dict[int, list[object]], depth: int) -> list[object] | None:
    """C3 linearization of ``cls`` (None where it has none, or past MAX_MRO classes)."""
    if not isinstance(cls, ClassVal):
        return [cls]
    if id(cls) in memo:
        return memo[id(cls)]
    if depth > MAX_MRO:
        return None
    sequences: list[list[object]] = []
    for base in cls.bases:
        linear = _c3(base, memo, depth + 1)
        if linear is None:
            return None
        sequences.append(list(linear))
    sequences.append(list(cls.bases))
    order: list[object] = [cls]
    while any(sequences):
        for seq in sequences:
            if not seq:
                continue
            head = seq[0]
            if not any(head is other for rest in sequences for other in rest[1:]):
                break
        else:
            return None  # no consistent order: Python raises TypeError at the class statement
        order.append(head)
        if len(order) > MAX_MRO:
            return None
        sequences = [seq[1:] if seq and seq[0] is head else seq for seq in sequences]
    memo[id(cls)] = order
    return order


@dataclass(frozen=True)
class LibraryBase:
    """A library class known whole as a base (python/library_bases.py): the attributes it
    defines that the model answers, and the names it defines that stay unknown."""

    attrs: dict[str, object]
    unknown: frozenset[str]


# Filled by python/library_bases.py: canonical name -> the class as a base.
LIBRARY_BASES: dict[str, LibraryBase] = {}


@dataclass(eq=False)
class ObjVal:
    cls: ClassVal
    attrs: dict[str, object]
    # A store under a name the analysis could not compute ran (``setattr(obj, name, v)``):
    # its instance dict may hold a key not in ``attrs``.
    open_attrs: bool = False
    # An instance of a builtin's subclass: the builtin value it is (a DictVal for a dict
    # subclass, python/library_bases.py), what library code reads.
    payload: object = None


class ObjectVal:
    """An instance of ``object`` itself (``object()``, a sentinel): nothing but its identity.
    Each call makes a new one; ``is`` / ``==`` / hashing (a dict key) are by identity,
    ``type()`` is ``object``, truth is True; it has no attributes and takes no stores.
    ``stand_in``: what real code is handed for it (python/real.py ``Bare``), made once so
    every bridged call sees the same object."""

    __slots__ = ("stand_in",)

    def __init__(self) -> None:
        self.stand_in: object = None

    def __repr__(self) -> str:
        return f"ObjectVal#{id(self):x}"


@dataclass(eq=False)
class SuperVal:
    """``super()`` in a method of ``owner``: attribute lookups start after ``owner``."""

    owner: ClassVal
    obj: object  # the instance, or the class for class methods and __new__


MAX_DICT_ITEMS = 256


@dataclass(eq=False)
class DictVal:
    """A dict (also ``**kwargs``): constant keys to values, stored to as the program runs.

    ``complete`` is False once a key we cannot compute was stored or the dict grew past
    MAX_DICT_ITEMS: then a missing key may be present, and ``.get`` is unknown."""

    items: dict[object, object] = field(default_factory=dict)
    complete: bool = True
    # The object whose instance dict this is (``vars(obj)``): a key not known stored
    # through it leaves the object's attributes open too.
    owner: object = None
    # Keys that are the program's instances, beside the constant keys: hashed by identity
    # (``identity_key``: the ObjVal itself) or by a frozen dataclass's fields (``record_key``:
    # its RecordKey). While any is held ``complete`` is False, so what reads the dict as
    # constants only (iteration, len, ``**``, the bridge) finds it unknown; a lookup of such
    # an instance reads here (absent: unknown, unless every key of the dict is known).
    instance_items: dict[object, object] = field(default_factory=dict)
    # Every key is in ``items`` or ``instance_items``: ``complete`` was lost only to keys
    # that are the program's instances (an identity key, a frozen dataclass's RecordKey),
    # so a key in neither is absent for sure.
    closed: bool = False

    def keys_known(self) -> bool:
        return self.complete or (self.closed and bool(self.instance_items))

    def store(self, key: object, value: object, *, sure: bool = True) -> None:
        """``d[key] = value`` (``sure``: on a path that surely runs; else an instance key
        may or may not be in the dict from here)."""
        if key.__class__ is ObjVal:  # (no call for a constant key: every dict read passes here)
            key = mixin_member_value(key)
        instance = _instance_key(key)
        if instance is not MISSING and (instance in self.instance_items
                                        or len(self.items) + len(self.instance_items) < MAX_DICT_ITEMS):
            self.closed = sure and self.keys_known()
            self.instance_items[instance] = value
            self.complete = False
            return
        if not (isinstance(key, Const) and _hashable(key.value)):
            self.forget_keys()  # any key may have been overwritten
        elif key.value in self.items or len(self.items) < MAX_DICT_ITEMS:
            self.items[key.value] = value
        else:
            self.complete = self.closed = False

    def delete(self, key: object, *, sure: bool) -> None:
        """``del d[key]`` (``sure``: on a path that surely runs). A key we cannot compute, or
        a deletion that may not run, leaves the dict's contents unknown."""
        if key.__class__ is ObjVal:  # (no call for a constant key: every dict read passes here)
            key = mixin_member_value(key)
        if sure and isinstance(key, Const) and _hashable(key.value):
            self.items.pop(key.value, None)
            return
        instance = _instance_key(key)
        if sure and instance is not MISSING:
            self.instance_items.pop(instance, None)
            if not self.instance_items and self.closed:
                self.complete, self.closed = True, False
            return
        self.forget_keys()

    def forget_keys(self) -> None:
        """Any key may be in the dict, with any value."""
        self.items.clear()
        self.instance_items.clear()
        self.complete = self.closed = False
        if self.owner is not None:
            self.owner.open_attrs = True  # type: ignore[attr-defined]

    def load(self, key: object, default: object = MISSING) -> object:
        if key.__class__ is ObjVal:  # (no call for a constant key: every dict read passes here)
            key = mixin_member_value(key)
        instance = _instance_key(key)
        if instance is not MISSING:
            # Never equal to a constant key (object's == is identity, a dataclass's
            # generated one NotImplemented for another class): absent for sure from a dict
            # whose keys are all known.
            if instance in self.instance_items:
                return self.instance_items[instance]
            return default if self.keys_known() and default is not MISSING else UNKNOWN
        if isinstance(key, Const) and _hashable(key.value):
            if key.value in self.items:
                return self.items[key.value]
            if default is not MISSING and (self.complete or (self.closed and self.instance_items)):
                return default  # (keys_known, inlined: the hot path)
        return UNKNOWN

    def holds(self, key: object) -> object:
        """``key in d`` for a key that is the program's instance (identity or record):
        True / False, None when not known; MISSING for any other key."""
        if key.__class__ is ObjVal:  # (no call for a constant key: every dict read passes here)
            key = mixin_member_value(key)
        instance = _instance_key(key)
        if instance is MISSING:
            return MISSING
        if instance in self.instance_items:
            return True
        return False if self.keys_known() else None


# The kinds of value a dict may hold as a key by identity (an instance, a bare object(), a
# class, a function): _instance_key's first test, and the membership test's (expressions).
IDENTITY_KEY_KINDS = (ObjVal, ObjectVal, ClassVal, FuncVal)


def _instance_key(key: object) -> object:
    """How a dict holds the program's instance ``key``: itself (hashed by identity), its
    RecordKey (a frozen dataclass's fields), MISSING for any other key. The program's
    classes and plain functions are keys by identity too (type's and function's hash and
    ==), a class only where no metaclass of the program's defines ``__eq__`` / ``__hash__``;
    a bound method compares by its instance and function, so it is no such key."""
    if key.__class__ is not ObjVal:
        if key.__class__ is ObjectVal:
            return key
        if key.__class__ is QualName:
            return _scalar_type_key(key)  # type: ignore[arg-type]
        if key.__class__ is ClassVal:
            return key if _hashed_by_identity(key) else MISSING  # type: ignore[arg-type]
        if key.__class__ is FuncVal:
            return key if key.self_value is None else MISSING  # type: ignore[attr-defined]
        return MISSING
    if identity_key(key) or enum_member_key(key):
        return key
    return record_key(key)


# NumPy's scalar types, which JAX's own (``jnp.float32``: a _ScalarMeta) equal and hash as.
_SCALAR_TYPES = frozenset({
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128",
    # ml_dtypes' types, jnp's name for them (NumPy has none of that name).
    "bfloat16", "float8_e4m3fn", "float8_e5m2"})


def _scalar_type_key(key: QualName) -> object:
    """``jnp.float32`` / ``np.float32`` as a dict key: one key (JAX's scalar type compares and
    hashes as NumPy's, ``jnp.float32 == np.float32``), so a table keyed by dtype classes is
    read as Python reads it; a dtype object (``jnp.dtype("float32")``) or any other library
    name is no such key (MISSING)."""
    head, _, last = key.name.partition(".")
    if head in ("jnp", "np") and last in _SCALAR_TYPES:
        return QualName(f"np.{last}")
    return MISSING


def _hashed_by_identity(cls: ClassVal) -> bool:
    """A class hashes and compares as ``type`` does (identity) unless its metaclass, one of
    the program's, defines ``__eq__`` or ``__hash__`` (``type`` and the library's metaclasses
    do not change them: EnumType, ABCMeta)."""
    meta = cls.metaclass
    return not isinstance(meta, ClassVal) or not any(
        isinstance(c, ClassVal) and ("__eq__" in c.attrs or "__hash__" in c.attrs) for c in meta.mro())


MAX_LIST_ITEMS = 256


@dataclass(eq=False)
class ListVal:
    """A list: one mutable object, so a store through one name (``append``, ``xs[i] = v``,
    ``+=``, a callee mutating its argument) is seen through every name and container that
    holds it. ``complete`` is False once items of unknown number or value went in; then
    its contents are unknown."""

    items: list[object] = field(default_factory=list)
    complete: bool = True

    def add(self, values: list[object] | None) -> None:
        if values is None or len(self.items) + len(values) > MAX_LIST_ITEMS:
            self.forget()
        elif self.complete:
            self.items.extend(values)

    def forget(self) -> None:
        self.items.clear()
        self.complete = False

    def snapshot(self) -> object:
        """The list as a library call sees it: a tuple of its items, or UNKNOWN."""
        return pack(self.items) if self.complete else UNKNOWN


def plain(value: object) -> object:
    """A value as a library call sees it: a list as its current items, a str / int mixin
    Enum member as its value (it is a str / int subclass instance equal to it)."""
    if value.__class__ in _PLAIN_ALREADY:  # most arguments: one set lookup, no isinstance
        return value
    if isinstance(value, ListVal):
        return value.snapshot()
    if isinstance(value, ForeignVal):
        return value.plain()
    if is_enum_member(value) and value.cls.enum_mixin:  # type: ignore[attr-defined]
        return value.attrs["value"]  # type: ignore[attr-defined]
    if isinstance(value, ObjVal) and value.payload is not None:
        return value.payload
    if isinstance(value, tuple) and any(isinstance(item, (ListVal, tuple, ObjVal)) for item in value):
        return pack([plain(item) for item in value])
    return value


# Classes whose values ``plain`` gives back as they are (none is a list, a ForeignVal, an
# instance of the program's or a tuple, nor a subclass of one).
_PLAIN_ALREADY = frozenset({Const, QualName, _Unknown, MeshVal})


def is_enum_member(value: object) -> bool:
    return isinstance(value, ObjVal) and value.cls.enum_members is not None and "value" in value.attrs


def identity_key(key: object) -> bool:
    """Whether ``key`` is an instance of the program's classes that hashes and compares as
    ``object`` does, by identity: no ``__eq__`` / ``__hash__`` on its MRO, every class of it
    the program's own, no builtin value inside (a str subclass hashes as its text), no
    generated record equality (a NamedTuple; a dataclass but one of ``eq=False``, whose
    options python/records.py read), no Enum member."""
    if not isinstance(key, ObjVal) or key.payload is not None or key.cls.enum_members is not None:
        return False
    for cls in key.cls.mro():
        if isinstance(cls, QualName) and cls.name == "builtins.object":
            continue
        if not isinstance(cls, ClassVal) or cls.enum_members is not None or (
                cls.is_dataclass and getattr(cls.node, "dataclass_options", None) is None):
            return False
    return key.cls.lookup("__eq__") is MISSING and key.cls.lookup("__hash__") is MISSING


# The enum bases whose members are equal to, and hash as, their value (a builtin type mixed
# in: IntEnum's int, StrEnum's str, ``class C(str, Enum)``).
_VALUE_ENUM_BASES = frozenset({"enum.IntEnum", "enum.StrEnum", "enum.IntFlag", "builtins.int",
                               "builtins.str"})


def mixin_member_value(key: object) -> object:
    """A member of the program's enum class that mixes in int or str (IntEnum, StrEnum,
    ``class C(str, Enum)``) as a dict key: its value, which it equals and hashes as
    (``{Role.PRODUCER: 40}[0]`` is 40), so a table keyed by such members is read; any other
    key as it is. (Iterating the dict then gives the values, not the members: equal to them,
    though not of the enum's type.) Not where the program's classes define ``__eq__`` /
    ``__hash__``."""
    if key.__class__ is not ObjVal or key.payload is not None or key.cls.enum_members is None:  # type: ignore[attr-defined]
        return key
    value = key.attrs.get("_value_")  # type: ignore[attr-defined]
    if not (isinstance(value, Const) and type(value.value) in (int, str)):
        return key
    mixed = False
    for cls in key.cls.mro():  # type: ignore[attr-defined]
        if isinstance(cls, ClassVal):
            if "__eq__" in cls.attrs or "__hash__" in cls.attrs:
                return key
        elif isinstance(cls, QualName) and cls.name in _VALUE_ENUM_BASES:
            mixed = True
    return Const(value.value) if mixed else key


def enum_member_key(key: object) -> bool:
    """Whether ``key`` is a member of one of the program's plain ``enum.Enum`` classes: a
    singleton that compares by identity (Enum defines no ``__eq__``; its ``__hash__`` hashes
    the member's name, the same every time), so a dict finds it under itself only. Not a
    member of a class that mixes in a builtin type (IntEnum, StrEnum, ``class C(str, Enum)``:
    equal to its value), a Flag (combined members), or one whose classes define ``__eq__`` /
    ``__hash__``."""
    if not isinstance(key, ObjVal) or key.payload is not None or key.cls.enum_members is None:
        return False
    for cls in key.cls.mro():
        if isinstance(cls, QualName):
            if cls.name not in ("enum.Enum", "builtins.object"):
                return False
        elif not isinstance(cls, ClassVal) or "__eq__" in cls.attrs or "__hash__" in cls.attrs:
            return False
    return True


@dataclass(frozen=True)
class RecordKey:
    """A dataclass instance as a dict key: its class and its compared fields' values, as
    the generated ``__eq__`` / ``__hash__`` (python/records.py) see it. Two are equal
    exactly when Python's dict finds the one instance under the other."""

    cls: object
    values: tuple[object, ...]


def record_key(key: object) -> object:
    """``key`` as a dict compares it when its class hashes and compares by the fields
    ``@dataclass`` generated the methods for (frozen=True, or unsafe_hash=True): a
    RecordKey; MISSING for anything else, or a field whose value is not known or not
    hashable (the program's own hash would raise or cannot be computed)."""
    if key.__class__ is not ObjVal or key.payload is not None or key.cls.enum_members is not None:  # type: ignore[attr-defined]
        return MISSING
    cls: ClassVal = key.cls  # type: ignore[attr-defined]
    eq, hashed = cls.lookup("__eq__"), cls.lookup("__hash__")
    if not (isinstance(eq, FuncVal) and isinstance(hashed, FuncVal) and eq.owner is hashed.owner):
        return MISSING
    compared = getattr(eq.node, "record_fields", None)
    hash_fields = getattr(hashed.node, "record_fields", None)
    if compared is None or hash_fields is None or not set(hash_fields) <= set(compared) \
            or key.open_attrs:  # type: ignore[attr-defined]
        return MISSING
    values = []
    for name in compared:
        part = key_part(key.attrs.get(name, MISSING), 0)  # type: ignore[attr-defined]
        if part is MISSING:
            return MISSING
        values.append(part)
    return RecordKey(cls, tuple(values))


def key_part(value: object, depth: int) -> object:
    """A field's value as the tuple of fields hashes and compares it; MISSING where that
    is not known (an unknown value, a list: unhashable, a float NaN)."""
    if depth > 8:
        return MISSING
    if value.__class__ is Const:
        inner = value.value  # type: ignore[attr-defined]
        if type(inner) in (str, int, bool, bytes, type(None)) or (type(inner) is float and inner == inner):
            return inner
        if type(inner) is tuple:
            return key_part(tuple(Const(item) for item in inner), depth + 1)
        return MISSING
    if isinstance(value, tuple):
        parts = tuple(key_part(item, depth + 1) for item in value)
        return MISSING if any(part is MISSING for part in parts) else parts
    if isinstance(value, QualName) and value.name.startswith(("jax.", "numpy.")):
        # A library object the analysis models (a dtype, a function): one object per
        # canonical name, equal to no other; a name of a module it cannot see is not known.
        return ("qualname", value.name)
    if value.__class__ is ObjectVal:
        return value  # object's __hash__ / __eq__: identity
    if isinstance(value, ObjVal):
        if is_enum_member(value):  # Enum's __hash__ is its name's, its __eq__ identity
            return key_part(value.attrs["value"], depth + 1) if value.cls.enum_mixin else value
        if identity_key(value):
            return value
        nested = record_key(value)
        return nested
    return MISSING


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


@dataclass(eq=False)
class NamespaceVal:
    """An object that is only its attributes: ``argparse``'s ``parse_args()`` for the file run
    with no arguments, ``types.SimpleNamespace``, ``types.ModuleType``. ``fallback``: a module
    whose namespace was copied in (``m.__dict__.update(plgpu.__dict__)``) answers the rest."""

    attrs: dict[str, object]
    fallback: object = None
    open_attrs: bool = False  # as ObjVal.open_attrs
    # How CPython names its type in an AttributeError ("types.SimpleNamespace", argparse's
    # "Namespace"), where every attribute it has is known; "" elsewhere (a module object, a
    # parser's defaults read without running argparse): a missing name is then not judged.
    kind: str = ""

    def get(self, name: str, lookup) -> object:  # type: ignore[no-untyped-def]
        if name in self.attrs:
            return self.attrs[name]
        if name == "__dict__":
            return NamespaceDict(self)
        return lookup(self.fallback, name) if self.fallback is not None else UNKNOWN


@dataclass(eq=False)
class NamespaceDict:
    """``obj.__dict__`` of a NamespaceVal: ``update`` writes through to the object."""

    owner: NamespaceVal


@dataclass(frozen=True)
class GridSpecVal:
    """``pl.GridSpec(...)``: a grid spec object, never None (PAL052)."""

    node: ast.Call


@dataclass(eq=False)
class KernelInfo:
    """A Mosaic GPU kernel: the result of ``plgpu.kernel`` or a Mosaic GPU ``pallas_call``."""

    body: object  # FuncVal, PartialVal of one, or UNKNOWN
    node: ast.Call | ast.FunctionDef
    api: str  # "kernel", "pallas_call" or "core_map" (pl.core_map(plgpu.Mesh(...))(body))
    semantics: object  # SemanticsVal, None (version default) or UNKNOWN
    compiler_params: CompilerParamsVal | None
    # Names bound inside the kernel besides mesh axes (grid_names, cluster_names,
    # thread_name); UNKNOWN when they cannot be evaluated.
    bound_names: object
    out_types: object  # tuple of ShapeDtypeVal/UNKNOWN, or UNKNOWN
    n_scratch: object  # int or UNKNOWN
    # plgpu.kernel's mesh arguments as passed (grid, grid_names, cluster, cluster_names,
    # num_threads, thread_name; absent ones left out); None when a **kwargs hides some.
    mesh_args: dict[str, object] | None = None
    # A Mosaic GPU pallas_call's grid= as given (MISSING: none; UNKNOWN: a grid_spec or a
    # **kwargs hides it): pl.program_id's axis frame (grid_axes.py).
    grid: object = MISSING
    # A Mosaic GPU pallas_call's in_specs and out_specs as evaluated (pipelines.BlockSpecVal
    # items), None when not given or for plgpu.kernel (PAL018).
    block_specs: tuple[object, object] | None = None
    # A Mosaic GPU pallas_call's input_output_aliases as evaluated (a DictVal when written
    # out), None when not given, UNKNOWN when a **kwargs hides it (PAL047).
    io_aliases: object = None
    # What a launch returns: one array (out_type / out_shape one ShapeDtypeStruct) or a tuple
    # of them, each of the declared shape and dtype; UNKNOWN otherwise (a list, a dict).
    out_value: object = UNKNOWN
    # A Mosaic GPU pallas_call given grid_spec= and one of grid= / in_specs= / out_specs= /
    # scratch_shapes= that JAX refuses beside it: that keyword (PAL052). JAX raises at the
    # call: no kernel is built, the info is kept only in the run's kernels.
    grid_spec_conflict: str | None = None
    # A Mosaic GPU pallas_call whose in_specs= is one BlockSpec or None, not a sequence:
    # what it is ("a BlockSpec", "None"); refused at the call like grid_spec_conflict (PAL053).
    in_specs_not_sequence: str | None = None
    # A grid= that holds a float (``n / 128``): (its index, the grid as JAX prints it)
    # (PAL078). A Mosaic GPU pallas_call's is refused at the call like grid_spec_conflict; a
    # plgpu.kernel's is accepted, and each launch of it fails before its body is traced.
    grid_not_int: tuple[int, str, str] | None = None
    # The ref facts (analysis/ref_facts.py): the scratch buffer types as passed (a tuple of
    # RefTypeVal / other values, or UNKNOWN), and the memory space of the input and output
    # refs ("GMEM" for plgpu.kernel; "SMEM" for a pallas_call whose whole arrays JAX copies
    # in and out; UNKNOWN when block specs or a grid decide it).
    scratch_types: object = UNKNOWN
    io_space: object = UNKNOWN
    # Another platform's compiler params given to it (PAL020): its lowering fails before the
    # body is lowered, so no other rule judges the body's ops.
    foreign_params: ForeignParamsVal | None = None
    # compiler_params= given a dict (or a list): a primitive parameter JAX must hash (PAL011).
    params_unhashable: str | None = None
    # plgpu.kernel's keywords as evaluated (those a **kwargs expansion forwarded too) and its
    # number of positional arguments; None where a ** or a * of unknown length hides some
    # (PAL009 reads them when the call itself spells **kwargs).
    keywords: frozenset[str] | None = None
    positional: int | None = None
    # Those forwarded keywords -> the keyword where the helper's caller spelled it.
    keyword_sites: dict[str, ast.keyword] = field(default_factory=dict)
    # plgpu.kernel's scratch_types given as a dict: name -> buffer type, each handed to the
    # body as that keyword (JAX: run_scoped(body, **scratch_types)); their types are also in
    # scratch_types, and n_scratch counts none of them.
    scratch_by_name: tuple[tuple[str, object], ...] = ()


def api_name(api: str) -> str:
    """How messages name the call that made a kernel of ``KernelInfo.api``."""
    return {"kernel": "plgpu.kernel", "core_map": "pl.core_map"}.get(api, "pl.pallas_call")


@dataclass(eq=False)
class KernelVal:
    info: KernelInfo


@dataclass(eq=False)
class WrappedVal:
    """``jax.jit(f)`` or ``jax.shard_map(f, mesh=...)``: calling it calls ``inner``."""

    kind: str  # "jit", "measure" (profiler.measure(f)), "run_state", "shard_map", "named_axes"
    # (jax.vmap(f, axis_name=...)) or "vmap"
    inner: object
    node: ast.AST
    mesh: object = None  # shard_map: MeshVal, UNKNOWN, or MISSING when no mesh= was given
    manual_axes: object = None  # shard_map(axis_names=...): tuple, None when absent, UNKNOWN
    in_specs: object = None  # shard_map(in_specs=...): a SpecVal, a tuple of them, or else
    # shard_map(axis_names=...) when it is a known set of strings, sorted (PAL028); None else.
    axis_set: tuple[str, ...] | None = None
    # jit(in_shardings=...) (or a ** that may hold it): its arguments are placed as it says.
    in_shardings: bool = False




# Forms one value may take on the paths that reach a use, kept apart up to this many;
# more than that is UNKNOWN.
MAX_FORMS = 8


@dataclass(frozen=True, eq=False)
class OneOf:
    """A value that takes one of several forms, depending on a path the analysis cannot
    decide (a branch on an unknown condition, a ``try`` that may raise, a loop that may
    run or not). Rules judge each form; a finding stands only when every form gives it
    (program.py). The same OneOf object seen in two places is the same choice."""

    forms: tuple[object, ...]


def one_of(values: list[object] | tuple[object, ...]) -> object:
    """The value that is one of ``values``: the value itself when they agree, UNKNOWN when
    any is unknown or there are more than MAX_FORMS distinct forms."""
    forms: list[object] = []
    seen: set[object] = set()
    for value in values:
        for form in (value.forms if isinstance(value, OneOf) else (value,)):
            if form is UNKNOWN or form is MISSING:
                return UNKNOWN
            key = fingerprint(form)
            if key not in seen:
                seen.add(key)
                forms.append(form)
    if len(forms) == 1:
        return forms[0]
    if not forms or len(forms) > MAX_FORMS:
        return UNKNOWN
    return OneOf(tuple(forms))


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


# Every tuple the interpreter builds counts at most this many items, nested ones
# included and a shared item counted each time it appears. Python hashes and compares
# a tuple by walking it whole, with no cache: ``t = t, t`` run 64 times is one object
# of 2**64 items to hash, in C, holding the GIL (issue 12). Past the cap the value is
# UNKNOWN, so hashing, fingerprinting and comparing any value costs at most this much.
MAX_VALUE_ITEMS = 4096


def within_size(items: list[object] | tuple[object, ...]) -> bool:
    """Whether a tuple of ``items`` stays within MAX_VALUE_ITEMS (work bounded by the cap)."""
    budget = MAX_VALUE_ITEMS
    pending: list[object] = list(items)
    while pending:
        budget -= 1
        if budget < 0:
            return False
        item = pending.pop()
        if isinstance(item, Const):
            item = item.value
        if isinstance(item, tuple):
            if len(item) > budget:
                return False
            pending.extend(item)
    return True


def pack(values: list[object] | tuple[object, ...]) -> object:
    """A sequence of abstract values: one Const tuple when every item is constant;
    UNKNOWN past MAX_VALUE_ITEMS."""
    if not within_size(values):
        return UNKNOWN
    if all(isinstance(v, Const) for v in values):
        # Each string item keeps the origin of its axis name (analysis/axis_trace.py).
        # A NumPy scalar's mark too (an np.int64 grid entry: PAL078).
        origins = tuple((v.origins or (None,))[0] if isinstance(v.value, str)  # type: ignore[union-attr]
                        or v.origins is NUMPY_SCALAR_ORIGINS else None for v in values)  # type: ignore[union-attr]
        return Const(tuple(v.value for v in values), origins=origins)  # type: ignore[union-attr]
    return tuple(values)


def unpack(value: object) -> list[object] | None:
    """The items of a known sequence (a Const tuple, string or bytes, a tuple of values, a
    complete dict's keys), else None."""
    if isinstance(value, Const) and isinstance(value.value, tuple):
        known = value.origins is not None and len(value.origins) == len(value.value)
        return [Const(v, origins=(NUMPY_SCALAR_ORIGINS if value.origins[i] is NUMPY_SCALAR_ORIGINS[0]  # type: ignore[index]
                                  else (value.origins[i],)) if known else None)  # type: ignore[index]
                for i, v in enumerate(value.value)]
    if isinstance(value, Const) and isinstance(value.value, (str, bytes)):
        # A string's letters (no literal spells one alone); a bytes object's ints.
        return [Const(v) for v in value.value]
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, DictVal) and value.complete:
        return [Const(k) for k in value.items]
    if isinstance(value, ListVal) and value.complete:
        return list(value.items)
    if isinstance(value, ClassVal) and value.enum_members is not None:
        return list(value.enum_members.values())  # `tuple(Axis)`, `for a in Axis`
    if isinstance(value, ForeignVal):
        return value.items()
    if isinstance(value, GeneratorVal):
        # A generator is iterated once: read again, it is empty or part-read (a zip, a
        # branch that may not have run): unknown either way.
        items, value.items = value.items, None
        return list(items) if items is not None else None
    return None


def fingerprint(value: object) -> object:
    """A hashable key standing for ``value`` in memo tables."""
    if isinstance(value, (Const, QualName, MeshVal, SemanticsVal, DtypeVal, LayoutVal, ArrayVal, RefVal,
                          ShapeDtypeVal, ViewIndexer, TransformVal, RefTypeVal, DSliceVal, CopyPartitionVal)):
        return value
    if isinstance(value, tuple):
        return tuple(fingerprint(item) for item in value)
    if isinstance(value, ListVal):
        # Its identity (stores through it are seen elsewhere) and what it holds now.
        return ("list", id(value), value.complete, tuple(fingerprint(item) for item in value.items))
    if isinstance(value, OneOf):
        return ("one of", frozenset(fingerprint(form) for form in value.forms))
    if value is UNKNOWN or value is None:
        return value
    if isinstance(value, ForeignVal):
        return value.memo_key()
    return id(value)


@dataclass(eq=False)
class BarrierVal:
    """``plgpu.Barrier(...)`` / ``plgpu.ClusterBarrier(...)``: a scratch type, as built."""

    kind: str  # "Barrier" or "ClusterBarrier"
    node: ast.Call
    num_arrivals: object  # Const, MISSING or UNKNOWN
    num_arrivals_node: ast.expr | None
    collective_axes: object  # ClusterBarrier's, as evaluated (MISSING for a Barrier)
    collective_axes_node: ast.expr | None
    num_barriers: object = MISSING  # Const int / tuple, MISSING (one barrier) or UNKNOWN
    # Whether tensor-core ops (tcgen05_mma) may arrive on it: Const bool, MISSING or UNKNOWN.
    orders_tensor_core: object = MISSING


@dataclass(eq=False)
class BarrierRefVal:
    """The ref a kernel body gets for a plgpu.Barrier scratch type: the whole array of
    ``barrier.num_barriers`` barriers, or a view of it (``.at[i]``, ref_facts.view)."""

    barrier: BarrierVal
    # The index of each ``.at[...]`` taken of it, in order, as evaluated: () for the whole array.
    indices: tuple[object, ...] = ()


@dataclass(frozen=True)
class SemaphoreTypeVal:
    """``plgpu.SemaphoreType.REGULAR`` / ``.BARRIER``, bare (one semaphore) or called with a
    shape (an array of them): a scratch type; the body gets a RefVal in the "SEMAPHORE" space
    of that shape (JAX's MemoryRef of a semaphore dtype, in GMEM: a space of its own here so
    the rules about buffers leave it alone)."""

    kind: str  # "REGULAR" or "BARRIER"
    shape: object  # Const tuple or UNKNOWN
    node: ast.AST | None = field(default=None, compare=False)


@dataclass(frozen=True)
class AccTypeVal:
    """``plgpu.ACC(shape, dtype=jnp.float32)``: a wgmma accumulator type (pl.run_scoped or
    scratch types turn it into an AccRefVal)."""

    shape: object  # Const tuple or UNKNOWN
    dtype: object  # DtypeVal or UNKNOWN
    node: ast.Call | None = field(default=None, compare=False)


@dataclass(frozen=True)
class AccRefVal:
    """The accumulator ref a kernel body gets for a ``plgpu.ACC``: not a memory ref (no
    RefVal), so the ref rules leave it alone; wgmma reads its shape."""

    shape: object
    dtype: object
    node: ast.Call | None = field(default=None, compare=False)
