//! GLSL, through the preprocessor, on arbitrary text (seeded with `../shared/corpus/glsl`);
//! the stage is guessed from the text ([`shader_fuzz::glsl_stage`]).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(source) = std::str::from_utf8(data) {
        shader_fuzz::check(shader_core::Language::Glsl, Some(shader_fuzz::glsl_stage(source)), source);
    }
});
