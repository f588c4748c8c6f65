"""dtypes.PROMOTED_X64_OFF is JAX's own promotion: each installed release computes the dtype of
``x + y`` for every pair of strongly typed arrays (jax.eval_shape, nothing lowered or run) and
the table must say the same."""

from __future__ import annotations

import json
import subprocess

import pytest
from fixture_markers import JAX_VENVS
from pallas_lsp.analysis.dtypes import PROMOTED_X64_OFF

pytestmark = pytest.mark.lowering

SCRIPT = r"""
import itertools, json, sys
import jax
names = json.loads(sys.argv[1])
out = {}
for a, b in itertools.combinations(names, 2):
    r = jax.eval_shape(lambda x, y: x + y, jax.ShapeDtypeStruct((4,), a), jax.ShapeDtypeStruct((4,), b))
    out[a + "," + b] = str(r.dtype)
print(json.dumps(out))
"""


@pytest.mark.parametrize("version", sorted(JAX_VENVS))
def test_the_promotion_table_is_jax_s(version: str) -> None:
    python = JAX_VENVS[version]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh to make the JAX {version} venv")
    names = sorted({name for pair in PROMOTED_X64_OFF for name in pair})
    done = subprocess.run([str(python), "-c", SCRIPT, json.dumps(names)], capture_output=True,
                          text=True, timeout=300, env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    measured = {frozenset(key.split(",")): value for key, value in json.loads(done.stdout).items()}
    assert measured == PROMOTED_X64_OFF



PROMOTE_SCRIPT = r"""
import itertools, json, sys
import jax.numpy as jnp
names = json.loads(sys.argv[1])
print(json.dumps({a + "," + b: str(jnp.promote_types(a, b)) for a, b in itertools.combinations(names, 2)}))
"""


def _model_promotions(names: list[str]) -> dict[str, object]:
    """What the model gives for ``jnp.promote_types(a, b)`` of each pair (x64 off)."""
    import ast
    import itertools
    import time

    from pallas_lsp.analysis.interpreter import Interpreter
    from pallas_lsp.analysis.values import DtypeVal

    pairs = list(itertools.combinations(names, 2))
    source = "import jax.numpy as jnp\n" + "".join(
        f"P{index} = jnp.promote_types({a!r}, {b!r})\n" for index, (a, b) in enumerate(pairs))
    interp = Interpreter(ast.parse(source), (0, 12, 0, 1), time.monotonic() + 60)
    interp.x64 = False
    interp.run()
    found = {}
    for index, (a, b) in enumerate(pairs):
        value = interp.module_env.names[f"P{index}"]
        found[a + "," + b] = value.name if isinstance(value, DtypeVal) else None
    return found


@pytest.mark.parametrize("version", sorted(JAX_VENVS))
def test_promote_types_gives_what_each_release_gives_or_nothing(version: str) -> None:
    """``jnp.promote_types(a, b)`` as the model answers it (arrays._promote_types, x64 off) is
    the release's own answer wherever the model gives one; none for a 64-bit join or a mix of
    signed and unsigned ints (promote_types does not canonicalize them); the float joins
    kernels use are given."""
    python = JAX_VENVS[version]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh to make the JAX {version} venv")
    names = sorted({name for pair in PROMOTED_X64_OFF for name in pair})
    done = subprocess.run([str(python), "-c", PROMOTE_SCRIPT, json.dumps(names)], capture_output=True,
                          text=True, timeout=300, env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    measured = json.loads(done.stdout)
    model = _model_promotions(names)
    wrong = {pair: (given, measured[pair]) for pair, given in model.items()
             if given is not None and given != measured[pair]}
    assert wrong == {}
    assert model["bfloat16,float32"] == "float32" and model["float16,float32"] == "float32"
