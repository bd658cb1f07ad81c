"""Regression tests for defects found in review of the scrubber (one section per defect).

Each test failed before its fix. No timing assertions: inputs that used to time out must simply
complete without ``ScrubError``.
"""

from __future__ import annotations

import pytest

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
            "at C:\\Users\\user\\project1\\plan.docx now",
        ),
        (
            '{"f": "C:\\\\Users\\\\John Smith\\\\Documents\\\\plan.docx"}',
            '{"f": "C:\\\\Users\\\\user\\\\project1\\\\plan.docx"}',
        ),
        ("open /Users/John Smith/Documents/a.txt", "open /Users/user/project1/a.txt"),
        ("cat /home/John Smith/x/y.txt", "cat /home/user/project1/y.txt"),
        (
            "cd /home/alice/a.txt and /home/bob/x.txt",
            "cd /home/user/project1/a.txt and /home/user/project2/x.txt",
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
