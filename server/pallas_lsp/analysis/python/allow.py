"""The allow-list of the bridge: which real callables of Python a program's call may run.

Decided by module and by function, each module with the reason it is on the list. A
callable is on it only when its result depends on nothing but its arguments: no file,
socket or process, no clock, no randomness, no environment variable or locale, no
process-wide mutable state, and no import of the program's own code. Real code runs only
on values the bridge converted (plain data, the program's functions as callbacks back
into the interpreter, stand-ins that refuse to be read), so a callable that takes a
function (``sorted(key=)``, ``functools.reduce``) calls the interpreter, never the
program's code for real. ``excluded`` says, per module, what was left out and why; the
coverage table (docs/python-coverage.md) prints both.
"""

from __future__ import annotations

import enum
import functools
import importlib
from collections.abc import Callable

from ..values import MISSING
from . import real, stdlib_bridged, stdlib_followed, stdlib_unknown
from .policy import Policy

# Methods of the core types (``"x".upper()``, ``(1, 2).index(2)``, ``b"x".hex()``): every
# public one, since each computes from the object and the arguments alone. list / dict
# mutators that the interpreter models on its own objects (ListVal, DictVal, for aliasing
# through every name) are named in MODELLED; the rest of them run here, and what they
# change is written back to the interpreter's object (convert.Conversion.write_back).
CORE_TYPES: dict[str, type] = {
    "str": str, "bytes": bytes, "int": int, "float": float, "bool": bool, "complex": complex,
    "tuple": tuple, "list": list, "dict": dict, "set": set, "frozenset": frozenset,
    "bytearray": bytearray, "range": range, "slice": slice,
}

# The operator methods of the core types, pure as the operators they are (``str.__add__(a,
# b)`` is ``a + b``): what ``map(str.__add__, xs, ys)`` names. The reflected power and
# shift are left out (guards.py estimates the forward forms), as are the in-place forms
# (they change a list or a set) and every other dunder (hashes are salted, __sizeof__ is
# this process's, __reduce__ / __init__ / __setattr__ reach into the object).
CORE_DUNDERS = frozenset({
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
    "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__divmod__",
    "__rdivmod__", "__pow__", "__lshift__", "__rshift__", "__rrshift__", "__and__", "__rand__",
    "__or__", "__ror__", "__xor__", "__rxor__", "__neg__", "__pos__", "__abs__", "__invert__",
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__len__", "__contains__",
    "__getitem__", "__bool__", "__int__", "__float__", "__index__", "__round__", "__trunc__",
    "__floor__", "__ceil__",
})

PURE_BUILTINS = frozenset({
    "abs", "all", "any", "ascii", "bin", "bool", "bytearray", "bytes", "chr", "complex", "dict",
    "divmod", "enumerate", "filter", "float", "format", "frozenset", "hex", "int", "iter", "len",
    "map", "max", "min", "next", "oct", "ord", "pow", "range", "repr", "reversed", "round", "set",
    "slice", "sorted", "str", "sum", "zip",
})

BUILTINS_EXCLUDED = {
    "hash": "str / bytes hashes are salted per process (PYTHONHASHSEED): the real run's differ",
    "id": "an address in this process, not the program's",
    "open": "file I/O", "input": "reads stdin",
    "print": "modelled (python/printing.py): to stdout / stderr no value changes; into a kept "
             "io.StringIO the real print runs, into the program's file object its write",
    "breakpoint": "starts a debugger", "help": "interactive", "exit": "ends the process",
    "quit": "ends the process", "eval": "runs code", "compile": "builds code",
    "exec": "modelled: a known source string run by the interpreter into its namespace "
            "(python/exec_source.py), never by Python",
    "__import__": "modelled: an absolute import by name (python/modules.py), never run",
    "globals": "modelled: a view of the module scope (introspection.py)",
    "locals": "modelled: a snapshot of the frame's names (introspection.py)",
    "vars": "modelled (introspection.py)",
    "dir": "lists attributes of real objects the program cannot see",
    "getattr": "modelled (introspection.py): on real objects it could reach past the guards",
    "setattr": "changes objects of the interpreter's own model",
    "delattr": "modelled (python/calls.py): `del obj.name` on the program's objects",
    "hasattr": "modelled for the program's objects (python/calls.py); on real objects it could reach "
               "past the guards",
    "isinstance": "modelled (python/calls.py: the program's classes by their MRO, a metaclass's "
                  "__instancecheck__); real code cannot see them",
    "issubclass": "modelled (python/calls.py: the MRO, a metaclass's __subclasscheck__)",
    "callable": "needs the program's own classes",
    "type": "modelled: the program's classes and metaclasses; type(name, bases, namespace) makes a "
            "class (interpreter)",
    "super": "modelled (interpreter)",
    "object": "modelled (interpreter: object() is a bare object, its identity only)",
    "property": "modelled (descriptors.py)", "staticmethod": "modelled (interpreter)",
    "classmethod": "modelled (class_access.py)", "memoryview": "a view of a buffer's memory",
    "aiter": "asynchronous iteration is not run", "anext": "asynchronous iteration is not run",
    "tuple": "modelled (jax_calls: keeps each axis name's origin)",
    "list": "modelled (jax_calls: a new ListVal)",
    "copyright": "interactive", "credits": "interactive", "license": "interactive",
}

MODULES: dict[str, Policy] = {
    "builtins": Policy("the pure builtins and every method of the core types",
                       PURE_BUILTINS | frozenset(CORE_TYPES), BUILTINS_EXCLUDED),
    "math": Policy("functions of numbers", numeric=True),
    "cmath": Policy("functions of complex numbers", numeric=True),
    "operator": Policy("Python's operators as functions (attrgetter / methodcaller of a "
                       "private name are refused by guards.py)", numeric=True,
                       excluded={"call": "calls any callable real code holds, past the guards"}),
    "functools": Policy("higher-order helpers that call back into the interpreter",
                        frozenset({"reduce", "cmp_to_key"}),
                        {"partial": "modelled (jax_calls: a kernel's partial keeps its body)",
                         "wraps": "modelled (partial of update_wrapper)",
                         "lru_cache": "modelled: a wrapper with its own cache, the function run once "
                                      "per key, maxsize's evictions, cache_clear (python/cached.py)",
                         "cache": "modelled: lru_cache(maxsize=None) (python/cached.py)",
                         "partialmethod": "the data model's",
                         "singledispatch": "the data model's", "singledispatchmethod": "the data model's",
                         "cached_property": "the data model's", "total_ordering": "the data model's",
                         "update_wrapper": "modelled (python/function_attrs.py: CPython's copies onto "
                                           "the wrapper)"}),
    "itertools": Policy("lazy iterators; reading one takes at most real.MAX_ITERATED items",
                        excluded={"batched": "modelled: the library reference's Python "
                                             "(python/source_models.py), the same on 3.11 and 3.12"}),
    "string": Policy("string constants, Template, capwords", frozenset({"Template", "capwords"}),
                     {"Formatter": "modelled: CPython's string.py as Python (python/source_models.py): "
                                   "its fields reach the program's objects and a subclass's "
                                   "get_value / convert_field / format_field overrides"}),
    "_string": Policy("the parsers of str.format's fields that string.Formatter's source calls "
                      "(functions of the format string alone)",
                      frozenset({"formatter_parser", "formatter_field_name_split"})),
    "textwrap": Policy("text layout of known strings",
                       frozenset({"dedent", "indent", "fill", "wrap", "shorten"}),
                      {"TextWrapper": "a configurable object (wrap / fill take the same options)"}),
    "re": Policy("regular expressions (guards.py refuses patterns that may backtrack for long)",
                 frozenset({"compile", "match", "fullmatch", "search", "sub", "subn", "split",
                            "findall", "finditer", "escape"}),
                 {"purge": "clears a process-wide cache",
                  "Match": "the type of a match's result (match / search make them)",
                  "Pattern": "the type of a compiled pattern (compile makes them)",
                  "RegexFlag": "an enum class: its flags are read as constants (re.IGNORECASE)",
                  "template": "deprecated in 3.11, gone in 3.13"}),
    "shlex": Policy("shell-like splitting of a string; a shlex.shlex lexer over a string kept as a "
                    "real object (its whitespace, quotes, wordchars ... set by the program; guards.py "
                    "refuses one over stdin or a stream, and its file inclusion)",
                    frozenset({"split", "quote", "join", "shlex"})),
    "json": Policy("JSON text to values and back", frozenset({"loads", "dumps"}),
                   {"load": "reads a file", "dump": "writes a file",
                    "JSONDecoder": "a configurable object (loads takes the same options)",
                    "JSONEncoder": "a configurable object (dumps takes the same options)"}),
    "ast": Policy("literals read from a string", frozenset({"literal_eval"}),
                  {"parse": "syntax trees are not values the program's kernels use"},
                  others="syntax-tree node classes and walkers: not values the program's kernels use"),
    "collections": Policy("containers", frozenset({"deque", "Counter", "ChainMap"}),
                          {"namedtuple": "modelled (stdlib_values: a record class of the program)",
                           "OrderedDict": "modelled: run as Python on a dict (python/source_models.py), "
                                          "so it holds the program's values (scratch types, refs)",
                           "defaultdict": "modelled: run as Python (python/source_models.py), so the "
                                          "lists its factory makes are the program's own",
                           "UserDict": "modelled: run as Python (python/source_models.py), a "
                                       "subclass's __setitem__ seen by update and the constructor",
                           "UserList": "modelled: run as Python (python/source_models.py), a "
                                       "MutableSequence over self.data",
                           "UserString": "classes to subclass"}),
    "bisect": Policy("binary search and insertion in a sorted list (changes written back)"),
    "heapq": Policy("heap operations on a list (changes written back)"),
    "copy": Policy("shallow and deep copies of kept real objects; of the program's values the copy "
                   "protocol is modelled (python/copy_protocol.py)", frozenset({"copy", "deepcopy"}),
                   {"replace": "calls the object's __replace__ (the data model's; Python 3.13)"}),
    "fractions": Policy("exact rational numbers", frozenset({"Fraction"}), numeric=True),
    # Not `numeric`: an int argument may be a count (quantiles(data, n=...)).
    "statistics": Policy("statistics of known numbers"),
    "datetime": Policy("dates and durations built from numbers (never the clock)",
                       frozenset({"date", "time", "datetime", "timedelta", "timezone"}),
                       {"datetime.now": "the clock", "datetime.today": "the clock",
                        "date.today": "the clock", "datetime.utcnow": "the clock",
                        "datetime.fromtimestamp": "the local time zone",
                        "strftime": "the locale",
                        "tzinfo": "an abstract class to subclass (the data model's)"}),
    "tomllib": Policy("TOML text to values", frozenset({"loads"}), {"load": "reads a file"}),
    "fnmatch": Policy("shell-style pattern matching of strings",
                      frozenset({"fnmatch", "fnmatchcase", "filter", "translate"})),
    "unicodedata": Policy("the Unicode database of this Python"),
    "colorsys": Policy("colour conversions of numbers", numeric=True),
    "keyword": Policy("Python's keywords", frozenset({"iskeyword", "issoftkeyword"})),
    "base64": Policy("encodings of known bytes",
                     frozenset({"b64encode", "b64decode", "urlsafe_b64encode", "urlsafe_b64decode",
                                "b32encode", "b32decode", "b16encode", "b16decode", "b32hexencode",
                                "b32hexdecode", "a85encode", "a85decode", "b85encode", "b85decode",
                                "standard_b64encode", "standard_b64decode", "encodebytes", "decodebytes",
                                "z85encode", "z85decode"}),
                     {"encode": "reads and writes files", "decode": "reads and writes files"}),
    "pathlib": Policy("pure paths: text split and joined as paths, no file system",
                      frozenset({"PurePath", "PurePosixPath", "PureWindowsPath"}),
                      {"Path": "the file system", "PosixPath": "the file system",
                       "WindowsPath": "the file system"}),
    "difflib": Policy("close matches of a word among known strings, matching blocks and line diffs "
                      "of known sequences (time about the product of the two sizes, bounded by "
                      "guards.py; a junk function is the program's, called back)",
                      frozenset({"get_close_matches", "IS_CHARACTER_JUNK", "IS_LINE_JUNK", "Match",
                                 "SequenceMatcher", "Differ", "ndiff", "unified_diff", "context_diff"}),
                      {"diff_bytes": "takes a diff function real code would call past the guards",
                       "HtmlDiff": "a table of HTML, time not estimated",
                       "restore": "reads a delta the bridge's diffs do not make"}),
    "struct": Policy("values packed into bytes by a format and unpacked back (the format's size "
                     "bounded by guards.py)",
                     frozenset({"pack", "unpack", "unpack_from", "iter_unpack", "calcsize", "Struct"}),
                     {"pack_into": "writes into a buffer the program holds"}),
    "urllib.parse": Policy("URLs and query strings split, quoted and joined as text (no network: "
                           "urllib.request is not on the list)",
                           frozenset({"parse_qs", "parse_qsl", "urlparse", "urlsplit", "urlunparse",
                                      "urlunsplit", "urljoin", "urldefrag", "quote", "quote_plus",
                                      "unquote", "unquote_plus", "urlencode", "quote_from_bytes",
                                      "unquote_to_bytes"}),
                           dict.fromkeys(("DefragResult", "DefragResultBytes", "ParseResult",
                                          "ParseResultBytes", "SplitResult", "SplitResultBytes"),
                                         "the record types urlparse / urlsplit / urldefrag return")),
    # Stateful objects of these modules are kept as real objects (real.RealVal): their
    # methods run through the bridge on that one object, so what the program puts in a
    # queue or feeds a hash is seen by every later call (design.md, the bridge).
    "zlib": Policy("checksums and compression of known bytes (decompression read at most "
                   "guards.MAX_RESULT bytes, stdlib_guards.py)",
                   frozenset({"crc32", "adler32", "compress", "decompress"}), numeric=True,
                   excluded={"decompressobj": "an incremental object: a small input may inflate past "
                                              "every bound",
                             "compressobj": "an incremental object fed by the program"}),
    "hashlib": Policy("digests of known bytes; a hash object is kept and update() changes it",
                      frozenset({"md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b",
                                 "blake2s", "sha3_224", "sha3_256", "sha3_384", "sha3_512"}),
                      {"new": "a name chosen at run time may be an OpenSSL digest this Python lacks",
                       "file_digest": "reads a file", "pbkdf2_hmac": "cost is its iteration count",
                       "scrypt": "cost is its parameters",
                       "shake_128": "a digest of a length chosen per call (not kept yet)",
                       "shake_256": "a digest of a length chosen per call (not kept yet)"}),
    "queue": Policy("FIFO / LIFO / priority queues kept as real objects (guards.py refuses a get "
                    "of an empty queue and a put into a full one: the real call would block)",
                    frozenset({"Queue", "LifoQueue", "PriorityQueue", "SimpleQueue"})),
    "xml.etree.ElementTree": Policy(
        "XML text parsed into elements (expat: no external entity is fetched, no DTD read)",
        frozenset({"fromstring", "XML", "Element", "SubElement", "tostring", "iselement", "fromstringlist",
                   "tostringlist"}),
        {**dict.fromkeys(("Comment", "PI", "ProcessingInstruction", "QName", "XMLID"),
                         "element kinds and id maps not kept yet"),
         **dict.fromkeys(("TreeBuilder", "XMLPullParser", "C14NWriterTarget"), "a parser or builder fed by "
                                                                              "the program"),
         "canonicalize": "writes to a file given out=", "indent": "changes an element in place without a "
                                                                  "bound on the whitespace it adds",
         "register_namespace": "a process-wide namespace registry",
         "parse": "reads a file", "iterparse": "reads a file", "ElementTree": "reads and writes files",
         "XMLParser": "a parser fed by the program", "dump": "writes stdout"}),
    "plistlib": Policy("property lists (XML or binary) to values and back",
                       frozenset({"loads", "dumps"}), {"load": "reads a file", "dump": "writes a file",
                                                       "UID": "a wrapper read by dumps (not kept)"}),
    "uuid": Policy("UUIDs of known text, bytes or ints, and name-based uuid3 / uuid5",
                   frozenset({"UUID", "uuid3", "uuid5"}),
                   {"uuid1": "the clock and the host's address", "uuid4": "randomness",
                    "getnode": "the host's address", "SafeUUID": "an enum class (the data model's)",
                    "main": "the command line: prints to stdout (Python 3.12)"}),
    "random": Policy("a random.Random the program seeds (an int, float, str or bytes seed) kept as a "
                     "real object: its sequence is the seed's, the same on Python 3.10 to 3.13 "
                     "(measured: shuffle, sample, choice(s), randint, randrange, getrandbits, the "
                     "distributions); guards.py refuses a seed left to the OS",
                     frozenset({"Random"}),
                     {"SystemRandom": "the OS's randomness",
                      **dict.fromkeys(("random", "seed", "getstate", "setstate", "randrange", "randint",
                                       "choice", "choices", "shuffle", "sample", "uniform", "triangular",
                                       "randbytes", "getrandbits", "betavariate", "binomialvariate",
                                       "expovariate", "gammavariate", "gauss", "lognormvariate",
                                       "normalvariate", "vonmisesvariate", "paretovariate",
                                       "weibullvariate"),
                                      "the module's own generator, seeded by the OS at import "
                                      "(or by a random.seed the program may not be the only caller of)"),
                      "main": "the command line: prints to stdout (Python 3.13)"}),
    "getopt": Policy("command-line options parsed from a known list", frozenset({"getopt"}),
                     {"gnu_getopt": "reads os.environ (POSIXLY_CORRECT)"}),
    "graphlib": Policy("topological order of a known graph", frozenset({"TopologicalSorter"})),
    "email": Policy("RFC 822 headers parsed from known text (the compat32 policy; nothing sent)",
                    frozenset({"message_from_string", "message_from_bytes"}),
                    {"message_from_file": "reads a file", "message_from_binary_file": "reads a file"}),
    "email.parser": Policy("RFC 822 headers parsed from known text",
                           frozenset({"Parser", "HeaderParser", "BytesParser", "BytesHeaderParser"}),
                           {"FeedParser": "a parser fed by the program", "BytesFeedParser": "a parser fed by "
                                                                                            "the program"}),
    "io": Policy("in-memory text and byte buffers (no file: open, FileIO and the rest stay off)",
                 frozenset({"StringIO", "BytesIO"}),
                 {"open": "the file system", "open_code": "the file system", "FileIO": "the file system",
                  **dict.fromkeys(("BufferedIOBase", "BufferedRWPair", "BufferedRandom", "BufferedReader",
                                   "BufferedWriter", "IOBase", "RawIOBase", "TextIOBase", "TextIOWrapper",
                                   "IncrementalNewlineDecoder"),
                                  "streams over raw files, or classes to subclass"),
                  "text_encoding": "reads UTF-8 mode and the locale"}),
    "tokenize": Policy("Python tokens of known text, read through a readline the bridge runs "
                       "(an io.StringIO's)",
                       frozenset({"generate_tokens", "untokenize", "ISEOF", "ISTERMINAL", "ISNONTERMINAL"}),
                       {"open": "reads a file", "tokenize": "detects an encoding, then as generate_tokens",
                        "detect_encoding": "reads through a readline of bytes",
                        "TokenInfo": "the record type of the tokens generate_tokens makes (kept)"}),
    "inspect": Policy("docstring layout of a known string; signature of the program's functions "
                      "and classes is read from the tree (python/signatures.py), its bind and "
                      "BoundArguments CPython's Python (python/source_models.py); getfullargspec, "
                      "getattr_static, getdoc, cleandoc of a docstring, isfunction, ismethod, isclass, "
                      "isgeneratorfunction and iscoroutinefunction answered from the model's knowledge "
                      "(python/function_objects.py); currentframe, the running frame "
                      "(python/frames.py: f_back, f_locals, f_globals); the rest of inspect "
                      "reads the program's objects, which real code cannot see (getmembers: dir() of "
                      "a class varies by release)", frozenset({"cleandoc"}),
                      others="reads the program's objects (frames, functions, classes), which real "
                             "code cannot see"),
    **stdlib_bridged.MODULES,
}

# Modules left out as a whole, and why (printed in the coverage table).
EXCLUDED_MODULES = {
    "os": "the environment and the file system (os.environ.get is modelled: a clean environment; "
          "os.fspath is CPython's Python, calling the type's __fspath__: python/source_models.py)",
    "sys": "the process (sys.argv, sys.modules and sys._getframe, python/frames.py, are modelled)",
    "subprocess": "processes", "socket": "the network",
    "weakref": "modelled: ref, WeakValueDictionary, WeakKeyDictionary and finalize run as Python "
               "(python/source_models.py), "
               "plain holders of the program's instances (the referent taken to be alive: a finalize "
               "runs its callback when called, never at a collection); the rest unknown",
    "collections.abc": "modelled: the ABCs' mixins (Sequence, MutableSequence, Mapping, MutableMapping, "
                       "Set, MutableSet, the views) run as Python for a class deriving from one "
                       "(python/source_models.py), "
                       "a Sequence's instance matched by `match` sequence patterns; isinstance against "
                       "an ABC is the library's (registered types): unknown for the program's classes, the "
                       "library's own answer for a builtin value",
    "time": "the clock", "secrets": "randomness",
    "importlib": "imports code",
    "marshal": "modelled: dumps / loads as a round trip of the plain types marshal writes (versions 3 "
               "and 4 keep shared references), python/copy_protocol.py; the bytes stay unknown and "
               "loads of other bytes is not run (code objects)",
    "pickle": "modelled: dumps / loads as a round trip through the reduce protocol run over the "
              "program's objects (copyreg, __reduce_ex__, __reduce__, __getnewargs__, __getstate__ / "
              "__setstate__; functions and classes only by a module-level name), python/copy_protocol.py; "
              "the bytes stay unknown and loads of other bytes is never run (it may call any importable "
              "callable)",
    "copyreg": "modelled: copyreg.pickle registrations, consulted by copy and pickle "
               "(python/copy_protocol.py); any other use of copyreg leaves every copy unknown",
    "locale": "the locale", "threading": "threads",
    "asyncio": "an event loop (a driver runs the coroutine: python/calls.py; sleep is an awaitable "
               "of one bare yield, python/source_models.py)",
    "argparse": "modelled: the defaults of a plain run (stdlib_calls); "
    "parse_args(argv) of a given list by the real argparse (python/argparse_run.py), sub-commands "
    "(add_subparsers / add_parser) with their own parsers' calls replayed",
    "configparser": "modelled: read_string of known text and read_dict of known sections replayed on "
                    "the real parser in memory (stdlib_values); read / read_file of a file: unknown",
    "enum": "the data model's (classes; members made through the class's __new__ / __init__)",
    "dataclasses": "the data model's (classes; make_dataclass builds one as a class statement)",
    "types": "modelled: MappingProxyType, SimpleNamespace (as a base: python/source_models.py), MethodType, "
             "new_class (interp/classes.py)",
    "contextlib": "the data model's (with statements; nullcontext, suppress: stdlib_values; closing, "
                  "ExitStack, ContextDecorator: their Python source, python/source_models.py; a "
                  "@contextmanager's manager as a decorator: python/generator_contexts.py)",
    "contextvars": "modelled: ContextVar, Token, Context, copy_context as Python source "
                   "(python/source_models.py); an asyncio driver's coroutine runs in a copy",
    "abc": "modelled: ABCMeta's isinstance / issubclass of the program's ABCs (__subclasshook__, register, "
           "the subclasses, the caches: python/class_objects.py); the library's own ABCs are not",
    "concurrent": "modelled: concurrent.futures' ThreadPoolExecutor runs each submitted call at once "
                  "(submit / map / Future.result, as_completed and wait over done futures: "
                  "python/source_models.py); ProcessPoolExecutor is not (another process)",
    "typing": "modelled: cast is its value argument whatever the type (python/calls.py), NamedTuple "
              "(stdlib_values; a class's _fields and _field_defaults: interp/classes.py), "
              "TYPE_CHECKING is False, get_type_hints of a class from its MRO's annotations "
              "(python/class_introspection.py), NewType as CPython's Python (python/source_models.py)",
    **stdlib_unknown.MODULES,
    **{name: f"modelled: run from its own Python source (python/stdlib_followed.py): {why}"
       for name, why in stdlib_followed.MODULES.items()},
}

# Methods of kept real objects that read the clock, the locale or the environment, an
# address of this process (an array's buffer_info) or a file (an array's tofile / fromfile).
# (``strptime`` reads the locale only for some directives: stdlib_guards.py refuses those.)
EXCLUDED_METHODS = frozenset({"now", "today", "utcnow", "fromtimestamp", "utcfromtimestamp",
                              "timestamp", "astimezone", "strftime", "ctime",
                              "buffer_info", "tofile", "fromfile",
                              # Struct.pack_into writes into the program's buffer (struct's policy
                              # refuses the function too); NormalDist.samples draws from random.
                              "pack_into", "samples"})


def _split(name: str) -> tuple[str, str] | None:
    """``"collections.deque"`` -> ("collections", "deque"); a core type's method
    ``"builtins.str.upper"`` -> ("builtins", "str.upper")."""
    for dotted in _DOTTED_MODULES:  # a package's module (urllib.parse), not the package
        if name.startswith(dotted + ".") and len(name) > len(dotted) + 1:
            return dotted, name[len(dotted) + 1:]
    head, _, rest = name.partition(".")
    if head in MODULES and rest:
        return head, rest
    return None


_DOTTED_MODULES = tuple(name for name in MODULES if "." in name)


@functools.lru_cache(maxsize=4096)
def resolve(name: str) -> object:
    """The real callable or constant a canonical name stands for, when the allow-list
    serves it; MISSING otherwise."""
    if name.startswith("np."):
        from . import numpy_bridge  # (imports hostnp on the first NumPy name a program calls)

        return numpy_bridge.resolve(name)
    parts = _split(name)
    if parts is None:
        return MISSING
    module_name, rest = parts
    policy = MODULES[module_name]
    path = rest.split(".")
    core_dunder = module_name == "builtins" and len(path) == 2 and path[0] in CORE_TYPES \
        and path[1] in CORE_DUNDERS
    if (not core_dunder and any(part.startswith("_") for part in path)) or rest in policy.excluded \
            or path[-1] in EXCLUDED_METHODS:
        return MISSING
    if module_name == "builtins":
        if path[0] in CORE_TYPES and len(path) <= 2:
            pass
        elif len(path) != 1 or path[0] not in PURE_BUILTINS:
            return MISSING
    elif policy.names is not None and path[0] not in policy.names:
        if len(path) == 1 and _is_constant(module_name, path[0]):
            pass
        else:
            return MISSING
    try:
        value: object = importlib.import_module(module_name)
        for part in path:
            value = getattr(value, part)
    except (ImportError, AttributeError):
        return MISSING
    if not callable(value) and not _is_plain_constant(value) and not (len(path) == 1 and _is_flag(value)):
        return MISSING
    return value


def _is_constant(module_name: str, attr: str) -> bool:
    try:
        value = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError):
        return False
    return _is_plain_constant(value) or _is_flag(value)


def _is_flag(value: object) -> bool:
    """A module's member of an int or str enum (``re.VERBOSE``, a ``re.RegexFlag``): a
    constant, kept as the real member (what the bridge brings back of one too), so that
    ``re.I | re.X`` and ``re.compile(p, re.X)`` compute as in Python."""
    return isinstance(value, enum.Enum) and isinstance(value, (int, str))


def _is_plain_constant(value: object) -> bool:
    return type(value) in (str, int, float, bool, bytes, complex) or (
        type(value) is tuple and all(type(item) in (str, int, float) for item in value))  # type: ignore[union-attr]


def serves(name: str) -> bool:
    """Whether a call of ``name`` runs the real callable (one dict lookup once seen)."""
    return callable(resolve(name))


# Allow-listed callables that call what they are given (a program's function may trace
# JAX operations from inside them).
HIGHER_ORDER = frozenset({
    "functools.reduce", "functools.cmp_to_key", "builtins.map", "builtins.filter", "builtins.sorted",
    "builtins.min", "builtins.max", "builtins.iter", "builtins.next", "builtins.list.sort",
    "re.sub", "re.subn", "json.loads", "json.dumps",
    "itertools.starmap", "itertools.accumulate", "itertools.groupby", "itertools.takewhile",
    "itertools.dropwhile", "itertools.filterfalse", "heapq.nlargest", "heapq.nsmallest", "heapq.merge",
    "bisect.bisect", "bisect.bisect_left", "bisect.bisect_right", "bisect.insort", "bisect.insort_left",
    "bisect.insort_right", "operator.methodcaller",
    "np.vectorize", "np.piecewise", "np.apply_along_axis", "np.fromfunction",
})


# Calls that change their first argument in place: refused (a guard, an unknown key), that
# argument's contents become unknown, since the real program did change it.
_MUTATING_METHODS = {
    "list": {"append", "extend", "insert", "pop", "remove", "reverse", "sort", "clear", "__setitem__"},
    "dict": {"clear", "pop", "popitem", "setdefault", "update", "__setitem__"},
}
MUTATES_FIRST = frozenset({
    *(f"builtins.{kind}.{name}" for kind, names in _MUTATING_METHODS.items() for name in names),
    "heapq.heappush", "heapq.heappop", "heapq.heapify", "heapq.heapreplace", "heapq.heappushpop",
    "bisect.insort", "bisect.insort_left", "bisect.insort_right", "operator.setitem", "operator.delitem",
    "operator.iadd", "operator.iconcat", "operator.imul", "operator.ior", "operator.iand", "operator.ixor",
    "np.put", "np.place", "np.nan_to_num",
})


def traces_nothing(name: str) -> bool:
    """A bridged call that calls none of the program's functions, so it traces no JAX
    operation (casts.py: a statement of them between an op and its cast)."""
    return name not in HIGHER_ORDER and serves(name)


def numeric(name: str) -> bool:
    head = name.partition(".")[0]
    policy = MODULES.get(head)
    return policy is not None and policy.numeric


def constant(name: str) -> object:
    """``math.pi``, ``string.ascii_lowercase``, ``re.IGNORECASE``: the value, else MISSING."""
    value = resolve(name)
    return value if value is not MISSING and (_is_plain_constant(value) or _is_flag(value)) else MISSING


def kept_object(name: str) -> object:
    """An object of host NumPy's the program reads by subscript (``np.r_``, ``np.mgrid``: its
    ``__getitem__`` builds the array): the real object, of a kept type; else MISSING."""
    if not name.startswith("np."):
        return MISSING
    value = resolve(name)
    kept = value is not MISSING and type(value) in real.EXTRA_KEPT and not callable(value)
    return value if kept else MISSING


# Types whose instances come back from allow-listed calls and are kept (real.RealVal): those of
# modules the analysis imports anyway at once, the rest by their module (real.LAZY_KEPT), so
# that start-up imports none of email, hashlib, xml.etree, uuid, ... (55 ms of the CLI's import).
def _register_kept_types() -> None:
    import datetime
    import io
    import operator
    import pathlib
    import re
    import string

    real.EXTRA_KEPT.update({re.Pattern, re.Match, string.Template, datetime.date,
                            datetime.datetime, datetime.time, datetime.timedelta, datetime.timezone,
                            type(functools.cmp_to_key(lambda a, b: 0)), operator.itemgetter,
                            operator.attrgetter, pathlib.PurePosixPath, pathlib.PureWindowsPath,
                            io.StringIO, io.BytesIO,
                            functools._CacheInfo})  # type: ignore[attr-defined]  # (cache_info()'s record)
    for buffer in (io.StringIO, io.BytesIO):
        real.SNAPSHOTS[buffer] = lambda b: [b.getvalue(), b.tell()]
    for tops, register in _LAZY_REGISTRARS:
        for top in tops:
            real.LAZY_KEPT[top] = register


def _keep(*kinds: type) -> None:
    real.EXTRA_KEPT.update(kinds)


def _kept_queues() -> None:
    import queue

    _keep(queue.Queue, queue.LifoQueue, queue.PriorityQueue, queue.SimpleQueue)
    for kind in (queue.Queue, queue.LifoQueue, queue.PriorityQueue):
        real.SNAPSHOTS[kind] = lambda q: list(q.queue)
    real.SNAPSHOTS[queue.SimpleQueue] = lambda q: [object()]  # holds no view: any call may change it


def _kept_element() -> None:
    import xml.etree.ElementTree as element_tree

    _keep(element_tree.Element)
    real.SNAPSHOTS[element_tree.Element] = lambda e: [e.tag, e.text, e.tail, *e.attrib.items(), *e]


def _kept_email() -> None:
    import email.message
    import email.parser

    # A parser holds only its message class and policy (parsestr builds a new message each
    # call); a message's headers are its state (the snapshot).
    _keep(email.message.Message, email.parser.Parser, email.parser.HeaderParser,
          email.parser.BytesParser, email.parser.BytesHeaderParser)
    real.SNAPSHOTS[email.message.Message] = lambda m: [*m.items(), m.get_payload()]


def _kept_hashes() -> None:
    import hashlib
    import hmac

    hashes = [type(getattr(hashlib, name)()) for name in MODULES["hashlib"].names or ()]
    _keep(hmac.HMAC, *hashes)
    for kind in hashes:
        real.SNAPSHOTS[kind] = lambda h: [h.digest()]
    real.SNAPSHOTS[hmac.HMAC] = lambda h: [h.digest()]  # update() changes it


def _kept_graph() -> None:
    import graphlib

    _keep(graphlib.TopologicalSorter)
    real.SNAPSHOTS[graphlib.TopologicalSorter] = lambda t: [object()]  # its state is private


def _kept_numbers() -> None:
    import decimal
    import fractions

    _keep(fractions.Fraction, decimal.Decimal, decimal.Context)
    real.SNAPSHOTS[decimal.Context] = lambda c: [c.prec, c.rounding, c.Emin, c.Emax, c.capitals, c.clamp,
                                                 *c.flags.values(), *c.traps.values()]


def _kept_values() -> None:
    import statistics
    import struct

    # Immutable values with methods: a normal distribution (its quantiles, overlap, ...), a
    # compiled struct format.
    _keep(statistics.NormalDist, struct.Struct)


def _kept_addresses() -> None:
    import ipaddress

    _keep(ipaddress.IPv4Address, ipaddress.IPv6Address, ipaddress.IPv4Network, ipaddress.IPv6Network,
          ipaddress.IPv4Interface, ipaddress.IPv6Interface)


def _kept_uuid() -> None:
    import uuid

    _keep(uuid.UUID)


def _kept_arrays() -> None:
    import array

    _keep(array.array)
    real.SNAPSHOTS[array.array] = lambda a: [a.typecode, a.tobytes()]  # its methods change it


def _kept_csv() -> None:
    import csv
    import io

    _keep(type(csv.reader(())), type(csv.writer(io.StringIO())), csv.DictReader, csv.DictWriter)


def _kept_doctest() -> None:
    import doctest

    _keep(doctest.DocTestParser, doctest.Example)


def _kept_random() -> None:
    import random

    _keep(random.Random)
    real.SNAPSHOTS[random.Random] = lambda r: [r.getstate()]  # every draw moves it


def _kept_shlex() -> None:
    import shlex

    # A lexer over its own io.StringIO of the text (guards.py refuses any other stream): its
    # state is where it has read to and the settings the program may store (real.STORED_NAMES:
    # not ``source`` / ``infile``, which reach files through sourcehook, nor ``debug``, which prints).
    _keep(shlex.shlex)
    real.SNAPSHOTS[shlex.shlex] = lambda x: [x.instream.getvalue(), x.instream.tell(), x.state, x.token,
                                             tuple(x.pushback),
                                             *(getattr(x, name) for name in sorted(_SHLEX_SETTINGS))]
    real.STORED_NAMES[shlex.shlex] = _SHLEX_SETTINGS


_SHLEX_SETTINGS = frozenset({"whitespace", "whitespace_split", "wordchars", "quotes", "escape",
                             "escapedquotes", "commenters", "eof"})


def _kept_difflib() -> None:
    import difflib

    # A matcher's answers depend on the pair it holds (set_seqs changes it: guards.py bounds
    # the new pair) and the junk it found at construction; Differ holds only its junk functions;
    # a Match (a named tuple) is read by its fields.
    _keep(difflib.SequenceMatcher, difflib.Differ, difflib.Match)


def _kept_url_records() -> None:
    import urllib.parse

    # Named tuples with properties (hostname, port, username): read by name, they stay real;
    # ``port`` raises the program's ValueError for a port that is not a number.
    _keep(urllib.parse.ParseResult, urllib.parse.SplitResult, urllib.parse.DefragResult,
          urllib.parse.ParseResultBytes, urllib.parse.SplitResultBytes,
          urllib.parse.DefragResultBytes)


def _kept_tokens() -> None:
    import tokenize

    _keep(tokenize.TokenInfo)


# (the top-level names of the modules a registrar's types report as __module__, the registrar)
_LAZY_REGISTRARS: tuple[tuple[tuple[str, ...], Callable[[], None]], ...] = (
    (("queue", "_queue"), _kept_queues),
    (("xml",), _kept_element),
    (("email",), _kept_email),
    (("hashlib", "_hashlib", "_blake2", "_md5", "_sha1", "_sha2", "_sha256", "_sha512", "_sha3", "hmac"),
     _kept_hashes),
    (("graphlib",), _kept_graph),
    (("decimal", "_decimal", "_pydecimal", "fractions"), _kept_numbers),
    (("ipaddress",), _kept_addresses),
    (("statistics", "struct", "_struct"), _kept_values),
    (("uuid",), _kept_uuid),
    (("tokenize",), _kept_tokens),
    (("urllib",), _kept_url_records),
    (("difflib",), _kept_difflib),
    (("random",), _kept_random),
    (("shlex",), _kept_shlex),
    (("doctest",), _kept_doctest),
    (("array",), _kept_arrays),
    (("csv", "_csv"), _kept_csv),
)


_register_kept_types()
