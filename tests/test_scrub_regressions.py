"""Regression tests for defects found in review of the scrubber (one section per defect).

Each test failed before its fix. No timing assertions: inputs that used to time out must simply
complete without ``ScrubError``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.scrub import Scrubber, get_scrubber


@pytest.fixture(scope="module")
def scrubber() -> Scrubber:
    return get_scrubber()


# ------------------------------------------------------------- 1. e-mail inside a file name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("alice@acme.io.pdf", "user1@example.com.pdf"),
        ("report-alice@acme.com.docx", "user1@example.com.docx"),
        ("alice@acme.com_notes", "user1@example.com_notes"),
        ("statement_john.doe@gmail.com.pdf", "user1@example.com.pdf"),
        ("see bob@mail.acme.co.uk.backup now", "see user1@example.com.backup now"),
        ("bob@acme.io", "user1@example.com"),
    ],
)
def test_email_inside_a_file_name_is_found_and_the_extension_kept(
    scrubber: Scrubber, text: str, expected: str
) -> None:
    result = scrubber.scrub_text(text)
    assert result.text == expected
    assert scrubber.scrub_text(result.text).text == result.text


def test_email_span_is_trimmed_to_the_public_suffix(scrubber: Scrubber) -> None:
    text = "file alice@acme.io.pdf"
    [finding] = scrubber.find(text)
    assert text[finding.start : finding.end] == "alice@acme.io"


def test_domain_without_any_public_suffix_is_still_not_an_email(scrubber: Scrubber) -> None:
    assert scrubber.find("lodash@4.17.21 and x@localhost.internal and a@b.c") == []


# ------------------------------------------------------------- 2. user folder with a space


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "at C:\\Users\\John Smith\\Documents\\plan.docx now",
            "at C:\\Users\\user1\\Documents\\plan.docx now",
        ),
        (
            '{"f": "C:\\\\Users\\\\John Smith\\\\Documents\\\\plan.docx"}',
            '{"f": "C:\\\\Users\\\\user1\\\\Documents\\\\plan.docx"}',
        ),
        ("open /Users/John Smith/Documents/a.txt", "open /Users/user1/Documents/a.txt"),
        ("cat /home/John Smith/x/y.txt", "cat /home/user1/x/y.txt"),
        (
            "cd /home/alice/a.txt and /home/bob/x.txt",
            "cd /home/user1/a.txt and /home/user2/x.txt",
        ),
    ],
)
def test_user_folder_with_a_space_is_replaced_whole(
    scrubber: Scrubber, text: str, expected: str
) -> None:
    result = scrubber.scrub_text(text)
    assert result.text == expected
    assert "Smith" not in result.text
    assert scrubber.find(result.text) == []


# ------------------------------------------------------------- 3. UNC only at a token boundary


UNC_DECOYS = {
    "drive": "D:\\My Projects\\foo\\bar.txt",
    "relative": "src\\foo\\bar.py",
    "parens": "D:\\Reports (2024)\\foo\\bar.txt",
    "many_spaces": "D:\\a b c d e f\\foo\\bar.txt",
}


def test_json_escaped_backslashes_inside_a_path_are_not_a_unc_path(scrubber: Scrubber) -> None:
    import json

    for name, value in UNC_DECOYS.items():
        text = json.dumps({"path": value})
        spans = [text[f.start : f.end] for f in scrubber.find(text)]
        assert not any(s.startswith("\\\\") for s in spans), name
    assert [f.entity_type for f in scrubber.find('see "\\\\\\\\fs1\\\\team\\\\x.doc"')] == [
        "FILE_PATH"
    ]
    assert [f.entity_type for f in scrubber.find("(\\\\fs1\\team\\x.doc)")] == ["FILE_PATH"]


def test_scrubbed_json_with_windows_paths_checks_clean_and_is_idempotent(
    runner: CliRunner, tmp_path: Path
) -> None:
    import json

    path = tmp_path / "record.intake.json"
    path.write_text(json.dumps({"cwd": UNC_DECOYS, "user": "C:\\Users\\alice\\a.txt"}, indent=2))
    first = runner.invoke(app, ["scrub", str(path)], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    once = path.read_text()
    json.loads(once)
    check = runner.invoke(app, ["scrub", "--check", str(path)])
    assert (check.exit_code, check.stdout) == (0, "")
    again = runner.invoke(app, ["scrub", str(path)], catch_exceptions=False)
    assert again.exit_code == 0
    assert path.read_text() == once


# ------------------------------------------------------------- 4. no quadratic regexes


def test_one_line_json_log_mentioning_mysql_many_times_completes(scrubber: Scrubber) -> None:
    import json

    rows = [{"i": i, "service": "mysql", "msg": "connection pool ok " * 3} for i in range(6000)]
    text = json.dumps(rows)
    assert "\n" not in text and len(text) > 500_000
    result = scrubber.scrub_text(text)  # used to time out (ScrubError) after 10 s
    assert result.findings == []
    planted = text[:1000] + " mysql -u root -pS3cretPw9 shop " + text[1000:]
    assert [f.entity_type for f in scrubber.find(planted)] == ["GENERIC_SECRET"]


def test_long_dotted_run_before_an_at_sign_completes(scrubber: Scrubber) -> None:
    text = "a.a.a.a" * 50000 + "@"
    assert scrubber.scrub_text(text).findings == []
    long_local = "x" * 100 + "." + "y" * 80 + "@acme.io"
    assert scrubber.scrub_text(f"mail {long_local} now").text == "mail user1@example.com now"


# ------------------------------------------------------------- 5. allow-lists anchored


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("see /home/alice/FAKE1/notes.txt", "FILE_PATH"),
        ("token=ghp_AbCdEfGhIjKlMnOpFAKE1QrStUvWxYz012345", "GITHUB_TOKEN"),
        ("password=hunter2example99", "GENERIC_SECRET"),
        ("api_key=Zq8dummyX4r2Lp9w", "GENERIC_SECRET"),
        ("secret: your_Zq8X4r2Lp9wK", "GENERIC_SECRET"),
        ("Authorization: Bearer Zq8X4r2Lp9wKexampleT5mN3", "BEARER_TOKEN"),
    ],
)
def test_fixture_and_placeholder_words_inside_a_value_do_not_keep_it(
    scrubber: Scrubber, text: str, entity: str
) -> None:
    assert entity in [f.entity_type for f in scrubber.find(text)]


def test_exact_fixture_and_placeholder_shapes_are_still_kept(scrubber: Scrubber) -> None:
    kept = (
        "password: your-password-here\napi_key: YOUR_API_KEY\ntoken=example_token\n"
        "secret: dummy-secret\nOPENAI_API_KEY=sk-...\npassword=xxxxxxxx\napi_key=****\n"
        "token: paste_token_here\npassword=FAKE0000001\nghp_FAKE00000000000000000000000000000001\n"
        "eyJFAKE000000001.eyJFAKE000000001.FAKE0000000000000000000001\n"
        "000000000:AAFAKE000000000000000000000000001\n"
    )
    assert scrubber.find(kept) == []


# ------------------------------------------------------------- 6. letters-only passwords


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("password: sunflower", "sunflower"),
        ("my password is: sunshine", "sunshine"),
        ('{"password": "dragon"}', "dragon"),
        ("DB_PASSWORD=monkey", "monkey"),
        ("the wifi password is qwerty", "qwerty"),
        ("pwd = Sunshine", "Sunshine"),
    ],
)
def test_letters_only_password_after_an_explicit_name_is_found(
    scrubber: Scrubber, text: str, value: str
) -> None:
    result = scrubber.scrub_text(text)
    assert [f.entity_type for f in result.findings] == ["GENERIC_SECRET"]
    assert value not in result.text
    assert scrubber.scrub_text(result.text).text == result.text


def test_code_and_prose_after_a_password_name_are_not_passwords(scrubber: Scrubber) -> None:
    decoys = [
        "password: str",
        "password = settings.password",
        "password: ${{ secrets.X }}",
        "password=None",
        'password: "<YOUR_PASSWORD>"',
        "password: Optional[str]",
        "password: SecretStr",
        "password = getpass()",
        "password = self.password",
        "password = user_password",
        "password: bool",
        "password is required",
        "the password is incorrect",
        "password: string",
        "if password == other:",
        "password_length: twelve",
        "password: !vault |",
    ]
    for text in decoys:
        assert scrubber.find(text) == [], text


# ------------------------------------------------------------- 7. bare home folders


def test_different_bare_home_folders_get_different_fixtures(scrubber: Scrubber) -> None:
    text = "cp /home/alice /home/bob; ls /home/alice; cat /home/alice/p/a.py"
    out = scrubber.scrub_text(text).text
    assert out == "cp /home/user1 /home/user2; ls /home/user1; cat /home/user1/p/a.py"
    assert scrubber.scrub_text(out).text == out
    win = scrubber.scrub_text("C:\\Users\\alice\\ and C:\\Users\\bob").text
    assert win == "C:\\Users\\user1\\ and C:\\Users\\user2"
    mac = scrubber.scrub_text("/Users/alice vs /Users/bob").text
    assert mac == "/Users/user1 vs /Users/user2"
    assert scrubber.find(win + " " + mac) == []


def test_bare_home_fixture_skips_numbers_already_in_the_text(scrubber: Scrubber) -> None:
    out = scrubber.scrub_text("user1@example.com owns /home/bob").text
    assert out == "user1@example.com owns /home/user2"


# ------------------------------------------------------------- 8. fallback report counts once


def test_structured_fallback_counts_each_replaced_value_once(
    runner: CliRunner, tmp_path: Path
) -> None:
    import json

    path = tmp_path / "esc.yaml"
    escaped = "".join(f"\\x{ord(c):02x}" for c in "bob@acme.io")
    path.write_text(f'msg: "{escaped}"\nother: alice@acme.io\n')
    result = runner.invoke(app, ["scrub", "--format", "json", str(path)], catch_exceptions=False)
    assert result.exit_code == 0
    report = json.loads(result.stdout)["files"][0]["report"]
    assert report["counts"] == {"EMAIL_ADDRESS": 2}
    assert len(report["spans"]) == 2
    assert "acme.io" not in path.read_text()


# ------------------------------------------------------------- 9. scrubbers_dir from the suite


def test_relative_scrubbers_dir_is_resolved_against_the_suite_root(
    runner: CliRunner, suite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from intake.config import load_settings
    from intake.scrub import packaged_scrubbers_dir, scrubber_for

    folder = suite / "my-scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    allow = folder / "allow.yaml"
    allow.write_text(
        allow.read_text()
        + "  - name: team_address\n    entities: [EMAIL_ADDRESS]\n    regex: '^team@acme\\.io$'\n"
    )
    pyproject = suite / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + 'scrubbers_dir = "my-scrubbers"\n')
    notes = suite / "drafts" / "notes.txt"
    notes.write_text("mail team@acme.io or bob@acme.io\n")
    monkeypatch.chdir(suite / "drafts")  # not the suite root
    result = runner.invoke(app, ["scrub", "--check", "notes.txt"])
    assert result.exit_code == 1, result.output
    assert result.stdout == "EMAIL_ADDRESS notes.txt:1\n"
    engine = scrubber_for(load_settings(suite))
    assert engine.scrubbers_dir == folder.resolve()
    assert [f.entity_type for f in engine.find("team@acme.io bob@acme.io")] == ["EMAIL_ADDRESS"]


# ------------------------------------------------------------- 10. percent-encoded e-mails


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "GET /u?email=zelda.fitzgerald%40kestrel-mail.com&x=1",
            "GET /u?email=user1%40example.com&x=1",
        ),
        ("mailto:zelda%40kestrel-mail.com", "mailto:user1%40example.com"),
        ("to=zelda%2Btag%40kestrel-mail.com", "to=user1%40example.com"),
        ("q=%22zelda%40kestrel-mail.com%22", "q=%22user1%40example.com%22"),
        ("r=%3Czelda%40acme.io.pdf", "r=%3Cuser1%40example.com.pdf"),
    ],
)
def test_percent_encoded_email_is_replaced_in_the_same_encoding(
    scrubber: Scrubber, text: str, expected: str
) -> None:
    result = scrubber.scrub_text(text)
    assert result.text == expected
    assert [f.entity_type for f in result.findings] == ["EMAIL_ADDRESS"]
    assert scrubber.scrub_text(result.text).text == result.text


def test_encoded_and_plain_forms_of_one_address_share_a_fixture(scrubber: Scrubber) -> None:
    text = (
        "from bob@acme.io; GET ?email=zelda%40kestrel-mail.com; reply zelda@kestrel-mail.com; "
        "mailto:bob%40acme.io"
    )
    assert scrubber.scrub_text(text).text == (
        "from user1@example.com; GET ?email=user2%40example.com; reply user2@example.com; "
        "mailto:user1%40example.com"
    )


def test_encoded_at_without_a_public_suffix_is_not_an_email(scrubber: Scrubber) -> None:
    text = "npm i lodash%404.17.21 x%40localhost user%40example.com git%40github.com:a/b"
    assert scrubber.find(text) == []


# ------------------------------------------------------------- 11. Azure storage secrets

_AZURE_KEY = (
    "Xq3vJ9kLm2Np8Rt5Wy7Zb4Cd6Fg1Hj0Ks9Lq2Mw5Ne8Pr3St6Uv9Wx2Ya5Zc8Ae1Bf4Dg7Eh0Fi3Gk6Hm9J+/Q=="
)
_SAS_SIG = "Qa%2B3bXk9yTzW1lPqRv7oN2mEjH5sD8cFgA0iUeK4%2FYz%3D"


def test_azure_account_key_in_a_connection_string_is_replaced(scrubber: Scrubber) -> None:
    assert len(_AZURE_KEY) == 88
    text = (
        "DefaultEndpointsProtocol=https;AccountName=acct;"
        f"AccountKey={_AZURE_KEY};EndpointSuffix=core.windows.net"
    )
    result = scrubber.scrub_text(text)
    assert [f.entity_type for f in result.findings] == ["AZURE_STORAGE_KEY"]
    fixture = result.text.split("AccountKey=")[1].split(";")[0]
    assert len(fixture) == 88 and fixture.endswith("==") and fixture.startswith("FAKE")
    assert "AccountName=acct;" in result.text and "EndpointSuffix=core.windows.net" in result.text
    assert scrubber.scrub_text(result.text).text == result.text


def test_azure_storage_key_after_a_variable_name_is_replaced(scrubber: Scrubber) -> None:
    for text in (f'AZURE_STORAGE_KEY="{_AZURE_KEY}"', f'{{"accountKey": "{_AZURE_KEY}"}}'):
        result = scrubber.scrub_text(text)
        assert _AZURE_KEY not in result.text, text
        assert [f.entity_type for f in result.findings] == ["AZURE_STORAGE_KEY"], text


def test_azure_sas_signature_is_replaced_whole_in_the_same_encoding(scrubber: Scrubber) -> None:
    text = f"https://a.blob.core.windows.net/c/b?sv=2022-11-02&ss=b&sig={_SAS_SIG}&se=2025"
    result = scrubber.scrub_text(text)
    assert [f.entity_type for f in result.findings] == ["AZURE_SAS_SIGNATURE"]
    sig = result.text.split("sig=")[1].split("&")[0]
    assert sig == "FAKE" + "0" * 38 + "1%3D"  # 43 characters and "=" once decoded, like a real one
    assert result.text.endswith("&se=2025") and "sv=2022-11-02&ss=b&" in result.text
    assert scrubber.scrub_text(result.text).text == result.text


def test_unencoded_sas_signature_is_replaced(scrubber: Scrubber) -> None:
    raw = "Qa+3bXk9yTzW1lPqRv7oN2mEjH5sD8cFgA0iUeK4/Yz="
    result = scrubber.scrub_text(f"SharedAccessSignature=sv=2022-11-02&sr=b&sig={raw}")
    assert raw not in result.text
    assert [f.entity_type for f in result.findings] == ["AZURE_SAS_SIGNATURE"]


def test_azure_lookalikes_are_kept(scrubber: Scrubber) -> None:
    text = (
        "AccountKey=<your-account-key> AccountKey=short== ?sig=abc123&sv=2022-11-02 "
        "&sig=notasignature& signature=sig"
    )
    assert scrubber.find(text) == []


# ------------------------------------------------------------- 12. tokens wrapped by a terminal

_WRAPPED = {
    "GITHUB_TOKEN": ("ghp_hbMKurZYajaT2N2R", "lgC7xWkKwXpnjsABCD12"),
    "HUGGINGFACE_TOKEN": ("hf_Q2w3E4r5T6y7U8i9O0pA", "sDfGhJkLzXcVbN"),
    "AWS_ACCESS_KEY_ID": ("AKIAQ3ZP7L", "MX2RTY4KWB"),
    "ANTHROPIC_API_KEY": ("sk-ant-api03-" + "aB3dE5gH7jK9" * 5, "mN2pQ4sT6vW8" * 2 + "xY-zA1bC3dE"),
}


@pytest.mark.parametrize("entity", sorted(_WRAPPED))
@pytest.mark.parametrize("joint", ["\n", "\r\n", "\n    "])
def test_token_wrapped_once_at_its_exact_length_is_replaced(
    scrubber: Scrubber, entity: str, joint: str
) -> None:
    head, tail = _WRAPPED[entity]
    text = f"$ echo $TOKEN\n{head}{joint}{tail}\n$ next"
    result = scrubber.scrub_text(text)
    assert [f.entity_type for f in result.findings] == [entity]
    assert head not in result.text and tail not in result.text
    assert result.text.startswith("$ echo $TOKEN\n") and result.text.endswith("\n$ next")
    assert scrubber.scrub_text(result.text).text == result.text


def test_wrapped_and_whole_forms_of_one_token_share_a_fixture(scrubber: Scrubber) -> None:
    head, tail = _WRAPPED["GITHUB_TOKEN"]
    result = scrubber.scrub_text(f"{head}\n{tail}\nlater {head}{tail} again")
    fixture = "ghp_FAKE" + "0" * 31 + "1"
    assert result.text == f"{fixture}\nlater {fixture} again"


@pytest.mark.parametrize(
    "text",
    [
        "ghp_hbMKurZYajaT2N2R\nlgC7xWkKwXpnjsAB\n",  # joined length 32, not 36
        "ghp_hbMKurZYajaT2N2R\nlgC7xWkKwXpnjsABCD12345\n",  # joined length 39
        "ghp_hbMKurZYajaT2N2R\n\nlgC7xWkKwXpnjsABCD12\n",  # a blank line is no wrap
        "ghp_hbMK\nurZYaj\naT2N2RlgC7xWkKwXpnjsAB\n",  # two breaks
        "see hf_hub\ndownload_and_cache_the_model_files here\n",  # words
        "AKIA\nIMPORTANTNOTEXYZ\n",  # letters only after AKIA, no digit
    ],
)
def test_near_misses_of_a_wrapped_token_are_kept(scrubber: Scrubber, text: str) -> None:
    assert [f.entity_type for f in scrubber.find(text)] == []


def test_escaped_and_plain_forms_of_one_folder_share_a_fixture() -> None:
    """GAIA's memory.db keeps results as Python reprs (doubled backslashes) beside the plain
    path in the same draft: one folder, one fixture (it was ``project1`` and ``project2``)."""
    from intake.scrub import scrub_tree

    doc = {
        "repr": "{'path': 'C:\\\\Users\\\\Marta.Kowalska\\\\Documents\\\\budget_2025.md'}",
        "plain": "C:\\Users\\Marta.Kowalska\\Documents\\budget_2025.md",
    }
    clean, _ = scrub_tree(doc, scrubber=get_scrubber())
    assert clean["plain"] == "C:\\Users\\user1\\Documents\\budget_2025.md"
    assert clean["repr"] == "{'path': 'C:\\\\Users\\\\user1\\\\Documents\\\\budget_2025.md'}"


def test_a_secret_that_starts_with_a_slash_is_not_taken_for_a_path(scrubber: Scrubber) -> None:
    """1 in 64 base64 secrets starts with ``/`` (found by the matrix's property test)."""
    secret = "/LvKM45lSnzk7zBg//DsukgPxeNkjPLR3u9bbkEr"
    assert secret not in scrubber.scrub_text(f"PASSWORD={secret}\n").text
    for path in ("/etc/ssl/private/Server2024Key.pem", "/var/run/secrets/token"):
        assert scrubber.scrub_text(f"KEY_FILE={path}\n").text == f"KEY_FILE={path}\n"
