//! The language reference is generated from the catalogue and kept in sync.

#[test]
fn language_reference_is_in_sync_with_the_catalogue() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/language.md");
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    let generated = lud::compile::reference::markdown();
    assert!(
        on_disk == generated,
        "docs/language.md is out of date: run `cargo run -- doc > docs/language.md`"
    );
}
