from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from trainscore import first_admin

User = get_user_model()
FORM = {
    "username": "clubadmin",
    "password1": "a-long-pass-phrase-1",
    "password2": "a-long-pass-phrase-1",
}


def setup_url(token: str) -> str:
    return reverse("setup", args=[token])


def test_it_prints_the_link_only_while_no_account_exists(db, capsys):
    call_command("setuplink", url="http://127.0.0.1:9000")
    printed = capsys.readouterr().out
    assert "http://127.0.0.1:9000/setup/" in printed

    User.objects.create_user("someone")
    call_command("setuplink", url="http://127.0.0.1:9000")
    assert capsys.readouterr().out == ""


def test_it_creates_the_admin_once(client, db):
    url = setup_url(first_admin.new_token())
    assert client.get(url).status_code == 200

    response = client.post(url, FORM)
    assert response.status_code == 302
    admin = User.objects.get()
    assert (admin.username, admin.is_staff, admin.is_superuser) == ("clubadmin", True, True)

    # The same link is dead once an account exists.
    again = client.post(url, {**FORM, "username": "intruder"})
    assert again.status_code == 404
    assert User.objects.count() == 1


def test_it_answers_404_to_a_wrong_token(client, db):
    token = first_admin.new_token()
    response = client.post(setup_url(token[:-2] + "xx"), FORM)
    assert response.status_code == 404
    assert not User.objects.exists()


def test_it_keeps_the_form_when_passwords_differ(client, db):
    url = setup_url(first_admin.new_token())
    response = client.post(url, {**FORM, "password2": "something-else-2"})
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()
    assert not User.objects.exists()
