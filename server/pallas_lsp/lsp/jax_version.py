"""Which JAX the rules should assume, resolved off the event loop and cached.

The order is the contract of DESIGN.md ("JAX version"): the ``jaxVersion``
setting; the configured interpreter, asked in a subprocess; the server's own
environment's metadata; the newest JAX the product knows. The subprocess (and
``pallas_lsp.jaxenv`` itself) is I/O, so it runs in a worker thread and its
answer is cached per (setting, interpreter): asking a python for its JAX costs
about a tenth of a second, and a keystroke must not pay it.

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

Key = tuple[str | None, str | None]


def _resolve_blocking(explicit: str | None, interpreter: str | None) -> tuple[JaxVersion, str]:
    return resolve_jax_version(explicit, interpreter, explicit_label="the pallasLsp.jaxVersion setting")


class JaxVersionCache:
    def __init__(self, executor: Executor | None = None) -> None:
        self._executor = executor
        self._resolved: dict[Key, asyncio.Future[tuple[JaxVersion, str]]] = {}

    async def get(self, explicit: str | None, interpreter: str | None) -> tuple[JaxVersion, str]:
        key = (explicit, interpreter)
        future = self._resolved.get(key)
        if future is None:
            loop = asyncio.get_running_loop()
            # One future per key: documents opened together share one subprocess.
            future = asyncio.ensure_future(
                loop.run_in_executor(self._executor, _resolve_blocking, explicit, interpreter)
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
            # Cached too: a broken interpreter must not cost a subprocess per keystroke.
            done: asyncio.Future[tuple[JaxVersion, str]] = asyncio.get_running_loop().create_future()
            done.set_result(fallback)
            self._resolved[key] = done
            return fallback

    def forget(self) -> None:
        """Drop cached answers (the user installed another JAX into the interpreter)."""
        self._resolved.clear()
