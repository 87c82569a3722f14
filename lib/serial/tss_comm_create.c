/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The communicator constructors on one process (MPI-4.1 section 7.4.2):
 * MPI_Comm_dup and its forms, MPI_Comm_split and MPI_Comm_split_type,
 * MPI_Comm_create and MPI_Comm_create_group.  Each makes a communicator
 * of the table of tss_comm.c, or MPI_COMM_NULL when the process takes no
 * part; separate from it because only what a constructor takes from its
 * parent (hints, attributes, topology) is decided here.
 */
#include "typeshim_config.h"

#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_comm_priv.h"

/* What a new communicator takes from its parent besides the handler. */
#define TAKE_HINTS 1 /* the parent's hints (else those of the info given) */
#define TAKE_ATTRS 2 /* the parent's attributes, by their copy callbacks */
#define TAKE_TOPO  4 /* the parent's topology (a duplicate, MPI-4.1 section 7.4.2) */

/* The constructors' common end: a new communicator, or MPI_COMM_NULL when
 * the process takes no part (null).  A failure leaves nothing made and
 * *newcomm MPI_COMM_NULL, as MPI-4.1 section 7.4.2 has MPI_Comm_dup do
 * when it fails. */
static int construct(const char *fn, MPI_Comm comm, int null, int take, MPI_Info info,
                     MPI_Comm *newcomm)
{
    tss_error e;
    MPI_Comm nc;
    int rc;

    if (!newcomm)
        return tss_raise(comm, MPI_ERR_ARG, "%s(newcomm=NULL): Invalid argument", fn);
    *newcomm = MPI_COMM_NULL;
    if (null)
        return MPI_SUCCESS;
    if ((rc = tss_comm_make_rec(comm, (take & TAKE_TOPO) != 0, NULL, &nc)))
        return tss_raise(comm, rc, "%s: %s", fn, tss_comm_lack(rc));
    rc = take & TAKE_HINTS ? tss_hints_inherit(comm, nc) : tss_hints_set(nc, info);
    if (rc != MPI_SUCCESS)
        tss_fail(&e, rc, "%s: out of memory for the hints", fn);
    else if (take & TAKE_ATTRS)
        rc = tss_attr_copy(fn, comm, nc, &e);
    if (rc != MPI_SUCCESS) {
        tss_comm_unmake(nc);
        return tss_raise(comm, e.cls, "%s", e.text);
    }
    *newcomm = nc;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_dup, PMPI_Comm_dup)
int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_dup", comm);

    return rc ? rc
              : construct("MPI_Comm_dup", comm, 0, TAKE_HINTS | TAKE_ATTRS | TAKE_TOPO,
                          MPI_INFO_NULL, newcomm);
}

TSS_WEAK_ALIAS(MPI_Comm_dup_with_info, PMPI_Comm_dup_with_info)
int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_dup_with_info", comm);

    if (!rc)
        rc = tss_info_check("MPI_Comm_dup_with_info", comm, info);
    return rc ? rc
              : construct("MPI_Comm_dup_with_info", comm, 0, TAKE_ATTRS | TAKE_TOPO, info, newcomm);
}

/* MPI_Comm_idup and MPI_Comm_idup_with_info: a duplicate made at once,
 * with a complete request; take says whose hints it gets. */
static int idup(const char *fn, MPI_Comm comm, int take, MPI_Info info, MPI_Comm *newcomm,
                MPI_Request *request)
{
    int rc = tss_check_comm(fn, comm);

    if (!rc && !(take & TAKE_HINTS))
        rc = tss_info_check(fn, comm, info);
    if (!rc && !request)
        return tss_raise(comm, MPI_ERR_ARG, "%s(request=NULL): Invalid argument", fn);
    if (!rc)
        rc = construct(fn, comm, 0, take, info, newcomm);
    if (!rc && (rc = tss_req_done_now(fn, comm, request)) != MPI_SUCCESS) {
        /* no request, no duplicate: a failed constructor leaves none (the
         * copied attributes go through their delete callbacks) */
        tss_error e;
        tss_attr_clear(fn, *newcomm, 0, &e);
        tss_comm_unmake(*newcomm);
        *newcomm = MPI_COMM_NULL;
    }
    return rc;
}

TSS_WEAK_ALIAS(MPI_Comm_idup, PMPI_Comm_idup)
int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
    return idup("MPI_Comm_idup", comm, TAKE_HINTS | TAKE_ATTRS | TAKE_TOPO, MPI_INFO_NULL, newcomm,
                request);
}

/* MPI-4.1 section 7.4.2: as MPI_Comm_idup, with the hints of info (those
 * of comm are not taken), as MPI_Comm_dup_with_info. */
TSS_WEAK_ALIAS(MPI_Comm_idup_with_info, PMPI_Comm_idup_with_info)
int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request)
{
    return idup("MPI_Comm_idup_with_info", comm, TAKE_ATTRS | TAKE_TOPO, info, newcomm, request);
}

TSS_WEAK_ALIAS(MPI_Comm_split, PMPI_Comm_split)
int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_split", comm);

    (void)key; /* one process: its rank is 0 whatever the key */
    if (rc != MPI_SUCCESS)
        return rc;
    if (color < 0 && color != MPI_UNDEFINED)
        return tss_raise(comm, MPI_ERR_ARG, "MPI_Comm_split(color=%d): Invalid color", color);
    return construct("MPI_Comm_split", comm, color == MPI_UNDEFINED, 0, MPI_INFO_NULL, newcomm);
}

#if defined(MPI_COMM_TYPE_HW_GUIDED) || defined(MPIX_COMM_TYPE_NEIGHBORHOOD)
/* Whether info's value of key is value (MPI_INFO_NULL has none). */
static int info_is(MPI_Info info, const char *key, const char *value)
{
    char v[MPI_MAX_INFO_VAL + 1];
    int flag = 0, len = (int)sizeof v;

    if (info == MPI_INFO_NULL)
        return 0;
    (void)PMPI_Info_get_string(info, key, &len, v, &flag);
    return flag && (!value || strcmp(v, value) == 0);
}
#endif

/* Whether the one process makes a communicator of split_type (MPI-4.1
 * section 7.4.2), -1 when split_type is no split type (MPICH's
 * MPI_ERR_ARG).  MPI_COMM_TYPE_HW_GUIDED needs a resource this runtime
 * knows, "mpi_shared_memory" (the standard one; the process shares
 * memory with itself), else MPI_COMM_NULL; MPI_COMM_TYPE_HW_UNGUIDED
 * needs a strict subset of comm, which one process has not;
 * MPIX_COMM_TYPE_NEIGHBORHOOD needs MPICH's key "nbhd_common_dirname"
 * (the process shares any directory with itself).  Open MPI 4.1, an
 * MPI-3.1 library, has none of these three (its mpi.h defines no such
 * name: a program built against it cannot pass one), but split types of
 * its own, each a piece of hardware the process shares with itself. */
static int split_member(int split_type, MPI_Info info)
{
    (void)info; /* read by split types the ABI may lack */
    switch (split_type) {
    case MPI_UNDEFINED:
        return 0;
    case MPI_COMM_TYPE_SHARED:
        return 1;
#ifdef MPI_COMM_TYPE_HW_GUIDED
    case MPI_COMM_TYPE_HW_GUIDED:
        return info_is(info, "mpi_hw_resource_type", "mpi_shared_memory");
#endif
#ifdef MPI_COMM_TYPE_HW_UNGUIDED
    case MPI_COMM_TYPE_HW_UNGUIDED:
        return 0;
#endif
#ifdef MPIX_COMM_TYPE_NEIGHBORHOOD
    case MPIX_COMM_TYPE_NEIGHBORHOOD:
        return info_is(info, "nbhd_common_dirname", NULL);
#endif
#ifdef OMPI_COMM_TYPE_NODE
    /* Open MPI's own: enumerators, which #ifdef cannot see, but its mpi.h
     * defines the macro OMPI_COMM_TYPE_NODE with them */
    case OMPI_COMM_TYPE_HWTHREAD:
    case OMPI_COMM_TYPE_CORE:
    case OMPI_COMM_TYPE_L1CACHE:
    case OMPI_COMM_TYPE_L2CACHE:
    case OMPI_COMM_TYPE_L3CACHE:
    case OMPI_COMM_TYPE_SOCKET:
    case OMPI_COMM_TYPE_NUMA:
    case OMPI_COMM_TYPE_BOARD:
    case OMPI_COMM_TYPE_HOST:
    case OMPI_COMM_TYPE_CU:
    case OMPI_COMM_TYPE_CLUSTER:
        return 1;
#endif
    default:
        return -1;
    }
}

TSS_WEAK_ALIAS(MPI_Comm_split_type, PMPI_Comm_split_type)
int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_split_type", comm), member;

    (void)key;
    if (!rc)
        rc = tss_info_check("MPI_Comm_split_type", comm, info);
    if (rc != MPI_SUCCESS)
        return rc;
    if ((member = split_member(split_type, info)) < 0)
        return tss_raise(comm, MPI_ERR_ARG, "MPI_Comm_split_type(split_type=%d): Invalid type",
                         split_type);
    return construct("MPI_Comm_split_type", comm, !member, 0, info, newcomm);
}

TSS_WEAK_ALIAS(MPI_Comm_create, PMPI_Comm_create)
int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_create", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!tss_group_valid(group))
        return tss_group_bad("MPI_Comm_create", comm, "group", group);
    return construct("MPI_Comm_create", comm, group == MPI_GROUP_EMPTY, 0, MPI_INFO_NULL, newcomm);
}

/* MPI-4.1 section 7.4.2: collective over group only, tag telling apart
 * concurrent calls; on one process MPI_Comm_create by another name. */
TSS_WEAK_ALIAS(MPI_Comm_create_group, PMPI_Comm_create_group)
int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_create_group", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!tss_group_valid(group))
        return tss_group_bad("MPI_Comm_create_group", comm, "group", group);
    /* checked for the empty group too, as MPICH does */
    if (tag < 0 || tag > TSS_TAG_UB)
        return tss_raise(comm, MPI_ERR_TAG,
                         "MPI_Comm_create_group(tag=%d): Invalid tag (0 to MPI_TAG_UB, %d)", tag,
                         TSS_TAG_UB);
    return construct("MPI_Comm_create_group", comm, group == MPI_GROUP_EMPTY, 0, MPI_INFO_NULL,
                     newcomm);
}

int tss_from_group_args(const char *fn, MPI_Errhandler errhandler, const char *stringtag,
                        MPI_Info info)
{
    tss_error e;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = tss_eh_usable(fn, "errhandler", TSS_EH_COMM, errhandler, &e)) != MPI_SUCCESS)
        return tss_raise(MPI_COMM_WORLD, rc, "%s", e.text);
    if (!stringtag)
        return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_ARG,
                               "%s(stringtag=NULL): Invalid argument", fn);
    if (strlen(stringtag) > TSS_MAX_STRINGTAG_LEN)
        return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_ARG,
                               "%s(stringtag=\"%.32s...\"): Invalid argument (longer than "
                               "MPI_MAX_STRINGTAG_LEN, %d)",
                               fn, stringtag, TSS_MAX_STRINGTAG_LEN);
    if (!tss_info_valid(info))
        return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_INFO,
                               "%s(info=" TSS_HFMT "): Invalid info (%s)", fn, TSS_HARG(info),
                               tss_info_why(info));
    return MPI_SUCCESS;
}

/* MPI-4.1 section 7.4.2: MPI_Comm_create_group with a group for parent,
 * which on one process needs no other process to agree on stringtag.
 * Errors go to errhandler, the handler the communicator would have had;
 * MPI_GROUP_EMPTY gives MPI_COMM_NULL (MPICH 4.0.2 fails an assertion). */
TSS_WEAK_ALIAS(MPI_Comm_create_from_group, PMPI_Comm_create_from_group)
int PMPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                                MPI_Errhandler errhandler, MPI_Comm *newcomm)
{
    const char *fn = "MPI_Comm_create_from_group";
    tss_error e;
    MPI_Comm nc;
    int rc = tss_from_group_args(fn, errhandler, stringtag, info);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!tss_group_valid(group))
        return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_GROUP,
                               "%s(group=" TSS_HFMT "): Invalid group", fn, TSS_HARG(group));
    if (!newcomm)
        return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_ARG,
                               "%s(newcomm=NULL): Invalid argument", fn);
    *newcomm = MPI_COMM_NULL;
    if (group == MPI_GROUP_EMPTY)
        return MPI_SUCCESS;
    /* made from MPI_COMM_WORLD's record, whose handler it then drops */
    if ((rc = tss_comm_make_rec(MPI_COMM_WORLD, 0, NULL, &nc)) != MPI_SUCCESS)
        return tss_raise_given(errhandler, TSS_EH_COMM, rc, "%s: %s", fn, tss_comm_lack(rc));
    if ((rc = tss_eh_set(fn, TSS_EH_COMM, tss_comm_eh(nc), errhandler, &e)) == MPI_SUCCESS &&
        (rc = tss_hints_set(nc, info)) != MPI_SUCCESS)
        tss_fail(&e, rc, "%s: out of memory for the hints", fn);
    if (rc != MPI_SUCCESS) {
        tss_comm_unmake(nc);
        return tss_raise_given(errhandler, TSS_EH_COMM, e.cls, "%s", e.text);
    }
    *newcomm = nc;
    return MPI_SUCCESS;
}
