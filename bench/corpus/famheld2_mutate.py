"""One-edit mutations for the second held-out families corpus `famheld2` (issue 27): the families of
the newest checks (semaphores, TMA copy windows, wgmma limits, accumulator stores, bitcasts, 8-bit
arithmetic, pl.pallas_call's arguments, layout_cast of scalars), written from JAX's own checks
(jax/_src/pallas/{primitives,pallas_call,core}.py, jax/_src/pallas/mosaic_gpu/{primitives,lowering}.py,
jax/experimental/mosaic/gpu/{wgmma,launch_context}.py) and nothing else.

Each operator is one edit on one line, the value edited where it is written, a mistake a kernel author
plausibly makes: a semaphore array where one semaphore is meant, an index dropped from a semaphore
array, a DMA semaphore type, a GPU-scoped signal to a remote device, TPU's core_index; a strided or
odd-width GMEM window, a multicast over a cluster axis the kernel lacks; a wgmma accumulator of
another dtype, an N beyond 256 or off the multiple of 8, a transposed operand; a store into the
accumulator of the wrong dtype, through an index or the drain written the wrong way round; a
bitcast to a type of another width; an 8-bit
dtype where arithmetic follows; an input_output_aliases index off by one or an alias added, a grid
moved into a GridSpec beside in_specs, an in_specs list unwrapped or made a tuple; a scalar handed to
layout_cast. Nothing here decides whether a mutant fails: label.py lowers each one under real JAX,
and a mutant that still lowers is a clean negative.
"""

from __future__ import annotations

import re

from famheld_mutate import Edit, Mutant, one_edit_mutants

# ---------------------------------------------------------------- semaphore
# primitives.py's _check_semaphore: a non-semaphore ref, a non-()-shaped semaphore, a type it does not
# take; mosaic_gpu/primitives.py: memory_scope="gpu" with a device_id, core_index.


def _sem_array(m: re.Match) -> str:
    # One semaphore written as an array of two (the shape of SemaphoreType.REGULAR((4,)) elsewhere).
    return f"{m.group(1)}((2,))"


def _sem_index_dropped(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}"


def _sem_float(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}.0"


def _sem_scope_gpu(m: re.Match) -> str:
    return f"{m.group(1)}\"gpu\""


def _sem_remote_gpu_scope(m: re.Match) -> str | None:
    args = m.group(2)
    if "device_id" not in args or "memory_scope" in args:
        return None
    return f"plgpu.semaphore_signal({args}, memory_scope=\"gpu\")"


def _sem_core_index(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}, core_index=0)"


# ---------------------------------------------------------------- TMA copy windows
# launch_context.py: the GMEM window's last stride must be 1 and the others multiples of 16 bytes;
# a multicast copy splits over the named cluster axis.


def _window_strided(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}, 2)"


def _odd_minor(m: re.Match) -> str | None:
    # An array whose minor dimension is a few elements off (a row of 8 bytes more): its other strides
    # are then no multiple of 16 bytes.
    value = int(m.group(2))
    return None if value < 16 or value % 16 else f"{m.group(1)}{value + 4}{m.group(3)}"


def _multicast_added(m: re.Match) -> str | None:
    args = m.group(2)
    if "collective_axes" in args:
        return None
    return f"{m.group(1)}{args}, collective_axes=\"cluster\")"


# ---------------------------------------------------------------- wgmma
# wgmma.py: the accumulator's type per element type, N a multiple of 8 and at most 256, transposes
# only for 16-bit operands.

ACC_SWAP = {"float32": "int32", "int32": "float32", "float16": "bfloat16"}


def _acc_dtype(m: re.Match) -> str | None:
    new = ACC_SWAP.get(m.group(2))
    return None if new is None else f"{m.group(1)}{new}"


def _n_too_large(m: re.Match) -> str | None:
    value = int(m.group(2))
    return f"{m.group(1)}{value * 4}" if value in (64, 128, 256) else None


def _n_off_eight(m: re.Match) -> str | None:
    value = int(m.group(2))
    return f"{m.group(1)}{value + 4}" if value in (32, 64, 128, 256) else None


def _rhs_transposed(m: re.Match) -> str:
    return f"{m.group(1)}plgpu.transpose_ref({m.group(2)}, (1, 0)){m.group(3)}"


def _transpose_dropped(m: re.Match) -> str:
    return m.group(1)


# ---------------------------------------------------------------- accumulator stores
# mosaic_gpu/core.py and primitives.py: a store into a WGMMA accumulator takes no index and a value of
# the accumulator's shape and dtype.


def _acc_store_dtype(m: re.Match) -> str:
    return f"{m.group(1)}({m.group(2).strip()}).astype(jnp.float16)"


def _acc_store_swapped(m: re.Match) -> str:
    # The drain written the wrong way round: the output stored into the accumulator.
    return f"{m.group(1)}{m.group(3)}[...] = {m.group(2)}[...]{m.group(4) or ''}"


def _acc_store_indexed(m: re.Match) -> str:
    return f"{m.group(1)}[:64]{m.group(2)}"


# ---------------------------------------------------------------- bitcasts
# lowering.py's bitcast rules: the widths of both types must agree.

BITCAST_WIDTH = {"int16": "int32", "float16": "float32", "bfloat16": "int32", "int32": "int16",
                 "float32": "float16", "uint32": "uint16", "uint16": "uint8", "int8": "int16",
                 "uint8": "uint16"}


def _bitcast_width(m: re.Match) -> str | None:
    new = BITCAST_WIDTH.get(m.group(2))
    return None if new is None else f"{m.group(1)}{new}"


# ---------------------------------------------------------------- 8-bit arithmetic
# fragmented_array.py's arithmetic on 8-bit registers.

def _to_int8(m: re.Match) -> str | None:
    return None if m.group(2) in ("int8", "uint8") else f"{m.group(1)}int8"


# ---------------------------------------------------------------- pl.pallas_call's arguments
# pallas_call.py: input_output_aliases' indices in range and of matching avals; grid_spec beside
# grid / in_specs / out_specs / scratch_shapes; core.py: in_specs a tuple or a list.


def _alias_input_off(m: re.Match) -> str:
    return f"{m.group(1)}{int(m.group(2)) + 1}{m.group(3)}"


def _alias_output_off(m: re.Match) -> str:
    return f"{m.group(1)}{int(m.group(2)) + 1}"


def _grid_to_grid_spec(m: re.Match) -> str:
    return f"grid_spec=pl.GridSpec(grid={m.group(1)})"


def _in_specs_tuple(m: re.Match) -> str:
    return f"{m.group(1)}({m.group(2)},)"


def _in_specs_bare(m: re.Match) -> str | None:
    inner = m.group(2)
    # One spec only (a top-level comma would make it a tuple: no edit).
    depth = 0
    for char in inner:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            return None
    return f"{m.group(1)}{inner}"


# ---------------------------------------------------------------- layout_cast of scalars
# lowering.py's layout_cast: the operand is an array value in registers.


def _layout_cast_reduced(m: re.Match) -> str:
    return f"{m.group(1)}jnp.sum({m.group(2)}),"


ARGS = r"([^()]*(?:\([^()]*\)[^()]*)*)"  # call arguments with one level of nested parentheses

EDITS: tuple[Edit, ...] = (
    # semaphore
    ("semaphore.array_for_one", re.compile(r"(SemaphoreType\.REGULAR)(?![\w(])"), _sem_array),
    ("semaphore.index_dropped",
     re.compile(r"((?:pl|plgpu)\.semaphore_(?:signal|wait)\()([\w]+)\.at\[[^\]]*\]"), _sem_index_dropped),
    ("semaphore.dma_type", re.compile(r"(Semaphore)Type\.REGULAR\b"), lambda m: f"{m.group(1)}Type.DMA"),
    ("semaphore.float_count",
     re.compile(r"((?:pl|plgpu)\.semaphore_(?:signal|wait)\([\w.\[\]]+,\s*(?:inc=|value=)?)(\d+)\b"),
     _sem_float),
    ("semaphore.gpu_scope", re.compile(r"(memory_scope\s*=\s*)\"sys\""), _sem_scope_gpu),
    ("semaphore.remote_gpu_scope", re.compile(r"(pl\.semaphore_signal\()" + ARGS + r"\)"),
     _sem_remote_gpu_scope),
    ("semaphore.core_index", re.compile(r"(pl\.semaphore_(?:signal|wait)\()" + ARGS + r"\)"),
     _sem_core_index),
    # copy windows
    ("tma_window.strided_slice",
     re.compile(r"(plgpu\.copy_(?:gmem_to_smem|smem_to_gmem)\(.*?pl\.ds\()([^(),]+,[^(),]+)\)"),
     _window_strided),
    ("tma_window.odd_minor_dim",
     re.compile(r"((?:ShapeDtypeStruct|jnp\.(?:ones|zeros|empty))\(\([^()]*?,\s*)(\d+)(\s*\))"), _odd_minor),
    ("tma_window.multicast_added", re.compile(r"(plgpu\.copy_gmem_to_smem\()" + ARGS + r"\)"),
     _multicast_added),
    # wgmma
    ("wgmma.acc_dtype", re.compile(r"(plgpu\.ACC(?:\.init)?\(.*?jnp\.)(float32|int32|float16)\b"),
     _acc_dtype),
    ("wgmma.n_too_large", re.compile(r"(\b(?:n|N|tile_n|block_n|n_tile|tn)\s*=\s*)(\d+)\b"), _n_too_large),
    ("wgmma.n_off_eight", re.compile(r"(\b(?:n|N|tile_n|block_n|n_tile|tn)\s*=\s*)(\d+)\b"), _n_off_eight),
    ("wgmma.rhs_transposed",
     re.compile(r"(plgpu\.wgmma\(\w+,\s*[\w.\[\]]+,\s*)([\w.]+(?:\[[^\]]*\])?)(\s*[,)])"), _rhs_transposed),
    ("wgmma.transpose_dropped", re.compile(r"plgpu\.transpose_ref\(([\w.\[\]]+),\s*\(1,\s*0\)\)"),
     _transpose_dropped),
    # accumulator stores
    ("acc_store.value_dtype", re.compile(r"^(\s*\w*acc\w*\[\.\.\.\]\s*=\s*)(.+?)(?=\s*$)"), _acc_store_dtype),
    ("acc_store.direction_swapped",
     re.compile(r"^(\s*)(\w+)\[\.\.\.\]\s*=\s*(\w*acc\w*)\[\.\.\.\](\.astype\([^()]*\))?(?=\s*$)"),
     _acc_store_swapped),
    ("acc_store.indexed", re.compile(r"^(\s*\w*acc\w*)\[\.\.\.\](\s*[+]?=(?!=))"), _acc_store_indexed),
    # bitcasts
    ("bitcast.width", re.compile(r"(bitcast(?:_convert_type)?\(.*?,\s*(?:dtype=)?jnp\.)(\w+)\b"),
     _bitcast_width),
    ("bitcast.param_width",
     re.compile(r"(test_bitcast\w*\(.*?jnp\.)(\w+)\b"), _bitcast_width),
    # 8-bit arithmetic
    ("int8_arith.input_dtype",
     re.compile(r"((?:jnp\.(?:ones|zeros|full|arange)|ShapeDtypeStruct)\(.*?jnp\.)(float16|bfloat16|int16|int32)\b"),
     _to_int8),
    ("int8_arith.astype", re.compile(r"(\.astype\(jnp\.)(float16|bfloat16|int16|int32|float32)\b"), _to_int8),
    # pl.pallas_call's arguments
    ("pallas_call.alias_input_index", re.compile(r"(input_output_aliases\s*=\s*\{\s*)(\d+)(\s*:)"),
     _alias_input_off),
    ("pallas_call.alias_output_index", re.compile(r"(input_output_aliases\s*=\s*\{\s*\d+\s*:\s*)(\d+)"),
     _alias_output_off),
    ("pallas_call.alias_added", re.compile(r"(?<![\w.])()(?=out_shape\s*=)"),
     lambda m: "input_output_aliases={0: 0}, "),
    ("pallas_call.grid_to_grid_spec", re.compile(r"\bgrid\s*=\s*(\([^()]*\)|\w+)"), _grid_to_grid_spec),
    ("pallas_call.in_specs_tuple", re.compile(r"(\bin_specs\s*=\s*)\[(.+)\]"), _in_specs_tuple),
    ("pallas_call.in_specs_bare", re.compile(r"(\bin_specs\s*=\s*)\[(.+)\]"), _in_specs_bare),
    # layout_cast of scalars
    # The first argument: a name, a subscript or a call, with two levels of nested parentheses.
    ("layout_cast.scalar_operand",
     re.compile(r"(plgpu\.layout_cast\(\s*)([\w.]+(?:\[[^\]]*\]|\((?:[^()]|\([^()]*\))*\))?),"),
     _layout_cast_reduced),
)


def famheld2_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive
    line ranges; None: the whole file). Each mutant still compiles as Python."""
    return one_edit_mutants(source, EDITS, within)
