//! The page `lud serve` embeds (`web/dist/`) is built from `web/`'s sources
//! by Vite, and committed so that `cargo build` needs no npm. This test
//! keeps the two together without npm: `npm run build` writes
//! `web/dist.stamp`, a hash of the sources and a hash of the build, and the
//! test computes both again. A source changed without a rebuild, or a
//! build edited by hand, fails here.
//!
//! Each hash is FNV-1a (64 bits) over the files in order of their paths
//! (relative to `web/`, with `/`): for each, its path, a zero byte, its
//! length as 8 bytes little-endian, then its bytes (as
//! `web/scripts/stamp.mjs` computes it).

use std::path::{Path, PathBuf};

const WEB: &str = "web";

fn fnv(files: &[(String, Vec<u8>)]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (path, bytes) in files {
        feed(path.as_bytes());
        feed(&[0]);
        feed(&(bytes.len() as u64).to_le_bytes());
        feed(bytes);
    }
    h
}

/// Every file under `dir` (a path relative to `web/`), with its path.
fn walk(dir: &str, out: &mut Vec<(String, Vec<u8>)>) {
    let full = Path::new(WEB).join(dir);
    let Ok(entries) = std::fs::read_dir(&full) else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let name = format!("{dir}/{}", e.file_name().to_string_lossy());
        let path: PathBuf = e.path();
        if path.is_dir() {
            walk(&name, out);
        } else {
            out.push((name, std::fs::read(&path).expect("readable")));
        }
    }
}

fn hash_of(dirs: &[&str], files: &[&str]) -> u64 {
    let mut all = Vec::new();
    for d in dirs {
        walk(d, &mut all);
    }
    for f in files {
        if let Ok(bytes) = std::fs::read(Path::new(WEB).join(f)) {
            all.push(((*f).to_string(), bytes));
        }
    }
    all.sort_by(|a, b| a.0.cmp(&b.0));
    fnv(&all)
}

#[test]
fn the_embedded_page_is_built_from_the_sources() {
    let stamp = std::fs::read_to_string(Path::new(WEB).join("dist.stamp"))
        .expect("web/dist.stamp: run `npm --prefix web ci && npm --prefix web run build`");
    let field = |name: &str| {
        stamp
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
            .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
            .unwrap_or_else(|| panic!("web/dist.stamp has no `{name}` line"))
    };
    let inputs = hash_of(
        &["src"],
        &[
            "index.html",
            "package.json",
            "package-lock.json",
            "vite.config.ts",
            "tsconfig.json",
        ],
    );
    assert_eq!(
        field("inputs"),
        inputs,
        "web/'s sources changed since web/dist was built: run `npm --prefix web run build` and commit web/dist and web/dist.stamp"
    );
    assert_eq!(
        field("dist"),
        hash_of(&["dist"], &[]),
        "web/dist is not what `npm --prefix web run build` made: build it again rather than editing it"
    );
    assert!(
        Path::new(WEB).join("dist/index.html").is_file(),
        "web/dist/index.html"
    );
}

#[test]
fn fnv_is_the_published_function() {
    // FNV-1a 64 of "a" is af63dc4c8601ec8c (the FNV reference values); the
    // framing here adds the path and length, checked on one small case by
    // hand against the same loop.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    h ^= u64::from(b'a');
    h = h.wrapping_mul(0x0100_0000_01b3);
    assert_eq!(h, 0xaf63_dc4c_8601_ec8c);
    assert_ne!(
        fnv(&[("a".into(), b"x".to_vec())]),
        fnv(&[("a".into(), b"y".to_vec())])
    );
    assert_ne!(
        fnv(&[("ab".into(), Vec::new())]),
        fnv(&[("a".into(), b"b".to_vec())]),
        "the framing keeps paths and bytes apart"
    );
}
