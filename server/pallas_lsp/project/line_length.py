"""The line length a file's own formatter uses, for the code quick fixes write.

The nearest pyproject.toml above the file that sets ``[tool.ruff] line-length`` or
``[tool.black] line-length`` decides (ruff first); else 88, both tools' default.
The branch adding ``[tool.pallas-lsp]`` (project/config.py) locates pyproject.toml
too: this lookup is meant to fold into it.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import Any

from pallas_lsp.analysis.codegen import DEFAULT_LINE_LENGTH

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 only
    import tomli as tomllib


def line_length_for(path: str | os.PathLike[str]) -> int:
    folder = Path(path).resolve().parent
    for current in (folder, *folder.parents):
        pyproject = current / "pyproject.toml"
        try:
            stamp = pyproject.stat().st_mtime
        except OSError:
            continue
        found = _setting(str(pyproject), stamp)
        if found is not None:
            return found
    return DEFAULT_LINE_LENGTH


@functools.lru_cache(maxsize=256)
def _setting(pyproject: str, stamp: float) -> int | None:
    del stamp  # part of the cache key only: an edited pyproject.toml is read again
    try:
        with open(pyproject, "rb") as handle:
            tool: Any = tomllib.load(handle).get("tool", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None  # the config layer reports a broken pyproject.toml; here it sets nothing
    for name in ("ruff", "black"):
        value = tool.get(name, {}).get("line-length") if isinstance(tool.get(name), dict) else None
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None
