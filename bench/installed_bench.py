"""A file importing JAX's ops/gpu reduce_scatter: analysis cold (the environment's import path
read from its files, installed sources read and parsed for the first time) and warm in memory,
beside ast.parse of the user's file. (There is no disk cache: each fresh process parses again.)

usage: installed_bench.py PYTHON_WITH_JAX [FILE]
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT = HERE.parent / "tests" / "fixtures" / "single" / "pal002" / "installed_reduce_scatter_axis_name.py"

ONE_RUN = """
import json, sys, time
t0 = time.perf_counter()
from pallas_lsp.analysis import Options, analyze
from pallas_lsp.project import library_for
source = open(sys.argv[2]).read()
t1 = time.perf_counter()
library = library_for(sys.argv[1])
t2 = time.perf_counter()
first = analyze(source, Options(library=library))
t3 = time.perf_counter()
again = [0.0] * 5
for i in range(5):
    s = time.perf_counter(); analyze(source, Options(library=library)); again[i] = time.perf_counter() - s
print(json.dumps({"search_path_ms": (t2 - t1) * 1e3, "first_ms": (t3 - t2) * 1e3,
                  "memory_warm_ms": min(again) * 1e3, "findings": [f.code for f in first.findings],
                  "parsed": library.parsed}))
"""


def run(python: str, file: Path, cache: str) -> dict:
    done = subprocess.run([sys.executable, "-c", ONE_RUN, python, str(file)], capture_output=True,
                          text=True, check=True, env={"XDG_CACHE_HOME": cache, "PATH": "/usr/bin:/bin"})
    return json.loads(done.stdout)


def main() -> None:
    python = sys.argv[1]
    file = Path(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT
    source = file.read_text()
    parse = min(_time(lambda: ast.parse(source)) for _ in range(20))
    with tempfile.TemporaryDirectory() as cache:
        cold = run(python, file, cache)
    print(json.dumps({"ast_parse_user_file_ms": parse * 1e3, "cold": cold}, indent=1))


def _time(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
