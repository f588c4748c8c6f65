"""The API surface of one installed JAX release, read with ``inspect`` in that release's
own interpreter (never in the server): the public names of the modules kernels use and the
parameters of each callable among them.

    <release python> bench/releases/api_surface.py > server/pallas_lsp/data/api/jax-X.json

``bench/releases/generate.py`` runs it for every supported release. Standard library and
JAX only: it is run by interpreters that have nothing of pallas-lsp installed.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import json
import sys

# The modules kernel authors call into; every public name of each is recorded, and the
# signature of every callable one.
MODULES = (
    "jax",
    "jax.sharding",
    "jax.lax",
    "jax.numpy",
    "jax.experimental.pallas",
    "jax.experimental.pallas.mosaic_gpu",
    "jax.experimental.pallas.tpu",
    "jax.experimental.shard_map",
)
# Modules whose callables' signatures are recorded (jax.numpy's are many and not API drift
# this product reports: only its names are kept).
SIGNED = frozenset(MODULES) - {"jax.numpy"}


def parameters(obj: object) -> dict | None:
    """{"params": [[name, kind, has_default], ...]} or None when inspect cannot tell.

    A callable instance (an enum member such as ``plgpu.SMEM``, whose ``__call__`` takes the
    shape) is read through its type's ``__call__``: ``inspect.signature`` of an enum member
    gives the enum class's ``(*values)`` on Python 3.12."""
    try:
        if not (inspect.isroutine(obj) or inspect.isclass(obj)) and callable(obj):
            call = inspect.signature(type(obj).__call__)
            signature = call.replace(parameters=list(call.parameters.values())[1:])
        else:
            signature = inspect.signature(obj)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return {"params": [[p.name, p.kind.name, p.default is not inspect.Parameter.empty]
                       for p in signature.parameters.values()]}


def enum_surface(cls: type) -> dict:
    """An enum class's members (definition order, aliases included) and its other public
    attributes (methods, properties; every class of its MRO): what ``Class.NAME`` resolves
    on. Python raises AttributeError for any other name (an enum's members are fixed when
    its class is made)."""
    members = list(cls.__members__)
    attributes = sorted({attr for klass in cls.__mro__ for attr in vars(klass)
                         if not attr.startswith("_") and attr not in cls.__members__})
    return {"members": members, "attributes": attributes}


def module_surface(name: str) -> dict:
    try:
        module = importlib.import_module(name)
    except Exception as exc:  # a release without this module: recorded, not fatal
        return {"missing": f"{type(exc).__name__}: {exc}"}
    names = sorted(n for n in dir(module) if not n.startswith("_"))
    signatures: dict[str, dict] = {}
    enums: dict[str, dict] = {}
    if name in SIGNED:
        for attr in names:
            try:
                value = getattr(module, attr)
            except Exception:
                continue
            if isinstance(value, enum.EnumMeta):
                enums[attr] = enum_surface(value)
    if name in SIGNED:
        for attr in names:
            try:
                value = getattr(module, attr)
            except Exception:
                continue
            if callable(value) and not inspect.ismodule(value):
                found = parameters(value)
                if found is not None:
                    signatures[attr] = found
    # jax's deprecation convention: name -> (message, value); value None means the name is
    # gone and its access raises AttributeError(message), which names the new spelling.
    deprecations = getattr(module, "_deprecations", None)
    deprecated: dict[str, list[object]] = {}
    if isinstance(deprecations, dict):
        for attr, entry in deprecations.items():
            if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str):
                deprecated[attr] = [entry[0], entry[1] is not None]
                # A deprecated name still accessible is still called (jax.experimental.
                # shard_map.shard_map): its signature is the one its callers meet.
                if name in SIGNED and entry[1] is not None and callable(entry[1]) \
                        and attr not in signatures and not inspect.ismodule(entry[1]):
                    found = parameters(entry[1])
                    if found is not None:
                        signatures[attr] = found
    return {"names": names, "signatures": signatures, "deprecated": deprecated, "enums": enums}


def main() -> None:
    import jax

    surface = {"jax_version": jax.__version__,
               "python": ".".join(map(str, sys.version_info[:3])),
               "modules": {name: module_surface(name) for name in MODULES}}
    json.dump(surface, sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
