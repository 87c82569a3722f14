# SPDX-License-Identifier: BSD-3-Clause
# flavour.sh NAME - sourced by comm.sh and layered.sh: what runs bench/NAME
# in layered mode.  BENCH_MPI=mpich (the default): bench/NAME, an MPICH
# program, .libs/libtypeshim.so, one rank under MPICH's launcher;
# BENCH_MPI=openmpi: bench/NAME_ompi, .libs/libtypeshim-ompi.so, an Open
# MPI singleton.  Sets prog, lib, mpi (its name) and mpiexec (the command
# and its -n 1, or nothing); exits 1 when something is missing.
: "${top_builddir:=.}"
if [ "${BENCH_MPI:-mpich}" = openmpi ]; then
    prog=$top_builddir/bench/$1_ompi
    lib=$top_builddir/.libs/libtypeshim-ompi.so
    mpi="Open MPI"
    mpiexec=
else
    prog=$top_builddir/bench/$1
    lib=$top_builddir/.libs/libtypeshim.so
    mpi=MPICH
    mpiexec=$(command -v mpiexec.hydra || command -v mpiexec.mpich) || {
        echo "$1: no MPICH launcher"
        exit 1
    }
    mpiexec="$mpiexec -n 1"
fi
test -f "$lib" && test -f "$prog" || {
    echo "$1: no $lib or $prog (make first)"
    exit 1
}
