# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Message brokers' configurations and logs holding stand-ins and documented examples (stop 57,
scrubber 1.96.0; issue 35).

The tune damage of batch 137 (``tests/outside_corpus/SOURCE.md``, "The stop-137 collection"),
fixed by data, ``scrubbers/allow.yaml``:

* ``keyboard_rows`` reads the filler syllable numbered, ``bla`` or ``blah`` typed twice or more
  then one digit (``password = blablabla2`` beside ``ssl.truststore.password = blablabla`` in a
  Kafka client's JAAS configuration: one stand-in per field), as it read the filler alone;
* ``spelt_out_secret`` reads the words top secret spelt with the digits a password policy asks
  for, ``0`` for ``o`` and ``3`` for ``e`` (``T0pS3cr3t``, the NATS server image's shipped
  cluster password, nats-io/nats-docker's ``nats-server.conf``: ``authorization { user: ruser
  password: T0pS3cr3t timeout: 2 }`` and its ``--routes=nats-route://ruser:T0pS3cr3t@…``
  comment), as ``spelt_out_password`` reads ``p@ssw0rd`` and ``default_passwords``
  ``topsecret``; ``s3cr3t`` alone stays a password (the matrix's short secret); the route user
  ``ruser`` is in ``words.yaml``'s ``not_user_names``;
* ``described_user_address`` reads a local part that says which user it stands for, a
  describing word then ``user`` (``problem_user``, ``new_user``, ``other_user``), at a stand-in
  domain (``domain.com``, ``example.*``, ``yourdomain.com``, ``mydomain.com``, ``company.com``),
  as ``placeholder_email`` reads ``user@domain.com`` and ``test_user@…`` (RabbitMQ's log
  ``Changing password for 'problem_user@domain.com'``).

``BROKER_PLACEHOLDERS_NOBODY`` is the harm hunt the rules were attacked with before they were
kept; ``BROKER_PLACEHOLDERS_GO`` holds real values in the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

BROKER_PLACEHOLDERS_NOBODY = [
    # a Kafka client's JAAS configuration with the poster's filler
    '        ssl.truststore.password = blablabla\n        sasl.mechanism = SCRAM-SHA-256\n        sasl.jaas.config = "org.apache.kafka.common.security.scram.ScramLoginModule required username = divolte password = blablabla2;"\n',
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="blabla1";\n',
    "ssl.keystore.password=blahblah2\nssl.key.password=blahblah3\n",
    "spring.rabbitmq.password=blablabla\n",
    # NATS' shipped and documented examples, and the word spelt with digits
    'cluster {\n  name: "my_cluster"\n  port: 6222\n  authorization {\n    user: ruser\n    password: T0pS3cr3t\n    timeout: 2\n  }\n  routes = []\n}\n',
    "  # Routes are protected, so need to use them with --routes flag\n  # e.g. --routes=nats-route://ruser:T0pS3cr3t@otherdockerhost:6222\n",
    "docker run -d --name=nats-2 --link nats-main nats --routes=nats-route://ruser:T0pS3cr3t@nats-main:6222 -DV\n",
    "KAFKA_CLIENT_PASSWORDS=t0ps3cr3t\n",
    "password: top_s3cr3t\n",
    # RabbitMQ's log and rabbitmqctl naming stand-in users at stand-in domains
    "2019-08-26 06:41:44.538 [info] <0.20017.0> Changing password for 'problem_user@domain.com'\n2019-08-26 06:41:44.541 [info] <0.20017.0> Setting user tags for user 'problem_user@domain.com' to []\n2019-08-26 06:41:44.560 [info] <0.20025.0> Setting permissions for 'problem_user@domain.com' in 'subscribed' to '.*', '.*', '.*'\n",
    "2019-08-26 06:41:44.538 [info] <0.20017.0> Creating user 'new_user@example.com'\n",
    'Deleting user "other_user@mydomain.com" ...\n',
    "rabbitmqctl add_user demo_user@yourdomain.com\n",
    "2019-08-26 06:41:44.538 [info] <0.20017.0> Changing password for 'user@domain.com'\n",
]

BROKER_PLACEHOLDERS_GO = [
    (
        '        ssl.truststore.password = blablabla\n        sasl.jaas.config = "org.apache.kafka.common.security.scram.ScramLoginModule required username = divolte password = Zt81qWm4vB;"\n',
        "Zt81qWm4vB",
        ("ssl.truststore.password = blablabla", "username = divolte password = "),
    ),
    ("ssl.keystore.password=blablabla27Kq\n", "blablabla27Kq", "ssl.keystore.password="),
    ("ssl.keystore.password=Blabla7Kqz\n", "Blabla7Kqz", "ssl.keystore.password="),
    (
        "  authorization {\n    user: ruser\n    password: T0pS3cr3t7Qx\n    timeout: 2\n  }\n",
        "T0pS3cr3t7Qx",
        "user: ruser",
    ),
    ("spring.rabbitmq.password=s3cr3tZq81\n", "s3cr3tZq81", "spring.rabbitmq.password="),
    ("spring.rabbitmq.password=s3cr3t\n", "s3cr3t", "spring.rabbitmq.password="),
    ("password: S3cr3t\n", "S3cr3t", "password: "),
    (
        "2019-08-26 06:41:44.538 [info] <0.20017.0> Changing password for 'jkowalski@domain.com'\n",
        "jkowalski",
        "Changing password for '",
    ),
    (
        "2019-08-26 06:41:44.538 [info] <0.20017.0> Changing password for 'kowalczyk_user@domain.com'\n",
        "kowalczyk",
        "Changing password for '",
    ),
    (
        "2019-08-26 06:41:44.538 [info] <0.20017.0> Changing password for 'problem_user@kowalczyk.dev'\n",
        "kowalczyk",
        "Changing password for '",
    ),
]


@pytest.mark.parametrize("text", BROKER_PLACEHOLDERS_NOBODY)
def test_broker_placeholders_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), BROKER_PLACEHOLDERS_GO)
def test_broker_secrets_and_addresses_go(
    engine: Scrubber, text: str, value: str, kept: str | tuple[str, ...]
) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)
