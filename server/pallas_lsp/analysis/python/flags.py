"""``enum.Flag`` values: members combined with ``|``, ``&``, ``^`` and ``~``, tested with
``in`` and truth, as ``enum`` computes them (on the members' integer values).

A pipeline enabled by a Flag (``if Stage.FUSED in ENABLED:``) takes only the stages set:
a stage that is not set is a path never taken, and what it would launch is no finding.
Each class keeps one value per bit pattern (``ClassVal.enum_flags``), so a combination
computed twice is the same object and compares equal, as ``enum`` makes it.
"""

from __future__ import annotations

import ast

from ..values import MISSING, ClassVal, Const, ObjVal


def flag_bits(value: object) -> tuple[ClassVal, int] | None:
    if isinstance(value, ObjVal) and value.cls.enum_flags is not None:
        bits = value.attrs.get("value")
        if isinstance(bits, Const) and type(bits.value) is int:
            return value.cls, bits.value
    return None


def of_bits(cls: ClassVal, bits: int) -> ObjVal:
    """The member, or the one combination object, of ``cls`` with these bits."""
    known = cls.enum_flags
    assert known is not None
    if bits not in known:
        names = [name for name, member in (cls.enum_members or {}).items()
                 if flag_bits(member) is not None and (flag_bits(member)[1] & bits)]  # type: ignore[index]
        name = "|".join(names) if bits else None
        known[bits] = ObjVal(cls, {"name": Const(name), "value": Const(bits), "_name_": Const(name),
                                   "_value_": Const(bits)})
    return known[bits]


def all_bits(cls: ClassVal) -> int:
    total = 0
    for member in (cls.enum_members or {}).values():
        found = flag_bits(member)
        if found is not None:
            total |= found[1]
    return total


def binary(left: object, op: ast.operator, right: object) -> object:
    """``a | b``, ``a & b``, ``a ^ b`` of one Flag class; MISSING for anything else."""
    a, b = flag_bits(left), flag_bits(right)
    if a is None or b is None or a[0] is not b[0]:
        return MISSING
    if isinstance(op, ast.BitOr):
        return of_bits(a[0], a[1] | b[1])
    if isinstance(op, ast.BitAnd):
        return of_bits(a[0], a[1] & b[1])
    if isinstance(op, ast.BitXor):
        return of_bits(a[0], a[1] ^ b[1])
    return MISSING


def invert(operand: object) -> object:
    found = flag_bits(operand)
    if found is None:
        return MISSING
    return of_bits(found[0], all_bits(found[0]) & ~found[1])


def contains(item: object, container: object) -> bool | None:
    """``item in container`` for Flag values; None when either is no Flag value of one class."""
    a, b = flag_bits(item), flag_bits(container)
    if a is None or b is None or a[0] is not b[0]:
        return None
    return a[1] & b[1] == a[1]


def truth(value: object) -> bool | None:
    found = flag_bits(value)
    return None if found is None else found[1] != 0


def next_auto(cls_is_flag: bool, last: int) -> int:
    """What ``auto()`` gives after ``last``: the next power of two for a Flag."""
    if not cls_is_flag:
        return last + 1
    return 1 if last <= 0 else 1 << last.bit_length()
