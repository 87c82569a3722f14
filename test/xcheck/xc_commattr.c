/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_commattr: attributes cached on communicators compared with MPICH run
 * as a singleton: the copy and delete callbacks each call runs, in order,
 * with their arguments (the communicator by name, the value, the extra
 * state); set, get, replace, delete; callbacks that fail; a keyval freed
 * while attached; the predefined attributes; keyvals of communicators and
 * of datatypes kept apart; the MPI-1 forms and the predefined callbacks;
 * which constructors copy; and the deletions of MPI_Finalize
 * (MPI_COMM_SELF's in the reverse order of setting, then
 * MPI_COMM_WORLD's, with MPI still usable). */
#include "xc_common.h"

static char events[2048]; /* what the callbacks did since the last print */
static const char *fail_copy = "", *fail_delete = "";
static MPI_Comm d, d2; /* named in the events */
static int k_other;    /* read by the delete callbacks at MPI_Finalize */

static const char *name(MPI_Comm c)
{
    return c == MPI_COMM_WORLD  ? "world"
           : c == MPI_COMM_SELF ? "self"
           : c == d             ? "d"
           : c == d2            ? "d2"
                                : "other";
}

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    size_t n = strlen(events);
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(events + n, sizeof events - n, fmt, ap);
    va_end(ap);
}

/* Prints the events under key p and forgets them. */
static void show(const char *p, int rc)
{
    xc_kv(p, "%s [%s]", xc_rc(rc), events);
    events[0] = '\0';
}

/* Keyval "C" copies nothing (flag 0), the others val + 100. */
static int copy_cb(MPI_Comm c, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)keyval;
    note("copy %s %s %ld;", (const char *)extra, name(c), (long)in);
    if (strcmp(extra, fail_copy) == 0)
        return MPI_ERR_ARG;
    *(void **)out = (void *)((long)in + 100);
    *flag = strcmp(extra, "C") != 0;
    return MPI_SUCCESS;
}

/* At MPI_Finalize, a callback also says whether MPI is finalized and what
 * it reads of keyval k_other on its communicator. */
static int del_cb(MPI_Comm c, int keyval, void *val, void *extra)
{
    int fin = -1, flag = -1;
    void *v;

    (void)keyval;
    note("del %s %s %ld", (const char *)extra, name(c), (long)val);
    if (k_other) {
        MPI_Finalized(&fin);
        MPI_Comm_get_attr(c, k_other, &v, &flag);
        note(" finalized=%d other=%d", fin, flag);
    }
    note(";");
    return strcmp(extra, fail_delete) == 0 ? MPI_ERR_ARG : MPI_SUCCESS;
}

/* The value of keyval on comm: "rc flag value". */
static void get(const char *p, MPI_Comm comm, int keyval)
{
    void *v = NULL;
    int flag = -1, rc = MPI_Comm_get_attr(comm, keyval, &v, &flag);

    xc_kv(p, "%s %d %ld", xc_rc(rc), flag, flag == 1 ? (long)v : -1L);
}

int main(int argc, char **argv)
{
    int ka, kb, kc, kt, kd, kn, k, old, rc, flag;
    MPI_Request r;
    MPI_Group g;
    void *v;

    xc_init(&argc, &argv);
    MPI_Comm_create_keyval(copy_cb, del_cb, &ka, "A");
    MPI_Comm_create_keyval(copy_cb, del_cb, &kb, "B");
    MPI_Comm_create_keyval(copy_cb, del_cb, &kc, "C");
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_set_attr(d, kc, (void *)3);
    MPI_Comm_set_attr(d, ka, (void *)1);
    rc = MPI_Comm_set_attr(d, kb, (void *)2);
    show("set", rc);
    get("get.a", d, ka);
    get("get.unset", MPI_COMM_WORLD, ka);
    rc = MPI_Comm_dup(d, &d2);
    show("dup.copies", rc);
    get("dup.a", d2, ka);
    get("dup.c_not_copied", d2, kc);
    rc = MPI_Comm_set_attr(d, ka, (void *)11);
    show("replace", rc);
    get("replace.a", d, ka);
    rc = MPI_Comm_free(&d2);
    show("free.deletes", rc);
    rc = MPI_Comm_delete_attr(d, kb);
    show("delete", rc);
    rc = MPI_Comm_delete_attr(d, kb);
    show("delete.again", rc);

    /* failing callbacks */
    MPI_Comm_set_attr(d, kb, (void *)2);
    events[0] = '\0';
    fail_copy = "A";
    rc = MPI_Comm_dup(d, &d2);
    show("dup.copy_fails", rc);
    fail_copy = "";
    fail_delete = "B";
    rc = MPI_Comm_delete_attr(d, kb);
    show("delete.fails", rc);
    get("delete.fails.kept", d, kb);
    rc = MPI_Comm_set_attr(d, kb, (void *)22);
    show("replace.fails", rc);
    get("replace.fails.kept", d, kb);
    rc = MPI_Comm_free(&d);
    show("free.fails", rc);
    xc_kv("free.fails.kept", "%d", d != MPI_COMM_NULL);
    fail_delete = "";
    if (d != MPI_COMM_NULL)
        MPI_Comm_free(&d);
    events[0] = '\0';

    /* a keyval freed while attached lives on until its last value goes */
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_set_attr(d, ka, (void *)1);
    old = ka;
    rc = MPI_Comm_free_keyval(&ka);
    xc_kv("free_keyval.attached", "%s invalid=%d", xc_rc(rc), ka == MPI_KEYVAL_INVALID);
    get("free_keyval.get", d, old);
    rc = MPI_Comm_dup(d, &d2);
    show("free_keyval.dup", rc);
    rc = MPI_Comm_free(&d2);
    show("free_keyval.free_dup", rc);
    rc = MPI_Comm_free(&d);
    show("free_keyval.free_last", rc);
    get("free_keyval.gone", MPI_COMM_WORLD, old);
    xc_kv("free_keyval.gone.free", "%s", xc_rc(MPI_Comm_free_keyval(&(int){old})));

    /* predefined attributes and bad keyvals */
    flag = -1;
    rc = MPI_Comm_get_attr(MPI_COMM_SELF, MPI_TAG_UB, &v, &flag);
    xc_kv("tag_ub.self", "%s %d %d", xc_rc(rc), flag, flag == 1 ? *(int *)v : -1);
    xc_kv("tag_ub.set", "%s", xc_rc(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, &rc)));
    xc_kv("tag_ub.delete", "%s", xc_rc(MPI_Comm_delete_attr(MPI_COMM_WORLD, MPI_TAG_UB)));
    xc_kv("tag_ub.free_keyval", "%s", xc_rc(MPI_Comm_free_keyval(&(int){MPI_TAG_UB})));
    xc_kv("tag_ub.attr_put", "%s", xc_rc(MPI_Attr_put(MPI_COMM_WORLD, MPI_TAG_UB, &rc)));
    get("invalid.get", MPI_COMM_WORLD, MPI_KEYVAL_INVALID);
    xc_kv("invalid.set", "%s", xc_rc(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_KEYVAL_INVALID, &rc)));
    xc_kv("invalid.free", "%s", xc_rc(MPI_Comm_free_keyval(&(int){MPI_KEYVAL_INVALID})));
    xc_kv("create.null", "%s", xc_rc(MPI_Comm_create_keyval(NULL, NULL, NULL, NULL)));
    xc_kv("free_keyval.null", "%s", xc_rc(MPI_Comm_free_keyval(NULL)));
    xc_kv("get.null_value", "%s", xc_rc(MPI_Comm_get_attr(MPI_COMM_WORLD, kb, NULL, &flag)));
    xc_kv("get.null_flag", "%s", xc_rc(MPI_Comm_get_attr(MPI_COMM_WORLD, kb, &v, NULL)));
    xc_kv("set.comm_null", "%s", xc_rc(MPI_Comm_set_attr(MPI_COMM_NULL, kb, &rc)));
    xc_kv("delete.unset", "%s", xc_rc(MPI_Comm_delete_attr(MPI_COMM_WORLD, kb)));

    /* keyvals of datatypes and of communicators are kept apart */
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &kt, NULL);
    xc_kv("type_kv.set", "%s", xc_rc(MPI_Comm_set_attr(MPI_COMM_WORLD, kt, &rc)));
    get("type_kv.get", MPI_COMM_WORLD, kt);
    xc_kv("type_kv.delete", "%s", xc_rc(MPI_Comm_delete_attr(MPI_COMM_WORLD, kt)));
    xc_kv("type_kv.free", "%s", xc_rc(MPI_Comm_free_keyval(&(int){kt})));
    xc_kv("comm_kv.type_set", "%s", xc_rc(MPI_Type_set_attr(MPI_INT, kb, &rc)));
    xc_kv("comm_kv.type_get", "%s", xc_rc(MPI_Type_get_attr(MPI_INT, kb, &v, &flag)));
    xc_kv("comm_kv.type_free", "%s", xc_rc(MPI_Type_free_keyval(&(int){kb})));
    xc_kv("tag_ub.type_get", "%s", xc_rc(MPI_Type_get_attr(MPI_INT, MPI_TAG_UB, &v, &flag)));
    MPI_Type_free_keyval(&kt);

    /* the predefined callbacks and the MPI-1 functions */
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &kd, NULL);
    rc = MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &kn, NULL);
    xc_kv("keyval_create", "%s", xc_rc(rc));
    MPI_Attr_put(MPI_COMM_WORLD, kd, (void *)77);
    xc_kv("attr_put", "%s", xc_rc(MPI_Attr_put(MPI_COMM_WORLD, kn, (void *)78)));
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    flag = -1;
    rc = MPI_Attr_get(d, kd, &v, &flag);
    xc_kv("dup_fn", "%s %d %ld", xc_rc(rc), flag, flag == 1 ? (long)v : -1L);
    rc = MPI_Attr_get(d, kn, &v, &flag);
    xc_kv("null_copy_fn", "%s %d", xc_rc(rc), flag);
    xc_kv("attr_delete", "%s", xc_rc(MPI_Attr_delete(d, kd)));
    get("attr_delete.gone", d, kd);
    rc = MPI_Keyval_free(&kn);
    xc_kv("keyval_free", "%s invalid=%d", xc_rc(rc), kn == MPI_KEYVAL_INVALID);
    MPI_Comm_free(&d);
    MPI_Attr_delete(MPI_COMM_WORLD, kd);
    MPI_Comm_free_keyval(&kd);

    /* which constructors copy */
    MPI_Comm_set_attr(MPI_COMM_WORLD, kb, (void *)9);
    events[0] = '\0';
    MPI_Comm_split(MPI_COMM_WORLD, 0, 0, &d);
    show("split", MPI_Comm_get_attr(d, kb, &v, &flag));
    xc_kv("split.copied", "%d", flag);
    MPI_Comm_free(&d);
    MPI_Comm_group(MPI_COMM_WORLD, &g);
    MPI_Comm_create(MPI_COMM_WORLD, g, &d);
    MPI_Group_free(&g);
    show("create", MPI_Comm_get_attr(d, kb, &v, &flag));
    xc_kv("create.copied", "%d", flag);
    MPI_Comm_free(&d);
    rc = MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    show("idup", rc);
    get("idup.b", d, kb);
    show("idup.free", MPI_Comm_free(&d));
    rc = MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &d);
    show("dup_with_info", rc);
    get("dup_with_info.b", d, kb);
    events[0] = '\0';

    /* MPI_Finalize: MPI_COMM_SELF's attributes first, newest first, then
     * MPI_COMM_WORLD's; d's (never freed) have no callback run.  Keyval
     * "other" has no callback: the newest on MPI_COMM_SELF (gone before
     * the callbacks there run), the oldest on MPI_COMM_WORLD (there still). */
    MPI_Comm_create_keyval(copy_cb, del_cb, &ka, "A");
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &k_other, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, k_other, (void *)400);
    MPI_Comm_set_attr(MPI_COMM_SELF, kc, (void *)301);
    MPI_Comm_set_attr(MPI_COMM_SELF, ka, (void *)302);
    MPI_Comm_set_attr(MPI_COMM_SELF, kb, (void *)303);
    MPI_Comm_set_attr(MPI_COMM_SELF, k_other, (void *)300);
    MPI_Comm_set_attr(MPI_COMM_WORLD, kc, (void *)401);
    MPI_Comm_set_attr(MPI_COMM_WORLD, ka, (void *)402);
    MPI_Comm_set_attr(d, kc, (void *)501);
    k = MPI_Finalize();
    show("finalize", k);
    return k == MPI_SUCCESS ? 0 : 1;
}
