"""PAL073 compiler_params_profile: ``plgpu.CompilerParams`` given ``profile_space=`` without
``profile_dir=``, or the other way round.

``CompilerParams.__post_init__`` (jax/_src/pallas/mosaic_gpu/core.py, the same in 0.8.3 through
0.12.0.1) raises when exactly one of the two is set (truthy): the params object is never made, so
the error is on the ``plgpu.CompilerParams(`` line, before any kernel is built. Judged on the
params of the kernels the program launches, where both values are known.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Finding, Options, Related
from ..program import Program
from ..values import CompilerParamsVal, Const
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL073",
    name="compiler_params_profile",
    title="plgpu.CompilerParams needs profile_space= and profile_dir= together",
    jax_message="ValueError: Either both profile_space and profile_dir must be set, or neither.",
    lowering_errors=(
        LoweringError(r"^Either both profile_space and profile_dir must be set, or neither\.$",
                      "ValueError"),
    ),
    what_it_means=(
        "Mosaic GPU's in-kernel profiler is turned on by two fields of `plgpu.CompilerParams`: "
        "`profile_space` (how many events a thread may record) and `profile_dir` (where the "
        "traces are written). One without the other is refused when the params are made."
    ),
    when_it_happens=(
        "When `plgpu.CompilerParams(...)` is called with a non-zero `profile_space` and no (or an "
        "empty) `profile_dir`, or a `profile_dir` and no `profile_space`: on that line, on every "
        "release from 0.8.3 to 0.12.0.1, before any kernel is traced."
    ),
    how_to_fix=(
        "Give both (`profile_space=4096, profile_dir=\"/tmp/traces\"`) to profile the kernel, or "
        "neither."
    ),
    bad_example='''
params = plgpu.CompilerParams(profile_space=4096)
''',
    good_example='''
params = plgpu.CompilerParams(profile_space=4096, profile_dir="/tmp/mgpu_traces")
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterator[Finding]:
    reported: set[int] = set()
    for launch in program.launches:
        params = launch.kernel.compiler_params
        if not isinstance(params, CompilerParamsVal) or params.node is None or params.given is None \
                or id(params.node) in reported:
            continue
        given = dict(params.given)
        space, folder = given.get("profile_space", Const(0)), given.get("profile_dir", Const(""))
        # (profile_dir=None is no folder, as "" is: JAX tests the two for truth.)
        if not (isinstance(space, Const) and isinstance(folder, Const)) \
                or type(space.value) not in (int, bool) or type(folder.value) not in (str, type(None)):
            continue
        if bool(space.value) == bool(folder.value):
            continue
        reported.add(id(params.node))
        if space.value:
            words = (f"profile_space={space.value!r} is set but profile_dir is not: the profiler "
                     "needs a folder to write its traces to")
        else:
            words = f"profile_dir={folder.value!r} is set but profile_space is not (0)"
        yield Finding(
            RULE.code, program.span(params.node),
            f"plgpu.CompilerParams(...): {words}. JAX raises \"ValueError: Either both "
            "profile_space and profile_dir must be set, or neither.\" when the params are made. "
            "Set both to profile the kernel, or neither.",
            related=(Related(program.span(launch.kernel.node), "the kernel that takes them"),))
