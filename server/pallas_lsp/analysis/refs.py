"""The types of a kernel's refs, read from its launch: which dtype a multimem op moves."""

from __future__ import annotations

import ast

from .interpreter import UNKNOWN_REST, callable_of
from .program import Program
from .trace import Launch, Op
from .values import ArrayVal, DtypeVal, FuncVal, PartialVal, RefVal, ShapeDtypeVal


def ref_types(launch: Launch) -> dict[str, tuple[object, str]]:
    """Kernel parameter name -> (shape, dtype) of its ref, from out_type and the launch's arrays.

    JAX calls the body with one ref per input, output and scratch buffer, after the
    arguments a ``functools.partial`` bound; parameters past those keep their defaults."""
    kernel = launch.kernel
    body, bound = callable_of(kernel.body), 0
    while isinstance(body, PartialVal):
        bound += len(body.args)
        body = body.func
    if not isinstance(body, FuncVal) or isinstance(body.node, ast.Lambda):
        return {}
    if body.self_value is not None:
        bound += 1  # a bound method (`self.kernel`, an object's __call__): `self` is no ref
    if not isinstance(kernel.out_types, tuple) or not isinstance(kernel.n_scratch, int):
        return {}
    params = [a.arg for a in (*body.node.args.posonlyargs, *body.node.args.args)][bound:]
    n_out = len(kernel.out_types)
    if launch.args and all(arg is not UNKNOWN_REST for arg in launch.args):
        start = len(launch.args)  # the refs lead; later parameters keep their defaults
    elif bound:
        return {}
    else:
        start = len(params) - kernel.n_scratch - n_out  # every parameter is a ref
    end = start + n_out
    if start < 0 or end + kernel.n_scratch > len(params):
        return {}
    result: dict[str, tuple[object, str]] = {}
    for name, out in zip(params[start:end], kernel.out_types, strict=True):
        if isinstance(out, ShapeDtypeVal) and isinstance(out.dtype, DtypeVal):
            result[name] = (out.shape, out.dtype.name)
    if len(launch.args) == start:
        for name, arg in zip(params[:start], launch.args, strict=True):
            if isinstance(arg, (ArrayVal, ShapeDtypeVal)) and isinstance(arg.dtype, DtypeVal):
                result[name] = (arg.shape, arg.dtype.name)
    return result


def result_type(program: Program, op: Op, cast: ast.Call | None) -> tuple[object, str] | None:
    """(shape, dtype) of a multimem_load_reduce result: its ref's, or the output ref it is stored to."""
    value = op.args.get("ref")
    if isinstance(value, RefVal) and isinstance(value.dtype, DtypeVal):
        return value.shape, value.dtype.name  # the ref, or a view of it, as the body made it
    types = ref_types(op.launch)
    ref = op.arg_nodes.get("ref")
    if isinstance(ref, ast.Name) and ref.id in types:
        return types[ref.id]
    for node in (cast, op.node):
        parent = program.parent(node) if node is not None else None
        if isinstance(parent, ast.Assign):
            for target in parent.targets:
                if (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
                        and target.value.id in types):
                    return types[target.value.id]
    return None
