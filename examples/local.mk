# SPDX-License-Identifier: BSD-3-Clause
# examples: the programs `make demo` runs (examples/run-demo.sh), also run
# by `make check`.  Each example is one MPI program built twice:
#   ex_<name>_ts     standalone: libtypeshim-serial + libtypeshim, one
#                    process whose messages go to itself;
#   ex_<name>_mpich  an ordinary MPICH program (MPICH's mpi.h and library
#                    only), which run-demo.sh runs on two ranks under
#                    typeshim-run --check with the uninstalled libtypeshim.so.
#   ex_<name>_ompi   the same against Open MPI, when configure found it,
#                    run by run-demo.sh under typeshim-run too (which
#                    preloads libtypeshim-ompi and runs mpirun.openmpi);
#   ex_<name>_ts_ompi  standalone with Open MPI's mpi.h:
#                    libtypeshim-serial-ompi + libtypeshim-ompi.
# dlsym (ex_common.h) comes from $(LIBS).  The per-target CPPFLAGS keep the
# two objects of one source apart.

EX_COMMON_H = examples/ex_common.h
EX_TS = examples/ex_opal_ts examples/ex_lbub_ts examples/ex_triangle_ts examples/ex_halo3d_ts examples/ex_decode_ts \
	examples/ex_grid2d_ts
EX_MPICH = examples/ex_opal_mpich examples/ex_lbub_mpich examples/ex_triangle_mpich examples/ex_halo3d_mpich examples/ex_decode_mpich \
	examples/ex_grid2d_mpich
check_PROGRAMS += $(EX_TS) $(EX_MPICH)
TESTS += examples/run-demo.sh
EXTRA_DIST += examples/run-demo.sh

examples_ex_opal_ts_SOURCES = examples/ex_opal.c $(EX_COMMON_H)
examples_ex_opal_ts_CPPFLAGS = $(AM_CPPFLAGS)
examples_ex_opal_ts_LDADD = libtypeshim-serial.la libtypeshim.la
examples_ex_opal_mpich_SOURCES = examples/ex_opal.c $(EX_COMMON_H)
examples_ex_opal_mpich_CPPFLAGS = $(MPICH_CFLAGS)
examples_ex_opal_mpich_LDADD = $(MPICH_LIBS)

examples_ex_lbub_ts_SOURCES = examples/ex_lbub.c $(EX_COMMON_H)
examples_ex_lbub_ts_CPPFLAGS = $(AM_CPPFLAGS)
examples_ex_lbub_ts_LDADD = libtypeshim-serial.la libtypeshim.la
examples_ex_lbub_mpich_SOURCES = examples/ex_lbub.c $(EX_COMMON_H)
examples_ex_lbub_mpich_CPPFLAGS = $(MPICH_CFLAGS)
examples_ex_lbub_mpich_LDADD = $(MPICH_LIBS)

examples_ex_triangle_ts_SOURCES = examples/ex_triangle.c $(EX_COMMON_H)
examples_ex_triangle_ts_CPPFLAGS = $(AM_CPPFLAGS)
examples_ex_triangle_ts_LDADD = libtypeshim-serial.la libtypeshim.la
examples_ex_triangle_mpich_SOURCES = examples/ex_triangle.c $(EX_COMMON_H)
examples_ex_triangle_mpich_CPPFLAGS = $(MPICH_CFLAGS)
examples_ex_triangle_mpich_LDADD = $(MPICH_LIBS)

examples_ex_halo3d_ts_SOURCES = examples/ex_halo3d.c $(EX_COMMON_H)
examples_ex_halo3d_ts_CPPFLAGS = $(AM_CPPFLAGS)
examples_ex_halo3d_ts_LDADD = libtypeshim-serial.la libtypeshim.la
examples_ex_halo3d_mpich_SOURCES = examples/ex_halo3d.c $(EX_COMMON_H)
examples_ex_halo3d_mpich_CPPFLAGS = $(MPICH_CFLAGS)
examples_ex_halo3d_mpich_LDADD = $(MPICH_LIBS)

examples_ex_decode_ts_SOURCES = examples/ex_decode.c $(EX_COMMON_H)
examples_ex_decode_ts_CPPFLAGS = $(AM_CPPFLAGS)
examples_ex_decode_ts_LDADD = libtypeshim-serial.la libtypeshim.la
examples_ex_decode_mpich_SOURCES = examples/ex_decode.c $(EX_COMMON_H)
examples_ex_decode_mpich_CPPFLAGS = $(MPICH_CFLAGS)
examples_ex_decode_mpich_LDADD = $(MPICH_LIBS)

# ex_grid2d calls MPI-4.1's MPI_Type_get_value_index, which MPICH 4.0.2
# lacks: its MPICH build includes typeshim.h and links libtypeshim ahead of
# MPICH, as a program using it over MPICH must.
examples_ex_grid2d_ts_SOURCES = examples/ex_grid2d.c $(EX_COMMON_H)
examples_ex_grid2d_ts_CPPFLAGS = $(AM_CPPFLAGS)
examples_ex_grid2d_ts_LDADD = libtypeshim-serial.la libtypeshim.la
examples_ex_grid2d_mpich_SOURCES = examples/ex_grid2d.c $(EX_COMMON_H)
examples_ex_grid2d_mpich_CPPFLAGS = -I$(top_srcdir)/include -I$(top_builddir)/include $(MPICH_CFLAGS)
examples_ex_grid2d_mpich_LDADD = libtypeshim.la $(MPICH_LIBS)

# Not ex_lbub nor ex_decode: MPI-1's markers and combiners, which MPI-3.0
# removed and Open MPI 4.1's mpi.h hides, and (ex_decode) MPI-4.0's large
# counts, which it lacks.
if TS_HAVE_OPENMPI
EX_OMPI = examples/ex_opal_ompi examples/ex_triangle_ompi examples/ex_halo3d_ompi \
	examples/ex_grid2d_ompi
check_PROGRAMS += $(EX_OMPI)
examples_ex_opal_ompi_SOURCES = examples/ex_opal.c $(EX_COMMON_H)
examples_ex_opal_ompi_CPPFLAGS = $(OMPI_CFLAGS)
examples_ex_opal_ompi_LDADD = $(OMPI_LIBS)
examples_ex_triangle_ompi_SOURCES = examples/ex_triangle.c $(EX_COMMON_H)
examples_ex_triangle_ompi_CPPFLAGS = $(OMPI_CFLAGS)
examples_ex_triangle_ompi_LDADD = $(OMPI_LIBS)
examples_ex_halo3d_ompi_SOURCES = examples/ex_halo3d.c $(EX_COMMON_H)
examples_ex_halo3d_ompi_CPPFLAGS = $(OMPI_CFLAGS)
examples_ex_halo3d_ompi_LDADD = $(OMPI_LIBS)
# MPI-4.1's MPI_Type_get_value_index: Open MPI 4.1 lacks it too
examples_ex_grid2d_ompi_SOURCES = examples/ex_grid2d.c $(EX_COMMON_H)
examples_ex_grid2d_ompi_CPPFLAGS = -I$(top_srcdir)/include -I$(top_builddir)/include $(OMPI_CFLAGS)
examples_ex_grid2d_ompi_LDADD = libtypeshim-ompi.la $(OMPI_LIBS)
# ex_<name>_ts_ompi: standalone again, compiled with Open MPI's mpi.h and
# linked with libtypeshim-serial-ompi + libtypeshim-ompi, no libmpi.
EX_TS_OMPI = examples/ex_opal_ts_ompi examples/ex_triangle_ts_ompi examples/ex_halo3d_ts_ompi \
	examples/ex_grid2d_ts_ompi
check_PROGRAMS += $(EX_TS_OMPI)
EX_TS_OMPI_CPPFLAGS = -I$(top_srcdir)/include -I$(top_builddir)/include $(OMPI_CFLAGS)
EX_TS_OMPI_LDADD = libtypeshim-serial-ompi.la libtypeshim-ompi.la
examples_ex_opal_ts_ompi_SOURCES = examples/ex_opal.c $(EX_COMMON_H)
examples_ex_opal_ts_ompi_CPPFLAGS = $(EX_TS_OMPI_CPPFLAGS)
examples_ex_opal_ts_ompi_LDADD = $(EX_TS_OMPI_LDADD)
examples_ex_triangle_ts_ompi_SOURCES = examples/ex_triangle.c $(EX_COMMON_H)
examples_ex_triangle_ts_ompi_CPPFLAGS = $(EX_TS_OMPI_CPPFLAGS)
examples_ex_triangle_ts_ompi_LDADD = $(EX_TS_OMPI_LDADD)
examples_ex_halo3d_ts_ompi_SOURCES = examples/ex_halo3d.c $(EX_COMMON_H)
examples_ex_halo3d_ts_ompi_CPPFLAGS = $(EX_TS_OMPI_CPPFLAGS)
examples_ex_halo3d_ts_ompi_LDADD = $(EX_TS_OMPI_LDADD)
examples_ex_grid2d_ts_ompi_SOURCES = examples/ex_grid2d.c $(EX_COMMON_H)
examples_ex_grid2d_ts_ompi_CPPFLAGS = $(EX_TS_OMPI_CPPFLAGS)
examples_ex_grid2d_ts_ompi_LDADD = $(EX_TS_OMPI_LDADD)
endif
