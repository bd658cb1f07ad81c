# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Functional languages' toolchains as people paste them (stop 57, scrubber 1.95.0; issue 35).

The tune misses of batch 136 (``tests/outside_corpus/SOURCE.md``, "The stop-136 collection"),
fixed by rules that read each tool's documented format:

* ``stack_template_author`` (``scrubbers/user_names.yaml``): Stack's ``templates: params:``
  (``~/.stack/config.yaml``, formerly ``stack.yaml``; the stack-templates README and ``stack
  new``'s own hint list ``author-email``, ``author-name``, ``copyright``, ``github-username``):
  ``author-name`` and ``copyright`` (after an optional ``Copyright (c)`` and year) hold the
  author's full name, ``github-username`` a GitHub login, read only in a params block whose
  ``author-email`` is a person's address (not a documentation domain's, not a role mailbox,
  not the hint's ``value``);
* ``gpg_passphrase_prompt_name`` (the same file): the user id gpg quotes when it asks for a
  passphrase, ``You need a passphrase to unlock the secret key for`` / ``user: "<Name>
  <address>"`` (GnuPG 1.4, g10/passphrase.c) and gpg-agent's ``Please enter the passphrase to
  unlock the OpenPGP secret key:`` / ``"<Name> <address>"`` (GnuPG 2.1+; 2.0's ``… secret key
  for the OpenPGP certificate:``), read as ``openpgp_uid_name`` reads a uid;
* ``mac_host_handle`` (the same file): macOS's default local host name made from the account's
  full name (``<name>s-MacBook-Air``) when that name is a handle, lower-case or camel-cased
  (``mellowGrants-MacBook-Air``), which ``mac_host`` (a capitalised name) never read;
* ``web_home`` (the same file, read by ``engine.web_home_names``): a URL's ``/~<word>/`` (a Unix
  account's web home, Apache's ``mod_userdir``) whose word is a login the text gives away with one
  or two letters more (``/Users/p<word>/`` and ``http://host/~<word>/``): the same person's.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts
of the same shape that name nobody (placeholders, documentation's examples, organisations,
role and default accounts, other tools' lines of the same class), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

STACK_PARAMS_NOBODY = [
    "templates:\n  params:\n    author-name: value\n    author-email: value\n    copyright: value\n    github-username: value\n",
    "templates:\n  params:\n    author-name: Your Name\n    author-email: youremail@example.com\n    category: Your Projects Category\n    copyright: 'Copyright (c) 2024 Your Name'\n    github-username: yourusername\n",
    "templates:\n  scm-init: git\n  params:\n    author-name: Your Name\n    author-email: you@example.com\n    github-username: your-github-username\n    category: Development\n",
    "    author-name: Author name here\n    author-email: example@example.com\n    copyright: 2024 Author name here\n",
    "    author-name: John Doe\n    author-email: john.doe@example.com\n    github-username: octocat\n",
    "    author-name: John Doe\n    author-email: johndoe@gmail.com\n    copyright: 2020 John Doe\n",
    "    author-name: Commercial Haskell\n    copyright: 2015 FP Complete\n    github-username: commercialhaskell\n",
    "    author-name: Commercial Haskell\n    author-email: info@commercialhaskell.com\n    github-username: commercialhaskell\n",
    "    author-email: noreply@fpcomplete.com\n    author-name: Stack Builders\n    copyright: 2019 Stack Builders\n",
    "You can provide them in ~/.stack/config.yaml, like this:\ntemplates:\n  params:\n    author-email: value\n    author-name: value\n",
    'stack new new-template new-template -p "author-email:value" -p "author-name:value" -p "github-username:value"\n',
    # hpack's package.yaml and a .cabal file of the same template (another tool's fields)
    'name: foo\nauthor: "Author name here"\nmaintainer: "example@example.com"\ncopyright: "2024 Author name here"\ngithub: "githubuser/foo"\n',
    "cabal-version: 2.4\nname: foo\nauthor: Author name here\nmaintainer: example@example.com\ncopyright: 2024 Author name here\n",
    # a params block with no author-email beside the names: nothing says they are a person's
    "templates:\n  params:\n    author-name: Haskell Platform\n    copyright: 2018 Haskell Platform\n    category: Web\n",
]

STACK_PARAMS_GO = [
    (
        "templates:\n  scm-init: git\n  params:\n    author-email: marenholt@gmail.com\n    author-name: Maren Holt\n    copyright: 2016 Maren Holt\n    github-username: marenholt\n    category: Development\n",
        ["Maren", "Holt", "marenholt"],
        ["category: Development", "author-name: ", "copyright: 2016 "],
    ),
    (
        "templates:\n  params:\n    author-name: \"Tobias Quell\"\n    copyright: 'Copyright (c) 2021 Tobias Quell'\n    github-username: tq-dev\n    author-email: tobias.quell@posteo.de\n",
        ["Tobias", "Quell", "tq-dev"],
        ["Copyright (c) 2021 ", "github-username: "],
    ),
    (
        "  params:\n    author-name: Ines de Wit\n    author-email: ines@dewit.nl\n",
        ["Ines de Wit"],
        ["author-name: "],
    ),
]

GPG_PROMPT_NOBODY = [
    'You need a passphrase to unlock the secret key for\nuser: "Your Name <you@example.com>"\n4096-bit RSA key, ID CC42E614, created 2012-05-22 (main key ID 3ACECAE0)\n',
    'You need a passphrase to unlock the secret key for\nuser: "Test Key <test@example.com>"\n2048-bit RSA key, ID 0DEADBEE, created 2020-01-01\n',
    'You need a passphrase to unlock the secret key for\nuser: "Leiningen Test <lein@example.org>"\n',
    'user: "John Doe <john@example.com>"\n',
    'gpg: using "[redacted]" as default secret key for signing\n',
    'You need a passphrase to unlock the secret key for\nuser: "Debian Archive Automatic Signing Key (10/buster) <ftpmaster@debian.org>"\n',
    'Please enter the passphrase to unlock the OpenPGP secret key:\n"Release Signing Key <release@example.net>"\n4096-bit RSA key, ID 0DEADBEEF0000000,\ncreated 2019-01-01.\n',
    'Please enter the passphrase to unlock the OpenPGP secret key:\n"Alice Example <alice@example.org>"\n',
    'Please enter the passphrase to unlock the secret key for the OpenPGP certificate:\n"Build Bot <builds@ci.example.net>"\n',
    # the same ``user: "…"`` shape outside gpg's prompt: a compose file's, an ssh config's
    'services:\n  app:\n    user: "1000:1000"\n',
    # a person-shaped name whose key's address is at a documentation domain (since 1.136.0)
    'You need a passphrase to unlock the secret key for\nuser: "Douglas Harlan <doug@example.com>"\n',
]

# the same ``user: "Name <address>"`` outside gpg's prompt: the address goes (as it did), the
# name is not read as a key's owner
GPG_PROMPT_KEPT = [
    ('deploy:\n  user: "Jane Roe <jane@corp.io>"\n', "Jane Roe"),
    ('notify:\n  user: "Jane Roe <jane@corp.io>"\n  secret key for signing: none\n', "Jane Roe"),
]

GPG_PROMPT_GO = [
    (
        'You need a passphrase to unlock the secret key for\nuser: "Oskar Lind Varga <lind@rowboats.org>"\n4096-bit RSA key, ID CC42E614, created 2012-05-22 (main key ID 3ACECAE0)\n',
        ["Oskar", "Varga", "lind@rowboats.org"],
        ["4096-bit RSA key, ID CC42E614"],
    ),
    (
        'Please enter the passphrase to unlock the OpenPGP secret key:\n"Hedda Brink <hbrink@posteo.de>"\n3072-bit RSA key, ID 5A1B2C3D4E5F6071,\ncreated 2021-03-04.\n',
        ["Hedda", "Brink"],
        ["3072-bit RSA key, ID 5A1B2C3D4E5F6071"],
    ),
    (
        'Please enter the passphrase to unlock the secret key for the OpenPGP certificate:\n"Rafael Soto (work) <rsoto@kettle.io>"\n',
        ["Rafael", "Soto"],
        ["(work)"],
    ),
]

MAC_HOST_NOBODY = [
    "Protocol 'inet_tcp': the name foo@localhost seems to be in use by another Erlang node\n",
    "Protocol 'inet_tcp': the name foo@MacBook-Air seems to be in use by another Erlang node\n",
    "Protocol 'inet_tcp': the name foo@Admins-MacBook-Air seems to be in use\n",
    "Protocol 'inet_tcp': the name foo@Users-MacBook-Pro seems to be in use\n",
    "Protocol 'inet_tcp': the name foo@admins-MacBook-Air seems to be in use\n",
    "Protocol 'inet_tcp': the name foo@users-MacBook-Pro seems to be in use\n",
    "iex(one@localhost)1> Node.connect :two@localhost\n",
    "(foo@ip-10-40-65-192.ec2.internal)1>\n",
    "user@users-MacBook-Pro ~ % ls\n",
    "ssh: connect to host guests-iMac.local port 22: Connection refused\n",
    " -------------- celery@MacBook-Pro-2.local v5.3.1 (emerald-rush)\n",
    "[I 10:00:00 NotebookApp] http://MacBook-Air.local:8888/?token=...\n",
    "tests-Mac-mini:~ tests$ ls\n",
    # found by the wider scrub tests after the first version (1.95.0's own harm): a role's word
    # and an all-capitals model name before ``s-``
    "developers-iMac:~ dev$ ls\n",
    "admin@MBPs-MBP ~ % ls\n",
    "offices-iMac:~ staff$ ls\n",
]

MAC_HOST_GO = [
    (
        "Protocol 'inet_tcp': the name foo@quietRivers-MacBook-Air seems to be in use by another Erlang node\n",
        "quietRiver",
        ["Protocol 'inet_tcp': the name foo@", "s-MacBook-Air seems to be in use"],
    ),
    ("iex(bar@kdragos-MacBook-Pro)1> Node.list\n", "kdrago", ["iex(bar@", "s-MacBook-Pro)1>"]),
    ("dev@tinkerbells-MacBook-Air ~ % mix test\n", "tinkerbell", ["s-MacBook-Air ~ % mix test"]),
    (
        "[I 10:00:00 NotebookApp] http://pixelfoxs-iMac.local:8888/?token=...\n",
        "pixelfox",
        ["s-iMac.local:8888"],
    ),
]

WEB_HOME_NOBODY = [
    "$ opam publish http://www.example.org/~user/pkg/pkg-1.0.tar.gz .\n",
    "archive at https://people.example.edu/~username/dist/foo-1.4.tar.gz\n",
    "http://cloud.example.fr/~admin/dist/x.tar.gz\n",
    "[compiler.get] http://caml.inria.fr/pub/distrib/ocaml-4.02/ocaml-4.02.1.tar.gz downloaded\n",
    "/home/deploy/app$ wget http://www.example.edu/~ploy/pkg.tgz\n",
]

# a web home beside a login it is no part of: the login goes, the web home stays
WEB_HOME_KEPT = [
    ("opam file at /Users/pvidal/Dev/rfsm.opam\nsee ~/.opam/config\n", "see ~/.opam/config"),
    (
        "opam file at /Users/jkarlsson/Dev/x.opam\narchive at http://www.cs.example.edu/~quake/triangle.tgz\n",
        "http://www.cs.example.edu/~quake/triangle.tgz",
    ),
    (
        "C:\\Users\\mbrandt\\src> curl -O https://www.cl.cam.ac.uk/~mgk25/ucs/wcwidth.c\n",
        "https://www.cl.cam.ac.uk/~mgk25/ucs/wcwidth.c",
    ),
    (
        "/home/asmithson/src$ wget http://www.example.edu/~smith/pkg.tgz\n",
        "http://www.example.edu/~smith/pkg.tgz",
    ),
    (
        "/home/kvidal/src$ wget http://www.example.edu/~vidalmartinez/pkg.tgz\n",
        "http://www.example.edu/~vidalmartinez/pkg.tgz",
    ),
]

WEB_HOME_GO = [
    (
        "$ opam publish http://cloud.ip.example.fr/~santoro/rfsm/dist/x.tar.gz .\n  - rfsm version 1.4 with opam file at /Users/lsantoro/Dev/ml/x.opam\n",
        "santoro",
        ["http://cloud.ip.example.fr/~", "/rfsm/dist/x.tar.gz"],
    ),
    (
        "Created /Users/hallbergk/src/clj/x/target/x.jar\nsee https://people.uni.example/~hallberg/x/\n",
        "hallberg",
        ["https://people.uni.example/~", "/x/"],
    ),
    (
        "/home/tnakamura/src$ wget http://www.lab.example.ac.jp/~nakamura/tools/x.tgz\n",
        "nakamura",
        ["/tools/x.tgz"],
    ),
]


@pytest.mark.parametrize(
    "text", STACK_PARAMS_NOBODY + GPG_PROMPT_NOBODY + MAC_HOST_NOBODY + WEB_HOME_NOBODY
)
def test_functional_toolchain_texts_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), STACK_PARAMS_GO + GPG_PROMPT_GO)
def test_template_author_and_key_owner_go(
    engine: Scrubber, text: str, gone: list[str], kept: list[str]
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)


@pytest.mark.parametrize(("text", "gone", "kept"), MAC_HOST_GO + WEB_HOME_GO)
def test_mac_host_handle_and_web_home_go(
    engine: Scrubber, text: str, gone: str, kept: list[str]
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)


@pytest.mark.parametrize(("text", "kept"), WEB_HOME_KEPT + GPG_PROMPT_KEPT)
def test_web_home_of_another_word_and_a_user_key_elsewhere_stay(
    engine: Scrubber, text: str, kept: str
) -> None:
    assert kept in scrubbed(engine, text)
