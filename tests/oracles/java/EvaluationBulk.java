package wekaeval.tests;

import java.io.StringReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;

import weka.classifiers.CostMatrix;
import weka.classifiers.evaluation.Evaluation;
import weka.core.Attribute;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;

/**
 * WEKA's Evaluation for the tests: built, fed a whole array of predictions and read back in a few calls, so that
 * a test pays a handful of JPype crossings per example instead of several per row.
 */
public final class EvaluationBulk {
  private EvaluationBulk() {}

  /** An empty data set whose only attribute is a nominal class with these labels. */
  public static Instances header(String[] classNames) {
    ArrayList<String> labels = new ArrayList<>();
    for (String name : classNames) {
      labels.add(name);
    }
    ArrayList<Attribute> attributes = new ArrayList<>();
    attributes.add(new Attribute("class", labels));
    Instances data = new Instances("oracle", attributes, 0);
    data.setClassIndex(0);
    return data;
  }

  /** One instance of the header with this class value (NaN: missing) and weight. */
  static Instance instance(Instances header, double classValue, double weight) {
    Instance instance = new DenseInstance(weight, new double[] {classValue});
    instance.setDataset(header);
    return instance;
  }

  /**
   * {@code new Evaluation(train[, costMatrix])}, where train holds the given class values and weights (no
   * trainActual: the empty header, so every prior is 1), then useNoPriors() and setDiscardPredictions(true) if
   * asked.  The cost matrix is the text of a WEKA cost file, or null.
   */
  public static Evaluation evaluation(String[] classNames, double[] trainActual, double[] trainWeights,
      String costMatrix, boolean noPriors, boolean discardPredictions) throws Exception {
    Instances header = header(classNames);
    Instances train = new Instances(header, 0);
    if (trainActual != null) {
      for (int i = 0; i < trainActual.length; i++) {
        train.add(instance(header, trainActual[i], trainWeights[i]));
      }
    }
    CostMatrix costs = costMatrix == null ? null : new CostMatrix(new StringReader(costMatrix));
    Evaluation evaluation = new Evaluation(train, costs);
    if (noPriors) {
      evaluation.useNoPriors();
    }
    if (discardPredictions) {
      evaluation.setDiscardPredictions(true);
    }
    return evaluation;
  }

  /**
   * Row i, with class actual[i] (NaN: missing), weight weights[i] and the distribution
   * distributions[i*k .. i*k+k-1], goes to evaluateModelOnceAndRecordPrediction (record) or evaluateModelOnce.
   */
  public static void feed(Evaluation evaluation, double[] actual, double[] distributions, double[] weights,
      boolean record) throws Exception {
    Instances header = evaluation.getHeader();
    int k = header.numClasses();
    for (int i = 0; i < actual.length; i++) {
      double[] distribution = new double[k];
      System.arraycopy(distributions, i * k, distribution, 0, k);
      Instance instance = instance(header, actual[i], weights[i]);
      if (record) {
        evaluation.evaluateModelOnceAndRecordPrediction(distribution, instance);
      } else {
        evaluation.evaluateModelOnce(distribution, instance);
      }
    }
  }

  /**
   * Every number in one array: the getters without arguments in the order given, then each per-class getter for
   * classes 0..k-1 in turn, then getClassPriors() (k) and confusionMatrix() (k x k, row by row).
   */
  public static double[] numbers(Evaluation evaluation, String[] getters, String[] perClassGetters)
      throws Exception {
    int k = evaluation.getHeader().numClasses();
    double[] out = new double[getters.length + perClassGetters.length * k + k + k * k];
    int at = 0;
    for (String getter : getters) {
      out[at++] = call(evaluation, Evaluation.class.getMethod(getter));
    }
    for (String getter : perClassGetters) {
      Method method = Evaluation.class.getMethod(getter, int.class);
      for (int i = 0; i < k; i++) {
        out[at++] = call(evaluation, method, i);
      }
    }
    double[] priors = evaluation.getClassPriors();
    System.arraycopy(priors, 0, out, at, k);
    at += k;
    for (double[] row : evaluation.confusionMatrix()) {
      System.arraycopy(row, 0, out, at, k);
      at += k;
    }
    return out;
  }

  /** The five texts: summary, summary with complexity statistics, class details, matrix, margins. */
  public static String[] texts(Evaluation evaluation) throws Exception {
    return new String[] {
      evaluation.toSummaryString(),
      evaluation.toSummaryString("=== Summary ===\n", true),
      evaluation.toClassDetailsString(),
      evaluation.toMatrixString(),
      evaluation.toCumulativeMarginDistributionString(),
    };
  }

  /** A getter's double; WEKA's own exception, not reflection's wrapper, when it throws. */
  private static double call(Evaluation evaluation, Method method, Object... arguments) throws Exception {
    try {
      return (Double) method.invoke(evaluation, arguments);
    } catch (InvocationTargetException wrapper) {
      Throwable cause = wrapper.getCause();
      if (cause instanceof Exception) {
        throw (Exception) cause;
      }
      throw (Error) cause;
    }
  }
}
