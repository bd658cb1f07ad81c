# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Self-hosted servers' admin command lines and a YunoHost app's ``set -x`` log (stop 57,
scrubber 1.98.0; issue 35).

The tune misses and damage of batch 140 (``tests/outside_corpus/SOURCE.md``, "The stop-140
collection"), fixed by general rules:

* ``server_admin_cli_account`` (``scrubbers/user_names.yaml``): the local account an
  administrator's command line names as its first argument, for the class of self-hosted
  servers' account CLIs: Mastodon's ``tootctl accounts create|modify|delete|approve|backup|
  rotate|follow|reset-relationships USERNAME`` (mastodon/mastodon, lib/mastodon/cli/
  accounts.rb, ``desc 'modify USERNAME'``), Pleroma's and Akkoma's ``pleroma_ctl user
  new|rm|set|… <nickname>`` and ``mix pleroma.user …`` (docs.pleroma.social, "Managing
  users"), YunoHost's ``yunohost user info|update|delete|create <username>`` and its helpers
  ``ynh_user_get_info <username> <key>`` / ``ynh_user_exists <username>`` (YunoHost's
  helpers.d/user). The login is learned, so it goes wherever the paste repeats it.
* ``yunohost_plain_user_key`` (the same file): the value after a ``#username``,
  ``#firstname`` or ``#lastname`` key of ``yunohost user info … --output-as plain`` (moulinette's
  plain output, a ``#key`` line then its value), also as a ``set -x`` trace of the helper
  ``ynh_get_plain_key`` echoes it (``[[ #firstname =~ ^#mail$ ]]`` then ``[[ <value> =~ … ]]``).
* ``placeholder_email`` (``scrubbers/allow.yaml``): a local part of one letter repeated three
  times or more (``aaa@gmail.com``, ``zzz@…``, ``aaa@aaa.com``) is a poster's stand-in, as
  ``xxx@`` already was.

``*_NOBODY`` are the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody (role words, placeholders, variables, service accounts, the
documentation's samples, other subcommands), which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

ADMIN_CLI_NOBODY = [
    # Mastodon's tootctl
    "tootctl accounts modify admin --role Owner",
    "tootctl accounts modify owner --role Owner",
    "tootctl accounts modify username --role Admin",
    "tootctl accounts modify some_username --role admin",
    "tootctl accounts modify ADMIN_USERNAME --role Admin",
    "tootctl accounts modify USERNAME --role Owner",
    "tootctl accounts modify <your_username> --role Owner",
    "RAILS_ENV=production bin/tootctl accounts modify <username> --role Admin",
    "docker-compose run --rm web bin/tootctl accounts modify <username> --role Admin",
    "docker compose exec web tootctl accounts create ${ADMIN_USER} --email ${ADMIN_EMAIL} --confirmed --role Owner",
    "RAILS_ENV=production bin/tootctl accounts modify $USERNAME --approve",
    "tootctl accounts modify mastodon --role Admin",
    "tootctl accounts modify me --confirm",
    "tootctl accounts modify alice --role Admin",
    "RAILS_ENV=production bin/tootctl accounts create alice --email alice@example.com --confirmed --role Owner",
    "bin/tootctl accounts modify admin --reset-password",
    "tootctl accounts modify admin@mastodon.local --reset-password\nNo user with such username",
    "tootctl accounts approve admin",
    "tootctl accounts approve --all",
    "tootctl accounts approve --number 5",
    "tootctl accounts rotate --all",
    "tootctl accounts delete --email user@example.com",
    "tootctl accounts create --help",
    "tootctl accounts help create",
    "tootctl accounts refresh --all",
    "tootctl accounts cull",
    "tootctl accounts fix-duplicates",
    "You can use tootctl accounts create with the --email option.",
    "Run `tootctl accounts modify` with --role to change it.",
    "RAILS_ENV=production bin/tootctl accounts modify admin --role Owner\nOK",
    # Pleroma's and Akkoma's pleroma_ctl / mix pleroma.user
    "./bin/pleroma_ctl user new <nickname> <email> [option ...]",
    "mix pleroma.user new <nickname> <email> [option ...]",
    "./bin/pleroma_ctl user activate NICKNAME",
    "./bin/pleroma_ctl user deactivate_all_from_instance <instance>",
    "./bin/pleroma_ctl user reset_password <nickname>",
    'sudo su pleroma -s $SHELL -lc "/var/www/pleroma/live/bin/pleroma_ctl user set <userName> --admin"',
    'sudo su akkoma -s $SHELL -lc "/var/www/akkoma/live/bin/pleroma_ctl user new <userName> <userEmail>"',
    "./bin/pleroma_ctl user new username email@example.com --admin",
    "./bin/pleroma_ctl user reset_password admin",
    "./bin/pleroma_ctl user list",
    "./bin/pleroma_ctl user invite --max-use 1",
    "./bin/pleroma_ctl user confirm_all",
    "./bin/pleroma_ctl user set $NICKNAME --admin",
    'su pleroma -s $SHELL -lc "./bin/pleroma_ctl user new pleroma admin@example.org --admin"',
    # YunoHost's CLI and helpers
    "sudo yunohost user info $admin --output-as plain",
    'sudo yunohost user info "$1" --output-as plain | ynh_get_plain_key "$2"',
    "yunohost user info admin",
    "yunohost user list --output-as plain",
    "yunohost user info --help",
    "yunohost user group list",
    "yunohost user permission list",
    'yunohost user create johndoe -F "John Doe" -d example.org',
    "# example: ynh_user_exists 'toto' || exit 1",
    "# example: mail=$(ynh_user_get_info 'toto' 'mail')",
    "ynh_user_get_info --username=$admin --key=mail",
    "2019-11-26 15:24:34,179: DEBUG - ++ ynh_handle_getopts_args admin mail",
    "2019-11-26 15:24:34,180: DEBUG - ++ ynh_handle_getopts_args --app=$app",
    "DEBUG - ++ ynh_handle_getopts_args $admin mail",
]

PLAIN_KEY_NOBODY = [
    "2019-11-26 15:24:34,180: DEBUG - ++ sudo yunohost user info admin --output-as plain\n2019-11-26 15:24:34,380: DEBUG - ++ [[ 0 == \\1 ]]\n2019-11-26 15:24:34,381: DEBUG - ++ [[ #username =~ ^#mail$ ]]",
    "DEBUG - ++ [[ #username =~ ^#mail$ ]]\nDEBUG - ++ [[ #firstname =~ ^#mail$ ]]\nDEBUG - ++ [[ #lastname =~ ^#mail$ ]]",
    "DEBUG - ++ [[ #username =~ ^#mail$ ]]\nDEBUG - ++ read line\nDEBUG - ++ [[ 0 == \\1 ]]\nDEBUG - ++ [[ admin =~ ^#mail$ ]]",
    "DEBUG - ++ [[ #firstname =~ ^#mail$ ]]\nDEBUG - ++ read line\nDEBUG - ++ [[ 0 == \\1 ]]\nDEBUG - ++ [[ $firstname =~ ^#mail$ ]]",
    "DEBUG - ++ [[ #mail =~ ^#mail$ ]]",
    "DEBUG - ++ [[ $admin =~ ^#mail$ ]]",
    "DEBUG - ++ [[ root =~ ^#mail$ ]]",
    "DEBUG - ++ ynh_get_plain_key mail\nDEBUG - ++ local key_=mail",
    "#username\nadmin\n#firstname\nYunoHost\n#lastname\nAdmin\n#mail\nadmin@example.org\n",
    "#username\n<username>\n#firstname\n<firstname>\n",
    "## username\nThe login of the account.\n",
]

STAND_IN_ADDRESS_NOBODY = [
    "tootctl accounts create aaaa --email aaa@gmail.com\nOK",
    "RAILS_ENV=production bundle exec bin/tootctl accounts create aaaa --email aaa@gmail.com\nOK\nNew password: ********",
    "--email zzz@gmail.com",
    "--email aaa@aaa.com",
    "git config user.email bbbb@bbbb.org",
    "EMAIL=qqq@example.net",
    "--email xxx@gmail.com",
    "tootctl accounts create test --email test@example.com",
]

ADMIN_CLI_GO = [
    ("tootctl accounts modify gorlyvans --role Admin\n", "gorlyvans", "tootctl accounts modify "),
    (
        "RAILS_ENV=production bin/tootctl accounts create hmarrow --email someone@example.com --confirmed\n",
        "hmarrow",
        "--email someone@example.com",
    ),
    (
        "docker-compose run --rm web bin/tootctl accounts delete Kelvora_7\nDeleting user with 12 statuses, this might take a while...\nOK\n",
        "Kelvora_7",
        "Deleting user",
    ),
    ("tootctl accounts approve tebrin\n", "tebrin", "tootctl accounts approve "),
    (
        "./bin/pleroma_ctl user new quillon quillon@mailbox.org --admin\n",
        "quillon",
        "./bin/pleroma_ctl user new ",
    ),
    (
        'sudo su pleroma -s $SHELL -lc "/var/www/pleroma/live/bin/pleroma_ctl user reset_password marwenna"\n',
        "marwenna",
        "pleroma_ctl user reset_password ",
    ),
    ("mix pleroma.user set dovrik --admin\n", "dovrik", "--admin"),
    (
        "2019-11-26 15:24:34,179: DEBUG - ++ ynh_handle_getopts_args brelvin mail\n2019-11-26 15:24:34,180: DEBUG - ++ sudo yunohost user info brelvin --output-as plain\n",
        "brelvin",
        "ynh_handle_getopts_args ",
    ),
    ("sudo yunohost user delete ostrama --purge\n", "ostrama", "--purge"),
    ("mail=$(ynh_user_get_info tavlokin mail)\n", "tavlokin", "ynh_user_get_info "),
]

PLAIN_KEY_GO = [
    (
        "DEBUG - ++ sudo yunohost user info admin --output-as plain\nDEBUG - ++ [[ 0 == \\1 ]]\nDEBUG - ++ [[ #username =~ ^#mail$ ]]\nDEBUG - ++ read line\nDEBUG - ++ [[ 0 == \\1 ]]\nDEBUG - ++ [[ ferlowin =~ ^#mail$ ]]\nDEBUG - ++ read line\nDEBUG - ++ [[ 0 == \\1 ]]\nDEBUG - ++ [[ #firstname =~ ^#mail$ ]]\nDEBUG - ++ read line\nDEBUG - ++ [[ 0 == \\1 ]]\nDEBUG - ++ [[ Ferlo =~ ^#mail$ ]]\n",
        ("ferlowin", "Ferlo"),
        "[[ #firstname =~ ^#mail$ ]]",
    ),
    (
        "#username\nmaelstrid\n#firstname\nMael\n#lastname\nStridhaven\n#mail\nmaelstrid@ynh.example.org\n",
        ("maelstrid", "Mael", "Stridhaven"),
        "#firstname\n",
    ),
]


@pytest.mark.parametrize("text", ADMIN_CLI_NOBODY + PLAIN_KEY_NOBODY)
def test_admin_cli_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize("text", STAND_IN_ADDRESS_NOBODY)
def test_stand_in_address_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), ADMIN_CLI_GO)
def test_admin_cli_account_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out


@pytest.mark.parametrize(("text", "values", "kept"), PLAIN_KEY_GO)
def test_plain_user_key_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    out = scrubbed(engine, text)
    for value in values:
        assert value.lower() not in out.lower(), out
    assert kept in out, out


@pytest.mark.parametrize(
    "text",
    [
        "--email ana@gmail.com\n",
        "tootctl accounts create bob --email bob@gmail.com\n",
        "--email aab@gmail.com\n",
    ],
)
def test_short_real_address_still_goes(engine: Scrubber, text: str) -> None:
    out = scrubbed(engine, text)
    assert "@gmail.com" not in out, out
