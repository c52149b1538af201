//! The Python test suite, as part of `cargo test --workspace --release`: creates a virtual
//! environment under `target/py-venv`, installs maturin, pytest and numpy from PyPI with pip,
//! installs this package with `pip install ./crates/grundy-py` (the README's command) and runs
//! pytest on `tests/py`. Every step must succeed: a missing python3 or network fails the test.
//!
//! The CLI half of the agreement tests is the `grundy` binary of the same build (cargo builds
//! it for the CLI's own tests in a workspace run).

use grundy_testkit::{profile_dir, run, venv_python};
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn python_package_builds_installs_and_passes_pytest() {
    let root = workspace_root();
    // The test binary is target/<profile>/deps/python-…; the CLI is target/<profile>/grundy.
    let cli = profile_dir().join(format!("grundy{}", std::env::consts::EXE_SUFFIX));
    assert!(
        cli.exists(),
        "the CLI binary {} is missing: run `cargo test --workspace --release` (or `cargo build --release -p grundy-cli` first)",
        cli.display()
    );
    let python = venv_python("py-venv");
    let bin = python
        .parent()
        .expect("the venv's python is in bin/")
        .to_path_buf();
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
