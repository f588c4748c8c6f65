"""Modules of the standard library followed from their own Python source.

A framework of the library that calls back into the program (``cmd.Cmd.onecmd`` runs the
subclass's ``do_*`` method, ``sched.scheduler.run`` the actions entered, ``HTMLParser.feed``
the subclass's ``handle_starttag``) cannot run behind the bridge: real code would call the
program's methods, which only the interpreter can run. Such a module is run as the
program's own modules are (interp/importing.py), from the library's ``.py`` file: the face
reads it (``ModuleLibrary.stdlib_source``, project/installed.py: this process's library,
the one the bridge runs for real); the core reads no file. A class of it is then a class of
the program's kind, whose methods the program's subclasses override, and its code runs
under the interpreter's budgets (loop passes, call depth, the per-file time).

Decided module by module, each for what its code reaches: computation over its arguments
and the objects the program gives it, nothing of the world. What one reaches anyway (a
stream a shell reads when ``cmdloop`` is called, the clock a scheduler made without a
``timefunc`` reads, ``sys.exit``) is a library value the interpreter does not run, so what
depends on it is unknown, never guessed. The modules each imports are bridged, modelled or
followed in their own right; a name of a module written in C is the bridge's.
"""

from __future__ import annotations

MODULES: dict[str, str] = {
    "cmd": "a command interpreter: onecmd / parseline dispatch a line to the subclass's do_* "
           "method (cmdloop reads stdin, which is never run: unknown)",
    "sched": "an event scheduler over the program's timefunc and delayfunc (without them it "
             "reads the clock, which is never run: unknown)",
    "http.cookies": "cookie headers written and parsed as text (SimpleCookie, Morsel: dict subclasses)",
    "wsgiref.headers": "an HTTP header list as a mapping (Headers over a list of name / value "
                       "pairs the program gives)",
    "unittest": "a test framework over the program's TestCase classes: a suite's run / debug "
                "calls setUp, the test method and tearDown of the cases the program gives "
                "(unittest.main reads sys.argv and exits: unknown; a runner's stream is a "
                "library value never run). A package: its submodules are followed with it, but "
                "unittest.mock, modelled: Mock / MagicMock / NonCallableMock / PropertyMock / "
                "DEFAULT as Python source (python/source_models.py: child mocks, return_value, "
                "side_effect, configure_mock; call records unknown); mock.patch.object of a library "
                "module's name (interp/importing.py)",
    "optparse": "a command-line parser over the argument list the program gives (without one it "
                "reads sys.argv: unknown; its errors print and exit: unknown)",
}


def followed(name: str) -> bool:
    """Whether the module ``name`` is run from its Python source."""
    return name in MODULES or (name.partition(".")[0] in PACKAGES and name not in MODELLED)


# Entries of MODULES that are packages: each submodule is followed with the package (its
# ``__init__`` imports them relatively, ``from .case import TestCase``).
PACKAGES = frozenset({"unittest"})
# Submodules of a followed package the analysis models instead (python/source_models.py,
# mock.patch contexts): the package's attribute names the model, as after ``import unittest.mock``.
MODELLED = frozenset({"unittest.mock"})
