// diagnostics: a rule name is any identifier-like token, keywords included, and may have a
// dotted implementation-specific form; unknown rules are not errors (WGSL §2.3)
diagnostic(off, fn);
diagnostic(warning, my_tool.some_rule);

@group(0) @binding(0) var<storage, read_write> out: array<f32, 2>;

@diagnostic(off, if)
fn helper() {
    out[1] = 2.0;
}

@compute @workgroup_size(1)
@diagnostic(info, loop) @diagnostic(error, other.while)
fn main() {
    helper();
}
