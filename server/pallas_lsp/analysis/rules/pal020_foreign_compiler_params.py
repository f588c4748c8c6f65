"""PAL020 foreign_compiler_params: another platform's compiler params on a Mosaic GPU launch."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options, Related, Span, TextEdit, format_jax_version
from ..program import Program
from ..trace import Launch
from ..values import QualName
from ..versions import (
    FOREIGN_PARAMS_BARE_ASSERTION,
    KERNEL_PARAMS_CHECKED_AT_CALL,
    KERNEL_PARAMS_TYPE_CHECKED,
    PALLAS_CALL_FOREIGN_BACKEND_UNSUPPORTED,
    holds,
)
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL020",
    name="foreign_compiler_params",
    title="another platform's compiler params (pltpu.CompilerParams) on a Mosaic GPU kernel",
    jax_message=(
        "TypeError: Compiler params must be a `plgpu.CompilerParams`, got <class "
        "'jax._src.pallas.mosaic.core.CompilerParams'>   (plgpu.kernel, JAX < 0.10)\n"
        "ValueError: Unsupported backend: mosaic_tpu   (pl.pallas_call, JAX < 0.9.1)\n"
        "ValueError: Cannot lower pallas_call on platform: gpu. To use Pallas on GPU, install "
        "jaxlib GPU. ...   (JAX 0.9.1 - 0.11.1, on a host without the TPU backend)\n"
        "Compiler params for platform ... cannot be used for ... lowering   (where the other "
        "platform's backend is loaded)\n"
        "AssertionError   (JAX >= 0.11.2: no lowering rule for them)"
    ),
    lowering_errors=(
        LoweringError(r"Compiler params must be a `plgpu\.CompilerParams`", exc_type="TypeError"),
        LoweringError(r"Unsupported backend: mosaic_tpu", exc_type="ValueError"),
        # Pallas Triton's params on a plgpu.kernel (0.10.2): the Triton backend has no mesh.
        LoweringError(r"\Amesh is not supported in the Triton backend", exc_type="NotImplementedError"),
        LoweringError(r"Cannot lower pallas_call on platform: gpu", exc_type="ValueError"),
        LoweringError(r"Compiler params for platform \S+ cannot be used for \S+ lowering"),
        # The same bare assertion as PAL008's: the finding on the line says which it is.
        LoweringError(r"\A\s*(AssertionError(\(\))?)?\s*\Z", exc_type="AssertionError",
                      when=FOREIGN_PARAMS_BARE_ASSERTION),
    ),
    what_it_means=(
        "The kernel is launched for the GPU (pallas-lsp lowers for CUDA) with the compiler "
        "params of another platform: `pltpu.CompilerParams` (or its older name "
        "`pltpu.TPUCompilerParams`) select the TPU's Mosaic backend, which a GPU lowering does "
        "not have. `plgpu.kernel` is always a Mosaic GPU kernel; a `pl.pallas_call` is judged "
        "so in a file that imports `jax.experimental.pallas.mosaic_gpu`."
    ),
    when_it_happens=(
        "`plgpu.kernel(..., compiler_params=pltpu.CompilerParams(...))` on every release "
        "(a TypeError at the `plgpu.kernel` call on 0.8.3; from 0.9.1 the error is blamed on "
        "the line that calls the jitted function), and `pl.pallas_call(..., compiler_params="
        "pltpu.CompilerParams(...))` in a Mosaic GPU file (blamed on the launch). JAX's words "
        "change by release and host: \"Unsupported backend: mosaic_tpu\" (0.8.3), \"Cannot "
        "lower pallas_call on platform: gpu\" (0.9.1 - 0.10.2 on a CPU host), a bare "
        "AssertionError from 0.11.2 (a GPU host too). Measured on 0.8.3, 0.9.1, 0.9.2, 0.10.2, "
        "0.11.2 and 0.12.0.1. (The two errors listed beside this one in JAX's related errors, "
        "\"Acc ref must be at least 2D\" and \"Memory space ... is not supported by mesh\", "
        "are the TPU's: its accumulator refs and core meshes; a GPU kernel does not reach them.)"
    ),
    how_to_fix=(
        "Give a Mosaic GPU kernel Mosaic GPU's params: `plgpu.CompilerParams(...)` (the TPU "
        "fields, such as `dimension_semantics` or `vmem_limit_bytes`, have no GPU meaning). "
        "The quick fix writes `plgpu.CompilerParams()` in their place. A `pl.pallas_call` has "
        "no Mosaic GPU lowering from 0.11.2 on (PAL008): write it with `plgpu.kernel`."
    ),
    bad_example='''
call = plgpu.kernel(body, out_type=out, compiler_params=pltpu.CompilerParams())
''',
    good_example='''
call = plgpu.kernel(body, out_type=out, compiler_params=plgpu.CompilerParams())
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    mosaic_gpu_file = _imports_mosaic_gpu(program)
    reported: set[int] = set()
    for launch in program.launches:
        kernel = launch.kernel
        params = kernel.foreign_params
        if params is None or (kernel.api == "pallas_call" and not mosaic_gpu_file):
            continue
        blamed = _blamed(program, launch)
        if params.platform == "Triton" and kernel.api == "kernel" and launch.ctx.jit_call is not None:
            blamed = launch.ctx.jit_call  # every release names the jitted call (measured on 0.8.3 too)
        if id(blamed) in reported:
            continue
        reported.add(id(blamed))
        spelled = params.name.replace("pl.tpu.", "pltpu.").replace("pl.triton.", "pltriton.")
        related = (Related(params.span, f"{spelled}(...) is given here"),)
        fix = _fix(program, params.span, kernel.api)
        yield Finding(RULE.code, _blamed_span(program, blamed),
                      _message(program, kernel.api, params.platform),
                      related=related, fixes=(fix,) if fix else ())


def _imports_mosaic_gpu(program: Program) -> bool:
    """Whether the module binds a name of jax.experimental.pallas.mosaic_gpu (plgpu)."""
    return any(isinstance(value, QualName) and (value.name == "plgpu"
                                                or value.name.startswith("plgpu."))
               for value in program.module_env.names.values())


def _blamed(program: Program, launch: Launch) -> ast.AST:
    """The node JAX's traceback names: the plgpu.kernel call where it checks its params (up
    to 0.9.0), else the jitted call around a plgpu.kernel launch (the error has no kernel
    frame), else the launch itself (a pl.pallas_call's own frame is the user's line)."""
    kernel = launch.kernel
    if kernel.api == "kernel":
        if holds(KERNEL_PARAMS_CHECKED_AT_CALL, program.version):
            return kernel.node
        if launch.ctx.jit_call is not None:
            return launch.ctx.jit_call
    return launch.site


def _blamed_span(program: Program, node: ast.AST) -> Span:
    # JAX's traceback names the line a call starts on: the span of the called name.
    return program.span(node.func if isinstance(node, ast.Call) else node)


def _message(program: Program, api: str, platform: str = "TPU") -> str:
    version = format_jax_version(program.version)
    if platform == "Triton":
        words = ("a bare AssertionError" if holds(FOREIGN_PARAMS_BARE_ASSERTION, program.version)
                 else "\"TypeError: Compiler params must be a `plgpu.CompilerParams`\""
                 if api == "kernel" and holds(KERNEL_PARAMS_TYPE_CHECKED, program.version)
                 else "\"NotImplementedError: mesh is not supported in the Triton backend\"")
        what = "plgpu.kernel" if api == "kernel" else "This Mosaic GPU file's pl.pallas_call"
        return (f"{what} is given Pallas Triton's compiler params (pltriton.CompilerParams), "
                f"which select the Triton backend, not Mosaic GPU: on JAX {version} lowering it "
                f"for CUDA fails with {words}. Pass plgpu.CompilerParams(...) instead.")
    if api == "kernel" and holds(KERNEL_PARAMS_TYPE_CHECKED, program.version):
        words = "TypeError: Compiler params must be a `plgpu.CompilerParams`"
    elif holds(FOREIGN_PARAMS_BARE_ASSERTION, program.version):
        words = "a bare AssertionError"
    elif api == "pallas_call" and holds(PALLAS_CALL_FOREIGN_BACKEND_UNSUPPORTED, program.version):
        words = "\"ValueError: Unsupported backend: mosaic_tpu\""
    else:
        words = "\"ValueError: Cannot lower pallas_call on platform: gpu\""
    if words.startswith("TypeError"):
        words = f"\"{words}\""
    what = "plgpu.kernel" if api == "kernel" else "This Mosaic GPU file's pl.pallas_call"
    if api == "pallas_call" and holds(FOREIGN_PARAMS_BARE_ASSERTION, program.version):
        instead = ("Write the kernel with plgpu.kernel(..., compiler_params=plgpu.CompilerParams"
                   "(...)): pl.pallas_call has no Mosaic GPU lowering from 0.11.2 on (PAL008).")
    else:
        instead = "Pass plgpu.CompilerParams(...) instead."
    return (f"{what} is given the TPU's compiler params (pltpu.CompilerParams), which a GPU "
            f"lowering cannot use: on JAX {version} lowering it for CUDA fails with {words}. "
            f"{instead}")


def _fix(program: Program, span: Span, api: str) -> Fix | None:
    plgpu = program.alias_for("plgpu")
    if plgpu is None or (api == "pallas_call"
                         and holds(FOREIGN_PARAMS_BARE_ASSERTION, program.version)):
        return None  # no plgpu name to write, or a pallas_call that needs plgpu.kernel
    text = f"{plgpu}.CompilerParams()"
    return Fix(f"Use {text} (the other platform's fields have no meaning here)", (TextEdit(span, text),),
               safe=False, preferred=True)
