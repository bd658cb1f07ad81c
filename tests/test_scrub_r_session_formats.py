# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""R and RStudio sessions as people paste them (stop 58, scrubber 1.111.0; issue 35).

The tune damage of batch 152 (``tests/outside_corpus/SOURCE.md``, "The stop-152 collection"),
fixed by three general rules:

* ``rstudio`` and ``rstudio-server`` (``scrubbers/words.yaml``'s ``not_user_names``): the
  Rocker Project's RStudio images' account (rocker-org/rocker-versioned2,
  ``scripts/default_user.sh``: ``DEFAULT_USER=${1:-${DEFAULT_USER:-"rstudio"}}``, then
  ``useradd -s /bin/bash -m "$DEFAULT_USER"``) and RStudio Server's service account
  (``server-user``), an image's as ``jovyan`` is: ``/home/rstudio/R/…`` names nobody.
* ``engine.public_host_label``: a learned login is never replaced as the registrable label of
  a public host after a subdomain (``packagemanager.<n>.com``, ``cran.<n>.com``,
  ``docs.<n>.io``, ``www.<n>.org``: the Public Suffix List's ICANN section), in a URL or as a
  bare ``.com``/``.org``/``.net``/``.io``/``.edu``/``.gov`` host: a tool's account spells its
  project's domain (``podman``, ``nagios``, ``syncthing``, ``keycloak``, ``mattermost``), and
  a site's host is no person's. The host's first label (``<n>.github.io``, ``<n>.gitlab.io``,
  ``<n>.netlify.app``), a host that is the name and its suffix alone (``<n>.com``), a URL
  path's segment (``gitlab.com/<n>/``), ``<n>@host``, dotted file names and a host under a
  domain the text's e-mail addresses are at (``sso.<surname>.dev`` beside
  ``<first>@<surname>.dev``) still go.
* ``placeholder_name`` (``scrubbers/user_names.yaml``): a capitalised word that stands for an
  organisational unit (``DEPARTMENT``, ``GROUP``, ``ORG``, ``TEAM``, …) is a poster's mask, as
  ``USER`` and ``USERNAME`` are: ``/export/home/DEPARTMENT/USER/…`` names nobody.

``NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody; ``HOSTS_STAY`` keeps public hosts beside a learned tool account
(whose home still goes); ``GO`` holds real logins in the same places, which must still go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

NOBODY = [
    # the rocker image's account beside RStudio's public hosts
    "Installing package into \u2018/home/rstudio/R/x86_64-pc-linux-gnu-library/4.2\u2019\n(as \u2018lib\u2019 is unspecified)\ntrying URL 'https://packagemanager.rstudio.com/all/latest/src/contrib/triebeard_0.4.1.tar.gz'\n",
    'rstudio@3f2a9c1d7e55:~$ R -e \'install.packages("renv", repos="https://cran.rstudio.com")\'\n',
    "ERROR: failed to lock directory \u2018/home/rstudio/R/x86_64-pc-linux-gnu-library/4.2\u2019 for modifying\nTry removing \u2018/home/rstudio/R/x86_64-pc-linux-gnu-library/4.2/00LOCK-triebeard\u2019\n",
    '[1] "/home/rstudio/R/x86_64-pc-linux-gnu-library/4.3" "/usr/local/lib/R/site-library"\nSee https://rstudio.github.io/renv/articles/renv.html\n',
    "Resolving packagemanager.rstudio.com (packagemanager.rstudio.com)... 13.32.1.1\n/home/rstudio/R\n",
    "2023-05-17T10:00:00Z [rserver] INFO Running as server user 'rstudio-server'\n/home/rstudio-server/.local\n",
    # other tools whose account is their domain's label (the account lists keep them)
    "jenkins@ci:~$ cat /home/jenkins/.jenkins/secrets/initialAdminPassword\nhttps://www.jenkins.io/doc/book/installing/\nhttps://updates.jenkins.io/update-center.json\n",
    "gitlab@host:~$ ls /home/gitlab/gitlab\nhttps://docs.gitlab.com/ee/install/installation.html\n",
    "postgres@db:~$ psql\n/home/postgres/.psql_history\nhttps://www.postgresql.org/docs/current/app-psql.html\n",
    "ls /home/grafana/.grafana\nhttps://grafana.com/docs/grafana/latest/ and https://dl.grafana.com/oss/release/grafana-10.0.0.linux-amd64.tar.gz\n",
    # a poster's capitalised masks as a home's first segment
    "Oct 15 09:21:13 vsci01-dev rsession-USER[262260]: ERROR [lock-file: /export/home/DEPARTMENT/USER/.local/share/rstudio/sources/session-5f8fc5f7/lock_file]\n",
    "/home/DEPARTMENT/USER/.local/share/rstudio\n",
    "/home/DEPARTMENT/.local/share/rstudio\n",
    "/export/home/GROUP/USER/R/x86_64-pc-linux-gnu-library/4.3\n",
    "/export/home/ORG/USERNAME/.bashrc\n",
    "/export/home/TEAM/USER/.Renviron\n",
    "/export/home/DEPT/USER/.Rprofile\n",
]

HOSTS_STAY = [
    (
        "podman@fedora:~$ ls /home/podman/.local/share/containers/storage\nSee https://docs.podman.io/en/latest/markdown/podman-run.1.html\n",
        "https://docs.podman.io/en/latest/",
    ),
    (
        "nagios@mon:~$ ls /home/nagios/libexec\nhttps://assets.nagios.com/downloads/nagioscore/docs/\nhttps://www.nagios.org/downloads/\n",
        "https://assets.nagios.com/downloads/nagioscore/docs/\nhttps://www.nagios.org/downloads/",
    ),
    (
        "syncthing@nas:~$ ls /home/syncthing/.config\nhttps://docs.syncthing.net/users/config.html\n",
        "https://docs.syncthing.net/users/config.html",
    ),
    (
        "keycloak@kc:~$ /home/keycloak/bin/kc.sh start-dev\nhttps://www.keycloak.org/docs/latest/server_admin/\n",
        "https://www.keycloak.org/docs/latest/server_admin/",
    ),
    (
        "mattermost@chat:~$ ls /home/mattermost/config\nhttps://docs.mattermost.com/install/install-tar.html\ncurl: (6) Could not resolve host: releases.mattermost.com\n",
        "https://docs.mattermost.com/install/install-tar.html\ncurl: (6) Could not resolve host: releases.mattermost.com",
    ),
]

GO = [
    (
        "/home/jsmithers/R/x86_64-pc-linux-gnu-library/4.2\nhttps://jsmithers.github.io/blog/\n",
        "jsmithers",
        "/R/x86_64-pc-linux-gnu-library/4.2",
    ),
    (
        "/home/kwpeterson/src\ngit clone https://gitlab.com/kwpeterson/tools.git\n",
        "kwpeterson",
        "https://gitlab.com/",
    ),
    (
        "/home/tvoncken/.ssh/config\nssh tvoncken@build01.example.org\n",
        "tvoncken",
        "@build01.example.org",
    ),
    (
        "/Users/mhaldane/.julia\nhttps://mhaldane.gitlab.io/notes/\n",
        "mhaldane",
        ".gitlab.io/notes/",
    ),
    (
        "/home/rlindqvist/R\nhttps://github.com/rlindqvist/pkg and rlindqvist.netlify.app\n",
        "rlindqvist",
        "https://github.com/",
    ),
    ("/home/agarnet/.config\nhttps://agarnet.com/about\n", "agarnet", "/about"),
    (
        "/home/bpalmeri/.config\nfile bpalmeri.local.conf\nhost build.bpalmeri.lan\n",
        "bpalmeri",
        "host build.",
    ),
    (
        "/home/jsmithers/proj\npython settings.jsmithers.py\nbundle com.jsmithers.app\n",
        "jsmithers",
        "python settings.",
    ),
    (
        "/home/jsmithers/proj\ngit clone git@github.com:jsmithers/repo.git\nssh jsmithers@build.jsmithers.net\n",
        "jsmithers",
        "git clone git@github.com:",
    ),
    (
        "C:\\Users\\jsmithers\\Documents\nhttps://jsmithers.visualstudio.com/proj/_git/repo\nhttps://dev.azure.com/jsmithers/proj\n",
        "jsmithers",
        "https://dev.azure.com/",
    ),
    (
        '{"iss": "https://sso.brandvik.dev/oauth2/openid/opkssh", "name": "Ola Brandvik", "email": "ola@brandvik.dev"}\n',
        "brandvik",
        "/oauth2/openid/opkssh",
    ),
    (
        "Installing package into \u2018/home/okarlsen/R/x86_64-pc-linux-gnu-library/4.2\u2019\ntrying URL 'https://packagemanager.rstudio.com/cran/latest/src/contrib/okarlsen_0.1.tar.gz'\n",
        "okarlsen",
        "https://packagemanager.rstudio.com/cran/latest/src/contrib/",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_r_session_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "kept"), HOSTS_STAY)
def test_public_host_of_a_learned_account_stays(engine: Scrubber, text: str, kept: str) -> None:
    assert kept in scrubbed(engine, text)


@pytest.mark.parametrize(("text", "value", "kept"), GO)
def test_login_beside_public_hosts_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out
