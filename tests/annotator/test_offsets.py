"""Code points <-> UTF-16 units <-> UTF-8 bytes."""

import pytest

from annotator.offsets import OffsetMapper


def test_identity_for_ascii_and_bmp() -> None:
    m = OffsetMapper("año 2019")
    assert [m.to_utf16(i) for i in range(9)] == list(range(9))
    assert [m.to_bytes(i) for i in range(4)] == [0, 1, 3, 4]  # ñ is two bytes
    assert m.from_bytes(3) == 2


def test_astral_characters_count_twice_in_utf16() -> None:
    text = "a\U0001F600b\ufeffc"  # emoji outside the BMP, then a BOM
    m = OffsetMapper(text)
    assert [m.to_utf16(i) for i in range(len(text) + 1)] == [0, 1, 3, 4, 5, 6]
    assert [m.from_utf16(u) for u in (0, 1, 3, 4, 5, 6)] == [0, 1, 2, 3, 4, 5]
    assert [m.to_bytes(i) for i in range(len(text) + 1)] == [0, 1, 5, 6, 9, 10]


def test_offsets_inside_a_character_are_rejected() -> None:
    m = OffsetMapper("a\U0001F600b")
    with pytest.raises(ValueError, match="inside a character"):
        m.from_utf16(2)
    with pytest.raises(ValueError, match="outside"):
        m.to_utf16(10)
