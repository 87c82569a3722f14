/* Derived-type handles: MPICH-shaped indirect handles (0xcc...) carrying a
 * slot index and a 4-bit generation, so a freed or forged handle is caught
 * by comparison and never dereferenced.  Lookups take no lock: slot chunks
 * are never moved or freed, and slots are read with acquire loads. */
#include "typeshim_config.h"

#include <pthread.h>

#include "facade/tsf.h"

#define KIND_MASK   0xfc000000u
#define KIND_DERIV  0xcc000000u
#define GEN_SHIFT   22
#define GEN_MASK    0xfu
#define SLOT_MASK   0x3fffffu
#define CHUNK_BITS  12
#define CHUNK_SIZE  (1u << CHUNK_BITS)
#define NCHUNKS     ((SLOT_MASK + 1) / CHUNK_SIZE)

typedef struct slot {
    _Atomic(tsf_dtype *) obj;
    uint32_t gen;
    int32_t next_free; /* FIFO free list: reuse the oldest freed slot last */
} slot;

static _Atomic(slot *) chunks[NCHUNKS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_unused;
static int32_t free_head = -1, free_tail = -1;
static long live;

static slot *slot_at(uint32_t idx)
{
    slot *c = atomic_load_explicit(&chunks[idx >> CHUNK_BITS], memory_order_acquire);
    return c ? &c[idx & (CHUNK_SIZE - 1)] : NULL;
}

tsf_dtype *tsf_lookup(MPI_Datatype h)
{
    uint32_t u = (uint32_t)h;
    tsf_dtype *o;
    slot *s;

    if ((u & KIND_MASK) != KIND_DERIV)
        return tsf_builtin_lookup(h);
    if (!(s = slot_at(u & SLOT_MASK)))
        return NULL;
    o = atomic_load_explicit(&s->obj, memory_order_acquire);
    if (!o || o->handle != h || o->magic != TSF_MAGIC)
        return NULL;
    if (o->kind == TSF_DERIVED && !o->destroying &&
        atomic_load_explicit(&o->uref, memory_order_relaxed) <= 0)
        return NULL;
    return o;
}

int tsf_handle_alloc(tsf_dtype *o)
{
    uint32_t idx;
    slot *s;
    int rc = -1;

    pthread_mutex_lock(&lock);
    if (free_head >= 0 && (next_unused > SLOT_MASK || free_head != free_tail)) {
        idx = (uint32_t)free_head;
        s = slot_at(idx);
        free_head = s->next_free;
        if (free_head < 0)
            free_tail = -1;
    } else if (next_unused <= SLOT_MASK) {
        idx = next_unused;
        if (!slot_at(idx)) {
            slot *c = tsu_calloc(CHUNK_SIZE, sizeof(slot)); /* lives for the process */
            if (!c)
                goto out;
            atomic_store_explicit(&chunks[idx >> CHUNK_BITS], c, memory_order_release);
        }
        next_unused++;
        s = slot_at(idx);
    } else {
        goto out;
    }
    s->gen = (s->gen + 1) & GEN_MASK;
    o->handle = (MPI_Datatype)(KIND_DERIV | (s->gen << GEN_SHIFT) | idx);
    atomic_store_explicit(&s->obj, o, memory_order_release);
    if (o->kind == TSF_DERIVED)
        live++;
    rc = 0;
out:
    pthread_mutex_unlock(&lock);
    return rc;
}

void tsf_handle_release(tsf_dtype *o)
{
    uint32_t idx = (uint32_t)o->handle & SLOT_MASK;
    slot *s = slot_at(idx);

    pthread_mutex_lock(&lock);
    atomic_store_explicit(&s->obj, NULL, memory_order_release);
    s->next_free = -1;
    if (free_tail >= 0)
        slot_at((uint32_t)free_tail)->next_free = (int32_t)idx;
    else
        free_head = (int32_t)idx;
    free_tail = (int32_t)idx;
    if (o->kind == TSF_DERIVED)
        live--;
    pthread_mutex_unlock(&lock);
}

long tsf_handle_live(void)
{
    long n;

    pthread_mutex_lock(&lock);
    n = live;
    pthread_mutex_unlock(&lock);
    return n;
}
