/*
 *   This program is free software: you can redistribute it and/or modify
 *   it under the terms of the GNU General Public License as published by
 *   the Free Software Foundation, either version 3 of the License, or
 *   (at your option) any later version.
 *
 *   This program is distributed in the hope that it will be useful,
 *   but WITHOUT ANY WARRANTY; without even the implied warranty of
 *   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 *   GNU General Public License for more details.
 *
 *   You should have received a copy of the GNU General Public License
 *   along with this program.  If not, see <http://www.gnu.org/licenses/>.
 */

package weka.classifiers.evaluation;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import weka.core.Instance;
import weka.core.Statistics;
import weka.core.Utils;

/**
 * The kappa statistic's standard error, 95% confidence interval, z test and PABAK, as summary lines under
 * WEKA's "Kappa statistic" (package wekaevalKappa).
 *
 * <p>Everything is computed, when asked, from the base Evaluation's confusion matrix (rows actual, columns
 * predicted, instance-weighted counts), with the very operations, in the very order, of the Python function
 * {@code wekaeval.kappa_stats(matrix)} (unweighted kappa, alpha 0.05), so both give identical doubles:
 * <ul>
 * <li>kappa, Po and Pe as {@link Evaluation#kappa()} computes them (kappa is exactly 1 when Pe is not below
 * 1, including the all-zero matrix);</li>
 * <li>the Fleiss-Cohen-Everitt (1969) asymptotic standard errors, under the alternative and under kappa = 0
 * (NaN when Pe is not below 1; a variance rounded below 0 counts as 0);</li>
 * <li>kappa -/+ {@code Statistics.normalInverse(0.975)} times the standard error;</li>
 * <li>z = kappa / (standard error under kappa = 0), Java's division (x/0 is infinite or NaN);</li>
 * <li>PABAK = (k Po - 1) / (k - 1) for k classes (Brennan and Prediger), NaN for one class.</li>
 * </ul>
 */
public class WekaevalKappa extends AbstractEvaluationMetric implements StandardEvaluationMetric {

  private static final long serialVersionUID = 1318457790238642381L;

  /** The metric's name, as WEKA's -toggle option and the Explorer's metric list give it. */
  public static final String METRIC_NAME = "wekaeval kappa";

  /** The statistics' names, in the order {@link #statistics(double[][])} returns them and the summary prints them. */
  public static final List<String> STATISTIC_NAMES = Collections.unmodifiableList(Arrays.asList(
    "Kappa standard error", "Kappa 95% CI lower", "Kappa 95% CI upper", "Kappa z", "PABAK"));

  /** The width WEKA pads its summary labels to ("Kappa statistic" and 20 spaces). */
  private static final int LABEL_WIDTH = 35;

  @Override
  public boolean appliesToNominalClass() {
    return true;
  }

  @Override
  public boolean appliesToNumericClass() {
    return false;
  }

  @Override
  public String getMetricName() {
    return METRIC_NAME;
  }

  @Override
  public String getMetricDescription() {
    return "Kappa's asymptotic standard error (Fleiss, Cohen and Everitt 1969), its 95% normal confidence "
      + "interval, the z statistic of the test kappa = 0, and the prevalence- and bias-adjusted kappa "
      + "(PABAK, (k Po - 1) / (k - 1)), from the confusion matrix; the same doubles as wekaeval.kappa_stats.";
  }

  @Override
  public List<String> getStatisticNames() {
    return STATISTIC_NAMES;
  }

  @Override
  public double getStatistic(String statName) {
    int index = STATISTIC_NAMES.indexOf(statName);
    if (index < 0) {
      throw new UnknownStatisticException("Statistic " + statName + " is unknown to " + METRIC_NAME);
    }
    return currentStatistics()[index];
  }

  /** A narrower standard error and interval are better; a larger z and PABAK are. */
  @Override
  public boolean statisticIsMaximisable(String statName) {
    return !statName.equals("Kappa standard error");
  }

  @Override
  public String toSummaryString() {
    double[] values = currentStatistics();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      text.append(Utils.padRight(STATISTIC_NAMES.get(i), LABEL_WIDTH));
      text.append(Utils.doubleToString(values[i], 12, 4)).append("\n");
    }
    return text.toString();
  }

  /** Nothing to accumulate: the base Evaluation's confusion matrix holds all. */
  @Override
  public void updateStatsForClassifier(double[] predictedDistribution, Instance instance) {
  }

  /** Nothing to accumulate (and the metric does not apply to a numeric class). */
  @Override
  public void updateStatsForPredictor(double predictedValue, Instance instance) {
  }

  /** The statistics of the base Evaluation's confusion matrix; all NaN without a nominal-class Evaluation. */
  private double[] currentStatistics() {
    if (m_baseEvaluation == null || !m_baseEvaluation.getHeader().classAttribute().isNominal()) {
      double[] missing = new double[STATISTIC_NAMES.size()];
      Arrays.fill(missing, Utils.missingValue());
      return missing;
    }
    return statistics(m_baseEvaluation.confusionMatrix());
  }

  /**
   * The five statistics of a k x k confusion matrix, in the order of {@link #STATISTIC_NAMES}: the standard
   * error, the 95% confidence interval's lower and upper ends, z and PABAK.  The matrix is read, not
   * checked: wekaeval.kappa_stats refuses negative counts (which negative instance weights can give), this
   * method computes its formulas regardless.
   *
   * @param matrix rows actual classes, columns predicted ones
   * @return {standard error, CI lower, CI upper, z, PABAK}
   */
  public static double[] statistics(double[][] matrix) {
    int k = matrix.length;

    // Margins, total and both agreements: the loops of Evaluation.kappa(), in its order.
    double[] sumRows = new double[k];
    double[] sumColumns = new double[k];
    double n = 0;
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        sumRows[i] += matrix[i][j];
        sumColumns[j] += matrix[i][j];
        n += matrix[i][j];
      }
    }
    double po = 0;
    double pe = 0;
    for (int i = 0; i < k; i++) {
      pe += sumRows[i] * sumColumns[i];
      po += matrix[i][i];
    }
    pe /= (n * n);
    po /= n;
    double kappa = pe < 1 ? (po - pe) / (1 - pe) : 1.0;

    // Proportions, margins as proportions, and the agreement weights of simple kappa (the identity).
    double[][] p = new double[k][k];
    double[] r = new double[k];
    double[] c = new double[k];
    double[][] w = new double[k][k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        p[i][j] = matrix[i][j] / n;
        w[i][j] = i == j ? 1.0 : 0.0;
      }
      r[i] = sumRows[i] / n;
      c[i] = sumColumns[i] / n;
    }

    double se = Double.NaN;
    double seH0 = Double.NaN;
    if (pe < 1) {
      // Fleiss, Cohen and Everitt (1969): wRow[i] = sum_j c_j w_ij, wCol[j] = sum_i r_i w_ij.
      double[] wRow = new double[k];
      double[] wCol = new double[k];
      for (int i = 0; i < k; i++) {
        double s = 0;
        for (int j = 0; j < k; j++) {
          s += c[j] * w[i][j];
        }
        wRow[i] = s;
      }
      for (int j = 0; j < k; j++) {
        double s = 0;
        for (int i = 0; i < k; i++) {
          s += r[i] * w[i][j];
        }
        wCol[j] = s;
      }
      double oneMinus = 1 - kappa;
      double denominator = (1 - pe) * (1 - pe) * n;
      double term = 0;
      for (int i = 0; i < k; i++) {
        for (int j = 0; j < k; j++) {
          double d = w[i][j] - (wRow[i] + wCol[j]) * oneMinus;
          term += p[i][j] * (d * d);
        }
      }
      double e = kappa - pe * oneMinus;
      double variance = (term - e * e) / denominator;
      double termH0 = 0;
      for (int i = 0; i < k; i++) {
        for (int j = 0; j < k; j++) {
          double d0 = w[i][j] - (wRow[i] + wCol[j]);
          termH0 += r[i] * c[j] * (d0 * d0);
        }
      }
      double varianceH0 = (termH0 - pe * pe) / denominator;
      se = standardError(variance);
      seH0 = standardError(varianceH0);
    }

    double quantile = Statistics.normalInverse(1 - 0.05 / 2);
    double z = kappa / seH0;
    double pabak = k > 1 ? (k * po - 1) / (k - 1) : Double.NaN;
    return new double[] {se, kappa - quantile * se, kappa + quantile * se, z, pabak};
  }

  /** The square root of a variance; rounding below 0 counts as 0, NaN stays NaN (wekaeval's _sqrt). */
  private static double standardError(double variance) {
    if (Double.isNaN(variance)) {
      return Double.NaN;
    }
    return variance > 0 ? Math.sqrt(variance) : 0.0;
  }
}
