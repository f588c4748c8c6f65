"""Differential checks of analysis/hostnp against the real NumPy.

A case is a Python expression over ``np`` (and names a setup statement binds). It is evaluated
twice: with ``np`` the pure-Python model (in this process) and with ``np`` the real NumPy (in a
JAX venv's interpreter, which has NumPy; the test process need not). Each outcome is encoded
the same way on both sides (``OUTCOME`` below), so the two are compared as data:

- an ndarray: ("array", dtype name, shape, tolist());
- a NumPy scalar: ("scalar", type name, value) (``np.int64(3)`` is ("scalar", "int64", 3));
- a dtype: ("dtype", name);
- a tuple or list: ("tuple" / "list", [outcomes]);
- any other value: ("py", type name, repr);
- an exception: ("raise", class name, message);
- the model's refusal: ("refused", why) (real NumPy never gives it).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fixture_markers import JAX_VENVS

OUTCOME = r'''
def outcome(make, refused=()):
    try:
        value = make()
    except refused as error:
        return ["refused", str(error)]
    except Exception as error:
        return ["raise", type(error).__name__, str(error)]
    return encode(value)


def encode(value):
    kind = type(value)
    if kind.__name__ == "ndarray":
        return ["array", str(value.dtype), list(value.shape), plain(value.tolist())]
    if kind.__name__ == "dtype" or kind.__name__.startswith("dtype[") or kind.__name__.endswith("DType"):
        return ["dtype", str(value)]
    if kind in (tuple, list):
        return [kind.__name__, [encode(item) for item in value]]
    if kind.__module__ in ("numpy", "pallas_lsp.analysis.hostnp.core") and hasattr(value, "item"):
        return ["scalar", kind.__name__, plain(value.item())]
    return ["py", kind.__name__, repr(value)]


def plain(value):
    # JSON keeps neither tuples nor non-finite floats: lists, and floats as their repr.
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, float):
        return ["float", repr(value)]
    return value
'''

REAL_SCRIPT = OUTCOME + r'''
import json, sys
import numpy as np
cases, setup = json.loads(sys.stdin.read())
out = []
for case in cases:
    scope = {"np": np}
    try:
        exec(setup, scope)
    except Exception as error:
        out.append(["setup", type(error).__name__, str(error)])
        continue
    out.append(outcome(lambda: eval(case, scope)))
print(json.dumps(out))
'''


def real_numpy_python() -> Path:
    """An interpreter with the real NumPy: the newest JAX venv's (skips when none is made)."""
    for version in sorted(JAX_VENVS, key=lambda v: tuple(int(p) for p in v.split(".")), reverse=True):
        python = JAX_VENVS[version]
        if python.exists():
            return python
    pytest.skip("no JAX venv with NumPy: run .ci/jax-envs.sh")
    raise AssertionError


def real_outcomes(cases: list[str], setup: str = "") -> list[object]:
    done = subprocess.run([str(real_numpy_python()), "-c", REAL_SCRIPT], input=json.dumps([cases, setup]),
                          capture_output=True, text=True, timeout=300, env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def model_outcomes(cases: list[str], setup: str = "") -> list[object]:
    from pallas_lsp.analysis import hostnp
    from pallas_lsp.analysis.python.real import Refused

    scope: dict[str, object] = {}
    exec(OUTCOME, scope)
    outcome = scope["outcome"]
    out = []
    for case in cases:
        names: dict[str, object] = {"np": hostnp}
        try:
            exec(setup, names)
        except Exception as error:
            out.append(["setup", type(error).__name__, str(error)])
            continue
        out.append(json.loads(json.dumps(outcome(lambda case=case, names=names: eval(case, names), Refused))))
    return out


def differences(cases: list[str], setup: str = "", refused_ok: frozenset[str] = frozenset()) -> list[str]:
    """Each case whose model outcome is not the real one, as a readable line (refusals of the
    cases in ``refused_ok`` are allowed: the model may say less, never something else)."""
    real = real_outcomes(cases, setup)
    model = model_outcomes(cases, setup)
    lines = []
    for case, mine, theirs in zip(cases, model, real, strict=True):
        if mine == theirs or (mine[0] == "refused" and case in refused_ok):
            continue
        lines.append(f"{case}\n    model: {mine}\n    numpy: {theirs}")
    return lines
