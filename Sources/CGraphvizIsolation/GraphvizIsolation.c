#include "CGraphvizIsolation.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Exit codes of the child; anything else is unexpected.
enum { CHILD_OK = 0, CHILD_OK_WITH_ERRORS = 70, CHILD_PARSE = 71, CHILD_LAYOUT = 72, CHILD_RENDER = 73 };

static int write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}

// The child's message pipe (its standard error); the error callback writes there too.
static int child_messages = STDERR_FILENO;

static int on_graphviz_message(char *text) {
    if (text != NULL) write_all(child_messages, text, strlen(text));
    return 0;
}

// Closes every descriptor from `first` up.
static void close_from(int first) {
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, (unsigned int)first, ~0U, 0) == 0) return;
#endif
    long limit = sysconf(_SC_OPEN_MAX);
    if (limit < 0 || limit > 65536) limit = 65536;
    for (int fd = first; fd < limit; fd++) close(fd);
}

// Runs in the child only; never returns. Cleans nothing up: the process ends right after.
static void run_child(const char *dot, const char *layout, const char *format, di_graphviz_fault fault,
                      int output, int messages) {
    // libpath and the C library (for example "double free detected") print straight to standard error.
    dup2(messages, STDERR_FILENO);
    child_messages = STDERR_FILENO;
    if (messages != STDERR_FILENO) close(messages);
    // Other threads of the parent may have pipes open; close every inherited descriptor but ours, so their
    // readers see end-of-file when their own child ends, not when this one does.
    if (output > 3) {
        dup2(output, 3);
        close(output);
        output = 3;
    }
    close_from(output < 3 ? 3 : 4);
    // The parent's crash handlers (the Swift runtime's backtracer) would run here on an abort, slowly and on
    // standard error; a crash must just end the child.
    int crash_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) signal(crash_signals[i], SIG_DFL);
    if (fault == DI_GRAPHVIZ_ABORT_BEFORE_LAYOUT) abort();

    agseterr(AGWARN);
    agseterrf(on_graphviz_message);
    GVC_t *context = gvContext();
    Agraph_t *graph = context != NULL ? agmemread(dot) : NULL;
    if (graph == NULL) _exit(CHILD_PARSE);
    if (gvLayout(context, graph, layout) != 0) _exit(CHILD_LAYOUT);
    char *data = NULL;
    unsigned int length = 0;
    if (gvRenderData(context, graph, format, &data, &length) != 0 || data == NULL) _exit(CHILD_RENDER);
    if (write_all(output, data, length) != 0) _exit(CHILD_RENDER);
    _exit(agerrors() >= AGERR ? CHILD_OK_WITH_ERRORS : CHILD_OK);
}

typedef struct buffer {
    char *bytes;
    size_t length;
    size_t capacity;
} buffer;

static int append(buffer *buffer, const char *bytes, size_t length) {
    if (buffer->length + length + 1 > buffer->capacity) {
        size_t capacity = buffer->capacity == 0 ? 65536 : buffer->capacity;
        while (buffer->length + length + 1 > capacity) capacity *= 2;
        char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return -1;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, length);
    buffer->length += length;
    buffer->bytes[buffer->length] = '\0';
    return 0;
}

static int open_pipe(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    // Not inherited by programs other threads start (the forked child closes them itself).
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

// Reads both pipes until both reach end-of-file. Returns -1 when out of memory.
static int drain(int output_fd, int messages_fd, buffer *output, buffer *messages) {
    struct pollfd fds[2] = {{.fd = output_fd, .events = POLLIN}, {.fd = messages_fd, .events = POLLIN}};
    buffer *targets[2] = {output, messages};
    int open = 2;
    char chunk[65536];
    while (open > 0) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            ssize_t count = read(fds[i].fd, chunk, sizeof chunk);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) {
                fds[i].fd = -1;
                open -= 1;
                continue;
            }
            if (append(targets[i], chunk, (size_t)count) != 0) return -1;
        }
    }
    return 0;
}

di_graphviz_status di_graphviz_render(const char *dot, const char *layout, const char *format,
                                      di_graphviz_fault fault, di_graphviz_result *result) {
    memset(result, 0, sizeof *result);
    int output_pipe[2], messages_pipe[2];
    if (open_pipe(output_pipe) != 0) {
        result->error = errno;
        return result->status = DI_GRAPHVIZ_NOT_STARTED;
    }
    if (open_pipe(messages_pipe) != 0) {
        result->error = errno;
        close(output_pipe[0]);
        close(output_pipe[1]);
        return result->status = DI_GRAPHVIZ_NOT_STARTED;
    }
    pid_t child = fork();
    if (child == 0) {
        close(output_pipe[0]);
        close(messages_pipe[0]);
        run_child(dot, layout, format, fault, output_pipe[1], messages_pipe[1]);
    }
    int fork_error = errno;
    close(output_pipe[1]);
    close(messages_pipe[1]);
    if (child < 0) {
        close(output_pipe[0]);
        close(messages_pipe[0]);
        result->error = fork_error;
        return result->status = DI_GRAPHVIZ_NOT_STARTED;
    }

    buffer output = {0}, messages = {0};
    int drained = drain(output_pipe[0], messages_pipe[0], &output, &messages);
    close(output_pipe[0]);
    close(messages_pipe[0]);
    if (drained != 0) kill(child, SIGKILL);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}

    result->messages = messages.bytes;
    result->messages_length = messages.length;
    if (drained != 0) {
        free(output.bytes);
        result->error = ENOMEM;
        return result->status = DI_GRAPHVIZ_NOT_STARTED;
    }
    if (WIFSIGNALED(status)) {
        free(output.bytes);
        result->signal = WTERMSIG(status);
        return result->status = DI_GRAPHVIZ_CRASHED;
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code == CHILD_OK || code == CHILD_OK_WITH_ERRORS) {
        // An empty drawing still has a buffer, so that callers can tell it from a failure.
        if (output.bytes == NULL) append(&output, "", 0);
        result->output = output.bytes;
        result->output_length = output.length;
        return result->status = code == CHILD_OK ? DI_GRAPHVIZ_OK : DI_GRAPHVIZ_OK_WITH_ERRORS;
    }
    free(output.bytes);
    switch (code) {
    case CHILD_PARSE: return result->status = DI_GRAPHVIZ_PARSE_FAILED;
    case CHILD_LAYOUT: return result->status = DI_GRAPHVIZ_LAYOUT_FAILED;
    case CHILD_RENDER: return result->status = DI_GRAPHVIZ_RENDER_FAILED;
    default:
        result->exit_code = code;
        return result->status = DI_GRAPHVIZ_UNEXPECTED_EXIT;
    }
}

void di_graphviz_result_free(di_graphviz_result *result) {
    free(result->output);
    free(result->messages);
    result->output = NULL;
    result->messages = NULL;
}
