//! End-to-end in a real headless Chromium (the Debian package), driven by Playwright for
//! Python (`tests/browser/explore.py`): choose Kayles and read the table and the period, play
//! a full game of Nim that the engine wins, make an illegal move and read the message, draw
//! the boards, and take screenshots under `target/screenshots/`.
//!
//! Setup, done here so that the one test command needs nothing else: Chromium is installed
//! with apt-get when `/usr/bin/chromium` is missing and we are root, and Playwright is
//! pip-installed into a virtual environment under `target/browser-venv`.

mod serve_support;

use grundy_testkit::{python_has, run, target_dir, venv_python};
use serve_support::Server;
use std::path::{Path, PathBuf};
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn ensure_chromium() {
    if Path::new(CHROMIUM).exists() {
        return;
    }
    assert!(
        is_root(),
        "{CHROMIUM} is missing: install the Debian package `chromium` (apt-get install chromium)"
    );
    run(
        "apt-get update",
        Command::new("apt-get").args(["update", "-qq"]),
    );
    run(
        "apt-get install chromium",
        Command::new("apt-get")
            .args(["install", "-y", "-qq", "chromium"])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    );
}

/// The venv's python, with Playwright installed.
fn ensure_playwright() -> PathBuf {
    let python = venv_python("browser-venv");
    if !python_has(&python, "playwright.sync_api") {
        run(
            "pip install playwright",
            Command::new(&python).args(["-m", "pip", "install", "-q", "playwright"]),
        );
    }
    python
}

#[test]
fn the_page_works_in_a_real_headless_browser() {
    ensure_chromium();
    let python = ensure_playwright();
    let server = Server::start();
    let screenshots = target_dir().join("screenshots");
    std::fs::create_dir_all(&screenshots).expect("target/screenshots can be made");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/explore.py");
    run(
        "the browser tests (tests/browser/explore.py)",
        Command::new(python)
            .arg(script)
            .arg(&server.url)
            .arg(&screenshots)
            .arg(CHROMIUM),
    );
}
