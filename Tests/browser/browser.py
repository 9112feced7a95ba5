"""Headless Chromium through Selenium, with the system's chromedriver (never a downloaded one).

Debian's `chromium` and `chromium-driver` packages provide /usr/bin/chromium and /usr/bin/chromedriver
(`make deps` installs them); CHROME_BINARY and CHROMEDRIVER override the paths.
"""

import os
import shutil
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUTPUT = os.path.join(ROOT, ".build", "browser-test")


def executable(variable, default, package):
    path = os.environ.get(variable) or shutil.which(os.path.basename(default)) or default
    if not os.path.exists(path):
        raise RuntimeError("%s not found at %s; run `make deps` (Debian package %s) or set %s." % (
            os.path.basename(default), path, package, variable))
    return path


def start(width=1400, height=1000):
    """A headless Chromium that keeps the console log (driver.get_log("browser"))."""
    options = webdriver.ChromeOptions()
    options.binary_location = executable("CHROME_BINARY", "/usr/bin/chromium", "chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,%d" % (width, height), "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=executable("CHROMEDRIVER", "/usr/bin/chromedriver", "chromium-driver"))
    return webdriver.Chrome(service=service, options=options)


def di_inspect():
    path = os.environ.get("DI_INSPECT") or os.path.join(ROOT, ".build", "debug", "di-inspect")
    if not os.path.exists(path):
        raise RuntimeError("%s not found; build it first (swift build --product di-inspect)." % path)
    return path


def report(traces, output, *options):
    """Runs `di-inspect report` and returns the seconds it took."""
    began = time.monotonic()
    subprocess.run([di_inspect(), "report", *traces, "-o", output, *options], check=True,
                   stdout=subprocess.DEVNULL)
    return time.monotonic() - began


def wait_until_ready(driver, timeout=30):
    """Waits for the report's script to finish its first rendering; returns the report-ready mark (ms)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready = driver.execute_script(
            "const m = performance.getEntriesByName('report-ready'); return m.length ? m[0].startTime : null;")
        if ready is not None:
            return ready
        time.sleep(0.05)
    raise AssertionError("the report did not finish rendering within %d s" % timeout)


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
