/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss_info_priv.h: what the info files (tss_info.c, tss_info_env.c,
 * tss_info_hints.c) share.  Everything here is used under tss_info_mutex.
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
TSS_HIDDEN extern pthread_mutex_t tss_info_mutex;
/* MPI_INFO_ENV's pairs, never freed, and whether they were filled
 * (tss_info_env.c). */
TSS_HIDDEN extern tss_info tss_info_env;
TSS_HIDDEN extern int tss_info_env_filled;

/* Objects (tss_info.c), lock held.  tss_info_obj_set: key set to val, -1 without
 * memory; tss_info_obj_remove: pair i goes; tss_info_obj_dup: a copy (empty for NULL),
 * NULL without memory. */
TSS_HIDDEN int tss_info_obj_set(tss_info *o, const char *key, const char *val);
TSS_HIDDEN void tss_info_obj_remove(tss_info *o, int i);
TSS_HIDDEN void tss_info_obj_free(tss_info *o);
TSS_HIDDEN tss_info *tss_info_obj_dup(const tss_info *o);
/* Lock held.  MPI_INFO_ENV's keys into o (tss_info_env.c); nonzero when
 * one could not be kept. */
TSS_HIDDEN int tss_info_env_fill(tss_info *o, int argc, char **argv);
/* Handles (tss_info.c), lock held: the object of a handle (MPI_INFO_ENV's
 * too) or NULL; a handle for o, MPI_INFO_NULL without memory. */
TSS_HIDDEN tss_info *tss_info_lookup(MPI_Info info, unsigned *idx);
TSS_HIDDEN MPI_Info tss_info_handle_new(tss_info *o);
/* Errors raised on MPI_COMM_WORLD: arg is NULL; out of memory. */
TSS_HIDDEN int tss_info_null_arg(const char *fn, const char *arg);
TSS_HIDDEN int tss_info_no_mem(const char *fn);

#endif /* TSS_INFO_PRIV_H */
