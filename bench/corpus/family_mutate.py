"""Mutation operators for JAX's Mosaic GPU error families (issue 27): one edit per mutant.

Each operator is named ``family.what`` after the family of
``/work/shared/jax-raise-sites/sites.tsv`` it aims at (swizzle_tiling, copy_tma,
wgmma_mma, barrier, pipeline, blockspec_grid_aliases, register_layouts,
ops_dtypes, kernel_mesh_config, cluster_collective). The name says what the
mutant was written to provoke, not what it does: whether it fails, where, and in
which family, is decided by real lowering (label.py) and the family of the label
comes from JAX's message (score_families.py). Many mutants stay clean or fail in
another family; both are kept (the clean ones test precision).

Edits are made where the value is written, as real code writes it: the literal
of a constant, a config field, a keyword argument, a parameter default. Every
edit keeps the file's line count and every other line as it was (mutate.Source),
so the mutant's lines match its base's.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

from mutate import Mutant, Source, _callee, _calls, _keyword

# A swizzle that Mosaic GPU rejects, for each one it accepts (issue 27: 128→96, 64→48).
BAD_SWIZZLE = {128: 96, 64: 48, 32: 24}
# jnp functions whose primitive the Mosaic GPU lowering has a rule for, and a neighbour it
# has none for (checked against the registered rules of lowering.py in 0.10.2, 0.11.2, 0.12.0.1).
UNLOWERED_NEIGHBOUR = {"exp": "expm1", "log": "log1p", "tanh": "tan", "sqrt": "cbrt",
                       "exp2": "expm1", "rsqrt": "cbrt"}
DTYPE_NEIGHBOUR = {"float16": "bfloat16", "bfloat16": "float16", "float32": "float16",
                   "float8_e4m3fn": "float16", "int8": "float16"}


def _int(node: ast.AST) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _named(node: ast.AST, word: str) -> bool:
    """Does a target, keyword or key name contain ``word``?"""
    if isinstance(node, ast.Name):
        return word in node.id.lower()
    if isinstance(node, ast.Attribute):
        return word in node.attr.lower()
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return word in node.value.lower()
    return False


def _written_ints(src: Source, word: str) -> Iterator[ast.Constant]:
    """Integer literals written as the value of something named ``word``: a keyword argument,
    an assignment, a dict entry, a parameter default, a dataclass field default."""
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg and word in kw.arg.lower() and _int(kw.value) is not None:
                    yield kw.value
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if node.value is not None and _int(node.value) is not None \
                    and any(_named(t, word) for t in targets):
                yield node.value
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if key is not None and _named(key, word) and _int(value) is not None:
                    yield value
        elif isinstance(node, (ast.FunctionDef, ast.Lambda)):
            args = node.args
            positional = args.posonlyargs + args.args
            for arg, default in zip(positional[len(positional) - len(args.defaults):], args.defaults,
                                    strict=True):
                if word in arg.arg.lower() and _int(default) is not None:
                    yield default
            for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
                if default is not None and word in arg.arg.lower() and _int(default) is not None:
                    yield default


def _short(src: Source, node: ast.AST) -> str:
    return src.segment(node).replace("\n", " ")[:60]


def _keep_lines(src: Source, node: ast.AST, new: str) -> str:
    """Replace ``node`` with ``new`` padded with newlines so that later lines keep their numbers."""
    return src.replace(node, new + "\n" * (node.end_lineno - node.lineno - new.count("\n")))


# ---------------------------------------------------------------- swizzle_tiling

def swizzle_value(src: Source) -> Iterator[Mutant]:
    """A swizzle Mosaic GPU does not accept, where the swizzle is written."""
    seen = set()
    for call in _calls(src):
        if _callee(call).endswith("SwizzleTransform") and call.args and _int(call.args[0]) in BAD_SWIZZLE:
            seen.add(id(call.args[0]))
            yield Mutant("swizzle_tiling.swizzle_value", f"line {call.lineno}: SwizzleTransform",
                         src.replace(call.args[0], str(BAD_SWIZZLE[call.args[0].value])))
    for value in _written_ints(src, "swizzle"):
        if id(value) not in seen and value.value in BAD_SWIZZLE:
            seen.add(id(value))
            yield Mutant("swizzle_tiling.swizzle_value", f"line {value.lineno}: swizzle={value.value}",
                         src.replace(value, str(BAD_SWIZZLE[value.value])))


def tile_minor(src: Source) -> Iterator[Mutant]:
    """The minor tile dimension of a TilingTransform halved (≠ swizzle bytes / itemsize)."""
    for call in _calls(src):
        if _callee(call).endswith("TilingTransform") and call.args \
                and isinstance(call.args[0], ast.Tuple) and call.args[0].elts:
            minor = call.args[0].elts[-1]
            new = str(minor.value // 2) if _int(minor) else f"{src.segment(minor)} // 2"
            yield Mutant("swizzle_tiling.tile_minor", f"line {call.lineno}: {_short(src, call)}",
                         src.replace(minor, new))


def unaligned_slice(src: Source) -> Iterator[Mutant]:
    """A ref sliced from one element past where the author started it (`pl.ds(s, n)` → `pl.ds(s + 1, n)`),
    or a static slice of a ref shifted by one (`ref.at[a:b]` → `ref.at[a + 1:b + 1]`)."""
    for call in _calls(src):
        if _callee(call).rsplit(".", 1)[-1] in ("ds", "Slice") and len(call.args) == 2 \
                and call.lineno == call.end_lineno:
            yield Mutant("swizzle_tiling.unaligned_slice", f"line {call.lineno}: {_short(src, call)}",
                         src.replace(call.args[0], f"{src.segment(call.args[0])} + 1"))
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "at" and isinstance(node.slice, ast.Slice) \
                and node.slice.lower is not None and node.slice.upper is not None and node.slice.step is None:
            lower, upper = node.slice.lower, node.slice.upper
            yield Mutant("swizzle_tiling.unaligned_slice", f"line {node.lineno}: {_short(src, node)}",
                         src.replace(node.slice, f"{src.segment(lower)} + 1:{src.segment(upper)} + 1"))


# ---------------------------------------------------------------- copy_tma

def _copies(src: Source) -> Iterator[tuple[str, ast.Call]]:
    for call in _calls(src):
        name = _callee(call).rsplit(".", 1)[-1]
        if name in ("copy_gmem_to_smem", "copy_smem_to_gmem") and len(call.args) >= 2:
            yield name, call


def copy_shape(src: Source) -> Iterator[Mutant]:
    """One side of a TMA copy indexed by one more leading element (`dst` → `dst.at[0]`): src and dst
    shapes no longer match."""
    for name, call in _copies(src):
        for side in (0, 1):
            arg = call.args[side]
            yield Mutant("copy_tma.shape_mismatch", f"line {call.lineno}: {name} arg {side}",
                         src.replace(arg, f"{src.segment(arg)}.at[0]"))


def smem_dtype(src: Source) -> Iterator[Mutant]:
    """The dtype of a shared-memory allocation (`plgpu.SMEM(shape, dtype)`) changed: a copy into it,
    or a wgmma reading it, sees another dtype."""
    for call in _calls(src):
        if _callee(call).rsplit(".", 1)[-1] == "SMEM" and len(call.args) >= 2:
            dtype = call.args[1]
            text = src.segment(dtype)
            leaf = text.rsplit(".", 1)[-1]
            new = text[: -len(leaf)] + DTYPE_NEIGHBOUR[leaf] if leaf in DTYPE_NEIGHBOUR else "jnp.int8"
            yield Mutant("copy_tma.dtype_mismatch", f"line {call.lineno}: SMEM dtype {text} -> {new}",
                         src.replace(dtype, new))


def smem_shape(src: Source) -> Iterator[Mutant]:
    """The leading dimension of a shared-memory allocation halved (a literal) or a
    leading dimension dropped (a computed shape)."""
    for call in _calls(src):
        if _callee(call).rsplit(".", 1)[-1] == "SMEM" and call.args \
                and isinstance(call.args[0], ast.Tuple) and call.args[0].elts:
            shape = call.args[0]
            first = shape.elts[0]
            if _int(first) and first.value > 1:
                yield Mutant("copy_tma.shape_mismatch", f"line {call.lineno}: SMEM shape",
                             src.replace(first, str(first.value // 2)))
            elif len(shape.elts) >= 2:
                rest = ", ".join(src.segment(e) for e in shape.elts[1:])
                yield Mutant("copy_tma.shape_mismatch", f"line {call.lineno}: SMEM shape",
                             src.replace(shape, f"({rest},)"))


def small_transfer(src: Source) -> Iterator[Mutant]:
    """A one-dimensional problem size written as a literal shrunk to 8 elements (a transfer under 128 bytes,
    the quickstart's `jnp.arange(8)`)."""
    for call in _calls(src):
        name = _callee(call).rsplit(".", 1)[-1]
        if name in ("arange", "ones", "zeros") and call.args and (_int(call.args[0]) or 0) >= 64:
            yield Mutant("copy_tma.small_transfer", f"line {call.lineno}: {name}({call.args[0].value})",
                         src.replace(call.args[0], "8"))


# ---------------------------------------------------------------- wgmma_mma

def acc_not_acc(src: Source) -> Iterator[Mutant]:
    """A `plgpu.ACC(...)` accumulator allocated as `plgpu.SMEM(...)`."""
    for call in _calls(src):
        if _callee(call).rsplit(".", 1)[-1] == "ACC":
            func = call.func
            new = src.segment(func)[: -len("ACC")] + "SMEM"
            yield Mutant("wgmma_mma.non_acc", f"line {call.lineno}", src.replace(func, new))


def wgmma_operand(src: Source) -> Iterator[Mutant]:
    """A wgmma operand indexed by one leading element (shape mismatch), or lhs passed as rhs."""
    for call in _calls(src):
        if _callee(call).rsplit(".", 1)[-1] == "wgmma" and len(call.args) >= 3:
            lhs, rhs = call.args[1], call.args[2]
            yield Mutant("wgmma_mma.shape_mismatch", f"line {call.lineno}: rhs",
                         src.replace(rhs, f"{src.segment(rhs)}.at[0]"))
            if call.lineno == call.end_lineno:
                yield Mutant("wgmma_mma.operands_swapped", f"line {call.lineno}",
                             src.replace(rhs, src.segment(lhs)))


def dtype_literal(src: Source) -> Iterator[Mutant]:
    """One dtype literal (`jnp.float16`, `dtype=jnp.bfloat16`) of an input or allocation changed: the
    operands of a copy or a wgmma no longer agree."""
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Attribute) and node.attr in DTYPE_NEIGHBOUR \
                and isinstance(node.value, ast.Name) and node.value.id in ("jnp", "np"):
            yield Mutant("wgmma_mma.dtype_mix", f"line {node.lineno}: {node.attr}",
                         src.replace(node, f"{node.value.id}.{DTYPE_NEIGHBOUR[node.attr]}"))


# ---------------------------------------------------------------- barrier

def num_arrivals(src: Source) -> Iterator[Mutant]:
    """`plgpu.Barrier(num_arrivals=n)` with n = 0, or `num_arrivals=0` added where the default was used."""
    for call in _calls(src):
        if _callee(call).rsplit(".", 1)[-1] in ("Barrier", "ClusterBarrier"):
            kw = _keyword(call, "num_arrivals")
            if kw is not None:
                yield Mutant("barrier.num_arrivals_zero", f"line {call.lineno}", src.replace(kw.value, "0"))
            elif call.lineno == call.end_lineno:
                text = src.segment(call)
                sep = "" if text.endswith("()") else ", "
                yield Mutant("barrier.num_arrivals_zero", f"line {call.lineno}: added",
                             src.replace(call, f"{text[:-1]}{sep}num_arrivals=0)"))


def barrier_float_index(src: Source) -> Iterator[Mutant]:
    """A barrier indexed by a float (`barrier.at[slot]` → `barrier.at[slot * 1.0]`)."""
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "at" and "barrier" in src.segment(node.value.value).lower() \
                and not isinstance(node.slice, (ast.Slice, ast.Tuple)):
            yield Mutant("barrier.float_index", f"line {node.lineno}: {_short(src, node)}",
                         src.replace(node.slice, f"{src.segment(node.slice)} * 1.0"))


# ---------------------------------------------------------------- pipeline

def _pipelines(src: Source) -> Iterator[ast.Call]:
    for call in _calls(src):
        name = _callee(call).rsplit(".", 1)[-1]
        if name == "partial" and call.args:
            name = src.segment(call.args[0]).rsplit(".", 1)[-1]
        if name in ("emit_pipeline", "emit_pipeline_warp_specialized"):
            yield call


def concurrent_vs_delay(src: Source) -> Iterator[Mutant]:
    """`max_concurrent_steps` no greater than a spec's `delay_release`: where max_concurrent_steps is
    written (the pipeline call, a config field, a parameter default), set to the delay_release written
    in the file, or to 0 where there is none (0 <= the default delay of 0)."""
    # Only delays written where this mutant may edit (the test method, not another test's).
    inside = getattr(src, "inside", lambda line: True)
    delays = [kw.value for call in _calls(src) for kw in call.keywords
              if kw.arg == "delay_release" and _int(kw.value) is not None and inside(kw.value.lineno)]
    written = [steps.value for call in _pipelines(src)
               if (steps := _keyword(call, "max_concurrent_steps")) is not None]
    written += [v for v in _written_ints(src, "max_concurrent_steps") if v not in written]
    for value in written:
        new = str(delays[0].value) if delays else "0"
        if src.segment(value) != new:
            yield Mutant("pipeline.concurrent_vs_delay", f"line {value.lineno}: max_concurrent_steps={new}",
                         src.replace(value, new))


def pipeline_grid_zero(src: Source) -> Iterator[Mutant]:
    """One entry of an emit_pipeline grid is 0."""
    for call in _pipelines(src):
        grid = _keyword(call, "grid")
        if grid is not None and isinstance(grid.value, (ast.Tuple, ast.List)) and grid.value.elts:
            yield Mutant("pipeline.grid_zero", f"line {call.lineno}", src.replace(grid.value.elts[-1], "0"))


def pipeline_spec_tree(src: Source) -> Iterator[Mutant]:
    """The in_specs / out_specs of a pipeline lose their last spec (a tree unlike the refs')."""
    for call in _pipelines(src):
        for name in ("in_specs", "out_specs"):
            kw = _keyword(call, name)
            if kw is not None and isinstance(kw.value, (ast.Tuple, ast.List)) and len(kw.value.elts) >= 2:
                kept = ", ".join(src.segment(e) for e in kw.value.elts[:-1])
                brackets = "[]" if isinstance(kw.value, ast.List) else "()"
                new = brackets[0] + kept + ("," if brackets == "()" and len(kw.value.elts) == 2 else "") \
                    + brackets[1]
                yield Mutant("pipeline.spec_tree", f"line {call.lineno}: {name}",
                             _keep_lines(src, kw.value, new))


# ---------------------------------------------------------------- blockspec_grid_aliases

def blockspec_rank(src: Source) -> Iterator[Mutant]:
    """A BlockSpec's block_shape loses its last dimension (rank ≠ the array's); or its index_map
    returns one value fewer."""
    for call in _calls(src):
        if _callee(call).rsplit(".", 1)[-1] != "BlockSpec":
            continue
        shape = call.args[0] if call.args else getattr(_keyword(call, "block_shape"), "value", None)
        if isinstance(shape, ast.Tuple) and len(shape.elts) >= 2:
            kept = ", ".join(src.segment(e) for e in shape.elts[:-1])
            yield Mutant("blockspec_grid_aliases.block_rank", f"line {call.lineno}",
                         _keep_lines(src, shape, f"({kept},)"))
        index_map = call.args[1] if len(call.args) >= 2 \
            else getattr(_keyword(call, "index_map"), "value", None)
        if isinstance(index_map, ast.Lambda) and isinstance(index_map.body, ast.Tuple) \
                and len(index_map.body.elts) >= 2:
            kept = ", ".join(src.segment(e) for e in index_map.body.elts[:-1])
            yield Mutant("blockspec_grid_aliases.index_map_arity", f"line {call.lineno}",
                         _keep_lines(src, index_map.body, f"({kept},)"))


def kernel_grid_zero(src: Source) -> Iterator[Mutant]:
    """A grid entry of a pallas_call / plgpu.kernel is 0 (where the grid tuple is written)."""
    for call in _calls(src):
        name = _callee(call).rsplit(".", 1)[-1]
        if name in ("pallas_call", "kernel"):
            grid = _keyword(call, "grid")
            if grid is not None and isinstance(grid.value, (ast.Tuple, ast.List)) and grid.value.elts:
                yield Mutant("blockspec_grid_aliases.grid_zero", f"line {call.lineno}",
                             src.replace(grid.value.elts[0], "0"))


# ---------------------------------------------------------------- register_layouts

def drop_layout_cast(src: Source) -> Iterator[Mutant]:
    """`plgpu.layout_cast(x, layout)` becomes `x` (iota, broadcast, loop carries lose their layout)."""
    for call in _calls(src):
        if _callee(call).endswith("layout_cast") and call.args:
            yield Mutant("register_layouts.drop_layout_cast", f"line {call.lineno}",
                         _keep_lines(src, call, src.segment(call.args[0])))


def layout_swap(src: Source) -> Iterator[Mutant]:
    """A layout written in a layout_cast or a load swapped for another (WGMMA ↔ WG_STRIDED-free
    neighbours that exist in every release)."""
    swaps = {"WGMMA": "WGMMA_ROW", "WGMMA_ROW": "WGMMA", "WG_SPLAT": "WGMMA", "WGMMA_COL": "WGMMA_ROW"}
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Attribute) and node.attr in swaps and "Layout" in src.segment(node.value):
            yield Mutant("register_layouts.layout_swap", f"line {node.lineno}: {node.attr}",
                         src.replace(node, f"{src.segment(node.value)}.{swaps[node.attr]}"))


# ---------------------------------------------------------------- ops_dtypes

def unlowered_op(src: Source) -> Iterator[Mutant]:
    """A jnp / lax function swapped for a neighbour the Mosaic GPU lowering has no rule for
    (`jnp.exp` → `jnp.expm1`)."""
    for call in _calls(src):
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr in UNLOWERED_NEIGHBOUR \
                and isinstance(func.value, ast.Name) and func.value.id in ("jnp", "lax"):
            new = UNLOWERED_NEIGHBOUR[func.attr]
            yield Mutant("ops_dtypes.unlowered_op", f"line {call.lineno}: {func.attr} -> {new}",
                         src.replace(func, f"jnp.{new}"))


# ---------------------------------------------------------------- kernel_mesh_config / cluster_collective

def num_threads(src: Source) -> Iterator[Mutant]:
    """Too many warpgroups for one block (`num_threads=n` → 9: more than 1024 CUDA threads)."""
    for value in _written_ints(src, "num_threads"):
        yield Mutant("kernel_mesh_config.num_threads", f"line {value.lineno}", src.replace(value, "9"))
    for value in _written_ints(src, "num_compute_wgs"):
        yield Mutant("kernel_mesh_config.num_threads", f"line {value.lineno}: compute warpgroups",
                     src.replace(value, "8"))


def cluster_names(src: Source) -> Iterator[Mutant]:
    """`cluster_names` one name longer than `cluster`; `cluster` of rank 4."""
    for call in _calls(src):
        names = _keyword(call, "cluster_names")
        cluster = _keyword(call, "cluster")
        if names is not None and isinstance(names.value, ast.Tuple) \
                and names.value.lineno == names.value.end_lineno:
            inner = ", ".join([src.segment(e) for e in names.value.elts] + ['"extra"'])
            yield Mutant("kernel_mesh_config.cluster_names", f"line {call.lineno}",
                         src.replace(names.value, f"({inner},)"))
        if cluster is not None and isinstance(cluster.value, ast.Tuple) and cluster.value.elts:
            padded = [src.segment(e) for e in cluster.value.elts] + ["1"] * (4 - len(cluster.value.elts))
            inner = ", ".join(padded)
            yield Mutant("kernel_mesh_config.cluster_rank", f"line {call.lineno}",
                         src.replace(cluster.value, f"({inner})"))


def cluster_axis_unknown(src: Source) -> Iterator[Mutant]:
    """A cluster axis named in `collective_axes` / `cluster_idx` / `axis_index` that is not in
    cluster_names (a typo of it)."""
    names: set[str] = set()
    for call in _calls(src):
        kw = _keyword(call, "cluster_names")
        if kw is not None:
            names |= {n.value for n in ast.walk(kw.value) if isinstance(n, ast.Constant)
                      and isinstance(n.value, str)}
    declared = {id(n) for call in _calls(src) for kw in call.keywords if kw.arg == "cluster_names"
                for n in ast.walk(kw.value)}
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names \
                and id(node) not in declared:
            quote = '"' if src.segment(node).startswith('"') else "'"
            yield Mutant("cluster_collective.axis_unknown", f"line {node.lineno}: {node.value!r}",
                         src.replace(node, f"{quote}{node.value}_typo{quote}"))


OPERATORS: tuple[Callable[[Source], Iterator[Mutant]], ...] = (
    swizzle_value, tile_minor, unaligned_slice,
    copy_shape, smem_dtype, smem_shape, small_transfer,
    acc_not_acc, wgmma_operand, dtype_literal,
    num_arrivals, barrier_float_index,
    concurrent_vs_delay, pipeline_grid_zero, pipeline_spec_tree,
    blockspec_rank, kernel_grid_zero,
    drop_layout_cast, layout_swap,
    unlowered_op,
    num_threads, cluster_names, cluster_axis_unknown,
)


class _Within(Source):
    """A Source whose edits outside the lines ``within`` leave the text as it is (those mutants are
    dropped as no-ops), so that a big file's out-of-range candidates cost no copy of it."""

    def __init__(self, text: str, within: list[tuple[int, int]] | None) -> None:
        super().__init__(text)
        self.within = within

    def inside(self, line: int) -> bool:
        return self.within is None or any(lo <= line <= hi for lo, hi in self.within)

    def replace(self, node: ast.AST, new: str) -> str:
        return super().replace(node, new) if self.inside(node.lineno) else self.text

    def replace_range(self, start: int, end: int, new: str) -> str:
        line = next(i for i, stop in enumerate(self._starts[1:], 1) if start < stop)
        return super().replace_range(start, end, new) if self.inside(line) else self.text


def family_mutants(text: str, within: list[tuple[int, int]] | None = None) -> list[Mutant]:
    """Every family mutant of ``text`` (whose edit starts on a line of a range in ``within``, if
    given); each changes the text and keeps its line count."""
    src = _Within(text, within)
    lines = text.count("\n")
    found = []
    seen: set[str] = set()
    for operator in OPERATORS:
        for mutant in operator(src):
            if mutant.source == text or mutant.source in seen or mutant.source.count("\n") != lines:
                continue
            where = _first_changed_line(text, mutant.source)
            if not src.inside(where):
                continue
            seen.add(mutant.source)
            found.append(mutant)
    return found


def _first_changed_line(old: str, new: str) -> int:
    for number, (a, b) in enumerate(zip(old.splitlines(), new.splitlines(), strict=False), 1):
        if a != b:
            return number
    return 0
