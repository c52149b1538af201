// The C++ baseline for `grundy nim-mul`: the best-known technique for Library Checker's
// nim_product_64, written as a strong competitive programmer would.
//  - GF(2^16) discrete log/exp tables (generator 258), zero handled by a sentinel log that
//    lands in a zero-filled tail of the exp table (no branches);
//  - two Karatsuba levels (64 -> 32 -> 16 bits, 3 half products each), with the tower
//    constants 2^15 and 2^31 folded into the lookups as a third log term;
//  - fast I/O: the whole of stdin with one fread, digits parsed by hand, every answer written
//    into one buffer and flushed with one fwrite.
// Same algorithm as crates/grundy/src/engine/nim_arith.rs, so the comparison measures the
// whole process (I/O included), not a weaker multiplication.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;

static const u32 ORDER = 65535, ZERO_LOG = 3 * ORDER;
static const size_t EXP_LEN = 2 * (size_t)ZERO_LOG + ORDER;
static u32 lg[1 << 16];
static u16 ex[EXP_LEN];
static u32 log_h, log_h2;

// Tower rule on `width`-bit nimbers, only used to build the tables.
static u64 slow_mul(u64 a, u64 b, int width) {
    if (width == 1) return a & b;
    int half = width / 2;
    u64 mask = (1ull << half) - 1;
    u64 a1 = a >> half, a0 = a & mask, b1 = b >> half, b0 = b & mask;
    u64 hh = slow_mul(a1, b1, half);
    u64 hi = slow_mul(a1, b0, half) ^ slow_mul(a0, b1, half) ^ hh;
    u64 lo = slow_mul(a0, b0, half) ^ slow_mul(hh, 1ull << (half - 1), half);
    return (hi << half) | lo;
}

static void build_tables() {
    u16 times_g[2][256];
    for (int half = 0; half < 2; half++)
        for (int byte = 0; byte < 256; byte++)
            times_g[half][byte] = (u16)slow_mul((u64)byte << (8 * half), 258, 16);
    for (u32 i = 0; i < (1u << 16); i++) lg[i] = ZERO_LOG;
    u16 x = 1;
    for (u32 i = 0; i < ORDER; i++) {
        lg[x] = i;
        ex[i] = ex[i + ORDER] = ex[i + 2 * ORDER] = x;
        x = times_g[0][x & 0xff] ^ times_g[1][x >> 8];
    }
    log_h = lg[1 << 15];
    log_h2 = lg[slow_mul(1 << 15, 1 << 15, 16)];
}

struct Logs32 { u32 low, high, mixed; };

static inline Logs32 logs32(u32 x) {
    u32 lo = x & 0xffff, hi = x >> 16;
    return Logs32{lg[lo], lg[hi], lg[lo ^ hi]};
}

static inline u32 mul32(Logs32 a, Logs32 b) {
    u32 q00 = ex[a.low + b.low];
    u32 q11h = ex[a.high + b.high + log_h];
    u32 qm = ex[a.mixed + b.mixed];
    return ((qm ^ q00) << 16) | (q00 ^ q11h);
}

static inline u32 mul32_times_2_31(Logs32 a, Logs32 b) {
    u32 mixed = a.mixed + b.mixed;
    u32 qm_h = ex[mixed + log_h];
    u32 q11_h2 = ex[a.high + b.high + log_h2];
    u32 qm_h2 = ex[mixed + log_h2];
    u32 q00_h2 = ex[a.low + b.low + log_h2];
    return ((qm_h ^ q11_h2) << 16) | (qm_h2 ^ q00_h2);
}

static inline u64 nim_mul(u64 a, u64 b) {
    u32 a0 = (u32)a, a1 = (u32)(a >> 32), b0 = (u32)b, b1 = (u32)(b >> 32);
    Logs32 la0 = logs32(a0), la1 = logs32(a1), lam = logs32(a0 ^ a1);
    Logs32 lb0 = logs32(b0), lb1 = logs32(b1), lbm = logs32(b0 ^ b1);
    u64 p00 = mul32(la0, lb0), pm = mul32(lam, lbm), p11 = mul32_times_2_31(la1, lb1);
    return ((pm ^ p00) << 32) | (p00 ^ p11);
}

int main() {
    build_tables();
    std::vector<char> in;
    {
        size_t cap = 1 << 26, len = 0;
        in.resize(cap);
        size_t got;
        while ((got = fread(in.data() + len, 1, cap - len, stdin)) > 0) {
            len += got;
            if (len == cap) { cap *= 2; in.resize(cap); }
        }
        in.resize(len + 1);
        in[len] = 0;
    }
    const char *p = in.data();
    auto read = [&]() -> u64 {
        while (*p < '0') p++;
        u64 x = 0;
        while (*p >= '0') x = x * 10 + (*p++ - '0');
        return x;
    };
    u64 t = read();
    std::vector<char> out(t * 21 + 16);
    char *o = out.data();
    for (u64 i = 0; i < t; i++) {
        u64 a = read(), b = read();
        u64 c = nim_mul(a, b);
        char digits[24];
        int n = 0;
        do { digits[n++] = '0' + c % 10; c /= 10; } while (c);
        while (n) *o++ = digits[--n];
        *o++ = '\n';
    }
    fwrite(out.data(), 1, o - out.data(), stdout);
    return 0;
}
