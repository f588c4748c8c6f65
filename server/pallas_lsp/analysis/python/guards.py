"""Bounds on what one bridged call may build or run, checked before it runs.

Every input is already bounded (abstract values hold at most MAX_VALUE_ITEMS items and
strings of MAX_CONST_LENGTH characters), so a real call can only build something big or
run long from a *count* it is given: a width (``zfill``, ``ljust``, a format spec), a
repetition (``*``), an exponent or shift, a factorial, a regular expression that
backtracks. Those are estimated here from the arguments and the call is refused
(``real.Refused``: the value is unknown, no finding) beyond the budget; what the call
returns is bounded again when converted back (convert.py). No signal, no thread: the
time a call may take follows from its bounded inputs, callbacks are counted
(bridge.MAX_CALLBACKS) and lazy iterators are read at most real.MAX_ITERATED items.
"""

from __future__ import annotations

import array
import collections
import functools
import re
import string
import struct
from collections.abc import Callable

from . import allow, real
from .real import Refused

# The most characters / items / digits-in-bits one call may build before it is converted
# back (where MAX_CONST_LENGTH and the container caps then apply).
MAX_RESULT = 65536
MAX_COUNT = 65536  # an int given to a call that is no number (a width, a count, a size)
MAX_WIDTH = 4096  # a format field's width or precision
MAX_BITS = 65536  # an int result's size, estimated from its operands
MAX_REGEX_STEPS = 20_000_000  # len(subject) ** (unbounded repeats): a backtracking bound
MAX_PATTERN = 1024

Estimator = Callable[[list[object], dict[str, object]], None]


def refuse(reason: str) -> None:
    raise Refused(reason)


def size_of(value: object) -> int:
    """About how many characters ``value`` takes printed (what a format or join builds)."""
    if isinstance(value, (str, bytes, bytearray)):
        return len(value)
    if isinstance(value, bool) or value is None:
        return 5
    if isinstance(value, int):
        return value.bit_length() // 3 + 2
    if isinstance(value, (tuple, list, set, frozenset)):
        return 2 + sum(size_of(item) + 2 for item in value)
    if isinstance(value, dict):
        return 2 + sum(size_of(k) + size_of(v) + 4 for k, v in value.items())
    return 32


def _bits(value: object) -> int:
    if isinstance(value, bool):
        return 1
    if isinstance(value, int):
        return value.bit_length()
    return 64  # a float, a Fraction's parts are bounded by their own inputs


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check_counts(args: list[object], kwargs: dict[str, object]) -> None:
    """An int handed to a call that is no function of numbers is a size: bounded."""
    for value in [*args, *kwargs.values()]:
        number = _int(value)
        if number is not None and abs(number) > MAX_COUNT:
            refuse(f"a count of {number} is past the bridge's bound")


# ---------------------------------------------------------------- strings and sequences

def _width(args: list[object], kwargs: dict[str, object], position: int = 1) -> None:
    width = _int(args[position]) if len(args) > position else None
    if width is not None and width > MAX_RESULT:
        refuse("a width past the bridge's bound")


def _repeat(args: list[object], kwargs: dict[str, object]) -> None:
    """``seq * n`` / ``n * seq`` / ``operator.mul``: the product of the length and n; for ints,
    the bits of the product."""
    if len(args) != 2:
        return
    left, right = args
    for seq, count in ((left, right), (right, left)):
        number = _int(count)
        if isinstance(seq, (str, bytes, tuple, list, bytearray, array.array, collections.deque)) \
                and number is not None:
            if len(seq) * max(number, 0) > MAX_RESULT:
                refuse("a repetition past the bridge's bound")
            return
    if _int(left) is not None and _int(right) is not None and _bits(left) + _bits(right) > MAX_BITS:
        refuse("a product past the bridge's bound")


def _power(args: list[object], kwargs: dict[str, object]) -> None:
    if len(args) < 2 or (len(args) > 2 and args[2] is not None):
        return  # pow(a, b, m) is reduced modulo m
    base, exponent = _int(args[0]), _int(args[1])
    if base is not None and exponent is not None and exponent > 0 and abs(base) > 1 \
            and base.bit_length() * exponent > MAX_BITS:
        refuse("a power past the bridge's bound")


def _shift(args: list[object], kwargs: dict[str, object]) -> None:
    if len(args) == 2 and _int(args[1]) is not None and _bits(args[0]) + max(args[1], 0) > MAX_BITS:  # type: ignore[operator]
        refuse("a shift past the bridge's bound")


def _factorial(args: list[object], kwargs: dict[str, object]) -> None:
    if args and _int(args[0]) is not None and args[0] > 4096:  # type: ignore[operator]
        refuse("a factorial past the bridge's bound")


def _comb(args: list[object], kwargs: dict[str, object]) -> None:
    if args and _int(args[0]) is not None and args[0] > 16384:  # type: ignore[operator]
        refuse("a binomial past the bridge's bound")


def _sum_of_bits(args: list[object], kwargs: dict[str, object]) -> None:
    items = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
    if sum(_bits(item) for item in items) > MAX_BITS:
        refuse("a product past the bridge's bound")


def _replace(args: list[object], kwargs: dict[str, object]) -> None:
    if len(args) >= 3 and isinstance(args[0], (str, bytes)) and isinstance(args[2], (str, bytes)) \
            and len(args[0]) + (len(args[0]) + 1) * len(args[2]) > MAX_RESULT:
        refuse("a replacement past the bridge's bound")


def _join(args: list[object], kwargs: dict[str, object]) -> None:
    if len(args) == 2 and isinstance(args[0], (str, bytes)):
        items = args[1]
        if not isinstance(items, (tuple, list)):
            refuse("join of an iterable of unknown length")  # bridge materialises it first
        if len(args[0]) * len(items) + sum(size_of(item) for item in items) > MAX_RESULT:  # type: ignore[arg-type]
            refuse("a join past the bridge's bound")


def _expandtabs(args: list[object], kwargs: dict[str, object]) -> None:
    tab = _int(args[1]) if len(args) > 1 else _int(kwargs.get("tabsize", 8))
    if isinstance(args[0], (str, bytes)) and tab is not None and len(args[0]) * max(tab, 1) > MAX_RESULT:
        refuse("expanded tabs past the bridge's bound")


def _indent(args: list[object], kwargs: dict[str, object]) -> None:
    if len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str) \
            and len(args[0]) + (args[0].count("\n") + 1) * len(args[1]) > MAX_RESULT:
        refuse("an indent past the bridge's bound")


def _json_dumps(args: list[object], kwargs: dict[str, object]) -> None:
    indent = kwargs.get("indent")
    if (_int(indent) is not None and indent > 16) or (isinstance(indent, str) and len(indent) > 16):  # type: ignore[operator]
        refuse("a JSON indent past the bridge's bound")
    separators = kwargs.get("separators")
    if isinstance(separators, tuple) and sum(size_of(part) for part in separators) > 16:
        refuse("JSON separators past the bridge's bound")


def _translate(args: list[object], kwargs: dict[str, object]) -> None:
    """``s.translate(table)``: each character may become the longest string of the table."""
    if len(args) == 2 and isinstance(args[0], str) and isinstance(args[1], dict):
        longest = max((size_of(value) for value in args[1].values()), default=1)
        if len(args[0]) * max(longest, 1) > MAX_RESULT:
            refuse("a translation past the bridge's bound")


def _wrap(args: list[object], kwargs: dict[str, object]) -> None:
    """``textwrap.wrap`` / ``fill``: each line may start with the indents."""
    text = args[0] if args and isinstance(args[0], str) else ""
    indents = sum(size_of(kwargs.get(key, "")) for key in ("initial_indent", "subsequent_indent",
                                                             "placeholder"))
    if len(text) * (1 + indents) > MAX_RESULT:
        refuse("wrapped text past the bridge's bound")
    check_counts(args[1:], {})


# ---------------------------------------------------------------- formatting

_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?[hlL]?[a-zA-Z%]")


def _format_args_size(values: list[object]) -> int:
    return max((size_of(value) for value in values), default=0)


def check_format(text: str, values: list[object]) -> None:
    """``str.format`` / ``format_map`` / ``format()``: no attribute access in a field (it could
    reach past the stand-ins), no nested replacement in a spec (a width computed at the
    call), every width and precision bounded, and the result estimated."""
    fields = 0
    widths = 0
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return  # Python raises the same ValueError: the bridged call refuses it
    for _literal, name, spec, _conversion in parsed:
        if name is None:
            continue
        fields += 1
        if "." in name or "{" in (spec or ""):
            refuse("a format field reads an attribute or a computed width")
        widths += _spec_width(spec or "")
    if len(text) + widths + fields * _format_args_size(values) > MAX_RESULT:
        refuse("a format result past the bridge's bound")


def _spec_width(spec: str) -> int:
    total = 0
    for digits in re.findall(r"\d+", spec):
        if len(digits) > 5 or int(digits) > MAX_WIDTH:
            refuse("a format width past the bridge's bound")
        total += int(digits)
    return total


def check_percent(text: str, values: object) -> None:
    """``"%s" % x``: no ``*`` width (read from the arguments), bounded widths, the result
    estimated."""
    fields = 0
    widths = 0
    for match in _PERCENT_SPEC.finditer(text):
        fields += 1
        for group in match.groups():
            if group == "*":
                refuse("a %-format width read from the arguments")
            if group:
                widths += _spec_width(group)
    items = list(values) if isinstance(values, tuple) else [values]
    if isinstance(values, dict):
        items = list(values.values())
    if len(text) + widths + fields * _format_args_size(items) > MAX_RESULT:
        refuse("a %-format result past the bridge's bound")


def _format_method(args: list[object], kwargs: dict[str, object]) -> None:
    if args and isinstance(args[0], str):
        values = [*args[1:], *kwargs.values()]
        if len(args) == 2 and isinstance(args[1], dict):
            values = list(args[1].values())
        check_format(args[0], values)


def _format_builtin(args: list[object], kwargs: dict[str, object]) -> None:
    spec = args[1] if len(args) > 1 else kwargs.get("format_spec", "")
    if isinstance(spec, str):
        check_format("{:" + spec.replace("{", "").replace("}", "") + "}", args[:1])


def _modulo(args: list[object], kwargs: dict[str, object]) -> None:
    if len(args) == 2 and isinstance(args[0], (str, bytes)):
        text = args[0] if isinstance(args[0], str) else args[0].decode("latin-1")
        check_percent(text, args[1])


def _template(args: list[object], kwargs: dict[str, object]) -> None:
    template = args[0] if args else None
    text = getattr(template, "template", None)
    if isinstance(text, str):
        values = [*args[1:], *kwargs.values()]
        mapping = values[0] if values and isinstance(values[0], dict) else None
        sizes = [size_of(v) for v in (mapping.values() if mapping is not None else values)]
        if len(text) + text.count("$") * max(sizes, default=0) > MAX_RESULT:
            refuse("a template result past the bridge's bound")


# ---------------------------------------------------------------- regular expressions

def check_regex(pattern: object, subject: object, replacement: object = None, flags: object = 0) -> None:
    """A pattern whose matching may backtrack for long is refused: a variable repeat inside
    a variable repeat, a back reference, or len(subject) ** (variable repeats) past
    MAX_REGEX_STEPS. The pattern is read with its flags (a compiled one's own, else
    ``flags``: ``re.VERBOSE`` drops whitespace and comments). A repeat of one character
    that what follows it cannot start with (``\\w+\\s*@``) never backtracks into more than
    a linear scan (``_linear_repeats``): it counts once for all of them, not as a factor."""
    text = getattr(pattern, "pattern", pattern)
    if not isinstance(text, (str, bytes)):
        return
    if len(text) > MAX_PATTERN:
        refuse("a pattern past the bridge's bound")
    from re import _parser  # type: ignore[attr-defined]

    flags = getattr(pattern, "flags", flags)
    try:
        parsed = _parser.parse(text, flags if isinstance(flags, int) else 0)
    except Exception:
        return
    linear = _linear_repeats(parsed, isinstance(text, str))
    repeats = _repeats(parsed, inside=False, linear=linear)
    length = len(subject) if isinstance(subject, (str, bytes)) else 0
    if max(length, 2) ** max(repeats + (1 if linear else 0), 1) * max(len(linear), 1) > MAX_REGEX_STEPS:
        refuse("a pattern that may backtrack for long")
    if isinstance(replacement, (str, bytes)) and length + (length + 1) * len(replacement) > MAX_RESULT:
        refuse("a substitution past the bridge's bound")


_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")


def _children(argument: object) -> list[object]:
    if hasattr(argument, "data"):
        return [argument]
    found: list[object] = []
    if isinstance(argument, (tuple, list)):
        for part in argument:
            found.extend(_children(part))
    return found


def _repeats(sub: object, *, inside: bool, linear: frozenset[int] = frozenset()) -> int:
    """Variable repeats in a parsed pattern, a fixed repeat counting its inner ones as many
    times as it repeats them (``(a?){30}`` backtracks like 30 of them); refuses a variable
    repeat inside another, an alternation inside a variable repeat (``(a|aa)*``) and back
    references. A repeat in ``linear`` (by id of its argument) counts no factor."""
    count = 0
    for op, argument in sub.data:  # type: ignore[attr-defined]
        name = str(op)
        if name.startswith("GROUPREF"):
            refuse("a back reference")
        if name == "BRANCH" and inside:
            refuse("an alternation inside a repeat")
        if name in _REPEATS:
            low, high, inner = argument
            variable = high != low
            if inside and variable:
                refuse("a repeat inside a repeat")
            inner_count = _repeats(inner, inside=inside or variable, linear=linear)
            count += int(variable and id(argument) not in linear) + (
                inner_count if variable else inner_count * min(low, 1 << 16))
            continue
        for child in _children(argument):
            count += _repeats(child, inside=inside, linear=linear)
    return count


_ONE_CHARACTER = ("LITERAL", "NOT_LITERAL", "IN", "ANY")
# Character classes no character belongs to both of, whatever the flags (\\w is alphanumeric
# or "_", \\d a decimal digit, \\s whitespace).
_DISJOINT_CATEGORIES = frozenset({("CATEGORY_WORD", "CATEGORY_SPACE"), ("CATEGORY_DIGIT", "CATEGORY_SPACE")})
MAX_ENUMERATED = 1024  # characters of a class of literals and ranges tested one by one


def _flat(sub: object) -> list[tuple[object, object]]:
    """The items of a sequence, a group's own items in its place (a group that sets no flag:
    it matches as its items would)."""
    items: list[tuple[object, object]] = []
    for op, argument in sub.data:  # type: ignore[attr-defined]
        if str(op) == "SUBPATTERN" and not argument[1] and not argument[2]:  # type: ignore[index]
            items.extend(_flat(argument[3]))  # type: ignore[index]
        else:
            items.append((op, argument))
    return items


def _single(item: tuple[object, object]) -> tuple[object, object] | None:
    """The one-character item a repeat repeats (``\\w`` of ``\\w+``), or the item itself."""
    op, argument = item
    if str(op) in _REPEATS:
        inner = argument[2].data  # type: ignore[index]
        return inner[0] if len(inner) == 1 and str(inner[0][0]) in _ONE_CHARACTER else None
    return item if str(op) in _ONE_CHARACTER else None


def _linear_repeats(parsed: object, text: bool) -> frozenset[int]:
    """The variable repeats of one character (by id of their argument) at the pattern's top
    level that what follows them cannot start with: the characters the next items can match
    first (through repeats that may match nothing, up to one that must match) share none
    with the repeated one, so giving one back never lets the rest match: each is a linear
    scan, never a factor. A repeat followed by anything else (an anchor, an alternation, the
    end) is not one of them."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    items = _flat(parsed)
    state = parsed.state  # type: ignore[attr-defined]
    found: set[int] = set()
    for index, (op, argument) in enumerate(items):
        if str(op) not in ("MAX_REPEAT", "MIN_REPEAT") or argument[0] == argument[1]:  # type: ignore[index]
            continue
        repeated = _single((op, argument))
        if repeated is None:
            continue
        follow: list[tuple[object, object]] = []
        closed = False
        for following in items[index + 1:]:
            first = _single(following)
            if first is None:
                break
            follow.append(first)
            if str(following[0]) not in _REPEATS or following[1][0] >= 1:  # type: ignore[index]
                closed = True
                break
        try:
            if closed and all(_disjoint(repeated, other, state, text, _compiler, _parser)
                              for other in follow):
                found.add(id(argument))
        except Exception:
            continue
    return frozenset(found)


def _characters(item: tuple[object, object]) -> list[int] | None:
    """The code points of a class of literals and ranges; None for any other."""
    op, argument = item
    if str(op) == "LITERAL":
        return [argument]  # type: ignore[list-item]
    if str(op) != "IN":
        return None
    codes: list[int] = []
    for part, value in argument:  # type: ignore[attr-defined]
        if str(part) == "LITERAL":
            codes.append(value)
        elif str(part) == "RANGE" and value[1] - value[0] < MAX_ENUMERATED:
            codes.extend(range(value[0], value[1] + 1))
        else:
            return None
        if len(codes) > MAX_ENUMERATED:
            return None
    return codes


def _categories(item: tuple[object, object]) -> list[str] | None:
    op, argument = item
    if str(op) != "IN" or not all(str(part) == "CATEGORY" for part, _ in argument):  # type: ignore[attr-defined]
        return None
    return [str(value) for _, value in argument]  # type: ignore[attr-defined]


def _disjoint(one: tuple[object, object], other: tuple[object, object], state: object, text: bool,
              compiler: object, parser: object) -> bool:
    """Whether no character matches both one-character items: a class of literals and
    ranges tested character by character against the other, compiled with the pattern's
    flags (case folding included); two classes of categories by _DISJOINT_CATEGORIES."""
    for finite, rest in ((one, other), (other, one)):
        codes = _characters(finite)
        if codes is not None:
            matcher = compiler.compile(parser.SubPattern(state, [rest]), state.flags)  # type: ignore[attr-defined]
            return not any(matcher.fullmatch(chr(code) if text else bytes([code])) for code in codes)
    first, second = _categories(one), _categories(other)
    if first is None or second is None:
        return False
    return all((a, b) in _DISJOINT_CATEGORIES or (b, a) in _DISJOINT_CATEGORIES
               for a in first for b in second)


def _re_function(args: list[object], kwargs: dict[str, object], *, subject_at: int = 1,
                 replacement_at: int | None = None, flags_at: int | None = None) -> None:
    pattern = args[0] if args else kwargs.get("pattern")
    subject = args[subject_at] if len(args) > subject_at else kwargs.get("string")
    replacement = args[replacement_at] if replacement_at is not None and len(args) > replacement_at else None
    flags = args[flags_at] if flags_at is not None and len(args) > flags_at else kwargs.get("flags", 0)
    check_regex(pattern, subject, replacement, flags)


def _re_call(subject_at: int, replacement_at: int | None = None, flags_at: int | None = None) -> Estimator:
    return lambda args, kwargs: _re_function(args, kwargs, subject_at=subject_at,
                                             replacement_at=replacement_at, flags_at=flags_at)


class MethodCaller:
    """``operator.methodcaller(name, *args)`` whose call is guarded like the method called
    directly: ``methodcaller("zfill", 10**11)("x")`` is refused as ``"x".zfill(10**11)`` is.
    No private name: it could reach a real object's insides."""

    __slots__ = ("args", "kwargs", "name")

    def __init__(self, name: str, /, *args: object, **kwargs: object) -> None:
        if not isinstance(name, str) or name.startswith("_"):
            refuse("a private method name")
        self.name, self.args, self.kwargs = name, args, kwargs

    def __call__(self, target: object) -> object:
        check_call(f"{type(target).__name__}.{self.name}", [target, *self.args], dict(self.kwargs))
        return getattr(target, self.name)(*self.args, **self.kwargs)


# Allow-listed callables replaced by a guarded equivalent when the bridge runs them.
SUBSTITUTES: dict[str, object] = {"operator.methodcaller": MethodCaller}
real.EXTRA_KEPT.add(MethodCaller)


def _attrgetter(args: list[object], kwargs: dict[str, object]) -> None:
    for value in args:
        if isinstance(value, str) and (value.startswith("_") or "._" in value):
            refuse("a private attribute name")


def _product(args: list[object], kwargs: dict[str, object]) -> None:
    repeat = _int(kwargs.get("repeat", 1))
    if repeat is not None and repeat > 64:
        refuse("a product repeat past the bridge's bound")


def _bytes_of_size(args: list[object], kwargs: dict[str, object]) -> None:
    if args and _int(args[0]) is not None and args[0] > MAX_RESULT:  # type: ignore[operator]
        refuse("a buffer past the bridge's bound")


def _to_bytes(args: list[object], kwargs: dict[str, object]) -> None:
    length = _int(args[1]) if len(args) > 1 else _int(kwargs.get("length", 1))
    if length is not None and length > MAX_RESULT:
        refuse("a buffer past the bridge's bound")


MAX_MATCH_WORK = 4_000_000  # characters compared by difflib: len(word) * len(candidate), summed


def _close_matches(args: list[object], kwargs: dict[str, object]) -> None:
    """difflib's matcher takes time about the product of the two strings' lengths, for each
    candidate: refused past MAX_MATCH_WORK."""
    word = args[0] if args else kwargs.get("word")
    candidates = args[1] if len(args) > 1 else kwargs.get("possibilities")
    if not isinstance(word, (str, bytes)) or not isinstance(candidates, (list, tuple, set, frozenset)):
        refuse("close matches of something other than a known word and known candidates")
    work = sum(len(word) * (len(c) if isinstance(c, (str, bytes)) else MAX_MATCH_WORK)  # type: ignore[arg-type]
               for c in candidates)  # type: ignore[union-attr]
    if work > MAX_MATCH_WORK:
        refuse("close matches past the bridge's bound")


def _diff_size(seq: object) -> int:
    """What difflib's matching costs per item of ``seq``: one for a string's character or an
    item, a line's characters for a sequence of lines (ndiff compares the lines of a replaced
    block character by character). Past the bound for anything not a known sequence."""
    if isinstance(seq, (str, bytes)):
        return len(seq)
    if isinstance(seq, (list, tuple)):
        return sum(1 + (len(item) if isinstance(item, (str, bytes)) else 0) for item in seq)
    return MAX_MATCH_WORK + 1


def _diff_pair(a: object, b: object) -> None:
    """difflib's matcher (SequenceMatcher, and the Differ / ndiff / unified_diff built on it)
    takes time about the product of the two sequences' sizes: refused past MAX_MATCH_WORK."""
    if _diff_size(a) * _diff_size(b) > MAX_MATCH_WORK:
        refuse("a diff past the bridge's bound")


def _matcher(args: list[object], kwargs: dict[str, object]) -> None:
    """``SequenceMatcher(isjunk, a, b, autojunk)``: the pair it will match."""
    _diff_pair(args[1] if len(args) > 1 else kwargs.get("a", ""),
               args[2] if len(args) > 2 else kwargs.get("b", ""))


def _matcher_set(which: str) -> Callable[[list[object], dict[str, object]], None]:
    """``m.set_seqs(a, b)`` / ``set_seq1(a)`` / ``set_seq2(b)``: the pair the matcher holds after."""
    def estimate(args: list[object], kwargs: dict[str, object]) -> None:
        receiver = args[0] if args else None
        given = [*args[1:], *kwargs.values()]
        a = given[0] if which in ("seqs", "1") and given else getattr(receiver, "a", None)
        b = (given[-1] if which in ("seqs", "2") and given else getattr(receiver, "b", None))
        _diff_pair(a, b)
    return estimate


def _diff_lines(first: int) -> Callable[[list[object], dict[str, object]], None]:
    """``ndiff(a, b)`` / ``unified_diff(a, b, ...)`` / ``Differ.compare(a, b)`` (``first``: where
    ``a`` is among the arguments)."""
    def estimate(args: list[object], kwargs: dict[str, object]) -> None:
        a = args[first] if len(args) > first else kwargs.get("a")
        b = args[first + 1] if len(args) > first + 1 else kwargs.get("b")
        _diff_pair(a, b)
    return estimate


def _struct_format(args: list[object], kwargs: dict[str, object]) -> None:
    """struct's calls: the bytes their format packs, read with ``struct.calcsize`` (which
    allocates nothing), bounded; ``"999999999x"`` would allocate before any result is seen."""
    fmt = args[0] if args else kwargs.get("format")
    if not isinstance(fmt, (str, bytes)) or len(fmt) > MAX_PATTERN:
        refuse("a struct format the bridge does not size")
    try:
        size = struct.calcsize(fmt)  # type: ignore[arg-type]
    except (struct.error, OverflowError, ValueError, TypeError):
        return  # the real call raises the same error, which the bridge reports as it does
    if size > MAX_RESULT:
        refuse("a struct format past the bridge's bound")


def _queue_get(args: list[object], kwargs: dict[str, object]) -> None:
    """``q.get()`` of an empty queue blocks until another thread puts (forever in a program
    of one thread; ``timeout=`` waits that long): refused, whatever the blocking arguments."""
    receiver = args[0] if args else None
    empty = getattr(receiver, "empty", None)
    if not callable(empty) or empty():
        refuse("a get of an empty queue would block")


def _queue_put(args: list[object], kwargs: dict[str, object]) -> None:
    """``q.put(x)`` into a full bounded queue blocks the same way."""
    receiver = args[0] if args else None
    full = getattr(receiver, "full", None)
    if full is not None and (not callable(full) or full()):
        refuse("a put into a full queue would block")


def _queue_join(args: list[object], kwargs: dict[str, object]) -> None:
    if getattr(args[0] if args else None, "unfinished_tasks", 1):
        refuse("a join of a queue with unfinished tasks would block")


_QUEUES = ("Queue", "LifoQueue", "PriorityQueue", "SimpleQueue")

# What random.Random seeds from deterministically (Python 3.11 refuses every other type).
_SEEDS = (int, float, str, bytes, bytearray)


def _random_seed(args: list[object], kwargs: dict[str, object], position: int = 0) -> None:
    """``random.Random(seed)`` / ``r.seed(seed)``: a seed left out or None is the OS's
    randomness (or the clock), which the real run draws anew: refused."""
    seed = args[position] if len(args) > position else kwargs.get("a", kwargs.get("x"))
    if not isinstance(seed, _SEEDS):
        refuse("a random generator seeded by the OS")


def _shlex(args: list[object], kwargs: dict[str, object]) -> None:
    """``shlex.shlex(instream, infile, posix, punctuation_chars)``: over a string the program
    gives (read through the lexer's own io.StringIO), not stdin (no stream) or a stream."""
    text = args[0] if args else kwargs.get("instream")
    if not isinstance(text, str):
        refuse("a shlex lexer over stdin or a stream")
    if len(text) > MAX_RESULT:  # type: ignore[arg-type]
        refuse("a shlex lexer over a long text")


def _refused(reason: str) -> Estimator:
    def estimate(args: list[object], kwargs: dict[str, object]) -> None:
        refuse(reason)
    return estimate


# The core types whose `*` repeats (a sequence) or multiplies (an int): their __mul__ / __rmul__.
_REPEATED = ("str", "bytes", "bytearray", "tuple", "list", "int", "bool")

# By the canonical name's last parts: the method of any core type, or a module's function.
ESTIMATORS: dict[str, Estimator] = {
    **dict.fromkeys(("str.zfill", "bytes.zfill", "bytearray.zfill", "str.ljust", "str.rjust",
                     "str.center", "bytes.ljust", "bytes.rjust", "bytes.center"), _width),
    **dict.fromkeys(("operator.mul", "operator.imul", *(
        f"{kind}.{method}" for kind in _REPEATED for method in ("__mul__", "__rmul__"))), _repeat),
    **dict.fromkeys(("operator.pow", "operator.ipow", "builtins.pow", "int.__pow__", "bool.__pow__"), _power),
    **dict.fromkeys(("operator.lshift", "operator.ilshift", "int.__lshift__", "bool.__lshift__"), _shift),
    "math.factorial": _factorial, "math.comb": _comb, "math.perm": _comb,
    "math.prod": _sum_of_bits, "math.lcm": _sum_of_bits,
    **dict.fromkeys(("str.replace", "bytes.replace"), _replace),
    **dict.fromkeys(("str.join", "bytes.join"), _join),
    **dict.fromkeys(("str.expandtabs", "bytes.expandtabs"), _expandtabs),
    "textwrap.indent": _indent,
    **dict.fromkeys(("textwrap.wrap", "textwrap.fill", "textwrap.shorten"), _wrap),
    "str.translate": _translate,
    "json.dumps": _json_dumps,
    **dict.fromkeys(("str.format", "str.format_map"), _format_method),
    "builtins.format": _format_builtin,
    **dict.fromkeys(("operator.mod", "operator.imod", "str.__mod__", "bytes.__mod__"), _modulo),
    **dict.fromkeys(("Template.substitute", "Template.safe_substitute"), _template),
    **dict.fromkeys(("re.match", "re.fullmatch", "re.search", "re.findall", "re.finditer"),
                    _re_call(1, flags_at=2)),
    "re.split": _re_call(1, flags_at=3),
    **dict.fromkeys(("re.sub", "re.subn"), _re_call(2, 1, flags_at=4)),
    "re.compile": _re_call(99, flags_at=1),
    **dict.fromkeys(("Pattern.match", "Pattern.fullmatch", "Pattern.search", "Pattern.split",
                     "Pattern.findall", "Pattern.finditer"), _re_call(1)),
    **dict.fromkeys(("Pattern.sub", "Pattern.subn"), _re_call(2, 1)),
    "operator.attrgetter": _attrgetter,
    "itertools.product": _product,
    **dict.fromkeys(("builtins.bytes", "builtins.bytearray"), _bytes_of_size),
    "int.to_bytes": _to_bytes,
    **dict.fromkeys(("struct.pack", "struct.unpack", "struct.unpack_from", "struct.iter_unpack",
                     "struct.calcsize", "struct.Struct"), _struct_format),
    "difflib.get_close_matches": _close_matches,
    "difflib.SequenceMatcher": _matcher,
    "SequenceMatcher.set_seqs": _matcher_set("seqs"),
    "SequenceMatcher.set_seq1": _matcher_set("1"),
    "SequenceMatcher.set_seq2": _matcher_set("2"),
    **dict.fromkeys(("difflib.ndiff", "difflib.unified_diff", "difflib.context_diff"), _diff_lines(0)),
    "Differ.compare": _diff_lines(1),
    **dict.fromkeys((f"{kind}.{method}" for kind in _QUEUES for method in ("get", "get_nowait")),
                    _queue_get),
    **dict.fromkeys((f"{kind}.{method}" for kind in _QUEUES for method in ("put", "put_nowait")),
                    _queue_put),
    **dict.fromkeys((f"{kind}.join" for kind in _QUEUES), _queue_join),
    "random.Random": _random_seed,
    "shlex.shlex": _shlex,
    **dict.fromkeys(("shlex.sourcehook", "shlex.push_source", "shlex.pop_source"),
                    _refused("a shlex lexer's file inclusion: sourcehook opens the file it names")),
    "Random.seed": lambda args, kwargs: _random_seed(args, kwargs, 1),
}


def check(key: str, numeric: bool, args: list[object], kwargs: dict[str, object]) -> None:
    """Refuse the call ``key`` (``"str.zfill"``, ``"math.factorial"``, ``"Pattern.sub"``) when
    its result or its running time would be past the bridge's bounds."""
    estimator = ESTIMATORS.get(key)
    if estimator is not None:
        estimator(args, kwargs)
    elif not numeric:
        check_counts(args, kwargs)


# Builtins whose int arguments are numbers rather than sizes.
_NUMERIC_BUILTINS = frozenset({"abs", "divmod", "pow", "round", "int", "float", "complex", "bin", "hex",
                               "oct", "chr", "sum", "min", "max", "bool", "format"})
_NUMERIC_TYPES = frozenset({"int", "float", "complex", "bool"})
# Method names whose receiver must be materialised before its guard can estimate it.
MATERIALISED = frozenset({"str.join", "bytes.join"})


@functools.lru_cache(maxsize=4096)
def guard_key(name: str) -> str:
    """``builtins.str.zfill`` -> ``str.zfill``; ``math.factorial`` stays."""
    return name[len("builtins."):] if name.startswith("builtins.") and name.count(".") == 2 else name


@functools.lru_cache(maxsize=4096)
def is_numeric(name: str) -> bool:
    if name.startswith("builtins."):
        parts = name.split(".")
        return (len(parts) == 2 and parts[1] in _NUMERIC_BUILTINS) or (
            len(parts) == 3 and parts[1] in _NUMERIC_TYPES)
    return allow.numeric(name)


# Checks of every call by its canonical name (stdlib_guards.check_decimal_context).
CALL_CHECKS: list[Callable[[str, list[object], dict[str, object]], None]] = []


def check_call(name: str, args: list[object], kwargs: dict[str, object]) -> None:
    """The guards of ``name`` on real arguments (also for a real callable real code calls)."""
    for extra in CALL_CHECKS:
        extra(name, args, kwargs)
    key = guard_key(name)
    if key in MATERIALISED and len(args) == 2 and not isinstance(args[1], (tuple, list)):
        refuse("join of an iterable not materialised")
    check(key, is_numeric(name), args, kwargs)


