/* SPDX-License-Identifier: BSD-3-Clause */
/* Freed shadows held back from MPICH for a while.
 *
 * In layered mode a datatype handle is MPICH's, and MPICH hands a freed
 * handle to the next type it makes (its free lists are LIFO): a stale
 * handle would name that new type at once, and typeshim could not tell.
 * The last QUARANTINE shadows the program freed therefore keep their
 * MPICH reference, so their handles stay unused and typeshim answers
 * MPI_ERR_TYPE for them through QUARANTINE later frees.  MPI_Finalize
 * releases them all, before MPICH looks for leaked handles.
 *
 * Held shadows are live MPICH types the program does not hold, and MPICH
 * must never be pushed by them into a state the program alone would not
 * reach.  MPICH 4.0.2 breaks once a datatype's handle index passes 0x300
 * (its 769th indirect datatype, measured with plain MPICH programs that
 * hold N types: MPI_Pack of vector(2,2,2,MPI_INT) returns a short
 * position and wrong bytes, and MPI_Get_accumulate with a derived target
 * type aborts).  Its free lists are LIFO, so the highest index it hands
 * out is the most types ever alive at once.  So at most QUARANTINE are
 * held (the margin over what the program holds), and none past the point
 * where MPICH's live datatypes (the program's shadows, check twins,
 * adopted handles, value-index shadows and the held ones) would pass
 * LIVE_LIMIT, well below 0x300 to leave MPICH room for its own internal
 * types.  Past it, the oldest held shadows go back first: a stale handle
 * is then refused for fewer frees, or not at all (best effort).
 *
 * Once its quarantine is over, the oldest shadow would go back to MPICH,
 * which would give its handle to the next type made.  When that next type
 * is the same construction over predefined types (tsl_key.c), it gets the
 * shadow itself instead: no new MPICH type, and no commit when the old
 * one was committed.  A program that builds, uses and frees the same
 * small type at every step (a halo's vector) then pays MPICH nothing for
 * it after the first QUARANTINE frees, and a stale handle is refused as
 * long as before. */
#include "typeshim_config.h"

#include <pthread.h>

#include "layer/tsl.h"

#define QUARANTINE 64
#define LIVE_LIMIT 512

/* One more than QUARANTINE: the oldest has seen QUARANTINE later frees
 * when it is given back or released. */
#define SLOTS (QUARANTINE + 1)

/* One cache line each, so that the oldest entry, read at every
 * construction, is one line. */
typedef struct held_shadow {
    tsl_key key; /* its construction, when it can be given back */
    int committed;
    MPI_Datatype h;
} __attribute__((aligned(64))) held_shadow;

_Static_assert(sizeof(held_shadow) == 64, "a held shadow is one cache line");

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static held_shadow ring[SLOTS];
static unsigned head, held; /* oldest entry, and how many */
static int hooked;          /* the MPI_Finalize hook is set */
static int finalizing;      /* it ran: hold nothing back any more */
/* Shadows of the predefined types typeshim makes (value-index pairs, at
 * most one per pair of predefined types: fewer than 1024), used until
 * MPI_Finalize, which releases them with the ring. */
#define LASTING 1024
static MPI_Datatype lasting[LASTING];
static unsigned nlasting;

/* SLOTS is no power of two: no division on every free */
static unsigned next_slot(unsigned i)
{
    return i + 1 == SLOTS ? 0 : i + 1;
}

static void release(MPI_Datatype h)
{
    tsl_next.Type_free(&h);
}

/* How many shadows may be held now: SLOTS, less what MPICH's other live
 * datatypes take of LIVE_LIMIT. */
static unsigned room_locked(void)
{
    long room = LIVE_LIMIT - tsl_live_shadows() - (long)nlasting;

    return room <= 0 ? 0 : room < SLOTS ? (unsigned)room : SLOTS;
}

/* Takes the oldest held shadows out until at most keep are held, into
 * out (SLOTS entries): the caller releases them outside the lock, since
 * MPICH may call back into typeshim from Type_free (attribute
 * callbacks).  Returns how many. */
static unsigned trim_locked(unsigned keep, MPI_Datatype *out)
{
    unsigned n = 0;

    while (held > keep) {
        out[n++] = ring[head].h;
        head = next_slot(head);
        held--;
    }
    return n;
}

static void release_all(const MPI_Datatype *h, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        release(h[i]);
}

/* Empties the ring. */
static void drain(void)
{
    MPI_Datatype out[SLOTS];
    unsigned n;

    pthread_mutex_lock(&lock);
    n = trim_locked(0, out);
    pthread_mutex_unlock(&lock);
    release_all(out, n);
}

static int at_finalize(MPI_Comm comm, int keyval, void *val, void *extra)
{
    (void)comm, (void)keyval, (void)val, (void)extra;
    pthread_mutex_lock(&lock);
    finalizing = 1;
    pthread_mutex_unlock(&lock);
    drain();
    /* no other thread may make types while MPI_Finalize runs */
    for (unsigned i = 0; i < nlasting; i++)
        release(lasting[i]);
    nlasting = 0;
    return MPI_SUCCESS;
}

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first (MPI-4.1
 * §11.2.4): a delete callback there still may free datatypes. */
static int hook_locked(void)
{
    int kv;

    if (hooked)
        return 1;
    if (!tsl_mpi.Comm_create_keyval || !tsl_mpi.Comm_set_attr ||
        tsl_mpi.Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &kv, NULL) != MPI_SUCCESS)
        return 0;
    if (tsl_mpi.Comm_set_attr(MPI_COMM_SELF, kv, NULL) != MPI_SUCCESS)
        return 0;
    hooked = 1;
    return 1;
}

void tsl_quarantine_put(MPI_Datatype h, const tsf_contents *c, int committed)
{
    MPI_Datatype out[SLOTS + 1];
    unsigned n, room;
    held_shadow *e;

    if (h == MPI_DATATYPE_NULL)
        return;
    tsl_count_shadows(-1); /* no live type's shadow any more */
    pthread_mutex_lock(&lock);
    /* hooked and not finalizing: MPI is live (asking MPICH twice per free
     * was a tenth of a small type's free) */
    if (!hooked || finalizing) {
        pthread_mutex_unlock(&lock);
        if (!tsl_mpi_live()) { /* nothing to protect outside MPI_Init..Finalize */
            release(h);
            return;
        }
        pthread_mutex_lock(&lock);
        if (finalizing || !hook_locked()) {
            pthread_mutex_unlock(&lock);
            release(h);
            return;
        }
    }
    room = room_locked();
    /* room for h too, the oldest going back first */
    n = trim_locked(room ? room - 1 : 0, out);
    if (!room) {
        out[n++] = h; /* MPICH is near its limit: h goes back at once */
    } else {
        e = &ring[head + held < SLOTS ? head + held : head + held - SLOTS];
        e->h = h;
        e->committed = committed;
        if (!c || !tsl_key_set(&e->key, c))
            e->key.len = 0;
        held++;
    }
    pthread_mutex_unlock(&lock);
    release_all(out, n);
}

int tsl_quarantine_reuse(const tsf_contents *c, MPI_Datatype *h, int *committed)
{
    MPI_Datatype out[SLOTS];
    unsigned n = 0, room;
    int found = 0;

    pthread_mutex_lock(&lock);
    room = room_locked();
    /* only a shadow whose quarantine is over (as many later frees as may
     * be held now): any other is still refused */
    if (held && held >= room && !finalizing && tsl_key_equal(&ring[head].key, c)) {
        *h = ring[head].h;
        *committed = ring[head].committed;
        head = next_slot(head);
        held--;
        found = 1;
    } else if (held > room) {
        /* the program's types grew since: MPICH gets the excess back
         * before it makes another */
        n = trim_locked(room, out);
    }
    pthread_mutex_unlock(&lock);
    release_all(out, n);
    if (found)
        tsl_count_shadows(1);
    return found;
}

void tsl_release_at_finalize(MPI_Datatype h)
{
    pthread_mutex_lock(&lock);
    /* without the hook MPICH reports the handle as leaked at MPI_Finalize:
     * a warning, nothing worse */
    if (nlasting < LASTING && hook_locked())
        lasting[nlasting++] = h;
    pthread_mutex_unlock(&lock);
}
