"""Mutations of valid files for the fuzz tests of the readers and loaders (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# byte strings that readers of the project's formats give meaning to
TOKENS = [b"<", b">", b"&", b"\t", b"\n", b" ", b"\"", b"{", b"}", b"0", b"-1", b"9999999", b"\xff", b"\xc3", b";",
          b":", b"T1", b"<!DOCTYPE x>", b"\x00", b"]]>", b"(", b")", b"|", b"-->", b"=="]


@st.composite
def mutated(draw, original: bytes) -> bytes:
    """``original`` with a few random edits, or random bytes altogether."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=2000))
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        edit = draw(st.sampled_from(["replace", "insert", "delete", "truncate", "duplicate"]))
        if edit == "replace" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif edit == "insert":
            data[at:at] = draw(st.sampled_from(TOKENS))
        elif edit == "delete":
            del data[at:at + draw(st.integers(1, 20))]
        elif edit == "truncate":
            del data[at:]
        elif edit == "duplicate":
            end = min(len(data), at + draw(st.integers(1, 200)))
            data[end:end] = data[at:end]
    return bytes(data)


def fuzz_settings(examples: int) -> settings:
    """Reproducible runs (derandomized, no example database), a 2 s deadline per example as the
    hang guard, and the health checks that a temporary folder reused across examples trips off."""
    return settings(max_examples=examples, deadline=2000, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
