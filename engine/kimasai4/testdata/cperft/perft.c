/*
 * perft.c: an independent C perft for kimasai-four-rows with the default
 * rules (holes=12, empty_start=left, first=south; repetition and max_plies
 * do not affect perft), written from the rules of the kimasai4 package
 * doc to cross-check and time Game.Perft. TestCPerft (cperft_test.go)
 * builds it with cc and compares its counts with Game.Perft; bench.sh
 * times it.
 *
 *   cc -O2 -o perft perft.c && ./perft 14
 *   ./perft divide D [m1 m2 ...]   per-move counts at depth D after the
 *                                  given moves (player-relative holes)
 *
 * Each player's stones are a 24-bit mask in that player's own stepping
 * order: front row 0..11 from the owner's right to left, back row 12..23
 * from left to right. Front hole f faces the opponent's front hole 11-f,
 * and the opponent's back hole in that column is 23-(11-f) = 12+f.
 * Perft is counted on (mover, opponent) pairs: the rules are symmetric in
 * player-relative numbering, so who is South does not matter.
 *
 * Written for speed (the fastest perft we could write, to time Go
 * against): a step flips two precomputed bits and captures with one
 * precomputed mask, the last three plies are counted without a call,
 * and of the last two only the steps that capture are played (the
 * capturing steps are found with two table lookups; below every other
 * step the leaves are the same). Game.Perft does the same work.
 * bench.sh builds it with -O3 -march=native (hardware popcount).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define H 12
#define N (2 * H)
#define FULL ((1u << N) - 1)

/* stones that can step: own stone at h with own hole h+1 (mod N) empty. */
static inline uint32_t movable(uint32_t me) {
	uint32_t next = (me >> 1) | ((me & 1u) << (N - 1)); /* bit h = hole h+1 */
	return me & ~next & FULL;
}

/* Precomputed per hole h: the two bits a step from h flips (h and the
 * next hole t), the opponent's front hole facing t (0 when t is in the
 * back row) and the stones a capture there takes (that front hole and
 * the back hole behind it). */
static uint32_t flip[N], face[N], take[N];
/* captures[0][b], captures[1][b]: the holes a step from which captures,
 * when b is the low and the high byte of the opponent's stones. */
static uint32_t captures[2][256];

static void tables(void) {
	for (int h = 0; h < N; h++) {
		int t = h == N - 1 ? 0 : h + 1;
		flip[h] = (1u << h) | (1u << t);
		face[h] = t < H ? 1u << (H - 1 - t) : 0;
		take[h] = t < H ? face[h] | (1u << (H + t)) : 0;
		for (uint32_t v = 0; v < 256; v++) {
			if (v & face[h])
				captures[0][v] |= 1u << h;
			if ((v << 8) & face[h])
				captures[1][v] |= 1u << h;
		}
	}
}

static inline uint32_t capturing(uint32_t op) {
	return captures[0][op & 0xff] | captures[1][(op >> 8) & 0xff];
}

/* count2 is perft(2) from (me, op): the leaves below a step are the
 * stones the opponent can step then, the same below every step that
 * captures nothing, so only the captures are played. */
static inline uint64_t count2(uint32_t me, uint32_t op) {
	uint32_t c = movable(me), capt = c & capturing(op);
	uint64_t n = (uint64_t)__builtin_popcount(movable(op)) * (uint64_t)__builtin_popcount(c & ~capt);
	for (; capt; capt &= capt - 1) {
		uint32_t o = op & ~take[__builtin_ctz(capt)];
		if (o)
			n += (uint64_t)__builtin_popcount(movable(o));
	}
	return n;
}

/* step the mover's stone at h; captures from *op. */
static inline void step(uint32_t *me, uint32_t *op, int h) {
	*me ^= flip[h];
	if (*op & face[h])
		*op &= ~take[h];
}

/* count returns perft(depth) of a position where both players have
 * stones, depth >= 1. A mover keeps all their stones, so after a step
 * only the opponent can have none (the game is over: no moves); the
 * last three plies are counted in nested loops (count2 inlined). */
static uint64_t count(uint32_t me, uint32_t op, int depth) {
	uint32_t c = movable(me);
	if (depth == 1)
		return (uint64_t)__builtin_popcount(c);
	if (depth == 2)
		return count2(me, op);
	uint64_t n = 0;
	for (; c; c &= c - 1) {
		int h = __builtin_ctz(c);
		uint32_t m = me, o = op;
		step(&m, &o, h);
		if (o == 0)
			continue;
		if (depth == 3)
			n += count2(o, m);
		else
			n += count(o, m, depth - 1);
	}
	return n;
}

static uint64_t perft(uint32_t me, uint32_t op, int depth) {
	if (depth == 0)
		return 1;
	if (me == 0 || op == 0) /* game over: all-captured */
		return 0;
	return count(me, op, depth);
}

int main(int argc, char **argv) {
	uint32_t me = FULL & ~(1u << (H - 1)), op = me; /* hole 11 empty */
	tables();
	if (argc > 1 && argv[1][0] == 'd') { /* divide */
		int d = argc > 2 ? atoi(argv[2]) : 1;
		for (int i = 3; i < argc; i++) {
			int h = atoi(argv[i]);
			if (me == 0 || op == 0 || h < 0 || h >= N || !(movable(me) >> h & 1)) {
				fprintf(stderr, "illegal move %d\n", h);
				return 1;
			}
			step(&me, &op, h);
			uint32_t t = me; me = op; op = t;
		}
		uint64_t tot = 0;
		if (d >= 1 && me && op)
			for (uint32_t c = movable(me); c; c &= c - 1) {
				int h = __builtin_ctz(c);
				uint32_t m = me, o = op;
				step(&m, &o, h);
				uint64_t n = perft(o, m, d - 1);
				printf("%d: %llu\n", h, (unsigned long long)n);
				tot += n;
			}
		else
			tot = perft(me, op, d);
		printf("total %llu\n", (unsigned long long)tot);
		return 0;
	}
	int maxd = argc > 1 ? atoi(argv[1]) : 10;
	for (int d = 1; d <= maxd; d++) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		uint64_t n = perft(me, op, d);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		printf("perft(%d) = %llu  %.6f s\n", d, (unsigned long long)n,
		       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	}
	return 0;
}
