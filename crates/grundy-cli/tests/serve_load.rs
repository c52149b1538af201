//! Load on loopback only, with bounded counts: 200 concurrent small requests are all
//! answered (p99 latency printed), small requests are answered while one long request
//! computes, malformed or oversized bodies get a 4xx while the server stays up, a request
//! past the time limit (`--time`) is answered 503 while the server goes on, and a bad
//! `--time` is refused before the server starts.
//!
//! Nothing here asserts a latency: CI machines may be quiet or loaded (2 cores at load 12),
//! so the tests check what the server did (status codes, which requests were answered while
//! which other one was still computing) and only print the times.

mod serve_support;

use serve_support::Server;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SMALL: &str = r#"{"game":"nim","positions":["3","5","7"]}"#;

/// The latency of one small request, which must succeed.
fn small(server: &Server) -> Duration {
    let start = Instant::now();
    let (status, answer) = server.post("solve", SMALL);
    assert_eq!(status, 200, "{answer}");
    start.elapsed()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

#[test]
fn two_hundred_concurrent_small_requests_are_all_answered() {
    let server = Server::start();
    small(&server); // warm up
    let start = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..200).map(|_| scope.spawn(|| small(&server))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let wall = start.elapsed();
    latencies.sort();
    assert_eq!(latencies.len(), 200);
    println!(
        "200 concurrent small requests: all answered in {:.1} ms; p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        wall.as_secs_f64() * 1e3,
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies[199].as_secs_f64() * 1e3
    );
}

#[test]
fn a_long_request_does_not_delay_small_ones() {
    let server = Server::start();
    let mut before: Vec<Duration> = (0..20).map(|_| small(&server)).collect();
    before.sort();
    let baseline = percentile(&before, 0.5);
    std::thread::scope(|scope| {
        // The last page of a table of an unsolved octal game (Treblecross) to 2^17: about a
        // second or more of computing G(0..=131071), with no period to shortcut it.
        let long = scope.spawn(|| {
            let start = Instant::now();
            let (status, answer) = server.post(
                "table",
                r#"{"game":"octal:0.007","from":131000,"to":131071}"#,
            );
            // On a loaded machine it may instead reach the server's time limit (503): it
            // is long either way, which is all this test needs of it.
            let timed_out = status == 503
                && answer["error"]
                    .as_str()
                    .is_some_and(|e| e.contains("took longer than"));
            assert!(status == 200 || timed_out, "{status}: {answer}");
            start.elapsed()
        });
        std::thread::sleep(Duration::from_millis(200));
        let mut during = Vec::new();
        // Small requests answered while the long one was still computing: a server that ran
        // one request at a time would hold the first of them until the long one ended.
        let mut answered_beside = 0;
        while !long.is_finished() {
            during.push(small(&server));
            if !long.is_finished() {
                answered_beside += 1;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let long = long.join().unwrap();
        during.sort();
        let worst = *during
            .last()
            .expect("small requests ran during the long one");
        println!(
            "during a {:.2} s request, {} small requests ({answered_beside} answered while it computed): median {:.1} ms, worst {:.1} ms (alone: median {:.1} ms)",
            long.as_secs_f64(),
            during.len(),
            percentile(&during, 0.5).as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3,
            baseline.as_secs_f64() * 1e3
        );
        assert!(
            long > Duration::from_millis(300),
            "the long request took only {long:?}: it cannot show that small ones go beside it"
        );
        assert!(
            answered_beside >= 3,
            "only {answered_beside} of {} small requests were answered while the long one ({long:?}) computed",
            during.len()
        );
    });
}

#[test]
fn malformed_and_oversized_bodies_get_a_4xx_and_the_server_stays_up() {
    let mut server = Server::start();
    for body in ["{", "nim 3 5 7", "[1,2", "\u{0}"] {
        let (status, answer) = server.post("solve", body);
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains("not JSON"));
    }
    let (status, answer) = server.post("solve", "[1, 2]");
    assert_eq!(status, 400, "{answer}");
    let huge = format!(
        r#"{{"game":"nim","positions":["{}"]}}"#,
        "9".repeat(2 << 20)
    );
    let (status, answer) = server.post("solve", &huge);
    assert_eq!(status, 413, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("larger than"));
    assert!(server.alive());
    small(&server);
}

#[test]
fn a_request_past_the_time_limit_is_answered_503_and_the_server_goes_on() {
    let mut server = Server::start_with(&["--time", "0.2"]);
    let (status, answer) = server.post(
        "table",
        r#"{"game":"octal:0.007","from":131000,"to":131071}"#,
    );
    assert_eq!(status, 503, "{answer}");
    assert_eq!(
        answer["error"],
        "the request took longer than 0.2 s, this server's limit; ask for less"
    );
    assert!(server.alive());
    small(&server);
}

/// `--time` takes seconds above 0 and at most a day; anything else is refused before the
/// server starts: one line naming the option and the value, exit code 2, nothing on stdout.
#[test]
fn bad_request_times_are_refused_on_one_line_with_exit_code_2() {
    for bad in ["0", "-1", "-0.5", "abc", "1e30", "nan", "inf", "86401", ""] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0", "--time", bad])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the grundy binary runs");
        // A server that wrongly started would never exit: stop it (the bound only decides
        // how long a failing test hangs, never whether it passes).
        let deadline = Instant::now() + Duration::from_secs(60);
        while child.try_wait().expect("waiting works").is_none() {
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("`grundy serve --time {bad}` started a server");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let output = child.wait_with_output().expect("the output is read");
        let stderr = String::from_utf8(output.stderr).expect("UTF-8");
        assert_eq!(output.status.code(), Some(2), "--time {bad}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "--time {bad}: {stderr}");
        assert!(
            stderr.contains("--time")
                && stderr.contains(&format!("`{bad}` is not a number of seconds")),
            "--time {bad}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "--time {bad}");
    }
}
