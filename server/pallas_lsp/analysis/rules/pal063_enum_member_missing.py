"""PAL063 enum_member_missing: a member that this release's JAX enum class does not have
(``plgpu.SemaphoreType.DMA``: the GPU's semaphore types are REGULAR and BARRIER)."""

from __future__ import annotations

import ast
import difflib
from collections.abc import Iterator

from ..api_surface import CANONICAL_MODULES, DATA_RELEASES, Surface, module_of, shipped
from ..model import Finding, Fix, Options, Span, TextEdit
from ..program import Program
from ..versions import format_jax_version
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL063",
    name="enum_member_missing",
    title="a member that this JAX release's enum class does not have",
    jax_message=(
        "AttributeError: type object 'SemaphoreType' has no attribute 'DMA'   (Python >= 3.12)\n"
        "AttributeError: DMA   (Python 3.11: the enum's own message is the name alone)"
    ),
    lowering_errors=(
        LoweringError(r"\Atype object '\w+' has no attribute '\w+'", exc_type="AttributeError"),
        # Python 3.11's EnumMeta.__getattr__ raises AttributeError(name): the name alone.
        LoweringError(r"\A[A-Za-z_]\w*\Z", exc_type="AttributeError"),
    ),
    what_it_means=(
        "The enum classes of JAX's API (`plgpu.SemaphoreType`, `plgpu.Layout`, "
        "`plgpu.MemorySpace`, `pl.MemorySpace`, `lax.Precision`, `jax.sharding.AxisType`, ...) "
        "have a fixed set of members, and each release has its own: `plgpu.SemaphoreType` has "
        "`REGULAR` and `BARRIER` on every release from 0.8.3 to 0.12.0.1, while TPU's "
        "`pltpu.SemaphoreType` also has `DMA`. Naming a member the class lacks is Python's "
        "AttributeError, raised where the name is read, before any kernel is traced. The members "
        "of each release are read with `inspect` from each supported release (0.8.3, 0.10.2, "
        "0.11.2, 0.12.0.1; `bench/releases/generate.py --api`); a release that data does not "
        "cover is not judged."
    ),
    when_it_happens=(
        "`plgpu.SemaphoreType.DMA` (in `scratch_types=`, `pl.get_global(...)` or "
        "`pl.run_scoped`), or any `Class.NAME` of an enum class of `jax`, `jax.sharding`, "
        "`jax.lax`, `jax.experimental.pallas` or its `mosaic_gpu` / `tpu` modules whose NAME "
        "is neither a member nor an attribute of the class on the target release. Measured on "
        "0.8.3, 0.10.2, 0.11.2 and 0.12.0.1: Python 3.12 says \"type object 'SemaphoreType' "
        "has no attribute 'DMA'\", Python 3.11 (0.10.2's interpreter here) only \"DMA\". JAX "
        "blames the line that reads the name."
    ),
    how_to_fix=(
        "Use a member the class has on the target release (the message lists them): a GPU "
        "semaphore is `plgpu.SemaphoreType.REGULAR` (TPU's DMA semaphores have no GPU "
        "counterpart: a TMA copy signals a `plgpu.Barrier`). The quick fix replaces a name "
        "that is one member's spelled another way (`Regular` for `REGULAR`)."
    ),
    bad_example='''
def kernel(o_ref, sem_ref):
    pl.semaphore_signal(sem_ref, 1)

call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                    scratch_types=[plgpu.SemaphoreType.DMA])
''',
    good_example='''
def kernel(o_ref, sem_ref):
    pl.semaphore_signal(sem_ref, 1)

call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32),
                    scratch_types=[plgpu.SemaphoreType.REGULAR])
''',
    fixable=True,
)

# Canonical prefix -> how a message names the module (the import the user would write).
_SPELLED = {"plgpu": "plgpu", "pl.tpu": "pltpu", "pl": "pl", "lax": "lax", "jnp": "jnp",
            "jax.sharding": "jax.sharding", "jax": "jax"}


def check(program: Program, options: Options) -> Iterator[Finding]:
    surface = shipped(program.version)
    if surface is None:
        return
    version = format_jax_version(program.version)
    owners = _enum_owners(surface)
    for node, owner, attr in program.library_attribute_reads(owners):
        if attr.startswith("_"):
            continue
        module, class_name = owners[owner]
        members, attributes = surface.enum(module, class_name)  # type: ignore[misc]
        if attr in members or attr in attributes:
            continue
        yield _finding(program, node, owner, module, class_name, attr, members, version)


_OWNERS: dict[object, dict[str, tuple[str, str]]] = {}


def _enum_owners(surface: Surface) -> dict[str, tuple[str, str]]:
    """Each canonical spelling of one of the release's enum classes (``plgpu.SemaphoreType``),
    with its module and class name, as module_of reads it: the reads worth judging."""
    if surface.version not in _OWNERS:
        owners: dict[str, tuple[str, str]] = {}
        for prefix, module in CANONICAL_MODULES:
            for class_name in (surface.modules.get(module) or {}).get("enums", {}):
                owner = f"{prefix}.{class_name}"
                if module_of(owner) == (module, class_name):
                    owners[owner] = (module, class_name)
        _OWNERS[surface.version] = owners
    return _OWNERS[surface.version]


def _finding(program: Program, node: ast.Attribute, owner: str, module: str, class_name: str,
             attr: str, members: tuple[str, ...], version: str) -> Finding:
    spelled = program.text(node.value)
    prefix = owner.rsplit(".", 1)[0]
    named = f"{_SPELLED.get(prefix, prefix)}.{class_name}"
    called = spelled if spelled == named else f"{spelled} ({named})"
    have = [format_jax_version(release) for release in DATA_RELEASES
            if _has_member(release, module, class_name, attr)]
    where = (f"JAX {', '.join(have)} {'has' if len(have) == 1 else 'have'} it" if have
             else "no release pallas-lsp has read has it")
    elsewhere = _same_class_elsewhere(program, module, class_name, attr)
    if elsewhere:
        where += f"; {elsewhere}"
    public = [member for member in members if not member.startswith("_")]
    listed = ", ".join(public) if public else "none"
    words = f"AttributeError: type object '{class_name}' has no attribute '{attr}'"
    fix = _fix(program, node, attr, members)
    advice = (f"Write {spelled}.{fix.edits[0].new_text}." if fix is not None
              else f"Use one of its members{_gpu_advice(owner, attr)}.")
    message = (f"{called} has no member {attr} on JAX {version} (its members: {listed}; {where}): "
               f"this fails with \"{words}\" (\"AttributeError: {attr}\" under Python 3.11). "
               f"{advice}")
    return Finding(RULE.code, program.span(node), message, fixes=(fix,) if fix else ())


def _has_member(release: tuple[int, ...], module: str, class_name: str, attr: str) -> bool:
    surface = shipped(release)
    enum = surface.enum(module, class_name) if surface is not None else None
    return enum is not None and attr in enum[0]


def _same_class_elsewhere(program: Program, module: str, class_name: str, attr: str) -> str:
    """Another module's enum of the same name that has the member on this release
    (``pltpu.SemaphoreType`` for ``plgpu.SemaphoreType.DMA``), as the message names it."""
    surface = shipped(program.version)
    assert surface is not None
    for prefix, other in CANONICAL_MODULES:
        if other == module or prefix not in _SPELLED:
            continue
        enum = surface.enum(other, class_name)
        if enum is not None and attr in enum[0]:
            return f"{_SPELLED[prefix]}.{class_name} ({other}) has it"
    return ""


def _gpu_advice(owner: str, attr: str) -> str:
    if owner == "plgpu.SemaphoreType" and attr == "DMA":
        return (" (a GPU semaphore is REGULAR; TPU's DMA semaphores have no GPU counterpart: a "
                "TMA copy signals a plgpu.Barrier)")
    return ""


def _fix(program: Program, node: ast.Attribute, attr: str, members: tuple[str, ...]) -> Fix | None:
    """The member the name is a respelling of, where exactly one is: the same letters in
    another case or with underscores (``Regular``, ``regular`` for ``REGULAR``)."""
    def folded(name: str) -> str:
        return name.replace("_", "").lower()

    same = [member for member in members if folded(member) == folded(attr)]
    if len(same) != 1:
        close = difflib.get_close_matches(attr, members, n=2, cutoff=0.85)
        if len(close) != 1:
            return None
        same = close
    span = program.span(node)
    # The attribute's name ends the node: replace the last len(attr) characters of its span
    # (not for a getattr(owner, name) call read as the attribute: its name is elsewhere).
    if span.line != span.end_line or not program.text(node).endswith(attr):
        return None
    start = Span(span.end_line, span.end_col - len(attr), span.end_line, span.end_col, span.path)
    return Fix(f"Use {same[0]}", (TextEdit(start, same[0]),), safe=True, preferred=True)
