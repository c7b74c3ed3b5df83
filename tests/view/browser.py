"""Headless Chromium driven by Selenium, for tests and benchmarks of the pages.

Uses the Debian packages' binaries (``chromium``, ``chromium-driver``: /usr/bin/chromium and
/usr/bin/chromedriver), named explicitly so that Selenium Manager never runs (it would try to
download a browser). :func:`unavailable` says why no browser can be had, naming what to install.
"""

from __future__ import annotations

import shutil
from importlib.util import find_spec
from typing import Any

PACKAGES = "apt-get install chromium chromium-driver"


def binaries() -> tuple[str | None, str | None]:
    return shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")


def unavailable() -> str | None:
    """Why no headless Chromium can be started here (None when it can)."""
    browser, driver = binaries()
    if browser is None or driver is None:
        return f"headless Chromium not found (chromium and chromedriver): {PACKAGES}"
    if find_spec("selenium") is None:
        return "selenium is not installed: pip install -e '.[test]'"
    return None


def start(width: int = 1400, height: int = 1000) -> Any:
    """A headless Chromium session (a Selenium WebDriver); quit it when done."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = binaries()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)
