# SPDX-License-Identifier: BSD-3-Clause
# test/xcheck: the cross-check suite against MPICH (included from the top
# Makefile.am, so every path is relative to the top).  Each xc_<area>.c is
# built twice, against MPICH (_mpich) and against typeshim (_ts), both with
# MPICH's mpi.h.  The test is the _ts program: test/wrapper.sh (the
# LOG_COMPILER of compiled tests) hands every xc_<area>_ts to xcheck.sh,
# which runs both, compares their outputs key by key and excuses only the
# differences of intended.txt.

EXTRA_DIST += test/xcheck/xcheck.sh test/xcheck/intended.txt test/mpi1_compat.h

# ---- predefined
check_PROGRAMS += test/xcheck/xc_predefined_mpich test/xcheck/xc_predefined_ts
test_xcheck_xc_predefined_mpich_SOURCES = test/xcheck/xc_predefined.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_predefined_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_predefined_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_predefined_ts_SOURCES = test/xcheck/xc_predefined.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_predefined_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_predefined_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_predefined_ts

# ---- ctor
check_PROGRAMS += test/xcheck/xc_ctor_mpich test/xcheck/xc_ctor_ts
test_xcheck_xc_ctor_mpich_SOURCES = test/xcheck/xc_ctor.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_ctor_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_ctor_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_ctor_ts_SOURCES = test/xcheck/xc_ctor.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_ctor_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_ctor_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_ctor_ts

# ---- usererr (MPICH and typeshim only: the MPI-4.1 removal calls, which
# Open MPI 4.1 lacks too, are tested by check_user_errors)
check_PROGRAMS += test/xcheck/xc_usererr_mpich test/xcheck/xc_usererr_ts
test_xcheck_xc_usererr_mpich_SOURCES = test/xcheck/xc_usererr.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_usererr_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_usererr_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_usererr_ts_SOURCES = test/xcheck/xc_usererr.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_usererr_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_usererr_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_usererr_ts

# ---- greq (MPICH and typeshim only)
check_PROGRAMS += test/xcheck/xc_greq_mpich test/xcheck/xc_greq_ts
test_xcheck_xc_greq_mpich_SOURCES = test/xcheck/xc_greq.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_greq_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_greq_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_greq_ts_SOURCES = test/xcheck/xc_greq.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_greq_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_greq_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_greq_ts

# ---- file (MPICH and typeshim: ROMIO's files against the runtime's)
check_PROGRAMS += test/xcheck/xc_file_mpich test/xcheck/xc_file_ts
test_xcheck_xc_file_mpich_SOURCES = test/xcheck/xc_file.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_file_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_file_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_file_ts_SOURCES = test/xcheck/xc_file.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_file_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_file_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_file_ts

# ---- subarray
check_PROGRAMS += test/xcheck/xc_subarray_mpich test/xcheck/xc_subarray_ts
test_xcheck_xc_subarray_mpich_SOURCES = test/xcheck/xc_subarray.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_subarray_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_subarray_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_subarray_ts_SOURCES = test/xcheck/xc_subarray.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_subarray_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_subarray_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_subarray_ts

# ---- darray
check_PROGRAMS += test/xcheck/xc_darray_mpich test/xcheck/xc_darray_ts
test_xcheck_xc_darray_mpich_SOURCES = test/xcheck/xc_darray.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_darray_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_darray_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_darray_ts_SOURCES = test/xcheck/xc_darray.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_darray_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_darray_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_darray_ts

# ---- resized
check_PROGRAMS += test/xcheck/xc_resized_mpich test/xcheck/xc_resized_ts
test_xcheck_xc_resized_mpich_SOURCES = test/xcheck/xc_resized.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_resized_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_resized_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_resized_ts_SOURCES = test/xcheck/xc_resized.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_resized_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_resized_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_resized_ts

# ---- large
check_PROGRAMS += test/xcheck/xc_large_mpich test/xcheck/xc_large_ts
test_xcheck_xc_large_mpich_SOURCES = test/xcheck/xc_large.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_large_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_large_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_large_ts_SOURCES = test/xcheck/xc_large.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_large_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_large_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_large_ts

# ---- markers
check_PROGRAMS += test/xcheck/xc_markers_mpich test/xcheck/xc_markers_ts
test_xcheck_xc_markers_mpich_SOURCES = test/xcheck/xc_markers.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_markers_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_markers_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_markers_ts_SOURCES = test/xcheck/xc_markers.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_markers_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_markers_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_markers_ts

# ---- attr
check_PROGRAMS += test/xcheck/xc_attr_mpich test/xcheck/xc_attr_ts
test_xcheck_xc_attr_mpich_SOURCES = test/xcheck/xc_attr.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_attr_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_attr_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_attr_ts_SOURCES = test/xcheck/xc_attr.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_attr_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_attr_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_attr_ts

# ---- address
check_PROGRAMS += test/xcheck/xc_address_mpich test/xcheck/xc_address_ts
test_xcheck_xc_address_mpich_SOURCES = test/xcheck/xc_address.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_address_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_address_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_address_ts_SOURCES = test/xcheck/xc_address.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_address_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_address_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_address_ts

# ---- errors
check_PROGRAMS += test/xcheck/xc_errors_mpich test/xcheck/xc_errors_ts
test_xcheck_xc_errors_mpich_SOURCES = test/xcheck/xc_errors.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_errors_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_errors_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_errors_ts_SOURCES = test/xcheck/xc_errors.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_errors_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_errors_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_errors_ts

# ---- pack (errors, external32, element counts)
check_PROGRAMS += test/xcheck/xc_pack_mpich test/xcheck/xc_pack_ts
test_xcheck_xc_pack_mpich_SOURCES = test/xcheck/xc_pack.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_pack_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_pack_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_pack_ts_SOURCES = test/xcheck/xc_pack.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_pack_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_pack_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_pack_ts

# ---- p2p (messages to self: libtypeshim-serial's point-to-point)
check_PROGRAMS += test/xcheck/xc_p2p_mpich test/xcheck/xc_p2p_ts
test_xcheck_xc_p2p_mpich_SOURCES = test/xcheck/xc_p2p.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_p2p_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_p2p_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_p2p_ts_SOURCES = test/xcheck/xc_p2p.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_p2p_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_p2p_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_p2p_ts

# ---- op (MPI_Reduce_local, user operations)
check_PROGRAMS += test/xcheck/xc_op_mpich test/xcheck/xc_op_ts
test_xcheck_xc_op_mpich_SOURCES = test/xcheck/xc_op.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_op_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_op_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_op_ts_SOURCES = test/xcheck/xc_op.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_op_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_op_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_op_ts

# ---- coll (collectives on one process)
check_PROGRAMS += test/xcheck/xc_coll_mpich test/xcheck/xc_coll_ts
test_xcheck_xc_coll_mpich_SOURCES = test/xcheck/xc_coll.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_coll_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_coll_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_coll_ts_SOURCES = test/xcheck/xc_coll.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_coll_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_coll_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_coll_ts

# ---- env (predefined attributes, thread queries, MPI_Alloc_mem)
check_PROGRAMS += test/xcheck/xc_env_mpich test/xcheck/xc_env_ts
test_xcheck_xc_env_mpich_SOURCES = test/xcheck/xc_env.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_env_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_env_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_env_ts_SOURCES = test/xcheck/xc_env.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_env_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_env_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_env_ts

# ---- comm (communicators and groups of one process)
check_PROGRAMS += test/xcheck/xc_comm_mpich test/xcheck/xc_comm_ts
test_xcheck_xc_comm_mpich_SOURCES = test/xcheck/xc_comm.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_comm_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_comm_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_comm_ts_SOURCES = test/xcheck/xc_comm.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_comm_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_comm_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_comm_ts

# ---- info (info objects, MPI_INFO_ENV, communicator hints)
check_PROGRAMS += test/xcheck/xc_info_mpich test/xcheck/xc_info_ts
test_xcheck_xc_info_mpich_SOURCES = test/xcheck/xc_info.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_info_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_info_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_info_ts_SOURCES = test/xcheck/xc_info.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_info_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_info_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_info_ts

# ---- commattr (attributes cached on communicators)
check_PROGRAMS += test/xcheck/xc_commattr_mpich test/xcheck/xc_commattr_ts
test_xcheck_xc_commattr_mpich_SOURCES = test/xcheck/xc_commattr.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_commattr_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_commattr_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_commattr_ts_SOURCES = test/xcheck/xc_commattr.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_commattr_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_commattr_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_commattr_ts
# ---- topo (process topologies and neighbourhood collectives of one process)
check_PROGRAMS += test/xcheck/xc_topo_mpich test/xcheck/xc_topo_ts
test_xcheck_xc_topo_mpich_SOURCES = test/xcheck/xc_topo.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_topo_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_topo_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_topo_ts_SOURCES = test/xcheck/xc_topo.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_topo_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_topo_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_topo_ts
# ---- more (the less common calls of one process)
check_PROGRAMS += test/xcheck/xc_more_mpich test/xcheck/xc_more_ts
test_xcheck_xc_more_mpich_SOURCES = test/xcheck/xc_more.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_more_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_more_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_more_ts_SOURCES = test/xcheck/xc_more.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_more_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_more_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_more_ts

# ---- rma (one-sided communication on one process: windows of every
# flavor, transfers in every kind of epoch, checked against values
# computed by hand)
check_PROGRAMS += test/xcheck/xc_rma_mpich test/xcheck/xc_rma_ts
test_xcheck_xc_rma_mpich_SOURCES = test/xcheck/xc_rma.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_rma_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_rma_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_rma_ts_SOURCES = test/xcheck/xc_rma.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_rma_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_rma_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_rma_ts

# ---- the same programs against Open MPI (configure found its development
# files): xc_<area>_ompi, which xcheck.sh compares with xc_<area>_ts as it
# compares xc_<area>_mpich, excusing intended-ompi.txt.  Open MPI 4.1 is an
# MPI-3.1 library: the sections of what MPI-4.0 added are left out of its
# build (xc_common.h), so xc_large (only _c constructors) has no Open MPI
# program.  The deprecated MPI-1 and MPI-2 calls are tested on purpose.
EXTRA_DIST += test/xcheck/intended-ompi.txt
if TS_HAVE_OPENMPI
check_PROGRAMS += test/xcheck/xc_markers_ompi
test_xcheck_xc_markers_ompi_SOURCES = test/xcheck/xc_markers.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_markers_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_markers_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_markers_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_predefined_ompi
test_xcheck_xc_predefined_ompi_SOURCES = test/xcheck/xc_predefined.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_predefined_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_predefined_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_predefined_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_ctor_ompi
test_xcheck_xc_ctor_ompi_SOURCES = test/xcheck/xc_ctor.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_ctor_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_ctor_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_ctor_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_subarray_ompi
test_xcheck_xc_subarray_ompi_SOURCES = test/xcheck/xc_subarray.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_subarray_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_subarray_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_subarray_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_darray_ompi
test_xcheck_xc_darray_ompi_SOURCES = test/xcheck/xc_darray.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_darray_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_darray_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_darray_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_resized_ompi
test_xcheck_xc_resized_ompi_SOURCES = test/xcheck/xc_resized.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_resized_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_resized_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_resized_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_attr_ompi
test_xcheck_xc_attr_ompi_SOURCES = test/xcheck/xc_attr.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_attr_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_attr_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_attr_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_address_ompi
test_xcheck_xc_address_ompi_SOURCES = test/xcheck/xc_address.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_address_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_address_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_address_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_errors_ompi
test_xcheck_xc_errors_ompi_SOURCES = test/xcheck/xc_errors.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_errors_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_errors_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_errors_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_pack_ompi
test_xcheck_xc_pack_ompi_SOURCES = test/xcheck/xc_pack.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_pack_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_pack_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_pack_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_p2p_ompi
test_xcheck_xc_p2p_ompi_SOURCES = test/xcheck/xc_p2p.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_p2p_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_p2p_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_p2p_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_op_ompi
test_xcheck_xc_op_ompi_SOURCES = test/xcheck/xc_op.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_op_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_op_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_op_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_coll_ompi
test_xcheck_xc_coll_ompi_SOURCES = test/xcheck/xc_coll.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_coll_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_coll_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_coll_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_env_ompi
test_xcheck_xc_env_ompi_SOURCES = test/xcheck/xc_env.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_env_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_env_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_env_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_comm_ompi
test_xcheck_xc_comm_ompi_SOURCES = test/xcheck/xc_comm.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_comm_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_comm_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_comm_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_info_ompi
test_xcheck_xc_info_ompi_SOURCES = test/xcheck/xc_info.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_info_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_info_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_info_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_commattr_ompi
test_xcheck_xc_commattr_ompi_SOURCES = test/xcheck/xc_commattr.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_commattr_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_commattr_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_commattr_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_topo_ompi
test_xcheck_xc_topo_ompi_SOURCES = test/xcheck/xc_topo.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_topo_ompi_CPPFLAGS = $(OMPI_CFLAGS)
# (Open MPI's MPI_UNWEIGHTED is the address 2: gcc warns of reading it)
test_xcheck_xc_topo_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations \
	$(TS_OMPI_TOPO_CFLAGS)
test_xcheck_xc_topo_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_more_ompi
test_xcheck_xc_more_ompi_SOURCES = test/xcheck/xc_more.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_more_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_more_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_more_ompi_LDADD = $(OMPI_LIBS)
check_PROGRAMS += test/xcheck/xc_rma_ompi
test_xcheck_xc_rma_ompi_SOURCES = test/xcheck/xc_rma.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_rma_ompi_CPPFLAGS = $(OMPI_CFLAGS)
test_xcheck_xc_rma_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_rma_ompi_LDADD = $(OMPI_LIBS)
# the same program over typeshim's runtime for Open MPI's ABI
check_PROGRAMS += test/xcheck/xc_rma_ts_ompi
test_xcheck_xc_rma_ts_ompi_SOURCES = test/xcheck/xc_rma.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_rma_ts_ompi_CPPFLAGS = $(OMPI_CFLAGS) -DOMPI_SKIP_MPICXX=1
test_xcheck_xc_rma_ts_ompi_CFLAGS = $(AM_CFLAGS) -Wno-deprecated-declarations
test_xcheck_xc_rma_ts_ompi_LDADD = libtypeshim-serial-ompi.la libtypeshim-ompi.la
endif

# ---- session (MPICH and typeshim: Open MPI 4.1 has no sessions)
check_PROGRAMS += test/xcheck/xc_session_mpich test/xcheck/xc_session_ts
test_xcheck_xc_session_mpich_SOURCES = test/xcheck/xc_session.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_session_mpich_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_session_mpich_LDADD = $(MPICH_LIBS)
test_xcheck_xc_session_ts_SOURCES = test/xcheck/xc_session.c test/xcheck/xc_common.h test/xcheck/xc_common.c
test_xcheck_xc_session_ts_CPPFLAGS = $(MPICH_CFLAGS)
test_xcheck_xc_session_ts_LDADD = libtypeshim.la libtypeshim-serial.la
TESTS += test/xcheck/xc_session_ts
