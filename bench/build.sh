#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# build.sh SRCDIR: the construction-scaling table (make bench-build, and
# the end of make bench).  Runs bench/bench_build_ts (typeshim standalone)
# and bench/bench_build_mpich, and the Open MPI variant when mpicc.openmpi
# exists; prints, per pattern and n, create, commit and free in ns per
# block (warm: best of 5, CPU time, and create + commit in wall time;
# fresh: the first build, CPU and wall time) and the
# resident bytes per block, side by side, with typeshim's ratio to the best
# peer.  Environment from make: CC_FLAGS.
set -e
srcdir=${1:-.}
out=bench
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
tmp=$(mktemp -d "${TMPDIR:-/tmp}/build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
./$out/bench_build_ts >"$tmp/typeshim"
./$out/bench_build_mpich >"$tmp/mpich"
if command -v mpicc.openmpi >/dev/null 2>&1 &&
    mpicc.openmpi $CC_FLAGS -o "$tmp/bench_build_ompi" "$srcdir/bench/bench_build.c" 2>/dev/null; then
    "$tmp/bench_build_ompi" >"$tmp/openmpi"
else
    : >"$tmp/openmpi"
fi
echo "construction, ns per block: create/commit/free warm (CPU time, best of 5) create+commit warm (wall) | create+commit fresh (CPU/wall) | resident bytes per block"
echo "ts/best: typeshim create+commit warm over the faster peer"
printf '%-9s %8s  %-29s %-29s %-29s %7s\n' pattern n typeshim MPICH "Open MPI" "ts/best"
awk -F '\t' '
FILENAME ~ /typeshim$/ { k = $1 " " $2; order[++no] = k; ts[k] = $0; next }
FILENAME ~ /mpich$/ { mp[$1 " " $2] = $0; next }
{ om[$1 " " $2] = $0 }
function cell(line,    f) {
    if (line == "") return "n/a"
    split(line, f, "\t")
    return sprintf("%.0f/%.0f/%.0f %.0f|%.0f/%.0f|%.0fB", f[3], f[4], f[5], f[6] + f[7], f[8], f[9], f[10])
}
function warm(line,    f) { if (line == "") return 0; split(line, f, "\t"); return f[3] + f[4] }
END {
    for (i = 1; i <= no; i++) {
        k = order[i]; split(k, p, " ")
        best = warm(mp[k]); o = warm(om[k]); if (o > 0 && (best == 0 || o < best)) best = o
        printf "%-9s %8s  %-29s %-29s %-29s %7s\n", p[1], p[2], cell(ts[k]), cell(mp[k]), cell(om[k]),
            (best > 0 ? sprintf("%.2f", warm(ts[k]) / best) : "n/a")
    }
}' "$tmp/typeshim" "$tmp/mpich" "$tmp/openmpi"
