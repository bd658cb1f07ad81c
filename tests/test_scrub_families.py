"""Names are evidence, not a veto, and a provider is a family (issue 29 items 2 and 3).

* A value that its shape alone would replace is replaced whatever name stands before it
  (``keyboard_layout=<random>``, ``token_count=<random>``); a secret-bearing name lowers the
  bar (a vendor's ``…_key``/``…KEY``, ``Key=``, ``?key=``, ``secret_id``: a token-like value);
  a token with ``=`` inside is one token, not ``name=value``.
* Each provider's older and neighbouring formats (docs/providers.md, "Families"): the webhook
  URL shapes of Slack, Discord, Teams, Mattermost and IFTTT; Jenkins' stored secrets in their
  braces; AWS key ids in the alphabet AWS documents.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber, get_scrubber

RANDOM = "Zq3vK8mR2nT7wX1yB4cF6hJ9pL0sD5gA"
UUID = "5f0c7a9e-3b1d-4c2a-9e8f-7d6c5b4a3f21"


@pytest.fixture(scope="module")
def scrubber() -> Scrubber:
    return get_scrubber()


def _replaced(scrubber: Scrubber, text: str, value: str, kept: str = "") -> str:
    out = scrubber.scrub_text(text).text
    assert value not in out, text
    assert kept in out, (text, out)
    assert scrubber.scrub_text(out).text == out
    return out


# ---------------------------------------------------------------- names as evidence

NAMED = {
    "vendor_key_lower": (f"datadog_key={RANDOM}", "datadog_key="),
    "vendor_key_upper": (f"export MAILGUN_KEY={RANDOM}", "MAILGUN_KEY="),
    "vendor_key_joined": (f"SENDGRIDKEY={RANDOM}", "SENDGRIDKEY="),
    "key_alone": (f"Key={RANDOM}", "Key="),
    "query_key": (f"GET https://maps.example.com/api?key={RANDOM}&q=x", "?key="),
    "query_key_second": (f"GET https://example.com/v1?q=x&key={RANDOM}", "&key="),
    "yaml_key": (f"  license_key: {RANDOM}\n", "license_key: "),
    "secret_id_uuid": (f"VAULT_SECRET_ID={UUID}", "VAULT_SECRET_ID="),
    "secret_id_json": (f'{{"secret_id": "{UUID}"}}', '"secret_id": "'),
    "name_vetoed_by_not_after": (f"token_count={RANDOM}", "token_count="),
    "name_in_not_names": (f"keyboard_layout={RANDOM}", "keyboard_layout="),
    "name_unknown": (f"colour={RANDOM}", "colour="),
}


@pytest.mark.parametrize(("text", "kept"), NAMED.values(), ids=NAMED.keys())
def test_a_value_is_judged_whatever_its_name(scrubber: Scrubber, text: str, kept: str) -> None:
    secret = UUID if UUID in text else RANDOM
    _replaced(scrubber, text, secret, kept)


@pytest.mark.parametrize(
    "text",
    [
        '<entry key="jetbrains.mps.v8_elimination" value="executed" />',
        'config.session_store :cookie_store, key: "_app_session"',
        "cache_key = user_profile_v2",
        'AWS_SECRET_ID="prod/db-password"',
        "primary_key=id",
        "?key=value&sort=asc",
    ],
    ids=["xml_entry", "rails_key", "cache_key", "secret_name", "primary_key", "query_word"],
)
def test_a_weak_name_needs_a_token_like_value(scrubber: Scrubber, text: str) -> None:
    assert scrubber.scrub_text(text).text == text


ATLASSIAN = "ATATT3xFfGF0" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1hJ3kL5mN7pQ9rS1tU3vW5"
EQUALS_INSIDE = {
    "atlassian_issued": (ATLASSIAN + "A2" * 60 + "=Yx3F0C2B1A", ATLASSIAN),
    "atlassian_short": ("ATATT3xFfGF0IViRjSDQSOy6U0HbLTs10MVvNVzJDDREbswCUmuz=1154C857", "IViRj"),
    "unnamed_with_equals": (f"note {RANDOM}=Yx3abcDEF12 end", RANDOM),
    "named_with_equals": (f"token: {RANDOM}=Yx3abcDEF12", RANDOM),
}


@pytest.mark.parametrize(("text", "value"), EQUALS_INSIDE.values(), ids=EQUALS_INSIDE.keys())
def test_a_token_with_equals_inside_is_one_token(scrubber: Scrubber, text: str, value: str) -> None:
    out = _replaced(scrubber, text, value)
    assert "Yx3" not in out and "1154C857" not in out


# ---------------------------------------------------------------------- families

WEBHOOKS = {
    "slack_services": ("https://hooks.slack.com/services/", f"T0123ABCD/B0123ABCDE/{RANDOM[:24]}"),
    "slack_workflows": (
        "https://hooks.slack.com/workflows/",
        f"T0123ABCD/A0123ABCD/345678901234567890/{RANDOM[:24]}",
    ),
    "slack_triggers": (
        "https://hooks.slack.com/triggers/",
        f"T0123ABCD/4567890123456/{RANDOM[:32]}",
    ),
    "slack_gov": ("https://hooks.slack-gov.com/services/", f"T0123ABCD/B0123ABCDE/{RANDOM[:24]}"),
    "discord": ("https://discord.com/api/webhooks/", f"123456789012345678/{RANDOM}{RANDOM}-_ab"),
    "discordapp": (
        "https://discordapp.com/api/webhooks/",
        f"123456789012345678/{RANDOM}{RANDOM}-_ab",
    ),
    "discord_canary_versioned": (
        "https://canary.discord.com/api/v10/webhooks/",
        f"123456789012345678/{RANDOM}{RANDOM}-_ab",
    ),
    "teams_webhookb2": (
        "https://acme.webhook.office.com/webhookb2/",
        f"{UUID}@{UUID}/IncomingWebhook/0123456789abcdef0123456789abcdef/{UUID}",
    ),
    "teams_outlook_legacy": (
        "https://outlook.office.com/webhook/",
        f"{UUID}@{UUID}/IncomingWebhook/0123456789abcdef0123456789abcdef/{UUID}",
    ),
    "teams_office365_legacy": (
        "https://outlook.office365.com/webhook/",
        f"{UUID}@{UUID}/IncomingWebhook/0123456789abcdef0123456789abcdef/{UUID}",
    ),
    "mattermost": ("https://chat.example.org/hooks/", "xk4p9z7a2b8c3d6e1f5g0h9j4k"),
    "ifttt": ("https://maker.ifttt.com/trigger/door/with/key/", "dK3aB9xQ2mN7pR5tV8wY1zC4"),
}


@pytest.mark.parametrize(("route", "secret"), WEBHOOKS.values(), ids=WEBHOOKS.keys())
def test_webhook_families_lose_their_secret_and_keep_their_route(
    scrubber: Scrubber, route: str, secret: str
) -> None:
    out = _replaced(scrubber, f'url = "{route}{secret}"\n', secret.split("/")[-1], route)
    assert secret not in out


JENKINS = "AQAAABAAAAAwrP2BgqHD5Z1kp0F1fPqL/8vJ+3dT0aWx9YcK2mN4bQ7s/tUe1Gh5Jk="


@pytest.mark.parametrize(
    "text",
    [
        f"<secret>{{{JENKINS}}}</secret>",
        f"<password>{{{JENKINS}}}</password>",
        f'      passphrase: "{{{JENKINS}}}"',
        f'println(hudson.util.Secret.decrypt("{{{JENKINS}}}"))',
    ],
    ids=["secret_element", "password_element", "jcasc_yaml", "script_console"],
)
def test_jenkins_stored_secrets_are_replaced_inside_their_braces(
    scrubber: Scrubber, text: str
) -> None:
    out = _replaced(scrubber, text, JENKINS)
    assert "{" + scrubber.fixtures.marker in out and out.endswith(text[text.index("}") :])


@pytest.mark.parametrize(
    "key_id", ["AKIA0123456789ABCDEF", "ASIAZ1Y2X3W4V5U6T7S8", "AKIAQ8R9S0T1U2V3W4X5"]
)
def test_aws_key_ids_in_the_documented_alphabet(scrubber: Scrubber, key_id: str) -> None:
    _replaced(scrubber, f"aws_access_key_id = {key_id}\n", key_id)
    _replaced(scrubber, f"id {key_id} end\n", key_id)


def test_a_wrapped_aws_key_id_with_digits_is_joined(scrubber: Scrubber) -> None:
    out = scrubber.scrub_text("key AKIA01234567\n89ABCDEF\n").text
    assert "89ABCDEF" not in out


def test_the_published_aws_example_is_still_kept(scrubber: Scrubber) -> None:
    text = "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
    assert scrubber.scrub_text(text).text == text
