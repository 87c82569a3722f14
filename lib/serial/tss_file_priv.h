/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss_file_priv.h: what the file files (tss_file*.c) share: the record of
 * an open file and its view, and the steps each call begins with.
 */
#ifndef TSS_FILE_PRIV_H
#define TSS_FILE_PRIV_H

#include <pthread.h>

/* The data representations of a view (MPI-4.1 section 14.5). */
enum tss_rep {
    TSS_REP_NATIVE,     /* "native", and "internal", which is native here */
    TSS_REP_EXTERNAL32, /* big-endian IEEE, MPI-4.1 section 14.5.2 */
    TSS_REP_USER        /* registered by MPI_Register_datarep */
};

/* A data representation the program registered. */
typedef struct tss_datarep {
    char name[MPI_MAX_DATAREP_STRING];
    /* the callbacks, of the int form or of the large-count form (large) */
    void (*read_fn)(void), (*write_fn)(void), (*extent_fn)(void);
    void *state;
    int large;
} tss_datarep;

/* The representation of a view: a copy, so that its callbacks can run
 * with no lock held. */
typedef struct tss_repr {
    int kind;         /* enum tss_rep */
    tss_datarep user; /* TSS_REP_USER's */
    char name[MPI_MAX_DATAREP_STRING];
} tss_repr;

/* A file's view (MPI-4.1 section 14.3): the data the file holds for
 * this process is the packed stream of the filetype tiled from disp, one
 * copy every extent bytes; offsets count etypes of that stream. */
typedef struct tss_view {
    MPI_Offset disp;
    /* the program's types, or for a derived one a contiguous type of one
     * copy that the view owns (own_e, own_f): it keeps the program's
     * type alive, whole, once the program frees its handle, and gives it
     * back through MPI_Type_get_contents (MPI_File_get_view) */
    MPI_Datatype etype, filetype;
    int own_e, own_f;
    MPI_Count esize, fsize; /* their sizes in bytes, both > 0 */
    MPI_Aint fext;          /* the filetype's extent, > 0 */
    /* a filetype whose copies make one run from disp + first: the
     * stream's byte p is at disp + first + p (a byte view's case) */
    int flat;
    /* where a copy's data begins and ends, from the copy's origin */
    MPI_Aint first, last_end;
    tss_repr rep;
} tss_view;

/* An open file.  Records are allocated once per slot of the handle table
 * and reused, never freed before MPI_Finalize, so a pointer to one stays
 * usable after the table's lock is released (a call racing with
 * MPI_File_close on the same file is erroneous). */
typedef struct tss_file_rec {
    MPI_File handle;
    pthread_mutex_t mu; /* the view, the pointers, the I/O, split state */
    int fd;
    int amode;
    char *path;        /* as opened, without a file-system prefix (owned) */
    MPI_Errhandler eh; /* under tss_lock; a user handler holds one ref */
    tss_info *hints;   /* under tss_info_mutex */
    int atomic;
    tss_view view;
    MPI_Offset ind, shared; /* the file pointers, in etypes of the view */
    /* a split collective begun (MPI-4.1 section 14.4.5): which, its
     * buffer, and its status for the _end call */
    const char *split;
    const void *split_buf;
    MPI_Status split_status;
} tss_file_rec;

/* The lock of the file table and of the registered representations.
 * Never held while an error is raised or a callback runs. */
TSS_HIDDEN extern pthread_mutex_t tss_file_mutex;

/* The checks every call on an open file begins with: the runtime
 * initialised, fh a file open now (MPI_ERR_FILE raised on MPI_FILE_NULL's
 * handler otherwise).  *f: its record. */
TSS_HIDDEN int tss_file_check(const char *fn, MPI_File fh, tss_file_rec **f);

/* ---- views (tss_file_view.c) ---- */
/* The view MPI_File_open gives: disp 0, MPI_BYTE, MPI_BYTE, "native". */
TSS_HIDDEN void tss_view_default(tss_view *v);
/* Frees the types v owns: without a lock held (delete callbacks of the
 * program's types may run). */
TSS_HIDDEN void tss_view_free(tss_view *v);
/* MPI_SUCCESS when every element of type (argument arg) has the same
 * size in representation r as in memory, else MPI_ERR_UNSUPPORTED_DATAREP
 * with e filled (or the code a registered extent function returned).
 * Calls r's extent function: no lock held. */
TSS_HIDDEN int tss_rep_same_size(const char *fn, const tss_repr *r, const char *arg,
                                 MPI_Datatype type, tss_error *e);
/* f's representation, copied under f->mu. */
TSS_HIDDEN void tss_file_rep(tss_file_rec *f, tss_repr *r);
/* The file offset of byte p of v's stream, into *off; MPI_ERR_ARG with e
 * filled past the largest offset. */
TSS_HIDDEN int tss_view_offset(const char *fn, const tss_view *v, MPI_Offset p, MPI_Offset *off,
                               tss_error *e);
/* Offset (in etypes) of the end of a file of size bytes under v: the
 * etypes whose data lies, at least in part, before size. */
TSS_HIDDEN int tss_view_eof(const char *fn, const tss_view *v, MPI_Offset size, MPI_Offset *eof,
                            tss_error *e);

/* ---- moving data (tss_file_io.c) ---- */
enum { TSS_READ, TSS_WRITE };
/* f->mu held.  Moves (buf, count, type) from or to f's view at offset
 * (etypes), bytes as they are: *bytes gets the bytes moved (fewer than
 * asked for a read that met the end of the file).  Checks the access
 * mode, the datatype (committed, a whole number of etypes, a read writing
 * no byte twice) first; errors as a class with e filled. */
TSS_HIDDEN int tss_file_xfer(const char *fn, tss_file_rec *f, int dir, MPI_Offset offset,
                             const void *buf, MPI_Count count, MPI_Datatype type, MPI_Count *bytes,
                             tss_error *e);
/* No lock held: the n bytes of (buf, count, type) in representation r
 * (not native), encoded into *file, a block of n bytes the caller frees
 * (n: the packed size, which r keeps: tss_rep_same_size). */
TSS_HIDDEN int tss_rep_encode(const char *fn, const tss_repr *r, const void *buf, MPI_Count count,
                              MPI_Datatype type, MPI_Count n, char **file, tss_error *e);
/* No lock held: the whole elements of the got bytes of file decoded into
 * (buf, count, type); *got becomes the bytes of those elements. */
TSS_HIDDEN int tss_rep_decode(const char *fn, const tss_repr *r, const char *file, MPI_Count *got,
                              void *buf, MPI_Count count, MPI_Datatype type, MPI_Count n,
                              tss_error *e);
/* The class of a failed POSIX call's errno (MPI-4.1 section 14.7). */
TSS_HIDDEN int tss_file_errno_class(int err);
/* A status of bytes moved. */
TSS_HIDDEN void tss_file_status(MPI_Status *status, MPI_Count bytes);

/* ---- registered representations (tss_file_view.c) ---- */
/* Forgets them (MPI_Finalize), tss_file_mutex held. */
TSS_HIDDEN void tss_datarep_finalize(void);

#endif /* TSS_FILE_PRIV_H */
