"""``parser.parse_args(argv)`` with an argument list the program gives, run by the real argparse.

argparse is plain Python and, given its arguments, pure: it reads ``sys.argv`` only when no
list is passed, and touches the world only to print (help, usage, an error) and to exit,
and when ``fromfile_prefix_chars`` names files to read. The parser is rebuilt here from
the calls the program made (``ArgumentParser(...)``, ``add_argument``, ``set_defaults``,
replayed through the bridge, python/bridge.py, so a ``type=`` of the program's runs as a
callback and an abstract ``default`` passes through untouched) and asked to parse; what it
would print or where it would exit (``--help``, an unknown option, a bad value, a
required option missing) refuses the call, so the result is unknown, never a guess. With
no list the file is judged as real lowering runs it, with no command-line arguments:
stdlib_calls.py gives the defaults.
"""

from __future__ import annotations

import argparse

from .real import Refused

# The methods of a parser whose calls are replayed, in the order the program made them
# (``add_subparsers`` with each sub-command's ``add_parser`` and that parser's own calls).
REPLAYED = frozenset({"add_argument", "set_defaults", "add_subparsers"})


class _QuietParser(argparse.ArgumentParser):
    """A parser that never prints nor exits: either refuses the bridged call."""

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        raise Refused("argparse would exit")

    def error(self, message: str) -> None:  # type: ignore[override]
        raise Refused("argparse would print an error and exit")

    def _print_message(self, message: str, file: object = None) -> None:
        raise Refused("argparse would print")


# One replayed call: the method's name, its positional and its keyword arguments (and,
# for ``add_subparsers``, each sub-command: add_parser's arguments and the parser's steps).
Step = tuple[object, ...]


def _check_constructor(constructor: dict[str, object]) -> None:
    if constructor.get("fromfile_prefix_chars") or "parents" in constructor:
        raise Refused("argparse would read files, or parents are not replayed")


def _replay(parser: argparse.ArgumentParser, steps: tuple[Step, ...]) -> None:
    for method, args, kwargs, *commands in steps:
        if method not in REPLAYED:
            raise Refused("a parser method not replayed")
        made = getattr(parser, method)(*args, **kwargs)  # type: ignore[operator]
        for sub_args, sub_kwargs, sub_steps in (commands[0] if commands else ()):
            _check_constructor(sub_kwargs)
            # A sub-command's parser is made by the group as the parser's own class (quiet).
            _replay(made.add_parser(*sub_args, **sub_kwargs), sub_steps)


def _build(constructor: dict[str, object], steps: tuple[Step, ...], parents: tuple[tuple[object, ...], ...]) \
        -> argparse.ArgumentParser:
    """A parser made by ``constructor`` (with ``parents=``, each rebuilt so, when there are
    any) then ``steps``."""
    _check_constructor(constructor)
    options = dict(constructor)
    if parents:
        options["parents"] = [_build(*parent) for parent in parents]  # type: ignore[arg-type]
    parser = _QuietParser(**options)  # type: ignore[arg-type]
    _replay(parser, steps)
    return parser


def parse(constructor: dict[str, object], steps: tuple[Step, ...], parents: tuple[tuple[object, ...], ...],
          argv: list[str], known: bool) -> object:
    """What ``parse_args(argv)`` (``parse_known_args`` when ``known``) returns of a parser
    built by ``constructor``, its ``parents`` (each a (constructor, steps, parents) of its
    own) and ``steps``: the namespace's attributes as a dict (with the unparsed strings, for
    parse_known_args)."""
    if not (isinstance(argv, (list, tuple)) and all(isinstance(arg, str) for arg in argv)):
        raise Refused("the argument list is not strings")
    parser = _build(constructor, steps, parents)
    if known:
        namespace, extras = parser.parse_known_args(list(argv))
        return vars(namespace), extras
    return vars(parser.parse_args(list(argv)))
