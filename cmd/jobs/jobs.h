/*
 * jobs.h - --jobs N for the PGN tools: the input is cut into chunks of
 * whole games (lib's pgn_split_scan, or a guess that the worker's reader
 * checks: guess_cuts), N threads (N - 1 workers and the main thread, when
 * it waits) turn chunks into output bytes and diagnostics with a callback
 * of the tool's, and the main thread writes each chunk's result in input
 * order, with game numbers counted per file as one thread would count
 * them: the output is byte for byte that of a single-threaded run.  Memory
 * stays bounded: at most 2N + 1 chunks of about 256 KiB are in flight, and
 * none outgrows 4 MiB: text with no place to cut within 4 MiB (a huge
 * game, a huge line, no game at all) and the rest of its file are read by
 * the main thread alone, as a stream (the tool's stream callback), as one
 * thread reads them.
 *
 * The parts: jobs.c (this header: the threads, the ring of chunks in
 * flight, the writing in input order), jobs_reader.c (a file cut into
 * chunks), jobs_result.c (a chunk's result, written: part of this header)
 * and jobs_cpus.c (threads bound to CPUs).
 *
 *     static void *worker_new(void *arg);  // per thread: a reader, a replay...
 *     static void worker_free(void *worker);
 *     static void work(void *worker, const struct jobs_chunk *in, struct jobs_result *out)
 *     {
 *         // read in->data[0..in->len) (lines from in->first_line), write
 *         // out->out, add out->diags, count out->games and out->counts[]
 *     }
 *     struct jobs_config cfg = {.threads = 4, .out = {.quiet = q}, .worker_new = worker_new,
 *                               .worker_free = worker_free, .work = work, .arg = &opt};
 *     struct jobs_totals t = {.status = CLI_OK};
 *     jobs_run(&cfg, files, nfiles, &t);  // nfiles 0: standard input
 *
 * The same result type serves a tool's single-threaded path, written with
 * jobs_result_write as it goes.
 */
#ifndef CHESS_JOBS_H
#define CHESS_JOBS_H

#include "cli/cli.h"
#include "jobs_result.h"
#include "cli/progress.h"
#include "base/text_input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The largest --jobs: far more threads than cores, few enough that the
 * chunks in flight (2N + 1) stay a small amount of memory. */
enum { JOBS_MAX = 256 };

/* Threads for --jobs N: N itself, or for 0 one per CPU the process may
 * use; at most JOBS_MAX. */
int jobs_threads(long asked);

struct jobs_config;

/* Where a stream callback writes its results as it goes: in input order
 * after the chunks before, its game numbers shifted by theirs. */
struct jobs_stream {
    const struct jobs_config *cfg;
    const char *name;
    unsigned long game_offset; /* games of the file before the stream */
    bool file_first;           /* nothing of the file is written yet */
};

/* Write a result (with cfg->write, or jobs_result_write) and empty its buffers;
 * its counters stay (the games of the whole stream). */
void jobs_stream_write(struct jobs_stream *s, struct jobs_result *res);

/* The tool's side. */
struct jobs_config {
    int threads;         /* threads working, the main one included; at least 1 */
    struct jobs_out out; /* -q, the progress line */
    /* Called once in each thread that works (the main thread's at the
     * start): its own state (readers are not thread-safe).  May return
     * NULL; work then gets NULL and says why in the result. */
    void *(*worker_new)(void *arg);
    void (*worker_free)(void *worker);
    /* Turn one chunk into a result; runs in any of the threads. */
    void (*work)(void *worker, const struct jobs_chunk *in, struct jobs_result *out);
    /* Read in, the rest of a file from the start of a game (at: its name,
     * the line number of in's first line and its offset; no data) as one
     * thread reads a file (pgn_reader_open_input), into out, writing out
     * with jobs_stream_write as it goes (as often as one thread writes);
     * runs in the main thread with its worker state. */
    void (*stream)(void *worker, struct text_reader *in, const struct jobs_chunk *at,
                   struct jobs_result *out, struct jobs_stream *s);
    void *arg; /* for worker_new */
    /* Cut the input where a game likely ends (a tag line after a result
     * line) instead of where the splitter, reading every line, shows that
     * one ends; work must then set res->at_rest, and a chunk whose reader
     * did not come to rest is read again with the text after it. */
    bool guess_cuts;
    /* NULL, or the counts of the progress line: games written, bytes read. */
    struct progress_games *meter;
    /* Optional: write a result in the main thread, in input order, instead
     * of jobs_result_write (a tool whose output depends on the games before, such
     * as pgn-check's duplicates); file_first says a new file starts. It
     * must empty res->out and res->diags. */
    void (*write)(void *write_arg, struct jobs_result *res, const char *name,
                  unsigned long game_offset, bool file_first);
    void *write_arg;
};

/* Read every file (nfiles 0: standard input; "-" names it too) in chunks,
 * have them worked on and write the results in order, adding them into
 * *t.  A file that cannot be opened or read is reported in its place
 * ("PROG: cannot open NAME: reason", status CLI_NOINPUT) and the next one
 * is read. */
void jobs_run(const struct jobs_config *cfg, char *const *files, int nfiles, struct jobs_totals *t);

#endif /* CHESS_JOBS_H */
