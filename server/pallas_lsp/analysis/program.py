"""The facts about one file that every rule reads: launches, ops, and their contexts."""

from __future__ import annotations

import ast
import sys
import weakref
from collections import defaultdict
from collections.abc import Container
from dataclasses import dataclass
from pathlib import PurePath

from .ast_nodes import walk
from .interpreter import Interpreter
from .kernel_mesh import mesh_fault
from .loop_types import control_flow_refused
from .model import OpFacts, Options, Span
from .multimem_operands import store_operand_fault
from .ops import COLLECTIVE_OPS, HOVERED_OPS, LAYOUT_CAST, MULTIMEM_OPS, OPS
from .python import stdlib_guards
from .python.refused_calls import RefusedCall
from .ref_facts import describe_ref, ds_past_end
from .ref_stores import store_fault, tmem_store_fault
from .ref_type_faults import construction_fault
from .ref_unions import RefUnionCall
from .smem_transforms import buffer_refused
from .trace import (
    AnalysisStopped,
    Launch,
    Op,
    RefAccess,
    ScopedBuffer,
    ScopedCall,
    ShardMapCall,
    SourceModule,
    scratch_leaves,
)
from .values import (
    MISSING,
    Const,
    KernelInfo,
    MeshVal,
    RefTypeVal,
    RefVal,
    SemanticsVal,
    TransformVal,
    const_strings,
)
from .versions import (
    MULTICAST_COPY_HASHES_AXES,
    PALLAS_CALL_MOSAIC_GPU_GONE,
    WARPGROUP_MULTIMEM,
    default_semantics,
    format_jax_version,
    holds,
    rules_release,
)
from .warp_captures import WarpCapture

__all__ = ["AnalysisStopped", "Program", "build_program"]


@dataclass(frozen=True)
class Semantics:
    name: str | None  # "Lane", "Warpgroup", or None when it cannot be told
    reason: str


class _TracedKernels:
    """Whether JAX traces a kernel's body: not when its Mesh arguments (PAL010), its grid's
    entries (PAL078) or its scratch buffers' transforms (PAL012:
    smem_transforms.allocation_refused) are refused first.
    Decided once per kernel."""

    def __init__(self) -> None:
        # id -> (the kernel, held so that its id stays; whether its launch is refused before
        # anything else of it; whether its body is traced)
        self._seen: dict[int, tuple[KernelInfo, bool, bool]] = {}

    def __call__(self, kernel: KernelInfo) -> bool:
        known = self._seen.get(id(kernel))
        if known is None:  # (decided here, not in a helper: asked per op, on the keystroke path)
            refused = mesh_fault(kernel) is not None or (
                kernel.grid_not_int is not None and kernel.api == "kernel")
            known = (kernel, refused, not refused and not _scratch_refused(kernel)
                     and not scratch_type_raises(kernel))
            self._seen[id(kernel)] = known
        return known[2]

    def launch_refused(self, kernel: KernelInfo) -> bool:
        """JAX refuses the kernel's Mesh (PAL010) or its grid (PAL078) before it builds any
        of its buffers."""
        if id(kernel) not in self._seen:
            self(kernel)
        return self._seen[id(kernel)][1]


def grid_not_int(kernel: KernelInfo) -> tuple[int, str, str] | None:
    """plgpu.kernel's grid entry that is a float (PAL078): its launch fails in
    ``tracing_grid_env`` before the body is traced."""
    return kernel.grid_not_int if kernel.api == "kernel" else None


def _scratch_refused(kernel: KernelInfo) -> bool:
    return any(isinstance(item, RefTypeVal) and buffer_refused(item)
               for item in scratch_leaves(kernel.scratch_types))


def scratch_type_raises(kernel: KernelInfo) -> bool:
    """A scratch type of the kernel whose own call raises (``plgpu.TMEM((130, 128), ...)``:
    ref_type_faults.construction_fault, PAL041): the program stops there, before the kernel
    is called, so no check of its call or body is reached."""
    return any(isinstance(item, RefTypeVal) and construction_fault(item) is not None
               for item in scratch_leaves(kernel.scratch_types))


class Program:
    def __init__(self, tree: ast.Module, source: str, options: Options, interp: Interpreter) -> None:
        self.tree = tree
        self.source = source
        self.sources: dict[str, str] = {}  # other modules' text, for fixes that quote it
        self.lines = source.splitlines()
        # (first, last) 1-based lines of the analysed file whose text a rule read: every
        # read goes through ``text`` or ``rules.common.placed``. An edit of no other line
        # that leaves the tree as it was changes nothing of the analysis (reuse.py). One
        # list shared by the copies of each world (forms.py).
        self.read_lines: list[tuple[int, int]] = []
        self._shard_map_calls: list[ShardMapCall] | None = None
        self._trace_refused: frozenset[int] | None = None
        self._inference_refused: frozenset[int] | None = None
        self._past_end: list[tuple[RefAccess, tuple[int, int, int, int, int]]] | None = None
        self._default_semantics: Semantics | None = None  # of this release (a frozen value)
        self.options = options
        self.version = options.jax_version
        # A launch whose scratch list holds a type whose own call raises (PAL041) is never
        # made: the program stops at that call, before plgpu.kernel(...) gets its arguments.
        self.launches: list[Launch] = [launch for launch in interp.launches
                                       if not scratch_type_raises(launch.kernel)]
        # An op the release cannot lower at all under its kernel's semantics raises a
        # NotImplementedError of no rule class first: no rule judges it.
        # A kernel whose plgpu.kernel arguments JAX's Mesh refuses (PAL010) is never
        # traced: nothing of its body is reached.
        # A kernel whose plgpu.kernel arguments JAX's Mesh refuses (PAL010), or whose scratch
        # buffers' transforms it refuses while building their types (PAL012), is never
        # traced: nothing of its body is reached.
        traced = self.traced = _TracedKernels()
        reached = [op for op in interp.ops
                   if self.has_lowering(op) and traced(op.launch.kernel)]
        # The ops that NotImplementedError stops (PAL024 reports them).
        self.unlowerable_ops: list[Op] = [
            op for op in interp.ops if not self.has_lowering(op) and traced(op.launch.kernel)]
        # An op given a list where JAX needs a hashable parameter fails while traced
        # (PAL011): no later check of that op is reached, so no other rule judges it. A
        # multicast copy given a list before 0.10 lowers (measured on 0.8.3 and 0.9.0.1,
        # even over two axes, which a tuple is not): the other rules do not judge it either.
        self.unhashable_ops: list[Op] = [op for op in reached if self.refuses_list(op)]
        # A kernel given another platform's compiler params (PAL020) fails before its body
        # is lowered: no rule of the body judges it.
        self.ops: list[Op] = [op for op in reached if ("collective_axes" not in op.lists
                              or op.name not in COLLECTIVE_OPS)
                              and op.launch.kernel.foreign_params is None]
        self.kernels: list[KernelInfo] = interp.kernels
        # The ref facts (ref_facts.py, ref_ops.py): data-movement calls with their operands,
        # and every load / store of a ref, of the kernels whose mesh JAX accepts.
        self.ref_ops: list[Op] = [op for op in interp.ref_ops if traced(op.launch.kernel)]
        self.ref_accesses: list[RefAccess] = [access for access in interp.ref_accesses
                                              if traced(access.launch.kernel)]
        self.acc_stores: list[RefAccess] = [access for access in interp.acc_stores
                                            if traced(access.launch.kernel)]
        self.ref_views: list[RefAccess] = [view for view in interp.ref_views if traced(view.launch.kernel)]
        self.made_transforms: list[TransformVal] = interp.made_transforms  # type: ignore[assignment]
        self.made_ref_types: list[RefTypeVal] = interp.made_ref_types  # type: ignore[assignment]
        self.made_ref_unions: list[RefUnionCall] = interp.made_ref_unions  # type: ignore[assignment]
        self.warp_captures: list[WarpCapture] = [capture for capture in interp.warp_captures
                                                 if traced(capture.launch.kernel)]
        self.scoped_buffers: list[ScopedBuffer] = [scoped for scoped in interp.scoped_buffers
                                                   if traced(scoped.launch.kernel)]
        self.scoped_calls: list[ScopedCall] = [scoped for scoped in interp.scoped_calls
                                               if traced(scoped.launch.kernel)]
        # Every plgpu.Barrier / plgpu.ClusterBarrier the run built (values.BarrierVal).
        self.barriers = interp.barriers
        self.callee_names = interp.callee_names
        # The dotted path of a call whose canonical name folds two JAX callables (names.FOLDED).
        self.callee_spellings = interp.callee_spellings
        self.module_env = interp.module_env
        self.interp = interp
        self._parents: dict[int, ast.AST] | None = None
        # Kernel scopes whose parent map is not in _parents yet (parent() maps them lazily).
        self._unmapped_scopes: list[tuple[int, int, ast.AST]] = []  # (first line, last line, scope)
        self._lines: dict[str, _EncodedLines] = {}
        self._ops_by_node: dict[tuple[int, str], list[Op]] | None = None
        self._ops_by_name: dict[str, list[Op]] | None = None  # ops_of
        self._casting: frozenset[int] | None = None  # launches_casting_layouts, made once
        self._calls_by_name: dict[str, list[ast.Call]] | None = None
        self._named_calls: list[tuple[str, ast.Call]] | None = None
        self._names_in_file: frozenset[str] | None = None
        # reduce_facts.reduce_facts of each op asked (PAL006 and PAL007 ask for the same ops):
        # id -> (the op, its facts); the op is held, so its id is not reused meanwhile.
        self.reduce_memo: dict[int, tuple[object, object]] = {}

    # ---- queries the rules share --------------------------------------------------------

    def ops_of(self, *op_names: str) -> list[Op]:
        """The ops of these names, in the order the run met them (an index by name, made once:
        a rule that wants a few names does not walk every op)."""
        if self._ops_by_name is None:
            self._ops_by_name = defaultdict(list)
            for op in self.ops:
                self._ops_by_name[op.name].append(op)
        if len(op_names) == 1:
            return self._ops_by_name.get(op_names[0], [])
        return [op for op in self.ops if op.name in op_names]

    def ops_named(self, *op_names: str) -> dict[ast.Call, list[Op]]:
        """Ops grouped by call node, in source order; one entry per launch that reaches it."""
        grouped: dict[ast.Call, list[Op]] = defaultdict(list)
        wanted = frozenset(op_names)  # PAL019 asks for 130 names at once
        for op in self.ops:
            if op.name in wanted:
                grouped[op.node].append(op)
        return dict(sorted(grouped.items(), key=lambda item: (item[0].lineno, item[0].col_offset)))

    def launches_casting_layouts(self) -> frozenset[int]:
        """The ids of the launches whose kernel calls ``plgpu.layout_cast`` or loads a ref in a
        layout it names (``plgpu.load(ref, layout=...)``): a layout given constrains Warpgroup
        layout inference, which the rules predicting its failures do not judge."""
        if self._casting is None:
            casting = {id(op.launch) for op in self.ops if op.name == LAYOUT_CAST}
            casting.update(id(op.launch) for op in self.ref_ops if op.name == "plgpu.load"
                           and op.args.get("layout") not in (MISSING, Const(None)))
            self._casting = frozenset(casting)
        return self._casting

    def ops_at(self, node: ast.AST, name: str) -> list[Op]:
        if self._ops_by_node is None:
            self._ops_by_node = defaultdict(list)
            for op in self.ops:
                self._ops_by_node[(id(op.node), op.name)].append(op)
        return self._ops_by_node.get((id(node), name), [])

    def calls_named(self, name: str) -> list[ast.Call]:
        """The calls of the canonical ``name`` that the run reached, in the analysed file and
        the folder's modules (not in installed library code), in file and source order.

        Read from the calls the interpreter evaluated (as many as the run reached), not
        from a walk of every tree: on JAX's own 5,000-line modules that walk, four times
        over, was half of the analysis."""
        if self._calls_by_name is None:
            grouped: dict[str, list[ast.Call]] = defaultdict(list)
            named = self.callee_names
            for key, node in self.interp.call_nodes.items():
                callee = named.get(key)
                if callee is not None:
                    grouped[callee].append(node)
            self._calls_by_name = dict(grouped)
        library = self.interp.library_paths
        found = [node for node in self._calls_by_name.get(name, ())
                 if not library or self.interp.path_of(node) not in library]
        return sorted(found, key=lambda n: (self.span(n).path or "", n.lineno, n.col_offset))

    def named_calls(self) -> list[tuple[str, ast.Call]]:
        """Every reached call whose callee has a canonical name, as (name, call), in the
        analysed file and the folder's modules, in file and source order."""
        if self._named_calls is None:
            self.calls_named("")  # builds the index
            assert self._calls_by_name is not None
            library = self.interp.library_paths
            path_of = self.interp.path_of
            found = [(path_of(node) or "", name, node)
                     for name, nodes in self._calls_by_name.items() for node in nodes
                     if not library or path_of(node) not in library]
            found.sort(key=lambda item: (item[0], item[2].lineno, item[2].col_offset))
            self._named_calls = [(name, node) for _, name, node in found]
        return self._named_calls

    def library_attribute_reads(self, wanted: Container[str] | None = None
                                ) -> list[tuple[ast.Attribute, str, str]]:
        """Every attribute read of a library name the run evaluated (``plgpu.SemaphoreType.DMA``
        as (the node, "plgpu.SemaphoreType", "DMA")), in the analysed file and the folder's
        modules (not in installed library code), in file and source order; not those read
        under a handler that may catch their AttributeError (a program probing for a name).
        ``wanted``: the owners asked for (tested first: most reads are of no interest)."""
        library = self.interp.library_paths
        path_of = self.interp.path_of
        found = []
        for node, owner, attr, probed in self.interp.library_attributes.values():
            if probed or (wanted is not None and owner not in wanted):
                continue
            path = path_of(node)
            if not probed and (not library or path not in library):
                found.append((path or "", (node, owner, attr)))
        found.sort(key=lambda item: (item[0], item[1][0].lineno, item[1][0].col_offset))
        return [read for _, read in found]

    def refused_calls(self) -> list[RefusedCall]:
        """The calls of the program's own defs whose arguments the signature cannot bind,
        whose TypeError surely reaches module level uncaught (python/refused_calls.py), in
        file and source order."""
        found = list(self.interp.refused_calls.values())
        return sorted(found, key=lambda c: (self.span(c.node).path or "", c.node.lineno, c.node.col_offset))

    def shard_map_calls(self) -> list[ShardMapCall]:
        """The calls of shard_map-wrapped functions the run reached in the analysed file and
        the folder's modules (not in installed library code), in file and source order.
        Sorted once: four rules read them."""
        if self._shard_map_calls is None:
            library = self.interp.library_paths
            found = [call for call in self.interp.shard_map_calls
                     if not library or self.interp.path_of(call.node) not in library]
            self._shard_map_calls = sorted(
                found, key=lambda c: (self.span(c.node).path or "", c.node.lineno, c.node.col_offset))
        return self._shard_map_calls

    def trace_refused_launches(self) -> frozenset[int]:
        """The ids of the launches whose body JAX refuses while it traces it: a store of
        another dtype or shape (PAL026: "Invalid dtype for `swap`"), a control-flow call it
        refuses (PAL077: an array as lax.cond's predicate, ...), a pl.ds past its dimension
        (PAL081), a multimem_store of another dtype or shape (PAL082), two arrays whose shapes
        do not broadcast (PAL079). Tracing stops there, so
        nothing of that launch is lowered and no lowering rule judges it. Found once:
        several rules read it."""
        if self._trace_refused is None:
            found = {id(access.launch) for access in self.ref_accesses if access.kind == "store"
                     and store_fault(access.ref, access.index, access.value, self.interp.x64) is not None}
            # A pl.ds past its dimension (PAL081): "Out of bound slice" while tracing.
            found.update(id(access.launch) for access, _fault in self.slices_past_end())
            # An async_store_tmem of another shape (PAL026's swap check).
            found.update(id(op.launch) for op in self.ref_ops if tmem_store_fault(op) is not None)
            # A multimem_store of another dtype or shape (PAL082): its abstract evaluation.
            found.update(id(op.launch) for op in self.ops_of("plgpu.multimem_store")
                         if store_operand_fault(op) is not None)
            for op in (*self.ref_ops, *self.ops_of("lax.fori_loop"), *self.ops_of("lax.while_loop")):
                if op.name in _CONTROL_FLOW and control_flow_refused(op):
                    found.add(id(op.launch))
            # Two arrays whose shapes do not broadcast (PAL079): lax's shape rule, while tracing.
            if self.interp.trace_stopped_launches:
                found.update(self.interp.trace_stopped_launches)
            self._trace_refused = frozenset(found)
        return self._trace_refused

    def slices_past_end(self) -> list[tuple[RefAccess, tuple[int, int, int, int, int]]]:
        """The views, loads and stores whose ``pl.ds`` runs past its dimension, each with
        ref_facts.ds_past_end's fault (PAL081 words them; they stop tracing). Found once."""
        if self._past_end is None:
            self._past_end = [(access, fault) for access in (*self.ref_views, *self.ref_accesses)
                              if (fault := ds_past_end(access.ref, access.index)) is not None]
        return self._past_end

    def inference_refused_launches(self) -> frozenset[int]:
        """The ids of the launches under Warpgroup semantics whose layout inference fails
        before any op is lowered (a load no register layout fits: load_sizes, PAL027's; a
        load or store of a swizzled, untiled buffer: PAL012's); the
        lowering rules judge nothing of them. Found once."""
        if self._inference_refused is None:
            # (Imported here: load_sizes reads this class's facts.)
            from .load_sizes import swizzled_off_tile_uninferred, swizzled_uninferred, warpgroup_unlayoutable
            self._inference_refused = frozenset(
                {id(load.access.launch) for load in warpgroup_unlayoutable(self)}
                | set(swizzled_uninferred(self)) | set(swizzled_off_tile_uninferred(self)))
        return self._inference_refused

    def names_in_file(self) -> frozenset[str]:
        """Every identifier the analysed file spells as a name, reached or not: what a fix
        that adds an import must not shadow. Computed once, on the first fix that asks."""
        if self._names_in_file is None:
            self._names_in_file = frozenset(
                node.id for node in walk(self.tree) if isinstance(node, ast.Name))
        return self._names_in_file

    def semantics(self, kernel: KernelInfo) -> Semantics:
        # Asked for every op of every launch (has_lowering): the version is spelled once.
        if isinstance(kernel.semantics, SemanticsVal):
            return Semantics(kernel.semantics.name, "set by compiler_params")
        if kernel.semantics is None:
            if self._default_semantics is None:
                self._default_semantics = Semantics(default_semantics(self.version),
                                                    f"the default of JAX {format_jax_version(self.version)}")
            return self._default_semantics
        return Semantics(None, "compiler_params could not be read")

    def has_lowering(self, op: Op) -> bool:
        """Before 0.10 the multimem ops have no Warpgroup lowering ("Unimplemented
        primitive in Pallas Mosaic GPU lowering", docs/jax-releases.md)."""
        return not (op.name in MULTIMEM_OPS and not holds(WARPGROUP_MULTIMEM, self.version)
                    and self.semantics(op.launch.kernel).name == "Warpgroup")

    def refuses_list(self, op: Op) -> bool:
        """collective_axes given as a list: "parameters to jaxpr equations must have __hash__"
        on the op line; a multicast copy hashes its ref's axes only from 0.10 ("unhashable
        type: 'list'" on the copy line; 0.9.0.1 lowers it)."""
        if "collective_axes" not in op.lists or op.name not in COLLECTIVE_OPS:
            return False  # nd_loop takes a list (it passes it to lax.axis_index; measured)
        return op.name != "plgpu.copy_smem_to_gmem" or holds(MULTICAST_COPY_HASHES_AXES, self.version)

    def api_removed(self, kernel: KernelInfo) -> bool:
        """No Mosaic GPU lowering is registered for pl.pallas_call: a bare AssertionError.

        Measured on 0.12.0.1 (CPU cross-lowering) and on 0.11.2 (an H200 host,
        docs/gpu-lowering-h200.md); 0.10.2 still lowers it.
        """
        return (kernel.api == "pallas_call" and kernel.foreign_params is None
                and holds(PALLAS_CALL_MOSAIC_GPU_GONE, self.version))

    def parent(self, node: ast.AST) -> ast.AST | None:
        """The syntactic parent of a node inside a kernel body (the rules ask about no other)."""
        # The map of every kernel scope, built only for the scopes whose lines hold the node:
        # the same answer as building them all first (a node lies within the lines of every
        # node above it, a decorator within its function's; a node has one parent, in every
        # scope that holds it), without walking the kernels no rule asks about (a third of
        # the rules' time on the generated files). A node without a line walks them all.
        if self._parents is None:
            self._parents = {}
            self._unmapped_scopes = [(*_lines_of(scope), scope)
                                     for scope in self.interp.kernel_scopes.values()]
        found = self._parents.get(id(node))
        if found is not None or not self._unmapped_scopes:
            return found
        line = getattr(node, "lineno", None)
        kept: list[tuple[int, int, ast.AST]] = []
        for start, end, scope in self._unmapped_scopes:
            if line is None or start <= line <= end:
                self._parents.update(_scope_parents(scope))
            else:
                kept.append((start, end, scope))
        self._unmapped_scopes = kept
        return self._parents.get(id(node))

    def span(self, node: ast.AST) -> Span:
        """The node's span, naming its file when it lies in another module of the folder."""
        return self.interp.span(node)

    def text(self, node: ast.AST) -> str:
        """The source text of a node (ast.get_source_segment re-splits the file per call)."""
        path = self.interp.path_of(node)
        key = path or ""
        lines = self._lines.get(key)
        if lines is None:
            # Split once; a line is encoded when it is read (columns count UTF-8 bytes).
            source = self.sources.get(path, "") if path else self.source
            lines = self._lines[key] = _EncodedLines(_split_lines(source))
        end_line = getattr(node, "end_lineno", None)
        end_col = getattr(node, "end_col_offset", None)
        line, col = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        if end_line is None or end_col is None or not 0 < line <= end_line <= len(lines):
            return ast.unparse(node)
        if not path:
            self.read_lines.append((line, end_line))
        if line == end_line:
            return lines[line - 1][col:end_col].decode("utf-8", errors="replace")
        chunks = [lines[line - 1][col:], *lines.span(line, end_line - 1), lines[end_line - 1][:end_col]]
        return b"".join(chunks).decode("utf-8", errors="replace")

    def where(self, span: Span, near: ast.AST | None) -> str:
        """'line 30', or 'line 30 of main.py' when the line is not in the file of ``near``
        (the node a message is about): folder analysis reasons across modules."""
        home = self.span(near).path if near is not None else None
        if span.path == home:
            return f"line {span.line}"
        file = span.path or self.interp.path
        return f"line {span.line}" + (f" of {PurePath(file).name}" if file else "")

    def alias_for(self, qualname: str) -> str | None:
        """A module-level name bound to ``qualname`` (e.g. 'plgpu' for the Mosaic GPU module)."""
        from .values import QualName

        for name, value in self.module_env.names.items():
            if isinstance(value, QualName) and value.name == qualname:
                return name
        return None

    # ---- hover facts ---------------------------------------------------------------------

    def op_facts(self) -> tuple[OpFacts, ...]:
        facts: list[OpFacts] = []
        version = f"{format_jax_version(self.version)} ({self.options.jax_version_source})"
        _, note = rules_release(self.version)
        if note:
            version += f"; {note}"
        for node, ops in self.ops_named(*HOVERED_OPS).items():
            first = ops[0]
            rows: list[tuple[str, str]] = [("what it does", OPS[first.name].hover or "")]
            for launch in unique_launches(ops):
                rows.append(("launch", describe_launch(launch, self, node)))
            if "collective_axes" in first.args:
                rows.append(("collective_axes", describe_value(first.args["collective_axes"])))
            if "axis_name" in first.args:
                rows.append(("axis name", describe_value(first.args["axis_name"])))
            semantics = self.semantics(first.launch.kernel)
            rows.append(("lowering semantics", f"{semantics.name or 'unknown'} ({semantics.reason})"))
            rows.append(("JAX version", version))
            facts.append(OpFacts(self.span(node), OPS[first.name].short, tuple(rows)))
        covered = {id(node) for node in self.ops_named(*HOVERED_OPS)}
        for node, ref_ops in self._ref_ops_by_node().items():
            if id(node) not in covered:
                facts.append(self._ref_op_facts(node, ref_ops[0], version))
        return tuple(facts)

    def _ref_ops_by_node(self) -> dict[ast.Call, list[Op]]:
        grouped: dict[ast.Call, list[Op]] = defaultdict(list)
        for op in self.ref_ops:
            grouped[op.node].append(op)
        return grouped

    def _ref_op_facts(self, node: ast.Call, op: Op, version: str) -> OpFacts:
        """A copy's or wait's operands as the ref facts know them (ref_facts.py)."""
        rows: list[tuple[str, str]] = []
        for keyword, value in op.args.items():
            if isinstance(value, RefVal):
                rows.append((keyword, describe_ref(value)))
            elif keyword in op.arg_nodes and not isinstance(value, RefVal):
                rows.append((keyword, describe_value(value)))
        semantics = self.semantics(op.launch.kernel)
        rows.append(("lowering semantics", f"{semantics.name or 'unknown'} ({semantics.reason})"))
        rows.append(("JAX version", version))
        return OpFacts(self.span(node), op.name.rsplit(".", 1)[-1], tuple(rows))


# Child -> parent of every node under a kernel scope, kept with the scope node itself: a
# tree is never rearranged after its parse, so the map is the scope's as long as the node
# lives, and the statements the reparser keeps across a keystroke (reparse.py) keep theirs.
# Weak keys: a scope whose tree is gone takes its map with it (no id() is ever reused).
_SCOPE_PARENTS: weakref.WeakKeyDictionary[ast.AST, dict[int, ast.AST]] = weakref.WeakKeyDictionary()


def _lines_of(scope: ast.AST) -> tuple[int, int]:
    """The first and last lines of a scope, its decorators' included; a scope without
    positions is taken to hold every line."""
    start, end = getattr(scope, "lineno", None), getattr(scope, "end_lineno", None)
    if start is None or end is None:
        return 0, sys.maxsize
    decorators = getattr(scope, "decorator_list", None)
    if decorators:
        start = min(start, *(getattr(d, "lineno", start) for d in decorators))
    return start, end


_CONTEXTS = frozenset({ast.Load, ast.Store, ast.Del})
# The control-flow calls whose refusal while tracing stops a launch (loop_types).
_CONTROL_FLOW = frozenset({"lax.cond", "lax.switch", "lax.fori_loop", "lax.while_loop"})


def _scope_parents(scope: ast.AST) -> dict[int, ast.AST]:
    """Child -> parent for the whole subtree of one scope (nested scopes included)."""
    parents = _SCOPE_PARENTS.get(scope)
    if parents is not None:
        return parents
    parents = {}
    pending = [scope]
    while pending:
        node = pending.pop()
        for name in node._fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                for child in value:
                    if isinstance(child, ast.AST):
                        parents[id(child)] = node
                        pending.append(child)
            elif isinstance(value, ast.AST):
                parents[id(value)] = node
                if value.__class__ not in _CONTEXTS:  # (a Load or Store has no children)
                    pending.append(value)
    _SCOPE_PARENTS[scope] = parents
    return parents


class _EncodedLines:
    """A file's lines, each encoded to UTF-8 on first reading (a rule reads a few)."""

    def __init__(self, lines: list[str]) -> None:
        self._text = lines
        self._encoded: dict[int, bytes] = {}

    def __len__(self) -> int:
        return len(self._text)

    def __getitem__(self, index: int) -> bytes:
        found = self._encoded.get(index)
        if found is None:
            found = self._encoded[index] = self._text[index].encode("utf-8")
        return found

    def span(self, first: int, last: int) -> list[bytes]:
        """Lines ``first`` to ``last - 1`` (0-based), as a slice of them would be."""
        return [self[i] for i in range(first, min(last, len(self._text)))]


def _split_lines(source: str) -> list[str]:
    """Lines with their ends kept, split where the parser splits (not at form feeds)."""
    import re

    if not any(c in source for c in _OTHER_LINE_BREAKS):
        # Only \n, \r\n and \r end lines here, as for the parser: str.splitlines (C) splits
        # the same places. It drops the empty piece after a last line end; re.split keeps it.
        lines = source.splitlines(keepends=True)
        if not lines or lines[-1].endswith(("\n", "\r")):
            lines.append("")
        return lines
    return re.split(r"(?<=\r\n)|(?<=\n)|(?<=\r)(?!\n)", source)


# What str.splitlines also splits at and the parser does not.
_OTHER_LINE_BREAKS = ("\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def unique_launches(ops: list[Op]) -> list[Launch]:
    """The launches that reach these ops, each once, in source order."""
    seen: list[Launch] = []
    for op in ops:
        if op.launch not in seen:
            seen.append(op.launch)
    return sorted(seen, key=lambda launch: (launch.site.lineno, launch.site.col_offset))


def describe_value(value: object) -> str:
    from .values import Const

    if isinstance(value, Const):
        return short_repr(value.value)
    return "not known statically"


def short_repr(value: object, limit: int = 80) -> str:
    """repr() for messages: bounded, and safe on ints too long to print (Python 3.11+ refuses)."""
    try:
        text = repr(value)
    except ValueError:
        return f"<{type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_mesh(mesh: MeshVal, program: Program | None = None, near: ast.AST | None = None) -> str:
    """A clause for messages: 'the mesh built at line 30 has axes ('data', 'model')'."""
    place = program.where(mesh.span, near) if program is not None else f"line {mesh.span.line}"
    return f"the mesh built at {place} has axes {short_repr(mesh.axes)}"


def describe_launch(launch: Launch, program: Program, near: ast.AST | None = None) -> str:
    site = program.where(program.span(launch.site), near)
    ctx = launch.ctx
    if isinstance(ctx.manual, MeshVal):
        shard_map = (program.where(program.span(ctx.shard_map_node), near)
                     if ctx.shard_map_node is not None else "a shard_map")
        return (f"{site}, under jax.shard_map ({shard_map}) over the mesh built at "
                f"{program.where(ctx.manual.span, near)}, axes {short_repr(ctx.manual.axes)}")
    if ctx.manual is None:
        how = "jax.jit without jax.shard_map" if ctx.jit_node is not None else "a call without jax.shard_map"
        return f"{site}, through {how}: no device mesh reaches the kernel"
    return f"{site}, in a context that cannot be told statically"


def axes_set(value: object, *, string_is_one_name: bool) -> frozenset[str] | None:
    """The set JAX compares with the mesh's axes; None when the value is not known.

    multimem_store / multimem_load_reduce call ``set(collective_axes)`` on the raw
    value, so a string is a set of letters; semaphore_signal_multicast wraps a
    non-tuple in a tuple first (jax-facts.md, measured on 0.10.2 and 0.12.0.1).
    """
    from .values import Const

    members = plain_enum_members(value)
    if members:
        # A plain Enum member is equal to no string (JAX prints it as <Axis.X: 'x'>); its repr
        # stands for it. A bare one is wrapped in a tuple by the ops that wrap strings; the
        # multimem ops call set() on it, which fails otherwise (not judged).
        if isinstance(value, tuple):
            names = [members.get(id(item)) or _axis_string(item) for item in value]
            return None if any(n is None for n in names) else frozenset(names)  # type: ignore[arg-type]
        return frozenset(members.values()) if string_is_one_name else None
    if not isinstance(value, Const):
        return None
    raw = value.value
    if isinstance(raw, str):
        return frozenset({raw}) if string_is_one_name else frozenset(raw)
    strings = const_strings(value)
    if strings is None:
        return None
    return frozenset(strings)


def plain_enum_members(value: object) -> dict[int, str]:
    """The members of a plain (not str-mixin) Enum in a collective_axes value, by id, each as
    JAX prints it (``<Axis.X: 'x'>``); empty when there are none or one cannot be shown."""
    from .values import Const, is_enum_member

    items = value if isinstance(value, tuple) else (value,)
    shown: dict[int, str] = {}
    for item in items:
        if is_enum_member(item) and not item.cls.enum_mixin:  # type: ignore[attr-defined]
            member_value = item.attrs["value"]  # type: ignore[attr-defined]
            name = item.attrs.get("name")  # type: ignore[attr-defined]
            if not (isinstance(member_value, Const) and isinstance(name, Const)):
                return {}
            shown[id(item)] = f"<{item.cls.node.name}.{name.value}: {member_value.value!r}>"  # type: ignore[attr-defined]
    return shown


def _axis_string(item: object) -> str | None:
    from .values import Const

    return item.value if isinstance(item, Const) and isinstance(item.value, str) else None


def build_program(tree: ast.Module, options: Options, deadline: float, source: str = "",
                  modules: dict[str, SourceModule] | None = None, path: str | None = None,
                  sources: dict[str, str] | None = None, *, script: str | None = None) -> Program:
    interp = Interpreter(tree, options.jax_version, deadline, modules, path, options.library)
    interp.x64 = _x64_default(tree, source)
    if script is not None:
        interp.script = script
    texts = (source, *sources.values()) if sources else (source,)
    default_decimals = stdlib_guards.DEFAULT_DECIMAL_CONTEXT.set(
        bool(source) and stdlib_guards.decimal_context_untouched(texts))
    try:
        interp.run()
    except AnalysisStopped as exc:
        exc.partial = _program(tree, source, options, interp, sources)
        raise
    finally:
        stdlib_guards.DEFAULT_DECIMAL_CONTEXT.reset(default_decimals)
    return _program(tree, source, options, interp, sources)


def _x64_default(tree: ast.Module, source: str) -> bool | None:
    """64-bit types at the program's start: off (JAX's default) unless its code names x64 (the
    JAX_ENABLE_X64 environment variable set through os.environ, an absl flag, a config option
    read from a variable, jax.enable_x64): it may turn them on in ways not followed, so
    unknown, until a jax.config.update the run meets says (jax_calls._config_update). Comments
    and docstrings do not count; the tree is walked only when the text names x64 at all."""
    if not source:
        return None
    if "x64" not in source.lower():
        return False
    prose = {id(stmt.value) for stmt in walk(tree)
             if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)}
    for node in walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.alias):
            text = node.name
        elif isinstance(node, ast.keyword):
            text = node.arg
        if text is not None and "x64" in text.lower():
            return None
    return False


def _program(tree: ast.Module, source: str, options: Options, interp: Interpreter,
             sources: dict[str, str] | None) -> Program:
    program = Program(tree, source, options, interp)
    program.sources = sources or {}
    return program
