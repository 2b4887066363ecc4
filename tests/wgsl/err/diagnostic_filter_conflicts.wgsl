// diagnostics: two directives for one rule must agree on the severity, and one object's
// `@diagnostic` attributes must not filter a rule twice, even with the same severity (WGSL §2.3;
// naga and Tint reject each of these)
diagnostic(off, derivative_uniformity);
diagnostic(error, derivative_uniformity);
diagnostic(off, vendor.rule);
diagnostic(warning, vendor.rule);

@diagnostic(off, derivative_uniformity) @diagnostic(off, derivative_uniformity)
@fragment
fn main() -> @location(0) vec4f {
    @diagnostic(off, subgroup_uniformity) @diagnostic(info, subgroup_uniformity) {
    }
    return vec4f(1.0);
}
