"""A prompt's host made of its owner's name, beside a login made of the same name another way
(issue 35, stop 61, scrubber 1.151.0; batch 183's and batch 178's tune misses).

* ``named_host_prompt`` (``user_names.yaml``, read by ``engine.named_hosts``): Calamares' users
  module (src/modules/users/Config.cpp) suggests the login as the full name's first word and the
  other words' initials (``makeLoginNameSuggestion``: ``marcotb``) and the host as that first
  word, ``-`` and the DMI product name lower-cased without blanks (``makeHostnameSuggestion``:
  ``marco-dellg155530``); the first word goes where it stands when the prompt's own login is
  learned and is that word and one to three more letters.
* macOS bash's ``\\h:\\W \\u\\$`` (``mac_prompt``, ``mac_bash_prompt``) on a Mac named the owner's
  full name run together (``<First><Last>``) beside the login ``<f><last>`` or
  ``<first><initials>``: the host goes.

The ``*_NOBODY`` list is the harm hunt the rule was attacked with before it was kept: prompts
whose host only begins like a role, image or service account, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

HOST_NOBODY = [
    "[user@user-dellg155530 ~]$ yabridgectl list\n/home/user/.wine/drive_c/vst\n",
    "[user@user-pc ~]$ ls\n/home/user/.vst3\n",
    "ubuntu@ubuntu-dellg155530:~$ ls\n/home/ubuntu/.config\n",
    "[jenkins@jenkins-agent-3 ~]$ make\n/home/jenkins/workspace\n",
    "[gitlab-runner@gitlab-ci ~]$ make\n/home/gitlab-runner/builds\n",
    "[liveuser@live-dellg155530 ~]$ ls\n/home/liveuser/Downloads\n",
    "[builder@build-server ~]$ make\n/home/builder/rpmbuild\n",
    "[builds@build-server ~]$ make\n/home/builds/rpmbuild\n",
    "[admin1@admin-pc ~]$ make\n/home/admin1/x\n",
    "[deploy@depl-host ~]$ make\n/home/deploy/x\n",
    "[vagrant@vagr-box ~]$ ls\n/home/vagrant/x\n",
    "[root@dev-dellg155530 ~]$ ls\n",
    "[root@audio-dellg155530 ~]$ ls\n",
    "[root@dellg155530 ~]$ ls\n",
    "pi@raspberrypi:~ $ ls\n/home/pi/x\n",
    "yabridgectl list\n~/.wine/drive_c/vst\n$HOME/.vst3\n/home/user/.vst\n",
    "MacBook-Pro:myapp dev$ ls\n",
    "Mac-mini:app admin$ ls\n",
    "Users-MacBook-Pro:app user$ ls\n/Users/user/x\n",
    "iMac:build-scripts runner$ ls\n/Users/runner/x\n",
]

# a host word that only begins like the login (a role or form word, a Mac model), at a login
# that is someone's: the login goes, the host stays
HOST_KEPT = [
    ("[tester@test-box ~]$ make\n/home/tester/x\n", "tester", "@test-box ~]$ make\n"),
    ("[adminjs@admin-pc ~]$ ls\n/home/adminjs/x\n", "adminjs", "@admin-pc ~]$ ls\n"),
    ("[serverx@server-01 ~]$ ls\n/home/serverx/x\n", "serverx", "@server-01 ~]$ ls\n"),
    ("[guestab@guest-pc ~]$ ls\n/home/guestab/x\n", "guestab", "@guest-pc ~]$ ls\n"),
    ("[mockbuild@mock-builder ~]$ ls\n/home/mockbuild/x\n", "mockbuild", "@mock-builder ~]$"),
    ("[studiouser@studio-pc ~]$ ls\n/home/studiouser/x\n", "studiouser", "@studio-pc ~]$"),
    ("MacBook:app mbook$ ls\n/Users/mbook/x\n", "mbook", "MacBook:app "),
    ("MacPro:app mpro$ ls\n/Users/mpro/x\n", "mpro", "MacPro:app "),
    ("BuildServer:app bserver$ ls\n/Users/bserver/x\n", "bserver", "BuildServer:app "),
    ("TestUser:app tuser$ ls\n/Users/tuser/x\n", "tuser", "TestUser:app "),
]

HOST_GO = [
    (
        "[marcotb@marco-dellg155530 ~]$ yabridgectl list\n/home/marcotb/.wine/drive_c/vst\n",
        "marco",
        "-dellg155530 ~]$ yabridgectl list\n",
    ),
    (
        "[annakl@anna-thinkpadt480 ~]$ ls\n/home/annakl/.config/foo\n",
        "anna",
        "-thinkpadt480 ~]$ ls\n",
    ),
    ("sofiar@sofia-hpprobook450g8:~$ lmms\n/home/sofiar/lmms\n", "sofia", "-hpprobook450g8:~$"),
    (
        "LuigiCastellano:myapp lcastellano$ ./node_modules/.bin/build --version\n"
        "/Users/lcastellano/Documents/myapp/app\n",
        "LuigiCastellano",
        ":myapp ",
    ),
    ("MariaJose:myapp mariaj$ ls\n/Users/mariaj/x\n", "MariaJose", ":myapp "),
]


@pytest.mark.parametrize("text", HOST_NOBODY)
def test_named_host_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), HOST_KEPT)
def test_a_host_that_only_begins_like_the_login_stays(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


@pytest.mark.parametrize(("text", "value", "kept"), HOST_GO)
def test_a_host_made_of_the_owners_name_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
