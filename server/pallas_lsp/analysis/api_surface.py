"""The API surface of a JAX release, as the API-drift rule (PAL009) reads it.

Two sources, never an import of JAX:
  * the shipped data (``api_data/jax_<release>.py``), read with ``inspect`` in each supported
    release's own interpreter by ``bench/releases/generate.py --api``: the newest release's
    table in full, the others as their changes to it (``api_changes.py``), each imported
    only when its release is asked for;
  * for a release the data does not cover (a nightly, a fork, a patched install), the
    installed sources the analysis already follows (``Options.library``), read with ``ast``
    (``api_static.py``), when their ``jax/version.py`` names that release.

Callables are asked for by their canonical name (``names.canonical``: ``pl.pallas_call``,
``plgpu.kernel``, ``jax.make_mesh``, ``lax.fori_loop``).
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass, field

from . import api_changes
from .names import FOLDED
from .versions import JaxVersion, format_jax_version, parse_jax_version

# The releases the shipped data covers (one module of api_data/ each), oldest first.
DATA_RELEASES: tuple[JaxVersion, ...] = ((0, 8, 3), (0, 10, 2), (0, 11, 2), (0, 12, 0, 1))

# Canonical prefix -> the JAX module it names (names._PREFIXES, inverted), longest first.
CANONICAL_MODULES: tuple[tuple[str, str], ...] = (
    ("plgpu", "jax.experimental.pallas.mosaic_gpu"),
    ("pl.tpu", "jax.experimental.pallas.tpu"),
    ("pl", "jax.experimental.pallas"),
    ("jax.sharding", "jax.sharding"),
    # Reached only by a call's spelled path (QualName.spelled): its shard_map folds into
    # jax.shard_map's canonical name.
    ("jax.experimental.shard_map", "jax.experimental.shard_map"),
    ("lax", "jax.lax"),
    ("jnp", "jax.numpy"),
    ("jax", "jax"),
)
# Canonical names that more than one JAX callable reduces to (names._PREFIXES maps
# jax.experimental.shard_map.shard_map to jax.shard_map, pjit to jax.jit, ...): the data of
# one is not the signature of the other, so they are judged only by the path a call spelled.
AMBIGUOUS = FOLDED


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # P, PK, VP, KO, VK (inspect.Parameter kinds)
    has_default: bool


@dataclass(frozen=True)
class Surface:
    """What one release has: per module, its public names, signatures and deprecations."""

    version: JaxVersion
    modules: dict[str, dict | None]
    source: str  # "data" or "installed sources"
    # Each name's parameters, once asked (every keystroke asks again for the same calls).
    _params: dict[tuple[str, str], tuple[Param, ...] | None] = field(default_factory=dict, compare=False,
                                                         repr=False)
    # Each module's public names as a set, once asked (the data holds a sorted tuple).
    _name_sets: dict[str, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)

    def params(self, canonical_name: str, spelled: str = "") -> tuple[Param, ...] | None:
        """The parameters of a callable, or None when this surface does not know it. A
        canonical name that folds two callables is known by the path the call spelled
        (``spelled``: jax.experimental.shard_map.shard_map or jax.shard_map), never alone."""
        key = (canonical_name, spelled)
        if key in self._params:
            return self._params[key]
        found = _split(spelled or canonical_name)
        params = None
        if found is not None and (spelled or canonical_name not in AMBIGUOUS):
            module, attr = found
            entry = self.modules.get(module)
            raw = entry["signatures"].get(attr) if entry else None
            params = None if raw is None else tuple(Param(*p) for p in raw)
        self._params[key] = params
        return params

    def has_name(self, module: str, attr: str) -> bool | None:
        """Whether ``module.attr`` resolves on this release (deprecated but still accessible
        counts); None when the module is not known here."""
        entry = self.modules.get(module)
        if not entry:
            return None
        names = self._name_sets.get(module)
        if names is None:
            names = self._name_sets[module] = frozenset(entry["names"])
        if attr in names:
            return True
        deprecated = entry.get("deprecated", {}).get(attr)
        return bool(deprecated and deprecated[1])

    def enum(self, module: str, attr: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """``module.attr``'s members (definition order) and other public attributes when it
        is an enum class of this release; None when it is not one, or not known."""
        entry = self.modules.get(module) or {}
        found = entry.get("enums", {}).get(attr)
        return None if found is None else (tuple(found["members"]), tuple(found["attributes"]))

    def removal_note(self, module: str, attr: str) -> str | None:
        """JAX's own message for a name it removed (its _deprecations table), if any."""
        entry = self.modules.get(module) or {}
        deprecated = entry.get("deprecated", {}).get(attr)
        return deprecated[0] if deprecated and not deprecated[1] else None


def module_of(canonical_name: str) -> tuple[str, str] | None:
    """('jax.experimental.pallas', 'pallas_call') for 'pl.pallas_call'."""
    return _split(canonical_name)


@functools.lru_cache(maxsize=4096)
def _split(canonical_name: str) -> tuple[str, str] | None:
    for prefix, module in CANONICAL_MODULES:
        if canonical_name.startswith(prefix + "."):
            attr = canonical_name[len(prefix) + 1:]
            if "." not in attr:
                return module, attr
            return None  # a method or a submodule's name: not recorded
    return None


def _padded(version: JaxVersion) -> JaxVersion:
    return (*version, *([0] * (4 - len(version))))[:4]


def data_release(version: JaxVersion) -> JaxVersion | None:
    """The data release that is ``version`` (compared on four parts), or None."""
    for release in DATA_RELEASES:
        if _padded(release) == _padded(version):
            return release
    return None


@functools.lru_cache(maxsize=len(DATA_RELEASES))
def shipped(version: JaxVersion) -> Surface | None:
    """The shipped surface of ``version``, or None when the data does not cover it."""
    release = data_release(version)
    if release is None:
        return None
    module = importlib.import_module(
        f"{__package__}.api_data.jax_{format_jax_version(release).replace('.', '_')}")
    if hasattr(module, "MODULES"):
        return Surface(release, module.MODULES, "data")
    # Shipped as its changes to another release's table (api_changes.py): rebuilt once.
    base = shipped(parse_jax_version(module.BASE))
    if base is None:
        return None
    return Surface(release, api_changes.apply(base.modules, module.CHANGES), "data")


def releases_with_keyword(canonical_name: str, keyword: str, spelled: str = "") -> list[JaxVersion]:
    """The data releases whose ``canonical_name`` (as ``spelled``, where it folds) takes ``keyword``."""
    found = []
    for release in DATA_RELEASES:
        surface = shipped(release)
        params = surface.params(canonical_name, spelled) if surface else None
        if params and any(p.name == keyword and p.kind in ("PK", "KO") for p in params):
            found.append(release)
    return found


def releases_with_name(module: str, attr: str) -> list[JaxVersion]:
    found = []
    for release in DATA_RELEASES:
        surface = shipped(release)
        if surface is not None and surface.has_name(module, attr):
            found.append(release)
    return found
