#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check_leaks.sh: a standalone program (libtypeshim-serial) writes the leak
# report at MPI_Finalize under TYPESHIM_LEAKS=1 or TYPESHIM_CHECK=1, in the
# format of layered mode, and nothing without them.  leak_prog two leaks two
# vectors, one named; leak_prog none frees its types (one freed while a
# receive held it, one held as a runtime holds it past MPI_Finalize) and
# says nothing.
set -u
top_builddir=${top_builddir:-.}
prog="$top_builddir/test/serial/leak_prog"
tmp=${TMPDIR:-/tmp}/check_leaks.$$
trap 'rm -f "$tmp".*' EXIT
fail=0

no() { echo "FAIL: $*"; fail=1; }

# run NAME CASE [VAR=VALUE...]: stdout and stderr of the program in $tmp.NAME.*
run() {
    name=$1 case=$2
    shift 2
    env -u TYPESHIM_LEAKS -u TYPESHIM_CHECK "$@" "$prog" "$case" >"$tmp.$name.out" 2>"$tmp.$name.err" ||
        no "$name: leak_prog $case exited with $?: $(cat "$tmp.$name.err")"
    grep -qx "leak_prog $case: done" "$tmp.$name.out" || no "$name: leak_prog $case did not finish"
}

for var in TYPESHIM_LEAKS=1 TYPESHIM_CHECK=1; do
    run two two "$var"
    echo "--- leak_prog two, $var:"
    cat "$tmp.two.err"
    named='^typeshim: rank 0: leak: datatype 0x[0-9a-f]\{8\} (my_vector), made at .*leak_prog.*(.*): vector(2, 1, 2, MPI_INT)$'
    unnamed='^typeshim: rank 0: leak: datatype 0x[0-9a-f]\{8\}, made at .*leak_prog.*(.*): vector(3, 1, 4, MPI_DOUBLE)$'
    [ "$(grep -c "$named" "$tmp.two.err")" = 1 ] || no "$var: no line for the named vector"
    [ "$(grep -c "$unnamed" "$tmp.two.err")" = 1 ] || no "$var: no line for the unnamed vector"
    [ "$(grep -c ': leak: ' "$tmp.two.err")" = 2 ] || no "$var: not exactly 2 leak lines"
    [ "$(tail -n 1 "$tmp.two.err")" = "typeshim: rank 0: 2 derived datatypes never freed" ] ||
        no "$var: the last line is not the count of 2"

    run none none "$var"
    echo "--- leak_prog none, $var:"
    cat "$tmp.none.err"
    grep '^typeshim: rank' "$tmp.none.err" && no "$var: leak_prog none, which leaks nothing, reports"
done

# Without the variables (or set to 0): no report at all.
for var in TYPESHIM_LEAKS=0 TS_NONE=1; do
    run quiet two "$var"
    [ -s "$tmp.quiet.err" ] && no "$var: leak_prog two wrote: $(cat "$tmp.quiet.err")"
done
exit $fail
