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
