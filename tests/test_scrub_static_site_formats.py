# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Static site generators' deploy logs and a poster's masks (stop 56, scrubber 1.90.0; issue 35).

The tune misses and damage of batch 134 (``tests/outside_corpus/SOURCE.md``, "The stop-134
collection"), fixed by general rules:

* ``git_config_by_path`` (``scrubbers/user_names.yaml``): ``git config [--local|--global]
  user.name <login>`` run by git's absolute path, as ``@actions/exec`` echoes every command a
  GitHub Action runs (``ToolRunner._getCommandString``: ``[command]`` and the tool's path as
  ``io.which`` resolved it, then the arguments joined by spaces, their quotes gone), so a Pages
  deploy action's log prints ``/usr/bin/git config user.name <login>`` (JamesIves'
  github-pages-deploy-action, ``src/git.ts``: ``git config user.name "${action.name}"``, the
  name the pusher's or ``GITHUB_ACTOR``). One token only: a bot's or a CI service's identity
  (``github-actions[bot]``, ``github-actions``, ``actions-user``, ``GitHub``, ``GitHub Pages
  Deploy Action``, ``GitHub Actions``) is not read.
* ``pages_site`` (``scrubbers/user_names.yaml``, read by ``engine.pages_site_names``): a GitHub
  Pages user site lives in the repository ``<username>.github.io`` (GitHub Docs, "Creating a
  GitHub Pages site": "To publish a user site, you must create a repository owned by your
  personal account that's named <username>.github.io"), and an organisation's in
  ``<organization>.github.io``, so the word before ``.github.io`` is a login or an
  organisation's name, and no shape tells which. It is learned only on evidence: the word is a
  login the text already gives away followed by digits only (``/Users/<first>/<First><NNNN>.github.io``).
* ``x_masked`` (``intake/scrub/illustrative.py``): a word a poster masked keeping its first and
  last letters (``gxxxxxg``, ``sxxxxxn@outlook.com``: a run of three or more ``x`` or ``X``,
  longer than the letters shown around it) names no one: not a name, not an address's local part.

The ``*_NOBODY`` lists are the harm hunt each rule was attacked with before it was kept: texts
of the same shape that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

# ---- git config user.name by git's absolute path (git_config_by_path)

GIT_BY_PATH_NOBODY = [
    "/usr/bin/git config user.name github-actions[bot]\n/usr/bin/git config user.email 41898282+github-actions[bot]@users.noreply.github.com\n",
    "[command]/usr/bin/git config --global user.name github-actions[bot]\n",
    "/usr/bin/git config user.name ${GITHUB_ACTOR}\n/usr/bin/git config user.email ${GITHUB_ACTOR}@users.noreply.github.com\n",
    "/usr/bin/git config user.name $GITHUB_ACTOR\n",
    "/usr/bin/git config user.name github-actions\n",
    "/usr/bin/git config user.name GitHub\n",
    "/usr/bin/git config user.name actions-user\n",
    "/usr/bin/git config user.name GitHub Pages Deploy Action\n",
    "/usr/bin/git config user.name GitHub Actions\n",
    "/usr/bin/git config user.name XXXXXX\n/usr/bin/git config user.email XXXXXX\n",
    '/usr/bin/git config --local user.name "Your Name"\n/usr/bin/git config --local user.email you@example.com\n',
    "/usr/bin/git config user.name username\n",
    "/usr/bin/git config user.name <username>\n",
    "/usr/bin/git config user.name runner\n",
    "/usr/bin/git config user.name root\n",
    "/usr/bin/git config user.name dependabot[bot]\n",
    "/usr/bin/git config user.name deploy-bot\n",
    "/usr/bin/git config --get user.name\n",
    "/usr/bin/git config user.name\n",
    "/usr/bin/git config --local --unset user.name\n",
    '"C:\\Program Files\\Git\\bin\\git.exe" config user.name github-actions[bot]\n',
    "Reinitialized existing Git repository in /home/runner/work/nmdc-schema/nmdc-schema/.git/\n/usr/bin/git config user.name github-actions[bot]\n",
    "/usr/bin/git remote add origin ***github.com/PRODUCTION_ORGANISATION/PRODUCTION_REPOSITORY.git\n",
    "/usr/bin/git config --local http.https://github.com/.extraheader AUTHORIZATION: basic ***\n",
    "/usr/bin/git config --global --add safe.directory /home/runner/work/docs/docs\n",
]

GIT_BY_PATH_GO = [
    (
        "Configuring git…\n/usr/bin/git init\nReinitialized existing Git repository in /home/runner/work/qmarle.github.io/qmarle.github.io/.git/\n/usr/bin/git config user.name qmarle\n/usr/bin/git config user.email lingxiaowu@outlook.com\n/usr/bin/git remote add origin ***github.com/qmarle/qmarle.github.io.git\nFrom https://github.com/qmarle/qmarle.github.io\n",
        "qmarle",
        "/usr/bin/git remote add origin ***github.com/",
    ),
    (
        "[command]/usr/bin/git config --global user.name hliao\n[command]/usr/bin/git push origin gh-pages\n",
        "hliao",
        "[command]/usr/bin/git config --global user.name ",
    ),
    (
        "2022-05-28T12:34:56.1234567Z [command]/usr/bin/git config user.name okmwangi\n2022-05-28T12:34:56.2234567Z To https://github.com/okmwangi/okmwangi.github.io.git\n",
        "okmwangi",
        "2022-05-28T12:34:56.1234567Z [command]/usr/bin/git config user.name ",
    ),
    (
        '"C:\\Program Files\\Git\\cmd\\git.exe" config user.name tmarlow\n',
        "tmarlow",
        'git.exe" config user.name ',
    ),
    (
        "/usr/local/bin/git config --local user.name pemberly\n/usr/local/bin/git push https://github.com/pemberly/pemberly.github.io.git\n",
        "pemberly",
        "/usr/local/bin/git config --local user.name ",
    ),
]


@pytest.mark.parametrize("text", GIT_BY_PATH_NOBODY)
def test_git_by_path_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), GIT_BY_PATH_GO)
def test_git_by_path_login_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


# ---- a GitHub Pages user site named after its owner (pages_site)

# (text, what must stay): the home's login may go, the site's word may not
PAGES_SITE_NOBODY = [
    ("hexo-site@0.0.0 /Users/sam/blog/samtools.github.io\n", "samtools.github.io"),
    ("hexo-site@0.0.0 /Users/dana/danger.github.io\n", "danger.github.io"),
    (
        "Source: /Users/olaf/Code/jekyll.github.io/_config.yml\n",
        "/Code/jekyll.github.io/_config.yml",
    ),
    (
        "/Users/olaf/octocat.github.io/node_modules/hexo-util/lib/spawn.js:37:17\n",
        "/octocat.github.io/node_modules",
    ),
    ("/Users/olaf/username.github.io/_config.yml\n", "/username.github.io/_config.yml"),
    ("/home/alex/src/alex-org.github.io/_site\n", "-org.github.io/_site"),
    ("/home/alex/src/alex.io.github.io/_site\n", ".io.github.io/_site"),
    (
        "/home/runner/work/facebook.github.io/facebook.github.io/.git/\n",
        "/home/runner/work/facebook.github.io/facebook.github.io/.git/",
    ),
    (
        "/home/runner/work/containers.github.io/containers.github.io/.git/\n",
        "/home/runner/work/containers.github.io/containers.github.io/.git/",
    ),
    (
        "PS C:\\Users\\ADMIN\\Desktop\\Code\\jekyll2023.github.io\\BSOD> bundle exec jekyll serve\n",
        "PS C:\\Users\\ADMIN\\Desktop\\Code\\jekyll2023.github.io\\BSOD> bundle exec jekyll serve",
    ),
    (
        "hexo-site@0.0.0 /Users/user/user2024.github.io\n",
        "hexo-site@0.0.0 /Users/user/user2024.github.io",
    ),
    (
        "Website is live at: https://<GIT_USER>.github.io/<PROJECT_NAME>\n",
        "https://<GIT_USER>.github.io/<PROJECT_NAME>",
    ),
    (
        "fatal: unable to access 'https://github.com/*****.github.io/': The requested URL returned error: 403\n",
        "https://github.com/*****.github.io/",
    ),
    ("/Users/olaf/2024.github.io/index.html\n", "/2024.github.io/index.html"),
    (
        "/Users/kenji/Sites/blog\nSee https://docs.github.com/pages and https://kenjiro2.github.io/\n",
        "https://kenjiro2.github.io/",
    ),
]

PAGES_SITE_GO = [
    (
        "Error: warning: redirecting to https://github.com/Olaf4826/Olaf.github.io.git/\n\n    at ChildProcess.<anonymous> (/Users/olaf/Olaf4826.github.io/node_modules/hexo-util/lib/spawn.js:37:17)\n\nhexo-site@0.0.0 /Users/olaf/Olaf4826.github.io\n",
        "Olaf4826",
        ".github.io/node_modules/hexo-util/lib/spawn.js:37:17",
    ),
    ("/home/hliao/hliao98.github.io/_config.yml\n", "hliao98", ".github.io/_config.yml"),
    (
        "C:\\Users\\tmarlow\\Documents\\tmarlow2020.github.io\\_site\n",
        "tmarlow2020",
        ".github.io\\_site",
    ),
    (
        "hexo-site@0.0.0 /Users/kenji/Kenji1990.github.io\nTo https://github.com/Kenji1990/Kenji1990.github.io.git\n",
        "Kenji1990",
        "hexo-site@0.0.0 /Users/",
    ),
]


@pytest.mark.parametrize(("text", "kept"), PAGES_SITE_NOBODY)
def test_pages_site_naming_nobody_stays(engine: Scrubber, text: str, kept: str) -> None:
    assert kept in scrubbed(engine, text)


@pytest.mark.parametrize(("text", "value", "kept"), PAGES_SITE_GO)
def test_pages_site_handle_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


# ---- a poster's mask keeping first and last letters (x_masked)

MASKED_NOBODY = [
    "commit b12f6a57762afcd455f203fe0b416c0111a1e982\nAuthor: gxxxxxg <saxxxxn@ouxxk.com>\nDate:   Mon Nov 1 11:14:10 2021 +0800\n\n    upxxxxxxxxcy\n",
    "commit 5daa6f97e11cd2a16641885489d1768761a37aec\nAuthor: gxxxxxg <sxxxxxn@outlook.com>\nDate:   Mon Nov 1 10:57:44 2021 +0800\n\n    fixxxxxxxig\n",
    "Author: jxxxxe <jxxxxe@gmail.com>\n",
    "Author: Gxxxxxg <gxxxxxg@qq.com>\n",
    "Author: JXXXXE <JXXXXE@GMAIL.COM>\n",
    "Signed-off-by: gxxxxxg <sxxxxxn@outlook.com>\n",
    "Co-authored-by: axxxxxz <axxxxxz@users.noreply.github.com>\n",
    "contact me at axxxxxxz@gmail.com\n",
    "my address is kxxxxxxxxxxxxxxa@163.com\n",
    "Author: xxxxxxx <xxxxxxx@xxxxx.com>\n",
    "Author: xxxxxxx <xxxxxxx@outlook.com>\n",
    "Author: ******* <*******@outlook.com>\n",
    "Author: XXXXXXX <XXXXXXX@XXXXX.XXX>\n",
    "Author: [redacted] <[redacted]>\n",
]

# (text, value that must go, text that must stay): a real name or address beside the masks
MASKED_GO = [
    ("Author: hliao <hliao@users.noreply.github.com>\n", "hliao", "Author: "),
    ("Author: okmwangi <okmwangi@outlook.com>\n", "okmwangi", "Author: "),
    ("Author: jaxxxon <jaxxxon@gmail.com>\n", "jaxxxon", "Author: "),
    ("contact me at maxxxie@gmail.com\n", "maxxxie", "contact me at "),
    ("Author: tmarlow <tmarlow@outlook.com>\n\n    upxxxxxxxxcy\n", "tmarlow", "    upxxxxxxxxcy"),
    ("Author: Dorota Wxxxxxxa <dorota.wisniewska@gmail.com>\n", "wisniewska", "Author: "),
]


@pytest.mark.parametrize("text", MASKED_NOBODY)
def test_masked_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MASKED_GO)
def test_real_beside_masks_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
