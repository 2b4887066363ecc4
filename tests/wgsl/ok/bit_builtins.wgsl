// bit manipulation built-ins
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    let x = out[0];
    let i = bitcast<i32>(x);
    out[1] = countOneBits(x) + countLeadingZeros(x) + countTrailingZeros(x);
    out[2] = reverseBits(x) ^ extractBits(x, 3u, 5u);
    out[3] = insertBits(x, 0xFu, 4u, 4u);
    out[4] = firstLeadingBit(x) + bitcast<u32>(firstLeadingBit(i)) + firstTrailingBit(x);
    out[5] = bitcast<u32>(extractBits(i, 1u, 3u)) + ~x;
    let v = vec2<u32>(x, 3u);
    out[6] = countOneBits(v).y;
}
