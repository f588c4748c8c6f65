"""A shard_map's PartitionSpecs read against its mesh: how many ways each dimension is split,
and the spec as JAX prints it (PAL080, PAL089)."""

from __future__ import annotations

import math

from .values import Const, SpecVal


def split_sizes(spec: SpecVal, sizes: dict[str, int]) -> list[int] | None:
    """Per spec entry, the product of the sizes of the axes it names (0: None / ()); None
    where an entry is not known or names an axis the mesh lacks."""
    split = []
    for entry in spec.entries:
        if not isinstance(entry, Const):
            return None
        value = entry.value
        if value is None or value == ():
            split.append(0)
            continue
        names = (value,) if isinstance(value, str) else value
        if not isinstance(names, tuple) or not all(isinstance(n, str) and n in sizes for n in names):
            return None
        split.append(math.prod(sizes[n] for n in names))
    return split


def spec_text(spec: SpecVal, ndim: int = 0) -> str:
    """The spec as JAX prints it, padded with None to ``ndim`` entries: P('x', None)."""
    parts = []
    for entry in spec.entries:
        value = entry.value if isinstance(entry, Const) else None
        parts.append(repr(value) if value not in (None, ()) else "None")
    parts += ["None"] * (ndim - len(parts))
    return "P(" + ", ".join(parts) + ")"
