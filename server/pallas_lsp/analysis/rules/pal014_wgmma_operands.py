"""PAL014 wgmma_operands: plgpu.wgmma(acc, a, b) with an operand that is not 2-D, shapes that
do not multiply, mixed operand dtypes, or an accumulator that is not a plgpu.ACC ref."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Finding, Options, Related
from ..program import Program
from ..trace import Op
from ..values import AccRefVal, ArrayVal, Const, DtypeVal, RefVal
from .base import LoweringError, Rule
from .common import dedupe, kernel_related, ref_ops_named

RULE = Rule(
    code="PAL014",
    name="wgmma_operands",
    title="wgmma operands: acc (M, N) += a (M, K) @ b (K, N), one input dtype, acc a plgpu.ACC ref",
    jax_message=(
        "ValueError: Incompatible shapes for matrix multiplication: lhs=(64, 128), "
        "rhs=b.shape=(64, 128), acc=(64, 128)\n"
        "ValueError: Mixed input dtypes for matrix multiplication unsupported: lhs=float16, "
        "rhs=bfloat16\n"
        "TypeError: Expected WGMMAAbstractAccumulatorRef got Ref<gmem>{float32[64,128]}\n"
        "ValueError: not enough values to unpack (expected 2, got 1)"
    ),
    lowering_errors=(
        LoweringError(r"Incompatible shapes for matrix multiplication", "ValueError"),
        LoweringError(r"Mixed input dtypes for matrix multiplication unsupported", "ValueError"),
        LoweringError(r"Expected WGMMAAbstractAccumulatorRef got", "TypeError"),
        # Python's own text, raised by wgmma's `m, n = acc.shape` (and a's, b's) for an
        # operand that is not 2-D; anchored to the whole message, as the PAL008 / PAL020 bare
        # AssertionError is, the finding on the error's line says whose it is.
        # b loaded into registers (_register_rhs): internal errors, claimed by their text.
        LoweringError(r"^'Fake' object has no attribute 'arg_names'$", "AttributeError"),
        LoweringError(r"JaxprInputEffect.* does not have (a )?corresponding jaxpr input", None),
        LoweringError(r"^(not enough values to unpack \(expected 2, got [01]\)"
                      r"|too many values to unpack \(expected 2(, got \d+)?\))$", "ValueError"),
    ),
    what_it_means=(
        "`plgpu.wgmma(acc, a, b)` computes `acc += a @ b` on the tensor cores of one "
        "warpgroup: `acc` is `(M, N)`, `a` is `(M, K)` and `b` is `(K, N)`, each exactly 2-D "
        "(JAX unpacks `m, n = acc.shape` first: a row `b_smem.at[0]` or a 3-D buffer fails "
        "there with Python's own \"not enough values to unpack\" / \"too many values to "
        "unpack\"); `a` and `b` have one "
        "dtype (from JAX 0.11.2 the FP8 pair float8_e4m3fn / float8_e5m2 may be mixed); and "
        "`acc` is an accumulator ref, made by `plgpu.ACC((M, N), dtype)` (in `pl.run_scoped` "
        "or the kernel's scratch types), not an input, output or SMEM ref."
    ),
    when_it_happens=(
        "When the kernel is traced, on the `plgpu.wgmma` line, in every release from 0.8.3 to "
        "0.12.0.1 (the same texts). JAX checks the ranks first, then the shapes, then the "
        "dtypes, then the accumulator. The analysis reads shapes of `plgpu.SMEM` / `plgpu.ACC` "
        "buffers, of refs whose memory space it knows (a `pl.pallas_call` with block specs or "
        "a grid passes blocks: their shapes are not judged), and of the shared-memory slots a "
        "`plgpu.emit_pipeline` / `plgpu.emit_pipeline_warp_specialized` body gets (the spec's "
        "block shape; the accumulator its `compute_context` carries), and dtypes of any ref; "
        "it is silent where one is not known (an operand loaded into registers is judged by "
        "dtype only). A `b` loaded into registers (`b_smem[...]`) fails later, with an "
        "internal error (\"'Fake' object has no attribute 'arg_names'\"; 0.10.2: "
        "\"`JaxprInputEffect` Read<...> does not have a corresponding jaxpr input\"), on the "
        "`pl.run_scoped` or pipeline run whose body holds the wgmma, 0.8.3 to 0.12.0.1."
    ),
    how_to_fix=(
        "Pass whole matrices (`b_smem`, not its row `b_smem.at[0]`; one slot "
        "`buf.at[slot]` of a 3-D buffer); make the shapes agree "
        "(`acc.shape == (a.shape[0], b.shape[1])`, "
        "`a.shape[1] == b.shape[0]`); cast or load both operands in one dtype; accumulate into "
        "`pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32))` and store `acc_ref[...]` to "
        "the output afterwards."
    ),
    bad_example='''
def kernel(o_ref, a_smem, b_smem):
    plgpu.wgmma(o_ref, a_smem, b_smem)   # o_ref is the output, not an accumulator
''',
    good_example='''
def kernel(o_ref, a_smem, b_smem):
    def scope(acc_ref):
        plgpu.wgmma(acc_ref, a_smem, b_smem)
        return acc_ref[...]
    o_ref[...] = pl.run_scoped(scope, plgpu.ACC((64, 128), jnp.float32))
''',
    fixable=False,
)

# The FP8 pair wgmma takes mixed from 0.11.2 (separate .atype / .btype); earlier releases
# refuse it, but the analysis stays silent on it rather than judge by release.
_FP8 = frozenset({"float8_e4m3fn", "float8_e5m2"})


@dataclass(frozen=True)
class Fault:
    what: str  # plain words: what is wrong
    jax_words: str  # JAX's own text, as it begins


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in ref_ops_named(program, "plgpu.wgmma").items():
        judged = [(op, faults) for op in ops if (faults := operand_faults(op))]
        if not judged:
            continue
        _op, faults = judged[0]
        related: list[Related] = []
        for op, _faults in judged:
            related.extend(kernel_related(program, op.launch))
        words = "; ".join(fault.what for fault in faults)
        yield Finding(RULE.code, program.span(node),
                      f"plgpu.wgmma: {words}. JAX fails with \"{faults[0].jax_words}\". "
                      f"{_todo(faults)}",
                      related=dedupe(related))
    yield from _register_rhs(program)


def _register_rhs(program: Program) -> Iterator[Finding]:
    """A wgmma whose ``b`` is a register array (``b_smem[...]``, loaded) where JAX reads b from
    shared memory: the load's effect is left without an input when JAX closes the body that
    holds the wgmma, a ``pl.run_scoped`` or a pipeline's, and it fails there with an internal
    error ("'Fake' object has no attribute 'arg_names'"; 0.10.2: "`JaxprInputEffect` Read<...>
    does not have a corresponding jaxpr input"), blamed on that call's line (measured on
    famheld5's single-tile and pipelined matmuls, 0.10.2 - 0.12.0.1). Judged where the other
    operand checks pass and the body is such a call's."""
    seen: set[int] = set()
    for op in program.ref_ops:
        b = op.args.get("b")
        if op.name != "plgpu.wgmma" or not isinstance(b, ArrayVal) or isinstance(b, RefVal) \
                or op.scope_call is None or op.names_open or op.scope_names or operand_faults(op) \
                or id(op.scope_call) in seen:
            continue
        seen.add(id(op.scope_call))
        where = program.where(program.span(op.node), op.scope_call)
        b_text = program.text(op.arg_nodes["b"]) if "b" in op.arg_nodes else "b"
        yield Finding(
            RULE.code, program.span(op.scope_call),
            f"The plgpu.wgmma at {where} is given b = {b_text}, an array loaded into registers; "
            f"wgmma reads b from shared memory (only a may be in registers). JAX fails here, "
            f"where it closes the body that holds the wgmma, with an internal error: \"'Fake' "
            f"object has no attribute 'arg_names'\" (0.10.2: \"`JaxprInputEffect` Read<...> does "
            f"not have a corresponding jaxpr input\"). Pass the shared-memory ref itself.",
            related=(Related(program.span(op.node), "the wgmma"),))


def operand_faults(op: Op) -> list[Fault]:
    """What is wrong with one wgmma's operands, in the order JAX checks them."""
    acc, a, b = op.args.get("acc"), op.args.get("a"), op.args.get("b")
    # A register lhs (``a_ref[...]``) has the shape of what it loaded, but in a pl.pallas_call
    # under block specs a loaded value may carry its array's shape (_shape): judged only in
    # plgpu.kernel launches, whose refs are the arrays' own or a pipeline's slots.
    registers = op.launch.kernel.api != "pallas_call"
    # JAX unpacks `m, n = acc.shape`, `m2, k = a.shape`, `k2, n2 = b.shape` first: an
    # operand of another rank stops there, with Python's own ValueError.
    for role, operand in (("acc", acc), ("a", a), ("b", b)):
        shape = _shape(operand, registers and role == "a")
        if shape is not None and len(shape) != 2:
            return [Fault(f"{role} has shape {shape}, not a matrix (wgmma's operands are 2-D: "
                          f"acc (M, N), a (M, K), b (K, N))", _unpack_words(len(shape)))]
    faults: list[Fault] = []
    shapes = _matrix(acc), _matrix(a, registers), _matrix(b)
    if None not in shapes:
        (m, n), (m2, k), (k2, n2) = shapes  # type: ignore[misc]
        if (m, n, k) != (m2, n2, k2):
            faults.append(Fault(
                f"acc {(m, n)} += a {(m2, k)} @ b {(k2, n2)} does not multiply "
                f"({_mismatch(m, n, m2, k, k2, n2)})",
                "Incompatible shapes for matrix multiplication"))
    a_dtype, b_dtype = _dtype(a), _dtype(b)
    if a_dtype is not None and b_dtype is not None and a_dtype != b_dtype \
            and not {a_dtype, b_dtype} <= _FP8:
        faults.append(Fault(f"a is {a_dtype} and b is {b_dtype}",
                            "Mixed input dtypes for matrix multiplication unsupported"))
    if isinstance(acc, RefVal):
        # A RefVal is a memory ref (an input, output or SMEM/GMEM/TMEM buffer, or a view of
        # one); only plgpu.ACC makes an accumulator (an AccRefVal).
        faults.append(Fault(f"acc is {_memory(acc)}, not an accumulator made by plgpu.ACC",
                            "Expected WGMMAAbstractAccumulatorRef"))
    return faults


def _memory(ref: RefVal) -> str:
    return f"a ref in {ref.space}" if isinstance(ref.space, str) else "a memory ref"


def _matrix(value: object, registers: bool = False) -> tuple[int, int] | None:
    shape = _shape(value, registers)
    return shape if shape is not None and len(shape) == 2 else None  # type: ignore[return-value]


def _shape(value: object, registers: bool = False) -> tuple[int, ...] | None:
    """A shape the analysis is sure of: an accumulator's, or a ref's whose memory space
    is known (a ref of a pallas_call with block specs or a grid is a block of its array: its
    RefVal shape is the array's, not the block's; a value loaded from it, an ArrayVal, may
    carry that shape too, so loaded operands are judged by shape only with ``registers``:
    in a launch that is no pl.pallas_call)."""
    if isinstance(value, RefVal) and not isinstance(value.space, str):
        return None
    kinds = (RefVal, AccRefVal, ArrayVal) if registers else (RefVal, AccRefVal)
    if not isinstance(value, kinds) or not isinstance(value.shape, Const):
        return None
    shape = value.shape.value
    if isinstance(shape, tuple) and all(type(d) is int for d in shape):
        return shape
    return None


def _unpack_words(rank: int) -> str:
    """Python's ValueError for unpacking a shape of ``rank`` entries into two names."""
    if rank < 2:
        return f"not enough values to unpack (expected 2, got {rank})"
    return "too many values to unpack (expected 2)"


def _dtype(value: object) -> str | None:
    if isinstance(value, (RefVal, ArrayVal, AccRefVal)) and isinstance(value.dtype, DtypeVal):
        return value.dtype.name
    return None


def _mismatch(m: int, n: int, m2: int, k: int, k2: int, n2: int) -> str:
    parts = []
    if m != m2:
        parts.append(f"M: acc has {m} rows, a has {m2}")
    if k != k2:
        parts.append(f"K: a has {k} columns, b has {k2} rows")
    if n != n2:
        parts.append(f"N: acc has {n} columns, b has {n2}")
    return "; ".join(parts)


def _todo(faults: list[Fault]) -> str:
    todo = []
    for fault in faults:
        if fault.jax_words.startswith("not enough values"):
            todo.append("pass the whole matrix (a 2-D ref), not one row or element of it")
        elif fault.jax_words.startswith("too many values"):
            todo.append("index the buffer down to one matrix, e.g. ref.at[slot]")
        elif fault.jax_words.startswith("Incompatible"):
            todo.append("make acc (M, N), a (M, K) and b (K, N)")
        elif fault.jax_words.startswith("Mixed"):
            todo.append("give a and b one dtype")
        else:
            todo.append("accumulate into pl.run_scoped(scope, plgpu.ACC((M, N), jnp.float32)) "
                        "and store acc_ref[...] afterwards")
    return "To fix: " + "; ".join(todo) + "."
