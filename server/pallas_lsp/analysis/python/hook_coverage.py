"""The data-model rows of the coverage table, read from the code that runs them.

A special-method name is implemented when the interpreter's data-model code names it: a
string constant ``"__name__"`` in the compiled code of a function or method of the modules
below (``cls.lookup("__missing__")``, ``special_method(obj, "__next__")``), or an attribute
a library base answers (library_bases.LIBRARY_BASES). Reflection on the code objects, no
reading of files: the table cannot claim a hook the code does not name, and a hook the
code names without a line here is unclassified (tests/test_python_coverage.py fails).
The descriptor types and metaclasses are rows when the value class or the function that
runs them exists.
"""

from __future__ import annotations

import importlib
import re
import types

# The modules whose code runs the data model (the interpreter's statements and calls too).
MODULES = (
    "pallas_lsp.analysis.interpreter", "pallas_lsp.analysis.introspection", "pallas_lsp.analysis.patterns",
    "pallas_lsp.analysis.python.calls", "pallas_lsp.analysis.python.datamodel",
    "pallas_lsp.analysis.python.descriptor_values", "pallas_lsp.analysis.python.generators",
    "pallas_lsp.analysis.python.generator_contexts", "pallas_lsp.analysis.python.coroutines",
    "pallas_lsp.analysis.python.flags", "pallas_lsp.analysis.python.modules",
    "pallas_lsp.analysis.python.dataclass_values", "pallas_lsp.analysis.python.signatures",
    "pallas_lsp.analysis.python.comparisons", "pallas_lsp.analysis.python.operators",
    "pallas_lsp.analysis.python.proxies", "pallas_lsp.analysis.python.function_attrs",
    "pallas_lsp.analysis.python.interp.statements", "pallas_lsp.analysis.python.interp.expressions",
    "pallas_lsp.analysis.python.interp.calling", "pallas_lsp.analysis.python.interp.classes",
    "pallas_lsp.analysis.python.interp.importing", "pallas_lsp.analysis.python.interp.support",
    "pallas_lsp.analysis.python.sequence_protocol", "pallas_lsp.analysis.python.exception_groups",
    "pallas_lsp.analysis.python.records", "pallas_lsp.analysis.python.cached",
    "pallas_lsp.analysis.python.class_objects",
    "pallas_lsp.analysis.python.function_objects", "pallas_lsp.analysis.python.function_scopes",
)
_DUNDER = re.compile(r"^__[a-z][a-z_]*__$")

# How each name the code implements is run. A key the code does not name is a claim the
# table may not make (tests/test_python_coverage.py).
HOOKS = {
    "__length_hint__": "operator.length_hint() of an instance, through the proxy (python/proxies.py)",
    "__bytes__": "bytes() of an instance runs the class's own, through the proxy",
    "__fspath__": "os.fspath() (CPython's Python, python/source_models.py) calls the type's; real code "
                  "through the proxy",
    "__dir__": "dir(obj) is sorted(type(obj).__dir__(obj)) for a class's own; object's (names that vary "
               "by release) unknown",
    "__copy__": "copy.copy() of an instance runs the class's own, through the proxy",
    "__deepcopy__": "copy.deepcopy() of an instance runs the class's own, through the proxy",
    "__getattr__": "called for a name found nowhere else, as object.__getattribute__ does; a module's for "
                   "a name it lacks",
    "__getattribute__": "a class's own replaces the lookup; object.__getattribute__ inside it",
    "__setattr__": "a class's own runs for each attribute store; object.__setattr__ inside it",
    "__getitem__": "looked up on the type: `obj[key]`, a metaclass's for `Cls[key]`, a dict subclass's "
                   "dict; its sure raise leaves at the subscript; without __iter__, iteration calls it "
                   "with 0, 1, ... up to a sure IndexError or StopIteration (python/sequence_protocol.py)",
    "__setitem__": "`obj[key] = v` runs the type's; a dict subclass stores into its dict",
    "__delattr__": "a class's own runs for `del obj.name`; otherwise the name leaves the instance dict "
                   "and reads fall back to the class",
    "__delitem__": "`del obj[key]` runs the type's; a dict's key or a list's item goes",
    "__missing__": "a dict subclass's, for a key its dict lacks (all its keys known)",
    "__contains__": "`x in obj` runs the type's; a dict subclass's dict; none: a list's or tuple's items "
                    "by `is` then their __eq__; an instance's items through __iter__ or __getitem__, read up "
                    "to the first found; real code iterates the proxy (python/proxies.py)",
    "__len__": "`len(obj)` and truth; a dict subclass's dict",
    "__bool__": "truth of an instance (`if`, `not`, `and` / `or`), before __len__",
    "__str__": "str(), f-strings and format() run a class's own (python/proxies.py, through the "
               "bridge); an exception's: BaseException's text for known constant args",
    "__format__": "an f-string's spec and format() run the type's (python/proxies.py)",
    "__index__": "`seq[obj]` runs the type's; real code (operator.index, int slots) through the proxy",
    "__int__": "int() of an instance, through the bridge's proxy",
    "__float__": "float() of an instance, through the bridge's proxy",
    "__complex__": "complex() of an instance, through the bridge's proxy",
    "__hash__": "real code hashing an instance runs a class's own through the proxy; none (nor __eq__): "
                "a dict key by identity (values.DictVal.instance_items), refused to real code; a "
                "frozen (or unsafe_hash) dataclass's generated one: a dict key by its fields "
                "(values.record_key), equal instances one entry; a plain dataclass's: None (unhashable)",
    "__neg__": "`-obj` runs the type's (python/operators.py), no fallback; real code (operator.neg) "
               "through the proxy",
    "__pos__": "as __neg__ (`+obj`)", "__invert__": "as __neg__ (`~obj`; an enum.Flag's by its bits)",
    "__abs__": "abs() of an instance, through the proxy",
    "__round__": "round() of an instance, through the proxy",
    "__floor__": "math.floor() of an instance, through the proxy", "__ceil__": "as __floor__ (math.ceil)",
    "__trunc__": "as __floor__ (math.trunc)",
    "__divmod__": "divmod() of an instance, through the proxy", "__rdivmod__": "as __divmod__, reflected",
    "__getnewargs__": "an int / float subclass's instance: the number's own, on the number it holds "
                      "(python/library_bases.py); a class's own: through the proxy (copy, pickle)",
    "__sizeof__": "an int / float subclass's instance: the number's own (sys.getsizeof); a class's own: "
                  "through the proxy",
    "__instancecheck__": "isinstance(obj, cls) asks cls's metaclass's (the program's); an object of "
                         "exactly cls is an instance without asking",
    "__subclasscheck__": "issubclass(sub, cls) asks cls's metaclass's (the program's)",
    "__reversed__": "reversed() returns what the type's returns; without one, __len__ and __getitem__ "
                    "from the last index down (python/calls.py); real code reaches it through the "
                    "proxy; a Sequence's mixin",
    "__repr__": "repr() and !r run a class's own through the proxy; none: refused (addresses differ)",
    "__call__": "on the type: an instance called (also as a kernel body), a metaclass's",
    "__init__": "run by type.__call__ on an instance the class made; a dataclass's generated one; dict's",
    "__new__": "a class's own makes the instance (an implicit staticmethod); a metaclass's makes the class",
    "__post_init__": "a dataclass's, after its fields, with the InitVar values",
    "__init_subclass__": "run at class creation with the class keywords",
    "__prepare__": "a metaclass's gives the namespace the class body starts with (a dict of known "
                   "string keys; anything else: the class is unknown); types.new_class fills type's "
                   "with exec_body",
    "__set_name__": "run at class creation for each attribute that has one",
    "__mro_entries__": "a base that is no class is replaced by what its type's returns for the original "
                       "bases (PEP 560; python/class_objects.py)",
    "__orig_bases__": "the original bases, in the namespace where __mro_entries__ replaced one (a generic "
                      "alias base, folded into its class by the model: unknown)",
    "__bases__": "a class's resolved bases ((object,) for none)", "__mro__": "C3, to object, where every "
                 "library base's own MRO is known (also type.mro())",
    "__subclasses__": "the classes the interpreter made on this one, in order (unknown after a class made "
                      "on an undecided path or not followed)",
    "__subclasshook__": "an ABC's (abc.ABCMeta's checks, with register, the subclasses and the caches)",
    "__class_getitem__": "`Cls[...]` of a class that defines it; typing.Generic's gives the class",
    "__iter__": "`for`, unpacking, tuple(), list() and iter() run the type's; an iterator is read one "
                "item per pass; real code (sorted, min, max) iterates the proxy, what it returns handed "
                "on item by item",
    "__next__": "an iterator class's, one call per item; a sure `raise StopIteration` ends the loop; "
                "real code's next() through the proxy (python/proxies.py NextCall)",
    "__enter__": "`with` calls the type's; a contextmanager generator is resumed to its yield",
    "__exit__": "`with` calls the type's (None, None, None), also on a sure return, break or continue "
                "out of the block; with the class of an exception surely raised in it, a true result "
                "swallows it and the code after the `with` runs",
    "__aenter__": "`async with`, awaited", "__aexit__": "`async with`, awaited",
    "__await__": "`await` of an instance runs it to its end, each bare yield resumed with None (as "
                 "asyncio's Task does): what it returns is the value; another item leaves it unknown",
    "__lt__": "`a < b` runs the type's, then the reflected __gt__ (python/comparisons.py); real code "
              "(max, sorted) compares the program's objects through them",
    "__le__": "as __lt__ (reflected: __ge__)", "__gt__": "as __lt__ (reflected: __lt__)",
    "__ge__": "as __lt__ (reflected: __le__)",
    "__eq__": "`a == b` runs the type's (reflected the same); none: identity, as object's; a "
              "dataclass's generated one (python/records.py) compares the fields' tuples",
    "__ne__": "`a != b` runs the type's; none: the inverse of __eq__",
    "__get__": "descriptors: data descriptors first, then the instance dict, then non-data descriptors",
    "__set__": "a data descriptor's, for a store through the instance",
    "__delete__": "makes a descriptor a data descriptor",
    "__class__": "an instance's class; `obj.__class__ = C` re-classes it (between plain classes)",
    "__dict__": "an instance's, a module's or a function's own dict (shared, not a copy)",
    "__doc__": "a function's / class's docstring from the tree (one of its Python 3.12 and 3.13 "
               "spellings where they differ: python/doc_names.py)",
    "__func__": "a classmethod's / staticmethod's function; a bound method's (unbound)",
    "__members__": "an enum class's name -> member mapping, aliases included, in definition order",
    "__qualname__": "a class's name; a function's as the compiler sets it (`.<locals>.` inside a function)",
    "__self__": "a bound method's instance (or class, for a classmethod)",
    "__globals__": "a function's module namespace as a dict view (globals()'s: a store binds the name)",
    "__closure__": "a function's cells in co_freevars order, each the enclosing scope's live binding "
                   "(python/function_scopes.py: the symbol table's rule)",
    "__code__": "co_name, co_qualname, co_argcount, co_posonlyargcount, co_kwonlyargcount, "
                "co_freevars, co_firstlineno; co_varnames / co_nlocals where every local is a parameter",
    "__signature__": "a function that carries one: inspect.signature / getfullargspec unknown",
    "__slots__": "a class whose MRO has one: inspect.getattr_static unknown (its member descriptors "
                 "are not modelled)",
    "__name__": "a module's (`__main__` for the file run; its main guard), a class's, a function's",
    "__debug__": "True: the file runs without -O (a plain run and the lowering check)",
    "__main__": "the name of the module run: `if __name__ == \"__main__\"`, sys.modules[\"__main__\"]",
    "__match_args__": "positional class patterns of `match` (a dataclass's fields)",
    "__annotations__": "a class's own dict of what its body annotated, in order, evaluated as the "
                       "body ran (python/class_introspection.py); typing.get_type_hints merges the MRO's",
    "__dataclass_fields__": "a dataclass's fields by name, each its Field, in order, where no dataclass of "
                            "its MRO declares a ClassVar, an InitVar or KW_ONLY (python/dataclass_values.py)",
    "__future__": "`from __future__ import annotations`: a class's annotations stay their source strings",
    **{name: "`a op b` runs the left operand's type's (python/operators.py), then the right one's "
             "reflected method when it lacks it or answers NotImplemented (never for one type; a "
             "subclass overriding the reflected method first)"
       for name in ("__add__", "__sub__", "__mul__", "__matmul__", "__truediv__", "__floordiv__",
                    "__mod__", "__pow__", "__lshift__", "__rshift__", "__or__", "__xor__", "__and__")},
    **{f"__r{name[2:]}": "the reflected operator: the right operand's type's, when the left one's "
                         "gives nothing" for name in ("__add__", "__sub__", "__mul__", "__matmul__",
                                                     "__truediv__", "__floordiv__", "__mod__",
                                                     "__pow__", "__lshift__", "__rshift__", "__or__",
                                                     "__xor__", "__and__")},
    **{f"__i{name[2:]}": "`a op= b` runs the type's and rebinds the target to its result, else the "
                         "binary operator" for name in ("__add__", "__sub__", "__mul__", "__matmul__",
                                                       "__truediv__", "__floordiv__", "__mod__",
                                                       "__pow__", "__lshift__", "__rshift__", "__or__",
                                                       "__xor__", "__and__")},
    "__defaults__": "a function's positional defaults, as evaluated where `def` ran "
                    "(python/function_attrs.py)",
    "__kwdefaults__": "a function's keyword-only defaults (None without any)",
    "__wrapped__": "set by functools.update_wrapper / wraps to the wrapped function",
    "__module__": "a function's: its module's __name__; copied by functools.update_wrapper",
    "__type_params__": "copied by functools.update_wrapper (not known for a program function)",
    "_replace": "a named tuple's: a new instance of its class with some fields changed (a name that is "
                "no field: ValueError)",
    "_make": "a named tuple's classmethod: an instance of exactly one item per field of an iterable",
    "_asdict": "typing.NamedTuple's: the fields as a dict",
}

# The descriptor types and class machinery issue 20 names, and the value or function that
# runs each (module, name): a row when it exists.
DESCRIPTORS = {
    "property": ("descriptor_values", "PropertyDef", "a data descriptor: getter, setter, deleter"),
    "functools.cached_property": ("descriptor_values", "CachedPropertyVal",
                                  "a non-data descriptor: computed once, kept on the instance"),
    "functools.partialmethod": ("descriptor_values", "PartialMethodVal", "a descriptor binding its "
                                "arguments after self"),
    "functools.singledispatch(method)": ("descriptor_values", "SingleDispatchVal",
                                         "dispatch on the first (after self) argument's class"),
    "staticmethod": ("descriptor_values", "StaticMethodVal", "a descriptor, decorated or called"),
    "classmethod": ("descriptor_values", "ClassMethodVal", "a descriptor, decorated or called"),
    "metaclasses": ("datamodel", "metaclass_call", "__new__ with the class keywords, __call__, "
                    "attributes, __getitem__"),
    "generators": ("generators", "Generator", "suspended frames: next, send, close, throw (raised at "
                   "the paused yield, into its handlers), for, yield from (send, throw and close "
                   "handed to the delegate), real code reading them"),
    "exception groups": ("exception_groups", "split", "ExceptionGroup / BaseExceptionGroup: message, "
                         "exceptions, subgroup / split / derive by class, except* clause by clause"),
    "functools.total_ordering": ("comparisons", "total_ordering", "the three orderings a class lacks, "
                                 "made from the one it defines and __eq__"),
    "dataclasses.dataclass (eq, order, hash)": ("records", "add_generated", "__eq__, the orderings "
                                                "and __hash__ as @dataclass writes them (its options and "
                                                "fields' compare= / hash=); a frozen one a dict key by "
                                                "its fields"),
    "functools.cache / lru_cache": ("cached", "make", "a wrapper with its own cache: one run per key "
                                    "(_make_key's, hashed as Python does: a frozen dataclass by its "
                                    "fields), maxsize's least-recently-used evictions, cache_clear; "
                                    "bound as a method (self in the key)"),
    "enum members (__new__, __init__, _value_)": ("interp.classes", "_enum_hook", "each member made as "
                                                  "EnumType makes it: the class's __new__ (its _value_), "
                                                  "then __init__, with the value's items; aliases by "
                                                  "_value_"),
    "functools.update_wrapper / wraps": ("function_attrs", "update_wrapper", "CPython's assignments: "
                                         "the names copied, __dict__ updated, __wrapped__ set"),
    "contextlib.closing": ("source_models", "SOURCE", "its Python source run here: close() at the "
                           "end of the `with`"),
    "contextlib.ExitStack": ("source_models", "SOURCE", "CPython's source run here: callback, "
                             "enter_context, push, pop_all, close; exits last in, first out"),
    "contextvars": ("source_models", "SOURCE", "ContextVar get / set / reset, Token, Context.run, "
                    "copy_context as Python source; an asyncio driver runs its coroutine in a copy"),
    "typing.NamedTuple": ("library_bases", "LIBRARY_BASES", "a record class, a tuple subclass: _fields, "
                          "_field_defaults, defaults, rename, _make, _replace, _asdict, indexing, len, "
                          "iteration, == as its tuple"),
}

# Issue 20's list: each must be implemented (tests/test_python_coverage.py).
# Names the code names only to leave them unrun: unknown by design, with why.
NOT_RUN = {
    "__del__": "finalisers are not run: when the collector would call one is not known; a proxy "
               "handed to real code has none (python/proxies.py)",
}
REQUIRED = ("__getattr__", "__getattribute__", "__set_name__", "__class_getitem__", "__init_subclass__",
            "__call__", "__iter__", "__next__", "__enter__", "__exit__", "__getitem__", "__get__", "__set__",
            "property", "functools.cached_property", "functools.partialmethod",
            "functools.singledispatch(method)", "staticmethod", "classmethod", "metaclasses",
            # heldout9's (docs/design.md change 83)
            "__prepare__", "generators", "exception groups", "contextlib.ExitStack", "contextvars")


def implemented() -> dict[str, tuple[str, ...]]:
    """Every special-method name the data-model code names -> the modules that name it."""
    found: dict[str, set[str]] = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        short = module_name.rsplit(".", 1)[-1]
        names = [name for code in _codes_of(module) if code.co_filename == module.__file__
                 for name in _strings(code)]  # (a dataclass's generated __init__ is not this code's)
        names += _table_strings(module)
        for name in names:
            if _DUNDER.match(name):
                found.setdefault(name, set()).add(short)
    from ..values import LIBRARY_BASES
    from . import library_bases  # noqa: F401  (fills LIBRARY_BASES)

    for base in LIBRARY_BASES.values():
        for name in base.attrs:
            if name.startswith("_"):  # a dict subclass's get / items are the dict's methods' rows
                found.setdefault(name, set()).add("library_bases")
    return {name: tuple(sorted(modules)) for name, modules in found.items()}


def descriptors() -> dict[str, str]:
    """The descriptor rows whose value class or function exists -> how it runs."""
    present = {}
    for row, (module_name, attribute, why) in DESCRIPTORS.items():
        module = importlib.import_module(f"pallas_lsp.analysis.python.{module_name}")
        if hasattr(module, attribute):
            present[row] = why
    return present


def _codes_of(module: types.ModuleType) -> list[types.CodeType]:
    codes: list[types.CodeType] = []
    for value in vars(module).values():
        if getattr(value, "__module__", None) != module.__name__:
            continue
        if isinstance(value, types.FunctionType):
            codes.append(value.__code__)
        elif isinstance(value, type):
            for member in vars(value).values():
                function = getattr(member, "__func__", None) or getattr(member, "fget", None) or member
                if isinstance(function, types.FunctionType):
                    codes.append(function.__code__)
    return codes


def _table_strings(module: types.ModuleType) -> list[str]:
    """The names in a module's own tables (``comparisons._NAMES``: op -> the method names)."""
    out: list[str] = []
    for name, value in vars(module).items():
        if name.startswith("__"):
            continue
        parts = [*value.keys(), *value.values()] if isinstance(value, dict) else \
            list(value) if isinstance(value, (tuple, frozenset)) else []
        for part in parts:
            out.extend([part] if isinstance(part, str) else
                       [p for p in part if isinstance(p, str)] if isinstance(part, tuple) else [])
    return out


def _strings(code: types.CodeType) -> list[str]:
    out: list[str] = []
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out.extend(_strings(const))
        elif isinstance(const, str):
            out.append(const)
        elif isinstance(const, (tuple, frozenset)):
            out.extend(item for item in const if isinstance(item, str))
    return out
