"""The pure modules of the standard library the bridge runs, beyond allow.py's first list.

Chosen module by module from ``sys.stdlib_module_names`` (stdlib_unknown.py holds the
rest, each with why): a module is here when its callables compute from their arguments
alone, and each callable of it that reads a file, the clock, the locale or a process-wide
setting is named in ``excluded``. What would otherwise build or run without bound is
guarded (stdlib_guards.py): decompression is read at most guards.MAX_RESULT bytes,
``gzip.compress`` without ``mtime=`` (it reads the clock) is refused, lzma presets past 6
and custom filters are refused (their memory), ``codecs`` runs no compression codec and
``hmac`` only this Python's fixed digests.
"""

from __future__ import annotations

from .policy import Policy

_FILES = "reads or writes a file"
_STREAM = "an incremental object fed by the program (a decompressor's output is unbounded)"
_LOCALE = "day and month names from the locale"
_FIRST_WEEKDAY = "reads the module's firstweekday, which calendar.setfirstweekday changes process-wide"
_PATH_FS = "the file system or the working directory"

_PATH_PURE = frozenset({"join", "split", "splitext", "basename", "dirname", "normpath", "normcase",
                        "commonprefix", "commonpath", "isabs", "splitdrive"})
_PATH_EXCLUDED = {
    **dict.fromkeys(("abspath", "realpath", "relpath", "exists", "lexists", "isdir", "isfile", "islink",
                     "ismount", "getsize", "getmtime", "getatime", "getctime", "samefile", "sameopenfile",
                     "samestat", "isjunction", "isdevdrive", "isreserved", "splitroot"), _PATH_FS),
    "expanduser": "the environment (HOME)", "expandvars": "the environment",
}

MODULES: dict[str, Policy] = {
    "bz2": Policy("bzip2 compression of known bytes; decompression read at most guards.MAX_RESULT bytes",
                  frozenset({"compress", "decompress"}),
                  {"open": _FILES, "BZ2File": _FILES, "BZ2Compressor": _STREAM, "BZ2Decompressor": _STREAM}),
    "lzma": Policy("LZMA / xz compression of known bytes (presets up to 6, no custom filters: their "
                   "memory); decompression read at most guards.MAX_RESULT bytes",
                   frozenset({"compress", "decompress", "is_check_supported"}),
                   {"open": _FILES, "LZMAFile": _FILES, "LZMACompressor": _STREAM,
                    "LZMADecompressor": _STREAM}, numeric=True),
    "gzip": Policy("gzip compression with a given mtime (without one it reads the clock: refused); "
                   "decompression read at most guards.MAX_RESULT bytes",
                   frozenset({"compress", "decompress"}),
                   {"open": _FILES, "GzipFile": _FILES, "main": "reads files named on the command line"},
                   numeric=True),
    "hmac": Policy("keyed digests with a digest this Python always has (hashlib's fixed constructors); "
                   "an HMAC object is kept and update() changes it",
                   frozenset({"new", "HMAC", "digest", "compare_digest"})),
    "html": Policy("HTML character references escaped and unescaped", frozenset({"escape", "unescape"})),
    "quopri": Policy("quoted-printable text of known bytes", frozenset({"encodestring", "decodestring"}),
                     {"encode": _FILES, "decode": _FILES, "main": "reads files or stdin"}),
    "binascii": Policy("hex, base64, uu and checksums of known bytes", numeric=True),
    "codecs": Policy("text and bytes codecs by name (no compression codec: zlib_codec / bz2_codec "
                     "inflate without bound)", frozenset({"encode", "decode"}),
                     {"open": _FILES, "EncodedFile": _FILES, "register": "a process-wide codec registry",
                      "unregister": "a process-wide codec registry",
                      "register_error": "a process-wide error-handler registry",
                      "lookup_error": "returns a handler real code could call past the guards",
                      **dict.fromkeys(("lookup", "getencoder", "getdecoder", "getincrementalencoder",
                                       "getincrementaldecoder", "getreader", "getwriter", "iterencode",
                                       "iterdecode", "CodecInfo", "Codec", "IncrementalEncoder",
                                       "IncrementalDecoder", "StreamReader", "StreamWriter",
                                       "StreamReaderWriter", "StreamRecoder", "BufferedIncrementalEncoder",
                                       "BufferedIncrementalDecoder"),
                                      "codec objects and streams: classes to subclass or stateful objects"),
                      **dict.fromkeys(("strict_errors", "ignore_errors", "replace_errors",
                                       "xmlcharrefreplace_errors", "backslashreplace_errors",
                                       "namereplace_errors"), "error handlers called by codecs, not by "
                                                              "programs")}),
    "ipaddress": Policy("IPv4 / IPv6 addresses, networks and interfaces parsed from text or ints "
                        "(hosts() / subnets() are lazy: read at most real.MAX_ITERATED items)",
                        numeric=True),
    "calendar": Policy("calendar arithmetic of numbers",
                       frozenset({"isleap", "leapdays", "weekday", "monthrange", "timegm"}),
                       {"monthcalendar": _FIRST_WEEKDAY, "setfirstweekday": "changes a process-wide setting",
                        "firstweekday": _FIRST_WEEKDAY, "weekheader": _LOCALE, "month": _LOCALE,
                        "calendar": _LOCALE, "prmonth": "writes stdout", "prcal": "writes stdout",
                        "prweek": "writes stdout", "week": _LOCALE, "format": "writes stdout",
                        "formatstring": "text layout of the locale's names",
                        "Calendar": "a configurable object (its firstweekday)",
                        "TextCalendar": _LOCALE, "HTMLCalendar": _LOCALE,
                        "LocaleTextCalendar": "the locale", "LocaleHTMLCalendar": "the locale",
                        "different_locale": "changes the process's locale", "main": "writes stdout",
                        "Day": "an enum class (the data model's)",
                        "Month": "an enum class (the data model's)"},
                       numeric=True),
    "decimal": Policy("exact decimals, and contexts as values: a Context made by the program computes "
                      "with itself (ctx.divide, ctx.create_decimal); what would read the thread's "
                      "context (Decimal arithmetic, quantize without context=, Decimal(float)) is "
                      "refused (stdlib_guards.py)",
                      frozenset({"Decimal", "Context", "DecimalTuple"}),
                      dict.fromkeys(("getcontext", "setcontext", "localcontext"),
                                    "the thread's context: process-wide mutable state the program may "
                                    "change unseen"), numeric=True),
    "stringprep": Policy("RFC 3454 tables of the Unicode database"),
    "stat": Policy("file-mode bits read from known ints (no stat call)", numeric=True),
    "token": Policy("Python's token numbers and their predicates", numeric=True),
    "errno": Policy("the error numbers of this platform as constants"),
    "reprlib": Policy("a repr of known values with size limits built in", frozenset({"repr"}),
                      {"Repr": "a configurable object", "recursive_repr": "a decorator (the data model's)"}),
    "array": Policy("typed arrays of numbers kept as real objects (the typecode bounds each item: "
                    "array('b', [300]) raises as in Python); an initializer or extend() is a sized "
                    "value of bounded length (stdlib_guards.py), never an iterator real code would "
                    "read without end", frozenset({"array", "typecodes"}),
                    {"ArrayType": "the same class as array (a second name for it)",
                     "array.tofile": _FILES, "array.fromfile": _FILES,
                     "array.buffer_info": "the address of the array's buffer in this process"}),
    "csv": Policy("CSV rows read from and written to in-memory text (an io.StringIO, a tuple of lines): "
                  "a reader or writer is kept, and each of its calls moves the buffer it reads or "
                  "writes (real.RealVal.linked); a file never reaches it (open is not bridged)",
                  frozenset({"reader", "writer", "DictReader", "DictWriter", "QUOTE_ALL", "QUOTE_MINIMAL",
                             "QUOTE_NONE", "QUOTE_NONNUMERIC", "QUOTE_STRINGS", "QUOTE_NOTNULL"}),
                  {"field_size_limit": "a process-wide setting (it changes every later reader)",
                   **dict.fromkeys(("register_dialect", "unregister_dialect", "get_dialect",
                                    "list_dialects"), "a process-wide dialect registry"),
                   "Sniffer": "regular-expression heuristics over a sample (time not estimated)",
                   **dict.fromkeys(("Dialect", "excel", "excel_tab", "unix_dialect"),
                                   "dialect classes to subclass or pass (dialect= by name is not bridged)"),
                   "Error": "an exception class (the data model's)"}),
    "xmlrpc.client": Policy("XML-RPC payloads written and read in memory (expat; a payload with a "
                            "DTD is refused, stdlib_guards.py)", frozenset({"dumps", "loads"}),
                            {**dict.fromkeys(("ServerProxy", "Server", "Transport", "SafeTransport",
                                              "MultiCall"), "the network"),
                             **dict.fromkeys(("getparser", "Marshaller", "Unmarshaller", "ExpatParser",
                                              "FastParser", "FastUnmarshaller", "FastMarshaller"),
                                             "parser and marshaller objects fed by the program"),
                             "gzip_decode": "decompression without a bound",
                             **dict.fromkeys(("Binary", "DateTime"), "wrapper values (not kept yet)"),
                             "GzipDecodedResponse": "a response stream of the transport",
                             "MultiCallIterator": "results of a MultiCall (the network)",
                             "escape": "the XML escaping dumps does itself (not bridged alone)",
                             "gzip_encode": "compression for the transport"}),
    "doctest": Policy("examples parsed from known text (DocTestParser's parse / get_examples; an "
                      "Example's source and want); running them is not bridged",
                      frozenset({"DocTestParser", "Example"}),
                      {**dict.fromkeys(("testmod", "testfile", "run_docstring_examples", "DocTestRunner",
                                        "DebugRunner", "DocTestFinder", "DocFileSuite", "DocTestSuite",
                                        "debug", "debug_src", "debug_script", "testsource",
                                        "script_from_examples", "set_unittest_reportflags",
                                        "register_optionflag", "master"),
                                       "runs, finds or debugs code, or a process-wide setting"),
                       "DocTest": "a test holding the globals its examples run in (get_doctest builds it)",
                       "OutputChecker": "compares the output of examples run (not bridged)"}),
    "email.utils": Policy("e-mail addresses, dates and RFC 2231 parameters parsed and formatted as "
                          "known text (a malformed address list may parse otherwise on a Python with "
                          "the 2024 strict parsing, a security fix: the well-formed ones alike)",
                          frozenset({"getaddresses", "parseaddr", "formataddr", "quote", "unquote",
                                     "parsedate", "parsedate_tz", "parsedate_to_datetime",
                                     "format_datetime", "encode_rfc2231", "decode_rfc2231",
                                     "collapse_rfc2231_value", "decode_params"}),
                          {"formatdate": "the clock when no time is given",
                           "localtime": "the clock and the local time zone",
                           "make_msgid": "randomness and the host's name",
                           "mktime_tz": "the local time zone (time.mktime)"},
                          others="names email.utils imports (datetime, os, random, socket, time, "
                                 "urllib, re, Charset), decided where they are defined"),
    "posixpath": Policy("POSIX paths split and joined as text", _PATH_PURE, _PATH_EXCLUDED),
    "ntpath": Policy("Windows paths split and joined as text", _PATH_PURE, _PATH_EXCLUDED),
}
