/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Error classes, codes and strings a program adds (MPI-4.1 section 9.5):
 * MPI_Add_error_class, MPI_Add_error_code, MPI_Add_error_string and their
 * MPI-4.1 inverses MPI_Remove_error_class, _code and _string.
 *
 * Classes are numbered upward from CLASS_FIRST, as MPICH numbers them,
 * and codes from CODE_FIRST: both above every predefined class and every
 * code of libtypeshim (0x20000000 | seq << 7 | class, below 0x40000000).
 * No value is issued twice: a removed one stays invalid, not taken for
 * a later class or code.  MPI_LASTUSEDCODE is the largest class, as
 * MPI-4.1 section 9.5 defines it (and MPICH gives it).  The live values
 * sit in a small array searched in order; MPI expects few ("it is not
 * expected that an application will generate them in significant
 * numbers").
 *
 * Misuse the standard calls erroneous is refused with MPI_ERR_ARG (as
 * Open MPI refuses it; MPICH 4.0.2 accepts a code for a class, an unknown
 * code, a predefined one, and a string of any length).
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

#define CLASS_FIRST 0x40000001
#define CLASS_LAST  0x40ffffff
#define CODE_FIRST  0x41000001
#define CODE_LAST   0x7ffffff0

typedef struct {
    int value;
    int cls;    /* value itself for a class */
    int codes;  /* a class: its live codes */
    char *text; /* MPI_Add_error_string's, or NULL */
} user_error;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static user_error *live;
static int nlive, cap, next_class = CLASS_FIRST, next_code = CODE_FIRST;
/* MPI_LASTUSEDCODE's value (MPI-4.1 section 9.5): the largest class,
 * MPI_ERR_LASTCODE until a program adds one (under Open MPI's ABI too,
 * whose MPI_ERR_LASTCODE bounds its classes, not libtypeshim's codes);
 * a program may hold the attribute's pointer, so the value lives here */
static int lastused = MPI_ERR_LASTCODE;

int *tss_error_lastused(void)
{
    return &lastused;
}

/* Lock held.  Whether value was issued as a class or a code. */
static int issued(int value)
{
    return (value >= CLASS_FIRST && value < next_class) ||
           (value >= CODE_FIRST && value < next_code);
}

/* Lock held.  The live entry of value, or NULL. */
static user_error *find(int value)
{
    if (!issued(value))
        return NULL;
    for (int i = 0; i < nlive; i++)
        if (live[i].value == value)
            return &live[i];
    return NULL;
}

int tss_error_user_class(int code)
{
    const user_error *u;
    int cls = -1;

    if (code < CLASS_FIRST)
        return -1;
    pthread_mutex_lock(&lock);
    if ((u = find(code)))
        cls = u->cls;
    pthread_mutex_unlock(&lock);
    return cls;
}

int tss_error_user_text(int code, char *buf, int *len)
{
    const user_error *u;
    int found = 0;

    if (code < CLASS_FIRST)
        return 0;
    pthread_mutex_lock(&lock);
    if ((u = find(code))) {
        /* MPI-4.1 section 9.5: an empty string until one is added */
        *len = snprintf(buf, MPI_MAX_ERROR_STRING, "%s", u->text ? u->text : "");
        found = 1;
    }
    pthread_mutex_unlock(&lock);
    return found;
}

/* Lock held.  A new entry of class cls (0: a new class), its value into
 * *value; MPI_ERR_NO_MEM or MPI_ERR_OTHER (values exhausted) with e
 * filled. */
static int add(const char *fn, int cls, int *value, tss_error *e)
{
    int *next = cls ? &next_code : &next_class;
    user_error *c;

    if (*next > (cls ? CODE_LAST : CLASS_LAST))
        return tss_fail(e, MPI_ERR_OTHER, "%s: every error %s value was issued", fn,
                        cls ? "code" : "class");
    if (nlive == cap) {
        int ncap = cap ? 2 * cap : 16;
        user_error *grown = tss_malloc((size_t)ncap * sizeof(*grown));

        if (!grown)
            return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory", fn);
        if (nlive)
            memcpy(grown, live, (size_t)nlive * sizeof(*grown));
        tss_free(live);
        live = grown;
        cap = ncap;
    }
    if ((c = find(cls))) /* a code of a program's class */
        c->codes++;
    live[nlive] = (user_error){*next, cls ? cls : *next, 0, NULL};
    *value = (*next)++;
    if (!cls && *value > lastused)
        lastused = *value;
    nlive++;
    return MPI_SUCCESS;
}

/* Lock held.  Forgets u, whose text is gone. */
static void drop(user_error *u)
{
    user_error *c = u->cls != u->value ? find(u->cls) : NULL;

    if (c)
        c->codes--;
    *u = live[--nlive];
}

/* The body of every call: op under the lock, its error raised after it
 * (the handler may call back into this file). */
static int run(const char *fn, int (*op)(const char *, void *, tss_error *), void *arg)
{
    tss_error e;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&lock);
    rc = op(fn, arg, &e);
    pthread_mutex_unlock(&lock);
    if (rc != MPI_SUCCESS)
        return tss_raise(MPI_COMM_WORLD, rc, "%s", e.text);
    return MPI_SUCCESS;
}

/* Lock held.  u: the live class (want_class) or code (!want_class) named
 * value, argument arg of fn; MPI_ERR_ARG with e filled otherwise. */
static int lookup(const char *fn, const char *arg, int value, int want_class, user_error **u,
                  tss_error *e)
{
    *u = find(value);
    if (*u && ((*u)->cls == value) == want_class)
        return MPI_SUCCESS;
    if (!*u && tss_error_class_builtin(value) >= 0)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(%s=%d): an error %s of MPI itself, which a program may not change "
                        "(MPI-4.1 section 9.5)",
                        fn, arg, value, tss_error_class_builtin(value) == value ? "class" : "code");
    return tss_fail(e, MPI_ERR_ARG, "%s(%s=%d): not an error %s MPI_Add_error_%s made%s", fn, arg,
                    value, want_class ? "class" : "code", want_class ? "class" : "code",
                    *u || !issued(value) ? "" : " (or it was removed)");
}

static int add_class(const char *fn, void *arg, tss_error *e)
{
    if (!arg)
        return tss_fail(e, MPI_ERR_ARG, "%s(errorclass=NULL): Invalid argument", fn);
    return add(fn, 0, arg, e);
}

TSS_WEAK_ALIAS(MPI_Add_error_class, PMPI_Add_error_class)
int PMPI_Add_error_class(int *errorclass)
{
    return run("MPI_Add_error_class", add_class, errorclass);
}

struct code_arg {
    int errorclass, *errorcode;
};

static int add_code(const char *fn, void *arg, tss_error *e)
{
    struct code_arg *a = arg;
    user_error *u = find(a->errorclass);

    if (!a->errorcode)
        return tss_fail(e, MPI_ERR_ARG, "%s(errorcode=NULL): Invalid argument", fn);
    if (a->errorclass == MPI_SUCCESS)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(errorclass=0): MPI_SUCCESS is no error class a code "
                        "may have",
                        fn);
    /* a predefined class takes codes too (MPI-4.1 section 9.5) */
    if (u ? u->cls != u->value
          : a->errorclass < 0 || tss_error_class_builtin(a->errorclass) != a->errorclass)
        return lookup(fn, "errorclass", a->errorclass, 1, &u, e);
    return add(fn, a->errorclass, a->errorcode, e);
}

TSS_WEAK_ALIAS(MPI_Add_error_code, PMPI_Add_error_code)
int PMPI_Add_error_code(int errorclass, int *errorcode)
{
    struct code_arg a = {errorclass, errorcode};

    return run("MPI_Add_error_code", add_code, &a);
}

struct string_arg {
    int errorcode;
    const char *string;
};

static int add_string(const char *fn, void *arg, tss_error *e)
{
    struct string_arg *a = arg;
    user_error *u = find(a->errorcode);
    size_t n;
    char *text;

    if (!a->string)
        return tss_fail(e, MPI_ERR_ARG, "%s(string=NULL): Invalid argument", fn);
    if ((n = strlen(a->string)) >= MPI_MAX_ERROR_STRING)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(string): %zu characters, more than MPI_MAX_ERROR_STRING - 1 (%d; "
                        "MPI-4.1 section 9.5)",
                        fn, n, MPI_MAX_ERROR_STRING - 1);
    if (!u)
        return lookup(fn, "errorcode", a->errorcode, 0, &u, e);
    if (!(text = tss_strdup(a->string)))
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    /* MPI-4.1 section 9.5: a second call replaces the string */
    tss_free(u->text);
    u->text = text;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Add_error_string, PMPI_Add_error_string)
int PMPI_Add_error_string(int errorcode, const char *string)
{
    struct string_arg a = {errorcode, string};

    return run("MPI_Add_error_string", add_string, &a);
}

/* Lock held.  Removes the class (want_class) or code named value,
 * argument arg of fn: its codes, then its string, must be gone first
 * (MPI-4.1 section 9.5 asks it of a class's codes and of a code's
 * string; MPICH asks it of a class's string too, and mpi4py's tests
 * expect it). */
static int remove_value(const char *fn, const char *arg, int value, int want_class, tss_error *e)
{
    user_error *u;
    int rc = lookup(fn, arg, value, want_class, &u, e);

    if (rc != MPI_SUCCESS)
        return rc;
    if (u->codes)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(%s=%d): %d error code%s of the class %s not removed "
                        "(MPI-4.1 section 9.5)",
                        fn, arg, value, u->codes, u->codes == 1 ? "" : "s",
                        u->codes == 1 ? "is" : "are");
    if (u->text)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(%s=%d): its error string is not removed (MPI_Remove_error_string "
                        "first)",
                        fn, arg, value);
    drop(u);
    return MPI_SUCCESS;
}

static int remove_class(const char *fn, void *arg, tss_error *e)
{
    return remove_value(fn, "errorclass", *(int *)arg, 1, e);
}

TSS_WEAK_ALIAS(MPI_Remove_error_class, PMPI_Remove_error_class)
int PMPI_Remove_error_class(int errorclass)
{
    return run("MPI_Remove_error_class", remove_class, &errorclass);
}

static int remove_code(const char *fn, void *arg, tss_error *e)
{
    return remove_value(fn, "errorcode", *(int *)arg, 0, e);
}

TSS_WEAK_ALIAS(MPI_Remove_error_code, PMPI_Remove_error_code)
int PMPI_Remove_error_code(int errorcode)
{
    return run("MPI_Remove_error_code", remove_code, &errorcode);
}

static int remove_string(const char *fn, void *arg, tss_error *e)
{
    int errorcode = *(int *)arg;
    user_error *u = find(errorcode);

    if (!u)
        return lookup(fn, "errorcode", errorcode, 0, &u, e);
    if (!u->text)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(errorcode=%d): no string was added to it (MPI_Add_error_string)", fn,
                        errorcode);
    tss_free(u->text);
    u->text = NULL;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Remove_error_string, PMPI_Remove_error_string)
int PMPI_Remove_error_string(int errorcode)
{
    return run("MPI_Remove_error_string", remove_string, &errorcode);
}

void tss_error_user_finalize(void)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < nlive; i++)
        tss_free(live[i].text);
    tss_free(live);
    live = NULL;
    nlive = cap = 0;
    pthread_mutex_unlock(&lock);
}
