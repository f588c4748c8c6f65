"""Frame objects: ``inspect.currentframe()``, ``sys._getframe(n)``, ``frame.f_back``,
``frame.f_locals`` / ``f_globals`` and a generator's ``gi_frame``.

A kernel script reads its caller's configuration through the frame (``caller =
inspect.currentframe().f_back; caller.f_locals["rows"]``) or a suspended generator's local
through ``gen.gi_frame.f_locals``. A frame here is the interpreter's running frame with its
scope: ``f_locals`` is a snapshot of the names the frame has bound when it is read (what
CPython 3.11 / 3.12 give, synced at each read), ``f_back`` the frame that called it.

Only what is sure is given: ``f_back`` of a frame entered by a plain call written in the
program (not a protocol method, a callback real code or JAX makes, or a generator resumed
from elsewhere: frames the model does not run may sit between), never past the module's own
frame (what runs the script is not known). ``f_locals`` is complete (a missing name is the
KeyError CPython raises) only for a function defined at module level, whose locals are its
own names; a nested function's free variables, and a module's globals, may hold more. A
generator that ended or was closed has no frame: ``gi_frame`` is None.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..values import MISSING, RETURNED_NONE, UNKNOWN, DictVal, Env


@dataclass(eq=False)
class FrameVal:
    """A frame: its scope, whether it is a function's of the module (its locals then known
    whole), and the frame that called it (UNKNOWN where not known)."""

    scope: Env
    function: bool  # a function's frame (else the module's)
    whole: bool  # f_locals names every local (a function defined at module level)
    back: object = UNKNOWN


def attribute(frame: FrameVal, attr: str, module_scope: Env) -> object:
    """``frame.f_back`` / ``f_locals`` / ``f_globals``; MISSING for any other attribute (read
    as unknown)."""
    if attr == "f_back":
        return frame.back
    if attr == "f_locals":
        if not frame.function:
            return DictVal(dict(module_scope.names), complete=False)
        return DictVal(dict(frame.scope.names), complete=frame.whole)
    if attr == "f_globals":
        return DictVal(dict(module_scope.names), complete=False)
    return MISSING


def generator_frame(state: str, scope: Env, module_level: bool) -> object:
    """``gen.gi_frame``: None once the generator ended or was closed; else its frame, whose
    caller is whoever resumes it next (not known)."""
    if state == "done":
        return RETURNED_NONE  # surely None: reading an attribute of it raises (PAL079)
    if state not in ("new", "suspended"):
        return UNKNOWN
    return FrameVal(scope, function=True, whole=module_level)
