//! The problems of reading a file: too large, not text.

problems! {
    /// The file is larger than `lud` reads.
    TooLarge [lud::input::too_large] {
        message: "the file is {size} bytes, more than the {limit} bytes a game file may have",
        label: "the file starts here",
        fields: { size: usize, limit: usize },
    }
    /// The file is not UTF-8 text (a binary file, or a text in another encoding).
    NotText [lud::input::not_text] {
        message: "the file is not UTF-8 text",
        label: "{what}",
        fields: { what: String },
    }
}
