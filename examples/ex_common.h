/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the examples share.  Each example is one ordinary MPI program,
 * built twice by examples/local.mk:
 *   ex_<name>_ts     linked with libtypeshim-serial and libtypeshim: one
 *                    process, the messages go to itself (MPI_Sendrecv);
 *   ex_<name>_mpich  linked with MPICH only, run on two ranks by
 *                    typeshim-run, which preloads libtypeshim;
 *   ex_<name>_ompi   the same against Open MPI (libtypeshim-ompi), when
 *                    configure found it.
 * typeshim's own extensions (the mode, the dump) are found with dlsym, so
 * the MPICH build links no typeshim library and also runs on MPICH alone.
 * Every example checks what it prints and exits 1 when a value is wrong.
 */
#ifndef EX_COMMON_H
#define EX_COMMON_H

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>

#include <mpi.h>

/* Wrong values seen by EX_CHECK; the exit status of main. */
static int ex_wrong;

#define EX_CHECK(cond, ...)                                                                        \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("WRONG (%s:%d): ", __FILE__, __LINE__);                                         \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            ex_wrong = 1;                                                                          \
        }                                                                                          \
    } while (0)

/* A typeshim function by name, NULL when typeshim is not loaded. */
static inline void *ex_typeshim(const char *name)
{
    return dlsym(RTLD_DEFAULT, name);
}

/* typeshim_mode(): 0 standalone, 1 layered, 2 disabled; -1 when typeshim
 * is not loaded. */
static inline int ex_mode_id(void)
{
    int (*mode)(void) = (int (*)(void))ex_typeshim("typeshim_mode");

    return mode ? mode() : -1;
}

/* The MPI whose mpi.h the example was compiled with. */
#ifdef OPEN_MPI
#define EX_MPI    "Open MPI"
#define EX_SERIAL "libtypeshim-serial-ompi, Open MPI's ABI"
#else
#define EX_MPI    "MPICH"
#define EX_SERIAL "libtypeshim-serial"
#endif

/* Who answers the datatype calls of this process. */
static inline const char *ex_mode(void)
{
    switch (ex_mode_id()) {
    case -1:
        return EX_MPI " alone (typeshim not loaded)";
    case 0:
        return "typeshim standalone (" EX_SERIAL ", messages to itself)";
    case 1:
        return "typeshim layered over " EX_MPI " (" EX_MPI " moves the messages)";
    default:
        return EX_MPI " (typeshim loaded but disabled)";
    }
}

/* 1 when typeshim answers the datatype calls (standalone or layered). */
static inline int ex_typeshim_answers(void)
{
    int id = ex_mode_id();

    return id == 0 || id == 1;
}

/* The title block, printed by one rank: what the example shows and who
 * answers. */
static inline void ex_banner(int rank, int size, const char *title, const char *what)
{
    if (rank != size - 1)
        return;
    printf("--- %s\n    %s\n    %d process%s; datatypes answered by %s\n", title, what, size,
           size == 1 ? "" : "es", ex_mode());
}

/* typeshim_type_dump(t, stdout) when typeshim is loaded. */
static inline void ex_dump(MPI_Datatype t)
{
    int (*dump)(MPI_Datatype, FILE *) =
        (int (*)(MPI_Datatype, FILE *))ex_typeshim("typeshim_type_dump");

    if (dump)
        dump(t, stdout);
    else
        printf("(no dump: typeshim is not loaded)\n");
}

/* The partners of a one-way transfer from rank 0 to the last rank: with
 * one process, rank 0 sends to itself. */
static inline void ex_first_to_last(int rank, int size, int *to, int *from)
{
    *to = rank == 0 ? size - 1 : MPI_PROC_NULL;
    *from = rank == size - 1 ? 0 : MPI_PROC_NULL;
}

#endif /* EX_COMMON_H */
