"""Image files made in memory for the photo tests: real encoders, never files from disk."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image, PngImagePlugin

GPS_IFD = 0x8825
MAKE = 0x010F
ORIENTATION = 0x0112


def card_picture(width: int = 630, height: int = 880, colour=(31, 78, 140)) -> Image.Image:
    """A card-shaped picture: a coloured frame and a white half, so orientation shows."""
    image = Image.new("RGB", (width, height), colour)
    image.paste((255, 255, 255), (0, height // 2, width, height))
    return image


def jpeg(image: Image.Image | None = None, *, exif: Image.Exif | None = None) -> bytes:
    out = io.BytesIO()
    kwargs = {"exif": exif.tobytes()} if exif is not None else {}
    (image or card_picture()).save(out, format="JPEG", quality=90, **kwargs)
    return out.getvalue()


def jpeg_with_gps_and_orientation() -> bytes:
    """A JPEG a phone would send: its maker, where it was taken, and turned a quarter."""
    exif = Image.Exif()
    exif[MAKE] = "PhoneMaker"
    exif[ORIENTATION] = 6  # rotate 90° clockwise to show upright
    exif.get_ifd(GPS_IFD).update({1: "N", 2: (55.0, 45.0, 0.0), 3: "E", 4: (37.0, 37.0, 0.0)})
    # Stored sideways (the upright card turned a quarter anticlockwise): 880 wide, 630 high.
    return jpeg(card_picture().rotate(90, expand=True), exif=exif)


def png(image: Image.Image | None = None, *, text: dict[str, str] | None = None) -> bytes:
    out = io.BytesIO()
    info = PngImagePlugin.PngInfo()
    for key, value in (text or {}).items():
        info.add_text(key, value)
    (image or card_picture().convert("RGBA")).save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def webp(image: Image.Image | None = None) -> bytes:
    out = io.BytesIO()
    (image or card_picture()).save(out, format="WEBP", quality=80)
    return out.getvalue()


def gif() -> bytes:
    out = io.BytesIO()
    card_picture().convert("P").save(out, format="GIF")
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png_bomb(side: int = 100_000) -> bytes:
    """A decompression bomb: a valid PNG header claiming ``side`` × ``side`` pixels (10 billion
    by default) over a few hundred bytes of zeros that would inflate to gigabytes."""
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)  # 8-bit greyscale
    row = b"\0" * (side + 1)
    compressor = zlib.compressobj(9)
    data = compressor.compress(row * 64) + compressor.flush()
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", data)
        + _chunk(b"IEND", b"")
    )


def html_named_jpg() -> bytes:
    """What a file named ``card.jpg`` may really hold."""
    return b"<!doctype html><html><body><script>alert(1)</script></body></html>"


def truncated_jpeg() -> bytes:
    data = jpeg()
    return data[: len(data) // 3]


def sample_card_photo() -> bytes:
    """A card-shaped test picture that says what it is: not a photo of any printed card."""
    from PIL import ImageDraw

    image = card_picture()
    draw = ImageDraw.Draw(image)
    draw.rectangle((40, 40, 590, 840), outline=(240, 180, 41), width=8)
    for line, y in (("SAMPLE", 200), ("TEST PICTURE", 260), ("not a real card", 320)):
        draw.text((80, y), line, fill=(255, 255, 255), font_size=48)
    return jpeg(image)
