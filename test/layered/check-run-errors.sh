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
#   o. Open MPI's side, with a fake mpirun (TYPESHIM_MPIRUN_OPENMPI) and
#      --abi=openmpi: mpirun's exact arguments (-x LD_PRELOAD=..., -x for
#      each TYPESHIM_ variable set, -n 1 without '--'), LD_PRELOAD given
#      to the processes and not to mpirun, OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM)
#      set as root only, the cross-check totals, TYPESHIM_LIBRARY_OMPI
#      missing and no mpirun.openmpi (127), a bad --abi (2);
#   p. the MPI an ELF program needs decides (stand-in libraries): Open
#      MPI's libmpi.so.40 runs under mpirun, MPICH's under mpiexec, and
#      --verbose says how it links libtypeshim-ompi; both MPIs, another
#      libmpi, no MPI library, libtypeshim-serial: exit 127, a message,
#      no launcher started; --abi runs a program with no MPI library, and
#      contradicting the program's MPI is a usage error (2);
#   f. real runs (when mpicc.openmpi and mpirun.openmpi are installed and
#      libtypeshim-ompi built, else SKIP lines): a program built with
#      mpicc.openmpi, through this build's typeshim-run and
#      libtypeshim-ompi (TYPESHIM_LIBRARY_OMPI): on 2 ranks and on one (no
#      '--'), and under --check, MPI_Get_library_version is typeshim's on
#      every rank, and the total counts 2 processes; under --disable it is
#      Open MPI's; preloaded by hand, MPICH's libtypeshim refuses it (127);
#   r. the same program built with mpicc.mpich, through this build's
#      libtypeshim (TYPESHIM_LIBRARY) and MPICH's mpiexec.
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
# none of the caller's TYPESHIM_ variables (make check sets some): the
# arguments typeshim-run gives Open MPI's mpirun name them
for v in $(env | sed -n 's/^\(TYPESHIM_[A-Za-z0-9_]*\)=.*/\1/p'); do
    unset "$v"
done

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

# ---------------------------------------------------------------- o
# Open MPI's side with a fake mpirun, which records its arguments and
# environment, applies the -x VAR=VALUE it gets, drops -n N, -x VAR and
# --oversubscribe, and runs the rest.
cat >"$tmpdir/mpirun" <<'EOF'
#!/bin/sh
printf '%s\n' "$@" >"$FAKE_DIR/mpirun.args"
{
    echo "LD_PRELOAD=${LD_PRELOAD-unset}"
    echo "OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT-unset}"
    echo "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM-unset}"
} >"$FAKE_DIR/mpirun.env"
while [ $# -gt 0 ]; do
    case $1 in
    -n) shift 2 ;;
    -x)
        case $2 in
        *=*) export "$2" ;;
        esac
        shift 2
        ;;
    --oversubscribe) shift ;;
    *) break ;;
    esac
done
exec "$@"
EOF
chmod +x "$tmpdir/mpirun"
TYPESHIM_MPIRUN_OPENMPI=$tmpdir/mpirun
TYPESHIM_LIBRARY_OMPI=$lib
export TYPESHIM_MPIRUN_OPENMPI TYPESHIM_LIBRARY_OMPI
unset OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
if [ "$(id -u)" = 0 ]; then root_env=1; else root_env='unset'; fi

# expect_args NAME FILE ARG...: FILE holds exactly the ARGs, one a line
expect_args() {
    ea_name=$1
    ea_file=$2
    shift 2
    printf '%s\n' "$@" >"$tmpdir/want"
    if ! cmp -s "$tmpdir/want" "$ea_file"; then
        fail "$ea_name: ${ea_file##*/} holds:"
        sed 's/^/    /' "$ea_file"
        echo "    expected:"
        sed 's/^/    /' "$tmpdir/want"
    fi
}
# expect_env NAME FILE LINE...: FILE holds each LINE
expect_env() {
    ee_name=$1
    ee_file=$2
    shift 2
    for l in "$@"; do
        if ! grep -qxF -- "$l" "$ee_file"; then
            fail "$ee_name: ${ee_file##*/} lacks $l:"
            sed 's/^/    /' "$ee_file"
        fi
    done
}

# --abi=openmpi (the fake program is a script, it links nothing): the
# cross-check, its totals, the -x list, LD_PRELOAD for the processes only
rm -f "$tmpdir/mpiexec.args"
LD_PRELOAD=$lib "$run" --check --dump --abi=openmpi -n 2 -- "$tmpdir/prog" "a b" -- x \
    >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "o. --abi=openmpi --check -n 2" 3
expect_line "o. --abi=openmpi --check -n 2" "typeshim-run: 2 processes: 12 checks, 4 divergences (1 intended)"
expect_args "o. --abi=openmpi --check -n 2" "$tmpdir/mpirun.args" -x "LD_PRELOAD=$lib $lib" \
    -x TYPESHIM_CHECK -x TYPESHIM_DUMP -x TYPESHIM_LOG -n 2 "$tmpdir/prog" "a b" -- x
expect_args "o. --abi=openmpi: the program's arguments" "$tmpdir/prog.args" "a b" -- x
expect_env "o. --abi=openmpi: mpirun's environment" "$tmpdir/mpirun.env" "LD_PRELOAD=$lib" \
    "OMPI_ALLOW_RUN_AS_ROOT=$root_env" "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=$root_env"
expect_env "o. --abi=openmpi: the program's environment" "$tmpdir/prog.env" "LD_PRELOAD=$lib $lib" \
    TYPESHIM_CHECK=1 TYPESHIM_DUMP=1 TYPESHIM_DISABLE=unset
if [ -f "$tmpdir/mpiexec.args" ]; then
    fail "o. --abi=openmpi: MPICH's mpiexec was started"
fi
# --leaks, --disable, --log, TYPESHIM_ variables of the caller forwarded;
# without '--' one process (-n 1)
TYPESHIM_USER_SETTING=7 "$run" --abi openmpi --leaks --disable --log "$tmpdir/o-%r.log" \
    "$tmpdir/prog" y >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "o. --abi openmpi, no '--'" 3
expect_args "o. --abi openmpi, no '--'" "$tmpdir/mpirun.args" -n 1 -x "LD_PRELOAD=$lib" \
    -x TYPESHIM_DISABLE -x TYPESHIM_LEAKS -x TYPESHIM_LOG -x TYPESHIM_USER_SETTING "$tmpdir/prog" y
expect_env "o. --abi openmpi, no '--'" "$tmpdir/prog.env" TYPESHIM_LEAKS=1 TYPESHIM_DISABLE=1 \
    "TYPESHIM_LOG=$tmpdir/o-%r.log" TYPESHIM_CHECK=unset
if [ -s "$tmpdir/err" ]; then
    fail "o. not verbose, yet typeshim-run wrote:"
    sed 's/^/    /' "$tmpdir/err"
fi
# the library: TYPESHIM_LIBRARY_OMPI, not TYPESHIM_LIBRARY
TYPESHIM_LIBRARY=/nonexistent.so "$run" --abi=openmpi "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "o. TYPESHIM_LIBRARY does not count for Open MPI" 3
TYPESHIM_LIBRARY_OMPI=/nonexistent-ompi.so "$run" --abi=openmpi "$tmpdir/prog" >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
expect_status "o. TYPESHIM_LIBRARY_OMPI=/nonexistent-ompi.so" 127
expect_line "o. TYPESHIM_LIBRARY_OMPI=/nonexistent-ompi.so" \
    "typeshim-run: cannot preload libtypeshim-ompi: TYPESHIM_LIBRARY_OMPI=/nonexistent-ompi.so is not a readable file. Install typeshim (make install), or set TYPESHIM_LIBRARY_OMPI to the path of libtypeshim-ompi.so.0"
# the launcher: none on PATH, or TYPESHIM_MPIRUN_OPENMPI not a program
(
    unset TYPESHIM_MPIRUN_OPENMPI
    # shellcheck disable=SC2123 # on purpose
    PATH=/nonexistent
    /bin/sh "$run" --abi=openmpi "$tmpdir/prog"
) >/dev/null 2>"$tmpdir/err"
rc=$?
expect_status "o. no mpirun.openmpi on PATH" 127
expect_line "o. no mpirun.openmpi on PATH" \
    "typeshim-run: Open MPI's mpirun not found (looked for mpirun.openmpi, mpiexec.openmpi on PATH; set TYPESHIM_MPIRUN_OPENMPI). On Debian: apt-get install openmpi-bin"
TYPESHIM_MPIRUN_OPENMPI=$tmpdir "$run" --abi=openmpi "$tmpdir/prog" >/dev/null 2>"$tmpdir/err"
rc=$?
expect_status "o. TYPESHIM_MPIRUN_OPENMPI a directory" 127
expect_line "o. TYPESHIM_MPIRUN_OPENMPI a directory" \
    "typeshim-run: TYPESHIM_MPIRUN_OPENMPI=$tmpdir is not an executable program. Point it at Open MPI's mpirun, or unset it to use mpirun.openmpi or mpiexec.openmpi from PATH"
for args in "--abi=lam $tmpdir/prog" "--abi" "--abi= $tmpdir/prog"; do
    # shellcheck disable=SC2086 # split on purpose
    "$run" $args >/dev/null 2>"$tmpdir/err"
    rc=$?
    expect_status "o. typeshim-run $args" 2
done

# ---------------------------------------------------------------- p
# Which MPI an ELF program needs decides, with stand-ins under the real
# names (as in h.): Open MPI's libmpi.so.40 (with libtypeshim-ompi.so.0
# before, after, or not at all), both MPIs, another libmpi, none,
# libtypeshim-serial (standalone).
if $cc -shared -fPIC -Wl,-soname,libmpi.so.40 -o "$tmpdir/libmpi.so.40" "$tmpdir/lib.c" 2>>"$tmpdir/cc.err" &&
    $cc -shared -fPIC -Wl,-soname,libmpi.so.20 -o "$tmpdir/libmpi.so.20" "$tmpdir/lib.c" 2>>"$tmpdir/cc.err" &&
    $cc -shared -fPIC -Wl,-soname,libtypeshim-ompi.so.0 -o "$tmpdir/libtypeshim-ompi.so.0" "$tmpdir/lib.c" 2>>"$tmpdir/cc.err" &&
    $cc -shared -fPIC -Wl,-soname,libtypeshim-serial.so.0 -o "$tmpdir/libtypeshim-serial.so.0" "$tmpdir/lib.c" 2>>"$tmpdir/cc.err" &&
    link_prog ompi_only "$tmpdir/libmpi.so.40" &&
    link_prog ompi_ts_first "$tmpdir/libtypeshim-ompi.so.0" "$tmpdir/libmpi.so.40" &&
    link_prog ompi_mpi_first "$tmpdir/libmpi.so.40" "$tmpdir/libtypeshim-ompi.so.0" &&
    link_prog both_mpis "$tmpdir/libmpich.so.12" "$tmpdir/libmpi.so.40" &&
    link_prog other_mpi "$tmpdir/libmpi.so.20" &&
    link_prog no_mpi &&
    link_prog standalone "$tmpdir/libtypeshim-serial.so.0" "$tmpdir/libtypeshim.so.0"; then
    rm -f "$tmpdir/mpiexec.args" "$tmpdir/mpirun.args"
    "$run" -n 2 -- "$tmpdir/ompi_only" >"$tmpdir/out" 2>"$tmpdir/err"
    rc=$?
    expect_status "p. Open MPI program" 0
    expect_args "p. Open MPI program" "$tmpdir/mpirun.args" -x "LD_PRELOAD=$lib" -n 2 "$tmpdir/ompi_only"
    if [ -f "$tmpdir/mpiexec.args" ]; then
        fail "p. MPICH's mpiexec was started for an Open MPI program"
    fi
    rm -f "$tmpdir/mpirun.args"
    "$run" -n 2 -- "$tmpdir/mpich_only" >"$tmpdir/out" 2>"$tmpdir/err"
    rc=$?
    expect_status "p. MPICH program" 0
    if [ -f "$tmpdir/mpirun.args" ]; then
        fail "p. Open MPI's mpirun was started for an MPICH program"
    fi
    # ompi_verbose NAME EXPECTED-LINE
    ompi_verbose() {
        "$run" --verbose -n 2 -- "$tmpdir/$1" >"$tmpdir/out" 2>"$tmpdir/err"
        rc=$?
        expect_status "p. --verbose $1" 0
        expect_line "p. --verbose $1" "$2"
        expect_line "p. --verbose $1" "typeshim-run: running $tmpdir/mpirun with LD_PRELOAD=$lib"
    }
    ompi_verbose ompi_only "typeshim-run: $tmpdir/ompi_only does not link libtypeshim-ompi (built by mpicc.openmpi alone, or by an as-needed link that dropped -ltypeshim-ompi: typeshim-cc --layered --abi=openmpi keeps it); preloading it"
    ompi_verbose ompi_mpi_first "typeshim-run: $tmpdir/ompi_mpi_first links libmpi.so.40 ahead of libtypeshim-ompi.so.0: run alone, Open MPI answers its datatype calls (link with typeshim-cc --layered --abi=openmpi); preloading libtypeshim-ompi, which comes first"
    ompi_verbose ompi_ts_first "typeshim-run: $tmpdir/ompi_ts_first links libtypeshim-ompi.so.0 ahead of Open MPI"
    # refused: exit 127, a message, no launcher started
    # refused NAME EXPECTED-LINE [OPTION]
    refused() {
        rm -f "$tmpdir/mpiexec.args" "$tmpdir/mpirun.args"
        # shellcheck disable=SC2086 # no OPTION: none
        "$run" ${3-} -n 2 -- "$tmpdir/$1" >"$tmpdir/out" 2>"$tmpdir/err"
        rc=$?
        expect_status "p. ${3:+$3 }$1 refused" 127
        expect_line "p. ${3:+$3 }$1 refused" "$2"
        if [ -f "$tmpdir/mpiexec.args" ] || [ -f "$tmpdir/mpirun.args" ]; then
            fail "p. ${3:+$3 }$1: a launcher was started"
        fi
    }
    refused both_mpis "typeshim-run: $tmpdir/both_mpis needs both MPICH (libmpich.so.12) and Open MPI (libmpi.so.40): typeshim cannot run it"
    refused other_mpi "typeshim-run: $tmpdir/other_mpi needs libmpi.so.20, an MPI library typeshim does not know: typeshim runs over MPICH (libmpich.so.12) and Open MPI 4 (libmpi.so.40); rebuild it with mpicc.mpich or mpicc.openmpi"
    refused standalone "typeshim-run: $tmpdir/standalone is a standalone typeshim program (libtypeshim-serial): it runs without MPI; start it directly"
    # a program that links no MPI runs over MPICH (an interpreter that
    # loads it later), as before Open MPI was known
    rm -f "$tmpdir/mpiexec.args" "$tmpdir/mpirun.args"
    "$run" -n 2 -- "$tmpdir/no_mpi" >"$tmpdir/out" 2>"$tmpdir/err"
    rc=$?
    expect_status "p. no_mpi" 0
    if [ ! -f "$tmpdir/mpiexec.args" ] || [ -f "$tmpdir/mpirun.args" ]; then
        fail "p. no_mpi: not started by MPICH's launcher"
    fi
    # --abi names the MPI of a program that links none; it must not
    # contradict the one it links (a usage error)
    for a in mpich openmpi; do
        rm -f "$tmpdir/mpiexec.args" "$tmpdir/mpirun.args"
        "$run" --abi=$a -n 2 -- "$tmpdir/no_mpi" >"$tmpdir/out" 2>"$tmpdir/err"
        rc=$?
        expect_status "p. --abi=$a no_mpi" 0
        if [ $a = mpich ]; then f=mpiexec.args; else f=mpirun.args; fi
        if [ ! -f "$tmpdir/$f" ]; then
            fail "p. --abi=$a no_mpi: the launcher of $a was not started"
        fi
    done
    "$run" --abi=mpich -n 2 -- "$tmpdir/ompi_only" >"$tmpdir/out" 2>"$tmpdir/err"
    rc=$?
    expect_status "p. --abi=mpich ompi_only" 2
    expect_line "p. --abi=mpich ompi_only" "typeshim-run: --abi=mpich: $tmpdir/ompi_only is built with Open MPI (libmpi.so.40)"
    "$run" --abi=openmpi -n 2 -- "$tmpdir/mpich_only" >"$tmpdir/out" 2>"$tmpdir/err"
    rc=$?
    expect_status "p. --abi=openmpi mpich_only" 2
else
    fail "p. cannot link the stand-in programs:"
    sed 's/^/    /' "$tmpdir/cc.err"
fi

# ---------------------------------------------------------------- f, r
# Real runs, through this build's typeshim-run and libraries, with the
# real launchers: a program that says whether MPI_Get_library_version is
# typeshim's (after a type is made, committed and freed), on 2 ranks,
# on 1 (no '--'), under --check and --disable; built with mpicc.openmpi
# (f) and with mpicc.mpich (r).
cat >"$tmpdir/ver.c" <<'EOF'
#include <mpi.h>
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
    char v[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0, rank = -1, size = -1, sz = -1;
    MPI_Datatype t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_vector(3, 1, 2, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Type_size(t, &sz);
    MPI_Type_free(&t);
    MPI_Get_library_version(v, &len);
    printf("ver rank %d of %d: %s, size %d\n", rank, size,
           strncmp(v, "typeshim ", 9) == 0 ? "typeshim" : "not typeshim", sz);
    MPI_Finalize();
    return 0;
}
EOF
bt=$(cd "$top_builddir" && pwd)
to=
command -v timeout >/dev/null 2>&1 && to="timeout -k 10 120"
# real_run LABEL WANT-LINES(;-separated) ARG...: the built typeshim-run
# with ARGs, the real launchers (none overridden), exit 0 and stdout,
# sorted, exactly the WANT-LINES
real_run() {
    rr_label=$1
    rr_want=$2
    shift 2
    # shellcheck disable=SC2086 # to is a command or nothing
    env -u TYPESHIM_MPIEXEC -u TYPESHIM_MPIRUN_OPENMPI $to "$run" "$@" >"$tmpdir/out" 2>"$tmpdir/err"
    rc=$?
    expect_status "$rr_label" 0
    printf '%s\n' "$rr_want" | tr ';' '\n' >"$tmpdir/want"
    if ! sort "$tmpdir/out" | cmp -s "$tmpdir/want" -; then
        fail "$rr_label: stdout is not the expected lines; stdout, stderr:"
        sed 's/^/    /' "$tmpdir/out"
        sed 's/^/    /' "$tmpdir/err"
    else
        echo "ok: $rr_label"
    fi
}
two="ver rank 0 of 2: typeshim, size 12;ver rank 1 of 2: typeshim, size 12"
two_not="ver rank 0 of 2: not typeshim, size 12;ver rank 1 of 2: not typeshim, size 12"
# real_check LABEL: the cross-check total of the last run counts 2 processes
real_check() {
    if ! grep -qx 'typeshim-run: 2 processes: [1-9][0-9]* checks*, 0 divergences (0 intended)' "$tmpdir/err"; then
        fail "$1: no total of 2 processes without divergence; stderr:"
        sed 's/^/    /' "$tmpdir/err"
    fi
}

# f. Open MPI
ompi_lib=$bt/.libs/libtypeshim-ompi.so
if ! command -v mpicc.openmpi >/dev/null 2>&1 || ! command -v mpirun.openmpi >/dev/null 2>&1; then
    echo "SKIP: f. no mpicc.openmpi or mpirun.openmpi (apt-get install libopenmpi-dev openmpi-bin)"
elif [ ! -f "$ompi_lib" ]; then
    echo "SKIP: f. $ompi_lib is not built (typeshim was configured without Open MPI)"
elif ! mpicc.openmpi -o "$tmpdir/ver_ompi" "$tmpdir/ver.c" 2>"$tmpdir/cc.err"; then
    fail "f. mpicc.openmpi cannot build a program:"
    sed 's/^/    /' "$tmpdir/cc.err"
else
    TYPESHIM_LIBRARY_OMPI=$ompi_lib
    export TYPESHIM_LIBRARY_OMPI
    real_run "f. Open MPI, 2 ranks" "$two" --oversubscribe -n 2 -- "$tmpdir/ver_ompi"
    real_run "f. Open MPI, no '--': one process" "ver rank 0 of 1: typeshim, size 12" "$tmpdir/ver_ompi"
    real_run "f. Open MPI, --check, 2 ranks" "$two" --check --oversubscribe -n 2 -- "$tmpdir/ver_ompi"
    real_check "f. Open MPI, --check"
    real_run "f. Open MPI, --disable, 2 ranks" "$two_not" --disable --oversubscribe -n 2 -- "$tmpdir/ver_ompi"
    # preloaded by hand instead, MPICH's libtypeshim refuses an Open MPI
    # process (its own check)
    tslib=$bt/.libs/libtypeshim.so
    if [ -f "$tslib" ]; then
        # a sanitizer build needs its runtime first
        asan=$(ldd "$tslib" 2>/dev/null | sed -n 's/^[[:space:]]*libasan[^ ]* => \([^ ]*\) .*/\1/p' | sed 1q)
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LD_PRELOAD="${asan:+$asan }$tslib" \
            $to "$tmpdir/ver_ompi" >"$tmpdir/out" 2>"$tmpdir/err"
        rc=$?
        expect_status "f. Open MPI program, libtypeshim preloaded" 127
        if ! grep -q '^typeshim: the MPI library of this process (.*Open MPI.*) is not MPICH' "$tmpdir/err"; then
            fail "f. libtypeshim did not name Open MPI:"
            sed 's/^/    /' "$tmpdir/err"
        fi
    fi
fi

# r. MPICH
mpich_lib=$bt/.libs/libtypeshim.so
if ! command -v mpicc.mpich >/dev/null 2>&1 ||
    { ! command -v mpiexec.mpich >/dev/null 2>&1 && ! command -v mpiexec.hydra >/dev/null 2>&1; }; then
    echo "SKIP: r. no mpicc.mpich or MPICH's mpiexec (apt-get install libmpich-dev mpich)"
elif [ ! -f "$mpich_lib" ]; then
    fail "r. $mpich_lib is not built"
elif ! mpicc.mpich -o "$tmpdir/ver_mpich" "$tmpdir/ver.c" 2>"$tmpdir/cc.err"; then
    fail "r. mpicc.mpich cannot build a program:"
    sed 's/^/    /' "$tmpdir/cc.err"
else
    TYPESHIM_LIBRARY=$mpich_lib
    export TYPESHIM_LIBRARY
    real_run "r. MPICH, 2 ranks" "$two" -n 2 -- "$tmpdir/ver_mpich"
    real_run "r. MPICH, no '--': one process" "ver rank 0 of 1: typeshim, size 12" "$tmpdir/ver_mpich"
    real_run "r. MPICH, --check, 2 ranks" "$two" --check -n 2 -- "$tmpdir/ver_mpich"
    real_check "r. MPICH, --check"
    real_run "r. MPICH, --disable, 2 ranks" "$two_not" --disable -n 2 -- "$tmpdir/ver_mpich"
fi

if [ $status -eq 0 ]; then
    echo "PASS: typeshim-run: missing launchers and libraries (127), usage errors (2), exit status, environment, cross-check totals, the MPI an ELF program needs (MPICH, Open MPI, both, another, none: 127), Open MPI's mpirun arguments, --verbose on how a program links typeshim, real runs over both MPIs"
fi
exit $status
