// The wide-character ncurses API as Swift can import it. Macros, variadic functions and
// globals (stdscr, COLORS, stdin/stdout) are not importable or not concurrency-safe to
// read from Swift, so they are reached through these small inline functions.
#ifndef MEALPLAN_CNCURSESW_SHIM_H
#define MEALPLAN_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#include <langinfo.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
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

#endif
