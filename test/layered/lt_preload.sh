# SPDX-License-Identifier: BSD-3-Clause
# lt_preload.sh - sourced by the layered tests: what to put in LD_PRELOAD
# to preload libtypeshim.so into a program, and which mpiexec starts it.
#
# Sanitizer builds: a program that links ASan (or a preload library that
# needs it) only starts if the ASan runtime comes first in the initial
# library list, so the runtime, when the library or the program needs it,
# is preloaded ahead of the library; and LeakSanitizer is turned off unless
# ASAN_OPTIONS says otherwise (MPICH 4.0.2 with UCX leaks ~1 kB at
# MPI_Finalize even in an empty program).

# MPICH's own launcher, never a bare mpiexec (Debian may point that at
# Open MPI); empty when MPICH's is not installed.
lt_find_mpiexec() {
    for m in mpiexec.hydra mpiexec.mpich; do
        if command -v "$m" >/dev/null 2>&1; then
            echo "$m"
            return
        fi
    done
}

# The ASan runtime that a library or program needs, if any.
asan_of() {
    ldd "$1" 2>/dev/null | sed -n 's/^[[:space:]]*libasan[^ ]* => \([^ ]*\) .*/\1/p' | sed 1q
}

# lt_preload_value LIB PROG: the LD_PRELOAD value that loads LIB into PROG.
lt_preload_value() {
    lp_asan=$(asan_of "$1")
    lp_asan=${lp_asan:-$(asan_of "$2")}
    echo "${lp_asan:+$lp_asan:}$1"
}

case ${ASAN_OPTIONS-} in
*detect_leaks=*) ;;
*) ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 ;;
esac
export ASAN_OPTIONS
