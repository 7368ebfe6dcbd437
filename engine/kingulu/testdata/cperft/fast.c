/*
 * fast.c: the fastest C perft for Bao Kingulu we could write, the
 * yardstick `make bench-c` times Game.Perft against (perft.c, the
 * first C perft, stays as a second independent cross-check). Same rules
 * and command line as perft.c (holes=6, seeds=4, min_lift=1,
 * penultimate=lap, first_lap_rule=on, infinite=illegal, lap_limit=none;
 * skip_origin and max_reserved selectable), written from the rules of the
 * kingulu package doc. TestCPerft builds it with cc -O2 and compares its
 * counts with Game.Perft.
 *
 *   cc -O3 -march=native -o fast fast.c && ./fast 17    (the timed build)
 *   ./fast D [-s] [-m MAXRES]
 *   ./fast -g GAMES [SEED]
 *
 * -s: skip_origin=on. -m: max_reserved=MAXRES. -g plays GAMES random games
 * of the default rules instead (the C yardstick of the simulator): at
 * every ply a move chosen uniformly among the candidates not yet found
 * never-ending at that ply (a never-ending one is rejected and another
 * chosen, as the engine's Candidates and Apply do), until the player to
 * move has none (the game ends by score) or 1000 plies (max_plies); it
 * prints the games, plies and results. Nothing is logged.
 *
 * Holes are numbered globally in sowing order: South 0..5 are 0..5, North
 * 0..5 are 6..11; hole h faces 11-h.
 *
 * What makes it fast, over perft.c:
 *  - Candidates first: the moves that lift (non-empty, unreserved) and
 *    whose first lap does not end in an occupied own hole (rule 4) are
 *    worked out from the board alone, one table look-up per hole, so no
 *    illegal move is sown.
 *  - Bulk counting at the last ply: a move can be never-ending only while
 *    no hole is reserved (kingulu package doc: a cycle would sow into
 *    every reserved hole and lose those seeds to a bank), so at depth 1 a
 *    position with a reserved hole has exactly its candidates as legal
 *    moves: popcount, no sowing.
 *  - A lap is one 16-lane byte vector addition of a precomputed vector
 *    sow[h][c] (whole rounds included); the counts of reserved holes are
 *    never cleared (no rule reads them: a reserved hole is neither lifted
 *    nor captured from, rule 1 ends a lap there whatever it holds) and
 *    cannot overflow a byte (the board holds at most 48 seeds).
 *  - Cycle finding (Brent's method over (board, hole to lift), plus a
 *    comparison with the first lap start, where the never-ending moves
 *    met in practice come back) runs only while no hole is reserved.
 *  - Banks are not kept: no rule that decides which moves are legal reads
 *    them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define H 6
#define N 12
#define MAXC 48 /* 2*6*4 seeds in play */

typedef uint8_t v16 __attribute__((vector_size(16)));

typedef struct {
	v16 b;           /* lanes 0..11: hole counts */
	uint32_t res[2]; /* res[p]: holes reserved by p */
	int me;
	int bank[2]; /* captured seeds only: seeds sown into a reserved hole
	                stay in its lane, which counts for its owner */
} pos;

static int skipOrigin = 0, maxRes = H, period = N;
static v16 sow[N][MAXC + 1];
static int8_t lastOf[N][MAXC + 1], penOf[N][MAXC + 1];
/* gotOf[h][c]: seeds the last hole of a lap of c from h receives in it,
 * less one, plus (when the last hole is h itself) -c for the lift: the
 * count before the last seed is b[last] + gotOf[h][c]. */
static int8_t gotOf[N][MAXC + 1];

static void tables(void) {
	for (int h = 0; h < N; h++)
		for (int c = 0; c <= MAXC; c++) {
			v16 v = {0};
			int at = h, pen = -1, last = h;
			for (int k = 0; k < c; k++) {
				at = at == N - 1 ? 0 : at + 1;
				if (skipOrigin && c >= N && at == h)
					at = at == N - 1 ? 0 : at + 1;
				pen = last;
				last = at;
				v[at]++;
			}
			v[h] -= c; /* the lap lifts the c seeds of h */
			sow[h][c] = v;
			lastOf[h][c] = (int8_t)last;
			penOf[h][c] = (int8_t)(c >= 2 ? pen : -1);
			gotOf[h][c] = (int8_t)((int8_t)v[last] - 1);
		}
}

static inline int same(v16 a, v16 b) {
	uint64_t x[2], y[2];
	memcpy(x, &a, 16);
	memcpy(y, &b, 16);
	return ((x[0] ^ y[0]) | (x[1] ^ y[1])) == 0;
}

/* candidates returns the moves (player-relative bits) of p->me that lift
 * and pass rule 4. */
static inline unsigned candidates(const pos *p) {
	unsigned res = p->res[0] | p->res[1];
	int base = p->me * H;
	unsigned ownFree = (((1u << H) - 1) << base) & ~res, m = 0;
	for (int i = 0; i < H; i++) {
		int h = base + i, c = p->b[h];
		if (c == 0 || (res >> h & 1))
			continue;
		int last = lastOf[h][c];
		if ((ownFree >> last & 1) && p->b[last] + gotOf[h][c] > 0)
			continue; /* rule 4 */
		m |= 1u << i;
	}
	return m;
}

enum { ENDED, NEVER };

/* move plays candidate i (player-relative) of p->me on p. */
static inline int move(pos *p, int i) {
	int me = p->me, base = me * H, h = base + i;
	unsigned res = p->res[0] | p->res[1];
	int c = p->b[h];
	v16 b = p->b, start = b, tort = b;
	int tortH = -1, power = 1, lam = 0;
	for (;;) {
		b += sow[h][c];
		int last = lastOf[h][c];
		if (res >> last & 1)
			break; /* rule 1 */
		int after = b[last];
		int own = (unsigned)(last - base) < H;
		if (after == 1) { /* rule 2 */
			int f = N - 1 - last;
			if (own && !(res >> f & 1) && b[f] > 0) {
				p->bank[me] += b[f] + 1;
				b[f] = 0;
				b[last] = 0;
			}
			break;
		}
		if (!own && after == 4 && __builtin_popcount(p->res[me]) < maxRes) { /* rule 3 */
			p->res[me] |= 1u << last;
			int q = penOf[h][c];
			if (q >= 0 && !(res >> q & 1))
				b[q]--;
			break;
		}
		h = last; /* rule 4 passed: candidates */
		c = after;
		if (res)
			continue; /* a move with a hole reserved ends */
		if (h == base + i && same(b, start))
			return NEVER;
		lam++;
		if (h == tortH && same(b, tort))
			return NEVER;
		if (lam == power) {
			tort = b;
			tortH = h;
			power <<= 1;
			lam = 0;
		}
	}
	p->b = b;
	p->me = me ^ 1;
	return ENDED;
}

static uint64_t perft(const pos *p, int depth) {
	unsigned m = candidates(p);
	if (depth == 1 && (p->res[0] | p->res[1]))
		return __builtin_popcount(m); /* bulk counting */
	uint64_t n = 0;
	for (; m; m &= m - 1) {
		pos q = *p;
		if (move(&q, __builtin_ctz(m)) == ENDED)
			n += depth == 1 ? 1 : perft(&q, depth - 1);
	}
	return n;
}

/* splitmix64: the random stream of -g. */
static uint64_t rng;
static inline uint64_t next64(void) {
	uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* score is player o's material: seeds in o's unreserved holes and in the
 * holes o reserved (whatever was sown into them since), plus o's bank. */
static int score(const pos *p, int o) {
	unsigned res = p->res[0] | p->res[1];
	int s = p->bank[o];
	for (int h = 0; h < N; h++) {
		int mine = (h / H == o && !(res >> h & 1)) || (p->res[o] >> h & 1);
		if (mine)
			s += p->b[h];
	}
	return s;
}

static int randomGames(long games, uint64_t seed) {
	pos start;
	memset(&start, 0, sizeof start);
	for (int h = 0; h < N; h++)
		start.b[h] = 4;
	rng = seed;
	long plies = 0, won[3] = {0}, unfinished = 0;
	for (long g = 0; g < games; g++) {
		pos p = start;
		int ply = 0;
		for (; ply < 1000; ply++) {
			unsigned m = candidates(&p);
			for (;;) {
				int k = __builtin_popcount(m);
				if (k == 0)
					break;
				unsigned r = (unsigned)(((next64() >> 32) * (uint64_t)k) >> 32);
				unsigned x = m;
				while (r--)
					x &= x - 1;
				int i = __builtin_ctz(x);
				pos q = p;
				if (move(&q, i) == ENDED) {
					p = q;
					break;
				}
				m &= ~(1u << i); /* never-ending: rejected at this ply */
			}
			if (m == 0)
				break;
		}
		plies += ply;
		if (ply == 1000) {
			unfinished++;
			continue;
		}
		int a = score(&p, 0), b = score(&p, 1);
		won[a > b ? 0 : b > a ? 1 : 2]++;
	}
	printf("games=%ld plies=%ld south=%ld north=%ld draws=%ld unfinished=%ld\n", games, plies,
	       won[0], won[1], won[2], unfinished);
	return 0;
}

int main(int argc, char **argv) {
	if (argc > 2 && strcmp(argv[1], "-g") == 0) {
		tables();
		return randomGames(atol(argv[2]), argc > 3 ? strtoull(argv[3], 0, 10) : 1);
	}
	int maxd = argc > 1 ? atoi(argv[1]) : 10;
	for (int a = 2; a < argc; a++) {
		if (strcmp(argv[a], "-s") == 0)
			skipOrigin = 1;
		else if (strcmp(argv[a], "-m") == 0 && a + 1 < argc)
			maxRes = atoi(argv[++a]);
		else {
			fprintf(stderr, "usage: fast D [-s] [-m MAXRES]\n");
			return 2;
		}
	}
	period = skipOrigin ? N - 1 : N;
	tables();
	pos p;
	memset(&p, 0, sizeof p);
	for (int h = 0; h < N; h++)
		p.b[h] = 4;
	p.me = 0;
	for (int d = 1; d <= maxd; d++) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		uint64_t n = perft(&p, d);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		printf("perft(%d) = %llu  %.3f s\n", d, (unsigned long long)n,
		       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	}
	return 0;
}
