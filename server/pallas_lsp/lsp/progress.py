"""Work-done progress and background tasks, shared by the indexer and the lowering service.

A client that cannot show progress, or never answers ``window/workDoneProgress/create``,
gets none: progress is never a reason not to do the work.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Coroutine
from typing import Any

from lsprotocol import types
from pygls.progress import Progress

logger = logging.getLogger(__name__)

CREATE_TIMEOUT_S = 5.0


async def begin(progress: Progress | None, prefix: str, title: str, *, cancellable: bool = False,
                message: str | None = None, percentage: int | None = None,
                on_cancel: Callable[[], None] | None = None) -> str | None:
    """A new progress token, begun; None when ``progress`` is None (the client has no UI) or fails."""
    if progress is None:
        return None
    token = f"{prefix}-{uuid.uuid4()}"
    try:
        await asyncio.wait_for(progress.create_async(token), CREATE_TIMEOUT_S)
        progress.begin(token, types.WorkDoneProgressBegin(
            title=title, cancellable=cancellable, message=message, percentage=percentage))
        if on_cancel is not None:
            progress.tokens[token].add_done_callback(lambda _f: on_cancel())
    except Exception as exc:
        logger.info("work-done progress unavailable: %s", exc)
        return None
    return token


def report(progress: Progress, token: str, done: int, total: int) -> None:
    try:
        progress.report(token, types.WorkDoneProgressReport(
            message=f"{done}/{total} files", percentage=int(100 * done / max(total, 1))))
    except Exception as exc:
        logger.debug("progress report failed: %s", exc)


def end(progress: Progress | None, token: str | None, message: str) -> None:
    if progress is None or token is None:
        return
    try:
        progress.end(token, types.WorkDoneProgressEnd(message=message))
    except Exception as exc:
        logger.debug("progress end failed: %s", exc)


def spawn(coro: Coroutine[Any, Any, Any], what: str) -> asyncio.Future[Any]:
    """Run ``coro`` in the background; a failure is logged as ``what`` failing, never lost."""
    task = asyncio.ensure_future(coro)

    def log_failure(done: asyncio.Future[Any]) -> None:
        if not done.cancelled() and done.exception() is not None:
            logger.error("%s failed", what, exc_info=done.exception())

    task.add_done_callback(log_failure)
    return task
