"""The exact text the PAL001 quick fix writes, applied the way an editor applies it:
no second jax.jit around a jitted callable, an existing PartitionSpec alias reused (or
one import added after the imports), laid out to the line length of the file's
pyproject.toml (ruff, else black, else 88), and a plain-text title."""

from __future__ import annotations

from pathlib import Path

from lsp_helpers import apply_edits, edits_of, initialize, open_doc, wait_for_diagnostics
from lsprotocol import types
from pytest_lsp import LanguageClient
from support import EXAMPLES, FIXTURES

BARE_JIT = FIXTURES / "single" / "pal001" / "set_mesh_bare_jit.py"
BARE_JIT_LAUNCH = "        return jax.jit(call)(jnp.ones(SHAPE, jnp.float32))\n"
IMPORT = "from jax.sharding import PartitionSpec as P\n"


async def _fixed(
    client: LanguageClient, source: Path, folder: Path, pyproject: str | None = None
) -> tuple[str, str]:
    """(original text, text after the PAL001 quick fix) of a copy of ``source`` in ``folder``."""
    if pyproject is not None:
        (folder / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    text = source.read_text(encoding="utf-8")
    path = folder / source.name
    path.write_text(text, encoding="utf-8")
    await initialize(client, root=folder)
    uri = path.as_uri()
    open_doc(client, uri, text)
    diagnostics = await wait_for_diagnostics(client, uri, lambda d: "PAL001" in {x.code for x in d})
    target = next(d for d in diagnostics if d.code == "PAL001")
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=target.range,
            context=types.CodeActionContext(diagnostics=[target]),
        )
    )
    fix = next(a for a in result or [] if isinstance(a, types.CodeAction) and a.title.startswith("Launch"))
    assert fix.title == "Launch inside jax.shard_map over mesh"  # plain text: no backticks
    return text, apply_edits(text, edits_of(fix, uri))


def _with_import(text: str, after: str = "import jax.numpy as jnp\n") -> str:
    return text.replace(after, after + IMPORT, 1)


async def test_shard_map_goes_inside_the_existing_jit_and_p_is_imported(
    client: LanguageClient, tmp_path: Path
) -> None:
    text, fixed = await _fixed(client, BARE_JIT, tmp_path)
    # jax.jit(call) keeps its one jit; 12 + 78 columns: the shard_map fits on its own line.
    expected = _with_import(text, "from jax.experimental.pallas import mosaic_gpu as plgpu\n").replace(
        BARE_JIT_LAUNCH,
        "        return jax.jit(\n"
        "            jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)\n"
        "        )(jnp.ones(SHAPE, jnp.float32))\n",
    )
    assert fixed == expected


async def test_the_fix_follows_the_line_length_of_pyproject(client: LanguageClient, tmp_path: Path) -> None:
    text, fixed = await _fixed(client, BARE_JIT, tmp_path, "[tool.ruff]\nline-length = 140\n")
    expected = _with_import(text, "from jax.experimental.pallas import mosaic_gpu as plgpu\n").replace(
        BARE_JIT_LAUNCH,
        "        return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))"
        "(jnp.ones(SHAPE, jnp.float32))\n",
    )
    assert fixed == expected


async def test_a_narrow_black_setting_puts_one_argument_per_line(
    client: LanguageClient, tmp_path: Path
) -> None:
    text, fixed = await _fixed(client, BARE_JIT, tmp_path, "[tool.black]\nline-length = 60\n")
    expected = _with_import(text, "from jax.experimental.pallas import mosaic_gpu as plgpu\n").replace(
        BARE_JIT_LAUNCH,
        "        return jax.jit(\n"
        "            jax.shard_map(\n"
        "                call,\n"
        "                mesh=mesh,\n"
        "                in_specs=P(),\n"
        "                out_specs=P(),\n"
        "                check_vma=False,\n"
        "            )\n"
        "        )(jnp.ones(SHAPE, jnp.float32))\n",
    )
    assert fixed == expected


async def test_a_jitted_callable_gets_no_second_jit_and_the_p_alias_is_reused(
    client: LanguageClient, tmp_path: Path
) -> None:
    # signal_barrier.py binds P = jax.sharding.PartitionSpec; unsynced() returns jax.jit(...).
    text, fixed = await _fixed(client, EXAMPLES / "signal_barrier.py", tmp_path)
    expected = text.replace(
        "    unsynced()()  # the same kernel with no mesh\n",
        "    jax.shard_map(\n"
        "        unsynced(), mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False\n"
        "    )()  # the same kernel with no mesh\n",
    )
    assert fixed == expected


async def test_a_callable_jitted_where_it_is_defined_gets_shard_map_only(
    client: LanguageClient, tmp_path: Path
) -> None:
    # allreduce = jax.jit(plgpu.kernel(...)) at module level; the launch is allreduce(x).
    text, fixed = await _fixed(client, EXAMPLES / "allreduce_no_mesh.py", tmp_path)
    expected = _with_import(text, "from jax.experimental.pallas import mosaic_gpu as plgpu\n").replace(
        "        print(allreduce(jnp.ones(SHAPE, jnp.float32)))\n",
        "        print(jax.shard_map(\n"
        "            allreduce, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False\n"
        "        )(jnp.ones(SHAPE, jnp.float32)))\n",
    )
    assert fixed == expected
