import base64

import pytest


def basic(userid: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{userid}:{password}".encode()).decode()


@pytest.mark.django_db
@pytest.mark.parametrize("userid, password", [("pi\x00lot", "secret"), ("pilot", "se\x00cret")])
def test_basic_credentials_with_a_nul_byte_fail_to_log_in_rather_than_crash(
    client, userid, password
):
    response = client.post("/api/account/tokens/", {}, HTTP_AUTHORIZATION=basic(userid, password))
    assert response.status_code in {401, 403}
    assert response.json()["code"] == "authentication_failed"


@pytest.mark.django_db
def test_basic_credentials_still_log_in(client, django_user_model):
    django_user_model.objects.create_user("pilot", password="Orbita-2024-xyz")
    # The token pages take a password; the rest of the API a token (tests/accounts).
    response = client.get(
        "/api/account/tokens/", HTTP_AUTHORIZATION=basic("pilot", "Orbita-2024-xyz")
    )
    assert response.status_code == 200
