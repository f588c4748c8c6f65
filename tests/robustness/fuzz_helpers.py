"""Real kernel files and the mutations the robustness tests apply to them.

The corpus is the repository's fixtures (``tests/fixtures/single``) plus the
shared examples when they are present. Mutations are hypothesis strategies over
those texts: truncations, token edits, line edits, and the byte-level oddities
editors and file systems produce (CRLF, lone CR, tabs, NUL, a BOM, form feeds).
"""

from __future__ import annotations

import importlib.util
import io
import keyword
import tokenize
from functools import cache

from hypothesis import strategies as st
from support import EXAMPLES, REPO
from support import FIXTURES as FIXTURES_ROOT

FIXTURES = FIXTURES_ROOT / "single"

# Small files that exercise every rule: truncated at every character in test_analysis_fuzz.
TRUNCATED_FILES = ("allreduce_jit_no_mesh.py", "deep_launch_chain.py", "pallas_call_lane_ok.py")

# Tokens worth splicing into kernel code: syntax that opens or closes scopes, the
# JAX calls the rules read, and values of surprising types.
SPLICE_TOKENS = (
    "(", ")", "[", "]", "{", "}", ":", ",", ".", "=", "*", "**", "@", "\\\n", "\n", "\t", " ",
    "lambda", "yield", "await", "async", "return", "global x", "nonlocal x", "del", "if", "else",
    "for", "while", "with", "def", "class", "try:", "except", "pass", "...", "None", "True",
    "plgpu.multimem_store", "plgpu.multimem_load_reduce", "plgpu.layout_cast", "plgpu.kernel",
    "pl.pallas_call", "jax.shard_map", "jax.jit", "jax.make_mesh", "lax.axis_index",
    "collective_axes=", "mesh=", "reduction_op=", "vec_size=", "compiler_params=",
    "plgpu.Layout.WG_STRIDED", "plgpu.Layout.WG_SPLAT", "plgpu.LoweringSemantics.Lane",
    '"x"', "'dev'", '("a", "b")', "()", "[]", "{}", "0", "-1", "10**100", "1e308", "1j",
    "b'\\xff'", 'f"{x}"', "__name__", '"__main__"', "functools.partial", "*args", "**kw",
)


@cache
def corpus() -> tuple[tuple[str, str], ...]:
    """(name, text) of every real kernel file at hand, in a stable order."""
    files = sorted(FIXTURES.rglob("*.py"), key=lambda p: p.name)
    if EXAMPLES.is_dir():
        files += sorted(EXAMPLES.glob("*.py"))
    return tuple((path.name, path.read_text(encoding="utf-8")) for path in files)


def corpus_text(name: str) -> str:
    return dict(corpus())[name]


def tokens_of(text: str) -> list[tokenize.TokenInfo]:
    try:
        return list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return []


def offsets_of_tokens(text: str) -> list[tuple[int, int]]:
    """(start, end) character offsets of each token with a non-empty string."""
    line_starts = [0]
    for line in text.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    spans = []
    for token in tokens_of(text):
        if not token.string:
            continue
        (srow, scol), (erow, ecol) = token.start, token.end
        if srow - 1 >= len(line_starts) or erow - 1 >= len(line_starts):
            continue
        spans.append((line_starts[srow - 1] + scol, line_starts[erow - 1] + ecol))
    return spans


@st.composite
def token_edits(draw: st.DrawFn, text: str) -> str:
    """``text`` with 1-8 tokens deleted, replaced, duplicated, or spliced in."""
    spans = offsets_of_tokens(text)
    if not spans:
        return text
    for _ in range(draw(st.integers(1, 8))):
        start, end = spans[draw(st.integers(0, len(spans) - 1))]
        start, end = min(start, len(text)), min(end, len(text))
        kind = draw(st.sampled_from(("delete", "replace", "duplicate", "insert")))
        splice = draw(st.sampled_from(SPLICE_TOKENS))
        if kind == "delete":
            text = text[:start] + text[end:]
        elif kind == "replace":
            text = text[:start] + splice + text[end:]
        elif kind == "duplicate":
            text = text[:end] + text[start:end] + text[end:]
        else:
            text = text[:start] + splice + " " + text[start:]
    return text


_STRINGS = ('"x"', '"y"', '"dev"', '"data"', '"model"', "'i'", '""', '"a" "b"', "('x',)",
            '("x", "y")', '"__main__"', '"add"', '"max"', '"min"', '"float32"', '"bfloat16"')
_NUMBERS = ("0", "1", "2", "-1", "4", "8", "16", "128", "256", "3.5", "10**9", "True", "None")
_NAMES = ("plgpu", "pl", "jax", "jnp", "lax", "mesh", "x_ref", "y_ref", "kernel", "P", "SHAPE",
          "functools", "print", "tuple", "len", "None", "self", "undefined_name")


@st.composite
def value_edits(draw: st.DrawFn, text: str) -> str:
    """``text`` with 1-6 names, strings or numbers swapped for others of the same kind: the
    syntax mostly survives, so the interpreter and the rules see the change."""
    spans: dict[int, list[tuple[int, int, str]]] = {}
    line_starts = [0]
    for line in text.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    for token in tokens_of(text):
        if token.type in (tokenize.NAME, tokenize.STRING, tokenize.NUMBER) and \
                token.start[0] == token.end[0] and token.start[0] - 1 < len(line_starts):
            start = line_starts[token.start[0] - 1] + token.start[1]
            end = line_starts[token.end[0] - 1] + token.end[1]
            spans.setdefault(token.type, []).append((start, end, token.string))
    if not spans:
        return text
    names_here = sorted({word for _, _, word in spans.get(tokenize.NAME, [])
                         if word.isidentifier() and not keyword.iskeyword(word)})
    edits: dict[int, tuple[int, str]] = {}
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(sorted(spans)))
        start, end, word = draw(st.sampled_from(spans[kind]))
        if kind == tokenize.NAME:
            if keyword.iskeyword(word):
                continue
            pool = names_here + list(_NAMES)
        elif kind == tokenize.STRING:
            pool = list(_STRINGS)
        else:
            pool = list(_NUMBERS)
        edits[start] = (end, draw(st.sampled_from(pool)))
    for start in sorted(edits, reverse=True):
        end, new = edits[start]
        text = text[:start] + new + text[end:]
    return text


@st.composite
def line_edits(draw: st.DrawFn, text: str) -> str:
    """``text`` with lines deleted, duplicated, swapped, re-indented or moved."""
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    for _ in range(draw(st.integers(1, 6))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(("delete", "duplicate", "swap", "indent", "dedent", "move")))
        if kind == "delete":
            del lines[index]
        elif kind == "duplicate":
            lines.insert(index, lines[index])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif kind == "indent":
            lines[index] = draw(st.sampled_from(("    ", "\t", " ", "        "))) + lines[index]
        elif kind == "dedent":
            lines[index] = lines[index].lstrip(" \t")
        else:
            line = lines.pop(index)
            lines.insert(draw(st.integers(0, len(lines))), line)
    return "".join(lines)


@st.composite
def byte_oddities(draw: st.DrawFn, text: str) -> str:
    """Line ends, indentation and characters that editors and file systems produce."""
    kind = draw(st.sampled_from(("crlf", "cr", "tabs", "nul", "bom", "formfeed", "mixed_ends",
                                 "unicode", "no_final_newline", "trailing_ws")))
    if kind == "crlf":
        return text.replace("\n", "\r\n")
    if kind == "cr":
        return text.replace("\n", "\r")
    if kind == "tabs":
        return text.replace("    ", "\t")
    if kind == "nul":
        at = draw(st.integers(0, len(text)))
        return text[:at] + "\x00" + text[at:]
    if kind == "bom":
        return "\ufeff" + text
    if kind == "formfeed":
        return text.replace("\n\n", "\n\x0c\n", 1)
    if kind == "mixed_ends":
        lines = text.split("\n")
        ends = draw(st.lists(st.sampled_from(("\n", "\r\n", "\r")), min_size=len(lines),
                             max_size=len(lines)))
        return "".join(line + end for line, end in zip(lines, ends, strict=True))
    if kind == "unicode":
        at = draw(st.integers(0, len(text)))
        char = draw(st.sampled_from(("é", "😀", "\u2028", "\u200b", "ß", "名", "\ud7ff", "\x85")))
        return text[:at] + char + text[at:]
    if kind == "no_final_newline":
        return text.rstrip("\n")
    return text.replace("\n", "   \n")


def mutated_kernels() -> st.SearchStrategy[str]:
    """A real kernel file, mutated in one of the ways above (value edits twice as often:
    they keep the syntax, so they reach the interpreter and the rules)."""
    base = st.sampled_from([text for _, text in corpus()])

    def mutate(text: str) -> st.SearchStrategy[str]:
        return st.one_of(value_edits(text), value_edits(text), token_edits(text), line_edits(text),
                         byte_oddities(text))

    return base.flatmap(mutate)


def deep_nesting(kind: str, depth: int) -> str:
    """A kernel file whose launched kernel holds ``depth`` levels of one construct."""
    if kind == "binop":
        inner = "x_ref[...]" + " + x_ref[...]" * depth
    elif kind == "attribute":
        inner = "plgpu" + ".Layout" * depth
    elif kind == "call":
        inner = "f(" * min(depth, 190) + "x_ref" + ")" * min(depth, 190)
    elif kind == "tuple":
        inner = "(" * min(depth, 190) + '"dev",' + ")," * min(depth, 190)
        inner = inner.rstrip(",")
    elif kind == "not":
        inner = "not " * depth + "x_ref"
    elif kind == "lambda":
        inner = "lambda: " * depth + "x_ref"
    elif kind == "subscript":
        inner = "x_ref" + "[0]" * depth
    else:
        raise ValueError(kind)
    body = f"    y_ref[...] = {inner}\n"
    if kind == "tuple":
        body = f"    plgpu.multimem_store(x_ref, y_ref, collective_axes={inner})\n"
    return (
        "import jax\nimport jax.numpy as jnp\nfrom jax.experimental.pallas import mosaic_gpu as plgpu\n\n"
        "def f(v):\n    return v\n\n"
        f"def kernel(x_ref, y_ref):\n{body}\n"
        "if __name__ == \"__main__\":\n"
        "    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32))\n"
        "    jax.jit(call)(jnp.ones((128,), jnp.float32))\n"
    )


def nested_blocks(kind: str, depth: int) -> str:
    """Statements nested ``depth`` deep (the parser stops at 100 blocks, 200 parentheses)."""
    lines = []
    for level in range(depth):
        pad = "    " * level
        lines.append({
            "def": f"{pad}def f{level}(x_ref):",
            "if": f"{pad}if x_ref:",
            "with": f"{pad}with x_ref:",
            "class": f"{pad}class C{level}:",
        }[kind])
    lines.append("    " * depth + "plgpu.multimem_store(x_ref, x_ref, 'dev')")
    return "from jax.experimental.pallas import mosaic_gpu as plgpu\n" + "\n".join(lines) + "\n"


def huge_literals(kind: str) -> str:
    if kind == "string":
        literal = '"' + "a" * 2_000_000 + '"'
    elif kind == "int":
        literal = "1" * 4000  # under the 4,300-digit limit of int()
    elif kind == "big_int_over_limit":
        literal = "1" * 5000
    elif kind == "hex":
        literal = "0x" + "f" * 50_000
    elif kind == "list":
        literal = "[" + ", ".join(str(n) for n in range(100_000)) + "]"
    elif kind == "axes":
        literal = "(" + ", ".join(f'"a{n}"' for n in range(20_000)) + ")"
    elif kind == "bytes":
        literal = "b'" + "\\xff" * 200_000 + "'"
    else:
        raise ValueError(kind)
    return (
        "import jax\nimport jax.numpy as jnp\nfrom jax.experimental.pallas import mosaic_gpu as plgpu\n\n"
        f"AXES = {literal}\n\n"
        "def kernel(x_ref, y_ref):\n"
        "    plgpu.multimem_store(x_ref, y_ref, collective_axes=AXES)\n\n"
        "if __name__ == \"__main__\":\n"
        "    mesh = jax.make_mesh((2,), AXES)\n"
        "    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32))\n"
        "    jax.jit(jax.shard_map(call, mesh=mesh, in_specs=(), out_specs=(), check_vma=False))()\n"
    )


def generated_kernels(lines: int, seed: int = 0) -> str:
    """A realistic kernel module of ``lines`` lines, from bench/generate.py."""
    spec = importlib.util.spec_from_file_location("bench_generate", REPO / "bench" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generate(lines, seed=seed)
