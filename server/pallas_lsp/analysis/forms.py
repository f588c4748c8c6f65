"""Judging a program whose values may take several forms: each form on its own.

The interpreter keeps a value that differs between paths it cannot decide as a
``OneOf`` (values.py). A rule reading one sees no single value and stays silent,
so here the rules run once per *world*, a choice of one form for every ``OneOf``
the ops and launches hold, and a finding stands only when every world gives it
(the same code on the same span): the error holds on whichever path the program
takes. A kernel whose lowering semantics cannot be read is the same kind of
choice, between Lane and Warpgroup: a verdict that both give is kept.

Worlds treat the choices as independent, which includes combinations no path
makes; that can only remove findings, never add one. Past MAX_WORLDS the rules run
once on the program as it is, where each ``OneOf`` reads as unknown.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from dataclasses import replace

from .model import Finding
from .program import Program
from .trace import Launch, Op
from .values import UNKNOWN, KernelInfo, OneOf, SemanticsVal

MAX_WORLDS = 16

_EITHER_SEMANTICS = OneOf((SemanticsVal("Lane"), SemanticsVal("Warpgroup")))


def judge_each_form(program: Program, run_rules: Callable[[Program], list[Finding]]) -> list[Finding]:
    choices = _choices(program)
    if not choices:
        return run_rules(program)
    worlds = 1
    for choice in choices.values():
        worlds *= len(choice.forms)
    if worlds > MAX_WORLDS:
        return run_rules(program)
    agreed: dict[tuple[str, object], Finding] | None = None
    for picks in itertools.product(*(choice.forms for choice in choices.values())):
        world = dict(zip(choices, picks, strict=True))
        found = {(f.code, f.span): f for f in run_rules(_in_world(program, world))}
        agreed = found if agreed is None else {key: f for key, f in agreed.items() if key in found}
        if not agreed:
            return []
    return list(agreed.values()) if agreed else []


def _choices(program: Program) -> dict[int, OneOf]:
    """Every OneOf the rules would read, by identity (one object is one choice)."""
    found: dict[int, OneOf] = {}

    def visit(value: object) -> None:
        if isinstance(value, OneOf):
            found.setdefault(id(value), value)
        elif isinstance(value, tuple):
            for item in value:
                visit(item)

    for launch in program.launches:
        for value in (*launch.args, launch.ctx.manual, launch.ctx.manual_axes, launch.ctx.ambient):
            visit(value)
        if launch.kernel.semantics is UNKNOWN:
            # One choice per kernel: its semantics is what it is on every path.
            found.setdefault(id(launch.kernel), _EITHER_SEMANTICS)
        else:
            visit(launch.kernel.semantics)
    for op in program.interp.ops:
        for value in op.args.values():
            visit(value)
    return found


def _in_world(program: Program, world: dict[int, object]) -> Program:
    """A copy of the program's facts with each choice replaced by its pick."""

    def pick(value: object) -> object:
        if isinstance(value, OneOf):
            return world.get(id(value), UNKNOWN)
        if isinstance(value, tuple):
            return tuple(pick(item) for item in value)
        return value

    kernels: dict[int, KernelInfo] = {}
    launches: dict[int, Launch] = {}

    def kernel_in(kernel: KernelInfo) -> KernelInfo:
        if id(kernel) not in kernels:
            semantics = world[id(kernel)] if id(kernel) in world else pick(kernel.semantics)
            kernels[id(kernel)] = replace(kernel, semantics=semantics)
        return kernels[id(kernel)]

    def launch_in(launch: Launch) -> Launch:
        if id(launch) not in launches:
            ctx = replace(launch.ctx, manual=pick(launch.ctx.manual),
                          manual_axes=pick(launch.ctx.manual_axes), ambient=pick(launch.ctx.ambient))
            launches[id(launch)] = replace(launch, kernel=kernel_in(launch.kernel), ctx=ctx,
                                           args=tuple(pick(a) for a in launch.args))
        return launches[id(launch)]

    variant = copy.copy(program)
    variant.launches = [launch_in(launch) for launch in program.launches]
    variant.kernels = [kernel_in(kernel) for kernel in program.kernels]
    ops = [Op(op.name, op.node, {k: pick(v) for k, v in op.args.items()}, op.arg_nodes,
              launch_in(op.launch), op.names_open) for op in program.interp.ops]
    variant.ops = [op for op in ops if variant.has_lowering(op)]
    variant._ops_by_node = None
    variant.reduce_memo = {}  # facts of this world's ops, not of the one it was copied from
    # The launches with a layout_cast, by both identities: this world's ops hold its copies of
    # the launches, while the ref accesses and warp captures the copy shares hold the program's
    # (PAL027 / PAL051 / PAL061 / PAL062 ask for either; a cached set of the program's own, or
    # of the copies only, made a cast in the kernel invisible in every world).
    variant._casting = None
    in_world = variant.launches_casting_layouts()
    variant._casting = in_world | frozenset(id(launch) for launch in program.launches
                                            if id(launch_in(launch)) in in_world)
    return variant
