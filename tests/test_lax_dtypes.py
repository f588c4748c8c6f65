"""lax_dtypes.py is JAX's own dtype rule: each installed release traces every function of
lax_dtypes.UNARY / BINARY on operands of every dtype kind (arrays, and Python scalars, which
bind as their default dtype), with jax.eval_shape (nothing lowered or run), and the table's
refusal must be JAX's TypeError message where JAX raises and None where it does not.

JAX names the accepted kinds by iterating a set of NumPy classes, whose order differs from one
process to the next: the kinds are compared as a set, the rest of the message word for word."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from fixture_markers import JAX_VENVS
from pallas_lsp.analysis import arrays, lax_dtypes
from pallas_lsp.analysis.values import ArrayVal, Const, DtypeVal

pytestmark = pytest.mark.lowering

ARRAY_DTYPES = ("float32", "bfloat16", "int32", "int8", "uint32", "bool", "complex64")
SCALARS: dict[str, object] = {"py_int": 2, "py_float": 2.0, "py_bool": True}

SCRIPT = r"""
import json, sys
import jax, jax.numpy as jnp
from jax import lax
cases = json.loads(sys.argv[1])
scalars = json.loads(sys.argv[2])
out = []
for name, operands in cases:
    function = getattr(lax, name.removeprefix("lax."), None)
    if function is None:
        out.append("missing")
        continue
    arrays = [jax.ShapeDtypeStruct((4,), o) for o in operands if o not in scalars]
    def f(*xs, operands=operands):
        it = iter(xs)
        return function(*[scalars[o] if o in scalars else next(it) for o in operands])
    try:
        jax.eval_shape(f, *arrays)
        out.append(None)
    except TypeError as e:
        out.append(str(e).splitlines()[0])
print(json.dumps(out))
"""


def _operand(spec: str) -> object:
    return Const(SCALARS[spec]) if spec in SCALARS else ArrayVal(Const((4,)), DtypeVal(spec))


def _cases() -> list[tuple[str, list[str]]]:
    cases: list[tuple[str, list[str]]] = [(name, [dtype]) for name in sorted(lax_dtypes.UNARY)
                                          for dtype in ARRAY_DTYPES]
    operands = (*ARRAY_DTYPES, *SCALARS)
    for name in sorted(lax_dtypes.BINARY):
        # Every kind against float32 and int32 arrays, on either side.
        for other in operands:
            cases += [(name, ["float32", other]), (name, [other, "int32"])]
    return cases


def _normalised(message: str | None) -> object:
    if message is None:
        return None
    found = re.match(r"(.*are subtypes of )(.*)\.\Z", message)
    return (found.group(1), frozenset(found.group(2).split(", "))) if found else message


@pytest.mark.parametrize("version", sorted(JAX_VENVS))
def test_the_lax_dtype_table_is_jax_s(version: str) -> None:
    python = JAX_VENVS[version]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh to make the JAX {version} venv")
    cases = _cases()
    done = subprocess.run([str(python), "-c", SCRIPT, json.dumps(cases), json.dumps(SCALARS)],
                          capture_output=True, text=True, timeout=600,
                          env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    measured = json.loads(done.stdout)
    wrong = []
    for (name, specs), jax_said in zip(cases, measured, strict=True):
        if jax_said == "missing":
            continue  # not in this release's lax (bitwise_not before its introduction)
        ours = lax_dtypes.refusal(name, [_operand(spec) for spec in specs], False)
        if _normalised(ours) != _normalised(jax_said):
            wrong.append(f"{name}{tuple(specs)}: JAX {jax_said!r}, table {ours!r}")
    assert not wrong, "\n".join(wrong)


def test_unknown_operands_and_x64_are_not_judged() -> None:
    unknown_dtype = ArrayVal(Const((4,)), DtypeVal("float32"))
    assert lax_dtypes.refusal("lax.clz", [unknown_dtype], None) is None  # x64 may be on
    assert lax_dtypes.refusal("lax.add", [unknown_dtype, object()], False) is None
    assert lax_dtypes.refusal("lax.add", [unknown_dtype], False) is None  # another arity


# Misspelt dtype strings NumPy refuses under every release (the table must refuse them too).
MISSPELT = ("f32", "bf16", "fp32", "fp16", "float_32", "max", "float8", "i32", "u32", "int128", "floats",
            "bfloat", "double_")

DTYPE_STRING_SCRIPT = r"""
import json, sys
import jax.numpy as jnp
out = []
for text in json.loads(sys.argv[1]):
    try:
        jnp.dtype(text)
        out.append(None)
    except TypeError as e:
        out.append(str(e))
print(json.dumps(out))
"""


@pytest.mark.parametrize("version", sorted(JAX_VENVS))
def test_dtype_strings_are_numpy_s(version: str) -> None:
    """arrays.dtype_string_refusal: every string of the judged form that jnp.dtype takes under
    this release is taken, and the misspellings users write are refused with NumPy's text."""
    python = JAX_VENVS[version]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh to make the JAX {version} venv")
    texts = sorted({*arrays._DTYPE_WORDS, *MISSPELT, "a7", "Float32", "<f4", "S10", "float8_e4m3fn",
                    "datetime64[ns]"})
    done = subprocess.run([str(python), "-c", DTYPE_STRING_SCRIPT, json.dumps(texts)], capture_output=True,
                          text=True, timeout=300, env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    said_by = dict(zip(texts, json.loads(done.stdout), strict=True))
    # Refused by the table: NumPy refuses it with that text (silence where NumPy refuses is
    # a gap, not an error: 'a' / 'a7' are taken by 0.10.2's NumPy and refused by later ones).
    wrong = [f"{text!r}: NumPy {said!r}, table {arrays.dtype_string_refusal(text)!r}"
             for text, said in said_by.items()
             if arrays.dtype_string_refusal(text) is not None and arrays.dtype_string_refusal(text) != said]
    wrong += [f"{text!r}: not refused by the table" for text in MISSPELT
              if arrays.dtype_string_refusal(text) is None or said_by[text] is None]
    assert not wrong, "\n".join(wrong)
