"""``print(*objects, sep=" ", end="\\n", file=None, flush=False)`` and where its text goes.

To the process's stdout or stderr (no ``file=``, ``None``, ``sys.stdout``, ``sys.stderr``)
printing changes no value of the program: the call is None. To an ``io.StringIO`` the
bridge keeps, the real ``print`` runs into that buffer (``str()`` of the program's objects
through their ``__str__``, as the bridge converts them), so a later ``getvalue()`` reads
what was printed. To an object of the program's classes, its ``write`` runs with each piece
as CPython's print writes them (each object's text, the separator between, the end), then
``flush()`` when asked. Any other file, or a text the bridge cannot compute, leaves that
file unknown from here: never a buffer that reads as if nothing was printed.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from ..values import MISSING, UNKNOWN, Const, ObjVal, OneOf
from . import bridge
from .convert import forget
from .real import RealVal

if TYPE_CHECKING:
    from ..jax_calls import Call

_STANDARD_STREAMS = ("sys.stdout", "sys.stderr", "sys.__stdout__", "sys.__stderr__")
_OPTIONS = frozenset({"sep", "end", "file", "flush"})


def _print_into(file: object, *objects: object, sep: object = None, end: object = None,
                flush: object = False) -> None:
    if type(file) is not io.StringIO:
        raise TypeError("not a text buffer the bridge keeps")
    print(*objects, sep=sep, end=end, file=file, flush=bool(flush))  # type: ignore[arg-type]


def _text(obj: object) -> str:
    return str(obj)


def _is_option(value: object) -> bool:
    """``sep`` / ``end``: None or a str (anything else is print's TypeError)."""
    return value is MISSING or (isinstance(value, Const) and (value.value is None
                                                              or isinstance(value.value, str)))


def print_call(call: Call) -> object:
    file = call.kwargs.get("file", MISSING)
    options = {key: value for key, value in call.kwargs.items() if key != "file"}
    stream = file is MISSING or (isinstance(file, Const) and file.value is None) or (
        getattr(file, "name", None) in _STANDARD_STREAMS)
    if stream:
        return Const(None)  # the process's own streams: no value of the program changes
    known = set(call.kwargs) <= _OPTIONS \
        and all(_is_option(options.get(key, MISSING)) for key in ("sep", "end")) \
        and not any(isinstance(arg, OneOf) or arg is UNKNOWN for arg in call.args) \
        and call.tracer.unknown_rest not in call.args  # type: ignore[attr-defined]
    if isinstance(file, RealVal) and known:
        result = bridge.run_call("builtins.print", _print_into, [file, *call.args], options, call)
        file.moved()
        return Const(None) if result is not UNKNOWN else UNKNOWN
    if isinstance(file, ObjVal) and known:
        return _print_to_object(call, file, options)
    if isinstance(file, RealVal):
        forget(file)
    elif isinstance(file, ObjVal):
        _forget_object(file)
    return UNKNOWN


def _print_to_object(call: Call, file: ObjVal, options: dict[str, object]) -> object:
    """``file.write(piece)`` for each piece CPython's print writes, then ``file.flush()``."""
    tracer = call.tracer
    sep = options.get("sep", MISSING)
    end = options.get("end", MISSING)
    sep = Const(" ") if sep is MISSING or sep.value is None else sep  # type: ignore[attr-defined]
    end = Const("\n") if end is MISSING or end.value is None else end  # type: ignore[attr-defined]
    write = tracer.attribute_named(file, "write", call.ctx)  # type: ignore[attr-defined]
    if write is MISSING or write is UNKNOWN:
        _forget_object(file)
        return UNKNOWN
    pieces: list[object] = []
    for index, obj in enumerate(call.args):
        if index:
            pieces.append(sep)
        pieces.append(obj if isinstance(obj, Const) and isinstance(obj.value, str) else
                      bridge.run_call("builtins.str", _text, [obj], {}, call))
    pieces.append(end)
    for piece in pieces:
        tracer.call(write, [piece], {}, call.node, [], {}, tracer.module_env, call.ctx)  # type: ignore[attr-defined]
    flush = options.get("flush", MISSING)
    if flush is not MISSING and not (isinstance(flush, Const) and not flush.value):
        flusher = tracer.attribute_named(file, "flush", call.ctx)  # type: ignore[attr-defined]
        if flusher is MISSING or flusher is UNKNOWN:
            return UNKNOWN
        tracer.call(flusher, [], {}, call.node, [], {}, tracer.module_env, call.ctx)  # type: ignore[attr-defined]
    return Const(None)


def _forget_object(file: ObjVal) -> None:
    """A file object of the program's that print wrote to unseen: its state is unknown."""
    for name in list(file.attrs):
        if not (name.startswith("__") and name.endswith("__")):
            file.attrs[name] = UNKNOWN
    file.open_attrs = True


HANDLERS = {"builtins.print": print_call}
