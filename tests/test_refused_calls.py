"""PAL064 beyond its fixtures: which refused calls reach module level uncaught (reported)
and which a handler, an undecided branch or an unknown argument list keeps silent; and the
TypeError modelled as raised (the handler runs, the body does not)."""

from __future__ import annotations

import pytest
from pallas_lsp.analysis import Options, analyze, parse_jax_version

HEAD = '''
import sys
import contextlib
import unittest
import jax


class Harness:
    def pallas_call(self, kernel, out_shape, grid=()):
        return kernel


def helper(a, b, /, c=1, *, d=2):
    return a
'''


def lines(source: str) -> list[int]:
    analysis = analyze(HEAD + source, Options(jax_version=parse_jax_version("0.12.0.1")))
    offset = HEAD.count("\n")
    return [f.span.line - offset for f in analysis.findings if f.code == "PAL064"]


def message(source: str) -> str:
    analysis = analyze(HEAD + source, Options(jax_version=parse_jax_version("0.12.0.1")))
    [finding] = [f for f in analysis.findings if f.code == "PAL064"]
    return finding.message


@pytest.mark.parametrize("source", [
    "Harness().pallas_call(1, 2, grid_spec=3)\n",
    "helper(1, 2, 3, 4)\n",
    "helper(1)\n",
    "helper(a=1, b=2)\n",
    "helper(1, 2, c=3, e=4)\n",
    # Through a function of the program: it ends there, and its caller in turn.
    "def run():\n    return helper(1, 2, zz=3)\n\ndef main():\n    run()\n\nmain()\n",
    # Handlers that surely let a TypeError through.
    "try:\n    helper(1)\nexcept (ValueError, KeyError):\n    pass\n",
    "try:\n    helper(1)\nfinally:\n    print('done')\n",
    "with contextlib.suppress(ValueError):\n    helper(1)\n",
    "with contextlib.nullcontext():\n    helper(1)\n",
])
def test_a_refused_call_that_reaches_module_level_is_reported(source: str) -> None:
    assert len(lines(source)) == 1, source


@pytest.mark.parametrize("source", [
    "try:\n    helper(1)\nexcept TypeError:\n    pass\n",
    "try:\n    helper(1)\nexcept Exception:\n    pass\n",
    "try:\n    helper(1)\nexcept:\n    pass\n",
    "def run():\n    try:\n        return helper(1)\n    except TypeError:\n        return None\n\nrun()\n",
    "class T(unittest.TestCase):\n    def test(self):\n        with self.assertRaises(TypeError):\n"
    "            helper(1)\n\nT().test()\n",
    "with contextlib.suppress(TypeError):\n    helper(1)\n",
    "for _ in range(2):\n    try:\n        helper(1)\n    finally:\n        break\n",
    "if len(sys.argv) > 3:\n    helper(1)\n",
    "import mystery\nhelper(*mystery.values())\n",
    "import mystery\nhelper(1, 2, **mystery.options())\n",
    "import mystery\nif mystery.flag:\n    helper(1)\n",
    "helper(1, 2, c=3, d=4)\n",
    "Harness().pallas_call(1, 2, (3,))\n",
    # A decorator the analysis does not see through, or defaults set on the function object.
    "def keep(fn):\n    return fn\n\n@keep\ndef other(a):\n    return a\n\nother(1, 2)\n",
    "def other(a, b):\n    return a\n\nother.__defaults__ = (1,)\nother(1)\n",
])
def test_a_refused_call_that_may_be_caught_or_not_run_is_not(source: str) -> None:
    assert lines(source) == [], source


def test_the_message_is_cpythons_and_names_the_signature() -> None:
    text = message("Harness().pallas_call(1, 2, grid_spec=3)\n")
    assert "TypeError: Harness.pallas_call() got an unexpected keyword argument 'grid_spec'" in text
    assert "(self, kernel, out_shape, grid=())" in text


def test_the_typeerror_is_raised_the_handler_runs_and_the_body_does_not() -> None:
    # The except clause runs (the fallback call is judged) and nothing after the refused
    # call in its function runs: the second refused call, after it, is never reached.
    source = ("def run():\n    helper(1)\n    helper(2)\n\n"
              "try:\n    run()\nexcept TypeError as exc:\n    helper(str(exc), 2, zz=1)\n")
    assert lines(source) == [8]
    assert "got an unexpected keyword argument 'zz'" in message(source)


@pytest.mark.parametrize(("text", "classes"), [
    ("KernelTest.pallas_call() got an unexpected keyword argument 'input_output_aliases'",
     ("call_signature_mismatch",)),
    ("KernelTest.pallas_call() takes from 3 to 4 positional arguments but 5 were given",
     ("call_signature_mismatch",)),
    ("KernelTest.pallas_call() missing 1 required positional argument: 'out_shape'",
     ("call_signature_mismatch",)),
    ("make.<locals>.run() missing 2 required keyword-only arguments: 'a' and 'b'",
     ("call_signature_mismatch",)),
    ("Ops.scaled() got some positional-only arguments passed as keyword arguments: 'value'",
     ("call_signature_mismatch",)),
    ("Harness.run() got multiple values for argument 'x'", ("call_signature_mismatch",)),
    # The __init__ @dataclass writes for the program's dataclasses: PAL064's
    # (python/dataclass_init.py); a JAX class's words read the same, so PAL009 claims them too.
    ("Plan.__init__() takes from 2 to 3 positional arguments but 4 were given", ("call_signature_mismatch",)),
    ("Mesh.__init__() got an unexpected keyword argument 'grid_spec'",
     ("api_renamed", "call_signature_mismatch")),
    # A bare name's unexpected keyword reads the same for JAX's own functions (PAL009's) and
    # for a kernel body JAX calls with its scratch buffers by keyword (PAL064's, design.md
    # 267): both claim it, and the finding on the line says which.
    ("pallas_call() got an unexpected keyword argument 'grid_spec'",
     ("api_renamed", "call_signature_mismatch")),
    ("copy_body() got an unexpected keyword argument 'smem'", ("api_renamed", "call_signature_mismatch")),
    # JAX's own functions' other words: PAL009's, never PAL064's.
    ("Harness.kernel() got an unexpected keyword argument 'out_shape'", ("api_renamed",)),
    ("kernel() missing 1 required positional argument: 'out_shape'", ("api_renamed",)),
    ("pallas_call() takes from 1 to 2 positional arguments but 3 were given", ()),
])
def test_lowering_classes_claim_only_the_programs_methods_and_nested_defs(text: str, classes: tuple) -> None:
    from pallas_lsp.lowering.classify import classes_of

    assert classes_of("TypeError", text, "0.12.0.1") == classes
