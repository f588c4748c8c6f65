"""An import path's JAX version from its package metadata alone (``jax-<version>.dist-info``),
as ``importlib.metadata.version("jax")`` would find it on that path, without starting the
interpreter the path belongs to (project.environments reads a folder's environments so)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from pallas_lsp import reader

# ``jax-0.12.0.1.dist-info``; ``jax_cuda12_plugin-…`` and ``jaxlib-…`` are other distributions.
_JAX_METADATA = re.compile(r"^jax-([^-]+)\.(dist-info|egg-info)$", re.IGNORECASE)
_METADATA_FILES = {"dist-info": "METADATA", "egg-info": "PKG-INFO"}
_ENTRY_VERSIONS: dict[tuple[str, int], str | None] = {}
# The headers come first: the Version line is within the first lines of any METADATA.
_HEADERS_CAP_BYTES = 64 * 1024


def jax_version_in(entries: Iterable[str]) -> str | None:
    """The JAX version installed on an import path: the first entry holding JAX's metadata
    (as ``importlib.metadata.version("jax")`` searches ``sys.path``); None when none does.
    Each entry's answer is cached until the folder changes (an install or uninstall)."""
    for entry in entries:
        try:
            key = (entry, os.stat(entry).st_mtime_ns)
        except OSError:
            continue
        if key not in _ENTRY_VERSIONS:
            _ENTRY_VERSIONS[key] = _jax_metadata_version(entry)
        if _ENTRY_VERSIONS[key]:
            return _ENTRY_VERSIONS[key]
    return None


def _jax_metadata_version(entry: str) -> str | None:
    try:
        names = sorted(os.listdir(entry))
    except OSError:
        return None
    for name in names:
        match = _JAX_METADATA.match(name)
        if match is None:
            continue
        # The Version header is the truth; the folder name is what pip wrote beside it.
        return _version_header(os.path.join(entry, name, _METADATA_FILES[match[2].lower()])) or match[1]
    return None


def _version_header(path: str) -> str | None:
    try:
        text = reader.read_text(path, _HEADERS_CAP_BYTES, errors="replace", head=True)
    except reader.UnreadableFile:
        return None  # a FIFO, a device, an unreadable file: the folder name's version stands
    for line in text.splitlines():
        if not line.strip():
            return None  # the headers end at the first blank line
        if line.lower().startswith("version:"):
            return line.split(":", 1)[1].strip() or None
    return None
