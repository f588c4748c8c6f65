"""Python's own value model, apart from JAX's: the bridge to the real standard library
(``bridge.py``, its allow-list ``allow.py``, the conversions ``convert.py``, the size and
time guards ``guards.py``, the real objects it hands back ``real.py``) and the coverage
table generated from the running Python (``coverage.py``)."""
