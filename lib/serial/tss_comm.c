/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Communicators and groups of one process (MPI-4.1 chapter 7):
 * MPI_COMM_WORLD, MPI_COMM_SELF and every communicator made from them
 * (dup, split, create), each with its own context, so that a message sent
 * on one is never received on another, its own error handler (inherited
 * from the communicator it was made from, MPI-4.1 section 9.3) and name,
 * and the topology tss_topo.c gave it, which its duplicates share
 * (MPI-4.1 section 7.4.2) and nothing else made from it has.
 * A group is empty or holds the process: MPI_GROUP_EMPTY, or the group of
 * every communicator.  A duplicate also takes its parent's attributes
 * (copy callbacks, tss_attr.c) and hints (tss_info.c), which MPI_Comm_free
 * deletes (delete callbacks) before the communicator goes.
 *
 * The table is under its own lock, taken briefly and never while another
 * is taken from it: callers may hold the runtime's or the messages' lock.
 * Under it only tss_info.c's and tss_attr.c's locks are taken (to free a
 * record's hints and attributes), and those never call back here.  A
 * record stays where it is once made (freed records are reused), so the
 * fields tss_comm_eh, tss_comm_attrs and tss_comm_hints point at may be
 * used under their owners' locks.
 *
 * This file holds the table and the communicators' life and names; the
 * constructors (dup, split, create) are in tss_comm_create.c, the groups
 * in tss_group.c (tss_comm_priv.h declares what they share).
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_comm_priv.h"

/* Handles of made communicators (object/tso_abi.h): MPICH's kind bits of a
 * direct communicator (0x84000000), a 10-bit generation in bits 16..25
 * and the slot in bits 0..15; a freed slot rests until 1024 others were
 * freed, so a freed handle is refused for a million communicators made
 * and freed after it, not taken for one of them. */

typedef struct comm_rec {
    int used;
    int ctx;           /* messages match only within it */
    MPI_Errhandler eh; /* under tss_lock; a user handler holds one ref */
    tss_topo *topo;    /* a reference, or NULL */
    char name[MPI_MAX_OBJECT_NAME];
    /* kept here, used by their files under their own locks */
    tss_attr *attrs; /* tss_attr.c: newest first */
    tss_info *hints; /* tss_info.c: NULL when none was given */
} comm_rec;

pthread_mutex_t tss_comm_mutex = PTHREAD_MUTEX_INITIALIZER;
static comm_rec world = {1, 0, MPI_ERRORS_ARE_FATAL, NULL, "MPI_COMM_WORLD", NULL, NULL};
static comm_rec self = {1, 1, MPI_ERRORS_ARE_FATAL, NULL, "MPI_COMM_SELF", NULL, NULL};
/* the made ones, each allocated once and kept by its slot */
static tso_table recs = TSO_TABLE(TSO_COMM, &tss_tso_alloc);
static int next_ctx = 2;

/* tss_comm_mutex held.  The record of a live communicator, or NULL. */
static comm_rec *lookup(MPI_Comm comm, unsigned *idx)
{
    unsigned i;

    if (comm == MPI_COMM_WORLD)
        return &world;
    if (comm == MPI_COMM_SELF)
        return &self;
    if (tso_find(&recs, TSO_WORD(comm), &i) != TSO_LIVE)
        return NULL;
    if (idx)
        *idx = i;
    return *tso_obj(&recs, i);
}

static comm_rec *find(MPI_Comm comm)
{
    comm_rec *r;

    /* the two predefined records never move: no lock (every
     * communication call on them asks) */
    if (comm == MPI_COMM_WORLD)
        return &world;
    if (comm == MPI_COMM_SELF)
        return &self;
    pthread_mutex_lock(&tss_comm_mutex);
    r = lookup(comm, NULL);
    pthread_mutex_unlock(&tss_comm_mutex);
    return r;
}

/* MPI_COMM_WORLD and MPI_COMM_SELF belong to the World model: a program
 * using sessions only has neither (MPI-4.1 section 11.3).  Outside both
 * models they stay valid, so that their handler takes the errors of calls
 * made too early or too late. */
static int world_only(MPI_Comm comm)
{
    return (comm == MPI_COMM_WORLD || comm == MPI_COMM_SELF) &&
           tss_state_get() != TSS_INITIALIZED && tss_sessions_open();
}

int tss_comm_valid(MPI_Comm comm)
{
    return !world_only(comm) && find(comm) != NULL;
}

int tss_comm_made_plain(MPI_Comm comm)
{
    /* initialized: world_only() is false */
    return tss_state_get() == TSS_INITIALIZED && find(comm) != NULL;
}

int tss_check_comm_ctx(const char *fn, MPI_Comm comm, int *ctx)
{
    comm_rec *r;
    int rc;

    if (tss_state_get() == TSS_INITIALIZED && !world_only(comm) && (r = find(comm))) {
        *ctx = r->ctx;
        return MPI_SUCCESS;
    }
    /* the rest, sessions included, as every other call checks it */
    if ((rc = tss_check_comm(fn, comm)) != MPI_SUCCESS)
        return rc;
    *ctx = tss_comm_ctx(comm);
    return MPI_SUCCESS;
}

const char *tss_comm_why(MPI_Comm comm)
{
    const char *why;

    if (comm == MPI_COMM_NULL)
        return "MPI_COMM_NULL";
    if (world_only(comm))
        return "a communicator of the World model, which is not initialized: only sessions "
               "are open";
    pthread_mutex_lock(&tss_comm_mutex);
    why = tso_why(&recs, TSO_WORD(comm));
    pthread_mutex_unlock(&tss_comm_mutex);
    return why;
}

int tss_comm_ctx(MPI_Comm comm)
{
    comm_rec *r = find(comm);

    return r ? r->ctx : -1;
}

MPI_Errhandler *tss_comm_eh(MPI_Comm comm)
{
    comm_rec *r = find(comm);

    return r ? &r->eh : &world.eh;
}

tss_topo *tss_comm_topo(MPI_Comm comm)
{
    comm_rec *r;
    tss_topo *t;

    pthread_mutex_lock(&tss_comm_mutex);
    r = lookup(comm, NULL);
    if ((t = r ? r->topo : NULL))
        tss_topo_ref(t); /* a concurrent MPI_Comm_free cannot take it away */
    pthread_mutex_unlock(&tss_comm_mutex);
    return t;
}

tss_attr **tss_comm_attrs(MPI_Comm comm)
{
    comm_rec *r = find(comm);

    return r ? &r->attrs : NULL;
}

tss_info **tss_comm_hints(MPI_Comm comm)
{
    comm_rec *r = find(comm);

    return r ? &r->hints : NULL;
}

const char *tss_comm_label(MPI_Comm comm)
{
    comm_rec *r;

    /* the predefined ones by their names, even if the program renamed
     * them: scripts match "fatal error on MPI_COMM_WORLD" */
    if (comm == MPI_COMM_SELF)
        return "MPI_COMM_SELF";
    r = comm == MPI_COMM_WORLD ? NULL : find(comm);
    return !r ? "MPI_COMM_WORLD" : r->name[0] ? r->name : "a communicator without a name";
}

/* tss_comm_mutex held.  What r's files keep for it, without callbacks. */
static void forget(comm_rec *r)
{
    tss_attr_discard(&r->attrs);
    tss_hints_drop(&r->hints);
    tss_topo_unref(r->topo);
    r->topo = NULL;
}

void tss_comm_finalize(void)
{
    world.eh = self.eh = MPI_ERRORS_ARE_FATAL;
    pthread_mutex_lock(&tss_comm_mutex);
    /* MPI_Finalize deleted the attributes of the predefined ones; those
     * of communicators the program left have no delete callback run (as
     * MPICH) */
    forget(&world);
    forget(&self);
    for (unsigned i = 0; i < recs.fresh; i++) {
        comm_rec *r = *tso_obj(&recs, i);
        if (r) {
            forget(r);
            tss_free(r);
        }
    }
    tso_reset(&recs);
    tss_group_finalize();
    pthread_mutex_unlock(&tss_comm_mutex);
}

/* A new communicator made from parent: its context, parent's error
 * handler (referenced), no name.  MPI_ERR_NO_MEM when out of memory,
 * MPI_ERR_OTHER when every handle is live (tss_comm_lack says which). */
int tss_comm_make_rec(MPI_Comm parent, int dup, tss_topo *topo, MPI_Comm *out)
{
    comm_rec *r, *from;
    void *rec;
    unsigned i;
    int rc;

    tss_lock(); /* the handler's reference */
    pthread_mutex_lock(&tss_comm_mutex);
    if ((rc = tso_take_rec(&recs, sizeof(*r), &i, &rec)) != MPI_SUCCESS)
        goto fail;
    r = rec;
    r->used = 1;
    r->ctx = next_ctx++;
    r->name[0] = '\0';
    r->attrs = NULL;
    r->hints = NULL;
    /* the parent was checked, but another thread may have freed it since
     * (erroneous): MPI_COMM_WORLD's handler then */
    from = lookup(parent, NULL);
    r->eh = (from ? from : &world)->eh;
    if (dup && (topo = from ? from->topo : NULL))
        tss_topo_ref(topo);
    r->topo = topo;
    *out = TSO_HANDLE(MPI_Comm, tso_handle(&recs, i));
    pthread_mutex_unlock(&tss_comm_mutex);
    tss_errhandler_ref(r->eh);
    tss_unlock();
    return MPI_SUCCESS;
fail:
    pthread_mutex_unlock(&tss_comm_mutex);
    tss_unlock();
    return rc;
}

/* Ends a made communicator whose attributes are gone: its handler's
 * reference and hints go, its handle is refused from now on. */
void tss_comm_unmake(MPI_Comm comm)
{
    MPI_Errhandler eh = MPI_ERRORS_ARE_FATAL;
    tss_topo *topo = NULL;
    comm_rec *r;
    unsigned i = 0;

    tss_lock();
    pthread_mutex_lock(&tss_comm_mutex);
    if ((r = lookup(comm, &i)) && r != &world && r != &self) {
        tss_hints_drop(&r->hints);
        eh = r->eh;
        topo = r->topo;
        r->topo = NULL;
        r->used = 0;
        tso_put(&recs, i);
    }
    pthread_mutex_unlock(&tss_comm_mutex);
    tss_topo_unref(topo);
    tss_errhandler_unref(eh);
    tss_unlock();
}

const char *tss_comm_lack(int rc)
{
    return rc == MPI_ERR_NO_MEM ? "out of memory for a communicator"
                                : "every communicator handle is live (65536)";
}

int tss_comm_make(MPI_Comm parent, tss_topo *t, MPI_Comm *newcomm)
{
    return tss_comm_make_rec(parent, 0, t, newcomm);
}

/* MPI_Comm_free and MPI_Comm_disconnect: the attributes go first (their
 * delete callbacks), then the communicator. */
static int release(const char *fn, MPI_Comm *comm)
{
    tss_error e;
    comm_rec *r;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(comm=NULL): Invalid argument", fn);
    pthread_mutex_lock(&tss_comm_mutex);
    r = lookup(*comm, NULL);
    pthread_mutex_unlock(&tss_comm_mutex);
    if (r == &world || r == &self)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COMM,
                         "%s(comm=" TSS_HFMT "): a predefined communicator cannot be freed", fn,
                         TSS_HARG(*comm));
    if (!r) /* asked under the lock: another thread may grow the table */
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COMM,
                         "%s(comm=" TSS_HFMT "): Invalid communicator (%s)", fn, TSS_HARG(*comm),
                         tss_comm_why(*comm));
    /* the delete callbacks first: one that fails leaves the communicator
     * (MPI-4.1 section 7.7.2: the call fails) */
    if ((rc = tss_attr_clear(fn, *comm, 1, &e)) != MPI_SUCCESS)
        return tss_raise(*comm, e.cls, "%s", e.text);
    /* messages still queued on it can no longer be received: MPI leaves
     * them to complete, which nothing can observe on one process */
    tss_comm_unmake(*comm);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_free, PMPI_Comm_free)
int PMPI_Comm_free(MPI_Comm *comm)
{
    return release("MPI_Comm_free", comm);
}

/* MPI-4.1 section 11.10.4: MPI_Comm_free once the pending operations on
 * comm are complete.  On one process every send completed when it was
 * made or waits in the queue of messages to self, which nothing can
 * receive once comm is gone: there is nothing left to wait for. */
TSS_WEAK_ALIAS(MPI_Comm_disconnect, PMPI_Comm_disconnect)
int PMPI_Comm_disconnect(MPI_Comm *comm)
{
    return release("MPI_Comm_disconnect", comm);
}

TSS_WEAK_ALIAS(MPI_Comm_compare, PMPI_Comm_compare)
int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    int rc = tss_check_comm("MPI_Comm_compare", comm1);

    if (!rc)
        rc = tss_check_comm("MPI_Comm_compare", comm2);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!result)
        return tss_raise(comm1, MPI_ERR_ARG, "MPI_Comm_compare(result=NULL): Invalid argument");
    /* every communicator holds the one process: the same group, another
     * context (MPI-4.1 section 7.4.1) */
    *result = comm1 == comm2 ? MPI_IDENT : MPI_CONGRUENT;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_test_inter, PMPI_Comm_test_inter)
int PMPI_Comm_test_inter(MPI_Comm comm, int *flag)
{
    int rc = tss_check_comm("MPI_Comm_test_inter", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!flag)
        return tss_raise(comm, MPI_ERR_ARG, "MPI_Comm_test_inter(flag=NULL): Invalid argument");
    *flag = 0;
    return MPI_SUCCESS;
}

/* No intercommunicator exists on one process (nothing to connect to,
 * nothing spawned): the calls that need one refuse every communicator
 * (MPI-4.1 section 7.6.1). */
static int not_inter(const char *fn, MPI_Comm comm, const void *out, const char *arg)
{
    int rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!out)
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, arg);
    return tss_raise(comm, MPI_ERR_COMM,
                     "%s(comm=%s): an intracommunicator, not an intercommunicator (there is "
                     "none on one process)",
                     fn, tss_comm_label(comm));
}

TSS_WEAK_ALIAS(MPI_Comm_remote_size, PMPI_Comm_remote_size)
int PMPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    return not_inter("MPI_Comm_remote_size", comm, size, "size");
}

TSS_WEAK_ALIAS(MPI_Comm_remote_group, PMPI_Comm_remote_group)
int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    return not_inter("MPI_Comm_remote_group", comm, group, "group");
}

TSS_WEAK_ALIAS(MPI_Intercomm_merge, PMPI_Intercomm_merge)
int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
    (void)high;
    return not_inter("MPI_Intercomm_merge", intercomm, newintracomm, "newintracomm");
}

/* MPI-4.1 section 7.6.2: the two groups must be disjoint, and on one
 * process both leaders are that process.  Every argument is checked as
 * MPICH checks it (and in its order), so that a wrong one is named
 * first; valid ones leave MPI_ERR_RANK, as MPICH's "leaders must be
 * different processes". */
TSS_WEAK_ALIAS(MPI_Intercomm_create, PMPI_Intercomm_create)
int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                          int remote_leader, int tag, MPI_Comm *newintercomm)
{
    static const char fn[] = "MPI_Intercomm_create";
    int rc = tss_check_comm(fn, local_comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (tag < 0 || tag > TSS_TAG_UB)
        return tss_raise(local_comm, MPI_ERR_TAG, "%s(tag=%d): Invalid tag (0 to MPI_TAG_UB, %d)",
                         fn, tag, TSS_TAG_UB);
    if (!newintercomm)
        return tss_raise(local_comm, MPI_ERR_ARG, "%s(newintercomm=NULL): Invalid argument", fn);
    if (local_leader != 0)
        return tss_raise(local_comm, MPI_ERR_RANK,
                         "%s(local_leader=%d): Invalid rank (local_comm has size 1)", fn,
                         local_leader);
    if ((rc = tss_check_comm(fn, peer_comm)) != MPI_SUCCESS)
        return rc;
    if (remote_leader != 0)
        return tss_raise(local_comm, MPI_ERR_RANK,
                         "%s(remote_leader=%d): Invalid rank (peer_comm has size 1)", fn,
                         remote_leader);
    return tss_raise(local_comm, MPI_ERR_RANK,
                     "%s: the local and remote leaders are the same process, and the groups "
                     "they lead are not disjoint (on one process they cannot be)",
                     fn);
}

/* MPI-4.1 section 7.6.2: the groups must be disjoint, and the calling
 * process belongs to local_group and, as remote_leader must be a rank of
 * remote_group, to remote_group too: every valid call is refused, with
 * MPI_ERR_GROUP, once the arguments are checked (MPICH 4.0.2 fails an
 * assertion).  Errors go to errhandler, as the new communicator's would. */
TSS_WEAK_ALIAS(MPI_Intercomm_create_from_groups, PMPI_Intercomm_create_from_groups)
int PMPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader,
                                      MPI_Group remote_group, int remote_leader,
                                      const char *stringtag, MPI_Info info,
                                      MPI_Errhandler errhandler, MPI_Comm *newintercomm)
{
    static const char fn[] = "MPI_Intercomm_create_from_groups";
    const MPI_Group groups[2] = {local_group, remote_group};
    const int leaders[2] = {local_leader, remote_leader};
    static const char *const names[2] = {"local", "remote"};
    int rc = tss_from_group_args(fn, errhandler, stringtag, info);

    if (rc != MPI_SUCCESS)
        return rc;
    for (int i = 0; i < 2; i++) {
        if (!tss_group_valid(groups[i]))
            return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_GROUP,
                                   "%s(%s_group=" TSS_HFMT "): Invalid group", fn, names[i],
                                   TSS_HARG(groups[i]));
        if (groups[i] == MPI_GROUP_EMPTY || leaders[i] != 0)
            return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_RANK,
                                   "%s(%s_leader=%d): Invalid rank (%s_group has size %d)", fn,
                                   names[i], leaders[i], names[i],
                                   groups[i] == MPI_GROUP_EMPTY ? 0 : 1);
    }
    if (!newintercomm)
        return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_ARG,
                               "%s(newintercomm=NULL): Invalid argument", fn);
    *newintercomm = MPI_COMM_NULL;
    return tss_raise_given(errhandler, TSS_EH_COMM, MPI_ERR_GROUP,
                           "%s: local_group and remote_group both hold this process, and must "
                           "be disjoint (on one process they cannot be)",
                           fn);
}

/* MPI-4.1 section 11.8.2: MPI_COMM_NULL, for a process MPI_Comm_spawn did
 * not start; this one was started by the program's user. */
TSS_WEAK_ALIAS(MPI_Comm_get_parent, PMPI_Comm_get_parent)
int PMPI_Comm_get_parent(MPI_Comm *parent)
{
    int rc = tss_check_init("MPI_Comm_get_parent");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!parent)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Comm_get_parent(parent=NULL): Invalid argument");
    *parent = MPI_COMM_NULL;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_set_name, PMPI_Comm_set_name)
int PMPI_Comm_set_name(MPI_Comm comm, const char *comm_name)
{
    comm_rec *r;
    int rc = tss_check_comm("MPI_Comm_set_name", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_name)
        return tss_raise(comm, MPI_ERR_ARG, "MPI_Comm_set_name(comm_name=NULL): Invalid argument");
    pthread_mutex_lock(&tss_comm_mutex);
    if ((r = lookup(comm, NULL)))
        snprintf(r->name, sizeof r->name, "%s", comm_name); /* longer names are cut */
    pthread_mutex_unlock(&tss_comm_mutex);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_get_name, PMPI_Comm_get_name)
int PMPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen)
{
    comm_rec *r;
    int rc = tss_check_comm("MPI_Comm_get_name", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_name || !resultlen)
        return tss_raise(comm, MPI_ERR_ARG, "MPI_Comm_get_name(%s=NULL): Invalid argument",
                         comm_name ? "resultlen" : "comm_name");
    pthread_mutex_lock(&tss_comm_mutex);
    if ((r = lookup(comm, NULL)))
        snprintf(comm_name, MPI_MAX_OBJECT_NAME, "%s", r->name);
    pthread_mutex_unlock(&tss_comm_mutex);
    *resultlen = (int)strlen(comm_name);
    return MPI_SUCCESS;
}
