# ruff: noqa: E501  (URLs and code lines are kept whole, as they are written)
"""A host name in a URL's userinfo, and names reserved for documentation (stop 56, scrubber
1.92.0; issue 35).

GAIA's tune damage: an IP-pinning test builds ``https://example.com@93.184.216.34:443/path``
(the host name put in the userinfo, RFC 3986 section 3.2.1, so the request goes to the pinned
address and the name is still checked), and the ``url`` rule read ``example.com`` as a login, so
every ``example.com`` of the file was replaced (23 lines). Two rules, each from a standard:

* ``reserved_domain_name`` (``scrubbers/user_names.yaml``, read by ``engine._a_name``): a name
  reserved for documentation and testing is nobody's login or folder: RFC 2606's
  ``example.com``, ``example.net``, ``example.org`` and any name under them, the top-level
  ``.example``, ``.test``, ``.invalid`` and ``.localhost`` (RFC 2606 section 2, RFC 6761 section
  6), ``localhost`` and the bare ``example``. No rule learns one, a home named so is no one's.
* the ``url`` rule turns away a userinfo that is itself a host name: one ending in a generic
  top-level domain of RFC 1591 section 2 (``com``, ``net``, ``org``, ``edu``, ``gov``, ``mil``,
  ``int``: ``github.com@198.51.100.23``, ``mirror.kernel.org@10.0.0.5``) or one whose first label
  is ``www`` (RFC 2219's alias for a web server: ``www.bbc.co.uk@…``): the phishing and
  pinning trick of a host before the ``@``, no login. A dotted login still goes, also one whose
  last part is a country's code (``anna.li``, ``tony.ng``, ``sven.de``: surnames), since no
  country code is read.

``NOBODY`` is the harm hunt (texts that name nobody: must stay as they are); ``GO`` holds real
logins in the same places (must go).
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

NOBODY = [
    'url = "https://example.com@93.184.216.34:443/path?q=1"\nhostname = parsed.hostname\nassert hostname == "example.com"\n',
    'url = f"https://example.com@[{pinned_ip}]:443/path?q=1"\nassert pool.assert_hostname == "example.com"\nreq = requests.Request("GET", "https://example.com/page").prepare()\n',
    'assert "example.com@93.184.216.34:443" in req.url\nresults["alpha.example.com"] == "alpha.example.com"\n',
    'pinned = "https://alpha.example.com@93.184.216.34/"\nthreading.Thread(target=make_request, args=("alpha.example.com",))\n',
    'curl -v "http://example.org@203.0.113.7/" -H "Host: example.org"\n',
    "GET https://example.net@198.51.100.4/index.html\n# example.net resolved to 198.51.100.4\n",
    'fetch("https://api.example@192.0.2.1/v1")\n# api.example is pinned\n',
    'requests.get("http://shop.test@127.0.0.1:3000/cart")\nALLOWED_HOSTS = ["shop.test"]\n',
    'url = "https://nothing.invalid@10.0.0.1/"\nassert host == "nothing.invalid"\n',
    "open http://app.localhost@127.0.0.1:8080/\nserver_name app.localhost;\n",
    "curl http://localhost@127.0.0.1:8080/health\ncurl http://localhost:8080/health\n",
    "Phishing demo: https://www.google.com@evil.example/login looks like www.google.com but goes to evil.example\n",
    "https://github.com@198.51.100.23/login\nThe part before @ (github.com) is only userinfo; the host is 198.51.100.23.\n",
    'proxy = "http://www.bbc.co.uk@203.0.113.50/news"\nassert parsed.username == "www.bbc.co.uk"\n',
    'mirror = "https://mirror.kernel.org@10.0.0.5/pub/"\n# mirror.kernel.org pinned to 10.0.0.5\n',
    'CVE-2017-7233: urlparse("http://www.python.org@evil.com") puts www.python.org in the userinfo\n',
    'test_userinfo_is_host: "https://paypal.com:443@203.0.113.9/" -> username paypal.com\n',
    'u = urlsplit("https://docs.python.org@127.0.0.1/")\nassert u.username == "docs.python.org"\n',
    # the reserved names where other rules read a login or a home
    "C:\\Users\\localhost\\AppData\\Local\\Temp\\x.log\n",
    "/Users/example.com/Library/Logs/x.log\n",
    "Executing as example.com@build01 on Linux 5.4 amd64\n",
]

GO = [  # (text, the login that must go, what must stay)
    (
        "git clone https://tmarlow.k@gitlab.com/grp/repo.git\nAuthor: tmarlow.k <t@corp.io>\n",
        "tmarlow.k",
        "gitlab.com/grp/repo.git",
    ),
    (
        "git clone https://j.okafor@bitbucket.org/team/app.git\ncd /home/j.okafor/app\n",
        "j.okafor",
        "bitbucket.org/team/app.git",
    ),
    (
        "remote: https://anna.li@github.com/acme/site.git\nanna.li pushed to main\n",
        "anna.li",
        "github.com/acme/site.git",
    ),
    (
        "url = https://tony.ng@dev.azure.com/org/proj/_git/repo\nwhoami: tony.ng\n",
        "tony.ng",
        "dev.azure.com/org/proj",
    ),
    ("https://sven.de@git.corp.local/x.git\nsven.de\n", "sven.de", "git.corp.local/x.git"),
    (
        "https://priya.raman@gitlab.example.com/grp/repo.git\nby priya.raman\n",
        "priya.raman",
        "gitlab.example.com/grp/repo.git",
    ),
    (
        "git remote -v\norigin  https://mkowalczyk@example.com/acme/repo.git (fetch)\nmkowalczyk\n",
        "mkowalczyk",
        "example.com/acme/repo.git",
    ),
    (
        "fatal: Authentication failed for 'https://d.kowalczyk@gitlab.com/grp/repo.git/'\nd.kowalczyk\n",
        "d.kowalczyk",
        "gitlab.com/grp/repo.git",
    ),
    ("https://hliao@github.com/hliao/dotfiles\n", "hliao", "github.com/"),
    ("https://wei.hu:hunter2pass@svn.corp.io/repo\nwei.hu\n", "wei.hu", "svn.corp.io/repo"),
    ("ftp://olek.nowak@ftp.corp.pl/pub/ then olek.nowak again\n", "olek.nowak", "ftp.corp.pl/pub/"),
    (
        "git clone https://alex.kim@git.example.org/x.git ; alex.kim\n",
        "alex.kim",
        "git.example.org/x.git",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_host_or_reserved_name_teaches_nobody(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), GO)
def test_dotted_login_in_userinfo_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
