# ruff: noqa: E501  (the platforms' objects are kept whole, as they print them)
"""A person's handle and name in chat platforms' user objects and package registries' owner
listings (stop 61, scrubber 1.158.0; issue 35): a class rule written from the tools' documented
formats, seen in no tune batch.

Measured by the coordinator under 1.155.0: Slack's user object (``users.list``, an export's
``users.json``: ``name``, ``real_name``, ``profile``'s ``real_name``/``display_name``), Discord's
(``global_name``), Matrix's profile (``displayname`` beside ``user_id``) and npm's ``npm owner
ls`` listing (``<u> <<email>>``) kept the person. ``identity_user_object_name`` (1.152.0) reads
the chat platforms' objects since 1.158.0; ``npm_owner_listing`` reads npm's listings.

``CHAT_NOBODY`` is the harm hunt the rules were attacked with before they were kept: objects of
the same platforms naming nobody (bots, apps, channels, workspaces, teams, rooms, packages) and
placeholder users, which must be unchanged.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

CHAT_NOBODY = [
    # Slack: Slackbot, a bot user (its profile holds bot_id), an app user, channels, the team, placeholders
    '{"id":"USLACKBOT","team_id":"T0G9PQBBK","name":"slackbot","deleted":false,"color":"757575","real_name":"Slackbot","tz":"America/Los_Angeles","profile":{"real_name":"Slackbot","display_name":"Slackbot","first_name":"slackbot","last_name":""},"is_admin":false,"is_bot":false,"is_app_user":false}\n',
    '{"id":"B07ABCDE1","team_id":"T0G9PQBBK","name":"deploy-helper","deleted":false,"real_name":"Deploy Helper","profile":{"real_name":"Deploy Helper","display_name":"","bot_id":"B07ABCDE1","api_app_id":"A07ABCDE1","always_active":true,"first_name":"Deploy","last_name":"Helper"},"is_bot":true,"is_app_user":false}\n',
    '{"id":"U07APPUSR","name":"release-notes","real_name":"Release Notes","profile":{"real_name":"Release Notes","display_name":"Release Notes"},"is_bot":false,"is_app_user":true}\n',
    '{"ok":true,"channels":[{"id":"C012AB3CD","name":"general","is_channel":true,"is_general":true,"creator":"U012A3CDE","name_normalized":"general","topic":{"value":"Company-wide announcements","creator":"","last_set":0}},{"id":"C061EG9T2","name":"random","is_channel":true,"name_normalized":"random"}]}\n',
    '{"ok":true,"team":{"id":"T12345","name":"Acme Widgets","domain":"acmewidgets","email_domain":"acme-widgets.io","icon":{"image_default":true}}}\n',
    '{"id":"U0000000","team_id":"T0000000","name":"jdoe","real_name":"John Doe","profile":{"real_name":"John Doe","display_name":"jdoe","first_name":"John","last_name":"Doe"},"is_bot":false}\n',
    '[\n  {\n    "id": "U01TESTER",\n    "name": "testuser",\n    "real_name": "Test User",\n    "profile": {"real_name": "Test User", "display_name": "Test User"},\n    "is_bot": false\n  }\n]\n',
    # Discord: a bot, a guild, a channel, placeholders
    '{"id":"1234567890123456789","username":"Deploy Notifier","discriminator":"4821","global_name":null,"avatar":null,"bot":true,"public_flags":0}\n',
    '{"id":"197038439483310086","name":"Discord Developers","icon":"f64c482b807da4f539cff778d174971c","owner_id":"80351110224678912","roles":[],"features":["COMMUNITY"]}\n',
    '{"id":"41771983423143937","guild_id":"41771983423143937","name":"general","type":0,"position":6,"topic":"24/7 chat about how to gank Mike #2"}\n',
    '{"id":"80351110224678912","username":"username","discriminator":"0","global_name":"Display Name","avatar":null}\n',
    # Mattermost: a channel, a team, a bot account
    '{"id":"4xp9fdt77pncbef59f4k1qe83o","team_id":"9fnhme1ah7bzmdfnj3y3xc8pbm","type":"O","display_name":"Town Square","name":"town-square","header":"","purpose":""}\n',
    '{"id":"9fnhme1ah7bzmdfnj3y3xc8pbm","display_name":"Engineering Team","name":"engineering","type":"O","allow_open_invite":true}\n',
    '{"id":"qgw9u8m9ffgu7q7n1mzgzxj8ya","username":"jira-bot","first_name":"","last_name":"","nickname":"","is_bot":true,"bot_description":"Jira integration"}\n',
    # Matrix: a room's state, a bridge bot's profile, placeholders
    '{"type":"m.room.name","state_key":"","content":{"name":"Platform Engineering"},"sender":"@admin:matrix.example.org"}\n',
    '{"limited":false,"results":[{"avatar_url":null,"display_name":"Telegram Bridge","user_id":"@telegrambot:matrix.example.org"}]}\n',
    '{"avatar_url":"mxc://matrix.org/SDGdghriugerRg","displayname":"Alice Margatroid"}\n',
    '{"user_id":"@alice:example.com","displayname":"Alice"}\n',
    # Telegram Bot API: the service account 777000 and a bot (its is_bot before its name)
    '{"id":777000,"is_bot":false,"first_name":"Telegram"}\n',
    '{"id":6077343007,"is_bot":true,"first_name":"Shop Assistant","last_name":"Helper"}\n',
    # Rocket.Chat: a bot, a room
    '{"user":{"_id":"rocket.cat","type":"bot","status":"online","active":true,"name":"Rocket Cat","username":"rocket.cat"},"success":true}\n',
    '{"channel":{"_id":"GENERAL","name":"general","t":"c","usernames":[],"msgs":0,"default":true},"success":true}\n',
    # npm: an organisation's teams and packages, a package's metadata, the command without owners
    "$ npm team ls @acme\n@acme:developers\n@acme:owners\n",
    "$ npm access list packages @acme\n@acme/widgets: read-write\n@acme/gadgets: read-only\n",
    "$ npm owner ls left-pad\nnpm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/left-pad - Not found\n",
    "$ npm owner add <username> <package-spec>\n",
    "$ npm owner ls my-package\nusername <user@example.com>\n",
    '{"id":"U012AB3CD","name":"<username>","real_name":"<Your Name>","profile":{"real_name":"First Last","display_name":"username"},"is_bot":false}\n',
    '{\n  "name": "my-chat-app",\n  "version": "1.0.0",\n  "dependencies": {"@slack/web-api": "^7.0.0", "discord.js": "^14.0.0"}\n}\n',
    'Slack\'s user object has "name" (the handle) and "real_name"; Matrix\'s profile has "displayname" beside "user_id".\n',
]

CHAT_GO = [
    (
        '{"ok":true,"members":[{"id":"W07QCRPA4","team_id":"T0G9PQBBK","name":"rvasquez","deleted":false,"color":"9f69e7","real_name":"Rosalind Vasquez","tz":"America/Los_Angeles","profile":{"title":"","phone":"","real_name":"Rosalind Vasquez","real_name_normalized":"Rosalind Vasquez","display_name":"rosalind","display_name_normalized":"rosalind","first_name":"Rosalind","last_name":"Vasquez","team":"T0G9PQBBK"},"is_admin":false,"is_owner":false,"is_bot":false,"is_app_user":false,"updated":1502138686}]}\n',
        ["Rosalind", "Vasquez", "rvasquez"],
        '"is_app_user":false',
    ),
    (
        '[\n  {\n    "id": "U02ABCDEF",\n    "team_id": "T01XYZ",\n    "name": "thalloran",\n    "deleted": false,\n    "real_name": "Tobias Halloran",\n    "profile": {\n      "real_name": "Tobias Halloran",\n      "display_name": "Toby Halloran",\n      "first_name": "Tobias",\n      "last_name": "Halloran"\n    },\n    "is_bot": false\n  }\n]\n',
        ["Tobias", "Halloran", "thalloran"],
        '"team_id": "T01XYZ"',
    ),
    (
        '{"id":"80351110224678912","username":"quillfeather","discriminator":"0","global_name":"Marisol Quintero","avatar":"8342729096ea3675442027381ff50dfe","bot":false,"public_flags":64}\n',
        ["Marisol", "Quintero", "quillfeather"],
        '"public_flags":64',
    ),
    (
        '{"id":"8k3x9qz7dpb5tmw1yzn4h6r2ca","create_at":1700000000000,"username":"bokafor","auth_service":"","email":"","nickname":"","first_name":"Babajide","last_name":"Okafor","position":"","roles":"system_user","locale":"en"}\n',
        ["Babajide", "Okafor", "bokafor"],
        '"roles":"system_user"',
    ),
    (
        '$ curl https://matrix.example.org/_matrix/client/v3/profile/@wkowalczyk:matrix.example.org\n{"avatar_url":"mxc://matrix.example.org/SDGdghriugerRg","displayname":"Wiktoria Kowalczyk"}\n',
        ["Wiktoria", "Kowalczyk", "wkowalczyk"],
        '"avatar_url":"mxc://matrix.example.org/SDGdghriugerRg"',
    ),
    (
        '{"limited":false,"results":[{"avatar_url":"mxc://bar.com/foo","display_name":"Wiktoria Kowalczyk","user_id":"@wkowalczyk:matrix.example.org"}]}\n',
        ["Wiktoria", "Kowalczyk", "wkowalczyk"],
        '"limited":false',
    ),
    (
        '{"ok":true,"result":{"id":123456789,"is_bot":false,"first_name":"Ludmila","last_name":"Sorokina","username":"lsorokina","language_code":"ru"}}\n',
        ["Ludmila", "Sorokina", "lsorokina"],
        '"language_code":"ru"',
    ),
    (
        '{"user":{"_id":"nSYqWzZ4GsKTX4dyK","type":"user","status":"offline","active":true,"name":"Henrike Albrecht","utcOffset":0,"username":"halbrecht"},"success":true}\n',
        ["Henrike", "Albrecht", "halbrecht"],
        '"success":true',
    ),
    (
        "$ npm owner ls left-pad-extra\nzpetrov <z.petrov@fastmail.com>\nkmbeki <kagiso.mbeki@proton.me>\n",
        ["zpetrov", "kmbeki", "fastmail.com", "proton.me"],
        "$ npm owner ls left-pad-extra",
    ),
    (
        '$ npm access ls-collaborators @acme/widgets\n{\n  "zpetrov": "read-write",\n  "kmbeki": "read-only"\n}\n',
        ["zpetrov", "kmbeki"],
        "@acme/widgets",
    ),
    (
        "$ npm access list collaborators @acme/widgets\nzpetrov: read-write\nkmbeki: read-only\n",
        ["zpetrov", "kmbeki"],
        "@acme/widgets",
    ),
]


@pytest.mark.parametrize("text", CHAT_NOBODY)
def test_chat_object_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), CHAT_GO)
def test_chat_user_handle_and_name_go(
    engine: Scrubber, text: str, values: list[str], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept)
