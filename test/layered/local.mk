# test/layered: typeshim layered over MPICH (issue 4), real mpiexec runs.

# The cross-check suite of test/xcheck, preloaded, under TYPESHIM_CHECK.
TESTS += test/layered/lt_xcheck.sh
EXTRA_DIST += test/layered/lt_xcheck.sh

# typeshim-run's error paths and summary (no MPI needed).
TESTS += test/layered/check-run-errors.sh
EXTRA_DIST += test/layered/check-run-errors.sh
