"""The JAX functions whose positional parameters (how many, how many required) differ between
the supported releases' recorded signatures (api_data): a call that binds on one release may
raise "f() missing 1 required positional argument" / "takes N positional arguments" on
another. PAL009 claims those TypeErrors for these names only (CPython's words name a
function by its ``__name__``; the same words for a kernel body of the program are PAL064's).

``NAMES`` is generated from the API data by ``drifted()``; tests/test_api_data.py checks that
it is current."""

from __future__ import annotations

from .api_surface import shipped
from .versions import JaxVersion

# The releases whose data is shipped (analysis/api_data).
RELEASES: tuple[JaxVersion, ...] = ((0, 8, 3), (0, 10, 2), (0, 11, 2), (0, 12, 0, 1))

NAMES: tuple[str, ...] = (
    'async_copy', 'bitcast', 'cbrt', 'conv_transpose', 'copy_gmem_to_smem', 'cos',
    'custom_gradient', 'custom_jvp', 'custom_vjp', 'dot', 'dynamic_scheduling_loop', 'empty_ref',
    'exp', 'exp2', 'expm1', 'format_tcgen05_sparse_metadata', 'get_barrier_semaphore', 'kernel',
    'load', 'log', 'log1p', 'logistic', 'make_async_copy', 'matmul_acc_lhs', 'matmul_pop',
    'ragged_dot', 'ragged_dot_general', 'rsqrt', 'sin', 'sqrt', 'tan', 'tanh', 'vmap',
)

# The names PAL009 claims: not ``kernel`` (plgpu.kernel's own refusals have PAL009's patterns of
# their own, and a kernel body is most often named ``kernel``: its arity is PAL064's).
CLAIMED: tuple[str, ...] = tuple(name for name in NAMES if name != "kernel")


def drifted() -> tuple[str, ...]:
    """Every function name (lower-case: no class) some module records with different
    positional parameters on two supported releases, sorted."""
    found: dict[tuple[str, str], set[tuple[int, int, bool]]] = {}
    for release in RELEASES:
        surface = shipped(release)
        if surface is None:
            continue
        for module, entry in surface.modules.items():
            for attr, raw in (entry or {}).get("signatures", {}).items():
                if attr[:1].islower():
                    positional = [p for p in raw if p[1] in ("P", "PK")]
                    found.setdefault((module, attr), set()).add(
                        (sum(1 for p in positional if not p[2]), len(positional),
                         any(p[1] == "VP" for p in raw)))
    return tuple(sorted({attr for (_module, attr), shapes in found.items() if len(shapes) > 1}))
