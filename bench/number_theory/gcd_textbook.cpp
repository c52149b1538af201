// The gcd game as a contestant writes it: a full linear sieve of smallest prime factors to
// 10^7, the index of every prime, then G(x) = 0 (even), 1 (x = 1), index[spf(x)] (odd).
// Input: one game per line (heap sizes); output: "first" or "second" per line.
// Fast input (one fread, hand-parsed), as a strong contestant would write it.
#include <cstdio>
#include <cstdlib>
#include <vector>

static const int N = 10000001;
static int lp[N];
static int prime_index[N];

int main() {
    std::vector<int> primes;
    primes.reserve(700000);
    for (int i = 2; i < N; ++i) {
        if (lp[i] == 0) {
            lp[i] = i;
            primes.push_back(i);
            prime_index[i] = (int)primes.size();
        }
        for (int p : primes) {
            if (p > lp[i] || (long long)i * p >= N) break;
            lp[i * p] = p;
        }
    }
    std::vector<char> in;
    {
        size_t cap = 1 << 20, len = 0;
        in.resize(cap);
        size_t got;
        while ((got = fread(in.data() + len, 1, cap - len, stdin)) > 0) {
            len += got;
            if (len == cap) { cap *= 2; in.resize(cap); }
        }
        in.resize(len);
        in.push_back('\n');
    }
    std::vector<char> out;
    out.reserve(in.size() / 2);
    int total = 0;
    bool any = false;
    long long x = -1;
    for (char c : in) {
        if (c >= '0' && c <= '9') {
            x = (x < 0 ? 0 : x * 10) + (c - '0');
            continue;
        }
        if (x >= 0) {
            if (x >= N) { fprintf(stderr, "heap %lld exceeds the sieve\n", x); return 1; }
            int g = x == 1 ? 1 : (x % 2 == 0 ? 0 : prime_index[lp[x]]);
            total ^= g;
            any = true;
            x = -1;
        }
        if (c == '\n') {
            if (any) {
                const char* w = total ? "first\n" : "second\n";
                while (*w) out.push_back(*w++);
            }
            total = 0;
            any = false;
        }
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
