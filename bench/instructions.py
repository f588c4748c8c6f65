"""Instructions per analysis and per ``ast.parse``, counted by callgrind: repeatable on a busy machine.

    .venv/bin/python bench/instructions.py FILE... [--server DIR/server] [--runs 2] [--keystrokes]

CPU time on a shared 2-core machine moves with other people's load (caches, frequency);
an instruction count does not: two runs of the same tree agree to 0.1%. Each measure is
one process under ``valgrind --tool=callgrind`` that counts only inside one
``functools.reduce`` call (``--toggle-collect=functools_reduce*``: not ``eval``, which the
imports call, ``namedtuple`` for one, 4.5 M instructions counted with it), after two
warm-up runs, so imports, start-up and first-call caches are left out (a run of no-ops
counts 1,757 instructions). ``--keystrokes`` counts the keystroke path
instead: ``analyse_alone`` with the document's Reparser on lsp_bench.py's 2,000-line file,
``SHAPE = (256`` typed to ``1256`` and back (the whole file is interpreted again). An
instruction is not a nanosecond (the parser's C runs more of them per cycle than the
interpreter's bytecode): read the ratios between trees, and beside ``ast.parse``, as
counts, not as the CPU-time ratios of analysis_bench.py. Needs valgrind; asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

_CHILD = """
import ast, sys, warnings
sys.path.insert(0, {server!r}); sys.path.insert(0, {bench!r})
from pallas_lsp.analysis import Options, analyze
from pallas_lsp.runtime import tune_gc
tune_gc()
mode, path, runs = {mode!r}, {path!r}, {runs}
if mode == "keystrokes":
    from lsp_bench import generated_file
    from pallas_lsp.analysis.reparse import Reparser
    from pallas_lsp.lsp.analysis_worker import analyse_alone
    base = generated_file(2000)
    typed = base.replace("SHAPE = (256", "SHAPE = (1256", 1)
    reparser, texts = Reparser(), iter([typed, base] * (runs + 2))
    analyse_alone(base, [Options(budget_s=120)], "/bench/generated_2000_lines.py", reparser)
    def one():
        analyse_alone(next(texts), [Options(budget_s=120)], "/bench/generated_2000_lines.py", reparser)
else:
    source = open(path, encoding="utf-8").read()
    options = Options(budget_s=120)
    def one():
        if mode == "parse":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ast.parse(source)
        else:
            analyze(source, options, path=path)
one(); one()
import functools
functools.reduce(lambda done, _: one(), range(runs), None)  # the counted calls
"""


def count(server: Path, mode: str, path: str, runs: int) -> int:
    """Instructions per run of ``mode`` ("parse", "analyze" or "keystrokes")."""
    script = _CHILD.format(server=str(server), bench=str(REPO / "bench"), mode=mode, path=path,
                           runs=runs)
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce*",
         "--callgrind-out-file=/dev/null", sys.executable, "-c", script],
        capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1)) // runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--server", type=Path, default=REPO / "server",
                        help="the server/ folder of the tree to count (another checkout's)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--keystrokes", action="store_true")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    if args.keystrokes:
        print(f"keystroke, generated 2,000 lines: {count(args.server, 'keystrokes', '', args.runs):,}"
              " instructions")
    for file in args.files:
        parse = count(args.server, "parse", file, args.runs)
        analysis = count(args.server, "analyze", file, args.runs)
        print(f"{file}: ast.parse {parse:,}  analyze {analysis:,}  ({analysis / parse:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
