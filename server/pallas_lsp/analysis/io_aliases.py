"""A Mosaic GPU ``pl.pallas_call``'s ``input_output_aliases`` checked against its arrays.

JAX's ``_pallas_call.wrapped`` (jax/_src/pallas/pallas_call.py) walks the mapping in order,
after the body is traced and before any lowering, and raises ValueError on the first entry
whose input index is outside ``[0, number of flat inputs)``, whose output index is outside
``[0, number of flat outputs)``, or whose input and output differ in shape or dtype. Measured
on JAX 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (the same text on each), blamed on the line that
calls the kernel with its arrays.

Judged only where every input is one known array (no pytree, no ``*args`` of unknown
length), every output one ``jax.ShapeDtypeStruct`` (or array) of known shape and dtype, and
every key and value of the mapping a known int: then JAX's flat indices are the positions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .program import Program
from .trace import Launch
from .values import ArrayVal, Const, DictVal, DtypeVal, ShapeDtypeVal


@dataclass(frozen=True)
class Aval:
    shape: tuple[int, ...]
    dtype: str

    def __str__(self) -> str:
        """JAX's spelling of an abstract value: float32[128,64]."""
        return f"{self.dtype}[{','.join(str(dim) for dim in self.shape)}]"


@dataclass(frozen=True)
class AliasMismatch:
    launch: Launch
    input_index: int
    output_index: int
    kind: str  # "input", "output" (index out of range) or "aval" (shape or dtype differ)
    n_inputs: int
    n_outputs: int
    input_aval: Aval | None = None
    output_aval: Aval | None = None


def _aval(value: object) -> Aval | None:
    if not isinstance(value, (ArrayVal, ShapeDtypeVal)) or not isinstance(value.dtype, DtypeVal):
        return None
    shape = value.shape.value if isinstance(value.shape, Const) else None
    if not isinstance(shape, tuple) or not all(type(dim) is int for dim in shape):
        return None
    return Aval(shape, value.dtype.name)


def _pairs(aliases: object) -> list[tuple[int, int]] | None:
    if not isinstance(aliases, DictVal) or not aliases.complete:
        return None
    pairs = []
    for key, value in aliases.items.items():
        if type(key) is not int or not isinstance(value, Const) or type(value.value) is not int:
            return None
        pairs.append((key, value.value))
    return pairs


def alias_mismatch(launch: Launch) -> AliasMismatch | None:
    """The first entry of the launch's input_output_aliases that JAX refuses, where it is sure."""
    kernel = launch.kernel
    pairs = _pairs(kernel.io_aliases)
    if kernel.api != "pallas_call" or not pairs or not isinstance(kernel.out_types, tuple):
        return None
    inputs = [_aval(arg) for arg in launch.args]
    outputs = [_aval(out) for out in kernel.out_types]
    if any(aval is None for aval in inputs) or any(aval is None for aval in outputs):
        return None
    for i, o in pairs:
        found = AliasMismatch(launch, i, o, "", len(inputs), len(outputs))
        if not 0 <= i < len(inputs):
            return replace(found, kind="input")
        if not 0 <= o < len(outputs):
            return replace(found, kind="output")
        if inputs[i] != outputs[o]:
            return replace(found, kind="aval", input_aval=inputs[i], output_aval=outputs[o])
    return None


def alias_mismatches(program: Program) -> list[AliasMismatch]:
    found = []
    for launch in program.launches:
        mismatch = alias_mismatch(launch)
        if mismatch is not None:
            found.append(mismatch)
    return found
