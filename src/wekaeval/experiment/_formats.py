"""WEKA's result matrix formats: plain text, LaTeX, CSV, HTML, significance only, GnuPlot.

Each class is WEKA's ``weka.experiment.ResultMatrix<Format>`` over the state of
:class:`wekaeval.experiment.ResultMatrix`, with that format's defaults; what a format does not print
itself (the header, and some formats' key, summary and ranking) WEKA prints through a plain-text copy,
and so does this port.

>>> m = ResultMatrixCSV(2, 1)
>>> m.set_row_name(0, "iris"); m.set_mean(0, 0, 94.7333); m.set_mean(1, 0, 95.5)
>>> print(m.to_string_matrix() + m.to_string_key(), end="")
Dataset,[1],[2],''
iris,94.73,95.50,' '
'[v/ /*]','','',[0/1/0]
Key,
[1],col0
[2],col1
"""

from __future__ import annotations

from wekaeval.experiment._matrixoptions import ResultMatrixError
from wekaeval.experiment._resultmatrix import _JAVA_DOT, ResultMatrix, _Ranking
from wekaeval.javamath import decimal_format, java_int, java_log_scalar, java_trim, quote

_TABLE = '<table border="1" cellpadding="3" cellspacing="0">\n'


def _pad(text: str, length: int, left: bool = False) -> str:
    """``ResultMatrix.padString``: blanks up to ``length`` (on the left if asked), then cut to ``length``."""
    text = text.rjust(length) if left else text.ljust(length)
    return text[:length] if 0 < length < len(text) else text


def _pad_left(text: str, width: int) -> str:
    """``Utils.padLeft``: ``String.format("%W.Ws")``, cut then right-aligned."""
    return text[:width].rjust(width)


def _log10_int(value: float) -> int:
    """``(int) (Math.log(value) / Math.log(10))``."""
    return java_int(java_log_scalar(float(value)) / java_log_scalar(10.0))


def _replace_dots(text: str, char: str) -> str:
    """``text.replaceAll(".", char)``: every character but a line terminator becomes ``char``."""
    return _JAVA_DOT.sub(char, text)


class _Format(ResultMatrix):
    """What every format shares: which cell is what, column widths, the texts WEKA's classes define."""

    def _summary_title(self, col: int) -> str:
        return chr(ord("a") + col % 26)

    def _col_size(self, cells: list[list[str]], col: int, skip_first: bool = False, skip_last: bool = False) -> int:
        """``getColSize``: the longest cell of column ``col``."""
        if not 0 <= col < len(cells[0]):
            return 0
        rows = cells[1 if skip_first else 0 : len(cells) - 1 if skip_last else len(cells)]
        return max((len(line[col]) for line in rows), default=0)

    def _is_row_name(self, index: int) -> bool:
        return index == 0

    def _is_mean(self, index: int) -> bool:
        index -= 1  # the dataset
        if index == 0:
            return True  # the base column
        index -= 1
        if index < 0:
            return False
        return index % 3 == 1 if self.show_std_dev else index % 2 == 0

    def _is_std_dev(self, index: int) -> bool:
        index -= 2  # the dataset and the base column
        if not self.show_std_dev:
            return False
        if index == 0:
            return True
        index -= 1
        return index >= 0 and index % 3 == 1

    def _is_significance(self, index: int) -> bool:
        index -= 2  # the dataset and the base column
        if self.show_std_dev:
            index -= 1
            return index >= 0 and index % 3 == 2
        return index >= 0 and index % 2 == 1

    def _is_average(self, row: int) -> bool:
        return self.show_average and self.visible_row_count + 1 == row

    def to_string_matrix(self) -> str:
        """``toStringMatrix``: the table."""
        raise NotImplementedError

    # What a format does not print itself, WEKA prints with ``new ResultMatrixPlainText(this)``.

    def to_string_header(self) -> str:
        """``toStringHeader``: the ``key: value`` lines."""
        return ResultMatrixPlainText.from_matrix(self).to_string_header()

    def to_string_key(self) -> str:
        """``toStringKey``: what the column numbers stand for."""
        return ResultMatrixPlainText.from_matrix(self).to_string_key()

    def to_string_summary(self) -> str:
        """``toStringSummary``: per pair of result sets, in how many datasets one beats the other."""
        return ResultMatrixPlainText.from_matrix(self).to_string_summary()

    def to_string_ranking(self) -> str:
        """``toStringRanking``: result sets by significant wins minus losses."""
        return ResultMatrixPlainText.from_matrix(self).to_string_ranking()

    def __str__(self) -> str:
        return self.to_string_matrix()

    def _ranking_order(self, ranking: _Ranking) -> list[int]:
        """The columns by ranking, best first: ``Utils.sort`` (stable) read backwards."""
        order = sorted(range(len(ranking.diff)), key=ranking.diff.__getitem__)
        return [order[i] for i in range(self.col_count - 1, -1, -1)]

    def _ranking_width(self, ranking: _Ranking) -> int:
        """The ranking's number width: the digits of the most wins or losses, plus one; at least 3."""
        return max(2 + _log10_int(max(max(ranking.wins), max(ranking.losses))), 3)

    def _resultset_length(self) -> int:
        return 1 + max(_log10_int(self.col_count), _log10_int(self.row_count))


class ResultMatrixPlainText(_Format):
    """``ResultMatrixPlainText``: the Experimenter's text table (row names 25 wide, counts 5 wide).

    >>> m = ResultMatrixPlainText(2, 1)
    >>> m.add_header("Tester", "weka.experiment.PairedCorrectedTTester"); m.add_header("Datasets", "1")
    >>> print(m.to_string_header() + m.to_string_key(), end="")
    Tester:   weka.experiment.PairedCorrectedTTester
    Datasets: 1
    Key:
    (1) col0
    (2) col1
    """

    display_name = "Plain Text"
    default_row_name_width = 25
    default_count_width = 5

    def to_string_header(self) -> str:
        if not self._header:
            raise ResultMatrixError("no header entries: WEKA's toStringHeader throws ArrayIndexOutOfBoundsException")
        size = max(len(key) + 1 for key in self._header)
        return "".join(f"{_pad(key + ':', size)} {value}\n" for key, value in self._header.items())

    def to_string_matrix(self) -> str:
        cells = self.to_array()
        for n in range(1, len(cells[0])):  # right-align each column's values (not its name, not the footer)
            size = self._col_size(cells, n, True, True)
            for line in cells[1:-1]:
                line[n] = _pad(line[n], size, True)
        body, start_means, start_sigs, max_length = self._body(cells)
        head = _pad(cells[0][0], start_means[0])
        for i, n in enumerate(n for n in range(1, len(cells[0])) if self._is_mean(n)):
            head = _pad(head, start_means[i] - (self.count_width if i == 0 else 2 if i == 1 else 0))
            head += (" |" if i == 1 else "") + " " + cells[0][n]
        head = _pad(head, max_length)
        rule = _replace_dots(head, "-") + "\n"
        footer = cells[-1]
        if self.col_count > 1:  # hidden columns count: start_means[1] may be 0
            foot = _pad(footer[0], start_means[1] - 2, True) + " |"
            significance = [n for n in range(1, len(footer)) if self._is_significance(n)]
            for start, n in zip(start_sigs, significance, strict=False):
                foot = _pad(foot, start + 1 - len(footer[n])) + " " + footer[n]
            foot = _pad(foot, max_length)
        else:
            foot = _pad(footer[0], len(head) - 2) + " |"
        return head + "\n" + rule + "".join(body) + rule + foot + "\n"

    def _body(self, cells: list[list[str]]) -> tuple[list[str], list[int], list[int], int]:
        """The data lines (and the average's); where the first line's means and significances start, its length."""
        start_means = [0] * self.col_count
        start_sigs = [0] * (self.col_count - 1)
        index_base = 2 if self.show_std_dev else 1
        body: list[str] = []
        max_length = 0
        for i in range(1, len(cells) - 1):
            if self._is_average(i):
                body.append("-" * max_length + "\n")
            line = ""
            means = sigs = 0
            for n, cell in enumerate(cells[i]):
                if i == 1 and self._is_mean(n):
                    start_means[means] = len(line)
                    means += 1
                if i == 1 and self._is_significance(n):
                    start_sigs[sigs] = len(line)
                    sigs += 1
                if n == 0:
                    line += _pad(cell, self.row_name_width)
                    count = self.get_count(self.get_display_row(i - 1))  # WEKA's slip: hidden rows not skipped
                    line += _pad("" if self._is_average(i) else f"({decimal_format(count, 0)})", self.count_width, True)
                else:
                    if self._is_mean(n):
                        line += "  "
                    if self.show_std_dev and self._is_mean(n - 1):
                        line += f"({cell})" if java_trim(cell) else f" {cell} "
                    else:
                        line += " " + cell
                if n == index_base:
                    line += " |"
            if i == 1:
                max_length = len(line)
            body.append(line + "\n")
        return body, start_means, start_sigs, max_length

    def to_string_key(self) -> str:
        return "Key:\n" + "".join(
            f"{self.left_parentheses}{i + 1}{self.right_parentheses} {self._remove_filter_name(self._col_names[i])}\n"
            for i in self._visible_cols()
        )

    def to_string_summary(self) -> str:
        summary = self._summary
        if summary is None:
            return "-summary data not set-"
        width = self._resultset_length() * 2 + 3
        cols = self._visible_cols()
        text = "".join(" " + _pad_left(self._summary_title(i), width) for i in cols)
        text += "  (No. of datasets where [col] >> [row])\n"
        for i in cols:
            for j in cols:
                cell = "-" if j == i else f"{summary.non_sig_wins[i][j]} ({summary.wins[i][j]})"
                text += " " + _pad_left(cell, width)
            text += f" | {self._summary_title(i)} = {self.get_col_name(i)}\n"
        return text

    def to_string_ranking(self) -> str:
        ranking = self._ranking
        if ranking is None:
            return "-ranking data not set-"
        width = self._ranking_width(ranking)
        text = f"{_pad_left('>-<', width)} {_pad_left('>', width)} {_pad_left('<', width)} Resultset\n"
        for curr in self._ranking_order(ranking):
            if self.get_col_hidden(curr):
                continue
            numbers = (ranking.diff[curr], ranking.wins[curr], ranking.losses[curr])
            text += " ".join(_pad_left(str(number), width) for number in numbers)
            text += f" {self._remove_filter_name(self._col_names[curr])}\n"
        return text


class ResultMatrixLatex(_Format):
    r"""``ResultMatrixLatex``: a LaTeX ``table``; wins ``$\circ$``, losses ``$\bullet$``, columns numbered.

    >>> m = ResultMatrixLatex(1, 1)
    >>> m.set_col_name(0, "rules.ZeroR")
    >>> print(m.to_string_key(), end="")
    \begin{table}[thb]
    \caption{\label{labelname}Table Caption (Key)}
    \scriptsize
    {\centering
    \begin{tabular}{cl}\\
    (1) & rules.ZeroR \\
    \end{tabular}
    }
    \end{table}
    """

    display_name = "LaTeX"
    default_print_col_names = False
    clear_strings = {"tie_string": " ", "win_string": "$\\circ$", "loss_string": "$\\bullet$"}

    def to_string_matrix(self) -> str:
        cells = self.to_array()
        std = self.show_std_dev
        size = "\\scriptsize" if std else "\\footnotesize"
        text = "\\begin{table}[thb]\n\\caption{\\label{labelname}Table Caption}\n" + size + "\n"
        text += "{\\centering \\begin{tabular}{lr" + ("@{\\hspace{0cm}}c@{\\hspace{0cm}}r" if std else "")
        column = "r@{\\hspace{0cm}}c@{\\hspace{0cm}}r@{\\hspace{0.1cm}}c" if std else "r@{\\hspace{0.1cm}}c"
        text += "".join(column for j in range(1, self.col_count) if not self.get_col_hidden(j))
        text += "}\n\\\\\n\\hline\n"
        text += f"Dataset & \\multicolumn{{3}}{{c}}{{{cells[0][1]}}}" if std else f"Dataset & {cells[0][1]}"
        for j in range(2, len(cells[0])):
            if self._is_mean(j):
                text += f"& \\multicolumn{{4}}{{c}}{{{cells[0][j]}}} " if std else f"& {cells[0][j]} & "
        text += "\\\\\n\\hline\n"
        for line in cells[1:]:
            line[0] = line[0].replace("_", "-")
        for n in range(1, len(cells[0])):
            width = self._col_size(cells, n)
            for line in cells[1:]:
                line[n] = _pad(line[n], width, True)
        for i in range(1, len(cells) - 1):
            if self._is_average(i):
                text += "\\hline\n"
            text += _pad(cells[i][0], self.row_name_width)
            for n in range(1, len(cells[0])):
                if std and self._is_mean(n - 1):
                    text += " & $\\pm$ & " if java_trim(cells[i][n]) else " &       & "
                else:
                    text += " & "
                text += cells[i][n]
            text += "\\\\\n"
        text += f"\\hline\n\\multicolumn{{{len(cells[0])}}}{{c}}{{$\\circ$, $\\bullet$ statistically significant "
        text += "improvement or degradation}\\\\\n\\end{tabular} " + size + " \\par}\n\\end{table}\n"
        return text

    def to_string_key(self) -> str:
        text = "\\begin{table}[thb]\n\\caption{\\label{labelname}Table Caption (Key)}\n\\scriptsize\n{\\centering\n"
        text += "\\begin{tabular}{cl}\\\\\n"
        for i in self._visible_cols():
            name = self._remove_filter_name(self._col_names[i]).replace("_", "-").replace("\\", "\\textbackslash")
            text += f"{self.left_parentheses}{i + 1}{self.right_parentheses} & {name} \\\\\n"
        return text + "\\end{tabular}\n}\n\\end{table}\n"

    def to_string_summary(self) -> str:
        summary = self._summary
        if summary is None:
            return "-summary data not set-"
        width = self._resultset_length() * 2 + 3
        cols = self._visible_cols()
        text = "{\\centering\n\\begin{table}[thb]\n\\caption{\\label{labelname}Table Caption}\n\\footnotesize\n"
        text += "\\begin{tabular}{l" + "c" * len(cols) + "}\\\\\n\\hline\n"
        text += "".join(" & " + _pad_left(self._summary_title(i), width) for i in cols) + " \\\\\n\\hline\n"
        for i in cols:
            for j in cols:
                if j == 0:  # the row's letter: missing when the first column is hidden
                    text += chr(ord("a") + i % 26)
                text += " & - " if j == i else f"& {summary.non_sig_wins[i][j]} ({summary.wins[i][j]}) "
            text += "\\\\\n"
        return text + "\\hline\n\\end{tabular} \\footnotesize \\par\n\\end{table}}"

    def to_string_ranking(self) -> str:
        ranking = self._ranking
        if ranking is None:
            return "-ranking data not set-"
        width = self._ranking_width(ranking)
        text = (
            "\\begin{table}[thb]\n\\caption{\\label{labelname}Table Caption}\n\\footnotesize\n"
            "{\\centering \\begin{tabular}{rlll}\\\\\n\\hline\n"
            "Resultset & Wins$-$ & Wins & Losses \\\\\n& Losses & & \\\\\n\\hline\n"
        )
        for curr in self._ranking_order(ranking):
            if self.get_col_hidden(curr):
                continue
            numbers = (ranking.diff[curr], ranking.wins[curr], ranking.losses[curr])
            text += f"({curr + 1}) & " + " & ".join(_pad_left(str(number), width) for number in numbers) + "\\\\\n"
        return text + "\\hline\n\\end{tabular} \\footnotesize \\par}\n\\end{table}"


class ResultMatrixCSV(_Format):
    """``ResultMatrixCSV``: comma-separated cells, each through ``Utils.quote``; columns as ``[1]``."""

    display_name = "CSV"
    default_row_name_width = 25
    default_print_col_names = False
    clear_strings = {"left_parentheses": "[", "right_parentheses": "]"}

    def to_string_matrix(self) -> str:
        return "".join(",".join(map(quote, line)) + "\n" for line in self.to_array())

    def to_string_key(self) -> str:
        return "Key,\n" + "".join(
            f"{self.left_parentheses}{i + 1}{self.right_parentheses},"
            f"{quote(self._remove_filter_name(self._col_names[i]))}\n"
            for i in self._visible_cols()
        )

    def to_string_summary(self) -> str:
        summary = self._summary
        if summary is None:
            return "-summary data not set-"
        cols = self._visible_cols()
        text = ",".join(self._summary_title(i) for i in cols) + ",'(No. of datasets where [col] >> [row])'\n"
        for i in cols:
            cells = ["-" if j == i else f"{summary.non_sig_wins[i][j]} ({summary.wins[i][j]})" for j in cols]
            text += ",".join(cells) + f",{self._summary_title(i)} = {self._remove_filter_name(self._col_names[i])}\n"
        return text

    def to_string_ranking(self) -> str:
        ranking = self._ranking
        if ranking is None:
            return "-ranking data not set-"
        text = ">-<,>,<,Resultset\n"
        for curr in self._ranking_order(ranking):
            if not self.get_col_hidden(curr):
                text += (
                    f"{ranking.diff[curr]},{ranking.wins[curr]},{ranking.losses[curr]},"
                    f"{self._remove_filter_name(self._col_names[curr])}\n"
                )
        return text


class ResultMatrixHTML(_Format):
    """``ResultMatrixHTML``: an HTML table (names and values are not escaped, as in WEKA)."""

    display_name = "HTML"
    default_row_name_width = 25
    default_print_col_names = False

    def to_string_matrix(self) -> str:
        cells = self.to_array()
        text = _TABLE + "   <tr>"
        for n, name in enumerate(cells[0]):
            if self._is_row_name(n):
                text += f"<td><b>{name}</b></td>"
            elif self._is_mean(n):
                span = (1 if n == 1 else 2) + (1 if self.show_std_dev else 0)
                text += f'<td align="center" colspan="{span}"><b>{name}</b></td>'
        text += "</tr>\n"
        for line in cells[1:]:
            text += "   <tr>"
            for n, cell in enumerate(line):
                if self._is_row_name(n):
                    text += "<td>"
                elif self._is_mean(n) or self._is_std_dev(n):
                    text += '<td align="right">'
                elif self._is_significance(n):
                    text += '<td align="center">'
                else:
                    text += "<td>"
                if not java_trim(cell):
                    text += "&nbsp;"
                else:
                    text += "&plusmn;&nbsp;" + cell if self._is_std_dev(n) else cell
                text += "</td>"
            text += "</tr>\n"
        return text + "</table>\n"

    def to_string_key(self) -> str:
        text = _TABLE + '   <tr><td colspan="2"><b>Key</b></td></tr>\n'
        for i in self._visible_cols():
            text += f"   <tr><td><b>({i + 1})</b></td><td>{self._remove_filter_name(self._col_names[i])}</td></tr>\n"
        return text + "</table>\n"

    def to_string_summary(self) -> str:
        summary = self._summary
        if summary is None:
            return "-summary data not set-"
        width = self._resultset_length() * 2 + 3
        cols = self._visible_cols()
        text = _TABLE + "   <tr>" + "".join(f'<td align="center"><b>{self._summary_title(i)}</b></td>' for i in cols)
        text += "<td><b>(No. of datasets where [col] &gt;&gt; [row])</b></td></tr>\n"
        for i in cols:
            text += "   <tr>"
            for j in cols:
                cell = "-" if j == i else f"{summary.non_sig_wins[i][j]} ({summary.wins[i][j]})"
                text += "<td>" + _pad_left(cell, width).replace(" ", "&nbsp;") + "</td>"
            text += f"<td><b>{self._summary_title(i)}</b> = {self._remove_filter_name(self._col_names[i])}</td></tr>\n"
        return text + "</table>\n"

    def to_string_ranking(self) -> str:
        ranking = self._ranking
        if ranking is None:
            return "-ranking data not set-"
        text = _TABLE + (
            '   <tr><td align="center"><b>&gt;-&lt;</b></td><td align="center"><b>&gt;</b></td>'
            '<td align="center"><b>&lt;</b></td><td><b>Resultset</b></td></tr>\n'
        )
        for curr in self._ranking_order(ranking):
            if self.get_col_hidden(curr):
                continue
            numbers = (ranking.diff[curr], ranking.wins[curr], ranking.losses[curr])
            text += "   <tr>" + "".join(f'<td align="right">{number}</td>' for number in numbers)
            text += f"<td>{self._remove_filter_name(self._col_names[curr])}</td><tr>\n"  # WEKA's <tr>, not </tr>
        return text + "</table>\n"


class ResultMatrixSignificance(_Format):
    """``ResultMatrixSignificance``: only the ``v``/``*`` marks, to spot patterns; never std devs.

    >>> m = ResultMatrixSignificance(3, 1)
    >>> for col in range(3): m.set_mean(col, 0, 50.0)
    >>> m.set_significance(2, 0, 2)
    >>> print(m.to_string_matrix(), end="")  # doctest: +NORMALIZE_WHITESPACE
    Dataset (1) (2) (3)
    -------------------
    row0             *
    """

    display_name = "Significance only"
    default_print_col_names = False
    default_row_name_width = 40

    @property
    def show_std_dev(self) -> bool:
        """Always False: WEKA's setter does nothing here."""
        return self._show_std_dev

    @show_std_dev.setter
    def show_std_dev(self, show: bool) -> None:
        pass

    def to_string_matrix(self) -> str:
        cells = self.to_array()
        name_width = self._col_size(cells, 0)
        for row in cells[:-1]:
            row[0] = _pad(row[0], name_width)
        rows = len(cells) - 1 - (1 if self.show_average else 0)
        text = ""
        for i in range(rows):
            line = ""
            col_name = ""
            for n, cell in enumerate(cells[i]):
                if self._is_mean(n) or self._is_row_name(n):
                    col_name = cells[0][n]
                if n > 1 and not self._is_significance(n):
                    continue
                line += (" " if n > 0 else "") + (" " if i > 0 and n > 1 else "")
                if i == 0:
                    line += col_name
                elif n == 0:
                    line += cell
                elif n == 1:
                    line += _replace_dots(col_name, " ")  # the base column has no significance
                else:
                    if len(col_name) < 2:
                        raise ResultMatrixError(
                            f"column name {col_name!r} shorter than 2: WEKA's "
                            "toStringMatrix throws StringIndexOutOfBoundsException"
                        )
                    line += cell + _replace_dots(col_name, " ")[2:]
            text += line + "\n"
            if i == 0:
                text += _replace_dots(line, "-") + "\n"
        return text


class ResultMatrixGnuPlot(_Format):
    """``ResultMatrixGnuPlot``: a data file and a script for GnuPlot, with ``# generated by WEKA <version>``."""

    display_name = "GNUPlot"
    default_row_name_width = 50
    default_col_name_width = 50
    default_enumerate_col_names = False
    clear_strings = {"left_parentheses": "", "right_parentheses": ""}
    #: ``weka.core.Version.VERSION`` of the WEKA whose output this reproduces.
    weka_version = "3.9.7"

    def to_string_matrix(self) -> str:
        cells = self.to_array()
        generated = f"# generated by WEKA {self.weka_version}\n"
        text = "\n" + _banner("plot.dat") + generated + "# contains the data for the plot\n\n# key for the x-axis\n"
        text += "".join(f"# {i} - {cells[i][0]}\n" for i in range(1, len(cells) - 1))
        text += "\n# data for the plot\n"
        for i in range(1, len(cells) - 1):
            text += (
                str(i)
                + "".join(" " + quote(cells[i][n]) for n in range(1, len(cells[i])) if not self._is_significance(n))
                + "\n"
            )
        text += _END + "\n" + _banner("plot.scr") + generated + "# script to plot the data\n\n"
        text += "# display it in a window:\nset terminal x11\nset output\n\n"
        text += f"# to display all data rows:\nset xrange [0:{len(cells) - 2 + 1}]\n\n"
        text += '# axis labels, e.g.:\n#set xlabel "Datasets"\n#set ylabel "Accuracy in %"\n\n# the plot commands\n'
        n, i = 1, 0
        while i < len(cells[0]) - 1:
            i += 1
            if self._is_significance(i):
                continue
            n += 1
            line = ("plot" if i == 1 else "replot") + f' "plot.dat" using 1:{n}'
            title = f'title "{cells[0][i]}"'
            if self.show_std_dev:
                n += 1
                i += 1
                line += f":{n}"
            text += line + (" with yerrorbars " if self.show_std_dev else " with lines ") + title + "\n"
        text += '\n# generate ps:\n#set terminal postscript\n#set output "plot.ps"\n#replot\n\n'
        text += '# generate png:\n#set terminal png size 800,600\n#set output "plot.png"\n#replot\n\n'
        return text + "# wait for user to hit <Return>\npause -1\n" + _END


def _banner(name: str) -> str:
    rule = "#" * (len(name) + 10) + "\n"
    return f"{rule}# file: {name} #\n{rule}"


_END = "#######\n# end #\n#######\n"


#: Every format by WEKA's class name (``weka.experiment.<name>``).
RESULT_MATRICES: dict[str, type[ResultMatrix]] = {
    cls.__name__: cls
    for cls in (
        ResultMatrixPlainText,
        ResultMatrixLatex,
        ResultMatrixCSV,
        ResultMatrixHTML,
        ResultMatrixSignificance,
        ResultMatrixGnuPlot,
    )
}
