/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss_info_priv.h: what the info files (tss_info.c, tss_info_env.c,
 * tss_info_hints.c) share.  Everything here is used under info_mutex.
 */
#ifndef TSS_INFO_PRIV_H
#define TSS_INFO_PRIV_H

#include <pthread.h>

typedef struct entry {
    char *key, *val; /* owned */
} entry;

struct tss_info {
    int n, cap;
    entry *e; /* n pairs in the order their keys were first set */
};

/* The lock of every info object, handle and hint (tss_info.c). */
TSS_HIDDEN extern pthread_mutex_t info_mutex TSS_SYMBOL(tss_info_mutex);
/* MPI_INFO_ENV's pairs, never freed, and whether they were filled
 * (tss_info_env.c). */
TSS_HIDDEN extern tss_info env TSS_SYMBOL(tss_info_env);
TSS_HIDDEN extern int env_filled TSS_SYMBOL(tss_info_env_filled);

/* Objects (tss_info.c), lock held.  obj_set: key set to val, -1 without
 * memory; obj_remove: pair i goes; obj_dup: a copy (empty for NULL),
 * NULL without memory. */
TSS_HIDDEN int obj_set(tss_info *o, const char *key, const char *val) TSS_SYMBOL(tss_info_obj_set);
TSS_HIDDEN void obj_remove(tss_info *o, int i) TSS_SYMBOL(tss_info_obj_remove);
TSS_HIDDEN void obj_free(tss_info *o) TSS_SYMBOL(tss_info_obj_free);
TSS_HIDDEN tss_info *obj_dup(const tss_info *o) TSS_SYMBOL(tss_info_obj_dup);
/* Lock held.  MPI_INFO_ENV's keys into o (tss_info_env.c); nonzero when
 * one could not be kept. */
TSS_HIDDEN int env_fill(tss_info *o, int argc, char **argv) TSS_SYMBOL(tss_info_env_fill);
/* Handles (tss_info.c), lock held: the object of a handle (MPI_INFO_ENV's
 * too) or NULL; a handle for o, MPI_INFO_NULL without memory. */
TSS_HIDDEN tss_info *lookup(MPI_Info info, unsigned *idx) TSS_SYMBOL(tss_info_lookup);
TSS_HIDDEN MPI_Info handle_new(tss_info *o) TSS_SYMBOL(tss_info_handle_new);
/* Errors raised on MPI_COMM_WORLD: arg is NULL; out of memory. */
TSS_HIDDEN int null_arg(const char *fn, const char *arg) TSS_SYMBOL(tss_info_null_arg);
TSS_HIDDEN int no_mem(const char *fn) TSS_SYMBOL(tss_info_no_mem);

#endif /* TSS_INFO_PRIV_H */
