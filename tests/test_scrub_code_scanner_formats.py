# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Code-quality, coverage and security scanners' output (stop 56, scrubber 1.85.0; issue 35).

The tune misses and damage of batch 130 (``tests/outside_corpus/SOURCE.md``, "The stop-130
collection"), each fixed by a general rule that reads the tool's own format:

* ``coveralls_git_head`` (``scrubbers/user_names.yaml``): the Coveralls API's job payload,
  ``git.head``'s ``committer_name`` and ``author_name`` (coveralls-python's ``git_info()``
  fills them from ``git log -1 --pretty=format:%cN`` / ``%aN``; node-coveralls'
  ``fetchGitData`` from ``git cat-file -p``'s ``author``/``committer`` lines, or its defaults
  ``Unknown Author``/``Unknown Committer`` when git gives nothing), as JSON (``"committer_name":
  "u"``) or as node's ``util.inspect`` prints it under ``--verbose`` (``committer_name: 'u'``):
  the commit's committer and author, a login or a person's name, learned. ``author_name`` only
  beside the payload's other git identity keys (``committer_name``, ``committer_email``,
  ``author_email``) in the same object: an oEmbed response's ``author_name`` is a channel's.
* run-together addresses (``intake/scrub/recognizers.py``, ``IntakeEmailRecognizer``): two
  addresses with their separator lost (Jenkins Email Extension's ``Failed to create e-mail
  address for a@corp.comB@corp.com``): a domain that runs on into the next ``@`` is cut after a
  label prefix written in small letters that ends in a public suffix where a capital starts the
  next address's local part.
* ``masked_prefixed_token`` (``scrubbers/allow.yaml``): a token prefix then only a mask of three
  or more ``#`` or ``•`` (``'sonar.login': 'sqa_###'`` in sonar-scanner-npm's ``Bootstrapper:
  Properties:`` dump), as ``sqa_xxx`` and ``sqa_***`` were already kept.

The ``*_NOBODY`` lists are the harm hunt each rule was attacked with before it was kept: texts
of the same shape that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

COVERALLS_NOBODY = [
    "{ run_at: '2019-10-28T09:11:47.723Z',\n  git:\n   { head:\n      { id: '327d115637167ede478d2585d85e23972f73b8b8',\n        committer_name: 'Unknown Committer',\n        committer_email: '',\n        message: 'Unknown Commit Message',\n        author_name: 'Unknown Author',\n        author_email: '' },\n     branch: '',\n     remotes: [] } }\n",
    '"head": {\n    "author_email": "",\n    "author_name": "Unknown Author",\n    "committer_email": "",\n    "committer_name": "Unknown Committer",\n    "id": "70d7020768c8ad0a3f7423edf534569b332e3a67",\n    "message": "Unknown Commit Message"\n}\n',
    '"committer_name": "GitHub",\n"committer_email": "noreply@github.com",\n',
    '"author_name": "github-actions[bot]",\n"author_email": "41898282+github-actions[bot]@users.noreply.github.com",\n"committer_name": "GitHub",\n',
    '"committer_name": "dependabot[bot]",\n"author_name": "renovate[bot]",\n',
    '"author_name": "Renovate Bot",\n"author_email": "29139614+renovate[bot]@users.noreply.github.com",\n',
    '"committer_name": "Jenkins",\n"committer_email": "jenkins@example.com",\n',
    '"committer_name": "${GIT_COMMITTER_NAME}",\n"author_name": "$GIT_AUTHOR_NAME",\n"author_email": "${GIT_AUTHOR_EMAIL}",\n',
    '"committer_name": "GitHub Action",\n"message": "Update the coverage action"\n',
    '"committer_name": "Travis CI User",\n"message": "Deploy from Travis CI build 42"\n',
    '"committer_name": "",\n"committer_email": "",\n',
    '    "repo_token": "***",\n    "service_name": "github",\n    "service_job_id": "70d7020768c8ad0a3f7423edf534569b332e3a67",\n',
    '{"type": "video", "author_name": "Computerphile", "author_url": "https://www.youtube.com/@Computerphile", "provider_name": "YouTube"}\n',
    '{"id": 42, "author_name": "Editorial Team", "title": "Release notes"}\n',
    "The job's git.head holds committer_name and author_name, with committer_email and author_email.\n",
    "def git_head(committer_name: str, author_name: str) -> dict:\n    return {'committer_name': committer_name}\n",
    '"author_name": "Your Name",\n"author_email": "you@example.com",\n',
    "GIT_COMMITTER_NAME=Jenkins\nGIT_AUTHOR_NAME=Jenkins\n",
]

COVERALLS_GO = [
    (
        'INFO:coveralls:422\n{\n    "git": {\n        "branch": "main",\n        "head": {\n            "committer_name": "okmwangi",\n            "id": "1b6453892473a467d07372d45eb05abc2031647a",\n            "message": "Bump version"\n        }\n    },\n    "repo_token": "***"\n}\n',
        "okmwangi",
        '"committer_name": "',
    ),
    (
        '"head": {\n    "author_email": "t.marlow@kestrel-mail.com",\n    "author_name": "Tamsin Marlow",\n    "committer_email": "t.marlow@kestrel-mail.com",\n    "committer_name": "Tamsin Marlow",\n    "id": "9f2b5c7e0d1a4b3c8e6f7a9d0b1c2e3f4a5b6c7d",\n    "message": "fix tests"\n}\n',
        "Marlow",
        '"author_name": "',
    ),
    (
        "{ git:\n   { head:\n      { id: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',\n        author_name: 'hliao',\n        author_email: 'hliao@kestrel-mail.com',\n        committer_name: 'hliao',\n        committer_email: 'hliao@kestrel-mail.com',\n        message: 'coverage' },\n     branch: 'master' } }\n",
        "hliao",
        "committer_name: '",
    ),
    (
        '"author_name": "pemberly",\n"author_email": "",\n"committer_name": "GitHub",\n',
        "pemberly",
        '"committer_name": "GitHub",',
    ),
]


@pytest.mark.parametrize("text", COVERALLS_NOBODY)
def test_coveralls_git_head_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), COVERALLS_GO)
def test_coveralls_git_head_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)


RUN_TOGETHER_NOBODY = [
    "[Pipeline] emailext\nFailed to create e-mail address for $DEFAULT_RECIPIENTS\nAn attempt to send an e-mail to empty list of recipients, ignored.\n",
    "Failed to create e-mail address for ${env.CHANGE_AUTHOR_EMAIL}\n",
    "Failed to create e-mail address for jenkins@example.com\n",
    "Failed to create e-mail address for noreply@example.comdevops@example.com\n",
    "Failed to create e-mail address for noreply@example.comDevops@example.com\n",
    "Failed to create e-mail address for noreply@github.comNoreply@github.com\n",
    "An attempt to send an e-mail to empty list of recipients, ignored.\n",
    "npm ERR! notarget No matching version found for @types/node@20.4.5Beta@latest\n",
    "ssh -J jump@bastion.example.orgAdmin@db.example.org\n",
    "java.lang.Object@1b6d3586\ncom.example.Foo@7a81197d\n",
    "docker pull registry.example.com/team/app@sha256:0b1c2e3f4a5b6c7d\n",
]

RUN_TOGETHER_GO = [
    (
        "[Pipeline] emailext\nFailed to create e-mail address for Olu.Adeyemi7@Contoso.co.ukMarta.Kowal@Contoso.co.uk\nAn attempt to send an e-mail to empty list of recipients, ignored.\n",
        ("Olu.Adeyemi7", "Marta.Kowal", "Contoso"),
        "Failed to create e-mail address for ",
    ),
    (
        "Failed to create e-mail address for tmarlow@kestrel-mail.comHliao@kestrel-mail.com\n",
        ("tmarlow", "Hliao", "kestrel"),
        "Failed to create e-mail address for ",
    ),
    (
        "recipients: a.okafor@nordwind.deJ.Berg@nordwind.deP.Sousa@nordwind.de\n",
        ("okafor", "Berg", "Sousa", "nordwind"),
        "recipients: ",
    ),
]


@pytest.mark.parametrize("text", RUN_TOGETHER_NOBODY)
def test_run_together_addresses_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), RUN_TOGETHER_GO)
def test_run_together_addresses_go(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)


MASKED_TOKEN_NOBODY = [
    "[DEBUG] Bootstrapper: Properties: {\n  'sonar.sources': '.',\n  'sonar.login': 'sqa_###',\n  'sonar.host.url': 'http://localhost:9000',\n",
    "  'sonar.token': 'squ_###',\n",
    "  'sonar.token': 'sqp_#####',\n",
    "  'sonar.login': 'sqa_•••',\n",
    "-Dsonar.login=sqa_### \\\n",
    "SONAR_TOKEN=squ_###\n",
    'token = "ghp_###"\n',
    "GITLAB_TOKEN: glpat-###\n",
    'OPENAI_API_KEY="sk-proj-###"\n',
    "  'sonar.token': 'squ_***',\n  'sonar.login': 'sqa_XXXX',\n",
    "  'sonar.login': '<token>',\n  'sonar.token': '${SONAR_TOKEN}',\n",
    "  'sonar.login': 'admin',\n  'sonar.password': 'admin',\n",
    "password: '###'\n",
]

MASKED_TOKEN_GO = [
    (
        "  'sonar.login': 'sqa_8c1e2f9a0b3d4c5e6f7a8b9c0d1e2f3a4b5c6d7e',\n",
        "8c1e2f9a0b3d4c5e6f7a8b9c0d1e2f3a",
        "'sonar.login': '",
    ),
    ("  'sonar.login': 'sqa_###8c1e2f9a0b3d',\n", "8c1e2f9a0b3d", "'sonar.login': '"),
    ("password: 'Summer_###'\n", "Summer", "password: '"),
    ("password: 'pass###'\n", "pass###", "password: '"),
    ("token = 'sqa_##7'\n", "sqa_##7", "token = '"),
]


@pytest.mark.parametrize("text", MASKED_TOKEN_NOBODY)
def test_masked_prefixed_token_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), MASKED_TOKEN_GO)
def test_prefixed_secret_goes(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept)
