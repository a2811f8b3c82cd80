//! The problems of `(define ...)` macros and their uses.

problems! {
    /// A macro use `("Name" ...)` whose macro is not defined.
    UnknownMacro [lud::define::unknown_macro] {
        message: "no macro named \"{name}\"",
        label: "used here, but never defined with `(define \"{name}\" ...)`",
        fields: { name: String },
    }
    /// A macro defined twice.
    DuplicateMacro [lud::define::duplicate_macro] {
        message: "the macro \"{name}\" is defined twice",
        label: "second definition",
        fields: { name: String },
    }
    /// A macro body uses `#n` but the use gives fewer arguments.
    MacroMissingArgument [lud::define::missing_argument] {
        message: "the macro \"{name}\" uses #{index} but is given {given} argument(s)",
        label: "this use gives {given} argument(s)",
        fields: { name: String, index: u8, given: usize },
    }
    /// A macro use gives more arguments than the body uses.
    MacroExtraArgument [lud::define::extra_argument] {
        message: "the macro \"{name}\" takes {takes} argument(s) but is given {given}",
        label: "argument {given} is never used by the macro",
        fields: { name: String, takes: usize, given: usize },
    }
    /// A macro whose expansion uses itself.
    RecursiveMacro [lud::define::recursive] {
        message: "the macro \"{name}\" uses itself",
        label: "this use expands \"{name}\" again",
        fields: { name: String },
    }
    /// Macros used inside macros, deeper than the limit (not recursion).
    MacroChainTooLong [lud::define::chain_too_long] {
        message: "the macro \"{name}\" uses macros inside macros more than {limit} deep",
        label: "this use starts a chain of more than {limit} macros",
        fields: { name: String, limit: usize },
    }
    /// A macro whose expansion is larger than the limit.
    MacroTooLarge [lud::define::too_large] {
        message: "the macro \"{name}\" expands to more than {limit} nodes",
        label: "expanding this use passes the limit",
        fields: { name: String, limit: usize },
    }
    /// A macro whose expansion nests deeper than the limit.
    MacroTooDeep [lud::define::too_deep] {
        message: "the macro \"{name}\" expands to forms nested more than {limit} levels deep",
        label: "expanded here, this use nests too deep",
        fields: { name: String, limit: usize },
    }
    /// A `(define ...)` that is not `(define "Name" body)`.
    BadDefine [lud::define::bad_define] {
        message: "a define must be `(define \"Name\" body)`",
        label: "{found}",
        fields: { found: String },
    }
    /// `#n` outside a macro body.
    ParamOutsideDefine [lud::define::param_outside_define] {
        message: "the parameter #{index} is outside any `(define ...)`",
        label: "only a macro body can use #{index}",
        fields: { index: u8 },
    }
}
