"""The switch at a page's foot: French chosen on a Spanish browser stays French on every
page and across a reload, without any script."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.words]


@pytest.mark.parametrize("scripts", [True, False], ids=["with scripts", "without scripts"])
def test_french_chosen_on_a_spanish_browser_stays(new_page, server, scripts):
    page = new_page("/rules/", locale="es-ES", java_script_enabled=scripts)
    assert page.locator("html").get_attribute("lang") == "es"
    expect(page.get_by_role("button", name="Español")).to_have_attribute("aria-pressed", "true")

    page.get_by_role("button", name="Français").click()
    page.wait_for_url("**/rules/")
    assert page.locator("html").get_attribute("lang") == "fr"
    expect(page.get_by_role("button", name="Français")).to_have_attribute("aria-pressed", "true")

    for path in ("/players/", "/games/", "/"):
        page.goto(path)
        assert page.locator("html").get_attribute("lang") == "fr", path
    page.reload()
    assert page.locator("html").get_attribute("lang") == "fr"
    expect(page.get_by_role("link", name="Règles", exact=True)).to_be_visible()
