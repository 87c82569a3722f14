/* SPDX-License-Identifier: BSD-3-Clause */
/* Freed shadows held back from MPICH for a while.
 *
 * In layered mode a datatype handle is MPICH's, and MPICH hands a freed
 * handle to the next type it makes (its free lists are LIFO): a stale
 * handle would name that new type at once, and typeshim could not tell.
 * The last QUARANTINE shadows the program freed therefore keep their
 * MPICH reference, so their handles stay unused and typeshim answers
 * MPI_ERR_TYPE for them through QUARANTINE later frees (about 730 bytes
 * of MPICH memory each).  MPI_Finalize releases them all, before MPICH
 * looks for leaked handles. */
#include "typeshim_config.h"

#include <pthread.h>

#include "layer/tsl.h"

#define QUARANTINE 4096

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static MPI_Datatype ring[QUARANTINE];
static unsigned head, held; /* oldest entry, and how many */
static int hooked;          /* the MPI_Finalize hook is set */
static int finalizing;      /* it ran: hold nothing back any more */
/* Shadows of the predefined types typeshim makes (value-index pairs, at
 * most one per pair of predefined types: fewer than 1024), used until
 * MPI_Finalize, which releases them with the ring. */
#define LASTING 1024
static MPI_Datatype lasting[LASTING];
static unsigned nlasting;

static void release(MPI_Datatype h)
{
    tsl_next.Type_free(&h);
}

/* Empties the ring; the handles are freed outside the lock, since MPICH
 * may call back into typeshim from Type_free (attribute callbacks). */
static void drain(void)
{
    for (;;) {
        MPI_Datatype h;

        pthread_mutex_lock(&lock);
        if (!held) {
            pthread_mutex_unlock(&lock);
            return;
        }
        h = ring[head];
        head = (head + 1) % QUARANTINE;
        held--;
        pthread_mutex_unlock(&lock);
        release(h);
    }
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

void tsl_quarantine_put(MPI_Datatype h)
{
    MPI_Datatype oldest = MPI_DATATYPE_NULL;

    if (h == MPI_DATATYPE_NULL)
        return;
    tsl_count_shadows(-1); /* no live type's shadow any more */
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
    if (held == QUARANTINE) {
        oldest = ring[head];
        head = (head + 1) % QUARANTINE;
        held--;
    }
    ring[(head + held) % QUARANTINE] = h;
    held++;
    pthread_mutex_unlock(&lock);
    if (oldest != MPI_DATATYPE_NULL)
        release(oldest);
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
