/* The vectorized environment's engine (timessquare.envs.vector): N games stepped in C.
 *
 * Part of the _core extension: _core.c includes this file after its game state and turn search, whose
 * rules it uses as they are (apply_action, legal_mask, the reshuffle, scored_turns for the heuristic). It
 * adds only what an environment needs around them: dealing (R2) from a seeded generator, the opponent's
 * moves (uniformly random, the one-ply `heuristic` player's best complete turn, or the `learned` player's:
 * the same search of turns valued by the learned evaluation, net_logit), and writing each learner's
 * observation (envs/encoding.py's layout, given by the glue) and action mask into the caller's arrays. In
 * self-play (OPP_SELF) there is no opponent: the caller plays both seats, and each row's observation and
 * mask are those of the seat to move (seat[i] follows the turn), never the other seat's hand. The Python environment (envs/gym_env.py) is the reference: tests/envs/test_envs_vector.py replays
 * the games recorded here through it and compares every step.
 */

#define VEC_SLICES 13 /* the layout's starts: figures, seat, to_move, hand, opponent hand, supply, second
                         supply, discard, second supply made of, turn mode, turn cards, joker, the size */
#define LOG_CAP 1400  /* a game's recorded events: <= 1,046 actions and one reshuffle of <= 47 cards */
#define LOG_SHUFFLE 100 /* a log entry LOG_SHUFFLE + n: a reshuffle whose n cards follow, in draw order */

enum { OPP_RANDOM = 0, OPP_HEURISTIC = 1, OPP_LEARNED = 2, OPP_SELF = 3 };

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    int n, opponent, seat_mode, max_steps, cap, record;
    int layout[VEC_SLICES];
    int8_t turn_mode[MAX_TURN_KEYS], joker[MAX_TURN_KEYS];
    int8_t deck[DECK_SIZE];
    GS *games;
    uint64_t *rng;
    int8_t *seat, *needs_reset;
    int8_t (*made_of)[NUM_CARDS]; /* the second supply as it was made (public: every card was seen) */
    int32_t *steps;
    Mask *legal; /* the learner's legal actions as last written to its mask */
    int8_t (*plan)[MAX_TURN_ACTIONS]; /* the heuristic opponent's rest of its turn */
    int8_t *plan_len, *plan_pos;
    int8_t (*deal)[DECK_SIZE + 1];
    int16_t *log;
    int32_t *log_len;
} VectorObject;

static PyTypeObject VectorType;

static void vec_log(VectorObject *v, int i, int value) {
    if (v->record && v->log_len[i] < LOG_CAP) v->log[(size_t)i * LOG_CAP + v->log_len[i]++] = (int16_t)value;
}

/* The reshuffle (R6.2) from env i's generator, its composition kept for the observation. */
static void vec_chance(VectorObject *v, int i) {
    GS *s = &v->games[i];
    int n = s->discard_len;
    memset(v->made_of[i], 0, NUM_CARDS);
    for (int k = 0; k < n; k++) v->made_of[i][(int)s->discard[k]]++;
    int8_t order[DECK_SIZE];
    memcpy(order, s->discard, (size_t)n);
    for (int k = n - 1; k > 0; k--) {
        int j = below(&v->rng[i], k + 1);
        int8_t x = order[k];
        order[k] = order[j];
        order[j] = x;
    }
    if (v->record) {
        vec_log(v, i, LOG_SHUFFLE + n);
        for (int k = 0; k < n; k++) vec_log(v, i, order[k]);
    }
    apply_reshuffle(v->tables, s, order, n);
}

static void vec_apply(VectorObject *v, int i, int aid) {
    vec_log(v, i, aid);
    apply_action(v->tables, &v->games[i], aid);
    if (v->games[i].chance != CHANCE_NONE) vec_chance(v, i);
}

/* The best complete turn for the mover by the linear evaluation (net 0: players/heuristic.py, whatever mode
   a search left the process in) or the learned one (net 1: players/learned.py's choice, found by
   net_best_of without valuing every turn): the first of equals; -1 when there is none. */
static Py_ssize_t vec_best_turn(VectorObject *v, const GS *s, int net) {
    if (net) {
        int order[NUM_CARDS];
        discard_order(s, s->to_move, order);
        return net_best_of(enumerate_turns(v->tables, s, v->cap, order), s->to_move);
    }
    int before = eval_mode;
    eval_mode = 0;
    Py_ssize_t nt = scored_turns(v->tables, s, s->to_move, v->cap);
    eval_mode = before;
    return nt > 0 ? best_of(nt) : -1;
}

/* The opponent's next action: uniformly random, or the heuristic's or the learned player's plan (a new best
   turn at its start; both evaluations read only the board, the deck timer and the own hand, R10). */
static int vec_opponent_action(VectorObject *v, int i) {
    GS *s = &v->games[i];
    Mask m = legal_mask(v->tables, s);
    if (v->opponent == OPP_HEURISTIC || v->opponent == OPP_LEARNED) {
        if (v->plan_pos[i] < v->plan_len[i]) {
            int aid = v->plan[i][(int)v->plan_pos[i]++];
            if (m_has(m, aid)) return aid;
        }
        int ids[NUM_ACTIONS], count = 0;
        FOR_EACH_ID(m, id, { ids[count++] = id; });
        if (count == 1) return ids[0];
        Py_ssize_t b = vec_best_turn(v, s, v->opponent == OPP_LEARNED);
        if (b >= 0) {
            memcpy(v->plan[i], tbuf[b].actions, (size_t)tbuf[b].n);
            v->plan_len[i] = tbuf[b].n;
            v->plan_pos[i] = 1;
            return tbuf[b].actions[0];
        }
        return ids[0]; /* out of memory for the turns: any legal action keeps the game going */
    }
    int ids[NUM_ACTIONS], count = 0;
    FOR_EACH_ID(m, id, { ids[count++] = id; });
    return ids[below(&v->rng[i], count)];
}

static void vec_opponent_moves(VectorObject *v, int i) {
    GS *s = &v->games[i];
    if (v->opponent == OPP_SELF) { /* the caller moves next, as whichever seat is to move; at the end the row
                                      stays with the seat that made the last move */
        if (s->result == NO_RESULT) v->seat[i] = s->to_move;
        return;
    }
    while (s->result == NO_RESULT && s->to_move != v->seat[i]) vec_apply(v, i, vec_opponent_action(v, i));
    v->plan_len[i] = v->plan_pos[i] = 0;
}

/* A new deal (state.dealt_state of chance.sample_deal's kind of outcome), then the opponent's first turn. */
static void vec_reset_one(VectorObject *v, int i) {
    uint64_t *rng = &v->rng[i];
    GS *s = &v->games[i];
    do {
        int8_t deck[DECK_SIZE];
        memcpy(deck, v->deck, DECK_SIZE);
        for (int k = DECK_SIZE - 1; k > 0; k--) {
            int j = below(rng, k + 1);
            int8_t x = deck[k];
            deck[k] = deck[j];
            deck[j] = x;
        }
        int hal = below(rng, 2);
        v->seat[i] = (int8_t)(v->seat_mode == 2 ? below(rng, 2) : v->seat_mode);
        memset(s, 0, sizeof *s);
        int8_t pos[6] = {MIDDLE, 6, 10, (int8_t)(hal == SEAT_A ? 7 : 9), (int8_t)(hal == SEAT_A ? 9 : 7), MIDDLE};
        memcpy(s->pos, pos, 6);
        for (int k = 0; k < HAND_SIZE; k++) {
            s->hands[0][(int)deck[k]]++;
            s->hands[1][(int)deck[HAND_SIZE + k]]++;
        }
        s->hand_sizes[0] = s->hand_sizes[1] = HAND_SIZE;
        int rest = DECK_SIZE - 2 * HAND_SIZE;
        for (int k = 0; k < rest; k++) s->supply[k] = deck[DECK_SIZE - 1 - k]; /* the next card drawn is last */
        s->supply_len = (int8_t)rest;
        s->supply_number = 1;
        s->to_move = (int8_t)hal;
        s->turn_key = TK_START;
        s->result = NO_RESULT;
        s->chance = CHANCE_NONE;
        memset(v->made_of[i], 0, NUM_CARDS);
        v->steps[i] = 0;
        v->needs_reset[i] = 0;
        v->plan_len[i] = v->plan_pos[i] = 0;
        if (v->record) {
            v->deal[i][0] = (int8_t)hal;
            memcpy(&v->deal[i][1], deck, DECK_SIZE);
            v->log_len[i] = 0;
        }
        vec_opponent_moves(v, i);
    } while (s->result != NO_RESULT); /* the opponent won before the learner's first move: deal again */
}

/* encoding.encode_view of the learner's view, and its mask. Once the game is over no action is legal, but
   the next step (the autoreset's) still takes one and ignores it: the mask then marks `end` alone, so that a
   row is never all zero (a policy masked with -inf would give NaN). */
static void vec_write(VectorObject *v, int i, float *obs, int8_t *mask) {
    const GS *s = &v->games[i];
    const int *L = v->layout;
    int seat = v->seat[i];
    memset(obs, 0, (size_t)L[12] * sizeof(float));
    for (int f = 0; f < 6; f++) obs[L[0] + f * (LAST_SPACE + 1) + s->pos[f]] = 1.0f;
    obs[L[1] + seat] = 1.0f;
    obs[L[2] + s->to_move] = 1.0f;
    for (int c = 0; c < NUM_CARDS; c++) obs[L[3] + c] = s->hands[seat][c];
    obs[L[4]] = s->hand_sizes[1 - seat];
    obs[L[5]] = s->supply_len;
    if (s->supply_number == 2) {
        obs[L[6]] = 1.0f;
        for (int c = 0; c < NUM_CARDS; c++) obs[L[8] + c] = v->made_of[i][c];
    }
    for (int k = 0; k < s->discard_len; k++) obs[L[7] + s->discard[k]] += 1.0f;
    obs[L[9] + v->turn_mode[(int)s->turn_key]] = 1.0f;
    for (int k = 0; k < s->turn_cards_len; k++) obs[L[10] + s->turn_cards[k]] += 1.0f;
    obs[L[11] + v->joker[(int)s->turn_key]] = 1.0f;
    memset(mask, 0, NUM_ACTIONS);
    Mask m = {0, 0};
    if (s->result == NO_RESULT) {
        m = legal_mask(v->tables, s);
        FOR_EACH_ID(m, id, { mask[id] = 1; });
    } else {
        mask[END_ID] = 1;
    }
    v->legal[i] = m;
}

/* ------------------------------------------------------------------ the Python type */

/* The learned opponent needs the learned evaluation in C (set_net; the glue gives it before each call). */
static int vec_check_ready(const VectorObject *v) {
    if (v->opponent == OPP_LEARNED && net_hidden == 0) {
        PyErr_SetString(PyExc_RuntimeError, "the learned opponent needs set_net() first");
        return -1;
    }
    return 0;
}

typedef struct {
    Py_buffer view;
    int held;
} Buf;

static int get_buf(PyObject *obj, Buf *b, Py_ssize_t count, Py_ssize_t itemsize, const char *what) {
    if (PyObject_GetBuffer(obj, &b->view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return -1;
    b->held = 1;
    if (b->view.itemsize != itemsize || b->view.len != count * itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: a C-contiguous array of %zd items of %zd bytes is needed", what, count,
                     itemsize);
        return -1;
    }
    return 0;
}

static void release(Buf *bufs, int n) {
    for (int k = 0; k < n; k++)
        if (bufs[k].held) PyBuffer_Release(&bufs[k].view);
}

static int read_ints(PyObject *obj, int *out, int n, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %d numbers are needed", what, n);
        return -1;
    }
    for (int k = 0; k < n; k++) {
        out[k] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (out[k] == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

static void vector_dealloc(VectorObject *self) {
    Py_XDECREF(self->tables);
    PyMem_Free(self->games);
    PyMem_Free(self->rng);
    PyMem_Free(self->seat);
    PyMem_Free(self->needs_reset);
    PyMem_Free(self->made_of);
    PyMem_Free(self->steps);
    PyMem_Free(self->legal);
    PyMem_Free(self->plan);
    PyMem_Free(self->plan_len);
    PyMem_Free(self->plan_pos);
    PyMem_Free(self->deal);
    PyMem_Free(self->log);
    PyMem_Free(self->log_len);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Vector(tables, num_envs, opponent, seat, max_steps, cap, layout, turn_modes, jokers, deck, record) */
static PyObject *vector_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *tables, *layout, *modes, *jokers, *deck;
    int n, opponent, seat_mode, max_steps, cap, record;
    if (kwds && PyDict_Size(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Vector takes positional arguments only");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O!iiiiiOOOOp", &TablesType, &tables, &n, &opponent, &seat_mode, &max_steps, &cap, &layout, &modes, &jokers, &deck, &record))
        return NULL;
    if (!actions_ready || !weights_ready) return PyErr_Format(PyExc_RuntimeError, "set_actions/set_weights first");
    if (n < 1 || opponent < OPP_RANDOM || opponent > OPP_SELF || seat_mode < 0 || seat_mode > 2 || max_steps < 1 || cap < 1)
        return PyErr_Format(PyExc_ValueError, "a field is out of range");
    int nk = ((TablesObject *)tables)->num_turn_keys, tmp[MAX_TURN_KEYS], d[DECK_SIZE];
    VectorObject *v = (VectorObject *)type->tp_alloc(type, 0);
    if (!v) return NULL;
    Py_INCREF(tables);
    v->tables = (TablesObject *)tables;
    v->n = n;
    v->opponent = opponent;
    v->seat_mode = seat_mode;
    v->max_steps = max_steps;
    v->cap = cap;
    v->record = record;
    if (read_ints(layout, v->layout, VEC_SLICES, "layout") < 0) goto fail;
    if (read_ints(modes, tmp, nk, "turn_modes") < 0) goto fail;
    for (int k = 0; k < nk; k++) v->turn_mode[k] = (int8_t)tmp[k];
    if (read_ints(jokers, tmp, nk, "jokers") < 0) goto fail;
    for (int k = 0; k < nk; k++) v->joker[k] = (int8_t)tmp[k];
    if (read_ints(deck, d, DECK_SIZE, "deck") < 0) goto fail;
    for (int k = 0; k < DECK_SIZE; k++) v->deck[k] = (int8_t)d[k];
    size_t N = (size_t)n;
    v->games = PyMem_Calloc(N, sizeof(GS));
    v->rng = PyMem_Calloc(N, sizeof(uint64_t));
    v->seat = PyMem_Calloc(N, 1);
    v->needs_reset = PyMem_Calloc(N, 1);
    v->made_of = PyMem_Calloc(N, NUM_CARDS);
    v->steps = PyMem_Calloc(N, sizeof(int32_t));
    v->legal = PyMem_Calloc(N, sizeof(Mask));
    v->plan = PyMem_Calloc(N, MAX_TURN_ACTIONS);
    v->plan_len = PyMem_Calloc(N, 1);
    v->plan_pos = PyMem_Calloc(N, 1);
    v->deal = PyMem_Calloc(N, DECK_SIZE + 1);
    v->log = record ? PyMem_Calloc(N * LOG_CAP, sizeof(int16_t)) : PyMem_Calloc(1, sizeof(int16_t));
    v->log_len = PyMem_Calloc(N, sizeof(int32_t));
    if (!v->games || !v->rng || !v->seat || !v->needs_reset || !v->made_of || !v->steps || !v->legal || !v->plan ||
        !v->plan_len || !v->plan_pos || !v->deal || !v->log || !v->log_len) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)v;
fail:
    Py_DECREF(v);
    return NULL;
}

/* reset(seed, obs, mask, seats): every env dealt anew from the seed; each learner's observation and mask */
static PyObject *vector_reset(VectorObject *v, PyObject *args) {
    PyObject *seed_obj, *o_obj, *m_obj, *s_obj;
    if (!PyArg_ParseTuple(args, "OOOO", &seed_obj, &o_obj, &m_obj, &s_obj)) return NULL;
    if (vec_check_ready(v) < 0) return NULL;
    uint64_t seed = 0, *seeds = NULL;
    if (PyLong_Check(seed_obj)) {
        if (read_seed(seed_obj, &seed) < 0) return NULL;
    } else {
        PyObject *seq = PySequence_Fast(seed_obj, "seed: an integer or one integer an environment");
        if (!seq) return NULL;
        if (PySequence_Fast_GET_SIZE(seq) != v->n) {
            Py_DECREF(seq);
            return PyErr_Format(PyExc_ValueError, "seed: %d seeds are needed, one an environment", v->n);
        }
        seeds = PyMem_Calloc((size_t)v->n, sizeof(uint64_t));
        if (!seeds) {
            Py_DECREF(seq);
            return PyErr_NoMemory();
        }
        for (int i = 0; i < v->n; i++)
            if (read_seed(PySequence_Fast_GET_ITEM(seq, i), &seeds[i]) < 0) {
                Py_DECREF(seq);
                PyMem_Free(seeds);
                return NULL;
            }
        Py_DECREF(seq);
    }
    Buf b[3] = {{.held = 0}, {.held = 0}, {.held = 0}};
    size_t size = (size_t)v->layout[12];
    if (get_buf(o_obj, &b[0], (Py_ssize_t)(v->n * size), 4, "obs") < 0 ||
        get_buf(m_obj, &b[1], (Py_ssize_t)v->n * NUM_ACTIONS, 1, "mask") < 0 ||
        get_buf(s_obj, &b[2], v->n, 1, "seats") < 0) {
        release(b, 3);
        PyMem_Free(seeds);
        return NULL;
    }
    float *obs = b[0].view.buf;
    int8_t *mask = b[1].view.buf, *seats = b[2].view.buf;
    for (int i = 0; i < v->n; i++) {
        uint64_t x = (seeds ? seeds[i] : seed) ^ (0x5851f42d4c957f2dULL * (uint64_t)(i + 1));
        v->rng[i] = splitmix64(&x);
        vec_reset_one(v, i);
        vec_write(v, i, obs + (size_t)i * size, mask + (size_t)i * NUM_ACTIONS);
        seats[i] = v->seat[i];
    }
    release(b, 3);
    PyMem_Free(seeds);
    Py_RETURN_NONE;
}

/* autoreset(obs, mask, seats, done): every env whose episode ended at the last step is dealt anew now (the
   same deal the next step would have made), its observation and mask written, done[i] set to 1; for
   same-step autoreset (Stable-Baselines3's VecEnv). */
static PyObject *vector_autoreset(VectorObject *v, PyObject *args) {
    PyObject *objs[4];
    if (!PyArg_ParseTuple(args, "OOOO", &objs[0], &objs[1], &objs[2], &objs[3])) return NULL;
    if (vec_check_ready(v) < 0) return NULL;
    Buf b[4];
    memset(b, 0, sizeof b);
    size_t size = (size_t)v->layout[12];
    Py_ssize_t counts[4] = {v->n * (Py_ssize_t)size, (Py_ssize_t)v->n * NUM_ACTIONS, v->n, v->n};
    Py_ssize_t sizes[4] = {4, 1, 1, 1};
    static const char *names[4] = {"obs", "mask", "seats", "done"};
    for (int k = 0; k < 4; k++)
        if (get_buf(objs[k], &b[k], counts[k], sizes[k], names[k]) < 0) {
            release(b, 4);
            return NULL;
        }
    float *obs = b[0].view.buf;
    int8_t *mask = b[1].view.buf, *seats = b[2].view.buf, *done = b[3].view.buf;
    for (int i = 0; i < v->n; i++) {
        done[i] = v->needs_reset[i];
        if (!v->needs_reset[i]) continue;
        vec_reset_one(v, i);
        vec_write(v, i, obs + (size_t)i * size, mask + (size_t)i * NUM_ACTIONS);
        seats[i] = v->seat[i];
    }
    release(b, 4);
    Py_RETURN_NONE;
}

/* step(actions, illegal_rewards, obs, mask, rewards, seat_rewards, terminated, truncated, illegal, seats): one
   action in each env (Gymnasium's next-step autoreset: an env whose episode ended is dealt anew instead,
   reward 0). An illegal action changes nothing and is rewarded that env's `illegal_rewards[i]`. `rewards[i]`
   is the reward of the seat that acted (the learner; in self-play the seat to move before the step),
   `seat_rewards[2i + k]` seat k's: at the end both seats' results, on an illegal action the actor's
   penalty. */
static PyObject *vector_step(VectorObject *v, PyObject *args) {
    enum { NB = 10 };
    PyObject *objs[NB];
    if (!PyArg_ParseTuple(args, "OOOOOOOOOO", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4], &objs[5], &objs[6],
                          &objs[7], &objs[8], &objs[9]))
        return NULL;
    if (vec_check_ready(v) < 0) return NULL;
    Buf b[NB];
    memset(b, 0, sizeof b);
    size_t size = (size_t)v->layout[12];
    Py_ssize_t n = v->n;
    static const char *names[NB] = {"actions",      "illegal_rewards", "obs",       "mask",    "rewards",
                                    "seat_rewards", "terminated",      "truncated", "illegal", "seats"};
    Py_ssize_t counts[NB] = {n, n, n * (Py_ssize_t)size, n * NUM_ACTIONS, n, 2 * n, n, n, n, n};
    Py_ssize_t sizes[NB] = {8, 4, 4, 1, 4, 4, 1, 1, 1, 1};
    for (int k = 0; k < NB; k++)
        if (get_buf(objs[k], &b[k], counts[k], sizes[k], names[k]) < 0) {
            release(b, NB);
            return NULL;
        }
    const int64_t *actions = b[0].view.buf;
    const float *penalties = b[1].view.buf;
    float *obs = b[2].view.buf, *rewards = b[4].view.buf, *seat_rewards = b[5].view.buf;
    int8_t *mask = b[3].view.buf, *term = b[6].view.buf, *trunc = b[7].view.buf, *illegal = b[8].view.buf;
    int8_t *seats = b[9].view.buf;
    for (int i = 0; i < v->n; i++) {
        GS *s = &v->games[i];
        float reward = 0.0f, by_seat[2] = {0.0f, 0.0f};
        int8_t ended = 0, cut = 0, bad = 0;
        if (v->needs_reset[i]) {
            vec_reset_one(v, i);
        } else {
            int64_t aid = actions[i];
            int actor = v->seat[i];
            v->steps[i]++;
            if (aid < 0 || aid >= NUM_ACTIONS || !m_has(v->legal[i], (int)aid)) {
                reward = by_seat[actor] = penalties[i];
                bad = 1;
            } else {
                vec_apply(v, i, (int)aid);
                vec_opponent_moves(v, i);
            }
            if (s->result != NO_RESULT) {
                ended = 1;
                for (int k = 0; k < 2; k++)
                    by_seat[k] = s->result == RESULT_DRAW ? 0.0f : s->result == k ? 1.0f : -1.0f;
                reward = by_seat[actor];
            } else if (v->steps[i] >= v->max_steps) {
                cut = 1;
            }
            v->needs_reset[i] = (int8_t)(ended | cut);
        }
        vec_write(v, i, obs + (size_t)i * size, mask + (size_t)i * NUM_ACTIONS);
        rewards[i] = reward;
        seat_rewards[2 * i] = by_seat[0];
        seat_rewards[2 * i + 1] = by_seat[1];
        term[i] = ended;
        trunc[i] = cut;
        illegal[i] = bad;
        seats[i] = v->seat[i];
    }
    release(b, NB);
    Py_RETURN_NONE;
}

/* trajectory(i) -> (deal, seat, events): env i's game so far, recorded (record=True): the deal's outcome
   (the seat holding Hal, then the 55 cards in dealing order), the learner's seat (in self-play the seat of
   the row's last observation), and every action id of
   either seat, with each reshuffle as a tuple of the new supply in draw order. */
static PyObject *vector_trajectory(VectorObject *v, PyObject *arg) {
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (!v->record) return PyErr_Format(PyExc_ValueError, "this vector does not record its games");
    if (i < 0 || i >= v->n) return PyErr_Format(PyExc_IndexError, "no environment %ld", i);
    PyObject *events = PyList_New(0);
    if (!events) return NULL;
    const int16_t *log = v->log + (size_t)i * LOG_CAP;
    for (int k = 0; k < v->log_len[i]; k++) {
        PyObject *item;
        if (log[k] >= LOG_SHUFFLE) {
            int m = log[k] - LOG_SHUFFLE;
            item = PyTuple_New(m);
            for (int j = 0; item && j < m; j++) PyTuple_SET_ITEM(item, j, PyLong_FromLong(log[k + 1 + j]));
            k += m;
        } else {
            item = PyLong_FromLong(log[k]);
        }
        if (!item || PyList_Append(events, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(events);
            return NULL;
        }
        Py_DECREF(item);
    }
    PyObject *deal = int8_tuple(v->deal[i], DECK_SIZE + 1);
    if (!deal) {
        Py_DECREF(events);
        return NULL;
    }
    return Py_BuildValue("(NiN)", deal, (int)v->seat[i], events);
}

static PyMethodDef vector_methods[] = {
    {"reset", (PyCFunction)vector_reset, METH_VARARGS, "deal every env anew from a seed"},
    {"step", (PyCFunction)vector_step, METH_VARARGS, "one learner action in each env"},
    {"autoreset", (PyCFunction)vector_autoreset, METH_VARARGS, "deal the ended envs anew now"},
    {"trajectory", (PyCFunction)vector_trajectory, METH_O, "env i's recorded game"},
    {NULL},
};

static PyTypeObject VectorType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "timessquare._fastcore._core.Vector",
    .tp_basicsize = sizeof(VectorObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "N games of a learner against a compiled opponent (or itself), stepped together",
    .tp_new = vector_tp_new,
    .tp_dealloc = (destructor)vector_dealloc,
    .tp_methods = vector_methods,
};
