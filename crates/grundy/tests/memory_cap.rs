//! `cap_memory_budget` lowers the budget for the whole process, so it is tested in a test
//! binary of its own (the library's unit tests run concurrently in one process).

use grundy::limits::{cap_memory_budget, check_memory, memory_budget, Budget, BudgetSource};
use grundy::outcome::Play;
use grundy::parse_spec;

#[test]
fn a_cap_lowers_the_budget_and_refusals_name_it() {
    // The machine's figure is read afresh on every call (MemAvailable moves while other
    // processes run), so the test checks where the budget came from, not its bytes.
    assert_ne!(Budget::current().source, BudgetSource::Cap);
    cap_memory_budget(u64::MAX);
    assert_ne!(
        Budget::current().source,
        BudgetSource::Cap,
        "a cap above the budget changes nothing"
    );
    cap_memory_budget(1 << 20);
    assert_eq!(memory_budget(), 1 << 20);
    assert_eq!(Budget::current().source, BudgetSource::Cap);
    let error = check_memory("a test", 2 << 20).unwrap_err().to_string();
    assert!(error.contains("allows 1.0 MiB"), "{error}");
    // A family's table is refused under the cap: G(0..=10^7) of Officers is 20 MB.
    let error = parse_spec("officers")
        .unwrap()
        .value("10000000")
        .unwrap_err()
        .to_string();
    assert!(error.contains("1.0 MiB"), "{error}");
    // A graph file is read at most up to the budget: /dev/zero (size 0, endless) is refused
    // instead of read until memory runs out (found by fuzzing, #12).
    if std::path::Path::new("/dev/zero").exists() {
        let error = parse_spec("hackenbush")
            .unwrap()
            .value("@/dev/zero")
            .unwrap_err()
            .to_string();
        assert!(error.contains("holds more than 64.0 KiB"), "{error}");
    }
    // Misère play checks the SJ condition on a table to the largest heap: that table is
    // estimated first too (found by fuzzing, #12: 55555530 took 440 MB under any budget).
    let error = parse_spec("subtraction:1,3,4")
        .unwrap()
        .solve(&["55555530"], Play::Misere)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("G(0..=55555530)") && error.contains("allows 1.0 MiB"),
        "{error}"
    );
    cap_memory_budget(0);
    assert_ne!(
        Budget::current().source,
        BudgetSource::Cap,
        "a zero cap removes the cap"
    );
    assert!(memory_budget() > 1 << 20);
}
