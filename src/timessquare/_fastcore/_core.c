/* timessquare._fastcore._core: a compiled mirror of the rules core and of the players' hot path.
 *
 * The pure-Python modules are the reference (state.py, tables.py, players/turns.py, players/evaluation.py);
 * this file repeats what the search needs, as fast C, and tests/test_fastcore*.py check on thousands of
 * random positions that both give the same legal actions, successor states (the reshuffle included),
 * complete turns and evaluations. What can be taken from Python is taken at start-up, not written twice:
 * the 95 action descriptors, the hand and turn masks and the turn-key transitions of tables.py, and the
 * evaluation's weights. What is repeated here: the board's legality (R3, R4.1 variant, R4.3, R4.4, R5.2,
 * R9.1), applying an action (R5-R8), the reshuffle chance event (R6.2), the enumeration of complete turns
 * and the evaluation's features.
 *
 * Everything hidden stays where the caller put it: the search hands this module sampled worlds only.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ constants (checked by the glue) */

#define NUM_ACTIONS 95
#define NUM_CARDS 13
#define HAND_SIZE 8
#define DECK_SIZE 55
#define MAX_TURN_KEYS 16 /* tables.py has NUM_TURN_KEYS of them, given at start-up */
#define HAND_KEYS (1 << 14)
#define MAX_TURN_CARDS 16
#define MAX_TURN_ACTIONS 20
#define NUM_FEATURES 43
#define NUM_BOARD_FEATURES 32

enum { SUE, LOW, HIGH, HAL, DEB, CHARLIE };
enum { PLAY, LURE, DISCARD, END };
enum { C_S, C_G1, C_G2, C_GA, C_H1, C_H2, C_H3, C_D1, C_D2, C_D3, C_D4, C_D5, C_DM };
enum { TK_START = 0, TK_TRADE = 1 };
enum { SEAT_A = 0, SEAT_B = 1, RESULT_DRAW = 2, NO_RESULT = -1 };
enum { CHANCE_NONE = 0, CHANCE_RESHUFFLE = 1 };
#define MIDDLE 8
#define LAST_SPACE 16
#define EDGE 15
#define END_ID 94
#define TWO_S_BIT (1 << NUM_CARDS)

/* ------------------------------------------------------------------ masks over the 95 action ids */

typedef struct {
    uint64_t lo, hi;
} Mask;

static inline Mask m_and(Mask a, Mask b) { return (Mask){a.lo & b.lo, a.hi & b.hi}; }
static inline Mask m_or(Mask a, Mask b) { return (Mask){a.lo | b.lo, a.hi | b.hi}; }
static inline void m_set(Mask *m, int i) {
    if (i < 64)
        m->lo |= (uint64_t)1 << i;
    else
        m->hi |= (uint64_t)1 << (i - 64);
}
static inline int m_has(Mask m, int i) { return i < 64 ? (int)(m.lo >> i & 1) : (int)(m.hi >> (i - 64) & 1); }

/* Calls f(id) for each id of m, ascending. */
#define FOR_EACH_ID(m, id, body)                                 \
    do {                                                         \
        uint64_t w_ = (m).lo;                                    \
        while (w_) {                                             \
            int id = __builtin_ctzll(w_);                        \
            w_ &= w_ - 1;                                        \
            body                                                 \
        }                                                        \
        w_ = (m).hi;                                             \
        while (w_) {                                             \
            int id = 64 + __builtin_ctzll(w_);                   \
            w_ &= w_ - 1;                                        \
            body                                                 \
        }                                                        \
    } while (0)

/* ------------------------------------------------------------------ the actions (from actions.py) */

typedef struct {
    int8_t kind, card, used, to_middle, lure_fig, joker, nsteps;
    int8_t fig[3], step[3];
} ActionInfo;

static ActionInfo ACT[NUM_ACTIONS];
static int actions_ready = 0;
static double WEIGHTS[NUM_FEATURES];
static int weights_ready = 0;

/* The learned evaluation (players/learned_net.py): the logit is the linear part plus a tanh layer over the
   same features, NET_LIN.f + NET_BIAS + NET_W2.tanh(f NET_W1 + NET_B1) + NET_B2. `eval_mode` says where
   it replaces the linear evaluation: 0 nowhere, 1 everywhere (turn choice, playouts, leaves), 2 only for
   the value at the end of a playout (the search's leaves), 3 for the tree's candidate turns (top_turns)
   and the leaves, the playouts' turns chosen by the linear one. */
#define NET_MAX_HIDDEN 64
/* the net's inputs: the features, then the board (6 figures one-hot over the spaces, the seat to move), then
   the own hand by card type, the cards to draw, the cards left / 40 and the second supply (learned_net.py) */
#define NET_ONEHOT (NUM_FEATURES)
#define NET_ME_TO_MOVE (NET_ONEHOT + 6 * (LAST_SPACE + 1))
#define NET_HAND (NET_ME_TO_MOVE + 1)
#define NET_REST_EXTRA (NUM_CARDS + 3)
#define NET_INPUTS (NET_HAND + NET_REST_EXTRA)
static double NET_LIN[NUM_FEATURES], NET_BIAS, NET_W1[NET_INPUTS][NET_MAX_HIDDEN], NET_B1[NET_MAX_HIDDEN],
    NET_W2[NET_MAX_HIDDEN], NET_B2;
static int net_hidden = 0, eval_mode = 0;

/* ------------------------------------------------------------------ the game state */

typedef struct {
    int8_t pos[6];
    int8_t hands[2][NUM_CARDS];
    int8_t hand_sizes[2];
    int8_t supply[DECK_SIZE]; /* the next card to be drawn is last */
    int8_t discard[DECK_SIZE]; /* oldest first */
    int8_t turn_cards[MAX_TURN_CARDS];
    int8_t supply_len, discard_len, turn_cards_len;
    int8_t supply_number, to_move, turn_key, result, chance;
    int8_t pending_draw, pending_turn_key; /* while the reshuffle is due: cards still to draw, the turn key after */
    int8_t discard_red; /* red cards in the discard pile (kept for the evaluation) */
} GS;

/* ------------------------------------------------------------------ per-rules tables */

typedef struct {
    PyObject_HEAD
    Mask hand_masks[HAND_KEYS];
    Mask turn_masks[MAX_TURN_KEYS];
    int8_t next_turn[NUM_ACTIONS][MAX_TURN_KEYS];
    int num_turn_keys, tk_chance; /* tables.NUM_TURN_KEYS, tables.TK_CHANCE */
    int toward_mover;
    /* board parts (mirroring RuleTables.board_mask): Sue and the guards by (sue, low, high, mover), with
       and without Deb jokers; Hal's and Deb's own moves by (space, mover); Hal jokers likewise */
    Mask guard_parts[17][17][17][2];
    Mask guard_joker_parts[17][17][17][2];
    Mask hal_parts[2][17], hal_joker_parts[2][17], deb_parts[2][17];
    Mask always;
    int lure_ids[3];
} TablesObject;

static PyTypeObject TablesType;

/* R3, R4.1 (variant), R4.3, R4.4, R5.2 for one action on a board; R9.1 is checked by the caller. */
static int board_allows(const TablesObject *t, int aid, const int *pos, int mover) {
    const ActionInfo *a = &ACT[aid];
    int nw[5];
    if (a->kind != PLAY && a->kind != LURE) return 1;
    if (t->toward_mover && a->kind == PLAY) {
        int toward = mover == SEAT_A ? -1 : 1;
        for (int k = 0; k < a->nsteps; k++)
            if (a->step[k] * toward < 0) return 0;
    }
    for (int f = 0; f < 5; f++) nw[f] = pos[f];
    if (a->kind == LURE) {
        nw[(int)a->lure_fig] = pos[HAL];
    } else if (a->card == C_GA) {
        nw[LOW] = pos[SUE] - 1;
        nw[HIGH] = pos[SUE] + 1;
    } else if (a->to_middle >= 0) {
        nw[(int)a->to_middle] = MIDDLE;
    } else {
        for (int k = 0; k < a->nsteps; k++) nw[(int)a->fig[k]] += a->step[k];
    }
    int same = 1;
    for (int f = 0; f < 5; f++) {
        if (nw[f] != pos[f]) same = 0;
        if (nw[f] < 0 || nw[f] > LAST_SPACE) return 0;
    }
    if (same) return 0;
    return nw[LOW] < nw[SUE] && nw[SUE] < nw[HIGH];
}

/* Which street figures an action moves, as a bit set (GA: both guards; lures: their figure). */
static int figures_moved(int aid) {
    const ActionInfo *a = &ACT[aid];
    int bits = 0;
    if (a->kind == LURE) return 1 << a->lure_fig;
    if (a->card == C_GA) return (1 << LOW) | (1 << HIGH);
    if (a->to_middle >= 0) return 1 << a->to_middle;
    for (int k = 0; k < a->nsteps; k++) bits |= 1 << a->fig[k];
    return bits;
}

static Mask part_mask(const TablesObject *t, int allowed_figs, int jokers, const int *pos, int mover) {
    Mask m = {0, 0};
    for (int aid = 0; aid < NUM_ACTIONS; aid++) {
        const ActionInfo *a = &ACT[aid];
        if (a->kind != PLAY || a->joker != jokers) continue;
        int moved = figures_moved(aid);
        if ((moved & ~allowed_figs) != 0) continue;
        if (board_allows(t, aid, pos, mover)) m_set(&m, aid);
    }
    return m;
}

static void build_board_parts(TablesObject *t) {
    int sue_guards = (1 << SUE) | (1 << LOW) | (1 << HIGH);
    for (int mover = 0; mover < 2; mover++) {
        for (int s = 0; s < 17; s++)
            for (int l = 0; l < 17; l++)
                for (int h = 0; h < 17; h++) {
                    int pos[5] = {s, l, h, 0, 0};
                    if (!(l < s && s < h)) {
                        t->guard_parts[s][l][h][mover] = (Mask){0, 0};
                        t->guard_joker_parts[s][l][h][mover] = (Mask){0, 0};
                        continue;
                    }
                    t->guard_parts[s][l][h][mover] = part_mask(t, sue_guards, 0, pos, mover);
                    t->guard_joker_parts[s][l][h][mover] = part_mask(t, sue_guards, 1, pos, mover);
                }
        for (int x = 0; x < 17; x++) {
            int pos[5] = {8, 7, 9, x, x};
            t->hal_parts[mover][x] = part_mask(t, 1 << HAL, 0, pos, mover);
            t->hal_joker_parts[mover][x] = part_mask(t, 1 << HAL, 1, pos, mover);
            t->deb_parts[mover][x] = part_mask(t, 1 << DEB, 0, pos, mover);
        }
    }
    t->always = (Mask){0, 0};
    int n = 0;
    for (int aid = 0; aid < NUM_ACTIONS; aid++) {
        if (ACT[aid].kind == DISCARD || ACT[aid].kind == END) m_set(&t->always, aid);
        if (ACT[aid].kind == LURE && n < 3) t->lure_ids[n++] = aid;
    }
}

static inline int hand_key(const int8_t *hand) {
    int key = 0;
    for (int c = 0; c < NUM_CARDS; c++)
        if (hand[c] > 0) key |= 1 << c;
    if (hand[C_S] >= 2) key |= TWO_S_BIT;
    return key;
}

static Mask board_mask(const TablesObject *t, const int8_t *p, int mover) {
    int sue = p[SUE], low = p[LOW], high = p[HIGH], hal = p[HAL], deb = p[DEB];
    Mask m = m_or(t->guard_parts[sue][low][high][mover], m_or(t->hal_parts[mover][hal], t->deb_parts[mover][deb]));
    m = m_or(m, t->always);
    /* R5.2: a lure moves Sue or a bodyguard onto Hal's space; R3 must hold and the figure must move */
    for (int k = 0; k < 3; k++) {
        int fig = ACT[t->lure_ids[k]].lure_fig;
        int nw[3] = {sue, low, high};
        if (p[fig] == hal) continue;
        nw[fig] = hal;
        if (nw[LOW] < nw[SUE] && nw[SUE] < nw[HIGH]) m_set(&m, t->lure_ids[k]);
    }
    if (mover == SEAT_A ? deb < sue : deb > sue) /* R9.1 */
        m = m_or(m, m_or(t->guard_joker_parts[sue][low][high][mover], t->hal_joker_parts[mover][hal]));
    return m;
}

static Mask legal_mask(const TablesObject *t, const GS *s) {
    if (s->result != NO_RESULT || s->chance != CHANCE_NONE) return (Mask){0, 0};
    int mover = s->to_move;
    Mask m = board_mask(t, s->pos, mover);
    m = m_and(m, t->hand_masks[hand_key(s->hands[mover])]);
    return m_and(m, t->turn_masks[(int)s->turn_key]);
}

static int read_int_seq(PyObject *obj, int8_t *out, Py_ssize_t max, Py_ssize_t *n, int lo, int hi, const char *what);

/* ------------------------------------------------------------------ applying actions (state.py) */

static int sue_check(GS *s) { /* R8.1 for Sue */
    int sue = s->pos[SUE];
    if (sue <= 1)
        s->result = SEAT_A;
    else if (sue >= EDGE)
        s->result = SEAT_B;
    else
        return 0;
    return 1;
}

static void charlie_and_pass(GS *s) { /* R7 and R8.1 for Charlie, then the turn passes */
    int8_t *pos = s->pos;
    if (s->to_move == SEAT_A) {
        int steps = (pos[SUE] <= 1) + (pos[LOW] <= 1) + (pos[HIGH] <= 1) + (pos[HAL] <= 1) + (pos[DEB] <= 1);
        steps += pos[HIGH] < MIDDLE;
        int charlie = pos[CHARLIE] - steps;
        if (charlie < 0) charlie = 0;
        pos[CHARLIE] = (int8_t)charlie;
        if (charlie <= 1) {
            s->result = SEAT_A;
            return;
        }
    } else {
        int steps = (pos[SUE] >= EDGE) + (pos[LOW] >= EDGE) + (pos[HIGH] >= EDGE) + (pos[HAL] >= EDGE);
        steps += (pos[DEB] >= EDGE) + (pos[LOW] > MIDDLE);
        int charlie = pos[CHARLIE] + steps;
        if (charlie > LAST_SPACE) charlie = LAST_SPACE;
        pos[CHARLIE] = (int8_t)charlie;
        if (charlie >= EDGE) {
            s->result = SEAT_B;
            return;
        }
    }
    s->to_move ^= 1;
    s->turn_key = TK_START;
    s->turn_cards_len = 0;
}

static void deck_out(GS *s) { /* R8.2 */
    int sue = s->pos[SUE], charlie = s->pos[CHARLIE];
    if (sue != MIDDLE)
        s->result = sue < MIDDLE ? SEAT_A : SEAT_B;
    else if (charlie != MIDDLE)
        s->result = charlie < MIDDLE ? SEAT_A : SEAT_B;
    else
        s->result = RESULT_DRAW;
}

/* State._draw: up to `need` cards (R6.1); 0 when the draw stops before the turn can pass: the first supply
   ran out, so the reshuffle (R6.2) is due; or the second did, and the game is over (R8.2). */
static int draw(const TablesObject *t, GS *s, int need) {
    int p = s->to_move, drawn = 0;
    while (drawn < need && s->supply_len > 0) {
        int card = s->supply[--s->supply_len];
        s->hands[p][card]++;
        drawn++;
        if (s->supply_len == 0) break;
    }
    s->hand_sizes[p] = (int8_t)(s->hand_sizes[p] + drawn);
    if (s->supply_len > 0) return 1;
    if (s->supply_number == 1) {
        s->chance = CHANCE_RESHUFFLE;
        s->pending_draw = (int8_t)(need - drawn);
        s->pending_turn_key = s->turn_key;
        s->turn_key = (int8_t)t->tk_chance; /* allows no action */
    } else {
        deck_out(s);
    }
    return 0;
}

/* `end`: the draw of R6, then Charlie (R7) and the turn passes, unless the draw stopped. */
static void end_turn(const TablesObject *t, GS *s) {
    int need = HAND_SIZE - s->hand_sizes[(int)s->to_move];
    if (need > 0 && !draw(t, s, need)) return;
    charlie_and_pass(s);
}

static void apply_action(const TablesObject *t, GS *s, int aid) {
    const ActionInfo *a = &ACT[aid];
    int8_t *pos = s->pos;
    if (a->kind == PLAY || a->kind == DISCARD) {
        int p = s->to_move, card = a->card, n = a->used;
        s->hands[p][card] -= n;
        s->hand_sizes[p] -= n;
        if (card >= C_D1) s->discard_red = (int8_t)(s->discard_red + n);
        for (int k = 0; k < n; k++) {
            s->discard[s->discard_len++] = (int8_t)card;
            if (s->turn_cards_len < MAX_TURN_CARDS) s->turn_cards[s->turn_cards_len++] = (int8_t)card;
        }
        s->turn_key = t->next_turn[aid][(int)s->turn_key];
        if (a->kind == DISCARD) return;
        if (a->nsteps) {
            for (int k = 0; k < a->nsteps; k++) pos[(int)a->fig[k]] += a->step[k];
        } else if (card == C_GA) {
            pos[LOW] = pos[SUE] - 1;
            pos[HIGH] = pos[SUE] + 1;
        } else {
            pos[(int)a->to_middle] = MIDDLE;
        }
        if (pos[SUE] <= 1 || pos[SUE] >= EDGE) sue_check(s);
    } else if (a->kind == LURE) {
        pos[(int)a->lure_fig] = pos[HAL];
        if (!sue_check(s)) charlie_and_pass(s); /* R6.1: no draw after a lure */
    } else {
        end_turn(t, s);
    }
}

/* The reshuffle's outcome (R6.2): the discard pile's cards in draw order; the draw then goes on. */
static void apply_reshuffle(const TablesObject *t, GS *s, const int8_t *order, int n) {
    for (int i = 0; i < n; i++) s->supply[i] = order[n - 1 - i];
    s->supply_len = (int8_t)n;
    s->discard_len = 0;
    s->discard_red = 0;
    s->supply_number = 2;
    s->chance = CHANCE_NONE;
    int need = s->pending_draw;
    s->turn_key = s->pending_turn_key;
    s->pending_draw = s->pending_turn_key = 0;
    if (need == 0 || draw(t, s, need)) charlie_and_pass(s);
}

/* ------------------------------------------------------------------ random numbers for chance events */

static inline uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline int below(uint64_t *rng, int n) { return (int)(splitmix64(rng) % (uint64_t)n); }

/* A uniformly shuffled discard pile as the second supply, then the rest of the draw. */
static void resolve_chance_rng(const TablesObject *t, GS *s, uint64_t *rng) {
    int8_t order[DECK_SIZE];
    int n = s->discard_len;
    memcpy(order, s->discard, (size_t)n);
    for (int i = n - 1; i > 0; i--) {
        int j = below(rng, i + 1);
        int8_t x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    apply_reshuffle(t, s, order, n);
}

/* The reshuffle's outcome from `chance`, a Python callable given the discard pile (card types, oldest
   first) that returns it in draw order, as chance.sample_chance does; the outcome is checked. -1: error. */
static int apply_chance_checked(const TablesObject *t, GS *s, const int8_t *order, Py_ssize_t n);

static int resolve_with(const TablesObject *t, GS *s, PyObject *chance) {
    PyObject *pile = PyList_New(s->discard_len);
    if (!pile) return -1;
    for (int i = 0; i < s->discard_len; i++) PyList_SET_ITEM(pile, i, PyLong_FromLong(s->discard[i]));
    PyObject *outcome = PyObject_CallOneArg(chance, pile);
    Py_DECREF(pile);
    if (!outcome) return -1;
    int8_t order[DECK_SIZE];
    Py_ssize_t n;
    int r = read_int_seq(outcome, order, DECK_SIZE, &n, 0, NUM_CARDS - 1, "the chance outcome");
    Py_DECREF(outcome);
    if (r < 0) return -1;
    return apply_chance_checked(t, s, order, n);
}

/* `end` and, when the draw empties the first supply, the reshuffle's outcome from `chance`. */
static int finish_turn(const TablesObject *t, GS *s, PyObject *chance) {
    apply_action(t, s, END_ID);
    if (s->chance != CHANCE_NONE) return resolve_with(t, s, chance);
    return 0;
}

/* ------------------------------------------------------------------ evaluation (players/evaluation.py) */

static inline double result_value(int result, int seat) {
    return result == RESULT_DRAW ? 0.5 : result == seat ? 1.0 : 0.0;
}

static int deck_out_result(const int *pos) {
    if (pos[SUE] != MIDDLE) return pos[SUE] < MIDDLE ? SEAT_A : SEAT_B;
    if (pos[CHARLIE] != MIDDLE) return pos[CHARLIE] < MIDDLE ? SEAT_A : SEAT_B;
    return RESULT_DRAW;
}

typedef struct {
    int pos[6];
    int to_move, result, drawn;
} Outcome;

/* after_turn_outcome: the end of the turn without the random draw. */
static Outcome after_turn_outcome(const GS *s) {
    Outcome o;
    for (int f = 0; f < 6; f++) o.pos[f] = s->pos[f];
    o.to_move = s->to_move;
    o.result = NO_RESULT;
    o.drawn = 0;
    if (s->result != NO_RESULT) {
        o.result = s->result;
        return o;
    }
    int mover = s->to_move;
    if (s->turn_key == TK_START) return o;
    int need = HAND_SIZE - s->hand_sizes[mover];
    int supply = s->supply_len;
    if (s->supply_number == 2 && need >= supply) {
        o.result = deck_out_result(o.pos);
        o.drawn = supply;
        return o;
    }
    const int8_t *pos = s->pos;
    o.drawn = need;
    if (mover == SEAT_A) {
        int steps = (pos[LOW] <= 1) + (pos[HAL] <= 1) + (pos[DEB] <= 1) + (pos[HIGH] < MIDDLE);
        int c = pos[CHARLIE] - steps;
        o.pos[CHARLIE] = c < 0 ? 0 : c;
        if (o.pos[CHARLIE] <= 1) {
            o.result = SEAT_A;
            return o;
        }
    } else {
        int steps = (pos[HIGH] >= EDGE) + (pos[HAL] >= EDGE) + (pos[DEB] >= EDGE) + (pos[LOW] > MIDDLE);
        int c = pos[CHARLIE] + steps;
        o.pos[CHARLIE] = c > LAST_SPACE ? LAST_SPACE : c;
        if (o.pos[CHARLIE] >= EDGE) {
            o.result = SEAT_B;
            return o;
        }
    }
    o.to_move = 1 - mover;
    return o;
}

static inline double dmin(double a, double b) { return b < a ? b : a; }

/* Python's sum() of float terms started from the int 0, bit for bit: plain addition up to 3.11, Neumaier's
   compensated summation from 3.12 on. The extension is built against the Python it runs in. */
static double py_sum(const double *v, int n) {
    if (n == 0) return 0.0;
    double f = 0.0 + v[0];
#if PY_VERSION_HEX >= 0x030C0000
    double c = 0.0;
    for (int i = 1; i < n; i++) {
        double x = v[i], t = f + x;
        if (fabs(f) >= fabs(x))
            c += (f - t) + x;
        else
            c += (x - t) + f;
        f = t;
    }
    if (c != 0.0 && isfinite(c)) f += c;
#else
    for (int i = 1; i < n; i++) f += v[i];
#endif
    return f;
}
static inline int imin(int a, int b) { return b < a ? b : a; }

/* board_features, in the seat's own coordinates (its club at the low end). */
static void board_features(const int *fig, int me_to_move, double *out) {
    int sue = fig[0], low = fig[1], high = fig[2], hal = fig[3], deb = fig[4], charlie = fig[5];
    double pm = me_to_move ? 1.0 : 0.0;
    double om = 1.0 - pm;
    int inc_me = (low <= 1) + (hal <= 1) + (deb <= 1) + (high < MIDDLE);
    int inc_opp = (high >= EDGE) + (hal >= EDGE) + (deb >= EDGE) + (low > MIDDLE);
    int dist_me = charlie - 1, dist_opp = EDGE - charlie;
    double now_me = dist_me <= inc_me ? 1.0 : 0.0;
    double now_opp = dist_opp <= inc_opp ? 1.0 : 0.0;
    double near_me = dist_me <= inc_me + 1 ? 1.0 : 0.0;
    double near_opp = dist_opp <= inc_opp + 1 ? 1.0 : 0.0;
    int need_me = low + sue - 1;
    int need_opp = (LAST_SPACE - high) + (EDGE - sue);
    double lure_me = (low < hal && hal < sue) ? (double)(sue - hal) / 6 : 0.0;
    double lure_opp = (sue < hal && hal < high) ? (double)(hal - sue) / 6 : 0.0;
    double lure_out_me = hal < low ? (double)(low - hal) / 6 : 0.0;
    double lure_out_opp = hal > high ? (double)(hal - high) / 6 : 0.0;
    double lure_win = 0.0;
    if (me_to_move && hal == 1 && low == 0)
        lure_win = 1.0;
    else if (!me_to_move && hal == EDGE && high == LAST_SPACE)
        lure_win = -1.0;
    int k = 0;
    out[k++] = pm - om;
    out[k++] = (double)(MIDDLE - sue) / 6;
    out[k++] = (double)(MIDDLE - charlie) / 7;
    out[k++] = (double)inc_me / 4;
    out[k++] = (double)inc_opp / 4;
    out[k++] = now_me;
    out[k++] = now_opp;
    out[k++] = now_me * pm;
    out[k++] = now_opp * om;
    out[k++] = near_me;
    out[k++] = near_opp;
    out[k++] = near_me * pm;
    out[k++] = near_opp * om;
    out[k++] = dmin(1.0, (double)inc_me / dist_me);
    out[k++] = dmin(1.0, (double)inc_opp / dist_opp);
    out[k++] = exp(-(double)need_me / 2);
    out[k++] = exp(-(double)need_opp / 2);
    out[k++] = low == 0 ? exp(-(double)(sue - 1) / 2) : 0.0;
    out[k++] = high == LAST_SPACE ? exp(-(double)(EDGE - sue) / 2) : 0.0;
    out[k++] = (double)imin(low, 6) / 6;
    out[k++] = (double)imin(LAST_SPACE - high, 6) / 6;
    out[k++] = (double)imin(sue - low - 1, 4) / 4;
    out[k++] = (double)imin(high - sue - 1, 4) / 4;
    out[k++] = (double)(MIDDLE - hal) / 8;
    out[k++] = (double)(MIDDLE - deb) / 8;
    out[k++] = deb < sue ? 1.0 : 0.0;
    out[k++] = deb > sue ? 1.0 : 0.0;
    out[k++] = lure_me * pm;
    out[k++] = lure_opp * om;
    out[k++] = lure_out_me * pm;
    out[k++] = lure_out_opp * om;
    out[k++] = lure_win;
}

#define AVG_S (12.0 / 55)
#define AVG_RED (15.0 / 55)
#define AVG_GREY (16.0 / 55)
#define AVG_YELLOW (12.0 / 55)
#define SECOND_SUPPLY_ESTIMATE 40

static void frame(const int *pos, int seat, int *fig) {
    if (seat == SEAT_A) {
        for (int f = 0; f < 6; f++) fig[f] = pos[f];
    } else {
        fig[0] = LAST_SPACE - pos[SUE];
        fig[1] = LAST_SPACE - pos[HIGH];
        fig[2] = LAST_SPACE - pos[LOW];
        fig[3] = LAST_SPACE - pos[HAL];
        fig[4] = LAST_SPACE - pos[DEB];
        fig[5] = LAST_SPACE - pos[CHARLIE];
    }
}

/* The board part of the logit, cached by (figures after the turn, seat, who moves next). */
#define BOARD_CACHE_BITS 16
typedef struct {
    uint64_t key; /* 0: empty */
    double value;
} BoardCacheEntry;
static BoardCacheEntry board_cache[1 << BOARD_CACHE_BITS];

static double board_logit(const int *fig, int me_to_move) {
    uint64_t key = 1;
    for (int f = 0; f < 6; f++) key = key * 17 + (uint64_t)fig[f];
    key = key * 2 + (uint64_t)me_to_move;
    uint64_t h = (key * 0x9e3779b97f4a7c15ULL) >> (64 - BOARD_CACHE_BITS);
    BoardCacheEntry *e = &board_cache[h];
    if (e->key == key) return e->value;
    double f[NUM_BOARD_FEATURES];
    board_features(fig, me_to_move, f);
    for (int i = 0; i < NUM_BOARD_FEATURES; i++) f[i] *= WEIGHTS[i];
    double acc = py_sum(f, NUM_BOARD_FEATURES);
    e->key = key;
    e->value = acc;
    return acc;
}

/* exp(-left / scale) of the deck terms, from a table: `left` is a small whole number, and the table holds
   exactly what exp() gives for it */
#define DECK_EXP_MIN (-64)
#define DECK_EXP_MAX 128
static double deck_exp8[DECK_EXP_MAX - DECK_EXP_MIN + 1], deck_exp25[DECK_EXP_MAX - DECK_EXP_MIN + 1];

static void build_deck_exp(void) {
    for (int left = DECK_EXP_MIN; left <= DECK_EXP_MAX; left++) {
        deck_exp8[left - DECK_EXP_MIN] = exp(-(double)left / 8);
        deck_exp25[left - DECK_EXP_MIN] = exp(-(double)left / 25);
    }
}

static inline double deck_exp(int left, int scale) {
    if (left < DECK_EXP_MIN || left > DECK_EXP_MAX) return exp(-(double)left / scale);
    return scale == 8 ? deck_exp8[left - DECK_EXP_MIN] : deck_exp25[left - DECK_EXP_MIN];
}

static double net_logit(const int *fig, int me_to_move, const double *rest, int k, const double *extra);

/* What an evaluation reads of a position at the end of a turn (the draw left out), for `seat`: the figures in
   its coordinates, who moves next, the features past the board's, and the net's extra inputs. */
typedef struct {
    int fig[6], me_to_move, k;
    double rest[NUM_FEATURES - NUM_BOARD_FEATURES], extra[NET_REST_EXTRA];
} EvalInputs;

/* The evaluation's inputs; returns 0 and sets *value when the turn ends the game (no evaluation then). */
static int eval_inputs(const GS *s, int seat, EvalInputs *in, double *value) {
    Outcome o = after_turn_outcome(s);
    if (o.result != NO_RESULT) {
        *value = result_value(o.result, seat);
        return 0;
    }
    int me_to_move = in->me_to_move = o.to_move == seat;
    int *fig = in->fig;
    frame(o.pos, seat, fig);
    int sue = fig[0], low = fig[1], deb = fig[4], charlie = fig[5];
    double *rest = in->rest;
    int k = 0;
    /* deck_features */
    int second = s->supply_number == 2;
    int supply = s->supply_len - o.drawn;
    int left = second ? supply : (supply > 0 ? supply : 0) + SECOND_SUPPLY_ESTIMATE;
    double winner;
    if (sue != MIDDLE)
        winner = sue < MIDDLE ? 1.0 : -1.0;
    else if (charlie != MIDDLE)
        winner = charlie < MIDDLE ? 1.0 : -1.0;
    else
        winner = 0.0;
    double deck_now = 0.0;
    if (second && left <= HAND_SIZE) {
        if (me_to_move && winner > 0)
            deck_now = 1.0;
        else if (!me_to_move && winner < 0)
            deck_now = -1.0;
    }
    rest[k++] = second ? winner * deck_exp(left, 8) : 0.0;
    rest[k++] = deck_now;
    rest[k++] = winner * deck_exp(left, 25);
    /* hand_features */
    const int8_t *hand = s->hands[seat];
    int refill = HAND_SIZE - s->hand_sizes[seat];
    int red_kept = hand[C_D1] + hand[C_D2] + hand[C_D3] + hand[C_D4] + hand[C_D5] + hand[C_DM];
    double n_s = (double)hand[C_S] + refill * AVG_S;
    double n_red = (double)red_kept + refill * AVG_RED;
    double n_grey = (double)(hand[C_G1] + hand[C_G2] + hand[C_GA]) + refill * AVG_GREY;
    double n_yellow = (double)(hand[C_H1] + hand[C_H2] + hand[C_H3]) + refill * AVG_YELLOW;
    int need_me = low + sue - 1;
    double joker_me = deb < sue ? 1.0 : 0.0;
    double sue_win = hand[C_S] >= need_me ? 1.0 : 0.0;
    double joker_win = 0.0;
    if (me_to_move && joker_me != 0.0 && low == 0 && 2 <= sue && sue <= 6 && hand[C_D1 + sue - 2] > 0) joker_win = 1.0;
    int red_seen = red_kept + s->discard_red;
    int unseen = DECK_SIZE - s->hand_sizes[seat] - s->discard_len;
    double unseen_red = unseen > 0 ? (double)(15 - red_seen) / unseen : 0.0;
    double pm = me_to_move ? 1.0 : 0.0;
    rest[k++] = need_me > 0 ? dmin(n_s, (double)need_me) / need_me : 0.0;
    rest[k++] = sue_win * pm;
    rest[k++] = sue_win * (1.0 - pm);
    rest[k++] = n_red / HAND_SIZE * joker_me;
    rest[k++] = joker_win;
    rest[k++] = n_grey / HAND_SIZE;
    rest[k++] = n_yellow / HAND_SIZE;
    rest[k++] = unseen_red * (deb > sue ? 1.0 : 0.0);
    in->k = k;
    double *extra = in->extra;
    for (int c = 0; c < NUM_CARDS; c++) extra[c] = hand[c];
    extra[NUM_CARDS] = refill;
    extra[NUM_CARDS + 1] = left / 40.0;
    extra[NUM_CARDS + 2] = second ? 1.0 : 0.0;
    return 1;
}

/* The estimated chance of the logit (bounded, as evaluation.py bounds it). */
static inline double logit_value(double logit) {
    if (logit > 30.0) logit = 30.0;
    if (logit < -30.0) logit = -30.0;
    return 1.0 / (1.0 + exp(-logit));
}

static double evaluate_as(const GS *s, int seat, int net) {
    EvalInputs in;
    double value;
    if (!eval_inputs(s, seat, &in, &value)) return value;
    if (net) return logit_value(net_logit(in.fig, in.me_to_move, in.rest, in.k, in.extra));
    double board = board_logit(in.fig, in.me_to_move);
    for (int i = 0; i < in.k; i++) in.rest[i] *= WEIGHTS[NUM_BOARD_FEATURES + i];
    return logit_value(board + py_sum(in.rest, in.k));
}

/* The evaluation the search and the one-ply players use (eval_mode 1: the learned one). */
static double evaluate(const GS *s, int seat) { return evaluate_as(s, seat, eval_mode == 1); }

/* The board part of the net's first layer and linear part, cached by (figures, who moves next) as the
   linear evaluation's board part is. */
#define NET_CACHE_BITS 13
typedef struct {
    uint64_t key; /* 0: empty */
    double linear, hidden[NET_MAX_HIDDEN];
} NetCacheEntry;
static NetCacheEntry net_cache[1 << NET_CACHE_BITS];

/* pre[j] += x * NET_W1[row][j] for every hidden unit: over all NET_MAX_HIDDEN (the rows are zero past
   net_hidden), a fixed count the compiler turns into vector instructions; each unit's sum keeps its order,
   so the values are those of a plain loop. */
static inline void net_add_row(double *restrict pre, double x, int row) {
    const double *restrict w = NET_W1[row];
    for (int j = 0; j < NET_MAX_HIDDEN; j++) pre[j] += x * w[j];
}

/* The net up to its tanh layer: the hidden units' inputs into pre[], and the logit's other terms. Built
   twice, for AVX2 (four doubles an instruction) and for any x86-64, the loader picking the one the processor
   runs: the same additions and multiplications in the same order (AVX2 brings no fused multiply-add), so the
   same values either way. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__)
#define NET_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define NET_CLONES
#endif
NET_CLONES static double net_pre(const int *fig, int me_to_move, const double *rest, int k, const double *extra,
                                 double *pre) {
    uint64_t key = 1;
    for (int f = 0; f < 6; f++) key = key * 17 + (uint64_t)fig[f];
    key = key * 2 + (uint64_t)me_to_move;
    uint64_t h = (key * 0x9e3779b97f4a7c15ULL) >> (64 - NET_CACHE_BITS);
    NetCacheEntry *e = &net_cache[h];
    if (e->key != key) {
        double f[NUM_BOARD_FEATURES], hidden[NET_MAX_HIDDEN], linear = 0.0;
        board_features(fig, me_to_move, f);
        memcpy(hidden, NET_B1, sizeof hidden);
        for (int i = 0; i < NUM_BOARD_FEATURES; i++) {
            linear += NET_LIN[i] * f[i];
            if (f[i] != 0.0) net_add_row(hidden, f[i], i);
        }
        for (int q = 0; q < 6; q++) net_add_row(hidden, 1.0, NET_ONEHOT + q * (LAST_SPACE + 1) + fig[q]);
        if (me_to_move) net_add_row(hidden, 1.0, NET_ME_TO_MOVE);
        memcpy(e->hidden, hidden, sizeof hidden);
        e->linear = linear;
        e->key = key;
    }
    double logit = e->linear + NET_BIAS + NET_B2;
    memcpy(pre, e->hidden, NET_MAX_HIDDEN * sizeof(double));
    for (int i = 0; i < k; i++) {
        double x = rest[i];
        logit += NET_LIN[NUM_BOARD_FEATURES + i] * x;
        if (x != 0.0) net_add_row(pre, x, NUM_BOARD_FEATURES + i);
    }
    for (int i = 0; i < NET_REST_EXTRA; i++)
        if (extra[i] != 0.0) net_add_row(pre, extra[i], NET_HAND + i);
    return logit;
}

static double net_logit(const int *fig, int me_to_move, const double *rest, int k, const double *extra) {
    double pre[NET_MAX_HIDDEN];
    double logit = net_pre(fig, me_to_move, rest, k, extra, pre);
    for (int j = 0; j < net_hidden; j++) logit += NET_W2[j] * tanh(pre[j]);
    return logit;
}

/* tanh from a table, linearly interpolated between points TANH_STEP apart on [-TANH_RANGE, TANH_RANGE], and
   +-1 beyond: within TANH_ERROR of tanh everywhere (interpolation: step^2 / 8 * max|tanh''| = 9.4e-5; beyond
   the range: 1 - tanh(9) = 3.0e-8). For bounds only: a value is always computed with tanh itself. */
#define TANH_RANGE 9
#define TANH_PER_UNIT 32
#define TANH_POINTS (2 * TANH_RANGE * TANH_PER_UNIT + 1)
#define TANH_ERROR 1.0e-4
static double tanh_table[TANH_POINTS + 1];
static double net_slack = 0.0; /* TANH_ERROR * sum |w2|, and a margin for rounding: the bound's width */

static void build_tanh_bounds(void) {
    for (int i = 0; i <= TANH_POINTS; i++) tanh_table[i] = tanh((double)i / TANH_PER_UNIT - TANH_RANGE);
    double w = 0.0;
    for (int j = 0; j < net_hidden; j++) w += fabs(NET_W2[j]);
    net_slack = TANH_ERROR * w + 1e-9;
}

static inline double tanh_near(double x) {
    if (x >= TANH_RANGE) return 1.0;
    if (x <= -TANH_RANGE) return -1.0;
    double u = (x + TANH_RANGE) * TANH_PER_UNIT;
    int i = (int)u;
    if (i >= TANH_POINTS - 1) i = TANH_POINTS - 2;
    double t = u - i;
    return tanh_table[i] + t * (tanh_table[i + 1] - tanh_table[i]);
}


/* The feature indices discard_order reads (checked by the glue against FEATURE_NAMES). */
enum { F_HAND_SUE_CARDS = 35, F_HAND_SUE_WIN_NEXT = 37, F_HAND_RED_JOKER = 38, F_HAND_GREY = 40, F_HAND_YELLOW = 41 };

static double order_values[NUM_CARDS];
static int cmp_order(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    if (order_values[x] < order_values[y]) return -1;
    if (order_values[x] > order_values[y]) return 1;
    return x - y;
}

/* discard_order: the card types from the least useful to `seat` to the most. */
static void discard_order(const GS *s, int seat, int *order) {
    int pos[6], fig[6];
    for (int f = 0; f < 6; f++) pos[f] = s->pos[f];
    frame(pos, seat, fig);
    int sue = fig[0], low = fig[1], deb = fig[4];
    int need_me = low + sue - 1;
    double sue_value = need_me > 0 ? WEIGHTS[F_HAND_SUE_CARDS] / need_me : 0.0;
    if (s->hands[seat][C_S] >= need_me) sue_value += WEIGHTS[F_HAND_SUE_WIN_NEXT];
    order_values[C_S] = sue_value;
    double red = deb < sue ? WEIGHTS[F_HAND_RED_JOKER] / HAND_SIZE : 0.0;
    for (int c = C_D1; c <= C_DM; c++) order_values[c] = red;
    for (int c = C_G1; c <= C_GA; c++) order_values[c] = WEIGHTS[F_HAND_GREY] / HAND_SIZE;
    for (int c = C_H1; c <= C_H3; c++) order_values[c] = WEIGHTS[F_HAND_YELLOW] / HAND_SIZE;
    for (int c = 0; c < NUM_CARDS; c++) order[c] = c;
    qsort(order, NUM_CARDS, sizeof(int), cmp_order);
}

/* ------------------------------------------------------------------ complete turns (players/turns.py) */

typedef struct {
    GS s;
    int8_t actions[MAX_TURN_ACTIONS];
    int8_t n;
} Turn;

static Turn *tbuf = NULL;
static size_t tbuf_cap = 0;
static uint64_t *seen = NULL;
static size_t seen_cap = 0;

/* `buf` (of `*cap` items of `size` bytes) grown to hold `n` items, its capacity doubling from 256 and
   written back to `*cap`; NULL (and `buf` untouched) when memory runs out. */
static void *grown(void *buf, size_t *cap, size_t n, size_t size) {
    if (n <= *cap) return buf;
    size_t c = *cap ? *cap : 256;
    while (c < n) c *= 2;
    void *nb = realloc(buf, c * size);
    if (nb) *cap = c;
    return nb;
}

static int ensure_turns(size_t n) {
    Turn *nb = grown(tbuf, &tbuf_cap, n, sizeof(Turn));
    if (!nb) return -1;
    tbuf = nb;
    return 0;
}

static int seen_insert(uint64_t key, size_t mask) { /* 1 if new */
    key += 1;
    size_t h = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 20) & mask;
    while (seen[h]) {
        if (seen[h] == key) return 0;
        h = (h + 1) & mask;
    }
    seen[h] = key;
    return 1;
}

/* A state's identity within one turn: the board, the point of the turn and the mover's hand (a
   mixed-radix number over the hand the turn started with, which only shrinks). */
static inline uint64_t state_key(const GS *g, int mover, const uint64_t *radix) {
    uint64_t k = 0;
    for (int f = 0; f < 5; f++) k = k * 17 + (uint64_t)g->pos[f];
    k = k * MAX_TURN_KEYS + (uint64_t)g->turn_key;
    for (int c = 0; c < NUM_CARDS; c++) k = k * radix[c] + (uint64_t)g->hands[mover][c];
    return k;
}

/* The distinct complete turns of the player to move, in the order of turns.complete_turns; the turns
   go to tbuf[0..n). `order` (13 card types) gives the trades as prefixes, or NULL. Returns n, or -1 when
   memory runs out. */
static Py_ssize_t enumerate_turns(const TablesObject *t, const GS *root, int cap, const int *order) {
    Py_ssize_t n = 0;
    if (root->result != NO_RESULT || root->chance != CHANCE_NONE) return 0;
    int mover = root->to_move;
    if (ensure_turns(64) < 0) return -1;
    if (root->turn_key != TK_START) {
        tbuf[n].s = *root;
        tbuf[n].actions[0] = END_ID;
        tbuf[n].n = 1;
        n++;
    }
    if (order != NULL && (root->turn_key == TK_START || root->turn_key == TK_TRADE)) {
        GS node = *root;
        int8_t acts[MAX_TURN_ACTIONS];
        int len = 0;
        for (int i = 0; i < NUM_CARDS; i++) {
            int card = order[i];
            for (int k = 0; k < root->hands[mover][card]; k++) {
                int aid = 81 + card; /* `discard S` is 81; the others follow in card order */
                apply_action(t, &node, aid);
                if (len < MAX_TURN_ACTIONS - 1) acts[len++] = (int8_t)aid;
                if (ensure_turns((size_t)n + 1) < 0) return -1;
                tbuf[n].s = node;
                memcpy(tbuf[n].actions, acts, (size_t)len);
                tbuf[n].actions[len] = END_ID;
                tbuf[n].n = (int8_t)(len + 1);
                n++;
            }
        }
    }
    /* the seen set: the hand as a mixed-radix number over the root hand's counts */
    size_t want = 64;
    while (want < (size_t)cap * 4 + 64) want *= 2;
    if (want > seen_cap) {
        uint64_t *ns = (uint64_t *)realloc(seen, want * sizeof(uint64_t));
        if (!ns) return -1;
        seen = ns;
        seen_cap = want;
    }
    memset(seen, 0, seen_cap * sizeof(uint64_t));
    size_t smask = seen_cap - 1;
    uint64_t radix[NUM_CARDS];
    for (int c = 0; c < NUM_CARDS; c++) radix[c] = (uint64_t)root->hands[mover][c] + 1;
    seen_insert(state_key(root, mover, radix), smask);
    /* the queue: -1 is the root, then indices into tbuf of turns that may go on */
    Py_ssize_t qcap = 256, qhead = 0, qtail = 0;
    Py_ssize_t *queue = (Py_ssize_t *)malloc((size_t)qcap * sizeof(Py_ssize_t));
    if (!queue) return -1;
    queue[qtail++] = -1;
    while (qhead < qtail) {
        Py_ssize_t qi = queue[qhead++];
        GS node = qi < 0 ? *root : tbuf[qi].s;
        int8_t acts[MAX_TURN_ACTIONS];
        int len = 0;
        if (qi >= 0) {
            len = tbuf[qi].n - 1; /* its actions without the closing `end` */
            memcpy(acts, tbuf[qi].actions, (size_t)len);
        }
        int trading = node.turn_key == TK_TRADE;
        int last = len ? acts[len - 1] : -1;
        Mask legal = legal_mask(t, &node);
        FOR_EACH_ID(legal, aid, {
            const ActionInfo *a = &ACT[aid];
            if (aid == END_ID) continue;
            if (a->kind == DISCARD && (order != NULL || (trading && aid < last))) continue;
            if (len >= MAX_TURN_ACTIONS - 1) continue;
            if (ensure_turns((size_t)n + 1) < 0) {
                free(queue);
                return -1;
            }
            Turn *out = &tbuf[n];
            out->s = node;
            apply_action(t, &out->s, aid);
            memcpy(out->actions, acts, (size_t)len);
            out->actions[len] = (int8_t)aid;
            if (a->kind == LURE) {
                out->n = (int8_t)(len + 1);
                n++;
            } else {
                if (!seen_insert(state_key(&out->s, mover, radix), smask)) continue;
                if (out->s.result != NO_RESULT) {
                    out->n = (int8_t)(len + 1);
                    n++;
                    continue;
                }
                out->actions[len + 1] = END_ID;
                out->n = (int8_t)(len + 2);
                if (qtail == qcap) {
                    qcap *= 2;
                    Py_ssize_t *nq = (Py_ssize_t *)realloc(queue, (size_t)qcap * sizeof(Py_ssize_t));
                    if (!nq) {
                        free(queue);
                        return -1;
                    }
                    queue = nq;
                }
                queue[qtail++] = n;
                n++;
            }
            if (n >= cap) {
                free(queue);
                return n;
            }
        });
    }
    free(queue);
    return n;
}

/* ------------------------------------------------------------------ ordering turns by evaluation */

static double *tvalues = NULL;
static int *tindex = NULL;
static size_t tvalues_cap = 0, tindex_cap = 0;

static int ensure_values(size_t n) {
    double *nv = grown(tvalues, &tvalues_cap, n, sizeof(double));
    if (!nv) return -1;
    tvalues = nv;
    int *ni = grown(tindex, &tindex_cap, n, sizeof(int));
    if (!ni) return -1;
    tindex = ni;
    return 0;
}

/* sorted(((value, i) ...), reverse=True): the best value first, among equals the later turn first */
static int cmp_desc_value_desc_index(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    if (tvalues[x] > tvalues[y]) return -1;
    if (tvalues[x] < tvalues[y]) return 1;
    return y - x;
}

/* sorted(range(n), key=-value): the best value first, among equals the earlier turn first */
static int cmp_desc_value_asc_index(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    if (tvalues[x] > tvalues[y]) return -1;
    if (tvalues[x] < tvalues[y]) return 1;
    return x - y;
}

/* Enumerates the mover's turns (trades by `seat`'s discard order) and evaluates them for `seat`. */
static Py_ssize_t scored_turns(const TablesObject *t, const GS *s, int seat, int cap) {
    int order[NUM_CARDS];
    discard_order(s, seat, order);
    Py_ssize_t n = enumerate_turns(t, s, cap, order);
    if (n < 0) return -1;
    if (ensure_values((size_t)n + 1) < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) tvalues[i] = evaluate(&tbuf[i].s, seat);
    return n;
}

/* best_turn: the first turn with the best value for `seat`; -1 when there is none. */
static Py_ssize_t best_of(Py_ssize_t n) {
    Py_ssize_t best = -1;
    for (Py_ssize_t i = 0; i < n; i++)
        if (best < 0 || tvalues[i] > tvalues[best]) best = i;
    return best;
}

static double *tlower = NULL;
static size_t tlower_cap = 0;

/* Bounds of the learned evaluation of each turn tbuf[0..n) for `seat`: tvalues[i] from above, tlower[i]
   from below (tanh_near: each logit within net_slack), equal where the value is known exactly (a turn that
   ends the game, or bounds that meet). 0, or -1 when out of memory. */
static int net_bounds(Py_ssize_t n, int seat) {
    if (ensure_values((size_t)n + 1) < 0) return -1;
    double *nl = grown(tlower, &tlower_cap, (size_t)n + 1, sizeof(double));
    if (!nl) return -1;
    tlower = nl;
    for (Py_ssize_t i = 0; i < n; i++) {
        EvalInputs in;
        double value, pre[NET_MAX_HIDDEN];
        if (!eval_inputs(&tbuf[i].s, seat, &in, &value)) {
            tvalues[i] = tlower[i] = value;
            continue;
        }
        double logit = net_pre(in.fig, in.me_to_move, in.rest, in.k, in.extra, pre);
        for (int j = 0; j < net_hidden; j++) logit += NET_W2[j] * tanh_near(pre[j]);
        tvalues[i] = logit_value(logit + net_slack);
        tlower[i] = logit_value(logit - net_slack);
    }
    return 0;
}

/* The exact learned value of turn i once its bounds are in tvalues/tlower. */
static inline double net_exact(Py_ssize_t i, int seat) {
    return tlower[i] == tvalues[i] ? tvalues[i] : evaluate_as(&tbuf[i].s, seat, 1);
}

/* The learned evaluation's best turn among tbuf[0..n) for `seat`: the one best_of would pick from the values
   of scored_turns in eval_mode 1 (the first of equals), without computing every value: only the turns whose
   upper bound reaches the best lower bound are valued exactly (evaluate_as), so the choice is the exact one.
   -1 when n is 0 (or out of memory). */
static Py_ssize_t net_best_of(Py_ssize_t n, int seat) {
    if (n <= 0 || net_bounds(n, seat) < 0) return -1;
    double floor_value = -1.0; /* the best lower bound of any turn's value */
    for (Py_ssize_t i = 0; i < n; i++)
        if (tlower[i] > floor_value) floor_value = tlower[i];
    Py_ssize_t best = -1;
    double best_value = -1.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (tvalues[i] < floor_value) continue; /* below another turn's lower bound: never the best */
        double value = net_exact(i, seat);
        if (best < 0 || value > best_value) {
            best = i;
            best_value = value;
        }
    }
    return best;
}

/* tvalues for a choice of the best `k` of tbuf[0..n) by the learned evaluation (top_turns in eval_mode 1):
   the exact value of every turn that can be among them, -infinity for the others (whose upper bound is below
   the k-th best lower bound: k turns are surely better). 0, or -1 when out of memory. */
static int net_top_values(Py_ssize_t n, int seat, Py_ssize_t k) {
    if (n <= 0) return 0;
    if (net_bounds(n, seat) < 0) return -1;
    double kth = -INFINITY;
    if (k > 0 && k <= n) {
        double top[8];
        Py_ssize_t m = k < 8 ? k : 8, have = 0;
        if (k <= 8) { /* the k best lower bounds, best first */
            for (Py_ssize_t i = 0; i < n; i++) {
                double x = tlower[i];
                if (have == m && x <= top[m - 1]) continue;
                Py_ssize_t j = have < m ? have++ : m - 1;
                while (j > 0 && top[j - 1] < x) {
                    top[j] = top[j - 1];
                    j--;
                }
                top[j] = x;
            }
            kth = top[k - 1];
        }
    }
    for (Py_ssize_t i = 0; i < n; i++) tvalues[i] = tvalues[i] < kth ? -INFINITY : net_exact(i, seat);
    return 0;
}

/* TurnSearch._leaf: `turns` turns of the one-ply player, then the evaluation for `seat`. */
static double playout(const TablesObject *t, GS state, int seat, int turns, int cap, PyObject *chance, int symmetric,
                      int *error) {
    for (int i = 0; i < turns; i++) {
        if (state.result != NO_RESULT) break;
        Py_ssize_t b;
        if (eval_mode == 1) { /* the learned evaluation's best turn, found without valuing every turn */
            int order[NUM_CARDS];
            discard_order(&state, state.to_move, order);
            Py_ssize_t n = enumerate_turns(t, &state, cap, order);
            if (n < 0) {
                *error = 1;
                return 0.0;
            }
            b = net_best_of(n, state.to_move);
            if (b < 0 && n > 0) {
                *error = 1;
                return 0.0;
            }
        } else {
            Py_ssize_t n = scored_turns(t, &state, state.to_move, cap);
            if (n < 0) {
                *error = 1;
                return 0.0;
            }
            b = best_of(n);
        }
        if (b < 0) break;
        int ends_with_draw = tbuf[b].actions[tbuf[b].n - 1] == END_ID;
        state = tbuf[b].s;
        if (ends_with_draw && i < turns - 1 && finish_turn(t, &state, chance) < 0) {
            *error = 2;
            return 0.0;
        }
    }
    if (state.result != NO_RESULT) return result_value(state.result, seat);
    int net = eval_mode != 0;
    if (symmetric) return (evaluate_as(&state, seat, net) + 1.0 - evaluate_as(&state, 1 - seat, net)) / 2;
    return evaluate_as(&state, seat, net);
}

/* ------------------------------------------------------------------ the Python types */

typedef struct {
    PyObject_HEAD
    GS s;
    TablesObject *tables;
} CoreObject;

static PyTypeObject CoreType;

static CoreObject *core_new(TablesObject *t, const GS *s) {
    CoreObject *c = PyObject_New(CoreObject, &CoreType);
    if (!c) return NULL;
    c->s = *s;
    Py_INCREF(t);
    c->tables = t;
    return c;
}

static void core_dealloc(CoreObject *self) {
    Py_XDECREF(self->tables);
    PyObject_Free(self);
}

static void tables_dealloc(TablesObject *self) { PyObject_Free(self); }

static int read_mask(PyObject *obj, Mask *m) {
    PyObject *lo_mask = PyLong_FromUnsignedLongLong(0xFFFFFFFFFFFFFFFFULL);
    if (!lo_mask) return -1;
    PyObject *lo = PyNumber_And(obj, lo_mask);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *hi = (lo && shift) ? PyNumber_Rshift(obj, shift) : NULL;
    Py_DECREF(lo_mask);
    Py_XDECREF(shift);
    if (!lo || !hi) {
        Py_XDECREF(lo);
        Py_XDECREF(hi);
        return -1;
    }
    m->lo = PyLong_AsUnsignedLongLong(lo);
    m->hi = PyLong_AsUnsignedLongLong(hi);
    Py_DECREF(lo);
    Py_DECREF(hi);
    return PyErr_Occurred() ? -1 : 0;
}

/* The first `n` items of the sequence `seq`, each a mask as an int, into `out`: 0, or -1 with an exception. */
static int read_masks(PyObject *seq, Mask *out, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(seq, i);
        if (!item) return -1;
        int r = read_mask(item, &out[i]);
        Py_DECREF(item);
        if (r < 0) return -1;
    }
    return 0;
}

static int read_int_seq(PyObject *obj, int8_t *out, Py_ssize_t max, Py_ssize_t *n, int lo, int hi, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    if (len > max) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: at most %zd entries", what, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < lo || v > hi) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return -1;
        }
        out[i] = (int8_t)v;
    }
    if (n) *n = len;
    Py_DECREF(seq);
    return 0;
}

/* Tables(hand_masks, turn_masks, next_turn, toward_mover, tk_chance) */
static PyObject *tables_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *hand_masks, *turn_masks, *next_turn;
    int toward_mover, tk_chance;
    static char *kwlist[] = {"hand_masks", "turn_masks", "next_turn", "toward_mover", "tk_chance", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOpi", kwlist, &hand_masks, &turn_masks, &next_turn, &toward_mover,
                                     &tk_chance))
        return NULL;
    if (!actions_ready) {
        PyErr_SetString(PyExc_RuntimeError, "set_actions() must be called first");
        return NULL;
    }
    TablesObject *t = (TablesObject *)type->tp_alloc(type, 0);
    if (!t) return NULL;
    t->toward_mover = toward_mover;
    Py_ssize_t nk = PySequence_Size(turn_masks);
    if (nk < 2 || nk > MAX_TURN_KEYS || tk_chance < 0 || tk_chance >= nk) {
        PyErr_SetString(PyExc_ValueError, "between 2 and 16 turn keys, TK_CHANCE among them");
        goto fail;
    }
    t->num_turn_keys = (int)nk;
    t->tk_chance = tk_chance;
    if (PySequence_Size(hand_masks) != HAND_KEYS || PySequence_Size(next_turn) != NUM_ACTIONS) {
        PyErr_SetString(PyExc_ValueError, "tables of the wrong size");
        goto fail;
    }
    if (read_masks(hand_masks, t->hand_masks, HAND_KEYS) < 0 || read_masks(turn_masks, t->turn_masks, nk) < 0)
        goto fail;
    for (Py_ssize_t i = 0; i < NUM_ACTIONS; i++) {
        PyObject *row = PySequence_GetItem(next_turn, i);
        if (!row) goto fail;
        Py_ssize_t n;
        int r = read_int_seq(row, t->next_turn[i], MAX_TURN_KEYS, &n, 0, (int)nk - 1, "next_turn");
        Py_DECREF(row);
        if (r < 0) goto fail;
        if (n != nk) {
            PyErr_SetString(PyExc_ValueError, "next_turn rows have one entry per turn key");
            goto fail;
        }
    }
    build_board_parts(t);
    return (PyObject *)t;
fail:
    Py_DECREF(t);
    return NULL;
}

/* Core(tables, pos, hand_a, hand_b, supply, supply_number, discard, to_move, turn_key, turn_cards, result, chance,
        pending_draw, pending_turn_key) */
static PyObject *core_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *tables, *pos, *ha, *hb, *supply, *discard, *turn_cards;
    int supply_number, to_move, turn_key, result, chance, pending_draw, pending_turn_key;
    if (kwds && PyDict_Size(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Core takes positional arguments only");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O!OOOOiOiiOiiii", &TablesType, &tables, &pos, &ha, &hb, &supply, &supply_number,
                          &discard, &to_move, &turn_key, &turn_cards, &result, &chance, &pending_draw,
                          &pending_turn_key))
        return NULL;
    if (!weights_ready) {
        PyErr_SetString(PyExc_RuntimeError, "set_weights() must be called first");
        return NULL;
    }
    GS s;
    memset(&s, 0, sizeof s);
    Py_ssize_t n;
    if (read_int_seq(pos, s.pos, 6, &n, 0, LAST_SPACE, "pos") < 0) return NULL;
    if (n != 6) return PyErr_Format(PyExc_ValueError, "pos has six figures");
    if (read_int_seq(ha, s.hands[0], NUM_CARDS, &n, 0, 12, "hand") < 0) return NULL;
    if (n != NUM_CARDS) return PyErr_Format(PyExc_ValueError, "a hand has 13 counts");
    if (read_int_seq(hb, s.hands[1], NUM_CARDS, &n, 0, 12, "hand") < 0) return NULL;
    if (n != NUM_CARDS) return PyErr_Format(PyExc_ValueError, "a hand has 13 counts");
    if (read_int_seq(supply, s.supply, DECK_SIZE, &n, 0, NUM_CARDS - 1, "supply") < 0) return NULL;
    s.supply_len = (int8_t)n;
    if (read_int_seq(discard, s.discard, DECK_SIZE, &n, 0, NUM_CARDS - 1, "discard") < 0) return NULL;
    s.discard_len = (int8_t)n;
    for (Py_ssize_t i = 0; i < n; i++) s.discard_red = (int8_t)(s.discard_red + (s.discard[i] >= C_D1));
    if (read_int_seq(turn_cards, s.turn_cards, MAX_TURN_CARDS, &n, 0, NUM_CARDS - 1, "turn_cards") < 0) return NULL;
    s.turn_cards_len = (int8_t)n;
    int total = s.supply_len + s.discard_len;
    for (int p = 0; p < 2; p++) {
        int size = 0;
        for (int c = 0; c < NUM_CARDS; c++) size += s.hands[p][c];
        if (size > HAND_SIZE) return PyErr_Format(PyExc_ValueError, "a hand holds at most 8 cards");
        s.hand_sizes[p] = (int8_t)size;
        total += size;
    }
    if (total > DECK_SIZE) return PyErr_Format(PyExc_ValueError, "more than 55 cards");
    int nk = ((TablesObject *)tables)->num_turn_keys;
    if (supply_number < 1 || supply_number > 2 || to_move < 0 || to_move > 1 || turn_key < 0 || turn_key >= nk ||
        pending_turn_key < 0 || pending_turn_key >= nk || result < -1 || result > 2 || chance < 0 || chance > 1 || pending_draw < 0 ||
        pending_draw > HAND_SIZE)
        return PyErr_Format(PyExc_ValueError, "a field is out of range");
    s.supply_number = (int8_t)supply_number;
    s.to_move = (int8_t)to_move;
    s.turn_key = (int8_t)turn_key;
    s.result = (int8_t)result;
    s.chance = (int8_t)chance;
    s.pending_draw = (int8_t)pending_draw;
    s.pending_turn_key = (int8_t)pending_turn_key;
    CoreObject *c = (CoreObject *)type->tp_alloc(type, 0);
    if (!c) return NULL;
    c->s = s;
    Py_INCREF(tables);
    c->tables = (TablesObject *)tables;
    return (PyObject *)c;
}

static PyObject *int8_list(const int8_t *v, int n) {
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(v[i]));
    return l;
}

static PyObject *int8_tuple(const int8_t *v, int n) {
    PyObject *l = PyTuple_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(l, i, PyLong_FromLong(v[i]));
    return l;
}

static PyObject *core_snapshot(CoreObject *self, PyObject *unused) {
    const GS *s = &self->s;
    PyObject *result = s->result == NO_RESULT ? Py_NewRef(Py_None) : PyLong_FromLong(s->result);
    return Py_BuildValue("(N[NN]NiNiiNNi(ii))", int8_list(s->pos, 6), int8_list(s->hands[0], NUM_CARDS),
                         int8_list(s->hands[1], NUM_CARDS), int8_list(s->supply, s->supply_len), s->supply_number,
                         int8_list(s->discard, s->discard_len), s->to_move, s->turn_key,
                         int8_list(s->turn_cards, s->turn_cards_len), result, s->chance, s->pending_draw,
                         s->pending_turn_key);
}

static PyObject *mask_ids(Mask m) {
    int ids[NUM_ACTIONS], n = 0;
    FOR_EACH_ID(m, id, { ids[n++] = id; });
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(ids[i]));
    return t;
}

static PyObject *core_legal_ids(CoreObject *self, PyObject *unused) {
    return mask_ids(legal_mask(self->tables, &self->s));
}

static PyObject *core_apply(CoreObject *self, PyObject *arg) {
    long aid = PyLong_AsLong(arg);
    if (aid == -1 && PyErr_Occurred()) return NULL;
    if (aid < 0 || aid >= NUM_ACTIONS || !m_has(legal_mask(self->tables, &self->s), (int)aid))
        return PyErr_Format(PyExc_ValueError, "action %ld is not legal here", aid);
    apply_action(self->tables, &self->s, (int)aid);
    Py_RETURN_NONE;
}

static int apply_chance_checked(const TablesObject *t, GS *s, const int8_t *order, Py_ssize_t n) {
    if (s->chance != CHANCE_RESHUFFLE) {
        PyErr_SetString(PyExc_ValueError, "no chance event is due");
        return -1;
    }
    int want[NUM_CARDS] = {0};
    for (int i = 0; i < s->discard_len; i++) want[(int)s->discard[i]]++;
    for (Py_ssize_t i = 0; i < n; i++) want[(int)order[i]]--;
    for (int c = 0; c < NUM_CARDS; c++)
        if (want[c] != 0) {
            PyErr_SetString(PyExc_ValueError, "the second supply must be a shuffle of the discard pile");
            return -1;
        }
    apply_reshuffle(t, s, order, (int)n);
    return 0;
}

static PyObject *core_apply_chance(CoreObject *self, PyObject *arg) {
    int8_t order[DECK_SIZE];
    Py_ssize_t n;
    if (read_int_seq(arg, order, DECK_SIZE, &n, 0, NUM_CARDS - 1, "outcome") < 0) return NULL;
    if (apply_chance_checked(self->tables, &self->s, order, n) < 0) return NULL;
    Py_RETURN_NONE;
}

static int read_seed(PyObject *arg, uint64_t *seed) {
    *seed = PyLong_AsUnsignedLongLongMask(arg);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *core_resolve_chance(CoreObject *self, PyObject *arg) {
    uint64_t rng;
    if (read_seed(arg, &rng) < 0) return NULL;
    if (self->s.chance == CHANCE_NONE) return PyErr_Format(PyExc_ValueError, "no chance event is due");
    resolve_chance_rng(self->tables, &self->s, &rng);
    Py_RETURN_NONE;
}

static PyObject *core_clone(CoreObject *self, PyObject *unused) {
    return (PyObject *)core_new(self->tables, &self->s);
}

/* finished_turn(chance): a copy after `end`, the reshuffle's outcome (if due) from `chance` */
static PyObject *core_finished_turn(CoreObject *self, PyObject *chance) {
    if (!m_has(legal_mask(self->tables, &self->s), END_ID))
        return PyErr_Format(PyExc_ValueError, "the turn cannot end here");
    GS s = self->s;
    if (finish_turn(self->tables, &s, chance) < 0) return NULL;
    return (PyObject *)core_new(self->tables, &s);
}

/* played(actions, chance): a copy after legal actions, the reshuffle's outcome (if due) from `chance` */
static PyObject *core_played(CoreObject *self, PyObject *args) {
    PyObject *actions, *chance;
    if (!PyArg_ParseTuple(args, "OO", &actions, &chance)) return NULL;
    int8_t ids[MAX_TURN_ACTIONS * 4];
    Py_ssize_t n;
    if (read_int_seq(actions, ids, MAX_TURN_ACTIONS * 4, &n, 0, NUM_ACTIONS - 1, "actions") < 0) return NULL;
    GS s = self->s;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!m_has(legal_mask(self->tables, &s), ids[i]))
            return PyErr_Format(PyExc_ValueError, "action %d is not legal here", ids[i]);
        apply_action(self->tables, &s, ids[i]);
    }
    if (s.chance != CHANCE_NONE && resolve_with(self->tables, &s, chance) < 0) return NULL;
    return (PyObject *)core_new(self->tables, &s);
}

static int read_seat(PyObject *arg, int *seat) {
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v != 0 && v != 1) {
        PyErr_SetString(PyExc_ValueError, "a seat is 0 or 1");
        return -1;
    }
    *seat = (int)v;
    return 0;
}

static PyObject *core_evaluate(CoreObject *self, PyObject *arg) {
    int seat;
    if (read_seat(arg, &seat) < 0) return NULL;
    return PyFloat_FromDouble(evaluate(&self->s, seat));
}

static PyObject *core_discard_order(CoreObject *self, PyObject *arg) {
    int seat, order[NUM_CARDS];
    if (read_seat(arg, &seat) < 0) return NULL;
    discard_order(&self->s, seat, order);
    PyObject *l = PyList_New(NUM_CARDS);
    if (!l) return NULL;
    for (int i = 0; i < NUM_CARDS; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(order[i]));
    return l;
}

static PyObject *turn_tuple(const TablesObject *t, Py_ssize_t i, int with_value) {
    PyObject *actions = int8_tuple(tbuf[i].actions, tbuf[i].n);
    PyObject *state = (PyObject *)core_new((TablesObject *)t, &tbuf[i].s);
    if (!actions || !state) {
        Py_XDECREF(actions);
        Py_XDECREF(state);
        return NULL;
    }
    if (with_value) return Py_BuildValue("(NdN)", actions, tvalues[i], state);
    return Py_BuildValue("(NN)", actions, state);
}

/* The turns `index[0..n)` of the buffer (the first n where index is NULL) as a list of turn_tuple's. */
static PyObject *turn_list(const TablesObject *t, const int *index, Py_ssize_t n, int with_value) {
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = turn_tuple(t, index ? index[i] : i, with_value);
        if (!item) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, i, item);
    }
    return l;
}

static int read_cap(PyObject *arg, int *cap) {
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 1 || v > 1000000) {
        PyErr_SetString(PyExc_ValueError, "cap must be between 1 and 1000000");
        return -1;
    }
    *cap = (int)v;
    return 0;
}

/* turns(cap, discard_order=None) -> [(actions, Core)] as turns.complete_turns */
static PyObject *core_turns(CoreObject *self, PyObject *args) {
    PyObject *cap_obj, *order_obj = Py_None;
    int cap, order[NUM_CARDS];
    if (!PyArg_ParseTuple(args, "O|O", &cap_obj, &order_obj)) return NULL;
    if (read_cap(cap_obj, &cap) < 0) return NULL;
    if (order_obj != Py_None) {
        int8_t o8[NUM_CARDS];
        Py_ssize_t n;
        if (read_int_seq(order_obj, o8, NUM_CARDS, &n, 0, NUM_CARDS - 1, "discard_order") < 0) return NULL;
        int used = 0;
        for (Py_ssize_t i = 0; i < n; i++) used |= 1 << o8[i];
        if (n != NUM_CARDS || used != (1 << NUM_CARDS) - 1)
            return PyErr_Format(PyExc_ValueError, "discard_order lists each of the 13 card types once");
        for (int i = 0; i < NUM_CARDS; i++) order[i] = o8[i];
    }
    Py_ssize_t n = enumerate_turns(self->tables, &self->s, cap, order_obj == Py_None ? NULL : order);
    if (n < 0) return PyErr_NoMemory();
    return turn_list(self->tables, NULL, n, 0);
}

/* Scores every turn for the seat `seat_obj` within `cap_obj` into the buffers: how many, or -1 with an
   exception set. */
static Py_ssize_t scored_turns_of(CoreObject *self, PyObject *seat_obj, PyObject *cap_obj) {
    int seat, cap;
    if (read_seat(seat_obj, &seat) < 0 || read_cap(cap_obj, &cap) < 0) return -1;
    Py_ssize_t n = scored_turns(self->tables, &self->s, seat, cap);
    if (n < 0) PyErr_NoMemory();
    return n;
}

/* scored_turns(seat, cap) -> [(actions, value, Core)]: every turn with `seat`'s discard order and values */
static PyObject *core_scored_turns(CoreObject *self, PyObject *args) {
    PyObject *seat_obj, *cap_obj;
    if (!PyArg_ParseTuple(args, "OO", &seat_obj, &cap_obj)) return NULL;
    Py_ssize_t n = scored_turns_of(self, seat_obj, cap_obj);
    if (n < 0) return NULL;
    return turn_list(self->tables, NULL, n, 1);
}

/* top_turns(mover, cap, top, ties_late_first) -> [(actions, value, Core)], the best first */
static PyObject *core_top_turns(CoreObject *self, PyObject *args) {
    PyObject *seat_obj, *cap_obj;
    int top, late_first;
    if (!PyArg_ParseTuple(args, "OOip", &seat_obj, &cap_obj, &top, &late_first)) return NULL;
    Py_ssize_t n;
    if (eval_mode == 1 || eval_mode == 3) { /* the learned evaluation: exact values only where they can count */
        int seat, cap, order[NUM_CARDS];
        if (read_seat(seat_obj, &seat) < 0 || read_cap(cap_obj, &cap) < 0) return NULL;
        discard_order(&self->s, seat, order);
        n = enumerate_turns(self->tables, &self->s, cap, order);
        if (n < 0 || net_top_values(n, seat, top < 0 ? 0 : top) < 0) return PyErr_NoMemory();
    } else {
        n = scored_turns_of(self, seat_obj, cap_obj);
        if (n < 0) return NULL;
    }
    Py_ssize_t k = top < 0 ? 0 : (top < n ? top : n);
    for (Py_ssize_t i = 0; i < n; i++) tindex[i] = (int)i;
    int (*cmp)(const void *, const void *) = late_first ? cmp_desc_value_desc_index : cmp_desc_value_asc_index;
    if (k <= 8) { /* a few passes of selection beat sorting every turn */
        for (Py_ssize_t i = 0; i < k; i++) {
            Py_ssize_t best = i;
            for (Py_ssize_t j = i + 1; j < n; j++)
                if (cmp(&tindex[j], &tindex[best]) < 0) best = j;
            int x = tindex[i];
            tindex[i] = tindex[best];
            tindex[best] = x;
        }
    } else {
        qsort(tindex, (size_t)n, sizeof(int), cmp);
    }
    return turn_list(self->tables, tindex, k, 1);
}

/* best_turn(seat, cap) -> (actions, value, Core): heuristic.best_turn's choice */
static PyObject *core_best_turn(CoreObject *self, PyObject *args) {
    PyObject *seat_obj, *cap_obj;
    if (!PyArg_ParseTuple(args, "OO", &seat_obj, &cap_obj)) return NULL;
    Py_ssize_t n = scored_turns_of(self, seat_obj, cap_obj);
    if (n < 0) return NULL;
    Py_ssize_t b = best_of(n);
    if (b < 0) return PyErr_Format(PyExc_ValueError, "no turn to play here");
    return turn_tuple(self->tables, b, 1);
}

/* playout(seat, turns, cap, chance, symmetric=False) -> float: TurnSearch._leaf from this turn's start */
static PyObject *core_playout(CoreObject *self, PyObject *args) {
    PyObject *seat_obj, *cap_obj, *chance;
    int seat, cap, turns, symmetric = 0, error = 0;
    if (!PyArg_ParseTuple(args, "OiOO|p", &seat_obj, &turns, &cap_obj, &chance, &symmetric)) return NULL;
    if (read_seat(seat_obj, &seat) < 0 || read_cap(cap_obj, &cap) < 0) return NULL;
    double v = playout(self->tables, self->s, seat, turns, cap, chance, symmetric, &error);
    if (error == 1) return PyErr_NoMemory();
    if (error) return NULL;
    return PyFloat_FromDouble(v);
}

/* turn_likelihood(actions, beta, epsilon, cap) -> float: the log-probability of the mover's complete turn
   `actions` from this turn's start under the softened one-ply player (players/opponent_model.py, whose
   `turn_log_likelihood` is the reference): a softmax of `beta` times the values of every complete turn
   (all trades), mixed with the uniform choice at `epsilon`. */
static PyObject *core_turn_likelihood(CoreObject *self, PyObject *args) {
    PyObject *actions, *cap_obj;
    double beta, epsilon;
    int cap;
    if (!PyArg_ParseTuple(args, "OddO", &actions, &beta, &epsilon, &cap_obj)) return NULL;
    if (read_cap(cap_obj, &cap) < 0) return NULL;
    int8_t ids[MAX_TURN_ACTIONS * 4];
    Py_ssize_t na;
    if (read_int_seq(actions, ids, MAX_TURN_ACTIONS * 4, &na, 0, NUM_ACTIONS - 1, "actions") < 0) return NULL;
    const TablesObject *t = self->tables;
    const GS *root = &self->s;
    if (root->result != NO_RESULT || root->chance != CHANCE_NONE || root->turn_key != TK_START || na == 0)
        return PyErr_Format(PyExc_ValueError, "a turn's start and a turn are needed");
    int mover = root->to_move;
    /* the observed turn's position before its draw */
    GS observed = *root;
    for (Py_ssize_t i = 0; i < na; i++) {
        if (ids[i] == END_ID && i == na - 1) break;
        if (!m_has(legal_mask(t, &observed), ids[i]))
            return PyErr_Format(PyExc_ValueError, "action %d of the turn is not legal", ids[i]);
        apply_action(t, &observed, ids[i]);
    }
    int is_lure = ACT[(int)ids[0]].kind == LURE;
    uint64_t radix[NUM_CARDS];
    for (int c = 0; c < NUM_CARDS; c++) radix[c] = (uint64_t)root->hands[mover][c] + 1;
    uint64_t observed_key = state_key(&observed, mover, radix);
    double v_obs = evaluate(&observed, mover);
    Py_ssize_t n = enumerate_turns(t, root, cap, NULL);
    if (n < 0 || ensure_values((size_t)n + 2) < 0) return PyErr_NoMemory();
    int found = 0;
    double vmax = v_obs;
    for (Py_ssize_t i = 0; i < n; i++) {
        tvalues[i] = evaluate(&tbuf[i].s, mover);
        if (tvalues[i] > vmax) vmax = tvalues[i];
        if (found) continue;
        if (is_lure)
            found = tbuf[i].n == 1 && tbuf[i].actions[0] == ids[0];
        else
            found = ACT[(int)tbuf[i].actions[0]].kind != LURE && state_key(&tbuf[i].s, mover, radix) == observed_key;
    }
    Py_ssize_t count = n;
    if (!found) tvalues[count++] = v_obs;
    for (Py_ssize_t i = 0; i < count; i++) tvalues[i] = exp(beta * (tvalues[i] - vmax));
    double total = py_sum(tvalues, (int)count);
    double p = exp(beta * (v_obs - vmax)) / total;
    return PyFloat_FromDouble(log((1.0 - epsilon) * p + epsilon / (double)count));
}

/* Plays `s` to the end with uniformly random actions and chance events from `rng`: how many actions. */
static long long random_playout(const TablesObject *t, GS *s, uint64_t *rng) {
    long long actions = 0;
    while (s->result == NO_RESULT) {
        if (s->chance != CHANCE_NONE) {
            resolve_chance_rng(t, s, rng);
            continue;
        }
        Mask m = legal_mask(t, s);
        int ids[NUM_ACTIONS], n = 0;
        FOR_EACH_ID(m, id, { ids[n++] = id; });
        apply_action(t, s, ids[below(rng, n)]);
        actions++;
    }
    return actions;
}

/* rollout(seed) -> result: uniformly random actions (and chance events) to the end of the game */
static PyObject *core_rollout(CoreObject *self, PyObject *arg) {
    uint64_t rng;
    if (read_seed(arg, &rng) < 0) return NULL;
    GS s = self->s;
    random_playout(self->tables, &s, &rng);
    return PyLong_FromLong(s.result);
}

static PyObject *core_get_result(CoreObject *self, void *closure) {
    if (self->s.result == NO_RESULT) Py_RETURN_NONE;
    return PyLong_FromLong(self->s.result);
}
static PyObject *core_get_to_move(CoreObject *self, void *closure) { return PyLong_FromLong(self->s.to_move); }
static PyObject *core_get_turn_key(CoreObject *self, void *closure) { return PyLong_FromLong(self->s.turn_key); }
static PyObject *core_get_chance(CoreObject *self, void *closure) { return PyLong_FromLong(self->s.chance); }
static PyObject *core_get_pos(CoreObject *self, void *closure) { return int8_tuple(self->s.pos, 6); }

static PyGetSetDef core_getset[] = {
    {"result", (getter)core_get_result, NULL, "None while running, else 0 (A), 1 (B) or 2 (draw)", NULL},
    {"to_move", (getter)core_get_to_move, NULL, "the seat to move", NULL},
    {"turn_key", (getter)core_get_turn_key, NULL, "the point the turn has reached (tables.py)", NULL},
    {"chance", (getter)core_get_chance, NULL, "0, or 1 while the reshuffle is due", NULL},
    {"pos", (getter)core_get_pos, NULL, "the six figures' spaces", NULL},
    {NULL},
};

static PyMethodDef core_methods[] = {
    {"snapshot", (PyCFunction)core_snapshot, METH_NOARGS, "every field as plain values"},
    {"legal_ids", (PyCFunction)core_legal_ids, METH_NOARGS, "the legal action ids, ascending"},
    {"apply", (PyCFunction)core_apply, METH_O, "apply a legal action id"},
    {"apply_chance", (PyCFunction)core_apply_chance, METH_O, "the reshuffle's outcome: card types in draw order"},
    {"resolve_chance", (PyCFunction)core_resolve_chance, METH_O, "draw the due chance event from a seed"},
    {"clone", (PyCFunction)core_clone, METH_NOARGS, "an independent copy"},
    {"finished_turn", (PyCFunction)core_finished_turn, METH_O, "a copy after `end` (a reshuffle from `chance`)"},
    {"played", (PyCFunction)core_played, METH_VARARGS, "a copy after actions (a reshuffle from `chance`)"},
    {"evaluate", (PyCFunction)core_evaluate, METH_O, "evaluation.evaluate for a seat"},
    {"discard_order", (PyCFunction)core_discard_order, METH_O, "evaluation.discard_order for a seat"},
    {"turns", (PyCFunction)core_turns, METH_VARARGS, "turns.complete_turns"},
    {"scored_turns", (PyCFunction)core_scored_turns, METH_VARARGS, "every turn with its value for a seat"},
    {"top_turns", (PyCFunction)core_top_turns, METH_VARARGS, "the best turns by the mover's evaluation"},
    {"best_turn", (PyCFunction)core_best_turn, METH_VARARGS, "heuristic.best_turn's turn and value"},
    {"playout", (PyCFunction)core_playout, METH_VARARGS, "heuristic turns, then the evaluation"},
    {"rollout", (PyCFunction)core_rollout, METH_O, "random actions to the end of the game: the result"},
    {"turn_likelihood", (PyCFunction)core_turn_likelihood, METH_VARARGS, "log-probability of a turn (opponent model)"},
    {NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "timessquare._fastcore._core.Core",
    .tp_basicsize = sizeof(CoreObject),
    .tp_dealloc = (destructor)core_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game state in C: the compiled mirror of timessquare.state.State.",
    .tp_methods = core_methods,
    .tp_getset = core_getset,
    .tp_new = core_tp_new,
};

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "timessquare._fastcore._core.Tables",
    .tp_basicsize = sizeof(TablesObject),
    .tp_dealloc = (destructor)tables_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One rule set's legality tables (from tables.RuleTables) and the board parts built from them.",
    .tp_new = tables_tp_new,
};

/* ------------------------------------------------------------------ module functions */

/* set_actions([(kind, card, used, to_middle, lure_fig, joker, ((fig, step), ...)), ...]) */
static PyObject *mod_set_actions(PyObject *mod, PyObject *arg) {
    PyObject *seq = PySequence_Fast(arg, "actions");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != NUM_ACTIONS) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "95 actions expected");
    }
    ActionInfo act[NUM_ACTIONS];
    for (Py_ssize_t i = 0; i < NUM_ACTIONS; i++) {
        int kind, card, used, to_middle, lure_fig, joker;
        PyObject *steps;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "iiiiipO", &kind, &card, &used, &to_middle, &lure_fig,
                              &joker, &steps)) {
            Py_DECREF(seq);
            return NULL;
        }
        ActionInfo *a = &act[i];
        memset(a, 0, sizeof *a);
        a->kind = (int8_t)kind;
        a->card = (int8_t)card;
        a->used = (int8_t)used;
        a->to_middle = (int8_t)to_middle;
        a->lure_fig = (int8_t)lure_fig;
        a->joker = (int8_t)joker;
        PyObject *sseq = PySequence_Fast(steps, "steps");
        if (!sseq) {
            Py_DECREF(seq);
            return NULL;
        }
        Py_ssize_t ns = PySequence_Fast_GET_SIZE(sseq);
        if (ns > 3) {
            Py_DECREF(sseq);
            Py_DECREF(seq);
            return PyErr_Format(PyExc_ValueError, "at most three steps per action");
        }
        for (Py_ssize_t k = 0; k < ns; k++) {
            int fig, step;
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(sseq, k), "ii", &fig, &step)) {
                Py_DECREF(sseq);
                Py_DECREF(seq);
                return NULL;
            }
            a->fig[k] = (int8_t)fig;
            a->step[k] = (int8_t)step;
        }
        a->nsteps = (int8_t)ns;
        Py_DECREF(sseq);
    }
    Py_DECREF(seq);
    memcpy(ACT, act, sizeof ACT);
    actions_ready = 1;
    Py_RETURN_NONE;
}

static PyObject *mod_set_weights(PyObject *mod, PyObject *arg) {
    PyObject *seq = PySequence_Fast(arg, "weights");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != NUM_FEATURES) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "%d weights expected", NUM_FEATURES);
    }
    double w[NUM_FEATURES];
    for (Py_ssize_t i = 0; i < NUM_FEATURES; i++) {
        w[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (w[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    memcpy(WEIGHTS, w, sizeof w);
    memset(board_cache, 0, sizeof board_cache);
    weights_ready = 1;
    Py_RETURN_NONE;
}

static int read_doubles(PyObject *obj, double *out, Py_ssize_t n, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %zd numbers expected", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

/* set_net(linear, bias, w1 (inputs x hidden, row by row), b1, w2, b2): the learned evaluation. */
static PyObject *mod_set_net(PyObject *mod, PyObject *args) {
    PyObject *lin, *w1, *b1, *w2;
    double bias, b2;
    if (!PyArg_ParseTuple(args, "OdOOOd", &lin, &bias, &w1, &b1, &w2, &b2)) return NULL;
    Py_ssize_t hidden = PySequence_Size(b1);
    if (hidden < 0) return NULL;
    if (hidden < 1 || hidden > NET_MAX_HIDDEN) return PyErr_Format(PyExc_ValueError, "1 to %d hidden units", NET_MAX_HIDDEN);
    static double flat[NET_INPUTS * NET_MAX_HIDDEN];
    double l[NUM_FEATURES], c1[NET_MAX_HIDDEN], c2[NET_MAX_HIDDEN];
    if (read_doubles(lin, l, NUM_FEATURES, "linear") < 0 || read_doubles(w1, flat, NET_INPUTS * hidden, "w1") < 0 ||
        read_doubles(b1, c1, hidden, "b1") < 0 || read_doubles(w2, c2, hidden, "w2") < 0)
        return NULL;
    memcpy(NET_LIN, l, sizeof l);
    memset(NET_W1, 0, sizeof NET_W1); /* zero past `hidden` (net_add_row runs over all NET_MAX_HIDDEN) */
    memset(NET_B1, 0, sizeof NET_B1);
    for (int i = 0; i < NET_INPUTS; i++)
        for (int j = 0; j < hidden; j++) NET_W1[i][j] = flat[i * hidden + j];
    memcpy(NET_B1, c1, (size_t)hidden * sizeof(double));
    memcpy(NET_W2, c2, (size_t)hidden * sizeof(double));
    NET_BIAS = bias;
    NET_B2 = b2;
    net_hidden = (int)hidden;
    memset(net_cache, 0, sizeof net_cache);
    build_tanh_bounds();
    Py_RETURN_NONE;
}

/* set_eval_mode(mode) -> the mode before: 0 the linear evaluation, 1 the net everywhere, 2 the net for the
   values at the search's leaves only, 3 the net for the candidate turns in the tree (top_turns) and the
   leaves, the playouts' turns linear. */
static PyObject *mod_set_eval_mode(PyObject *mod, PyObject *arg) {
    long mode = PyLong_AsLong(arg);
    if (mode == -1 && PyErr_Occurred()) return NULL;
    if (mode < 0 || mode > 3) return PyErr_Format(PyExc_ValueError, "eval mode 0, 1, 2 or 3");
    if (mode != 0 && net_hidden == 0) return PyErr_Format(PyExc_RuntimeError, "set_net() must be called first");
    int before = eval_mode;
    eval_mode = (int)mode;
    return PyLong_FromLong(before);
}

/* random_play(tables, deals, seed) -> (games, actions): complete games of uniformly random actions from
   the given dealt states (as Core objects, used in turn), chance events drawn uniformly */
static PyObject *mod_random_play(PyObject *mod, PyObject *args) {
    PyObject *deals, *seed_obj;
    double seconds;
    if (!PyArg_ParseTuple(args, "OdO", &deals, &seconds, &seed_obj)) return NULL;
    uint64_t rng;
    if (read_seed(seed_obj, &rng) < 0) return NULL;
    PyObject *seq = PySequence_Fast(deals, "deals");
    if (!seq) return NULL;
    Py_ssize_t nd = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < nd; i++)
        if (!PyObject_TypeCheck(PySequence_Fast_GET_ITEM(seq, i), &CoreType)) {
            Py_DECREF(seq);
            return PyErr_Format(PyExc_TypeError, "deals are Core states");
        }
    if (nd == 0) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "no deals");
    }
    PyObject *time_mod = PyImport_ImportModule("time");
    if (!time_mod) {
        Py_DECREF(seq);
        return NULL;
    }
    PyObject *clock = PyObject_GetAttrString(time_mod, "perf_counter");
    Py_DECREF(time_mod);
    if (!clock) {
        Py_DECREF(seq);
        return NULL;
    }
    long long games = 0, actions = 0;
    double start = -1, now = 0;
    for (;;) {
        PyObject *t = PyObject_CallNoArgs(clock);
        if (!t) break;
        now = PyFloat_AsDouble(t);
        Py_DECREF(t);
        if (start < 0) start = now;
        if (now - start >= seconds) break;
        for (int g = 0; g < 64; g++) { /* check the clock every 64 games */
            CoreObject *deal = (CoreObject *)PySequence_Fast_GET_ITEM(seq, games % nd);
            GS s = deal->s;
            actions += random_playout(deal->tables, &s, &rng);
            games++;
        }
    }
    Py_DECREF(clock);
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    return Py_BuildValue("(dLL)", now - start, games, actions);
}

static PyObject *mod_constants(PyObject *mod, PyObject *unused) {
    static const struct {
        const char *name;
        int value;
    } table[] = {
        {"NUM_ACTIONS", NUM_ACTIONS},
        {"NUM_CARDS", NUM_CARDS},
        {"HAND_SIZE", HAND_SIZE},
        {"DECK_SIZE", DECK_SIZE},
        {"MAX_TURN_KEYS", MAX_TURN_KEYS},
        {"TK_START", TK_START},
        {"TK_TRADE", TK_TRADE},
        {"END_ID", END_ID},
        {"DISCARD_ID0", 81},
        {"PLAY", PLAY},
        {"LURE", LURE},
        {"DISCARD", DISCARD},
        {"END", END},
        {"GA", C_GA},
        {"D1", C_D1},
        {"DM", C_DM},
        {"MIDDLE", MIDDLE},
        {"NUM_FEATURES", NUM_FEATURES},
        {"NUM_BOARD_FEATURES", NUM_BOARD_FEATURES},
        {"F_HAND_SUE_CARDS", F_HAND_SUE_CARDS},
        {"F_HAND_SUE_WIN_NEXT", F_HAND_SUE_WIN_NEXT},
        {"F_HAND_RED_JOKER", F_HAND_RED_JOKER},
        {"F_HAND_GREY", F_HAND_GREY},
        {"F_HAND_YELLOW", F_HAND_YELLOW},
    };
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        PyObject *v = PyLong_FromLong(table[i].value);
        if (!v || PyDict_SetItemString(d, table[i].name, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(v);
    }
    return d;
}

/* ------------------------------------------------------------------ the vectorized environment */

#include "_vector.c"

static PyMethodDef module_methods[] = {
    {"set_actions", (PyCFunction)mod_set_actions, METH_O, "the 95 action descriptors of actions.py"},
    {"set_weights", (PyCFunction)mod_set_weights, METH_O, "the evaluation's weights"},
    {"set_net", (PyCFunction)mod_set_net, METH_VARARGS, "the learned evaluation's weights"},
    {"set_eval_mode", (PyCFunction)mod_set_eval_mode, METH_O, "where the learned evaluation is used"},
    {"random_play", (PyCFunction)mod_random_play, METH_VARARGS, "random games for a number of seconds"},
    {"constants", (PyCFunction)mod_constants, METH_NOARGS, "the constants compiled in, for the glue to check"},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_core", "The compiled mirror of the rules core and the players' hot path.", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&CoreType) < 0 || PyType_Ready(&TablesType) < 0 || PyType_Ready(&VectorType) < 0) return NULL;
    build_deck_exp();
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&TablesType);
    if (PyModule_AddObject(m, "Tables", (PyObject *)&TablesType) < 0) {
        Py_DECREF(&TablesType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&VectorType);
    if (PyModule_AddObject(m, "Vector", (PyObject *)&VectorType) < 0) {
        Py_DECREF(&VectorType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
