/*
 * perft.c: an independent C perft for kimasai-two-rows (capture_sow=here,
 * end_check=always, opening_intro=off, first=south, infinite=illegal,
 * lap_limit=none; holes, reserve, skip_origin, win_check and phase_change
 * selectable), written from the rules of the kimasai2
 * package doc to cross-check and time Game.Perft. TestCPerft
 * (cperft_test.go) builds it with cc and compares its counts with
 * Game.Perft; bench.sh times it.
 *
 *   cc -O2 -o perft perft.c && ./perft 6
 *   ./perft D [-h HOLES] [-r RESERVE] [-s] [-w] [-i] [-d] [MOVE...]
 *
 * -h sets the holes per row (default 8). -r sets the reserve (default 24;
 * -r 0 exercises phase 2 from the first move). -s: skip_origin=on; -w: win_check=capture; -i:
 * phase_change=immediate. -d prints perft(D) per first move ("move=<m>
 * nodes=<n>"), after playing the MOVEs given (player-relative hole
 * numbers) from the start.
 *
 * b[p][h] is hole h of player p in p's own sowing order: inner row
 * 0..H-1, outer row H..2H-1. Inner hole i of one player faces inner hole
 * H-1-i of the other. A lap-start state is (both players' counts, hole to lift); a
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

#define MAXN 32
static int H = 8, N = 16; /* holes per row and per player (-h) */

typedef struct {
	uint8_t b[2][MAXN];
	uint8_t res[2];
	uint8_t me;
	uint8_t opening;
	uint8_t over;
} pos;

enum { ENDED, ILLEGAL, NEVER };

static int skipOrigin = 0, winCapture = 0, phaseImmediate = 0;

static int innerEmpty(const uint8_t *r) {
	for (int i = 0; i < H; i++)
		if (r[i])
			return 0;
	return 1;
}

static int next(int h) { return h + 1 == N ? 0 : h + 1; }

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
		/* phase_change=immediate: the move that brings in the last
		 * reserve cow is played by the phase-2 rules */
		if (phaseImmediate && p->res[0] == 0 && p->res[1] == 0)
			phase1 = 0;
	}
	p->opening = 0;
	uint8_t tort[MAXN];
	int tortH = i, power = 1, lam = 0, h = i;
	memcpy(tort, b, N);
	for (;;) {
		/* lift h and sow */
		int c = b[h], at = h, before;
		int skip = skipOrigin && c >= N; /* a raid's lap skips nothing */
		b[h] = 0;
		for (;;) {
			for (int k = 0; k < c; k++) {
				at = next(at);
				if (skip && at == h)
					at = next(at);
				b[at]++;
			}
			before = b[at] - 1;
			if (before == 0)
				goto done;
			if (!phase1 && at < H && o[H - 1 - at] > 0) {
				/* raid: sown from the capturing hole itself */
				c = o[H - 1 - at];
				o[H - 1 - at] = 0;
				if (winCapture && innerEmpty(o)) {
					b[at] += c; /* the raided cows stay in the capturing hole */
					goto done;
				}
				skip = 0;
				at = at == 0 ? N - 1 : at - 1;
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
		else if (strcmp(argv[a], "-h") == 0 && a + 1 < argc) {
			H = atoi(argv[++a]);
			N = 2 * H;
			if (H < 4 || H > 16) {
				fprintf(stderr, "-h %d: holes must be 4..16\n", H);
				return 2;
			}
		} else if (strcmp(argv[a], "-s") == 0)
			skipOrigin = 1;
		else if (strcmp(argv[a], "-w") == 0)
			winCapture = 1;
		else if (strcmp(argv[a], "-i") == 0)
			phaseImmediate = 1;
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
