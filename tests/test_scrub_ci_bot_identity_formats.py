# ruff: noqa: E501  (workflows' lines are kept whole, as they are written)
"""GitHub Actions' bot identity in a workflow's git set-up (stop 56, scrubber 1.87.0; issue 35).

Found by batch 130's rules helper: ``git config user.name "GitHub Action"`` was learned as a
person's name, and its word ``Action`` replaced everywhere in the text (``Action required``),
with ``action@github.com``. Workflows set the bot's identity before they commit, in the forms
GitHub's and the push actions' READMEs give (actions/checkout, "Push a commit using the
built-in token": ``git config user.name github-actions``, ``git config user.email
github-actions@github.com``, and the ``github-actions[bot]`` identity with its numbered no-reply
address ``41898282+github-actions[bot]@users.noreply.github.com``; ad-m/github-push-action:
``git config --local user.email "action@github.com"``, ``git config --local user.name "GitHub
Action"``): a CI's committer, nobody's (``words.yaml``'s ``not_user_names``; ``allow.yaml``'s
``github_actions_bot_address``).

``NOBODY`` is the harm hunt (texts that name nobody: must stay as they are); ``GO`` holds
invented people in the same places (must go).
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

NOBODY = [
    'git config --local user.email "action@github.com"\ngit config --local user.name "GitHub Action"\ngit commit -m "Add changes" -a\n',
    'git config --global user.name "GitHub Action"\ngit config --global user.email "action@github.com"\nRun actions/checkout@v4\nAction required: review the deployment\n',
    'git config user.name github-actions\ngit config user.email github-actions@github.com\ngit add .\ngit commit -m "generated"\n',
    'git config user.name "github-actions[bot]"\ngit config user.email "41898282+github-actions[bot]@users.noreply.github.com"\ngit push\n',
    'git config --global user.name "GitHub Actions"\ngit config --global user.email "github-actions@github.com"\nActions run the release job\n',
    "      - name: Commit\n        run: |\n          git config user.name 'GitHub Action'\n          git config user.email 'action@github.com'\n          git commit -am 'Update data'\n",
    "Author: GitHub Action <action@github.com>\nDate:   Mon Mar 3 10:00:00 2025 +0000\n\n    Update README\n",
    "Author: github-actions <github-actions@github.com>\nDate:   Tue Jun 10 12:00:00 2025 +0000\n",
]

GO = [
    # a person set as the committer in the same step, and a person's address at github.com
    (
        'git config --global user.name "Ann Smith"\ngit config --global user.email "ann.smith@github.com"\nAnn pushed\n',
        ["Ann Smith", "ann.smith@github.com"],
    ),
    (
        'git config user.name "Tomasz Wrobel"\ngit config user.email "54321+twrobel@users.noreply.github.com"\n',
        ["Tomasz Wrobel", "54321+twrobel@users.noreply.github.com"],
    ),
    # a login that only starts like the bot's
    (
        "git config user.name actionsmith\ngit config user.email actionsmith@github.com\n",
        ["actionsmith"],
    ),
    (
        "git config user.name github-actionsfan\ngit config user.email gafan@corp.example.io\n",
        ["github-actionsfan", "gafan@corp.example.io"],
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_the_bot_identity_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values"), GO)
def test_a_person_in_the_same_place_goes(engine: Scrubber, text: str, values: list[str]) -> None:
    gone_and_kept(engine, text, values, "git config")
