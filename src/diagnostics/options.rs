//! The problems of options and rulesets: `(options ...)`, `(when ...)`, `(optionValue ...)`.

problems! {
    /// An option name no `(option ...)` declares.
    UnknownOption [lud::options::unknown_option] {
        message: "no option named \"{name}\"",
        label: "not declared in `(options ...)`",
        fields: { name: String },
    }
    /// A value an option does not take.
    BadOptionValue [lud::options::bad_value] {
        message: "{found} is not a value of the option \"{option}\"",
        label: "not one of its values",
        fields: { found: String, option: String },
    }
    /// More configurations of a large file than `lud check` compiles.
    TooMuchToCheck [lud::options::too_much_to_check] {
        message: "checking this file under its {configs} configurations would compile {nodes} nodes each, more than {limit} in all",
        label: "these options and rulesets make {configs} different games",
        fields: { configs: usize, nodes: usize, limit: usize },
    }
    /// A `(when ...)` or `(optionValue ...)` that is not well formed.
    BadWhen [lud::options::bad_when] {
        message: "this option test is not well formed",
        label: "here",
        fields: {},
    }
}
