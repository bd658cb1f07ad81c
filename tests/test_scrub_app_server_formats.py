# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Web app servers' and process managers' formats (stop 54, scrubber 1.60.0; issue 35).

The tune misses and damage of batch 107 (``tests/outside_corpus/SOURCE.md``, "The stop-107
collection"), each fixed by a general rule:

* a database URL's userinfo made of a role word and ``user`` (``pool_user``, ``db_user``,
  ``app_user``: ``user_names.yaml``'s ``role_login``) is a role, not a person's login, and the
  word ``password`` spelt with ``$``, ``@`` or ``0`` for its letters (``PA$$WORD``,
  ``P@$$W0RD``: ``allow.yaml``'s ``spelt_out_password``) is the documentation's placeholder;
* ``your``, ``my`` or ``our`` run together with words and a credential word (``yourrediskey``,
  ``myapikey``: ``allow.yaml``'s ``run_together_placeholder``) is a placeholder, as the
  separated forms (``your_redis_key``) already were;
* a process manager's run-as key (supervisord's ``user=`` in a ``[program:x]`` section,
  systemd's ``User=``, upstart's ``setuid``, uWSGI's ``uid =``: ``user_names.yaml``'s
  ``run_as``) naming the same two letters as a home folder of the document is the second piece
  of evidence a two-letter login needs (``engine._short_login``); the program and group names
  (``[program:<u>]``, supervisorctl's ``<u>:<u>_00``) then go with it.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only placeholders), which must stay as they are; each
``*_STILL_GO`` list the values of the same shape that are private and must still be replaced.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

# placeholders in a database or broker URL and in an env file, the damaged shapes
PLACEHOLDER_KEPT = [
    "pm2 start postgraphql -- postgres://pool_user:PA$$WORD@localhost:5432/dbname --route=/graphql --secret=$ECRET --development\n",
    "postgres://pool_user:PASSWORD@localhost:5432/dbname\n",
    "postgres://pool_user:${PGPASSWORD}@localhost:5432/dbname\n",
    "postgres://app_user:P@$$W0RD@db:5432/app\n",
    "mysql://web_user:pa$$word@127.0.0.1:3306/site\n",
    "DATABASE_URL=postgres://api_user:Pa$$w0rd@postgres:5432/api\n",
    "CELERY_BROKER_URL=redis://:yourrediskey@localhost:6379/1\n",
    "REDIS_PASSWORD=yourrediskey\n",
    "DJANGO_SECRET_KEY=yourdjangosecretkey\n",
    "API_KEY=YOURAPIKEY\n",
    "MAIL_PASSWORD=ourmailpassword\n",
    "AWS_SECRET=mysecretkey\n",
    "redis://:myRedisPassword@localhost:6379/0\n",
]

# the same shapes holding what a person typed: still replaced (the harm hunt of the
# placeholder rules: passwords that merely contain `pass` or start with `my`, a word glued
# to the spelt-out password, a person's login before `_user`)
PLACEHOLDER_STILL_GO = [
    ("postgres://pool_user:Pa$$word2024@localhost:5432/dbname\n", "Pa$$word2024"),
    ("postgres://pool_user:Hunter$$42@localhost:5432/dbname\n", "Hunter$$42"),
    ("postgres://pool_user:pa$$wordz@localhost:5432/dbname\n", "pa$$wordz"),
    ("postgres://pool_user:mypa$$word!@localhost:5432/dbname\n", "mypa$$word!"),
    ("postgres://pool_user:P4$$W0RD@localhost:5432/dbname\n", "P4$$W0RD"),
    ("REDIS_PASSWORD=mysteryhouse\n", "mysteryhouse"),
    ("REDIS_PASSWORD=myrtle\n", "myrtle"),
    ("REDIS_PASSWORD=passionfruit7\n", "passionfruit7"),
    ("REDIS_PASSWORD=mykeyz9Q\n", "mykeyz9Q"),
    ("REDIS_PASSWORD=yourdoomkey7\n", "yourdoomkey7"),
    ("REDIS_PASSWORD=monkeykey\n", "monkeykey"),
    ("CELERY_BROKER_URL=redis://:ourkey-Zt81q@localhost:6379/1\n", "ourkey-Zt81q"),
    ("CELERY_BROKER_URL=redis://:passpartout@localhost:6379/1\n", "passpartout"),
    ("SECRET_KEY=my super key\nREDIS_PASSWORD=mybluekeyring\n", "mybluekeyring"),
    ("postgres://anna_user:Qw7rT2zK@localhost:5432/dbname\n", "anna_user"),
    ("postgres://kowalski_user:Qw7rT2zK@localhost:5432/dbname\n", "kowalski_user"),
    ("mysql://jdoe-user:Qw7rT2zK@localhost/site\n", "jdoe-user"),
]


@pytest.mark.parametrize("text", PLACEHOLDER_KEPT)
def test_documented_placeholders_in_urls_and_env_files_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), PLACEHOLDER_STILL_GO)
def test_typed_passwords_and_logins_of_the_same_shape_still_go(
    engine: Scrubber, text: str, value: str
) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out


# process managers' run-as keys beside homes that name nobody, or with no home of the same
# two letters (the harm hunt of the run-as evidence)
RUN_AS_NOBODY = [
    "[program:db]\ncommand=/usr/bin/redis-server\nuser=db\n",
    "[program:in]\nuser=in\n",
    "[program:c9]\nuser=root\ndirectory=/root\n",
    "[program:laravel-worker]\ncommand=php /home/forge/app.com/artisan queue:work sqs --sleep=3 --tries=3\nuser=forge\n",
    "stdout_logfile=/home/ubuntu/app/worker.log\nuser=ubuntu\n",
    "laravel-worker:laravel-worker_00: ERROR (abnormal termination)\n",
    "[program:ec]\ncommand=/home/ubuntu/ec/run.sh\nuser=ec\n",
    "[Service]\nUser=pi\nWorkingDirectory=/home/pi/grott\nExecStart=/usr/bin/python3 -u grott.py\n",
    "[Service]\nUser=db\nExecStart=/usr/bin/pg_ctl start\n",
    "[Service]\nUser=www-data\nWorkingDirectory=/var/www/app\n",
    "start on runlevel [2345]\nsetuid ok\nchdir /srv/ok\n",
    "setuid www-data\nsetgid www-data\nchdir /var/www/myservername\n",
    "[uwsgi]\nuid = 33\ngid = 33\nchdir = /home/www/app\n",
    "[uwsgi]\nuid = root\nchdir = /srv/app\n",
    "[uwsgi]\nuid = go\nchdir = /opt/go/app\n",
    "[program:go]\ncommand=/home/deploy/go/bin/api\nuser=go\n",
    "worker:worker-0                  FATAL     Exited too quickly (process log may have details)\n",
    # a unit's or a program's own service account, three letters or more, no home: not learned
    "[Service]\nUser=prometheus\nExecStart=/usr/local/bin/prometheus\n",
    "[Service]\nUser=minecraft\nWorkingDirectory=/opt/minecraft\n",
    "[program:celeryd]\ncommand=/opt/app/venv/bin/celery worker\nuser=celery\n",
    "[program:app]\ncommand=/srv/app/bin/gunicorn app:app\nuser=appuser\n",
]


@pytest.mark.parametrize("text", RUN_AS_NOBODY)
def test_run_as_keys_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


# (text, the two-letter login that must be gone everywhere, what must stay)
RUN_AS_GO = [
    (
        "[program:kz]\nprocess_name=%(program_name)s_%(process_num)02d\ncommand=php /home/kz/kz/artisan queue:work\nuser=kz\n# sudo supervisorctl -u root start kz:*\nkz:kz_00: ERROR (abnormal termination)\n",
        "kz",
        "/artisan queue:work",
    ),
    (
        "[Unit]\nDescription=app\n[Service]\nUser=kz\nWorkingDirectory=/home/kz/app\nExecStart=/home/kz/app/venv/bin/gunicorn app:app\n",
        "kz",
        "/app/venv/bin/gunicorn app:app",
    ),
    (
        'description "Gunicorn"\nsetuid kz\nsetgid www-data\nchdir /home/kz/sites/app\n',
        "kz",
        "setgid www-data",
    ),
    (
        "[uwsgi]\nuid = kz\ngid = www-data\nchdir = /home/kz/app\nmodule = app.wsgi\n",
        "kz",
        "module = app.wsgi",
    ),
]


@pytest.mark.parametrize(("text", "login", "kept"), RUN_AS_GO)
def test_a_two_letter_run_as_login_beside_its_home_goes(
    engine: Scrubber, text: str, login: str, kept: str
) -> None:
    gone_and_kept(engine, text, login, kept)
