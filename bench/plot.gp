# SPDX-License-Identifier: BSD-3-Clause
# plot.gp: the `make bench` plot.  gnuplot -e "data='...'; out='...'" plot.gp
# data: report.sh's plot file (pattern, tier, pack GB/s TS MPICH OMPI hand
# memcpy, unpack GB/s TS MPICH OMPI hand; "n/a" for missing values).
if (!exists("data")) data = 'bench/results-plot.dat'
if (!exists("out")) out = 'bench/results.png'
set terminal pngcairo size 2000,1100 font ",10" noenhanced
set output out
set datafile separator "\t"
set datafile missing "n/a"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border -1
set boxwidth 0.9
set logscale y
set yrange [0.1:100]
set grid ytics
set xtics rotate by -45 nomirror
set key top left horizontal
set multiplot layout 2,1 title "typeshim pack/unpack vs MPICH, Open MPI, hand loop, memcpy (GB/s of packed data; median)"
set ylabel "MPI_Pack GB/s"
plot data using 3:xtic(1) title "typeshim" lc rgb "#d62728", \
     '' using 4 title "MPICH" lc rgb "#1f77b4", \
     '' using 5 title "Open MPI" lc rgb "#2ca02c", \
     '' using 6 title "hand loop" lc rgb "#7f7f7f", \
     '' using 7 title "memcpy" lc rgb "#bcbd22"
set ylabel "MPI_Unpack GB/s"
plot data using 8:xtic(1) title "typeshim" lc rgb "#d62728", \
     '' using 9 title "MPICH" lc rgb "#1f77b4", \
     '' using 10 title "Open MPI" lc rgb "#2ca02c", \
     '' using 11 title "hand loop" lc rgb "#7f7f7f", \
     '' using 7 title "memcpy" lc rgb "#bcbd22"
unset multiplot
