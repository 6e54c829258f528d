"""The browser tier: headless Chromium (Debian's ``chromium`` through ``/usr/bin/chromedriver``, driven by
Selenium; nothing downloaded at run time) against `rondo up` serving the web app.

* ``site`` (module): `rondo up` (tests/e2e/conftest.py ``embedded_up``) with the web app on a free
  loopback port, once its ``/readyz`` answers; ``site.url(path)``, ``site.accounts`` (tests/accounts.py).
* ``viewport`` (module, parametrized): ``phone`` 390x844 and ``desktop`` 1280x900.
* ``browser()`` (a factory): a new headless Chromium at that viewport, with a profile of its own (its own
  cookies: one person per browser); every one is quit at the end of the test.
* ``axe(driver)``: injects axe-core (tests/browser/node_modules, ``npm ci`` from package-lock.json; run
  by ``./dev test``) and runs the WCAG 2.0/2.1 A and AA rules on the page: the violations.
  ``assert_accessible(driver, page)`` fails listing each rule id and the nodes it found.
* ``shoot(driver, name)``: a screenshot of the whole page, ``<artefacts>/<viewport>/<name>.png``
  (``RONDO_ARTEFACTS``, default ``test-artefacts/``, kept by CI as test artefacts).

Without chromium and chromium-driver (``./dev test`` installs them when root) or axe-core the tests
skip saying why, and fail when ``CI`` is set.
"""

from __future__ import annotations

import base64
import json
import math
import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rondo_runtime.process import free_port
from tests.conftest import real_parts_required
from tests.e2e.conftest import Deployment, embedded_up
from tests.waiting import wait_until

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 900)}
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
PAGE_LOAD_SECONDS = 30

os.environ["SE_OFFLINE"] = "true"  # Selenium Manager never downloads a browser or a driver


def missing_tools() -> str:
    """Why the browser tests cannot run here ('' when they can)."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    if missing:
        return f"{' and '.join(missing)} missing: install Debian's chromium and chromium-driver (./dev test does, as root)"
    if not AXE.exists():
        return "axe-core missing: cd tests/browser && npm ci (./dev test does)"
    return ""


@pytest.fixture(scope="session", autouse=True)
def browser_tools() -> None:
    reason = missing_tools()
    if reason:
        if real_parts_required():
            pytest.fail(f"browser tests cannot run: {reason} (required by the whole check)", pytrace=False)
        pytest.skip(reason)


@pytest.fixture(scope="session")
def artefacts() -> Path:
    path = Path(os.environ.get("RONDO_ARTEFACTS") or ROOT / "test-artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass
class Site:
    deployment: Deployment
    base: str
    people: dict[str, tuple[str, str]] = field(default_factory=dict)
    """The accounts made so far by name: (account id, password); both viewports' tests share them."""

    @property
    def accounts(self):
        return self.deployment.accounts

    def url(self, path: str = "/") -> str:
        return self.base + path


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[Site]:
    """`rondo up` with its web app on a free port of 127.0.0.1 (plain HTTP on loopback: the browser treats
    it as a secure context, so the session cookie keeps its ``Secure`` attribute)."""
    port = free_port()
    with embedded_up(tmp_path_factory.mktemp("site"), RONDO_WEB_PORT=str(port)) as deployment:
        base = f"http://localhost:{port}"
        wait_until(lambda: answers(base + "/readyz"), "the web app started by `rondo up` answering /readyz")
        yield Site(deployment, base)


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def viewport(request) -> str:
    return request.param


def new_driver(viewport: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    width, height = VIEWPORTS[viewport]
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={width},{height}",
    ):
        options.add_argument(argument)
    options.add_argument("--lang=en-GB")
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-GB,en"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(PAGE_LOAD_SECONDS)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": viewport == "phone"},
    )
    return driver


@pytest.fixture
def browser(viewport: str) -> Iterator[Callable[[], Any]]:
    drivers: list = []

    def open_browser():
        drivers.append(new_driver(viewport))
        return drivers[-1]

    yield open_browser
    for driver in drivers:
        driver.quit()


def axe(driver) -> list[dict]:
    """The WCAG 2.0/2.1 A and AA violations axe-core finds on the page now."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations), e => done({error: String(e)}));",
        WCAG_TAGS,
    )
    if isinstance(result, dict):
        raise AssertionError(f"axe-core failed: {result.get('error')}")
    return result


def describe(violations: list[dict]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation.get('impact')}): {violation['help']}")
        for node in violation["nodes"][:10]:
            lines.append(f"    {json.dumps(node['target'])}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)


def overflowing(driver) -> tuple[int, int, list[str]]:
    """(the page's width, the viewport's, the elements reaching past the viewport's right edge)."""
    return driver.execute_script(
        "const width = window.visualViewport ? window.visualViewport.width : window.innerWidth;"
        "const wide = Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > width + 1);"
        "return [document.documentElement.scrollWidth, Math.round(width),"
        " wide.slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : ''))];"
    )


def assert_accessible(driver, page: str) -> None:
    """No axe-core violation of WCAG 2.0/2.1 A and AA, and the page reflows (WCAG 2.1 1.4.10, which axe
    does not test): nothing makes the whole page scroll sideways; a wide table scrolls in its own box."""
    violations = axe(driver)
    assert not violations, f"WCAG 2.1 A/AA violations on {page} ({driver.current_url}):\n{describe(violations)}"
    page_width, viewport_width, wide = overflowing(driver)
    assert page_width <= viewport_width, f"{page} is {page_width} px wide in a {viewport_width} px viewport: {wide}"


@pytest.fixture
def shoot(artefacts: Path, viewport: str) -> Callable[[Any, str], Path]:
    def screenshot(driver, name: str) -> Path:
        """The whole page (not just the viewport), as the person would scroll through it."""
        width, height = VIEWPORTS[viewport]
        size = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        clip = {"x": 0, "y": 0, "width": max(width, size[0]), "height": min(max(height, math.ceil(size[1])), 10000), "scale": 1}
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
        path = artefacts / viewport / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    return screenshot


# ---- people and pages


def make_person(site: Site, role, name: str) -> tuple[str, str]:
    """An account the organizer makes (once per name and site): (account id, the password it hands over)."""
    from rondo.gateway.v1 import identity_pb2

    if name not in site.people:
        made = site.accounts.organizer.CreateAccount(
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=name, role=role)), timeout=30
        )
        site.people[name] = (made.account.id, made.password)
    return site.people[name]


def path_of(driver) -> str:
    return urllib.parse.urlsplit(driver.current_url).path


def wait_for(driver, condition: Callable[[Any], Any], what: str, timeout_s: float = PAGE_LOAD_SECONDS) -> Any:
    """Until ``condition(driver)`` is truthy (an element shown, a page reached): its value."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout_s).until(condition)
    except TimeoutException:
        from selenium.webdriver.common.by import By

        said = [flash.text for flash in driver.find_elements(By.CSS_SELECTOR, ".flash")]
        raise AssertionError(f"{what}: not within {timeout_s:g} s (at {driver.current_url}; the page says {said})") from None


def log_in(driver, site: Site, name: str, password: str) -> None:
    """Through the login form, as a person does; returns on the first page after it."""
    from selenium.webdriver.common.by import By

    driver.get(site.url("/login"))
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.ID, "login").click()
    wait_for(driver, lambda d: path_of(d) != "/login", f"{name} logged in")


def nav_links(driver) -> list[str]:
    """The paths of the main navigation (``nav#nav``) on the page now, in order."""
    from selenium.webdriver.common.by import By

    links = driver.find_elements(By.CSS_SELECTOR, "nav#nav a[href]")
    return [urllib.parse.urlsplit(link.get_attribute("href")).path for link in links]


def submit(driver, button, what: str) -> None:
    """Click a form's button and wait until the answer replaced the page (the button's page is gone and
    the new one loaded): the next look at the page sees the answer, not the page before it."""
    button.click()
    wait_for(driver, lambda d: _gone(button), what)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete", what)


def _gone(element) -> bool:
    """The element's page was replaced. Chromium reports a node of a page being replaced either as
    stale or as one that "does not belong to the document" (a plain WebDriverException): both mean gone."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    try:
        element.is_enabled()
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in (error.msg or ""):
            return True
        raise
    return False
