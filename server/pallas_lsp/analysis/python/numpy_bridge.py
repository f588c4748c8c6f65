"""Host NumPy through the bridge: ``np.<name>`` is analysis/hostnp, NumPy's semantics in Python.

The program's ``np.searchsorted(CANDIDATES, budget)`` runs hostnp's function on the real values
the bridge converts (bridge.py), as a standard-library call would; what it returns comes back
as the value NumPy would give the program:

- an ndarray, a ufunc, an ``np.ndindex`` iterator: kept real objects
  (real.RealVal), whose methods, operators, indexing and iteration run for real;
- an integer or bool scalar: its Python number (a Const: shapes, ``range`` and every rule read
  it as they read an int), marked as NumPy's (values.NUMPY_SCALAR_ORIGINS): JAX types a NumPy
  scalar strongly and a Python number weakly, so a kernel's array arithmetic with it is not
  followed (arrays.binary, narrow_arithmetic), and NumPy's integer division by zero gives 0
  where Python's raises, so no operator on it is judged (python/operator_errors.py);
- a float scalar: a kept real object, so that host arithmetic on it is NumPy's (``x / 0.0`` is
  inf, ``1 << np.ceil(...)`` NumPy's TypeError), and in a kernel it is unknown;
- a dtype: the analysis's DtypeVal of its name (``x.dtype`` handed to JAX).

Nothing here imports NumPy, and hostnp is imported the first time a program's ``np.`` name is
resolved, so a file without NumPy calls pays nothing at start-up.
"""

from __future__ import annotations

import dis
import importlib
import os
from types import ModuleType

from ..values import MISSING, NUMPY_SCALAR_ORIGINS, UNKNOWN, ArrayVal, Const, DtypeVal
from . import real

HOSTNP = __name__.rsplit(".", 2)[0] + ".hostnp"

# The hostnp package once a program's `np.` name was resolved (empty before: nothing to do).
loaded: list[ModuleType] = []


def _hostnp() -> ModuleType:
    if not loaded:
        module = importlib.import_module(HOSTNP)
        _register(module)
        loaded.append(module)
    return loaded[0]


def _register(module: ModuleType) -> None:
    core = importlib.import_module(HOSTNP + ".core")
    kept: set[type] = {core.ndarray}
    for name in ("float16", "float32", "float64"):
        kept.add(getattr(core, name))
        real.ABSTRACT_OF[getattr(core, name)] = _kept
    for name in ("ufunc", "ndindex", "ndenumerate", "finfo", "iinfo", "vectorize"):
        made = getattr(module, name, None)
        if isinstance(made, type):
            kept.add(made)
    # The results a program reads by attribute or subscript: np.unique_counts(...).counts,
    # np.r_[...] / np.mgrid[...] (objects whose __getitem__ builds the array).
    setops = importlib.import_module(HOSTNP + ".setops")
    tricks = importlib.import_module(HOSTNP + ".indextricks")
    kept.update({setops.UniqueAllResult, setops.UniqueCountsResult, setops.UniqueInverseResult,
                 tricks.RClass, tricks.CClass, tricks.nd_grid})
    real.EXTRA_KEPT.update(kept)
    real.SELF_BOUNDED.add(core.ndarray)
    for name in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
        real.ABSTRACT_OF[getattr(core, name)] = _int_scalar
    real.ABSTRACT_OF[core.bool_] = _bool_scalar
    real.ABSTRACT_OF[core.DType] = _dtype


def _kept(value: object) -> object:
    return MISSING  # kept as a real object (convert.py), not read as a Python float


def _int_scalar(value: object) -> object:
    return Const(int(value), origins=NUMPY_SCALAR_ORIGINS)  # type: ignore[call-overload]


def _bool_scalar(value: object) -> object:
    return Const(bool(value), origins=NUMPY_SCALAR_ORIGINS)


def _dtype(value: object) -> object:
    return DtypeVal(str(value))


def resolve(name: str) -> object:
    """The hostnp object ``np.<path>`` names (a function, a scalar type, a constant), or
    MISSING: a private name, or one hostnp does not model (``np.random``, ``np.load``)."""
    path = name.split(".")[1:]
    if not path or any(part.startswith("_") for part in path):
        return MISSING
    value: object = _hostnp()
    for part in path:
        value = getattr(value, part, MISSING)
        if value is MISSING or isinstance(value, ModuleType):
            return MISSING
    return value


def host_array(value: object) -> tuple[tuple[int, ...], str] | None:
    """A kept hostnp ndarray's shape and dtype name (what JAX makes of it), else None."""
    if not loaded or not isinstance(value, real.RealVal) or not value.known:
        return None
    core = importlib.import_module(HOSTNP + ".core")
    if not isinstance(value.real, core.ndarray):
        return None
    return tuple(value.real.shape), str(value.real.dtype)


# What JAX makes of a NumPy array's dtype with 64-bit types off (jax_enable_x64 unset).
X64_OFF = {"int64": "int32", "uint64": "uint32", "float64": "float32"}


def jax_dtype(name: str, x64: bool | None) -> object:
    """The dtype ``jnp.asarray`` gives a host array of dtype ``name``: unknown for a 64-bit type
    while x64 is not known."""
    if name not in X64_OFF:
        return DtypeVal(name)
    if x64 is None:
        return UNKNOWN
    return DtypeVal(name if x64 else X64_OFF[name])


Arguments = tuple[object, ...] | list[object]


def jax_array(value: object, x64: bool | None) -> ArrayVal | None:
    """What JAX makes of a kept hostnp ndarray handed to it (a jitted function's or a kernel's
    argument, ``jnp.asarray``): an array of its shape and canonical dtype, strongly typed;
    None for any other value."""
    host = host_array(value)
    return None if host is None else ArrayVal(Const(host[0]), jax_dtype(host[1], x64), strong=True)


def as_jax_arguments(args: Arguments, x64: bool | None) -> Arguments:
    """The arguments of a jitted function or a kernel launch as JAX traces them (``jax_array``
    for each host array; the same object when there is none: no copy on the common path)."""
    if not loaded:
        return args
    made = None
    for index, arg in enumerate(args):
        traced = jax_array(arg, x64) if arg.__class__ is real.RealVal else None
        if traced is not None:
            if made is None:
                made = list(args)
            made[index] = traced
    if made is None:
        return args
    return tuple(made) if isinstance(args, tuple) else made


def is_host(value: object) -> bool:
    """A kept hostnp object (an ndarray, a float scalar, a ufunc ...)."""
    if not loaded:
        return False
    return value.__class__ is real.RealVal and value.known and type(value.real).__module__.startswith(  # type: ignore[attr-defined]
        HOSTNP)


_HOSTNP_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep + "hostnp" + os.sep
_RAISES = frozenset(dis.opmap[name] for name in ("RAISE_VARARGS", "RERAISE") if name in dis.opmap)


def disowned(error: BaseException) -> bool:
    """Whether an exception a bridged call raised went through hostnp without hostnp raising it
    on purpose: a fault of the model (an IndexError of its own code), never the program's.
    NumPy's errors are raised by hostnp's `raise` statements; any other exception whose last
    frame is hostnp's, or that passed through hostnp from code it called, is not NumPy's word
    on the program's values, so the call is unknown rather than reported (PAL079)."""
    if not loaded:
        return False
    tb = error.__traceback__
    touched = False
    last = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.startswith(_HOSTNP_DIR):
            touched = True
        last = tb
        tb = tb.tb_next
    if not touched or last is None:
        return False
    code = last.tb_frame.f_code
    if not code.co_filename.startswith(_HOSTNP_DIR):
        return True  # raised below hostnp (a builtin it called, a helper outside it)
    return code.co_code[last.tb_lasti] not in _RAISES if 0 <= last.tb_lasti < len(code.co_code) else True
