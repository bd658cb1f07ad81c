# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""CI services' predefined variables naming the person who triggered or authored a build
(stop 60, scrubber 1.137.0; issue 35): a class rule, no batch's miss.

* ``ci_actor_variable`` (``scrubbers/user_names.yaml``): GitLab's ``GITLAB_USER_LOGIN``,
  ``GITLAB_USER_NAME`` and ``CI_COMMIT_AUTHOR`` (GitLab docs, "Predefined CI/CD variables
  reference"), GitHub Actions' ``GITHUB_ACTOR`` and ``GITHUB_TRIGGERING_ACTOR`` (GitHub Docs,
  "Variables reference"), CircleCI's ``CIRCLE_USERNAME`` and ``CIRCLE_PR_USERNAME`` (CircleCI
  docs, "Project values and variables"), Jenkins' ``CHANGE_AUTHOR`` and
  ``CHANGE_AUTHOR_DISPLAY_NAME`` (Pipeline: Multibranch's env-vars) and the Build User Vars
  plugin's ``BUILD_USER``/``BUILD_USER_ID``, Azure Pipelines' ``BUILD_REQUESTEDFOR``,
  ``BUILD_QUEUEDBY``, ``BUILD_SOURCEVERSIONAUTHOR`` (``Build.RequestedFor``; Microsoft Learn,
  "Use predefined variables"), Buildkite's ``BUILDKITE_BUILD_CREATOR`` and
  ``BUILDKITE_BUILD_AUTHOR`` (Buildkite docs, "Environment variables"), Drone's
  ``DRONE_COMMIT_AUTHOR`` and ``DRONE_COMMIT_AUTHOR_NAME`` and Woodpecker's ``CI_COMMIT_AUTHOR``
  as an env dump prints them: the login or display name is learned and goes wherever the text
  repeats it (``CI_PROJECT_PATH=<login>/repo``, a workspace path).

``CI_ACTOR_NOBODY`` is the harm hunt the rule was attacked with before it was kept: texts of the
same shape naming nobody (bots, service identities, the plugin's stand-ins for a timer or an SCM
change, variables and templates, placeholders, empty values, the variables' documentation),
which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

CI_ACTOR_NOBODY = [
    # GitLab: the instance's root user and its default name
    "GITLAB_USER_LOGIN=root\nGITLAB_USER_NAME=Administrator\nGITLAB_USER_EMAIL=admin@example.com\nCI_PROJECT_PATH=root/demo\n",
    "export GITLAB_USER_LOGIN='root'\nexport GITLAB_USER_NAME='Administrator'\n",
    "CI_COMMIT_AUTHOR=Administrator <admin@example.com>\n",
    "GITLAB_USER_LOGIN=\nGITLAB_USER_NAME=\n",
    "GITLAB_USER_LOGIN=$GITLAB_USER_LOGIN\nCI_COMMIT_AUTHOR=${CI_COMMIT_AUTHOR}\n",
    # GitHub Actions: bots, templates, act's default, the docs' example
    "GITHUB_ACTOR=github-actions[bot]\nGITHUB_TRIGGERING_ACTOR=dependabot[bot]\n",
    "GITHUB_ACTOR=renovate[bot]\nGITHUB_ACTOR=github-actions\nGITHUB_ACTOR=web-flow\n",
    "  env:\n    GITHUB_ACTOR: ${{ github.actor }}\n    GIT_USER: $GITHUB_ACTOR\n",
    'echo "actor=$GITHUB_ACTOR" >> "$GITHUB_OUTPUT"\nif [ "$GITHUB_ACTOR" = "dependabot[bot]" ]; then exit 0; fi\n',
    "GITHUB_ACTOR=nektos/act\nGITHUB_REPOSITORY=nektos/act-test\n",
    "GITHUB_ACTOR=octocat\nGITHUB_REPOSITORY=octocat/Hello-World\n",
    '{"GITHUB_ACTOR": "dependabot[bot]", "GITHUB_EVENT_NAME": "pull_request"}\n',
    "| `GITHUB_ACTOR` | The name of the person or app that initiated the workflow. For example, `octocat`. |\n",
    "GITHUB_ACTOR: The name of the person or app that initiated the workflow.\n",
    "GITHUB_ACTOR=***\n",
    # CircleCI
    "CIRCLE_USERNAME=\nCIRCLE_PR_USERNAME=\n",
    "CIRCLE_USERNAME | String | The GitHub or Bitbucket username of the user who triggered the pipeline.\n",
    "export CIRCLE_USERNAME=your-username\n",
    "CIRCLE_USERNAME=<user>\n",
    # Jenkins: build-user-vars' stand-ins, the service itself, an anonymous start
    "BUILD_USER=Timer Trigger\nBUILD_USER_ID=timer\n",
    "BUILD_USER=SCM Change\nBUILD_USER_ID=scmChange\n",
    "BUILD_USER=Generic Webhook Trigger\nBUILD_USER_ID=genericWebhook\n",
    "BUILD_USER=anonymous\nBUILD_USER_ID=anonymous\n",
    "BUILD_USER=SYSTEM\nBUILD_USER_ID=SYSTEM\n",
    "CHANGE_AUTHOR=jenkins\nCHANGE_AUTHOR_DISPLAY_NAME=Jenkins\n",
    'echo "Started by %BUILD_USER%"\nwrap([$class: \'BuildUser\']) { echo "${env.BUILD_USER}" }\n',
    'BUILD_USER_ID = "${env.BUILD_USER_ID}"\n',
    # Azure Pipelines: the build service and TFS identities, macro and runtime syntax
    "BUILD_REQUESTEDFOR=Project Collection Build Service (contoso)\nBUILD_QUEUEDBY=Microsoft.VisualStudio.Services.TFS\n",
    "BUILD_REQUESTEDFOR=Microsoft.VisualStudio.Services.TFS\nBUILD_QUEUEDBY=GitHub\n",
    "BUILD_REQUESTEDFOR=MyProject Build Service (contoso)\n",
    "  displayName: 'Run by $(Build.RequestedFor)'\n  condition: ne(variables['Build.RequestedFor'], 'x')\n",
    "Build.RequestedFor: The person who pushed or checked in the changes.\n",
    # Buildkite, Drone, Woodpecker
    "BUILDKITE_BUILD_CREATOR=\nBUILDKITE_BUILD_AUTHOR=\n",
    "BUILDKITE_BUILD_CREATOR=Renovate Bot\nBUILDKITE_BUILD_AUTHOR=dependabot[bot]\n",
    "DRONE_COMMIT_AUTHOR=octocat\nDRONE_COMMIT_AUTHOR_NAME=The Octocat\n",
    "DRONE_COMMIT_AUTHOR=${DRONE_COMMIT_AUTHOR}\nCI_COMMIT_AUTHOR=\n",
    "CI_COMMIT_AUTHOR: commit author username\n",
    # placeholders a README writes where the value goes
    "GITLAB_USER_NAME: Your Name\nGITLAB_USER_LOGIN: username\n",
    "BUILD_USER: Full Name\nBUILD_USER_ID: user_id\n",
    "CHANGE_AUTHOR_DISPLAY_NAME=Mona Lisa Octocat\nCHANGE_AUTHOR=monalisa\n",
    "export GITLAB_USER_LOGIN=$\\'root\\'\\nexport CI_PROJECT_NAMESPACE=$\\'root\\'\\n",
]

CI_ACTOR_GO = [
    (
        "GITLAB_USER_LOGIN=mkowalczyk\nGITLAB_USER_NAME=Marek Kowalczyk\nCI_PROJECT_PATH=mkowalczyk/widgets\n",
        ["mkowalczyk", "Marek Kowalczyk"],
        "CI_PROJECT_PATH=",
    ),
    (
        'declare -x GITLAB_USER_LOGIN="tbrandvold"\ndeclare -x GITLAB_USER_NAME="Tove Brandvold"\n',
        ["tbrandvold", "Tove Brandvold"],
        "declare -x GITLAB_USER_NAME=",
    ),
    (
        "CI_COMMIT_AUTHOR=Siobhan Earley <s.earley@example.org>\nCI_COMMIT_BRANCH=main\n",
        ["Siobhan Earley"],
        "CI_COMMIT_BRANCH=main",
    ),
    (
        "2024-03-01T10:00:00.1234567Z GITHUB_ACTOR=quintravel\n2024-03-01T10:00:00.1234568Z GITHUB_WORKSPACE=/home/runner/work/quintravel/site\n",
        ["quintravel"],
        "GITHUB_WORKSPACE=",
    ),
    (
        '{\n  "GITHUB_ACTOR": "okmwangi",\n  "GITHUB_TRIGGERING_ACTOR": "okmwangi"\n}\n',
        ["okmwangi"],
        '"GITHUB_TRIGGERING_ACTOR": "',
    ),
    (
        "export CIRCLE_USERNAME=hliaoxyz\nexport CIRCLE_PR_USERNAME=pemberly\n",
        ["hliaoxyz", "pemberly"],
        "export CIRCLE_PR_USERNAME=",
    ),
    (
        "CHANGE_AUTHOR=ravindrak\nCHANGE_AUTHOR_DISPLAY_NAME=Ravindra Kulkarni\nCHANGE_AUTHOR_EMAIL=rk@example.net\n",
        ["ravindrak", "Ravindra Kulkarni"],
        "CHANGE_AUTHOR_DISPLAY_NAME=",
    ),
    (
        "BUILD_USER=Ingrid van Dalen\nBUILD_USER_ID=ivandalen\n",
        ["Ingrid van Dalen", "ivandalen"],
        "BUILD_USER_ID=",
    ),
    (
        "BUILD_REQUESTEDFOR=Amaru Quispe\nBUILD_SOURCEVERSIONAUTHOR=Amaru Quispe\nBUILD_QUEUEDBY=Amaru Quispe\n",
        ["Amaru Quispe"],
        "BUILD_SOURCEVERSIONAUTHOR=",
    ),
    ("Build.RequestedFor: Lenka Horváthová\n", ["Lenka Horváthová"], "Build.RequestedFor: "),
    (
        "BUILDKITE_BUILD_CREATOR=Tomasz Wielgosz\nBUILDKITE_BUILD_AUTHOR=Tomasz Wielgosz\nBUILDKITE_BUILD_CREATOR_EMAIL=tw@example.com\n",
        ["Tomasz Wielgosz"],
        "BUILDKITE_BUILD_AUTHOR=",
    ),
    (
        "DRONE_COMMIT_AUTHOR=fernhollow\nDRONE_COMMIT_AUTHOR_NAME=Fern Hollow\nDRONE_REPO=fernhollow/app\n",
        ["fernhollow", "Fern Hollow"],
        "DRONE_REPO=",
    ),
    ("CI_COMMIT_AUTHOR=zaritsky\nCI_REPO=zaritsky/tools\n", ["zaritsky"], "CI_REPO="),
    (
        "export GITLAB_USER_LOGIN=$\\'dvorakova\\'\\nexport CI_PROJECT_NAMESPACE=$\\'dvorakova\\'\\n",
        ["dvorakova"],
        "export CI_PROJECT_NAMESPACE=",
    ),
    (
        '"Env": [\n    "GITHUB_ACTOR=brackenridge",\n    "HOME=/github/home"\n]\n',
        ["brackenridge"],
        '"HOME=/github/home"',
    ),
]


@pytest.mark.parametrize("text", CI_ACTOR_NOBODY)
def test_ci_actor_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), CI_ACTOR_GO)
def test_ci_actor_goes(engine: Scrubber, text: str, values: list[str], kept: str) -> None:
    out = scrubbed(engine, text)
    for value in values:
        assert value.lower() not in out.lower(), out
    assert kept in out, out
