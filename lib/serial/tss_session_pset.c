/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Process sets of a session (MPI-4.1 section 11.3.2):
 * MPI_Session_get_num_psets, MPI_Session_get_nth_pset,
 * MPI_Session_get_pset_info, and the groups made from them,
 * MPI_Group_from_session_pset.  One process: the two sets MPI names,
 * "mpi://WORLD" and "mpi://SELF", both hold this process alone.  Names
 * are matched without regard to case, as MPICH matches them.
 */
#include "typeshim_config.h"

#include <string.h>
#include <strings.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

static const char *const psets[] = {"mpi://WORLD", "mpi://SELF"};
#define NPSETS ((int)(sizeof psets / sizeof *psets))

/* MPI_SUCCESS when info is MPI_INFO_NULL or an info object (the sets do
 * not depend on it), else MPI_ERR_INFO raised on session. */
static int info_arg(const char *fn, MPI_Session session, MPI_Info info)
{
    if (!tss_info_valid(info))
        return tss_raise_session(session, MPI_ERR_INFO, "%s(info=" TSS_HFMT "): Invalid info (%s)",
                                 fn, TSS_HARG(info), tss_info_why(info));
    return MPI_SUCCESS;
}

/* MPI_SUCCESS when name names a set, else the error raised on session. */
static int pset_arg(const char *fn, MPI_Session session, const char *name)
{
    if (!name)
        return tss_raise_session(session, MPI_ERR_ARG, "%s(pset_name=NULL): Invalid argument", fn);
    for (int i = 0; i < NPSETS; i++)
        if (!strcasecmp(name, psets[i]))
            return MPI_SUCCESS;
    return tss_raise_session(session, MPI_ERR_ARG,
                             "%s(pset_name=\"%.64s\"): no process set of that name (this "
                             "process has \"mpi://WORLD\" and \"mpi://SELF\")",
                             fn, name);
}

TSS_WEAK_ALIAS(MPI_Session_get_num_psets, PMPI_Session_get_num_psets)
int PMPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names)
{
    const char *fn = "MPI_Session_get_num_psets";
    int rc = tss_session_check(fn, session);

    if (rc != MPI_SUCCESS || (rc = info_arg(fn, session, info)) != MPI_SUCCESS)
        return rc;
    if (!npset_names)
        return tss_raise_session(session, MPI_ERR_ARG, "%s(npset_names=NULL): Invalid argument",
                                 fn);
    *npset_names = NPSETS;
    return MPI_SUCCESS;
}

/* *pset_len in: the room at pset_name (0: pset_name is not written);
 * out: the room the whole name needs, its NUL included.  A name longer
 * than the room is cut, and still ends with a NUL. */
TSS_WEAK_ALIAS(MPI_Session_get_nth_pset, PMPI_Session_get_nth_pset)
int PMPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len,
                              char *pset_name)
{
    const char *fn = "MPI_Session_get_nth_pset";
    size_t need, room;
    int rc = tss_session_check(fn, session);

    if (rc != MPI_SUCCESS || (rc = info_arg(fn, session, info)) != MPI_SUCCESS)
        return rc;
    if (n < 0 || n >= NPSETS)
        return tss_raise_session(session, MPI_ERR_ARG,
                                 "%s(n=%d): Invalid process set number (0 to %d)", fn, n,
                                 NPSETS - 1);
    if (!pset_len)
        return tss_raise_session(session, MPI_ERR_ARG, "%s(pset_len=NULL): Invalid argument", fn);
    if (*pset_len < 0)
        return tss_raise_session(session, MPI_ERR_ARG,
                                 "%s(*pset_len=%d): Invalid argument (a length, 0 or more)", fn,
                                 *pset_len);
    if (*pset_len > 0 && !pset_name)
        return tss_raise_session(session, MPI_ERR_ARG, "%s(pset_name=NULL): Invalid argument", fn);
    need = strlen(psets[n]) + 1;
    if ((room = (size_t)*pset_len) > 0) {
        size_t len = need <= room ? need - 1 : room - 1;

        memcpy(pset_name, psets[n], len);
        pset_name[len] = '\0';
    }
    *pset_len = (int)need;
    return MPI_SUCCESS;
}

/* A new info object: "mpi_size", the number of processes in the set
 * (MPI-4.1 section 11.3.2). */
TSS_WEAK_ALIAS(MPI_Session_get_pset_info, PMPI_Session_get_pset_info)
int PMPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info)
{
    static const char *const size[][2] = {{"mpi_size", "1"}};
    const char *fn = "MPI_Session_get_pset_info";
    tss_info *none = NULL;
    int rc = tss_session_check(fn, session);

    if (rc != MPI_SUCCESS || (rc = pset_arg(fn, session, pset_name)) != MPI_SUCCESS)
        return rc;
    if (!info)
        return tss_raise_session(session, MPI_ERR_ARG, "%s(info=NULL): Invalid argument", fn);
    if ((*info = tss_hints_report(size, 1, &none)) == MPI_INFO_NULL)
        return tss_raise_session(session, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    return MPI_SUCCESS;
}

/* A new group of the set's processes: this one. */
TSS_WEAK_ALIAS(MPI_Group_from_session_pset, PMPI_Group_from_session_pset)
int PMPI_Group_from_session_pset(MPI_Session session, const char *pset_name, MPI_Group *newgroup)
{
    const char *fn = "MPI_Group_from_session_pset";
    int rc = tss_session_check(fn, session);

    if (rc != MPI_SUCCESS || (rc = pset_arg(fn, session, pset_name)) != MPI_SUCCESS)
        return rc;
    if (!newgroup)
        return tss_raise_session(session, MPI_ERR_ARG, "%s(newgroup=NULL): Invalid argument", fn);
    if ((rc = tss_group_make(newgroup)) != MPI_SUCCESS)
        return tss_raise_session(session, rc, "%s: %s", fn, tss_group_lack(rc));
    return MPI_SUCCESS;
}
