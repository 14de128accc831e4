#include "match/ratings.h"

#include <math.h>
#include <string.h>

#define N RATINGS_MAX_ENGINES
#define ELO_PER_NAT (400.0 / 2.302585092994046)   /* Elo per nat of the log-odds scale: 400 / ln 10 */
#define Z95 1.959963984540054
#define MAX_ITERATIONS 500
#define MAX_STEP 1.0                  /* nats per Newton step: keeps a far start from overshooting */

static double win_probability(double beta_i, double beta_j) { return 1.0 / (1.0 + exp(beta_j - beta_i)); }

/* reach[i][j]: i scored against j, directly or through a chain of engines each of which scored
 * against the next (Warshall's closure). */
static void closure(const RatingsInput *in, bool reach[N][N])
{
    for (int i = 0; i < in->count; i++)
        for (int j = 0; j < in->count; j++)
            reach[i][j] = i == j || in->points[i][j] > 0;
    for (int k = 0; k < in->count; k++)
        for (int i = 0; i < in->count; i++)
            for (int j = 0; j < in->count; j++)
                reach[i][j] = reach[i][j] || (reach[i][k] && reach[k][j]);
}

/* Solves a x = b for the n x n system a (destroyed) by Gauss-Jordan elimination with partial
 * pivoting, b becoming x; inverts a when b is the identity (n columns). False when singular. */
static bool solve(double a[N][N], double b[N][N], int n, int columns)
{
    for (int c = 0; c < n; c++) {
        int pivot = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r][c]) > fabs(a[pivot][c]))
                pivot = r;
        if (fabs(a[pivot][c]) < 1e-300)
            return false;
        for (int k = 0; k < n; k++) {
            double t = a[c][k];
            a[c][k] = a[pivot][k], a[pivot][k] = t;
        }
        for (int k = 0; k < columns; k++) {
            double t = b[c][k];
            b[c][k] = b[pivot][k], b[pivot][k] = t;
        }
        for (int r = 0; r < n; r++) {
            if (r == c || a[r][c] == 0)
                continue;
            double f = a[r][c] / a[c][c];
            for (int k = 0; k < n; k++)
                a[r][k] -= f * a[c][k];
            for (int k = 0; k < columns; k++)
                b[r][k] -= f * b[c][k];
        }
    }
    for (int r = 0; r < n; r++)
        for (int k = 0; k < columns; k++)
            b[r][k] /= a[r][r];
    return true;
}

/* Whether the games of i against j enter the fit: both are on the anchor's finite side. */
static bool in_fit(bool reach[N][N], int anchor, int i, int j)
{
    return i != j && reach[i][anchor] && reach[anchor][i] && reach[j][anchor] && reach[anchor][j];
}

/* The Fisher information at beta of the free engines (var[] lists them, n of them). */
static void information(const RatingsInput *in, bool reach[N][N], int anchor, const double beta[N], const int var[N],
                        int n, double h[N][N])
{
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            h[a][b] = 0;
    for (int a = 0; a < n; a++) {
        int i = var[a];
        for (int j = 0; j < in->count; j++) {
            if (!in_fit(reach, anchor, i, j) || in->games[i][j] <= 0)
                continue;
            double p = win_probability(beta[i], beta[j]);
            double w = in->games[i][j] * p * (1 - p);
            h[a][a] += w;
            for (int b = 0; b < n; b++)
                if (var[b] == j)
                    h[a][b] -= w;
        }
    }
}

bool ratings_fit(const RatingsInput *in, int anchor, double anchor_elo, Ratings *out)
{
    /* A finite fit exists among the engines that scored against the anchor's side and it against
     * theirs; one that only scored against it (or only conceded) is infinitely far above (below). */
    bool reach[N][N];
    closure(in, reach);
    double beta[N] = {0};
    int var[N] = {0}, n = 0;
    for (int i = 0; i < in->count; i++)
        if (i != anchor && reach[i][anchor] && reach[anchor][i])
            var[n++] = i;
    for (int it = 0; it < MAX_ITERATIONS && n > 0; it++) {   /* Newton's method, the anchor at 0 */
        double h[N][N], g[N][N], largest = 0;
        for (int a = 0; a < n; a++) {
            int i = var[a];
            g[a][0] = 0;
            for (int j = 0; j < in->count; j++)
                if (in_fit(reach, anchor, i, j) && in->games[i][j] > 0)
                    g[a][0] += in->points[i][j] - in->games[i][j] * win_probability(beta[i], beta[j]);
            largest = fmax(largest, fabs(g[a][0]));
        }
        if (largest < 1e-10)
            break;
        information(in, reach, anchor, beta, var, n, h);
        if (!solve(h, g, n, 1))
            break;
        double step = 0;
        for (int a = 0; a < n; a++)
            step = fmax(step, fabs(g[a][0]));
        double scale = step > MAX_STEP ? MAX_STEP / step : 1;
        for (int a = 0; a < n; a++)
            beta[var[a]] += scale * g[a][0];
    }
    double h[N][N], cov[N][N];
    information(in, reach, anchor, beta, var, n, h);
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            cov[a][b] = a == b;
    bool inverted = n > 0 && solve(h, cov, n, n);
    bool tied = true;
    for (int i = 0; i < in->count; i++) {
        out->elo[i] = NAN, out->error[i] = NAN;
        if (i == anchor)
            out->elo[i] = anchor_elo, out->error[i] = 0;
        else if (reach[i][anchor] && !reach[anchor][i])
            out->elo[i] = INFINITY;
        else if (reach[anchor][i] && !reach[i][anchor])
            out->elo[i] = -INFINITY;
        else if (!reach[i][anchor])
            tied = false;
    }
    for (int a = 0; a < n; a++) {
        int i = var[a];
        out->elo[i] = anchor_elo + beta[i] * ELO_PER_NAT;
        if (inverted && cov[a][a] > 0)
            out->error[i] = Z95 * sqrt(cov[a][a]) * ELO_PER_NAT;
    }
    return tied;
}
