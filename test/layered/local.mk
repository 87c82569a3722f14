# test/layered: typeshim layered over MPICH (issue 4), real mpiexec runs.
