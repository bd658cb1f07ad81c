# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Self-hosted git services' logs and settings (stop 55, scrubber 1.73.0; issue 35).

The tune misses and damage of batch 123 (``tests/outside_corpus/SOURCE.md``, "The stop-123
collection"), fixed by general rules:

* ``allow.yaml``'s ``placeholder_password_phrase``: a password argument made only of the words
  that say a password goes there (``asecurenewpassword``, ``newpw``: ``gitea admin
  change-password``'s and ``create-user``'s examples), the abbreviation ``pw`` beside
  ``password``, ``passwd``, ``pass``, ``pwd``;
* ``allow.yaml``'s ``stand_in_email_domains``: an address at a domain whose first label says
  it stands in for the reader's (``dummydomain.com``, ``myowndomain.com``, ``yourdomain.com``),
  as RFC 2606's ``example.com`` is kept;
* ``user_names.yaml``'s ``git_ssh_greeting``: the SSH greeting of Gitea and Forgejo (``gitea
  serv``: ``Hi there, <u>! You've successfully authenticated with the key named …``) and of
  GitHub (``Hi <u>! You've successfully authenticated, but GitHub …``) names the key's owner;
* ``user_names.yaml``'s ``redmine_git_hosting_user``: redmine_git_hosting's ``User '<login>'
  created a new repository '<repo>'`` (``has created``, ``has modified``);
* ``recognizers.yaml``'s ``gitlab_runner_short_token``: gitlab-runner's ``runner=<short
  token>`` (helpers.ShortenToken: the token's first 8 characters, 9 after a ``glrt-`` prefix,
  17 for a ``GR1348941…`` token) in its registration and job lines is a credential's prefix.

``GIT_SERVICE_NOBODY`` is the harm hunt the rules were attacked with before they were kept:
texts of the same shape that name nobody, which must not change at all.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

GIT_SERVICE_NOBODY = [
    # placeholder passwords and the ones that already stayed
    "gitea admin change-password --username myusername --password <password>",
    "gitea admin user create --username gitea_admin --password changeme --email admin@example.com --admin",
    "gitea admin user change-password --username myusername --password asecurenewpassword",
    "gitea admin user create --name newuser --password newpw --email mymail@mymail.com --admin 1",
    "forgejo admin user create --username root --password mynewpassword --email root@example.com",
    "gitea admin user create --username admin --password adminpw --email admin@example.com --admin",
    "gitea admin user create --username tester --password securepassword --email test@example.com",
    "docker exec -u git gitea gitea admin user change-password --username admin --password newpass",
    # addresses at a stand-in domain, and the ones that already stayed
    "[mailer]\nENABLED = true\nHOST       = mail.dummydomain.com:587\nFROM      = gitea@dummydomain.com\nUSER        = me@dummydomain.com\nPASSWD   = XXXXXXX\nPROTOCOL = smtps",
    "2018/01/10 19:42:03 [ WARN] Failed to login 'me@myowndomain.com' via 'S13': EOF",
    "[mailer]\nFROM = noreply@yourdomain.com\nUSER = gitea@mydomain.com\nPASSWD = `password`",
    "gitlab_rails['gitlab_email_from'] = 'gitlab@your-domain.com'\ngitlab_rails['smtp_user_name'] = \"admin@mail.yourowndomain.org\"",
    'git config --global user.email "john@fakedomain.com"',
    "[mailer]\nFROM = gitea@example.com\nPROTOCOL = smtps\nSMTP_ADDR = smtp.example.com\nSMTP_PORT = 465",
    "gitlab_rails['smtp_user_name'] = \"xxx@qq.com\"\ngitlab_rails['smtp_password'] = \"xxx\"",
    # SSH greetings naming a role, the service or a placeholder
    "Hi there, admin! You've successfully authenticated with the key named deploy, but Gitea does not provide shell access.",
    "Hi there, gitea! You've successfully authenticated with the key named ci-bot, but Gitea does not provide shell access.\nIf this is unexpected, please log in with password and setup Gitea under another user.",
    "Hi there, git! You've successfully authenticated with the key named laptop, but Forgejo does not provide shell access.",
    "Hi there, forgejo! You've successfully authenticated with the key named host, but Forgejo does not provide shell access.",
    "Hi there, <username>! You've successfully authenticated with the key named <key name>, but Forgejo does not provide shell access.",
    "Hi there! You've successfully authenticated with the deploy key named ci, but Gitea does not provide shell access.",
    "Hi username! You've successfully authenticated, but GitHub does not provide shell access.",
    "Hi <username>! You've successfully authenticated, but GitHub does not provide shell access.",
    "Hi octo-org/octo-repo! You've successfully authenticated, but GitHub does not provide shell access.",
    "Hi there, user! You've successfully authenticated with the key named key, but Forgejo does not provide shell access.",
    # Redmine's git hosting and gitolite lines naming a role
    "2015-10-22 03:12:07 +0200 [INFO] User 'admin' created a new repository 'testtest'",
    "2014-04-10 19:57:31 +0200 INFO [GitHosting] User 'redmine' created a new repository 'test123'",
    "2015-10-22 03:12:13 +0200 [ERROR] FATAL: R any testtest admin DENIED by fallthru (or you mis-spelled the reponame)",
    "2014-04-10 19:57:31 +0200 INFO [GitWorker] add_repository : repository 'test123' does not exist in Gitolite, create it ...",
    "User 'Anonymous' has modified repository 'project/test'",
    # a GitLab runner's lines with a placeholder or no token
    "Registering runner... succeeded                     runner=registra",
    "Registering runner... succeeded                     runner=REGISTRA",
    "Registering runner... succeeded                     runner=xxxxxxxx",
    "Runner registered successfully. Feel free to start it, but if it's running already the config should be automatically reloaded!",
    'irb(main):003:0> ApplicationSetting.current.runners_registration_token\n=> "SECRETTOKEN"',
    "Configuration loaded                                builds=0",
    "Registering runner... succeeded                     runner=<token>",
    "task runner=ci-pipeline started",
]

GIT_SERVICE_GO = [
    # (text, value that must go, text that must stay)
    (
        "/usr/local/gitea/gitea --config='/usr/local/gitea/custom/conf/app.ini' serv key-17\nHi there, wvrb! You've successfully authenticated with the key named laptop, but Gitea does not provide shell access.\n",
        "wvrb",
        "the key named laptop",
    ),
    (
        "Hi there, jsmith-dev! You've successfully authenticated with the key named work (jsmith-dev@host), but Forgejo does not provide shell access.\n",
        "jsmith-dev",
        "but Forgejo does not provide shell access",
    ),
    (
        "$ ssh -T git@github.com\nHi kowalczyk42! You've successfully authenticated, but GitHub does not provide shell access.\n",
        "kowalczyk42",
        "You've successfully authenticated, but GitHub",
    ),
    (
        "    2015-10-22 03:12:07 +0200 [INFO] User 'jle' created a new repository 'testtest'\n",
        "jle",
        "created a new repository 'testtest'",
    ),
    (
        "2014-04-10 19:57:31 +0200 INFO [GitHosting] User 'pnowakowski' has created a new repository 'test123'\n",
        "pnowakowski",
        "a new repository 'test123'",
    ),
    (
        "ERROR: Registering runner... failed                 runner=7Hq2xLpZ status=500 Internal Server Error\n",
        "7Hq2xLpZ",
        "status=500 Internal Server Error",
    ),
    (
        "Registering runner... succeeded                     runner=GR13489417mQx2vBn\n",
        "GR13489417mQx2vBn",
        "Registering runner... succeeded",
    ),
    (
        "Checking for jobs... received                       job=1234 repo_url=https://gitlab.example.com/g/p.git runner=t3kQ9zWb1\n",
        "t3kQ9zWb1",
        "job=1234",
    ),
    (
        "gitea admin user create --username ops --password Qm7!vx2Lp --email ops@example.com\n",
        "Qm7!vx2Lp",
        "--email ops@example.com",
    ),
    (
        "[mailer]\nFROM = gitea@kowalczyk-consulting.com\nUSER = me@dummy-co.com\n",
        "kowalczyk-consulting.com",
        "[mailer]",
    ),
]


@pytest.mark.parametrize("text", GIT_SERVICE_NOBODY)
def test_git_service_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), GIT_SERVICE_GO)
def test_git_service_value_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
