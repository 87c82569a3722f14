#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-run-errors.sh - typeshim-run's command line, error paths and
# cross-check summary, with a fake mpiexec and a fake program (no MPI):
#   a. no mpiexec.mpich/mpiexec.hydra on PATH: exit 127 and the message;
#   b. TYPESHIM_LIBRARY not a readable file: exit 127, the path named;
#   c. an unknown option, or mpiexec options without '--': exit 2;
#   d. --check -n 2 -- prog: the program's exit status (3), the
#      environment it got (LD_PRELOAD, TYPESHIM_*), the rank logs printed
#      and the total of the two summary lines; the same with --log PATH;
#   e. no summary line: the "no cross-check summary found" message;
#   g. --check --strict: exit 1 when a log holds an UNEXPECTED divergence
#      and the program exited 0; the program's status when it failed;
#      --strict without --check: exit 2; --leaks sets TYPESHIM_LEAKS=1;
#   h. --verbose or TYPESHIM_VERBOSE=1: what an ELF program links
#      (stand-in libtypeshim.so.0 and libmpich.so.12 linked in each order,
#      or MPICH alone) and what is preloaded; nothing without them;
#   f. a program built with Open MPI (mpicc.openmpi, when installed):
#      exit 127 and a message naming Open MPI; its run is never started;
#      preloaded by hand instead, libtypeshim itself refuses it (127).
# Runs the built, uninstalled tools/typeshim-run of $top_builddir.
# Exit status: 0 pass, 1 fail (every problem printed).

LC_ALL=C
export LC_ALL

top_builddir=${top_builddir:-.}
run=$(cd "$top_builddir" && pwd)/tools/typeshim-run
if [ ! -f "$run" ]; then
    echo "FAIL: $run is missing (make tools/typeshim-run)"
    exit 1
fi

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/check-run-errors.XXXXXX") || exit 1
trap 'rm -rf "$tmpdir"' 0 1 2 15

status=0
fail() {
    echo "FAIL: $*"
    status=1
}

# expect_status NAME WANT: compare $rc with WANT, show stderr if not
expect_status() {
    if [ "$rc" -ne "$2" ]; then
        fail "$1: exit status $rc, expected $2; stderr:"
        sed 's/^/    /' "$tmpdir/err"
    fi
}

# expect_line NAME TEXT: stderr holds the line TEXT
expect_line() {
    if ! grep -qxF -- "$2" "$tmpdir/err"; then
        fail "$1: stderr lacks the line '$2'; stderr:"
        sed 's/^/    /' "$tmpdir/err"
    fi
}

# A library to "preload": any readable file passes typeshim-run's check;
# the C library itself preloads silently, an empty file makes ld.so warn.
lib=
if command -v ldd >/dev/null 2>&1; then
    lib=$(ldd /bin/sh 2>/dev/null | awk '$1 ~ /^libc\.so/ && $3 ~ /^\// { print $3; exit }')
fi
if [ -z "$lib" ] || [ ! -r "$lib" ]; then
    lib=$tmpdir/libfake.so
    : >"$lib"
fi

# The fake mpiexec records its arguments, drops "-n N" and runs the rest.
cat >"$tmpdir/mpiexec" <<'EOF'
#!/bin/sh
printf '%s\n' "$@" >"$FAKE_DIR/mpiexec.args"
if [ "x$1" = x-n ]; then
    shift 2
fi
exec "$@"
EOF
# The fake program writes what it got and one summary line per rank
# (0 and 1) to $TYPESHIM_LOG, expanding %r itself, then exits 3.
cat >"$tmpdir/prog" <<'EOF'
#!/bin/sh
printf '%s\n' "$@" >"$FAKE_DIR/prog.args"
{
    echo "LD_PRELOAD=$LD_PRELOAD"
    echo "TYPESHIM_CHECK=${TYPESHIM_CHECK-unset}"
    echo "TYPESHIM_DUMP=${TYPESHIM_DUMP-unset}"
    echo "TYPESHIM_DISABLE=${TYPESHIM_DISABLE-unset}"
    echo "TYPESHIM_LOG=${TYPESHIM_LOG-unset}"
    echo "TYPESHIM_LEAKS=${TYPESHIM_LEAKS-unset}"
} >"$FAKE_DIR/prog.env"
# N WORD: "1 WORD" or "N WORDs", as the library writes its summary
n_of() {
    if [ "$1" -eq 1 ]; then echo "1 $2"; else echo "$1 ${2}s"; fi
}
if [ "$FAKE_SUMMARY" = yes ]; then
    r=0
    while [ $r -lt "${FAKE_RANKS-2}" ]; do
        f=$(printf '%s\n' "$TYPESHIM_LOG" | sed "s/%r/$r/g")
        {
            echo "typeshim: rank $r: a divergence report"
            [ "${FAKE_UNEXPECTED-}" = yes ] && [ $r = 1 ] &&
                echo "typeshim: divergence #1 in MPI_Pack(datatype=0x8c000005): UNEXPECTED"
            echo "typeshim: check summary: rank $r: $(n_of $((10 * r + 1)) check), $(n_of $((2 * r + 1)) divergence) ($r intended)"
        } >>"$f"
        r=$((r + 1))
    done
fi
exit "${FAKE_EXIT-3}"
EOF
chmod +x "$tmpdir/mpiexec" "$tmpdir/prog"
FAKE_DIR=$tmpdir
FAKE_SUMMARY=yes
export FAKE_DIR FAKE_SUMMARY
unset TYPESHIM_CHECK TYPESHIM_DUMP TYPESHIM_DISABLE TYPESHIM_LOG LD_PRELOAD

# ---------------------------------------------------------------- a
(
    unset TYPESHIM_MPIEXEC
    TYPESHIM_LIBRARY=$lib
    export TYPESHIM_LIBRARY
    # shellcheck disable=SC2123 # on purpose
    PATH=/nonexistent
    /bin/sh "$run" "$tmpdir/prog"
) >/dev/null 2>"$tmpdir/err"
rc=$?
expect_status "a. no mpiexec on PATH" 127
expect_line "a. no mpiexec on PATH" \
    "typeshim-run: MPICH's mpiexec not found (looked for mpiexec.mpich, mpiexec.hydra on PATH; set TYPESHIM_MPIEXEC). On Debian: apt-get install mpich"

TYPESHIM_MPIEXEC=$tmpdir/mpiexec
export TYPESHIM_MPIEXEC

# ---------------------------------------------------------------- b
TYPESHIM_LIBRARY=/nonexistent.so "$run" "$tmpdir/prog" >/dev/null 2>"$tmpdir/err"
rc=$?
expect_status "b. TYPESHIM_LIBRARY=/nonexistent.so" 127
if ! grep -q '/nonexistent\.so' "$tmpdir/err" || ! grep -q 'TYPESHIM_LIBRARY' "$tmpdir/err"; then
    fail "b. the message does not name /nonexistent.so and TYPESHIM_LIBRARY:"
    sed 's/^/    /' "$tmpdir/err"
fi

TYPESHIM_LIBRARY=$lib
export TYPESHIM_LIBRARY

# ---------------------------------------------------------------- c
for args in "--bogus $tmpdir/prog" "--check -x $tmpdir/prog" "-n 2 $tmpdir/prog" "--log" "-n 2 --" ""; do
    # shellcheck disable=SC2086 # split on purpose
    "$run" $args >/dev/null 2>"$tmpdir/err"
    rc=$?
    expect_status "c. typeshim-run $args" 2
    if [ ! -s "$tmpdir/err" ]; then
        fail "c. typeshim-run $args: no message on stderr"
    fi
done
rm -f "$tmpdir/mpiexec.args"
"$run" --version >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "c. --version" 0
if ! grep -qx 'typeshim-run (typeshim) [0-9][0-9.]*' "$tmpdir/out"; then
    fail "c. --version printed '$(cat "$tmpdir/out")'"
fi
if [ -f "$tmpdir/mpiexec.args" ]; then
    fail "c. mpiexec ran for a usage error or --version"
fi

# ---------------------------------------------------------------- d
LD_PRELOAD=$lib "$run" --check --dump -n 2 -- "$tmpdir/prog" "a b" -- x >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "d. --check -n 2" 3
expect_line "d. --check -n 2" "typeshim-run: 2 processes: 12 checks, 4 divergences (1 intended)"
printf '%s\n' -n 2 "$tmpdir/prog" "a b" -- x >"$tmpdir/want"
if ! cmp -s "$tmpdir/want" "$tmpdir/mpiexec.args"; then
    fail "d. mpiexec got the arguments:"
    sed 's/^/    /' "$tmpdir/mpiexec.args"
fi
printf '%s\n' "a b" -- x >"$tmpdir/want"
if ! cmp -s "$tmpdir/want" "$tmpdir/prog.args"; then
    fail "d. the program got the arguments:"
    sed 's/^/    /' "$tmpdir/prog.args"
fi
for l in "LD_PRELOAD=$lib $lib" TYPESHIM_CHECK=1 TYPESHIM_DUMP=1 TYPESHIM_DISABLE=unset; do
    if ! grep -qxF -- "$l" "$tmpdir/prog.env"; then
        fail "d. the program's environment lacks $l:"
        sed 's/^/    /' "$tmpdir/prog.env"
    fi
done
logdir=$(sed -n 's|^TYPESHIM_LOG=\(.*\)/rank-%r\.log$|\1|p' "$tmpdir/prog.env")
if [ -z "$logdir" ]; then
    fail "d. TYPESHIM_LOG is not <dir>/rank-%r.log: $(grep TYPESHIM_LOG "$tmpdir/prog.env")"
elif [ -e "$logdir" ]; then
    fail "d. the private log directory $logdir was not removed"
fi
# the logs, rank by rank, then the total
cat >"$tmpdir/want" <<'EOF'
typeshim: rank 0: a divergence report
typeshim: check summary: rank 0: 1 check, 1 divergence (0 intended)
typeshim: rank 1: a divergence report
typeshim: check summary: rank 1: 11 checks, 3 divergences (1 intended)
typeshim-run: 2 processes: 12 checks, 4 divergences (1 intended)
EOF
if ! grep '^typeshim' "$tmpdir/err" | cmp -s "$tmpdir/want" -; then
    fail "d. stderr is not the two logs and the total:"
    sed 's/^/    /' "$tmpdir/err"
fi

# --log PATH: only the total; a log older than the run does not count
echo "typeshim: check summary: rank 7: 100 checks, 100 divergences (0 intended)" \
    >"$tmpdir/my log-7.txt"
touch -t 200001010000 "$tmpdir/my log-7.txt"
"$run" --check --disable --log "$tmpdir/my log-%r.txt" -n 2 -- "$tmpdir/prog" \
    >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "d. --check --log" 3
expect_line "d. --check --log" "typeshim-run: 2 processes: 12 checks, 4 divergences (1 intended)"
if grep -q '^typeshim:' "$tmpdir/err"; then
    fail "d. --check --log printed log lines:"
    sed 's/^/    /' "$tmpdir/err"
fi
for f in "$tmpdir"/.typeshim-run.*; do
    if [ -e "$f" ]; then
        fail "d. --check --log left $f behind"
    fi
done
for l in "TYPESHIM_LOG=$tmpdir/my log-%r.txt" TYPESHIM_DISABLE=1 TYPESHIM_DUMP=unset; do
    if ! grep -qxF -- "$l" "$tmpdir/prog.env"; then
        fail "d. --log: the program's environment lacks $l:"
        sed 's/^/    /' "$tmpdir/prog.env"
    fi
done

# one process, one check, one divergence: singular forms
FAKE_RANKS=1 "$run" --check -n 1 -- "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "d. --check -n 1" 3
expect_line "d. --check -n 1" "typeshim-run: 1 process: 1 check, 1 divergence (0 intended)"

# ---------------------------------------------------------------- e
FAKE_SUMMARY=no "$run" --check "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "e. no summary" 3
expect_line "e. no summary" \
    "typeshim-run: no cross-check summary found (did the program call MPI_Finalize?)"
if ! grep -qx 'LD_PRELOAD=/.*' "$tmpdir/prog.env"; then
    fail "e. LD_PRELOAD is not an absolute path: $(grep LD_PRELOAD "$tmpdir/prog.env")"
fi
if [ "$(wc -l <"$tmpdir/mpiexec.args" | tr -d ' ')" -ne 1 ]; then
    fail "e. without '--' mpiexec got options:"
    sed 's/^/    /' "$tmpdir/mpiexec.args"
fi

# g.
TYPESHIM_MPIEXEC=$tmpdir/mpiexec TYPESHIM_LIBRARY=$lib FAKE_UNEXPECTED=yes FAKE_EXIT=0 \
    "$run" --check --strict -n 2 -- "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "g. --strict, an unexpected divergence" 1
expect_line "g. --strict" "typeshim-run: --strict: 1 unexpected divergence"
TYPESHIM_MPIEXEC=$tmpdir/mpiexec TYPESHIM_LIBRARY=$lib FAKE_UNEXPECTED=yes \
    "$run" --check --strict -n 2 -- "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "g. --strict, the program failed" 3
TYPESHIM_MPIEXEC=$tmpdir/mpiexec TYPESHIM_LIBRARY=$lib FAKE_EXIT=0 \
    "$run" --check --strict -n 2 -- "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "g. --strict, nothing unexpected" 0
TYPESHIM_MPIEXEC=$tmpdir/mpiexec TYPESHIM_LIBRARY=$lib \
    "$run" --strict -n 2 -- "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "g. --strict without --check" 2
TYPESHIM_MPIEXEC=$tmpdir/mpiexec TYPESHIM_LIBRARY=$lib \
    "$run" --leaks "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
if ! grep -qx 'TYPESHIM_LEAKS=1' "$tmpdir/prog.env"; then
    fail "g. --leaks did not set TYPESHIM_LEAKS=1"
fi

# h. Stand-in libraries under the real names (the program only needs
# them to load), linked with --no-as-needed in the order given.
cc=${TS_CC:-${CC:-cc}}
echo 'int main(void) { return 0; }' >"$tmpdir/main.c"
echo 'int ts_stand_in;' >"$tmpdir/lib.c"
# link_prog NAME LIB...: $tmpdir/NAME linked with LIB... in that order
link_prog() {
    n=$1
    shift
    set -- -o "$tmpdir/$n" "$tmpdir/main.c" -Wl,--no-as-needed "$@" -Wl,-rpath,"$tmpdir"
    $cc "$@" >>"$tmpdir/cc.err" 2>&1
}
if $cc -shared -fPIC -Wl,-soname,libtypeshim.so.0 -o "$tmpdir/libtypeshim.so.0" "$tmpdir/lib.c" 2>"$tmpdir/cc.err" &&
    $cc -shared -fPIC -Wl,-soname,libmpich.so.12 -o "$tmpdir/libmpich.so.12" "$tmpdir/lib.c" 2>>"$tmpdir/cc.err" &&
    link_prog ts_first "$tmpdir/libtypeshim.so.0" "$tmpdir/libmpich.so.12" &&
    link_prog mpich_first "$tmpdir/libmpich.so.12" "$tmpdir/libtypeshim.so.0" &&
    link_prog mpich_only "$tmpdir/libmpich.so.12"; then
    # verbose_run NAME EXPECTED-LINE [OPTION]: typeshim-run [OPTION] -n 2 -- NAME
    # prints the line, and says what it preloads
    verbose_run() {
        # shellcheck disable=SC2086 # no OPTION: none
        TYPESHIM_MPIEXEC=$tmpdir/mpiexec TYPESHIM_LIBRARY=$lib \
            "$run" ${3-} -n 2 -- "$tmpdir/$1" >"$tmpdir/out" 2>"$tmpdir/err"
        rc=$?
        expect_status "h. ${3-TYPESHIM_VERBOSE=1} $1" 0
        expect_line "h. ${3-TYPESHIM_VERBOSE=1} $1" "$2"
        expect_line "h. ${3-TYPESHIM_VERBOSE=1} $1" "typeshim-run: running $tmpdir/mpiexec with LD_PRELOAD=$lib"
    }
    verbose_run mpich_only "typeshim-run: $tmpdir/mpich_only does not link libtypeshim (built by mpicc.mpich alone, or by an as-needed link that dropped -ltypeshim: typeshim-cc --layered keeps it); preloading it" --verbose
    verbose_run mpich_first "typeshim-run: $tmpdir/mpich_first links libmpich.so.12 ahead of libtypeshim.so.0: run alone, MPICH answers its datatype calls (link with typeshim-cc --layered); preloading libtypeshim, which comes first" --verbose
    verbose_run ts_first "typeshim-run: $tmpdir/ts_first links libtypeshim.so.0 ahead of MPICH" --verbose
    TYPESHIM_VERBOSE=1 verbose_run mpich_only "typeshim-run: $tmpdir/mpich_only does not link libtypeshim (built by mpicc.mpich alone, or by an as-needed link that dropped -ltypeshim: typeshim-cc --layered keeps it); preloading it"
    TYPESHIM_MPIEXEC=$tmpdir/mpiexec TYPESHIM_LIBRARY=$lib TYPESHIM_VERBOSE=0 \
        "$run" -n 2 -- "$tmpdir/mpich_first" >"$tmpdir/out" 2>"$tmpdir/err"
    if [ -s "$tmpdir/err" ]; then
        fail "h. not verbose, yet typeshim-run wrote:"
        sed 's/^/    /' "$tmpdir/err"
    fi
else
    fail "h. cannot link the stand-in programs:"
    sed 's/^/    /' "$tmpdir/cc.err"
fi

# f.
if command -v mpicc.openmpi >/dev/null 2>&1; then
    printf '#include <mpi.h>\nint main(int c, char **v) { MPI_Datatype t; MPI_Init(&c, &v);\n MPI_Type_contiguous(2, MPI_INT, &t); MPI_Type_free(&t); MPI_Finalize(); return 0; }\n' \
        >"$tmpdir/ompi.c"
    if mpicc.openmpi -o "$tmpdir/ompi" "$tmpdir/ompi.c" 2>"$tmpdir/cc.err"; then
        rm -f "$tmpdir/mpiexec.args"
        TYPESHIM_MPIEXEC=$tmpdir/mpiexec TYPESHIM_LIBRARY=$lib FAKE_DIR=$tmpdir \
            "$run" -n 2 -- "$tmpdir/ompi" >"$tmpdir/out" 2>"$tmpdir/err"
        rc=$?
        expect_status "f. Open MPI program" 127
        if ! grep -q '^typeshim-run: .*ompi is built with Open MPI (libmpi\.so\.[0-9]*): typeshim runs over MPICH only' "$tmpdir/err"; then
            fail "f. no message naming Open MPI:"
            sed 's/^/    /' "$tmpdir/err"
        fi
        if [ -f "$tmpdir/mpiexec.args" ]; then
            fail "f. mpiexec was started for an Open MPI program"
        fi
        tslib=$(cd "$top_builddir" && pwd)/.libs/libtypeshim.so
        if [ -f "$tslib" ]; then
            # a sanitizer build needs its runtime first
            asan=$(ldd "$tslib" 2>/dev/null | sed -n 's/^[[:space:]]*libasan[^ ]* => \([^ ]*\) .*/\1/p' | sed 1q)
            OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LD_PRELOAD="${asan:+$asan }$tslib" \
                timeout 60 "$tmpdir/ompi" >"$tmpdir/out" 2>"$tmpdir/err"
            rc=$?
            expect_status "f. Open MPI program, libtypeshim preloaded" 127
            if ! grep -q '^typeshim: the MPI library of this process (.*Open MPI.*) is not MPICH' "$tmpdir/err"; then
                fail "f. libtypeshim did not name Open MPI:"
                sed 's/^/    /' "$tmpdir/err"
            fi
        fi
    else
        echo "SKIP: f. mpicc.openmpi cannot build a program:"
        sed 's/^/    /' "$tmpdir/cc.err"
    fi
else
    echo "SKIP: f. no mpicc.openmpi (apt-get install libopenmpi-dev openmpi-bin)"
fi

if [ $status -eq 0 ]; then
    echo "PASS: typeshim-run: missing mpiexec and library (127), usage errors (2), exit status, environment, cross-check totals, Open MPI programs refused (127), --verbose on how a program links typeshim"
fi
exit $status
