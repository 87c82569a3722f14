#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lt_huge.sh - test/api/check_huge.c layered over MPICH: check_huge_layered
# (libtypeshim linked ahead of libmpich, no libtypeshim-serial) runs as an
# MPI singleton, its Check suites in one process (CK_FORK=no: no fork
# after MPICH's MPI_Init), and must find typeshim layered
# (CHECK_HUGE_MODE=1):
#  (a) plain: every answer is typeshim's, as standalone;
#  (b) TYPESHIM_CHECK=1, one test case at a time (CK_RUN_CASE): the
#      checked queries (sizes, extents) are also asked of MPICH and
#      compared; each run prints its check summary, no divergence may be
#      UNEXPECTED, and the queries case must compare something.  The
#      status case is left out: MPICH 4.0.2's MPI_Get_elements walks the
#      type element by element, 2^62 bytes of a struct never end.
# MPICH 4.0.2 alone is not run: it accepts the overflowing constructors
# with wrapped values and aborts in MPI_Type_size on some of them.
#
# Exit status: 0 pass, 1 fail, 99 setup error (the program is missing).
# Environment: top_builddir, top_srcdir (make check), LT_TIMEOUT (seconds,
# default 300).

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${LT_TIMEOUT:=300}"

prog=$top_builddir/test/layered/check_huge_layered
if test ! -x "$prog"; then
    echo "ERROR: $prog is missing (not built?)"
    exit 99
fi

# shellcheck source=lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

to=
if command -v timeout >/dev/null 2>&1; then
    to="timeout -k 10 $LT_TIMEOUT"
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lt_huge.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' 0 1 2 13 15

fail=0

echo "lt_huge: (a) CHECK_HUGE_MODE=1 CK_FORK=no $prog"
# shellcheck disable=SC2086 # to is a command and its arguments
env -u LD_PRELOAD -u TYPESHIM_DISABLE -u TYPESHIM_CHECK -u TYPESHIM_LOG CHECK_HUGE_MODE=1 \
    CK_FORK=no $to "$prog" >"$tmp/a.out" 2>&1
rc=$?
cat "$tmp/a.out"
if test $rc -ne 0 || ! grep -q '^100%: Checks: [1-9]' "$tmp/a.out"; then
    echo "lt_huge: (a) FAIL: exit $rc"
    fail=1
else
    echo "lt_huge: (a) PASS"
fi

for case in queries overflow packsize mode; do
    echo "lt_huge: (b-$case) CHECK_HUGE_MODE=1 CK_FORK=no CK_RUN_CASE=$case TYPESHIM_CHECK=1 $prog"
    # shellcheck disable=SC2086
    env -u LD_PRELOAD -u TYPESHIM_DISABLE CHECK_HUGE_MODE=1 CK_FORK=no CK_RUN_CASE=$case \
        TYPESHIM_CHECK=1 TYPESHIM_LOG="$tmp/b-$case.log" $to "$prog" >"$tmp/b-$case.out" 2>&1
    rc=$?
    cat "$tmp/b-$case.out"
    sum=$(grep '^typeshim: check summary: rank 0: ' "$tmp/b-$case.log" 2>/dev/null)
    bad=$(grep -c ': UNEXPECTED$' "$tmp/b-$case.log" 2>/dev/null)
    if test $rc -ne 0 || ! grep -q '^100%: Checks: [1-9]' "$tmp/b-$case.out" || test -z "$sum" ||
        test "${bad:-0}" -ne 0; then
        echo "lt_huge: (b-$case) FAIL: exit $rc, ${bad:-0} unexpected divergences," \
            "summary: ${sum:-none}"
        sed -n '1,60p' "$tmp/b-$case.log" 2>/dev/null
        fail=1
    else
        echo "lt_huge: (b-$case) PASS: $sum"
    fi
done
# the queries of valid huge types must have been compared
if ! grep -q 'rank 0: [1-9][0-9]* checks' "$tmp/b-queries.log" 2>/dev/null; then
    echo "lt_huge: (b-queries) FAIL: nothing was compared with MPICH"
    fail=1
fi
exit $fail
