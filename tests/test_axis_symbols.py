"""The core's axis symbols (analysis/axis_trace, axis_symbols, axis_graph): which literals
a run ties together, and when rename must refuse. The editor face is tested in
tests/lsp/test_axes.py; real lowering of every renamed fixture in
tests/lowering/test_axis_rename.py."""

from __future__ import annotations

import textwrap

import pytest
from pallas_lsp.analysis.axis_graph import AxisGraph
from rename_all import AXES, apply, graph_of, program_texts

HEAD = '''import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)
'''


def program(body: str) -> dict[str, str]:
    return {"prog.py": HEAD + textwrap.dedent(body)}


def site(graph: AxisGraph, texts: dict[str, str], needle: str, nth: int = 0, path: str = "prog.py"):
    text = texts[path]
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    col = len(text[text.rfind("\n", 0, index) + 1:index].encode()) + 1
    found = graph.site_at(path, line, col)
    assert found is not None, (needle, line, col)
    return found


def lines_of(spans) -> list[int]:
    return sorted(span.line for span in spans)


def test_uses_tie_to_the_mesh_of_their_launch_not_to_equal_strings() -> None:
    texts = program_texts(AXES / "two_files")
    graph = graph_of(texts)
    main = str(AXES / "two_files" / "main.py")
    kernels = str(AXES / "two_files" / "kernels.py")
    big = graph.symbol(site(graph, texts, '"data", "model")', path=main))
    ring = graph.symbol(site(graph, texts, '("data",))', path=main))
    assert [(s.span.path, s.span.line) for s in big.uses] == [(kernels, 11)]
    assert [(s.span.path, s.span.line) for s in ring.uses] == [(kernels, 15), (kernels, 17)]
    assert big.definitions[0].size == 2 and ring.definitions[0].role == "mesh axis"


def test_axis_names_read_from_the_mesh_need_no_edit() -> None:
    texts = program('''
        def kernel(x_ref, y_ref):
            plgpu.multimem_store(x_ref[...], y_ref, AXES)


        if __name__ == "__main__":
            mesh = jax.make_mesh((2,), ("rows",))
            AXES = tuple(mesh.axis_names)
            call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
            f = jax.shard_map(call, mesh=mesh, in_specs=P("rows"), out_specs=P("rows"), check_vma=False)
            print(jax.jit(f)(jnp.ones(SHAPE, jnp.float32)))
        ''')
    graph = graph_of(texts)
    target = site(graph, texts, '("rows",)')
    plan = graph.rename(target, "cols", texts)
    assert plan.refusal is None
    renamed = apply(texts, list(plan.edits))["prog.py"]
    assert renamed.count('"cols"') == 3 and '"rows"' not in renamed  # the mesh and both specs


def test_grid_names_bind_axis_index_in_their_kernel() -> None:
    texts = program('''
        def kernel(x_ref, y_ref):
            y_ref[...] = x_ref[...] + lax.axis_index("blocks")


        if __name__ == "__main__":
            call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32),
                                grid=(4,), grid_names=("blocks",))
            print(jax.jit(call)(jnp.ones(SHAPE, jnp.float32)))
        ''')
    graph = graph_of(texts)
    symbol = graph.symbol(site(graph, texts, '"blocks")'))
    assert [d.role for d in symbol.definitions] == ["grid name"]
    assert symbol.definitions[0].size == 4
    assert lines_of(s.span for s in symbol.uses) == [10]


@pytest.mark.parametrize(("extra", "why"), [
    ('print("rows")\n', "not tied to this axis or to any other"),
    ('AXIS = "ro" + "ws"\n', None),  # no literal equals the name: nothing stands in the way
])
def test_an_equal_string_nothing_ties_blocks_rename(extra: str, why: str | None) -> None:
    texts = program('''
        def kernel(x_ref, y_ref):
            plgpu.multimem_store(x_ref[...], y_ref, ("rows",))


        if __name__ == "__main__":
            mesh = jax.make_mesh((2,), ("rows",))
            call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
            print(jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(
                jnp.ones(SHAPE, jnp.float32)))
        ''')
    texts["prog.py"] += extra
    graph = graph_of(texts)
    plan = graph.rename(site(graph, texts, '("rows",))'), "cols", texts)
    if why is None:
        assert plan.refusal is None and len(plan.edits) == 2
    else:
        assert plan.refusal is not None and why in plan.refusal and "prog.py:" in plan.refusal


def test_letters_of_a_multimem_string_block_rename() -> None:
    texts = program('''
        def kernel(x_ref, y_ref):
            plgpu.multimem_store(x_ref[...], y_ref, "xy")


        if __name__ == "__main__":
            mesh = jax.make_mesh((2, 2), ("x", "y"))
            call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.float32))
            print(jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(
                jnp.ones(SHAPE, jnp.float32)))
        ''')
    graph = graph_of(texts)
    plan = graph.rename(site(graph, texts, '("x", "y")'), "rows", texts)
    assert plan.refusal is not None and "letter by letter" in plan.refusal


def test_a_new_name_must_be_a_plain_string() -> None:
    texts = program_texts(AXES / "two_files")
    graph = graph_of(texts)
    main = str(AXES / "two_files" / "main.py")
    plan = graph.rename(site(graph, texts, '"data", "model")', path=main), 'da"ta', texts)
    assert plan.refusal is not None and "without quotes" in plan.refusal
