//! Library Checker's published `nim_product_64` cases against the library's nim-product.

#[path = "data/library_checker.rs"]
mod library_checker;

use grundy::numeric::nim_arith::NimMultiplier;

#[test]
fn library_checker_nim_product_64() {
    let m = NimMultiplier::new();
    let cases = library_checker::cases("nim_product_64");
    assert_eq!(cases.len(), 4, "expected the four published cases");
    for (name, input, output) in cases {
        let mut numbers = input
            .split_ascii_whitespace()
            .map(|t| t.parse::<u64>().unwrap());
        let count = numbers.next().unwrap() as usize;
        let expected: Vec<u64> = output.lines().map(|l| l.trim().parse().unwrap()).collect();
        assert_eq!(expected.len(), count, "{name}");
        for (i, &want) in expected.iter().enumerate() {
            let (a, b) = (numbers.next().unwrap(), numbers.next().unwrap());
            assert_eq!(m.mul(a, b), want, "{name}, query {}: {a} ⊗ {b}", i + 1);
        }
    }
}
