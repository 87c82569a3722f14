# Examples run by `make demo` (standalone: libtypeshim + libtypeshim-serial).
TS_DEMO = examples/ex_seed000$(EXEEXT)
EXTRA_PROGRAMS = examples/ex_seed000
CLEANFILES = $(TS_DEMO)
examples_ex_seed000_SOURCES = examples/ex_seed000.c
examples_ex_seed000_LDADD = libtypeshim.la libtypeshim-serial.la
EXTRA_DIST += examples/run-demo.sh
