# ruff: noqa: E501  (test code's lines are kept whole, as they are written)
"""A test's stand-in credentials and code in a secret's place (stop 56, scrubber 1.93.0;
issue 35).

From the tune part of GAIA's own repository (``bench_scrub_damage.py``'s listing): a test suite
gives a client a credential that names what it stands for, never an issued one
(``OpenAIProvider(api_key="sk-test")``, ``{"access_token": "STUB-ACCESS"}``, ``assert token ==
"ACCESS-1"``, ``refresh_token="rt-1"``), and unpacks a fixture into names of secrets
(``client, secret_a, secret_b = custody_client``). Two rules:

* ``allow.yaml``'s ``stand_in_credential``: the whole value a provider's documented prefix
  (``sk-``, ``sk-ant-api03-``, ``ghp_``, ``GOCSPX-``, ``hf_``, ``sk_test_``, ``pypi-``, …; the
  providers' key formats as ``fixtures.yaml`` and ``providers.yaml`` read them) then only
  stand-in words (test, fake, dummy, mock, stub, example, sample, placeholder, demo, invalid,
  …) or words naming a credential (secret, key, token, access, refresh, …), perhaps a counter
  of one to three digits; or, with no prefix, such words with a stand-in word among them
  (``STUB-ACCESS``, ``fake-token``) or a credential's word and a counter (``ACCESS-1``,
  ``rt-2``, ``secret-1``). All in one case. A provider's key is a random body: a stand-in word
  inside one (``sk-test-4fG9…``, Stripe's test-mode ``sk_test_<random>``, a real secret) is no
  such value and still goes.
* ``context.py``'s ``_code_target``: an identifier assigned with a spaced ``=`` to the names of
  a tuple's target list (``a, secret_b = custody_client``) or to a quoted subscript
  (``headers["Authorization"] = raw_header``): Python's and JavaScript's assignment of a
  variable, code, not a value.

``NOBODY`` is the harm hunt (texts of the same shape that hold no secret: must stay as they
are); ``GO`` holds real-looking secrets in the same places (must go).
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

NOBODY = [
    # a provider's prefix, then stand-in words only
    '    return OpenAIProvider(api_key="sk-test", model="gpt-4o")\n',
    '        mock_mod.OpenAI.assert_called_once_with(api_key="sk-test")\n',
    '    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-real")\n',
    '    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-unit-test")\n    assert init["api_key"] == "sk-ant-api03-unit-test"\n',
    "OPENAI_API_KEY=sk-fake-key-123\nGITHUB_TOKEN=ghp_dummy\nHF_TOKEN=hf_test_token\n",
    'stripe.api_key = "sk_test_mock"\nclient_secret = "GOCSPX-placeholder"\n',
    "    assert twine_calls['pass'] == 'pypi-tok'\n",
    'GROQ_API_KEY="gsk_demo"\nXAI_API_KEY="xai-test-key"\n',
    "SLACK_BOT_TOKEN=xoxb-test-token\n",
    # stand-in words in capitals, and a credential's word with a counter
    '                200, json={"access_token": "STUB-ACCESS", "expires_in": 3600}\n        assert token == "STUB-ACCESS"\n',
    '        json={"access_token": "ACCESS-1", "expires_in": 3600, "scope": "x"},\n        assert token == "ACCESS-1"\n',
    '            return {"access_token": "TOK-123", "scopes": list(required_scopes)}\n',
    '        refresh_token="rt-1",\n    assert rotated["refresh_token"] == "rt-2"\n    assert token == "access-2"\n',
    '        await handler.configure(spec, {"API_KEY": "secret-1"})\n',
    '    TOKEN = "api-token-123"\n    assert proxy._auth_token == "tok-123"\n',
    "refresh_token: FAKE_REFRESH_TOKEN\naccess_token: MOCK-ACCESS-TOKEN-2\n",
    'api_key: "test-key"\nsecret: dummy_secret_1\n',
    # code: a tuple's target list, a subscript assignment
    "    client, secret_a, secret_b = custody_client\n",
    "    daemon_url, client_token = live_daemon_with_email\n",
    '        headers["Authorization"] = raw_header\n',
    "    user, password = default_credentials\n",
    "os.environ['GITHUB_TOKEN'] = github_token\n",
    "    self.client, self.api_key = make_client_and_key\n",
    "    access_token, refresh_token = issued_pair  # from the fixture\n",
    'os.environ["OPENAI_API_KEY"] = openai_key  # for the SDK\n',
    "  req.headers['X-Api-Key'] = api_key_value;\n",
]

GO = [
    # a stand-in word inside a random body: a provider's key
    (
        'provider = OpenAIProvider(api_key="sk-test-4fG9kQ2mZx8Lp3Rt7Vb1Nc5Hd6Jw0Ys2Ue4Ia9Ok")\n',
        "4fG9kQ2mZx8Lp3Rt7Vb1",
    ),
    ('stripe.api_key = "sk_test_51Hx7QpLm2Vc9Rt4Kd8Ws3Yb"\n', "51Hx7QpLm2Vc9Rt4Kd8Ws3Yb"),
    (
        "ANTHROPIC_API_KEY=sk-ant-api03-test-Qm4xR8kLp2Vz7Nc1Wd5Ht9Jy3Bf6Gs0Ka\n",
        "Qm4xR8kLp2Vz7Nc1Wd5Ht9Jy3Bf6Gs0Ka",
    ),
    (
        "GITHUB_TOKEN=ghp_test9fK2mQ7xLp4Rt8Vb1Nc5Hd6Jw0Ys2\n",
        "ghp_test9fK2mQ7xLp4Rt8Vb1Nc5Hd6Jw0Ys2",
    ),
    ('{"access_token": "STUB-ACCESS-9fK2mQ7xLp4Rt"}\n', "STUB-ACCESS-9fK2mQ7xLp4Rt"),
    # a person's password of such words, mixed case, a year or a sign
    ('password = "Access-1"\n', "Access-1"),
    ('{"access_token": "ACCESS-2024"}\n', "ACCESS-2024"),
    ("DB_PASSWORD=test-key-Kx92!mQ\n", "test-key-Kx92!mQ"),
    ('client_secret = "Stub-Token-7"\n', "Stub-Token-7"),
    ('api_key="sk-bluehorse-42"\n', "bluehorse"),
    # a value beside a target list, not an identifier, or a config line
    ("    client, secret_b = kQ8mZ2xLp4Rt7Vb1Nc5H\n", "kQ8mZ2xLp4Rt7Vb1Nc5H"),
    ('    client, secret_b = "custody_client"\n', "custody_client"),
    ("GOOGLE_CLIENT_SECRET=GOCSPX-test9fK2mQ7xLp4Rt8Vb1Nc5Hd6J\n", "9fK2mQ7xLp4Rt8Vb1Nc5Hd6J"),
    ('access_token: "STUB-ACCESS-ec1f9a7b3d2e"\n', "ec1f9a7b3d2e"),
    ("SECRET_KEY=sk_test_mockQ8xK3vLm9TzR2wYb4Nc\n", "mockQ8xK3vLm9TzR2wYb4Nc"),
    ("OPENAI_API_KEY=sk-test-key-7fQ2\n", "7fQ2"),
    ("password = blue_horse_battery\n", "blue_horse_battery"),
    ("user=bob, password=Tr0ub4dor_3x\n", "Tr0ub4dor_3x"),
    ('        headers["Authorization"] = "Bearer kQ8mZ2xLp4Rt7Vb1Nc5H"\n', "kQ8mZ2xLp4Rt7Vb1Nc5H"),
    ("os.environ['GITHUB_TOKEN'] = Zq8vLm3Rt7Kp1Nx4\n", "Zq8vLm3Rt7Kp1Nx4"),
]


@pytest.mark.parametrize("text", NOBODY)
def test_a_stand_in_or_code_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), GO)
def test_a_secret_in_the_same_place_goes(engine: Scrubber, text: str, value: str) -> None:
    assert value not in scrubbed(engine, text)
