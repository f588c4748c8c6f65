"""Which JAX version the rules follow (DESIGN.md "JAX version", a contract).

In order: an explicit version (--jax-version / the jaxVersion setting); the
configured interpreter's JAX, read from its environment's package metadata
(``project.environments.environment_of``: nothing is run, whoever configured it);
where no interpreter is configured, the JAX of the environment the CLI discovered
(``project.environments``: read from its files, nothing run); this process's own
environment (metadata only); the newest JAX the product knows.
(``project.metadata.jax_version_in`` reads an environment's JAX version from its
``jax-<version>.dist-info``, as ``importlib.metadata`` would find it.)
"""

from __future__ import annotations

from .analysis.model import NEWEST_KNOWN_JAX, JaxVersion, parse_jax_version
from .project.environments import environment_of


def interpreter_jax_version(interpreter: str) -> str | None:
    """The JAX version installed for ``interpreter``, read from its files; None when it has
    none or its environment cannot be read."""
    env = environment_of(interpreter, interpreter)
    return env.jax_version if env is not None else None


def own_jax_version() -> str | None:
    import importlib.metadata  # about 15 ms of start-up: only when no version was given

    try:
        return importlib.metadata.version("jax")
    except importlib.metadata.PackageNotFoundError:
        return None


def resolve_jax_version(explicit: str | None, interpreter: str | None,
                        explicit_label: str = "--jax-version",
                        discovered: tuple[str, str] | None = None) -> tuple[JaxVersion, str]:
    """(version, where it came from); raises ValueError for an explicit version that is no version.
    ``discovered``: (JAX version, where) of the environment found for the file when no
    interpreter is configured (``project.environments``)."""
    if explicit:
        return parse_jax_version(explicit), explicit_label
    if discovered is not None and not interpreter:
        found, where = discovered
        try:
            return parse_jax_version(found), f"JAX {found} installed in {where}"
        except ValueError:
            pass
    if interpreter:
        found = interpreter_jax_version(interpreter)
        if found:
            try:
                return parse_jax_version(found), f"JAX {found} installed for {interpreter}"
            except ValueError:
                pass
    found = own_jax_version()
    if found:
        try:
            return parse_jax_version(found), f"JAX {found} installed beside pallas-lsp"
        except ValueError:
            pass
    return NEWEST_KNOWN_JAX, "the newest JAX pallas-lsp knows (no JAX found)"
