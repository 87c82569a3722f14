# SPDX-License-Identifier: BSD-3-Clause
# bindings/java: the mpiJava 1.2 binding of derived datatypes over
# libtypeshim (package mpi).  Built when configure found a JDK (TS_JAVA):
#   bindings/java/typeshim.jar          the classes, installed in $(datadir)/java,
#                                       its manifest naming the version
#   bindings/java/typeshim-VERSION.pom  its Maven POM, installed beside it
#   libtypeshim-java.so                 the JNI glue over libtypeshim-serial
#   libtypeshim-java-mpich.so           the same glue over libtypeshim ahead
#                                       of MPICH (typeshim layered); both in
#                                       $(libdir), chosen at load time
#                                       (mpi/Native.java)
#   bindings/java/api/                  javadoc, made by make, installed in
#                                       $(docdir)/java
#   bindings/java/typeshim-java         the launcher (man/man1/typeshim-java.1)
# javac -h writes the JNI headers into bindings/java/_jni (a "_" directory:
# tools/format-check.sh leaves generated files alone).  The tests
# (run-junit.sh, run-mpich.sh) skip with 77 when Java was not configured.
# Everything is distributed either way.

TSJ_JAVA_SRC = \
	bindings/java/src/mpi/Buffers.java \
	bindings/java/src/mpi/Comm.java \
	bindings/java/src/mpi/Datatype.java \
	bindings/java/src/mpi/Intracomm.java \
	bindings/java/src/mpi/Layout.java \
	bindings/java/src/mpi/MPI.java \
	bindings/java/src/mpi/MPIException.java \
	bindings/java/src/mpi/Native.java \
	bindings/java/src/mpi/ObjectCodec.java \
	bindings/java/src/mpi/Status.java
TSJ_JNI_SRC = \
	bindings/java/jni/tsj.h \
	bindings/java/jni/tsj_error.c \
	bindings/java/jni/tsj_env.c \
	bindings/java/jni/tsj_type.c \
	bindings/java/jni/tsj_bounds.c \
	bindings/java/jni/tsj_window.c \
	bindings/java/jni/tsj_pack.c \
	bindings/java/jni/tsj_objects.c \
	bindings/java/jni/tsj_p2p.c \
	bindings/java/jni/tsj_bcast.c \
	bindings/java/jni/tsj_status.c
# Tests: JUnit classes (need JUnit 4), and what runs without it: the
# two-rank program, the runner and the C helper of the differential test.
TSJ_TEST_JUNIT = \
	bindings/java/test/mpi/CommTest.java \
	bindings/java/test/mpi/DatatypeTest.java \
	bindings/java/test/mpi/DifferentialTest.java \
	bindings/java/test/mpi/ErrorTest.java \
	bindings/java/test/mpi/LbUbTest.java \
	bindings/java/test/mpi/ObjectTest.java \
	bindings/java/test/mpi/PackTest.java \
	bindings/java/test/mpi/RunAll.java \
	bindings/java/test/mpi/T.java
TSJ_TEST_MAIN = \
	bindings/java/test/mpi/CLayouts.java \
	bindings/java/test/mpi/TwoRanks.java

EXTRA_DIST += $(TSJ_JAVA_SRC) $(TSJ_TEST_JUNIT) $(TSJ_TEST_MAIN) \
	bindings/java/typeshim-java.in man/man1/typeshim-java.1 \
	bindings/java/test/run-junit.sh bindings/java/test/run-mpich.sh \
	bindings/java/test/tsj_clayouts.c test/install/OutsideJava.java \
	bindings/java/typeshim.pom.in bindings/java/test/check-jar.sh

TESTS += bindings/java/test/run-junit.sh bindings/java/test/run-mpich.sh \
	bindings/java/test/check-jar.sh
AM_TESTS_ENVIRONMENT += \
	TS_JAVA='$(TS_JAVA)'; export TS_JAVA; \
	TS_JAVA_BIN='$(JAVA)'; export TS_JAVA_BIN; \
	TS_JAVAC='$(JAVAC)'; export TS_JAVAC; \
	TS_JUNIT_CP='$(JUNIT_CP)'; export TS_JUNIT_CP; \
	TS_DATADIR='$(datadir)'; export TS_DATADIR; \
	TS_DOCDIR='$(docdir)'; export TS_DOCDIR;

TSJ_JAVACFLAGS = --release 11 -Xlint:all -encoding UTF-8

if TS_JAVA
# ---------------------------------------------------------------- classes, jar
bindings/java/classes.stamp: $(TSJ_JAVA_SRC)
	@rm -rf bindings/java/classes bindings/java/_jni
	@$(MKDIR_P) bindings/java/classes bindings/java/_jni
	$(AM_V_GEN)$(JAVAC) $(TSJ_JAVACFLAGS) -d bindings/java/classes -h bindings/java/_jni \
	    $(addprefix $(srcdir)/,$(TSJ_JAVA_SRC)) && touch $@

# The manifest names the version (java.lang.Package.getImplementationVersion)
# and the specification the binding implements; the automatic module name
# lets a modular program require it.
bindings/java/MANIFEST.MF: Makefile
	$(AM_V_GEN)$(MKDIR_P) bindings/java && { \
	    echo 'Implementation-Title: typeshim'; \
	    echo 'Implementation-Version: $(PACKAGE_VERSION)'; \
	    echo 'Implementation-Vendor: typeshim'; \
	    echo 'Specification-Title: mpiJava'; \
	    echo 'Specification-Version: 1.2'; \
	    echo 'Automatic-Module-Name: org.typeshim'; \
	} >$@.tmp && mv -f $@.tmp $@

bindings/java/typeshim.jar: bindings/java/classes.stamp bindings/java/MANIFEST.MF
	$(AM_V_GEN)rm -f $@ && $(JAR) cfm $@ bindings/java/MANIFEST.MF -C bindings/java/classes .

# The Maven POM, installed beside the jar: org.typeshim:typeshim:VERSION.
TSJ_POM = bindings/java/typeshim-$(PACKAGE_VERSION).pom
$(TSJ_POM): $(srcdir)/bindings/java/typeshim.pom.in Makefile
	$(AM_V_GEN)$(MKDIR_P) bindings/java && rm -f $@ $@.tmp && \
	sed -e 's|@VERSION[@]|$(PACKAGE_VERSION)|g' $(srcdir)/bindings/java/typeshim.pom.in >$@.tmp && \
	mv -f $@.tmp $@

bindings/java/api.stamp: $(TSJ_JAVA_SRC)
	@rm -rf bindings/java/api
	$(AM_V_GEN)$(JAVADOC) -quiet --release 11 -encoding UTF-8 -d bindings/java/api \
	    -doctitle 'typeshim $(PACKAGE_VERSION): the mpiJava 1.2 binding' \
	    -sourcepath $(srcdir)/bindings/java/src mpi >bindings/java/api.log 2>&1 || \
	    { cat bindings/java/api.log; exit 1; }
	@touch $@

tsjardir = $(datadir)/java
tsjar_DATA = bindings/java/typeshim.jar $(TSJ_POM)
noinst_DATA = bindings/java/api.stamp

# ---------------------------------------------------------------- JNI libraries
noinst_LTLIBRARIES += bindings/java/libtsj.la
bindings_java_libtsj_la_SOURCES = $(TSJ_JNI_SRC)
bindings_java_libtsj_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_builddir)/bindings/java/_jni \
	$(JNI_CPPFLAGS)
$(bindings_java_libtsj_la_OBJECTS): bindings/java/classes.stamp

lib_LTLIBRARIES += bindings/java/libtypeshim-java.la bindings/java/libtypeshim-java-mpich.la
bindings_java_libtypeshim_java_la_SOURCES =
bindings_java_libtypeshim_java_la_LIBADD = bindings/java/libtsj.la libtypeshim-serial.la \
	libtypeshim.la
bindings_java_libtypeshim_java_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version -shared
# libtypeshim ahead of MPICH: typeshim answers the datatype calls, layered
bindings_java_libtypeshim_java_mpich_la_SOURCES =
bindings_java_libtypeshim_java_mpich_la_LIBADD = bindings/java/libtsj.la libtypeshim.la \
	$(MPICH_LIBS)
bindings_java_libtypeshim_java_mpich_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version -shared

# ---------------------------------------------------------------- launcher, page
bin_SCRIPTS += bindings/java/typeshim-java
MOSTLYCLEANFILES += bindings/java/typeshim-java
man_MANS = man/man1/typeshim-java.1

bindings/java/typeshim-java: $(srcdir)/bindings/java/typeshim-java.in Makefile
	$(AM_V_GEN)$(MKDIR_P) bindings/java && rm -f $@ $@.tmp && \
	sed -e 's|@libdir[@]|$(libdir)|g' -e 's|@tsjardir[@]|$(tsjardir)|g' \
	    -e 's|@JAVA[@]|$(JAVA)|g' -e 's|@VERSION[@]|$(PACKAGE_VERSION)|g' \
	    $(srcdir)/bindings/java/typeshim-java.in >$@.tmp && \
	chmod +x $@.tmp && mv -f $@.tmp $@

# ---------------------------------------------------------------- tests
# The JNI helper of the differential test (layouts built through the C
# API), loaded by the tests only: -rpath makes libtool build a shared
# object that check libraries otherwise are not.
check_LTLIBRARIES += bindings/java/libtsjtest.la
bindings_java_libtsjtest_la_SOURCES = bindings/java/test/tsj_clayouts.c
bindings_java_libtsjtest_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_builddir)/bindings/java/_jnitest \
	$(JNI_CPPFLAGS)
bindings_java_libtsjtest_la_LIBADD = libtypeshim.la
bindings_java_libtsjtest_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
$(bindings_java_libtsjtest_la_OBJECTS): bindings/java/test-classes.stamp

check_SCRIPTS += bindings/java/test-classes.stamp
bindings/java/test-classes.stamp: bindings/java/classes.stamp $(TSJ_TEST_JUNIT) $(TSJ_TEST_MAIN)
	@rm -rf bindings/java/test-classes bindings/java/_jnitest
	@$(MKDIR_P) bindings/java/test-classes bindings/java/_jnitest
	$(AM_V_GEN)if test -n '$(JUNIT_CP)'; then \
	    src='$(addprefix $(srcdir)/,$(TSJ_TEST_JUNIT) $(TSJ_TEST_MAIN))'; \
	else \
	    src='$(addprefix $(srcdir)/,$(TSJ_TEST_MAIN))'; \
	fi; \
	$(JAVAC) $(TSJ_JAVACFLAGS) -cp bindings/java/classes$(if $(JUNIT_CP),:$(JUNIT_CP)) \
	    -d bindings/java/test-classes -h bindings/java/_jnitest $$src && touch $@
endif

# ---------------------------------------------------------------- javadoc install
# (hooks outside the conditional: man/local.mk defines them too)
tsj_docdir = $(docdir)/java
install-data-local: install-java-doc
install-java-doc:
	@if test '$(TS_JAVA)' = yes; then \
	    echo " $(MKDIR_P) '$(DESTDIR)$(tsj_docdir)'"; \
	    $(MKDIR_P) '$(DESTDIR)$(tsj_docdir)' && \
	    cp -R bindings/java/api/. '$(DESTDIR)$(tsj_docdir)/' && \
	    chmod -R u+w,go+rX '$(DESTDIR)$(tsj_docdir)'; \
	fi
uninstall-local: uninstall-java-doc
uninstall-java-doc:
	rm -rf '$(DESTDIR)$(tsj_docdir)'
.PHONY: install-java-doc uninstall-java-doc

clean-local: clean-java
clean-java:
	rm -rf bindings/java/classes bindings/java/_jni bindings/java/api bindings/java/test-classes \
	    bindings/java/_jnitest
.PHONY: clean-java
CLEANFILES += bindings/java/classes.stamp bindings/java/typeshim.jar bindings/java/api.stamp \
	bindings/java/api.log bindings/java/test-classes.stamp bindings/java/MANIFEST.MF \
	bindings/java/typeshim-*.pom
