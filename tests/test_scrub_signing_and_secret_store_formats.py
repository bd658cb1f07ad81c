# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Signing identities and secret stores: an OpenPGP user id's name, a Vault token by its place,
Go's path error after ``token:`` (stop 53, scrubber 1.48.0; issue 35).

The tune misses of batches 95 and 96 (``tests/outside_corpus/SOURCE.md``, "The stop-95
collection" and "The stop-96 collection"), each fixed by a general rule:

* ``user_names.yaml``'s ``openpgp_uid_name``: the name of an OpenPGP user id ``Name (Comment)
  <address>`` (RFC 4880 section 5.11; GnuPG's key generation dialog builds it from the Real
  name, Comment and Email address) where gpg prints one (``uid [validity]``, ``--edit-key``'s
  ``[validity] (n).``, a quoted uid on a ``gpg:`` line or after ``gpg: encrypted with``,
  gopass's ``[n] 0x<keyid> - ``, git's ``gpg -bsau 'Name <address>'``), when the address is a
  person's and the uid no role's key;
* ``allow.yaml``'s ``no_reply_address`` gains ``ftpmaster@`` (a project's archive role, as
  ``postmaster@`` and ``hostmaster@``): Debian's and Ubuntu's archive keys stay whole;
* ``recognizers.yaml``'s ``vault_login_token`` and ``vault_token_row``: the argument of
  ``vault login`` and the ``token`` row of Vault's ``Key Value`` table (the row
  ``token_accessor`` follows) are credentials whatever their shape;
* ``context._PATH_ERROR_AFTER``: a lower-case word behind ``token:`` followed by a path and
  ``: `` is the operation of Go's ``os.PathError`` (``open //.vault-token: permission denied``),
  no value.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

UID_NOBODY = [
    "uid           [ultimate] John Doe <john.doe@example.com>\n",
    "uid                  Test Key <test@example.com>\n",
    "uid           [ultimate] Your Name <you@example.com>\n",
    "uid           [ unknown] ____ <_____>\n",
    "uid           [ultimate] ... <...@gmail.com>\n",
    "uid           [ultimate] [redacted] <[redacted]>\n",
    "uid           [ unknown] GitHub (web-flow commit signing) <noreply@github.com>\n",
    "uid           [ unknown] Debian Archive Automatic Signing Key (12/bookworm) <ftpmaster@debian.org>\n",
    "uid           [ unknown] Debian Security Archive Automatic Signing Key (12/bookworm) <ftpmaster@debian.org>\n",
    "uid           [ unknown] Ubuntu Archive Automatic Signing Key (2018) <ftpmaster@ubuntu.com>\n",
    "gpg: encrypted with RSA key, ID 9D41B7A3E0C2F586\n",
    'gpg: encrypted with 4096-bit RSA key, ID 0x1234ABCD5678EF90, created 2019-01-01\n      "Test User <test@example.com>"\n',
    "[0] 0x5A2F90C3C51E07B9 - John Doe <john.doe@example.com>\n",
    "trace: run_command: gpg --status-fd=2 -bsau 'Your Name <you@example.com>'\n",
    "[ultimate] (1). Test User <test@example.org>\n",
    'gpg: Good signature from "GitHub (web-flow commit signing) <noreply@github.com>" [unknown]\n',
    "uid                 [ultimate] Firstname Lastname <your.email@example.com>\n",
    "uid [ultimate] Alice <alice@example.org>\n",
    "uid                  [ultimate] Jenkins <jenkins@example.com>\n",
    "uid           [ unknown] PostgreSQL Debian Repository\n",
    "uid           [ unknown] Launchpad PPA for deadsnakes\n",
    'gpg: Signature made Mon 01 Jan 2024\ngpg: Good signature from "Test Key <test@example.com>" [ultimate]\n',
    "uid           [ultimate] git-secret bot <bot@example.com>\n",
    "gpg: key 7EA0A9C3F273FCD8: 1 signature not checked due to a missing key\n",
    "$ gpg --edit-key C51E07B9\ngpg> quit\n",
    # a person-shaped name at a documentation domain (RFC 2606's example.com, .org, .net, and
    # names under them): kept since 1.136.0 (the address look-ahead's possessive `*+` swallowed
    # `example.` before `example\.com` could match, so only `.example` and `.test` were kept)
    "uid           [ultimate] Douglas Harlan <doug@example.com>\n",
    "uid           [ultimate] Douglas Harlan (Doug) <doug@mail.example.org>\n",
    'gpg: Good signature from "Maren Sollberg <maren@example.net>" [ultimate]\n',
]

# Release keys of organisations whose address 1.47.0 already replaces as a person's (a vendor's
# own mailbox, no role word: docker@docker.com): the uid's name, a role's key, must stay.
ROLE_UID_NAMES = [
    (
        "uid           [ unknown] Docker Release (CE deb) <docker@docker.com>\n",
        "Docker Release (CE deb)",
    ),
    (
        'gpg: key 7EA0A9C3F273FCD8: public key "Docker Release (CE deb) <docker@docker.com>" imported\n',
        "Docker Release (CE deb)",
    ),
    (
        "uid           [ unknown] HashiCorp Security (HashiCorp Package Signing) <security+packaging@hashicorp.com>\n",
        "HashiCorp Security (HashiCorp Package Signing)",
    ),
    ("uid           [ unknown] Yarn Packaging <yarn@dan.cx>\n", "Yarn Packaging"),
    (
        "uid [ unknown] GitLab B.V. (package repository signing key) <packages@gitlab.com>\n",
        "GitLab B.V.",
    ),
    (
        "uid           [ unknown] Arch Linux ARM Build System <builder@archlinuxarm.org>\n",
        "Arch Linux ARM Build System",
    ),
    (
        "uid           [ unknown] Microsoft (Release signing) <gpgsecurity@microsoft.com>\n",
        "Microsoft (Release signing)",
    ),
    ("uid           [ unknown] Fedora (40) <fedora-40-primary@fedoraproject.org>\n", "Fedora (40)"),
]

VAULT_NOBODY = [
    "$ vault login root\nSuccess! You are now authenticated.\n",
    'Key                  Value\n---                  -----\ntoken                s.XXXXXXXXXXXXXXXXXXXXXXXX\ntoken_accessor       0e9e354a-520f-df04-6867-ee81cae3d42d\ntoken_duration       ∞\ntoken_renewable      false\ntoken_policies       ["root"]\n',
    "Key                  Value\n---                  -----\ntoken                ****************************\ntoken_accessor       0e9e354a-520f-df04-6867-ee81cae3d42d\n",
    "Key                  Value\n---                  -----\ntoken                <token>\ntoken_accessor       <accessor>\ntoken_duration       768h\n",
    "$ vault login 00000000-0000-0000-0000-000000000000\n",
    "token_accessor     7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\ntoken_duration     767h53m3s\n",
    'Success! You are now authenticated. The token information displayed below\nis already stored in the token helper. You do NOT need to run "vault login"\nagain. Future Vault requests will automatically use this token.\n',
    "token_duration     767h53m3s\ntoken_renewable    true\ntoken_policies     [client-access default]\nidentity_policies  []\npolicies           [client-access default]\n",
    "$ vault login -method=userpass username=admin\nPassword (will be hidden):\n",
    "$ vault login $VAULT_TOKEN\n",
    "$ vault login\nToken (will be hidden):\n",
    "$ vault token lookup -accessor 7e19b4c0-44d2-a8f3\n",
    "Key                  Value\n---                  -----\ntoken                root\ntoken_accessor       7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\ntoken_duration       ∞\n",
    "$ vault login s.XXXXXXXXXXXXXXXXXXXXXXXX\n",
    "$ vault login <token>\n",
    "$ vault login -no-print root\n",
    "Key                  Value\n---                  -----\ntoken                00000000-0000-0000-0000-000000000000\ntoken_accessor       7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\n",
    "$ vault login -method=github\nGitHub Personal Access Token (will be hidden):\n",
    "The token is the first argument: vault login TOKEN\n",
    "vault login [options] [AUTH K=V...]\n",
    "token                myroot\ntoken_accessor       7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\n",
    "Key     Value\n---     -----\ntoken   true\nrenewable  false\n",
    "Key                Value\n---                -----\ntoken              n/a\ntoken_accessor     2b7e4c1a-90d3-5f68-e1a2-c4b9d07f3e15\ntoken_duration     768h\n",
]

PATH_ERROR_NOBODY = [
    "Error storing token: open //.vault-token: permission denied\n",
    "Error storing token: open /root/.vault-token: permission denied\n",
    "Error: open /root/.vault-token: permission denied\n",
    "Error storing token: write /home/user/.vault-token: no space left on device\n",
    "Error reading token: stat /home/user/.vault-token: no such file or directory\n",
    "error loading token: read ./token.json: is a directory\n",
    "failed to save token: mkdir /var/lib/app/tokens: permission denied\n",
    "Error storing token: rename /tmp/.vault-token.tmp /root/.vault-token: invalid cross-device link\n",
    "token: open ~/.config/gh/hosts.yml: no such file or directory\n",
    "Error writing token: remove C:\\ProgramData\\app\\token: Access is denied.\n",
]

# (text, the value that must be gone from the whole text)
STILL_GO = [
    (
        "05:29:31.359915 run-command.c:655       trace: run_command: gpg --status-fd=2 -bsau 'Marta Kowalczyk <marta.kowalczyk@icloud.com>'\n",
        "Kowalczyk",
    ),
    (
        "$ gpg --list-key\nuid           [ unknown] Lucien Delaune <lucien.delaune@gmail.com>\n",
        "Delaune",
    ),
    ("uid                  Jonas Pereira <j@pereira.fr>\n", "Pereira"),
    ("[ultimate] (1). Jonas Pereira <j@pereira.fr>\n", "Pereira"),
    ("[0] 0x5A2F90C3C51E07B9 - Jonas Pereira <j@pereira.fr>\n", "Pereira"),
    (
        'gpg: encrypted with rsa4096 key, ID 0x3B7E19C4A2D05F68, created 2018-05-22\n      "Ines Brandvold <ines.brandvold@gmail.com>"\n',
        "Brandvold",
    ),
    ('gpg: Good signature from "Marta Kowalczyk <marta.k@gmail.com>" [ultimate]\n', "Kowalczyk"),
    ("uid [ultimate] Jan van Oordt (work) <jan.vanoordt@posteo.de>\n", "Oordt"),
    ("$vault login 5f3c81d2-9b4e-c7a0-2d61-8e07b94fa3c5\n", "5f3c81d2-9b4e-c7a0-2d61-8e07b94fa3c5"),
    (
        "$ vault login -method=token 95ebaaed-f6fc-958a-f490-c7fd0eda5e9e\n",
        "95ebaaed-f6fc-958a-f490-c7fd0eda5e9e",
    ),
    ("$ vault auth 1c0e2a4b-77d2-4e1c-9a5b-03f6d8e2c4a1\n", "1c0e2a4b-77d2-4e1c-9a5b-03f6d8e2c4a1"),
    (
        "Key                Value\n---                -----\ntoken              2a9c4e1f-6b3d-48a7-c1e5-9f07d2b8a634\ntoken_accessor     7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\ntoken_duration     767h53m3s\n",
        "2a9c4e1f-6b3d-48a7-c1e5-9f07d2b8a634",
    ),
    (
        "token              s.k3Jd8Fh2Lq9Wz4Xv7Nb1Mc6P\ntoken_accessor     7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\n",
        "s.k3Jd8Fh2Lq9Wz4Xv7Nb1Mc6P",
    ),
]


@pytest.mark.parametrize("text", UID_NOBODY + VAULT_NOBODY + PATH_ERROR_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "name"), ROLE_UID_NAMES)
def test_a_role_keys_uid_keeps_its_name(engine: Scrubber, text: str, name: str) -> None:
    assert name in scrubbed(engine, text)


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_private_values_beside_them_still_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower()


def test_a_uid_name_takes_its_address_fixture_person(engine: Scrubber) -> None:
    text = (
        "bcaillou@lilbox:~$ gpg --list-keys\n"
        "uid                  Jonas Pereira <j@pereira.fr>\n"
        "[ultimate] (1). Jonas Pereira <j@pereira.fr>\n"
        "[0] 0x5A2F90C3C51E07B9 - Jonas Pereira <j@pereira.fr>\n"
    )
    out = scrubbed(engine, text)
    assert "Jonas" not in out and "Pereira" not in out
    lines = out.splitlines()
    # one fixture person for the name and one for the address, the same in each uid
    assert lines[1].split(None, 1)[1] == lines[2].split(" ", 2)[2] == lines[3].split(" - ", 1)[1]


def test_a_vault_table_keeps_its_accessor_and_other_rows(engine: Scrubber) -> None:
    text = (
        "Key                Value\n"
        "---                -----\n"
        "token              2a9c4e1f-6b3d-48a7-c1e5-9f07d2b8a634\n"
        "token_accessor     7e19b4c0-44d2-a8f3-0c6b-d35a91e2f7b8\n"
        "token_duration     767h53m3s\n"
        "token_renewable    true\n"
        "token_policies     [client-access default]\n"
    )
    out = scrubbed(engine, text)
    assert "2a9c4e1f" not in out
    assert out.splitlines()[3:] == text.splitlines()[3:]
