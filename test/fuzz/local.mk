# SPDX-License-Identifier: BSD-3-Clause
# The libFuzzer targets of test/fuzz.  Included by the top-level
# Makefile.am; paths are relative to the top.
#
# With ./configure CC=clang --enable-fuzzers the library is built with
# -fsanitize=fuzzer-no-link,address,undefined and the targets below with
# libFuzzer's main; `make fuzz-smoke` runs each for FUZZ_SECONDS seconds.
# In every build `make check` replays each target's committed inputs
# (corpus/NAME and the inputs that once crashed it, regress/NAME) through
# replay.c's main, so those run under any compiler.
FUZZ_TARGETS = types external args
FUZZ_SECONDS = 60

EXTRA_DIST += test/fuzz/fuzz_build.h test/fuzz/smoke.sh test/fuzz/corpus test/fuzz/regress

# ---------------------------------------------------------------- replay
check_PROGRAMS += test/fuzz/replay_types test/fuzz/replay_external test/fuzz/replay_args
TESTS += test/fuzz/replay_types test/fuzz/replay_external test/fuzz/replay_args
# every exported MPI function is called by fuzz_args or listed as skipped
TESTS += test/fuzz/check-args-coverage.sh
EXTRA_DIST += test/fuzz/check-args-coverage.sh

test_fuzz_replay_types_SOURCES = test/fuzz/replay.c test/fuzz/fuzz_types.c test/fuzz/fuzz_build.h
test_fuzz_replay_types_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_NAME='"types"'
test_fuzz_replay_types_LDADD = libtypeshim-serial.la libtypeshim.la

test_fuzz_replay_external_SOURCES = test/fuzz/replay.c test/fuzz/fuzz_external.c \
	test/fuzz/fuzz_build.h
test_fuzz_replay_external_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_NAME='"external"'
test_fuzz_replay_external_LDADD = libtypeshim-serial.la libtypeshim.la

test_fuzz_replay_args_SOURCES = test/fuzz/replay.c test/fuzz/fuzz_args.c test/fuzz/fuzz_args_gen.h test/fuzz/fuzz_args_calls.h test/fuzz/fuzz_args_runtime.h
test_fuzz_replay_args_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_NAME='"args"'
test_fuzz_replay_args_LDADD = libtypeshim-serial.la libtypeshim.la

# --------------------------------------------------------------- fuzzers
if TS_FUZZERS
noinst_PROGRAMS = test/fuzz/fuzz_types test/fuzz/fuzz_external test/fuzz/fuzz_args

# Linked statically (libtool's -static: the uninstalled libraries' archives)
# so that a target runs from the build tree without libtool's wrapper.
test_fuzz_fuzz_types_SOURCES = test/fuzz/fuzz_types.c test/fuzz/fuzz_build.h
test_fuzz_fuzz_types_LDFLAGS = $(AM_LDFLAGS) $(TS_FUZZ_LDFLAGS) -static
test_fuzz_fuzz_types_LDADD = libtypeshim-serial.la libtypeshim.la $(AX_PTHREAD_LIBS)

test_fuzz_fuzz_external_SOURCES = test/fuzz/fuzz_external.c test/fuzz/fuzz_build.h
test_fuzz_fuzz_external_LDFLAGS = $(AM_LDFLAGS) $(TS_FUZZ_LDFLAGS) -static
test_fuzz_fuzz_external_LDADD = libtypeshim-serial.la libtypeshim.la $(AX_PTHREAD_LIBS)

test_fuzz_fuzz_args_SOURCES = test/fuzz/fuzz_args.c test/fuzz/fuzz_args_gen.h test/fuzz/fuzz_args_calls.h test/fuzz/fuzz_args_runtime.h
test_fuzz_fuzz_args_LDFLAGS = $(AM_LDFLAGS) $(TS_FUZZ_LDFLAGS) -static
test_fuzz_fuzz_args_LDADD = libtypeshim-serial.la libtypeshim.la $(AX_PTHREAD_LIBS)

# Each target for FUZZ_SECONDS over a copy of its corpus (new inputs go to
# a temporary directory, never into the source tree); fails on a crash.
fuzz-smoke: $(noinst_PROGRAMS)
	@$(SHELL) $(srcdir)/test/fuzz/smoke.sh '$(srcdir)' '$(FUZZ_SECONDS)' $(FUZZ_TARGETS)
else
fuzz-smoke:
	@echo "fuzz-smoke: skipped: the fuzzers are not built (they need clang with libFuzzer;"; \
	echo "  configure with: ./configure CC=clang --enable-fuzzers)"
endif
.PHONY: fuzz-smoke
