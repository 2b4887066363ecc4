// A misspelt name gets a suggestion among the locals and module-scope names.
@group(0) @binding(0) var<storage, read_write> result: array<f32>;
@compute @workgroup_size(1)
fn main() {
    let counter = 1.0;
    result[0] = countr;
}
