/*
 * Part of wekaeval (GPL-3.0-or-later). Compiled by wekaeval.bridge inside WEKA's JVM on first use,
 * so that WEKA's predictions cross into Python as one double[] instead of object by object.
 */
package wekaeval.bridge;

import java.util.List;

import weka.classifiers.evaluation.NominalPrediction;
import weka.classifiers.evaluation.Prediction;
import weka.core.Instances;

public final class Bulk {

  private Bulk() {
  }

  /**
   * The predictions as rows of {@code 2 + width} doubles: actual value, weight, then the predicted
   * distribution (nominal class, {@code width} = number of classes) or the predicted value (numeric
   * class, {@code width} = 1).
   */
  public static double[] rows(List<Prediction> predictions, int width) {
    double[] rows = new double[predictions.size() * (2 + width)];
    int at = 0;
    for (Prediction prediction : predictions) {
      rows[at] = prediction.actual();
      rows[at + 1] = prediction.weight();
      if (prediction instanceof NominalPrediction) {
        System.arraycopy(((NominalPrediction) prediction).distribution(), 0, rows, at + 2, width);
      } else {
        rows[at + 2] = prediction.predicted();
      }
      at += 2 + width;
    }
    return rows;
  }

  /** Each instance's class value (NaN when missing) and weight, in the dataset's order: 2 doubles per instance. */
  public static double[] classRows(Instances data) {
    double[] rows = new double[data.numInstances() * 2];
    for (int i = 0; i < data.numInstances(); i++) {
      rows[2 * i] = data.instance(i).classValue();
      rows[2 * i + 1] = data.instance(i).weight();
    }
    return rows;
  }
}
