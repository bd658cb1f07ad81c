# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Who-is-logged-in messages of CLIs and servers (stop 60, scrubber 1.140.0; issue 35).

A class rule (``login_message`` in ``scrubbers/user_names.yaml``), written from the tools'
documented or source wording: gh's ``Logged in as <u>`` (login_flow.go) and ``gh auth
status``'s ``✓ Logged in to <host> account <u> (keyring)`` (status.go; older ``… as <u>
(oauth_token)``), npm 7/8's ``Logged in as <u> on <registry>.`` (lib/adduser.js), the generic
``You are logged in as <u>.``/``Authenticated as <u>``/``Current user: <u>`` lines and
Bitbucket's older ``logged in as <u>.``, ``oc login``'s ``Logged into "<server>" as "<u>" using
…`` (loginoptions.go), GitLab's ``Welcome to GitLab, @<u>!`` (gitlab-shell), ``kubectl auth
whoami``'s ``Username`` row (whoami.go), ``cf target``'s ``user:`` row and ``oc whoami``/
``vercel whoami`` typed at a prompt. GitHub's deploy-key greeting ``Hi <owner>/<repo>! …``
is not read: its owner is as often an organisation's.

``LOGIN_MESSAGE_NOBODY`` is the harm hunt the rule was attacked with before it was kept:
texts of the same shape that name nobody (role, bot and service accounts, placeholders, the
clusters' default users, e-mail logins left to the e-mail recognizer, prose), which must stay.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

LOGIN_MESSAGE_NOBODY = [
    "✓ Logged in as octocat\n",
    "Logged in as root\n",
    "Logged in as admin\n",
    "You are logged in as admin.\n",
    "You are logged in as <user>.\n",
    "Logged in as your-username\n",
    "Logged in as USERNAME\n",
    "Logged in as git\n",
    "Authenticated as github-actions[bot]\n",
    "Current user: root\n",
    "Current user: %s\n",
    "Current user: $USER\n",
    "You are logged in as an administrator.\n",
    "Once you are logged in as admin, open Settings and enable the plugin.\n",
    "I logged in as admin and the dashboard was empty.\n",
    "Logged in as the service account, the job fails.\n",
    "Logged in as expected, then the page froze\n",
    "Logged in as expected.\n",
    "github.com\n  ✓ Logged in to github.com account work-username (keyring)\n",
    "Logged in as personal-username\n",
    "Welcome to GitLab, @your_username!\n",
    "Current user: unknown\n",
    "Logged in as Administrator\n",
    "✓ Logged in to github.com account octocat (keyring)\n",
    "  ✓ Logged in to github.com as USERNAME (oauth_token)\n",
    "Logged in to the dashboard as admin\n",
    "Logged in on https://registry.npmjs.org/.\n",
    "Logged in as user on https://registry.npmjs.org/.\n",
    'Logged into "https://api.crc.testing:6443" as "kubeadmin" using the token provided.\n',
    'Logged into "https://api.crc.testing:6443" as "developer" using existing credentials.\n',
    'Logged into "https://api.example.com:6443" as "system:admin" using existing credentials.\n',
    "Welcome to GitLab, @username!\n",
    "ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n",
    "ATTRIBUTE   VALUE\nUsername    system:serviceaccount:default:builder\nUID         1c4f0b5e\nGroups      [system:serviceaccounts]\n",
    "ATTRIBUTE   VALUE\nUsername    minikube-user\nGroups      [system:masters system:authenticated]\n",
    "API endpoint:   https://api.example.com\nAPI version:    3.140.0\nuser:           admin\norg:            system\nspace:          dev\n",
    "API endpoint:   https://api.example.com\nuser:           jdoe@example.com\norg:            myorg\n",
    "Hi octocat/Hello-World! You've successfully authenticated, but GitHub does not provide shell access.\n",
    "Hi ivolkova/dotfiles! You've successfully authenticated, but GitHub does not provide shell access.\n",
    "Hi USERNAME! You've successfully authenticated, but GitHub does not provide shell access.\n",
    "$ oc whoami\nkube:admin\n",
    "$ oc whoami\ndeveloper\n",
    "$ vercel whoami\nVercel CLI 32.5.0\n> admin\n",
    "authenticated via ssh key.\n\nYou can use git to connect to Bitbucket. Shell access is disabled\n",
    "Login Succeeded\n",
    "WARNING! Your password will be stored unencrypted in /root/.docker/config.json.\nLogin Succeeded\n",
    "✔  Success! Logged in as admin@example.com\n",
]

LOGIN_MESSAGE_GO = [
    ("Logged in as mkowalczyk\n", "mkowalczyk", "Logged in as "),
    ("✓ Logged in as tberglund\n", "tberglund", "✓ Logged in as "),
    ("You are logged in as hnakamura.\n", "hnakamura", "You are logged in as "),
    ("Welcome back! You're now logged in as pvasquez\n", "pvasquez", "You're now logged in as "),
    ("Authenticated as lfischer\n", "lfischer", "Authenticated as "),
    ("Current user: ogunnarsson\n", "ogunnarsson", "Current user: "),
    (
        "Logged in as rmorales on https://registry.npmjs.org/.\n",
        "rmorales",
        " on https://registry.npmjs.org/.",
    ),
    (
        "Logged in to https://registry.example.io as ekowalski\n",
        "ekowalski",
        "Logged in to https://registry.example.io as ",
    ),
    (
        "github.com\n  ✓ Logged in to github.com account jwinterbottom (keyring)\n  - Active account: true\n",
        "jwinterbottom",
        "(keyring)",
    ),
    ("  ✓ Logged in to github.com as dpetrakis (oauth_token)\n", "dpetrakis", "(oauth_token)"),
    (
        'Logged into "https://api.ocp.example.com:6443" as "sbalogun" using the token provided.\n',
        "sbalogun",
        "using the token provided.",
    ),
    ("Welcome to GitLab, @anna.kovacs!\n", "anna.kovacs", "Welcome to GitLab, @"),
    (
        "logged in as mtrzaska.\n\nYou can use git or hg to connect to Bitbucket. Shell access is disabled.\n",
        "mtrzaska",
        "to connect to Bitbucket",
    ),
    (
        "ATTRIBUTE   VALUE\nUsername    oidc:rkhatri\nGroups      [oidc:devs system:authenticated]\n",
        "rkhatri",
        "Username    oidc:",
    ),
    (
        "API endpoint:   https://api.cf.example.com\nAPI version:    3.140.0\nuser:           cnwosu\norg:            platform\nspace:          dev\n",
        "cnwosu",
        "org:            platform",
    ),
    ("$ oc whoami\nbtanaka\n", "btanaka", "$ oc whoami\n"),
    ("$ vercel whoami\nVercel CLI 32.5.0\n> gmarchetti\n", "gmarchetti", "Vercel CLI 32.5.0\n> "),
    # the login, once learned, goes wherever else the text has it
    ("Logged in as kzielinski\n$ ls /home/kzielinski/projects\n", "kzielinski", "$ ls /home/"),
]


@pytest.mark.parametrize("text", LOGIN_MESSAGE_NOBODY)
def test_login_message_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), LOGIN_MESSAGE_GO)
def test_login_message_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
