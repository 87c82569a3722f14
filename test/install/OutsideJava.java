// SPDX-License-Identifier: BSD-3-Clause
import java.nio.file.Files;
import java.nio.file.Paths;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * A user's program built against the installed typeshim.jar and run by the
 * installed typeshim-java (check-install.sh): a vector of doubles and a
 * struct with MPI.LB/MPI.UB, sent to itself (one process) or to the other
 * rank (two, over MPICH); prints "outside_java rank R: ok (...)" and the
 * JNI library the JVM loaded, which must lie below the directory given.
 */
public final class OutsideJava {
    private OutsideJava() {}

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int peer = (rank + 1) % size;
        Datatype v = MPI.DOUBLE.vector(2, 1, 3);
        v.commit();
        Datatype s = Datatype.struct(new int[] {1, 1, 1}, new int[] {-1, 0, 2},
                                     new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
        s.commit();
        double[] d = {1.5, 2, 3, 4.5};
        double[] dr = new double[4];
        Status st = MPI.COMM_WORLD.Sendrecv(d, 0, 1, v, peer, 1, dr, 0, 1, v, MPI.ANY_SOURCE, 1);
        int[] i = {10, 20, 30, 40, 50, 60};
        int[] ir = new int[6];
        MPI.COMM_WORLD.Sendrecv(i, 1, 2, s, peer, 2, ir, 1, 2, s, MPI.ANY_SOURCE, 2);
        boolean ok = dr[0] == 1.5 && dr[3] == 4.5 && dr[1] == 0 && st.getElements(v) == 2
                     && s.extent() == 3 && s.lb() == -1 && ir[1] == 20 && ir[4] == 50
                     && ir[2] == 0;
        String lib = "?";
        for (String line : Files.readAllLines(Paths.get("/proc/self/maps")))
            if (line.contains("libtypeshim-java"))
                lib = line.substring(line.indexOf('/'));
        boolean where = args.length == 0 || lib.startsWith(args[0]);
        System.out.println("outside_java rank " + rank + ": " + (ok && where ? "ok" : "FAILED")
                           + " (" + size + " processes, " + MPI.runtime() + ", " + lib + ")");
        MPI.Finalize();
        System.exit(ok && where ? 0 : 1);
    }
}
