//! End-to-end in a real headless Chromium (the Debian package), driven by Playwright for
//! Python (`tests/browser/explore.py`): choose Kayles and read the table and the period, play
//! a full game of Nim that the engine wins, make an illegal move and read the message, draw
//! the boards, and take screenshots under `target/screenshots/`.
//!
//! Setup, done here so that the one test command needs nothing else: Chromium is installed
//! with apt-get when `/usr/bin/chromium` is missing and we are root, and Playwright is
//! pip-installed into a virtual environment under `target/browser-venv`.

mod serve_support;

use serve_support::Server;
use std::path::{Path, PathBuf};
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

fn run(what: &str, command: &mut Command) {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: could not start {command:?}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    println!("{what}:\n{text}");
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{text}",
        output.status
    );
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `target/`, from the test binary's path `target/<profile>/deps/…`.
fn target_dir() -> PathBuf {
    std::env::current_exe()
        .expect("the test binary has a path")
        .ancestors()
        .nth(3)
        .expect("test binaries live in target/<profile>/deps")
        .to_path_buf()
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
    let venv = target_dir().join("browser-venv");
    let python = venv.join("bin").join("python");
    if !python.exists() {
        let base = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        run(
            "create the virtual environment",
            Command::new(base).args(["-m", "venv"]).arg(&venv),
        );
    }
    let installed = Command::new(&python)
        .args(["-c", "import playwright.sync_api"])
        .status()
        .is_ok_and(|s| s.success());
    if !installed {
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
