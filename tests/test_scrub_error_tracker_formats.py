# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Error trackers' credentials and CI build accounts (stop 58, scrubber 1.107.0; issue 35).

The tune misses and damage of batch 151 (``tests/outside_corpus/SOURCE.md``, "The stop-151
collection"), fixed by general rules:

* ``crashlytics_upload_symbols_key``, ``fabric_run_script_key``, ``fabric_run_script_secret``
  and ``rollbar_token_not_found`` (``scrubbers/recognizers.yaml``, IntakePasswordFlagRecognizer):
  an error tracker's credential read by its tool's own wording, not by a hex run. Fabric's and
  Firebase Crashlytics' ``upload-symbols -a <api_key> -p <platform> <path>`` (fastlane's
  ``upload_symbols_to_crashlytics`` logs the command with its ``api_token``), Fabric's run
  script ``"${PODS_ROOT}/Fabric/run" <API_KEY> <BUILD_SECRET>``, and Rollbar's API answer to
  a bad token, ``access token not found: <token>``.
* ``words.yaml``'s ``not_user_names`` (CI and build services' own accounts: CircleCI macOS'
  ``distiller``, TeamCity images' ``buildagent``, ``semaphore``, and the accounts named after
  the build product, ``teamcity``, ``bitrise``, ``appveyor``, ``bamboo``, ``xcode``) and
  ``user_names.yaml``'s ``role_login`` (a team's shared account, ``<platform or role>team``):
  ``/Users/iosteam/jenkins/workspace/…`` names no person.

``*_NOBODY`` are the harm hunt the rules were attacked with before they were kept: texts of the
same shapes that name nobody (ids, hashes and UUIDs of the same lengths beside the same
wording, placeholders and masks after it, the build accounts of other CI products), which must
stay as they are; ``*_GO`` hold real values in the same places, which must go.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

TRACKER_KEY_NOBODY = [
    "Pods/Fabric/upload-symbols -a $FABRIC_API_KEY -p ios App.dSYM\n",
    'Pods/Fabric/upload-symbols -a "${FABRIC_API_KEY}" -p ios App.dSYM\n',
    "Pods/Fabric/upload-symbols -a <api_key> -p ios App.dSYM\n",
    "Pods/Fabric/upload-symbols -a *** -p ios App.dSYM\n",
    "./FirebaseCrashlytics/upload-symbols -gsp ./GoogleService-Info.plist -p ios ./App.dSYM\n",
    '"${PODS_ROOT}/FirebaseCrashlytics/run"\n',
    '"${PODS_ROOT}/Fabric/run" ${FABRIC_API_KEY} ${FABRIC_BUILD_SECRET}\n',
    "Successfully uploaded dSYM with UUID 3F2504E04F8941D39A0C0305E82C3301 (App.dSYM)\n",
    "Found dSYM 9c1d3f0a2b7e4c6d8e0f1a2b3c4d5e6f for arm64\n",
    '{"event_id": "fc6d8c0c43fc4630ad850ee518f1b9d0", "trace_id": "4f9a07c3d1e84b6a9c52e07b1d3fa8e2", "span_id": "a1b2c3d4e5f60718"}\n',
    "  Debug ID: 3f2504e0-4f89-41d3-9a0c-0305e82c3301\n  Code ID: 5e8a9c3d1f2b\n",
    "> A 7c31e9a04f2d86b5e1c0a93f7d4b28e6105fa9c3  (3553 bytes)\n",
    "Commit 7c31e9a04f2d86b5e1c0a93f7d4b28e6105fa9c3\n",
    "sentry-cli releases files 7c31e9a04f2d86b5e1c0a93f7d4b28e6105fa9c3 upload-sourcemaps ./dist\n",
    '"sha256-hex":"9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a4938271605f4e3d2c1b0a"\n',
    "access token not found: <access token>\n",
    "access token not found: ******\n",
    '  string(36) "859ae783-49a1-41b5-a405-d0e65eb574bf"\n',
    ':configured_options=>{:access_token=>"******"}\n',
    'echo "usage: upload-symbols -a"\n',
    "tar -a -cf symbols.tar.gz upload-symbols\n",
]

TRACKER_KEY_GO = [
    (
        "[17:02:11]: upload_dsym using command: /Users/ci/Pods/Fabric/upload-symbols -a 7c31e9a04f2d86b5e1c0a93f7d4b28e6105fa9c3 -p ios /Users/ci/App.app.dSYM.zip\n",
        "7c31e9a04f2d86b5e1c0a93f7d4b28e6105fa9c3",
        " -p ios /Users/ci/App.app.dSYM.zip",
    ),
    (
        "upload-symbols -a 04afe0f7fa698adbba11ccd0886cb2070a1e332b -p mac App.dSYM\n",
        "04afe0f7fa698adbba11ccd0886cb2070a1e332b",
        "upload-symbols -a ",
    ),
    (
        '"${PODS_ROOT}/Fabric/run" 0a1b2c3d4e5f60718293a4b5c6d7e8f901234567 9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a4938271605f4e3d2c1b0a\n',
        "9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a4938271605f4e3d2c1b0a",
        '"${PODS_ROOT}/Fabric/run" ',
    ),
    (
        '"${PODS_ROOT}/Fabric/run" 0a1b2c3d4e5f60718293a4b5c6d7e8f901234567 9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a4938271605f4e3d2c1b0a\n',
        "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
        '"${PODS_ROOT}/Fabric/run" ',
    ),
    (
        '    ["message"]=>\n    string(56) "access token not found: 4f9a07c3d1e84b6a9c52e07b1d3fa8e2"\n',
        "4f9a07c3d1e84b6a9c52e07b1d3fa8e2",
        'string(56) "access token not found: ',
    ),
    (
        '{"err": 1, "message": "access token not found: eb2561a52efb4d4bba5a1d4b68be13e8"}\n',
        "eb2561a52efb4d4bba5a1d4b68be13e8",
        '"message": "access token not found: ',
    ),
]

BUILD_ACCOUNT_NOBODY = [
    "/Users/iosteam/jenkins/workspace/MyApp/Pods/Fabric/upload-symbols\n",
    "/Users/qateam/jenkins/workspace/App/fastlane/report.xml\n",
    "/Users/devteam/jenkins/workspace/App/build.log\n",
    "/Users/mobileteam/jenkins/workspace/App/build.log\n",
    "/Users/android-team/builds/app/build.gradle\n",
    "/home/QA_Team/workspace/app/test.log\n",
    "/Users/team-ios/Library/Developer/Xcode/DerivedData/App-abc/Build\n",
    "/Users/xcode/jenkins/workspace/App/build.log\n",
    "/Users/teamcity/buildAgent/work/8a3b2c1d/App/build.log\n",
    "/Users/bitrise/git/App/ios/Podfile.lock\n",
    "/Users/distiller/project/ios/Pods/Fabric/run\n",
    "/home/buildagent/.gradle/caches/modules-2\n",
    "/home/semaphore/app/node_modules/.bin/jest\n",
    "/Users/appveyor/projects/app/build.log\n",
    "/home/bamboo/bamboo-agent-home/xml-data/build-dir/PROJ-PLAN-JOB1/build.log\n",
    "/Users/runner/work/app/app/build.log\n",
    "/Users/vagrant/git/App/build.log\n",
    "/Users/Shared/Jenkins/Home/workspace/App/build.log\n",
    "/Users/steam/Library/Application Support/Steam/logs\n",
]

BUILD_ACCOUNT_GO = [
    (
        "/Users/jsmith/jenkins/workspace/App/build.log\n",
        "jsmith",
        "/jenkins/workspace/App/build.log",
    ),
    (
        "/Users/kwilliams/jenkins/workspace/MyApp/Pods/Fabric/upload-symbols\n",
        "kwilliams",
        "/jenkins/workspace/MyApp/",
    ),
    ("/Users/tmarteam/jenkins/workspace/App/build.log\n", "tmarteam", "/jenkins/workspace/"),
    ("/Users/okmwangi/buildAgent/work/8a3b2c1d/App/build.log\n", "okmwangi", "/buildAgent/work/"),
    (
        "/home/pemberly/bamboo-agent-home/xml-data/build-dir/X-Y-J1/a.log\n",
        "pemberly",
        "/bamboo-agent-home/",
    ),
]


@pytest.mark.parametrize("text", TRACKER_KEY_NOBODY + BUILD_ACCOUNT_NOBODY)
def test_tracker_and_build_account_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), TRACKER_KEY_GO + BUILD_ACCOUNT_GO)
def test_tracker_key_and_person_login_go(
    engine: Scrubber, text: str, value: str, kept: str
) -> None:
    out = scrubbed(engine, text)
    assert value.lower() not in out.lower(), out
    assert kept in out, out
