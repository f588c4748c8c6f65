"""Settings are an XML property list parsed with `plistlib.loads`; the axes are its `axes` array."""
import plistlib

import jax
import jax.numpy as jnp
from jax.experimental.pallas import mosaic_gpu as plgpu

P = jax.sharding.PartitionSpec
SHAPE = (128, 128)
PLIST = b"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>axes</key>
  <array><string>nodes</string><string>lanes</string></array>
  <key>vec_size</key>
  <integer>4</integer>
</dict>
</plist>
"""

SETTINGS = plistlib.loads(PLIST)


def body(x_ref, y_ref):
    value = plgpu.layout_cast(x_ref[...], plgpu.Layout.WG_STRIDED(SHAPE, vec_size=SETTINGS["vec_size"]))
    plgpu.multimem_store(value, y_ref, tuple(SETTINGS["axes"]))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("nodes", "lane"))
    call = plgpu.kernel(body, out_type=jax.ShapeDtypeStruct(SHAPE, jnp.int32))
    run = jax.jit(jax.shard_map(call, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))
    print(run(jnp.ones(SHAPE, jnp.int32)))
