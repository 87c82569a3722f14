# SPDX-License-Identifier: BSD-3-Clause
# test/layered: typeshim layered over MPICH, real mpiexec runs.

# The cross-check suite of test/xcheck, preloaded, under TYPESHIM_CHECK.
TESTS += test/layered/lt_xcheck.sh
EXTRA_DIST += test/layered/lt_xcheck.sh test/layered/lt_preload.sh

# typeshim-run's error paths and summary (no MPI needed).
TESTS += test/layered/check-run-errors.sh
EXTRA_DIST += test/layered/check-run-errors.sh

# ---- the lt_* programs and lt_run.sh (configure.ac finds TS_MPIF90)
#
# The lt_* programs are plain MPICH programs: MPICH's mpi.h, never
# typeshim.h (the per-target _CPPFLAGS replace AM_CPPFLAGS, so the include/
# and lib/ paths are not seen).  dlsym comes from $(LIBS) (AC_SEARCH_LIBS),
# which Automake appends to every link.  lt_run.sh runs them under
# mpiexec: MPICH alone, libtypeshim.so preloaded, typeshim linked ahead
# of MPICH (lt_p2p_linked), TYPESHIM_DISABLE, TYPESHIM_DUMP, TYPESHIM_CHECK.

LT_COMMON_H = test/layered/lt_common.h test/layered/lt_common.c

# lt_p2p twice: against MPICH only (also what lt_run.sh preloads into), and
# with libtypeshim ahead of libmpich on the link line.
check_PROGRAMS += test/layered/lt_p2p_mpich test/layered/lt_p2p_linked
test_layered_lt_p2p_mpich_SOURCES = test/layered/lt_p2p.c $(LT_COMMON_H)
test_layered_lt_p2p_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_p2p_mpich_LDADD = $(MPICH_LIBS)
test_layered_lt_p2p_linked_SOURCES = test/layered/lt_p2p.c $(LT_COMMON_H)
test_layered_lt_p2p_linked_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_p2p_linked_LDADD = libtypeshim.la $(MPICH_LIBS)

# lt_threads: MPI_THREAD_MULTIPLE, 8 pthreads; MPICH only (preloaded by lt_run.sh)
check_PROGRAMS += test/layered/lt_threads
test_layered_lt_threads_SOURCES = test/layered/lt_threads.c $(LT_COMMON_H)
test_layered_lt_threads_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_threads_LDADD = $(MPICH_LIBS) $(AX_PTHREAD_LIBS)

# The Fortran programs, built by MPICH's Fortran wrapper (no AC_PROG_FC).
# They are check_SCRIPTS so that "make check" builds them before the tests;
# lt_run.sh skips them (with a message) when they are absent.
LT_FORTRAN_SRC = test/layered/lt_fortran.f90 test/layered/lt_fortran_h.f \
	test/layered/lt_fortran_08.f90
if TS_HAVE_MPIF90
LT_FORTRAN_PROGS = test/layered/lt_fortran test/layered/lt_fortran_h test/layered/lt_fortran_08
check_SCRIPTS += $(LT_FORTRAN_PROGS)
endif
LT_FC = $(TS_MPIF90) $(FCFLAGS)

test/layered/lt_fortran: test/layered/lt_fortran.f90
	@$(MKDIR_P) test/layered
	$(AM_V_GEN)$(LT_FC) -o $@ $(srcdir)/test/layered/lt_fortran.f90
test/layered/lt_fortran_h: test/layered/lt_fortran_h.f
	@$(MKDIR_P) test/layered
	$(AM_V_GEN)$(LT_FC) -o $@ $(srcdir)/test/layered/lt_fortran_h.f
test/layered/lt_fortran_08: test/layered/lt_fortran_08.f90
	@$(MKDIR_P) test/layered
	$(AM_V_GEN)$(LT_FC) -o $@ $(srcdir)/test/layered/lt_fortran_08.f90

CLEANFILES += test/layered/lt_fortran test/layered/lt_fortran_h test/layered/lt_fortran_08

TESTS += test/layered/lt_run.sh
EXTRA_DIST += test/layered/lt_run.sh $(LT_FORTRAN_SRC)

# lt_adopt: types made inside MPICH reach typeshim (run by lt_run.sh).
check_PROGRAMS += test/layered/lt_adopt
test_layered_lt_adopt_SOURCES = test/layered/lt_adopt.c $(LT_COMMON_H)
test_layered_lt_adopt_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_adopt_LDADD = $(MPICH_LIBS)

# lt_held: what typeshim holds in MPICH beside the program's own types
# (run by lt_run.sh).
check_PROGRAMS += test/layered/lt_held
test_layered_lt_held_SOURCES = test/layered/lt_held.c $(LT_COMMON_H)
test_layered_lt_held_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_held_LDADD = $(MPICH_LIBS)

# lt_comm: datatype checks on communication calls and typeshim's messages
# through MPICH's error codes (run by lt_run.sh, preloaded only).
check_PROGRAMS += test/layered/lt_comm
test_layered_lt_comm_SOURCES = test/layered/lt_comm.c $(LT_COMMON_H)
test_layered_lt_comm_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_comm_LDADD = $(MPICH_LIBS)

# lt_mpi41: the MPI-4.1 functions typeshim adds to MPICH 4.0.2 (only
# typeshim has them: linked with -ltypeshim ahead of -lmpich); run by
# lt_run.sh.
check_PROGRAMS += test/layered/lt_mpi41
test_layered_lt_mpi41_SOURCES = test/layered/lt_mpi41.c $(LT_COMMON_H)
test_layered_lt_mpi41_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_mpi41_LDADD = libtypeshim.la $(MPICH_LIBS)
# lt_plugin: MPICH inside a plugin that a program with no MPI opens with
# dlopen(RTLD_LOCAL), as Python (mpi4py), Julia and R do; run by
# lt_plugin.sh preloaded, cross-checked, disabled, and after a standalone
# handle (which must fail with a message).  -rpath makes libtool build the
# shared object a check library otherwise would not be.
check_LTLIBRARIES += test/layered/lt_plugin.la
test_layered_lt_plugin_la_SOURCES = test/layered/lt_plugin.c $(LT_COMMON_H)
test_layered_lt_plugin_la_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_plugin_la_LIBADD = $(MPICH_LIBS)
test_layered_lt_plugin_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
check_PROGRAMS += test/layered/lt_plugin_host
test_layered_lt_plugin_host_SOURCES = test/layered/lt_plugin_host.c
test_layered_lt_plugin_host_CPPFLAGS =
TESTS += test/layered/lt_plugin.sh
EXTRA_DIST += test/layered/lt_plugin.sh

# lt_check: the cross-check on valid programs MPICH refuses or misjudges
# (MPI_BOTTOM, buffers too small, allocation failure), run by lt_check.sh.
check_PROGRAMS += test/layered/lt_check
test_layered_lt_check_SOURCES = test/layered/lt_check.c $(LT_COMMON_H)
test_layered_lt_check_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_check_LDADD = $(MPICH_LIBS)
TESTS += test/layered/lt_check.sh
EXTRA_DIST += test/layered/lt_check.sh

# lt_alloc: every allocation of typeshim failed in turn while nested types
# are built, committed, dup'ed, decoded and freed in layered mode (linked
# with -ltypeshim ahead of -lmpich), run by lt_alloc.sh.
check_PROGRAMS += test/layered/lt_alloc
test_layered_lt_alloc_SOURCES = test/layered/lt_alloc.c test/api/counting_alloc.h $(LT_COMMON_H)
test_layered_lt_alloc_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_alloc_LDADD = libtypeshim.la $(MPICH_LIBS)
TESTS += test/layered/lt_alloc.sh
EXTRA_DIST += test/layered/lt_alloc.sh

# check_huge_layered: test/api/check_huge.c (the Check framework, typeshim.h
# for typeshim_live_types) with -ltypeshim ahead of -lmpich instead of
# libtypeshim-serial; run by lt_huge.sh as an MPI singleton.
check_PROGRAMS += test/layered/check_huge_layered
test_layered_check_huge_layered_SOURCES = test/api/check_huge.c test/api/apitest.h
test_layered_check_huge_layered_CFLAGS = $(TEST_CHECK_CFLAGS)
test_layered_check_huge_layered_LDADD = libtypeshim.la $(MPICH_LIBS) @CHECK_LIBS@
TESTS += test/layered/lt_huge.sh
EXTRA_DIST += test/layered/lt_huge.sh

# lt_version: MPI_Get_library_version over MPICH alone, preloaded and
# disabled, run by lt_version.sh.
check_PROGRAMS += test/layered/lt_version
test_layered_lt_version_SOURCES = test/layered/lt_version.c
test_layered_lt_version_CPPFLAGS = $(MPICH_CFLAGS)
test_layered_lt_version_LDADD = $(MPICH_LIBS)
TESTS += test/layered/lt_version.sh
EXTRA_DIST += test/layered/lt_version.sh

# ---- Open MPI: the same programs built against Open MPI's mpi.h and
# libmpi (pkg-config ompi-c), run by lt_ompi.sh under mpirun.openmpi with
# libtypeshim-ompi preloaded or linked ahead of libmpi.
if TS_HAVE_OPENMPI
LT_OMPI_PROGS = test/layered/lt_p2p_ompi test/layered/lt_p2p_ompi_linked \
	test/layered/lt_adopt_ompi test/layered/lt_comm_ompi test/layered/lt_threads_ompi \
	test/layered/lt_mpi41_ompi test/layered/lt_version_ompi test/layered/lt_alloc_ompi
check_PROGRAMS += $(LT_OMPI_PROGS)
test_layered_lt_p2p_ompi_SOURCES = test/layered/lt_p2p.c $(LT_COMMON_H)
test_layered_lt_p2p_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_p2p_ompi_LDADD = $(OMPI_LIBS)
test_layered_lt_p2p_ompi_linked_SOURCES = test/layered/lt_p2p.c $(LT_COMMON_H)
test_layered_lt_p2p_ompi_linked_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_p2p_ompi_linked_LDADD = libtypeshim-ompi.la $(OMPI_LIBS)
test_layered_lt_adopt_ompi_SOURCES = test/layered/lt_adopt.c $(LT_COMMON_H)
test_layered_lt_adopt_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_adopt_ompi_LDADD = $(OMPI_LIBS)
test_layered_lt_comm_ompi_SOURCES = test/layered/lt_comm.c $(LT_COMMON_H)
test_layered_lt_comm_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_comm_ompi_LDADD = $(OMPI_LIBS)
test_layered_lt_threads_ompi_SOURCES = test/layered/lt_threads.c $(LT_COMMON_H)
test_layered_lt_threads_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_threads_ompi_LDADD = $(OMPI_LIBS) $(AX_PTHREAD_LIBS)
test_layered_lt_mpi41_ompi_SOURCES = test/layered/lt_mpi41.c $(LT_COMMON_H)
test_layered_lt_mpi41_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_mpi41_ompi_LDADD = libtypeshim-ompi.la $(OMPI_LIBS)
test_layered_lt_version_ompi_SOURCES = test/layered/lt_version.c
test_layered_lt_version_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_version_ompi_LDADD = $(OMPI_LIBS)
test_layered_lt_alloc_ompi_SOURCES = test/layered/lt_alloc.c test/api/counting_alloc.h $(LT_COMMON_H)
test_layered_lt_alloc_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_alloc_ompi_LDADD = libtypeshim-ompi.la $(OMPI_LIBS)
# Standalone: Open MPI's mpi.h, libtypeshim-serial-ompi + libtypeshim-ompi,
# no libmpi; lt_ompi.sh runs them as one process with LT_EXPECT=standalone.
# Not lt_p2p (2 or 3 ranks), lt_comm (windows, files and intercommunicators,
# which the runtime lacks), lt_adopt and lt_alloc (what only layered mode
# has: handles the MPI made, shadows).
LT_OMPI_SA_PROGS = test/layered/lt_threads_ompi_sa test/layered/lt_mpi41_ompi_sa
check_PROGRAMS += $(LT_OMPI_SA_PROGS)
test_layered_lt_threads_ompi_sa_SOURCES = test/layered/lt_threads.c $(LT_COMMON_H)
test_layered_lt_threads_ompi_sa_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_threads_ompi_sa_LDADD = libtypeshim-serial-ompi.la libtypeshim-ompi.la \
	$(AX_PTHREAD_LIBS)
test_layered_lt_mpi41_ompi_sa_SOURCES = test/layered/lt_mpi41.c $(LT_COMMON_H)
test_layered_lt_mpi41_ompi_sa_CPPFLAGS = $(OMPI_CFLAGS)
test_layered_lt_mpi41_ompi_sa_LDADD = libtypeshim-serial-ompi.la libtypeshim-ompi.la
endif
# The Fortran programs by Open MPI's wrapper: its Fortran bindings call the
# C PMPI_ functions, which typeshim (preloaded) defines, so its answers
# reach Fortran programs too.
if TS_HAVE_MPIF90_OMPI
LT_FORTRAN_OMPI_PROGS = test/layered/lt_fortran_ompi test/layered/lt_fortran_h_ompi \
	test/layered/lt_fortran_08_ompi
check_SCRIPTS += $(LT_FORTRAN_OMPI_PROGS)
endif
LT_FC_OMPI = $(TS_MPIF90_OMPI) $(FCFLAGS)
test/layered/lt_fortran_ompi: test/layered/lt_fortran.f90
	@$(MKDIR_P) test/layered
	$(AM_V_GEN)$(LT_FC_OMPI) -o $@ $(srcdir)/test/layered/lt_fortran.f90
test/layered/lt_fortran_h_ompi: test/layered/lt_fortran_h.f
	@$(MKDIR_P) test/layered
	$(AM_V_GEN)$(LT_FC_OMPI) -o $@ $(srcdir)/test/layered/lt_fortran_h.f
test/layered/lt_fortran_08_ompi: test/layered/lt_fortran_08.f90
	@$(MKDIR_P) test/layered
	$(AM_V_GEN)$(LT_FC_OMPI) -o $@ $(srcdir)/test/layered/lt_fortran_08.f90
CLEANFILES += test/layered/lt_fortran_ompi test/layered/lt_fortran_h_ompi \
	test/layered/lt_fortran_08_ompi
TESTS += test/layered/lt_ompi.sh
EXTRA_DIST += test/layered/lt_ompi.sh
