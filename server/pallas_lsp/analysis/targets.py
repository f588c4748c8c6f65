"""Several target JAX releases at once: each finding once, with its verdict on each release.

A project that has to run on more than one JAX (a cluster image and a laptop)
is analysed once per release. Per release a finding is one of three things
(``Verdict``): it *fails* there, it *does not fail* there, or it is *not
reached* there because an earlier error stops its launch first (a finding of
that release at the line that creates or launches its kernel, such as PAL009's
``TypeError`` at ``plgpu.kernel(...)``: the body never lowers). A finding that
fails on every target is reported as it is; any other says which releases it
fails on, which it does not, and where the others stop ("fails on JAX ≥ 0.10.2
only (not reached on 0.8.3: stopped earlier at line 16)").

Findings are the same finding on two releases when code and span agree; and one
rule that blames a different line on different releases for the same launch
(PAL004 at the layout_cast under Warpgroup, at the reduce under Lane) is one
finding, reported once at the newest release's line, naming the other line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .model import Finding, Severity
from .versions import JaxVersion, format_jax_version

FAILS = "fails"
DOES_NOT_FAIL = "does not fail"
NOT_REACHED = "not reached"


@dataclass(frozen=True)
class Verdict:
    """What one release makes of one finding."""

    state: str  # FAILS, DOES_NOT_FAIL or NOT_REACHED
    stopped_at: int | None = None  # NOT_REACHED: the line of the error that stops it first


def verdict(finding: Finding, findings: Sequence[Finding]) -> Verdict:
    """``finding``'s verdict on a release whose findings are ``findings``."""
    stopper = _stopped_by(finding, findings)
    if stopper is not None:
        return Verdict(NOT_REACHED, stopper.span.line)
    if any(other.code == finding.code and other.span == finding.span for other in findings):
        return Verdict(FAILS)
    return Verdict(DOES_NOT_FAIL)


def _stopped_by(finding: Finding, findings: Sequence[Finding]) -> Finding | None:
    """An error of the release at a line ``finding``'s launch runs through before its kernel
    body lowers (where its kernel is created, launched, wrapped or its mesh built)."""
    before = {(r.span.path, r.span.line) for r in finding.related}
    for other in findings:
        if other.severity is not Severity.ERROR or (other.code, other.span) == (finding.code, finding.span):
            continue
        if (other.span.path, other.span.line) in before and (finding.span.path, finding.span.line) != (
                other.span.path, other.span.line):
            return other
    return None


def merge_targets(per_version: Mapping[JaxVersion, Sequence[Finding]]) -> tuple[Finding, ...]:
    """One finding per (code, span), in source order, each with its verdicts unless it fails
    on every target."""
    targets = sorted(per_version)
    found: dict[tuple, Finding] = {}
    for version in reversed(targets):  # the newest release's message and related locations
        for finding in per_version[version]:
            found.setdefault((finding.code, finding.span), finding)
    verdicts = {key: [verdict(finding, per_version[v]) for v in targets] for key, finding in found.items()}
    merged = []
    moved: dict[tuple, list[tuple[JaxVersion, Finding]]] = {}
    for key in _same_launch_groups(found, verdicts, targets):
        keys = key
        main = found[keys[0]]
        joined = [next((v for v in (verdicts[k][i] for k in keys) if v.state == FAILS),
                       verdicts[keys[0]][i]) for i in range(len(targets))]
        moved[keys[0]] = [(targets[i], found[k]) for k in keys[1:] for i, v in enumerate(verdicts[k])
                          if v.state == FAILS]
        message = main.message
        if any(v.state != FAILS for v in joined):
            message = f"{describe(joined, targets)}: {message}"
        for other_version, other in _first_per_finding(moved[keys[0]]):
            message += (f" (On JAX {format_jax_version(other_version)} JAX blames line "
                        f"{other.span.line} for it instead.)")
        merged.append(replace(main, message=message))
    return tuple(sorted(merged, key=lambda f: (f.span.path or "", f.span.line, f.span.col, f.code)))


def _first_per_finding(pairs: list[tuple[JaxVersion, Finding]]) -> list[tuple[JaxVersion, Finding]]:
    seen: dict[tuple, tuple[JaxVersion, Finding]] = {}
    for version, finding in pairs:
        seen.setdefault((finding.code, finding.span), (version, finding))
    return list(seen.values())


def _same_launch_groups(found: dict[tuple, Finding], verdicts: dict[tuple, list[Verdict]],
                        targets: Sequence[JaxVersion]) -> list[tuple[tuple, ...]]:
    """Keys of ``found`` grouped: one rule, the same launch (related locations), failing on
    releases that do not overlap is one finding blamed on different lines. The newest
    release's line comes first."""
    groups: list[list[tuple]] = []
    for key in found:  # newest release's findings first (merge_targets' order)
        finding = found[key]
        fails = {i for i, v in enumerate(verdicts[key]) if v.state == FAILS}
        for group in groups:
            head = found[group[0]]
            taken = {i for k in group for i, v in enumerate(verdicts[k]) if v.state == FAILS}
            if (head.code == finding.code and head.related and launch_places(head) == launch_places(finding)
                    and fails and not fails & taken):
                group.append(key)
                break
        else:
            groups.append([key])
    return [tuple(group) for group in groups]


def launch_places(finding: Finding) -> frozenset[tuple[str | None, int, int]]:
    """Where the finding's launch is made, wrapped, meshed and called: one launch's error
    that releases blame on different lines has the same places."""
    return frozenset((r.span.path, r.span.line, r.span.col) for r in finding.related)


def describe(verdicts: Sequence[Verdict], targets: Sequence[JaxVersion]) -> str:
    """'fails on JAX ≥ 0.10.2 only (not on 0.8.3)', '... (not reached on 0.8.3: stopped
    earlier at line 16)', or 'not reached on JAX 0.8.3 (...); does not fail on 0.10.2'."""
    failing = [t for t, v in zip(targets, verdicts, strict=True) if v.state == FAILS]
    clean = [t for t, v in zip(targets, verdicts, strict=True) if v.state == DOES_NOT_FAIL]
    stops: dict[int, list[JaxVersion]] = {}
    for target, v in zip(targets, verdicts, strict=True):
        if v.state == NOT_REACHED and v.stopped_at is not None:
            stops.setdefault(v.stopped_at, []).append(target)
    others = []
    if clean:
        others.append(f"not on {_names(clean)}")
    for line, versions in sorted(stops.items()):
        others.append(f"not reached on {_names(versions)}: stopped earlier at line {line}")
    if not failing:
        return "fails on no target JAX as written (" + "; ".join(others) + ")"
    return f"fails on JAX {_range(failing, targets)} only ({'; '.join(others)})"


def fails_on(versions: Sequence[JaxVersion], targets: Sequence[JaxVersion]) -> str:
    """'fails on JAX 0.12.0.1 only (not on 0.10.2)'; '≥'/'≤' when the failing ones are the
    newest or the oldest of three or more targets."""
    return describe([Verdict(FAILS if t in versions else DOES_NOT_FAIL) for t in targets], targets)


def _range(versions: Sequence[JaxVersion], targets: Sequence[JaxVersion]) -> str:
    if len(targets) > 2 and len(versions) > 1 and list(versions) == list(targets[-len(versions):]):
        return f"≥ {format_jax_version(versions[0])}"
    if len(targets) > 2 and len(versions) > 1 and list(versions) == list(targets[:len(versions)]):
        return f"≤ {format_jax_version(versions[-1])}"
    return _names(versions)


def _names(versions: Sequence[JaxVersion]) -> str:
    return ", ".join(format_jax_version(v) for v in versions)
