# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""RetroAchievements' connect requests and login answer (stop 56, scrubber 1.91.0; issue 35).

The tune miss of batch 135 (``tests/outside_corpus/SOURCE.md``, "The stop-135 collection"),
fixed by general rules reading the format rcheevos writes (RetroAchievements/rcheevos,
``src/rapi/rc_api_common.c``'s ``rc_api_url_build_dorequest``: every call after the login is
``r=<api>&u=<username>&t=<api_token>`` to ``/dorequest.php``; ``src/rapi/rc_api_user.c``'s
``rc_api_init_login_request``: ``r=login2&u=<username>&p=<password>`` or ``&t=<api_token>``, and
``rc_api_process_login_server_response``: the answer's ``"User"`` and ``"Token"``; older
clients and RAIntegration: ``dorequest.php?r=login&u=…&p=…``, ``r=patch&u=…&t=…&g=…``, the
parameters in any order):

* ``retroachievements_user`` (``scrubbers/user_names.yaml``): the account in ``u=`` of a
  ``dorequest.php?`` query (or of a request body ``r=<api>&…u=<u>&…t=|p=``), and in the login
  answer's ``"User":"<u>"`` of a ``"Success":true`` object that has a ``"Token"``, is a login,
  learned, so it goes wherever the paste repeats it (also where a prompt's shorter login is its
  start: ``<u>@shiro`` beside ``u=<u>12``). RetroAchievements' user names are letters and digits,
  2 to 20 (RAWeb's ``CtypeAlnum`` rule, ``min:2``, ``max:20``);
* ``ra_dorequest_token`` (``scrubbers/recognizers.yaml``, a ``checked`` pattern): the API token
  in ``t=`` of the same requests is a secret (the answer's ``"Token"`` was one already, by its
  key).

``RA_NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of the
same shape that name nobody (placeholders, masks, variables and format strings in clients'
source, the guest account, requests with no account, other sites' ``u=``), which must stay as
they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

RA_NOBODY = [
    # placeholders and masks in u= and t= (the brief's and the record's shapes, more spellings)
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=username&p=password'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=YOUR_USERNAME&p=YOUR_PASSWORD'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=xxx&p=xxx'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=unlocks&u=<username>&t=<token>&g=11283&h=0'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=USERNAME&t=CENSORED_TOKEN&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=CENSORED_USER&t=CENSORED_TOKEN&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=REDACTED&t=REDACTED&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=[redacted]&t=[redacted]&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=yourusername&t=yourtoken&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=myusername&t=mytoken&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=test&t=test&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=Guest&t=&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=user&t=xxxxxxxxxxxxxxxx&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=player&t=********&g=11283'\n",
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=&p='\n",
    "https://retroachievements.org/dorequest.php?r=startsession&u=username&t=token&g=1234&h=1\n",
    "https://retroachievements.org/dorequest.php?r=awardachievement&u=USER&t=TOKEN&a=12345&h=0\n",
    "/dorequest.php?r=patch&g=1234&u=player&t=<token>\n",
    "/dorequest.php?t=<redacted>&r=patch&u=player\n",
    "POST https://retroachievements.org/dorequest.php r=login2&u=username&t=token\n",
    # variables and format strings of clients' and scripts' source
    'curl -s "http://retroachievements.org/dorequest.php?r=patch&u=${RA_USER}&g=${gameid}&f=3&l=1&t=${RA_TOKEN}"\n',
    'curl -s "http://retroachievements.org/dorequest.php?r=patch&u=$USER&g=$gameid&t=$RA_TOKEN"\n',
    '"http://retroachievements.org/dorequest.php?r=patch&u=%s&t=%s&g=%u",\n',
    'snprintf(url, sizeof(url), "https://retroachievements.org/dorequest.php?r=patch&g=534&u=%s&t=%s", encUser, encTok);\n',
    '"https://retroachievements.org/dorequest.php?r=unlocks&u={u}&t={t}&g={game_id}&h=0"\n',
    "fetch(`https://retroachievements.org/dorequest.php?r=patch&u=${RA_USER}&g=${chosenGame[0]}&f=3&h=1&t=${RA_TOKEN}`)\n",
    'ASSERT_STR_EQUALS(request.url, DOREQUEST_URL "?r=login&u=Username");\n',
    "dorequest.php?r=login&u={username}&p={password}\n",
    'ASSERT_STR_EQUALS(request.post_data, "r=login&u=Username&t=ABCDEFGHIJKLMNOP");\n',
    "https://retroachievements.org/dorequest.php?r=patch&u=username&t=abcdefghijklmnop&g=1\n",
    "https://retroachievements.org/dorequest.php?r=patch&u=username&t=0000000000000000&g=1\n",
    "https://retroachievements.org/dorequest.php?r=patch&u=username&t=1234567890123456&g=1\n",
    "https://retroachievements.org/dorequest.php?r=patch&u=username&t=YOUR_API_TOKEN&g=1\n",
    "https://retroachievements.org/dorequest.php?r=patch&u=username&t=yourapitoken&g=1\n",
    # requests with no account, the answers that carry none, prose
    "curl -X POST 'https://retroachievements.org/dorequest.php?r=gameid&m=0123456789abcdef0123456789abcdef'\n",
    "curl 'https://retroachievements.org/dorequest.php?r=latestclient&e=1'\n",
    "curl 'https://retroachievements.org/dorequest.php?r=hashlibrary&c=7'\n",
    '{"Success":true,"GameID":11283}\n',
    '{"Success":false,"Error":"Invalid User/Password combination. Please try again","Code":"invalid_credentials"}\n',
    '{"Success":false,"Error":"Credentials invalid (0)"}%\n',
    "The connect API's dorequest.php takes the user name in u= and the token in t= (u=<user>&t=<token>).\n",
    "[RCHEEVOS]: attempting to login username (with token)\n",
    # the login answer naming nobody
    '{"Success":true,"User":"username","Token":"token","Score":14,"SoftcoreScore":868,"Messages":0,"Permissions":1,"AccountType":"Registered"}\n',
    '{\n  "Success": true,\n  "User": "username",\n  "Token": "token",\n  "Score": 14\n}\n',
    '{"Success":true,"User":"[redacted]","Token":"[redacted]","Score":0,"Messages":0}\n',
    '{"Success":true,"User":"xxx","Token":"CENSORED_TOKEN","Score":0,"Messages":0}%\n',
    '{"Success":true,"User":"Guest","Token":"","Score":0,"Messages":0}\n',
    '{"Success":true,"User":"test","Token":"test","Score":0}\n',
    '{"Success":true,"User":"<username>","AvatarUrl":"https://media.retroachievements.org/UserPic/<username>.png","Token":"<login token>","Score":0}\n',
    '{"Success":true,"User":"USERNAME","Token":"TOKEN","Score":0}\n',
    '{"Success":true,"User":"player","Token":"<token>","Score":0}\n',
    # "User" beside no token, or in another answer: not the login answer
    '{"Success":true,"User":"Scott","ULID":"01H1Z2","UserPic":"/UserPic/Scott.png"}\n',
    '{"Success":false,"User":"someone","Error":"Unknown"}\n',
    # another site's u= (no dorequest.php, no rcheevos body)
    "https://example.org/index.php?r=site/login&u=alice\n",
    "https://www.google.com/maps?q=Rue&u=0\n",
    "GET /index.php?route=account/login&u=1 HTTP/1.1\n",
    "https://patorjk.com/software/taag/#p=display&f=Future+Smooth&t=abcdefghijklmnop\n",
    "https://example.org/search?q=retro&t=20&u=1\n",
]

RA_GO = [
    (
        "morvane@shiro ~ $ curl -X POST 'https://retroachievements.org/dorequest.php?r=login&u=morvane12&p=CENSORED_PASSWORD'\n"
        '{"Success":true,"User":"morvane12","Token":"CENSORED_TOKEN","Score":0,"Messages":0}%\n',
        "morvane",
        "&p=CENSORED_PASSWORD'",
    ),
    (
        "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=Tolkwin&t=CENSORED_TOKEN&g=11283'\n",
        "Tolkwin",
        "&t=CENSORED_TOKEN&g=11283'",
    ),
    (
        "curl -X POST 'https://retroachievements.org/dorequest.php?r=unlocks&u=hliao88&t=xxx&g=11283&h=0'\n",
        "hliao88",
        "&g=11283&h=0'",
    ),
    (
        "http://retroachievements.org/dorequest.php?r=patch&g=534&u=okmwangi&t=<token>\n",
        "okmwangi",
        "dorequest.php?r=patch&g=534&u=",
    ),
    (
        '{"Success":true,"User":"pemberly","AvatarUrl":"https://media.retroachievements.org/UserPic/pemberly.png","Token":"[redacted]","Score":0}\n',
        "pemberly",
        '"Token":"[redacted]"',
    ),
    (
        '{\n  "Success": true,\n  "User": "TMarlow",\n  "Token": "***",\n  "Score": 120\n}\n',
        "TMarlow",
        '"Token": "***"',
    ),
    (
        "[RCHEEVOS] POST https://retroachievements.org/dorequest.php r=login2&u=Zephyrine&t=CENSORED\n",
        "Zephyrine",
        "r=login2&u=",
    ),
]

RA_TOKEN_GO = [
    (
        "curl -X POST 'https://retroachievements.org/dorequest.php?r=patch&u=USERNAME&t=Xk3Pq9LmZt4Rw8Ys&g=11283'\n",
        "Xk3Pq9LmZt4Rw8Ys",
        "&g=11283'",
    ),
    (
        "https://retroachievements.org/dorequest.php?t=a8Hq2ZpLw0Nc3Rt7&r=startsession&u=username&g=1234&h=1\n",
        "a8Hq2ZpLw0Nc3Rt7",
        "&r=startsession&u=username&g=1234&h=1",
    ),
    (
        "r=awardachievement&u=username&t=Q2w9ErT5yU7iO1pA&a=12345&h=0\n",
        "Q2w9ErT5yU7iO1pA",
        "&a=12345&h=0",
    ),
]


@pytest.mark.parametrize("text", RA_NOBODY)
def test_retroachievements_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), RA_GO)
def test_retroachievements_account_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


@pytest.mark.parametrize(("text", "value", "kept"), RA_TOKEN_GO)
def test_retroachievements_token_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)
