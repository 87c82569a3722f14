#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lt_run.sh - the layered-mode programs of test/layered under mpiexec:
#
#  (a) lt_p2p_mpich (MPICH only), plain MPICH           LT_EXPECT=mpich
#  (b) the same binary, libtypeshim.so preloaded        LT_EXPECT=typeshim
#  (c) lt_p2p_linked (-ltypeshim ahead of -lmpich)      LT_EXPECT=typeshim
#  (d) (b) with TYPESHIM_DISABLE=1                      LT_EXPECT=mpich
#  (e) (b) with TYPESHIM_DUMP=1: stderr holds dumps of committed types
#  (h) (b) with TYPESHIM_CHECK=1: a check summary per rank, no UNEXPECTED
#      divergence
#  each of (a)-(e), (h) with 2 and with 3 ranks;
#  (f) lt_threads, 2 ranks, plain MPICH, preloaded, preloaded with
#      TYPESHIM_CHECK=1;
#  (i) lt_adopt, 1 and 2 ranks, preloaded: types made inside MPICH;
#  (k) lt_comm, 1, 2 and 3 ranks, preloaded: bad datatype arguments of
#      communication calls refused with typeshim's message, arguments MPI
#      ignores (intercommunicator gather and scatter) not read;
#  (l) lt_comm, 2 ranks, preloaded, TYPESHIM_LEAKS=1 and one type never
#      freed: each rank's leak report names it, its maker and its call;
#  (m) lt_mpi41 (-ltypeshim ahead of -lmpich), 2 and 3 ranks, and preloaded
#      with 2, also under TYPESHIM_CHECK=1 (no UNEXPECTED divergence):
#      MPI_Type_get_value_index and the MPI-4.1 status accessors;
#  (n) lt_held, 2 ranks: plain MPICH, preloaded, preloaded under
#      TYPESHIM_CHECK=1 (no UNEXPECTED divergence): MPICH's handle
#      indices stay within the program's types plus the held margin, and
#      below where MPICH 4.0.2 breaks (MPI_Pack, MPI_Get_accumulate);
#  (g) the Fortran programs (use mpi, mpif.h, use mpi_f08), 2 ranks,
#      preloaded with TYPESHIM_DUMP=1: exit 0 and a dump on stderr (no
#      LT_EXPECT); skipped, with a message, when they were not built (no
#      mpif90.mpich).
#
# A run passes when mpiexec exits 0 and every rank printed its
# "<prog> rank R: ok (N checks)" line.  Each command and its result are
# printed; on failure, the program's output too.
#
# Exit status: 0 pass, 1 fail, 77 skip (no mpiexec.hydra / mpiexec.mpich),
# 99 setup error (a program or the library is missing).
# Environment: top_builddir, top_srcdir (make check); optional:
#   LT_PRELOAD_LIB  the library to preload (default
#                   $top_builddir/.libs/libtypeshim.so)
#   LT_TIMEOUT      seconds per mpiexec run (default 120)
#   LT_DUMP_PATTERN grep -E pattern of a dump line (default ^desc:)
#
# Sanitizer builds: see lt_preload.sh.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${LT_PRELOAD_LIB:=$top_builddir/.libs/libtypeshim.so}"
: "${LT_TIMEOUT:=120}"
: "${LT_DUMP_PATTERN:=^desc:}"

dir=$top_builddir/test/layered

# shellcheck source=lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

mpiexec=$(lt_find_mpiexec)
if test -z "$mpiexec"; then
    echo "SKIP: neither mpiexec.hydra nor mpiexec.mpich is installed"
    exit 77
fi
to=
if command -v timeout >/dev/null 2>&1; then
    to="timeout -k 10 $LT_TIMEOUT"
fi

for f in "$dir/lt_p2p_mpich" "$dir/lt_p2p_linked" "$dir/lt_threads" "$dir/lt_adopt" "$dir/lt_comm" \
    "$dir/lt_mpi41" "$dir/lt_held" "$LT_PRELOAD_LIB"; do
    if test ! -f "$f"; then
        echo "ERROR: $f is missing (not built?)"
        exit 99
    fi
done
case $LT_PRELOAD_LIB in
/*) ;;
*) LT_PRELOAD_LIB=$(pwd)/$LT_PRELOAD_LIB ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lt_run.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' 0 1 2 13 15

fail=0
npass=0
nfail=0

# lt_mpiexec LABEL NP PRELOAD(yes|no) PROG [VAR=VALUE...]  (its variables
# are lm_*: sh has no local variables)
# Runs PROG on NP ranks with exactly the given LT_*/TYPESHIM_* settings
# (those of the caller's environment are removed); the output is left in
# $tmp/LABEL.out and $tmp/LABEL.err.  Returns 0 when the run passed.
lt_mpiexec() {
    lm_label=$1
    lm_np=$2
    lm_preload=$3
    lm_prog=$4
    shift 4
    lm_genv=
    lm_shown=
    for lm_kv in "$@"; do
        lm_genv="$lm_genv -genv ${lm_kv%%=*} ${lm_kv#*=}"
        lm_shown="$lm_shown ${lm_kv}"
    done
    if test "$lm_preload" = yes; then
        lm_pre=$(lt_preload_value "$LT_PRELOAD_LIB" "$lm_prog")
        lm_genv="$lm_genv -genv LD_PRELOAD $lm_pre"
        lm_shown="$lm_shown LD_PRELOAD=$lm_pre"
    fi
    echo "lt_run: ($lm_label)$lm_shown $mpiexec -n $lm_np $lm_prog"
    # shellcheck disable=SC2086 # genv is a list of words
    env -u LD_PRELOAD -u LT_EXPECT -u TYPESHIM_DISABLE -u TYPESHIM_DUMP -u TYPESHIM_CHECK \
        -u TYPESHIM_LOG $to "$mpiexec" -n "$lm_np" $lm_genv "$lm_prog" \
        >"$tmp/$lm_label.out" 2>"$tmp/$lm_label.err"
    lm_rc=$?
    lm_name=$(basename "$lm_prog")
    lm_name=${lm_name%_mpich}
    lm_name=${lm_name%_linked}
    lm_oks=$(grep -c "^$lm_name rank [0-9]*: ok (" "$tmp/$lm_label.out")
    if test "$lm_rc" -eq 0 && test "$lm_oks" -eq "$lm_np"; then
        echo "lt_run: ($lm_label) PASS: exit 0, $lm_oks of $lm_np ranks ok"
        return 0
    fi
    if test "$lm_rc" -eq 124; then
        echo "lt_run: ($lm_label) FAIL: timed out after $LT_TIMEOUT s"
    else
        echo "lt_run: ($lm_label) FAIL: exit $lm_rc, $lm_oks of $lm_np ranks ok"
    fi
    lt_show "$lm_label"
    return 1
}

lt_show() {
    sed -n '1,80s/^/  stdout: /p' "$tmp/$1.out"
    sed -n '1,120s/^/  stderr: /p' "$tmp/$1.err"
}

# lt_mpiexec_checked LABEL NP PROG: PROG preloaded under TYPESHIM_CHECK=1
# (LT_EXPECT=typeshim); an UNEXPECTED divergence fails the run too.
lt_mpiexec_checked() {
    lt_mpiexec "$1" "$2" yes "$3" LT_EXPECT=typeshim TYPESHIM_CHECK=1
    lc_r=$?
    if test $lc_r -eq 0 && grep -q ': UNEXPECTED$' "$tmp/$1.err"; then
        echo "lt_run: ($1) FAIL: unexpected divergences"
        lt_show "$1"
        lc_r=1
    fi
    return $lc_r
}

# lt_mpiexec_three LETTER PROG: PROG on 2 ranks, plain MPICH, preloaded,
# and preloaded under TYPESHIM_CHECK=1 (LETTER-mpich, -typeshim, -check).
lt_mpiexec_three() {
    lt_mpiexec "$1-mpich" 2 no "$2" LT_EXPECT=mpich
    lt_result $?
    lt_mpiexec "$1-typeshim" 2 yes "$2" LT_EXPECT=typeshim
    lt_result $?
    lt_mpiexec_checked "$1-check" 2 "$2"
    lt_result $?
}

lt_result() {
    if test "$1" -eq 0; then
        npass=$((npass + 1))
    else
        nfail=$((nfail + 1))
        fail=1
    fi
}

p2p=$dir/lt_p2p_mpich
for np in 2 3; do
    lt_mpiexec "a-n$np" "$np" no "$p2p" LT_EXPECT=mpich
    lt_result $?
    lt_mpiexec "b-n$np" "$np" yes "$p2p" LT_EXPECT=typeshim
    lt_result $?
    lt_mpiexec "c-n$np" "$np" no "$dir/lt_p2p_linked" LT_EXPECT=typeshim
    lt_result $?
    lt_mpiexec "d-n$np" "$np" yes "$p2p" LT_EXPECT=mpich TYPESHIM_DISABLE=1
    lt_result $?

    lt_mpiexec "e-n$np" "$np" yes "$p2p" LT_EXPECT=typeshim TYPESHIM_DUMP=1
    r=$?
    if test $r -eq 0; then
        n=$(grep -E -c "$LT_DUMP_PATTERN" "$tmp/e-n$np.err")
        if test "$n" -gt 0; then
            echo "lt_run: (e-n$np) PASS: $n lines of stderr match /$LT_DUMP_PATTERN/"
        else
            echo "lt_run: (e-n$np) FAIL: no line of stderr matches /$LT_DUMP_PATTERN/"
            lt_show "e-n$np"
            r=1
        fi
    fi
    lt_result $r

    lt_mpiexec "h-n$np" "$np" yes "$p2p" LT_EXPECT=typeshim TYPESHIM_CHECK=1
    r=$?
    if test $r -eq 0; then
        sums=$(grep -c '^typeshim: check summary: rank [0-9]*: [1-9][0-9]* checks*,' \
            "$tmp/h-n$np.err")
        bad=$(grep -c ': UNEXPECTED$' "$tmp/h-n$np.err")
        if test "$sums" -eq "$np" && test "$bad" -eq 0; then
            echo "lt_run: (h-n$np) PASS: $sums check summaries, no unexpected divergence"
        else
            echo "lt_run: (h-n$np) FAIL: $sums of $np check summaries, $bad unexpected divergences"
            lt_show "h-n$np"
            r=1
        fi
    fi
    lt_result $r
done

lt_mpiexec_three f "$dir/lt_threads"

for np in 1 2; do
    lt_mpiexec "i-n$np" "$np" yes "$dir/lt_adopt" LT_EXPECT=typeshim
    lt_result $?
    lt_mpiexec "k-n$np" "$np" yes "$dir/lt_comm" LT_EXPECT=typeshim
    lt_result $?
done

# 3 ranks: an intercommunicator's root group holds an MPI_PROC_NULL process
lt_mpiexec k-n3 3 yes "$dir/lt_comm" LT_EXPECT=typeshim
lt_result $?

for np in 2 3; do
    lt_mpiexec "m-n$np" "$np" no "$dir/lt_mpi41" LT_EXPECT=typeshim
    lt_result $?
done
lt_mpiexec m-n2-preload 2 yes "$dir/lt_mpi41" LT_EXPECT=typeshim
lt_result $?
# MPICH 4.0.2 cannot decode a value-index type: not a divergence
lt_mpiexec_checked m-check 2 "$dir/lt_mpi41"
lt_result $?

lt_mpiexec_three n "$dir/lt_held"

lt_mpiexec l-n2 2 yes "$dir/lt_comm" LT_EXPECT=typeshim LT_COMM_LEAK=1 TYPESHIM_LEAKS=1
r=$?
if test $r -eq 0; then
    n=$(grep -c '^typeshim: rank [01]: leak: datatype 0x[0-9a-f]* (lt_comm_leak), made at .*lt_comm(.*): hvector(' "$tmp/l-n2.err")
    t=$(grep -c '^typeshim: rank [01]: 1 derived datatype never freed$' "$tmp/l-n2.err")
    if test "$n" -eq 2 && test "$t" -eq 2; then
        echo "lt_run: (l-n2) PASS: both ranks report the one type never freed"
    else
        echo "lt_run: (l-n2) FAIL: $n of 2 leak lines, $t of 2 totals"
        lt_show l-n2
        r=1
    fi
fi
lt_result $r

nfortran=0
for prog in lt_fortran lt_fortran_h lt_fortran_08; do
    if test ! -f "$dir/$prog"; then
        continue
    fi
    nfortran=$((nfortran + 1))
    lt_mpiexec "g-$prog" 2 yes "$dir/$prog" TYPESHIM_DUMP=1
    r=$?
    if test $r -eq 0; then
        if grep -E -q "$LT_DUMP_PATTERN" "$tmp/g-$prog.err"; then
            echo "lt_run: (g-$prog) PASS: typeshim dumped the committed types"
        else
            echo "lt_run: (g-$prog) FAIL: no line of stderr matches /$LT_DUMP_PATTERN/:" \
                "typeshim did not answer"
            lt_show "g-$prog"
            r=1
        fi
    fi
    lt_result $r
done
if test $nfortran -eq 0; then
    echo "lt_run: (g) SKIP: the Fortran programs were not built (no mpif90.mpich/mpifort.mpich)"
fi

# Ownership: every program frees what it creates, so MPICH (yaksa) must
# not warn about leaked handles at MPI_Finalize in any run, typeshim's
# shadows and twins included; but (l), which leaks one type on purpose.
leaks=$(grep -l 'leaked handle' "$tmp"/*.err "$tmp"/*.out 2>/dev/null | grep -v '/l-n2\.')
if test -n "$leaks"; then
    echo "lt_run: FAIL: MPICH reports leaked handles in: $leaks"
    for f in $leaks; do grep 'leaked handle' "$f"; done
    nfail=$((nfail + 1))
    fail=1
else
    echo "lt_run: no run reports leaked MPICH handles"
fi

echo "lt_run: $npass passed, $nfail failed"
exit $fail
