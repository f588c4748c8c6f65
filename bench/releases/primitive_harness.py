"""Run under a JAX release's own interpreter (never in the server): print, as JSON, the
primitives that release's Pallas Mosaic GPU lowering registers a rule for, per lowering
semantics, and the primitives each kernel-body function of ``lax`` / ``jnp`` binds.

``bench/releases/primitives_gen.py`` runs it in every supported release and writes
``analysis/mosaic_primitives.py`` from its output; nothing here is imported by the
package. The functions are traced with ``jax.make_jaxpr`` on (128, 128) arrays of each
dtype in ``DTYPES`` (nothing is compiled or run); a function that does not trace for a
dtype has no entry for it. Primitives inside a ``jit`` (``pjit``) or ``custom_jvp`` call
are listed too: Mosaic GPU lowers those calls by lowering their inner equations.
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
from jax import lax

# Importing plgpu registers every Mosaic GPU lowering rule of the release.
from jax.experimental.pallas import mosaic_gpu as plgpu

try:
    from jax._src.pallas.mosaic_gpu import lowering as mgpu_lowering
except ImportError:  # pragma: no cover - a release without the module
    mgpu_lowering = None

DTYPES = ("float32", "int32")

# Called as f(x), f(x, y), or with the extra arguments given: what a kernel body writes.
UNARY = (
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh",
    "erf", "erf_inv", "exp", "exp2", "expm1", "floor", "imag", "is_finite", "log", "log1p",
    "logistic", "neg", "population_count", "real", "round", "rsqrt", "sign", "sin", "sinh",
    "sqrt", "square", "tan", "tanh", "clz", "bitwise_not",
)
BINARY = ("add", "atan2", "div", "max", "min", "mul", "nextafter", "pow", "rem", "sub",
          "shift_left", "shift_right_arithmetic", "shift_right_logical", "bitwise_and",
          "bitwise_or", "bitwise_xor", "eq", "ne", "lt", "le", "gt", "ge")
JNP_UNARY = (
    "abs", "absolute", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "cbrt",
    "ceil", "cos", "cosh", "exp", "exp2", "expm1", "floor", "isfinite", "isnan", "isinf", "log",
    "log1p", "log2", "log10", "negative", "reciprocal", "round", "rint", "sign", "sin", "sinh",
    "sqrt", "square", "tan", "tanh", "trunc", "transpose", "sort", "argsort", "flip", "fliplr",
    "flipud", "cumsum", "cumprod", "cummax", "cummin", "argmax", "argmin", "sum", "prod", "max",
    "min", "mean", "var", "std", "all", "any", "ravel", "logical_not", "invert", "signbit",
    "exp2", "sinc", "deg2rad", "rad2deg", "nan_to_num", "triu", "tril", "diff", "cos",
)
JNP_BINARY = (
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power", "maximum",
    "minimum", "mod", "remainder", "fmod", "arctan2", "hypot", "dot", "matmul", "inner",
    "outer", "logaddexp", "logaddexp2", "copysign", "nextafter", "equal", "not_equal", "less",
    "less_equal", "greater", "greater_equal", "logical_and", "logical_or", "logical_xor",
    "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "heaviside",
    "float_power", "fmax", "fmin", "kron",
)


def _special(x: object, y: object) -> dict[str, object]:
    """Calls with arguments of their own, by the name the analysis gives the function."""
    return {
        "lax.transpose": lambda: lax.transpose(x, (1, 0)),
        "lax.dot": lambda: lax.dot(x, y),
        "lax.dot_general": lambda: lax.dot_general(x, y, (((1,), (0,)), ((), ()))),
        "lax.rev": lambda: lax.rev(x, (0,)),
        "lax.cumsum": lambda: lax.cumsum(x, axis=0),
        "lax.cumprod": lambda: lax.cumprod(x, axis=0),
        "lax.cummax": lambda: lax.cummax(x, axis=0),
        "lax.cummin": lambda: lax.cummin(x, axis=0),
        "lax.sort": lambda: lax.sort(x),
        "lax.argmax": lambda: lax.argmax(x, 0, jnp.int32),
        "lax.argmin": lambda: lax.argmin(x, 0, jnp.int32),
        "lax.reduce_sum": lambda: lax.reduce_sum(x, (0,)),
        "lax.reduce_max": lambda: lax.reduce_max(x, (0,)),
        "lax.reduce_min": lambda: lax.reduce_min(x, (0,)),
        "lax.reduce_prod": lambda: lax.reduce_prod(x, (0,)),
        "lax.reduce_and": lambda: lax.reduce_and(x, (0,)),
        "lax.reduce_or": lambda: lax.reduce_or(x, (0,)),
        "lax.pad": lambda: lax.pad(x, jnp.zeros((), x.dtype), ((1, 1, 0), (0, 0, 0))),
        "lax.dynamic_slice": lambda: lax.dynamic_slice(x, (0, 0), (64, 128)),
        "lax.dynamic_update_slice": lambda: lax.dynamic_update_slice(x, x[:64], (0, 0)),
        "lax.clamp": lambda: lax.clamp(jnp.zeros((), x.dtype), x, jnp.ones((), x.dtype)),
        "lax.select": lambda: lax.select(x > 0, x, y),
        "lax.integer_pow": lambda: lax.integer_pow(x, 3),
        "lax.square": lambda: lax.square(x),
        "jnp.roll": lambda: jnp.roll(x, 1, axis=0),
        "jnp.squeeze": lambda: jnp.squeeze(x[None]),
        "lax.squeeze": lambda: lax.squeeze(lax.expand_dims(x, (0,)), (0,)),
        "jnp.pad": lambda: jnp.pad(x, ((1, 1), (0, 0))),
        "jnp.einsum": lambda: jnp.einsum("ij,jk->ik", x, y),
        "jnp.tensordot": lambda: jnp.tensordot(x, y, axes=1),
        "jnp.take": lambda: jnp.take(x, jnp.zeros((4,), jnp.int32), axis=0),
        "jnp.where": lambda: jnp.where(x > 0, x, y),
        "jnp.clip": lambda: jnp.clip(x, 0, 1),
        "jnp.concatenate": lambda: jnp.concatenate([x, y], axis=0),
        "jnp.stack": lambda: jnp.stack([x, y]),
        "jnp.swapaxes": lambda: jnp.swapaxes(x, 0, 1),
        "jnp.moveaxis": lambda: jnp.moveaxis(x, 0, 1),
        "jnp.repeat": lambda: jnp.repeat(x, 2, axis=0),
        "jnp.tile": lambda: jnp.tile(x, (2, 1)),
        "jnp.cumsum": lambda: jnp.cumsum(x, axis=0),
        "jnp.argmax": lambda: jnp.argmax(x, axis=0),
        "jnp.argmin": lambda: jnp.argmin(x, axis=0),
        "jnp.sort": lambda: jnp.sort(x, axis=0),
        "jnp.trace": lambda: jnp.trace(x),
        "jnp.diagonal": lambda: jnp.diagonal(x),
        "jnp.linalg.norm": lambda: jnp.linalg.norm(x),
        "jax.nn.relu": lambda: jax.nn.relu(x),
        "jax.nn.gelu": lambda: jax.nn.gelu(x),
        "jax.nn.silu": lambda: jax.nn.silu(x),
        "jax.nn.sigmoid": lambda: jax.nn.sigmoid(x),
        "jax.nn.softmax": lambda: jax.nn.softmax(x, axis=-1),
        "jax.nn.log_softmax": lambda: jax.nn.log_softmax(x, axis=-1),
        "jax.nn.softplus": lambda: jax.nn.softplus(x),
        "jax.nn.logsumexp": lambda: jax.nn.logsumexp(x, axis=-1),
    }


def _calls(x: object, y: object) -> dict[str, object]:
    calls: dict[str, object] = {}
    for name in UNARY:
        if hasattr(lax, name):
            calls[f"lax.{name}"] = (lambda f: lambda: f(x))(getattr(lax, name))
    for name in BINARY:
        if hasattr(lax, name):
            calls[f"lax.{name}"] = (lambda f: lambda: f(x, y))(getattr(lax, name))
    for name in JNP_UNARY:
        if hasattr(jnp, name):
            calls[f"jnp.{name}"] = (lambda f: lambda: f(x))(getattr(jnp, name))
    for name in JNP_BINARY:
        if hasattr(jnp, name):
            calls[f"jnp.{name}"] = (lambda f: lambda: f(x, y))(getattr(jnp, name))
    calls.update(_special(x, y))
    return calls


def _primitives(jaxpr: object, found: list[str]) -> list[str]:
    """Every primitive an equation binds, in order, inner jaxprs (jit, custom_jvp) included."""
    for eqn in jaxpr.eqns:  # type: ignore[attr-defined]
        if eqn.primitive.name not in found:
            found.append(eqn.primitive.name)
        for param in eqn.params.values():
            inner = getattr(param, "jaxpr", param)
            if hasattr(inner, "eqns"):
                _primitives(inner, found)
    return found


def _kernel(body: object, out: object, semantics: str) -> object:
    params = plgpu.CompilerParams(lowering_semantics=getattr(plgpu.LoweringSemantics, semantics))
    try:
        return plgpu.kernel(body, out_type=out, compiler_params=params)
    except TypeError:  # before 0.10.2: out_shape=
        return plgpu.kernel(body, out_shape=out, compiler_params=params)


def _unimplemented(name: str, dtype: str, semantics: str) -> str | None:
    """Lower a kernel whose body applies the function to two loaded arrays, for CUDA (never
    compiled or run): the primitive JAX names in "Unimplemented primitive in Pallas Mosaic GPU
    lowering: X", else None (it lowered, or failed for another reason)."""
    arrays = (jnp.ones((128, 128), dtype),) * 2
    out = jax.eval_shape(lambda a, b: _calls(a, b)[name](), *arrays)

    def body(x_ref: object, y_ref: object, o_ref: object) -> None:
        o_ref[...] = _calls(x_ref[...], y_ref[...])[name]()  # type: ignore[index]

    try:
        jax.jit(_kernel(body, out, semantics)).trace(*arrays).lower(lowering_platforms=("cuda",))
    except Exception as exc:
        text = str(exc)
        marker = "Unimplemented primitive in Pallas Mosaic GPU lowering:"
        if marker in text:
            return text.split(marker, 1)[1].split()[0]
    return None


def functions(semantics: tuple[str, ...]) -> dict[str, dict[str, dict[str, object]]]:
    """Per function and dtype: the primitives it binds, and per lowering semantics the one
    the real lowering calls unimplemented (None: none)."""
    table: dict[str, dict[str, dict[str, object]]] = {}
    for dtype in DTYPES:
        arrays = (jnp.ones((128, 128), dtype),) * 2
        for name in _calls(*arrays):
            try:
                closed = jax.make_jaxpr(lambda a, b, name=name: _calls(a, b)[name]())(*arrays)
            except Exception:
                continue
            table.setdefault(name, {})[dtype] = {
                "primitives": _primitives(closed.jaxpr, []),
                "unimplemented": {s: _unimplemented(name, dtype, s) for s in semantics},
            }
    return table


def lowering_rules() -> dict[str, list[str]]:
    """Primitive names with a rule, per lowering semantics, for warpgroup-level user code
    (the primitive semantics of a plain kernel body)."""
    if mgpu_lowering is None:
        return {}
    found: dict[str, list[str]] = {}
    for key, table in mgpu_lowering.mosaic_lowering_rules.items():
        if not isinstance(key, tuple) or len(key) != 2:
            continue
        lowering, primitive = (getattr(part, "name", str(part)) for part in key)
        if primitive == "Warpgroup":
            found[lowering] = sorted(p.name for p in table)
    return found


def main(argv: list[str]) -> int:
    rules = lowering_rules()
    # --rules-only: the registered rules alone (seconds; the functions take minutes).
    found = {} if "--rules-only" in argv else functions(tuple(sorted(rules)))
    json.dump({"jax_version": jax.__version__, "lowering_rules": rules, "functions": found},
              sys.stdout, indent=None, sort_keys=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
