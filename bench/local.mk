# SPDX-License-Identifier: BSD-3-Clause
# bench/: the pack/unpack benchmark (typeshim vs MPICH vs Open MPI vs a hand loop vs memcpy).
# Included by the top-level Makefile.am; paths are relative to the top.
#
# bench/bench_pack.c is one MPI program built three times: against typeshim
# (standalone: libtypeshim + libtypeshim-serial, MPICH's mpi.h), against
# MPICH, and (by bench/run.sh, at `make bench` time) against Open MPI with
# mpicc.openmpi when it is installed.  `make bench` runs them in turn and
# prints the merged table (bench/results.txt) and plot (bench/results.png);
# `make check` runs bench/smoke.sh, which verifies every pattern.
#   make bench                         all tiers, 3 rounds (a few minutes)
#   make bench BENCH_ROUNDS=1 BENCH_ARGS="--tier cache --only vec_d"
#   make bench-smoke                   what the test runs (seconds)

EXTRA_DIST += bench/run.sh bench/report.sh bench/plot.gp bench/smoke.sh

check_PROGRAMS += bench/bench_pack_ts bench/bench_pack_mpich
BENCH_SOURCES = bench/bench_pack.c bench/bench_patterns.c bench/bench_loops.c bench/bench.h

bench_bench_pack_ts_SOURCES = $(BENCH_SOURCES)
bench_bench_pack_ts_CPPFLAGS = $(MPICH_CFLAGS) -DBENCH_IMPL='"typeshim"'
bench_bench_pack_ts_LDADD = libtypeshim.la libtypeshim-serial.la

bench_bench_pack_mpich_SOURCES = $(BENCH_SOURCES)
bench_bench_pack_mpich_CPPFLAGS = $(MPICH_CFLAGS)
bench_bench_pack_mpich_LDADD = $(MPICH_LIBS)

TESTS += bench/smoke.sh

CLEANFILES += bench/bench_pack_ompi bench/results-typeshim.tsv bench/results-mpich.tsv \
	bench/results-openmpi.tsv bench/results-plot.dat bench/results.txt bench/results.png \
	bench/plot.log

bench: bench/bench_pack_ts$(EXEEXT) bench/bench_pack_mpich$(EXEEXT)
	@CC_FLAGS='$(TS_SAN_CFLAGS) $(CFLAGS)' BENCH_ROUNDS='$(BENCH_ROUNDS)' BENCH_ARGS='$(BENCH_ARGS)' \
	  $(SHELL) $(srcdir)/bench/run.sh '$(srcdir)'

.PHONY: bench

bench-smoke: bench/bench_pack_ts$(EXEEXT) bench/bench_pack_mpich$(EXEEXT)
	@top_builddir='$(top_builddir)' $(SHELL) $(srcdir)/bench/smoke.sh

.PHONY: bench-smoke
