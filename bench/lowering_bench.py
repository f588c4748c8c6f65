"""Cold and warm lowering-check time per example file, beside the floor.

floor: a bare script that imports JAX (forced host devices) and lowers the same
       file's jitted calls for CUDA, in a fresh interpreter: the least any
       one-shot check can cost.
cold:  ``lower_local`` (a fresh interpreter running the worker from stdin).
warm:  ``WarmWorkerPool.check`` once the pool's worker has JAX imported.

Targets (issue 4): cold <= 1.5x floor, warm <= 0.3 s per file. Prints numbers
only; it asserts nothing. Usage:
    .venv/bin/python bench/lowering_bench.py [--repeat 3] [--examples DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "server"))

from pallas_lsp.lowering.runner import WarmWorkerPool, lower_local  # noqa: E402

ENVS = {"0.10.2": REPO / ".venv-jax010/bin/python", "0.12.0.1": REPO / ".venv-jax012/bin/python"}

# The floor: what a person would write by hand to lower a file's kernels.
FLOOR = '''
import os, runpy, sys
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
import jax
real_jit = jax.jit
def jit(f=None, **kw):
    if f is None:
        return lambda g: jit(g, **kw)
    j = real_jit(f, **kw)
    def call(*a, **k):
        t = j.trace(*a, **k)
        try:
            t.lower(lowering_platforms=("cuda",))
        except Exception:
            pass
        return jax.tree.map(lambda s: jax.numpy.zeros(s.shape, s.dtype), t.out_info)
    return call
jax.jit = jit
try:
    runpy.run_path(sys.argv[1], run_name="__main__")
except Exception:
    pass
'''


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bench_file(
    python: str, path: Path, pool: WarmWorkerPool, floor_script: Path, repeat: int
) -> tuple[float, float, float]:
    """Median floor, cold and warm seconds for one file."""

    def floor() -> None:
        subprocess.run([python, str(floor_script), str(path)], cwd=path.parent,
                       capture_output=True, env={**os.environ})

    def median(fn) -> float:
        return statistics.median(timed(fn) for _ in range(repeat))

    return (
        median(floor),
        median(lambda: lower_local(str(path), python=python)),
        median(lambda: pool.check(str(path), python=python)),
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--examples", type=Path, default=REPO.parent / "shared" / "examples")
    args = parser.parse_args()
    files = sorted(args.examples.glob("*.py"))
    with tempfile.TemporaryDirectory() as tmp:
        floor_script = Path(tmp) / "floor.py"
        floor_script.write_text(FLOOR)
        print(f"{'jax':9} {'file':28} {'floor s':>8} {'cold s':>8} {'cold/floor':>10} "
              f"{'warm s':>8}")
        for version, python in ENVS.items():
            if not python.exists():
                print(f"{version}: {python} missing, skipped")
                continue
            cold_ratios, warms = [], []
            with WarmWorkerPool() as pool:
                pool.check(str(files[0]), python=str(python))  # start the worker: JAX imported
                for path in files:
                    floor, cold, warm = bench_file(str(python), path, pool, floor_script,
                                                   args.repeat)
                    cold_ratios.append(cold / floor)
                    warms.append(warm)
                    print(f"{version:9} {path.name:28} {floor:8.2f} {cold:8.2f} "
                          f"{cold / floor:10.2f} {warm:8.3f}")
            print(f"{version:9} {'(median)':28} {'':8} {'':8} "
                  f"{statistics.median(cold_ratios):10.2f} {statistics.median(warms):8.3f}")


if __name__ == "__main__":
    main()
