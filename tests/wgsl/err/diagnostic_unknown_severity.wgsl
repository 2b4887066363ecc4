// diagnostics: the severity is one of `error`, `warning`, `info`, `off` (WGSL §2.3), in a
// directive and in an attribute alike
diagnostic(fn, derivative_uniformity);

@compute @workgroup_size(1)
fn main() {
    @diagnostic(loud, derivative_uniformity) {
    }
}
