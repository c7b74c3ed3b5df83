from __future__ import annotations

import pytest

from tests.view import browser


@pytest.fixture(scope="session")
def chromium():
    """A headless Chromium session shared by the browser tests (they skip without one)."""
    reason = browser.unavailable()
    if reason is not None:
        pytest.skip(reason)
    driver = browser.start()
    yield driver
    driver.quit()
