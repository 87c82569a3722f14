#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# serial.sh: what the single-process runtime costs against MPICH at one
# process (make bench-serial, and the end of make bench).  bench_serial is
# one program built against libtypeshim-serial (bench/bench_serial_ts) and
# against MPICH (bench/bench_serial_mpich); each operation runs under
# valgrind's callgrind, which counts the instructions of the MPI calls
# alone (the program toggles collection around them): deterministic, where
# a timer on a shared machine is not.  Each count is taken at two
# iteration counts and the difference divided by theirs, so that what runs
# once (tables made at the first call) is left out.  Every iteration
# checks the data it received: a run that moved nothing, or the wrong
# elements, fails this script.
#   --smoke   each operation 100 times without valgrind, both builds
#             (make check): the data checks only
# Output: per operation the instructions of typeshim and of MPICH and their
# ratio (the goal: at most 0.50).  Exit status: 0, 1 when a run failed, 77
# (skip) without valgrind.
: "${top_builddir:=.}"
ts=$top_builddir/bench/bench_serial_ts
mpich=$top_builddir/bench/bench_serial_mpich
ops="sendrecv_double sendrecv_vector irecv_isend allreduce"
lo=1000
hi=3000

if test "${1:-}" = --smoke; then
    for op in $ops; do
        "$ts" "$op" 100 || exit 1
        "$mpich" "$op" 100 || exit 1
    done
    echo "serial.sh --smoke: $ops moved and checked, typeshim and MPICH"
    exit 0
fi
command -v valgrind >/dev/null 2>&1 || { echo "serial.sh: no valgrind: skipped"; exit 77; }
libtool="${SHELL:-/bin/sh} $top_builddir/libtool"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/serial.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# count PROG OP N: the instructions of the counted calls of N iterations
# (libtool's wrapper runs the program itself under valgrind)
count() {
    $libtool --mode=execute valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$tmp/cg" \
        "$1" "$2" "$3" >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; return 1; }
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$tmp/out"
}

echo "The single-process runtime at one process: instructions per iteration (callgrind, the MPI calls only,"
echo "iterations $lo to $hi), libtypeshim-serial against MPICH $(pkg-config --modversion mpich 2>/dev/null || echo '(version unknown)'):"
printf '%-16s %10s %10s %7s  %s\n' operation typeshim MPICH ratio "goal <= 0.50"
for op in $ops; do
    a1=$(count "$ts" "$op" $lo) && a2=$(count "$ts" "$op" $hi) &&
        b1=$(count "$mpich" "$op" $lo) && b2=$(count "$mpich" "$op" $hi) || {
        echo "serial.sh: $op failed" >&2
        exit 1
    }
    awk -v op="$op" -v a1="$a1" -v a2="$a2" -v b1="$b1" -v b2="$b2" -v n=$((hi - lo)) 'BEGIN {
        t = (a2 - a1) / n; m = (b2 - b1) / n; r = t / m
        printf "%-16s %10.0f %10.0f %7.2f  %s\n", op, t, m, r, r <= 0.5 ? "met" : "not yet"
    }'
done
echo "sendrecv_double: MPI_Sendrecv of one MPI_DOUBLE to itself; sendrecv_vector: of a vector(8, 1, 2, MPI_DOUBLE);"
echo "irecv_isend: MPI_Irecv + MPI_Isend + MPI_Waitall of that vector; allreduce: MPI_Allreduce of 8 doubles"
echo "(MPI_SUM) on MPI_COMM_SELF."
