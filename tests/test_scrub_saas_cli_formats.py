# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""SaaS and hosting command-line tools' formats (stop 56, scrubber 1.84.0; issue 35).

The tune misses and damage of batch 129 (``tests/outside_corpus/SOURCE.md``, "The stop-129
collection"), each fixed by a general rule:

* ``named_host`` (``scrubbers/user_names.yaml``, ``engine.named_host_logins``): a machine named
  ``<Name>-Desktop``, ``<Name>-PC``, ``<Name>-Laptop``, ``<Name>-Notebook`` or
  ``<Name>-Workstation`` (Windows 7's setup named a PC ``<user name>-PC``; a person renames a
  Windows 10 or 11 ``DESKTOP-XXXXXXX`` after themselves), as a bunyan JSON log records it
  (the Salesforce CLI's ``sfdx.log``: node-bunyan adds ``"hostname"``, ``os.hostname()``, to
  every record), where the name is a learned login's name part: the login less a trailing or a
  leading initial (``kernb``, ``bkern`` of ``Kern``), or a piece of a ``first.last`` login; the
  name takes the login's fixture. A role's or a room's word (``Admin``, ``Home``, ``Office``,
  ``Gaming``) is no one's even where a login makes it;
* ``engine.mac_hyphen_host_logins``: a learned login with an underscore in its Mac's default
  host name, where the underscore is a hyphen (a Bonjour name holds letters, digits and hyphens
  only, Apple Support HT3056; ``jo_mirk`` of ``jo-mirks-MBP``, ``jo-mirks-MacBook-Pro``);
* ``_MASK_BEFORE_LOCAL`` (``intake/scrub/recognizers.py``): an address whose local part a
  poster masked with a run of ``*`` inside it or at its start (``ah******kr@yahoo.com``,
  ``******kr@yahoo.com``) names no one: the letters after the mask are no address of their own;
  markdown's emphasis around a real address (``**kowalski@gmail.com**``) is no mask;
* ``masked_local_part_tagged`` (``scrubbers/allow.yaml``): a local part of mask runs with a
  sub-address tag (``xxxxxxxx+cf@gmail.com``, RFC 5233's ``+detail``) names no one, as the
  untagged mask already did.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are;
each ``*_GO`` list holds real values in the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed


def _sfdx(host: str, home: str) -> str:
    """An ``sfdx.log`` bunyan record (backslashes doubled by JSON) at ``host`` under ``home``."""
    return (
        f'{{"name":"sfdx","hostname":"{host}","pid":5576,"log":"SfdxProjectJson","level":40,'
        f'"msg":"The config file: {home}\\\\.sfdx\\\\sfdx-project.json is not schema valid",'
        '"time":"2020-10-14T14:41:21.060Z","v":0}\n'
    )


NAMED_HOST_ROOM = [
    # (text, the host that must stay): a room's, a role's or a default's word, also where a
    # learned login (which goes) makes it by an initial more or less
    (_sfdx("Home-Desktop", "C:\\\\Users\\\\homer"), '"Home-Desktop"'),
    (_sfdx("Game-PC", "C:\\\\Users\\\\games"), '"Game-PC"'),
    (_sfdx("Office-PC", "C:\\\\Users\\\\offices"), '"Office-PC"'),
    (_sfdx("Admin-Desktop", "C:\\\\Users\\\\jadmin"), '"Admin-Desktop"'),
    (_sfdx("Work-Laptop", "C:\\\\Users\\\\works"), '"Work-Laptop"'),
    (_sfdx("Test-PC", "C:\\\\Users\\\\tests"), '"Test-PC"'),
    (_sfdx("Dev-Desktop", "C:\\\\Users\\\\adev"), '"Dev-Desktop"'),
    (_sfdx("Gaming-Desktop", "C:\\\\Users\\\\gamingx"), '"Gaming-Desktop"'),
    (_sfdx("Media-PC", "C:\\\\Users\\\\medias"), '"Media-PC"'),
    (_sfdx("Studio-Workstation", "C:\\\\Users\\\\studios"), '"Studio-Workstation"'),
    (_sfdx("Family-PC", "C:\\\\Users\\\\familys"), '"Family-PC"'),
    (_sfdx("Main-Desktop", "C:\\\\Users\\\\mainz"), '"Main-Desktop"'),
    (_sfdx("Kids-Laptop", "C:\\\\Users\\\\kidsb"), '"Kids-Laptop"'),
    # Windows' own generated name and a longer word than the login makes
    (_sfdx("DESKTOP-KERNB12", "C:\\\\Users\\\\kernb"), '"DESKTOP-KERNB12"'),
    (_sfdx("Kernel-Desktop", "C:\\\\Users\\\\kernb"), '"Kernel-Desktop"'),
    (_sfdx("Ker-PC", "C:\\\\Users\\\\kernb"), '"Ker-PC"'),
    # the login's name part where it is no host
    ("C:\\Users\\kernb>type C:\\logs\\kern.log\n", "\\kern.log"),
]


@pytest.mark.parametrize(("text", "kept"), NAMED_HOST_ROOM)
def test_named_host_of_a_room_stays(engine: Scrubber, text: str, kept: str) -> None:
    assert kept in scrubbed(engine, text)


NAMED_HOST_NOBODY = [
    # a name no learned login makes, beside a built-in, default or runner account's home
    _sfdx("Kern-Desktop", "C:\\\\Users\\\\Administrator"),
    _sfdx("Kern-Desktop", "C:\\\\Users\\\\Usuario"),
    _sfdx("Kern-PC", "/home/runner"),
    _sfdx("DESKTOP-4KQ2M7T", "C:\\\\Users\\\\Public"),
    _sfdx("LAPTOP-8J2KQ1VD", "C:\\\\Users\\\\ContainerAdministrator"),
    _sfdx("MacBook-Pro.localdomain", "/Users/runner"),
    "Oct 14 14:41:21 Kern-Desktop kernel: [    0.000000] Linux version 5.15.0\ntail /var/log/kern.log\n",
    "Renamed DESKTOP-4KQ2M7T to Office-PC in Settings > System > About.\n",
    "Remote Desktop: connect to Work-PC\n",
    "the -PC suffix, the -Desktop suffix\n",
]

NAMED_HOST_GO = [
    # (text, the name that must go, what must stay)
    (_sfdx("Kern-Desktop", "C:\\\\Users\\\\kernb"), "Kern", "-Desktop"),
    (_sfdx("Kern-Desktop", "C:\\\\Users\\\\bkern"), "Kern", '"hostname":"'),
    (_sfdx("Okafor-PC", "C:\\\\Users\\\\okaforj"), "Okafor", "-PC"),
    (_sfdx("TANAKA-LAPTOP", "C:\\\\Users\\\\htanaka"), "TANAKA", "-LAPTOP"),
    (_sfdx("Wiebke-Notebook", "C:\\\\Users\\\\wiebke.sauer"), "Wiebke", "-Notebook"),
    (_sfdx("Sauer-Workstation", "C:\\\\Users\\\\wiebke.sauer"), "Sauer", "-Workstation"),
    (
        "C:\\Users\\kernb>whoami\nkern-desktop\\kernb\n",
        "kern-desktop",
        "-desktop\\",
    ),
]


@pytest.mark.parametrize("text", NAMED_HOST_NOBODY)
def test_named_host_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), NAMED_HOST_GO)
def test_named_host_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value.split("-")[0], kept, any_case=True)


MAC_HYPHEN_HOST_NOBODY = [
    "ci-runners-MBP:eleventy-site ci_runner$ wrangler whoami\n",
    "build-agents-MBP:site build_agent$ wrangler whoami\n",
    "admins-MBP:eleventy-site admin$ wrangler whoami\n",
    "my-macs-MBP:eleventy-site root# wrangler whoami\n",
    "Mac-mini:eleventy-site root# wrangler whoami\n",
    "MacBook-Air:my-worker user$ wrangler whoami\n",
    "web-apps-MBP.local is the Mac's Bonjour name\n",
    "jo-mirks-MBP:eleventy-site test$ wrangler whoami\n",
    "dev-boxs-MBP:site root# ls\n",
    "Users-MacBook-Pro:~ user$ echo $USER\n",
]

MAC_HYPHEN_HOST_GO = [
    (
        "jo-mirks-MBP:eleventy-site jo_mirk$ wrangler whoami\n💁  👋  You are logged with the email 'sophie222sophie@gmail.com'.\n",
        "jo-mirk",
        "s-MBP:eleventy-site ",
    ),
    (
        "jo_mirk@jo-mirks-MacBook-Pro ~ % wrangler whoami\n",
        "jo-mirk",
        "s-MacBook-Pro ~ % wrangler whoami",
    ),
    (
        "Last login: Mon Jun  1 on ttys000\nana-maria-popescus-MBP:~ ana-maria_popescu$ fly launch\n",
        "popescu",
        "s-MBP:~ ",
    ),
    (
        "ls /Users/t_okoye/site\nt-okoyes-MacBook-Air:site t_okoye$ vercel dev\n",
        "okoye",
        "s-MacBook-Air:site ",
    ),
]


@pytest.mark.parametrize("text", MAC_HYPHEN_HOST_NOBODY)
def test_mac_hyphen_host_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MAC_HYPHEN_HOST_GO)
def test_mac_hyphen_host_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


MASKED_ADDRESS_NOBODY = [
    "heroku: Enter your login credentials\nEmail [ah******kr@yahoo.com]: \nPassword: **********************\nLogged in as ah******kr@yahoo.com\n",
    "Logged in as a***z@gmail.com\n",
    "Logged in as ******kr@yahoo.com\n",
    "Email [***kr@yahoo.com]: \n",
    "You are logged with the email 'jo*****rk@gmail.com'.\n",
    "Logged out from m****.k*****@outlook.com\n",
    "  ab******@yahoo.com\n",
    "👋 You are logged in with an OAuth Token, associated with the email 'xxxxxxxx+cf@gmail.com'!\n",
    "│ xxxxxxxx+cf@gmail.com's Account   │ xxx                              │\n",
    "Logged in as XXXX+test@gmail.com\n",
    "email: xxx.xxx+dev@outlook.com\n",
    "✔  Logged out from xxxxx+firebase@gmail.com\n",
    "CLOUDFLARE_API_TOKEN=xxx wrangler whoami\n",
    "Email [********]: \nLogged in as ********\n",
    "glob *@gmail.com and *.example.com\n",
]

MASKED_ADDRESS_GO = [
    ("Logged in as **kowalski@gmail.com**\n", "kowalski", "Logged in as **"),
    ("Logged in as ***kowalski@gmail.com***\n", "kowalski", "***\n"),
    ("**Email:**kowalski@gmail.com\n", "kowalski", "**Email:**"),
    ("Logged in as *kowalski@gmail.com*\n", "kowalski", "Logged in as *"),
    ("filter: *.kowalski@gmail.com\n", "kowalski", "filter: *."),
    ("associated with the email 'sophie222sophie+cf@gmail.com'!\n", "sophie222sophie", "'!"),
    ("associated with the email 'xxxkowalski+cf@gmail.com'!\n", "kowalski", "'!"),
    ("associated with the email 'xxxx+kowalski.jan@gmail.com'!\n", "kowalski", "'!"),
    ("Logged in as kowalski@gmail.com\n", "kowalski", "Logged in as "),
]


@pytest.mark.parametrize("text", MASKED_ADDRESS_NOBODY)
def test_masked_address_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MASKED_ADDRESS_GO)
def test_real_address_beside_a_mask_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
