"""What JAX checks on the value a multimem_store stores: its vector width.

multimem_store has its own width check, "Only 32-, 64- and 128-bit stores are
supported" (measured on 0.8.3, 0.10.2 and 0.12.0.1): a WG_STRIDED value stores
``vec_size`` elements per instruction. The stored value's layout is known when it
is a ``plgpu.layout_cast`` (inline, or the one assignment of the name stored), and
its dtype when the cast's input is a load from a ref whose type the launch gives, or an
iota (``lax.broadcasted_iota`` / ``lax.iota``: its ``dtype`` argument as the run recorded it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .arrays import dtype_of
from .ast_nodes import walk
from .dtypes import DTYPE_BITS, LOAD_BITS
from .layouts import strided_misfit
from .ops import LAYOUT_CAST, string_is_one_name
from .program import Program, axes_set
from .refs import ref_types
from .trace import Op
from .values import LayoutVal, MeshVal

# How many assignments deep a ref's name is followed (x3 = x_ref.reshape(...); x3[idx]).
_MAX_ALIASES = 4


@dataclass(frozen=True)
class StoreFacts:
    op: Op
    semantics: str | None
    reaches_width: bool  # the mesh and the axes are right, so JAX gets to the width check
    cast: ast.Call | None  # the layout_cast that made the stored value
    layout: LayoutVal | None
    dtype: str | None


def store_facts(program: Program, op: Op) -> StoreFacts:
    mesh = op.launch.ctx.manual
    axes = axes_set(op.args.get("collective_axes"), string_is_one_name=string_is_one_name(op.name))
    reaches = isinstance(mesh, MeshVal) and axes == frozenset(mesh.axes)
    function = _enclosing_function(program, op.node)
    cast = _source_cast(program, op, function)
    layout = None
    if cast is not None:
        layouts = [o.args.get("new_layout") for o in program.ops_at(cast, LAYOUT_CAST)
                   if o.launch is op.launch]
        layout = layouts[0] if len(layouts) == 1 and isinstance(layouts[0], LayoutVal) else None
    dtype = None
    if cast is not None and function is not None:
        types = ref_types(op.launch)
        value = _cast_input(cast)
        source = _ref_dtype(value, function, types) or _iota_dtype(program, op, value, function) \
            or _value_dtype(op.args.get("source"))
        target = _ref_dtype(op.arg_nodes.get("ref"), function, types) or _value_dtype(op.args.get("ref"))
        # Different dtypes fail another check first ("Value dtype ... does not match").
        dtype = source if target in (None, source) else None
    return StoreFacts(op, program.semantics(op.launch.kernel).name, reaches, cast, layout, dtype)


def _value_dtype(value: object) -> str | None:
    """The dtype the value model holds for the stored array or the ref (``jnp.full(shape, v,
    cfg.dtype)``, a ref of the launch's types)."""
    name = getattr(getattr(value, "dtype", None), "name", None)
    return name if isinstance(name, str) else None


# The WGMMA register layout stores two elements of a row per instruction (its vector
# dimension: tiles ((64, 8), (16, 8), (8, 8), (2,))): int8 and float8 values store 16 bits
# (measured on 0.10.2 - 0.12.0.1, Lane and Warpgroup: "Only 32-, 64- and 128-bit stores").
_WGMMA_VECTOR = 2


def store_width_fault(facts: StoreFacts) -> str | None:
    layout = facts.layout
    if not facts.reaches_width or facts.semantics is None or facts.dtype is None or layout is None:
        return None
    if layout.name == "WGMMA":
        bits = DTYPE_BITS.get(facts.dtype)
        if bits is None or _WGMMA_VECTOR * bits in LOAD_BITS:
            return None
        return (f"the WGMMA layout of {facts.dtype} stores {_WGMMA_VECTOR} × {bits} = "
                f"{_WGMMA_VECTOR * bits} bits at a time, and only 32-, 64- and 128-bit stores exist")
    if layout.name != "WG_STRIDED" or not isinstance(layout.vec_size, int):
        return None
    if strided_misfit(layout) is not None:
        return None  # the layout itself is refused first (PAL004)
    bits = DTYPE_BITS.get(facts.dtype)
    if bits is None or layout.vec_size * bits in LOAD_BITS:
        return None
    return (f"WG_STRIDED(vec_size={layout.vec_size}) of {facts.dtype} stores "
            f"{layout.vec_size} × {bits} = {layout.vec_size * bits} bits at a time, and only 32-, "
            f"64- and 128-bit stores exist")


def _enclosing_function(program: Program, node: ast.AST) -> ast.FunctionDef | None:
    """The outermost function of the kernel body around the node (a body may nest the store
    in an nd_loop or pl.when function and load from names the outer body binds)."""
    outermost = None
    current = program.parent(node)
    while current is not None:
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef)):
            outermost = current
        current = program.parent(current)
    return outermost


def _source_cast(program: Program, op: Op, function: ast.FunctionDef | None) -> ast.Call | None:
    source = op.arg_nodes.get("source")
    if isinstance(source, ast.Name) and function is not None:
        source = _only_assignment(function, source.id)
    if isinstance(source, ast.Call) and program.callee_names.get(id(source)) == LAYOUT_CAST:
        return source
    return None


def _cast_input(cast: ast.Call) -> ast.expr | None:
    if cast.args:
        return cast.args[0]
    return next((k.value for k in cast.keywords if k.arg == "x"), None)


_IOTAS = ("lax.broadcasted_iota", "lax.iota")


def _iota_dtype(program: Program, op: Op, node: ast.expr | None,
                function: ast.FunctionDef) -> str | None:
    """The dtype of an iota cast and stored (``layout_cast(lax.broadcasted_iota(jnp.int32,
    ...), ...)``, inline or through a name assigned once): its ``dtype`` argument, as the
    kernel's run recorded the op."""
    if isinstance(node, ast.Name):
        node = _only_assignment(function, node.id)
    if not isinstance(node, ast.Call) or program.callee_names.get(id(node)) not in _IOTAS:
        return None
    dtypes = {dtype.name if dtype is not None else None
              for o in program.ops_at(node, program.callee_names[id(node)]) if o.launch is op.launch
              for dtype in [dtype_of(o.args.get("dtype"))]}
    return dtypes.pop() if len(dtypes) == 1 else None


def _ref_dtype(node: ast.expr | None, function: ast.FunctionDef,
               types: dict[str, tuple[object, str]]) -> str | None:
    """The dtype of the ref a value is loaded from (``r[...]``, ``r.at[i]``, ``r.reshape(s)``),
    following names assigned once in the function."""
    for _ in range(_MAX_ALIASES):
        while True:
            if isinstance(node, ast.Subscript) or (isinstance(node, ast.Attribute) and node.attr == "at"):
                node = node.value
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "reshape"):
                node = node.func.value
            else:
                break
        if not isinstance(node, ast.Name):
            return None
        if node.id in types and _only_assignment(function, node.id) is None \
                and not _assigned(function, node.id):
            return types[node.id][1]
        node = _only_assignment(function, node.id)
    return None


def _assignments(function: ast.FunctionDef, name: str) -> list[ast.AST]:
    return _bindings(function).get(name, [])


def _bindings(function: ast.FunctionDef) -> dict[str, list[ast.AST]]:
    """Name -> the statements and clauses that bind it in the function, in walk order: one
    walk per function, kept on its node (each store asks about several names; a re-parse
    keeps the nodes of statements an edit did not touch)."""
    cached = getattr(function, "_pallas_bindings", None)
    if cached is not None:
        return cached
    found: dict[str, list[ast.AST]] = {}
    for node in walk(function):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr, ast.For,
                             ast.With, ast.comprehension)):
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if not isinstance(node, ast.With)
                       else [item.optional_vars for item in node.items if item.optional_vars])
            for bound in sorted({name for target in targets for name in _bound_names(target)}):
                found.setdefault(bound, []).append(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not function:
            found.setdefault(node.name, []).append(node)
    function._pallas_bindings = found  # type: ignore[attr-defined]
    return found


def _bound_names(target: ast.AST) -> set[str]:
    """The names a target binds (``r[i] = v`` binds none: it stores into r)."""
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return {name for item in target.elts for name in _bound_names(item)}
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    return set()


def _assigned(function: ast.FunctionDef, name: str) -> bool:
    return bool(_assignments(function, name))


def _only_assignment(function: ast.FunctionDef, name: str) -> ast.expr | None:
    """The value of the one plain ``name = value`` in the function, else None."""
    found = _assignments(function, name)
    if len(found) != 1 or not isinstance(found[0], ast.Assign):
        return None
    assign = found[0]
    if len(assign.targets) != 1 or not isinstance(assign.targets[0], ast.Name):
        return None
    return assign.value
