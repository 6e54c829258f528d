"""Wall time and peak memory of one call, in this process.

``measure``: the **RSS delta**, the peak resident set size of the process while the call runs
(sampled every 5 ms from /proc/self/statm by a background thread) minus the RSS just before it;
freed heap is handed back to the OS first (glibc ``malloc_trim``) so earlier calls' memory is not
silently reused. It includes C++ allocations (CP-SAT, numpy) and does not slow Python down, but a
spike shorter than 5 ms may be missed, and memory the allocator still keeps from earlier calls
can hide part of the call's own use.

``python_heap_peak``: the **tracemalloc peak** of a call (Python allocations only, not CP-SAT's
C++ memory); it slows Python down, so the timed run never uses it.

``process_peak_rss_bytes``: the whole process's high-water mark (getrusage).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import resource
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _load_libc():
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim  # noqa: B018 (glibc only)
        return libc
    except (OSError, AttributeError):
        return None


_LIBC = _load_libc()


def release_free_memory() -> None:
    gc.collect()
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def current_rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * _PAGE
    except OSError:  # not Linux: fall back to the high-water mark
        return process_peak_rss_bytes()


def process_peak_rss_bytes() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if os.uname().sysname == "Darwin" else peak * 1024


@dataclass
class Measured:
    value: Any
    wall_time_s: float
    peak_rss_delta_mb: float


def python_heap_peak_mb(fn: Callable[[], Any]) -> float:
    """Peak Python heap (tracemalloc) while ``fn`` runs, in MB."""
    import tracemalloc

    release_free_memory()
    tracemalloc.start()
    try:
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 2**20


def measure(fn: Callable[[], Any], interval_s: float = 0.005) -> Measured:
    release_free_memory()
    before = current_rss_bytes()
    peak = [before]
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(interval_s):
            rss = current_rss_bytes()
            if rss > peak[0]:
                peak[0] = rss

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    started = time.perf_counter()
    try:
        value = fn()
    finally:
        wall = time.perf_counter() - started
        stop.set()
        sampler.join()
    peak[0] = max(peak[0], current_rss_bytes())
    return Measured(value, wall, (peak[0] - before) / 2**20)
