"""A form's address opened as a page (a restored tab, a shared link) says what it is and
where to go, instead of an empty 405."""

import pytest


@pytest.mark.parametrize("action", ["rounds", "undo", "redo", "reopen", "new-key"])
def test_it_says_the_address_is_for_sending_a_form(staff_client, game, action):
    response = staff_client.get(f"/games/{game.code}/{action}/")

    assert response.status_code == 405
    assert response["Allow"] == "POST"
    page = response.content.decode()
    assert "<h1>Not a page to open</h1>" in page
    assert "This address is for sending a form, not a page to open." in page
