#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lt_ompi.sh - typeshim layered over Open MPI: the lt_* programs built
# against Open MPI's mpi.h and libmpi, under mpirun.openmpi, with
# libtypeshim-ompi.so preloaded or linked ahead of libmpi:
#
#  (a) lt_p2p_ompi, preloaded, 2 and 3 ranks            LT_EXPECT=typeshim
#  (b) lt_p2p_ompi_linked (-ltypeshim-ompi ahead)       LT_EXPECT=typeshim
#  (c) (a) with TYPESHIM_DUMP=1: stderr holds dumps of committed types
#  (d) lt_adopt_ompi, preloaded, 1, 2 and 3 ranks: types made inside
#      Open MPI reach typeshim
#  (e) lt_comm_ompi, preloaded, 2 and 3 ranks: bad datatype arguments of
#      communication calls refused with typeshim's messages through Open
#      MPI's error codes (not 1 rank: Open MPI 4.1.4's MPI_Put fails with
#      MPI_ERR_WIN on a window of one process, typeshim or not)
#  (f) lt_comm_ompi, 2 ranks, TYPESHIM_LEAKS=1 and LT_COMM_LEAK=1: each rank's
#      leak report names the type never freed
#  (g) lt_threads_ompi, preloaded, 2 ranks (MPI_THREAD_MULTIPLE)
#  (h) lt_mpi41_ompi (-ltypeshim-ompi ahead), 2 and 3 ranks: MPI-4.1
#      functions Open MPI 4.1 lacks
#  (i) lt_alloc_ompi (-ltypeshim-ompi ahead), 1 rank: every allocation of
#      typeshim fails in turn
#  (j) lt_version_ompi, 1 rank: Open MPI's string alone, "typeshim VERSION
#      (layered) over: " and Open MPI's string preloaded, Open MPI's
#      string unchanged under TYPESHIM_DISABLE=1
#  (g2) the Fortran programs (use mpi, mpif.h, use mpi_f08) by
#      mpif90.openmpi, 2 ranks, preloaded with TYPESHIM_DUMP=1: typeshim
#      answers them (its dumps on stderr); skipped when not built
#  (l) (a) under TYPESHIM_CHECK=1, 2 ranks: a check summary per rank, no
#      UNEXPECTED divergence from Open MPI's answers
#  (m) lt_adopt_ompi, 2 ranks, with process_vm_readv failing (a seccomp
#      policy): typeshim reads a handle's first word through a pipe
#  (k) libtypeshim-ompi preloaded into an MPICH program, and libtypeshim
#      into an Open MPI one: each refuses with exit 127 and a message
#  (n) lt_threads and lt_mpi41 standalone (libtypeshim-serial-ompi, no
#      libmpi, no mpirun), LT_EXPECT=standalone: typeshim's answers on one
#      process
#
# A run passes when mpirun exits 0 and every rank printed its
# "<prog> rank R: ok (N checks)" line.
# Exit status: 0 pass, 1 fail, 77 skip (Open MPI not built), 99 setup error.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${LT_TIMEOUT:=180}"

dir=$top_builddir/test/layered
lib=$top_builddir/.libs/libtypeshim-ompi.so
mpich_lib=$top_builddir/.libs/libtypeshim.so

# shellcheck source=lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

if ! test -f "$dir/lt_p2p_ompi"; then
    echo "SKIP: typeshim was configured without Open MPI (no lt_p2p_ompi)"
    exit 77
fi
mpirun=$(command -v mpirun.openmpi)
if test -z "$mpirun"; then
    echo "SKIP: mpirun.openmpi is not installed"
    exit 77
fi
for f in "$lib" "$dir/lt_p2p_ompi_linked" "$dir/lt_adopt_ompi" "$dir/lt_comm_ompi" \
    "$dir/lt_threads_ompi" "$dir/lt_mpi41_ompi" "$dir/lt_version_ompi" "$dir/lt_alloc_ompi" \
    "$dir/lt_threads_ompi_sa" "$dir/lt_mpi41_ompi_sa"; do
    test -f "$f" || { echo "ERROR: $f is missing (not built?)"; exit 99; }
done
case $lib in
/*) ;;
*) lib=$(pwd)/$lib ;;
esac
to=
command -v timeout >/dev/null 2>&1 && to="timeout -k 10 $LT_TIMEOUT"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lt_ompi.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' 0 1 2 13 15
# Open MPI refuses root unless told; these runs start no daemon elsewhere
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
npass=0
nfail=0

result() {
    if test "$1" -eq 0; then
        npass=$((npass + 1))
    else
        nfail=$((nfail + 1))
    fi
}

show() {
    sed -n '1,60s/^/  stdout: /p' "$tmp/$1.out"
    sed -n '1,80s/^/  stderr: /p' "$tmp/$1.err"
}

# run LABEL NP PRELOAD(yes|no) PROG [VAR=VALUE...]: PROG on NP ranks with
# exactly the given LT_*/TYPESHIM_* settings, passed by mpirun's -x.
run() {
    r_label=$1
    r_np=$2
    r_pre=$3
    r_prog=$4
    shift 4
    r_x=
    r_shown=
    for r_kv in "$@"; do
        r_x="$r_x -x $r_kv"
        r_shown="$r_shown $r_kv"
    done
    if test "$r_pre" = yes; then
        r_v=$(lt_preload_value "$lib" "$r_prog")
        r_x="$r_x -x LD_PRELOAD=$r_v"
        r_shown="$r_shown LD_PRELOAD=$r_v"
    fi
    echo "lt_ompi: ($r_label)$r_shown mpirun.openmpi -n $r_np $r_prog"
    # shellcheck disable=SC2086 # r_x is a list of words
    env -u LD_PRELOAD -u LT_EXPECT -u TYPESHIM_DISABLE -u TYPESHIM_DUMP -u TYPESHIM_CHECK \
        -u TYPESHIM_LOG -u TYPESHIM_LEAKS $to "$mpirun" --oversubscribe -n "$r_np" $r_x \
        "$r_prog" >"$tmp/$r_label.out" 2>"$tmp/$r_label.err"
    r_rc=$?
    r_name=$(basename "$r_prog")
    r_name=${r_name%_linked}
    r_name=${r_name%_ompi}
    r_oks=$(grep -c "^$r_name rank [0-9]*: ok (" "$tmp/$r_label.out")
    if test "$r_rc" -eq 0 && test "$r_oks" -eq "$r_np"; then
        echo "lt_ompi: ($r_label) PASS: exit 0, $r_oks of $r_np ranks ok"
        return 0
    fi
    echo "lt_ompi: ($r_label) FAIL: exit $r_rc, $r_oks of $r_np ranks ok"
    show "$r_label"
    return 1
}

for np in 2 3; do
    run "a-n$np" "$np" yes "$dir/lt_p2p_ompi" LT_EXPECT=typeshim
    result $?
    run "b-n$np" "$np" no "$dir/lt_p2p_ompi_linked" LT_EXPECT=typeshim
    result $?
    run "e-n$np" "$np" yes "$dir/lt_comm_ompi" LT_EXPECT=typeshim
    result $?
    run "h-n$np" "$np" no "$dir/lt_mpi41_ompi" LT_EXPECT=typeshim
    result $?
done
for np in 1 2 3; do
    run "d-n$np" "$np" yes "$dir/lt_adopt_ompi" LT_EXPECT=typeshim
    result $?
done
run g 2 yes "$dir/lt_threads_ompi" LT_EXPECT=typeshim
result $?
run i 1 no "$dir/lt_alloc_ompi"
result $?

run c 2 yes "$dir/lt_p2p_ompi" LT_EXPECT=typeshim TYPESHIM_DUMP=1
r=$?
if test $r -eq 0; then
    n=$(grep -c '^desc:' "$tmp/c.err")
    if test "$n" -gt 0; then
        echo "lt_ompi: (c) PASS: $n dumps on stderr"
    else
        echo "lt_ompi: (c) FAIL: no dump on stderr"
        r=1
    fi
fi
result $r

run l 2 yes "$dir/lt_p2p_ompi" LT_EXPECT=typeshim TYPESHIM_CHECK=1
r=$?
if test $r -eq 0; then
    sums=$(grep -c '^typeshim: check summary: rank [0-9]*: [1-9][0-9]* checks*,' "$tmp/l.err")
    bad=$(grep -c ': UNEXPECTED$' "$tmp/l.err")
    if test "$sums" -eq 2 && test "$bad" -eq 0; then
        echo "lt_ompi: (l) PASS: 2 check summaries, no unexpected divergence"
    else
        echo "lt_ompi: (l) FAIL: $sums of 2 check summaries, $bad unexpected divergences"
        show l
        r=1
    fi
fi
result $r

run f 2 yes "$dir/lt_comm_ompi" LT_EXPECT=typeshim LT_COMM_LEAK=1 TYPESHIM_LEAKS=1
r=$?
if test $r -eq 0; then
    n=$(grep -c '^typeshim: rank [01]: leak: datatype 0x[0-9a-f]* (lt_comm_leak), made at .*lt_comm_ompi(.*): hvector(' "$tmp/f.err")
    t=$(grep -c '^typeshim: rank [01]: 1 derived datatype never freed$' "$tmp/f.err")
    if test "$n" -eq 2 && test "$t" -eq 2; then
        echo "lt_ompi: (f) PASS: both ranks report the one type never freed"
    else
        echo "lt_ompi: (f) FAIL: $n of 2 leak lines, $t of 2 totals"
        show f
        r=1
    fi
fi
result $r

# (j) MPI_Get_library_version, written to files by lt_version
v=$tmp/version
version=$(sed -n 's/^#define TYPESHIM_VERSION *"\(.*\)"$/\1/p' "$top_builddir/include/typeshim_version.h")
r=0
run_version() { # LABEL PRELOAD [VAR=VALUE...]
    rv_label=$1
    rv_pre=$2
    shift 2
    rv_x=
    for rv_kv in "$@"; do rv_x="$rv_x -x $rv_kv"; done
    test "$rv_pre" = yes && rv_x="$rv_x -x LD_PRELOAD=$(lt_preload_value "$lib" "$dir/lt_version_ompi")"
    # shellcheck disable=SC2086
    env -u LD_PRELOAD -u TYPESHIM_DISABLE $to "$mpirun" -n 1 $rv_x "$dir/lt_version_ompi" \
        "$v.$rv_label" >"$tmp/j-$rv_label.out" 2>&1
}
if run_version alone no && run_version pre yes && run_version off yes TYPESHIM_DISABLE=1; then
    for when in before after; do
        ompi=$(cat "$v.alone.$when")
        case $ompi in
        "Open MPI"*) ;;
        *) echo "lt_ompi: (j) FAIL: Open MPI's own string $when MPI_Init: \"$ompi\""; r=1 ;;
        esac
        want=$(printf 'typeshim %s (layered) over: %s' "$version" "$ompi" | head -c 255)
        if test "$(cat "$v.pre.$when")" != "$want"; then
            echo "lt_ompi: (j) FAIL: preloaded, $when MPI_Init: \"$(cat "$v.pre.$when")\""
            r=1
        fi
        if ! cmp -s "$v.off.$when" "$v.alone.$when"; then
            echo "lt_ompi: (j) FAIL: TYPESHIM_DISABLE=1 changed the string $when MPI_Init"
            r=1
        fi
    done
    # typeshim's resultlen is the string's length (MPI-4.1 section 9.1.1:
    # printable characters); Open MPI 4.1.4's own counts the terminating
    # NUL too, and disabled its answer is passed on as it is
    if grep -q 'WRONG\|NO$' "$tmp"/j-pre.out; then
        echo "lt_ompi: (j) FAIL: a resultlen or a termination is wrong:"
        cat "$tmp"/j-pre.out
        r=1
    fi
else
    echo "lt_ompi: (j) FAIL: a run of lt_version_ompi failed:"
    cat "$tmp"/j-*.out
    r=1
fi
test $r -eq 0 && echo "lt_ompi: (j) PASS: Open MPI's string, prefixed when preloaded, unchanged when disabled"
result $r

# (g2) the Fortran programs (use mpi, mpif.h, use mpi_f08), 2 ranks,
# preloaded with TYPESHIM_DUMP=1: Open MPI's Fortran bindings call the C
# PMPI_ functions, typeshim's; its dumps on stderr show it answered
for prog in lt_fortran lt_fortran_h lt_fortran_08; do
    if test ! -f "$dir/${prog}_ompi"; then
        echo "lt_ompi: ($prog) skipped: not built (no mpif90.openmpi)"
        continue
    fi
    run "$prog" 2 yes "$dir/${prog}_ompi" TYPESHIM_DUMP=1
    r=$?
    if test $r -eq 0 && ! grep -q '^desc:' "$tmp/$prog.err"; then
        echo "lt_ompi: ($prog) FAIL: no dump on stderr: typeshim did not answer"
        r=1
    fi
    result $r
done

# (m) lt_adopt_ompi, 2 ranks, with process_vm_readv failing (EPERM, as
# under a seccomp policy that forbids it): the pipe that reads a handle's
# first word instead still lets typeshim ask Open MPI about its types
cat >"$tmp/nopvr.c" <<'EOF_C'
#define _GNU_SOURCE
#include <errno.h>
#include <sys/uio.h>
ssize_t process_vm_readv(pid_t pid, const struct iovec *l, unsigned long ln,
                         const struct iovec *r, unsigned long rn, unsigned long f)
{
    (void)pid, (void)l, (void)ln, (void)r, (void)rn, (void)f;
    errno = EPERM;
    return -1;
}
EOF_C
if ${CC:-cc} -shared -fPIC -o "$tmp/nopvr.so" "$tmp/nopvr.c" 2>"$tmp/cc.err"; then
    lib_saved=$lib
    lib=$tmp/nopvr.so:$lib
    run m 2 yes "$dir/lt_adopt_ompi" LT_EXPECT=typeshim
    result $?
    lib=$lib_saved
else
    echo "lt_ompi: (m) FAIL: cannot build the stand-in process_vm_readv:"
    cat "$tmp/cc.err"
    result 1
fi

# (k) each library refuses the other MPI's process
r=0
refuse() { # LABEL LAUNCHER PRELOAD PROG WANT
    rf_out=$(env LD_PRELOAD="$3" $to "$2" -n 1 "$4" "$tmp/k" 2>&1)
    rf_rc=$?
    if test $rf_rc -eq 0 || ! echo "$rf_out" | grep -q "$5"; then
        echo "lt_ompi: (k) FAIL: $1: exit $rf_rc, output:"
        echo "$rf_out" | sed 's/^/  /'
        r=1
    fi
}
refuse "Open MPI program, libtypeshim" "$mpirun" "$(lt_preload_value "$mpich_lib" "$dir/lt_version_ompi")" \
    "$dir/lt_version_ompi" "is not MPICH: libtypeshim implements MPICH's ABI"
mpiexec=$(lt_find_mpiexec)
if test -n "$mpiexec" && test -f "$dir/lt_version"; then
    refuse "MPICH program, libtypeshim-ompi" "$mpiexec" "$(lt_preload_value "$lib" "$dir/lt_version")" \
        "$dir/lt_version" "is not Open MPI: libtypeshim-ompi implements Open MPI's ABI"
fi
test $r -eq 0 && echo "lt_ompi: (k) PASS: each library refuses the other ABI's process"
result $r

# (n) standalone: the program is the whole MPI, one process
for p in lt_threads lt_mpi41; do
    echo "lt_ompi: (n) LT_EXPECT=standalone $dir/${p}_ompi_sa"
    env -u LD_PRELOAD LT_EXPECT=standalone $to "$dir/${p}_ompi_sa" >"$tmp/n.out" 2>&1
    n_rc=$?
    if test $n_rc -eq 0 && grep -q "^$p rank 0: ok (" "$tmp/n.out"; then
        echo "lt_ompi: (n) PASS: ${p}_ompi_sa standalone: $(grep "^$p rank 0: ok" "$tmp/n.out")"
        result 0
    else
        echo "lt_ompi: (n) FAIL: ${p}_ompi_sa standalone: exit $n_rc, output:"
        sed 's/^/  /' "$tmp/n.out"
        result 1
    fi
done

echo "lt_ompi: $npass passed, $nfail failed"
test "$nfail" -eq 0
