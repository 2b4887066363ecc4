// diagnostics: a directive repeated with the same severity is allowed, and an attribute may
// give a rule another severity than the directives (it is a narrower range), as naga and Tint
// (statement attributes are in diagnostic_statement_filters.wgsl: naga does not read them)
diagnostic(off, derivative_uniformity);
diagnostic(off, derivative_uniformity);

@diagnostic(warning, derivative_uniformity) @diagnostic(off, subgroup_uniformity)
@fragment
fn main() -> @location(0) vec4f {
    return vec4f(1.0);
}
