# test/layered: typeshim layered over MPICH (issue 4), real mpiexec runs.

# The cross-check suite of test/xcheck, preloaded, under TYPESHIM_CHECK.
TESTS += test/layered/lt_xcheck.sh
EXTRA_DIST += test/layered/lt_xcheck.sh
