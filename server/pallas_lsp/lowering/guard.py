"""The lowering guard: while the user's file runs, nothing it does may change the machine.

Shipped with ``worker.py`` (it needs the standard library only, and is sent along in the
remote payload). The worker imports JAX and starts its backend first, then installs the
guard; each check runs the user's code with the guard armed:

  * a CPython audit hook (``sys.addaudithook``) refuses the audited actions that change
    something outside this process: opening a file for writing / appending / creating /
    truncating, rename, remove, rmdir, mkdir, link, symlink, truncate, chmod, chown,
    utime, xattrs, ``shutil.rmtree``, ``sqlite3.connect`` to a file, starting programs
    (``os.system``, ``subprocess.Popen``, ``os.exec*``, ``os.posix_spawn``, ``os.spawn*``,
    ``os.fork``, ``os.forkpty``), signalling other processes, sockets (connect, bind,
    sendto, sendmsg) and host-name lookups, loading native libraries with ctypes (and
    calling through it), and ``os.chdir`` to another folder;
  * what the hook cannot see is closed by hand: ``_posixsubprocess.fork_exec`` (a
    direct call starts a program with no audit event), the import of ``_cffi_backend``
    (cffi loads libraries without audit events), ``atexit.register`` (an exit hook runs
    after the check: the guard records and drops it);
  * everything under the private temp folder (``TMPDIR`` of the worker) is allowed, and
    ``/dev/null``; ctypes may load libraries only from JAX's own package folders.

A refused action raises ``Refused`` (a BaseException, so the user's ``except Exception``
does not swallow it) and is recorded with the line of the checked file that tried it;
the worker reports the first refusal even when the user's code caught it.
"""

import atexit
import contextlib
import os
import sys
import threading
import types
from collections.abc import Callable, Iterator

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_WRITABLE_DEVICES = ("/dev/null", "/dev/stdout", "/dev/stderr")
# Why each kind of action is refused, as the user reads it after "the file ...".
MACHINE = "the lowering check never lets a file change your machine"
NETWORK = "the lowering check never lets a file reach the network"
PROCESSES = "the lowering check never lets a file start or signal other processes"
NATIVE = "the lowering check never lets a file load native code it could act through"
NEXT_STEP = ("; to run it as written, turn on pallasLsp.lowering.allowSideEffects "
             "(CLI: --allow-side-effects)")


class Refused(BaseException):
    """An action the guard refused: the check stops at the line that tried it."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def _text(path) -> str:
    if isinstance(path, int):
        return f"file descriptor {path}"
    try:
        return os.fsdecode(path)
    except TypeError:
        return str(path)


class Guard:
    """One per worker process: the audit hook is installed once and armed per check."""

    def __init__(self, private_dir: str, library_dirs: list[str]) -> None:
        self.private_dir = os.path.realpath(private_dir)
        self.library_dirs = [os.path.realpath(d) for d in library_dirs]
        self.active = False
        self.refusal: Refused | None = None
        self.line_of = None  # frame -> line of the checked file (set per check)
        self.exit_hooks: list = []
        self._local = threading.local()
        # Threads of the worker itself (its parent watch): they may kill the run's leftovers.
        self.trusted_idents: set[int] = set()
        self._real_register = atexit.register
        self._events = {
            "open": self._open,
            "os.rename": lambda src, dst, sfd=None, dfd=None: self._change(
                f"renames {_text(src)!r} to {_text(dst)!r}", (src, sfd), (dst, dfd)),
            "os.remove": lambda path, fd=None: self._change(f"deletes {_text(path)!r}", (path, fd)),
            "os.rmdir": lambda path, fd=None: self._change(
                f"deletes the folder {_text(path)!r}", (path, fd)),
            "os.mkdir": lambda path, mode=None, fd=None: self._change(
                f"creates the folder {_text(path)!r}", (path, fd)),
            "os.link": lambda src, dst, sfd=None, dfd=None: self._change(
                f"links {_text(dst)!r} to {_text(src)!r}", (dst, dfd)),
            "os.symlink": lambda src, dst, fd=None: self._change(
                f"creates the symbolic link {_text(dst)!r}", (dst, fd)),
            "os.truncate": lambda path, length=None: self._change(
                f"truncates {_text(path)!r}", (path, None)),
            "os.chmod": lambda path, mode=None, fd=None: self._change(
                f"changes the permissions of {_text(path)!r}", (path, fd)),
            "os.chown": lambda path, uid=None, gid=None, fd=None: self._change(
                f"changes the owner of {_text(path)!r}", (path, fd)),
            "os.chflags": lambda path, flags=None: self._change(
                f"changes the flags of {_text(path)!r}", (path, None)),
            "os.lchflags": lambda path, flags=None: self._change(
                f"changes the flags of {_text(path)!r}", (path, None)),
            "os.utime": lambda path, *rest: self._change(
                f"changes the times of {_text(path)!r}", (path, rest[-1] if rest else None)),
            "os.setxattr": lambda path, *rest: self._change(
                f"sets an extended attribute of {_text(path)!r}", (path, None)),
            "os.removexattr": lambda path, *rest: self._change(
                f"removes an extended attribute of {_text(path)!r}", (path, None)),
            "os.mkfifo": lambda path, mode=None, fd=None: self._change(
                f"creates the pipe {_text(path)!r}", (path, fd)),
            "os.mknod": lambda path, *rest: self._change(
                f"creates the device node {_text(path)!r}", (path, None)),
            "shutil.rmtree": lambda path, fd=None: self._change(
                f"deletes the folder tree {_text(path)!r}", (path, fd)),
            "sqlite3.connect": self._sqlite,
            "os.chdir": self._chdir,
            "os.system": lambda command: self._refuse(
                f"runs the shell command {_text(command)!r}", PROCESSES),
            "subprocess.Popen": lambda executable, args, *rest: self._refuse(
                f"starts the program {self._program(executable, args)!r}", PROCESSES),
            "os.exec": lambda path, *rest: self._refuse(
                f"replaces itself with the program {_text(path)!r} (os.exec*)", PROCESSES),
            "os.posix_spawn": lambda path, *rest: self._refuse(
                f"starts the program {_text(path)!r} (os.posix_spawn)", PROCESSES),
            "os.spawn": lambda mode, path, *rest: self._refuse(
                f"starts the program {_text(path)!r} (os.spawn*)", PROCESSES),
            "os.fork": lambda *rest: self._refuse("forks a process (os.fork)", PROCESSES),
            "os.forkpty": lambda *rest: self._refuse(
                "forks a process on a pseudo-terminal (pty / os.forkpty)", PROCESSES),
            "os.kill": self._kill,
            "os.killpg": lambda pgid, sig: self._refuse(
                f"sends signal {sig} to process group {pgid}", PROCESSES),
            "resource.prlimit": self._prlimit,
            "socket.connect": lambda sock, address: self._refuse(
                f"connects a socket to {self._address(address)}", NETWORK),
            "socket.bind": lambda sock, address: self._refuse(
                f"binds a socket to {self._address(address)}", NETWORK),
            "socket.sendto": lambda sock, address: self._refuse(
                f"sends on a socket to {self._address(address)}", NETWORK),
            "socket.sendmsg": lambda sock, address: self._refuse(
                f"sends on a socket to {self._address(address)}", NETWORK),
            "socket.getaddrinfo": lambda host, *rest: self._refuse(
                f"looks up the host name {_text(host)!r}", NETWORK),
            "socket.gethostbyname": lambda host: self._refuse(
                f"looks up the host name {_text(host)!r}", NETWORK),
            "socket.gethostbyaddr": lambda host: self._refuse(
                f"looks up the address {_text(host)!r}", NETWORK),
            "socket.getnameinfo": lambda address: self._refuse(
                f"looks up the name of {self._address(address)}", NETWORK),
            "socket.sethostname": lambda name: self._refuse(
                f"sets the host name to {_text(name)!r}", MACHINE),
            "ctypes.dlopen": self._dlopen,
            "ctypes.dlsym": self._dlsym,
            "ctypes.dlsym/handle": lambda handle, name: self._refuse(
                f"looks up the native symbol {_text(name)!r} (ctypes)", NATIVE),
            "ctypes.call_function": lambda pointer, arguments: self._refuse(
                "calls a native function through ctypes", NATIVE),
            "import": self._import,
        }

    # ------------------------------------------------------------ the worker's side

    def install(self) -> None:
        sys.addaudithook(self._hook)
        self._close_unaudited()

    @contextlib.contextmanager
    def armed(self, line_of: Callable[[types.FrameType], int | None]) -> Iterator[None]:
        """The user's code runs inside: refusals raise, exit hooks are recorded."""
        self.refusal, self.line_of, self.exit_hooks = None, line_of, []
        threads_before = set(threading.enumerate())
        atexit.register = self._record_exit_hook
        self.active = True
        try:
            yield
        finally:
            self.active = False
            atexit.register = self._real_register
            for hook in self.exit_hooks:  # an exit hook would run after the check, unguarded
                atexit.unregister(hook)
            self.started_threads = [t for t in threading.enumerate()
                                    if t not in threads_before and t.is_alive()]

    def lock(self) -> None:
        """Armed for good: a thread of the file outlived its check, and this worker is
        retired; until it ends, whatever that thread tries is refused."""
        self.active = True
        self.line_of = None

    def lingering_threads(self, wait_s: float = 0.2) -> list[str]:
        """Names of the threads the check started that are still running after ``wait_s``."""
        for thread in getattr(self, "started_threads", ()):
            thread.join(wait_s / max(1, len(self.started_threads)))
        return [t.name for t in getattr(self, "started_threads", ()) if t.is_alive()]

    # ------------------------------------------------------------ the hook

    def _hook(self, event: str, args: tuple) -> None:
        if not self.active:
            return
        check = self._events.get(event)
        if check is None:
            return
        local = self._local
        if getattr(local, "busy", False) or threading.get_ident() in self.trusted_idents:
            return
        local.busy = True  # what the checks call (realpath, readlink) raises events too
        try:
            check(*args)
        except TypeError:
            # Another Python gave the event other arguments: refuse rather than guess.
            self._refuse(f"does something the lowering check refuses ({event})", MACHINE)
        finally:
            local.busy = False

    def _refuse(self, what: str, why: str) -> None:
        frame = sys._getframe(1)
        line = self.line_of(frame) if self.line_of is not None else None
        refusal = Refused(f"the file {what}; {why}{NEXT_STEP}", line)
        if self.refusal is None:
            self.refusal = refusal
        raise refusal

    def _inside_private(self, path, dir_fd=None) -> bool:
        if isinstance(path, int):
            return True  # an open descriptor: what it names was already allowed
        try:
            text = os.fsdecode(path)
        except TypeError:
            return False
        if dir_fd is not None and dir_fd != -1 and not os.path.isabs(text):
            try:
                text = os.path.join(os.readlink(f"/proc/self/fd/{dir_fd}"), text)
            except OSError:
                return False
        real = os.path.realpath(text)
        return real == self.private_dir or real.startswith(self.private_dir + os.sep)

    def _change(self, what: str, *paths: tuple) -> None:
        if not all(self._inside_private(path, fd) for path, fd in paths):
            self._refuse(what, MACHINE)

    def _open(self, path, mode, flags) -> None:
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITE_FLAGS)
        if not writes or isinstance(path, int):
            return
        if _text(path) in _WRITABLE_DEVICES or self._inside_private(path):
            return
        self._refuse(f"opens {_text(path)!r} for writing", MACHINE)

    def _sqlite(self, database, *rest) -> None:
        name = _text(database)
        if name in ("", ":memory:") or name.startswith("file::memory:"):
            return
        if not self._inside_private(database):
            self._refuse(f"opens the database {name!r} (sqlite3)", MACHINE)

    def _chdir(self, path) -> None:
        if isinstance(path, int) or self._inside_private(path):
            return
        if os.path.realpath(_text(path)) == os.path.realpath(os.getcwd()):
            return  # already there: nothing changes
        self._refuse(f"changes the working directory to {_text(path)!r}", MACHINE)

    def _kill(self, pid, sig) -> None:
        if pid != os.getpid():
            self._refuse(f"sends signal {sig} to process {pid}", PROCESSES)

    def _prlimit(self, pid, *rest) -> None:
        if pid not in (0, os.getpid()):
            self._refuse(f"changes the resource limits of process {pid}", PROCESSES)

    def _allowed_library(self, name) -> bool:
        if name is None:
            return False
        real = os.path.realpath(_text(name))
        return any(real.startswith(folder + os.sep) for folder in self.library_dirs)

    def _dlopen(self, name) -> None:
        if not self._allowed_library(name):
            shown = "the program's own symbols" if name is None else repr(_text(name))
            self._refuse(f"loads the native library {shown} (ctypes)", NATIVE)

    def _dlsym(self, library, name) -> None:
        if not self._allowed_library(getattr(library, "_name", None)):
            self._refuse(f"looks up the native symbol {_text(name)!r} (ctypes)", NATIVE)

    def _import(self, module, *rest) -> None:
        if module in ("_cffi_backend", "cffi") and module not in sys.modules:
            self._refuse(f"imports {module} (it loads native libraries unseen)", NATIVE)

    @staticmethod
    def _program(executable, args) -> str:
        if executable is not None:
            return _text(executable)
        if isinstance(args, (str, bytes)):
            return _text(args)
        try:
            return " ".join(_text(a) for a in args)
        except TypeError:
            return _text(args)

    @staticmethod
    def _address(address) -> str:
        if isinstance(address, tuple) and len(address) >= 2:
            return f"{address[0]}:{address[1]}"
        return repr(_text(address)) if isinstance(address, (str, bytes)) else repr(address)

    # ------------------------------------------------------------ what the hook cannot see

    def _record_exit_hook(self, func, *args, **kwargs):
        self._real_register(func, *args, **kwargs)
        self.exit_hooks.append(func)
        return func

    def _close_unaudited(self) -> None:
        """``_posixsubprocess.fork_exec`` starts a program without any audit event."""
        guard = self
        try:
            import _posixsubprocess
        except ImportError:
            return
        real = _posixsubprocess.fork_exec

        def fork_exec(*args, **kwargs):
            if guard.active and threading.get_ident() not in guard.trusted_idents:
                program = args[0] if args else "?"
                guard._refuse(f"starts the program {guard._program(None, program)!r}", PROCESSES)
            return real(*args, **kwargs)

        _posixsubprocess.fork_exec = fork_exec
        subprocess = sys.modules.get("subprocess")
        if subprocess is not None and getattr(subprocess, "_fork_exec", None) is real:
            subprocess._fork_exec = fork_exec


def library_dirs() -> list[str]:
    """JAX's own package folders: ctypes may load a library from these only (its plugins)."""
    folders = []
    for name in ("jax", "jaxlib", "jax_plugins", "jax_cuda12_plugin", "jax_cuda13_plugin",
                 "jax_cuda12_pjrt", "jax_cuda13_pjrt", "nvidia"):
        module = sys.modules.get(name)
        for folder in getattr(module, "__path__", None) or ():
            folders.append(folder)
    return folders
