"""``plgpu.nd_loop(grid, collective_axes=..., tiling=..., init_carry=...)`` in a kernel body.

JAX's ``nd_loop`` (``jax/_src/pallas/mosaic_gpu/helpers.py``, 0.8.3 - 0.12.0.1) is a decorator:
it runs ``lax.fori_loop(0, upper, wrapper, init_carry)``, whose wrapper calls the body with an
``NDLoopInfo`` (a dataclass) and, where ``init_carry`` is given, ``carry=`` the loop's carry as
a keyword; the decorated name is bound to the loop's result (None without a carry). What the
body sees, from that source:
- ``index``: one strongly typed int32 scalar per grid entry (``lax.rem`` / ``lax.div`` of the
  int32 step by each entry converted to int32; with ``tiling``, ``sub + tile * dim``, the
  grid's own length again);
- ``local_index``: the fori_loop's index, int32 (its bounds are 0 and an int32 array);
- ``num_local_steps``: ``upper``, an int32 scalar array.
The carry is fori_loop's (jax_calls._loop): a Python number starts as a weak scalar of its
kind that takes the type the body gives it; arrays as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import layouts
from .values import (
    MISSING,
    UNKNOWN,
    ArrayVal,
    Const,
    DtypeVal,
    FuncVal,
    NamespaceVal,
    PartialVal,
    QualName,
    pack,
    unpack,
)

if TYPE_CHECKING:
    from .jax_calls import Call

ND_LOOP = "plgpu.nd_loop"
ND_LOOP_BODY = "plgpu.nd_loop.<body>"
_SCALAR_CARRY = {bool: "bool", int: "int32", float: "float32"}


def _int32() -> ArrayVal:
    return ArrayVal(Const(()), DtypeVal("int32"), strong=True)


def nd_loop(call: Call) -> object:
    """The decorator ``plgpu.nd_loop(...)`` makes, holding the grid's length and the carry."""
    grid = unpack(call.arg(0, "grid"))
    init = call.kwargs.get("init_carry", MISSING)
    if len(call.args) != 1 or "**" in call.kwargs:
        return UNKNOWN
    length = Const(len(grid)) if grid is not None else UNKNOWN
    return PartialVal(QualName(ND_LOOP_BODY), (length, Const(init is not MISSING), init), {})


def nd_loop_body(call: Call) -> object:
    """The decorator applied: the body traced once on an NDLoopInfo (and the carry); the
    loop's result."""
    length, carried, init, body = (call.arg(i, name) for i, name in
                                   enumerate(("length", "carried", "init", "body")))
    if len(call.args) != 4 or call.kwargs or not isinstance(body, (FuncVal, PartialVal)):
        call.tracer.call_callbacks_of_unknown(call.args, call.kwargs, call.node, call.ctx)
        return UNKNOWN
    index = pack([_int32() for _ in range(length.value)]) if isinstance(length, Const) else UNKNOWN
    info = NamespaceVal({"index": index, "local_index": _int32(), "num_local_steps": _int32()},
                        kind="NDLoopInfo")
    if not (isinstance(carried, Const) and carried.value) or (isinstance(init, Const) and init.value is None):
        call.tracer.call_value(body, [info], {}, call.ctx)
        return Const(None)
    carry = layouts.carried(init)
    scalar = _SCALAR_CARRY.get(type(init.value)) if isinstance(init, Const) else None
    if scalar is not None:
        carry = ArrayVal(Const(()), DtypeVal(scalar), strong=False)
    out = call.tracer.call_value(body, [info], {"carry": carry}, call.ctx)
    if scalar is not None and isinstance(out, ArrayVal) and out.shape == Const(()) \
            and isinstance(out.dtype, DtypeVal):
        return out  # the weak carry takes the body's type (fori_loop traces again)
    return carry


HANDLERS = {ND_LOOP: nd_loop, ND_LOOP_BODY: nd_loop_body}
