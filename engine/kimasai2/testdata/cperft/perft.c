/*
 * perft.c: an independent C perft for kimasai-two-rows with the default
 * rules (holes=8, reserve=24, capture_sow=here, end_check=always,
 * opening_intro=off, first=south, infinite=illegal, lap_limit=none),
 * written from RULES.md section 2 to cross-check and time Game.Perft.
 * Not built by go test: see bench.sh.
 *
 *   cc -O2 -o perft perft.c && ./perft 6
 *   ./perft D [-r RESERVE] [-d] [MOVE...]
 *
 * -r sets the reserve (default 24; -r 0 exercises phase 2 from the first
 * move). -d prints perft(D) per first move ("move=<m> nodes=<n>"), after
 * playing the MOVEs given (player-relative hole numbers) from the start.
 *
 * b[p][h] is hole h of player p in p's own sowing order: inner row 0..7,
 * outer row 8..15. Inner hole i of one player faces inner hole 7-i of the
 * other. A lap-start state is (both players' counts, hole to lift); a
 * repeat within one move means the sowing never ends (Brent's method).
 * The opponent's counts change only by a raid, which lowers them for good,
 * so between raids only the mover's counts and the hole are compared, and
 * the search restarts after each raid.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define H 8
#define N 16

typedef struct {
	uint8_t b[2][N];
	uint8_t res[2];
	uint8_t me;
	uint8_t opening;
	uint8_t over;
} pos;

enum { ENDED, ILLEGAL, NEVER };

static int innerEmpty(const uint8_t *r) {
	uint64_t w;
	memcpy(&w, r, 8);
	return w == 0;
}

/* move plays hole i (player-relative) of p->me on p. */
static int move(pos *p, int i) {
	int me = p->me, op = me ^ 1;
	uint8_t *b = p->b[me], *o = p->b[op];
	if (p->over || b[i] == 0)
		return ILLEGAL;
	int phase1 = p->res[0] > 0 || p->res[1] > 0;
	if (phase1 && !p->opening && p->res[me] > 0) {
		p->res[me]--;
		b[i]++;
	}
	p->opening = 0;
	uint8_t tort[N];
	int tortH = i, power = 1, lam = 0, h = i;
	memcpy(tort, b, N);
	for (;;) {
		/* lift h and sow */
		int c = b[h], at = h, before;
		b[h] = 0;
		for (;;) {
			for (int k = 0; k < c; k++) {
				at = (at + 1) & (N - 1);
				b[at]++;
			}
			before = b[at] - 1;
			if (before == 0)
				goto done;
			if (!phase1 && at < H && o[H - 1 - at] > 0) {
				/* raid: sown from the capturing hole itself */
				c = o[H - 1 - at];
				o[H - 1 - at] = 0;
				at = (at - 1) & (N - 1);
				memcpy(tort, b, N);
				power = 1;
				lam = 0;
				tortH = -1; /* next lap start is set below */
				continue;
			}
			break;
		}
		/* relay from at */
		h = at;
		if (tortH < 0) {
			memcpy(tort, b, N);
			tortH = h;
			continue;
		}
		lam++;
		if (h == tortH && memcmp(b, tort, N) == 0)
			return NEVER;
		if (lam == power) {
			memcpy(tort, b, N);
			tortH = h;
			power <<= 1;
			lam = 0;
		}
	}
done:
	if (innerEmpty(o) || innerEmpty(b))
		p->over = 1;
	p->me = op;
	return ENDED;
}

static uint64_t perft(const pos *p, int depth) {
	if (depth == 0)
		return 1;
	uint64_t n = 0;
	for (int i = 0; i < N; i++) {
		if (p->b[p->me][i] == 0)
			continue;
		pos q = *p;
		if (move(&q, i) == ENDED)
			n += depth == 1 ? 1 : perft(&q, depth - 1);
	}
	return n;
}

int main(int argc, char **argv) {
	int maxd = argc > 1 ? atoi(argv[1]) : 6, reserve = 24, divide = 0;
	pos p;
	memset(&p, 0, sizeof p);
	int a = 2;
	for (; a < argc; a++) {
		if (strcmp(argv[a], "-r") == 0 && a + 1 < argc)
			reserve = atoi(argv[++a]);
		else if (strcmp(argv[a], "-d") == 0)
			divide = 1;
		else
			break;
	}
	for (int s = 0; s < 2; s++) {
		for (int h = 0; h < H; h++)
			p.b[s][h] = 1;
		p.res[s] = reserve;
	}
	p.opening = reserve > 0;
	for (; a < argc; a++) {
		int m = atoi(argv[a]);
		if (move(&p, m) != ENDED) {
			fprintf(stderr, "move %d not legal\n", m);
			return 1;
		}
	}
	if (divide) {
		uint64_t tot = 0;
		for (int i = 0; i < N; i++) {
			pos q = p;
			if (q.b[q.me][i] == 0 || q.over)
				continue;
			if (move(&q, i) != ENDED)
				continue;
			uint64_t n = perft(&q, maxd - 1);
			tot += n;
			printf("move=%d nodes=%llu\n", i, (unsigned long long)n);
		}
		printf("total=%llu\n", (unsigned long long)tot);
		return 0;
	}
	for (int d = 1; d <= maxd; d++) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		uint64_t n = perft(&p, d);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		printf("perft(%d) = %llu  %.6f s\n", d, (unsigned long long)n,
		       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	}
	return 0;
}
