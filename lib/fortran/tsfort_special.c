/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The Fortran binding's own parts: the COMMON blocks, CHARACTER
 * conversions, and the functions whose Fortran form is not their C form
 * argument by argument (tools/gen-fort.py writes the others):
 * MPI_Init and MPI_Init_thread (no argc/argv), MPI_Pcontrol (no varargs),
 * MPI_Buffer_detach (the buffer's address is C's only), and the attribute
 * calls, whose Fortran value is an INTEGER (KIND=MPI_ADDRESS_KIND), not
 * a pointer (MPI-4.1 section 7.7.1).
 */
#include "typeshim_config.h"

#include <stdint.h>
#include <string.h>

#include "fortran/tsfort.h"

/* the binding's prototypes: no header declares them (a Fortran program
 * calls them) */
TSFORT_API void pmpi_init_(MPI_Fint *ierr);
TSFORT_API void pmpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr);
TSFORT_API void pmpi_pcontrol_(MPI_Fint *level, MPI_Fint *ierr);
TSFORT_API void pmpi_buffer_detach_(void *buffer_addr, MPI_Fint *size, MPI_Fint *ierr);
TSFORT_API void pmpi_comm_set_attr_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                    MPI_Fint *ierr);
TSFORT_API void pmpi_comm_get_attr_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                    MPI_Fint *flag, MPI_Fint *ierr);
TSFORT_API void pmpi_attr_put_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Fint *attribute_val,
                               MPI_Fint *ierr);
TSFORT_API void pmpi_attr_get_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Fint *attribute_val,
                               MPI_Fint *flag, MPI_Fint *ierr);
TSFORT_API void pmpi_type_set_attr_(MPI_Fint *datatype, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                    MPI_Fint *ierr);
TSFORT_API void pmpi_type_get_attr_(MPI_Fint *datatype, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                    MPI_Fint *flag, MPI_Fint *ierr);
TSFORT_API void pmpi_win_set_attr_(MPI_Fint *win, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                   MPI_Fint *ierr);
TSFORT_API void pmpi_win_get_attr_(MPI_Fint *win, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                   MPI_Fint *flag, MPI_Fint *ierr);
TSFORT_API void pmpi_info_get_(MPI_Fint *info, char *key, MPI_Fint *valuelen, char *value,
                               MPI_Fint *flag, MPI_Fint *ierr, size_t key_len, size_t value_len);
TSFORT_API void pmpi_info_get_string_(MPI_Fint *info, char *key, MPI_Fint *buflen, char *value,
                                      MPI_Fint *flag, MPI_Fint *ierr, size_t key_len,
                                      size_t value_len);
TSFORT_API void pmpi_session_get_nth_pset_(MPI_Fint *session, MPI_Fint *info, MPI_Fint *n,
                                           MPI_Fint *pset_len, char *pset_name, MPI_Fint *ierr,
                                           size_t pset_name_len);
TSFORT_API void pmpi_f_sync_reg_(void *buf);

struct tsfort_priv1 mpipriv1_;
struct tsfort_priv2 mpipriv2_;
struct tsfort_privc mpiprivc_;
MPI_Fint mpifcmb5_;
MPI_Fint mpifcmb9_;

/* ------------------------------------------------------------ strings */

/* MPI's longest string: the C calls write at most this and a NUL. */
#define STRMAX MPI_MAX_LIBRARY_VERSION_STRING

void tsfort_free(void *p)
{
    typeshim_free(p);
}

char *tsfort_str_in(const char *s, size_t len)
{
    char *c;

    while (len > 0 && s[len - 1] == ' ')
        len--;
    while (len > 0 && s[0] == ' ')
        s++, len--;
    if (!(c = typeshim_malloc(len + 1)))
        return NULL;
    memcpy(c, s, len);
    c[len] = '\0';
    return c;
}

char *tsfort_str_buf(size_t len)
{
    size_t n = (len > STRMAX ? len : STRMAX) + 1;
    char *c = typeshim_malloc(n);

    if (c)
        memset(c, 0, n);
    return c;
}

void tsfort_str_out(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);

    if (n > len)
        n = len;
    memcpy(dst, src, n);
    memset(dst + n, ' ', len - n);
}

int tsfort_no_mem(void)
{
    int init = 0, fin = 1;

    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (init && !fin)
        MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_NO_MEM);
    return MPI_ERR_NO_MEM;
}

/* ------------------------------------------------------------ life */

TSFORT_API void pmpi_init_(MPI_Fint *ierr)
{
    *ierr = MPI_Init(NULL, NULL);
}
TSFORT_ALIAS(mpi_init_, pmpi_init_)

TSFORT_API void pmpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)
{
    *ierr = MPI_Init_thread(NULL, NULL, *required, provided);
}
TSFORT_ALIAS(mpi_init_thread_, pmpi_init_thread_)

TSFORT_API void pmpi_pcontrol_(MPI_Fint *level, MPI_Fint *ierr)
{
    *ierr = MPI_Pcontrol(*level);
}
TSFORT_ALIAS(mpi_pcontrol_, pmpi_pcontrol_)

/* The Fortran buffer_addr receives nothing: an address is C's (MPI-4.1
 * section 3.6.1 lets Fortran ignore it). */
TSFORT_API void pmpi_buffer_detach_(void *buffer_addr, MPI_Fint *size, MPI_Fint *ierr)
{
    void *addr = NULL;

    (void)buffer_addr;
    *ierr = MPI_Buffer_detach(&addr, size);
}
TSFORT_ALIAS(mpi_buffer_detach_, pmpi_buffer_detach_)

/* ---------------------------------------------------------- attributes */

/* A value C keeps behind a pointer, as MPI-4.1 section 7.7.1 has the
 * predefined attributes: read through it (int or MPI_Aint); others are
 * the value the Fortran program stored. */
static MPI_Aint comm_value(int keyval, void *v)
{
    if (keyval == MPI_TAG_UB || keyval == MPI_HOST || keyval == MPI_IO ||
        keyval == MPI_WTIME_IS_GLOBAL || keyval == MPI_UNIVERSE_SIZE ||
        keyval == MPI_LASTUSEDCODE || keyval == MPI_APPNUM)
        return *(int *)v;
    return (MPI_Aint)(intptr_t)v;
}

static MPI_Aint win_value(int keyval, void *v)
{
    if (keyval == MPI_WIN_SIZE)
        return *(MPI_Aint *)v;
    if (keyval == MPI_WIN_DISP_UNIT || keyval == MPI_WIN_CREATE_FLAVOR || keyval == MPI_WIN_MODEL)
        return *(int *)v;
    return (MPI_Aint)(intptr_t)v; /* MPI_WIN_BASE: the address itself */
}

TSFORT_API void pmpi_comm_set_attr_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                    MPI_Fint *ierr)
{
    *ierr = MPI_Comm_set_attr((MPI_Comm)*comm, *keyval, (void *)(intptr_t)*attribute_val);
}
TSFORT_ALIAS(mpi_comm_set_attr_, pmpi_comm_set_attr_)

TSFORT_API void pmpi_comm_get_attr_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                    MPI_Fint *flag, MPI_Fint *ierr)
{
    void *v = NULL;

    *ierr = MPI_Comm_get_attr((MPI_Comm)*comm, *keyval, &v, flag);
    if (*ierr == MPI_SUCCESS && *flag)
        *attribute_val = comm_value(*keyval, v);
}
TSFORT_ALIAS(mpi_comm_get_attr_, pmpi_comm_get_attr_)

/* MPI-1's forms: an INTEGER value. */
TSFORT_API void pmpi_attr_put_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Fint *attribute_val,
                               MPI_Fint *ierr)
{
    *ierr = MPI_Attr_put((MPI_Comm)*comm, *keyval, (void *)(intptr_t)*attribute_val);
}
TSFORT_ALIAS(mpi_attr_put_, pmpi_attr_put_)

TSFORT_API void pmpi_attr_get_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Fint *attribute_val,
                               MPI_Fint *flag, MPI_Fint *ierr)
{
    void *v = NULL;

    *ierr = MPI_Attr_get((MPI_Comm)*comm, *keyval, &v, flag);
    if (*ierr == MPI_SUCCESS && *flag)
        *attribute_val = (MPI_Fint)comm_value(*keyval, v);
}
TSFORT_ALIAS(mpi_attr_get_, pmpi_attr_get_)

TSFORT_API void pmpi_type_set_attr_(MPI_Fint *datatype, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                    MPI_Fint *ierr)
{
    *ierr = MPI_Type_set_attr((MPI_Datatype)*datatype, *keyval, (void *)(intptr_t)*attribute_val);
}
TSFORT_ALIAS(mpi_type_set_attr_, pmpi_type_set_attr_)

TSFORT_API void pmpi_type_get_attr_(MPI_Fint *datatype, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                    MPI_Fint *flag, MPI_Fint *ierr)
{
    void *v = NULL;

    *ierr = MPI_Type_get_attr((MPI_Datatype)*datatype, *keyval, &v, flag);
    if (*ierr == MPI_SUCCESS && *flag)
        *attribute_val = (MPI_Aint)(intptr_t)v;
}
TSFORT_ALIAS(mpi_type_get_attr_, pmpi_type_get_attr_)

TSFORT_API void pmpi_win_set_attr_(MPI_Fint *win, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                   MPI_Fint *ierr)
{
    *ierr = MPI_Win_set_attr((MPI_Win)*win, *keyval, (void *)(intptr_t)*attribute_val);
}
TSFORT_ALIAS(mpi_win_set_attr_, pmpi_win_set_attr_)

TSFORT_API void pmpi_win_get_attr_(MPI_Fint *win, MPI_Fint *keyval, MPI_Aint *attribute_val,
                                   MPI_Fint *flag, MPI_Fint *ierr)
{
    void *v = NULL;

    *ierr = MPI_Win_get_attr((MPI_Win)*win, *keyval, &v, flag);
    if (*ierr == MPI_SUCCESS && *flag)
        *attribute_val = win_value(*keyval, v);
}
TSFORT_ALIAS(mpi_win_get_attr_, pmpi_win_get_attr_)

/* ------------------------------------------------- strings with lengths */

/* MPI_Info_get: value is written only when the key is there (flag). */
TSFORT_API void pmpi_info_get_(MPI_Fint *info, char *key, MPI_Fint *valuelen, char *value,
                               MPI_Fint *flag, MPI_Fint *ierr, size_t key_len, size_t value_len)
{
    char *k = tsfort_str_in(key, key_len);
    char *v = typeshim_malloc((size_t)(*valuelen > 0 ? *valuelen : 0) + 1);

    if (!k || !v) {
        tsfort_free(k);
        tsfort_free(v);
        *ierr = tsfort_no_mem();
        return;
    }
    *ierr = MPI_Info_get((MPI_Info)*info, k, *valuelen, v, flag);
    if (*ierr == MPI_SUCCESS && *flag)
        tsfort_str_out(value, value_len, v);
    tsfort_free(k);
    tsfort_free(v);
}
TSFORT_ALIAS(mpi_info_get_, pmpi_info_get_)

/* A C length counts the NUL, a Fortran one does not (MPI-4.1 sections
 * 10.4.4 and 11.3.2): n characters are n + 1 bytes for the C call, 0
 * still asks the length only and leaves the string as it is.  *len in:
 * the Fortran length; the C call is made through call. */
typedef int len_call(void *arg, int *len, char *buf);

static int with_length(len_call *call, void *arg, MPI_Fint *len, char *out, size_t out_len,
                       const int *written)
{
    int n = *len > 0 ? *len : 0, clen = n > 0 ? n + 1 : 0, rc;
    char *buf = typeshim_malloc((size_t)n + 1);

    if (*len < 0) /* refused by the C call as it is */
        clen = *len;
    if (!buf)
        return tsfort_no_mem();
    buf[0] = '\0';
    rc = call(arg, &clen, buf);
    if (rc == MPI_SUCCESS) {
        if (n > 0 && (!written || *written))
            tsfort_str_out(out, out_len, buf);
        *len = clen > 0 ? clen - 1 : 0;
    }
    tsfort_free(buf);
    return rc;
}

struct get_string_args {
    MPI_Info info;
    const char *key;
    int *flag;
};

static int get_string(void *arg, int *len, char *buf)
{
    struct get_string_args *a = arg;

    return MPI_Info_get_string(a->info, a->key, len, buf, a->flag);
}

TSFORT_API void pmpi_info_get_string_(MPI_Fint *info, char *key, MPI_Fint *buflen, char *value,
                                      MPI_Fint *flag, MPI_Fint *ierr, size_t key_len,
                                      size_t value_len)
{
    struct get_string_args a = {(MPI_Info)*info, NULL, flag};
    char *k = tsfort_str_in(key, key_len);

    if (!k) {
        *ierr = tsfort_no_mem();
        return;
    }
    a.key = k;
    *ierr = with_length(get_string, &a, buflen, value, value_len, flag);
    tsfort_free(k);
}
TSFORT_ALIAS(mpi_info_get_string_, pmpi_info_get_string_)

struct nth_pset_args {
    MPI_Session session;
    MPI_Info info;
    int n;
};

static int nth_pset(void *arg, int *len, char *buf)
{
    struct nth_pset_args *a = arg;

    return MPI_Session_get_nth_pset(a->session, a->info, a->n, len, buf);
}

TSFORT_API void pmpi_session_get_nth_pset_(MPI_Fint *session, MPI_Fint *info, MPI_Fint *n,
                                           MPI_Fint *pset_len, char *pset_name, MPI_Fint *ierr,
                                           size_t pset_name_len)
{
    struct nth_pset_args a = {(MPI_Session)*session, (MPI_Info)*info, *n};

    *ierr = with_length(nth_pset, &a, pset_len, pset_name, pset_name_len, NULL);
}
TSFORT_ALIAS(mpi_session_get_nth_pset_, pmpi_session_get_nth_pset_)

/* MPI-4.1 section 19.1.17: a call the compiler cannot see through, so
 * that it keeps buf in memory around a nonblocking call; nothing to do. */
TSFORT_API void pmpi_f_sync_reg_(void *buf)
{
    (void)buf;
}
TSFORT_ALIAS(mpi_f_sync_reg_, pmpi_f_sync_reg_)
