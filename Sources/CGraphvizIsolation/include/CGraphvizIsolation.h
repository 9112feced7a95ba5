#ifndef C_GRAPHVIZ_ISOLATION_H
#define C_GRAPHVIZ_ISOLATION_H

#include <stddef.h>

// Graphviz (libgvc) aborts, double-frees or crashes on some inputs (2.42/2.43: `trouble in init_rank`,
// `triangulation failed`). di_graphviz_render lays out and renders in a forked child process, so such a
// crash ends the child, not the caller. The parent never calls libgvc: it forks, reads the child's
// output and messages through two pipes, and reaps it.

/// How the child ended, in `di_graphviz_result.status`.
typedef enum di_graphviz_status {
    /// Rendered, and Graphviz reported no error.
    DI_GRAPHVIZ_OK = 0,
    /// Rendered, but Graphviz reported an error on the way (the drawing may be wrong).
    DI_GRAPHVIZ_OK_WITH_ERRORS = 1,
    /// The DOT source did not parse.
    DI_GRAPHVIZ_PARSE_FAILED = 2,
    /// gvLayout returned an error.
    DI_GRAPHVIZ_LAYOUT_FAILED = 3,
    /// gvRenderData returned an error (for example, no plugin for the format).
    DI_GRAPHVIZ_RENDER_FAILED = 4,
    /// The child died of a signal (`signal` says which).
    DI_GRAPHVIZ_CRASHED = 5,
    /// The child ended in an unexpected way (`exit_code` says how).
    DI_GRAPHVIZ_UNEXPECTED_EXIT = 6,
    /// No child could be started (`error` holds errno).
    DI_GRAPHVIZ_NOT_STARTED = 7,
} di_graphviz_status;

/// Test hooks: make the child fail on purpose.
typedef enum di_graphviz_fault {
    DI_GRAPHVIZ_NO_FAULT = 0,
    /// The child calls abort() before laying out (as Graphviz does on an internal error).
    DI_GRAPHVIZ_ABORT_BEFORE_LAYOUT = 1,
} di_graphviz_fault;

/// What di_graphviz_render produced. Free with di_graphviz_result_free.
typedef struct di_graphviz_result {
    di_graphviz_status status;
    /// The rendered bytes (status OK or OK_WITH_ERRORS), else NULL.
    char *output;
    size_t output_length;
    /// Everything Graphviz reported (its error callback) and printed on standard error, NUL-terminated.
    char *messages;
    size_t messages_length;
    /// The signal that ended the child (status CRASHED).
    int signal;
    /// The child's exit code (status UNEXPECTED_EXIT).
    int exit_code;
    /// errno (status NOT_STARTED).
    int error;
} di_graphviz_result;

/// Lays out `dot` (NUL-terminated DOT source) with the `layout` engine and renders it as `format`, in a
/// child process. Always fills `result`; returns its status.
di_graphviz_status di_graphviz_render(const char *dot, const char *layout, const char *format,
                                      di_graphviz_fault fault, di_graphviz_result *result);

/// Frees the buffers of a result filled by di_graphviz_render.
void di_graphviz_result_free(di_graphviz_result *result);

#endif
