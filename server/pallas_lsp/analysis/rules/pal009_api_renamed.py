"""PAL009 api_renamed: an argument or name of the Mosaic GPU API the target JAX release lacks."""

from __future__ import annotations

import ast
import difflib
from collections.abc import Iterator
from collections.abc import Set as AbstractSet

from .. import api_positional_drift
from ..api_static import kernel_keywords, surface_for
from ..api_surface import (
    CANONICAL_MODULES,
    module_of,
    releases_with_keyword,
    releases_with_name,
)
from ..model import Finding, Fix, Options, Related, Span, TextEdit
from ..program import Program
from ..values import KernelInfo, QualName
from ..versions import (
    JAX_GET_ABSTRACT_MESH,
    KERNEL_MESH_AT_CALL,
    KERNEL_OUT_SHAPE,
    KERNEL_OUT_TYPE,
    MAKE_MESH_AXIS_SIZES,
    PALLAS_CALL_MOSAIC_GPU_GONE,
    SHARDING_USE_MESH,
    USE_ABSTRACT_MESH,
    Fact,
    first_release,
    format_jax_version,
    holds,
    last_release,
)
from .base import LoweringError, Rule

RULE = Rule(
    code="PAL009",
    name="api_renamed",
    title="an argument or name that this JAX release does not have (renamed between releases)",
    jax_message=(
        "TypeError: Mesh.__init__() got an unexpected keyword argument 'out_shape'   (JAX >= 0.11.2)\n"
        "TypeError: kernel() takes from 0 to 1 positional arguments but 2 were given   (JAX >= 0.11.2)\n"
        "TypeError: kernel() missing 1 required positional argument: 'out_shape'   (JAX < 0.10.2)\n"
        "AttributeError: module 'jax' has no attribute 'use_abstract_mesh'   (JAX < 0.11.1)\n"
        "AttributeError: module 'jax' has no attribute 'get_abstract_mesh'   (JAX < 0.11.1)\n"
        "AttributeError: module 'jax.sharding' has no attribute 'use_mesh'   (JAX 0.8.3 - 0.12)\n"
        "TypeError: make_mesh() got an unexpected keyword argument 'axis_shapes'   (JAX >= 0.11.1)\n"
        "TypeError: pallas_call() got an unexpected keyword argument 'backend'   (JAX >= 0.10.2)\n"
        "TypeError: f() got an unexpected keyword argument 'k'   (any keyword the release's "
        "signature of a JAX function lacks)\n"
        "AttributeError: pl.dot was deprecated in JAX v0.11.0, and removed in JAX v0.12.0. Use "
        "jax.numpy.dot, ...   (JAX >= 0.11.2; any name a release's module lacks that another "
        "release has)"
    ),
    lowering_errors=(
        LoweringError(r"unexpected keyword argument '(out_shape|scratch_shapes|scratch_types)'",
                      exc_type="TypeError"),
        LoweringError(r"kernel\(\) takes from 0 to 1 positional arguments", exc_type="TypeError"),
        LoweringError(r"kernel\(\) missing 1 required positional argument: 'out_shape'",
                      exc_type="TypeError"),
        # A JAX function's positional arguments its release refuses (api_binding), for the
        # functions whose positional parameters changed between releases (the same words of
        # the program's own kernel bodies are PAL064's).
        LoweringError(r"\A(" + "|".join(api_positional_drift.CLAIMED) + r")\(\) (missing \d+ required "
                      r"positional argument|takes (from \d+ to )?\d+ positional arguments? but \d+ "
                      r"(were|was) given)", exc_type="TypeError"),
        LoweringError(r"has no attribute '(use_abstract_mesh|get_abstract_mesh|use_mesh)'",
                      exc_type="AttributeError"),
        LoweringError(r"make_mesh\(\) got an unexpected keyword argument 'axis_(shapes|sizes)'",
                      exc_type="TypeError"),
        # Any other keyword a JAX function's signature lacks (read from the API surface).
        LoweringError(r"\A\w+(\.__init__)?\(\) got an unexpected keyword argument '\w+'",
                      exc_type="TypeError"),
        # A name of a JAX module the release lacks (read from the API surface).
        LoweringError(r"\Amodule 'jax(\.[\w.]+)?' has no attribute '\w+'", exc_type="AttributeError"),
        # ... or one its deprecation table removed ("pl.dot was deprecated in JAX v0.11.0, and
        # removed in JAX v0.12.0. Use jax.numpy.dot ...").
        LoweringError(r"\A[\w.]+ (was|is) deprecated", exc_type="AttributeError"),
    ),
    what_it_means=(
        "Mosaic GPU's API moves between JAX releases (measured release by release in "
        "docs/jax-releases.md). `plgpu.kernel` takes `kernel(body, out_shape, *, "
        "scratch_shapes=...)` up to JAX 0.10.1, accepts both spellings from 0.10.2 to 0.11.1, and "
        "takes only `out_type=` / `scratch_types=` from 0.11.2 on. `jax.use_abstract_mesh` and "
        "`jax.get_abstract_mesh` exist from 0.11.1 (every release has them under `jax.sharding`), "
        "`jax.sharding.use_mesh` (the older `jax.set_mesh`) is gone from every release since "
        "0.8.3, and `jax.make_mesh` "
        "calls its first parameter `axis_shapes` before 0.11.1 and `axis_sizes` from it. Code "
        "written for one release fails on another with an error that does not say the name was "
        "renamed (from 0.11.2, an `out_shape=` reaches `Mesh.__init__`). Beyond these measured "
        "renames, every keyword passed to a function of `jax`, `jax.sharding`, `jax.lax`, "
        "`jax.experimental.pallas` or its `mosaic_gpu` / `tpu` modules is checked against that "
        "function's signature in the target release, read with `inspect` from each supported "
        "release (0.8.3, 0.10.2, 0.11.2, 0.12.0.1; `bench/releases/generate.py`), or from the "
        "installed JAX's sources for a release that data does not cover: `pl.pallas_call`'s "
        "`backend=`, for one, is gone from 0.10.2. The same data gives each module's names and "
        "deprecation table: a name the target release lacks and another has (`pl.dot`, gone "
        "from 0.11.2) is reported with JAX's own words, which name the replacement. The two "
        "shard_maps are told apart by the path the call names: "
        "`jax.experimental.shard_map.shard_map` takes `check_rep=`, `jax.shard_map` takes "
        "`check_vma=` (on every release from 0.8.3), and the quick fix renames one to the "
        "other. A `plgpu.kernel(*args, **kwargs)` in a helper is judged on what the run "
        "forwarded through it (`out_type=` before 0.10.2, renamed where the helper's caller "
        "spells it)."
    ),
    when_it_happens=(
        "`plgpu.kernel(..., out_shape=...)`, `scratch_shapes=...` or a positional output type on "
        "JAX 0.11.2 or newer (JAX blames the `plgpu.kernel` call); `plgpu.kernel(..., "
        "out_type=...)` without a positional output type before 0.10.2 (JAX blames the "
        "`plgpu.kernel` call), or `scratch_types=` there (JAX blames the launch); "
        "`jax.use_abstract_mesh` or `jax.get_abstract_mesh` before 0.11.1, "
        "`jax.sharding.use_mesh` on any release from 0.8.3, `jax.make_mesh(axis_sizes=...)` "
        "before 0.11.1 and "
        "`jax.make_mesh(axis_shapes=...)` from it (JAX blames the call). Measured on every release "
        "from 0.8.3 to 0.12.0.1. Any other keyword the release's signature lacks, such as "
        "`pl.pallas_call(..., backend=\"mosaic_gpu\")` from 0.10.2: Python's TypeError, blamed "
        "on the call."
    ),
    how_to_fix=(
        "Spell the argument as the target release does: `out_type=` / `scratch_types=` from JAX "
        "0.10.2, `out_shape=` / `scratch_shapes=` up to 0.11.1 (0.10.2 to 0.11.1 take both); "
        "`jax.sharding.use_abstract_mesh` / `jax.sharding.get_abstract_mesh` before 0.11.1; "
        "`jax.set_mesh` for `jax.sharding.use_mesh`; `axis_shapes=` / `axis_sizes=` for "
        "`jax.make_mesh` before / from 0.11.1 (or pass the sizes positionally). The quick fix "
        "renames it, and `pallas-lsp upgrade --from A --to B --fix` renames every one. For "
        "`pl.pallas_call(backend=\"mosaic_gpu\")` write `compiler_params=plgpu.CompilerParams()` "
        "up to 0.11.1 (the quick fix), and `plgpu.kernel` from 0.11.2."
    ),
    bad_example='''
# JAX 0.12
call = plgpu.kernel(body, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32))
''',
    good_example='''
# JAX 0.12
call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct((128,), jnp.float32))
''',
    fixable=True,
)

# Keyword -> its spelling on the other side of the rename.
_TO_NEW = {"out_shape": "out_type", "scratch_shapes": "scratch_types"}


def check(program: Program, options: Options) -> Iterator[Finding]:
    version = program.version
    for kernel in program.kernels:
        call = kernel.node
        if kernel.api != "kernel" or not isinstance(call, ast.Call):
            continue
        if program.callee_names.get(id(call)) != "plgpu.kernel":
            continue  # functools.partial(plgpu.kernel, ...) and the like: not read here
        if not holds(KERNEL_OUT_SHAPE, version):
            yield from _old_spelling(program, call)
        if not holds(KERNEL_OUT_TYPE, version):
            yield from _new_spelling(program, kernel, call)
    yield from _missing_names(program)
    yield from _make_mesh(program)
    yield from _keywords_the_release_lacks(program, options)
    yield from _names_the_release_lacks(program, options)
    yield from _names_no_release_has(program, options)
    yield from _positional_refusals(program)


# The modules whose every public name the API data records, by canonical prefix, and the
# submodules each package has (an attribute once imported, in no release's recorded names:
# jax/numpy/fft.py, jax/lax/linalg.py, jax/experimental/pallas/tpu.py, ... of 0.8.3 - 0.12.0.1).
_TYPO_MODULES = {"jnp": ("jax.numpy", frozenset({"fft", "linalg"})),
                 "lax": ("jax.lax", frozenset({"linalg"})),
                 "plgpu": ("jax.experimental.pallas.mosaic_gpu", frozenset()),
                 "pl": ("jax.experimental.pallas", frozenset({"fuser", "mosaic_gpu", "ops", "tpu", "tpu_sc",
                                                              "triton"})),
                 "jax.sharding": ("jax.sharding", frozenset())}


def _names_no_release_has(program: Program, options: Options) -> Iterator[Finding]:
    """An attribute of a JAX module (``jnp.float23``, ``plgpu.BlockSpek``) that no release the
    API data records has, read where nothing may catch its AttributeError: a misspelling, which
    Python refuses where it is read ("AttributeError: module 'jax.numpy' has no attribute
    'float23'"; JAX's modules' ``__getattr__`` says the same). Names the program may have set
    on the module (an attribute store of that module in the file) are not judged. (The
    keystroke path: one set test per read of a name the module has, asked once per release.)"""
    surface = surface_for(program.version, options.library)
    if surface is None:
        return
    present = _PRESENT.setdefault(surface.version, set())
    reads = program.interp.library_attributes.values()
    suspects = [(node, owner, attr) for node, owner, attr, probed in reads
                if not probed and (owner, attr) not in present and owner in _TYPO_MODULES]
    if not suspects:
        return
    version = format_jax_version(program.version)
    stored = program.interp.library_attribute_stores
    internal = program.interp.internal_aliases
    library = program.interp.library_paths
    for node, owner, attr in suspects:
        module, submodules = _TYPO_MODULES[owner]
        if surface.has_name(module, attr) is not False or attr.startswith("_") or attr in submodules:
            present.add((owner, attr))
            continue
        if not isinstance(node.value, ast.Name) or node.value.id in internal \
                or (owner, attr) in stored or (owner, None) in stored \
                or releases_with_name(module, attr) or surface.removal_note(module, attr) is not None \
                or (library and program.interp.path_of(node) in library):
            continue  # (spelled in full, an internal alias, set by the program, another release's)
        names = [name for name in (surface.modules.get(module) or {}).get("names", ())
                 if not name.startswith("_")]
        close = difflib.get_close_matches(attr, names, n=1)
        fix = None
        if close:
            attr_span = program.span(node)
            start = Span(attr_span.end_line, attr_span.end_col - len(attr), attr_span.end_line,
                         attr_span.end_col, attr_span.path)
            fix = Fix(f"Use {close[0]}", (TextEdit(start, close[0]),), safe=False, preferred=True)
        suggestion = f" Did you mean {close[0]}?" if close else ""
        yield Finding(RULE.code, program.span(node),
                      f"{program.text(node)}: {module} has no attribute {attr} on JAX {version}, nor "
                      f"on any release pallas-lsp has read: this fails with \"AttributeError: "
                      f"module '{module}' has no attribute '{attr}'\" where it is read.{suggestion}",
                      fixes=(fix,) if fix else ())


# (release, (owner, attribute)) pairs the release's module has: asked once a process.
_PRESENT: dict[object, set[tuple[str, str]]] = {}


def _positional_refusals(program: Program) -> Iterator[Finding]:
    """A JAX function called with positional arguments its signature on the target release
    refuses (a required one missing, too many), on a path that surely runs
    (Interpreter.refused_api_calls, from the release's API data): Python raises the TypeError
    at the call. plgpu.kernel's own spelling is `_old_spelling` / `_new_spelling`'s."""
    version = format_jax_version(program.version)
    for node, name, text in sorted(program.interp.refused_api_calls.values(),
                                   key=lambda item: (item[0].lineno, item[0].col_offset)):
        if name == "plgpu.kernel":
            continue
        yield _finding(program, node,
                       f"On JAX {version} {name}'s signature does not take these positional "
                       f"arguments: this call fails with \"TypeError: {text}\" before it runs. "
                       f"Pass what this release's {name} takes (its signature changed between "
                       f"releases: check the release notes), or pin the JAX release the code "
                       f"was written for.", None)


def _old_spelling(program: Program, call: ast.Call) -> Iterator[Finding]:
    """JAX >= 0.11: out_shape/scratch_shapes fall into **mesh_kwargs; a positional output
    type is one positional argument too many. Python reports the first one it meets."""
    version = format_jax_version(program.version)
    since = last_release(KERNEL_OUT_SHAPE)
    if len(call.args) == 2 and not any(isinstance(a, ast.Starred) for a in call.args):
        # Python's tail ("but 2 were given", or "... (and 1 keyword-only argument) were given")
        # depends on the keywords passed: quote the head, which never changes.
        words = "TypeError: kernel() takes from 0 to 1 positional arguments but 2 [...] were given"
        edit = TextEdit(_start(program.span(call.args[1])), "out_type=")
        yield _finding(program, call,
                       f"plgpu.kernel takes its output type only as out_type= from JAX {since} on: "
                       f"on JAX {version} this call fails with \"{words}\". Write out_type=.",
                       Fix("Pass it as out_type=", (edit,), safe=True, preferred=True))
        return
    for keyword in call.keywords:
        if keyword.arg in _TO_NEW:
            new = _TO_NEW[keyword.arg]
            words = f"TypeError: Mesh.__init__() got an unexpected keyword argument '{keyword.arg}'"
            yield _finding(program, call,
                           f"plgpu.kernel has no {keyword.arg}= on JAX {version}: it was renamed "
                           f"{new}= in {since}, and this call fails with \"{words}\". "
                           f"Write {new}=.", _rename(program, keyword, new))
            return


def _new_spelling(program: Program, kernel: KernelInfo, call: ast.Call) -> Iterator[Finding]:
    """JAX <= 0.9: kernel(body, out_shape, *, scratch_shapes=...)."""
    version = format_jax_version(program.version)
    keywords = {k.arg: k for k in call.keywords if k.arg is not None}
    spread = any(k.arg is None for k in call.keywords) or any(
        isinstance(a, ast.Starred) for a in call.args)
    # The call JAX blames is not the one that spells the keywords (a decorator
    # ``@helper(...)`` whose helper returns ``functools.partial(plgpu.kernel, out_type=...)``):
    # judged from what the run passed, as through a **spread.
    forwarded = kernel.keywords is not None and set(kernel.keywords) != set(keywords)
    if spread or forwarded:
        out_type = list(_forwarded_out_type(program, kernel, call, version, spread))
        yield from out_type
        if not out_type:  # Python stops at the first: the missing out_shape comes first
            yield from _forwarded_scratch_types(program, kernel, call, version)
        return
    has_out_shape = len(call.args) >= 2 or "out_shape" in keywords
    if not has_out_shape and "out_type" in keywords:
        words = "TypeError: kernel() missing 1 required positional argument: 'out_shape'"
        yield _finding(program, call,
                       f"plgpu.kernel has no out_type= on JAX {version}: it takes out_shape= "
                       f"(out_type= came in {first_release(KERNEL_OUT_TYPE)}), and this call "
                       f"fails with \"{words}\". Write out_shape=.",
                       _rename(program, keywords["out_type"], "out_shape"))
        return
    scratch = keywords.get("scratch_types")
    if has_out_shape and scratch is not None:
        yield from _scratch_types_at_launches(program, kernel, call, scratch, version)


def _scratch_types_at_launches(program: Program, kernel: KernelInfo, call: ast.Call,
                               scratch: ast.keyword | None, version: str) -> Iterator[Finding]:
    """scratch_types= is accepted by kernel() and refused when the kernel is built at its
    launch: each launch fails. ``scratch`` is where it is spelled (None: not known)."""
    words = "TypeError: Mesh.__init__() got an unexpected keyword argument 'scratch_types'"
    fixes = (_rename(program, scratch, "scratch_shapes"),) if scratch is not None else ()
    related = ((Related(program.span(scratch), "scratch_types= is passed here"),)
               if scratch is not None else ())
    for launch in program.launches:
        if launch.kernel is kernel:
            yield Finding(RULE.code, program.span(launch.site),
                          f"This launches the plgpu.kernel of line {call.lineno}, whose "
                          f"scratch_types= JAX {version} does not have (it takes "
                          f"scratch_shapes=): the launch fails with \"{words}\". "
                          f"Write scratch_shapes=.", related=related, fixes=fixes)


def _forwarded_scratch_types(program: Program, kernel: KernelInfo, call: ast.Call,
                             version: str) -> Iterator[Finding]:
    """scratch_types= beside a **spread (or through a helper's **kwargs), with the output
    type given as out_shape: judged from what the run passed, as the spelled call is."""
    passed, positional = kernel.keywords, kernel.positional
    if passed is None or positional is None or "scratch_types" not in passed:
        return
    if positional < 2 and "out_shape" not in passed:
        return
    spelled = next((k for k in call.keywords if k.arg == "scratch_types"), None)
    yield from _scratch_types_at_launches(
        program, kernel, call, spelled or kernel.keyword_sites.get("scratch_types"), version)


def _forwarded_out_type(program: Program, kernel: KernelInfo, call: ast.Call,
                        version: str, spread: bool = True) -> Iterator[Finding]:
    """``plgpu.kernel(*args, **kwargs)`` in a helper: what the run passed through it (the
    value model's keywords), judged as the call above judges spelled ones. JAX blames this
    call; the keyword to rename is where the helper's caller spelled it."""
    passed, positional = kernel.keywords, kernel.positional
    if passed is None or positional is None or positional >= 2 or "out_shape" in passed:
        return
    if "out_type" not in passed:
        return
    words = "TypeError: kernel() missing 1 required positional argument: 'out_shape'"
    came = first_release(KERNEL_OUT_TYPE)
    # A keyword spelled in this very call (beside a **spread, or in a functools.partial of
    # plgpu.kernel) is renamed here; one that came through the helper's **kwargs, where the
    # helper's caller wrote it.
    spelled = next((k for k in call.keywords if k.arg == "out_type"), None)
    if spelled is not None:
        yield Finding(RULE.code, program.span(call.func),
                      f"plgpu.kernel has no out_type= on JAX {version}: it takes out_shape= "
                      f"(out_type= came in {came}), and this call fails with \"{words}\". "
                      f"Write out_shape=.", fixes=(_rename(program, spelled, "out_shape"),))
        return
    site = kernel.keyword_sites.get("out_type")
    # Without a ** here the keyword was spelled where the plgpu.kernel this call builds was
    # made (a helper returning functools.partial(plgpu.kernel, out_type=...)).
    passes = ("the out_type= this call forwards through **kwargs makes it fail" if spread else
              "the plgpu.kernel this call builds was given out_type= (through functools.partial "
              "or a helper), so it fails")
    where = "where this helper is called" if spread else "where plgpu.kernel is given it"
    fix = related = None
    if site is not None:
        where = f"where line {site.lineno} passes it"
        fix = _rename(program, site, "out_shape")
        related = (Related(program.span(site), "out_type= is passed here"),)
    yield Finding(RULE.code, program.span(call.func),
                  f"plgpu.kernel has no out_type= on JAX {version}: it takes out_shape= "
                  f"(out_type= came in {came}), and {passes} with \"{words}\". "
                  f"Write out_shape= {where}.", related=related or (), fixes=(fix,) if fix else ())


# Names a release may lack: (the canonical name called, the fact that it exists, the module
# JAX's AttributeError names, the name to write instead, as an attribute path of jax).
_MISSING_NAMES: tuple[tuple[str, Fact, str, str], ...] = (
    ("jax.use_abstract_mesh", USE_ABSTRACT_MESH, "jax", "sharding.use_abstract_mesh"),
    ("jax.get_abstract_mesh", JAX_GET_ABSTRACT_MESH, "jax", "sharding.get_abstract_mesh"),
    ("jax.sharding.use_mesh", SHARDING_USE_MESH, "jax.sharding", "set_mesh"),
)


def _missing_names(program: Program) -> Iterator[Finding]:
    version = format_jax_version(program.version)
    for name, fact, module, instead in _MISSING_NAMES:
        if holds(fact, program.version):
            continue
        attribute = name.rsplit(".", 1)[1]
        words = f"AttributeError: module '{module}' has no attribute '{attribute}'"
        when = (f"it came in {first_release(fact)}" if fact.since is not None
                else f"no release from {last_release(fact)} on has it")
        for call in program.calls_named(name):
            func = call.func
            root = func
            while isinstance(root, ast.Attribute):
                root = root.value
            fix = None
            if isinstance(func, ast.Attribute) and isinstance(root, ast.Name) and (
                    ast.unparse(func) == f"{root.id}.{name.split('.', 1)[1]}"):
                # jax.use_abstract_mesh -> jax.sharding.use_abstract_mesh (same alias of jax).
                text = f"{root.id}.{instead}"
                fix = Fix(f"Use jax.{instead}", (TextEdit(program.span(func), text),),
                          safe=True, preferred=True)
            message = (f"{name} does not exist on JAX {version} ({when}): this fails with "
                       f"\"{words}\". Use jax.{instead}.")
            yield Finding(RULE.code, program.span(func), message, fixes=(fix,) if fix else ())


def _make_mesh(program: Program) -> Iterator[Finding]:
    """jax.make_mesh's first parameter: axis_shapes= before 0.11.1, axis_sizes= from it."""
    sizes = holds(MAKE_MESH_AXIS_SIZES, program.version)
    wrong, right = ("axis_shapes", "axis_sizes") if sizes else ("axis_sizes", "axis_shapes")
    version = format_jax_version(program.version)
    when = (f"renamed {right}= in {first_release(MAKE_MESH_AXIS_SIZES)}" if sizes
            else f"{wrong}= came in {first_release(MAKE_MESH_AXIS_SIZES)}")
    for call in program.calls_named("jax.make_mesh"):
        for keyword in call.keywords:
            if keyword.arg == wrong:
                words = f"TypeError: make_mesh() got an unexpected keyword argument '{wrong}'"
                yield _finding(program, call,
                               f"jax.make_mesh has no {wrong}= on JAX {version} ({when}): this call "
                               f"fails with \"{words}\". Write {right}=.",
                               _rename(program, keyword, right))


def _finding(program: Program, call: ast.Call, message: str, fix: Fix | None) -> Finding:
    # JAX's traceback names the line the call starts on: the span of the called name.
    return Finding(RULE.code, program.span(call.func), message, fixes=(fix,) if fix else ())


def _rename(program: Program, keyword: ast.keyword, new: str) -> Fix:
    start = program.span(keyword)
    name_span = Span(start.line, start.col, start.line, start.col + len(keyword.arg or ""), start.path)
    return Fix(f"Rename {keyword.arg}= to {new}=", (TextEdit(name_span, new),), safe=True,
               preferred=True)


def _start(span: Span) -> Span:
    return Span(span.line, span.col, span.line, span.col, span.path)


# Keywords the measured checks above report in their own words: not repeated from the data.
_MEASURED_KEYWORDS = frozenset({("jax.make_mesh", "axis_shapes"), ("jax.make_mesh", "axis_sizes")})


def _keywords_the_release_lacks(program: Program, options: Options) -> Iterator[Finding]:
    """Any keyword the target release's signature of the called JAX function does not take
    (read from the release's API surface, api_surface.py): Python raises "TypeError:
    f() got an unexpected keyword argument 'k'" at the call. Silent where the surface
    does not know the function, or the function takes **kwargs."""
    surface = surface_for(program.version, options.library)
    if surface is None:
        return
    version = format_jax_version(program.version)
    # (name, spelling) -> the keywords it takes (None: not judged), read once per run.
    takes_of: dict[tuple[str, str], frozenset[str] | None] = {}
    # plgpu.kernel's own keywords and plgpu.Mesh's; the kernels whose keywords a
    # helper forwarded, by call (the last kernel of a call wins, as its loop did): once a run.
    kernel_takes = kernel_keywords(surface)
    forwarding = {id(kernel.node): kernel for kernel in program.kernels if kernel.keywords is not None}
    for name, call in program.named_calls():
        spelled = program.callee_spellings.get(id(call), "")
        if name == "plgpu.kernel":
            yield from _kernel_mesh_keywords(program, call, kernel_takes, forwarding.get(id(call)), version)
            continue
        key = (name, spelled)
        if key not in takes_of:
            params = surface.params(name, spelled)
            # **kwargs, or a bare (*args) that says nothing of its keywords: not judged.
            judged = not (params is None or any(p.kind == "VK" for p in params)
                          or all(p.kind == "VP" for p in params))
            takes_of[key] = frozenset(p.name for p in params if p.kind in ("PK", "KO")) \
                if judged and params is not None else None
        takes = takes_of[key]
        if takes is None or not call.keywords:
            continue
        spread = program.interp.spread_keywords.get(id(call), (call, set()))[1]
        for keyword in call.keywords:
            if keyword.arg is None:
                # A **spread of a known dict: its keys, judged as spelled (in sorted order).
                lacking = sorted(name_ for name_ in spread if name_ not in takes
                                 and (name, name_) not in _MEASURED_KEYWORDS)
                if lacking:
                    spelled_keyword = ast.keyword(arg=lacking[0], value=keyword.value)
                    ast.copy_location(spelled_keyword, keyword)
                    yield _unknown_keyword(program, name, call, spelled_keyword, version,
                                           surface.source, spelled, takes, spread=True)
                    break
                continue
            if keyword.arg in takes or (name, keyword.arg) in _MEASURED_KEYWORDS:
                continue
            yield _unknown_keyword(program, name, call, keyword, version, surface.source,
                                   spelled, takes)
            break  # Python reports the first one


def _kernel_mesh_keywords(program: Program, call: ast.Call, takes: frozenset[str] | None,
                          forwarding: KernelInfo | None, version: str) -> Iterator[Finding]:
    """plgpu.kernel passes the keywords it does not name (**mesh_kwargs) to plgpu.Mesh, which
    refuses any it lacks at the plgpu.kernel call (from 0.10.2; before, at the launch, where
    the Mesh is built): "TypeError: Mesh.__init__() got an unexpected keyword argument 'k'"
    (measured with num_warpgroups= on 0.8.3, 0.9.2, 0.10.2, 0.11.2, 0.12.0.1). The renamed
    out_shape= family is the measured checks' above; ``takes``: what the release accepts."""
    if takes is None:
        return
    spelled = {k.arg for k in call.keywords if k.arg is not None}
    # Keywords a helper's **options forwarded here (what the run passed), each judged as if
    # spelled: at the keyword where the helper's caller wrote it, when that is known, else at
    # the plgpu.kernel call.
    passed: list[tuple[str, ast.AST]] = [(k.arg, k) for k in call.keywords if k.arg is not None]
    if forwarding is not None and forwarding.keywords is not None:
        for name in sorted(forwarding.keywords - spelled):
            passed.append((name, forwarding.keyword_sites.get(name, call.func)))
    for keyword_name, keyword_site in passed:
        if keyword_name in takes:
            continue
        words = f"TypeError: Mesh.__init__() got an unexpected keyword argument '{keyword_name}'"
        have = [format_jax_version(r) for r in releases_with_keyword("plgpu.kernel", keyword_name)]
        where = f"JAX {', '.join(have)} {'takes' if len(have) == 1 else 'take'} it" if have else (
            "neither plgpu.kernel nor plgpu.Mesh of any release pallas-lsp has read takes it")
        message = (f"plgpu.kernel has no {keyword_name}= on JAX {version} ({where}): it passes "
                   f"it to plgpu.Mesh, and this call fails with \"{words}\". Remove it or "
                   f"spell it as JAX {version} does.")
        if holds(KERNEL_MESH_AT_CALL, program.version):
            yield _finding(program, call, message, None)
        else:
            related = (Related(program.span(keyword_site), f"{keyword_name}= is passed here"),)
            for launch in program.launches:
                if launch.kernel.node is call:
                    yield Finding(RULE.code, program.span(launch.site),
                                  f"This launches the plgpu.kernel of line {call.lineno}: "
                                  + message.replace("this call fails", "the launch fails"),
                                  related=related)
        return  # Python reports the first one


def _unknown_keyword(program: Program, name: str, call: ast.Call, keyword: ast.keyword,
                     version: str, source: str, path: str, takes: AbstractSet[str],
                     spread: bool = False) -> Finding:
    function = name.rsplit(".", 1)[1]
    spelled = program.text(call.func)
    have = [format_jax_version(r) for r in releases_with_keyword(name, keyword.arg or "", path)]
    words = f"TypeError: {function}() got an unexpected keyword argument '{keyword.arg}'"
    where = (f"JAX {', '.join(have)} {'takes' if len(have) == 1 else 'take'} it" if have
             else f"{path} of no release pallas-lsp has read takes it" if path
             else "no release pallas-lsp has read takes it")
    twin = _FOLDED_TWIN_KEYWORDS.get((path, keyword.arg or ""))
    if twin is not None:
        advice, fix = _twin_keyword(program, keyword, twin, takes)
        other, _ = twin
        elsewhere = [format_jax_version(r) for r in releases_with_keyword(name, keyword.arg or "", other)]
        if elsewhere:
            where += f"; {other} takes it on JAX {', '.join(elsewhere)}"
    elif spread:
        # The keyword is a key of the dict spread here: no text to rewrite at this call.
        close = difflib.get_close_matches(keyword.arg or "", sorted(takes), n=1)
        hint = f" to '{close[0]}'" if close else ""
        advice, fix = (f"Rename the key '{keyword.arg}'{hint} in the dict passed with ** "
                       f"({program.text(keyword.value)}).", None)
    else:
        advice, fix = _instead(program, name, call, keyword)
    read = "" if source == "data" else f", read from the {source}"
    message = (f"{spelled} has no {keyword.arg}= on JAX {version} ({where}{read}): this call "
               f"fails with \"{words}\". {advice}")
    return _finding(program, call, message, fix)


# The two shard_maps fold into one canonical name (names.FOLDED) and name one parameter
# differently: jax.experimental.shard_map.shard_map's check_rep= is jax.shard_map's
# check_vma= (JAX's changelog, 0.6.1: "check_rep renamed check_vma" when shard_map moved to
# jax.shard_map). (called path, keyword) -> (the other path, which takes the keyword; the
# called path's own name for that parameter).
_FOLDED_TWIN_KEYWORDS: dict[tuple[str, str], tuple[str, str]] = {
    ("jax.experimental.shard_map.shard_map", "check_vma"): ("jax.shard_map", "check_rep"),
    ("jax.shard_map", "check_rep"): ("jax.experimental.shard_map.shard_map", "check_vma"),
}


def _twin_keyword(program: Program, keyword: ast.keyword, twin: tuple[str, str],
                  takes: AbstractSet[str]) -> tuple[str, Fix | None]:
    """A keyword of the other shard_map: the rename to this one's name for it, where the
    release's signature takes that name (the data says so, not the table)."""
    other, renamed = twin
    if renamed not in takes:
        return f"Remove {keyword.arg}= (it is {other}'s parameter).", None
    advice = (f"It is {other}'s name for the parameter this function calls {renamed}=: "
              f"write {renamed}=.")
    return advice, _rename(program, keyword, renamed)


def _instead(program: Program, name: str, call: ast.Call,
             keyword: ast.keyword) -> tuple[str, Fix | None]:
    """What to write instead of the keyword, and the quick fix where it is determined."""
    if (name, keyword.arg) == ("pl.pallas_call", "backend"):
        value = keyword.value
        mosaic_gpu = isinstance(value, ast.Constant) and value.value == "mosaic_gpu"
        if not mosaic_gpu:
            return ("Remove backend= and choose the backend with compiler_params= (that "
                    "platform's CompilerParams).", None)
        if holds(PALLAS_CALL_MOSAIC_GPU_GONE, program.version):
            return ("pl.pallas_call has no Mosaic GPU lowering on this release either: write "
                    "the kernel with plgpu.kernel(...).", None)
        plgpu = program.alias_for("plgpu")
        text = f"compiler_params={plgpu or 'plgpu'}.CompilerParams()"
        advice = f"Write {text} (pick Mosaic GPU by its compiler params)."
        if plgpu is None or any(k.arg in ("compiler_params", None) for k in call.keywords):
            return advice, None
        return advice, Fix(f"Replace backend= with {text}",
                           (TextEdit(program.span(keyword), text),), safe=True, preferred=True)
    return (f"Remove {keyword.arg}= or spell it as JAX {format_jax_version(program.version)} "
            f"does (its signature: {program.text(call.func)}).", None)


# Canonical names the measured checks above report in their own words.
_MEASURED_NAMES = frozenset(name for name, *_ in _MISSING_NAMES)
_PREFIX_MODULE = dict(CANONICAL_MODULES)


def _module_attribute(name: str) -> tuple[str, int, tuple[str, str] | None]:
    """The name a call's first attribute reads from a module of the API surface, how many
    attributes the call's name has past it, and ``module_of`` that name: the call's own
    (``plgpu.kernel``, 0) or, for a call through an attribute of it, that attribute
    (``plgpu.CopyPartition`` of ``plgpu.CopyPartition.PARTITIONED``, 1)."""
    found = module_of(name)
    if found is not None:
        return name, 0, found
    parts = name.split(".")
    for cut in range(len(parts) - 1, 1, -1):
        prefix = ".".join(parts[:cut])
        found = module_of(prefix)
        if found is not None:
            return prefix, len(parts) - cut, found
    return name, 0, None


def _names_the_release_lacks(program: Program, options: Options) -> Iterator[Finding]:
    """``plgpu.name(...)`` (any module of the API surface, through a name bound to it) where
    the target release's module has no ``name`` and another release does, or JAX's
    deprecation table says it was removed: "AttributeError: module '...' has no attribute".
    A name no release has is not judged (it may be set at run time)."""
    surface = surface_for(program.version, options.library)
    if surface is None:
        return
    version = format_jax_version(program.version)
    # call name -> the module attribute it reads first, how many attributes past it the call's
    # name goes, and whether the release lacks that attribute (asked once a name).
    judged: dict[str, tuple[str, int, bool]] = {}
    for full_name, call in program.named_calls():
        verdict = judged.get(full_name)
        if verdict is None:
            # ``plgpu.CopyPartition.PARTITIONED(0)``: the module's name is the call's prefix,
            # and the attribute read from it is what Python fails on first.
            name, past, found = _module_attribute(full_name)
            verdict = judged[full_name] = (name, past, found is not None and name not in _MEASURED_NAMES
                                           and surface.has_name(*found) is False)
        name, past, lacks = verdict
        if not lacks:
            continue
        func = call.func
        for _ in range(past):
            func = func.value if isinstance(func, ast.Attribute) else func
        if not isinstance(func, ast.Attribute):
            continue
        found = module_of(name)
        assert found is not None
        prefix = name.rsplit(".", 1)[0]
        base = func.value
        bound = program.module_env.names.get(base.id) if isinstance(base, ast.Name) else None
        if not (isinstance(bound, QualName) and bound.name == prefix):
            continue  # reached through another path (jax.sharding.x, an internal module)
        module, attr = found
        note = surface.removal_note(module, attr)
        have = [format_jax_version(r) for r in releases_with_name(module, attr)]
        if not have and note is None:
            continue
        words = f"AttributeError: {note or f'module {module!r} has no attribute {attr!r}'}"
        where = (f"JAX {', '.join(have)} {'has' if len(have) == 1 else 'have'} it" if have
                 else "JAX removed it")
        advice = "" if note else f" Use what JAX {version} offers instead, or target a release that has it."
        yield Finding(RULE.code, program.span(func),
                      f"{program.text(func)} does not exist on JAX {version} ({where}): this "
                      f"fails with \"{words}\".{advice}")
