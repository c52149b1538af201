//! The Python test suite, as part of `cargo test --workspace --release`: creates a virtual
//! environment under `target/py-venv`, installs maturin, pytest and numpy from PyPI with pip,
//! installs this package with `pip install ./crates/grundy-py` (the README's command) and runs
//! pytest on `tests/py`. Every step must succeed: a missing python3 or network fails the test.
//!
//! The CLI half of the agreement tests is the `grundy` binary of the same build (cargo builds
//! it for the CLI's own tests in a workspace run).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `command` and fails with its output if it does not succeed.
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

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn python_package_builds_installs_and_passes_pytest() {
    let root = workspace_root();
    // The test binary is target/<profile>/deps/python-…; the CLI is target/<profile>/grundy.
    let profile_dir = std::env::current_exe()
        .expect("the test binary has a path")
        .parent()
        .and_then(Path::parent)
        .expect("test binaries live in target/<profile>/deps")
        .to_path_buf();
    let cli = profile_dir.join(format!("grundy{}", std::env::consts::EXE_SUFFIX));
    assert!(
        cli.exists(),
        "the CLI binary {} is missing: run `cargo test --workspace --release` (or `cargo build --release -p grundy-cli` first)",
        cli.display()
    );
    let target = profile_dir
        .parent()
        .expect("target/<profile> has a parent")
        .to_path_buf();
    let venv = target.join("py-venv");
    let bin = venv.join("bin");
    let python = bin.join("python");
    if !python.exists() {
        let base = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        run(
            "create the virtual environment",
            Command::new(base).args(["-m", "venv"]).arg(&venv),
        );
    }
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    run(
        "install the build and test tools from PyPI",
        Command::new(&python)
            .args(["-m", "pip", "install", "-q"])
            .args(["maturin>=1.5,<2", "pytest", "numpy"])
            .args(["nbclient", "nbformat", "ipykernel"]),
    );
    run(
        "pip install ./crates/grundy-py",
        Command::new(&python)
            .current_dir(&root)
            .env("PATH", &path)
            .args(["-m", "pip", "install", "-q", "--no-build-isolation"])
            .args(["--force-reinstall", "--no-deps", "./crates/grundy-py"]),
    );
    run(
        "pytest",
        Command::new(&python)
            .current_dir(&root)
            .env("PATH", &path)
            .env("GRUNDY_CLI", &cli)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs"])
            .arg("crates/grundy-py/tests/py"),
    );
}
