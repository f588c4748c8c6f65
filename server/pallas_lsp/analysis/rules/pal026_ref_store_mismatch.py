"""PAL026 ref_store_mismatch: ``ref[idx] = value`` whose value has another shape or dtype than
the ref has after indexing (JAX's ``swap`` check, the same in 0.8.3 through 0.12.0.1)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..model import Finding, Fix, Options
from ..program import Program, short_repr
from ..ref_stores import StoreFault, store_fault, tmem_store_fault
from ..smem_transforms import allocation_refused
from ..tma_facts import whole_array_copy_fault
from ..tma_window import const_ints
from ..trace import Launch, Op, RefAccess
from ..values import Const, DtypeVal, RefVal
from .base import LoweringError, Rule
from .common import cast_fix, dedupe, kernel_related

RULE = Rule(
    code="PAL026",
    name="ref_store_mismatch",
    title="a stored value must have the ref's shape and dtype",
    jax_message=(
        "ValueError: Invalid dtype for `swap`. Ref dtype: float16. Value dtype: float32."
    ),
    lowering_errors=(
        # An SMEM -> TMEM copy of refs that differ (async_copy_smem_to_tmem's abstract eval).
        LoweringError(r"\AExpected SMEM (reference shape|element type) (\(.*\)|\{[^}]*\}) to equal the "
                      r"TMEM", exc_type="ValueError"),
        # The state primitive's messages (jax/_src/state/primitives.py): "Expected shape" is
        # only in its shape message; its dtype message reads like Mosaic GPU's atomic_store's,
        # whose template ({ref.dtype}) these \w+ do not match, so that site stays unpredicted.
        LoweringError(r"Invalid shape for `swap`\. Ref shape: \([^)]*\)\. Expected shape: "
                      r"\([^)]*\)\. Value shape: \([^)]*\)\.", exc_type="ValueError"),
        LoweringError(r"Invalid dtype for `swap`\. Ref dtype: \w+\. Value dtype: \w+\.",
                      exc_type="ValueError"),
    ),
    what_it_means=(
        "A store `y_ref[idx] = value` (and `y_ref[idx] += value`) writes `value` into the part "
        "of the ref the index selects. JAX does not broadcast or convert it: the value must "
        "have exactly that part's shape and the ref's dtype. Only a weakly typed value (a "
        "Python scalar, `jnp.full(shape, 2.0)`) is cast to a float ref's dtype, and any "
        "integer value to an integer ref's."
    ),
    when_it_happens=(
        "When the value's shape differs from the indexed ref's (storing a (8, 128) value into "
        "`y_ref[:, :64]`), or a strongly typed value has another dtype (a float32 value from "
        "a float32 ref or an `.astype(jnp.float32)` stored into a float16 ref; "
        "`x_ref[...] + 1` keeps x_ref's dtype). Raised while tracing the kernel, on the store "
        "line, on every release (0.8.3 through 0.12.0.1)."
    ),
    how_to_fix=(
        "Cast the value with `.astype(y_ref.dtype)`, or store into a slice of the ref that has "
        "the value's shape (or compute a value of the ref's shape)."
    ),
    bad_example='''
@functools.partial(plgpu.kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float16))
def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...] + 1  # x is float32
''',
    good_example='''
@functools.partial(plgpu.kernel, out_type=jax.ShapeDtypeStruct((128,), jnp.float16))
def kernel(x_ref, y_ref):
    y_ref[...] = (x_ref[...] + 1).astype(y_ref.dtype)
''',
    fixable=True,
)


# What JAX makes of a 64-bit dtype with x64 off.
_NARROWED_FROM = {"float32": "float64", "int32": "int64", "uint32": "uint64"}


def check(program: Program, options: Options) -> Iterator[Finding]:
    yield from _smem_to_tmem_copies(program)
    for access, fault in failing_stores(program):
        if isinstance(access, Op):
            ref_node = access.arg_nodes.get("ref")
            ref_text = program.text(ref_node) if ref_node is not None else "the TMEM ref"
            yield Finding(RULE.code, program.span(access.node),
                          "async_store_tmem: " + _message(ref_text, fault))
            continue
        ref_text = program.text(access.node.value)
        if isinstance(access.value, Const):
            # A Python number: a weakly typed 0-d array that a store neither broadcasts nor
            # casts to another kind (and `1.astype(...)` is no fix).
            yield Finding(RULE.code, program.span(access.node),
                          _number_message(ref_text, fault, access.value))
            continue
        yield Finding(RULE.code, program.span(access.node),
                      _message(ref_text, fault) + _x64_note(program, access, fault),
                      fixes=_cast_fix(program, access.node, ref_text, fault))


def _number_message(ref_text: str, fault: StoreFault, number: Const) -> str:
    ref_side = " ".join(part for part in (fault.ref_dtype, _dims(fault.ref_shape)) if part)
    said = ("Invalid shape for `swap`" if fault.shape_differs else "Invalid dtype for `swap`")
    why = ("a store does not broadcast a number to the ref's shape"
           if fault.shape_differs else
           f"a store converts a Python number only to a ref of its own kind (an int to an integer "
           f"ref, a float to a float ref), and this one is {fault.value_dtype}")
    shape = fault.ref_shape if fault.ref_shape is not None else ()
    dtype = f"{ref_text}.dtype"
    return (f"{ref_text} is {ref_side} and the stored value is the Python number {number.value!r}: "
            f"{why}, and JAX raises \"{said}\" while the kernel is traced. Store an array of the "
            f"ref's shape and dtype: jnp.full({shape!r}, {number.value!r}, {dtype}) (a splat: "
            f"under Lane semantics of 1 element or a multiple of 128), or a value computed from "
            f"loaded data.")


def _x64_note(program: Program, access: RefAccess, fault: StoreFault) -> str:
    """Why a value written as 64-bit is 32-bit: x64 is off (interpreter.x64)."""
    wide = _NARROWED_FROM.get(fault.value_dtype or "")
    statement = program.parent(access.node)
    value = getattr(statement, "value", None)
    if wide is None or program.interp.x64 is not False or not isinstance(value, ast.expr) \
            or wide not in program.text(value):
        return ""
    return (f" The {wide} written here is {fault.value_dtype}: JAX's 64-bit types are off "
            f"unless jax_enable_x64 is set.")


def failing_stores(program: Program) -> list[tuple[RefAccess | Op, StoreFault]]:
    """Each launch's first store JAX refuses while tracing the kernel (the trace stops there):
    a ref store, or a ``plgpu.async_store_tmem`` of another shape (the same swap check),
    whichever comes first in the body's source order: what PAL026 reports, and what a check
    made later, while lowering, never reaches (PAL048)."""
    first: dict[int, tuple[RefAccess | Op, StoreFault]] = {}  # JAX stops at the first error
    for access in program.ref_accesses:
        launch = access.launch
        if access.kind != "store" or not access.sure or id(launch) in first:
            continue
        fault = store_fault(access.ref, access.index, access.value, program.interp.x64)
        if fault is None or program.api_removed(launch.kernel) or _copies_fail(launch) \
                or allocation_refused(access.ref):
            continue
        first[id(launch)] = (access, fault)
    for op in program.ref_ops:
        fault = tmem_store_fault(op)
        if fault is None or program.api_removed(op.launch.kernel):
            continue
        known = first.get(id(op.launch))
        if known is None or (op.node.lineno, op.node.col_offset) < (known[0].node.lineno,
                                                                     known[0].node.col_offset):
            first[id(op.launch)] = (op, fault)
    return list(first.values())


def _copies_fail(launch: Launch) -> bool:
    """A pallas_call whose own whole-array copies fail (PAL013) never traces its body."""
    return whole_array_copy_fault(launch) is not None


def _message(ref_text: str, fault: StoreFault) -> str:
    ref_side = " ".join(part for part in (fault.ref_dtype, _dims(fault.ref_shape)) if part)
    value_side = " ".join(part for part in (fault.value_dtype, _dims(fault.value_shape)) if part)
    if fault.shape_differs:
        if fault.value_shape == ():
            # A 0-d value is not broadcast by a store.
            wrong = (f"JAX does not broadcast it and raises \"Invalid shape for `swap`\". "
                     f"Broadcast it first: jnp.broadcast_to(value, {fault.ref_shape})")
        else:
            wrong = (f"JAX raises \"Invalid shape for `swap`\". Store a value of shape "
                     f"{_dims(fault.ref_shape)}, or index {ref_text} to the slice the value fills")
        if fault.dtype_differs:
            wrong += f", and cast it with .astype({ref_text}.dtype)"
    else:
        wrong = (f"JAX does not convert it and raises \"Invalid dtype for `swap`\". Cast it "
                 f"with .astype({ref_text}.dtype)")
    return f"{ref_text} is {ref_side} and the stored value is {value_side}: {wrong}."


def _dims(shape: tuple[int, ...] | None) -> str:
    return "" if shape is None else "[" + ", ".join(map(str, shape)) + "]"


def _cast_fix(program: Program, target: ast.Subscript, ref_text: str,
              fault: StoreFault) -> tuple[Fix, ...]:
    """Only the dtype is wrong and the store is a plain assignment: wrap its value in
    ``.astype(<ref>.dtype)``."""
    statement = program.parent(target)
    if fault.shape_differs or not isinstance(statement, ast.Assign) or statement.targets != [target]:
        return ()
    return (cast_fix(program, statement.value, ref_text, fault.ref_dtype or "", "stored value"),)



def _smem_to_tmem_copies(program: Program) -> Iterator[Finding]:
    """``plgpu.async_copy_smem_to_tmem(smem, tmem)`` of refs (or views) of another dtype or
    shape: its abstract evaluation refuses them while the kernel is traced, the dtype first
    ("Expected SMEM element type (float16) to equal the TMEM element type (float32)", then
    "Expected SMEM reference shape (128, 32) to equal the TMEM reference shape (128, 48)";
    primitives.py, 0.10.2 - 0.12.0.1, measured: pal026/smem_to_tmem_copy_*.py)."""
    if tuple(program.version[:2]) < (0, 10):
        return  # no async_copy_smem_to_tmem before 0.10 (PAL009)
    reported: set[int] = set()
    for op in program.ref_ops:  # (not grouped: most keystrokes have no such copy)
        if op.name != "plgpu.async_copy_smem_to_tmem" or id(op.node) in reported:
            continue
        node = op.node
        smem, tmem = op.args.get("smem_ref"), op.args.get("tmem_ref")
        if not isinstance(smem, RefVal) or not isinstance(tmem, RefVal) \
                or smem.space != "SMEM" or tmem.space != "TMEM":
            continue
        words = None
        if isinstance(smem.dtype, DtypeVal) and isinstance(tmem.dtype, DtypeVal) \
                and smem.dtype.name != tmem.dtype.name:
            words = (f"the SMEM ref holds {smem.dtype.name} and the TMEM ref {tmem.dtype.name}",
                     f"Expected SMEM element type ({smem.dtype.name}) to equal the TMEM element "
                     f"type ({tmem.dtype.name})")
        else:
            a, b = const_ints(smem.shape), const_ints(tmem.shape)
            if a is not None and b is not None and a != b:
                words = (f"the SMEM ref is {short_repr(a)} and the TMEM ref {short_repr(b)}",
                         f"Expected SMEM reference shape {short_repr(a)} to equal the TMEM "
                         f"reference shape {short_repr(b)}")
        if words is None:
            continue
        yield Finding(
            RULE.code, program.span(node),
            f"async_copy_smem_to_tmem: {words[0]}; the copy moves a whole ref into a TMEM "
            f"ref (or view) of the same shape and dtype, and JAX raises \"ValueError: "
            f"{words[1]}\" while the kernel is traced. Copy into a TMEM view of the SMEM "
            f"ref's shape (tmem.at[:, pl.ds(start, columns)]), or slice the SMEM ref to it.",
            related=dedupe(kernel_related(program, op.launch)))
        reported.add(id(node))

