# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""A stream key as the last path segment of an RTMP URL (stop 58, scrubber 1.113.0; issue 35).

The tune miss of batch 159 (``tests/outside_corpus/SOURCE.md``, "The stop-159 collection"),
fixed by a general rule:

* ``rtmp_stream_key`` (``scrubbers/recognizers.yaml``, IntakePasswordFlagRecognizer): an RTMP
  publish URL is ``rtmp[s]://<server>[:port]/<application>/<stream key>`` (nginx-rtmp-module's
  directives, ``application``: a client publishes to ``rtmp://<server>/<app>/<name>``; OBS
  Studio's custom service, "Server" ``rtmp://<server>/<app>`` and "Stream Key" appended as the
  last segment; Twitch's ingest ``rtmp://<ingest>/app/<stream key>``, keys
  ``live_<digits>_<alphanumerics>``; YouTube's ``rtmp://a.rtmp.youtube.com/live2/<key>``, keys
  ``xxxx-xxxx-xxxx-xxxx[-xxxx]``; Facebook's ``rtmps://…:443/rtmp/<key>``). The last segment is
  the publisher's credential when it has a token's shape: letters of both cases that are no
  run of words (``RvaKEtbMw``), letters and digits mixed within a piece (hex, a UUID, Twitch's
  tail), YouTube's groups of four with letters and digits mixed in two of them. A stream name
  made of words, capitals and digits (``stream``, ``test1``, ``myStream``, ``cam01_HD``,
  ``HTTPServerTest``, ``stream_720p``), a placeholder or template variable (``STREAM_KEY_HERE``,
  ``<STREAM KEY>``, ``{stream_key}``, ``${STREAM_KEY}``, ``%STREAM_KEY%``, ``$name``), a mask
  (``xxxx-…``, ``XXXX…``, ``****``), digits alone (a broadcast id), a file (``stream.flv``,
  ``mp4:sample.mp4``) and an ingest URL with no key stay.

``RTMP_KEY_NOBODY`` is the harm hunt the rule was attacked with before it was kept: texts of the
same shape that name nobody, from ffmpeg, GStreamer, OBS's log, nginx-rtmp's configuration and
prose, which must stay as they are.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

RTMP_KEY_NOBODY = [
    # stream names that are words, capitals and digits (ffmpeg, GStreamer, an SRS/nginx server)
    "ffmpeg -re -i in.mp4 -c copy -f flv rtmp://localhost/live/camera_front",
    "ffmpeg -re -i in.mp4 -c copy -f flv rtmp://192.168.1.20:1935/live/MyLiveStream",
    "gst-launch-1.0 videotestsrc ! x264enc ! flvmux ! rtmpsink location='rtmp://localhost/live/TestStream01 live=1'",
    "ffmpeg -i rtmp://localhost:1935/live/HTTPServerTest -c copy out.flv",
    "ffmpeg -re -i in.mp4 -f flv rtmp://localhost/live/stream_720p",
    "ffmpeg -re -i in.mp4 -f flv rtmp://localhost/live/OBS_Studio_Test",
    "ffmpeg -re -i in.mp4 -f flv rtmp://localhost/live/iPhoneCamera",
    'ffmpeg -i "rtmp://localhost:1935/live/test1" -c copy out.flv',
    "ffmpeg -re -i in.mp4 -f flv rtmp://localhost/live/cam01_HD",
    "ffmpeg -re -i in.mp4 -f flv rtmp://127.0.0.1/live/livestream2024",
    "[flv @ 0x7f9c] rtmp://127.0.0.1:1935/live/StreamTest: Broken pipe",
    # OBS's log prints the server only; nginx-rtmp's configuration names variables
    "[rtmp stream: 'adv_stream'] Connecting to RTMP URL rtmp://live-fra.twitch.tv/app...",
    "[rtmp stream: 'simple_stream'] Connecting to RTMP URL rtmp://a.rtmp.youtube.com/live2...",
    "application live {\n    live on;\n    exec ffmpeg -i rtmp://localhost/$app/$name -c:v libx264 -f flv rtmp://localhost/hls/$name_hi;\n    push rtmp://live.twitch.tv/app/{{ twitch_stream_key }};\n}",
    # placeholders, template variables and masks in the key's place
    "rtmp://a.rtmp.youtube.com/live2/xxxx-xxxx-xxxx-xxxx-xxxx",
    "rtmp://a.rtmp.youtube.com/live2/abcd-efgh-ijkl-mnop-qrst",
    "rtmp://live.twitch.tv/app/live_XXXXXXXXX_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "rtmp://live.twitch.tv/app/live_123456789_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "rtmps://live-api-s.facebook.com:443/rtmp/YOUR-STREAM-KEY",
    "rtmp://localhost/live/YOUR_STREAM_KEY",
    "rtmp://localhost/live/%STREAM_KEY%",
    "rtmp://localhost/live/${STREAM_KEY}",
    "ffmpeg -i in.mp4 -f flv rtmp://live.twitch.tv/app/<stream key>",
    "rtmp://localhost/live/****",
    # a broadcast id, files, no key
    "rtmp://localhost/live/1234567890",
    "rtmp://server/vod/mp4:sample.mp4",
    "rtmp://localhost/live/stream.flv",
    "Server: rtmp://localhost/live\nStream Key: (empty)\n",
    "rtmp://localhost/live/",
    "The URL is rtmp://server/app/streamkey and OBS joins server and key.",
]

RTMP_KEY_GO = [
    (
        'ffmpeg -re -i in.mp4 -c copy -f flv "rtmp://localhost/live/QbwNTsuLe"',
        "QbwNTsuLe",
        "rtmp://localhost/live/",
    ),
    (
        "ffmpeg -re -i in.mp4 -c:v libx264 -f flv rtmp://live.twitch.tv/app/live_482913075_qR7vXk2LmN9pZt4WcYb8Hs1JdFgAeU",
        "qR7vXk2LmN9pZt4WcYb8Hs1JdFgAeU",
        "rtmp://live.twitch.tv/app/",
    ),
    (
        "ffmpeg -re -i in.mp4 -f flv rtmp://a.rtmp.youtube.com/live2/7k2m-q9xd-4f8w-ab3c-h6tz",
        "7k2m-q9xd-4f8w-ab3c-h6tz",
        "rtmp://a.rtmp.youtube.com/live2/",
    ),
    (
        "rtmps://live-api-s.facebook.com:443/rtmp/FB-1029384756102938-0-AbxQ7ZkLm3Np9RtW?s_bl=1&s_ps=1",
        "AbxQ7ZkLm3Np9RtW",
        ["rtmps://live-api-s.facebook.com:", "?s_bl=1&s_ps=1"],
    ),
    (
        "gst-launch-1.0 videotestsrc ! x264enc ! flvmux ! rtmpsink location='rtmp://live-fra.twitch.tv/app/live_591028374_Zk3pQ8wLx2VnR7tYc5MbH9dJs4FgEa live=1'",
        "Zk3pQ8wLx2VnR7tYc5MbH9dJs4FgEa",
        " live=1'",
    ),
    (
        "[tcp @ 0x55d1] rtmp://127.0.0.1:1935/live/9f86d081884c7d659a2feaa0c55ad015: Input/output error",
        "9f86d081884c7d659a2feaa0c55ad015",
        ": Input/output error",
    ),
    (
        "application live {\n    live on;\n    push rtmp://a.rtmp.youtube.com/live2/3k7c-4q0x-vmxe-ad9h-2j5m;\n}",
        "3k7c-4q0x-vmxe-ad9h-2j5m",
        "push rtmp://a.rtmp.youtube.com/live2/",
    ),
]


@pytest.mark.parametrize("text", RTMP_KEY_NOBODY)
def test_rtmp_url_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), RTMP_KEY_GO)
def test_rtmp_stream_key_goes(
    engine: Scrubber, text: str, value: str, kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept)


# Since 1.116.0: a random run the high-entropy rule reads after a URL's ``scheme:`` (or after a
# host's ``:`` before its port) spans the authority and the path, since ``/`` is base64's; it
# is narrowed to the path segments that make it random, so the host, the port and the path's
# words stay (``IntakeHighEntropyRecognizer._url_segments``). Before, each of these texts lost
# everything after its ``scheme:`` or ``host:``.
URL_RUN_NARROWED = [
    (
        "ffmpeg -i in.mp4 -f flv rtmp://localhost/live/AbCdEf12GhIjKl34MnOp",
        "AbCdEf12GhIjKl34MnOp",
        "rtmp://localhost/live/",
    ),
    (
        "ffmpeg -f flv rtmp://localhost:1935/live/AbCdEf12GhIjKl34MnOp -loglevel debug",
        "AbCdEf12GhIjKl34MnOp",
        ["rtmp://localhost:1935/live/", " -loglevel debug"],
    ),
    (
        "curl -v http://localhost/api/Zk3pQ8wLx2VnR7tYc5Mb/items/42",
        "Zk3pQ8wLx2VnR7tYc5Mb",
        ["http://localhost/api/", "/items/42"],
    ),
    (
        'proxy_pass "http://backend:8080/hooks/q7Rt2Lm9Xc4Vb8Nz1Kp6Wd3Ys5/run";',
        "q7Rt2Lm9Xc4Vb8Nz1Kp6Wd3Ys5",
        ['proxy_pass "http://backend:8080/hooks/', '/run";'],
    ),
]


@pytest.mark.parametrize(("text", "value", "kept"), URL_RUN_NARROWED)
def test_a_random_run_in_a_url_is_narrowed_to_its_random_segment(
    engine: Scrubber, text: str, value: str, kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, value, kept)


def test_a_random_run_outside_a_url_keeps_its_whole_span(engine: Scrubber) -> None:
    """No URL before it: a base64 value holding ``/`` is one token, replaced whole."""
    text = "secret: aB3dE5fG7hJ9/kL1mN3pQ5rS7tU9vW1xY2z0Qw4Er6Ty8"
    gone_and_kept(engine, text, ["aB3dE5fG7hJ9", "kL1mN3pQ5rS7tU9vW1xY2z0Qw4Er6Ty8"], "secret: ")
