# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""tcsh's bracketed prompt ``[<login>@<host>] <cwd>>`` (stop 56, scrubber 1.89.0; issue 35).

The tune miss of batch 133 (``tests/outside_corpus/SOURCE.md``, "The stop-133 collection"),
fixed by a general rule:

* ``tcsh_prompt`` (``scrubbers/user_names.yaml``): a tcsh ``prompt`` of the formatting
  sequences ``[%n@%m] %~%#`` (tcsh(1), "Special shell variables", ``prompt``: ``%n`` "the user
  name", ``%m`` "the hostname up to the first ``.``", ``%~`` the current working directory with
  the home as ``~``, ``%#`` "``>`` … for normal users, ``#`` … for the superuser") prints
  ``[<u>@<host>] ~/Downloads>`` at a line's start; the login before ``@`` is learned, and the
  learned name then goes wherever the text repeats it, also in a Mac's default host name made
  of it (``<u>s-MacBook-Pro``), as the learned-name replacement already reaches.

``TCSH_PROMPT_NOBODY`` is the harm hunt the rule was attacked with before it was kept: texts of
the same shape that name nobody (root, role, image, service and placeholder logins, hosts made of
them, brackets that are no prompt), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

TCSH_PROMPT_NOBODY = [
    "[root@localhost] ~>",
    "[root@localhost] ~/Downloads>bluemix plugin install cloud-functions\n",
    "[root@db01] /etc# vi hosts\n",
    "[admin@admins-MacBook-Pro] ~>",
    "[admin@MacBook-Pro] ~/Downloads>bluemix plugin list\n",
    "[ec2-user@ip-10-0-0-12] ~>ibmcloud login -a cloud.ibm.com\n",
    "[vagrant@localhost] ~> cd /vagrant\n",
    "[ubuntu@ubuntu] ~/Downloads>\n",
    "[user@host] ~/Downloads>ibmcloud plugin install container-service\n",
    "[user@users-MacBook-Pro] ~/Downloads>\n",
    "[username@hostname] ~> ls\n",
    "[runner@Mac-mini] ~/work>bx login --sso\n",
    "[jenkins@build-mac] ~/workspace>bx cf push\n",
    "[postgres@db01] ~> psql\n",
    "[opc@instance-20200430-1523] ~> oci -v\n",
    "[centos@ip-172-31-5-9] ~/src> make\n",
    "[pi@raspberrypi] ~> sudo reboot\n",
    "[<user>@<host>] ~/Downloads> bx login\n",
    "[your-user@your-mac] ~> ls\n",
    # brackets that are no prompt: a log's tag, a Markdown link, a list of addresses
    "[info@server] started at ~/logs>10 files\n",
    "See [support@example.com](mailto:support@example.com) ~> for help\n",
    "Recipients: [admin@example.com] ~ >\n",
    "2024-01-02 [worker@queue] ~> job done\n",
    'ok: [web01] => {"changed": false}\n',
    'set prompt = "[%n@%m] %~%# "\n',
]

TCSH_PROMPT_GO = [
    (
        "[jbrenner@jbrenners-MacBook-Pro] ~/Downloads>bluemix plugin install IBM-sdk-gen-bx-darwin-amd64-0.1.21\nInstalling binary...\nFAILED\n\n[jbrenner@jbrenners-MacBook-Pro] ~/Downloads>\n",
        "jbrenner",
        "s-MacBook-Pro] ~/Downloads>bluemix plugin install",
    ),
    ("[kowalski@Annas-MacBook-Pro] ~>", "kowalski", "s-MacBook-Pro] ~>"),
    ("[okafor@okafor-mbp] ~/src> make\n", "okafor", "] ~/src> make"),
    ("[tmarlow@build01] /usr/local/src> ./configure\n", "tmarlow", "] /usr/local/src> ./configure"),
    ("[dvorakova@dvorakovas-iMac] ~/Downloads>\r\nFAILED\r\n", "dvorakova", "] ~/Downloads>"),
    ("(base) [hliao@hliaos-MacBook-Air] ~/work> conda list\n", "hliao", "(base) ["),
]


@pytest.mark.parametrize("text", TCSH_PROMPT_NOBODY)
def test_tcsh_prompt_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), TCSH_PROMPT_GO)
def test_tcsh_prompt_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
