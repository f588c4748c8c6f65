"""PAL064 call_signature_mismatch: a call of the program's own def with arguments its
signature cannot bind (a test harness's ``self.pallas_call(..., grid_spec=...)`` whose
``def pallas_call(self, kernel, out_shape, grid=())`` has no such parameter), JAX's call of a
kernel body with its refs included (a scratch buffer more than the body has parameters)."""

from __future__ import annotations

import ast
from collections.abc import Iterable

from ..model import Finding, Options, Related, Span
from ..pipelines import RUN, BlockSpecVal, PipelineVal, flat_specs, has_index_map
from ..program import Program
from ..python import binding
from ..python.refused_calls import RefusedCall
from ..values import Const, FuncVal
from ..versions import format_jax_version
from .base import LoweringError, Rule

# The function CPython names: a method or a nested def (a dotted ``__qualname__``), not a
# bare name (JAX's own functions, PAL009's): PAL064's lowering errors are TypeErrors of the
# program's methods and nested defs, and of the ``__init__`` @dataclass writes for the
# program's dataclasses (which read as JAX's classes' do: PAL009 claims those too, and the
# finding on the line says which).
_QUALNAME = r"\A[\w<>]+(?:\.[\w<>]+)+\(\) "

RULE = Rule(
    code="PAL064",
    name="call_signature_mismatch",
    title="a call with arguments its function's signature cannot bind (the program's, or JAX's)",
    jax_message=(
        "TypeError: PallasTest.pallas_call() got an unexpected keyword argument 'grid_spec'\n"
        "TypeError: Harness.run() takes 3 positional arguments but 4 were given\n"
        "TypeError: Harness.run() missing 1 required positional argument: 'out_shape'"
    ),
    lowering_errors=(
        # (PAL009 claims these three keywords: plgpu.kernel's renamed arguments.)
        LoweringError(_QUALNAME + r"got an unexpected keyword argument "
                      r"'(?!(?:out_shape|scratch_shapes|scratch_types)')\w+'", exc_type="TypeError"),
        LoweringError(_QUALNAME + r"takes (?:from \d+ to )?\d+ positional arguments? but \d+",
                      exc_type="TypeError"),
        LoweringError(_QUALNAME + r"missing \d+ required (?:positional|keyword-only) arguments?: ",
                      exc_type="TypeError"),
        LoweringError(_QUALNAME + r"got multiple values for argument '\w+'", exc_type="TypeError"),
        LoweringError(_QUALNAME + r"got some positional-only arguments passed as keyword arguments",
                      exc_type="TypeError"),
        # A kernel body of any name, called by JAX with one ref per input, output and scratch
        # buffer (plgpu.kernel's own "takes from 0 to 1 positional arguments" and "missing ...
        # 'out_shape'" are PAL009's alone).
        LoweringError(r"\A[\w<>]+\(\) takes \d+ positional arguments? but \d+ were given",
                      exc_type="TypeError"),
        LoweringError(r"\A[\w<>]+\(\) missing \d+ required positional arguments?: (?!'out_shape')",
                      exc_type="TypeError"),
        # ... or with its scratch buffers by keyword (scratch_types given as a dict) that its
        # signature does not name: the words of any function's unexpected keyword, which PAL009
        # claims for JAX's own functions; the finding on the line says which.
        LoweringError(r"\A[\w<>]+\(\) got an unexpected keyword argument "
                      r"'(?!(?:out_shape|scratch_shapes|scratch_types)')\w+'", exc_type="TypeError"),
    ),
    what_it_means=(
        "Python binds a call's arguments to the parameters of the function it calls before "
        "the body runs: the positionals in order (the rest to `*args`, else too many), then "
        "each keyword to the parameter of that name (none of that name and no `**kwargs`: an "
        "unexpected keyword; one already given by position: multiple values; a positional-only "
        "parameter: refused), then every parameter without a default must have a value. When "
        "they do not bind, CPython raises TypeError at the call, naming the function by its "
        "qualified name. A test harness's helper with a fixed signature "
        "(`def pallas_call(self, kernel, out_shape, grid=())`) called with a keyword that "
        "`pl.pallas_call` takes but the helper does not (`grid_spec=`, "
        "`input_output_aliases=`) never reaches JAX: nothing is traced or lowered. JAX itself "
        "calls a kernel body with one ref per input, output and scratch buffer, in that "
        "order, by position: a body whose parameters do not match that count (a barrier "
        "added to `scratch_types` but not to the signature) fails the same way."
    ),
    when_it_happens=(
        "A call of a def (or lambda) of the analysed file or of the folder's modules, with "
        "every argument spelled or known (a `*args` / `**kwargs` of unknown contents is not "
        "judged), on a path sure to run, whose TypeError no `try` / `with` on the way can "
        "catch (an `except TypeError:`, `with self.assertRaises(TypeError):` or an unknown "
        "context manager keeps it silent). A def under a decorator other than `staticmethod`, "
        "`classmethod` or `abstractmethod` is not judged: the decorator may hand back a "
        "function of another signature. The message is CPython's own (Python 3.10 to 3.13 "
        "word it alike). A kernel body's refusal is raised while the launch is traced, on "
        "the line of the launch (the jitted call, or the kernel's call inside the jitted "
        "function), every release 0.8.3 to 0.12.0.1; the related locations are the body's "
        "def and the kernel's creation. A pipeline's BlockSpec index_map taking fewer or more "
        "parameters than the grid has dimensions is called by the pipeline with one index per "
        "dimension when it runs: refused on the pipeline's line, every release. A JAX function "
        "whose signature never moved between releases (the release's API data), called with a "
        "required argument missing or too many positionals (`lax.cond(pred, true_fun)` without "
        "its false branch: \"cond() missing 1 required positional argument: 'false_fun'\"), "
        "is refused the same way at its call; an unexpected keyword, or a signature that moved "
        "(plgpu.kernel's), is PAL009's. A jitted function words the refusal in its own way."
    ),
    how_to_fix=(
        "Call the function with arguments its signature takes, or give the signature the "
        "parameter (a harness helper forwarding to `pl.pallas_call` can take `**kwargs` and "
        "pass them on). The related location is the def whose signature refuses the call."
    ),
    bad_example='''
class Harness:
    def pallas_call(self, kernel, out_shape):
        return plgpu.kernel(kernel, out_type=out_shape)

def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

def run(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return Harness().pallas_call(add_one, out, compiler_params=plgpu.CompilerParams())(x)

jax.jit(run)(jnp.ones((128,), jnp.float32))
''',
    good_example='''
class Harness:
    def pallas_call(self, kernel, out_shape, **options):
        return plgpu.kernel(kernel, out_type=out_shape, **options)

def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

def run(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return Harness().pallas_call(add_one, out, compiler_params=plgpu.CompilerParams())(x)

jax.jit(run)(jnp.ones((128,), jnp.float32))
''',
    fixable=False,
)


def check(program: Program, options: Options) -> Iterable[Finding]:
    # Most programs have none: asked of the recorded calls directly, no generator made (the
    # keystroke path counts every call).
    index_maps = _index_map_findings(program) if program.ops_of(RUN) else []
    if program.interp.misbound_api_calls:
        index_maps = [*index_maps, *_api_findings(program)]
    if not program.interp.refused_calls and not program.interp.refused_bodies:
        return index_maps
    return [*(_finding(program, call) for call in program.refused_calls()),
            *_body_findings(program), *index_maps]


def _api_findings(program: Program) -> list[Finding]:
    """A JAX function called with arguments its signature on the target release cannot bind,
    a signature that never moved (api_binding.misbinding, from the release's API data): Python
    raises the TypeError at the call, before the function runs. The first of each file."""
    found: list[Finding] = []
    seen: set[str] = set()
    for node, name, text in program.interp.misbound_api_calls.values():
        span = program.span(node)
        if span.path in seen:
            continue
        seen.add(span.path)  # type: ignore[arg-type]
        found.append(Finding(
            RULE.code, span,
            f"This call of {name.rpartition('.')[2]}() does not fit its signature on JAX "
            f"{format_jax_version(program.version)}: Python raises \"TypeError: {text}\" when "
            f"this line runs, before the function starts, and nothing catches it (in a kernel "
            f"body: JAX never sees the kernel). Pass the arguments the signature names (its page "
            f"in JAX's API reference)."))
    return found


def _index_map_findings(program: Program) -> list[Finding]:
    """A pipeline's BlockSpec whose index_map takes fewer positional parameters than the grid
    has dimensions: the pipeline calls it with one index per grid dimension when it runs, and
    CPython refuses the call ("kernel.<locals>.<lambda>() takes 1 positional argument but 2
    were given", on the pipeline's call; measured on 0.10.2, 0.11.2, 0.12.0.1), or more (a plain
    function's: "... missing 1 required positional argument: 'j'", worded by python/binding.py).
    Only the first spec of a run in the order the pipeline fetches them (inputs, then
    outputs)."""
    found: list[Finding] = []
    seen: set[int] = set()
    for op in program.ops_of(RUN):
        pipeline = op.args.get("pipeline")
        if id(op.node) in seen or not isinstance(pipeline, PipelineVal) or op.names_open:
            continue
        grid = pipeline.grid.value if isinstance(pipeline.grid, Const) else pipeline.grid
        if not isinstance(grid, tuple) or any(type(size) is int and size < 1 for size in grid):
            continue  # (a grid entry below 1 is refused before any index_map is called: PAL016)
        ins, outs = flat_specs(pipeline.in_specs), flat_specs(pipeline.out_specs)
        if ins is None or outs is None:
            continue
        for spec in (*ins, *outs):
            if not isinstance(spec, BlockSpecVal) or not has_index_map(spec):
                continue
            if spec.index_params is None:
                break  # not known: it may be the one that fails
            if spec.index_params > len(grid) and isinstance(spec.index_map, FuncVal) \
                    and spec.index_map.self_value is None:
                # More parameters than indices: CPython's "missing ... required positional
                # argument" naming them (measured on 0.10.2, 0.11.2, 0.12.0.1, famheld13).
                qualname = binding.qualname_of(program.tree, spec.index_map.node)
                words = binding.refusal(spec.index_map.node.args, qualname, len(grid), []) \
                    if qualname is not None else None
                if words is None:
                    break
                seen.add(id(op.node))
                found.append(Finding(
                    RULE.code, program.span(op.node),
                    f"This pipeline's grid has {len(grid)} dimension{'' if len(grid) == 1 else 's'}, "
                    f"so it calls each BlockSpec's index_map with {len(grid)} "
                    f"ind{'ex' if len(grid) == 1 else 'ices'}, and this one takes "
                    f"{spec.index_params}: Python raises \"TypeError: {words}\" when the pipeline "
                    f"runs. Give the index_map one parameter per grid dimension.",
                    related=(Related(program.span(spec.node), "the BlockSpec is made here"),)))
                break
            if spec.index_params < len(grid):
                seen.add(id(op.node))
                taken = spec.index_params
                words = (f"takes {taken} positional argument{'' if taken == 1 else 's'} but "
                         f"{len(grid)} were given")
                found.append(Finding(
                    RULE.code, program.span(op.node),
                    f"This pipeline's grid has {len(grid)} dimensions, so it calls each "
                    f"BlockSpec's index_map with {len(grid)} indices, and this one takes {taken}: "
                    f"Python raises \"TypeError: ...() {words}\" when the pipeline runs. Give the "
                    f"index_map one parameter per grid dimension (`lambda i, j: ...`).",
                    related=(Related(program.span(spec.node), "the BlockSpec is made here"),)))
                break
    return found


def _header(program: Program, definition: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> Span:
    """The def's header (`def pallas_call`), not its whole body."""
    where = program.span(definition)
    if isinstance(definition, ast.Lambda):
        header = "lambda"
    else:
        asynchronous = "async " if isinstance(definition, ast.AsyncFunctionDef) else ""
        header = f"{asynchronous}def {definition.name}"
    return Span(where.line, where.col, where.line, where.col + len(header), where.path)


def _body_findings(program: Program) -> list[Finding]:
    """A kernel body JAX calls with more or fewer refs than its signature binds: the
    TypeError is raised while the launch is traced, blamed on the launch's call."""
    found: list[Finding] = []
    seen: set[int] = set()
    for refused in program.interp.refused_bodies:
        launch = refused.launch
        site = launch.site  # type: ignore[attr-defined]
        if id(site) in seen:
            continue
        seen.add(id(site))
        kernel = launch.kernel  # type: ignore[attr-defined]
        parts = [f"{len(launch.args)} input{'s' * (len(launch.args) != 1)}",  # type: ignore[attr-defined]
                 f"{len(kernel.out_types)} output{'s' * (len(kernel.out_types) != 1)}",
                 f"{kernel.n_scratch} scratch buffer{'s' * (kernel.n_scratch != 1)}"]
        named = [name for name, _ in kernel.scratch_by_name] if kernel.scratch_by_name else []
        if named and not kernel.n_scratch:
            parts.pop()  # (all its scratch buffers go by keyword)
        by_keyword = (f", and the scratch buffers {', '.join(named)} by keyword (scratch_types given "
                      f"as a dict)") if named else ""
        name = refused.message.split("()", 1)[0]
        signature = ast.unparse(refused.definition.args)
        message = (f"JAX calls {name} with {refused.refs} refs here ({', '.join(parts)}: one per "
                   f"input, output and scratch buffer, in that order{by_keyword}), and its signature "
                   f"({signature}) cannot bind them: \"TypeError: {refused.message}\" while the "
                   f"kernel is traced, so nothing of it is lowered. Give the body one parameter "
                   f"per ref, or pass the inputs, outputs and scratch buffers it takes.")
        related = (Related(_header(program, refused.definition), f"{name}'s signature"),
                   Related(program.span(kernel.node), "the kernel is created here"))
        found.append(Finding(RULE.code, program.span(site), message, related=related))
    return found


def _finding(program: Program, call: RefusedCall) -> Finding:
    definition = call.definition
    name = call.message.split("()", 1)[0]
    where = program.span(definition)
    at = _header(program, definition)
    place = f"line {where.line}" + (f" of {where.path}" if where.path else "")
    message = (f"This call raises \"TypeError: {call.message}\" before {name} runs: its "
               f"signature, ({ast.unparse(definition.args)}) (defined at {place}), cannot "
               f"bind these arguments, so nothing after it is traced or lowered. Pass "
               f"arguments the signature takes, or give it the parameter.")
    return Finding(RULE.code, program.span(call.node), message,
                   related=(Related(at, f"{name}'s signature refuses the call"),))
