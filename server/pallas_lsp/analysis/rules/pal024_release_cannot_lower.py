"""PAL024 release_cannot_lower: this JAX release has no lowering for the op at all."""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program
from ..values import MeshVal
from ..versions import (
    COLLECTIVE_METADATA_NO_MULTICAST,
    WARPGROUP_MULTIMEM,
    first_release,
    format_jax_version,
    holds,
    last_release,
)
from .base import LoweringError, Rule
from .common import COLLECTIVE_OPS, dedupe, launch_related, short

RULE = Rule(
    code="PAL024",
    name="release_cannot_lower",
    title="this JAX release cannot lower the op at all",
    jax_message=(
        "NotImplementedError: Multicast lowering with collective metadata is not implemented yet"
        "   (0.9.1, 0.9.2)\n"
        "NotImplementedError: GlobalBroadcast not supported with collective metadata"
        "   (0.9.1, 0.9.2: a multicast copy)\n"
        "NotImplementedError: Unimplemented primitive in Pallas Mosaic GPU lowering: "
        "multimem_load_reduce for lowering semantics LoweringSemantics.Warpgroup   (before 0.10)"
    ),
    lowering_errors=(
        LoweringError(r"Multicast lowering with collective metadata is not implemented",
                      exc_type="NotImplementedError", when=COLLECTIVE_METADATA_NO_MULTICAST),
        LoweringError(r"GlobalBroadcast not supported with collective metadata",
                      exc_type="NotImplementedError", when=COLLECTIVE_METADATA_NO_MULTICAST),
        LoweringError(r"Unimplemented primitive in Pallas Mosaic GPU lowering: multimem_\w+ "
                      r"for lowering semantics \S*Warpgroup", exc_type="NotImplementedError"),
    ),
    what_it_means=(
        "Nothing in the kernel is wrong: the JAX release installed has no lowering for this op "
        "in this setting, and another release has. Which release to pin is visible before any "
        "GPU run."
    ),
    when_it_happens=(
        "JAX 0.9.1 and 0.9.2, when one process drives several devices (cross-lowering on one "
        "host, or one process over all its local GPUs: JAX's `is_single_process_multi_device_"
        "topology`), lower collectives through collective metadata, which has no multimem / "
        "multicast lowering: `multimem_store`, `multimem_load_reduce` and "
        "`semaphore_signal_multicast` fail on their line, a multicast copy where the jitted "
        "function is called. 0.9.0.1 and 0.10.0 onwards lower them; a program of one process "
        "per GPU (`jax.distributed.initialize()`) does not take that path and is not reported. "
        "Before 0.10, `multimem_store` / `multimem_load_reduce` have no Warpgroup lowering at all "
        "(Lane only). Measured: 0.9.1 and 0.9.2 on every collective probe, 0.8.3 – 0.9.2 under "
        "Warpgroup (docs/jax-releases.md)."
    ),
    how_to_fix=(
        "Pin a release that lowers the op: JAX 0.10.0 or newer (`pip install -U \"jax>=0.10\" "
        "\"jaxlib>=0.10\"`), or 0.9.0.1 for Lane semantics. Before 0.10, use Lane semantics "
        "(`plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane)`, the default "
        "there) for a kernel with multimem ops."
    ),
    bad_example='''
# JAX 0.9.2, one process over the host's GPUs
def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, ("x",))
''',
    good_example='''
# pip install -U "jax>=0.10" "jaxlib>=0.10": the same kernel lowers
def kernel(x_ref, y_ref):
    plgpu.multimem_store(x_ref[...], y_ref, ("x",))
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    version = format_jax_version(program.version)
    seen: set[int] = set()
    for op in program.unlowerable_ops:
        if id(op.node) in seen:
            continue
        seen.add(id(op.node))
        message = (f"JAX {version} has no Warpgroup lowering for {short(op.name)} (this kernel's "
                   f"semantics: {program.semantics(op.launch.kernel).reason}): it fails with "
                   f"\"NotImplementedError: Unimplemented primitive in Pallas Mosaic GPU lowering: "
                   f"{short(op.name)} for lowering semantics Warpgroup\". JAX "
                   f"{first_release(WARPGROUP_MULTIMEM)} and newer lower it; on this release use Lane "
                   f"semantics.")
        yield Finding(RULE.code, program.span(op.node), message,
                      related=dedupe(launch_related(program, op.launch, failing=False)))
    if not holds(COLLECTIVE_METADATA_NO_MULTICAST, program.version):
        return
    if program.calls_named("jax.distributed.initialize"):
        return  # one process per device: no collective metadata
    for op in program.ops:
        if op.name not in COLLECTIVE_OPS or not _several_devices(op.launch.ctx.manual):
            continue
        copy = op.name == "plgpu.copy_smem_to_gmem"
        # An op of installed library code (JAX's own all_gather) is blamed, as a multicast
        # copy is, on the jitted call: the error is raised while lowering, and the op's own
        # line is not the user's (measured on 0.9.1 / 0.9.2: the issue25 set's imported ops).
        in_library = program.interp.path_of(op.node) in program.interp.library_paths
        blamed: ast.AST = op.launch.lowered_at if copy or in_library else op.node
        if id(blamed) in seen:
            continue
        seen.add(id(blamed))
        words = ("GlobalBroadcast not supported with collective metadata" if copy
                 else "Multicast lowering with collective metadata is not implemented yet")
        what = "a multicast copy" if copy else short(op.name)
        message = (f"JAX {version} cannot lower {what} when one process drives several devices "
                   f"(here a mesh of {_size(op.launch.ctx.manual)} devices): it fails with "
                   f"\"NotImplementedError: {words}\", whatever the kernel does. JAX 0.9.0.1 and "
                   f"{last_release(COLLECTIVE_METADATA_NO_MULTICAST)} or newer lower it: pin one of those.")
        related = list(launch_related(program, op.launch, failing=False))
        if copy:
            related.insert(0, Related(program.span(op.node), "the multicast copy"))
        yield Finding(RULE.code, program.span(blamed), message, related=dedupe(related))


def _size(mesh: object) -> int | None:
    if not isinstance(mesh, MeshVal) or mesh.sizes is None or None in mesh.sizes:
        return None
    return math.prod(mesh.sizes)  # type: ignore[arg-type]


def _several_devices(mesh: object) -> bool:
    """A concrete mesh of known size over one device is lowered without collective metadata."""
    size = _size(mesh)
    return size is not None and size > 1



