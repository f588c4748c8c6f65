"""PAL085 mesh_construction: a ``jax.make_mesh`` / ``jax.sharding.Mesh`` whose shape (or device
array) has another rank than it has axis names, or whose ``axis_types=`` has another count:
JAX's Mesh refuses it while it is built, whatever the devices (jax/_src/mesh.py, measured the
same on 0.8.3 - 0.12.0.1)."""

from __future__ import annotations

from collections.abc import Iterable

from ..model import Finding, Options
from ..program import Program
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL085",
    name="mesh_construction",
    title="a mesh whose sizes, shape or axis types do not match its axis names",
    jax_message=(
        "ValueError: Mesh requires the ndim of its first argument (`devices`) to equal the length "
        "of its second argument (`axis_names`), but got devices.ndim == 1 and len(axis_names) == 2.\n"
        "ValueError: Number of axis names should match the number of axis_types. Got "
        "axis_names=('x', 'y') and axis_types=(Auto,)\n"
        "ValueError: `axis_sizes` passed to `make_mesh` should be a sequence of ints. Got ('dev',)"
    ),
    lowering_errors=(
        LoweringError(r"\AMesh requires the ndim of its first argument \(`devices`\) to equal the "
                      r"length of its second argument \(`axis_names`\)", exc_type="ValueError"),
        LoweringError(r"\ANumber of axis names should match the number of axis_types",
                      exc_type="ValueError"),
        LoweringError(r"\A`axis_(sizes|shapes)` passed to `make_mesh` should be a sequence of ints",
                      exc_type="ValueError"),
        # An axis of size 0: make_mesh reads the first of no devices (sharding_impls.py).
        LoweringError(r"\Alist index out of range\Z", exc_type="IndexError",
                      sites=r"sharding_impls\.py:make_mesh$"),
    ),
    what_it_means=(
        "A mesh names each of its axes: `jax.make_mesh((2, 4), (\"x\", \"y\"))` has two sizes and "
        "two names, `jax.sharding.Mesh(devices, names)` a device array of one dimension per name, "
        "and `axis_types=` one type per name (a single `AxisType` counts as one). JAX's Mesh "
        "refuses any other count while it is built, before any kernel under it is traced; and "
        "`jax.make_mesh` reads each size with `int()` first, so a name given where a size belongs "
        "(the two arguments swapped) is refused there. An axis of size 0 leaves make_mesh no "
        "device to read: \"IndexError: list index out of range\"."
    ),
    when_it_happens=(
        "When the line runs (module level, `__main__`, or a function the program calls), every "
        "release 0.8.3 - 0.12.0.1, whatever devices the host has. Judged where the number of "
        "names and the shape's length (the device array's rank) or the types' count are known, "
        "the call surely runs and nothing catches the ValueError."
    ),
    how_to_fix=(
        "Give one size and one name per axis, and one axis type per name (or leave "
        "`axis_types=` out). A size-1 axis keeps a name in the mesh: `jax.make_mesh((2, 1), "
        "(\"x\", \"replica\"))`."
    ),
    bad_example='''
mesh = jax.make_mesh((2,), ("x", "replica"))
''',
    good_example='''
mesh = jax.make_mesh((2, 1), ("x", "replica"))
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterable[Finding]:
    refusals = program.interp.mesh_refusals
    if not refusals:
        return ()
    return [_finding(program, *refusal) for refusal in refusals.values()]


def _finding(program: Program, node: object, maker: str, kind: str, given: int, names: int) -> Finding:
    short = "jax.make_mesh" if maker == "jax.make_mesh" else "jax.sharding.Mesh"
    if kind in ("axis_sizes", "axis_shapes"):  # a size int() refuses; kind: the keyword JAX names
        keyword = kind
        return Finding(
            RULE.code, program.span(node),  # type: ignore[arg-type]
            f"This jax.make_mesh is given a size that is no number (its first argument holds the "
            f"axis sizes, its second the names: are they swapped?): make_mesh reads each size "
            f"with int() and raises \"ValueError: `{keyword}` passed to `make_mesh` should be a "
            f"sequence of ints\", every release, so no kernel under it is traced. Pass the sizes "
            f"first, then the names: jax.make_mesh((2,), (\"x\",)).")
    if kind == "empty":
        return Finding(
            RULE.code, program.span(node),  # type: ignore[arg-type]
            "This jax.make_mesh has an axis of size 0: make_mesh takes the first product-of-sizes "
            "devices (none) and reads the first of them, so it raises \"IndexError: list index "
            "out of range\" while it is built, every release, and no kernel under it is traced. "
            "Give every axis at least one device (a count computed from the configuration "
            "may have come out as 0).")
    if kind == "rank":
        what = (f"its shape has {given} size{'s' if given != 1 else ''}" if maker == "jax.make_mesh"
                else f"its device array has {given} dimension{'s' if given != 1 else ''}")
        words = (f"Mesh requires the ndim of its first argument (`devices`) to equal the length of its "
                 f"second argument (`axis_names`), but got devices.ndim == {given} and "
                 f"len(axis_names) == {names}.")
        advice = "Give one size (one device-array dimension) per axis name; a size-1 axis keeps its name."
    else:
        what = f"axis_types= gives {given} type{'s' if given != 1 else ''}"
        words = "Number of axis names should match the number of axis_types."
        advice = "Give one AxisType per axis name, or leave axis_types= out."
    return Finding(
        RULE.code, program.span(node),  # type: ignore[arg-type]
        f"This {short} has {names} axis name{'s' if names != 1 else ''}, but {what}: JAX's Mesh "
        f"refuses it while it is built, every release (\"ValueError: {words}\"), so no kernel "
        f"under it is traced. {advice}")
