/*
 * perft.c: an independent C perft for Bao Kingulu (holes=6, seeds=4,
 * min_lift=1, penultimate=lap, first_lap_rule=on, infinite=illegal,
 * lap_limit=none; skip_origin and max_reserved selectable), written from
 * the rules of the kingulu package doc to cross-check and time
 * Game.Perft. TestCPerft (cperft_test.go) builds it with cc and compares
 * its counts with Game.Perft; bench.sh times it.
 *
 *   cc -O2 -o perft perft.c && ./perft 12
 *   ./perft D [-s] [-m MAXRES]
 *
 * -s: skip_origin=on (a lap of 12 seeds or more skips the hole it was
 * lifted from). -m: max_reserved=MAXRES (kuweka mtoto only while the mover
 * holds fewer reserved holes; otherwise the lap relays).
 *
 * Holes are numbered globally in sowing order: South 0..5 are 0..5, North
 * 0..5 are 6..11; hole h faces 11-h.
 *
 * Written for speed (the fastest perft we could write, to time Go
 * against): the board is 16 byte lanes added as one vector, a lap adds a
 * precomputed vector sow[h][c] (every seed of c lifted from h, whole
 * rounds included), and where the last and penultimate seeds fall comes
 * from tables. Banks are not kept: no rule that decides which moves are
 * legal reads them. Nor are the counts of reserved holes: a seed that
 * falls into a reserved hole goes to a bank, so after every lap the
 * reserved lanes are cleared; moves never look at them (a reserved hole
 * is neither lifted nor captured from, and rule 1 ends the move whatever
 * it holds). A never-ending move is found with Brent's cycle finding over
 * (board, hole to lift): without banking the board is the whole state; a
 * lap that banks lowers the seeds on the board, so no earlier state can
 * come back and the search simply goes on (a cycle, once entered, is
 * found when the tortoise is next moved).
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
	v16 b;           /* lanes 0..11: hole counts (0 for reserved holes) */
	v16 keep;        /* 0xff in the lanes of unreserved holes, else 0 */
	uint16_t res[2]; /* res[p]: holes reserved by p */
	int me;
} pos;

enum { ENDED, ILLEGAL, NEVER };

static int skipOrigin = 0, maxRes = H;
static v16 sow[N][MAXC + 1];
static int8_t lastOf[N][MAXC + 1], penOf[N][MAXC + 1];

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
		}
}

static inline int same(v16 a, v16 b) {
	uint64_t x[2], y[2];
	memcpy(x, &a, 16);
	memcpy(y, &b, 16);
	return ((x[0] ^ y[0]) | (x[1] ^ y[1])) == 0;
}

/* move plays hole i (player-relative) of p->me on p. */
static inline int move(pos *p, int i) {
	int me = p->me, base = me * H, h = base + i, first = 1;
	unsigned res = p->res[0] | p->res[1];
	int c = p->b[h];
	if (c == 0 || (res >> h & 1))
		return ILLEGAL;
	v16 b = p->b, tort = b;
	int tortH = h, power = 1, lam = 0;
	for (;;) {
		b = (b + sow[h][c]) & p->keep;
		int last = lastOf[h][c];
		if (res >> last & 1)
			break; /* rule 1 */
		int after = b[last];
		int own = (unsigned)(last - base) < H;
		if (after == 1) { /* rule 2 */
			int f = N - 1 - last;
			if (own && !(res >> f & 1) && b[f] > 0) {
				b[f] = 0;
				b[last] = 0;
			}
			break;
		}
		if (!own && after == 4 && __builtin_popcount(p->res[me]) < maxRes) { /* rule 3 */
			p->res[me] |= 1u << last;
			p->keep[last] = 0;
			b[last] = 0;
			int q = penOf[h][c];
			if (q >= 0 && !(res >> q & 1))
				b[q]--;
			break;
		}
		if (first && own)
			return ILLEGAL; /* rule 4 */
		first = 0;
		h = last;
		c = after;
		/* Brent's cycle finding over (board, hole to lift). */
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
	uint64_t n = 0;
	for (int i = 0; i < H; i++) {
		pos q = *p;
		if (move(&q, i) == ENDED)
			n += depth == 1 ? 1 : perft(&q, depth - 1);
	}
	return n;
}

int main(int argc, char **argv) {
	int maxd = argc > 1 ? atoi(argv[1]) : 10;
	for (int a = 2; a < argc; a++) {
		if (strcmp(argv[a], "-s") == 0)
			skipOrigin = 1;
		else if (strcmp(argv[a], "-m") == 0 && a + 1 < argc)
			maxRes = atoi(argv[++a]);
		else {
			fprintf(stderr, "usage: perft D [-s] [-m MAXRES]\n");
			return 2;
		}
	}
	tables();
	pos p;
	memset(&p, 0, sizeof p);
	for (int h = 0; h < N; h++) {
		p.b[h] = 4;
		p.keep[h] = 0xff;
	}
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
