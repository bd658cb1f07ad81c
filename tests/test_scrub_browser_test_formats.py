# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Browser test automation as people paste it (stop 55, scrubber 1.71.0; issue 35).

The tune misses and damage of batch 120 (``tests/outside_corpus/SOURCE.md``, "The stop-120
collection"), by general rules:

* the browser test tools' own Docker images' accounts name no one (``words.yaml``'s
  ``not_user_names``): Cypress's internal images' ``person`` (cypress-io/cypress-docker-images,
  pull request 4, "Set non-root user in internal images": ``useradd -m -r -g regular-users
  person``, ``USER person``), Playwright's ``pwuser`` (microsoft/playwright,
  ``utils/docker/Dockerfile.jammy``: ``adduser pwuser``) and Puppeteer's ``pptruser``
  (puppeteer/puppeteer, ``docker/Dockerfile``: ``useradd … pptruser``, ``WORKDIR
  /home/pptruser``); a person's login in the same places still goes;
* ``mac_host``'s ``s-MBP`` branch (``scrubbers/user_names.yaml``): a Mac named after its owner and shortened
  the way its owners shorten ``<First>s-MacBook-Pro`` (macOS's default computer name
  ``<First>'s MacBook Pro`` as a local host name), ``<First>s-MBP``: the first name is learned,
  as ``mac_host`` learns it from ``<First>s-MacBook-Pro``;
* a zsh prompt ``<word> <dir> %`` whose word is the part before the dot (or ``_``, ``-``) of a
  login the text names as a home (``/Users/<first>.<last>/``): that part is the same person's
  first name, learned (``engine.prompt_first_parts``).

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept:
texts of the same shapes that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

IMAGE_ACCOUNTS_NOBODY = [
    "> cypress@3.3.1 postinstall /home/person/node_modules/cypress\n> node index.js --exec install\n",
    "npm WARN enoent ENOENT: no such file or directory, open '/home/person/package.json'\nnpm WARN person No description\n",
    "person@0bab1ba8abcc:~$ $(npm bin)/cypress verify\n ✖  Verifying Cypress can run /home/person/.cache/Cypress/3.3.1/Cypress\n",
    "uid=1000(person) gid=999(regular-users) groups=999(regular-users)\n",
    "pwuser@3f2a1b4c5d6e:~$ npx playwright test\n",
    "pwuser@3f2a1b4c5d6e:/home/pwuser/app$ ls /home/pwuser/.cache/ms-playwright\nchromium-1091  ffmpeg-1009  firefox-1429  webkit-1944\n",
    "browserType.launch: Executable doesn't exist at /home/pwuser/.cache/ms-playwright/chromium-1091/chrome-linux/chrome\n",
    "uid=1001(pwuser) gid=1001(pwuser) groups=1001(pwuser)\n",
    " 2. your cache path is incorrectly configured (which is: /home/pptruser/.cache/puppeteer).\n",
    "pptruser@9c8d7e6f5a4b:/home/pptruser$ node index.js\n",
    "uid=10042(pptruser) gid=999(pptruser) groups=999(pptruser),29(audio),44(video)\n",
    "drwxr-xr-x 1 pptruser pptruser 4096 Jan  1 12:00 node_modules\n",
    "A person can run these tests in the container as pwuser or pptruser.\n",
    # the same places with the Node.js images' and CI images' accounts (kept before)
    "node@0bab1ba8abcc:~$ $(npm bin)/cypress verify\nnpm WARN node No description\n",
    " ✖  Verifying Cypress can run /home/circleci/.cache/Cypress/12.17.4/Cypress\n",
]

IMAGE_ACCOUNTS_GO = [
    (
        "> cypress@3.3.1 postinstall /home/kvarga/node_modules/cypress\nnpm WARN kvarga No description\n\nkvarga@0bab1ba8abcc:~$ $(npm bin)/cypress verify\n",
        "kvarga",
        "/node_modules/cypress",
    ),
    (
        "browserType.launch: Executable doesn't exist at /home/tbreslin/.cache/ms-playwright/chromium-1091/chrome-linux/chrome\n",
        "tbreslin",
        "/.cache/ms-playwright/chromium-1091/",
    ),
    (
        " 2. your cache path is incorrectly configured (which is: /home/ovasquez/.cache/puppeteer).\n",
        "ovasquez",
        "/.cache/puppeteer",
    ),
    (
        "persona@a1b2c3d4e5f6:~$ npx cypress run\n/home/persona/.cache/Cypress/13.6.0/Cypress\n",
        "persona",
        "/.cache/Cypress/",
    ),
]

MBP_HOST_NOBODY = [
    "admin@Admins-MBP parodify % python3 -m playwright install\n",
    "admin@Admins-MacBook-Pro ~ % npx playwright install chromium\n",
    "user@Users-MBP app % npx cypress verify\n",
    "test@Tests-MBP e2e % npx playwright test\n",
    "runner@Runners-MBP work % npm test\n",
    "runner@Runners-Mac-mini work % npm test\n",
    "ci@CI-MBP repo % npx cypress run\n",
    "qa@QA-MacBook-Air tests % npx wdio run ./wdio.conf.js\n",
    "administrator@MacBook-Pro ~ % npx playwright install\n",
    "runner@Mac-1654 project % npx playwright install\n",
    "Admins-MBP:~ admin$ npx playwright install\n",
    "dev@Devs-MBP app % npm run e2e\n",
    "builder@Builds-MBP ~ % npm ci\n",
    "$ hostname\nMBP-2.local\n",
    "$ scutil --get LocalHostName\nMBP\n",
    "Tested on an MBP (M1 Max, 2021) and an MBA (M2): both fail the same way.\n",
    "my-MBP:~ admin$ npx cypress verify\n",
    "admin@MBPs-MBP ~ % ls\n",
]

MBP_HOST_GO = [
    (
        "elena@Eleonoras-MBP parodify % python3 -m playwright install\nFailed to process descriptor at /Users/elena/robot/parodify/node_modules/playwright\n",
        "eleonora",
        "s-MBP parodify % python3 -m playwright install",
    ),
    ("jdoe@Marcuss-MBP ~ % npx playwright install\n", "marcus", "s-MBP ~ % npx playwright install"),
    ("Priyas-MBP:~ priya$ npx cypress open\n", "priya", "s-MBP:~ "),
    (
        "ssh: connect to host Tomass-MBP.local port 22: Connection refused\n",
        "tomas",
        "s-MBP.local port 22",
    ),
    (
        "Last login: Tue Mar  3 10:12:01 on ttys000\nkw@Katarinas-MBP-2 ~ % npx wdio run ./wdio.conf.js\n",
        "katarina",
        "s-MBP-2 ~ % npx wdio run",
    ),
]

ZSH_WORD_PROMPT_NOBODY = [
    "admin chrome-kill-tabs % node puppeteer.js\n",
    "runner e2e % npx playwright test\n",
    "user project % npx cypress open\n",
    "root tmp % node index.js\n",
    "admin ~ % npx puppeteer browsers install chrome\n",
    "node chrome-kill-tabs % node /Users/admin/codes/main.js\n",
    "admin e2e % ls /Users/Shared/Library/Caches/ms-playwright\n",
    "runner e2e % ls /Users/runner/work/app/app\n",
    "(base) admin ~ % python3 -m playwright install\n",
    "The modulo operator: 10 % 3 is 1, and noah % 2 is a syntax error.\n",
]

ZSH_WORD_PROMPT_GO = [
    (
        "    await page.goto('file:///Users/lena.morrow/codes/app/chrome-kill-tabs/main.html');\n\nlena chrome-kill-tabs % node /Users/lena.morrow/codes/app/chrome-kill-tabs/puppeteer.js\n",
        "lena",
        " chrome-kill-tabs % node /Users/",
    ),
    (
        "(base) ravi e2e % npx playwright test\nError: browserType.launch: Executable doesn't exist at /Users/ravi.kumar/Library/Caches/ms-playwright/chromium-1091/chrome-mac/Chromium.app\n",
        "ravi",
        " e2e % npx playwright test",
    ),
    (
        "ines project % node index.js\nError: Could not find Chrome (ver. 121.0.6167.85). (which is: /home/ines_duarte/.cache/puppeteer).\n",
        "ines",
        " project % node index.js",
    ),
    (
        "admin ~ % sudo -u otto.lind ls /Users/otto.lind/.cache/puppeteer\notto ~ % node main.js\n",
        "otto",
        "admin ~ % sudo -u ",
    ),
]


@pytest.mark.parametrize("text", IMAGE_ACCOUNTS_NOBODY + MBP_HOST_NOBODY + ZSH_WORD_PROMPT_NOBODY)
def test_browser_test_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    ("text", "value", "kept"), IMAGE_ACCOUNTS_GO + MBP_HOST_GO + ZSH_WORD_PROMPT_GO
)
def test_browser_test_private_values_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
