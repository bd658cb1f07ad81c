"""The ``id`` answer names its account: a person's by its uid, on Linux and on macOS (1.26.0).

Batch 57's tune part (``tests/outside_corpus/SOURCE.md``, uutils-coreutils-issues-264) held
``$ id <login>`` answered ``uid=502(<login>) gid=20(staff)``: the account rules read a person's
uid as a distribution's (1000 to 59999), so 502 was a service's and the login stayed in six
places. macOS gives people 501 upwards with the primary group ``20(staff)`` and its services
uids below 500 (``_www`` is 70) with groups of their own, so the ``id`` answer's uid counts as a
person's there only beside ``gid=20(staff)`` (``engine._persons_uid``). The learned login still
passes every account rule's filter: an English or role word (``demo``, ``developer``, ``admin``)
is no one, a listed service (``postgres``) is a service; a 5xx uid in its own group (a Linux
service's) is still a service's. The ``*_NOBODY`` texts are the harm hunt the rule was attacked
with before it was kept: 1.25.0 and 1.26.0 both leave them as they are.

Batch 58's tune part (paradoxxxzero-butterfly-issues-40) held the answer pasted alone, with no
``id <login>`` before it (``uid=1000(<login>) gid=1000(<login>) groups=…``, 5 labels): an answer
read whole (uid, gid and groups, as ``id`` prints them: ``engine._OWN_ID``) whose uid is a
person's teaches its login, through the same filters. Its hunt (``ID_ALONE_NOBODY``: 43 images',
boards', clouds' and services' accounts at uid 1000, and ``nobody``, ``root``, a 999 service,
a sentence) changed 3 under the first rule (``coder``, ``ansible``, ``student``: images' and
courses' default accounts, now in ``words.yaml``'s ``not_user_names``), none as kept.
"""

from __future__ import annotations

import pytest
import regex

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed


def _gone(value: str, out: str) -> bool:
    return regex.search(rf"(?i)(?<![\p{{L}}\p{{N}}]){regex.escape(value)}", out) is None


PERSONS = [
    (
        "Sebs-MacBook-Pro-2% id mkowalczyk\n"
        "uid=502(mkowalczyk) gid=20(staff) groups=20(staff),12(everyone),80(admin)\n"
        "Sebs-MacBook-Pro-2% groups mkowalczyk\nstaff everyone admin\n",
        "mkowalczyk",
    ),
    ("$ id tanvir\nuid=501(tanvir) gid=20(staff) groups=20(staff),80(admin)\n", "tanvir"),
    ("% id jbrennan\nuid=503(jbrennan) gid=20(staff) groups=20(staff)\n", "jbrennan"),
    ("$ id oyelaran\nuid=1001(oyelaran) gid=1001(oyelaran) groups=1001(oyelaran)\n", "oyelaran"),
]

MAC_NOBODY = [
    "mac% id demo\nuid=502(demo) gid=20(staff) groups=20(staff)\n",
    "$ id developer\nuid=501(developer) gid=20(staff) groups=20(staff),80(admin)\n",
    "$ id admin\nuid=501(admin) gid=20(staff) groups=20(staff),80(admin)\n",
    "$ id _www\nuid=70(_www) gid=70(_www) groups=70(_www),12(everyone)\n",
    "$ id postgres\nuid=502(postgres) gid=20(staff)\n",
    "$ id jenkins\nuid=502(jenkins) gid=502(jenkins) groups=502(jenkins)\n",
    "$ id gitlab-runner\nuid=998(gitlab-runner) gid=998(gitlab-runner)\n",
    "$ id builder\nuid=600(builder) gid=600(builder) groups=600(builder)\n",
    "$ id root\nuid=0(root) gid=0(wheel) groups=0(wheel),1(daemon),2(kmem)\n",
    "$ id nobody\nuid=-2(nobody) gid=-2(nobody)\n",
]


ID_ALONE = [
    ("uid=1000(kirilo) gid=0(root) groups=1000(kirilo),0(root)\n", "kirilo"),
    ("uid=1000(mkowalski) gid=1000(mkowalski) groups=1000(mkowalski),4(adm)\n", "mkowalski"),
    ("uid=1001(tanvirh) gid=1001(tanvirh) groups=1001(tanvirh)\n", "tanvirh"),
    ("uid=502(sebastiank) gid=20(staff) groups=20(staff),12(everyone)\n", "sebastiank"),
]

_IMAGE_ACCOUNTS = [
    "ubuntu",
    "vagrant",
    "pi",
    "ec2-user",
    "node",
    "jovyan",
    "runner",
    "user",
    "docker",
    "app",
    "dev",
    "builder",
    "coder",
    "gitpod",
    "vscode",
    "codespace",
    "admin",
    "steam",
    "deck",
    "kali",
    "parallels",
    "debian",
    "centos",
    "fedora",
    "cloud-user",
    "ansible",
    "jenkins",
    "git",
    "www-data",
    "postgres",
    "test",
    "tester",
    "demo",
    "student",
    "guest",
]
ID_ALONE_NOBODY = [
    f"uid=1000({n}) gid=1000({n}) groups=1000({n}),4(adm),27(sudo)\n" for n in _IMAGE_ACCOUNTS
] + [
    "uid=1001(runner) gid=118(docker) groups=118(docker),4(adm)\n",
    "uid=65534(nobody) gid=65534(nogroup) groups=65534(nogroup)\n",
    "uid=0(root) gid=0(root) groups=0(root)\n",
    "uid=999(mysql) gid=999(mysql) groups=999(mysql)\n",
    "uid=600(builder) gid=20(staff) groups=20(staff)\n",
    "The uid=1000(name) gid=1000(name) groups= part is printed by id\n",
]


@pytest.mark.parametrize(("text", "value"), PERSONS + ID_ALONE)
def test_a_persons_login_in_the_id_answer_goes(engine: Scrubber, text: str, value: str) -> None:
    assert _gone(value, scrubbed(engine, text))


@pytest.mark.parametrize("text", MAC_NOBODY + ID_ALONE_NOBODY)
def test_id_answers_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text
