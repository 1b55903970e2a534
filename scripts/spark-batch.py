#!/usr/bin/env python3
"""Voices NDJSON route responses with Apache Spark, the engine data teams already run.

Every partition of INPUT is piped through one `voiceguide transcript --batch` process (RDD.pipe), so a partition's
results come back in its input order, one result line per input line; a bad line is an error result for that
line and the job goes on. The results are written to OUTPUT_DIR as one part file per partition, in input order.

    spark-batch.py INPUT OUTPUT_DIR [--master local[2]] [--partitions N] [--voiceguide PATH] [-- BATCH OPTIONS…]

Exit status: 0 when every line has its result line (whether voiced or an error result), 70 when a partition's
`voiceguide` process lost lines (it crashed or was killed), 66 when INPUT is missing.
"""
import argparse
import os
import shlex
import sys


def main():
    parser = argparse.ArgumentParser(description="voiceguide transcript --batch under Spark (RDD.pipe)")
    parser.add_argument("input", help="NDJSON file (or folder, or glob) of route responses, one per line")
    parser.add_argument("output", help="folder for the results (must not exist)")
    parser.add_argument("--master", default="local[2]", help="Spark master (default local[2])")
    parser.add_argument("--partitions", type=int, default=4, help="at least this many input partitions (default 4)")
    parser.add_argument("--voiceguide", default="voiceguide", help="the voiceguide executable on every worker")
    arguments = sys.argv[1:]
    split = arguments.index("--") if "--" in arguments else len(arguments)
    options = parser.parse_args(arguments[:split])
    extra = arguments[split + 1:]
    if not os.path.exists(options.input) and not any(c in options.input for c in "*?[") and "://" not in options.input:
        print(f"spark-batch: {options.input}: no such input", file=sys.stderr)
        return 66

    from pyspark import SparkConf, SparkContext

    conf = (SparkConf().setMaster(options.master).setAppName("voiceguide transcript --batch")
            .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false")
            .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1"))
    context = SparkContext(conf=conf)
    context.setLogLevel("ERROR")
    try:
        # One voiceguide per partition and one thread each: Spark's own tasks are the parallelism.
        command = shlex.join([options.voiceguide, "transcript", "--batch", "--jobs", "1"] + extra)
        lines = context.textFile(options.input, minPartitions=options.partitions)
        # The batch exits 65 when any line was an error result: that is data, not a failed task.
        voiced = lines.pipe(command, checkCode=False)
        voiced.saveAsTextFile(options.output)
        given = lines.mapPartitions(lambda part: [sum(1 for _ in part)]).collect()
        got = context.textFile(options.output).mapPartitions(lambda part: [sum(1 for _ in part)]).collect()
        errors = context.textFile(options.output).filter(lambda line: '"error":{' in line[:200]).count()
        print(f"spark-batch: {sum(given)} lines in {len(given)} partitions, {sum(got)} results, {errors} errors",
              file=sys.stderr)
        if sum(got) != sum(given):
            print("spark-batch: some lines have no result: a voiceguide process stopped early (see the worker log)",
                  file=sys.stderr)
            return 70
        return 0
    finally:
        context.stop()


if __name__ == "__main__":
    sys.exit(main())
