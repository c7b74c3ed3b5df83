"""The keyed random stream every surrogate choice draws from (annotator.deid.surrogates.base)."""

from __future__ import annotations

from collections import Counter

from annotator.deid.surrogates.base import DocumentContext, KeyedRandom, rng_key

KEY = rng_key(bytes(range(32)))


def test_one_key_and_message_give_one_stream_and_others_another():
    draws = [[r.randrange(1000) for _ in range(50)] for r in (KeyedRandom(KEY, b"ana"), KeyedRandom(KEY, b"ana"),
                                                              KeyedRandom(KEY, b"ano"), KeyedRandom(rng_key(b"x" * 32), b"ana"))]
    assert draws[0] == draws[1]
    assert draws[0] != draws[2] and draws[0] != draws[3]


def test_the_stream_goes_on_past_its_first_hash_without_a_seam():
    one, two = KeyedRandom(KEY, b"v"), KeyedRandom(KEY, b"v")
    assert one.getrandbits(1500) == sum(two.getrandbits(100) << (100 * i) for i in range(15))
    assert len({KeyedRandom(KEY, b"v").getrandbits(2048) >> (512 * i) & (2 ** 512 - 1) for i in range(4)}) == 4


def test_draws_are_spread_evenly_and_the_context_uses_the_stream():
    counts = Counter(KeyedRandom(KEY, str(i).encode()).randrange(6) for i in range(6000))
    assert sorted(counts) == list(range(6)) and all(900 < n < 1100 for n in counts.values())
    assert all(0.0 <= KeyedRandom(KEY, b"f").random() < 1.0 for _ in range(100))
    ctx = DocumentContext("t", "d", "es", (), bytes(range(32)))
    assert ctx.random("name", "ana").getrandbits(64) == KeyedRandom(KEY, b"name\x1fana").getrandbits(64)
    assert rng_key(b"k" * 100) != rng_key(b"k" * 99)  # a secret past 64 bytes is not cut
