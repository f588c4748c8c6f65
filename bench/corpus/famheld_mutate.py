"""One-edit mutations for the held-out families corpus `famheld` (issue 27), written from JAX's raise
sites (../shared/jax-raise-sites/) and a reading of JAX's Mosaic GPU checks, independently of
family_mutate.py.

Each operator is one edit a kernel author plausibly makes on one line of a kernel (or of the code that
configures it): a swizzle that is not 32/64/128, a tile that does not fit the swizzle, a scratch buffer
of the wrong shape or dtype for its TMA copy, wgmma operands swapped, an accumulator that is not an ACC
ref, a barrier with no arrivals, a pipeline whose delay_release is not below max_concurrent_steps, a
thread count or grid_names that does not fit the kernel, a dropped layout_cast, an index_map of the
wrong arity, an op or dtype the Mosaic GPU lowering may lack, another platform's compiler params.
Operators name the family a mistake is meant to hit (`family.op`), but nothing here decides whether
a mutant fails: label.py lowers each one under real JAX, and a mutant that still lowers is a clean
negative.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator


@dataclasses.dataclass(frozen=True)
class Mutant:
    op: str        # "family.operator"
    detail: str    # "line N: before -> after"
    source: str


# An edit: (operator, pattern, replacement) where the replacement takes the match and returns the new
# text of the matched span, or None when this match gives no mutant.
Edit = tuple[str, re.Pattern, Callable[[re.Match], str | None]]


def _other_swizzle(m: re.Match) -> str | None:
    # 16 and 256 bytes are swizzles a CUDA programmer knows from other APIs; Mosaic GPU takes 32/64/128.
    value = int(m.group(2))
    return f"{m.group(1)}{ {128: 256, 64: 16, 32: 16}.get(value, 256) })"


def _swizzle_kwarg(m: re.Match) -> str | None:
    value = int(m.group(2))
    return f"{m.group(1)}{ {128: 96, 64: 48, 32: 24}.get(value, 96) }" if value in (32, 64, 128) else None


def _minor_tile_twice(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}, {m.group(3).strip()} * 2))"


def _tile_rank(m: re.Match) -> str:
    # A 3-D tiling: only 2-D tilings reach the swizzle lowering.
    return f"{m.group(1)}(1, {m.group(2)}, {m.group(3).strip()}))"


def _halve_first_dim(m: re.Match) -> str | None:
    first = m.group(2).strip()
    if first in ("1", "0"):
        return None
    return f"{m.group(1)}({first} // 2,{m.group(3)}"


def _dtype_swap(m: re.Match) -> str | None:
    swap = {"float32": "float16", "float16": "float32", "bfloat16": "float16", "int32": "float32",
            "int8": "int32"}
    new = swap.get(m.group(2))
    return None if new is None else f"{m.group(1)}{new}"


def _ds_size_half(m: re.Match) -> str | None:
    size = m.group(2).strip()
    return None if size in ("1", "0") else f"{m.group(1)} {size} // 2)"


def _acc_not_ref(m: re.Match) -> str:
    return f"{m.group(1)}SMEM("


def _acc_dtype(m: re.Match) -> str:
    return f"{m.group(1)}jnp.float16)"


def _no_arrivals(m: re.Match) -> str:
    inner = m.group(2)
    if "num_arrivals" in inner:
        return m.group(1) + re.sub(r"num_arrivals=[^,)]+", "num_arrivals=0", inner) + ")"
    return m.group(1) + (inner + ", " if inner.strip() else "") + "num_arrivals=0)"


def _barrier_wait_dropped(m: re.Match) -> str:
    return f"{m.group(1)}pass"


def _delay_release(m: re.Match) -> str:
    return f"{m.group(1)}{int(m.group(2)) + 1}"


def _steps_one(m: re.Match) -> str | None:
    return None if m.group(2) == "1" else f"{m.group(1)}1"


def _wait_negative(m: re.Match) -> str:
    return f"{m.group(1)}-1"


def _threads_too_many(m: re.Match) -> str:
    # CUDA threads where Mosaic counts warpgroups (128 CUDA threads each): 3 written as 384.
    return f"{m.group(1)}{int(m.group(2)) * 128}"


def _memory_registers(m: re.Match) -> str:
    return f"{m.group(1)}{int(m.group(2)) + 4}"


def _drop_first_name(m: re.Match) -> str | None:
    names = [n.strip() for n in m.group(2).split(",") if n.strip()]
    if len(names) < 2:
        return None
    return f"{m.group(1)}({names[0]},)"


def _drop_layout_cast(m: re.Match) -> str:
    return m.group(1)


def _index_map_arity(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}, 0)"


def _block_rank(m: re.Match) -> str | None:
    return f"{m.group(1)}({m.group(2).strip()},),"


UNLOWERED = ("jnp.cumsum({x}, axis=-1)", "jnp.sort({x}, axis=-1)", "jnp.cbrt({x})", "jax.lax.erf_inv({x})")


def _op_swap(m: re.Match) -> str | None:
    template = UNLOWERED[len(m.group(2)) % len(UNLOWERED)]
    return f"{m.group(1)}{template.format(x=m.group(2))}"


def _wrong_size_literal(m: re.Match) -> str | None:
    # An output declared with the wrong minor size: the last literal 64..1024 of the shape halved.
    dims = m.group(2).split(",")
    last = dims[-1].strip() if dims[-1].strip() else dims[-2].strip()
    if not last.isdigit() or int(last) not in (64, 128, 256, 512, 1024):
        return None
    index = len(dims) - 1 if dims[-1].strip() else len(dims) - 2
    dims[index] = dims[index].replace(last, str(int(last) // 2))
    return f"{m.group(1)}{','.join(dims)})"


def _tile_config(m: re.Match) -> str | None:
    value = int(m.group(2))
    return f"{m.group(1)}{value + value // 2}" if value in (64, 128) else None


EDITS: tuple[Edit, ...] = (
    # swizzle_tiling
    ("swizzle_tiling.swizzle_value", re.compile(r"(SwizzleTransform\()\s*(\d+)\s*\)"), _other_swizzle),
    ("swizzle_tiling.swizzle_kwarg", re.compile(r"(\bswizzle\s*=\s*)(\d+)\b"), _swizzle_kwarg),
    ("swizzle_tiling.minor_tile", re.compile(r"(TilingTransform\(\()([^,()]+),([^()]+)\)\)"),
     _minor_tile_twice),
    ("swizzle_tiling.tile_rank", re.compile(r"(TilingTransform\()\(([^,()]+),([^()]+)\)\)"), _tile_rank),
    ("swizzle_tiling.swizzle_dropped", re.compile(r"(,\s*)plgpu\.SwizzleTransform\(\s*\w+\s*\)"),
     lambda m: ""),
    # copy_tma
    ("copy_tma.smem_shape", re.compile(r"(plgpu\.SMEM\()\(([^,()]+),([^()]*\))"), _halve_first_dim),
    ("copy_tma.smem_dtype", re.compile(r"(plgpu\.SMEM\(\([^()]*\),\s*jnp\.)(\w+)"), _dtype_swap),
    ("copy_tma.slice_size", re.compile(r"(pl\.ds\([^,()]+,)([^()]+)\)"), _ds_size_half),
    ("copy_tma.barrier_dropped", re.compile(r"(plgpu\.copy_gmem_to_smem\([^()]*?),\s*[\w.\[\]]+\s*\)"),
     lambda m: f"{m.group(1)})"),
    ("copy_tma.wait_count", re.compile(r"(wait_smem_to_gmem\()\s*(\d+)"), _wait_negative),
    ("copy_tma.src_dst_swapped",
     re.compile(r"(plgpu\.copy_(?:gmem_to_smem|smem_to_gmem)\()([\w.\[\]]+), ([\w.\[\]]+)([,)])"),
     lambda m: f"{m.group(1)}{m.group(3)}, {m.group(2)}{m.group(4)}"),
    # wgmma_mma
    ("wgmma_mma.operands_swapped",
     re.compile(r"(plgpu\.wgmma\()(\w+), ([\w.\[\]:, ]+?), ([\w.\[\]]+)(\s*[,)])"),
     lambda m: f"{m.group(1)}{m.group(2)}, {m.group(4)}, {m.group(3)}{m.group(5)}"),
    ("wgmma_mma.acc_not_acc_ref", re.compile(r"(plgpu\.)ACC\("), _acc_not_ref),
    ("wgmma_mma.acc_dtype", re.compile(r"(plgpu\.ACC\(\([^()]*\),\s*)jnp\.float32\)"), _acc_dtype),
    # barrier
    ("barrier.no_arrivals", re.compile(r"(plgpu\.Barrier\()([^()]*)\)"), _no_arrivals),
    ("barrier.wait_dropped", re.compile(r"^(\s*)plgpu\.barrier_wait\([^()]*\)(?=\s*$)"),
     _barrier_wait_dropped),
    # pipeline
    ("pipeline.delay_release", re.compile(r"(\bdelay_release\s*=\s*)(\d+)"), _delay_release),
    ("pipeline.max_concurrent_steps", re.compile(r"(\bmax_concurrent_steps\s*=\s*)(\d+)"), _steps_one),
    ("pipeline.grid_entry_zero", re.compile(r"(\bgrid\s*=\s*\()([\w ]+),\)"), lambda m: f"{m.group(1)}0,)"),
    # kernel_mesh_config
    ("kernel_mesh_config.num_threads", re.compile(r"(\bnum_threads\s*=\s*)(\d+)"), _threads_too_many),
    ("kernel_mesh_config.max_registers", re.compile(r"(\bmemory_registers\s*=\s*)(\d+)"), _memory_registers),
    ("kernel_mesh_config.grid_names", re.compile(r"(\bgrid_names\s*=\s*)\(([^()]*)\)"), _drop_first_name),
    ("kernel_mesh_config.thread_name_dropped", re.compile(r",?\s*\bthread_name\s*=\s*\"\w+\""), lambda m: ""),
    ("kernel_mesh_config.tile_config",
     re.compile(r"(\b(?:tile_[mnk]|epi_tile_[mn]|block_\w+|tile_size)\s*=\s*)(\d+)\b"), _tile_config),
    # Keywords added to a plgpu.kernel call (before its out_type= / out_shape=, a keyword every call here
    # has): a cluster whose names do not match it, a 4-D cluster, too many threads.
    ("cluster_collective.cluster_names", re.compile(r"(?<![\w.])()(?=out_(?:type|shape)\s*=)"),
     lambda m: 'cluster=(2,), cluster_names=("c", "d"), '),
    ("kernel_mesh_config.cluster_rank", re.compile(r"(?<![\w.])()(?=out_(?:type|shape)\s*=)"),
     lambda m: 'cluster=(1, 1, 1, 2), cluster_names=("a", "b", "c", "d"), '),
    ("kernel_mesh_config.threads_added", re.compile(r"(?<![\w.])()(?=out_(?:type|shape)\s*=)"),
     lambda m: 'num_threads=128, thread_name="t", '),
    # register_layouts
    ("register_layouts.layout_cast_dropped",
     re.compile(r"plgpu\.layout_cast\(\s*(.+?),\s*plgpu\.Layout\.\w+\s*,?\s*\)"), _drop_layout_cast),
    ("register_layouts.layout_changed", re.compile(r"(plgpu\.Layout\.)WGMMA\b"),
     lambda m: f"{m.group(1)}WG_SPLAT"),
    # blockspec_grid_aliases
    ("blockspec_grid_aliases.index_map_arity", re.compile(r"(lambda [\w, ]+: \()([^()]+)\)"),
     _index_map_arity),
    ("blockspec_grid_aliases.block_rank", re.compile(r"(BlockSpec\(\s*)\(([^,()]+),[^()]+\),"), _block_rank),
    ("blockspec_grid_aliases.out_shape", re.compile(r"(ShapeDtypeStruct\(\()([^()]*)\)"),
     _wrong_size_literal),
    # ops_dtypes
    ("ops_dtypes.unlowered_op", re.compile(r"(\w+\[[^\]]*\]\s*=\s*)(\w+\[[^\]]*\])(?=\s*$)"), _op_swap),
    # `/` for `//` in index or size arithmetic: a float where JAX wants an integer.
    ("ops_dtypes.true_division", re.compile(r"(\S\s*)//(\s*\S)"), lambda m: f"{m.group(1)}/{m.group(2)}"),
    ("ops_dtypes.dtype", re.compile(r"(\bdtype\s*=\s*jnp\.)(\w+)"), _dtype_swap),
    ("ops_dtypes.exp_to_other", re.compile(r"(jnp\.)(exp2|exp)\("), lambda m: f"{m.group(1)}expm1("),
)

TPU_PARAMS = ("compiler_params=__import__(\"jax.experimental.pallas.tpu\", fromlist=[\"tpu\"])"
              ".CompilerParams(), ")


def _other_platform(m: re.Match) -> str:
    return TPU_PARAMS


# Another platform's compiler params: the TPU dataclass handed to a GPU kernel (a copy-paste from a
# TPU kernel). Written as an expression so that the mutant stays a one-line edit.
EDITS += (
    ("compiler_params.other_platform", re.compile(r"(?<![\w.])()(?=out_(?:type|shape)\s*=)"),
     _other_platform),
    ("compiler_params.other_platform_replaced", re.compile(r"\bplgpu\.CompilerParams\("),
     lambda m: TPU_PARAMS.split("=", 1)[1].rsplit("(", 1)[0] + "("),
)


def _lines_within(source: str, within: list[tuple[int, int]] | None) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(source.splitlines(keepends=True), 1):
        if within is None or any(lo <= number <= hi for lo, hi in within):
            yield number, line


def famheld_mutants(source: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every one-edit mutant of ``source`` whose edited line lies in ``within`` (1-based inclusive
    line ranges; None: the whole file). Each mutant still compiles as Python."""
    return one_edit_mutants(source, EDITS, within)


def one_edit_mutants(source: str, edits: tuple[Edit, ...],
                     within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every mutant of ``source`` that one of ``edits`` makes on one line inside ``within`` (the
    loop famheld2_mutate.py shares)."""
    lines = source.splitlines(keepends=True)
    found: list[Mutant] = []
    seen: set[str] = set()
    for number, line in _lines_within(source, within):
        code, hash_, comment = line.partition("#")
        if not code.strip() or code.lstrip().startswith(("class ", "@")):
            continue
        for op, pattern, replace in edits:
            for match in pattern.finditer(code):
                new_span = replace(match)
                if new_span is None:
                    continue
                new_code = code[:match.start()] + new_span + code[match.end():]
                if new_code == code:
                    continue
                new_line = new_code + hash_ + comment
                text = "".join(lines[:number - 1]) + new_line + "".join(lines[number:])
                if text in seen:
                    continue
                try:
                    # compile(), not ast.parse(): a repeated keyword is only refused by the compiler.
                    compile(text, "<mutant>", "exec", dont_inherit=True)
                except SyntaxError:
                    continue
                seen.add(text)
                found.append(Mutant(op, f"line {number}: {line.strip()[:80]} -> {new_line.strip()[:80]}",
                                    text))
    return found


def replace_group(new: str):
    """An edit (for a pattern of groups 1-3) that replaces group 2 by ``new`` (None when it
    already is ``new``), keeping groups 1 and 3 (famheld6_mutate, famheld7_mutate)."""
    def edit(m: re.Match) -> str | None:
        if m.group(2) == new:
            return None
        tail = m.group(3) if m.re.groups >= 3 and m.group(3) is not None else ""
        return f"{m.group(1)}{new}{tail}"
    return edit
