"""What a lowering check found: the report model (no processes; ``runner`` makes reports).

``LoweringReport`` is a contract: ``pallas-lsp lower FILE`` prints ``as_json``, and
the CLI's ``check --confirm`` and the server's confirm command merge it with the
static findings (``merge``, ``outcome``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

# Seconds one lowering check may take: the one default of `check --confirm`, `lower`,
# the server and the editor's pallasLsp.lowering.timeout (tests/test_cli_messages.py
# holds package.json to it). A cold JAX import plus a few launches fits well inside.
DEFAULT_TIMEOUT_S = 120.0
# Seconds an on-save check may take (pallasLsp.lowering.saveTimeout): a save is checked
# again at the next save, so it gives up well before the manual check would.
SAVE_TIMEOUT_S = 20.0
# Fatal kinds of a check that ran and then stopped in the user's file: it raised
# ("user_code"), or the lowering guard refused what it tried ("refused", guard.py).
STOPPED_KINDS = ("user_code", "refused")


@dataclass(frozen=True)
class LoweringError:
    exc_type: str
    message: str
    line: int | None
    file: str | None
    cls: str
    launch_line: int | None
    # Other rule classes whose patterns match the same error (classify.classes_of).
    also: tuple[str, ...] = ()

    @property
    def code(self) -> str | None:
        # The rules' catalog on first use: the server's settings read this module's
        # timeouts before it loads the rules (lsp/server.py).
        from pallas_lsp.lowering.classify import code_of

        return code_of(self.cls)

    @property
    def codes(self) -> tuple[str, ...]:
        """The code of every rule class the error belongs to, its own first."""
        from pallas_lsp.lowering.classify import code_of

        found = (code_of(cls) for cls in (self.cls, *self.also))
        return tuple(code for code in found if code is not None)


@dataclass(frozen=True)
class LoweredLaunch:
    """One jitted call of the user's file: where, whether it lowered, which lines it traced."""

    line: int | None
    ok: bool
    traced_lines: frozenset[int]


@dataclass(frozen=True)
class LoweringReport:
    jax_version: str | None
    device_kind: str | None
    lowered: int
    errors: tuple[LoweringError, ...]
    fatal: str | None
    # 'no_jax' | 'timeout' | 'user_code' | 'refused' | 'remote_failed' | 'cancelled' | 'worker_crashed'
    fatal_kind: str | None
    fatal_line: int | None = None
    # The launch whose output could not be traced: the script stopped there, so
    # later launches were not reached.
    stopped_at: int | None = None
    platform: str | None = None
    launches: tuple[LoweredLaunch, ...] = ()
    # Something the user should know about how the check ran (a fallback taken).
    note: str | None = None

    @property
    def ok(self) -> bool:
        return self.fatal_kind is None and not self.errors

    def as_json(self) -> dict:
        """Plain JSON values (for ``pallas-lsp lower FILE``); each error gains its code."""
        obj = asdict(self)
        for error, as_obj in zip(self.errors, obj["errors"], strict=True):
            as_obj["code"] = error.code
        for launch in obj["launches"]:
            launch["traced_lines"] = sorted(launch["traced_lines"])
        return obj


def fatal_report(kind: str, message: str) -> LoweringReport:
    """A report for a check that produced nothing but a failure (callers use it too)."""
    return LoweringReport(None, None, 0, (), message, kind)
