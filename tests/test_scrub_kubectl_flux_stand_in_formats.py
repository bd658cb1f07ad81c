# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A Secret's password printed by ``kubectl get secret … | base64 --decode``, a Git forge
handle as a personal ``flux bootstrap --owner``, and stand-ins of one letter repeated (stop 57,
scrubber 1.104.0; issue 35).

The tune misses and damage of batch 148 (``tests/outside_corpus/SOURCE.md``, "The stop-148
collection"), fixed by general rules:

* ``kubectl_decoded_secret`` (``scrubbers/recognizers.yaml``): the line right after ``kubectl``
  (or OpenShift's ``oc``) ``get secret … -o jsonpath='{.data.<key>}' | base64 --decode`` (``-d``,
  macOS' ``-D``), alone on its line, when the key names a password, passphrase, token or secret:
  kubectl's JSONPath support prints the Secret's base64 value and base64(1) decodes it, so that
  line is the secret (Kubernetes' docs, "Managing Secrets using kubectl": ``kubectl get secret
  db-user-pass -o jsonpath='{.data.password}' | base64 --decode``).
* ``flux_bootstrap_personal_owner`` (``scrubbers/user_names.yaml``): ``flux bootstrap
  github|gitea|gitlab|bitbucket-server --owner <u>`` when the same command says ``--personal``
  (Flux's ``flux bootstrap github`` reference: "--personal  if true, the owner is assumed to be
  a GitHub user; otherwise an org"; the same for Gitea, and a GitLab or Bitbucket Server user
  against a group): the owner is then a person's handle, learned, so it goes in the repository
  URLs Flux prints too.
* ``one_letter_stand_in`` (``scrubbers/allow.yaml``) and ``placeholder_name``'s run of one letter
  (``scrubbers/user_names.yaml``): a whole value of one letter typed three times or more
  (``qqqqqqq``, ``zzzzzzz``, ``aaaa``) is a poster's stand-in, for a secret and a user name
  alike, as ``xxxxxxx`` and ``*******`` were (and ``aaa@`` for an address since 1.98.0).

The ``*_NOBODY`` lists are the harm hunt the rules were attacked with before they were kept:
texts of the same shape that name nobody, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

GET = "kubectl get secret --namespace pg-test my-release-postgresql -o jsonpath="

DECODED_NOBODY = [
    # the batch record's shapes: a key that is no password, a command that prints no value
    f'$ {GET}"{{.data.username}}" | base64 --decode\npostgres\n',
    '> kubectl get secret --namespace default postgresql -o jsonpath="{.data.postgres-password}" | base64 --decode\nError from server (NotFound): secrets "postgresql" not found\n',
    '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d\nError from server (NotFound): secrets "argocd-initial-admin-secret" not found\n',
    f'$ {GET}"{{.data.postgres-password}}" | base64 --decode\n$ echo $?\n0\n',
    '$ kubectl get secret db-secret -o jsonpath="{.data.host}" | base64 -d\ndb-cluster-rw.harbor.svc\n',
    '$ kubectl get secret db-secret -o jsonpath="{.data.port}" | base64 -d\n5432\n',
    'export POSTGRES_PASSWORD=$(kubectl get secret --namespace default postgresql -o jsonpath="{.data.postgres-password}" | base64 --decode)\n',
    # a key that names a user, a database or a certificate; OpenShift's oc the same
    "$ oc get secret keycloak-db -o jsonpath='{.data.database-user}' | base64 -d\nkeycloak\n",
    "$ oc get secret keycloak-db -o jsonpath='{.data.database-name}' | base64 -d\nkeycloakdb\n",
    '$ kubectl get secret my-tls -o jsonpath="{.data.tls\\.crt}" | base64 -d\n-----BEGIN CERTIFICATE-----\n',
    # the decoded output sent to a file or another command, a placeholder, a mask, nothing
    f'$ {GET}"{{.data.postgres-password}}" | base64 --decode > pw.txt\nDone\n',
    f'$ {GET}"{{.data.postgres-password}}" | base64 --decode | wc -c\n16\n',
    f'$ {GET}"{{.data.password}}" | base64 -d\n<password>\n',
    f'$ {GET}"{{.data.password}}" | base64 -d\n**********\n',
    f'$ {GET}"{{.data.password}}" | base64 -d\nxxxxxxxxxx\n',
    f'$ {GET}"{{.data.password}}" | base64 -d\n\n$ psql -h 127.0.0.1 -U postgres\n',
    # the chart's documented default and a word put where the value goes
    f'$ {GET}"{{.data.postgres-password}}" | base64 --decode\npostgres\n',
    f'$ {GET}"{{.data.password}}" | base64 -d\nchangeme\n',
    # base64 of anything else, and prose
    "$ echo bXlhcHA= | base64 --decode\nmyapp\n",
    "$ cat token.b64 | base64 -d\nhello\n",
    "Run kubectl get secret with -o jsonpath and pipe it to base64 --decode\nThen log in.\n",
]

DECODED_GO = [
    (
        f'> {GET}"{{.data.postgres-password}}" | base64 --decode\nRk7mQ2vXp9\n\n> kubectl run my-release-postgresql-client --rm --tty -i --restart=\'Never\' --namespace pg-test --env="PGPASSWORD=Rk7mQ2vXp9" --command -- psql\n',
        "Rk7mQ2vXp9",
    ),
    (
        '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}" | base64 -d; echo\nVx7pQ2mLr9Ks-Tz\n',
        "Vx7pQ2mLr9Ks-Tz",
    ),
    (
        "$ oc get secret grafana -o jsonpath='{.data.admin-password}' | base64 -D\nw8PqZk3LmT0aYc\n",
        "w8PqZk3LmT0aYc",
    ),
    (
        'PS C:\\> kubectl get secret --namespace monitoring grafana -o jsonpath="{.data.admin-password}" | base64 --decode ; echo\r\nHn4tWq8ZrB2yLe\r\n',
        "Hn4tWq8ZrB2yLe",
    ),
    (
        "$ kubectl get secret -n gitea gitea-runner -o jsonpath={.data.token} | base64 -d\nq9Lk2Mz7Xw4Rt1Vb8Nc3Pd6Fh5Jg0Ys\n",
        "q9Lk2Mz7Xw4Rt1Vb8Nc3Pd6Fh5Jg0Ys",
    ),
    (
        "$ kubectl get secret my-redis -o jsonpath=\"{.data['redis-password']}\" | base64 --decode\nt6UeR3wQ9pLm\n",
        "t6UeR3wQ9pLm",
    ),
]

FLUX_NOBODY = [
    # the batch record's shapes: a variable, an organisation, Flux's own, a URL's placeholders
    "flux bootstrap github --owner=$GITHUB_USER --repository=fleet-infra --branch=main --path=./clusters/my-cluster --personal\n",
    "flux bootstrap gitea --owner my-org --repository fleet-infra\n",
    '► cloning branch "main" from Git repository "https://gitea.com/my-org/fleet-infra.git"\n',
    "flux bootstrap gitlab --owner=fluxcd --repository=flux2-e2e --path=clusters/test\n",
    '► connecting to gitea.com\n► cloning branch "main" from Git repository "https://gitea.com/<owner>/<repository>.git"\n',
    "⋊> ~/f/fleet-infra on main ◦ flux bootstrap stash --owner=go-git-provider-testing --username=fluxcd --repository=fleet-infra --branch=main\n",
    '✔ configured deploy key "flux-system-main-flux-system" for "https://github.com/fluxcd/flux2-kustomize-helm-example"\n',
    # an owner without --personal is as likely an organisation (or a group)
    './bin/flux bootstrap gitea --owner Kowalcorp --repository test3\n► cloning branch "main" from Git repository "https://gitea.com/Kowalcorp/test3.git"\n',
    "flux bootstrap github --owner=acme-platform --repository=fleet --personal=false\n",
    "flux bootstrap gitlab --owner=acme/platform/team --repository=fleet --token-auth\n",
    # with --personal: the docs' placeholders, variables, stand-ins, Flux's own org
    "flux bootstrap github --owner=<user> --repository=<repository name> --private=false --personal=true --path=clusters/my-cluster\n",
    "flux bootstrap gitea --owner=${GITEA_USER} --repository=fleet-infra --personal\n",
    "flux bootstrap gitlab --owner=$GITLAB_USER --repository=fleet --personal --token-auth\n",
    "flux bootstrap github --owner my-org --repository fleet-infra --personal\n",
    "flux bootstrap github --owner=my-github-username --repository=fleet-infra --personal\n",
    "flux bootstrap github --owner=YOUR_GITHUB_USERNAME --repository=fleet-infra --personal\n",
    "flux bootstrap github --owner=fluxcd --repository=flux2 --personal\n",
    "flux bootstrap github --owner=username --repository=fleet-infra --personal\n",
    # prose, and other tools naming a forge's owner
    "Run flux bootstrap github with --personal and --owner set to your user name.\n",
    "gh repo create my-org/fleet-infra --private\n",
    "argocd repo add https://github.com/my-org/fleet-infra.git --username git --password $TOKEN\n",
    "flux bootstrap git --url=ssh://git@gitea.com/my-org/fleet-infra --branch=main\n",
]

FLUX_GO = [
    (
        './bin/flux bootstrap gitea --owner Kowalsky --repository test3 --personal\n► connecting to gitea.com\n► cloning branch "main" from Git repository "https://gitea.com/Kowalsky/test3.git"\n✔ configured deploy key "flux-system-main-flux-system" for "https://gitea.com/Kowalsky/test3"\n',
        "Kowalsky",
    ),
    (
        'flux bootstrap github --owner=okmwangi --repository=fleet-infra --branch=main --path=./clusters/my-cluster --personal\n► connecting to github.com\n✔ repository "https://github.com/okmwangi/fleet-infra" created\n',
        "okmwangi",
    ),
    (
        'flux bootstrap gitlab \\\n  --owner=tkowal-dev \\\n  --repository=flux \\\n  --personal\n► cloning branch "main" from Git repository "https://gitlab.com/tkowal-dev/flux.git"\n',
        "tkowal-dev",
    ),
    (
        "$ flux bootstrap github --personal=true --owner 'jdoe42' --repository fleet\n► pushing component manifests to \"https://github.com/jdoe42/fleet.git\"\n",
        "jdoe42",
    ),
    (
        "flux bootstrap bitbucket-server --owner=mkarlsson --username=mkarlsson --repository=fleet --hostname=git.acme.internal --personal\n",
        "mkarlsson",
    ),
]

STAND_IN_NOBODY = [
    # the batch's damaged shapes (Strimzi's SCRAM user and a JAAS file), kept whole
    "./kafka-configs.sh --zookeeper localhost:21810 --alter --add-config 'SCRAM-SHA-512=[password=qqqqqqq]' --entity-type users --entity-name qqqqqqq\n",
    '  org.apache.common.security.scram.ScramLoginModule required\n  username="qqqqqqq"\n  password="qqqqqqq";\n',
    "password=zzzzzzz\n",
    'username="aaaaaaa"\n',
    # the same class in other tools: a client's flags, a DSN, a config file, a home
    "mosquitto_pub -h localhost -u qqqq -P qqqq -t test -m hello\n",
    "redis-cli -h 127.0.0.1 -a zzzzzzzz ping\n",
    "docker login -u aaaa -p aaaa registry.local:5000\n",
    "spring.datasource.username=QQQQQQ\nspring.datasource.password=QQQQQQ\n",
    'DATABASES = {"default": {"USER": "bbbb", "PASSWORD": "bbbbbbbb"}}\n',
    "curl -u aaaa:aaaa https://registry.local/v2/_catalog\n",
    "$ ls /home/aaaa/projects\n",
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="zzz" password="zzz";\n',
    # what 1.100.0 kept already
    "./kafka-configs.sh --zookeeper localhost:2181 --alter --add-config 'SCRAM-SHA-512=[password=${PASSWORD}]' --entity-type users --entity-name my-user\n",
    '  username="xxxxxxx"\n  password="xxxxxxx";\n',
    'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="my-user" password="********";\n',
]

STAND_IN_GO = [
    # a real secret or login that merely holds a run of one letter
    ("password=qqqqqqq7\n", "qqqqqqq7"),
    ("password=aaaaaaaB!\n", "aaaaaaaB!"),
    ("export PGPASSWORD=zzzzzzzzQ4\n", "zzzzzzzzQ4"),
    ("spring.datasource.password=QQQQQQQ9\n", "QQQQQQQ9"),
    ('  username="okmwangi"\n  password="Kq7zzzzzz2";\n', "Kq7zzzzzz2"),
    ('  username="aaaron"\n  password="hunter2hunter";\n', "aaaron"),
    ("password=mama\n", "mama"),
    # one digit repeated is left to the rules before: a PIN or a password people choose
    ("password=111111\n", "111111"),
]


@pytest.mark.parametrize("text", DECODED_NOBODY + FLUX_NOBODY + STAND_IN_NOBODY)
def test_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), DECODED_GO + FLUX_GO + STAND_IN_GO)
def test_the_value_goes(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out


def test_the_decoded_secret_alone_goes(engine: Scrubber) -> None:
    text = DECODED_GO[0][0]
    out = scrubbed(engine, text)
    lines = out.splitlines()
    assert lines[0] == text.splitlines()[0], out
    assert lines[1] != "Rk7mQ2vXp9" and " " not in lines[1], out


def test_the_personal_owner_goes_in_every_url(engine: Scrubber) -> None:
    text = FLUX_GO[0][0]
    out = scrubbed(engine, text)
    assert "Kowalsky" not in out, out
    assert "--repository test3 --personal" in out and "gitea.com/" in out, out
