"""Deterministic generator of realistic Pallas Mosaic GPU kernel files.

    .venv/bin/python bench/generate.py --lines 2000 [--seed 0] [--bug-rate 0.25] > big.py
    .venv/bin/python bench/generate.py --workspace DIR --modules 200   # a kernel package

A file is a module header followed by blocks built from the patterns of the
shared examples (/work/shared/examples): all-reduce kernels under shard_map,
broadcasts over 2-D meshes, Lane kernels with and without a layout_cast,
multicast barriers, library helpers whose mesh is the caller's, launcher
classes, and plain host-side helpers (the non-kernel code real files carry).
About ``bug_rate`` of the kernel blocks hold one of the bugs the rules catch
(a launch with no mesh, collective axes that miss a mesh axis, a string axis,
a missing or splat layout, an unknown axis name). The same (lines, seed,
bug_rate) always gives the same text, with exactly ``lines`` lines.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

HEADER = '''"""Generated Pallas Mosaic GPU kernels (bench/generate.py, seed {seed})."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
'''

AXES = ("dev", "data", "model", "peers", "x", "y", "tp", "dp")
SHAPES = ((128, 128), (256, 128), (128, 256), (512, 128), (256, 256))
DTYPES = (("float32", 4), ("bfloat16", 8), ("float16", 8))


class Block(NamedTuple):
    """Source text, and the calls the module's ``__main__`` makes to run it."""

    text: str
    entries: list[str]


def _allreduce(i: int, rng: random.Random, bug: bool) -> Block:
    axis = rng.choice(AXES)
    shape = rng.choice(SHAPES)
    dtype, vec = rng.choice(DTYPES)
    launch = (
        f"    return jax.jit(plgpu.kernel(allreduce_kernel_{i}, out_type=out_type_{i}))"
        if bug else
        f"    kernel = plgpu.kernel(\n"
        f"        allreduce_kernel_{i},\n"
        f"        out_type=out_type_{i},\n"
        f"        compiler_params=plgpu.CompilerParams(\n"
        f"            lowering_semantics=plgpu.LoweringSemantics.Lane\n"
        f"        ),\n"
        f"    )\n"
        f"    return jax.jit(\n"
        f"        jax.shard_map(kernel, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)\n"
        f"    )"
    )
    return Block(f'''

SHAPE_{i} = {shape}
out_type_{i} = jax.ShapeDtypeStruct(SHAPE_{i}, jnp.{dtype})


def allreduce_kernel_{i}(x_ref, y_ref):
    """All-reduce of one {shape[0]}x{shape[1]} tile over "{axis}"."""
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("{axis}",), reduction_op="add"),
        plgpu.Layout.WG_STRIDED(SHAPE_{i}, vec_size={vec}),
    )


def build_allreduce_{i}(mesh):
{launch}


def run_allreduce_{i}():
    mesh = jax.make_mesh((jax.device_count(),), ("{axis}",))
    x = jnp.ones(SHAPE_{i}, jnp.{dtype})
    return build_allreduce_{i}(mesh)(x)
''', [f"run_allreduce_{i}()"])


def _broadcast(i: int, rng: random.Random, bug: bool) -> Block:
    first, second = rng.sample(AXES, 2)
    axes = f'("{first}",)' if bug else f'("{first}", "{second}")'
    rows = rng.choice((64, 128))
    return Block(f'''

def broadcast_kernel_{i}(y_ref):
    @pl_when_leader_{i}
    def _():
        tile = plgpu.layout_cast(
            lax.broadcasted_iota(jnp.int32, ({rows}, 128), 1), plgpu.Layout.WGMMA
        )
        plgpu.multimem_store(tile, y_ref, {axes})


def pl_when_leader_{i}(f):
    return pl.when((lax.axis_index("{first}") == 0) & (lax.axis_index("{second}") == 0))(f)


def make_mesh_{i}():
    devices = np.array(jax.devices()[:4]).reshape(2, 2)
    return jax.sharding.Mesh(devices, ("{first}", "{second}"))


@functools.cache
def broadcast_fn_{i}():
    call = plgpu.kernel(
        broadcast_kernel_{i}, out_type=jax.ShapeDtypeStruct(({rows}, 128), jnp.int32)
    )
    return jax.jit(
        jax.shard_map(call, mesh=make_mesh_{i}(), in_specs=(), out_specs=P(), check_vma=False)
    )
''', [f"broadcast_fn_{i}()()"])


def _string_axis(i: int, rng: random.Random, bug: bool) -> Block:
    axis = rng.choice(("data", "model", "peers", "tp"))
    axes = f"AXIS_{i}" if bug else f"(AXIS_{i},)"
    return Block(f'''

AXIS_{i} = "{axis}"


def store_kernel_{i}(y_ref):
    tile = plgpu.layout_cast(lax.broadcasted_iota(jnp.int32, (128, 128), 0), plgpu.Layout.WGMMA)
    plgpu.multimem_store(tile, y_ref, collective_axes={axes})


def run_store_{i}():
    mesh = jax.sharding.Mesh(jax.devices()[:2], (AXIS_{i},))
    call = plgpu.kernel(store_kernel_{i}, out_type=jax.ShapeDtypeStruct((128, 128), jnp.int32))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))
    return f()
''', [f"run_store_{i}()"])


def _lane_reduce(i: int, rng: random.Random, bug: bool) -> Block:
    axis = rng.choice(AXES)
    shape = rng.choice(SHAPES)
    body = (
        f"    total = plgpu.multimem_load_reduce(x_ref, collective_axes=(\"{axis}\",), "
        f"reduction_op=\"add\")\n    o_ref[...] = total"
        if bug else
        f"    total = plgpu.multimem_load_reduce(x_ref, collective_axes=(\"{axis}\",), "
        f"reduction_op=\"add\")\n"
        f"    o_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED({shape}, vec_size=4))"
    )
    return Block(f'''

def reduce_kernel_{i}(x_ref, o_ref):
{body}


def run_reduce_{i}(x, mesh):
    call = plgpu.kernel(
        reduce_kernel_{i},
        out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(x)


def main_reduce_{i}():
    mesh = jax.make_mesh((2,), ("{axis}",))
    return run_reduce_{i}(jnp.zeros({shape}, jnp.float32), mesh)
''', [f"main_reduce_{i}()"])


def _splat(i: int, rng: random.Random, bug: bool) -> Block:
    axis = rng.choice(AXES)
    layout = ("plgpu.Layout.WG_SPLAT((128, 128))" if bug
              else "plgpu.Layout.WG_STRIDED((128, 128), vec_size=8)")
    return Block(f'''

def max_kernel_{i}(x_ref, o_ref):
    o_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(x_ref, collective_axes=("{axis}",), reduction_op="max"),
        {layout},
    )


def run_max_{i}():
    mesh = jax.make_mesh((2,), ("{axis}",))
    call = plgpu.kernel(max_kernel_{i}, out_type=jax.ShapeDtypeStruct((128, 128), jnp.bfloat16))
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    return f(jnp.zeros((128, 128), jnp.bfloat16))
''', [f"run_max_{i}()"])


def _barrier(i: int, rng: random.Random, bug: bool) -> Block:
    axis = rng.choice(AXES)
    unsynced = (f"\n\ndef unsynced_{i}():\n    return jax.jit(barrier_call_{i}())\n" if bug else "")
    return Block(f'''

def barrier_kernel_{i}(o_ref, sem):
    plgpu.semaphore_signal_multicast(sem, collective_axes="{axis}")
    pl.semaphore_wait(sem, 2)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)


def barrier_call_{i}():
    return plgpu.kernel(
        barrier_kernel_{i},
        out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
        scratch_types=[plgpu.SemaphoreType.REGULAR],
    )


def synced_{i}(mesh):
    return jax.jit(
        jax.shard_map(barrier_call_{i}(), mesh=mesh, in_specs=(), out_specs=P(), check_vma=False)
    )
{unsynced}''', [f"synced_{i}(jax.make_mesh((2,), (\"{axis}\",)))()"] + ([f"unsynced_{i}()()"] if bug else []))


def _axis_index(i: int, rng: random.Random, bug: bool) -> Block:
    axis = rng.choice(AXES)
    used = f"{axis}_typo" if bug else axis
    return Block(f'''

def rank_kernel_{i}(o_ref):
    me = lax.axis_index("{used}")
    o_ref[...] = jnp.full(o_ref.shape, me, o_ref.dtype)


def run_rank_{i}():
    mesh = jax.make_mesh((2,), ("{axis}",))
    call = plgpu.kernel(rank_kernel_{i}, out_type=jax.ShapeDtypeStruct((128,), jnp.int32))
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=P(), check_vma=False))()
''', [f"run_rank_{i}()"])


def _library(i: int, rng: random.Random, bug: bool) -> Block:
    vec = rng.choice((2, 4, 8))
    return Block(f'''

def reduce_scatter_{i}(x, *, axis_name, reduction="add"):
    """Reduce-scatter over the caller's axis: nothing here can be judged wrong."""
    n = lax.axis_size(axis_name)
    rows = x.shape[0] // n

    def kernel(x_ref, y_ref):
        me = lax.axis_index(axis_name)
        part = x_ref.at[pl.ds(me * rows, rows)]
        y_ref[...] = plgpu.layout_cast(
            plgpu.multimem_load_reduce(part, collective_axes=axis_name, reduction_op=reduction),
            plgpu.Layout.WG_STRIDED((rows, x.shape[1]), vec_size={vec}),
        )

    return plgpu.kernel(
        kernel, out_type=jax.ShapeDtypeStruct((rows, x.shape[1]), x.dtype)
    )(x)
''', [])


def _launcher_class(i: int, rng: random.Random, bug: bool) -> Block:
    axis = rng.choice(AXES)
    return Block(f'''

@dataclasses.dataclass(frozen=True)
class Collective{i}:
    """Launch settings for one collective, as a model's config would hold them."""

    axis: str = "{axis}"
    rows: int = {rng.choice((64, 128, 256))}
    cols: int = 128

    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    def bytes(self, itemsize: int = 4) -> int:
        return self.rows * self.cols * itemsize

    def describe(self) -> str:
        return f"{{self.axis}}: {{self.rows}}x{{self.cols}} ({{self.bytes()}} bytes)"
''', [f"print(Collective{i}().describe())"])


def _host_helpers(i: int, rng: random.Random, bug: bool) -> Block:
    factor = rng.randint(2, 16)
    return Block(f'''

def tile_counts_{i}(shape, tile=(128, 128)):
    """How many tiles of ``tile`` cover ``shape`` (rounded up)."""
    rows = -(-shape[0] // tile[0])
    cols = -(-shape[1] // tile[1])
    return rows, cols


def pad_to_{i}(x, multiple={factor}):
    rows = -(-x.shape[0] // multiple) * multiple
    if rows == x.shape[0]:
        return x
    return jnp.pad(x, ((0, rows - x.shape[0]), (0, 0)))


def schedule_{i}(steps):
    order = []
    for step in range(steps):
        if step % {factor} == 0:
            order.append(("sync", step))
        else:
            order.append(("compute", step))
    return order
''', [f"print(schedule_{i}(4), tile_counts_{i}((256, 256)))"])


BLOCKS: tuple[Callable[[int, random.Random, bool], Block], ...] = (
    _allreduce, _broadcast, _string_axis, _lane_reduce, _splat, _barrier, _axis_index,
    _library, _launcher_class, _host_helpers,
)
_NEVER_BUGGY = {_library, _launcher_class, _host_helpers}


def generate(lines: int, seed: int = 0, bug_rate: float = 0.25) -> str:
    """A module of exactly ``lines`` lines (at least the header's and footer's)."""
    rng = random.Random(seed)
    parts = [HEADER.format(seed=seed)]
    entries: list[str] = []
    count = parts[0].count("\n")
    index = 0
    while True:
        make = BLOCKS[index % len(BLOCKS)] if index < len(BLOCKS) else rng.choice(BLOCKS)
        bug = make not in _NEVER_BUGGY and rng.random() < bug_rate
        block = make(index, rng, bug)
        # The footer: two blank lines, the __main__ guard, one line per entry call.
        footer_lines = 3 + max(len(entries) + len(block.entries), 1)
        if count + block.text.count("\n") + footer_lines > lines:
            break
        parts.append(block.text)
        entries.extend(block.entries)
        count += block.text.count("\n")
        index += 1
    calls = entries or ["pass"]
    footer = "\n\nif __name__ == \"__main__\":\n" + "".join(f"    {call}\n" for call in calls)
    # Fill the rest with module constants, so the size is exact.
    filler = max(lines - count - footer.count("\n"), 0)
    parts.append("".join(f"TUNING_{n} = {rng.randint(1, 1 << 16)}\n" for n in range(filler)))
    return "".join(parts) + footer


LAUNCHER = '''"""Launches the all-reduce kernel of {module} from another module (seed {seed})."""
import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

from {module} import SHAPE_0, allreduce_kernel_0, out_type_0

P = jax.sharding.PartitionSpec


def build(mesh):
    kernel = plgpu.kernel(
        allreduce_kernel_0,
        out_type=out_type_0,
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    return jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))


if __name__ == "__main__":
    mesh = jax.make_mesh((2,), ("{axis}",))
    print(build(mesh)(jnp.ones(SHAPE_0, jnp.float32)))
'''


def workspace_files(modules: int, seed: int = 0) -> dict[str, str]:
    """File name -> text of a kernel package: modules of 100-400 lines, and every tenth one a
    launcher that imports the previous module's kernel and runs it under its own mesh (half
    of them over an axis that kernel does not name: a finding in the other file)."""
    files: dict[str, str] = {}
    for n in range(modules):
        if n % 10 == 9:
            module = f"kernels_{n - 1:03d}"
            axis = "dev" if n % 20 == 9 else "launcher_axis"
            files[f"launch_{n:03d}.py"] = LAUNCHER.format(module=module, seed=seed + n, axis=axis)
        else:
            lines = 100 + (n * 37) % 301
            files[f"kernels_{n:03d}.py"] = generate(lines, seed=seed + n)
    return files


def write_workspace(folder: Path, modules: int, seed: int = 0) -> list[Path]:
    """Write ``workspace_files(modules, seed)`` under ``folder``; the paths, in order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in workspace_files(modules, seed).items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bug-rate", type=float, default=0.25)
    parser.add_argument("--workspace", type=Path, help="write a folder of modules instead")
    parser.add_argument("--modules", type=int, default=200)
    args = parser.parse_args(argv)
    if args.workspace is not None:
        write_workspace(args.workspace, args.modules, args.seed)
        return 0
    sys.stdout.write(generate(args.lines, args.seed, args.bug_rate))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
