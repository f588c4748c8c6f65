"""The README says what the CLI does: its usage block names exactly the options each
command's parser has, and its example output (static and confirmed by lowering) is what
`check` prints today."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pallas_lsp.cli import _parser
from support import EXAMPLES, JAX_PYTHONS, REPO, SHARED, server_env

README = (REPO / "README.md").read_text(encoding="utf-8")


def _commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _usage_block() -> dict[str, set[str]]:
    """Each command's options as the README's "Command line" block writes them."""
    section = README[README.index("## Command line"):]
    block = section[section.index("```\n") + 4:section.index("\n```", section.index("```\n") + 4)]
    options: dict[str, set[str]] = {}
    command = ""
    for line in block.splitlines():
        named = re.match(r"pallas-lsp (\w+)", line)
        if named:
            command = named[1]
            options.setdefault(command, set())
        usage = line.split("#", 1)[0]
        options[command].update(re.findall(r"(?<![\w-])--[a-z][a-z-]*", usage))
    return options


def test_the_usage_block_names_every_command_and_option_of_the_parser() -> None:
    written = _usage_block()
    parsers = _commands()
    assert set(written) == set(parsers)
    for name, parser in parsers.items():
        options = {o for action in parser._actions for o in action.option_strings
                   if o.startswith("--") and o != "--help"}
        assert written[name] == options, name


def test_every_command_has_a_description_in_its_help() -> None:
    for name, parser in _commands().items():
        if name != "serve":  # one line of help says all there is
            assert parser.description, f"`pallas-lsp {name} --help` has no description"
    assert ".ipynb" in _commands()["check"].format_help()


def test_the_example_output_is_what_check_prints() -> None:
    start = README.index("$ pallas-lsp check ")
    block = README[start:README.index("```", start)].splitlines()
    argv = block[0].removeprefix("$ pallas-lsp ").split()
    shown = [line.removesuffix("...").rstrip() for line in block[1:] if line.strip()]
    done = subprocess.run([str(Path(sys.executable).with_name("pallas-lsp")), *argv], capture_output=True,
                          text=True, timeout=120, cwd=REPO, env=server_env(), check=False)
    assert SHARED.exists() and done.stdout, done.stderr
    printed = done.stdout.splitlines()
    for line in shown:
        assert any(out.startswith(line) for out in printed), line


@pytest.mark.skipif(not JAX_PYTHONS["0.12.0.1"].exists(), reason="no .venv-jax012")
def test_the_confirmed_summary_and_progress_line_are_what_confirm_prints() -> None:
    # A newcomer compares these with what setup-and-check.sh printed a minute before.
    section = README[README.index("## Confirming with real lowering"):]
    section = " ".join(section[:section.index("\n## ")].split())
    summary = re.search(r'`\.\./shared/examples` under JAX 0\.12\.0\.1: "(Found [^"]+)"', section)
    progress = re.search(r"`\[\d+/(\d+)\] ([\w.]+: [^(`]+\(JAX 0\.12\.0\.1), [\d.]+ s\)`", section)
    assert summary and progress, "the README's confirmed example has moved: update this test"
    done = subprocess.run([str(Path(sys.executable).with_name("pallas-lsp")), "check", str(EXAMPLES),
                           "--confirm", "local", "--python", str(JAX_PYTHONS["0.12.0.1"]), "--jobs", "1"],
                          capture_output=True, text=True, timeout=600, cwd=REPO, env=server_env(),
                          check=False)
    assert summary[1] in done.stdout.splitlines(), done.stdout[-2000:]
    assert re.search(rf"^\[\d+/{progress[1]}\] {re.escape(progress[2])}, [\d.]+ s\)$", done.stderr, re.M), \
        done.stderr[-2000:]
