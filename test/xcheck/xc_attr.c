/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_attr: keyvals and attributes on datatypes: copy/delete callbacks
 * (when they run, with what), MPI_TYPE_DUP_FN / MPI_TYPE_NULL_COPY_FN
 * through MPI_Type_dup, set/get/delete, free_keyval with live attributes,
 * delete callbacks on MPI_Type_free, callbacks returning errors. */
#include "xc_common.h"

static const char *step = "init";
static int tags[8] = {0, 1, 2, 3, 4, 5, 6, 7};
static int vals[16] = {0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150};
static int copied[64];
static int ncopied;
static int fail_copy, fail_delete;

/* Callback events are collected per step and printed sorted at the end of
 * the step, keyed evt.<step>.<kind>.k<tag>[.n]: a different ORDER of
 * callbacks between implementations is not a difference, a different set
 * or different arguments is. */
static char events[256][128];
static int nevents;

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static void flush_events(void)
{
    char prev[128] = "";
    int dup = 0;
    qsort(events, (size_t)nevents, sizeof events[0], cmp_str);
    for (int i = 0; i < nevents; i++) {
        char *eq = strchr(events[i], '=');
        size_t klen = (size_t)(eq - events[i]);
        if (i > 0 && strncmp(prev, events[i], klen + 1) == 0 && prev[klen] == '=')
            dup++;
        else
            dup = 0;
        memcpy(prev, events[i], sizeof prev);
        if (dup)
            printf("evt.%s.%.*s.%d = %s\n", step, (int)klen, events[i], dup, eq + 1);
        else
            printf("evt.%s.%.*s = %s\n", step, (int)klen, events[i], eq + 1);
    }
    nevents = 0;
}

static void set_step(const char *s)
{
    flush_events();
    step = s;
}

static void event(const char *kind, int tag, const char *fmt, int a, int b)
{
    char args[96];
    snprintf(args, sizeof args, fmt, a, b);
    if (nevents < 256)
        snprintf(events[nevents++], sizeof events[0], "%s.k%d=%s", kind, tag, args);
}

static int attr_value(void *p)
{
    return p ? *(int *)p : -1;
}

static int copy_cb(MPI_Datatype old, int keyval, void *extra, void *in, void *out, int *flag)
{
    int sz = -1;
    (void)keyval;
    MPI_Type_size(old, &sz);
    event("copy", *(int *)extra, "oldsize=%d in=%d", sz, attr_value(in));
    if (fail_copy) {
        *flag = 1;
        return MPI_ERR_OTHER;
    }
    copied[ncopied] = attr_value(in) + 1000;
    *(void **)out = &copied[ncopied++];
    *flag = 1;
    return MPI_SUCCESS;
}

static int nocopy_cb(MPI_Datatype old, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)old;
    (void)keyval;
    (void)out;
    event("nocopy", *(int *)extra, "in=%d flag_before_set=%d", attr_value(in), 0);
    *flag = 0;
    return MPI_SUCCESS;
}

static int delete_cb(MPI_Datatype t, int keyval, void *val, void *extra)
{
    int sz = -1;
    (void)keyval;
    MPI_Type_size(t, &sz);
    event("delete", *(int *)extra, "size=%d val=%d", sz, attr_value(val));
    return fail_delete ? MPI_ERR_OTHER : MPI_SUCCESS;
}

static void get(const char *key, MPI_Datatype t, int kv)
{
    void *v = NULL;
    int flag = -1;
    int rc = MPI_Type_get_attr(t, kv, &v, &flag);
    xc_kv(key, "%s flag=%d val=%d", xc_rc(rc), flag, flag == 1 ? attr_value(v) : -1);
}

int main(int argc, char **argv)
{
    int k1, k2, k3, k4, k5, rc;
    MPI_Datatype t, t2, t3;
    xc_init(&argc, &argv);

    rc = MPI_Type_create_keyval(copy_cb, delete_cb, &k1, &tags[1]);
    xc_rc_kv("create_keyval(k1)", "", rc);
    rc = MPI_Type_create_keyval(MPI_TYPE_DUP_FN, delete_cb, &k2, &tags[2]);
    xc_rc_kv("create_keyval(k2,DUP_FN)", "", rc);
    rc = MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &k3, &tags[3]);
    xc_rc_kv("create_keyval(k3,NULL_FNs)", "", rc);
    rc = MPI_Type_create_keyval(nocopy_cb, delete_cb, &k4, &tags[4]);
    xc_rc_kv("create_keyval(k4,nocopy)", "", rc);
    rc = MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, delete_cb, &k5, &tags[5]);
    xc_rc_kv("create_keyval(k5,NULL_COPY)", "", rc);
    xc_kv("keyvals_distinct", "%d", k1 != k2 && k2 != k3 && k3 != k4 && k4 != k5 && k1 != k5);

    MPI_Type_contiguous(2, MPI_INT, &t);
    set_step("fresh");
    get("fresh.get(k1)", t, k1);

    set_step("set");
    xc_rc_kv("set(t,k1,10)", "", MPI_Type_set_attr(t, k1, &vals[1]));
    xc_rc_kv("set(t,k2,20)", "", MPI_Type_set_attr(t, k2, &vals[2]));
    xc_rc_kv("set(t,k3,30)", "", MPI_Type_set_attr(t, k3, &vals[3]));
    xc_rc_kv("set(t,k4,40)", "", MPI_Type_set_attr(t, k4, &vals[4]));
    xc_rc_kv("set(t,k5,50)", "", MPI_Type_set_attr(t, k5, &vals[5]));
    get("set.get(t,k1)", t, k1);
    get("set.get(t,k2)", t, k2);
    get("set.get(t,k3)", t, k3);
    get("set.get(t,k4)", t, k4);
    get("set.get(t,k5)", t, k5);

    set_step("replace");
    xc_rc_kv("replace(t,k1,60)", "", MPI_Type_set_attr(t, k1, &vals[6]));
    get("replace.get(t,k1)", t, k1);

    set_step("dup");
    rc = MPI_Type_dup(t, &t2);
    xc_rc_kv("dup(t)", "", rc);
    get("dup.get(t2,k1)", t2, k1);
    get("dup.get(t2,k2)", t2, k2);
    get("dup.get(t2,k3)", t2, k3);
    get("dup.get(t2,k4)", t2, k4);
    get("dup.get(t2,k5)", t2, k5);
    xc_show("dup.t2", t2);

    set_step("dupdup");
    rc = MPI_Type_dup(t2, &t3);
    xc_rc_kv("dup(t2)", "", rc);
    get("dupdup.get(t3,k1)", t3, k1);
    get("dupdup.get(t3,k2)", t3, k2);

    set_step("delete");
    xc_rc_kv("delete(t,k1)", "", MPI_Type_delete_attr(t, k1));
    get("delete.get(t,k1)", t, k1);
    xc_rc_kv("delete(t,k1).again", "", MPI_Type_delete_attr(t, k1));
    xc_rc_kv("delete(t,k3)", "", MPI_Type_delete_attr(t, k3));

    set_step("free_keyval");
    {
        int kk = k1;
        rc = MPI_Type_free_keyval(&kk);
        xc_kv("free_keyval(k1)", "%s invalid=%d", xc_rc(rc), kk == MPI_KEYVAL_INVALID);
    }
    /* k1 still alive through t2 and t3: the attribute is still there */
    get("free_keyval.get(t2,k1)", t2, k1);

    set_step("free_t");
    xc_rc_kv("free(t)", "", MPI_Type_free(&t));
    set_step("free_t2");
    xc_rc_kv("free(t2)", "", MPI_Type_free(&t2));
    set_step("free_t3");
    xc_rc_kv("free(t3)", "", MPI_Type_free(&t3));

    /* attributes on a predefined type, and dup of it */
    set_step("predef");
    xc_rc_kv("set(MPI_DOUBLE,k2,70)", "", MPI_Type_set_attr(MPI_DOUBLE, k2, &vals[7]));
    xc_rc_kv("set(MPI_DOUBLE,k5,80)", "", MPI_Type_set_attr(MPI_DOUBLE, k5, &vals[8]));
    get("predef.get(MPI_DOUBLE,k2)", MPI_DOUBLE, k2);
    get("predef.get(MPI_INT,k2)", MPI_INT, k2);
    set_step("predef_dup");
    rc = MPI_Type_dup(MPI_DOUBLE, &t);
    xc_rc_kv("dup(MPI_DOUBLE)", "", rc);
    get("predef_dup.get(t,k2)", t, k2);
    get("predef_dup.get(t,k5)", t, k5);
    set_step("predef_free");
    MPI_Type_free(&t);
    set_step("predef_delete");
    xc_rc_kv("delete(MPI_DOUBLE,k2)", "", MPI_Type_delete_attr(MPI_DOUBLE, k2));
    xc_rc_kv("delete(MPI_DOUBLE,k5)", "", MPI_Type_delete_attr(MPI_DOUBLE, k5));
    get("predef_delete.get(MPI_DOUBLE,k2)", MPI_DOUBLE, k2);

    /* a copy callback that fails: the dup fails, nothing is created */
    {
        int kf;
        MPI_Type_create_keyval(copy_cb, delete_cb, &kf, &tags[6]);
        MPI_Type_vector(2, 1, 2, MPI_INT, &t);
        MPI_Type_set_attr(t, kf, &vals[9]);
        set_step("failcopy");
        fail_copy = 1;
        t2 = MPI_CHAR; /* poisoned: MPICH writes MPI_DATATYPE_NULL over it */
        rc = MPI_Type_dup(t, &t2);
        fail_copy = 0;
        xc_kv("failcopy.dup", "%s null=%d", xc_rc(rc), t2 == MPI_DATATYPE_NULL);
        if (rc == MPI_SUCCESS)
            MPI_Type_free(&t2);
        get("failcopy.get(t,kf)", t, kf);
        /* the same through a dup of a predefined type */
        {
            MPI_Datatype d, d2 = MPI_CHAR;
            MPI_Type_dup(MPI_DOUBLE, &d);
            MPI_Type_set_attr(d, kf, &vals[10]);
            fail_copy = 1;
            rc = MPI_Type_dup(d, &d2);
            fail_copy = 0;
            xc_kv("failcopy.dup(dup(MPI_DOUBLE))", "%s null=%d", xc_rc(rc),
                  d2 == MPI_DATATYPE_NULL);
            MPI_Type_free(&d);
        }
        /* a delete callback that fails: delete_attr fails */
        set_step("faildelete");
        fail_delete = 1;
        rc = MPI_Type_delete_attr(t, kf);
        fail_delete = 0;
        xc_rc_kv("faildelete.delete_attr", "", rc);
        get("faildelete.get(t,kf)", t, kf);
        set_step("failfree");
        MPI_Type_delete_attr(t, kf);
        MPI_Type_free(&t);
        MPI_Type_free_keyval(&kf);
    }

    /* bad keyvals */
    set_step("bad");
    {
        MPI_Type_contiguous(1, MPI_INT, &t);
        void *v = NULL;
        int flag = -1;
        rc = MPI_Type_get_attr(t, MPI_KEYVAL_INVALID, &v, &flag);
        xc_rc_kv("bad.get_attr(KEYVAL_INVALID)", "", rc);
        rc = MPI_Type_set_attr(t, MPI_KEYVAL_INVALID, &vals[1]);
        xc_rc_kv("bad.set_attr(KEYVAL_INVALID)", "", rc);
        rc = MPI_Type_delete_attr(t, MPI_KEYVAL_INVALID);
        xc_rc_kv("bad.delete_attr(KEYVAL_INVALID)", "", rc);
        {
            int kk = MPI_KEYVAL_INVALID;
            rc = MPI_Type_free_keyval(&kk);
            xc_rc_kv("bad.free_keyval(KEYVAL_INVALID)", "", rc);
        }
        MPI_Type_free(&t);
    }

    set_step("end");
    MPI_Type_free_keyval(&k2);
    MPI_Type_free_keyval(&k3);
    MPI_Type_free_keyval(&k4);
    MPI_Type_free_keyval(&k5);
    xc_kv("end.k2_invalid", "%d", k2 == MPI_KEYVAL_INVALID);
    set_step("finalize");
    return xc_finalize();
}
