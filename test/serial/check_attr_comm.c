/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_attr_comm: attributes cached on communicators in
 * libtypeshim-serial (black box): the callbacks each call runs, in order
 * and with their arguments; values that own memory (copied by the copy
 * callbacks, freed by the delete callbacks: the sanitizers see a leak);
 * callbacks that fail, or that make MPI calls on the communicator being
 * changed; keyvals freed while attached, stale and foreign keyvals;
 * the predefined attributes; MPI_Finalize's deletions; the fatal
 * message; and threads sharing a communicator.  The datatype attributes
 * are libtypeshim's (test/api/check_attr.c); test/xcheck/xc_commattr.c
 * compares with MPICH.
 */
#include <pthread.h>
#include <stdarg.h>

#include "serialtest.h"
#include "typeshim.h"

static char log_[4096]; /* what the callbacks did */
static MPI_Comm named;  /* the communicator called "n" in the log */
static int fail_copy, fail_delete, live_values;

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

static const char *cname(MPI_Comm c)
{
    return c == MPI_COMM_WORLD ? "w" : c == MPI_COMM_SELF ? "s" : c == named ? "n" : "?";
}

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    size_t n = strlen(log_);
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(log_ + n, sizeof log_ - n, fmt, ap);
    va_end(ap);
}

/* The log so far, then forgotten. */
static const char *took(void)
{
    static char out[sizeof log_];

    strcpy(out, log_);
    log_[0] = '\0';
    return out;
}

/* A value owning memory: an int the callbacks copy and free. */
static void *value(int v)
{
    int *p = malloc(sizeof *p);

    ck_assert_ptr_nonnull(p);
    *p = v;
    live_values++;
    return p;
}

/* extra is the keyval's letter.  The copy is the value + 100; keyval "n"
 * copies nothing. */
static int copy_fn(MPI_Comm c, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)keyval;
    note("c%s%s%d ", (const char *)extra, cname(c), *(int *)in);
    if (fail_copy && *(const char *)extra == fail_copy)
        return MPI_ERR_ARG;
    *flag = strcmp(extra, "n") != 0;
    if (*flag)
        *(void **)out = value(*(int *)in + 100);
    return MPI_SUCCESS;
}

static int delete_fn(MPI_Comm c, int keyval, void *val, void *extra)
{
    (void)keyval;
    note("d%s%s%d ", (const char *)extra, cname(c), *(int *)val);
    if (fail_delete && *(const char *)extra == fail_delete)
        return fail_delete == 'x' ? 1234 : MPI_ERR_ARG;
    free(val);
    live_values--;
    return MPI_SUCCESS;
}

static int key(const char *letter)
{
    int k = MPI_KEYVAL_INVALID;

    ck_assert_int_eq(MPI_Comm_create_keyval(copy_fn, delete_fn, &k, (void *)letter), MPI_SUCCESS);
    ck_assert_int_ne(k, MPI_KEYVAL_INVALID);
    return k;
}

/* comm's value of keyval: the int, or -1 when it has none. */
static int get(MPI_Comm comm, int keyval)
{
    void *v = NULL;
    int flag = -1;

    ck_assert_int_eq(MPI_Comm_get_attr(comm, keyval, &v, &flag), MPI_SUCCESS);
    ck_assert_int_ge(flag, 0);
    return flag ? *(int *)v : -1;
}

/* Whether comm has a value of keyval. */
static int has(MPI_Comm comm, int keyval)
{
    void *v;
    int flag = -1;

    ck_assert_int_eq(MPI_Comm_get_attr(comm, keyval, &v, &flag), MPI_SUCCESS);
    return flag;
}

START_TEST(test_set_get_delete)
{
    int a = key("a"), b = key("b");

    ck_assert_int_eq(get(MPI_COMM_WORLD, a), -1);
    ck_assert_int_eq(MPI_Comm_set_attr(MPI_COMM_WORLD, a, value(1)), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Attr_put(MPI_COMM_SELF, a, value(2)), MPI_SUCCESS);
    ck_assert_int_eq(get(MPI_COMM_WORLD, a), 1);
    ck_assert_int_eq(get(MPI_COMM_SELF, a), 2);
    ck_assert_int_eq(get(MPI_COMM_WORLD, b), -1);
    ck_assert_str_eq(took(), "");
    ck_assert_int_eq(MPI_Comm_set_attr(MPI_COMM_WORLD, a, value(3)), MPI_SUCCESS);
    ck_assert_str_eq(took(), "daw1 "); /* the value replaced */
    ck_assert_int_eq(get(MPI_COMM_WORLD, a), 3);
    ck_assert_int_eq(MPI_Comm_delete_attr(MPI_COMM_WORLD, a), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Attr_delete(MPI_COMM_SELF, a), MPI_SUCCESS);
    ck_assert_str_eq(took(), "daw3 das2 ");
    ck_assert_int_eq(MPI_Comm_delete_attr(MPI_COMM_WORLD, a), MPI_SUCCESS); /* not set: nothing */
    ck_assert_str_eq(took(), "");
    ck_assert_int_eq(live_values, 0);
    ck_assert_int_eq(MPI_Comm_free_keyval(&a), MPI_SUCCESS);
    ck_assert_int_eq(a, MPI_KEYVAL_INVALID);
    ck_assert_int_eq(MPI_Keyval_free(&b), MPI_SUCCESS);
    ck_assert_int_eq(b, MPI_KEYVAL_INVALID);
}
END_TEST

/* Dup copies newest first with the parent as argument, free deletes
 * newest first; only the duplicating constructors copy. */
START_TEST(test_dup_free)
{
    int a = key("a"), b = key("b"), n = key("n");
    MPI_Comm d, s;
    MPI_Group g;
    MPI_Request r;

    MPI_Comm_dup(MPI_COMM_WORLD, &named);
    MPI_Comm_set_attr(named, a, value(1));
    MPI_Comm_set_attr(named, n, value(2));
    MPI_Comm_set_attr(named, b, value(3));
    ck_assert_int_eq(MPI_Comm_dup(named, &d), MPI_SUCCESS);
    ck_assert_str_eq(took(), "cbn3 cnn2 can1 ");
    ck_assert_int_eq(get(d, a), 101);
    ck_assert_int_eq(get(d, b), 103);
    ck_assert_int_eq(get(d, n), -1);
    ck_assert_int_eq(get(named, a), 1); /* the parent's unchanged */
    ck_assert_int_eq(MPI_Comm_free(&d), MPI_SUCCESS);
    ck_assert_str_eq(took(), "db?103 da?101 ");
    ck_assert_int_eq(MPI_Comm_dup_with_info(named, MPI_INFO_NULL, &d), MPI_SUCCESS);
    ck_assert_int_eq(get(d, b), 103);
    MPI_Comm_free(&d);
    ck_assert_int_eq(MPI_Comm_idup(named, &d, &r), MPI_SUCCESS);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    ck_assert_int_eq(get(d, b), 103);
    MPI_Comm_free(&d);
    took();
    MPI_Comm_split(named, 0, 0, &s);
    ck_assert_int_eq(get(s, a), -1);
    MPI_Comm_free(&s);
    MPI_Comm_split_type(named, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &s);
    ck_assert_int_eq(get(s, a), -1);
    MPI_Comm_free(&s);
    MPI_Comm_group(named, &g);
    MPI_Comm_create(named, g, &s);
    ck_assert_int_eq(get(s, a), -1);
    MPI_Comm_free(&s);
    ck_assert_str_eq(took(), "");
    MPI_Comm_free(&named);
    ck_assert_str_eq(took(), "dbn3 dnn2 dan1 ");
    ck_assert_int_eq(live_values, 0);
    MPI_Comm_free_keyval(&a);
    MPI_Comm_free_keyval(&b);
    MPI_Comm_free_keyval(&n);
}
END_TEST

/* A failing copy callback fails the dup with its code, writes nothing,
 * and deletes the copies made before it. */
START_TEST(test_copy_fails)
{
    int a = key("a"), b = key("b");
    MPI_Comm d = MPI_COMM_SELF;

    returning();
    MPI_Comm_set_attr(MPI_COMM_WORLD, a, value(1));
    MPI_Comm_set_attr(MPI_COMM_WORLD, b, value(2));
    fail_copy = 'a';
    ck_assert_int_eq(class_of(MPI_Comm_dup(MPI_COMM_WORLD, &d)), MPI_ERR_ARG);
    ck_assert_str_eq(took(), "cbw2 caw1 db?102 ");
    /* MPI-4.1 section 7.4.2: newcomm is MPI_COMM_NULL after a failure */
    ck_assert_int_eq(d, MPI_COMM_NULL);
    d = MPI_COMM_SELF;
    ck_assert_int_eq(class_of(MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &d)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(d, MPI_COMM_NULL);
    d = MPI_COMM_SELF;
    ck_assert_int_eq(class_of(MPI_Comm_idup(MPI_COMM_WORLD, &d, &(MPI_Request){0})), MPI_ERR_ARG);
    ck_assert_int_eq(d, MPI_COMM_NULL);
    took();
    ck_assert_int_eq(live_values, 2); /* the parent's two */
    fail_copy = 0;
    MPI_Comm_delete_attr(MPI_COMM_WORLD, a);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, b);
    ck_assert_int_eq(live_values, 0);
    MPI_Comm_free_keyval(&a);
    MPI_Comm_free_keyval(&b);
}
END_TEST

/* An allocator failing once it is armed: the copy callback of keyval
 * "m" arms it, so that the runtime (which allocates through libtypeshim's
 * allocator) finds no memory to keep the copy it returned. */
static int fail_alloc;

static void *failing_malloc(size_t n)
{
    if (fail_alloc) {
        fail_alloc = 0;
        return NULL;
    }
    return malloc(n);
}

static int arming_copy(MPI_Comm c, int keyval, void *extra, void *in, void *out, int *flag)
{
    int rc = copy_fn(c, keyval, extra, in, out, flag);

    fail_alloc = 1;
    return rc;
}

/* No memory once a copy callback returned: the runtime made the record
 * for the copy before calling it (as for datatypes), so nothing can fail
 * between the callback making a value (memory of the program's) and the
 * new communicator holding it; MPI_Comm_dup succeeds without asking the
 * allocator again. */
START_TEST(test_copy_no_memory)
{
    int m = MPI_KEYVAL_INVALID, a = key("a"), rc;
    MPI_Comm d = MPI_COMM_SELF;

    returning();
    ck_assert_int_eq(MPI_Comm_create_keyval(arming_copy, delete_fn, &m, (void *)"m"), MPI_SUCCESS);
    MPI_Comm_set_attr(MPI_COMM_WORLD, m, value(2));
    MPI_Comm_set_attr(MPI_COMM_WORLD, a, value(1));
    typeshim_set_alloc_funcs(failing_malloc, free);
    rc = MPI_Comm_dup(MPI_COMM_WORLD, &d);
    typeshim_set_alloc_funcs(NULL, NULL);
    ck_assert_int_eq(rc, MPI_SUCCESS);
    ck_assert_int_eq(fail_alloc, 1); /* the allocator was never asked */
    fail_alloc = 0;
    ck_assert_str_eq(took(), "caw1 cmw2 ");
    ck_assert_int_eq(get(d, m), 102);
    MPI_Comm_free(&d);
    took();
    ck_assert_int_eq(live_values, 2); /* the parent's two */
    MPI_Comm_delete_attr(MPI_COMM_WORLD, a);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, m);
    ck_assert_int_eq(live_values, 0);
    MPI_Comm_free_keyval(&a);
    MPI_Comm_free_keyval(&m);
}
END_TEST

/* A failing delete callback fails the call and leaves the value; in
 * MPI_Comm_free it leaves the communicator with the attributes not
 * deleted yet.  A code that is no error code becomes MPI_ERR_OTHER. */
START_TEST(test_delete_fails)
{
    int a = key("a"), b = key("b"), x = key("x");
    MPI_Comm d;

    returning();
    MPI_Comm_dup(MPI_COMM_WORLD, &named);
    MPI_Comm_set_attr(named, a, value(1));
    MPI_Comm_set_attr(named, b, value(2));
    MPI_Comm_set_attr(named, x, value(3));
    fail_delete = 'b';
    ck_assert_int_eq(class_of(MPI_Comm_delete_attr(named, b)), MPI_ERR_ARG);
    ck_assert_int_eq(get(named, b), 2);
    ck_assert_int_eq(class_of(MPI_Comm_set_attr(named, b, &(int){9})), MPI_ERR_ARG);
    ck_assert_int_eq(get(named, b), 2);
    took();
    d = named;
    ck_assert_int_eq(class_of(MPI_Comm_free(&d)), MPI_ERR_ARG);
    ck_assert_str_eq(took(), "dxn3 dbn2 ");
    ck_assert_int_eq(d, named);
    ck_assert_int_eq(get(named, x), -1); /* deleted before the failure */
    ck_assert_int_eq(get(named, b), 2);
    ck_assert_int_eq(get(named, a), 1);
    fail_delete = 'x';
    MPI_Comm_set_attr(named, x, value(4));
    ck_assert_int_eq(class_of(MPI_Comm_delete_attr(named, x)), MPI_ERR_OTHER);
    fail_delete = 0;
    ck_assert_int_eq(MPI_Comm_free(&d), MPI_SUCCESS);
    ck_assert_int_eq(d, MPI_COMM_NULL);
    ck_assert_int_eq(live_values, 0);
    MPI_Comm_free_keyval(&a);
    MPI_Comm_free_keyval(&b);
    MPI_Comm_free_keyval(&x);
}
END_TEST

/* Callbacks may use the attributes of the communicator being changed. */
static int k_busy;

static int busy_copy(MPI_Comm c, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)extra;
    MPI_Comm_delete_attr(c, keyval); /* its own value, in the parent */
    MPI_Comm_set_attr(c, k_busy, in);
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int busy_delete(MPI_Comm c, int keyval, void *val, void *extra)
{
    void *v;
    int flag = -1;

    (void)val, (void)extra;
    MPI_Comm_get_attr(c, keyval, &v, &flag);
    note("busy%d ", flag); /* unlinked before its callback */
    return MPI_Comm_delete_attr(c, keyval);
}

START_TEST(test_reentrant)
{
    int k;
    MPI_Comm d;

    MPI_Comm_create_keyval(busy_copy, busy_delete, &k, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &k_busy, NULL);
    MPI_Comm_dup(MPI_COMM_WORLD, &named);
    MPI_Comm_set_attr(named, k, (void *)7);
    ck_assert_int_eq(MPI_Comm_dup(named, &d), MPI_SUCCESS);
    ck_assert_str_eq(took(), "busy0 "); /* its delete ran in the parent */
    ck_assert_int_eq(has(named, k), 0);
    ck_assert_int_eq(has(named, k_busy), 1);
    ck_assert_int_eq(has(d, k), 1);
    ck_assert_int_eq(has(d, k_busy), 0);
    ck_assert_int_eq(MPI_Comm_free(&d), MPI_SUCCESS);
    ck_assert_str_eq(took(), "busy0 ");
    MPI_Comm_free(&named);
    MPI_Comm_free_keyval(&k);
    MPI_Comm_free_keyval(&k_busy);
}
END_TEST

/* Callbacks may also read and change the other attributes of the
 * communicator being copied, changed or freed, as datatype callbacks may
 * (test/api/check_attr.c): peek_copy reads the source's values, its own
 * and k_other's; peek_delete sees its own value gone, then replaces
 * k_other's value (whose delete callback runs first) and reads it back. */
static int k_other;

static int peek_copy(MPI_Comm c, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)extra;
    note("p%s:own%d,other%d ", cname(c), get(c, keyval), get(c, k_other));
    *(void **)out = value(*(int *)in + 100);
    *flag = 1;
    return MPI_SUCCESS;
}

static int peek_delete(MPI_Comm c, int keyval, void *val, void *extra)
{
    (void)extra;
    note("q%s:own%d ", cname(c), has(c, keyval));
    ck_assert_int_eq(MPI_Comm_set_attr(c, k_other, value(*(int *)val + 50)), MPI_SUCCESS);
    note("other%d ", get(c, k_other));
    free(val);
    live_values--;
    return MPI_SUCCESS;
}

START_TEST(test_reentrant_other)
{
    int p = MPI_KEYVAL_INVALID, o = key("o");
    MPI_Comm d;

    ck_assert_int_eq(MPI_Comm_create_keyval(peek_copy, peek_delete, &p, NULL), MPI_SUCCESS);
    k_other = o;
    MPI_Comm_dup(MPI_COMM_WORLD, &named);
    MPI_Comm_set_attr(named, o, value(1));
    MPI_Comm_set_attr(named, p, value(2));
    /* newest first: p's copy callback reads both values of the source */
    ck_assert_int_eq(MPI_Comm_dup(named, &d), MPI_SUCCESS);
    ck_assert_str_eq(took(), "pn:own2,other1 con1 ");
    ck_assert_int_eq(get(d, p), 102);
    ck_assert_int_eq(get(d, o), 101);
    /* MPI_Comm_delete_attr */
    ck_assert_int_eq(MPI_Comm_delete_attr(named, p), MPI_SUCCESS);
    ck_assert_str_eq(took(), "qn:own0 don1 other52 ");
    ck_assert_int_eq(has(named, p), 0);
    ck_assert_int_eq(get(named, o), 52);
    /* a replaced value: neither it nor its replacement is visible */
    MPI_Comm_set_attr(named, p, value(3));
    ck_assert_int_eq(MPI_Comm_set_attr(named, p, value(4)), MPI_SUCCESS);
    ck_assert_str_eq(took(), "qn:own0 don52 other53 ");
    ck_assert_int_eq(get(named, p), 4);
    /* MPI_Comm_free: the value set by a callback is deleted in turn */
    ck_assert_int_eq(MPI_Comm_free(&d), MPI_SUCCESS);
    ck_assert_str_eq(took(), "q?:own0 do?101 other152 do?152 ");
    ck_assert_int_eq(MPI_Comm_free(&named), MPI_SUCCESS);
    ck_assert_str_eq(took(), "qn:own0 don53 other54 don54 ");
    ck_assert_int_eq(live_values, 0);
    MPI_Comm_free_keyval(&p);
    MPI_Comm_free_keyval(&o);
}
END_TEST

/* A keyval freed while attached lives until its last value goes; its
 * handle is refused afterwards, also once the slot is reused. */
START_TEST(test_keyval_lifetime)
{
    int a = key("a"), old, again;
    MPI_Comm d;

    returning();
    MPI_Comm_set_attr(MPI_COMM_WORLD, a, value(1));
    old = a;
    ck_assert_int_eq(MPI_Comm_free_keyval(&a), MPI_SUCCESS);
    ck_assert_int_eq(get(MPI_COMM_WORLD, old), 1);
    ck_assert_int_eq(MPI_Comm_dup(MPI_COMM_WORLD, &d), MPI_SUCCESS); /* still copied */
    ck_assert_int_eq(get(d, old), 101);
    ck_assert_int_eq(class_of(MPI_Comm_free_keyval(&(int){old})), MPI_ERR_KEYVAL);
    MPI_Comm_free(&d);
    ck_assert_int_eq(MPI_Comm_delete_attr(MPI_COMM_WORLD, old), MPI_SUCCESS);
    ck_assert_str_eq(took(), "caw1 da?101 daw1 ");
    ck_assert_int_eq(class_of(MPI_Comm_get_attr(MPI_COMM_WORLD, old, &(void *){0}, &(int){0})),
                     MPI_ERR_KEYVAL);
    again = key("b"); /* may take the slot */
    ck_assert_int_ne(again, old);
    ck_assert_int_eq(class_of(MPI_Comm_set_attr(MPI_COMM_WORLD, old, NULL)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(live_values, 0);
    MPI_Comm_free_keyval(&again);
}
END_TEST

START_TEST(test_refusals)
{
    int a = key("a"), t, *p = NULL, flag = -7, k = MPI_TAG_UB;
    void *v = &flag;

    returning();
    /* the predefined attributes: MPICH's values for a singleton */
    ck_assert_int_eq(MPI_Comm_get_attr(MPI_COMM_SELF, MPI_TAG_UB, &p, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(*p, 268435455);
    ck_assert_int_eq(MPI_Attr_get(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &p, &flag), MPI_SUCCESS);
    ck_assert_int_eq(*p, 1);
    ck_assert_int_eq(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &p, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(class_of(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, v)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Comm_delete_attr(MPI_COMM_WORLD, MPI_HOST)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Comm_free_keyval(&k)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(k, MPI_TAG_UB);
    /* datatype keyvals and communicator keyvals are apart */
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &t, NULL);
    ck_assert_int_eq(class_of(MPI_Comm_set_attr(MPI_COMM_WORLD, t, v)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Comm_get_attr(MPI_COMM_WORLD, t, &v, &flag)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Keyval_free(&(int){t})), MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Type_set_attr(MPI_INT, a, v)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Type_get_attr(MPI_INT, MPI_TAG_UB, &v, &flag)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Type_free_keyval(&(int){a})), MPI_ERR_KEYVAL);
    MPI_Type_free_keyval(&t);
    /* bad arguments, nothing written */
    ck_assert_int_eq(class_of(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_KEYVAL_INVALID, &v, &flag)),
                     MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Comm_get_attr(MPI_COMM_WORLD, 0x12345, &v, &flag)),
                     MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Comm_get_attr(MPI_COMM_WORLD, a, NULL, &flag)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_get_attr(MPI_COMM_WORLD, a, &v, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_set_attr(MPI_COMM_NULL, a, v)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_get_attr(BOGUS_COMM, a, &v, &flag)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_create_keyval(NULL, NULL, NULL, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Keyval_create(NULL, NULL, NULL, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_free_keyval(NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_free_keyval(&(int){MPI_KEYVAL_INVALID})), MPI_ERR_KEYVAL);
    ck_assert_int_eq(flag, 0);
    ck_assert_ptr_eq(v, &flag);
    MPI_Comm_free_keyval(&a);
}
END_TEST

/* MPI_COMM_DUP_FN (MPIR_Dup_fn, libtypeshim's) copies the value itself,
 * the null callbacks copy and delete nothing. */
START_TEST(test_predefined_callbacks)
{
    int dup, none, old;
    MPI_Comm d;
    void *v;
    int flag;

    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &dup, NULL);
    MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &none, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, dup, &old);
    MPI_Comm_set_attr(MPI_COMM_WORLD, none, &old);
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    ck_assert_int_eq(MPI_Comm_get_attr(d, dup, &v, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_ptr_eq(v, &old);
    ck_assert_int_eq(MPI_Comm_get_attr(d, none, &v, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    MPI_Comm_free(&d);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, dup);
    MPI_Comm_free_keyval(&dup);
    MPI_Keyval_free(&none);
}
END_TEST

/* MPI_Finalize deletes MPI_COMM_SELF's attributes in the reverse order
 * of setting, then MPI_COMM_WORLD's, while MPI still works; a made
 * communicator left behind has no callback run. */
static int fin_delete(MPI_Comm c, int keyval, void *val, void *extra)
{
    int fin = -1, rank = -1;

    (void)keyval, (void)extra;
    MPI_Finalized(&fin);
    MPI_Comm_rank(c, &rank);
    note("%s%ld:%d%d ", cname(c), (long)val, fin, rank);
    if ((long)val == 2) /* a new attribute, deleted in turn */
        MPI_Comm_set_attr(MPI_COMM_SELF, keyval, (void *)9);
    return MPI_SUCCESS;
}

START_TEST(test_finalize)
{
    int a, b, c;
    MPI_Comm d;

    MPI_Init(NULL, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, fin_delete, &a, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, fin_delete, &b, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, fin_delete, &c, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, a, (void *)5);
    MPI_Comm_set_attr(MPI_COMM_SELF, a, (void *)1);
    MPI_Comm_set_attr(MPI_COMM_SELF, b, (void *)2);
    MPI_Comm_set_attr(MPI_COMM_SELF, c, (void *)3);
    MPI_Comm_set_attr(MPI_COMM_WORLD, c, (void *)6);
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_set_attr(d, a, (void *)7);
    MPI_Comm_free_keyval(&c); /* still attached */
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    ck_assert_str_eq(took(), "s3:00 s2:00 s9:00 s1:00 w6:00 w5:00 ");
}
END_TEST

/* A failing callback at MPI_Finalize: every attribute still goes, the
 * error is raised and returned, and MPI is finalized all the same. */
static int fin_fail(MPI_Comm c, int keyval, void *val, void *extra)
{
    (void)c, (void)keyval, (void)extra;
    note("%ld ", (long)val);
    return (long)val == 2 ? MPI_ERR_ARG : MPI_SUCCESS;
}

START_TEST(test_finalize_fails)
{
    int a, b, flag = 0;

    MPI_Init(NULL, NULL);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, fin_fail, &a, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, fin_fail, &b, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, a, (void *)1);
    MPI_Comm_set_attr(MPI_COMM_SELF, b, (void *)2);
    MPI_Comm_set_attr(MPI_COMM_WORLD, a, (void *)3);
    ck_assert_int_eq(class_of(MPI_Finalize()), MPI_ERR_ARG);
    ck_assert_str_eq(took(), "2 1 3 ");
    MPI_Finalized(&flag);
    ck_assert_int_eq(flag, 1);
}
END_TEST

static void body_fatal(void)
{
    int k;

    MPI_Init(NULL, NULL);
    MPI_Comm_create_keyval(copy_fn, delete_fn, &k, "b");
    MPI_Attr_put(MPI_COMM_WORLD, k, value(1));
    fail_delete = 'b';
    MPI_Attr_delete(MPI_COMM_WORLD, k);
}

/* The fatal message names the MPI-1 function called and the callback. */
START_TEST(test_fatal)
{
    struct child c;

    run_child(body_fatal, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_ARG);
    ck_assert_msg(strstr(c.err, "typeshim: rank 0: fatal error on MPI_COMM_WORLD: "
                                "MPI_Attr_delete(keyval=0xa44") == c.err &&
                      strstr(c.err, "): the delete callback returned 12\n"),
                  "stderr: %s", c.err);
}
END_TEST

/* Threads share MPI_COMM_WORLD's attributes, dup it and free the copies
 * (TSan looks on); each thread's own keyval keeps its own value. */
#define NTHREADS 4
static int thread_keys[NTHREADS], thread_errors;

static int t_copy(MPI_Comm c, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)c, (void)keyval, (void)extra;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static void *worker(void *arg)
{
    long t = (long)arg;
    int k = thread_keys[t], flag;
    MPI_Comm d;
    void *v;

    for (long n = 1; n <= 200; n++) {
        MPI_Comm_set_attr(MPI_COMM_WORLD, k, (void *)n);
        MPI_Comm_dup(MPI_COMM_WORLD, &d);
        MPI_Comm_get_attr(d, k, &v, &flag);
        if (!flag || (long)v != n)
            __atomic_add_fetch(&thread_errors, 1, __ATOMIC_RELAXED);
        MPI_Comm_free(&d);
        if (n % 3 == 0)
            MPI_Comm_delete_attr(MPI_COMM_WORLD, k);
    }
    return NULL;
}

START_TEST(test_threads)
{
    pthread_t th[NTHREADS];
    int provided;
    void *v;
    int flag;

    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    for (int t = 0; t < NTHREADS; t++)
        MPI_Comm_create_keyval(t_copy, MPI_COMM_NULL_DELETE_FN, &thread_keys[t], NULL);
    for (long t = 0; t < NTHREADS; t++)
        pthread_create(&th[t], NULL, worker, (void *)t);
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(th[t], NULL);
    ck_assert_int_eq(thread_errors, 0);
    for (int t = 0; t < NTHREADS; t++) {
        MPI_Comm_get_attr(MPI_COMM_WORLD, thread_keys[t], &v, &flag);
        ck_assert_int_eq(flag, 1);
        ck_assert_int_eq((long)v, 200);
        MPI_Comm_free_keyval(&thread_keys[t]);
    }
    MPI_Finalize();
}
END_TEST

static Suite *attr_suite(void)
{
    Suite *s = suite_create("attr_comm");
    TCase *tc = tcase_create("attributes");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_set_get_delete);
    tcase_add_test(tc, test_dup_free);
    tcase_add_test(tc, test_copy_fails);
    tcase_add_test(tc, test_copy_no_memory);
    tcase_add_test(tc, test_delete_fails);
    tcase_add_test(tc, test_reentrant);
    tcase_add_test(tc, test_reentrant_other);
    tcase_add_test(tc, test_keyval_lifetime);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_predefined_callbacks);
    suite_add_tcase(s, tc);
    tc = tcase_create("finalize"); /* no fixture: these call MPI_Init */
    tcase_add_test(tc, test_finalize);
    tcase_add_test(tc, test_finalize_fails);
    tcase_add_test(tc, test_fatal);
    tcase_add_test(tc, test_threads);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(attr_suite());
}
