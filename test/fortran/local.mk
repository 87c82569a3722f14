# SPDX-License-Identifier: BSD-3-Clause
# Fortran programs on the single-process runtime, through libtypeshim-fort:
# a halo exchange (use mpi) and MPI_File_write_all through a subarray view,
# each checking its values itself.  Built with gfortran (configure's
# TS_FC) against MPICH's mpi module, linked to the build tree's libraries;
# check_SCRIPTS so that make check builds them first; check_fortran.sh
# skips when they are absent (no gfortran).
TS_FORT_SRC = test/fortran/halo.f90 test/fortran/file_subarray.f90
if TS_HAVE_FC
TS_FORT_PROGS = test/fortran/halo test/fortran/file_subarray
check_SCRIPTS += $(TS_FORT_PROGS)
endif
# the sanitizer builds' runtime must come first in the program too
TS_FORT_LINK = $(TS_FC) -g -I$(MPICH_INCLUDEDIR) $(TS_SAN_CFLAGS) $(LDFLAGS)
TS_FORT_LIBS = -L$(top_builddir)/.libs -Wl,-rpath,$(abs_top_builddir)/.libs \
	-ltypeshim-fort -ltypeshim-serial -ltypeshim

test/fortran/halo: test/fortran/halo.f90 libtypeshim-fort.la
	@$(MKDIR_P) test/fortran
	$(AM_V_GEN)$(TS_FORT_LINK) -J test/fortran -o $@ $(srcdir)/test/fortran/halo.f90 $(TS_FORT_LIBS)
test/fortran/file_subarray: test/fortran/file_subarray.f90 libtypeshim-fort.la
	@$(MKDIR_P) test/fortran
	$(AM_V_GEN)$(TS_FORT_LINK) -J test/fortran -o $@ $(srcdir)/test/fortran/file_subarray.f90 \
	    $(TS_FORT_LIBS)

CLEANFILES += test/fortran/halo test/fortran/file_subarray
TESTS += test/fortran/check_fortran.sh
EXTRA_DIST += test/fortran/check_fortran.sh $(TS_FORT_SRC)
