#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# smoke.sh SRCDIR SECONDS NAME...: runs each libFuzzer target
# test/fuzz/fuzz_NAME (of the build directory, the current one) for
# SECONDS seconds over a copy of SRCDIR/test/fuzz/corpus/NAME in a
# temporary directory, and prints one line per target: executions, their
# rate, and libFuzzer's final cov: and ft: numbers.  A crash (or any
# failure) prints the input's path and the end of the log, and fails.
srcdir=$1
secs=$2
shift 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ts-fuzz.XXXXXX") || exit 99
status=0
for name in "$@"; do
    prog=test/fuzz/fuzz_$name
    dir=$tmp/$name
    mkdir -p "$dir/corpus" "$dir/crash"
    if test -d "$srcdir/test/fuzz/corpus/$name"; then
        cp "$srcdir/test/fuzz/corpus/$name"/* "$dir/corpus/" 2>/dev/null
    fi
    "$prog" -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$dir/crash/" \
        "$dir/corpus" >"$dir/log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/log")
    final=$(grep -E '^#[0-9]+' "$dir/log" | tail -n 1)
    cov=$(echo "$final" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$final" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    echo "fuzz_$name: ${execs:-?} executions (${rate:-?}/s) in ${secs}s, cov: ${cov:-?} ft: ${ft:-?}"
    if test "$rc" -ne 0; then
        echo "fuzz_$name: FAILED (exit $rc); inputs: $(ls "$dir/crash" 2>/dev/null | tr '\n' ' ')"
        echo "  in $dir/crash; the end of its log:"
        tail -n 30 "$dir/log" | sed 's/^/  | /'
        status=1
    fi
done
if test "$status" -eq 0; then
    rm -rf "$tmp"
else
    echo "fuzz-smoke: a target failed; reproduce with test/fuzz/fuzz_NAME FILE, then add FILE"
    echo "  to test/fuzz/regress/NAME/ once fixed.  Kept: $tmp"
fi
exit "$status"
