/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The hints of communicators (MPI-4.1 section 7.4.4): MPI_Comm_set_info,
 * MPI_Comm_get_info, and what MPI_Comm_dup and MPI_Comm_dup_with_info
 * give the new communicator; and those of windows (MPI-4.1 section
 * 12.2.7): what the creation calls give, MPI_Win_set_info and
 * MPI_Win_get_info.  Kept as info objects of tss_info.c, under its lock;
 * separate because only here is an info object another object's.
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
#include "tss_win_priv.h"

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

/* The hints of info that keep accepts join *hints (built aside and
 * swapped in: no half-applied hints without memory).  MPI_SUCCESS,
 * MPI_ERR_INFO when info names no info object, MPI_ERR_NO_MEM. */
static int merge(tss_info **hints, MPI_Info info, int (*keep)(const char *, const char *))
{
    tss_info *src, *merged = NULL;
    int rc = MPI_SUCCESS;

    pthread_mutex_lock(&tss_info_mutex);
    if ((src = tss_info_lookup(info, NULL)) && (merged = tss_info_obj_dup(*hints))) {
        for (int i = 0; merged && i < src->n; i++)
            if (keep(src->e[i].key, src->e[i].val) &&
                tss_info_obj_set(merged, src->e[i].key, src->e[i].val) != 0) {
                tss_info_obj_free(merged);
                merged = NULL;
            }
    }
    if (merged) {
        tss_info_obj_free(*hints);
        *hints = merged;
    } else
        rc = src ? MPI_ERR_NO_MEM : MPI_ERR_INFO;
    pthread_mutex_unlock(&tss_info_mutex);
    return rc;
}

int tss_hints_set(MPI_Comm comm, MPI_Info info)
{
    tss_info **hints = tss_comm_hints(comm);

    if (!hints || info == MPI_INFO_NULL)
        return MPI_SUCCESS;
    /* info was checked: only memory can lack */
    return merge(hints, info, acceptable) == MPI_ERR_NO_MEM ? MPI_ERR_NO_MEM : MPI_SUCCESS;
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

/* ------------------------------------------------------- window hints
 *
 * A window keeps every hint the program gave it, and MPI_Win_get_info
 * reports the keys MPI-4.1 section 12.2.1 defines with the value in use
 * (the program's, or the default: none changes what one process does),
 * then the others in the order they were first set. */

static const char *const win_keys[][2] = {
    {"no_locks", "false"},
    {"accumulate_ordering", "rar,raw,war,waw"},
    {"accumulate_ops", "same_op_no_op"},
    {"mpi_accumulate_granularity", "0"},
    {"same_size", "false"},
    {"same_disp_unit", "false"},
    {"alloc_shared_noncontig", "false"}, /* shared windows only: last */
};

static int any_hint(const char *key, const char *val)
{
    (void)key, (void)val;
    return 1;
}

int tss_hints_join(tss_info **hints, MPI_Info info)
{
    return info == MPI_INFO_NULL ? MPI_SUCCESS : merge(hints, info, any_hint);
}

MPI_Info tss_hints_report(const char *const (*keys)[2], size_t nkeys, tss_info *const *hints)
{
    MPI_Info h = MPI_INFO_NULL;
    tss_info *o;

    pthread_mutex_lock(&tss_info_mutex);
    o = tss_calloc(1, sizeof *o);
    for (size_t i = 0; o && i < nkeys; i++)
        if (tss_info_obj_set(o, keys[i][0], keys[i][1]) != 0) {
            tss_info_obj_free(o);
            o = NULL;
        }
    for (int i = 0; o && *hints && i < (*hints)->n; i++)
        if (tss_info_obj_set(o, (*hints)->e[i].key, (*hints)->e[i].val) != 0) {
            tss_info_obj_free(o);
            o = NULL;
        }
    if (o) /* freed by it when no handle is left */
        h = tss_info_handle_new(o);
    pthread_mutex_unlock(&tss_info_mutex);
    return h;
}

MPI_Info tss_win_hints_get(tss_info *const *hints, int shared)
{
    return tss_hints_report(win_keys, sizeof win_keys / sizeof *win_keys - (shared ? 0 : 1), hints);
}

TSS_WEAK_ALIAS(MPI_Win_set_info, PMPI_Win_set_info)
int PMPI_Win_set_info(MPI_Win win, MPI_Info info)
{
    const char *fn = "MPI_Win_set_info";
    tss_win_rec *w;
    int rc = tss_win_check(fn, win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if (info == MPI_INFO_NULL) /* as MPI_Comm_set_info: an object is needed */
        return tss_raise_win(win, MPI_ERR_ARG,
                             "%s(info=MPI_INFO_NULL): Invalid argument (an info object is needed)",
                             fn);
    if ((rc = tss_hints_join(&w->hints, info)) == MPI_ERR_INFO)
        return tss_raise_win(win, rc, "%s(info=" TSS_HFMT "): Invalid info object", fn,
                             TSS_HARG(info));
    if (rc != MPI_SUCCESS)
        return tss_raise_win(win, rc, "%s: out of memory for the hints", fn);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_get_info, PMPI_Win_get_info)
int PMPI_Win_get_info(MPI_Win win, MPI_Info *info_used)
{
    const char *fn = "MPI_Win_get_info";
    tss_win_rec *w;
    MPI_Info h;
    int rc = tss_win_check(fn, win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!info_used)
        return tss_raise_win(win, MPI_ERR_ARG, "%s(info_used=NULL): Invalid argument", fn);
    if ((h = tss_win_hints_get(&w->hints, w->flavor == MPI_WIN_FLAVOR_SHARED)) == MPI_INFO_NULL)
        return tss_raise_win(win, MPI_ERR_NO_MEM, "%s: out of memory for an info object", fn);
    *info_used = h;
    return MPI_SUCCESS;
}
