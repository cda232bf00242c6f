package wekaeval.tests;

import weka.estimators.UnivariateKernelEstimator;

/** WEKA's UnivariateKernelEstimator and the Math functions it calls, over whole arrays, one JPype call each. */
public final class KernelBulk {
    private KernelBulk() {}

    /** A fresh estimator given every (value, weight) in order, then {@code logDensity} at each point, in order. */
    public static double[] logDensities(double[] values, double[] weights, double[] points) {
        UnivariateKernelEstimator estimator = new UnivariateKernelEstimator();
        for (int i = 0; i < values.length; i++) estimator.addValue(values[i], weights[i]);
        double[] out = new double[points.length];
        for (int i = 0; i < points.length; i++) out[i] = estimator.logDensity(points[i]);
        return out;
    }

    public static double[] exp(double[] x) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = Math.exp(x[i]);
        return out;
    }

    public static double[] pow(double[] x, double y) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = Math.pow(x[i], y);
        return out;
    }
}
