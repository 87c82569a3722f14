#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Every MPI_ name the two libraries export (lib/typeshim.sym,
# lib/typeshim-serial.sym; the PMPI_ twins aside) is either called by the
# argument fuzzer (an F(name) row of test/fuzz/fuzz_args_calls.h) or in its
# skip list (between SKIP-BEGIN and SKIP-END in test/fuzz/fuzz_args.c).
# Usage: check-args-coverage.sh SRCDIR.  Prints the missing names; exits 1
# if there are any (or a file is missing), else 0.
srcdir=${1:-${top_srcdir:-.}} # make check passes top_srcdir
tmp=${TMPDIR:-/tmp}/check-args-coverage.$$
trap 'rm -f "$tmp".*' EXIT
for f in lib/typeshim.sym lib/typeshim-serial.sym test/fuzz/fuzz_args.c test/fuzz/fuzz_args_calls.h; do
    if [ ! -r "$srcdir/$f" ]; then
        echo "check-args-coverage: no $srcdir/$f" >&2
        exit 1
    fi
done
cat "$srcdir/lib/typeshim.sym" "$srcdir/lib/typeshim-serial.sym" | grep -E '^MPI[R]?_' | sort -u >"$tmp.exported"
{
    sed -n 's/^    F(\([A-Za-z0-9_]*\)),$/\1/p' "$srcdir/test/fuzz/fuzz_args_calls.h"
    sed -n '/SKIP-BEGIN/,/SKIP-END/s/^ \*   \(MPI[A-Za-z0-9_]*\) .*/\1/p' "$srcdir/test/fuzz/fuzz_args.c"
} | sort -u >"$tmp.covered"
comm -23 "$tmp.exported" "$tmp.covered" >"$tmp.missing"
if [ -s "$tmp.missing" ]; then
    echo "check-args-coverage: exported, neither called by test/fuzz/fuzz_args.c nor in its skip list:"
    cat "$tmp.missing"
    exit 1
fi
echo "check-args-coverage: $(wc -l <"$tmp.exported") exported names, all called or skipped"
exit 0
