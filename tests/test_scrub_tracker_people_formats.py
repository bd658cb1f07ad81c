# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""People named in issue trackers' and project tools' output (stop 62, scrubber 1.161.0; issue 35).

A class rule from documented formats, not from any batch's names:

* ``gh issue view``/``gh pr view`` and ``glab issue view``/``glab mr view`` printed to a pipe
  (cli/cli pkg/cmd/issue/view/view.go ``printRawIssuePreview``, pkg/cmd/pr/view/view.go
  ``printRawPrPreview``; gitlab-org/cli ``rawIssuePreview``, ``rawMRPreview``): ``title:\\t``,
  ``state:\\t``, then ``author:\\t<login>``, ``assignees:\\t<login>, <login>`` and
  ``reviewers:\\t<login> (<state>), <org>/<team> (<state>)``; gh's terminal header ``<State> •
  <login> opened <ago>`` / ``wants to merge`` (``printHumanIssuePreview``,
  ``printHumanPrPreview``) and its ``Assignees:``/``Reviewers:`` lines;
* go-jira's ``jira view`` (go-jira jiracli/templates.go, the default ``view`` template:
  ``issue: <KEY>``, …, ``assignee: <user>``, ``reporter: <user>``);
* user objects pasted as JSON: Jira REST's ``assignee``/``reporter``/``creator`` (Atlassian,
  "Get issue": ``accountId``, ``displayName``, ``accountType``; Jira Server's ``name`` and
  ``self`` ``…/rest/api/2/user?username=``), Azure DevOps' identity reference
  (``System.AssignedTo``/``System.CreatedBy``: ``displayName``, ``uniqueName``, and the
  ``"<Name> <<address>>"`` string of api-version 4.x), Redmine's ``author``/``assigned_to``
  (Redmine REST API, Issues: ``{"id": n, "name": "…"}``, XML ``<author id="n" name="…"/>``),
  Linear's ``assignee``/``creator`` (GraphQL schema, User: ``name``), Trello's members
  (``fullName`` beside ``username``), Phabricator's Conduit ``user.whoami``/``user.search``
  (``userName``/``username`` beside ``realName``).

``NOBODY`` is the harm hunt the rule was attacked with before it was kept (texts of the same
shapes that name nobody: bots, apps, teams, ghosts, placeholders, empty fields), which must stay
whole; ``GO`` the real-shaped values that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

GH_ISSUE = "title:\tCrash on start\nstate:\tOPEN\nauthor:\t{a}\nlabels:\tbug\ncomments:\t2\nassignees:\t{s}\nprojects:\t\nmilestone:\t\nnumber:\t412\n--\nIt crashes on start.\n"
GH_PR = "title:\tBump lodash from 4.17.20 to 4.17.21\nstate:\tOPEN\nauthor:\t{a}\nlabels:\tdependencies\nassignees:\t{s}\nreviewers:\t{r}\nprojects:\t\nmilestone:\t\nnumber:\t77\nurl:\thttps://github.com/acme/app/pull/77\nadditions:\t3\ndeletions:\t3\nauto-merge:\tdisabled\n--\nBumps lodash.\n"
GLAB_MR = "title:\tFix parser\nstate:\topen\nauthor:\t{a}\nlabels:\t\nassignees:\t{s}\nreviewers:\t{r}\ncomments:\t0\nnumber:\t12\nurl:\thttps://gitlab.com/acme/app/-/merge_requests/12\n--\nFixes the parser.\n"
GOJIRA = "issue: PROJ-123\ncreated: 3 days ago\nstatus: Open\nsummary: Crash on start\nproject: PROJ\nissuetype: Bug\nassignee: {a}\nreporter: {r}\npriority: Medium\nvotes: 0\ndescription: |\n  It crashes.\n"
JIRA_USER = '"{k}": {{\n  "self": "https://acme.atlassian.net/rest/api/3/user?accountId={i}",\n  "accountId": "{i}",\n  "avatarUrls": {{"48x48": "https://avatar-management.example/initials/XX-5.png"}},\n  "displayName": "{n}",\n  "active": true,\n  "timeZone": "Europe/Berlin",\n  "accountType": "{t}"\n}},\n'
ADO_REF = '"{k}": {{\n  "displayName": "{n}",\n  "url": "https://spsprodweu5.vssps.visualstudio.com/A1/_apis/Identities/d291b0c4",\n  "id": "d291b0c4-a05c-4ea6-8df1-4b41d5f39eff",\n  "uniqueName": "{u}",\n  "descriptor": "{d}"{x}\n}},\n'

NOBODY = [
    # gh and glab piped: bots, apps, ghosts, teams, empty fields
    GH_ISSUE.format(a="app/github-actions", s=""),
    GH_ISSUE.format(a="ghost", s=""),
    GH_ISSUE.format(a="app/renovate", s=""),
    GH_PR.format(a="app/dependabot", s="", r="acme/frontend-team (Requested)"),
    GH_PR.format(a="dependabot[bot]", s="", r="copilot-pull-request-reviewer (Commented)"),
    GH_PR.format(a="app/renovate", s="", r="ghost (Approved), acme/core (Requested)"),
    GLAB_MR.format(a="project_42_bot_3f2a9c", s="", r=""),
    GLAB_MR.format(a="ghost", s="", r=""),
    GLAB_MR.format(a="GitLab-Admin-Bot", s="", r=""),
    # the same words elsewhere: a commit trailer, YAML, a CODEOWNERS line, prose
    "author: jdoe\nassignees: []\n",
    "reviewers:\n  - acme/core\nassignees:\n  - octocat\n",
    "Please set assignees:\tnone yet, reviewers: whoever is free.\n",
    # gh's terminal header of a bot's pull request, a team as reviewer
    "Bump lodash from 4.17.20 to 4.17.21 acme/app#77\nOpen • app/dependabot wants to merge 1 commit into main from dependabot/npm_and_yarn/lodash-4.17.21 • about 1 day ago\n+3 -3 • ✓ Checks passing\nReviewers: acme/frontend (Requested)\nLabels: dependencies\n",
    "Crash on start acme/app#412\nOpen • ghost opened about 2 days ago • 2 comments\nAssignees: \nLabels: bug\n",
    # go-jira: unassigned, the system user, a placeholder
    GOJIRA.format(a="Unassigned", r="jira-system"),
    GOJIRA.format(a="None", r="admin"),
    "issue: PROJ-9\nstatus: Done\nsummary: Template\nproject: PROJ\nassignee: <username>\nreporter: your-username\n",
    # JSON user objects: Jira's app and placeholder users, Azure DevOps' groups and services
    JIRA_USER.format(
        k="creator",
        i="557058:f58131cb-b67d-43c7-b30d-6b58d40bd077",
        n="Automation for Jira",
        t="app",
    ),
    JIRA_USER.format(
        k="assignee", i="5b10a2844c20165700ede21g", n="Mia Krystof", t="atlassian"
    ).replace("Mia Krystof", "Jira Service Management Widget"),
    JIRA_USER.format(k="reporter", i="qm:a1b2c3:d4e5", n="Portal Customer", t="customer"),
    '{"fields": {"assignee": null, "reporter": {"accountId": "5b10ac8d82e05b22cc7d4ef5", "displayName": "Jira Outlook", "accountType": "app"}}}\n',
    ADO_REF.format(
        k="System.CreatedBy",
        n="Project Collection Build Service (acme)",
        u="Build\\\\1f0a8c2e-0c3d-4b0b-9a44-7c1f35e1d6b0",
        d="svc.MWYwYThjMmU",
        x="",
    ),
    ADO_REF.format(
        k="System.AssignedTo",
        n="[Fabrikam]\\\\Fabrikam Team",
        u="vstfs:///Classification/TeamProject/0d1b2c3e",
        d="vssgp.Uy0xLTk",
        x=',\n  "isContainer": true',
    ),
    ADO_REF.format(
        k="System.ChangedBy",
        n="Microsoft.TeamFoundation.System",
        u="00000002-0000-8888-8000-000000000000@2c895908-04e0-4952-89fd-54b0046d6288",
        d="s2s.MDAwMDAwMDI",
        x="",
    ),
    '"System.AssignedTo": "Fabrikam Team <[Fabrikam]\\\\Fabrikam Team>",\n',
    # Redmine: the built-in admin, a group, the anonymous user, a project and tracker
    '{"issue": {"id": 42, "project": {"id": 1, "name": "Intake Platform"}, "tracker": {"id": 1, "name": "Bug"}, "status": {"id": 1, "name": "New"}, "author": {"id": 1, "name": "Redmine Admin"}, "assigned_to": {"id": 9, "name": "Core Team"}, "subject": "Crash"}}\n',
    '{"issue": {"id": 43, "author": {"id": 2, "name": "Anonymous"}, "assigned_to": {"id": 10, "name": "Support Users"}}}\n',
    '<issue><id>42</id><project id="1" name="Intake Platform"/><author id="1" name="Redmine Admin"/><assigned_to id="9" name="Developers"/></issue>\n',
    # Linear, Trello, Phabricator: bots, placeholder and deleted members, teams and boards
    '{"data": {"issue": {"identifier": "ENG-12", "team": {"name": "Platform Engineering"}, "assignee": null, "creator": {"id": "a1b2", "name": "Linear Integration", "displayName": "linear"}}}}\n',
    '{"data": {"issue": {"identifier": "ENG-13", "project": {"name": "Mobile Launch"}, "state": {"name": "In Progress"}}}}\n',
    '{"id": "5abbe4b7ddc1b351ef961414", "fullName": "Butler Bot", "memberType": "normal"}\n',
    '{"id": "5abbe4b7ddc1b351ef961415", "fullName": "Deleted Member", "memberType": "ghost"}\n',
    '{"id": "5abbe4b7ddc1b351ef961416", "name": "Product Roadmap", "desc": "", "closed": false, "idOrganization": "5abbe4b7ddc1b351ef961400"}\n',
    '{"result": {"phid": "PHID-USER-aaaa", "userName": "phabricator-bot", "realName": "Phabricator Bot", "roles": ["bot", "verified", "approved", "activated"]}}\n',
    '{"result": {"data": [{"id": 3, "type": "USER", "phid": "PHID-USER-cccc", "fields": {"username": "phabricator-bot", "realName": "Build Agent", "roles": ["bot", "verified"]}}]}}\n',
    # the same person keys in other documents: JSON-LD's organisation, a test reporter's config
    '{"@context": "https://schema.org", "@type": "Dataset", "creator": {"@type": "Organization", "name": "Hugging Face"}}\n',
    '{"reporter": {"name": "Html Reporter", "options": {"output": "report.html"}}}\n',
    '{"assignee": {"name": "Round Robin", "type": "strategy"}}\n',
    # documentation's own example users
    '{"key": "ENG-1", "fields": {"summary": "Fix login", "assignee": {"displayName": "Ada Lovelace"}}}\n',
    '"System.AssignedTo": {"displayName": "Jamal Hartnett", "uniqueName": "jamal@example.com"},\n',
    '"assignee": {"accountId": "5b10a2844c20165700ede21g", "displayName": "Mia Krystof", "active": true}\n',
    '"assignee": {"self": "https://your-domain.atlassian.net/rest/api/3/user?accountId=5b10a2844c20165700ede21g", "accountId": "5b10a2844c20165700ede21g", "displayName": "John Doe", "active": false}\n',
]

GO = [
    # (text, the values that must go, context that must stay)
    (GH_ISSUE.format(a="quelbrant", s=""), ["quelbrant"], "state:\tOPEN"),
    (
        GH_ISSUE.format(a="app/renovate", s="vexmoral, torbish"),
        ["vexmoral", "torbish"],
        "app/renovate",
    ),
    (
        GH_PR.format(a="app/dependabot", s="", r="zelkovic (Approved), acme/core (Requested)"),
        ["zelkovic"],
        "(Approved), acme/core (Requested)",
    ),
    (
        GH_PR.format(a="quelbrant", s="vexmoral", r="zelkovic (Changes requested)"),
        ["quelbrant", "vexmoral", "zelkovic"],
        "additions:\t3",
    ),
    (
        GLAB_MR.format(a="quelbrant", s="vexmoral", r="zelkovic"),
        ["quelbrant", "vexmoral", "zelkovic"],
        "number:\t12",
    ),
    (
        "Fix parser acme/app#77\nOpen • quelbrant wants to merge 1 commit into main from fix-parser • about 1 day ago\n+3 -1 • No checks\nReviewers: zelkovic (Approved), acme/core (Requested)\nAssignees: vexmoral\nLabels: bug\n",
        ["quelbrant", "zelkovic", "vexmoral"],
        "acme/core (Requested)",
    ),
    (
        "Crash on start acme/app#412\nOpen • quelbrant opened about 2 days ago • 2 comments\nAssignees: vexmoral, torbish\n",
        ["quelbrant", "vexmoral", "torbish"],
        "2 comments",
    ),
    (GOJIRA.format(a="cquelbrant", r="yvexmoral"), ["cquelbrant", "yvexmoral"], "priority: Medium"),
    (
        GOJIRA.format(a="Corvin Quelbrant", r="Ysolde Vexmoral"),
        ["Corvin Quelbrant", "Ysolde Vexmoral"],
        "priority: Medium",
    ),
    (
        JIRA_USER.format(
            k="assignee", i="5b10a2844c20165700ede21g", n="Corvin Quelbrant", t="atlassian"
        ),
        ["Corvin", "Quelbrant"],
        '"accountType": "atlassian"',
    ),
    (
        '"reporter": {\n  "self": "https://jira.acme.internal/rest/api/2/user?username=cquelbrant",\n  "name": "cquelbrant",\n  "key": "JIRAUSER10100",\n  "displayName": "Corvin Quelbrant",\n  "active": true\n},\n',
        ["cquelbrant", "Corvin", "Quelbrant"],
        '"key": "JIRAUSER10100"',
    ),
    (
        '{"fields": {"creator": {"accountId": "557058:f58131cb-b67d-43c7-b30d-6b58d40bd077", "displayName": "Ysolde Vexmoral", "active": true, "accountType": "atlassian"}}}\n',
        ["Ysolde", "Vexmoral"],
        '"accountType": "atlassian"',
    ),
    (
        ADO_REF.format(
            k="System.AssignedTo",
            n="Corvin Quelbrant",
            u="corvin.quelbrant@acme-corp.de",
            d="aad.NzQ2ZjY4",
            x="",
        ),
        ["Corvin", "Quelbrant"],
        '"descriptor": "aad.NzQ2ZjY4"',
    ),
    (
        ADO_REF.format(
            k="System.CreatedBy", n="Ysolde Vexmoral", u="ACME\\\\yvexmoral", d="win.Uy0xLTU", x=""
        ),
        ["Ysolde", "Vexmoral", "yvexmoral"],
        '"uniqueName": "ACME\\\\',
    ),
    (
        '"System.AssignedTo": "Corvin Quelbrant <corvin.quelbrant@acme-corp.de>",\n',
        ["Corvin", "Quelbrant"],
        '"System.AssignedTo": "',
    ),
    (
        '{"issue": {"id": 42, "project": {"id": 1, "name": "Intake"}, "author": {"id": 5, "name": "Corvin Quelbrant"}, "assigned_to": {"id": 7, "name": "Ysolde Vexmoral"}, "subject": "Crash"}}\n',
        ["Corvin", "Ysolde", "Vexmoral"],
        '"name": "Intake"',
    ),
    (
        '<issue><id>42</id><project id="1" name="Intake"/><author id="5" name="Corvin Quelbrant"/><assigned_to id="7" name="Ysolde Vexmoral"/></issue>\n',
        ["Corvin", "Ysolde", "Vexmoral"],
        'name="Intake"',
    ),
    (
        '{"data": {"issue": {"identifier": "ENG-12", "assignee": {"id": "a1b2", "name": "Corvin Quelbrant", "displayName": "corvin"}}}}\n',
        ["Corvin Quelbrant"],
        '"identifier": "ENG-12"',
    ),
    (
        '{"id": "5abbe4b7ddc1b351ef961414", "fullName": "Ysolde Vexmoral", "username": "ysoldevexmoral", "initials": "YV", "memberType": "normal"}\n',
        ["Ysolde", "Vexmoral", "ysoldevexmoral"],
        '"memberType": "normal"',
    ),
    (
        '{"type": "commentCard", "memberCreator": {"id": "5abbe4b7ddc1b351ef961414", "fullName": "Ysolde Vexmoral", "initials": "YV", "username": "ysoldevexmoral"}}\n',
        ["Ysolde", "Vexmoral", "ysoldevexmoral"],
        '"type": "commentCard"',
    ),
    (
        '{"result": {"phid": "PHID-USER-2zw4hwdt4i5b5ypikv6x", "userName": "cquelbrant", "realName": "Corvin Quelbrant", "roles": ["verified", "approved", "activated"]}, "error_code": null}\n',
        ["cquelbrant", "Corvin", "Quelbrant"],
        '"error_code": null',
    ),
    (
        '{"result": {"data": [{"id": 1, "type": "USER", "phid": "PHID-USER-xx", "fields": {"username": "cquelbrant", "realName": "Corvin Quelbrant", "roles": ["verified"]}}]}}\n',
        ["cquelbrant", "Corvin", "Quelbrant"],
        '"type": "USER"',
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_tracker_output_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), GO)
def test_the_person_in_a_tracker_field_goes(
    engine: Scrubber, text: str, gone: list[str], kept: str
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)


def test_the_learned_login_goes_elsewhere_too(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        GH_ISSUE.format(a="quelbrant", s="") + "\nquelbrant's fork still crashes\n",
        "quelbrant",
        "'s fork still crashes",
    )
