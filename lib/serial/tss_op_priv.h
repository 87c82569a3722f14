/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss_op_priv.h: what tss_op.c (user operations, applying any operation)
 * and tss_op_kernels.c (the predefined operations) share.
 */
#ifndef TSS_OP_PRIV_H
#define TSS_OP_PRIV_H

/* The element kinds operations are written for. */
enum kind {
    K_NONE,
    K_I8,
    K_U8,
    K_I16,
    K_U16,
    K_I32,
    K_U32,
    K_I64,
    K_U64,
    K_F32,
    K_F64,
    K_LD,
    K_CF,
    K_CD,
    K_CLD,
    K_BOOL,
    K_FLOG,
    K_BYTE,
    /* pairs (value, index), packed without padding */
    K_FLOAT_INT,
    K_DOUBLE_INT,
    K_LONG_INT,
    K_2INT,
    K_SHORT_INT,
    K_LDOUBLE_INT,
    K_2REAL,
    K_2DOUBLE,
    /* an unnamed pair of MPI_Type_get_value_index: its kinds are apart */
    K_VALUE_INDEX
};

enum cls { C_NONE, C_INT, C_FLOAT, C_COMPLEX, C_LOGICAL, C_BYTE, C_PAIR };

/* The predefined operations (MPI-4.1 section 6.9.2), which the kernels
 * switch on: their handles are no constants a switch takes in every ABI
 * (Open MPI's are addresses).  OP_NONE: any other handle. */
enum op_id {
    OP_MAX,
    OP_MIN,
    OP_SUM,
    OP_PROD,
    OP_LAND,
    OP_BAND,
    OP_LOR,
    OP_BOR,
    OP_LXOR,
    OP_BXOR,
    OP_MINLOC,
    OP_MAXLOC,
    OP_REPLACE,
    OP_NO_OP,
    OP_NONE
};

typedef void kernel_fn(enum op_id op, const char *in, char *io, MPI_Count n);

/* The predefined operation op names, OP_NONE for any other handle. */
TSS_HIDDEN enum op_id tss_op_id(MPI_Op op);
/* kind_of, with the unnamed value-index pairs and the f90 types. */
TSS_HIDDEN enum kind tss_op_kind_of_any(MPI_Datatype t, enum kind *vk, enum kind *ik);
TSS_HIDDEN enum cls tss_op_class_of_kind(enum kind k);
/* Whether predefined operation op is defined for class c. */
TSS_HIDDEN int tss_op_allows(enum op_id op, enum cls c);
/* A predefined operation's name, for messages. */
TSS_HIDDEN const char *tss_op_name(enum op_id op);
/* The kernel of k and the packed size of one of its elements. */
TSS_HIDDEN kernel_fn *tss_op_kernel_of(enum kind k, MPI_Count *size);
/* MINLOC/MAXLOC on the pairs of an unnamed value-index type. */
TSS_HIDDEN void tss_op_value_index_kernel(enum op_id op, enum kind vk, enum kind ik, const char *in,
                                          char *io, MPI_Count n);

#endif /* TSS_OP_PRIV_H */
