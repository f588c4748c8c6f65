"""PAL008 api_removed: pl.pallas_call with Mosaic GPU compiler params on JAX >= 0.11.2."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..codegen import CallCode
from ..model import Finding, Fix, Options, Related, TextEdit, format_jax_version
from ..program import Program
from ..versions import PALLAS_CALL_MOSAIC_GPU_GONE
from .base import LoweringError, Rule
from .common import placed

RULE = Rule(
    code="PAL008",
    name="api_removed",
    title="pl.pallas_call has no Mosaic GPU lowering from JAX 0.11.2 on",
    jax_message="AssertionError   (assert rule is not None, in jax/_src/pallas/pallas_call.py)",
    # `assert rule is not None` in pallas_call.py, with no message at all: measured on
    # 0.12.0.1 (jax-facts.md) and 0.11.2 (docs/gpu-lowering-h200.md).
    lowering_errors=(
        LoweringError(r"\A\s*(AssertionError(\(\))?)?\s*\Z", exc_type="AssertionError",
                      when=PALLAS_CALL_MOSAIC_GPU_GONE),
    ),
    what_it_means=(
        "From JAX 0.11.2 on, JAX registers no Mosaic GPU lowering for `pl.pallas_call`: Mosaic GPU "
        "kernels go through `plgpu.kernel`. Lowering such a call fails with a bare "
        "AssertionError that names nothing."
    ),
    when_it_happens=(
        "`pl.pallas_call(kernel, ..., compiler_params=plgpu.CompilerParams(...))` (or "
        "`backend=\"mosaic_gpu\"`) lowered with JAX 0.11.2 or newer (measured on every release "
        "0.8.3 to 0.12.0.1, docs/jax-releases.md). The same call lowers up to JAX 0.11.1. "
        "JAX blames the line that calls the jitted function: the launch."
    ),
    how_to_fix=(
        "Rewrite the call with `plgpu.kernel(kernel, out_type=<out_shape>, "
        "compiler_params=..., scratch_types=<scratch_shapes>)`. With whole-array GMEM specs "
        "(`pl.BlockSpec(memory_space=plgpu.GMEM)`, no index maps) the kernel body is unchanged; "
        "with blocked specs, copy the blocks in the body (`plgpu.copy_gmem_to_smem`) or use "
        "`plgpu.emit_pipeline`."
    ),
    bad_example='''
call = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=plgpu.GMEM)],
    out_specs=pl.BlockSpec(memory_space=plgpu.GMEM),
    compiler_params=plgpu.CompilerParams(),
)
''',
    good_example='''
call = plgpu.kernel(
    kernel,
    out_type=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=plgpu.CompilerParams(),
)
''',
    fixable=True,
)

# pl.pallas_call keywords that carry over to plgpu.kernel under another name.
_RENAMED = {"out_shape": "out_type", "scratch_shapes": "scratch_types",
            "compiler_params": "compiler_params", "cost_estimate": "cost_estimate"}
# Keywords whose only mechanical value is whole-array GMEM refs, which plgpu.kernel passes anyway.
_GMEM_SPECS = ("in_specs", "out_specs")


def check(program: Program, options: Options) -> Iterator[Finding]:
    version = format_jax_version(program.version)
    reported: set[int] = set()
    for launch in program.launches:
        if not program.api_removed(launch.kernel) or id(launch.site) in reported:
            continue
        reported.add(id(launch.site))
        call_line = launch.kernel.node.lineno
        message = (f"This launches the pl.pallas_call of line {call_line} with Mosaic GPU compiler "
                   f"params, which JAX {version} no longer lowers: it fails with a bare "
                   f"AssertionError. Use plgpu.kernel(...) instead.")
        related = (Related(program.span(launch.kernel.node), "the pl.pallas_call to rewrite"),)
        fix = _rewrite_fix(program, launch.kernel.node)
        yield Finding(RULE.code, program.span(launch.site), message, related=related,
                      fixes=(fix,) if fix else ())


def _rewrite_fix(program: Program, call: ast.AST) -> Fix | None:
    """pl.pallas_call(body, out_shape=..., in_specs=<GMEM>, out_specs=<GMEM>, ...) ->
    plgpu.kernel(body, out_type=..., ...), offered only where nothing else is passed:
    grids, blocked specs and index maps need the kernel body rewritten too."""
    plgpu = program.alias_for("plgpu")
    if plgpu is None or not isinstance(call, ast.Call) or len(call.args) > 2:
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or not call.args:
        return None
    parts = [program.text(call.args[0])]
    keywords = list(call.keywords)
    if len(call.args) == 2:
        parts.append(f"out_type={program.text(call.args[1])}")
    for keyword in keywords:
        if keyword.arg is None:
            return None
        if keyword.arg in _GMEM_SPECS:
            if not _whole_gmem(program, keyword.value):
                return None
            continue
        new_name = _RENAMED.get(keyword.arg)
        if new_name is None:
            return None
        parts.append(f"{new_name}={program.text(keyword.value)}")
    text = placed(program, call, CallCode(f"{plgpu}.kernel", tuple(parts)))
    return Fix("Rewrite as plgpu.kernel (whole-array GMEM refs)",
               (TextEdit(program.span(call), text),), safe=False, preferred=True)


def _whole_gmem(program: Program, node: ast.expr) -> bool:
    """pl.BlockSpec(memory_space=plgpu.GMEM), or a list/tuple of them: no shapes, no index maps."""
    specs = node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node]
    for spec in specs:
        if not (isinstance(spec, ast.Call) and program.callee_names.get(id(spec)) == "pl.BlockSpec"):
            return False
        if spec.args or [k.arg for k in spec.keywords] != ["memory_space"]:
            return False
        if not program.text(spec.keywords[0].value).endswith("GMEM"):
            return False
    return True
