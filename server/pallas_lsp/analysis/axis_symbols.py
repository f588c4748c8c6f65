"""Axis names as symbols: the facts one run proves, in plain values the faces can use.

``collect(program)`` reads the run's ``AxisTrace`` and ties each use of an axis
name to the definitions that reach it *through the launches and shard_maps the
interpreter followed* (the mesh of the launch context, the kernel's own grid /
cluster / thread names, a WarpMesh of the same launch), never by string equality.
Every span carries its file (``Span.path`` is never None here), so the facts of
several runs can be merged (``axis_graph``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .axis_trace import SPELLED_BY_LETTERS, UNKNOWN_NAME, AxisDef, AxisUse
from .model import Span
from .program import Program
from .values import FuncVal, MeshVal, PartialVal, api_name


@dataclass(frozen=True)
class AxisSite:
    """A string literal that names an axis, as definition or use."""

    span: Span  # the literal, quotes included
    name: str
    is_definition: bool
    role: str
    owner: Span  # the Mesh(...) / kernel(...) call, or the call that uses the name
    size: int | None = None


@dataclass(frozen=True)
class AxisTie:
    """A use and the definitions that can reach it."""

    name: str
    use: Span | None  # None: no literal of its own (mesh.axis_names, or built at run time)
    site: Span
    built_at_run_time: bool
    definitions: tuple[Span, ...]  # definition literals
    owners: tuple[Span, ...]  # the calls that own those definitions (meshes, kernels)
    # The use's value could not be read (built at run time): it may be any axis of its context.
    unreadable: bool = False
    # One letter of a multi-letter string a multimem op reads letter by letter.
    spelled_by_letters: bool = False
    # ``use`` is a one-letter string that is a multimem op's whole collective_axes.
    read_as_letters: bool = False
    # What the use is ("in_specs", "collective_axes", "axis_name"...), for refusals that
    # name the argument they blame.
    role: str = ""


@dataclass(frozen=True)
class AxisOffer:
    """A name completion can offer at a place, with where it is defined."""

    name: str
    role: str
    defined_at: Span
    size: int | None


@dataclass(frozen=True)
class AxisPlace:
    """A region where axis names can be written: a kernel body, or a shard_map call."""

    kind: str  # "kernel" (a kernel body) or "shard_map" (the shard_map call, for its specs)
    span: Span
    # The kernel body's function name: completion finds the place by it while the text
    # being typed has moved the lines (and may not parse).
    name: str
    offers: tuple[AxisOffer, ...]
    mesh_axes: tuple[tuple[str, ...], ...]  # the whole mesh of each launch context


@dataclass(frozen=True)
class LaunchHint:
    site: Span
    mesh_axes: tuple[str, ...] | None  # None: no mesh; () never
    semantics: str | None
    kernel: str


@dataclass(frozen=True)
class OutlineItem:
    kind: str  # "kernel", "launch", "mesh"
    name: str
    detail: str
    span: Span


@dataclass(frozen=True)
class AxisFacts:
    sites: tuple[AxisSite, ...] = ()
    ties: tuple[AxisTie, ...] = ()
    places: tuple[AxisPlace, ...] = ()
    launches: tuple[LaunchHint, ...] = ()
    # A multi-letter string given to a multimem op, and the set of letters JAX compares.
    split_strings: tuple[tuple[Span, tuple[str, ...]], ...] = ()
    outline: tuple[OutlineItem, ...] = ()


def collect(program: Program, home: str) -> AxisFacts:
    """The axis facts of one run; ``home`` is the file of spans whose path is None."""
    trace = program.interp.axis_trace

    def span(node: ast.AST) -> Span:
        found = program.span(node)
        return found if found.path is not None else Span(found.line, found.col, found.end_line,
                                                         found.end_col, home)

    def fix(found: Span) -> Span:
        return found if found.path is not None else Span(found.line, found.col, found.end_line,
                                                         found.end_col, home)

    sites: dict[Span, AxisSite] = {}

    def owner_span(definition: AxisDef) -> Span:
        return span(definition.owner)

    def add_definition(definition: AxisDef) -> Span | None:
        if definition.literal is None:
            return None
        where = span(definition.literal)
        sites.setdefault(where, AxisSite(where, definition.name, True, definition.role,
                                         owner_span(definition), definition.size))
        return where

    def mesh_definitions(mesh: MeshVal, name: str, seen: frozenset[int] = frozenset()) -> list[AxisDef]:
        found: list[AxisDef] = []
        for definition in trace.mesh_defs.get(mesh, ()):
            if definition.name != name:
                continue
            found.append(definition)
            derived = definition.derived_from
            if derived is not None and id(derived) not in seen:
                found.extend(mesh_definitions(derived, name, seen | {id(derived)}))
        return found

    for definitions in (*trace.mesh_defs.values(), *trace.kernel_defs.values(), *trace.warp_defs.values()):
        for definition in definitions:
            add_definition(definition)

    def reaching(use: AxisUse) -> list[AxisDef]:
        if use.name is UNKNOWN_NAME:  # unreadable: it may be any name of its context
            return [d for name in sorted(_context_names(use)) for d in named(use, name)]
        return named(use, use.name)

    def named(use: AxisUse, name: str) -> list[AxisDef]:
        found: list[AxisDef] = []
        launch = use.launch
        if launch is not None:
            if isinstance(launch.ctx.manual, MeshVal):
                found.extend(mesh_definitions(launch.ctx.manual, name))
            found.extend(d for d in trace.kernel_defs.get(id(launch.kernel), ()) if d.name == name)
            found.extend(d for d in trace.warp_defs.get(id(launch), ()) if d.name == name)
        elif isinstance(use.mesh, MeshVal):
            found.extend(mesh_definitions(use.mesh, name))
        if isinstance(use.origin, MeshVal):
            found.extend(mesh_definitions(use.origin, name))
        return found

    def _context_names(use: AxisUse) -> set[str]:
        names: set[str] = set()
        launch = use.launch
        if launch is not None:
            if isinstance(launch.ctx.manual, MeshVal):
                names.update(launch.ctx.manual.axes)
            names.update(d.name for d in trace.kernel_defs.get(id(launch.kernel), ()))
            names.update(d.name for d in trace.warp_defs.get(id(launch), ()))
        elif isinstance(use.mesh, MeshVal):
            names.update(use.mesh.axes)
        return names

    ties: dict[tuple[object, ...], AxisTie] = {}
    for use in trace.uses:
        definitions = reaching(use)
        literal = use.origin if isinstance(use.origin, ast.Constant) else None
        use_span = span(literal) if literal is not None else None
        site = span(use.site)
        if use_span is not None and use_span not in sites:
            sites[use_span] = AxisSite(use_span, use.name, False, use.role, site)
        def_spans = tuple(dict.fromkeys(s for s in (add_definition(d) for d in definitions) if s))
        owners = tuple(dict.fromkeys(owner_span(d) for d in definitions))
        key = (use.name, use_span, site)
        previous = ties.get(key)
        if previous is not None:
            def_spans = tuple(dict.fromkeys((*previous.definitions, *def_spans)))
            owners = tuple(dict.fromkeys((*previous.owners, *owners)))
        ties[key] = AxisTie(use.name or "", use_span, site, use.origin is None, def_spans, owners,
                            unreadable=use.name is UNKNOWN_NAME,
                            spelled_by_letters=use.origin is SPELLED_BY_LETTERS,
                            read_as_letters=use.read_as_letters, role=use.role)

    return AxisFacts(
        sites=tuple(sorted(sites.values(), key=lambda s: s.span)),
        ties=tuple(ties.values()),
        places=_places(program, span, fix),
        launches=_launch_hints(program, span),
        split_strings=tuple(dict.fromkeys((span(node), letters) for node, letters in trace.split_strings)),
        outline=_outline(program, span, fix),
    )


def _places(program: Program, span, fix) -> tuple[AxisPlace, ...]:  # type: ignore[no-untyped-def]
    trace = program.interp.axis_trace
    by_body: dict[Span, tuple[list[AxisOffer], list[tuple[str, ...]]]] = {}
    names: dict[Span, str] = {}

    def offers_of(definitions: list[AxisDef]) -> list[AxisOffer]:
        return [AxisOffer(d.name, d.role, span(d.literal) if d.literal is not None else span(d.owner), d.size)
                for d in definitions]

    for launch in program.launches:
        body = _body_node(launch.kernel.body)
        if body is None:
            continue
        offers, meshes = by_body.setdefault(span(body), ([], []))
        names[span(body)] = getattr(body, "name", "<lambda>")
        mesh = launch.ctx.manual
        if isinstance(mesh, MeshVal):
            offers.extend(offers_of(trace.mesh_defs.get(mesh, [])))
            if mesh.axes not in meshes:
                meshes.append(mesh.axes)
        offers.extend(offers_of(trace.kernel_defs.get(id(launch.kernel), [])))
        offers.extend(offers_of(trace.warp_defs.get(id(launch), [])))
    places = [AxisPlace("kernel", where, names[where], _unique_offers(offers), tuple(meshes))
              for where, (offers, meshes) in by_body.items()]
    for node, mesh in trace.shard_maps:
        offers = offers_of(trace.mesh_defs.get(mesh, []))
        places.append(AxisPlace("shard_map", span(node), "shard_map", _unique_offers(offers), (mesh.axes,)))
    return tuple(places)


def _unique_offers(offers: list[AxisOffer]) -> tuple[AxisOffer, ...]:
    seen: dict[tuple[str, str, Span], AxisOffer] = {}
    for offer in offers:
        seen.setdefault((offer.name, offer.role, offer.defined_at), offer)
    return tuple(seen.values())


def _body_node(body: object) -> ast.AST | None:
    while isinstance(body, PartialVal):
        body = body.func
    return body.node if isinstance(body, FuncVal) else None


def _kernel_name(body: object) -> str:
    node = _body_node(body)
    return getattr(node, "name", "<lambda>") if node is not None else "kernel"


def _launch_hints(program: Program, span) -> tuple[LaunchHint, ...]:  # type: ignore[no-untyped-def]
    hints: dict[Span, LaunchHint] = {}
    for launch in program.launches:
        mesh = launch.ctx.manual
        axes = mesh.axes if isinstance(mesh, MeshVal) else None
        if mesh is not None and not isinstance(mesh, MeshVal):
            continue  # an unknown mesh: no hint rather than a wrong one
        hint = LaunchHint(span(launch.site), axes, program.semantics(launch.kernel).name,
                          _kernel_name(launch.kernel.body))
        previous = hints.get(hint.site)
        if previous is not None and previous != hint:
            # One call reached under different meshes: say so only when they agree.
            hints[hint.site] = LaunchHint(hint.site, None if previous.mesh_axes != axes else axes,
                                          hint.semantics if previous.semantics == hint.semantics else None,
                                          hint.kernel)
        else:
            hints[hint.site] = hint
    return tuple(hints.values())


def _outline(program: Program, span, fix) -> tuple[OutlineItem, ...]:  # type: ignore[no-untyped-def]
    items: dict[tuple[str, Span], OutlineItem] = {}
    for kernel in program.kernels:
        where = span(kernel.node)
        name = _kernel_name(kernel.body)
        api = api_name(kernel.api)
        items[("kernel", where)] = OutlineItem("kernel", name, f"{api} of {name}", where)
    for launch in program.launches:
        where = span(launch.site)
        mesh = launch.ctx.manual
        detail = (f"mesh {mesh.axes!r}" if isinstance(mesh, MeshVal)
                  else "no mesh" if mesh is None else "mesh unknown")
        items.setdefault(("launch", where), OutlineItem(
            "launch", f"launch {_kernel_name(launch.kernel.body)}", detail, where))
    for mesh in program.interp.axis_trace.mesh_defs:
        where = fix(mesh.span)
        items.setdefault(("mesh", where), OutlineItem(
            "mesh", f"mesh {mesh.axes!r}", f"{mesh.kind} built at line {where.line}", where))
    return tuple(sorted(items.values(), key=lambda item: (item.span, item.kind)))
