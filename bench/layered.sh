#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# layered.sh: what layered mode costs on the datatype calls themselves
# (make bench-layered).  Runs bench/bench_layered (an MPICH program) on one
# rank three times back to back: plain MPICH, with
# .libs/libtypeshim.so preloaded, and preloaded with TYPESHIM_CHECK=1, in
# turn for LAYERED_ROUNDS rounds, and prints per operation the ns of each
# (CPU time, best of 5 repetitions inside the program, best of the rounds)
# and the preloaded/plain and checked/plain ratios.
# With BENCH_MPI=openmpi the same over Open MPI: bench/bench_layered_ompi
# (built against Open MPI) and .libs/libtypeshim-ompi.so, run as Open MPI
# singletons.
# Run from the build directory (top_builddir, default .).
# Exit status: 0, or 1 when a run failed.
: "${top_builddir:=.}"
# shellcheck source=flavour.sh
. "$(dirname "$0")/flavour.sh" bench_layered
tmp=$(mktemp -d "${TMPDIR:-/tmp}/layered.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# A process here may run everything at half the speed of the next one:
# LAYERED_ROUNDS rounds (default 3) take turns between the three runs, and
# each figure is the best of the rounds.
rounds=${LAYERED_ROUNDS:-3}
r=1
while [ "$r" -le "$rounds" ]; do
    # shellcheck disable=SC2086 # mpiexec is a command and its -n 1, or nothing
    env -u LD_PRELOAD -u TYPESHIM_CHECK $mpiexec "$prog" >>"$tmp/plain" || {
        echo "layered.sh: $prog failed (plain $mpi)"
        exit 1
    }
    # shellcheck disable=SC2086
    env -u TYPESHIM_CHECK LD_PRELOAD="$lib" $mpiexec "$prog" >>"$tmp/preloaded" || {
        echo "layered.sh: $prog failed (preloaded)"
        exit 1
    }
    # shellcheck disable=SC2086
    env LD_PRELOAD="$lib" TYPESHIM_CHECK=1 $mpiexec "$prog" >>"$tmp/checked" || {
        echo "layered.sh: $prog failed (preloaded, TYPESHIM_CHECK=1)"
        exit 1
    }
    r=$((r + 1))
done
echo "layered mode: ns per operation (CPU time, best of 5 in a run, best of $rounds runs), plain $mpi vs preloaded vs TYPESHIM_CHECK=1"
printf '%-16s %10s %10s %10s %10s %10s\n' operation plain preloaded checked pre/plain chk/plain
# the rows in the order of the plain run; a missing value prints as "-"
function_min='function low(a, k, v) { if (!(k in a) || v + 0 < a[k] + 0) a[k] = v }'
awk -F '\t' "$function_min"'
     /^#/ { next }
     FILENAME == ARGV[1] { if (!($1 in plain)) order[++n] = $1; low(plain, $1, $2); next }
     FILENAME == ARGV[2] { low(pre, $1, $2); next }
     { low(chk, $1, $2) }
     function ratio(x, y) { return (x == "" || y == "" || y + 0 == 0) ? "-" : sprintf("%.2f", x / y) }
     function val(x) { return x == "" ? "-" : sprintf("%.1f", x) }
     END {
         for (i = 1; i <= n; i++) {
             c = order[i]
             printf "%-16s %10s %10s %10s %10s %10s\n", c, val(plain[c]), val(pre[c]), val(chk[c]),
                 ratio(pre[c], plain[c]), ratio(chk[c], plain[c])
         }
     }' "$tmp/plain" "$tmp/preloaded" "$tmp/checked"
