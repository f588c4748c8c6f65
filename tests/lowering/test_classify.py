"""classify(): measured JAX messages (jax-facts.md) to rule classes and codes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pallas_lsp.lowering.classify import CLASS_TO_CODE, classify


@pytest.mark.parametrize(
    ("exc_type", "message", "version", "cls"),
    [
        ("ValueError", "JAX device mesh is required by multimem_load_reduce, but not defined.",
         "0.10.2", "mesh_required"),
        ("ValueError", "JAX device mesh is required by multicast copies, but not defined.",
         "0.12.0.1", "mesh_required"),
        ("ValueError", "collective_axes requires a mesh context", "0.12.0.1", "mesh_required"),
        ("NotImplementedError", "Only collective_axes that include all JAX device mesh "
         "(('data', 'model')) axes are supported, but got ('data',)", "0.10.2", "axes_mismatch"),
        ("ValueError", "collective_axes ('x',) must equal entire mesh axes ('x', 'y')",
         "0.12.0.1", "axes_mismatch"),
        ("RuntimeError", "Failed to infer the output layout of multimem_load_reduce. Please "
         "apply plgpu.layout_cast to its output right after its creation.", "0.10.2",
         "layout_missing"),
        ("RuntimeError", "Failed to infer the output layout of the iota", "0.12.0.1",
         "layout_missing"),
        ("ValueError", "Only tiled and WG strided layouts are supported by multimem_load_reduce, "
         "but got WGSplatFragLayout(shape=(128, 128))", "0.10.2", "layout_unsupported"),
        ("VerificationError", "Pallas encountered an internal verification error. ... Error "
         "details: 'mosaic_gpu.layout_cast' op attribute 'new_layout' failed to satisfy "
         "constraint", "0.12.0.1", "layout_unsupported"),
        ("MLIRError", "Verification failed:\nerror: \"layout_cast:\"(...): "
         "'mosaic_gpu.layout_cast' op attribute 'new_layout' failed", "0.10.2",
         "layout_unsupported"),
        ("NameError", "unbound axis name: z", "0.10.2", "axis_unknown"),
        ("NameError", "Found an unbound axis name: z. To fix this, please call axis_index "
         "under `jax.shard_map`.", "0.12.0.1", "axis_unknown"),
        ("LookupError", "Axis batch does not refer to a GPU mesh axis or a JAX mesh axis",
         "0.12.0.1", "axis_unknown"),
        ("LookupError", "No axis names are available", "0.12.0.1", "axis_unknown"),
        ("ValueError", "Only add is supported for f32", "0.10.2", "reduction_dtype"),
        ("ValueError", "Only add, min and max are supported for floats", "0.12.0.1",
         "reduction_dtype"),
        ("ValueError", "Unsupported integer reduction op: sum", "0.12.0.1", "reduction_dtype"),
        ("ValueError", "Unsupported reduction operation: sum", "0.10.2", "reduction_dtype"),
        ("VerificationError", "... Only Add is supported for F32 source type.", "0.12.0.1",
         "reduction_dtype"),
        ("VerificationError", "... Only Add, Max and Min reductions are supported on float "
         "source.", "0.12.0.1", "reduction_dtype"),
        ("MLIRError", "Verification failed: Only supported 32 and 64 bit integer operations",
         "0.10.2", "reduction_dtype"),
        ("ValueError", "Only 32-, 64- and 128-bit loads are supported", "0.12.0.1",
         "vector_width"),
        ("AssertionError", "AssertionError()", "0.12.0.1", "api_removed"),
        ("AssertionError", "", "0.12.0.1", "api_removed"),
        ("AssertionError", "AssertionError()", "0.11.2", "api_removed"),
        ("AssertionError", "AssertionError()", "0.10.2", "other"),
        ("AssertionError", "shapes differ", "0.12.0.1", "other"),
        ("TypeError", "unsupported operand", "0.12.0.1", "other"),
        # PAL009, measured on 0.12.0.1, 0.10.2 and 0.8.3 (tests/fixtures/single/kernel_*.py).
        ("TypeError", "Mesh.__init__() got an unexpected keyword argument 'out_shape'",
         "0.12.0.1", "api_renamed"),
        ("TypeError", "kernel() takes from 0 to 1 positional arguments but 2 were given",
         "0.12.0.1", "api_renamed"),
        ("TypeError", "kernel() missing 1 required positional argument: 'out_shape'", "0.8.3",
         "api_renamed"),
        ("TypeError", "Mesh.__init__() got an unexpected keyword argument 'scratch_types'",
         "0.8.3", "api_renamed"),
        ("AttributeError", "module 'jax' has no attribute 'use_abstract_mesh'", "0.10.2",
         "api_renamed"),
        ("TypeError", "Mesh.__init__() got an unexpected keyword argument 'num_threads'",
         "0.12.0.1", "other"),
        ("ValueError", "module 'jax' has no attribute 'use_abstract_mesh'", "0.10.2", "other"),
        ("ValueError", "Only 32-, 64- and 128-bit stores are supported", "0.12.0.1",
         "vector_width"),
        # PAL010, measured on 0.8.3, 0.10.2 and 0.12.0.1 (tests/fixtures/single/pal010/).
        ("ValueError", "grid_names must have the same length as grid, got Mesh(grid=(4,), "
         "grid_names=(), cluster=(), cluster_names=(), num_threads=None, thread_name=None, "
         "kernel_name=None).", "0.12.0.1", "kernel_args"),
        ("ValueError", "num_threads and thread_name must be either both set or both None, got "
         "Mesh(grid=(2,), grid_names=('blocks',))", "0.8.3", "kernel_args"),
        ("ValueError", "cluster_names must have the same length as cluster, got Mesh()", "0.10.2",
         "kernel_args"),
        ("ValueError", "cluster= must be at most 3D, got Mesh()", "0.10.2", "kernel_args"),
        ("ValueError", "Requested too many CUDA threads per block. Each Mosaic thread corresponds "
         "to 128 CUDA threads. At most 16 are supported, got Mesh()", "0.12.0.1", "kernel_args"),
        # PAL011 (tests/fixtures/single/pal011/).
        ("TypeError", "As of JAX v0.7, parameters to jaxpr equations must have __hash__ and __eq__ "
         "methods. In a call to primitive multimem_store, the value of parameter collective_axes "
         "was not hashable: ['x', 'y']", "0.10.2", "axes_unhashable"),
        ("TypeError", "unhashable type: 'list'", "0.12.0.1", "axes_unhashable"),
        ("TypeError", "As of JAX v0.7, parameters to jaxpr equations must have __hash__ and __eq__ "
         "methods. In a call to primitive foo, the value of parameter shape was not hashable",
         "0.12.0.1", "other"),
    ],
)
def test_classify(exc_type: str, message: str, version: str, cls: str) -> None:
    assert classify(exc_type, message, version) == cls


def test_every_class_has_its_contract_code() -> None:
    assert CLASS_TO_CODE == {
        "mesh_required": "PAL001",
        "axes_mismatch": "PAL002",
        "layout_missing": "PAL003",
        "layout_unsupported": "PAL004",
        "axis_unknown": "PAL005",
        "reduction_dtype": "PAL006",
        "vector_width": "PAL007",
        "api_removed": "PAL008",
        "api_renamed": "PAL009",
        "kernel_args": "PAL010",
        "axes_unhashable": "PAL011",
        "mesh_device_order": "PAL021",
        "shard_map_no_mesh": "PAL022",
        "nested_shard_map_mesh": "PAL023",
        "release_cannot_lower": "PAL024",
    }


@given(exc_type=st.text(max_size=30), message=st.text(max_size=300),
       version=st.one_of(st.none(), st.text(max_size=12)))
def test_classify_is_total(exc_type: str, message: str, version: str | None) -> None:
    assert classify(exc_type, message, version) in {*CLASS_TO_CODE, "other"}
