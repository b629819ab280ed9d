"""png_check.py FILE: decode a PNG (8-bit RGB/RGBA, as Chromium writes
screenshots) with the standard library only, and report what a reader of
`usmcheck bench --format=svg` would see: each kind's bar colour, dark text,
and the longest horizontal run of the device and host colours."""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def near(p, rgb, tol=12):
    return all(abs(p[k] - rgb[k]) <= tol for k in range(3))


w, h, rows = decode(sys.argv[1])
print(f"size {w}x{h}")
colours = {"device": "1f77b4", "host": "ff7f0e", "shared": "2ca02c",
           "pageable": "9467bd", "copy": "7f7f7f", "launch": "8c564b"}
# The bandwidth panel is the upper half of the picture.
runs = {}
for name, hexrgb in colours.items():
    rgb = tuple(int(hexrgb[i:i + 2], 16) for i in (0, 2, 4))
    count, longest = 0, 0
    for y, row in enumerate(rows):
        run = 0
        for p in row:
            if near(p, rgb):
                count += 1
                run += 1
                if y < h // 2:
                    longest = max(longest, run)
            else:
                run = 0
    runs[name] = longest
    print(f"{name} {hexrgb} {'ok' if count >= 200 else 'MISSING'} ({count} pixels, longest run {longest})")
dark = sum(1 for row in rows for p in row if max(p) < 60)
print(f"text {'ok' if dark >= 2000 else 'MISSING'} ({dark} dark pixels)")
ok = runs["device"] > 1.5 * runs["host"]
print(f"bandwidth panel: longest device bar > 1.5 x longest host bar: {'ok' if ok else 'NO'}"
      f" ({runs['device']} vs {runs['host']})")
