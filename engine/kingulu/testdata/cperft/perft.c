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
 * 0..5 are 6..11; hole h faces 11-h. res[h] is -1 or the player who
 * reserved h.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define H 6
#define N 12

typedef struct {
	uint8_t b[N];
	int8_t res[N];
	int bank[2];
	int me;
} pos;

enum { ENDED, ILLEGAL, NEVER };

static int skipOrigin = 0, maxRes = H;

/* held returns the number of holes reserved by player me. */
static int held(const pos *p, int me) {
	int k = 0;
	for (int h = 0; h < N; h++)
		k += p->res[h] == me;
	return k;
}

static int same(const uint8_t *a, const uint8_t *b) { return memcmp(a, b, N) == 0; }

/* move plays hole i (player-relative) of p->me on p. */
static int move(pos *p, int i) {
	int me = p->me, h = me * H + i, first = 1;
	uint8_t tort[N];
	int tortH = h, power = 1, lam = 0;
	if (p->res[h] >= 0 || p->b[h] == 0)
		return ILLEGAL;
	memcpy(tort, p->b, N);
	for (;;) {
		int c = p->b[h], at = h, last = h, penult = -1, before = 0, banked = 0;
		p->b[h] = 0;
		for (int k = 0; k < c; k++) {
			at = at == N - 1 ? 0 : at + 1;
			if (skipOrigin && c >= N && at == h)
				at = at == N - 1 ? 0 : at + 1;
			penult = last;
			last = at;
			before = p->b[at];
			if (p->res[at] >= 0) {
				p->bank[p->res[at]]++;
				banked = 1;
			} else {
				p->b[at]++;
			}
		}
		int own = last / H == me;
		if (p->res[last] >= 0)
			break; /* rule 1 */
		if (before == 0) { /* rule 2 */
			int f = N - 1 - last;
			if (own && p->res[f] < 0 && p->b[f] > 0) {
				p->bank[me] += p->b[f] + 1;
				p->b[f] = 0;
				p->b[last] = 0;
			}
			break;
		}
		if (!own && before == 3 && held(p, me) < maxRes) { /* rule 3 */
			p->res[last] = me;
			if (c >= 2 && p->res[penult] < 0) {
				p->b[penult]--;
				p->b[last]++;
			}
			break;
		}
		if (first && own)
			return ILLEGAL; /* rule 4 */
		first = 0;
		h = last;
		/* Brent's cycle finding over (board, hole to lift). */
		if (banked) {
			memcpy(tort, p->b, N);
			tortH = h;
			power = 1;
			lam = 0;
			continue;
		}
		lam++;
		if (h == tortH && same(p->b, tort))
			return NEVER;
		if (lam == power) {
			memcpy(tort, p->b, N);
			tortH = h;
			power <<= 1;
			lam = 0;
		}
	}
	p->me ^= 1;
	return ENDED;
}

static uint64_t perft(const pos *p, int depth) {
	if (depth == 0)
		return 1;
	uint64_t n = 0;
	for (int i = 0; i < H; i++) {
		pos q = *p;
		if (move(&q, i) == ENDED)
			n += perft(&q, depth - 1);
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
	pos p;
	for (int h = 0; h < N; h++) {
		p.b[h] = 4;
		p.res[h] = -1;
	}
	p.bank[0] = p.bank[1] = 0;
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
