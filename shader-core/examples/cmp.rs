fn main() {
    let mode = std::env::args().nth(1).unwrap();
    let manifest = std::fs::read_to_string("/work/shared/corpus/MANIFEST.tsv").unwrap();
    let mut srcs = Vec::new();
    for line in manifest.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        if c[1] == "wgsl" && c[4] == "1" { srcs.push(std::fs::read_to_string(format!("/work/shared/corpus/{}", c[0])).unwrap()); }
    }
    for s in &srcs {
        if mode == "ours" {
            let _ = shader_core::compile("x.wgsl", s, &Default::default());
        } else {
            let Ok(module) = naga::front::wgsl::parse_str(s) else { continue };
            let Ok(info) = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all()).validate(&module) else { continue };
            let Ok((module, info)) = naga::back::pipeline_constants::process_overrides(&module, &info, None, &Default::default()) else { continue };
            let _ = naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None);
        }
    }
}
