"""Mutation operators for issue 25's classes: device order, shard_map's mesh, partial and nested shard_map.

The same contract as mutate.py (one small, realistic mistake per mutant, edited on the text by the
ast's positions so line numbers stay the original's), for the mistakes PAL021 (a mesh whose devices
are not row-major from device 0), PAL022 (a shard_map without `mesh=` and no context mesh), PAL023
(a nested shard_map given the concrete mesh) and PAL005's partial-shard_map case (a collective over an
axis that `axis_names=` leaves automatic) predict. They were written without reading the rules: each
operator is a mistake a user makes on the way to a multi-device kernel; whether a mutant fails, and
where, is decided by real lowering only (label.py).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

from mutate import Mutant, Source, _axis_strings, _callee, _calls, _keyword


def _devices_slices(src: Source) -> Iterator[tuple[ast.Subscript, int]]:
    """`jax.devices()[:N]` (or `jax.local_devices()[:N]`), N a literal: a mesh's devices."""
    for node in ast.walk(src.tree):
        if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Call)
                and _callee(node.value).rsplit(".", 1)[-1] in ("devices", "local_devices")
                and isinstance(node.slice, ast.Slice) and node.slice.lower is None
                and node.slice.step is None and isinstance(node.slice.upper, ast.Constant)
                and isinstance(node.slice.upper.value, int)):
            yield node, node.slice.upper.value


def device_order(src: Source) -> Iterator[Mutant]:
    """The mesh's devices do not start at device 0, or run backwards: `[:N]` becomes
    `[1:N+1]` or `[:N][::-1]`."""
    for node, count in _devices_slices(src):
        devices = src.segment(node.value)
        yield Mutant("device_order", f"line {node.lineno}: devices from 1",
                     src.replace(node, f"{devices}[1:{count + 1}]"))
        yield Mutant("device_order", f"line {node.lineno}: devices reversed",
                     src.replace(node, f"{devices}[:{count}][::-1]"))


def _shard_map_calls(src: Source) -> Iterator[ast.Call]:
    """`jax.shard_map(...)` / `shard_map(...)` calls and `functools.partial(jax.shard_map, ...)`."""
    for call in _calls(src):
        name = _callee(call)
        partial = name.endswith("partial") and call.args and src.segment(call.args[0]).endswith("shard_map")
        if name.endswith("shard_map") or partial:
            yield call


def shard_map_without_mesh(src: Source) -> Iterator[Mutant]:
    """`mesh=` is left out of the shard_map call (the user expects a mesh from somewhere else)."""
    for call in _shard_map_calls(src):
        mesh = _keyword(call, "mesh")
        if mesh is None:
            continue
        start, end = src.span(mesh)
        # Take the keyword with its separating comma, whichever side it is on.
        text = src._bytes
        after = end
        while after < len(text) and text[after:after + 1] in (b" ", b"\n"):
            after += 1
        if text[after:after + 1] == b",":
            end = after + 1
        else:
            before = start
            while before > 0 and text[before - 1:before] in (b" ", b"\n"):
                before -= 1
            if text[before - 1:before] == b",":
                start = before - 1
        yield Mutant("shard_map_without_mesh", f"line {call.lineno}", src.replace_range(start, end, ""))


def _add_keyword(src: Source, call: ast.Call, keyword: str) -> str:
    """The source with ``keyword`` added as the call's last argument, after a trailing comma
    if the call has one (``f(a, b,\n)``: a second comma would not parse)."""
    close = src.span(call)[1] - 1  # the call's closing parenthesis
    before = close
    while before > 0 and src._bytes[before - 1:before] in (b" ", b"\n"):
        before -= 1
    if src._bytes[before - 1:before] == b",":
        return src.replace_range(before, before, f" {keyword},")
    return src.replace_range(close, close, f", {keyword}")


def partial_shard_map(src: Source) -> Iterator[Mutant]:
    """`axis_names=` makes only one of the mesh's axes manual (a partial shard_map)."""
    axes = sorted(_axis_strings(src))
    if len(axes) < 2:
        return
    for call in _shard_map_calls(src):
        if _keyword(call, "mesh") is None or _keyword(call, "axis_names") is not None:
            continue
        for axis in axes:
            yield Mutant("partial_shard_map", f"line {call.lineno}: axis_names={{{axis!r}}}",
                         _add_keyword(src, call, f"axis_names={{{axis!r}}}"))


def axis_names_not_in_mesh(src: Source) -> Iterator[Mutant]:
    """`axis_names=` names a mesh axis mistyped in case (`{"X"}` for the mesh's "x"). Written by
    PAL028's author (not blind to the rules, unlike the operators above)."""
    axes = sorted(_axis_strings(src))
    for call in _shard_map_calls(src):
        if _keyword(call, "mesh") is None or _keyword(call, "axis_names") is not None:
            continue
        for axis in axes[:1]:
            typo = axis.upper() if axis.upper() != axis else axis.lower()
            if typo == axis or typo in axes:
                continue
            yield Mutant("axis_names_not_in_mesh", f"line {call.lineno}: axis_names={{{typo!r}}}",
                         _add_keyword(src, call, f"axis_names={{{typo!r}}}"))


_QUERIES = ("axis_index", "axis_size")


def _literal_axes(call: ast.AST) -> tuple[str, ...] | None:
    """The axis names of `Mesh(devices, AXES)` / `make_mesh(shape, AXES)` (or `axis_names=`),
    when they are a literal tuple or list of strings."""
    if not isinstance(call, ast.Call) or _callee(call).rsplit(".", 1)[-1] not in ("Mesh", "make_mesh"):
        return None
    given = _keyword(call, "axis_names")
    names = call.args[1] if len(call.args) > 1 else (given.value if given else None)
    if isinstance(names, (ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in names.elts):
        return tuple(e.value for e in names.elts)
    return None


def _shard_map_mesh_axes(src: Source, call: ast.Call) -> tuple[str, ...] | None:
    """The axes of the mesh a shard_map call is given: built in place, or by the one
    assignment in the file to the name given as `mesh=`."""
    given = _keyword(call, "mesh")
    mesh = given.value if given else None
    if not isinstance(mesh, ast.Name):
        return _literal_axes(mesh) if mesh is not None else None
    built = [node.value for node in ast.walk(src.tree) if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == mesh.id for t in node.targets)]
    return _literal_axes(built[0]) if len(built) == 1 else None


def axis_names_leave_out_query(src: Source) -> Iterator[Mutant]:
    """`axis_names=` makes manual every axis of the shard_map's mesh but one that the code asks
    `lax.axis_index` / `lax.axis_size` about (the user shards the others by hand and forgets the
    queried one is then automatic). Written by PAL005's author, who knew the rule (not blind,
    unlike the first four operators)."""
    queried = sorted({call.args[0].value for call in _calls(src)
                      if _callee(call).rsplit(".", 1)[-1] in _QUERIES and call.args
                      and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)})
    for call in _shard_map_calls(src):
        axes = _shard_map_mesh_axes(src, call)
        if axes is None or len(axes) < 2 or _keyword(call, "axis_names") is not None:
            continue
        for axis in queried:
            if axis not in axes:
                continue
            kept = "{" + ", ".join(repr(a) for a in axes if a != axis) + "}"
            yield Mutant("axis_names_leave_out_query", f"line {call.lineno}: axis_names={kept}",
                         _add_keyword(src, call, f"axis_names={kept}"))


def nested_shard_map_mesh(src: Source) -> Iterator[Mutant]:
    """The shard_mapped function is wrapped in a second shard_map over the same concrete mesh."""
    for call in _calls(src):
        if not _callee(call).endswith("shard_map") or not call.args or _keyword(call, "mesh") is None:
            continue
        inner = src.segment(call.args[0])
        rest = ", ".join(src.segment(k) for k in call.keywords)
        start, end = src.span(call.args[0])
        yield Mutant("nested_shard_map_mesh", f"line {call.lineno}",
                     src.replace_range(start, end, f"{src.segment(call.func)}({inner}, {rest})"))


OPERATORS: tuple[Callable[[Source], Iterator[Mutant]], ...] = (
    # axis_names_leave_out_query before partial_shard_map: on a two-axis mesh they can make the
    # same file, and the duplicate is dropped; this way it is counted under its own operator.
    device_order, shard_map_without_mesh, axis_names_leave_out_query, partial_shard_map,
    nested_shard_map_mesh, axis_names_not_in_mesh,
)


def mutants(text: str) -> list[Mutant]:
    """Every mutant of the file by these operators, parseable and distinct."""
    src = Source(text)
    found: list[Mutant] = []
    seen: set[str] = set()
    for operator in OPERATORS:
        for mutant in operator(src):
            if mutant.source in seen or mutant.source == text:
                continue
            try:
                ast.parse(mutant.source)
            except SyntaxError:
                continue
            seen.add(mutant.source)
            found.append(mutant)
    return found
