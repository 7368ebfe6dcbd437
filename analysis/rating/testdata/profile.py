#!/usr/bin/env python3
"""Independent reference for the profile-likelihood bounds pinned in
peragent_test.go (TestProfileBoundsByHand) and edges_test.go
(TestRareDrawsBounds): the two hand-worked ladders of
that test, fitted by damped Newton steps on the log-likelihood in rating
points (finite-difference derivatives, D itself as a parameter), the
bounds found by bisection on the profile log-likelihood to 1e-4 points.
Plain Python 3, no packages; run: python3 profile.py"""
import math

CRIT = 3.841458820694124 / 2  # chi-square(1) 0.95 quantile / 2


def f(z):
    return 1 / (1 + 10 ** (-z / 400))


def loglik(theta, cells):
    """cells: (coefficients over the edge parameters, W, D, L); the last
    parameter is D."""
    d = theta[-1]
    if d < 0:
        return -math.inf
    s = 0.0
    for coef, w, dr, l in cells:
        x = sum(c * t for c, t in zip(coef, theta))
        pw, pl = f(x - d), f(-x - d)
        pd = 1 - pw - pl
        if pd <= 0 and dr > 0:
            return -math.inf
        s += w * math.log(pw) + l * math.log(pl) + (dr * math.log(pd) if dr else 0)
    return s


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                k = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= k * m[c][j]
    return [m[i][n] / m[i][i] for i in range(n)]


def maximize(fn, x):
    h = 1e-3
    for _ in range(50):
        n = len(x)
        if n == 0:
            return x, fn(x)

        def at(i, di, j=None, dj=0.0):
            y = x[:]
            y[i] += di
            if j is not None:
                y[j] += dj
            return fn(y)
        g = [(at(i, h) - at(i, -h)) / (2 * h) for i in range(n)]
        hess = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                hess[i][j] = (at(i, h, j, h) - at(i, h, j, -h) - at(i, -h, j, h) + at(i, -h, j, -h)) / (4 * h * h)
        step = solve(hess, [-v for v in g])
        f0, t = fn(x), 1.0
        while t > 1e-12:
            y = [xi + t * si for xi, si in zip(x, step)]
            if fn(y) >= f0 - 1e-12:
                break
            t /= 2
        x = y
        if max(abs(v) for v in step) < 1e-7:
            break
    return x, fn(x)


def profile_bounds(cells, theta0):
    best, lmax = maximize(lambda t: loglik(t, cells), theta0)
    out = []
    for p in range(len(best)):
        def prof(v):
            others = best[:p] + best[p + 1:]
            _, l = maximize(lambda o: loglik(o[:p] + [v] + o[p:], cells), others)
            return lmax - l
        bounds = []
        for direction in (-1, 1):
            inner, outer = best[p], best[p] + direction * 10
            while prof(outer) <= CRIT:
                inner, outer = outer, outer + (outer - best[p])
            while abs(outer - inner) > 1e-4:
                mid = (inner + outer) / 2
                if prof(mid) > CRIT:
                    outer = mid
                else:
                    inner = mid
            bounds.append((inner + outer) / 2)
        out.append((best[p], bounds[0], bounds[1]))
    return out


# Single model, random (anchor) and b, no self-play: parameters r_b, A, D.
single = [([-1, 1, 0], 6, 2, 2), ([1, 1, 0], 27, 5, 4)]
# Per-agent model, random (anchor) and b with self-play: r_b, a_random,
# a_b, D.
per_agent = [([0, 1, 0, 0], 6, 2, 2), ([0, 0, 1, 0], 2, 2, 6),
             ([-1, 1, 0, 0], 54, 10, 8), ([1, 0, 1, 0], 8, 10, 54)]
# Single model with one draw in 80 games (edges_test.go's
# TestRareDrawsBounds): the profile of D crosses the critical value
# between 0 and the estimate.
rare_draws = [([-1, 1, 0], 30, 1, 9), ([1, 1, 0], 25, 0, 15)]
for name, cells, names in (("single", single, ["r_b", "A", "D"]),
                           ("per-agent", per_agent, ["r_b", "a_random", "a_b", "D"]),
                           ("rare-draws", rare_draws, ["r_b", "A", "D"])):
    theta0 = [0.0] * (len(names) - 1) + [100.0]
    for n, (v, lo, hi) in zip(names, profile_bounds(cells, theta0)):
        print(f"{name} {n}: {v:.4f} [{lo:.4f}, {hi:.4f}]")
