#!/usr/bin/env python3
"""Takes the README's screenshot of the HTML report from a real run, in headless Chromium.

    make demo
    python3 scripts/report-screenshot.py demo/report.html docs/images/report.png "any CalendarServicing"

The optional last argument is searched for and its panel opened before the screenshot. The page must load
without console errors.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "browser"))

import browser  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    page, output = os.path.abspath(sys.argv[1]), sys.argv[2]
    driver = browser.start(width=1280, height=760)
    try:
        driver.get("file://" + page)
        browser.wait_until_ready(driver)
        if len(sys.argv) == 4:
            driver.find_element(By.ID, "search").send_keys(sys.argv[3])
            driver.find_element(By.CSS_SELECTOR, "#search-results button").click()
        errors = browser.console_errors(driver)
        if errors:
            raise SystemExit("The report logged errors: %s" % errors)
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(output)
    finally:
        driver.quit()
    print("Wrote %s (%d bytes)." % (output, os.path.getsize(output)))


if __name__ == "__main__":
    main()
