"""Standard-library classes whose behaviour is plain Python, run as Python.

``collections.defaultdict`` is a dict whose ``__missing__`` stores and returns
``default_factory()``; ``collections.UserDict`` keeps its items in ``self.data`` and routes
every mapping method through ``self[key]`` (so a subclass's ``__setitem__`` normalises
what ``update`` and the constructor store). Run through the interpreter's own data model,
the values they hold stay the program's abstract values: a list a ``defaultdict(list)``
makes is the one ``groups[k].append(x)`` grows, which a real object behind the bridge
would copy away. The source below states the documented semantics of each class (the
Python library reference); a method not written here is unknown on these classes, never
guessed.
"""

from __future__ import annotations

import ast
import functools

# The model's class of each library name.
CLASSES = {"collections.defaultdict": "defaultdict", "collections.UserDict": "UserDict",
           "contextlib.closing": "closing"}

# Where findings and spans treat the model's nodes as not the analysed file's.
PATH = "<python library model>"

SOURCE = '''
class defaultdict(dict):
    def __init__(self, default_factory=None, /, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        self[key] = value = self.default_factory()
        return value


class UserDict:
    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, "__missing__"):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def keys(self):
        return list(self.data)

    def values(self):
        return [self[key] for key in self.data]

    def items(self):
        return [(key, self[key]) for key in self.data]

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, other=(), /, **kwargs):
        if isinstance(other, (dict, UserDict)):
            for key in other:
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwargs.items():
            self[key] = value


class closing:
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()
'''


@functools.cache
def tree() -> ast.Module:
    return ast.parse(SOURCE, PATH)


@functools.cache
def node_ids() -> frozenset[int]:
    return frozenset(id(node) for node in ast.walk(tree()))
