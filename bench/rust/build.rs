//! Records, for the results file, the compiler's version and the exact versions of the measured libraries as
//! Cargo.lock pins them.

use std::process::Command;

fn locked_version(lock: &str, name: &str) -> String {
    let header = format!("name = \"{name}\"\n");
    let at = lock
        .find(&header)
        .unwrap_or_else(|| panic!("{name} is not in Cargo.lock"));
    let rest = &lock[at + header.len()..];
    let line = rest.lines().next().unwrap_or("");
    line.trim_start_matches("version = \"")
        .trim_end_matches('"')
        .to_string()
}

fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rerun-if-changed=build.rs");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "rustc (unknown version)".into());
    println!("cargo:rustc-env=XLANG_RUSTC_VERSION={version}");
    let lock = std::fs::read_to_string("Cargo.lock").expect("Cargo.lock (build with --locked)");
    println!(
        "cargo:rustc-env=XLANG_SERDE_JSON_VERSION={}",
        locked_version(&lock, "serde_json")
    );
    println!(
        "cargo:rustc-env=XLANG_SONIC_RS_VERSION={}",
        locked_version(&lock, "sonic-rs")
    );
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    println!("cargo:rustc-env=XLANG_TARGET_FEATURES={features}");
}
