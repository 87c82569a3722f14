# SPDX-License-Identifier: BSD-3-Clause
# report.sh - sourced by the install checks (check-install.sh,
# check-deb.sh, cmake/installcheck.sh): one line a step, "ok: ...",
# "skip: ..." or "FAIL: ..." with the step's log indented, and $status
# (0, or 1 once a step failed) for the script's exit.
# shellcheck shell=sh
status=0
ok() { echo "ok: $*"; }
skip() { echo "skip: $*"; }
# fail MESSAGE [LOG]: a FAIL line, then the log indented
fail() {
    echo "FAIL: $1"
    if [ -n "${2-}" ] && [ -f "$2" ]; then
        sed -n '1,60s/^/    /p' "$2"
    fi
    status=1
}
# needed BINARY: its NEEDED entries, in order, on one line
needed() { readelf -d "$1" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ' | sed 's/ $//'; }
