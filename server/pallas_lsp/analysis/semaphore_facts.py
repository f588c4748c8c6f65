"""What a semaphore op is given, judged as JAX's checks would (PAL045 reads it).

``pl.semaphore_signal`` / ``pl.semaphore_wait`` (and Mosaic GPU's ``plgpu.semaphore_signal`` /
``plgpu.semaphore_wait``, 0.10.2 on) check their semaphore when they are traced
(``check_sem_avals`` in jax/_src/pallas/primitives.py, the same in 0.8.3 - 0.12.0.1): it must
be a Ref ("Cannot signal on a non-semaphore Ref"), of shape () after its indexing ("Cannot
signal on a non-()-shaped semaphore: (2,)"), of a semaphore dtype ("Must signal semaphores of
the following types: {...}. Got float32."; int16 passes, for interpret mode). Mosaic GPU's
lowering of ``semaphore_signal`` then refuses a ``core_index`` ("Mosaic GPU backend does not
support the concept of cores"); the Mosaic GPU variants' ``memory_scope`` is "sys" or "gpu"
("Unsupported memory_scope: cta", both ops), and "gpu" does not reach another device
("Cannot signal a GPU-local semaphore from a remote device", a signal with ``device_id=``),
both while lowered (0.10.2 - 0.12.0.1). A semaphore is a RefVal in the "SEMAPHORE" space
(ref_facts.py: ``plgpu.SemaphoreType.REGULAR``, bare or called with a shape); a buffer or a
GMEM ref is one whose space and dtype are known. Anything else is not judged.
"""

from __future__ import annotations

from dataclasses import dataclass

from .mosaic_primitives import lowering_rules
from .trace import Op
from .values import MISSING, UNKNOWN, ArrayVal, BarrierRefVal, Const, DtypeVal, RefVal
from .versions import SEMAPHORE_MEMORY_SCOPE, holds

# Each semaphore op: its semaphore's keyword and the word JAX's messages use for it.
SEMAPHORE_OPS = {
    "pl.semaphore_signal": ("sem_or_view", "signal"),
    "pl.semaphore_wait": ("sem_or_view", "wait"),
    "plgpu.semaphore_signal": ("semaphore", "signal"),
    "plgpu.semaphore_wait": ("semaphore", "wait"),
    # A collective op (ops.py), checked by the same check_sem_avals under its own name.
    "plgpu.semaphore_signal_multicast": ("semaphore", "semaphore_signal_multicast"),
}
_BUFFER_SPACES = ("GMEM", "SMEM", "TMEM")
# The memory scopes of the Mosaic GPU variants' atomics (mosaic/gpu/utils.py, 0.10.2 - 0.12.0.1).
_MEMORY_SCOPES = ("sys", "gpu")
# Dtypes check_sem_avals lets through besides the semaphore types (interpret mode's int16).
_PASSING_DTYPES = frozenset({"int16"})


@dataclass(frozen=True)
class SemaphoreFault:
    # "not_ref": an array value; "shaped": a ref of shape other than (); "not_semaphore": a
    # ()-shaped ref of another dtype; "core_index": core_index given to semaphore_signal;
    # "memory_scope": a scope other than "sys" / "gpu"; "remote_gpu_scope": memory_scope="gpu"
    # on a signal of another device's semaphore (device_id=); "barrier": a plgpu.Barrier's ref.
    kind: str
    verb: str  # "signal" or "wait"
    ref: RefVal | None = None  # the ref given (shaped / not_semaphore)
    shape: tuple[int, ...] = ()
    dtype: str | None = None
    scope: str | None = None


def semaphore_fault(op: Op, version: tuple[int, ...], semantics: str) -> SemaphoreFault | None:
    """The first check of JAX's the op fails, or None (``semantics``: the kernel's, "Lane" or
    "Warpgroup": a core_index is refused by the lowering rule, where the release has one)."""
    keyword, verb = SEMAPHORE_OPS[op.name]
    sem = op.args.get(keyword, MISSING)
    if isinstance(sem, BarrierRefVal) and sem.barrier.kind == "Barrier" \
            and sem.barrier.num_barriers is MISSING and not sem.indices:
        # A plgpu.Barrier() (one barrier: a ()-shaped ref of the barrier dtype) where a
        # semaphore belongs: "Must signal semaphores of the following types: {...}. Got barrier."
        return SemaphoreFault("barrier", verb, dtype="barrier")
    if isinstance(sem, ArrayVal):
        return SemaphoreFault("not_ref", verb, shape=_shape(sem.shape) or (),
                              dtype=sem.dtype.name if isinstance(sem.dtype, DtypeVal) else None)
    if isinstance(sem, RefVal) and (sem.space == "SEMAPHORE" or sem.space in _BUFFER_SPACES):
        shape = _shape(sem.shape)
        dtype = sem.dtype.name if isinstance(sem.dtype, DtypeVal) else None
        if shape:
            return SemaphoreFault("shaped", verb, sem, shape, dtype)
        if shape == () and sem.space in _BUFFER_SPACES and dtype is not None \
                and dtype not in _PASSING_DTYPES:
            return SemaphoreFault("not_semaphore", verb, sem, (), dtype)
        if shape is None:
            return None  # the shape JAX checks first is not known
    elif sem is MISSING or not _maybe_semaphore(sem):
        return None
    core_index = op.args.get("core_index", MISSING)
    if isinstance(core_index, Const) and core_index.value is not None \
            and _lowers_signal(version, semantics):
        return SemaphoreFault("core_index", verb)
    scope = op.args.get("memory_scope", MISSING)
    if not (isinstance(scope, Const) and isinstance(scope.value, str)) \
            or not holds(SEMAPHORE_MEMORY_SCOPE, version):
        return None
    device_id = op.args.get("device_id", MISSING)
    if scope.value == "gpu" and verb == "signal" and device_id is not MISSING \
            and device_id is not UNKNOWN and device_id != Const(None):
        return SemaphoreFault("remote_gpu_scope", verb, scope=scope.value)
    if scope.value not in _MEMORY_SCOPES:
        return SemaphoreFault("memory_scope", verb, scope=scope.value)
    return None


def _lowers_signal(version: tuple[int, ...], semantics: str) -> bool:
    """Mosaic GPU of this release registers a semaphore_signal rule under ``semantics`` (0.8.3
    has none under Warpgroup: "Unimplemented primitive", PAL019's); a release not in the
    table: where every measured release does."""
    rules = lowering_rules()
    release = ".".join(str(part) for part in version)
    releases = [release] if release in rules else list(rules)
    return all("semaphore_signal" in rules[name].get(semantics, frozenset()) for name in releases)


def _maybe_semaphore(value: object) -> bool:
    """A semaphore argument whose checks may pass: any value the analysis does not know."""
    return not isinstance(value, (Const, ArrayVal))


def _shape(shape: object) -> tuple[int, ...] | None:
    if isinstance(shape, Const) and isinstance(shape.value, tuple) \
            and all(type(d) is int for d in shape.value):
        return shape.value  # type: ignore[return-value]
    return None
