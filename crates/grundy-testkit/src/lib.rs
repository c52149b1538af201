//! Helpers shared by integration tests in several crates of the workspace: running an
//! external tool with its output shown on failure, finding `target/`, and making a Python
//! virtual environment there. They live in one crate so that the Python package's pytest
//! run and the CLI's browser test do not each carry a copy.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `command`, prints its output, and fails the test with that output unless it succeeds.
pub fn run(what: &str, command: &mut Command) {
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

/// `target/<profile>`, from the running test binary's path `target/<profile>/deps/…`.
pub fn profile_dir() -> PathBuf {
    std::env::current_exe()
        .expect("the test binary has a path")
        .ancestors()
        .nth(2)
        .expect("test binaries live in target/<profile>/deps")
        .to_path_buf()
}

/// `target/`, the parent of [`profile_dir`].
pub fn target_dir() -> PathBuf {
    profile_dir()
        .parent()
        .expect("target/<profile> has a parent")
        .to_path_buf()
}

/// The python of the virtual environment `target/<name>`, created (from `$PYTHON`, else
/// `python3`) when it does not exist yet. Packages are the caller's business.
pub fn venv_python(name: &str) -> PathBuf {
    let venv = target_dir().join(name);
    let python = venv.join("bin").join("python");
    if !python.exists() {
        let base = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        run(
            "create the virtual environment",
            Command::new(base).args(["-m", "venv"]).arg(&venv),
        );
    }
    python
}

/// Whether `python` can import `module` (e.g. to skip a pip install that is already done).
pub fn python_has(python: &Path, module: &str) -> bool {
    Command::new(python)
        .args(["-c", &format!("import {module}")])
        .status()
        .is_ok_and(|s| s.success())
}
