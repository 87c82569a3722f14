/* SPDX-License-Identifier: BSD-3-Clause */
/* Open MPI's ABI only (libtypeshim-serial-ompi): the conversions between C
 * handles and Fortran integers (MPI-4.1 section 19.3.4), which Open MPI's
 * mpi.h declares as functions (MPICH's makes them macros of the integer
 * handle).  A predefined handle converts to the value Open MPI's mpif.h
 * gives it (MPI_COMM_WORLD 0, MPI_INT 39...), so that Fortran and C built
 * against Open MPI agree; a handle typeshim made converts to its word,
 * which has bit 31 set and so never equals a predefined value.  An integer
 * that is neither converts to the kind's null handle. */
#include "typeshim_config.h"

#include <stdint.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "object/tso_abi.h"
#include "typeshim.h"
#include "tss.h"

/* The handle kinds, told apart by the C type of the predefined name. */
enum fkind {
    FK_COMM,
    FK_TYPE,
    FK_GROUP,
    FK_REQUEST,
    FK_MESSAGE,
    FK_OP,
    FK_ERRH,
    FK_INFO,
    FK_WIN,
    FK_FILE,
    FK_NONE
};

#define FKIND(h)                                                                                   \
    _Generic((h), MPI_Comm                                                                         \
             : FK_COMM, MPI_Datatype                                                               \
             : FK_TYPE, MPI_Group                                                                  \
             : FK_GROUP, MPI_Request                                                               \
             : FK_REQUEST, MPI_Message                                                             \
             : FK_MESSAGE, MPI_Op                                                                  \
             : FK_OP, MPI_Errhandler                                                               \
             : FK_ERRH, MPI_Info                                                                   \
             : FK_INFO, MPI_Win                                                                    \
             : FK_WIN, MPI_File                                                                    \
             : FK_FILE, default                                                                    \
             : FK_NONE)

static const struct fhandle {
    const void *c;
    MPI_Fint f;
    enum fkind kind;
} fhandles[] = {
#define TSA_FHANDLE(name, value) {(const void *)(name), value, FKIND(name)},
#include "abi/ompi/tsa_fhandles.h"
#undef TSA_FHANDLE
};

/* The object kind whose handles typeshim issues for each handle kind. */
static const enum tso_kind issued[FK_NONE] = {
    [FK_COMM] = TSO_COMM,       [FK_TYPE] = TSO_DATATYPE,   [FK_GROUP] = TSO_GROUP,
    [FK_REQUEST] = TSO_REQUEST, [FK_MESSAGE] = TSO_MESSAGE, [FK_OP] = TSO_OP,
    [FK_ERRH] = TSO_ERRHANDLER, [FK_INFO] = TSO_INFO,       [FK_WIN] = TSO_WIN,
    [FK_FILE] = TSO_FILE};

/* A predefined name of Open MPI 4.1 that this build lacks in C (a type
 * the header gives no handle) has no row: its address would be 0. */
static MPI_Fint c2f(const void *h)
{
    uint32_t w;

    for (size_t i = 0; i < sizeof fhandles / sizeof fhandles[0]; i++)
        if (fhandles[i].c == h && h)
            return fhandles[i].f;
    w = TSO_WORD(h);
    /* not a handle at all: -1 converts back to the null handle */
    return w ? (MPI_Fint)w : -1;
}

static const void *f2c(enum fkind kind, MPI_Fint f, const void *null)
{
    uint32_t w = (uint32_t)f;

    for (size_t i = 0; i < sizeof fhandles / sizeof fhandles[0]; i++)
        if (fhandles[i].kind == kind && fhandles[i].f == f && fhandles[i].c)
            return fhandles[i].c;
    if (issued[kind] != TSO_NKINDS && tso_abi_is(issued[kind], w))
        return (const void *)tso_abi_bits(w);
    return null;
}

#define CONVERT(Kind, handle_type, fk, null_handle)                                                \
    MPI_Fint PMPI_##Kind##_c2f(handle_type h)                                                      \
    {                                                                                              \
        return c2f((const void *)h);                                                               \
    }                                                                                              \
    handle_type PMPI_##Kind##_f2c(MPI_Fint f)                                                      \
    {                                                                                              \
        return (handle_type)f2c(fk, f, (const void *)(null_handle));                               \
    }                                                                                              \
    TSS_WEAK_ALIAS(MPI_##Kind##_c2f, PMPI_##Kind##_c2f)                                            \
    TSS_WEAK_ALIAS(MPI_##Kind##_f2c, PMPI_##Kind##_f2c)

CONVERT(Comm, MPI_Comm, FK_COMM, MPI_COMM_NULL)
CONVERT(Type, MPI_Datatype, FK_TYPE, MPI_DATATYPE_NULL)
CONVERT(Group, MPI_Group, FK_GROUP, MPI_GROUP_NULL)
CONVERT(Request, MPI_Request, FK_REQUEST, MPI_REQUEST_NULL)
CONVERT(Message, MPI_Message, FK_MESSAGE, MPI_MESSAGE_NULL)
CONVERT(Op, MPI_Op, FK_OP, MPI_OP_NULL)
CONVERT(Errhandler, MPI_Errhandler, FK_ERRH, MPI_ERRHANDLER_NULL)
CONVERT(Info, MPI_Info, FK_INFO, MPI_INFO_NULL)
CONVERT(Win, MPI_Win, FK_WIN, MPI_WIN_NULL)
CONVERT(File, MPI_File, FK_FILE, MPI_FILE_NULL)
