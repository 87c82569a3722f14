#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# comm.sh: the cost of layered mode's datatype checks on a communication
# call (make bench-comm, and the end of make bench).  Runs
# bench/bench_comm (an MPICH program) on one rank alone and with
# .libs/libtypeshim.so preloaded, in turn, ROUNDS times (default 5), and
# prints per case the best ns per call of each and their difference (two
# datatype arguments per call).  With BENCH_MPI=openmpi the same over Open
# MPI (bench/bench_comm_ompi, .libs/libtypeshim-ompi.so, singletons).
# Exit status: 0, or 1 when a run failed.
: "${top_builddir:=.}"
rounds=${ROUNDS:-5}
# shellcheck source=flavour.sh
. "$(dirname "$0")/flavour.sh" bench_comm
tmp=$(mktemp -d "${TMPDIR:-/tmp}/comm.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
r=1
while [ "$r" -le "$rounds" ]; do
    # shellcheck disable=SC2086 # mpiexec is a command and its -n 1, or nothing
    env -u LD_PRELOAD $mpiexec "$prog" >>"$tmp/plain" || exit 1
    # shellcheck disable=SC2086
    env LD_PRELOAD="$lib" $mpiexec "$prog" >>"$tmp/preloaded" || exit 1
    r=$((r + 1))
done
echo "datatype checks on MPI_Sendrecv (8 bytes to self, 2 datatype arguments), best of $rounds runs:"
printf '%-18s %12s %12s %12s\n' case "$mpi ns" "+typeshim ns" "difference"
awk 'FNR == NR { if (!($1 in a) || $2 < a[$1]) a[$1] = $2; next }
     { if (!($1 in b) || $2 < b[$1]) b[$1] = $2 }
     END { for (c in a) printf "%-18s %12.1f %12.1f %12.1f\n", c, a[c], b[c], b[c] - a[c] }' \
    "$tmp/plain" "$tmp/preloaded" | sort
