/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * File views and data representations (MPI-4.1 sections 14.3 and 14.5):
 * MPI_File_set_view, MPI_File_get_view, MPI_File_get_type_extent(_c),
 * MPI_File_get_byte_offset, MPI_Register_datarep(_c).
 *
 * A view keeps holds on its etype and filetype (the program may free its
 * handles), their sizes, and whether the filetype's copies make one run
 * (then a stream byte's file offset is a sum).  Otherwise offsets come
 * from typeshim_type_iov over one copy of the filetype.
 *
 * Representations: "native" and "internal" store the memory's bytes;
 * "external32" stores MPI-4.1 section 14.5.2's big-endian form, which
 * typeshim's MPI_Pack_external writes; a registered representation
 * stores what its conversion functions make.  The file layout of a view
 * is its filetype's type map, so a representation whose sizes differ
 * from the memory's for a type the view or an access uses (C long and
 * long double in external32, or the file extents a program's
 * representation gives) would need a second layout: those are refused
 * with MPI_ERR_UNSUPPORTED_DATAREP, saying which type.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_file_priv.h"

/* The registered representations (tss_file_mutex); never unregistered
 * before MPI_Finalize (MPI-4.1 section 14.5.3). */
static tss_datarep *reps;
static int nreps;

void tss_view_default(tss_view *v)
{
    memset(v, 0, sizeof *v);
    v->etype = v->filetype = MPI_BYTE;
    v->esize = v->fsize = v->fext = 1;
    v->flat = 1;
    v->last_end = 1;
    v->rep.kind = TSS_REP_NATIVE;
    strcpy(v->rep.name, "native");
}

void tss_view_free(tss_view *v)
{
    tss_quiet_begin();
    if (v->own_e)
        PMPI_Type_free(&v->etype);
    if (v->own_f)
        PMPI_Type_free(&v->filetype);
    tss_quiet_end();
    v->own_e = v->own_f = 0;
    v->etype = v->filetype = MPI_BYTE;
}

/* The type a view uses for the program's type t, into *out: t when
 * predefined, else a contiguous type of one t it owns (*own set). */
static int view_type(const char *fn, const char *arg, MPI_Datatype t, MPI_Datatype *out, int *own,
                     tss_error *e)
{
    int ni, na, nd, combiner = MPI_COMBINER_NAMED, rc;

    PMPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    *out = t;
    *own = 0;
    if (combiner == MPI_COMBINER_NAMED)
        return MPI_SUCCESS;
    tss_quiet_begin();
    if ((rc = PMPI_Type_contiguous(1, t, out)) == MPI_SUCCESS &&
        (rc = PMPI_Type_commit(out)) != MPI_SUCCESS)
        PMPI_Type_free(out);
    tss_quiet_end();
    if (rc != MPI_SUCCESS) {
        *out = MPI_BYTE;
        return tss_fail(e, MPI_ERR_NO_MEM, "%s(%s): out of memory for the view's copy", fn, arg);
    }
    *own = 1;
    return MPI_SUCCESS;
}

/* ------------------------------------------------------------- offsets */

/* The displacement, in one copy of v's filetype, of the copy's stream
 * byte r (0 <= r < fsize). */
static MPI_Aint tile_disp(const tss_view *v, MPI_Count r)
{
    MPI_Aint d = 0;
    MPI_Count len, next;
    int n;

    tss_quiet_begin();
    (void)typeshim_type_iov(1, v->filetype, r, r + 1, &d, &len, 1, &n, &next);
    tss_quiet_end();
    return d;
}

int tss_view_offset(const char *fn, const tss_view *v, MPI_Offset p, MPI_Offset *off, tss_error *e)
{
    MPI_Offset k = p / v->fsize, at;

    if (v->flat ? __builtin_add_overflow(v->disp, (MPI_Offset)v->first + p, &at)
                : __builtin_mul_overflow(k, (MPI_Offset)v->fext, &at) ||
                      __builtin_add_overflow(at, v->disp, &at) ||
                      __builtin_add_overflow(at, (MPI_Offset)tile_disp(v, p % v->fsize), &at))
        return tss_fail(e, MPI_ERR_ARG, "%s: the data lies past the largest file offset", fn);
    *off = at;
    return MPI_SUCCESS;
}

/* The data bytes of one copy of v's filetype that lie before rem bytes
 * from the copy's origin. */
static MPI_Offset copy_bytes_before(const tss_view *v, MPI_Offset rem)
{
    MPI_Aint d[64];
    MPI_Count l[64], at = 0;
    MPI_Offset bytes = 0;
    int n;

    tss_quiet_begin();
    while (at < v->fsize &&
           typeshim_type_iov(1, v->filetype, at, v->fsize, d, l, 64, &n, &at) == MPI_SUCCESS) {
        for (int i = 0; i < n; i++)
            if (d[i] < rem)
                bytes += l[i] < rem - d[i] ? l[i] : rem - d[i];
        if (n && d[n - 1] >= rem) /* non-decreasing: none further */
            break;
    }
    tss_quiet_end();
    return bytes;
}

/* Copies that may lie across the end of the file, at most: past that,
 * overlapping copies of a read-only view would make a seek linear in the
 * file's size. */
#define EOF_PARTIAL_COPIES 64

int tss_view_eof(const char *fn, const tss_view *v, MPI_Offset size, MPI_Offset *eof, tss_error *e)
{
    MPI_Offset rel = size - v->disp, bytes, full, k, at;

    *eof = 0;
    if (rel <= 0)
        return MPI_SUCCESS;
    if (v->flat) {
        bytes = rel > v->first ? rel - v->first : 0;
    } else {
        /* copies wholly before the end, then those it cuts */
        full = rel >= v->last_end ? (rel - v->last_end) / v->fext + 1 : 0;
        if (__builtin_mul_overflow(full, (MPI_Offset)v->fsize, &bytes))
            return tss_fail(e, MPI_ERR_ARG, "%s: the view holds more data than an offset counts",
                            fn);
        for (k = full;; k++) {
            if (__builtin_mul_overflow(k, (MPI_Offset)v->fext, &at) || at + v->first >= rel)
                break;
            if (k - full == EOF_PARTIAL_COPIES)
                return tss_fail(e, MPI_ERR_UNSUPPORTED_OPERATION,
                                "%s: more than %d overlapping copies of the filetype lie across "
                                "the end of the file",
                                fn, EOF_PARTIAL_COPIES);
            if (__builtin_add_overflow(bytes, copy_bytes_before(v, rel - at), &bytes))
                return tss_fail(e, MPI_ERR_ARG,
                                "%s: the view holds more data than an offset counts", fn);
        }
    }
    *eof = bytes / v->esize + (bytes % v->esize != 0);
    return MPI_SUCCESS;
}

/* -------------------------------------------------------- representations */

/* tss_file_mutex held.  A registered representation by name, or NULL. */
static tss_datarep *rep_find(const char *name)
{
    for (int i = 0; i < nreps; i++)
        if (!strcmp(reps[i].name, name))
            return &reps[i];
    return NULL;
}

void tss_datarep_finalize(void)
{
    tss_free(reps);
    reps = NULL;
    nreps = 0;
}

static int builtin_rep(const char *name)
{
    return !strcmp(name, "native") || !strcmp(name, "internal") || !strcmp(name, "external32");
}

static int register_datarep(const char *fn, const char *datarep, void (*read_fn)(void),
                            void (*write_fn)(void), void (*extent_fn)(void), void *state, int large)
{
    tss_datarep *grown;
    int rc = tss_check_init(fn), cls = MPI_SUCCESS;

    if (rc != MPI_SUCCESS)
        return rc;
    if (!datarep || !extent_fn)
        return tss_raise_file(MPI_FILE_NULL, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                              datarep ? "dtype_file_extent_fn" : "datarep");
    if (strlen(datarep) >= MPI_MAX_DATAREP_STRING)
        return tss_raise_file(MPI_FILE_NULL, MPI_ERR_ARG,
                              "%s(datarep): the name is longer than MPI_MAX_DATAREP_STRING - 1 "
                              "(%d) characters",
                              fn, MPI_MAX_DATAREP_STRING - 1);
    pthread_mutex_lock(&tss_file_mutex);
    if (builtin_rep(datarep) || rep_find(datarep))
        cls = MPI_ERR_DUP_DATAREP;
    else if (!(grown = tss_realloc(reps, (size_t)nreps * sizeof *reps,
                                   (size_t)(nreps + 1) * sizeof *reps)))
        cls = MPI_ERR_NO_MEM;
    else {
        reps = grown;
        memset(&reps[nreps], 0, sizeof *reps);
        strcpy(reps[nreps].name, datarep);
        reps[nreps].read_fn = read_fn;
        reps[nreps].write_fn = write_fn;
        reps[nreps].extent_fn = extent_fn;
        reps[nreps].state = state;
        reps[nreps].large = large;
        nreps++;
    }
    pthread_mutex_unlock(&tss_file_mutex);
    if (cls == MPI_ERR_DUP_DATAREP)
        return tss_raise_file(MPI_FILE_NULL, cls,
                              "%s(datarep=\"%s\"): a representation of that name exists", fn,
                              datarep);
    if (cls != MPI_SUCCESS)
        return tss_raise_file(MPI_FILE_NULL, cls, "%s: out of memory", fn);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Register_datarep, PMPI_Register_datarep)
int PMPI_Register_datarep(const char *datarep, MPI_Datarep_conversion_function *read_conversion_fn,
                          MPI_Datarep_conversion_function *write_conversion_fn,
                          MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state)
{
    return register_datarep("MPI_Register_datarep", datarep, (void (*)(void))read_conversion_fn,
                            (void (*)(void))write_conversion_fn,
                            (void (*)(void))dtype_file_extent_fn, extra_state, 0);
}

TSS_WEAK_ALIAS(MPI_Register_datarep_c, PMPI_Register_datarep_c)
int PMPI_Register_datarep_c(const char *datarep,
                            MPI_Datarep_conversion_function_c *read_conversion_fn,
                            MPI_Datarep_conversion_function_c *write_conversion_fn,
                            MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state)
{
    return register_datarep("MPI_Register_datarep_c", datarep, (void (*)(void))read_conversion_fn,
                            (void (*)(void))write_conversion_fn,
                            (void (*)(void))dtype_file_extent_fn, extra_state, 1);
}

void tss_file_rep(tss_file_rec *f, tss_repr *r)
{
    pthread_mutex_lock(&f->mu);
    *r = f->view.rep;
    pthread_mutex_unlock(&f->mu);
}

/* The representation named datarep, into *r. */
static int rep_resolve(const char *fn, const char *datarep, tss_repr *r, tss_error *e)
{
    tss_datarep *u;

    memset(r, 0, sizeof *r);
    if (!datarep)
        return tss_fail(e, MPI_ERR_ARG, "%s(datarep=NULL): Invalid argument", fn);
    if (!strcmp(datarep, "native") || !strcmp(datarep, "internal")) {
        r->kind = TSS_REP_NATIVE;
    } else if (!strcmp(datarep, "external32")) {
        r->kind = TSS_REP_EXTERNAL32;
    } else {
        pthread_mutex_lock(&tss_file_mutex);
        if ((u = rep_find(datarep)))
            r->user = *u;
        pthread_mutex_unlock(&tss_file_mutex);
        if (!u)
            return tss_fail(e, MPI_ERR_UNSUPPORTED_DATAREP,
                            "%s(datarep=\"%.*s\"): no such data representation (native, "
                            "internal, external32, or one MPI_Register_datarep registered)",
                            fn, MPI_MAX_DATAREP_STRING, datarep);
        r->kind = TSS_REP_USER;
    }
    snprintf(r->name, sizeof r->name, "%s", datarep);
    return MPI_SUCCESS;
}

/* The size in a file of representation r of one element of predefined
 * type basic, into *bytes. */
static int basic_file_size(const char *fn, const tss_repr *r, MPI_Datatype basic, MPI_Count *bytes,
                           tss_error *e)
{
    MPI_Aint x = -1;
    int rc;

    if (r->kind == TSS_REP_NATIVE)
        return PMPI_Type_size_c(basic, bytes);
    if (r->kind == TSS_REP_EXTERNAL32) {
        PMPI_Pack_external_size("external32", 1, basic, &x);
    } else if ((rc = ((MPI_Datarep_extent_function *)r->user.extent_fn)(
                    basic, &x, r->user.state)) != MPI_SUCCESS) {
        return tss_fail(e, rc, "%s: the extent function of representation \"%s\" failed", fn,
                        r->name);
    }
    *bytes = x;
    return MPI_SUCCESS;
}

int tss_rep_same_size(const char *fn, const tss_repr *r, const char *arg, MPI_Datatype type,
                      tss_error *e)
{
    MPI_Count size = 0, file = 0, bsize = 0;
    MPI_Datatype basic;
    int rc;

    if (r->kind == TSS_REP_NATIVE)
        return MPI_SUCCESS;
    PMPI_Type_size_c(type, &size);
    if (size == 0)
        return MPI_SUCCESS;
    if (r->kind == TSS_REP_EXTERNAL32) {
        MPI_Aint x = 0;
        PMPI_Pack_external_size("external32", 1, type, &x);
        if (x == size)
            return MPI_SUCCESS;
        return tss_fail(e, MPI_ERR_UNSUPPORTED_DATAREP,
                        "%s(%s): %lld bytes in memory, %lld in external32: representations that "
                        "change the size of an element are not supported",
                        fn, arg, (long long)size, (long long)x);
    }
    /* a registered representation: types of one predefined type, whose
     * file extent is its size */
    if (tss_type_basic(fn, arg, 1, type, size, &basic, e) != MPI_SUCCESS)
        return tss_fail(e, MPI_ERR_UNSUPPORTED_DATAREP,
                        "%s(%s): representation \"%s\" is supported for datatypes made of one "
                        "predefined type",
                        fn, arg, r->name);
    if ((rc = basic_file_size(fn, r, basic, &file, e)) != MPI_SUCCESS)
        return rc;
    PMPI_Type_size_c(basic, &bsize);
    if (file != bsize)
        return tss_fail(e, MPI_ERR_UNSUPPORTED_DATAREP,
                        "%s(%s): an element is %lld bytes in memory, %lld in representation "
                        "\"%s\": representations that change the size of an element are not "
                        "supported",
                        fn, arg, (long long)bsize, (long long)file, r->name);
    return MPI_SUCCESS;
}

/* The extent of type in a file of representation r, into *extent: a
 * predefined type's file size, else the memory extent of a type whose
 * elements keep their sizes (MPI_ERR_UNSUPPORTED_DATAREP otherwise). */
static int rep_extent(const char *fn, const tss_repr *r, MPI_Datatype type, MPI_Aint *extent,
                      tss_error *e)
{
    int ni, na, nd, combiner = MPI_COMBINER_NAMED, rc;
    MPI_Count bytes;
    MPI_Aint lb;

    PMPI_Type_get_extent(type, &lb, extent);
    if (r->kind == TSS_REP_NATIVE)
        return MPI_SUCCESS;
    PMPI_Type_get_envelope(type, &ni, &na, &nd, &combiner);
    if (combiner != MPI_COMBINER_NAMED)
        return tss_rep_same_size(fn, r, "datatype", type, e);
    if ((rc = basic_file_size(fn, r, type, &bytes, e)) != MPI_SUCCESS)
        return rc;
    *extent = (MPI_Aint)bytes;
    return MPI_SUCCESS;
}

/* ------------------------------------------------------------ set_view */

/* The filetype's type map must have non-negative, non-decreasing
 * displacements, copy after copy, and no byte twice when the file may be
 * written (MPI-4.1 section 14.3); also sets v->flat and v->first. */
static int check_monotone(const char *fn, tss_view *v, int writable, tss_error *e)
{
    MPI_Aint d[64], prev = 0, prev_end = 0, first = 0, max_end = 0;
    MPI_Count l[64], at = 0;
    int n, blocks = 0, rc = MPI_SUCCESS;

    tss_quiet_begin();
    while (at < v->fsize && rc == MPI_SUCCESS) {
        if ((rc = typeshim_type_iov(1, v->filetype, at, v->fsize, d, l, 64, &n, &at)) !=
            MPI_SUCCESS)
            break;
        for (int i = 0; i < n; i++, blocks++) {
            if (blocks == 0)
                first = d[i];
            if (d[i] < 0 || (blocks && d[i] < (writable ? prev_end : prev))) {
                rc = MPI_ERR_TYPE;
                break;
            }
            prev = d[i];
            prev_end = d[i] + (MPI_Aint)l[i];
            if (prev_end > max_end)
                max_end = prev_end;
        }
    }
    tss_quiet_end();
    if (rc == MPI_SUCCESS && first + v->fext < (writable ? prev_end : prev))
        rc = MPI_ERR_TYPE; /* the next copy begins before this one ends */
    if (rc != MPI_SUCCESS)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(filetype): the displacements of a filetype must be non-negative and "
                        "non-decreasing from copy to copy%s (MPI-4.1 section 14.3)",
                        fn, writable ? ", and name no byte twice in a file open for writing" : "");
    v->flat = blocks == 1 && v->fext == v->fsize;
    v->first = first;
    v->last_end = max_end;
    return MPI_SUCCESS;
}

/* The checks of set_view's types and representation, made with no lock
 * held (a registered representation's extent function runs): *r gets
 * the representation, esize and fsize the types' sizes. */
static int view_args(const char *fn, const tss_file_rec *f, MPI_Datatype etype,
                     MPI_Datatype filetype, const char *datarep, tss_repr *r, MPI_Count *esize,
                     MPI_Count *fsize, tss_error *e)
{
    /* amode never changes: read without the file's lock */
    int side = (f->amode & MPI_MODE_RDONLY) ? TSS_SIDE_SEND : TSS_SIDE_RECV, rc;

    if ((rc = tss_type_check(fn, "etype", NULL, 1, etype, side, esize, e)) != MPI_SUCCESS ||
        (rc = tss_type_check(fn, "filetype", NULL, 1, filetype, side, fsize, e)) != MPI_SUCCESS ||
        (rc = rep_resolve(fn, datarep, r, e)) != MPI_SUCCESS ||
        (rc = tss_rep_same_size(fn, r, "etype", etype, e)) != MPI_SUCCESS)
        return rc;
    return tss_rep_same_size(fn, r, "filetype", filetype, e);
}

/* The view the arguments describe, into *v (its types made); f->mu
 * held, view_args passed. */
static int make_view(const char *fn, tss_file_rec *f, MPI_Offset disp, MPI_Datatype etype,
                     MPI_Datatype filetype, const tss_repr *r, tss_view *v, tss_error *e)
{
    MPI_Offset p;
    MPI_Aint lb;
    int rc;

    v->etype = v->filetype = MPI_BYTE;
    v->rep = *r;
    if (disp == MPI_DISPLACEMENT_CURRENT) {
        if (!(f->amode & MPI_MODE_SEQUENTIAL))
            return tss_fail(e, MPI_ERR_ARG,
                            "%s(disp=MPI_DISPLACEMENT_CURRENT): only for a file opened "
                            "MPI_MODE_SEQUENTIAL",
                            fn);
        if (__builtin_mul_overflow(f->shared, (MPI_Offset)f->view.esize, &p))
            return tss_fail(e, MPI_ERR_ARG,
                            "%s: the shared file pointer lies past the largest "
                            "file offset",
                            fn);
        if ((rc = tss_view_offset(fn, &f->view, p, &disp, e)) != MPI_SUCCESS)
            return rc;
    } else if (disp < 0) {
        return tss_fail(e, MPI_ERR_ARG, "%s(disp=%lld): a displacement cannot be negative", fn,
                        (long long)disp);
    }
    v->disp = disp;
    PMPI_Type_get_extent(filetype, &lb, &v->fext);
    if (v->esize <= 0)
        return tss_fail(e, MPI_ERR_ARG, "%s(etype): an etype must hold data", fn);
    if (v->fsize <= 0 || v->fsize % v->esize || v->fext <= 0)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(filetype): a filetype must be made of whole etypes (%lld bytes of "
                        "data, the etype %lld) and have a positive extent (%lld)",
                        fn, (long long)v->fsize, (long long)v->esize, (long long)v->fext);
    v->filetype = filetype; /* borrowed for the check: the program's handle */
    rc = check_monotone(fn, v, !(f->amode & MPI_MODE_RDONLY), e);
    v->filetype = MPI_BYTE;
    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = view_type(fn, "etype", etype, &v->etype, &v->own_e, e)) != MPI_SUCCESS)
        return rc;
    if ((rc = view_type(fn, "filetype", filetype, &v->filetype, &v->own_f, e)) != MPI_SUCCESS)
        tss_view_free(v);
    return rc;
}

TSS_WEAK_ALIAS(MPI_File_set_view, PMPI_File_set_view)
int PMPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
                       const char *datarep, MPI_Info info)
{
    const char *fn = "MPI_File_set_view";
    tss_file_rec *f;
    tss_view v, old;
    tss_repr r;
    tss_error e;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    tss_view_default(&old);
    tss_view_default(&v);
    if ((rc = view_args(fn, f, etype, filetype, datarep, &r, &v.esize, &v.fsize, &e)) !=
        MPI_SUCCESS)
        return tss_raise_file(fh, rc, "%s", e.text);
    pthread_mutex_lock(&f->mu);
    if (f->split)
        rc = tss_fail(&e, MPI_ERR_OTHER, "%s: %s is still to be ended", fn, f->split);
    else if ((rc = make_view(fn, f, disp, etype, filetype, &r, &v, &e)) == MPI_SUCCESS) {
        /* the hints may change between views; a bad one changes nothing */
        if ((rc = tss_hints_join(&f->hints, info)) != MPI_SUCCESS) {
            old = v;
            tss_fail(&e, rc, "%s(info): %s", fn,
                     rc == MPI_ERR_INFO ? "Invalid info object" : "out of memory");
        } else {
            old = f->view;
            f->view = v;
            f->ind = f->shared = 0; /* MPI-4.1 section 14.3 */
        }
    }
    pthread_mutex_unlock(&f->mu);
    tss_view_free(&old);
    return rc == MPI_SUCCESS ? rc : tss_raise_file(fh, rc, "%s", e.text);
}

/* The program's type behind a view's type t, as a handle the program
 * owns: t when predefined, else (own) the one type of the view's copy,
 * which MPI_Type_get_contents hands back with a reference of its own. */
static int give_type(MPI_Datatype t, int own, MPI_Datatype *out)
{
    int ints[1];
    MPI_Aint addrs[1];

    if (!own) {
        *out = t;
        return MPI_SUCCESS;
    }
    return PMPI_Type_get_contents(t, 1, 0, 1, ints, addrs, out);
}

TSS_WEAK_ALIAS(MPI_File_get_view, PMPI_File_get_view)
int PMPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype,
                       char *datarep)
{
    const char *fn = "MPI_File_get_view";
    MPI_Datatype et = MPI_DATATYPE_NULL, ft = MPI_DATATYPE_NULL;
    tss_file_rec *f;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!disp || !etype || !filetype || !datarep)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                              !disp       ? "disp"
                              : !etype    ? "etype"
                              : !filetype ? "filetype"
                                          : "datarep");
    pthread_mutex_lock(&f->mu);
    tss_quiet_begin();
    if ((rc = give_type(f->view.etype, f->view.own_e, &et)) == MPI_SUCCESS &&
        (rc = give_type(f->view.filetype, f->view.own_f, &ft)) != MPI_SUCCESS && f->view.own_e)
        PMPI_Type_free(&et);
    tss_quiet_end();
    if (rc == MPI_SUCCESS) {
        *disp = f->view.disp;
        *etype = et;
        *filetype = ft;
        strcpy(datarep, f->view.rep.name);
    }
    pthread_mutex_unlock(&f->mu);
    return rc == MPI_SUCCESS ? rc
                             : tss_raise_file(fh, rc, "%s: out of memory for the view's types", fn);
}

static int get_type_extent(const char *fn, MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    tss_file_rec *f;
    tss_repr r;
    tss_error e;
    MPI_Count bytes;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!extent)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(extent=NULL): Invalid argument", fn);
    tss_file_rep(f, &r);
    /* no lock: a registered representation's extent function runs */
    if ((rc = tss_type_check(fn, "datatype", NULL, 1, datatype, TSS_SIDE_SEND, &bytes, &e)) ==
        MPI_SUCCESS)
        rc = rep_extent(fn, &r, datatype, extent, &e);
    return rc == MPI_SUCCESS ? rc : tss_raise_file(fh, rc, "%s", e.text);
}

TSS_WEAK_ALIAS(MPI_File_get_type_extent, PMPI_File_get_type_extent)
int PMPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    return get_type_extent("MPI_File_get_type_extent", fh, datatype, extent);
}

TSS_WEAK_ALIAS(MPI_File_get_type_extent_c, PMPI_File_get_type_extent_c)
int PMPI_File_get_type_extent_c(MPI_File fh, MPI_Datatype datatype, MPI_Count *extent)
{
    MPI_Aint x = 0;
    int rc = get_type_extent("MPI_File_get_type_extent_c", fh, datatype, extent ? &x : NULL);

    if (rc == MPI_SUCCESS)
        *extent = x;
    return rc;
}

TSS_WEAK_ALIAS(MPI_File_get_byte_offset, PMPI_File_get_byte_offset)
int PMPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp)
{
    const char *fn = "MPI_File_get_byte_offset";
    MPI_Offset p;
    tss_file_rec *f;
    tss_error e;
    int rc = tss_file_check(fn, fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!disp)
        return tss_raise_file(fh, MPI_ERR_ARG, "%s(disp=NULL): Invalid argument", fn);
    pthread_mutex_lock(&f->mu);
    if (offset < 0)
        rc = tss_fail(&e, MPI_ERR_ARG, "%s(offset=%lld): an offset cannot be negative", fn,
                      (long long)offset);
    else if (__builtin_mul_overflow(offset, (MPI_Offset)f->view.esize, &p))
        rc = tss_fail(&e, MPI_ERR_ARG, "%s(offset=%lld): past the largest file offset", fn,
                      (long long)offset);
    else
        rc = tss_view_offset(fn, &f->view, p, disp, &e);
    pthread_mutex_unlock(&f->mu);
    return rc == MPI_SUCCESS ? rc : tss_raise_file(fh, rc, "%s", e.text);
}
