/* Tight C reference of the kimasai-two-rows lap loop (holes=8, 16 holes a
 * player, two packed words), exact never-ending detection with Brent's
 * algorithm, raids restart the search. It reads ../never_ending.txt, sows
 * every fixture move with MINLAPS..MAXLAPS laps (defaults 10^6..10^8,
 * the set BenchmarkNeverEndingLaps uses) and prints laps, the laps
 * per CPU second and whether the lap counts agree with the Go engine's.
 *
 *   cc -O2 -o /tmp/laps laps.c && /tmp/laps ../never_ending.txt [MINLAPS [MAXLAPS]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { H = 8, N = 16 };
static uint64_t lapmask[32 * 32][2];
static uint32_t divq[256];
static const uint64_t ONES = 0x0101010101010101ull;

static void init(void) {
	for (int s = 0; s < N; s++)
		for (int r = 0; r < N; r++) {
			uint64_t m[2] = {0, 0};
			for (int i = 1; i <= r; i++) {
				int h = (s + i) % N;
				m[h >> 3] += 1ull << ((h & 7) * 8);
			}
			lapmask[s << 5 | r][0] = m[0];
			lapmask[s << 5 | r][1] = m[1];
		}
	for (int c = 0; c < 256; c++) {
		int q = c / N, r = c % N;
		divq[c] = q | r << 8 | (q + (r > 0)) << 16;
	}
}

/* Returns laps; *never set when the sowing never ends. */
static int64_t sow(uint64_t w0, uint64_t w1, uint64_t o0, int h, int *never) {
	int64_t laps = 0, power = 1, lam = 0;
	int s = h, lift = 1, raided = 0;
	uint64_t c = (s < 8 ? w0 >> (s * 8) : w1 >> ((s - 8) * 8)) & 0xFF;
	uint64_t s0 = w0, s1 = w1;
	int ss = s;
	for (;;) {
		uint32_t d = divq[c & 0xFF];
		uint64_t q = d & 0xFF, qn = d >> 16;
		int r = d >> 8 & 0xFF;
		if (lift) {
			uint64_t x = c << ((s & 7) * 8), hi = -(uint64_t)(s >> 3 & 1);
			w0 -= x & ~hi;
			w1 -= x & hi;
		}
		int last = s + r;
		if (last >= N) last -= N;
		uint64_t wl = last >= 8 ? w1 : w0;
		uint64_t cn = (wl >> ((last & 7) * 8) & 0xFF) + qn;
		const uint64_t *mk = lapmask[(s << 5 | r) & 1023];
		w0 += q * ONES + mk[0];
		w1 += q * ONES + mk[1];
		laps++;
		if (cn == 1) { *never = 0; return laps; }
		if (last < H) {
			int f = H - 1 - last;
			uint64_t k = o0 >> (f * 8) & 0xFF;
			if (k) {
				o0 -= k << (f * 8);
				raided = 1; lift = 0; c = k;
				s = last - 1;
				if (s < 0) s += N;
				continue;
			}
		}
		s = last; c = cn; lift = 1;
		if (raided) { s0 = w0; s1 = w1; ss = s; power = 1; lam = 0; raided = 0; continue; }
		lam++;
		if (w0 == s0 && s == ss && w1 == s1) { *never = 1; return laps; }
		if (lam == power) { s0 = w0; s1 = w1; ss = s; power <<= 1; lam = 0; }
	}
}

static void parse_row(const char *p, int *cows) {
	for (int h = 0; h < N; h++) { cows[h] = (int)strtol(p, (char **)&p, 10); if (*p == ',') p++; }
}

int main(int argc, char **argv) {
	if (argc < 2) { fprintf(stderr, "usage: laps never_ending.txt [minlaps [maxlaps]]\n"); return 2; }
	long long minlaps = argc > 2 ? atoll(argv[2]) : 1000000;
	long long maxlaps = argc > 3 ? atoll(argv[3]) : 100000000;
	init();
	FILE *f = fopen(argv[1], "r");
	if (!f) { perror(argv[1]); return 1; }
	char line[1024];
	int64_t total = 0; double secs = 0; int bad = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#') continue;
		int cows[2][N], res[2], move; long long want; char who[8];
		char *p = strstr(line, "south="); parse_row(p + 6, cows[0]);
		p = strstr(line, "north="); parse_row(p + 6, cows[1]);
		sscanf(strstr(line, "reserve="), "reserve=%d,%d tomove=%7s move=%d laps=%lld", &res[0], &res[1], who, &move, &want);
		if (want < minlaps || want > maxlaps) continue;
		if (res[0] || res[1]) continue; /* phase 1 needs the reserve cow: not modelled */
		int pl = strcmp(who, "north") == 0;
		uint64_t w[2][2] = {{0, 0}, {0, 0}};
		for (int q = 0; q < 2; q++)
			for (int h = 0; h < N; h++) w[q][h >> 3] |= (uint64_t)cows[q][h] << ((h & 7) * 8);
		struct timespec t0, t1; int never;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		int64_t laps = sow(w[pl][0], w[pl][1], w[pl ^ 1][0], move, &never);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		double dt = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
		printf("laps %lld (go %lld) never %d  %.1f Mlaps/s\n", (long long)laps, want, never, laps / dt / 1e6);
		if (laps != want || !never) bad++;
		total += laps; secs += dt;
	}
	printf("total %lld laps, %.1f Mlaps/s, %d disagreements\n", (long long)total, total / secs / 1e6, bad);
	return bad != 0;
}
