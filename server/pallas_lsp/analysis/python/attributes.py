"""Whether reading ``obj.name`` of an instance of the program's class surely raises
AttributeError: nothing the program or Python could answer it with is left.

Judged only where the whole lookup is the model's to see: every class of the MRO is the
program's own (or ``object``), none defines ``__getattr__`` or ``__getattribute__`` (which may
answer any name), no class nor the instance holds the name, no store under a name the analysis
could not compute went to the instance (``ObjVal.open_attrs``), the instance holds no builtin
value of a library base (``payload``), and it is no enum member (whose names the enum machinery
answers). Special names (``__x__``) are never judged: ``object`` and ``type`` answer many.
"""

from __future__ import annotations

from ..values import MISSING, ClassVal, ObjVal, QualName

_HOOKS = ("__getattr__", "__getattribute__")


def surely_missing(obj: ObjVal, name: str) -> bool:
    if name[:2] == "__" or obj.open_attrs or obj.payload is not None or name in obj.attrs:
        return False
    cls = obj.cls
    if cls.enum_members is not None or cls.metaclass is not None or cls.library_metaclass is not None:
        return False
    for entry in cls.mro():
        if isinstance(entry, ClassVal):
            if any(hook in entry.attrs for hook in _HOOKS) or name in entry.attrs:
                return False
        elif not (isinstance(entry, QualName) and entry.name == "builtins.object"):
            return False
    return cls.lookup(name) is MISSING
