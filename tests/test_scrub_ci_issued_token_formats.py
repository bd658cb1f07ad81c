# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Tokens CI servers and build agents announce in their logs (stop 60, scrubber 1.131.0; issue 35).

The secret among the tune misses of batch 173 (``tests/outside_corpus/SOURCE.md``, "The stop-173
collection"), fixed by a rule for the class:

* ``quoted_issued_token`` (``scrubbers/recognizers.yaml``, IntakeIssuedTokenRecognizer): a token
  in quotes right after the kind of token it is (``authorization``, ``authentication``,
  ``registration``, ``access``, ``auth``, ``agent``, ``runner`` ``token "<v>"``), as TeamCity's
  server logs the token it issues to an agent (``New agent authorization token "<32 hex>" was
  generated for agent "<name>"``; the agent keeps it as ``authorizationToken=`` in
  ``conf/buildAgent.properties``, TeamCity's "Build Agent Configuration") and as runners' and
  agents' errors quote the token they were given. Only a token's shape is taken: 16 to 256
  letters, digits and ``_ + / = -`` holding a letter and a digit, not a run of lowercase words.

``ISSUED_TOKEN_NOBODY`` is the harm hunt the rule was attacked with before it was kept: the same
lines of TeamCity, GitLab Runner, Forgejo/Gitea runners, Azure Pipelines, Buildkite and
Woodpecker agents holding no credential (TeamCity's empty ``''``, masks, $VARIABLES, templates,
%VARS%, <placeholders>, variable names, a run of words, a file, digits alone), which must keep
what they hold.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

ISSUED_TOKEN_NOBODY = [
    '[2020-05-11 10:12:33,456]   INFO -   jetbrains.buildServer.AGENT - New agent authorization token "***" was generated for agent "build-01" {id=12}\n',
    "[2020-05-11 10:12:33,456]   INFO -   jetbrains.buildServer.AGENT - Removing authorization token '' from agent with no name\n",
    '[2020-05-11 10:12:33,456]   WARN -   jetbrains.buildServer.AGENT - Agent "ip-10-0-1-23" {id=12} has unknown authorization token "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"\n',
    "Registering on server via URL http://teamcity:8111: AgentDetails{Name='agent1', AgentId=null, AuthorizationToken='', PingCode=''}\n",
    'Please enter the gitlab-ci token for this runner:\n$REGISTRATION_TOKEN\nWARNING: Registration token "${REGISTRATION_TOKEN}" was empty\n',
    'level=error msg="invalid registration token \\"<TOKEN>\\""\n',
    'level=fatal msg="Failed to register runner: runner registration token \\"{{ .Values.token }}\\" not found"\n',
    'time="2024-03-01T10:00:00Z" level=info msg="reading runner token from \\"/data/.runner\\""\n',
    'time="2024-03-01T10:00:00Z" level=info msg="using access token \\"runner-token-file-2023\\""\n',
    'Error: the access token "%AZP_TOKEN%" is not valid for https://dev.azure.com/fabrikam\n',
    '##[error]VS30063: You are not authorized to access https://dev.azure.com/fabrikam. Access token "********" rejected.\n',
    '2024-03-01 10:00:00 INFO Registering agent with Buildkite... agent token "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"\n',
    '{"level":"error","error":"rpc error: code = Unauthenticated desc = invalid agent token \\"WOODPECKER_AGENT_SECRET\\"","time":"2024-03-01T10:00:00Z"}\n',
    "Set the auth token 'YOUR_AUTH_TOKEN_HERE' in ~/.npmrc\n",
    'The authentication token "token-1234-abcd-example-value" was not found\n',
    "access token 'sha256-digest-of-1234567890' expired\n",
    'authorization token "/var/run/secrets/kubernetes.io/serviceaccount/token"\n',
    'Using authorization token "0000000000000000000000000000000000000000"\n',
    "Runner name: 'self-hosted-runner-01'\nMachine name: 'WIN-BUILD01'\n",
]

ISSUED_TOKEN_GO = [
    (
        '[2020-05-11 10:12:33,456]   INFO -   jetbrains.buildServer.AGENT - New agent authorization token "9f3a1c0b7e5d42a8b6c1d0e9f8a7b6c5" was generated for agent "ip-10-0-1-23" {id=12}\n',
        "9f3a1c0b7e5d42a8b6c1d0e9f8a7b6c5",
        'New agent authorization token "',
    ),
    (
        'level=error msg="invalid registration token \\"GR1348941Zx9kQ2mBv7tLp4sWd3fH\\""\n',
        "GR1348941Zx9kQ2mBv7tLp4sWd3fH",
        'msg="invalid registration token \\"',
    ),
    (
        'time="2024-03-01T10:00:00Z" level=info msg="runner token \'a3f9c2e17b5d4e8f9a0b1c2d3e4f5a6b7c8d9e0f\' accepted"\n',
        "a3f9c2e17b5d4e8f9a0b1c2d3e4f5a6b7c8d9e0f",
        "' accepted",
    ),
    (
        'Error: the access token "q7vlx3kz2mfw5npbjd6hyrct4ugse8oa1i9e0t7wxkz3mvpl5nqa" is not valid for https://dev.azure.com/fabrikam\n',
        "q7vlx3kz2mfw5npbjd6hyrct4ugse8oa1i9e0t7wxkz3mvpl5nqa",
        "is not valid for https://dev.azure.com/fabrikam",
    ),
    (
        '2024-03-01 10:00:00 INFO Registering agent with Buildkite... agent token "5c1e9b2a7f3d4e6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f"\n',
        "5c1e9b2a7f3d4e6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f",
        "Registering agent with Buildkite",
    ),
]


@pytest.mark.parametrize("text", ISSUED_TOKEN_NOBODY)
def test_issued_token_lines_naming_nobody_are_kept(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), ISSUED_TOKEN_GO)
def test_issued_token_is_replaced(engine: Scrubber, text: str, gone: str, kept: str) -> None:
    gone_and_kept(engine, text, gone, kept)
