// The wide-character ncurses API as Swift can import it. Macros, variadic functions and
// globals (stdscr, COLORS, stdin/stdout) are not importable or not concurrency-safe to
// read from Swift, so they are reached through these small inline functions.
#ifndef MEALPLAN_CNCURSESW_SHIM_H
#define MEALPLAN_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/// Whether the current LC_CTYPE locale encodes text as UTF-8.
static inline bool cn_locale_is_utf8(void) {
    return strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

/// A screen on the process's standard output and input; NULL when TERM is unknown.
static inline SCREEN *cn_newterm(void) {
    return newterm(NULL, stdout, stdin);
}

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/// Whether the terminal can move the cursor anywhere (terminfo `cup`), which a full-screen
/// program needs; dumb terminals cannot.
static inline bool cn_can_address_cursor(void) {
    char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}

static inline attr_t cn_attributes(bool bold, bool dim, bool reverse, bool underline) {
    return (bold ? A_BOLD : 0) | (dim ? A_DIM : 0) | (reverse ? A_REVERSE : 0) | (underline ? A_UNDERLINE : 0);
}

/// Puts one cell (a spacing character and its zero-width ones, NUL-terminated) at y, x.
static inline int cn_put_cell(WINDOW *window, int y, int x, const wchar_t *text, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(window, y, x, &cell);
}

/// The mouse reports the planner asks for: left button presses and the wheel.
static inline mmask_t cn_mouse_mask(void) {
    return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}

enum cn_mouse_action { CN_MOUSE_NONE, CN_MOUSE_CLICK, CN_MOUSE_WHEEL_UP, CN_MOUSE_WHEEL_DOWN };

/// Reads the pending mouse report after KEY_MOUSE.
static inline enum cn_mouse_action cn_read_mouse(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return CN_MOUSE_NONE;
    *x = event.x;
    *y = event.y;
    if (event.bstate & BUTTON4_PRESSED) return CN_MOUSE_WHEEL_UP;
    if (event.bstate & BUTTON5_PRESSED) return CN_MOUSE_WHEEL_DOWN;
    if (event.bstate & BUTTON1_PRESSED) return CN_MOUSE_CLICK;
    return CN_MOUSE_NONE;
}

/// Whether standard input is gone for good: the terminal hung up or the descriptor is closed.
/// A read then returns at once, so the planner would otherwise spin on it.
static inline bool cn_input_is_gone(void) {
    struct pollfd input = { .fd = STDIN_FILENO, .events = POLLIN, .revents = 0 };
    if (poll(&input, 1, 0) < 0) return false;
    return (input.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

// What a crashing planner gives back to the user: the terminal's modes as they were before
// ncurses took it, and the bytes that leave the full-screen mode and show the cursor. Saved
// while the terminal is taken, used only from the crash handler, which must not call ncurses.
// (Kept in a function's static: Swift does not emit a header's global variables.)
struct cn_crash_restore {
    struct termios modes;
    char leave_screen[128];
    size_t leave_screen_length;
    struct sigaction previous_actions[NSIG];
};

static inline struct cn_crash_restore *cn_crash_restore(void) {
    static struct cn_crash_restore saved;
    return &saved;
}

static const int cn_crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS };
#define CN_CRASH_SIGNAL_COUNT (sizeof cn_crash_signals / sizeof cn_crash_signals[0])

/// Restores the saved terminal, then dies of `signal` as if no handler were installed (no
/// interactive backtrace waits on the user's terminal). Async-signal-safe calls only.
static inline void cn_restore_terminal_and_die(int signal) {
    struct cn_crash_restore *saved = cn_crash_restore();
    if (saved->leave_screen_length > 0) (void)!write(STDOUT_FILENO, saved->leave_screen, saved->leave_screen_length);
    tcsetattr(STDIN_FILENO, TCSANOW, &saved->modes);
    struct sigaction fallback = { .sa_handler = SIG_DFL };
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, NULL);
    raise(signal);
}

/// Saves the terminal's modes; call before ncurses changes them.
static inline bool cn_save_terminal_modes(void) {
    return tcgetattr(STDIN_FILENO, &cn_crash_restore()->modes) == 0;
}

static inline void cn_append_capability(const char *name) {
    struct cn_crash_restore *saved = cn_crash_restore();
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return;
    size_t length = strlen(value);
    if (saved->leave_screen_length + length > sizeof saved->leave_screen) return;
    memcpy(saved->leave_screen + saved->leave_screen_length, value, length);
    saved->leave_screen_length += length;
}

/// Makes crash signals restore the terminal before the process dies; call after newterm (the
/// terminal's capabilities are read) and after `cn_save_terminal_modes`.
static inline void cn_install_crash_handlers(void) {
    struct cn_crash_restore *saved = cn_crash_restore();
    saved->leave_screen_length = 0;
    cn_append_capability("sgr0");
    cn_append_capability("rmcup");
    cn_append_capability("cnorm");
    struct sigaction action = { .sa_handler = cn_restore_terminal_and_die, .sa_flags = SA_NODEFER };
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < CN_CRASH_SIGNAL_COUNT; index++) {
        sigaction(cn_crash_signals[index], &action, &saved->previous_actions[cn_crash_signals[index]]);
    }
}

/// Puts back the crash handlers that were there before `cn_install_crash_handlers`.
static inline void cn_remove_crash_handlers(void) {
    struct cn_crash_restore *saved = cn_crash_restore();
    for (size_t index = 0; index < CN_CRASH_SIGNAL_COUNT; index++) {
        sigaction(cn_crash_signals[index], &saved->previous_actions[cn_crash_signals[index]], NULL);
    }
}

#endif
