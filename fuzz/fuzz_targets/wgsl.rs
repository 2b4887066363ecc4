//! WGSL front end on arbitrary text (seeded with `../shared/corpus/wgsl` by `fuzz/run.sh`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(source) = std::str::from_utf8(data) {
        shader_fuzz::check(shader_core::Language::Wgsl, None, source);
    }
});
