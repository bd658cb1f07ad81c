# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Media downloaders' command lines, logs and configs (stop 56, scrubber 1.81.0; issue 35).

The tune misses and damage of batch 126 (``tests/outside_corpus/SOURCE.md``, "The stop-126
collection"), each by a general rule:

* ``ytdl_username`` (``scrubbers/user_names.yaml``): the value of youtube-dl's and yt-dlp's
  ``-u``/``--username`` (and ``--ap-username``, the TV provider's login) in a command that runs
  one of them (their READMEs, "Authentication Options": ``-u, --username USERNAME  Login with
  this account ID``; ``--ap-username USERNAME  Multiple-system operator account login``), bare,
  after ``=``, or quoted in straight or typographic quotes, a quoted value also with spaces
  (a person's name typed as the login), is the site account's login, learned. yt-dlp's
  documented special logins (``oauth``, ``oauth2``: YouTube's and SoundCloud's OAuth;
  ``token``, ``refresh``, ``cache``: digitalconcerthall's, fancode's and sonyliv's token logins),
  the ``-v`` output's ``PRIVATE`` masks and other upper-case words, variables, placeholders,
  digits (sonyliv's mobile number), prose words and an address (the e-mail rule's) stay;
* ``gallery_dl_logging_in_as`` (``scrubbers/user_names.yaml``): gallery-dl's ``[<category>][info]
  Logging in as <login>`` (its extractors' ``self.log.info("Logging in as %s", username)``,
  through its default log format ``[{name}][{levelname}] {message}``, level names lower-cased:
  gallery_dl/output.py) names the account ``-u``/``"username"`` logs in with, learned;
  placeholders, masks, ``anonymous`` and an address stay;
* damage: a placeholder login spelt ``my``/``your`` + a site's name + ``username``, glued
  (``myinstagramusername``, ``mytwitterusername``), and ``myemail`` are placeholders
  (``user_names.yaml``'s ``placeholder_name``, beside ``myusername`` and ``myTwitterUsername``);
* damage: a value in typographic quotes (``‘…’``, ``“…”``, as a word processor or a chat app
  writes straight quotes) is read as quoted (``intake/scrub/context.py``'s assigned-secret
  recognizer, ``recognizers.yaml``'s ``password_option``), so a placeholder
  (``--password ‘password’``, ``“PRIVATE”``) stays as it does in straight quotes and a real
  password goes with its quotes kept.

``NOBODY`` is the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody, which must stay as they are (``NOBODY_FILES`` likewise as
``.json`` files). ``GO`` holds invented values in the same places, which must go.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from intake.scrub.files import scrub_file_text
from tests.support.scrubbing import gone_and_kept, scrubbed

URL = "https://www.youtube.com/watch?v=BaW_jenozKc"

NOBODY = [
    # youtube-dl's and yt-dlp's -u/--username: masks, placeholders, variables, documented
    # special logins, digits, prose, an address
    f"youtube-dl -v --username 'PRIVATE' --password 'PRIVATE' {URL}",
    f'pi@speaker:~ $ youtube-dl -v --username="PRIVATE" {URL}',
    f"youtube-dl -v --username ‘PRIVATE’ --password ‘PRIVATE’ {URL}",
    f"youtube-dl -v --username “PRIVATE” --password “PRIVATE” {URL}",
    f"yt-dlp -u USERNAME -p PASSWORD {URL}",
    f"yt-dlp -u ‘USERNAME’ -p ‘PASSWORD’ {URL}",
    f"yt-dlp -u <username> -p <password> {URL}",
    f'yt-dlp -u "<your username>" -p "<your password>" {URL}',
    'yt-dlp --username "$user" --password "$pass" -o "%(title)s.%(ext)s" "$url"',
    'yt-dlp --username "${YT_USER}" --password "${YT_PASS}" "$url"',
    f"yt-dlp --username oauth2 --password '' {URL}",
    f'yt-dlp --username oauth --password "" {URL}',
    "yt-dlp --username oauth --password <oauth_token> https://soundcloud.com/forss/flickermood",
    "yt-dlp --username token --password ACCESS_TOKEN https://www.digitalconcerthall.com/en/concert/51841",
    "yt-dlp --username refresh --password <refresh_token> https://fancode.com/video/15043",
    "yt-dlp --username cache --password x https://www.digitalconcerthall.com/en/concert/51841",
    f"youtube-dl -v --username 'John Doe' --password 'password' {URL}",
    f"youtube-dl -v --username 'First Last' --password 'xxx' {URL}",
    f"youtube-dl -v --username 'First Last' --password ‘password’ {URL}",
    f"youtube-dl -v --username 'Your Name' --password “password” {URL}",
    f'yt-dlp --username "Your Username" --password "xxxx" {URL}',
    f'youtube-dl -u "" -p "" {URL}',
    f"youtube-dl --password password {URL}",
    f"youtube-dl --password ‘password’ {URL}",
    f"youtube-dl --password “password” {URL}",
    f"youtube-dl --password ‘PASSWORD’ {URL}",
    f"youtube-dl --password ‘’ {URL}",
    f"yt-dlp -u username -p password {URL}",
    f"yt-dlp -u user -p pass {URL}",
    f"yt-dlp -u myusername -p mypassword {URL}",
    f"yt-dlp -u your_username -p your_password {URL}",
    f"yt-dlp -u email -p password {URL}",
    f'ubuntu:~$ youtube-dl {URL} -u USERNAME@gmail.com" -p "PASSWORD"',
    f"yt-dlp -u you@example.com -p PASSWORD {URL}",
    f"yt-dlp --ap-mso Spectrum --ap-username USERNAME --ap-password PASSWORD {URL}",
    f"yt-dlp --ap-mso Spectrum --ap-username <username> --ap-password <password> {URL}",
    "yt-dlp --username 9876543210 https://www.sonyliv.com/shows/x-1700000000",
    "yt-dlp: use --username and --password to log in, or --netrc",
    "yt-dlp supports -u with your account ID and -p with its password",
    "[niconico] sm9: Use --username and --password, --netrc-cmd, or --netrc (niconico) to provide account credentials",
    "  -u, --username USERNAME         Login with this account ID\n  -p, --password PASSWORD         Account password. If this option is left\n                                  out, yt-dlp will ask interactively",
    "[debug] Command-line args: [u'-v', u'--username', u'PRIVATE', u'--password', u'PRIVATE', u'https://www.youtube.com/watch?v=BaW_jenozKc']",
    "[debug] Command-line config: ['-vU', '--username', 'PRIVATE', '--password', 'PRIVATE', 'https://www.youtube.com/watch?v=BaW_jenozKc']",
    f"yt-dlp -v -o '~/video/%(title)s.%(ext)s' --config-location '~/.config/yt-dlp/config' {URL}",
    f"sudo -u www-data yt-dlp {URL}",
    f"yt-dlp --exec 'sudo -u www-data mv {{}} /srv/media/' {URL}",
    f"youtube-dl {URL} | sudo -u www-data tee /srv/out.log",
    f'yt-dlp -p "$YT_PASS" {URL}',
    f"yt-dlp -u USERNAME -p ‘PRIVATE’ {URL}",
    f"yt-dlp -p “<password>” {URL}",
    f"yt-dlp -u bob@example.com -p -v {URL}",
    "See https://github.com/ytdl-org/youtube-dl/issues/22600 and https://github.com/yt-dlp/yt-dlp/wiki/FAQ",
    "I ran youtube-dl with -u and -p but it still asks",
    f"yt-dlp {URL} && sudo -u www-data ls",
    # typographic quotes around other secrets' placeholders
    "password=‘password’",
    "password: “password”",
    "PASSWORD=“<your password>”",
    "api_key = “YOUR_API_KEY”",
    "token: ‘xxxxxxxx’",
    # gallery-dl's `[<category>][info] Logging in as …` naming nobody, and its other lines
    "[pixiv][info] Logging in as USERNAME",
    "[instagram][info] Logging in as <username>",
    "[twitter][info] Logging in as ***",
    "[pixiv][info] Logging in as your-username",
    "[gallery-dl][info] Logging in as anonymous",
    "[deviantart][info] Logging in as username",
    "[instagram][info] Logging in as myusername",
    "[kemono][info] Logging in as user",
    "[sankaku][info] Logging in as xxxx",
    "[aryion][info] Logging in as ********",
    "[pixiv][info] Logging in as [REDACTED]",
    "[pixiv][info] Logging in as REDACTED",
    "[nijie][info] Logging in as user@example.com",
    "[pixiv][info] Logging in as myinstagramusername",
    "[pixiv][info] Refreshing access token\n[oauth][info] Writing 'refresh-token' to cache",
    'gallery-dl -u "<valid_username>" -p "<valid_password>" -v https://www.instagram.com/instagram',
    '"actions": {\n    "info:Logging in as .+"   : "level = debug",\n    "warning:(?i)unable to .+": "exit 127"\n}',
    'It stops after "Logging in as" and then prints AuthenticationError',
    # a gallery-dl config's credentials as placeholders, read as text
    '"username": "myinstagramusername",\n"password": "myinstagrampassword"',
    '"username": "mytwitterusername",\n"password": "mytwitterpassword"',
    '"username": "MyInstagramUsername",',
    '"username": "mypixivusername",',
    '"username": "yourdeviantartusername",',
    '"username": "my_twitter_username",',
    '"username": "mytwitter_username",',
    '"username": "myemail",',
    '"username": "myUsername",\n"password": "myPassword"',
    '"username": "myusername",\n"password": "mypassword"',
    "gallery-dl -u myinstagramusername -p myinstagrampassword https://www.instagram.com/instagram",
    "gallery-dl -u mytwitterusername -p mytwitterpassword https://twitter.com/x",
    f"yt-dlp -u myyoutubeusername -p myyoutubepassword {URL}",
]

NOBODY_FILES = [
    '{\n    "extractor": {\n        "instagram": {\n            "username": "myinstagramusername",\n            "password": "myinstagrampassword"\n        }\n    }\n}\n',
    '{\n    "extractor": {\n        "twitter": {\n            "username": "mytwitterusername",\n            "password": "mytwitterpassword"\n        },\n        "pixiv": {\n            "username": "mypixivusername"\n        }\n    }\n}\n',
    '{\n    "extractor": {\n        "instagram": {\n            "username": "myemail",\n            "password": "mypassword"\n        }\n    }\n}\n',
]

GO = [
    (
        f"youtube-dl -v --username 'Maren Ostby' --password 'Tr0ub4dor3' {URL}\n[debug] Command-line args: [u'-v', u'--username', u'PRIVATE', u'--password', u'PRIVATE', u'{URL}']",
        ("Maren Ostby", "Maren", "Ostby", "Tr0ub4dor3"),
        "[debug] Command-line args: [u'-v', u'--username', u'PRIVATE'",
    ),
    (
        f"youtube-dl -v --username “Tomasz Wierzbicki” --password ‘Tr0ub4dor3’ {URL}",
        ("Tomasz", "Wierzbicki", "Tr0ub4dor3"),
        " --password ‘",
    ),
    (f"yt-dlp -u kvoronin -p 'S3cr3t-x9' {URL}", ("kvoronin", "S3cr3t-x9"), "yt-dlp -u "),
    (f"yt-dlp --username=tessa.hart {URL}", ("tessa.hart",), "yt-dlp --username="),
    (
        f'PS C:\\> youtube-dl.exe -u "brannigan" -p "Qw3rty!77" {URL}',
        ("brannigan", "Qw3rty!77"),
        "youtube-dl.exe -u ",
    ),
    (
        f"$ python3 -m yt_dlp --username ‘okafor_d’ {URL}",
        ("okafor_d",),
        "--username ‘",
    ),
    (
        f"yt-dlp --ap-mso Comcast_SSO --ap-username pvasquez --ap-password 'N0tTheRealOne' {URL}",
        ("pvasquez", "N0tTheRealOne"),
        "--ap-mso Comcast_SSO --ap-username ",
    ),
    (
        f"yt-dlp -u lindqvist {URL}\n[download] Destination: /srv/media/lindqvist/video.mp4",
        ("lindqvist",),
        "[download] Destination: /srv/media/",
    ),
    ("password: “Xk8#pQ2vLm”", ("Xk8#pQ2vLm",), "password: “"),
    ("password=‘Zr7!uYq2Lp’", ("Zr7!uYq2Lp",), "password=‘"),
    (
        "**C:\\Users\\Odile\\Downloads>gallery-dl -v https://www.pixiv.net/en/artworks/80631308\n[pixiv][info] Logging in as okarin-ts\n[pixiv][error] AuthenticationError: Invalid or missing login credentials**",
        ("okarin-ts", "Odile"),
        "[pixiv][info] Logging in as ",
    ),
    (
        "[instagram][info] Logging in as lena_v.photo\r\n[instagram][debug] Using InstagramUserExtractor for 'https://www.instagram.com/lena_v.photo/'",
        ("lena_v.photo",),
        "[instagram][debug] Using InstagramUserExtractor for 'https://www.instagram.com/",
    ),
    (
        '[deviantart][info] Logging in as quillfeather\n[urllib3.connectionpool][debug] https://www.deviantart.com:443 "GET /_puppy/dashared/gallection/contents?username=quillfeather&type=gallery HTTP/1.1" 200 None',
        ("quillfeather",),
        "gallection/contents?username=",
    ),
    ("[twitter][info] Logging in as Harkon77", ("Harkon77",), "[twitter][info] Logging in as "),
    # real logins that start with ``my`` stay logins
    ('"username": "mykola.shevchenko",', ("mykola.shevchenko",), '"username": '),
    ('"username": "myles_b",', ("myles_b",), '"username": '),
]


@pytest.mark.parametrize("text", NOBODY)
def test_a_media_downloader_text_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize("text", NOBODY_FILES)
def test_a_gallery_dl_config_naming_nobody_stays(
    engine: Scrubber, tmp_path: Path, text: str
) -> None:
    assert scrub_file_text(tmp_path / "config.json", text, scrubber=engine).text == text


@pytest.mark.parametrize(("text", "values", "kept"), GO)
def test_a_media_downloader_login_or_password_goes(
    engine: Scrubber, text: str, values: tuple[str, ...], kept: str
) -> None:
    gone_and_kept(engine, text, values, kept, any_case=True)
