"""classify() on the JAX messages PAL016-PAL019 predict, as measured (0.8.3, 0.10.2, 0.12.0.1),
and on the neighbours they must not claim."""

from __future__ import annotations

import pytest
from pallas_lsp.lowering.classify import classify

FORI_TREEDEFS = (
    "(PyTreeDef([CustomNode(FragmentedArray[(WGStridedFragLayout(shape=(128, 128), vec_size=2), "
    "(64,), None)], [*, *])]), PyTreeDef([CustomNode(FragmentedArray[(WGSplatFragLayout("
    "shape=(128, 128)), (), None)], [*])]))"
)


@pytest.mark.parametrize(
    ("exc_type", "message", "version", "cls"),
    [
        ("ValueError", FORI_TREEDEFS, "0.10.2", "loop_layout"),
        ("ValueError", "The loop body output has unexpected layout: output[1] has layout "
         "WGStridedFragLayout(shape=(128, 128), vec_size=2), when it should be "
         "WGSplatFragLayout(shape=(128, 128)).", "0.12.0.1", "loop_layout"),
        ("NotImplementedError", "Unimplemented primitive in Pallas Mosaic GPU lowering: transpose "
         "for lowering semantics LoweringSemantics.Lane and user thread semantics "
         "PrimitiveSemantics.Warpgroup.", "0.12.0.1", "primitive_unimplemented"),
        ("NotImplementedError", "Unimplemented primitive in Pallas Mosaic GPU lowering: "
         "dot_general for lowering semantics LoweringSemantics.Warpgroup", "0.8.3",
         "primitive_unimplemented"),
        # A Pallas op of its own that 0.8.3 cannot lower under Warpgroup: not PAL019's but
        # PAL024's (a release that cannot lower the op at all; the contract changed when
        # wip-mesh25 was merged).
        ("NotImplementedError", "Unimplemented primitive in Pallas Mosaic GPU lowering: "
         "multimem_load_reduce for lowering semantics LoweringSemantics.Warpgroup", "0.8.3",
         "release_cannot_lower"),
        ("ValueError", "max_concurrent_steps must be greater than all delay_release values, but "
         "max_concurrent_steps=1 and delay_release_levels=[1].", "0.10.2", "pipeline_config"),
        ("ValueError", "All elements in the grid must be strictly positive, but got grid=(0,)",
         "0.12.0.1", "pipeline_config"),
        ("ValueError", "safe_zip() argument 1 has length 2 but argument 0 has length 3. All "
         "lengths: (3, 2)", "0.12.0.1", "pipeline_config"),
        ("ValueError", "safe_zip() argument 2 is shorter than argument 1", "0.8.3", "pipeline_config"),
        ("ValueError", "Block shape for args[0] (= (Blocked(block_size=64),)) must have the same "
         "number of dimensions as the array shape (128, 128).", "0.10.2", "block_specs"),
        ("ValueError", "Index map function rows at k.py:13 for outputs[0] must return 2 values to "
         "match block_shape=(Blocked(block_size=64), Blocked(block_size=128)). Currently "
         "returning 1 values:", "0.12.0.1", "block_specs"),
    ],
)
def test_classify_issue27(exc_type: str, message: str, version: str, cls: str) -> None:
    assert classify(exc_type, message, version) == cls
