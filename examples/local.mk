# Examples run by `make demo`: ex_seed000 standalone (libtypeshim +
# libtypeshim-serial); ex_layered is a plain MPICH program, run on two
# ranks by typeshim-run --check with the uninstalled libtypeshim.so.
TS_DEMO = examples/ex_seed000$(EXEEXT) examples/ex_layered$(EXEEXT)
EXTRA_PROGRAMS = examples/ex_seed000 examples/ex_layered
CLEANFILES = $(TS_DEMO)
examples_ex_seed000_SOURCES = examples/ex_seed000.c
examples_ex_seed000_LDADD = libtypeshim.la libtypeshim-serial.la
examples_ex_layered_SOURCES = examples/ex_layered.c
examples_ex_layered_CPPFLAGS = $(MPICH_CFLAGS)
examples_ex_layered_LDADD = $(MPICH_LIBS)
EXTRA_DIST += examples/run-demo.sh
