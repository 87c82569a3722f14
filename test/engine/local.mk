# SPDX-License-Identifier: BSD-3-Clause
# Engine unit tests, white box: they call tsd_* directly and link the noinst
# convenience library with every symbol visible.  One
# binary per area.  Included by the top-level Makefile.am; paths are
# relative to the top.
#
# The engine_bugs suites keep regression tests of the engine bugs these
# tests found (B1-B3, fixed).

TEST_ENGINE_BINS = \
	test/engine/check_engine \
	test/engine/check_engine_struct \
	test/engine/check_engine_layout \
	test/engine/check_engine_errors \
	test/engine/check_engine_runs \
	test/engine/check_engine_sigmatch
check_PROGRAMS += $(TEST_ENGINE_BINS)
TESTS += $(TEST_ENGINE_BINS)

TEST_ENGINE_SOURCES = test/engine/et.c test/engine/et.h
TEST_ENGINE_LDADD = libtypeshim-internal.la @CHECK_LIBS@

test_engine_check_engine_SOURCES = test/engine/check_engine.c $(TEST_ENGINE_SOURCES)
test_engine_check_engine_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_ENGINE_CFLAGS)
test_engine_check_engine_LDADD = $(TEST_ENGINE_LDADD)

test_engine_check_engine_struct_SOURCES = test/engine/check_engine_struct.c $(TEST_ENGINE_SOURCES)
test_engine_check_engine_struct_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_ENGINE_CFLAGS)
test_engine_check_engine_struct_LDADD = $(TEST_ENGINE_LDADD)

test_engine_check_engine_layout_SOURCES = test/engine/check_engine_layout.c $(TEST_ENGINE_SOURCES)
test_engine_check_engine_layout_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_ENGINE_CFLAGS)
test_engine_check_engine_layout_LDADD = $(TEST_ENGINE_LDADD)

test_engine_check_engine_errors_SOURCES = test/engine/check_engine_errors.c $(TEST_ENGINE_SOURCES)
test_engine_check_engine_errors_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_ENGINE_CFLAGS)
test_engine_check_engine_errors_LDADD = $(TEST_ENGINE_LDADD)

test_engine_check_engine_runs_SOURCES = test/engine/check_engine_runs.c $(TEST_ENGINE_SOURCES)
test_engine_check_engine_runs_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_ENGINE_CFLAGS)
test_engine_check_engine_runs_LDADD = $(TEST_ENGINE_LDADD)

test_engine_check_engine_sigmatch_SOURCES = test/engine/check_engine_sigmatch.c $(TEST_ENGINE_SOURCES)
test_engine_check_engine_sigmatch_CFLAGS = $(TEST_CHECK_CFLAGS) $(TEST_ENGINE_CFLAGS)
test_engine_check_engine_sigmatch_LDADD = $(TEST_ENGINE_LDADD)
