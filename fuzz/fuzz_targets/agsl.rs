//! AGSL front end on arbitrary text (seeded with `tests/agsl/ok` and the GLSL corpus).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(source) = std::str::from_utf8(data) {
        shader_fuzz::check(shader_core::Language::Agsl, None, source);
    }
});
