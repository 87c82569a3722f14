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
check_PROGRAMS += test/serial/check_comm
TESTS += test/serial/check_comm
test_serial_check_comm_SOURCES = test/serial/check_comm.c test/serial/serialtest.h
test_serial_check_comm_CFLAGS = $(TEST_CHECK_CFLAGS)
test_serial_check_comm_LDADD = libtypeshim-serial.la libtypeshim.la @CHECK_LIBS@
