# scmamp's Shaffer and Bergmann-Hommel adjusted p-values for the cases tests/oracles/make_scmamp_reference.py writes.
#
# Run by that driver (see its docstring), not by the tests: the tests read only its JSON output,
# tests/oracles/fixtures/scmamp_reference.json.  Usage:  Rscript scmamp_reference.R CASES OUTPUT
#
# CASES holds blocks of lines:
#   table NAME N K        then N lines of K values (higher is better), one data set a line
#   pvalues NAME K        then K lines of K p-values in C99 hex ("%a"), NA on the diagonal
# OUTPUT gets, per case, "case NAME" and lines "FIELD v1 v2 ..." with every double in "%a" (exact), or
# "error FIELD MESSAGE" where scmamp stops.  For a table: scmamp's postHocTest(test="friedman",
# correct="shaffer" | "bergmann") -- its raw.pval (the z-test on mean ranks, Demsar 2006) and corrected.pval
# -- checked identical to adjustShaffer / adjustBergmannHommel of friedmanPost; for p-values: those two.

suppressMessages(library(scmamp))

args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 2) stop("usage: Rscript scmamp_reference.R CASES OUTPUT")
lines <- readLines(args[1])
out <- file(args[2], open = "w")

hex <- function(x) paste(sprintf("%a", as.vector(t(x))), collapse = " ")
emit <- function(field, value) writeLines(paste(field, hex(value)), out)
attempt <- function(field, expr) {
  value <- tryCatch(expr, error = function(e) e)
  if (inherits(value, "error")) {
    writeLines(paste("error", field, gsub("[\r\n]+", " ", conditionMessage(value))), out)
    return(NULL)
  }
  emit(field, value)
  value
}

writeLines(paste("r_version", R.version.string), out)
writeLines(paste("scmamp_version", as.character(packageVersion("scmamp"))), out)

i <- 1
while (i <= length(lines)) {
  head <- strsplit(lines[i], " ")[[1]]
  kind <- head[1]
  name <- head[2]
  writeLines(paste("case", name), out)
  if (kind == "table") {
    n <- as.integer(head[3])
    k <- as.integer(head[4])
    rows <- lines[(i + 1):(i + n)]
    data <- matrix(as.numeric(unlist(strsplit(rows, " "))), nrow = n, ncol = k, byrow = TRUE)
    colnames(data) <- paste0("S", seq_len(k))
    data <- data.frame(data)
    emit("mean_ranks", colMeans(rankMatrix(data)))
    raw <- attempt("raw", friedmanPost(data))
    for (correct in c("shaffer", "bergmann")) {
      res <- attempt(correct, postHocTest(data, test = "friedman", correct = correct)$corrected.pval)
      if (!is.null(res)) {
        full <- postHocTest(data, test = "friedman", correct = correct)
        stopifnot(identical(unname(full$raw.pval), unname(raw)))
        direct <- if (correct == "shaffer") adjustShaffer(raw) else adjustBergmannHommel(raw)
        stopifnot(identical(unname(res), unname(direct)))
      }
    }
    i <- i + n + 1
  } else if (kind == "pvalues") {
    k <- as.integer(head[3])
    rows <- lines[(i + 1):(i + k)]
    cells <- unlist(strsplit(rows, " "))
    values <- suppressWarnings(as.numeric(cells))  # "NA" on the diagonal, and only there
    stopifnot(identical(is.na(values), cells == "NA"))
    raw <- matrix(values, nrow = k, ncol = k, byrow = TRUE)
    emit("raw", raw)  # the driver checks every p-value was read exactly
    attempt("shaffer", adjustShaffer(raw))
    attempt("bergmann", adjustBergmannHommel(raw))
    i <- i + k + 1
  } else {
    stop("unknown case kind: ", kind)
  }
}
close(out)
