// builtins: only `bitcast` takes a template argument (`countLeadingZeros<i32>(x)` calls no
// overload; SHADER_MUTANTS_SEED=0 with the new suite files)
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    let x = out[0];
    out[1] = countLeadingZeros<i32>(x);
}
