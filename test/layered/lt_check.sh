#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lt_check.sh - lt_check under TYPESHIM_CHECK=1, 2 ranks, preloaded, the
# reports of each rank in their own TYPESHIM_LOG file:
#  (a) the checks: every rank passes, and its log holds exactly seven
#      divergences, all intended: the marker type of lt_begin, the
#      MPI_BOTTOM pack MPICH refused, the pack and unpack typeshim
#      truncated while MPICH succeeded (saying where MPICH stopped), the
#      status MPI_Status_set_elements fills, a pack size past 2^63 - 1
#      (MPI_UNDEFINED, MPICH wraps it), and the pack of a contiguous
#      type over a negative extent, whose literal twin MPICH lays out
#      otherwise; no UNEXPECTED one (the MPI_BOTTOM unpack compares equal);
#  (b) "lt_check none", no datatype made: one summary line per rank;
#  (e) "lt_check abort", one rank: a check, then MPI_Abort: the summary
#      is written all the same (singular forms: "1 check");
#  (c), (d) TYPESHIM_DISABLE=1: an error of typeshim's own function reaches
#      MPICH's handler as a class it can decode.
# Exit status: 0 pass, 1 fail, 77 skip (no MPICH launcher), 99 setup error.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${LT_PRELOAD_LIB:=$top_builddir/.libs/libtypeshim.so}"
: "${LT_TIMEOUT:=120}"

prog=$top_builddir/test/layered/lt_check

# shellcheck source=lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

mpiexec=$(lt_find_mpiexec)
if test -z "$mpiexec"; then
    echo "SKIP: neither mpiexec.hydra nor mpiexec.mpich is installed"
    exit 77
fi
for f in "$prog" "$LT_PRELOAD_LIB"; do
    test -f "$f" || { echo "ERROR: $f is missing (not built?)"; exit 99; }
done
to=
command -v timeout >/dev/null 2>&1 && to="timeout -k 10 $LT_TIMEOUT"
preload=$(lt_preload_value "$LT_PRELOAD_LIB" "$prog")
tmp=${TMPDIR:-/tmp}/lt_check.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0
passed=0

ok() { passed=$((passed + 1)); echo "lt_check: PASS: $*"; }
bad() { failed=$((failed + 1)); echo "lt_check: FAIL: $*"; }
show() {
    sed 's/^/  stdout: /' "$tmp/out"
    sed 's/^/  stderr: /' "$tmp/err"
    for r in 0 1; do test -f "$tmp/log.$r" && sed "s/^/  log.$r: /" "$tmp/log.$r"; done
}

# (a)
echo "lt_check: (a) TYPESHIM_CHECK=1 LD_PRELOAD=$preload $mpiexec -n 2 $prog"
env LD_PRELOAD="$preload" TYPESHIM_CHECK=1 TYPESHIM_LOG="$tmp/log.%r" \
    $to "$mpiexec" -n 2 "$prog" >"$tmp/out" 2>"$tmp/err"
status=$?
if test "$status" -eq 0 && test "$(grep -c '^lt_check rank [01]: ok' "$tmp/out")" -eq 2; then
    ok "(a) exit 0, both ranks ok"
else
    bad "(a) exit $status"
    show
fi
for r in 0 1; do
    log=$tmp/log.$r
    if ! test -f "$log"; then
        bad "(a) rank $r wrote no log"
        continue
    fi
    n=$(grep -c '^typeshim: divergence #' "$log")
    i=$(grep -c '^typeshim: divergence #.*: intended$' "$log")
    if grep -q UNEXPECTED "$log"; then
        bad "(a) rank $r: an UNEXPECTED divergence"
        sed "s/^/  log.$r: /" "$log"
    elif test "$n" -ne 7 || test "$i" -ne 7; then
        bad "(a) rank $r: $n divergences, $i intended (want 7, 7)"
        sed "s/^/  log.$r: /" "$log"
    elif ! grep -q "^typeshim: divergence #.* in MPI_Pack(.*intended" "$log" ||
        ! grep -q 'refused: .*Null pointer in parameter inbuf' "$log" ||
        ! grep -q 'intended: MPICH 4.0.2 refuses MPI_BOTTOM' "$log" ||
        ! grep -q 'typeshim: MPI_Pack: 24 bytes at position 8 do not fit in the 24-byte output buffer' "$log" ||
        ! grep -q 'typeshim: MPI_Unpack: 32 bytes at position 0 do not fit' "$log" ||
        test "$(grep -c 'intended: MPICH 4.0.2 does not check the buffer size' "$log")" -ne 2 ||
        ! grep -q 'MPICH:    MPI_SUCCESS, wrote 24 bytes from position 8 to 32, past the end of the 24-byte buffer' "$log" ||
        ! grep -q 'MPICH:    MPI_SUCCESS, read 16 of the 32 bytes and stopped at position 16 of the 16-byte buffer' "$log" ||
        ! grep -q '^typeshim: divergence #.* in MPI_Status_set_elements(.*): intended$' "$log" ||
        ! grep -q 'MPICH:    n=3: 24 bytes' "$log" ||
        ! grep -q '^typeshim: divergence #.* in MPI_Pack_size_c(.*): intended$' "$log" ||
        ! grep -q 'typeshim: size=MPI_UNDEFINED' "$log" ||
        ! grep -q 'type:     contiguous(2, resized(0, -4, MPI_DOUBLE_INT))' "$log" ||
        ! grep -q 'intended: MPICH 4.0.2 places the copies of MPI_Type_contiguous' "$log"; then
        bad "(a) rank $r: the reports are not the seven expected"
        sed "s/^/  log.$r: /" "$log"
    elif ! grep -qE "^typeshim: check summary: rank $r: [0-9]+ checks, 7 divergences \(7 intended\)$" "$log"; then
        bad "(a) rank $r: no summary with 7 divergences (7 intended)"
        sed "s/^/  log.$r: /" "$log"
    else
        ok "(a) rank $r: the MPI_BOTTOM refusal, two truncations, the status, the pack size and the twin's layout, intended; nothing else"
    fi
done

# (b)
rm -f "$tmp"/log.*
echo "lt_check: (b) TYPESHIM_CHECK=1 LD_PRELOAD=$preload $mpiexec -n 2 $prog none"
env LD_PRELOAD="$preload" TYPESHIM_CHECK=1 TYPESHIM_LOG="$tmp/log.%r" \
    $to "$mpiexec" -n 2 "$prog" none >"$tmp/out" 2>"$tmp/err"
status=$?
test "$status" -eq 0 || { bad "(b) exit $status"; show; }
for r in 0 1; do
    if grep -qE "^typeshim: check summary: rank $r: 0 checks, 0 divergences \(0 intended\)$" \
        "$tmp/log.$r" 2>/dev/null; then
        ok "(b) rank $r wrote its summary without making a type"
    else
        bad "(b) rank $r: no summary"
        show
    fi
done

# (e)
rm -f "$tmp"/log.*
echo "lt_check: (e) TYPESHIM_CHECK=1 LD_PRELOAD=$preload $mpiexec -n 1 $prog abort"
env LD_PRELOAD="$preload" TYPESHIM_CHECK=1 TYPESHIM_LOG="$tmp/log.%r" \
    $to "$mpiexec" -n 1 "$prog" abort >"$tmp/out" 2>"$tmp/err"
status=$?
if test "$status" -ne 5; then
    bad "(e) exit $status, not MPI_Abort's 5"
    show
elif grep -qE '^typeshim: check summary: rank 0: 1 check, 0 divergences \(0 intended\)$' \
    "$tmp/log.0" 2>/dev/null; then
    ok "(e) MPI_Abort: the summary was written first"
else
    bad "(e) MPI_Abort: no summary"
    show
fi

# (c) TYPESHIM_DISABLE=1, a typeshim_* error under MPI_ERRORS_RETURN: the
#     class comes back through MPICH, which can decode it.
echo "lt_check: (c) TYPESHIM_DISABLE=1 LD_PRELOAD=$preload $mpiexec -n 1 $prog disabled-return"
env LD_PRELOAD="$preload" TYPESHIM_DISABLE=1 \
    $to "$mpiexec" -n 1 "$prog" disabled-return >"$tmp/out" 2>"$tmp/err"
status=$?
if test "$status" -eq 0 && grep -q '^lt_check rank 0: ok' "$tmp/out"; then
    ok "(c) disabled: MPI_ERR_TYPE returned through MPICH's handler"
else
    bad "(c) exit $status"
    show
fi
# (d) the same under the default, fatal handler: typeshim's message, then
#     MPICH's abort with the class (3, MPI_ERR_TYPE), not with a typeshim
#     code it cannot decode (which it reported as Abort(536871043)).
echo "lt_check: (d) TYPESHIM_DISABLE=1 LD_PRELOAD=$preload $mpiexec -n 1 $prog disabled-fatal"
env LD_PRELOAD="$preload" TYPESHIM_DISABLE=1 \
    $to "$mpiexec" -n 1 "$prog" disabled-fatal >"$tmp/out" 2>"$tmp/err"
status=$?
if test "$status" -ne 0 &&
    grep -q '^typeshim: rank 0: fatal error: typeshim_type_dump: argument datatype=.* is not' "$tmp/err" &&
    grep -q 'Abort(3) ' "$tmp/err"; then
    ok "(d) disabled, fatal: typeshim's message, then MPICH's abort (exit $status)"
else
    bad "(d) exit $status"
    show
fi

echo "lt_check: $passed passed, $failed failed"
test "$failed" -eq 0
