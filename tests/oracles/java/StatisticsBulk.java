package wekaeval.tests;

import weka.core.Statistics;

/** weka.core.Statistics over whole arrays, so that a test compares a hundred thousand values in one call. */
public final class StatisticsBulk {
    private StatisticsBulk() {}

    /** incompleteBeta(a[i], b[i], x[i]); NaN where WEKA throws (its message is not needed, only that it threw). */
    public static double[] incompleteBeta(double[] a, double[] b, double[] x, boolean[] threw) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            try {
                out[i] = Statistics.incompleteBeta(a[i], b[i], x[i]);
            } catch (RuntimeException error) {
                out[i] = Double.NaN;
                threw[i] = true;
            }
        }
        return out;
    }
}
