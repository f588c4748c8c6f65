"""Workspace analysis over a real stdio connection: kernels, launchers and meshes in
different modules of the workspace folder (tests/fixtures/multifile/, copied so the
tests may edit them), indexed in the background with work-done progress."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from lsp_helpers import (
    change_doc,
    codes_by_line,
    example,
    initialize,
    open_doc,
    wait_for_diagnostics,
    wait_for_index,
)
from lsprotocol import types
from pytest_lsp import LanguageClient
from support import REPO

MULTIFILE = REPO / "tests" / "fixtures" / "multifile"


def copy_package(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(MULTIFILE / name, target)
    return target


def open_file(client: LanguageClient, path: Path) -> tuple[str, str]:
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    open_doc(client, uri, text)
    return uri, text


async def test_mesh_in_main_reaches_kernel_module(client: LanguageClient, tmp_path: Path) -> None:
    root = copy_package("axes_across_modules", tmp_path)
    await initialize(client, root=root)
    kernels_uri, _ = open_file(client, root / "kernels.py")
    # The mesh is built in main.py, the shard_map too; the finding lands in kernels.py.
    diagnostics = await wait_for_diagnostics(client, kernels_uri, lambda d: ("PAL002", 6) in codes_by_line(d))
    related = {info.location.uri for d in diagnostics for info in d.related_information or ()}
    assert (root / "main.py").as_uri() in related, related

    reports = await wait_for_index(client)
    assert isinstance(reports[0], types.WorkDoneProgressBegin)
    assert "3 Python files" in (reports[-1].message or "")  # type: ignore[attr-defined]
    assert any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in client.registrations)  # type: ignore[attr-defined]

    # Editing main.py's mesh (unsaved) re-publishes kernels.py, which is not touched.
    main_uri, main_text = open_file(client, root / "main.py")
    await wait_for_diagnostics(client, main_uri)
    one_axis = main_text.replace('("data", "model")', '("data",)').replace(".reshape(2, 2)", "")
    assert one_axis != main_text
    change_doc(client, main_uri, one_axis, 2)
    await wait_for_diagnostics(client, kernels_uri, lambda d: codes_by_line(d) == set())

    # Mid-typing in main.py (it does not parse): the index keeps its last parsed text,
    # so kernels.py does not flicker back to the disk's mesh.
    change_doc(client, main_uri, main_text.replace("make_mesh():", "make_mesh(:"), 3)
    await asyncio.sleep(0.4)
    assert codes_by_line(list(client.diagnostics[kernels_uri])) == set()

    # Closing main.py unsaved: the disk's two-axis mesh is the truth again.
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=main_uri))
    )
    await wait_for_diagnostics(client, kernels_uri, lambda d: ("PAL002", 6) in codes_by_line(d))


async def test_disk_change_reported_by_the_watcher(client: LanguageClient, tmp_path: Path) -> None:
    root = copy_package("axes_across_modules", tmp_path)
    await initialize(client, root=root)
    await wait_for_index(client)
    kernels_uri, _ = open_file(client, root / "kernels.py")
    await wait_for_diagnostics(client, kernels_uri, lambda d: ("PAL002", 6) in codes_by_line(d))

    main = root / "main.py"
    main.write_text(main.read_text().replace('("data", "model")', '("data",)'), encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=main.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    await wait_for_diagnostics(client, kernels_uri, lambda d: codes_by_line(d) == set())


async def test_finding_names_the_failing_launch(client: LanguageClient, tmp_path: Path) -> None:
    root = copy_package("good_and_bad_launch", tmp_path)
    await initialize(client, root=root)
    await wait_for_index(client)
    kernels_uri, _ = open_file(client, root / "kernels.py")
    diagnostics = await wait_for_diagnostics(
        client, kernels_uri, lambda d: ("PAL001", 10) in codes_by_line(d)
    )
    finding = next(d for d in diagnostics if d.code == "PAL001")
    # The jax.jit launch fails; the shard_map launch is named as having its mesh.
    assert "without jax.shard_map" in finding.message and "has its mesh" in finding.message, finding.message
    places = {
        (Path(info.location.uri).name, info.location.range.start.line + 1)
        for info in finding.related_information or ()
    }
    assert ("main.py", 11) in places and ("launchers.py", 13) in places, places

    # The quick fix edits main.py, where the failing launch is.
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=kernels_uri),
            range=finding.range,
            context=types.CodeActionContext(diagnostics=[finding]),
        )
    )
    shard_map_fix = next(a for a in actions or () if "shard_map" in a.title)  # type: ignore[union-attr]
    assert shard_map_fix.edit is not None
    targets = {change.text_document.uri for change in shard_map_fix.edit.document_changes or ()}  # type: ignore[union-attr]
    assert targets == {(root / "main.py").as_uri()}, shard_map_fix.edit

    # Hover at the call shows what the runs from main.py inferred about its launches.
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=kernels_uri), position=finding.range.start
        )
    )
    assert hover is not None
    facts = hover.contents.value  # type: ignore[union-attr]
    assert "under jax.shard_map" in facts and "through jax.jit without jax.shard_map" in facts, facts


async def test_file_outside_the_workspace_is_checked_alone(client: LanguageClient, tmp_path: Path) -> None:
    root = copy_package("sharded_ok", tmp_path)
    await initialize(client, root=root)
    await wait_for_index(client)
    uri, text = example("allreduce_no_mesh.py")
    open_doc(client, uri, text)
    await wait_for_diagnostics(client, uri, lambda d: ("PAL001", 11) in codes_by_line(d))
    # And the correct package stays quiet.
    kernels_uri, _ = open_file(client, root / "kernels.py")
    assert codes_by_line(await wait_for_diagnostics(client, kernels_uri)) == set()


# -- the index itself (no server): what is walked, what re-runs -------------------------


def test_walk_skips_environments_and_caps(tmp_path: Path) -> None:
    from pallas_lsp.project import python_files

    for name in (".venv/lib/a.py", "env/lib/b.py", "node_modules/c.py", "pkg/__pycache__/d.py", "main.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n")
    (tmp_path / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (tmp_path / "pkg" / "kernels.py").write_text("x = 1\n")
    found, capped = python_files([str(tmp_path)])
    assert sorted(Path(p).relative_to(tmp_path).as_posix() for p in found) == ["main.py", "pkg/kernels.py"]
    assert not capped
    assert python_files([str(tmp_path)], limit=1) == ([str(tmp_path / "main.py")], True)


def test_a_change_reruns_only_the_entries_that_read_it(tmp_path: Path) -> None:
    from pallas_lsp.analysis import Options
    from pallas_lsp.project import WorkspaceIndex, python_files

    root = copy_package("axes_across_modules", tmp_path)
    paths, _ = python_files([str(root)])
    index = WorkspaceIndex([str(root)])
    index.load(paths)
    index.set_options(Options())
    kernels, launch, main = (str(root / name) for name in ("kernels.py", "launch.py", "main.py"))
    assert index.entries_for(kernels) == {kernels, launch, main}
    assert [(f.code, f.span.line) for f in index.check(kernels).findings] == [("PAL002", 6)]
    assert index.runs == 3
    for path in paths:
        index.check(path)
    assert index.runs == 3  # every run cached

    # A 'noqa' comment on the blamed line of kernels.py silences the finding that main.py's run makes.
    kernels_text = Path(kernels).read_text()
    index.open(kernels, kernels_text.replace("# expect: PAL002", "# noqa: PAL002"))
    assert index.check(kernels).findings == ()
    index.open(kernels, kernels_text)
    assert [f.code for f in index.check(kernels).findings] == ["PAL002"]
    runs = index.runs

    index.open_paths.update({kernels, main})
    text = Path(main).read_text().replace('("data", "model")', '("data",)').replace(".reshape(2, 2)", "")
    assert index.open(main, text) == {kernels, main}  # kernels.py's findings come from main's run
    assert index.check(kernels).findings == ()
    assert index.runs == runs + 1  # main.py alone re-ran: kernels.py and launch.py import nothing of it


def test_a_failing_run_of_another_module_is_left_out(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pallas_lsp.analysis import Options
    from pallas_lsp.project import WorkspaceIndex, python_files
    from pallas_lsp.project import index as workspace

    root = copy_package("axes_across_modules", tmp_path)
    paths, _ = python_files([str(root)])
    index = WorkspaceIndex([str(root)])
    index.load(paths)
    index.set_options(Options())
    real = workspace.analyze_entry

    def flaky(entry, *args):  # type: ignore[no-untyped-def]
        if entry.endswith("launch.py"):
            raise RuntimeError("a rule bug")
        return real(entry, *args)

    monkeypatch.setattr(workspace, "analyze_entry", flaky)
    kernels = str(root / "kernels.py")
    assert [(f.code, f.span.line) for f in index.check(kernels).findings] == [("PAL002", 6)]


def test_disk_events_for_files_and_folders(tmp_path: Path) -> None:
    from pallas_lsp.analysis import Options
    from pallas_lsp.lsp.indexing import apply_disk_changes
    from pallas_lsp.project import WorkspaceIndex, python_files

    root = copy_package("axes_across_modules", tmp_path)
    index = WorkspaceIndex([str(root)])
    index.load(python_files([str(root)])[0])
    index.set_options(Options())
    kernels = str(root / "kernels.py")
    index.open(kernels, (root / "kernels.py").read_text())
    assert [f.code for f in index.check(kernels).findings] == ["PAL002"]

    # The launcher moves into a folder that is then deleted: the kernel has no launch left.
    (root / "sub").mkdir()
    (root / "launch.py").rename(root / "sub" / "launch.py")
    assert kernels in apply_disk_changes(index, [str(root / "launch.py"), str(root / "sub")])
    assert str(root / "sub" / "launch.py") in index.files
    assert index.check(kernels).findings == ()
    shutil.rmtree(root / "sub")
    apply_disk_changes(index, [str(root / "sub")])
    assert not any("sub" in p for p in index.files)
    # A virtual environment created in the workspace is not walked.
    (root / ".venv" / "lib").mkdir(parents=True)
    (root / ".venv" / "lib" / "x.py").write_text("import kernels\n")
    assert apply_disk_changes(index, [str(root / ".venv")]) == set()
    assert len(index.files) == 2


def test_syntax_trees_beyond_the_budget_are_let_go(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pallas_lsp.analysis import Options
    from pallas_lsp.project import WorkspaceIndex, python_files
    from pallas_lsp.project import index as workspace

    monkeypatch.setattr(workspace, "TREE_BUDGET_BYTES", 1)
    root = copy_package("good_and_bad_launch", tmp_path)
    index = WorkspaceIndex([str(root)])
    index.load(python_files([str(root)])[0])
    index.set_options(Options())
    kernels = str(root / "kernels.py")
    assert all(source.tree is None for source in index.files.values())  # text and imports only
    index.open(kernels, (root / "kernels.py").read_text())
    for _ in range(2):  # the second time from the cache of runs, the trees let go meanwhile
        assert [(f.code, f.span.line) for f in index.check(kernels).findings] == [("PAL001", 10)]
        assert index.check(kernels).ops
    kept = [Path(path).name for path, source in index.files.items() if source.tree is not None]
    assert "kernels.py" in kept and len(kept) <= 2, kept  # the open document, and the last one used
