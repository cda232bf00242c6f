package wekaeval.tests;

import java.util.ArrayList;

import weka.classifiers.AbstractClassifier;
import weka.classifiers.ConditionalDensityEstimator;
import weka.classifiers.IntervalEstimator;
import weka.classifiers.evaluation.Evaluation;
import weka.core.Attribute;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;

/**
 * A regression "scheme" for the tests that answers from arrays: instance i (its first attribute holds i) is
 * predicted {@code predicted[i]}, with the intervals {@code intervals[i]} and the log density
 * {@code logDensity[i]} at any value. Fed to WEKA's Evaluation through evaluateModelOnceAndRecordPrediction, it
 * takes the paths a real IntervalEstimator / ConditionalDensityEstimator takes; {@link Plain} takes neither.
 */
public class ScriptedRegression extends AbstractClassifier implements IntervalEstimator, ConditionalDensityEstimator {
  private static final long serialVersionUID = 1L;
  protected double[] predicted;
  protected double[][][] intervals;
  protected double[] logDensity;

  public ScriptedRegression(double[] predicted, double[][][] intervals, double[] logDensity) {
    this.predicted = predicted;
    this.intervals = intervals;
    this.logDensity = logDensity;
  }

  @Override
  public void buildClassifier(Instances data) {
  }

  @Override
  public double[] distributionForInstance(Instance instance) {
    return new double[] {predicted[(int) instance.value(0)]};
  }

  @Override
  public double[][] predictIntervals(Instance instance, double confidenceLevel) {
    return intervals[(int) instance.value(0)];
  }

  @Override
  public double logDensity(Instance instance, double value) {
    return logDensity[(int) instance.value(0)];
  }

  /** The same answers from a scheme that is neither an interval nor a density estimator. */
  public static class Plain extends AbstractClassifier {
    private static final long serialVersionUID = 1L;
    private final double[] predicted;

    public Plain(double[] predicted) {
      this.predicted = predicted;
    }

    @Override
    public void buildClassifier(Instances data) {
    }

    @Override
    public double[] distributionForInstance(Instance instance) {
      return new double[] {predicted[(int) instance.value(0)]};
    }
  }

  /** A data set of (id, numeric class) with these class values (NaN: missing) and weights. */
  public static Instances data(double[] values, double[] weights) {
    ArrayList<Attribute> attributes = new ArrayList<>();
    attributes.add(new Attribute("id"));
    attributes.add(new Attribute("class"));
    Instances data = new Instances("oracle", attributes, values.length);
    data.setClassIndex(1);
    for (int i = 0; i < values.length; i++) {
      Instance instance = new DenseInstance(weights[i], new double[] {i, values[i]});
      instance.setDataset(data);
      data.add(instance);
    }
    return data;
  }

  /**
   * WEKA's Evaluation over the test rows: priors from the training rows (null: none), then per row
   * evaluateModelOnceAndRecordPrediction with the scheme (mode "interval-density", "plain"), or
   * evaluateModelOnce(double[], Instance) (mode "distribution"). updateTrain: values added with updatePriors
   * after setPriors, before evaluating.
   */
  public static Evaluation evaluate(double[] trainValues, double[] trainWeights, double[] updateValues,
      double[] updateWeights, double[] actual, double[] weights, double[] predicted, double[][][] intervals,
      double[] logDensity, String mode, boolean noPriors) throws Exception {
    Instances train = data(trainValues == null ? new double[0] : trainValues,
        trainWeights == null ? new double[0] : trainWeights);
    Evaluation evaluation = new Evaluation(train);
    if (updateValues != null) {
      Instances more = data(updateValues, updateWeights);
      for (int i = 0; i < more.numInstances(); i++) {
        evaluation.updatePriors(more.instance(i));
      }
    }
    if (noPriors) {
      evaluation.useNoPriors();
    }
    Instances test = data(actual, weights);
    AbstractClassifier scheme = mode.equals("plain") ? new Plain(predicted)
        : new ScriptedRegression(predicted, intervals, logDensity);
    for (int i = 0; i < test.numInstances(); i++) {
      if (mode.equals("distribution")) {
        evaluation.evaluateModelOnceAndRecordPrediction(new double[] {predicted[i]}, test.instance(i));
      } else {
        evaluation.evaluateModelOnceAndRecordPrediction(scheme, test.instance(i));
      }
    }
    return evaluation;
  }
}
