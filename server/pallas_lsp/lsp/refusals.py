"""Answers that refuse a request for a reason the user can act on (not server faults).

Kept apart from ``axes_features`` so the server can recognise a refusal without importing
the axis-symbol features, which it builds on first use (start-up, issue 22).
"""

from __future__ import annotations

from pygls.exceptions import JsonRpcException


class RenameRefused(JsonRpcException):
    """Rename cannot be done safely; the message says why and what to do (LSP RequestFailed)."""

    CODE = -32803
