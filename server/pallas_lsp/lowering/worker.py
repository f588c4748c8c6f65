"""pallas-lsp lowering worker: run a user's file with every jitted call lowered, never run.

This file is shipped as-is to the interpreter that checks the user's code: a local
virtual environment, or a remote GPU host reached through ssh / srun / kubectl
(streamed on stdin). So it needs the standard library and JAX only, and no other
file of pallas-lsp.

How a check works:
  * ``jax.jit`` is replaced by a wrapper. Calling a jitted function traces it and
    lowers it for CUDA (``.trace(*args).lower(lowering_platforms=("cuda",))``;
    natively on a GPU host), records the outcome, and hands the user's script
    zeros shaped like the output so the script goes on to its next launch.
  * Un-jitted launches (``jax.shard_map(...)``, ``plgpu.kernel(...)``,
    ``pl.pallas_call(...)`` called eagerly) are routed through the same wrapper:
    on a CPU host they would only fail with "Only interpret mode is supported on
    CPU backend", and on a GPU host they would compile and RUN the kernel.
  * Nothing is compiled or executed: the wrapper never builds an executable,
    ``Lowered.compile`` raises, and XLA's compile entry point refuses any module
    that holds a Mosaic GPU kernel or a multimem / multicast operation. On shared
    multi-GPU hosts NVLink multicast can take the GPUs out of service.

Modes:
  python worker.py FILE [--entry NAME|FILE::TEST] [--devices auto|cpu]
      one check; prints the marker line, then one JSON object.
  python - < payload
      the runner's remote form: ``_PALLAS_LSP_REQUEST = '<json>'`` followed by
      this file, on stdin; the request carries the file's text.
  python worker.py --serve
      the warm form: JAX stays imported; one JSON request per stdin line, one
      marker line + JSON reply per check.

Everything the protocol writes goes to a private duplicate of the original
stdout; file descriptor 1 is pointed at stderr so that the user's prints (and
C-level writes) cannot corrupt it.

The user's code runs under the lowering guard (guard.py, sent along in the remote
payload): nothing it does may change the machine, unless the request says
``allow_side_effects``. JAX's own files (temp files) go to a private temp folder:
the runner's (``PALLAS_LSP_PRIVATE_TMP``) or one this worker makes and removes.
"""

import contextlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import threading
import traceback
import types

MARKER = "@@pallas-lsp-lowering-result@@"
MESSAGE_LIMIT = 2000
# Enough CPU devices for the meshes of real multi-GPU kernels (jax-facts.md).
FORCED_DEVICES = 8

# Set when this file arrives as a remote payload (see the module docstring).
_REQUEST_TEXT = globals().get("_PALLAS_LSP_REQUEST")
# The guard's source, sent in the same payload; read from beside this file otherwise.
_GUARD_SOURCE = globals().get("_PALLAS_LSP_GUARD_SOURCE")
# Where the runner asks JAX's temp files to go (it removes the folder after the run).
PRIVATE_TMP_VARIABLE = "PALLAS_LSP_PRIVATE_TMP"
# Variables that make JAX / XLA / Mosaic GPU write files of their own (caches, dumps).
_WRITING_VARIABLES = ("JAX_COMPILATION_CACHE_DIR", "JAX_DUMP_IR_TO", "MOSAIC_GPU_DUMP_TO",
                      "TRITON_CACHE_DIR", "TF_DUMP_GRAPH_PREFIX")
# The watch thread's ident: the worker's own, trusted by the guard (it kills leftovers).
_WATCH_IDENT: list[int] = []


# ---------------------------------------------------------------- environment

def _prepare_environment(devices: str) -> None:
    """Must run before JAX is imported: XLA reads its flags once, at import."""
    flag = f"--xla_force_host_platform_device_count={FORCED_DEVICES}"
    flags = os.environ.get("XLA_FLAGS", "")
    if "xla_force_host_platform_device_count" not in flags:
        # Harmless on a GPU host: the flag only shapes the CPU platform.
        os.environ["XLA_FLAGS"] = (flags + " " + flag).strip()
    if devices == "cpu":
        # Cross-lower on a GPU host too (a 1-GPU host cannot build a 2-device mesh).
        os.environ["JAX_PLATFORMS"] = "cpu"
    # Never let a check grab the whole GPU memory of a shared host.
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")


def _private_tmp() -> tuple[str, bool]:
    """(the private temp folder, whether this worker made it and must remove it).

    Must run before JAX is imported: JAX and XLA read TMPDIR and their cache
    settings then. The user's tempfile calls land here too (the guard allows it).
    """
    given = os.environ.get(PRIVATE_TMP_VARIABLE, "")
    made = not (given and os.path.isdir(given))
    folder = tempfile.mkdtemp(prefix="pallas-lsp-lowering-") if made else given
    for name in ("TMPDIR", "TEMP", "TMP"):
        os.environ[name] = folder
    tempfile.tempdir = folder
    for name in _WRITING_VARIABLES:
        os.environ.pop(name, None)
    os.environ["JAX_ENABLE_COMPILATION_CACHE"] = "false"
    flags = os.environ.get("XLA_FLAGS", "").split()
    os.environ["XLA_FLAGS"] = " ".join(f for f in flags if not f.startswith("--xla_dump"))
    # Importing the user's sibling modules would write __pycache__ into the workspace.
    sys.dont_write_bytecode = True
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    return folder, made


def _empty_folder(folder: str) -> None:
    for name in os.listdir(folder):
        entry = os.path.join(folder, name)
        if os.path.isdir(entry) and not os.path.islink(entry):
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.remove(entry)


def _load_guard() -> types.ModuleType:
    source = _GUARD_SOURCE
    if source is None:
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "guard.py"), encoding="utf-8") as handle:
            source = handle.read()
    module = types.ModuleType("_pallas_lsp_guard")
    exec(compile(source, "pallas-lsp-guard.py", "exec"), module.__dict__)
    return module


class _NoJax(Exception):
    pass


def _import_jax() -> types.ModuleType:
    try:
        import jax
        import jax.numpy
    except ImportError as exc:
        raise _NoJax(f"JAX is not installed in {sys.executable} ({exc})") from None
    try:
        # JAX 0.10 imports it lazily inside pallas_call's GPU lowering; importing it
        # here moves that cost into the warm worker's start. On 0.12.0.1 the module no longer
        # registers a pallas_call rule (hence the bare AssertionError, PAL008) and
        # plgpu.kernel lowers without it.
        import jax._src.pallas.mosaic_gpu.pallas_call_registration
        import jax.experimental.pallas
        import jax.experimental.pallas.mosaic_gpu
    except Exception:
        pass  # a JAX without Mosaic GPU: the user's own import will say so
    return jax


# ---------------------------------------------------------------- one check

class _LaunchAborted(BaseException):
    """A launch whose output could not even be traced: the script cannot go on.

    A BaseException so that the user's ``except Exception`` does not swallow it.
    """


class _Check:
    """The state of one check: which file, and what each launch did."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lowered = 0
        self.errors: list[dict] = []
        self.stopped_at: int | None = None
        self.launches: list[dict] = []

    def stack_lines(self, frame: types.FrameType | None) -> set[int]:
        lines = set()
        while frame is not None:
            if frame.f_code.co_filename == self.path:
                lines.add(frame.f_lineno)
            frame = frame.f_back
        return lines

    def user_line(self, frame: types.FrameType | None) -> int | None:
        while frame is not None:
            if frame.f_code.co_filename == self.path:
                return frame.f_lineno
            frame = frame.f_back
        return None

    def is_user_file(self, filename: str) -> bool:
        """The checked file, or a module of its folder that it imports (a kernel
        defined beside the launcher): JAX's traceback names the kernel's line there."""
        if filename == self.path:
            return True
        folder = os.path.dirname(self.path) + os.sep
        return (filename.startswith(folder) and filename.endswith(".py")
                and "site-packages" not in filename and not filename.startswith(sys.prefix))

    def innermost_user_frame(self, exc: BaseException | None) -> tuple[str, int] | None:
        found = None
        tb = exc.__traceback__ if exc is not None else None
        while tb is not None:
            if self.is_user_file(tb.tb_frame.f_code.co_filename):
                found = (tb.tb_frame.f_code.co_filename, tb.tb_lineno)
            tb = tb.tb_next
        return found

    def raised_by_program(self, exc: BaseException, called_by_program: bool = False) -> bool:
        """Whether ``exc`` was raised by the user's files, or by the standard library or NumPy
        called straight from them (``np.digitize`` of unsorted bins: the program's host values,
        computed before any kernel): from the innermost frame out, the first frame that is
        neither is the user's (a library's, JAX's above all: not the program's). One raised by
        a library the analysis follows (design.md 320) is the program's where the program's
        frames are in the traceback or ``called_by_program``: caught at a jitted call the
        program made, whose frames lie above the traceback's start."""
        files = []
        tb = exc.__traceback__
        while tb is not None:
            files.append(tb.tb_frame.f_code.co_filename)
            tb = tb.tb_next
        # JAX removes its own frames from the traceback of an exception that passed through
        # it (a note says so, or the full one hangs on as __cause__): a NumPy frame there may
        # be JAX's call, not the user's (jnp.ones(...).reshape(shape) fails in NumPy's code).
        filtered = type(exc.__cause__).__name__ == "UnfilteredStackTrace" or any(
            "removed its internal frames" in str(note) for note in getattr(exc, "__notes__", ()))
        # Raised by a library the analysis follows (its own check of what the program passed:
        # all_gather's tile sizes), JAX's own frames between it and the program are only the
        # transformations that carried the call (jax.jit, custom_vjp), not the raiser.
        library_raised = bool(files) and _in_followed_library(files[-1])
        if library_raised and called_by_program:
            return True  # a jitted call of the program's: the traceback starts below it
        for filename in reversed(files):
            if self.is_user_file(filename):
                return True
            if library_raised or _in_followed_library(filename):
                continue
            if not _in_standard_library(filename) and (filtered or not _in_numpy(filename)):
                return False
        return False

    def innermost_user_line(self, exc: BaseException | None) -> int | None:
        found = self.innermost_user_frame(exc)
        return found[1] if found and found[0] == self.path else None

    def error_location(self, exc: BaseException) -> tuple[str, int | None]:
        # An error raised while Mosaic GPU lowers its own dialect (Warpgroup semantics:
        # the vector width of multimem_load_reduce / multimem_store) comes after
        # tracing: no frame of the kernel is left, and the cause names only the kernel
        # launch. The op being lowered still carries the kernel line as its MLIR
        # location, so that comes first. Otherwise JAX attaches the user's stack at the
        # failing primitive as the cause (JaxStackTraceBeforeTransformation); then the
        # exception's own frames (0.11+ VerificationError adds one for the verifier's
        # location), then the MLIR location a verifier names (0.10's raw MLIRError
        # carries only '"file.py":10:17 to 13:5').
        found = (self.lowered_op_location(exc) or self.innermost_user_frame(exc.__cause__)
                 or self.innermost_user_frame(exc))
        if found is not None:
            return found
        return self.path, self.mlir_location_line(str(exc))

    def mlir_location_line(self, message: str) -> int | None:
        import re

        match = re.search(re.escape(json.dumps(self.path)) + r":(\d+):", message)
        return int(match.group(1)) if match else None

    def lowered_op_location(self, exc: BaseException) -> tuple[str, int] | None:
        """The user-file location of the innermost MLIR op Mosaic GPU was lowering when it raised.

        Only frames of JAX's Mosaic GPU package are read. Its dialect lowering
        (``dialect_lowering.lower_op(self, op)`` and each rule ``..._lowering_rule(ctx, op)``,
        JAX 0.10 to 0.12) holds that op in a local named ``op``; its location is the kernel
        line that created it, e.g.
        ``loc("multimem_load_reduce:"("multimem_load_reduce"("kernel"("/k.py":16:16 to :93))))``,
        callee first for a call site.
        """
        found = None
        tb = exc.__traceback__
        while tb is not None:
            if _MOSAIC_GPU_DIR not in tb.tb_frame.f_code.co_filename:
                tb = tb.tb_next
                continue
            op = tb.tb_frame.f_locals.get("op")
            location = str(getattr(getattr(op, "operation", op), "location", "")) if op is not None else ""
            if location.startswith("loc("):  # an MLIR location, not some other "op"
                found = self.location_in_user_file(location) or found
            tb = tb.tb_next
        return found

    def location_in_user_file(self, location: str) -> tuple[str, int] | None:
        import re

        for match in re.finditer(r'"((?:[^"\\]|\\.)+)":(\d+):', location):
            if self.is_user_file(match.group(1)):
                return match.group(1), int(match.group(2))
        return None

    def user_location(self, frame: types.FrameType | None) -> tuple[str, int] | None:
        """The innermost frame in the user's files: where JAX blames an error with no kernel line."""
        while frame is not None:
            if self.is_user_file(frame.f_code.co_filename):
                return frame.f_code.co_filename, frame.f_lineno
            frame = frame.f_back
        return None

    def record_error(self, exc: BaseException, launch_line: int | None,
                     call_site: tuple[str, int] | None = None) -> None:
        message = str(exc).strip() or f"{type(exc).__name__}()"
        file, line = self.error_location(exc)
        if line is None:
            file, line = call_site or (self.path, launch_line)
        self.errors.append({
            "exc_type": type(exc).__name__,
            "message": message[:MESSAGE_LIMIT],
            "line": line,
            "file": file,
            "launch_line": launch_line,
            # Raised by a statement of the user's own files (an `assert` in the kernel body):
            # no check of JAX's, whatever its text (runner.parse_reply).
            "raised_in_user_file": self.is_user_file(_raising_file(exc)),
            # Raised by the user's own code or the standard library it called (a failed
            # `int("")`): the program's own error, PAL079's class where no rule's text claims it.
            "raised_by_program": self.raised_by_program(exc, call_site is not None),
            # Where JAX raised it ("jax/_src/pallas/mosaic_gpu/lowering.py:<function>"): a bare
            # AssertionError is claimed by a rule only at the site it predicts (classify.py).
            "raised_at": _raising_site(exc),
        })


_STDLIB = os.path.normcase(sysconfig.get_paths()["stdlib"]) + os.sep


def _in_standard_library(filename: str) -> bool:
    """A module of Python's own standard library (not an installed package beside it)."""
    if filename.startswith("<frozen "):
        return True
    folded = os.path.normcase(filename)
    return folded.startswith(_STDLIB) and "site-packages" not in folded and "dist-packages" not in folded


# Installed packages the analysis follows from source and never models by name: JAX's kernel
# library (jax.experimental.pallas.ops) and packages that are none of JAX's, NumPy's or the
# libraries JAX itself calls (analysis/ models those; their errors are not the program's).
_MODELLED_PACKAGES = frozenset({"jax", "jaxlib", "numpy", "ml_dtypes", "scipy", "opt_einsum",
                                "jax_cuda12_plugin", "jax_cuda13_plugin", "jax_plugins"})


def _in_followed_library(filename: str) -> bool:
    """A module of an installed package the analysis follows from source: a raise there
    reached straight from the program's call is the library's own check of what the program
    passed it, and PAL079 predicts it on that call."""
    folded = os.path.normcase(filename).replace(os.sep, "/")
    for packages in ("/site-packages/", "/dist-packages/"):
        _, found, rest = folded.rpartition(packages)
        if found:
            top = rest.split("/", 1)[0].removesuffix(".py")
            return rest.startswith("jax/experimental/pallas/ops/") or (
                top not in _MODELLED_PACKAGES and not top.startswith("_") and not top.endswith("-info"))
    return False


def _in_numpy(filename: str) -> bool:
    """A module of the installed NumPy (its Python functions: np.digitize, np.split ...)."""
    folded = os.path.normcase(filename)
    # (The numpy package itself, not a `numpy` folder of another: jax/_src/numpy is JAX's.)
    return any(f"{os.sep}{packages}{os.sep}numpy{os.sep}" in folded
               for packages in ("site-packages", "dist-packages"))


def _raising_site(exc: BaseException) -> str:
    """``path:function`` of the frame that raised ``exc``, the path from its ``jax/`` folder
    on (the raise-site table's spelling); "" for a frame outside JAX."""
    tb, code = exc.__traceback__, None
    while tb is not None:
        code, tb = tb.tb_frame.f_code, tb.tb_next
    if code is None:
        return ""
    path = code.co_filename.replace(os.sep, "/")
    at = path.rfind("/jax/")
    # The qualified name, as the raise-site table spells sites: ``Tiling.tile_shape.fail`` for
    # CPython's ``Tiling.tile_shape.<locals>.fail``. Python before 3.11 has only the bare name.
    name = getattr(code, "co_qualname", code.co_name).replace(".<locals>", "")
    return f"{path[at + 1:]}:{name}" if at >= 0 else ""


def _raising_file(exc: BaseException) -> str:
    """The file of the frame that raised ``exc`` (its traceback's innermost)."""
    tb, filename = exc.__traceback__, ""
    while tb is not None:
        filename, tb = tb.tb_frame.f_code.co_filename, tb.tb_next
    return filename


_CURRENT: _Check | None = None
# Where JAX's Mosaic GPU package (its dialect lowering) lives: jax/experimental/mosaic/gpu/.
_MOSAIC_GPU_DIR = os.sep + os.path.join("mosaic", "gpu") + os.sep


class _LineRecorder:
    """Collects the lines of one file that run inside the block (sys.settrace).

    Only frames of the user's file get a local tracer, so JAX's own frames cost
    one call event each. The previous trace function (a debugger) is restored.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.lines: set[int] = set()

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename != self.path:
            return None
        self.lines.add(frame.f_lineno)
        return self._local

    def _local(self, frame, event, arg):
        if event == "line":
            self.lines.add(frame.f_lineno)
        return self._local

    def __enter__(self) -> set[int]:
        self._saved = sys.gettrace()
        sys.settrace(self._global)
        return self.lines

    def __exit__(self, *exc) -> None:
        sys.settrace(self._saved)


class _Lowerer:
    """Installs the jit wrapper and the compile guards into an imported JAX."""

    def __init__(self, jax: types.ModuleType) -> None:
        self.jax = jax
        self.real_jit = jax.jit
        self.native = jax.default_backend() in ("gpu", "cuda")
        self.platform = jax.devices()[0].platform if self.native else "cpu"
        self.device_kind = jax.devices()[0].device_kind

    def _lower_traced(self, traced):
        if self.native:
            return traced.lower()
        return traced.lower(lowering_platforms=("cuda",))

    def zeros_like(self, out_info):
        jnp = self.jax.numpy
        return self.jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), out_info)

    def _recorded(self, jitted, args, kwargs, frame):
        """Trace and lower one launch, recording it; returns (traced, lowered or None)."""
        check = _CURRENT
        if check is None:  # outside a check (cannot happen in the protocol): lower only
            traced = jitted.trace(*args, **kwargs)
            return traced, self._lower_traced(traced)
        record = {"line": check.user_line(frame), "ok": False,
                  "traced_lines": sorted(check.stack_lines(frame))}
        call_site = check.user_location(frame)
        check.launches.append(record)
        try:
            with _LineRecorder(check.path) as lines:
                traced = jitted.trace(*args, **kwargs)
        except Exception as exc:
            # Trace-time errors (NameError: unbound axis name) are launch errors
            # too, but without an output shape the script cannot continue.
            check.record_error(exc, record["line"], call_site)
            check.stopped_at = record["line"]
            raise _LaunchAborted() from None
        # The lines the kernel body ran while traced: merge.py refutes a static
        # finding on such a line only when its launch lowered cleanly.
        record["traced_lines"] = sorted(set(record["traced_lines"]) | lines)
        try:
            lowered = self._lower_traced(traced)
        except Exception as exc:
            check.record_error(exc, record["line"], call_site)
            return traced, None
        check.lowered += 1
        record["ok"] = True
        return traced, lowered

    def launch(self, jitted, args, kwargs, frame):
        """A call of a jitted function: lowered, and zeros shaped like its output."""
        traced, _ = self._recorded(jitted, args, kwargs, frame)
        return self.zeros_like(traced.out_info)

    def explicit_lower(self, jitted, args, kwargs, frame):
        """The user's own ``jax.jit(f).lower(x)``: a launch that hands back the Lowered."""
        _, lowered = self._recorded(jitted, args, kwargs, frame)
        if lowered is None:
            # Recorded already; the script cannot go on without its Lowered.
            _CURRENT.stopped_at = _CURRENT.launches[-1]["line"]
            raise _LaunchAborted()
        return lowered

    def install(self) -> None:
        jax = self.jax
        lowerer = self

        class LoweringJitted:
            """What ``jax.jit(f)`` returns inside a check: lowers, never runs."""

            def __init__(self, jitted, fun) -> None:
                self._jitted = jitted
                self.__wrapped__ = fun
                for attr in ("__name__", "__qualname__", "__doc__", "__module__"):
                    with contextlib.suppress(Exception):
                        setattr(self, attr, getattr(fun, attr))

            def __call__(self, *args, **kwargs):
                if not _trace_state_clean(jax):
                    # Nested inside another trace: just trace through.
                    return self._jitted(*args, **kwargs)
                return lowerer.launch(self._jitted, args, kwargs, sys._getframe(1))

            def trace(self, *args, **kwargs):
                return self._jitted.trace(*args, **kwargs)

            def lower(self, *args, **kwargs):
                # An explicit .lower() by the user is a launch too (for CUDA).
                return lowerer.explicit_lower(self._jitted, args, kwargs, sys._getframe(1))

            def eval_shape(self, *args, **kwargs):
                return self._jitted.eval_shape(*args, **kwargs)

            def __get__(self, obj, objtype=None):
                return self if obj is None else types.MethodType(self, obj)

        def lowering_jit(fun=None, *jit_args, **jit_kwargs):
            if fun is None:  # functools.partial(jax.jit, ...) / @jax.jit(...) forms
                return lambda f: lowering_jit(f, *jit_args, **jit_kwargs)
            return LoweringJitted(lowerer.real_jit(fun, *jit_args, **jit_kwargs), fun)

        jax.jit = lowering_jit

        def eager_to_launch(make):
            """Wrap a factory (shard_map, plgpu.kernel, pallas_call) so that an eager
            call of what it builds becomes a launch of ``jax.jit`` of it."""
            if getattr(make, "_pallas_lsp_wrapped", False):
                return make

            def factory(*args, **kwargs):
                if not args:  # shard_map(mesh=..., ...) without f returns a decorator
                    return lambda fun: factory(fun, **kwargs)
                built = make(*args, **kwargs)

                def call(*c_args, **c_kwargs):
                    if not _trace_state_clean(jax):
                        return built(*c_args, **c_kwargs)
                    jitted = lowerer.real_jit(built)
                    return lowerer.launch(jitted, c_args, c_kwargs, sys._getframe(1))

                call.__wrapped__ = built
                return call

            factory._pallas_lsp_wrapped = True
            factory.__wrapped__ = make
            return factory

        jax.shard_map = eager_to_launch(jax.shard_map)
        try:
            import jax.experimental.pallas as pl
            pl.pallas_call = eager_to_launch(pl.pallas_call)
            import jax.experimental.pallas.mosaic_gpu as plgpu
            plgpu.kernel = eager_to_launch(plgpu.kernel)
        except Exception:
            pass

        def refuse_compile(self, *args, **kwargs):
            raise RuntimeError(
                "pallas-lsp lowering check: compiling is refused (the check only lowers)"
            )

        jax.stages.Lowered.compile = refuse_compile
        _guard_backend_compile()
        if not self.native:
            _quiet_host_callbacks(jax)


def _quiet_host_callbacks(jax: types.ModuleType) -> None:
    """Cross-lowering only: host callbacks become no-ops (or zeros) while traced.

    A callback cannot be lowered for CUDA without a CUDA backend ("the platform
    for the specified backend cpu is different from the lowering platform
    cuda"), and one jax.debug.print would then hide every kernel lowered after it.
    They never run either way; on a GPU host they are left as written.
    """
    jnp = jax.numpy

    def zeros(result_shape_dtypes):
        return jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), result_shape_dtypes)

    def no_op(*args, **kwargs):
        return None

    def returns_zeros(callback, result_shape_dtypes, *args, **kwargs):
        return zeros(result_shape_dtypes)

    jax.debug.print = no_op
    jax.debug.callback = no_op
    jax.pure_callback = returns_zeros
    try:
        import jax.experimental
        jax.experimental.io_callback = returns_zeros
        jax.experimental.pure_callback = returns_zeros
    except (ImportError, AttributeError):
        pass


def _trace_state_clean(jax: types.ModuleType) -> bool:
    try:
        return jax._src.core.trace_state_clean()
    except Exception:
        return True


# Custom-call targets and op names that must never reach a device compiler here.
_FORBIDDEN_IN_COMPILE = ("mosaic_gpu", "multimem", "multicast", "__gpu$xla.gpu.triton")


def _guard_backend_compile() -> None:
    """Last line of defence: XLA's compile entry refuses any GPU-kernel module.

    Eager jnp operations of the user's script (jnp.ones) still compile for the
    host; a module with a Mosaic GPU custom call never does, whatever path
    (eager dispatch, a jit object reached some other way) brought it here.
    """
    from jax._src import compiler

    # compile_or_get_cached too: a persistent compilation cache could otherwise
    # hand back an executable without reaching the compiler.
    for name in ("compile_or_get_cached", "backend_compile_and_load", "backend_compile"):
        real = getattr(compiler, name, None)
        if real is None or getattr(real, "_pallas_lsp_guard", False):
            continue

        def guarded(*args, _real=real, **kwargs):
            module = args[1] if len(args) > 1 else kwargs.get("module", kwargs.get("computation"))
            try:
                text = str(module)
            except Exception:
                text = ""
            if any(word in text for word in _FORBIDDEN_IN_COMPILE):
                raise RuntimeError(
                    "pallas-lsp lowering check: refusing to compile a module holding a "
                    "GPU kernel (the check only lowers)"
                )
            return _real(*args, **kwargs)

        guarded._pallas_lsp_guard = True
        setattr(compiler, name, guarded)


# ---------------------------------------------------------------- running user code

def _split_entry(entry: str | None) -> tuple[str | None, list[str]]:
    """'fn' -> (None, ['fn']); 'tests/t.py::Cls::test' -> ('tests/t.py', ['Cls', 'test'])."""
    if not entry:
        return None, []
    if "::" in entry:
        file_part, *names = entry.split("::")
        # A parametrized node id (test_x[a-b]) names the plain function here.
        names = [n.split("[", 1)[0] for n in names]
        return file_part, names
    return None, entry.split(".")


class _Cancelled(BaseException):
    """The runner asked a warm worker to stop the check in progress (SIGUSR2: a newer save).

    A BaseException, so the user's ``except Exception`` and the worker's own handlers of
    the file's errors let it through."""


# Whether a cancel may interrupt now: only while the user's code runs, never while the
# worker sets up or undoes the check (a cancel there would leave the process half-restored;
# it waits, and the finished check's result is what the runner discards).
# A cancel that lands between checks (the last one had just finished) is ignored.
_CANCEL = {"armed": False, "asked": False, "checking": False}


def _on_cancel_signal(signum: int, frame: object) -> None:
    if not _CANCEL["checking"]:
        return
    _CANCEL["asked"] = True
    if _CANCEL["armed"]:
        _CANCEL["armed"] = False  # once: the unwinding below must not be interrupted again
        raise _Cancelled


def _run_user_code(path: str, source: str, entry: str | None, check: _Check,
                   armed: contextlib.AbstractContextManager) -> dict | None:
    """Run the file (and entry) inside ``armed`` (the guard); returns the fatal record or None."""
    entry_file, entry_names = _split_entry(entry)
    if entry_file and os.path.basename(entry_file) != os.path.basename(path):
        return {"kind": "bad_entry", "line": None,
                "message": f"entry {entry!r} names another file than {path}"}
    module_name = "__main__" if not entry_names else _module_name(path)
    module = types.ModuleType(module_name)
    module.__file__ = path
    module.__builtins__ = __builtins__
    saved_main = sys.modules.get(module_name)
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    modules_before = set(sys.modules)
    sys.modules[module_name] = module
    sys.argv = [path]
    sys.path.insert(0, os.path.dirname(path) or ".")
    saved_cwd = os.getcwd()
    if os.path.isdir(os.path.dirname(path)):
        os.chdir(os.path.dirname(path))  # as if run from its folder, in every mode alike
    stage = "module"
    try:
        # Armed only around the user's code: the folder changes above and below are the
        # worker's own, and the handlers below run after the guard's exit hooks are dropped.
        with armed:
            code = compile(source, path, "exec")
            _CANCEL["armed"] = not _CANCEL["asked"]
            if _CANCEL["asked"]:
                raise _Cancelled  # asked before the user's code began
            exec(code, module.__dict__)
            if entry_names:
                stage = "entry"
                target = module
                for name in entry_names:
                    target = getattr(target, name)
                    if isinstance(target, type):  # a test class: call its method on an instance
                        target = target()
                target()
        return None
    except _LaunchAborted:
        return None
    except _Refused as exc:
        return {"kind": "refused", "line": exc.line, "message": exc.message}
    except SystemExit as exc:
        if exc.code in (None, 0):
            return None
        return {"kind": "user_code", "line": check.innermost_user_line(exc),
                "message": f"the file exited with status {exc.code!r}"}
    except SyntaxError as exc:
        return {"kind": "user_code", "line": exc.lineno, "message": f"SyntaxError: {exc.msg}"}
    except AttributeError as exc:
        if stage == "entry" and check.lowered == 0 and not check.errors:
            return {"kind": "bad_entry", "line": None, "message": f"entry {entry!r}: {exc}"}
        return _user_fatal(exc, check)
    except Exception as exc:
        return _user_fatal(exc, check)
    finally:
        _CANCEL["armed"] = False
        os.chdir(saved_cwd)
        sys.argv, sys.path[:] = saved_argv, saved_path
        if saved_main is not None:
            sys.modules[module_name] = saved_main
        else:
            sys.modules.pop(module_name, None)
        _forget_user_modules(modules_before, os.path.dirname(os.path.abspath(path)))


# JAX's global mesh settings (jax._src.config before 0.12, jax._src.mesh from 0.12):
# what `jax.set_mesh(mesh)` / `with mesh:` store outside any `with`.
_MESH_STATE_NAMES = ("mesh_context_manager", "abstract_mesh_context_manager", "device_context")


def _save_mesh_state(jax: types.ModuleType) -> list:
    saved = []
    seen: set[int] = set()
    for module_name in ("jax._src.config", "jax._src.mesh"):
        module = sys.modules.get(module_name)
        for name in _MESH_STATE_NAMES:
            state = getattr(module, name, None)
            if state is None or id(state) in seen or not hasattr(state, "get_local"):
                continue
            seen.add(id(state))
            try:
                saved.append((state, state.get_local()))
            except Exception:
                continue
    return saved


def _restore_mesh_state(saved: list) -> None:
    for state, value in saved:
        with contextlib.suppress(Exception):
            state.set_local(value)


def _save_config(jax: types.ModuleType) -> dict:
    """JAX's global options as the file found them (``jax.config.values``): a file that calls
    ``jax.config.update("jax_enable_x64", True)`` must not turn 64-bit types on for the next
    file a warm worker lowers."""
    try:
        return dict(jax.config.values)
    except Exception:
        return {}


def _restore_config(jax: types.ModuleType, saved: dict) -> None:
    try:
        now = dict(jax.config.values)
    except Exception:
        return
    for name, value in saved.items():
        if now.get(name, value) != value:
            with contextlib.suppress(Exception):
                jax.config.update(name, value)


def _clear_caches(jax: types.ModuleType) -> None:
    """Forget what JAX cached while lowering the file (``jax.clear_caches()``: its traces and
    memoized helpers). JAX keys some caches by equality: a file that builds
    ``plgpu.Barrier(num_arrivals=Fraction(2, 1))`` (equal to 2, and hashed alike) left an entry
    that failed the next file's ``plgpu.Barrier(num_arrivals=2)`` with "std::bad_cast" (0.12.0.1;
    "<class 'fractions.Fraction'>" on 0.10.2), a file that lowers alone: a warm worker must
    judge each file as a fresh process would."""
    with contextlib.suppress(Exception):
        jax.clear_caches()


def _user_fatal(exc: BaseException, check: _Check) -> dict:
    message = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return {"kind": "user_code", "line": check.innermost_user_line(exc),
            "message": message[:MESSAGE_LIMIT], "raised_by_program": check.raised_by_program(exc),
            "raised_in_user_file": check.is_user_file(_raising_file(exc)),
            # (where JAX raised it: a pattern bound to sites claims it there only, classify.py)
            "raised_at": _raising_site(exc)}


def _module_name(path: str) -> str:
    name = os.path.splitext(os.path.basename(path))[0]
    return name if name.isidentifier() else "_pallas_lsp_user_module"


def _forget_user_modules(before: set, user_dir: str) -> None:
    """A warm worker must not keep the user's sibling modules from an older check."""
    for name in set(sys.modules) - before:
        file = getattr(sys.modules.get(name), "__file__", None) or ""
        if os.path.abspath(file).startswith(user_dir + os.sep):
            sys.modules.pop(name, None)


# ---------------------------------------------------------------- protocol

class _Refused(BaseException):
    """Stands in for guard.Refused until the guard is loaded (nothing raises it before)."""


class Worker:
    def __init__(self, devices: str = "auto") -> None:
        global _Refused
        _prepare_environment(devices)
        self.private_tmp, self.made_tmp = _private_tmp()
        self.jax = _import_jax()
        self.lowerer = _Lowerer(self.jax)
        self.lowerer.install()
        # After JAX's import and its backend's start (the Lowerer asked for its devices):
        # the shared objects of jaxlib are loaded by then, so the guard's narrow rule
        # for native libraries (JAX's own folders only) covers what JAX loads later.
        guard_module = _load_guard()
        _Refused = guard_module.Refused
        self.guard = guard_module.Guard(self.private_tmp, guard_module.library_dirs())
        self.guard.trusted_idents.update(_WATCH_IDENT)
        self.guard.install()

    def close(self) -> None:
        """Remove the private temp folder when this worker made it (the runner removes its own)."""
        if self.made_tmp:
            shutil.rmtree(self.private_tmp, ignore_errors=True)

    def header(self) -> dict:
        return {
            "jax_version": self.jax.__version__,
            "device_kind": self.lowerer.device_kind,
            "platform": self.lowerer.platform,
            "native": self.lowerer.native,
            "python": sys.version.split()[0],
        }

    def check(self, request: dict) -> dict:
        global _CURRENT
        path = request["path"]
        source = request.get("source")
        result = self.header()
        if source is None:
            try:
                with open(path, encoding="utf-8") as fh:
                    source = fh.read()
            except OSError as exc:
                result.update(lowered=0, errors=[], stopped_at=None,
                              fatal={"kind": "unreadable", "line": None, "message": str(exc)})
                return result
        check = _Check(path)
        _CURRENT = check
        saved_meshes = _save_mesh_state(self.jax)
        saved_config = _save_config(self.jax)
        guarded = not request.get("allow_side_effects", False)
        armed = self.guard.armed(check.user_line) if guarded else contextlib.nullcontext()
        cancelled = False
        try:
            fatal = _run_user_code(path, source, request.get("entry"), check, armed)
        except _Cancelled:
            fatal, cancelled = None, True
        finally:
            _CANCEL["armed"] = False
            _CURRENT = None
            # A plain `jax.set_mesh(mesh)` statement sets a process-global mesh: a warm
            # worker would hand it to every later file ("The context mesh ... should
            # match the mesh passed to shard_map").
            _restore_mesh_state(saved_meshes)
            _restore_config(self.jax, saved_config)
            _clear_caches(self.jax)
            _empty_folder(self.private_tmp)
        refusal = self.guard.refusal if guarded else None
        if refusal is not None:
            # Reported even when the user's code caught it (a bare except): it stopped there.
            fatal = {"kind": "refused", "line": refusal.line, "message": refusal.message}
        result.update(lowered=check.lowered, errors=check.errors, launches=check.launches,
                      stopped_at=check.stopped_at, fatal=fatal)
        if cancelled:
            result["cancelled"] = True
        if guarded:
            lingering = self.guard.lingering_threads()
            if lingering:
                # A thread of the file's is still running: it cannot be stopped from here,
                # so the guard stays armed and the runner retires this worker (warm: it
                # starts a fresh one; one-shot: the worker exits).
                self.guard.lock()
                result["retire"] = True
                result["lingering_threads"] = lingering
        return result


def _protocol_stream():
    """A private copy of stdout for results; fd 1 then goes to stderr."""
    sys.stdout.flush()
    out_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(out_fd, "w", encoding="utf-8", buffering=1)


def _emit(stream, obj: dict) -> None:
    stream.write(MARKER + "\n" + json.dumps(obj) + "\n")
    stream.flush()


def _fatal_only(kind: str, message: str) -> dict:
    return {"jax_version": None, "device_kind": None, "platform": None, "lowered": 0,
            "errors": [], "stopped_at": None,
            "fatal": {"kind": kind, "line": None, "message": message}}


def _start(stream, devices: str) -> Worker | None:
    try:
        return Worker(devices)
    except _NoJax as exc:
        _emit(stream, _fatal_only("no_jax", str(exc)))
    except Exception as exc:
        _emit(stream, _fatal_only("worker_crashed", f"JAX failed to start: {exc!r}"))
    return None


def serve(devices: str) -> None:
    stream = _protocol_stream()
    worker = _start(stream, devices)
    if worker is None:
        return
    # Requests come on a private copy of stdin; the user's code reads /dev/null,
    # so an input() in a checked file cannot swallow the next request.
    requests = os.fdopen(os.dup(0), encoding="utf-8")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the worker
    import signal

    signal.signal(signal.SIGUSR2, _on_cancel_signal)
    _emit(stream, {"ready": True, **worker.header()})
    for line in requests:
        if not line.strip():
            continue
        request = json.loads(line)
        _CANCEL["asked"], _CANCEL["checking"] = False, True
        try:
            result = worker.check(request)
        finally:
            _CANCEL["checking"] = False
        _emit(stream, result)
    _finish(worker)


def _finish(worker: Worker) -> None:
    """End without running exit hooks or waiting for the user's threads: a hook or a
    thread of a checked file would act after its check (the guard drops the hooks the
    file registered; this covers what libraries registered while it ran)."""
    worker.close()
    sys.stderr.flush()
    os._exit(0)


def _watch_parent() -> None:
    """Die with the process that started this worker (issue 12, item 7).

    Started by pallas-lsp, the worker knows its parent's pid and its run's token from
    its environment (lowering/reaper.py). When the parent is gone (kill -9 of the server
    or the CLI: this process is handed to init), every process of the run is killed,
    the user's daemons included, and then the worker itself.
    """
    import signal
    import time

    parent = os.environ.get("PALLAS_LSP_PARENT", "")
    token = os.environ.get("PALLAS_LSP_RUN", "")
    if not parent.isdigit() or not token:
        return  # run by hand, or remotely: nothing to watch

    # The parent may be a launcher in between (a local "bash -c 'python3 -'" remote
    # command): orphaned when that one is gone, or when pallas-lsp itself is.
    start = os.getppid()

    def orphaned() -> bool:
        if os.getppid() != start:
            return True
        try:
            os.kill(int(parent), 0)
        except ProcessLookupError:
            return True
        except OSError:
            pass  # alive, owned by another user
        return False

    def sweep() -> None:
        needle = ("PALLAS_LSP_RUN=" + token).encode()
        for _ in range(8):
            left = []
            for name in os.listdir("/proc") if os.path.isdir("/proc") else ():
                if not name.isdigit() or int(name) == os.getpid():
                    continue
                try:
                    with open(f"/proc/{name}/environ", "rb") as handle:
                        if needle in handle.read().split(b"\0"):
                            left.append(int(name))
                except OSError:
                    continue
            if not left:
                return
            for pid in left:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)

    def watch() -> None:
        while not orphaned():
            time.sleep(0.2)
        with contextlib.suppress(OSError):
            sweep()
        # The runner that made the private temp folder is gone: nobody else removes it.
        private = os.environ.get(PRIVATE_TMP_VARIABLE, "")
        if private:
            shutil.rmtree(private, ignore_errors=True)
        os._exit(1)

    watcher = threading.Thread(target=watch, name="pallas-lsp-parent-watch", daemon=True)
    watcher.start()
    _WATCH_IDENT.append(watcher.ident)


def main(argv: list[str]) -> None:
    _watch_parent()
    if _REQUEST_TEXT is not None:
        request = json.loads(_REQUEST_TEXT)
    elif argv and argv[0] == "--serve":
        devices = argv[argv.index("--devices") + 1] if "--devices" in argv else "auto"
        serve(devices)
        return
    else:
        request = _parse_args(argv)
    stream = _protocol_stream()
    worker = _start(stream, request.get("devices", "auto"))
    if worker is not None:
        _emit(stream, worker.check(request))
        _finish(worker)


def _parse_args(argv: list[str]) -> dict:
    import argparse

    parser = argparse.ArgumentParser(description="Lower every jitted call of FILE for CUDA.")
    parser.add_argument("file")
    parser.add_argument("--entry", default=None)
    parser.add_argument("--devices", choices=("auto", "cpu"), default="auto")
    args = parser.parse_args(argv)
    return {"path": os.path.abspath(args.file), "entry": args.entry, "devices": args.devices}


if __name__ == "__main__":
    main(sys.argv[1:])
