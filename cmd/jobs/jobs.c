/*
 * jobs.c - chunks of whole games worked on by N threads, written in input
 * order (see jobs.h): the ring of chunks in flight, the workers, and the
 * main thread that reads (jobs_reader.h), helps and writes.
 */
#include "jobs.h"

#include "input/cli_input.h"
#include "input/decompress.h"
#include "jobs_cpus.h"
#include "jobs_reader.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum chunk_state { CHUNK_FREE, CHUNK_READY, CHUNK_BUSY, CHUNK_DONE };

/* A slot of the ring of chunks in flight. */
struct chunk {
    struct jobs_reader_text text; /* whole games of text, from first_line */
    const char *name;             /* the file's name in messages */
    bool file_first;              /* the first chunk of its file: game numbers restart */
    int open_errno;               /* the file could not be opened (text is empty) */
    /* A placed message about the file after the chunk's own (its text is
     * empty): its compressed stream broke (decompress_damage), or the
     * build cannot read its format; note_status 0: none. */
    int note_status;
    bool note_always; /* written even under -q */
    unsigned long note_line, note_col;
    char note[256];
    bool merged;   /* its text went into the chunk before: skipped */
    bool streamed; /* its text and the rest of its file were read as a
                    * stream, and written so (stream_rest) */
    enum chunk_state state;
    struct jobs_result res;
};

struct pool {
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    struct chunk *slots;
    size_t nslots;
    unsigned long take_seq; /* next chunk a worker takes */
    unsigned long fill_seq; /* next chunk the reader fills */
    unsigned long emit_seq; /* next chunk to write */
    bool quit;
    const struct jobs_config *cfg;
    void *own;                 /* the main thread's worker state */
    unsigned long game_offset; /* games of the current file already written */
    struct jobs_reader *rd;    /* the file being read, NULL between files */
};

/* Work on one chunk, or on none when the run stops or the chunk is empty
 * (a file that could not be opened, or an empty file). */
static void work_chunk(const struct jobs_config *cfg, void *worker, struct chunk *k, bool skip)
{
    struct jobs_result *res = &k->res;
    res->games = 0;
    memset(res->counts, 0, sizeof res->counts);
    res->status = CLI_OK;
    res->stop = false;
    res->at_rest = false;
    if (skip || k->open_errno || k->text.in.len == 0)
        return;
    struct jobs_chunk in = {k->name, k->text.in.data, k->text.in.len, k->text.first_line,
                            k->text.offset};
    cfg->work(worker, &in, res);
}

/* Take the oldest chunk not yet taken, work on it with worker (a
 * thread's own state) and mark it done; after a stop, or when its text
 * went into the chunk before, it is skipped.  Called and returns with
 * p->mu held. */
static void work_next(struct pool *p, void *worker)
{
    struct chunk *k = &p->slots[p->take_seq++ % p->nslots];
    k->state = CHUNK_BUSY;
    bool skip = p->quit || k->merged;
    pthread_mutex_unlock(&p->mu);
    work_chunk(p->cfg, worker, k, skip);
    pthread_mutex_lock(&p->mu);
    k->state = CHUNK_DONE;
    pthread_cond_broadcast(&p->done);
}

/* A worker thread: works on chunks in order as they come; the main thread
 * writes chunks in order, so workers never wait for each other. */
static void *worker_main(void *arg)
{
    struct pool *p = arg;
    void *worker = p->cfg->worker_new(p->cfg->arg);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->quit && p->take_seq == p->fill_seq)
            pthread_cond_wait(&p->work, &p->mu);
        if (p->take_seq == p->fill_seq)
            break;
        work_next(p, worker);
    }
    pthread_mutex_unlock(&p->mu);
    if (worker)
        p->cfg->worker_free(worker);
    return NULL;
}

/* Wait for chunk k to be done, working on queued chunks meanwhile: --jobs
 * N starts N - 1 worker threads, so that N threads share N cores rather
 * than N + 1, which was slower.  Called and returns with p->mu held.
 * (Spinning before each sleep, here and in the workers, and helping only
 * when two chunks are queued were tried and were no faster:
 * docs/performance.md, "cmd/".) */
static void wait_done(struct pool *p, const struct chunk *k)
{
    while (k->state != CHUNK_DONE) {
        if (p->take_seq != p->fill_seq)
            work_next(p, p->own);
        else
            pthread_cond_wait(&p->done, &p->mu);
    }
}

void jobs_stream_write(struct jobs_stream *s, struct jobs_result *res)
{
    const struct jobs_config *cfg = s->cfg;
    if (cfg->write)
        cfg->write(cfg->write_arg, res, s->name, s->game_offset, s->file_first);
    else
        jobs_result_write(res, s->name, s->game_offset, &cfg->out);
    s->file_first = false;
}

/* The rest of rd's file, from a place where a game starts (its text head,
 * then rd->buf, then the file) and line first_line, read by the main
 * thread through cfg->stream as one thread reads a file, and written as
 * it goes; every chunk before it has been written.  The file is then read
 * to its end (rd->streamed). */
static void stream_rest(struct pool *p, struct jobs_totals *t, const char *name, const char *head,
                        size_t head_len, unsigned long first_line, uint64_t offset, bool file_first)
{
    struct jobs_reader *rd = p->rd;
    struct jobs_reader_rest src;
    struct jobs_result res = {.status = CLI_OK};
    if (file_first)
        p->game_offset = 0;
    struct jobs_stream s = {p->cfg, name, p->game_offset, file_first};
    struct text_reader *in = jobs_reader_rest_open(&src, rd, head, head_len, offset, p->cfg->meter);
    if (!in) {
        t->status = cli_status_merge(t->status, cli_nomem());
        t->stop = true;
        return;
    }
    struct jobs_chunk at = {name, NULL, 0, first_line, offset};
    p->cfg->stream(p->own, in, &at, &res, &s);
    jobs_stream_write(&s, &res);
    jobs_reader_rest_close(&src, rd);
    p->game_offset += res.games;
    jobs_result_add_up(t, &res);
    if (p->cfg->meter)
        atomic_store(&p->cfg->meter->games, t->games);
    jobs_result_free(&res);
}

/* Chunk k (the oldest) ends at a guessed cut where its reader did not
 * come to rest: a result line and a tag line inside a comment or a
 * variation that spans lines, so its last game goes on in the next
 * chunk.  The chunks of its file in flight after it are taken back into
 * it (they were cut on a guess too) and written as nothing; when the file
 * goes on after them, k reads on to the splitter's next cut, and the
 * splitter, its state found over k's text, cuts the rest of the file.
 * Then the main thread works on k again.  k's start is right: every chunk
 * before it was checked so. */
static void respin(struct pool *p, struct jobs_totals *t, struct chunk *k)
{
    unsigned long last = p->emit_seq;
    pthread_mutex_lock(&p->mu);
    while (last + 1 < p->fill_seq && !p->slots[(last + 1) % p->nslots].file_first)
        p->slots[++last % p->nslots].merged = true;
    for (unsigned long s = p->emit_seq + 1; s <= last; s++)
        wait_done(p, &p->slots[s % p->nslots]);
    pthread_mutex_unlock(&p->mu);
    struct chunk *end = k;
    for (unsigned long s = p->emit_seq + 1; s <= last; s++) {
        end = &p->slots[s % p->nslots];
        cli_buf_put(&k->text.in, end->text.in.data, end->text.in.len);
    }
    k->text.read_errno = end->text.read_errno;
    if (end->text.guessed) {
        /* The file goes on after end (a guessed cut leaves text after it),
         * so it is the one being read: p->rd. */
        struct jobs_reader *rd = p->rd;
        jobs_reader_resplit(rd, k->text.in.data, k->text.in.len);
        struct jobs_reader_text more = {0};
        enum jobs_reader_got got = jobs_reader_next(rd, &more, p->cfg->meter);
        if (got == JOBS_READER_CHUNK) {
            cli_buf_put(&k->text.in, more.in.data, more.in.len);
            k->text.read_errno = more.read_errno;
        }
        cli_buf_free(&more.in);
        if (got == JOBS_READER_TOO_LONG && !k->text.in.nomem) {
            /* The game goes on past JOBS_READER_MAX bytes: k's text and the
             * rest of the file are read as a stream. */
            k->text.guessed = false;
            k->streamed = true;
            jobs_result_drop(&k->res);
            stream_rest(p, t, k->name, k->text.in.data, k->text.in.len, k->text.first_line,
                        k->text.offset, k->file_first);
            return;
        }
    }
    k->text.guessed = false;
    jobs_result_drop(&k->res);
    if (k->text.in.nomem) {
        /* Out of memory: nothing of k is written, and the run stops. */
        work_chunk(p->cfg, NULL, k, true);
        k->text.read_errno = ENOMEM;
        k->res.stop = true;
        return;
    }
    work_chunk(p->cfg, p->own, k, false);
}

/* Write the oldest chunk once it is done, in its place among the messages
 * about its file; after a stop, what is left is dropped unwritten. */
static void emit_oldest(struct pool *p, struct jobs_totals *t)
{
    struct chunk *k = &p->slots[p->emit_seq % p->nslots];
    pthread_mutex_lock(&p->mu);
    wait_done(p, k);
    pthread_mutex_unlock(&p->mu);
    /* (a merged chunk's text was written with the chunk before) */
    bool to_write = !t->stop && !k->merged;
    if (to_write && k->text.guessed && !k->res.at_rest)
        respin(p, t, k);
    if (k->streamed) {
        jobs_result_drop(&k->res);
    } else if (to_write) {
        if (k->file_first)
            p->game_offset = 0;
        if (k->open_errno) {
            progress_hold(p->cfg->out.progress);
            cli_error("cannot open %s: %s", k->name, strerror(k->open_errno));
            progress_release(p->cfg->out.progress);
            t->status = cli_status_merge(t->status, CLI_NOINPUT);
        }
        if (p->cfg->write)
            p->cfg->write(p->cfg->write_arg, &k->res, k->name, p->game_offset, k->file_first);
        else
            jobs_result_write(&k->res, k->name, p->game_offset, &p->cfg->out);
        p->game_offset += k->res.games;
        jobs_result_add_up(t, &k->res);
        if (p->cfg->meter)
            atomic_store(&p->cfg->meter->games, t->games);
        if (k->text.read_errno) {
            progress_hold(p->cfg->out.progress);
            cli_error("cannot read %s: %s", k->name, strerror(k->text.read_errno));
            progress_release(p->cfg->out.progress);
            t->status =
                cli_status_merge(t->status, k->text.read_errno == ENOMEM ? CLI_OSERR : CLI_NOINPUT);
        }
        if (k->note_status) {
            if (k->note_always || !p->cfg->out.quiet) {
                progress_hold(p->cfg->out.progress);
                cli_diag(k->name, k->note_line, k->note_col, "%s", k->note);
                progress_release(p->cfg->out.progress);
            }
            t->status = cli_status_merge(t->status, k->note_status);
        }
    } else {
        jobs_result_drop(&k->res);
    }
    k->merged = k->streamed = false;
    k->state = CHUNK_FREE;
    p->emit_seq++;
    if (t->stop) {
        pthread_mutex_lock(&p->mu);
        p->quit = true;
        pthread_cond_broadcast(&p->work);
        pthread_mutex_unlock(&p->mu);
    }
}

/* A free slot for the next chunk: the oldest is written first when all
 * are in use, which bounds memory to a few chunks per thread. */
static struct chunk *next_slot(struct pool *p, struct jobs_totals *t, const char *name)
{
    while (p->fill_seq - p->emit_seq == p->nslots)
        emit_oldest(p, t);
    struct chunk *k = &p->slots[p->fill_seq % p->nslots];
    k->open_errno = k->text.read_errno = k->note_status = 0;
    k->file_first = k->text.guessed = false;
    k->text.in.len = 0;
    k->name = name;
    return k;
}

/* Hand a filled chunk to the workers. */
static void submit(struct pool *p, struct chunk *k)
{
    pthread_mutex_lock(&p->mu);
    k->state = CHUNK_READY;
    p->fill_seq++;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->mu);
}

/* Cut one file into chunks and submit them; a file that cannot be opened
 * is a chunk too, so that its message comes in its place. */
static void read_file(struct pool *p, struct jobs_totals *t, const char *path)
{
    const char *name;
    struct cli_open_error e;
    struct jobs_reader rd = {.line = 1, .guess = p->cfg->guess_cuts};
    rd.in = cli_open_quiet(path, &name, &e);
    struct chunk *k = next_slot(p, t, name);
    k->file_first = true;
    if (!rd.in) {
        if (e.what == CLI_OPEN_CANNOT_OPEN) {
            k->open_errno = e.err;
        } else if (e.what == CLI_OPEN_MISSING) {
            k->note_status = CLI_NOINPUT;
            k->note_always = true;
            k->note_line = k->note_col = 1;
            snprintf(k->note, sizeof k->note, "%s", decompress_missing(e.format));
        } else {
            k->text.read_errno = e.err;
        }
        submit(p, k);
        return;
    }
    rd.meter_fd = cli_input_plain_fd(rd.in) >= 0 ? -1 : cli_input_fd(rd.in);
    p->rd = &rd;
    bool first = true;
    while (!t->stop) {
        if (!first)
            k = next_slot(p, t, name);
        enum jobs_reader_got got =
            t->stop ? JOBS_READER_END : jobs_reader_next(&rd, &k->text, p->cfg->meter);
        if (got == JOBS_READER_TOO_LONG) {
            /* Every chunk before is written first (one of them may take
             * the text in, by respin), then the rest is read as a
             * stream from rd.buf. */
            while (!rd.streamed && p->emit_seq != p->fill_seq)
                emit_oldest(p, t);
            if (!rd.streamed && !t->stop)
                stream_rest(p, t, name, NULL, 0, rd.line, rd.offset, first);
            first = false;
            break;
        }
        if (got == JOBS_READER_END)
            break;
        submit(p, k);
        first = false;
    }
    if (first && !t->stop)
        submit(p, k); /* an empty file still starts its game count */
    struct decompress_damage dm;
    if (!t->stop && cli_input_broke(rd.in, &dm)) {
        /* after the file's text: a chunk of its own */
        k = next_slot(p, t, name);
        k->note_status = dm.status;
        k->note_line = dm.line;
        k->note_col = dm.col;
        k->note_always = false;
        snprintf(k->note, sizeof k->note, "%s", dm.msg);
        submit(p, k);
    }
    p->rd = NULL;
    cli_buf_free(&rd.buf);
    cli_close(rd.in);
}

/* One per CPU is one per CPU the process may run on (taskset, a cgroup's
 * cpuset), as nproc counts them, not every CPU online. */
int jobs_threads(long asked)
{
    cpu_set_t allowed;
    long n = asked ? asked : jobs_cpus_allowed(&allowed);
    if (!n)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > JOBS_MAX ? JOBS_MAX : (int)n;
}

/* The main thread reads and cuts, the workers work, the main thread
 * writes; at the end every worker is joined and every slot freed. */
void jobs_run(const struct jobs_config *cfg, char *const *files, int nfiles, struct jobs_totals *t)
{
    struct pool p = {.cfg = cfg, .nslots = (size_t)cfg->threads * 2 + 1};
    pthread_t *threads = calloc((size_t)cfg->threads, sizeof *threads);
    p.slots = calloc(p.nslots, sizeof *p.slots);
    if (!threads || !p.slots) {
        t->status = cli_status_merge(t->status, cli_nomem());
        free(threads);
        free(p.slots);
        return;
    }
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.work, NULL);
    pthread_cond_init(&p.done, NULL);
    p.own = cfg->worker_new(cfg->arg);
    /* Threads that fail to start leave more of the work to the main
     * thread, which can do all of it. */
    struct jobs_cpus b;
    jobs_cpus_plan(&b, cfg->threads);
    int started = 0;
    while (started < cfg->threads - 1 && jobs_cpus_start(&b, &threads[started], worker_main, &p))
        started++;
    int n = nfiles ? nfiles : 1;
    for (int i = 0; i < n && !t->stop; i++)
        read_file(&p, t, nfiles ? files[i] : "-");
    while (p.emit_seq != p.fill_seq)
        emit_oldest(&p, t);
    pthread_mutex_lock(&p.mu);
    p.quit = true;
    pthread_cond_broadcast(&p.work);
    pthread_mutex_unlock(&p.mu);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    jobs_cpus_end(&b);
    for (size_t i = 0; i < p.nslots; i++) {
        cli_buf_free(&p.slots[i].text.in);
        jobs_result_free(&p.slots[i].res);
    }
    if (p.own)
        cfg->worker_free(p.own);
    free(p.slots);
    free(threads);
    pthread_mutex_destroy(&p.mu);
    pthread_cond_destroy(&p.done);
    pthread_cond_destroy(&p.work);
}
