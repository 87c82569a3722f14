#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# report.sh PLOTDATA FILE...: merge bench_pack's TSV outputs (one file per
# implementation: typeshim, mpich, openmpi; several rounds may be appended to
# one file, the median of the rounds is taken) into the `make bench` table
# on stdout, and write the plot's data to PLOTDATA: one line per pattern,
# tab-separated: pattern, tier, pack GB/s (TS MPICH OMPI hand memcpy),
# unpack GB/s (TS MPICH OMPI hand), the median of the rounds each; then the
# min and max GB/s over the rounds of TS, MPICH and OMPI for pack (columns
# 12-17) and unpack (18-23); then the TS/best peer ratio (best: the faster
# of MPICH and OMPI) for pack and unpack (24-25).
#
# GB/s are 10^9 bytes per second of packed data.  "hand" and "memcpy" come
# from the typeshim run (else MPICH's, else Open MPI's); the TS/hand and
# TS/memcpy ratios always use the typeshim process's own figures.  A missing
# implementation or measurement prints n/a.
set -e
plotdata=$1
shift
awk -v plotdata="$plotdata" '
function med(k,   n, i, j, t, a) {
    n = cnt[k]
    if (n == 0) return -1
    for (i = 1; i <= n; i++) a[i] = val[k, i]
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function lo(k,   i, x) {  # the smallest of the rounds (the fastest time)
    if (cnt[k] == 0) return -1
    x = val[k, 1]
    for (i = 2; i <= cnt[k]; i++) if (val[k, i] < x) x = val[k, i]
    return x
}
function hi(k,   i, x) {  # the largest of the rounds (the slowest time)
    if (cnt[k] == 0) return -1
    x = val[k, 1]
    for (i = 2; i <= cnt[k]; i++) if (val[k, i] > x) x = val[k, i]
    return x
}
function get(impl, p, f) { return (impl SUBSEP p SUBSEP f) in m ? m[impl, p, f] : -1 }
function getlo(impl, p, f) { return lo(impl SUBSEP p SUBSEP f) }
function gethi(impl, p, f) { return hi(impl SUBSEP p SUBSEP f) }
function best2(a, b) { return a > b ? a : b }  # the faster of two GB/s (-1: missing)
function faster(a, b) { return a > 0 && (b <= 0 || a < b) ? a : b }  # of two times (<= 0: missing)
function gbs(p, ns) { return ns > 0 ? bytes[p] / ns : -1 }
function f2(x) {
    if (x < 0) return "n/a"
    if (x >= 100) return sprintf("%.0f", x)
    if (x >= 10) return sprintf("%.1f", x)
    return sprintf("%.2f", x)
}
function fsi(x) {  # compact: 12.3, 456, 7.8k, 12M
    if (x < 0) return "n/a"
    if (x < 10) return sprintf("%.2f", x)
    if (x < 1000) return sprintf("%.0f", x)
    if (x < 1e4) return sprintf("%.1fk", x / 1e3)
    if (x < 1e6) return sprintf("%.0fk", x / 1e3)
    if (x < 1e7) return sprintf("%.1fM", x / 1e6)
    return sprintf("%.0fM", x / 1e6)
}
# A time, or (norm) the median over the rounds of the time over the hand
# loop measured beside it in the same process: a ratio within one run,
# not a ratio of two medians taken from different rounds.
function own(norm, impl, p, f) { return get(impl, p, norm ? f "_own" : f) }
function verdict() { return nchk == 0 ? "n/a" : nbad ? "NOT met:" bad : "met" }
function ratio(a, b) { return (a > 0 && b > 0) ? sprintf("%.2f", a / b) : "n/a" }
function src(p) {  # which run supplies hand and memcpy
    if (get("typeshim", p, "memcpy_ns") > 0) return "typeshim"
    if (get("mpich", p, "memcpy_ns") > 0) return "mpich"
    return "openmpi"
}
BEGIN {
    FS = "\t"
    nf = split("pack_ns unpack_ns hand_pack_ns hand_unpack_ns memcpy_ns create_ns", fld, " ")
}
/^#/ || NF < 11 { next }
{
    impl = $1; p = $2
    if (!(p in seen)) { seen[p] = 1; order[++np] = p; tier[p] = $3; bytes[p] = $4; blocks[p] = $5 }
    have[impl] = 1
    for (i = 1; i <= nf; i++) {
        x = $(5 + i)
        if (x == "n/a" || x == "") continue
        k = impl SUBSEP p SUBSEP fld[i]
        val[k, ++cnt[k]] = x + 0
        keys[k] = 1
    }
    # pack and unpack over the hand loops of the same round
    for (i = 1; i <= 2; i++) {
        x = $(5 + i); y = $(7 + i)
        if (x == "n/a" || y == "n/a" || x + 0 <= 0 || y + 0 <= 0) continue
        k = impl SUBSEP p SUBSEP fld[i] "_own"
        val[k, ++cnt[k]] = x / y
        keys[k] = 1
    }
}
END {
    for (k in keys) m[k] = med(k)
    split("typeshim mpich openmpi", im, " ")
    fmtA = "%-15s %6s %8s | %6s %6s %6s %6s %6s | %6s %6s %6s %6s | %5s %5s | %5s %5s | %5s %5s | %5s %5s\n"
    print "Pack/unpack throughput, GB/s of packed data (median of samples), and typeshim ratios"
    hdr = "pattern tier pk_ts pk_mpich pk_ompi pk_hand memcpy up_ts up_mpich up_ompi up_hand" \
        " pk_ts_min pk_ts_max pk_mpich_min pk_mpich_max pk_ompi_min pk_ompi_max" \
        " up_ts_min up_ts_max up_mpich_min up_mpich_max up_ompi_min up_ompi_max pk_ts_best up_ts_best"
    gsub(/ /, "\t", hdr)
    print "# " hdr > plotdata
    printf "%-15s %6s %8s | %-34s | %-27s | %-11s | %-11s | %-11s | %-11s\n", "", "", "", "pack", "unpack", "TS/MPICH", "TS/OMPI", "TS/hand", "TS/memcpy"
    printf fmtA, "pattern", "KiB", "blocks", "TS", "MPICH", "OMPI", "hand", "memcpy", "TS", "MPICH", "OMPI", "hand", "pk", "up", "pk", "up", "pk", "up", "pk", "up"
    for (i = 1; i <= np; i++) {
        p = order[i]; s = src(p)
        for (j = 1; j <= 3; j++) { pk[j] = gbs(p, get(im[j], p, "pack_ns")); up[j] = gbs(p, get(im[j], p, "unpack_ns")) }
        hp = gbs(p, get(s, p, "hand_pack_ns")); hu = gbs(p, get(s, p, "hand_unpack_ns")); mc = gbs(p, get(s, p, "memcpy_ns"))
        thp = gbs(p, get("typeshim", p, "hand_pack_ns")); thu = gbs(p, get("typeshim", p, "hand_unpack_ns")); tmc = gbs(p, get("typeshim", p, "memcpy_ns"))
        printf fmtA, p, f2(bytes[p] / 1024), blocks[p], f2(pk[1]), f2(pk[2]), f2(pk[3]), f2(hp), f2(mc), f2(up[1]), f2(up[2]), f2(up[3]), f2(hu), \
            ratio(pk[1], pk[2]), ratio(up[1], up[2]), ratio(pk[1], pk[3]), ratio(up[1], up[3]), ratio(pk[1], thp), ratio(up[1], thu), ratio(pk[1], tmc), ratio(up[1], tmc)
        printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s", p, tier[p], f2(pk[1]), f2(pk[2]), f2(pk[3]), f2(hp), f2(mc), f2(up[1]), f2(up[2]), f2(up[3]), f2(hu) > plotdata
        # the spread over the rounds: min and max GB/s (from the slowest and
        # the fastest time) of typeshim, MPICH and Open MPI, pack then unpack
        for (d = 1; d <= 2; d++)
            for (j = 1; j <= 3; j++) {
                f = d == 1 ? "pack_ns" : "unpack_ns"
                printf "\t%s\t%s", f2(gbs(p, gethi(im[j], p, f))), f2(gbs(p, getlo(im[j], p, f))) > plotdata
            }
        printf "\t%s\t%s\n", ratio(pk[1], best2(pk[2], pk[3])), ratio(up[1], best2(up[2], up[3])) > plotdata
    }
    fmtB = "%-15s %8s | %6s %6s %6s | %6s %6s %6s | %6s %6s %6s | %6s %6s %6s\n"
    print ""
    print "Costs: MPI_Pack ns per contiguous block and per call; create+commit(+free) ns per type and per block"
    printf "%-15s %8s | %-20s | %-20s | %-20s | %-20s\n", "", "", "pack ns/block", "pack ns/call", "create ns", "create ns/block"
    printf fmtB, "pattern", "blocks", "TS", "MPICH", "OMPI", "TS", "MPICH", "OMPI", "TS", "MPICH", "OMPI", "TS", "MPICH", "OMPI"
    for (i = 1; i <= np; i++) {
        p = order[i]
        for (j = 1; j <= 3; j++) { t = get(im[j], p, "pack_ns"); c = get(im[j], p, "create_ns"); call[j] = t; nb[j] = t > 0 ? t / blocks[p] : -1; cr[j] = c; crb[j] = c > 0 ? c / blocks[p] : -1 }
        printf fmtB, p, blocks[p], fsi(nb[1]), fsi(nb[2]), fsi(nb[3]), fsi(call[1]), fsi(call[2]), fsi(call[3]), fsi(cr[1]), fsi(cr[2]), fsi(cr[3]), fsi(crb[1]), fsi(crb[2]), fsi(crb[3])
    }

    # The targets of the project for typeshim, in-cache tier
    print ""
    print "Targets (typeshim, in-cache tier)"
    if (!have["typeshim"] || get("typeshim", order[1], "pack_ns") < 0) { print "  typeshim pack/unpack not measured (no MPI_Pack in this build): all n/a" }
    else {
        bad = ""; nbad = 0; nchk = 0
        for (i = 1; i <= np; i++) {
            p = order[i]; if (tier[p] != "cache" && tier[p] != "call") continue
            nchk++
            for (d = 1; d <= 2; d++) {
                f = d == 1 ? "pack_ns" : "unpack_ns"
                t = get("typeshim", p, f); a = get("mpich", p, f); b = get("openmpi", p, f)
                best = faster(a, b)
                if (best > 0 && t > best) { bad = bad " " p (d == 1 ? ":pk" : ":up") "(" sprintf("%.2f", best / t) ")"; nbad++ }
            }
        }
        printf "  >= faster of MPICH/Open MPI everywhere: %s\n", verdict()
        bad = ""; nbad = 0; nchk = 0
        for (i = 1; i <= np; i++) {
            p = order[i]; if (tier[p] != "cache" || bytes[p] / blocks[p] < 512) continue
            nchk++
            mc = get("typeshim", p, "memcpy_ns")
            for (d = 1; d <= 2; d++) { t = get("typeshim", p, d == 1 ? "pack_ns" : "unpack_ns"); if (t > 0 && mc / t < 0.9) { bad = bad " " p (d == 1 ? ":pk" : ":up") "(" sprintf("%.2f", mc / t) ")"; nbad++ } }
        }
        printf "  >= 0.9x memcpy for blocks >= 512 B: %s\n", verdict()
        bad = ""; nbad = 0; nchk = 0
        for (i = 1; i <= np; i++) {
            p = order[i]; if (p != "vec_d_bl1" && p != "darray_cyclic") continue
            nchk++
            for (d = 1; d <= 2; d++) { t = get("typeshim", p, d == 1 ? "pack_ns" : "unpack_ns") / blocks[p]; if (t > 0.3) { bad = bad " " p (d == 1 ? ":pk" : ":up") "(" sprintf("%.2f", t) ")"; nbad++ } }
        }
        printf "  <= 0.3 ns per 8-byte block (vec_d_bl1, darray_cyclic; the x faces are miss-bound): %s\n", verdict()
        x = gbs("struct40", get("typeshim", "struct40", "pack_ns")); y = gbs("struct40", get("typeshim", "struct40", "unpack_ns"))
        printf "  struct40 >= 10 GB/s: pack %s unpack %s: %s\n", f2(x), f2(y), x < 0 ? "n/a" : (x >= 10 && y >= 10) ? "met" : "NOT met"
        x = gbs("idx_rand", get("typeshim", "idx_rand", "pack_ns")); y = gbs("idx_rand", get("typeshim", "idx_rand", "unpack_ns"))
        printf "  idx_rand >= 25 GB/s: pack %s unpack %s: %s\n", f2(x), f2(y), x < 0 ? "n/a" : (x >= 25 && y >= 25) ? "met" : "NOT met"
        x = get("typeshim", "small_vec64B", "pack_ns"); y = get("typeshim", "small_vec64B", "unpack_ns")
        printf "  <= 25 ns per small call: pack %s unpack %s: %s\n", f2(x), f2(y), x < 0 ? "n/a" : (x <= 25 && y <= 25) ? "met" : "NOT met"
    }
    x = get("typeshim", "idx_131072", "create_ns")
    x = x > 0 ? x / blocks["idx_131072"] : -1
    printf "  indexed create+commit <= 6 ns/block: %s: %s\n", f2(x), x < 0 ? "n/a" : x <= 6 ? "met" : "NOT met"
    # Every pack and unpack cell of the in-cache and large tiers against
    # the faster peer, twice: from the raw medians, and with the time of
    # each library over the hand loop of its own process (the same loop,
    # measured round robin with it; the median over the rounds of that
    # ratio, each round one process).  Each library runs in its own process,
    # and a process on this kind of machine can run every loop, memcpy
    # included, 15% faster or slower than the next one; the second form
    # cancels that.
    print ""
    print "Against the faster peer (in-cache and large tiers; >= 0.95 asked)"
    if (!have["typeshim"] || get("typeshim", order[1], "pack_ns") < 0) { print "  not measured: n/a" }
    else {
        for (norm = 0; norm <= 1; norm++) {
            bad = ""; nbad = 0; nchk = 0; worst = -1
            for (i = 1; i <= np; i++) {
                p = order[i]; if (tier[p] != "cache" && tier[p] != "large") continue
                for (d = 1; d <= 2; d++) {
                    f = d == 1 ? "pack_ns" : "unpack_ns"
                    t = own(norm, "typeshim", p, f); a = own(norm, "mpich", p, f); b = own(norm, "openmpi", p, f)
                    best = faster(a, b)
                    if (t <= 0 || best <= 0) continue
                    nchk++
                    if (worst < 0 || best / t < worst) worst = best / t
                    if (best / t < 0.95) { bad = bad " " p (d == 1 ? ":pk" : ":up") "(" sprintf("%.2f", best / t) ")"; nbad++ }
                }
            }
            printf "  %s: %d cells, lowest %s: %s\n", norm ? "each over its own hand loop" : "raw medians", nchk, worst < 0 ? "n/a" : sprintf("%.2f", worst), verdict()
        }
    }
    x = get("typeshim", "L_idx_rand", "pack_ns"); a = get("mpich", "L_idx_rand", "pack_ns"); b = get("openmpi", "L_idx_rand", "pack_ns")
    best = faster(a, b)
    printf "  L_idx_rand pack >= 1.0x the faster peer: %s: %s\n", ratio(best, x), (x <= 0 || best <= 0 ? "n/a" : best / x >= 1 ? "met" : "NOT met")
    for (d = 1; d <= 2; d++) {
        p = d == 1 ? "struct40" : "L_struct40"
        # the median of the rounds of pack time over hand-loop time
        x = get("typeshim", p, "pack_ns_own"); a = get("typeshim", p, "unpack_ns_own")
        printf "  %s >= 0.9x the hand loop: pack %s unpack %s: %s\n", p, ratio(1, x), ratio(1, a), \
            (x <= 0 || a <= 0 ? "n/a" : (1 / x >= 0.9 && 1 / a >= 0.9) ? "met" : "NOT met")
    }
    if (!have["openmpi"]) print "  (Open MPI not measured: its columns are n/a)"
}
' "$@"
