"""Several target JAX releases at once: each finding once, saying on which releases it fails.

A project that has to run on more than one JAX (a cluster image and a laptop)
is analysed once per release; a finding that every target shares is reported
as it is, one that only some targets have says which ("fails on JAX 0.12.0.1
only (not on 0.10.2): ..."), and code that lowers on all of them gets nothing.
Findings are the same finding on two releases when code and span agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from .model import Finding
from .versions import JaxVersion, format_jax_version


def merge_targets(per_version: Mapping[JaxVersion, Sequence[Finding]]) -> tuple[Finding, ...]:
    """One finding per (code, span), in source order, each naming its releases unless all fail."""
    targets = sorted(per_version)
    failing: dict[tuple, tuple[Finding, list[JaxVersion]]] = {}
    for version in targets:
        for finding in per_version[version]:
            failing.setdefault((finding.code, finding.span), (finding, []))[1].append(version)
    merged = []
    for finding, versions in failing.values():
        if len(versions) < len(targets):
            finding = replace(finding, message=f"{fails_on(versions, targets)}: {finding.message}")
        merged.append(finding)
    return tuple(sorted(merged, key=lambda f: (f.span.path or "", f.span.line, f.span.col, f.code)))


def fails_on(versions: Sequence[JaxVersion], targets: Sequence[JaxVersion]) -> str:
    """'fails on JAX 0.12.0.1 only (not on 0.10.2)'; '≥'/'≤' when the failing ones are the
    newest or the oldest of three or more targets."""
    ok = [t for t in targets if t not in versions]
    names = ", ".join(format_jax_version(v) for v in versions)
    not_on = ", ".join(format_jax_version(v) for v in ok)
    if len(targets) > 2 and len(versions) > 1 and list(versions) == list(targets[-len(versions):]):
        names = f"≥ {format_jax_version(versions[0])}"
    elif len(targets) > 2 and len(versions) > 1 and list(versions) == list(targets[:len(versions)]):
        names = f"≤ {format_jax_version(versions[-1])}"
    return f"fails on JAX {names} only (not on {not_on})"
