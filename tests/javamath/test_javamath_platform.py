"""wekaeval.javamath picks the JVM arithmetic to reproduce: this CPU's RCPPS, a named one, or fdlibm.

The stored tables are measurements; on an x86_64 host the test measures RCPPS again and compares
with the table stored for the host's vendor, so a CI run on each vendor re-checks its table.
"""

from __future__ import annotations

import numpy as np
import pytest

from wekaeval.javamath import JavaPlatformWarning, RcppsUnavailable, breakpoints_from_rcpps, java_platform
from wekaeval.javamath import _platform as javaplatform
from wekaeval.javamath._platform import measure_rcpps
from wekaeval.javamath._rcpps_tables import MEASURED_CPUS, format_measurement
from wekaeval.javamath._shared import cpu_vendor

X86_64 = javaplatform._is_x86_64()
VENDOR = {"AuthenticAMD": "amd", "GenuineIntel": "intel"}.get(cpu_vendor() or "")


def searched_index(breakpoints: tuple[int, ...], top: int) -> np.ndarray:
    """The index of every one of the 2**23 significands, by binary search over the breakpoints."""
    f23 = np.arange(1 << 23, dtype=np.int64)
    return top - (np.searchsorted(np.asarray(breakpoints), f23, side="right") - 1)


@pytest.mark.parametrize("measured", MEASURED_CPUS, ids=lambda m: m.vendor)
def test_every_stored_table_steps_by_one_and_its_13_bit_lookup_is_exact(measured):
    tables = [(measured.pow_breakpoints, 512), (measured.log_breakpoints, 128)]
    for breakpoints, top in tables:
        if breakpoints is None:
            continue
        assert len(breakpoints) == top + 1 and breakpoints[0] == 0
        assert all(a < b for a, b in zip(breakpoints, breakpoints[1:], strict=False))
        searched = searched_index(breakpoints, top)
        lookup = javaplatform._index_of_top13(breakpoints, top)
        assert np.array_equal(lookup[np.arange(1 << 23) >> 10], searched)


def test_the_vendors_tables_differ_where_measured():
    amd, intel = (next(m for m in MEASURED_CPUS if m.vendor == v) for v in ("amd", "intel"))
    differing = sum(a != b for a, b in zip(amd.pow_breakpoints, intel.pow_breakpoints, strict=False))
    assert differing == 296  # of 513: the measurement in docs/which-weka.md


@pytest.mark.skipif(not X86_64, reason="RCPPS is an x86_64 instruction")
def test_rcppsmeasured_breakpoints_is_the_stored_table_of_this_vendor():
    try:
        rcp = measure_rcpps()
    except RcppsUnavailable as error:
        pytest.skip(f"RCPPS cannot be run here: {error}")
    assert rcp.shape == (1 << 23,) and rcp.dtype == np.uint32
    assert hex(rcp[0]) == "0x3f7ff000"  # RCPPS(1.0) on both vendors measured so far
    pow_points, log_points = breakpoints_from_rcpps(rcp)
    if VENDOR is None:
        pytest.skip(
            f"no stored table for the vendor {cpu_vendor()!r}; its measurement:\n"
            + format_measurement(cpu_vendor(), pow_points, log_points)
        )
    stored = next(m for m in MEASURED_CPUS if m.vendor == VENDOR)
    assert pow_points == stored.pow_breakpoints, "this CPU's Math.pow index differs from the stored table"
    if stored.log_breakpoints is not None:
        assert log_points == stored.log_breakpoints
    platform = java_platform("auto")
    assert platform.math == "hotspot-x86_64" and platform.chosen_by == "RCPPS measured on this CPU"
    assert platform.pow_breakpoints == pow_points and platform.log_breakpoints == log_points


def test_the_exact_reciprocal_gives_a_table_of_the_same_shape():
    f23 = np.arange(1 << 23, dtype=np.uint32)
    exact = (np.float32(1) / (np.uint32(0x3F800000) | f23).view(np.float32)).view(np.uint32)
    pow_points, log_points = breakpoints_from_rcpps(exact)
    assert len(pow_points) == 513 and len(log_points) == 129
    amd = next(m for m in MEASURED_CPUS if m.vendor == "amd")
    assert pow_points != amd.pow_breakpoints  # RCPPS is no exact reciprocal
    with pytest.raises(ValueError, match="2\\*\\*23 results"):
        breakpoints_from_rcpps(exact[:10])
    with pytest.raises(ValueError, match="falling by one"):
        breakpoints_from_rcpps(exact[::-1].copy())


def test_names_choose_the_platform_and_bad_names_are_refused(monkeypatch):
    assert java_platform("aarch64").math == "fdlibm" and java_platform("aarch64").pow_breakpoints == ()
    intel = java_platform("intel")
    assert intel.math == "hotspot-x86_64" and intel.chosen_by == 'cpu="intel"'
    assert intel.pow_breakpoints == next(m for m in MEASURED_CPUS if m.vendor == "intel").pow_breakpoints
    assert "Math.log's index of AMD EPYC" in intel.rcpps  # said, never silently borrowed
    monkeypatch.setenv("WEKAEVAL_CPU", "Intel")
    assert java_platform().chosen_by == "WEKAEVAL_CPU=intel"
    assert java_platform("amd").chosen_by == 'cpu="amd"'  # the keyword wins over the environment
    monkeypatch.setenv("WEKAEVAL_CPU", "pentium")
    with pytest.raises(ValueError, match="WEKAEVAL_CPU must be one of auto, amd, intel, aarch64, not 'pentium'"):
        java_platform()
    with pytest.raises(ValueError, match="cpu must be one of"):
        java_platform("x86")


def test_without_rcpps_the_vendor_string_decides_and_an_unknown_vendor_is_warned_about(monkeypatch):
    def refuse() -> np.ndarray:
        raise RcppsUnavailable("no executable memory")

    monkeypatch.setattr(javaplatform, "_is_x86_64", lambda: True)
    monkeypatch.setattr(javaplatform, "_rcpps_blocks", refuse)
    for vendor, expected in (("GenuineIntel", "intel"), ("AuthenticAMD", "amd")):
        javaplatform.measured_breakpoints.cache_clear()
        javaplatform._resolve.cache_clear()
        monkeypatch.setattr(javaplatform, "cpu_vendor", lambda vendor=vendor: vendor)
        chosen = java_platform("auto")
        stored = next(m for m in MEASURED_CPUS if m.vendor == expected)
        assert chosen.pow_breakpoints == stored.pow_breakpoints
        assert chosen.chosen_by == f"vendor {vendor}; RCPPS not measured: no executable memory"
    javaplatform._resolve.cache_clear()
    monkeypatch.setattr(javaplatform, "cpu_vendor", lambda: "HygonGenuine")
    with pytest.warns(JavaPlatformWarning, match="'HygonGenuine' has no stored table.*set WEKAEVAL_CPU"):
        chosen = java_platform("auto")
    assert chosen.pow_breakpoints == next(m for m in MEASURED_CPUS if m.vendor == "amd").pow_breakpoints
    javaplatform.measured_breakpoints.cache_clear()
    javaplatform._resolve.cache_clear()


def test_other_machines_get_fdlibm(monkeypatch):
    monkeypatch.setattr(javaplatform, "_is_x86_64", lambda: False)
    monkeypatch.setattr(javaplatform.platform, "machine", lambda: "arm64")
    javaplatform._resolve.cache_clear()
    chosen = java_platform("auto")
    javaplatform._resolve.cache_clear()
    assert chosen.math == "fdlibm" and chosen.chosen_by == "arm64: no HotSpot intrinsics"
    with pytest.raises(RcppsUnavailable, match="x86_64 instruction; this is arm64"):
        measure_rcpps()


def test_the_command_prints_the_platform_and_a_measurement(capsys):
    from wekaeval.cli import main

    assert main(["platform"]) == 0
    assert capsys.readouterr().out.strip() == java_platform().describe()
    if X86_64:
        assert main(["platform", "--measure"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("MeasuredCpu(") and out.count("breakpoints=(") == 2
