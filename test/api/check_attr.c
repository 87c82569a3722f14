/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_attr.c - attribute callbacks that change the attribute list they
 * are called from, MPI_Type_dup when a copy callback fails, stale keyvals,
 * and threads changing, copying and naming one shared type at once, or
 * nesting one shared indexed type in new ones.
 *
 * Every value stored on a type (by MPI_Type_set_attr, or by a copy
 * callback's flag) is a token whose delete callback must run exactly
 * once: the tests count both sides.  MPI-4.1 §7.7 (caching) gives the
 * callbacks; what typeshim defines for callbacks that call attribute
 * functions is in MPI_Type_set_attr(3).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "apitest.h"

/* ---- tokens: values whose deletions are counted ---- */

#define NTOK 64
static atomic_int deleted[NTOK]; /* delete callbacks run per token */
static atomic_int copies;        /* copy callbacks run */

static void *tok(int i)
{
    return (void *)(intptr_t)(i + 1);
}

static int tok_of(void *v)
{
    return (int)(intptr_t)v - 1;
}

static void reset(void)
{
    for (int i = 0; i < NTOK; i++)
        atomic_store(&deleted[i], 0);
    atomic_store(&copies, 0);
}

/* What the callbacks do besides counting, chosen per test. */
enum action {
    NOTHING,
    SET_OTHER,      /* delete: set key b on the same type */
    DELETE_OTHER,   /* delete: delete key b of the same type */
    DELETE_SELF,    /* delete: delete its own key again */
    COPY_DELETE,    /* copy: delete the attribute being copied, on the source */
    COPY_REPLACE,   /* copy: replace it, on the source */
    COPY_SET_NEW,   /* copy: set key b on the source */
    COPY_FAIL,      /* copy: return MPI_ERR_OTHER */
    COPY_FAIL_ARG,  /* copy: return MPI_ERR_ARG */
    COPY_FAIL_RAW,  /* copy: return 12345, no MPI class */
    COPY_FAIL_CODE, /* copy: return the code of a failed typeshim call */
};

static enum action act;
static int key_b = MPI_KEYVAL_INVALID;
static int inner_rc = -1; /* what the nested attribute call returned */

static int del_cb(MPI_Datatype t, int keyval, void *val, void *extra)
{
    (void)extra;
    atomic_fetch_add(&deleted[tok_of(val)], 1);
    switch (act) {
    case SET_OTHER:
        act = NOTHING; /* once: the value set here is deleted in turn */
        inner_rc = MPI_Type_set_attr(t, key_b, tok(40));
        break;
    case DELETE_OTHER:
        act = NOTHING;
        inner_rc = MPI_Type_delete_attr(t, key_b);
        break;
    case DELETE_SELF:
        act = NOTHING;
        inner_rc = MPI_Type_delete_attr(t, keyval);
        break;
    default:
        break;
    }
    return MPI_SUCCESS;
}

static int copy_cb(MPI_Datatype old, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)extra;
    atomic_fetch_add(&copies, 1);
    switch (act) {
    case COPY_DELETE:
        inner_rc = MPI_Type_delete_attr(old, keyval);
        break;
    case COPY_REPLACE:
        inner_rc = MPI_Type_set_attr(old, keyval, tok(41));
        break;
    case COPY_SET_NEW:
        inner_rc = MPI_Type_set_attr(old, key_b, tok(42));
        break;
    case COPY_FAIL:
        return MPI_ERR_OTHER;
    case COPY_FAIL_ARG:
        return MPI_ERR_ARG;
    case COPY_FAIL_RAW:
        return 12345;
    default:
        break;
    }
    /* the copy is a token of its own: 20 + the original's */
    *(void **)out = tok(tok_of(in) + 20);
    *flag = 1;
    return MPI_SUCCESS;
}

static void *get(MPI_Datatype t, int k)
{
    void *v = NULL;
    int flag = -1;

    AT_OK(MPI_Type_get_attr(t, k, &v, &flag));
    ck_assert(flag == 0 || flag == 1);
    return flag ? v : NULL;
}

static int ka, kb;

static void keys_make(void)
{
    AT_OK(MPI_Type_create_keyval(copy_cb, del_cb, &ka, NULL));
    AT_OK(MPI_Type_create_keyval(copy_cb, del_cb, &kb, NULL));
    key_b = kb;
    reset();
    act = NOTHING;
    inner_rc = -1;
}

static void keys_free(void)
{
    AT_OK(MPI_Type_free_keyval(&ka));
    AT_OK(MPI_Type_free_keyval(&kb));
}

/* Every token in `toks` deleted exactly once, every other token never. */
static void deleted_once(const int *toks, int n)
{
    for (int i = 0; i < NTOK; i++) {
        int want = 0;
        for (int j = 0; j < n; j++)
            want += toks[j] == i;
        ck_assert_msg(atomic_load(&deleted[i]) == want,
                      "token %d: %d delete callbacks, expected %d", i, atomic_load(&deleted[i]),
                      want);
    }
}

/* ---- the six shapes ---- */

START_TEST(test_delete_cb_sets_other)
{
    MPI_Datatype t;
    long live0 = typeshim_live_types();

    keys_make();
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    /* through MPI_Type_delete_attr */
    AT_OK(MPI_Type_set_attr(t, ka, tok(1)));
    act = SET_OTHER;
    AT_OK(MPI_Type_delete_attr(t, ka));
    ck_assert_int_eq(inner_rc, MPI_SUCCESS);
    ck_assert_ptr_null(get(t, ka));
    ck_assert_ptr_eq(get(t, kb), tok(40));
    AT_OK(MPI_Type_delete_attr(t, kb));
    /* through MPI_Type_free: the value set while the type is destroyed
     * is deleted too */
    AT_OK(MPI_Type_set_attr(t, ka, tok(2)));
    act = SET_OTHER;
    AT_OK(MPI_Type_free(&t));
    ck_assert_int_eq(inner_rc, MPI_SUCCESS);
    deleted_once((int[]){1, 40, 2, 40}, 4); /* 40: set by each callback */
    ck_assert_int_eq(typeshim_live_types(), live0);
    keys_free();
}
END_TEST

START_TEST(test_delete_cb_deletes_other)
{
    MPI_Datatype t;

    keys_make();
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    AT_OK(MPI_Type_set_attr(t, ka, tok(1)));
    AT_OK(MPI_Type_set_attr(t, kb, tok(2)));
    act = DELETE_OTHER;
    AT_OK(MPI_Type_delete_attr(t, ka));
    ck_assert_int_eq(inner_rc, MPI_SUCCESS);
    ck_assert_ptr_null(get(t, ka));
    ck_assert_ptr_null(get(t, kb));
    /* and while the type is destroyed, whichever goes first */
    AT_OK(MPI_Type_set_attr(t, ka, tok(3)));
    AT_OK(MPI_Type_set_attr(t, kb, tok(4)));
    act = DELETE_OTHER;
    AT_OK(MPI_Type_free(&t));
    deleted_once((int[]){1, 2, 3, 4}, 4);
    keys_free();
}
END_TEST

START_TEST(test_delete_cb_deletes_self)
{
    MPI_Datatype t;

    keys_make();
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    AT_OK(MPI_Type_set_attr(t, ka, tok(1)));
    act = DELETE_SELF;
    AT_OK(MPI_Type_delete_attr(t, ka));
    ck_assert_int_eq(inner_rc, MPI_SUCCESS); /* nothing left to delete */
    ck_assert_ptr_null(get(t, ka));
    /* replacing: the old value's callback deletes the key again */
    AT_OK(MPI_Type_set_attr(t, ka, tok(2)));
    act = DELETE_SELF;
    AT_OK(MPI_Type_set_attr(t, ka, tok(3)));
    ck_assert_ptr_eq(get(t, ka), tok(3));
    /* and while the type is destroyed */
    act = DELETE_SELF;
    AT_OK(MPI_Type_free(&t));
    deleted_once((int[]){1, 2, 3}, 3);
    keys_free();
}
END_TEST

START_TEST(test_copy_cb_deletes_source)
{
    MPI_Datatype t, d;

    keys_make();
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    AT_OK(MPI_Type_set_attr(t, ka, tok(1)));
    AT_OK(MPI_Type_set_attr(t, kb, tok(2)));
    act = COPY_DELETE;
    AT_OK(MPI_Type_dup(t, &d));
    ck_assert_int_eq(inner_rc, MPI_SUCCESS);
    ck_assert_int_eq(atomic_load(&copies), 2);
    /* the copies made it; the source lost both */
    ck_assert_ptr_eq(get(d, ka), tok(21));
    ck_assert_ptr_eq(get(d, kb), tok(22));
    ck_assert_ptr_null(get(t, ka));
    ck_assert_ptr_null(get(t, kb));
    act = NOTHING;
    AT_OK(MPI_Type_free(&d));
    AT_OK(MPI_Type_free(&t));
    deleted_once((int[]){1, 2, 21, 22}, 4);
    keys_free();
}
END_TEST

START_TEST(test_copy_cb_replaces_source)
{
    MPI_Datatype t, d;

    keys_make();
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    AT_OK(MPI_Type_set_attr(t, ka, tok(1)));
    act = COPY_REPLACE;
    AT_OK(MPI_Type_dup(t, &d));
    ck_assert_int_eq(inner_rc, MPI_SUCCESS);
    ck_assert_int_eq(atomic_load(&copies), 1);
    ck_assert_ptr_eq(get(d, ka), tok(21)); /* copied from the value it saw */
    ck_assert_ptr_eq(get(t, ka), tok(41)); /* its replacement */
    act = NOTHING;
    AT_OK(MPI_Type_free(&d));
    AT_OK(MPI_Type_free(&t));
    deleted_once((int[]){1, 21, 41}, 3);
    keys_free();
}
END_TEST

START_TEST(test_copy_cb_sets_new_on_source)
{
    MPI_Datatype t, d;

    keys_make();
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    AT_OK(MPI_Type_set_attr(t, ka, tok(1)));
    act = COPY_SET_NEW;
    AT_OK(MPI_Type_dup(t, &d));
    ck_assert_int_eq(inner_rc, MPI_SUCCESS);
    /* the attribute added during the dup is not copied */
    ck_assert_int_eq(atomic_load(&copies), 1);
    ck_assert_ptr_eq(get(d, ka), tok(21));
    ck_assert_ptr_null(get(d, kb));
    ck_assert_ptr_eq(get(t, kb), tok(42));
    act = NOTHING;
    AT_OK(MPI_Type_free(&d));
    AT_OK(MPI_Type_free(&t));
    deleted_once((int[]){1, 21, 42}, 3);
    keys_free();
}
END_TEST

/* ---- MPI_Type_dup when a copy callback fails ---- */

static enum action fail_how;

static int copy_fail_cb(MPI_Datatype old, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)old, (void)keyval, (void)extra, (void)in, (void)out;
    atomic_fetch_add(&copies, 1);
    *flag = 1; /* ignored: the callback failed */
    if (fail_how == COPY_FAIL_CODE) {
        int size;
        return MPI_Type_size(MPI_DATATYPE_NULL, &size); /* an MPI_ERR_TYPE code */
    }
    return fail_how == COPY_FAIL ? MPI_ERR_OTHER : fail_how == COPY_FAIL_ARG ? MPI_ERR_ARG : 12345;
}

/* dup(dup(MPI_DOUBLE)) whose second attribute's copy callback fails: the
 * program gets MPI_DATATYPE_NULL and the callback's class (MPI_ERR_OTHER
 * for what is no class); the copy of the first attribute, already made,
 * is deleted with the new type; the source keeps both. */
static void dup_fails(enum action how, int cls)
{
    MPI_Datatype d, d2 = MPI_CHAR;
    long live;
    int kfail, rc;

    keys_make();
    AT_OK(MPI_Type_create_keyval(copy_fail_cb, del_cb, &kfail, NULL));
    AT_OK(MPI_Type_dup(MPI_DOUBLE, &d));
    AT_OK(MPI_Type_set_attr(d, kb, tok(2)));
    AT_OK(MPI_Type_set_attr(d, kfail, tok(3)));
    live = typeshim_live_types();
    fail_how = how;
    rc = MPI_Type_dup(d, &d2);
    at_expect_error(rc, cls, "MPI_Type_dup", "copy callback", "MPI_Type_dup(failing copy)");
    ck_assert_msg(d2 == MPI_DATATYPE_NULL, "newtype is %#x, not MPI_DATATYPE_NULL", (unsigned)d2);
    ck_assert_int_eq(typeshim_live_types(), live);
    ck_assert_int_eq(atomic_load(&copies), 2);
    ck_assert_int_eq(atomic_load(&deleted[22]), 1); /* kb's copy, dropped */
    ck_assert_ptr_eq(get(d, kb), tok(2));
    ck_assert_ptr_eq(get(d, kfail), tok(3));
    AT_OK(MPI_Type_free(&d));
    deleted_once((int[]){22, 2, 3}, 3);
    AT_OK(MPI_Type_free_keyval(&kfail));
    keys_free();
}

START_TEST(test_dup_copy_fails)
{
    dup_fails(COPY_FAIL, MPI_ERR_OTHER);
    dup_fails(COPY_FAIL_ARG, MPI_ERR_ARG);
    dup_fails(COPY_FAIL_RAW, MPI_ERR_OTHER);
    dup_fails(COPY_FAIL_CODE, MPI_ERR_TYPE);
}
END_TEST

/* ---- stale keyvals ---- */

/* A keyval's handle, once freed, names nothing for 2^20 keyvals made
 * after it (here one at a time, each freed but the last): the program's
 * stale copy is refused, with a message saying so, instead of naming the
 * live keyval made last. */
START_TEST(test_keyval_stale)
{
    MPI_Datatype t;
    int stale, k, live, flag = -1;
    void *v = NULL;

    AT_OK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &k, NULL));
    stale = k;
    AT_OK(MPI_Type_free_keyval(&k));
    for (int i = 0; i < (1 << 20) - 1; i++) {
        AT_OK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &k, NULL));
        AT_OK(MPI_Type_free_keyval(&k));
    }
    AT_OK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &live, NULL));
    ck_assert_int_ne(live, stale);
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    at_expect_error(MPI_Type_set_attr(t, stale, tok(1)), MPI_ERR_KEYVAL, "MPI_Type_set_attr",
                    "was freed", "MPI_Type_set_attr(stale keyval)");
    at_expect_error(MPI_Type_get_attr(t, stale, &v, &flag), MPI_ERR_KEYVAL, "MPI_Type_get_attr",
                    "was freed", "MPI_Type_get_attr(stale keyval)");
    at_expect_error(MPI_Type_free_keyval(&(int){stale}), MPI_ERR_KEYVAL, "MPI_Type_free_keyval",
                    "was freed", "MPI_Type_free_keyval(stale keyval)");
    /* the live one is untouched */
    AT_OK(MPI_Type_get_attr(t, live, &v, &flag));
    ck_assert_int_eq(flag, 0);
    AT_OK(MPI_Type_free(&t));
    AT_OK(MPI_Type_free_keyval(&live));
}
END_TEST

/* ---- threads ---- */

#define NTHREADS 4
#define ROUNDS   3000

static MPI_Datatype shared;
static int tkeys[3];
static atomic_long stored, dropped;
static atomic_int thread_errors;

static int t_copy(MPI_Datatype old, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)old, (void)keyval, (void)extra;
    *(void **)out = in;
    *flag = 1;
    atomic_fetch_add(&stored, 1);
    return MPI_SUCCESS;
}

static int t_del(MPI_Datatype t, int keyval, void *val, void *extra)
{
    (void)t, (void)keyval, (void)val, (void)extra;
    atomic_fetch_add(&dropped, 1);
    return MPI_SUCCESS;
}

static void *writer(void *arg)
{
    int id = (int)(intptr_t)arg;
    char name[32];

    for (int i = 0; i < ROUNDS; i++) {
        int k = tkeys[(i + id) % 3];
        if (MPI_Type_set_attr(shared, k, tok(i % NTOK)) == MPI_SUCCESS)
            atomic_fetch_add(&stored, 1);
        else
            atomic_fetch_add(&thread_errors, 1);
        if (i % 3 == 0 && MPI_Type_delete_attr(shared, tkeys[(i + 1) % 3]) != MPI_SUCCESS)
            atomic_fetch_add(&thread_errors, 1);
        snprintf(name, sizeof name, "writer %d round %d", id, i);
        if (MPI_Type_set_name(shared, name) != MPI_SUCCESS)
            atomic_fetch_add(&thread_errors, 1);
    }
    return NULL;
}

static void *duper(void *arg)
{
    char name[MPI_MAX_OBJECT_NAME];
    int len;

    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        MPI_Datatype d;
        void *v;
        int flag;
        if (MPI_Type_dup(shared, &d) != MPI_SUCCESS) {
            atomic_fetch_add(&thread_errors, 1);
            continue;
        }
        if (MPI_Type_get_attr(d, tkeys[i % 3], &v, &flag) != MPI_SUCCESS ||
            MPI_Type_get_name(shared, name, &len) != MPI_SUCCESS ||
            MPI_Type_get_name(d, name, &len) != MPI_SUCCESS || MPI_Type_free(&d) != MPI_SUCCESS)
            atomic_fetch_add(&thread_errors, 1);
    }
    return NULL;
}

START_TEST(test_threads_attrs_and_dup)
{
    pthread_t th[NTHREADS];
    long live0 = typeshim_live_types();

    for (int i = 0; i < 3; i++)
        AT_OK(MPI_Type_create_keyval(t_copy, t_del, &tkeys[i], NULL));
    AT_OK(MPI_Type_vector(3, 1, 2, MPI_INT, &shared));
    /* the dupers find something to copy from their first round on */
    for (int i = 0; i < 3; i++) {
        AT_OK(MPI_Type_set_attr(shared, tkeys[i], tok(i)));
        atomic_fetch_add(&stored, 1);
    }
    for (int i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, i % 2 ? duper : writer, (void *)(intptr_t)i),
                         0);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);
    ck_assert_int_eq(atomic_load(&thread_errors), 0);
    /* after the threads, a dup copies exactly the attributes left set
     * (whether the dupers copied while the writers ran depends on the
     * scheduler: a loaded machine may run them one after the other) */
    {
        long before = atomic_load(&stored);
        int set = 0, flag;
        void *v;
        MPI_Datatype d;
        for (int i = 0; i < 3; i++) {
            AT_OK(MPI_Type_get_attr(shared, tkeys[i], &v, &flag));
            set += flag;
        }
        AT_OK(MPI_Type_dup(shared, &d));
        ck_assert_int_eq(atomic_load(&stored) - before, set);
        AT_OK(MPI_Type_free(&d));
    }
    AT_OK(MPI_Type_free(&shared));
    for (int i = 0; i < 3; i++)
        AT_OK(MPI_Type_free_keyval(&tkeys[i]));
    /* every value stored, by a set or a copy, was deleted exactly once */
    ck_assert_int_eq(atomic_load(&stored), atomic_load(&dropped));
    ck_assert_int_ge(atomic_load(&stored), 2 * ROUNDS + 3);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* ---- threads nesting one shared indexed type ----
 * An indexed type of one basic type keeps no records until something asks
 * (a parent constructor does): the threads nest it at once, and each
 * parent must pack as the single-threaded reference does. */

#define NBLK 300
static MPI_Datatype shared_idx;
static char ref_packed[2 * NBLK * 8 * 3 + 64];
static int ref_size;
static double idx_buf[NBLK * 12]; /* two elements of the type */

static void *nester(void *arg)
{
    char out[sizeof(ref_packed)];

    (void)arg;
    for (int i = 0; i < 50; i++) {
        MPI_Datatype c;
        int pos = 0;
        if (MPI_Type_contiguous(2, shared_idx, &c) != MPI_SUCCESS ||
            MPI_Type_commit(&c) != MPI_SUCCESS ||
            MPI_Pack(idx_buf, 1, c, out, (int)sizeof(out), &pos, MPI_COMM_SELF) != MPI_SUCCESS ||
            pos != ref_size || memcmp(out, ref_packed, (size_t)pos) != 0 ||
            MPI_Type_free(&c) != MPI_SUCCESS)
            atomic_fetch_add(&thread_errors, 1);
    }
    return NULL;
}

START_TEST(test_threads_nest_indexed)
{
    int len[NBLK], disp[NBLK];
    pthread_t th[NTHREADS];
    MPI_Datatype c;
    MPI_Aint lb, ext;

    for (int i = 0; i < NBLK; i++) {
        len[i] = 1 + i % 3;
        disp[i] = 6 * (NBLK - 1 - i); /* out of order: the overlap question too */
    }
    for (int i = 0; i < NBLK * 12; i++)
        idx_buf[i] = i;
    AT_OK(MPI_Type_indexed(NBLK, len, disp, MPI_DOUBLE, &shared_idx));
    AT_OK(MPI_Type_commit(&shared_idx));
    AT_OK(MPI_Type_get_extent(shared_idx, &lb, &ext));
    /* the reference, from a separate copy of the type (its own records) */
    {
        MPI_Datatype twin;
        AT_OK(MPI_Type_indexed(NBLK, len, disp, MPI_DOUBLE, &twin));
        AT_OK(MPI_Type_contiguous(2, twin, &c));
        AT_OK(MPI_Type_commit(&c));
        AT_OK(
            MPI_Pack(idx_buf, 1, c, ref_packed, (int)sizeof(ref_packed), &ref_size, MPI_COMM_SELF));
        AT_OK(MPI_Type_free(&c));
        AT_OK(MPI_Type_free(&twin));
    }
    atomic_store(&thread_errors, 0);
    for (int i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, nester, NULL), 0);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(th[i], NULL);
    ck_assert_int_eq(atomic_load(&thread_errors), 0);
    ck_assert_int_eq(ref_size, 2 * 8 * (NBLK / 3) * (1 + 2 + 3));
    AT_OK(MPI_Type_free(&shared_idx));
}
END_TEST

static Suite *attr_suite(void)
{
    Suite *s = suite_create("attributes");
    TCase *tc = tcase_create("reentry");
    TCase *tt = tcase_create("threads");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_delete_cb_sets_other);
    tcase_add_test(tc, test_delete_cb_deletes_other);
    tcase_add_test(tc, test_delete_cb_deletes_self);
    tcase_add_test(tc, test_copy_cb_deletes_source);
    tcase_add_test(tc, test_copy_cb_replaces_source);
    tcase_add_test(tc, test_copy_cb_sets_new_on_source);
    tcase_add_test(tc, test_dup_copy_fails);
    tcase_add_test(tc, test_keyval_stale);
    suite_add_tcase(s, tc);
    tcase_set_timeout(tt, 120);
    tcase_add_checked_fixture(tt, at_errors_return, at_errors_fatal);
    tcase_add_test(tt, test_threads_attrs_and_dup);
    tcase_add_test(tt, test_threads_nest_indexed);
    suite_add_tcase(s, tt);
    return s;
}

int main(void)
{
    Suite *suites[1];

    suites[0] = attr_suite();
    return at_run(suites, 1, 1);
}
