"""The modules of the standard library the bridge leaves out, each with why (by design).

Every name of ``sys.stdlib_module_names`` is decided: bridged (allow.py,
stdlib_bridged.py), modelled, or here, grouped by what its callables depend on besides
their arguments. A module that is gone from a newer Python stays listed (harmless); one a
newer Python adds fails tests/test_python_coverage.py until it is decided. Private
modules (a leading underscore) are the implementation of a public one and follow it.
"""

from __future__ import annotations

_BY_REASON: dict[str, tuple[str, ...]] = {
    "the file system (files, directories, archives, databases)": (
        "aifc", "chunk", "dbm", "filecmp", "fileinput", "glob", "imghdr", "linecache", "mailbox",
        "mailcap", "netrc", "shelve", "shutil", "sndhdr", "sqlite3", "sunau", "tarfile", "tempfile",
        "wave", "zipfile", "zipimport", "zipapp", "mmap", "genericpath", "pipes", "tabnanny",
        "py_compile", "compileall", "pyclbr", "modulefinder", "pkgutil", "mimetypes", "zoneinfo",
        "uu", "cgi", "cgitb", "sysconfig", "ensurepip", "venv", "lib2to3", "idlelib",
        "pydoc", "pydoc_data", "turtledemo", "wsgiref", "nturl2path"),
    "the network": (
        "ftplib", "http", "imaplib", "nntplib", "poplib", "smtplib", "smtpd", "socketserver", "ssl",
        "telnetlib", "asynchat", "asyncore", "webbrowser", "antigravity"),
    "processes, signals and the terminal": (
        "multiprocessing", "signal", "pty", "tty", "termios", "fcntl", "resource",
        "select", "selectors", "posix", "nt", "msvcrt", "winreg", "winsound", "grp", "pwd", "spwd",
        "crypt", "nis", "syslog", "getpass", "readline", "rlcompleter", "curses", "ossaudiodev",
        "tkinter", "turtle", "msilib", "platform", "_posixsubprocess"),
    "the clock": ("timeit", "cProfile", "profile", "pstats"),
    "the interpreter's own state (frames, code, imports, the garbage collector, registries)": (
        "atexit", "bdb", "code", "codeop", "ctypes", "dis",
        "faulthandler", "gc", "imp", "opcode", "pdb", "pickletools", "runpy", "site", "symtable",
        "this", "trace", "traceback", "tracemalloc", "warnings", "distutils",
        "sre_compile", "sre_constants", "sre_parse", "encodings", "logging"),
    "the data model's (abstract base classes the program's classes register with)": ("numbers",),
    "the locale and translations": ("gettext",),
    "C-level audio operations on buffers, deprecated (removed in Python 3.13)": ("audioop", "xdrlib"),
    "binhex files, deprecated (removed in Python 3.11)": ("binhex",),
    "text layout of arbitrary objects (pprint's width / indent / depth interact without a bound "
    "guards.py can estimate); printing writes stdout": ("pprint",),
    "an XML package: xml.etree.ElementTree is bridged; xml.dom / xml.sax build trees through "
    "handlers the program supplies": ("xml",),
    "a package: xmlrpc.client's dumps / loads are bridged; its ServerProxy and xmlrpc.server are "
    "the network": ("xmlrpc",),
    "a package: urllib.parse is bridged; urllib.request / urllib.robotparser are the network": ("urllib",),
    "a C parser fed by the program (xml.etree.ElementTree is bridged)": ("pyexpat",),
}

MODULES: dict[str, str] = {name: reason for reason, names in _BY_REASON.items() for name in names}

PRIVATE_REASON = "a private implementation module: the public module that imports it decides"
