"""Private names inside classes, as CPython's compiler mangles them (ast_nodes.mangle_private_names).

The check is CPython itself: a tree the analysis mangled, compiled again, must give code
objects with exactly the names the original source compiles to (a mangled name starts with
one underscore, so the compiler leaves it as it is). Run over hand-written cases of every
construct that binds or reads a name, and over standard-library modules that use private names.
"""

from __future__ import annotations

import ast
import sysconfig
import types
from pathlib import Path

import pytest
from pallas_lsp.analysis.ast_nodes import PRIVATE_NAME, mangle_private_names, written_name
from pallas_lsp.analysis.pipeline import parse


def _names(code: types.CodeType) -> list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """Every name a module's code objects use, nested ones included, in a stable order. Not
    the code's own name: a private method is bound mangled but keeps its written name (the
    analysis keeps that beside the node: ast_nodes.written_name, tested below)."""
    found = [(code.co_names, code.co_varnames, code.co_cellvars + code.co_freevars)]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found.extend(_names(const))
    return found


def _same_names_as_cpython(source: str) -> None:
    tree = ast.parse(source)
    mangle_private_names(tree, source)
    assert _names(compile(tree, "<mangled>", "exec")) == _names(compile(source, "<source>", "exec"))


CASES = {
    "attributes, locals, parameters, keywords": '''
class Launch:
    __slots_like = 1
    def __init__(self, __axes=("x",), *, __op="add"):
        self.__axes = __axes
        __local = __op
        self.__op = __local
        print(__local, key=__axes)
    def __private(self):
        return self.__axes, Launch.__slots_like, self.__init__
''',
    "nested functions, lambdas, comprehensions, global and nonlocal": '''
__top = 1
class Box:
    def outer(self):
        __count = 0
        def inner():
            nonlocal __count
            global __top
            __count += 1
            return [__v for __v in range(__count)], (lambda __w: __w + __top)
        return inner
''',
    "nested classes, decorators, bases, underscored class names": '''
def deco(x):
    return x
class _Outer:
    __base = object
    @deco
    class __Inner(__base):
        __x = 1
        def f(self):
            return self.__x, _Outer.__base
    class ___:
        __y = 2
''',
    "except, match, import, with, walrus": '''
class Matcher:
    def run(self, value):
        try:
            import os as __os
        except ImportError as __err:
            __os = None
        match value:
            case {"k": __a, **__rest}:
                return __a, __rest
            case [__b, *__more]:
                return __b, __more
            case Matcher(__c=__d):
                return __d
        with open("x") as __f:
            return (__n := len(__f.read())), __os
''',
    "dunders stay, private names outside classes stay": '''
__private_module_name = 1
def __f(__p):
    return __p.__class__, __private_module_name
class C:
    def __repr__(self):
        return self.__class__.__name__ + str(self.__dict__)
''',
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_cases_mangle_as_cpython_does(name: str) -> None:
    _same_names_as_cpython(CASES[name])


# Standard-library modules whose classes use private names (read from this Python's library).
STDLIB = ["argparse.py", "threading.py", "calendar.py", "dataclasses.py", "email/feedparser.py",
          "fractions.py", "optparse.py", "http/cookies.py", "configparser.py", "weakref.py"]


@pytest.mark.parametrize("relative", STDLIB)
def test_standard_library_modules_mangle_as_cpython_does(relative: str) -> None:
    source = (Path(sysconfig.get_paths()["stdlib"]) / relative).read_text(encoding="utf-8")
    _same_names_as_cpython(source)


def test_the_analysis_parses_with_private_names_mangled() -> None:
    tree = parse("class L:\n    def f(self):\n        return self.__axes\n", "x.py")
    assert isinstance(tree, ast.Module)
    assert ast.unparse(tree).endswith("return self._L__axes")
    # Mangled once: a tree parsed again (a re-parse keeps nodes) is not mangled twice.
    mangle_private_names(tree, "self.__axes")
    assert ast.unparse(tree).endswith("return self._L__axes")


def test_the_text_scan_finds_private_names_only() -> None:
    assert PRIVATE_NAME.search("self.__axes = 1")
    assert not PRIVATE_NAME.search("if __name__ == '__main__':\n    x.__class__\n    y = a__b")


def test_a_private_method_keeps_its_written_name() -> None:
    source = "class _Box:\n    def __step(self):\n        pass\n    class __Inner:\n        pass\n"
    tree = ast.parse(source)
    mangle_private_names(tree, source)
    method, inner = tree.body[0].body  # type: ignore[attr-defined]
    assert (method.name, written_name(method)) == ("_Box__step", "__step")
    assert (inner.name, written_name(inner)) == ("_Box__Inner", "__Inner")
    namespace: dict[str, object] = {}
    exec(compile(source, "<box>", "exec"), namespace)
    box = namespace["_Box"]
    assert box._Box__step.__name__ == "__step" and box._Box__Inner.__qualname__ == "_Box.__Inner"  # type: ignore[attr-defined]
