"""Which JAX the rules should assume, resolved off the event loop and cached.

The order is the contract of DESIGN.md ("JAX version"): the ``jaxVersion``
setting; the configured interpreter's JAX, else the discovered environment's (both
read from package metadata: nothing is run); the server's own environment's
metadata; the newest JAX the product knows. Reading metadata is file I/O, so it runs
in a worker thread and its answer is cached per (setting, interpreter, discovered
environment): a keystroke must not pay it.

The server never imports ``jax`` itself (importing it takes seconds and
hundreds of MB); only package metadata is read.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor

from pallas_lsp.analysis import NEWEST_KNOWN_JAX, JaxVersion
from pallas_lsp.jaxenv import resolve_jax_version

logger = logging.getLogger(__name__)

Discovered = tuple[str, str] | None  # (JAX version, where) of the environment found for a file
Key = tuple[str | None, str | None, Discovered]


def _resolve_blocking(explicit: str | None, interpreter: str | None,
                      discovered: Discovered) -> tuple[JaxVersion, str]:
    return resolve_jax_version(explicit, interpreter, explicit_label="the pallasLsp.jaxVersion setting",
                               discovered=discovered)


class JaxVersionCache:
    def __init__(self, executor: Executor | None = None) -> None:
        self._executor = executor
        self._resolved: dict[Key, asyncio.Future[tuple[JaxVersion, str]]] = {}

    async def get(self, explicit: str | None, interpreter: str | None,
                  discovered: Discovered = None) -> tuple[JaxVersion, str]:
        key = (explicit, interpreter, discovered)
        future = self._resolved.get(key)
        if future is None:
            loop = asyncio.get_running_loop()
            # One future per key: documents opened together share one read.
            future = asyncio.ensure_future(
                loop.run_in_executor(self._executor, _resolve_blocking, explicit, interpreter, discovered)
            )
            self._resolved[key] = future
        try:
            return await asyncio.shield(future)
        except Exception as exc:
            logger.warning("could not resolve the JAX version (%s); assuming the newest known", exc)
            fallback = (
                NEWEST_KNOWN_JAX,
                f"the newest JAX pallas-lsp knows (resolution failed: {exc})",
            )
            # Cached too: a broken environment must not cost a read per keystroke.
            done: asyncio.Future[tuple[JaxVersion, str]] = asyncio.get_running_loop().create_future()
            done.set_result(fallback)
            self._resolved[key] = done
            return fallback

    def forget(self) -> None:
        """Drop cached answers (the user installed another JAX into the interpreter)."""
        self._resolved.clear()
