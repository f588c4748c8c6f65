"""How much of Python the analysis covers, read from the running Python itself.

Every ``ast`` node type, every name in ``builtins``, every public method of the core
types, the data-model hooks of issue 20 and every module of the bridge's allow-list get
a status: ``evaluated`` (the interpreter computes it), ``bridged`` (the real
implementation runs, python/bridge.py), ``modelled`` (a model of its own: the
interpreter's mutable objects, program inputs, JAX), or ``unknown`` (by design, with
why). ``rows()`` is what the table holds; ``UNCLASSIFIED`` marks what no entry
classifies, which tests/test_python_coverage.py fails on (a new Python's node or
builtin). ``python -m pallas_lsp.docs_gen --coverage docs/python-coverage.md`` writes it.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import sys
import types
from dataclasses import dataclass

from . import allow, stdlib_unknown

UNCLASSIFIED = "UNCLASSIFIED"

_EVALUATED_EXPRESSIONS = {
    "Constant": "its value (strings keep where they were written)",
    "Name": "scopes, closures, global / nonlocal, builtins",
    "Attribute": "the data model's lookup; JAX, NumPy and dtype attributes by name",
    "Call": "the program's functions and classes; JAX models; the bridge; the rest: callbacks followed",
    "Tuple": "its items", "List": "a mutable list seen through every alias",
    "Dict": "a dict with its stores, `**` spread", "Set": "a real set of its items (bridged)",
    "BinOp": "the operands' special methods (python/operators.py); numbers computed; other operands "
             "through the bridge (`\"%s\" % x`, `seq * n`)",
    "UnaryOp": "`not`, `-`, `+`, `~` of known values and the program's instances",
    "BoolOp": "`and` / `or` returning the operand",
    "Compare": "chained comparisons of known values, `in`, `is None`, plain dicts by keys and values",
    "Subscript": "sequences, dicts, `__getitem__`, kept real objects", "Slice": "constant bounds",
    "Lambda": "a function with its defaults", "IfExp": "the branch taken, else both as forms",
    "NamedExpr": "binds and gives its value", "Starred": "spread in calls, tuples, targets",
    "JoinedStr": "f-strings: conversions and format specs (nested too) through the real format()",
    "FormattedValue": "inside a JoinedStr",
    "ListComp": "item by item over known items (over one of several iterables: once per form)",
    "SetComp": "item by item", "DictComp": "item by item",
    "GeneratorExp": "item by item", "comprehension": "its generators and conditions",
    "Yield": "suspends the generator's frame (python/generators.py); evaluates to the value sent",
    "YieldFrom": "each item of the iterable handed on (sent values to a generator), its return value",
    "Await": "its operand's calls (the result unknown)",
}
_EVALUATED_STATEMENTS = {
    "Module": "run as __main__", "Expr": "evaluated", "Assign": "targets, unpacking, stores",
    "AugAssign": "__iop__, else the binary operator, then stored; lists and dicts in place",
    "AnnAssign": "stored; dataclass fields", "Delete": "names",
    "If": "the branch taken when the condition is known", "For": "over known items; else passes",
    "AsyncFor": "as For", "While": "pass by pass while the condition is known",
    "Break": "ends the loop where sure", "Continue": "where sure",
    "Return": "the function's value",
    "FunctionDef": "a function with defaults and decorators", "AsyncFunctionDef": "as FunctionDef",
    "ClassDef": "bases, metaclass, body, decorators",
    "With": "__enter__ / __exit__, contextmanager generators, context meshes, mock.patch",
    "AsyncWith": "as With",
    "Try": "a sure raise runs its clause; a body judged to raise nothing a clause catches "
           "(python/raise_free.py) runs its else alone; else joined with its handlers",
    "TryStar": "as Try",
    "ExceptHandler": "a handler of Try", "excepthandler": "a handler of Try",
    "Match": "the case taken (patterns.py); a guard where its case is surely the one tried",
    "match_case": "one case",
    "Import": "folder and installed modules",
    "ImportFrom": "folder, relative and installed modules", "Global": "stores go to the module",
    "Nonlocal": "stores go to the enclosing function",
    "Raise": "a sure one ends its function (its class read by a __next__ loop); else the sure "
             "part of the path",
    "Pass": "nothing to do", "Assert": "nothing tracked (a failing assert stops the real run: unknown)",
    "arguments": "parameters bound", "arg": "a parameter", "keyword": "a keyword argument",
    "alias": "an import name", "withitem": "one item of With",
}
_PATTERNS = {name: "match patterns (patterns.py; a builtin class's by the value's type)" for name in (
    "MatchValue", "MatchSingleton", "MatchSequence", "MatchMapping", "MatchClass", "MatchStar",
    "MatchAs", "MatchOr", "pattern")}
_OPERATORS = {name: "the operands' special methods and dict | (python/operators.py), then jax_calls.binary "
                    "(numbers) and the bridge (operator.*) for other operands"
              for name in ("Add", "Sub", "Mult", "MatMult", "Div", "FloorDiv", "Mod", "Pow", "LShift",
                           "RShift", "BitOr", "BitXor", "BitAnd", "operator")}
_COMPARISONS = {name: "pyflow.compare" for name in (
    "Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn", "cmpop")}
_UNARY_AND_BOOL = {name: "pyflow.unary / ev_boolop; an instance's __neg__ / __pos__ / __invert__ / truth "
                         "(ExpressionsMixin.unary)" for name in (
    "Not", "UAdd", "USub", "Invert", "And", "Or", "boolop", "unaryop")}
_UNKNOWN_NODES = {
    "Load": "syntax only (a name's context)", "Store": "syntax only", "Del": "syntax only",
    "expr_context": "syntax only", "AST": "the base class", "expr": "a base class", "stmt": "a base class",
    "mod": "a base class", "slice": "a deprecated base class", "type_ignore": "comments, not code",
    "TypeIgnore": "comments, not code", "Interactive": "not a file", "Expression": "not a file",
    "FunctionType": "not a file", "Suite": "deprecated, never produced",
    "AugLoad": "deprecated, never produced", "AugStore": "deprecated, never produced",
    "Param": "deprecated, never produced", "Index": "deprecated, never produced",
    "ExtSlice": "deprecated, never produced", "Num": "deprecated alias of Constant",
    "Str": "deprecated alias of Constant", "Bytes": "deprecated alias of Constant",
    "NameConstant": "deprecated alias of Constant", "Ellipsis": "deprecated alias of Constant",
    "_ast_Ellipsis": "deprecated alias of Constant (Python 3.12's private name)",
    # Python 3.12+: type parameter syntax; no value of a kernel's settings.
    "TypeAlias": "type parameter syntax: no value (unknown)", "TypeVar": "type parameter syntax",
    "ParamSpec": "type parameter syntax", "TypeVarTuple": "type parameter syntax",
    "type_param": "type parameter syntax",
}

# Builtins with a model of their own (not bridged), and why.
_MODELLED_BUILTINS = {
    "tuple": "jax_calls: keeps each axis name's origin", "list": "a new ListVal (aliasing)",
    "dict": "a DictVal with its stores (stdlib_calls)", "len": "of the interpreter's sequences "
    "(enum classes, generators) too (stdlib_calls)", "getattr": "introspection.py",
    "globals": "introspection.py: a view whose stores bind names", "vars": "introspection.py",
    "super": "the interpreter (the C3 MRO after the method's class)",
    "type": "python/calls.py: type(x) of the program's objects, type.__new__ in a metaclass; "
            "type(name, bases, namespace) makes a class (interpreter)",
    "locals": "introspection.py: a snapshot of the frame's names",
    "object": "the base of the file's classes; object() a bare object, by identity (values.ObjectVal)",
    "property": "python/descriptor_values.py",
    "staticmethod": "python/descriptor_values.py", "classmethod": "python/descriptor_values.py",
}

# List and dict methods the interpreter runs on its own objects (every alias sees them).
_MODELLED_METHODS = {
    "list": {"append", "extend", "insert", "pop", "reverse", "clear", "copy"},
    "dict": {"get", "items", "keys", "values", "setdefault", "pop", "update", "copy"},
}


@dataclass(frozen=True)
class Row:
    section: str
    name: str
    status: str
    why: str


def _node_rows() -> list[Row]:
    names = sorted(n for n in dir(ast) if isinstance(getattr(ast, n), type)
                   and issubclass(getattr(ast, n), ast.AST))
    tables = [("evaluated", _EVALUATED_EXPRESSIONS), ("evaluated", _EVALUATED_STATEMENTS),
              ("evaluated", _PATTERNS), ("evaluated", _OPERATORS), ("evaluated", _COMPARISONS),
              ("evaluated", _UNARY_AND_BOOL), ("unknown", _UNKNOWN_NODES)]
    rows = []
    for name in names:
        found = next(((status, table[name]) for status, table in tables if name in table), None)
        status, why = found if found is not None else (UNCLASSIFIED, "no entry in coverage.py")
        rows.append(Row("ast node", name, status, why))
    return rows


def _builtin_rows(modelled: frozenset[str]) -> list[Row]:
    rows = []
    for name in sorted(dir(builtins)):
        value = getattr(builtins, name)
        if name in _MODELLED_BUILTINS or f"builtins.{name}" in modelled:
            why = _MODELLED_BUILTINS.get(name, "jax_calls.HANDLERS")
            rows.append(Row("builtin", name, "modelled", why))
        elif allow.serves(f"builtins.{name}"):
            rows.append(Row("builtin", name, "bridged", "the real builtin"))
        elif name in allow.BUILTINS_EXCLUDED:
            rows.append(Row("builtin", name, "unknown", allow.BUILTINS_EXCLUDED[name]))
        elif isinstance(value, type) and issubclass(value, BaseException):
            rows.append(Row("builtin", name, "unknown", "an exception class: a raise ends the sure path"))
        elif name in ("True", "False", "None", "Ellipsis", "NotImplemented", "__debug__"):
            rows.append(Row("builtin", name, "evaluated", "a constant"))
        elif name.startswith("__"):
            rows.append(Row("builtin", name, "unknown", "the interpreter's module machinery"))
        else:
            rows.append(Row("builtin", name, UNCLASSIFIED, "no entry in allow.py or coverage.py"))
    return rows


def _method_rows() -> list[Row]:
    rows = []
    for type_name in ("str", "bytes", "int", "float", "tuple", "list", "dict", "set", "frozenset"):
        cls = allow.CORE_TYPES[type_name]
        for name in sorted(n for n in dir(cls) if not n.startswith("_")):
            member = getattr(cls, name)
            if name in _MODELLED_METHODS.get(type_name, ()):
                rows.append(Row(f"{type_name} method", name, "modelled",
                                "on the interpreter's own object, seen through every alias"))
            elif not callable(member):
                rows.append(Row(f"{type_name} method", name, "evaluated",
                                "a data attribute of the real value"))
            elif allow.serves(f"builtins.{type_name}.{name}"):
                rows.append(Row(f"{type_name} method", name, "bridged",
                                "the real method (changes written back)" if type_name in ("list", "dict")
                                else "the real method"))
            else:
                rows.append(Row(f"{type_name} method", name, UNCLASSIFIED, "not served"))
    return rows


def _module_rows() -> list[Row]:
    """Every module of the running Python's standard library and every dotted module the
    allow-list names: bridged, modelled or unknown by design; a new Python's module that
    no entry decides is unclassified."""
    rows = []
    names = sorted({*sys.stdlib_module_names, *allow.MODULES, *allow.EXCLUDED_MODULES} - {"builtins"})
    for module in names:
        policy = allow.MODULES.get(module)
        if policy is not None:
            listed = "every public callable" if policy.names is None else ", ".join(sorted(policy.names))
            left_out = "; ".join(f"{k}: {v}" for k, v in sorted(policy.excluded.items()))
            why = f"{policy.reason}. Calls: {listed}." + (f" Left out: {left_out}." if left_out else "")
            rows.append(Row("module", module, "bridged", why))
        elif module in allow.EXCLUDED_MODULES:
            why = allow.EXCLUDED_MODULES[module]
            rows.append(Row("module", module, "modelled" if why.startswith("modelled") else "unknown", why))
        elif module.startswith("_"):
            rows.append(Row("module", module, "unknown", stdlib_unknown.PRIVATE_REASON))
        else:
            rows.append(Row("module", module, UNCLASSIFIED, "no entry in allow.py, stdlib_bridged.py "
                                                             "or stdlib_unknown.py"))
    return rows


def public_callables(module_name: str) -> list[str] | None:
    """The public callables of a module as this Python has them (its ``__all__``, else
    what it defines itself or through its C twin); None when it does not import here."""
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    listed = getattr(module, "__all__", None)
    if listed is None:
        homes = {module_name, "_" + module_name.rpartition(".")[2]}
        listed = [name for name in dir(module)
                  if getattr(getattr(module, name), "__module__", None) in homes]
    return sorted(name for name in listed if not name.startswith("_")
                  and callable(getattr(module, name, None))
                  and not isinstance(getattr(module, name), types.ModuleType))


def callable_rows() -> list[Row]:
    """Each public callable of each bridged module: run for real, or left out with why."""
    rows = []
    for module_name, policy in sorted(allow.MODULES.items()):
        found = public_callables(module_name) if module_name != "builtins" else None
        for name in found or ():
            value = getattr(importlib.import_module(module_name), name)
            if name in policy.excluded:
                row = Row("stdlib callable", f"{module_name}.{name}", "unknown", policy.excluded[name])
            elif allow.serves(f"{module_name}.{name}"):
                row = Row("stdlib callable", f"{module_name}.{name}", "bridged", "the real callable, guarded")
            elif isinstance(value, type) and issubclass(value, BaseException):
                row = Row("stdlib callable", f"{module_name}.{name}", "unknown",
                          "an exception class: a raise ends the sure path")
            elif policy.others:
                row = Row("stdlib callable", f"{module_name}.{name}", "unknown", policy.others)
            else:
                row = Row("stdlib callable", f"{module_name}.{name}", UNCLASSIFIED,
                          "neither served nor excluded by its module's policy")
            rows.append(row)
    return rows


def data_model_rows() -> list[Row]:
    """The hooks the data-model code names and the descriptor types it has, each as it runs
    (python/hook_coverage.py); one it names without a line here is unclassified, one of
    issue 20's it does not name is unknown."""
    from . import hook_coverage

    found = hook_coverage.implemented()
    present = hook_coverage.descriptors()
    table = [Row("data model", name, "evaluated", hook_coverage.HOOKS[name]) if name in hook_coverage.HOOKS
             else Row("data model", name, "unknown", hook_coverage.NOT_RUN[name])
             if name in hook_coverage.NOT_RUN
             else Row("data model", name, UNCLASSIFIED, "named by " + ", ".join(found[name]))
             for name in sorted(found)]
    table += [Row("data model", name, "evaluated", why) for name, why in present.items()]
    table += [Row("data model", name, "unknown", "not implemented") for name in hook_coverage.REQUIRED
              if name not in found and name not in present]
    return table


def rows(modelled: frozenset[str] = frozenset()) -> list[Row]:
    """Every row of the table; ``modelled``: the canonical names with a model of their own
    (jax_calls.HANDLERS' keys)."""
    return [*_node_rows(), *_builtin_rows(modelled), *_method_rows(),
            *data_model_rows(),
            *_module_rows(), *callable_rows()]


def markdown(modelled: frozenset[str] = frozenset()) -> str:
    table = rows(modelled)
    version = ".".join(map(str, sys.version_info[:2]))
    lines = [
        "<!-- Generated by `python -m pallas_lsp.docs_gen --coverage docs/python-coverage.md`; "
        "do not edit. -->",
        "",
        "# Python coverage",
        "",
        f"Read from Python {version} itself (`server/pallas_lsp/analysis/python/coverage.py`): every "
        "`ast` node type, every name in `builtins`, every public method of the core types, the "
        "data-model hooks of issue 20 and the standard-library modules, each with its status. "
        "`evaluated`: the interpreter computes it; `bridged`: the real implementation runs on "
        "converted values, under the bridge's guards (docs/design.md change 28); `modelled`: a "
        "model of its own; `unknown`: by design, the value stays unknown (no finding from it). "
        "The bridge runs in the analysing Python, so a bridged result is this Python's.",
        "",
        "## Allow-list policy",
        "",
        " ".join(line.strip() for line in (allow.__doc__ or "").strip().splitlines()),
        "",
        "| status | count |",
        "| --- | --- |",
    ]
    for status in ("evaluated", "bridged", "modelled", "unknown", UNCLASSIFIED):
        count = sum(1 for row in table if row.status == status)
        if count or status != UNCLASSIFIED:
            lines.append(f"| {status} | {count} |")
    section = None
    for row in table:
        if row.section.split(" ")[-1] != section:
            section = row.section.split(" ")[-1]
            title = {"node": "`ast` nodes", "builtin": "Builtins", "method": "Methods of the core types",
                     "model": "Data-model hooks", "module": "Standard-library modules",
                     "callable": "Callables of the bridged modules"}[section]
            lines += ["", f"## {title}", "", "| name | status | how / why |", "| --- | --- | --- |"]
        label = row.name if not row.section.endswith("method") else f"{row.section.split()[0]}.{row.name}"
        why = row.why.replace("|", "\\|")
        lines.append(f"| `{label}` | {row.status} | {why} |")
    return "\n".join(lines) + "\n"
