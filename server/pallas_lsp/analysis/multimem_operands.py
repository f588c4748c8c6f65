"""What ``plgpu.multimem_store``'s abstract evaluation checks on its operands (PAL082): the
stored value's dtype, then its shape, against the destination ref's (after its ``.at[...]``
views). The same check on 0.8.3, 0.10.2, 0.11.2 and 0.12.0.1 (primitives.py,
``_multimem_store_abstract_eval``), made while the kernel is traced."""

from __future__ import annotations

from .tma_window import const_ints
from .trace import Op
from .values import ArrayVal, DtypeVal, RefVal


def store_operand_fault(op: Op) -> tuple[str, str] | None:
    """(what is stored, in words; JAX's message) when the value's dtype or shape is known to
    differ from the ref's; None otherwise."""
    value, ref = op.args.get("source"), op.args.get("ref")
    if not isinstance(value, ArrayVal) or isinstance(value, RefVal) or not isinstance(ref, RefVal) \
            or ref.space != "GMEM" or ref.reshaped_from is not None or ref.transposed:
        return None  # (another memory space, a reshape or a transpose: refused first, PAL043)
    if isinstance(value.dtype, DtypeVal) and isinstance(ref.dtype, DtypeVal) and value.dtype != ref.dtype:
        return (f"{_article(value.dtype.name)} {value.dtype.name} value into "
                f"{_article(ref.dtype.name)} {ref.dtype.name} ref",
                f"Value dtype {value.dtype.name} does not match ref dtype {ref.dtype.name}")
    if not (isinstance(value.dtype, DtypeVal) and isinstance(ref.dtype, DtypeVal)):
        return None  # the dtype check comes first: a shape is judged once the dtypes agree
    shape, ref_shape = const_ints(value.shape), const_ints(ref.shape)
    if shape is not None and ref_shape is not None and shape != ref_shape:
        return (f"a value of shape {shape!r} into a ref of shape {ref_shape!r}",
                f"Value shape {shape!r} does not match ref shape {ref_shape!r}")
    return None


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"
