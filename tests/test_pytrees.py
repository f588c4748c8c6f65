"""JAX's pytrees over the program's values (server/pallas_lsp/analysis/pytrees.py): what
``jax.tree_util`` / ``jax.tree`` give for each program below, as the model computes it, is what
each installed JAX release computes when it runs the same program (nothing lowered, no
kernel); a tree the model cannot know gives nothing, never a guess."""

from __future__ import annotations

import ast
import json
import subprocess
import time

import pytest
from fixture_markers import JAX_VENVS
from pallas_lsp.analysis.interpreter import Interpreter
from pallas_lsp.analysis.values import Const, ListVal, plain, unpack

pytestmark = pytest.mark.lowering

PROGRAM = '''
import collections
import jax


@jax.tree_util.register_pytree_node_class
class Tiles:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols

    def tree_flatten(self):
        return (self.rows, self.cols), "tiles"

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b


jax.tree_util.register_pytree_node(
    Pair, lambda p: ((p.b, p.a), None), lambda aux, kids: Pair(kids[1], kids[0]))
Point = collections.namedtuple("Point", "x y")


class Sub(Tiles):
    pass


DOUBLED = jax.tree_util.tree_map(lambda v: v * 2, Tiles(32, 64))
R1 = [DOUBLED.rows, DOUBLED.cols]
R2 = jax.tree_util.tree_leaves((1, [2, {"b": 3, "a": 4}], None, Point(5, 6)))
R3 = jax.tree.leaves(Pair(7, 8))
LEAVES, TREEDEF = jax.tree_util.tree_flatten({"z": Tiles(1, 2), "y": (3,)})
R4 = list(LEAVES)
BACK = jax.tree_util.tree_unflatten(TREEDEF, [10, 20, 30])
R5 = [BACK["z"].rows, BACK["z"].cols, BACK["y"][0]]
SUMS = jax.tree.map(lambda a, b: a + b, {"p": 1, "q": (2, 3)}, {"p": 10, "q": (20, 30)})
R6 = [SUMS["p"], SUMS["q"][0], SUMS["q"][1]]
R7 = len(jax.tree_util.tree_leaves(Sub(1, 2)))
MOVED = jax.tree_util.tree_map(lambda v: v + 1, Pair(1, 2))
R8 = [MOVED.a, MOVED.b]
R9 = jax.tree_util.tree_structure((1, (2, 3))).num_leaves
'''
NAMES = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"]


def _model() -> dict[str, object]:
    interp = Interpreter(ast.parse(PROGRAM), (0, 12, 0, 1), time.monotonic() + 60)
    interp.run()
    found: dict[str, object] = {}
    for name in NAMES:
        value = plain(interp.module_env.names[name])
        if isinstance(value, ListVal):
            value = value.snapshot()
        items = unpack(value) if not isinstance(value, Const) or isinstance(value.value, tuple) else None
        if items is not None:
            found[name] = [item.value if isinstance(item, Const) else None for item in items]
        else:
            found[name] = value.value if isinstance(value, Const) else None
    return found


def test_the_model_knows_every_tree_here() -> None:
    model = _model()
    assert all(value is not None for value in model.values()), model
    assert model["R2"] == [1, 2, 4, 3, 5, 6]  # dict keys sorted, None no leaf, a named tuple's fields


@pytest.mark.parametrize("version", sorted(JAX_VENVS))
def test_each_release_computes_the_same(version: str) -> None:
    python = JAX_VENVS[version]
    if not python.exists():
        pytest.skip(f"{python} is missing: run .ci/jax-envs.sh to make the JAX {version} venv")
    script = PROGRAM + f"\nimport json\nprint(json.dumps({{name: globals()[name] for name in {NAMES!r}}}))\n"
    done = subprocess.run([str(python), "-c", script], capture_output=True, text=True, timeout=300,
                          env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert _model() == json.loads(done.stdout)
