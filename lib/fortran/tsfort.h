/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsfort.h: what the Fortran binding's files share (lib/fortran).  The
 * binding is the one mpif.h and MPICH's mpi module call: a subroutine
 * mpi_<name>_ (weak, so that a profiling layer may take its name) and
 * pmpi_<name>_ per MPI function, every argument by reference, ierror
 * last, then the lengths of the CHARACTER arguments (gfortran's hidden
 * size_t ones).  MPICH's Fortran handles are its C handles (int), so
 * only MPI_File goes through MPI_File_f2c/c2f; MPI_Fint is int.
 *
 * The special addresses (MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE...)
 * are members of the COMMON blocks mpif.h declares: this library defines
 * the blocks, the program's references bind to them (or the program's
 * own copy preempts them, and the library's references bind there), and
 * the wrappers compare addresses.
 */
#ifndef TSFORT_H
#define TSFORT_H

#include <stddef.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"

#define TSFORT_API __attribute__((visibility("default")))

/* mpi_<name>_ as a weak alias of pmpi_<name>_ (MPI-4.1 section 15.2). */
#define TSFORT_ALIAS(name, target)                                                                 \
    TSFORT_API extern __typeof(target) name __attribute__((weak, alias(#target)));

/* The COMMON blocks of MPICH's mpif.h, in its order. */
struct tsfort_priv1 { /* /MPIPRIV1/ */
    MPI_Fint bottom, in_place, status_ignore[MPI_F_STATUS_SIZE];
};
struct tsfort_priv2 { /* /MPIPRIV2/ */
    MPI_Fint statuses_ignore[MPI_F_STATUS_SIZE], errcodes_ignore[1];
};
struct tsfort_privc { /* /MPIPRIVC/ */
    char argvs_null[1], argv_null[1];
};
TSFORT_API extern struct tsfort_priv1 mpipriv1_;
TSFORT_API extern struct tsfort_priv2 mpipriv2_;
TSFORT_API extern struct tsfort_privc mpiprivc_;
TSFORT_API extern MPI_Fint mpifcmb5_; /* /MPIFCMB5/ MPI_UNWEIGHTED */
TSFORT_API extern MPI_Fint mpifcmb9_; /* /MPIFCMB9/ MPI_WEIGHTS_EMPTY */

/* A choice buffer: MPI_BOTTOM and MPI_IN_PLACE are the blocks' members. */
static inline void *tsfort_buf(const void *p)
{
    if (p == &mpipriv1_.bottom)
        return MPI_BOTTOM;
    if (p == &mpipriv1_.in_place)
        return MPI_IN_PLACE;
    return (void *)p;
}
#define TSFORT_BUF(p) tsfort_buf(p)

/* A status is MPI_F_STATUS_SIZE integers laid out as the C MPI_Status
 * (MPICH's ABI): the Fortran array is the C status. */
static inline MPI_Status *tsfort_status(MPI_Fint *p)
{
    return p == mpipriv1_.status_ignore ? MPI_STATUS_IGNORE : (MPI_Status *)p;
}
static inline MPI_Status *tsfort_statuses(MPI_Fint *p)
{
    return p == mpipriv2_.statuses_ignore ? MPI_STATUSES_IGNORE : (MPI_Status *)p;
}
#define TSFORT_STATUS(p)   tsfort_status(p)
#define TSFORT_STATUSES(p) tsfort_statuses(p)

/* The weights of a distributed graph: MPI_UNWEIGHTED, MPI_WEIGHTS_EMPTY. */
static inline int *tsfort_weights(const int *p)
{
    if (p == &mpifcmb5_)
        return MPI_UNWEIGHTED;
    if (p == &mpifcmb9_)
        return MPI_WEIGHTS_EMPTY;
    return (int *)p;
}
#define TSFORT_WEIGHTS(p) tsfort_weights(p)

/* CHARACTER arguments (tsfort_special.c).  In: a copy without the
 * leading and trailing blanks, NUL-terminated (NULL without memory), as
 * MPI-4.1 section 10.4.4 has info keys and values.  Out: a zeroed
 * buffer the C call may fill (as long as the Fortran one, and never
 * shorter than MPI's longest string), then copied back blank-padded. */
char *tsfort_str_in(const char *s, size_t len);
char *tsfort_str_buf(size_t len);
void tsfort_str_out(char *dst, size_t len, const char *src);
void tsfort_free(void *p);
/* MPI_ERR_NO_MEM, raised on MPI_COMM_WORLD's handler while the World
 * model is initialized (with sessions only, returned). */
int tsfort_no_mem(void);

#endif /* TSFORT_H */
