# SPDX-License-Identifier: BSD-3-Clause
# Façade tests, black box: they link only the installed libraries (with the
# export lists applied), the MPI API and include/typeshim.h.
# Included by the top-level Makefile.am; paths are relative to the top.

check_PROGRAMS += test/api/check_examples test/api/check_errors test/api/check_refcount \
	test/api/check_attr test/api/check_match
TESTS += test/api/check_examples test/api/check_errors test/api/check_refcount test/api/check_attr \
	test/api/check_match

test_api_check_examples_SOURCES = test/api/check_examples.c test/api/apitest.h
test_api_check_examples_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_examples_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@

test_api_check_errors_SOURCES = test/api/check_errors.c test/api/apitest.h
test_api_check_errors_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_errors_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@

test_api_check_refcount_SOURCES = test/api/check_refcount.c test/api/apitest.h
test_api_check_refcount_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_refcount_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@

# typeshim_type_match.
test_api_check_match_SOURCES = test/api/check_match.c test/api/apitest.h
test_api_check_match_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_match_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@

# Attribute callbacks that change the list they run from; threads.
test_api_check_attr_SOURCES = test/api/check_attr.c test/api/apitest.h
test_api_check_attr_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_attr_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)

# MPI-4.1's value-index types and status accessors; threads.
check_PROGRAMS += test/api/check_mpi41
TESTS += test/api/check_mpi41
test_api_check_mpi41_SOURCES = test/api/check_mpi41.c test/api/apitest.h
test_api_check_mpi41_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_mpi41_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)

# Eight threads under MPI_THREAD_MULTIPLE: private types of every
# constructor, and names, attributes, dup, commit, pack and decoding of
# shared ones.
check_PROGRAMS += test/api/check_threads
TESTS += test/api/check_threads
test_api_check_threads_SOURCES = test/api/check_threads.c test/api/apitest.h
test_api_check_threads_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_threads_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@ $(AX_PTHREAD_LIBS)

# The export list of each shared library; exits 77 without nm.
TESTS += test/check-exports.sh
EXTRA_DIST += test/check-exports.sh

# Pack engine: MPI_Pack/Unpack round trips over generated types, segments,
# typed copy, bad input, MPI_BOTTOM; external32 images and element counts.
check_PROGRAMS += test/api/check_pack test/api/check_external test/api/check_nesting
TESTS += test/api/check_pack test/api/check_external test/api/check_nesting

test_api_check_pack_SOURCES = test/api/check_pack.c test/api/apitest.h
test_api_check_pack_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_API_CFLAGS)
test_api_check_pack_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@

test_api_check_external_SOURCES = test/api/check_external.c test/api/apitest.h
test_api_check_external_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_API_CFLAGS)
test_api_check_external_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@

test_api_check_nesting_SOURCES = test/api/check_nesting.c test/api/apitest.h
test_api_check_nesting_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_API_CFLAGS)
test_api_check_nesting_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@

# Every allocation of every datatype call failed in turn: the error, the
# outputs, live handles and live blocks (a counting allocator).
check_PROGRAMS += test/api/check_alloc
TESTS += test/api/check_alloc
test_api_check_alloc_SOURCES = test/api/check_alloc.c test/api/apitest.h test/api/counting_alloc.h
test_api_check_alloc_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_alloc_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@

# Sizes, extents and bounds past 2^31, 2^32 and up to 2^63 - 1: exact
# queries, MPI_UNDEFINED in the int forms, overflow refused at
# construction, pack sizes and status counts.  test/layered/lt_huge.sh
# runs the same source layered over MPICH.
check_PROGRAMS += test/api/check_huge
TESTS += test/api/check_huge
test_api_check_huge_SOURCES = test/api/check_huge.c test/api/apitest.h
test_api_check_huge_CFLAGS = $(TEST_CHECK_CFLAGS)
test_api_check_huge_LDADD = libtypeshim.la libtypeshim-serial.la @CHECK_LIBS@
