"""PAL019 primitive_unimplemented: a lax / jnp call the Mosaic GPU lowering cannot lower."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ..jax_calls import CASES_OP, PARAMS_OP
from ..model import Finding, Options
from ..mosaic_primitives import FUNCTIONS, PRIMITIVES, RELEASES, lowering_rules, unimplemented
from ..mosaic_refusals import CASES_LIMIT, PARAM_REFUSED
from ..program import Program
from ..trace import Op, OpaqueScope
from ..values import ArrayVal, Const, DtypeVal, QualName
from ..versions import JaxVersion, parse_jax_version
from .base import LoweringError, Rule
from .common import dedupe, launch_related

RULE = Rule(
    code="PAL019",
    name="primitive_unimplemented",
    title="a lax / jnp operation the Mosaic GPU lowering does not implement",
    jax_message=(
        "NotImplementedError: Unimplemented primitive in Pallas Mosaic GPU lowering: transpose "
        "for lowering semantics LoweringSemantics.Lane and user thread semantics "
        "PrimitiveSemantics.Warpgroup. Please file an issue at (JAX's issue tracker)."
    ),
    # Only the primitives the table can predict: a Pallas op of its own that a release cannot
    # lower (multimem_store under Warpgroup on 0.8.3) is another family's, judged elsewhere.
    lowering_errors=(LoweringError(
        r"Unimplemented primitive in Pallas Mosaic GPU lowering: ?(?:"
        + "|".join(sorted(re.escape(p) for p in PRIMITIVES))
        # ``{eqn.primitive.name}`` in JAX's template (the raise-site table): the one site
        # every primitive of the table reaches; a real message always names the primitive.
        + r"|\{eqn\.primitive\.name\}) for", exc_type="NotImplementedError"),
        # A parameter a rule refuses (mosaic_refusals.PARAM_REFUSED): the accuracy= of a
        # transcendental lax function, lax.slice's strides, lax.reshape's dimensions.
        LoweringError(r"\ANot implemented: (accuracy|dimensions)\s*\Z", exc_type="NotImplementedError"),
        LoweringError(r"\AStrides are not supported\.\s*\Z", exc_type="NotImplementedError"),
        # More cases than the rule lowers (mosaic_refusals.CASES_LIMIT).
        LoweringError(r"Mosaic GPU lowering only supports select_n with 2 cases",
                      exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "A Mosaic GPU kernel body is lowered one primitive at a time, and only the primitives "
        "the release registers a lowering rule for (per lowering semantics) can appear in it. "
        "`jnp.transpose`, `jnp.dot` / `jnp.matmul` (`dot_general`), `jnp.sort`, `jnp.cumsum`, "
        "`jnp.argmax`, `jnp.tan`, `jnp.log1p`, `jnp.pad`, `jnp.flip` and others bind a primitive "
        "that has none, and lowering stops there. The table is read from each release's own "
        "`mosaic_lowering_rules` and measured by real lowering (pallas-lsp's "
        "`bench/releases/primitives_gen.py`), not a hand list. Some rules that exist refuse a "
        "parameter: the transcendental functions' rules (`lax.exp`, `lax.log`, `lax.tanh`, "
        "`lax.logistic`, ...) raise \"NotImplementedError: Not implemented: accuracy\" when the "
        "call passes an `accuracy=`; which primitives do, per release and semantics, is read "
        "from each release's `mosaic_gpu/lowering.py` (`bench/releases/refusals_gen.py`), as "
        "are `lax.slice`'s strides (\"Strides are not supported.\"), `lax.reshape`'s "
        "`dimensions=` (\"Not implemented: dimensions\") and `lax.select_n` of more than two "
        "cases (\"Mosaic GPU lowering only supports select_n with 2 cases\")."
    ),
    when_it_happens=(
        "Inside a `plgpu.kernel` (or Mosaic GPU `pl.pallas_call`) body, on an array loaded from "
        "a ref, on the releases and semantics the table records: most of these on every "
        "release under both semantics; some differ (`jnp.prod` has no Lane rule on 0.10 and "
        "0.11; the semaphore and multimem ops had no Warpgroup rule on 0.8). `accuracy=` "
        "(a `lax.AccuracyMode` or `lax.Tolerance`, anything but None) on `lax.exp`, `exp2`, "
        "`log`, `logistic`, `rsqrt`, `sin`, `cos`, `tanh` on every release, `sqrt` and `log2` "
        "from 0.11.2, under both semantics; `lax.slice(x, start, limit, strides)` with any "
        "strides (all ones too), `lax.reshape(x, sizes, dimensions=...)` with a permutation "
        "that is not the identity, `lax.select_n(which, a, b, c)`: on every release from "
        "0.8.3 under both semantics. JAX blames the call. A call whose "
        "operand is not known to be an array, or that runs in warp-level code, is not judged."
    ),
    how_to_fix=(
        "Write the computation with operations the kernel can lower: matrix products with "
        "`plgpu.wgmma` (Hopper) or `plgpu.tcgen05_mma` (Blackwell); a transpose outside the "
        "kernel, or as a transposed ref handed to the op that reads it (`plgpu.transpose_ref`, "
        "`ref.transpose` from JAX 0.12); elementwise functions "
        "from the implemented ones (`jnp.exp`, `jnp.log`, `jnp.tanh`, arithmetic). Where another "
        "lowering semantics of the release implements it, switch to it; or move the operation "
        "out of the kernel. For `accuracy=`, remove it (the kernel computes the function at "
        "the lowering's own precision) or compute the function outside the kernel; slice "
        "without strides; transpose outside the kernel instead of `dimensions=`; choose "
        "between two values at a time (nested `lax.select_n` or `jnp.where`)."
    ),
    bad_example='''
def kernel(x_ref, o_ref):
    o_ref[...] = jnp.transpose(x_ref[...])
''',
    good_example='''
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]  # and transpose the result outside the kernel: jnp.transpose(out)
''',
    fixable=False,
)

# What to write instead, where one replacement is the usual one.
_INSTEAD = {
    "dot_general": "matrix products in a Mosaic GPU kernel go through plgpu.wgmma (Hopper) or "
                   "plgpu.tcgen05_mma (Blackwell)",
    "transpose": "transpose outside the kernel, or hand the op that reads it a transposed ref "
                 "(plgpu.transpose_ref, ref.transpose from JAX 0.12; e.g. a wgmma operand)",
}


def check(program: Program, options: Options) -> Iterator[Finding]:
    releases = data_releases(program.version)
    if releases is None:
        return
    for node, ops in program.ops_named(*FUNCTIONS).items():
        judged = [(op, found) for op in ops if (found := _unimplemented(program, op, releases)) is not None]
        if not judged:
            continue
        op, (primitive, semantics) = judged[0]
        reason = program.semantics(op.launch.kernel).reason
        function = op.name
        elsewhere = _implemented_where(primitive, semantics, releases)
        instead = _INSTEAD.get(primitive, "compute it from operations the kernel can lower, or "
                                          "outside the kernel")
        message = (f"{function} binds the primitive {primitive}, which the Mosaic GPU lowering of "
                   f"JAX {program_version(program)} does not implement under {semantics} semantics "
                   f"({reason}): lowering fails with \"Unimplemented primitive in Pallas Mosaic GPU "
                   f"lowering: {primitive}\". {elsewhere} {instead[0].upper()}{instead[1:]}.")
        related = [r for o, _ in judged for r in launch_related(program, o.launch, failing=False)]
        # No quick fix: switching semantics where the other one has the rule is not enough
        # (measured: jnp.prod of a (128, 128) array under Warpgroup on 0.10.2 and 0.11.2 then
        # fails with "Ran out of shared memory"), and a rewrite is the author's choice.
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related))
    yield from _params_refused(program, releases)
    yield from _too_many_cases(program, releases)


def _params_refused(program: Program, releases: tuple[str, ...]) -> Iterator[Finding]:
    """``lax.exp(x, accuracy=...)``, ``lax.slice(x, start, limit, strides)`` in a kernel: the
    release's Mosaic GPU rule for the primitive begins ``if <parameter> is not None: raise
    NotImplementedError(...)`` (read from its source, mosaic_refusals.py). Silent where the
    parameter may be None, or the semantics or a release around the target does not say so."""
    for node, ops in program.ops_named(PARAMS_OP).items():
        judged = [(op, found) for op in ops if (found := _refused_param(program, op, releases))]
        if not judged:
            continue
        op, (param, words) = judged[0]
        function = op.args["function"].value  # type: ignore[union-attr]
        primitive = function.removeprefix("lax.")
        semantics = program.semantics(op.launch.kernel)
        message = (f"{function} is given {param}=, which the Mosaic GPU lowering of JAX "
                   f"{program_version(program)} does not implement for {primitive} under "
                   f"{semantics.name} semantics ({semantics.reason}): lowering fails with "
                   f"\"NotImplementedError: {words}\". {_PARAM_ADVICE.get(param, _REMOVE)}")
        related = [r for o, _ in judged for r in launch_related(program, o.launch, failing=False)]
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related))


_REMOVE = "Remove it, or compute this outside the kernel."
_PARAM_ADVICE = {
    "accuracy": "Remove accuracy= (the kernel computes the function at the lowering's own "
                "precision), or compute it outside the kernel.",
    "strides": "Slice without strides (lax.slice's strides=None; any strides, even all ones, "
               "are refused), or take the strided elements outside the kernel.",
    "dimensions": "Reshape without dimensions= (transpose outside the kernel, or hand the op "
                  "that reads it a transposed ref).",
}


def _refused_param(program: Program, op: Op, releases: tuple[str, ...]) -> tuple[str, str] | None:
    """(parameter, JAX's message) of the first parameter the call binds not None that every
    release around the target refuses for the primitive under the kernel's semantics."""
    semantics = program.semantics(op.launch.kernel).name
    function = op.args.get("function")
    if semantics is None or id(op.launch) in program.trace_refused_launches() or op.names_open \
            or op.scope_names or not isinstance(function, Const):
        return None
    primitive = str(function.value).removeprefix("lax.")
    for param, value in op.args.items():
        if param in ("function", "x") or not _binds(primitive, param, value, op.args.get("x")):
            continue
        messages = {PARAM_REFUSED.get(r, {}).get(semantics, {}).get(primitive, {}).get(param)
                    for r in releases}
        if len(messages) == 1 and (words := messages.pop()) is not None:
            return param, words
    return None


def _binds(primitive: str, param: str, value: object, operand: object) -> bool:
    """Whether the lax function binds the primitive with this parameter not None: the value is
    known not to be None (lax.AccuracyMode.HIGHEST, lax.Tolerance(...), a tuple), and, for
    lax.reshape's dimensions, not the identity permutation, which lax.reshape drops."""
    if isinstance(value, Const):
        if value.value is None:
            return False
    elif not isinstance(value, (QualName, OpaqueScope, tuple)):
        return False
    if (primitive, param) == ("reshape", "dimensions"):
        shape = operand.shape if isinstance(operand, ArrayVal) else None
        dims = _ints(value)
        if not (isinstance(shape, Const) and isinstance(shape.value, tuple)) or dims is None:
            return False
        return dims != tuple(range(len(shape.value)))
    return True


def _ints(value: object) -> tuple[int, ...] | None:
    """A tuple of known ints (a constant tuple, or a tuple of constants), else None."""
    items = value.value if isinstance(value, Const) else value
    if not isinstance(items, tuple):
        return None
    found = tuple(item.value if isinstance(item, Const) else item for item in items)
    return found if all(isinstance(item, int) and not isinstance(item, bool) for item in found) else None


def _too_many_cases(program: Program, releases: tuple[str, ...]) -> Iterator[Finding]:
    """``lax.select_n(which, a, b, c)`` in a kernel: the release's Mosaic GPU rule begins
    ``if len(cases) != 2: raise NotImplementedError`` (read from its source)."""
    for node, ops in program.ops_named(CASES_OP).items():
        judged = [(op, limit) for op in ops if (limit := _cases_limit(program, op, releases))]
        if not judged:
            continue
        op, limit = judged[0]
        function = op.args["function"].value  # type: ignore[union-attr]
        cases = op.args["cases"].value  # type: ignore[union-attr]
        primitive = function.removeprefix("lax.")
        semantics = program.semantics(op.launch.kernel)
        words = f"Mosaic GPU lowering only supports {primitive} with {limit} cases, got {cases}"
        message = (f"{function} is given {cases} cases, and the Mosaic GPU lowering of JAX "
                   f"{program_version(program)} lowers {primitive} with {limit} only (under "
                   f"{semantics.name} semantics, {semantics.reason}): lowering fails with "
                   f"\"NotImplementedError: {words}\". Choose between {limit} values at a time: "
                   f"nest {function} (or jnp.where) calls of {limit} cases each.")
        related = [r for o, _ in judged for r in launch_related(program, o.launch, failing=False)]
        yield Finding(RULE.code, program.span(node), message, related=dedupe(related))


def _cases_limit(program: Program, op: Op, releases: tuple[str, ...]) -> int | None:
    """The limit every release around the target sets that the call's cases exceed."""
    semantics = program.semantics(op.launch.kernel).name
    if semantics is None or id(op.launch) in program.trace_refused_launches() or op.names_open \
            or op.scope_names:
        return None
    function, cases = op.args.get("function"), op.args.get("cases")
    if not (isinstance(function, Const) and isinstance(cases, Const) and isinstance(cases.value, int)):
        return None
    primitive = str(function.value).removeprefix("lax.")
    limits = {CASES_LIMIT.get(r, {}).get(semantics, {}).get(primitive) for r in releases}
    if len(limits) != 1:
        return None
    limit = limits.pop()
    return limit if limit is not None and cases.value > limit else None


def program_version(program: Program) -> str:
    return ".".join(str(part) for part in program.version)


@functools.lru_cache(maxsize=64)  # every analysis asks, for one or two releases
def data_releases(version: JaxVersion) -> tuple[str, ...] | None:
    """The measured releases whose table decides for ``version``: itself, or the two measured
    releases around it (a finding needs both to agree); None outside the measured range."""
    def padded(v: JaxVersion) -> JaxVersion:
        return (*v, 0, 0, 0, 0)[:4]

    measured = sorted((padded(parse_jax_version(r)), r) for r in RELEASES)
    if not measured:
        return None
    key = padded(version)
    for value, name in measured:
        if value == key:
            return (name,)
    below = [name for value, name in measured if value < key]
    above = [name for value, name in measured if value > key]
    if not below or not above:
        return None
    return (below[-1], above[0])


_FLOATING = re.compile(r"\A(b?float(8|16|32|64)|float8_\w+)\Z")


def _unimplemented(program: Program, op: Op, releases: tuple[str, ...]) -> tuple[str, str] | None:
    """(primitive, semantics) when every release of ``releases`` fails to lower the call."""
    semantics = program.semantics(op.launch.kernel).name
    if semantics is None or op.names_open or op.scope_names:
        return None  # unknown semantics, or code a warp-level construct may run
    if id(op.launch) in program.trace_refused_launches():
        return None  # refused while traced (PAL026, PAL077): nothing of it is lowered
    operand = op.args.get("x")
    if not isinstance(operand, ArrayVal):
        return None
    dtype = operand.dtype.name if isinstance(operand.dtype, DtypeVal) else None
    found: set[str] = set()
    for release in releases:
        by_dtype = unimplemented().get(op.name, {}).get(release, {})
        if dtype in ("float32", "int32"):
            primitive = by_dtype.get(dtype, {}).get(semantics)
        elif dtype is not None and _FLOATING.match(dtype):
            # jnp binds the same primitives for every floating dtype (float16 through float32,
            # bfloat16, float8: no integer shortcut such as jnp.floor's identity on int32), and
            # a lowering rule is registered per primitive, not per dtype: float32's answer.
            primitive = by_dtype.get("float32", {}).get(semantics)
        else:
            # A dtype the table was not measured with: only where it fails the same way for
            # every dtype it was measured with.
            answers = {by_dtype.get(d, {}).get(semantics) for d in ("float32", "int32")}
            primitive = answers.pop() if len(answers) == 1 else None
        if primitive is None:
            return None
        found.add(primitive)
    return (found.pop(), semantics) if len(found) == 1 else None


def _implemented_where(primitive: str, semantics: str, releases: tuple[str, ...]) -> str:
    """Where the primitive has a lowering rule: this release's other semantics, other
    releases under this semantics, or nowhere measured."""
    other = "Warpgroup" if semantics == "Lane" else "Lane"
    rules_of = lowering_rules()
    if all(primitive in rules_of.get(r, {}).get(other, frozenset()) for r in releases):
        return f"{other} semantics of the same release implements it."
    having = [r for r in RELEASES if primitive in rules_of[r].get(semantics, frozenset())]
    if having:
        releases_text = having[0] if len(having) == 1 else f"{', '.join(having[:-1])} and {having[-1]}"
        verb = "implements" if len(having) == 1 else "implement"
        return f"JAX {releases_text} {verb} it under {semantics} semantics."
    if any(primitive in rules.get(other, frozenset()) for rules in rules_of.values()):
        return f"Only {other} semantics implements it, on other releases."
    return f"No measured release ({', '.join(RELEASES)}) implements it."
