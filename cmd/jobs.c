/*
 * jobs.c - chunks of whole games worked on by N threads, written in input
 * order (see jobs.h).
 */
#include "jobs.h"

#include "pgn.h"
#include "pgn_split.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Bytes of input per chunk: large enough that the cost of a hand-over is
 * lost in the work, small enough to keep all threads busy.  (With 1 MiB
 * the 5 MB of the shared real games made five chunks, and two threads
 * took 19.5 ms against 23.4 ms for one; with 256 KiB, 16.8 ms.)  The
 * first CHUNK_SMALL_UNTIL bytes of a file go in chunks of a quarter of
 * that: every slot's buffers are fresh pages the first time (each page a
 * fault), and a file of a few MB used each slot only a few times.  With
 * 64 KiB chunks the real games took 14.0 ms instead of 15.6; the 69 MB
 * benchmark is as fast either way. */
enum { CHUNK_TARGET = 1 << 18, CHUNK_SMALL = 1 << 16, CHUNK_SMALL_UNTIL = 1 << 23 };

/* Text without a place to cut (a game, or a line, longer than this; no
 * game at all, as in /dev/zero) is not gathered into a chunk past this
 * many bytes: the rest of its file is read by the main thread as one
 * thread reads it (jobs_config.stream), so memory stays a few chunks per
 * thread and the time linear, whatever the input. */
enum { CHUNK_MAX = 16 * CHUNK_TARGET };

/* Diagnostics are few, so their array simply doubles; a failure is kept in
 * text.nomem, for the tool to see with the rest of its output. */
void jobs_diags_add(struct jobs_diags *d, unsigned long line, unsigned long col, unsigned long game,
                    const char *msg)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 16;
        struct jobs_diag *v = realloc(d->v, cap * sizeof *v);
        if (!v) {
            d->text.nomem = true;
            return;
        }
        d->v = v;
        d->cap = cap;
    }
    d->v[d->n++] = (struct jobs_diag){line, col, game, d->text.len, strlen(msg)};
    cli_buf_str(&d->text, msg);
}

/* Game numbers are counted per file, so a chunk's are shifted by the games
 * of the file's chunks before it; an error about the whole input has no
 * place and is written even under -q. */
void jobs_write(struct jobs_result *res, const char *name, unsigned long game_offset,
                const struct jobs_out *how)
{
    struct jobs_diags *d = &res->diags;
    bool quiet = how->quiet;
    if (res->out.len)
        fwrite_unlocked(res->out.data, 1, res->out.len, stdout);
    res->out.len = 0;
    if (d->n)
        progress_hold(how->progress);
    for (size_t i = 0; i < d->n; i++) {
        const struct jobs_diag *x = &d->v[i];
        const char *text = d->text.data + x->off;
        if (x->line == 0)
            cli_error("%.*s", (int)x->len, text);
        else if (quiet)
            continue;
        else if (x->game)
            cli_diag(name, x->line, x->col, "game %lu%.*s", x->game + game_offset, (int)x->len,
                     text);
        else
            cli_diag(name, x->line, x->col, "%.*s", (int)x->len, text);
    }
    if (d->n)
        progress_release(how->progress);
    d->n = 0;
    d->text.len = 0;
}

void jobs_result_free(struct jobs_result *res)
{
    cli_buf_free(&res->out);
    cli_buf_free(&res->diags.text);
    free(res->diags.v);
    *res = (struct jobs_result){0};
}

enum chunk_state { CHUNK_FREE, CHUNK_READY, CHUNK_BUSY, CHUNK_DONE };

/* A slot of the ring of chunks in flight. */
struct chunk {
    struct cli_buf in;        /* whole games of text */
    const char *name;         /* the file's name in messages */
    unsigned long first_line; /* line number of the first line of in */
    bool file_first;          /* the first chunk of its file: game numbers restart */
    int open_errno;           /* the file could not be opened (in is empty) */
    int read_errno;           /* reading stopped on this error after in */
    bool guessed;             /* cut at its end by pgn_split_guess: unchecked */
    bool merged;              /* its text went into the chunk before: skipped */
    bool streamed;            /* its text and the rest of its file were read as a
                               * stream, and written so (stream_rest) */
    enum chunk_state state;
    struct jobs_result res;
};

struct reading;

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
    struct reading *rd;        /* the file being read, NULL between files */
};

static void add_up(struct jobs_totals *t, const struct jobs_result *res);

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
    if (skip || k->open_errno || k->in.len == 0)
        return;
    struct jobs_chunk in = {k->name, k->in.data, k->in.len, k->first_line};
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

/* Reading one file: the text from the start of the chunk being filled,
 * cut at game boundaries by the library's splitter. */
struct reading {
    FILE *fp;
    struct cli_buf buf; /* text from the start of the current chunk */
    size_t scanned;     /* bytes of buf looked at (by the splitter: whole lines) */
    size_t no_newline;  /* buf[scanned..no_newline) holds no '\n': the splitter
                         * need not look at that line again until it ends */
    size_t total;       /* bytes read from the file so far */
    unsigned long line; /* line number of buf's first line */
    unsigned long lines_scanned;
    struct pgn_split split;
    bool guess; /* cut by pgn_split_guess (jobs_config.guess_cuts) until a
                 * guess fails in this file, then by the splitter */
    bool eof;
    bool streamed; /* the rest of the file went through stream_rest */
    bool err_sent; /* the read error has gone out with a chunk: report it once */
    int err;
};

/* The number of line ends in s[0..n), for the line numbers of a chunk cut
 * on a guess (the splitter counts those it reads): each '\n' and each CR
 * not followed by one, as the reader counts them (pgn.h); sixteen bytes at
 * a time with SSE2.  (pgn_split_guess spares the main thread the splitter's reading of
 * every line: 2 ms of the 5 MB of real games, 23 ms of the 69 MB
 * benchmark.) */
static unsigned long count_lines(const char *s, size_t n)
{
    unsigned long lines = 0;
    size_t i = 0;
#ifdef __SSE2__
    __m128i sum = _mm_setzero_si128(), zero = _mm_setzero_si128(), nl = _mm_set1_epi8('\n'),
            cr = _mm_set1_epi8('\r');
    for (; i + 17 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        __m128i next = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 1));
        /* a line end: an LF, or a CR whose next byte is no LF (0 or 0xFF per byte) */
        __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(v, nl), _mm_andnot_si128(_mm_cmpeq_epi8(next, nl),
                                                                           _mm_cmpeq_epi8(v, cr)));
        sum = _mm_add_epi64(sum, _mm_sad_epu8(_mm_sub_epi8(zero, hit), zero));
    }
    lines = (unsigned long)_mm_cvtsi128_si64(sum) +
            (unsigned long)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum));
#endif
    for (; i < n; i++)
        lines += s[i] == '\n' || (s[i] == '\r' && (i + 1 == n || s[i + 1] != '\n'));
    return lines;
}

/* The splitter's cut in rd->buf, looking only at lines that ended since
 * the last call: a line that goes on over many reads is searched for its
 * end once, not once per read. */
static bool split_scan(struct reading *rd, size_t target)
{
    if (rd->no_newline < rd->scanned)
        rd->no_newline = rd->scanned;
    if (rd->no_newline < rd->buf.len &&
        !memchr(rd->buf.data + rd->no_newline, '\n', rd->buf.len - rd->no_newline)) {
        rd->no_newline = rd->buf.len;
        return false;
    }
    if (rd->no_newline == rd->buf.len)
        return false;
    bool cut = pgn_split_scan(&rd->split, rd->buf.data, rd->buf.len, target, &rd->scanned,
                              &rd->lines_scanned);
    rd->no_newline = rd->scanned;
    return cut;
}

enum { READ_END, READ_CHUNK, READ_TOO_LONG };

/* Fill chunk k with the next run of whole games (at least CHUNK_TARGET
 * bytes, CHUNK_SMALL at the start of a file, unless the file ends), or of
 * games that likely end there when rd guesses (k->guessed): READ_CHUNK;
 * READ_END when the file has nothing left; READ_TOO_LONG, k untouched,
 * when CHUNK_MAX bytes of rd->buf hold no place to cut and the file goes
 * on. */
static int read_chunk(struct reading *rd, struct chunk *k, struct progress_games *meter)
{
    size_t cut = 0, target = rd->total < CHUNK_SMALL_UNTIL ? CHUNK_SMALL : CHUNK_TARGET;
    if (rd->guess && rd->scanned < target)
        rd->scanned = target;
    for (;;) {
        if (rd->guess ? pgn_split_guess(rd->buf.data, rd->buf.len, &rd->scanned)
                      : split_scan(rd, target)) {
            cut = rd->scanned;
            if (rd->guess)
                rd->lines_scanned = count_lines(rd->buf.data, cut);
            k->guessed = rd->guess;
            break;
        }
        if (rd->eof)
            break;
        if (rd->buf.len >= CHUNK_MAX)
            return READ_TOO_LONG;
        if (!cli_buf_reserve(&rd->buf, target)) {
            rd->err = ENOMEM;
            rd->eof = true;
            break;
        }
        size_t got = fread(rd->buf.data + rd->buf.len, 1, target, rd->fp);
        rd->buf.len += got;
        rd->total += got;
        if (meter)
            atomic_fetch_add(&meter->bytes, got);
        if (got < target) {
            if (ferror(rd->fp))
                rd->err = errno ? errno : EIO;
            rd->eof = true;
        }
    }
    if (!cut)
        cut = rd->buf.len;
    if (cut == 0 && (!rd->err || rd->err_sent))
        return READ_END;
    /* The chunk takes the buffer; the rest moves to the chunk's old one. */
    struct cli_buf rest = k->in;
    rest.len = 0;
    cli_buf_put(&rest, rd->buf.data + cut, rd->buf.len - cut);
    k->in = rd->buf;
    k->in.len = cut;
    k->first_line = rd->line;
    k->read_errno = rd->eof && cut == rd->buf.len ? rd->err : 0;
    rd->err_sent |= k->read_errno != 0;
    rd->buf = rest;
    rd->line += rd->lines_scanned;
    rd->lines_scanned = 0;
    rd->scanned = 0;
    rd->no_newline = 0;
    if (rest.nomem)
        rd->err = ENOMEM;
    return READ_CHUNK;
}

/* Wait for chunk k to be done, working on queued chunks meanwhile: --jobs
 * N starts N - 1 worker threads, so that N threads share N cores rather
 * than N + 1 (with two workers beside the main thread, the 100k benchmark
 * took 241 ms on two cores; with one worker and this, 224 ms).  Called
 * and returns with p->mu held.  (Tried on the 5 MB of real games
 * with --jobs 2, and no faster: spinning up to 1 ms before each sleep
 * here and in the workers, 12.1 and 12.4 ms against 12.6 and 12.2 ms,
 * hyperfine means of 80 runs; helping only when two chunks are queued,
 * 12.0 against 12.0 ms.) */
static void wait_done(struct pool *p, const struct chunk *k)
{
    while (k->state != CHUNK_DONE) {
        if (p->take_seq != p->fill_seq)
            work_next(p, p->own);
        else
            pthread_cond_wait(&p->done, &p->mu);
    }
}

/* Empty a result that will not be written. */
static void drop_output(struct jobs_result *res)
{
    res->out.len = 0;
    res->diags.n = 0;
    res->diags.text.len = 0;
}

/* The text of a file from a place where a game starts, for stream_rest:
 * head (the chunk before, its text not yet read), then rd->buf, then the
 * rest of the file. */
struct rest_source {
    const char *head;
    size_t head_len;
    struct reading *rd;
    size_t buf_at; /* bytes of rd->buf given */
    struct progress_games *meter;
};

static size_t take(char *dst, size_t cap, const char *src, size_t n)
{
    size_t k = n < cap ? n : cap;
    memcpy(dst, src, k);
    return k;
}

/* fopencookie's read: what the stream has already, then one read(2) of
 * the file, as the reader reads a file (it waits for no more than it
 * needs). */
static ssize_t rest_read(void *cookie, char *dst, size_t cap)
{
    struct rest_source *src = cookie;
    struct reading *rd = src->rd;
    if (src->head_len) {
        size_t k = take(dst, cap, src->head, src->head_len);
        src->head += k;
        src->head_len -= k;
        return (ssize_t)k;
    }
    if (src->buf_at < rd->buf.len) {
        size_t k = take(dst, cap, rd->buf.data + src->buf_at, rd->buf.len - src->buf_at);
        src->buf_at += k;
        return (ssize_t)k;
    }
    if (rd->eof)
        return 0;
    FILE *fp = rd->fp;
    size_t got;
#ifdef __GLIBC__
    size_t ready =
        fp->_IO_read_ptr < fp->_IO_read_end ? (size_t)(fp->_IO_read_end - fp->_IO_read_ptr) : 0;
    if (!ready && fileno(fp) >= 0) {
        ssize_t n;
        while ((n = read(fileno(fp), dst, cap)) < 0 && errno == EINTR)
            ;
        if (n < 0)
            return -1;
        got = (size_t)n;
    } else {
        got = fread(dst, 1, ready && ready < cap ? ready : cap, fp);
    }
#else
    got = fread(dst, 1, cap, fp);
#endif
    if (got == 0 && ferror(fp)) {
        errno = errno ? errno : EIO;
        return -1;
    }
    if (src->meter)
        atomic_fetch_add(&src->meter->bytes, got);
    return (ssize_t)got;
}

void jobs_stream_write(struct jobs_stream *s, struct jobs_result *res)
{
    const struct jobs_config *cfg = s->cfg;
    if (cfg->write)
        cfg->write(cfg->write_arg, res, s->name, s->game_offset, s->file_first);
    else
        jobs_write(res, s->name, s->game_offset, &cfg->out);
    s->file_first = false;
}

/* The rest of rd's file, from a place where a game starts (its text head,
 * then rd->buf, then the file) and line first_line, read by the main
 * thread through cfg->stream as one thread reads a file, and written as
 * it goes; every chunk before it has been written.  The file is then read
 * to its end (rd->streamed). */
static void stream_rest(struct pool *p, struct jobs_totals *t, const char *name, const char *head,
                        size_t head_len, unsigned long first_line, bool file_first)
{
    struct reading *rd = p->rd;
    struct rest_source src = {head, head_len, rd, 0, p->cfg->meter};
    struct jobs_result res = {.status = CLI_OK};
    if (file_first)
        p->game_offset = 0;
    struct jobs_stream s = {p->cfg, name, p->game_offset, file_first};
    FILE *fp = fopencookie(&src, "r", (cookie_io_functions_t){.read = rest_read});
    rd->streamed = true;
    /* (reads of the chunks' size: the default buffer took 8 KiB a read) */
    if (fp && setvbuf(fp, NULL, _IOFBF, CHUNK_TARGET) != 0) {
        fclose(fp);
        fp = NULL;
    }
    if (!fp) {
        t->status = cli_status_merge(t->status, cli_nomem());
        t->stop = true;
        return;
    }
    struct jobs_chunk at = {name, NULL, 0, first_line};
    p->cfg->stream(p->own, fp, &at, &res, &s);
    jobs_stream_write(&s, &res);
    fclose(fp);
    p->game_offset += res.games;
    add_up(t, &res);
    if (p->cfg->meter)
        atomic_store(&p->cfg->meter->games, t->games);
    jobs_result_free(&res);
    rd->eof = true;
    rd->err = 0;
    rd->buf.len = 0;
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
        cli_buf_put(&k->in, end->in.data, end->in.len);
    }
    k->read_errno = end->read_errno;
    if (end->guessed) {
        /* The file goes on after end (a guessed cut leaves text after it),
         * so it is the one being read: p->rd. */
        struct reading *rd = p->rd;
        size_t at = 0;
        unsigned long lines = 0;
        rd->split = (struct pgn_split){0};
        pgn_split_scan(&rd->split, k->in.data, k->in.len, SIZE_MAX, &at, &lines);
        rd->scanned = 0;
        rd->no_newline = 0;
        rd->lines_scanned = 0;
        rd->guess = false;
        struct chunk more = {0};
        int got = read_chunk(rd, &more, p->cfg->meter);
        if (got == READ_CHUNK) {
            cli_buf_put(&k->in, more.in.data, more.in.len);
            k->read_errno = more.read_errno;
        }
        cli_buf_free(&more.in);
        if (got == READ_TOO_LONG && !k->in.nomem) {
            /* The game goes on past CHUNK_MAX bytes: k's text and the
             * rest of the file are read as a stream. */
            k->guessed = false;
            k->streamed = true;
            drop_output(&k->res);
            stream_rest(p, t, k->name, k->in.data, k->in.len, k->first_line, k->file_first);
            return;
        }
    }
    k->guessed = false;
    drop_output(&k->res);
    if (k->in.nomem) {
        /* Out of memory: nothing of k is written, and the run stops. */
        work_chunk(p->cfg, NULL, k, true);
        k->read_errno = ENOMEM;
        k->res.stop = true;
        return;
    }
    work_chunk(p->cfg, p->own, k, false);
}

/* Add a written result into the totals. */
static void add_up(struct jobs_totals *t, const struct jobs_result *res)
{
    t->games += res->games;
    for (int i = 0; i < JOBS_COUNTS; i++)
        t->counts[i] += res->counts[i];
    t->status = cli_status_merge(t->status, res->status);
    if (res->stop || cli_stdout_failed())
        t->stop = true;
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
    if (to_write && k->guessed && !k->res.at_rest)
        respin(p, t, k);
    if (k->streamed) {
        drop_output(&k->res);
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
            jobs_write(&k->res, k->name, p->game_offset, &p->cfg->out);
        p->game_offset += k->res.games;
        add_up(t, &k->res);
        if (p->cfg->meter)
            atomic_store(&p->cfg->meter->games, t->games);
        if (k->read_errno) {
            progress_hold(p->cfg->out.progress);
            cli_error("cannot read %s: %s", k->name, strerror(k->read_errno));
            progress_release(p->cfg->out.progress);
            t->status =
                cli_status_merge(t->status, k->read_errno == ENOMEM ? CLI_OSERR : CLI_NOINPUT);
        }
    } else {
        drop_output(&k->res);
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
    k->open_errno = k->read_errno = 0;
    k->file_first = k->guessed = false;
    k->in.len = 0;
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
    bool use_stdin = strcmp(path, "-") == 0;
    const char *name = use_stdin ? "<stdin>" : path;
    struct reading rd = {.line = 1, .guess = p->cfg->guess_cuts};
    rd.fp = use_stdin ? stdin : fopen(path, "re");
    struct chunk *k = next_slot(p, t, name);
    k->file_first = true;
    if (!rd.fp) {
        k->open_errno = errno;
        submit(p, k);
        return;
    }
    if (use_stdin)
        clearerr(stdin);
    p->rd = &rd;
    bool first = true;
    while (!t->stop) {
        if (!first)
            k = next_slot(p, t, name);
        int got = t->stop ? READ_END : read_chunk(&rd, k, p->cfg->meter);
        if (got == READ_TOO_LONG) {
            /* Every chunk before is written first (one of them may take
             * the text in, by respin), then the rest is read as a
             * stream from rd.buf. */
            while (!rd.streamed && p->emit_seq != p->fill_seq)
                emit_oldest(p, t);
            if (!rd.streamed && !t->stop)
                stream_rest(p, t, name, NULL, 0, rd.line, first);
            first = false;
            break;
        }
        if (got == READ_END)
            break;
        submit(p, k);
        first = false;
    }
    if (first && !t->stop)
        submit(p, k); /* an empty file still starts its game count */
    p->rd = NULL;
    cli_buf_free(&rd.buf);
    if (!use_stdin)
        fclose(rd.fp);
}

/* Threads bound to CPUs.  When --jobs N takes every CPU the process may
 * run on, each thread is bound to one of them for the run, the main
 * thread to the CPU it is on.  The kernel of the 2-CPU test host packs
 * runnable threads onto few virtual CPUs (sched_vcpu_pack on its command
 * line): a free worker often ran beside the main thread, from its start
 * (up to 4.2 ms after pthread_create) and again after a wait for a chunk
 * (3 to 8 ms of waiting in the slowest runs).  Bound, --jobs 2 on the
 * 5 MB of real games took 10.3 ms against 12.1 (means of 150 runs under
 * hyperfine; medians 10.3 and 12.0); binding the worker for its start
 * alone gained nothing (medians 12.1 against 12.2).  With fewer threads
 * than CPUs they stay free: only the scheduler sees what else runs. */
struct binding {
    bool on;
    int main_cpu;      /* the main thread's */
    int next;          /* where the next worker's is looked for: the allowed
                        * CPUs in order, main_cpu left out */
    cpu_set_t allowed; /* the process's CPUs, the main thread's again at the end */
};

/* The CPUs the process may run on (taskset, a cgroup's cpuset) in *set,
 * and how many: 0 when they cannot be known. */
static int cpus_allowed(cpu_set_t *set)
{
    return sched_getaffinity(0, sizeof *set, set) == 0 ? CPU_COUNT(set) : 0;
}

/* Plan the binding and bind the main thread to the CPU it is on. */
static void binding_plan(struct binding *b, int threads)
{
    b->on = false;
    b->next = 0;
    if (threads < 2 || cpus_allowed(&b->allowed) != threads)
        return;
    b->main_cpu = sched_getcpu();
    if (b->main_cpu < 0 || b->main_cpu >= CPU_SETSIZE || !CPU_ISSET(b->main_cpu, &b->allowed))
        return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(b->main_cpu, &one);
    b->on = sched_setaffinity(0, sizeof one, &one) == 0;
}

/* Start a worker, on the next CPU when bound (it starts there, not beside
 * the main thread); unbound if the binding is refused. */
static bool start_worker(struct pool *p, struct binding *b, pthread_t *thread)
{
    while (b->on && b->next < CPU_SETSIZE &&
           (b->next == b->main_cpu || !CPU_ISSET(b->next, &b->allowed)))
        b->next++;
    if (b->on && b->next < CPU_SETSIZE) {
        pthread_attr_t attr;
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(b->next++, &one);
        if (pthread_attr_init(&attr) == 0) {
            bool ok = pthread_attr_setaffinity_np(&attr, sizeof one, &one) == 0 &&
                      pthread_create(thread, &attr, worker_main, p) == 0;
            pthread_attr_destroy(&attr);
            if (ok)
                return true;
        }
    }
    return pthread_create(thread, NULL, worker_main, p) == 0;
}

/* One per CPU is one per CPU the process may run on (taskset, a cgroup's
 * cpuset), as nproc counts them, not every CPU online. */
int jobs_threads(long asked)
{
    cpu_set_t allowed;
    long n = asked ? asked : cpus_allowed(&allowed);
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
    struct binding b;
    binding_plan(&b, cfg->threads);
    int started = 0;
    while (started < cfg->threads - 1 && start_worker(&p, &b, &threads[started]))
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
    if (b.on)
        sched_setaffinity(0, sizeof b.allowed, &b.allowed);
    for (size_t i = 0; i < p.nslots; i++) {
        cli_buf_free(&p.slots[i].in);
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
