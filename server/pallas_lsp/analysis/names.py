"""Import aliases: every spelling of a JAX API reduces to one canonical name.

``from jax.experimental.pallas import mosaic_gpu as plgpu`` binds ``plgpu`` to
``QualName("plgpu")``; ``import jax.experimental.pallas.mosaic_gpu as x`` binds
``x`` the same way, so ``x.multimem_store`` and a ``from … import
multimem_store`` both become ``plgpu.multimem_store``.
"""

from __future__ import annotations

import ast
import functools

from .values import QualName

# Longest prefix first; the value replaces the prefix.
_PREFIXES: tuple[tuple[str, str], ...] = (
    ("jax.experimental.pallas.mosaic_gpu", "plgpu"),
    ("jax._src.pallas.mosaic_gpu.primitives", "plgpu"),
    ("jax._src.pallas.mosaic_gpu.core", "plgpu"),
    # JAX's own tests call the pipelines from their module (mgpu_pipeline.emit_pipeline...).
    ("jax._src.pallas.mosaic_gpu.pipeline", "plgpu"),
    ("jax.experimental.pallas", "pl"),
    # `import jax` then `jax.experimental.pallas.mosaic_gpu.x`: reached one attribute at a time.
    ("pl.mosaic_gpu", "plgpu"),
    ("jax.experimental.mosaic.gpu", "mgpu"),
    ("jax.experimental.shard_map.shard_map", "jax.shard_map"),
    ("jax.experimental.pjit.pjit", "jax.jit"),
    ("jax.sharding.set_mesh", "jax.set_mesh"),
    ("jax.numpy", "jnp"),
    ("jax.lax", "lax"),
    ("numpy", "np"),
    ("ml_dtypes", "np"),
)


# Canonical names that more than one JAX callable reduces to (the folding prefixes above):
# a QualName of one keeps the dotted path it was reached by (QualName.spelled).
FOLDED = frozenset({"jax.shard_map", "jax.jit", "jax.set_mesh"})


def qualname(dotted: str) -> QualName:
    """The value a dotted JAX path names: canonicalised, spelled out where it folds."""
    name = canonical(dotted)
    return QualName(name, dotted if name in FOLDED else "")


@functools.lru_cache(maxsize=4096)
def canonical(dotted: str) -> str:
    for prefix, replacement in _PREFIXES:
        if dotted == prefix or dotted.startswith(prefix + "."):
            return replacement + dotted[len(prefix) :]
    return dotted


def attribute(base: QualName, attr: str) -> QualName:
    return qualname(f"{base.name}.{attr}")


def bind_import(node: ast.Import | ast.ImportFrom) -> list[tuple[str, QualName]]:
    """The (local name, value) pairs an import statement binds."""
    bound: list[tuple[str, QualName]] = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                bound.append((alias.asname, qualname(alias.name)))
            else:
                # `import jax.numpy` binds `jax`.
                top = alias.name.split(".")[0]
                bound.append((top, QualName(canonical(top))))
        return bound
    if node.level:  # relative imports name workspace modules, not JAX
        return bound
    module = node.module or ""
    for alias in node.names:
        if alias.name == "*":
            continue
        bound.append((alias.asname or alias.name, qualname(f"{module}.{alias.name}")))
    return bound


def is_jax_api(name: str) -> bool:
    """A canonical name that belongs to JAX (any call to it is traced)."""
    return name.split(".")[0] in {"jax", "jnp", "lax", "pl", "plgpu"}
