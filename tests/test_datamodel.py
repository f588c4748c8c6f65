"""Python's data model and paths never taken, judged through findings (docs/design.md
change 27): each mechanism next to its limit, so a test fails if the mechanism is lost
or over-reaches. The bad twins are functional fixtures proven by real lowering
(pal006/*_reduction_op.py, multifile/lazy_package_reduce); these are the cases around
them. A float32 reduction other than add is refused by JAX: "max" fires, "add" does not.
"""

from __future__ import annotations

import pytest
from pallas_lsp.analysis import Options, analyze, parse_jax_version

HEADER = '''
import asyncio
import enum
import functools
import importlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (256, 128)


def launch(op, dtype=jnp.float32):
    def kernel(x_ref, y_ref):
        total = plgpu.multimem_load_reduce(x_ref, collective_axes=("x",), reduction_op=op)
        y_ref[...] = plgpu.layout_cast(total, plgpu.Layout.WG_STRIDED(SHAPE, vec_size=4))

    call = plgpu.kernel(kernel, out_type=jax.ShapeDtypeStruct(SHAPE, dtype))
    mesh = jax.make_mesh((2,), ("x",))
    return jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))(
        jnp.ones(SHAPE, dtype))
'''


def codes(body: str) -> list[str]:
    analysis = analyze(HEADER + body, Options(jax_version=parse_jax_version("0.12.0.1")))
    return sorted(f.code for f in analysis.findings)


CASES = {
    # functools.partial's public attributes: func, args, keywords.
    "a partial's args and func read back": ("""
import functools
bound = functools.partial(launch, "max")
bound.func(bound.args[0])
""", ["PAL006"]),
    "a partial's keywords read back": ("""
import functools
options = functools.partial(dict, op="max")
launch(dict(options.keywords)["op"])
""", ["PAL006"]),
    # Real code reads the class's own special methods through the proxy (python/proxies.py).
    "operator.length_hint runs the class's __length_hint__, not the default": ("""
import operator
class Stream:
    def __iter__(self):
        return iter(())
    def __length_hint__(self):
        return 1
launch(("add", "max")[operator.length_hint(Stream(), 0)])
""", ["PAL006"]),
    # The operator module's functions are the operators (stdlib_calls._operator_function).
    "operator.add runs the class's __add__": ("""
import operator
class Op:
    def __add__(self, other):
        return "max"
launch(operator.add(Op(), 1))
""", ["PAL006"]),
    "operator.__add__ runs the reflected __radd__": ("""
import operator
class Op:
    def __radd__(self, other):
        return "max" if other == 1 else "add"
launch(operator.__add__(1, Op()))
""", ["PAL006"]),
    "operator.neg runs the class's __neg__": ("""
import operator
class Op:
    def __neg__(self):
        return "add"
launch(operator.neg(Op()))
""", []),
    "operator.add of real values runs the real function": ("""
import operator
launch(operator.add("ma", "x"))
""", ["PAL006"]),
    "copy.copy runs the class's __copy__": ("""
import copy
class Plan:
    def __init__(self, op):
        self.op = op
    def __copy__(self):
        return Plan("max")
launch(copy.copy(Plan("add")).op)
""", ["PAL006"]),
    # The copy / pickle protocol over the program's objects (python/copy_protocol.py).
    "copy.copy is a new object: a change to the copy leaves the original": ("""
import copy
class Plan:
    def __init__(self, op):
        self.op = op
plan = Plan("max")
other = copy.copy(plan)
other.op = "add"
launch(plan.op)
""", ["PAL006"]),
    "copy.deepcopy copies nested lists: appending to the copy's leaves the original's": ("""
import copy
class Plan:
    def __init__(self, ops):
        self.ops = ops
plan = Plan(["max"])
twin = copy.deepcopy(plan)
twin.ops.insert(0, "add")
launch(plan.ops[0])
""", ["PAL006"]),
    "copy.copy goes through __getstate__ / __setstate__": ("""
import copy
class Plan:
    def __init__(self, op):
        self.op = op
    def __getstate__(self):
        return {"op": "max"}
    def __setstate__(self, state):
        self.op = state["op"]
launch(copy.copy(Plan("add")).op)
""", ["PAL006"]),
    "copy.deepcopy runs the reducer copyreg.pickle registered": ("""
import copy
import copyreg
class Plan:
    def __init__(self, op):
        self.op = op
copyreg.pickle(Plan, lambda p: (Plan, ("max",)))
launch(copy.deepcopy(Plan("add")).op)
""", ["PAL006"]),
    "copyreg.dispatch_table changed directly: every copy is unknown": ("""
import copy
import copyreg
class Plan:
    def __init__(self, op):
        self.op = op
copyreg.dispatch_table[Plan] = lambda p: (Plan, ("add",))
launch(copy.deepcopy(Plan("max")).op)
""", []),
    "copy.deepcopy runs the class's __deepcopy__ with a memo it may pass on": ("""
import copy
class Plan:
    def __init__(self, ops):
        self.ops = ops
    def __deepcopy__(self, memo):
        return Plan(copy.deepcopy(self.ops, memo)[::-1])
launch(copy.deepcopy(Plan(["add", "max"])).ops[0])
""", ["PAL006"]),
    "pickle round trip through __reduce__": ("""
import pickle
class Spec:
    def __init__(self, *ops):
        self.ops = ops
    def __reduce__(self):
        return (Spec, self.ops[::-1])
launch(pickle.loads(pickle.dumps(Spec("add", "max"))).ops[0])
""", ["PAL006"]),
    "pickle.dumps freezes the state: a later change is not in the loaded copy": ("""
import pickle
class Spec:
    def __init__(self, op):
        self.op = op
spec = Spec("max")
frozen = pickle.dumps(spec)
spec.op = "add"
launch(pickle.loads(frozen).op)
""", ["PAL006"]),
    "pickle of a lambda raises: unknown": ("""
import pickle
class Spec:
    def __init__(self, op):
        self.op = op
    def __reduce__(self):
        return (lambda op: Spec(op), ("max",))
launch(pickle.loads(pickle.dumps(Spec("max"))).op)
""", []),
    "pickle.loads of bytes the program wrote itself is never run": ("""
import pickle
launch(pickle.loads(b"\\x80\\x04\\x95\\x07\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x8c\\x03max\\x94."))
""", []),
    "marshal round trip of a plan; an instance is unmarshallable": ("""
import marshal
class Spec:
    op = "max"
launch(marshal.loads(marshal.dumps({"ops": ["add", "max"]}))["ops"][1])
launch(marshal.loads(marshal.dumps(Spec())).op)
""", ["PAL006"]),
    "print into a StringIO is read back; to stdout it changes nothing": ("""
import io
import sys
buffer = io.StringIO()
print("ma", end="", file=sys.stdout)
print("ma", "x", sep="", end="", file=buffer)
launch(buffer.getvalue())
""", ["PAL006"]),
    "print writes str() of a list, not of a tuple": ("""
import io
buffer = io.StringIO()
print(["max"], end="", file=buffer)
launch("max" if buffer.getvalue() == "['max']" else "add")
""", ["PAL006"]),
    "print into the program's file object calls its write per piece": ("""
class Sink:
    def __init__(self):
        self.parts = []
    def write(self, text):
        self.parts.append(text)
sink = Sink()
print("m", "x", sep="a", end="", file=sink)
launch("".join(sink.parts))
""", ["PAL006"]),
    "print of an object whose text is unknown leaves the buffer unknown": ("""
import io
class Opaque:
    pass
buffer = io.StringIO()
print(Opaque(), end="", file=buffer)
launch("max" if buffer.getvalue() == "" else "add")
""", []),
    "xmlrpc.client round trip": ("""
import xmlrpc.client
(request,), method = xmlrpc.client.loads(xmlrpc.client.dumps(({"op": "max"},), "run"))
launch(request["op"])
""", ["PAL006"]),
    "doctest examples parsed from known text": ("""
import doctest
launch(doctest.DocTestParser().get_examples(">>> pick()\\nmax\\n")[0].want.strip())
""", ["PAL006"]),
    # An instance of a library class's subclass handed to the library: its overrides run when the
    # library likes (logging calls emit on every later log call), so its state is unknown.
    "a logging.Handler subclass registered with logging: its state is logging's": ("""
import logging
class Recorder(logging.Handler):
    def __init__(self):
        super().__init__()
        self.ops = []
    def emit(self, record):
        self.ops.append(record.args[0])
recorder = Recorder()
log = logging.getLogger("t")
log.addHandler(recorder)
log.warning("%s", "add")
launch(recorder.ops[0] if recorder.ops else "max")
""", []),
    # The MRO is C3 (a diamond's shared base after every class deriving from it).
    "a diamond's shared base comes last (C3, not depth first)": ("""
class Base:
    op = "add"
class Left(Base):
    pass
class Right(Base):
    op = "max"
class Both(Left, Right):
    pass
launch(Both.op)
""", ["PAL006"]),
    "cooperative super().__init__ runs every mixin of a diamond": ("""
class Base:
    def __init__(self):
        self.op = "max"
class Left(Base):
    def __init__(self):
        super().__init__()
class Right(Base):
    def __init__(self):
        super().__init__()
        self.op = "add"
class Both(Left, Right):
    pass
launch(Both().op)
""", []),
    "a class C3 refuses, under try/except TypeError: silent (either branch may hold)": ("""
class Base:
    op = "max"
class Sub(Base):
    op = "add"
try:
    class Bad(Base, Sub):
        pass
except TypeError:
    Bad = Sub
launch(Bad.op)
""", []),
    # Attribute lookup order (object.__getattribute__).
    "instance dict shadows a method (non-data descriptor)": ("""
class R:
    def op(self):
        return "max"
r = R()
r.op = "add"
launch(r.op)
""", []),
    "a property wins over the instance dict (data descriptor)": ("""
class R:
    @property
    def op(self):
        return "max"
r = R()
r.__dict__["op"] = "add"
launch(r.op)
""", ["PAL006"]),
    "__getattr__ only for a name found nowhere else": ("""
class R:
    op = "add"
    def __getattr__(self, name):
        return "max"
launch(R().op)
""", []),
    "__getattr__ for a missing name": ("""
class R:
    def __getattr__(self, name):
        return "max"
launch(R().op)
""", ["PAL006"]),
    "__getattribute__ answers every read": ("""
class R:
    op = "add"
    def __getattribute__(self, name):
        return "max"
launch(R().op)
""", ["PAL006"]),
    "object.__getattribute__ inside __getattribute__": ("""
class R:
    def __init__(self):
        self.op = "add"
    def __getattribute__(self, name):
        return object.__getattribute__(self, name)
launch(R().op)
""", []),
    # staticmethod / classmethod as descriptor values, not decorator names.
    "staticmethod called on the value": ("""
def pick():
    return "max"
class R:
    choose = staticmethod(pick)
launch(R().choose())
""", ["PAL006"]),
    "classmethod reads the subclass it is called through": ("""
class Base:
    OP = "add"
    def _op(cls):
        return cls.OP
    op = classmethod(_op)
class Max(Base):
    OP = "max"
launch(Max.op())
""", ["PAL006"]),
    "classmethod through the base stays the base's": ("""
class Base:
    OP = "add"
    @classmethod
    def op(cls):
        return cls.OP
class Max(Base):
    OP = "max"
launch(Base.op())
""", []),
    "explicit classmethod __init_subclass__ with keywords": ("""
REGISTRY = {}
class Base:
    @classmethod
    def __init_subclass__(cls, op="add", **kwargs):
        REGISTRY[cls.__name__] = op
class Max(Base, op="max"):
    pass
launch(REGISTRY["Max"])
""", ["PAL006"]),
    "a metaclass __call__ decides what calling the class gives": ("""
class Cached(type):
    def __call__(cls, *args):
        return super().__call__(*args)
class Job(metaclass=Cached):
    def __init__(self, op):
        self.op = op
launch(Job("max").op)
""", ["PAL006"]),
    "__new__ hands back a cached instance and __init__ does not run again": ("""
class Settings:
    _instance = None
    def __new__(cls, op):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.op = op
        return cls._instance
first = Settings("max")
launch(first.op)
""", ["PAL006"]),
    "object.__new__ then __init__": ("""
class Settings:
    def __new__(cls, *args):
        return object.__new__(cls)
    def __init__(self, op):
        self.op = op
launch(Settings("add").op)
""", []),
    "setattr goes through a property setter": ("""
class R:
    def __init__(self):
        self._op = "add"
    @property
    def op(self):
        return self._op
    @op.setter
    def op(self, value):
        self._op = value.lower()
r = R()
setattr(r, "op", "MAX")
launch(r.op)
""", ["PAL006"]),
    # Single dispatch: an argument of unknown type picks no implementation.
    "singledispatch on a known type": ("""
@functools.singledispatch
def pick(setting):
    return "add"
@pick.register(int)
def _(setting):
    return ("add", "max")[setting]
launch(pick(1))
""", ["PAL006"]),
    "singledispatch on an unknown type is silent": ("""
import sys
@functools.singledispatch
def pick(setting):
    return "add"
@pick.register
def _(setting: str):
    return "max"
launch(pick(sys.argv))
""", []),
    # Coroutines run only when driven.
    "a coroutine never awaited runs nothing": ("""
async def main():
    launch("max")
main()
""", []),
    "asyncio.run drives the coroutine": ("""
async def main():
    launch("max")
asyncio.run(main())
""", ["PAL006"]),
    "a task awaited runs its coroutine": ("""
async def work():
    launch("max")
async def main():
    task = asyncio.create_task(work())
    await task
asyncio.run(main())
""", ["PAL006"]),
    "a coroutine awaited twice runs once": ("""
STATE = {"op": "add"}
async def step():
    launch(STATE["op"])
async def main():
    coro = step()
    await coro
    STATE["op"] = "max"
    await coro
asyncio.run(main())
""", []),
    "a coroutine handed to an unknown driver is assumed driven": ("""
import trio
async def main():
    launch("max")
trio.run(main)
""", ["PAL006"]),
    "a coroutine handed to an event loop we cannot see is assumed driven": ("""
async def main():
    launch("max")
loop = asyncio.new_event_loop()
loop.run_until_complete(main())
""", ["PAL006"]),
    # enum.Flag values: auto() bits, |, &, ~, in, truth.
    "a Flag stage not set is a path never taken": ("""
class Stage(enum.Flag):
    A = enum.auto()
    B = enum.auto()
    C = enum.auto()
ON = Stage.A | Stage.C
if Stage.B in ON:
    launch("max")
if ON & Stage.B:
    launch("max")
if not (ON & Stage.A):
    launch("max")
""", []),
    "a Flag stage set runs": ("""
class Stage(enum.Flag):
    A = enum.auto()
    B = enum.auto()
ON = ~Stage.A
if Stage.B in ON:
    launch("max")
""", ["PAL006"]),
    "Flag combinations compare equal": ("""
class Stage(enum.Flag):
    A = enum.auto()
    B = enum.auto()
if (Stage.A | Stage.B) == (Stage.B | Stage.A):
    launch("max")
""", ["PAL006"]),
    # `obj is None` of an object the program made is decided.
    "an object is never None": ("""
class R:
    pass
r = R()
if r is None:
    launch("max")
""", []),
    "__bool__ decides a branch": ("""
class Profile:
    def __init__(self, ops):
        self.ops = ops
    def __bool__(self):
        return len(self.ops) > 0
if Profile(()):
    launch("max")
""", []),
    "__len__ decides truth and len()": ("""
class Sweep:
    def __init__(self, *ops):
        self.ops = ops
    def __len__(self):
        return len(self.ops)
s = Sweep("max")
if s and len(s) == 1:
    launch(s.ops[0])
""", ["PAL006"]),
    "__contains__ decides `in`": ("""
class Allowed:
    def __contains__(self, op):
        return op == "add"
if "max" in Allowed():
    launch("max")
""", []),
    "an instance of a library class has unknown truth": ("""
import collections
class Ops(collections.UserString):
    pass
if Ops("x"):
    launch("max")
""", ["PAL006"]),
    "an empty UserList subclass is false: its __len__ runs as Python (source_models)": ("""
import collections
class Ops(collections.UserList):
    pass
if Ops():
    launch("max")
""", []),
    "isinstance of the program's classes decides a branch": ("""
class Lane:
    pass
class Warpgroup(Lane):
    OP = "max"
class Other:
    OP = "max"
for mode in (Warpgroup(), Other()):
    if isinstance(mode, Lane) and type(mode) is not Warpgroup:
        launch(mode.OP)
if isinstance("add", Lane) or not isinstance(Other(), (Lane, object)):
    launch("max")
""", []),
    "isinstance through a builtin base and issubclass": ("""
class Op(str):
    pass
if isinstance(Op(), str) and issubclass(Op, str):
    launch("max")
""", ["PAL006"]),
    "isinstance against a library ABC stays unknown": ("""
import collections.abc
class Sweep:
    def __iter__(self):
        return iter(("max",))
if not isinstance(Sweep(), collections.abc.Iterable):
    launch("add")
else:
    launch("max")
""", ["PAL006"]),
    "hasattr of an attribute never set": ("""
class Job:
    def __init__(self):
        self.op = "add"
job = Job()
launch(job.override if hasattr(job, "override") else job.op)
""", []),
    "hasattr with __getattr__ stays unknown": ("""
class Job:
    def __getattr__(self, name):
        return "max"
job = Job()
if hasattr(job, "override"):
    launch(job.override)
""", ["PAL006"]),
    # Module semantics.
    "importlib.import_module of a library module": ("""
numpy_api = importlib.import_module("jax.numpy")
launch("min", numpy_api.float32)
""", ["PAL006"]),
    # A pytest module driven from __main__: pytest decides which cases run (an xfail case
    # among them); the analysis runs none of the test functions, so it says nothing.
    "pytest parametrize module run through pytest.main": ("""
import sys
import pytest
@pytest.mark.parametrize("op", ["add", pytest.param("max", marks=pytest.mark.xfail(strict=True))])
def test_reduce(op):
    launch(op)
if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
""", []),
    # Operators through special methods (python/operators.py).
    "__add__ of the left operand": ("""
class Op:
    def __init__(self, name):
        self.name = name
    def __add__(self, other):
        return Op(other.name)
launch((Op("add") + Op("max")).name)
""", ["PAL006"]),
    "__radd__ when the left operand has no __add__": ("""
class Op:
    def __radd__(self, other):
        return other
launch("max" + Op())
""", ["PAL006"]),
    "__iadd__ runs in place, += rebinds to its result": ("""
class Ops:
    def __init__(self):
        self.names = []
    def __iadd__(self, name):
        self.names.append(name)
        return self
ops = Ops()
alias = ops
ops += "max"
launch(alias.names[0])
""", ["PAL006"]),
    "an operator of a class with a base the analysis cannot see is unknown": ("""
import somewhere
class Op(somewhere.Base):
    def __init__(self, name):
        self.name = name
launch((Op("add") + Op("max")).name)
""", []),
    "NotImplemented from __add__ tries the right operand's __radd__": ("""
class Left:
    def __add__(self, other):
        return NotImplemented
class Right:
    def __radd__(self, other):
        return "max"
launch(Left() + Right())
""", ["PAL006"]),
    "NotImplemented from both sides is unknown": ("""
class Op:
    def __add__(self, other):
        return NotImplemented
    name = "max"
launch((Op() + Op()).name)
""", []),
    "dict | makes a new dict, |= updates in place": ("""
base = {"op": "add"}
merged = base | {"op": "max"}
alias = base
base |= {"op": "min"}
launch("max" if merged["op"] == "max" and alias["op"] == "min" else "add")
""", ["PAL006"]),
    "dict |= on a path that may not run leaves the key unknown": ("""
import sys
conf = {"op": "add"}
if len(sys.argv) > 3:
    conf |= {"op": "max"}
launch(conf["op"])
""", []),
    # Function objects' own attributes.
    "a decorator stores an attribute on the function": ("""
def tag(fn):
    fn.op = "max"
    return fn
@tag
def f():
    pass
launch(f.op)
""", ["PAL006"]),
    "a function attribute stored on a path that may not run is unknown": ("""
import sys
def f():
    pass
f.op = "add"
if len(sys.argv) > 3:
    f.op = "max"
launch(f.op)
""", []),
    # type(name, bases, namespace) and locals().
    "type() with three arguments makes a class": ("""
class Base:
    op = "add"
    axis = "x"
Made = type("Made", (Base,), {"op": "max"})
launch(Made.op if Made.axis == "x" and Made.__name__ == "Made" else "add")
""", ["PAL006"]),
    "type() with a namespace not known is unknown": ("""
import sys
Made = type("Made", (), dict(sys.modules))
launch(Made.op)
""", []),
    "locals() is the frame's names": ("""
def settings(op="max"):
    width = 4
    return dict(locals())
launch(settings()["op"])
""", ["PAL006"]),
    "locals() never says a name is absent": ("""
def settings():
    return locals()
launch(settings().get("op", "max"))
""", []),
    # defaultdict and UserDict run as Python (python/source_models.py).
    "defaultdict(list) grows the list its __missing__ made": ("""
import collections
groups = collections.defaultdict(list)
groups["r"].append("max")
launch(groups["r"][0] if isinstance(groups, dict) else "add")
""", ["PAL006"]),
    "defaultdict.get does not call the factory": ("""
import collections
counts = collections.defaultdict(lambda: "max")
launch(counts.get("op", "add"))
""", []),
    "a UserDict subclass's __setitem__ runs for update and the constructor": ("""
import collections
class Lower(collections.UserDict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)
opts = Lower({"OP": "add"})
opts.update(AXIS="x")
opts["OP"] = "max"
launch(opts["op"] if opts["axis"] == "x" and "op" in opts else "add")
""", ["PAL006"]),
    # getattr with a default.
    "getattr's default for a name the object lacks": ("""
class Options:
    axes = ("x",)
launch(getattr(Options(), "op", "max"))
""", ["PAL006"]),
    "getattr's default is not taken for a name the object has": ("""
class Options:
    op = "add"
launch(getattr(Options(), "op", "max"))
""", []),
    "getattr's default of an object with __getattr__ is unknown": ("""
class Options:
    def __getattr__(self, name):
        raise AttributeError(name)
launch(getattr(Options(), "op", "max"))
""", []),
    # contextlib.suppress swallows what it names, subclasses included; nothing else.
    "suppress(LookupError) swallows a KeyError: the rest of its body does not run": ("""
import contextlib
op = "max"
with contextlib.suppress(LookupError):
    op = {"a": 1}["b"]
    op = "add"
launch(op)
""", ["PAL006"]),
    "suppress(ValueError) does not swallow a KeyError: what follows is not known": ("""
import contextlib
op = "max"
with contextlib.suppress(ValueError):
    op = {"a": 1}["b"]
    op = "add"
launch(op)
""", ["PAL079"]),  # the KeyError itself stops the program (PAL079); op stays unknown
    "a key absent from a dict that may hold more raises nothing known": ("""
import contextlib
import os
settings = dict(os.environ)
op = "max"
with contextlib.suppress(KeyError):
    op = settings["PALLAS_OP"]
launch(op)
""", []),
    # (Until design change 75 a subscript's KeyError did not end its function: this was silent.)
    "a KeyError of a subscript in a callee reaches the caller's suppress (op stays max)": ("""
import contextlib
def pick(table):
    return table["b"]
op = "max"
with contextlib.suppress(KeyError):
    op = pick({"a": "add"})
launch(op)
""", ["PAL006"]),
    # One model of a raised exception (flow_exits.Handler): what a sure raise meets on its
    # way out, innermost first, decided by the exception class's MRO.
    "suppress(KeyError) swallows a raised instance of a program subclass of KeyError": ("""
import contextlib
class Missing(KeyError):
    pass
op = "add"
with contextlib.suppress(KeyError):
    op = "max"
    raise Missing("op")
    op = "add"
launch(op)
""", ["PAL006"]),
    "raise of an instance: its class decides the handler": ("""
import contextlib
class Missing(KeyError):
    pass
err = Missing("op")
op = "add"
with contextlib.suppress(LookupError):
    op = "max"
    raise err
    op = "add"
launch(op)
""", ["PAL006"]),
    "a KeyError under a contextmanager generator's with stays unknown (its own try may catch it)": ("""
import contextlib
@contextlib.contextmanager
def guarded():
    yield
op = "add"
with contextlib.suppress(KeyError):
    with guarded():
        op = "max"
        raise KeyError("op")
        op = "add"
launch(op)
""", []),
    "suppress of a program class a raised class does not derive from passes it on": ("""
import contextlib
class Missing(Exception):
    pass
op = "add"
with contextlib.suppress(KeyError):
    op = "max"
    raise Missing("op")
    op = "add"
launch(op)
""", ["PAL079"]),
    "suppress of several classes swallows what any of them is a base of": ("""
import contextlib
op = "add"
with contextlib.suppress(ValueError, LookupError):
    op = "max"
    op = {"a": 1}["b"]
    op = "add"
launch(op)
""", ["PAL006"]),
    "a with whose __exit__ returns True swallows a sure raise": ("""
class Quiet:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return True
op = "add"
with Quiet():
    op = "max"
    raise KeyError("op")
    op = "add"
launch(op)
""", ["PAL006"]),
    "a with whose __exit__ returns None passes the exception on": ("""
class Loud:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return None
op = "add"
try:
    with Loud():
        op = "max"
        raise KeyError("op")
    op = "max"
except KeyError:
    op = "add"
launch(op)
""", []),
    "__exit__ runs once, with the exception, when it swallows it": ("""
class Counting:
    exits = []
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc, tb):
        Counting.exits.append(exc_type is None)
        return True
with Counting():
    raise KeyError("op")
launch("max" if Counting.exits == [False] else "add")
""", ["PAL006"]),
    "try/except/else/finally: the body to the raise, the clause, finally; not else": ("""
order = []
try:
    order.append("body")
    {"a": 1}["b"]
    order.append("after")
except ValueError:
    order.append("value")
except KeyError:
    order.append("key")
else:
    order.append("else")
finally:
    order.append("finally")
launch("max" if order == ["body", "key", "finally"] else "add")
""", ["PAL006"]),
    "a try body that raises nothing known runs else or a clause: not known": ("""
order = []
try:
    order.append("body")
except KeyError:
    order.append("key")
else:
    order.append("else")
launch("max" if order == ["body", "else"] else "add")
""", []),
    "two plain dicts are equal by their keys and each key's values": ("""
launch("max" if {"a": 1, "b": (1, 2)} == dict(b=(1, 2), a=1) and {"a": 1} != {"a": 2}
       and {"a": 1} != {"b": 1} else "add")
""", ["PAL006"]),
    "a dict holding a key not known compares unknown": ("""
import random
d = {"a": 1}
d[str(random.random())] = 2
launch("max" if d != {"a": 1} else "add")
""", []),
    "types.SimpleNamespace as a base class: attributes from keywords, methods, vars, ==": ("""
import types
class Topo(types.SimpleNamespace):
    def op(self):
        return self.reduction
t = Topo(reduction="max", axes=("x",))
launch(t.op() if vars(t) == {"reduction": "max", "axes": ("x",)} and t == Topo(axes=("x",), reduction="max")
       and repr(Topo(a=1)) == "Topo(a=1)" else "add")
""", ["PAL006"]),
    "a SimpleNamespace subclass against the library's own namespace: equality not known": ("""
import types
class Topo(types.SimpleNamespace):
    pass
launch("max" if Topo(a=1) != types.SimpleNamespace(a=1) else "add")
""", []),
    "types.SimpleNamespace(**config): vars() is its attributes, stores seen through it": ("""
import types
config = {"axes": ("x",), "op": "add"}
ns = types.SimpleNamespace(**config)
vars(ns)["op"] = "max"
launch(ns.op if sorted(vars(ns)) == ["axes", "op"] else "add")
""", ["PAL006"]),
    "an enum's __members__: every name, aliases included, in definition order": ("""
import enum
class Op(enum.Enum):
    ADD = "add"
    DEFAULT = "add"
    MAX = "max"
launch(Op.__members__["MAX"].value if list(Op.__members__) == ["ADD", "DEFAULT", "MAX"]
       and Op.__members__["DEFAULT"] is Op.ADD else "add")
""", ["PAL006"]),
    "enum.auto() with the class's own _generate_next_value_ (a staticmethod)": ("""
import enum
class Width(enum.Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return 32 * 2 ** count
    W32 = enum.auto()
    W64 = enum.auto()
    W128 = enum.auto()
launch("max" if [w.value for w in Width] == [32, 64, 128] and Width.W128.value == 128 else "add")
""", ["PAL006"]),
    "Enum._missing_: a value no member has goes through the class's hook": ("""
import enum
class Reduction(enum.Enum):
    ADD = "add"
    MAX = "max"
    @classmethod
    def _missing_(cls, value):
        return cls(str(value).strip().lower())
launch(Reduction(" MAX ").value if Reduction(Reduction.ADD) is Reduction.ADD else "add")
""", ["PAL006"]),
    "Enum._missing_ returning None: not known (Python raises ValueError)": ("""
import enum
class Reduction(enum.Enum):
    ADD = "add"
    @classmethod
    def _missing_(cls, value):
        return None
launch(getattr(Reduction("max"), "value", "max"))
""", []),
    "Enum(value) that no member has, with no hook: ValueError, the program stops (PAL079)": ("""
import enum
class Reduction(enum.Enum):
    ADD = "add"
    MAX = "max"
op = Reduction("sum")
launch("max")
""", ["PAL006", "PAL079"]),
    "an instance attribute no class defines and nothing set: AttributeError (PAL079)": ("""
class Cfg:
    def __init__(self):
        self.rows = 64
cfg = Cfg()
n = cfg.cols
launch("max")
""", ["PAL006", "PAL079"]),
    "a missing attribute read under getattr's default, hasattr, a try, or answered by __getattr__": ("""
class Cfg:
    def __init__(self):
        self.rows = 64
class Lazy:
    def __getattr__(self, name):
        return "max"
cfg = Cfg()
a = getattr(cfg, "cols", 1)
b = hasattr(cfg, "cols")
try:
    c = cfg.cols
except AttributeError:
    c = 2
launch(Lazy().op)
""", ["PAL006"]),
    "an attribute set on one path of an undecided branch, or by setattr of a computed name: not judged": ("""
import jax
class Cfg:
    def __init__(self, wide):
        if wide:
            self.cols = 128
cfg = Cfg(jax.device_count() > 1)
other = Cfg(False)
setattr(other, "".join(["co", "ls"]) if jax.device_count() else "x", 1)
launch("max" if (cfg.cols, other.cols) else "add")
""", ["PAL006"]),
    "next() of a generator expression with no item and no default: StopIteration (PAL079)": ("""
blocks = next(b for b in (64, 128) if b > 256)
launch("max")
""", ["PAL006", "PAL079"]),
    "next() with a default, or under a handler of StopIteration: no error": ("""
a = next((b for b in (64, 128) if b > 256), 32)
try:
    c = next(b for b in (64,) if b > 256)
except StopIteration:
    c = 0
launch("max")
""", ["PAL006"]),
    "send() of a value to a just-started generator: TypeError (PAL079)": ("""
def windows():
    size = yield 0
    yield size
g = windows()
g.send(64)
launch("max")
""", ["PAL006", "PAL079"]),
    "a standard library exception class (struct.error) escaping: PAL079 by its name": ("""
import struct
(rows,) = struct.unpack("<I", b"\\x00\\x01")
launch("max")
""", ["PAL006", "PAL079"]),
    "functional Enum API: (name, value) pairs, members and value lookup as the class statement's": ("""
import enum
Reduction = enum.Enum("Reduction", [("SUM", "add"), ("TOP", "max")])
launch(Reduction("max").value if [m.name for m in Reduction] == ["SUM", "TOP"] else "add")
""", ["PAL006"]),
    "functional Enum API: a string of names numbered from 1, an IntFlag's from 1 by powers of 2": ("""
import enum
Mode = enum.Enum("Mode", "LANE, WARPGROUP")
Bits = enum.IntFlag("Bits", ["A", "B", "C"])
launch("max" if (Mode.WARPGROUP.value, Bits.C.value) == (2, 4) else "add")
""", ["PAL006"]),
    "functional Enum API: a dict of name -> value; start= not followed": ("""
import enum
Width = enum.Enum("Width", {"NARROW": 32, "WIDE": 128})
Other = enum.Enum("Other", "A B", start=5)
launch("max" if Width(128) is Width.WIDE else "add")
launch(getattr(Other.A, "value", "max"))
""", ["PAL006"]),
    "sorted() / max() of an IntEnum class: its members in value order, reading a table keyed by them": ("""
import enum
class Op(enum.IntEnum):
    SQUARE = 1
    DOUBLE = 0
TABLE = {Op.DOUBLE: "max", Op.SQUARE: "add"}
launch(TABLE[sorted(Op)[0]] if max(Op) == Op.SQUARE else "add")
""", ["PAL006"]),
    "getattr / hasattr of a SimpleNamespace and a ModuleType: the default where the name is absent": ("""
import types
settings = types.ModuleType("settings")
settings.AXES = ("x",)
ns = types.SimpleNamespace(op="max")
launch(getattr(ns, "reduction", "max") if getattr(settings, "OP", None) is None
       and hasattr(ns, "op") and not hasattr(settings, "OP") and getattr(ns, "op", "add") == "max"
       else "add")
""", ["PAL006"]),
    "del of a namespace's attribute: getattr's default after it": ("""
import types
ns = types.SimpleNamespace(reduction="add")
del ns.reduction
launch(getattr(ns, "reduction", "max"))
""", ["PAL006"]),
    "getattr of a namespace stored into under a name not known: not judged": ("""
import types
ns = types.SimpleNamespace()
setattr(ns, input(), "add")
launch(getattr(ns, "reduction", "max"))
""", []),
    # Iterators are state: advancing one is a store (no memoised call reads it again).
    "an iterator advanced by a called function: the call is not memoised": ("""
def take(it):
    return next(it)
def pair(it):
    a = take(it)
    b = take(it)
    return (a, b)
launch("max" if pair(iter(["a", "b"])) == ("a", "b") else "add")
""", ["PAL006"]),
    "an iterator class's __next__ reads one shared iterator through islice": ("""
import itertools
class Chunks:
    def __init__(self, items, n):
        self.it = iter(items)
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        chunk = tuple(itertools.islice(self.it, self.n))
        if not chunk:
            raise StopIteration
        return chunk
launch("max" if tuple(Chunks("abcde", 2)) == (("a", "b"), ("c", "d"), ("e",)) else "add")
""", ["PAL006"]),
    "itertools.batched (3.12) and its recipe under except AttributeError agree": ("""
import itertools
try:
    batched = itertools.batched
except AttributeError:
    def batched(iterable, n):
        it = iter(iterable)
        while chunk := tuple(itertools.islice(it, n)):
            yield chunk
pairs = list(batched(["max", 2, "add", 4], 2))
launch(tuple(name for name, _ in pairs)[0])
""", ["PAL006"]),
    "itertools.batched checks n when called": ("""
import itertools
try:
    itertools.batched("ab", 0)
    op = "add"
except ValueError:
    op = "max"
launch(op)
""", ["PAL006"]),
    "a builtin given one of several lists runs on each: len of either": ("""
import random
xs = [1, 2] if random.random() > 0.5 else [3, 4]
launch("max" if len(xs) == 2 and sorted(xs)[1] >= 2 else "add")
""", ["PAL006"]),
    "a builtin given one of several lists that disagree: not known": ("""
import random
xs = [1] if random.random() > 0.5 else [3, 4]
launch("max" if len(xs) == 2 else "add")
""", []),
    "a comprehension over one of several lists runs over each": ("""
import random
pairs = [("max", 1)] if random.random() > 0.5 else [("max", 2)]
launch([name for name, _ in pairs][0])
""", ["PAL006"]),
    # python/raise_free.py: a body judged, statement by statement, to raise nothing.
    "a try body of known lookups raises nothing: its else runs, never a clause": ("""
OVERRIDES = {"op": "max", "shape": (256, 128)}
op = "add"
try:
    name = OVERRIDES["op"]
    rows = OVERRIDES["shape"][0]
except (KeyError, IndexError):
    op = "add"
else:
    op = name if rows == 256 else "add"
launch(op)
""", ["PAL006"]),
    "a name read may be unbound (bound on one path): a clause catching NameError may run": ("""
import random
if random.random() > 0.5:
    name = "max"
op = "max"
try:
    op = name
except NameError:
    op = "add"
launch(op)
""", []),
    "a name read in the body, and only a KeyError clause: the else runs": ("""
name = "max"
op = "add"
try:
    chosen = name
except KeyError:
    chosen = "add"
else:
    op = chosen
launch(op)
""", ["PAL006"]),
    "a library attribute may be missing (AttributeError): the clause stays possible": ("""
import itertools
op = "max"
try:
    batched = itertools.batched
except AttributeError:
    op = "add"
launch(op)
""", []),
    "a subscript of a dict not known complete may raise: the clause stays possible": ("""
import random
table = {"op": "max"}
if random.random() > 0.5:
    table[str(random.random())] = "add"
    del table["op"]
op = "max"
try:
    op = table["op"]
except KeyError:
    op = "add"
launch(op)
""", []),
    "a clause naming a class the analysis cannot see stops the search: not known": ("""
import jax
op = "add"
try:
    {"a": 1}["b"]
except jax.errors.JAXTypeError:
    op = "add"
except KeyError:
    op = "max"
launch(op)
""", []),
    "a bare raise in the chosen clause re-raises to the outer handler, past the rest": ("""
op = "add"
try:
    try:
        {"a": 1}["b"]
    except KeyError:
        op = "max"
        raise
    op = "add"
except LookupError:
    pass
launch(op)
""", ["PAL006"]),
    "an exception raised in a clause is not caught by that try's own clauses": ("""
op = "add"
try:
    try:
        raise ValueError("x")
    except ValueError:
        op = "max"
        raise KeyError("y")
    except KeyError:
        op = "add"
except KeyError:
    pass
launch(op)
""", ["PAL006"]),
    # Exception instances (python/exception_values.py): what `except E as e` is bound to.
    "e.args of a caught builtin exception are its constructor's arguments": ("""
try:
    raise ValueError("max", 2)
except ValueError as e:
    launch(e.args[0] if str(e) == "('max', 2)" else "add")
""", ["PAL006"]),
    "a program exception's __init__ runs; super().__init__ sets args again": ("""
class Bad(Exception):
    def __init__(self, op):
        super().__init__("boom")
        self.op = op
try:
    raise Bad("max")
except Bad as e:
    launch(e.op if e.args == ("boom",) and str(e) == "boom" else "add")
""", ["PAL006"]),
    "a program exception without __init__: args are the positional arguments": ("""
class Bad(ValueError):
    pass
try:
    raise Bad("max", 2)
except ValueError as e:
    launch(e.args[0] if type(e) is Bad else "add")
""", ["PAL006"]),
    "raise ... from err: __cause__ is err, __suppress_context__ set": ("""
err = KeyError("k")
try:
    raise ValueError("v") from err
except ValueError as e:
    launch("max" if e.__cause__ is err and e.__suppress_context__ else "add")
""", ["PAL006"]),
    "raised while handling: __context__ is the handled exception; from None clears __cause__": ("""
try:
    try:
        raise KeyError("k")
    except KeyError:
        raise ValueError("x") from None
except ValueError as e:
    launch("max" if e.__cause__ is None and e.__context__.args == ("k",) else "add")
""", ["PAL006"]),
    "a KeyError of a missing key: str() is the key's repr": ("""
try:
    {"a": 1}["max"]
except KeyError as e:
    launch("max" if str(e) == "'max'" and e.__context__ is None else "add")
""", ["PAL006"]),
    "the instance raised in a called function reaches the caller's handler": ("""
def check(op):
    raise ValueError(op)
try:
    check("max")
except ValueError as e:
    launch(e.args[0])
""", ["PAL006"]),
    "an exception raised on a path not decided binds nothing known": ("""
import random
try:
    if random.random() > 0.5:
        raise ValueError("max")
    raise ValueError("add")
except ValueError as e:
    launch(e.args[0])
""", []),
    "an OSError's args are not modelled (its errno picks a subclass)": ("""
try:
    raise OSError(2, "max")
except OSError as e:
    launch(e.args[1])
""", []),
    "next() at a generator's end raises StopIteration: value is what it returned": ("""
def gen():
    yield 1
    return "max"
def first_two(g):
    next(g)
    next(g)
    return "add"
try:
    first_two(gen())
    op = "add"
except StopIteration as e:
    op = e.value
launch(op)
""", ["PAL006"]),
    "a generator returning None: StopIteration() with no args": ("""
def gen():
    yield 1
g = gen()
next(g)
try:
    next(g)
    op = "add"
except StopIteration as e:
    op = "max" if e.args == () and e.value is None else "add"
launch(op)
""", ["PAL006"]),
    "next() of a generator advanced on a path not decided raises nothing known": ("""
import random
def gen():
    yield 1
    return "max"
g = gen()
if random.random() > 0.5:
    next(g)
try:
    next(g)
    op = "add"
except StopIteration as e:
    op = e.value
launch(op)
""", []),
    "next(gen, default) at the end gives the default": ("""
def gen():
    yield 1
g = gen()
next(g)
launch(next(g, "max"))
""", ["PAL006"]),
    "a generator suspended in its except clause takes what it handles with it": ("""
def gen():
    try:
        raise KeyError("k")
    except KeyError:
        yield 1
g = gen()
next(g)
try:
    raise ValueError("v")
except ValueError as e:
    launch("max" if e.__context__ is None else "add")
""", ["PAL006"]),
    "the as name is deleted at the clause's end": ("""
e = "max"
try:
    raise ValueError("add")
except ValueError as e:
    pass
launch(e)
""", []),
    "nullcontext() with no value enters as None": ("""
import contextlib
with contextlib.nullcontext() as entered:
    launch("max" if entered is None else "add")
""", ["PAL006"]),
    "dataclasses.fields() of a class: names in declaration order, metadata empty when none": ("""
import dataclasses
@dataclasses.dataclass
class Cfg:
    label: str = "x"
    op: str = "max"
names = [f.name for f in dataclasses.fields(Cfg) if not f.metadata]
launch(getattr(Cfg(), names[1]))
""", ["PAL006"]),
    "a slice of an instance passes a slice object to __getitem__": ("""
class Echo:
    def __getitem__(self, key):
        return (key.start, key.stop, key.step)
launch(("add", "max")[Echo()[1:5][0]])
""", ["PAL006"]),
    # Class introspection (python/class_introspection.py).
    "a class's __annotations__ are its own, in the order the body ran": ("""
class Base:
    a: int = 1
class Sub(Base):
    pass
class Typed:
    op: str = "max"
    b: int = 2
launch(Typed.op if (list(Sub.__annotations__), list(Typed.__annotations__)) == ([], ["op", "b"]) else "add")
""", ["PAL006"]),
    "an annotation on a path not decided leaves __annotations__ unknown": ("""
import random
class Typed:
    if random.random() > 0.5:
        extra: int = 1
    op: str = "max"
launch("max" if list(Typed.__annotations__) == ["op"] else "add")
""", []),
    "under the future import annotations stay strings": ("""
from __future__ import annotations
class Typed:
    op: str = "max"
launch(Typed.op if Typed.__annotations__["op"] == "str" else "add")
""", ["PAL006"]),
    "get_type_hints merges the MRO, a subclass replacing its base's in place": ("""
import typing
class Base:
    a: int
    b: int
class Sub(Base):
    a: str
    c: None
hints = typing.get_type_hints(Sub)
merged = list(hints) == ["a", "b", "c"] and hints["a"] is str and hints["c"] is type(None)
launch("max" if merged else "add")
""", ["PAL006"]),
    "get_type_hints of a class with a library base is unknown": ("""
import typing
import collections.abc
class Sub(collections.abc.Hashable):  # (not modelled: a base the analysis cannot see)
    a: int
launch("max" if list(typing.get_type_hints(Sub)) == ["a"] else "add")
""", []),
    "get_type_hints through a modelled ABC base: the mixins annotate nothing": ("""
import typing
import collections.abc
class Sub(collections.abc.Mapping):
    a: int
launch("max" if list(typing.get_type_hints(Sub)) == ["a"] else "add")
""", ["PAL006"]),
    "a class is never equal to a constant (type's == is identity)": ("""
class A:
    pass
launch("max" if (A == "A", int == 0, A != None) == (False, False, True) else "add")
""", ["PAL006"]),
    # dict key views are set-like (a real view of the keys).
    "key views under & - | are sets of the keys": ("""
a = {"x": 1, "y": 2, "z": 3}
b = {"y": 0, "w": 0}
both = a.keys() & b.keys() == {"y"}
rest = sorted(a.keys() - b.keys()) == ["x", "z"] and list(a.keys()) == ["x", "y", "z"]
launch("max" if both and rest else "add")
""", ["PAL006"]),
    # `obj.__class__ = C` and types.MethodType in the data model.
    "obj.__class__ = Other re-classes the instance": ("""
class A:
    def op(self):
        return "add"
class B(A):
    def op(self):
        return "max"
a = A()
a.__class__ = B
launch(a.op() if type(a) is B else "add")
""", ["PAL006"]),
    "obj.__class__ = a class of another layout is refused (Python's TypeError)": ("""
import collections
class A:
    op = "max"
class B(collections.OrderedDict):
    op = "add"
a = A()
try:
    a.__class__ = B
except TypeError:
    pass
launch(a.op)
""", ["PAL006"]),
    "types.MethodType binds the function to the instance": ("""
import types
class A:
    op = "max"
def pick(self):
    return self.op
a = A()
a.choose = types.MethodType(pick, a)
launch(a.choose())
""", ["PAL006"]),
    "make_dataclass builds a dataclass: fields in order, defaults, keyword init": ("""
import dataclasses
Config = dataclasses.make_dataclass("Config", ["name", ("op", str, "add"), ("width", int, 4)])
made = Config("c", width=8)
order = [f.name for f in dataclasses.fields(Config)] == ["name", "op", "width"]
typed = Config.__annotations__["width"] is int
launch("max" if order and typed and (made.op, made.width) == ("add", 8) else "add")
""", ["PAL006"]),
    "make_dataclass with an option it does not model (bases=) is unknown": ("""
import dataclasses
class Base:
    pass
Config = dataclasses.make_dataclass("Config", [("op", str, "max")], bases=(Base,))
launch(Config().op)
""", []),
    # exec of a known string, run by the interpreter (python/exec_source.py).
    "exec runs a known source into its namespace, __builtins__ added": ('''
ns = {"base": "ma"}
exec("op = base + 'x'\\ndef again():\\n    return op", ns)
launch(ns["again"]() if "__builtins__" in ns else "add")
''', ["PAL006"]),
    "exec into globals() binds module names": ('''
exec("op = 'max'", globals())
launch(op)
''', ["PAL006"]),
    "a source that execs itself is not followed: the analysis goes on after it": ('''
s = "exec(s, globals())"
exec(s, globals())
launch("max")
''', ["PAL006"]),
    "exec of a source that does not parse leaves the namespace unknown": ('''
ns = {"op": "max"}
exec("op = = 1", ns)
launch(ns["op"])
''', []),
    # An exception a called function surely raises reaches the caller's handler.
    "an exception raised two calls deep reaches the handler": ("""
class Missing(Exception):
    pass
def inner():
    raise Missing("no")
def outer():
    inner()
    return "add"
try:
    op = outer()
except Missing:
    op = "max"
launch(op)
""", ["PAL006"]),
    "an exception raised on a path not decided does not pick the handler": ("""
import random
def maybe():
    if random.random() > 0.5:
        raise KeyError("no")
    return "max"
try:
    op = maybe()
except KeyError:
    op = "add"
launch(op)
""", []),
    'an instance as an index runs its __index__ (issue 20) (max)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(OPS[Pick(1)])
""", ["PAL006"]),
    'an instance as an index runs its __index__ (issue 20) (add: silent)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(OPS[Pick(0)])
""", []),
    "operator.index of an instance runs its __index__ through the bridge's proxy (max)": ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(OPS[operator.index(Pick(1))])
""", ["PAL006"]),
    "operator.index of an instance runs its __index__ through the bridge's proxy (add: silent)": ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(OPS[operator.index(Pick(0))])
""", []),
    'unpacking an instance runs its __iter__ (a, b = obj) (max)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
a, b = Pick(2)
launch((a, b)[1])
""", ["PAL006"]),
    'unpacking an instance runs its __iter__ (a, b = obj) (add: silent)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
a, b = Pick(2)
launch((a, b)[0])
""", []),
    'tuple() of an instance runs its __iter__ (max)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(tuple(Pick(2))[1])
""", ["PAL006"]),
    'tuple() of an instance runs its __iter__ (add: silent)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(tuple(Pick(2))[0])
""", []),
    'str() of an instance runs its __str__ through the proxy (max)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(str(Pick(1)))
""", ["PAL006"]),
    'str() of an instance runs its __str__ through the proxy (add: silent)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(str(Pick(0)))
""", []),
    "an f-string with a spec runs the instance's __format__ (max)": ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(f'{Pick(1):x}'[:3])
""", ["PAL006"]),
    "an f-string with a spec runs the instance's __format__ (add: silent)": ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(f'{Pick(0):x}'[:3])
""", []),
    'format() of an instance runs its __format__ (max)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(format(Pick(1), ''))
""", ["PAL006"]),
    'format() of an instance runs its __format__ (add: silent)': ("""
import operator
class Pick:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
    def __iter__(self):
        return iter(OPS[: self.n])
    def __str__(self):
        return OPS[self.n]
    def __format__(self, spec):
        return OPS[self.n] + spec
OPS = ["add", "max"]
launch(format(Pick(0), ''))
""", []),
    # Issue 20, the rest of the data model (docs/design.md change 75).
    "real code iterates a program iterable whose __iter__ returns an iterator over known items": ("""
class Bag:
    def __iter__(self):
        return iter(["max", "add"])
    def __len__(self):
        return 2
launch(sorted(Bag())[1])
""", ["PAL006"]),
    "real code reads the program's iterator through __next__; a sure StopIteration ends it": ("""
class It:
    def __init__(self):
        self.i = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.i += 1
        if self.i > 2:
            raise StopIteration
        return ["max", "zzz"][self.i - 1]
launch(min(It()))
""", ["PAL006"]),
    "an instance hashed by identity is a dict key: found as itself, del, then stored again": ("""
class K:
    pass
a, b = K(), K()
d = {a: "add"}
del d[a]
d[a] = "max"
launch(d[a] if (a in d, b in {}, b not in {"x": 1}) == (True, False, True) else "add")
""", ["PAL006"]),
    # A dtype's text is numpy's (a config keyed by str(x.dtype)); its equality is not read.
    "str, repr and f-strings of a dtype are numpy's": ("""
texts = (str(jnp.dtype(jnp.float32)), f"{jnp.ones(4, jnp.float16).dtype}", repr(jnp.dtype("int8")))
launch("max" if texts == ("float32", "float16", "dtype('int8')") else "add")
""", ["PAL006"]),
    # A set comprehension is a set (duplicates go), over a frozenset too; a dict keyed by
    # dtype classes finds jnp's and NumPy's alike (JAX's scalar types hash as NumPy's).
    "a set comprehension over a frozenset, and dtype classes as dict keys": ("""
import numpy as np
fitting = {s for s in frozenset({32, 64, 128, 64}) if 256 % s == 0}
elems = {dt: max(fitting) // jnp.dtype(dt).itemsize for dt in (jnp.float16, jnp.bfloat16, jnp.float32)}
launch("max" if (len({x for x in (1, 2, 2)}), elems[np.float32], elems[jnp.bfloat16]) == (2, 32, 64)
       else "add")
""", ["PAL006"]),
    "a dtype object is not a dtype class's dict key": ("""
elems = {jnp.float32: "add"}
launch(elems.get(jnp.dtype("float32"), "max"))
""", []),
    # Enum members as dict keys: a plain Enum's member is a singleton that compares by
    # identity, so a registry keyed by members finds each under itself only.
    "a dict keyed by a plain Enum's members finds each member": ("""
import enum
class R(enum.Enum):
    SUM = "sum"
    PEAK = "peak"
TABLE = {R.SUM: "add", R.PEAK: "max"}
launch(TABLE[R.PEAK] if R.SUM in TABLE and TABLE.get(R.SUM) == "add" else "add")
""", ["PAL006"]),
    "a plain Enum's member key is not found under its value": ("""
import enum
class R(enum.Enum):
    SUM = "sum"
TABLE = {R.SUM: "add"}
launch(TABLE.get("sum", "max"))
""", ["PAL006"]),
    "a str-mixin Enum's member equals its value: not held by identity": ("""
import enum
class R(str, enum.Enum):
    SUM = "sum"
TABLE = {R.SUM: "add"}
launch(TABLE.get("sum", "max"))
""", []),
    "an Enum whose class defines __eq__ is not held by identity": ("""
import enum
class R(enum.Enum):
    SUM = "sum"
    def __eq__(self, other):
        return True
    __hash__ = enum.Enum.__hash__
TABLE = {R.SUM: "add"}
launch(TABLE.get(R.SUM, "max"))
""", []),
    # Enum members made as EnumType makes them: the class's __new__ / __init__ run on each.
    "an enum's __new__ sets _value_ and attributes: lookup by that value": ("""
import enum
class R(enum.Enum):
    SUM = ("sum", "add", 4)
    PEAK = ("peak", "max", 8)
    def __new__(cls, label, op, vec):
        member = object.__new__(cls)
        member._value_ = label
        member.op = op
        return member
launch(R("peak").op if R.SUM.value == "sum" and R("sum") is R.SUM else "add")
""", ["PAL006"]),
    "an enum's __init__ gets the value's items": ("""
import enum
class R(enum.Enum):
    SUM = ("add", 4)
    PEAK = ("max", 8)
    def __init__(self, op, vec):
        self.op = op
launch(R.PEAK.op if R.PEAK.value == ("max", 8) else "add")
""", ["PAL006"]),
    "members whose __new__ gives one _value_ are aliases": ("""
import enum
class R(enum.Enum):
    A = ("x", "max")
    B = ("x", "add")
    def __new__(cls, label, op):
        member = object.__new__(cls)
        member._value_ = label
        member.op = op
        return member
launch(R.B.op)
""", ["PAL006"]),
    "an enum __new__ that makes no member of the class leaves the members unknown": ("""
import enum
class R(enum.Enum):
    A = ("x", "max")
    def __new__(cls, label, op):
        return label
launch(R.A.op)
""", []),
    # functools.cache / lru_cache: the function runs once per key (python/cached.py).
    "functools.cache runs the function once per key": ("""
import functools
BUILT = []
@functools.cache
def build(op):
    BUILT.append(op)
    return op
build("add")
build("add")
build(op="add")
launch("max" if len(BUILT) == 2 and build("add") == "add" else "add")
""", ["PAL006"]),
    "lru_cache keyed by a frozen dataclass and by the instance of a cached method": ("""
import dataclasses, functools
BUILT = []
@dataclasses.dataclass(frozen=True)
class K:
    op: str
class Builder:
    @functools.lru_cache(maxsize=None)
    def build(self, key):
        BUILT.append(key.op)
        return key.op
b = Builder()
b.build(K("max"))
b.build(K("max"))
Builder().build(K("max"))
launch(b.build(K("max")) if len(BUILT) == 2 else "add")
""", ["PAL006"]),
    "lru_cache(maxsize=1) evicts the least recently used; cache_clear empties it": ("""
import functools
BUILT = []
@functools.lru_cache(maxsize=1)
def build(op):
    BUILT.append(op)
    return op
build("a"); build("b"); build("a"); build("a")
build.cache_clear()
build("a")
launch("max" if len(BUILT) == 4 else "add")
""", ["PAL006"]),
    "a cached call whose key is not known may or may not run the function": ("""
import functools, site_settings
BUILT = []
@functools.cache
def build(op):
    BUILT.append(op)
    return op
build(site_settings.OP)
build("add")
launch("max" if len(BUILT) == 2 else "add")
""", []),
    "a cached call on an undecided path leaves the cache open": ("""
import functools, random
BUILT = []
@functools.cache
def build(op):
    BUILT.append(op)
    return op
if random.random() > 0.5:
    build("add")
BUILT.clear()
build("add")
launch("max" if len(BUILT) == 1 else "add")
""", []),
    "another instance is absent from a dict whose every key is known": ("""
class K:
    pass
a, b = K(), K()
d = {a: "add"}
launch(d.get(b, "max"))
""", ["PAL006"]),
    "another instance is not known absent once a key not known was stored": ("""
import sys
class K:
    pass
a, b = K(), K()
d = {a: "add"}
d[sys.argv[0]] = "add"
launch(d.get(b, "max"))
""", []),
    "an instance stored on an undecided path is not known absent": ("""
import random
class K:
    pass
a, b = K(), K()
d = {a: "add"}
if random.random() > 0.5:
    d[b] = "add"
launch(d.get(b, "max"))
""", []),
    "a frozen dataclass key hashes and compares by its fields: an equal one finds it": ("""
import dataclasses
@dataclasses.dataclass(frozen=True)
class K:
    n: int
    shape: tuple = (128, 128)
d = {K(1): "max"}
launch(d.get(K(1), "add") if K(2) not in d and K(1) in d else "add")
""", ["PAL006"]),
    "a frozen dataclass key: a field left out of compare= is left out of the key": ("""
import dataclasses
@dataclasses.dataclass(frozen=True)
class K:
    n: int
    tag: str = dataclasses.field(default="", compare=False)
d = {K(1, "a"): "max"}
launch(d[K(1, "b")])
""", ["PAL006"]),
    "a frozen dataclass key of a field not known is not known (no guess)": ("""
import dataclasses, sys
@dataclasses.dataclass(frozen=True)
class K:
    n: object
d = {K(1): "add"}
launch(d.get(K(sys.argv), "max"))
""", []),
    "a plain dataclass is unhashable (eq=True sets __hash__ None): its key is not known": ("""
import dataclasses
@dataclasses.dataclass
class K:
    n: int
d = {K(1): "add"}
launch(d.get(K(2), "max"))
""", []),
    "a dataclass with eq=False hashes by identity: another equal-looking one is absent": ("""
import dataclasses
@dataclasses.dataclass(eq=False)
class K:
    n: int
d = {K(1): "add"}
launch(d.get(K(1), "max"))
""", ["PAL006"]),
    "the generated __eq__ compares the fields' tuples; order=True the orderings": ("""
import dataclasses
@dataclasses.dataclass(order=True)
class K:
    n: int
    s: str
launch("max" if K(1, "a") == K(1, "a") and K(1, "a") != K(2, "a") and K(1, "b") > K(1, "a") else "add")
""", ["PAL006"]),
    "a dataclass against another type: its __eq__ answers NotImplemented, then identity": ("""
import dataclasses
@dataclasses.dataclass(frozen=True)
class K:
    n: int
@dataclasses.dataclass(frozen=True)
class J:
    n: int
launch("max" if K(1) != None and not (K(1) == 1) and K(1) != (1,) and K(1) != J(1) else "add")
""", ["PAL006"]),
    "a dataclass's own __eq__ is kept, not generated over": ("""
import dataclasses
@dataclasses.dataclass
class K:
    n: int
    def __eq__(self, other):
        return False
launch("max" if K(1) == K(1) else "add")
""", []),
    "dataclass options that are no literal leave the generated methods unknown": ("""
import dataclasses
FLAG = bool(len(__name__))
@dataclasses.dataclass(eq=FLAG)
class K:
    n: int
launch("max" if K(1) != K(1) else "add")
""", []),
    "a key with its own __hash__ / __eq__ is unknown (its equality is the program's)": ("""
class K:
    def __hash__(self):
        return 1
    def __eq__(self, other):
        return True
d = {K(): "add"}
launch(d.get(K(), "max"))
""", []),
    "`in` a list tests the items' __eq__, as list.__contains__ does": ("""
class W:
    def __init__(self, n):
        self.n = n
    def __eq__(self, other):
        return self.n == other.n
launch("max" if W(1) in [W(2), W(1)] and W(3) not in (W(1),) else "add")
""", ["PAL006"]),
    "a Mapping subclass's items() and get() are the ABC's mixins run as Python": ("""
from collections.abc import Mapping
class M(Mapping):
    def __init__(self):
        self._d = {"op": "add"}
    def __getitem__(self, k):
        return self._d[k]
    def __iter__(self):
        return iter(self._d)
    def __len__(self):
        return len(self._d)
launch(M().get("other", "max") if list(M().items()) == [("op", "add")] else "add")
""", ["PAL006"]),
    "a present key's Mapping.get stays unknown: a try body's return is not sure": ("""
from collections.abc import Mapping
class M(Mapping):
    def __init__(self):
        self._d = {"op": "max"}
    def __getitem__(self, k):
        return self._d[k]
    def __iter__(self):
        return iter(self._d)
    def __len__(self):
        return len(self._d)
launch(M().get("op", "add"))
""", []),
    "a Sequence subclass iterates through __getitem__ up to its IndexError": ("""
from collections.abc import Sequence
class Sq(Sequence):
    def __getitem__(self, i):
        return ["add", "max"][i]
    def __len__(self):
        return 2
out = "add"
for item in Sq():
    out = item
launch(out if list(reversed(Sq())) == ["max", "add"] else "add")
""", ["PAL006"]),
    "a UserList subclass appends into its data": ("""
from collections import UserList
class L(UserList):
    pass
names = L(["add"])
names.append("max")
launch(names[-1] if len(names) == 2 else "add")
""", ["PAL006"]),
    "weakref.ref and WeakValueDictionary hold the program's instance": ("""
import weakref
class C:
    op = "max"
c = C()
d = weakref.WeakValueDictionary()
d["k"] = c
launch(weakref.ref(d["k"])().op)
""", ["PAL006"]),
    "two weakrefs to one object are one dict key (they compare by referent): not an identity key": ("""
import weakref
class C:
    pass
c = C()
first = weakref.ref(c)
d = {first: "max"}
d[weakref.ref(c)] = "add"
launch(d[first])
""", []),
    "weakref.ref of an int raises TypeError: the program stops there (PAL079)": ("""
import weakref
launch(weakref.ref(1)())
""", ["PAL079"]),
    "inspect.signature of a class: its inherited __init__ after self": ("""
import inspect
class B:
    def __init__(self, a, op="max", *, k=1):
        pass
class C(B):
    pass
sig = inspect.signature(C)
launch(sig.parameters["op"].default if list(sig.parameters) == ["a", "op", "k"] else "add")
""", ["PAL006"]),
    "Signature.bind then apply_defaults: the program function's defaults, in order": ("""
import inspect
def spec(axes, op="max", vec=4):
    return None
bound = inspect.signature(spec).bind(("x",), vec=2)
before = tuple(bound.arguments)
bound.apply_defaults()
launch(bound.arguments["op"] if before == ("axes", "vec") and tuple(bound.arguments) == ("axes", "op", "vec")
       and bound.args == (("x",), "max", 2) and len(bound.kwargs) == 0 else "add")
""", ["PAL006"]),
    "Signature.bind of *args, keyword-only and **kwargs: args, kwargs and arguments": ("""
import inspect
def f(a, *rest, op, **extra):
    return None
b = inspect.signature(f).bind(1, 2, 3, op="max", k=5)
launch(b.kwargs["op"] if b.args == (1, 2, 3) and b.arguments["rest"] == (2, 3)
       and b.arguments["extra"]["k"] == 5 and b.kwargs["k"] == 5 else "add")
""", ["PAL006"]),
    "Signature.bind without a required argument raises TypeError; bind_partial does not": ("""
import inspect
def spec(axes, op="max"):
    return None
try:
    inspect.signature(spec).bind(op="add")
    op = "add"
except TypeError:
    op = inspect.signature(spec).bind_partial(op="max").arguments["op"]
launch(op)
""", ["PAL006"]),
    # python/argparse_run.py: an argument list the program gives, parsed by the real argparse.
    "parse_args(argv) of a list: the options given, converted by type; the others defaults": ("""
import argparse
p = argparse.ArgumentParser()
p.add_argument("--op", default="add", choices=["add", "max"])
p.add_argument("--vec", type=int, default=4)
p.add_argument("--rows", type=int, default=128)
args = p.parse_args(["--op", "max", "--vec", "2"])
launch(args.op if args.vec == 2 and args.rows == 128 else "add")
""", ["PAL006"]),
    "parse_known_args(argv): the namespace and the strings left": ("""
import argparse
p = argparse.ArgumentParser()
p.add_argument("--op", default="add")
args, rest = p.parse_known_args(["--op", "max", "--other"])
launch(args.op if tuple(rest) == ("--other",) else "add")
""", ["PAL006"]),
    "parse_args(argv) runs a type= of the program's on the string given": ("""
import argparse
p = argparse.ArgumentParser()
p.add_argument("--op", type=lambda text: text.lower(), default="add")
launch(p.parse_args(["--op", "MAX"]).op)
""", ["PAL006"]),
    "parse_args(argv) where argparse would print and exit (a bad choice, --help): unknown": ("""
import argparse
p = argparse.ArgumentParser()
p.add_argument("--op", default="max", choices=["add", "max"])
launch(p.parse_args(["--op", "xor"]).op)
launch(p.parse_args(["--help"]).op)
""", []),
    "parse_args() with no list: the defaults (the file runs with no arguments)": ("""
import argparse
p = argparse.ArgumentParser()
p.add_argument("--op", default="max")
launch(p.parse_args().op)
""", ["PAL006"]),
    "inspect.signature of a class with a __new__ of its own is unknown": ("""
import inspect
class C:
    def __new__(cls, *args):
        return super().__new__(cls)
    def __init__(self, a, op="max"):
        pass
launch(inspect.signature(C).parameters["op"].default)
""", []),
    "an IndexError raised in a callee's subscript reaches the caller's handler": ("""
class A:
    def __getitem__(self, i):
        return ["add"][i]
def pick(a):
    try:
        a[5]
    except IndexError:
        return "max"
    return "add"
launch(pick(A()))
""", ["PAL006"]),
    # patterns.py: builtin class patterns, and guards where their case is surely tried.
    "a builtin class pattern matches a known value of its type and binds it whole (str(op))": ("""
REQUEST = {"kind": "allreduce", "axes": ("x",), "op": "max"}
match REQUEST:
    case {"kind": "allreduce", "axes": (*axes,), "op": str(op)}:
        pass
    case _:
        op = "add"
launch(op if tuple(axes) == ("x",) else "add")
""", ["PAL006"]),
    "a builtin class pattern refuses a value of another type (int() against a str)": ("""
match {"op": "max"}:
    case {"op": int()}:
        op = "add"
    case {"op": str(op)}:
        pass
launch(op)
""", ["PAL006"]),
    "a builtin class pattern against an unknown value may match: not known": ("""
import random
match random.choice(["max", 1]):
    case str(op):
        pass
    case _:
        op = "add"
launch(op)
""", []),
    "a guard is evaluated where its case is surely tried; a false one passes to the next": ("""
match {"op": "max", "n": 2}:
    case {"n": n} if n > 2:
        op = "add"
    case {"op": op, **rest} if len(rest) == 1 and rest["n"] == 2:
        pass
    case _:
        op = "add"
launch(op)
""", ["PAL006"]),
    "a guard not known leaves its case and the next possible": ("""
import random
match {"op": "max"}:
    case {"op": op} if random.random() > 0.5:
        pass
    case _:
        op = "add"
launch(op)
""", []),
    "captures stay bound when the guard is false": ("""
match ("max",):
    case (op,) if op == "add":
        pass
    case _:
        pass
launch(op)
""", ["PAL006"]),
    "a sequence pattern matches an instance deriving from collections.abc.Sequence by its items": ("""
from collections.abc import Sequence
class Pair(Sequence):
    def __getitem__(self, i):
        return ["r", "max"][i]
    def __len__(self):
        return 2
match Pair():
    case ["r", op]:
        launch(op)
""", ["PAL006"]),
    "a mapping pattern over an instance deriving from Mapping stays unknown (Mapping.get's try)": ("""
from collections.abc import Mapping
class M(Mapping):
    def __getitem__(self, k):
        return {"op": "max"}[k]
    def __iter__(self):
        return iter(["op"])
    def __len__(self):
        return 1
match M():
    case {"op": op}:
        launch(op)
""", []),
    "unary operators run the instance's __neg__ / __pos__ / __invert__, `not` its __bool__": ("""
class V:
    def __neg__(self):
        return "max"
    def __invert__(self):
        return "max"
    def __pos__(self):
        return "add"
    def __bool__(self):
        return False
launch(-V() if (~V(), +V(), not V(), ~5) == ("max", "add", True, -6) else "add")
""", ["PAL006"]),
    "reversed() of an instance runs its __reversed__ through the proxy": ("""
class V:
    def __reversed__(self):
        return iter(["max", "add"])
launch(list(reversed(V()))[0])
""", ["PAL006"]),
    "a unary operator the class lacks is unknown (TypeError in Python)": ("""
class V:
    pass
launch(-V())
""", []),
    "a pure call's result is not reused after the state it read changed (the call memo)": ("""
class Names:
    def __init__(self):
        self.items = []
    def count(self):
        return len(self.items)
names = Names()
before = names.count()
names.items.append("x")
launch("add" if names.count() == 1 else "max")
""", []),
    "functions made by one lambda in a loop keep their own defaults (the call memo)": ("""
getters = [lambda op=op: op for op in ("add", "max")]
launch([getter() for getter in getters][1])
""", ["PAL006"]),
    "delattr of a subclass's override falls back to the base class's value": ("""
class Base:
    op = "max"
class Child(Base):
    op = "add"
for name in ("op",):
    delattr(Child, name)
launch(Child.op)
""", ["PAL006"]),
    "delattr of a name not known leaves the class's own values unknown": ("""
import random
class Base:
    op = "add"
class Child(Base):
    op = "max"
delattr(Child, random.choice(["op", "other"]))
launch(Child.op)
""", []),
    "functions made by one def in a loop keep their own defaults (the call memo)": ("""
ops = []
for op in ("max", "add"):
    def pick(op=op):
        return op
    ops.append(pick)
launch((ops[0](), ops[1]())[1])
""", []),
    # The old sequence protocol (PySeqIter): __getitem__(0), (1), ... up to an IndexError.
    "tuple() of a class with only __getitem__ reads it up to the IndexError": ("""
class Names:
    def __getitem__(self, index):
        names = "add/max".split("/")
        if index >= len(names):
            raise IndexError(index)
        return names[index]
launch(tuple(Names())[1])
""", ["PAL006"]),
    "a for loop, unpacking, list() and `in` over __getitem__ alone": ("""
class Names:
    def __getitem__(self, index):
        if index >= 2:
            raise IndexError(index)
        return ["add", "max"][index]
last = None
for name in Names():
    last = name
first, second = Names()
ops = list(Names())
launch(last if second == ops[1] and "max" in Names() and "min" not in Names() else "add")
""", ["PAL006"]),
    "StopIteration from __getitem__ ends the sequence protocol too": ("""
class Names:
    def __getitem__(self, index):
        if index == 1:
            raise StopIteration
        return "max"
launch([name for name in Names()][-1])
""", ["PAL006"]),
    "a __getitem__ raising KeyError stops the program: no item after it is known": ("""
class Names:
    def __getitem__(self, index):
        if index >= 1:
            raise KeyError(index)
        return "add"
op = "max"
try:
    op = list(Names())[0]
except KeyError:
    op = "add"
launch(op)
""", []),
    "__iter__ = None makes a class not iterable, even with __getitem__": ("""
class Names:
    __iter__ = None
    def __getitem__(self, index):
        if index >= 1:
            raise IndexError(index)
        return "max"
op = "add"
try:
    op = tuple(Names())[0]
except TypeError:
    pass
launch(op)
""", []),
    # Class creation's namespace: a metaclass's __prepare__, types.new_class's exec_body.
    "a metaclass's __prepare__ seeds the names the class body reads": ("""
class Seeded(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        return {"OP": "max" if name == "Config" else "add"}
OP = "add"
class Config(metaclass=Seeded):
    op = OP
launch(Config.op)
""", ["PAL006"]),
    "a __prepare__ giving a mapping the analysis cannot read leaves the class unknown": ("""
class Logged(dict):
    def __setitem__(self, key, value):
        super().__setitem__(key, "add")
class Meta(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        return Logged()
class Config(metaclass=Meta):
    op = "max"
launch(Config.op)
""", []),
    "a metaclass derived from one the analysis cannot see (absl's tests') prepares as type does": ("""
import ctypes
class Registered(type(ctypes.Structure)):  # a metaclass the analysis cannot see
    pass
class Config(metaclass=Registered):
    op = "max"
launch(Config.op)
""", ["PAL006"]),
    "f-string format specs and conversions run as Python formats them": ("""
OPS = ["add", "max"]
WIDTH = 3
launch(f"{OPS[1]:s}")
launch(f"{OPS[0]!s:>{WIDTH}}".strip())
launch(f"{OPS[0]!r}"[1:-1])
""", ["PAL006"]),
    "operator.attrgetter reads dotted paths of the program's objects as obj.a.b would": ("""
import operator
class Ops:
    reduce = "max"
class Config:
    ops = Ops()
    name = "add"
launch(operator.attrgetter("ops.reduce")(Config()))
launch(operator.attrgetter("name", "ops.reduce")(Config())[0])
""", ["PAL006"]),
    "types.new_class runs exec_body on the namespace the class is made from": ("""
import types
def fill(namespace):
    namespace["op"] = "max"
Config = types.new_class("Config", (), {}, fill)
Derived = types.new_class("Derived", (Config,), exec_body=lambda ns: ns.update(extra=1))
launch(Derived.op)
""", ["PAL006"]),
    "types.new_class with class keywords (a metaclass) is not known": ("""
import types
class Meta(type):
    def __new__(mcs, name, bases, namespace):
        namespace["op"] = "add"
        return super().__new__(mcs, name, bases, namespace)
Config = types.new_class("Config", (), {"metaclass": Meta}, lambda ns: ns.update(op="max"))
launch(Config.op)
""", []),
    # BaseException.add_note / __notes__, sys.exc_info() / sys.exception(), exception groups.
    "add_note's notes survive a bare re-raise into the caller's handler": ("""
OPS = {"sum": "add"}
def lookup(name):
    try:
        return OPS[name]
    except KeyError as error:
        error.add_note("max")
        raise
try:
    op = lookup("prod")
except KeyError as error:
    op = error.__notes__[-1]
launch(op)
""", ["PAL006"]),
    "a note added on a path that may not run leaves __notes__ unknown": ("""
import os
error = ValueError("x")
if os.environ.get("NOTE"):
    error.add_note("max")
try:
    raise error
except ValueError as caught:
    op = caught.__notes__[0] if hasattr(caught, "__notes__") else "add"
launch(op)
""", []),
    "sys.exc_info() and sys.exception() in a handler read the exception it handles": ("""
import sys
try:
    {}["max"]
except KeyError:
    kind, value, _ = sys.exc_info()
    op = value.args[0] if kind is KeyError and sys.exception() is value else "add"
launch(op)
""", ["PAL006"]),
    "sys.exc_info() in a handler the analysis did not choose is not the outer one's": ("""
import builtins
import os
import sys
try:
    raise KeyError("max")
except KeyError:
    try:
        raise getattr(builtins, os.environ.get("ERROR_CLASS", "KeyError"))("add")
    except Exception:
        op = sys.exc_info()[1].args[0]
launch(op)
""", []),
    "an ExceptionGroup's subgroup and split divide its leaves by class": ("""
inner = ExceptionGroup("inner", [KeyError("min")])
group = ExceptionGroup("bad", [ValueError("max"), TypeError("add"), inner])
values = group.subgroup(ValueError)
keys, rest = group.split((KeyError, LookupError))
launch(values.exceptions[0].args[0] if rest.exceptions[0].args == ("max",)
       and keys.exceptions[0].exceptions[0].args == ("min",) and values.message == "bad" else "add")
""", ["PAL006"]),
    "a subgroup by a predicate is not known": ("""
group = ExceptionGroup("bad", [ValueError("max"), TypeError("add")])
found = group.subgroup(lambda e: isinstance(e, TypeError))
launch(found.exceptions[0].args[0])
""", []),
    "except* runs each clause its class matches with the split group (a naked one wrapped)": ("""
def check(spec):
    raise ExceptionGroup("bad", [ValueError("max"), TypeError("min")])
op = "add"
kinds = []
try:
    check("x")
except* ValueError as values:
    op = values.exceptions[0].args[0]
except* TypeError as types_:
    kinds.append(types_.message)
try:
    raise KeyError("max")
except* KeyError as keys:
    wrapped = keys.message == "" and keys.exceptions[0].args[0] == op
launch(op if wrapped and kinds == ["bad"] else "add")
""", ["PAL006"]),
    "except* that leaves part of the group unhandled is not followed": ("""
op = "add"
try:
    try:
        raise ExceptionGroup("bad", [ValueError("max"), TypeError("add")])
    except* ValueError as values:
        op = values.exceptions[0].args[0]  # then the TypeError goes on to the outer clause
except* TypeError as types_:
    op = types_.exceptions[0].args[0]
launch(op)
""", []),
    # Generators: throw() raises at the paused yield, into the generator's own handlers.
    "gen.throw(exc) caught in the generator gives its next yield": ("""
def planner():
    try:
        yield "add"
    except ValueError as error:
        yield error.args[0]
plans = planner()
next(plans)
launch(plans.throw(ValueError("max")))
""", ["PAL006"]),
    "gen.throw of a class the generator does not catch ends it: nothing after is known": ("""
def planner():
    try:
        yield "add"
    except KeyError:
        yield "add"
    yield "max"
plans = planner()
next(plans)
op = "add"
try:
    plans.throw(ValueError)
except ValueError:
    op = next(plans, "add")
launch(op)
""", []),
    "yield from hands throw() and send() to the delegate, and close() closes it": ("""
CLOSED = []
def inner():
    try:
        sent = yield "add"
        yield sent
    except KeyError:
        yield "max"
    finally:
        CLOSED.append("inner")
def outer():
    result = yield from inner()
    yield result
first = outer()
next(first)
sent = first.send("min")
thrown = outer()
next(thrown)
op = thrown.throw(KeyError("x"))
thrown.close()
launch(op if sent == "min" and CLOSED == ["inner"] else "add")
""", ["PAL006"]),
    # contextvars and contextlib.ExitStack: their CPython semantics as Python source
    # (python/source_models.py), run by the interpreter.
    "a ContextVar's get / set / reset and copy_context().run": ("""
import contextvars
mode = contextvars.ContextVar("mode", default="min")
token = mode.set("add")
mode.reset(token)
def inside():
    mode.set("add")
    return mode.get()
inner = contextvars.copy_context().run(inside)
launch("max" if mode.get() == "min" and inner == "add" and token.old_value is contextvars.Token.MISSING
       else "add")
""", ["PAL006"]),
    "what a coroutine asyncio.run drives sets stays in its context's copy": ("""
import asyncio
import contextvars
mode = contextvars.ContextVar("mode", default="max")
async def main():
    mode.set("add")
    return mode.get()
inner = asyncio.run(main())
launch(mode.get() if inner == "add" else "add")
""", ["PAL006"]),
    "an ExitStack runs its callbacks last in, first out, and enter_context's __exit__": ("""
import contextlib
ORDER = []
class Manager:
    def __enter__(self):
        return "max"
    def __exit__(self, *exc):
        ORDER.append("exit")
        return False
with contextlib.ExitStack() as stack:
    for name in ("a", "b"):
        stack.callback(ORDER.append, name)
    op = stack.enter_context(Manager())
with contextlib.ExitStack() as outer:
    outer.callback(ORDER.append, "moved")
    moved = outer.pop_all()
moved.close()
launch(op if ORDER == ["exit", "b", "a", "moved"] else "add")
""", ["PAL006"]),
    "an ExitStack enters a @contextmanager's manager through type(cm), and cm.__enter__ by hand": ("""
import contextlib
LAYERS = ["base"]
@contextlib.contextmanager
def layer(name):
    LAYERS.append(name)
    try:
        yield name
    finally:
        LAYERS.pop()
with contextlib.ExitStack() as stack:
    op = stack.enter_context(layer("max"))
    inside = list(LAYERS)
with contextlib.ExitStack() as stack:
    for name in ("a", "b"):
        stack.enter_context(layer(name))
    both = list(LAYERS)
cm = layer("x")
entered = cm.__enter__()
during = len(LAYERS)
cm.__exit__(None, None, None)
launch(op if inside == ["base", "max"] and both == ["base", "a", "b"] and LAYERS == ["base"]
       and entered == "x" and during == 2 and hasattr(type(cm), "__exit__") else "add")
""", ["PAL006"]),
    "make_dataclass with frozen=True: a record whose fields have their defaults, a dict key": ("""
import dataclasses
Launch = dataclasses.make_dataclass(
    "Launch", [("threads", int, 2), ("op", str, "max")], frozen=True)
table = {Launch(): "max"}
launch(table[Launch(2, "max")] if Launch().threads == 2 else "add")
""", ["PAL006"]),
    "IntEnum / StrEnum members as dict keys equal their values (auto() numbering)": ("""
import enum
class Role(enum.IntEnum):
    PRODUCER = 0
    CONSUMER = enum.auto()
    @property
    def registers(self):
        return {Role.PRODUCER: 40, Role.CONSUMER: 232}[self]
class Axis(enum.StrEnum):
    DATA = "max"
table = {Axis.DATA: "max"}
launch(table["max"] if Role.CONSUMER.registers == 232 and {0: "a"}[Role.PRODUCER] == "a"
       and Role.CONSUMER in {1: "b"} else "add")
""", ["PAL006"]),
    "Cls.__new__(Cls) is object's: a bare instance a __mul__ fills (a mesh shape built by `*`)": ("""
class Axis:
    def __init__(self, name):
        self.names = (name,)
    def __mul__(self, other):
        product = Axis.__new__(Axis)
        product.names = self.names + other.names
        return product
grid = Axis("max") * Axis("x")
launch(grid.names[0] if grid.names == ("max", "x") and not hasattr(Axis.__new__(Axis), "names") else "add")
""", ["PAL006"]),
    # type's own attributes of a class (python/class_objects.py).
    "cls.__bases__ is the resolved bases; a class with none has (object,)": ("""
class Reduction:
    op = "max"
class Launch(Reduction):
    pass
launch(Launch.__bases__[0].op if Reduction.__bases__[0] is object else "add")
""", ["PAL006"]),
    "cls.__mro__ and cls.mro() are C3's order, to object": ("""
class A:
    op = "add"
class B(A):
    pass
class C(A):
    op = "max"
class D(B, C):
    pass
launch(D.__mro__[2].op if D.mro()[-1] is object and len(D.__mro__) == 5 else "add")
""", ["PAL006"]),
    "cls.__dict__ reads the class's namespace through: a later store is seen": ("""
class Settings:
    op = "add"
view = Settings.__dict__
Settings.op = "max"
launch(view["op"])
""", ["PAL006"]),
    "__qualname__ of a class made in a function's body is not its bare name": ("""
def make():
    class Local:
        pass
    return Local
launch("max" if make().__qualname__ == "Local" else "add")
""", []),
    "__qualname__ of a nested class names its outer class; type() makes its name": ("""
class Outer:
    class Inner:
        pass
NESTED_OK = Outer.Inner.__qualname__ == "Outer.Inner"
launch("max" if NESTED_OK and type("T", (), {}).__qualname__ == "T" else "add")
""", ["PAL006"]),
    "a base that is no class is replaced by its __mro_entries__; __orig_bases__ keeps it": ("""
class Defaults:
    op = "add"
class Preset:
    def __init__(self, op):
        self.op = op
    def __mro_entries__(self, bases):
        return (type("Chosen", (Defaults,), {"op": self.op}),)
class Launch(Preset("max")):
    pass
launch(Launch.op if Launch.__orig_bases__[0].op == "max" else "add")
""", ["PAL006"]),
    # abc.ABCMeta's isinstance / issubclass of the program's ABCs.
    "an ABC's __subclasshook__ decides isinstance": ("""
import abc
class Reducing(abc.ABC):
    @classmethod
    def __subclasshook__(cls, other):
        return hasattr(other, "op")
class Plain:
    pass
class Config:
    op = "max"
launch(next(c for c in (Plain(), Config()) if isinstance(c, Reducing)).op)
""", ["PAL006"]),
    "a class registered with an ABC (@register) is its subclass; another is not": ("""
import abc
class Reducing(abc.ABC):
    pass
@Reducing.register
class Config:
    op = "max"
class Other:
    op = "add"
launch(next(c for c in (Other(), Config()) if isinstance(c, Reducing)).op)
""", ["PAL006"]),
    "a bound register handed on may register anything: isinstance's False is unknown": ("""
import abc
class Reducing(abc.ABC):
    pass
class Config:
    op = "max"
REGISTER = [Reducing.register]
launch("add" if isinstance(Config(), Reducing) else "max")
""", []),
    "a register on an undecided path leaves the ABC's answers unknown": ("""
import abc
import random
class Reducing(abc.ABC):
    pass
class Config:
    pass
if random.random() < 0.5:
    Reducing.register(Config)
launch("add" if isinstance(Config(), Reducing) else "max")
""", []),
    # A dtype name is a class (of jnp's metaclass): no str, int or tuple.
    "isinstance of a dtype name and a builtin type is False": ("""
import jax.numpy as jnp
launch("add" if isinstance(jnp.int32, (str, int)) else "max")
""", ["PAL006"]),
    # concurrent.futures: each submitted call runs at once (python/source_models.py).
    "a thread pool's submit / map run the call: result() is its value": ("""
import concurrent.futures
def pick(name, suffix=""):
    return name + suffix
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    first = pool.submit(pick, "ma", suffix="x")
    (second,) = pool.map(pick, ["add"])
launch(first.result() if first.done() and second == "add" else "add")
""", ["PAL006"]),
    "as_completed of several futures yields them in an order not known": ("""
import concurrent.futures
with concurrent.futures.ThreadPoolExecutor() as pool:
    futures = [pool.submit(str, op) for op in ("max", "add")]
    launch([f.result() for f in concurrent.futures.as_completed(futures)][1])
""", []),
    "as_completed of one future yields it": ("""
import concurrent.futures
with concurrent.futures.ThreadPoolExecutor() as pool:
    future = pool.submit(str, "max")
    (done,) = concurrent.futures.as_completed([future])
launch(done.result())
""", ["PAL006"]),
    # object() is a bare object: only its identity (a sentinel), design-fix-c.
    "an object() sentinel returned as a dict.get default is itself": ("""
_MISSING = object()
found = {"op": None}.get("reduce", _MISSING)
launch("max" if found is _MISSING and found is not object() else "add")
""", ["PAL006"]),
    "object() instances are distinct: == is identity, a dict key by identity": ("""
a, b = object(), object()
table = {a: "add", b: "max"}
launch(table[b] if a != b and a == a and type(a) is object else "add")
""", ["PAL006"]),
    "copy.copy(object()) is a new object": ("""
import copy
_MISSING = object()
launch("add" if copy.copy(_MISSING) is _MISSING else "max")
""", ["PAL006"]),
    "an object() sentinel compared with a value not known stays silent": ("""
import sys
_MISSING = object()
launch("max" if sys.modules.get("somewhere") is _MISSING else "add")
""", []),
    # Slice stores and deletions: list.__setitem__ / __delitem__ with a slice object.
    "a slice assignment replaces the slice's items": ("""
ops = ["add", "add", "add"]
ops[1:] = ("max",)
launch(ops[1] if len(ops) == 2 else "add")
""", ["PAL006"]),
    "an extended slice assignment of the wrong length leaves the list unknown": ("""
ops = ["max", "add", "add", "add"]
ops[::2] = ["add"]
launch(ops[0])
""", []),
    "del of a slice removes its items": ("""
ops = ["add", "x", "max", "y"]
del ops[1::2]
launch(ops[-1])
""", ["PAL006"]),
    "a slice store on a bytearray runs for real": ("""
raw = bytearray(b"add")
raw[:] = b"max"
launch(raw.decode())
""", ["PAL006"]),
    "a program's __setitem__ gets the slice object": ("""
class Table:
    def __setitem__(self, key, value):
        self.seen = (key.start, key.stop, key.step, value)
t = Table()
t[1:4:2] = "max"
launch(t.seen[3] if t.seen[:3] == (1, 4, 2) else "add")
""", ["PAL006"]),
    # collections.namedtuple's class: a tuple subclass with _make / _replace / rename.
    "a named tuple's _make reads an iterable, its instance is a tuple": ("""
import collections
Row = collections.namedtuple("Row", "axis op")
axis, op = Row._make(iter(["x", "max"]))
launch(op if Row("x", "max") == ("x", "max") and len(Row._make("xy")) == 2 else "add")
""", ["PAL006"]),
    "a named tuple's _make with too few items is a TypeError (no defaults)": ("""
import collections
Row = collections.namedtuple("Row", "axis op", defaults=["max"])
launch(Row._make(["x"]).op)
""", []),
    "a named tuple's _replace, rename and indexing": ("""
import collections
Row = collections.namedtuple("Row", ["axis", "def"], rename=True)
row = Row("x", "add")._replace(_1="max")
launch(row[-1] if Row._fields == ("axis", "_1") and isinstance(row, tuple) else "add")
""", ["PAL006"]),
    # unittest.mock's objects (python/source_models.py).
    "a Mock's child attribute's return_value and side_effect callable": ("""
from unittest import mock
source = mock.Mock()
source.ops.return_value = ["add", "max"]
source.pick.side_effect = {"reduce": 1}.get
launch(source.ops()[source.pick("reduce")])
""", ["PAL006"]),
    "a MagicMock's configure_mock and side_effect iterable": ("""
from unittest import mock
source = mock.MagicMock(**{"plan.op": "max"})
source.configure_mock(**{"step.side_effect": ["add", source.plan.op]})
source.step()
launch(source.step() if source.plan is source.plan else "add")
""", ["PAL006"]),
    "a Mock's call records are not kept: unknown": ("""
from unittest import mock
source = mock.Mock()
launch("max" if source.called else "add")
""", []),
    "a Mock with a class spec may claim the class": ("""
from unittest import mock
class Config:
    op = "add"
source = mock.Mock(spec=Config)
launch("add" if isinstance(source, Config) else "max")
""", []),
    # A function object's attributes (python/function_objects.py, function_scopes.py).
    "a function's __globals__ is its module's namespace": ("""
REDUCE = "max"
def helper():
    return "REDUCE"
launch(helper.__globals__[helper()])
""", ["PAL006"]),
    "a bound method's __self__ and __func__": ("""
class Config:
    def __init__(self, op):
        self.op = op
    def describe(self):
        return self.op
method = Config("max").describe
launch(method.__self__.op if method.__func__.__name__ == "describe" else "add")
""", ["PAL006"]),
    "a plain function has no __self__: silent": ("""
def plain():
    return 1
launch(plain.__self__)
""", []),
    "closure cells in co_freevars order": ("""
def make(zeta, alpha):
    def inner():
        return alpha, zeta
    return inner
inner = make("add", "max")
cells = dict(zip(inner.__code__.co_freevars, [c.cell_contents for c in inner.__closure__]))
launch(cells["alpha"] if inner.__code__.co_freevars == ("alpha", "zeta") else "add")
""", ["PAL006"]),
    "a cell is the variable's live binding: rebound after the closure was made": ("""
def make():
    op = "add"
    def inner():
        return op
    op = "max"
    return inner
launch(make().__closure__[0].cell_contents)
""", ["PAL006"]),
    "a store into a cell rebinds the variable the closure reads": ("""
def make():
    op = "add"
    def inner():
        return op
    return inner
inner = make()
inner.__closure__[0].cell_contents = "max"
launch(inner())
""", ["PAL006"]),
    "an empty cell is unknown: silent": ("""
def make2():
    def inner():
        return op
    if len(inner.__closure__) == 1:
        return inner.__closure__[0]
    op = "max"
launch(make2().cell_contents)
""", []),
    "a module-level function has no closure": ("""
def top():
    return REDUCE
REDUCE = "max"
launch("max" if top.__closure__ is None else "add")
""", ["PAL006"]),
    "co_varnames where every local is a parameter; other locals unknown": ("""
def only_params(op, *, vec):
    return op
def with_locals(op):
    x = op
    return x
launch(only_params.__code__.co_varnames[0].replace("op", "max"))
launch(with_locals.__code__.co_varnames[-1])
""", ["PAL006"]),
    "a nested function's __qualname__": ("""
class Ops:
    def build(self):
        def reducer():
            pass
        return reducer
launch("max" if Ops().build().__qualname__ == "Ops.build.<locals>.reducer" else "add")
""", ["PAL006"]),
    # inspect's introspection of the program's objects.
    "inspect.getfullargspec pairs args with defaults": ("""
import inspect
def tuned(x, axis="x", op="max"):
    return x
spec = inspect.getfullargspec(tuned)
launch(dict(zip(spec.args[-len(spec.defaults):], spec.defaults))["op"])
""", ["PAL006"]),
    "inspect.getfullargspec keeps a bound method's self": ("""
import inspect
class K:
    def m(self, op="add"):
        pass
launch("max" if inspect.getfullargspec(K().m).args == ["self", "op"] else "add")
""", ["PAL006"]),
    "inspect.getfullargspec's annotations are unknown when written: silent": ("""
import inspect
def tuned(x, op: str = "add"):
    return x
launch("max" if inspect.getfullargspec(tuned).annotations else "add")
""", []),
    "inspect.getattr_static skips __getattr__ and reads the class dict": ("""
import inspect
class Knobs:
    op = "max"
    def __getattr__(self, name):
        return "add"
launch(inspect.getattr_static(Knobs(), "op"))
""", ["PAL006"]),
    "inspect.getattr_static: a property is returned itself, never run: silent": ("""
import inspect
class Knobs:
    @property
    def op(self):
        return "max"
launch(inspect.getattr_static(Knobs(), "op"))
""", []),
    "inspect.getattr_static of a library subclass's instance: silent": ("""
import inspect
import threading
class Worker(threading.Thread):
    op = "add"
launch(inspect.getattr_static(Worker(), "op", "max"))
""", []),
    "inspect.getattr_static's default for a name found nowhere": ("""
import inspect
class Knobs:
    pass
launch(inspect.getattr_static(Knobs(), "op", "max"))
""", ["PAL006"]),
    "inspect.cleandoc of a docstring (both Python releases' spellings)": ("""
import inspect
def kernel():
    \"\"\"Settings.

    op: max
    \"\"\"
launch(inspect.cleandoc(kernel.__doc__).splitlines()[2].split(": ")[1])
""", ["PAL006"]),
    "inspect.getdoc of a method without a docstring is unknown: silent": ("""
import inspect
class Base:
    def run(self):
        \"\"\"max\"\"\"
class Child(Base):
    def run(self):
        pass
launch(inspect.getdoc(Child.run) or "max")
""", []),
    "inspect.getdoc of a dataclass without a docstring (a generated one): silent": ("""
import dataclasses
import inspect
@dataclasses.dataclass
class Settings:
    op: str = "add"
launch("add" if inspect.getdoc(Settings) else "max")
""", []),
    "inspect.signature follows functools.wraps to the wrapped function": ("""
import functools
import inspect
def tuned(op="max"):
    return op
@functools.wraps(tuned)
def wrapper(*args, **kwargs):
    return tuned(*args, **kwargs)
launch(inspect.signature(wrapper).parameters["op"].default)
""", ["PAL006"]),
    "inspect.isfunction / ismethod / isclass": ("""
import inspect
class K:
    def m(self):
        pass
checks = (inspect.isfunction(K.m), inspect.ismethod(K().m), inspect.isclass(K), inspect.isfunction(K))
launch("max" if checks == (True, True, True, False) else "add")
""", ["PAL006"]),
    # A tuple subclass's instance is the tuple tuple.__new__ made (library_bases.py).
    "a tuple subclass without __new__ holds tuple(iterable)": ("""
class Ops(tuple):
    pass
ops = Ops(["max", "add"])
launch(ops[0] if isinstance(ops, tuple) and len(ops) == 2 else "add")
""", ["PAL006"]),
    "a tuple subclass's __new__ through super().__new__(cls, generator)": ("""
class Ops(tuple):
    def __new__(cls, *names):
        return super().__new__(cls, (name.strip() for name in names))
launch(Ops(" max ", "add")[0])
""", ["PAL006"]),
    "tuple.__new__ of an unknown iterable: the instance's items are unknown": ("""
class Ops(tuple):
    pass
with open("ops.txt") as lines:
    launch(Ops(lines.read().split())[0])
""", []),
    # exec(source, globals, locals): stores go to the locals, reads fall back to the globals.
    "exec with a separate locals dict reads the globals' name": ("""
ns = {}
exec("op = BASE", {"BASE": "max"}, ns)
launch(ns["op"] if "BASE" not in ns else "add")
""", ["PAL006"]),
    "exec with a separate locals dict: a def there reads the globals only (not followed)": ("""
ns = {"BASE": "add"}
exec("def pick():\n    return BASE\nop = pick()", {"BASE": "max"}, ns)
launch("add" if ns.get("op") == "add" else "max")
""", []),
    # random.Random kept real: a seeded generator's draws, in order; the OS's seed refused.
    "a seeded random.Random's draws follow one another": ("""
import random
rng = random.Random(1)
rng.choice("ab")
launch(rng.choice(["max", "add"]))
""", ["PAL006"]),
    "random.Random seeded by the OS, a reseed with None, the module's functions: unknown": ("""
import random
rng = random.Random(1)
rng.seed()
picks = [random.Random().choice(["max"]), rng.choice(["max"]), random.choice(["max"])]
launch("add" if picks == ["max", "max", "max"] else "max")
""", []),
    # A callable stored into an object the analysis cannot see escapes (its code may call it).
    "a handler stored as an attribute of an unknown object may run": ("""
import xml.parsers.expat
ops = ["max"]
def fix(*args):
    ops[0] = "add"
parser = xml.parsers.expat.ParserCreate()
parser.StartElementHandler = fix
parser.Parse("<a/>", True)
launch(ops[0])
""", []),
    "a handler stored under a key of an unknown object may run": ("""
import xml.parsers.expat
ops = ["max"]
def fix(*args):
    ops[0] = "add"
registry = xml.parsers.expat.ParserCreate()
registry["start"] = fix
launch(ops[0])
""", []),
    "a list of handlers handed to unknown code: each may run": ("""
import xml.parsers.expat
ops = ["max"]
def fix(*args):
    ops[0] = "add"
xml.parsers.expat.ParserCreate([fix])
launch(ops[0])
""", []),
    "a dict of handlers stored on an unknown object: each may run": ("""
import xml.parsers.expat
ops = ["max"]
def fix(*args):
    ops[0] = "add"
parser = xml.parsers.expat.ParserCreate()
parser.handlers = {"start": fix}
launch(ops[0])
""", []),
    "a plain value stored on an unknown object changes nothing known": ("""
import xml.parsers.expat
ops = ["max"]
parser = xml.parsers.expat.ParserCreate()
parser.buffer_text = ops
launch(ops[0])
""", ["PAL006"]),
    # The mapping protocol: keys(), then each item (PyDict_Merge's path for a non-dict).
    "** of an object with keys() and __getitem__": ("""
class Options:
    def keys(self):
        return ["op", "dtype"]
    def __getitem__(self, key):
        return {"op": "max", "dtype": jnp.float32}[key]
launch(**Options())
""", ["PAL006"]),
    "dict() and {**} of an object with keys() and __getitem__": ("""
class Options:
    def keys(self):
        return iter(("op",))
    def __getitem__(self, key):
        return key.replace("op", "max")
merged = {**Options(), "extra": 1}
launch(dict(Options(), other=2)["op"] if merged["op"] == "max" else "add")
""", ["PAL006"]),
    "** of an object without keys(): not a mapping (TypeError), unknown": ("""
class Options:
    def __getitem__(self, key):
        return "max"
try:
    launch(**Options())
except TypeError:
    pass
""", []),
    # `...` and `Ellipsis` are one object; identity with a singleton is known.
    "x is Ellipsis, x is True": ("""
config = {"axes": ..., "strict": 1 == 1}
launch("max" if config["axes"] is Ellipsis and config["strict"] is True and 1 is not True else "add")
""", ["PAL006"]),
    # Builtins and library calls that hand a value back: __debug__, assert_type, sys.intern,
    # operator.call.
    "__debug__ is True; assert_type, sys.intern, operator.call give their value": ("""
import operator
import sys
from typing import assert_type
launch(assert_type(operator.call(sys.intern, "max"), str) if __debug__ else "add")
""", ["PAL006"]),
    "sys.intern of what is no str: unknown": ("""
import sys
launch(sys.intern(b"max"))
""", []),
    "inspect.unwrap follows __wrapped__ to the undecorated function": ("""
import functools
import inspect
def loud(fn):
    @functools.wraps(fn)
    def wrapper():
        return "add"
    return wrapper
@loud
def op():
    return "max"
launch(inspect.unwrap(op)() if op() == "add" else "add")
""", ["PAL006"]),
    # Classes and plain functions are dict keys by identity (type's and function's hash).
    "a dict keyed by classes and functions: lookups, membership, len": ("""
class A:
    pass
class B:
    pass
def hook():
    pass
table = {A: "add", hook: "max"}
table[B] = "add"
launch(table[hook] if A in table and B in table and len(table) == 3 else "add")
""", ["PAL006"]),
    "a class whose metaclass defines __eq__ is no identity key": ("""
class Meta(type):
    def __eq__(cls, other):
        return True
    def __hash__(cls):
        return 0
class A(metaclass=Meta):
    pass
class B(metaclass=Meta):
    pass
table = {A: "max"}
launch(table[B] if B in table else "add")
""", []),
    "a bound method is no identity key (it compares by instance and function)": ("""
class A:
    def m(self):
        pass
a = A()
table = {a.m: "max"}
launch(table.get(a.m, "add"))
""", []),
    "weakref.WeakKeyDictionary keyed by classes; a class is no int or str": ("""
import weakref
class A:
    pass
table = weakref.WeakKeyDictionary()
table[A] = "max"
launch(table[A] if A in table and "A" not in table and not isinstance(A, (int, str)) else "add")
""", ["PAL006"]),
    # enum.nonmember / enum.member (3.11): what EnumType makes of a marked name.
    "enum.nonmember is a plain attribute, enum.member makes a member of a function": ("""
import enum
class R(enum.Enum):
    ADD = "add"
    DEFAULT = enum.nonmember("max")
    @enum.member
    def pick():
        return "max"
launch(R.DEFAULT if len(R) == 2 and R.pick.value() == "max" and R.ADD.value == "add" else "add")
""", ["PAL006"]),
    # The implicit __class__ cell of a method: the class whose body defines it (design.md 140).
    "__class__ in a method is the defining class, not type(self)": ("""
class Base:
    OP = "max"
    def op(self):
        return __class__.OP
class Tuned(Base):
    OP = "add"
launch(Tuned().op())
""", ["PAL006"]),
    "__class__ in a class body nested in a method: not the method's cell (unknown)": ("""
class Base:
    def op(self):
        class Inner:
            try:
                OP = __class__.OP
            except NameError:
                OP = "max"
        return Inner.OP
    OP = "add"
launch(Base().op())
""", []),
    # A metaclass's __init__ runs after type.__new__, given the body's namespace (design.md 141).
    "a metaclass __init__ sets the class's attribute from its namespace": ("""
class Meta(type):
    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        cls.op = namespace.get("op_name", "add")
class Plan(metaclass=Meta):
    op_name = "max"
launch(Plan.op)
""", ["PAL006"]),
    "a metaclass __init__ runs after its own __new__, on the class __new__ made": ("""
class Meta(type):
    def __new__(mcs, name, bases, namespace):
        cls = super().__new__(mcs, name, bases, namespace)
        cls.base_op = "add"
        return cls
    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        cls.op = "max" if cls.base_op == "add" else "add"
class Plan(metaclass=Meta):
    pass
launch(Plan.op)
""", ["PAL006"]),
    "a metaclass __init__ of a subclass sees the subclass's namespace only": ("""
class Meta(type):
    def __init__(cls, name, bases, namespace):
        cls.op = namespace.get("op_name", "add")
class Plan(metaclass=Meta):
    op_name = "max"
class Child(Plan):
    pass
launch(Child.op)
""", []),
    # string.Formatter as CPython's string.py: a subclass's overrides run (design.md 142).
    "a string.Formatter subclass's get_value supplies the missing field": ("""
import string
DEFAULTS = {"op": "max"}
class Defaulting(string.Formatter):
    def get_value(self, key, args, kwargs):
        return kwargs[key] if key in kwargs else DEFAULTS[key]
launch(Defaulting().format("{op}"))
""", ["PAL006"]),
    "a string.Formatter subclass's convert_field, super() for the rest": ("""
import string
class Lower(string.Formatter):
    def convert_field(self, value, conversion):
        if conversion == "l":
            return str(value).lower()
        return super().convert_field(value, conversion)
launch(Lower().format("{0!l}{1!s}", "MA", "x")[:2] + "x")
""", ["PAL006"]),
    "string.Formatter's field of an object not known: unknown": ("""
import string, time
launch(string.Formatter().format("{0.real}", time.time()))
""", []),
    # ConfigParser(converters=...): get<name> on the parser and its sections (design.md 143).
    "a configparser converter's get<name> calls the program's function on the text": ("""
import configparser
parser = configparser.ConfigParser(converters={"op": lambda text: text.strip("[]")})
parser.read_dict({"mesh": {"reduce": "[max]"}})
launch(parser.getop("mesh", "reduce"))
""", ["PAL006"]),
    "a section's converter accessor, its fallback not converted": ("""
import configparser
parser = configparser.ConfigParser(converters={"op": lambda text: "add"})
parser.read_dict({"mesh": {"reduce": "min"}})
launch(parser["mesh"].getop("absent", "max"))
""", ["PAL006"]),
    "a converter's accessor of an option not there, no fallback: unknown (it raises)": ("""
import configparser
parser = configparser.ConfigParser(converters={"op": lambda text: "max"})
parser.read_dict({"mesh": {"reduce": "min"}})
try:
    OP = parser.getop("mesh", "absent")
except configparser.Error:
    OP = "add"
launch(OP)
""", []),
    # A shlex.shlex lexer over a string, kept as a real object with its settings (design.md 144).
    "a shlex lexer splits on the whitespace the program sets": ("""
import shlex
lexer = shlex.shlex("add;'max'", posix=True)
lexer.whitespace = ";"
lexer.whitespace_split = True
launch(list(lexer)[1])
""", ["PAL006"]),
    "a shlex lexer's tokens read one at a time move it": ("""
import shlex
lexer = shlex.shlex("add max", posix=True)
first = lexer.get_token()
launch(lexer.get_token() if first == "add" else "add")
""", ["PAL006"]),
    "a shlex lexer whose source is set (file inclusion): unknown": ("""
import shlex
lexer = shlex.shlex("max add", posix=True)
lexer.source = "include"
launch(lexer.get_token())
""", []),
    # Dtype objects compare by name: a scalar type and a dtype of one name are equal.
    "a dtype equals the scalar type of its name": ("""
launch("max" if jnp.dtype("bfloat16") == jnp.bfloat16 and jnp.float32 != jnp.int32 else "add")
""", ["PAL006"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_data_model(name: str) -> None:
    body, want = CASES[name]
    assert codes(body) == want, name


@pytest.mark.parametrize("source", ["class A:\n    return 1\nx = 1\n", "return 1\n", "x = 1\nreturn\n"])
def test_return_outside_a_function_stops_the_body(source: str) -> None:
    # CPython's compiler refuses these ("'return' outside function"); ast.parse does not.
    analysis = analyze(source)
    assert not analysis.findings and analysis.stopped is None


# ---- library mechanisms run as CPython defines them (design-fix-d): each next to its limit ----
_SET_CLASS = """
import collections.abc
class Names(collections.abc.Set):
    def __init__(self, names):
        self._names = tuple(dict.fromkeys(names))
    def __contains__(self, name):
        return name in self._names
    def __iter__(self):
        return iter(self._names)
    def __len__(self):
        return len(self._names)
"""

LIBRARY_MECHANISMS = {
    "a Set subclass's `-` is the mixin's, over its __iter__ and __contains__": (_SET_CLASS + """
launch(tuple(Names(("max", "x")) - Names(("x",)))[0])
""", ["PAL006"]),
    "a Set subclass's `&` with a tuple, `|` and isdisjoint": (_SET_CLASS + """
both = (Names(("x",)) | Names(("max",))) & ("max", "y")
launch(tuple(both)[0] if Names(("a",)).isdisjoint(["b"]) else "add")
""", ["PAL006"]),
    "a Set subclass's `<=` against another of its own": (_SET_CLASS + """
launch("max" if Names("ab") <= Names("abc") and not Names("abd") <= Names("abc") else "add")
""", ["PAL006"]),
    "isinstance of a builtin value against a library ABC is the library's answer": ("""
import collections.abc
launch("max" if isinstance((1,), collections.abc.Iterable) and not isinstance((1,), collections.abc.Set)
       and isinstance({1}, collections.abc.Set) else "add")
""", ["PAL006"]),
    "isinstance of the program's instance against a library ABC stays unknown (register)": ("""
import collections.abc
class Plain:
    pass
launch("max" if isinstance(Plain(), collections.abc.Set) else "max")
launch("add" if isinstance(Plain(), collections.abc.Set) else "max")
""", ["PAL006"]),
    "a ContextDecorator subclass runs the function inside its with": ("""
import contextlib
STATE = {"op": "add"}
class using(contextlib.ContextDecorator):
    def __init__(self, op):
        self.op = op
    def __enter__(self):
        self.saved, STATE["op"] = STATE["op"], self.op
    def __exit__(self, *exc):
        STATE["op"] = self.saved
@using("max")
def read():
    return STATE["op"]
launch(read() if STATE["op"] == "add" else "add")
""", ["PAL006"]),
    "a @contextmanager manager as a decorator makes a fresh manager per call": ("""
import contextlib
STACK = ["add"]
@contextlib.contextmanager
def using(op):
    STACK.append(op)
    yield
    STACK.pop()
@using("max")
def read():
    return STACK[-1]
read()
launch(read() if STACK == ["add"] else "add")
""", ["PAL006"]),
    "dir() runs the class's __dir__ and sorts it": ("""
class Listing:
    def __dir__(self):
        return ("zeta", "max", "_hidden")
launch(dir(Listing())[1])
""", ["PAL006"]),
    "dir() without a __dir__ (object's, which varies by release) stays unknown": ("""
class Listing:
    max = 1
launch([n for n in dir(Listing()) if not n.startswith("_")][0])
""", []),
    "a starred dict in a list display spreads its keys": ("""
launch([*{"max": 1, "x": 2}][0])
""", ["PAL006"]),
    "a weakref.finalize runs its callback once when called": ("""
import weakref
SEEN = []
class Owner:
    pass
owner = Owner()
done = weakref.finalize(owner, SEEN.append, "max")
done()
done()
launch(SEEN[0] if len(SEEN) == 1 and not done.alive else "add")
""", ["PAL006"]),
    "a weakref.finalize not called runs nothing": ("""
import weakref
SEEN = ["add"]
class Owner:
    pass
owner = Owner()
done = weakref.finalize(owner, SEEN.append, "max")
launch(SEEN[-1])
""", []),
    "a typing.NewType returns its argument": ("""
import typing
Op = typing.NewType("Op", str)
launch(Op("max") if Op.__supertype__ is str and Op.__name__ == "Op" else "add")
""", ["PAL006"]),
    "os.fspath calls __fspath__; a str is itself": ("""
import os
class Where:
    def __fspath__(self):
        return "max"
launch(os.fspath(Where()) if os.fspath("x") == "x" else "add")
""", ["PAL006"]),
    "bytes() calls __bytes__": ("""
class Tag:
    def __bytes__(self):
        return b"max"
launch(bytes(Tag()).decode())
""", ["PAL006"]),
    "await runs __await__ to its return, through asyncio.sleep's bare yield": ("""
import asyncio
class Later:
    def __await__(self):
        yield from asyncio.sleep(0).__await__()
        return "max"
async def main():
    return await Later()
launch(asyncio.run(main()))
""", ["PAL006"]),
    "an __await__ yielding something else (a future) gives an unknown value": ("""
import asyncio
class Later:
    def __await__(self):
        yield "a future"
        return "max"
async def main():
    return await Later()
launch(asyncio.run(main()))
""", []),
    "a metaclass's __getattr__ answers what the class lacks, not what it has": ("""
class Meta(type):
    def __getattr__(cls, name):
        return "max"
class Settings(metaclass=Meta):
    own = "add"
launch(Settings.missing if Settings.own == "add" else "add")
""", ["PAL006"]),
    "__subclasses__ lists the direct subclasses in creation order": ("""
class Base:
    pass
class A(Base):
    op = "max"
class B(Base):
    op = "add"
class C(A):
    op = "add"
launch(Base.__subclasses__()[0].op if len(Base.__subclasses__()) == 2 else "add")
""", ["PAL006"]),
    "__subclasses__ is unknown once a subclass may be collected (rebound)": ("""
class Base:
    pass
class A(Base):
    op = "max"
A = None
launch(Base.__subclasses__()[0].op)
""", []),
    "__subclasses__ is unknown where a function makes classes": ("""
class Base:
    pass
class A(Base):
    op = "max"
def later():
    class B(Base):
        pass
    return B
launch(Base.__subclasses__()[0].op)
""", []),
    "__mro__ and mro() are the C3 order": ("""
class Base:
    op = "add"
class Left(Base):
    op = "max"
class Right(Base):
    op = "add"
class Both(Right, Left):
    pass
launch(Both.__mro__[2].op if Both.mro()[1] is Right and len(Both.__mro__) == 5 else "add")
""", ["PAL006"]),
    "difflib.SequenceMatcher's longest block, read by its fields": ("""
import difflib
match = difflib.SequenceMatcher(None, "(max)", "<max>").find_longest_match(0, 5, 0, 5)
launch("(max)"[match.a:match.a + match.size])
""", ["PAL006"]),
    "difflib.ndiff's lines": ("""
import difflib
launch([line[2:] for line in difflib.ndiff(["add"], ["max"]) if line.startswith("+ ")][0])
""", ["PAL006"]),
    "a difflib matcher past the bridge's bound stays unknown": ("""
import difflib
ratio = difflib.SequenceMatcher(None, "a" * 3000, "b" * 3000).ratio()
launch("max" if ratio == 0.0 else "add")
""", []),
    "contextlib.AbstractContextManager's __enter__ returns the instance": ("""
import contextlib
class Scope(contextlib.AbstractContextManager):
    op = "max"
    def __exit__(self, *exc_info):
        return None
with Scope() as scope:
    launch(scope.op)
""", ["PAL006"]),
    "isinstance against contextlib.AbstractContextManager stays unknown (its __subclasshook__)": ("""
import contextlib
class Plain:
    def __enter__(self):
        return self
    def __exit__(self, *exc_info):
        return None
launch("add" if isinstance(Plain(), contextlib.AbstractContextManager) else "max")
""", []),
    "__mro__ through a library base stays unknown": ("""
import collections
class Mine(collections.OrderedDict):
    pass
launch("add" if len(Mine.__mro__) == 3 else "max")
launch("add" if len(Mine.mro()) == 3 else "max")
""", []),
    # heldout17's library mechanisms (docs/design.md 130-134).
    "argparse parents: the child takes the parent's options and defaults": ("""
import argparse
common = argparse.ArgumentParser(add_help=False)
common.add_argument("--op", default="max")
common.set_defaults(extra=1)
child = argparse.ArgumentParser(parents=[common])
launch(child.parse_args().op)
""", ["PAL006"]),
    "argparse parents: both with -h conflict, the child is never made (ArgumentError: PAL079)": ("""
import argparse
common = argparse.ArgumentParser()
common.add_argument("--op", default="max")
launch(argparse.ArgumentParser(parents=[common]).parse_args([]).op)
""", ["PAL079"]),
    "argparse parents: set_defaults on the parent after the child changes the shared option": ("""
import argparse
common = argparse.ArgumentParser(add_help=False)
common.add_argument("--op", default="add")
child = argparse.ArgumentParser(parents=[common])
common.set_defaults(op="max")
launch(child.parse_args([]).op)
""", []),
    "argparse action=extend with a list default, parse_known_args": ("""
import argparse
parser = argparse.ArgumentParser()
parser.add_argument("--op", action="extend", nargs="+", default=[])
args, extra = parser.parse_known_args(["--op", "add", "--verbose", "--op", "max"])
launch(args.op[-1])
""", ["PAL006"]),
    "argparse hands back the default list itself (one object)": ("""
import argparse
ops = ["add"]
parser = argparse.ArgumentParser()
parser.add_argument("--op", nargs="+", default=ops)
args = parser.parse_args([])
ops[0] = "max"
launch(args.op[0])
""", ["PAL006"]),
    "dict.update of key / value pairs, then the keywords": ("""
config = {"op": "add"}
config.update([("op", "add"), ("mode", "max")], op="max")
launch(config["mode"] if config["op"] == "max" else "add")
""", ["PAL006"]),
    "dict.update: an item that is no pair stops the update, the keys unknown": ("""
config = {"op": "max"}
try:
    config.update([("op", "add"), ("broken",)])
except ValueError:
    pass
launch(config["op"])
""", []),
    "unary + of a Counter keeps the positive counts": ("""
from collections import Counter
uses = Counter(["add", "max", "max"])
uses.subtract(["add", "add"])
launch(tuple(+uses)[0] if tuple(-uses) == ("add",) else "add")
""", ["PAL006"]),
    "re flags are the module's constants (re.VERBOSE | re.IGNORECASE)": ("""
import re
pattern = re.compile(r'''
    (?P<op> [a-z]+ )   # the reduction
''', re.VERBOSE | re.IGNORECASE)
launch(pattern.fullmatch("MAX")["op"].lower())
""", ["PAL006"]),
    "a repeat that what follows cannot start with is a linear scan for the regex guard": ("""
import re
spec = re.fullmatch(r"(\\w+)\\s*@\\s*(\\w+)\\s*x\\s*(\\w+)", "max @ outer x inner")
launch(spec[1])
""", ["PAL006"]),
    "repeats that overlap stay refused by the regex guard": ("""
import re
found = re.fullmatch(r"(\\w*)\\w*\\w*\\w*\\w*\\w*x?", "max" * 10)
launch(found[1][:3])
""", []),
    "datetime.strptime of digits runs; a directive of the locale stays unknown": ("""
from datetime import datetime
launch(("add", "max")[datetime.strptime("2024-05-01", "%Y-%m-%d").day])
launch(("add", "max", "add")[datetime.strptime("May 01", "%b %d").day])
""", ["PAL006"]),
}


@pytest.mark.parametrize("name", sorted(LIBRARY_MECHANISMS))
def test_library_mechanisms(name: str) -> None:
    body, want = LIBRARY_MECHANISMS[name]
    assert codes(body) == want, name


# Modules of the standard library run from their own source (python/stdlib_followed.py): the
# face gives the text (InstalledModules.stdlib_source), so these run with a library.
FOLLOWED = {
    "cmd.Cmd.onecmd dispatches to the subclass's do_* method": ("""
import cmd
class Shell(cmd.Cmd):
    op = "add"
    def do_op(self, arg):
        self.op = arg
shell = Shell()
shell.onecmd("op max")
launch(shell.op)
""", ["PAL006"]),
    "a cmd line of an unknown verb: any do_* may run, the setting is unknown": ("""
import cmd, time
class Shell(cmd.Cmd):
    op = "max"
    def do_add(self, arg):
        self.op = "add"
shell = Shell()
shell.onecmd("add" if time.time() > 0 else "sub")
launch(shell.op)
""", []),
    "optparse parses a given list with the library's code": ("""
import optparse
parser = optparse.OptionParser()
parser.add_option("--op", default="add")
options, _ = parser.parse_args(["--op", "max"])
launch(options.op)
""", ["PAL006"]),
    "optparse's defaults, set_defaults over add_option's": ("""
import optparse
parser = optparse.OptionParser()
parser.add_option("--op", default="add")
parser.set_defaults(op="max")
options, _ = parser.parse_args([])
launch(options.op)
""", ["PAL006"]),
    "an argparse sub-command's set_defaults": ("""
import argparse
parser = argparse.ArgumentParser()
commands = parser.add_subparsers(dest="job")
commands.add_parser("reduce").set_defaults(op="max")
commands.add_parser("copy").set_defaults(op="add")
launch(parser.parse_args(["reduce"]).op)
""", ["PAL006"]),
    "the other argparse sub-command's set_defaults": ("""
import argparse
parser = argparse.ArgumentParser()
commands = parser.add_subparsers(dest="job")
commands.add_parser("reduce").set_defaults(op="max")
commands.add_parser("copy").set_defaults(op="add")
launch(parser.parse_args(["copy"]).op)
""", []),
    "argparse sub-commands parsed without a list: unknown (a required one exits)": ("""
import argparse
parser = argparse.ArgumentParser()
commands = parser.add_subparsers(dest="job")
commands.add_parser("reduce").set_defaults(op="max")
launch(parser.parse_args().op)
""", []),
    "unittest's suite runs setUp, the test and tearDown in order": ("""
import unittest
SEEN = []
class Case(unittest.TestCase):
    def setUp(self):
        SEEN.append("set")
    def tearDown(self):
        SEEN.append("down")
    def test_one(self):
        SEEN.append("max")
unittest.TestSuite([Case("test_one")]).debug()
launch(SEEN[1] if SEEN == ["set", "max", "down"] else "add")
""", ["PAL006"]),
    "unittest's TestCase.run counts the test it ran": ("""
import unittest
SEEN = []
class Case(unittest.TestCase):
    def test_one(self):
        SEEN.append("max")
result = unittest.TestResult()
Case("test_one").run(result)
launch(SEEN[0] if result.testsRun == 1 else "add")
""", ["PAL006"]),
    "a test's failure caught by TestCase.run: whether the result holds it stays unknown": ("""
import unittest
class Case(unittest.TestCase):
    def test_one(self):
        self.assertEqual(1, 2)
result = unittest.TestResult()
Case("test_one").run(result)
launch("max" if len(result.failures) == 1 else "add")
""", []),
    "unittest.mock stays the model with unittest followed": ("""
import unittest
from unittest import mock
thing = mock.Mock(return_value="max")
launch(thing() if isinstance(unittest.TestCase, type) else "add")
""", ["PAL006"]),
    "SimpleCookie's header written by the library's code": ("""
from http.cookies import SimpleCookie
jar = SimpleCookie()
jar["op"] = "max"
launch(jar.output(attrs=[], header="").split("=", 1)[1])
""", ["PAL006"]),
}


@pytest.mark.parametrize("name", sorted(FOLLOWED))
def test_followed_stdlib(name: str) -> None:
    from pallas_lsp.project.installed import SearchPath, library_on

    body, expected = FOLLOWED[name]
    analysis = analyze(HEADER + body, Options(jax_version=parse_jax_version("0.12.0.1"),
                                              library=library_on(SearchPath(()))))
    assert sorted(f.code for f in analysis.findings) == expected


# Python's own semantics the followed library code relies on (no library needed).
FLOW = {
    "a raise after a return that may run is not sure": ("""
import time
def pick():
    if time.time() > 0:
        return "add"
    raise KeyError("op")
try:
    op = pick()
except KeyError:
    op = "max"
launch(op)
""", []),
    "getattr of a name not known: any method may run": ("""
import time
class Box:
    def __init__(self):
        self.d = {"op": "max"}
    def fix(self):
        self.d["op"] = "add"
box = Box()
getattr(box, "f" + ("ix" if time.time() > 0 else "oo"))()
launch(box.d["op"])
""", []),
    "getattr of a name not known calls the override, never the base method it hides": ("""
import time
class Base:
    def run(self):
        launch("max")
class Sub(Base):
    def run(self):
        launch("add")
    def other(self):
        launch("add")
getattr(Sub(), "r" + ("un" if time.time() > 0 else "x"))()
""", []),
    "getattr of a name not known may call the override": ("""
import time
class Base:
    def run(self):
        launch("add")
class Sub(Base):
    def run(self):
        launch("max")
getattr(Sub(), "r" + ("un" if time.time() > 0 else "x"))()
""", ["PAL006"]),
    "getattr of a name not known: a method that cannot take the arguments is never called": ("""
import time
class Box:
    def take(self, op):
        launch(op)
    def smoke(self):
        launch("max")
    def pair(self, a, b):
        launch("max")
    def named(self, *, op):
        launch("max")
getattr(Box(), "t" + ("ake" if time.time() > 0 else "x"))("add")
""", []),
    "getattr of a name not known: a method taking the arguments may be called": ("""
import time
class Box:
    def spread(self, *ops):
        launch(ops[0])
    def later(self, op=None):
        launch("max")
getattr(Box(), "s" + ("pread" if time.time() > 0 else "x"))("add")
""", ["PAL006"]),
    "getattr of a name not known: defaults set through __defaults__ may let a method run": ("""
import time
class Box:
    def __init__(self):
        self.d = {"op": "max"}
    def run(self, op):
        self.d["op"] = op
Box.run.__defaults__ = ("add",)
box = Box()
getattr(box, "r" + ("un" if time.time() > 0 else "x"))()
launch(box.d["op"])
""", []),
    "a pair's list is the list itself when unpacked": ("""
ops = ["add"]
pair = ("k", ops)
_, same = pair
same.append("max")
launch(ops[-1])
""", ["PAL006"]),
    "a slice of a list is a new list": ("""
ops = ["add", "max"]
rest = ops[:]
rest.pop(0)
launch(rest[0])
""", ["PAL006"]),
    "an empty list adds no item": ("""
ops = ["max"] + []
launch(ops[-1])
""", ["PAL006"]),
    "dict.__setitem__ through the class on a dict subclass's instance": ("""
class Table(dict):
    def put(self, key, value):
        dict.__setitem__(self, key, value)
table = Table()
table.put("op", "max")
launch(table["op"])
""", ["PAL006"]),
    "a str is no instance of a dict subclass": ("""
class Table(dict):
    pass
launch("add" if isinstance("max", Table) else "max")
""", ["PAL006"]),
}


@pytest.mark.parametrize("name", sorted(FLOW))
def test_flow_semantics(name: str) -> None:
    body, expected = FLOW[name]
    assert codes(body) == expected


# An import of a module found nowhere raises ModuleNotFoundError into its handler, when the
# library face knows the program's interpreter finds it nowhere (project/installed.py
# InstalledModules.absent; docs/design.md 135).
FALLBACK = '''
try:
    from site_overrides_nowhere import OP
except ModuleNotFoundError:
    OP = "max"
launch(OP)
'''


def _fallback_codes(tmp_path, *, exhaustive: bool = True, beside: str | None = None) -> list[str]:
    from pallas_lsp.project import InstalledModules, SearchPath

    site = tmp_path / "site-packages"
    site.mkdir(exist_ok=True)
    script = tmp_path / "main.py"
    script.write_text(HEADER + FALLBACK, encoding="utf-8")
    if beside is not None:
        (tmp_path / beside).write_text('OP = "add"\n', encoding="utf-8")
    library = InstalledModules(SearchPath((str(site),), exhaustive))
    analysis = analyze(script.read_text(encoding="utf-8"),
                       Options(jax_version=parse_jax_version("0.12.0.1"), library=library), path=str(script))
    return sorted(f.code for f in analysis.findings)


def test_module_found_nowhere_raises_into_its_handler(tmp_path) -> None:
    assert _fallback_codes(tmp_path) == ["PAL006"]


def test_module_absent_only_when_the_search_path_is_exhaustive(tmp_path) -> None:
    # A .pth line of code may install an import hook that finds any name: not known.
    assert _fallback_codes(tmp_path, exhaustive=False) == []


def test_module_beside_the_script_is_imported_not_absent(tmp_path) -> None:
    # Any file of that name beside the script (sys.path[0]) may be the module: not absent.
    assert _fallback_codes(tmp_path, beside="site_overrides_nowhere.cpython-312-x86_64-linux-gnu.so") == []


def test_module_absent_needs_a_library_that_can_say_so() -> None:
    assert codes(FALLBACK) == []


TRY_BUILTIN = '''
SETTINGS = {{"size": {size!r}}}
try:
    SIZE = int(SETTINGS["size"])
except {caught}:
    SIZE = 7
launch("max" if SIZE == 200 else "add")
'''


@pytest.mark.parametrize(("size", "caught", "want"), [
    # int("200") cannot raise: the handler never runs, SIZE is 200.
    ("200", "KeyError", ["PAL006"]),
    ("200", "(KeyError, ValueError)", ["PAL006"]),
    # int("2.5") raises ValueError: caught, SIZE is 7 ("add"); uncaught, the program stops.
    ("2.5", "ValueError", []),
    ("2.5", "KeyError", ["PAL079"]),  # the ValueError escapes: the program stops at int()
])
def test_try_body_of_a_pure_builtin_call_on_constants(size: str, caught: str, want: list[str]) -> None:
    assert codes(TRY_BUILTIN.format(size=size, caught=caught)) == want


def test_a_shadowed_builtin_is_not_judged() -> None:
    # The program's own `int` may raise anything: both paths stay possible.
    assert codes('''
def int(text):
    raise KeyError(text)
SETTINGS = {"size": "200"}
try:
    SIZE = int(SETTINGS["size"])
except KeyError:
    SIZE = 7
launch("max" if SIZE == 200 else "add")
''') == []
