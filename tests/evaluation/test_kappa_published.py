"""Worked examples of the kappa literature, reproduced by kappa_stats from their published tables.

Each table is the publication's (kappa is the same for its transpose).  Where the publication rounded
intermediate values, the test shows both the exact kappa and how the published figure arose.  The examples
of scikit-learn's and statsmodels' documentation are in test_kappastats.py.
"""

from __future__ import annotations

from wekaeval import kappa, kappa_stats


def test_cats_and_dogs():
    # "Cohen's kappa in plain English" (Cross Validated 82162): a classifier against the truth on 30 animals,
    # observed agreement 0.60, expected 0.50, kappa 0.20.
    stats = kappa_stats([[10, 7], [5, 8]])
    assert (round(stats.observed_agreement, 12), round(stats.expected_agreement, 12)) == (0.6, 0.5)
    assert round(stats.kappa, 2) == 0.20 and stats.kappa == kappa([[10, 7], [5, 8]])


def test_cats_and_dogs_second_classifier():
    # The same answer's second classifier, on 51 animals, is published as 0.37: Po = 35/51 and Pe = 1339/2601
    # were rounded to 0.69 and 0.51 before dividing.  The exact kappa is 223/631 = 0.3534.
    stats = kappa_stats([[22, 9], [7, 13]])
    assert round(stats.kappa, 4) == 0.3534
    assert abs(stats.kappa - 223 / 631) < 1e-15
    po, pe = round(stats.observed_agreement, 2), round(stats.expected_agreement, 2)
    assert (po, pe) == (0.69, 0.51) and round((po - pe) / (1 - pe), 2) == 0.37


def test_grant_proposals():
    # Wikipedia's example: two readers, 50 grant proposals, yes/no; kappa 0.4.
    stats = kappa_stats([[20, 5], [10, 15]])
    assert round(stats.kappa, 12) == 0.4 and round(stats.observed_agreement, 12) == 0.7


def test_hundred_patients_linear_weights():
    # Two raters grading 100 subjects in six ordered categories (R's irr::kappa2 with weight="equal", the
    # linear agreement weights, as in Wollschlaeger's RExRepos "Inter-rater reliability"): kappa 0.316.
    table = [
        [5, 8, 1, 2, 4, 2],
        [3, 5, 3, 5, 5, 0],
        [1, 2, 6, 11, 2, 1],
        [0, 1, 5, 4, 3, 3],
        [0, 0, 1, 2, 5, 2],
        [0, 0, 1, 2, 1, 4],
    ]
    stats = kappa_stats(table, weights="linear")
    assert round(stats.kappa, 3) == 0.316 and abs(stats.kappa - 2883 / 9133) < 1e-15
    assert round(kappa_stats(table).kappa, 4) == 0.151


def test_hundred_subjects_three_categories():
    # The same page's unweighted example (categories V, N, P; 100 subjects): kappa 0.429 = 3/7.
    stats = kappa_stats([[53, 5, 2], [11, 14, 5], [1, 6, 3]])
    assert round(stats.kappa, 3) == 0.429 and abs(stats.kappa - 3 / 7) < 1e-15
