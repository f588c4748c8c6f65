"""PAL029 wgmma_instruction_limits: plgpu.wgmma operands that agree with each other (PAL014)
but that Hopper's wgmma instruction cannot take: an accumulator dtype the operand dtype does
not allow, N above 256, or an 8-bit / 32-bit rhs not given K-major (transposed)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Finding, Options, Related
from ..program import Program
from ..smem_transforms import itemsize
from ..trace import Op
from ..values import AccRefVal, AccTypeVal, Const, RefVal, TransformVal
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named
from .pal014_wgmma_operands import _dtype, _matrix, operand_faults

RULE = Rule(
    code="PAL029",
    name="wgmma_instruction_limits",
    title="wgmma's instruction limits: an accumulator of 64-row tiles, the accumulator dtype "
          "the inputs allow, N <= 256, 8-/32-bit rhs K-major",
    jax_message=(
        "ValueError: WGMMA with element type bf16 only supports accumulators of type f32, but "
        "got: f16\n"
        "ValueError: WGMMA with element type f16 only supports accumulators of type f32 or f16, "
        "but got: i32\n"
        "ValueError: WGMMA with element type i8 only supports accumulators of type s32, but got: "
        "f32\n"
        "ValueError: N must be a multiple of 8 and <= 256, got: 512\n"
        "ValueError: Only f16 WGMMA supports transposes\n"
        "ValueError: WGMMA requires m and n to be multiples of 64 and 8, got 32 and 128   (Lane)\n"
        "VerificationError: 'mosaic_gpu.wgmma' op The accumulator's first dimension must be a "
        "multiple of 64, but got 32   (Warpgroup)"
    ),
    lowering_errors=(
        LoweringError(r"WGMMA with element type \S+ only supports accumulators of type",
                      "ValueError"),
        # tcgen05's instruction descriptor raises the same words: not this rule's sites.
        LoweringError(r"N must be a multiple of 8 and <= 256, got", "ValueError",
                      sites=r"mosaic/gpu/wgmma\.py:"),
        # Raised for an 8-bit or 32-bit rhs laid out N-major (a (K, N) buffer as allocated):
        # only 16-bit inputs may be transposed, whatever "f16" says.
        LoweringError(r"^Only f16 WGMMA supports transposes$", "ValueError"),
        # wgmma_wait(-1), from 0.11 (PAL013 claims the same words for its copy waits).
        LoweringError(r"n must be a non-negative integer, got", "ValueError",
                      sites=r"pallas/mosaic_gpu/primitives\.py:wgmma_wait_effectful_abstract_eval$"),
        # An accumulator whose rows are no multiple of 64: Lane's WGMMAAccumulator, and
        # Warpgroup's verifier of the wgmma op.
        LoweringError(r"WGMMA requires m and n to be multiples of 64 and 8", "ValueError"),
        LoweringError(r"'mosaic_gpu\.wgmma' op The accumulator's first dimension must be a "
                      r"multiple of 64"),
    ),
    what_it_means=(
        "`plgpu.wgmma(acc, a, b)` issues Hopper's `wgmma.mma_async` instruction, which takes "
        "only some combinations: bfloat16 (and float32, as tf32) inputs accumulate in float32; "
        "float16 and FP8 inputs in float32 or float16; int8 inputs in int32. One instruction "
        "is at most 256 columns wide (N <= 256). And only 16-bit inputs may be read "
        "transposed: for int8, FP8 and float32 inputs `b` must be K-major, i.e. allocated "
        "`(N, K)` and passed as `b_smem.T` (or `plgpu.transpose_ref(b_smem, (1, 0))`); a `(K, N)` "
        "buffer passed as it is is N-major, and JAX's message \"Only f16 WGMMA supports "
        "transposes\" means exactly that (bfloat16 may be transposed too). The accumulator "
        "itself is a grid of 64-row, 8-column tiles: `plgpu.ACC((M, N))` needs M a multiple of "
        "64 and N of 8."
    ),
    when_it_happens=(
        "When the kernel is lowered, on the `plgpu.wgmma` line, every release 0.8.3 to 0.12.0.1 "
        "under Lane semantics and 0.10.2 to 0.12.0.1 under Warpgroup semantics (the same texts), "
        "after PAL014's shape and dtype agreement. Under Warpgroup semantics a bfloat16 "
        "accumulator for float16 / FP8 inputs, and any accumulator but int32 for int8 inputs, "
        "fail earlier with other texts (an MLIR verification error, a TypeError about "
        "is_signed): the analysis stays silent on those. It judges `plgpu.ACC` accumulators "
        "and SMEM buffers whose shape and dtype it knows; a `b` reached through `.T`, "
        "`transpose_ref` or a reshape is not judged for the transpose. An accumulator of M "
        "rows not a multiple of 64 that a wgmma uses: under Lane semantics JAX fails where it "
        "is made (the `pl.run_scoped` line; for a scratch ACC the jitted call from 0.10, the "
        "kernel's launch on 0.8.3), under Warpgroup semantics (0.10.2 on) the MLIR verifier "
        "refuses the wgmma op on its line."
    ),
    how_to_fix=(
        "Give the accumulator a multiple of 64 rows (split M into blocks of 64); "
        "accumulate in `plgpu.ACC((M, N), jnp.float32)` (int32 for int8 inputs); split N into "
        "blocks of at most 256 columns (one wgmma per block); for int8 / FP8 / float32 inputs "
        "allocate `b` as `(N, K)` and pass `b_smem.T`."
    ),
    bad_example='''
def kernel(o_ref, a_smem, b_smem):   # a, b: float16
    def scope(acc_ref):
        plgpu.wgmma(acc_ref, a_smem, b_smem)
        return acc_ref[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.int32)).astype(o_ref.dtype)
''',
    good_example='''
def kernel(o_ref, a_smem, b_smem):   # a, b: float16
    def scope(acc_ref):
        plgpu.wgmma(acc_ref, a_smem, b_smem)
        return acc_ref[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.float32))
''',
    fixable=False,
)

# What Mosaic GPU's wgmma() accepts as accumulator for each input dtype (wgmma.py).
_ACC_FOR_INPUT: dict[str, tuple[frozenset[str], str]] = {
    "bfloat16": (frozenset({"float32"}), "f32"),
    "float32": (frozenset({"float32"}), "f32"),
    "float16": (frozenset({"float32", "float16"}), "f32 or f16"),
    "float8_e4m3fn": (frozenset({"float32", "float16"}), "f32 or f16"),
    "float8_e5m2": (frozenset({"float32", "float16"}), "f32 or f16"),
    "int8": (frozenset({"int32"}), "s32"),
}
_MAX_N = 256
_WARPGROUP_FROM = (0, 10)  # before, Pallas's Warpgroup wgmma rule refuses every lhs


@dataclass(frozen=True)
class Fault:
    what: str
    jax_words: str
    todo: str


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _negative_waits(program)
    wgmmas = ref_ops_named(program, "plgpu.wgmma")
    if not wgmmas:
        return
    yield from _acc_shapes(program, wgmmas)
    for node, ops in wgmmas.items():
        judged = [(op, fault) for op in ops if (fault := limit_fault(program, op))]
        if not judged:
            continue
        related: list[Related] = []
        for op, _fault in judged:
            related.extend(kernel_related(program, op.launch))
        fault = judged[0][1]
        yield Finding(RULE.code, program.span(node),
                      f"plgpu.wgmma: {fault.what}. JAX fails with \"{fault.jax_words}\". "
                      f"To fix: {fault.todo}.", related=dedupe(related))


def _negative_waits(program: Program) -> Iterator[Finding]:
    """``plgpu.wgmma_wait(n)`` with a negative n: from 0.11 its abstract evaluation refuses it
    while the kernel is traced ("ValueError: n must be a non-negative integer, got -1"), on the
    wait's line (0.10.2 lowers it; measured: pal029/wgmma_wait_negative.py)."""
    if tuple(program.version[:2]) < (0, 11):
        return
    seen: set[int] = set()
    for op in program.ref_ops:
        if op.name != "plgpu.wgmma_wait" or id(op.node) in seen:
            continue
        count = op.args.get("n")
        if not (isinstance(count, Const) and type(count.value) is int and count.value < 0):
            continue
        seen.add(id(op.node))
        yield Finding(
            RULE.code, program.span(op.node),
            f"wgmma_wait({count.value}): the count is how many wgmma groups may still be in "
            f"flight, 0 or more. JAX raises \"ValueError: n must be a non-negative integer, got "
            f"{count.value}\" while the kernel is traced. Use 0 to wait for every group.",
            related=dedupe(kernel_related(program, op.launch)))


def _acc_shapes(program: Program, wgmmas: dict[ast.Call, list[Op]]) -> Iterator[Finding]:
    """An accumulator of M rows not a multiple of 64 (or N columns not of 8) that wgmma uses.
    Lane makes the accumulator where it is allocated ("WGMMA requires m and n to be multiples
    of 64 and 8", wgmma.py, on the run_scoped line, or at the jitted call for a scratch ACC);
    Warpgroup's MLIR verifier refuses the wgmma op ("The accumulator's first dimension must be
    a multiple of 64") on the wgmma's line, after tracing. Measured: pal029/acc_rows_*.py."""
    seen: set[int] = set()
    for node, ops in wgmmas.items():
        for op in ops:
            acc = op.args.get("acc")
            shape = _matrix(acc) if isinstance(acc, AccRefVal) else None
            if shape is None or not (shape[0] % 64 or shape[1] % 8):
                continue
            semantics = program.semantics(op.launch.kernel).name
            lane = semantics == "Lane"
            if not lane and (semantics != "Warpgroup" or tuple(program.version[:2]) < _WARPGROUP_FROM
                             or operand_faults(op)):
                continue
            assert isinstance(acc, AccRefVal)
            blamed = node if not lane else _lane_blame(program, acc, op)
            if blamed is None:
                continue
            if id(blamed) in seen:
                continue
            seen.add(id(blamed))
            m, n = shape
            words = ("WGMMA requires m and n to be multiples of 64 and 8, got "
                     f"{m} and {n}") if lane else (
                     f"The accumulator's first dimension must be a multiple of 64, but got {m}"
                     if m % 64 else "an MLIR verification error")
            related = [Related(program.span(acc.node), "the accumulator is allocated here")] \
                if acc.node is not None and blamed is not acc.node else []
            if blamed is not node:
                related.append(Related(program.span(node), "the wgmma that uses it"))
            yield Finding(
                RULE.code, program.span(blamed),
                f"plgpu.ACC(({m}, {n})): a wgmma accumulator is cut into 64-row and 8-column "
                f"tiles (one warpgroup's instruction shape), so M must be a multiple of 64 and N "
                f"of 8; JAX fails with \"{words}\" ({semantics} semantics). Make it "
                f"plgpu.ACC(({-(-m // 64) * 64}, {-(-n // 8) * 8}), ...) or split the rows "
                f"into blocks of 64.",
                related=dedupe(related + kernel_related(program, op.launch)))


def _lane_blame(program: Program, acc: AccRefVal, op: Op) -> ast.AST | None:
    """Where Lane's traceback ends for an accumulator it cannot make: the ``pl.run_scoped``
    line that allocates it inside the kernel, or, for one among the kernel's scratch (made
    before the body is traced), the jitted call that lowers the kernel (0.10 on) or the
    kernel's launch (0.8.3)."""
    if acc.node is None:
        return None
    scratch = op.launch.kernel.scratch_types
    in_scratch = isinstance(scratch, tuple) and any(
        isinstance(t, AccTypeVal) and t.node is acc.node for t in scratch)
    if not in_scratch:
        return acc.node
    # Before 0.10 the traceback still holds the kernel's launch (measured on 0.8.3).
    return op.launch.site if tuple(program.version[:2]) < (0, 10) else op.launch.lowered_at


def limit_fault(program: Program, op: Op) -> Fault | None:
    """The first of wgmma's instruction limits one call breaks, in the order JAX checks."""
    if operand_faults(op):
        return None  # PAL014's: tracing stops before the instruction is chosen
    semantics = program.semantics(op.launch.kernel).name
    if semantics not in ("Lane", "Warpgroup"):
        return None
    if semantics == "Warpgroup" and tuple(program.version[:2]) < _WARPGROUP_FROM:
        return None
    acc, a, b = op.args.get("acc"), op.args.get("a"), op.args.get("b")
    if not isinstance(acc, AccRefVal):
        return None
    # b's dtype is the one JAX reads; a's is the same (PAL014), and known where b is a view.
    in_dtype, acc_dtype, acc_shape = _dtype(b) or _dtype(a), _dtype(acc), _matrix(acc)
    if in_dtype is None or acc_dtype is None or acc_shape is None:
        return None
    m, n = acc_shape
    if m % 64 or n % 8:
        return None  # the accumulator itself is refused first (not judged here)
    fault = _acc_dtype_fault(semantics, in_dtype, acc_dtype)
    if fault is not None or in_dtype not in _ACC_FOR_INPUT:
        return fault
    if n > _MAX_N:
        return Fault(f"N = {n}: the accumulator and b have {n} columns, one wgmma "
                     f"instruction at most {_MAX_N}",
                     "N must be a multiple of 8 and <= 256",
                     f"split N into blocks of at most {_MAX_N} columns, one wgmma (and one "
                     f"accumulator) per block")
    if itemsize(b.dtype if isinstance(b, RefVal) else None) in (1, 4) and _n_major(b):
        return Fault(f"b is {_article(in_dtype)} {in_dtype} buffer laid out (K, N), N-major; wgmma reads "
                     f"8-bit and 32-bit inputs only K-major (only 16-bit inputs may be "
                     f"transposed)", "Only f16 WGMMA supports transposes",
                     "allocate b as (N, K) and pass b_smem.T")
    return None


def _acc_dtype_fault(semantics: str, in_dtype: str, acc_dtype: str) -> Fault | None:
    allowed = _ACC_FOR_INPUT.get(in_dtype)
    if allowed is None or acc_dtype in allowed[0]:
        return None
    if semantics == "Warpgroup" and (in_dtype == "int8"
                                     or acc_dtype not in ("float32", "float16", "int32")):
        # Measured: other texts come first there (a verification error, an is_signed
        # TypeError), no rule's.
        return None
    wanted = "int32" if in_dtype == "int8" else "float32"
    return Fault(f"inputs of {in_dtype} accumulate only in {_words(allowed[0])}, and acc is "
                 f"{acc_dtype}",
                 f"WGMMA with element type ... only supports accumulators of type "
                 f"{allowed[1]}",
                 f"make the accumulator plgpu.ACC(shape, jnp.{wanted})")


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _words(dtypes: frozenset[str]) -> str:
    return " or ".join(sorted(dtypes, reverse=True))


def _n_major(b: object) -> bool:
    """An SMEM buffer as allocated (or a slot of one) with tiling and swizzle and no
    transpose, of shape (K, N): wgmma reads it N-major. A view the analysis cannot follow
    (`.T`, transpose_ref, reshape) is not judged."""
    if not isinstance(b, RefVal) or b.space != "SMEM" or b.transposed \
            or b.reshaped_from is not None or (b.root or b).node is None:
        return False
    transforms = b.transforms
    if not isinstance(transforms, tuple) or not all(isinstance(t, TransformVal)
                                                    for t in transforms):
        return False
    return tuple(t.kind for t in transforms) == ("tiling", "swizzle")
