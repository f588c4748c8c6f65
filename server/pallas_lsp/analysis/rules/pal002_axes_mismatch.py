"""PAL002 axes_mismatch: collective_axes that are not exactly the mesh's axis names."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Fix, Options
from ..ops import string_is_one_name
from ..program import Program, axes_set, describe_mesh, plain_enum_members, short_repr
from ..trace import Op
from ..values import Const, MeshVal, SpecVal
from ..versions import MULTICAST_COPY_SEVERAL_AXES, first_release, format_jax_version, holds
from .base import LoweringError, Rule
from .common import COLLECTIVE_OPS, WRAPS_STRINGS, dedupe, launch_related, replace_node, short, tuple_literal

RULE = Rule(
    code="PAL002",
    name="axes_mismatch",
    title="collective_axes must name every axis of the mesh",
    jax_message=(
        "NotImplementedError: Only collective_axes that include all JAX device mesh (('data', "
        "'model')) axes are supported, but got ('data',)\n"
        "ValueError: collective_axes ('x',) must equal entire mesh axes ('x', 'y')   "
        "(semaphore_signal_multicast)"
    ),
    lowering_errors=(
        LoweringError(r"Only collective_axes that include all JAX device mesh"),
        LoweringError(r"must equal entire mesh axes"),
    ),
    what_it_means=(
        "Mosaic GPU's multimem and multicast ops only work across the whole mesh: JAX compares "
        "`set(collective_axes)` with the set of ALL the mesh's axis names (even under a "
        "`jax.shard_map(..., axis_names={...})` over part of the mesh). Order and duplicates do "
        "not matter."
    ),
    when_it_happens=(
        "`collective_axes` names only some axes of a multi-axis mesh, or a name the mesh does not "
        "have. A trap: `multimem_store` and `multimem_load_reduce` do NOT wrap a string in a "
        "tuple, so `collective_axes=\"data\"` is the set of letters {'d', 'a', 't'} and fails on a "
        "mesh axis named 'data' (a one-letter name like \"x\" happens to work, and \"xy\" is "
        "accepted on a mesh ('x', 'y')). `semaphore_signal_multicast` does wrap a string, so there "
        "\"data\" works and \"xy\" fails. Members of a plain `enum.Enum` are not strings and "
        "equal no axis name (`tuple(Axis)` fails; a `class Axis(str, Enum)` works). Measured on "
        "JAX 0.10.2 and 0.12.0.1."
    ),
    how_to_fix=(
        "Pass a tuple of all the mesh's axis names: `collective_axes=(\"data\", \"model\")`, or "
        "`tuple(mesh.axis_names)` where the mesh is at hand. Write a single axis as a "
        "one-element tuple: `(\"data\",)`."
    ),
    bad_example='''
mesh = jax.sharding.Mesh(devices, ("data", "model"))

def kernel(y_ref):
    plgpu.multimem_store(tile, y_ref, ("data",))   # the mesh also has "model"
''',
    good_example='''
def kernel(y_ref):
    plgpu.multimem_store(tile, y_ref, ("data", "model"))
''',
    fixable=True,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    for node, ops in program.ops_named(*COLLECTIVE_OPS).items():
        failing: list[tuple[Op, MeshVal]] = []
        all_meshes: list[MeshVal] = []
        for op in ops:
            mesh = op.launch.ctx.manual
            if not isinstance(mesh, MeshVal):
                continue
            all_meshes.append(mesh)
            value = op.args.get("collective_axes")
            if isinstance(value, SpecVal):
                if _spec_refused(program, op, value, mesh):
                    failing.append((op, mesh))
                continue
            got = axes_set(value, string_is_one_name=string_is_one_name(op.name))
            if got == frozenset() and _copy_refused(program, op, mesh, any_mesh=True):
                continue  # JAX before 0.9.1 reads collective_axes[0] first: an IndexError (measured)
            if got is not None and (got != frozenset(mesh.axes)
                                    or _copy_refused(program, op, mesh)):
                failing.append((op, mesh))
        if not failing:
            continue
        op, mesh = failing[0]
        yield Finding(RULE.code, program.span(node), _message(program, op, mesh),
                      related=dedupe([r for o, _ in failing for r in launch_related(program, o.launch)]),
                      fixes=_fixes(program, op, failing, all_meshes))




def _spec_names(spec: SpecVal) -> tuple[str, ...] | None:
    """A PartitionSpec's entries when each is one axis name (P("x", "y"))."""
    names = [entry.value for entry in spec.entries
             if isinstance(entry, Const) and isinstance(entry.value, str)]
    return tuple(names) if len(names) == len(spec.entries) else None


def _spec_refused(program: Program, op: Op, spec: SpecVal, mesh: MeshVal) -> bool:
    """A PartitionSpec as collective_axes (measured on 0.8.3 - 0.12.0.1): multimem_store /
    multimem_load_reduce take set() of its entries, so P of all the mesh's axes lowers;
    semaphore_signal_multicast and (from 0.9.1) a multicast copy wrap it in a tuple, one
    entry that is no axis name, and always refuse it (0.8.3 lowers such a copy)."""
    names = _spec_names(spec)
    if names is None:
        return False
    if op.name in WRAPS_STRINGS:
        return op.name != "plgpu.copy_smem_to_gmem" or holds(MULTICAST_COPY_SEVERAL_AXES, program.version)
    return frozenset(names) != frozenset(mesh.axes)


def _copy_refused(program: Program, op: Op, mesh: MeshVal, *, any_mesh: bool = False) -> bool:
    """Before 0.9.1 a multicast copy over a mesh of several axes is refused even when
    collective_axes names them all (JAX compares one axis of the tuple; measured).
    ``any_mesh``: whatever the mesh's axes (a release that reads one axis of the tuple)."""
    return (op.name == "plgpu.copy_smem_to_gmem" and (any_mesh or len(mesh.axes) > 1)
            and not holds(MULTICAST_COPY_SEVERAL_AXES, program.version))


def _message(program: Program, op: Op, mesh: MeshVal) -> str:
    if _copy_refused(program, op, mesh) and axes_set(op.args.get("collective_axes"),
                                                      string_is_one_name=True) == set(mesh.axes):
        version = format_jax_version(program.version)
        return (f"JAX {version} refuses a multicast copy over more than one mesh axis, even with "
                f"collective_axes naming all of {mesh.axes!r}: it fails with \"Only collective_axes "
                f"that include all JAX device mesh  axes are supported\". JAX "
                f"{first_release(MULTICAST_COPY_SEVERAL_AXES)} and newer accept it; on this "
                f"release use a mesh of one axis for the copy.")
    value = op.args.get("collective_axes")
    raw = value.value if isinstance(value, Const) else None
    name = short(op.name)
    where = describe_mesh(mesh, program, op.node)
    if isinstance(value, SpecVal):
        spec = "P(" + ", ".join(repr(n) for n in _spec_names(value) or ()) + ")"
        if op.name in WRAPS_STRINGS:
            return (f"{name} wraps collective_axes={spec}, a PartitionSpec and no tuple, in a tuple: "
                    f"JAX sees ({spec},), one entry that is no axis name, and fails with "
                    f"\"collective_axes ({spec},) must equal entire mesh axes {mesh.axes!r}\" "
                    f"({where}). Pass a tuple of axis names: {tuple_literal(mesh.axes)}."
                    if op.name != "plgpu.copy_smem_to_gmem" else
                    f"the multicast copy wraps collective_axes={spec} of its plgpu.multicast_ref, a "
                    f"PartitionSpec and no tuple, in a tuple: JAX sees ({spec},) and fails with \"Only "
                    f"collective_axes that include all JAX device mesh  axes are supported\" ({where}). "
                    f"Pass a tuple of axis names: {tuple_literal(mesh.axes)}.")
        return (f"{name} has collective_axes={spec}, whose axes are not all the mesh's: {where}; "
                f"JAX fails with \"Only collective_axes that include all JAX device mesh "
                f"({mesh.axes!r}) axes are supported\".")
    if isinstance(raw, str) and not string_is_one_name(op.name) and len(raw) > 1:
        letters = "{" + ", ".join(repr(c) for c in sorted(set(raw))) + "}"
        shown = short_repr(raw)
        letters = letters if len(letters) <= 80 else letters[:79] + "…"
        return (f"collective_axes={shown} is a string, and {name} compares it letter by letter: "
                f"set({shown}) is {letters}, but {where}. JAX fails with \"Only collective_axes "
                f"that include all JAX device mesh ({mesh.axes!r}) axes are supported\". "
                f"Write a tuple: {tuple_literal(mesh.axes)}.")
    members = plain_enum_members(value)
    if members:
        listed = ", ".join(dict.fromkeys(members.values()))
        cls = next(iter(members.values())).split(".")[0].lstrip("<")
        got = f"({listed},)" if not isinstance(value, tuple) or len(value) == 1 else f"({listed})"
        got = got if len(got) <= 80 else got[:79] + "…"
        return (f"{name} has collective_axes={got}: members of the plain Enum {cls}, which are not "
                f"strings and equal no axis name ({where}). JAX fails with \"Only collective_axes "
                f"that include all JAX device mesh ({mesh.axes!r}) axes are supported, but got "
                f"{got}\"" if not string_is_one_name(op.name) else
                f"{name} has collective_axes={got}: members of the plain Enum {cls}, which are not "
                f"strings and equal no axis name ({where}). JAX fails with \"collective_axes "
                f"{got} must equal entire mesh axes {mesh.axes!r}\"") + (
                f". Pass their .value, or declare class {cls}(str, enum.Enum).")
    shown = short_repr(raw) if raw is not None else "this value"
    if op.name == "plgpu.copy_smem_to_gmem":
        jax_words = "Only collective_axes that include all JAX device mesh  axes are supported"
    elif string_is_one_name(op.name):
        jax_words = f"collective_axes (...) must equal entire mesh axes {mesh.axes!r}"
    else:
        jax_words = (f"Only collective_axes that include all JAX device mesh ({mesh.axes!r}) axes "
                     f"are supported")
    return (f"{name} has collective_axes={shown}, but {where}; JAX requires exactly all the "
            f"mesh's axes and fails with \"{jax_words}\".")


def _fixes(program: Program, op: Op, failing: list[tuple[Op, MeshVal]],
           all_meshes: list[MeshVal]) -> tuple[Fix, ...]:
    arg_node = op.arg_nodes.get("collective_axes")
    if arg_node is None:
        return ()
    axes_sets = {frozenset(mesh.axes) for mesh in all_meshes}
    if len(axes_sets) != 1 or _copy_refused(program, op, failing[0][1]):
        return ()  # meshes with different axes, or right axes that this release refuses
    mesh = failing[0][1]
    fixes: list[Fix] = []
    value = op.args.get("collective_axes")
    if isinstance(value, Const) and isinstance(value.value, str) and (value.value,) == mesh.axes:
        text = program.text(arg_node)
        fixes.append(Fix(f"Pass the axis as a one-element tuple: ({text},)",
                         (replace_node(program, arg_node, f"({text},)"),), safe=True, preferred=True))
    literal = tuple_literal(mesh.axes)
    if not fixes or literal != f"({program.text(arg_node)},)":
        fixes.append(Fix(f"Set collective_axes to all mesh axes {literal}",
                         (replace_node(program, arg_node, literal),), safe=not fixes, preferred=not fixes))
    return tuple(fixes)
