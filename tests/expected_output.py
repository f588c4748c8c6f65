"""Pinned output of every functional fixture (pylint's functional-test style).

Next to each fixture lies its expected output: ``single/foo.py`` -> ``single/foo.txt``,
``multifile/pkg/`` -> ``multifile/pkg/expected.txt``. One section per supported JAX
version; in it one row per finding, as ``pallas-lsp check --format json`` reports it,
and one indented row per related location (in the file it lies in):

    [0.12.0.1]
    kernels.py:6:5:PAL002:multimem_store has collective_axes=('data',), but the mesh bu
      related launch.py:10:12:the kernel is launched here

Columns are 1-based code points; paths are relative to the fixture's folder; a
message is pinned by its first ``HEAD`` characters. The markers (``# expect:``)
say which (code, line) pairs lowering raises; these files pin the rest (columns,
message heads, related locations), so a renderer that puts a related span in the
wrong file fails ``test_expected_output.py``.

After a deliberate change to findings, regenerate and review the diff:

    .venv/bin/python tests/expected_output.py --update
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path

from fixture_markers import FIXTURES, JAX_VENVS, package_fixtures, single_fixtures
from support import JAX_PYTHONS

VERSIONS = sorted(JAX_PYTHONS)  # the supported versions; the oracle also lowers on 0.8.3
HEAD = 80
HEADER = "# pallas-lsp check output, pinned (tests/expected_output.py --update regenerates it)\n"


def expected_file(fixture: Path) -> Path:
    return fixture / "expected.txt" if fixture.is_dir() else fixture.with_suffix(".txt")


def fixtures() -> list[Path]:
    return [*single_fixtures(), *package_fixtures()]


def check_json(fixture: Path, version: str, fmt: str = "json") -> tuple[int, str]:
    """``pallas-lsp check`` of a fixture, in this process: (exit status, stdout)."""
    from pallas_lsp.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        # The release's venv: its installed packages (JAX's ops/gpu collectives) are followed.
        python = JAX_VENVS.get(version)
        interpreter = ["--python", str(python)] if python is not None and python.exists() else []
        status = main(["check", "--format", fmt, "--jax-version", version, *interpreter, str(fixture)])
    assert status in (0, 1), err.getvalue()
    return status, out.getvalue()


def relative(path: str, base: Path) -> str:
    if "site-packages/" in path:  # an installed module: the same under every venv
        return "<site-packages>/" + path.split("site-packages/", 1)[1]
    return Path(path).resolve().relative_to(base.resolve()).as_posix()


def rows(items: list[dict], base: Path) -> list[str]:
    """The pinned rows of ``check --format json`` items (``base``: the fixture's folder)."""
    out: list[str] = []
    for item in items:
        head = item["message"][:HEAD]
        out.append(f"{relative(item['path'], base)}:{item['line']}:{item['column']}:{item['code']}:{head}")
        out.extend(f"  related {relative(r['path'], base)}:{r['line']}:{r['column']}:{r['message'][:HEAD]}"
                   for r in item["related"])
    return out


def render(fixture: Path) -> str:
    base = fixture if fixture.is_dir() else fixture.parent
    sections = [HEADER]
    for version in VERSIONS:
        _, stdout = check_json(fixture, version)
        sections.append(f"[{version}]\n" + "".join(row + "\n" for row in rows(json.loads(stdout), base)))
    return "".join(sections)


def related_rows(fixture: Path, version: str) -> list[str]:
    """The pinned related rows of one version, with the row of the finding they belong to."""
    lines = expected_file(fixture).read_text(encoding="utf-8").splitlines()
    start = lines.index(f"[{version}]") + 1
    end = next((n for n in range(start, len(lines)) if lines[n].startswith("[")), len(lines))
    found, owner = [], ""
    for row in lines[start:end]:
        if row.startswith("  related "):
            found.append(f"{owner} -> {row.removeprefix('  related ')}")
        else:
            owner = ":".join(row.split(":")[:4])
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the expected files")
    args = parser.parse_args(argv)
    stale = []
    for fixture in fixtures():
        want = render(fixture)
        path = expected_file(fixture)
        if path.exists() and path.read_text(encoding="utf-8") == want:
            continue
        stale.append(path)
        if args.update:
            path.write_text(want, encoding="utf-8")
    verb = "rewrote" if args.update else "out of date"
    for path in stale:
        print(f"{verb}: {path.relative_to(FIXTURES.parent.parent)}")
    return 0 if args.update or not stale else 1


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
    sys.exit(main())
