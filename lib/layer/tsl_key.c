/* SPDX-License-Identifier: BSD-3-Clause */
/* A construction as a key: the constructor and its arguments, when every
 * child is predefined (tsl_quarantine_reuse).
 *
 * Such a shadow is fixed by the key alone: the children's handles are
 * immortal, and the shadow's form (markers dropped, resized wrapper,
 * twin) follows from the arguments.  Derived children are left out: a
 * child's handle names another type once MPICH has reused it.  The key
 * is checked on every construction in layered mode, so it is a few words
 * compared in a loop, not a hash or memcmp calls. */
#include "typeshim_config.h"

#include "layer/tsl.h"

/* c's arguments as 32-bit words into w (at least TSL_KEY_WORDS): how
 * many, or 0 when c cannot be a key. */
static int words_of(const tsf_contents *c, uint32_t *w)
{
    int64_t n = c->ni + 2 * (c->na + c->nc) + c->nd;
    int i = 0;

    if (n <= 0 || n > TSL_KEY_WORDS || c->combiner != (int16_t)c->combiner ||
        c->combiner == MPI_COMBINER_F90_REAL || c->combiner == MPI_COMBINER_F90_COMPLEX ||
        c->combiner == MPI_COMBINER_F90_INTEGER || c->combiner == MPI_COMBINER_VALUE_INDEX)
        return 0;
    for (int64_t j = 0; j < c->ni; j++)
        w[i++] = (uint32_t)c->ints[j];
    for (int64_t j = 0; j < c->na; j++) {
        uint64_t v = (uint64_t)c->addrs[j];
        w[i++] = (uint32_t)v;
        w[i++] = (uint32_t)(v >> 32);
    }
    for (int64_t j = 0; j < c->nc; j++) {
        uint64_t v = (uint64_t)c->counts[j];
        w[i++] = (uint32_t)v;
        w[i++] = (uint32_t)(v >> 32);
    }
    for (int64_t j = 0; j < c->nd; j++) {
        const tsf_dtype *k = c->types[j];
        if (k->kind == TSF_DERIVED || k->handle == MPI_LB || k->handle == MPI_UB)
            return 0;
        w[i++] = (uint32_t)(uintptr_t)k; /* predefined: one object per handle */
    }
    return i;
}

int tsl_key_set(tsl_key *k, const tsf_contents *c)
{
    int n = words_of(c, k->w);

    k->len = (uint8_t)n;
    k->combiner = (int16_t)c->combiner;
    k->ni = (uint8_t)c->ni;
    k->na = (uint8_t)c->na;
    k->nc = (uint8_t)c->nc;
    k->nd = (uint8_t)c->nd;
    return n > 0;
}

int tsl_key_equal(const tsl_key *k, const tsf_contents *c)
{
    const uint32_t *w = k->w;

    /* equal counts: as many words as the key has, read in place */
    if (!k->len || k->combiner != c->combiner || k->ni != c->ni || k->na != c->na ||
        k->nc != c->nc || k->nd != c->nd)
        return 0;
    for (int64_t j = 0; j < c->ni; j++)
        if (*w++ != (uint32_t)c->ints[j])
            return 0;
    for (int64_t j = 0; j < c->na; j++, w += 2)
        if (w[0] != (uint32_t)c->addrs[j] || w[1] != (uint32_t)((uint64_t)c->addrs[j] >> 32))
            return 0;
    for (int64_t j = 0; j < c->nc; j++, w += 2)
        if (w[0] != (uint32_t)c->counts[j] || w[1] != (uint32_t)((uint64_t)c->counts[j] >> 32))
            return 0;
    /* a key holds predefined handles only: a derived or marker child
     * differs from each */
    for (int64_t j = 0; j < c->nd; j++)
        if (c->types[j]->kind == TSF_DERIVED || *w++ != (uint32_t)(uintptr_t)c->types[j])
            return 0;
    return 1;
}
