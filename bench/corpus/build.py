"""Build the mutation corpus: clean kernel files and one-mistake mutants of them.

usage: build.py OUT [--jax-src PATH] [--site-packages PATH] [--per-op N] [--seed S]

Corpora, each a folder of OUT:
  idioms/  from bench/corpus/idioms/ (ours, committed): new-user idioms, each a
           runnable kernel file (a folder under idioms/multifile/ is one program);
  heldout/ from bench/corpus/idioms_heldout/ (ours, committed): the same kind of
           files in idioms issue 11 does not name, kept apart to see whether what
           was built for the named idioms generalises (score.py --only heldout/);
  heldout2/ from bench/corpus/idioms_heldout2/: a second such set, written after the
           interpreter was fixed on heldout/'s misses and scored without further
           changes (score.py --only heldout2/): the generalisation check of those fixes;
  heldout3/ from bench/corpus/idioms_heldout3/: a third such set, written for issue 20
           by a helper that never read the analyser, each file passing the values the
           rules depend on through a Python feature the issue text does not name
           (score.py --only heldout3/);
  heldout4/ from bench/corpus/idioms_heldout4/: a fourth such set, written for issue 20
           after the bridge and the data model, by a helper that never read the analyser:
           each file passes the values through a Python mechanism that neither issue 20
           nor the earlier sets name (score.py --only heldout4/);
  heldout5/ from bench/corpus/idioms_heldout5/: a fifth such set, by a helper that never read the
           analyser: each file passes the values through a Python mechanism that issue 20 and the
           earlier sets do not name (score.py --only heldout5/);
  heldout6/ from bench/corpus/idioms_heldout6/: a sixth such set, by a helper that never read the
           analyser: each file passes the values through a Python mechanism that issue 20 and the
           five earlier sets do not name (score.py --only heldout6/);
  heldout7/ from bench/corpus/idioms_heldout7/: a seventh such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           Python mechanism that issue 20 and the six earlier sets do not name (zlib.crc32, hashlib,
           uuid, graphlib, weakref, cached_property, getopt, xml.etree, plistlib, urlsplit, email
           headers, queue, threading.local, redirect_stdout, combinations_with_replacement, re.finditer
           lastgroup, isidentifier, as_integer_ratio, math.lcm / frexp, statistics.mode, UserString,
           UserList, abc.Mapping / Sequence mixins, __getattribute__, __format__, __str__, __index__,
           __truediv__, __invert__, __iter__ unpacking, __rmul__, super() in a property, __doc__,
           __name__, match sequence patterns with guards, tokenize, operator.concat, date.weekday,
           Counter.elements, Enum functional API and tuple members, __init_subclass__, metaclass __call__,
           str.strip / rsplit) (score.py --only heldout7/);
  heldout8/ from bench/corpus/idioms_heldout8/: an eighth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           Python mechanism that issue 20 and the seven earlier sets do not name (heapq.nlargest /
           merge, functools.update_wrapper, fnmatch.filter, string.capwords, NamedTuple _fields /
           _asdict, IntFlag membership, unicodedata, binascii, calendar.monthrange, ipaddress,
           int.to_bytes, set ^, dict |, three-argument type(), math.comb / fsum / hypot, gzip, bz2,
           lzma, html.unescape, urllib.parse.unquote, codecs rot13, hmac, quopri, contextlib.closing,
           int(text, 0), str.swapcase, __reversed__, __neg__, __matmul__, __floordiv__, __lshift__,
           __and__, __radd__ through sum(), property deleter, __exit__ suppressing, star calls with
           keyword-only parameters, comprehension scope, closures, conditional expressions)
           (score.py --only heldout8/);
  heldout9/ from bench/corpus/idioms_heldout9/: a ninth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           Python mechanism that issue 20 and the eight earlier sets do not name (string.Template,
           ast.literal_eval, shlex.split, bisect, deque(maxlen=), OrderedDict.move_to_end,
           itertools.islice / cycle, operator.itemgetter / methodcaller / truth, functools.partialmethod /
           singledispatchmethod, types.new_class, metaclass __prepare__, __class_getitem__, __set_name__,
           the __getitem__ sequence protocol, __next__, __sub__, __xor__, __round__, __abs__, __mul__,
           three-argument pow, complex arithmetic, math.perm / ldexp / modf, statistics.fmean,
           ExceptionGroup.subgroup, add_note / __notes__, warnings.catch_warnings(record=True), implicit
           __context__ chaining, sys.exc_info, asyncio.run / gather, async generators and comprehensions,
           generator throw() / close() with finally, contextlib.ExitStack.callback, contextvars, sqlite3,
           zipfile, mutable default arguments, chained assignment with an unpacking target, nested
           classes, property() called, enum.auto, typing.Annotated metadata, str.capitalize, map over
           two iterables with str.__add__) (score.py --only heldout9/);
  heldout10/ from bench/corpus/idioms_heldout10/: a tenth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism drawn broadly from the language and its pure standard library
           (super() chains, descriptors, __init_subclass__ registries, dataclass __post_init__ / replace /
           asdict, functools.reduce / cache / singledispatch / partial over a bound method, itertools
           accumulate / groupby / product / chain.from_iterable / starmap / batched, ChainMap, defaultdict
           factories, Counter arithmetic, Enum by value / _missing_ / aliases, string.Formatter.parse,
           textwrap.dedent, re.sub with a function, regex named groups, json.loads, argparse defaults,
           TypedDict, Literal / get_args, operator.attrgetter with a dotted path, SimpleNamespace,
           deepcopy, inspect.signature().bind, match class and mapping patterns, walrus, lambdas in a dict,
           generators, closures over loop variables, sorted keys, str.partition, format_map, f-string
           specs, divmod, math.log2 / prod, fractions, decimal quantize, statistics.median_low, timedelta
           division, heapq, zip strict, enumerate start, try/except/else/finally, nonlocal)
           (score.py --only heldout10/);
  heldout11/ from bench/corpus/idioms_heldout11/: an eleventh such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism that the ten earlier sets do not use (__bool__, __contains__,
           __getattr__ fallbacks, __missing__, __iter__, functools.total_ordering, class decorators,
           typing.NamedTuple methods, dataclass field(default_factory) / KW_ONLY / frozen keys of a dict
           cache, IntEnum arithmetic, Enum __new__ with _value_, functools.wraps decorator factories,
           lru_cache on methods, zip(*rows), sum(lists, []), max(key=, default=), step slices,
           str.translate, int(text, base), struct, base64, array, zip_longest, compress,
           takewhile / dropwhile, combinations, UserDict, re.fullmatch groups, urlencode / parse_qs,
           configparser.read_dict, csv over io.StringIO, difflib.get_close_matches, for / else,
           generator send(), super() in a classmethod, property setters, contextmanager around
           jax.set_mesh, star-unpacking), with multicast copies besides the multimem ops
           (score.py --only heldout11/);
  heldout12/ from bench/corpus/idioms_heldout12/: a twelfth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism that the eleven earlier sets do not use (Enum _generate_next_value_,
           StrEnum auto(), textwrap.wrap, a hand-written __copy__, argparse sub-parsers' set_defaults,
           __len__ truthiness, __mod__, __pow__, __pos__, __ceil__, __bytes__, __fspath__, __dir__,
           __length_hint__, __delitem__, __await__, module-level __getattr__ (PEP 562), metaclass
           __getattr__, async with over asynccontextmanager, collections.abc.Set and MutableSequence
           mixins, deque.rotate, html.parser.HTMLParser, xml.dom.minidom, http.cookies.SimpleCookie,
           optparse set_defaults, cmd.Cmd.onecmd, in-memory tarfile, a logging.Handler, ast.NodeVisitor,
           typing.NewType, while / else, match value patterns joined by |, recursion over a nested config,
           PEP 614 decorator expressions, __code__.co_varnames, float.fromhex, ABC.register virtual
           subclasses, __subclasses__(), __mro__ walks, __qualname__, contextlib.ContextDecorator,
           functools.partial .keywords, sched.scheduler on a simulated clock, str.zfill,
           weakref.finalize, the zip(*[iter(x)] * 2) grouper, `cond and a or b`)
           (score.py --only heldout12/);
  heldout13/ from bench/corpus/idioms_heldout13/: a thirteenth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism that the twelve earlier sets do not use (an xml.sax ContentHandler,
           namedtuple _make / _field_defaults, __kwdefaults__, a marshal round trip, __trunc__, __float__,
           __floor__, __complex__, __rshift__, __ior__, __isub__, __ror__, __rsub__, __rtruediv__,
           __divmod__, __gt__ under max(), a reflected __ne__, doctest.DocTestParser, unittest.mock
           return_value / side_effect, Enum __members__, a zlib round trip, __getstate__ / __setstate__
           under copy.copy, __reduce__ under pickle, copyreg.pickle under copy.deepcopy,
           inspect.getfullargspec / cleandoc / getattr_static, re.escape with re.match, ctypes.Structure,
           __mro_entries__, __subclasshook__, iter(callable, sentinel), lambda default-argument capture,
           positional-only parameters with **kwargs, callable(), delattr falling back to a base class,
           __closure__ cell_contents, __self__ of a bound method, __bases__, __globals__, __orig_bases__
           with typing.get_args, str.removesuffix, keyword.iskeyword, an object() sentinel, xmlrpc.client
           dumps / loads, concurrent.futures executors, math.exp2, print(sep=, file=StringIO), str.format
           field indexing, slice assignment)
           (score.py --only heldout13/);
  heldout14/ from bench/corpus/idioms_heldout14/: a fourteenth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism that the thirteen earlier sets do not use (__match_args__ over
           properties, match mapping **rest, except* over an ExceptionGroup, a metaclass __instancecheck__,
           __delattr__ restoring defaults, __defaults__, configparser ExtendedInterpolation,
           xml.parsers.expat handlers, difflib.ndiff, JSONDecoder.raw_decode, csv.Sniffer, enum.nonmember,
           inspect.getclosurevars, weakref.proxy, urllib.request.parse_keqv_list, posixpath.commonpath,
           memoryview.cast, traceback tb_frame.f_locals, sys._getframe(1).f_locals, a module object in
           sys.modules imported with from-import, types.FunctionType argument defaults,
           contextlib.AbstractContextManager, threading.Thread with join, name mangling, the keys() /
           __getitem__ mapping protocol under **, return in finally, `in` falling back to __iter__,
           metaclass __new__ / property / __iter__, a runtime_checkable Protocol, reversed() over a dict,
           Fraction.limit_denominator, statistics.multimode, f-string = specifiers, re.Match.expand,
           email Message.set_param / get_param, Ellipsis for every mesh axis, TypedDict __optional_keys__,
           abstract properties met by class attributes, list aliasing, function __annotations__, a
           mutable class attribute shared by instances, zip truncation)
           (score.py --only heldout14/);
  heldout15/ from bench/corpus/idioms_heldout15/: a fifteenth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism that the fourteen earlier sets do not use (tomllib.loads, json.loads
           object_hook, itertools.pairwise / filterfalse / permutations / repeat, functools.cmp_to_key,
           Counter.most_common, namedtuple _replace, dataclasses.fields metadata / astuple / make_dataclass /
           InitVar, dataclass subclasses overriding field defaults, object.__setattr__ in a frozen dataclass,
           str.casefold, str.rpartition, bytes.fromhex, int.bit_count, math.isqrt / gcd,
           statistics.median_high, Decimal.sqrt, re.findall groups, string.ascii_lowercase, vars(),
           types.MappingProxyType as a live view, a tuple subclass __new__, __hash__ / __eq__ dict keys,
           an instance __call__, __setitem__, __int__, slice.indices, len(range), the global statement,
           exec into a namespace, compile / eval, dict.popitem, set difference, filter(None, ...), chr / ord,
           bytearray item assignment, yield from return values, next() with a default, globals() lookup,
           inspect.getmembers, a seeded random.Random.sample, contextlib.suppress / nullcontext,
           metaclass __getitem__, __iadd__, tuple subscripts of a dict, pathlib.PurePosixPath parts,
           str.startswith with a tuple, list.insert)
           (score.py --only heldout15/);
  heldout16/ from bench/corpus/idioms_heldout16/: a sixteenth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism that the fifteen earlier sets do not use (operator.call, an
           `if __debug__:` branch, a function redefined by a later def, a def inside if / else, a for
           loop whose target is a dict item, re.sub with a backreference template, re.Scanner,
           difflib.SequenceMatcher.find_longest_match, textwrap.shorten, str.expandtabs into fixed
           columns, a json.JSONEncoder subclass's default, json.dumps sort_keys reordering, logging.Formatter
           over logging.makeLogRecord, a unittest.TestCase run by TestSuite.debug(), lru_cache
           cache_parameters(), inspect.unwrap, typing.assert_type, wsgiref.headers.Headers.get_all,
           email.utils.getaddresses, urllib.parse.urljoin, posixpath.normpath, math.factorial,
           statistics.harmonic_mean, __rmatmul__, __rpow__, __rand__, __rfloordiv__, __ixor__, __ilshift__,
           __itruediv__, __repr__ as a dict key, the ascii() builtin, sys.intern, a bool indexing a tuple,
           `a, b = b, a` swaps, `with ... as (a, b)` unpacking, a punycode codec round trip,
           date.isocalendar().week, a NameError fallback, an immediately called lambda, implicit
           concatenation of adjacent string literals, module-level rebinding after def, a property
           getter replaced with @Base.prop.getter, gettext.NullTranslations, weakref.WeakKeyDictionary,
           a hand-written __deepcopy__, typing.get_overloads, reversed() over __len__ / __getitem__)
           (score.py --only heldout16/);
  heldout17/ from bench/corpus/idioms_heldout17/: a seventeenth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism that the sixteen earlier sets do not use (a generator expression in a
           class body reading module globals, an if / else in a class body, a class defined inside a
           function, a metaclass __init__, function attributes on the kernel body, lambdas stored as class
           attributes called as bound methods, an instance attribute shadowing a class attribute, dict key
           re-insertion order, `d["axes"] += (...)` on a dict item, dict.update(pairs, **keywords), a starred
           subscript `t[*key]`, match with builtin class patterns (`case str(name)`), try / except
           ModuleNotFoundError import fallback, `value or default` for None / empty arguments, truthiness of
           the string "0", indexing bytes for an int, __or__, __iand__, __imul__, __rrshift__, __rlshift__,
           __ifloordiv__, a reflected __ge__ under `int <= obj`, the implicit __class__ cell in a method,
           Counter.subtract with unary +, sorted(set(...)), sorted(key=len, reverse=True),
           filter(str.isalpha, ...), set.issubset, str.split(maxsplit=1), json.loads object_pairs_hook /
           parse_int, ConfigParser converters= / getboolean, csv.DictWriter restval, argparse parents= and
           action="extend" with parse_known_args, a string.Formatter get_value override, heapq.heappushpop,
           statistics.mean, datetime.strptime, decimal.localcontext(prec=), difflib.unified_diff,
           namedtuple(rename=True), Counter.total(), ChainMap.new_child().parents, re.VERBOSE, re.split on a
           lookahead, Enum lookup by name, a shlex.shlex lexer with custom whitespace)
           (score.py --only heldout17/);
  heldout18/ from bench/corpus/idioms_heldout18/: an eighteenth such set, written by a helper that never
           read the analyser, its tests or its design notes: each file passes the values through one
           ordinary Python mechanism that the seventeen earlier sets do not use (__rmod__, __rxor__,
           __rdivmod__ under divmod(), __irshift__, __imod__, __ipow__, __imatmul__, a metaclass
           __subclasscheck__ under issubclass, __getnewargs__ under copy.copy of an int subclass, a cached
           instance from __new__ whose __init__ re-runs, an exception carrying its payload out of nested
           loops, set().union(*groups), functools.reduce(operator.and_, ...), filter with
           partial(operator.contains, ...) and partial(operator.is_not, None), min(key=operator.neg),
           functools.reduce(operator.lshift, ...), a dict keyed by operator.not_(flag), operator.index of a
           NumPy scalar, @enum.unique, @enum.verify(enum.CONTINUOUS) on an IntEnum, __import__ with fromlist,
           re.IGNORECASE, re.subn's count, shlex.join, str.rstrip(string.digits), a
           str.maketrans("", "", string.punctuation) deletion table, str.ljust fixed-width columns,
           jnp.iinfo / jnp.finfo bits, dataclass field(compare=False) in ==, heapq.nsmallest with a key,
           list.reverse() in place, dict(a.items() & b.items()), a match as-pattern around an or-pattern,
           default-argument binding time, stable two-pass sorting, a chained comparison, a dict display
           with a repeated key, max over (score, name) tuples, a for-loop target read after the loop,
           tuple.index with a start, del of a list slice, booleans summed as ints, dict inversion by a
           comprehension, a comprehension with two for clauses)
           (score.py --only heldout18/);
  jax/     from JAX's own code, never committed (OUT is git-ignored):
           tests/  multimem / multicast tests of tests/pallas/gpu_pallas_distributed_test.py
                   read from --jax-src (a JAX checkout, or the bare git directory that the
                   search tool's fetch makes), each test made a file that keeps the
                   harness (absltest, parameterized, jtu, the metaclass, self.kernel) and
                   runs that one test from its __main__ block;
           ops/    drivers of the installed jax.experimental.pallas.ops.gpu collectives
                   (reduce_scatter, all_gather): imported, or their source copied from
                   --site-packages into the file.
Each clean file gets mutants (mutate.py), at most --per-op per operator, sampled
with a fixed seed. Nothing here decides whether a file fails: label.py lowers them.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

from mutate import Mutant, mutants

HERE = Path(__file__).resolve().parent
DIST_TEST = "tests/pallas/gpu_pallas_distributed_test.py"
# Test classes whose methods use multimem / multicast, and their Warpgroup twins.
TEST_CLASSES = {
    "PallasCallMultimemTest": "PallasCallMultimemWGTest",
    "PallasCallMultimemThreadUnsafeTest": "PallasCallMultimemThreadUnsafeWGTest",
    "PallasCallRemoteDMATest": "PallasCallRemoteDMAWGTest",
}
MULTI_OPS = re.compile(r"multimem|multicast|reduce_scatter|all_gather")


def read_jax_file(jax_src: Path, rel: str) -> str:
    if (jax_src / rel).exists():
        return (jax_src / rel).read_text(encoding="utf-8")
    return subprocess.run(["git", f"--git-dir={jax_src}", "show", f"HEAD:{rel}"],
                          check=True, capture_output=True, text=True).stdout


def sample(found: list[Mutant], per_op: int, rng: random.Random) -> list[Mutant]:
    by_op: dict[str, list[Mutant]] = {}
    for mutant in found:
        by_op.setdefault(mutant.op, []).append(mutant)
    chosen = []
    for op in sorted(by_op):
        group = by_op[op]
        chosen += rng.sample(group, min(per_op, len(group)))
    return chosen


def write(path: Path, text: str, manifest: dict, info: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    manifest[str(path)] = info


# ---------------------------------------------------------------- idioms

def build_idioms(out: Path, per_op: int, rng: random.Random, manifest: dict,
                 source: str = "idioms", corpus: str = "idioms") -> None:
    """Clean idiom files of bench/corpus/SOURCE and their mutants, into OUT/CORPUS."""
    root = out / corpus
    for base in sorted((HERE / source).glob("*.py")):
        text = base.read_text(encoding="utf-8")
        write(root / base.name, text, manifest, {"base": base.stem, "op": "clean"})
        for k, mutant in enumerate(sample(mutants(text), per_op, rng)):
            write(root / f"{base.stem}__{mutant.op}_{k}.py", mutant.source, manifest,
                  {"base": base.stem, "op": mutant.op, "detail": mutant.detail})
    multifile = HERE / source / "multifile"
    for package in sorted(p for p in multifile.iterdir() if p.is_dir()) if multifile.is_dir() else ():
        files = sorted(package.rglob("*.py"))
        clean = root / "multifile" / package.name
        shutil.copytree(package, clean, dirs_exist_ok=True)
        manifest[str(clean / "main.py")] = {"base": package.name, "op": "clean"}
        k = 0
        for file in files:
            rel = file.relative_to(package)
            for mutant in sample(mutants(file.read_text(encoding="utf-8")), max(1, per_op // 2), rng):
                dest = root / "multifile" / f"{package.name}__{mutant.op}_{k}"
                shutil.copytree(package, dest, dirs_exist_ok=True)
                (dest / rel).write_text(mutant.source, encoding="utf-8")
                manifest[str(dest / "main.py")] = {"base": package.name, "op": mutant.op,
                                                   "detail": f"{rel}: {mutant.detail}"}
                k += 1


# ---------------------------------------------------------------- JAX's tests

def _param_sets(method: ast.FunctionDef, source: str) -> list[str]:
    """Argument lists (source text) of the method's @parameterized.parameters, or [''] if none."""
    for deco in method.decorator_list:
        if isinstance(deco, ast.Call) and ast.unparse(deco.func).endswith("parameterized.parameters"):
            calls = []
            for arg in deco.args:
                text = ast.get_source_segment(source, arg)
                if isinstance(arg, ast.Tuple):
                    calls.append(", ".join(ast.get_source_segment(source, e) for e in arg.elts))
                else:
                    calls.append(text)
            return calls
    return [""]


def _self_calls(method: ast.FunctionDef) -> set[str]:
    return {node.func.attr for node in ast.walk(method)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"}


def build_jax_tests(out: Path, jax_src: Path, per_op: int, max_params: int,
                    rng: random.Random, manifest: dict) -> None:
    source = read_jax_file(jax_src, DIST_TEST)
    tree = ast.parse(source)
    main_guard = next(node for node in tree.body if isinstance(node, ast.If)
                      and "__main__" in ast.unparse(node.test))
    lines = source.splitlines(keepends=True)
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef) or cls.name not in TEST_CLASSES:
            continue
        methods = {m.name: m for m in cls.body if isinstance(m, ast.FunctionDef)}
        for name, method in methods.items():
            if not name.startswith("test_"):
                continue
            helpers = [methods[h] for h in _self_calls(method) if h in methods]
            body_text = "".join(lines[method.lineno - 1:method.end_lineno]) + "".join(
                "".join(lines[h.lineno - 1:h.end_lineno]) for h in helpers)
            if not MULTI_OPS.search(body_text):
                continue
            params = [p for p in _param_sets(method, source) if "float8" not in p]
            params = rng.sample(params, min(max_params, len(params)))
            for variant in (cls.name, TEST_CLASSES[cls.name]):
                for p_index, args in enumerate(params):
                    text, ranges = _one_test_file(source, lines, method, helpers, main_guard, variant, args)
                    stem = f"{variant}.{name}" + (f".p{p_index}" if args else "")
                    write(out / "jax" / "tests" / f"{stem}.py", text, manifest,
                          {"base": stem, "op": "clean"})
                    found = sample([m for lo_hi in ranges for m in mutants(text, within=lo_hi)], 1, rng)
                    for k, mutant in enumerate(rng.sample(found, min(per_op, len(found)))):
                        write(out / "jax" / "tests" / f"{stem}__{mutant.op}_{k}.py", mutant.source, manifest,
                              {"base": stem, "op": mutant.op, "detail": mutant.detail})


def _one_test_file(source: str, lines: list[str], method: ast.FunctionDef, helpers: list[ast.FunctionDef],
                   main_guard: ast.If, variant: str, args: str) -> tuple[str, list[tuple[int, int]]]:
    """The test module with only this test's parameterization dropped and a __main__ that runs it.

    The decorator lines are blanked (not removed) so that every line keeps its number."""
    out = list(lines)
    for deco in method.decorator_list:
        for i in range(deco.lineno - 1, deco.end_lineno):
            out[i] = "\n"
    call = f"{variant}().{method.name}({args})"
    driver = textwrap.dedent(f"""\
        if __name__ == '__main__':
          # One test of the suite, run directly (setUp skips every test off a GPU).
          {call}
        """)
    text = "".join(out[:main_guard.lineno - 1]) + driver
    ranges = [(method.lineno, method.end_lineno)] + [(h.lineno, h.end_lineno) for h in helpers]
    # The harness line that picks the default lowering semantics is a knob of every test.
    meta = re.search(r"lowering_semantics=plgpu\.LoweringSemantics\.Lane", source)
    if meta:
        line = source[:meta.start()].count("\n") + 1
        ranges.append((line, line))
    return text, ranges


# ---------------------------------------------------------------- JAX's ops/gpu collectives

DRIVER = '''\
"""{doc}"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
{imports}
P = jax.sharding.PartitionSpec
AXIS = "x"
DTYPE = jnp.{dtype}
SHAPE = {shape}

{body}

@jax.jit
@functools.partial(jax.shard_map, mesh=jax.sharding.Mesh(np.array(jax.devices()[:2]), (AXIS,)),
                   in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False)
def collective(x):
    return {call}


if __name__ == "__main__":
    x = jnp.ones(SHAPE, DTYPE)
    print(collective(x))
'''

OPS_CASES = (
    ("reduce_scatter", "float16", "(2048, 64)",
     'reduce_scatter(x, axis_name=AXIS, scatter_dimension=0, reduction="add", vec_size=2, tile_size=1024, '
     'num_blocks=4)'),
    ("reduce_scatter", "float32", "(2048, 64)",
     'reduce_scatter(x, axis_name=AXIS, reduction="add", vec_size=None, tile_size=1024, num_blocks=4)'),
    ("reduce_scatter", "int32", "(2048, 64)",
     'reduce_scatter(x, axis_name=AXIS, reduction="max", tile_size=1024, num_blocks=4)'),
    ("reduce_scatter", "bfloat16", "(2, 1024, 1024)",
     'reduce_scatter(x, axis_name=AXIS, scatter_dimension=None, reduction="max", tile_size=512, '
     'num_blocks=4)'),
    ("all_gather", "float16", "(1024, 64)",
     'all_gather(x, axis_name=AXIS, gather_dimension=0, vec_size=4, tile_size=1024, num_blocks=4)'),
    ("all_gather", "int32", "(1024, 64)",
     'all_gather(x, axis_name=AXIS, vec_size=1, tile_size=1024, num_blocks=4)'),
)


def build_jax_ops(out: Path, site: Path, per_op: int, rng: random.Random, manifest: dict) -> None:
    ops_dir = site / "jax" / "experimental" / "pallas" / "ops" / "gpu"
    for index, (fn, dtype, shape, call) in enumerate(OPS_CASES):
        module = f"{fn}_mgpu"
        imported = DRIVER.format(
            doc=f"JAX's {fn} collective, imported from jax.experimental.pallas.ops.gpu, under shard_map.",
            imports=f"from jax.experimental.pallas.ops.gpu.{module} import {fn}\n",
            dtype=dtype, shape=shape, body="", call=call)
        copied_source = (ops_dir / f"{module}.py").read_text(encoding="utf-8")
        copied_tree = ast.parse(copied_source)
        function = next(n for n in copied_tree.body if isinstance(n, ast.FunctionDef) and n.name == fn)
        body = ast.get_source_segment(copied_source, function)
        module_imports = "".join(ast.get_source_segment(copied_source, n) + "\n" for n in copied_tree.body
                                 if isinstance(n, (ast.Import, ast.ImportFrom)))
        copied = DRIVER.format(
            doc=f"JAX's {fn} collective, its source copied into this file, under shard_map.",
            imports=module_imports,
            dtype=dtype, shape=shape, body=body, call=call)
        for form, text in (("imported", imported), ("copied", copied)):
            stem = f"{fn}.{form}.{index}"
            write(out / "jax" / "ops" / f"{stem}.py", text, manifest, {"base": stem, "op": "clean"})
            for k, mutant in enumerate(sample(mutants(text), per_op, rng)):
                write(out / "jax" / "ops" / f"{stem}__{mutant.op}_{k}.py", mutant.source, manifest,
                      {"base": stem, "op": mutant.op, "detail": mutant.detail})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--jax-src", type=Path, help="JAX checkout or bare git dir (for tests/)")
    ap.add_argument("--site-packages", type=Path, help="site-packages holding an installed jax (for ops/)")
    ap.add_argument("--per-op", type=int, default=1)
    ap.add_argument("--test-mutants", type=int, default=4, help="mutants per clean test file")
    ap.add_argument("--max-params", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    if a.out.exists():
        shutil.rmtree(a.out)
    rng = random.Random(a.seed)
    manifest: dict = {}
    build_idioms(a.out, a.per_op, rng, manifest)
    if a.jax_src:
        build_jax_tests(a.out, a.jax_src, a.test_mutants, a.max_params, rng, manifest)
    if a.site_packages:
        build_jax_ops(a.out, a.site_packages, a.per_op, rng, manifest)
    # Built last, so that adding it leaves the other corpora's sampled mutants as they were.
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout", corpus="heldout")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout2", corpus="heldout2")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout3", corpus="heldout3")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout4", corpus="heldout4")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout5", corpus="heldout5")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout6", corpus="heldout6")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout7", corpus="heldout7")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout8", corpus="heldout8")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout9", corpus="heldout9")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout10", corpus="heldout10")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout11", corpus="heldout11")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout12", corpus="heldout12")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout13", corpus="heldout13")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout14", corpus="heldout14")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout15", corpus="heldout15")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout16", corpus="heldout16")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout17", corpus="heldout17")
    build_idioms(a.out, a.per_op, rng, manifest, source="idioms_heldout18", corpus="heldout18")
    rel = {str(Path(p).relative_to(a.out)): info for p, info in manifest.items()}
    (a.out / "manifest.json").write_text(json.dumps(rel, indent=1, sort_keys=True))
    counts: dict[str, int] = {}
    for path in rel:
        top = "/".join(path.split("/")[:2]) if path.startswith("jax/") else path.split("/")[0]
        counts[top] = counts.get(top, 0) + 1
    print(json.dumps(counts, sort_keys=True), "total", len(rel))


if __name__ == "__main__":
    main()
