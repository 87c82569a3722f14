/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Statuses between C and Fortran (MPI-4.1 section 19.3.5): MPI_Status_c2f
 * and MPI_Status_f2c, functions in both ABIs, and Fortran's
 * MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE as C sees them
 * (MPI_F_STATUS_IGNORE, MPI_F_STATUSES_IGNORE).
 *
 * A Fortran status is the C status read as integers: MPI_STATUS_SIZE is
 * sizeof(MPI_Status) / sizeof(MPI_Fint) in both ABIs (MPICH's 5, the
 * count's halves and the cancelled bit included; Open MPI's 6), so a
 * status converts both ways unchanged, count and cancelled flag too.
 *
 * The sentinels are no status: given one, a call fails with the class
 * the ABI's library gives (MPICH: MPI_ERR_OTHER; Open MPI:
 * MPI_ERR_ARG); a NULL status, where both libraries crash, is
 * MPI_ERR_ARG.
 */
#include "typeshim_config.h"

#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

_Static_assert(sizeof(MPI_Status) % sizeof(MPI_Fint) == 0,
               "a Fortran status is the C status as integers");

#if TS_ABI_OMPI
#define SENTINEL_CLASS MPI_ERR_ARG
#else
#define SENTINEL_CLASS MPI_ERR_OTHER
#endif

/* Sentinels, distinct from any status array. */
static MPI_Fint f_ignore[2];
MPI_Fint *MPI_F_STATUS_IGNORE = &f_ignore[0];
MPI_Fint *MPI_F_STATUSES_IGNORE = &f_ignore[1];

/* Why a status argument (arg of fn, C when c) is none, or NULL. */
static const char *no_status(const void *p, int c)
{
    if (!p)
        return "NULL";
    if (c && (p == (const void *)MPI_STATUS_IGNORE || p == (const void *)MPI_STATUSES_IGNORE))
        return "MPI_STATUS_IGNORE";
    if (!c && (p == (const void *)MPI_F_STATUS_IGNORE || p == (const void *)MPI_F_STATUSES_IGNORE))
        return "MPI_F_STATUS_IGNORE";
    return NULL;
}

/* The common body: from (a C status when from_c) into to. */
static int convert(const char *fn, const char *from_arg, const void *from, const char *to_arg,
                   void *to, int from_c)
{
    const char *why = no_status(from, from_c), *arg = from_arg;

    /* no state is read: any time, as the handle conversions */
    if (!why) {
        why = no_status(to, !from_c);
        arg = to_arg;
    }
    if (why)
        return tss_raise(MPI_COMM_WORLD, why[0] == 'N' ? MPI_ERR_ARG : SENTINEL_CLASS,
                         "%s(%s=%s): Invalid argument: no status to %s", fn, arg, why,
                         arg == from_arg ? "read" : "write");
    memcpy(to, from, sizeof(MPI_Status));
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Status_c2f, PMPI_Status_c2f)
int PMPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status)
{
    return convert("MPI_Status_c2f", "c_status", c_status, "f_status", f_status, 1);
}

TSS_WEAK_ALIAS(MPI_Status_f2c, PMPI_Status_f2c)
int PMPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status)
{
    return convert("MPI_Status_f2c", "f_status", f_status, "c_status", c_status, 0);
}
