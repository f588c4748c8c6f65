"""PAL040 tcgen05_mma_operands: plgpu.tcgen05_mma(acc, a, b, barrier) whose shapes do not
multiply, whose operands sit in the wrong memory (acc TMEM, a SMEM or TMEM, b SMEM), whose
barrier (or plgpu.tcgen05_commit_arrive's) was not made with orders_tensor_core=True, whose
collective_axis meets a TMEM buffer not made collective=True, or whose block scales are given
one without the other or outside tensor memory.

None of these checks reads the target GPU: JAX makes them in ``tcgen05_mma`` itself and in its
abstract evaluation, before any architecture is consulted (measured on a CPU host, which
lowers for sm_90: docs/measurements/blackwell-lowering.md), so the rule needs no target."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .. import tmem_facts
from ..model import Finding, Options, Related
from ..program import Program
from ..smem_transforms import allocated_smem, minor_fits, swizzle_of, tile_rows
from ..trace import Op
from ..values import MISSING, BarrierRefVal, Const, RefVal
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named

RULE = Rule(
    code="PAL040",
    name="tcgen05_mma_operands",
    title="tcgen05_mma operands: acc (M, N) in TMEM += a (M, K) in SMEM/TMEM @ b (K, N) in SMEM",
    jax_message=(
        "ValueError: Accumulator and LHS have incompatible shapes. Expected LHS to have shape "
        "(m, k) and accumulator to have shape (m, n). Accumulator: (128, 128). LHS: (64, 64).\n"
        "ValueError: Accumulator and RHS have incompatible shapes. Expected RHS to have shape "
        "(k, n) and accumulator to have shape (m, n). Accumulator: (128, 128). RHS: (128, 64).\n"
        "ValueError: LHS and RHS have incompatible shapes. LHS: (128, 64). RHS: (128, 128).\n"
        "ValueError: Accumulator must be a TMEM Ref.\n"
        "ValueError: MMA barrier must have orders_tensor_core set to True.\n"
        "ValueError: a_scale and b_scale must both be present or absent.\n"
        "ValueError: Accumulator Ref must be collective if collective_axis is set.\n"
        "ValueError: a_scale must be a TMEM Ref\n"
        "ValueError: MMA lhs tiling does not fit swizzle. lhs_tiling=(16, 64) expected=(8, 64)"
    ),
    lowering_errors=(
        # float32 inputs, read as tf32, that tcgen05's MMA has no instruction kind for.
        LoweringError(r"\AUnsupported input element type: tf32\Z", exc_type="NotImplementedError"),
        # tcgen05_mma's own shape checks (0.8.3 and 0.10.2 end the first two messages after
        # "incompatible shapes."; 0.11.2 on add the expected shapes).
        LoweringError(r"^Accumulator and LHS have incompatible shapes\.", "ValueError"),
        LoweringError(r"^Accumulator and RHS have incompatible shapes\.", "ValueError"),
        LoweringError(r"^LHS and RHS have incompatible shapes\. LHS: ", "ValueError"),
        # Its abstract evaluation: the memory spaces and the barrier.
        LoweringError(r"^Accumulator must be a TMEM Ref\.$", "ValueError"),
        LoweringError(r"^LHS must be a TMEM/SMEM Ref\.$", "ValueError"),
        LoweringError(r"^RHS must be an SMEM Ref\.$", "ValueError"),
        LoweringError(r"^MMA barrier must have orders_tensor_core set to True\.$", "ValueError"),
        # tcgen05_mma's scales, then its abstract evaluation's collective refs and scale refs.
        LoweringError(r"^a_scale and b_scale must both be present or absent\.$", "ValueError"),
        LoweringError(r"^(Accumulator|LHS) Ref must be collective if collective_axis is set\.$",
                      "ValueError"),
        LoweringError(r"^[ab]_scale must be a TMEM Ref$", "ValueError"),
        # Lane's tcgen05_mma rule: the SMEM operands' tiles (the same words as wgmma's without
        # its "WGMMA " prefix; "{(8, swizzle_elems)}" in JAX's template).
        LoweringError(r"^MMA (lhs|rhs) tiling does not fit swizzle", "ValueError",
                      sites=r"pallas/mosaic_gpu/primitives\.py:_tcgen05_mma_lowering$"),
    ),
    what_it_means=(
        "`plgpu.tcgen05_mma(acc, a, b, barrier)` issues a Blackwell tensor-core matrix multiply "
        "`acc (M, N) += a (M, K) @ b (K, N)`: `acc` is a tensor-memory ref (`plgpu.TMEM((M, N), "
        "jnp.float32)`), `a` a shared- or tensor-memory ref, `b` a shared-memory ref. With "
        "`collective_axis` the two blocks of a cluster pair share the work and `acc` is "
        "`(M, 2 * N)`; with `a_sparse_metadata`, `b` has `2 * K` rows. The barrier the MMA "
        "arrives on when done (and the one `plgpu.tcgen05_commit_arrive(barrier)` signals) "
        "must be made with `plgpu.Barrier(orders_tensor_core=True)`. A collective MMA's "
        "`acc` (and `a`, when in TMEM) is a buffer both blocks share: "
        "`plgpu.TMEM(..., collective=True)`. A block-scaled MMA takes both `a_scale` and "
        "`b_scale`, each in tensor memory."
    ),
    when_it_happens=(
        "When the kernel is traced, on the `plgpu.tcgen05_mma` line, in every release from "
        "0.8.3 to 0.12.0.1 (0.11.2 on name the expected shapes in the first two messages). JAX "
        "checks M, then N, then K, then that both scales or neither are given, then the "
        "memory spaces of acc, a and b, then (with `collective_axis`) that acc and a TMEM a "
        "are collective buffers, then the barrier, then the scales' memory spaces, and stops "
        "at the first that fails; `tcgen05_commit_arrive` checks its barrier the same "
        "way. None of these depends on the target GPU: a CPU "
        "host, which lowers for sm_90, reports them as an sm_100 host would. The analysis "
        "judges shapes of 2-D refs whose memory space it knows (a `plgpu.SMEM` / `plgpu.TMEM` "
        "buffer, a kernel's GMEM operand, views of them) and is silent where one is not known; "
        "it judges N only when `collective_axis` is known and K only when `a_sparse_metadata` "
        "is known, and a buffer's `collective=` only for a `plgpu.kernel` scratch buffer. "
        "Once tracing is done, under Lane semantics, the lowering checks that a and b in "
        "shared memory are tiled `(8, swizzle // itemsize)` (\"MMA lhs tiling does not fit "
        "swizzle\", on the same line, 0.8.3 to 0.12.0.1)."
    ),
    how_to_fix=(
        "Make the shapes agree (`acc.shape == (a.shape[0], b.shape[1])`, or `(a.shape[0], 2 * "
        "b.shape[1])` with `collective_axis`; `a.shape[1] == b.shape[0]`): a `b` held as "
        "`(N, K)` is passed as `plgpu.transpose_ref(b_smem, (1, 0))`. Accumulate into "
        "`plgpu.TMEM((M, N), jnp.float32)` scratch, keep `b` in `plgpu.SMEM`, and make the "
        "barrier `plgpu.Barrier(orders_tensor_core=True)`. Declare a collective MMA's "
        "accumulator `plgpu.TMEM((M, 2 * N), jnp.float32, collective=True)`; pass both "
        "scales (in `plgpu.TMEM`) or neither."
    ),
    bad_example='''
def kernel(o_ref, a_smem, b_smem, acc_tmem, mma_done):
    # a_smem is (128, 64), b_smem is (128, 64): b must be (K, N) = (64, 128)
    plgpu.tcgen05_mma(acc_tmem, a_smem, b_smem, mma_done, accumulate=False)
''',
    good_example='''
def kernel(o_ref, a_smem, b_smem, acc_tmem, mma_done):
    b_kn = plgpu.transpose_ref(b_smem, (1, 0))
    plgpu.tcgen05_mma(acc_tmem, a_smem, b_kn, mma_done, accumulate=False)
''',
    fixable=False,
)


_SHAPES_TODO = ("make acc (M, N), a (M, K) and b (K, N); a b held as (N, K) is passed as "
                "plgpu.transpose_ref(b, (1, 0))")


@dataclass(frozen=True)
class Fault:
    what: str  # plain words: what is wrong
    jax_words: str  # JAX's own text, as it begins
    todo: str  # what to do


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in ref_ops_named(program, "plgpu.tcgen05_mma").items():
        judged = [(op, faults) for op in ops
                  if (faults := operand_faults(op) or _tiling_faults(program, op)
                      or _input_dtype_faults(program, op))]
        if not judged:
            continue
        _op, faults = judged[0]
        related: list[Related] = []
        for op, _faults in judged:
            related.extend(kernel_related(program, op.launch))
        words = "; ".join(fault.what for fault in faults)
        todo = "; ".join(dict.fromkeys(fault.todo for fault in faults))
        yield Finding(RULE.code, program.span(node),
                      f"plgpu.tcgen05_mma: {words}. JAX fails with \"{faults[0].jax_words}\". "
                      f"Fix: {todo}.", related=dedupe(related))


    # tcgen05_commit_arrive(barrier) makes the barrier arrive when the MMAs issued so far are
    # done: JAX checks that barrier as tcgen05_mma checks its own.
    for node, ops in ref_ops_named(program, "plgpu.tcgen05_commit_arrive").items():
        faulty = [op for op in ops if _barrier_fault(op.args.get("barrier", MISSING))]
        if faulty:
            fault = _barrier_fault(faulty[0].args.get("barrier", MISSING))
            assert fault is not None
            related = [r for op in faulty for r in kernel_related(program, op.launch)]
            yield Finding(RULE.code, program.span(node),
                          f"plgpu.tcgen05_commit_arrive: {fault.what}. JAX fails with "
                          f"\"{fault.jax_words}\". Fix: {fault.todo}.",
                          related=dedupe(related))


def operand_faults(op: Op) -> list[Fault]:
    """What is wrong with one tcgen05_mma's operands, in the order JAX checks them:
    tcgen05_mma's shapes and scales, then its abstract evaluation's memory spaces,
    collective refs, barrier and scale refs."""
    acc, a, b = op.args.get("acc"), op.args.get("a"), op.args.get("b")
    faults = _shape_faults(op, acc, a, b)
    a_scale, b_scale = op.args.get("a_scale", MISSING), op.args.get("b_scale", MISSING)
    scaled = _is_set(a_scale), _is_set(b_scale)
    if None not in scaled and scaled[0] != scaled[1]:
        given, other = ("a_scale", "b_scale") if scaled[0] else ("b_scale", "a_scale")
        faults.append(Fault(
            f"{given} is given without {other}", "a_scale and b_scale must both be present "
            "or absent.", f"a block-scaled MMA takes both scales: pass {other} too, or "
            f"neither"))
    faults.extend(_space_faults(acc, a, b))
    if _is_set(op.args.get("collective_axis", MISSING)):
        faults.extend(_collective_faults(op, acc, a))
    barrier_fault = _barrier_fault(op.args.get("barrier", MISSING))
    if barrier_fault is not None:
        faults.append(barrier_fault)
    if scaled == (True, True):
        for name, scale in (("a_scale", a_scale), ("b_scale", b_scale)):
            if _space(scale) is not None and _space(scale) != "TMEM":
                faults.append(Fault(
                    f"{name} is a ref in {_space(scale)}, not in tensor memory",
                    f"{name} must be a TMEM Ref",
                    f"keep {name} in plgpu.TMEM (plgpu.async_copy_scales_to_tmem copies "
                    "scales there from SMEM)"))
    return faults


def _input_dtype_faults(program: Program, op: Op) -> list[Fault]:
    """float32 inputs with no block scales: tcgen05's instruction kinds take f16 / bf16, FP8 and
    int8 inputs only; Mosaic GPU reads float32 as tf32 and its MMA refuses it while it lowers
    ("NotImplementedError: Unsupported input element type: tf32", tcgen05.py `_do_mma`), after
    every check of ``mma`` (an f32 accumulator is the one float32 inputs pass them with).
    Measured on 0.10.2, 0.11.2 and 0.12.0.1 (pal040/tcgen05_mma_float32_inputs.py)."""
    if tuple(program.version[:2]) < (0, 10) or _is_set(op.args.get("a_scale", MISSING)) is not False \
            or _is_set(op.args.get("a_sparse_metadata", MISSING)) is not False \
            or _space(op.args.get("a")) != "SMEM":
        return []
    dtypes = [getattr(getattr(op.args.get(name), "dtype", None), "name", None) for name in ("acc", "a", "b")]
    if dtypes != ["float32", "float32", "float32"]:
        return []
    return [Fault("a and b are float32, which tcgen05 has no instruction for (it multiplies "
                  "float16 / bfloat16, FP8 and int8 inputs; Mosaic GPU reads float32 as tf32 "
                  "and refuses it)", "Unsupported input element type: tf32",
                  "cast the operands to bfloat16 or float16 before they are copied to shared "
                  "memory (accumulate in float32)")]


def _tiling_faults(program: Program, op: Op) -> list[Fault]:
    """Lane's tcgen05_mma rule, once tracing is done: a and b in SMEM are read in swizzled
    tiles of 8 rows, ``(8, swizzle // itemsize)`` ("MMA lhs tiling does not fit swizzle.
    lhs_tiling=(16, 64) expected=(8, 64)"; the rhs's words after it). Judged for buffers
    whose allocation the analysis saw, tiled and swizzled as the allocation accepts (a
    misfit minor tile is PAL012's), under Lane semantics (Warpgroup's layout inference
    refuses other things first)."""
    if program.semantics(op.launch.kernel).name != "Lane":
        return []
    for role, side, words in (("a", "lhs", "MMA lhs tiling does not fit swizzle. "),
                              ("b", "rhs", "MMA rhs tiling does not fit swizzle ")):
        ref = allocated_smem(op.args.get(role))
        if ref is None or not minor_fits(ref):
            continue
        rows = tile_rows(ref)
        if rows == _MMA_TILE_ROWS:
            continue
        minor = next(t.value for t in ref.transforms if t.kind == "tiling")[1]  # type: ignore[union-attr,index]
        return [Fault(
            f"{role} is tiled in ({rows}, {minor}) tiles; tcgen05_mma reads shared memory in "
            f"tiles of {_MMA_TILE_ROWS} rows, ({_MMA_TILE_ROWS}, {minor}) for this swizzle and dtype",
            f"{words}{side}_tiling=({rows}, {minor}) expected=({_MMA_TILE_ROWS}, {minor})",
            f"allocate {role} with transforms=(plgpu.TilingTransform(({_MMA_TILE_ROWS}, {minor})), "
            f"plgpu.SwizzleTransform({swizzle_of(ref)}))")]
    return []


_MMA_TILE_ROWS = 8  # tcgen05_mma reads (8, swizzle // itemsize) tiles, as wgmma does


def _collective_faults(op: Op, acc: object, a: object) -> list[Fault]:
    """A collective MMA (collective_axis set) whose acc, or TMEM a, is a plgpu.TMEM scratch
    buffer made without collective=True: the two blocks of the pair share it."""
    faults: list[Fault] = []
    for name, ref, words in (("acc", acc, "Accumulator Ref must be collective if "
                                          "collective_axis is set."),
                             ("a", a, "LHS Ref must be collective if collective_axis is set.")):
        made = tmem_facts.scratch_type_of(ref, op.launch)
        if made is not None and tmem_facts.flag(made.collective) is False:
            faults.append(Fault(
                f"{name} is a plgpu.TMEM buffer made without collective=True, but the MMA is "
                "collective (collective_axis is set)", words,
                f"declare {name}'s buffer plgpu.TMEM(..., collective=True)"))
    return faults


def _shape_faults(op: Op, acc: object, a: object, b: object) -> list[Fault]:
    shapes = _matrix(acc), _matrix(a), _matrix(b)
    if None in shapes:
        return []  # a shape not known (or not 2-D: Python's unpacking error, not this rule's)
    (acc_m, acc_n), (lhs_m, lhs_k), (rhs_k, rhs_n) = shapes  # type: ignore[misc]
    faults: list[Fault] = []
    if acc_m != lhs_m:
        faults.append(Fault(
            f"acc has {acc_m} rows (M) but a has {lhs_m}",
            "Accumulator and LHS have incompatible shapes",
            _SHAPES_TODO))
    collective = _is_set(op.args.get("collective_axis", MISSING))
    if collective is not None:
        want_n = rhs_n * 2 if collective else rhs_n
        if acc_n != want_n:
            how = f"2 * {rhs_n} = {want_n} in a collective MMA" if collective else f"{rhs_n}"
            faults.append(Fault(
                f"acc has {acc_n} columns (N) but b has {rhs_n}, so acc needs {how}",
                "Accumulator and RHS have incompatible shapes",
                "make acc (M, 2 * N) with collective_axis, for b (K, N)" if collective
                else _SHAPES_TODO))
    sparse = _is_set(op.args.get("a_sparse_metadata", MISSING))
    if sparse is not None and lhs_k * (1 + sparse) != rhs_k:
        need = f"2 * {lhs_k} = {2 * lhs_k} (a is sparse)" if sparse else f"{lhs_k}"
        faults.append(Fault(
            f"a has {lhs_k} columns (K) but b has {rhs_k} rows, which must be {need}",
            "LHS and RHS have incompatible shapes",
            _SHAPES_TODO))
    return faults


def _space_faults(acc: object, a: object, b: object) -> list[Fault]:
    # JAX's abstract evaluation stops at the first; all are listed, JAX's first quoted.
    faults: list[Fault] = []
    if _space(acc) is not None and _space(acc) != "TMEM":
        faults.append(Fault(f"acc is a ref in {_space(acc)}, not in tensor memory",
                            "Accumulator must be a TMEM Ref.",
                            "accumulate into plgpu.TMEM((M, N), jnp.float32) scratch"))
    if _space(a) is not None and _space(a) not in ("SMEM", "TMEM"):
        faults.append(Fault(f"a is a ref in {_space(a)}, not in shared or tensor memory",
                            "LHS must be a TMEM/SMEM Ref.",
                            "copy a into plgpu.SMEM first (plgpu.copy_gmem_to_smem)"))
    if _space(b) is not None and _space(b) != "SMEM":
        faults.append(Fault(f"b is a ref in {_space(b)}, not in shared memory",
                            "RHS must be an SMEM Ref.",
                            "copy b into plgpu.SMEM first (plgpu.copy_gmem_to_smem)"))
    return faults


def _barrier_fault(barrier: object) -> Fault | None:
    """JAX reads ``orders_tensor_core`` (default False) of the barrier the MMA arrives on."""
    if not isinstance(barrier, BarrierRefVal) or barrier.barrier.kind != "Barrier":
        return None
    orders = barrier.barrier.orders_tensor_core
    if orders is MISSING or (isinstance(orders, Const) and orders.value is False):
        return Fault("its barrier was made without orders_tensor_core=True",
                     "MMA barrier must have orders_tensor_core set to True.",
                     "make the barrier plgpu.Barrier(orders_tensor_core=True)")
    return None


def _is_set(value: object) -> bool | None:
    """Whether an optional argument is given (not None); None when not known."""
    if value is MISSING or (isinstance(value, Const) and value.value is None):
        return False
    if isinstance(value, (Const, RefVal)):
        return True
    return None


def _space(value: object) -> str | None:
    return value.space if isinstance(value, RefVal) and isinstance(value.space, str) else None


def _matrix(value: object) -> tuple[int, int] | None:
    """A 2-D shape the analysis is sure of: a ref's whose memory space is known (a block of a
    pallas_call with block specs has the array's shape in its RefVal, so it is not judged)."""
    if _space(value) is None or not isinstance(value.shape, Const):  # type: ignore[union-attr]
        return None
    shape = value.shape.value  # type: ignore[union-attr]
    if isinstance(shape, tuple) and len(shape) == 2 and all(type(d) is int for d in shape):
        return shape  # type: ignore[return-value]
    return None
