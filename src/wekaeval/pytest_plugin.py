"""pytest plugin (entry point ``pytest11``): a session-scoped ``weka_jvm`` fixture.

The JVM starts once per test session.  Without Java or python-weka-wrapper3
the tests that use the fixture are skipped with the reason, except when the
environment says ``CI=true``: there a missing WEKA fails them.
"""

from __future__ import annotations

import os

import pytest

from wekaeval import bridge


def pytest_configure(config: pytest.Config) -> None:
    """pytest's hook: declares the ``jvm`` marker."""
    config.addinivalue_line("markers", "jvm: needs WEKA running in a JVM (python-weka-wrapper3 and a JDK)")


@pytest.fixture(scope="session")
def weka_jvm() -> str:
    """WEKA's JVM, started once per session; yields WEKA's version."""
    try:
        bridge.start_jvm()
        return bridge.weka_version()
    except bridge.WekaUnavailable as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true needs WEKA: {error}")
        pytest.skip(str(error))
