"""Draws the extension's 128x128 icon: a 2x2 mesh of GPU tiles joined by multicast arrows."""
# Run from the repository root with Pillow installed: python client/scripts/draw-icon.py
from PIL import Image, ImageDraw

S = 4  # supersample, then downscale for smooth edges
size = 128 * S
img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
d = ImageDraw.Draw(img)
d.rounded_rectangle([0, 0, size - 1, size - 1], radius=24 * S, fill=(24, 33, 58, 255))
tile = 30 * S
gap = 20 * S
x0 = (size - 2 * tile - gap) // 2
y0 = x0 - 6 * S
colors = [(255, 153, 51), (255, 196, 61), (87, 186, 255), (126, 224, 129)]
centers = []
for i in range(2):
    for j in range(2):
        x = x0 + j * (tile + gap)
        y = y0 + i * (tile + gap)
        d.rounded_rectangle([x, y, x + tile, y + tile], radius=6 * S, fill=colors[2 * i + j])
        centers.append((x + tile // 2, y + tile // 2))
# the multimem hub in the middle, with spokes to each tile
cx = cy = None
cx = (centers[0][0] + centers[3][0]) // 2
cy = (centers[0][1] + centers[3][1]) // 2
for x, y in centers:
    d.line([(cx, cy), (x, y)], fill=(255, 255, 255, 255), width=5 * S)
d.ellipse([cx - 11 * S, cy - 11 * S, cx + 11 * S, cy + 11 * S], fill=(255, 255, 255, 255))
d.ellipse([cx - 6 * S, cy - 6 * S, cx + 6 * S, cy + 6 * S], fill=(24, 33, 58, 255))
# a check mark underneath: the lowering confirmation
bx, by = size // 2, size - 17 * S
d.line([(bx - 12 * S, by - 2 * S), (bx - 3 * S, by + 6 * S), (bx + 14 * S, by - 9 * S)], fill=(126, 224, 129, 255), width=6 * S, joint="curve")
img = img.resize((128, 128), Image.LANCZOS)
img.save("client/media/icon.png", optimize=True)
