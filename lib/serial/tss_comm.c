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

/* Handles of made communicators (tss_handle.c): MPICH's kind bits of a
 * direct communicator (0x84000000), a 10-bit generation in bits 16..25
 * and the slot in bits 0..15; a freed slot rests until 1024 others were
 * freed, so a freed handle is refused for a million communicators made
 * and freed after it, not taken for one of them. */

/* Groups of the one process (every non-empty group; an empty one is
 * MPI_GROUP_EMPTY, as MPICH gives it): each has a handle of its own in a
 * handle table, MPICH's kind bits of a direct group (0x88000000), a 10-bit
 * generation and the slot in bits 0..15, so that a freed group's handle
 * is refused for a million groups made and freed after it. */
static tso_table groups = TSO_TABLE(TSO_GROUP, &tss_tso_alloc);

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

static pthread_mutex_t comm_mutex = PTHREAD_MUTEX_INITIALIZER;
static comm_rec world = {1, 0, MPI_ERRORS_ARE_FATAL, NULL, "MPI_COMM_WORLD", NULL, NULL};
static comm_rec self = {1, 1, MPI_ERRORS_ARE_FATAL, NULL, "MPI_COMM_SELF", NULL, NULL};
/* the made ones, each allocated once and kept by its slot */
static tso_table recs = TSO_TABLE(TSO_COMM, &tss_tso_alloc);
static int next_ctx = 2;

/* comm_mutex held.  The record of a live communicator, or NULL. */
static comm_rec *lookup(MPI_Comm comm, unsigned *idx)
{
    unsigned i;

    if (comm == MPI_COMM_WORLD)
        return &world;
    if (comm == MPI_COMM_SELF)
        return &self;
    if (tso_find(&recs, (uint32_t)comm, &i) != TSO_LIVE)
        return NULL;
    if (idx)
        *idx = i;
    return *tso_obj(&recs, i);
}

static comm_rec *find(MPI_Comm comm)
{
    comm_rec *r;

    pthread_mutex_lock(&comm_mutex);
    r = lookup(comm, NULL);
    pthread_mutex_unlock(&comm_mutex);
    return r;
}

int tss_comm_valid(MPI_Comm comm)
{
    return find(comm) != NULL;
}

const char *tss_comm_why(MPI_Comm comm)
{
    const char *why;

    if (comm == MPI_COMM_NULL)
        return "MPI_COMM_NULL";
    pthread_mutex_lock(&comm_mutex);
    why = tso_why(&recs, (uint32_t)comm);
    pthread_mutex_unlock(&comm_mutex);
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

    pthread_mutex_lock(&comm_mutex);
    r = lookup(comm, NULL);
    if ((t = r ? r->topo : NULL))
        tss_topo_ref(t); /* a concurrent MPI_Comm_free cannot take it away */
    pthread_mutex_unlock(&comm_mutex);
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

/* comm_mutex held.  What r's files keep for it, without callbacks. */
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
    pthread_mutex_lock(&comm_mutex);
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
    tso_reset(&groups);
    pthread_mutex_unlock(&comm_mutex);
}

/* A new communicator made from parent: its context, parent's error
 * handler (referenced), no name.  MPI_ERR_NO_MEM when out of memory,
 * MPI_ERR_OTHER when every handle is live (tss_comm_lack says which). */
static int make(MPI_Comm parent, int dup, tss_topo *topo, MPI_Comm *out)
{
    comm_rec *r, *from;
    void *rec;
    unsigned i;
    int rc;

    tss_lock(); /* the handler's reference */
    pthread_mutex_lock(&comm_mutex);
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
    *out = (MPI_Comm)tso_handle(&recs, i);
    pthread_mutex_unlock(&comm_mutex);
    tss_errhandler_ref(r->eh);
    tss_unlock();
    return MPI_SUCCESS;
fail:
    pthread_mutex_unlock(&comm_mutex);
    tss_unlock();
    return rc;
}

/* Ends a made communicator whose attributes are gone: its handler's
 * reference and hints go, its handle is refused from now on. */
static void unmake(MPI_Comm comm)
{
    MPI_Errhandler eh = MPI_ERRORS_ARE_FATAL;
    tss_topo *topo = NULL;
    comm_rec *r;
    unsigned i = 0;

    tss_lock();
    pthread_mutex_lock(&comm_mutex);
    if ((r = lookup(comm, &i)) && r != &world && r != &self) {
        tss_hints_drop(&r->hints);
        eh = r->eh;
        topo = r->topo;
        r->topo = NULL;
        r->used = 0;
        tso_put(&recs, i);
    }
    pthread_mutex_unlock(&comm_mutex);
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
    return make(parent, 0, t, newcomm);
}

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
    if ((rc = make(comm, (take & TAKE_TOPO) != 0, NULL, &nc)))
        return tss_raise(comm, rc, "%s: %s", fn, tss_comm_lack(rc));
    rc = take & TAKE_HINTS ? tss_hints_inherit(comm, nc) : tss_hints_set(nc, info);
    if (rc != MPI_SUCCESS)
        tss_fail(&e, rc, "%s: out of memory for the hints", fn);
    else if (take & TAKE_ATTRS)
        rc = tss_attr_copy(fn, comm, nc, &e);
    if (rc != MPI_SUCCESS) {
        unmake(nc);
        return tss_raise(comm, e.cls, "%s", e.text);
    }
    *newcomm = nc;
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Comm_dup, PMPI_Comm_dup)
int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_dup", comm);

    return rc ? rc
              : construct("MPI_Comm_dup", comm, 0, TAKE_HINTS | TAKE_ATTRS | TAKE_TOPO,
                          MPI_INFO_NULL, newcomm);
}

TSU_WEAK_ALIAS(MPI_Comm_dup_with_info, PMPI_Comm_dup_with_info)
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
        unmake(*newcomm);
        *newcomm = MPI_COMM_NULL;
    }
    return rc;
}

TSU_WEAK_ALIAS(MPI_Comm_idup, PMPI_Comm_idup)
int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
    return idup("MPI_Comm_idup", comm, TAKE_HINTS | TAKE_ATTRS | TAKE_TOPO, MPI_INFO_NULL, newcomm,
                request);
}

/* MPI-4.1 section 7.4.2: as MPI_Comm_idup, with the hints of info (those
 * of comm are not taken), as MPI_Comm_dup_with_info. */
TSU_WEAK_ALIAS(MPI_Comm_idup_with_info, PMPI_Comm_idup_with_info)
int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request)
{
    return idup("MPI_Comm_idup_with_info", comm, TAKE_ATTRS | TAKE_TOPO, info, newcomm, request);
}

TSU_WEAK_ALIAS(MPI_Comm_split, PMPI_Comm_split)
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

/* Whether the one process makes a communicator of split_type (MPI-4.1
 * section 7.4.2), -1 when split_type is no split type (MPICH's
 * MPI_ERR_ARG).  MPI_COMM_TYPE_HW_GUIDED needs a resource this runtime
 * knows, "mpi_shared_memory" (the standard one; the process shares
 * memory with itself), else MPI_COMM_NULL; MPI_COMM_TYPE_HW_UNGUIDED
 * needs a strict subset of comm, which one process has not;
 * MPIX_COMM_TYPE_NEIGHBORHOOD needs MPICH's key "nbhd_common_dirname"
 * (the process shares any directory with itself). */
static int split_member(int split_type, MPI_Info info)
{
    switch (split_type) {
    case MPI_UNDEFINED:
        return 0;
    case MPI_COMM_TYPE_SHARED:
        return 1;
    case MPI_COMM_TYPE_HW_GUIDED:
        return info_is(info, "mpi_hw_resource_type", "mpi_shared_memory");
    case MPI_COMM_TYPE_HW_UNGUIDED:
        return 0;
    case MPIX_COMM_TYPE_NEIGHBORHOOD:
        return info_is(info, "nbhd_common_dirname", NULL);
    default:
        return -1;
    }
}

TSU_WEAK_ALIAS(MPI_Comm_split_type, PMPI_Comm_split_type)
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

/* Whether g is a live group of the process (not MPI_GROUP_EMPTY). */
static int is_self(MPI_Group g)
{
    unsigned i;
    int live;

    pthread_mutex_lock(&comm_mutex);
    live = tso_find(&groups, (uint32_t)g, &i) == TSO_LIVE;
    pthread_mutex_unlock(&comm_mutex);
    return live;
}

static int group_valid(MPI_Group g)
{
    return g == MPI_GROUP_EMPTY || is_self(g);
}

/* A new group of the process into *out (member), or MPI_GROUP_EMPTY. */
static int group_out(const char *fn, int member, MPI_Group *out)
{
    unsigned i;
    int full;

    if (!member) {
        *out = MPI_GROUP_EMPTY;
        return MPI_SUCCESS;
    }
    pthread_mutex_lock(&comm_mutex);
    if (!(full = tso_take(&groups, &i)))
        *out = (MPI_Group)tso_handle(&groups, i);
    pthread_mutex_unlock(&comm_mutex);
    if (full == MPI_ERR_NO_MEM)
        return tss_raise(MPI_COMM_WORLD, full, "%s: out of memory for a group", fn);
    return full ? tss_raise(MPI_COMM_WORLD, full, "%s: every group handle is live", fn)
                : MPI_SUCCESS;
}

static int bad_group(const char *fn, MPI_Comm comm, const char *arg, MPI_Group g)
{
    const char *why;

    pthread_mutex_lock(&comm_mutex);
    why = tso_why(&groups, (uint32_t)g);
    pthread_mutex_unlock(&comm_mutex);
    return tss_raise(comm, MPI_ERR_GROUP, "%s(%s=0x%x): Invalid group (%s)", fn, arg, (unsigned)g,
                     why);
}

TSU_WEAK_ALIAS(MPI_Comm_create, PMPI_Comm_create)
int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_create", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!group_valid(group))
        return bad_group("MPI_Comm_create", comm, "group", group);
    return construct("MPI_Comm_create", comm, group == MPI_GROUP_EMPTY, 0, MPI_INFO_NULL, newcomm);
}

/* MPI-4.1 section 7.4.2: collective over group only, tag telling apart
 * concurrent calls; on one process MPI_Comm_create by another name. */
TSU_WEAK_ALIAS(MPI_Comm_create_group, PMPI_Comm_create_group)
int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
    int rc = tss_check_comm("MPI_Comm_create_group", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!group_valid(group))
        return bad_group("MPI_Comm_create_group", comm, "group", group);
    /* checked for the empty group too, as MPICH does */
    if (tag < 0 || tag > TSS_TAG_UB)
        return tss_raise(comm, MPI_ERR_TAG,
                         "MPI_Comm_create_group(tag=%d): Invalid tag (0 to MPI_TAG_UB, %d)", tag,
                         TSS_TAG_UB);
    return construct("MPI_Comm_create_group", comm, group == MPI_GROUP_EMPTY, 0, MPI_INFO_NULL,
                     newcomm);
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
    pthread_mutex_lock(&comm_mutex);
    r = lookup(*comm, NULL);
    pthread_mutex_unlock(&comm_mutex);
    if (r == &world || r == &self)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COMM,
                         "%s(comm=0x%x): a predefined communicator cannot be freed", fn,
                         (unsigned)*comm);
    if (!r) /* asked under the lock: another thread may grow the table */
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COMM, "%s(comm=0x%x): Invalid communicator (%s)",
                         fn, (unsigned)*comm, tss_comm_why(*comm));
    /* the delete callbacks first: one that fails leaves the communicator
     * (MPI-4.1 section 7.7.2: the call fails) */
    if ((rc = tss_attr_clear(fn, *comm, 1, &e)) != MPI_SUCCESS)
        return tss_raise(*comm, e.cls, "%s", e.text);
    /* messages still queued on it can no longer be received: MPI leaves
     * them to complete, which nothing can observe on one process */
    unmake(*comm);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Comm_free, PMPI_Comm_free)
int PMPI_Comm_free(MPI_Comm *comm)
{
    return release("MPI_Comm_free", comm);
}

/* MPI-4.1 section 11.10.4: MPI_Comm_free once the pending operations on
 * comm are complete.  On one process every send completed when it was
 * made or waits in the queue of messages to self, which nothing can
 * receive once comm is gone: there is nothing left to wait for. */
TSU_WEAK_ALIAS(MPI_Comm_disconnect, PMPI_Comm_disconnect)
int PMPI_Comm_disconnect(MPI_Comm *comm)
{
    return release("MPI_Comm_disconnect", comm);
}

TSU_WEAK_ALIAS(MPI_Comm_compare, PMPI_Comm_compare)
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

TSU_WEAK_ALIAS(MPI_Comm_test_inter, PMPI_Comm_test_inter)
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

TSU_WEAK_ALIAS(MPI_Comm_remote_size, PMPI_Comm_remote_size)
int PMPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    return not_inter("MPI_Comm_remote_size", comm, size, "size");
}

TSU_WEAK_ALIAS(MPI_Comm_remote_group, PMPI_Comm_remote_group)
int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    return not_inter("MPI_Comm_remote_group", comm, group, "group");
}

/* MPI-4.1 section 11.8.2: MPI_COMM_NULL, for a process MPI_Comm_spawn did
 * not start; this one was started by the program's user. */
TSU_WEAK_ALIAS(MPI_Comm_get_parent, PMPI_Comm_get_parent)
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

TSU_WEAK_ALIAS(MPI_Comm_set_name, PMPI_Comm_set_name)
int PMPI_Comm_set_name(MPI_Comm comm, const char *comm_name)
{
    comm_rec *r;
    int rc = tss_check_comm("MPI_Comm_set_name", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_name)
        return tss_raise(comm, MPI_ERR_ARG, "MPI_Comm_set_name(comm_name=NULL): Invalid argument");
    pthread_mutex_lock(&comm_mutex);
    if ((r = lookup(comm, NULL)))
        snprintf(r->name, sizeof r->name, "%s", comm_name); /* longer names are cut */
    pthread_mutex_unlock(&comm_mutex);
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Comm_get_name, PMPI_Comm_get_name)
int PMPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen)
{
    comm_rec *r;
    int rc = tss_check_comm("MPI_Comm_get_name", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_name || !resultlen)
        return tss_raise(comm, MPI_ERR_ARG, "MPI_Comm_get_name(%s=NULL): Invalid argument",
                         comm_name ? "resultlen" : "comm_name");
    pthread_mutex_lock(&comm_mutex);
    if ((r = lookup(comm, NULL)))
        snprintf(comm_name, MPI_MAX_OBJECT_NAME, "%s", r->name);
    pthread_mutex_unlock(&comm_mutex);
    *resultlen = (int)strlen(comm_name);
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Comm_group, PMPI_Comm_group)
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
    return group_valid(g) ? MPI_SUCCESS : bad_group(fn, MPI_COMM_WORLD, arg, g);
}

static int out_null(const char *fn, const void *p, const char *arg)
{
    return p ? MPI_SUCCESS
             : tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, arg);
}

TSU_WEAK_ALIAS(MPI_Group_size, PMPI_Group_size)
int PMPI_Group_size(MPI_Group group, int *size)
{
    int rc = group_args("MPI_Group_size", group, "group");

    if (rc || (rc = out_null("MPI_Group_size", size, "size")))
        return rc;
    *size = group != MPI_GROUP_EMPTY;
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Group_rank, PMPI_Group_rank)
int PMPI_Group_rank(MPI_Group group, int *rank)
{
    int rc = group_args("MPI_Group_rank", group, "group");

    if (rc || (rc = out_null("MPI_Group_rank", rank, "rank")))
        return rc;
    *rank = group != MPI_GROUP_EMPTY ? 0 : MPI_UNDEFINED;
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Group_free, PMPI_Group_free)
int PMPI_Group_free(MPI_Group *group)
{
    int rc = out_null("MPI_Group_free", group, "group");

    unsigned i;

    if (rc || (rc = group_args("MPI_Group_free", *group, "group")))
        return rc;
    pthread_mutex_lock(&comm_mutex);
    if (tso_find(&groups, (uint32_t)*group, &i) == TSO_LIVE)
        tso_put(&groups, i);
    pthread_mutex_unlock(&comm_mutex);
    *group = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Group_compare, PMPI_Group_compare)
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

TSU_WEAK_ALIAS(MPI_Group_incl, PMPI_Group_incl)
int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    return pick("MPI_Group_incl", group, n, ranks, 1, newgroup);
}

TSU_WEAK_ALIAS(MPI_Group_excl, PMPI_Group_excl)
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

TSU_WEAK_ALIAS(MPI_Group_range_incl, PMPI_Group_range_incl)
int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return pick_ranges("MPI_Group_range_incl", group, n, ranges, 1, newgroup);
}

TSU_WEAK_ALIAS(MPI_Group_range_excl, PMPI_Group_range_excl)
int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return pick_ranges("MPI_Group_range_excl", group, n, ranges, 0, newgroup);
}

TSU_WEAK_ALIAS(MPI_Group_translate_ranks, PMPI_Group_translate_ranks)
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

TSU_WEAK_ALIAS(MPI_Group_union, PMPI_Group_union)
int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return set_op("MPI_Group_union", group1, group2, 0, newgroup);
}

TSU_WEAK_ALIAS(MPI_Group_intersection, PMPI_Group_intersection)
int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return set_op("MPI_Group_intersection", group1, group2, 1, newgroup);
}

TSU_WEAK_ALIAS(MPI_Group_difference, PMPI_Group_difference)
int PMPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return set_op("MPI_Group_difference", group1, group2, 2, newgroup);
}
