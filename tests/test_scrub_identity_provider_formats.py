# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Single sign-on and identity debugging as people paste it (stop 57, scrubber 1.97.0; issue 35).

The tune misses and damage of batch 139 (``tests/outside_corpus/SOURCE.md``, "The stop-139
collection"), fixed by general rules:

* ``oidc_standard_claims`` (``scrubbers/user_names.yaml``): an ID token's (or UserInfo
  answer's) standard claims, OpenID Connect Core 1.0, 5.1: ``name`` (two to four capitalised
  words), ``given_name``/``family_name`` (only with no ``name`` in the object),
  ``preferred_username`` and ``nickname`` (a login), read inside an object holding an issuer
  URL or another OIDC-only claim; the name's words go wherever the paste repeats them (so the
  surname in a personal issuer ``https://sso.<surname>.dev`` goes with the name).
* ``authelia_users_file_login`` and ``authelia_users_file_displayname``: Authelia's file
  backend (``users_database.yml``): the key under ``users:`` is a login, ``displayname`` the
  user's name (the documentation's ``john``/``harry``/``bob``/``james`` at ``@authelia.com``
  stay).
* ``allow.yaml``'s ``edu_person_scoped_affiliation``: ``member@<scope>`` and the rest of the
  eduPersonAffiliation vocabulary before ``@`` are affiliations, no mailboxes.
* ``allow.yaml``'s ``credential_words_glued`` and ``typed_runs_key_length``: ``secretsecret``,
  ``cookiesecret``, ``abc123456def1111`` are what a poster types where a cookie secret goes.
* ``context._OBJECT_STRING``: Go's printed struct (``Session{email:… user:…}``, oauth2-proxy's
  ``SessionState.String``) after ``Authenticated via OAuth2:`` is no token.

``*_NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of the
same shapes from several identity providers and tools that name nobody, which must stay as
they are; ``*_GO`` the real values in the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

OIDC_NOBODY = [
    '{\n  "iss": "https://sso.example.com/oauth2/openid/opkssh",\n  "sub": "7b89b6ea-1e8b-4aa8-98fb-a70cba498d16",\n  "aud": "opkssh",\n  "name": "Demo User",\n  "preferred_username": "demo_user@sso.example.com",\n  "email_verified": true\n}',
    '{\n  "iss": "http://localhost:8080/realms/master",\n  "aud": "account",\n  "typ": "ID",\n  "azp": "myclient",\n  "email_verified": false,\n  "preferred_username": "service-account-myclient"\n}',
    '{"iss":"http://localhost:8080/realms/test","sub":"f1b3c7e2-1111-2222-3333-444455556666","typ":"Bearer","azp":"web_app","preferred_username":"admin","given_name":"Admin","family_name":"Admin","name":"Admin Admin","email":"admin@example.com"}',
    '{\n  "iss": "https://server.example.com",\n  "sub": "248289761001",\n  "aud": "s6BhdRkqt3",\n  "name": "Jane Doe",\n  "given_name": "Jane",\n  "family_name": "Doe",\n  "preferred_username": "j.doe",\n  "email": "janedoe@example.com",\n  "picture": "http://example.com/janedoe/me.jpg"\n}',
    '{\n  "iss": "https://auth.example.com/application/o/grafana/",\n  "sub": "3c4d0f0b1e0d",\n  "name": "authentik Default Admin",\n  "given_name": "authentik Default Admin",\n  "preferred_username": "akadmin",\n  "nickname": "akadmin",\n  "groups": ["authentik Admins"]\n}',
    '{\n  "iss": "http://localhost:8080",\n  "sub": "228029493712240643",\n  "name": "ZITADEL Admin",\n  "given_name": "ZITADEL",\n  "family_name": "Admin",\n  "preferred_username": "zitadel-admin@zitadel.localhost",\n  "locale": "en"\n}',
    '{\n  "iss": "https://gitlab.example.com",\n  "sub": "1",\n  "aud": "0a1b2c",\n  "name": "Administrator",\n  "nickname": "root",\n  "preferred_username": "root",\n  "email": "admin@example.com"\n}',
    '{\n  "iss": "http://127.0.0.1:5556/dex",\n  "aud": "example-app",\n  "email": "admin@example.com",\n  "email_verified": true,\n  "name": "admin"\n}',
    "{'iss': 'https://keycloak.local/realms/demo', 'sub': 'abc', 'name': 'Test User', 'given_name': 'Test', 'family_name': 'User', 'preferred_username': 'test'}",
    '{\n  "iss": "https://kanidm.example.com/oauth2/openid/grafana",\n  "name": "{{ .Name }}",\n  "preferred_username": "${username}",\n  "given_name": "<given_name>",\n  "family_name": "<family_name>"\n}',
    '{\n  "name": "My Example App",\n  "version": "1.2.0",\n  "description": "Sign In With Google",\n  "author": "Example Team"\n}',
    '{\n  "iss": "https://sso.example.com",\n  "name": "Service Account",\n  "preferred_username": "service-account-grafana",\n  "client": {"name": "Grafana Dashboard"}\n}',
]

OIDC_GO = [
    (
        '{\n  "iss": "https://sso.example.com/oauth2/openid/opkssh",\n  "aud": "opkssh",\n  "name": "Marit Oksanen",\n  "preferred_username": "moksanen",\n  "email_verified": true\n}',
        ("Marit", "Oksanen", "moksanen"),
        '"preferred_username": "',
    ),
    (
        "{'iss': 'https://keycloak.acme-corp.net/realms/staff', 'typ': 'ID', 'name': 'Dario Ferrante', 'preferred_username': 'dferrante', 'given_name': 'Dario', 'family_name': 'Ferrante'}",
        ("Dario", "Ferrante", "dferrante"),
        "'given_name': '",
    ),
    (
        '{\n  "sub": "c5f2a1",\n  "given_name": "Ilse",\n  "family_name": "Brakenhoff",\n  "preferred_username": "ibrak"\n}',
        ("Ilse", "Brakenhoff", "ibrak"),
        '"family_name": "',
    ),
    (
        '{"iss":"https://gitlab.example.com","sub":"42","nickname":"qvandal","name":"Quentin Vandal","email":"q@vandal-lab.org"}',
        ("qvandal", "Quentin", "Vandal"),
        '"iss":"https://gitlab.example.com"',
    ),
    (
        '{\n  "iss": "https://sso.dembowski.dev/oauth2/openid/opkssh",\n  "name": "Hanne Dembowski",\n  "email": "hanne@dembowski.dev",\n  "groups": ["idm_all_persons@sso.dembowski.dev"]\n}',
        ("Hanne", "Dembowski"),
        "/oauth2/openid/opkssh",
    ),
]

AUTHELIA_NOBODY = [
    'users:\n  admin:\n    disabled: false\n    displayname: "Admin User"\n    password: "$argon2id$v=...."\n    email: admin@example.com\n    groups:\n      - admins',
    'users:\n  ${AUTHELIA_USER}:\n    displayname: "${AUTHELIA_DISPLAYNAME}"\n    password: "${AUTHELIA_PASSWORD_HASH}"\n    email: "${AUTHELIA_EMAIL}"',
    'users:\n  user1:\n    displayname: "User One"\n    password: "$argon2id$v=...."\n    email: user1@example.com\n  guest:\n    displayname: "Guest"\n    password: "$argon2id$v=...."',
    "users:\n  - name: admin\n    groups: [admins]\n  - name: developer\n    groups: [dev]",
    'staticPasswords:\n- email: "admin@example.com"\n  hash: "$2a$10$..."\n  username: "admin"\n  userID: "08a8684b-db88-4b73-90a9-3cd1661f5466"',
    'users:\n  authelia:\n    displayname: "Authelia"\n    password: "$argon2id$v=...."\n    groups:\n      - admins',
]

AUTHELIA_FIXTURE = (
    "users:\n  john:\n    disabled: false\n    displayname: 'John Doe'\n    password: '$argon2id$v=...'\n    email: 'john.doe@authelia.com'\n"
    '  harry:\n    displayname: "Harry Potter"\n    password: "$argon2id$v=..."\n    email: harry.potter@authelia.com\n    groups: []\n'
)

AUTHELIA_GO = [
    (
        'users:\n  kvasquez:\n    disabled: false\n    displayname: "Kira Vasquez"\n    password: "$argon2id$v=...."\n    email: kira@example.com\n    groups:\n      - admins',
        ("kvasquez", "Kira", "Vasquez"),
        "    disabled: false\n",
    ),
    (
        'users:\n  admin:\n    displayname: "Admin"\n    password: "$argon2id$v=...."\n  olmo:\n    password: "$argon2id$v=...."\n    displayname: "Olmo Ruiz"\n    email: olmo@example.net',
        ("olmo", "Ruiz"),
        'users:\n  admin:\n    displayname: "Admin"\n',
    ),
    (
        'stringData:\n    users_database.yml: |\n        users:\n          zerbin7:\n            displayname: "Zerbin7"\n            password: "$argon2id$v=...."\n            email: mail@zerbin7.de',
        ("zerbin7",),
        "users_database.yml: |\n",
    ),
]

SECRET_NOBODY = [
    'cookie_secret = "secretsecret"',
    "--cookie-secret=abc123456def1111",
    "--cookie-secret=cookiesecret",
    'session_secret: "secretsecretsecret"',
    "SECRET_KEY=abcdefabcdef123456",
    "--cookie-secret=qwertyuiop123456",
    'jwt_secret: "aaaabbbbccccdddd"',
    "OAUTH2_PROXY_COOKIE_SECRET=0123456789abcdef",
]

SECRET_GO = [
    ('cookie_secret = "Qx7Hf2pLm9Rt4Ws8"', "Qx7Hf2pLm9Rt4Ws8"),
    ("--cookie-secret=abc123456def1112x", "abc123456def1112x"),
    ('cookie_secret = "secretsecret7"', "secretsecret7"),
    ('password = "abcabc"', "abcabc"),
    ("--cookie-secret=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi"),
]

AFFILIATION_NOBODY = [
    "affiliation: member@wm.edu",
    "affiliation: member@example.org;staff@example.org",
    "eduPersonScopedAffiliation: member@example.edu",
    "eduPersonScopedAffiliation: faculty@uni-example.de;employee@uni-example.de;member@uni-example.de",
    "Shib-EP-ScopedAffiliation: student@campus.example.ac.uk",
    '<saml:Attribute Name="urn:oid:1.3.6.1.4.1.5923.1.1.1.9" FriendlyName="eduPersonScopedAffiliation"><saml:AttributeValue>staff@idp.example.org</saml:AttributeValue></saml:Attribute>',
    "scoped-affiliation: library-walk-in@lib.example.edu, alum@lib.example.edu",
]

AFFILIATION_GO = [
    ("mail: faculty.jones@uni-example.edu", "faculty.jones@uni-example.edu"),
    ("mail: member@gmail.com", "member@gmail.com"),
    ("eppn: mvoigt@uni-example.de", "mvoigt@uni-example.de"),
]

SESSION_NOBODY = [
    "[2025/04/10 02:09:40] [oauthproxy.go:1030] Authenticated via OAuth2: Session{email:user@example.com user:user PreferredUsername:user token:true id_token:true created:2025-04-10 02:09:40 +0000 UTC}",
    "172.17.0.8 - - [2020/06/17 22:11:41] [AuthSuccess] Authenticated via OAuth2: Session{email:admin@example.com user:108 PreferredUsername: token:true}",
    "oauthproxy.go:1157: 10.0.0.1 - authentication via OAuth2: Session{email:test@test.com user:test token:true}",
    "[2025/04/10 02:09:40] [oauthproxy.go:1030] Authenticated via OAuth2: SessionState{email:test@test.com}",
    "172.17.0.8 - - [2020/06/17 22:11:41] [AuthFailure] Invalid authentication via OAuth2: unauthorized",
]

SESSION_GO = [
    (
        "Authorization: OAuth2 Zm9vYmFyMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1u",
        "Zm9vYmFyMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1u",
    ),
    (
        "Authenticated via OAuth2: Session{email:kira.vasquez@acme-corp.net user:kv}",
        "kira.vasquez@acme-corp.net",
    ),
]


@pytest.mark.parametrize(
    "text",
    OIDC_NOBODY + AUTHELIA_NOBODY + SECRET_NOBODY + AFFILIATION_NOBODY + SESSION_NOBODY,
)
def test_identity_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text + "\n") == text + "\n"


@pytest.mark.parametrize(("text", "values", "kept"), OIDC_GO + AUTHELIA_GO)
def test_identity_user_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    out = scrubbed(engine, text + "\n")
    for value in values:
        assert value.lower() not in out.lower(), out
    assert kept in out, out


def test_authelia_documentation_users_stay(engine: Scrubber) -> None:
    out = scrubbed(engine, AUTHELIA_FIXTURE)
    for kept in ("  john:\n", "'John Doe'", "  harry:\n", '"Harry Potter"'):
        assert kept in out, out


@pytest.mark.parametrize(("text", "value"), SECRET_GO + AFFILIATION_GO + SESSION_GO)
def test_identity_secret_or_address_goes(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text + "\n")
    assert value not in out, out
