"""A `cmd.Cmd` shell's `do_*` handlers record the settings; a scripted session feeds them with `onecmd`."""
import cmd

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 256)
VEC = 8


class LaunchShell(cmd.Cmd):
    def __init__(self):
        super().__init__()
        self.settings = {}

    def do_axes(self, arg):
        self.settings["axes"] = tuple(arg.split())

    def do_reduce(self, arg):
        self.settings["reduction"] = arg

    def do_dtype(self, arg):
        self.settings["dtype"] = jnp.dtype(arg)


shell = LaunchShell()
for verb, argument in (("axes", "data model"), ("reduce", "max"), ("dtype", "float16")):
    shell.onecmd(f"{verb} {argument}")
SETTINGS = shell.settings


def body(x_ref, y_ref):
    y_ref[...] = plgpu.layout_cast(
        plgpu.multimem_load_reduce(
            x_ref, collective_axes=SETTINGS["axes"], reduction_op=SETTINGS["reduction"]),
        plgpu.Layout.WG_STRIDED(SHAPE, vec_size=VEC),
    )


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    call = plgpu.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(SHAPE, SETTINGS["dtype"]),
        compiler_params=plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Lane),
    )
    f = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(f(jnp.ones(SHAPE, SETTINGS["dtype"])))
