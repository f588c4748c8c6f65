"""The abstract interpreter of analysis/interpreter.py, split by concern: statements,
expressions, calls, classes and modules (one mixin each, combined by ``Interpreter``), and
``support`` (the limits and the module-level helpers they share). No module here imports
interpreter.py: the mixins reach each other only through ``self``."""
