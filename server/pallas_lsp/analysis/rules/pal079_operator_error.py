"""PAL079 operator_error: an error the program surely raises itself, uncaught: a binary operator
whose operands make Python raise (``pl.ds(...) + 2``, a tuple plus an int, ``n % 0``), an
unpacking of another number of items, a dict read with a key it lacks, a sequence read past its
end, a standard library call that raises on the program's values (``int("128x")``), a ``raise``
or a failing ``assert`` of the program's own: the program stops there, before any kernel after
it is traced or lowered."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from ..model import Finding, Options
from ..program import Program
from ..python.operator_errors import OperatorError
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL079",
    name="operator_error",
    title="an error the program surely raises itself (an operator, a lookup, a call, a raise or an assert)",
    jax_message=(
        "TypeError: unsupported operand type(s) for +: 'Slice' and 'int'\n"
        "TypeError: can only concatenate tuple (not \"int\") to tuple\n"
        "TypeError: mul got incompatible shapes for broadcasting: (64, 64), (64, 32).\n"
        "KeyError: 'axis'\n"
        "ZeroDivisionError: integer division or modulo by zero\n"
        "ValueError: invalid literal for int() with base 10: '128x'\n"
        "IndexError: tuple index out of range"
    ),
    lowering_errors=(
        LoweringError(r"\Aunsupported operand type\(s\) for \S+: '\w+' and '\w+'", exc_type="TypeError"),
        LoweringError(r"\Acan only concatenate (tuple|list|str|bytes) \(not \"\w+\"\) to \1",
                      exc_type="TypeError"),
        LoweringError(r"\Acan't multiply sequence by non-int of type '\w+'", exc_type="TypeError"),
        # A dict read with a key it surely lacks (CPython prints the key's repr: a str key).
        LoweringError(r"\A'[^']*'\Z", exc_type="KeyError"),
        # Two arrays of a kernel body whose shapes do not broadcast (lax's shape rule).
        LoweringError(r"\A(add|sub|mul|div|and|or|xor) got incompatible shapes for broadcasting: ",
                      exc_type="TypeError"),
        # A lax elementwise function given an operand of a dtype it does not take, or two of
        # different dtypes (lax promotes nothing; lax_dtypes.py).
        LoweringError(r"\A\w+ does not accept dtype \w+(\.| at position \d\.)", exc_type="TypeError"),
        LoweringError(r"\Alax\.\w+ requires arguments to have the same dtypes, got ", exc_type="TypeError"),
        # An array constructor given a shape with a dimension that is not an int (`ROWS / 2`),
        # and a dtype string NumPy does not know ("bf16").
        LoweringError(r"\AShapes must be 1D sequences of concrete values of integer type, got ",
                      exc_type="TypeError"),
        LoweringError(r"\Adata type '[a-z_]+[0-9]*' not understood\Z", exc_type="TypeError"),
        # lax.broadcasted_iota over a dimension the shape lacks (lax's own check).
        LoweringError(r"\Aiota dimension must be between 0 and len\(shape\), got dimension=",
                      exc_type="ValueError"),
        # A local read before the function binds it (a dropped `global` / `nonlocal`).
        LoweringError(r"\Acannot access local variable '\w+' where it is not associated with a value"
                      r"|\Alocal variable '\w+' referenced before assignment", exc_type="UnboundLocalError"),
        # pl.program_id / pl.num_programs of an axis past the list JAX indexes: the program's
        # grid env (while traced), the grid's program ids (a cluster axis, while lowered).
        LoweringError(r"\A(list|tuple) index out of range\Z", exc_type="IndexError",
                      sites=r"pallas/primitives\.py:(program_id_bind_with_trace|_num_programs_bind_with_trace)$"
                            r"|mosaic_gpu/lowering\.py:_program_id_lowering_rule$"),
        # `async with` of a manager whose __aenter__ returns no awaitable (a plain def).
        LoweringError(r"\A'async with' received an object from __aenter__ that does not implement "
                      r"__await__", exc_type="TypeError"),
        LoweringError(r"division by zero|modulo by zero|cannot be raised to a negative power",
                      exc_type="ZeroDivisionError"),
        # An unpacking of a known number of items into another number of names (PAL014 claims
        # wgmma's own "expected 2" unpackings of operand shapes first).
        LoweringError(r"\A(not enough values to unpack \(expected (at least )?\d+, got \d+\)"
                      r"|too many values to unpack \(expected \d+(, got \d+)?\))\Z", exc_type="ValueError"),
    ),
    what_it_means=(
        "Python runs `a + b` as `type(a).__add__(a, b)`, then `type(b).__radd__(b, a)`; when "
        "neither type defines the operation for the other, it raises TypeError. `pl.ds(...)` "
        "is a `Slice` object (start, size, stride) that defines no arithmetic: `rows + 2` "
        "is not a wider window. A tuple concatenates only with a tuple. Dividing an int by "
        "zero (`/`, `//`, `%`) raises ZeroDivisionError. Inside a kernel body the error stops "
        "the trace, so JAX never sees the kernel. `a, b, c = items` needs exactly three items "
        "(`first, *rest = items` at least one): Python raises ValueError otherwise, before any "
        "name is bound. More generally, any exception the program's own code raises and "
        "nothing catches ends the run there: a standard library call given a value it refuses "
        "(`int(\"128x\")`), a tuple read past its end, a `raise` or an `assert` of the "
        "program's own that the values it runs with reach."
    ),
    when_it_happens=(
        "When the line runs: at module level, in a function the program calls, or in a kernel "
        "body while its launch is traced (inside `jax.jit` too), whatever the JAX release. "
        "Reported where the operands' types are known exactly (numbers, strings, tuples, "
        "lists, `pl.ds` slices, Python slices), the line surely runs, and no `try` on the way "
        "may catch the error; arrays, refs and the program's own classes may define the "
        "operator and are not judged. An unpacking is judged where the number of items is "
        "known exactly (a tuple, a list whose items are all known: a kernel body's `*refs`). "
        "The message is CPython's own (3.13 adds \", got N\" to \"too many values\"). In a "
        "kernel body, two traced arrays of one rank whose shapes do not broadcast (`+ - * &` "
        "`| ^`, and `/` of floats) make JAX's shape rule raise \"mul got incompatible shapes "
        "for broadcasting: (64, 64), (64, 32).\" while the kernel is traced; a lax elementwise "
        "function given an operand of a dtype it does not take (`lax.clz` of a float, "
        "`lax.exp` of an int) or two operands of different dtypes (`lax.max(x, 0.0)` of a "
        "bfloat16 `x`: the Python float binds as float32) raises TypeError while it is traced, "
        "on the host or in a kernel, as lax promotes nothing; an array constructor (`jnp.ones`, "
        "`jnp.zeros`, `jnp.full`, `jax.random.normal`) given a shape with a dimension that is "
        "not an int (`ROWS / 2` is a float) raises \"Shapes must be 1D sequences of concrete "
        "values of integer type\"; `jnp.dtype(\"bf16\")` raises \"data type 'bf16' not "
        "understood\" (NumPy's names are `bfloat16`, `float32`, `f4`). A standard "
        "library call is judged by running it on the program's values (only plain data: "
        "CPython words the error); a `raise` of a builtin exception class or of the program's "
        "own; an `assert` whose condition is known false. Not inside a special method Python's "
        "protocols call (`__next__`, `__getitem__`, `__getattr__`: the protocol may catch it), "
        "nor for `sys.argv` read past its end (a user runs the file with arguments). The real "
        "lowering check gives an error raised by the user's files (or the standard library they "
        "call) that no other rule claims this rule's class."
    ),
    how_to_fix=(
        "For a wider window, build a new slice: `pl.ds(start, size + 2)` (or keep the start "
        "and size as ints and add to those); add to a tuple's entries, not to the tuple "
        "(`(a + 1, b)`); guard a divisor that can be zero."
    ),
    bad_example='''
def body(x_gmem, o_gmem, buf, bar):
    rows = pl.ds(lax.axis_index("b") * 64, 64)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows:rows + 2], buf, bar)
''',
    good_example='''
def body(x_gmem, o_gmem, buf, bar):
    rows = pl.ds(lax.axis_index("b") * 64, 64)
    plgpu.copy_gmem_to_smem(x_gmem.at[rows], buf, bar)
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterable[Finding]:
    # Most programs have none: asked of the record directly (the keystroke path counts calls).
    if not program.interp.operator_errors:
        return ()
    # Each error is recorded only where it surely escapes to module level, so the program stops
    # at the first one it runs: later ones (a dict read again with the same missing key, in a
    # kernel body traced after it) are never reached. The first of each file, in the order the
    # run met them.
    first: dict[str, OperatorError] = {}
    for error in program.interp.operator_errors.values():
        first.setdefault(program.span(error.node).path or "", error)
    return [_finding(program, error) for error in first.values()]


def _finding(program: Program, error: OperatorError) -> Finding:
    if isinstance(error.node, (ast.Raise, ast.Assert)) and program.interp.in_library(error.node):
        return Finding(RULE.code, program.span(error.node), _library_check_message(error))
    return Finding(RULE.code, program.span(error.node), _message(error))


def _library_check_message(error: OperatorError) -> str:
    """A raise or assert of installed library code, reached from the program's call (which
    library_sites.py makes the finding's line): the library's own check of what it was given."""
    said = f"{error.kind}: {error.message}" if error.message else error.kind
    return (f"This call surely raises \"{said}\" in the library code it runs (its own check of "
            f"the values this call passes), and nothing catches it: the program stops here, so no "
            f"kernel after it is traced or lowered. Change the arguments (or the shapes, mesh or "
            f"settings they come from) so that the check holds")


def _spells_lax(func: ast.expr) -> bool:
    """Whether the callee is spelled through lax (``lax.min``, ``jax.lax.min``)."""
    while isinstance(func, ast.Attribute):
        if func.attr == "lax" or (isinstance(func.value, ast.Name) and func.value.id == "lax"):
            return True
        func = func.value
    return False


# A function or method used as its result (python/itemless.py): measured, iterated, unpacked.
_CALLABLE_ITEMS = re.compile(r"(type |')(function|method|builtin_function_or_method)'"
                             r"( has no len| object is not iterable)"
                             r"|non-iterable (function|method|builtin_function_or_method) object")


def _message(error: OperatorError) -> str:
    """What the finding says, by the kind of statement or expression that raised."""
    said = f"{error.kind}: {error.message}" if error.message else error.kind
    if error.kind == "TypeError" and error.message.endswith("object does not support item assignment"):
        return (f"This store raises \"{said}\" when this line runs, and nothing catches it: a tuple "
            f"(or str) cannot be changed in place, so the program stops here. Build a new one "
            f"(`shape = (64, *shape[1:])`), or keep a list where it is changed.")
    if error.kind == "TypeError" and error.message.startswith("unhashable type: "):
        return (f"This key raises \"{said}\" when this line runs, and nothing catches it: a dict "
            f"key must be hashable, and a list or dict is not, so the program stops here. Use a "
            f"tuple (`tuple(key)`) as the key.")
    if error.kind == "TypeError" and _CALLABLE_ITEMS.search(error.message):
        return (f"This raises \"{said}\" when this line runs, and nothing catches it: the value is a "
            f"function or method, not what it returns (its call's parentheses are missing), so "
            f"the program stops here. Call it: `f()`.")
    if error.kind == "TypeError" and (error.message.endswith("object is not iterable")
                                      or error.message.startswith("cannot unpack non-iterable")):
        return (f"This raises \"{said}\" when this line runs, and nothing catches it: the value is a "
            f"number, which has no items to loop over or unpack, so the program stops "
            f"here. Iterate the container that holds it (check which name it comes from), or "
            f"`range(n)` over a count.")
    if error.kind == "TypeError" and error.message.endswith("object is not callable"):
        return (f"This call raises \"{said}\" when this line runs, and nothing catches it: the name "
            f"called holds a value, not a function (a setting that shadows a function of the "
            f"same name, or a stray pair of parentheses), so the program stops here. Call the "
            f"function, or use the value without calling it.")
    if error.kind == "TypeError" and error.message.startswith("object of type ") \
            and error.message.endswith("has no len()"):
        return (f"This call raises \"{said}\" when this line runs, and nothing catches it: a number "
            f"has no length, so the program stops here. Take the length of the "
            f"container (or shape) it comes from.")
    if isinstance(error.node, ast.If):
        return (f"This test raises \"{said}\" when this line runs, and nothing catches it: Python "
            f"asks the object's __bool__ (else __len__) and checks what it gives, True or False "
            f"from __bool__, an int of 0 or more from __len__, so the program stops here. Return "
            f"bool(...) of the value (or a count of 0 or more).")
    if error.kind == "UnboundLocalError":
        name = error.message.split("'")[1] if error.message.count("'") >= 2 else "it"
        return (f"This line raises \"{said}\": the function assigns {name}, which makes {name} "
            f"local to the whole function, and nothing bound it before this read, so the "
            f"program stops here. Declare `global {name}` (or `nonlocal {name}` in a nested "
            f"function) if the outer variable is meant, or give the local a value first.")
    if isinstance(error.node, ast.Call) and error.message.startswith("lax.min requires") \
            and not _spells_lax(error.node.func):
        # (pipelines.float_grid_dtype: an emit_pipeline run whose grid has a float entry)
        return (f"This pipeline run raises \"{said}\" and nothing catches it: its grid has a "
            f"traced float entry, so its step count is a float array, which the pipeline's "
            f"prologue compares with its int max_concurrent_steps. The program stops here. Make "
            f"the grid entry an integer (pass an int, or `.astype(jnp.int32)`).")
    if isinstance(error.node, ast.Call) and _LAX_DTYPE.search(error.message):
        return (f"This lax call raises \"{said}\" while it is traced, and nothing catches it: lax "
            f"functions convert no operand (a Python float binds as float32, an int as int32), so "
            f"the program stops here (in a kernel body: JAX never sees the kernel). Cast the "
            f"operand with .astype(...) to a dtype the function takes, or use the jnp function, "
            f"which promotes.")
    if isinstance(error.node, ast.Call) and error.kind == "IndexError" \
            and isinstance(error.node.func, ast.Attribute) \
            and error.node.func.attr in ("program_id", "num_programs"):
        return (f"This call raises \"{said}\" and nothing catches it: {error.node.func.attr} reads "
            f"its axis from a list JAX holds (the grid env a `pallas_core.grid_env(...)` made "
            f"current, while traced; or, for a plgpu.kernel's cluster or thread axis, the grid's "
            f"program ids, while lowered), which has no entry for this axis. Ask for an axis the "
            f"grid has; read a cluster or thread index with lax.axis_index(<its name>).")
    if isinstance(error.node, ast.Call) and error.message.startswith(_FLOAT_SHAPE):
        return (f"This call raises \"{said}\" when this line runs, and nothing catches it: a shape "
            f"JAX builds from the program's values has a float dimension (`/` is true division, "
            f"even when exact; an emit_pipeline's max_concurrent_steps leads each of its buffers' "
            f"shapes), so the program stops here. Make it an int: `//`, int(...), math.floor(...).")
    if isinstance(error.node, ast.Call):
        return (f"This call raises \"{said}\" when this line runs (for the values the program gives "
            f"it here), and nothing catches it: the program stops here, so no kernel after it is "
            f"traced or lowered. Check the values it is given, or catch the error where a "
            f"fallback exists.")
    if isinstance(error.node, ast.Raise):
        return (f"This raise surely runs and nothing catches it: the program stops here with "
            f"\"{said}\", so no kernel after it is traced or lowered. The values that lead here "
            f"are known: check the condition above it, or the settings it reads.")
    if isinstance(error.node, ast.Assert):
        return ("This assert surely fails (its condition is false for the values the program sets) "
            "and nothing catches the AssertionError: the program stops here, so no kernel after "
            "it is traced or lowered. Check the values it tests, or the settings they come from.")
    if isinstance(error.node, ast.Subscript) and error.kind == "IndexError" and " for axis " in error.message:
        return (f"This index raises \"{said}\" when this line runs, and nothing catches it: the "
            f"NumPy array's axis is shorter than the index, so the program stops here. Index "
            f"within the axis (a search past every entry returns the array's length), or build "
            f"the array with the entries the code reads.")
    if isinstance(error.node, ast.Subscript) and error.kind == "IndexError":
        return (f"This index raises \"{said}\" when this line runs, and nothing catches it: the "
            f"sequence holds fewer items than the index asks for, so the program stops here (in "
            f"a kernel body: JAX never sees the kernel). Index within its length, or build it "
            f"with the items the code reads.")
    if isinstance(error.node, ast.Subscript) and isinstance(error.node.ctx, ast.Del):
        return (f"This `del` raises \"KeyError: {error.message}\" when this line runs, and nothing "
            f"catches it: the dict holds every key stored into it, and not this one (deleted "
            f"already, or never stored), so the program stops here. Delete it once, or use "
            f".pop(key, None).")
    if isinstance(error.node, ast.Subscript) and error.kind == "TypeError" \
            and error.message.endswith("is not subscriptable"):
        return (f"This subscript raises \"{said}\" when this line runs, and nothing catches it: the "
            f"value is a number, which has no items, so the program stops here. Index "
            f"the container that holds it (check which name the value comes from), or compute "
            f"it without the subscript.")
    if isinstance(error.node, ast.Subscript) and error.kind == "TypeError":
        return (f"This subscript raises \"{said}\" when this line runs, and nothing catches it: a "
            f"list or tuple is indexed by position (an int) or a slice, so the program stops "
            f"here. Index it by position, or look the key up in a dict.")
    if isinstance(error.node, ast.Subscript):
        return (f"This lookup raises \"KeyError: {error.message}\" when this line runs, and nothing "
            f"catches it: the dict holds every key stored into it (an enum, every member's "
            f"name), and not this one, so the program stops here (in a kernel body: JAX never "
            f"sees the kernel). Add the key where the dict is built (check the spelling), or "
            f"read it with .get(key, default).")
    if isinstance(error.node, ast.Attribute) and error.message.startswith("'NoneType' object"):
        return (f"Reading this attribute raises \"{said}\" when this line runs, and nothing catches "
            f"it: the value is surely None here (a call of a function that ran no `return`, the "
            f"gi_frame of a generator that finished or was closed), so the program stops here. "
            f"Return the value from the function, or read the frame while the generator is "
            f"suspended.")
    if isinstance(error.node, ast.Attribute) and re.match(
            r"'(str|int|float|bool|complex|bytes|tuple|list|dict)' object has no attribute", error.message):
        return (f"Reading this attribute raises \"{said}\" when this line runs, and nothing catches "
            f"it: a value of a builtin type has only its type's methods and attributes, so the "
            f"program stops here. Check the spelling (dir() of the type lists them), or the "
            f"value's type.")
    if isinstance(error.node, ast.Attribute) and error.message.startswith("DynamicJaxprTracer has no"):
        return (f"Reading this attribute raises \"{said}\" while the kernel (or jitted function) is "
            f"traced, and nothing catches it: a traced array or ref has JAX's array attributes "
            f"(shape, dtype, ndim, size, at, astype, reshape, ...) and no other, so the program "
            f"stops here. Read one of those (check the spelling).")
    if isinstance(error.node, ast.Attribute) and error.message.startswith("'ShapeDtypeStruct'"):
        return (f"Reading this attribute raises \"{said}\" when this line runs, and nothing catches "
            f"it: a jax.ShapeDtypeStruct has shape, dtype, sharding, weak_type, ndim, size and "
            f"update (and little else), so the program stops here. Read one of those (check the "
            f"spelling).")
    if isinstance(error.node, ast.Attribute) and error.message.startswith(("'types.SimpleNamespace'",
                                                                           "'Namespace'")):
        return (f"Reading this attribute raises \"{said}\" when this line runs, and nothing catches "
            f"it: the namespace holds only the names it was made with (or argparse's options) and "
            f"those set on it since, so the program stops here. Read a name it holds (check the "
            f"spelling), or set it first.")
    if isinstance(error.node, ast.Attribute) and error.kind != "AttributeError":
        return (f"Reading this attribute raises \"{said}\" when this line runs, and nothing catches "
            f"it: it is a property of the object's type that computes its value from what the "
            f"object holds, and it refuses what this object holds, so the program stops here. "
            f"Check the value the object was made from (the text parsed, the numbers given).")
    if isinstance(error.node, ast.Attribute):
        return (f"Reading this attribute raises \"{said}\" when this line runs, and nothing catches "
            f"it: no class of the object's defines it, nothing set it on the object, and no "
            f"__getattr__ answers it, so the program stops here (in a kernel body: JAX never sees "
            f"the kernel). Set it where the object is made, or read a name the class defines.")
    if error.message.endswith("object is not a mapping"):
        return (f"Unpacking this with `**` raises \"{said}\" when this line runs, and nothing catches "
            f"it: only a mapping (a dict, or an object with keys() and __getitem__) unpacks into "
            f"a dict, so the program stops here. Unpack a dict, or leave this one out where it "
            f"is empty (sum() starts from 0: give it a start).")
    if isinstance(error.node, ast.UnaryOp):
        symbol = {ast.UAdd: "+", ast.USub: "-", ast.Invert: "~"}.get(type(error.node.op), "the operator")
        return (f"`{symbol}` here raises \"{error.kind}: {error.message}\" when this line runs, and "
            f"nothing catches it: the operand's type defines no such operator, so the program stops "
            f"here, and no kernel after it is traced or lowered. Negate or invert the numbers it "
            f"holds (`[not m for m in mask]`, a NumPy array's `~`), not the container.")
    if isinstance(error.node, ast.Name) and error.kind == "NameError":
        return (f"Reading this name raises \"{said}\" when this line runs, and nothing catches it: "
            f"nothing in the file binds `{error.node.id}` (no assignment, def, class or import of it "
            f"anywhere) and no builtin has that name, so the program stops here (in a kernel body: "
            f"JAX never sees the kernel). Define it, or use the name the file defines (a constant "
            f"renamed in one place only?).")
    if isinstance(error.node, ast.AsyncWith):
        return (f"This `async with` raises \"{said}\" when this line runs, and nothing catches it: "
            f"`async with` awaits what the manager's __aenter__ returns, and a plain `def "
            f"__aenter__` returned a value that is no awaitable, so the program stops here. "
            f"Write `async def __aenter__` (or use a plain `with` and __enter__).")
    if isinstance(error.node, ast.AugAssign):
        symbol = _SYMBOLS.get(type(error.node.op), "the operator")
        return (f"`{symbol}=` here raises \"{error.kind}: {error.message}\" when this line runs, and "
            f"nothing catches it: the program stops here, so no kernel after it is traced or "
            f"lowered. {_advice(error)}")
    if not isinstance(error.node, ast.BinOp):
        return (f"This unpacking raises \"{error.kind}: {error.message}\" when this line runs, and "
            f"nothing catches it: the sequence has another number of items than the names it "
            f"is unpacked into, so the program stops here (in a kernel body: JAX never sees the "
            f"kernel). Unpack as many names as there are items (a kernel gets one ref per input, "
            f"output and scratch buffer), or take the rest with a starred name (`*rest`).")
    symbol = _SYMBOLS.get(type(error.node.op), "the operator")
    return (f"`{symbol}` here raises \"{error.kind}: {error.message}\" when this line runs, and "
        f"nothing catches it: the program stops here, so no kernel after it is traced or "
        f"lowered. {_advice(error)}")


_FLOAT_SHAPE = "Shapes must be 1D sequences of concrete values of integer type"
_LAX_DTYPE = re.compile(r"\A(\w+ does not accept dtype|lax\.\w+ requires arguments to have the same dtypes)")


def _advice(error: OperatorError) -> str:
    if isinstance(error.node, ast.BinOp) and isinstance(error.node.op, ast.Mod) \
            and (error.kind == "KeyError" or "format" in error.message or "arguments" in error.message):
        return ("The format and what it formats disagree: check each %(name)s key against the "
                "mapping's keys, and the count and types of the items against the format's "
                "conversions (%d and %x take numbers).")
    if error.kind == "ZeroDivisionError":
        return "The divisor is zero: check where it is set, or guard the division."
    if "'Slice'" in error.message:
        return ("pl.ds(...) is a Slice object, with no arithmetic: build a new one, "
                "pl.ds(start, size), from int start and size.")
    if "'NoneType'" in error.message:
        return ("The None is what a call of a function gave that ended without `return` (an "
                "`__enter__` or a helper whose last line computes a value but does not return "
                "it): return the value.")
    if "could not be broadcast together" in error.message:
        return ("NumPy combines two arrays elementwise only where each trailing dimension is "
                "equal or 1: check how each operand is built, or reshape one to broadcast.")
    if "got incompatible shapes for broadcasting" in error.message:
        return ("Two arrays combine elementwise only where each dimension is equal or 1: check "
                "the refs' (or blocks') shapes, or slice one operand to the other's shape.")
    return "Convert one operand to the other's type, or use the operation the types define."


_SYMBOLS: dict[type[ast.operator], str] = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.MatMult: "@", ast.Div: "/", ast.FloorDiv: "//",
    ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitOr: "|", ast.BitXor: "^",
    ast.BitAnd: "&",
}
