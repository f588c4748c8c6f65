"""Host NumPy as pure Python: the arrays a program computes its kernel's configuration with.

``np.searchsorted(CANDIDATES, budget)``, ``np.cumsum(lengths)``, ``np.unique(roles,
return_counts=True)``: a kernel's block sizes, offsets and counts are often computed on the host
with NumPy before any JAX runs. The server does not depend on NumPy (nor imports it: a slow,
heavy import), so this package is NumPy's semantics over small concrete arrays, written from
NumPy 2's documented behaviour and checked against the real library (tests/hostnp). The bridge
(python/bridge.py) runs its functions as it runs the standard library's: on the program's known
values, each result converted back, each exception NumPy would raise raised with NumPy's class
and message (the program raises it there too: PAL079).

What it does not model it refuses (``Refused``: the value is unknown), never guesses: dtypes
other than bool, the signed and unsigned integers and float16 / 32 / 64; arrays of more than
``core.MAX_SIZE`` elements; options a function does not implement.

Every module names what it adds to the ``np`` namespace in ``EXPORTS``; this package's
attributes are that namespace (``allow.py`` resolves ``np.<name>`` here).

The modules are layered, each importing only modules below it (tests/test_layering.py): dtypes
(dtypes, casting, promotion, shapes) at the bottom, then scalars, then arrays (the ndarray);
core re-exports those three; kernels, ufuncs, ufuncmethods, indexing, formatting, flatops and the
function modules (creation, reductions, shaping, searching, statistics, products, misc, bits,
textops, textio, realparts, einsum, matrices, editing, selection, setops, functional, indextricks) above.
Where a lower module needs a higher one (an ndarray's ``+`` is np.add, ``a.sum()`` np.sum,
``repr(a)`` formatting's) it looks the name up in ``dtypes.REGISTRY``, which the higher module
fills when imported, and this package, importing every module first, fills with its namespace
(``np.<name>``) before anything runs; a name not registered is refused.
"""

from . import (
    bits,
    core,
    creation,
    editing,
    einsum,
    formatting,
    functional,
    indexing,
    indextricks,
    matrices,
    misc,
    products,
    realparts,
    reductions,
    searching,
    selection,
    setops,
    shaping,
    statistics,
    textio,
    textops,
    ufuncs,
)
from .dtypes import register as _register

# The modules whose EXPORTS make up the namespace, in order (a later one may not rebind a name).
_MODULES = (core, ufuncs, creation, indexing, reductions, statistics, searching, shaping, products, misc,
            bits, textops, textio, realparts, einsum, matrices, editing, selection, setops, functional,
            indextricks)
# The modules that add no name, imported for what they register (formatting: an ndarray's repr, str).
_REGISTERING = (formatting,)


def _load() -> dict[str, object]:
    names: dict[str, object] = {}
    for module in _MODULES:
        exports = getattr(module, "EXPORTS", {})
        clash = set(exports) & set(names)
        if clash:
            raise ImportError(f"{module.__name__} rebinds {sorted(clash)}")
        names.update(exports)
    return names


_NAMESPACE = _load()
globals().update(_NAMESPACE)
# The methods of the ndarray that are the package's functions (a.sum is np.sum, a @ b np.matmul)
# find them in dtypes' REGISTRY as "np.<name>": registered once every module above is imported.
for _name, _value in _NAMESPACE.items():
    _register(f"np.{_name}", _value)
del _name, _value
