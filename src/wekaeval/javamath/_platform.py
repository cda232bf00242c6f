"""Which JVM's arithmetic to reproduce: Java's ``Math.log``, ``Math.exp`` and ``Math.pow`` by platform and CPU.

Java leaves the last bit of ``Math.log``, ``Math.exp`` and ``Math.pow`` to the JVM, so WEKA's doubles
depend on where it runs:

* **x86_64 HotSpot** replaces all three by Intel LIBM intrinsics (the same machine code in the
  interpreter and both JITs).  ``Math.log`` and ``Math.pow`` pick a table entry from the processor's
  approximate reciprocal ``RCPPS``, whose bits the instruction set leaves to the vendor: AMD and
  Intel processors differ, and with the other vendor's table about one ``Math.pow`` in 110,000 is
  one unit in the last place off.
* **aarch64 HotSpot** (Apple silicon, Graviton) and other platforms have no such intrinsics: the
  JVM calls its copy of fdlibm, the functions ``StrictMath`` computes everywhere.

:func:`java_platform` decides which of these the port reproduces.  By default it is the host's own
(what a JVM started here computes): on x86_64 the port runs ``RCPPS`` itself over all 2**23 inputs
the intrinsics can give it (some 0.04 s of CPU, once per process) and derives the table indexes from the
results; where running it is impossible, the vendor string picks one of the tables measured on
known processors.  To reproduce a WEKA that ran elsewhere, name it: ``cpu="intel"`` on the
functions that take it, or ``WEKAEVAL_CPU=intel`` in the environment.

Examples
--------
>>> from wekaeval.javamath import java_platform
>>> java_platform("amd").describe()
'x86_64 HotSpot intrinsics, RCPPS of AMD EPYC (Zen 3, family 0x19 model 0x01) (cpu="amd")'
>>> java_platform("aarch64").math
'fdlibm'
"""

from __future__ import annotations

import ctypes
import mmap
import os
import platform
import sys
import warnings
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, Literal

from wekaeval.javamath._rcpps_tables import MEASURED_CPUS, MeasuredCpu

if TYPE_CHECKING:  # numpy is imported where arrays are made: the CLI's --cpu choices need none
    from collections.abc import Generator, Iterable

    import numpy as np

#: The environment variable that names the platform when no ``cpu=`` is given.
ENVIRONMENT_VARIABLE = "WEKAEVAL_CPU"


#: What ``cpu=`` (and ``WEKAEVAL_CPU``) accept: ``"auto"`` is the host's own JVM; ``"amd"`` and
#: ``"intel"`` an x86_64 HotSpot on that vendor's processor; ``"aarch64"`` a JVM without intrinsics
#: (ARM HotSpot: fdlibm's functions, as ``StrictMath``).
CPU_CHOICES = ("auto", "amd", "intel", "aarch64")


Cpu = Literal["auto", "amd", "intel", "aarch64"]


_VENDORS = {"AuthenticAMD": "amd", "GenuineIntel": "intel"}


_SIGNIFICANDS = 1 << 23  # the float 1.f23 that reaches RCPPS: x's leading 23 significand bits


class JavaPlatformWarning(UserWarning):
    """The platform was chosen by a guess that can change last bits (say which with ``WEKAEVAL_CPU``)."""


class RcppsUnavailable(RuntimeError):
    """``RCPPS`` cannot be run from this process (not x86_64, or no executable memory)."""


@dataclass(frozen=True)
class JavaPlatform:
    """The JVM arithmetic the port reproduces.

    Attributes
    ----------
    math : {"hotspot-x86_64", "fdlibm"}
        HotSpot's x86_64 intrinsics, or fdlibm (aarch64 and other JVMs; ``StrictMath`` everywhere).
    rcpps : str or None
        Whose ``RCPPS`` the intrinsics' table indexes come from (None for fdlibm).
    chosen_by : str
        How it was chosen: measured on this CPU, a vendor string, ``cpu=...`` or ``WEKAEVAL_CPU``.
    pow_breakpoints, log_breakpoints : tuple of int
        The 23-bit significands (``f23``, the leading bits of x's significand) at which the
        ``Math.pow`` and ``Math.log`` table indexes step down by one (empty for fdlibm).
    """

    math: Literal["hotspot-x86_64", "fdlibm"]
    rcpps: str | None
    chosen_by: str
    pow_breakpoints: tuple[int, ...] = ()
    log_breakpoints: tuple[int, ...] = ()

    def describe(self) -> str:
        """One line for records and ``--version``.

        >>> java_platform("aarch64").describe()
        'fdlibm, as StrictMath and ARM HotSpot (cpu="aarch64")'
        """
        if self.math == "fdlibm":
            return f"fdlibm, as StrictMath and ARM HotSpot ({self.chosen_by})"
        return f"x86_64 HotSpot intrinsics, RCPPS of {self.rcpps} ({self.chosen_by})"

    @property
    def is_the_hosts(self) -> bool:
        """Whether this is what a JVM started here computes, as established here: ``RCPPS`` measured on this
        x86_64 processor (or the same tables named), or fdlibm on an aarch64 host.  False for a vendor
        string's guess, for an unknown machine, and for another processor's tables.
        """
        host = _resolve("auto", "")
        if host.chosen_by != "RCPPS measured on this CPU" and not (
            host.math == "fdlibm" and platform.machine().lower() in ("aarch64", "arm64")
        ):
            return False
        return (self.math, self.pow_breakpoints, self.log_breakpoints) == (
            host.math,
            host.pow_breakpoints,
            host.log_breakpoints,
        )

    @property
    def pow_index(self) -> np.ndarray:
        """``Math.pow``'s log2 table index (0..512) by x's leading 13 significand bits."""
        return _index_of_top13(self.pow_breakpoints, 512)

    @property
    def log_index(self) -> np.ndarray:
        """``Math.log``'s table index (0..128) by x's leading 13 significand bits."""
        return _index_of_top13(self.log_breakpoints, 128)

    # The two indexes as lists, for the paths on one Python float (a list item is read 10x faster than an
    # array's); kept on the platform, so that a call finds them without hashing the breakpoints.
    @cached_property
    def _pow_indexes(self) -> list[int]:
        return _index_of_top13(self.pow_breakpoints, 512).tolist()

    @cached_property
    def _log_indexes(self) -> list[int]:
        return _index_of_top13(self.log_breakpoints, 128).tolist()


@cache
def _index_of_top13(breakpoints: tuple[int, ...], top: int) -> np.ndarray:
    """The index by leading 13 bits: ``top`` from 0, one less from each breakpoint on."""
    import numpy as np

    if any(point % 1024 for point in breakpoints):  # never seen: both vendors step at multiples of 2**10
        raise ValueError("an RCPPS table whose steps fall inside a block of 2**10 significands is not supported")
    starts = np.arange(8192, dtype=np.int64) << 10
    steps = np.searchsorted(np.asarray(breakpoints, dtype=np.int64), starts, side="right") - 1
    index = (top - steps).astype(np.intp)
    index.flags.writeable = False
    return index


# movups xmm0, [in]; rcpps xmm0, xmm0; movups [out], xmm0; in += 16; out += 16; n -= 4; loop while n;
# ret.  (in, out, n) arrive in rdi, rsi, rdx (System V: Linux, macOS) or rcx, rdx, r8 (Windows x64).
_LOOP_SYSV = bytes.fromhex("0f10070f53c00f11064883c7104883c6104883ea0475e9c3")


_LOOP_WIN64 = bytes.fromhex("0f10010f53c00f11024883c1104883c2104983e80475e9c3")


def _is_x86_64() -> bool:
    return platform.machine().lower() in ("x86_64", "amd64", "x64") and sys.maxsize > 2**32


class _ExecutablePage:
    """One page of machine code, writable first, then executable and read-only (W^X)."""

    def __init__(self, code: bytes) -> None:
        self.size = mmap.PAGESIZE
        if os.name == "nt":
            self._kernel = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
            self._kernel.VirtualAlloc.restype = ctypes.c_void_p
            self._kernel.VirtualAlloc.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_uint32]
            self._kernel.VirtualProtect.argtypes = [
                ctypes.c_void_p,
                ctypes.c_size_t,
                ctypes.c_uint32,
                ctypes.POINTER(ctypes.c_uint32),
            ]
            self._kernel.VirtualFree.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint32]
            address = self._kernel.VirtualAlloc(None, self.size, 0x3000, 0x04)  # commit | reserve, read-write
            if not address:
                raise RcppsUnavailable("VirtualAlloc failed")
            self.address = address
            ctypes.memmove(address, code, len(code))
            old = ctypes.c_uint32()
            if not self._kernel.VirtualProtect(address, self.size, 0x20, ctypes.byref(old)):  # execute-read
                self.close()
                raise RcppsUnavailable("VirtualProtect to execute-read was refused")
            return
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mmap.restype = ctypes.c_void_p
        libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
        libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
        self._libc = libc
        flags = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS
        address = libc.mmap(None, self.size, mmap.PROT_READ | mmap.PROT_WRITE, flags, -1, 0)
        if address in (None, ctypes.c_void_p(-1).value):
            raise RcppsUnavailable(f"mmap failed: {os.strerror(ctypes.get_errno())}")
        self.address = address
        ctypes.memmove(address, code, len(code))
        if libc.mprotect(address, self.size, mmap.PROT_READ | mmap.PROT_EXEC) != 0:
            error = os.strerror(ctypes.get_errno())
            self.close()
            raise RcppsUnavailable(f"the system refuses executable memory (mprotect: {error})")

    def close(self) -> None:
        if os.name == "nt":
            self._kernel.VirtualFree(self.address, 0, 0x8000)  # release
        else:
            self._libc.munmap(self.address, self.size)


def measure_rcpps() -> np.ndarray:
    """This processor's ``RCPPS`` of every float ``1.f23`` (2**23 of them), as float32 bit patterns.

    The intrinsics give ``RCPPS`` exactly these: x's exponent field forced to 1023 and its leading 23
    significand bits kept.  Runs the instruction from a page of machine code (x86_64 Linux, macOS
    and Windows); raises :class:`RcppsUnavailable` where it cannot.

    >>> try:
    ...     rcp = measure_rcpps()
    ... except RcppsUnavailable:                # not x86_64, or no executable memory here
    ...     rcp = None
    >>> rcp is None or (rcp.shape == (1 << 23,) and hex(rcp[0]) == "0x3f7ff000")   # RCPPS(1.0), AMD and Intel alike
    True
    """
    import numpy as np

    rcp = np.empty(_SIGNIFICANDS, dtype=np.uint32)
    for start, block in enumerate(_rcpps_blocks()):
        rcp[start * _BLOCK : (start + 1) * _BLOCK] = block
    return rcp


#: Significands per block: ``RCPPS`` is run, and its results are read, a block at a time, so that a process's
#: first ``Math.log`` or ``Math.pow`` works in the processor's cache and holds no 2**23-element array: a process
#: that imports numpy and takes one ``java_log`` peaked at 137 MB and 0.36 CPU-s with whole arrays, 32 MB and
#: 0.32 s by blocks (numpy's import alone 0.26 s; Intel Xeon, 2026-11-29).
_BLOCK = 1 << 16


def _rcpps_blocks() -> Generator[np.ndarray, None, None]:
    """``RCPPS(1.f23)`` for every ``f23`` in order, ``_BLOCK`` results at a time, in one reused array."""
    import numpy as np

    if not _is_x86_64():
        raise RcppsUnavailable(f"RCPPS is an x86_64 instruction; this is {platform.machine() or 'unknown'}")
    page = _ExecutablePage(_LOOP_WIN64 if os.name == "nt" else _LOOP_SYSV)
    try:
        loop = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)(page.address)
        offsets = np.arange(_BLOCK, dtype=np.uint32)
        inputs, out = np.empty_like(offsets), np.empty_like(offsets)
        for start in range(0, _SIGNIFICANDS, _BLOCK):
            np.add(offsets, np.uint32(0x3F800000 + start), out=inputs)  # 1.f23 for f23 in the block
            loop(inputs.ctypes.data, out.ctypes.data, _BLOCK)
            yield out
    finally:
        page.close()


def breakpoints_from_rcpps(rcp: np.ndarray) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``Math.pow`` and ``Math.log`` table-index breakpoints that these ``RCPPS`` results give.

    ``Math.pow`` (``macroAssembler_x86_pow.cpp``) multiplies the reciprocal by 1.4453125f, rounds the
    float at its 14th bit (adding 0x2000 to its pattern) and takes the index from bits 14..23, less
    228; ``Math.log`` (``macroAssembler_x86_log.cpp``) rounds the reciprocal itself at its 16th bit
    (adding 0x8000) and takes the index from bits 16..23.  Each index falls by one at every breakpoint,
    from 512 (pow) and 128 (log) at ``f23 = 0``.

    >>> import numpy as np
    >>> f23 = np.arange(1 << 23, dtype=np.uint32)
    >>> exact = (np.float32(1) / (np.uint32(0x3F800000) | f23).view(np.float32)).view(np.uint32)
    >>> pow_points, log_points = breakpoints_from_rcpps(exact)   # the correctly rounded reciprocal
    >>> len(pow_points), len(log_points)
    (513, 129)
    """
    import numpy as np

    rcp = np.asarray(rcp, dtype=np.uint32)
    if rcp.shape != (_SIGNIFICANDS,):
        raise ValueError(f"rcp must hold the 2**23 results of RCPPS(1.f23), not an array of shape {rcp.shape}")
    return _breakpoints(rcp[start : start + _BLOCK] for start in range(0, _SIGNIFICANDS, _BLOCK))


_NOT_FALLING_BY_ONE = "these RCPPS results do not give an index falling by one from top to 0"


def _breakpoints(blocks: Iterable[np.ndarray]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`breakpoints_from_rcpps` of the 2**23 results given in order, ``_BLOCK`` at a time; every result
    is checked: each index falls by exactly one at each step, from its top at ``f23 = 0`` to 0 at the last."""
    import numpy as np

    pow_index, log_index, fall = (np.empty(_BLOCK, dtype=np.uint32) for _ in range(3))
    stepped = np.empty(_BLOCK, dtype=bool)
    found: tuple[list[int], list[int]] = ([0], [0])
    first: list[int] = []
    last: list[int] = []
    for number, rcp in enumerate(blocks):
        np.multiply(rcp.view(np.float32), np.float32(1.4453125), out=pow_index.view(np.float32))
        pow_index += np.uint32(0x2000)
        pow_index >>= np.uint32(14)
        pow_index &= np.uint32(0x3FF)
        np.add(rcp, np.uint32(0x8000), out=log_index)
        log_index >>= np.uint32(16)
        log_index &= np.uint32(0xFF)
        pow_index -= np.uint32(228)  # 512 down to 0 (read as int32 below, a value under 228 reads negative)
        indexes = (pow_index.view(np.int32), log_index.view(np.int32))
        if number == 0:
            first = [int(index[0]) for index in indexes]
        for index, steps, previous in zip(indexes, found, last or first, strict=True):
            drops = fall.view(np.int32)
            drops[0] = previous - index[0]  # a step at the block's first significand
            np.subtract(index[:-1], index[1:], out=drops[1:])
            where = np.flatnonzero(np.not_equal(drops, 0, out=stepped))  # a mask's nonzero: 4x an int's speed
            if np.any(drops[where] != 1):
                raise ValueError(_NOT_FALLING_BY_ONE)
            steps.extend((where + number * _BLOCK).tolist())
        last = [int(index[-1]) for index in indexes]
    if first != [512, 128] or last != [0, 0]:
        raise ValueError(_NOT_FALLING_BY_ONE)
    return tuple(found[0]), tuple(found[1])


@cache
def measured_breakpoints() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """This processor's ``Math.pow`` and ``Math.log`` breakpoints (:func:`measure_rcpps`'s results, read a block
    at a time; once per process)."""
    blocks = _rcpps_blocks()
    try:
        return _breakpoints(blocks)
    finally:
        blocks.close()  # the page of machine code goes at once, whatever the check found


def cpu_vendor() -> str | None:
    """The processor's CPUID vendor string (``"GenuineIntel"``, ``"AuthenticAMD"``, ...), or None.

    Read from ``/proc/cpuinfo`` (Linux), ``sysctl machdep.cpu.vendor`` (macOS) or the processor
    description (Windows), never by running code.
    """
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/cpuinfo", encoding="ascii", errors="replace") as info:
                for line in info:
                    if line.startswith("vendor_id"):
                        return line.partition(":")[2].strip() or None
        except OSError:
            return None
        return None
    if sys.platform == "darwin":
        import subprocess

        try:
            done = subprocess.run(
                ["sysctl", "-n", "machdep.cpu.vendor"], capture_output=True, text=True, timeout=5, check=False
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() or None
    if os.name == "nt":
        words = platform.processor().replace(",", " ").split()
        return next((word for word in words if word in _VENDORS), None)
    return None


def _stored(cpu: str) -> MeasuredCpu:
    return next(measured for measured in MEASURED_CPUS if measured.vendor == cpu)


def _from_table(cpu: str, chosen_by: str) -> JavaPlatform:
    stored = _stored(cpu)
    if stored.log_breakpoints is not None:
        return JavaPlatform("hotspot-x86_64", stored.cpu, chosen_by, stored.pow_breakpoints, stored.log_breakpoints)
    # Math.log's index on this processor was never measured outside a run on it: another vendor's
    # differs only next to its steps, and such a difference changed 0 of 20 million logs drawn from
    # exactly those significands (docs/which-weka.md); Math.pow's differences do change results.
    other = next(measured for measured in MEASURED_CPUS if measured.log_breakpoints is not None)
    assert other.log_breakpoints is not None
    return JavaPlatform(
        "hotspot-x86_64",
        f"{stored.cpu}; Math.log's index of {other.cpu}",
        chosen_by,
        stored.pow_breakpoints,
        other.log_breakpoints,
    )


def _auto() -> JavaPlatform:
    if not _is_x86_64():
        machine = platform.machine() or "an unknown machine"
        return JavaPlatform("fdlibm", None, f"{machine}: no HotSpot intrinsics")
    vendor = cpu_vendor()
    try:
        pow_points, log_points = measured_breakpoints()
    except (RcppsUnavailable, OSError, ValueError) as error:
        cpu = _VENDORS.get(vendor or "")
        if cpu is None:
            warnings.warn(
                f"RCPPS could not be measured ({error}) and the vendor {vendor!r} has no stored table: "
                f"reproducing an AMD processor's Math.pow and Math.log; set {ENVIRONMENT_VARIABLE} to say which",
                JavaPlatformWarning,
                stacklevel=3,
            )
            cpu = "amd"
        return _from_table(cpu, f"vendor {vendor or 'unknown'}; RCPPS not measured: {error}")
    for stored in MEASURED_CPUS:
        if stored.pow_breakpoints == pow_points and stored.log_breakpoints in (None, log_points):
            return JavaPlatform("hotspot-x86_64", stored.cpu, "RCPPS measured on this CPU", pow_points, log_points)
    return JavaPlatform(
        "hotspot-x86_64",
        f"this CPU ({vendor or 'unknown vendor'}; no stored table matches)",
        "RCPPS measured on this CPU",
        pow_points,
        log_points,
    )


@cache
def _resolve(cpu: str, chosen_by: str) -> JavaPlatform:
    if cpu == "auto":
        return _auto()
    if cpu == "aarch64":
        return JavaPlatform("fdlibm", None, chosen_by)
    return _from_table(cpu, chosen_by)


def java_platform(cpu: Cpu | None = None) -> JavaPlatform:
    """The JVM arithmetic to reproduce: ``cpu`` if given, else ``WEKAEVAL_CPU``, else the host's.

    Parameters
    ----------
    cpu : {"auto", "amd", "intel", "aarch64"}, optional
        ``"auto"`` measures the host; the others name a JVM platform, to reproduce a WEKA run
        on another machine.

    Examples
    --------
    >>> java_platform("intel").rcpps.split(";")[0]
    'Intel Xeon (Sapphire Rapids class, family 6 model 0xA7)'
    >>> java_platform("sparc")
    Traceback (most recent call last):
    ...
    ValueError: cpu must be one of 'auto', 'amd', 'intel', 'aarch64', not 'sparc'
    """
    # Every call reads the environment (the command line's --cpu and tests change it while the process runs);
    # the rest is two cache hits, so that Java's Math.log costs little more than its steps.
    if cpu is None:
        choice = _environment_choice(os.environ.get(ENVIRONMENT_VARIABLE))
    else:
        try:
            choice = _ARGUMENT_CHOICES[cpu]
        except (KeyError, TypeError):  # TypeError: an unhashable cpu
            raise ValueError(f"cpu must be one of {', '.join(map(repr, CPU_CHOICES))}, not {cpu!r}") from None
    return _resolve(*choice)


#: ``cpu=``'s choices as :func:`_resolve`'s arguments: the name and how it was chosen.
_ARGUMENT_CHOICES = {cpu: (cpu, f'cpu="{cpu}"') for cpu in CPU_CHOICES}


@cache
def _environment_choice(value: str | None) -> tuple[str, str]:
    """What ``WEKAEVAL_CPU=value`` chooses, as :func:`_resolve`'s arguments (unset or blank: the host's); kept
    per value met, except a bad one, which raises each time (a cache keeps no exception)."""
    named = (value or "").strip().lower()
    if not named:
        return "auto", ""
    if named not in CPU_CHOICES:
        raise ValueError(f"{ENVIRONMENT_VARIABLE} must be one of {', '.join(CPU_CHOICES)}, not {named!r}")
    return named, f"{ENVIRONMENT_VARIABLE}={named}"
