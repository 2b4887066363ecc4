// fixed-size arrays, nested arrays, array constructors, runtime-sized arrays and arrayLength
struct Data {
    count: u32,
    values: array<f32>,
}
@group(0) @binding(0) var<storage, read_write> data: Data;
@group(0) @binding(1) var<storage, read> raw: array<vec2<f32>>;

@compute @workgroup_size(1)
fn main() {
    var grid: array<array<i32, 3>, 2>;
    grid[1][2] = 5;
    let primes = array(2, 3, 5, 7);
    let weights = array<f32, 3>(0.25, 0.5, 0.25);
    var i = 1;
    data.count = arrayLength(&data.values) + arrayLength(&raw);
    data.values[0] = weights[i] + f32(primes[i] + grid[1][2]) + raw[0].y;
}
