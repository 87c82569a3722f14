# SPDX-License-Identifier: BSD-3-Clause
# Tests of libtypeshim-serial (black box: linked against the installed .la
# files with their export lists applied).
check_PROGRAMS += test/serial/check_serial
TESTS += test/serial/check_serial test/serial/check_exports.sh
test_serial_check_serial_SOURCES = test/serial/check_serial.c test/serial/serialtest.h
test_serial_check_serial_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_serial_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)
EXTRA_DIST += test/serial/check_exports.sh
check_PROGRAMS += test/serial/check_sendrecv
TESTS += test/serial/check_sendrecv
test_serial_check_sendrecv_SOURCES = test/serial/check_sendrecv.c test/serial/serialtest.h
test_serial_check_sendrecv_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_sendrecv_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_p2p
TESTS += test/serial/check_p2p
test_serial_check_p2p_SOURCES = test/serial/check_p2p.c test/serial/serialtest.h
test_serial_check_p2p_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_p2p_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)
check_PROGRAMS += test/serial/check_op
TESTS += test/serial/check_op
test_serial_check_op_SOURCES = test/serial/check_op.c test/serial/serialtest.h
test_serial_check_op_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_op_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_coll
TESTS += test/serial/check_coll
test_serial_check_coll_SOURCES = test/serial/check_coll.c test/serial/serialtest.h
test_serial_check_coll_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_coll_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_user_errors
TESTS += test/serial/check_user_errors
test_serial_check_user_errors_SOURCES = test/serial/check_user_errors.c test/serial/serialtest.h
test_serial_check_user_errors_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_user_errors_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_status_f
TESTS += test/serial/check_status_f
test_serial_check_status_f_SOURCES = test/serial/check_status_f.c test/serial/serialtest.h
test_serial_check_status_f_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_status_f_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_grequest
TESTS += test/serial/check_grequest
test_serial_check_grequest_SOURCES = test/serial/check_grequest.c test/serial/serialtest.h
test_serial_check_grequest_CFLAGS = $(TEST_CHECK_CFLAGS) $(AX_PTHREAD_CFLAGS)
test_serial_check_grequest_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)
check_PROGRAMS += test/serial/check_rma
TESTS += test/serial/check_rma
test_serial_check_rma_SOURCES = test/serial/check_rma.c test/serial/serialtest.h
test_serial_check_rma_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_rma_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_comm
TESTS += test/serial/check_comm
test_serial_check_comm_SOURCES = test/serial/check_comm.c test/serial/serialtest.h
test_serial_check_comm_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_comm_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_info
TESTS += test/serial/check_info
test_serial_check_info_SOURCES = test/serial/check_info.c test/serial/serialtest.h
test_serial_check_info_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_info_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)
check_PROGRAMS += test/serial/check_attr_comm
TESTS += test/serial/check_attr_comm
test_serial_check_attr_comm_SOURCES = test/serial/check_attr_comm.c test/serial/serialtest.h
test_serial_check_attr_comm_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_attr_comm_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)
check_PROGRAMS += test/serial/check_sig
TESTS += test/serial/check_sig
test_serial_check_sig_SOURCES = test/serial/check_sig.c test/serial/serialtest.h
test_serial_check_sig_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_sig_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)
check_PROGRAMS += test/serial/check_topo
TESTS += test/serial/check_topo
test_serial_check_topo_SOURCES = test/serial/check_topo.c test/serial/serialtest.h
test_serial_check_topo_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_topo_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)
check_PROGRAMS += test/serial/check_more
TESTS += test/serial/check_more
test_serial_check_more_SOURCES = test/serial/check_more.c test/serial/serialtest.h
test_serial_check_more_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_more_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_sizes
TESTS += test/serial/check_sizes
test_serial_check_sizes_SOURCES = test/serial/check_sizes.c test/serial/serialtest.h
test_serial_check_sizes_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_sizes_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_errmsg
TESTS += test/serial/check_errmsg
test_serial_check_errmsg_SOURCES = test/serial/check_errmsg.c test/serial/serialtest.h
test_serial_check_errmsg_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_errmsg_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_hold
TESTS += test/serial/check_hold
test_serial_check_hold_SOURCES = test/serial/check_hold.c test/serial/serialtest.h
test_serial_check_hold_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_hold_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)
check_PROGRAMS += test/serial/check_nomem
TESTS += test/serial/check_nomem
test_serial_check_nomem_SOURCES = test/serial/check_nomem.c test/serial/serialtest.h test/api/counting_alloc.h
test_serial_check_nomem_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_nomem_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_handles
TESTS += test/serial/check_handles
test_serial_check_handles_SOURCES = test/serial/check_handles.c test/serial/serialtest.h
test_serial_check_handles_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_handles_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
check_PROGRAMS += test/serial/check_stubs
TESTS += test/serial/check_stubs
test_serial_check_stubs_SOURCES = test/serial/check_stubs.c test/serial/serialtest.h
test_serial_check_stubs_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_stubs_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
# The leak report at MPI_Finalize (TYPESHIM_LEAKS): a program run by a script.
check_PROGRAMS += test/serial/leak_prog
TESTS += test/serial/check_leaks.sh
test_serial_leak_prog_SOURCES = test/serial/leak_prog.c
test_serial_leak_prog_LDADD = libtypeshim-serial.la libtypeshim.la
EXTRA_DIST += test/serial/check_leaks.sh

# check_ompi_abi: the runtime for Open MPI's ABI (libtypeshim-serial-ompi),
# compiled with Open MPI's mpi.h, linked with no libmpi: predefined
# objects, handle conversions, NULL as MPI_STATUS_IGNORE, the attribute
# callbacks Open MPI makes functions.
if TS_HAVE_OPENMPI
check_PROGRAMS += test/serial/check_ompi_abi
TESTS += test/serial/check_ompi_abi
test_serial_check_ompi_abi_SOURCES = test/serial/check_ompi_abi.c
test_serial_check_ompi_abi_CPPFLAGS = $(OMPI_CFLAGS)
test_serial_check_ompi_abi_LDADD = libtypeshim-serial-ompi.la libtypeshim-ompi.la
endif

check_PROGRAMS += test/serial/check_file
TESTS += test/serial/check_file
test_serial_check_file_SOURCES = test/serial/check_file.c test/serial/serialtest.h
test_serial_check_file_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_file_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@

# check_file_ompi: the same tests on Open MPI's ABI (MPI_File a pointer
# to an object there, MPI_STATUS_IGNORE NULL), no libmpi
if TS_HAVE_OPENMPI
check_PROGRAMS += test/serial/check_file_ompi
TESTS += test/serial/check_file_ompi
test_serial_check_file_ompi_SOURCES = test/serial/check_file.c test/serial/serialtest.h
test_serial_check_file_ompi_CPPFLAGS = $(OMPI_CFLAGS) -DOMPI_SKIP_MPICXX
test_serial_check_file_ompi_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_file_ompi_LDADD = libtypeshim-serial-ompi.la libtypeshim-ompi.la @CHECK_LIBS@
endif

# check_session: sessions, alone, beside the World model and after it
check_PROGRAMS += test/serial/check_session
TESTS += test/serial/check_session
test_serial_check_session_SOURCES = test/serial/check_session.c test/serial/serialtest.h
test_serial_check_session_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_session_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@

# check_dynamic: spawning refused, ports and names, connections refused
check_PROGRAMS += test/serial/check_dynamic
TESTS += test/serial/check_dynamic
test_serial_check_dynamic_SOURCES = test/serial/check_dynamic.c test/serial/serialtest.h
test_serial_check_dynamic_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_dynamic_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
