/*
 * solve.c: a tight C retrograde solver for small Bao Kingulu boards
 * (holes=H <= 6, seeds=S, the default readings: min_lift=1, penultimate=lap,
 * first_lap_rule=on, max_reserved=none, infinite=illegal, lap_limit=none,
 * skip_origin=off), the bar the Go solver (solve) is measured
 * against and an independent check of its values. The move generator is
 * the one of engine/kingulu/testdata/cperft/perft.c with the number of
 * holes made a parameter; the rest is the textbook method: every reachable
 * position in a hash table, successor and predecessor lists, one
 * attractor pass per side with a counter per position, releasing the
 * positions without a legal move (the game ends by score) in margin order,
 * and a topological peel for the cycle question. TestCSolve
 * (csolve_test.go) builds it with cc and compares its output with Solve.
 *
 *   cc -O2 -o solve solve.c && ./solve H S
 *
 * prints baolab solve's lines (positions, terminal, cyclic; the start's
 * value; one line per legal first move) and, on stderr, positions/s and
 * the bytes per position of its arrays.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 12
static int H, N;

typedef struct {
	uint8_t b[MAXN];
	int8_t res[MAXN];
	uint8_t bank[2];
	uint8_t me;
} pos;

enum { ENDED, ILLEGAL, NEVER };

static int held(const pos *p, int me) {
	int k = 0;
	for (int h = 0; h < N; h++)
		k += p->res[h] == me;
	return k;
}

/* move plays hole i (player-relative) of p->me on p (perft.c's move). */
static int move(pos *p, int i) {
	int me = p->me, h = me * H + i, first = 1;
	uint8_t tort[MAXN];
	int tortH = h, power = 1, lam = 0;
	if (p->res[h] >= 0 || p->b[h] == 0)
		return ILLEGAL;
	memcpy(tort, p->b, N);
	for (;;) {
		int c = p->b[h], at = h, last = h, penult = -1, before = 0, banked = 0;
		p->b[h] = 0;
		for (int k = 0; k < c; k++) {
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
		if (!own && before == 3 && held(p, me) < H) { /* rule 3 */
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
		if (banked) {
			memcpy(tort, p->b, N);
			tortH = h;
			power = 1;
			lam = 0;
			continue;
		}
		lam++;
		if (h == tortH && memcmp(p->b, tort, N) == 0)
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

/* score of player pl: own unreserved holes, holes pl reserved, bank. */
static int score(const pos *p, int pl) {
	int s = p->bank[pl];
	for (int h = 0; h < N; h++)
		if (p->res[h] == pl || (p->res[h] < 0 && h / H == pl))
			s += p->b[h];
	return s;
}

/* The positions: an array and an open-addressing table of indices. */
static pos *ps;
static uint32_t np, cap, *slot, nslot;
static uint64_t bytes;

static uint64_t hashpos(const pos *p) {
	uint64_t x = 0xcbf29ce484222325ull;
	const uint8_t *c = (const uint8_t *)p;
	for (size_t k = 0; k < sizeof(pos); k++)
		x = (x ^ c[k]) * 0x100000001b3ull;
	return x ^ (x >> 29);
}

static uint32_t *find(const pos *p) {
	uint32_t m = nslot - 1, i = (uint32_t)hashpos(p) & m;
	while (slot[i] && memcmp(&ps[slot[i] - 1], p, sizeof(pos)) != 0)
		i = (i + 1) & m;
	return &slot[i];
}

static void grow(void) {
	uint32_t old = nslot, *os = slot;
	nslot = old ? 2 * old : 1 << 16;
	slot = calloc(nslot, 4);
	for (uint32_t k = 0; k < old; k++)
		if (os[k])
			*find(&ps[os[k] - 1]) = os[k];
	free(os);
}

static uint32_t insert(const pos *p) {
	if (4 * (uint64_t)(np + 1) > 3 * (uint64_t)nslot)
		grow();
	uint32_t *s = find(p);
	if (*s)
		return *s - 1;
	if (np == cap) {
		cap = cap ? 2 * cap : 1 << 16;
		ps = realloc(ps, (size_t)cap * sizeof(pos));
	}
	ps[np] = *p;
	*s = ++np;
	return np - 1;
}

static const char *force(int v) {
	static char buf[4][8];
	static int k;
	k = (k + 1) & 3;
	if (v == -128)
		return "none";
	snprintf(buf[k], 8, "%d", v);
	return buf[k];
}

static void printValue(int s, int n) {
	const char *o = s != -128 && s >= 1 ? "south" : n != -128 && n <= -1 ? "north" : "draw";
	printf("outcome=%s south_can_force=%s north_can_force=%s\n", o, force(s), force(n));
}

int main(int argc, char **argv) {
	if (argc != 3 || (H = atoi(argv[1])) < 3 || H > 6 || atoi(argv[2]) < 1) {
		fprintf(stderr, "usage: solve HOLES SEEDS\n");
		return 2;
	}
	N = 2 * H;
	int seeds = atoi(argv[2]);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pos start;
	memset(&start, 0, sizeof start);
	for (int h = 0; h < N; h++) {
		start.b[h] = seeds;
		start.res[h] = -1;
	}
	/* Enumerate, breadth first; count the moves. */
	insert(&start);
	uint8_t *outdeg = NULL;
	uint64_t edges = 0;
	for (uint32_t x = 0; x < np; x++) {
		pos p = ps[x];
		int d = 0;
		for (int i = 0; i < H; i++) {
			pos q = p;
			if (move(&q, i) == ENDED) {
				insert(&q);
				d++;
			}
		}
		edges += d;
	}
	outdeg = calloc(np, 1);
	uint32_t *off = calloc(np + 1, 4), *soff = calloc(np + 1, 4);
	uint32_t *succ = malloc(edges * 4), *pred = malloc(edges * 4);
	/* Successor lists, then predecessor lists from them. */
	uint64_t e = 0;
	for (uint32_t x = 0; x < np; x++) {
		soff[x] = e;
		for (int i = 0; i < H; i++) {
			pos q = ps[x];
			if (move(&q, i) == ENDED) {
				uint32_t y = *find(&q) - 1;
				succ[e++] = y;
				off[y + 1]++;
				outdeg[x]++;
			}
		}
	}
	soff[np] = e;
	for (uint32_t y = 0; y < np; y++)
		off[y + 1] += off[y];
	uint32_t *fill = malloc((size_t)np * 4);
	memcpy(fill, off, (size_t)np * 4);
	for (uint32_t x = 0; x < np; x++)
		for (uint32_t k = soff[x]; k < soff[x + 1]; k++)
			pred[fill[succ[k]]++] = x;
	free(fill);
	/* Terminal positions (no legal move) by margin. */
	int8_t *margin = malloc(np);
	uint32_t nterm = 0;
	for (uint32_t x = 0; x < np; x++)
		if (outdeg[x] == 0) {
			margin[x] = score(&ps[x], 0) - score(&ps[x], 1);
			nterm++;
		}
	/* Terminal positions sorted by margin (a counting sort). */
	uint32_t *term = malloc((size_t)nterm * 4), mstart[257] = {0};
	for (uint32_t x = 0; x < np; x++)
		if (outdeg[x] == 0)
			mstart[margin[x] + 129]++;
	for (int m = 1; m <= 256; m++)
		mstart[m] += mstart[m - 1];
	for (uint32_t x = 0; x < np; x++)
		if (outdeg[x] == 0)
			term[mstart[margin[x] + 128]++] = x;
	for (int m = 256; m > 0; m--)
		mstart[m] = mstart[m - 1];
	mstart[0] = 0;
	int8_t *val[2] = {malloc(np), malloc(np)};
	uint8_t *cnt = malloc(np);
	uint32_t *work = malloc((size_t)np * 4);
	bytes = (uint64_t)cap * sizeof(pos) + 4ull * nslot + np * 13ull + edges * 8 + 4ull * np + 4ull * np + 4ull * nterm;
	for (int side = 0; side < 2; side++) {
		int8_t *v = val[side];
		memset(v, -128, np);
		memcpy(cnt, outdeg, np);
		for (int r = 0; r < 256; r++) {
			int t = side == 0 ? 127 - r : r - 128; /* best margin first */
			uint32_t nw = 0;
			for (uint32_t k = mstart[t + 128]; k < mstart[t + 129]; k++) {
				v[term[k]] = t;
				work[nw++] = term[k];
			}
			while (nw) {
				uint32_t x = work[--nw];
				for (uint32_t k = off[x]; k < off[x + 1]; k++) {
					uint32_t q = pred[k];
					if (v[q] != -128)
						continue;
					if (ps[q].me != side && --cnt[q] > 0)
						continue;
					v[q] = t;
					work[nw++] = q;
				}
			}
		}
	}
	/* Cycles: peel positions all of whose successors are peeled. */
	memcpy(cnt, outdeg, np);
	uint32_t nw = 0, peeled = 0;
	for (uint32_t x = 0; x < np; x++)
		if (cnt[x] == 0)
			work[nw++] = x;
	while (nw) {
		uint32_t x = work[--nw];
		peeled++;
		for (uint32_t k = off[x]; k < off[x + 1]; k++)
			if (--cnt[pred[k]] == 0)
				work[nw++] = pred[k];
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double sec = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("positions=%u terminal=%u cyclic=%s\n", np, nterm, peeled < np ? "yes" : "no");
	printValue(val[0][0], val[1][0]);
	for (int i = 0; i < H; i++) {
		pos q = ps[0];
		if (move(&q, i) == ENDED) {
			uint32_t y = *find(&q) - 1;
			printf("move=%d ", i);
			printValue(val[0][y], val[1][y]);
		}
	}
	fprintf(stderr, "csolve kingulu holes=%d seeds=%d: %u positions, %llu moves in %.3f s: %.0f positions/s, %.1f bytes/position\n",
	        H, seeds, np, (unsigned long long)edges, sec, np / sec, (double)bytes / np);
	return 0;
}
