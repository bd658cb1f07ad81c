"""The scrubber on real Presidio: recall per kind, decoys, fixtures, overlaps, trees, bad input."""

from __future__ import annotations

import logging
import shutil
import socket
from collections import Counter
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap

from intake.errors import ConfigError, InputError, ScrubError
from intake.scrub import (
    FixtureMap,
    Scrubber,
    decode_text,
    get_scrubber,
    packaged_scrubbers_dir,
    scrub_tree,
    scrubber_config_hash,
)
from tests.support.scrub_corpus import KINDS, build_corpus, kind_values


@pytest.fixture(scope="module")
def scrubber() -> Scrubber:
    return get_scrubber()


@pytest.fixture(scope="module")
def corpus_result(scrubber: Scrubber):  # type: ignore[no-untyped-def]
    corpus = build_corpus(120_000, seed=11)
    return corpus, scrubber.find(corpus.text), scrubber.scrub_text(corpus.text)


def test_every_kind_is_planted_in_the_corpus() -> None:
    corpus = build_corpus(10_000, seed=1)
    assert {p.kind for p in corpus.planted} == set(KINDS)


def test_recall_is_complete_for_every_kind(corpus_result) -> None:  # type: ignore[no-untyped-def]
    corpus, findings, _ = corpus_result
    missed: Counter[str] = Counter()
    for p in corpus.planted:
        if not any(f.start <= p.start and p.end <= f.end for f in findings):
            missed[p.kind] += 1
    assert missed == Counter()


def test_no_decoy_is_touched(corpus_result) -> None:  # type: ignore[no-untyped-def]
    corpus, findings, _ = corpus_result
    touched = [
        d.kind for d in corpus.decoys if any(f.start < d.end and d.start < f.end for f in findings)
    ]
    assert touched == []


def test_no_planted_value_survives_and_decoys_are_kept(corpus_result) -> None:  # type: ignore[no-untyped-def]
    corpus, _, result = corpus_result
    survivors = {p.kind for p in corpus.planted if corpus.text[p.start : p.end] in result.text}
    assert survivors == set()
    for d in corpus.decoys:
        assert corpus.text[d.start : d.end] in result.text, d.kind


def test_scrubbed_corpus_is_clean_and_idempotent(scrubber: Scrubber, corpus_result) -> None:  # type: ignore[no-untyped-def]
    _, _, result = corpus_result
    assert scrubber.find(result.text) == []
    assert scrubber.scrub_text(result.text).text == result.text


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_alone_is_replaced(scrubber: Scrubber, kind: str) -> None:
    text = kind_values(seed=5)[kind]
    result = scrubber.scrub_text(text)
    assert result.findings, kind
    assert result.text != text
    assert scrubber.find(result.text) == []


def test_issue_example_fixtures(scrubber: Scrubber) -> None:
    text = (
        "cp /home/alice/proj/a.py /home/alice/proj/b.py; mail alice@acme.io and bob@acme.io; "
        "again /home/alice/proj/a.py and alice@acme.io; "
        "token ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    )
    out = scrubber.scrub_text(text).text
    assert out == (
        "cp /home/user1/proj/a.py /home/user1/proj/b.py; mail user1@example.com and "
        "user2@example.com; again /home/user1/proj/a.py and user1@example.com; "
        "token ghp_FAKE00000000000000000000000000000001"
    )
    assert len("ghp_FAKE00000000000000000000000000000001") == len(
        "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    )


def test_token_inside_url_replaces_the_token_not_the_host(scrubber: Scrubber) -> None:
    """The host stays; the login of the userinfo is a login (issue 35), replaced as a name."""
    text = (
        "git remote: https://alice:ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789@github.com/acme/w.git"
    )
    out = scrubber.scrub_text(text).text
    assert (
        out
        == "git remote: https://user1:ghp_FAKE00000000000000000000000000000001@github.com/acme/w.git"
    )


def test_email_inside_a_home_path_goes_and_the_folders_stay(scrubber: Scrubber) -> None:
    # since 1.21.0 (issue 35 item 1): only the private segments go, each with its own type's
    # fixture; before, the path was replaced whole (/Users/user/project1/INBOX.mbox)
    text = (
        "store /Users/alice/Library/Mail/alice.smith@acme.io/INBOX.mbox"
        " and /Users/alice/x/al@acme.io"
    )
    out = scrubber.scrub_text(text).text
    assert out == (
        "store /Users/user1/Library/Mail/user1@example.com/INBOX.mbox"
        " and /Users/user1/x/user2@example.com"
    )


def test_path_styles_keep_their_shape(scrubber: Scrubber) -> None:
    cases = {
        "C:\\Users\\alice\\proj\\a.py": "C:\\Users\\user1\\proj\\a.py",
        "D:\\\\Users\\\\alice\\\\x\\\\b.txt": "D:\\\\Users\\\\user1\\\\x\\\\b.txt",
        "~alice/notes/todo.md": "~user1/notes/todo.md",
        # no user in these (issue 29): kept as written, variables and all
        "~/notes/todo.md": "~/notes/todo.md",
        "$HOME/.ssh/id_rsa": "$HOME/.ssh/id_rsa",
        "%USERPROFILE%\\Desktop\\a.txt": "%USERPROFILE%\\Desktop\\a.txt",
        "\\\\corp-fs\\share\\alice\\z.doc": "\\\\fileserver\\share\\project1\\z.doc",
        "file:///home/alice/site/x.html": "file:///home/user1/site/x.html",
        "/home/alice": "/home/user1",
    }
    for original, expected in cases.items():
        assert scrubber.scrub_text(f"at {original} now").text == f"at {expected} now", original


def test_system_and_relative_paths_are_kept(scrubber: Scrubber) -> None:
    text = (
        "#!/usr/bin/env python\n/usr/lib/x.so src/intake/scrub.py"
        " C:\\Windows\\System32\\cmd.exe ./home/x"
    )
    assert scrubber.find(text) == []


def test_placeholders_are_not_secrets(scrubber: Scrubber) -> None:
    text = (
        "api_key: <YOUR_KEY>\nOPENAI_API_KEY=sk-...\ntoken: ${{ secrets.X }}\npassword=$DB_PASS\n"
        "Authorization: Bearer <token>\napi_key = os.environ['OPENAI_API_KEY']\nmax_tokens=100000\n"
        "SECRET_KEY=changeme\npassword: your-password-here\n"
    )
    assert scrubber.find(text) == []


def test_same_value_same_fixture_different_values_different_fixtures(scrubber: Scrubber) -> None:
    a, b = "ghp_" + "A1b2" * 9, "ghp_" + "Z9y8" * 9
    out = scrubber.scrub_text(f"{a} {b} {a}").text.split()
    assert out[0] == out[2] != out[1]


def test_deterministic(scrubber: Scrubber) -> None:
    text = kind_values(seed=3)["email"] + " " + kind_values(seed=3)["github_token"]
    assert scrubber.scrub_text(text).text == scrubber.scrub_text(text).text


def test_fixture_numbers_skip_ones_already_in_the_text(scrubber: Scrubber) -> None:
    out = scrubber.scrub_text("user1@example.com wrote to bob@acme.io").text
    assert out == "user1@example.com wrote to user2@example.com"


def test_findings_point_into_the_original_text(scrubber: Scrubber) -> None:
    text = "x bob@acme.io y /home/bob/a/b.py"
    findings = scrubber.scrub_text(text).findings
    assert [(f.entity_type, text[f.start : f.end]) for f in findings] == [
        ("EMAIL_ADDRESS", "bob@acme.io"),
        ("FILE_PATH", "/home/bob/a/b.py"),
    ]


def test_long_text_is_chunked_without_losing_or_duplicating_findings(tmp_path: Path) -> None:
    small = Scrubber(chunk_chars=2048, chunk_margin=1024)
    corpus = build_corpus(40_000, seed=4)
    whole = get_scrubber().find(corpus.text)
    chunked = small.find(corpus.text)
    assert chunked == whole
    assert len(chunked) >= len(corpus.planted)


# ----------------------------------------------------------------------------- trees


def test_scrub_tree_uses_one_mapping_across_fields_and_reports_paths(scrubber: Scrubber) -> None:
    draft = {
        "id": "x",
        "turns": [
            {"turn": 1, "user_message": "mail alice@acme.io about /home/alice/p/a.py"},
            {"turn": 2, "user_message": "alice@acme.io again", "tags": ["bob@acme.io"]},
        ],
        "alice@acme.io": {"ghp_" + "A1b2" * 9: 3},
    }
    new, report = scrub_tree(draft, scrubber=scrubber)
    assert new["turns"][0]["user_message"] == "mail user1@example.com about /home/user1/p/a.py"
    assert new["turns"][1]["user_message"] == "user1@example.com again"
    assert new["turns"][1]["tags"] == ["user2@example.com"]
    assert new["user1@example.com"] == {"ghp_FAKE00000000000000000000000000000001": 3}
    assert draft["turns"][0]["user_message"].startswith("mail alice")  # input untouched
    assert report.counts == {"EMAIL_ADDRESS": 4, "FILE_PATH": 1, "GITHUB_TOKEN": 1}
    paths = [s.json_path for s in report.spans]
    assert "$.turns[0].user_message" in paths
    assert "$.turns[1].tags[0]" in paths
    assert "$['alice@acme.io']~" not in str(report.model_dump())
    assert "alice" not in report.model_dump_json()
    assert report.config_hash == scrubber_config_hash()
    assert scrub_tree(new, scrubber=scrubber)[1].spans == []


def test_scrub_tree_keeps_ruamel_comments_and_types(scrubber: Scrubber) -> None:
    yaml = YAML()
    doc = yaml.load(
        "# top\nname: x  # trailing\nmsg: |\n  cat /home/alice/p/a.py\nalice@acme.io: 1\n"
    )
    new, _ = scrub_tree(doc, scrubber=scrubber)
    assert isinstance(new, CommentedMap)
    import io

    buf = io.StringIO()
    yaml.dump(new, buf)
    assert (
        buf.getvalue() == "# top\nname: x  # trailing\nmsg: |\n  cat /home/user1/p/a.py\n"
        "user1@example.com: 1\n"
    )


def test_findings_report_type_and_location_only(scrubber: Scrubber) -> None:
    _, report = scrub_tree({"a": ["ok", "key AKIAIOSFODNN7ABCDEFG"]}, scrubber=scrubber)
    assert [(f.entity_type, f.json_path, f.start, f.end) for f in report.spans] == [
        ("AWS_ACCESS_KEY_ID", "$.a[1]", 4, 24)
    ]
    assert [f.entity_type for f in scrubber.find("bob@acme.io")] == ["EMAIL_ADDRESS"]


def test_shared_mapping_across_calls() -> None:
    mapping = FixtureMap()
    s = get_scrubber()
    one = s.scrub_text("bob@acme.io", mapping=mapping).text
    two = s.scrub_text("eve@acme.io bob@acme.io", mapping=mapping).text
    assert (one, two) == ("user1@example.com", "user2@example.com user1@example.com")


# ----------------------------------------------------------------------------- offline, config


def test_whole_scrub_runs_with_sockets_blocked(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    fresh = Scrubber()  # build, analyze, e-mail TLD check: all offline
    text = "".join(kind_values(seed=9).values())
    result = fresh.scrub_text(text)
    assert "EMAIL_ADDRESS" in {f.entity_type for f in result.findings}
    assert fresh.find(result.text) == []


def test_packaged_scrubbers_dir_and_hash() -> None:
    folder = packaged_scrubbers_dir()
    assert (folder / "recognizers.yaml").is_file()
    assert scrubber_config_hash().startswith("sha256:")


def test_config_hash_changes_with_the_configuration(tmp_path: Path) -> None:
    copy = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), copy)
    before = scrubber_config_hash(copy)
    (copy / "allow.yaml").write_text((copy / "allow.yaml").read_text() + "\n# edited\n")
    assert scrubber_config_hash(copy) != before


def test_missing_spacy_model_is_a_config_error_not_a_download() -> None:
    with pytest.raises(ConfigError, match="not installed"):
        Scrubber(spacy_model="en_core_web_nonexistent")


def test_spacy_model_from_a_local_folder_is_used(tmp_path: Path) -> None:
    spacy = pytest.importorskip("spacy")
    model = tmp_path / "blank_en"
    spacy.blank("en").to_disk(model)
    with_ner = Scrubber(spacy_model=str(model))
    assert with_ner.scrub_text("mail bob@acme.io").text == "mail user1@example.com"


def test_missing_registry_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "allow.yaml").write_text("rules: []\n")
    (tmp_path / "fixtures.yaml").write_text("marker: FAKE\n")
    with pytest.raises(ConfigError, match="registry is missing"):
        Scrubber(tmp_path)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("recognizers.yaml", "recognizers: []\n"),  # no global_regex_flags: not completed
        ("providers.yaml", "- a list\n"),
        ("providers.yaml", "recognizers: [\n"),
        (  # a wrapped-token rule with no length
            "recognizers.yaml",
            "global_regex_flags: 24\nrecognizers:\n  - name: w\n"
            "    token: {entity: GITHUB_TOKEN, prefix: 'gh[pousr]_', body: '[A-Za-z0-9]'}\n",
        ),
    ],
)
def test_a_malformed_registry_file_is_a_config_error_naming_it(
    tmp_path: Path, name: str, text: str
) -> None:
    folder = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    (folder / name).write_text(text)
    with pytest.raises(ConfigError, match="recognizer registry cannot be loaded") as info:
        Scrubber(folder)
    assert info.value.where == str(folder / name)


def test_a_wrapped_token_rule_is_data_in_the_scrubbers_folder(tmp_path: Path) -> None:
    """A provider's wrapped token is a ``token`` rule in the registry file, no class of its own:
    one added to a copied folder finds its token cut by a terminal, only at its exact length."""
    folder = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    registry = folder / "recognizers.yaml"
    registry.write_text(
        registry.read_text().replace(
            "recognizers:\n",
            "recognizers:\n  - name: ExampleWrapped\n"
            "    token: {entity: GITHUB_TOKEN, prefix: 'zq_', body: '[a-z0-9]', length: 12}\n",
            1,
        )
    )
    scrubber = Scrubber(folder)
    cut = scrubber.scrub_text("key zq_ab12cd\n    34ef56 end")
    assert "ab12cd" not in cut.text and "34ef56" not in cut.text
    assert [f.entity_type for f in cut.findings] == ["GITHUB_TOKEN"]
    longer = "key zq_ab12cd\n    34ef56gh end"  # 14 characters joined: not this provider's
    assert scrubber.scrub_text(longer).text == longer
    assert Scrubber().scrub_text("key zq_ab12cd\n    34ef56 end").findings == []


# ------------------------------------------------------------------ fail closed, bad input


def _dir_with_extra_pattern(tmp_path: Path, regex_text: str) -> Path:
    folder = tmp_path / "scrubbers"
    shutil.copytree(packaged_scrubbers_dir(), folder)
    registry = folder / "recognizers.yaml"
    registry.write_text(
        registry.read_text()
        + "\n  - name: evil\n    type: custom\n    supported_entity: EVIL\n"
        + "    supported_language: en\n"
        + f"    patterns:\n      - name: evil\n        regex: '{regex_text}'\n        score: 0.9\n"
    )
    return folder


@pytest.mark.slow
def test_regex_timeout_fails_closed(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    evil = Scrubber(_dir_with_extra_pattern(tmp_path, "(a|aa)+$"), regex_timeout=1)
    secret = "ghp_" + "Q7w8" * 9
    with pytest.raises(ScrubError, match="timed out") as info:
        evil.scrub_text(secret + " " + "a" * 60 + "!")
    assert secret not in str(info.value) and secret not in (info.value.hint or "")
    assert secret not in caplog.text


def test_analyzer_exception_fails_closed(scrubber: Scrubber) -> None:
    with pytest.raises(ScrubError, match="analyzer error"):
        scrubber._analyze(None, "$")  # type: ignore[arg-type]


@pytest.mark.slow
def test_pathological_inputs_finish(scrubber: Scrubber) -> None:
    nasty = [
        "/home/" + "a/" * 20_000,
        "x@" * 20_000,
        "password=" * 5_000,
        "-----BEGIN PRIVATE KEY-----\n" + "A" * 50_000,
        "C:\\" + "a\\" * 20_000,
        "a" * 100_000 + "!",
        "~" * 30_000,
        "eyJ" + "a" * 30_000 + ".",
    ]
    for text in nasty:
        result = scrubber.scrub_text(text)
        assert scrubber.find(result.text) == []


def test_empty_and_whitespace_text(scrubber: Scrubber) -> None:
    assert scrubber.scrub_text("").text == ""
    assert scrubber.scrub_text("  \n").findings == []
    assert scrub_tree({}, scrubber=scrubber)[1].counts == {}


def test_decode_rejects_binary_and_invalid_utf8() -> None:
    with pytest.raises(InputError, match="binary"):
        decode_text(b"\x89PNG\r\n\x1a\n\x00\x00", where="img.png")
    with pytest.raises(InputError, match="not valid UTF-8 at byte 3") as info:
        decode_text(b"abc\xff\xfe secret", where="x.txt")
    assert "secret" not in str(info.value)
    assert decode_text("héllo".encode(), where="x") == "héllo"


def test_too_large_text_is_refused_cleanly() -> None:
    """A scrubber built with a small limit refuses a longer text (the 64 M limit, in small)."""
    small = Scrubber(max_chars=1000)
    assert small.scrub_text("a" * 1000).text == "a" * 1000
    with pytest.raises(InputError, match="too large"):
        small.scrub_text("a" * 1001)


def test_scrubber_logs_nothing_about_values(
    scrubber: Scrubber, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "ghp_" + "K3j4" * 9
    scrubber.scrub_text(f"token {secret} mail zed@acme.io")
    assert secret not in caplog.text and "zed@acme.io" not in caplog.text


def test_a_quote_or_a_space_ends_a_url_before_an_at_sign(scrubber: Scrubber) -> None:
    """detect-secrets' own false positives for basic auth: a URL that a quote, a space or a
    slash ends before an ``@`` has no userinfo, so ``url`` is learned as no login and nothing
    changes (the outside corpus's decoys; 1.8.0 to 1.16.1 read ``url`` as a login and replaced
    it in all four). A real ``user:secret@host`` still names its login."""
    text = (
        '"https://url:8000";@something else\n'
        "'https://url:8000';@something else\n"
        "https://url:8000 @something else\n"
        "https://url:8000/ @something else\n"
    )
    assert scrubber.scrub_text(text).text == text
    real = scrubber.scrub_text("git clone https://alice:hunter2pass@github.com/x/y\n").text
    assert "alice" not in real and "hunter2pass" not in real
