"""The value model's limits, judged through findings: where a dtype, a width or a
generator's items cannot be known for sure, the analysis stays silent (issue 11,
docs/design.md change 18). The bad twins of each mechanism are functional fixtures
proven by real lowering (pal006/, pal007/); these are the cases that must NOT fire,
next to one that must, so that each test fails if the mechanism is lost or
over-reaches.
"""

from __future__ import annotations

import pytest
from pallas_lsp.analysis import Options, analyze, parse_jax_version

HEADER = '''
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def launch(dtype, op, vec_size, mesh):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=vec_size))

    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype),
                        compiler_params=plgpu.CompilerParams(
                            lowering_semantics=plgpu.LoweringSemantics.Lane))
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(
        jnp.ones(SHAPE, dtype))


mesh = jax.make_mesh((2,), ("x",))
'''


def codes(body: str) -> list[str]:
    analysis = analyze(HEADER + body, Options(jax_version=parse_jax_version("0.12.0.1")))
    return sorted(f.code for f in analysis.findings)


CASES = {
    # A float32 min is refused: the mechanism fires where it is sure ...
    "generator, every yield sure": ("""
def ops():
    yield "add"
    yield "min"
for op in ops():
    launch(jnp.float32, op, 4, mesh)
""", ["PAL006"]),
    # ... and not where a yield may not run, or the interpreter ran past a `break`.
    "generator, yield under an undecided branch": ("""
import sys
def ops():
    yield "add"
    if len(sys.argv) > 3:
        yield "min"
for op in ops():
    launch(jnp.float32, op, 4, mesh)
""", []),
    "generator, yield after a break": ("""
def ops():
    for op in ("add", "stop", "min"):
        if op == "stop":
            break
        yield op
for op in ops():
    launch(jnp.float32, op, 4, mesh)
""", []),
    "generator iterated twice: the second loop sees it used up": ("""
def ops():
    yield "add"
    yield "min"
first = list(ops())
gen = ops()
warm = tuple(gen)
for op in gen:
    launch(jnp.float32, op, 4, mesh)
""", []),
    # float32 with vec_size 8 is 256 bits: PAL007 ...
    "dtype from itemsize arithmetic": ("""
launch(jnp.float32, "add", 32 // jnp.dtype(jnp.float32).itemsize, mesh)
""", ["PAL007"]),
    # ... but a 64-bit dtype may be 32-bit (x64 off): float64 with vec_size 4 is unknown.
    "64-bit dtypes are not known": ("""
x = jnp.ones(SHAPE, jnp.float64)
launch(x.dtype, "add", 4, mesh)
""", []),
    # numpy does not call bfloat16 floating; jnp does: only jnp's answer is used.
    "np.issubdtype of an ml_dtypes type is not decided": ("""
vec = 8 if np.issubdtype(jnp.bfloat16, np.floating) else 1
launch(jnp.bfloat16, "add", vec, mesh)
""", []),
    "jnp.issubdtype decides": ("""
vec = 8 if jnp.issubdtype(jnp.bfloat16, jnp.floating) else 1
launch(jnp.bfloat16, "add", 8 // vec, mesh)
""", ["PAL007"]),
    # "float" is float64 to numpy: not float32.
    "dtype strings are numpy's": ("""
op = "min" if jnp.dtype(jnp.float32) == "float" else "add"
launch(jnp.float32, op, 4, mesh)
""", []),
    # A closure reads its enclosing function's names at its call: a loop that rebinds one
    # gives each pass's call that pass's value, never the first pass's memoised result.
    "a nested def reads the rebound loop variable": ("""
def sweep():
    for op in ("add", "min"):
        def go():
            return launch(jnp.float32, op, 4, mesh)
        go()
sweep()
""", ["PAL006"]),
    "a lambda reads the rebound loop variable": ("""
def sweep():
    for op in ("add", "min"):
        go = lambda: launch(jnp.float32, op, 4, mesh)
        go()
sweep()
""", ["PAL006"]),
    # Recursion is followed while each call's arguments differ from the running ones' ...
    "a recursive countdown picks the op": ("""
def pick(n, ops):
    return ops[0] if n == 0 else pick(n - 1, ops[1:])
launch(jnp.float32, pick(2, ("add", "max", "min")), 4, mesh)
""", ["PAL006"]),
    # ... and not where the same arguments come again (it would never end) or past the depth.
    "recursion with the same arguments: unknown": ("""
def pick(n):
    return pick(n) if n else "min"
launch(jnp.float32, pick(1), 4, mesh)
""", []),
    "recursion deeper than the call depth: unknown": ("""
def pick(n):
    return "min" if n == 0 else pick(n - 1)
launch(jnp.float32, pick(500), 4, mesh)
""", []),
    # JAX's lattice: an integer array with a Python float is a weak float of the default
    # width: float32 with x64 off (the program says nothing of it) ...
    "an int array times a float is float32 with x64 off": ("""
x = jnp.ones(SHAPE, jnp.int32) * 0.5
launch(x.dtype, "add", 8, mesh)
""", ["PAL007"]),
    # ... and unknown where the program may turn x64 on.
    "an int array times a float where x64 may be on: dtype unknown": ("""
import os
os.environ.setdefault("JAX_ENABLE_X64", os.environ.get("WANT_X64", "0"))
x = jnp.ones(SHAPE, jnp.int32) * 0.5
launch(x.dtype, "add", 8, mesh)
""", []),
    # jnp.array of Python numbers: int32 for ints, float32 with a float (x64 off) ...
    "jnp.array of Python numbers takes JAX's default dtypes": ("""
ints, floats = jnp.array([1, 2]), jnp.array([[1, 2.5]])
launch(floats.dtype, "add", 8 if ints.dtype == jnp.int32 else 4, mesh)
""", ["PAL007"]),
    # ... unknown where x64 may be on.
    "jnp.array of Python numbers where x64 may be on: dtype unknown": ("""
import os
os.environ.setdefault("JAX_ENABLE_X64", os.environ.get("WANT_X64", "0"))
floats = jnp.array([1, 2.5])
launch(floats.dtype, "add", 8, mesh)
""", []),
    # NumPy broadcasting of two known shapes ...
    "shapes broadcast as NumPy's": ("""
op = "min" if (jnp.zeros((4, 1)) + jnp.zeros((1, 8))).shape == (4, 8) else "add"
launch(jnp.float32, op, 4, mesh)
""", ["PAL006"]),
    # ... and none for shapes that do not broadcast (JAX raises there).
    "shapes that do not broadcast: unknown": ("""
op = "min" if (jnp.zeros((4,)) < jnp.zeros((3,))).shape == (4,) else "add"
launch(jnp.float32, op, 4, mesh)
""", []),
    "an int array times a float with x64 turned on: float64": ("""
jax.config.update("jax_enable_x64", True)
x = jnp.ones(SHAPE, jnp.int32) * 0.5
launch(x.dtype, "add", 2, mesh)
""", []),
}


@pytest.mark.parametrize("name", list(CASES))
def test_value_model(name: str) -> None:
    body, want = CASES[name]
    assert codes(body) == want
