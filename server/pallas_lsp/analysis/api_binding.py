"""Whether a JAX function's signature, on the target release, surely refuses a call's
arguments: CPython's binding (python/binding.py, the one the program's own defs are judged by)
of the positionals and keywords against the parameters the release's API data records
(api_surface), before the function runs. The interpreter raises that TypeError where a ``try``
of the same function may catch it (python/interp/calling.py): the version-drift idiom of JAX's
own tests, ``try: plgpu.load(ref, layout=...) except TypeError: plgpu.load(ref, (), layout=...)``,
then runs the branch the release runs. Elsewhere the analysis goes on past the call, as before
(PAL009 words such a call's fault)."""

from __future__ import annotations

import ast
import functools

from . import api_positional_drift
from .api_surface import Param, shipped
from .python import binding
from .versions import JaxVersion

# A default's stand-in: binding reads only whether a parameter has one.
_DEFAULT = ast.Constant(None)


@functools.lru_cache(maxsize=4096)  # asked for every JAX call in a `try` body
def refuses(version: JaxVersion, name: str, positional: int, keywords: tuple[str, ...]) -> bool:
    """True where the release's ``name`` surely cannot bind ``positional`` arguments by
    position and ``keywords`` by name; False where it binds or the data does not say."""
    return _refusal(version, name, name, positional, keywords) is not None


def _refusal(version: JaxVersion, name: str, qualname: str, positional: int,
             keywords: tuple[str, ...]) -> str | None:
    """CPython's TypeError text (the function named ``qualname``) where the release's ``name``
    cannot bind the call; None where it binds or the data does not say."""
    surface = shipped(version)
    params = surface.params(name) if surface is not None else None
    if params is None:
        return None
    return binding.refusal(_arguments(params), qualname, positional, keywords)


def _arguments(params: tuple[Param, ...]) -> ast.arguments:
    """The recorded parameters as the ``ast.arguments`` of a def with that signature."""
    def of(kind: str) -> list[ast.arg]:
        return [ast.arg(p.name) for p in params if p.kind == kind]

    positional = [p for p in params if p.kind in ("P", "PK")]
    variadic, keywords = of("VP"), of("VK")
    return ast.arguments(
        posonlyargs=of("P"), args=of("PK"), vararg=variadic[0] if variadic else None,
        kwonlyargs=of("KO"),
        kw_defaults=[_DEFAULT if p.has_default else None for p in params if p.kind == "KO"],
        kwarg=keywords[0] if keywords else None,
        defaults=[_DEFAULT for p in positional if p.has_default])


@functools.lru_cache(maxsize=4096)  # asked for every library call the run reaches
def drifts(name: str) -> bool:
    """Whether ``name``'s positional parameters differ between the supported releases (the
    only calls positional_refusal judges): cheap to ask first."""
    return name.rpartition(".")[2] in api_positional_drift.CLAIMED


@functools.lru_cache(maxsize=4096)  # asked for every JAX call the run reaches
def positional_refusal(version: JaxVersion, name: str, positional: int,
                       keywords: tuple[str, ...]) -> str | None:
    """CPython's TypeError text where the release's function ``name`` surely cannot bind the
    call's positional arguments (too many, or a required one missing): "copy_gmem_to_smem()
    missing 1 required positional argument: 'barrier'"; None where it binds, where the fault is
    a keyword's (PAL009's keyword check words those), or where the data does not say. Only the
    functions whose positional parameters differ between releases are judged
    (api_positional_drift.CLAIMED: no class, whose ``__init__`` CPython would name)."""
    if not drifts(name):
        return None  # (a signature that never changed: a plain misuse, not the release's drift)
    text = _refusal(version, name, name.rpartition(".")[2], positional, keywords)
    if text is None or "keyword argument" in text or "positional" not in text:
        return None
    return text


@functools.lru_cache(maxsize=4096)  # asked for every library call the run reaches
def misbinding(version: JaxVersion, name: str, positional: int, keywords: tuple[str, ...]) -> str | None:
    """CPython's TypeError where the release's JAX function ``name`` surely cannot bind the call
    and the fault is a plain misuse of a signature that never moved (``lax.cond(pred, branch)``:
    "cond() missing 1 required positional argument: 'false_fun'"): a required argument missing,
    too many positionals, or one given twice. None where it binds, where the data does not say,
    for a function whose positionals drifted between releases (positional_refusal's, PAL009),
    for an unexpected keyword (PAL009's) and for a class (CPython names its ``__init__``)."""
    short = name.rpartition(".")[2]
    if not short or short[0].isupper() or drifts(name) or name in _SIGNATURE_DRIFTED:
        return None
    surface = shipped(version)
    params = surface.params(name) if surface is not None else None
    if params is None or any(keyword not in {p.name for p in params} for keyword in keywords):
        return None  # a keyword the release does not name (a **kwargs took it): PAL009's drift
    text = _refusal(version, name, short, positional, keywords)
    if text is None or "unexpected keyword argument" in text:
        return None
    return text


# Functions whose whole signature moved between releases (plgpu.kernel: out_shape positional,
# then out_type= keyword-only): PAL009 words every misfit of theirs with the release's story.
_SIGNATURE_DRIFTED = frozenset({"plgpu.kernel"})

DRIFT = "drift"  # call_fault: a function whose positionals drifted (positional_refusal judges it)


@functools.lru_cache(maxsize=4096)  # asked for every library call the run reaches (one lookup)
def call_fault(version: JaxVersion, name: str, node: ast.Call) -> str | None:
    """What the call ``node`` of ``name`` needs asked of the release's signature: ``DRIFT`` for
    a function whose positionals drifted between releases (the interpreter asks
    positional_refusal with the arguments it evaluated), else ``misbinding``'s TypeError text
    for the arguments the call writes out (none starred, no ``**``), else None. Keyed by the
    node: one lookup per call the run reaches, as ``drifts`` was."""
    if drifts(name):
        return DRIFT
    if any(isinstance(arg, ast.Starred) for arg in node.args) or any(k.arg is None for k in node.keywords):
        return None
    return misbinding(version, name, len(node.args), tuple(k.arg for k in node.keywords))  # type: ignore[misc]
