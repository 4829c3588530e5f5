"""The compiled depth search's bit count: the CPU's instruction where the build found one, and the
portable count, both equal to ``int.bit_count`` on every word."""

from __future__ import annotations

import platform
import random
from pathlib import Path

import pytest
from conftest import depth_module

#: Words whose counts catch a count that drops a byte, a carry or the top bit.
EDGES = (0, 1, 1 << 63, (1 << 64) - 1, 0x8000000000000001, 0x0101010101010101, 0xFF00FF00FF00FF00,
         0x7FFFFFFFFFFFFFFF, 0x5555555555555555, 0xAAAAAAAAAAAAAAAA)


@pytest.mark.parametrize("path", ["compiled", "plain"])
def test_both_bit_counts_agree_with_python_on_every_word(path):
    module = depth_module(path)
    rng = random.Random(9)
    words = [*EDGES, *(rng.getrandbits(64) for _ in range(5000)),
             *(rng.getrandbits(rng.randrange(1, 65)) for _ in range(2000))]
    for word in words:
        assert module.bit_counts(word) == (word.bit_count(), word.bit_count()), hex(word)


def _cpu_has_popcnt() -> bool:
    cpuinfo = Path("/proc/cpuinfo")
    return cpuinfo.exists() and " popcnt" in cpuinfo.read_text(encoding="ascii", errors="replace")


@pytest.mark.skipif(platform.machine().lower() not in ("x86_64", "amd64") or not _cpu_has_popcnt(),
                    reason="an x86-64 CPU with the popcnt instruction")
def test_the_build_uses_the_cpus_bit_count_where_the_cpu_has_it():
    # setup.py compiles and runs a probe; on such a CPU with gcc or clang it must find the instruction
    assert depth_module("compiled").hardware_bit_count()


def test_the_plain_path_reports_no_hardware_count():
    assert not depth_module("plain").hardware_bit_count()
