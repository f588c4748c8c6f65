"""Lower a probe for CUDA on this (CPU) host: ``python lower.py FILE``.

FILE runs as ``__main__`` with ``jax.jit(f)(*args)`` replaced by
``jax.jit(f).trace(*args).lower(lowering_platforms=("cuda",))``; nothing is compiled or run.
Prints ``LOWERED OK <chars of StableHLO>`` or ``ERROR line <FILE's innermost line> <type>: <text>``.
"""
import runpy
import sys
import traceback

import jax

_jit = jax.jit


class _LowerOnly:
    def __init__(self, fun, *args, **kwargs):
        self.jitted = _jit(fun, *args, **kwargs)

    def __call__(self, *args):
        text = self.jitted.trace(*args).lower(lowering_platforms=("cuda",)).as_text()
        print("LOWERED OK", len(text))


jax.jit = _LowerOnly
try:
    runpy.run_path(sys.argv[1], run_name="__main__")
except Exception as exc:  # the probe's outcome, whatever JAX raised
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == sys.argv[1]]
    line = frames[-1].lineno if frames else None
    print("ERROR line", line, f"{type(exc).__name__}:", str(exc).splitlines()[0][:300])
