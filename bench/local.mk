# SPDX-License-Identifier: BSD-3-Clause
# bench/: the pack/unpack benchmark (typeshim vs MPICH vs Open MPI vs a hand loop vs memcpy).
# Included by the top-level Makefile.am; paths are relative to the top.
#
# bench/bench_pack.c is one MPI program built three times: against typeshim
# (standalone: libtypeshim + libtypeshim-serial, MPICH's mpi.h), against
# MPICH, and (by bench/run.sh, at `make bench` time) against Open MPI with
# mpicc.openmpi when it is installed.  `make bench` runs them in turn and
# prints the merged table (bench/results.txt) and plot (bench/results.png,
# copied to bench/speed.png by bench/readme.sh);
# `make check` runs bench/smoke.sh, which verifies every pattern.
#   make bench                         all tiers, 3 rounds (a few minutes)
#   make bench BENCH_ROUNDS=1 BENCH_ARGS="--tier cache --only vec_d"
#   make bench-smoke                   what the test runs (seconds)

EXTRA_DIST += bench/run.sh bench/report.sh bench/plot.gp bench/smoke.sh bench/comm.sh

# bench/bench_comm.c: an MPICH program run alone and with libtypeshim
# preloaded (bench/comm.sh): what layered mode's datatype checks cost per
# communication call.  make bench-comm; make bench ends with it.
check_PROGRAMS += bench/bench_comm
bench_bench_comm_SOURCES = bench/bench_comm.c
bench_bench_comm_CPPFLAGS = $(MPICH_CFLAGS)
bench_bench_comm_LDADD = $(MPICH_LIBS)

# bench/bench_build.c: building large types (construction scaling); one
# program built against typeshim standalone and MPICH here, Open MPI by
# bench/build.sh.  make bench-build; make bench ends with it.
check_PROGRAMS += bench/bench_build_ts bench/bench_build_mpich
bench_bench_build_ts_SOURCES = bench/bench_build.c
bench_bench_build_ts_CPPFLAGS = $(MPICH_CFLAGS)
bench_bench_build_ts_LDADD = libtypeshim.la libtypeshim-serial.la
bench_bench_build_mpich_SOURCES = bench/bench_build.c
bench_bench_build_mpich_CPPFLAGS = $(MPICH_CFLAGS)
bench_bench_build_mpich_LDADD = $(MPICH_LIBS)
EXTRA_DIST += bench/build.sh

bench-build: bench/bench_build_ts$(EXEEXT) bench/bench_build_mpich$(EXEEXT)
	@CC_FLAGS='$(TS_SAN_CFLAGS) $(CFLAGS)' $(SHELL) $(srcdir)/bench/build.sh '$(srcdir)'
.PHONY: bench-build

# bench/bench_serial.c: the single-process runtime against MPICH at one
# process, in instructions per operation under callgrind (bench/serial.sh):
# make bench-serial; make bench ends with it; make check runs its data
# checks (bench/serial-smoke.sh).  Linked as typeshim-cc links: the
# runtime first (libtypeshim first, its wrappers of the communication
# calls would check the datatype arguments once more).
check_PROGRAMS += bench/bench_serial_ts bench/bench_serial_mpich
bench_bench_serial_ts_SOURCES = bench/bench_serial.c
bench_bench_serial_ts_CPPFLAGS = $(MPICH_CFLAGS)
bench_bench_serial_ts_LDADD = libtypeshim-serial.la libtypeshim.la
bench_bench_serial_mpich_SOURCES = bench/bench_serial.c
bench_bench_serial_mpich_CPPFLAGS = $(MPICH_CFLAGS)
bench_bench_serial_mpich_LDADD = $(MPICH_LIBS)
EXTRA_DIST += bench/serial.sh bench/serial-smoke.sh
TESTS += bench/serial-smoke.sh
CLEANFILES += bench/results-serial.txt bench/results-serial.txt.tmp

bench-serial: bench/bench_serial_ts$(EXEEXT) bench/bench_serial_mpich$(EXEEXT)
	@f=bench/results-serial.txt; \
	top_builddir='$(top_builddir)' $(SHELL) $(srcdir)/bench/serial.sh >$$f.tmp || \
	  { cat $$f.tmp; rm -f $$f.tmp; exit 1; }; \
	mv -f $$f.tmp $$f; cat $$f
.PHONY: bench-serial

bench-comm: bench/bench_comm$(EXEEXT) libtypeshim.la
	@top_builddir='$(top_builddir)' $(SHELL) $(srcdir)/bench/comm.sh
.PHONY: bench-comm

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

# bench/readme.sh rewrites the generated parts of README.md (its "## Speed"
# section and the cost snippets its prose cites) from the bench/results*.txt
# of the last make bench (which runs it at its end), and copies that run's
# plot to bench/speed.png, the figure the README shows (tracked, so that a
# clone shows it); make bench-readme runs it alone.  bench/check-readme.sh
# checks it on made-up results, and the README's markers and figure.
EXTRA_DIST += bench/readme.sh bench/check-readme.sh bench/speed.png
TESTS += bench/check-readme.sh
CLEANFILES += bench/results-comm.txt bench/results-build.txt bench/results-layered.txt \
	bench/results-comm.txt.tmp bench/results-build.txt.tmp bench/results-layered.txt.tmp

bench-readme:
	@CC='$(CC)' CFLAGS='$(TS_SAN_CFLAGS) $(CFLAGS)' $(SHELL) $(srcdir)/bench/readme.sh '$(srcdir)'
.PHONY: bench-readme

# Each table is printed and saved in bench/results-*.txt: the script writes
# to a .tmp file, renamed when it succeeded (a failure keeps the previous
# table, prints the partial output and fails make bench).
bench: bench/bench_pack_ts$(EXEEXT) bench/bench_pack_mpich$(EXEEXT) bench/bench_comm$(EXEEXT) \
	bench/bench_build_ts$(EXEEXT) bench/bench_build_mpich$(EXEEXT) bench/bench_layered$(EXEEXT) \
	libtypeshim.la
	@CC_FLAGS='$(TS_SAN_CFLAGS) $(CFLAGS)' BENCH_ROUNDS='$(BENCH_ROUNDS)' BENCH_ARGS='$(BENCH_ARGS)' \
	  $(SHELL) $(srcdir)/bench/run.sh '$(srcdir)'
	@f=bench/results-comm.txt; \
	top_builddir='$(top_builddir)' $(SHELL) $(srcdir)/bench/comm.sh >$$f.tmp || \
	  { cat $$f.tmp; rm -f $$f.tmp; exit 1; }; \
	mv -f $$f.tmp $$f; cat $$f
	@f=bench/results-build.txt; \
	CC_FLAGS='$(TS_SAN_CFLAGS) $(CFLAGS)' $(SHELL) $(srcdir)/bench/build.sh '$(srcdir)' >$$f.tmp || \
	  { cat $$f.tmp; rm -f $$f.tmp; exit 1; }; \
	mv -f $$f.tmp $$f; cat $$f
	@f=bench/results-layered.txt; \
	if test -f $(srcdir)/bench/layered.sh && test -f bench/bench_layered$(EXEEXT); then \
	  top_builddir='$(top_builddir)' $(SHELL) $(srcdir)/bench/layered.sh >$$f.tmp || \
	    { cat $$f.tmp; rm -f $$f.tmp; exit 1; }; \
	  mv -f $$f.tmp $$f; cat $$f; \
	fi
	@$(MAKE) $(AM_MAKEFLAGS) bench-serial
	@test -z '$(BENCH_OMPI)' || $(MAKE) $(AM_MAKEFLAGS) bench-ompi
	@CC='$(CC)' CFLAGS='$(TS_SAN_CFLAGS) $(CFLAGS)' $(SHELL) $(srcdir)/bench/readme.sh '$(srcdir)'

.PHONY: bench

bench-smoke: bench/bench_pack_ts$(EXEEXT) bench/bench_pack_mpich$(EXEEXT)
	@top_builddir='$(top_builddir)' $(SHELL) $(srcdir)/bench/smoke.sh

.PHONY: bench-smoke

# bench/bench_layered.c: an MPICH program run plain, with libtypeshim
# preloaded and preloaded with TYPESHIM_CHECK=1 (bench/layered.sh): what
# layered mode costs on type create/commit/free, MPI_Type_size and
# MPI_Pack.  make bench-layered.
check_PROGRAMS += bench/bench_layered
bench_bench_layered_SOURCES = bench/bench_layered.c
bench_bench_layered_CPPFLAGS = $(MPICH_CFLAGS)
bench_bench_layered_LDADD = $(MPICH_LIBS)
EXTRA_DIST += bench/layered.sh bench/flavour.sh

bench-layered: bench/bench_layered$(EXEEXT) libtypeshim.la
	@top_builddir='$(top_builddir)' $(SHELL) $(srcdir)/bench/layered.sh
.PHONY: bench-layered

# The same two programs built against Open MPI, for layered mode over it:
# make bench-ompi prints both tables (and saves them in
# bench/results-layered-ompi.txt and bench/results-comm-ompi.txt).
if TS_HAVE_OPENMPI
check_PROGRAMS += bench/bench_layered_ompi bench/bench_comm_ompi
bench_bench_layered_ompi_SOURCES = bench/bench_layered.c
bench_bench_layered_ompi_CPPFLAGS = $(OMPI_CFLAGS)
bench_bench_layered_ompi_LDADD = $(OMPI_LIBS)
bench_bench_comm_ompi_SOURCES = bench/bench_comm.c
bench_bench_comm_ompi_CPPFLAGS = $(OMPI_CFLAGS)
bench_bench_comm_ompi_LDADD = $(OMPI_LIBS)
BENCH_OMPI = yes

bench-ompi: libtypeshim-ompi.la bench/bench_layered_ompi$(EXEEXT) bench/bench_comm_ompi$(EXEEXT)
	@for t in layered comm; do \
	  f=bench/results-$$t-ompi.txt; \
	  BENCH_MPI=openmpi top_builddir='$(top_builddir)' $(SHELL) $(srcdir)/bench/$$t.sh >$$f.tmp || \
	    { cat $$f.tmp; rm -f $$f.tmp; exit 1; }; \
	  mv -f $$f.tmp $$f; cat $$f; \
	done
else
BENCH_OMPI =

bench-ompi:
	@echo "make bench-ompi: configure found no Open MPI (pkg-config ompi-c)"; exit 1
endif
CLEANFILES += bench/results-layered-ompi.txt bench/results-comm-ompi.txt
.PHONY: bench-ompi
