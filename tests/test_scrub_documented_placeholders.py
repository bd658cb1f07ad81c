# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Documented example credentials, masks, placeholder people and documented default accounts
(stop 54, scrubber 1.53.0; issue 35 item 4: "placeholders and public encodings stay").

The damage of the tune parts of batches 40-100 (``tests/outside_corpus/SOURCE.md``), each fixed
by a rule read from the placeholder's documented source, never a list of the corpus's values:

* ``allow.yaml``'s ``documented_examples``: Rocket.Chat's REST API documentation prints the
  login response's example ``authToken`` (developer.rocket.chat, "Authenticate a REST Client"
  and "Login with Username and Password"), and its realtime API's "Login" page its example
  ``token``: kept in any syntax, the whole value only;
* ``allow.yaml``'s ``self_declared_fake``: a credential whose first word says it is none
  (``fake``, ``dummy``, ``example``, ``changeme``, glued to what follows or joined by ``_``,
  ``-`` or ``.``: ``fakesecretfdse…``, a docs pull request's config example); and
  ``default_passwords``' placeholder words before ``secret`` alone (``supersecret``,
  ``mysecret``), as before ``password``;
* ``user_names.yaml``'s ``placeholder_name``: a mask run of ``x`` of any length (``/home/x/``);
* ``user_names.yaml``'s ``trailer``: a placeholder person (a relation word, ``A. Colleague``,
  ``Some Contributor``) at a reserved domain (RFC 2606) is nobody's;
* ``words.yaml``'s ``not_user_names``: Flatcar's and Fedora CoreOS's documented default login
  ``core`` and the DigitalOcean tutorials' documented example user ``sammy``.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are;
each ``*_GO`` list holds real private values in the same places, which must still go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

EXAMPLE_CREDENTIAL_NOBODY = [
    '{\n  "status": "success",\n  "data": {\n      "authToken": "9HqLlyZOugoStsXCUfD_0YdwnNnunAJF8V47U3QHXSq",\n      "userId": "aobEdbYhXfu5hkeqG"\n   }\n}\n',
    'curl -H "X-Auth-Token: 9HqLlyZOugoStsXCUfD_0YdwnNnunAJF8V47U3QHXSq" -H "X-User-Id: aobEdbYhXfu5hkeqG" http://localhost:3000/api/v1/me\n',
    "rocketchat:\n  auth_token: 9HqLlyZOugoStsXCUfD_0YdwnNnunAJF8V47U3QHXSq\n  user_id: aobEdbYhXfu5hkeqG\n",
    '{"msg": "result", "id": "42", "result": {"id": "3Dw26TXWxvi8gwfgM", "token": "72kB2z5SpnWG-vOSKaAXku74PV851pVOVAoC67FpFEI", "type": "password"}}\n',
    "    config:\n      client-id: gangway\n      client-secret: supersecret\n      id-token: <redacted>\n",
    "$CONFIG = array (\n  'passwordsalt' => 'fakesalthjsafgvsavjnksjn',\n  'secret' => 'fakesecretfdse3456789IOKJNBGT%67890OPOLKJHZGT&7ztgfds',\n);\n",
    "SECRET_KEY=fakesecretkey-for-local-dev-only\n",
    "client_secret = dummySecret0a9b8c7d6e\n",
    'api_key: "exampleKey_4f3e2d1c0b9a8f7e"\n',
    "password: changemeNow2024\n",
    'export GITLAB_TOKEN="fake-token-0123456789abcdef"\n',
    "oauth:\n  client_secret: mysecret\n",
    "'secret' => 'fake.secret.9e8d7c6b5a4f3e2d1c0b',\n",
]

EXAMPLE_CREDENTIAL_GO = [
    (
        '{"status": "success", "data": {"authToken": "Lq8v2Xn_Jd0sYw3KfT7pRz-MbH5cUaE9oNiG1kWeV4x", "userId": "aobEdbYhXfu5hkeqG"}}\n',
        "Lq8v2Xn_Jd0sYw3KfT7pRz-MbH5cUaE9oNiG1kWeV4x",
        '"authToken": "',
    ),
    (
        'curl -H "X-Auth-Token: 9HqLlyZOugoStsXCUfD_0YdwnNnunAJF8V47U3QHXSqZ" http://localhost:3000/api/v1/me\n',
        "9HqLlyZOugoStsXCUfD_0YdwnNnunAJF8V47U3QHXSqZ",
        "X-Auth-Token: ",
    ),
    (
        "      client-secret: 9f8Kq2Lm7XbT4vRzW3nP\n",
        "9f8Kq2Lm7XbT4vRzW3nP",
        "client-secret: ",
    ),
    (
        "  'secret' => 'Zt7&kP2%qW9mX4vB8nL1cR6yH3jF0sD5',\n",
        "Zt7&kP2%qW9mX4vB8nL1cR6yH3jF0sD5",
        "'secret' => '",
    ),
    (
        "  'secret' => 'q8Zfake7TmW2xK9vR4bNc6Yp',\n",
        "q8Zfake7TmW2xK9vR4bNc6Yp",
        "'secret' => '",
    ),
    (
        "      client-secret: supersecret7Qx\n",
        "supersecret7Qx",
        "client-secret: ",
    ),
    (
        "client_secret = Dum7yQ9xLk2Vb8Zt4Wn6\n",
        "Dum7yQ9xLk2Vb8Zt4Wn6",
        "client_secret = ",
    ),
    (
        'api_key: "Exa9mpleK4f3e2d1c0b9a8f7e6d5"\n',
        "Exa9mpleK4f3e2d1c0b9a8f7e6d5",
        "api_key: ",
    ),
    (
        "password: chang3meN0w!Rk\n",
        "chang3meN0w!Rk",
        "password: ",
    ),
    (
        'export GITLAB_TOKEN="glpat-Xk9vR2mT7qL4wZ8bN3cY"\n',
        "glpat-Xk9vR2mT7qL4wZ8bN3cY",
        "export GITLAB_TOKEN=",
    ),
    (
        "oauth:\n  client_secret: bluesecret\n",
        "bluesecret",
        "client_secret: ",
    ),
    (
        "SECRET_KEY=realkey-0f9e8d7c6b5a4f3e2d1c\n",
        "realkey-0f9e8d7c6b5a4f3e2d1c",
        "SECRET_KEY=",
    ),
]


@pytest.mark.parametrize("text", EXAMPLE_CREDENTIAL_NOBODY)
def test_documented_and_self_declared_examples_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), EXAMPLE_CREDENTIAL_GO)
def test_real_credentials_in_the_same_places_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


MASK_AND_PLACEHOLDER_PERSON_NOBODY = [
    "May 20 13:17:23 org.gnome.Shell.desktop[1292]: Gjs-Message: JS WARNING: [/home/x/.local/share/gnome-shell/extensions/laine@knasher.gmail.com/extension.js 374]: applying the 'delete' operator\n",
    'Traceback (most recent call last):\n  File "/home/x/.local/lib/python3.10/site-packages/pip/_internal/cli/main.py", line 70\n',
    "C:\\Users\\X\\AppData\\Local\\Programs\\Python\\Python311\\python.exe -m pip install x\n",
    "/Users/xx/Library/Caches/pip/wheels/ab\n",
    "/home/xxxx/.cache/huggingface/hub\n",
    "commit e7888595c3173508bc808857ecc0c236eb491952\nAuthor:     On behalf of A. Colleague <colleague@example.org>\nAuthorDate: Thu May 9 21:24:21 2019 +0100\n",
    "Co-authored-by: A. Colleague <colleague@example.com>\n",
    "Signed-off-by: Some Contributor <contributor@example.org>\n",
    "Author: A Coworker <coworker@example.net>\n",
    "Reviewed-by: Another Maintainer <maintainer@example.com>\n",
    "Commit:     Someone Else <someone@example.invalid>\n",
]

MASK_AND_PLACEHOLDER_PERSON_GO = [
    (
        "/home/xu/.local/lib/python3.10/site-packages/pip/x.py\n",
        "/home/xu/",
        "/.local/lib/python3.10/site-packages/pip/x.py",
    ),
    ("/home/xavier/.cache/pip\n", "xavier", "/.cache/pip"),
    ("C:\\Users\\xi\\AppData\\Local\\Temp\\x.txt\n", "\\xi\\", "\\AppData\\Local\\Temp\\x.txt"),
    ("/Users/xxu/Library/Caches/pip\n", "xxu", "/Library/Caches/pip"),
    (
        "Author:     J. Pembroke, esq <jp-nonprimary-email-one@example.org>\n",
        "Pembroke",
        "<jp-nonprimary-email-one@example.org>",
    ),
    ("Signed-off-by: Marta Kowalczyk <marta@example.com>\n", "Kowalczyk", "Signed-off-by: "),
    ("Author: Colleague Okonkwo <okonkwo@corp-mail.de>\n", "Okonkwo", "Author: "),
    (
        "Co-authored-by: Dana Colleague <dana@kestrel-mail.com>\n",
        "Dana Colleague",
        "Co-authored-by: ",
    ),
    (
        "Author: Tomas Someone <tomas@example.org>\nAuthor: Tomas Vrba <tomas@example.org>\n",
        "Vrba",
        "Author: ",
    ),
    ("Commit: Priya Raman <priya@example.com>\n", "Raman", "Commit: "),
]


@pytest.mark.parametrize("text", MASK_AND_PLACEHOLDER_PERSON_NOBODY)
def test_masks_and_placeholder_people_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MASK_AND_PLACEHOLDER_PERSON_GO)
def test_real_logins_and_people_in_the_same_places_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


DEFAULT_ACCOUNT_NOBODY = [
    "core@ip-10-74-185-13 ~ $ sudo -i\nFailed Units: 6\n",
    "core@localhost ~ $ systemctl status docker\n",
    "ssh core@203.0.113.10\nLast login: Mon Feb  3 10:00:00 UTC 2020 from 198.51.100.2 on pts/0\n",
    "Flatcar Container Linux by Kinvolk stable (3033.2.0)\ncore@flatcar-01 ~ $ docker ps\n",
    "/home/core/.docker/config.json\n",
    "sudo kubectl create secret generic regcred --from-file=.dockerconfigjson=/home/sammy/.docker/config.json --type=kubernetes.io/dockerconfigjson\n",
    "sammy@ubuntu-s-1vcpu-1gb-nyc1-01:~$ sudo apt update\n",
    "ssh sammy@your_server_ip\n",
    "/home/sammy/myproject/myprojectenv/lib/python3.8/site-packages/gunicorn/app/base.py\n",
    "usermod -aG sudo sammy\n",
]

DEFAULT_ACCOUNT_GO = [
    ("cora@ip-10-74-185-13 ~ $ sudo -i\n", "cora@", "@ip-10-74-185-13 ~ $ sudo -i"),
    ("/home/coreyb/.docker/config.json\n", "coreyb", "/.docker/config.json"),
    ("/home/sammyk/.docker/config.json\n", "sammyk", "/.docker/config.json"),
    ("samantha@ubuntu-s-1vcpu-1gb-nyc1-01:~$ sudo apt update\n", "samantha", ":~$ sudo apt update"),
    (
        "/home/samuel/myproject/myprojectenv/lib/python3.8/site-packages/gunicorn/app/base.py\n",
        "samuel",
        "/site-packages/gunicorn/app/base.py",
    ),
    ("core2@flatcar-01 ~ $ docker ps\n", "core2", "@flatcar-01 ~ $ docker ps"),
    ("ssh okello@203.0.113.10\n", "okello", "@203.0.113.10"),
    ("/Users/tmarlow/.docker/config.json\n", "tmarlow", "/.docker/config.json"),
    ("hcore@localhost ~ $ systemctl status docker\n", "hcore", "@localhost ~ $"),
    ("C:\\Users\\sammy-lee\\AppData\\Local\\Temp\\x\n", "sammy-lee", "\\AppData\\Local\\Temp\\x"),
]


@pytest.mark.parametrize("text", DEFAULT_ACCOUNT_NOBODY)
def test_documented_default_accounts_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), DEFAULT_ACCOUNT_GO)
def test_other_logins_in_the_same_places_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)
