# ruff: noqa: E501  (mail headers and senders' lines are kept whole, as they are written)
"""Role and automation mailboxes: mail streams, team lists and CI senders (stop 56, scrubber
1.94.0; issue 35).

GAIA's tune damage (AMD's agent framework, its own tests and fixtures): a CI's sender
(``<project>-ci@``), a newsletter's, a shop's deals, alerts and no-reply senders were replaced
as if they were people's addresses. Two rules in ``scrubbers/allow.yaml`` read the local part
by a documented convention, never GAIA's names:

* ``mail_stream_role_address``: the whole local part a function's mailbox, as RFC 2142 lists
  service mailboxes (section 5: ``NEWS``, the Usenet news service) and the role-address lists
  of mail senders read them (mixmaxhq/role-based-email-addresses, ``data/data.txt``: alerts,
  news, newsletter, deals, offers, promo, updates, receipts, invoices, reports, announcements,
  build, notify, onboarding, recruiting, donations, finance, peopleops, helpdesk, shop), not at
  a mailbox provider's domain (``news@gmail.com`` is someone's mailbox), as
  ``vendor_role_address`` reads ``hello@``.
* ``automation_sender_address``: a qualifier (a product, a stream, a department: ``rocm``,
  ``k8s``, ``order``) joined by a hyphen or underscore to a last token that names what a
  machine sends: ``-ci``, ``-bot`` (a hyphen only: ``Ci`` and ``Bot`` are also names), ``-robot``,
  ``-build(s)``, ``-alert(s)``, ``-notification(s)``, ``-notify``, ``-noreply``,
  ``-newsletter(s)``, ``-news``, ``-updates``, ``-deals``; not at a mailbox provider's domain.

``NOBODY`` is the harm hunt (texts that name nobody: must stay as they are); ``GO`` holds people's
addresses in the same places, and names that only begin or end like a token (must go).
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

NOBODY = [
    "From: Jenkins <jenkins-ci@builds.kernel-lab.org>\nSubject: Build #4411 FAILED\n",
    "From: Nightly Builds <nightly-builds@kernel-lab.org>\n",
    "Reply-To: renovate-bot@ops.harborline.io\n",
    "k8s-ci-robot@prow.harborline.io commented on the pull request\n",
    "alert_to: admin_alerts@ourshop.io\n",
    '"low_priority_senders": ["newsletter@lwn.net", "newsletters@arstechnica.com"]\n',
    "From: BBC News <news@bbc.co.uk>\n",
    'sender = "deals@bestbuy.com"\n',
    'From: "Order Updates" <order-updates@shipfast.com>\n',
    "From: Accounts <security-noreply@accounts.harborline.io>\n",
    "From: Meetup <event-notifications@meetup.com>\n",
    "From: Statuspage <alerts@statuspage.io>\n",
    '"sender": "fraud-alert@first-harbor-bank.net",\n',
    "from:(promo@zalando.de OR offers@zalando.de OR updates@notion.so)\n",
    "receipts@lyft.com invoices@paddle.com\n",
    "To: build-notifications@lists.kernel-lab.org\n",
    "From: CircleCI <builds@circleci.com>\n",
    "From: dependabot-alerts@harborline.io\n",
    "From: ci-builds@kernel-lab.org\n",
    "From:   pr-tracker-bot@kernel.org\nIn-Reply-To: <20230314181012.05baf5c7@gandalf.local.home>\n",
    'git config user.email "terraform-ci@harborline.io"\ngit config user.name "Terraform CI"\n',
    "From: LinkedIn <messages-no-reply@linkedin.com>\n",
    "From: HR <hr_noreply@harborline.io>\n",
    "Questions about your payslip: peopleops@harborline.io or finance@harborline.io\n",
    "For a new laptop write to helpdesk@harborline.io; onboarding@harborline.io sends the forms\n",
    "Apply via recruiting@harborline.io. Give at donations@kernel-lab.org.\n",
    "From: The Shop <shop@retailer-example.de>\nReply-To: announcements@retailer-example.de\n",
    "Weekly figures come from reports@analytics-vendor.io\n",
    "mailto:newsletter%40lwn.net\n",
]

# (text, what must be gone from the whole text, what must stay)
GO = [
    # names that begin or end like a token, without a separator
    (
        "From: Luci Ferraro <luci@kernel-lab.org>\n",
        ["luci@kernel-lab.org"],
        ["From: Luci Ferraro <"],
    ),
    ("From: Cindy Park <cindy@harborline.io>\n", ["cindy@harborline.io"], ["From: Cindy Park <"]),
    ("From: Ben Abbot <abbot@harborline.io>\n", ["abbot@harborline.io"], ["From: "]),
    ("From: Ann Talbot <talbot@harborline.io>\n", ["talbot@harborline.io"], ["From: "]),
    ("From: Gavin Newsom <newsom@harborline.io>\n", ["newsom@harborline.io"], ["From: "]),
    ("From: Dan Newsome <dnewsome@harborline.io>\n", ["dnewsome@harborline.io"], ["From: "]),
    ("From: alertson@harborline.io\n", ["alertson@harborline.io"], ["From: "]),
    ("From: botond@harborline.io\nFrom: cid@harborline.io\n", ["botond@", "cid@"], ["From: "]),
    (
        "From: Ciara Lynch <ciara.lynch@kernel-lab.org>\n",
        ["ciara.lynch@kernel-lab.org"],
        ["From: "],
    ),
    ("From: newsbot7@harborline.io\n", ["newsbot7@harborline.io"], ["From: "]),
    # Bot (Dutch) and Ci (Chinese) are names: a dot or an underscore joins a person's names
    ("From: Tom Bot <bot.tom@harborline.io>\n", ["bot.tom@harborline.io"], ["From: Tom Bot <"]),
    ("From: Tom Bot <tom.bot@harborline.io>\n", ["tom.bot@harborline.io"], ["From: Tom Bot <"]),
    ("From: Jan Bot <jan_bot@harborline.io>\n", ["jan_bot@harborline.io"], ["From: Jan Bot <"]),
    ("From: Wei Ci <wei.ci@kernel-lab.org>\n", ["wei.ci@kernel-lab.org"], ["From: Wei Ci <"]),
    ("From: Wei Ci <wei_ci@kernel-lab.org>\n", ["wei_ci@kernel-lab.org"], ["From: Wei Ci <"]),
    ("From: ci.lewis@harborline.io\n", ["ci.lewis@harborline.io"], ["From: "]),
    ("From: deborah.ci-lewis@harborline.io\n", ["deborah.ci-lewis@harborline.io"], ["From: "]),
    # a token first, a person after it; a person's name before a role word after a dot
    (
        "From: ci-jsmith@harborline.io\nFrom: bot-anna@harborline.io\n",
        ["ci-jsmith", "bot-anna"],
        ["From: "],
    ),
    ("From: newsletter.jane@harborline.io\n", ["newsletter.jane@harborline.io"], ["From: "]),
    ("From: jane.newsletter@harborline.io\n", ["jane.newsletter@harborline.io"], ["From: "]),
    ("From: Bob Build <bob.build@harborline.io>\n", ["bob.build@harborline.io"], ["From: "]),
    ("From: deals.ann@harborline.io\n", ["deals.ann@harborline.io"], ["From: "]),
    # a person's own accounts and a role word that is a person's place (support, security)
    (
        "From: jsmith-admin@harborline.io\nTo: jsmith-dev@harborline.io\n",
        ["jsmith-admin", "jsmith-dev"],
        ["To: "],
    ),
    (
        "Ping jane-support@harborline.io or tom_security@harborline.io\n",
        ["jane-support", "tom_security"],
        ["Ping "],
    ),
    (
        'git config user.email "support.jane@company.com"\n',
        ["support.jane@company.com"],
        ["git config user.email"],
    ),
    # a role word or a CI's name at a mailbox provider's domain is someone's mailbox
    (
        '"low_priority_senders": ["news@gmail.com", "deals@outlook.com", "alerts@yahoo.com"]\n',
        ["news@gmail.com", "deals@outlook.com", "alerts@yahoo.com"],
        ['"low_priority_senders": ['],
    ),
    (
        "Reply-To: tkowal-ci@gmail.com\nFrom: anna-builds@gmail.com\n",
        ["tkowal-ci", "anna-builds"],
        ["Reply-To: "],
    ),
    # a tool's name at a real domain (1.58.0's decision), one holder's title, initials
    ("  smtp_from: 'alertmanager@acme-bank.com'\n", ["alertmanager@acme-bank.com"], ["smtp_from"]),
    (
        "From: ceo@harborline.io\nTo: boss@harborline.io, vip@harborline.io\n",
        ["ceo@", "boss@", "vip@"],
        ["From: "],
    ),
    (
        "Write to hr@harborline.io or ops@harborline.io\n",
        ["hr@harborline.io", "ops@harborline.io"],
        ["Write to "],
    ),
    # a machine account named after a login the text teaches elsewhere: the learned login goes
    (
        "cd /home/tkowal/src\nFrom: tkowal-bot@harborline.io\n",
        ["tkowal"],
        ["-bot@harborline.io"],
    ),
    ("tkowal@box:~$ ls\nReply-To: tkowal-ci@harborline.io\n", ["tkowal"], ["-ci@harborline.io"]),
    # a person beside a role sender in the same text
    (
        "From: Deals <deals@bestbuy.com>\nTo: Dana Kim <dana.kim@harborline.io>\n",
        ["dana.kim@harborline.io"],
        ["From: Deals <deals@bestbuy.com>\n"],
    ),
    (
        "From: Jenkins <jenkins-ci@builds.kernel-lab.org>\nCc: Priya Rao <priya@kernel-lab.org>\n",
        ["priya@kernel-lab.org"],
        ["jenkins-ci@builds.kernel-lab.org"],
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_role_and_automation_senders_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), GO)
def test_people_in_the_same_places_go(
    engine: Scrubber, text: str, gone: list[str], kept: list[str]
) -> None:
    out = scrubbed(engine, text)
    for value in gone:
        assert value.lower() not in out.lower(), out
    for value in kept:
        assert value in out, out
