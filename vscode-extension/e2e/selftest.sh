#!/usr/bin/env bash
# Self-test of the e2e harness: installs code-server if needed, then runs the driver on the
# self-test extension twice, once expecting the tests to pass (with a screenshot) and once with a
# FAIL marker in the workspace expecting them to fail. Exits non-zero unless both hold.
#
#   e2e/selftest.sh            (the screenshot is kept when E2E_SELFTEST_SCREENSHOT names a file)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
EXTENSION_ROOT="$(dirname "$HERE")"
SELFTEST="$HERE/selftest"
readonly HERE EXTENSION_ROOT SELFTEST
# What the extension host reports when run() rejects; a harness error (2) or a timeout (124) must
# not pass for the expected failure.
readonly TESTS_FAILED=1

bash "$EXTENSION_ROOT/scripts/install-code-server.sh"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
screenshot="${E2E_SELFTEST_SCREENSHOT:-$scratch/selftest.png}"
rm -f "$screenshot" # so that one left by an earlier run cannot pass for this one's

printf '{ "tabletwinSelftest.greeting": "from-settings" }\n' >"$scratch/settings.json"
mkdir -p "$scratch/pass" "$scratch/fail"
printf 'This line has a squiggle.\n' >"$scratch/pass/notes.txt"
touch "$scratch/fail/FAIL"

run_driver() {
  local workspace=$1
  shift
  node "$HERE/run.mjs" --extension "$SELFTEST" --tests "$SELFTEST/test/index.js" \
    --workspace "$workspace" --settings "$scratch/settings.json" --timeout 120 "$@"
}

passed=0
failed=0
check() {
  local name=$1 ok=$2 detail=$3
  if [[ "$ok" == yes ]]; then
    echo "selftest: ok: $name"
    passed=$((passed + 1))
  else
    echo "selftest: FAILED: $name ($detail)"
    failed=$((failed + 1))
  fi
}

echo "selftest: run 1, passing tests with a screenshot"
code=0
run_driver "$scratch/pass" --screenshot "$screenshot" --open notes.txt || code=$?
check "passing tests exit 0" "$([[ $code == 0 ]] && echo yes)" "exit code $code"
# A PNG starts with the bytes 89 50 4E 47.
signature=$(head -c 4 "$screenshot" 2>/dev/null | od -An -tx1 | tr -d ' \n')
check "screenshot written" "$([[ $signature == 89504e47 ]] && echo yes)" "no PNG at $screenshot"

echo "selftest: run 2, a failing test"
code=0
run_driver "$scratch/fail" || code=$?
check "failing test exits $TESTS_FAILED" "$([[ $code == "$TESTS_FAILED" ]] && echo yes)" "exit code $code"

echo "selftest: $passed passed, $failed failed"
((failed == 0))
