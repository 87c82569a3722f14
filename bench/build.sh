#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# build.sh SRCDIR: the construction-scaling table (make bench-build, and
# the end of make bench).  Runs bench/bench_build_ts (typeshim standalone)
# and bench/bench_build_mpich, and the Open MPI variant when mpicc.openmpi
# exists, each twice (with malloc keeping freed memory, and as glibc has
# it); prints, per pattern and n, create, commit and free in ns per block
# (warm: best of 5, CPU time, and create + commit in wall time; rebuilt:
# the same builds under glibc's defaults; fresh: the first build, CPU and
# wall time) and the
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
# each library twice: with malloc keeping what is freed (warm), and as
# glibc has it (fresh, resident bytes, and rebuilt: the warm builds of that
# run, which fault their large blocks in again)
impls="typeshim:./$out/bench_build_ts mpich:./$out/bench_build_mpich"
if command -v mpicc.openmpi >/dev/null 2>&1 &&
    mpicc.openmpi $CC_FLAGS -o "$tmp/bench_build_ompi" "$srcdir/bench/bench_build.c" 2>/dev/null; then
    impls="$impls openmpi:$tmp/bench_build_ompi"
fi
: >"$tmp/openmpi.kept"
: >"$tmp/openmpi.default"
# A process of this machine may run everything at half the speed of the
# next one: BUILD_ROUNDS rounds (default 3) take turns between the
# libraries, and each figure is the best of the rounds (the first round's
# resident bytes).
rounds=${BUILD_ROUNDS:-3}
r=1
while [ "$r" -le "$rounds" ]; do
    for spec in $impls; do
        "${spec#*:}" --keep-heap >>"$tmp/${spec%%:*}.kept"
        "${spec#*:}" >>"$tmp/${spec%%:*}.default"
    done
    r=$((r + 1))
done
echo "construction, ns per block, best of $rounds rounds: warm: create/commit/free (CPU time, best of 5), create+commit (wall);"
echo "  rebuilt: create+commit (CPU) when glibc returns each build's large blocks to the system;"
echo "  fresh: the first build (CPU/wall); resident bytes per block of the first build"
echo "ts/best: typeshim create+commit over the faster peer, warm and rebuilt"
printf '%-9s %8s  %-32s %-32s %-32s %11s\n' pattern n "typeshim warm rebuilt|fresh|B" MPICH "Open MPI" "ts/best"
awk -F '\t' '
# the best of the rounds, field by field (the times); the bytes of the first
function keep(key, line,    f, g, n, j) {
    if (!(key in run)) { run[key] = line; return }
    n = split(run[key], f, "\t"); split(line, g, "\t")
    for (j = 3; j <= 9; j++) if (g[j] + 0 < f[j] + 0) f[j] = g[j]
    line = f[1]; for (j = 2; j <= n; j++) line = line "\t" f[j]
    run[key] = line
}
# the library and the run (kept or default) from the file name: LIB.RUN
FNR == 1 { n = split(FILENAME, path, "/"); split(path[n], id, "."); lib = id[1]; mode = id[2] }
{
    k = $1 " " $2
    if (lib == "typeshim" && !(k in seen)) { seen[k] = 1; order[++no] = k }
    keep(mode SUBSEP lib SUBSEP k, $0)
}
function cell(l, k,    f, g) {
    if (!(("kept", l, k) in run) || !(("default", l, k) in run)) return "n/a"
    split(run["kept", l, k], f, "\t"); split(run["default", l, k], g, "\t")
    return sprintf("%.0f/%.0f/%.0f %.0f %.0f|%.0f/%.0f|%.0fB", f[3], f[4], f[5], f[6] + f[7], g[3] + g[4], g[8], g[9], g[10])
}
function cc(m, l, k,    f) {  # create + commit CPU of run m of library l, 0 if missing
    if (!((m, l, k) in run)) return 0
    split(run[m, l, k], f, "\t")
    return f[3] + f[4]
}
function vs(m, k,    best, o) {
    best = cc(m, "mpich", k); o = cc(m, "openmpi", k); if (o > 0 && (best == 0 || o < best)) best = o
    return best > 0 && cc(m, "typeshim", k) > 0 ? sprintf("%.2f", cc(m, "typeshim", k) / best) : "n/a"
}
END {
    for (i = 1; i <= no; i++) {
        k = order[i]; split(k, p, " ")
        printf "%-9s %8s  %-32s %-32s %-32s %5s %5s\n", p[1], p[2], cell("typeshim", k), cell("mpich", k), cell("openmpi", k), vs("kept", k), vs("default", k)
    }
}' "$tmp/typeshim.kept" "$tmp/typeshim.default" "$tmp/mpich.kept" "$tmp/mpich.default" "$tmp/openmpi.kept" "$tmp/openmpi.default"
