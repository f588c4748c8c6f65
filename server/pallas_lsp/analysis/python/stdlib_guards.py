"""Guards of the compression, codec and digest modules stdlib_bridged.py puts on the bridge.

Compression is bounded by its input (every known bytes value is at most MAX_CONST_LENGTH),
but decompression is not: a few kilobytes may inflate to gigabytes. Each ``decompress``
runs as a substitute that reads at most guards.MAX_RESULT bytes of output (past it: refused)
and raises the real error on a truncated stream, so its value is the real one or unknown.
``gzip.compress`` without ``mtime=`` writes the clock into the header (refused); lzma's
presets past 6, its extreme flag and custom filters allocate hundreds of megabytes
(refused), and its decoder's dictionary is capped by ``memlimit``; ``codecs`` runs text
codecs and the bytes codecs that do not inflate; ``hmac`` takes a digest by one of the
names hashlib's fixed constructors have (``hashlib.new`` is off for the same reason).
Registered into guards.SUBSTITUTES / guards.ESTIMATORS on import (bridge.py imports it).
"""

from __future__ import annotations

import array
import bz2
import codecs
import decimal
import gzip
import io
import ipaddress
import lzma
import zlib
from collections.abc import Iterable
from contextvars import ContextVar

from . import allow, guards, real
from .guards import MAX_RESULT, refuse

MAX_LZMA_PRESET = 6
MAX_LZMA_MEMORY = 32 << 20  # the decoder's dictionary (a header may ask for 1.5 GB)
_PURE_BYTES_CODECS = frozenset({"rot-13", "hex", "base64", "quopri", "uu"})


def _bounded(data: bytes) -> bytes:
    if len(data) > MAX_RESULT:
        refuse("decompressed data past the bridge's bound")
    return data


def zlib_decompress(data: bytes, /, wbits: int = zlib.MAX_WBITS, bufsize: int = zlib.DEF_BUF_SIZE) -> bytes:
    decompressor = zlib.decompressobj(wbits)
    out = _bounded(decompressor.decompress(data, MAX_RESULT + 1))
    if not decompressor.eof:
        raise zlib.error("Error -5 while decompressing data: incomplete or truncated stream")
    return out


def gzip_decompress(data: bytes) -> bytes:
    return _bounded(gzip.GzipFile(fileobj=io.BytesIO(data)).read(MAX_RESULT + 1))


def bz2_decompress(data: bytes) -> bytes:
    return _bounded(bz2.BZ2File(io.BytesIO(data)).read(MAX_RESULT + 1))


def lzma_decompress(data: bytes, format: int = lzma.FORMAT_AUTO, memlimit: int | None = None,
                    filters: object = None) -> bytes:
    """lzma.decompress's loop over concatenated streams, each read at most MAX_RESULT bytes."""
    if filters is not None:
        refuse("custom lzma filters")
    limit = MAX_LZMA_MEMORY if memlimit is None else min(memlimit, MAX_LZMA_MEMORY)
    parts: list[bytes] = []
    total = 0
    while True:
        decompressor = lzma.LZMADecompressor(format, limit)
        try:
            part = decompressor.decompress(data, max_length=MAX_RESULT + 1 - total)
        except lzma.LZMAError:
            if parts:
                break  # trailing data that is no stream: ignored, as lzma.decompress does
            raise
        total += len(part)
        if total > MAX_RESULT:
            refuse("decompressed data past the bridge's bound")
        parts.append(part)
        if not decompressor.eof:
            raise lzma.LZMAError("Compressed data ended before the end-of-stream marker was reached")
        data = decompressor.unused_data
        if not data:
            return b"".join(parts)
    return b"".join(parts)


def _gzip_compress(args: list[object], kwargs: dict[str, object]) -> None:
    if kwargs.get("mtime") is None:
        refuse("gzip.compress without mtime= writes the clock into its header")


def _lzma_compress(args: list[object], kwargs: dict[str, object]) -> None:
    if kwargs.get("filters", args[4] if len(args) > 4 else None) is not None:
        refuse("custom lzma filters (their dictionary size is unbounded)")
    preset = kwargs.get("preset", args[3] if len(args) > 3 else None)
    if preset is not None and (not isinstance(preset, int) or preset & lzma.PRESET_EXTREME
                               or preset & 0x1F > MAX_LZMA_PRESET):
        refuse("an lzma preset past the bridge's memory bound")


def _codec(args: list[object], kwargs: dict[str, object]) -> None:
    encoding = kwargs.get("encoding", args[1] if len(args) > 1 else "utf-8")
    if not isinstance(encoding, str):
        refuse("a codec not named by a string")
    try:
        info = codecs.lookup(encoding)  # type: ignore[arg-type]
    except LookupError:
        return  # the real call raises the same LookupError
    if not getattr(info, "_is_text_encoding", True) and info.name not in _PURE_BYTES_CODECS:
        refuse(f"the {info.name} codec may inflate without bound")


def _digest_at(position: int, keyword: str) -> guards.Estimator:
    def check(args: list[object], kwargs: dict[str, object]) -> None:
        digest = kwargs.get(keyword, args[position] if len(args) > position else None)
        fixed = allow.MODULES["hashlib"].names or frozenset()
        if not isinstance(digest, str) or digest.lower() not in fixed:
            refuse("an hmac digest other than one of hashlib's fixed constructors' names")
    return check


# ---------------------------------------------------------------- decimal

# Whether the program surely computes with the thread's default decimal context: set around a
# run (program.build_program) when no text of it names what could change that context
# (getcontext, setcontext, localcontext, DefaultContext). Then Decimal arithmetic runs for real,
# under CPython's default context (default_decimal_context), not the analysis thread's own.
DEFAULT_DECIMAL_CONTEXT: ContextVar[bool] = ContextVar("DEFAULT_DECIMAL_CONTEXT", default=False)
_CONTEXT_NAMES = ("getcontext", "setcontext", "localcontext", "DefaultContext")


def decimal_context_untouched(texts: Iterable[str]) -> bool:
    """Whether no text names anything that could change the thread's decimal context (each
    name has "ontext" in it: most texts are passed over by that one test)."""
    for text in texts:  # noqa: SIM110 (a loop, not all() of a generator: on every keystroke)
        if "ontext" in text and any(name in text for name in _CONTEXT_NAMES):
            return False
    return True


def default_decimal_context() -> decimal.Context:
    """A new context with CPython's defaults (what a thread starts from), whatever the
    analysis process's DefaultContext holds."""
    return decimal.Context(prec=28, rounding=decimal.ROUND_HALF_EVEN, Emin=-999999, Emax=999999,
                           capitals=1, clamp=0, flags=[],
                           traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow])


MAX_DECIMAL_PREC = 1000  # digits a Context computes with (exp / ln at 10**5 digits take seconds)
# Decimal methods whose result reads no context (the rest round, or signal, by the thread's).
_CONTEXT_FREE = frozenset(f"Decimal.{name}" for name in (
    "adjusted", "as_integer_ratio", "as_tuple", "canonical", "compare_total", "compare_total_mag",
    "conjugate", "copy_abs", "copy_negate", "is_canonical", "is_finite", "is_infinite", "is_nan",
    "is_qnan", "is_signed", "is_snan", "is_zero", "radix", "same_quantum")) | frozenset({
    "builtins.int", "builtins.float", "builtins.bool", "decimal.Decimal", "decimal.Context",
    "builtins.str", "builtins.repr"})


def _holds_decimal(values: list[object]) -> bool:
    return any(type(value) is decimal.Decimal or (type(value) in (list, tuple) and any(
        type(item) is decimal.Decimal for item in value)) for value in values)  # type: ignore[attr-defined]


_NETWORKS = (ipaddress.IPv4Network, ipaddress.IPv6Network)
_NETWORK_OWNERS = ("ipaddress.", "IPv4Network.", "IPv6Network.", "IPv4Address.", "IPv6Address.",
                   "IPv4Interface.", "IPv6Interface.")
# Calls that read a network without iterating it (net[-1], addr in net, comparisons, str).
_NETWORK_SAFE = frozenset({"operator.getitem", "operator.contains", "builtins.str", "builtins.repr",
                           "builtins.format", "builtins.bool", "operator.eq", "operator.ne", "operator.lt",
                           "operator.le", "operator.gt", "operator.ge"})
# Calls that iterate the items of the iterables in their argument.
_FLATTENING = frozenset({"itertools.chain.from_iterable"})
# Kept values whose calls are checked here (one pass over the arguments of every call).
_CHECKED = frozenset({decimal.Decimal, decimal.Context, *_NETWORKS})


def check_kept_values(name: str, args: list[object], kwargs: dict[str, object]) -> None:
    """Calls given a Decimal or a Context (check_decimal_context), or a network of more
    than real.MAX_ITERATED addresses that real code would iterate (``sorted(network)`` of
    0.0.0.0/0 reads four billion; its own methods and ipaddress's functions do not)."""
    if not _holds_checked(args) and not (kwargs and _holds_checked(kwargs.values())) \
            and name not in ("decimal.Decimal", "decimal.Context"):
        return
    values = [*args, *kwargs.values()]
    if not name.startswith(_NETWORK_OWNERS) and name not in _NETWORK_SAFE and any(
            isinstance(value, _NETWORKS) and value.num_addresses > real.MAX_ITERATED
            for value in (_flat(values) if name in _FLATTENING else values)):
        refuse("real code would iterate a network past the bridge's bound")
    check_decimal_context(name, args, kwargs)


def _holds_checked(values: Iterable[object]) -> bool:
    for value in values:
        kind = type(value)
        if kind in _CHECKED or ((kind is list or kind is tuple) and any(
                type(item) in _CHECKED for item in value)):  # type: ignore[attr-defined]
            return True
    return False


def _flat(values: list[object]) -> list[object]:
    return [*values, *(item for value in values if type(value) in (list, tuple) for item in value)]  # type: ignore[attr-defined]


def check_decimal_context(name: str, args: list[object], kwargs: dict[str, object]) -> None:
    """A call given a Decimal computes with the thread's context unless it is a Context's
    own method, is given ``context=`` or reads no context: refused otherwise, since the
    program may have changed that context (getcontext().prec = 6) where the bridge cannot see."""
    values = [*args, *kwargs.values()]
    if args and type(args[0]) is decimal.Context:
        if args[0].prec > MAX_DECIMAL_PREC:
            refuse("a decimal precision past the bridge's bound")
        return
    if name == "decimal.Decimal" and any(type(value) is float for value in args) and "context" not in kwargs:
        refuse("Decimal(float) signals FloatOperation through the thread's context")
    if name == "decimal.Context" and isinstance(kwargs.get("prec", args[0] if args else None), int) \
            and kwargs.get("prec", args[0] if args else 0) > MAX_DECIMAL_PREC:  # type: ignore[operator]
        refuse("a decimal precision past the bridge's bound")
    if not _holds_decimal(values) or type(kwargs.get("context")) is decimal.Context \
            or DEFAULT_DECIMAL_CONTEXT.get():
        return  # (the default context: bridge.run computes under it)
    if name in ("builtins.str", "builtins.repr") and "E" in str(args[0]).upper():
        refuse("an exponent's letter case is the thread's context (capitals)")
    if name not in _CONTEXT_FREE:
        refuse("a decimal operation that reads the thread's context")


_SIZED = (str, bytes, bytearray, tuple, list)


def _array_items(position: int) -> guards.Estimator:
    """``array(typecode, initializer)`` / ``a.extend(items)`` / ``a.fromlist(items)``: the
    items a sized value of bounded length (an array, a list, bytes), never an iterator or
    a range real code would read without a bound."""
    def check(args: list[object], kwargs: dict[str, object]) -> None:
        items = args[position] if len(args) > position else kwargs.get("initializer")
        if items is None:
            return
        if not isinstance(items, (*_SIZED, array.array)) or len(items) > MAX_RESULT:
            refuse("array items that are no sized value of bounded length")

    return check


def _csv_source(args: list[object], kwargs: dict[str, object]) -> None:
    """``csv.reader(f)`` / ``csv.DictReader(f)`` read ``f`` lazily, after the call: only an
    in-memory buffer (kept, linked to the reader) or lines that cannot change (a tuple, a
    str); never a list the program may still change, nor an iterator calling the program.
    ``dialect=`` only by the names every Python registers."""
    source = args[0] if args else kwargs.get("f", kwargs.get("csvfile"))
    if not isinstance(source, (io.StringIO, tuple, str)) or (
            isinstance(source, tuple) and not all(isinstance(line, str) for line in source)):
        refuse("a csv reader over something but an in-memory buffer or fixed lines")
    _csv_options(args, kwargs)


def _csv_sink(args: list[object], kwargs: dict[str, object]) -> None:
    """``csv.writer(f)`` / ``csv.DictWriter(f, ...)``: ``f`` an in-memory text buffer."""
    if not args or not isinstance(args[0], io.StringIO):
        refuse("a csv writer into something but an in-memory text buffer")
    _csv_options(args, kwargs)


_CSV_FIELDS = (str, int, float, bool, type(None), real.Tagged)


def _csv_rows(many: bool) -> guards.Estimator:
    """A writer's ``writerow(row)`` / ``writerows(rows)``: it writes ``str()`` of each field,
    so every field a plain value (not a stand-in or a callback, whose text is this
    process's), at most guards.MAX_RESULT fields in all."""
    def check(args: list[object], kwargs: dict[str, object]) -> None:
        rows = args[1] if len(args) > 1 else None
        rows = rows if many else [rows]
        if not isinstance(rows, (list, tuple)) or len(rows) > MAX_RESULT:
            refuse("csv rows that are no list of known rows")
        count = 0
        for row in rows:
            fields = list(row.values()) if isinstance(row, dict) else row
            if not isinstance(fields, (list, tuple)) or not all(type(f) in _CSV_FIELDS for f in fields):
                refuse("a csv row field that is no plain value")
            count += len(fields)
            if count > MAX_RESULT:
                refuse("csv rows past the bridge's bound")

    return check


def _csv_options(args: list[object], kwargs: dict[str, object]) -> None:
    dialect = kwargs.get("dialect", args[1] if len(args) > 1 and isinstance(args[1], str) else "excel")
    if dialect not in ("excel", "excel-tab", "unix"):
        refuse("a csv dialect from the process-wide registry")


def _plain_text(value: object) -> object:
    """An axis name's tagged str as the str it is (xmlrpc dispatches on the exact type)."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, tuple):
        return tuple(_plain_text(item) for item in value)
    if isinstance(value, list):
        return [_plain_text(item) for item in value]
    if isinstance(value, dict):
        return {_plain_text(key): _plain_text(item) for key, item in value.items()}
    return value


def xmlrpc_dumps(params: object, methodname: object = None, methodresponse: object = None,
                 encoding: object = None, allow_none: object = False) -> str:
    import xmlrpc.client

    return xmlrpc.client.dumps(_plain_text(params), methodname, methodresponse, encoding,  # type: ignore[arg-type]
                               allow_none)  # type: ignore[arg-type]


def xmlrpc_loads(data: object, use_datetime: object = False, use_builtin_types: object = False) -> object:
    import xmlrpc.client

    text = data.decode("latin-1") if isinstance(data, bytes) else data
    if not isinstance(text, str) or "<!" in text:
        refuse("an XML-RPC payload with a DTD (entities)")
    return xmlrpc.client.loads(data, use_datetime, use_builtin_types)  # type: ignore[arg-type]


# The directives of ``strptime`` whose reading is the same in every locale and time zone
# (CPython's _strptime.TimeRE: digits, signs, ``%%``); ``%a %A %b %B %p %c %x %X`` read the
# locale's names and ``%Z`` the process's time zone names, so a format with one is refused.
_LOCALE_FREE_DIRECTIVES = frozenset("dfHIjmMSUwWyYzGuV%")


def _strptime_format(at: int) -> guards.Estimator:
    def check(args: list[object], kwargs: dict[str, object]) -> None:
        form = args[at] if len(args) > at else kwargs.get("format")
        if not isinstance(form, str):
            refuse("a strptime format not known")
        directives = form.split("%")[1:]  # type: ignore[union-attr]
        index = 0
        while index < len(directives):
            part = directives[index]
            if part == "" and index + 1 < len(directives):
                index += 2  # "%%": a literal percent sign
                continue
            if not part or part[0] not in _LOCALE_FREE_DIRECTIVES:
                refuse("a strptime directive that reads the locale or the time zone")
            index += 1

    return check


SUBSTITUTES: dict[str, object] = {
    "xmlrpc.client.dumps": xmlrpc_dumps, "xmlrpc.client.loads": xmlrpc_loads,
    "zlib.decompress": zlib_decompress, "gzip.decompress": gzip_decompress,
    "bz2.decompress": bz2_decompress, "lzma.decompress": lzma_decompress,
}
ESTIMATORS: dict[str, guards.Estimator] = {
    "gzip.compress": _gzip_compress, "lzma.compress": _lzma_compress,
    "codecs.encode": _codec, "codecs.decode": _codec,
    "hmac.new": _digest_at(2, "digestmod"), "hmac.HMAC": _digest_at(2, "digestmod"),
    "hmac.digest": _digest_at(2, "digest"),
    "csv.reader": _csv_source, "csv.DictReader": _csv_source,
    "csv.writer": _csv_sink, "csv.DictWriter": _csv_sink,
    **dict.fromkeys(("writer.writerow", "DictWriter.writerow"), _csv_rows(many=False)),
    **dict.fromkeys(("writer.writerows", "DictWriter.writerows"), _csv_rows(many=True)),
    "array.array": _array_items(1), "array.extend": _array_items(1), "array.fromlist": _array_items(1),
    # (date.strptime and time.strptime are Python 3.14's: guarded alike where they exist.)
    **{f"datetime.{kind}.strptime": _strptime_format(1) for kind in ("datetime", "date", "time")},
    **{f"{kind}.strptime": _strptime_format(2) for kind in ("datetime", "date", "time")},
}
guards.SUBSTITUTES.update(SUBSTITUTES)
guards.ESTIMATORS.update(ESTIMATORS)
guards.CALL_CHECKS.append(check_kept_values)
