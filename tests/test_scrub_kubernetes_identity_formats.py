# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A person's Kubernetes user and a person's name in a certificate's subject (stop 61, scrubber
1.156.0; issue 35).

A class rule, ``kubernetes_user_identity`` (``scrubbers/user_names.yaml``), read from the
documented formats, not from any batch's names:

* a kubeconfig (Kubernetes docs, "Organizing Cluster Access Using kubeconfig Files"; ``kubectl
  config view``): a ``users:`` entry ``- name: <u>`` above its ``user:`` map, a context's
  ``user: <u>`` below its ``cluster:`` (and ``namespace:``) line;
* an RBAC binding's subject (Kubernetes docs, "Using RBAC Authorization"): ``kind: User`` then
  ``name: <u>``, in YAML or JSON;
* a client certificate's subject (Kubernetes docs, "Authenticating": the CN is the user name,
  each O a group): ``openssl req -subj "/CN=<u>/O=<g>"``, ``openssl x509 -subject``'s
  ``subject=CN = <u>, O = <g>`` and RFC 2253's ``O=<g>,CN=<u>``;
* a person's certificate (openssl x509 -text's ``CN=<First Last>/emailAddress=<addr>``, openssl
  1.1's ``CN = <First Last>, emailAddress = <addr>``, RFC 2253's ``emailAddress=<addr>,CN=<First
  Last>``).

``NOBODY`` is the harm hunt the rule was attacked with before it was kept (texts of the same
shapes that name nobody, which must stay whole); ``GO`` the real-shaped values that must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

NOBODY = [
    # kubeconfig (kubectl config view): default, admin and provider users
    "users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: REDACTED\n",
    "contexts:\n- context:\n    cluster: kubernetes\n    user: kubernetes-admin\n  name: kubernetes-admin@kubernetes\ncurrent-context: kubernetes-admin@kubernetes\n",
    "users:\n- name: minikube\n  user:\n    client-certificate: /home/x/.minikube/profiles/minikube/client.crt\n",
    "contexts:\n- context:\n    cluster: minikube\n    user: minikube\n  name: minikube\n",
    "users:\n- name: kind-dev\n  user:\n    client-certificate-data: DATA+OMITTED\n",
    "contexts:\n- context:\n    cluster: kind-dev\n    user: kind-dev\n  name: kind-dev\n",
    "users:\n- name: docker-desktop\n  user:\n    client-certificate-data: DATA+OMITTED\n",
    "users:\n- name: clusterUser_myrg_myaks\n  user:\n    token: REDACTED\n",
    "users:\n- name: clusterAdmin_myrg_myaks\n  user:\n    token: REDACTED\n",
    "users:\n- name: arn:aws:eks:us-east-1:123456789012:cluster/demo\n  user:\n    exec:\n      command: aws\n",
    "contexts:\n- context:\n    cluster: arn:aws:eks:us-east-1:123456789012:cluster/demo\n    user: arn:aws:eks:us-east-1:123456789012:cluster/demo\n",
    "users:\n- name: admin\n  user:\n    token: REDACTED\n",
    "users:\n- name: default\n  user:\n    token: REDACTED\n",
    "users:\n- name: system:admin/api-crc-testing:6443\n  user:\n    token: REDACTED\n",
    "users:\n- name: developer\n  user:\n    password: REDACTED\n",
    "users:\n- name: jane\n  user:\n    token: REDACTED\n",
    "users:\n- name: myuser\n  user:\n    token: REDACTED\n",
    "users:\n- name: <user>\n  user:\n    token: <token>\n",
    "contexts:\n- context:\n    cluster: development\n    namespace: frontend\n    user: developer\n  name: dev-frontend\n",
    "users:\n- name: experimenter\n  user:\n    password: some-password\n    username: exp\n",
    "users:\n- name: gke_my-project_us-central1-a_my-cluster\n  user:\n    exec:\n      command: gke-gcloud-auth-plugin\n",
    "users:\n- name: oidc\n  user:\n    exec:\n      command: kubectl\n",
    "users:\n- name: microk8s\n  user:\n    token: REDACTED\n",
    "users:\n- name: k3s\n  user:\n    token: REDACTED\n",
    "users:\n- name: default-user\n  user:\n    token: REDACTED\n",
    # RBAC subjects: service accounts, groups, system users, placeholders
    "subjects:\n- kind: ServiceAccount\n  name: default\n  namespace: kube-system\n",
    "subjects:\n- kind: Group\n  name: system:masters\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: Group\n  name: developers\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: system:kube-scheduler\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: system:kube-controller-manager\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: system:serviceaccount:kube-system:default\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: jane\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: dave\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: admin\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: kubernetes-admin\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: <user>\n  apiGroup: rbac.authorization.k8s.io\n",
    "subjects:\n- kind: User\n  name: myuser\n  apiGroup: rbac.authorization.k8s.io\n",
    'subjects:\n- kind: User\n  name: "alice@example.com"\n  apiGroup: rbac.authorization.k8s.io\n',
    "subjects:\n- apiGroup: rbac.authorization.k8s.io\n  kind: User\n  name: system:admin\n",
    "subjects:\n- kind: User\n  name: system:anonymous\n",
    "subjects:\n- kind: User\n  name: kube-apiserver-kubelet-client\n",
    "  - kind: User\n    name: system:node:worker-1\n",
    # openssl x509 -subject: hosts, CAs, products, system users
    "subject=CN = kubernetes\n",
    "subject=CN = kubernetes-admin, O = system:masters\n",
    "subject=O = system:masters, CN = kubernetes-admin\n",
    "subject=CN = kube-apiserver-kubelet-client, O = system:masters\n",
    "subject=CN = system:kube-controller-manager\n",
    "subject=CN = system:node:worker-1, O = system:nodes\n",
    "subject=CN = *.example.com\n",
    "subject=C = US, O = Let's Encrypt, CN = R3\n",
    "subject=C = US, O = Internet Security Research Group, CN = ISRG Root X1\n",
    "subject=CN = etcd-ca\n",
    "subject=CN = localhost\n",
    "subject=CN = front-proxy-client\n",
    "subject=CN = jane, O = app1\n",
    "subject=CN = admin, O = system:masters\n",
    "subject=CN = myuser, O = developers\n",
    "subject=CN = www.example.org\n",
    "subject=CN=etcd-ca\n",
    "subject=CN = minikube, O = system:masters\n",
    "subject=CN = minikubeCA\n",
    "subject=CN = default, O = dev\n",
    # a person's certificate subject: placeholders, products, CAs
    "        Subject: C=US, ST=California, L=San Francisco, O=Example Inc, CN=John Doe/emailAddress=john@example.com\n",
    "Subject: C=US, ST=CA, O=Acme, CN=Jane Doe/emailAddress=jane.doe@example.com\n",
    "subject=emailAddress = admin@example.com, CN = Example CA, O = Example\n",
    "Subject: CN=Example Root CA/emailAddress=ca@example.com\n",
    "Subject: C=US, O=DigiCert Inc, OU=www.digicert.com, CN=DigiCert Global Root G2\n",
    "Subject: C=BE, O=GlobalSign nv-sa, OU=Root CA, CN=GlobalSign Root CA\n",
    "subject=C = US, ST = Some-State, O = Internet Widgits Pty Ltd, CN = Your Name, emailAddress = you@example.com\n",
    "emailAddress=admin@example.com,CN=Test User,O=Test\n",
    "Subject: CN=Common Name/emailAddress=test@test.com\n",
    "Subject: C=US, CN=Server Certificate/emailAddress=admin@example.com\n",
    "Subject: C=XX, L=Default City, O=Default Company Ltd, CN=Some User/emailAddress=user@example.com\n",
    # other YAML of the same look: an Ansible task, a database client's settings, a CA request
    "- name: deploy\n  user:\n    name: deploy\n    state: present\n",
    "- name: Add the user\n  ansible.builtin.user:\n    name: johnd\n    comment: John Doe\n",
    "database:\n  cluster: main\n  user: postgres\n",
    'openssl req -new -key server.key -out server.csr -subj "/CN=localhost/O=Acme"\n',
    'openssl req -new -key ca.key -subj "/CN=kubernetes-ca/O=kubernetes"\n',
    "subject=O = system:nodes, CN = system:node:worker-1\n",
]

GO = [
    # (text, the value that must go, context that must stay)
    (
        "users:\n- name: tvarnell\n  user:\n    client-certificate: /home/x/tvarnell.crt\n",
        "tvarnell",
        "users:\n- name: ",
    ),
    (
        "contexts:\n- context:\n    cluster: prod\n    namespace: web\n    user: tvarnell\n  name: prod-web\n",
        "tvarnell",
        "    user: ",
    ),
    (
        "subjects:\n- kind: User\n  name: kalvik\n  apiGroup: rbac.authorization.k8s.io\n",
        "kalvik",
        "  name: ",
    ),
    (
        "subjects:\n- apiGroup: rbac.authorization.k8s.io\n  kind: User\n  name: kalvik\n",
        "kalvik",
        "  name: ",
    ),
    ("subject=CN = moravec, O = system:masters\n", "moravec", "O = system:masters"),
    ("subject=CN = moravec, O = app1 + O = app2\n", "moravec", "O = app1"),
    ("subject=O = system:masters, CN = moravec\n", "moravec", "O = system:masters"),
    ("Subject: CN=moravec, O=developers\n", "moravec", "O=developers"),
    (
        "        Subject: C=US, ST=Oregon, L=Portland, O=Ferrant Labs, CN=Ilsa Moravec/emailAddress=imoravec@ferrantlabs.com\n",
        "Ilsa Moravec",
        "C=US, ST=Oregon",
    ),
    (
        "subject=C = US, ST = Oregon, O = Ferrant Labs, CN = Ilsa Moravec, emailAddress = imoravec@ferrantlabs.com\n",
        "Ilsa Moravec",
        "C = US",
    ),
    (
        "subject=emailAddress=imoravec@ferrantlabs.com,CN=Ilsa Moravec,O=Ferrant Labs,C=US\n",
        "Ilsa Moravec",
        ",O=",
    ),
    (
        'openssl req -new -key quenby.pem -out quenby-csr.pem -subj "/CN=quenby/O=app1/O=app2"\n',
        "quenby",
        "/O=app1/O=app2",
    ),
    (
        '{"kind": "User", "name": "kalvik", "apiGroup": "rbac.authorization.k8s.io"}\n',
        "kalvik",
        '"kind": "User"',
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_kubernetes_identities_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), GO)
def test_a_persons_kubernetes_identity_goes(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    gone_and_kept(engine, text, value, kept)


def test_the_learned_user_goes_elsewhere_too(engine: Scrubber) -> None:
    gone_and_kept(
        engine,
        "users:\n- name: tvarnell\n  user:\n    client-certificate: /etc/kube/certs/tvarnell.crt\n    client-key: /etc/kube/certs/tvarnell.key\n",
        "tvarnell",
        "/etc/kube/certs/",
    )
