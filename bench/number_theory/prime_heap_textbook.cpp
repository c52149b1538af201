// The prime-heap game (take 1..K; whoever leaves some heap prime wins) as the accepted
// contest solution does it: for each heap walk down to the largest prime below it with a
// deterministic Miller-Rabin (bases 2, 7, 61: exact below 2^32, heaps are < 2^32), then
//   win if some heap is within K of that prime; else if some heap is prime and there are
//   two or more non-empty heaps; else iff XOR of (n - p) mod (K+1) != 0.
// Usage: prime_heap_textbook K < input (one game per line). Fast input (one fread).
#include <cstdio>
#include <cstdlib>
#include <vector>

typedef unsigned long long u64;

static u64 power(u64 a, u64 e, u64 m) {
    u64 r = 1;
    a %= m;
    while (e) {
        if (e & 1) r = r * a % m;
        a = a * a % m;
        e >>= 1;
    }
    return r;
}

static bool is_prime(u64 n) {
    if (n < 2) return false;
    static const u64 small[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    for (u64 p : small) {
        if (n % p == 0) return n == p;
    }
    u64 d = n - 1;
    int s = 0;
    while (d % 2 == 0) { d /= 2; ++s; }
    static const u64 bases[] = {2, 7, 61};
    for (u64 a : bases) {
        u64 x = power(a, d, n);
        if (x == 1 || x == n - 1) continue;
        bool composite = true;
        for (int i = 1; i < s; ++i) {
            x = x * x % n;
            if (x == n - 1) { composite = false; break; }
        }
        if (composite) return false;
    }
    return true;
}

int main(int argc, char** argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s K < input\n", argv[0]); return 2; }
    u64 k = strtoull(argv[1], 0, 10);
    std::vector<char> in;
    {
        size_t cap = 1 << 20, len = 0, got;
        in.resize(cap);
        while ((got = fread(in.data() + len, 1, cap - len, stdin)) > 0) {
            len += got;
            if (len == cap) { cap *= 2; in.resize(cap); }
        }
        in.resize(len);
        if (len == 0 || in[len - 1] != '\n') in.push_back('\n');
    }
    std::vector<u64> heaps;
    std::vector<char> out;
    long long x = -1;
    for (char c : in) {
        if (c >= '0' && c <= '9') { x = (x < 0 ? 0 : x * 10) + (c - '0'); continue; }
        if (x >= 0) { heaps.push_back((u64)x); x = -1; }
        if (c != '\n') continue;
        bool win = false, prime_heap = false;
        int nonempty = 0;
        u64 total = 0;
        for (u64 n : heaps) {
            if (n > 0) ++nonempty;
            if (is_prime(n)) prime_heap = true;
            u64 p = 0;
            for (u64 m = n; m-- > 2;) {
                if (is_prime(m)) { p = m; break; }
            }
            if (p && n - p <= k) win = true;
            total ^= (n - p) % (k + 1);
        }
        if (!win && prime_heap && nonempty >= 2) win = true;
        if (!win && total) win = true;
        const char* w = win ? "first\n" : "second\n";
        while (*w) out.push_back(*w++);
        heaps.clear();
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
