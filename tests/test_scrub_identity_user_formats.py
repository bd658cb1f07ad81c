# ruff: noqa: E501  (the services' objects are kept whole, as they print them)
"""A person's name in identity services' user objects (stop 61, scrubber 1.152.0; issue 35): a
class rule written from the services' documented schemas, seen in no tune batch.

Measured by the coordinator under 1.145.0: SCIM 2.0's core User (RFC 7643, 4.1), Keycloak's
UserRepresentation, Okta's Users API, GitLab's and GitHub's Users API and Microsoft Graph's user
(``az ad signed-in-user show``) kept the person's name (a ``username``/``login`` was learned, the
``name``, ``firstName``/``lastName``, ``givenName``/``familyName``/``surname`` and
``displayName`` were not). ``user_names.yaml``'s ``identity_user_object_name`` learns them only
inside an object the schema marks as a user (a login, e-mail or UPN key beside them, SCIM's User
schema URN, ``"type": "User"``), so they go wherever the text repeats them.

``IDENTITY_NOBODY`` is the harm hunt the rule was attacked with before it was kept: objects of the
same services naming nobody (packages, repositories, apps, roles, groups, bots, organisations,
tenants, subscriptions) and placeholder users, which must be unchanged.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

IDENTITY_NOBODY = [
    # SCIM 2.0 (RFC 7643): the RFC's own example user, a Group, placeholders
    '{\n  "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],\n  "id": "2819c223-7f76-453a-919d-413861904646",\n  "userName": "bjensen@example.com",\n  "name": {\n    "formatted": "Babs Jensen",\n    "familyName": "Jensen",\n    "givenName": "Barbara"\n  },\n  "displayName": "Babs Jensen"\n}\n',
    '{\n  "schemas": ["urn:ietf:params:scim:schemas:core:2.0:Group"],\n  "id": "e9e30dba-f08f-4109-8486-d5c6a331660a",\n  "displayName": "Tour Guides",\n  "members": [\n    {"value": "2819c223-7f76-453a-919d-413861904646", "display": "Babs Jensen"}\n  ]\n}\n',
    '{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"test.user@example.com","name":{"givenName":"Test","familyName":"User"},"displayName":"Test User","active":true}\n',
    '{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"jdoe","name":{"formatted":"John Doe","givenName":"John","familyName":"Doe"},"displayName":"John Doe"}\n',
    '{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"username","name":{"givenName":"Given","familyName":"Family"},"active":false}\n',
    # Keycloak admin REST: roles, groups, clients, the admin user
    '[\n  {\n    "id": "5b0c5a2e-6f4e-4b8a-9d1c-0e4a8f1e2b3c",\n    "name": "offline_access",\n    "description": "${role_offline-access}",\n    "composite": false,\n    "clientRole": false\n  },\n  {\n    "id": "a1b2c3d4-0000-4000-8000-000000000001",\n    "name": "Realm Manager",\n    "composite": true\n  }\n]\n',
    '[{"id":"1f0b1c9e-2f3a-4c5d-8e9f-0a1b2c3d4e5f","name":"Sales Team","path":"/Sales Team","subGroups":[]}]\n',
    '{"id":"7e1c1f7a-3b1d-4a9a-9c1b-2f3e4d5c6b7a","clientId":"my-app","name":"My Frontend App","enabled":true,"publicClient":true}\n',
    '{"id":"0d4c5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f","username":"admin","enabled":true,"firstName":"Admin","lastName":"User","email":"admin@example.com"}\n',
    # Okta Users API: a group, an app, placeholders
    '{"id":"00g1emaKYZTWRYYRRTSK","type":"OKTA_GROUP","profile":{"name":"West Coast Users","description":"All Users West of The Rockies"}}\n',
    '{"id":"0oa1gjh63g214q0Hq0g4","name":"bookmark","label":"Sample Bookmark App","status":"ACTIVE","signOnMode":"BOOKMARK"}\n',
    '{"id":"00ub0oNGTSWTBKOLGLNR","status":"ACTIVE","profile":{"firstName":"Jane","lastName":"Doe","email":"jane.doe@example.com","login":"jane.doe@example.com"}}\n',
    # GitLab: a project with its namespace, a group, a bot user
    '{"id":3,"name":"Diaspora Project Site","name_with_namespace":"Diaspora / Diaspora Project Site","path":"diaspora-project-site","namespace":{"id":3,"name":"Diaspora","path":"diaspora","kind":"group"}}\n',
    '{"id":5,"name":"Platform Engineering","path":"platform-engineering","description":"","visibility":"private","full_name":"Platform Engineering"}\n',
    '{"id":42,"username":"support-bot","name":"Release Pipeline","state":"active","bot":true}\n',
    # GitHub: a bot, an organisation, an app, a repository, a commit by the web flow
    '{"login":"dependabot[bot]","id":49699333,"type":"Bot","site_admin":false}\n',
    '{"login":"github","id":9919,"type":"Organization","name":"Octo Org","company":null,"email":null}\n',
    '{"id":1,"slug":"octoapp","name":"Octo App","owner":{"login":"github","id":9919,"type":"Organization"},"description":""}\n',
    '{"id":1296269,"name":"Hello-World","full_name":"octocat/Hello-World","owner":{"login":"octocat","id":1,"type":"User"},"description":"My First Repo"}\n',
    '{"sha":"7638417db6d59f3c431d3e1f261cc637155684cd","commit":{"author":{"name":"GitHub Enterprise","email":"noreply@github.com"},"committer":{"name":"GitHub","email":"noreply@github.com"},"message":"Fix all the bugs"}}\n',
    # Microsoft Graph, az: a group, a service principal, a tenant, a subscription
    '{\n  "@odata.type": "#microsoft.graph.group",\n  "displayName": "Marketing Leads",\n  "mail": null,\n  "mailEnabled": true,\n  "mailNickname": "marketingleads",\n  "securityEnabled": false\n}\n',
    '{\n  "appDisplayName": "Contoso Portal",\n  "appId": "00000000-0000-0000-0000-000000000000",\n  "displayName": "Contoso Portal",\n  "servicePrincipalType": "Application"\n}\n',
    '{\n  "environmentName": "AzureCloud",\n  "id": "00000000-0000-0000-0000-000000000000",\n  "isDefault": true,\n  "name": "Pay As You Go",\n  "state": "Enabled",\n  "tenantDisplayName": "Default Directory",\n  "user": {\n    "name": "admin@example.com",\n    "type": "user"\n  }\n}\n',
    '{\n  "displayName": "Test User",\n  "givenName": "Test",\n  "surname": "User",\n  "userPrincipalName": "testuser@contoso.onmicrosoft.com"\n}\n',
    # a list mixing a user's object with groups and an organisation beside it (the name is in their objects)
    '[{"id":"g1","name":"Field Operations","path":"/Field Operations"},{"id":"u1","username":"admin","firstName":"Admin","lastName":null,"email":null},{"id":"g2","name":"North Region","path":"/North Region"}]\n',
    '{"login":"admin","type":"User","organization":{"login":"github","type":"Organization","name":"Open Source Office"}}\n',
    # YAML (not read: no braces to bound an object) and a Python dict's single quotes
    "users:\n- username: admin\n  firstName: Admin\n  lastName: User\nroles:\n- name: Realm Admin\n",
    "{'name': 'Release Pipeline', 'login': 'ci'}\n",
    # a package and prose
    '{\n  "name": "my-app",\n  "version": "1.0.0",\n  "description": "Example App",\n  "license": "MIT"\n}\n',
    'The SCIM User resource has "userName", and "name" holds "givenName" and "familyName"; GitHub\'s user has "login" and "name".\n',
]

IDENTITY_GO = [
    (
        '{\n  "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],\n  "id": "6f1b9c1e-8a2d-4f3e-9b5c-7d8e9f0a1b2c",\n  "userName": "ihalvorsen",\n  "name": {\n    "formatted": "Ingrid Halvorsen",\n    "familyName": "Halvorsen",\n    "givenName": "Ingrid"\n  },\n  "displayName": "Ingrid Halvorsen",\n  "active": true\n}\n',
        ["Ingrid", "Halvorsen", "ihalvorsen"],
        '"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"]',
    ),
    (
        '{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"name":{"givenName":"Tomasz","familyName":"Wierzbicki"},"userName":"twierzbicki","active":true}\n',
        ["Tomasz", "Wierzbicki", "twierzbicki"],
        '"active":true',
    ),
    (
        '[\n  {\n    "id": "b2d5c1f4-1a2b-4c3d-8e9f-0a1b2c3d4e5f",\n    "createdTimestamp": 1700000000000,\n    "username": "pramanathan",\n    "enabled": true,\n    "totp": false,\n    "emailVerified": true,\n    "firstName": "Priya",\n    "lastName": "Ramanathan",\n    "disableableCredentialTypes": [],\n    "requiredActions": [],\n    "notBefore": 0,\n    "access": {\n      "manageGroupMembership": true,\n      "view": true\n    }\n  }\n]\n',
        ["Priya", "Ramanathan", "pramanathan"],
        '"manageGroupMembership": true',
    ),
    (
        '{"id":"00u1f96ECLNVOKVMUSEA","status":"ACTIVE","created":"2024-01-01T00:00:00.000Z","profile":{"firstName":"Dario","lastName":"Castellucci","mobilePhone":null,"secondEmail":null,"login":"dario.castellucci@acme-widgets.io","email":"dario.castellucci@acme-widgets.io"},"credentials":{"provider":{"type":"OKTA","name":"OKTA"}}}\n',
        ["Dario", "Castellucci"],
        '"provider":{"type":"OKTA","name":"OKTA"}',
    ),
    (
        '{"id":"00u2k4ETBZHQVXFLNWZC","status":"PROVISIONED","profile":{"login":"lnakagawa","firstName":"Leiko","lastName":"Nakagawa","email":null},"type":{"id":"oty1ha4hphNjBm6ZP0g5"}}\n',
        ["lnakagawa", "Leiko", "Nakagawa"],
        '"status":"PROVISIONED"',
    ),
    (
        '{\n  "id": 17,\n  "username": "moprea",\n  "name": "Mirela Oprea",\n  "state": "active",\n  "locked": false,\n  "avatar_url": "https://gitlab.example.com/uploads/-/system/user/avatar/17/avatar.png",\n  "web_url": "https://gitlab.example.com/moprea"\n}\n',
        ["Mirela Oprea", "moprea"],
        '"state": "active"',
    ),
    (
        '{\n  "login": "kasante",\n  "id": 5811234,\n  "type": "User",\n  "site_admin": false,\n  "name": "Kwame Asante",\n  "company": null,\n  "blog": "",\n  "location": "Accra"\n}\n',
        ["Kwame Asante", "kasante"],
        '"site_admin": false',
    ),
    (
        '{\n  "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users/$entity",\n  "businessPhones": [],\n  "displayName": "Annelise Brandtner",\n  "givenName": "Annelise",\n  "jobTitle": null,\n  "mail": null,\n  "surname": "Brandtner",\n  "userPrincipalName": "abrandtner@fabrikamtoys.onmicrosoft.com",\n  "id": "4f8e2d1c-0b9a-4c7e-8f6d-5e4c3b2a1f0e"\n}\n',
        ["Annelise", "Brandtner"],
        '"@odata.context"',
    ),
    (
        '{"displayName":"Oskar Lindqvist","id":"5a6b7c8d-0000-4000-8000-000000000002","userPrincipalName":"olindqvist@fabrikamtoys.onmicrosoft.com"}\n',
        ["Oskar Lindqvist"],
        '"id":"5a6b7c8d-0000-4000-8000-000000000002"',
    ),
]


@pytest.mark.parametrize("text", IDENTITY_NOBODY)
def test_identity_object_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), IDENTITY_GO)
def test_identity_user_object_name_goes(
    engine: Scrubber, text: str, values: list[str], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept)
