"""Class introspection from the data model's facts: ``cls.__annotations__``,
``typing.get_type_hints(cls)`` and ``inspect.getmembers(cls, predicate)``.

Each answers from what the interpreter recorded while running the class body (its
annotations, in the order the body ran them) and from the class's MRO, as CPython computes
them, never from the class's source text:

- ``cls.__annotations__`` is the class's own dict (Python 3.10+): a class with no
  annotations has an empty one, never its base's. It is one object, so a store into it is
  seen by every later read. Under ``from __future__ import annotations`` its values are the
  annotations' source strings.
- ``typing.get_type_hints(cls)`` merges the annotations of every class of the MRO, the
  last base first, so a subclass's annotation replaces its base's in the base's place;
  ``None`` becomes ``type(None)``. A value it would have to evaluate (a string) or strip
  (``Annotated[...]``, a ``typing`` form) is unknown; a base the analysis cannot see makes
  the whole result unknown (it may have annotations).
- ``inspect.getmembers(cls, predicate)`` is ``(name, getattr(cls, name))`` for every name
  of ``dir(cls)`` sorted, the predicate run by the interpreter. Only a class whose MRO is
  all the program's own classes is answered: ``dir`` also lists ``object``'s members
  (``__init__``, ``__module__``, ``__doc__``...), which are given where the data model
  knows them and otherwise make the answer unknown unless the predicate rejects them
  without reading them being impossible to tell, so such a member's unknown verdict makes
  the whole list unknown.
"""

from __future__ import annotations

from ..values import UNKNOWN, ClassVal, Const, DictVal, QualName

# Builtin classes of an MRO that hold no annotations of their own.
_PLAIN_BASES = frozenset({
    "builtins.object", "builtins.str", "builtins.int", "builtins.float", "builtins.bool",
    "builtins.bytes", "builtins.tuple", "builtins.list", "builtins.dict", "builtins.set",
    "builtins.frozenset", "builtins.complex", "builtins.Exception", "builtins.BaseException",
})


def own_annotations(cls: ClassVal) -> DictVal:
    """``cls.__annotations__``: the class's own dict, made empty on first read when its body
    annotated nothing (as ``type.__annotations__`` does), the same object afterwards."""
    stored = cls.attrs.get("__annotations__")
    if isinstance(stored, DictVal):
        return stored  # set by the class body or the namespace of type(name, bases, ns)
    if cls.annotations is None:
        cls.annotations = DictVal({}, complete=True)
    return cls.annotations


def type_hints(cls: ClassVal) -> object:
    """``typing.get_type_hints(cls)`` with no namespaces given; UNKNOWN when a class of the
    MRO may hold annotations the analysis cannot see."""
    merged: dict[object, object] = {}
    for base in reversed(cls.mro()):
        if isinstance(base, QualName) and base.name in _PLAIN_BASES:
            continue
        if not isinstance(base, ClassVal):
            return UNKNOWN
        own = own_annotations(base)
        if not own.complete:
            return UNKNOWN
        for name, value in own.items.items():
            merged[name] = _hint(value)
    return DictVal(merged, complete=True)


def _hint(value: object) -> object:
    if isinstance(value, Const) and value.value is None:
        return QualName("builtins.NoneType")
    if isinstance(value, ClassVal):
        return value
    if isinstance(value, QualName) and value.name.startswith("builtins."):
        return value
    # A string (evaluated by get_type_hints in namespaces not tracked here), a typing form
    # (Annotated is stripped, Optional rewritten): not followed.
    return UNKNOWN


def dir_names(cls: ClassVal) -> list[str] | None:
    """The names ``dir(cls)`` lists that come from the program's classes, or None when a
    class of the MRO is not the program's own (other than ``object``)."""
    names: set[str] = set()
    for base in cls.mro():
        if isinstance(base, QualName) and base.name == "builtins.object":
            continue
        if not isinstance(base, ClassVal):
            return None
        names.update(key for key in base.attrs if isinstance(key, str))
    return sorted(names)



def get_type_hints_call(call: object) -> object:
    """The handler of ``typing.get_type_hints(obj)``: a class of the program's with no
    namespaces given; anything else unknown."""
    args, kwargs = call.args, call.kwargs  # type: ignore[attr-defined]
    if len(args) != 1 or kwargs.keys() - {"include_extras"} or not isinstance(args[0], ClassVal):
        return UNKNOWN
    return type_hints(args[0])
