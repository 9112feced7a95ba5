"""The HTML report in a real browser: headless Chromium driven by Selenium (run by `make test`).

Screenshots, reports and timings go to .build/browser-test/.
"""

import json
import os
import time

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

import app_trace
import browser

FIXTURES = os.path.join(browser.ROOT, "Tests", "InspectorKitTests", "Fixtures")


@pytest.fixture(scope="module")
def driver():
    os.makedirs(browser.OUTPUT, exist_ok=True)
    chromium = browser.start()
    yield chromium
    chromium.quit()


def load(driver, path):
    began = time.monotonic()
    driver.get("file://" + path)
    ready = browser.wait_until_ready(driver)
    return time.monotonic() - began, ready


def search_and_pick(driver, text):
    box = driver.find_element(By.ID, "search")
    box.clear()
    box.send_keys(text)
    results = driver.find_elements(By.CSS_SELECTOR, "#search-results button")
    assert results, "no search result for %r" % text
    results[0].click()


def panel_text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def click_node(driver, name):
    nodes = [node for node in driver.find_elements(By.CSS_SELECTOR, "#graph g.node")
             if node.find_element(By.TAG_NAME, "title").get_attribute("textContent") == name]
    assert nodes, "the graph has no node %s" % name
    nodes[0].find_element(By.TAG_NAME, "text").click()


def test_search_click_and_panel(driver):
    page = os.path.join(browser.OUTPUT, "report.html")
    browser.report([os.path.join(FIXTURES, "clean.ditrace"), os.path.join(FIXTURES, "cycle.ditrace")], page)
    load(driver, page)
    assert browser.console_errors(driver) == []

    search_and_pick(driver, "CalendarServicing")
    assert panel_text(driver, "panel-title") == "any CalendarServicing"
    dependents = panel_text(driver, "panel-dependents")
    assert "1 direct" in dependents and "any AppCoordinating" in dependents
    assert "×1 any AppCoordinating → any CalendarServicing" in panel_text(driver, "panel-paths")

    click_node(driver, "f5")  # any Clock, resolved by CalendarServicing and LLMEngine
    assert panel_text(driver, "panel-title") == "any Clock"
    dependents = panel_text(driver, "panel-dependents")
    assert "any CalendarServicing" in dependents and "any LLMEngine" in dependents

    driver.find_element(By.XPATH, "//table[@id='stats']//th[starts-with(., 'Resolutions')]").click()
    first = driver.find_element(By.CSS_SELECTOR, "#stats tbody tr td").text
    assert first == "any Clock"

    # The cycle's problem, found by its row rather than by position.
    cycle = driver.find_element(By.XPATH, "//div[contains(@class,'problem-item')][.//span[contains(., '[cycle]')]]")
    button = cycle.find_element(By.XPATH, ".//button[.='Show on the graph']")
    driver.execute_script("arguments[0].scrollIntoView()", button)
    button.click()
    assert len(driver.find_elements(By.CSS_SELECTOR, "#graph g.node.flagged")) == 2
    assert panel_text(driver, "panel-title") == "any SessionManaging"

    tree = driver.find_element(By.CSS_SELECTOR, "details.container-tree summary")
    driver.execute_script("arguments[0].scrollIntoView()", tree)
    tree.click()
    assert "any AppCoordinating" in driver.find_element(By.CSS_SELECTOR, "details.container-tree").text

    driver.execute_script("window.scrollTo(0, 0)")
    search_and_pick(driver, "CalendarServicing")
    driver.save_screenshot(os.path.join(browser.OUTPUT, "report.png"))
    assert browser.console_errors(driver) == []


def hostile_trace(path):
    hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
    lines = [
        {"format": "di-trace", "version": 1, "pid": 1, "executable": "/x/</script>", "arguments": [],
         "startTime": "2026-01-01T00:00:00Z", "clock": "monotonic-ns"},
        {"event": "factory", "id": 1, "type": hostile, "name": "\"q\" & 'a' \u2028 \u001b[31m", "module": "<b>M",
         "file": "<b>M/F.swift", "line": 1, "scope": "cached", "kind": "sync", "t": 1},
        {"event": "factory", "id": 2, "type": "any Clock", "name": None, "module": "Time", "file": "Time/C.swift",
         "line": 2, "scope": "unique", "kind": "sync", "t": 2},
        {"event": "resolution", "id": 2, "factory": 2, "container": 1, "parent": 1, "outcome": "created",
         "source": "production", "start": 20, "ns": 10, "thread": 1},
        {"event": "resolution", "id": 1, "factory": 1, "container": 1, "parent": None, "outcome": "created",
         "source": "production", "start": 10, "ns": 50, "thread": 1},
        {"event": "end", "t": 100, "events": 4},
    ]
    with open(path, "w") as handle:
        handle.write("\n".join(json.dumps(line) for line in lines) + "\n")
    return hostile


def test_hostile_names_stay_text(driver):
    trace = os.path.join(browser.OUTPUT, "hostile.ditrace")
    hostile = hostile_trace(trace)
    page = os.path.join(browser.OUTPUT, "hostile.html")
    browser.report([trace], page)
    load(driver, page)
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text
    assert driver.execute_script("return document.querySelectorAll('img, b').length") == 0
    assert browser.console_errors(driver) == []
    search_and_pick(driver, "Clock")
    assert hostile in panel_text(driver, "panel-dependents")
    search_and_pick(driver, "alert(1)")
    assert panel_text(driver, "panel-title").startswith(hostile)


def test_two_thousand_factories_load_and_respond_quickly(driver):
    trace = os.path.join(browser.OUTPUT, "large.ditrace")
    with open(trace, "w") as handle:
        handle.write(app_trace.generate(factories=2000, modules=60, edges=8000))
    page = os.path.join(browser.OUTPUT, "large.html")
    written = browser.report([trace], page)

    loaded, ready = load(driver, page)
    began = time.monotonic()
    search_and_pick(driver, "Feature501668")
    assert panel_text(driver, "panel-title").startswith("any Feature501668Providing")
    picked = time.monotonic() - began
    began = time.monotonic()
    driver.find_element(By.XPATH, "//span[@id='crumbs']/button").click()
    click_node(driver, "m3")
    assert "module Core03" in panel_text(driver, "crumbs")
    expanded = time.monotonic() - began
    assert browser.console_errors(driver) == []
    driver.save_screenshot(os.path.join(browser.OUTPUT, "large.png"))

    timings = {"factories": 2000, "reportSeconds": round(written, 2), "pageBytes": os.path.getsize(page),
               "loadSeconds": round(loaded, 2), "readyMilliseconds": round(ready),
               "searchAndPanelSeconds": round(picked, 2), "openModuleSeconds": round(expanded, 2)}
    with open(os.path.join(browser.OUTPUT, "timings.json"), "w") as handle:
        json.dump(timings, handle, indent=2)
    print("2,000-factory report:", timings)
    assert loaded < 3, timings
    assert picked < 3, timings
    assert expanded < 3, timings
