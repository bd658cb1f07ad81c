# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""The accounts self-hosted applications' install guides create for the application itself,
which name no one (stop 57, scrubber 1.101.0; issue 35).

The tune damage of batch 143 (``tests/outside_corpus/SOURCE.md``, "The stop-143 collection":
Misskey's ``> misskey@2023.9.0-beta.4 migrate /home/misskey/misskey`` became ``> user1@… migrate
/home/user1/user1``, OpenCue's ``[opencue@opencue tmp]$`` and ``for user 'opencue'`` became
``user1``), fixed as a class in two ways:

* a shape (``engine._app_checkout_account``): an account named after the package the same text
  runs at a release's version (npm's and pnpm's banner ``> <name>@<version> <script>``) from its
  checkout under a home of that name (``/home/<name>/<name>``), as Misskey's install guide and
  its forks' lay it out (``su - misskey``, ``git clone … misskey``);
* data, ``scrubbers/words.yaml``'s ``system_accounts``, each word with its install guide's
  ``adduser``/``useradd`` line or unit: ``misskey``, ``mastodon`` (``adduser --disabled-login
  mastodon``, ``/home/mastodon/live``), ``opencue`` (the units' ``User=opencue``), ``pleroma``,
  ``akkoma``, ``lemmy``, ``peertube``, ``discourse``; GitLab's ``git``, ``gitlab``, ``gitea``
  and ``nextcloud`` were listed already.

``APP_ACCOUNTS_NOBODY`` is the harm hunt the rules were attacked with before they were kept
(every one changed under 1.100.0, none under 1.101.0); ``APP_ACCOUNTS_GO`` holds real people's
logins in the same places (a person's home holding the application's checkout, a person's
fresh project named after its author at ``npm init``'s version, a person whose login is a
plain word), which must go under both.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

APP_ACCOUNTS_NOBODY = [
    # Misskey's install guide (the words) and its run banner (the shape)
    "> misskey@2023.9.0-beta.4 migrate /home/misskey/misskey\n> cd packages/backend && pnpm migrate\n\n\n> backend@ migrate /home/misskey/misskey/packages/backend\n> pnpm typeorm migration:run -d ormconfig.js\n",
    'Error: Unable to open file: "/home/misskey/misskey/packages/backend/ormconfig.js".\n',
    "misskey@vps:~/misskey$ git pull && pnpm install --frozen-lockfile\n",
    "[Service]\nType=simple\nUser=misskey\nExecStart=/usr/bin/npm start\nWorkingDirectory=/home/misskey/misskey\n",
    # Misskey's forks, by the shape alone (their guides copy Misskey's layout)
    "> firefish@1.0.4-beta migrate /home/firefish/firefish\n> pnpm --filter backend migrate\n",
    "> sharkey@2024.3.1 build /home/sharkey/sharkey\n> pnpm build-pre && pnpm -r build\n\nError: ENOENT: no such file or directory, open '/home/sharkey/sharkey/built/meta.json'\n",
    "> calckey@14.0.0-rc3 start /home/calckey/calckey\n> pnpm --filter backend run start\n    at Object.<anonymous> (/home/calckey/calckey/packages/backend/built/index.js:1:1)\n",
    "> foundkey@13.0.0-preview6 migrate /home/foundkey/foundkey\n",
    # Mastodon's install guide: /home/mastodon/live
    "> mastodon@4.2.0 migrate /home/mastodon/live\n",
    "root@social:~# su - mastodon\nmastodon@social:~$ cd live\nmastodon@social:~/live$ RAILS_ENV=production bundle exec rake db:migrate\n",
    "/home/mastodon/live/vendor/bundle/ruby/3.2.0/gems/rake-13.0.6/lib/rake/task_manager.rb:59:in `[]'\n",
    "Errno::EACCES: Permission denied @ rb_sysopen - /home/mastodon/live/public/system/cache\n",
    # OpenCue's service account
    "[opencue@opencue tmp]$ flyway -url=jdbc:postgresql://$DB_HOST/$DB_NAME -user=$USER -n migrate\nERROR: Unable to obtain connection from database (jdbc:postgresql://localhost/cuebot_local) for user 'opencue': FATAL: Ident authentication failed for user \"opencue\"\n",
    "[opencue@render01 ~]$ rqd\n",
    # Pleroma's and Akkoma's, Lemmy's, PeerTube's, Discourse's
    "pleroma@fedi:/opt/pleroma$ ./bin/pleroma_ctl migrate\n",
    "akkoma@fedi:~$ ./bin/pleroma_ctl instance gen\n",
    "lemmy@srv:~$ /usr/bin/lemmy_server\n",
    "peertube@video:/var/www/peertube/peertube-latest$ NODE_CONFIG_DIR=/var/www/peertube/config NODE_ENV=production npm run reset-password -- -u root\n",
    "discourse@forum-app:/var/www/discourse$ RAILS_ENV=production bundle exec rake posts:rebake\n",
    "chown -R discourse:discourse /home/discourse/.bundle\n",
]

APP_ACCOUNTS_GO = [
    (
        # a person's home holding Misskey's checkout
        "> misskey@2023.9.0-beta.4 migrate /home/dkowalik/misskey\n> cd packages/backend && pnpm migrate\n",
        "dkowalik",
        ("> misskey@2023.9.0-beta.4 migrate /home/", "/misskey"),
    ),
    (
        "> backend@ migrate /home/dkowalik/misskey/packages/backend\n",
        "dkowalik",
        "/misskey/packages/backend",
    ),
    (
        # a login that is a plain word, in the app's place
        "> misskey@2023.9.0 migrate /home/falcon/misskey\nfalcon@vps:~/misskey$ pnpm migrate\n",
        "falcon",
        "/misskey",
    ),
    (
        # a person's own project named after its author, at npm init's version: not the shape
        "> rvanleer@1.0.0 start /home/rvanleer/rvanleer\n> node index.js\n",
        "rvanleer",
        "> node index.js",
    ),
    (
        "> mastodon@4.2.0 migrate /home/tquint/live\n",
        "tquint",
        "> mastodon@4.2.0 migrate /home/",
    ),
    (
        # a person's prompt beside the app's account
        "[mherzog@opencue tmp]$ sudo -u opencue flyway migrate\n",
        "mherzog",
        "@opencue tmp]$ sudo -u opencue flyway migrate",
    ),
    (
        "root@social:~# ls /home\nmastodon  wbrandt\nroot@social:~# ls /home/wbrandt/backup\n",
        "wbrandt",
        "mastodon",
    ),
]


@pytest.mark.parametrize("text", APP_ACCOUNTS_NOBODY)
def test_app_accounts_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), APP_ACCOUNTS_GO)
def test_logins_beside_app_accounts_go(
    engine: Scrubber, text: str, value: str, kept: str | tuple[str, ...]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
