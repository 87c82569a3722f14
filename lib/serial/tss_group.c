/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Groups of one process (MPI-4.1 section 7.3): MPI_GROUP_EMPTY, or a group
 * holding the process, each with a handle of its own.  Separate from the
 * communicators: a group holds no communicator state, and only
 * MPI_Comm_create and MPI_Comm_create_group (tss_comm_create.c) read one
 * back.  Its handles are under the communicators' lock all the same.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdlib.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_comm_priv.h"

/* Groups of the one process (every non-empty group; an empty one is
 * MPI_GROUP_EMPTY, as MPICH gives it): each has a handle of its own in a
 * handle table, MPICH's kind bits of a direct group (0x88000000), a 10-bit
 * generation and the slot in bits 0..15, so that a freed group's handle
 * is refused for a million groups made and freed after it. */
static tso_table groups = TSO_TABLE(TSO_GROUP, &tss_tso_alloc);

/* Whether g is a live group of the process (not MPI_GROUP_EMPTY). */
static int is_self(MPI_Group g)
{
    unsigned i;
    int live;

    pthread_mutex_lock(&tss_comm_mutex);
    live = tso_find(&groups, TSO_WORD(g), &i) == TSO_LIVE;
    pthread_mutex_unlock(&tss_comm_mutex);
    return live;
}

int tss_group_valid(MPI_Group g)
{
    return g == MPI_GROUP_EMPTY || is_self(g);
}

int tss_group_make(MPI_Group *out)
{
    unsigned i;
    int rc;

    pthread_mutex_lock(&tss_comm_mutex);
    if (!(rc = tso_take(&groups, &i)))
        *out = TSO_HANDLE(MPI_Group, tso_handle(&groups, i));
    pthread_mutex_unlock(&tss_comm_mutex);
    return rc;
}

const char *tss_group_lack(int rc)
{
    return rc == MPI_ERR_NO_MEM ? "out of memory for a group" : "every group handle is live";
}

/* A new group of the process into *out (member), or MPI_GROUP_EMPTY. */
static int group_out(const char *fn, int member, MPI_Group *out)
{
    int rc;

    if (!member) {
        *out = MPI_GROUP_EMPTY;
        return MPI_SUCCESS;
    }
    rc = tss_group_make(out);
    return rc ? tss_raise(MPI_COMM_WORLD, rc, "%s: %s", fn, tss_group_lack(rc)) : MPI_SUCCESS;
}

int tss_group_bad(const char *fn, MPI_Comm comm, const char *arg, MPI_Group g)
{
    const char *why;

    pthread_mutex_lock(&tss_comm_mutex);
    why = tso_why(&groups, TSO_WORD(g));
    pthread_mutex_unlock(&tss_comm_mutex);
    return tss_raise(comm, MPI_ERR_GROUP, "%s(%s=" TSS_HFMT "): Invalid group (%s)", fn, arg,
                     TSS_HARG(g), why);
}

TSS_WEAK_ALIAS(MPI_Comm_group, PMPI_Comm_group)
int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    int rc = tss_check_comm("MPI_Comm_group", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!group)
        return tss_raise(comm, MPI_ERR_ARG, "MPI_Comm_group(group=NULL): Invalid argument");
    return group_out("MPI_Comm_group", 1, group);
}

/* ------------------------------------------------------------- groups */

/* A group's checks: the runtime initialised, the group valid. */
static int group_args(const char *fn, MPI_Group g, const char *arg)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    return tss_group_valid(g) ? MPI_SUCCESS : tss_group_bad(fn, MPI_COMM_WORLD, arg, g);
}

static int out_null(const char *fn, const void *p, const char *arg)
{
    return p ? MPI_SUCCESS
             : tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, arg);
}

TSS_WEAK_ALIAS(MPI_Group_size, PMPI_Group_size)
int PMPI_Group_size(MPI_Group group, int *size)
{
    int rc = group_args("MPI_Group_size", group, "group");

    if (rc || (rc = out_null("MPI_Group_size", size, "size")))
        return rc;
    *size = group != MPI_GROUP_EMPTY;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Group_rank, PMPI_Group_rank)
int PMPI_Group_rank(MPI_Group group, int *rank)
{
    int rc = group_args("MPI_Group_rank", group, "group");

    if (rc || (rc = out_null("MPI_Group_rank", rank, "rank")))
        return rc;
    *rank = group != MPI_GROUP_EMPTY ? 0 : MPI_UNDEFINED;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Group_free, PMPI_Group_free)
int PMPI_Group_free(MPI_Group *group)
{
    int rc = out_null("MPI_Group_free", group, "group");

    unsigned i;

    if (rc || (rc = group_args("MPI_Group_free", *group, "group")))
        return rc;
    pthread_mutex_lock(&tss_comm_mutex);
    if (tso_find(&groups, TSO_WORD(*group), &i) == TSO_LIVE)
        tso_put(&groups, i);
    pthread_mutex_unlock(&tss_comm_mutex);
    *group = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Group_compare, PMPI_Group_compare)
int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result)
{
    int rc = group_args("MPI_Group_compare", group1, "group1");

    if (rc || (rc = group_args("MPI_Group_compare", group2, "group2")) ||
        (rc = out_null("MPI_Group_compare", result, "result")))
        return rc;
    /* two groups of the process have the same member in the same order */
    *result = (group1 == MPI_GROUP_EMPTY) == (group2 == MPI_GROUP_EMPTY) ? MPI_IDENT : MPI_UNEQUAL;
    return MPI_SUCCESS;
}

/* Group_incl and Group_excl: n ranks of group, each 0 and in it. */
static int pick(const char *fn, MPI_Group group, int n, const int ranks[], int incl,
                MPI_Group *newgroup)
{
    int size = group != MPI_GROUP_EMPTY, rc = group_args(fn, group, "group");

    if (rc || (rc = out_null(fn, newgroup, "newgroup")))
        return rc;
    if (n < 0 || n > size)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(n=%d): Invalid count (the group has %d)",
                         fn, n, size);
    if (n > 0 && (!ranks || ranks[0] != 0))
        return tss_raise(MPI_COMM_WORLD, ranks ? MPI_ERR_RANK : MPI_ERR_ARG,
                         "%s(ranks[0]=%d): Invalid rank (the group has %d)", fn,
                         ranks ? ranks[0] : -1, size);
    return group_out(fn, incl ? n == 1 : n == 0 && size == 1, newgroup);
}

TSS_WEAK_ALIAS(MPI_Group_incl, PMPI_Group_incl)
int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    return pick("MPI_Group_incl", group, n, ranks, 1, newgroup);
}

TSS_WEAK_ALIAS(MPI_Group_excl, PMPI_Group_excl)
int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    return pick("MPI_Group_excl", group, n, ranks, 0, newgroup);
}

/* Range i (first, last, stride) of a group of size ranks (MPI-4.1
 * section 7.3.2): ranks first, first + stride, ... up to last, each a rank
 * of the group.  With at most one rank, only (0, last, stride) naming 0
 * alone passes.  MPI_ERR_ARG for the rest, as MPICH. */
static int range_check(const char *fn, int i, const int r[3], int size)
{
    const char *why = NULL;

    if (r[0] < 0 || r[0] >= size)
        why = "first rank not in the group";
    else if (r[2] == 0)
        why = "zero stride";
    else if (r[2] > 0 ? r[0] > r[1] : r[0] < r[1])
        why = "the stride leads away from the last rank";
    else if ((r[1] - r[0]) / r[2] != 0) /* a second rank, first + stride, is no rank of it */
        why = "a rank of the range is not in the group";
    if (!why)
        return MPI_SUCCESS;
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                     "%s(ranges[%d]={%d,%d,%d}): %s (the group has %d)", fn, i, r[0], r[1], r[2],
                     why, size);
}

/* Group_range_incl and Group_range_excl: n ranges, each naming rank 0. */
static int pick_ranges(const char *fn, MPI_Group group, int n, int ranges[][3], int incl,
                       MPI_Group *newgroup)
{
    int size = group != MPI_GROUP_EMPTY, rc = group_args(fn, group, "group");

    if (rc || (rc = out_null(fn, newgroup, "newgroup")))
        return rc;
    /* more ranges than ranks: each names a rank, so one is named twice */
    if (n < 0 || n > size)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "%s(n=%d): Invalid count (the group has %d ranks, named once each)", fn, n,
                         size);
    if (n > 0 && !ranges)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(ranges=NULL): Invalid argument", fn);
    for (int i = 0; i < n; i++)
        if ((rc = range_check(fn, i, ranges[i], size)))
            return rc;
    return group_out(fn, incl ? n == 1 : n == 0 && size == 1, newgroup);
}

TSS_WEAK_ALIAS(MPI_Group_range_incl, PMPI_Group_range_incl)
int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return pick_ranges("MPI_Group_range_incl", group, n, ranges, 1, newgroup);
}

TSS_WEAK_ALIAS(MPI_Group_range_excl, PMPI_Group_range_excl)
int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return pick_ranges("MPI_Group_range_excl", group, n, ranges, 0, newgroup);
}

TSS_WEAK_ALIAS(MPI_Group_translate_ranks, PMPI_Group_translate_ranks)
int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
                               int ranks2[])
{
    const char *fn = "MPI_Group_translate_ranks";
    int rc = group_args(fn, group1, "group1");

    if (rc || (rc = group_args(fn, group2, "group2")))
        return rc;
    if (n < 0 || (n > 0 && (!ranks1 || !ranks2)))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(n=%d): Invalid argument", fn, n);
    for (int i = 0; i < n; i++) {
        if (ranks1[i] == MPI_PROC_NULL) {
            ranks2[i] = MPI_PROC_NULL;
            continue;
        }
        if (ranks1[i] != 0 || group1 == MPI_GROUP_EMPTY)
            return tss_raise(MPI_COMM_WORLD, MPI_ERR_RANK, "%s(ranks1[%d]=%d): Invalid rank", fn, i,
                             ranks1[i]);
        ranks2[i] = group2 != MPI_GROUP_EMPTY ? 0 : MPI_UNDEFINED;
    }
    return MPI_SUCCESS;
}

/* Union, intersection, difference of groups of at most the process. */
static int set_op(const char *fn, MPI_Group g1, MPI_Group g2, int op, MPI_Group *out)
{
    int rc = group_args(fn, g1, "group1"), a = g1 != MPI_GROUP_EMPTY, b = g2 != MPI_GROUP_EMPTY;

    if (rc || (rc = group_args(fn, g2, "group2")) || (rc = out_null(fn, out, "newgroup")))
        return rc;
    return group_out(fn, op == 0 ? a || b : op == 1 ? a && b : a && !b, out);
}

TSS_WEAK_ALIAS(MPI_Group_union, PMPI_Group_union)
int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return set_op("MPI_Group_union", group1, group2, 0, newgroup);
}

TSS_WEAK_ALIAS(MPI_Group_intersection, PMPI_Group_intersection)
int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return set_op("MPI_Group_intersection", group1, group2, 1, newgroup);
}

TSS_WEAK_ALIAS(MPI_Group_difference, PMPI_Group_difference)
int PMPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return set_op("MPI_Group_difference", group1, group2, 2, newgroup);
}

/* tss_comm_mutex held (MPI_Finalize). */
void tss_group_finalize(void)
{
    tso_reset(&groups);
}
