# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""microG's logcat lines and Android account placeholders (stop 56, scrubber 1.86.0; issue 35).

The tune miss and damage of batch 131 (``tests/outside_corpus/SOURCE.md``, "The stop-131
collection"), fixed by general rules:

* ``microg_response_name`` (``scrubbers/user_names.yaml``): the Google account's given and family
  name in the login response microG logs line by line under the tag ``GmsHttpFormClient``
  (microg/GmsCore's ``HttpFormClient``: ``Log.d(TAG, "-- Response --\\n" + result)``; its
  ``AuthResponse`` reads ``firstName`` and ``lastName`` beside ``Email``, ``Token``, ``SID``),
  learned with its words, so the name goes wherever the log repeats it; masks, empty values,
  ``null``, documentation's ``John``/``Doe`` and the login page's ``Android Device`` stay.
* ``microg_token_key`` (``scrubbers/allow.yaml``): the token cache's key microG's ``AuthManager``
  logs as ``peekAuthToken: <package>:<signing digest>:<scope>`` (``buildTokenKey``) is no token.
* ``google_signing_digests`` (``scrubbers/allow.yaml``): the SHA-1 digests of Google's app
  signing certificates (microG's ``Constants.GMS_PACKAGE_SIGNATURE_SHA1`` and
  ``GMS_SECONDARY_PACKAGE_SIGNATURE_SHA1``) in ``client_sig=``/``callerSig=`` are public.
* ``_OBJECT_STRING`` (``intake/scrub/context.py``): ``getAuthToken: Account {name=…, type=…}``
  (android.accounts.Account's ``toString``, logged by microG's authenticator) names the class,
  no token; the token the same authenticator logs on its own line still goes.
* ``single_letter_address`` (``scrubbers/allow.yaml``): ``a@b.com``, one letter at a domain of
  one letter under .com/.org/.net, is a stand-in address.

``MICROG_NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of
the same shapes that name nobody, which must stay as they are; ``MICROG_GO`` holds real values in
the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

MICROG_NOBODY = [
    "> D/GmsHttpFormClient( 3023): -- Response --\n> D/GmsHttpFormClient( 3023): Token=redacted\n> D/GmsHttpFormClient( 3023): Email=[redacted]@gmail.com\n> D/GmsHttpFormClient( 3023): firstName=redacted\n> D/GmsHttpFormClient( 3023): lastName=redacted\n",
    "D/GmsHttpFormClient( 3023): firstName=REDACTED\nD/GmsHttpFormClient( 3023): lastName=Redacted\n",
    "D/GmsHttpFormClient( 3023): firstName=<first name>\nD/GmsHttpFormClient( 3023): lastName=<last name>\n",
    "D/GmsHttpFormClient( 3023): firstName=null\nD/GmsHttpFormClient( 3023): lastName=null\n",
    "D/GmsHttpFormClient( 3023): firstName=John\nD/GmsHttpFormClient( 3023): lastName=Doe\n",
    "D/GmsHttpFormClient( 3023): firstName=Jane\nD/GmsHttpFormClient( 3023): lastName=Doe\n",
    "D/GmsHttpFormClient( 3023): firstName=Firstname\nD/GmsHttpFormClient( 3023): lastName=Lastname\n",
    "D/GmsHttpFormClient( 3023): firstName=First\nD/GmsHttpFormClient( 3023): lastName=Last\n",
    "D/GmsHttpFormClient( 3023): firstName=XXX\nD/GmsHttpFormClient( 3023): lastName=XXXX\n",
    "D/GmsHttpFormClient( 3023): firstName=Android\nD/GmsHttpFormClient( 3023): lastName=Device\n",
    "D/GmsHttpFormClient( 3023): firstName=My\nD/GmsHttpFormClient( 3023): lastName=Name\n",
    "D/GmsHttpFormClient( 3023): firstName=Your\nD/GmsHttpFormClient( 3023): lastName=Name\n",
    "D/GmsHttpFormClient( 3023): firstName=removed\nD/GmsHttpFormClient( 3023): lastName=hidden\n",
    "D/GmsHttpFormClient( 3023): firstName=...\nD/GmsHttpFormClient( 3023): lastName=…\n",
    "D/GmsHttpFormClient( 3023): firstName=%s\nD/GmsHttpFormClient( 3023): lastName={lastName}\n",
    "D/GmsHttpFormClient( 3023): firstName=none\nD/GmsHttpFormClient( 3023): lastName=-\n",
    "04-05 21:25:39.216  2979  4474 D GmsHttpFormClient: firstName=Test\n04-05 21:25:39.216  2979  4474 D GmsHttpFormClient: lastName=User\n",
    "04-05 21:25:39.216  2979  4474 W GmsHttpFormClient: Response line 'firstName=' not processed\n",
    "D/GmsAuthResponse( 3023): AuthResponse{auth='redacted', email='[redacted]', firstName='null', lastName='null'}\n",
    "The response holds firstName= and lastName= fields besides Email= and Token=.\n",
    '@ResponseField("firstName") public String firstName;\n',
    'const user = { firstName: "Ada", lastName: "Lovelace" };\n',
    "D/GmsHttpFormClient( 3023): services=mail,hist,talk,cl\nD/GmsHttpFormClient( 3023): GooglePlusUpdate=0\nD/GmsHttpFormClient( 3023): accountId=redacted\n",
    "D/GmsAuthManager( 1964): peekAuthToken: com.google.android.gm:38918a453d07199354f8b19af05ec6562ced5788:mail\n",
    "D/GmsAuthManager( 1964): peekAuthToken: com.google.android.gms:38918a453d07199354f8b19af05ec6562ced5788:oauth2:https://www.googleapis.com/auth/plus.me https://www.googleapis.com/auth/userinfo.email\n",
    "D/GmsAuthManager( 1964): peekAuthToken: com.whatsapp:38a0f7d505fe18fec64fbf343ecaaaf310dbd799:oauth2:https://www.googleapis.com/auth/drive.appdata\n",
    "D/GmsAuthManager( 1964): peekAuthToken: com.google.android.apps.photos:24bb24c05e47e0aefa68a58a766179d9b613a600:SID\n",
    "D/GmsAuthManager( 1964): peekAuthToken: com.google.android.gms:38918a453d07199354f8b19af05ec6562ced5788:audience:server:client_id:1086610230652-0sv5pfeelskq8sc6pl0j4p6bekf4nbpn.apps.googleusercontent.com\n",
    "D/GmsAuthManager( 1964): peekAuthToken: com.google.android.gms:38918a453d07199354f8b19af05ec6562ced5788:oauth2:https://www.googleapis.com/auth/games?include_email=1&include_profile=1\n",
    "D/GmsAuthManager( 1964): peekAuthToken: null\n",
    "D/GmsAuthManager( 1964): token present, but expired\n",
    "D/GmsAuthenticator( 1964): getAuthToken: Account {name=ACCOUNT_1, type=com.google}, mail, Bundle[{androidPackageName=com.google.android.gm, callerPid=3916, callerUid=10163, notifyOnAuthFailure=true}]\n",
    "D/GmsAuthenticator( 1964): getAuthToken: Account {name=ACCOUNT_1, type=com.google}, mail\n",
    "D/GmsAuthenticator( 1964): getAuthToken: Account {name=*****@gmail.com, type=com.google}, oauth2:https://www.googleapis.com/auth/drive, Bundle[{androidPackageName=com.google.android.apps.docs}]\n",
    "D/GmsAuthenticator( 1964): updateCredentials: Account {name=ACCOUNT_1, type=com.google}, mail, Bundle[{}]\n",
    "D/GmsAuthenticator( 1964): confirmCredentials: Account {name=ACCOUNT_1, type=com.google}, Bundle[{}]\n",
    "D/GmsAuthenticator( 1964): hasFeatures: Account {name=ACCOUNT_1, type=com.google}, [service_mail, service_gmailrenameeligible]\n",
    "D/GmsHttpFormClient( 3023): accountType=HOSTED_OR_GOOGLE&Email=user%40example.com&has_permission=1&app=com.google.android.gm&client_sig=38918a453d07199354f8b19af05ec6562ced5788&service=mail&source=android\n",
    "D/GmsHttpFormClient( 3023): app=com.google.android.gms&client_sig=38918A453D07199354F8B19AF05EC6562CED5788&callerPkg=com.google.android.gms&callerSig=38918a453d07199354f8b19af05ec6562ced5788\n",
    "D/GmsHttpFormClient( 3023): app=com.google.android.gms&client_sig=bd32424203e0fb25f36b57e5aa356f9bdd1da998&service=ac2dm\n",
    '    "client_sig": "38918a453d07199354f8b19af05ec6562ced5788",\n',
    'GMS_SIG = "38918a453d07199354f8b19af05ec6562ced5788"\n',
    "E/HttpTransaction(24718): java.lang.IllegalArgumentException: Non existing account a@b.com\n",
    "E/HttpTransaction(24718): java.lang.IllegalArgumentException: Non existing account A@B.com\n",
    "Account {name=a@b.com, type=com.google}\n",
    "--email a@b.com --name test\n",
    "to: x@y.com, cc: a@b.org\n",
    "E/HttpTransaction(24718): java.lang.IllegalArgumentException: Non existing account user@example.com\n",
    "Account {name=x@y.z, type=com.google}\n",
    "Account {name=foo@bar.com, type=com.google}\n",
]

MICROG_GO = [
    (
        "> D/GmsHttpFormClient( 3023): -- Response --\n> D/GmsHttpFormClient( 3023): Email=hollowreed@gmail.com\n> D/GmsHttpFormClient( 3023): firstName=Quill\n> D/GmsHttpFormClient( 3023): lastName=Marrow\n",
        ("hollowreed", "Quill", "Marrow"),
        "> D/GmsHttpFormClient( 3023): firstName=",
    ),
    (
        "04-05 21:25:39.216  2979  4474 D GmsHttpFormClient: firstName=Tomasz\n04-05 21:25:39.216  2979  4474 D GmsHttpFormClient: lastName=Wiśniewski\n",
        ("Tomasz", "Wiśniewski"),
        "D GmsHttpFormClient: lastName=",
    ),
    (
        "D/GmsHttpFormClient( 3023): firstName=Anne-Marie\nD/GmsHttpFormClient( 3023): lastName=van der Velde\n",
        ("Anne-Marie", "Velde"),
        "D/GmsHttpFormClient( 3023): lastName=",
    ),
    (
        "D/GmsHttpFormClient( 3023): firstName=Seán\nD/GmsHttpFormClient( 3023): lastName=O'Brannagh\nD/GmsHttpFormClient( 3023): accountId=108813467720345692214\n",
        ("Seán", "Brannagh"),
        "accountId=",
    ),
    (
        "D/GmsHttpFormClient(13023): firstName=Lorcan\nD/GmsHttpFormClient(13023): lastName=Pettigrew\nI/LoginActivity(13023): Welcome, Lorcan\n",
        ("Lorcan", "Pettigrew"),
        "I/LoginActivity(13023): Welcome, ",
    ),
    (
        "D/GmsAuthenticator( 1964): getAuthToken: KLYQcM4AMYdlstDwFHWwRvXOPX3hr_02oX9Z_xgUNXXcaxypiNuceyC2cZtldy8tmGftPZ.\n",
        ("KLYQcM4AMYdlstDwFHWwRvXOPX3hr_02oX9Z_xgUNXXcaxypiNuceyC2cZtldy8tmGftPZ",),
        "getAuthToken: ",
    ),
    (
        "D/GmsAuthenticator( 1964): getAuthToken: ya29.a0AfH6SMBx7Kq2Wm9PzR4tLc8VnYd3Hs5JgUe1Qo6XbTf0IwNk\n",
        ("a0AfH6SMBx7Kq2Wm9PzR4tLc8VnYd3Hs5JgUe1Qo6XbTf0IwNk",),
        "getAuthToken: ",
    ),
    (
        "D/GmsAuthenticator( 1964): getAuthToken: Account {name=hollowreed@gmail.com, type=com.google}, mail, Bundle[{androidPackageName=com.google.android.gm}]\n",
        ("hollowreed",),
        "getAuthToken: Account {name=",
    ),
    (
        "D/GmsAuthManager( 1964): peekAuthToken: aas_et/AKppINZq4Wm9PzR4tLc8VnYd3Hs5JgUe1Qo6XbTf0IwNkLx2\n",
        ("AKppINZq4Wm9PzR4tLc8VnYd3Hs5JgUe1Qo6XbTf0IwNkLx2",),
        "peekAuthToken: ",
    ),
    (
        "D/GmsHttpFormClient( 3023): app=com.example.app&client_sig=5c8e1f0a9b2d3c4e5f60718293a4b5c6d7e8f901&Token=aas_et/AKppINZq4Wm9PzR4tLc8VnYd3Hs5JgUe1Qo6XbTf\n",
        ("5c8e1f0a9b2d3c4e5f60718293a4b5c6d7e8f901", "AKppINZq4Wm9PzR4tLc8VnYd3Hs5JgUe1Qo6XbTf"),
        "app=com.example.app&client_sig=",
    ),
    (
        "E/HttpTransaction(24718): java.lang.IllegalArgumentException: Non existing account j@kowalski.de\n",
        ("kowalski",),
        "Non existing account ",
    ),
    ("Account {name=ab@c.com, type=com.google}\n", ("ab@c.com",), "Account {name="),
    ("Account {name=a@bc.com, type=com.google}\n", ("a@bc.com",), "Account {name="),
    ("password: alice.smith:hunter2\n", ("hunter2",), "password: "),
    ("token: com.example:Xk9vQ2mLp7Rt4Wz8\n", ("Xk9vQ2mLp7Rt4Wz8",), "token: "),
]


@pytest.mark.parametrize("text", MICROG_NOBODY)
def test_microg_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "values", "kept"), MICROG_GO)
def test_microg_private_value_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)
