#!/usr/bin/env python3
"""Draw the app icons into site/icons/ (standard library only; run once, commit the PNGs).

    python3 tools/make_icons.py

A white playing card with a red heart on the site's green (--accent in style.css):
- icon-192.png, icon-512.png: a rounded green square on transparency ("any");
- icon-maskable-192.png, icon-maskable-512.png: full-bleed green, the card inside the
  central 80 % circle that every mask shape keeps ("maskable").
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "site" / "icons"
GREEN = (11, 110, 79)
WHITE = (251, 252, 251)
RED = (200, 32, 46)
SAMPLES = 4  # 4 x 4 subsamples per pixel for smooth edges


def rounded_rect(x: float, y: float, half_w: float, half_h: float, radius: float) -> bool:
    """Whether (x, y), relative to the centre, is inside a rounded rectangle."""
    dx, dy = abs(x) - (half_w - radius), abs(y) - (half_h - radius)
    if dx <= 0 or dy <= 0:
        return abs(x) <= half_w and abs(y) <= half_h
    return dx * dx + dy * dy <= radius * radius


def heart(x: float, y: float, size: float) -> bool:
    """The classic heart curve (x² + y² - 1)³ - x² y³ ≤ 0, scaled; y grows downwards."""
    u, v = x / size, -y / size + 0.15
    return (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0


def colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """The colour at (x, y) in [-0.5, 0.5]² of the icon."""
    card_w, card_h = (0.36, 0.48) if maskable else (0.44, 0.60)
    if rounded_rect(x, y, card_w / 2, card_h / 2, 0.04):
        if heart(x, y, card_w * 0.33):
            return (*RED, 255)
        return (*WHITE, 255)
    if maskable or rounded_rect(x, y, 0.5, 0.5, 0.11):
        return (*GREEN, 255)
    return (0, 0, 0, 0)


def draw(size: int, maskable: bool) -> bytes:
    rows = []
    for py in range(size):
        row = bytearray(b"\0")  # PNG filter type 0 for each row
        for px in range(size):
            total = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) / size - 0.5
                    y = (py + (sy + 0.5) / SAMPLES) / size - 0.5
                    r, g, b, a = colour_at(x, y, maskable)
                    total[0] += r * a
                    total[1] += g * a
                    total[2] += b * a
                    total[3] += a
            alpha = total[3]
            if alpha == 0:
                row += b"\0\0\0\0"
            else:
                row += bytes(round(c / alpha) for c in total[:3])
                row.append(round(alpha / SAMPLES**2))
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        for maskable in (False, True):
            name = f"icon-{'maskable-' if maskable else ''}{size}.png"
            data = draw(size, maskable)
            (OUT / name).write_bytes(data)
            print(f"{OUT / name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
