# SPDX-License-Identifier: BSD-3-Clause
# libtypeshim-serial: the single-process runtime for standalone programs.
# tss_init.c references tss_errhandler.c, whose constructor attaches the
# runtime's error raising to libtypeshim (typeshim_runtime_attach): a
# static link that pulls MPI_Init in pulls that object in too.
libtypeshim_serial_la_SOURCES = \
	lib/serial/tss.h \
	lib/serial/tss_handle.h \
	lib/serial/tss_comm.h \
	lib/serial/tss_p2p.h \
	lib/serial/tss_coll.h \
	lib/serial/tss_init.c \
	lib/serial/tss_errhandler.c \
	lib/serial/tss_error_string.c \
	lib/serial/tss_error_user.c \
	lib/serial/tss_status_f.c \
	lib/serial/tss_queue.c \
	lib/serial/tss_req_priv.h \
	lib/serial/tss_request.c \
	lib/serial/tss_request_completion.c \
	lib/serial/tss_grequest.c \
	lib/serial/tss_p2p.c \
	lib/serial/tss_datatype.c \
	lib/serial/tss_probe.c \
	lib/serial/tss_bsend.c \
	lib/serial/tss_op_priv.h \
	lib/serial/tss_op.c \
	lib/serial/tss_op_kernels.c \
	lib/serial/tss_coll.c \
	lib/serial/tss_env.c \
	lib/serial/tss_comm_priv.h \
	lib/serial/tss_comm.c \
	lib/serial/tss_comm_create.c \
	lib/serial/tss_group.c \
	lib/serial/tss_info_priv.h \
	lib/serial/tss_info.c \
	lib/serial/tss_info_env.c \
	lib/serial/tss_info_hints.c \
	lib/serial/tss_attr.c \
	lib/serial/tss_topo_priv.h \
	lib/serial/tss_topo.c \
	lib/serial/tss_topo_cart.c \
	lib/serial/tss_topo_dims.c \
	lib/serial/tss_topo_graph.c \
	lib/serial/tss_topo_dist_graph.c \
	lib/serial/tss_neighbor.c \
	lib/serial/tss_win.h \
	lib/serial/tss_win_priv.h \
	lib/serial/tss_win.c \
	lib/serial/tss_win_memory.c \
	lib/serial/tss_win_attr.c \
	lib/serial/tss_win_errhandler.c \
	lib/serial/tss_win_sync.c \
	lib/serial/tss_rma.c \
	lib/serial/tss_file.h \
	lib/serial/tss_file_priv.h \
	lib/serial/tss_file.c \
	lib/serial/tss_file_manage.c \
	lib/serial/tss_file_view.c \
	lib/serial/tss_file_io.c \
	lib/serial/tss_file_access.c \
	lib/serial/tss_file_errhandler.c \
	lib/serial/tss_session.c \
	lib/serial/tss_session_pset.c \
	lib/serial/tss_dynamic.c \
	lib/serial/tss_alloc.c \
	lib/serial/tss_leaks.c
libtypeshim_serial_la_LIBADD = libtypeshim.la libtypeshim-object.la
libtypeshim_serial_la_LDFLAGS = $(AM_LDFLAGS) -version-info $(TS_LT_VERSION) \
	-export-symbols $(srcdir)/lib/typeshim-serial.sym
EXTRA_libtypeshim_serial_la_DEPENDENCIES = $(srcdir)/lib/typeshim-serial.sym

# libtypeshim-serial-ompi: the same runtime for programs compiled with
# Open MPI's mpi.h, over libtypeshim-ompi; it also defines the predefined
# objects and callbacks that header names (a program links no libmpi) and
# the handle conversions Open MPI makes functions.
if TS_HAVE_OPENMPI
lib_LTLIBRARIES += libtypeshim-serial-ompi.la
libtypeshim_serial_ompi_la_SOURCES = $(libtypeshim_serial_la_SOURCES) \
	lib/serial/tss_ompi_objects.c \
	lib/serial/tss_ompi_f2c.c \
	lib/abi/ompi/tsa_fhandles.h
libtypeshim_serial_ompi_la_CPPFLAGS = $(ts_ompi_cppflags)
libtypeshim_serial_ompi_la_LIBADD = libtypeshim-ompi.la libtypeshim-ompi-object.la
libtypeshim_serial_ompi_la_LDFLAGS = $(AM_LDFLAGS) -version-info $(TS_LT_VERSION) \
	-export-symbols $(srcdir)/lib/typeshim-serial-ompi.sym
EXTRA_libtypeshim_serial_ompi_la_DEPENDENCIES = $(srcdir)/lib/typeshim-serial-ompi.sym
endif
