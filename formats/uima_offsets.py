"""cassis's offset tables, built in constant time when the text is all in the Basic Multilingual Plane.

cassis converts every annotation offset between UTF-16 units (UIMA's) and code points (Python's)
through two dicts it builds per sofa, one entry per character, when a sofa string is set or read
(``Utf16CodepointOffsetConverter.create_offset_mapping``): a large part of reading and writing
an XMI file. When no character of the text is outside the BMP both tables are the identity on
``0..len(text)``; :class:`Identity` answers exactly as that dict does (a value, or ``KeyError``
outside it, which cassis turns into its "Not mapping ... offset" warning) without being built.

:func:`use_fast_tables` puts :func:`fast_tables` in cassis's place (``True``) or gives cassis its
own method back (``False``); :func:`plain_tables` is what cassis builds, the reference the fast
path is tested against. The offsets are still converted once, by cassis.
"""

from __future__ import annotations

from typing import Any, Iterator

from cassis.cas import Utf16CodepointOffsetConverter

_CASSIS_METHOD = Utf16CodepointOffsetConverter.create_offset_mapping


class Identity(dict):
    """The dict ``{i: i for i in range(size + 1)}``, answered without storing it."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __missing__(self, key: Any) -> int:
        if type(key) is int and 0 <= key <= self.size:
            return key
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return type(key) is int and 0 <= key <= self.size

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.size + 1))

    def __len__(self) -> int:
        return self.size + 1

    def get(self, key: Any, default: Any = None) -> Any:
        return key if key in self else default


def is_bmp(text: str) -> bool:
    """Whether every character of ``text`` is one UTF-16 unit."""
    return len(text.encode("utf-16-le")) == 2 * len(text)


def plain_tables(text: str) -> tuple[dict[int, int], dict[int, int]]:
    """(code point -> UTF-16 unit, UTF-16 unit -> code point) as cassis builds them."""
    converter = Utf16CodepointOffsetConverter()
    _CASSIS_METHOD(converter, text)
    return converter._python_to_external, converter._external_to_python


def fast_tables(text: str) -> tuple[dict[int, int], dict[int, int]]:
    """The same tables as :func:`plain_tables`; the identity, unbuilt, for BMP text."""
    if is_bmp(text):
        identity = Identity(len(text))
        return identity, identity
    return plain_tables(text)


def _create_offset_mapping(self: Utf16CodepointOffsetConverter, sofa_string: str | None) -> None:
    if sofa_string is not None:
        self._python_to_external, self._external_to_python = fast_tables(sofa_string)


def use_fast_tables(enabled: bool) -> None:
    """Make cassis build its offset tables with :func:`fast_tables` (or its own method again)."""
    Utf16CodepointOffsetConverter.create_offset_mapping = _create_offset_mapping if enabled else _CASSIS_METHOD
