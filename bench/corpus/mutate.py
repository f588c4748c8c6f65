"""Mutation operators: one small, realistic mistake per mutant, located with the ast.

Each operator looks at a parsed file and yields ``Mutant``s: the operator's name,
a short description of the change, and the whole new source. Edits are made on
the text (by the ast's positions), so every other line, comment and blank stays
as the author wrote it and the mutant's line numbers match the original's.

Whether a mutant really fails, and where, is decided by real lowering
(label.py), never here: some mutants stay clean (a typo in a name that is used
consistently), some fail with errors no rule predicts. Both are kept; the clean
ones test precision.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

REDUCTIONS = ("add", "min", "max", "and", "or", "xor")
# Where a reduction name is swapped to: a neighbour that is valid for some dtypes, and one never valid.
REDUCTION_SWAPS = {"add": ("max", "sum"), "min": ("and", "mul"), "max": ("xor", "maximum"),
                   "and": ("min", "land"), "or": ("add", "bitor"), "xor": ("max", "XOR")}
DTYPE_SWAPS = {"float32": ("bfloat16", "int8"), "bfloat16": ("float32", "int16"),
               "float16": ("float32", "uint8"), "int32": ("float32", "int8"),
               "uint32": ("float16",), "int8": ("int32",), "float8_e5m2": ("float32",),
               "float8_e4m3fn": ("bfloat16",)}
VEC_SWAPS = {1: (8,), 2: (1, 16), 4: (8, 1), 8: (1, 16), 16: (4, 32)}
# Calls whose string arguments name mesh or grid axes.
AXIS_CALLS = re.compile(
    r"(^|\.)(make_mesh|Mesh|AbstractMesh|axis_index|axis_size|psum|PartitionSpec|P|create_mesh"
    r"|multimem_store|multimem_load_reduce|semaphore_signal_multicast|multicast_ref|nd_loop"
    r"|WarpMesh|kernel)$")
AXIS_KEYWORDS = {"collective_axes", "axis_name", "axis_names", "grid_names", "cluster_names",
                 "thread_name", "axes", "mesh_axes"}


@dataclass(frozen=True)
class Mutant:
    op: str
    detail: str
    source: str


class Source:
    """A file's text with offset arithmetic for ast positions (UTF-8 columns)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self.tree = ast.parse(text)
        self._starts = [0]
        for line in self.lines:
            self._starts.append(self._starts[-1] + len(line.encode("utf-8")))
        self._bytes = text.encode("utf-8")

    def offset(self, lineno: int, col: int) -> int:
        return self._starts[lineno - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.offset(node.lineno, node.col_offset),
                self.offset(node.end_lineno, node.end_col_offset))

    def segment(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self._bytes[start:end].decode("utf-8")

    def replace(self, node: ast.AST, new: str) -> str:
        start, end = self.span(node)
        return (self._bytes[:start] + new.encode("utf-8") + self._bytes[end:]).decode("utf-8")

    def replace_range(self, start: int, end: int, new: str) -> str:
        return (self._bytes[:start] + new.encode("utf-8") + self._bytes[end:]).decode("utf-8")


def _callee(node: ast.Call) -> str:
    func = node.func
    parts = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if isinstance(func, ast.Name):
        parts.append(func.id)
    return ".".join(reversed(parts))


def _calls(src: Source) -> Iterator[ast.Call]:
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Call):
            yield node


def _keyword(call: ast.Call, name: str) -> ast.keyword | None:
    return next((k for k in call.keywords if k.arg == name), None)


def drop_shard_map(src: Source) -> Iterator[Mutant]:
    """Launch without jax.shard_map: `jax.shard_map(f, ...)` becomes `f`, a decorator goes."""
    for call in _calls(src):
        name = _callee(call)
        if name.endswith("shard_map") and call.args:
            yield Mutant("drop_shard_map", f"line {call.lineno}",
                         src.replace(call, src.segment(call.args[0])))
    for node in ast.walk(src.tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                text = src.segment(deco)
                if "shard_map" in text:
                    start = src.offset(deco.lineno, 0)
                    end = src.offset(deco.end_lineno + 1, 0)
                    yield Mutant("drop_shard_map", f"decorator line {deco.lineno}",
                                 src.replace_range(start, end, ""))


def _axes_values(src: Source) -> Iterator[tuple[str, ast.expr]]:
    for call in _calls(src):
        for kw in call.keywords:
            if kw.arg == "collective_axes":
                yield _callee(call), kw.value
        name = _callee(call).rsplit(".", 1)[-1]
        if name == "multimem_store" and len(call.args) >= 3:
            yield name, call.args[2]
        if name == "multicast_ref" and len(call.args) >= 2:
            yield name, call.args[1]


def collective_axes_forms(src: Source) -> Iterator[Mutant]:
    """A one-element tuple becomes a bare string; a tuple loses its last axis; a tuple becomes a list."""
    for callee, value in _axes_values(src):
        where = f"{callee} line {value.lineno}"
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == 1:
            yield Mutant("axes_string", where, src.replace(value, src.segment(value.elts[0])))
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) >= 2:
            kept = ", ".join(src.segment(e) for e in value.elts[:-1])
            yield Mutant("axes_partial", where, src.replace(value, f"({kept},)"))
        if isinstance(value, ast.Tuple) and value.elts:
            yield Mutant("axes_list", where,
                         src.replace(value, "[" + ", ".join(src.segment(e) for e in value.elts) + "]"))
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            yield Mutant("axes_list", where, src.replace(value, f"[{src.segment(value)}]"))
        if not isinstance(value, (ast.Tuple, ast.List, ast.Constant)):
            # A computed value: the common slip of passing a list built from it.
            yield Mutant("axes_list", where, src.replace(value, f"list({src.segment(value)})"))


def _axis_strings(src: Source) -> set[str]:
    """String constants used as axis names somewhere in the file."""
    names: set[str] = set()

    def collect(node: ast.AST) -> None:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Constant) and isinstance(sub.value, str) \
                    and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,15}", sub.value):
                names.add(sub.value)

    for call in _calls(src):
        if AXIS_CALLS.search(_callee(call)):
            for arg in call.args:
                if isinstance(arg, (ast.Constant, ast.Tuple, ast.List)):
                    collect(arg)
        for kw in call.keywords:
            if kw.arg in AXIS_KEYWORDS:
                collect(kw.value)
    return names - set(REDUCTIONS) - {"cuda", "cpu", "gpu"}


def _typo(name: str) -> str:
    if len(name) == 1:
        return {"x": "z", "y": "x"}.get(name, "q")
    return name[:-1] if len(name) > 3 else name + "s"


def axis_name_typo(src: Source) -> Iterator[Mutant]:
    """One occurrence of an axis-name string is misspelt (the others stay)."""
    axis_names = _axis_strings(src)
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in axis_names \
                and node.lineno == node.end_lineno:
            quote = '"' if src.segment(node).startswith('"') else "'"
            yield Mutant("axis_typo", f"{node.value!r} line {node.lineno}",
                         src.replace(node, f"{quote}{_typo(node.value)}{quote}"))


def drop_layout_cast(src: Source) -> Iterator[Mutant]:
    """`plgpu.layout_cast(x, layout)` becomes `x`."""
    for call in _calls(src):
        if _callee(call).endswith("layout_cast") and call.args:
            yield Mutant("drop_layout_cast", f"line {call.lineno}",
                         src.replace(call, src.segment(call.args[0])))


def unsupported_layout(src: Source) -> Iterator[Mutant]:
    """A WG_STRIDED layout becomes WG_SPLAT (not supported by multimem_load_reduce)."""
    for call in _calls(src):
        name = _callee(call)
        if name.endswith("Layout.WG_STRIDED") and call.args:
            prefix = name[: -len("WG_STRIDED")]
            yield Mutant("layout_splat", f"line {call.lineno}",
                         src.replace(call, f"{prefix}WG_SPLAT({src.segment(call.args[0])})"))


def _int_consts_for(src: Source, key: re.Pattern[str]) -> Iterator[ast.Constant]:
    """Integer constants bound to a name/keyword/dict key that matches `key`."""
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg and key.search(kw.arg) and isinstance(kw.value, ast.Constant):
                    yield kw.value
        elif isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
            targets += [t.attr for t in node.targets if isinstance(t, ast.Attribute)]
            if any(key.search(t) for t in targets) and isinstance(node.value, ast.Constant):
                yield node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if key.search(node.target.id) and isinstance(node.value, ast.Constant):
                yield node.value
        elif isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values, strict=True):
                if isinstance(k, ast.Constant) and isinstance(k.value, str) and key.search(k.value) \
                        and isinstance(v, ast.Constant):
                    yield v
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args.args + node.args.kwonlyargs
            defaults = [None] * (len(node.args.args) - len(node.args.defaults)) + node.args.defaults \
                + node.args.kw_defaults
            for arg, default in zip(args, defaults, strict=True):
                if default is not None and key.search(arg.arg) and isinstance(default, ast.Constant):
                    yield default


def vector_size(src: Source) -> Iterator[Mutant]:
    """A vector size constant changes to a width the dtype may not allow."""
    seen = set()
    for const in _int_consts_for(src, re.compile(r"vec", re.I)):
        if type(const.value) is int and const.value in VEC_SWAPS and id(const) not in seen:
            seen.add(id(const))
            for new in VEC_SWAPS[const.value]:
                yield Mutant("vec_size", f"{const.value}->{new} line {const.lineno}",
                             src.replace(const, str(new)))
    for node in ast.walk(src.tree):  # tuples in constant sweeps: (dtype, op, vec)
        if isinstance(node, ast.Tuple) and len(node.elts) >= 3 and isinstance(node.elts[-1], ast.Constant) \
                and type(node.elts[-1].value) is int and any(
                    isinstance(e, ast.Constant) and e.value in REDUCTIONS for e in node.elts):
            const = node.elts[-1]
            if const.value in VEC_SWAPS:
                new = VEC_SWAPS[const.value][0]
                yield Mutant("vec_size", f"sweep {const.value}->{new} line {const.lineno}",
                             src.replace(const, str(new)))


def reduction_op(src: Source) -> Iterator[Mutant]:
    """A reduction name becomes another (valid for other dtypes, or never valid)."""
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in REDUCTION_SWAPS:
            quote = '"' if src.segment(node).startswith('"') else "'"
            for new in REDUCTION_SWAPS[node.value]:
                yield Mutant("reduction", f"{node.value}->{new} line {node.lineno}",
                             src.replace(node, f"{quote}{new}{quote}"))


def dtype_swap(src: Source) -> Iterator[Mutant]:
    """One dtype (`jnp.float32`, `"bfloat16"`) becomes another."""
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Attribute) and node.attr in DTYPE_SWAPS \
                and isinstance(node.value, ast.Name) and node.value.id in ("jnp", "np", "numpy"):
            for new in DTYPE_SWAPS[node.attr]:
                yield Mutant("dtype", f"{node.attr}->{new} line {node.lineno}",
                             src.replace(node, f"{node.value.id}.{new}"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in DTYPE_SWAPS:
            quote = '"' if src.segment(node).startswith('"') else "'"
            for new in DTYPE_SWAPS[node.value][:1]:
                yield Mutant("dtype", f"{node.value}->{new} line {node.lineno}",
                             src.replace(node, f"{quote}{new}{quote}"))


def semantics_switch(src: Source) -> Iterator[Mutant]:
    """Lane <-> Warpgroup, and an empty CompilerParams() asks for Lane."""
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Attribute) and node.attr in ("Lane", "Warpgroup") \
                and src.segment(node.value).endswith("LoweringSemantics"):
            new = "Warpgroup" if node.attr == "Lane" else "Lane"
            yield Mutant("semantics", f"{node.attr}->{new} line {node.lineno}",
                         src.replace(node, f"{src.segment(node.value)}.{new}"))
    for call in _calls(src):
        name = _callee(call)
        if name.endswith("CompilerParams") and not call.args and not call.keywords:
            prefix = name[: -len("CompilerParams")]
            yield Mutant("semantics", f"CompilerParams() -> Lane line {call.lineno}",
                         src.replace(call, f"{name}(lowering_semantics={prefix}LoweringSemantics.Lane)"))


def kernel_arguments(src: Source) -> Iterator[Mutant]:
    """plgpu.kernel loses grid_names (grid kept) or thread_name (num_threads kept)."""
    for call in _calls(src):
        if not _callee(call).endswith("kernel"):
            continue
        for dropped, needs in (("grid_names", "grid"), ("thread_name", "num_threads")):
            kw = _keyword(call, dropped)
            if kw is not None and _keyword(call, needs) is not None:
                start, end = src.span(kw.value)
                start = src.offset(kw.value.lineno, 0) + src.lines[kw.value.lineno - 1].encode().find(
                    dropped.encode())
                # Drop "name=value" and the comma after it.
                rest = src.text.encode("utf-8")[end:]
                comma = re.match(rb"\s*,", rest)
                end += comma.end() if comma else 0
                yield Mutant("kernel_args", f"no {dropped} line {call.lineno}",
                             src.replace_range(start, end, ""))


OPERATORS: tuple[Callable[[Source], Iterator[Mutant]], ...] = (
    drop_shard_map, collective_axes_forms, axis_name_typo, drop_layout_cast, unsupported_layout,
    vector_size, reduction_op, dtype_swap, semantics_switch, kernel_arguments,
)


def mutants(text: str, *, within: tuple[int, int] | None = None) -> list[Mutant]:
    """Every mutant of the file; `within` keeps those whose edit lies in a line range."""
    src = Source(text)
    found: list[Mutant] = []
    seen: set[str] = set()
    for operator in OPERATORS:
        for mutant in operator(src):
            if mutant.source in seen or mutant.source == text:
                continue
            if within is not None and not _edit_within(text, mutant.source, within):
                continue
            try:
                ast.parse(mutant.source)
            except SyntaxError:
                continue
            seen.add(mutant.source)
            found.append(mutant)
    return found


def _edit_within(old: str, new: str, lines: tuple[int, int]) -> bool:
    old_lines, new_lines = old.splitlines(), new.splitlines()
    first = next((i for i, (a, b) in enumerate(zip(old_lines, new_lines, strict=False)) if a != b),
                 min(len(old_lines), len(new_lines)))
    return lines[0] <= first + 1 <= lines[1]
