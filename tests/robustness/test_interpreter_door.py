"""Issue 23, item 1: a cloned repository cannot make pallas-lsp run an interpreter it names.

The repository's ``pyproject.toml`` says ``[tool.pallas-lsp] python = "./x.sh"``; ``x.sh``
leaves a mark (the arguments it was started with) in a file outside the repository. A static
check (the CLI without ``--confirm``, the pre-commit hook, every language-server feature)
runs nothing, whatever names the interpreter; a lowering check runs it only when the user
asked to run the project's code (``--confirm``, ``lower``, a trusted workspace) and names
where the interpreter came from.
"""

from __future__ import annotations

import ast
import asyncio
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from support import FIXTURES, cli_command, server_env

KERNEL = (FIXTURES / "single" / "pal001" / "allreduce_jit_no_mesh.py").read_text()
CONSOLE_SCRIPT = Path(sys.executable).parent / "pallas-lsp"


def plant_interpreter(folder: Path, marker: Path, name: str = "x.sh") -> Path:
    """An executable that leaves a mark when anything starts it."""
    script = folder / name
    script.write_text(f"#!/bin/sh\necho \"ran $*\" >> {str(marker)!r}\nexit 3\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return script


@pytest.fixture
def cloned(tmp_path: Path) -> tuple[Path, Path]:
    """(a cloned repository whose pyproject names ./x.sh, the mark file x.sh writes)."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    marker = tmp_path / "interpreter-ran"
    plant_interpreter(repo, marker)
    (repo / "pyproject.toml").write_text('[tool.pallas-lsp]\npython = "./x.sh"\n')
    (repo / "kernel.py").write_text(KERNEL)
    return repo, marker


def ran(marker: Path) -> str:
    return marker.read_text() if marker.exists() else ""


def cli(*args: str, cwd: Path, program: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [*(program or cli_command()), *args]
    return subprocess.run(command, cwd=cwd, env=server_env(), capture_output=True, text=True,
                          timeout=180, check=False)


@pytest.mark.parametrize("args", [
    ("check", "kernel.py"),
    ("check", "."),
    ("check", "--jax-version", "0.10.2", "kernel.py"),
    ("check", "--jax-version", "0.10.2,0.12.0.1", "kernel.py"),
    ("check", "--format", "json", "kernel.py"),
    ("check", "--show-settings", "kernel.py"),
])
def test_static_check_runs_nothing_the_repository_names(cloned: tuple[Path, Path],
                                                        args: tuple[str, ...]) -> None:
    repo, marker = cloned
    done = cli(*args, cwd=repo)
    assert done.returncode in (0, 1), done.stderr
    assert ran(marker) == ""


def test_static_check_runs_no_interpreter_given_by_flag_either(cloned: tuple[Path, Path]) -> None:
    """``--python`` without ``--confirm`` names whose packages to read: read, never run."""
    repo, marker = cloned
    done = cli("check", "--python", str(repo / "x.sh"), "kernel.py", cwd=repo)
    assert done.returncode in (0, 1), done.stderr
    assert "PAL001" in done.stdout
    assert ran(marker) == ""


def test_pre_commit_hook_entry_runs_nothing(cloned: tuple[Path, Path]) -> None:
    """The hook's entry (``.pre-commit-hooks.yaml``) with the staged file, as pre-commit runs it."""
    repo, marker = cloned
    hooks = (Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml").read_text()
    entry = next(line.split(":", 1)[1].split() for line in hooks.splitlines()
                 if line.strip().startswith("entry:"))
    assert entry[0] == "pallas-lsp"
    done = cli(*entry[1:], "kernel.py", cwd=repo, program=[str(CONSOLE_SCRIPT)])
    assert done.returncode in (0, 1), done.stderr
    assert ran(marker) == ""


def test_pyproject_in_a_shared_parent_folder_runs_nothing(tmp_path: Path) -> None:
    """A pyproject.toml in a folder above the project (``/tmp`` is writable by everyone)."""
    shared = tmp_path / "shared-tmp"
    project = shared / "someone" / "work"
    project.mkdir(parents=True)
    marker = tmp_path / "interpreter-ran"
    plant_interpreter(shared, marker)
    (shared / "pyproject.toml").write_text('[tool.pallas-lsp]\npython = "./x.sh"\n')
    (project / "k.py").write_text(KERNEL)
    for args in (("check", "k.py"), ("check", "--jax-version", "0.12.0.1", "k.py")):
        done = cli(*args, cwd=project)
        assert done.returncode in (0, 1), done.stderr
    assert ran(marker) == ""


@pytest.mark.skipif(not hasattr(os, "chown") or os.geteuid() != 0,
                    reason="giving a file to another user needs root (chown)")
def test_confirm_refuses_an_interpreter_another_user_named(tmp_path: Path) -> None:
    """A pyproject.toml in a shared parent folder, written by another user: even --confirm,
    which runs the project's file, does not run what that user's file names."""
    shared = tmp_path / "shared-tmp"
    project = shared / "mine"
    project.mkdir(parents=True)
    marker = tmp_path / "interpreter-ran"
    plant_interpreter(shared, marker)
    pyproject = shared / "pyproject.toml"
    pyproject.write_text('[tool.pallas-lsp]\npython = "./x.sh"\n')
    os.chown(pyproject, 65534, 65534)  # nobody
    (project / "k.py").write_text(KERNEL)
    done = cli("check", "--confirm", "local", "k.py", cwd=project)
    assert ran(marker) == ""
    assert done.returncode == 2
    assert "belongs to another user" in done.stderr, done.stderr


def test_confirm_runs_the_projects_interpreter_and_names_it(cloned: tuple[Path, Path]) -> None:
    """``--confirm local`` runs the project's file anyway: the interpreter its pyproject names
    is used, and the output says so."""
    repo, marker = cloned
    done = cli("check", "--confirm", "local", "kernel.py", cwd=repo)
    assert "ran " in ran(marker)
    assert done.returncode == 2, done.stderr
    assert "x.sh from pyproject.toml" in done.stderr, done.stderr
    assert "[tool.pallas-lsp] python" in done.stderr


def test_a_bare_name_never_starts_the_projects_file_through_a_relative_path_entry(
        cloned: tuple[Path, Path]) -> None:
    """``python = "python3"`` with ``.`` on PATH and a ``./python3`` in the repository: the
    door looks bare names up on the absolute PATH entries only."""
    repo, marker = cloned
    plant_interpreter(repo, marker, "python3")
    (repo / "pyproject.toml").write_text('[tool.pallas-lsp]\npython = "python3"\n')
    env = {**server_env(), "PATH": os.pathsep.join([".", os.environ.get("PATH", "")])}
    subprocess.run([*cli_command(), "check", "--confirm", "local", "--timeout", "60", "kernel.py"], cwd=repo,
                   env=env, capture_output=True, text=True, timeout=180, check=False)
    assert ran(marker) == ""


def test_confirm_with_the_flag_names_the_flag(cloned: tuple[Path, Path]) -> None:
    repo, marker = cloned
    other = plant_interpreter(repo, marker, "y.sh")
    done = cli("check", "--confirm", "local", "--python", str(other), "kernel.py", cwd=repo)
    assert "ran " in ran(marker)
    assert f"{other} from --python" in done.stderr, done.stderr


def test_lower_runs_the_flags_interpreter_and_names_it(cloned: tuple[Path, Path]) -> None:
    repo, marker = cloned
    done = cli("lower", "--python", str(repo / "x.sh"), "kernel.py", cwd=repo)
    assert "ran " in ran(marker)
    assert "from --python" in done.stdout + done.stderr


# ---------------------------------------------------------------- the language server

async def start(client: LanguageClient, repo: Path, **options: Any) -> str:
    # The "visual-studio-code" capabilities advertise refresh support: answer it as VS Code does.
    for method in (types.WORKSPACE_CODE_LENS_REFRESH, types.WORKSPACE_INLAY_HINT_REFRESH):
        client.feature(method)(lambda params: None)
    await client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"pallasLsp": {"debounceMs": 0, **options}},
        root_uri=repo.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=repo.as_uri(), name=repo.name)]))
    uri = (repo / "kernel.py").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=KERNEL)))
    await asyncio.wait_for(_diagnostics(client, uri), 60)
    return uri


async def _diagnostics(client: LanguageClient, uri: str) -> None:
    while not client.diagnostics.get(uri):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def every_static_feature(client: LanguageClient, uri: str, *, save: bool = True) -> None:
    document = types.TextDocumentIdentifier(uri=uri)
    line = next(i for i, text in enumerate(KERNEL.splitlines()) if "multimem" in text)
    position = types.Position(line=line, character=8)
    await client.text_document_hover_async(types.HoverParams(text_document=document, position=position))
    await client.text_document_completion_async(types.CompletionParams(text_document=document,
                                                                       position=position))
    diagnostics = list(client.diagnostics[uri])
    await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document, range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics)))
    await client.text_document_code_lens_async(types.CodeLensParams(text_document=document))
    if save:
        client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=document))
    await asyncio.sleep(0.5)


@pytest.mark.parametrize("options", [
    {},  # the pyproject's python, nothing configured in the editor
    {"interpreter": "INTERPRETER"},  # the editor names the planted script too
    {"workspaceTrusted": True},  # trusted: still nothing runs for a static feature
], ids=["pyproject", "setting", "trusted"])
async def test_server_features_run_nothing(client: LanguageClient, cloned: tuple[Path, Path],
                                           options: dict[str, Any]) -> None:
    repo, marker = cloned
    options = {k: (str(repo / "x.sh") if v == "INTERPRETER" else v) for k, v in options.items()}
    uri = await start(client, repo, **options)
    # In a trusted workspace a save is a lowering request (lowering.onSave is on by default
    # there, issue 21): that one runs the project's interpreter by design
    # (tests/lsp/test_guard_lsp.py); every other feature stays static.
    await every_static_feature(client, uri, save=options.get("workspaceTrusted") is not True)
    assert ran(marker) == ""


async def test_server_lowering_in_untrusted_workspace_runs_nothing(client: LanguageClient,
                                                                   cloned: tuple[Path, Path]) -> None:
    repo, marker = cloned
    uri = await start(client, repo)
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="pallasLsp.confirmLowering", arguments=[{"uri": uri}]))
    assert "trusted" in str(result)
    assert ran(marker) == ""


async def test_server_lowering_in_trusted_workspace_names_the_interpreter(
        client: LanguageClient, cloned: tuple[Path, Path]) -> None:
    repo, marker = cloned
    uri = await start(client, repo, workspaceTrusted=True)
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="pallasLsp.confirmLowering", arguments=[{"uri": uri}]))
    message = result["message"] if isinstance(result, dict) else result.message
    assert "ran " in ran(marker)
    assert "x.sh from pyproject.toml" in message and "[tool.pallas-lsp] python" in message, message


# ---------------------------------------------------------------- the door is the only one

PACKAGE = Path(__file__).resolve().parents[2] / "server" / "pallas_lsp"
DOOR = PACKAGE / "interpreters.py"
FORBIDDEN_MODULES = {"subprocess", "pty", "multiprocessing", "concurrent.futures.process"}
FORBIDDEN_OS = ("system", "popen", "posix_spawn", "posix_spawnp", "fork", "forkpty")


def _starts_processes(tree: ast.Module) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in FORBIDDEN_MODULES
                      or a.name in FORBIDDEN_MODULES]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.split(".")[0] in FORBIDDEN_MODULES or module in FORBIDDEN_MODULES:
                found.append(module)
            elif module == "os":
                found += [f"os.{a.name}" for a in node.names if _forbidden_os(a.name)]
            elif module == "concurrent.futures":
                found += [a.name for a in node.names if a.name == "ProcessPoolExecutor"]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "os" and _forbidden_os(node.attr):
                found.append(f"os.{node.attr}")
            if node.attr == "ProcessPoolExecutor":
                found.append(node.attr)
    return found


def _forbidden_os(name: str) -> bool:
    return name in FORBIDDEN_OS or name.startswith(("exec", "spawn"))


def test_only_the_door_starts_a_process() -> None:
    assert DOOR.is_file(), "the one module that starts interpreters"
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == DOOR:
            continue
        found = _starts_processes(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            offenders[str(path.relative_to(PACKAGE))] = found
    assert offenders == {}


def test_the_scan_sees_each_way_to_start_a_process() -> None:
    """The scan itself can fail: each form is caught."""
    for source in ("import subprocess", "from subprocess import run", "import multiprocessing.pool",
                   "import pty", "os.system('x')", "os.execv('x', [])", "os.spawnl(0, 'x')",
                   "os.posix_spawn('x', [], {})", "from os import execvp", "os.popen('x')",
                   "from concurrent.futures import ProcessPoolExecutor"):
        assert _starts_processes(ast.parse(source)), source
    assert not _starts_processes(ast.parse("import os\nos.path.join('a')\nos.kill(1, 9)"))

