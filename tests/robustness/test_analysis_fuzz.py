"""analyze() on broken, odd and huge input: never raises, always an Analysis.

Every input here comes from real kernel files (the fixtures and shared
examples), mutated. Each property also checks the Analysis is usable by the
adapters: spans inside the file, a syntax error xor findings, a stop note only
as a string. No test asserts a duration; a budget that runs out shows as
``Analysis.stopped``.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz_helpers import (
    TRUNCATED_FILES,
    corpus,
    corpus_text,
    deep_nesting,
    generated_kernels,
    huge_literals,
    mutated_kernels,
    nested_blocks,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pallas_lsp.analysis import RULES, Analysis, Options, TextEdit, analyze
from support import server_env

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def line_count(text: str) -> int:
    """Lines as Python's tokenizer counts them (\\n, \\r\\n and a lone \\r end a line)."""
    return len(_LINE_BREAK.findall(text)) + 1


def check_sound(analysis: object, text: str) -> None:
    """What every adapter relies on, whatever the input."""
    assert isinstance(analysis, Analysis)
    assert analysis.stopped is None or isinstance(analysis.stopped, str)
    if analysis.syntax_error is not None:
        assert not analysis.findings
        span = analysis.syntax_error.span
        assert 1 <= span.line <= line_count(text) + 1 and span.col >= 0
        return
    lines = line_count(text)
    for finding in analysis.findings:
        assert finding.code in RULES
        assert finding.message
        span = finding.span
        assert span.path is None
        assert 1 <= span.line <= span.end_line <= lines, (finding.code, span, lines)
        assert span.col >= 0 and span.end_col >= 0
        for fix in finding.fixes:
            for edit in fix.edits:
                assert 1 <= edit.span.line <= edit.span.end_line <= lines + 1, (fix.title, edit)


@pytest.mark.parametrize("name", TRUNCATED_FILES)
def test_truncated_at_every_character(name: str) -> None:
    text = corpus_text(name)
    for cut in range(len(text) + 1):
        check_sound(analyze(text[:cut]), text[:cut])


@pytest.mark.parametrize("name", TRUNCATED_FILES)
def test_every_line_removed(name: str) -> None:
    lines = corpus_text(name).splitlines(keepends=True)
    for index in range(len(lines)):
        text = "".join(lines[:index] + lines[index + 1:])
        check_sound(analyze(text), text)


@FUZZ
@given(mutated_kernels())
def test_mutated_kernels(text: str) -> None:
    check_sound(analyze(text), text)


@FUZZ
@given(mutated_kernels(), st.sampled_from(((0, 10, 2), (0, 12, 0))))
def test_mutated_kernels_other_jax_version(text: str, version: tuple[int, ...]) -> None:
    check_sound(analyze(text, Options(jax_version=version)), text)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([text for _, text in corpus()]), st.binary(min_size=1, max_size=40),
       st.integers(min_value=0))
def test_arbitrary_characters_spliced_in(text: str, junk: bytes, at: int) -> None:
    at %= len(text) + 1
    mutated = text[:at] + junk.decode("latin-1") + text[at:]
    check_sound(analyze(mutated), mutated)


@pytest.mark.parametrize("kind", ["binop", "attribute", "call", "tuple", "not", "lambda",
                                  "subscript"])
@pytest.mark.parametrize("depth", [50, 500, 5000])
def test_deep_expressions(kind: str, depth: int) -> None:
    text = deep_nesting(kind, depth)
    check_sound(analyze(text), text)


@pytest.mark.parametrize("kind", ["def", "if", "with", "class"])
@pytest.mark.parametrize("depth", [20, 99, 150])
def test_deeply_nested_blocks(kind: str, depth: int) -> None:
    text = nested_blocks(kind, depth)
    check_sound(analyze(text), text)


def test_deep_call_chain_between_functions() -> None:
    """A launch 3,000 user functions deep: the interpreter's call depth limit, not Python's."""
    chain = "".join(f"def step{n}(x):\n    return step{n + 1}(x)\n\n" for n in range(3000))
    text = (
        "import jax\nimport jax.numpy as jnp\nfrom jax.experimental.pallas import mosaic_gpu as plgpu\n\n"
        "def kernel(x_ref, y_ref):\n    plgpu.multimem_store(x_ref, y_ref, ('dev',))\n\n"
        f"{chain}def step3000(x):\n"
        "    return jax.jit(plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((8,), jnp.float32)))(x)\n\n"
        "if __name__ == '__main__':\n    step0(jnp.ones((8,), jnp.float32))\n"
    )
    check_sound(analyze(text), text)


def test_recursive_user_functions() -> None:
    text = (
        "import jax\nfrom jax.experimental.pallas import mosaic_gpu as plgpu\n\n"
        "def a(n):\n    return b(n) + a(n)\n\ndef b(n):\n    return a(n)\n\n"
        "class K:\n    def __init__(self):\n        self.k = K()\n\n"
        "def kernel(x_ref):\n    kernel(x_ref)\n    plgpu.multimem_store(x_ref, x_ref, 'dev')\n\n"
        "if __name__ == '__main__':\n    a(1)\n    K()\n    jax.jit(plgpu.kernel(kernel, out_type=None))()\n"
    )
    check_sound(analyze(text), text)


@pytest.mark.parametrize("kind", ["string", "int", "big_int_over_limit", "hex", "list", "axes",
                                  "bytes"])
def test_huge_literals(kind: str) -> None:
    text = huge_literals(kind)
    check_sound(analyze(text), text)


@pytest.mark.parametrize("char", ["\x00", "\ufeff", "\r", "\x0c", "\x0b", "\u2028", "\x85",
                                  "\ud800", "\t"])
def test_odd_characters_at_each_line_start(char: str) -> None:
    lines = corpus_text("allreduce_jit_no_mesh.py").splitlines(keepends=True)
    for index in range(len(lines)):
        text = "".join(lines[:index]) + char + "".join(lines[index:])
        check_sound(analyze(text), text)


def test_crlf_and_tabs_keep_the_findings() -> None:
    """The same file with CRLF ends, or tab indents, reports the same codes on the same lines."""
    for name, text in corpus():
        plain = analyze(text)
        if plain.syntax_error is not None:
            continue
        expected = [(f.code, f.span.line) for f in plain.findings]
        crlf = analyze(text.replace("\n", "\r\n"))
        assert [(f.code, f.span.line) for f in crlf.findings] == expected, name
        if "\t" not in text and '"""' not in text:
            tabbed = analyze(text.replace("    ", "\t"))
            assert [(f.code, f.span.line) for f in tabbed.findings] == expected, name


# A hang guard, not a speed test: many times the budget, so only a runaway trips it.
HANG_GUARD_S = 60.0

_BIG_FILE_SCRIPT = """
import json, sys
sys.path[:0] = sys.argv[1:]  # tests/robustness and tests/ (support.py)
from fuzz_helpers import generated_kernels
from pallas_lsp.analysis import Analysis, Options, analyze
text = generated_kernels(100_000, seed=100_000)
analysis = analyze(text, Options(budget_s=1.0))
assert isinstance(analysis, Analysis)
print(json.dumps({"findings": len(analysis.findings), "stopped": analysis.stopped}))
"""


def test_hundred_thousand_lines_once() -> None:
    """A 100,000-line generated file with a 1 s budget: an Analysis comes back, complete or
    with a stop note, long before the hang guard. Run in a child so a runaway cannot
    hold the test run."""
    try:
        done = subprocess.run([sys.executable, "-c", _BIG_FILE_SCRIPT, str(Path(__file__).parent),
                               str(Path(__file__).parents[1])],
                              capture_output=True, text=True, timeout=HANG_GUARD_S, check=False,
                              env=server_env())
    except subprocess.TimeoutExpired:
        pytest.fail(f"analyze() of 100,000 lines with budget_s=1.0 still ran after {HANG_GUARD_S:.0f} s: "
                    "the budget does not bound the whole analysis")
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(done.stdout)
    assert summary["stopped"] is None or "stopped" in summary["stopped"]


def test_budget_that_runs_out_is_reported() -> None:
    text = generated_kernels(20_000, seed=3)
    analysis = analyze(text, Options(budget_s=0.0))
    check_sound(analysis, text)
    assert analysis.stopped is not None and "stopped" in analysis.stopped


def test_empty_and_whitespace_files() -> None:
    for text in ("", "\n", "\r\n", "   ", "\t\n\t", "#", "# noqa", "\x0c", "pass",
                 "if __name__ == '__main__':\n    pass\n"):
        check_sound(analyze(text), text)


_FOLDING_SCRIPT = """
import resource, sys
# A ceiling far above what the analysis of a small file needs, and far below the machine's.
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from pallas_lsp.analysis import Analysis, analyze
text = sys.stdin.read()
assert isinstance(analyze(text), Analysis)
"""


@pytest.mark.parametrize("start", ["'ab'", "('a', 'b')"])
def test_repeated_doubling_of_a_constant(start: str) -> None:
    """40 lines of ``S = S + S`` would fold to a 2**41-item constant: the analysis must give
    up on the value (UNKNOWN), not build it. Run in a child with a 2 GiB address-space cap."""
    text = f"S = {start}\n" + "S = S + S\n" * 40
    done = subprocess.run([sys.executable, "-c", _FOLDING_SCRIPT], input=text, capture_output=True,
                          text=True, timeout=HANG_GUARD_S, check=False, env=server_env())
    assert done.returncode == 0, done.stderr[-1500:]


def apply_edits(text: str, edits: tuple[TextEdit, ...]) -> str:
    """Apply analysis edits (1-based lines, 0-based UTF-8 columns) to ``text``."""
    lines = re.split(r"(?<=\r\n)|(?<=\r)(?!\n)|(?<=\n)", text)
    if lines and lines[-1] == "":
        lines.pop()
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(line: int, col: int) -> int:
        if line > len(lines):
            return len(text)
        content = lines[line - 1].encode("utf-8")[:col].decode("utf-8", errors="ignore")
        return starts[line - 1] + len(content)

    ordered = sorted(edits, key=lambda e: (e.span.line, e.span.col), reverse=True)
    for edit in ordered:
        start = offset(edit.span.line, edit.span.col)
        end = offset(edit.span.end_line, edit.span.end_col)
        text = text[:start] + edit.new_text + text[end:]
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_kernels())
def test_fixes_keep_the_file_valid_python(text: str) -> None:
    """Every fix offered on a file that parses leaves a file that parses; a "disable for this
    line" fix silences that finding."""
    analysis = analyze(text)
    if analysis.syntax_error is not None:
        return
    for finding in analysis.findings:
        for fix in finding.fixes:
            fixed = apply_edits(text, fix.edits)
            try:
                ast.parse(fixed.removeprefix("\ufeff"))  # Python skips a BOM in files
            except SyntaxError as exc:
                raise AssertionError(f"{finding.code} fix {fix.title!r} broke the file: {exc}\n"
                                     f"edits: {fix.edits}") from exc
            if "noqa" in fix.title.lower() or "disable" in fix.title.lower():
                again = analyze(fixed)
                assert (finding.code, finding.span.line) not in {
                    (f.code, f.span.line) for f in again.findings}, (fix.title, fix.edits)


def test_fix_text_on_the_first_line_after_a_bom() -> None:
    """With a byte-order mark, a fix quoting code on line 1 must quote that code, not text
    three bytes to the left (the BOM's UTF-8 length)."""
    body = (
        'def kernel(x_ref, y_ref): plgpu.multimem_store(x_ref[...], y_ref, collective_axes="data")\n'
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
        "from jax.experimental.pallas import mosaic_gpu as plgpu\n"
        "P = jax.sharding.PartitionSpec\n"
        'if __name__ == "__main__":\n'
        '    mesh = jax.sharding.Mesh(np.array(jax.devices()[:2]), ("data",))\n'
        "    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float32))\n"
        "    jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))"
        "(jnp.ones((128,)))\n"
    )

    def fixes(text: str) -> set[tuple[str, int, str]]:
        return {(f.code, f.span.line, e.new_text) for f in analyze(text).findings for x in f.fixes
                for e in x.edits}

    plain = fixes(body)
    assert ("PAL002", 1, '("data",)') in plain
    assert fixes("\ufeff" + body) == plain


REGRESSIONS = Path(__file__).parent / "fuzz_regressions"


@pytest.mark.parametrize("path", sorted(REGRESSIONS.glob("*.py.txt")), ids=lambda p: p.name)
@pytest.mark.parametrize("version", ["0.8.3", "0.10.2", "0.11.2", "0.12.0.1"])
def test_what_the_fuzzer_found_stays_fixed(path: Path, version: str) -> None:
    """Inputs the mutation fuzzer above made the analysis raise on, in clean CI runs (a ref of
    shape (64, -1) sliced; a TilingTransform((0, 32)) window; a (None, 128) shape loaded), kept so
    they stay fixed."""
    from pallas_lsp.analysis import parse_jax_version

    text = path.read_text(encoding="utf-8")
    check_sound(analyze(text, Options(jax_version=parse_jax_version(version))), text)
