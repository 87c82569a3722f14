# SPDX-License-Identifier: BSD-3-Clause
# make installcheck: test/cmake/installcheck.sh builds the README's CMake
# example (CMakeLists.txt, app.c) against the installed package, and app.c
# with FindMPI over the installed typeshim-cc and with the installed .pc
# files (DESTDIR honoured).  Without cmake it says so and passes.
EXTRA_DIST += test/cmake/installcheck.sh test/cmake/CMakeLists.txt test/cmake/app.c \
	test/cmake/findmpi/CMakeLists.txt test/cmake/version/CMakeLists.txt

installcheck-local: installcheck-cmake
installcheck-cmake:
	@DESTDIR='$(DESTDIR)' TS_PREFIX='$(prefix)' TS_BINDIR='$(bindir)' TS_LIBDIR='$(libdir)' \
	TS_INCLUDEDIR='$(includedir)' \
	TS_CC='$(CC)' TS_README='$(srcdir)/README.md' PKG_CONFIG='$(PKG_CONFIG)' \
	    $(SHELL) $(srcdir)/test/cmake/installcheck.sh $(srcdir)/test/cmake; \
	rc=$$?; \
	if test $$rc -eq 77; then echo "installcheck: skipped (see above)"; \
	elif test $$rc -ne 0; then exit $$rc; fi
.PHONY: installcheck-cmake
