/* Text input (text_input.h): the read of a stream's text as it comes. */
#include "text_input.h"

#include <errno.h>
#include <unistd.h>

size_t text_input_read_some(FILE *fp, char *dst, size_t cap, bool *failed)
{
    *failed = false;
#ifdef __GLIBC__
    char *p;
    size_t ready = text_input_buffered(fp, &p);
    if (ready)
        return fread(dst, 1, ready < cap ? ready : cap, fp);
    int fd = fileno(fp);
    if (fd >= 0 && !feof(fp)) {
        for (;;) {
            ssize_t n = read(fd, dst, cap);
            if (n >= 0)
                return (size_t)n;
            if (errno != EINTR) {
                *failed = true;
                return 0;
            }
        }
    }
    size_t got = fread(dst, 1, 1, fp);
    if (got == 1 && cap > 1) {
        ready = text_input_buffered(fp, &p);
        if (ready)
            got += fread(dst + 1, 1, ready < cap - 1 ? ready : cap - 1, fp);
    }
#else
    size_t got = fread(dst, 1, cap, fp);
#endif
    if (got == 0 && ferror(fp))
        *failed = true;
    return got;
}
