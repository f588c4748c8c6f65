"""A warm worker forgets what a checked file left in JAX: the global mesh (`jax.set_mesh`), its
options (`jax.config.update`) and its caches."""

from __future__ import annotations

import pytest
from lowering_env import CASES, jax_python
from pallas_lsp.lowering.runner import WarmWorkerPool
from support import FIXTURES

pytestmark = pytest.mark.lowering

# A clean file whose shard_map names its own 2x2 mesh ("a", "b"): with the setter's
# ("x",) mesh left global it failed "The context mesh ... should match the mesh
# passed to shard_map".
LATER_FILE = FIXTURES / "single" / "clean" / "axes_from_mesh_helper_ok.py"


@pytest.mark.parametrize("version", ["0.10.2", "0.12.0.1"])
def test_global_mesh_does_not_leak_into_the_next_check(version: str) -> None:
    python = jax_python(version)
    with WarmWorkerPool() as pool:
        setter = pool.check(str(CASES / "global_mesh_setter.py"), python=python)
        assert setter.lowered >= 1 and not setter.errors and setter.fatal is None
        later = pool.check(str(LATER_FILE), python=python)
    assert later.fatal is None, later.fatal
    assert later.lowered >= 1
    assert not later.errors, later.errors


# A file that turns 64-bit types on (jax.config.update("jax_enable_x64", True)), then a clean
# file whose `.astype(jnp.float64)` is float32 only with x64 off: with the option left on it
# failed "Invalid dtype for `swap`. Ref dtype: float32. Value dtype: float64." (CI on 8285a60,
# where the oracle's warm worker lowered pal026/astype_float64_with_x64.py first).
X64_SETTER = FIXTURES / "single" / "pal026" / "astype_float64_with_x64.py"
X64_LATER = FIXTURES / "single" / "clean" / "astype_float64_into_float32_ok.py"


@pytest.mark.parametrize("version", ["0.10.2", "0.12.0.1"])
def test_jax_options_do_not_leak_into_the_next_check(version: str) -> None:
    python = jax_python(version)
    with WarmWorkerPool() as pool:
        setter = pool.check(str(X64_SETTER), python=python)
        assert [error.line for error in setter.errors] == [14], setter.errors
        later = pool.check(str(X64_LATER), python=python)
    assert later.fatal is None, later.fatal
    assert later.lowered >= 1
    assert not later.errors, later.errors


# JAX caches by equality: Barrier(num_arrivals=Fraction(2, 1)) left an entry that the next
# file's Barrier(num_arrivals=2) hit, failing it with "std::bad_cast" (0.12.0.1) or
# "<class 'fractions.Fraction'>" (0.10.2), a file that lowers alone (found labelling famheld8).
@pytest.mark.parametrize("version", ["0.10.2", "0.12.0.1"])
def test_jax_caches_do_not_leak_into_the_next_check(version: str) -> None:
    python = jax_python(version)
    with WarmWorkerPool() as pool:
        poisoner = pool.check(str(CASES / "barrier_arrivals_fraction.py"), python=python)
        assert len(poisoner.errors) == 1, poisoner.errors
        later = pool.check(str(CASES / "barrier_arrivals_int.py"), python=python)
    assert later.fatal is None, later.fatal
    assert later.lowered >= 1
    assert not later.errors, later.errors
