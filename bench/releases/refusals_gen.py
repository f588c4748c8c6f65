"""analysis/mosaic_refusals.py, generated from each JAX release's own Mosaic GPU lowering source.

Where ``primitives_gen.py`` measures which primitives a release cannot lower at all, this reads
the checks a registered lowering rule makes of the primitive's parameters before it lowers
anything, from ``jax/_src/pallas/mosaic_gpu/lowering.py`` parsed with ``ast`` (never imported):

  * ``params``: the parameters a rule refuses with ``if <parameter> is not None: raise
    NotImplementedError("<message>")`` (``lax.exp(x, accuracy=...)`` and the other
    transcendental functions: "Not implemented: accuracy"; ``lax.slice``'s strides,
    ``lax.reshape``'s dimensions), for rules registered with ``@register_lowering_rule(
    lax.<p>_p, mgpu.LoweringSemantics.<S>)`` or assigned as ``mosaic_lowering_rules[<S>]
    [lax.<p>_p] = _lower_fun(<helper>)``;
  * ``cases``: the rules of a primitive of any number of operands (``def rule(ctx, pred,
    *cases)``) that begin ``if len(cases) != N: raise NotImplementedError(...)``
    (``lax.select_n`` of more than two cases).

Only rules registered for warpgroup-level user code count (a decorator with no thread
semantics, or Warpgroup's): PAL019 does not judge warp-level code.

PAL019 reads the result. Regenerate after adding a release (the interpreters are
``generate.py``'s):

    .venv/bin/python bench/releases/refusals_gen.py [--check]
"""

from __future__ import annotations

import argparse
import ast
import json
import pprint
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate
from generate import api_changes  # the tree's own (generate put server/ on sys.path)

TARGET = generate.PACKAGE / "analysis" / "mosaic_refusals.py"
LOWERING = "_src/pallas/mosaic_gpu/lowering.py"
# How the lowering module names each lowering semantics (mgpu.LoweringSemantics.<name>, and the
# (lowering, thread) semantics pairs of gpu_core the assigned rules use).
_SEMANTICS = {"Lane": "Lane", "Warpgroup": "Warpgroup", "LANExWG_SEMANTICS": "Lane",
              "WGxWG_SEMANTICS": "Warpgroup"}


def _refused_params(function: ast.FunctionDef) -> dict[str, str]:
    """Parameter -> JAX's message, for each top-level ``if <parameter> is not None: raise
    NotImplementedError("<message>")`` of a rule (``accuracy``, ``strides``, ``dimensions``)."""
    names = {a.arg for a in [*function.args.posonlyargs, *function.args.args,
                              *function.args.kwonlyargs]}
    found: dict[str, str] = {}
    for statement in function.body:
        if not isinstance(statement, ast.If):
            continue
        test = statement.test
        if not (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
                and test.left.id in names and isinstance(test.ops[0], ast.IsNot)
                and isinstance(test.comparators[0], ast.Constant)
                and test.comparators[0].value is None):
            continue
        for raised in statement.body:
            exc = raised.exc if isinstance(raised, ast.Raise) else None
            if (isinstance(exc, ast.Call) and isinstance(exc.func, ast.Name)
                    and exc.func.id == "NotImplementedError" and len(exc.args) == 1
                    and isinstance(exc.args[0], ast.Constant) and isinstance(exc.args[0].value, str)):
                found.setdefault(test.left.id, exc.args[0].value)
    return found


def _cases_limit(function: ast.FunctionDef) -> int | None:
    """N of ``if len(cases) != N: raise NotImplementedError(...)`` at the top of a rule whose
    operands after the first are ``*cases``."""
    vararg = function.args.vararg
    if vararg is None:
        return None
    for statement in function.body:
        if not isinstance(statement, ast.If):
            continue
        test = statement.test
        if (isinstance(test, ast.Compare) and isinstance(test.ops[0], ast.NotEq)
                and ast.unparse(test.left) == f"len({vararg.arg})"
                and isinstance(test.comparators[0], ast.Constant)
                and isinstance(test.comparators[0].value, int)
                and any(isinstance(s, ast.Raise) and "NotImplementedError" in ast.unparse(s)
                        for s in statement.body)):
            return test.comparators[0].value
    return None


def _registrations(function: ast.FunctionDef) -> list[tuple[str, str]]:
    """(primitive, lowering semantics) of each ``@register_lowering_rule`` of warpgroup-level
    user code on ``function``."""
    found = []
    for decorator in function.decorator_list:
        if not (isinstance(decorator, ast.Call) and ast.unparse(decorator.func).endswith(
                "register_lowering_rule") and len(decorator.args) >= 2):
            continue
        thread = decorator.args[2] if len(decorator.args) > 2 else None
        if thread is not None and not (isinstance(thread, ast.Attribute) and thread.attr == "Warpgroup"):
            continue  # warp-level user code
        primitive, semantics = _primitive(decorator.args[0]), _semantics(decorator.args[1])
        if primitive and semantics:
            found.append((primitive, semantics))
    return found


def cases_limits(source: str) -> dict[str, dict[str, int]]:
    """Semantics -> primitive -> the most operands after the first its rule lowers."""
    found: dict[str, dict[str, int]] = {}
    for function in ast.parse(source).body:
        if isinstance(function, ast.FunctionDef) and (limit := _cases_limit(function)) is not None:
            for primitive, semantics in _registrations(function):
                found.setdefault(semantics, {})[primitive] = limit
    return {semantics: dict(sorted(limits.items())) for semantics, limits in sorted(found.items())}


def _primitive(node: ast.expr) -> str | None:
    """``lax.exp_p`` -> "exp"."""
    if isinstance(node, ast.Attribute) and node.attr.endswith("_p") and isinstance(node.value, ast.Name) \
            and node.value.id == "lax":
        return node.attr[:-2]
    return None


def _semantics(node: ast.expr) -> str | None:
    return _SEMANTICS.get(node.attr) if isinstance(node, ast.Attribute) else None


def param_refusals(source: str) -> dict[str, dict[str, dict[str, str]]]:
    """Semantics -> primitive -> parameter -> message, of the parameters a lowering rule
    refuses when the call gave them (not None)."""
    tree = ast.parse(source)
    refusing = {f.name: found for f in tree.body
                if isinstance(f, ast.FunctionDef) and (found := _refused_params(f))}
    table: dict[str, dict[str, dict[str, str]]] = {}
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef) and statement.name in refusing:
            for primitive, semantics in _registrations(statement):
                table.setdefault(semantics, {})[primitive] = refusing[statement.name]
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            # mosaic_lowering_rules[gpu_core.LANExWG_SEMANTICS][lax.logistic_p] = _lower_fun(_logistic)
            target, value = statement.targets[0], statement.value
            if not (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Subscript)
                    and isinstance(value, ast.Call) and value.args
                    and isinstance(value.args[0], ast.Name) and value.args[0].id in refusing):
                continue
            primitive, semantics = _primitive(target.slice), _semantics(target.value.slice)
            if primitive and semantics:
                table.setdefault(semantics, {})[primitive] = refusing[value.args[0].id]
    return {semantics: dict(sorted(by_primitive.items()))
            for semantics, by_primitive in sorted(table.items())}


def read_release(version: str) -> dict[str, list[str]]:
    """What the release's lowering module refuses, parsed by the release's own interpreter
    (its sources use syntax of its Python: 0.12's generic functions need 3.12)."""
    python = generate.python_of(version)
    root = generate._run(python, "-c", "import importlib.util, os; "
                         "print(os.path.dirname(importlib.util.find_spec('jax').origin))").strip()
    return json.loads(generate._run(python, __file__, "--read", str(Path(root) / LOWERING)))


def _pformat(table: object) -> str:
    return pprint.pformat(table, width=100, compact=True, sort_dicts=False).replace("\n", "\n    ")


def _as_changes(name: str, by_release: dict[str, dict], kind: str) -> str:
    """``<NAME>_BASE`` (the newest release's table in full) and ``<NAME>_CHANGES`` (every other
    release as its changes to it, analysis/api_changes.py's format), checked to rebuild each
    release's table exactly before they are written."""
    base = max(by_release, key=lambda v: tuple(int(p) for p in v.split(".")))
    changes = {}
    for release, table in by_release.items():
        if release == base:
            continue
        change = api_changes.changes(by_release[base], table)
        rebuilt = api_changes.apply(by_release[base], change)
        if rebuilt != table or repr(rebuilt) != repr(table):
            raise SystemExit(f"the {name} changes of {release} against {base} do not rebuild it")
        changes[release] = change
    return (f"{name}_BASE: {kind} = (\n    " + _pformat(by_release[base]) + "\n)\n"
            f"{name}_CHANGES: dict[str, tuple | None] = (\n    " + _pformat(changes) + "\n)\n")


def render(by_release: dict[str, dict[str, dict]]) -> str:
    params = {release: found["params"] for release, found in by_release.items()}
    cases = {release: found["cases"] for release, found in by_release.items()}
    base = max(by_release, key=lambda v: tuple(int(p) for p in v.split(".")))
    return (
        '"""Generated by ``python bench/releases/refusals_gen.py`` from each release\'s own\n'
        "jax/_src/pallas/mosaic_gpu/lowering.py (read with ast): do not edit by hand.\n\n"
        "``PARAM_REFUSED[release][semantics][primitive][parameter]``: JAX's message when the\n"
        "primitive's Mosaic GPU lowering rule is given that parameter (not None) and refuses it\n"
        "with NotImplementedError (``lax.exp(x, accuracy=...)``: \"Not implemented: accuracy\").\n"
        "``CASES_LIMIT[release][semantics][primitive]``: the most operands after the first that\n"
        "the primitive's rule lowers (``lax.select_n``: two cases), refusing more.\n\n"
        "Shipped as the newest release's tables in full (``*_BASE``) and every other release as\n"
        "its changes to them (``*_CHANGES``, analysis/api_changes.py's format): the releases\n"
        "mostly agree, and near-copies drift apart when edited. The per-release tables are\n"
        "rebuilt from them here, once, at import.\n"
        '"""\n\n'
        "from __future__ import annotations\n\n"
        "from .api_changes import apply\n\n"
        f"BASE_RELEASE = {base!r}\n"
        f"RELEASES: tuple[str, ...] = {tuple(by_release)!r}\n\n"
        + _as_changes("PARAM_REFUSED", params, "dict[str, dict[str, dict[str, str]]]") + "\n"
        + _as_changes("CASES_LIMIT", cases, "dict[str, dict[str, int]]") + "\n"
        "PARAM_REFUSED: dict[str, dict[str, dict[str, dict[str, str]]]] = {\n"
        "    release: PARAM_REFUSED_BASE if release == BASE_RELEASE\n"
        "    else apply(PARAM_REFUSED_BASE, PARAM_REFUSED_CHANGES[release]) for release in RELEASES}\n"
        "CASES_LIMIT: dict[str, dict[str, dict[str, int]]] = {\n"
        "    release: CASES_LIMIT_BASE if release == BASE_RELEASE\n"
        "    else apply(CASES_LIMIT_BASE, CASES_LIMIT_CHANGES[release]) for release in RELEASES}\n\n"
        "# The lax functions of those primitives (lax.<primitive>), on any release under any\n"
        "# semantics, and the parameters refused: the calls the analysis records\n"
        "# (jax_calls.call_api).\n"
        "PARAM_FUNCTIONS: dict[str, frozenset[str]] = {\n"
        "    f\"lax.{primitive}\": frozenset(\n"
        "        name for by_semantics in PARAM_REFUSED.values() for by_primitive in by_semantics.values()\n"
        "        for name in by_primitive.get(primitive, {}))\n"
        "    for by_semantics in PARAM_REFUSED.values() for by_primitive in by_semantics.values()\n"
        "    for primitive in by_primitive}\n"
        "CASES_FUNCTIONS: frozenset[str] = frozenset(\n"
        "    f\"lax.{primitive}\" for by_semantics in CASES_LIMIT.values()\n"
        "    for limits in by_semantics.values() for primitive in limits)\n"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file differs")
    parser.add_argument("--read", metavar="LOWERING_PY", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.read:  # run by read_release under a release's interpreter
        source = Path(args.read).read_text(encoding="utf-8")
        print(json.dumps({"params": param_refusals(source), "cases": cases_limits(source)}))
        return 0
    found = {version: read_release(version) for version in generate.RELEASES}
    text = render(found)
    if args.check:
        return 0 if TARGET.read_text(encoding="utf-8") == text else 1
    TARGET.write_text(text, encoding="utf-8")
    print(TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
