"""What changes between JAX releases, as the rules need it: one table, one place.

Every version-dependent behaviour the analysis predicts is a ``Fact``: a range
of releases ``[since, until)`` on which it holds, and the measurement that
established it. A rule asks ``holds(FACT, version)``; nothing else in the
analysis compares version tuples. New measurements are new rows: a release
measured is a row of ``MEASURED``, a behaviour found to change is a ``Fact``
(or a narrower range on an existing one).
"""

from __future__ import annotations

from dataclasses import dataclass

JaxVersion = tuple[int, ...]


@dataclass(frozen=True)
class Measured:
    """A JAX release whose behaviour the rules follow, and where that was measured."""

    version: JaxVersion
    evidence: str


# Releases lowered by the oracle suite (tests/test_oracle.py), oldest first.
MEASURED: tuple[Measured, ...] = (
    Measured((0, 10, 2), "jax-facts.md; oracle suite on .venv-jax010"),
    Measured((0, 12, 0, 1), "jax-facts.md; oracle suite on .venv-jax012"),
)

# The newest JAX this product knows; used when no other source names a version.
NEWEST_KNOWN_JAX: JaxVersion = MEASURED[-1].version


@dataclass(frozen=True)
class Fact:
    """A behaviour of JAX that holds on releases ``since <= v < until`` (None: unbounded)."""

    what: str
    since: JaxVersion | None
    until: JaxVersion | None
    evidence: str


# Lowering semantics default to Warpgroup ("[Mosaic GPU] Turn WG on by default"); Lane before.
WARPGROUP_DEFAULT = Fact("lowering semantics default to Warpgroup", (0, 11), None,
                         "jax-facts.md: 0.10.2 lowers as Lane, 0.12.0.1 as Warpgroup")
# pl.pallas_call with Mosaic GPU params has no lowering rule: a bare AssertionError.
PALLAS_CALL_MOSAIC_GPU_GONE = Fact("pl.pallas_call has no Mosaic GPU lowering", (0, 11), None,
                                   "jax-facts.md on 0.12.0.1; docs/gpu-lowering-h200.md on 0.11.2")
# An AbstractMesh handed to jax.shard_map gives the kernel a usable mesh.
ABSTRACT_MESH_IN_SHARD_MAP = Fact("jax.shard_map over an AbstractMesh reaches the kernel", None,
                                  (0, 12), "jax-facts.md: works on 0.10.2, not on 0.12.0.1")
# plgpu.kernel's output and scratch parameters: out_shape/scratch_shapes up to 0.10,
# out_type/scratch_types from 0.10 (0.10 takes both).
KERNEL_OUT_SHAPE = Fact("plgpu.kernel takes out_shape= / scratch_shapes=", None, (0, 11),
                        "issue 14 measurement; PAL009 fixtures on 0.10.2 and 0.12.0.1")
KERNEL_OUT_TYPE = Fact("plgpu.kernel takes out_type= / scratch_types=", (0, 10), None,
                       "issue 14 measurement; PAL009 fixtures on 0.10.2 and 0.12.0.1")
# jax.use_abstract_mesh exists.
USE_ABSTRACT_MESH = Fact("jax.use_abstract_mesh exists", (0, 11), None,
                         "issue 14 measurement; PAL009 fixtures on 0.10.2 and 0.12.0.1")


def holds(fact: Fact, version: JaxVersion) -> bool:
    """Whether ``fact`` holds on ``version`` (compared on as many parts as it names)."""
    if fact.since is not None and version < fact.since:
        return False
    return fact.until is None or version < fact.until


def default_semantics(version: JaxVersion) -> str:
    return "Warpgroup" if holds(WARPGROUP_DEFAULT, version) else "Lane"


def first_release(fact: Fact) -> str:
    """'0.11' for a fact from 0.11 on: how messages name the boundary."""
    return format_jax_version(fact.since) if fact.since is not None else "the first release"


def last_release(fact: Fact) -> str:
    """'0.11' for a fact that holds until 0.11: the release where it stops holding."""
    return format_jax_version(fact.until) if fact.until is not None else "no release yet"


def is_measured(version: JaxVersion) -> bool:
    """Whether the oracle suite lowers under this release (0.10.2 == 0.10.2.0)."""
    return any(_padded(m.version) == _padded(version) for m in MEASURED)


def measured_list() -> str:
    """'0.10.2, 0.12.0.1': for notes on versions the rules were not measured on."""
    return ", ".join(format_jax_version(m.version) for m in MEASURED)


def _padded(version: JaxVersion) -> JaxVersion:
    return (*version, *([0] * (4 - len(version))))[:4]


def parse_jax_version(text: str) -> JaxVersion:
    """'0.12.0.1' -> (0, 12, 0, 1); dev and rc suffixes are dropped ('0.11.0.dev2' -> (0, 11, 0))."""
    parts: list[int] = []
    for piece in text.strip().split("."):
        digits = ""
        for ch in piece:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        parts.append(int(digits))
        if len(digits) != len(piece):
            break
    if len(parts) < 2:
        raise ValueError(f"not a JAX version: {text!r} (expected something like 0.12.0)")
    return tuple(parts)


def format_jax_version(version: JaxVersion) -> str:
    return ".".join(str(p) for p in version)
