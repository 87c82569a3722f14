/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The hints of communicators (MPI-4.1 section 7.4.4): MPI_Comm_set_info,
 * MPI_Comm_get_info, and what MPI_Comm_dup and MPI_Comm_dup_with_info
 * give the new communicator.  Kept as info objects of tss_info.c, under
 * its lock; separate because only here is an info object a
 * communicator's.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_info_priv.h"

/* ------------------------------------------------ communicator hints
 *
 * A communicator keeps every hint the program gave it (none is ignored:
 * they cost nothing to keep, and MPI_Comm_get_info reports them), but for
 * the boolean assertions of MPI-4.1 section 7.4.4, which take "true" or
 * "false" only (another value is ignored, as MPICH does) and are reported
 * always, "false" by default, in MPICH's order.  None changes what this
 * runtime does: every promise is harmless to a single process. */

static const char *const assertions[] = {"mpi_assert_no_any_tag", "mpi_assert_no_any_source",
                                         "mpi_assert_exact_length", "mpi_assert_allow_overtaking"};

static int acceptable(const char *key, const char *val)
{
    for (size_t i = 0; i < sizeof assertions / sizeof *assertions; i++)
        if (strcmp(key, assertions[i]) == 0)
            return strcmp(val, "true") == 0 || strcmp(val, "false") == 0;
    return 1;
}

void tss_hints_drop(tss_info **hints)
{
    pthread_mutex_lock(&tss_info_mutex);
    tss_info_obj_free(*hints);
    *hints = NULL;
    pthread_mutex_unlock(&tss_info_mutex);
}

int tss_hints_inherit(MPI_Comm comm, MPI_Comm newcomm)
{
    tss_info **from = tss_comm_hints(comm), **to = tss_comm_hints(newcomm);
    int rc = MPI_SUCCESS;

    if (!from || !to)
        return MPI_SUCCESS;
    pthread_mutex_lock(&tss_info_mutex);
    if (*from && !(*to = tss_info_obj_dup(*from)))
        rc = MPI_ERR_NO_MEM;
    pthread_mutex_unlock(&tss_info_mutex);
    return rc;
}

int tss_hints_set(MPI_Comm comm, MPI_Info info)
{
    tss_info **hints = tss_comm_hints(comm), *src, *merged = NULL;
    int rc = MPI_SUCCESS;

    if (!hints || info == MPI_INFO_NULL)
        return MPI_SUCCESS;
    pthread_mutex_lock(&tss_info_mutex);
    /* built aside and swapped in: no half-applied hints without memory */
    if ((src = tss_info_lookup(info, NULL)) && (merged = tss_info_obj_dup(*hints))) {
        for (int i = 0; merged && i < src->n; i++)
            if (acceptable(src->e[i].key, src->e[i].val) &&
                tss_info_obj_set(merged, src->e[i].key, src->e[i].val) != 0) {
                tss_info_obj_free(merged);
                merged = NULL;
            }
    }
    if (merged) {
        tss_info_obj_free(*hints);
        *hints = merged;
    } else if (src)
        rc = MPI_ERR_NO_MEM;
    pthread_mutex_unlock(&tss_info_mutex);
    return rc;
}

/* The hints of one communicator that MPI_Comm_get_info reports: the
 * assertions, then the others in the order they were first set. */
static tss_info *hints_used(const tss_info *hints)
{
    tss_info *o = tss_calloc(1, sizeof *o);

    for (size_t i = 0; o && i < sizeof assertions / sizeof *assertions; i++)
        if (tss_info_obj_set(o, assertions[i], "false") != 0) {
            tss_info_obj_free(o);
            o = NULL;
        }
    for (int i = 0; o && hints && i < hints->n; i++)
        if (tss_info_obj_set(o, hints->e[i].key, hints->e[i].val) != 0) {
            tss_info_obj_free(o);
            o = NULL;
        }
    return o;
}

/* Hints other than the assertions are kept, and join those set before
 * (MPI-4.1 section 7.4.4: a hint info leaves out keeps its value). */
TSS_WEAK_ALIAS(MPI_Comm_set_info, PMPI_Comm_set_info)
int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info)
{
    const char *fn = "MPI_Comm_set_info";
    int rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (info == MPI_INFO_NULL) /* as MPICH: an object is needed */
        return tss_raise(comm, MPI_ERR_ARG,
                         "%s(info=MPI_INFO_NULL): Invalid argument (an info object is needed)", fn);
    if ((rc = tss_info_check(fn, comm, info)) != MPI_SUCCESS)
        return rc;
    if (tss_hints_set(comm, info) != MPI_SUCCESS)
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for the hints", fn);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_get_info, PMPI_Comm_get_info)
int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used)
{
    const char *fn = "MPI_Comm_get_info";
    tss_info **hints, *o;
    MPI_Info h = MPI_INFO_NULL;
    int rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!info_used)
        return tss_raise(comm, MPI_ERR_ARG, "%s(info_used=NULL): Invalid argument", fn);
    hints = tss_comm_hints(comm);
    pthread_mutex_lock(&tss_info_mutex);
    if ((o = hints_used(hints ? *hints : NULL)))
        h = tss_info_handle_new(o);
    pthread_mutex_unlock(&tss_info_mutex);
    if (h == MPI_INFO_NULL)
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for an info object", fn);
    *info_used = h;
    return MPI_SUCCESS;
}
