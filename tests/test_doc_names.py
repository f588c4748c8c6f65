"""``__doc__`` of the program's functions and classes from the tree, and ``__name__`` /
``__qualname__`` / ``__module__`` of builtins and allow-listed callables
(server/pallas_lsp/analysis/python/doc_names.py)."""

from __future__ import annotations

import pytest
from pallas_lsp.analysis.python.doc_names import clean_313
from test_value_model import codes

DOC = 'def body(o):\n    """Signal.\n\n    axes: max\n    """\n\n'

CASES = {
    # Fires where the value is sure under Python 3.12 and 3.13 alike ...
    "a function's docstring, partitioned": (DOC + '_, _, D = body.__doc__.partition("axes:")\n'
                                            'OP = D.split()[0]\n', ["PAL006"]),
    "a one-line docstring": ('def body(o):\n    """max"""\nOP = body.__doc__\n', ["PAL006"]),
    "a class's own docstring, not inherited": (
        'class C:\n    """max"""\nclass D(C):\n    pass\nOP = C.__doc__ if D.__doc__ is None else "add"\n',
        ["PAL006"]),
    "a builtin's __name__": ("COMBINE = max\nOP = COMBINE.__name__\n", ["PAL006"]),
    "a program function's __name__": ("def max():\n    pass\nOP = max.__name__\n", ["PAL006"]),
    "__module__ and __qualname__ of real callables": (
        'import math\n'
        'OP = "max" if math.gcd.__module__ == "math" and max.__qualname__ == "max" else "add"\n',
        ["PAL006"]),
    # ... and silent where the two Pythons' docstrings differ in what is read.
    "an indented line: 3.12 keeps the indentation, 3.13 strips it": (
        'def body(o):\n    """x\n    max"""\n'
        'OP = "max" if body.__doc__.split("\\n")[1] == "max" else "add"\n',
        []),
}


@pytest.mark.parametrize("name", list(CASES))
def test_introspection_names(name: str) -> None:
    body, want = CASES[name]
    assert codes(body + "launch(jnp.float32, OP, 4, mesh)\n") == want, name


def test_clean_313_strips_as_the_compiler_does() -> None:
    # What CPython 3.13 stores for these docstrings (compile.c _PyCompile_CleanDoc).
    assert clean_313("Signal.\n\n    axes: xy\n    ") == "Signal.\n\naxes: xy\n"
    assert clean_313("  one") == "one"
    assert clean_313("a\n      b\n    c") == "a\n  b\nc"
    assert clean_313("a\n\tb") == "a\nb"
