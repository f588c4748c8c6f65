"""Whether a JAX function's signature, on the target release, surely refuses a call's
arguments: CPython's binding of positionals and keywords to the parameters the release's API
data records (api_surface), before the function runs. The interpreter raises that TypeError
where a ``try`` may catch it (python/interp/calling.py): the version-drift idiom of JAX's own
tests, ``try: plgpu.load(ref, layout=...) except TypeError: plgpu.load(ref, (), layout=...)``,
then runs the branch the release runs. Elsewhere the analysis goes on past the call, as before
(PAL009 words such a call's fault)."""

from __future__ import annotations

import functools

from .api_surface import shipped
from .versions import JaxVersion


@functools.lru_cache(maxsize=4096)  # asked for every JAX call a kernel body makes
def refuses(version: JaxVersion, name: str, positional: int, keywords: tuple[str, ...]) -> bool:
    """True where the release's ``name`` surely cannot bind ``positional`` arguments by
    position and ``keywords`` by name; False where it binds or the data does not say."""
    surface = shipped(version)
    params = surface.params(name) if surface is not None else None
    if params is None:
        return False
    by_position = [p for p in params if p.kind in ("P", "PK")]
    if positional > len(by_position) and not any(p.kind == "VP" for p in params):
        return True  # takes N positional arguments but M were given
    named = {p.name: p for p in params}
    bound = {p.name for p in by_position[:positional]}
    takes_any = any(p.kind == "VK" for p in params)
    for keyword in keywords:
        param = named.get(keyword)
        if param is None or param.kind in ("P", "VP", "VK"):
            if not takes_any:
                return True  # an unexpected keyword (or a positional-only one by name)
            continue
        if keyword in bound:
            return True  # got multiple values for argument
        bound.add(keyword)
    return any(p.kind in ("P", "PK", "KO") and not p.has_default and p.name not in bound
               for p in params)  # missing a required argument
