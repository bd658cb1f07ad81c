# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Secret tools' and password managers' pasted output (stop 60, scrubber 1.133.0; issue 35).

The tune miss and damage of batch 175 (``tests/outside_corpus/SOURCE.md``, "The stop-175
collection"), each fixed by a rule for a class, not for the one tool's line:

* ``openpgp_uid_nickname`` (``scrubbers/user_names.yaml``): the comment of an OpenPGP user id,
  ``Real Name (Comment) <address>`` (RFC 4880 and RFC 9580, section 5.11; GnuPG's manual,
  "Unattended key generation", ``Name-Comment``), when it is one capitalised word made of the
  given name's first three letters and at most four more (``Doug`` of ``Douglas``): the owner's
  nickname, learned, wherever gpg and the tools that wrap it (git-crypt, pass, gopass, sops)
  print the user id;
* ``stand_in_mailbox_local_part`` (``scrubbers/allow.yaml``): an address whose local part spells
  out whose mailbox, which one and what of it goes there (``my_gmail_id@gmail.com``,
  ``your_outlook_id@``, ``my_email_id@``, ``your_yahoo_address@``): a stand-in, kept, as
  ``my_email@`` and ``your_address@`` already were.

``NICKNAME_NOBODY`` and ``STAND_IN_GO`` are the harm hunts the rules were attacked with before
they were kept (texts of the same shapes, from at least two other tools of each class, that name
nobody, and real values in the same places that must still go).
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

NICKNAME_NOBODY = [
    # a comment that says what the key is for or when
    'You need a passphrase to unlock the secret key for\nuser: "git-crypt (repository key) <noreply@example.com>"\n',
    "uid           [ultimate] Release Signing Key (2024) <security@example.org>\n",
    'gpg: Good signature from "HashiCorp Security (hashicorp.com/security) <security@hashicorp.com>" [unknown]\n',
    'gpg: key 3B3F5A08: public key "Debian Archive Automatic Signing Key (11/bullseye) <ftpmaster@debian.org>" imported\n',
    # a placeholder person's nickname, a role's word, a product's word after its own name
    'You need a passphrase to unlock the secret key for\nuser: "John Doe (Johnny) <johnny@example.com>"\n',
    "uid           [ultimate] Test User (Test) <test@gmail.com>\n",
    "uid           [ultimate] Build Server (Build) <build@example.com>\n",
    "uid           [ unknown] Tails Developers (Tails) <tails@example.org>\n",
    "uid           [ultimate] Douglas Harlan (Doug) <noreply@harlan.dev>\n",
    "Author: Build Bot (Builder) <bot@ci.example.net>\n",
]

NICKNAME_GO = [
    (
        'You need a passphrase to unlock the secret key for\nuser: "Douglas Harlan (Doug) <dharlan@posteo.de>"\n2048-bit RSA key, ID 1234ABCD, created 2016-01-01 (main key ID 0E1F2A3B)\n',
        ["Douglas", "Harlan", "Doug"],
        "2048-bit RSA key, ID 1234ABCD, created 2016-01-01 (main key ID 0E1F2A3B)",
    ),
    (
        "pub   rsa4096 2020-02-02 [SC]\nuid           [ultimate] Katherine Voss (Kate) <kvoss@posteo.de>\nsub   rsa4096 2020-02-02 [E]\n",
        ["Katherine", "Voss", "Kate"],
        "sub   rsa4096 2020-02-02 [E]",
    ),
    (
        'gpg: Good signature from "Christopher Lund (Chris) <clund@fastmail.com>" [ultimate]\n',
        ["Christopher", "Lund", "Chris"],
        "gpg: Good signature from ",
    ),
    (
        'Please enter the passphrase to unlock the OpenPGP secret key:\n"Roberto Almeida (Rob) <ralmeida@gmx.net>"\n4096-bit RSA key, ID 5A2F90C3C51E07B9,\ncreated 2021-03-04.\nsigned by Rob\n',
        ["Roberto", "Almeida", "Rob"],
        "4096-bit RSA key, ID 5A2F90C3C51E07B9",
    ),
    (
        "[0] 0x5A2F90C3C51E07B9 - Alexandra Pires (Alex) <apires@kestrel-mail.com>\n",
        ["Alexandra", "Pires", "Alex"],
        "[0] 0x5A2F90C3C51E07B9 - ",
    ),
]


@pytest.mark.parametrize("text", NICKNAME_NOBODY)
def test_uid_comment_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), NICKNAME_GO)
def test_uid_nickname_goes(engine: Scrubber, text: str, gone: list[str], kept: str) -> None:
    gone_and_kept(engine, text, gone, kept)


# The same shapes where 1.129.0 already replaced the name or the address (a real domain's
# address goes; ``openpgp_uid_name`` reads a name at ``example.com``): the comment must stay,
# since it names nobody (a key's purpose, a placeholder's or a team's word, a comment that is no
# short form of the given name) or its address is a documentation domain's.
NICKNAME_COMMENT_KEPT = [
    (
        'gpg: Good signature from "Docker Release (CE deb) <docker@docker.com>" [unknown]\n',
        "(CE deb)",
    ),
    ("uid           [ultimate] Max Mustermann (Max) <max@example.de>\n", "Max Mustermann (Max) <"),
    (
        "Maintainer: Debian Go Packaging Team (Debian) <team+pkg-go@tracker.debian.org>\n",
        "Debian Go Packaging Team (Debian) <",
    ),
    (
        "uid           [ultimate] Heinrich Heine (Der Dichter) <heinrichh@example.com>\n",
        "(Der Dichter) <",
    ),
    (
        "sec   rsa4096 2019-01-29 [SC]\nuid           [ultimate] Douglas Harlan (Doug) <doug@example.com>\n",
        "(Doug) <doug@example.com>",
    ),
    ("uid           [ultimate] Jenkins Automation (Jenkins) <jenkins@corp.io>\n", " (Jenkins) <"),
]


@pytest.mark.parametrize(("text", "kept"), NICKNAME_COMMENT_KEPT)
def test_uid_comment_naming_nobody_is_kept(engine: Scrubber, text: str, kept: str) -> None:
    assert kept in scrubbed(engine, text)


STAND_IN_NOBODY = [
    # Bitwarden's, 1Password's, LastPass's and git's sign-in lines with a stand-in address
    "? Email address: my_gmail_id@gmail.com\n? Master password: [hidden]\n",
    "? Email address: your_gmail_id@gmail.com\n? Master password: [hidden]\n",
    "$ bw login my_gmail_id@gmail.com\n? Master password: [hidden]\n",
    "$ bw login my_email_id@gmail.com --method 0 --code 123456\n",
    "$ op account add --address my.1password.com --email my_outlook_id@outlook.com\n",
    "Enter the password for your_yahoo_address@yahoo.com at my.1password.com:\n",
    "$ lpass login --trust my_yahoo_id@yahoo.com\n",
    "$ git config --global user.email your_github_email@users.noreply.github.com\n",
    "$ git config --global user.email my-work-email@gmail.com\n",
    "Apple ID: myappleid@icloud.com\n",
    "$ aws-vault add default --email=your.real.name@hotmail.com\n",
]

STAND_IN_GO = [
    ("? Email address: mike.doyle@gmail.com\n", "mike.doyle@gmail.com", "? Email address: "),
    ("? Email address: jdoyle_84@gmail.com\n", "jdoyle_84@gmail.com", "? Email address: "),
    ("$ bw login mygmail@gmail.com\n", "mygmail@gmail.com", "$ bw login "),
    ("$ bw login my.gmail.jane@gmail.com\n", "my.gmail.jane@gmail.com", "$ bw login "),
    ("$ lpass login myworkshop@gmail.com\n", "myworkshop@gmail.com", "$ lpass login "),
    (
        "Enter the password for yourlife@outlook.com at my.1password.com:\n",
        "yourlife@outlook.com",
        " at my.1password.com:",
    ),
    ("? Email address: my_gmail_id2@gmail.com\n", "my_gmail_id2@gmail.com", "? Email address: "),
]


@pytest.mark.parametrize("text", STAND_IN_NOBODY)
def test_stand_in_address_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), STAND_IN_GO)
def test_address_holding_such_a_word_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)
