"""Shared settings of the project's kernels."""
MESH_AXES = ("devices",)
SHAPE = (256, 128)
REDUCTION = {"name": "add", "vec_size": 4}
