#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# xcheck.sh AREA: run test/xcheck/xc_AREA built against MPICH and against
# typeshim, compare their "key = value" outputs key by key, and classify
# every difference as intended (its key matches a pattern of intended.txt)
# or unexpected.  Exit 0 when there is no unexpected difference, 1 when
# there is one, when either program fails or the key sets differ, 99 on a
# setup error.
#
# Environment (set by make check): top_srcdir, top_builddir, LIBTOOL,
# TS_VALGRIND (yes: run the typeshim binary under valgrind memcheck).

area=$1
if test -z "$area"; then
    echo "usage: $0 AREA" >&2
    exit 99
fi
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${LIBTOOL:=$top_builddir/libtool}"

mpich_bin=$top_builddir/test/xcheck/xc_${area}_mpich
ts_bin=$top_builddir/test/xcheck/xc_${area}_ts
intended=$top_srcdir/test/xcheck/intended.txt
for f in "$mpich_bin" "$ts_bin" "$intended"; do
    if test ! -f "$f"; then
        echo "xcheck $area: missing $f" >&2
        exit 99
    fi
done

tmp=${TMPDIR:-/tmp}/xcheck.$area.$$
mkdir "$tmp" || exit 99
trap 'rm -rf "$tmp"' 0 1 2 13 15

# The MPICH binary runs as a singleton (no mpiexec).  Keep typeshim out of
# its way, and typeshim's own switches out of both runs.
fail=0
env -u LD_PRELOAD -u TYPESHIM_CHECK -u TYPESHIM_DUMP -u TYPESHIM_DISABLE \
    "$mpich_bin" >"$tmp/mpich.out" 2>"$tmp/mpich.err"
rc=$?
if test $rc -ne 0; then
    echo "xcheck $area: FAIL: $mpich_bin exited with status $rc" >&2
    sed 's/^/  mpich stderr: /' "$tmp/mpich.err" | head -20 >&2
    fail=1
fi

if test "x$TS_VALGRIND" = xyes; then
    env -u TYPESHIM_CHECK -u TYPESHIM_DUMP -u TYPESHIM_DISABLE \
        $LIBTOOL --mode=execute valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect \
        "$ts_bin" >"$tmp/ts.out" 2>"$tmp/ts.err"
else
    env -u TYPESHIM_CHECK -u TYPESHIM_DUMP -u TYPESHIM_DISABLE \
        "$ts_bin" >"$tmp/ts.out" 2>"$tmp/ts.err"
fi
rc=$?
if test $rc -ne 0; then
    echo "xcheck $area: FAIL: $ts_bin exited with status $rc" >&2
    sed 's/^/  typeshim stderr: /' "$tmp/ts.err" | head -40 >&2
    fail=1
elif test -s "$tmp/ts.err"; then
    sed 's/^/  typeshim stderr: /' "$tmp/ts.err" | head -20
fi

# intended.txt: "<ERE on the key> | <reason>", '#' comments, blank lines.
sed -e 's/[[:space:]]*#.*$//' -e '/^[[:space:]]*$/d' "$intended" >"$tmp/intended"

awk -v area="$area" -v fail="$fail" -v intended="$tmp/intended" '
function parse(line, which,    i, k, v) {
    i = index(line, " = ")
    if (i == 0) {
        printf "xcheck %s: malformed %s line: %s\n", area, which, line
        bad = 1
        return
    }
    k = substr(line, 1, i - 1)
    v = substr(line, i + 3)
    if ((which, k) in seen) {
        printf "xcheck %s: duplicate %s key: %s\n", area, which, k
        bad = 1
    }
    seen[which, k] = 1
    if (which == "mpich") { m[k] = v; if (!(k in order)) { order[k] = ++n; keys[n] = k } }
    else { t[k] = v; if (!(k in order)) { order[k] = ++n; keys[n] = k } }
}
BEGIN {
    ni = 0
    while ((getline line < intended) > 0) {
        i = index(line, " | ")
        if (i == 0) { pat = line; why = "" }
        else { pat = substr(line, 1, i - 1); why = substr(line, i + 3) }
        sub(/[[:space:]]+$/, "", pat)
        sub(/^[[:space:]]+/, "", pat)
        ipat[++ni] = pat
        iwhy[ni] = why
    }
}
FILENAME == ARGV[1] { parse($0, "mpich"); next }
{ parse($0, "ts") }
END {
    total = 0; nint = 0; nunx = 0; missing = 0
    for (j = 1; j <= n; j++) {
        k = keys[j]
        if (!(k in m)) {
            printf "xcheck %s: key only in typeshim output: %s = %s\n", area, k, t[k]
            missing++
            continue
        }
        if (!(k in t)) {
            printf "xcheck %s: key missing from typeshim output: %s = %s\n", area, k, m[k]
            missing++
            continue
        }
        total++
        if (m[k] == t[k])
            continue
        why = ""
        for (p = 1; p <= ni; p++)
            if (k ~ ipat[p]) { why = iwhy[p]; break }
        if (why != "") {
            nint++
            printf "INTENDED   %s\n    mpich:    %s\n    typeshim: %s\n    reason:   %s\n", k, m[k], t[k], why
        } else {
            nunx++
            printf "UNEXPECTED %s\n    mpich:    %s\n    typeshim: %s\n", k, m[k], t[k]
        }
    }
    printf "xcheck %s: %d comparisons, %d intended differences, %d unexpected\n", area, total, nint, nunx
    if (missing)
        printf "xcheck %s: FAIL: the key sets differ (%d keys in only one output)\n", area, missing
    if (bad)
        printf "xcheck %s: FAIL: malformed or duplicate output lines\n", area
    exit (nunx > 0 || missing > 0 || bad || fail) ? 1 : 0
}
' "$tmp/mpich.out" "$tmp/ts.out"
status=$?
if test $fail -ne 0; then
    status=1
fi
exit $status
