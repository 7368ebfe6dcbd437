/*
 * four.c: a C retrograde solver for Bao la Kimasai four-rows
 * (kimasai-four-rows), written from the rules of the engine/kimasai4
 * package doc: the bar the Go solver (solve) is measured against on that
 * variant and an independent check of its values and distances.
 * TestCSolveFourRows (csolve_test.go) builds it with cc and compares its
 * output with Solve; scripts/bench-c.sh builds it cc -O3 -march=native.
 *
 *   cc -O3 -march=native -o four four.c && ./four HOLES [OPTION=VALUE ...] [-d]
 *
 * HOLES is 4..15 (holes per row; 16 would make 65-bit keys, which Solve
 * refuses too). The options are kimasai-four-rows's: empty_start=left|right
 * (which front hole starts empty: the owner's left, hole n-1, or right,
 * hole 0), first=south|north, repetition=first|third|none. max_plies and
 * the ignored infinite and lap_limit are not taken: Solve ignores them.
 *
 * What it computes, as package solve defines it (go doc ./solve): the
 * positions reachable from the start, a terminal node being a position
 * the engine reports over after the move that reached it (here: the player
 * to move has no stone that can step; the mover won, all-captured or
 * no-moves), counted apart from the others as Solve does (its key carries
 * solve.FlagTerminal). The margin of a terminal node is +1 (South won) or
 * -1 (North won). Each position's two values, South's (the largest margin
 * South can force) and North's (the smallest margin North can force), and
 * the distances under them (the rank of the position in the attractor
 * W_S(v) of South's value v, and in W_N(w) of North's value w). No
 * position of this game can recur (the package doc's theorem), so the
 * graph is acyclic, every position's game finishes, the two values are
 * equal (+1 or -1) and the repetition option changes nothing; the program
 * checks the theorem on the way (a position met again while it is on the
 * search path is a cycle: it stops with an error and exit status 1) and
 * then prints cyclic=no.
 *
 * How: a depth-first search from the start, each position solved once
 * from its successors' values (the straightforward method for an acyclic
 * game: every move is looked up once, no move lists; the successors'
 * slots are prefetched first, which the table's cache misses make worth
 * the second generation of a position's moves).
 * Per position it keeps, besides the key, three distances: X, the rank in
 * the attractor of the side that wins (a move of the winner's: 1 + the
 * least X of its winning successors; of the loser's: 1 + the largest X of
 * its successors); B, the rank in W_S(-1), which holds every position
 * (South to move: 1 + the least B of its successors; North: 1 + the
 * largest); D, the rank in W_N(+1), likewise with North minimising. South's
 * distance is X when South wins, else B; North's is X when North wins,
 * else D; terminal nodes have 0. The winner's distance, printed as plies=,
 * is X.
 *
 * Output (stdout): baolab solve's lines for the start,
 *
 *   positions=P terminal=T cyclic=no
 *   outcome=<south|north> south_can_force=V north_can_force=V plies=X
 *   move=M outcome=... south_can_force=V north_can_force=V   (each legal move)
 *
 * and with -d then one line per position, in no order:
 *
 *   KEY S N SPLIES NPLIES
 *
 * KEY in hex as package solve packs it (the engine key of kimasai4, bit 0
 * the player to move, then South's 2n bits and North's 2n bits, each
 * player's holes in their own stepping order; bit 63 = FlagTerminal), S
 * and N the two values, SPLIES and NPLIES the distances. On stderr:
 * positions, moves, positions/s, the bytes per position and the longest
 * search path.
 *
 * Memory: one open-addressing hash table (linear probing, a power of two
 * slots, doubled when three quarters full) of 16-byte slots: the key (with
 * a bit for done and one for South wins) and the three 16-bit distances.
 * That is 16 bytes per slot, 21 to 43 bytes per position (the load lies
 * between 3/8 and 3/4), and during a doubling the old table too: 1.5 times
 * the new one at the peak. The search's stack holds a frame per ply of
 * its longest path (208 plies on holes=7; stderr says).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TERMINAL (1ull << 63) /* solve.FlagTerminal */
#define DONE (1ull << 62)     /* the slot's position is solved */
#define SWIN (1ull << 61)     /* South wins the solved position */
#define KEYMASK (SWIN - 1)    /* the key bits (at most 61 of them) */
#define MAXPLIES 65534         /* solve.MaxPlies */

static int n, size;   /* holes per row, holes per player (2n) */
static uint32_t full; /* a player's 2n bits */
static uint32_t flip[32], face[32], take[32];

typedef struct {
	uint64_t key; /* 0: empty; else key | TERMINAL? | DONE? | SWIN? */
	uint16_t x, b, d, pad;
} slot;

static slot *tab;
static uint64_t nslot, used, nterm, edges, peak;
static int shift;

/* the stones of bitboard me whose next hole is empty. */
static inline uint32_t movable(uint32_t me) {
	uint32_t next = (me >> 1) | ((me & 1u) << (size - 1)); /* bit h: a stone in hole h+1 */
	return me & ~next;
}

static void tables(void) {
	for (int h = 0; h < size; h++) {
		int t = h == size - 1 ? 0 : h + 1;
		flip[h] = (1u << h) | (1u << t);
		face[h] = t < n ? 1u << (n - 1 - t) : 0; /* the facing front stone */
		take[h] = t < n ? face[h] | (1u << (n + t)) : 0; /* and the back stone behind it */
	}
}

static inline uint64_t keyOf(int p, uint32_t s, uint32_t nn) {
	return (uint64_t)p | (uint64_t)s << 1 | (uint64_t)nn << (1 + size);
}

static inline uint64_t home(uint64_t k) { return (k * 0x9e3779b97f4a7c15ull) >> shift; }

/* find returns the slot of key k (flags TERMINAL included), or the empty
 * slot where it goes. */
static inline uint64_t find(uint64_t k) {
	uint64_t m = nslot - 1, i = home(k);
	while (tab[i].key && (tab[i].key & (TERMINAL | KEYMASK)) != k)
		i = (i + 1) & m;
	return i;
}

static uint64_t grows;
static int depth, maxDepth; /* the search path's length, and its longest */

static void grow(void) {
	slot *old = tab;
	uint64_t on = nslot;
	nslot = on ? 2 * on : 1 << 16;
	shift = 64 - __builtin_ctzll(nslot);
	tab = calloc(nslot, sizeof(slot));
	if (!tab) {
		fprintf(stderr, "four: out of memory (%llu slots)\n", (unsigned long long)nslot);
		exit(1);
	}
	if ((on + nslot) * sizeof(slot) > peak)
		peak = (on + nslot) * sizeof(slot);
	for (uint64_t j = 0; j < on; j++)
		if (old[j].key)
			tab[find(old[j].key & (TERMINAL | KEYMASK))] = old[j];
	free(old);
	grows++;
}

/* insert puts key k (not present; i is find(k)) into the table with
 * flags f and returns its slot. */
static uint64_t insert(uint64_t i, uint64_t k, uint64_t f) {
	if (4 * (used + 1) > 3 * nslot) {
		grow();
		i = find(k);
	}
	tab[i].key = k | f;
	used++;
	return i;
}

typedef struct {
	int swin;
	uint16_t x, b, d;
} res;

static inline uint16_t inc(uint16_t v) { return v < MAXPLIES ? v + 1 : MAXPLIES; }

static res solveAt(uint64_t i, int p, uint32_t s, uint32_t nn);

/* solve solves position (p to move, South's stones s, North's nn), which
 * has a move and is in the table, in progress (not DONE). */
static res solve(int p, uint32_t s, uint32_t nn) {
	uint32_t me = p ? nn : s, op = p ? s : nn;
	/* mover's view: winX, the least X of the successors the mover wins;
	 * loseX, the largest X of all; bmin/bmax, dmin/dmax likewise. */
	int win = 0;
	uint16_t winX = 0xffff, loseX = 0, bmin = 0xffff, bmax = 0, dmin = 0xffff, dmax = 0;
	for (uint32_t c = movable(me); c; c &= c - 1) { /* the successors' slots, to the cache */
		int h = __builtin_ctz(c);
		uint32_t m = me ^ flip[h], o = op;
		if (o & face[h])
			o &= ~take[h];
		uint64_t k = keyOf(!p, p ? o : m, p ? m : o) | (movable(o) ? 0 : TERMINAL);
		__builtin_prefetch(&tab[home(k)]);
	}
	for (uint32_t c = movable(me); c; c &= c - 1) {
		int h = __builtin_ctz(c);
		uint32_t m = me ^ flip[h], o = op;
		if (o & face[h])
			o &= ~take[h];
		uint32_t cs = p ? o : m, cn = p ? m : o;
		int q = !p;
		res r;
		edges++;
		if (!movable(o)) { /* the opponent cannot step: the mover won */
			uint64_t k = keyOf(q, cs, cn) | TERMINAL;
			uint64_t j = find(k);
			if (!tab[j].key) {
				insert(j, k, DONE | (p == 0 ? SWIN : 0));
				nterm++;
			}
			r.swin = p == 0;
			r.x = r.b = r.d = 0;
		} else {
			uint64_t k = keyOf(q, cs, cn);
			uint64_t j = find(k);
			if (!tab[j].key) {
				r = solveAt(insert(j, k, 0), q, cs, cn);
			} else if (!(tab[j].key & DONE)) {
				fprintf(stderr, "four: a cycle: position %#llx recurs (the no-repeat theorem fails)\n", (unsigned long long)k);
				exit(1);
			} else {
				r.swin = (tab[j].key & SWIN) != 0;
				r.x = tab[j].x;
				r.b = tab[j].b;
				r.d = tab[j].d;
			}
		}
		if (r.swin == (p == 0)) { /* the mover wins after this move */
			win = 1;
			if (r.x < winX)
				winX = r.x;
		}
		if (r.x > loseX)
			loseX = r.x;
		if (r.b < bmin)
			bmin = r.b;
		if (r.b > bmax)
			bmax = r.b;
		if (r.d < dmin)
			dmin = r.d;
		if (r.d > dmax)
			dmax = r.d;
	}
	res out;
	out.swin = win == (p == 0);
	out.x = inc(win ? winX : loseX);
	out.b = inc(p == 0 ? bmin : bmax); /* W_S(-1): South minimises */
	out.d = inc(p == 1 ? dmin : dmax); /* W_N(+1): North minimises */
	return out;
}

/* solveAt solves the position in slot i (grown tables move it: found
 * again by its key) and stores the result. */
static res solveAt(uint64_t i, int p, uint32_t s, uint32_t nn) {
	uint64_t k = tab[i].key & KEYMASK, g = grows;
	if (++depth > maxDepth)
		maxDepth = depth;
	res r = solve(p, s, nn);
	depth--;
	if (grows != g)
		i = find(k);
	tab[i].key |= DONE | (r.swin ? SWIN : 0);
	tab[i].x = r.x;
	tab[i].b = r.b;
	tab[i].d = r.d;
	return r;
}

static void printValue(int swin) {
	printf("outcome=%s south_can_force=%d north_can_force=%d", swin ? "south" : "north", swin ? 1 : -1, swin ? 1 : -1);
}

static void usage(void) {
	fprintf(stderr, "usage: four HOLES [empty_start=left|right] [first=south|north] [repetition=first|third|none] [-d]\n");
	exit(2);
}

int main(int argc, char **argv) {
	int right = 0, first = 0, dump = 0;
	n = 0;
	for (int a = 1; a < argc; a++) {
		const char *v = argv[a];
		if (!strcmp(v, "-d"))
			dump = 1;
		else if (!strcmp(v, "empty_start=left") || !strcmp(v, "empty_start=right"))
			right = !strcmp(v, "empty_start=right");
		else if (!strcmp(v, "first=south") || !strcmp(v, "first=north"))
			first = !strcmp(v, "first=north");
		else if (!strcmp(v, "repetition=first") || !strcmp(v, "repetition=third") || !strcmp(v, "repetition=none"))
			; /* no position recurs (checked): the reading changes nothing */
		else if (!n && (n = atoi(v)) >= 4 && n <= 15)
			;
		else
			usage();
	}
	if (n < 4 || n > 15)
		usage();
	size = 2 * n;
	full = (1u << size) - 1;
	tables();
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	grow();
	uint32_t start = full & ~(1u << (right ? 0 : n - 1));
	uint64_t rk = keyOf(first, start, start);
	/* The start has a move (some stone stands before the empty hole). */
	res root = solveAt(insert(find(rk), rk, 0), first, start, start);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double sec = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("positions=%llu terminal=%llu cyclic=no\n", (unsigned long long)used, (unsigned long long)nterm);
	printValue(root.swin);
	printf(" plies=%u\n", root.x);
	for (uint32_t c = movable(start); c; c &= c - 1) {
		int h = __builtin_ctz(c);
		uint32_t m = start ^ flip[h], o = start;
		if (o & face[h])
			o &= ~take[h];
		uint32_t cs = first ? o : m, cn = first ? m : o;
		uint64_t k = keyOf(!first, cs, cn) | (movable(o) ? 0 : TERMINAL);
		printf("move=%d ", h);
		printValue((tab[find(k)].key & SWIN) != 0);
		printf("\n");
	}
	if (dump)
		for (uint64_t j = 0; j < nslot; j++) {
			slot *t = &tab[j];
			if (!t->key)
				continue;
			int sw = (t->key & SWIN) != 0;
			printf("%llx %d %d %u %u\n", (unsigned long long)(t->key & (TERMINAL | KEYMASK)), sw ? 1 : -1, sw ? 1 : -1,
			       sw ? t->x : t->b, sw ? t->d : t->x);
		}
	if (nslot * sizeof(slot) > peak)
		peak = nslot * sizeof(slot);
	fprintf(stderr, "csolve kimasai-four-rows holes=%d: %llu positions, %llu moves in %.3f s: %.0f positions/s, %.1f bytes/position (table), %.1f at the peak; search path up to %d plies\n",
	        n, (unsigned long long)used, (unsigned long long)edges, sec, used / sec,
	        (double)nslot * sizeof(slot) / used, (double)peak / used, maxDepth);
	return 0;
}
