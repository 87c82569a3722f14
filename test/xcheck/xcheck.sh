#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# xcheck.sh AREA: run test/xcheck/xc_AREA built against MPICH and against
# typeshim, compare their "key = value" outputs key by key, and classify
# every difference as intended (its key matches a pattern of intended.txt)
# or unexpected.  When xc_AREA_ompi was built (against Open MPI), compare
# typeshim's output with it the same way, with intended-ompi.txt: there a
# key only typeshim printed is allowed when an "absent" line of that file
# names it (a section Open MPI's build leaves out).  When xc_AREA_ts_ompi
# was built (typeshim's runtime for Open MPI's ABI), its output must be
# typeshim's, key for key.  Exit 0 when there is
# no unexpected difference, 1 when there is one, when a program fails or
# the key sets differ, 99 on a setup error.
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
ompi_bin=$top_builddir/test/xcheck/xc_${area}_ompi
intended=$top_srcdir/test/xcheck/intended.txt
intended_ompi=$top_srcdir/test/xcheck/intended-ompi.txt
for f in "$mpich_bin" "$ts_bin" "$intended" "$intended_ompi"; do
    if test ! -f "$f"; then
        echo "xcheck $area: missing $f" >&2
        exit 99
    fi
done

tmp=${TMPDIR:-/tmp}/xcheck.$area.$$
mkdir "$tmp" || exit 99
trap 'rm -rf "$tmp"' 0 1 2 13 15

# oracle WHO BIN: run MPICH's or Open MPI's program, a singleton (no
# mpiexec or mpirun: as root too), into $tmp/WHO.out.  Keep typeshim out
# of its way, and typeshim's own switches out of every run.  It is the
# oracle, not the code under test: in a sanitizer build its huge
# allocations (Open MPI's of a negative count it does not check) fail as
# glibc's do rather than abort, and its leaks are its own.
oracle() {
    env -u LD_PRELOAD -u TYPESHIM_CHECK -u TYPESHIM_DUMP -u TYPESHIM_DISABLE \
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:detect_leaks=0" \
        "$2" >"$tmp/$1.out" 2>"$tmp/$1.err"
    rc=$?
    if test $rc -ne 0; then
        echo "xcheck $area: FAIL: $2 exited with status $rc" >&2
        sed "s/^/  $1 stderr: /" "$tmp/$1.err" | head -20 >&2
        fail=1
    fi
}
fail=0
oracle mpich "$mpich_bin"
if test -f "$ompi_bin"; then
    oracle ompi "$ompi_bin"
fi

# run_ts WHO BIN: run a typeshim build (under valgrind with TS_VALGRIND)
# into $tmp/WHO.out.
run_ts() {
    if test "x$TS_VALGRIND" = xyes; then
        env -u TYPESHIM_CHECK -u TYPESHIM_DUMP -u TYPESHIM_DISABLE \
            $LIBTOOL --mode=execute valgrind -q --error-exitcode=99 --leak-check=full \
            --errors-for-leak-kinds=definite,indirect \
            "$2" >"$tmp/$1.out" 2>"$tmp/$1.err"
    else
        env -u TYPESHIM_CHECK -u TYPESHIM_DUMP -u TYPESHIM_DISABLE \
            "$2" >"$tmp/$1.out" 2>"$tmp/$1.err"
    fi
    rc=$?
    if test $rc -ne 0; then
        echo "xcheck $area: FAIL: $2 exited with status $rc" >&2
        sed "s/^/  typeshim stderr: /" "$tmp/$1.err" | head -40 >&2
        fail=1
    elif test -s "$tmp/$1.err"; then
        sed "s/^/  typeshim stderr: /" "$tmp/$1.err" | head -20
    fi
}
run_ts ts "$ts_bin"
# xc_AREA_ts_ompi: the same program built with Open MPI's mpi.h over
# typeshim's runtime for that ABI (libtypeshim-serial-ompi): one typeshim,
# two ABIs, the same answers, key for key
ts_ompi_bin=$top_builddir/test/xcheck/xc_${area}_ts_ompi
if test -f "$ts_ompi_bin"; then
    run_ts ts_ompi "$ts_ompi_bin"
fi

# compare WHO ORACLE_OUT INTENDED: typeshim's output against ORACLE_OUT
# (MPICH's or Open MPI's), excusing the differences INTENDED lists.
# INTENDED: "<ERE on the key> | <reason>" lines, '#' comments, blank
# lines; "absent <ERE> | <reason>" lines name the keys the oracle's build
# does not print.
compare() {
    who=$1
    sed -e 's/[[:space:]]*#.*$//' -e '/^[[:space:]]*$/d' "$3" >"$tmp/intended.$who"
    awk -v area="$area" -v who="$who" -v intended="$tmp/intended.$who" '
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
    if (which == who) m[k] = v
    else t[k] = v
    if (!(k in order)) { order[k] = ++n; keys[n] = k }
}
function excuse(k, absent,    p) {
    for (p = 1; p <= ni; p++)
        if (iabs[p] == absent && k ~ ipat[p])
            return iwhy[p]
    return ""
}
BEGIN {
    ni = 0
    while ((getline line < intended) > 0) {
        absent = 0
        if (line ~ /^absent[[:space:]]/) { absent = 1; sub(/^absent[[:space:]]+/, "", line) }
        i = index(line, " | ")
        if (i == 0) { pat = line; why = "" }
        else { pat = substr(line, 1, i - 1); why = substr(line, i + 3) }
        sub(/[[:space:]]+$/, "", pat)
        sub(/^[[:space:]]+/, "", pat)
        ipat[++ni] = pat
        iwhy[ni] = why
        iabs[ni] = absent
    }
}
FILENAME == ARGV[1] { parse($0, who); next }
{ parse($0, "ts") }
END {
    total = 0; nint = 0; nunx = 0; missing = 0; nabs = 0
    for (j = 1; j <= n; j++) {
        k = keys[j]
        if (!(k in m)) {
            if (excuse(k, 1) != "") { nabs++; continue }
            printf "xcheck %s: key only in typeshim output (%s): %s = %s\n", area, who, k, t[k]
            missing++
            continue
        }
        if (!(k in t)) {
            printf "xcheck %s: key missing from typeshim output (%s): %s = %s\n", area, who, k, m[k]
            missing++
            continue
        }
        total++
        if (m[k] == t[k])
            continue
        why = excuse(k, 0)
        if (why != "") {
            nint++
            printf "INTENDED   %s\n    %-9s %s\n    typeshim: %s\n    reason:   %s\n", k, who ":", m[k], t[k], why
        } else {
            nunx++
            printf "UNEXPECTED %s\n    %-9s %s\n    typeshim: %s\n", k, who ":", m[k], t[k]
        }
    }
    printf "xcheck %s (%s): %d comparisons, %d intended differences, %d unexpected", area, who, total, nint, nunx
    if (nabs)
        printf ", %d keys %s does not print", nabs, who
    printf "\n"
    if (missing)
        printf "xcheck %s: FAIL: the key sets differ (%d keys in only one output)\n", area, missing
    if (bad)
        printf "xcheck %s: FAIL: malformed or duplicate output lines\n", area
    exit (nunx > 0 || missing > 0 || bad) ? 1 : 0
}
' "$2" "$tmp/ts.out"
}

status=$fail
compare mpich "$tmp/mpich.out" "$intended" || status=1
if test -f "$ompi_bin"; then
    compare ompi "$tmp/ompi.out" "$intended_ompi" || status=1
fi
if test -f "$ts_ompi_bin"; then
    : >"$tmp/none"
    compare ts_ompi "$tmp/ts_ompi.out" "$tmp/none" || status=1
fi
exit $status
