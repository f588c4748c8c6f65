"""analysis/mosaic_refusals.py against the sources it was read from.

The table is generated (``python bench/releases/refusals_gen.py``) by parsing each release's
``jax/_src/pallas/mosaic_gpu/lowering.py`` with ``ast``. Here: the reader on the shapes of
source it looks for (and ones it must not take), the table against the registered rules,
and, where the releases' venvs are installed, the shipped file is what the generator writes.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from pallas_lsp.analysis.mosaic_primitives import lowering_rules
from pallas_lsp.analysis.mosaic_refusals import CASES_LIMIT, PARAM_FUNCTIONS, PARAM_REFUSED
from support import REPO
from table_digest import digest

sys.path.insert(0, str(REPO / "bench" / "releases"))
import refusals_gen

SOURCE = '''
@register_lowering_rule(lax.exp_p, mgpu.LoweringSemantics.Lane)
@register_lowering_rule(lax.exp_p, mgpu.LoweringSemantics.Warpgroup)
def _exp_lowering_rule(ctx, x, accuracy):
  if accuracy is not None:
    raise NotImplementedError("Not implemented: accuracy")
  return x


@register_lowering_rule(lax.sin_p, mgpu.LoweringSemantics.Lane, gpu_core.PrimitiveSemantics.Warp)
def _sin_warp_rule(ctx, x, accuracy):
  if accuracy is not None:
    raise NotImplementedError("Not implemented: accuracy")
  return x


@register_lowering_rule(lax.cos_p, mgpu.LoweringSemantics.Lane)
def _cos_lowering_rule(ctx, x, accuracy):
  if accuracy is not None:
    raise ValueError("some other error")
  return x


def _logistic(x, accuracy):
  if accuracy is not None:
    raise NotImplementedError("Not implemented: accuracy")
  return x


mosaic_lowering_rules[gpu_core.WGxWG_SEMANTICS][lax.logistic_p] = _lower_fun(_logistic)


@register_lowering_rule(lax.select_n_p, mgpu.LoweringSemantics.Lane)
def _select_n_lowering_rule(ctx, pred, *cases):
  if len(cases) != 2:
    raise NotImplementedError("only 2 cases")
  return pred
'''


def test_the_reader_takes_the_refusals_of_warpgroup_level_rules_only() -> None:
    assert refusals_gen.param_refusals(SOURCE) == {
        "Lane": {"exp": {"accuracy": "Not implemented: accuracy"}},
        "Warpgroup": {"exp": {"accuracy": "Not implemented: accuracy"},
                      "logistic": {"accuracy": "Not implemented: accuracy"}},
    }
    assert refusals_gen.cases_limits(SOURCE) == {"Lane": {"select_n": 2}}


def test_every_refusing_primitive_has_a_rule_there() -> None:
    for table in (PARAM_REFUSED, CASES_LIMIT):
        for release, by_semantics in table.items():
            for semantics, by_primitive in by_semantics.items():
                assert set(by_primitive) <= lowering_rules()[release][semantics], (release, semantics)


def test_the_recorded_functions_are_the_tables_primitives() -> None:
    assert PARAM_FUNCTIONS["lax.exp"] == {"accuracy"}
    assert PARAM_FUNCTIONS["lax.slice"] == {"strides"}
    assert "dimensions" in PARAM_FUNCTIONS["lax.reshape"]
    assert PARAM_REFUSED["0.8.3"]["Lane"].get("sqrt") is None  # from 0.11.2 only
    assert PARAM_REFUSED["0.12.0.1"]["Warpgroup"]["sqrt"] == {"accuracy": "Not implemented: accuracy"}


# table_digest.digest of each release's tables as shipped in full before they became one base
# and changes (f439333, one full copy per release): (PARAM_REFUSED[release], CASES_LIMIT[release]).
_OLD_PARAMS = ("fe808c87343ac205c62d37b417e1bb7c54e94415194b907399c775690deea8b9",
               "dd96d39c2adb1a663a0b50af7060e0d0b6af1d1b6c813803c816ea9899de7096")
_OLD_CASES = "2e3976917e79c742aa52232a8acb234fc3d90d2c70b9e21680d1c42a63bf61d2"
DIGEST_FULL_COPIES = {"0.8.3": (_OLD_PARAMS[0], _OLD_CASES), "0.10.2": (_OLD_PARAMS[0], _OLD_CASES),
                      "0.11.2": (_OLD_PARAMS[1], _OLD_CASES), "0.12.0.1": (_OLD_PARAMS[1], _OLD_CASES)}


@pytest.mark.parametrize("release", list(DIGEST_FULL_COPIES))
def test_each_rebuilt_release_is_the_copy_it_replaced(release: str) -> None:
    assert (digest(PARAM_REFUSED[release]), digest(CASES_LIMIT[release])) == DIGEST_FULL_COPIES[release]


def test_the_rebuilt_tables_list_the_releases_in_order() -> None:
    assert list(PARAM_REFUSED) == list(CASES_LIMIT) == list(refusals_gen.generate.RELEASES)


def test_the_generator_writes_the_shipped_file_from_the_rebuilt_tables() -> None:
    found = {r: {"params": PARAM_REFUSED[r], "cases": CASES_LIMIT[r]} for r in PARAM_REFUSED}
    assert refusals_gen.render(found) == refusals_gen.TARGET.read_text(encoding="utf-8")


def test_the_generator_refuses_changes_that_do_not_rebuild_a_release(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(refusals_gen.api_changes, "apply", lambda base, change: {})
    found = {r: {"params": PARAM_REFUSED[r], "cases": CASES_LIMIT[r]} for r in PARAM_REFUSED}
    with pytest.raises(SystemExit, match="do not rebuild"):
        refusals_gen.render(found)


@pytest.mark.lowering
def test_the_shipped_table_is_what_the_installed_releases_give() -> None:
    missing = [v for v in refusals_gen.generate.RELEASES if not refusals_gen.generate.python_of(v).exists()]
    if missing:
        pytest.skip(f"no JAX venv for {', '.join(missing)}: run .ci/jax-envs.sh")
    done = subprocess.run([sys.executable, str(REPO / "bench" / "releases" / "refusals_gen.py"),
                           "--check"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, "regenerate: python bench/releases/refusals_gen.py"
